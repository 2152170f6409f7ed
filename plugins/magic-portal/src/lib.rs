//! # The `magic-portal` plugin (The Princess and the Dragon: the magic portal)
//!
//! Rulings PD21–PD23 and the portal's side of X30, X35 and X36 of
//! `shared/expansions/princess-and-dragon.md`; the player-facing description,
//! with the source of every rule, is `docs/plugins/magic-portal.md`.
//!
//! * **Marker** `portal` (tile level).
//! * **Deploying through the portal** (PD21): when the placed tile shows a
//!   portal, the figure step also offers, for every follower kind the player
//!   has in supply (follower, large follower, abbot, mayor, wagon, ...), a
//!   `Deploy` on every feature instance of every other tile on the board that
//!   is incomplete (fields never count as complete) and that the shared rule
//!   allows (the kind's feature kinds, unoccupied, no farmers when farmers are
//!   off: the core's `open_features_for`, one query per kind), and no plugin
//!   vetoes (the dragon's tile, a barn's field: the figure step's vetoes). In
//!   records: `deploy follower 2 at 3 -1`. The placed tile's own features are
//!   offered as usual by the core and the other plugins.
//! * **Special figures** (PD22, X30): shepherds, builders, pigs and barns are no
//!   followers and are never offered through the portal.
//! * **One deployment** (PD23): the portal only adds options to the one figure step.

use carcassonne_plugin_sdk::prelude::*;

/// Index of the `portal` marker in [`MagicPortal::MARKERS`](Plugin::MARKERS).
const PORTAL: usize = 0;

/// The plugin (no options).
pub struct MagicPortal;

#[plugin]
impl Plugin for MagicPortal {
    type Config = NoOptions;
    const ID: &'static str = "magic-portal";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "The Princess and the Dragon: a magic portal lets a follower go onto any unfinished feature of the board";
    const MARKERS: &'static [&'static str] = &["portal"];
    const STYLE: &'static str = include_str!("../style.toml");

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(MagicPortal)
    }

    /// Options only when the placed tile shows a portal.
    fn narrowing(&self) -> u64 {
        narrow::OPTIONS_PLACED_MARKED
    }

    /// PD21/PD22: deployments of every follower kind in supply anywhere.
    fn figure_options(&self, v: &View<'_>, opts: &mut Vec<FigureOption>) -> HookResult {
        let Some(placed) = v.last_placed() else {
            return Ok(());
        };
        if !v.tile_has_marker(placed, v.my_marker(PORTAL)) {
            return Ok(());
        }
        let me = v.current_player();
        // The features of earlier tiles have lower ids than the placed tile's
        // (its own, and any added to it this turn), which the core offers.
        let first_here = if v.tile_feature_count(placed) > 0 {
            v.feature_of(placed, 0)
        } else {
            FeatureId(u16::MAX)
        };
        // Per follower kind in supply, the features the shared rule allows
        // that are unfinished, from one query (the core sorts the options).
        // The shared rule without the vetoes: the figure step puts every
        // option through them afterwards.
        for k in (0..v.figure_kind_count() as u8).map(FigureKindId) {
            if !v.figure_kind_follower(k) || v.supply(me, k) == 0 {
                continue;
            }
            for f in v.open_features_for(k) {
                if f < first_here || v.feature_tile(f) != placed {
                    opts.push(FigureOption::Deploy {
                        kind: k,
                        at: Location::Feature(f),
                    });
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<MagicPortal>().unwrap();
    }
}
