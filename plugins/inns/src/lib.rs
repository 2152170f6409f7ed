//! # The `inns` plugin (Inns & Cathedrals, rulings IC4–IC8)
//!
//! Gives the road marker `inn` its meaning. The six inn tiles are data of the
//! `inns-and-cathedrals` tile set (`configs/tilesets/inns-and-cathedrals.toml`):
//! the marker sits on the one road feature the inn is drawn beside (IC4), so on
//! the junction tile `IC/RRR.i` only one of the three roads has it.
//!
//! * **IC5** — a road scored as completed that contains at least one inn scores
//!   2 points per tile instead of 1 (the core's 1 per tile, plus 1 per tile here).
//! * **IC6** — inns do not stack: two inns on a road still make 2 per tile.
//! * **IC7** — a road with an inn still unfinished at game end scores nothing
//!   (`final-scoring = "zero"`, the default); with `"ignore"` the inn is ignored
//!   at game end and the road scores 1 per tile as usual. A road scored "as if
//!   at game end" during the game (reason `Early`) is treated like game end.
//! * **IC8** — nothing else changes: winners, figures and farmers are the core's.
//!
//! The plugin works through the `points` hook (which must not allocate: one host
//! call counts the inns of the road) and logs from `feature_scored`. What it
//! changes is booked in its score category `inns`. The rule is shared with the
//! `cathedrals` plugin (`carcassonne-marked-scoring`).
//!
//! See `docs/plugins/inns.md`.

use carcassonne_marked_scoring::MarkedScoring;
use carcassonne_plugin_sdk::prelude::*;

pub use carcassonne_marked_scoring::FinalScoring;

/// Options of the `inns` plugin (`[plugins.inns]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// What an unfinished road with an inn scores at game end (IC7).
    pub final_scoring: FinalScoring,
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[(
        "final-scoring",
        "What a road with an inn still unfinished at game end scores: \"zero\" (nothing: IC7, C1 and C2 rulebooks) or \"ignore\" (the inn is ignored: 1 point per tile).",
    )];
}

/// The plugin: interprets the `inn` road marker through the scoring hooks.
#[derive(Clone, Copy, Debug)]
pub struct Inns {
    rule: MarkedScoring,
}

/// Index of the marker in [`Inns::MARKERS`](Plugin::MARKERS).
const MARKER: usize = 0;

impl Inns {
    /// The configured end-game setting.
    pub fn final_scoring(&self) -> FinalScoring {
        self.rule.final_scoring
    }
}

#[plugin]
impl Plugin for Inns {
    type Config = Options;
    const ID: &'static str = "inns";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "Inns & Cathedrals inns: a completed road with an inn scores 2 per tile, an unfinished one nothing (IC4-IC8)";
    const MARKERS: &'static [&'static str] = &["inn"];

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(Inns {
            rule: MarkedScoring {
                kind: FeatureKind::Road,
                pennants: false,
                final_scoring: options.final_scoring,
                what: "road has an inn",
                rate: "2 points per tile",
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
        carcassonne_plugin_sdk::testing::check_plugin::<Inns>().unwrap();
    }

    #[test]
    fn ic7_final_scoring_option_parses_with_its_default() {
        let o: Options = parse_options("").unwrap();
        assert_eq!(o.final_scoring, FinalScoring::Zero);
        let o: Options = parse_options("final-scoring = \"ignore\"\n").unwrap();
        assert_eq!(o.final_scoring, FinalScoring::Ignore);
        assert_eq!(
            Inns::new(o).map(|p| p.final_scoring()).ok(),
            Some(FinalScoring::Ignore)
        );
        let e = parse_options::<Options>("final-scoring = \"half\"\n").unwrap_err();
        assert_eq!(e.problems[0].0.as_deref(), Some("final-scoring"), "{e}");
    }
}
