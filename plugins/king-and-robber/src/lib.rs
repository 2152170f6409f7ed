//! # The `king-and-robber` plugin (the King and the Robber Baron)
//!
//! Rulings CK1–CK11 of `shared/expansions/count-king-and-robber.md`:
//!
//! * **The award tiles** (CK1): the King (for cities) and the Robber Baron (for
//!   roads) lie beside the board, held by nobody. No figures; the 5 land tiles
//!   are the tile set `king-and-robber` (data, both editions: CK11).
//! * **Taking them** (CK2–CK6): when the tile a player places completes a city
//!   with **strictly more tiles** than every city completed before in the game,
//!   that player — the active player, whoever occupies or scores the city —
//!   takes the King, from the supply or from its holder; the same for roads
//!   and the Robber Baron. Size is [`ScoreInfo::tiles`] (distinct tiles:
//!   pennants, inns, cathedrals and hills add nothing). Only completions in a
//!   turn move the tiles (`feature_scored` with reason `Completed`, which the
//!   core calls for every completed feature, occupied or not); final scoring
//!   of unfinished features never does.
//! * **Their points** (CK7–CK10, option `scoring`): `"per-feature"` (default)
//!   — at the end the King's holder scores 1 per completed city on the board,
//!   the Robber's 1 per completed road ([`completed`]: a walk over the board,
//!   so cities completed by any tile, an abbey too, and a city complete in the
//!   tile data count); `"10-20"` — 10 per tile held; `"15-40"` — 15 for one
//!   tile, 40 for both; `"continuous"` — nothing at the end, but in each
//!   scoring step the player holding a tile **before** the step scores 1 per
//!   city (road) the step completes, then the tile may change hands.
//! * **Switches** `king` and `robber` turn either award off (JCloisterZone's
//!   elements).
//!
//! State: per game, [`Awards`] (holders, the record sizes, the holders at the
//! start of the current scoring step). Public: the observation shows both
//! tiles to everyone, and each player's note ([`player_awards`]) names the
//! tiles he holds, drawn beside him in the plugin's style (`style.toml`).
//!
//! See `docs/plugins/king-and-robber.md`.

use carcassonne_plugin_sdk::prelude::*;

/// How the award tiles score (CK7–CK10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
pub enum Scoring {
    /// CK7: at the end, 1 point per completed city (King) or road (Robber).
    #[default]
    #[serde(rename = "per-feature")]
    PerFeature,
    /// CK8: at the end, 10 points per tile held.
    #[serde(rename = "10-20")]
    TenTwenty,
    /// CK9: at the end, 15 points for one tile, 40 for both.
    #[serde(rename = "15-40")]
    FifteenForty,
    /// CK10: 1 point per completed city or road to the holder before the step.
    #[serde(rename = "continuous")]
    Continuous,
}

impl Scoring {
    /// The option's value as written in a ruleset.
    pub fn name(self) -> &'static str {
        match self {
            Scoring::PerFeature => "per-feature",
            Scoring::TenTwenty => "10-20",
            Scoring::FifteenForty => "15-40",
            Scoring::Continuous => "continuous",
        }
    }
}

/// Options of the `king-and-robber` plugin (`[plugins.king-and-robber]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// CK7–CK10: how the award tiles score.
    pub scoring: Scoring,
    /// Whether the King tile is in play.
    pub king: bool,
    /// Whether the Robber Baron tile is in play.
    pub robber: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            scoring: Scoring::PerFeature,
            king: true,
            robber: true,
        }
    }
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "scoring",
            "CK7-CK10: \"per-feature\" (1 point per completed city or road at the end), \"10-20\" \
             (10 per tile held), \"15-40\" (15 for one tile, 40 for both) or \"continuous\" (1 per \
             city or road completed, to the holder before the completion).",
        ),
        (
            "king",
            "Whether the King tile is in play (the largest completed city).",
        ),
        (
            "robber",
            "Whether the Robber Baron tile is in play (the longest completed road).",
        ),
    ];
}

/// The two award tiles: index 0 the King, 1 the Robber Baron.
pub const KING: usize = 0;
/// Index of the Robber Baron in [`Awards`]' arrays.
pub const ROBBER: usize = 1;

/// Names of the award tiles in observations (`king`, `robber`).
pub const KEYS: [&str; 2] = ["king", "robber"];

/// Names of the award tiles in log lines and notes.
pub const TITLES: [&str; 2] = ["the King", "the Robber Baron"];

/// The feature kind each award tile is for.
pub const KINDS: [FeatureKind; 2] = [FeatureKind::City, FeatureKind::Road];

/// Feature words in log lines, singular and plural.
const WORDS: [(&str, &str); 2] = [("city", "cities"), ("road", "roads")];

/// Per game: who holds each award tile and the sizes that earned it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Awards {
    /// Holder of each tile, seat + 1 (0: nobody), by [`KING`] and [`ROBBER`].
    pub holder: [u32; 2],
    /// Tiles of the largest city and the longest road completed so far.
    pub tiles: [u32; 2],
    /// Turn number + 1 of the scoring step last seen (0: none yet).
    pub step: u32,
    /// Holders (seat + 1) at the start of that step (CK10).
    pub before: [u32; 2],
}

impl Awards {
    /// The seat holding award `a`, if anybody does.
    pub fn holder_of(&self, a: usize) -> Option<PlayerId> {
        seat(self.holder[a])
    }
}

/// The player stored as seat + 1 in `word` (0: nobody).
fn seat(word: u32) -> Option<PlayerId> {
    word.checked_sub(1)
        .and_then(|p| PlayerId::from_index(p as usize))
}

/// The completed roads or cities (by `kind`) on the board: roots of complete
/// features, however they were completed (CK7, X75; a city complete in the
/// tile data counts too, CK23), but not one the core never scores (withheld:
/// a city made a castle is no completed city any more, BB16).
pub fn completed(v: &View<'_>, kind: FeatureKind) -> u32 {
    (0..v.feature_count() as u16)
        .map(FeatureId)
        .filter(|&f| {
            v.feature_kind(f) == kind
                && v.find(f) == f
                && v.is_complete(f)
                && !v.feature_withheld(f)
        })
        .count() as u32
}

/// CK8, CK9: the end-of-game points of each holder under the fixed scorings
/// (`held[p]`: how many award tiles player `p` holds).
pub fn fixed_points(scoring: Scoring, held: u32) -> i32 {
    match (scoring, held) {
        (_, 0) => 0,
        (Scoring::TenTwenty, n) => 10 * n as i32,
        (Scoring::FifteenForty, 1) => 15,
        (Scoring::FifteenForty, _) => 40,
        _ => 0,
    }
}

/// The award tiles `awards` gives `player`, as a short public note
/// ("the King, the Robber Baron"), if he holds any.
pub fn player_awards(awards: &Awards, enabled: [bool; 2], player: PlayerId) -> Option<String> {
    let held: Vec<&str> = (0..2)
        .filter(|&a| enabled[a] && awards.holder_of(a) == Some(player))
        .map(|a| TITLES[a])
        .collect();
    (!held.is_empty()).then(|| held.join(", "))
}

/// The plugin: the King and the Robber Baron.
pub struct KingAndRobber {
    scoring: Scoring,
    enabled: [bool; 2],
}

impl KingAndRobber {
    /// The award for features of `kind`, if it is in play.
    fn award_for(&self, kind: FeatureKind) -> Option<usize> {
        (0..2).find(|&a| self.enabled[a] && KINDS[a] == kind)
    }

    /// CK7: each holder scores 1 per completed city or road.
    fn score_per_feature(&self, cx: &mut Cx<'_>, s: &Awards) -> HookResult {
        for a in (0..2).filter(|&a| self.enabled[a]) {
            let Some(p) = s.holder_of(a) else { continue };
            let n = completed(cx.view(), KINDS[a]);
            cx.add_score(p, n as i32);
            if cx.logging() {
                let (one, many) = WORDS[a];
                let (points, word) = if n == 1 {
                    ("point", one)
                } else {
                    ("points", many)
                };
                cx.log(format!(
                    "{{P{p}}} holds {}: {n} {points} for {n} completed {word}.",
                    TITLES[a]
                ));
            }
        }
        Ok(())
    }

    /// CK8, CK9: fixed points per holder.
    fn score_fixed(&self, cx: &mut Cx<'_>, s: &Awards) -> HookResult {
        for p in PlayerId::all(cx.players()) {
            let held: Vec<usize> = (0..2)
                .filter(|&a| self.enabled[a] && s.holder_of(a) == Some(p))
                .collect();
            let points = fixed_points(self.scoring, held.len() as u32);
            if points == 0 {
                continue;
            }
            cx.add_score(p, points);
            if cx.logging() {
                let titles: Vec<&str> = held.iter().map(|&a| TITLES[a]).collect();
                cx.log(format!(
                    "{{P{p}}} holds {}: {points} points.",
                    titles.join(" and ")
                ));
            }
        }
        Ok(())
    }
}

#[plugin]
impl Plugin for KingAndRobber {
    type Config = Options;
    const ID: &'static str = "king-and-robber";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "King & Robber Baron: the King to whoever completes the largest city so far, the Robber Baron to the longest road";
    const STATE: StateSpec = StateSpec::NONE.game::<Awards>();
    const STYLE: &'static str = include_str!("../style.toml");

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(KingAndRobber {
            scoring: options.scoring,
            enabled: [options.king, options.robber],
        })
    }

    /// Its awards concern completed cities and roads only.
    fn narrowing(&self) -> u64 {
        narrow::scored_only(&KINDS)
    }

    /// CK2–CK6, CK10: a completed city or road may move its award tile to the
    /// active player; under `"continuous"` the holder before the step scores 1.
    fn feature_scored(
        &self,
        cx: &mut Cx<'_>,
        info: &ScoreInfo<'_>,
        _points: &Points,
    ) -> HookResult {
        if info.reason != ScoreReason::Completed {
            return Ok(());
        }
        let Some(a) = self.award_for(info.kind) else {
            return Ok(());
        };
        let me = cx.current_player();
        let step = u32::from(cx.turn()) + 1;
        let s = cx.game_state_mut::<Awards>()?;
        if s.step != step {
            s.step = step;
            s.before = s.holder;
        }
        let paid = seat(s.before[a]);
        let previous = s.holder_of(a);
        let record = info.tiles > s.tiles[a];
        if record {
            s.tiles[a] = info.tiles;
            s.holder[a] = u32::from(me) + 1;
        }
        if self.scoring == Scoring::Continuous {
            if let Some(p) = paid {
                cx.add_score(p, 1);
                if cx.logging() {
                    cx.log(format!(
                        "{{P{p}}} holds {}: 1 point for the completed {}.",
                        TITLES[a], WORDS[a].0
                    ));
                }
            }
        }
        if record && cx.logging() {
            let what = match previous {
                None => format!("takes {}", TITLES[a]),
                Some(p) if p == me => format!("keeps {}", TITLES[a]),
                Some(p) => format!("takes {} from {{P{p}}}", TITLES[a]),
            };
            let size = match info.tiles {
                1 => "1 tile".to_string(),
                n => format!("{n} tiles"),
            };
            cx.log(format!(
                "{{P{me}}} completes a {} of {size}, the largest so far, and {what}.",
                WORDS[a].0
            ));
        }
        Ok(())
    }

    /// CK7–CK9: the holders' points at the end (nothing under `"continuous"`).
    fn final_scoring(&self, cx: &mut Cx<'_>) -> HookResult {
        let s = *cx.game_state::<Awards>()?;
        match self.scoring {
            Scoring::PerFeature => self.score_per_feature(cx, &s),
            Scoring::TenTwenty | Scoring::FifteenForty => self.score_fixed(cx, &s),
            Scoring::Continuous => Ok(()),
        }
    }

    /// Public: the award tiles a player holds (`the King, the Robber Baron`),
    /// drawn beside him in pictures, the browser and the terminal.
    fn player_note(&self, v: &View<'_>, player: PlayerId, out: &mut String) -> HookResult {
        let s = v.game_state::<Awards>()?;
        if let Some(held) = player_awards(s, self.enabled, player) {
            out.push_str(&held);
        }
        Ok(())
    }

    /// Public: every player sees both tiles — who holds each, the size that
    /// earned it and how many cities or roads are completed on the board.
    fn observe(&self, v: &View<'_>, _player: PlayerId, out: &mut String) -> HookResult {
        let s = v.game_state::<Awards>()?;
        let mut parts = vec![format!("\"scoring\": \"{}\"", self.scoring.name())];
        for a in (0..2).filter(|&a| self.enabled[a]) {
            let holder = s
                .holder_of(a)
                .map_or_else(|| "null".to_string(), |p| p.to_string());
            parts.push(format!(
                "\"{}\": {{\"holder\": {holder}, \"tiles\": {}, \"completed\": {}}}",
                KEYS[a],
                s.tiles[a],
                completed(v, KINDS[a])
            ));
        }
        out.push_str(&format!("{{{}}}", parts.join(", ")));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<KingAndRobber>().unwrap();
    }

    #[test]
    fn ck8_ck9_fixed_points_per_tiles_held() {
        assert_eq!(fixed_points(Scoring::TenTwenty, 0), 0);
        assert_eq!(fixed_points(Scoring::TenTwenty, 1), 10);
        assert_eq!(fixed_points(Scoring::TenTwenty, 2), 20);
        assert_eq!(fixed_points(Scoring::FifteenForty, 0), 0);
        assert_eq!(fixed_points(Scoring::FifteenForty, 1), 15);
        assert_eq!(fixed_points(Scoring::FifteenForty, 2), 40);
    }

    #[test]
    fn a_players_note_names_the_tiles_he_holds() {
        let s = Awards {
            holder: [2, 2],
            ..Awards::default()
        };
        assert_eq!(
            player_awards(&s, [true, true], PlayerId::ALL[1]).as_deref(),
            Some("the King, the Robber Baron")
        );
        assert_eq!(
            player_awards(&s, [false, true], PlayerId::ALL[1]).as_deref(),
            Some("the Robber Baron")
        );
        assert_eq!(player_awards(&s, [true, true], PlayerId::ALL[0]), None);
    }
}
