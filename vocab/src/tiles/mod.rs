//! Tiles as data: the TOML tile-set format and its compiled, rotation-ready form.
//!
//! See `docs/tiles.md` for the file format. A [`TileSetSpec`] is the unchecked,
//! deserialised file ([`crate::tileset`]); [`TileCatalogue::build`] validates every
//! tile and compiles it (module `compile`) into [`TileType`]s with precomputed
//! geometry for each rotation. Marker and link names are interned (module
//! `names`).
//!
//! The engine (`carcassonne-core`, which re-exports this module as its
//! `tiles`) compiles a ruleset's tile sets with it, and the SDK's
//! `testing::check_plugin` runs the same checks on a plugin's tile sets: one
//! tile-set compiler for both sides, so that a plugin's tile set that its own
//! tests accept is one a ruleset loads.

mod compile;
mod names;
mod start;

pub use crate::tileset::{FeatureSpec, StartSpec, StartTileSpec, TileSetSpec, TileSpec};
pub use names::{BarrierTable, LinkTable, MarkerTable, PENNANT};

use crate::types::*;
pub use compile::edge_of;
use compile::{compile_tile, fit_table};
use std::collections::HashMap;

/// "No feature" in slot tables.
pub const NO_FEATURE: u8 = u8::MAX;

/// A compiled feature of a tile type.
#[derive(Clone, Debug)]
pub struct TileFeature {
    /// What it is.
    pub kind: FeatureKind,
    /// Owned slots as printed (bit `i` = slot `i`).
    pub slots: u16,
    /// Printed sides it touches (bit per side).
    pub sides: u8,
    /// Number of sides it touches (its open count when placed alone).
    pub side_count: u8,
    /// Local indices of bordering cities (fields only).
    pub adj: Vec<u8>,
    /// Marker bit mask.
    pub markers: u64,
    /// Markers listed more than once: `(marker id, count)`.
    pub marker_counts: Vec<(u8, u8)>,
    /// Number of pennants.
    pub pennants: u8,
    /// An inner field (owns no slot; closed from placement).
    pub inner: bool,
    /// A barrier's name id (1 to 15, [`TileCatalogue::barriers`]); 0 for any other kind.
    pub barrier: u8,
    /// What the tile data calls it (`name`: a barrier's name, or a variant of
    /// its kind such as a shrine, a cloister by its rules): the log and the
    /// notation name it so ([`TileCatalogue::feature_name`]).
    pub name: Option<String>,
    /// Whether the core scores it (tile data `scored = false`: never; see
    /// `Cx::withhold_feature`).
    pub scored: bool,
}

impl TileFeature {
    /// How many times the feature carries the marker with bit `bit` (0 if not at all).
    pub fn marker_count(&self, bit: u64) -> u32 {
        if bit == 0 || self.markers & bit == 0 {
            return 0;
        }
        let id = bit.trailing_zeros() as u8;
        self.marker_counts
            .iter()
            .find(|(m, _)| *m == id)
            .map_or(1, |&(_, n)| u32::from(n))
    }
}

/// Geometry of a tile type under one rotation, in board orientation (also of a
/// placed tile whose features a plugin changed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RotGeom {
    /// Local feature owning each board slot, or [`NO_FEATURE`].
    pub slot_feature: [u8; SLOTS],
    /// Side kinds N E S W on the board.
    pub edges: [EdgeKind; 4],
    /// Packed side kinds: 2 bits per side, side `d` at bits `2d`.
    pub code: u8,
    /// Distinct local features touching each board side ([`NO_FEATURE`] pads).
    pub side_features: [[u8; 3]; 4],
    /// The barrier crossing each board side: its name id in 4 bits per side (side
    /// `d` at bits `4d`), 0 where none does. `code` counts such a side as a field.
    pub bars: u16,
    /// The kind of the feature owning each board slot ([`slot_kind`]: 0 where
    /// no feature does), so that two sides' slots are compared without
    /// looking the features up.
    pub slot_kinds: [u8; SLOTS],
}

/// A slot's entry in [`RotGeom::slot_kinds`]: 0 for no feature, else the
/// owner's kind plus one.
#[inline]
pub fn slot_kind(kind: Option<FeatureKind>) -> u8 {
    kind.map_or(0, |k| k as u8 + 1)
}

impl RotGeom {
    /// Whether every side's slots are those its side kind implies: a city
    /// side's a city's, a field side's a field's, a road side's a field's,
    /// the road's and a field's (any slot may be nobody's; a wildcard side's
    /// are all nobody's). Two such sides whose kinds fit have slots that
    /// meet features of one kind: the side kinds alone say whether they fit
    /// (the check of a placement with a piece, `game::pieces`).
    pub fn plain_sides(&self) -> bool {
        let k = |kind| slot_kind(Some(kind));
        let (city, road, field) = (
            k(FeatureKind::City),
            k(FeatureKind::Road),
            k(FeatureKind::Field),
        );
        (0..4).all(|d| {
            let canon = match self.edges[d] {
                EdgeKind::Any => [0; 3],
                EdgeKind::City => [city; 3],
                EdgeKind::Field => [field; 3],
                EdgeKind::Road => [field, road, field],
            };
            (0..3).all(|i| {
                let s = self.slot_kinds[3 * d + i];
                s == 0 || s == canon[i]
            })
        })
    }

    /// Its side kinds (barrier names included).
    pub fn sides(&self) -> Sides {
        // Side `d`'s byte: its edge kind (bits `2d` of `code`) in the low
        // bits, its barrier name (bits `4d` of `bars`) in the high nibble.
        let c = u32::from(self.code);
        let edges = (c & 3) | (c & 0xC) << 6 | (c & 0x30) << 12 | (c & 0xC0) << 18;
        let b = u32::from(self.bars);
        let bars = (b & 0xF) << 4 | (b & 0xF0) << 8 | (b & 0xF00) << 12 | (b & 0xF000) << 16;
        Sides(edges | bars)
    }
}

/// A compiled tile type.
#[derive(Clone, Debug)]
pub struct TileType {
    /// Unique id.
    pub id: String,
    /// Name of the tile set it came from.
    pub set: String,
    /// Copies in the game in the chosen edition (the start layout's copies
    /// included), after the ruleset's `[tiles.counts]` and the plugins' count
    /// changes.
    pub count: u16,
    /// Whether the ruleset's `[tiles.counts]` sets `count` (plugins' count
    /// changes then do not apply).
    pub count_fixed: bool,
    /// Copies each player holds in his hand (never in the bag).
    pub per_player: u16,
    /// Whether the tile data flags it as the start tile (`start = true`: a
    /// start layout of priority 0, see [`StartLayout`]).
    pub start: bool,
    /// Tile-level marker mask.
    pub markers: u64,
    /// The tile-level markers and every feature's, as one mask (a
    /// narrowing's test whether the tile carries a plugin's marker anywhere
    /// is one load).
    pub any_markers: u64,
    /// Features in local-index order.
    pub features: Vec<TileFeature>,
    /// Geometry per rotation.
    pub rot: [RotGeom; 4],
    /// Rotations that give distinct results (bit per rotation); rotation 0 always included.
    pub distinct_rots: u8,
    /// For each rotation, the lowest rotation that gives the same tile (the one
    /// legal placements use).
    pub same_rotation: [Rotation; 4],
    /// Whether it has a cloister or spot feature, for quick checks.
    pub has_centre: bool,
    /// Link groups: `(link id, groups of each local feature as a bit mask)`; a
    /// feature may be in several groups of a link (a cloister joined to each of
    /// four roads that are not joined to each other).
    pub links: Vec<(u8, Vec<u32>)>,
}

impl TileType {
    /// Its side kinds under rotation `rot`, in board orientation (barrier names included).
    pub fn sides(&self, rot: Rotation) -> Sides {
        self.rot[rot.index()].sides()
    }

    /// Whether some side of it is crossed by a barrier.
    #[inline]
    pub fn has_barrier_sides(&self) -> bool {
        self.rot[0].bars != 0
    }

    /// Copies in one game at most (bag, start tile and the hands of six players).
    pub fn total_copies(&self) -> usize {
        self.count as usize + self.per_player as usize * MAX_PLAYERS
    }

    /// The lowest group of local feature `local` in link `link`, if it is in one.
    pub fn link_group(&self, link: u8, local: u8) -> Option<u8> {
        let m = self.link_groups(link, local);
        (m != 0).then(|| m.trailing_zeros() as u8)
    }

    /// The groups of local feature `local` in link `link`, as a bit mask (bit `g`:
    /// group `g`; 0 if it is in none). Two features are linked when their masks meet.
    pub fn link_groups(&self, link: u8, local: u8) -> u32 {
        self.links
            .iter()
            .find(|(l, _)| *l == link)
            .and_then(|(_, groups)| groups.get(local as usize).copied())
            .unwrap_or(0)
    }
}

/// Precomputed placement fit: for a packed neighbour requirement, the legal rotations.
///
/// A requirement packs 2 bits per side (`0` = no neighbour, else the needed
/// [`EdgeKind`]); `fit[req]` holds the mask of distinct rotations whose sides
/// match ([`FitTable::mask`]) and their number ([`FitTable::count`]).
#[derive(Clone, Debug)]
pub struct FitTable {
    /// Per requirement code, the mask of fitting distinct rotations in the low
    /// four bits and their number (the weight of a frontier cell in a uniform
    /// placement draw) in the high four: the playout's draw walks one table of
    /// 256 bytes, not two. Read by the engine's board; [`FitTable::mask`] and
    /// [`FitTable::count`] read one half each.
    pub fit: [u8; 256],
}

impl FitTable {
    /// The mask of distinct rotations that fit requirement `req` (bit `r`:
    /// rotation `r`).
    #[inline(always)]
    pub fn mask(&self, req: u8) -> u8 {
        self.fit[usize::from(req)] & 15
    }

    /// The number of distinct rotations that fit requirement `req`.
    #[inline(always)]
    pub fn count(&self, req: u8) -> u8 {
        self.fit[usize::from(req)] >> 4
    }
}

/// All tile types of a ruleset, with their markers.
#[derive(Clone, Debug, Default)]
pub struct TileCatalogue {
    /// Tile types in catalogue order.
    pub types: Vec<TileType>,
    /// Fit tables, parallel to `types`, when no tile type has barrier sides;
    /// empty otherwise (a barrier side counts as a field side in a fit table,
    /// so the tables alone are not exact: they are `barrier_fits` then). The
    /// board's placement functions take their barrier path where this has no
    /// table, so a ruleset without barriers pays nothing for them.
    pub fits: Vec<FitTable>,
    /// The fit tables of a catalogue with barrier sides, parallel to `types`
    /// (empty without barriers), read by `game::barriers` with the barrier names.
    pub barrier_fits: Vec<FitTable>,
    /// Marker names.
    pub markers: MarkerTable,
    /// Link names.
    pub links: LinkTable,
    /// Barrier names.
    pub barriers: BarrierTable,
    /// Whether some tile type has a side crossed by a barrier: placements are
    /// then checked for barrier names too (`core/src/game/barriers.rs`, with
    /// `barrier_fits`).
    pub has_barriers: bool,
    /// Whether every tile type's sides are plain in every rotation
    /// ([`RotGeom::plain_sides`]).
    pub plain_sides: bool,
    /// Per tile type, parallel to `types`: bit `r` set where its sides are
    /// plain in rotation `r` ([`RotGeom::plain_sides`]), so that the check
    /// of a placement with a piece asks whether a square's neighbours' are
    /// in a look-up each (a type missing here counts as not plain).
    pub plain_rots: Vec<u8>,
    /// The start layout: the highest-priority one of the tile sets whose
    /// tiles the game holds, if any set provides one. Chosen when the sets are
    /// compiled and again after the plugins' counts
    /// ([`TileCatalogue::rechoose_start`]).
    pub start: Option<StartLayout>,
    /// Every valid start layout of the tile sets (with the index of its set),
    /// the chosen one among them.
    pub start_candidates: Vec<(usize, StartLayout)>,
    /// The counts the plugins changed when the rules were built
    /// (the engine's `Hooks::compose_tiles`): the plugin's
    /// id, the tile type, its count from the tile sets and the plugin's
    /// count, in catalogue order. What `ruleset check` reports, so that a
    /// tile a plugin takes out of the game (the Count's river tiles) is
    /// explained.
    pub plugin_counts: Vec<(String, TileTypeId, u16, u16)>,
    by_id: HashMap<String, TileTypeId>,
}

/// A tile placed before the first turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartTile {
    /// Tile type.
    pub ty: TileTypeId,
    /// Where.
    pub pos: Pos,
    /// Clockwise quarter turns.
    pub rot: Rotation,
}

/// The tiles placed before the first turn, from the tile sets: a tile set's
/// `[start]` table, or a tile's `start = true` flag (priority 0, one tile at
/// `(0, 0)`). Of the tile sets' layouts whose tiles the game holds (enough
/// copies of each) the one with the highest priority is used; two different
/// ones at that priority are an error. A layout of tiles with no copies (a
/// twin a plugin may swap in by its counts) is a candidate only once it has
/// them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartLayout {
    /// The tile set it comes from.
    pub set: String,
    /// Its priority.
    pub priority: i32,
    /// Whether it is a tile's `start = true` flag (else a `[start]` table).
    pub flag: bool,
    /// The tiles in placement order (the first gets tile index 0).
    pub tiles: Vec<StartTile>,
}

impl StartLayout {
    /// Copies of tile type `ty` in the layout.
    pub fn copies(&self, ty: TileTypeId) -> u16 {
        self.tiles.iter().filter(|t| t.ty == ty).count() as u16
    }
}

/// A problem of the tile data, with the index of the tile set at fault (in the
/// order given to [`TileCatalogue::build_located`]) when one is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileError {
    /// The tile set at fault.
    pub set: Option<usize>,
    /// What is wrong (naming the set where the set alone does not say it).
    pub message: String,
}

pub use crate::types::rotate_mask;

impl TileCatalogue {
    /// The name the tile data gives local feature `local` of tile type `ty`
    /// (`name = "shrine"`), a barrier's included; `None` where it gives none.
    pub fn data_name(&self, ty: TileTypeId, local: u8) -> Option<&str> {
        self.get(ty)?
            .features
            .get(usize::from(local))?
            .name
            .as_deref()
    }

    /// What the log and the notation call local feature `local` of tile type
    /// `ty`: its name in the tile data (a shrine, a river), else a spot's
    /// first marker (a garden), else its kind (`city`). `None` for a feature
    /// the type does not have.
    pub fn feature_name(&self, ty: TileTypeId, local: u8) -> Option<String> {
        let f = self.get(ty)?.features.get(usize::from(local))?;
        if let Some(n) = self.data_name(ty, local) {
            return Some(n.to_string());
        }
        let marker = (0..64u8)
            .find(|i| f.markers & (1 << i) != 0)
            .and_then(|i| self.markers.name(i));
        Some(match (f.kind, marker) {
            (FeatureKind::Spot, Some(m)) => m.to_string(),
            (k, _) => k.to_string(),
        })
    }

    /// The fit tables of every tile type that the board's kept numbers of
    /// placements are made of (`Rules::fit_rows`): [`TileCatalogue::fits`],
    /// or where the catalogue has barrier sides [`TileCatalogue::barrier_fits`],
    /// which are exact for a tile without barrier sides on a frontier that
    /// faces no barrier, the only time those numbers are read.
    pub fn counted_fits(&self) -> &[FitTable] {
        if self.fits.is_empty() {
            &self.barrier_fits
        } else {
            &self.fits
        }
    }

    /// Validates and compiles the given tile sets for `edition` and chooses the
    /// start layout. Every problem is reported.
    pub fn build(sets: &[TileSetSpec], edition: &str) -> Result<TileCatalogue, Vec<String>> {
        Self::build_located(sets, edition)
            .map_err(|errs| errs.into_iter().map(|e| e.message).collect())
    }

    /// [`TileCatalogue::build`], each problem with the tile set at fault. The
    /// result does not depend on the order of `sets` (but for the order of
    /// tile type ids).
    pub fn build_located(
        sets: &[TileSetSpec],
        edition: &str,
    ) -> Result<TileCatalogue, Vec<TileError>> {
        let mut cat = TileCatalogue::default();
        let mut errors = Vec::new();
        let mut set_of: Vec<usize> = Vec::new();
        cat.plain_sides = true;
        for (si, set) in sets.iter().enumerate() {
            let mut err = |message: String| {
                errors.push(TileError {
                    set: Some(si),
                    message,
                })
            };
            for spec in &set.tiles {
                if let Some(&other) = cat.by_id.get(&spec.id) {
                    let first = set_of[other.index()];
                    err(if first == si {
                        format!(
                            "tile `{}` is defined twice in tile set `{}`",
                            spec.id, set.name
                        )
                    } else {
                        format!(
                            "tile `{}` is defined twice: in tile sets `{}` and `{}`",
                            spec.id, sets[first].name, set.name
                        )
                    });
                    continue;
                }
                for ed in spec.counts.keys() {
                    if ed != "C1" && ed != "C2" {
                        err(format!(
                            "tile `{}`: unknown edition `{ed}` in counts (expected C1 or C2)",
                            spec.id
                        ));
                    }
                }
                match compile_tile(
                    spec,
                    &set.name,
                    edition,
                    &mut cat.markers,
                    &mut cat.links,
                    &mut cat.barriers,
                ) {
                    Ok(t) => {
                        let id = TileTypeId(cat.types.len().min(u16::MAX as usize) as u16);
                        cat.has_barriers |= t.has_barrier_sides();
                        cat.plain_sides &= t.rot.iter().all(RotGeom::plain_sides);
                        cat.plain_rots
                            .push((0..4).fold(0, |m, r| m | u8::from(t.rot[r].plain_sides()) << r));
                        cat.by_id.insert(t.id.clone(), id);
                        cat.fits.push(fit_table(&t));
                        cat.types.push(t);
                        set_of.push(si);
                    }
                    Err(e) => e
                        .into_iter()
                        .for_each(|m| err(format!("tile `{}`: {m}", spec.id))),
                }
            }
        }
        if cat.has_barriers {
            cat.barrier_fits = std::mem::take(&mut cat.fits);
        }
        if errors.is_empty() {
            match start::candidates(&cat, sets) {
                Ok(c) => cat.start_candidates = c,
                Err(e) => errors.extend(e),
            }
        }
        if errors.is_empty() {
            match start::choose(&cat) {
                Ok(layout) => cat.start = layout,
                Err(e) => errors.extend(e),
            }
        }
        if errors.is_empty() {
            Ok(cat)
        } else {
            Err(errors)
        }
    }

    /// Chooses the start layout again by the counts now (after the plugins'
    /// counts: a plugin may swap a start tile for its twin by giving the one
    /// no copy and the other one). Returns the problems.
    pub fn rechoose_start(&mut self) -> Vec<String> {
        match start::choose(self) {
            Ok(None) if !self.start_candidates.is_empty() => vec![
                "no start layout has its tiles in the game (the counts of this edition, `[tiles.counts]` and the plugins' counts)".into(),
            ],
            Ok(layout) => {
                self.start = layout;
                Vec::new()
            }
            Err(e) => e.into_iter().map(|e| e.message).collect(),
        }
    }

    /// Marks tile `id`'s count as set by the ruleset (`[tiles.counts]`): the
    /// plugins' count changes do not apply to it. `false` if there is no such tile.
    pub fn fix_count(&mut self, id: &str) -> bool {
        match self.by_id(id) {
            Some(ty) => {
                self.types[ty.index()].count_fixed = true;
                true
            }
            None => false,
        }
    }

    /// The tile type with this id.
    pub fn by_id(&self, id: &str) -> Option<TileTypeId> {
        self.by_id.get(id).copied()
    }

    /// The tile type `t`, if it exists.
    #[inline]
    pub fn get(&self, t: TileTypeId) -> Option<&TileType> {
        self.types.get(t.index())
    }

    /// Number of tile types.
    #[inline]
    pub fn len(&self) -> usize {
        self.types.len()
    }

    /// Whether there is no tile type.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.types.is_empty()
    }

    /// Total copies over all types in one game at most (the bag, the start layout
    /// and six players' hands).
    pub fn total(&self) -> usize {
        self.types.iter().map(TileType::total_copies).sum()
    }
}

#[cfg(test)]
mod tests;
