//! The dragon and the Traders & Builders figures, with the real plugins: PD8's
//! option `eats-builders-and-pigs` both ways (the dragon tells builders and pigs
//! from followers by the class their plugin declares, `FigureClass::Companion`,
//! never by name), and TB15 / TB20 (a builder or pig whose owner's last follower
//! in its feature is eaten goes home with it, whatever the option).
//!
//! Geometry: the start tile BA/RCr lies at (0, 0) (city north, road west–east);
//! x grows east, y grows south. Red (0) has his follower on the road at (1, 0),
//! his farmer north of the road at (2, 0), his builder on the road at (3, 0) and
//! his pig north of the road at (4, 0); Blue (1) lays cloisters below. Blue's
//! volcano at (3, 1) brings the dragon, Red's dragon tile at (4, 1) makes it move:
//! Red steers steps 1 and 3, Blue steps 2 and 4.

use crate::common::*;
use crate::dragon::{figures_at, neutral_at, supply};
use carcassonne_core::PlayerId;
use carcassonne_core::{FigureClass, Game, Rules, FOLLOWER};
use std::sync::Arc;

/// The dragon with `option` (`eats-builders-and-pigs = …` or nothing), the
/// builder and the pig, on the base and Princess & Dragon tiles.
fn rules_with(option: &str) -> Arc<Rules> {
    rules(&format!(
        r#"
    name = "dragon and companions"
    tilesets = ["base", "princess-and-dragon"]
    [plugins.dragon]
    {option}
    [plugins.builder]
    [plugins.pig]
"#
    ))
}

const SPARE: &str = "eats-builders-and-pigs = false";

/// Up to the dragon's first step (Red's decision).
const SETUP: &str = "draw BA/RFr; place 1 0 0; deploy follower road W
     draw BA/L; place 0 1 0; pass
     draw BA/RFr; place 2 0 0; deploy follower field N
     draw BA/L; place 1 1 0; pass
     draw BA/RFr; place 3 0 0; deploy builder road W
     draw BA/L; place 2 1 0; pass
     draw BA/RFr; place 4 0 0; deploy pig field N; builder single
     draw PD/F.v; place 3 1 0; pass
     draw PD/Rr.d; place 4 1 3; pass";

/// Red's builder, pig and followers in supply.
fn red(g: &Game) -> (u8, u8, u8) {
    (
        supply(g, 0, "builder"),
        supply(g, 0, "pig"),
        g.supply(PlayerId::ALL[0], FOLLOWER),
    )
}

#[test]
fn the_companions_are_declared_by_their_own_plugins() {
    let r = rules_with("");
    let class = |name: &str| r.figures[r.figure_kind(name).unwrap().index()].class;
    assert_eq!(class("builder"), FigureClass::Companion);
    assert_eq!(class("pig"), FigureClass::Companion);
    assert_eq!(class("follower"), FigureClass::Standing);
    assert_eq!(class("dragon"), FigureClass::Standing);
}

#[test]
fn pd8_by_default_the_dragon_eats_the_builder_and_the_pig() {
    let mut g = run(&rules_with(""), 2, SETUP).unwrap();
    assert_eq!(red(&g), (0, 0, 5));
    run_on(&mut g, "dragon N").unwrap();
    assert_eq!(figures_at(&g, 3, 0), ["dragon"], "the builder is eaten");
    assert_eq!(red(&g), (1, 0, 5));
    run_on(&mut g, "dragon E").unwrap();
    assert_eq!(figures_at(&g, 4, 0), ["dragon"], "the pig is eaten");
    assert_eq!(red(&g), (1, 1, 5));
    run_on(&mut g, "dragon S").unwrap();
    assert_eq!(neutral_at(&g, "dragon"), Some((4, 1)), "no step is left");
    // Red's road of 5 tiles, open at the start tile: 5; his farmer's field
    // borders no completed city: 0.
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [5, 0]);
}

#[test]
fn pd8_with_eats_builders_and_pigs_false_the_dragon_spares_them() {
    let mut g = run(&rules_with(SPARE), 2, SETUP).unwrap();
    run_on(&mut g, "dragon N; dragon E; dragon S").unwrap();
    assert_eq!(neutral_at(&g, "dragon"), Some((4, 1)));
    assert_eq!(figures_at(&g, 3, 0), ["0 builder"]);
    assert_eq!(figures_at(&g, 4, 0), ["0 pig"]);
    assert_eq!(red(&g), (0, 0, 5));
    // The builder still gives a double turn: Red extends his road at (5, 0).
    run_on(&mut g, "draw BA/L; place 3 2 0; pass").unwrap();
    run_on(&mut g, "draw BA/RFr; place 5 0 0; pass").unwrap();
    assert_eq!(legal_names(&g), ["builder double", "builder single"]);
    // The builder and the pig score nothing themselves: Red's road of 6 tiles.
    run_on(&mut g, "builder single; end").unwrap();
    assert_eq!(g.scores(), [6, 0]);
}

#[test]
fn tb15_tb20_the_dragon_eats_the_last_follower_and_farmer_the_builder_and_pig_go_home_too() {
    // Spared by the option, yet they go home with their owner's last follower of
    // the road (eaten at (1, 0)) and his last farmer of the field (eaten at (2, 0)).
    let mut g = run(&rules_with(SPARE), 2, SETUP).unwrap();
    run_on(&mut g, "dragon N; dragon W").unwrap();
    assert_eq!(figures_at(&g, 2, 0), ["dragon"], "the farmer is eaten");
    assert_eq!(red(&g), (0, 1, 6), "TB20: the pig went home with him");
    assert_eq!(figures_at(&g, 4, 0), Vec::<String>::new());
    run_on(&mut g, "dragon W").unwrap();
    assert_eq!(
        figures_at(&g, 1, 0),
        ["dragon"],
        "the road follower is eaten"
    );
    assert_eq!(red(&g), (1, 1, 7), "TB15: the builder went home with him");
    assert_eq!(figures_at(&g, 3, 0), Vec::<String>::new());
    // Over the empty cloisters; then every neighbour was visited.
    run_on(&mut g, "dragon S; dragon E").unwrap();
    assert_eq!(neutral_at(&g, "dragon"), Some((2, 1)));
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [0, 0], "nobody is left to score");
}
