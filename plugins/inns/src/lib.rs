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
//! The plugin works through the `points` hook (which must not allocate: it walks
//! the road's member list once) and logs from `feature_scored`.
//!
//! See `docs/plugins/inns.md`.

use carcassonne_plugin_sdk::prelude::*;

/// What a road with an inn scores when it is unfinished at game end (IC7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum FinalScoring {
    /// IC7 default (C1 and C2 rulebooks): nothing.
    #[default]
    Zero,
    /// IC7 variant: the inn is ignored at game end; 1 point per tile as any road.
    Ignore,
}

/// Options of the `inns` plugin (`[plugins.inns]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// What an unfinished road with an inn scores at game end.
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
    options: Options,
}

/// Index of the `inn` marker in [`Inns::MARKERS`](Plugin::MARKERS).
const INN: usize = 0;

/// What the inns do to one scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Effect {
    /// Not a road with an inn, or an unfinished one under `"ignore"`.
    None,
    /// A completed road with an inn: +1 per tile (IC5, IC6).
    Double,
    /// An unfinished road with an inn under `"zero"`: nothing (IC7).
    Zero,
}

impl Inns {
    /// The configured options.
    pub fn options(&self) -> Options {
        self.options
    }

    /// Whether the road whose root is `root` has an inn on any of its tiles. Does not allocate.
    fn has_inn(v: &View<'_>, root: FeatureId) -> bool {
        let inn = v.my_marker(INN);
        inn != 0 && v.members(root).any(|m| v.feature_markers(m) & inn != 0)
    }

    fn effect(&self, v: &View<'_>, info: &ScoreInfo) -> Effect {
        if info.kind != FeatureKind::Road || !Self::has_inn(v, info.feature) {
            return Effect::None;
        }
        match (info.reason, self.options.final_scoring) {
            (ScoreReason::Completed, _) => Effect::Double,
            (ScoreReason::Final | ScoreReason::Early, FinalScoring::Zero) => Effect::Zero,
            (ScoreReason::Final | ScoreReason::Early, FinalScoring::Ignore) => Effect::None,
        }
    }
}

impl Plugin for Inns {
    type Config = Options;
    const ID: &'static str = "inns";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "Inns & Cathedrals inns: a completed road with an inn scores 2 per tile, an unfinished one nothing (IC4-IC8)";
    const HOOKS: u32 = hook::POINTS | hook::FEATURE_SCORED;
    const MARKERS: &'static [&'static str] = &["inn"];

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(Inns { options })
    }

    fn points(&self, v: &View<'_>, info: &ScoreInfo, points: &mut i32) -> HookResult {
        match self.effect(v, info) {
            Effect::None => {}
            Effect::Double => *points += info.tiles as i32,
            Effect::Zero => *points = 0,
        }
        Ok(())
    }

    fn feature_scored(
        &self,
        cx: &mut Cx<'_>,
        info: &ScoreInfo,
        winners: PlayerSet,
        _points: i32,
    ) -> HookResult {
        if !cx.logging() || winners.is_empty() {
            return Ok(());
        }
        let text = match self.effect(cx.view(), info) {
            Effect::None => return Ok(()),
            Effect::Double => format!(
                "The road has an inn: 2 points per tile ({} tiles).",
                info.tiles
            ),
            Effect::Zero => "The road has an inn and is unfinished: it scores nothing.".into(),
        };
        cx.log(text);
        Ok(())
    }
}

register_plugin!(Inns);

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
        let e = parse_options::<Options>("final-scoring = \"half\"\n").unwrap_err();
        assert_eq!(e.problems[0].0.as_deref(), Some("final-scoring"), "{e}");
    }
}
