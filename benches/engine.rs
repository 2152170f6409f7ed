//! Engine speed: random base games per second on one core, legal-action
//! generation, a mid-game state clone, and Hills & Sheep games with its four
//! plugins compiled in and loaded from their libraries.
//!
//! Run with `cargo bench --bench engine`. Each benchmark also checks its result.
//! Before the criterion benchmarks it prints the speed ratios of the issue's
//! targets, measured in the same run (interleaved rounds, medians): Hills & Sheep
//! / base, loaded / compiled in, and — when `LEAN_LIMIT` names the lean
//! reference engine (`../shared/bench/lean-limit`) — base / lean engine.
#![allow(missing_docs)]

mod common;

use carcassonne_core::{Actor, Game, Rng, Rules};
// The official plugins, compiled in as in the program.
use carcassonne_official as _;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

fn base_rules() -> Arc<Rules> {
    let reg = carcassonne_host::Registry::empty();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/configs/base.toml");
    carcassonne_host::load_file(std::path::Path::new(path), &reg)
        .expect("base ruleset")
        .rules
}

/// The default ruleset (Hills & Sheep, its four plugins) over `reg`.
fn hills_and_sheep_rules(reg: &carcassonne_host::Registry) -> Arc<Rules> {
    carcassonne_host::load_default(reg)
        .expect("default ruleset")
        .rules
}

/// The official plugins' library (Hills & Sheep's four plugins among them).
fn hills_and_sheep_libraries() -> Vec<PathBuf> {
    vec![common::dev_library("carcassonne_official_lib")]
}

/// A mid-game position (about 35 tiles placed) waiting for a placement.
fn mid_game(rules: &Arc<Rules>) -> Game {
    let mut g = Game::new(rules.clone(), 2, 12345).expect("game");
    let mut rng = Rng::new(99);
    while g.placed_count() < 35 || g.actor() == Actor::Chance || g.drawn_tile().is_none() {
        g.step_random(&mut rng).expect("step");
    }
    g
}

/// Clones `g` (opaque to the optimiser) and drops the clone.
fn clone_and_drop(g: &Game) {
    let c = black_box(g).clone();
    std::hint::black_box(&c);
}

/// Plays `n` random games from seed `first` (the `random` bot's playout path,
/// one game restarted for every seed as `simulate` does); returns the sum of
/// all scores (a checksum).
fn play(rules: &Arc<Rules>, first: u64, n: u64) -> i64 {
    let mut sum = 0;
    let mut g = Game::new(rules.clone(), 2, first).expect("game");
    for seed in first..first + n {
        g.restart(seed).expect("game");
        let mut rng = Rng::new(seed ^ 0x5EED);
        g.play_random(&mut rng).expect("playout");
        sum += g.scores().iter().map(|&s| i64::from(s)).sum::<i64>();
    }
    sum
}

/// Games per second of `f` playing `n` games.
fn rate(n: u64, f: impl FnOnce()) -> f64 {
    let t = Instant::now();
    f();
    n as f64 / t.elapsed().as_secs_f64()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Games per second of the lean reference engine (`lean-limit stats GAMES SEED`).
fn lean(path: &str, games: u64, seed: u64) -> Option<f64> {
    let out = std::process::Command::new(path)
        .args(["stats", &games.to_string(), &seed.to_string()])
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let v = text
        .split_whitespace()
        .find_map(|w| w.strip_prefix("games_per_s="))?;
    v.parse().ok()
}

/// Medians of the per-round ratios `x[r] / y[r]` over the rounds where both
/// were measured, with their smallest and largest values.
fn paired(x: &[Option<f64>], y: &[Option<f64>]) -> Option<(f64, f64, f64)> {
    let v: Vec<f64> = x
        .iter()
        .zip(y)
        .filter_map(|(a, b)| Some((*a)? / (*b)?))
        .collect();
    let lo = v.iter().copied().reduce(f64::min)?;
    let hi = v.iter().copied().reduce(f64::max)?;
    Some((median(v), lo, hi))
}

/// The speed targets' ratios, measured in interleaved rounds of this run. Each
/// ratio is the median of the ratios of the rounds (a round runs both sides
/// back to back, so a burst of load on a shared machine tends to slow both);
/// the games per second are the medians of the rounds.
fn ratios(base: &Arc<Rules>, hs: &Arc<Rules>, hs_loaded: &Arc<Rules>) {
    // Rounds long enough (about 50–100 ms per side) that a burst of load on the
    // shared machine does not decide a round; the lean engine's runs as long.
    const ROUNDS: u64 = 7;
    const GAMES: u64 = 2000;
    let lean_path = std::env::var("LEAN_LIMIT").ok();
    let (mut b, mut h, mut l, mut lean_rates) = (vec![], vec![], vec![], vec![]);
    for r in 0..ROUNDS {
        let first = r * GAMES;
        lean_rates.push(lean_path.as_ref().and_then(|p| lean(p, GAMES * 4, r + 1)));
        b.push(Some(rate(GAMES, || {
            black_box(play(base, first, GAMES));
        })));
        h.push(Some(rate(GAMES, || {
            black_box(play(hs, first, GAMES));
        })));
        l.push(Some(rate(GAMES, || {
            black_box(play(hs_loaded, first, GAMES));
        })));
    }
    let rates = |v: &[Option<f64>]| median(v.iter().flatten().copied().collect());
    let show = |(m, lo, hi): (f64, f64, f64)| format!("{m:.3} (rounds {lo:.3}–{hi:.3})");
    let (hb, lh) = (paired(&l, &b), paired(&l, &h));
    eprintln!(
        "engine ratios (medians of {ROUNDS} interleaved rounds of {GAMES} games, one thread):\n  \
         base {:.0} games/s; Hills & Sheep compiled in {:.0}, loaded {:.0}\n  \
         Hills & Sheep (loaded) / base = {} (target >= 0.6)\n  \
         loaded / compiled in = {} (target >= 0.9)",
        rates(&b),
        rates(&h),
        rates(&l),
        hb.map_or_else(String::new, show),
        lh.map_or_else(String::new, show),
    );
    if let Some(bl) = paired(&b, &lean_rates) {
        eprintln!(
            "  lean engine {:.0} games/s; base / lean = {} (target >= 0.5)",
            rates(&lean_rates),
            show(bl)
        );
    }
}

fn bench(c: &mut Criterion) {
    let rules = base_rules();
    let builtin = carcassonne_host::loader::builtin_registry().expect("built-in plugins");
    let loaded = carcassonne_host::loader::library_registry(&hills_and_sheep_libraries())
        .expect("plugin libraries");
    let hs = hills_and_sheep_rules(&builtin);
    let hs_loaded = hills_and_sheep_rules(&loaded);
    assert_eq!(
        play(&hs, 0, 20),
        play(&hs_loaded, 0, 20),
        "compiled-in and loaded plugins played different games"
    );
    ratios(&rules, &hs, &hs_loaded);

    let mut group = c.benchmark_group("base");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    let mut rng = Rng::new(7);
    group.bench_function("random_game", |b| {
        b.iter(|| {
            seed += 1;
            let mut g = Game::new(rules.clone(), 2, seed).expect("game");
            g.play_random(&mut rng).expect("playout");
            assert_eq!(g.placed_count() + g.set_aside_tiles().len(), 72);
            black_box(g.scores()[0])
        })
    });
    let g = mid_game(&rules);
    let n = g.legal_actions().expect("actions").len();
    assert!(n > 0);
    group.bench_function("legal_actions_placement", |b| {
        b.iter(|| {
            let a = black_box(&g).legal_actions().expect("actions");
            assert_eq!(a.len(), n);
            a
        })
    });
    // A clone and its drop, the clone dropped in the routine: criterion's
    // stable `black_box` of a returned `Game` is a volatile read, which
    // copies its fields one by one through spill slots (about half of the
    // time on an AMD EPYC virtual machine; docs/performance.md, "The mid-game
    // clone"), a copy no user of the library makes. `std::hint::black_box`
    // of a reference keeps the clone without copying it.
    group.bench_function("clone_mid_game", |b| b.iter(|| clone_and_drop(&g)));
    let hg = mid_game(&hs);
    group.bench_function("clone_mid_game_hills_and_sheep", |b| {
        b.iter(|| clone_and_drop(&hg))
    });
    group.finish();

    let mut group = c.benchmark_group("hills_and_sheep");
    group.throughput(Throughput::Elements(1));
    for (name, r) in [("random_game", &hs), ("random_game_loaded", &hs_loaded)] {
        let mut seed = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                let mut g = Game::new(r.clone(), 2, seed).expect("game");
                g.play_random(&mut rng).expect("playout");
                let out = g.placed_count() + g.set_aside_tiles().len() + g.hidden_tiles().len();
                assert_eq!(out, 90);
                black_box(g.scores()[0])
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(std::time::Duration::from_secs(4));
    targets = bench
}
criterion_main!(benches);
