//! `narrow::DRAWS_STEADY`: a draw filter whose answer depends neither on the
//! turn number nor on whose turn it is, declared steady, is asked once per
//! turn (the check that starts the turn: its answer serves the draw), and the
//! games are the same as when it is asked again for the draw.

use crate::fixtures;
use carcassonne_core::narrow::bits;
use carcassonne_core::*;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

/// Holds the cloister tiles back while more than 40 tiles are in the bag: a
/// filter of the bag alone. Counts its calls; declares itself steady or not.
struct BagOnly {
    calls: AtomicU32,
    steady: bool,
}

impl Hooks for BagOnly {
    fn subscriptions(&self) -> u64 {
        hook::FILTER_DRAWS
    }

    fn narrowing(&self) -> u64 {
        if self.steady {
            bits::DRAWS_STEADY
        } else {
            0
        }
    }

    fn filter_draws(&self, v: &View<'_>, tiles: &[TileTypeId], keep: &mut [bool]) -> HookResult {
        self.calls.fetch_add(1, Ordering::Relaxed);
        if v.bag_len() > 40 {
            for (&t, k) in tiles.iter().zip(keep.iter_mut()) {
                let n = v.tile_type_feature_count(t).unwrap_or(0);
                if (0..n).any(|l| v.tile_type_feature_kind(t, l) == Some(FeatureKind::Cloister)) {
                    *k = false;
                }
            }
        }
        Ok(())
    }
}

/// A game as the test compares it: the tiles drawn, the final scores.
use fixtures::Played;

/// Plays random games of seeds `seeds` with the filter declared steady or
/// not: each game, and the filter's calls.
fn play(steady: bool, seeds: std::ops::Range<u64>) -> (Vec<Played>, u32) {
    let filter = Arc::new(BagOnly {
        calls: AtomicU32::new(0),
        steady,
    });
    let decl = PluginDecl {
        id: "bag-only".into(),
        ..PluginDecl::default()
    };
    let rules = fixtures::base_rules(CoreOptions::default(), vec![(decl, filter.clone())]);
    let games = fixtures::play_random_games(&rules, seeds);
    (games, filter.calls.load(Ordering::Relaxed))
}

#[test]
fn a_steady_draw_filter_is_asked_once_per_turn_and_plays_the_same_games() {
    let (asked_twice, calls_twice) = play(false, 0..6);
    let (kept, calls_kept) = play(true, 0..6);
    assert_eq!(kept, asked_twice, "the same tiles drawn, the same scores");
    let draws: usize = kept.iter().map(|(d, _)| d.len()).sum();
    // Asked twice per turn (the turn's check and the draw) without the
    // declaration; with it, the draw keeps the check's answer.
    assert!(
        calls_twice as usize >= 2 * draws,
        "{calls_twice} calls, {draws} draws"
    );
    assert!(
        (calls_kept as usize) < draws + draws / 10,
        "{calls_kept} calls for {draws} draws"
    );
    // The filter held cloisters back: the kept answer was not all `true`.
    let r = fixtures::base_rules(CoreOptions::default(), Vec::new());
    let cloister = |t: TileTypeId| {
        r.tiles.types[t.index()]
            .features
            .iter()
            .any(|f| f.kind == FeatureKind::Cloister)
    };
    let early_cloister = kept
        .iter()
        .any(|(d, _)| d.iter().take(20).any(|&t| cloister(t)));
    assert!(
        !early_cloister,
        "no cloister among the first 20 tiles drawn"
    );
}
