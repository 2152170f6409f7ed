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
//!   off: what the core's `open_features_for` lists per kind), and no plugin
//!   vetoes (the dragon's tile, a barn's field: the figure step's vetoes). In
//!   records: `deploy follower 2 at 3 -1`. The placed tile's own features are
//!   offered as usual by the core and the other plugins. The core makes these
//!   options (`Cx::offer_open_features`, a standing offer from `setup`: no
//!   hook at the figure step, and they come in order with the core's own).
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

    /// PD21/PD22: at every figure step whose placed tile shows a portal, the
    /// core offers every follower kind in supply on every unfinished feature
    /// the shared rule allows but the placed tile's (a standing offer: no
    /// figure-step hook; the vetoes apply as to every option).
    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        let portal = cx.my_marker(PORTAL);
        cx.offer_open_features(portal, true);
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

    #[test]
    fn the_core_makes_the_options() {
        let subs = carcassonne_plugin_sdk::hooks_of::<MagicPortal>();
        assert_eq!(subs & hook::FIGURE_OPTIONS, 0);
        assert_ne!(subs & hook::SETUP, 0);
    }
}
