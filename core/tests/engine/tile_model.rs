//! The tile-data extensions of the slot model, with exact points: inner fields,
//! wildcard sides (`?`), repeated markers, tiles held in hand, links, and the
//! errors the loader reports for each. See `docs/tiles.md`.

use carcassonne_core::scenario::{check, run};
use carcassonne_core::*;
use std::sync::Arc;

const BASE: &str = include_str!("../../../configs/tilesets/base.toml");
const SPECIAL: &str = include_str!("../../../plugins/special-cities/tiles.toml");

/// Test tiles: an abbey-like tile with four wildcard sides, a city cap with two
/// pennants, a tile with an inner field, and a tile with links.
const EXTRA: &str = r#"
name = "extra"

[[tiles]]
id = "X/A"
counts = { C2 = 2 }
sides = "????"
features = [ { kind = "cloister" } ]

[[tiles]]
id = "X/C++"
counts = { C2 = 1 }
sides = "CFFF"
features = [
  { kind = "city", slots = ["N"], markers = ["pennant", "pennant"] },
  { kind = "field", slots = ["E", "S", "W"], adj = [0] },
]

[[tiles]]
id = "X/CCCC"
counts = { C2 = 1 }
sides = "CCCC"
features = [
  { kind = "city", slots = ["N"] },
  { kind = "city", slots = ["E"] },
  { kind = "city", slots = ["S"] },
  { kind = "city", slots = ["W"] },
  { kind = "field", inner = true, adj = [0, 1, 2, 3] },
]

[[tiles]]
id = "X/RRR"
counts = { C2 = 1 }
sides = "FRRR"
links = { wagon = [[0, 1, 2]] }
features = [
  { kind = "road", slots = ["E"] },
  { kind = "road", slots = ["S"] },
  { kind = "road", slots = ["W"] },
  { kind = "field", slots = ["WR", "N", "EL"] },
  { kind = "field", slots = ["ER", "SL"] },
  { kind = "field", slots = ["SR", "WL"] },
]
"#;

fn sets(texts: &[&str]) -> Vec<TileSetSpec> {
    texts
        .iter()
        .map(|t| toml::from_str(t).expect("tile set parses"))
        .collect()
}

fn rules() -> Arc<Rules> {
    let cat = TileCatalogue::build(&sets(&[BASE, SPECIAL, EXTRA]), "C2").expect("tiles compile");
    Arc::new(Rules::new("model", cat, CoreOptions::default(), vec![]).expect("rules"))
}

fn root(g: &Game, t: TileIndex, l: u8) -> FeatureId {
    g.find(g.feature_of(t, l).unwrap()).unwrap()
}

fn errors(tiles: &str) -> String {
    let text = format!("name = \"bad\"\n{tiles}");
    TileCatalogue::build(&sets(&[&text]), "C2")
        .expect_err("the loader refuses it")
        .join("\n")
}

// ------------------------------------------------------------- wildcards

#[test]
fn am4_a_wildcard_side_closes_the_city_it_faces_which_counts_only_its_own_tiles() {
    // Red's city cap south of the start, its city facing (0, 2); the wildcard tile
    // there closes it: a one-tile city, 2 points (AM5: the wildcard adds no tile).
    check(
        &rules(),
        2,
        "draw BA/C; place 0 1 2; deploy follower city S
         draw X/A; place 0 2 0; pass",
        &[2, 0],
    );
}

#[test]
fn x19_a_wildcard_against_a_double_city_side_closes_both_segments_without_joining_them() {
    let r = rules();
    // HS/CC!.v below the start turned 180°: its double city side faces (0, 2).
    let g = run(&r, 2, "draw HS/CC!.v; place 0 1 2; pass").unwrap();
    let t = g.tile_at(Pos::new(0, 1)).unwrap();
    let (a, b) = (root(&g, t, 0), root(&g, t, 1));
    assert_ne!(a, b);
    let (oa, ob) = (g.open_sides(a).unwrap(), g.open_sides(b).unwrap());
    let g = run(
        &r,
        2,
        "draw HS/CC!.v; place 0 1 2; pass
         draw X/A; place 0 2 0; pass",
    )
    .unwrap();
    assert_ne!(
        root(&g, t, 0),
        root(&g, t, 1),
        "not joined through the wildcard"
    );
    assert_eq!(g.open_sides(a), Some(oa - 1), "city A closed on that side");
    assert_eq!(g.open_sides(b), Some(ob - 1), "city B closed on that side");
    g.check_integrity().unwrap();
}

#[test]
fn a_wildcard_tile_fits_anywhere_once_and_anything_fits_next_to_it() {
    let r = rules();
    let g = run(&r, 2, "draw X/A").unwrap();
    // Four frontier squares around the start, one rotation each.
    assert_eq!(g.legal_actions().unwrap().len(), 4);
    // A road side may face the wildcard, and so may a city side.
    for (tile, rot) in [("BA/RFr", 1), ("BA/C", 0), ("BA/L", 0)] {
        let g = run(
            &r,
            2,
            &format!("draw X/A; place 0 1 0; pass\ndraw {tile}; place 0 2 {rot}; pass"),
        )
        .unwrap();
        g.check_integrity().unwrap();
    }
}

// ---------------------------------------------------------- inner fields

#[test]
fn x9_an_inner_field_is_closed_at_once_and_its_farmer_scores_its_cities() {
    let r = rules();
    // X/CCCC north of the start: its south cap and the start's city make a
    // completed two-tile city; a farmer on the inner field (`field centre`).
    let g = check(
        &r,
        2,
        "draw X/CCCC; place 0 -1 0; deploy follower field centre",
        &[0, 0],
    );
    let t = g.tile_at(Pos::new(0, -1)).unwrap();
    let inner = g.feature_of(t, 4).unwrap();
    assert_eq!(g.is_complete(inner), Some(true), "closed from placement");
    assert_eq!(g.open_sides(inner), Some(0));
    // At the end it borders one completed city of its four caps: 3.
    check(
        &r,
        2,
        "draw X/CCCC; place 0 -1 0; deploy follower field centre\nend",
        &[3, 0],
    );
}

// ------------------------------------------------------ repeated markers

#[test]
fn am_c_two_pennants_on_one_city_count_twice() {
    let r = rules();
    // X/C++ north of the start turned 180°: a completed two-tile city with two
    // pennants: 2 x (2 + 2) = 8.
    let g = check(
        &r,
        2,
        "draw X/C++; place 0 -1 2; deploy follower city S",
        &[8, 0],
    );
    let pennant = r.tiles.markers.bit("pennant");
    let f = g
        .feature_of(g.tile_at(Pos::new(0, -1)).unwrap(), 0)
        .unwrap();
    assert_eq!(g.feature_marker_count(f, pennant), Some(2));
    assert_eq!(g.marker_count_in(f, pennant), Some(2));
}

// ------------------------------------------------------------ links

#[test]
fn links_group_the_features_a_plugin_reads_together() {
    let r = rules();
    let g = run(&r, 2, "draw X/RRR; place 1 0 0; pass").unwrap();
    let t = g.tile_at(Pos::new(1, 0)).unwrap();
    let wagon = r.tiles.links.get("wagon").expect("interned");
    assert_eq!(
        (0..6)
            .map(|l| g.link_group(t, wagon, l))
            .collect::<Vec<_>>(),
        [Some(0), Some(0), Some(0), None, None, None]
    );
}

#[test]
fn a_feature_may_be_in_several_groups_of_one_link() {
    // A cloister linked with each of two roads that are not linked to each other
    // (Abbey & Mayor's AM/LRRRR for the first-edition wagon).
    let hub = r#"
        name = "hub"
        [[tiles]]
        id = "H/LRR"
        counts = { C2 = 1 }
        sides = "RRFF"
        links = { wagon = [[0, 1], [0, 2]] }
        features = [
          { kind = "cloister" },
          { kind = "road", slots = ["N"] },
          { kind = "road", slots = ["E"] },
          { kind = "field", slots = ["NR", "EL"] },
          { kind = "field", slots = ["ER", "S", "W", "NL"] },
        ]
    "#;
    let cat = TileCatalogue::build(&sets(&[BASE, hub]), "C2").unwrap();
    let wagon = cat.links.get("wagon").expect("interned");
    let t = cat.get(cat.by_id("H/LRR").unwrap()).unwrap();
    let masks: Vec<u32> = (0..5).map(|l| t.link_groups(wagon, l)).collect();
    assert_eq!(masks, [0b11, 0b01, 0b10, 0, 0]);
    // Linked = the masks meet: the cloister with each road, not road with road.
    assert_ne!(masks[0] & masks[1], 0);
    assert_ne!(masks[0] & masks[2], 0);
    assert_eq!(masks[1] & masks[2], 0);
    assert_eq!(t.link_group(wagon, 0), Some(0));
    assert_eq!(t.link_group(wagon, 2), Some(1));
    assert_eq!(t.link_group(wagon, 3), None);
    let e = errors(
        "[[tiles]]\nid = \"T\"\ncounts = { C2 = 1 }\nsides = \"FFFF\"\n\
         links = { wagon = [[0, 0]] }\n\
         features = [ { kind = \"field\", slots = [\"N\", \"E\", \"S\", \"W\"] } ]\n",
    );
    assert!(
        e.contains("link `wagon` group 0: feature 0 listed twice"),
        "{e}"
    );
}

#[test]
fn feature_sides_are_the_board_sides_a_feature_reaches() {
    let r = rules();
    // The start's road reaches W and E; a city cap turned 180° south of it reaches S.
    let g = run(&r, 2, "draw BA/C; place 0 1 2; pass").unwrap();
    let start = g.tile_at(Pos::new(0, 0)).unwrap();
    let cap = g.tile_at(Pos::new(0, 1)).unwrap();
    let sides = |t, l| g.feature_sides(g.feature_of(t, l).unwrap());
    assert_eq!(sides(start, 0), Some(1 << Side::N as u8));
    assert_eq!(
        sides(start, 1),
        Some(1 << Side::E as u8 | 1 << Side::W as u8)
    );
    assert_eq!(sides(cap, 0), Some(1 << Side::S as u8));
}

#[test]
fn corner_meeting_needs_four_tiles_each_with_a_field_corner_at_the_point() {
    let r = rules();
    // Two city caps turned south below the start and east of them a road tile:
    // the point south-west of (1, 0) has three tiles around it, then four.
    let three = "draw BA/C; place 0 1 2; pass\ndraw BA/RFr; place 1 0 0; pass";
    let g = run(&r, 2, three).unwrap();
    let t = |g: &Game, x, y| g.tile_at(Pos::new(x, y)).unwrap();
    assert!(g.corner_field(t(&g, 1, 0), Corner::SW).is_some());
    assert_eq!(g.corner_meeting(t(&g, 1, 0), Corner::SW), None);
    let g = run(&r, 2, &format!("{three}\ndraw BA/C; place 1 1 2; pass")).unwrap();
    // Seen from each of the four tiles, the same point and the same field.
    let field = g.corner_meeting(t(&g, 1, 0), Corner::SW).unwrap();
    assert_eq!(Some(field), g.corner_field(t(&g, 1, 0), Corner::SW));
    for (x, y, c) in [(0, 0, Corner::SE), (0, 1, Corner::NE), (1, 1, Corner::NW)] {
        let f = g.corner_meeting(t(&g, x, y), c).unwrap();
        assert_eq!(g.find(f), g.find(field), "({x}, {y}) {c:?}");
    }
    // The start's north corners touch its city: no field corner, no meeting.
    assert_eq!(g.corner_meeting(t(&g, 0, 0), Corner::NE), None);
    // A field corner with tiles missing around it: (1, 1)'s NE.
    assert!(g.corner_field(t(&g, 1, 1), Corner::NE).is_some());
    assert_eq!(g.corner_meeting(t(&g, 1, 1), Corner::NE), None);
}

// ------------------------------------------------------------ hands

#[test]
fn tiles_held_in_hand_are_dealt_to_each_player_and_stay_out_of_the_bag() {
    let text = r#"
        name = "hand"
        [[tiles]]
        id = "H/A"
        per_player = 1
        sides = "????"
        features = [ { kind = "cloister" } ]
    "#;
    let cat = TileCatalogue::build(&sets(&[BASE, text]), "C2").unwrap();
    let r = Arc::new(Rules::new("hand", cat, CoreOptions::default(), vec![]).unwrap());
    let a = r.tiles.by_id("H/A").unwrap();
    let g = Game::new(r, 3, 1).unwrap();
    assert_eq!(
        PlayerId::all(3)
            .map(|p| g.hand_count(p, a))
            .collect::<Vec<_>>(),
        [1, 1, 1]
    );
    assert!(!g.bag().contains(&a));
    assert_eq!(g.bag_len(), 71);
    assert_eq!(g.observation(PlayerId::ALL[0]).unwrap().hands[2], ["H/A"]);
    g.check_integrity().unwrap();
}

// ------------------------------------------------------------ errors

#[test]
fn the_loader_refuses_what_the_extensions_do_not_allow() {
    let tile = |sides: &str, features: &str, extra: &str| {
        format!(
            "[[tiles]]\nid = \"T\"\ncounts = {{ C2 = 1 }}\nsides = \"{sides}\"\n{extra}features = [ {features} ]\n"
        )
    };
    let e = errors(&tile(
        "CCCC",
        "{ kind = \"city\", slots = [\"N\", \"E\", \"S\", \"W\"] }, { kind = \"field\" }",
        "",
    ));
    assert!(
        e.contains("owns no slot (an inner field says `inner = true`)"),
        "{e}"
    );
    let e = errors(&tile(
        "FFFF",
        "{ kind = \"field\", inner = true, slots = [\"N\"] }",
        "",
    ));
    assert!(e.contains("an `inner` field owns no slot"), "{e}");
    let e = errors(&tile("FFFF", "{ kind = \"road\", inner = true }", ""));
    assert!(e.contains("only a field can be `inner`"), "{e}");
    let e = errors(&tile(
        "?FFF",
        "{ kind = \"field\", slots = [\"N\", \"E\", \"S\", \"W\"] }",
        "",
    ));
    assert!(
        e.contains("a `?` side is one that no feature reaches"),
        "{e}"
    );
    let e = errors(&tile("????", "{ kind = \"cloister\" }", "per_player = 1\n"));
    assert!(e.contains("cannot also have bag `counts`"), "{e}");
    let e = errors(&tile(
        "FFFF",
        "{ kind = \"field\", slots = [\"N\", \"E\", \"S\", \"W\"] }",
        "links = { wagon = [[0, 5]] }\n",
    ));
    assert!(e.contains("link `wagon` group 0: no feature 5"), "{e}");
}
