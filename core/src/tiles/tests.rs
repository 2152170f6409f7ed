//! Unit tests of tile compilation.

use super::*;

fn set(toml_text: &str) -> TileSetSpec {
    toml::from_str(toml_text).unwrap()
}

#[test]
fn rotate_mask_moves_slots_clockwise() {
    // NL (bit 0) rotated once lands on EL (bit 3).
    assert_eq!(rotate_mask(1, 1), 1 << 3);
    assert_eq!(rotate_mask(1 << 11, 1), 1 << 2);
    assert_eq!(rotate_mask(0b111, 4), 0b111);
}

#[test]
fn road_city_tile_compiles_with_side_names() {
    let s = set(r#"
        name = "t"
        [[tiles]]
        id = "RCr"
        counts = { C2 = 2 }
        sides = "CRFR"
        features = [
          { kind = "city", slots = ["N"] },
          { kind = "road", slots = ["E", "W"] },
          { kind = "field", slots = ["EL", "WR"], adj = [0] },
          { kind = "field", slots = ["ER", "S", "WL"], adj = [0] },
        ]
    "#);
    let cat = TileCatalogue::build(&[s], "C2").unwrap();
    let t = &cat.types[0];
    assert_eq!(t.count, 2);
    assert_eq!(t.features[1].slots, (1 << 4) | (1 << 10));
    assert_eq!(t.features[3].slots, (1 << 5) | (0b111 << 6) | (1 << 9));
    assert_eq!(t.features[3].side_count, 3);
    assert_eq!(t.distinct_rots, 0b1111);
    // Rotation 1: city faces east.
    assert_eq!(t.rot[1].edges[1], EdgeKind::City);
}

#[test]
fn symmetric_tiles_have_fewer_rotations() {
    let s = set(r#"
        name = "t"
        [[tiles]]
        id = "RFr"
        counts = { C2 = 1 }
        sides = "FRFR"
        features = [
          { kind = "road", slots = ["W", "E"] },
          { kind = "field", slots = ["WR", "N", "EL"] },
          { kind = "field", slots = ["ER", "S", "WL"] },
        ]
        [[tiles]]
        id = "L"
        counts = { C2 = 1 }
        sides = "FFFF"
        features = [ { kind = "cloister" }, { kind = "field", slots = ["N", "E", "S", "W"] } ]
    "#);
    let cat = TileCatalogue::build(&[s], "C2").unwrap();
    assert_eq!(cat.types[0].distinct_rots, 0b0011);
    assert_eq!(
        cat.types[0].same_rotation.map(Rotation::index),
        [0, 1, 0, 1]
    );
    assert_eq!(cat.types[1].distinct_rots, 0b0001);
    assert_eq!(cat.types[1].same_rotation, [Rotation::R0; 4]);
}

#[test]
fn errors_are_all_reported() {
    let s = set(r#"
        name = "t"
        [[tiles]]
        id = "bad"
        counts = { C3 = 1 }
        sides = "CCCC"
        features = [
          { kind = "city", slots = ["N", "NL"] },
          { kind = "field", slots = ["X"], adj = [5] },
          { kind = "cloister", slots = ["S"] },
        ]
    "#);
    let errs = TileCatalogue::build(&[s], "C2").unwrap_err();
    let all = errs.join("\n");
    assert!(all.contains("unknown edition `C3`"), "{all}");
    assert!(
        all.contains("slot NL is owned by features 0 and 0"),
        "{all}"
    );
    assert!(all.contains("`X` is neither a slot"), "{all}");
    assert!(all.contains("adj 5 is not a city"), "{all}");
    assert!(all.contains("cannot own slots"), "{all}");
}

#[test]
fn a_side_mixing_slot_kinds_is_rejected_with_the_tile_side_and_slots() {
    // A city on NL only and a field on NM NR: placement compares whole sides,
    // so that field would be joined to a neighbour's city.
    let s = set(r#"
        name = "t"
        [[tiles]]
        id = "mixed"
        counts = { C2 = 1 }
        sides = "CFFF"
        features = [
          { kind = "city", slots = ["NL"] },
          { kind = "field", slots = ["NM", "NR", "E", "S", "W"], adj = [0] },
        ]
        [[tiles]]
        id = "road-off-centre"
        counts = { C2 = 1 }
        sides = "RFFF"
        features = [
          { kind = "road", slots = ["NL"] },
          { kind = "field", slots = ["NM", "NR", "E", "S", "W"] },
        ]
    "#);
    let all = TileCatalogue::build(&[s], "C2").unwrap_err().join("\n");
    assert!(
        all.contains(
            "tile `mixed`: side N mixes slot kinds: NL city (feature 0), NM field (feature 1), NR field (feature 1)"
        ),
        "{all}"
    );
    assert!(
        all.contains("tile `road-off-centre`: side N mixes slot kinds: NL road (feature 0)"),
        "{all}"
    );
    // The Hills & Sheep shapes stay legal: two city segments on one side, and a
    // field side split in two with a middle slot owned by nobody.
    let ok = set(r#"
        name = "t"
        [[tiles]]
        id = "two-cities"
        counts = { C2 = 1 }
        start = true
        sides = "CFFF"
        features = [
          { kind = "city", slots = ["NL", "NM"] },
          { kind = "city", slots = ["NR"] },
          { kind = "field", slots = ["EL", "ER", "SL", "SR", "WL", "WR"] },
        ]
    "#);
    assert!(TileCatalogue::build(&[ok], "C2").is_ok());
}

#[test]
fn fit_table_matches_sides() {
    let s = set(r#"
        name = "t"
        [[tiles]]
        id = "C"
        counts = { C2 = 1 }
        sides = "CFFF"
        features = [ { kind = "city", slots = ["N"] }, { kind = "field", slots = ["E", "S", "W"], adj = [0] } ]
    "#);
    let cat = TileCatalogue::build(&[s], "C2").unwrap();
    // Neighbour to the south needs a city on our S side: only rotation 2.
    let req = (EdgeKind::City as u8) << 4;
    assert_eq!(cat.fits[0].fit[req as usize], 0b0100);
    assert_eq!(cat.fits[0].fit[0], 0b1111);
}
