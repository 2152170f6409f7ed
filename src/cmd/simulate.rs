//! `carcassonne simulate`: many seeded games on all cores, with score statistics.

use super::failures::{failures_error, failures_json, partial_line, play_again, GameFailure};
use crate::plot::pairs::PairedSums;
use crate::plot::Outcome;
use crate::stats::{category_rows, Stats};
use crate::{env, interrupt, RulesetArgs};
use anyhow::{bail, Result};
use carcassonne_bots::{seat_specs, BotSpec};
use carcassonne_core::{Game, Rules};
use indicatif::{ProgressBar, ProgressStyle};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Arguments of `simulate`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    #[command(flatten)]
    run: RunArgs,
    /// Print machine-readable statistics.
    #[arg(long)]
    json: bool,
    /// Draw charts of the games (`.svg` or `.png`): scores by seat, win rates, points by category, game length.
    #[arg(long, value_name = "OUT.svg|OUT.png")]
    plot: Option<std::path::PathBuf>,
}

/// How many games, with which seeds and threads.
#[derive(clap::Args, Debug, Clone)]
pub struct RunArgs {
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Number of players (2-6); default: the ruleset's.
    #[arg(long)]
    pub players: Option<u8>,
    /// Seed of the first game; game i uses seed + i, and `play --seed <seed + i>`
    /// with the same ruleset, players and bots plays that very game again.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Worker threads, 1 to 256 (default: all cores); never more than games.
    #[arg(long, value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Add the wall-clock time and speed to `--json` (which is otherwise the
    /// same for any number of threads, but for a run stopped early, by
    /// Ctrl-C or a failed game: which games were running then, and so
    /// finished, depends on the threads).
    #[arg(long)]
    pub timing: bool,
    /// Keep each game's outcome in [`Stats::outcomes`] (for charts).
    #[arg(skip)]
    pub keep_games: bool,
    /// Add up the paired differences `B − A` of two rulesets' games of the
    /// same seed as they finish ([`Batch::paired`]).
    #[arg(skip)]
    pub pair: bool,
    /// Bot for each seat, comma-separated (the last one fills the remaining
    /// seats): `random`, `greedy` or `mcts` with an optional budget per move
    /// (`mcts:2000` playouts, `mcts:200ms`) and `:threads=N`.
    #[arg(long, value_delimiter = ',', default_value = "random")]
    pub bots: Vec<BotSpec>,
}

impl RunArgs {
    /// The bot of each seat, as text (`["greedy", "random"]`).
    pub fn bot_names(&self, players: u8) -> Vec<String> {
        seat_specs(&self.bots, players)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// Refuses a number of players out of range, a `--bots` list longer
    /// than the seats (a bot that would never play: a mistake, not a choice)
    /// and no games: before anything is printed.
    pub fn check_seats(&self, players: u8) -> Result<()> {
        if !(2..=6).contains(&players) {
            bail!("--players {players}: a game needs 2 to 6 players");
        }
        if self.games == 0 {
            bail!("--games must be at least 1");
        }
        if self.bots.len() > usize::from(players) {
            bail!(
                "--bots lists {} bots for {players} players: give at most one per seat \
                 (the last one given plays the seats left)",
                self.bots.len()
            );
        }
        Ok(())
    }

    /// The seats' bots in one line: `random` if all seats are alike, else
    /// `greedy vs random`.
    pub fn bots_line(&self, players: u8) -> String {
        let mut names = self.bot_names(players);
        names.dedup();
        if names.len() == 1 {
            names.remove(0)
        } else {
            self.bot_names(players).join(" vs ")
        }
    }
}

/// Most worker threads `--threads` accepts.
pub const MAX_THREADS: usize = 256;

/// Parses `--threads` (1 to [`MAX_THREADS`]).
pub fn parse_threads(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!(
            "expected a number of threads from 1 to {MAX_THREADS}"
        )),
    }
}

/// What [`run_games`] gives.
#[derive(Debug)]
pub struct Batch {
    /// The statistics of each ruleset: of the seeds whose games finished on
    /// every ruleset.
    pub stats: Vec<Stats>,
    /// With [`RunArgs::pair`] and two rulesets: the paired differences of the
    /// second's games less the first's.
    pub paired: Option<PairedSums>,
    /// The games that failed (a plugin's error, a bot's), by seed: the first
    /// one stops the run.
    pub failures: Vec<GameFailure>,
}

/// Plays `a.games` seeded games between the bots of `a.bots` on all cores, each
/// seed on every ruleset of `rules` in turn (so that a run stopped by Ctrl-C has
/// played the same seeds on all of them: the first `games` seeds). One [`Stats`]
/// per ruleset, and the paired differences if asked for.
///
/// A game that fails does not end the run with nothing: like Ctrl-C, it
/// stops it (no game is started after it; the games in progress finish),
/// and the statistics of the seeds whose games finished on every ruleset are
/// kept, with the failure ([`Batch::failures`]). Skipping failed games and
/// going on would leave out of the statistics just the games where the
/// failing rule comes up, a bias a balance study would not see; and a rule
/// that fails is to be fixed before its statistics mean anything.
pub fn run_games(rules: &[Arc<Rules>], players: u8, a: &RunArgs, show_bar: bool) -> Result<Batch> {
    if !(2..=6).contains(&players) {
        bail!("--players {players}: a game needs 2 to 6 players");
    }
    if a.games == 0 {
        bail!("--games must be at least 1");
    }
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, MAX_THREADS)
        .min(usize::try_from(a.games).unwrap_or(usize::MAX));
    let n = players as usize;
    let next = AtomicU64::new(0);
    let fresh = || -> Vec<Stats> {
        rules
            .iter()
            .map(|r| Stats::new(n, &r.score_categories))
            .collect()
    };
    let fresh_pairs = || match rules {
        [ra, rb] if a.pair => Some(PairedSums::new(
            n,
            &ra.score_categories,
            &rb.score_categories,
        )),
        _ => None,
    };
    let total = Mutex::new(fresh());
    let total_pairs = Mutex::new(fresh_pairs());
    let bar = if a.quiet || !show_bar {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(a.games)
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games ({per_sec}, eta {eta})")
            .expect("valid template"),
    );
    let started = Instant::now();
    let failures: Mutex<Vec<GameFailure>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut acc = fresh();
                let mut pairs = fresh_pairs();
                // One game per ruleset, restarted for every seed (no allocation).
                let mut slots: Vec<Option<Game>> = rules.iter().map(|_| None).collect();
                // A game handed out is played to the end on every ruleset, so the
                // games played are always the first ones.
                while !interrupt::requested() {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= a.games {
                        break;
                    }
                    let seed = a.seed.wrapping_add(i);
                    // A seed counts when its games finished on every ruleset.
                    let mut played = true;
                    for (k, (r, slot)) in rules.iter().zip(&mut slots).enumerate() {
                        if let Err(e) =
                            carcassonne_bots::play_game_in(slot, r, players, seed, &a.bots)
                        {
                            played = false;
                            failures.lock().expect("lock").push(GameFailure {
                                seed,
                                ruleset: k,
                                seats: None,
                                error: e.to_string(),
                            });
                            next.store(a.games, Ordering::Relaxed);
                        }
                    }
                    if played {
                        for (st, g) in acc.iter_mut().zip(slots.iter().flatten()) {
                            st.add_game(g, seed, a.keep_games);
                        }
                        if let (Some(p), [Some(ga), Some(gb)]) = (&mut pairs, &slots[..]) {
                            p.add(&Outcome::of(seed, ga), &Outcome::of(seed, gb));
                        }
                    }
                    if i % 64 == 0 {
                        bar.set_position(next.load(Ordering::Relaxed).min(a.games));
                    }
                }
                let mut t = total.lock().expect("lock");
                for (t, acc) in t.iter_mut().zip(&acc) {
                    t.merge(acc);
                }
                if let (Some(t), Some(p)) = (total_pairs.lock().expect("lock").as_mut(), &pairs) {
                    t.merge(p);
                }
            });
        }
    });
    bar.finish_and_clear();
    let mut failures = failures.into_inner().expect("lock");
    failures.sort_by_key(|f| (f.seed, f.ruleset));
    let mut all = total.into_inner().expect("lock");
    for t in &mut all {
        t.requested = a.games;
        t.seconds = started.elapsed().as_secs_f64();
        t.threads = threads;
    }
    Ok(Batch {
        stats: all,
        paired: total_pairs.into_inner().expect("lock"),
        failures,
    })
}

/// Runs the command.
pub fn run(a: Args) -> Result<()> {
    if let Some(p) = &a.plot {
        crate::plot::check_target(p)?;
    }
    let rs = env::load_ruleset(&a.ruleset)?;
    let players = a.run.players.unwrap_or(rs.spec.players);
    a.run.check_seats(players)?;
    let run = RunArgs {
        keep_games: a.plot.is_some(),
        ..a.run.clone()
    };
    interrupt::catch();
    let mut batch = run_games(std::slice::from_ref(&rs.rules), players, &run, !a.json)?;
    let t = batch.stats.remove(0);
    let failures = batch.failures;
    let bots = a.run.bot_names(players);
    let play = |f: &GameFailure| {
        play_again(
            a.ruleset.ruleset.as_deref(),
            &a.ruleset.plugin_dirs,
            players,
            &bots,
            f,
        )
    };
    let names = [rs.spec.name.as_str()];
    // What ends the run: a failed game (after the statistics of the others),
    // Ctrl-C, or nothing.
    let end = || -> Result<()> {
        if failures.is_empty() {
            interrupt::result(t.partial())
        } else {
            Err(failures_error(&failures, &names, &play))
        }
    };
    if t.games == 0 && failures.is_empty() {
        return Err(interrupt::Interrupted.into());
    }
    // The charts are written after the statistics are printed: a path that
    // fails at the end loses no result.
    let plot = || -> Result<()> {
        let Some(path) = &a.plot else {
            return Ok(());
        };
        let sample = Game::new(rs.rules.clone(), players, a.run.seed)?;
        let bots = format!("{} bots", a.run.bots_line(players));
        let study = crate::plot::Study::new(&rs.spec.name, &bots, &sample, t.outcomes.clone());
        let svg = crate::plot::charts::simulate(&study, &carcassonne_render::Style::default())
            .map_err(|e| anyhow::anyhow!("cannot draw {}: {e}", path.display()))?;
        crate::plot::save(path, &svg)
    };
    if a.json {
        let mut v = t.to_json(&rs.spec.name, a.run.seed, &bots, a.run.timing);
        if !failures.is_empty() {
            v["failures"] = failures_json(&failures, &names, &play);
        }
        println!("{}", serde_json::to_string_pretty(&v)?);
        if t.games > 0 {
            plot()?;
        }
        return end();
    }
    if t.games == 0 {
        // Nothing finished: the failure alone.
        return end();
    }
    if let Some(line) = partial_line(t.games, t.requested, &failures, "statistics") {
        println!("{line}");
    }
    println!(
        "{} — {} games, {} players, bots {}, seeds from {}",
        rs.spec.name,
        t.games,
        players,
        a.run.bots_line(players),
        a.run.seed,
    );
    let (mean, sd, win) = (t.mean(), t.stddev(), t.win_rate());
    println!("seat    mean score   std dev   win rate");
    for p in 0..t.players {
        println!(
            "{:<6} {:>11.2} {:>9.2} {:>9.1}%",
            crate::log::NAMES[p],
            mean[p],
            sd[p],
            win[p] * 100.0
        );
    }
    // As `compare`: the categories nobody scored in are named, not printed as 0.
    let (rows, empty) = category_rows(&t.per_category(), &[]);
    if !rows.is_empty() {
        let cats: Vec<String> = rows.iter().map(|(k, v, _)| format!("{k} {v:.2}")).collect();
        println!("mean points per player: {}", cats.join(", "));
    }
    if !rows.is_empty() {
        println!("mean points by seat:");
        print!("{:<6}", "seat");
        for (k, _, _) in &rows {
            print!(" {:>w$}", k, w = k.len().max(7));
        }
        println!();
        for p in 0..t.players {
            print!("{:<6}", crate::log::NAMES[p]);
            for (k, _, _) in &rows {
                print!(" {:>w$.2}", t.seat_points(k)[p], w = k.len().max(7));
            }
            println!();
        }
    }
    // A category whose points only move between players sums to 0: by seat.
    let zero_sum = t.zero_sum();
    for (k, seats) in &zero_sum {
        let by_seat: Vec<String> = seats
            .iter()
            .enumerate()
            .map(|(p, v)| format!("{} {v:+.2}", crate::log::NAMES[p]))
            .collect();
        println!(
            "zero-sum points from {k} (moved between players), by seat: {}",
            by_seat.join(", ")
        );
    }
    let empty: Vec<String> = empty
        .into_iter()
        .filter(|k| !zero_sum.iter().any(|(z, _)| z == k))
        .collect();
    if !empty.is_empty() {
        println!("no points from {}", empty.join(", "));
    }
    let granted = if t.mean_granted_turns() > 0.0 {
        format!(
            " ({:.2} extra turns granted by plugins)",
            t.mean_granted_turns()
        )
    } else {
        String::new()
    };
    println!(
        "mean tiles placed {:.1}, mean turns {:.1}{granted}; {:.0} games/s on {} thread(s)",
        t.mean_tiles(),
        t.mean_turns(),
        t.games as f64 / t.seconds,
        t.threads
    );
    if let Some(path) = &a.plot {
        plot()?;
        println!("Charts written to {}", path.display());
    }
    end()
}
