//! # The `trade-goods` plugin (Traders & Builders: wine, grain and cloth)
//!
//! Gives the city markers `wine`, `grain` and `cloth` their meaning (rulings
//! TB1–TB8 of `shared/expansions/traders-and-builders.md`):
//!
//! * **TB3–TB5** — when a city is completed during the game, after it has been
//!   scored, the **active player** (who placed the completing tile) takes one
//!   token of each kind per symbol in the whole city, whoever occupies it, even
//!   nobody. The core calls `feature_scored` for every completed feature, with
//!   or without figures, so an empty city hands out its goods too. A tile that
//!   completes several cities gives the goods of each.
//! * **TB6** — unfinished cities give nothing; tokens are never lost or passed
//!   on. They are public: [`Plugin::observe`] shows every player's tokens to
//!   everyone.
//! * **TB7** — at the end, for each kind, every player holding the most tokens
//!   of it (at least one) scores 10 ([`goods_points`]), booked in this plugin's
//!   score category `trade-goods`.
//! * **TB8** — trading tokens (a house rule) is not modelled: no option.
//!
//! State: per player, three counters ([`Tokens`]). Without this plugin the
//! markers are inert and the tiles play as ordinary tiles.
//!
//! See `docs/plugins/trade-goods.md`.

use carcassonne_plugin_sdk::prelude::*;

/// The goods kinds, in marker order: the tile markers and the names in logs and
/// observations.
pub const KINDS: [&str; 3] = ["wine", "grain", "cloth"];

/// Points for the most tokens of one kind (TB7).
pub const POINTS_PER_KIND: i32 = 10;

/// Per player: the tokens taken, per kind in [`KINDS`] order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Tokens {
    /// Tokens of each kind.
    pub counts: [u32; 3],
}

/// TB7: the end-of-game points of each player from `tokens` (one entry per
/// player): for each kind, every player with the most tokens of it scores
/// [`POINTS_PER_KIND`], provided the most is at least one.
pub fn goods_points(tokens: &[Tokens]) -> Vec<i32> {
    let mut points = vec![0; tokens.len()];
    for k in 0..KINDS.len() {
        let most = tokens.iter().map(|t| t.counts[k]).max().unwrap_or(0);
        if most == 0 {
            continue;
        }
        for (p, t) in tokens.iter().enumerate() {
            if t.counts[k] == most {
                points[p] += POINTS_PER_KIND;
            }
        }
    }
    points
}

/// "2 wine and 1 cloth", for log lines (`None` if `counts` is all zero).
fn describe(counts: [u32; 3]) -> Option<String> {
    let parts: Vec<String> = KINDS
        .iter()
        .zip(counts)
        .filter(|(_, n)| *n > 0)
        .map(|(k, n)| format!("{n} {k}"))
        .collect();
    match parts.split_last() {
        None => None,
        Some((last, [])) => Some(last.clone()),
        Some((last, rest)) => Some(format!("{} and {last}", rest.join(", "))),
    }
}

/// The plugin: interprets the goods markers; no options (TB8).
pub struct TradeGoods;

impl TradeGoods {
    fn tokens(v: &View<'_>) -> Result<Vec<Tokens>, Error> {
        PlayerId::all(v.players())
            .map(|p| v.player_state::<Tokens>(p).copied())
            .collect()
    }
}

#[plugin]
impl Plugin for TradeGoods {
    type Config = NoOptions;
    const ID: &'static str = "trade-goods";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "Traders & Builders goods: the player who completes a city takes its wine, grain and cloth; most of a kind scores 10";
    const MARKERS: &'static [&'static str] = &KINDS;
    const STYLE: &'static str = include_str!("../style.toml");
    const STATE: StateSpec = StateSpec::NONE.player::<Tokens>();

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(TradeGoods)
    }

    /// Goods come from completed cities only.
    fn narrowing(&self) -> u64 {
        narrow::scored_only(&[FeatureKind::City])
    }

    /// TB4: after a completed city is scored (occupied or not), the active player
    /// takes its goods.
    fn feature_scored(
        &self,
        cx: &mut Cx<'_>,
        info: &ScoreInfo<'_>,
        _points: &Points,
    ) -> HookResult {
        if info.kind != FeatureKind::City || info.reason != ScoreReason::Completed {
            return Ok(());
        }
        let mut got = [0u32; 3];
        for (k, n) in got.iter_mut().enumerate() {
            let bit = cx.my_marker(k);
            if bit != 0 {
                *n = cx.marker_count_in(info.feature, bit);
            }
        }
        if got == [0; 3] {
            return Ok(());
        }
        let me = cx.current_player();
        let t = cx.player_state_mut::<Tokens>(me)?;
        for (c, n) in t.counts.iter_mut().zip(got) {
            *c += n;
        }
        if cx.logging() {
            if let Some(what) = describe(got) {
                cx.log(format!("{{P{me}}} completes the city and takes {what}."));
            }
        }
        Ok(())
    }

    /// TB7: 10 points per kind to every holder of the most tokens of it.
    fn final_scoring(&self, cx: &mut Cx<'_>) -> HookResult {
        let tokens = Self::tokens(cx.view())?;
        for (p, points) in goods_points(&tokens).into_iter().enumerate() {
            if points == 0 {
                continue;
            }
            let Some(p) = PlayerId::from_index(p) else {
                continue;
            };
            cx.add_score(p, points);
            if cx.logging() {
                let kinds: Vec<&str> = (0..KINDS.len())
                    .filter(|&k| {
                        let c = tokens[p.index()].counts[k];
                        c > 0 && tokens.iter().all(|t| t.counts[k] <= c)
                    })
                    .map(|k| KINDS[k])
                    .collect();
                cx.log(format!(
                    "{{P{p}}} has the most {}: {points} points.",
                    kinds.join(" and ")
                ));
            }
        }
        Ok(())
    }

    /// TB6: tokens are public; every player sees everyone's, by kind.
    fn observe(&self, v: &View<'_>, _player: PlayerId, out: &mut String) -> HookResult {
        let rows: Vec<String> = Self::tokens(v)?
            .iter()
            .map(|t| {
                let fields: Vec<String> = KINDS
                    .iter()
                    .zip(t.counts)
                    .map(|(k, n)| format!("\"{k}\": {n}"))
                    .collect();
                format!("{{{}}}", fields.join(", "))
            })
            .collect();
        out.push_str(&format!("{{\"tokens\": [{}]}}", rows.join(", ")));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(w: u32, g: u32, c: u32) -> Tokens {
        Tokens { counts: [w, g, c] }
    }

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<TradeGoods>().unwrap();
    }

    #[test]
    fn tb7_the_most_of_each_kind_scores_10_and_ties_all_score() {
        // Wine: P0 alone; grain: P0 and P1 tie; cloth: P1 alone; P2 nothing.
        assert_eq!(
            goods_points(&[t(2, 1, 0), t(1, 1, 1), t(0, 0, 0)]),
            [20, 20, 0]
        );
        // All three kinds to one player.
        assert_eq!(goods_points(&[t(1, 2, 3), t(0, 2, 3)]), [30, 20]);
        // A kind nobody holds pays nobody.
        assert_eq!(goods_points(&[t(0, 0, 0), t(0, 0, 0)]), [0, 0]);
        // Everyone tied at one of each: everyone scores all three.
        assert_eq!(goods_points(&[t(1, 1, 1); 3]), [30, 30, 30]);
    }

    #[test]
    fn log_words_list_the_kinds() {
        assert_eq!(describe([2, 0, 1]).as_deref(), Some("2 wine and 1 cloth"));
        assert_eq!(
            describe([1, 1, 1]).as_deref(),
            Some("1 wine, 1 grain and 1 cloth")
        );
        assert_eq!(describe([0, 3, 0]).as_deref(), Some("3 grain"));
        assert_eq!(describe([0, 0, 0]), None);
    }
}
