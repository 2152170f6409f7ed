//! `carcassonne simulate`: many seeded games on all cores, with score statistics.

use crate::{env, RulesetArgs};
use anyhow::{bail, Result};
use carcassonne_core::{Game, Rng};
use indicatif::{ProgressBar, ProgressStyle};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Arguments of `simulate`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Number of players (2-6); default: the ruleset's.
    #[arg(long)]
    players: Option<u8>,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Print machine-readable statistics.
    #[arg(long)]
    json: bool,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

#[derive(Default, Clone)]
struct Acc {
    games: u64,
    sum: Vec<f64>,
    sumsq: Vec<f64>,
    wins: Vec<f64>,
    tiles: u64,
    turns: u64,
}

/// Runs the command.
pub fn run(a: Args) -> Result<()> {
    let rs = env::load_ruleset(&a.ruleset)?;
    let players = a.players.unwrap_or(rs.spec.players);
    if !(2..=6).contains(&players) {
        bail!("--players {players}: a game needs 2 to 6 players");
    }
    if a.games == 0 {
        bail!("--games must be at least 1");
    }
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let n = players as usize;
    let next = AtomicU64::new(0);
    let total = Mutex::new(Acc {
        sum: vec![0.0; n],
        sumsq: vec![0.0; n],
        wins: vec![0.0; n],
        ..Acc::default()
    });
    let bar = if a.quiet || a.json {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(a.games)
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games ({per_sec}, eta {eta})")
            .expect("valid template"),
    );
    let started = Instant::now();
    let failure: Mutex<Option<String>> = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut acc = Acc {
                    sum: vec![0.0; n],
                    sumsq: vec![0.0; n],
                    wins: vec![0.0; n],
                    ..Acc::default()
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= a.games {
                        break;
                    }
                    let seed = a.seed.wrapping_add(i);
                    match play_one(&rs.rules, players, seed) {
                        Ok(g) => {
                            let sc = g.scores();
                            let best = *sc.iter().max().unwrap_or(&0);
                            let winners = sc.iter().filter(|&&x| x == best).count() as f64;
                            for (p, &x) in sc.iter().enumerate() {
                                acc.sum[p] += f64::from(x);
                                acc.sumsq[p] += f64::from(x) * f64::from(x);
                                if x == best {
                                    acc.wins[p] += 1.0 / winners;
                                }
                            }
                            acc.games += 1;
                            acc.tiles += g.placed_count() as u64;
                            acc.turns += u64::from(g.turn());
                        }
                        Err(e) => {
                            *failure.lock().expect("lock") =
                                Some(format!("game with seed {seed}: {e}"));
                            next.store(a.games, Ordering::Relaxed);
                        }
                    }
                    if i.is_multiple_of(64) {
                        bar.set_position(next.load(Ordering::Relaxed).min(a.games));
                    }
                }
                let mut t = total.lock().expect("lock");
                t.games += acc.games;
                t.tiles += acc.tiles;
                t.turns += acc.turns;
                for p in 0..n {
                    t.sum[p] += acc.sum[p];
                    t.sumsq[p] += acc.sumsq[p];
                    t.wins[p] += acc.wins[p];
                }
            });
        }
    });
    bar.finish_and_clear();
    if let Some(f) = failure.into_inner().expect("lock") {
        bail!("{f}");
    }
    let secs = started.elapsed().as_secs_f64();
    let t = total.into_inner().expect("lock");
    let g = t.games as f64;
    let mean: Vec<f64> = t.sum.iter().map(|s| s / g).collect();
    let sd: Vec<f64> = (0..n)
        .map(|p| (t.sumsq[p] / g - mean[p] * mean[p]).max(0.0).sqrt())
        .collect();
    let win: Vec<f64> = t.wins.iter().map(|w| w / g).collect();
    if a.json {
        let out = serde_json::json!({
            "ruleset": rs.spec.name,
            "players": players,
            "games": t.games,
            "first_seed": a.seed,
            "bot": "random",
            "mean_score": mean,
            "stddev_score": sd,
            "win_rate": win,
            "mean_tiles_placed": t.tiles as f64 / g,
            "mean_turns": t.turns as f64 / g,
            "seconds": secs,
            "games_per_second": g / secs,
        });
        println!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        println!(
            "{} — {} games, {} players, random bots, seeds {}..{}",
            rs.spec.name,
            t.games,
            players,
            a.seed,
            a.seed.wrapping_add(t.games - 1)
        );
        println!("seat    mean score   std dev   win rate");
        for p in 0..n {
            println!(
                "{:<6} {:>11.2} {:>9.2} {:>9.1}%",
                crate::log::NAMES[p],
                mean[p],
                sd[p],
                win[p] * 100.0
            );
        }
        println!(
            "mean tiles placed {:.1}, mean turns {:.1}; {:.0} games/s on {threads} thread(s)",
            t.tiles as f64 / g,
            t.turns as f64 / g,
            g / secs
        );
    }
    Ok(())
}

/// One game between random bots (the engine's fast sampled path).
pub fn play_one(
    rules: &std::sync::Arc<carcassonne_core::Rules>,
    players: u8,
    seed: u64,
) -> Result<Game> {
    let mut g = Game::new(rules.clone(), players, seed)?;
    let mut rng = Rng::new(seed ^ 0xC0FF_EE00_D15E_A5E5);
    while g.step_random(&mut rng)? {}
    Ok(g)
}
