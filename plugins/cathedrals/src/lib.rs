//! # The `cathedrals` plugin (Inns & Cathedrals, rulings IC9–IC14)
//!
//! Gives the city marker `cathedral` its meaning. The two cathedral tiles
//! (`IC/Cccc.c`, city on all four sides) are data of the `inns-and-cathedrals`
//! tile set (`configs/tilesets/inns-and-cathedrals.toml`); the marker sits on
//! their city feature (IC9).
//!
//! * **IC10** — a city scored as completed that contains at least one cathedral
//!   scores 3 points per tile and 3 per pennant instead of 2 and 2 (the core's
//!   points, plus 1 per tile and pennant here).
//! * **IC11** — cathedrals do not stack: a city holding both still scores 3 and 3.
//! * **IC12** — a city with a cathedral still unfinished at game end scores
//!   nothing (`final-scoring = "zero"`, the default); with `"ignore"` the
//!   cathedral is ignored at game end and the city scores 1 per tile and pennant
//!   as usual. A city scored "as if at game end" during the game (reason
//!   `Early`) is treated like game end.
//! * **IC13** — farmers are unaffected: a completed cathedral city is one
//!   completed city for every farmer rule (the plugin touches only city scoring).
//! * **IC14** — the tiny-city rule never meets a cathedral (a completed city with
//!   the four-sided cathedral tile has at least 5 tiles); nothing to do.
//!
//! The plugin works through the `points` hook (no allocation: one host call counts
//! the cathedrals of the city) and logs from `feature_scored`. What it changes is
//! booked in its score category `cathedrals`. The rule is shared with the `inns`
//! plugin (`carcassonne-marked-scoring`).
//!
//! See `docs/plugins/cathedrals.md`.

use carcassonne_marked_scoring::MarkedScoring;
use carcassonne_plugin_sdk::prelude::*;

pub use carcassonne_marked_scoring::FinalScoring;

/// Options of the `cathedrals` plugin (`[plugins.cathedrals]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// What an unfinished city with a cathedral scores at game end (IC12).
    pub final_scoring: FinalScoring,
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[(
        "final-scoring",
        "What a city with a cathedral still unfinished at game end scores: \"zero\" (nothing: IC12, C1 and C2 rulebooks) or \"ignore\" (the cathedral is ignored: 1 point per tile and pennant).",
    )];
}

/// The plugin: interprets the `cathedral` city marker through the scoring hooks.
#[derive(Clone, Copy, Debug)]
pub struct Cathedrals {
    rule: MarkedScoring,
}

/// Index of the marker in [`Cathedrals::MARKERS`](Plugin::MARKERS).
const MARKER: usize = 0;

impl Cathedrals {
    /// The configured end-game setting.
    pub fn final_scoring(&self) -> FinalScoring {
        self.rule.final_scoring
    }
}

#[plugin]
impl Plugin for Cathedrals {
    type Config = Options;
    const ID: &'static str = "cathedrals";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "Inns & Cathedrals cathedrals: a completed city with a cathedral scores 3 per tile and pennant, an unfinished one nothing (IC9-IC14)";
    const MARKERS: &'static [&'static str] = &["cathedral"];

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(Cathedrals {
            rule: MarkedScoring {
                kind: FeatureKind::City,
                pennants: true,
                final_scoring: options.final_scoring,
                what: "city has a cathedral",
                rate: "3 points per tile and pennant",
            },
        })
    }

    fn feature_value(
        &self,
        v: &View<'_>,
        info: &ScoreInfo<'_>,
        _base: i32,
        change: &mut ValueChange,
    ) -> HookResult {
        self.rule.value(v, info, change, v.my_marker(MARKER));
        Ok(())
    }

    fn feature_scored(&self, cx: &mut Cx<'_>, info: &ScoreInfo<'_>, points: &Points) -> HookResult {
        if cx.logging() {
            let marker = cx.my_marker(MARKER);
            if let Some(line) = self.rule.log_line(cx.view(), info, points, marker) {
                cx.log(line);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_plugin_sdk::parse_options;

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<Cathedrals>().unwrap();
    }

    #[test]
    fn ic12_final_scoring_option_parses_with_its_default() {
        let o: Options = parse_options("").unwrap();
        assert_eq!(o.final_scoring, FinalScoring::Zero);
        let o: Options = parse_options("final-scoring = \"ignore\"\n").unwrap();
        assert_eq!(o.final_scoring, FinalScoring::Ignore);
        assert_eq!(
            Cathedrals::new(o).map(|p| p.final_scoring()).ok(),
            Some(FinalScoring::Ignore)
        );
        let e = parse_options::<Options>("final-scoring = \"half\"\n").unwrap_err();
        assert_eq!(e.problems[0].0.as_deref(), Some("final-scoring"), "{e}");
    }
}
