//! The hot `majority` hook must not allocate: called through the same path as in a
//! game (engine → host adapter → plugin interface → SDK → plugin), under a counting
//! allocator.

use carcassonne_core::{FeatureKind, FigureId, Game, PlayerSet, ScoreInfo, ScoreReason, View};
use carcassonne_official as _;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}

fn counting() -> bool {
    COUNTING.try_with(Cell::get).unwrap_or(false)
}

// SAFETY: forwards to the system allocator; only counts calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if counting() {
            ALLOCS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: same contract as ours.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as ours.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if counting() {
            ALLOCS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: same contract as ours.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made by `f` on this thread.
fn allocations(f: impl FnOnce()) -> usize {
    let before = ALLOCS.load(Ordering::Relaxed);
    COUNTING.with(|c| c.set(true));
    f();
    COUNTING.with(|c| c.set(false));
    ALLOCS.load(Ordering::Relaxed) - before
}

/// Red's knight and Blue's knight on a hill in one unfinished city (the rulebook shape).
fn tied_city(options: &str) -> Game {
    let text = format!(
        "name = \"t\"\nedition = \"C2\"\ntilesets = [\"base\", \"hills-and-sheep\"]\n\
         [plugins.hills]\n{options}\n"
    );
    let reg = carcassonne_host::loader::builtin_registry().expect("built-in plugins");
    let rules = carcassonne_host::load_str(&text, "<t>", None, &reg)
        .expect("ruleset")
        .rules;
    carcassonne_core::scenario::run(
        &rules,
        2,
        "draw BA/Cc+; place 0 -1 2; deploy follower city S
         draw HS/RrC.h; hidden BA/L; place 1 0 0; deploy follower city N
         draw BA/Ccc; place 1 -1 2; pass",
    )
    .expect("fixture")
}

#[test]
fn h4_the_majority_hook_does_not_allocate() {
    // The counter sees allocations at all.
    assert_eq!(allocations(|| drop(std::hint::black_box(vec![1u8; 8]))), 1);
    for options in ["", "hill-tiebreak = \"count-followers-on-hills\""] {
        let g = tied_city(options);
        let fig = (0..g.figure_count() as u16)
            .map(FigureId)
            .find(|&f| g.figure_feature(f).is_some())
            .expect("a deployed knight");
        let root = g.find(g.figure_feature(fig).expect("deployed")).unwrap();
        let figs: Vec<FigureId> = g.figures_in(root).collect();
        assert_eq!(figs.len(), 2);
        let mut strength = [0u16; carcassonne_core::MAX_PLAYERS];
        for &f in &figs {
            strength[g.figure_owner(f).unwrap().index()] += 1;
        }
        let info = ScoreInfo {
            feature: root,
            kind: FeatureKind::City,
            reason: ScoreReason::Final,
            complete: false,
            tiles: 3,
            pennants: 1,
            cities: &[],
            fields: &[],
            field_winners: &[],
            figures: &figs,
            strength,
            value: 4,
        };
        let rules = g.rules().clone();
        let i = rules.plugin_index("hills").expect("enabled");
        let hooks = &rules.plugins[i as usize].hooks;
        let view = View {
            game: &g,
            plugin: i,
        };
        let call = || {
            let mut w = PlayerSet(0b11);
            hooks.majority(&view, &info, &mut w).expect("hook runs");
            w
        };
        // Blue's knight stands on the hill: Blue alone.
        assert_eq!(call(), PlayerSet(0b10));
        let n = allocations(|| {
            for _ in 0..1000 {
                std::hint::black_box(call());
            }
        });
        assert_eq!(n, 0, "{n} allocations in 1000 majority calls ({options})");
    }
}
