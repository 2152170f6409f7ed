//! X36: The Princess and the Dragon with the wagon and the barn of Abbey &
//! Mayor, one test per clause, with exact points and figure positions (a test
//! ruleset). The mayor's and the abbey's clauses are in `dragon_abbey_mayor.rs`.
//!
//! Geometry as in `dragon.rs`: the start tile BA/RCr at (0, 0) (city north,
//! road west–east), x east, y south. Red (0) and Blue (1) alternate.

use crate::common::*;
use crate::dragon::{figures_at, names, neutral_at, supply};
use carcassonne_core::{Actor, Game, Rules};
use std::sync::Arc;

/// The four Princess & Dragon plugins with the wagon and the barn.
fn x36() -> Arc<Rules> {
    rules(
        r#"
    name = "princess and dragon with the wagon and the barn"
    tilesets = ["base", "princess-and-dragon"]
    [plugins.wagon]
    [plugins.barn]
    [plugins.dragon]
    [plugins.fairy]
    [plugins.princess]
    [plugins.magic-portal]
"#,
    )
}

/// The options of `g` starting with `prefix`.
fn starting(g: &Game, prefix: &str) -> Vec<String> {
    names(g)
        .into_iter()
        .filter(|a| a.starts_with(prefix))
        .collect()
}

// ------------------------------------------------------------ the wagon

#[test]
fn x36_the_dragon_eats_a_wagon_which_then_does_not_move() {
    // Red's wagon on the west road of his junction at (1, 0); Blue's volcano at
    // (0, 1); Red's dragon junction at (−1, 0) completes the road, but the dragon
    // moves first: north onto the start, then east onto the wagon.
    let mut g = run(
        &x36(),
        2,
        "draw BA/RRR; place 1 0 0; deploy wagon road W
         draw PD/F.v; place 0 1 0; pass
         draw PD/RRR.d; place -1 0 0; pass",
    )
    .unwrap();
    assert_eq!(names(&g), ["dragon N"]);
    run_on(&mut g, "dragon N").unwrap();
    assert_eq!(names(&g), ["dragon E", "dragon W"]);
    run_on(&mut g, "dragon E").unwrap();
    assert_eq!(figures_at(&g, 1, 0), ["dragon"], "the wagon is eaten");
    assert_eq!(supply(&g, 0, "wagon"), 1);
    // The completed road scores nobody, and no wagon is left to move.
    assert_eq!(g.actor(), Actor::Chance);
    assert_eq!(g.scores(), [0, 0]);
}

/// Red's wagon on the west road of his junction at (1, 0); Blue's `east` at
/// (2, 0) continues its east road; Red's junction at (−1, 0) completes the
/// wagon's road (3 points), and Red decides where the wagon goes.
fn wagon_moves(east: &str) -> Game {
    check(
        &x36(),
        2,
        &format!(
            "draw BA/RRR; place 1 0 0; deploy wagon road W
             draw {east}; place 2 0 0; pass
             draw BA/RRR; place -1 0 0; pass"
        ),
        &[3, 0],
    )
}

#[test]
fn x36_no_wagon_moves_onto_the_dragons_tile() {
    // With a plain road east, the wagon may go onto its segment at (2, 0)…
    let g = wagon_moves("BA/RFr");
    assert!(starting(&g, "wagon").contains(&"wagon 0 at 2 0".to_string()));
    // …not when that tile is the volcano the dragon stands on.
    let mut g = wagon_moves("PD/RFr.v");
    assert_eq!(neutral_at(&g, "dragon"), Some((2, 0)));
    let moves = starting(&g, "wagon");
    assert!(!moves.iter().any(|m| m.ends_with("at 2 0")), "{moves:?}");
    assert!(moves.contains(&"wagon 0 at 1 0".to_string()), "{moves:?}");
    run_on(&mut g, "wagon 0 at 1 0").unwrap();
    assert_eq!(figures_at(&g, 1, 0), ["0 wagon"]);
}

#[test]
fn x36_the_fairy_may_stand_beside_a_wagon() {
    let mut g = run(
        &x36(),
        2,
        "draw BA/RRR; place 1 0 0; deploy wagon road W
         draw BA/L; place 0 1 0; pass
         draw BA/L; place -1 1 0",
    )
    .unwrap();
    assert_eq!(starting(&g, "fairy"), ["fairy 2 at 1 0"]);
    run_on(&mut g, "fairy 2 at 1 0; draw BA/L; place 0 2 0; pass").unwrap();
    assert_eq!(g.scores(), [1, 0], "1 point at the start of Red's turn");
}

#[test]
fn x36_the_princess_may_remove_a_wagon() {
    let mut g = run(
        &x36(),
        2,
        "draw BA/CFc; place 0 -1 1; deploy wagon city
         draw BA/L; place 0 1 0; pass
         draw PD/Ccc.p; place 0 -2 2",
    )
    .unwrap();
    assert_eq!(starting(&g, "princess"), ["princess 0 at 0 -1"]);
    run_on(&mut g, "princess 0 at 0 -1").unwrap();
    assert_eq!(supply(&g, 0, "wagon"), 1);
    assert!(figures_at(&g, 0, -1).is_empty());
}

#[test]
fn x36_pd22_the_portal_serves_the_wagon_never_the_barn() {
    // Red's portal tile east of the start: his wagon may go onto the start's
    // city through it; the barn only ever goes to the placed tile's corners.
    let g = run(
        &x36(),
        2,
        "draw BA/L; place 0 1 0; pass
         draw BA/L; place -1 1 0; pass
         draw PD/RRR.g; place 1 0 0",
    )
    .unwrap();
    assert!(starting(&g, "deploy wagon").contains(&"deploy wagon 0 at 0 0".to_string()));
    assert!(
        starting(&g, "deploy barn")
            .iter()
            .all(|b| !b.contains(" at ")),
        "{:?}",
        starting(&g, "deploy barn")
    );
}

// ------------------------------------------------------------ the barn

/// The barn fixture of `barn.rs`: Red's farmer south of the start, two 2-tile
/// cities completed below; Red's `tile` at (1, 0) makes the SW corner of that
/// square a barn corner.
fn before_barn(tile: &str) -> String {
    format!(
        "draw BA/C; place 0 1 2; deploy follower field N
         draw BA/C; place 0 2 0; pass
         draw BA/C; place 1 1 2; pass
         draw BA/C; place 1 2 0; pass
         draw {tile}; place 1 0 0"
    )
}

#[test]
fn x36_a_barn_may_be_placed_at_a_corner_of_the_dragons_tile() {
    // The volcano at (1, 0): no deployment on its features, but the barn at its
    // corner; the farmer scores at once (2 cities × 3).
    let mut g = run(&x36(), 2, &before_barn("PD/RFr.v")).unwrap();
    assert_eq!(neutral_at(&g, "dragon"), Some((1, 0)));
    assert_eq!(
        names(&g)
            .into_iter()
            .filter(|a| a.starts_with("deploy"))
            .collect::<Vec<_>>(),
        ["deploy barn 2 corner SW"]
    );
    run_on(&mut g, "deploy barn 2 corner SW").unwrap();
    assert_eq!(g.scores(), [6, 0]);
    assert_eq!(supply(&g, 0, "barn"), 0);
}

#[test]
fn x36_the_dragon_never_eats_a_barn_and_the_fairy_never_goes_beside_it() {
    // Red's barn at the SW corner of (1, 0) (his farmer scores 6 and goes home);
    // Blue's volcano at (1, 3), Red's dragon tile at (2, 2): the dragon crosses
    // (1, 2), (1, 1), the barn's tile (1, 0), (0, 0) and (0, 1).
    let mut g = run(
        &x36(),
        2,
        &format!(
            "{}; deploy barn corner SW
             draw PD/F.v; place 1 3 0; pass
             draw PD/Rr.d; place 2 2 2",
            before_barn("BA/RFr")
        ),
    )
    .unwrap();
    // Red has no follower on the board: no fairy move beside his barn.
    assert_eq!(starting(&g, "fairy"), Vec::<String>::new());
    run_on(
        &mut g,
        "pass; dragon N; dragon N; dragon N; dragon W; dragon S; dragon S",
    )
    .unwrap();
    assert_eq!(neutral_at(&g, "dragon"), Some((0, 2)));
    assert_eq!(g.actor(), Actor::Chance);
    assert_eq!(supply(&g, 0, "barn"), 0, "the barn stays");
    assert_eq!(g.scores(), [6, 0]);
}
