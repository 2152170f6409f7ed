//! Many games at once from Python: batch simulation and tournaments in pieces
//! (`schedule`, `play_fixtures`, `standings`), on threads that run without the
//! GIL.

use crate::args::Whole;
use crate::{runtime_error, value_error, Ruleset};
use carcassonne_bots::tournament::{self, Fixture, Outcome, Standings};
use carcassonne_bots::{play_game, BotSpec, SearchStats};
use numpy::PyArrayMethods;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::Duration;

/// Most threads one batch call runs (as the program's `--threads`).
const MAX_THREADS: usize = 256;

/// The number of threads asked for (`ValueError` out of 1 to [`MAX_THREADS`],
/// as the program's `--threads`).
fn threads_arg(threads: &Whole) -> PyResult<usize> {
    threads.within(
        "threads",
        1,
        MAX_THREADS as i64,
        &format!("expected a number of threads from 1 to {MAX_THREADS}"),
    )
}

/// One tournament game's result, as Python sees it: `(bot_a, bot_b, seed,
/// swapped, score_seat0, score_seat1, playouts0, playouts1, seconds0, seconds1)`.
type GameResult = (usize, usize, u64, bool, i32, i32, u64, u64, f64, f64);

/// A tournament game as Python gives it: `(bot_a, bot_b, seed, swapped)`.
type Game = (usize, usize, u64, bool);

/// The bots named `bots` (`ValueError` for none, or a name that is no bot).
fn parse_bots(bots: &[String]) -> PyResult<Vec<BotSpec>> {
    if bots.is_empty() {
        return Err(value_error(
            "no bots: name at least one (`\"random\"`, `\"greedy\"`, `\"mcts:500\"`, ...)",
        ));
    }
    bots.iter()
        .map(|b| b.parse::<BotSpec>().map_err(value_error))
        .collect()
}

/// Most games one `schedule` call lists (a list of tuples of about 100 bytes
/// each: a gigabyte); a larger tournament is scheduled in parts with other
/// first seeds.
const MAX_SCHEDULE: u64 = 10_000_000;

/// How often a batch looks for a signal (Ctrl-C) while its games run.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Sends once when dropped: a worker of [`run_parallel`] has ended.
struct Done(mpsc::Sender<()>);

impl Drop for Done {
    fn drop(&mut self) {
        // The receiver outlives the workers; if not, nobody waits.
        let _ = self.0.send(());
    }
}

/// Why a batch stopped early.
enum Stopped {
    /// A game failed: the first failure's text.
    Failed(String),
    /// A signal handler raised (`KeyboardInterrupt` on Ctrl-C).
    Signal(PyErr),
}

impl From<Stopped> for PyErr {
    fn from(s: Stopped) -> PyErr {
        match s {
            Stopped::Failed(e) => runtime_error(e),
            Stopped::Signal(e) => e,
        }
    }
}

/// Runs `job(i)` for every `i` in `0..count` on `threads` threads (clamped to
/// 1..=[`MAX_THREADS`]) and returns the results in the order of `i`. The
/// first failure stops the jobs not yet started and is returned. Called
/// without the GIL: the calling thread waits for the workers and, every
/// [`SIGNAL_POLL`], takes the GIL to run Python's signal handlers, so Ctrl-C
/// stops the batch (the games under way end first) with `KeyboardInterrupt`.
fn run_parallel<T: Send>(
    count: usize,
    threads: usize,
    job: impl Fn(usize) -> Result<T, String> + Sync,
) -> Result<Vec<T>, Stopped> {
    let next = AtomicUsize::new(0);
    // Grows as results come: `count` may be more than memory holds, and a
    // batch stopped by Ctrl-C needs none of it.
    let out = Mutex::new(Vec::with_capacity(count.min(1 << 16)));
    let failure = Mutex::new(None);
    let (done, finished) = mpsc::channel::<()>();
    let workers = threads.clamp(1, MAX_THREADS);
    let mut signal = None;
    std::thread::scope(|s| {
        for _ in 0..workers {
            // Says the worker is done however it ends (a panic too, which
            // the scope then passes on), so the wait below always ends.
            let done = Done(done.clone());
            let (next, out, failure, job) = (&next, &out, &failure, &job);
            s.spawn(move || {
                let _done = done;
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    match job(i) {
                        Ok(v) => out.lock().unwrap_or_else(|e| e.into_inner()).push((i, v)),
                        Err(e) => {
                            failure
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .get_or_insert(e);
                            next.store(count, Ordering::Relaxed);
                        }
                    }
                }
            });
        }
        drop(done);
        let mut left = workers;
        while left > 0 {
            match finished.recv_timeout(SIGNAL_POLL) {
                Ok(()) => left -= 1,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if signal.is_none() {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            signal = Some(e);
                            next.store(count, Ordering::Relaxed);
                        }
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
    });
    if let Some(e) = signal {
        return Err(Stopped::Signal(e));
    }
    if let Some(f) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(Stopped::Failed(f));
    }
    let mut v = out.into_inner().unwrap_or_else(|e| e.into_inner());
    v.sort_unstable_by_key(|(i, _)| *i);
    Ok(v.into_iter().map(|(_, x)| x).collect())
}

/// Plays `games` seeded games (seeds `seed`, `seed + 1`, …) between `bots`
/// (at most one per seat, the last filling the rest) on `threads` threads (1
/// to 256; default: all cores), without the GIL. `players` defaults to the
/// ruleset's (2 to 6). Returns `{"scores": int32 array games × players,
/// "seeds": uint64 array}`.
#[pyfunction]
#[pyo3(signature = (ruleset, games, seed=0, bots=vec!["random".to_string()], players=None, threads=None))]
pub(crate) fn simulate<'py>(
    py: Python<'py>,
    ruleset: &Ruleset,
    games: Whole,
    seed: u64,
    bots: Vec<String>,
    players: Option<Whole>,
    threads: Option<Whole>,
) -> PyResult<Bound<'py, PyDict>> {
    let specs = parse_bots(&bots)?;
    let players = crate::game::players_arg(players)?.unwrap_or(ruleset.rs.spec.players);
    crate::game::check_players(players)?;
    if specs.len() > usize::from(players) {
        return Err(value_error(format!(
            "bots lists {} bots for {players} players: give at most one per seat \
             (the last one given plays the seats left)",
            specs.len()
        )));
    }
    let threads = match threads {
        Some(t) => threads_arg(&t)?,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let count: usize = games.within("games", 0, i64::MAX, "give a number of games, 0 or more")?;
    let games = count as u64;
    let rules = ruleset.rules().clone();
    let scores = py.detach(|| {
        run_parallel(count, threads, |i| {
            let seed = seed.wrapping_add(i as u64);
            play_game(&rules, players, seed, &specs)
                .map(|g| g.scores().to_vec())
                .map_err(|e| format!("game with seed {seed}: {e}"))
        })
    })?;
    let d = PyDict::new(py);
    let arr = numpy::PyArray1::from_vec(py, scores.concat()).reshape([count, players as usize])?;
    d.set_item("scores", arr)?;
    let seeds: Vec<u64> = (0..games).map(|i| seed.wrapping_add(i)).collect();
    d.set_item("seeds", numpy::PyArray1::from_vec(py, seeds))?;
    Ok(d)
}

/// The games of a tournament between `bots` bots: every pairing, `pairs`
/// seeds each, both seat orders. Each game is `(bot_a, bot_b, seed, swapped)`.
/// At most [`MAX_SCHEDULE`] games in one list (`ValueError` beyond).
#[pyfunction]
pub(crate) fn schedule(bots: usize, pairs: u64, seed: u64) -> PyResult<Vec<Game>> {
    let all = tournament::schedule(bots, pairs, seed);
    let games = all.checked_len().unwrap_or(u64::MAX);
    if games > MAX_SCHEDULE {
        return Err(value_error(format!(
            "a schedule of {games} games is more than one list holds (at most {MAX_SCHEDULE}): \
             schedule it in parts, each with fewer pairs and its own first seed"
        )));
    }
    Ok(all
        .into_iter()
        .map(|f| (f.bots[0], f.bots[1], f.seed, f.swapped))
        .collect())
}

/// Plays tournament games (as `schedule` gives them: two-player games, one
/// seat for each bot of a pairing, whatever the ruleset's default) between `bots` on
/// `ruleset`, without the GIL, on `threads` threads (1 to 256). Returns one result per
/// game: `(bot_a, bot_b, seed, swapped, score_seat0, score_seat1, playouts0, playouts1, seconds0, seconds1)`.
#[pyfunction]
#[pyo3(signature = (ruleset, bots, games, threads=Whole::from(1)))]
pub(crate) fn play_fixtures(
    py: Python<'_>,
    ruleset: &Ruleset,
    bots: Vec<String>,
    games: Vec<Game>,
    threads: Whole,
) -> PyResult<Vec<GameResult>> {
    let specs = parse_bots(&bots)?;
    let threads = threads_arg(&threads)?;
    let fixtures: Vec<Fixture> = games
        .iter()
        .map(|&(a, b, seed, swapped)| fixture(a, b, seed, swapped, specs.len()))
        .collect::<PyResult<_>>()?;
    let rules = ruleset.rules().clone();
    let results = py.detach(|| {
        run_parallel(fixtures.len(), threads, |i| {
            let f = fixtures[i];
            tournament::play(&rules, &specs, f)
                .map_err(|e| format!("game with seed {}: {e}", f.seed))
        })
    })?;
    Ok(results
        .into_iter()
        .map(|o| {
            let f = o.fixture;
            let pl = |i: usize| o.search[i].map_or(0, |s| s.playouts);
            let se = |i: usize| o.search[i].map_or(0.0, |s| s.seconds);
            (
                f.bots[0],
                f.bots[1],
                f.seed,
                f.swapped,
                o.scores[0],
                o.scores[1],
                pl(0),
                pl(1),
                se(0),
                se(1),
            )
        })
        .collect())
}

/// The fixture of a game between bots `a` and `b` of `bots` bots, or a
/// `ValueError` if either is not one of them.
fn fixture(a: usize, b: usize, seed: u64, swapped: bool, bots: usize) -> PyResult<Fixture> {
    if a >= bots || b >= bots {
        return Err(value_error(format!(
            "game between bots {a} and {b}: there are {bots} bots"
        )));
    }
    Ok(Fixture {
        bots: [a, b],
        seed,
        swapped,
    })
}

/// The standings of tournament results (as `play_fixtures` returns them)
/// between bots named `names`: one dict per bot with games, wins, win rate and
/// Elo (each `(value, low, high)` with a 95 % interval), mean score, playouts
/// and playouts per second.
#[pyfunction]
pub(crate) fn standings<'py>(
    py: Python<'py>,
    names: Vec<String>,
    results: Vec<GameResult>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let mut t = Standings::new(names.clone());
    for (a, b, seed, swapped, s0, s1, p0, p1, t0, t1) in results {
        let stats = |p: u64, s: f64| {
            (p > 0).then_some(SearchStats {
                searches: 0,
                playouts: p,
                seconds: s,
                max_tree: 0,
            })
        };
        t.add(&Outcome {
            fixture: fixture(a, b, seed, swapped, names.len())?,
            scores: [s0, s1],
            search: [stats(p0, t0), stats(p1, t1)],
        });
    }
    t.lines()
        .into_iter()
        .map(|l| {
            let d = PyDict::new(py);
            d.set_item("bot", &l.name)?;
            d.set_item("games", l.games)?;
            d.set_item("wins", l.points)?;
            d.set_item(
                "win_rate",
                (l.win_rate.value, l.win_rate.low, l.win_rate.high),
            )?;
            d.set_item("mean_score", l.mean_score)?;
            d.set_item("elo", (l.elo.value, l.elo.low, l.elo.high))?;
            d.set_item("playouts", l.search.map(|s| s.playouts))?;
            d.set_item(
                "playouts_per_second",
                l.search
                    .filter(|s| s.seconds > 0.0)
                    .map(|s| s.playouts as f64 / s.seconds),
            )?;
            Ok(d)
        })
        .collect()
}
