//! Rulings IC4–IC8 of the `inns` plugin, with exact points.
//!
//! Geometry as in the other fixtures: the start tile BA/RCr lies at (0, 0) with
//! its city north and its road west–east; x grows east, y grows south; `place X
//! Y R` turns the tile R quarter turns clockwise (printed side d lands on board
//! side (d + R) % 4). Player 0 is Red, player 1 Blue.
//!
//! Each fixture is checked three ways: with the plugin (default `final-scoring =
//! "zero"`), with `final-scoring = "ignore"`, and without the plugin (the `inn`
//! marker is inert: base-game points).

use crate::common::*;
use carcassonne_core::Rules;
use std::sync::Arc;

/// Base + Inns & Cathedrals tiles of `edition` with the `inns` plugin and `options`.
fn inns(edition: &str, options: &str) -> Arc<Rules> {
    rules(&format!(
        "name = \"inns test\"\nedition = \"{edition}\"\n\
         tilesets = [\"base\", \"inns-and-cathedrals\"]\n[plugins.inns]\n{options}\n"
    ))
}

/// The same tiles without the plugin.
fn no_plugin(edition: &str) -> Arc<Rules> {
    rules(&format!(
        "name = \"inn tiles only\"\nedition = \"{edition}\"\n\
         tilesets = [\"base\", \"inns-and-cathedrals\"]\n"
    ))
}

/// Checks `script` under the default, `"ignore"` and without the plugin.
#[track_caller]
fn check3(edition: &str, script: &str, zero: &[i32], ignore: &[i32], none: &[i32]) {
    check(&inns(edition, ""), 2, script, zero);
    check(
        &inns(edition, "final-scoring = \"ignore\""),
        2,
        script,
        ignore,
    );
    check(&no_plugin(edition), 2, script, none);
}

// ------------------------------------------- §4 example 1 (JCloisterZone inns-scoring)

/// Red's IC/RRR.i west of the start, his follower on its east road (the inn road);
/// Blue's IC/RFr.i further west, his follower on its road (which joins the
/// junction's west road); Red's BA/RRR east of the start closes Red's road.
const JCZ_INNS: &str = "
    draw IC/RRR.i; place -1 0 0; deploy follower road E
    draw IC/RFr.i; place -2 0 0; deploy follower road E
    draw BA/RRR; place 1 0 0; pass
    end";

#[test]
fn ic5_ic7_jcz_example_completed_inn_road_6_unfinished_0() {
    // Red: (-1,0)-(0,0)-(1,0), complete with an inn: 3 tiles x 2 = 6.
    // Blue: (-2,0)-(-1,0), open to the west, with an inn: 0 (ignore: 2).
    check3("C1", JCZ_INNS, &[6, 0], &[6, 2], &[3, 2]);
}

#[test]
fn ic5_the_completed_road_scores_during_the_game() {
    let script = "draw IC/RRR.i; place -1 0 0; deploy follower road E
                  draw IC/RFr.i; place -2 0 0; deploy follower road E
                  draw BA/RRR; place 1 0 0; pass
                  scores 6 0";
    check(&inns("C1", ""), 2, script, &[6, 0]);
    // The C2 twin with a garden plays the same.
    check(
        &inns("C2", ""),
        2,
        &script.replace("IC/RFr.i;", "IC/RFr.iG;"),
        &[6, 0],
    );
}

// --------------------------------------------------------------- IC4

#[test]
fn ic4_the_inn_on_the_junction_counts_only_for_its_own_road() {
    // Red's follower on IC/RRR.i's south road (no inn); Blue's BA/LR (cloister,
    // road turned north) closes it: 2 tiles, 1 each = 2. Then Red closes the
    // east road (the inn road) with BA/RRR and deploys on it: 3 tiles x 2 = 6.
    let script = "draw IC/RRR.i; place -1 0 0; deploy follower road S
                  draw BA/LR; place -1 1 2; pass
                  scores 2 0
                  draw BA/RRR; place 1 0 0; deploy follower road W";
    check3("C2", script, &[8, 0], &[8, 0], &[5, 0]);
}

#[test]
fn ic4_the_inn_marker_is_on_one_road_of_the_junction_tile() {
    let r = inns("C2", "");
    let inn = r.tiles.markers.bit("inn");
    let t = r
        .tiles
        .get(r.tiles.by_id("IC/RRR.i").expect("tile"))
        .expect("type");
    let with_inn: Vec<usize> = (0..t.features.len())
        .filter(|&i| t.features[i].markers & inn != 0)
        .collect();
    assert_eq!(with_inn, [0], "only the east road");
    assert_eq!(t.features[0].kind, carcassonne_core::FeatureKind::Road);
    assert_eq!(t.features[0].sides, 0b0010, "it reaches the east side only");
}

// --------------------------------------------------------------- IC5

/// Red's inn road west of a loop and Blue's road south of the start, joined by two
/// curves into one completed road of 5 tiles: the junction's east road, the start,
/// BA/Rr (1,0) W-S, BA/Rr (1,1) N-W, BA/RRR's east road at (0,1).
const TIED: &str = "
    draw IC/RRR.i; place -1 0 0; deploy follower road E
    draw BA/RRR; place 0 1 0; deploy follower road E
    draw BA/Rr; place 1 0 0; pass";

#[test]
fn ic5_tied_winners_each_score_two_per_tile() {
    let script = format!("{TIED}\ndraw BA/Rr; place 1 1 1; pass");
    check3("C2", &script, &[10, 10], &[10, 10], &[5, 5]);
}

// --------------------------------------------------------------- IC6

#[test]
fn ic6_two_inns_on_a_road_do_not_stack() {
    // IC/RCc.i turned so that its inn road (printed S, ending at its city) points
    // west: the road junction E - start - IC/RCc.i is complete with two inns.
    let script = "draw IC/RRR.i; place -1 0 0; deploy follower road E
                  draw IC/RCc.i; place 1 0 1; pass";
    check3("C2", script, &[6, 0], &[6, 0], &[3, 0]);
}

// --------------------------------------------------------------- IC7

#[test]
fn ic7_an_unfinished_inn_road_scores_nothing_the_road_next_to_it_still_scores() {
    // The loop of IC5, left open: Red's inn road (3 tiles) scores 0 under the
    // default, 3 when the inn is ignored; Blue's road without an inn scores 1.
    let script = format!("{TIED}\nend");
    check3("C2", &script, &[0, 1], &[3, 1], &[3, 1]);
}

// --------------------------------------------------------------- IC8

#[test]
fn ic8_an_opponent_may_spoil_a_road_with_an_inn_farmers_are_unaffected() {
    // Red's road start + BA/RFr (1,0); Blue extends it west with an inn tile and
    // puts a farmer on the strip north of the road; Red completes the start city.
    // End: Red's road (3 tiles, inn, open) 0 / 3; Blue's farmer 3 for the city.
    let script = "draw BA/RFr; place 1 0 0; deploy follower road W
                  draw IC/RFr.iG; place -1 0 0; deploy follower field N
                  draw BA/C; place 0 -1 2; pass
                  end";
    check3("C2", script, &[0, 3], &[3, 3], &[3, 3]);
}

#[test]
fn ic8_an_inn_does_not_end_a_road() {
    // IC/RFr.iG is a straight road: Red's road runs through it and on, and is
    // completed by junctions at both ends: 4 tiles x 2.
    let script = "draw IC/RFr.iG; place -1 0 0; deploy follower road E
                  draw BA/RRR; place -2 0 0; pass
                  draw BA/RRR; place 1 0 0; pass";
    check3("C2", script, &[8, 0], &[8, 0], &[4, 0]);
}

// ------------------------------------------------------------- log

#[test]
fn the_turn_log_says_what_the_inn_did() {
    let lines = plugin_log(&inns("C1", ""), 2, JCZ_INNS);
    assert_eq!(
        lines,
        [
            "The road has an inn: 2 points per tile (3 tiles).",
            "The road has an inn and is unfinished: it scores nothing."
        ]
    );
    let lines = plugin_log(&inns("C1", "final-scoring = \"ignore\""), 2, JCZ_INNS);
    assert_eq!(lines, ["The road has an inn: 2 points per tile (3 tiles)."]);
}
