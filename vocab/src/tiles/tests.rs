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
        all.contains("feature 0: slot NL is listed twice (`NL` names it again)"),
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
    assert_eq!(cat.fits[0].mask(req), 0b0100);
    assert_eq!(cat.fits[0].count(req), 1);
    assert_eq!(cat.fits[0].mask(0), 0b1111);
    assert_eq!(cat.fits[0].count(0), 4);
}

/// A river straight (west–east) and, when `names` differ, a tile whose two
/// barrier ends have different names.
const RIVERS: &str = r#"
    name = "r"
    [[tiles]]
    id = "straight"
    counts = { C2 = 1 }
    sides = "FIFI"
    features = [
      { kind = "barrier", name = "river", slots = ["W", "E"] },
      { kind = "field", slots = ["WR", "N", "EL"] },
      { kind = "field", slots = ["ER", "S", "WL"] },
    ]
    [[tiles]]
    id = "mouths"
    counts = { C2 = 1 }
    sides = "IFIF"
    features = [
      { kind = "barrier", name = "river", slots = ["NM"] },
      { kind = "barrier", name = "canal", slots = ["S"] },
      { kind = "field", slots = ["NL", "NR", "E", "SL", "SR", "W"] },
    ]
"#;

#[test]
fn a1_barrier_sides_compile_with_their_names() {
    let cat = TileCatalogue::build(&[set(RIVERS)], "C2").unwrap();
    assert!(cat.has_barriers);
    assert!(
        cat.fits.is_empty() && cat.barrier_fits.len() == 2,
        "no plain fit table"
    );
    let (river, canal) = (
        cat.barriers.get("river").unwrap(),
        cat.barriers.get("canal").unwrap(),
    );
    assert_eq!((river, canal), (1, 2));
    assert_eq!(cat.barriers.name(2), Some("canal"));
    let t = &cat.types[0];
    assert_eq!(t.features[0].slots, 1 << 4 | 1 << 10, "EM and WM");
    assert_eq!(t.rot[0].bars, 1 << 4 | 1 << 12);
    assert_eq!(t.rot[1].bars, 1 | 1 << 8, "turned: N and S");
    assert_eq!(
        t.rot[0].edges,
        [EdgeKind::Field; 4],
        "a field side for the fit table"
    );
    assert_eq!(
        t.sides(Rotation::wrapping(1)).get(Side::N),
        SideKind::Barrier(river)
    );
    assert_eq!(t.distinct_rots, 0b0011);
    // Two different names: turning the tile half round gives another tile.
    let m = &cat.types[1];
    assert_eq!(m.distinct_rots, 0b1111);
    assert_eq!(
        m.sides(Rotation::wrapping(2)).kinds()[0],
        SideKind::Barrier(canal)
    );
    // A catalogue without barriers checks nothing more.
    let plain = set(r#"
        name = "p"
        [[tiles]]
        id = "L"
        counts = { C2 = 1 }
        sides = "FFFF"
        features = [ { kind = "cloister" }, { kind = "field", slots = ["N", "E", "S", "W"] } ]
    "#);
    let plain = TileCatalogue::build(&[plain], "C2").unwrap();
    assert!(!plain.has_barriers && plain.barrier_fits.is_empty() && plain.fits.len() == 1);
}

#[test]
fn a1_barrier_mistakes_are_named() {
    let s = set(r#"
        name = "t"
        [[tiles]]
        id = "nameless"
        counts = { C2 = 1 }
        sides = "FIFF"
        features = [ { kind = "barrier", slots = ["E"] }, { kind = "field", slots = ["N", "EL", "ER", "S", "W"] } ]
        [[tiles]]
        id = "named-road"
        counts = { C2 = 1 }
        sides = "FRFF"
        features = [ { kind = "road", name = "Old Road", slots = ["E"] }, { kind = "field", name = "city", slots = ["N", "EL", "ER", "S", "W"] } ]
        [[tiles]]
        id = "named-tile"
        counts = { C2 = 1 }
        sides = "FFFF"
        features = [ { kind = "cloister", name = "tile" }, { kind = "field", slots = ["N", "E", "S", "W"] } ]
        [[tiles]]
        id = "half"
        counts = { C2 = 1 }
        sides = "IFFF"
        features = [ { kind = "barrier", name = "river", slots = ["NL"] }, { kind = "field", slots = ["NM", "NR", "E", "S", "W"] } ]
        [[tiles]]
        id = "city-bank"
        counts = { C2 = 1 }
        sides = "IFFF"
        features = [
          { kind = "barrier", name = "river", slots = ["N"] },
          { kind = "city", slots = ["NL"] },
          { kind = "field", slots = ["NR", "E", "S", "W"] },
        ]
        [[tiles]]
        id = "unprinted"
        counts = { C2 = 1 }
        sides = "FFFF"
        features = [ { kind = "barrier", name = "river", slots = ["E"] }, { kind = "field", slots = ["N", "EL", "ER", "S", "W"] } ]
    "#);
    let all = TileCatalogue::build(&[s], "C2").unwrap_err().join("\n");
    for want in [
        "tile `nameless`: feature 0 (barrier) needs a `name`",
        "tile `named-road`: feature 0 (road): name `Old Road`: a name is one word of lower-case letters",
        "tile `named-road`: feature 1 (field): name `city`: that is another feature kind's name",
        "tile `named-tile`: feature 0 (cloister): name `tile`: that is a word of the notation",
        "tile `half`: feature 0 (barrier): `NL` is a half slot",
        "tile `city-bank`: side N mixes slot kinds: NL city (feature 1), NM barrier (feature 0)",
        "tile `unprinted`: `sides = \"FFFF\"` but the features give \"FIFF\"",
    ] {
        assert!(all.contains(want), "{want}\n{all}");
    }
}

/// A set named `name` with a start layout of `priority` made of `tiles`
/// (`(id, x, y, rot)`) over a straight road tile `name/R` (3 copies).
fn layout_set(name: &str, priority: i32, tiles: &[(&str, i16, i16, u8)]) -> TileSetSpec {
    let list: Vec<String> = tiles
        .iter()
        .map(|(id, x, y, r)| format!("{{ id = \"{id}\", at = [{x}, {y}], rot = {r} }}"))
        .collect();
    set(&format!(
        r#"
        name = "{name}"
        [start]
        priority = {priority}
        tiles = [{}]
        [[tiles]]
        id = "{name}/R"
        counts = {{ C2 = 3 }}
        sides = "FRFR"
        features = [
          {{ kind = "road", slots = ["W", "E"] }},
          {{ kind = "field", slots = ["WR", "N", "EL"] }},
          {{ kind = "field", slots = ["ER", "S", "WL"] }},
        ]
        "#,
        list.join(", ")
    ))
}

/// A set whose tile `flag/L` (a cloister) is flagged `start = true`, with
/// `count` copies.
fn flagged(count: u16) -> TileSetSpec {
    set(&format!(
        r#"
        name = "flag"
        [[tiles]]
        id = "flag/L"
        counts = {{ C2 = {count} }}
        start = true
        sides = "FFFF"
        features = [ {{ kind = "cloister" }}, {{ kind = "field", slots = ["N", "E", "S", "W"] }} ]
        "#
    ))
}

#[test]
fn a4_the_highest_priority_layout_wins_in_any_order() {
    let a = layout_set("a", 1, &[("a/R", 0, 0, 1), ("a/R", 0, 1, 1)]);
    for sets in [[flagged(1), a.clone()], [a.clone(), flagged(1)]] {
        let cat = TileCatalogue::build(&sets, "C2").unwrap();
        let l = cat.start.as_ref().unwrap();
        assert_eq!((l.set.as_str(), l.priority, l.flag), ("a", 1, false));
        let r = cat.by_id("a/R").unwrap();
        assert_eq!(l.copies(r), 2);
        assert_eq!(l.tiles[1].pos, Pos::new(0, 1));
    }
    // The flag alone: one tile at (0, 0); without copies it is no candidate.
    let cat = TileCatalogue::build(&[flagged(1)], "C2").unwrap();
    let l = cat.start.unwrap();
    assert!(l.flag && l.priority == 0 && l.tiles[0].pos == Pos::new(0, 0));
    assert!(TileCatalogue::build(&[flagged(0)], "C2")
        .unwrap()
        .start
        .is_none());
    // The same layout twice is no conflict.
    let b = layout_set("b", 1, &[("a/R", 0, 0, 1), ("a/R", 0, 1, 1)]);
    let cat = TileCatalogue::build(&[a, b], "C2").unwrap();
    assert_eq!(cat.start.unwrap().set, "a");
}

#[test]
fn a4_layout_conflicts_and_mistakes_are_named_with_their_set() {
    let a = layout_set("a", 2, &[("a/R", 0, 0, 0)]);
    let b = layout_set("b", 2, &[("a/R", 0, 0, 1)]);
    let errs = TileCatalogue::build_located(&[flagged(1), a, b], "C2").unwrap_err();
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].set, Some(2));
    assert_eq!(
        errs[0].message,
        "two different start layouts of priority 2: tile set `a` (`[start]`: `a/R` at 0 0) and \
         tile set `b` (`[start]`: `a/R` at 0 0); give one a higher `[start] priority` or leave one tile set out"
    );
    let bad = layout_set(
        "c",
        1,
        &[
            ("nowhere", 0, 0, 0),
            ("c/R", 0, 0, 4),
            ("c/R", 0, 0, 0),
            ("c/R", 40, 0, 0),
        ],
    );
    let all = TileCatalogue::build(&[bad], "C2").unwrap_err().join("\n");
    for want in [
        "tile set `c`, `[start]`: tile 0: no tile `nowhere` in the tile sets",
        "tile 1 (`c/R`): rot = 4: expected 0 to 3",
        "tile 2 (`c/R`): two start tiles at 0 0",
        "tile 3 (`c/R`): at = [40, 0]: start tiles stand within 32 of [0, 0]",
    ] {
        assert!(all.contains(want), "{want}\n{all}");
    }
    // Neighbouring start tiles must fit: a road end against a field side.
    let clash = layout_set("d", 1, &[("d/R", 0, 0, 0), ("d/R", 1, 0, 1)]);
    let all = TileCatalogue::build(&[clash], "C2").unwrap_err().join("\n");
    assert!(
        all.contains("`d/R` at 0 0 and `d/R` at 1 0 do not fit: E side Road against Field"),
        "{all}"
    );
}

#[test]
fn a_tile_defined_twice_names_its_one_set_or_both() {
    let tile = r#"
        [[tiles]]
        id = "F"
        counts = { C2 = 1 }
        start = true
        sides = "FFFF"
        features = [{ kind = "field", slots = ["N", "E", "S", "W"] }]
    "#;
    let twice = set(&format!("name = \"a\"\n{tile}{tile}"));
    let e = TileCatalogue::build(&[twice], "C2").unwrap_err();
    assert_eq!(e, ["tile `F` is defined twice in tile set `a`"]);
    let (a, b) = (
        set(&format!("name = \"a\"\n{tile}")),
        set(&format!("name = \"b\"\n{tile}")),
    );
    let e = TileCatalogue::build(&[a, b], "C2").unwrap_err();
    assert_eq!(e, ["tile `F` is defined twice: in tile sets `a` and `b`"]);
}

#[test]
fn a_slot_or_side_a_feature_lists_twice_is_named() {
    // The input audit: a field's side listed twice was accepted silently,
    // and a slot read "owned by features 0 and 0".
    let s = set(r#"
        name = "t"
        [[tiles]]
        id = "twice"
        counts = { C2 = 1 }
        sides = "FFFF"
        features = [
          { kind = "field", slots = ["N", "E", "S", "W", "N"] },
          { kind = "cloister" },
        ]
    "#);
    let errs = TileCatalogue::build(&[s], "C2").unwrap_err();
    assert_eq!(errs, ["tile `twice`: feature 0: side N is listed twice"]);
}
