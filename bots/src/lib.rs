//! # carcassonne-bots
//!
//! Bots over the public [`Game`] API (actor, legal actions, apply, chance
//! outcomes, clone): they name no expansion, so they play any ruleset, with any
//! plugins.
//!
//! * [`BotSpec`] is what a user writes (`random`, `greedy`), parsed with clear
//!   errors ([`SpecError`]) and printed back the same way;
//! * [`BotSpec::build`] makes a [`Bot`], which chooses an action for whoever
//!   [`Game::actor`] says must act;
//! * [`play_game`] plays a whole seeded game between bots.
//!
//! A bot never hides a failure: if a plugin hook fails while the bot looks at
//! an action, [`Bot::choose`] returns the error, naming the action.

pub mod greedy;
mod random;
mod spec;

pub use greedy::Greedy;
pub use random::RandomBot;
pub use spec::{seat_specs, BotSpec, SpecError, BOT_NAMES};

use carcassonne_core::{Action, Actor, Game, GameError, Rng, Rules};
use std::sync::Arc;

/// Why a bot could not choose an action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    /// No player is to act (a chance event, or the game is over).
    #[error("no player is to act now ({0:?})")]
    NotPlayersTurn(Actor),
    /// The pending decision offers no action at all.
    #[error("the pending decision has no legal action")]
    NoLegalAction,
    /// The engine refused to list the actions (e.g. a plugin hook failed).
    #[error(transparent)]
    Game(#[from] GameError),
    /// A plugin hook failed while the bot tried an action on a copy of the game.
    #[error("while trying `{action}`: {source}")]
    Trying {
        /// The action tried, in record notation.
        action: String,
        /// What failed.
        source: GameError,
    },
}

/// A bot: chooses actions for the player who must act.
pub trait Bot: Send {
    /// Chooses a legal action for the player to act in `g` (whoever
    /// [`Game::actor`] names, which need not be the turn's player).
    fn choose(&mut self, g: &Game) -> Result<Action, BotError>;
}

impl BotSpec {
    /// A bot of this kind with its own RNG seeded by `seed`.
    pub fn build(&self, seed: u64) -> Box<dyn Bot> {
        match self {
            BotSpec::Random => Box::new(RandomBot::new(seed)),
            BotSpec::Greedy => Box::new(Greedy::new(seed)),
        }
    }
}

/// The seed of the bot in `seat` of a game with seed `seed` (each seat its own stream).
pub fn seat_seed(seed: u64, seat: u8) -> u64 {
    seed ^ 0x9E37_79B9u64.wrapping_mul(u64::from(seat) + 1)
}

/// The player who must act, or the matching error.
pub(crate) fn acting_player(g: &Game) -> Result<u8, BotError> {
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

/// Why [`play_game`] stopped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game could not be created.
    #[error(transparent)]
    Game(#[from] GameError),
    /// A seat's bot failed.
    #[error("player {player} ({bot}): {source}")]
    Bot {
        /// The seat.
        player: u8,
        /// The bot, as specified.
        bot: String,
        /// What failed.
        source: BotError,
    },
}

/// Plays a whole game with seed `seed` between bots (`specs` per seat, see
/// [`seat_specs`]); chance events are sampled with the game's own RNG, so the
/// same seed and bots give the same game.
///
/// When every seat is `random`, the game runs on the engine's fast playout
/// path ([`Game::step_random`], one RNG for all seats); it draws from the same
/// distribution as [`RandomBot`].
pub fn play_game(
    rules: &Arc<Rules>,
    players: u8,
    seed: u64,
    specs: &[BotSpec],
) -> Result<Game, PlayError> {
    let mut g = Game::new(rules.clone(), players, seed)?;
    let specs = seat_specs(specs, players);
    if specs.iter().all(|s| *s == BotSpec::Random) {
        let mut rng = Rng::new(seed ^ 0xC0FF_EE00_D15E_A5E5);
        while g.step_random(&mut rng)? {}
        return Ok(g);
    }
    let mut bots: Vec<Box<dyn Bot>> = specs
        .iter()
        .enumerate()
        .map(|(p, s)| s.build(seat_seed(seed, p as u8)))
        .collect();
    loop {
        match g.actor() {
            Actor::GameOver => return Ok(g),
            Actor::Chance => {
                g.sample_chance()?;
            }
            Actor::Player(p) => {
                let fail = |source| PlayError::Bot {
                    player: p,
                    bot: specs[p as usize].to_string(),
                    source,
                };
                let a = bots[p as usize].choose(&g).map_err(fail)?;
                g.apply(a).map_err(|e| fail(BotError::Game(e)))?;
            }
        }
    }
}
