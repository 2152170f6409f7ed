//! `Cx::hold_back_draws`: tile types held back from the draw as data play the
//! same games as a `filter_draws` hook that clears the same types, with no
//! call per draw. The dragon tiles of the Princess and the Dragon tile set
//! (inert markers, no plugin of theirs) are held back while more than 50
//! tiles are in the bag.

use crate::fixtures;
use carcassonne_core::*;
use std::sync::Arc;

const BASE: &str = include_str!("../../../configs/tilesets/base.toml");
const PD: &str = include_str!("../../../configs/tilesets/princess-and-dragon.toml");

/// The bag size down to which the dragon tiles are held back.
const UNTIL: usize = 50;

/// Holds back the tile types carrying `marker`: as data (set at `setup`,
/// dropped at the first turn start with at most [`UNTIL`] tiles in the bag)
/// or with its draw filter (while the bag holds more than [`UNTIL`]).
struct Holder {
    marker: u64,
    as_data: bool,
}

impl Hooks for Holder {
    fn subscriptions(&self) -> u64 {
        if self.as_data {
            hook::SETUP | hook::TURN_START
        } else {
            hook::FILTER_DRAWS
        }
    }

    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        assert!(cx.hold_back_draws(self.marker, true));
        Ok(())
    }

    fn turn_start(&self, cx: &mut Cx<'_>) -> HookResult {
        if cx.bag_len() <= UNTIL {
            assert!(cx.hold_back_draws(self.marker, false));
        }
        Ok(())
    }

    fn filter_draws(&self, v: &View<'_>, tiles: &[TileTypeId], keep: &mut [bool]) -> HookResult {
        if v.bag_len() > UNTIL {
            for (&t, k) in tiles.iter().zip(keep.iter_mut()) {
                if v.tile_type_markers(t).unwrap_or(0) & self.marker != 0 {
                    *k = false;
                }
            }
        }
        Ok(())
    }
}

/// A game as the test compares it: the tiles drawn, the final scores.
use fixtures::Played;

/// The tiles drawn and the final scores of random games of seeds `seeds`,
/// the dragon tiles held back as data or by a filter hook; each game's
/// integrity checked.
fn play(as_data: bool, seeds: std::ops::Range<u64>) -> (Vec<Played>, u64) {
    let sets: Vec<TileSetSpec> = [BASE, PD]
        .iter()
        .map(|t| toml::from_str(t).expect("tile set parses"))
        .collect();
    let cat = TileCatalogue::build(&sets, "C2").expect("tiles compile");
    let marker = cat.markers.bit("dragon");
    let decl = PluginDecl {
        id: "holder".into(),
        ..PluginDecl::default()
    };
    let holder: Arc<dyn Hooks> = Arc::new(Holder { marker, as_data });
    let rules = Arc::new(
        Rules::new(
            "held draws",
            cat,
            CoreOptions::default(),
            vec![(decl, holder)],
        )
        .expect("rules"),
    );
    let games = fixtures::play_random_games(&rules, seeds);
    (games, marker)
}

#[test]
fn tile_types_held_back_as_data_play_the_games_of_a_filter_hook() {
    let (by_hook, marker) = play(false, 0..6);
    let (as_data, _) = play(true, 0..6);
    assert_eq!(as_data, by_hook, "the same tiles drawn, the same scores");
    // The dragon tiles were held back: none among the first tiles drawn.
    let sets: Vec<TileSetSpec> = [BASE, PD]
        .iter()
        .map(|t| toml::from_str(t).expect("tile set parses"))
        .collect();
    let cat = TileCatalogue::build(&sets, "C2").expect("tiles compile");
    let dragon = |t: &TileTypeId| cat.types[t.index()].markers & marker != 0;
    for (drawn, _) in &as_data {
        let first = drawn.iter().position(dragon).expect("a dragon tile drawn");
        assert!(first >= 20, "a dragon tile drawn {first}th");
    }
}
