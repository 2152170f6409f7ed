//! # carcassonne-bots
//!
//! Bots over the public [`Game`] API (actor, legal actions, apply, chance
//! outcomes, clone): they name no expansion, so they play any ruleset, with any
//! plugins.
//!
//! * [`BotSpec`] is what a user writes (`random`, `greedy`, `mcts`,
//!   `mcts:2000`, `mcts:200ms`, `mcts:500:threads=4`), parsed with clear errors
//!   ([`SpecError`]) and printed back the same way;
//! * [`BotSpec::build`] makes a [`Bot`], which chooses an action for whoever
//!   [`Game::actor`] says must act;
//! * [`play_game`] plays a whole seeded game between bots; [`seat_bots`] and
//!   [`play_out`] play the same game move by move;
//! * [`BotChooser`] makes the players' decisions of the conformance kit's
//!   games (`carcassonne conformance --bots`).
//!
//! A bot never hides a failure: if a plugin hook fails while the bot looks at
//! an action, [`Bot::choose`] returns the error, naming the action.
#![forbid(unsafe_code)]

pub mod greedy;
mod kit;
pub mod mcts;
mod play;
mod random;
mod spec;
pub mod tournament;

pub use greedy::Greedy;
pub use kit::BotChooser;
pub use mcts::{Mcts, NODE_CAP};
pub use play::{play_game, play_game_in, play_out, seat_bots, PlayError};
pub use random::RandomBot;
pub use spec::{seat_specs, BotSpec, Budget, MctsSpec, SpecError, BOT_NAMES};

use carcassonne_core::{Action, Actor, Game, GameError, PlayerId};

/// Why a bot could not choose an action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    /// No player is to act (a chance event, or the game is over).
    #[error("no player is to act now ({0:?})")]
    NotPlayersTurn(Actor),
    /// No bot was given for the seat that must act.
    #[error("no bot plays this seat")]
    NoBot,
    /// The pending decision offers no action at all.
    #[error("the pending decision has no legal action")]
    NoLegalAction,
    /// The engine refused to list the actions (e.g. a plugin hook failed).
    #[error(transparent)]
    Game(#[from] GameError),
    /// A plugin hook failed while the bot searched ahead on copies of the game.
    /// (Its text includes what failed, so `error` is no `source()`: a chain
    /// printed whole would say it twice.)
    #[error("while searching ahead: {error}")]
    Searching {
        /// What failed.
        error: GameError,
    },
    /// A plugin hook failed while the bot tried an action on a copy of the game.
    #[error("while trying `{action}`: {error}")]
    Trying {
        /// The action tried, in record notation.
        action: String,
        /// What failed.
        error: GameError,
    },
}

/// A bot: chooses actions for the player who must act.
pub trait Bot: Send {
    /// Chooses a legal action for the player to act in `g` (whoever
    /// [`Game::actor`] names, which need not be the turn's player).
    fn choose(&mut self, g: &Game) -> Result<Action, BotError>;

    /// What a searching bot has done so far (`None` for bots that do not search).
    fn search_stats(&self) -> Option<SearchStats> {
        None
    }
}

/// Work of a searching bot, summed over its decisions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Searches run (decisions with more than one legal action).
    pub searches: u64,
    /// Playouts (iterations: one walk down the tree and one random game to the end).
    pub playouts: u64,
    /// Wall-clock seconds spent searching.
    pub seconds: f64,
    /// Most nodes of one thread's tree.
    pub max_tree: u64,
}

impl SearchStats {
    /// Adds another bot's work.
    pub fn add(&mut self, o: &SearchStats) {
        self.searches += o.searches;
        self.playouts += o.playouts;
        self.seconds += o.seconds;
        self.max_tree = self.max_tree.max(o.max_tree);
    }
}

impl BotSpec {
    /// A bot of this kind with its own RNG seeded by `seed`. A search bot whose
    /// specification leaves the thread count open uses one thread (see
    /// [`BotSpec::with_default_threads`]).
    pub fn build(&self, seed: u64) -> Box<dyn Bot> {
        match self {
            BotSpec::Random => Box::new(RandomBot::new(seed)),
            BotSpec::Greedy => Box::new(Greedy::new(seed)),
            BotSpec::Mcts(m) => Box::new(Mcts::new(m.clone(), m.threads.unwrap_or(1), seed)),
        }
    }

    /// This specification with `threads` search threads if it leaves them open
    /// (a program playing one game at a time gives all cores).
    pub fn with_default_threads(mut self, threads: usize) -> BotSpec {
        if let BotSpec::Mcts(m) = &mut self {
            m.threads.get_or_insert(threads.clamp(1, spec::MAX_THREADS));
        }
        self
    }
}

/// The seed of the bot in `seat` of a game with seed `seed` (each seat its own stream).
pub fn seat_seed(seed: u64, seat: u8) -> u64 {
    seed ^ 0x9E37_79B9u64.wrapping_mul(u64::from(seat) + 1)
}

/// The player who must act, or the matching error.
pub(crate) fn acting_player(g: &Game) -> Result<PlayerId, BotError> {
    match g.actor() {
        Actor::Player(p) => Ok(p),
        a => Err(BotError::NotPlayersTurn(a)),
    }
}

/// The legal actions, or an error if there is none.
pub(crate) fn legal(g: &Game) -> Result<Vec<Action>, BotError> {
    let acts = g.legal_actions()?;
    if acts.is_empty() {
        return Err(BotError::NoLegalAction);
    }
    Ok(acts)
}
