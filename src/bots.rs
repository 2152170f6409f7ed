//! Built-in bots.

use anyhow::{anyhow, Result};
use carcassonne_core::{Action, Actor, Game, Rng};

/// Which built-in bot plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BotKind {
    /// Uniform among placements, then uniform among that placement's figure options (including none).
    Random,
    /// Takes the action that most improves its score lead one step ahead.
    Greedy,
}

/// A bot choosing actions for a player.
pub struct Bot {
    kind: BotKind,
    rng: Rng,
}

impl Bot {
    /// A bot of `kind` with its own seeded RNG.
    pub fn new(kind: BotKind, seed: u64) -> Bot {
        Bot {
            kind,
            rng: Rng::new(seed),
        }
    }

    /// Chooses an action for the player to act in `g`.
    pub fn choose(&mut self, g: &Game) -> Result<Action> {
        let acts = g.legal_actions()?;
        if acts.is_empty() {
            return Err(anyhow!("no legal action"));
        }
        match self.kind {
            BotKind::Random => Ok(acts[self.rng.below(acts.len() as u32) as usize]),
            BotKind::Greedy => {
                let Actor::Player(me) = g.actor() else {
                    return Err(anyhow!("not a player's turn"));
                };
                let mut best = (i64::MIN, 0usize);
                for (i, &a) in acts.iter().enumerate() {
                    let mut c = g.clone();
                    if c.apply(a).is_err() {
                        continue;
                    }
                    let v = self.value_after(&c, me) * 8 + i64::from(self.rng.below(8));
                    if v > best.0 {
                        best = (v, i);
                    }
                }
                Ok(acts[best.1])
            }
        }
    }

    /// Value for `me` of a position: the score lead if the game ended now; when the
    /// same player still has to act (the figure step after a placement), the best follow-up.
    fn value_after(&mut self, g: &Game, me: u8) -> i64 {
        if g.actor() == Actor::Player(me) {
            if let Ok(next) = g.legal_actions() {
                let mut best = i64::MIN;
                for a in next {
                    let mut c = g.clone();
                    if c.apply(a).is_ok() {
                        best = best.max(final_lead(&c, me));
                    }
                }
                if best > i64::MIN {
                    return best;
                }
            }
        }
        final_lead(g, me)
    }
}

/// Lead of `me` if the game ended now (current lead when it cannot end now).
fn final_lead(g: &Game, me: u8) -> i64 {
    let mut c = g.clone();
    if c.end_now().is_ok() {
        // Prefer keeping followers when the lead is equal.
        lead(&c, me) * 4 + i64::from(g.supply(me, 0).min(3))
    } else {
        lead(g, me) * 4
    }
}

fn lead(g: &Game, me: u8) -> i64 {
    let mine = i64::from(g.score(me));
    let other = (0..g.players())
        .filter(|&p| p != me)
        .map(|p| i64::from(g.score(p)))
        .max()
        .unwrap_or(0);
    mine - other
}
