//! The tile composition at rule-build time, after the tile sets are compiled
//! and the start layout chosen: the plugins' tile counts
//! ([`Hooks::compose_tiles`](crate::Hooks::compose_tiles)), applied where the
//! ruleset's `[tiles.counts]` does not set the count, and the start layout
//! chosen again by the counts now (of the layouts whose tiles the game holds:
//! a plugin may swap a start tile for its twin).

use super::PluginEntry;
use crate::hooks::TileCount;
use crate::tiles::TileCatalogue;
use crate::types::TileTypeId;

/// Asks every plugin for its tile counts and refusals, then applies the counts
/// to `tiles`. Every plugin sees the same catalogue (the counts as the tile
/// sets and the ruleset give them), so the result does not depend on their
/// order; two plugins setting different counts of one tile is an error naming
/// both. Returns every problem.
pub(super) fn apply(tiles: &mut TileCatalogue, entries: &[PluginEntry]) -> Vec<String> {
    let mut errs = Vec::new();
    // Per tile type, the first plugin that set its count, and the count.
    let mut set_by: Vec<Option<(usize, u16)>> = vec![None; tiles.len()];
    for (pi, e) in entries.iter().enumerate() {
        let id = &e.decl.id;
        let mut counts: Vec<TileCount> = Vec::new();
        if let Err(m) = e.hooks.compose_tiles(tiles, &mut counts) {
            errs.push(format!("plugin `{id}`: {m}"));
            continue;
        }
        for c in counts {
            let Some(t) = tiles.get(c.tile) else {
                errs.push(format!(
                    "plugin `{id}` sets the count of tile type {}, which does not exist",
                    c.tile.0
                ));
                continue;
            };
            if t.per_player > 0 && c.count > 0 {
                errs.push(format!(
                    "plugin `{id}` gives tile `{}` {} copies, but it is held in hand (`per_player`)",
                    t.id, c.count
                ));
                continue;
            }
            match set_by[c.tile.index()] {
                Some((other, n)) if n != c.count => errs.push(format!(
                    "plugins `{}` and `{id}` set different counts of tile `{}`: {n} and {}",
                    entries[other].decl.id, t.id, c.count
                )),
                Some(_) => {}
                None => set_by[c.tile.index()] = Some((pi, c.count)),
            }
        }
    }
    tiles.plugin_counts.clear();
    for (i, s) in set_by.iter().enumerate() {
        if let (Some((pi, n)), Some(t)) = (s, tiles.types.get_mut(i)) {
            if !t.count_fixed && t.count != *n {
                let id = entries[*pi].decl.id.clone();
                tiles
                    .plugin_counts
                    .push((id, TileTypeId(i as u16), t.count, *n));
                t.count = *n;
            }
        }
    }
    errs.extend(tiles.rechoose_start());
    errs
}
