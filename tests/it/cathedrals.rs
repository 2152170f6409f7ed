//! Rulings IC9–IC14 of the `cathedrals` plugin, with exact points.
//!
//! Geometry as in the other fixtures: the start tile BA/RCr lies at (0, 0) with
//! its city north and its road west–east; x grows east, y grows south; `place X
//! Y R` turns the tile R quarter turns clockwise (printed side d lands on board
//! side (d + R) % 4). Player 0 is Red, player 1 Blue.
//!
//! Each fixture is checked with the plugin (default `final-scoring = "zero"`),
//! with `final-scoring = "ignore"`, and without the plugin (the `cathedral`
//! marker is inert: base-game points).

use crate::common::*;
use carcassonne_core::{FeatureKind, Rules};
use std::sync::Arc;

/// Base + Inns & Cathedrals tiles of `edition` with the `[core]` table `core` and,
/// unless `options` is `None`, the `cathedrals` plugin with those options.
fn tiles(edition: &str, core: &str, options: Option<&str>) -> Arc<Rules> {
    let plugin = options.map_or(String::new(), |o| format!("[plugins.cathedrals]\n{o}\n"));
    rules(&format!(
        "name = \"cathedrals test\"\nedition = \"{edition}\"\n\
         tilesets = [\"base\", \"inns-and-cathedrals\"]\n[core]\n{core}\n{plugin}"
    ))
}

/// The current edition with the plugin.
fn cathedrals(core: &str, options: &str) -> Arc<Rules> {
    tiles("C2", core, Some(options))
}

/// The current edition without the plugin.
fn no_plugin(core: &str) -> Arc<Rules> {
    tiles("C2", core, None)
}

/// Checks `script` on `edition` under the default, `"ignore"` and without the plugin.
#[track_caller]
fn check3_in(edition: &str, script: &str, zero: &[i32], ignore: &[i32], none: &[i32]) {
    check(&tiles(edition, "", Some("")), 2, script, zero);
    let ignored = tiles(edition, "", Some("final-scoring = \"ignore\""));
    check(&ignored, 2, script, ignore);
    check(&tiles(edition, "", None), 2, script, none);
}

/// [`check3_in`] the current edition.
#[track_caller]
fn check3(script: &str, zero: &[i32], ignore: &[i32], none: &[i32]) {
    check3_in("C2", script, zero, ignore, none);
}

// -------------------------------- §4 example 2 (JCloisterZone cathedrals-scoring)

/// Red's cathedral north of the start with his follower; Blue's BA/CFC north of
/// it; Red's BA/CFC east of it (turned: caps W and E); Blue's cathedral further
/// east with his follower (joining that tile's east cap); Red's BA/C west of the
/// cathedral closes Red's city: start cap, cathedral, three caps = 5 tiles.
const JCZ_CATHEDRAL: &str = "
    draw IC/Cccc.c; place 0 -1 0; deploy follower city N
    draw BA/CFC; place 0 -2 0; pass
    draw BA/CFC; place 1 -1 1; pass
    draw IC/Cccc.c; place 2 -1 0; deploy follower city N
    draw BA/C; place -1 -1 1; pass";

#[test]
fn ic10_ic12_jcz_example_completed_cathedral_city_15_unfinished_0() {
    let script = format!("{JCZ_CATHEDRAL}\nend");
    // Red: 5 tiles x 3 = 15 (10 without cathedrals). Blue: 2 tiles, open: 0 (2).
    check3(&script, &[15, 0], &[15, 2], &[10, 2]);
}

#[test]
fn ic10_the_completed_city_scores_during_the_game() {
    let script = format!("{JCZ_CATHEDRAL}\nscores 15 0");
    check(&cathedrals("", ""), 2, &script, &[15, 0]);
}

// ------------------------- §4 example 3 (JCloisterZone cathedrals-scoring-2)

#[test]
fn ic10_jcz_example_cathedral_city_with_five_pennants_scores_36() {
    // 7 tiles and 5 pennants: 3 x 12 = 36 (24 without cathedrals). First edition:
    // it has two BA/Cc+ (the current one has one, and a BA/Cc+G).
    let script = "draw IC/Cccc.c; place 0 -1 0; deploy follower city N
                  draw BA/Cc+; place 1 -1 0; pass
                  draw BA/Cc+; place 1 -2 3; pass
                  draw BA/Ccc+; place 0 -2 2; pass
                  draw IC/CCc+; place -1 -2 2; pass
                  draw BA/CcRr+; place -1 -1 1; pass";
    check3_in("C1", script, &[36, 0], &[36, 0], &[24, 0]);
}

// --------------------------------------------------------------- IC11

#[test]
fn ic11_two_cathedrals_in_one_city_do_not_stack() {
    // Both cathedrals stacked north of the start, closed by five caps:
    // 8 tiles x 3 = 24 (not 4 per tile), 16 without cathedrals.
    let script = "draw IC/Cccc.c; place 0 -1 0; deploy follower city N
                  draw IC/Cccc.c; place 0 -2 0; pass
                  draw BA/C; place 1 -1 3; pass
                  draw BA/C; place -1 -1 1; pass
                  draw BA/C; place 1 -2 3; pass
                  draw BA/C; place -1 -2 1; pass
                  draw BA/CG; place 0 -3 2; pass";
    check3(script, &[24, 0], &[24, 0], &[16, 0]);
}

// --------------------------------------------------------------- IC12

#[test]
fn ic12_an_unfinished_cathedral_city_with_a_pennant() {
    // Cathedral + start cap + BA/Cc+ (pennant), open: 0; ignored: 3 tiles + 1 pennant = 4.
    let script = "draw IC/Cccc.c; place 0 -1 0; deploy follower city N
                  draw BA/Cc+; place 1 -1 0; pass
                  end";
    check3(script, &[0, 0], &[4, 0], &[4, 0]);
}

#[test]
fn ic12_every_player_on_an_unfinished_cathedral_city_scores_nothing() {
    // Red on the cathedral; Blue on the cap of BA/RCr east of the start; Red's
    // BA/Cc (turned: W+S) joins them: start cap, cathedral, BA/Cc, Blue's cap =
    // 4 tiles, open north and west of the cathedral; tied 1 to 1.
    let script = "draw IC/Cccc.c; place 0 -1 0; deploy follower city N
                  draw BA/RCr; place 1 0 0; deploy follower city N
                  draw BA/Cc; place 1 -1 3; pass
                  end";
    check3(script, &[0, 0], &[4, 4], &[4, 4]);
}

// --------------------------------------------------------------- IC13

/// The JCZ example 2 with farmers: Blue's farmer on BA/CFC north of the
/// cathedral (bordering Red's cathedral city and an open cap), Red's farmer on
/// his BA/CFC east of it (bordering Red's city and Blue's open cathedral city).
const FARMERS: &str = "
    draw IC/Cccc.c; place 0 -1 0; deploy follower city N
    draw BA/CFC; place 0 -2 0; deploy follower field E
    draw BA/CFC; place 1 -1 1; deploy follower field N
    draw IC/Cccc.c; place 2 -1 0; deploy follower city N
    draw BA/C; place -1 -1 1; pass
    end";

#[test]
fn ic13_a_completed_cathedral_city_is_one_completed_city_for_farmers() {
    // Red: city 15 + farmer 3 (the completed cathedral city; Blue's open one counts
    // for nothing). Blue: cathedral city 0 (ignore: 2) + farmer 3.
    check3(FARMERS, &[18, 3], &[18, 5], &[13, 5]);
}

#[test]
fn ic13_per_city_farmers_score_4_for_a_cathedral_city() {
    // F3: the completed city's farmers (one each) tie: 4 each.
    check(
        &cathedrals("farmers = \"per-city\"", ""),
        2,
        FARMERS,
        &[19, 4],
    );
    check(&no_plugin("farmers = \"per-city\""), 2, FARMERS, &[14, 6]);
}

// --------------------------------------------------------------- IC14

#[test]
fn ic14_the_tiny_city_rule_never_meets_a_cathedral() {
    // Every cathedral city is city on all four sides: a completed one has >= 5 tiles.
    let r = cathedrals("", "");
    let bit = r.tiles.markers.bit("cathedral");
    let mut seen = 0;
    for t in r.tiles.types.iter() {
        for f in t.features.iter().filter(|f| f.markers & bit != 0) {
            assert_eq!(f.kind, FeatureKind::City, "{}", t.id);
            assert_eq!(
                f.sides, 0b1111,
                "{}: the cathedral city covers 4 sides",
                t.id
            );
            seen += t.count;
        }
    }
    assert_eq!(seen, 2);
    // With 2-point tiny cities the example still scores 15.
    let script = format!("{JCZ_CATHEDRAL}\nend");
    check(&cathedrals("tiny-city = 2", ""), 2, &script, &[15, 0]);
}

// --------------------------------------------------------------- IC9

#[test]
fn ic9_the_cathedral_is_part_of_the_city_of_its_tile() {
    let r = cathedrals("", "");
    let bit = r.tiles.markers.bit("cathedral");
    let t = r
        .tiles
        .get(r.tiles.by_id("IC/Cccc.c").expect("tile"))
        .expect("type");
    assert_eq!(t.features.len(), 1);
    assert_eq!(t.features[0].kind, FeatureKind::City);
    assert_ne!(t.features[0].markers & bit, 0);
    assert_eq!(t.count, 2);
}

// ------------------------------------------------------------- log

#[test]
fn the_turn_log_says_what_the_cathedral_did() {
    let lines = plugin_log(&cathedrals("", ""), 2, &format!("{JCZ_CATHEDRAL}\nend"));
    assert_eq!(
        lines,
        [
            "The city has a cathedral: 3 points per tile and pennant (5 tiles, 0 pennants).",
            "The city has a cathedral and is unfinished: it scores nothing."
        ]
    );
}
