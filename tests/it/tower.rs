//! The `tower` plugin (The Tower) and its tile set, rulings TW1–TW30 with exact
//! points, each played with the plugin compiled in and loaded from the
//! official plugins' library.
//!
//! Geometry: the start tile BA/RCr lies at (0, 0) (city north, road west–east);
//! x grows east, y grows south; `place X Y R` turns the tile R quarter turns
//! clockwise. Player 0 is Red, player 1 Blue; they alternate. `TO/RRRR.1` has
//! its foundation at local feature 8, `TO/FG` at 2 (its garden is 1). A piece
//! is the special option `tower 8 at 2 0`; a capture names the figure
//! (`tower follower of 0 at 1 0 0`), a prisoner `follower of 0 held by 1`.

use crate::census::copies;
use crate::common::*;
use carcassonne_core::{
    FeatureKind, FigureId, Game, Location, PlayerId, Pos, Rules, TileCatalogue, FOLLOWER,
};
use std::sync::Arc;

/// Base game plus The Tower, with the tower's options `opts`; the fixtures
/// need more copies of a few tiles than the bag holds.
pub fn tw(opts: &str) -> String {
    format!(
        "name = \"the tower\"\ntilesets = [\"base\", \"the-tower\"]\n\
         [tiles.counts]\n\"BA/L\" = 24\n\"BA/RFr\" = 12\n\"TO/RRRR.1\" = 4\n\
         [plugins.tower]\n{opts}\n"
    )
}

/// Seat `i`.
pub fn p(i: u8) -> PlayerId {
    PlayerId::ALL[usize::from(i)]
}

/// The legal actions, sorted.
pub fn names(g: &Game) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_actions()
        .unwrap()
        .into_iter()
        .map(|a| g.format_action(a))
        .collect();
    v.sort();
    v
}

/// Where `player`'s followers are that are out of his supply.
pub fn follower_places(g: &Game, player: u8) -> Vec<Location> {
    (0..g.figure_count() as u16)
        .map(FigureId)
        .filter(|&f| g.figure_owner(f) == Some(p(player)) && g.figure_kind(f) == Some(FOLLOWER))
        .filter_map(|f| g.figure_location(f))
        .collect()
}

/// Tower pieces `player` has left.
pub fn pieces(g: &Game, player: u8) -> u32 {
    let i = g.rules().plugin_index("tower").expect("tower plugin");
    g.plugin_player_state(i, p(player)).expect("state")[0]
}

/// The height of the tower on the foundation (local `local`) of the tile at (x, y).
pub fn height(g: &Game, x: i16, y: i16, local: u8) -> u32 {
    let i = g.rules().plugin_index("tower").expect("tower plugin");
    let t = g.tile_at(Pos::new(x, y)).expect("a tile there");
    let f = g.feature_of(t, local).expect("the foundation");
    g.plugin_feature_state(i, f).expect("state")[0]
}

/// Points of each seat in score category `cat`.
pub fn category(g: &Game, cat: &str) -> Vec<i32> {
    let i = g
        .score_categories()
        .iter()
        .position(|c| c == cat)
        .unwrap_or_else(|| panic!("no category {cat}"));
    PlayerId::all(g.players())
        .map(|q| g.score_breakdown(q)[i])
        .collect()
}

/// Red's road follower at (1, 0); Blue's tower at (2, 0) (height 1) takes him
/// prisoner.
pub const CAPTURE: &str = "draw BA/RFr; place 1 0 0; deploy follower road
     draw TO/RRRR.1; place 2 0 0; tower 8 at 2 0; tower follower of 0 at 1 0 0";

/// Both ways of having the plugin: compiled in and loaded.
fn both(opts: &str) -> [Arc<Rules>; 2] {
    compiled_in_and_loaded(&tw(opts))
}

// ------------------------------------------------------------- tile data

fn catalogue(edition: &str) -> TileCatalogue {
    let set = carcassonne_host::tilesets::load("the-tower", None).expect("built in");
    TileCatalogue::build(&[set], edition).expect("tiles compile")
}

#[test]
fn tw1_tw3_tw28_eighteen_tiles_each_with_one_foundation_22_city_24_road_26_field_sides() {
    for (ed, gardens, swapped) in [("C1", 0, ["TO/F", "TO/RR"]), ("C2", 2, ["TO/FG", "TO/RRG"])] {
        let cat = catalogue(ed);
        assert_eq!(copies(&cat, |_| true), 18, "{ed}");
        let mut sides = [0u32; 3];
        let marker = |t: &carcassonne_core::TileType, m: &str| {
            let bit = cat.markers.bit(m);
            t.features
                .iter()
                .filter(|f| f.kind == FeatureKind::Spot && f.markers & bit != 0)
                .count() as u32
        };
        let (mut towers, mut garden_tiles) = (0, 0);
        for t in cat.types.iter().filter(|t| t.count > 0) {
            assert_eq!(marker(t, "tower"), 1, "{}: one foundation", t.id);
            towers += u32::from(t.count);
            garden_tiles += marker(t, "garden") * u32::from(t.count);
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
        assert_eq!(towers, 18, "{ed}");
        assert_eq!(garden_tiles, gardens, "{ed}");
        assert_eq!(sides, [22, 24, 26], "{ed}: C, R, F sides");
        for id in swapped {
            assert!(
                cat.types.iter().any(|t| t.id == id && t.count == 1),
                "{ed}: {id}"
            );
        }
        assert!(cat.types.iter().any(|t| t.id == "TO/C" && t.count == 2));
    }
}

#[test]
fn tw3_tw27_foundations_are_spots_that_the_core_never_scores() {
    let cat = catalogue("C2");
    for t in &cat.types {
        let spot = t.features.last().expect("features");
        assert_eq!(spot.kind, FeatureKind::Spot, "{}: foundation last", t.id);
        assert!(!spot.scored, "{}", t.id);
    }
    // A bare foundation completed by its 8 neighbours and the game's end
    // scores nothing and changes no feature: only the start city scores.
    for r in both("") {
        let g = check(
            &r,
            2,
            "draw TO/C; place 0 -1 2; pass
             end",
            &[0, 0],
        );
        assert!(g.is_over());
    }
}

// -------------------------------------------------- pieces and the figure step

#[test]
fn tw2_pieces_per_player_by_the_player_count() {
    let expected = [(2u8, 10u32), (3, 9), (4, 7), (5, 6), (6, 5)];
    for r in both("") {
        for (n, k) in expected {
            let g = Game::new(r.clone(), n, 0).unwrap();
            for q in 0..n {
                assert_eq!(pieces(&g, q), k, "{n} players, seat {q}");
            }
        }
    }
    assert_eq!(carcassonne_official::tower::pieces_for(1), 10);
    assert_eq!(carcassonne_official::tower::pieces_for(7), 4);
    assert_eq!(carcassonne_official::tower::pieces_for(8), 3);
}

#[test]
fn tw4_tw6_tw29_a_piece_on_any_foundation_instead_of_a_figure_after_any_tile() {
    for r in both("") {
        let mut g = run(&r, 2, "draw TO/RRRR.1; place 1 0 0").unwrap();
        let n = names(&g);
        assert!(n.contains(&"tower 8 at 1 0".to_string()), "{n:?}");
        // TW30: no follower on the bare foundation.
        assert!(
            !n.iter().any(|a| a.starts_with("deploy follower 8")),
            "{n:?}"
        );
        run_on(&mut g, "tower 8 at 1 0").unwrap();
        assert_eq!((height(&g, 1, 0, 8), pieces(&g, 0)), (1, 9));
        // TW4: it is the figure step: no follower deployed, Blue draws next.
        assert_eq!(follower_places(&g, 0), []);
        // TW29: Blue places an ordinary tile and may still raise the tower.
        run_on(&mut g, "draw BA/L; place 0 1 0").unwrap();
        assert!(names(&g).contains(&"tower 8 at 1 0".to_string()));
        run_on(&mut g, "tower 8 at 1 0").unwrap();
        assert_eq!((height(&g, 1, 0, 8), pieces(&g, 1)), (2, 9));
        assert_eq!(
            g.feature_note(tower(&g, 1, 0, 8)).unwrap().as_deref(),
            Some("tower 2")
        );
    }
}

/// The foundation (local `local`) of the tile at (x, y).
fn tower(g: &Game, x: i16, y: i16, local: u8) -> carcassonne_core::FeatureId {
    g.feature_of(g.tile_at(Pos::new(x, y)).unwrap(), local)
        .unwrap()
}

#[test]
fn tw6_no_piece_left_no_piece_option() {
    for r in both("") {
        // Red raises the tower with all his 10 pieces (Blue passes in between).
        let mut script = String::from("draw TO/RRRR.1; place 1 0 0; tower 8 at 1 0\n");
        for y in 1..10 {
            script.push_str(&format!("draw BA/L; place 0 {y} 0; pass\n"));
            script.push_str(&format!("draw BA/L; place -1 {y} 0; tower 8 at 1 0\n"));
        }
        let mut g = run(&r, 2, &script).unwrap();
        assert_eq!((pieces(&g, 0), height(&g, 1, 0, 8)), (0, 10));
        run_on(
            &mut g,
            "draw BA/L; place 0 10 0; pass; draw BA/L; place -1 10 0",
        )
        .unwrap();
        assert!(
            !names(&g).iter().any(|a| a.starts_with("tower")),
            "{:?}",
            names(&g)
        );
    }
}

#[test]
fn tw5_tw7_tw12_a_plain_follower_caps_an_open_tower_of_height_one_or_more_anywhere() {
    let text = format!(
        "{}[plugins.large-follower]\n[plugins.mayor]\n[plugins.abbot]\n",
        tw("")
    );
    for r in compiled_in_and_loaded(&text) {
        let mut g = run(
            &r,
            2,
            "draw TO/RRRR.1; place 1 0 0; tower 8 at 1 0
             draw BA/L; place 0 1 0",
        )
        .unwrap();
        let n = names(&g);
        for ok in ["deploy follower 8 at 1 0", "deploy large-follower 8 at 1 0"] {
            assert!(n.contains(&ok.to_string()), "{ok}: {n:?}");
        }
        for not in ["deploy mayor 8", "deploy abbot 8"] {
            assert!(!n.iter().any(|a| a.starts_with(not)), "{not}: {n:?}");
        }
        run_on(&mut g, "deploy large-follower 8 at 1 0").unwrap();
        assert_eq!(
            g.feature_note(tower(&g, 1, 0, 8)).unwrap().as_deref(),
            Some("tower 1, capped")
        );
        // TW5: no piece and no follower on a capped tower.
        run_on(&mut g, "draw BA/L; place 0 2 0").unwrap();
        let n = names(&g);
        assert!(!n.iter().any(|a| a.contains("8 at 1 0")), "{n:?}");
    }
}

#[test]
fn tw13_a_follower_on_a_tower_stays_to_the_end_and_scores_nothing() {
    for r in both("") {
        let g = check(
            &r,
            2,
            "draw TO/RRRR.1; place 1 0 0; tower 8 at 1 0
             draw BA/L; place 0 1 0; deploy follower 8 at 1 0
             draw BA/L; place 0 2 0; pass
             end",
            &[0, 0],
        );
        assert!(g.is_over());
        assert_eq!(
            follower_places(&g, 1),
            [Location::Feature(tower(&g, 1, 0, 8))]
        );
        assert_eq!(g.supply(p(1), FOLLOWER), 6);
    }
}

// ------------------------------------------------------------ capture

#[test]
fn tw8_tw9_tw18_a_capture_in_range_is_optional_and_makes_a_prisoner() {
    for r in both("") {
        let mut g = run(
            &r,
            2,
            "draw BA/RFr; place 1 0 0; deploy follower road
             draw TO/RRRR.1; place 2 0 0; tower 8 at 2 0",
        )
        .unwrap();
        assert_eq!(
            names(&g),
            ["tower follower of 0 at 1 0 0", "tower pass"],
            "TW9: optional"
        );
        let mut passed = g.clone();
        run_on(&mut passed, "tower pass").unwrap();
        assert_eq!(follower_places(&passed, 0).len(), 1);
        run_on(&mut g, "tower follower of 0 at 1 0 0").unwrap();
        // TW18: off the board, out of Red's supply, held by Blue.
        assert_eq!(follower_places(&g, 0), [Location::Held(p(1))]);
        assert_eq!(g.supply(p(0), FOLLOWER), 6);
        let o = g.observation(p(0)).unwrap();
        assert_eq!(o.off_board.len(), 1);
        assert_eq!(
            o.player_notes,
            [
                Some("10 pieces".to_string()),
                Some("9 pieces, 1 prisoner".to_string())
            ]
        );
        assert_eq!(g.scores(), [0, 0]);
        g.check_integrity().unwrap();
    }
}

#[test]
fn tw8_tw11_range_is_the_row_and_column_up_to_the_height_over_gaps_never_diagonal() {
    for r in both("") {
        // Red's followers: on the road at (1, 0) (distance 1 in the row), on
        // the cloister at (2, 2) (distance 2 in the column, over the empty
        // square (2, 1)) and on the cloister at (1, 1) (diagonal).
        let g = run(
            &r,
            2,
            "draw BA/RFr; place 1 0 0; deploy follower road
             draw BA/L; place 0 1 0; pass
             draw BA/L; place 1 1 0; deploy follower cloister
             draw BA/L; place 1 2 0; pass
             draw BA/L; place 2 2 0; deploy follower cloister
             draw TO/RRRR.1; place 2 0 0; tower 8 at 2 0",
        )
        .unwrap();
        // Height 1: only the road follower.
        assert_eq!(names(&g), ["tower follower of 0 at 1 0 0", "tower pass"]);
        let mut g = g;
        run_on(
            &mut g,
            "tower pass
             draw BA/L; place -1 1 0; pass
             draw BA/L; place 0 2 0; tower 8 at 2 0",
        )
        .unwrap();
        // Height 2: the cloister at (2, 2) over the gap; never the diagonal one.
        assert_eq!(
            names(&g),
            [
                "tower follower of 0 at 1 0 0",
                "tower follower of 0 at 2 2 0",
                "tower pass"
            ]
        );
    }
}

#[test]
fn tw14_a_capture_comes_before_the_scoring_of_the_turn() {
    for r in both("") {
        // Red's knight in the city north of the start tile; Blue closes the
        // city with TO/C and raises its foundation at once: the knight is his
        // prisoner before the city scores, so nobody scores it (6 without the
        // capture).
        let knight = "draw BA/Cc; place 0 -1 2; deploy follower city
             draw TO/C; place 1 -1 3; tower 2 at 1 -1";
        let g = check(&r, 2, &format!("{knight}; tower pass"), &[6, 0]);
        assert_eq!(follower_places(&g, 0), []);
        let g = check(
            &r,
            2,
            &format!("{knight}; tower follower of 0 at 0 -1 0"),
            &[0, 0],
        );
        assert_eq!(follower_places(&g, 0), [Location::Held(p(1))]);
    }
}

#[test]
fn tw15_a_capturable_capper_is_taken_and_the_tower_opens_again() {
    for r in both("") {
        let mut g = run(
            &r,
            2,
            "draw TO/RRRR.1; place 1 0 0; tower 8 at 1 0
             draw BA/L; place 0 1 0; deploy follower 8 at 1 0
             draw TO/RRRR.1; place 2 0 0; tower 8 at 2 0",
        )
        .unwrap();
        assert_eq!(names(&g), ["tower follower of 1 at 1 0 8", "tower pass"]);
        run_on(&mut g, "tower follower of 1 at 1 0 8").unwrap();
        assert_eq!(follower_places(&g, 1), [Location::Held(p(0))]);
        run_on(&mut g, "draw BA/L; place 0 2 0").unwrap();
        let n = names(&g);
        assert!(n.contains(&"tower 8 at 1 0".to_string()), "{n:?}");
        assert!(n.contains(&"deploy follower 8 at 1 0".to_string()), "{n:?}");
    }
}

#[test]
fn tw16_a_safe_capper_is_never_captured_and_the_tower_stays_capped() {
    for r in both("capped-follower = \"safe\"") {
        let mut g = run(
            &r,
            2,
            "draw TO/RRRR.1; place 1 0 0; tower 8 at 1 0
             draw BA/L; place 0 1 0; deploy follower 8 at 1 0
             draw TO/RRRR.1; place 2 0 0; tower 8 at 2 0",
        )
        .unwrap();
        // No decision: Blue draws next.
        assert_eq!(g.actor(), carcassonne_core::Actor::Chance);
        let capper = (0..g.figure_count() as u16)
            .map(FigureId)
            .find(|&f| g.figure_location(f) == Some(Location::Feature(tower(&g, 1, 0, 8))))
            .unwrap();
        assert!(g.figure_protected(capper));
        run_on(&mut g, "draw BA/L; place 0 2 0").unwrap();
        assert!(!names(&g).iter().any(|a| a.contains("8 at 1 0")));
    }
}

#[test]
fn tw17_capturing_ones_own_figure_sends_it_home() {
    for r in both("") {
        let g = check(
            &r,
            2,
            "draw BA/RFr; place 1 0 0; deploy follower road
             draw BA/L; place 0 1 0; pass
             draw TO/RRRR.1; place 2 0 0; tower 8 at 2 0; tower follower of 0 at 1 0 0",
            &[0, 0],
        );
        assert_eq!(follower_places(&g, 0), []);
        assert_eq!(g.supply(p(0), FOLLOWER), 7);
        assert_eq!(g.figures_held_by(p(0)).count(), 0);
    }
}

#[test]
fn tw19_tw26_a_captured_figure_earns_nothing_prisoners_score_nothing_at_the_end() {
    for r in both("") {
        // Red's road (start tile, (1, 0)) would score 3 at the end with him.
        let g = check(&r, 2, &format!("{CAPTURE}\nend"), &[0, 0]);
        assert_eq!(follower_places(&g, 0), [Location::Held(p(1))]);
        assert_eq!(category(&g, "roads"), [0, 0]);
    }
}

// -------------------------------------------------------- exchange

#[test]
fn tw20_capturing_a_figure_of_ones_captor_exchanges_the_two() {
    for r in both("") {
        let g = check(
            &r,
            2,
            &format!(
                "{CAPTURE}
                 draw BA/L; place 0 1 0; pass
                 draw BA/RFr; place 3 0 0; deploy follower road
                 draw BA/L; place 1 1 0; tower 8 at 2 0; tower follower of 1 at 3 0 0"
            ),
            &[0, 0],
        );
        assert_eq!(follower_places(&g, 0), []);
        assert_eq!(follower_places(&g, 1), []);
        assert_eq!((g.supply(p(0), FOLLOWER), g.supply(p(1), FOLLOWER)), (7, 7));
        assert_eq!(height(&g, 2, 0, 8), 2);
    }
}

#[test]
fn tw21_x47_with_prisoners_of_two_kinds_the_capturer_chooses_one_for_one() {
    let text = format!("{}[plugins.large-follower]\n", tw(""));
    for r in compiled_in_and_loaded(&text) {
        let large = r.figure_kind("large-follower").unwrap();
        let mut g = run(
            &r,
            2,
            "draw BA/RFr; place 1 0 0; deploy large-follower road
             draw TO/RRRR.1; place 2 0 0; tower 8 at 2 0; tower large-follower of 0 at 1 0 0
             draw BA/RFr; place 2 1 1; deploy follower road
             draw BA/RFr; place 3 0 0; deploy follower road
             draw BA/L; place 0 1 0; pass
             draw BA/L; place 1 1 0; tower 8 at 2 0",
        )
        .unwrap();
        // X47: the large follower was one prisoner; Blue's own follower is in
        // range too (TW17).
        assert_eq!(g.figures_held_by(p(1)).count(), 1);
        assert_eq!(
            names(&g),
            [
                "tower follower of 0 at 2 1 0",
                "tower follower of 1 at 3 0 0",
                "tower pass"
            ]
        );
        run_on(
            &mut g,
            "tower follower of 0 at 2 1 0
             draw BA/L; place -1 1 0; tower 8 at 2 0",
        )
        .unwrap();
        assert_eq!(height(&g, 2, 0, 8), 3);
        run_on(&mut g, "tower follower of 1 at 3 0 0").unwrap();
        // Blue holds a large follower and a follower of Red's: Red chooses.
        assert_eq!(
            names(&g),
            [
                "tower follower of 0 held by 1",
                "tower large-follower of 0 held by 1"
            ]
        );
        run_on(&mut g, "tower large-follower of 0 held by 1").unwrap();
        assert_eq!(g.supply(p(0), large), 1);
        assert_eq!(g.supply(p(1), FOLLOWER), 7);
        assert_eq!(follower_places(&g, 0), [Location::Held(p(1))]);
        g.check_integrity().unwrap();
    }
}

// ---------------------------------------------------------- ransom

#[test]
fn tw22_tw23_x47_a_ransom_of_3_paid_to_the_captor_frees_a_prisoner() {
    for r in both("") {
        // Red closes the start city (4) and may pay at the end of that turn.
        let mut g = run(
            &r,
            2,
            &format!("{CAPTURE}\ndraw BA/C; place 0 -1 2; deploy follower city"),
        )
        .unwrap();
        assert_eq!(g.scores(), [4, 0]);
        assert_eq!(
            names(&g),
            ["tower follower of 0 held by 1", "tower pass"],
            "TW22: after the scoring of his turn"
        );
        run_on(&mut g, "tower follower of 0 held by 1").unwrap();
        assert_eq!(g.scores(), [1, 3]);
        assert_eq!(g.supply(p(0), FOLLOWER), 7);
        assert_eq!(category(&g, "tower"), [-3, 3]);
        assert_eq!(g.transferred_out(p(0)), 3);
        g.check_integrity().unwrap();
    }
}

#[test]
fn tw22_a_ransom_at_the_start_of_the_turn_frees_a_figure_for_that_turn() {
    for r in both("") {
        let mut g = run(
            &r,
            2,
            &format!(
                "{CAPTURE}
                 draw BA/C; place 0 -1 2; deploy follower city
                 tower pass
                 draw BA/L; place 0 1 0; pass"
            ),
        )
        .unwrap();
        assert_eq!(names(&g), ["tower follower of 0 held by 1", "tower pass"]);
        run_on(&mut g, "tower follower of 0 held by 1").unwrap();
        assert_eq!((g.scores(), g.supply(p(0), FOLLOWER)), (&[1, 3][..], 7));
    }
}

#[test]
fn tw23_one_ransom_per_whole_turn() {
    for r in both("ransom-needs-points = false") {
        // Blue holds two of Red's followers.
        let mut g = run(
            &r,
            2,
            &format!(
                "{CAPTURE}
                 tower pass
                 draw BA/RFr; place 2 1 1; deploy follower road
                 tower pass
                 draw BA/L; place 0 1 0; tower 8 at 2 0; tower follower of 0 at 2 1 0"
            ),
        )
        .unwrap();
        assert_eq!(g.figures_held_by(p(1)).count(), 2);
        run_on(
            &mut g,
            "tower follower of 0 held by 1
             draw BA/L; place 1 1 0; pass",
        )
        .unwrap();
        // No second ransom at the end of the same turn: Blue draws.
        assert_eq!(g.actor(), carcassonne_core::Actor::Chance);
        assert_eq!(g.scores(), [-3, 3]);
        run_on(&mut g, "draw BA/L; place -1 1 0; pass").unwrap();
        assert_eq!(names(&g), ["tower follower of 0 held by 1", "tower pass"]);
        run_on(&mut g, "tower follower of 0 held by 1").unwrap();
        assert_eq!(g.scores(), [-6, 6]);
        g.check_integrity().unwrap();
    }
}

#[test]
fn tw24_a_ransom_needs_3_points_by_default_any_score_with_the_variant() {
    for r in both("") {
        // Red has 0 points: no ransom at the start of his turn.
        let g = run(&r, 2, CAPTURE).unwrap();
        assert_eq!(g.actor(), carcassonne_core::Actor::Chance);
    }
    for r in both("ransom-needs-points = false") {
        let mut g = run(&r, 2, CAPTURE).unwrap();
        assert_eq!(names(&g), ["tower follower of 0 held by 1", "tower pass"]);
        run_on(&mut g, "tower follower of 0 held by 1").unwrap();
        assert_eq!(g.scores(), [-3, 3]);
        assert_eq!(g.supply(p(0), FOLLOWER), 7);
    }
}

#[test]
fn tw25_the_captor_has_no_option_to_free_or_refuse() {
    for r in both("") {
        let mut g = run(
            &r,
            2,
            &format!("{CAPTURE}\ndraw BA/C; place 0 -1 2; deploy follower city; tower pass"),
        )
        .unwrap();
        // Blue's turn: nothing about Red's prisoner is his to decide.
        run_on(&mut g, "draw BA/L; place 0 1 0").unwrap();
        assert!(!names(&g).iter().any(|a| a.contains("held by")));
    }
}

#[test]
fn tw30_no_follower_on_a_bare_foundation() {
    for r in both("") {
        let g = run(&r, 2, "draw TO/RRRR.1; place 1 0 0").unwrap();
        let n = names(&g);
        assert!(!n.contains(&"deploy follower 8".to_string()), "{n:?}");
        assert!(n.contains(&"deploy follower 0".to_string()), "{n:?}");
        let g = run(
            &r,
            2,
            "draw TO/RRRR.1; place 1 0 0; pass
             draw BA/L; place 0 1 0",
        )
        .unwrap();
        let n = names(&g);
        assert!(n.contains(&"tower 8 at 1 0".to_string()), "{n:?}");
        assert!(
            !n.iter()
                .any(|a| a.starts_with("deploy") && a.contains("8 at 1 0")),
            "{n:?}"
        );
    }
}
