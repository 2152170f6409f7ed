//! The turn-flow and placement capabilities of the plugin API (hooks switched
//! at run time, the lot, the end of a whole turn, decisions at the end of the
//! game, placements with a piece), each proved by a capability plugin of the
//! test kit (`plugins/testing/kit/src/caps`) played compiled in and loaded
//! from the kit's library, with exact results.

use crate::common::*;
use carcassonne_core::scenario::{check, run, run_on};
use carcassonne_core::{hook, Action, Game, Placement, Pos, Rng, Rules};
use std::sync::Arc;

fn base_with(plugins: &str) -> String {
    format!("name = \"caps\"\ntilesets = [\"base\"]\n{plugins}")
}

/// Every state of the same seeded random games is identical compiled in and
/// loaded, and passes the integrity check.
fn same_games(both: &[Arc<Rules>; 2], players: u8, seeds: std::ops::Range<u64>) {
    for seed in seeds {
        let mut a = Game::new(both[0].clone(), players, seed).unwrap();
        let mut b = Game::new(both[1].clone(), players, seed).unwrap();
        let (mut ra, mut rb) = (Rng::new(seed), Rng::new(seed));
        loop {
            assert_eq!(a.observation(0).unwrap(), b.observation(0).unwrap());
            a.check_integrity().unwrap();
            let (ca, cb) = (
                a.step_random(&mut ra).unwrap(),
                b.step_random(&mut rb).unwrap(),
            );
            assert_eq!(ca, cb, "seed {seed}");
            if !ca {
                break;
            }
        }
        assert_eq!(a.scores(), b.scores(), "seed {seed}");
        assert_eq!(a.score_breakdown(0), b.score_breakdown(0), "seed {seed}");
    }
}

fn tile(r: &Rules, id: &str) -> u32 {
    u32::from(r.tiles.by_id(id).expect("tile"))
}

// ------------------------------------------------- hooks switched at run time

#[test]
fn filters_switched_off_at_run_time_cost_nothing_afterwards() {
    let both = compiled_in_and_loaded(&base_with("[plugins.kit-retire]\nturns = 2\n"));
    for r in &both {
        let i = r.plugin_index("kit-retire").unwrap();
        let retired = hook::FILTER_DRAWS | hook::FILTER_PLACEMENTS | hook::TURN_END;
        let mut g = Game::new(r.clone(), 2, 0).unwrap();
        assert_eq!(g.active_hooks() & retired, retired);
        // While the filters are on: no city tile is drawn, tiles go into row 0 only.
        let city = tile(r, "BA/C");
        assert!(g.apply(Action::Chance(city)).is_err(), "a city tile waits");
        run_on(&mut g, "draw BA/RFr").unwrap();
        let places: Vec<Action> = g.legal_actions().unwrap();
        assert_eq!(
            places,
            [Action::Place(Placement::new(Pos::new(-1, 0), 0)), Action::Place(Placement::new(Pos::new(1, 0), 0))],
            "only the row y = 0"
        );
        run_on(&mut g, "place 1 0 0; pass; draw BA/RFr; place -1 0 0; pass").unwrap();
        // The end of turn 2 switched all three off: for the game and the plugin.
        assert_eq!(g.active_hooks() & retired, 0);
        for b in [hook::FILTER_DRAWS, hook::FILTER_PLACEMENTS, hook::TURN_END] {
            assert!(!g.plugin_hook_enabled(i, b), "{}", hook::name_of(b));
        }
        // A city tile may be drawn now and placed off the row: Red closes the city.
        run_on(&mut g, "draw BA/C; place 0 -1 2; deploy follower city S").unwrap();
        assert_eq!(g.scores(), [4, 0]);
        let copy = g.clone();
        assert!(copy == g, "the switches are cloned and compared");
        copy.check_integrity().unwrap();
        // A recorded game replays exactly, switches included.
        record_replays_exactly(r, 2, 3, "draw BA/RFr; place 1 0 0; pass");
    }
    same_games(&both, 2, 0..4);
    // With `turns = 0` the filters retire at setup: the same seeds play
    // exactly as without the plugin.
    let retired = compiled_in_and_loaded(&base_with("[plugins.kit-retire]\nturns = 0\n"));
    let plain = compiled_in_and_loaded(&base_with(""));
    for seed in 0..3 {
        let mut a = Game::new(retired[0].clone(), 2, seed).unwrap();
        let mut b = Game::new(plain[0].clone(), 2, seed).unwrap();
        assert_eq!(a.active_hooks(), hook::SETUP, "only setup stays on");
        let (mut ra, mut rb) = (Rng::new(seed), Rng::new(seed));
        while a.step_random(&mut ra).unwrap() {
            assert!(b.step_random(&mut rb).unwrap());
        }
        assert!(!b.step_random(&mut rb).unwrap());
        assert_eq!(a.scores(), b.scores(), "seed {seed}");
    }
}

#[test]
fn a_scenario_checks_the_retired_filters() {
    let r = &compiled_in_and_loaded(&base_with("[plugins.kit-retire]\nturns = 1\n"))[0];
    // Turn 1 places into row 0; turn 2 is free.
    check(
        r,
        2,
        "draw BA/RFr; place 1 0 0; pass
         draw BA/C; place 0 -1 2; deploy follower city S",
        &[0, 4],
    );
    let g = run(r, 2, "draw BA/RFr").unwrap();
    assert!(g.parse_action("place 0 1 0").and_then(|a| {
        let mut h = g.clone();
        h.apply(a)
    }).is_err(), "row 1 is vetoed on turn 1");
}
