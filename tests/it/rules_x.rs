//! The cross rulings X1 and X3 of `shared/RULES.md` (Hills & Sheep with the
//! other expansions), one test per part that the shipped plugins implement,
//! with exact points. Most parts are the subject of an expansion's own ruling
//! too (X4, X6, X7, X19, X23, X24, X26, X57, X73, X74, TW10, AM9, V3): those
//! tests, which assert the points, are run here under the X1/X3 name; the
//! parts no other test covered are written out here.
//!
//! Not implemented by any shipped plugin, so not tested: the ringmaster and
//! the phantom (X1), the shrines (X3).

use crate::common::*;
use carcassonne_core::scenario::{check, run, run_on};
use carcassonne_core::{Actor, PlayerId};

// ------------------------------------------------------------------ X1

#[test]
fn x1_the_large_follower_uses_the_hill_tie_break() {
    // Two large followers tied, the one on the hill wins (both H5 variants).
    crate::large_follower::x4_two_large_followers_tied_the_one_on_a_hill_wins_in_both_variants();
    crate::hills::x1_a_large_follower_on_a_hill_breaks_a_tie();
}

#[test]
fn x1_the_wagon_uses_the_hill_tie_break() {
    crate::wagon::x24_a_wagon_on_a_hill_breaks_a_tie();
}

#[test]
fn x1_the_mayor_with_a_coat_of_arms_uses_the_hill_tie_break() {
    crate::mayor::x23_a_mayor_with_a_pennant_on_a_hill_breaks_the_tie();
    // Without a coat of arms his strength is 0: no tie-break.
    crate::mayor::x23_a_mayor_without_pennants_on_a_hill_breaks_no_tie();
}

#[test]
fn x1_a_follower_on_a_bridge_on_a_hill_uses_the_hill_tie_break() {
    crate::bridges_castles_and_bazaars_x::x57_a_follower_on_a_bridge_across_a_hill_tile_stands_on_the_hill();
}

#[test]
fn x1_the_large_follower_abbot_and_wagon_use_vineyards() {
    crate::large_follower::x7_a_large_monk_gets_the_vineyard_points_of_a_completed_cloister();
    crate::vineyards::v3_abbot_on_a_cloister_completed_in_the_scoring_step_gets_vineyards();
    crate::wagon::x24_a_wagon_on_a_completed_cloister_earns_vineyards_then_moves();
}

#[test]
fn x1_the_large_follower_and_the_barn_share_a_field_with_a_shepherd_with_no_effect() {
    crate::large_follower::x6_a_large_farmer_joins_a_shepherds_field_the_shepherd_counts_for_nothing();
    crate::barn::x26_a_barn_on_a_shepherds_field_leaves_the_flock();
}

#[test]
fn x1_the_pig_shares_a_field_with_a_shepherd_with_no_effect() {
    let r = rules(
        "name = \"pig, shepherd\"\ntilesets = [\"base\", \"traders-and-builders\"]\n\
         [plugins.pig]\n[plugins.shepherd]\n",
    );
    // JCZ `pig-scoring` (tests/it/pig.rs) with Blue's shepherd (2 sheep)
    // where Blue's farmer stood; Blue's BA/L south of the start stays out of
    // that field, and Red's BA/Rr joins the shepherd's field to his farmer's
    // (no choice for Blue). Red's farmer and pig win the field alone,
    // 2 cities × (3 + 1); the shepherd counts for nothing, and at the end
    // his flock scores nothing (S9).
    let script = "draw BA/CFC; place 0 -1 0; deploy follower field E
         draw BA/C; place 0 -2 2; deploy shepherd field N; shepherd sheep-2
         draw BA/C; place -1 -1 3; deploy pig field E
         draw BA/L; place 0 1 0; pass
         draw BA/Rr; place -1 -2 1; pass
         end";
    let g = check(&r, 2, script, &[8, 0]);
    let shepherd = g.rules().figure_kind("shepherd").unwrap();
    assert_eq!(g.supply(PlayerId::ALL[1], shepherd), 0, "left on his field");
    // With Blue's farmer instead, the tie: Red 8 (the pig), Blue 6.
    check(
        &r,
        2,
        &script.replace(
            "deploy shepherd field N; shepherd sheep-2",
            "deploy follower field N",
        ),
        &[8, 6],
    );
}

// ------------------------------------------------------------------ X3

#[test]
fn x3_the_tower_cannot_capture_a_shepherd() {
    crate::tower_x::tw10_a_shepherd_is_never_captured();
}

#[test]
fn x3_the_abbey_takes_no_underlay() {
    crate::abbey::am9_an_abbey_turn_takes_no_underlay_and_is_no_hill();
}

#[test]
fn x3_an_abbey_against_a_double_city_side_closes_both_cities_apart() {
    crate::abbey::x19_an_abbey_against_the_double_city_side_closes_two_cities();
}

#[test]
fn x3_no_shepherd_enters_the_city_of_carcassonne() {
    crate::count_x::x74_the_shepherd_never_enters_the_city();
}

#[test]
fn x3_a_follower_from_the_city_of_carcassonne_gets_the_hill_tie_break() {
    crate::count_x::x73_a_follower_from_the_castle_has_the_hill_tie_break_on_the_hill_tile_he_picks(
    );
}

#[test]
fn x3_a_hill_tile_bought_at_auction_takes_its_underlay_only_when_placed() {
    let text = "name = \"bazaar and hills\"\n\
                tilesets = [\"base\", \"hills-and-sheep\", \"bridges-castles-and-bazaars\"]\n\
                [plugins.hills]\n[plugins.bazaar]\n";
    for r in [rules(text), library_rules(text)] {
        // Red's bazaar; the lot: the hill HS/RrC.h and BA/L; Blue opens at
        // 0 on the hill, Red passes: Blue takes it for nothing, Red the BA/L.
        let mut g = run(
            &r,
            2,
            "draw BB/F.b; place 0 1 0; pass
             face-up HS/RrC.h; face-up BA/L; bazaar pick 0; bazaar bid 0; bazaar pass",
        )
        .unwrap();
        assert!(g.hidden_tiles().is_empty(), "no underlay in the lot");
        // Blue plays the hill in his turn: now it takes its underlay.
        assert_eq!(g.actor(), Actor::Chance);
        run_on(&mut g, "hidden BA/L; place 1 0 0; pass").unwrap();
        assert_eq!(g.hidden_tiles().len(), 1);
        assert_eq!(g.scores(), [0, 0]);
    }
}
