//! Game records: ruleset, seed, player actions and forced chance outcomes, as JSON.
//!
//! See `docs/records.md`. Replaying a record with the same rules reproduces the
//! game exactly: chance events are drawn from the seeded RNG in the game state,
//! except where the record forces an outcome (a fixed tile order, a token draw).

use crate::game::{Action, Actor, Game};
use crate::GameError;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// Format tag of version 1 records.
pub const RECORD_FORMAT: &str = "carcassonne-record/1";

/// A game record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// Name of the ruleset.
    pub ruleset_name: String,
    /// The full ruleset file (TOML), so a record replays on its own.
    pub ruleset: String,
    /// Players.
    pub players: u8,
    /// Seed of the game's RNG.
    pub seed: u64,
    /// Player actions in order, in text form (see [`crate::notation`]).
    pub actions: Vec<String>,
    /// Forced chance outcomes per stream (`tile`, `hidden`, or a plugin id), in order.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub forced: BTreeMap<String, Vec<String>>,
    /// Final scores, if the game ended (checked on replay when present).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<i32>>,
}

/// Why a record could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// Not JSON of the record format.
    #[error("not a game record: {0}")]
    Parse(String),
    /// Unknown `format`.
    #[error("unsupported record format `{0}` (expected `{RECORD_FORMAT}`)")]
    Format(String),
    /// An action was malformed or illegal.
    #[error("action {index} (`{text}`): {error}")]
    Action {
        /// 1-based index in `actions`.
        index: usize,
        /// The action text.
        text: String,
        /// What went wrong.
        error: GameError,
    },
    /// A forced outcome was malformed or impossible.
    #[error("forced `{stream}` outcome `{text}`: {error}")]
    Forced {
        /// Stream.
        stream: String,
        /// Outcome text.
        text: String,
        /// What went wrong.
        error: GameError,
    },
    /// The game ended with actions left over.
    #[error("the game ended with {0} action(s) left in the record")]
    Leftover(usize),
    /// Forced chance outcomes were left over after the last action.
    #[error("{count} forced `{stream}` outcome(s) left unused after the last action (first: `{first}`){}", stream_hint(.known))]
    LeftoverForced {
        /// The stream.
        stream: String,
        /// How many are left.
        count: usize,
        /// The first unused outcome.
        first: String,
        /// The chance streams of this game, if `stream` is not one of them.
        known: Option<Vec<String>>,
    },
    /// Recorded final scores differ from the replay.
    #[error("replayed scores {replayed:?} differ from the recorded {recorded:?}")]
    Scores {
        /// In the record.
        recorded: Vec<i32>,
        /// Replayed.
        replayed: Vec<i32>,
    },
    /// Creating the game failed.
    #[error(transparent)]
    Game(#[from] GameError),
}

fn stream_hint(known: &Option<Vec<String>>) -> String {
    match known {
        Some(k) => format!(
            "; this game has no such chance stream (its streams: {})",
            k.join(", ")
        ),
        None => String::new(),
    }
}

impl Record {
    /// Parses a JSON record.
    pub fn from_json(text: &str) -> Result<Record, ReplayError> {
        let r: Record =
            serde_json::from_str(text).map_err(|e| ReplayError::Parse(e.to_string()))?;
        if r.format != RECORD_FORMAT {
            return Err(ReplayError::Format(r.format));
        }
        Ok(r)
    }

    /// Pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("records serialise")
    }
}

/// Drives a game from player actions and forced chance outcomes.
pub struct Driver {
    forced: BTreeMap<String, VecDeque<String>>,
}

impl Driver {
    /// A driver with the given forced outcomes.
    pub fn new(forced: &BTreeMap<String, Vec<String>>) -> Driver {
        Driver {
            forced: forced
                .iter()
                .map(|(k, v)| (k.clone(), v.iter().cloned().collect()))
                .collect(),
        }
    }

    /// Resolves pending chance events (forced outcome if any, else the game's RNG)
    /// until a player must act or the game is over.
    pub fn settle(&mut self, g: &mut Game) -> Result<(), ReplayError> {
        while g.actor() == Actor::Chance {
            let stream = g.chance_stream().unwrap_or("tile").to_string();
            match self.forced.get_mut(&stream).and_then(|q| q.pop_front()) {
                Some(text) => {
                    let c = g
                        .parse_outcome(&text)
                        .map_err(|error| ReplayError::Forced {
                            stream: stream.clone(),
                            text: text.clone(),
                            error,
                        })?;
                    g.apply(Action::Chance(c))
                        .map_err(|error| ReplayError::Forced {
                            stream,
                            text,
                            error,
                        })?;
                }
                None => {
                    g.sample_chance()?;
                }
            }
        }
        Ok(())
    }

    /// Replays `actions` on `g` (whose rules, players and seed must match the record).
    pub fn replay(&mut self, g: &mut Game, actions: &[String]) -> Result<(), ReplayError> {
        for (i, text) in actions.iter().enumerate() {
            self.settle(g)?;
            if g.is_over() {
                return Err(ReplayError::Leftover(actions.len() - i));
            }
            let a = g.parse_action(text).map_err(|error| ReplayError::Action {
                index: i + 1,
                text: text.clone(),
                error,
            })?;
            g.apply(a).map_err(|error| ReplayError::Action {
                index: i + 1,
                text: text.clone(),
                error,
            })?;
        }
        self.settle(g)?;
        self.check_used_up(g)
    }

    /// Fails if forced outcomes are left over (like actions left over, a record
    /// that does not match its game).
    pub fn check_used_up(&self, g: &Game) -> Result<(), ReplayError> {
        let Some((stream, q)) = self.forced.iter().find(|(_, q)| !q.is_empty()) else {
            return Ok(());
        };
        let mut streams = vec!["tile".to_string(), "hidden".to_string()];
        streams.extend(g.rules().plugins.iter().map(|p| p.decl.id.clone()));
        Err(ReplayError::LeftoverForced {
            stream: stream.clone(),
            count: q.len(),
            first: q.front().cloned().unwrap_or_default(),
            known: (!streams.contains(stream)).then_some(streams),
        })
    }
}

/// Records a game as it is played.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    /// Player actions so far.
    pub actions: Vec<String>,
    /// Explicitly chosen chance outcomes so far.
    pub forced: BTreeMap<String, Vec<String>>,
}

impl Recorder {
    /// Applies `a` to `g` and records it. Chance outcomes applied this way are
    /// recorded as forced; use [`Recorder::sample`] for RNG draws.
    pub fn apply(&mut self, g: &mut Game, a: Action) -> Result<(), GameError> {
        let text = g.format_action(a);
        let stream = g.chance_stream().map(str::to_string);
        g.apply(a)?;
        match (a, stream) {
            (Action::Chance(_), Some(s)) => {
                let name = text
                    .split_once(' ')
                    .map_or(text.as_str(), |x| x.1)
                    .to_string();
                self.forced.entry(s).or_default().push(name);
            }
            _ => self.actions.push(text),
        }
        Ok(())
    }

    /// Samples the pending chance event from the game's RNG (not recorded: the seed replays it).
    pub fn sample(&mut self, g: &mut Game) -> Result<u32, GameError> {
        g.sample_chance()
    }

    /// Finishes the record.
    pub fn finish(self, g: &Game, ruleset_name: &str, ruleset_toml: &str) -> Record {
        Record {
            format: RECORD_FORMAT.into(),
            ruleset_name: ruleset_name.into(),
            ruleset: ruleset_toml.into(),
            players: g.players(),
            seed: g.seed(),
            actions: self.actions,
            forced: self.forced,
            scores: g.is_over().then(|| g.scores().to_vec()),
        }
    }
}
