//! Built-in bots.

use anyhow::{anyhow, Result};
use carcassonne_core::{Action, Actor, Game, Rng};

/// Which built-in bot plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BotKind {
    /// Uniform among placements, then uniform among that placement's figure options (including none).
    /// A placement is a (position, rotation) pair; rotations of a symmetric tile that give
    /// the same result count once.
    Random,
    /// Looks a few steps ahead within its turn (expectation over token draws and the
    /// like) and takes the action that maximises its lead if the game ended then.
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
                let mut best = (f64::MIN, 0usize);
                for (i, &a) in acts.iter().enumerate() {
                    let mut c = g.clone();
                    if c.apply(a).is_err() {
                        continue;
                    }
                    let v = value(&c, me, 3) + f64::from(self.rng.below(1000)) * 1e-6;
                    if v > best.0 {
                        best = (v, i);
                    }
                }
                Ok(acts[best.1])
            }
        }
    }
}

/// Expectimax to a small depth: the best follow-up while the same player still
/// acts (the figure step after a placement, a plugin decision), the expectation
/// over a pending chance event (e.g. a token draw), and at the leaves the score
/// lead if the game ended now.
fn value(g: &Game, me: u8, depth: u8) -> f64 {
    if depth == 0 {
        return final_lead(g, me);
    }
    match g.actor() {
        Actor::Player(p) if p == me => {
            let Ok(acts) = g.legal_actions() else {
                return final_lead(g, me);
            };
            acts.into_iter()
                .filter_map(|a| {
                    let mut c = g.clone();
                    c.apply(a).ok().map(|_| value(&c, me, depth - 1))
                })
                .fold(f64::MIN, f64::max)
                .max(f64::MIN + 1.0)
        }
        // A chance event inside the turn (not the next tile draw): weigh the outcomes.
        Actor::Chance if !g.pending_steps().is_empty() => {
            let Ok(outcomes) = g.chance_outcomes() else {
                return final_lead(g, me);
            };
            let total: f64 = outcomes.iter().map(|&(_, w)| f64::from(w)).sum();
            outcomes
                .into_iter()
                .filter_map(|(o, w)| {
                    let mut c = g.clone();
                    c.apply(Action::Chance(o))
                        .ok()
                        .map(|_| f64::from(w) * value(&c, me, depth - 1))
                })
                .sum::<f64>()
                / total.max(1.0)
        }
        _ => final_lead(g, me),
    }
}

/// Lead of `me` if the game ended now (current lead when it cannot end now).
fn final_lead(g: &Game, me: u8) -> f64 {
    let mut c = g.clone();
    if c.end_now().is_ok() {
        // Prefer keeping followers when the lead is equal.
        (lead(&c, me) * 4 + i64::from(g.supply(me, 0).min(3))) as f64
    } else {
        (lead(g, me) * 4) as f64
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
