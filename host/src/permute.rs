//! Plugins compose in any order: the same random games played with the
//! enabled plugins' hooks in several run orders must show the same actions,
//! scores, score breakdowns and events (`carcassonne conformance
//! --permute-plugins`).
//!
//! A run order is any order that keeps the orderings the plugins declare
//! (dependencies, `RUNS_AFTER`, `RUNS_BEFORE`: a declared order has a stated
//! rules reason); the rules' declaration order (by id) stays the same, so tile
//! types, figure kinds and action texts do not change with it, and a game is
//! played with the same choices in every order. With few plugins every run
//! order is played; with many, a sample (the default order, the order with
//! ties broken by descending id, and seeded random ones).

use crate::ruleset::{order_plugins, run_in, Ruleset};
use carcassonne_core::conformance::{trace, Failure, StepTrace};
use carcassonne_core::Rng;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

/// How to run the check.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Games per order (seeds `first_seed..first_seed + games`).
    pub games: u32,
    /// Players per game.
    pub players: u8,
    /// Seed of the first game.
    pub first_seed: u64,
    /// At most this many run orders (all of them when there are no more).
    pub max_orders: usize,
    /// Worker threads (at least one); the games are shared out among them.
    /// The result does not depend on it.
    pub threads: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            games: 50,
            players: 2,
            first_seed: 0,
            max_orders: 24,
            threads: 1,
        }
    }
}

/// What the check did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The run orders played (plugin ids), the default order first.
    pub orders: Vec<Vec<String>>,
    /// Whether these are all the valid run orders.
    pub all_orders: bool,
    /// Games played per order.
    pub games: u32,
    /// Steps compared (over all orders but the first).
    pub steps: u64,
}

/// Why the check failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PermuteError {
    /// A game failed in one order (an invariant or a plugin error).
    #[error("with the plugins run in the order {order}: {failure}")]
    Game {
        /// The order, as `a, b, c`.
        order: String,
        /// What failed.
        failure: Failure,
    },
    /// Two orders gave different games.
    #[error("{0}")]
    Differs(Box<Difference>),
    /// An order could not be applied to the rules (a defect: the orders are
    /// computed from the rules' own constraints).
    #[error("run order {0}")]
    Order(String),
}

/// The first step where a game differs between two run orders.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the plugins' run order changes the game: seed {seed}, step {step} (after `{action}`): \
     {what}\n  in the order {first}: {a}\n  in the order {other}: {b}"
)]
pub struct Difference {
    /// The game's seed.
    pub seed: u64,
    /// The first step that differs.
    pub step: usize,
    /// The action of that step (in the default order).
    pub action: String,
    /// What differs (`the scores`, `the events`, ...).
    pub what: String,
    /// The default order.
    pub first: String,
    /// The other order.
    pub other: String,
    /// What the default order shows.
    pub a: String,
    /// What the other order shows.
    pub b: String,
}

/// Every run order that keeps `constraints` (for each plugin, those that must
/// run before it), when there are at most `max`; otherwise `max` of them (the
/// default order, the one with ties broken by descending id, and seeded
/// random ones, all distinct). The default order ([`order_plugins`]) comes
/// first. The flag says whether the list is complete.
pub fn run_orders(
    constraints: &BTreeMap<String, Vec<String>>,
    max: usize,
) -> (Vec<Vec<String>>, bool) {
    let Ok(first) = order_plugins(constraints) else {
        return (Vec::new(), true);
    };
    let max = max.max(1);
    let mut all = Vec::new();
    let complete = enumerate(constraints, max + 1, &mut Vec::new(), &mut all);
    if complete && all.len() <= max {
        all.retain(|o| *o != first);
        all.insert(0, first);
        return (all, true);
    }
    let mut out = vec![first];
    let mut seen: BTreeSet<Vec<String>> = out.iter().cloned().collect();
    let mut push = |o: Vec<String>, out: &mut Vec<Vec<String>>| {
        if out.len() < max && seen.insert(o.clone()) {
            out.push(o);
        }
    };
    push(tie_broken(constraints, |ready| ready.len() - 1), &mut out);
    let mut rng = Rng::new(0x0bde_5eed);
    let mut tries = 0;
    while out.len() < max && tries < 20 * max {
        tries += 1;
        let o = tie_broken(constraints, |ready| rng.below(ready.len() as u32) as usize);
        push(o, &mut out);
    }
    (out, false)
}

/// The plugins that must run before `id` and have not run yet.
fn waiting<'a>(
    constraints: &'a BTreeMap<String, Vec<String>>,
    id: &str,
    done: &[String],
) -> impl Iterator<Item = &'a String> + 'a {
    let done: BTreeSet<String> = done.iter().cloned().collect();
    constraints
        .get(id)
        .into_iter()
        .flatten()
        .filter(move |d| constraints.contains_key(*d) && !done.contains(*d))
}

/// The plugins that may run next after `done`, by id.
fn ready(constraints: &BTreeMap<String, Vec<String>>, done: &[String]) -> Vec<String> {
    constraints
        .keys()
        .filter(|k| !done.contains(k) && waiting(constraints, k, done).next().is_none())
        .cloned()
        .collect()
}

/// Collects orders extending `prefix` into `out`, up to `limit` of them.
/// Returns `false` when it stopped at the limit.
fn enumerate(
    constraints: &BTreeMap<String, Vec<String>>,
    limit: usize,
    prefix: &mut Vec<String>,
    out: &mut Vec<Vec<String>>,
) -> bool {
    if prefix.len() == constraints.len() {
        out.push(prefix.clone());
        return out.len() < limit;
    }
    for next in ready(constraints, prefix) {
        prefix.push(next);
        let go_on = enumerate(constraints, limit, prefix, out);
        prefix.pop();
        if !go_on {
            return false;
        }
    }
    true
}

/// The order in which, at each point, `pick` chooses among the plugins that
/// may run next (sorted by id).
fn tie_broken(
    constraints: &BTreeMap<String, Vec<String>>,
    mut pick: impl FnMut(&[String]) -> usize,
) -> Vec<String> {
    let mut done = Vec::new();
    while done.len() < constraints.len() {
        let r = ready(constraints, &done);
        if r.is_empty() {
            break; // a cycle: the ruleset was refused already
        }
        let i = pick(&r).min(r.len() - 1);
        done.push(r[i].clone());
    }
    done
}

/// Plays the same random games with the ruleset's plugins in several run
/// orders and compares every step, [`ORDERS_AT_ONCE`] orders at a time
/// (each group's games played before the next group's). The games are shared
/// out among `opts.threads` threads; every game below a failing one is
/// played, so the failure reported (the lowest seed of the first group with
/// one) does not depend on the threads.
pub fn check(ruleset: &Ruleset, opts: Options) -> Result<Report, PermuteError> {
    let (orders, all_orders) = run_orders(&ruleset.order_constraints, opts.max_orders);
    let rules_in = |o: &[String]| -> Result<Arc<carcassonne_core::Rules>, PermuteError> {
        let mut r = (*ruleset.rules).clone();
        run_in(&mut r, o).map_err(PermuteError::Order)?;
        Ok(Arc::new(r))
    };
    let Some(default) = orders.first() else {
        return Err(PermuteError::Order(
            "(none: the ruleset has no run order)".into(),
        ));
    };
    let first = rules_in(default)?;
    // The other orders' rules ORDERS_AT_ONCE at a time (a copy of the rules
    // each: hundreds of kilobytes with many tile types); the games of each
    // group played before the next is built. Without other orders, the
    // default order's games alone.
    let mut steps = 0;
    let mut from = 1;
    loop {
        let to = orders.len().min(from + ORDERS_AT_ONCE);
        let rules = (from..to)
            .map(|k| rules_in(&orders[k]))
            .collect::<Result<Vec<_>, PermuteError>>()?;
        let group = Group {
            orders: &orders,
            first: &first,
            from,
            rules: &rules,
        };
        steps += share_games(opts.games, opts.first_seed, opts.threads, |seed| {
            check_game(&group, opts.players, seed)
        })?;
        if to >= orders.len() {
            break;
        }
        from = to;
    }
    Ok(Report {
        orders,
        all_orders,
        games: opts.games,
        steps,
    })
}

/// Runs `check` on the games of seeds `first_seed..first_seed + games`,
/// shared out among `threads` threads, and sums the steps it compared. Every
/// game below a failing one is played, so the failure returned (the lowest
/// seed's) does not depend on the threads. For the checks that play the
/// same games in several variants of the rules ([`check`],
/// [`crate::narrowings::check`]).
pub(crate) fn share_games<E: Send>(
    games: u32,
    first_seed: u64,
    threads: usize,
    check: impl Fn(u64) -> Result<u64, E> + Sync,
) -> Result<u64, E> {
    let next = AtomicU32::new(0);
    // The steps compared, and the failure of the lowest game that failed.
    let found: Mutex<(u64, Option<(u32, E)>)> = Mutex::new((0, None));
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, games.max(1) as usize) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let r = check(first_seed.wrapping_add(u64::from(i)));
                let mut f = found.lock().unwrap_or_else(|e| e.into_inner());
                match r {
                    Ok(steps) => f.0 += steps,
                    Err(e) => {
                        next.store(games, Ordering::Relaxed);
                        if f.1.as_ref().is_none_or(|(j, _)| i < *j) {
                            f.1 = Some((i, e));
                        }
                    }
                }
            });
        }
    });
    let (steps, failure) = found.into_inner().unwrap_or_else(|e| e.into_inner());
    match failure {
        Some((_, e)) => Err(e),
        None => Ok(steps),
    }
}

/// The plugins of a run order, as `a, b, c`.
fn order_name(o: &[String]) -> String {
    if o.is_empty() {
        "(no plugins)".to_string()
    } else {
        o.join(", ")
    }
}

/// The run orders [`check`] plays at once: their rules are built, their
/// games played, then the next ones' (so that `--orders 10000` holds a few
/// dozen copies of the rules, not ten thousand: 3.7 GB with all
/// expansions).
pub const ORDERS_AT_ONCE: usize = 64;

/// A group of run orders played at once: `orders[from..from +
/// rules.len()]`, `rules[i]` with the plugins in `orders[from + i]`, and the
/// default order `orders[0]` in `first`, against which each is compared.
struct Group<'a> {
    orders: &'a [Vec<String>],
    first: &'a Arc<carcassonne_core::Rules>,
    from: usize,
    rules: &'a [Arc<carcassonne_core::Rules>],
}

impl Group<'_> {
    /// The rules of order `k` (the default order or one of the group's).
    fn rules(&self, k: usize) -> &Arc<carcassonne_core::Rules> {
        match k.checked_sub(self.from) {
            Some(i) if k > 0 => self.rules.get(i).unwrap_or(self.first),
            _ => self.first,
        }
    }
}

/// Plays the game of `seed` in the default run order and in every order of
/// `group`, and compares each with the default; returns the steps compared.
fn check_game(group: &Group<'_>, players: u8, seed: u64) -> Result<u64, PermuteError> {
    let orders = group.orders;
    let play = |k: usize, texts: bool| {
        trace(group.rules(k), players, seed, texts).map_err(|failure| PermuteError::Game {
            order: order_name(&orders[k]),
            failure,
        })
    };
    let first = play(0, false)?;
    let mut steps = 0;
    for k in group.from..group.from + group.rules.len() {
        let t = play(k, false)?;
        steps += t.len() as u64;
        if let Err((step, what)) = compare(&first, &t) {
            // Described with the actions as text: the two games again.
            let (a, b) = (play(0, true)?, play(k, true)?);
            let (shown_a, shown_b) = describe(what, &a, &b, step);
            return Err(PermuteError::Differs(Box::new(Difference {
                seed,
                step,
                action: a
                    .get(step)
                    .map_or_else(String::new, |s| s.action_text.clone()),
                what: what.name().to_string(),
                first: order_name(&orders[0]),
                other: order_name(&orders[k]),
                a: shown_a,
                b: shown_b,
            })));
        }
    }
    Ok(steps)
}

/// What two steps can differ in, in the order they are compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Aspect {
    Action,
    Scores,
    Breakdown,
    Events,
    Legal,
    /// One game has no more steps.
    Length,
}

impl Aspect {
    /// As the report names it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Aspect::Action => "the action",
            Aspect::Scores => "the scores",
            Aspect::Breakdown => "the score breakdown",
            Aspect::Events => "the events",
            Aspect::Legal => "the legal actions",
            Aspect::Length => "the length of the game",
        }
    }
}

/// The first step where two traces differ: its index and what differs.
pub(crate) fn compare(a: &[StepTrace], b: &[StepTrace]) -> Result<(), (usize, Aspect)> {
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        let what = if x.action != y.action {
            Aspect::Action
        } else if x.scores != y.scores {
            Aspect::Scores
        } else if x.breakdown != y.breakdown {
            Aspect::Breakdown
        } else if x.events != y.events {
            Aspect::Events
        } else if x.legal != y.legal {
            Aspect::Legal
        } else {
            continue;
        };
        return Err((i, what));
    }
    if a.len() != b.len() {
        return Err((a.len().min(b.len()), Aspect::Length));
    }
    Ok(())
}

/// What step `step` of two games (traced with texts) shows of `what`, side
/// by side; where one game has no such step, the games' lengths.
pub(crate) fn describe(
    what: Aspect,
    a: &[StepTrace],
    b: &[StepTrace],
    step: usize,
) -> (String, String) {
    let (Some(x), Some(y)) = (a.get(step), b.get(step)) else {
        return (format!("{} steps", a.len()), format!("{} steps", b.len()));
    };
    let show = |s: &StepTrace| match what {
        Aspect::Action => s.action_text.clone(),
        Aspect::Scores => format!("{:?}", s.scores),
        Aspect::Breakdown => format!("{:?}", s.breakdown),
        Aspect::Events => s.events.join(" | "),
        Aspect::Legal | Aspect::Length => s.legal_text.join(" | "),
    };
    let (p, q) = (show(x), show(y));
    if p != q {
        return (p, q);
    }
    // The same texts for different values: the values.
    match what {
        Aspect::Action => (format!("{:?}", x.action), format!("{:?}", y.action)),
        _ => (format!("{:?}", x.legal), format!("{:?}", y.legal)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(pairs: &[(&str, &[&str])]) -> BTreeMap<String, Vec<String>> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.iter().map(|s| s.to_string()).collect()))
            .collect()
    }

    /// A step with these scores and legal actions (`Choose` codes and their
    /// texts).
    fn step(scores: &[i32], legal: &[(u32, &str)]) -> StepTrace {
        use carcassonne_core::Action;
        StepTrace {
            action: Some(Action::Choose(0)),
            scores: scores.to_vec(),
            breakdown: vec![],
            events: vec![],
            legal: legal.iter().map(|&(c, _)| Action::Choose(c)).collect(),
            action_text: "choose 0".into(),
            legal_text: legal.iter().map(|&(_, t)| t.to_string()).collect(),
        }
    }

    #[test]
    fn the_first_difference_is_found_by_value_and_shown_as_text() {
        let a = [
            step(&[0, 0], &[(1, "a")]),
            step(&[1, 0], &[(1, "a"), (2, "b")]),
        ];
        assert_eq!(compare(&a, &a), Ok(()));
        // The other game, where it differs, and what the report shows.
        let check = |b: &[StepTrace], at: usize, what: Aspect, shown: (&str, &str)| {
            assert_eq!(compare(&a, b), Err((at, what)), "{b:?}");
            let d = describe(what, &a, b, at);
            assert_eq!((d.0.as_str(), d.1.as_str()), shown, "{b:?}");
        };
        let other = |scores: &[i32], legal: &[(u32, &'static str)]| {
            vec![step(&[0, 0], &[(1, "a")]), step(scores, legal)]
        };
        check(
            &other(&[1, 0], &[(1, "a"), (3, "c")]),
            1,
            Aspect::Legal,
            ("a | b", "a | c"),
        );
        // Scores are compared before the legal actions.
        check(
            &other(&[2, 0], &[(1, "a"), (3, "c")]),
            1,
            Aspect::Scores,
            ("[1, 0]", "[2, 0]"),
        );
        // The same texts for other values: the values are shown.
        check(
            &other(&[1, 0], &[(1, "a"), (4, "b")]),
            1,
            Aspect::Legal,
            ("[Choose(1), Choose(2)]", "[Choose(1), Choose(4)]"),
        );
        // A shorter game: the lengths.
        check(&a[..1], 1, Aspect::Length, ("2 steps", "1 steps"));
    }

    #[test]
    fn every_order_that_keeps_the_constraints_the_default_first() {
        // b must run after a; c is free: a b c, a c b, c a b.
        let (o, all) = run_orders(&c(&[("a", &[]), ("b", &["a"]), ("c", &[])]), 10);
        assert!(all);
        let o: Vec<String> = o.iter().map(|o| o.join("")).collect();
        assert_eq!(o, ["abc", "acb", "cab"]);
    }

    #[test]
    fn many_orders_are_sampled_distinct_and_valid() {
        let ids = ["a", "b", "c", "d", "e", "f", "g"];
        let cons: Vec<(&str, &[&str])> = ids
            .iter()
            .map(|&i| (i, if i == "g" { &["a"][..] } else { &[][..] }))
            .collect();
        let (o, all) = run_orders(&c(&cons), 12);
        assert!(!all);
        assert_eq!(o.len(), 12);
        assert_eq!(o[0].join(""), "abcdefg");
        assert_eq!(o[1].join(""), "fedcbag");
        let distinct: BTreeSet<_> = o.iter().collect();
        assert_eq!(distinct.len(), 12);
        for order in &o {
            let pa = order.iter().position(|x| x == "a").unwrap();
            let pg = order.iter().position(|x| x == "g").unwrap();
            assert!(pa < pg, "{order:?}");
        }
    }
}
