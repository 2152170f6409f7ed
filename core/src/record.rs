//! Game records: ruleset, seed, player actions and forced chance outcomes, as JSON.
//!
//! See `docs/records.md`. Replaying a record with the same rules reproduces the
//! game exactly: chance events are drawn from the seeded RNG in the game state,
//! except where the record forces an outcome (a fixed tile order, a token draw).

use crate::game::{Action, Actor, Game};
use crate::GameError;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// Format tag of the records this version writes.
pub const RECORD_FORMAT: &str = "carcassonne-record/2";
/// Format tags of the records this version reads (version 1 lacks the
/// tile-set texts, plugin versions and rules fingerprint).
pub const READABLE_FORMATS: [&str; 2] = ["carcassonne-record/1", RECORD_FORMAT];

/// In a stream of forced outcomes, one drawn from the game's RNG (it stands
/// before a later forced outcome of the same stream).
pub const SAMPLED: &str = "*";

/// The action text that ends a game early: final scoring at once, as if the bag
/// were empty (allowed between turns; see [`Game::end_now`]).
pub const END: &str = "end";

/// A plugin and its version, as a record remembers them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PluginVersion {
    /// Plugin id.
    pub id: String,
    /// Its version.
    pub version: String,
}

/// Where a game's rules came from: what a record stores so it replays anywhere
/// and so a change of the rules is reported as such.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Provenance {
    /// Name of the ruleset.
    pub ruleset_name: String,
    /// The full ruleset file (TOML).
    pub ruleset: String,
    /// The text of each tile-set file the ruleset names, by the name it uses.
    pub tilesets: BTreeMap<String, String>,
    /// Enabled plugins and their versions, in dispatch order.
    pub plugins: Vec<PluginVersion>,
    /// Fingerprint of the compiled rules (tiles, options, plugins and their versions).
    pub rules_hash: Option<String>,
}

impl Provenance {
    /// Only the ruleset's name and text (what version 1 records stored).
    pub fn bare(ruleset_name: &str, ruleset_toml: &str) -> Provenance {
        Provenance {
            ruleset_name: ruleset_name.into(),
            ruleset: ruleset_toml.into(),
            ..Provenance::default()
        }
    }
}

/// A game record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// [`RECORD_FORMAT`] (or an older one of [`READABLE_FORMATS`]).
    pub format: String,
    /// Name of the ruleset.
    pub ruleset_name: String,
    /// The full ruleset file (TOML), so a record replays on its own.
    pub ruleset: String,
    /// The text of each tile-set file the ruleset names (by the name it uses there),
    /// so the record replays without them.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tilesets: BTreeMap<String, String>,
    /// Enabled plugins and their versions when the game was played.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub plugins: Vec<PluginVersion>,
    /// Fingerprint of the rules the game was played with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules_hash: Option<String>,
    /// Players.
    pub players: u8,
    /// Who played each seat, for people (a person's name, a bot's name), one
    /// per player, `""` where unknown; empty when no seat's is known. Replay
    /// ignores them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    /// Seed of the game's RNG.
    pub seed: u64,
    /// Player actions in order, in text form (see [`crate::notation`]).
    pub actions: Vec<String>,
    /// Forced chance outcomes per stream (`tile`, `hidden`, `face-up`, or a
    /// plugin id), in order.
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
    /// The seats' names are not one per player, or one is too long or holds
    /// control characters.
    #[error("names: {0}")]
    Names(String),
    /// Creating the game failed.
    #[error(transparent)]
    Game(#[from] GameError),
}

/// The most characters of a name in [`Record::names`].
pub const NAME_CHARS: usize = 40;

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
        if !READABLE_FORMATS.contains(&r.format.as_str()) {
            return Err(ReplayError::Format(r.format));
        }
        r.check_names()?;
        Ok(r)
    }

    /// Checks [`Record::names`]: none, or one per player, each at most
    /// [`NAME_CHARS`] characters without control characters.
    pub fn check_names(&self) -> Result<(), ReplayError> {
        if !self.names.is_empty() && self.names.len() != usize::from(self.players) {
            return Err(ReplayError::Names(format!(
                "{} given for {} players (one per player, \"\" where unknown)",
                self.names.len(),
                self.players
            )));
        }
        for (i, n) in self.names.iter().enumerate() {
            if n.chars().count() > NAME_CHARS || n.chars().any(char::is_control) {
                return Err(ReplayError::Names(format!(
                    "seat {i}'s name is longer than {NAME_CHARS} characters or holds control characters"
                )));
            }
        }
        Ok(())
    }

    /// The name of seat `p` ([`Record::names`]), if the record has one.
    pub fn name(&self, p: usize) -> Option<&str> {
        self.names
            .get(p)
            .map(String::as_str)
            .filter(|n| !n.is_empty())
    }

    /// Pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("records serialise")
    }
}

/// Drives a game from player actions and forced chance outcomes.
#[derive(Clone, Debug)]
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
        self.settle_into(g, None, true)
    }

    /// [`Driver::settle`], through `rec` if given (the outcomes are recorded as
    /// the record had them); a chance event with no forced outcome left in its
    /// stream is sampled when `sample_unforced` is set, or while an outcome of
    /// another stream is still to be forced (the game it was recorded from
    /// drew this one from the RNG before that one: a tile drawn, then the tile
    /// put under its hill forced); else the game stops there.
    fn settle_into(
        &mut self,
        g: &mut Game,
        mut rec: Option<&mut Recorder>,
        sample_unforced: bool,
    ) -> Result<(), ReplayError> {
        while g.actor() == Actor::Chance {
            let stream = g.chance_stream().unwrap_or("tile").to_string();
            match self.forced.get_mut(&stream).and_then(|q| q.pop_front()) {
                Some(text) if text == SAMPLED => {
                    sample(g, rec.as_deref_mut())?;
                }
                Some(text) => {
                    let forced = |error| ReplayError::Forced {
                        stream: stream.clone(),
                        text: text.clone(),
                        error,
                    };
                    let c = g.parse_outcome(&text).map_err(forced)?;
                    apply(g, rec.as_deref_mut(), Action::Chance(c)).map_err(forced)?;
                }
                None if sample_unforced || self.forced_left() => {
                    sample(g, rec.as_deref_mut())?;
                }
                None => break,
            }
        }
        Ok(())
    }

    /// Replays `actions` on `g` (whose rules, players and seed must match the record).
    pub fn replay(&mut self, g: &mut Game, actions: &[String]) -> Result<(), ReplayError> {
        self.replay_observed(g, actions, |_, _| {})
    }

    /// [`Driver::replay`], calling `seen` after every step: `seen(g, Some(text))`
    /// after action `text`, `seen(g, None)` after chance events were resolved
    /// (e.g. to collect the events of each turn).
    pub fn replay_observed(
        &mut self,
        g: &mut Game,
        actions: &[String],
        seen: impl FnMut(&mut Game, Option<&str>),
    ) -> Result<(), ReplayError> {
        self.run(g, None, actions, seen, true)
    }

    /// Replays `actions` on `g` through `rec`, so that the record `rec` writes
    /// afterwards continues the replayed one exactly (a record played on: the
    /// Python package's `Game.from_record`). After the last action the chance
    /// events are resolved while forced outcomes are left (those before them
    /// drawn from the RNG, as they were): the game stops at the first chance
    /// event after the last forced outcome, for the caller to sample or force.
    pub fn replay_recorded(
        &mut self,
        g: &mut Game,
        rec: &mut Recorder,
        actions: &[String],
    ) -> Result<(), ReplayError> {
        self.run(g, Some(rec), actions, |_, _| {}, false)
    }

    /// The one replay loop: every action after the chance events before it,
    /// through `rec` if given; then the chance events after the last one
    /// (sampled too if `sample_at_end`) and the check that no forced outcome
    /// is left over.
    fn run(
        &mut self,
        g: &mut Game,
        mut rec: Option<&mut Recorder>,
        actions: &[String],
        mut seen: impl FnMut(&mut Game, Option<&str>),
        sample_at_end: bool,
    ) -> Result<(), ReplayError> {
        for (i, text) in actions.iter().enumerate() {
            if text.trim() != END {
                self.settle_into(g, rec.as_deref_mut(), true)?;
                seen(g, None);
            }
            if g.is_over() {
                return Err(ReplayError::Leftover(actions.len() - i));
            }
            self.apply_text_into(g, rec.as_deref_mut(), i + 1, text)?;
            seen(g, Some(text));
        }
        self.settle_into(g, rec, sample_at_end)?;
        seen(g, None);
        self.check_used_up(g)
    }

    /// Applies action `text` (number `index`, 1-based, for errors): a player
    /// action after the pending chance events, or [`END`] (final scoring now,
    /// before the next tile is drawn).
    pub fn apply_text(
        &mut self,
        g: &mut Game,
        index: usize,
        text: &str,
    ) -> Result<(), ReplayError> {
        self.apply_text_into(g, None, index, text)
    }

    /// [`Driver::apply_text`], through `rec` if given.
    fn apply_text_into(
        &mut self,
        g: &mut Game,
        mut rec: Option<&mut Recorder>,
        index: usize,
        text: &str,
    ) -> Result<(), ReplayError> {
        let err = |error| ReplayError::Action {
            index,
            text: text.to_string(),
            error,
        };
        if text.trim() == END {
            return match rec {
                Some(r) => r.end_now(g),
                None => g.end_now(),
            }
            .map_err(err);
        }
        self.settle_into(g, rec.as_deref_mut(), true)?;
        let a = g.parse_action(text).map_err(err)?;
        apply(g, rec, a).map_err(err)
    }

    /// Whether a forced outcome of any stream is still to be used.
    fn forced_left(&self) -> bool {
        self.forced.values().any(|q| !q.is_empty())
    }

    /// Fails if forced outcomes are left over (like actions left over, a record
    /// that does not match its game).
    pub fn check_used_up(&self, g: &Game) -> Result<(), ReplayError> {
        let Some((stream, q)) = self.forced.iter().find(|(_, q)| !q.is_empty()) else {
            return Ok(());
        };
        let mut streams = vec![
            "tile".into(),
            "hidden".into(),
            crate::notation::FACE_UP.into(),
        ];
        streams.extend(g.rules().plugins.iter().map(|p| p.decl.id.clone()));
        Err(ReplayError::LeftoverForced {
            stream: stream.clone(),
            count: q.len(),
            first: q.front().cloned().unwrap_or_default(),
            known: (!streams.contains(stream)).then_some(streams),
        })
    }
}

/// Samples the pending chance event, through `rec` if given.
fn sample(g: &mut Game, rec: Option<&mut Recorder>) -> Result<u32, GameError> {
    match rec {
        Some(r) => r.sample(g),
        None => g.sample_chance(),
    }
}

/// Applies `a`, through `rec` if given.
fn apply(g: &mut Game, rec: Option<&mut Recorder>, a: Action) -> Result<(), GameError> {
    match rec {
        Some(r) => r.apply(g, a),
        None => g.apply(a),
    }
}

/// Records a game as it is played.
///
/// A replay uses a stream's forced outcomes for that stream's chance events in
/// order; [`SAMPLED`] in the list stands for an outcome drawn from the game's
/// RNG. So when an outcome is forced after others of its stream were sampled,
/// those are recorded as [`SAMPLED`] before it, and the replay draws them from
/// the RNG exactly as the game did.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    /// Player actions so far.
    pub actions: Vec<String>,
    /// Explicitly chosen chance outcomes so far, per stream ([`SAMPLED`] for
    /// one drawn from the RNG before a later forced one).
    pub forced: BTreeMap<String, Vec<String>>,
    /// Outcomes sampled in each stream since its last forced one.
    sampled: BTreeMap<String, usize>,
}

impl Recorder {
    /// A recorder for a game whose chance events begin with these forced
    /// outcomes (a record played on).
    pub fn continuing(forced: &BTreeMap<String, Vec<String>>) -> Recorder {
        Recorder {
            forced: forced.clone(),
            ..Recorder::default()
        }
    }

    /// Applies `a` to `g` and records it. Chance outcomes applied this way are
    /// recorded as forced; use [`Recorder::sample`] for RNG draws.
    pub fn apply(&mut self, g: &mut Game, a: Action) -> Result<(), GameError> {
        let step = g.pending_steps().last().copied();
        let stream = g.chance_stream().map(str::to_string);
        let text = g.format_action(a);
        g.apply(a)?;
        match (a, stream) {
            (Action::Chance(c), Some(s)) => {
                let before = self.sampled.remove(&s).unwrap_or(0);
                let list = self.forced.entry(s).or_default();
                list.extend(std::iter::repeat_n(SAMPLED.to_string(), before));
                list.push(g.outcome_name_in(step, c));
            }
            _ => self.actions.push(text),
        }
        Ok(())
    }

    /// Samples the pending chance event from the game's RNG (the seed replays it).
    pub fn sample(&mut self, g: &mut Game) -> Result<u32, GameError> {
        let stream = g.chance_stream().unwrap_or("tile").to_string();
        let c = g.sample_chance()?;
        *self.sampled.entry(stream).or_default() += 1;
        Ok(c)
    }

    /// Finishes the record, with only the ruleset's name and text as its provenance.
    pub fn finish(self, g: &Game, ruleset_name: &str, ruleset_toml: &str) -> Record {
        self.record(g, &Provenance::bare(ruleset_name, ruleset_toml))
    }

    /// The record of the game so far (final scores once it is over).
    pub fn record(&self, g: &Game, p: &Provenance) -> Record {
        Record {
            format: RECORD_FORMAT.into(),
            ruleset_name: p.ruleset_name.clone(),
            ruleset: p.ruleset.clone(),
            tilesets: p.tilesets.clone(),
            plugins: p.plugins.clone(),
            rules_hash: p.rules_hash.clone(),
            players: g.players(),
            names: Vec::new(),
            seed: g.seed(),
            actions: self.actions.clone(),
            forced: self.forced.clone(),
            scores: g.is_over().then(|| g.scores().to_vec()),
        }
    }

    /// Ends the game now (final scoring, see [`Game::end_now`]) and records it
    /// as the action `end`.
    pub fn end_now(&mut self, g: &mut Game) -> Result<(), GameError> {
        g.end_now()?;
        self.actions.push(END.into());
        Ok(())
    }
}
