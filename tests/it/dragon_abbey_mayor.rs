//! X36: The Princess and the Dragon with Abbey & Mayor, one test per clause,
//! with exact points and figure positions (a test ruleset: no shipped ruleset
//! combines the two expansions).
//!
//! Geometry as in `dragon.rs`: the start tile BA/RCr at (0, 0) (city north,
//! road west–east), x east, y south. Red (0) and Blue (1) alternate.

use crate::abbey::HOLE;
use crate::common::*;
use crate::dragon::{figures_at, names, neutral_at, supply};
use carcassonne_core::PlayerId;
use carcassonne_core::{Actor, Rules, FOLLOWER};
use std::sync::Arc;

/// The four Princess & Dragon plugins with the abbey and the mayor.
fn x36() -> Arc<Rules> {
    rules(
        r#"
    name = "princess and dragon with abbey and mayor"
    tilesets = ["base", "princess-and-dragon"]
    [plugins.abbey]
    [plugins.mayor]
    [plugins.dragon]
    [plugins.fairy]
    [plugins.princess]
    [plugins.magic-portal]
"#,
    )
}

/// Red's mayor in the city of BA/Cc+ at (0, −1) (turned: city S+E, joining the
/// start's cap).
const MAYOR: &str = "draw BA/Cc+; place 0 -1 2; deploy mayor city";

/// Blue's volcano south of the start at (0, 1); Red's dragon tile at (1, 1):
/// the dragon's first step is Red's.
const DRAGON: &str = "draw PD/F.v; place 0 1 0; pass
     draw PD/Rr.d; place 1 1 3; pass";

#[test]
fn x36_the_dragon_eats_a_mayor() {
    let mut g = run(&x36(), 2, &format!("{MAYOR}\n{DRAGON}")).unwrap();
    assert_eq!(supply(&g, 0, "mayor"), 0);
    // Red: north onto the start; Blue: north onto the mayor's tile.
    run_on(&mut g, "dragon N; dragon N").unwrap();
    assert_eq!(figures_at(&g, 0, -1), ["dragon"]);
    assert_eq!(supply(&g, 0, "mayor"), 1, "eaten: home without points");
    // No tile around (0, −1) left to enter: the movement is over.
    assert_eq!(g.actor(), Actor::Chance);
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [0, 0]);
}

#[test]
fn x36_the_fairy_may_stand_beside_a_mayor() {
    let mut g = run(
        &x36(),
        2,
        &format!(
            "{MAYOR}
             draw BA/L; place 0 1 0; pass
             draw BA/L; place 1 1 0"
        ),
    )
    .unwrap();
    assert!(
        names(&g).contains(&"fairy 0 at 0 -1".to_string()),
        "{:?}",
        names(&g)
    );
    // Beside him: 1 point at the start of Red's next turn.
    run_on(&mut g, "fairy 0 at 0 -1; draw BA/L; place -1 1 0; pass").unwrap();
    assert_eq!(neutral_at(&g, "fairy"), Some((0, -1)));
    assert_eq!(g.scores(), [1, 0]);
}

#[test]
fn x36_the_princess_may_remove_a_mayor() {
    // Red's mayor on the city band BA/CFc at (0, −1); Red's princess tile at
    // (0, −2) extends that city.
    let mut g = run(
        &x36(),
        2,
        "draw BA/CFc; place 0 -1 1; deploy mayor city
         draw BA/L; place 0 1 0; pass
         draw PD/Ccc.p; place 0 -2 2",
    )
    .unwrap();
    assert!(
        names(&g).contains(&"princess 0 at 0 -1".to_string()),
        "{:?}",
        names(&g)
    );
    run_on(&mut g, "princess 0 at 0 -1").unwrap();
    assert_eq!(supply(&g, 0, "mayor"), 1);
    assert!(figures_at(&g, 0, -1).is_empty());
    assert_eq!(g.scores(), [0, 0]);
}

#[test]
fn x36_the_portal_serves_the_mayor() {
    // Red's portal tile PD/RRR.g east of the start: the mayor may go through it
    // onto the start's city (unoccupied, incomplete), and onto no other feature.
    let mut g = run(
        &x36(),
        2,
        "draw BA/L; place 0 1 0; pass
         draw BA/L; place -1 1 0; pass
         draw PD/RRR.g; place 1 0 0",
    )
    .unwrap();
    let mayors: Vec<String> = names(&g)
        .into_iter()
        .filter(|a| a.starts_with("deploy mayor"))
        .collect();
    assert_eq!(mayors, ["deploy mayor 0 at 0 0"]);
    run_on(&mut g, "deploy mayor 0 at 0 0").unwrap();
    assert_eq!(figures_at(&g, 0, 0), ["0 mayor"]);
    // A mayor of strength 0 (no pennant) scores nothing at the end.
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [0, 0]);
}

#[test]
fn x36_the_dragon_enters_an_abbey_and_eats_its_monk() {
    // The hole of `abbey.rs` (four city caps around (0, −1), Red's knight at
    // (1, −1), Blue's at (−1, −1), an empty cap at (0, −2), Red's cloister tile
    // at (1, −2)). Red's abbey closes the caps (his knight and Blue's score 2 each) and
    // takes his monk; Blue's volcano at (0, 1), Red's dragon tile at (1, 1).
    let mut g = run(
        &x36(),
        2,
        &format!(
            "{HOLE}
             abbey play; place 0 -1 0; deploy follower cloister
             {DRAGON}"
        ),
    )
    .unwrap();
    assert_eq!(g.scores(), [2, 2]);
    assert_eq!(figures_at(&g, 0, -1), ["0 follower"]);
    // Red: north onto the start; Blue: north into the abbey.
    run_on(&mut g, "dragon N; dragon N").unwrap();
    assert_eq!(figures_at(&g, 0, -1), ["dragon"], "the monk is eaten");
    assert_eq!(g.supply(PlayerId::ALL[0], FOLLOWER), 7);
    // The rest of the movement crosses empty tiles: north, east, south, south.
    run_on(&mut g, "dragon N; dragon E; dragon S; dragon S").unwrap();
    assert_eq!(neutral_at(&g, "dragon"), Some((1, 0)));
    assert_eq!(g.actor(), Actor::Chance);
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [2, 2], "the monk scored nothing");
}

#[test]
fn x36_an_abbey_turn_never_moves_the_dragon() {
    // Red's volcano at (0, 1); Blue plays his abbey into the hole: neither
    // volcano nor dragon tile, it leaves the dragon where it is.
    let mut g = run(
        &x36(),
        2,
        &format!(
            "{HOLE}
             abbey draw; draw PD/F.v; place 0 1 0; pass"
        ),
    )
    .unwrap();
    assert_eq!(neutral_at(&g, "dragon"), Some((0, 1)));
    run_on(&mut g, "abbey play; place 0 -1 0; deploy follower cloister").unwrap();
    assert_eq!(neutral_at(&g, "dragon"), Some((0, 1)));
    assert_eq!(g.actor(), Actor::Chance, "no dragon step: the next draw");
    assert_eq!(g.current_player(), PlayerId::ALL[0]);
    assert_eq!(figures_at(&g, 0, -1), ["1 follower"]);
    assert_eq!(g.scores(), [2, 2]);
}
