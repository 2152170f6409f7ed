//! Playing whole games between bots.

use crate::{seat_seed, seat_specs, Bot, BotError, BotSpec};
use carcassonne_core::{Actor, Game, GameError, PlayerId, Rng, Rules};
use std::sync::Arc;

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
        player: PlayerId,
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
/// path ([`Game::play_random`], one RNG for all seats); it draws from the same
/// distribution as [`RandomBot`].
pub fn play_game(
    rules: &Arc<Rules>,
    players: u8,
    seed: u64,
    specs: &[BotSpec],
) -> Result<Game, PlayError> {
    let mut g = Game::new(rules.clone(), players, seed)?;
    play_started(&mut g, seed, specs)?;
    Ok(g)
}

/// [`play_game`] in the game kept in `slot`, for batches: a game of the same
/// rules object and player count is restarted in place ([`Game::restart`]: no
/// allocation once its buffers are warm), otherwise a new one is made there.
/// Plays the same game as [`play_game`] with the same arguments.
pub fn play_game_in<'a>(
    slot: &'a mut Option<Game>,
    rules: &Arc<Rules>,
    players: u8,
    seed: u64,
    specs: &[BotSpec],
) -> Result<&'a Game, PlayError> {
    let reuse = slot
        .as_ref()
        .is_some_and(|g| Arc::ptr_eq(g.rules(), rules) && g.players() == players);
    let g = match slot.take() {
        Some(mut g) if reuse => {
            g.restart(seed)?;
            slot.insert(g)
        }
        _ => slot.insert(Game::new(rules.clone(), players, seed)?),
    };
    play_started(g, seed, specs)?;
    Ok(g)
}

/// Plays a game just started with `seed` to its end (see [`play_game`]).
fn play_started(g: &mut Game, seed: u64, specs: &[BotSpec]) -> Result<(), PlayError> {
    let specs = seat_specs(specs, g.players());
    if specs.iter().all(|s| *s == BotSpec::Random) {
        let mut rng = Rng::new(seed ^ 0xC0FF_EE00_D15E_A5E5);
        g.play_random(&mut rng)?;
        return Ok(());
    }
    let mut bots: Vec<Box<dyn Bot>> = specs
        .iter()
        .enumerate()
        .map(|(p, s)| s.build(seat_seed(seed, p as u8)))
        .collect();
    play_out(g, &mut bots, &specs)
}

/// Plays `g` to its end: chance events sampled with the game's own RNG, each
/// decision by the bot of the player who must act (`specs` names them in errors).
pub fn play_out(
    g: &mut Game,
    bots: &mut [Box<dyn Bot>],
    specs: &[BotSpec],
) -> Result<(), PlayError> {
    loop {
        match g.actor() {
            Actor::GameOver => return Ok(()),
            Actor::Chance => {
                g.sample_chance()?;
            }
            Actor::Player(p) => {
                let fail = |source| PlayError::Bot {
                    player: p,
                    bot: specs
                        .get(p.index())
                        .map_or_else(|| "?".into(), ToString::to_string),
                    source,
                };
                let bot = bots
                    .get_mut(p.index())
                    .ok_or_else(|| fail(BotError::NoBot))?;
                let a = bot.choose(g).map_err(fail)?;
                g.apply(a).map_err(|e| fail(BotError::Game(e)))?;
            }
        }
    }
}
