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
//! booked in its score category `cathedrals`. The plugin is the shell it shares
//! with `inns` (`plugins/marked-scoring`) and this module's [`Cathedral`].
//!
//! See `docs/plugins/cathedrals.md`.

use crate::marked_scoring::{Mark, MarkedPlugin};
use carcassonne_plugin_sdk::prelude::*;

pub use crate::marked_scoring::FinalScoring;

/// What sets the `cathedrals` plugin apart in the shell it shares (its marker,
/// feature kind, bonus and texts).
#[derive(Clone, Copy, Debug)]
pub struct Cathedral;

impl Mark for Cathedral {
    const ID: &'static str = "cathedrals";
    const DESCRIPTION: &'static str =
        "Inns & Cathedrals cathedrals: a completed city with a cathedral scores 3 per tile and pennant, an unfinished one nothing (IC9-IC14)";
    const MARKER: &'static str = "cathedral";
    const KIND: FeatureKind = FeatureKind::City;
    const PENNANTS: bool = true;
    const WHAT: &'static str = "city has a cathedral";
    const RATE: &'static str = "3 points per tile and pennant";
    const FINAL_SCORING_DOC: &'static str = "What a city with a cathedral still unfinished at game end scores: \"zero\" (nothing: IC12, C1 and C2 rulebooks) or \"ignore\" (the cathedral is ignored: 1 point per tile and pennant).";
}

/// The plugin: interprets the `cathedral` marker through the scoring hooks.
pub type Cathedrals = MarkedPlugin<Cathedral>;

/// Options of the `cathedrals` plugin (`[plugins.cathedrals]`).
pub type Options = crate::marked_scoring::Options<Cathedral>;

carcassonne_plugin_sdk::register_plugin!(Cathedrals);

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
