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
        let mut g = run(&r, 2, opening).unwrap();
        assert!(!g.is_over(), "the decisions come first");
        assert_eq!(g.actor(), carcassonne_core::Actor::Player(PlayerId::ALL[0]));
        // A value that is none of the options: the error names them as written.
        let e = g.parse_action("kit-last-call 9").unwrap_err().to_string();
        assert!(e.contains("(its options: `kit-last-call "), "{e}");
        assert!(e.contains("`kit-last-call stay`"), "{e}");
        let e = g
            .apply(carcassonne_core::Action::Choose(9))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("not an option of the pending decision (its options: `kit-last-call "),
            "{e}"
        );
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
fn the_last_window_opens_after_the_turns_granted_at_the_end() {
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-final-word]\n")) {
        // Red's follower on a road of two tiles; the game ends in Blue's turn.
        let opening = "draw BA/RFr; place 1 0 0; deploy follower road W; end";
        let g = run(&r, 2, opening).unwrap();
        // The turn granted in `game_ending` was played first (nothing to draw:
        // it ended at once), then the window opened: Red decides.
        assert!(!g.is_over());
        assert_eq!((g.turn(), g.granted_turns_played()), (3, 1));
        assert_eq!(g.actor(), carcassonne_core::Actor::Player(PlayerId::ALL[0]));
        assert_eq!(
            legal_names(&g),
            ["kit-final-word stay", "kit-final-word home"]
        );
        let g = check(&r, 2, &format!("{opening}; kit-final-word stay"), &[2, 0]);
        assert!(g.is_over());
        let g = check(&r, 2, &format!("{opening}; kit-final-word home"), &[0, 0]);
        assert!(g.is_over());
    }
}

#[test]
fn bots_play_through_auctions_bridges_and_last_calls() {
    use carcassonne_bots::{Bot, BotSpec};
    let r = &compiled_in_and_loaded(&base_with(
        "[plugins.kit-auction]\n[plugins.kit-last-call]\n[plugins.kit-bridge]\n",
    ))[0];
    for (i, spec) in ["greedy", "mcts:8"].iter().enumerate() {
        let seed = i as u64;
        let mut g = Game::new(r.clone(), 2, seed).unwrap();
        let spec: BotSpec = spec.parse().unwrap();
        let mut bots: Vec<Box<dyn Bot>> = (0..2).map(|p| spec.build(seed + p)).collect();
        let (mut face_up, mut bridges) = (0, 0);
        play_bots(&mut g, &mut bots, |_, text| {
            face_up += u32::from(text.starts_with("kit-auction"));
            bridges += u32::from(text.contains("kit-bridge"));
        });
        assert!(g.is_over());
        assert!(face_up > 0, "{spec:?}: the bots took part in auctions");
        assert!(bridges > 0, "{spec:?}: the bots laid bridges");
    }
}

// -------------------------------------------------- placements with a piece

/// The legal placements of the drawn tile as action texts.
fn places(g: &Game) -> Vec<String> {
    g.legal_actions()
        .unwrap()
        .into_iter()
        .map(|a| g.format_action(a))
        .collect()
}

#[test]
fn a_bridge_on_the_placed_tile_makes_a_placement_legal_and_carries_a_road() {
    let both = compiled_in_and_loaded(&base_with("[plugins.kit-bridge]\n"));
    for r in &both {
        // The cloister tile fits south of the start; east and west only with a
        // bridge across it, its west end on the start's road.
        let mut g = run(r, 2, "draw BA/L").unwrap();
        assert_eq!(
            places(&g),
            [
                "place -1 0 0 kit-bridge here WE",
                "place 0 1 0",
                "place 1 0 0 kit-bridge here WE"
            ]
        );
        g.set_logging(true);
        run_on(&mut g, "place 1 0 0 kit-bridge here WE").unwrap();
        let texts: Vec<String> = g.take_events().iter().map(|e| g.event_text(e)).collect();
        assert!(
            texts.contains(&"kit-bridge: road added to the tile at 1 0".to_string()),
            "{texts:?}"
        );
        let t = g.tile_at(Pos::new(1, 0)).unwrap();
        assert_eq!(g.tile_feature_count(t), Some(3), "cloister, field, bridge");
        assert_eq!(g.features_added_at(Pos::new(1, 0)), Some(1), "the bridge");
        assert_eq!(g.features_added_at(Pos::new(0, 0)), Some(0), "the start");
        assert_eq!(g.features_added_at(Pos::new(2, 0)), None, "no tile");
        assert_eq!(
            g.tile_feature_kind(t, 2),
            Some(carcassonne_core::FeatureKind::Road)
        );
        assert_eq!(
            g.tile_feature_slots(t, 2),
            Some(1 << 4 | 1 << 10),
            "EM and WM"
        );
        assert_eq!(
            g.tile_feature_slots(t, 1),
            Some(0xFFF & !(1 << 4 | 1 << 10)),
            "the field keeps the rest"
        );
        let bridge = g.feature_of(t, 2).unwrap();
        let start_road = g.feature_of(carcassonne_core::TileIndex(0), 1).unwrap();
        assert_eq!(
            g.find(bridge),
            g.find(start_road),
            "joined with the start's road"
        );
        assert_eq!(g.open_sides(bridge), Some(2));
        // The figure step offers the bridge (local feature 2); Red takes it.
        assert_eq!(
            places(&g),
            [
                "pass",
                "deploy follower 0",
                "deploy follower 1",
                "deploy follower 2"
            ]
        );
        assert_eq!(
            g.parse_action("deploy follower road W").unwrap(),
            g.parse_action("deploy follower 2").unwrap()
        );
        run_on(&mut g, "deploy follower road W").unwrap();
        assert_eq!(
            g.observation(PlayerId::ALL[0]).unwrap().board[1]
                .added
                .len(),
            1,
            "observations show it"
        );
        // Blue: the square east of the bridge asks for a road now.
        run_on(&mut g, "draw BA/LR").unwrap();
        assert!(places(&g).contains(&"place 2 0 1".to_string()));
        run_on(&mut g, "place 2 0 1; pass; draw BA/LR; place -1 0 3; pass").unwrap();
        // The road over the bridge: 4 tiles, Red's.
        assert_eq!(g.scores(), [4, 0]);
        g.check_integrity().unwrap();
        let i = r.plugin_index("kit-bridge").unwrap();
        assert_eq!(
            g.plugin_player_state(i, PlayerId::ALL[0]),
            Some(&[1][..]),
            "one bridge used"
        );
        record_replays_exactly(
            r,
            2,
            5,
            "draw BA/L; place 1 0 0 kit-bridge here WE; deploy follower road W",
        );
    }
    same_games(&both, 2, 0..4);
    same_games(&both, 3, 4..6);
}

#[test]
fn a_bridge_on_a_neighbour_repairs_a_road_facing_its_field() {
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-bridge]\n")) {
        let mut g = run(&r, 2, "draw BA/L; place 0 1 0; pass; draw BA/RFr").unwrap();
        let with_piece: Vec<String> = places(&g)
            .into_iter()
            .filter(|a| a.contains("kit-bridge"))
            .collect();
        assert_eq!(
            with_piece,
            [
                "place -1 0 1 kit-bridge here WE",
                "place -1 1 0 kit-bridge on E",
                "place 1 0 1 kit-bridge here WE",
                "place 1 1 0 kit-bridge on W",
            ]
        );
        run_on(
            &mut g,
            "place 1 1 0 kit-bridge on W; deploy follower road E",
        )
        .unwrap();
        // The bridge lies on the cloister tile: its field is not cut, its road
        // joins the new tile's road.
        let l = g.tile_at(Pos::new(0, 1)).unwrap();
        assert_eq!(g.tile_feature_count(l), Some(3));
        let bridge = g.feature_of(l, 2).unwrap();
        let placed = g.tile_at(Pos::new(1, 1)).unwrap();
        let new_road = g.feature_of(placed, 0).unwrap();
        assert_eq!(g.find(bridge), g.find(new_road));
        assert_eq!(g.open_sides(new_road), Some(2));
        run_on(
            &mut g,
            "draw BA/LR; place -1 1 3; pass; draw BA/LR; place 2 1 1; pass",
        )
        .unwrap();
        assert_eq!(
            g.scores(),
            [0, 4],
            "Blue's road over the neighbour's bridge"
        );
        g.check_integrity().unwrap();
    }
}

#[test]
fn a_tile_that_fits_only_with_a_bridge_may_be_set_aside() {
    let opening = "draw BA/RRR; place 0 1 0; pass; draw BA/L";
    let only_bridges = [
        "place -1 0 0 kit-bridge here WE",
        "place -1 1 0 kit-bridge here WE",
        "place 0 2 0 kit-bridge here NS",
        "place 1 0 0 kit-bridge here WE",
        "place 1 1 0 kit-bridge here WE",
    ];
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-bridge]\n")) {
        let mut g = run(&r, 2, opening).unwrap();
        let mut want: Vec<&str> = only_bridges.to_vec();
        want.push("set-aside");
        assert_eq!(places(&g), want);
        assert_eq!(
            g.legal_actions().unwrap().last(),
            Some(&Action::Place(Placement::SET_ASIDE))
        );
        run_on(&mut g, "set-aside").unwrap();
        assert_eq!(ids(&r, g.set_aside_tiles().iter().copied()), ["BA/L"]);
        assert_eq!(
            (g.current_player(), g.chance_stream()),
            (PlayerId::ALL[1], Some("tile")),
            "Blue draws again"
        );
        g.check_integrity().unwrap();
    }
    // Not optional: the tile must be placed.
    let r = &compiled_in_and_loaded(&base_with("[plugins.kit-bridge]\nmay-set-aside = false\n"))[0];
    assert_eq!(places(&run(r, 2, opening).unwrap()), only_bridges);
    // Without a bridge left it fits nowhere: set aside at once, and Blue draws.
    let r = &compiled_in_and_loaded(&base_with("[plugins.kit-bridge]\nbridges = 0\n"))[0];
    let g = run(r, 2, opening).unwrap();
    assert_eq!(ids(r, g.set_aside_tiles().iter().copied()), ["BA/L"]);
    assert_eq!(g.chance_stream(), Some("tile"));
    // The placement filters apply to placements with a piece too: in row 0
    // only, the cloister fits only with a bridge, so it may be set aside.
    let r = &compiled_in_and_loaded(&base_with(
        "[plugins.kit-bridge]\n[plugins.kit-retire]\nturns = 3\n",
    ))[0];
    assert_eq!(
        places(&run(r, 2, "draw BA/L").unwrap()),
        [
            "place -1 0 0 kit-bridge here WE",
            "place 1 0 0 kit-bridge here WE",
            "set-aside"
        ]
    );
}

#[test]
fn the_piece_hook_retires_when_every_bridge_is_used() {
    let r = &compiled_in_and_loaded(&base_with("[plugins.kit-bridge]\nbridges = 1\n"))[0];
    let i = r.plugin_index("kit-bridge").unwrap();
    let g = run(
        r,
        2,
        "draw BA/L; place 1 0 0 kit-bridge here WE; pass
         draw BA/L; place -1 0 0 kit-bridge here WE; pass",
    )
    .unwrap();
    assert!(!g.plugin_hook_enabled(i, hook::EXTRA_PLACEMENTS));
    assert_eq!(g.active_hooks() & hook::EXTRA_PLACEMENTS, 0);
    // A placement that needs a bridge is refused now, with a reason.
    let mut h = run(
        r,
        2,
        "draw BA/L; place 1 0 0 kit-bridge here WE; pass
         draw BA/RFr; place 2 0 0; pass; draw BA/L",
    )
    .unwrap();
    assert!(
        places(&h).iter().all(|a| !a.contains("kit-bridge")),
        "Red has no bridge left"
    );
    let e = h
        .apply(h.parse_action("place -1 0 0 kit-bridge here WE").unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("offers no such piece"), "{e}");
}

#[test]
fn a_bridge_that_closes_a_road_is_scored_in_the_same_turn() {
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-bridge]\n")) {
        // The start's road ends at a cloister east; a cloister road points east
        // at the gap west of the start; Blue bridges the gap with a cloister tile.
        let g = check(
            &r,
            2,
            "draw BA/LR; place 1 0 1; deploy follower road W
             draw BA/L; place 0 1 0; pass
             draw BA/L; place -1 1 0; pass
             draw BA/L; place -2 1 0; pass
             draw BA/LR; place -2 0 3; pass
             draw BA/L; place -1 0 0 kit-bridge here WE; pass",
            &[4, 0],
        );
        let t = g.tile_at(Pos::new(-1, 0)).unwrap();
        let bridge = g.feature_of(t, 2).unwrap();
        assert_eq!(g.is_complete(bridge), Some(true));
        assert_eq!(
            g.supply(PlayerId::ALL[0], carcassonne_core::FOLLOWER),
            7,
            "Red's follower is home"
        );
    }
}
