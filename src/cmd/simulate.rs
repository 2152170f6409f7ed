//! `carcassonne simulate`: many seeded games on all cores, with score statistics.

use crate::{env, RulesetArgs};
use anyhow::{bail, Result};
use carcassonne_bots::{seat_specs, BotSpec};
use carcassonne_core::{Game, Rules, SCORE_CATEGORIES, SCORE_CATEGORY_NAMES};
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
    /// Draw charts (SVG) of the games: scores by seat, win rates, points by category, game length.
    #[arg(long, value_name = "OUT.svg")]
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
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Worker threads, 1 to 256 (default: all cores); never more than games.
    #[arg(long, value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Keep each game's outcome in [`Stats::outcomes`] (for charts).
    #[arg(skip)]
    pub keep_games: bool,
    /// Bot for each seat, comma-separated (the last one fills the remaining
    /// seats): `random` or `greedy`.
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
const MAX_THREADS: usize = 256;

fn parse_threads(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!(
            "expected a number of threads from 1 to {MAX_THREADS}"
        )),
    }
}

/// Statistics of a batch of games.
#[derive(Default, Clone, Debug)]
pub struct Stats {
    /// Games played.
    pub games: u64,
    /// Players per game.
    pub players: usize,
    sum: Vec<f64>,
    sumsq: Vec<f64>,
    wins: Vec<f64>,
    by_category: [f64; SCORE_CATEGORIES],
    tiles: u64,
    turns: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Threads used.
    pub threads: usize,
    /// Each game's outcome, by seed, when [`RunArgs::keep_games`] is set.
    pub outcomes: Vec<crate::plot::Outcome>,
}

impl Stats {
    fn new(players: usize) -> Stats {
        Stats {
            players,
            sum: vec![0.0; players],
            sumsq: vec![0.0; players],
            wins: vec![0.0; players],
            ..Stats::default()
        }
    }

    fn add_game(&mut self, g: &Game, seed: u64, keep: bool) {
        if keep {
            self.outcomes.push(crate::plot::Outcome::of(seed, g));
        }
        let sc = g.scores();
        let best = *sc.iter().max().unwrap_or(&0);
        let winners = sc.iter().filter(|&&x| x == best).count() as f64;
        for (p, &x) in sc.iter().enumerate() {
            self.sum[p] += f64::from(x);
            self.sumsq[p] += f64::from(x) * f64::from(x);
            if x == best {
                self.wins[p] += 1.0 / winners;
            }
            for (c, v) in g.score_breakdown(p as u8).iter().enumerate() {
                self.by_category[c] += f64::from(*v);
            }
        }
        self.games += 1;
        self.tiles += g.placed_count() as u64;
        self.turns += u64::from(g.turn());
    }

    fn merge(&mut self, o: &Stats) {
        self.outcomes.extend_from_slice(&o.outcomes);
        self.games += o.games;
        self.tiles += o.tiles;
        self.turns += o.turns;
        for p in 0..self.players {
            self.sum[p] += o.sum[p];
            self.sumsq[p] += o.sumsq[p];
            self.wins[p] += o.wins[p];
        }
        for c in 0..SCORE_CATEGORIES {
            self.by_category[c] += o.by_category[c];
        }
    }

    /// Mean score per seat.
    pub fn mean(&self) -> Vec<f64> {
        self.sum.iter().map(|s| s / self.games as f64).collect()
    }

    /// Standard deviation of the score per seat.
    pub fn stddev(&self) -> Vec<f64> {
        let m = self.mean();
        (0..self.players)
            .map(|p| {
                (self.sumsq[p] / self.games as f64 - m[p] * m[p])
                    .max(0.0)
                    .sqrt()
            })
            .collect()
    }

    /// Win rate per seat (a shared win counts as a fraction).
    pub fn win_rate(&self) -> Vec<f64> {
        self.wins.iter().map(|w| w / self.games as f64).collect()
    }

    /// Mean points per player and game, by score category.
    pub fn per_category(&self) -> Vec<(&'static str, f64)> {
        let n = (self.games as f64) * self.players as f64;
        SCORE_CATEGORY_NAMES
            .iter()
            .zip(self.by_category)
            .filter(|(name, _)| **name != "fields")
            .map(|(name, v)| (*name, v / n))
            .collect()
    }

    /// Mean tiles placed per game.
    pub fn mean_tiles(&self) -> f64 {
        self.tiles as f64 / self.games as f64
    }

    /// Mean turns per game.
    pub fn mean_turns(&self) -> f64 {
        self.turns as f64 / self.games as f64
    }

    /// As JSON; `bots` names each seat's bot.
    pub fn to_json(&self, ruleset: &str, first_seed: u64, bots: &[String]) -> serde_json::Value {
        let cats: serde_json::Map<String, serde_json::Value> = self
            .per_category()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.into()))
            .collect();
        serde_json::json!({
            "ruleset": ruleset,
            "players": self.players,
            "games": self.games,
            "first_seed": first_seed,
            "bots": bots,
            "mean_score": self.mean(),
            "stddev_score": self.stddev(),
            "win_rate": self.win_rate(),
            "mean_points_by_category": cats,
            "mean_tiles_placed": self.mean_tiles(),
            "mean_turns": self.mean_turns(),
            "seconds": self.seconds,
            "games_per_second": self.games as f64 / self.seconds,
        })
    }
}

/// Plays `a.games` seeded games between the bots of `a.bots` on all cores.
pub fn run_games(rules: &Arc<Rules>, players: u8, a: &RunArgs, show_bar: bool) -> Result<Stats> {
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
    let total = Mutex::new(Stats::new(n));
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
    let failure: Mutex<Option<String>> = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut acc = Stats::new(n);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= a.games {
                        break;
                    }
                    let seed = a.seed.wrapping_add(i);
                    match carcassonne_bots::play_game(rules, players, seed, &a.bots) {
                        Ok(g) => acc.add_game(&g, seed, a.keep_games),
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
                total.lock().expect("lock").merge(&acc);
            });
        }
    });
    bar.finish_and_clear();
    if let Some(f) = failure.into_inner().expect("lock") {
        bail!("{f}");
    }
    let mut t = total.into_inner().expect("lock");
    t.seconds = started.elapsed().as_secs_f64();
    t.threads = threads;
    Ok(t)
}

/// Runs the command.
pub fn run(a: Args) -> Result<()> {
    let rs = env::load_ruleset(&a.ruleset)?;
    let players = a.run.players.unwrap_or(rs.spec.players);
    let run = RunArgs {
        keep_games: a.plot.is_some(),
        ..a.run.clone()
    };
    let t = run_games(&rs.rules, players, &run, !a.json)?;
    if let Some(path) = &a.plot {
        let sample = Game::new(rs.rules.clone(), players, a.run.seed)?;
        let bots = format!("{} bots", a.run.bots_line(players));
        let study = crate::plot::Study::new(&rs.spec.name, &bots, &sample, t.outcomes.clone());
        crate::plot::charts::simulate(&study, &carcassonne_render::Style::default(), path)
            .map_err(|e| anyhow::anyhow!("cannot draw {}: {e}", path.display()))?;
    }
    if a.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&t.to_json(
                &rs.spec.name,
                a.run.seed,
                &a.run.bot_names(players)
            ))?
        );
        return Ok(());
    }
    println!(
        "{} — {} games, {} players, bots {}, seeds {}..{}",
        rs.spec.name,
        t.games,
        players,
        a.run.bots_line(players),
        a.run.seed,
        a.run.seed.wrapping_add(t.games - 1)
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
    let cats: Vec<String> = t
        .per_category()
        .iter()
        .map(|(k, v)| format!("{k} {v:.2}"))
        .collect();
    println!("mean points per player: {}", cats.join(", "));
    println!(
        "mean tiles placed {:.1}, mean turns {:.1}; {:.0} games/s on {} thread(s)",
        t.mean_tiles(),
        t.mean_turns(),
        t.games as f64 / t.seconds,
        t.threads
    );
    if let Some(path) = &a.plot {
        println!("Charts written to {}", path.display());
    }
    Ok(())
}
