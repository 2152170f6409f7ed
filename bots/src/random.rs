//! The `random` bot.

use crate::{legal, Bot, BotError};
use carcassonne_core::{Action, Game, Rng};

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
