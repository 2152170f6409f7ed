//! The `random` bot, and the `random` seats of a game whose every seat is
//! `random` (they play what the engine's fast playout path plays).

use crate::{legal, Bot, BotError};
use carcassonne_core::{Action, Game, Placement, Rng};
use std::sync::{Arc, Mutex, PoisonError};

/// Uniform among the legal actions of each decision: uniform among placements
/// (distinct position and rotation pairs), then uniform among that placement's
/// figure options (including none), and so on.
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    /// A random bot with its own seeded RNG.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Rng::new(seed),
        }
    }
}

impl Bot for RandomBot {
    fn choose(&mut self, g: &Game) -> Result<Action, BotError> {
        crate::acting_player(g)?;
        let acts = legal(g)?;
        Ok(acts[self.rng.below(acts.len() as u32) as usize])
    }
}

/// What a game's seed is mixed with to seed the one RNG of a game whose every
/// seat is `random` ([`crate::play_game`]'s fast path, [`Game::play_random`]).
pub(crate) const PLAYOUT_SEED_MIX: u64 = 0xC0FF_EE00_D15E_A5E5;

/// The seed of the one RNG all seats of an all-`random` game with seed `seed` draw from.
pub(crate) fn playout_seed(seed: u64) -> u64 {
    seed ^ PLAYOUT_SEED_MIX
}

/// A `random` seat of a game whose every seat is `random`, as
/// [`crate::seat_bots`] builds them: all seats draw from one RNG (seeded by
/// [`playout_seed`]), and each decision is the one [`Game::step_random`]
/// takes with that RNG. So a game played action by action between these bots
/// (with the chance events sampled by [`Game::sample_chance`]) is the very
/// game [`Game::play_random`] plays in one call with the same RNG: the game
/// `simulate` plays for the seed.
pub(crate) struct PlayoutSeat {
    /// What all the game's seats share.
    shared: Arc<Mutex<Shared>>,
}

/// The RNG of an all-`random` game's seats, and a copy of the game to take
/// the fast path's step on (kept: no allocation once it is warm).
struct Shared {
    rng: Rng,
    stepped: Option<Game>,
}

impl PlayoutSeat {
    /// The `players` seats of an all-`random` game with seed `seed`, sharing one RNG.
    pub(crate) fn seats(seed: u64, players: usize) -> Vec<Box<dyn Bot>> {
        let shared = Arc::new(Mutex::new(Shared {
            rng: Rng::new(playout_seed(seed)),
            stepped: None,
        }));
        (0..players)
            .map(|_| {
                Box::new(PlayoutSeat {
                    shared: shared.clone(),
                }) as Box<dyn Bot>
            })
            .collect()
    }
}

impl Bot for PlayoutSeat {
    fn choose(&mut self, g: &Game) -> Result<Action, BotError> {
        let mut shared = self.shared.lock().unwrap_or_else(PoisonError::into_inner);
        let Shared { rng, stepped } = &mut *shared;
        playout_action(g, rng, stepped)
    }
}

/// The action [`Game::step_random`] takes with `rng` for the player to act
/// in `g`, `rng` advanced as that step advances it (`stepped`: a game to
/// take the step on, reused).
///
/// Outside placements the fast path draws an index into the canonical order
/// of [`Game::legal_actions`], one draw, as [`RandomBot`] does. For a
/// placement it walks the board's frontier instead: the step is taken on a
/// copy, and the placement is the one at the square, rotation and piece of
/// the tile it placed; failing that (the tile set aside), the legal action
/// that leads to the same state.
pub(crate) fn playout_action(
    g: &Game,
    rng: &mut Rng,
    stepped: &mut Option<Game>,
) -> Result<Action, BotError> {
    crate::acting_player(g)?;
    let acts = legal(g)?;
    if !matches!(acts[0], Action::Place(_)) {
        return Ok(acts[rng.below(acts.len() as u32) as usize]);
    }
    let copy = match stepped {
        Some(c) => {
            c.clone_from(g);
            c
        }
        None => stepped.insert(g.clone()),
    };
    let mut after = rng.clone();
    copy.step_random(&mut after)?;
    let guess = rng.below(acts.len() as u32) as usize;
    *rng = after;
    let placed = copy.last_placed().and_then(|t| {
        let p = Placement::with_piece(copy.tile_pos(t)?, copy.tile_rot(t)?, copy.placed_piece());
        acts.iter().copied().find(|&a| a == Action::Place(p))
    });
    if let Some(a) = placed {
        return Ok(a);
    }
    let mut trial = g.clone();
    let found = acts.iter().copied().find(|&a| {
        trial.clone_from(g);
        trial.apply(a).is_ok() && trial == *copy
    });
    // Every step of the fast path is a legal action; were none to lead to
    // its state (a plugin whose state depends on more than the game's), the
    // drawn index is still a uniform choice.
    Ok(found.unwrap_or(acts[guess]))
}
