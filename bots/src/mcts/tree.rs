//! One search tree, searched by one thread.
//!
//! Information-set MCTS with chance nodes. Every iteration plays on a fresh
//! copy of the real game, [determinized](Game::determinize) so that the search
//! never sees the face-down tiles or the future draws, and walks the tree:
//!
//! * at a **player** node (whoever [`Game::actor`] names) it tries each legal
//!   action once, in random order, then follows UCT on the mean reward of the
//!   player who chooses there;
//! * at a **chance** node it samples an outcome from the engine's explicit
//!   outcomes and weights ([`Game::chance_outcomes`]) with its own RNG; one
//!   child per outcome (tile draws, sheep tokens, …), except that outcomes
//!   nobody sees ([`Game::chance_is_hidden`]) share one child.
//!
//! A new node ends the walk: the game is played to its end by uniformly random
//! moves ([`Game::play_random`]) and every node on the path is credited with
//! the reward of the player who chose the edge into it.
//!
//! **Bounded**: a tree holds at most its cap of nodes ([`Tree::with_cap`];
//! [`NODE_CAP`] shared by a bot's threads). A full tree grows no more: a walk
//! that would make a new node plays out from there instead, so the search goes
//! on, its later playouts refining the statistics of the nodes it has.

use carcassonne_core::{Action, Actor, Game, GameError, Rng, MAX_PLAYERS};

/// The most nodes an `mcts` bot's trees hold together (each of its `threads`
/// trees an equal share): about 190 bytes a node on the base game (the node
/// and the legal actions of the nodes walked through), so about 400 MB at
/// most. A search reaches it after some 10 s (playouts cut at a horizon of 2
/// turns) to minutes (playouts to the end) on one thread.
pub const NODE_CAP: usize = 2_000_000;

/// Key of the one child of a chance node whose outcome nobody sees.
const HIDDEN: Action = Action::Chance(u32::MAX);
/// "Nobody chose this edge" (the root, chance outcomes).
const NOBODY: u8 = u8::MAX;
/// Weight of the score margin in the reward (the rest is the win).
const MARGIN_WEIGHT: f64 = 0.2;
/// Score margin at which the margin part of the reward is 0.88 (tanh 1 scaled).
const MARGIN_SCALE: f64 = 20.0;

#[derive(Default)]
struct Node {
    visits: u32,
    /// Sum of the rewards of the player who chose the edge into this node.
    total: f64,
    /// The legal actions at the first visit (player nodes).
    legal: Vec<Action>,
    /// Actions of `legal` not tried yet, in the order they will be.
    untried: Vec<Action>,
    children: Vec<(Action, u32)>,
    /// Whether it considers only its first few children (progressive widening).
    widening: bool,
}

/// Children a widening node considers after `visits` visits: 2 + sqrt(visits) / 2
/// (12 after 400 visits, 24 after 2,000).
fn widened(visits: u32) -> usize {
    2 + (f64::from(visits).sqrt() / 2.0) as usize
}

/// Search parameters.
#[derive(Clone, Copy, Debug)]
pub(super) struct Params {
    /// UCT exploration constant.
    pub exploration: f64,
    /// Turns of random play before scoring as if the game ended (`None`: to the end).
    pub horizon: Option<u16>,
}

/// Plays `g` at random to its end, or for `horizon` turns and then to the end
/// of that turn, scoring it as if the game ended there; whether it was cut so.
fn playout(g: &mut Game, rng: &mut Rng, horizon: Option<u16>) -> Result<bool, GameError> {
    let Some(h) = horizon else {
        g.play_random(rng)?;
        return Ok(false);
    };
    let stop = g.turn().saturating_add(h);
    loop {
        let between_turns = g.actor() == Actor::Chance && g.pending_steps().is_empty();
        if between_turns && g.turn() >= stop {
            g.end_now_unchecked()?;
            // Decisions a plugin asks for before the final scoring: at random.
            g.play_random(rng)?;
            return Ok(true);
        }
        if !g.step_random(rng)? {
            return Ok(false);
        }
    }
}

/// Visits and reward of one root action, summed over the threads.
#[derive(Clone, Copy, Debug)]
pub(super) struct RootEdge {
    pub action: Action,
    pub visits: u32,
    pub total: f64,
}

/// A thread's search state, kept between decisions to reuse its buffers.
pub(super) struct Tree {
    nodes: Vec<Node>,
    /// The most nodes it holds (at least the root).
    cap: usize,
    game: Option<Game>,
    path: Vec<(u32, u8)>,
}

impl Default for Tree {
    fn default() -> Tree {
        Tree::with_cap(NODE_CAP)
    }
}

impl Tree {
    /// A tree of at most `cap` nodes (at least 1, the root; and at most
    /// `u32::MAX`, as nodes are numbered in 32 bits).
    pub fn with_cap(cap: usize) -> Tree {
        Tree {
            nodes: Vec::new(),
            cap: cap.clamp(1, u32::MAX as usize),
            game: None,
            path: Vec::new(),
        }
    }

    /// Starts a new search. `order` lists the root's legal actions, the most
    /// promising first: the root tries them in that order and widens
    /// progressively (it considers only the first few until it has visits to
    /// spare). Without an order it tries them all, in random order.
    pub fn reset(&mut self, legal: &[Action], order: Option<&[Action]>) {
        self.nodes.clear();
        let mut root = Node::default();
        if let Some(order) = order {
            root.legal.extend_from_slice(legal);
            root.untried.extend(order.iter().rev());
            root.widening = true;
        }
        self.nodes.push(root);
    }

    /// Runs one iteration: determinize, walk, play out, credit.
    pub fn iterate(&mut self, root: &Game, rng: &mut Rng, params: Params) -> Result<(), GameError> {
        let mut g = match self.game.take() {
            Some(mut g) => {
                g.clone_from(root);
                g
            }
            None => root.clone(),
        };
        let r = self.walk(&mut g, rng, params);
        self.game = Some(g);
        r
    }

    /// One iteration on `g`, a copy of the root.
    fn walk(&mut self, g: &mut Game, rng: &mut Rng, params: Params) -> Result<(), GameError> {
        g.determinize(rng.next_u64());
        self.path.clear();
        self.path.push((0, NOBODY));
        let mut node = 0usize;
        loop {
            let (next, mover, new) = match g.actor() {
                Actor::GameOver => break,
                Actor::Chance => {
                    let outcomes = g.chance_outcomes()?;
                    let Some(i) = rng.weighted(outcomes.iter().map(|&(_, w)| w)) else {
                        return Err(no_option("the chance event has no possible outcome"));
                    };
                    let o = Action::Chance(outcomes[i].0);
                    let key = if g.chance_is_hidden() { HIDDEN } else { o };
                    g.apply_unchecked(o)?;
                    match self.child(node, key) {
                        Some((child, new)) => (child, NOBODY, new),
                        // A full tree: play out from here.
                        None => break,
                    }
                }
                Actor::Player(p) => {
                    let legal = g.legal_actions()?;
                    if legal.is_empty() {
                        return Err(no_option("the pending decision has no option"));
                    }
                    let (a, child) = self.select(node, &legal, rng, params.exploration);
                    g.apply_unchecked(a)?;
                    match child {
                        Some((child, new)) => (child, p.seat(), new),
                        // A full tree: play out from here.
                        None => break,
                    }
                }
            };
            self.path.push((next, mover));
            node = next as usize;
            if new {
                break;
            }
        }
        let cut = playout(g, rng, params.horizon)?;
        let rewards = rewards(g, cut);
        for &(n, mover) in &self.path {
            let node = &mut self.nodes[n as usize];
            node.visits = node.visits.saturating_add(1);
            if mover != NOBODY {
                node.total += rewards[mover as usize];
            }
        }
        Ok(())
    }

    /// Whether the tree holds its cap of nodes.
    fn full(&self) -> bool {
        self.nodes.len() >= self.cap
    }

    /// The child of `node` for `key`, made if missing; whether it is new.
    /// `None`: it is missing and the tree is full.
    fn child(&mut self, node: usize, key: Action) -> Option<(u32, bool)> {
        if let Some(&(_, c)) = self.nodes[node].children.iter().find(|(k, _)| *k == key) {
            return Some((c, false));
        }
        if self.full() {
            return None;
        }
        let c = self.nodes.len() as u32;
        self.nodes.push(Node::default());
        self.nodes[node].children.push((key, c));
        Some((c, true))
    }

    /// At a player node: an untried legal action (a new child), else the UCT
    /// choice; with the child (and whether it is new), `None` if the tree is
    /// full and the action has none.
    fn select(
        &mut self,
        node: usize,
        legal: &[Action],
        rng: &mut Rng,
        exploration: f64,
    ) -> (Action, Option<(u32, bool)>) {
        let full = self.full();
        let n = &mut self.nodes[node];
        if n.legal.is_empty() {
            n.legal.extend_from_slice(legal);
            n.untried.extend_from_slice(legal);
            // Try them in random order (a shuffle, popped from the end).
            for i in (1..n.untried.len()).rev() {
                let j = rng.below(i as u32 + 1) as usize;
                n.untried.swap(i, j);
            }
        }
        let same = n.legal == legal;
        // A full tree keeps its untried actions for nothing: they stay untried.
        if !full && (!n.widening || n.children.len() < widened(n.visits)) {
            while let Some(a) = n.untried.pop() {
                if same || legal.contains(&a) {
                    return (a, self.child(node, a));
                }
            }
        }
        let n = &self.nodes[node];
        let log_n = f64::from(n.visits.max(1)).ln();
        let mut best: Option<(f64, Action, u32)> = None;
        for &(a, c) in &n.children {
            if !same && !legal.contains(&a) {
                continue;
            }
            let ch = &self.nodes[c as usize];
            let visits = f64::from(ch.visits.max(1));
            let score = ch.total / visits + exploration * (log_n / visits).sqrt();
            if best.is_none_or(|(b, _, _)| score > b) {
                best = Some((score, a, c));
            }
        }
        match best {
            Some((_, a, c)) => (a, Some((c, false))),
            None => {
                // No tried action is legal in this copy (legal actions that
                // depend on hidden information), or none was tried (a full
                // tree): try one of this copy's actions.
                let a = legal[rng.below(legal.len() as u32) as usize];
                (a, self.child(node, a))
            }
        }
    }

    /// The root's children: action, visits, reward total.
    pub fn root_edges(&self) -> impl Iterator<Item = RootEdge> + '_ {
        self.nodes[0].children.iter().map(|&(action, c)| {
            let n = &self.nodes[c as usize];
            RootEdge {
                action,
                visits: n.visits,
                total: n.total,
            }
        })
    }

    /// Nodes in the tree.
    pub fn size(&self) -> usize {
        self.nodes.len()
    }
}

fn no_option(reason: &str) -> GameError {
    GameError::Illegal {
        action: "search".into(),
        reason: reason.into(),
    }
}

/// Each player's reward, in 0..=1. For a finished game: mostly the win (a tie
/// shares it), partly the score margin over the best opponent. For a playout
/// `cut` at the horizon (scored as if the game ended there): the margin alone,
/// since who leads in the middle of a game says little and by how much says
/// more (in trial runs of 100 games against `greedy`, 65 % wins against 48 %).
fn rewards(g: &Game, cut: bool) -> [f64; MAX_PLAYERS] {
    let margin_weight = if cut { 1.0 } else { MARGIN_WEIGHT };
    let scores = g.scores();
    let best = scores.iter().copied().max().unwrap_or(0);
    let winners = scores.iter().filter(|&&s| s == best).count().max(1) as f64;
    let mut r = [0.0; MAX_PLAYERS];
    for (p, &s) in scores.iter().enumerate() {
        let other = scores
            .iter()
            .enumerate()
            .filter(|&(q, _)| q != p)
            .map(|(_, &x)| x)
            .max()
            .unwrap_or(0);
        let win = if s == best { 1.0 / winners } else { 0.0 };
        let margin = 0.5 + 0.5 * (f64::from(s - other) / MARGIN_SCALE).tanh();
        r[p] = (1.0 - margin_weight) * win + margin_weight * margin;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base_game(seed: u64) -> Game {
        let reg = carcassonne_host::loader::builtin_registry().unwrap();
        let (file, text) = carcassonne_host::shipped::SHIPPED
            .iter()
            .find(|(f, _)| *f == "base.toml")
            .unwrap();
        let rules = carcassonne_host::load_str(text, file, None, &reg)
            .unwrap()
            .rules;
        Game::new(rules, 2, seed).unwrap()
    }

    #[test]
    fn a_cut_playout_is_rewarded_by_the_margin_alone_a_finished_game_mostly_by_the_win() {
        let mut g = base_game(7);
        let mut rng = Rng::new(1);
        while g.scores()[0] == g.scores()[1] {
            assert!(g.step_random(&mut rng).unwrap(), "nobody scored");
        }
        let lead = g.scores()[0] - g.scores()[1];
        let margin = 0.5 + 0.5 * (f64::from(lead) / MARGIN_SCALE).tanh();
        let win = if lead > 0 { 1.0 } else { 0.0 };
        let cut = rewards(&g, true);
        assert!((cut[0] - margin).abs() < 1e-12, "{cut:?}");
        assert!((cut[1] - (1.0 - margin)).abs() < 1e-12, "{cut:?}");
        let over = rewards(&g, false);
        let expected = (1.0 - MARGIN_WEIGHT) * win + MARGIN_WEIGHT * margin;
        assert!((over[0] - expected).abs() < 1e-12, "{over:?}");
        assert!((over[0] - cut[0]).abs() > 0.05, "the two rewards differ");
    }

    #[test]
    fn a_full_tree_grows_no_more_and_the_search_goes_on() {
        let mut rng = Rng::new(3);
        // A player's decision at the root (the first tile drawn).
        let mut g = base_game(5);
        while g.actor() == Actor::Chance {
            g.step_random(&mut rng).unwrap();
        }
        let legal = g.legal_actions().unwrap();
        let params = Params {
            exploration: 0.7,
            horizon: None,
        };
        let mut tree = Tree::with_cap(40);
        tree.reset(&legal, None);
        for i in 1..=300u32 {
            tree.iterate(&g, &mut rng, params).unwrap();
            assert!(tree.size() <= 40, "{} nodes", tree.size());
            // Every iteration is still counted at the root.
            assert_eq!(tree.nodes[0].visits, i);
        }
        assert_eq!(tree.size(), 40);
        let visits: u32 = tree.root_edges().map(|e| e.visits).sum();
        assert_eq!(visits, 300, "every playout went through a root edge");
        // A tree of one node (the root) still searches: playouts from the root.
        let mut root_only = Tree::with_cap(0);
        root_only.reset(&legal, None);
        for _ in 0..5 {
            root_only.iterate(&g, &mut rng, params).unwrap();
        }
        assert_eq!((root_only.size(), root_only.nodes[0].visits), (1, 5));
        // Without a cap it would have grown a node per playout.
        let mut free = Tree::default();
        free.reset(&legal, None);
        for _ in 0..300 {
            free.iterate(&g, &mut rng, params).unwrap();
        }
        assert!(free.size() > 300, "{} nodes", free.size());
    }

    #[test]
    fn a_playout_says_whether_it_was_cut_at_the_horizon() {
        let mut rng = Rng::new(2);
        let mut g = base_game(3);
        let start = g.turn();
        assert!(playout(&mut g, &mut rng, Some(2)).unwrap());
        assert!(g.is_over() && g.turn() == start + 2, "turn {}", g.turn());
        let mut g = base_game(3);
        assert!(!playout(&mut g, &mut rng, None).unwrap());
        assert!(g.is_over() && g.turn() > 60, "turn {}", g.turn());
    }
}
