//! `kit-hold-back`: tile types held back from the draw. Tiles with a cloister
//! stay in the bag until turn `until` (draw filter), or with `odd-turns` on
//! every odd turn; a bag holding nothing else ends the game (the filter is
//! asked as the turn it is asked for: its number is the turn's).

use carcassonne_plugin_sdk::prelude::*;

/// Options of `kit-hold-back`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// The first turn on which cloister tiles may be drawn.
    pub until: u16,
    /// Cloister tiles wait on every odd turn instead.
    pub odd_turns: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            until: 20,
            odd_turns: false,
        }
    }
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "until",
            "The first turn on which cloister tiles may be drawn.",
        ),
        (
            "odd-turns",
            "Cloister tiles wait on every odd turn instead (`until` does not count).",
        ),
    ];
}

/// The plugin.
pub struct HoldBack {
    until: u16,
    odd_turns: bool,
}

#[plugin]
impl Plugin for HoldBack {
    type Config = Options;
    const ID: &'static str = "kit-hold-back";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: cloister tiles wait in the bag";

    fn new(o: Options) -> Result<Self, ConfigError> {
        Ok(HoldBack {
            until: o.until,
            odd_turns: o.odd_turns,
        })
    }

    fn filter_draws(&self, v: &View<'_>, tiles: &[TileTypeId], keep: &mut [bool]) -> HookResult {
        let waits = if self.odd_turns {
            v.turn() % 2 == 1
        } else {
            v.turn() < self.until
        };
        if !waits {
            return Ok(());
        }
        veto(tiles, keep, |&t| {
            (0..v.tile_type_feature_count(t))
                .any(|l| v.tile_type_feature_kind(t, l) == FeatureKind::Cloister)
        });
        Ok(())
    }
}
