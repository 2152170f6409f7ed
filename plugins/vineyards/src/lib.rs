//! # The `vineyards` plugin (Hills & Sheep)
//!
//! Gives the `vineyard` tile marker its meaning (rulings V1–V3 of `RULES.md`):
//!
//! * **V1** — when a cloister is completed and scored during the game, its
//!   scorer gets 3 more points (option `points-per-vineyard`) for every tile
//!   carrying the `vineyard` marker among the 8 tiles around the cloister. One
//!   vineyard serves every cloister it touches. No figure stands on a vineyard:
//!   it is a tile marker, not a feature.
//! * **V2** — an incomplete cloister scored at game end gets no vineyard points.
//! * **V3** — with the `abbot` plugin: only a cloister scored in the scoring
//!   step as completed gets them. An abbot taken back is scored with the reason
//!   `Early` (as at game end), and a garden is a `spot`, not a cloister, so
//!   neither gets vineyard points; nothing here names the abbot.
//!
//! The 8 vineyard tiles are data: four in the `hills-and-sheep` tile set, four
//! shipped by the `special-cities` plugin. Without this plugin the marker is
//! inert. The plugin works through the core's `points` hook (which must not
//! allocate: it looks at 8 positions) and logs the bonus from `feature_scored`.
//!
//! See `docs/plugins/vineyards.md`.

use carcassonne_plugin_sdk::prelude::*;

/// Options of the `vineyards` plugin (`[plugins.vineyards]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// Points per vineyard around a completed cloister (rulebook: 3).
    pub points_per_vineyard: i32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            points_per_vineyard: 3,
        }
    }
}

impl Config for Options {
    const RANGES: &'static [(&'static str, i64, i64)] = &[("points-per-vineyard", 0, 100)];
    const DOCS: &'static [(&'static str, &'static str)] = &[(
        "points-per-vineyard",
        "Extra points per vineyard among the 8 tiles around a cloister completed during the game (rulebook: 3).",
    )];
}

/// The plugin: interprets the `vineyard` marker through the scoring hooks.
pub struct Vineyards {
    per: i32,
}

/// Index of the `vineyard` marker in [`Vineyards::MARKERS`](Plugin::MARKERS).
const VINEYARD: usize = 0;

impl Vineyards {
    /// Vineyard tiles among the 8 positions around the tile of feature `f`.
    /// Does not allocate.
    fn vineyards_around(v: &View<'_>, f: FeatureId) -> u32 {
        let bit = v.my_marker(VINEYARD);
        if bit == 0 {
            return 0;
        }
        let pos = v.tile_pos(v.feature_tile(f));
        pos.ring()
            .into_iter()
            .filter(|&q| v.tile_at(q).is_some_and(|t| v.tile_has_marker(t, bit)))
            .count() as u32
    }

    /// Whether vineyards count for this scoring: a cloister completed in the scoring step.
    fn applies(info: &ScoreInfo<'_>) -> bool {
        info.kind == FeatureKind::Cloister && info.reason == ScoreReason::Completed
    }
}

#[plugin]
impl Plugin for Vineyards {
    type Config = Options;
    const ID: &'static str = "vineyards";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "Hills & Sheep vineyards: +3 per vineyard around a cloister completed during the game";
    const MARKERS: &'static [&'static str] = &["vineyard"];

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(Vineyards {
            per: options.points_per_vineyard,
        })
    }

    /// Its `feature_scored` only writes the turn log: the host skips it otherwise.
    /// Its value and log lines concern cloisters only, and the log lines only
    /// a game that logs.
    fn narrowing(&self) -> u64 {
        narrow::SCORED_WHEN_LOGGING
            | narrow::value_only(&[FeatureKind::Cloister])
            | narrow::scored_only(&[FeatureKind::Cloister])
    }

    fn feature_value(
        &self,
        v: &View<'_>,
        info: &ScoreInfo<'_>,
        _base: i32,
        change: &mut ValueChange,
    ) -> HookResult {
        if Self::applies(info) {
            change.add(self.per * Self::vineyards_around(v, info.feature) as i32);
        }
        Ok(())
    }

    fn feature_scored(&self, cx: &mut Cx<'_>, info: &ScoreInfo<'_>, points: &Points) -> HookResult {
        let winners = points.winners;
        if !cx.logging() || !Self::applies(info) || winners.is_empty() {
            return Ok(());
        }
        let n = Self::vineyards_around(cx.view(), info.feature);
        if n == 0 {
            return Ok(());
        }
        let who: Vec<String> = winners.iter().map(|p| format!("{{P{p}}}")).collect();
        let who = match who.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => who.concat(),
        };
        let plural = if n == 1 { "vineyard" } else { "vineyards" };
        cx.log(format!(
            "{who}'s cloister is surrounded by {n} {plural}: +{}.",
            self.per * n as i32
        ));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<Vineyards>().unwrap();
    }

    #[test]
    fn points_per_vineyard_is_range_checked() {
        let opts = |n| Options {
            points_per_vineyard: n,
        };
        // Out of its bounds (`Config::RANGES`): refused where the options are read.
        for bad in ["points-per-vineyard = -1", "points-per-vineyard = 101"] {
            let e = carcassonne_plugin_sdk::parse_options::<Options>(bad).unwrap_err();
            assert_eq!(
                e.problems[0].0.as_deref(),
                Some("points-per-vineyard"),
                "{e}"
            );
        }
        assert_eq!(Vineyards::new(opts(0)).map(|p| p.per).ok(), Some(0));
        assert_eq!(
            Vineyards::new(Options::default()).map(|p| p.per).ok(),
            Some(3)
        );
    }
}
