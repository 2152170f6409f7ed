//! The river's banks and ordinary features (RV17–RV19, RV22–RV24) and its
//! interactions with the other expansions (X37–X44 of
//! `shared/expansions/the-river.md`) and BB4 with the bridges, compiled in and
//! loaded from the official library, with exact points or placements.
//! Geometry as in `river.rs`: the spring at (0, 0), its river flowing east.

use crate::common::*;
use crate::river::{after, both, in_bag, is_river, placements, river, ty};
use carcassonne_core::{Action, Event, FigureOption, Game, PlayerId, Pos, Rng, Rules};
use std::collections::BTreeSet;
use std::sync::Arc;

/// `[tiles.counts]` lines setting every tile of tile set `set` to 0 but `keep`.
fn only(set: &str, keep: &[(&str, u32)]) -> String {
    let spec = carcassonne_host::tilesets::load(set, None).expect("built in");
    let mut s = String::new();
    for t in &spec.tiles {
        let n = keep
            .iter()
            .find(|(id, _)| *id == t.id)
            .map_or(0, |&(_, n)| n);
        s += &format!("\"{}\" = {n}\n", t.id);
    }
    s
}

/// Base + River I holding only `keep` of the river tiles, with `more` tables.
fn river_one_with(keep: &[(&str, u32)], more: &str) -> String {
    river(
        r#""base", "the-river""#,
        "C2",
        "",
        &format!("{more}\n[tiles.counts]\n{}", only("the-river", keep)),
    )
}

/// Base + River II holding only `keep` of the river tiles, with `options` for
/// the river and `more` tables.
fn river_two_with(keep: &[(&str, u32)], options: &str, more: &str) -> String {
    river(
        r#""base", "the-river-ii""#,
        "C2",
        options,
        &format!("{more}\n[tiles.counts]\n{}", only("the-river-ii", keep)),
    )
}

/// The local feature of tile `t` holding slot `slot` (N NL... clockwise, 0–11).
fn local_with_slot(g: &Game, t: carcassonne_core::TileIndex, slot: u16) -> u8 {
    (0..g.tile_feature_count(t).unwrap())
        .find(|&l| g.tile_feature_slots(t, l).unwrap() & (1 << slot) != 0)
        .expect("a feature owns the slot")
}

// ------------------------------------------------------- banks and tiles

#[test]
fn rv17_the_river_parts_the_fields_of_its_two_banks() {
    for r in both(&river_one_with(&[("RI.1/IFI", 1)], "")) {
        let g = after(&r, "draw RI.1/IFI; place 1 0 0; pass");
        let t = g.tile_at(Pos::new(1, 0)).unwrap();
        // Slot 0 (NL) lies on the north bank, slot 7 (SM) on the south bank:
        // two fields of the tile, the river (EM, slot 4) between them.
        let (north, south) = (local_with_slot(&g, t, 0), local_with_slot(&g, t, 7));
        assert_ne!(north, south, "two banks, two fields");
        let river = g.feature_of(t, local_with_slot(&g, t, 4)).unwrap();
        assert_eq!(
            g.feature_kind(river),
            Some(carcassonne_core::FeatureKind::Barrier)
        );
        let offered = g_after_place_options(&r, "draw RI.1/IFI; place 1 0 0");
        assert_eq!(offered, 2, "a follower on either bank, none on the river");
    }
    // Where no spring or lake field joins them (`split`), the banks stay two
    // fields on the board.
    let split = river(
        r#""base", "the-river""#,
        "C2",
        "spring-lake-fields = \"split\"",
        &format!("[tiles.counts]\n{}", only_but_lakes(&[("RI.1/IFI", 1)])),
    );
    let g = after(&rules(&split), "draw RI.1/IFI; place 1 0 0; pass");
    let t = g.tile_at(Pos::new(1, 0)).unwrap();
    let field = |slot| g.find(g.feature_of(t, local_with_slot(&g, t, slot)).unwrap());
    assert_ne!(field(0), field(7));
}

/// How many deployments the figure step offers after `script`.
fn g_after_place_options(r: &Arc<Rules>, script: &str) -> usize {
    after(r, script)
        .legal_actions()
        .unwrap()
        .into_iter()
        .filter(|a| matches!(a, Action::Figure(FigureOption::Deploy { .. })))
        .count()
}

#[test]
fn rv18_one_field_wraps_round_the_spring_and_joins_both_banks() {
    for r in both(&river_one_with(&[("RI.1/IFI", 1)], "")) {
        let g = after(&r, "draw RI.1/IFI; place 1 0 0; pass");
        let t = g.tile_at(Pos::new(1, 0)).unwrap();
        let spring = g.tile_at(Pos::new(0, 0)).unwrap();
        let field = |t, slot| g.find(g.feature_of(t, local_with_slot(&g, t, slot)).unwrap());
        // Both banks of the straight (its WR slot 11 north, WL slot 9 south)
        // join the spring's one field.
        assert_eq!(field(t, 11), field(spring, 0));
        assert_eq!(field(t, 9), field(spring, 0));
        assert_eq!(field(t, 11), field(t, 9));
    }
}

#[test]
fn rv18_split_the_spring_and_the_lake_part_their_fields_along_the_river() {
    let keep = [("RI.1/IFI", 1)];
    let split = river(
        r#""base", "the-river""#,
        "C2",
        "spring-lake-fields = \"split\"",
        &format!("[tiles.counts]\n{}", only_but_lakes(&keep)),
    );
    for r in both(&split) {
        let g = Game::new(r.clone(), 2, 0).unwrap();
        let spring = g.tile_at(Pos::new(0, 0)).unwrap();
        assert_eq!(
            g.tile_type_name(g.tile_type_id(spring).unwrap()),
            Some("RI/s.split"),
            "the split twin starts"
        );
        assert_eq!(
            (in_bag(&g, "RI.1/I.e"), in_bag(&g, "RI.1/I.e.split")),
            (0, 1)
        );
        let g = after(
            &r,
            "draw RI.1/IFI; place 1 0 0; pass; draw RI.1/I.e.split; place 2 0 0; pass",
        );
        let field = |x, slot| {
            let t = g.tile_at(Pos::new(x, 0)).unwrap();
            g.find(g.feature_of(t, local_with_slot(&g, t, slot)).unwrap())
        };
        // North bank (NL, slot 0) and south bank (SR, slot 8) stay apart from
        // the spring to the lake.
        for x in 0..3 {
            assert_ne!(field(x, 0), field(x, 8), "x = {x}");
            assert_eq!(field(x, 0), field(0, 0), "x = {x}: one north bank");
            assert_eq!(field(x, 8), field(0, 8), "x = {x}: one south bank");
        }
    }
    // The default joins both banks round both ends.
    let one = river(
        r#""base", "the-river""#,
        "C2",
        "",
        &format!("[tiles.counts]\n{}", only_but_lakes(&keep)),
    );
    let g = after(
        &rules(&one),
        "draw RI.1/IFI; place 1 0 0; pass; draw RI.1/I.e; place 2 0 0; pass",
    );
    let t = g.tile_at(Pos::new(1, 0)).unwrap();
    let field = |slot| g.find(g.feature_of(t, local_with_slot(&g, t, slot)).unwrap());
    assert_eq!(field(0), field(8));
}

#[test]
fn rv18_split_with_both_rivers_swaps_the_volcano_lake_for_its_twin() {
    let text = river(
        r#""base", "the-river", "the-river-ii""#,
        "C2",
        "spring-lake-fields = \"split\"",
        "",
    );
    for r in both(&text) {
        let g = Game::new(r, 2, 0).unwrap();
        let counts: Vec<usize> = ["RI.1/I.e", "RI.1/I.e.split", "RI.2/I.v", "RI.2/I.v.split"]
            .iter()
            .map(|id| in_bag(&g, id))
            .collect();
        assert_eq!(counts, [0, 0, 0, 1], "RV4 first, then the twin");
        let rivers = g.bag().iter().filter(|&&t| is_river(&g, t)).count();
        assert_eq!(rivers, 21);
    }
}

/// `[tiles.counts]` for River I holding only `keep`, the lake and its split
/// twin left at their data's counts (one lake, no twin) for the plugin to swap.
fn only_but_lakes(keep: &[(&str, u32)]) -> String {
    only("the-river", keep)
        .lines()
        .filter(|l| !l.contains("I.e"))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn rv19_a_city_on_a_river_tile_is_an_ordinary_city() {
    for r in both(&river_one_with(&[("RI.1/CICI", 1)], "")) {
        // CICI: city N, river E–W, city S. Red's knight on the north city; a
        // land tile closes it: 2 tiles, 4 points.
        let g = after(
            &r,
            "draw RI.1/CICI; place 1 0 0; deploy follower city N; \
             draw BA/C; place 1 -1 2; pass",
        );
        assert_eq!(g.scores(), &[4, 0][..]);
    }
}

#[test]
fn rv23_the_bridge_road_of_river_ii_carries_the_inn_marker() {
    let r = rules(&river_two_with(&[("RI.2/RIrI", 1)], "", ""));
    let g = Game::new(r.clone(), 2, 0).unwrap();
    let bridge = ty(&g, "RI.2/RIrI");
    let inn = r.tiles.markers.bit("inn");
    let marked: Vec<_> = (0..g.tile_type_feature_count(bridge).unwrap())
        .filter(|&l| g.tile_type_feature_markers(bridge, l).unwrap() & inn != 0)
        .map(|l| g.tile_type_feature_kind(bridge, l).unwrap())
        .collect();
    assert_eq!(marked, [carcassonne_core::FeatureKind::Road]);
    // Without `inns` the marker means nothing: the 3-tile road scores 3.
    let g = after(&r, BRIDGE_ROAD);
    assert_eq!(g.scores(), &[3, 0][..]);
}

/// River II's bridge east of the spring, its road north–south with Red's
/// thief, closed by two cloisters with a road: a road of 3 tiles.
const BRIDGE_ROAD: &str = "draw RI.2/RIrI; place 1 0 1; deploy follower road N; \
                           draw BA/LR; place 1 -1 0; pass; \
                           draw BA/LR; place 1 1 2; pass";

#[test]
fn x40_with_inns_the_bridge_road_scores_two_per_tile() {
    let text = river_two_with(&[("RI.2/RIrI", 1)], "", "[plugins.inns]\n");
    for r in both(&text) {
        let g = after(&r, BRIDGE_ROAD);
        assert_eq!(g.scores(), &[6, 0][..]);
    }
}

#[test]
fn rv24_the_outer_field_of_the_herd_curve_carries_the_pig_herd_marker() {
    let r = rules(&river_two_with(
        &[("RI.2/II+", 1)],
        "",
        "[plugins.pig-herd]\n",
    ));
    let g = Game::new(r.clone(), 2, 0).unwrap();
    let curve = ty(&g, "RI.2/II+");
    let herd = r.tiles.markers.bit("pig-herd");
    let marked: Vec<_> = (0..g.tile_type_feature_count(curve).unwrap())
        .filter(|&l| g.tile_type_feature_markers(curve, l).unwrap() & herd != 0)
        .map(|l| g.tile_type_feature_slots(curve, l).unwrap())
        .collect();
    // Slots WL (9), S (6–8), E (3–5) and NR (2): the field outside the curve.
    let outer: u16 = (1 << 9) | (0b111 << 6) | (0b111 << 3) | (1 << 2);
    assert_eq!(marked, [outer]);
}

// ------------------------------------------------------------ interactions

#[test]
fn x37_no_hill_in_the_river_phase_and_no_river_tile_under_a_hill() {
    let r = config("the-river-hills-and-sheep.toml");
    let g0 = Game::new(r.clone(), 2, 0).unwrap();
    let hill = r.tiles.markers.bit("hill");
    for seed in 0..4 {
        let mut g = Game::new(r.clone(), 2, seed).unwrap();
        g.set_logging(true);
        let mut rng = Rng::new(seed);
        let (mut drawn, mut hidden) = (0usize, Vec::new());
        loop {
            let more = g.step_random(&mut rng).unwrap();
            for e in g.take_events() {
                match e {
                    Event::TileDrawn { tile, .. } => {
                        if drawn < 21 {
                            assert!(is_river(&g0, tile), "seed {seed}: draw {drawn}");
                            assert_eq!(g0.tile_type_markers(tile).unwrap() & hill, 0);
                        }
                        drawn += 1;
                    }
                    Event::TileHidden { tile } => hidden.push((drawn, tile)),
                    _ => {}
                }
            }
            if !more {
                break;
            }
        }
        assert!(!hidden.is_empty(), "seed {seed}: some hill was placed");
        for (at, t) in hidden {
            assert!(at > 21, "seed {seed}: hidden after the river phase");
            assert!(!is_river(&g0, t), "seed {seed}: a land tile under the hill");
        }
    }
}

#[test]
fn x39_the_volcano_lake_brings_the_dragon_and_no_figure_stands_on_it() {
    for opt in ["extra-turn", "plain"] {
        let text = river_two_with(
            &[("RI.2/I.v", 1)],
            &format!("volcano-lake = \"{opt}\""),
            "[plugins.dragon]\n",
        );
        for r in both(&text) {
            let g = after(&r, "draw RI.2/I.v; place 1 0 0");
            assert_eq!(
                crate::dragon::neutral_at(&g, "dragon"),
                Some((1, 0)),
                "{opt}"
            );
            assert_eq!(legal_names(&g), ["pass"], "{opt}: PD4 and RV22 agree");
            let g = after(&r, "draw RI.2/I.v; place 1 0 0; pass");
            let next = if opt == "extra-turn" { 0 } else { 1 };
            assert_eq!(g.current_player(), PlayerId::ALL[next], "{opt}");
        }
    }
}

#[test]
fn x41_the_abbey_fills_a_hole_at_an_open_river_end() {
    // The river ends open at (2, 0) (no lake); six cloisters surround the square.
    let text = river_one_with(&[("RI.1/IFI", 1)], "[plugins.abbey]\n");
    let text = text.replace("\"BA/L\" = 0\n", "");
    let text = format!("{text}\"BA/L\" = 6\n");
    for r in both(&text) {
        let g = after(
            &r,
            "draw RI.1/IFI; place 1 0 0; pass; \
             draw BA/L; place 1 -1 0; pass; draw BA/L; place 2 -1 0; pass; \
             draw BA/L; place 3 -1 0; pass; draw BA/L; place 3 0 0; pass; \
             draw BA/L; place 3 1 0; pass; draw BA/L; place 2 1 0; pass; abbey play",
        );
        // RV25: no land tile could fill (2, 0); the abbey's wildcard sides fit
        // the river side too.
        assert_eq!(placements(&g), BTreeSet::from([(2, 0, 0)]));
        let g = after(
            &r,
            "draw RI.1/IFI; place 1 0 0; pass; \
             draw BA/L; place 1 -1 0; pass; draw BA/L; place 2 -1 0; pass; \
             draw BA/L; place 3 -1 0; pass; draw BA/L; place 3 0 0; pass; \
             draw BA/L; place 3 1 0; pass; draw BA/L; place 2 1 0; pass; \
             abbey play; place 2 0 0; pass",
        );
        assert_eq!(g.placed_count(), 9);
        assert_eq!(g.scores(), &[0, 0][..]);
    }
}

#[test]
fn x38_shepherds_on_both_banks_only_when_the_spring_splits_the_field() {
    let keep = [("RI.1/IFI", 2)];
    let script = "draw RI.1/IFI; place 1 0 0; deploy shepherd field N; shepherd sheep-3; \
                  draw RI.1/IFI; place 2 0 0";
    let shepherds = |opts: &str| -> Vec<String> {
        let text = river(
            r#""base", "the-river""#,
            "C2",
            opts,
            &format!(
                "[plugins.shepherd]\n[tiles.counts]\n{}",
                only_but_lakes(&keep)
            ),
        );
        let g = after(&rules(&text), script);
        legal_names(&g)
            .into_iter()
            .filter(|n| n.contains("shepherd"))
            .collect()
    };
    // Default: both banks are one field round the spring, Red's flock's.
    assert!(shepherds("").is_empty());
    // Split: the south bank is a field of its own, free for Blue's shepherd.
    assert_eq!(shepherds("spring-lake-fields = \"split\"").len(), 1);
}

/// X42's board: a straight at (1, 0) and the split lake at (2, 0) (RV18
/// `split`, so that the banks stay two fields round both ends), Red's farmer
/// on the north bank, Blue's on the south bank; two completed 2-tile cities
/// north of the river, at (1, -1)+(1, -2) and (2, -1)+(2, -2); Blue's last
/// tile (2, -1) has the barn corner SW, which is the straight's NE corner and
/// the lake's NW corner.
const BARN_ON_A_BANK: &str = "draw RI.1/IFI; place 1 0 0; deploy follower field N
     draw RI.1/I.e.split; place 2 0 0; deploy follower field S
     draw BA/C; place 1 -1 0; pass
     draw BA/C; place 1 -2 2; pass
     draw BA/C; place 2 -2 2; pass
     draw BA/C; place 2 -1 0";

#[test]
fn x42_a_barn_at_a_river_tiles_corner_stands_in_its_banks_field_only() {
    let text = river(
        r#""base", "the-river""#,
        "C2",
        "spring-lake-fields = \"split\"",
        &format!(
            "[plugins.barn]\n[tiles.counts]\n{}",
            only_but_lakes(&[("RI.1/IFI", 1)])
        ),
    );
    for r in both(&text) {
        let mut g = after(&r, BARN_ON_A_BANK);
        // The river tiles' corners at (2, -1)'s SW are field corners of the
        // north bank: the barn may stand there, and nowhere else.
        let barns: Vec<String> = legal_names(&g)
            .into_iter()
            .filter(|n| n.starts_with("deploy barn"))
            .collect();
        assert_eq!(barns, ["deploy barn 1 corner SW"]);
        // AM24: Red's farmer on the north bank scores 3 × 2 cities and goes
        // home; Blue's farmer across the river is in another field: he scores
        // nothing and stays.
        run_on(&mut g, "deploy barn corner SW").unwrap();
        assert_eq!(g.scores(), &[6, 0][..]);
        let follower = g.rules().figure_kind("follower").unwrap();
        assert_eq!(
            (
                g.supply(PlayerId::ALL[0], follower),
                g.supply(PlayerId::ALL[1], follower)
            ),
            (7, 6)
        );
        // AM27: Blue's barn 4 × 2 north cities; Blue's south-bank farmer
        // borders no city.
        run_on(&mut g, "end").unwrap();
        assert_eq!(g.scores(), &[6, 8][..]);
    }
}

/// X43's river (River II, base + `builder`): the fork at (1, 0); its north
/// branch turns east at (1, -1) into the curve RrII at (2, -1) (river west to
/// north, road south to east); its east branch runs through CIRI at (2, 0)
/// (turned 2: road north, ending at the river) and turns north at (3, 0).
/// Red's follower on CIRI's road, his builder on it from RrII; Blue's LIFI at
/// (2, -2); Red's bridge RIrI at (3, -1) continues the east branch and extends
/// the road at RrII's east end: a second turn part.
const BUILDER_ON_THE_RIVER: &str = "draw RI.2/III; place 1 0 0; pass
     draw RI.2/II; place 1 -1 3; pass
     draw RI.2/CIRI; place 2 0 2; deploy follower road N
     draw RI.2/II+; place 3 0 0; pass
     draw RI.2/RrII; place 2 -1 1; deploy builder road S
     draw RI.2/LIFI; place 2 -2 1; pass
     draw RI.2/RIrI; place 3 -1 0; pass";

/// Base + River II holding the tiles of [`BUILDER_ON_THE_RIVER`] and `more`,
/// with the builder.
fn builder_river(more: &[(&str, u32)]) -> String {
    let mut keep = vec![
        ("RI.2/III", 1),
        ("RI.2/II", 1),
        ("RI.2/CIRI", 1),
        ("RI.2/II+", 1),
        ("RI.2/RrII", 1),
        ("RI.2/LIFI", 1),
        ("RI.2/RIrI", 1),
    ];
    keep.extend_from_slice(more);
    river_two_with(&keep, "", "[plugins.builder]\n")
}

/// The tile types the pending draw may give, by name.
fn outcomes(g: &Game) -> BTreeSet<String> {
    g.chance_outcomes()
        .unwrap()
        .into_iter()
        .map(|(c, _)| {
            let t = carcassonne_core::TileTypeId(c as u16);
            g.tile_type_name(t).unwrap().to_string()
        })
        .collect()
}

/// The land tile types left in the bag of `g`, by name.
fn land_in_bag(g: &Game) -> BTreeSet<String> {
    g.bag()
        .iter()
        .filter(|&&t| !is_river(g, t))
        .map(|&t| g.tile_type_name(t).unwrap().to_string())
        .collect()
}

#[test]
fn x43_a_river_tile_extending_the_builders_road_draws_the_second_tile_by_phase() {
    // River tiles left (the river city IFC and the lake): the second part
    // draws a river tile, and not the lake while IFC remains (RV6).
    for r in both(&builder_river(&[("RI.2/IFC", 1), ("RI.2/I.v", 1)])) {
        let mut g = after(&r, BUILDER_ON_THE_RIVER);
        assert_eq!(g.current_player(), PlayerId::ALL[0]);
        assert_eq!(legal_names(&g), ["builder double", "builder single"]);
        run_on(&mut g, "builder double").unwrap();
        assert_eq!(outcomes(&g), BTreeSet::from(["RI.2/IFC".to_string()]));
        // Red's second part: IFC closes the east branch; Blue plays next.
        run_on(&mut g, "draw RI.2/IFC; place 3 -2 3; pass").unwrap();
        assert_eq!(g.current_player(), PlayerId::ALL[1]);
        assert_eq!(outcomes(&g), BTreeSet::from(["RI.2/I.v".to_string()]));
    }
    // No river tile left: the second part draws a land tile, any of the bag.
    for r in both(&builder_river(&[])) {
        let mut g = after(&r, BUILDER_ON_THE_RIVER);
        run_on(&mut g, "builder double").unwrap();
        assert!(g.bag().iter().all(|&t| !is_river(&g, t)));
        assert_eq!(outcomes(&g), land_in_bag(&g));
    }
}

#[test]
fn x43_the_volcano_lake_placed_in_the_second_part_still_gives_its_extra_turn() {
    for r in both(&builder_river(&[("RI.2/I.v", 1)])) {
        let mut g = after(&r, BUILDER_ON_THE_RIVER);
        run_on(&mut g, "builder double").unwrap();
        assert_eq!(outcomes(&g), BTreeSet::from(["RI.2/I.v".to_string()]));
        // RV22: no figure on the volcano lake, then Red's further turn, with a
        // land tile; TB12 does not stop it (it is no builder chain).
        run_on(&mut g, "draw RI.2/I.v; place 2 -3 3").unwrap();
        assert_eq!(legal_names(&g), ["pass"]);
        run_on(&mut g, "pass").unwrap();
        assert_eq!(g.current_player(), PlayerId::ALL[0]);
        assert_eq!(outcomes(&g), land_in_bag(&g));
        run_on(&mut g, "draw BA/L; place 1 1 0; pass").unwrap();
        assert_eq!(g.current_player(), PlayerId::ALL[1]);
        assert_eq!(g.placed_count(), 10);
    }
}

// ------------------------------------------------------- the bridges (BB4)

/// The legal placements of `g` that lay a bridge, and the square of each
/// bridge (the placed tile's, or its neighbour's named in the action).
fn bridges_laid(g: &Game) -> Vec<(String, (i16, i16))> {
    legal_names(g)
        .into_iter()
        .filter(|a| a.contains(" bridges "))
        .map(|a| {
            let w: Vec<&str> = a.split(' ').collect();
            let (x, y): (i16, i16) = (w[1].parse().unwrap(), w[2].parse().unwrap());
            let on = match w.get(5).copied() {
                Some("north") => (x, y - 1),
                Some("east") => (x + 1, y),
                Some("south") => (x, y + 1),
                Some("west") => (x - 1, y),
                _ => (x, y),
            };
            (a, on)
        })
        .collect()
}

#[test]
fn bb4_no_bridge_ends_on_a_river_side_of_the_placed_tile() {
    let keep = [("RI.1/II", 1), ("RI.1/IFI", 1)];
    for r in both(&river_one_with(&keep, "[plugins.bridges]\n")) {
        // The curve continues the spring at (1, 0), its river from the west
        // turning south: its only field sides are north and east, on no
        // axis (north–south would end on the river). A bridge by choice may
        // cross the spring beside it north–south (BB5), not west–east.
        let g = after(&r, "draw RI.1/II");
        let laid = bridges_laid(&g);
        assert!(!laid.is_empty());
        for (a, on) in &laid {
            assert!(*on == (0, 0) && a.ends_with("west NS"), "{a}");
        }
        // The straight's two banks are field sides north and south: a bridge
        // may cross the river there (BB4 names the ends only), or the spring
        // beside it north–south.
        let g = after(&r, "draw RI.1/IFI");
        let laid: Vec<String> = bridges_laid(&g).into_iter().map(|(a, _)| a).collect();
        assert_eq!(
            laid,
            ["place 1 0 0 bridges NS", "place 1 0 0 bridges west NS"]
        );
    }
}

#[test]
fn bb4_no_bridge_ends_on_a_river_side_of_a_neighbour() {
    // No river tile but the spring: its river ends open at (1, 0) (RV25), its
    // west–east axis ends on the river, its north–south axis on fields.
    for r in both(&river_one_with(&[], "[plugins.bridges]\n")) {
        let g = after(&r, "draw BA/LR");
        let laid = bridges_laid(&g);
        // Bridges across the cloister tile, and across the spring north–south
        // (by choice from a square west or east of it, BB5; as the repair of
        // a road facing its field from north or south, BB7) — never
        // west–east.
        assert!(laid.iter().any(|(_, on)| *on != (0, 0)), "{laid:?}");
        for (a, on) in &laid {
            assert!(*on != (0, 0) || a.ends_with("NS"), "{a}");
        }
        // The cloister's road facing the river is no placement, not even
        // with a bridge across the spring (BB7 (b) would end it on the
        // river).
        assert!(
            laid.iter().all(|(a, _)| !a.starts_with("place 1 0 ")),
            "{laid:?}"
        );
    }
}
