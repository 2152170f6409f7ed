//! Tile-census helpers shared by the tests of tile data (`tests/it`, and
//! `core/tests/engine` through a `#[path]` module): copies by predicate, one tile's
//! count, markers on features and a compact connectivity fingerprint.

// Each test crate that includes this file uses some of the helpers.
#![allow(dead_code)]

use carcassonne_core::tiles::MarkerTable;
use carcassonne_core::{FeatureKind, TileCatalogue, TileType};

/// Copies in the bag of the tile types of `cat` that satisfy `pred`.
pub fn copies(cat: &TileCatalogue, pred: impl Fn(&TileType) -> bool) -> u32 {
    cat.types
        .iter()
        .filter(|t| pred(t))
        .map(|t| u32::from(t.count))
        .sum()
}

/// Copies in the bag of tile `id` (panics naming it if `cat` has no such tile).
pub fn count(cat: &TileCatalogue, id: &str) -> u16 {
    cat.by_id(id)
        .and_then(|t| cat.get(t))
        .unwrap_or_else(|| panic!("no tile `{id}`"))
        .count
}

/// Whether a feature of `t` carries the marker with bit `bit`.
pub fn feature_has(t: &TileType, bit: u64) -> bool {
    t.features.iter().any(|f| f.markers & bit != 0)
}

/// Each feature of `t` as `kind:sides` (the printed sides it touches); a field
/// adds `/n`, its number of bordering cities (`*/n` for an inner field); with
/// `markers`, `+name` for each marker of the feature. Sorted: a compact
/// connectivity fingerprint to compare with a rulebook's tile table.
pub fn fingerprint(t: &TileType, markers: Option<&MarkerTable>) -> Vec<String> {
    let mut v: Vec<String> = t
        .features
        .iter()
        .map(|f| {
            let sides: String = (0..4)
                .filter(|d| f.sides & (1 << d) != 0)
                .map(|d| ['N', 'E', 'S', 'W'][d])
                .collect();
            let adj = match f.kind {
                FeatureKind::Field if f.inner => format!("*/{}", f.adj.len()),
                FeatureKind::Field => format!("/{}", f.adj.len()),
                _ => String::new(),
            };
            let names: String = markers
                .map(|m| m.names())
                .unwrap_or_default()
                .iter()
                .enumerate()
                .filter(|&(i, _)| f.markers & (1 << i) != 0)
                .map(|(_, n)| format!("+{n}"))
                .collect();
            format!("{}:{sides}{adj}{names}", f.kind)
        })
        .collect();
    v.sort();
    v
}
