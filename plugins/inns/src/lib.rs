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
//! changes is booked in its score category `inns`. The plugin is the shell it
//! shares with `cathedrals` (`plugins/marked-scoring`) and this module's [`Inn`].
//!
//! See `docs/plugins/inns.md`.

use crate::marked_scoring::{Mark, MarkedPlugin};
use carcassonne_plugin_sdk::prelude::*;

pub use crate::marked_scoring::FinalScoring;

/// What sets the `inns` plugin apart in the shell it shares (its marker,
/// feature kind, bonus and texts).
#[derive(Clone, Copy, Debug)]
pub struct Inn;

impl Mark for Inn {
    const ID: &'static str = "inns";
    const DESCRIPTION: &'static str =
        "Inns & Cathedrals inns: a completed road with an inn scores 2 per tile, an unfinished one nothing (IC4-IC8)";
    const MARKER: &'static str = "inn";
    const KIND: FeatureKind = FeatureKind::Road;
    const PENNANTS: bool = false;
    const WHAT: &'static str = "road has an inn";
    const RATE: &'static str = "2 points per tile";
    const FINAL_SCORING_DOC: &'static str = "What a road with an inn still unfinished at game end scores: \"zero\" (nothing: IC7, C1 and C2 rulebooks) or \"ignore\" (the inn is ignored: 1 point per tile).";
}

/// The plugin: interprets the `inn` marker through the scoring hooks.
pub type Inns = MarkedPlugin<Inn>;

/// Options of the `inns` plugin (`[plugins.inns]`).
pub type Options = crate::marked_scoring::Options<Inn>;

carcassonne_plugin_sdk::register_plugin!(Inns);

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
