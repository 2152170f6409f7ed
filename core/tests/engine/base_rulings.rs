//! Base-game rulings B1–B6 and farmer scoring F1–F4, each with exact points.
//!
//! Fixtures read like rulebook examples: `draw` fixes the tile, `place X Y R`
//! puts it (y grows southwards, R = clockwise quarter turns), `deploy follower
//! city N` puts a follower on the city reaching the placed tile's north side.
//! The start tile BA/RCr lies at (0, 0): city north, road west–east, fields.
//! Player 0 is Red, player 1 Blue; they alternate.

use carcassonne_core::scenario::{check, run};
use carcassonne_core::*;
use std::sync::Arc;

use crate::fixtures::TWO_FIELDS_ONE_CITY;

fn rules_with(options: CoreOptions, edition: &str) -> Arc<Rules> {
    let set: TileSetSpec = toml::from_str(include_str!("../../../configs/tilesets/base.toml"))
        .expect("base tiles parse");
    let cat = TileCatalogue::build(&[set], edition).expect("base tiles compile");
    Arc::new(Rules::new("base", cat, options, vec![]).expect("rules"))
}

fn base() -> Arc<Rules> {
    rules_with(CoreOptions::default(), "C2")
}

fn farmers(mode: FarmerScoring) -> Arc<Rules> {
    rules_with(
        CoreOptions {
            farmers: mode,
            ..CoreOptions::default()
        },
        "C2",
    )
}

// ------------------------------------------------------------------ B1

#[test]
fn b1_72_tiles_start_placed_71_drawn_7_followers() {
    for ed in ["C1", "C2"] {
        let r = rules_with(CoreOptions::default(), ed);
        assert_eq!(r.tiles.total(), 72, "edition {ed}");
        let g = Game::new(r.clone(), 2, 1).unwrap();
        assert_eq!(g.placed_count(), 1);
        assert_eq!(r.tiles.get(g.tiles()[0].ty).unwrap().id, "BA/RCr");
        assert_eq!(g.bag_len(), 71);
        assert_eq!(g.supply(PlayerId::ALL[0], FOLLOWER), 7);
        assert_eq!(g.supply(PlayerId::ALL[1], FOLLOWER), 7);
    }
}

#[test]
fn b1_two_to_six_players() {
    let r = base();
    assert_eq!(
        Game::new(r.clone(), 1, 0).err(),
        Some(GameError::Players(1))
    );
    assert_eq!(
        Game::new(r.clone(), 7, 0).err(),
        Some(GameError::Players(7))
    );
    for n in 2..=6 {
        let mut g = Game::new(r.clone(), n, 3).unwrap();
        let mut rng = Rng::new(4);
        while g.step_random(&mut rng).unwrap() {}
        assert_eq!(g.scores().len(), n as usize);
        assert_eq!(g.placed_count() + g.set_aside_tiles().len(), 72);
    }
}

// ------------------------------------------------------------------ B2

#[test]
fn b2_sides_must_match() {
    let r = base();
    let mut g = run(&r, 2, "draw BA/C").unwrap();
    // City side against the start tile's southern field: illegal, state unchanged.
    let before = g.clone().observation(PlayerId::ALL[0]);
    let bad = g.parse_action("place 0 1 0").unwrap();
    assert!(matches!(g.apply(bad), Err(GameError::Illegal { .. })));
    assert_eq!(g.observation(PlayerId::ALL[0]), before);
    // A placement away from the board is illegal too.
    let far = g.parse_action("place 5 5 0").unwrap();
    assert!(g.apply(far).is_err());
    // City against city is fine.
    let ok = g.parse_action("place 0 -1 2").unwrap();
    g.apply(ok).unwrap();
}

#[test]
fn b2_a_tile_that_fits_nowhere_is_set_aside() {
    // A tiny set: the start is all city; a road cross cannot touch it anywhere.
    let set: TileSetSpec = toml::from_str(
        r#"
        name = "t"
        [[tiles]]
        id = "CCCC"
        counts = { C2 = 2 }
        start = true
        sides = "CCCC"
        features = [ { kind = "city", slots = ["N", "E", "S", "W"] } ]
        [[tiles]]
        id = "RRRR"
        counts = { C2 = 1 }
        sides = "RRRR"
        features = [
          { kind = "road", slots = ["N"] }, { kind = "road", slots = ["E"] },
          { kind = "road", slots = ["S"] }, { kind = "road", slots = ["W"] },
          { kind = "field", slots = ["WR", "NL"] }, { kind = "field", slots = ["NR", "EL"] },
          { kind = "field", slots = ["ER", "SL"] }, { kind = "field", slots = ["SR", "WL"] },
        ]
        "#,
    )
    .unwrap();
    let r = Arc::new(
        Rules::new(
            "t",
            TileCatalogue::build(&[set], "C2").unwrap(),
            CoreOptions::default(),
            vec![],
        )
        .unwrap(),
    );
    let g = run(&r, 2, "draw RRRR").unwrap();
    assert_eq!(g.set_aside_tiles().len(), 1);
    // Another tile is drawn at once: still the same player's draw.
    assert_eq!(g.actor(), Actor::Chance);
    assert_eq!(g.current_player(), PlayerId::ALL[0]);
    let g = run(&r, 2, "draw RRRR; draw CCCC; place 0 -1 0; pass").unwrap();
    assert!(g.is_over());
    assert_eq!(g.placed_count(), 2);
}

#[test]
fn b2_no_follower_on_an_occupied_feature() {
    let r = base();
    // Red's knight in the start city; Blue extends that city and may not join it.
    let mut g = run(
        &r,
        2,
        "draw BA/CFc; place 0 -1 1; deploy follower city S; draw BA/Cc",
    )
    .unwrap();
    g.apply(g.parse_action("place 0 -2 2").unwrap()).unwrap();
    let acts = g.legal_actions().unwrap();
    let deploys: Vec<_> = acts
        .iter()
        .filter(|a| matches!(a, Action::Figure(FigureOption::Deploy { .. })))
        .collect();
    // Only the Cc's field is free; its city is Red's.
    assert_eq!(deploys.len(), 1, "{acts:?}");
    let city = g.parse_action("deploy follower city S").unwrap();
    assert!(g.apply(city).is_err());
}

#[test]
fn b2_completed_features_score_and_followers_return() {
    let g = check(
        &base(),
        2,
        "draw BA/C; place 0 -1 2; deploy follower city S",
        &[4, 0],
    );
    assert_eq!(g.supply(PlayerId::ALL[0], FOLLOWER), 7);
}

// ------------------------------------------------------------------ B3

#[test]
fn b3_road_scores_one_per_tile() {
    check(
        &base(),
        2,
        "draw BA/LR; place 1 0 1; deploy follower road W
         draw BA/LR; place -1 0 3; pass",
        &[3, 0],
    );
}

#[test]
fn b3_unfinished_road_and_city_at_game_end() {
    // Red: thief on a 2-tile road; Blue: knight in a 2-tile city with a pennant (Cc+ open to the east).
    check(
        &base(),
        2,
        "draw BA/RFr; place 1 0 0; deploy follower road E
         draw BA/Cc+; place 0 -1 2; deploy follower city S
         end",
        &[2, 3],
    );
}

#[test]
fn b3_city_two_per_tile_and_pennant() {
    // Start city + Cc+ (pennant) + C cap: 3 tiles and 1 pennant = 8.
    check(
        &base(),
        2,
        "draw BA/Cc+; place 0 -1 2; deploy follower city S
         draw BA/C; place 1 -1 3; pass",
        &[8, 0],
    );
}

#[test]
fn b3_cloister_nine_when_surrounded() {
    check(
        &base(),
        2,
        "draw BA/L; place 0 1 0; deploy follower cloister
         draw BA/LR; place 1 0 1; pass
         draw BA/LR; place -1 0 3; pass
         draw BA/L; place -1 1 0; pass
         draw BA/L; place 1 1 0; pass
         draw BA/L; place 0 2 0; pass
         draw BA/Rr; place -1 2 0; pass
         scores 0 0
         draw BA/Rr; place 1 2 3; pass",
        &[9, 0],
    );
}

#[test]
fn b3_cloister_at_game_end_one_plus_neighbours() {
    // The cloister south of the start has 1 neighbour, then 2 with the tile to its east.
    check(
        &base(),
        2,
        "draw BA/L; place 0 1 0; deploy follower cloister; end",
        &[2, 0],
    );
    check(
        &base(),
        2,
        "draw BA/L; place 0 1 0; deploy follower cloister
         draw BA/L; place 1 1 0; pass
         end",
        &[3, 0],
    );
}

#[test]
fn b3_a_tile_counts_once_when_a_city_passes_through_it_twice() {
    // BA/CC's two cities join round a loop of three corner tiles: 4 tiles, not 5.
    check(
        &base(),
        2,
        "draw BA/CC; place 0 1 3; deploy follower city W
         draw BA/Cc; place -1 1 2; pass
         draw BA/Cc; place 0 2 0; pass
         scores 0 0
         draw BA/CcG; place -1 2 1; pass",
        &[8, 0],
    );
}

// ------------------------------------------------------------------ B4

#[test]
fn b4_tied_majority_all_score_in_full() {
    // Red's knight and Blue's knight end up in one city of 6 tiles with 1 pennant: 14 each.
    check(
        &base(),
        2,
        "draw BA/Cc; place 0 -1 2; deploy follower city S
         draw BA/CFc+; place 0 -2 0; deploy follower city W
         draw BA/Cc; place 1 -1 0; pass
         draw BA/CcG; place 1 -2 3; pass
         scores 0 0
         draw BA/C; place -1 -2 1; pass",
        &[14, 14],
    );
}

#[test]
fn b4_the_majority_takes_all() {
    // Red brings two knights into the city, Blue one: Red alone scores 7 tiles + 2 pennants = 18.
    let g = check(
        &base(),
        2,
        "draw BA/Cc; place 0 -1 2; deploy follower city S
         draw BA/CFc+; place 0 -2 0; deploy follower city W
         draw BA/C; place -1 -1 0; deploy follower city N
         draw BA/L; place 0 1 0; pass
         draw BA/Cc; place -1 -2 2; pass
         draw BA/L; place 1 1 0; pass
         draw BA/CcG; place 1 -1 0; pass
         draw BA/L; place -1 1 0; pass
         scores 0 0
         draw BA/Cc+G; place 1 -2 3; pass",
        &[18, 0],
    );
    assert_eq!(g.supply(PlayerId::ALL[0], FOLLOWER), 7);
    assert_eq!(g.supply(PlayerId::ALL[1], FOLLOWER), 7);
}

// ------------------------------------------------------------------ B5

#[test]
fn b5_tiny_city_default_scores_like_any_city() {
    check(
        &base(),
        2,
        "draw BA/C; place 0 -1 2; deploy follower city S",
        &[4, 0],
    );
}

#[test]
fn b5_tiny_city_variant_two_points() {
    let r = rules_with(
        CoreOptions {
            tiny_city: 2,
            ..CoreOptions::default()
        },
        "C2",
    );
    check(
        &r,
        2,
        "draw BA/C; place 0 -1 2; deploy follower city S",
        &[2, 0],
    );
    // Only two-tile cities: three tiles and a pennant still score 2 x (3 + 1).
    check(
        &r,
        2,
        "draw BA/Cc+; place 0 -1 2; deploy follower city S
         draw BA/C; place 1 -1 3; pass",
        &[8, 0],
    );
}

// ------------------------------------------------------------------ B6

#[test]
fn b6_farmers_stay_and_score_only_at_the_end() {
    // Red's farmer on the C's field; the city it borders completes at once (nobody in it).
    let g = check(
        &base(),
        2,
        "draw BA/C; place 0 -1 2; deploy follower field N",
        &[0, 0],
    );
    assert_eq!(
        g.supply(PlayerId::ALL[0], FOLLOWER),
        6,
        "the farmer stays on the board"
    );
    let g = check(
        &base(),
        2,
        "draw BA/C; place 0 -1 2; deploy follower field N
         end",
        &[3, 0],
    );
    assert_eq!(
        g.score_breakdown(PlayerId::ALL[0])[carcassonne_core::rules::CATEGORY_FARMERS],
        3
    );
}

#[test]
fn b6_roads_and_cities_bound_fields() {
    // The start's road splits its fields: a farmer south of the road gets nothing for
    // the city north of it; one between road and city gets 3.
    check(
        &base(),
        2,
        "draw BA/C; place 0 -1 2; pass
         draw BA/RFr; place 1 0 0; deploy follower field S
         draw BA/RFr; place -1 0 0; deploy follower field N
         end",
        &[3, 0],
    );
}

// ------------------------------------------------------------------ F1–F4

#[test]
fn f1_each_field_scores_a_bordering_city() {
    check(
        &farmers(FarmerScoring::PerField),
        2,
        TWO_FIELDS_ONE_CITY,
        &[6, 0],
    );
}

#[test]
fn f2_a_player_scores_a_city_once() {
    check(
        &farmers(FarmerScoring::PerFieldOncePerPlayer),
        2,
        TWO_FIELDS_ONE_CITY,
        &[3, 0],
    );
}

#[test]
fn f3_per_city_four_points_to_the_farmer_majority() {
    check(
        &farmers(FarmerScoring::PerCity),
        2,
        TWO_FIELDS_ONE_CITY,
        &[4, 0],
    );
}

#[test]
fn f4_no_farmers_when_farmers_are_off() {
    let r = farmers(FarmerScoring::Off);
    let mut g = run(&r, 2, "draw BA/C; place 0 -1 2").unwrap();
    let acts = g.legal_actions().unwrap();
    let city = g.feature_of(g.last_placed().unwrap(), 0).unwrap();
    let knight = Action::Figure(FigureOption::Deploy {
        kind: FOLLOWER,
        at: Location::Feature(city),
    });
    assert_eq!(
        acts,
        vec![Action::Figure(FigureOption::Pass), knight],
        "no farmer on the C's field"
    );
    let farmer = g.parse_action("deploy follower field N").unwrap();
    assert!(g.apply(farmer).is_err());
}

/// The farmer FAQ's example: Red and Blue share a field with two completed cities.
const SHARED_FIELD_TWO_CITIES: &str = "
    draw BA/RCr; place 1 0 0; deploy follower field EL
    draw BA/C; place 1 -1 2; deploy follower field N
    draw BA/C; place 0 -1 2; pass
    draw BA/RFr; place 2 0 0; pass
    draw BA/L; place 2 -1 0; pass
    end";

#[test]
fn f1_shared_field_both_score_in_full() {
    check(
        &farmers(FarmerScoring::PerField),
        2,
        SHARED_FIELD_TWO_CITIES,
        &[6, 6],
    );
}

#[test]
fn f2_shared_field_both_score_in_full() {
    check(
        &farmers(FarmerScoring::PerFieldOncePerPlayer),
        2,
        SHARED_FIELD_TWO_CITIES,
        &[6, 6],
    );
}

#[test]
fn f3_shared_field_each_city_four_to_both() {
    check(
        &farmers(FarmerScoring::PerCity),
        2,
        SHARED_FIELD_TWO_CITIES,
        &[8, 8],
    );
}

#[test]
fn f3_majority_is_counted_over_all_fields_of_a_city() {
    // Red farms two fields next to the start city; Blue farms the field south of the
    // road, which borders no city. Per field (F1) Red gets 3 + 3; per city (F3) Red's
    // two farmers make one majority for the city: 4. Blue gets nothing either way.
    let script = "
        draw BA/C; place 0 -1 2; deploy follower field N
        draw BA/RFr; place -1 0 0; deploy follower field S
        draw BA/RFr; place 1 0 0; deploy follower field N
        end";
    check(&farmers(FarmerScoring::PerField), 2, script, &[6, 0]);
    check(&farmers(FarmerScoring::PerCity), 2, script, &[4, 0]);
}

#[test]
fn f1_incomplete_cities_give_farmers_nothing() {
    // The start city stays open: Red's farmer north of the road scores 0.
    check(
        &base(),
        2,
        "draw BA/RFr; place 1 0 0; deploy follower field N; end",
        &[0, 0],
    );
}

#[test]
fn b3_a_completed_city_with_nobody_in_it_is_scored_for_nobody_and_said_so() {
    // The start tile's city cap and one more cap north: a two-tile city, empty.
    let mut g = Game::new(base(), 2, 0).unwrap();
    g.set_logging(true);
    carcassonne_core::scenario::run_on(&mut g, "draw BA/C; place 0 -1 2; pass").unwrap();
    let texts: Vec<String> = g.take_events().iter().map(|e| g.event_text(e)).collect();
    assert!(
        texts.contains(&"city completed (2 tiles): nobody scores".to_string()),
        "{texts:?}"
    );
    assert_eq!(g.scores(), [0, 0]);
}
