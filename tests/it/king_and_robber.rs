//! The `king-and-robber` plugin and its tile set (CK1–CK11), with exact points,
//! each ruling played with the plugin compiled in and loaded from its library.
//! The worked examples of CK7–CK10 are JCloisterZone's engine tests
//! `king-and-robber-scoring`, `king-and-robber-10_scoring`,
//! `king-and-robber-15_40_scoring`, `king-continuous-scoring` and
//! `robber-continuous-scoring` (two players; JCZ's one-player games of 10/20
//! and 15/40 are replayed as the two-player game of the first).
//!
//! Geometry: the start tile BA/RCr lies at (0, 0) (city north, road west–east);
//! x grows east, y grows south; `place X Y R` turns the tile R quarter turns
//! clockwise. Player 0 is Red, player 1 Blue; they alternate.

use crate::census::{copies, count, fingerprint};
use crate::common::*;
use carcassonne_core::{FeatureKind, Game, PlayerId, Rules, TileCatalogue};
use std::sync::Arc;

/// King & Robber on the base game, with `scoring` and any further options.
fn kr(scoring: &str, more: &str) -> String {
    format!(
        "name = \"king and robber\"\ntilesets = [\"base\", \"king-and-robber\"]\n\
         [plugins.king-and-robber]\nscoring = \"{scoring}\"\n{more}\n"
    )
}

/// The ruleset compiled with the plugin compiled in and loaded from the
/// official plugins' libraries.
fn both(text: &str) -> [Arc<Rules>; 2] {
    [rules(text), library_rules(text)]
}

/// Who holds award `key` (`king`, `robber`) and the size that earned it, as
/// every player sees it (the observation is public).
pub fn award(g: &Game, key: &str) -> (Option<u64>, u64) {
    let o = g.observation(PlayerId::ALL[1]).expect("observation");
    let a = &o.plugins["king-and-robber"][key];
    (a["holder"].as_u64(), a["tiles"].as_u64().expect("tiles"))
}

/// The points of `player` booked as the plugin's.
fn kr_points(g: &Game, player: u8) -> i32 {
    let i = g
        .score_categories()
        .iter()
        .position(|c| c == "king-and-robber")
        .expect("the plugin's category");
    g.score_breakdown(PlayerId::ALL[usize::from(player)])[i]
}

// ------------------------------------------------------------- tile data

fn catalogue(edition: &str) -> TileCatalogue {
    let set = carcassonne_host::tilesets::load("king-and-robber", None).expect("built in");
    TileCatalogue::build(&[set], edition).expect("tiles compile")
}

#[test]
fn ck1_ck11_five_tiles_in_each_edition_with_9_city_6_road_5_field_sides() {
    for ed in ["C1", "C2"] {
        let cat = catalogue(ed);
        assert_eq!(copies(&cat, |_| true), 5, "{ed}");
        let mut sides = [0u32; 3];
        for t in cat.types.iter().filter(|t| t.count > 0) {
            for d in 0..4 {
                let on = |k: FeatureKind| {
                    t.features
                        .iter()
                        .any(|f| f.kind == k && f.sides & (1 << d) != 0)
                };
                let i = if on(FeatureKind::City) {
                    0
                } else if on(FeatureKind::Road) {
                    1
                } else {
                    2
                };
                sides[i] += u32::from(t.count);
            }
        }
        assert_eq!(sides, [9, 6, 5], "{ed}: C, R, F sides");
        assert_eq!(copies(&cat, |t| t.features.iter().any(|f| f.inner)), 1);
    }
    // CK11: the second edition swaps KR/RC for its garden twin.
    let (c1, c2) = (catalogue("C1"), catalogue("C2"));
    assert_eq!((count(&c1, "KR/RC"), count(&c1, "KR/RCG")), (1, 0));
    assert_eq!((count(&c2, "KR/RC"), count(&c2, "KR/RCG")), (0, 1));
}

#[test]
fn ck1_tiles_connect_as_printed() {
    // The spec's table (§3.2): KR/CCcc's two cities never join and its two
    // fields own no slot; KR/CcRR!'s four fields are separate.
    let expected: &[(&str, &[&str])] = &[
        ("KR/LC", &["city:N", "cloister:", "field:ESW/1"]),
        ("KR/RC", &["city:N", "field:ESW/1", "field:W/1", "road:W"]),
        (
            "KR/CRrR",
            &[
                "city:N",
                "field:ES/0",
                "field:ESW/1",
                "field:W/1",
                "road:ES",
                "road:W",
            ],
        ),
        (
            "KR/CcRR!",
            &[
                "city:NW",
                "field:E/1",
                "field:E/1",
                "field:S/1",
                "field:S/1",
                "road:E",
                "road:S",
            ],
        ),
        ("KR/CCcc", &["city:EW", "city:NS", "field:*/2", "field:*/2"]),
    ];
    for ed in ["C1", "C2"] {
        let cat = catalogue(ed);
        for (id, want) in expected {
            let id = if *id == "KR/RC" && ed == "C2" {
                "KR/RCG"
            } else {
                id
            };
            let t = cat.get(cat.by_id(id).unwrap()).unwrap();
            let mut got = fingerprint(t, None);
            got.retain(|f| f != "spot:");
            assert_eq!(got, *want, "{ed} {id}");
        }
    }
}

#[test]
fn ck1_setup_the_tiles_join_the_bag_and_nobody_holds_an_award_tile() {
    for r in both(&kr("per-feature", "")) {
        let g = Game::new(r, 3, 1).unwrap();
        assert_eq!(g.bag_len(), 71 + 5);
        assert_eq!(award(&g, "king"), (None, 0));
        assert_eq!(award(&g, "robber"), (None, 0));
    }
}

// ------------------------------------------------------------- CK2–CK6

/// Red's knight in a 3-tile city that Blue completes.
const BLUE_COMPLETES_REDS_CITY: &str = "draw BA/CFc; place 0 -1 1; deploy follower city N
     draw BA/C; place 0 -2 2; pass";

#[test]
fn ck2_the_player_who_completes_the_city_takes_the_king_whoever_occupies_it() {
    for r in both(&kr("per-feature", "")) {
        let mut g = check(&r, 2, BLUE_COMPLETES_REDS_CITY, &[6, 0]);
        assert_eq!(award(&g, "king"), (Some(1), 3));
        // CK7: one completed city pays the King's holder 1.
        run_on(&mut g, "end").unwrap();
        assert_eq!(g.scores(), [6, 1]);
        assert_eq!(kr_points(&g, 1), 1);
    }
}

/// Red completes a 2-tile city (the first: the King); Blue a 2-tile city of
/// his own (the same size); Red a 3-tile city (larger, his own King).
const SAME_SIZE_THEN_LARGER: &str = "draw BA/C; place 0 -1 2; pass
     draw BA/RCr; place -1 0 0; pass
     draw BA/C; place 0 1 1; pass
     draw BA/C; place -1 -1 2; pass
     draw BA/CFc; place 1 1 0; pass
     draw BA/RFr; place 1 0 0; pass
     draw BA/C; place 2 1 3; pass";

#[test]
fn ck3_the_first_city_gives_the_king_a_city_of_the_same_size_leaves_it() {
    for r in both(&kr("per-feature", "")) {
        let mut g = Game::new(r, 2, 0).unwrap();
        let lines: Vec<&str> = SAME_SIZE_THEN_LARGER.lines().map(str::trim).collect();
        run_on(&mut g, lines[0]).unwrap();
        assert_eq!(award(&g, "king"), (Some(0), 2), "the first city, 2 tiles");
        run_on(&mut g, &lines[1..4].join("\n")).unwrap();
        assert_eq!(award(&g, "king"), (Some(0), 2), "Blue's 2 tiles: no more");
        run_on(&mut g, &lines[4..].join("\n")).unwrap();
        assert_eq!(award(&g, "king"), (Some(0), 3), "Red's own larger city");
        run_on(&mut g, "end").unwrap();
        // Three completed cities, every one counted for the holder (CK7).
        assert_eq!(g.scores(), [3, 0]);
    }
}

#[test]
fn ck3_the_holder_keeps_the_king_with_a_larger_city_logged_as_such() {
    let lines = plugin_log(&rules(&kr("per-feature", "")), 2, SAME_SIZE_THEN_LARGER);
    assert_eq!(
        lines,
        [
            "{P0} completes a city of 2 tiles, the largest so far, and takes the King.",
            "{P0} completes a city of 3 tiles, the largest so far, and keeps the King.",
        ]
    );
}

/// Red completes a 2-tile city (the King); five tiles later Blue's BA/CC
/// completes a 3-tile city and a 2-tile city at once.
const TWO_CITIES_AT_ONCE: &str = "draw BA/C; place 0 -1 2; pass
     draw BA/C; place 0 1 1; pass
     draw BA/CFc; place 1 1 0; pass
     draw BA/RFr; place 1 0 0; pass
     draw BA/CRr; place 2 0 2; pass
     draw BA/CC; place 2 1 0; pass";

#[test]
fn ck3_of_two_cities_completed_by_one_tile_the_larger_decides() {
    for r in both(&kr("per-feature", "")) {
        let mut g = check(&r, 2, TWO_CITIES_AT_ONCE, &[0, 0]);
        assert_eq!(award(&g, "king"), (Some(1), 3));
        run_on(&mut g, "end").unwrap();
        assert_eq!(g.scores(), [0, 3]);
    }
    let lines = plugin_log(&rules(&kr("per-feature", "")), 2, TWO_CITIES_AT_ONCE);
    assert_eq!(
        lines.last().map(String::as_str),
        Some("{P1} completes a city of 3 tiles, the largest so far, and takes the King from {P0}.")
    );
}

#[test]
fn ck4_a_city_passing_twice_through_a_tile_counts_it_once() {
    // A ring of six tiles south of the start whose last tile, BA/CFC at
    // (1, 1), carries two segments of it: 6 tiles (12 points for Red's
    // knight), not 7.
    let text = kr("per-feature", "[tiles.counts]\n\"BA/Cc\" = 4");
    let script = "draw BA/Cc; place 0 1 2; deploy follower city E
         draw BA/Cc; place 0 2 1; pass
         draw BA/CFc; place 1 2 0; pass
         draw BA/Cc; place 2 2 0; pass
         draw BA/Cc; place 2 1 3; pass
         draw BA/CFC; place 1 1 1; pass";
    for r in both(&text) {
        let mut g = check(&r, 2, script, &[12, 0]);
        assert_eq!(award(&g, "king"), (Some(1), 6));
        run_on(&mut g, "end").unwrap();
        assert_eq!(g.scores(), [12, 1]);
    }
}

#[test]
fn ck4_pennants_play_no_part_a_3_tile_city_with_a_pennant_is_not_larger() {
    // Blue completes a plain 3-tile city (the King); Red a 3-tile city with a
    // pennant (8 points to his knight, 6 for the plain one): the King stays.
    let script = "draw BA/CFc; place 0 -1 1; pass
         draw BA/C; place 0 -2 2; pass
         draw BA/C; place 0 1 1; deploy follower city E
         draw BA/CFc+; place 1 1 0; pass
         draw BA/C; place 2 1 3; pass";
    for r in both(&kr("per-feature", "")) {
        let mut g = check(&r, 2, script, &[8, 0]);
        assert_eq!(award(&g, "king"), (Some(1), 3));
        run_on(&mut g, "end").unwrap();
        assert_eq!(g.scores(), [8, 2]);
    }
}

/// JCZ `king-and-robber-scoring`: Red completes the first city (2 tiles) and
/// the first road (3 tiles); both players complete 2-tile roads; Blue
/// completes a 3-tile city with a pennant. Nobody deploys.
const JCZ_SCORING: &str = "draw BA/C; place 0 -1 2; pass
     draw BA/RRR; place 1 0 0; pass
     draw BA/RRR; place -1 0 0; pass
     draw BA/RRR; place -1 1 2; pass
     draw BA/RRR; place 0 1 0; pass
     draw BA/CC; place 1 -1 1; pass
     draw BA/CFc+; place 2 -1 0; pass
     draw BA/CFC; place 3 -1 1; pass";

#[test]
fn ck5_the_robber_baron_goes_to_the_longest_road_strictly_longer_only() {
    for r in both(&kr("per-feature", "")) {
        let mut g = Game::new(r, 2, 0).unwrap();
        let lines: Vec<&str> = JCZ_SCORING.lines().map(str::trim).collect();
        run_on(&mut g, &lines[..3].join("\n")).unwrap();
        assert_eq!(award(&g, "robber"), (Some(0), 3), "Red's 3-tile road");
        run_on(&mut g, lines[3]).unwrap();
        assert_eq!(award(&g, "robber"), (Some(0), 3), "Blue's 2-tile road");
        run_on(&mut g, &lines[4..].join("\n")).unwrap();
        assert_eq!(award(&g, "robber"), (Some(0), 3));
        assert_eq!(award(&g, "king"), (Some(1), 3));
    }
}

#[test]
fn ck6_unfinished_features_at_the_end_never_move_an_award_tile() {
    // Red completes a 2-tile city; Blue's knight holds a 3-tile city with a
    // pennant unfinished at the end (4 points): the King stays with Red (1
    // completed city).
    let script = "draw BA/C; place 0 -1 2; pass
         draw BA/C; place 0 1 1; deploy follower city E
         draw BA/CFc+; place 1 1 0; pass
         draw BA/CFc; place 2 1 0; pass
         end";
    for scoring in ["per-feature", "continuous"] {
        for r in both(&kr(scoring, "")) {
            let g = check(&r, 2, script, &[i32::from(scoring == "per-feature"), 4]);
            assert_eq!(award(&g, "king"), (Some(0), 2), "{scoring}");
        }
    }
}

// ------------------------------------------------------------- CK7–CK10

#[test]
fn ck7_per_feature_each_holder_scores_every_completed_city_or_road_jcz_scoring() {
    // King: Blue, 2 completed cities; Robber: Red, 3 completed roads.
    for r in both(&kr("per-feature", "")) {
        let g = check(&r, 2, &format!("{JCZ_SCORING}\nend"), &[3, 2]);
        assert_eq!((kr_points(&g, 0), kr_points(&g, 1)), (3, 2));
    }
    let lines = plugin_log(
        &rules(&kr("per-feature", "")),
        2,
        &format!("{JCZ_SCORING}\nend"),
    );
    assert_eq!(
        &lines[lines.len() - 2..],
        [
            "{P1} holds the King: 2 points for 2 completed cities.",
            "{P0} holds the Robber Baron: 3 points for 3 completed roads.",
        ]
    );
}

#[test]
fn ck7_a_switched_off_award_tile_is_never_taken_and_pays_nothing() {
    for (more, want) in [("king = false", [3, 0]), ("robber = false", [0, 2])] {
        for r in both(&kr("per-feature", more)) {
            let g = check(&r, 2, &format!("{JCZ_SCORING}\nend"), &want);
            let o = g.observation(PlayerId::ALL[0]).unwrap();
            let kr = &o.plugins["king-and-robber"];
            let off = if more.starts_with("king") {
                "king"
            } else {
                "robber"
            };
            assert!(kr.get(off).is_none(), "{more}: {kr}");
        }
    }
}

#[test]
fn ck8_ten_points_per_tile_held_jcz_10_scoring() {
    let first_five: Vec<&str> = JCZ_SCORING.lines().take(5).collect();
    for r in both(&kr("10-20", "")) {
        check(&r, 2, &format!("{JCZ_SCORING}\nend"), &[10, 10]);
        // Red holds both after the fifth tile: 20.
        check(&r, 2, &format!("{}\nend", first_five.join("\n")), &[20, 0]);
    }
}

#[test]
fn ck9_fifteen_for_one_tile_forty_for_both_jcz_15_40_scoring() {
    let first_five: Vec<&str> = JCZ_SCORING.lines().take(5).collect();
    for r in both(&kr("15-40", "")) {
        check(&r, 2, &format!("{JCZ_SCORING}\nend"), &[15, 15]);
        check(&r, 2, &format!("{}\nend", first_five.join("\n")), &[40, 0]);
    }
    // A holder of the one tile in play scores 15.
    for r in both(&kr("15-40", "king = false")) {
        check(&r, 2, &format!("{}\nend", first_five.join("\n")), &[15, 0]);
    }
}

#[test]
fn ck10_continuous_the_holder_scores_each_completed_city_jcz_king_continuous() {
    // Red completes the start's city (the King, nobody paid), then two 2-tile
    // cities at once: 2 points to Red, the holder before the step.
    let script = "draw BA/CC; place 0 -1 3; pass
         draw BA/RCr; place -1 0 0; pass
         draw BA/CCG; place -1 -1 2; pass";
    for r in both(&kr("continuous", "")) {
        let mut g = check(&r, 2, script, &[2, 0]);
        run_on(&mut g, "end").unwrap();
        assert_eq!(g.scores(), [2, 0], "nothing at the end");
        assert_eq!(award(&g, "king"), (Some(0), 2));
    }
}

#[test]
fn ck10_continuous_the_holder_is_paid_for_the_road_that_takes_the_robber_jcz_robber_continuous() {
    // Blue's 2-tile road (the Robber, nobody paid); Red's 3-tile road pays
    // Blue 1 and takes it; Blue's 2-tile road pays Red 1; Red's pays Red 1.
    let script = "draw BA/RRRR; place 1 0 0; pass
         draw BA/RRR; place 1 -1 3; pass
         draw BA/RRR; place -1 0 0; pass
         scores 0 1
         draw BA/RRR; place -1 1 2; pass
         draw BA/RRR; place 0 1 0; pass";
    for r in both(&kr("continuous", "")) {
        let g = check(&r, 2, script, &[2, 1]);
        assert_eq!(award(&g, "robber"), (Some(0), 3));
    }
    let lines = plugin_log(&rules(&kr("continuous", "")), 2, script);
    assert_eq!(
        &lines[..3],
        [
            "{P1} completes a road of 2 tiles, the largest so far, and takes the Robber Baron.",
            "{P1} holds the Robber Baron: 1 point for the completed road.",
            "{P0} completes a road of 3 tiles, the largest so far, and takes the Robber Baron from {P1}.",
        ]
    );
}

#[test]
fn ck10_continuous_two_cities_in_one_step_pay_the_holder_before_it_twice() {
    // The holder before the step (Red) is paid for both cities, then Blue
    // takes the King with the 3-tile one.
    for r in both(&kr("continuous", "")) {
        let mut g = check(&r, 2, TWO_CITIES_AT_ONCE, &[2, 0]);
        assert_eq!(award(&g, "king"), (Some(1), 3));
        run_on(&mut g, "end").unwrap();
        assert_eq!(g.scores(), [2, 0]);
    }
}

#[test]
fn ck10_continuous_the_jcz_scoring_game() {
    // Red: King (turn 1), Robber (turn 3); paid for Blue's road (4), his own
    // road (5) and Blue's city that takes the King (8).
    for r in both(&kr("continuous", "")) {
        check(&r, 2, &format!("{JCZ_SCORING}\nend"), &[3, 0]);
    }
}

#[test]
fn ck11_the_edition_picks_the_tiles_the_rules_are_the_same() {
    let c1 = rules(&format!("edition = \"C1\"\n{}", kr("per-feature", "")));
    let c2 = rules(&kr("per-feature", ""));
    assert!(c1
        .tiles
        .by_id("KR/RC")
        .is_some_and(|t| c1.tiles.get(t).unwrap().count == 1));
    assert!(c2
        .tiles
        .by_id("KR/RCG")
        .is_some_and(|t| c2.tiles.get(t).unwrap().count == 1));
    // The King by the same play in both: KR/RC and KR/RCG close a city alike.
    for (r, tile) in [(c1, "KR/RC"), (c2, "KR/RCG")] {
        let g = check(
            &r,
            2,
            &format!("draw {tile}; place 0 -1 2; pass\nend"),
            &[1, 0],
        );
        assert_eq!(award(&g, "king"), (Some(0), 2), "{tile}");
    }
}

#[test]
fn king_and_robber_options_are_checked_with_their_line() {
    let e = match carcassonne_host::load_str(&kr("20-40", ""), "r.toml", None, &registry()) {
        Ok(_) => panic!("an unknown scoring is an error"),
        Err(e) => e.to_string(),
    };
    assert!(e.contains("r.toml:4") && e.contains("scoring"), "{e}");
}

// ------------------------------------------------------------- what players see

#[test]
fn the_award_tiles_are_drawn_beside_their_holder() {
    for r in both(&kr("per-feature", "")) {
        let g = check(&r, 2, BLUE_COMPLETES_REDS_CITY, &[6, 0]);
        // Every player sees who holds the King.
        let o = g.observation(PlayerId::ALL[0]).unwrap();
        assert_eq!(o.player_notes, [None, Some("the King".to_string())]);
        // In the picture: beside Blue, in the plugin's style (a crown).
        let style = carcassonne_render::Style::for_rules(g.rules(), None).unwrap();
        let o = carcassonne_render::Options {
            panel: true,
            ..Default::default()
        };
        let svg = carcassonne_render::board(&g, &o, &style);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let notes: Vec<_> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("player-note"))
            .collect();
        assert_eq!(notes.len(), 1, "{svg}");
        assert_eq!(notes[0].attribute("data-plugin"), Some("king-and-robber"));
        assert_eq!(notes[0].attribute("data-seat"), Some("1"));
        let shape = notes[0]
            .descendants()
            .find_map(|n| n.attribute("data-shape"));
        assert_eq!(shape, Some("crown"));
    }
}
