//! The Princess and the Dragon tile set as data: the census and the geometry
//! checks of `shared/expansions/princess-and-dragon.md` (section 3), with exact
//! points or exact figure positions. No plugin is enabled here: the markers are
//! inert, so the tiles play as ordinary land tiles.
//!
//! The start tile BA/RCr lies at (0, 0): city north, road west–east. y grows
//! southwards; `place X Y R` turns the tile R quarter turns clockwise. Player 0
//! is Red, player 1 Blue; they alternate.

use crate::census::{copies, count, feature_has, fingerprint};
use carcassonne_core::scenario::{check, run};
use carcassonne_core::*;
use std::sync::Arc;

const BASE: &str = include_str!("../../../configs/tilesets/base.toml");
const PD: &str = include_str!("../../../configs/tilesets/princess-and-dragon.toml");

fn sets(texts: &[&str]) -> Vec<TileSetSpec> {
    texts
        .iter()
        .map(|t| toml::from_str(t).expect("tile set parses"))
        .collect()
}

fn catalogue(texts: &[&str], edition: &str) -> TileCatalogue {
    TileCatalogue::build(&sets(texts), edition).expect("tiles compile")
}

/// The root of local feature `l` of placed tile `t`.
fn root(g: &Game, t: TileIndex, l: u8) -> FeatureId {
    g.find(g.feature_of(t, l).unwrap()).unwrap()
}

/// The base game plus the Princess and the Dragon tiles, no plugin.
fn rules() -> Arc<Rules> {
    let cat = catalogue(&[BASE, PD], "C2");
    Arc::new(Rules::new("pd tiles", cat, CoreOptions::default(), vec![]).expect("rules"))
}

fn slot_mask(names: &[&str]) -> u16 {
    names
        .iter()
        .map(|n| 1u16 << types::SLOT_NAMES.iter().position(|s| s == n).expect("slot"))
        .fold(0, |a, b| a | b)
}

// ------------------------------------------------------------------ census

#[test]
fn thirty_tiles_per_edition_by_kind_of_symbol() {
    for ed in ["C1", "C2"] {
        let cat = catalogue(&[PD], ed);
        let [volcano, dragon, portal, princess, garden] =
            ["volcano", "dragon", "portal", "princess", "garden"].map(|m| cat.markers.bit(m));
        assert_eq!(copies(&cat, |_| true), 30, "{ed}");
        assert_eq!(cat.types.iter().filter(|t| t.count > 0).count(), 29, "{ed}");
        assert_eq!(
            copies(&cat, |t| t.markers & volcano != 0),
            6,
            "{ed} volcanoes"
        );
        assert_eq!(
            copies(&cat, |t| t.markers & dragon != 0),
            12,
            "{ed} dragons"
        );
        assert_eq!(copies(&cat, |t| t.markers & portal != 0), 6, "{ed} portals");
        assert_eq!(
            copies(&cat, |t| feature_has(t, princess)),
            6,
            "{ed} princesses"
        );
        // Each tile shows one symbol at most.
        let symbols = |t: &TileType| {
            [volcano, dragon, portal]
                .iter()
                .filter(|&&b| t.markers & b != 0)
                .count()
                + usize::from(feature_has(t, princess))
        };
        assert!(cat.types.iter().all(|t| symbols(t) == 1), "{ed}");
        // 3 tiles with one pennant each.
        assert_eq!(
            copies(&cat, |t| t.features.iter().any(|f| f.pennants > 0)),
            3
        );
        let pennants: u32 = cat
            .types
            .iter()
            .map(|t| {
                u32::from(t.count)
                    * t.features
                        .iter()
                        .map(|f| u32::from(f.pennants))
                        .sum::<u32>()
            })
            .sum();
        assert_eq!(pennants, 3, "{ed} pennants");
        // The edition difference: two tiles gain a garden in C2.
        let gardens = copies(&cat, |t| feature_has(t, garden));
        assert_eq!(gardens, if ed == "C1" { 0 } else { 2 }, "{ed} gardens");
        // Nothing here is a start tile.
        assert!(cat.start.is_none());
    }
    let c1 = catalogue(&[PD], "C1");
    let c2 = catalogue(&[PD], "C2");
    for (old, new) in [("PD/C.d", "PD/C.dG"), ("PD/Cc.p", "PD/Cc.pG")] {
        assert_eq!(count(&c1, old), 1, "{old} C1");
        assert_eq!(count(&c2, old), 0, "{old} C2");
        assert_eq!(count(&c1, new), 0, "{new} C1");
        assert_eq!(count(&c2, new), 1, "{new} C2");
    }
    // With the base game: 72 + 30.
    assert_eq!(catalogue(&[BASE, PD], "C1").total(), 102);
    assert_eq!(catalogue(&[BASE, PD], "C2").total(), 102);
}

#[test]
fn every_tile_connects_as_the_spec_table_says() {
    const CITY_N: &[&str] = &["city:N", "field:ESW/1"];
    const RR: &[&str] = &["field:NESW/0", "field:SW/0", "road:SW"];
    const RFR: &[&str] = &["field:ESW/0", "field:NEW/0", "road:EW"];
    const RRR: &[&str] = &[
        "field:ES/0",
        "field:NEW/0",
        "field:SW/0",
        "road:E",
        "road:S",
        "road:W",
    ];
    const RRC: &[&str] = &["city:N", "field:ESW/1", "field:SW/0", "road:SW"];
    const CRR: &[&str] = &["city:N", "field:ES/0", "field:ESW/1", "road:ES"];
    const CCRR: &[&str] = &["city:NW", "field:ES/0", "field:ES/1", "road:ES"];
    const CCC: &[&str] = &["city:NEW", "field:S/1"];
    const CC: &[&str] = &["city:NW", "field:ES/1"];
    let expected: &[(&str, &[&str], &[&str])] = &[
        ("PD/F.v", &["field:NESW/0"], &["volcano"]),
        ("PD/R.v", &["field:NESW/0", "road:S"], &["volcano"]),
        ("PD/C.v", CITY_N, &["volcano"]),
        ("PD/CC.v", &["city:E", "city:N", "field:SW/2"], &["volcano"]),
        ("PD/Rr.v", RR, &["volcano"]),
        ("PD/RFr.v", RFR, &["volcano"]),
        ("PD/C.d", CITY_N, &["dragon"]),
        ("PD/C.dG", &["city:N", "field:ESW/1", "spot:"], &["dragon"]),
        (
            "PD/LRRR.d",
            &[
                "cloister:",
                "field:ES/0",
                "field:NEW/0",
                "field:SW/0",
                "road:E",
                "road:S",
                "road:W",
            ],
            &["dragon"],
        ),
        ("PD/RRR.d", RRR, &["dragon"]),
        (
            "PD/LCcc.d",
            &["city:NEW", "cloister:", "field:S/1"],
            &["dragon"],
        ),
        ("PD/Rr.d", RR, &["dragon"]),
        ("PD/RFr.d", RFR, &["dragon"]),
        ("PD/Cc.d", CC, &["dragon"]),
        (
            "PD/CFc+.d",
            &["city:EW", "field:N/1", "field:S/1"],
            &["dragon"],
        ),
        (
            "PD/CRcr.d",
            &["city:EW", "field:N/1", "field:S/1", "road:NS"],
            &["dragon"],
        ),
        ("PD/RrC.d", RRC, &["dragon"]),
        ("PD/CRr.d", CRR, &["dragon"]),
        (
            "PD/RrRr.g",
            &[
                "field:ES/0",
                "field:NESW/0",
                "field:NW/0",
                "road:ES",
                "road:NW",
            ],
            &["portal"],
        ),
        ("PD/RRR.g", RRR, &["portal"]),
        ("PD/Ccc+.g", CCC, &["portal"]),
        ("PD/CcRr.g", CCRR, &["portal"]),
        ("PD/RrC.g", RRC, &["portal"]),
        ("PD/CRr.g", CRR, &["portal"]),
        (
            "PD/CRRR.p",
            &[
                "city:N",
                "field:ES/0",
                "field:EW/1",
                "field:SW/0",
                "road:E",
                "road:S",
                "road:W",
            ],
            &[],
        ),
        (
            "PD/CCc+.p",
            &["city:ES", "city:N", "field:*/2", "field:W/1"],
            &[],
        ),
        ("PD/Ccc.p", CCC, &[]),
        ("PD/Cc!.p", &["city:NW", "field:E/1", "field:S/1"], &[]),
        ("PD/Cc.p", CC, &[]),
        ("PD/Cc.pG", &["city:NW", "field:ES/1", "spot:"], &[]),
        ("PD/CcRr.p", CCRR, &[]),
    ];
    let cat = catalogue(&[PD], "C2");
    assert_eq!(cat.types.len(), expected.len());
    for (id, feats, markers) in expected {
        let t = cat
            .get(cat.by_id(id).unwrap_or_else(|| panic!("{id} missing")))
            .unwrap();
        let mut feats = feats.to_vec();
        feats.sort();
        assert_eq!(fingerprint(t, None), feats, "{id}");
        let names: Vec<&str> = (0..cat.markers.names().len() as u8)
            .filter(|&m| t.markers & (1 << m) != 0)
            .map(|m| cat.markers.name(m).unwrap())
            .collect();
        assert_eq!(names, *markers, "{id} tile markers");
    }
}

#[test]
fn the_princess_marks_one_city_segment_and_pennants_sit_where_printed() {
    let cat = catalogue(&[PD], "C2");
    let princess = cat.markers.bit("princess");
    let pennant = cat.markers.bit("pennant");
    for t in &cat.types {
        let marked: Vec<usize> = (0..t.features.len())
            .filter(|&i| t.features[i].markers & princess != 0)
            .collect();
        if t.id.ends_with(".p") || t.id.ends_with(".pG") {
            assert_eq!(marked, [0], "{}: the princess is on city 0", t.id);
            assert_eq!(t.features[0].kind, FeatureKind::City, "{}", t.id);
        } else {
            assert!(marked.is_empty(), "{}", t.id);
        }
    }
    // PD/CCc+.p: the princess on the N cap (A), the pennant on the E+S city (B).
    let t = cat.get(cat.by_id("PD/CCc+.p").unwrap()).unwrap();
    assert_eq!(t.features[0].slots, slot_mask(&["NL", "NM", "NR"]));
    assert_eq!(t.features[0].markers & pennant, 0);
    assert_eq!(t.features[1].markers & (princess | pennant), pennant);
    assert_eq!(t.features[1].pennants, 1);
}

// --------------------------------------------------------- geometry checks

#[test]
fn crcr_d_the_tunnel_road_runs_north_south_and_leaves_two_unbroken_fields() {
    let cat = catalogue(&[PD], "C2");
    let t = cat.get(cat.by_id("PD/CRcr.d").unwrap()).unwrap();
    assert_eq!(
        t.features[1].slots,
        slot_mask(&["NM", "SM"]),
        "one road N–S"
    );
    assert_eq!(t.features[2].slots, slot_mask(&["NL", "NR"]));
    assert_eq!(t.features[3].slots, slot_mask(&["SL", "SR"]));
    // On the board: turned once, east of the start, its road continues the start's
    // road and its printed north field (now on the east side) is one field on both
    // sides of the road. Red farms it; a road-straight tile to its east offers
    // Blue no field at all, north or south of the road, and the road is free.
    let r = rules();
    let g = run(
        &r,
        2,
        "draw PD/CRcr.d; place 1 0 1; deploy follower field EL
         draw BA/RFr; place 2 0 0",
    )
    .unwrap();
    let opts: Vec<String> = g
        .legal_actions()
        .unwrap()
        .into_iter()
        .map(|a| g.format_action(a))
        .collect();
    assert_eq!(opts, ["pass", "deploy follower 0"], "only the road");
    let x = g.tile_at(Pos::new(1, 0)).unwrap();
    assert_ne!(
        root(&g, x, 2),
        root(&g, x, 3),
        "the fields on either side of the city stay apart"
    );
    assert_eq!(
        root(&g, x, 1),
        root(&g, TileIndex(0), 1),
        "the tunnel road continues the start's road"
    );
}

#[test]
fn lcccd_a_monk_and_a_knight_share_the_tile_and_the_cloister_completes_with_the_city_open() {
    // PD/LCcc.d above the start, turned 180° (its city on the board's E, S and W,
    // the south side joining the start's city). Red's monk on the cloister; Blue's
    // knight joins the city from the east. Six more tiles surround the cloister
    // while the city stays open to the west (BA/CFc): the cloister scores 9 for
    // Red; at the end Blue's unfinished city (LCcc.d, start, C, CFc) scores 4.
    check(
        &rules(),
        2,
        "draw PD/LCcc.d; place 0 -1 2; deploy follower cloister
         draw BA/C; place 1 -1 3; deploy follower city W
         draw BA/CFc; place -1 -1 0; pass
         draw BA/L; place 0 -2 0; pass
         draw BA/L; place -1 -2 0; pass
         draw BA/L; place 1 -2 0; pass
         draw BA/RFr; place -1 0 0; pass
         scores 0 0
         draw BA/RFr; place 1 0 0; pass
         scores 9 0
         end",
        &[9, 4],
    );
}

#[test]
fn cc_p_the_east_and_south_fields_are_separate() {
    // PD/Cc!.p above the start turned 180°: its printed S field faces north, its
    // printed E field west. Red farms the north one; Blue may still farm the west
    // one from a cloister tile. A cap closes the city (3 tiles, nobody's): each
    // farmer then borders one completed city, 3 points each.
    check(
        &rules(),
        2,
        "draw PD/Cc!.p; place 0 -1 2; deploy follower field N
         draw BA/L; place -1 -1 0; deploy follower field
         draw BA/C; place 1 -1 3; pass
         scores 0 0
         end",
        &[3, 3],
    );
}

#[test]
fn rrrr_g_the_band_between_the_two_curves_is_one_field() {
    let cat = catalogue(&[PD], "C2");
    let t = cat.get(cat.by_id("PD/RrRr.g").unwrap()).unwrap();
    assert_eq!(t.features[0].slots, slot_mask(&["NM", "WM"]));
    assert_eq!(t.features[1].slots, slot_mask(&["SM", "EM"]));
    assert_eq!(t.features[2].slots, slot_mask(&["NL", "WR"]));
    assert_eq!(t.features[3].slots, slot_mask(&["SL", "ER"]));
    assert_eq!(t.features[4].slots, slot_mask(&["NR", "EL", "SR", "WL"]));
}

#[test]
fn ccc_p_the_inner_field_is_closed_at_placement_and_borders_both_cities() {
    // PD/CCc+.p above the start: its E+S city (B, pennant) joins the start's city;
    // the inner field (local 3) is closed at once, the west field is not.
    let r = rules();
    let g = run(&r, 2, "draw PD/CCc+.p; place 0 -1 0; deploy follower 3").unwrap();
    let t = g.tile_at(Pos::new(0, -1)).unwrap();
    assert!(g.is_complete(g.feature_of(t, 3).unwrap()).unwrap());
    assert!(!g.is_complete(g.feature_of(t, 2).unwrap()).unwrap());
    // Red farms the inner field; both cities are closed by caps (nobody's): the
    // inner field borders both, 3 + 3 at the end.
    check(
        &r,
        2,
        "draw PD/CCc+.p; place 0 -1 0; deploy follower 3
         draw BA/C; place 0 -2 2; pass
         draw BA/C; place 1 -1 3; pass
         scores 0 0
         end",
        &[6, 0],
    );
}
