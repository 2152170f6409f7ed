//! `carcassonne tournament`: every pairing of bots on paired seeds with the
//! seats swapped, and a table of win rates, mean scores and Elo ratings.
//!
//! A game that fails stops the run as in `simulate` (no game is handed out
//! after it): the standings of the games that finished, marked partial, then
//! the failing game (seed, the bots in their seats) and the `play` command
//! that plays it again ([`super::failures`]).

use super::failures::{failures_error, failures_json, partial_line, play_again, GameFailure};
use crate::{env, interrupt, RulesetArgs};
use anyhow::{bail, Result};
use carcassonne_bots::tournament::{play, schedule, Interval, Line, Standings};
use carcassonne_bots::BotSpec;
use indicatif::{ProgressBar, ProgressStyle};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Arguments of `tournament`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// The bots, comma-separated (at least two): `random`, `greedy`, `mcts`,
    /// `mcts:2000`, `mcts:200ms`, `mcts:500:threads=2`, ...
    #[arg(long, value_delimiter = ',', required = true)]
    bots: Vec<BotSpec>,
    /// Games per pairing (even: each seed is played twice, seats swapped).
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Seed of the first pair of games; pair i uses seed + i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Games played at once (default: all cores); a search bot without
    /// `threads=N` searches on one thread.
    #[arg(long, value_parser = crate::cmd::simulate::parse_threads)]
    threads: Option<usize>,
    /// Print machine-readable results.
    #[arg(long)]
    json: bool,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Add the wall-clock time and the search bots' playouts per second to
    /// `--json` (which is otherwise the same for any number of threads, as
    /// long as no bot searches for a time and the run is not stopped early,
    /// by Ctrl-C or a failed game).
    #[arg(long)]
    timing: bool,
}

/// Runs the command.
pub fn run(a: Args) -> Result<()> {
    let names: Vec<String> = a.bots.iter().map(ToString::to_string).collect();
    if names.len() < 2 {
        bail!("--bots: a tournament needs at least two bots");
    }
    if let Some(d) = names
        .iter()
        .enumerate()
        .find(|(i, n)| names[..*i].contains(n))
    {
        bail!("--bots: `{}` is listed twice", d.1);
    }
    if a.games == 0 {
        bail!(
            "--games 0: each seed is played twice with the seats swapped: give at least 2 games per pairing"
        );
    }
    if a.games % 2 == 1 {
        bail!(
            "--games {}: each seed is played twice with the seats swapped: give an even number of games per pairing",
            a.games
        );
    }
    let fixtures = schedule(a.bots.len(), a.games / 2, a.seed);
    let Some(requested) = fixtures.checked_len() else {
        bail!(
            "--games {}: with {} bots ({} pairings) that is more than {} games in all",
            a.games,
            a.bots.len(),
            fixtures.pairings(),
            u64::MAX
        );
    };
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let rs = env::load_ruleset(&a.ruleset)?;
    let bar = if a.quiet || a.json {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(requested)
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games ({per_sec}, eta {eta})")
            .expect("valid template"),
    );
    let next = AtomicU64::new(0);
    let total = Mutex::new(Standings::new(names.clone()));
    // The failed games, with their places in the schedule.
    let failures: Mutex<Vec<(u64, GameFailure)>> = Mutex::new(Vec::new());
    let started = Instant::now();
    interrupt::catch();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut acc = Standings::new(names.clone());
                // A game handed out is played to its end, so after Ctrl-C the
                // games played are always the first ones of the schedule.
                while !interrupt::requested() {
                    // (Saturating: past the end, or after a failure, nobody takes a game.)
                    let Ok(i) = next
                        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_add(1))
                    else {
                        break;
                    };
                    let Some(f) = fixtures.get(i) else { break };
                    match play(&rs.rules, &a.bots, f) {
                        Ok(o) => acc.add(&o),
                        Err(e) => {
                            let failure = GameFailure {
                                seed: f.seed,
                                ruleset: 0,
                                seats: Some(f.seats().map(|b| names[b].clone()).to_vec()),
                                error: e.to_string(),
                            };
                            failures.lock().expect("lock").push((i, failure));
                            next.store(requested, Ordering::Relaxed);
                        }
                    }
                    bar.inc(1);
                }
                total.lock().expect("lock").merge(&acc);
            });
        }
    });
    bar.finish_and_clear();
    let mut failures = failures.into_inner().expect("lock");
    failures.sort_by_key(|(i, _)| *i);
    let failures: Vec<GameFailure> = failures.into_iter().map(|(_, f)| f).collect();
    let t = total.into_inner().expect("lock");
    let seconds = started.elapsed().as_secs_f64();
    let partial = t.games() < requested;
    // The `play` command of a failed game: two players, its bots in its seats.
    let play = |f: &GameFailure| {
        let seats = f.seats.as_deref().unwrap_or_default();
        play_again(
            a.ruleset.ruleset.as_deref(),
            &a.ruleset.plugin_dirs,
            2,
            seats,
            f,
        )
    };
    let rulesets = [rs.spec.name.as_str()];
    // What ends the run: a failed game (after the standings of the others),
    // Ctrl-C, or nothing.
    let end = || -> Result<()> {
        if failures.is_empty() {
            interrupt::result(partial)
        } else {
            Err(failures_error(&failures, &rulesets, &play))
        }
    };
    if t.games() == 0 {
        if failures.is_empty() {
            return Err(interrupt::Interrupted.into());
        }
        // Nothing finished: the failure alone (and valid JSON with it).
        if a.json {
            let v = serde_json::json!({
                "ruleset": rs.spec.name,
                "games_per_pairing": a.games,
                "first_seed": a.seed,
                "games": 0,
                "games_requested": requested,
                "partial": true,
                "failures": failures_json(&failures, &rulesets, &play),
            });
            println!("{}", serde_json::to_string_pretty(&v)?);
        }
        return end();
    }
    if a.json {
        let mut v = to_json(
            &t,
            &rs.spec.name,
            a.games,
            a.seed,
            a.timing.then_some(seconds),
        );
        v["partial"] = partial.into();
        v["games"] = t.games().into();
        v["games_requested"] = requested.into();
        if !failures.is_empty() {
            v["failures"] = failures_json(&failures, &rulesets, &play);
        }
        println!("{}", serde_json::to_string_pretty(&v)?);
        return end();
    }
    if let Some(line) = partial_line(t.games(), requested, &failures, "standings") {
        println!("{line}");
    }
    print_table(&t, &rs.spec.name, a.games, a.seed, seconds, threads);
    end()
}

fn pct(i: Interval) -> String {
    format!(
        "{:5.1}% [{:4.1}, {:5.1}]",
        i.value * 100.0,
        i.low * 100.0,
        i.high * 100.0
    )
}

fn playouts_per_second(l: &Line) -> Option<f64> {
    l.search
        .filter(|s| s.seconds > 0.0)
        .map(|s| s.playouts as f64 / s.seconds)
}

fn print_table(t: &Standings, ruleset: &str, games: u64, seed: u64, seconds: f64, threads: usize) {
    println!(
        "{ruleset} — {} bots, {games} games per pairing (seeds {seed}..{}, each with both seat orders), {} in {seconds:.1} s on {threads} thread(s)",
        t.names.len(),
        seed.wrapping_add(games / 2 - 1),
        super::plural(usize::try_from(t.games()).unwrap_or(usize::MAX), "game")
    );
    let width = t.names.iter().map(String::len).max().unwrap_or(0).max(3);
    println!(
        "{:<width$}  {:>6}  {:<22}  {:>10}  {:>18}  {:>12}",
        "bot", "games", "win rate [95% CI]", "mean score", "Elo [95% CI]", "playouts/s"
    );
    for l in t.lines() {
        let pps = playouts_per_second(&l).map_or_else(|| "-".into(), |p| format!("{p:.0}"));
        println!(
            "{:<width$}  {:>6}  {:<22}  {:>10.2}  {:>+6.0} [{:+.0}, {:+.0}]  {:>12}",
            l.name,
            l.games,
            pct(l.win_rate),
            l.mean_score,
            l.elo.value,
            l.elo.low,
            l.elo.high,
            pps
        );
    }
    if t.names.len() > 2 {
        println!("\nwin rate of the row against the column:");
        print!("{:<width$}", "");
        for n in &t.names {
            print!("  {n:>12}");
        }
        println!();
        for (i, n) in t.names.iter().enumerate() {
            print!("{n:<width$}");
            for j in 0..t.names.len() {
                if i == j {
                    print!("  {:>12}", "-");
                } else {
                    print!("  {:>11.1}%", t.head_to_head(i, j).value * 100.0);
                }
            }
            println!();
        }
    }
}

fn interval(i: Interval) -> serde_json::Value {
    serde_json::json!({ "value": i.value, "low": i.low, "high": i.high })
}

/// The standings as JSON; with `seconds` (`--timing`), the run's wall-clock
/// time and the search bots' playouts per second too.
fn to_json(
    t: &Standings,
    ruleset: &str,
    games: u64,
    seed: u64,
    seconds: Option<f64>,
) -> serde_json::Value {
    let bots: Vec<serde_json::Value> = t
        .lines()
        .iter()
        .map(|l| {
            let mut b = serde_json::json!({
                "bot": l.name,
                "games": l.games,
                "wins": l.points,
                "win_rate": interval(l.win_rate),
                "mean_score": l.mean_score,
                "elo": interval(l.elo),
                "playouts": l.search.map(|s| s.playouts),
            });
            if seconds.is_some() {
                b["playouts_per_second"] = playouts_per_second(l).into();
            }
            b
        })
        .collect();
    let mut pairings = Vec::new();
    for i in 0..t.names.len() {
        for j in i + 1..t.names.len() {
            let h = t.heads[i][j];
            pairings.push(serde_json::json!({
                "a": t.names[i],
                "b": t.names[j],
                "games": h.games,
                "a_wins": h.points,
                "a_win_rate": interval(t.head_to_head(i, j)),
                "a_mean_score": h.score / h.games.max(1) as f64,
                "b_mean_score": t.heads[j][i].score / h.games.max(1) as f64,
            }));
        }
    }
    let mut v = serde_json::json!({
        "ruleset": ruleset,
        "games_per_pairing": games,
        "first_seed": seed,
        "bots": bots,
        "pairings": pairings,
    });
    if let Some(s) = seconds {
        v["seconds"] = s.into();
    }
    v
}
