//! The `carcassonne` Python package's native module (`carcassonne._native`):
//! rulesets, games, bots, encodings, batch simulation and tournaments over the
//! engine's public API. The Python side (`pysrc/carcassonne`) adds the
//! PettingZoo environment and the Ray helpers.

mod encode;
mod game;

use carcassonne_bots::tournament::{self, Fixture, Outcome, Standings};
use carcassonne_bots::{play_game, BotSpec};
use carcassonne_core::Rules;
use carcassonne_host::{Registry, Ruleset as HostRuleset};
use numpy::PyArrayMethods;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

// The official plugins, compiled into the extension.
use carcassonne_abbey as _;
use carcassonne_abbot as _;
use carcassonne_barn as _;
use carcassonne_builder as _;
use carcassonne_cathedrals as _;
use carcassonne_dragon as _;
use carcassonne_fairy as _;
use carcassonne_hills as _;
use carcassonne_inns as _;
use carcassonne_large_follower as _;
use carcassonne_magic_portal as _;
use carcassonne_mayor as _;
use carcassonne_pig as _;
use carcassonne_princess as _;
use carcassonne_shepherd as _;
use carcassonne_special_cities as _;
use carcassonne_trade_goods as _;
use carcassonne_vineyards as _;
use carcassonne_wagon as _;

pub(crate) fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

pub(crate) fn runtime_error(e: impl std::fmt::Display) -> PyErr {
    PyRuntimeError::new_err(e.to_string())
}

/// The registry: compiled-in plugins plus the libraries in `dirs`.
fn registry(dirs: &[PathBuf]) -> PyResult<Registry> {
    carcassonne_host::loader::registry(dirs, true).map_err(value_error)
}

/// A ruleset: tiles, base-rule options and plugins.
#[pyclass(module = "carcassonne._native", frozen)]
pub struct Ruleset {
    pub(crate) rs: Arc<HostRuleset>,
    pub(crate) plugin_dirs: Vec<PathBuf>,
}

impl Ruleset {
    pub(crate) fn rules(&self) -> &Arc<Rules> {
        &self.rs.rules
    }
}

#[pymethods]
impl Ruleset {
    /// Loads a ruleset: a shipped one by name (`"base"`, `"hills-and-sheep"`,
    /// see `Ruleset.shipped()`) or a TOML file by path; plugins from the
    /// compiled-in ones and the libraries in `plugin_dirs`.
    #[staticmethod]
    #[pyo3(signature = (name_or_path="hills-and-sheep", plugin_dirs=Vec::new()))]
    fn load(name_or_path: &str, plugin_dirs: Vec<PathBuf>) -> PyResult<Ruleset> {
        let reg = registry(&plugin_dirs)?;
        let file = format!("{}.toml", name_or_path.trim_end_matches(".toml"));
        let rs = match carcassonne_host::shipped::SHIPPED
            .iter()
            .find(|(f, _)| *f == file)
        {
            Some((f, text)) => carcassonne_host::load_str(text, f, None, &reg),
            None => carcassonne_host::load_file(std::path::Path::new(name_or_path), &reg),
        }
        .map_err(|e| value_error(format!("invalid ruleset:\n{e}")))?;
        Ok(Ruleset {
            rs: Arc::new(rs),
            plugin_dirs,
        })
    }

    /// A ruleset from TOML text.
    #[staticmethod]
    #[pyo3(signature = (text, plugin_dirs=Vec::new()))]
    fn from_toml(text: &str, plugin_dirs: Vec<PathBuf>) -> PyResult<Ruleset> {
        let reg = registry(&plugin_dirs)?;
        let rs = carcassonne_host::load_str(text, "<text>", None, &reg)
            .map_err(|e| value_error(format!("invalid ruleset:\n{e}")))?;
        Ok(Ruleset {
            rs: Arc::new(rs),
            plugin_dirs,
        })
    }

    /// Names of the shipped rulesets.
    #[staticmethod]
    fn shipped() -> Vec<String> {
        carcassonne_host::shipped::SHIPPED
            .iter()
            .map(|(f, _)| f.trim_end_matches(".toml").to_string())
            .collect()
    }

    /// The ruleset's name.
    #[getter]
    fn name(&self) -> String {
        self.rs.spec.name.clone()
    }

    /// Its default number of players.
    #[getter]
    fn players(&self) -> u8 {
        self.rs.spec.players
    }

    /// Its TOML text.
    #[getter]
    fn text(&self) -> String {
        self.rs.text.clone()
    }

    /// Number of action ids of the fixed-size encoding.
    #[getter]
    fn num_actions(&self) -> usize {
        encode::Encoding::new(self.rules()).actions()
    }

    fn __repr__(&self) -> String {
        format!("Ruleset({:?})", self.rs.spec.name)
    }

    /// Pickling (for Ray): the TOML text and plugin directories.
    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<Reduce> {
        let py = slf.py();
        let me = slf.get();
        let f = py
            .import("carcassonne._native")?
            .getattr("Ruleset")?
            .getattr("from_toml")?;
        Ok((f.unbind(), (me.rs.text.clone(), me.plugin_dirs.clone())))
    }
}

/// What `Ruleset.__reduce__` gives pickle: `Ruleset.from_toml` and its arguments.
type Reduce = (Py<PyAny>, (String, Vec<PathBuf>));

/// One tournament game's result, as Python sees it: `(bot_a, bot_b, seed,
/// swapped, score_seat0, score_seat1, playouts0, playouts1, seconds0, seconds1)`.
type GameResult = (usize, usize, u64, bool, i32, i32, u64, u64, f64, f64);

fn parse_bots(bots: &[String]) -> PyResult<Vec<BotSpec>> {
    bots.iter()
        .map(|b| b.parse::<BotSpec>().map_err(value_error))
        .collect()
}

/// Plays `games` seeded games (seeds `seed`, `seed + 1`, …) between `bots`
/// (one per seat, the last filling the rest) on all cores, without the GIL.
/// Returns `{"scores": int32 array games × players, "seeds": uint64 array}`.
#[pyfunction]
#[pyo3(signature = (ruleset, games, seed=0, bots=vec!["random".to_string()], players=None, threads=None))]
fn simulate<'py>(
    py: Python<'py>,
    ruleset: &Ruleset,
    games: u64,
    seed: u64,
    bots: Vec<String>,
    players: Option<u8>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let specs = parse_bots(&bots)?;
    let players = players.unwrap_or(ruleset.rs.spec.players);
    let rules = ruleset.rules().clone();
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, 256);
    let n = players as usize;
    let scores = py
        .detach(|| -> Result<Vec<i32>, String> {
            let out = Mutex::new(vec![0i32; games as usize * n]);
            let next = AtomicU64::new(0);
            let failure = Mutex::new(None);
            std::thread::scope(|s| {
                for _ in 0..threads {
                    s.spawn(|| loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= games {
                            break;
                        }
                        match play_game(&rules, players, seed.wrapping_add(i), &specs) {
                            Ok(g) => {
                                let mut o = out.lock().expect("lock");
                                o[i as usize * n..(i as usize + 1) * n].copy_from_slice(g.scores());
                            }
                            Err(e) => {
                                *failure.lock().expect("lock") =
                                    Some(format!("game with seed {}: {e}", seed.wrapping_add(i)));
                                next.store(games, Ordering::Relaxed);
                            }
                        }
                    });
                }
            });
            match failure.into_inner().expect("lock") {
                Some(f) => Err(f),
                None => Ok(out.into_inner().expect("lock")),
            }
        })
        .map_err(runtime_error)?;
    let d = PyDict::new(py);
    let arr = numpy::PyArray1::from_vec(py, scores).reshape([games as usize, n])?;
    d.set_item("scores", arr)?;
    let seeds: Vec<u64> = (0..games).map(|i| seed.wrapping_add(i)).collect();
    d.set_item("seeds", numpy::PyArray1::from_vec(py, seeds))?;
    Ok(d)
}

/// The games of a tournament between `bots` bots: every pairing, `pairs`
/// seeds each, both seat orders. Each game is `(bot_a, bot_b, seed, swapped)`.
#[pyfunction]
fn schedule(bots: usize, pairs: u64, seed: u64) -> Vec<(usize, usize, u64, bool)> {
    tournament::schedule(bots, pairs, seed)
        .into_iter()
        .map(|f| (f.bots[0], f.bots[1], f.seed, f.swapped))
        .collect()
}

/// Plays tournament games (as `schedule` gives them) between `bots` on
/// `ruleset`, without the GIL, on `threads` threads. Returns one result per
/// game: `(bot_a, bot_b, seed, swapped, score_seat0, score_seat1, playouts0, playouts1, seconds0, seconds1)`.
#[pyfunction]
#[pyo3(signature = (ruleset, bots, games, threads=1))]
fn play_fixtures(
    py: Python<'_>,
    ruleset: &Ruleset,
    bots: Vec<String>,
    games: Vec<(usize, usize, u64, bool)>,
    threads: usize,
) -> PyResult<Vec<GameResult>> {
    let specs = parse_bots(&bots)?;
    if let Some(&(a, b, _, _)) = games
        .iter()
        .find(|g| g.0 >= specs.len() || g.1 >= specs.len())
    {
        return Err(value_error(format!(
            "game between bots {a} and {b}: there are {} bots",
            specs.len()
        )));
    }
    let rules = ruleset.rules().clone();
    let fixtures: Vec<Fixture> = games
        .iter()
        .map(|&(a, b, seed, swapped)| Fixture {
            bots: [a, b],
            seed,
            swapped,
        })
        .collect();
    let results = py
        .detach(|| -> Result<Vec<Outcome>, String> {
            let next = AtomicU64::new(0);
            let out = Mutex::new(Vec::new());
            let failure = Mutex::new(None);
            std::thread::scope(|s| {
                for _ in 0..threads.clamp(1, 256) {
                    s.spawn(|| loop {
                        let i = next.fetch_add(1, Ordering::Relaxed) as usize;
                        let Some(&f) = fixtures.get(i) else { break };
                        match tournament::play(&rules, &specs, f) {
                            Ok(o) => out.lock().expect("lock").push((i, o)),
                            Err(e) => {
                                *failure.lock().expect("lock") =
                                    Some(format!("game with seed {}: {e}", f.seed));
                                next.store(fixtures.len() as u64, Ordering::Relaxed);
                            }
                        }
                    });
                }
            });
            if let Some(f) = failure.into_inner().expect("lock") {
                return Err(f);
            }
            let mut v = out.into_inner().expect("lock");
            v.sort_by_key(|(i, _)| *i);
            Ok(v.into_iter().map(|(_, o)| o).collect())
        })
        .map_err(runtime_error)?;
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

/// The standings of tournament results (as `play_fixtures` returns them)
/// between bots named `names`: one dict per bot with games, wins, win rate and
/// Elo (each `(value, low, high)` with a 95 % interval), mean score, playouts
/// and playouts per second.
#[pyfunction]
fn standings<'py>(
    py: Python<'py>,
    names: Vec<String>,
    results: Vec<GameResult>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let mut t = Standings::new(names.clone());
    for (a, b, seed, swapped, s0, s1, p0, p1, t0, t1) in results {
        if a >= names.len() || b >= names.len() {
            return Err(value_error(format!(
                "a result names bot {a} or {b}: there are {} bots",
                names.len()
            )));
        }
        let stats = |p: u64, s: f64| {
            (p > 0).then_some(carcassonne_bots::SearchStats {
                searches: 0,
                playouts: p,
                seconds: s,
                max_tree: 0,
            })
        };
        t.add(&Outcome {
            fixture: Fixture {
                bots: [a, b],
                seed,
                swapped,
            },
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

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Ruleset>()?;
    m.add_class::<game::Game>()?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(schedule, m)?)?;
    m.add_function(wrap_pyfunction!(play_fixtures, m)?)?;
    m.add_function(wrap_pyfunction!(standings, m)?)?;
    m.add("CHANCE", game::CHANCE)?;
    m.add("TERMINAL", game::TERMINAL)?;
    Ok(())
}
