//! `carcassonne conformance`: the conformance kit on a ruleset, for plugin authors.

use crate::{env, interrupt, RulesetArgs};
use anyhow::{anyhow, bail, Result};
use carcassonne_core::Rules;
use carcassonne_core::{Game, PlayerId, BASE_CATEGORIES};
use carcassonne_host::conformance::{Failure, Options, Report};
use carcassonne_host::{narrowings, permute};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Arguments of `conformance`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// Number of games (at least 1).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Number of players (2-6); default: the ruleset's.
    #[arg(long)]
    players: Option<u8>,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Apply every legal action on a clone at every step, not only the one chosen (slower).
    #[arg(long)]
    every_action: bool,
    /// Allow scores to go down (for rulesets whose plugins take points away other
    /// than by transfers between players, which the check accepts).
    #[arg(long)]
    allow_score_decrease: bool,
    /// Worker threads, 1 to 256 (default: all cores). The result does not depend on it.
    #[arg(long, value_parser = crate::cmd::simulate::parse_threads)]
    threads: Option<usize>,
    /// Also play the same games with the plugins' hooks in several run orders
    /// (every order that keeps the declared orderings, when there are few) and
    /// fail on any difference in actions, scores or events.
    #[arg(long)]
    permute_plugins: bool,
    /// Also play the same games with every plugin's narrowings taken away
    /// (its hooks called in every case) and fail on any difference, naming
    /// the plugin whose `narrowing()` promise is broken.
    #[arg(long)]
    check_narrowing: bool,
    /// With --permute-plugins: at most this many run orders (1 to 10000).
    #[arg(
        long,
        default_value_t = 24,
        requires = "permute_plugins",
        value_parser = clap::value_parser!(u32).range(1..=10000)
    )]
    orders: u32,
    /// Print a machine-readable result.
    #[arg(long)]
    json: bool,
}

/// What the games found: the sums of their reports, and the failure of the
/// lowest seed that failed.
#[derive(Default)]
struct Outcome {
    report: Report,
    failure: Option<Failure>,
    /// By score category ([`Game::score_categories`]): the points booked in
    /// the games checked, every player's in absolute value (a transfer
    /// counts, though it sums to nothing).
    points: Vec<u64>,
}

/// Adds the points of finished game `g` by category to `points`.
fn add_points(points: &mut Vec<u64>, g: &Game) {
    points.resize(g.score_categories().len(), 0);
    for p in PlayerId::all(g.players()) {
        for (sum, &x) in points.iter_mut().zip(g.score_breakdown(p)) {
            *sum += u64::from(x.unsigned_abs());
        }
    }
}

/// Plays games `0..games` (seed `first_seed + i`) on `threads` threads until
/// one fails or Ctrl-C. Every game below a failing one is played, so the failure
/// reported (the lowest seed) does not depend on the threads.
fn play(rules: &Arc<Rules>, opts: Options, threads: usize) -> Outcome {
    let next = AtomicU64::new(0);
    let games = u64::from(opts.games);
    let out = Mutex::new(Outcome::default());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                while !interrupt::requested() {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let one = Options {
                        games: 1,
                        first_seed: opts.first_seed.wrapping_add(i),
                        ..opts
                    };
                    // The kit, with the points of the finished game kept
                    // (`run` shows it every state, the last one too).
                    let points = Mutex::new(Vec::new());
                    let r = carcassonne_core::conformance::run(rules, one, &|g| {
                        if g.is_over() {
                            add_points(&mut points.lock().expect("lock"), g);
                        }
                        Ok(())
                    });
                    let mut o = out.lock().expect("lock");
                    match r {
                        Ok(r) => {
                            o.report.games += r.games;
                            o.report.states += r.states;
                            o.report.actions += r.actions;
                            let got = points.into_inner().expect("lock");
                            let n = got.len().max(o.points.len());
                            o.points.resize(n, 0);
                            for (sum, x) in o.points.iter_mut().zip(got) {
                                *sum += x;
                            }
                        }
                        Err(f) => {
                            next.store(games, Ordering::Relaxed);
                            if o.failure.as_ref().is_none_or(|g| f.seed < g.seed) {
                                o.failure = Some(f);
                            }
                        }
                    }
                }
            });
        }
    });
    out.into_inner().expect("lock")
}

/// Runs the command.
pub fn run(a: Args) -> Result<()> {
    let rs = env::load_ruleset(&a.ruleset)?;
    let players = a.players.unwrap_or(rs.spec.players);
    if !(2..=6).contains(&players) {
        bail!("--players {players}: a game needs 2 to 6 players");
    }
    let opts = Options {
        games: a.games,
        players,
        first_seed: a.seed,
        try_every_action: a.every_action,
        scores_never_decrease: !a.allow_score_decrease,
        // `check_rules` turns it on.
        check_determinism: true,
    };
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let started = std::time::Instant::now();
    interrupt::catch();
    let o = play(&rs.rules, opts, threads.min(a.games as usize));
    if let Some(f) = o.failure {
        return Err(anyhow!(
            "{}: conformance failure in the game with seed {} at step {}: {}",
            rs.spec.name,
            f.seed,
            f.step,
            f.message
        ));
    }
    let permuted = if a.permute_plugins && !interrupt::requested() {
        let popts = permute::Options {
            games: a.games,
            players,
            first_seed: a.seed,
            max_orders: a.orders as usize,
            threads,
        };
        let r = permute::check(&rs, popts).map_err(|e| anyhow!("{}: {e}", rs.spec.name))?;
        Some(r)
    } else {
        None
    };
    let narrowings = if a.check_narrowing && !interrupt::requested() {
        let nopts = narrowings::Options {
            games: a.games,
            players,
            first_seed: a.seed,
            threads,
        };
        let r =
            narrowings::check(&rs.rules, nopts).map_err(|e| anyhow!("{}: {e}", rs.spec.name))?;
        Some(r)
    } else {
        None
    };
    // The points by category, named; the plugins' categories after the base
    // rules' (a plugin at 0 whose rules score: they never came up).
    let cats = rs.rules.score_categories.clone();
    let points: Vec<(String, u64)> = cats
        .iter()
        .enumerate()
        .map(|(i, c)| (c.clone(), o.points.get(i).copied().unwrap_or(0)))
        .collect();
    let plugin_points = &points[BASE_CATEGORIES.len().min(points.len())..];
    let partial = o.report.games < a.games
        || (a.permute_plugins && permuted.is_none())
        || (a.check_narrowing && narrowings.is_none());
    if a.json {
        let v = serde_json::json!({
            "ruleset": rs.spec.name,
            "players": players,
            "first_seed": a.seed,
            "games": o.report.games,
            "games_requested": a.games,
            "partial": partial,
            "states": o.report.states,
            "actions": o.report.actions,
            "run_orders": permuted.as_ref().map(|r| r.orders.len()),
            "all_run_orders": permuted.as_ref().map(|r| r.all_orders),
            "narrowing_plugins": narrowings.as_ref().map(|r| r.narrowed.clone()),
            "points_by_category": points
                .iter()
                .map(|(c, n)| (c.clone(), serde_json::Value::from(*n)))
                .collect::<serde_json::Map<_, _>>(),
            "ok": true,
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        println!(
            "{}: ok{} — {} games, {} states checked, {} actions applied ({:.1} s)",
            rs.spec.name,
            if partial {
                format!(
                    " so far (PARTIAL: interrupted after {} of {} games)",
                    o.report.games, a.games
                )
            } else {
                String::new()
            },
            o.report.games,
            o.report.states,
            o.report.actions,
            started.elapsed().as_secs_f64()
        );
        if !plugin_points.is_empty() {
            let listed: Vec<String> = plugin_points
                .iter()
                .map(|(c, n)| format!("{c} {n}"))
                .collect();
            let zero = plugin_points.iter().any(|(_, n)| *n == 0);
            println!(
                "{}: points the plugins booked in these games (every player's, in absolute \
                 value): {}{}",
                rs.spec.name,
                listed.join(", "),
                if zero {
                    " (0: the plugin scores nothing, or what it scores never came up: more \
                     games, or `[tiles.counts]` giving its tiles more copies, reach it)"
                } else {
                    ""
                }
            );
        }
        if permuted.as_ref().is_some_and(|r| r.orders.len() < 2) {
            println!(
                "{}: one valid plugin run order: nothing to compare (the run orders \
                 differ only with two plugins or more whose order is not declared)",
                rs.spec.name
            );
        } else if let Some(r) = &permuted {
            println!(
                "{}: the same {} games in {} plugin run orders{}: no difference ({} steps compared)",
                rs.spec.name,
                r.games,
                r.orders.len(),
                if r.all_orders {
                    " (every valid order)"
                } else {
                    " (a sample of the valid orders)"
                },
                r.steps
            );
        }
        if let Some(r) = &narrowings {
            if r.narrowed.is_empty() {
                println!(
                    "{}: no plugin declares a narrowing: nothing to compare",
                    rs.spec.name
                );
            } else {
                println!(
                    "{}: the same {} games without the narrowings of {}: no difference ({} steps compared)",
                    rs.spec.name,
                    r.games,
                    r.narrowed.join(", "),
                    r.steps
                );
            }
        }
    }
    interrupt::result(partial)
}
