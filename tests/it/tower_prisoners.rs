//! The `tower` plugin's prisoners (The Tower): rulings TW17–TW26 with exact
//! points, compiled in and loaded from the official plugins' library.
//! Geometry and helpers as in `tower.rs`.

use crate::common::*;
use crate::tower::{both, capture, category, height, names, pieces, tw};
use carcassonne_core::{Location, FOLLOWER};

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
fn tw19_a_captured_figure_earns_nothing_and_its_feature_scores_without_him() {
    let capture = capture();
    for r in both("") {
        // Red's road (start tile, (1, 0)) would score 3 at the end with him;
        // Red closes the start's city with his knight: 4, the road nothing.
        let g = check(
            &r,
            2,
            &format!("{capture}\ndraw BA/C; place 0 -1 2; deploy follower city; tower pass\nend"),
            &[4, 0],
        );
        assert_eq!(follower_places(&g, 0), [Location::Held(p(1))]);
        assert_eq!(category(&g, "roads"), [0, 0]);
        assert_eq!(category(&g, "cities"), [4, 0]);
    }
}

#[test]
fn tw26_prisoners_stay_held_at_the_end_and_score_nothing_nor_do_towers() {
    let capture = capture();
    for r in both("") {
        let g = check(&r, 2, &format!("{capture}\nend"), &[0, 0]);
        assert!(g.is_over());
        assert_eq!(follower_places(&g, 0), [Location::Held(p(1))]);
        assert_eq!(g.figures_held_by(p(1)).count(), 1);
        assert_eq!((pieces(&g, 0), pieces(&g, 1)), (10, 9));
        assert_eq!(category(&g, "tower"), [0, 0]);
    }
}

// -------------------------------------------------------- exchange

#[test]
fn tw20_capturing_a_figure_of_ones_captor_exchanges_the_two() {
    let capture = capture();
    for r in both("") {
        let g = check(
            &r,
            2,
            &format!(
                "{capture}
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
    let capture = capture();
    for r in both("") {
        // Red closes the start city (4) and may pay at the end of that turn.
        let mut g = run(
            &r,
            2,
            &format!("{capture}\ndraw BA/C; place 0 -1 2; deploy follower city"),
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

/// After the capture Red closes the start city (4 points), declines the
/// ransom at the end of that turn, and Blue plays: Red's turn starts.
fn red_with_4_points() -> String {
    format!(
        "{}
         draw BA/C; place 0 -1 2; deploy follower city
         tower pass
         draw BA/L; place 0 1 0; pass",
        capture()
    )
}

#[test]
fn tw22_a_ransom_at_the_start_of_the_turn_frees_a_figure_for_that_turn() {
    for r in both("") {
        let mut g = run(&r, 2, &red_with_4_points()).unwrap();
        assert_eq!(names(&g), ["tower follower of 0 held by 1", "tower pass"]);
        run_on(&mut g, "tower follower of 0 held by 1").unwrap();
        assert_eq!((g.scores(), g.supply(p(0), FOLLOWER)), (&[1, 3][..], 7));
    }
}

#[test]
fn tw22_a_ransom_after_the_tile_frees_a_figure_for_the_figure_step() {
    for r in both("") {
        // Red declines at the start of his turn too; he sees his tile, then
        // pays and deploys the freed follower on it: the road from (-1, 0)
        // to the tower at (2, 0), 4 tiles at the end.
        let script = red_with_4_points() + "\ntower pass\ndraw BA/RFr; place -1 0 0";
        let mut g = run(&r, 2, &script).unwrap();
        assert_eq!(
            names(&g),
            ["tower follower of 0 held by 1", "tower pass"],
            "TW22: after his tile, before the figure step"
        );
        run_on(&mut g, "tower follower of 0 held by 1").unwrap();
        assert_eq!((g.scores(), g.supply(p(0), FOLLOWER)), (&[1, 3][..], 7));
        run_on(&mut g, "deploy follower road").unwrap();
        // TW23: no second offer at the end of the same turn: Blue draws.
        assert_eq!(g.actor(), carcassonne_core::Actor::Chance);
        run_on(&mut g, "draw BA/L; place 1 1 0; pass; end").unwrap();
        assert_eq!(g.scores(), [5, 3]);
        assert_eq!(category(&g, "roads"), [4, 0]);
        g.check_integrity().unwrap();
    }
}

#[test]
fn tw22_no_ransom_after_the_tile_without_a_prisoner_or_the_points() {
    let capture = capture();
    for r in both("") {
        // Red has 0 points: nothing is offered after his tile.
        let mut g = run(&r, 2, &capture).unwrap();
        run_on(&mut g, "draw BA/L; place 0 1 0").unwrap();
        assert!(!names(&g).iter().any(|a| a.contains("held by")));
        assert!(names(&g).contains(&"pass".to_string()));
    }
}

#[test]
fn tw23_one_ransom_per_whole_turn() {
    let capture = capture();
    for r in both("ransom-needs-points = false") {
        // Blue holds two of Red's followers.
        let mut g = run(
            &r,
            2,
            &format!(
                "{capture}
                 tower pass
                 draw BA/RFr; place 2 1 1; tower pass; deploy follower road
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
    let capture = capture();
    for r in both("") {
        // Red has 0 points: no ransom at the start of his turn.
        let g = run(&r, 2, &capture).unwrap();
        assert_eq!(g.actor(), carcassonne_core::Actor::Chance);
        assert_eq!(g.scores(), [0, 0]);
    }
    for r in both("ransom-needs-points = false") {
        let mut g = run(&r, 2, &capture).unwrap();
        assert_eq!(names(&g), ["tower follower of 0 held by 1", "tower pass"]);
        run_on(&mut g, "tower follower of 0 held by 1").unwrap();
        assert_eq!(g.scores(), [-3, 3]);
        assert_eq!(g.supply(p(0), FOLLOWER), 7);
    }
}

#[test]
fn tw25_the_captor_has_no_option_to_free_or_refuse() {
    let capture = capture();
    for r in both("") {
        let mut g = run(
            &r,
            2,
            &format!("{capture}\ndraw BA/C; place 0 -1 2; deploy follower city; tower pass"),
        )
        .unwrap();
        // Blue's turn: nothing about Red's prisoner is his to decide.
        run_on(&mut g, "draw BA/L; place 0 1 0").unwrap();
        assert!(!names(&g).iter().any(|a| a.contains("held by")));
    }
}

#[test]
fn tw23_one_ransom_across_a_builders_double_turn_and_a_piece_in_each_part() {
    let text = tw("ransom-needs-points = false").replace(
        "tilesets = [\"base\", \"the-tower\"]",
        "tilesets = [\"base\", \"the-tower\", \"traders-and-builders\"]",
    ) + "[plugins.builder]\n";
    for r in compiled_in_and_loaded(&text) {
        // Blue takes two of Red's followers; Red puts his builder on the road
        // of his third follower.
        let mut g = run(
            &r,
            2,
            "draw BA/RFr; place 1 0 0; deploy follower road
             draw TO/RRRR.1; place 2 0 0; tower 8 at 2 0; tower follower of 0 at 1 0 0
             tower pass; draw BA/RFr; place 2 1 1; tower pass; deploy follower road; tower pass
             draw BA/L; place 0 1 0; tower 8 at 2 0; tower follower of 0 at 2 1 0
             tower pass; draw BA/RFr; place -1 0 0; tower pass; deploy follower road; tower pass
             draw BA/L; place 1 1 0; pass
             tower pass; draw BA/RFr; place -2 0 0; tower pass; deploy builder road W; tower pass
             draw BA/L; place -1 1 0; pass",
        )
        .unwrap();
        assert_eq!(g.figures_held_by(p(1)).count(), 2);
        // Red pays at the start of his turn, then extends the builder's road.
        assert_eq!(names(&g), ["tower follower of 0 held by 1", "tower pass"]);
        run_on(
            &mut g,
            "tower follower of 0 held by 1
             draw BA/RFr; place -3 0 0; pass; builder double
             draw BA/L; place -2 1 0",
        )
        .unwrap();
        assert_eq!(g.scores(), [-3, 3]);
        // X49: the second part has its own figure step (a piece may go on a
        // tower); TW23: no second ransom in the same whole turn.
        let n = names(&g);
        assert!(n.contains(&"tower 8 at 2 0".to_string()), "{n:?}");
        assert!(!n.iter().any(|a| a.contains("held by")), "{n:?}");
        run_on(&mut g, "tower 8 at 2 0; tower pass").unwrap();
        assert_eq!(height(&g, 2, 0, 8), 3);
        assert_eq!(g.actor(), carcassonne_core::Actor::Chance, "Blue draws");
        assert_eq!(g.scores(), [-3, 3]);
        assert_eq!(g.figures_held_by(p(1)).count(), 1);
        // Red's next whole turn may pay again.
        run_on(&mut g, "draw BA/L; place -3 1 0; pass").unwrap();
        assert_eq!(names(&g), ["tower follower of 0 held by 1", "tower pass"]);
    }
}
