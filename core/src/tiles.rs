//! Tiles as data: the TOML tile-set format and its compiled, rotation-ready form.
//!
//! See `docs/tiles.md` for the file format. A [`TileSetSpec`] is the unchecked,
//! deserialised file; [`TileCatalogue::build`] validates every tile and compiles
//! it into [`TileType`]s with precomputed geometry for each rotation.

use crate::types::*;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};

/// Unchecked tile-set file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileSetSpec {
    /// Name rulesets use to pick the set.
    pub name: String,
    /// Free text.
    #[serde(default)]
    pub description: String,
    /// The tiles.
    pub tiles: Vec<TileSpec>,
}

/// Unchecked tile description.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileSpec {
    /// Unique id, e.g. `BA/RCr`.
    pub id: String,
    /// Copies in the bag per edition (`C1`, `C2`).
    #[serde(default)]
    pub counts: BTreeMap<String, u16>,
    /// Copies each player holds in his hand instead (never in the bag; e.g. the
    /// abbey: `per_player = 1`). A plugin plays them (`Cx::play_from_hand`).
    #[serde(default)]
    pub per_player: u16,
    /// Whether the start tile is one copy of this tile.
    #[serde(default)]
    pub start: bool,
    /// Side kinds N E S W as printed, e.g. `CRFR`.
    pub sides: String,
    /// Tile-level markers.
    #[serde(default)]
    pub markers: Vec<String>,
    /// Features in local-index order.
    pub features: Vec<FeatureSpec>,
    /// Named groups of local features that a plugin interprets, e.g.
    /// `links = { wagon = [[0, 1], [2, 3]] }`; inert unless a plugin declares the name.
    #[serde(default)]
    pub links: BTreeMap<String, Vec<Vec<u8>>>,
}

/// Unchecked feature description.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeatureSpec {
    /// What it is.
    pub kind: FeatureKind,
    /// Slots or side names it owns.
    #[serde(default)]
    pub slots: Vec<String>,
    /// For fields: local indices of bordering cities.
    #[serde(default)]
    pub adj: Vec<u8>,
    /// Feature-level markers; a marker listed several times counts several times
    /// (`["pennant", "pennant"]`: two pennants).
    #[serde(default)]
    pub markers: Vec<String>,
    /// Fields only: an *inner* field, owning no edge slot (between four city caps):
    /// closed from the moment it is placed. `slots` must then be empty.
    #[serde(default)]
    pub inner: bool,
}

/// Interned names of tile links (the `links` table of tiles; at most 32).
#[derive(Clone, Debug, Default)]
pub struct LinkTable {
    names: Vec<String>,
}

impl LinkTable {
    /// The id of `name`, interning it.
    pub fn intern(&mut self, name: &str) -> Result<u8, String> {
        if let Some(i) = self.get(name) {
            return Ok(i);
        }
        if self.names.len() >= 32 {
            return Err(format!("too many distinct tile links (32 max) at `{name}`"));
        }
        self.names.push(name.to_string());
        Ok((self.names.len() - 1) as u8)
    }

    /// The id of `name` if any tile or plugin uses it.
    pub fn get(&self, name: &str) -> Option<u8> {
        self.names.iter().position(|n| n == name).map(|i| i as u8)
    }

    /// All names in id order.
    pub fn names(&self) -> &[String] {
        &self.names
    }
}

/// Interned marker names (at most 64).
#[derive(Clone, Debug, Default)]
pub struct MarkerTable {
    names: Vec<String>,
}

impl MarkerTable {
    /// The id of `name`, interning it.
    pub fn intern(&mut self, name: &str) -> Result<u8, String> {
        if let Some(i) = self.get(name) {
            return Ok(i);
        }
        if self.names.len() >= 64 {
            return Err(format!("too many distinct markers (64 max) at `{name}`"));
        }
        self.names.push(name.to_string());
        Ok((self.names.len() - 1) as u8)
    }

    /// The id of `name` if any tile or plugin uses it.
    pub fn get(&self, name: &str) -> Option<u8> {
        self.names.iter().position(|n| n == name).map(|i| i as u8)
    }

    /// The bit of `name` in marker masks (0 if unknown: nothing carries it).
    pub fn bit(&self, name: &str) -> u64 {
        self.get(name).map_or(0, |i| 1u64 << i)
    }

    /// Name of marker `id`.
    pub fn name(&self, id: u8) -> Option<&str> {
        self.names.get(id as usize).map(String::as_str)
    }

    /// All names in id order.
    pub fn names(&self) -> &[String] {
        &self.names
    }
}

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

/// Geometry of a tile type under one rotation, in board orientation.
#[derive(Clone, Debug)]
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

fn slot_index(name: &str) -> Option<usize> {
    crate::types::SLOT_NAMES.iter().position(|s| *s == name)
}

fn side_index(name: &str) -> Option<usize> {
    ["N", "E", "S", "W"].iter().position(|s| *s == name)
}

/// Rotates a printed slot mask clockwise by `r` quarter turns.
pub fn rotate_mask(mask: u16, r: u8) -> u16 {
    let k = 3 * (r as u32 % 4);
    (((mask as u32) << k | (mask as u32) >> (12 - k)) & 0xFFF) as u16
}

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

fn edge_of(kinds: [Option<FeatureKind>; 3]) -> EdgeKind {
    if kinds.iter().all(Option::is_none) {
        // No slot owned: a field side unless the data says `?` (checked by the caller).
        return EdgeKind::Field;
    }
    if kinds.contains(&Some(FeatureKind::City)) {
        EdgeKind::City
    } else if kinds.contains(&Some(FeatureKind::Road)) {
        EdgeKind::Road
    } else {
        EdgeKind::Field
    }
}

fn compile_tile(
    spec: &TileSpec,
    set: &str,
    edition: &str,
    markers: &mut MarkerTable,
    links: &mut LinkTable,
) -> Result<TileType, Vec<String>> {
    let mut errs = Vec::new();
    if spec.features.len() >= NO_FEATURE as usize {
        errs.push("too many features".to_string());
        return Err(errs);
    }
    let mut owner = [NO_FEATURE; SLOTS];
    // First pass: explicit slot names and city/road side names; field side names later.
    let mut field_sides: Vec<(usize, usize)> = Vec::new();
    for (fi, f) in spec.features.iter().enumerate() {
        if f.kind.is_centre() && !f.slots.is_empty() {
            errs.push(format!("feature {fi} ({}) cannot own slots", f.kind));
        }
        if f.inner && f.kind != FeatureKind::Field {
            errs.push(format!(
                "feature {fi} ({}): only a field can be `inner`",
                f.kind
            ));
        } else if f.inner && !f.slots.is_empty() {
            errs.push(format!(
                "feature {fi} (field): an `inner` field owns no slot, but `slots` lists some"
            ));
        } else if !f.kind.is_centre() && !f.inner && f.slots.is_empty() {
            errs.push(format!(
                "feature {fi} ({}) owns no slot (an inner field says `inner = true`)",
                f.kind
            ));
        }
        if f.kind != FeatureKind::Field && !f.adj.is_empty() {
            errs.push(format!("feature {fi} ({}): only fields have `adj`", f.kind));
        }
        for s in &f.slots {
            let mut claim = |slot: usize, errs: &mut Vec<String>| {
                if owner[slot] != NO_FEATURE {
                    errs.push(format!(
                        "slot {} is owned by features {} and {fi}",
                        SLOT_NAMES[slot], owner[slot]
                    ));
                } else {
                    owner[slot] = fi as u8;
                }
            };
            if let Some(slot) = slot_index(s) {
                claim(slot, &mut errs);
            } else if let Some(side) = side_index(s) {
                match f.kind {
                    FeatureKind::City => (0..3).for_each(|i| claim(side * 3 + i, &mut errs)),
                    FeatureKind::Road => claim(side * 3 + 1, &mut errs),
                    FeatureKind::Field => field_sides.push((fi, side)),
                    _ => {}
                }
            } else {
                errs.push(format!(
                    "feature {fi}: `{s}` is neither a slot (NL, NM, ... WR) nor a side (N, E, S, W)"
                ));
            }
        }
    }
    // Field side names: every slot of the side that no other feature lists.
    let claimed_explicit = owner;
    for &(fi, side) in &field_sides {
        for i in 0..3 {
            let slot = side * 3 + i;
            if claimed_explicit[slot] == NO_FEATURE {
                if owner[slot] != NO_FEATURE && owner[slot] != fi as u8 {
                    errs.push(format!(
                        "slot {} is claimed by the side names of fields {} and {fi}",
                        SLOT_NAMES[slot], owner[slot]
                    ));
                } else {
                    owner[slot] = fi as u8;
                }
            }
        }
    }
    let mut tile_markers = 0u64;
    for m in &spec.markers {
        match markers.intern(m) {
            Ok(id) => tile_markers |= 1 << id,
            Err(e) => errs.push(e),
        }
    }
    let pennant = markers.intern("pennant").unwrap_or(0);
    let mut features = Vec::with_capacity(spec.features.len());
    for (fi, f) in spec.features.iter().enumerate() {
        let mut slots = 0u16;
        for (s, &o) in owner.iter().enumerate() {
            if o == fi as u8 {
                slots |= 1 << s;
            }
        }
        let mut sides = 0u8;
        for d in 0..4 {
            if slots & (0b111 << (3 * d)) != 0 {
                sides |= 1 << d;
            }
        }
        let mut fm = 0u64;
        let mut marker_counts: Vec<(u8, u8)> = Vec::new();
        for m in &f.markers {
            match markers.intern(m) {
                Ok(id) if fm & (1 << id) != 0 => {
                    match marker_counts.iter_mut().find(|(x, _)| *x == id) {
                        Some((_, n)) => *n = n.saturating_add(1),
                        None => marker_counts.push((id, 2)),
                    }
                }
                Ok(id) => fm |= 1 << id,
                Err(e) => errs.push(e),
            }
        }
        for &a in &f.adj {
            match spec.features.get(a as usize) {
                Some(c) if c.kind == FeatureKind::City => {}
                _ => errs.push(format!("field {fi}: adj {a} is not a city of this tile")),
            }
        }
        let pennants = if fm & (1 << pennant) == 0 {
            0
        } else {
            marker_counts
                .iter()
                .find(|(m, _)| *m == pennant)
                .map_or(1, |&(_, n)| n)
        };
        features.push(TileFeature {
            kind: f.kind,
            slots,
            sides,
            side_count: sides.count_ones() as u8,
            adj: f.adj.clone(),
            markers: fm,
            marker_counts,
            pennants,
            inner: f.inner,
        });
    }
    // Printed side kinds, checked against `sides`.
    let kind_at = |slot: usize| -> Option<FeatureKind> {
        let o = owner[slot];
        (o != NO_FEATURE).then(|| features[o as usize].kind)
    };
    let wild: Vec<bool> = spec.sides.chars().map(|c| c == '?').collect();
    let printed: [EdgeKind; 4] = std::array::from_fn(|d| {
        let kinds = [kind_at(3 * d), kind_at(3 * d + 1), kind_at(3 * d + 2)];
        if wild.get(d) == Some(&true) && kinds.iter().all(Option::is_none) {
            EdgeKind::Any
        } else {
            edge_of(kinds)
        }
    });
    let printed_str: String = printed.iter().map(|e| e.letter()).collect();
    if printed_str != spec.sides {
        let hint = if wild.contains(&true) {
            " (a `?` side is one that no feature reaches)"
        } else {
            ""
        };
        errs.push(format!(
            "`sides = \"{}\"` but the features give \"{printed_str}\"{hint}",
            spec.sides
        ));
    }
    let per_player = spec.per_player;
    if per_player > 0 && spec.counts.values().any(|&n| n > 0) {
        errs.push("a tile held in hand (`per_player`) cannot also have bag `counts`".into());
    }
    if per_player > 0 && spec.start {
        errs.push("a tile held in hand (`per_player`) cannot be the start tile".into());
    }
    if per_player > 6 {
        errs.push(format!("per_player = {per_player}: expected 0 to 6"));
    }
    let mut tile_links = Vec::new();
    for (name, groups) in &spec.links {
        let id = match links.intern(name) {
            Ok(id) => id,
            Err(e) => {
                errs.push(e);
                continue;
            }
        };
        let mut group_of = vec![0u32; spec.features.len()];
        if groups.len() > 32 {
            errs.push(format!(
                "link `{name}`: {} groups (32 at most)",
                groups.len()
            ));
        }
        for (gi, g) in groups.iter().enumerate().take(32) {
            if g.len() < 2 {
                errs.push(format!(
                    "link `{name}` group {gi}: a group needs at least two features"
                ));
            }
            for &l in g {
                match group_of.get_mut(l as usize) {
                    None => errs.push(format!(
                        "link `{name}` group {gi}: no feature {l} on this tile"
                    )),
                    Some(x) if *x & (1 << gi) != 0 => errs.push(format!(
                        "link `{name}` group {gi}: feature {l} listed twice"
                    )),
                    Some(x) => *x |= 1 << gi,
                }
            }
        }
        tile_links.push((id, group_of));
    }
    for (d, &edge) in printed.iter().enumerate() {
        if let Some(e) = side_mix_error(d, edge, &owner, &features) {
            errs.push(e);
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    let rot: [RotGeom; 4] = std::array::from_fn(|r| {
        let mut slot_feature = [NO_FEATURE; SLOTS];
        for (s, &o) in owner.iter().enumerate() {
            slot_feature[(s + 3 * r) % SLOTS] = o;
        }
        let edges: [EdgeKind; 4] = std::array::from_fn(|d| printed[(d + 4 - r) % 4]);
        let code = edges
            .iter()
            .enumerate()
            .fold(0u8, |c, (d, e)| c | (*e as u8) << (2 * d));
        let side_features = std::array::from_fn(|d| {
            let mut v = [NO_FEATURE; 3];
            let mut n = 0;
            for i in 0..3 {
                let f = slot_feature[d * 3 + i];
                if f != NO_FEATURE && !v[..n].contains(&f) {
                    v[n] = f;
                    n += 1;
                }
            }
            v
        });
        RotGeom {
            slot_feature,
            edges,
            code,
            side_features,
        }
    });
    // Distinct rotations: compare a canonical description of each rotated tile.
    let canon = |r: u8| -> Vec<(u8, u64, u16, Vec<u16>)> {
        let mut v: Vec<_> = features
            .iter()
            .map(|f| {
                let mut adj: Vec<u16> = f
                    .adj
                    .iter()
                    .map(|&a| rotate_mask(features[a as usize].slots, r))
                    .collect();
                adj.sort_unstable();
                (f.kind as u8, f.markers, rotate_mask(f.slots, r), adj)
            })
            .collect();
        v.sort();
        v
    };
    let mut distinct_rots = 0u8;
    let mut same_rotation = [0, 1, 2, 3];
    let canons: Vec<_> = (0..4).map(canon).collect();
    for r in 0..4 {
        match (0..r).find(|&q| canons[q] == canons[r]) {
            Some(q) => same_rotation[r] = q as Rotation,
            None => distinct_rots |= 1 << r,
        }
    }
    let has_centre = features.iter().any(|f| f.kind.is_centre());
    Ok(TileType {
        id: spec.id.clone(),
        set: set.to_string(),
        count: spec.counts.get(edition).copied().unwrap_or(0),
        per_player,
        start: spec.start,
        markers: tile_markers,
        features,
        rot,
        distinct_rots,
        same_rotation,
        has_centre,
        links: tile_links,
    })
}

/// Placement compares whole sides (their coarse kind) and then joins features slot
/// by slot, so every slot of a side must be of a kind its side kind allows: a city
/// side holds only city slots, a field side only field slots, and a road side a
/// road in its middle slot and fields in its halves (any slot may be nobody's).
/// Otherwise a field could be joined to a city. Returns the problem of side `d`.
fn side_mix_error(
    d: usize,
    edge: EdgeKind,
    owner: &[u8; SLOTS],
    features: &[TileFeature],
) -> Option<String> {
    let kind_at = |slot: usize| {
        let o = owner[slot];
        (o != NO_FEATURE).then(|| features[o as usize].kind)
    };
    let allowed = |i: usize, k: FeatureKind| match edge {
        EdgeKind::City => k == FeatureKind::City,
        EdgeKind::Road if i == 1 => k == FeatureKind::Road,
        _ => k == FeatureKind::Field,
    };
    let bad = (0..3).any(|i| kind_at(3 * d + i).is_some_and(|k| !allowed(i, k)))
        || (edge == EdgeKind::Road && kind_at(3 * d + 1) != Some(FeatureKind::Road));
    if !bad {
        return None;
    }
    let slots: Vec<String> = (0..3)
        .map(|i| {
            let s = 3 * d + i;
            match kind_at(s) {
                Some(k) => format!("{} {k} (feature {})", SLOT_NAMES[s], owner[s]),
                None => format!("{} nobody", SLOT_NAMES[s]),
            }
        })
        .collect();
    let rule = match edge {
        EdgeKind::City => "a city side's slots must all be city (or nobody's)",
        EdgeKind::Road => {
            "a road side needs the road in its middle slot and fields (or nobody) in its halves"
        }
        _ => "a field side's slots must all be field (or nobody's)",
    };
    Some(format!(
        "side {} mixes slot kinds: {}; {rule}",
        ["N", "E", "S", "W"][d],
        slots.join(", ")
    ))
}

fn fit_table(t: &TileType) -> FitTable {
    let mut fit = [0u8; 256];
    for (req, slot) in fit.iter_mut().enumerate() {
        let req = req as u8;
        for r in 0..4 {
            if t.distinct_rots & (1 << r) == 0 {
                continue;
            }
            let code = t.rot[r].code;
            let ok = (0..4).all(|d| {
                let need = (req >> (2 * d)) & 3;
                let have = (code >> (2 * d)) & 3;
                // 0: no neighbour there, or a wildcard side (`?`) on either part.
                need == 0 || have == 0 || need == have
            });
            if ok {
                *slot |= 1 << r;
            }
        }
    }
    let count = fit.map(|m| m.count_ones() as u8);
    FitTable { fit, count }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(toml_text: &str) -> TileSetSpec {
        toml::from_str(toml_text).unwrap()
    }

    #[test]
    fn rotate_mask_moves_slots_clockwise() {
        // NL (bit 0) rotated once lands on EL (bit 3).
        assert_eq!(rotate_mask(1, 1), 1 << 3);
        assert_eq!(rotate_mask(1 << 11, 1), 1 << 2);
        assert_eq!(rotate_mask(0b111, 4), 0b111);
    }

    #[test]
    fn road_city_tile_compiles_with_side_names() {
        let s = set(r#"
            name = "t"
            [[tiles]]
            id = "RCr"
            counts = { C2 = 2 }
            sides = "CRFR"
            features = [
              { kind = "city", slots = ["N"] },
              { kind = "road", slots = ["E", "W"] },
              { kind = "field", slots = ["EL", "WR"], adj = [0] },
              { kind = "field", slots = ["ER", "S", "WL"], adj = [0] },
            ]
        "#);
        let cat = TileCatalogue::build(&[s], "C2").unwrap();
        let t = &cat.types[0];
        assert_eq!(t.count, 2);
        assert_eq!(t.features[1].slots, (1 << 4) | (1 << 10));
        assert_eq!(t.features[3].slots, (1 << 5) | (0b111 << 6) | (1 << 9));
        assert_eq!(t.features[3].side_count, 3);
        assert_eq!(t.distinct_rots, 0b1111);
        // Rotation 1: city faces east.
        assert_eq!(t.rot[1].edges[1], EdgeKind::City);
    }

    #[test]
    fn symmetric_tiles_have_fewer_rotations() {
        let s = set(r#"
            name = "t"
            [[tiles]]
            id = "RFr"
            counts = { C2 = 1 }
            sides = "FRFR"
            features = [
              { kind = "road", slots = ["W", "E"] },
              { kind = "field", slots = ["WR", "N", "EL"] },
              { kind = "field", slots = ["ER", "S", "WL"] },
            ]
            [[tiles]]
            id = "L"
            counts = { C2 = 1 }
            sides = "FFFF"
            features = [ { kind = "cloister" }, { kind = "field", slots = ["N", "E", "S", "W"] } ]
        "#);
        let cat = TileCatalogue::build(&[s], "C2").unwrap();
        assert_eq!(cat.types[0].distinct_rots, 0b0011);
        assert_eq!(cat.types[0].same_rotation, [0, 1, 0, 1]);
        assert_eq!(cat.types[1].distinct_rots, 0b0001);
        assert_eq!(cat.types[1].same_rotation, [0; 4]);
    }

    #[test]
    fn errors_are_all_reported() {
        let s = set(r#"
            name = "t"
            [[tiles]]
            id = "bad"
            counts = { C3 = 1 }
            sides = "CCCC"
            features = [
              { kind = "city", slots = ["N", "NL"] },
              { kind = "field", slots = ["X"], adj = [5] },
              { kind = "cloister", slots = ["S"] },
            ]
        "#);
        let errs = TileCatalogue::build(&[s], "C2").unwrap_err();
        let all = errs.join("\n");
        assert!(all.contains("unknown edition `C3`"), "{all}");
        assert!(
            all.contains("slot NL is owned by features 0 and 0"),
            "{all}"
        );
        assert!(all.contains("`X` is neither a slot"), "{all}");
        assert!(all.contains("adj 5 is not a city"), "{all}");
        assert!(all.contains("cannot own slots"), "{all}");
    }

    #[test]
    fn a_side_mixing_slot_kinds_is_rejected_with_the_tile_side_and_slots() {
        // A city on NL only and a field on NM NR: placement compares whole sides,
        // so that field would be joined to a neighbour's city.
        let s = set(r#"
            name = "t"
            [[tiles]]
            id = "mixed"
            counts = { C2 = 1 }
            sides = "CFFF"
            features = [
              { kind = "city", slots = ["NL"] },
              { kind = "field", slots = ["NM", "NR", "E", "S", "W"], adj = [0] },
            ]
            [[tiles]]
            id = "road-off-centre"
            counts = { C2 = 1 }
            sides = "RFFF"
            features = [
              { kind = "road", slots = ["NL"] },
              { kind = "field", slots = ["NM", "NR", "E", "S", "W"] },
            ]
        "#);
        let all = TileCatalogue::build(&[s], "C2").unwrap_err().join("\n");
        assert!(
            all.contains(
                "tile `mixed`: side N mixes slot kinds: NL city (feature 0), NM field (feature 1), NR field (feature 1)"
            ),
            "{all}"
        );
        assert!(
            all.contains("tile `road-off-centre`: side N mixes slot kinds: NL road (feature 0)"),
            "{all}"
        );
        // The Hills & Sheep shapes stay legal: two city segments on one side, and a
        // field side split in two with a middle slot owned by nobody.
        let ok = set(r#"
            name = "t"
            [[tiles]]
            id = "two-cities"
            counts = { C2 = 1 }
            start = true
            sides = "CFFF"
            features = [
              { kind = "city", slots = ["NL", "NM"] },
              { kind = "city", slots = ["NR"] },
              { kind = "field", slots = ["EL", "ER", "SL", "SR", "WL", "WR"] },
            ]
        "#);
        assert!(TileCatalogue::build(&[ok], "C2").is_ok());
    }

    #[test]
    fn fit_table_matches_sides() {
        let s = set(r#"
            name = "t"
            [[tiles]]
            id = "C"
            counts = { C2 = 1 }
            sides = "CFFF"
            features = [ { kind = "city", slots = ["N"] }, { kind = "field", slots = ["E", "S", "W"], adj = [0] } ]
        "#);
        let cat = TileCatalogue::build(&[s], "C2").unwrap();
        // Neighbour to the south needs a city on our S side: only rotation 2.
        let req = (EdgeKind::City as u8) << 4;
        assert_eq!(cat.fits[0].fit[req as usize], 0b0100);
        assert_eq!(cat.fits[0].fit[0], 0b1111);
    }
}
