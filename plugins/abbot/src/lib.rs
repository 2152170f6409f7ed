//! # The `abbot` plugin (base game, current edition: the Abbot and the gardens)
//!
//! * Every player has one **abbot** (a figure of strength 1 that occupies its
//!   feature and goes home when it is scored).
//! * Instead of a follower, a player may deploy his abbot on the **cloister** or
//!   the **garden** of the tile he has just placed. A garden is a `spot` feature
//!   carrying the `garden` marker (base tiles of the current edition, `HS/RR.hG`);
//!   the core never offers followers on spots, so only the abbot goes there.
//!   The core offers him: the kind stands on cloisters and spots, on spots only
//!   where they carry the plugin's marker (`FigureSpec::marked_only`).
//! * A **garden scores like a cloister**: 9 when the 8 surrounding positions
//!   hold tiles (in the scoring step, through the core's pipeline), else
//!   1 + 1 per surrounding tile (at game end, or when taken back).
//! * Instead of deploying a figure, a player whose abbot is on the board may
//!   **take him back** (the special option `abbot recall`): his cloister or
//!   garden is scored at once as at game end (reason `Early`) and the abbot
//!   returns. Taken back on the very turn the placed tile completes his
//!   cloister, he scores 1 + 8 = 9 as taken back, and the scoring step then
//!   finds the cloister unoccupied.
//!
//! Vineyards (plugin `vineyards`, ruling V3) count only for cloisters scored as
//! completed in the scoring step, so an abbot taken back, or on a garden, gets
//! none; this plugin needs no code for that.
//!
//! See `docs/plugins/abbot.md` for the rules with their sources.

use carcassonne_plugin_sdk::prelude::*;

/// The plugin: the abbot figure, the `garden` marker, the "take the abbot back" option.
pub struct Abbot;

/// Code of the special figure-step option "take the abbot back".
pub const RECALL: u32 = 1;

/// Record and fixture name of [`RECALL`] (`abbot recall`).
pub const RECALL_NAME: &str = "recall";

/// Index of the abbot in [`Abbot::FIGURES`](Plugin::FIGURES).
const ABBOT: usize = 0;
/// Index of the `garden` marker in [`Abbot::MARKERS`](Plugin::MARKERS).
const GARDEN: usize = 0;

impl Abbot {
    /// Whether feature instance `f` is a garden (a spot with the `garden` marker).
    fn is_garden(v: &View<'_>, f: FeatureId) -> bool {
        let bit = v.my_marker(GARDEN);
        bit != 0 && v.feature_kind(f) == FeatureKind::Spot && v.feature_markers(f) & bit != 0
    }

    /// The deployed abbot of `player`, if any.
    ///
    /// Figures are numbered player by player (the core's layout: the owner is
    /// `figure / figures per player`, plugin figure kinds after the followers), so
    /// the abbot is searched from the end of the player's block first: one or two
    /// host calls in practice. Every figure is checked if that guess fails.
    fn deployed_abbot(v: &View<'_>, player: PlayerId) -> Option<FigureId> {
        let kind = v.my_figure(ABBOT);
        let n = v.figure_count();
        let players = usize::from(v.players());
        let is_mine = |g: FigureId| v.figure_kind(g) == kind && v.figure_owner(g) == Some(player);
        let guess = (players > 0 && n % players == 0)
            .then(|| {
                let per = n / players;
                let first = usize::from(player) * per;
                (first..(first + per).min(n))
                    .rev()
                    .map(|g| FigureId(g as u16))
                    .find(|&g| is_mine(g))
            })
            .flatten();
        guess
            .or_else(|| (0..n as u16).map(FigureId).find(|&g| is_mine(g)))
            .filter(|&g| v.figure_feature(g).is_some())
    }

    /// "cloister" or "garden", for log lines.
    fn place_word(v: &View<'_>, f: FeatureId) -> &'static str {
        if Self::is_garden(v, f) {
            "garden"
        } else {
            "cloister"
        }
    }
}

#[plugin]
impl Plugin for Abbot {
    type Config = NoOptions;
    const ID: &'static str = "abbot";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "Base game: the abbot on a cloister or a garden; take him back to score at once";
    // Like a follower, offered by the core: on cloisters, and on spots only
    // where they carry this plugin's marker (gardens).
    const FIGURES: &'static [FigureSpec] = &[FigureSpec::follower("abbot", 1, 1)
        .stands_on(FeatureKinds::of(&[
            FeatureKind::Cloister,
            FeatureKind::Spot,
        ]))
        .marked_only(FeatureKinds::of(&[FeatureKind::Spot]))];
    const MARKERS: &'static [&'static str] = &["garden"];

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(Abbot)
    }

    /// Only its own choices concern it, and its options only while the
    /// player's abbot is out of his supply (the recall).
    /// Its value and log lines concern gardens only (spots), and the log
    /// lines only a game that logs.
    fn narrowing(&self) -> u64 {
        narrow::CHOSEN_MINE
            | narrow::OPTIONS_WITH_DEPLOYED
            | narrow::value_only(&[FeatureKind::Spot])
            | narrow::SCORED_WHEN_LOGGING
            | narrow::scored_only(&[FeatureKind::Spot])
    }

    /// The core offers the abbot (on cloisters and gardens); this adds "take
    /// him back" while he stands on the board.
    fn figure_options(&self, v: &View<'_>, opts: &mut Vec<FigureOption>) -> HookResult {
        let me = v.current_player();
        if v.supply(me, v.my_figure(ABBOT)) > 0 || v.last_placed().is_none() {
            return Ok(());
        }
        if Self::deployed_abbot(v, me).is_some() {
            opts.push(v.special_option(RECALL));
        }
        Ok(())
    }

    fn figure_chosen(&self, cx: &mut Cx<'_>, opt: FigureOption) -> HookResult {
        let me = cx.current_player();
        match opt {
            FigureOption::Deploy { kind, at } if kind == cx.my_figure(ABBOT) => {
                // The core logs "deploys the abbot on the spot"; say what the spot is.
                if cx.logging() {
                    if let Some(f) = at.feature() {
                        if Self::is_garden(cx.view(), f) {
                            let text = format!(
                                "{{P{me}}}'s abbot tends the garden at {}: it scores like a cloister.",
                                cx.tile_pos(cx.feature_tile(f))
                            );
                            cx.log(text);
                        }
                    }
                }
                Ok(())
            }
            _ if cx.my_special(opt) == Some(RECALL) => {
                let Some(fig) = Self::deployed_abbot(cx.view(), me) else {
                    return Err(Error::new("take the abbot back: no abbot on the board"));
                };
                let Some(f) = cx.figure_feature(fig) else {
                    return Err(Error::new("take the abbot back: no abbot on the board"));
                };
                let word = Self::place_word(cx.view(), f);
                let pos = cx.tile_pos(cx.feature_tile(f));
                let points = cx.score_feature(f, ScoreReason::Early)?.get(me);
                if cx.figure_feature(fig).is_some() {
                    // Scoring returns him (returns_on_score); make sure in any case.
                    cx.return_figure(fig)?;
                }
                if cx.logging() {
                    cx.log(format!(
                        "{{P{me}}} takes the abbot back: the {word} at {pos} scores {points}."
                    ));
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn feature_value(
        &self,
        v: &View<'_>,
        info: &ScoreInfo<'_>,
        _base: i32,
        change: &mut ValueChange,
    ) -> HookResult {
        if info.kind == FeatureKind::Spot && Self::is_garden(v, info.feature) {
            match info.reason {
                ScoreReason::Completed => change.set(9),
                ScoreReason::Final | ScoreReason::Early => {
                    change.set(1 + i32::from(v.tile_nbrs(v.feature_tile(info.feature))))
                }
                // Paid at another feature's value: that value stands.
                ScoreReason::Proxy => {}
            }
        }
        Ok(())
    }

    fn feature_scored(&self, cx: &mut Cx<'_>, info: &ScoreInfo<'_>, pts: &Points) -> HookResult {
        let (winners, points) = (pts.winners, pts.of_winners());
        if !cx.logging()
            || info.reason == ScoreReason::Early // the recall logs its own line
            || info.kind != FeatureKind::Spot
            || !Self::is_garden(cx.view(), info.feature)
        {
            return Ok(());
        }
        let pos = cx.tile_pos(cx.feature_tile(info.feature));
        for p in winners.iter() {
            let text = if info.reason == ScoreReason::Completed {
                format!("{{P{p}}}'s abbot tends a garden surrounded by tiles at {pos}: {points}.")
            } else {
                format!("{{P{p}}}'s abbot tends an unfinished garden at {pos}: {points}.")
            };
            cx.log(text);
        }
        Ok(())
    }

    fn value_name(&self, what: NameCtx, value: u32) -> String {
        match (what, value) {
            (NameCtx::Special, RECALL) => RECALL_NAME.into(),
            _ => value.to_string(),
        }
    }

    /// `Send the abbot home (and score him)`.
    fn value_label(&self, what: NameCtx, value: u32) -> String {
        match (what, value) {
            (NameCtx::Special, RECALL) => "Send the abbot home (and score him)".into(),
            _ => String::new(),
        }
    }

    fn parse_value(&self, what: NameCtx, text: &str) -> Option<u32> {
        match what {
            NameCtx::Special if text == RECALL_NAME => Some(RECALL),
            _ => None,
        }
    }

    fn describe_step(&self, step: Step) -> String {
        // The abbot pushes no steps; only its special figure option exists.
        format!("abbot: unknown step {}", step.tag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<Abbot>().unwrap();
    }

    #[test]
    fn recall_round_trips_through_its_name() {
        let a = Abbot;
        let name = a.value_name(NameCtx::Special, RECALL);
        assert_eq!(name, "recall");
        assert_eq!(a.parse_value(NameCtx::Special, &name), Some(RECALL));
        assert_eq!(a.parse_value(NameCtx::Special, "grow"), None);
        assert_eq!(a.parse_value(NameCtx::Special, "1"), None);
        assert_eq!(
            a.value_label(NameCtx::Special, RECALL),
            "Send the abbot home (and score him)"
        );
        assert_eq!(a.value_label(NameCtx::Special, 7), "");
    }
}
