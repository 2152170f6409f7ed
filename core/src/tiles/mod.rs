//! Tiles as data: the TOML tile-set format and its compiled, rotation-ready form.
//!
//! See `docs/tiles.md` for the file format. A [`TileSetSpec`] is the unchecked,
//! deserialised file (the vocabulary crate's `tileset`, shared with plugins); [`TileCatalogue::build`] validates every
//! tile and compiles it (module `compile`) into [`TileType`]s with precomputed
//! geometry for each rotation. Marker and link names are interned (module
//! `names`).

mod compile;
mod names;

pub use carcassonne_vocab::tileset::{FeatureSpec, TileSetSpec, TileSpec};
pub use names::{LinkTable, MarkerTable};

use crate::types::*;
pub(crate) use compile::edge_of;
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
}

/// A compiled tile type.
#[derive(Clone, Debug)]
pub struct TileType {
    /// Unique id.
    pub id: String,
    /// Name of the tile set it came from.
    pub set: String,
    /// Copies in the bag in the chosen edition.
    pub count: u16,
    /// Copies each player holds in his hand (never in the bag).
    pub per_player: u16,
    /// Whether this tile provides the start tile.
    pub start: bool,
    /// Tile-level marker mask.
    pub markers: u64,
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
/// [`EdgeKind`]); `fit[req]` is the mask of distinct rotations whose sides match.
#[derive(Clone, Debug)]
pub struct FitTable {
    /// Rotation masks indexed by requirement code.
    pub fit: [u8; 256],
    /// Number of rotations in each mask of `fit` (the weight of a frontier cell in
    /// a uniform placement draw; one look-up on the playout path).
    pub count: [u8; 256],
}

/// All tile types of a ruleset, with their markers.
#[derive(Clone, Debug, Default)]
pub struct TileCatalogue {
    /// Tile types in catalogue order.
    pub types: Vec<TileType>,
    /// Fit tables, parallel to `types`.
    pub fits: Vec<FitTable>,
    /// Marker names.
    pub markers: MarkerTable,
    /// Link names.
    pub links: LinkTable,
    /// The start tile type, if any set provides one.
    pub start: Option<TileTypeId>,
    by_id: HashMap<String, TileTypeId>,
}

pub use carcassonne_vocab::types::rotate_mask;

impl TileCatalogue {
    /// Validates and compiles the given tile sets for `edition`. Every problem is reported.
    pub fn build(sets: &[TileSetSpec], edition: &str) -> Result<TileCatalogue, Vec<String>> {
        let mut cat = TileCatalogue::default();
        let mut errors = Vec::new();
        for set in sets {
            for spec in &set.tiles {
                if cat.by_id.contains_key(&spec.id) {
                    errors.push(format!(
                        "tile `{}` (set `{}`) is defined twice",
                        spec.id, set.name
                    ));
                    continue;
                }
                for ed in spec.counts.keys() {
                    if ed != "C1" && ed != "C2" {
                        errors.push(format!(
                            "tile `{}`: unknown edition `{ed}` in counts (expected C1 or C2)",
                            spec.id
                        ));
                    }
                }
                match compile_tile(spec, &set.name, edition, &mut cat.markers, &mut cat.links) {
                    Ok(t) => {
                        let id = TileTypeId(cat.types.len().min(u16::MAX as usize) as u16);
                        if t.start && t.count > 0 && cat.start.is_none() {
                            cat.start = Some(id);
                        }
                        cat.by_id.insert(t.id.clone(), id);
                        cat.fits.push(fit_table(&t));
                        cat.types.push(t);
                    }
                    Err(e) => {
                        errors.extend(e.into_iter().map(|m| format!("tile `{}`: {m}", spec.id)))
                    }
                }
            }
        }
        if errors.is_empty() {
            Ok(cat)
        } else {
            Err(errors)
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

    /// Total copies over all types in one game at most (the bag, the start tile and
    /// six players' hands).
    pub fn total(&self) -> usize {
        self.types.iter().map(TileType::total_copies).sum()
    }
}

#[cfg(test)]
mod tests;
