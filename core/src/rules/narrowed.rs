//! The tables [`Rules`](super::Rules) derives from the plugins' narrowings
//! (`Hooks::narrowing`), kept again by `Rules::set_narrowing`: what a
//! ruleset's narrowings decide once instead of at every call.

use super::PluginEntry;
use crate::hooks::hook;
use crate::narrow::{bits, Narrowed};
use crate::tiles::TileCatalogue;
use crate::types::*;

/// [`Rules::drawn_heard`] of a catalogue and the plugins: a tile type is
/// heard by a `tile_drawn` subscriber unless that plugin declared
/// [`Narrowed::Drawn`](crate::narrow::Narrowed::Drawn) and the type carries
/// none of its markers (the case `Game::outside_narrowed_case` decides).
pub(super) fn drawn_heard(tiles: &TileCatalogue, entries: &[PluginEntry]) -> Vec<bool> {
    let drawn = crate::narrow::Narrowed::Drawn(TileTypeId(0)).bit();
    tiles
        .types
        .iter()
        .map(|t| {
            entries.iter().any(|e| {
                e.subs & hook::TILE_DRAWN != 0
                    && (e.narrow & drawn == 0 || t.markers & e.markers != 0)
            })
        })
        .collect()
}

/// [`Rules::tile_vetoers`]: the figure slots `first..end` of the plugins
/// that may veto a deployment onto a tile, per player (`.0`) and neutral
/// (`.1`).
pub(crate) type TileVetoers = (Vec<(u16, u16)>, Vec<(u16, u16)>);

/// [`Rules::tile_vetoers`] of the plugins.
pub(super) fn tile_vetoers(entries: &[PluginEntry]) -> Option<TileVetoers> {
    let on_my_tiles = crate::narrow::bits::OPTIONS_ON_MY_TILES;
    let mut slots: TileVetoers = (Vec::new(), Vec::new());
    for e in entries
        .iter()
        .filter(|e| e.subs & hook::FILTER_FIGURE_OPTIONS != 0)
    {
        if e.narrow & on_my_tiles == 0 {
            return None;
        }
        for (ranges, (first, end)) in [
            (&mut slots.0, e.player_slots),
            (&mut slots.1, e.neutral_slots),
        ] {
            if first >= end {
                continue;
            }
            match ranges.last_mut() {
                Some(last) if last.1 == first => last.1 = end,
                _ => ranges.push((first, end)),
            }
        }
    }
    Some(slots)
}

/// [`Rules::neutral_moves_heard`] of the plugins.
pub(super) fn neutral_moves_heard(entries: &[PluginEntry]) -> bool {
    let players_only = crate::narrow::bits::MOVED_PLAYERS;
    entries
        .iter()
        .any(|e| e.subs & hook::FIGURE_MOVED != 0 && e.narrow & players_only == 0)
}

/// A scoring hook's call for a unit of a kind (`Narrowed::value_of` and the
/// like).
pub(crate) type KindCase = fn(FeatureKind) -> Option<Narrowed>;

/// The scoring hooks with a holding case: each one's hook bit, holding bit
/// and per-kind case (`Narrowed::value_of` and the like), by index
/// ([`Rules::holding_kinds`](super::Rules::holding_kinds)).
pub(crate) const HOLDING: [(u64, u64, KindCase); 3] = [
    (
        hook::FEATURE_VALUE,
        bits::VALUE_HOLDS_MINE,
        Narrowed::value_of,
    ),
    (hook::BONUS, bits::BONUS_HOLDS_MINE, Narrowed::bonus_of),
    (
        hook::FEATURE_SCORED,
        bits::SCORED_HOLDS_MINE,
        Narrowed::scored_of,
    ),
];

/// [`Rules::holding`](super::Rules::holding) and
/// [`Rules::holding_kinds`](super::Rules::holding_kinds) of the plugins.
pub(super) fn holding(entries: &[PluginEntry]) -> (Vec<u8>, [u8; 3]) {
    let mut kinds = [0u8; 3];
    let mut plugins = Vec::new();
    for (i, e) in entries.iter().enumerate().take(256) {
        let mut declared = false;
        for ((h, hold, kind_case), kinds) in HOLDING.iter().zip(&mut kinds) {
            // Without figure kinds the case means nothing (the plugin is asked).
            if e.narrow & hold == 0 || e.subs & h == 0 || e.decl.figures.is_empty() {
                continue;
            }
            declared = true;
            for kind in [
                FeatureKind::Road,
                FeatureKind::City,
                FeatureKind::Field,
                FeatureKind::Cloister,
                FeatureKind::Spot,
            ] {
                if kind_case(kind).is_some_and(|c| e.narrow & c.bit() == 0) {
                    *kinds |= 1 << kind as u8;
                }
            }
        }
        if declared {
            plugins.push(i as u8);
        }
    }
    (plugins, kinds)
}
