//! House rule: a completed cloister scores 12 points instead of 9.
//!
//! Build it with `cargo build --release` and load it with
//! `carcassonne play --plugin-dir target/release --ruleset cloister-bonus.toml`.

use carcassonne_plugin_sdk::prelude::*;

/// The plugin: rules plus configuration, never mutable game data.
pub struct CloisterBonus {
    points: i32,
}

/// Its options: the `[plugins.cloister-bonus]` table of a ruleset.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// Points a completed cloister scores.
    pub points: i32,
}

impl Default for Options {
    fn default() -> Self {
        Options { points: 12 }
    }
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[(
        "points",
        "Points a completed cloister scores (the base game gives 9).",
    )];
    // Shown by `carcassonne plugins`; a value outside is refused where the
    // options are read, with the bounds.
    const RANGES: &'static [(&'static str, i64, i64)] = &[("points", 0, 100)];
}

#[plugin]
impl Plugin for CloisterBonus {
    type Config = Options;
    const ID: &'static str = "cloister-bonus";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "House rule: a completed cloister scores 12 points";

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(CloisterBonus {
            points: options.points,
        })
    }

    fn feature_value(
        &self,
        _v: &View<'_>,
        info: &ScoreInfo<'_>,
        _base: i32,
        value: &mut ValueChange,
    ) -> HookResult {
        if info.kind == FeatureKind::Cloister && info.reason == ScoreReason::Completed {
            // Each winner gets `points` instead of 9 (the difference is booked as ours).
            value.set(self.points);
        }
        Ok(())
    }
}

// This crate is also the loadable library: export the plugins `#[plugin]` registered.
carcassonne_plugin_sdk::export_plugin_library!();
