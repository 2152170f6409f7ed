//! # The `large-follower` plugin (Inns & Cathedrals, rulings IC15–IC20)
//!
//! * **IC15** — every player has one large follower (option `count` for a house
//!   rule with more), next to his followers.
//! * **IC16** — it is placed exactly like a follower, as the turn's one figure:
//!   on an unoccupied road, city, cloister or field of the tile just placed (a
//!   feature holding any follower, large or not, is occupied); never on a spot (a
//!   garden is the abbot's); not on a field when the core's farmers are off (F4).
//! * **IC17, IC18** — its strength is 2 in every majority (roads, cities,
//!   cloisters, farmers): the core sums strength, so one large follower beats one
//!   follower and ties two; it never multiplies points.
//! * **IC19** — it returns to its owner when its feature is scored during the
//!   game, like a follower; as a farmer it stays until game end.
//! * **IC20** — for every other rule it is one of its owner's followers.
//!
//! The plugin is a declaration and no code: `FigureSpec::follower` makes the
//! figure occupy its feature, return when scored, count as a follower for other
//! rules, and be offered by the core wherever the shared placement rule
//! (`may_deploy`: roads, cities, cloisters, fields unless farmers are off; never
//! a spot, never an occupied feature) lets it stand. Strength 2 does the rest.
//! It is a *plain* follower (`plain(true)`): it may stand wherever the follower
//! may, also on features another plugin hosts for plain kinds (a tower's top).
//! Hill tie-breaks (X4, X5) only ever choose among players tied on strength.
//!
//! See `docs/plugins/large-follower.md`.

use carcassonne_plugin_sdk::prelude::*;

/// Options of the `large-follower` plugin (`[plugins.large-follower]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// Large followers per player (IC15: 1).
    pub count: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options { count: 1 }
    }
}

impl Config for Options {
    const RANGES: &'static [(&'static str, i64, i64)] = &[("count", 1, 30)];
    const DOCS: &'static [(&'static str, &'static str)] = &[(
        "count",
        "Large followers per player (IC15: 1; more is a house rule).",
    )];
}

/// The plugin: the large follower figure (its count is the one option).
#[derive(Clone, Copy, Debug)]
pub struct LargeFollower {
    count: u8,
}

/// Index of the large follower in [`LargeFollower::FIGURES`](Plugin::FIGURES).
const LARGE: usize = 0;

/// Record and log name of the figure (`deploy large-follower city N`).
pub const FIGURE_NAME: &str = "large-follower";

#[plugin]
impl Plugin for LargeFollower {
    type Config = Options;
    const ID: &'static str = "large-follower";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "Inns & Cathedrals: one large follower per player, strength 2 in every majority (IC15-IC20)";
    /// A follower of strength 2, offered by the core wherever the shared
    /// placement rule lets a follower stand (IC16).
    const FIGURES: &'static [FigureSpec] = &[FigureSpec::follower(FIGURE_NAME, 1, 2).plain(true)];

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(LargeFollower {
            count: options.count,
        })
    }

    fn figure_count(&self, i: usize) -> u8 {
        if i == LARGE {
            self.count
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_plugin_sdk::parse_options;

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<LargeFollower>().unwrap();
    }

    #[test]
    fn ic15_one_large_follower_per_player_by_default() {
        let o: Options = parse_options("").unwrap();
        assert_eq!(o.count, 1);
        assert_eq!(LargeFollower::new(o).unwrap().figure_count(LARGE), 1);
        // Out of its bounds (`Config::RANGES`): refused where the options are read.
        for bad in ["count = 0", "count = 31", "count = -1"] {
            let e = parse_options::<Options>(bad).unwrap_err();
            assert_eq!(e.problems[0].0.as_deref(), Some("count"), "{e}");
            assert!(e.problems[0].1.contains("from 1 to 30"), "{e}");
        }
        assert_eq!(
            LargeFollower::new(Options { count: 2 })
                .unwrap()
                .figure_count(LARGE),
            2
        );
    }
}
