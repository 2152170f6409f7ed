//! The tile and board capabilities of the plugin API (issue 25, group A):
//! barrier side kinds, tile data with the rotation applied, per-tile state,
//! start layouts with a precedence and tile counts set at build time — each
//! proved by a capability plugin of the test kit (`kit-river`,
//! `kit-start-area`), compiled in and loaded from the kit's library, with
//! exact placements and points.

use crate::common::*;
use carcassonne_core::scenario::{check, run, run_on};
use carcassonne_core::{
    Action, FeatureId, FeatureKind, FigureOption, Game, Location, Pos, Rotation, Rules, SideKind,
    TileIndex, FOLLOWER,
};
use std::collections::BTreeSet;
use std::sync::Arc;

/// The legal placements of the drawn tile, as `(x, y, rot)`.
fn placements(g: &Game) -> BTreeSet<(i16, i16, u8)> {
    g.legal_actions()
        .unwrap()
        .into_iter()
        .filter_map(|a| match a {
            Action::Place(p) => Some((p.pos.x, p.pos.y, p.rot.quarter_turns())),
            _ => None,
        })
        .collect()
}

/// The placements of the drawn tile by brute force over the public tile data:
/// every empty square next to a tile and every distinct rotation whose sides
/// fit their neighbours' (`SideKind::fits`, barrier names included).
fn fitting(g: &Game) -> BTreeSet<(i16, i16, u8)> {
    let ty = g.drawn_tile().unwrap();
    let tt = &g.rules().tiles.types[ty.index()];
    let mut cells = BTreeSet::new();
    for t in g.tiles() {
        for d in carcassonne_core::Side::ALL {
            let q = t.pos.step(d);
            if g.tile_at(q).is_none() {
                cells.insert((q.x, q.y));
            }
        }
    }
    let mut out = BTreeSet::new();
    for (x, y) in cells {
        for rot in (0..4u8).filter(|r| tt.distinct_rots & (1 << r) != 0) {
            let ok = carcassonne_core::Side::ALL.iter().all(|&d| {
                let n = g.tile_at(Pos::new(x, y).step(d));
                n.is_none_or(|n| {
                    let theirs = g.tile_sides(n).unwrap().get(d.opposite());
                    tt.sides(Rotation::wrapping(usize::from(rot)))
                        .get(d)
                        .fits(theirs)
                })
            });
            if ok {
                out.insert((x, y, rot));
            }
        }
    }
    out
}

/// The same seeded games compiled in and loaded ([`same_games_checked`]); with
/// `brute`, the board's placements always match the brute force of `fitting`
/// (no plugin filters them).
fn same_games(both: &[Arc<Rules>; 2], seeds: std::ops::Range<u64>, brute: bool) {
    same_games_checked(both, 2, seeds, |a, seed| {
        if brute && a.stage() == carcassonne_core::Stage::Place && a.drawn_tile().is_some() {
            assert_eq!(placements(a), fitting(a), "seed {seed}");
        }
    });
}

/// Copies of tile `id` in the bag.
fn in_bag(g: &Game, id: &str) -> usize {
    let ty = g.rules().tiles.by_id(id).unwrap();
    g.bag().iter().filter(|&&t| t == ty).count()
}

/// The local feature of kind `kind` on placed tile `t` (the first one).
fn feature(g: &Game, t: u16, kind: FeatureKind) -> FeatureId {
    let t = TileIndex(t);
    (0..g.tile_feature_count(t).unwrap())
        .find(|&l| g.tile_feature_kind(t, l) == Some(kind))
        .and_then(|l| g.feature_of(t, l))
        .unwrap()
}

// -------------------------------------------------------------- A1 barriers

#[test]
fn a1_a_river_side_fits_only_a_river_side() {
    let both = compiled_in_and_loaded(&base_with("[plugins.kit-river]\nrule = false\n"));
    for r in &both {
        // The spring (0, 0) flows east. A straight river fits east of it only
        // with the river continuing; north and south with its field side, west
        // turned north-south: the core matches sides, barrier names included.
        let g = run(r, 2, "draw KITR/straight").unwrap();
        assert_eq!(
            placements(&g),
            BTreeSet::from([(1, 0, 0), (0, -1, 0), (0, 1, 0), (-1, 0, 1)])
        );
        // A land tile never meets the river: BA/C fits round the spring but east.
        let g = run(r, 2, "draw BA/C").unwrap();
        let all = placements(&g);
        assert_eq!(all.len(), 9, "{all:?}");
        assert!(all.iter().all(|&(x, _, _)| x <= 0), "{all:?}");
        // The river is no place for a figure: the straight's options are its banks.
        let g = run(r, 2, "draw KITR/straight; place 1 0 0").unwrap();
        let offered: Vec<FeatureKind> = g
            .legal_actions()
            .unwrap()
            .into_iter()
            .filter_map(|a| match a {
                Action::Figure(FigureOption::Deploy { at, .. }) => g.feature_kind(at.feature()?),
                _ => None,
            })
            .collect();
        assert_eq!(offered, [FeatureKind::Field, FeatureKind::Field]);
        let river = feature(&g, 1, FeatureKind::Barrier);
        assert!(!g.may_deploy(FOLLOWER, Location::Feature(river)).unwrap());
        // The river joins across sides like a road: one feature of two tiles.
        assert_eq!(g.find(river), g.find(feature(&g, 0, FeatureKind::Barrier)));
        assert_eq!(g.open_sides(river), Some(1));
    }
    same_games(&both, 0..4, true);
}

#[test]
fn a1_a_river_closed_by_the_lake_is_never_complete_nor_scored() {
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-river]\n")) {
        let mut g = run(&r, 2, "draw KITR/straight; place 1 0 0; pass").unwrap();
        g.set_logging(true);
        run_on(&mut g, "draw KITR/lake; place 2 0 0; pass").unwrap();
        let river = feature(&g, 2, FeatureKind::Barrier);
        assert_eq!(g.open_sides(river), Some(0));
        assert_eq!(g.is_complete(river), Some(false));
        let scored = g
            .take_events()
            .iter()
            .filter(|e| matches!(e, carcassonne_core::Event::FeatureScored { .. }))
            .count();
        assert_eq!(scored, 0, "the river is not scored");
        assert_eq!(g.scores(), [0, 0]);
    }
}

#[test]
fn a1_a_road_across_the_river_scores_and_the_banks_are_two_fields() {
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-river]\n")) {
        // The bridge turned a quarter: the river west-east, the road north-south.
        let mut g = run(
            &r,
            2,
            "draw KITR/bridge; place 1 0 1; deploy follower road N",
        )
        .unwrap();
        // The river parts the bridge's fields east of the road (NR+EL north, ER+SL
        // south); west of it both banks join the spring's field, which wraps
        // round the river's end.
        let bridge = TileIndex(1);
        let bank = |g: &Game, slot: u16| {
            (0..g.tile_feature_count(bridge).unwrap())
                .find(|&l| g.tile_feature_slots(bridge, l).unwrap() & (1 << slot) != 0)
                .and_then(|l| g.feature_of(bridge, l))
                .and_then(|f| g.find(f))
                .unwrap()
        };
        assert_ne!(
            bank(&g, 2),
            bank(&g, 5),
            "NR and ER: the river between them"
        );
        let spring = g.find(feature(&g, 0, FeatureKind::Field)).unwrap();
        assert_eq!((bank(&g, 11), bank(&g, 9)), (spring, spring), "WR and WL");
        // Two cloister tiles end the road: 3 tiles for Red's thief.
        run_on(
            &mut g,
            "draw BA/LR; place 1 -1 0; pass
             draw BA/LR; place 1 1 2; pass",
        )
        .unwrap();
        assert_eq!(g.scores(), [3, 0]);
    }
}

// ------------------------------------------------ A2 tile data, A3 tile state

#[test]
fn a2_tile_data_reads_sides_and_slots_with_the_rotation() {
    let r = rules(&base_with("[plugins.kit-river]\n"));
    let g = run(&r, 2, "draw KITR/curve; place 1 0 0").unwrap();
    let river = r.tiles.barriers.get("river").unwrap();
    let curve = r.tiles.by_id("KITR/curve").unwrap();
    let printed = g.tile_type_sides(curve).unwrap();
    assert_eq!(
        printed.kinds(),
        [
            SideKind::Field,
            SideKind::Field,
            SideKind::Barrier(river),
            SideKind::Barrier(river)
        ]
    );
    // Placed as printed: its river sides are S and W; the spring's is E.
    let t = TileIndex(1);
    assert_eq!(g.tile_sides(t), Some(printed));
    assert_eq!(
        g.tile_sides(TileIndex(0)).unwrap().barrier_sides(river),
        0b0010
    );
    // Turned a quarter: W→N, S→W; the slot masks turn the same way.
    assert_eq!(
        printed.rotated(Rotation::wrapping(1)).barrier_sides(river),
        0b1001
    );
    assert_eq!(
        printed.rotated(Rotation::wrapping(1)).barrier_sides(0),
        0b1001
    );
    let slots = g.tile_type_feature_slots(curve, 0).unwrap();
    assert_eq!(slots, 1 << 7 | 1 << 10, "SM and WM");
    assert_eq!(
        carcassonne_core::tiles::rotate_mask(slots, 1),
        1 << 10 | 1 << 1
    );
    assert_eq!(g.tile_feature_slots(t, 0), Some(slots));
    assert_eq!(g.barrier_name(river), Some("river"));
    assert_eq!(g.barrier_name(0), None);
    assert_eq!(
        g.tile_type_feature_kind(curve, 0),
        Some(FeatureKind::Barrier)
    );
}

#[test]
fn a3_the_river_rule_reads_tile_data_and_per_tile_state() {
    let both = compiled_in_and_loaded(&base_with("[plugins.kit-river]\n"));
    for r in &both {
        let river = r.plugin_index("kit-river").unwrap();
        // RV11: the straight must continue the river: east of the spring only.
        let g = run(r, 2, "draw KITR/straight").unwrap();
        assert_eq!(placements(&g), BTreeSet::from([(1, 0, 0)]));
        // A curve after it may turn south or north.
        let mut g = run(
            r,
            2,
            "draw KITR/straight; place 1 0 0; pass; draw KITR/curve",
        )
        .unwrap();
        assert_eq!(placements(&g), BTreeSet::from([(2, 0, 0), (2, 0, 1)]));
        run_on(&mut g, "place 2 0 0; pass; draw KITR/curve").unwrap();
        // Each river tile remembers its upstream side (W = 3, + 1); the spring none.
        for (t, up) in [(0u16, 0u32), (1, 4), (2, 4)] {
            assert_eq!(g.plugin_tile_state(river, TileIndex(t)), Some(&[up][..]));
        }
        // RV13: the second curve may not turn west again, where the first came
        // from (no U-turn): only east.
        assert_eq!(placements(&g), BTreeSet::from([(2, 1, 2)]));
        run_on(&mut g, "place 2 1 2; pass").unwrap();
        assert_eq!(
            g.plugin_tile_state(river, TileIndex(3)),
            Some(&[1u32][..]),
            "upstream N"
        );
        // Clones and undo carry the tile state.
        let c = g.clone();
        assert_eq!(c, g);
        assert_eq!(
            c.plugin_words(river)["tiles"],
            serde_json::json!({"1": [4], "2": [4], "3": [1]})
        );
    }
    // Without the rule both turns are legal.
    let r = rules(&base_with("[plugins.kit-river]\nrule = false\n"));
    let g = run(
        &r,
        2,
        "draw KITR/straight; place 1 0 0; pass; draw KITR/curve; place 2 0 0; pass; draw KITR/curve",
    )
    .unwrap();
    let all = placements(&g);
    assert!(
        all.contains(&(2, 1, 1)) && all.contains(&(2, 1, 2)),
        "{all:?}"
    );
    same_games(&both, 0..4, false);
}

#[test]
fn a3_a_draw_filter_counts_copies_in_the_bag_by_type() {
    // One straight and the lake: the lake waits while the straight is in the bag.
    let counts = "[tiles.counts]\n\"KITR/straight\" = 1\n\"KITR/curve\" = 0\n\"KITR/bridge\" = 0\n";
    let text = base_with(&format!("[plugins.kit-river]\nlake-last = true\n{counts}"));
    for r in compiled_in_and_loaded(&text) {
        let g = Game::new(r.clone(), 2, 0).unwrap();
        let (straight, lake) = (
            r.tiles.by_id("KITR/straight").unwrap(),
            r.tiles.by_id("KITR/lake").unwrap(),
        );
        assert_eq!((g.bag_count(straight), g.bag_count(lake)), (1, 1));
        let e = run(&r, 2, "draw KITR/lake").unwrap_err().to_string();
        assert!(
            e.ends_with(
                "`KITR/lake` is in the bag, but plugin `kit-river` holds it back from this draw"
            ),
            "{e}"
        );
        let g = run(
            &r,
            2,
            "draw KITR/straight; place 1 0 0; pass; draw KITR/lake",
        )
        .unwrap();
        assert_eq!((g.bag_count(straight), g.bag_count(lake)), (0, 0));
        assert_eq!(placements(&g), BTreeSet::from([(2, 0, 0)]));
    }
    // Without the option the lake may come first (the filter is not called).
    let r = rules(&base_with(&format!("[plugins.kit-river]\n{counts}")));
    let g = run(&r, 2, "draw KITR/lake").unwrap();
    assert_eq!(placements(&g), BTreeSet::from([(1, 0, 0)]));
}

#[test]
fn a3_a_refused_placement_names_the_plugin_and_its_reason() {
    let script = "draw KITR/straight; place 1 0 0; pass; draw KITR/curve; place 2 0 0; pass; \
                  draw KITR/curve; place 2 1 1";
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-river]\n")) {
        let e = run(&r, 2, script).unwrap_err().to_string();
        assert!(
            e.ends_with("the kit's river may not turn back (plugin `kit-river`)"),
            "{e}"
        );
    }
    // A plugin that gives no reason is named.
    let r = rules(&base_with("[plugins.kit-retire]\nturns = 3\n"));
    let e = run(&r, 2, "draw BA/RFr; place 0 1 0")
        .unwrap_err()
        .to_string();
    assert!(
        e.ends_with("plugin `kit-retire`'s rule forbids this placement"),
        "{e}"
    );
}

// ----------------------------------------- A4 start layouts, A5 tile counts

#[test]
fn a4_the_spring_displaces_the_start_tile_which_stays_in_the_bag() {
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-river]\n")) {
        let g = Game::new(r.clone(), 2, 0).unwrap();
        assert_eq!(g.placed_count(), 1);
        let spring = r.tiles.by_id("KITR/spring").unwrap();
        assert_eq!(g.tile_type_id(TileIndex(0)), Some(spring));
        assert_eq!(
            in_bag(&g, "KITR/spring"),
            0,
            "the start copy is not in the bag"
        );
        assert_eq!(
            in_bag(&g, "BA/RCr"),
            4,
            "all four, the displaced start copy too"
        );
        let layout = r.tiles.start.as_ref().unwrap();
        assert_eq!((layout.set.as_str(), layout.priority), ("kit-river", 1));
    }
}

#[test]
fn a5_a_plugin_drops_the_displaced_start_tile_and_the_ruleset_count_wins() {
    let removed = base_with("[plugins.kit-river]\ndisplaced-start = \"removed\"\n");
    for r in compiled_in_and_loaded(&removed) {
        let g = Game::new(r, 2, 0).unwrap();
        assert_eq!(in_bag(&g, "BA/RCr"), 3);
        assert_eq!(
            g.bag_len(),
            71 + 6,
            "71 land tiles and the river tiles but the spring"
        );
    }
    let fixed = format!("{removed}[tiles.counts]\n\"BA/RCr\" = 2\n");
    let g = Game::new(rules(&fixed), 2, 0).unwrap();
    assert_eq!(
        in_bag(&g, "BA/RCr"),
        2,
        "`[tiles.counts]` wins over the plugin"
    );
}

#[test]
fn a4_a_start_area_of_four_tiles_has_no_inner_frontier_and_scores_nothing() {
    let both = compiled_in_and_loaded(&base_with("[plugins.kit-start-area]\n"));
    for r in &both {
        let area = r.plugin_index("kit-start-area").unwrap();
        let g = run(r, 2, "draw BA/C").unwrap();
        let at: Vec<Pos> = g.tiles().iter().map(|t| t.pos).collect();
        assert_eq!(
            at,
            [
                Pos::new(-1, -1),
                Pos::new(0, -1),
                Pos::new(-1, 0),
                Pos::new(0, 0)
            ]
        );
        // Eight outer squares; no inner side is frontier. BA/C (a city cap) fits
        // every outer square with a field side three ways, the east city cap one
        // way, the road end none: 19 placements.
        let mut want = BTreeSet::new();
        for (x, y, rots) in [
            (-1, -2, [0, 1, 3]),
            (0, -2, [0, 1, 3]),
            (1, 0, [0, 1, 2]),
            (-1, 1, [1, 2, 3]),
            (-2, -1, [0, 2, 3]),
            (-2, 0, [0, 2, 3]),
        ] {
            want.extend(rots.map(|r| (x, y, r)));
        }
        want.insert((1, -1, 3));
        assert_eq!(placements(&g), want);
        // The city the layout closes is complete and was not scored.
        let city = feature(&g, 3, FeatureKind::City);
        assert_eq!(g.is_complete(city), Some(true));
        assert_eq!(g.plugin_state(area), Some(&[0u32][..]));
        // The border fields join across the inner sides by their half slots.
        let field = |t: u16, l: u8| g.find(g.feature_of(TileIndex(t), l).unwrap());
        assert_eq!(field(0, 0), field(1, 2));
        assert_eq!(field(0, 0), field(2, 0));
        assert_eq!(field(0, 0), field(3, 3));
        assert_ne!(field(3, 2), field(3, 3), "the road separates them");
        assert_eq!(in_bag(&g, "KITA/nw"), 0);
        assert_eq!(in_bag(&g, "BA/RCr"), 4);
        // A city cap closing the east city: the first scoring counted.
        let g = check(
            r,
            2,
            "draw BA/C; place 1 -1 3; deploy follower city W",
            &[4, 0],
        );
        assert_eq!(g.plugin_state(area), Some(&[1u32][..]));
    }
    same_games(&both, 0..4, true);
}

#[test]
fn a4_a_plugin_refuses_a_composition_and_two_plugins_counts_conflict() {
    let text = base_with("[plugins.kit-start-area]\n[plugins.kit-river]\n");
    let e = carcassonne_host::load_str(&text, "r.toml", None, &registry())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("plugin `kit-start-area`: the start area cannot be combined with barrier tiles (`KITR/spring` of tile set `kit-river`)"),
        "{e}"
    );
    // Allowed: the area (priority 2) wins over the spring (1), which is then an
    // ordinary tile of the bag.
    let ok = base_with("[plugins.kit-start-area]\nallow-barriers = true\n[plugins.kit-river]\n");
    let g = Game::new(rules(&ok), 2, 0).unwrap();
    assert_eq!(g.placed_count(), 4);
    assert_eq!(in_bag(&g, "KITR/spring"), 1);
    let clash = base_with(
        "[plugins.kit-start-area]\nallow-barriers = true\ndisplaced-start = \"doubled\"\n\
         [plugins.kit-river]\ndisplaced-start = \"removed\"\n",
    );
    let e = carcassonne_host::load_str(&clash, "r.toml", None, &registry())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("plugins `kit-river` and `kit-start-area` set different counts of tile `BA/RCr`: 3 and 5"),
        "{e}"
    );
}

/// A tile set with a start layout of `priority` (the base start tile turned).
fn start_set(name: &str, priority: i32) -> String {
    format!(
        "name = \"{name}\"
         [start]
         priority = {priority}
         tiles = [{{ id = \"BA/RCr\", at = [0, 0], rot = 2 }}]
         [[tiles]]
         id = \"{name}/L\"
         counts = {{ C2 = 1 }}
         sides = \"FFFF\"
         features = [{{ kind = \"cloister\" }}, {{ kind = \"field\", slots = [\"N\", \"E\", \"S\", \"W\"] }}]\n"
    )
}

#[test]
fn a4_start_layouts_compose_by_priority_in_any_order_and_conflicts_are_located() {
    let dir = scratch("start-layouts");
    std::fs::write(dir.join("turned.toml"), start_set("turned", 1)).unwrap();
    std::fs::write(dir.join("rival.toml"), start_set("rival", 2)).unwrap();
    let load = |sets: &str, plugins: &str| {
        let text = format!("name = \"s\"\ntilesets = [{sets}]\n{plugins}");
        carcassonne_host::load_str(&text, "r.toml", Some(&dir), &registry())
    };
    for sets in [r#""base", "turned.toml""#, r#""turned.toml", "base""#] {
        let r = load(sets, "").unwrap().rules;
        let g = Game::new(r, 2, 0).unwrap();
        assert_eq!(
            g.tile_rot(TileIndex(0)),
            Some(Rotation::wrapping(2)),
            "the turned layout wins in any order"
        );
        assert_eq!(in_bag(&g, "BA/RCr"), 3, "one copy is the start tile");
    }
    // Two different layouts of the highest priority: an error at the later set.
    let e = load(r#""base", "rival.toml""#, "[plugins.kit-start-area]\n")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains(
            "r.toml:3:10: tile data: two different start layouts of priority 2: \
             tile set `rival` (`[start]`: `BA/RCr` at 0 0) and tile set `kit-start-area` \
             (`[start]`: `KITA/nw` at -1 -1, `KITA/ne` at 0 -1, `KITA/sw` at -1 0, `KITA/se` at 0 0)"
        ),
        "{e}"
    );
}

/// A feature the tile data names (`name = "shrine"` on a cloister: a variant
/// of its kind with a plugin's rules) is scored as its kind and called by its
/// name: in the scenario text and the turn log, in the notation a player
/// types, and in the scoring event, which names the feature scored.
#[test]
fn a_feature_named_by_the_tile_data_is_called_so_and_scored_as_its_kind() {
    let dir = scratch("feature-names");
    std::fs::write(
        dir.join("shrines.toml"),
        r#"name = "shrines"
[[tiles]]
id = "SH/S"
counts = { C2 = 1 }
sides = "FFFF"
features = [
  { kind = "cloister", name = "shrine" },
  { kind = "field", slots = ["N", "E", "S", "W"], adj = [] },
]
"#,
    )
    .unwrap();
    std::fs::write(
        dir.join("r.toml"),
        "name = \"shrines\"\ntilesets = [\"base\", \"shrines.toml\"]\n",
    )
    .unwrap();
    let rules = carcassonne_host::load_file(&dir.join("r.toml"), &registry())
        .unwrap_or_else(|e| panic!("{e}"))
        .rules;
    let mut g = run(&rules, 2, "draw SH/S; place 0 1 0").unwrap();
    g.set_logging(true);
    // Deployed on by its name (nothing may follow it).
    assert!(g.parse_action("deploy follower shrine N").is_err());
    run_on(&mut g, "deploy follower shrine; end").unwrap();
    let events = g.take_events();
    let texts: Vec<String> = events.iter().map(|e| g.event_text(e)).collect();
    assert!(
        texts.contains(&"player 0 deploys follower on shrine at 0 1".to_string()),
        "{texts:?}"
    );
    // Scored as a cloister at game end: 1 + the start tile beside it.
    assert_eq!(g.scores(), &[2, 0]);
    assert!(
        texts.contains(&"shrine at game end (1 tile): 0 scores 2".to_string()),
        "{texts:?}"
    );
    let scored = events
        .iter()
        .find_map(|e| match e {
            carcassonne_core::Event::FeatureScored { feature, .. } => Some(*feature),
            _ => None,
        })
        .unwrap();
    assert_eq!(g.feature_kind(scored), Some(FeatureKind::Cloister));
    assert_eq!(g.feature_tile(scored), Some(TileIndex(1)));
    assert_eq!(g.feature_name(scored).as_deref(), Some("shrine"));
    let log = carcassonne_render::log::lines(&g, &events).join("\n");
    assert!(log.contains("deploys a follower on the shrine at"), "{log}");
    assert!(log.contains("Unfinished shrine: Red scores 2."), "{log}");
    // A name changes the rules' fingerprint (records name their features so).
    let plain = std::fs::read_to_string(dir.join("shrines.toml"))
        .unwrap()
        .replace(", name = \"shrine\"", "");
    std::fs::write(dir.join("shrines.toml"), plain).unwrap();
    let unnamed = carcassonne_host::load_file(&dir.join("r.toml"), &registry())
        .unwrap()
        .rules;
    assert_ne!(unnamed.fingerprint().hex(), rules.fingerprint().hex());
}

/// A feature added to a placed tile (`add_tile_feature`, the kit's ferry over
/// a lake's south and west road ends) that takes every slot of another
/// feature and joins a road the placement completed to an open end (the
/// ferries author's audit): the road end left with no slot and no road
/// beyond it is gone (no deployment on it, no "completed" line, no point),
/// and the completed road, open again, is not scored until it is closed.
#[test]
fn a_feature_added_over_every_slot_of_another_drops_it_and_reopens_what_it_joins() {
    use carcassonne_core::Event;
    let text = base_with("[plugins.kit-ferry]\n");
    for r in compiled_in_and_loaded(&text) {
        // Red: a road end at (-1, 0) closes the start road's west end; his
        // follower on it. Blue: the lake at (1, 0) closes its east end (the
        // road is complete when the tile is placed), then the ferry joins it
        // to the lake's south end, which faces an empty square.
        let mut g = run(
            &r,
            2,
            "draw BA/LR; place -1 0 3; deploy follower road; draw KF/RR; place 1 0 0",
        )
        .unwrap();
        g.set_logging(true);
        let legal: Vec<String> = g
            .legal_actions()
            .unwrap()
            .iter()
            .map(|&a| g.format_action(a))
            .collect();
        assert!(
            !legal.contains(&"deploy follower 0".to_string()),
            "the lake's south road end is gone: {legal:?}"
        );
        assert!(
            legal.contains(&"deploy follower 2".to_string()),
            "{legal:?}"
        );
        run_on(&mut g, "pass").unwrap();
        let texts: Vec<String> = g.take_events().iter().map(|e| g.event_text(e)).collect();
        assert!(
            !texts.iter().any(|t| t.contains("completed")),
            "nothing is complete: {texts:?}"
        );
        assert_eq!(g.scores(), &[0, 0]);
        // Red closes the ferry's south end: one road of four tiles.
        run_on(&mut g, "draw BA/LR; place 1 1 2; pass").unwrap();
        let events = g.take_events();
        let texts: Vec<String> = events.iter().map(|e| g.event_text(e)).collect();
        assert!(
            texts.contains(&"road completed (4 tiles): 0 scores 4".to_string()),
            "{texts:?}"
        );
        assert_eq!(
            events
                .iter()
                .filter(|e| matches!(e, Event::FeatureScored { .. }))
                .count(),
            1,
            "{texts:?}"
        );
        assert_eq!(g.scores(), &[4, 0]);
        g.check_integrity().unwrap();
    }
}
