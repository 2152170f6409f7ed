//! Hills & Sheep tile data and the special tiles' rulings T1–T3, with exact points.
//!
//! The special tiles are plain data in the slot model (see docs/tiles.md): no
//! code names them. These tests read the same data files the rulesets use.

use crate::census::{copies, count, fingerprint};
use carcassonne_core::scenario::{check, run};
use carcassonne_core::*;
use std::sync::Arc;

const BASE: &str = include_str!("../../../configs/tilesets/base.toml");
const HS: &str = include_str!("../../../configs/tilesets/hills-and-sheep.toml");
const SPECIAL: &str = include_str!("../../../plugins/special-cities/tiles.toml");

fn sets(texts: &[&str]) -> Vec<TileSetSpec> {
    texts
        .iter()
        .map(|t| toml::from_str(t).expect("tile set parses"))
        .collect()
}

/// The root of local feature `l` of placed tile `t`.
fn root(g: &Game, t: TileIndex, l: u8) -> FeatureId {
    g.find(g.feature_of(t, l).unwrap()).unwrap()
}

fn rules() -> Arc<Rules> {
    let cat = TileCatalogue::build(&sets(&[BASE, HS, SPECIAL]), "C2").expect("tiles compile");
    Arc::new(Rules::new("hs tiles", cat, CoreOptions::default(), vec![]).expect("rules"))
}

// ------------------------------------------------------------- tile data

#[test]
fn hills_and_sheep_tile_counts_per_edition() {
    for ed in ["C1", "C2"] {
        let cat = TileCatalogue::build(&sets(&[HS, SPECIAL]), ed).unwrap();
        let hill = cat.markers.bit("hill");
        let vineyard = cat.markers.bit("vineyard");
        assert_eq!(copies(&cat, |_| true), 18, "{ed}");
        assert_eq!(copies(&cat, |t| t.markers & hill != 0), 8, "{ed} hills");
        assert_eq!(
            copies(&cat, |t| t.markers & vineyard != 0),
            8,
            "{ed} vineyards"
        );
        assert_eq!(
            copies(&cat, |t| t
                .features
                .iter()
                .any(|f| f.kind == FeatureKind::Cloister)),
            2,
            "{ed} cloisters"
        );
        let special = TileCatalogue::build(&sets(&[SPECIAL]), ed).unwrap();
        assert_eq!(special.total(), 4, "{ed}: 2x HS/CC!.v and 2x HS/C!.v");
        let base = TileCatalogue::build(&sets(&[BASE]), ed).unwrap();
        assert_eq!(base.total(), 72, "{ed}");
    }
    // The one edition difference: RR.h gains a garden.
    let c1 = TileCatalogue::build(&sets(&[HS]), "C1").unwrap();
    let c2 = TileCatalogue::build(&sets(&[HS]), "C2").unwrap();
    assert_eq!(count(&c1, "HS/RR.h"), 1);
    assert_eq!(count(&c2, "HS/RR.h"), 0);
    assert_eq!(count(&c2, "HS/RR.hG"), 1);
}

#[test]
fn hills_and_sheep_tiles_connect_as_printed() {
    // From TILES.md: for each tile, its features by the sides they touch.
    let expected: &[(&str, &[&str], &[&str])] = &[
        (
            "HS/C!.v",
            &["city:N", "field:ES/1", "field:SW/1"],
            &["vineyard"],
        ),
        (
            "HS/CC!.v",
            &["city:NE", "city:NW", "field:S/2"],
            &["vineyard"],
        ),
        ("HS/Cc.h", &["city:NW", "field:ES/1"], &["hill"]),
        ("HS/CC.h", &["city:N", "city:W", "field:ES/2"], &["hill"]),
        ("HS/Cc.v", &["city:NW", "field:ES/1"], &["vineyard"]),
        ("HS/CFC.h", &["city:N", "city:S", "field:EW/2"], &["hill"]),
        (
            "HS/CFC.v",
            &["city:E", "city:W", "field:N/2", "field:S/2"],
            &["vineyard"],
        ),
        (
            "HS/CFR.h",
            &["city:N", "field:ES/1", "field:SW/1", "road:S"],
            &["hill"],
        ),
        (
            "HS/CRr.h",
            &["city:N", "field:ES/0", "field:ESW/1", "road:ES"],
            &["hill"],
        ),
        (
            "HS/LCRr",
            &[
                "city:N",
                "cloister:",
                "field:ES/0",
                "field:ESW/1",
                "road:ES",
            ],
            &[],
        ),
        (
            "HS/LRrR",
            &[
                "cloister:",
                "field:NE/0",
                "field:NESW/0",
                "road:NE",
                "road:S",
            ],
            &[],
        ),
        (
            "HS/RCC.v",
            &["city:N", "city:W", "field:ES/1", "field:S/2", "road:S"],
            &["vineyard"],
        ),
        (
            "HS/RFR.h",
            &["field:NES/0", "field:NSW/0", "road:N", "road:S"],
            &["hill"],
        ),
        (
            "HS/RR.h",
            &["field:NESW/0", "field:SW/0", "road:S", "road:W"],
            &["hill"],
        ),
        (
            "HS/RR.hG",
            &["field:NESW/0", "field:SW/0", "road:S", "road:W", "spot:"],
            &["hill"],
        ),
        (
            "HS/RrC.h",
            &["city:N", "field:ESW/1", "field:SW/0", "road:SW"],
            &["hill"],
        ),
        (
            "HS/RRr.v",
            &["field:ESW/0", "field:NEW/0", "road:EW", "road:S"],
            &["vineyard"],
        ),
    ];
    let cat = TileCatalogue::build(&sets(&[HS, SPECIAL]), "C2").unwrap();
    assert_eq!(cat.types.len(), expected.len());
    for (id, feats, markers) in expected {
        let t = cat
            .get(cat.by_id(id).unwrap_or_else(|| panic!("{id} missing")))
            .unwrap();
        assert_eq!(fingerprint(t, None), *feats, "{id}");
        let names: Vec<&str> = (0..cat.markers.names().len() as u8)
            .filter(|&m| t.markers & (1 << m) != 0)
            .map(|m| cat.markers.name(m).unwrap())
            .collect();
        assert_eq!(names, *markers, "{id} markers");
    }
    let garden = cat.markers.bit("garden");
    let rrhg = cat.get(cat.by_id("HS/RR.hG").unwrap()).unwrap();
    assert!(rrhg
        .features
        .iter()
        .any(|f| f.kind == FeatureKind::Spot && f.markers & garden != 0));
}

// ------------------------------------------------------------------- T1

#[test]
fn t1_one_city_segment_against_the_double_side_joins_both() {
    // HS/CC!.v turned 180° above the start tile: its double side faces the start city.
    let r = rules();
    let g = run(&r, 2, "draw HS/CC!.v; place 0 -1 2; pass").unwrap();
    let t = g.tile_at(Pos::new(0, -1)).unwrap();
    let (a, b) = (g.feature_of(t, 0).unwrap(), g.feature_of(t, 1).unwrap());
    assert_eq!(
        g.find(a),
        g.find(b),
        "cities A and B joined through the start city"
    );
    assert_eq!(g.find(a), Some(root(&g, TileIndex(0), 0)));
    // TILES.md's check: a BA/C against the double side joins A and B. Here CC!.v lies
    // below the start with its double side open to the south until the C arrives.
    let g = run(&r, 2, "draw HS/CC!.v; place 0 1 2; pass").unwrap();
    let x = g.tile_at(Pos::new(0, 1)).unwrap();
    assert_ne!(root(&g, x, 0), root(&g, x, 1), "apart before");
    let g = run(
        &r,
        2,
        "draw HS/CC!.v; place 0 1 2; pass; draw BA/C; place 0 2 0; pass",
    )
    .unwrap();
    assert_eq!(root(&g, x, 0), root(&g, x, 1), "joined by the C");
}

#[test]
fn t1_city_joined_through_the_double_side_scores_all_its_tiles() {
    // Red's knight on the start city; the double side joins A and B; two caps close
    // them: start + CC!.v + 2 caps = 4 tiles (CC!.v counts once) = 8.
    check(
        &rules(),
        2,
        "draw HS/CC!.v; place 0 -1 2; deploy follower city S
         draw BA/C; place 1 -1 3; pass
         scores 0 0
         draw BA/C; place -1 -1 1; pass",
        &[8, 0],
    );
}

#[test]
fn t1_two_double_sides_join_all_four_segments() {
    // X below the start turned 180°, Y below X: the offset segments join into one city
    // of 2 special tiles and 4 caps = 6 tiles = 12 points.
    let r = rules();
    let g = check(
        &r,
        2,
        "draw HS/CC!.v; place 0 1 2; deploy follower city E
         draw HS/CC!.v; place 0 2 0; pass
         draw BA/C; place 1 1 3; pass
         draw BA/C; place -1 1 1; pass
         draw BA/C; place -1 2 1; pass
         scores 0 0
         draw BA/C; place 1 2 3; pass",
        &[12, 0],
    );
    let x = g.tile_at(Pos::new(0, 1)).unwrap();
    let y = g.tile_at(Pos::new(0, 2)).unwrap();
    let first = root(&g, x, 0);
    for (t, l) in [(x, 1), (y, 0), (y, 1)] {
        assert_eq!(root(&g, t, l), first);
    }
}

#[test]
fn t1_an_open_double_side_keeps_the_city_incomplete() {
    // CC!.v below the start, double side facing south into an empty square Q = (0, 2).
    // A and B are joined round Q by seven tiles, yet the city stays open at Q until
    // a tile fills it: then 9 tiles and 3 pennants score 24.
    let r = rules();
    let ring = "draw HS/CC!.v; place 0 1 2; deploy follower city E
         draw BA/Cc; place 1 1 3; pass
         draw BA/CFc+; place 1 2 1; pass
         draw BA/Cc; place 1 3 0; pass
         draw BA/CFc+; place 0 3 0; pass
         draw BA/CcG; place -1 3 1; pass
         draw BA/CFc; place -1 2 1; pass
         draw BA/Cc+; place -1 1 2; pass";
    let g = run(&r, 2, ring).unwrap();
    let x = g.tile_at(Pos::new(0, 1)).unwrap();
    assert_eq!(root(&g, x, 0), root(&g, x, 1), "A and B joined round Q");
    assert!(
        !g.is_complete(g.feature_of(x, 0).unwrap()).unwrap(),
        "the double side is still open"
    );
    assert_eq!(
        g.open_sides(g.feature_of(x, 0).unwrap()).unwrap(),
        2,
        "both segments still face Q"
    );
    assert_eq!(g.scores(), [0, 0]);
    check(
        &r,
        2,
        &format!("{ring}\ndraw BA/C; place 0 2 0; pass"),
        &[24, 0],
    );
}

// ------------------------------------------------------------------- T2

/// HS/C!.v above the start (turned 180°, its split side facing north): Red farms its
/// board-west field, Blue its board-east field through a cloister tile, and a second
/// completed city borders only the west field.
const SPLIT_FIELD: &str = "
    draw HS/C!.v; place 0 -1 2; deploy follower field W
    draw BA/L; place 1 -1 0; deploy follower field
    draw BA/C; place -1 -1 0; pass
    draw BA/C; place -1 -2 2; pass";

#[test]
fn t2_split_field_side_keeps_its_fields_apart() {
    // West field: the C!.v city and the west city, 6; east field: the C!.v city, 3.
    check(&rules(), 2, &format!("{SPLIT_FIELD}\nend"), &[6, 3]);
}

#[test]
fn t2_a_field_side_against_the_split_side_joins_both_fields() {
    // A BA/C's field against the split side: one field, tied farmers, 2 cities each.
    check(
        &rules(),
        2,
        &format!("{SPLIT_FIELD}\ndraw BA/C; place 0 -2 0; pass\nend"),
        &[6, 6],
    );
}

#[test]
fn t2_two_split_sides_join_neither_cities_nor_opposite_fields() {
    // X above the start (split side north), Y above X (split side south). Red farms
    // X's west field; Blue can still farm Y's east field: east stays apart from west.
    // Y's city is capped; each field borders both completed cities: 6 each.
    let r = rules();
    let g = check(
        &r,
        2,
        "draw HS/C!.v; place 0 -1 2; deploy follower field W
         draw HS/C!.v; place 0 -2 0; deploy follower field E
         draw BA/C; place 0 -3 2; pass
         end",
        &[6, 6],
    );
    let x = g.tile_at(Pos::new(0, -1)).unwrap();
    let y = g.tile_at(Pos::new(0, -2)).unwrap();
    assert_ne!(root(&g, x, 0), root(&g, y, 0), "cities apart");
    // X turned 180°: its printed west field (1) lies on the board's east.
    assert_eq!(root(&g, x, 1), root(&g, y, 2), "board-east fields join");
    assert_eq!(root(&g, x, 2), root(&g, y, 1), "board-west fields join");
    assert_ne!(root(&g, x, 1), root(&g, x, 2), "east and west apart");
}

// ------------------------------------------------------------------- T3

#[test]
fn t3_a_cottage_ends_both_roads() {
    // HS/RFR.h east of the start, turned a quarter: its west road ends at the cottage.
    // With a cloister's road end on the west, the road start-to-cottage is complete: 3.
    check(
        &rules(),
        2,
        "draw HS/RFR.h; place 1 0 1; deploy follower road W
         draw BA/LR; place -1 0 3; pass",
        &[3, 0],
    );
}

#[test]
fn t3_two_city_caps_split_the_fields() {
    // HS/CFC.v below the start: Red farms its north field, and Blue may still farm its
    // south field. Both caps completed: each field borders both cities, 6 each.
    check(
        &rules(),
        2,
        "draw HS/CFC.v; place 0 1 0; deploy follower field N
         draw BA/L; place 0 2 0; deploy follower field
         draw BA/C; place 1 1 3; pass
         draw BA/C; place -1 1 1; pass
         end",
        &[6, 6],
    );
}
