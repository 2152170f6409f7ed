//! The `mayor` plugin (Abbey & Mayor), rulings AM10–AM13 and X23 of
//! `shared/expansions/abbey-and-mayor.md`, with exact points.
//!
//! Geometry as in `abbey.rs`: the start BA/RCr at (0, 0), x east, y south.

use crate::common::*;
use carcassonne_core::PlayerId;
use carcassonne_core::{Game, Rules};
use std::sync::Arc;

const MAYOR: &str = r#"
    name = "base + mayor"
    tilesets = ["base"]
    [plugins.mayor]
"#;

fn mayor() -> Arc<Rules> {
    rules(MAYOR)
}

/// Hills (default tie-break: any follower on a hill) with the mayor.
fn hills(mayor_options: &str) -> Arc<Rules> {
    rules(&format!(
        "name = \"mayor and hills\"\ntilesets = [\"base\", \"hills-and-sheep\"]\n\
         [plugins.hills]\n[plugins.mayor]\n{mayor_options}\n"
    ))
}

/// The mayor city: `first` at (0, -1) turned 180° (city S+E, joining the start's
/// cap) with Red's mayor; Blue's knight on the cap of BA/RrC at (1, 0); `last` at
/// (1, -1) turned 270° (city W+S) completes a 4-tile city.
fn mayor_city(first: &str, last: &str) -> String {
    format!(
        "draw {first}; place 0 -1 2; deploy mayor city
         draw BA/RrC; place 1 0 0; deploy follower city
         draw {last}; place 1 -1 3; pass"
    )
}

fn names(g: &Game) -> Vec<String> {
    g.legal_actions()
        .unwrap()
        .into_iter()
        .map(|a| g.format_action(a))
        .collect()
}

#[test]
fn am10_the_mayor_occupies_his_city() {
    let g = run(&mayor(), 2, "draw BA/Cc+; place 0 -1 2; deploy mayor city").unwrap();
    let mayor = g.rules().figure_kind("mayor").unwrap();
    assert_eq!(g.supply(PlayerId::ALL[0], mayor), 0);
    // Blue extends the city: no follower and no mayor may join it.
    let mut g = g;
    run_on(&mut g, "draw BA/C; place 1 -1 3").unwrap();
    // BA/C: the city is feature 0, the field feature 1.
    let opts = names(&g);
    assert!(opts.contains(&"deploy follower 1".to_string()), "{opts:?}");
    assert!(!opts.contains(&"deploy follower 0".to_string()), "{opts:?}");
    assert!(!opts.contains(&"deploy mayor 0".to_string()), "{opts:?}");
}

#[test]
fn am11_the_mayor_goes_only_into_cities() {
    // BA/RCr east of the start: city, road and two fields; the mayor only on the city.
    let g = run(&mayor(), 2, "draw BA/RCr; place 1 0 0").unwrap();
    let mayors: Vec<String> = names(&g)
        .into_iter()
        .filter(|o| o.starts_with("deploy mayor"))
        .collect();
    // BA/RCr: city 0, road 1, fields 2 and 3; the follower may go on each.
    assert_eq!(mayors, ["deploy mayor 0"]);
    assert!(names(&g).contains(&"deploy follower 1".to_string()));
    // On a tile without a city (a cloister with a road) he is not offered at all.
    let g = run(&mayor(), 2, "draw BA/LR; place 1 0 1").unwrap();
    assert!(names(&g).iter().all(|o| !o.starts_with("deploy mayor")));
}

#[test]
fn am12_the_mayors_strength_is_the_pennants_of_his_city() {
    // Two pennants: the mayor (2) beats the knight (1): 4 tiles + 2 pennants = 12.
    let g = check(&mayor(), 2, &mayor_city("BA/Cc+", "BA/Cc+G"), &[12, 0]);
    let mayor = g.rules().figure_kind("mayor").unwrap();
    assert_eq!(g.supply(PlayerId::ALL[0], mayor), 1, "the mayor returns");
}

#[test]
fn am12_one_pennant_ties_with_a_knight() {
    check(&mayor(), 2, &mayor_city("BA/Cc+", "BA/Cc"), &[10, 10]);
}

#[test]
fn am12_at_game_end_the_mayor_counts_the_pennants_then() {
    // An unfinished 2-tile city with 1 pennant: 1 per tile and pennant = 3.
    check(
        &mayor(),
        2,
        "draw BA/Cc+; place 0 -1 2; deploy mayor city\nend",
        &[3, 0],
    );
}

#[test]
fn am13_a_mayor_without_pennants_loses_to_a_knight() {
    check(&mayor(), 2, &mayor_city("BA/Cc", "BA/Cc"), &[0, 8]);
}

#[test]
fn am13_a_city_held_only_by_a_pennantless_mayor_scores_nothing() {
    // JCZ `mayor-zero-points`: a completed 2-tile city without pennant: 0, and
    // the mayor goes home.
    let g = check(
        &mayor(),
        2,
        "draw BA/C; place 0 -1 2; deploy mayor city S",
        &[0, 0],
    );
    let mayor = g.rules().figure_kind("mayor").unwrap();
    assert_eq!(g.supply(PlayerId::ALL[0], mayor), 1);
}

#[test]
pub(crate) fn x23_a_mayor_with_a_pennant_on_a_hill_breaks_the_tie() {
    // The mayor stands on HS/Cc.h (a hill); the city has 1 pennant: strength 1
    // against Blue's knight, and the hill decides: 4 tiles + 1 pennant = 10.
    let script = "draw HS/Cc.h; hidden BA/L; place 0 -1 2; deploy mayor city
         draw BA/RrC; place 1 0 0; deploy follower city
         draw BA/Cc+; place 1 -1 3; pass";
    check(&hills(""), 2, script, &[10, 0]);
}

/// X23, strength 0 on a hill: Red's mayor on HS/Cc.h and a knight at (2, 0),
/// Blue's knight at (1, 0); the 6-tile city has no pennant, 12 points, tied 1-1.
const ZERO_ON_A_HILL: &str = "draw HS/Cc.h; hidden BA/L; place 0 -1 2; deploy mayor city
     draw BA/RrC; place 1 0 0; deploy follower city
     draw BA/C; place 2 0 0; deploy follower city
     draw BA/Ccc; place 1 -1 2; pass
     draw BA/Cc; place 2 -1 3; pass";

#[test]
pub(crate) fn x23_a_mayor_without_pennants_on_a_hill_breaks_no_tie() {
    // Default (the rule text): the mayor of strength 0 gives no hill tie-break.
    check(&hills(""), 2, ZERO_ON_A_HILL, &[12, 12]);
}

#[test]
fn x23_jcz_variant_any_mayor_on_a_hill_breaks_the_tie() {
    // JCloisterZone counts any mayor on a hill tile, even of strength 0.
    check(
        &hills("zero-mayor-on-hill = \"breaks-ties\""),
        2,
        ZERO_ON_A_HILL,
        &[12, 0],
    );
}

#[test]
fn mayor_same_compiled_in_and_loaded() {
    let all = r#"
        name = "mayor with hills"
        tilesets = ["base", "hills-and-sheep", "abbey-and-mayor"]
        [plugins.mayor]
        [plugins.hills]
    "#;
    for players in [2, 4] {
        assert_same_compiled_in_and_loaded(all, players, 0..2);
    }
}
