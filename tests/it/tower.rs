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

/// Red's road follower at (1, 0); Blue raises the tower at (2, 0) to height 1
/// and plays `then` (the capture decision).
pub fn red_beside_blues_tower(then: &str) -> String {
    let blue = format!(
        "tower 8 at 2 0{}{then}",
        if then.is_empty() { "" } else { "; " }
    );
    red_road_then_blue("deploy follower road", "TO/RRRR.1", &blue)
}

/// Red raises the tower of TO/RRRR.1 at (1, 0) to height 1; Blue places BA/L
/// at (0, 1) and plays `then` (nothing: his figure step is next).
pub fn raised(then: &str) -> String {
    let sep = if then.is_empty() { "" } else { "; " };
    format!("draw TO/RRRR.1; place 1 0 0; tower 8 at 1 0\n     draw BA/L; place 0 1 0{sep}{then}")
}

/// [`red_beside_blues_tower`] with the capture: Red's follower is Blue's
/// prisoner.
pub fn capture() -> String {
    red_beside_blues_tower("tower follower of 0 at 1 0 0")
}

/// Both ways of having the plugin: compiled in and loaded.
pub fn both(opts: &str) -> [Arc<Rules>; 2] {
    compiled_in_and_loaded(&tw(opts))
}

// ------------------------------------------------------------- tile data

fn catalogue(edition: &str) -> TileCatalogue {
    let set = carcassonne_host::tilesets::load("the-tower", None).expect("built in");
    TileCatalogue::build(&[set], edition).expect("tiles compile")
}

/// Tiles of `cat` with a `spot` marked `m`, counted with their copies.
fn spot_copies(cat: &TileCatalogue, m: &str) -> u32 {
    let bit = cat.markers.bit(m);
    cat.types
        .iter()
        .map(|t| {
            let spots = t
                .features
                .iter()
                .filter(|f| f.kind == FeatureKind::Spot && f.markers & bit != 0)
                .count() as u32;
            spots * u32::from(t.count)
        })
        .sum()
}

#[test]
fn tw1_eighteen_tiles_each_with_one_foundation_22_city_24_road_26_field_sides() {
    for ed in ["C1", "C2"] {
        let cat = catalogue(ed);
        assert_eq!(copies(&cat, |_| true), 18, "{ed}");
        let bit = cat.markers.bit("tower");
        let mut sides = [0u32; 3];
        for t in cat.types.iter().filter(|t| t.count > 0) {
            let foundations = t
                .features
                .iter()
                .filter(|f| f.kind == FeatureKind::Spot && f.markers & bit != 0)
                .count();
            assert_eq!(foundations, 1, "{}: one foundation", t.id);
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
        assert_eq!(spot_copies(&cat, "tower"), 18, "{ed}");
        assert_eq!(sides, [22, 24, 26], "{ed}: C, R, F sides");
        assert!(cat.types.iter().any(|t| t.id == "TO/C" && t.count == 2));
    }
}

#[test]
fn tw28_the_second_edition_has_two_garden_twins_of_the_first() {
    for (ed, gardens, swapped) in [("C1", 0, ["TO/F", "TO/RR"]), ("C2", 2, ["TO/FG", "TO/RRG"])] {
        let cat = catalogue(ed);
        assert_eq!(copies(&cat, |_| true), 18, "{ed}");
        assert_eq!(spot_copies(&cat, "garden"), gardens, "{ed}");
        for id in swapped {
            assert!(
                cat.types.iter().any(|t| t.id == id && t.count == 1),
                "{ed}: {id}"
            );
        }
    }
    // The default edition is C2: its garden twin is in the bag.
    for r in both("") {
        let g = run(&r, 2, "draw TO/FG; place 0 1 0").unwrap();
        assert!(names(&g).contains(&"tower 2 at 0 1".to_string()));
    }
}

#[test]
fn tw3_a_foundation_is_a_spot_listed_last_that_joins_nothing() {
    let cat = catalogue("C2");
    for t in &cat.types {
        let spot = t.features.last().expect("features");
        assert_eq!(spot.kind, FeatureKind::Spot, "{}: foundation last", t.id);
        assert_eq!((spot.sides, spot.slots), (0, 0), "{}: on no side", t.id);
    }
    // Its tile is placed by the ordinary rules: the road of TO/RRRR.1 joins
    // the start's; Red's follower on it scores the 2-tile road at the end.
    for r in both("") {
        check(
            &r,
            2,
            "draw TO/RRRR.1; place 1 0 0; deploy follower 3
             end",
            &[2, 0],
        );
    }
}

#[test]
fn tw27_foundations_and_towers_are_never_scored_and_count_for_no_feature() {
    let cat = catalogue("C2");
    for t in &cat.types {
        let spot = t.features.last().expect("features");
        assert!(!spot.scored, "{}", t.id);
    }
    for r in both("") {
        // A bare foundation completed by its 8 neighbours and the game's end
        // scores nothing and changes no feature: only the start city scores.
        let g = check(
            &r,
            2,
            "draw TO/C; place 0 -1 2; pass
             end",
            &[0, 0],
        );
        assert!(g.is_over());
        // A tower of height 2 beside Red's road: the road scores 2 at the end,
        // the tower nothing.
        let g = check(
            &r,
            2,
            "draw TO/RRRR.1; place 1 0 0; deploy follower 3
             draw BA/L; place 0 1 0; tower 8 at 1 0; tower pass
             draw BA/L; place 0 2 0; tower 8 at 1 0; tower pass
             end",
            &[2, 0],
        );
        assert_eq!(height(&g, 1, 0, 8), 2);
        assert_eq!(category(&g, "tower"), [0, 0]);
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
fn tw4_a_piece_on_a_foundation_is_the_whole_figure_step() {
    for r in both("") {
        let mut g = run(&r, 2, "draw TO/RRRR.1; place 1 0 0").unwrap();
        let n = names(&g);
        assert!(n.contains(&"tower 8 at 1 0".to_string()), "{n:?}");
        run_on(&mut g, "tower 8 at 1 0").unwrap();
        assert_eq!((height(&g, 1, 0, 8), pieces(&g, 0)), (1, 9));
        // It is the figure step: no follower deployed, Blue draws next.
        assert_eq!(follower_places(&g, 0), []);
        assert_eq!(g.actor(), carcassonne_core::Actor::Chance);
        assert_eq!(g.scores(), [0, 0]);
    }
}

#[test]
fn tw29_a_piece_after_any_tile_not_only_a_foundation_tile() {
    for r in both("") {
        let mut g = run(&r, 2, &raised("")).unwrap();
        // Blue placed an ordinary tile and may still raise the tower.
        assert!(names(&g).contains(&"tower 8 at 1 0".to_string()));
        run_on(&mut g, "tower 8 at 1 0").unwrap();
        assert_eq!((height(&g, 1, 0, 8), pieces(&g, 1)), (2, 9));
        assert_eq!(
            g.feature_note(tower(&g, 1, 0, 8)).unwrap().as_deref(),
            Some("tower 2")
        );
        assert_eq!(g.scores(), [0, 0]);
    }
}

/// The foundation (local `local`) of the tile at (x, y).
pub fn tower(g: &Game, x: i16, y: i16, local: u8) -> carcassonne_core::FeatureId {
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
        assert_eq!(g.scores(), [0, 0]);
    }
}

#[test]
fn tw6_no_tower_on_the_board_no_piece_option() {
    for r in both("") {
        let g = run(&r, 2, "draw BA/L; place 0 1 0").unwrap();
        assert_eq!(
            names(&g),
            ["deploy follower 0", "deploy follower 1", "pass"]
        );
        assert_eq!(pieces(&g, 0), 10);
    }
}

#[test]
fn tw5_no_piece_and_no_follower_on_a_capped_tower() {
    for r in both("") {
        let mut g = run(
            &r,
            2,
            &raised(
                "deploy follower 8 at 1 0
             draw BA/L; place 0 2 0",
            ),
        )
        .unwrap();
        let n = names(&g);
        assert!(!n.iter().any(|a| a.contains("8 at 1 0")), "{n:?}");
        run_on(&mut g, "pass").unwrap();
        assert_eq!((height(&g, 1, 0, 8), pieces(&g, 0)), (1, 9));
        assert_eq!(g.scores(), [0, 0]);
    }
}

#[test]
fn tw7_a_follower_caps_an_open_tower_of_height_one_or_more_anywhere() {
    for r in both("") {
        let mut g = run(&r, 2, &raised("")).unwrap();
        // Blue's tile is at (0, 1); the tower at (1, 0) is offered all the same.
        assert!(names(&g).contains(&"deploy follower 8 at 1 0".to_string()));
        run_on(&mut g, "deploy follower 8 at 1 0").unwrap();
        assert_eq!(
            g.feature_note(tower(&g, 1, 0, 8)).unwrap().as_deref(),
            Some("tower 1, capped")
        );
        assert_eq!(
            follower_places(&g, 1),
            [Location::Feature(tower(&g, 1, 0, 8))]
        );
        assert_eq!(
            g.actor(),
            carcassonne_core::Actor::Chance,
            "the figure step"
        );
        assert_eq!(g.scores(), [0, 0]);
    }
}

#[test]
fn tw12_only_a_follower_or_a_large_follower_caps_a_tower() {
    let text = format!(
        "{}[plugins.large-follower]\n[plugins.mayor]\n[plugins.abbot]\n",
        tw("")
    );
    for r in compiled_in_and_loaded(&text) {
        let mut g = run(&r, 2, &raised("")).unwrap();
        let n = names(&g);
        for ok in ["deploy follower 8 at 1 0", "deploy large-follower 8 at 1 0"] {
            assert!(n.contains(&ok.to_string()), "{ok}: {n:?}");
        }
        for not in ["deploy mayor 8", "deploy abbot 8"] {
            assert!(!n.iter().any(|a| a.starts_with(not)), "{not}: {n:?}");
        }
        // A follower on a tower is in no feature: the large follower scores
        // nothing at the end (the start's road and city are nobody's).
        run_on(&mut g, "deploy large-follower 8 at 1 0; end").unwrap();
        assert_eq!(g.scores(), [0, 0]);
    }
}

#[test]
fn tw13_a_follower_on_a_tower_stays_to_the_end_and_scores_nothing() {
    for r in both("") {
        let g = check(
            &r,
            2,
            &raised(
                "deploy follower 8 at 1 0
             draw BA/L; place 0 2 0; pass
             end",
            ),
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
fn tw8_a_piece_offers_the_figures_in_range_of_its_tower() {
    for r in both("") {
        let g = run(&r, 2, &red_beside_blues_tower("")).unwrap();
        assert_eq!(names(&g), ["tower follower of 0 at 1 0 0", "tower pass"]);
        assert_eq!(g.actor(), carcassonne_core::Actor::Player(p(1)));
        assert_eq!(g.scores(), [0, 0]);
    }
}

#[test]
fn tw9_the_capture_is_optional() {
    for r in both("") {
        let g = check(&r, 2, &red_beside_blues_tower("tower pass"), &[0, 0]);
        assert!(matches!(follower_places(&g, 0)[..], [Location::Feature(_)]));
        assert_eq!(g.figures_held_by(p(1)).count(), 0);
    }
}

#[test]
fn tw18_a_captured_rivals_figure_is_the_captors_prisoner() {
    for r in both("") {
        let g = check(&r, 2, &capture(), &[0, 0]);
        // Off the board, out of Red's supply, held by Blue.
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
        g.check_integrity().unwrap();
    }
}

#[test]
fn tw11_range_goes_over_gaps_along_the_row_and_column_never_diagonal() {
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
        // TW8: height 1: only the road follower.
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
        assert_eq!(g.scores(), [0, 0]);
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
            &raised(
                "deploy follower 8 at 1 0
             draw TO/RRRR.1; place 2 0 0; tower 8 at 2 0",
            ),
        )
        .unwrap();
        assert_eq!(names(&g), ["tower follower of 1 at 1 0 8", "tower pass"]);
        run_on(&mut g, "tower follower of 1 at 1 0 8").unwrap();
        assert_eq!(follower_places(&g, 1), [Location::Held(p(0))]);
        run_on(&mut g, "draw BA/L; place 0 2 0").unwrap();
        let n = names(&g);
        assert!(n.contains(&"tower 8 at 1 0".to_string()), "{n:?}");
        assert!(n.contains(&"deploy follower 8 at 1 0".to_string()), "{n:?}");
        assert_eq!(g.scores(), [0, 0]);
    }
}

#[test]
fn tw16_a_safe_capper_is_never_captured_and_the_tower_stays_capped() {
    for r in both("capped-follower = \"safe\"") {
        let mut g = run(
            &r,
            2,
            &raised(
                "deploy follower 8 at 1 0
             draw TO/RRRR.1; place 2 0 0; tower 8 at 2 0",
            ),
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
        assert_eq!(g.scores(), [0, 0]);
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
