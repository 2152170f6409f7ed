//! Engine speed: random base games per second on one core, legal-action
#![allow(missing_docs)]
//! generation, and a mid-game state clone.
//!
//! Run with `cargo bench --bench engine`. Each benchmark also checks its result.

use carcassonne_core::{Actor, Game, Rng, Rules};
// The official plugins, compiled in as in the program.
use carcassonne_abbot as _;
use carcassonne_hills as _;
use carcassonne_shepherd as _;
use carcassonne_special_cities as _;
use carcassonne_vineyards as _;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use std::sync::Arc;

fn base_rules() -> Arc<Rules> {
    let reg = carcassonne_host::Registry::empty();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/configs/base.toml");
    carcassonne_host::load_file(std::path::Path::new(path), &reg)
        .expect("base ruleset")
        .rules
}

fn hills_and_sheep_rules() -> Arc<Rules> {
    let reg = carcassonne_host::loader::builtin_registry().expect("built-in plugins");
    carcassonne_host::load_default(&reg)
        .expect("default ruleset")
        .rules
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

fn bench(c: &mut Criterion) {
    let rules = base_rules();
    let mut group = c.benchmark_group("base");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    let mut rng = Rng::new(7);
    group.bench_function("random_game", |b| {
        b.iter(|| {
            seed += 1;
            let mut g = Game::new(rules.clone(), 2, seed).expect("game");
            while g.step_random(&mut rng).expect("step") {}
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
    group.bench_function("clone_mid_game", |b| b.iter(|| black_box(&g).clone()));
    group.finish();

    let hs = hills_and_sheep_rules();
    let mut group = c.benchmark_group("hills_and_sheep");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("random_game", |b| {
        b.iter(|| {
            seed += 1;
            let mut g = Game::new(hs.clone(), 2, seed).expect("game");
            while g.step_random(&mut rng).expect("step") {}
            let out = g.placed_count() + g.set_aside_tiles().len() + g.hidden_tiles().len();
            assert_eq!(out, 90);
            black_box(g.scores()[0])
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(std::time::Duration::from_secs(4));
    targets = bench
}
criterion_main!(benches);
