//! The cost of plugin dispatch: the same seeded random games with the test
//! plugin `kit-everything` (subscribed to every hook, calling back into the
//! host in most of them) compiled in and loaded from its shared library; the
//! same with `kit-hot` (only the hot hooks: placement filter, majority, feature value,
//! with trivial bodies), also written natively against the core's `Hooks` as a
//! no-ABI baseline; and the same games with no plugin.
//!
//! Run with `cargo bench --bench plugin_dispatch`. Cargo builds the plugin
//! library (`plugins/testing/kit-lib`, a dev-dependency) with the benchmark; the
//! benchmark checks that both variants play identical games, prints the ratio
//! loaded / compiled-in, then runs the criterion benchmarks.
#![allow(missing_docs)]

mod common;

use carcassonne_core::{
    CoreOptions, FeatureKind, HookResult, Hooks, Placement, PluginDecl, ScoreInfo, TileCatalogue,
    TileTypeId, ValueChange, View,
};
use carcassonne_core::{Game, Rng, Rules};
use carcassonne_host::{loader, Registry};
use carcassonne_test_plugins as _; // the compiled-in variant
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

const GAMES: u64 = 16;

/// The test plugin library (`plugins/testing/kit-lib`).
fn kit_library() -> PathBuf {
    common::dev_library("carcassonne_test_plugins_lib")
}

/// `kit-hot` written directly against the core's `Hooks` (no ABI): the baseline
/// that separates the cost of crossing the ABI from the engine's cost of having
/// a plugin at all.
struct NativeHot;

impl Hooks for NativeHot {
    fn subscriptions(&self) -> u64 {
        use carcassonne_core::hook;
        hook::FILTER_PLACEMENTS | hook::MAJORITY | hook::FEATURE_VALUE
    }

    fn filter_placements(
        &self,
        _v: &View<'_>,
        _tile: TileTypeId,
        cands: &[Placement],
        keep: &mut [bool],
    ) -> HookResult {
        for (c, k) in cands.iter().zip(keep.iter_mut()) {
            *k &= c.rot.index() < 4;
        }
        Ok(())
    }

    fn feature_value(
        &self,
        _v: &View<'_>,
        info: &ScoreInfo<'_>,
        _base: i32,
        change: &mut ValueChange,
    ) -> HookResult {
        if info.kind == FeatureKind::Road {
            change.add(1);
        }
        Ok(())
    }
}

fn native_hot_rules() -> Arc<Rules> {
    let set = carcassonne_host::tilesets::load("base", None).expect("base tiles");
    let tiles = TileCatalogue::build(&[set], "C2").expect("catalogue");
    let decl = PluginDecl {
        id: "kit-hot".into(),
        ..PluginDecl::default()
    };
    let hooks: Arc<dyn Hooks> = Arc::new(NativeHot);
    Arc::new(
        Rules::new("bench", tiles, CoreOptions::default(), vec![(decl, hooks)]).expect("rules"),
    )
}

fn rules(reg: &Registry, plugins: &str) -> Arc<Rules> {
    let text = format!("name = \"bench\"\ntilesets = [\"base\"]\n{plugins}");
    carcassonne_host::load_str(&text, "bench.toml", None, reg)
        .expect("ruleset")
        .rules
}

/// Plays `GAMES` seeded random games; returns the sum of all scores (a checksum).
fn play(rules: &Arc<Rules>) -> i64 {
    let mut sum = 0i64;
    for seed in 0..GAMES {
        let mut g = Game::new(rules.clone(), 2, seed).expect("game");
        let mut rng = Rng::new(seed ^ 0xB0B);
        while g.step_random(&mut rng).expect("step") {}
        sum += g.scores().iter().map(|&s| i64::from(s)).sum::<i64>();
    }
    sum
}

/// Median wall time of `runs` calls of `f`, in seconds.
fn median(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut t: Vec<f64> = (0..runs)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed().as_secs_f64()
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[t.len() / 2]
}

fn bench(c: &mut Criterion) {
    let lib = kit_library();
    let builtin = loader::builtin_registry().expect("built-in plugins");
    let library = loader::library_registry(&[lib]).expect("plugin library");
    let everything = "[plugins.kit-everything]\n";
    let compiled = rules(&builtin, everything);
    let loaded = rules(&library, everything);
    let none = rules(&builtin, "");
    // Only the hot hooks (placement filter, majority, feature value), with trivial bodies.
    let hot = "[plugins.kit-hot]\n";
    let (hot_compiled, hot_loaded) = (rules(&builtin, hot), rules(&library, hot));
    let hot_native = native_hot_rules();

    // Both variants must play the same games.
    let (sc, sl) = (play(&compiled), play(&loaded));
    assert_eq!(
        sc, sl,
        "compiled-in and loaded plugins played different games"
    );
    assert_ne!(sc, play(&none), "the plugin changes nothing");
    let (hc, hl) = (play(&hot_compiled), play(&hot_loaded));
    assert_eq!(
        hc, hl,
        "compiled-in and loaded plugins played different games"
    );

    let time = |r: &Arc<Rules>| {
        median(9, || {
            black_box(play(r));
        })
    };
    let (tn, tc, tl, thn, thc, thl) = (
        time(&none),
        time(&compiled),
        time(&loaded),
        time(&hot_native),
        time(&hot_compiled),
        time(&hot_loaded),
    );
    eprintln!(
        "plugin_dispatch ({GAMES} games, median of 9): no plugin {:.2} ms\n  \
         kit-everything: compiled in {:.2} ms, loaded {:.2} ms, loaded / compiled-in = {:.3}\n  \
         kit-hot:        native (no ABI) {:.2} ms, compiled in {:.2} ms, loaded {:.2} ms, loaded / compiled-in = {:.3}",
        tn * 1e3,
        tc * 1e3,
        tl * 1e3,
        tl / tc,
        thn * 1e3,
        thc * 1e3,
        thl * 1e3,
        thl / thc
    );

    let mut group = c.benchmark_group("plugin_dispatch");
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function("no_plugin", |b| b.iter(|| play(black_box(&none))));
    group.bench_function("compiled_in", |b| {
        b.iter(|| {
            let s = play(black_box(&compiled));
            assert_eq!(s, sc);
            s
        })
    });
    group.bench_function("loaded", |b| {
        b.iter(|| {
            let s = play(black_box(&loaded));
            assert_eq!(s, sl);
            s
        })
    });
    group.bench_function("hot_native", |b| b.iter(|| play(black_box(&hot_native))));
    group.bench_function("hot_compiled_in", |b| {
        b.iter(|| {
            let s = play(black_box(&hot_compiled));
            assert_eq!(s, hc);
            s
        })
    });
    group.bench_function("hot_loaded", |b| {
        b.iter(|| {
            let s = play(black_box(&hot_loaded));
            assert_eq!(s, hl);
            s
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(5));
    targets = bench
}
criterion_main!(benches);
