//! The `greedy` bot: one-turn expectimax on "my lead if the game ended after
//! this turn".
//!
//! Its work per decision is bounded, whatever the size of the board, except
//! for listing the legal placements (which grows with the board's edge):
//!
//! * **bounded evaluation**: scoring a position "as if the game ended here"
//!   costs time in proportion to the tiles on the board (every feature and
//!   field is scored), so the budget per decision is [`WORK_BUDGET`] tile-scorings:
//!   at most [`MAX_LEAVES`] positions on boards of up to [`SMALL_BOARD`] tiles,
//!   fewer beyond (16 on a board of 2,048 tiles, 2 on one of 16,384), and
//!   always the first action of the most promising order. When a decision has
//!   more (thousand-tile boards have hundreds of placements), it looks at the
//!   most promising placements first — next to tiles, next to features with
//!   figures — and stops when the budget is spent. Ordinary games (the base
//!   game's decisions have a few dozen leaves) are searched in full;
//! * **bounded lines**: one action's look-ahead scores at most the decision's
//!   positions ([`WORK_BUDGET`] over the board's size) however wide its turn
//!   is. Its follow-ups share them, each taking what is left over those not
//!   yet looked at; a decision with more follow-ups than positions left keeps
//!   the best of those looked at, and a chance event with more outcomes than
//!   positions left is weighed by a sample of them drawn by their weights
//!   (the bot's own seeded RNG). A turn that draws tiles face up for several
//!   players (a bazaar: a draw of 134 tile types for each) had millions of
//!   lines for one action otherwise;
//! * **no allocation per line**: it keeps one copy of the game per search depth
//!   and copies into it ([`Clone::clone_from`]), applying actions without the
//!   engine's undo copy ([`Game::apply_unchecked`], [`Game::end_now_unchecked`]):
//!   the copies are thrown away, and a plugin failure is reported, never skipped.

use crate::{acting_player, legal, Bot, BotError};
use carcassonne_core::{Action, Actor, Game, GameError, PlayerId, Rng};

/// Most positions the greedy bot scores per decision.
pub const MAX_LEAVES: u64 = 128;

/// Boards of up to this many tiles get all [`MAX_LEAVES`] positions per decision.
pub const SMALL_BOARD: u64 = 256;

/// Scoring work per decision, in tiles scored: a position counts the tiles on
/// its board (at least [`SMALL_BOARD`]).
pub const WORK_BUDGET: u64 = MAX_LEAVES * SMALL_BOARD;

/// How far it looks: its own decisions of the turn and the chance events between them.
pub const DEPTH: u8 = 3;

/// What a turn of its own coming right after this one is worth, in quarter points
/// (2 points): a turn granted by a rule (a builder's second tile) scores nothing
/// by itself if the game ended before it, but it is a tile more to play.
pub const OWN_TURN_NEXT: i64 = 8;

/// Work a greedy bot has done (for tests and benchmarks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Decisions made.
    pub decisions: u64,
    /// Root actions looked at (out of the legal actions of each decision).
    pub evaluated: u64,
    /// Actions applied to copies of the game.
    pub applied: u64,
    /// Positions scored "as if the game ended here" (the leaves).
    pub leaves: u64,
    /// Most leaves of one decision.
    pub max_leaves: u64,
    /// Most scoring work of one decision, in tiles scored (see [`WORK_BUDGET`]).
    pub max_work: u64,
    /// Copies of the game allocated (the rest reuse them): one per search depth.
    pub allocations: u64,
}

/// Mixed into the seed of the RNG that samples chance outcomes.
const SAMPLER_SEED: u64 = 0x6772_6565_6479_5f73;

/// Looks ahead within its own turn (expectation over chance events such as
/// token draws) and takes the action that maximises its lead if the game ended
/// then; ties are broken at random.
pub struct Greedy {
    rng: Rng,
    work: Work,
    /// Scoring work of the current decision, in tiles scored.
    spent: u64,
    /// Draws the outcomes of a chance event weighed by a sample (its own
    /// stream: the ties are broken as they would be without sampling).
    sampler: Rng,
    /// One copy of the game per search depth, reused.
    bufs: Vec<Game>,
}

impl Greedy {
    /// A greedy bot; its RNG breaks ties.
    pub fn new(seed: u64) -> Greedy {
        Greedy {
            rng: Rng::new(seed),
            work: Work::default(),
            spent: 0,
            sampler: Rng::new(seed ^ SAMPLER_SEED),
            bufs: Vec::new(),
        }
    }

    /// The work done so far.
    pub fn work(&self) -> Work {
        self.work
    }
}

impl Bot for Greedy {
    fn choose(&mut self, g: &Game) -> Result<Action, BotError> {
        let acts = legal(g)?;
        let values = self.values(g, &acts)?;
        let mut best: Option<(f64, Action)> = None;
        for (&a, v) in acts.iter().zip(values) {
            let Some(v) = v else { continue };
            let v = v + f64::from(self.rng.below(1000)) * 1e-6;
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, a));
            }
        }
        Ok(best.map_or(acts[0], |(_, a)| a))
    }
}

impl Greedy {
    /// The value of each of `acts` (the legal actions of `g`, in order) for the
    /// player to act: his lead, in quarter points, if the game ended after his
    /// turn, with the best follow-ups of his turn and the expectation over its
    /// chance events. `None` for the actions the bounded evaluation did not
    /// reach (see [`WORK_BUDGET`]); the first action of the most promising order
    /// always has a value.
    pub fn values(&mut self, g: &Game, acts: &[Action]) -> Result<Vec<Option<f64>>, BotError> {
        let me = acting_player(g)?;
        self.work.decisions += 1;
        let start = self.work.leaves;
        self.spent = 0;
        // Positions one action's look-ahead may score (see "bounded lines").
        let line = (WORK_BUDGET / (g.placed_count() as u64).max(SMALL_BOARD)).max(1);
        let mut values = vec![None; acts.len()];
        for i in promising_first(g, acts) {
            if self.spent >= WORK_BUDGET {
                break;
            }
            let a = acts[i];
            self.work.evaluated += 1;
            self.copy(0, g);
            let v = self
                .apply(0, a)
                .and_then(|()| self.value(0, me, DEPTH, line))
                .map_err(|error| BotError::Trying {
                    action: g.format_action(a),
                    error,
                })?;
            values[i] = Some(v);
        }
        let used = self.work.leaves - start;
        self.work.max_leaves = self.work.max_leaves.max(used);
        self.work.max_work = self.work.max_work.max(self.spent);
        Ok(values)
    }
}

impl Greedy {
    /// Makes buffer `d` a copy of `g`.
    fn copy(&mut self, d: usize, g: &Game) {
        if self.bufs.len() <= d {
            self.work.allocations += 1;
            self.bufs.push(g.clone());
        } else {
            self.bufs[d].clone_from(g);
        }
    }

    /// Applies a legal action of buffer `d` in place.
    fn apply(&mut self, d: usize, a: Action) -> Result<(), GameError> {
        self.work.applied += 1;
        self.bufs[d].apply_unchecked(a)
    }

    /// Makes buffer `d + 1` a copy of buffer `d` with `a` applied.
    fn child(&mut self, d: usize, a: Action) -> Result<(), GameError> {
        if self.bufs.len() <= d + 1 {
            self.work.allocations += 1;
            let c = self.bufs[d].clone();
            self.bufs.push(c);
        } else {
            let (parent, rest) = self.bufs.split_at_mut(d + 1);
            rest[0].clone_from(&parent[d]);
        }
        self.apply(d + 1, a)
    }

    /// Expectimax to a small depth on buffer `d`, scoring at most `budget`
    /// positions (at least one): the best follow-up while the same player
    /// still acts (the figure step after a placement, a plugin decision), the
    /// expectation over a pending chance event (e.g. a token draw), and at the
    /// leaves the score lead if the game ended now. Buffer `d` may be changed.
    fn value(&mut self, d: usize, me: PlayerId, depth: u8, budget: u64) -> Result<f64, GameError> {
        if depth == 0 {
            return self.leaf(d, me);
        }
        let g = &self.bufs[d];
        match g.actor() {
            Actor::Player(p) if p == me => {
                let acts = g.legal_actions()?;
                let mut best = f64::MIN;
                let mut left = budget;
                for (i, &a) in acts.iter().enumerate() {
                    if left == 0 {
                        break; // the best of those looked at
                    }
                    let share = share(left, acts.len() - i);
                    self.child(d, a)?;
                    let before = self.work.leaves;
                    best = best.max(self.value(d + 1, me, depth - 1, share)?);
                    left = left.saturating_sub(self.work.leaves - before);
                }
                Ok(best)
            }
            // A chance event inside the turn (not the next tile draw): weigh the outcomes.
            Actor::Chance if !g.pending_steps().is_empty() => {
                let outcomes = g.chance_outcomes()?;
                if outcomes.len() as u64 > budget {
                    return self.sampled(d, me, depth, budget, &outcomes);
                }
                let total: f64 = outcomes.iter().map(|&(_, w)| f64::from(w)).sum();
                let mut sum = 0.0;
                let mut left = budget;
                for (i, &(o, w)) in outcomes.iter().enumerate() {
                    let share = share(left, outcomes.len() - i);
                    self.child(d, Action::Chance(o))?;
                    let before = self.work.leaves;
                    sum += f64::from(w) * self.value(d + 1, me, depth - 1, share)?;
                    left = left.saturating_sub(self.work.leaves - before);
                }
                Ok(sum / total.max(1.0))
            }
            _ => self.leaf(d, me),
        }
    }

    /// [`Greedy::value`] of a chance event on buffer `d` with more `outcomes`
    /// than `budget` (at least one): the mean over `budget` outcomes drawn by
    /// their weights, one position each.
    fn sampled(
        &mut self,
        d: usize,
        me: PlayerId,
        depth: u8,
        budget: u64,
        outcomes: &[(u32, u32)],
    ) -> Result<f64, GameError> {
        let mut sum = 0.0;
        let mut n = 0u32;
        for _ in 0..budget {
            let Some(i) = self.sampler.weighted(outcomes.iter().map(|&(_, w)| w)) else {
                break; // no outcome has weight: the position as it stands
            };
            self.child(d, Action::Chance(outcomes[i].0))?;
            sum += self.value(d + 1, me, depth - 1, 1)?;
            n += 1;
        }
        match n {
            0 => self.leaf(d, me),
            n => Ok(sum / f64::from(n)),
        }
    }

    /// Lead of `me` if the game ended now, in quarter points, plus a small bonus
    /// for followers kept and [`OWN_TURN_NEXT`] when the next turn is his; the current lead when the game cannot end here (a
    /// decision of another player is pending). Buffer `d` is changed.
    fn leaf(&mut self, d: usize, me: PlayerId) -> Result<f64, GameError> {
        self.work.leaves += 1;
        let g = &mut self.bufs[d];
        self.spent += (g.placed_count() as u64).max(SMALL_BOARD);
        let between_turns = g.actor() == Actor::Chance && g.pending_steps().is_empty();
        if !between_turns {
            return Ok((lead(g, me) * 4) as f64);
        }
        let kept = i64::from(g.supply(me, carcassonne_core::FOLLOWER).min(3));
        let again = if g.current_player() == me {
            OWN_TURN_NEXT
        } else {
            0
        };
        g.end_now_unchecked()?;
        // Decisions a plugin asks for before the final scoring (the last
        // moves): taken at random, the same way for every leaf.
        if !g.is_over() {
            g.play_random(&mut Rng::new(0))?;
        }
        Ok((lead(g, me) * 4 + kept + again) as f64)
    }
}

/// What one of `n` follow-ups may score of the `left` positions a line has
/// left: an equal part, at least one (what a follow-up leaves unused goes to
/// the next ones).
fn share(left: u64, n: usize) -> u64 {
    (left / n.max(1) as u64).max(1)
}

fn lead(g: &Game, me: PlayerId) -> i64 {
    let mine = i64::from(g.score(me));
    let other = PlayerId::all(g.players())
        .filter(|&p| p != me)
        .map(|p| i64::from(g.score(p)))
        .max()
        .unwrap_or(0);
    mine - other
}

/// Indices of `acts`, the most promising placements first (a stable order:
/// equally promising ones keep the canonical order). A placement is promising
/// when it touches many tiles and features with figures on them, where
/// features are completed, joined and contested; other decisions keep their order.
fn promising_first(g: &Game, acts: &[Action]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..acts.len()).collect();
    let leaves = WORK_BUDGET / (g.placed_count() as u64).max(SMALL_BOARD);
    if acts.len() as u64 <= leaves / 4 {
        return order;
    }
    let interest = |a: &Action| -> u32 {
        let Action::Place(p) = a else { return 0 };
        let mut score = 0;
        for q in p.pos.ring() {
            if g.tile_at(q).is_some() {
                score += 1;
            }
        }
        for side in carcassonne_core::Side::ALL {
            if let Some(t) = g.tile_at(p.pos.step(side)) {
                for l in 0..g.tile_feature_count(t).unwrap_or(0) {
                    if g.feature_of(t, l)
                        .and_then(|f| g.occupants(f))
                        .is_some_and(|n| n > 0)
                    {
                        score += 3;
                    }
                }
            }
        }
        score
    };
    let keys: Vec<u32> = acts.iter().map(interest).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(keys[i]));
    order
}
