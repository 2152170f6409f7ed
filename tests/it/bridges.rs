//! Rulings BB4–BB13 and X57–X60 of the `bridges` plugin, with exact points
//! or exact sets of legal placements, each with the plugin compiled in and
//! loaded from the official library.
//!
//! Geometry as in the other fixtures: the start tile BA/RCr lies at (0, 0)
//! with its city north and its road west–east; x grows east, y grows south;
//! `place X Y R` turns the tile R quarter turns clockwise. A placement that
//! lays a bridge reads `place X Y R bridges WE` (a bridge west–east across the
//! placed tile) or `place X Y R bridges west NS` (across the tile west of
//! it). Player 0 is Red, player 1 Blue.

use crate::common::*;
use carcassonne_core::scenario::{check, run, run_on};
use carcassonne_core::{FeatureKind, Game, PlayerId, Pos, Rules, TileIndex};
use std::sync::Arc;

/// Base and Bridges, Castles & Bazaars tiles with `plugins`, compiled in and
/// loaded from the official library.
fn both(plugins: &str) -> [Arc<Rules>; 2] {
    let text = format!(
        "name = \"bridges test\"\ntilesets = [\"base\", \"bridges-castles-and-bazaars\"]\n{plugins}\n"
    );
    [rules(&text), library_rules(&text)]
}

/// The default `bridges` plugin, compiled in and loaded.
fn bridges() -> [Arc<Rules>; 2] {
    both("[plugins.bridges]")
}

/// The legal placements that lay a bridge.
fn with_bridge(g: &Game) -> Vec<String> {
    legal_names(g)
        .into_iter()
        .filter(|a| a.contains(" bridges "))
        .collect()
}

/// The tile at `(x, y)`.
fn at(g: &Game, x: i16, y: i16) -> TileIndex {
    g.tile_at(Pos::new(x, y)).expect("a tile there")
}

// ------------------------------------------------------------------ BB4, BB5

#[test]
fn bb4_bb5_a_field_tile_may_get_a_bridge_by_choice_or_to_fit() {
    for r in bridges() {
        let g = run(&r, 2, "draw BB/F.b").unwrap();
        // East and west the field side faces the start's road: only with a
        // bridge across the new tile (BB7 a). South it fits: plain, or with a
        // bridge by choice west–east (north–south would end on the start's
        // field). The start itself has no two opposite field sides.
        assert_eq!(
            legal_names(&g),
            [
                "place -1 0 0 bridges WE",
                "place 0 1 0",
                "place 0 1 0 bridges WE",
                "place 1 0 0 bridges WE",
            ]
        );
    }
}

#[test]
fn bb4_no_bridge_on_city_sides_nor_twice_on_one_tile() {
    for r in bridges() {
        // BB/Cccc.b and BB/CCCR have no two opposite field sides.
        for tile in ["BB/Cccc.b", "BB/CCCR"] {
            let g = run(&r, 2, &format!("draw {tile}")).unwrap();
            assert_eq!(with_bridge(&g), Vec::<String>::new(), "{tile}");
        }
        // A bridged tile gets no second bridge (here: across its other axis).
        let g = run(
            &r,
            2,
            "draw BB/F.b; place 0 1 0 bridges WE; pass; draw BA/L",
        )
        .unwrap();
        assert!(
            with_bridge(&g).iter().all(|a| !a.contains("north")),
            "{:?}",
            with_bridge(&g)
        );
    }
}

#[test]
fn bb5_a_bridge_by_choice_on_a_neighbour_unless_placed_only() {
    let opening = "draw BA/L; place 0 1 0; pass; draw BA/L";
    for r in bridges() {
        let g = run(&r, 2, opening).unwrap();
        let on_neighbour: Vec<String> = with_bridge(&g)
            .into_iter()
            .filter(|a| {
                a.contains("north")
                    || a.contains("east")
                    || a.contains("south")
                    || a.contains("west")
            })
            .collect();
        assert_eq!(on_neighbour, ["place 0 2 0 bridges north WE"]);
    }
    for r in both("[plugins.bridges]\nsites = \"placed-only\"") {
        let g = run(&r, 2, opening).unwrap();
        assert!(with_bridge(&g).iter().all(|a| a.split(' ').count() == 6));
    }
}

// ------------------------------------------------------------------ BB6, BB7

#[test]
fn bb7_a_road_facing_a_field_is_repaired_by_a_bridge_on_the_neighbour() {
    for r in bridges() {
        let mut g = run(&r, 2, "draw BA/L; place 0 1 0; pass; draw BA/RFr").unwrap();
        let b: Vec<String> = with_bridge(&g)
            .into_iter()
            .filter(|a| a.starts_with("place 1 1") || a.starts_with("place -1 1"))
            .collect();
        assert_eq!(
            b,
            [
                "place -1 1 0 bridges east WE",
                "place 1 1 0 bridges west WE"
            ]
        );
        run_on(&mut g, "place 1 1 0 bridges west WE").unwrap();
        // The bridge lies on the cloister tile; its road joins the new road.
        let l = at(&g, 0, 1);
        assert_eq!(g.tile_feature_count(l), Some(3));
        let bridge = g.feature_of(l, 2).unwrap();
        let road = g.feature_of(at(&g, 1, 1), 0).unwrap();
        assert_eq!(g.find(bridge), g.find(road));
        // BB11: a bridge on a neighbour offers no deployment.
        assert!(
            legal_names(&g).iter().all(|a| !a.contains("2 ")),
            "{:?}",
            legal_names(&g)
        );
    }
}

#[test]
fn bb6_bb7_one_bridge_must_repair_every_clash() {
    // A gap at (1, 0) between the start's road and a road ending at a
    // cloister (2, 0), above the cloister tile (1, 1).
    let gap = "draw BA/L; place 0 1 0; pass
               draw BA/L; place 1 1 0; pass
               draw BA/L; place 2 1 0; pass
               draw BA/LR; place 2 0 1; pass";
    for r in bridges() {
        // BA/L: one bridge west-east, both ends on a road, repairs both sides.
        let g = run(&r, 2, &format!("{gap}; draw BA/L")).unwrap();
        let here: Vec<String> = legal_names(&g)
            .into_iter()
            .filter(|a| a.starts_with("place 1 0 "))
            .collect();
        assert_eq!(here, ["place 1 0 0 bridges WE"]);
        // BA/CFc: no bridge repairs a city side. BA/RFr fits west-east as it
        // is; turned north-south it would need a bridge across itself and one
        // across the cloister tile (its road facing that field): illegal.
        let at_gap = |tile: &str| -> Vec<String> {
            let g = run(&r, 2, &format!("{gap}; draw {tile}")).unwrap();
            legal_names(&g)
                .into_iter()
                .filter(|a| a.starts_with("place 1 0 "))
                .collect()
        };
        assert_eq!(at_gap("BA/CFc"), Vec::<String>::new());
        assert_eq!(at_gap("BA/RFr"), ["place 1 0 0"]);
    }
}

// ------------------------------------------------------------------ BB8

#[test]
fn bb8_a_tile_that_fits_only_with_a_bridge_may_be_set_aside() {
    let opening = "draw BA/RRR; place 0 1 0; pass; draw BA/L";
    let only = [
        "place -1 0 0 bridges WE",
        "place -1 1 0 bridges WE",
        "place 0 2 0 bridges NS",
        "place 1 0 0 bridges WE",
        "place 1 1 0 bridges WE",
    ];
    for r in bridges() {
        let mut g = run(&r, 2, opening).unwrap();
        let mut want: Vec<&str> = only.to_vec();
        want.push("set-aside");
        assert_eq!(legal_names(&g), want);
        run_on(&mut g, "set-aside").unwrap();
        assert_eq!(g.current_player(), PlayerId::ALL[1]);
        assert_eq!(g.chance_stream(), Some("tile"), "Blue draws again");
        assert_eq!(g.set_aside_tiles().len(), 1);
    }
    for r in both("[plugins.bridges]\nbridge-only-fit = \"must-place\"") {
        assert_eq!(legal_names(&run(&r, 2, opening).unwrap()), only);
    }
    // Without a bridge left it fits nowhere: the core sets it aside.
    for r in both("[plugins.bridges]\ncount = 0") {
        let g = run(&r, 2, opening).unwrap();
        assert_eq!(g.set_aside_tiles().len(), 1);
        assert_eq!(g.chance_stream(), Some("tile"));
    }
}

// ------------------------------------------------------------------ BB2

#[test]
fn bb2_each_player_lays_as_many_bridges_as_the_count_gives() {
    let two_each = "draw BA/L; place 1 0 0 bridges WE; pass
                    draw BA/L; place -1 0 0 bridges WE; pass
                    draw BA/L; place 2 0 0 bridges WE; pass
                    draw BA/C; place 0 -1 2; pass
                    draw BA/RFr";
    for r in both("[plugins.bridges]\ncount = 2") {
        let i = r.plugin_index("bridges").unwrap();
        // Red has laid both of his: nothing with a bridge for him.
        let mut g = run(&r, 2, two_each).unwrap();
        assert_eq!(with_bridge(&g), Vec::<String>::new(), "Red has none left");
        // Each player's note says what he has left.
        assert_eq!(
            PlayerId::all(2)
                .map(|p| g.player_note(p).unwrap())
                .collect::<Vec<_>>(),
            [
                Some("0 bridges left".to_string()),
                Some("1 bridge left".to_string())
            ]
        );
        // Blue has one left; once he lays it, nobody has any: the hook is off.
        run_on(&mut g, "place 3 0 0; pass; draw BA/L").unwrap();
        // With each plain placement, a bridge by choice where its ends face
        // empty squares (the city tile north of the start too); west and east
        // of the row only with a bridge.
        assert_eq!(
            with_bridge(&g),
            [
                "place -2 0 0 bridges WE",
                "place -1 1 0 bridges WE",
                "place 0 -2 0 bridges WE",
                "place 0 -2 0 bridges south WE",
                "place 0 1 0 bridges WE",
                "place 1 1 0 bridges WE",
                "place 2 -1 0 bridges WE",
                "place 2 1 0 bridges WE",
                "place 3 -1 0 bridges WE",
                "place 3 1 0 bridges WE",
                "place 4 0 0 bridges WE",
            ]
        );
        assert!(g.plugin_hook_enabled(i, carcassonne_core::hook::EXTRA_PLACEMENTS));
        run_on(&mut g, "place -2 0 0 bridges WE; pass").unwrap();
        assert!(!g.plugin_hook_enabled(i, carcassonne_core::hook::EXTRA_PLACEMENTS));
    }
    // By players: 3 each up to four players, 2 with five or six (the
    // observation shows what is left).
    for (players, left) in [(2u8, 3), (4, 3), (5, 2), (6, 2)] {
        let g = run(&bridges()[0], players, "draw BB/F.b").unwrap();
        let seen = g.observation(PlayerId::ALL[0]).unwrap();
        let want: Vec<u32> = vec![left; usize::from(players)];
        assert_eq!(
            seen.plugins["bridges"]["bridges_left"],
            serde_json::json!(want)
        );
    }
}

// ------------------------------------------------------------------ BB9–BB13

#[test]
fn bb9_bb11_a_bridge_on_the_placed_tile_carries_a_road_and_a_follower() {
    for r in bridges() {
        let mut g = run(&r, 2, "draw BA/L; place 1 0 0 bridges WE").unwrap();
        // BB11: cloister, field and the bridge (local feature 2).
        assert_eq!(
            legal_names(&g),
            [
                "pass",
                "deploy follower 0",
                "deploy follower 1",
                "deploy follower 2"
            ]
        );
        let t = at(&g, 1, 0);
        assert_eq!(g.tile_feature_kind(t, 2), Some(FeatureKind::Road));
        run_on(
            &mut g,
            "deploy follower road W
             draw BA/LR; place 2 0 1; pass
             draw BA/LR; place -1 0 3; pass",
        )
        .unwrap();
        // BB9: the road over the bridge, 4 tiles: Red's 4.
        assert_eq!(g.scores(), [4, 0]);
        g.check_integrity().unwrap();
    }
}

#[test]
fn bb11_a_follower_may_go_on_a_bridge_of_the_placed_tile_not_of_a_neighbour() {
    for r in bridges() {
        // The bridge on the placed cloister tile is offered (local feature 2);
        // Red's follower on it scores the road it carries: 4 tiles.
        let g = check(
            &r,
            2,
            "draw BA/L; place 1 0 0 bridges WE; deploy follower 2
             draw BA/LR; place 2 0 1; pass
             draw BA/LR; place -1 0 3; pass",
            &[4, 0],
        );
        g.check_integrity().unwrap();
        // A bridge laid on a neighbour (the cloister at (0, 1)) offers only
        // the placed tile's features.
        let g = run(
            &r,
            2,
            "draw BA/L; place 0 1 0; pass; draw BA/RFr; place 1 1 0 bridges west WE",
        )
        .unwrap();
        let placed = at(&g, 1, 1);
        let own: Vec<String> = (0..g.tile_feature_count(placed).unwrap())
            .map(|i| format!("deploy follower {i}"))
            .collect();
        let mut want = vec!["pass".to_string()];
        want.extend(own);
        assert_eq!(legal_names(&g), want, "no option `... at 0 1`");
        let l = at(&g, 0, 1);
        assert_eq!(g.figures_on(g.feature_of(l, 2).unwrap()).count(), 0);
    }
}

#[test]
fn bb9_a_tile_is_counted_once_per_road() {
    for r in bridges() {
        // BA/LR east of the start, turned with its road north, gets a bridge
        // west-east (its field side faces the start's road). The road goes
        // over the bridge, loops north through three curves and comes back
        // south into the cloister tile's own road, which ends at the
        // cloister: one road crossing (1, 0) twice. Closed in the west, it
        // has 6 tiles, (1, 0) counted once: Red's 6.
        let g = check(
            &r,
            2,
            "draw BA/LR; place 1 0 2 bridges WE; deploy follower road W
             draw BA/Rr; place 2 0 1; pass
             draw BA/Rr; place 2 -1 0; pass
             draw BA/Rr; place 1 -1 3; pass
             draw BA/LR; place -1 0 3; pass",
            &[6, 0],
        );
        g.check_integrity().unwrap();
    }
}

#[test]
fn bb10_a_bridge_cuts_no_field() {
    for r in bridges() {
        // The bridged cloister tile east of the start joins the start's two
        // fields (north of the road, bordering its city, and south of it). A
        // farmer in the south field scores the city completed north.
        let g = check(
            &r,
            2,
            "draw BA/L; place 1 0 0 bridges WE; pass
             draw BA/C; place 0 -1 2; pass
             draw BA/L; place 0 1 0; deploy follower 1
             end",
            &[3, 0],
        );
        let start = TileIndex(0);
        let (north, south) = (
            g.feature_of(start, 2).unwrap(),
            g.feature_of(start, 3).unwrap(),
        );
        assert_eq!(g.find(north), g.find(south));
    }
}

#[test]
fn bb12_a_road_completed_by_a_bridge_is_scored_this_turn() {
    for r in bridges() {
        let g = check(
            &r,
            2,
            "draw BA/LR; place 1 0 1; deploy follower road W
             draw BA/L; place 0 1 0; pass
             draw BA/L; place -1 1 0; pass
             draw BA/L; place -2 1 0; pass
             draw BA/LR; place -2 0 3; pass
             draw BA/L; place -1 0 0 bridges WE; pass",
            &[4, 0],
        );
        let bridge = g.feature_of(at(&g, -1, 0), 2).unwrap();
        assert_eq!(g.is_complete(bridge), Some(true));
        assert_eq!(g.supply(PlayerId::ALL[0], carcassonne_core::FOLLOWER), 7);
    }
}

#[test]
fn bb13_unused_bridges_are_worth_nothing() {
    let script = "draw BA/L; place 0 1 0; deploy follower 0; end";
    let [a, b] = bridges();
    let plain = rules("name = \"base\"\ntilesets = [\"base\", \"bridges-castles-and-bazaars\"]\n");
    for r in [a, b, plain] {
        // The cloister and its one neighbour, the start: 2.
        check(&r, 2, script, &[2, 0]);
    }
}

// ------------------------------------------------------------------ records

#[test]
fn a_placement_with_a_bridge_is_one_action_and_replays() {
    for r in bridges() {
        record_replays_exactly(&r, 2, 3, "draw BB/F.b; place 1 0 0 bridges WE; pass");
        record_replays_exactly(
            &r,
            2,
            4,
            "draw BA/L; place 0 1 0; pass; draw BA/RFr; place 1 1 0 bridges west WE",
        );
    }
}

#[test]
fn the_board_picture_draws_the_bridge_over_its_tile() {
    use carcassonne_render::{board, Options, Style};
    let g = run(
        &bridges()[0],
        2,
        "draw BB/F.b; place 1 0 0 bridges WE; pass",
    )
    .unwrap();
    let svg = board(&g, &Options::default(), &Style::default());
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let bridges: Vec<(&str, &str)> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("bridge"))
        .filter_map(|n| n.parent())
        .map(|t| {
            (
                t.attribute("data-x").unwrap(),
                t.attribute("data-y").unwrap(),
            )
        })
        .collect();
    assert_eq!(bridges, [("1", "0")]);
}
