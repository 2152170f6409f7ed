//! The `mcts` bot: Monte Carlo tree search that treats tile draws and plugin
//! chance events as chance nodes and hides what a player cannot see (see
//! [`tree`](self) for the search itself).
//!
//! **Parallel**: root parallelism. Each thread searches its own tree from the
//! same position with its own RNG; the root's visit counts are summed and the
//! most visited action is played. **Deterministic**: with a budget in playouts,
//! the same seed and thread count give the same moves (each thread gets a fixed
//! share of the playouts and a seed derived from the bot's seed, the decision
//! number and its index). A time budget is not deterministic.
//!
//! **Bounded memory**: the trees hold at most [`NODE_CAP`] nodes together,
//! whatever the budget (a time budget may be up to a day per move); a full
//! tree stops growing and the search goes on with playouts from the nodes it
//! has (see [`tree`](self)).

mod tree;

pub use tree::NODE_CAP;

use crate::spec::{Budget, MctsSpec};
use crate::{acting_player, legal, Bot, BotError, Greedy, SearchStats};
use carcassonne_core::{Action, Game, GameError, Rng};
use std::time::Instant;
use tree::{Params, RootEdge, Tree};

/// Iterations between two looks at the clock (time budgets).
const CLOCK_EVERY: u32 = 8;

/// The Monte Carlo tree search bot.
pub struct Mcts {
    spec: MctsSpec,
    threads: usize,
    seed: u64,
    decisions: u64,
    trees: Vec<Tree>,
    stats: SearchStats,
    greedy: Greedy,
}

impl Mcts {
    /// An MCTS bot searching on `threads` threads (at least 1), its trees
    /// holding at most [`NODE_CAP`] nodes together.
    pub fn new(spec: MctsSpec, threads: usize, seed: u64) -> Mcts {
        Mcts::with_node_cap(spec, threads, seed, NODE_CAP)
    }

    /// An MCTS bot whose trees hold at most `nodes` nodes together (each
    /// thread's tree an equal share, at least its root).
    pub fn with_node_cap(spec: MctsSpec, threads: usize, seed: u64, nodes: usize) -> Mcts {
        let threads = threads.max(1);
        let share = nodes / threads;
        Mcts {
            spec,
            threads,
            seed,
            decisions: 0,
            trees: (0..threads).map(|_| Tree::with_cap(share)).collect(),
            stats: SearchStats::default(),
            greedy: Greedy::new(seed),
        }
    }

    /// Search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Searches from `g` (whose legal actions are `acts`, `order` the most
    /// promising first) and returns each root action's visits and reward total.
    fn search(
        &mut self,
        g: &Game,
        acts: &[Action],
        order: &[Action],
    ) -> Result<Vec<RootEdge>, GameError> {
        let budget = self.spec.budget;
        let params = Params {
            exploration: self.spec.exploration,
            horizon: self.spec.horizon,
        };
        let threads = self.threads;
        let decision = self.decisions;
        let seed = self.seed;
        let started = Instant::now();
        let work = |t: usize, tree: &mut Tree| -> Result<u64, GameError> {
            let mut rng = Rng::new(
                seed ^ decision.wrapping_mul(0xA076_1D64_78BD_642F)
                    ^ (t as u64 + 1).wrapping_mul(0xE703_7ED1_A0B4_28DB),
            );
            tree.reset(acts, Some(order));
            match budget {
                Budget::Playouts(n) => {
                    let share = u64::from(n) / threads as u64
                        + u64::from((t as u64) < u64::from(n) % threads as u64);
                    for _ in 0..share {
                        tree.iterate(g, &mut rng, params)?;
                    }
                    Ok(share)
                }
                Budget::Time(limit) => {
                    let mut done = 0u64;
                    loop {
                        for _ in 0..CLOCK_EVERY {
                            tree.iterate(g, &mut rng, params)?;
                        }
                        done += u64::from(CLOCK_EVERY);
                        if started.elapsed() >= limit {
                            return Ok(done);
                        }
                    }
                }
            }
        };
        let results: Vec<Result<u64, GameError>> = if threads == 1 {
            vec![work(0, &mut self.trees[0])]
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = self
                    .trees
                    .iter_mut()
                    .enumerate()
                    .map(|(t, tree)| s.spawn(move || work(t, tree)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a search thread panicked"))
                    .collect()
            })
        };
        let mut playouts = 0;
        for r in results {
            playouts += r?;
        }
        self.stats.playouts += playouts;
        self.stats.seconds += started.elapsed().as_secs_f64();
        self.stats.searches += 1;
        let mut edges: Vec<RootEdge> = Vec::new();
        for tree in &self.trees {
            self.stats.max_tree = self.stats.max_tree.max(tree.size() as u64);
            for e in tree.root_edges() {
                match edges.iter_mut().find(|x| x.action == e.action) {
                    Some(x) => {
                        x.visits += e.visits;
                        x.total += e.total;
                    }
                    None => edges.push(e),
                }
            }
        }
        Ok(edges)
    }
}

impl Bot for Mcts {
    fn choose(&mut self, g: &Game) -> Result<Action, BotError> {
        acting_player(g)?;
        let acts = legal(g)?;
        self.decisions += 1;
        if acts.len() == 1 {
            return Ok(acts[0]);
        }
        // The greedy bot's values order the root's actions: the search widens
        // from the most promising ones.
        let values = self.greedy.values(g, &acts)?;
        let mut order: Vec<usize> = (0..acts.len()).collect();
        order.sort_by(|&i, &j| {
            let key = |k: usize| values[k].unwrap_or(f64::MIN);
            key(j).total_cmp(&key(i))
        });
        let order: Vec<Action> = order.into_iter().map(|i| acts[i]).collect();
        let edges = self
            .search(g, &acts, &order)
            .map_err(|error| BotError::Searching { error })?;
        // The most visited action; ties: the better mean, then the canonical order.
        let mut best: Option<(u32, f64, usize)> = None;
        for e in &edges {
            let Some(i) = acts.iter().position(|&a| a == e.action) else {
                continue;
            };
            let mean = e.total / f64::from(e.visits.max(1));
            let better = match best {
                None => true,
                Some((v, m, j)) => {
                    (e.visits, mean) > (v, m) || ((e.visits, mean) == (v, m) && i < j)
                }
            };
            if better {
                best = Some((e.visits, mean, i));
            }
        }
        Ok(acts[best.map_or(0, |(_, _, i)| i)])
    }

    fn search_stats(&self) -> Option<SearchStats> {
        Some(self.stats)
    }
}
