//! The `pig` plugin (Traders & Builders, TB18–TB25, X10, X11, X13), with exact
//! points. The F1 example is JCloisterZone's engine test `pig-scoring`, the
//! no-stacking one `pigs-no-stack`; the F1–F3 comparison is the spec's worked
//! example 5.
//!
//! Geometry: the start tile BA/RCr lies at (0, 0) (city north, road west–east);
//! x grows east, y grows south; `place X Y R` turns the tile R quarter turns
//! clockwise. Player 0 is Red, player 1 Blue; they alternate.

use crate::builder::with_remover;
use crate::common::*;
use carcassonne_core::Game;
use carcassonne_core::PlayerId;

/// The pig on the base game and the expansion's tiles, with a farmer variant.
fn pig(farmers: &str) -> String {
    format!(
        r#"
        name = "pig"
        tilesets = ["base", "traders-and-builders"]
        [core]
        farmers = "{farmers}"
        [plugins.pig]
        "#
    )
}

const F1: &str = "per-field";
const F2: &str = "per-field-once-per-player";
const F3: &str = "per-city";

fn pigs_in_supply(g: &Game, p: u8) -> u8 {
    g.supply(
        PlayerId::ALL[usize::from(p)],
        g.rules().figure_kind("pig").unwrap(),
    )
}

/// JCZ `pig-scoring`: one field, a farmer each (a tie), two completed cities;
/// `red_third` is Red's figure action with his second tile.
fn pig_scoring(red_third: &str) -> String {
    format!(
        "draw BA/CFC; place 0 -1 0; deploy follower field E
         draw BA/C; place 0 -2 2; deploy follower field N
         draw BA/C; place -1 -1 3; {red_third}
         draw BA/Rr; place -1 -2 1; pass
         end"
    )
}

// ------------------------------------------------------------ placement

#[test]
fn tb19_the_pig_goes_on_a_field_of_the_placed_tile_holding_his_farmer() {
    let g = run(
        &rules(&pig(F1)),
        2,
        "draw BA/CFC; place 0 -1 0; deploy follower field E
         draw BA/C; place 0 -2 2; deploy follower field N
         draw BA/C; place -1 -1 3",
    )
    .unwrap();
    // BA/C: city (0), field (1) joined to Red's farmer's field.
    assert_eq!(
        legal_names(&g),
        ["pass", "deploy follower 0", "deploy pig 1"]
    );
    // Blue's own farmer's field, from Blue's tile: his pig too.
    let g = run(
        &rules(&pig(F1)),
        2,
        "draw BA/CFC; place 0 -1 0; deploy follower field E
         draw BA/C; place 0 -2 2",
    )
    .unwrap();
    assert!(
        legal_names(&g).iter().all(|n| !n.contains("pig")),
        "Blue has no farmer there: {:?}",
        legal_names(&g)
    );
}

#[test]
fn tb19_one_pig_per_player() {
    // Red's pig joins his farmer with his second tile; his third tile extends the
    // same field and offers no second pig.
    let g = run(
        &rules(&pig(F1)),
        2,
        "draw BA/CFC; place 0 -1 0; deploy follower field E
         draw BA/L; place 0 1 0; pass
         draw BA/C; place -1 -1 3; deploy pig field E
         draw BA/L; place 1 1 0; pass
         draw BA/C; place 1 -1 1",
    )
    .unwrap();
    assert_eq!(pigs_in_supply(&g, 0), 0);
    assert!(
        legal_names(&g).iter().all(|n| !n.contains("pig")),
        "{:?}",
        legal_names(&g)
    );
}

#[test]
fn tb25_with_farmers_off_there_is_never_a_pig() {
    let r = rules(&pig("off"));
    let g = run(&r, 2, "draw BA/CFC; place 0 -1 0").unwrap();
    // BA/CFC: two cities (0, 1) and a field (2): no farmer, no pig.
    assert_eq!(
        legal_names(&g),
        ["pass", "deploy follower 0", "deploy follower 1"]
    );
}

// ------------------------------------------------------------- scoring

#[test]
fn tb18_tb21_a_pig_gives_its_owner_4_per_city_in_a_field_he_wins_pig_scoring() {
    // Tie 1–1 (the pig has no strength); Red 2 × 4, Blue 2 × 3.
    check(
        &rules(&pig(F1)),
        2,
        &pig_scoring("deploy pig field E"),
        &[8, 6],
    );
    // Without the pig: 6 each.
    check(&rules(&pig(F1)), 2, &pig_scoring("pass"), &[6, 6]);
}

#[test]
fn tb21_a_pig_whose_owner_loses_the_field_gives_nothing() {
    // Blue's second farmer (at (-1, -3), beyond a city) joins with the last tile
    // (a cloister whose field touches all three):
    // Blue wins the field 2–1 and scores its 3 completed cities, 3 × 3; Red's pig
    // gives Red nothing.
    check(
        &rules(&pig(F1)),
        2,
        "draw BA/CFC; place 0 -1 0; deploy follower field E
         draw BA/C; place 0 -2 2; deploy follower field N
         draw BA/C; place -1 -1 3; deploy pig field E
         draw BA/C; place 0 -3 3; pass
         draw BA/L; place 0 1 0; pass
         draw BA/C; place -1 -3 1; deploy follower field S
         draw BA/L; place 1 1 0; pass
         draw BA/L; place -1 -2 0; pass
         end",
        &[0, 9],
    );
}

#[test]
fn tb22_pigs_do_not_stack_pigs_no_stack() {
    // JCZ `pigs-no-stack`, two pigs per player (house rule): Red's farmer and his
    // two pigs in one field bordering one completed city: 3 + 1 = 4, not 5.
    let ruleset = r#"
        name = "two pigs"
        tilesets = ["base", "traders-and-builders"]
        [plugins.pig]
        pigs-per-player = 2
    "#;
    check(
        &rules(ruleset),
        2,
        "draw BA/RFr; place -1 0 0; deploy follower field N
         draw BA/L; place 0 1 0; pass
         draw BA/RFr; place -2 0 0; deploy pig field N
         draw BA/L; place 1 1 0; pass
         draw BA/C; place 0 -1 2; deploy follower field N
         draw BA/L; place -1 1 0; pass
         draw BA/C; place 0 -2 0; deploy pig field E
         draw BA/L; place -2 1 0; pass
         draw BA/Rr; place -1 -1 1; pass
         end",
        &[4, 0],
    );
}

/// The spec's example 5: Red wins field A (north of the start's road; his pig
/// there; it borders cities X, the start's, and Y, at (-1, 0)) and field B
/// (south of the road; no pig; it borders Y and Z, at (0, 1)). Blue passes
/// throughout. `b_first` deploys B's farmer before A's (the order of the fields
/// must not matter).
fn example5(b_first: bool, pig: bool) -> String {
    let a = "draw BA/RFr; place 1 0 0; deploy follower field N";
    let b = "draw BA/C; place 0 1 2; deploy follower field N";
    let (first, second) = if b_first { (b, a) } else { (a, b) };
    let pig = if pig { "deploy pig field EL" } else { "pass" };
    format!(
        "{first}
         draw BA/CFC; place 0 -1 0; pass
         {second}
         draw BA/C; place 0 2 0; pass
         draw BA/CccR; place -1 0 3; {pig}
         draw BA/CG; place -1 -1 2; pass
         draw BA/C; place -2 0 1; pass
         draw BA/C; place -1 1 0; pass
         end"
    )
}

/// The spec's example 5 under farmer rule `f`: Red's points without and with his
/// pig, whichever field's farmer came first.
fn check_example5(f: &str, without_pig: i32, with_pig: i32) {
    for b_first in [false, true] {
        check(
            &rules(&pig(f)),
            2,
            &example5(b_first, false),
            &[without_pig, 0],
        );
        check(&rules(&pig(f)), 2, &example5(b_first, true), &[with_pig, 0]);
    }
}

#[test]
fn tb21_f1_the_pig_adds_1_per_city_of_the_field_with_it() {
    // A 2 × 4 + B 2 × 3 = 14 (12 without the pig).
    check_example5(F1, 12, 14);
}

#[test]
fn tb23_f2_a_city_pays_4_once_when_a_won_field_beside_it_holds_the_pig() {
    // X 4 + Y 4 (A borders Y and holds the pig) + Z 3 = 11 (9 without).
    check_example5(F2, 9, 11);
}

#[test]
fn tb24_f3_a_city_pays_5_when_one_of_its_fields_holds_the_winners_pig() {
    // X 5 + Y 5 (A borders both) + Z 4 = 14 (12 without).
    check_example5(F3, 12, 14);
}

#[test]
fn tb20_the_pig_goes_home_when_his_owners_last_farmer_leaves_the_field() {
    // A rule of another expansion (a test stand-in) sends Red's only farmer of the
    // field home: his pig follows at once.
    let r = with_remover(&pig(F1));
    let mut g = run(
        &r,
        2,
        "draw BA/CFC; place 0 -1 0; deploy follower field E
         draw BA/L; place 0 1 0; pass
         draw BA/C; place -1 -1 3; deploy pig field E",
    )
    .unwrap();
    assert_eq!(pigs_in_supply(&g, 0), 0);
    run_on(&mut g, "draw BA/L; place 1 1 0; test-remove tile-1").unwrap();
    assert_eq!(pigs_in_supply(&g, 0), 1);
    assert_eq!(g.supply(PlayerId::ALL[0], carcassonne_core::FOLLOWER), 7);
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [0, 0], "nobody is left in the field");
}
