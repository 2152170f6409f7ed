//! The turn-flow and placement capabilities of the plugin API (hooks switched
//! at run time, the lot, the end of a whole turn, decisions at the end of the
//! game, placements with a piece), each proved by a capability plugin of the
//! test kit (`plugins/testing/kit/src/caps`) played compiled in and loaded
//! from the kit's library, with exact results.

use crate::common::*;
use carcassonne_core::scenario::{check, run, run_on};
use carcassonne_core::{hook, Action, Game, Placement, PlayerId, Pos, Rng, Rotation, Rules};

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
            [
                Action::Place(Placement::new(Pos::new(-1, 0), Rotation::wrapping(0))),
                Action::Place(Placement::new(Pos::new(1, 0), Rotation::wrapping(0)))
            ],
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
    assert!(
        g.parse_action("place 0 1 0")
            .and_then(|a| {
                let mut h = g.clone();
                h.apply(a)
            })
            .is_err(),
        "row 1 is vetoed on turn 1"
    );
}

// ------------------------------------------- the end of a whole turn, the lot

fn ids(r: &Rules, tiles: impl IntoIterator<Item = carcassonne_core::TileTypeId>) -> Vec<String> {
    tiles
        .into_iter()
        .map(|t| r.tiles.get(t).expect("tile").id.clone())
        .collect()
}

#[test]
fn an_auction_after_the_whole_turn_gives_face_up_tiles_to_every_player() {
    let both = compiled_in_and_loaded(&base_with(
        "[plugins.kit-auction]\n[plugins.kit-extra-turn]\nevery = 1\n",
    ));
    for r in &both {
        let auction = r.plugin_index("kit-auction").unwrap();
        // Red places a cloister; Blue grants him a second turn: the auction
        // waits for the end of the granted turn (the whole turn).
        let mut g = run(r, 2, "draw BA/L; place 0 1 0; pass").unwrap();
        assert_eq!(g.actor(), carcassonne_core::Actor::Player(PlayerId::ALL[1]));
        assert!(
            g.lots().is_empty(),
            "no auction before the whole turn is over"
        );
        run_on(
            &mut g,
            "kit-extra-turn grant; draw BA/RFr; place 1 0 0; pass",
        )
        .unwrap();
        assert_eq!(
            (g.turn(), g.current_player()),
            (2, PlayerId::ALL[0]),
            "after Red's granted turn"
        );
        assert_eq!(g.chance_stream(), Some("face-up"));
        run_on(&mut g, "face-up BA/C; face-up BA/RFr").unwrap();
        assert_eq!(ids(r, g.lot(auction)), ["BA/C", "BA/RFr"]);
        let seen = g.observation(PlayerId::ALL[1]).unwrap();
        assert_eq!(
            seen.lots["kit-auction"],
            ["BA/C", "BA/RFr"],
            "the lot is public"
        );
        // Blue, the next player, takes the city (1 point: he is not the active
        // player); Red gets the tile left.
        assert_eq!(g.actor(), carcassonne_core::Actor::Player(PlayerId::ALL[1]));
        let mut before_turn = g.clone();
        before_turn.set_logging(true);
        run_on(&mut before_turn, "kit-auction take 0").unwrap();
        let given: Vec<String> = before_turn
            .take_events()
            .iter()
            .filter(|e| matches!(e, carcassonne_core::Event::TileGiven { .. }))
            .map(|e| before_turn.event_text(e))
            .collect();
        assert_eq!(
            given,
            [
                "kit-auction: player 1 gets BA/C",
                "kit-auction: player 0 gets BA/RFr"
            ]
        );
        run_on(&mut g, "kit-auction take 0").unwrap();
        assert!(g.lots().is_empty());
        assert!(
            g.hand(PlayerId::ALL[1]).next().is_none(),
            "Blue's turn began: his tile is played"
        );
        assert_eq!(ids(r, g.hand(PlayerId::ALL[0])), ["BA/RFr"]);
        assert_eq!(g.scores(), [0, 1]);
        assert_eq!(
            g.score_breakdown(PlayerId::ALL[1])[4 + usize::from(auction)],
            1,
            "booked as kit-auction"
        );
        g.check_integrity().unwrap();
        // Blue plays his tile instead of a draw, then Red his.
        assert_eq!((g.turn(), g.current_player()), (3, PlayerId::ALL[1]));
        assert_eq!(g.drawn_tile(), r.tiles.by_id("BA/C"), "no draw");
        run_on(
            &mut g,
            "place 0 -1 2; deploy follower city S; kit-extra-turn refuse
             place -1 0 0; pass; kit-extra-turn refuse",
        )
        .unwrap();
        assert_eq!(g.scores(), [0, 5]);
        assert!(
            g.hand(PlayerId::ALL[0]).next().is_none() && g.hand(PlayerId::ALL[1]).next().is_none()
        );
        assert!(
            g.pending_steps().is_empty() && g.drawn_tile().is_none(),
            "Blue draws"
        );
        g.check_integrity().unwrap();
    }
    same_games(&both, 2, 0..4);
    same_games(&both, 3, 0..2);
    for seed in 0..3 {
        record_replays_exactly(&both[0], 3, seed, "draw BA/L; place 0 1 0; pass");
    }
}

#[test]
fn a_lot_tile_put_back_goes_into_the_bag_and_one_that_fits_nowhere_is_set_aside() {
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-auction]\n")) {
        // Red closes the city north of the start; Blue's cloister starts an
        // auction: Red takes the four-sided city, which fits nowhere now.
        let opening = "draw BA/C; place 0 -1 2; pass
                       draw BA/L; place 0 1 0; pass
                       face-up BA/Cccc+; face-up BA/RFr";
        let g = run(&r, 2, opening).unwrap();
        let bag = g.bag_len();
        let mut back = g.clone();
        run_on(&mut back, "kit-auction return 0").unwrap();
        assert_eq!(back.bag_len(), bag + 1, "put back into the bag");
        assert_eq!(
            ids(&r, back.hand(PlayerId::ALL[1])),
            ["BA/RFr"],
            "Blue gets the tile left"
        );
        assert!(back.hand(PlayerId::ALL[0]).next().is_none());
        assert_eq!(back.scores(), [0, 0]);
        back.check_integrity().unwrap();
        let g = check(&r, 2, &format!("{opening}\nkit-auction take 0"), &[1, 0]);
        // Red's turn: the tile fits nowhere, so it is set aside and he draws.
        assert_eq!(ids(&r, g.set_aside_tiles().iter().copied()), ["BA/Cccc+"]);
        assert!(g.hand(PlayerId::ALL[0]).next().is_none());
        assert_eq!(g.actor(), carcassonne_core::Actor::Chance);
        assert_eq!(g.chance_stream(), Some("tile"));
        g.check_integrity().unwrap();
    }
}

#[test]
fn face_up_draws_obey_the_draw_filters() {
    for r in compiled_in_and_loaded(&base_with(
        "[plugins.kit-auction]\n[plugins.kit-retire]\nturns = 3\n",
    )) {
        // kit-retire holds city tiles back: the lot gets none either.
        let g = run(&r, 2, "draw BA/LR; place 1 0 1; pass").unwrap();
        assert_eq!(g.chance_stream(), Some("face-up"));
        let outcomes = g.chance_outcomes().unwrap();
        let city = |t: u32| {
            r.tiles.types[t as usize]
                .features
                .iter()
                .any(|f| f.kind == carcassonne_core::FeatureKind::City)
        };
        assert!(outcomes.iter().any(|&(t, _)| !city(t)));
        assert!(outcomes.iter().all(|&(t, _)| !city(t)), "{outcomes:?}");
        let mut h = g.clone();
        assert!(
            h.apply(Action::Chance(tile(&r, "BA/C"))).is_err(),
            "held back"
        );
        // Sampled from the game's RNG: never a city either.
        for seed in 0..20 {
            let mut h = g.clone();
            h.determinize(seed);
            let t = h.sample_chance().unwrap();
            assert!(!city(t));
        }
    }
}

// -------------------------------------------- decisions at the end of the game

#[test]
fn decisions_pushed_when_the_game_ends_are_resolved_before_final_scoring() {
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-last-call]\n")) {
        // Red's follower on the unfinished road of two tiles scores 2 at the end,
        // unless he calls it home; Blue's turn has begun when the game ends, so
        // Red decides first.
        let opening = "draw BA/RFr; place 1 0 0; deploy follower road W; end";
        let g = run(&r, 2, opening).unwrap();
        assert!(!g.is_over(), "the decisions come first");
        assert_eq!(g.actor(), carcassonne_core::Actor::Player(PlayerId::ALL[0]));
        let g = check(
            &r,
            2,
            &format!("{opening}; kit-last-call stay; kit-last-call stay"),
            &[2, 0],
        );
        assert!(g.is_over());
        assert_eq!(
            (g.turn(), g.granted_turns_played()),
            (2, 0),
            "no turn granted"
        );
        let g = check(
            &r,
            2,
            &format!("{opening}; kit-last-call home; kit-last-call stay"),
            &[0, 0],
        );
        assert!(g.is_over());
        // A turn granted by such a decision is played (nothing left to draw: it
        // ends at once), then the game ends.
        let g = check(
            &r,
            2,
            &format!("{opening}; kit-last-call turn; kit-last-call stay"),
            &[2, 0],
        );
        assert!(g.is_over());
        assert_eq!((g.turn(), g.granted_turns_played()), (3, 1));
    }
}

#[test]
fn bots_play_through_auctions_and_last_calls() {
    use carcassonne_bots::{Bot, BotSpec};
    let r = &compiled_in_and_loaded(&base_with(
        "[plugins.kit-auction]\n[plugins.kit-last-call]\n",
    ))[0];
    for (i, spec) in ["greedy", "mcts:20"].iter().enumerate() {
        let seed = i as u64;
        let mut g = Game::new(r.clone(), 2, seed).unwrap();
        let spec: BotSpec = spec.parse().unwrap();
        let mut bots: Vec<Box<dyn Bot>> = (0..2).map(|p| spec.build(seed + p)).collect();
        let mut face_up = 0;
        play_bots(&mut g, &mut bots, |_, text| {
            face_up += u32::from(text.starts_with("kit-auction"));
        });
        assert!(g.is_over());
        assert!(face_up > 0, "{spec:?}: the bots took part in auctions");
    }
}
