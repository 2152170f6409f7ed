//! The interactions of Bridges, Castles & Bazaars with the other expansions
//! (X57–X60 for the bridges, X66–X68 for the bazaar), with exact points, each
//! with the plugins compiled in and loaded from the official library.
//!
//! Geometry as in the other fixtures: the start tile BA/RCr lies at (0, 0)
//! (city north, road west–east); `place X Y R` turns the tile R quarter turns
//! clockwise. Player 0 is Red, player 1 Blue.

use crate::builder::ROAD_WITH_BUILDER;
use crate::common::*;
use carcassonne_core::scenario::{check, run, run_on};
use carcassonne_core::{Actor, PlayerId, Pos, Rules};
use std::sync::Arc;

/// `tilesets` and `plugins` (TOML), compiled in and loaded.
fn both(tilesets: &str, plugins: &str) -> [Arc<Rules>; 2] {
    let text = format!("name = \"bb x\"\ntilesets = [{tilesets}]\n{plugins}\n");
    [rules(&text), library_rules(&text)]
}

// ------------------------------------------------------------------ X57, X58

/// Hills & Sheep tiles with blank hill underlays (no hidden draws), hills
/// and bridges.
fn hills() -> [Arc<Rules>; 2] {
    both(
        "\"base\", \"hills-and-sheep\"",
        "[plugins.hills]\nhill-underlay = \"blank\"\n[plugins.bridges]",
    )
}

/// Red's follower on a bridge across the hill tile HS/CFC.h east of the
/// start; Blue's on a curve further east; Red's last tile joins the two
/// roads: a 6-tile road held 1–1, unfinished at the end.
const HILL_BRIDGE: &str = "draw HS/CFC.h; place 1 0 0 bridges WE; deploy follower road W
     draw BA/Rr; place 2 0 0; pass
     draw BA/L; place 0 1 0; pass
     draw BA/Rr; place 3 0 3; deploy follower road E
     draw BA/L; place -1 1 0; pass
     draw BA/Rr; place 2 1 2; pass
     draw BA/Rr; place 3 1 1; pass
     end";

#[test]
pub(crate) fn x57_a_follower_on_a_bridge_across_a_hill_tile_stands_on_the_hill() {
    for r in hills() {
        // The tie is broken by the hill under Red's bridge: Red's 6 alone.
        check(&r, 2, HILL_BRIDGE, &[6, 0]);
    }
    // Without the hills plugin the hill is inert: both score 6.
    for r in both("\"base\", \"hills-and-sheep\"", "[plugins.bridges]") {
        check(&r, 2, HILL_BRIDGE, &[6, 6]);
    }
}

#[test]
fn x58_a_bridge_across_a_cottage_tile_joins_neither_of_its_roads() {
    for r in hills() {
        // HS/RFR.h: two dead-end roads N and S, fields W and E. The bridge
        // west–east carries the start's road over it; closed at both ends,
        // the road is complete (were the cottage roads joined, it would be
        // open north and south): Red's 4.
        let g = check(
            &r,
            2,
            "draw HS/RFR.h; place 1 0 0 bridges WE; deploy follower road W
             draw BA/LR; place 2 0 1; pass
             draw BA/LR; place -1 0 3; pass",
            &[4, 0],
        );
        let t = g.tile_at(Pos::new(1, 0)).unwrap();
        let bridge = g.find(g.feature_of(t, 4).unwrap());
        assert_ne!(g.find(g.feature_of(t, 0).unwrap()), bridge);
        assert_ne!(g.find(g.feature_of(t, 1).unwrap()), bridge);
        // Its two fields stay two: the bridge cuts none and joins none.
        assert_ne!(
            g.find(g.feature_of(t, 2).unwrap()),
            g.find(g.feature_of(t, 3).unwrap())
        );
    }
}

// ------------------------------------------------------------------ X59

#[test]
fn x59_no_bridge_on_an_abbey_and_an_abbey_closes_a_bridge_road() {
    // The abbey tests' hole at (0, -1), its north side a bridge's end: Blue's
    // bridge north–south across BA/L at (0, -2), his follower on it; Red
    // closes its north end with a cloister road, then plays his abbey into
    // the hole (each turn with a hole on the board asks first).
    let hole = "draw BA/RFr; place 1 0 0; pass
        draw BA/RFr; place -1 0 0; pass
        draw BA/C; place 1 -1 3; deploy follower city
        draw BA/C; place -1 -1 1; deploy follower city
        draw BA/L; place 1 -2 0; pass
        draw BA/L; place 0 -2 0 bridges NS; deploy follower road S
        abbey draw; draw BA/LR; place 0 -3 0; pass
        abbey draw; draw BA/L; place 2 -2 0; pass
        abbey play";
    for r in both("\"base\"", "[plugins.abbey]\n[plugins.bridges]") {
        let mut g = run(&r, 2, hole).unwrap();
        // The abbey's sides are wildcards: no bridge on it, none by choice
        // next to it.
        assert_eq!(legal_names(&g), ["place 0 -1 0"]);
        run_on(&mut g, "place 0 -1 0; pass").unwrap();
        // The abbey closes the bridge's road (2 tiles: Blue's 2) and the two
        // caps (2 each).
        assert_eq!(g.scores(), [2, 4]);
    }
}

// ------------------------------------------------------------------ X60

#[test]
fn x60_a_bridge_extends_the_builders_road() {
    let tiles = "\"base\", \"traders-and-builders\"";
    for r in both(tiles, "[plugins.builder]\n[plugins.bridges]") {
        // Red's road east of the start holds his follower and his builder; a
        // bridge across BA/L west of the start extends it: a second part.
        let mut g = run(
            &r,
            2,
            &format!("{ROAD_WITH_BUILDER}\ndraw BA/L; place -1 0 0 bridges WE; pass"),
        )
        .unwrap();
        assert_eq!(legal_names(&g), ["builder double", "builder single"]);
        run_on(&mut g, "builder single; end").unwrap();
        // The road: (-1, 0) to (2, 0), 4 tiles.
        assert_eq!(g.scores(), [4, 0]);
    }
}

// ------------------------------------------------------------------ X66

#[test]
fn x66_the_auction_follows_the_builders_second_part_and_comes_once() {
    let tiles = "\"base\", \"traders-and-builders\", \"bridges-castles-and-bazaars\"";
    for r in both(tiles, "[plugins.builder]\n[plugins.bazaar]") {
        // Red's bazaar BB/R.bi extends his builder's road: his second part
        // comes first, and places a second bazaar; one auction follows.
        let mut g = run(
            &r,
            2,
            &format!("{ROAD_WITH_BUILDER}\ndraw BB/R.bi; place -1 0 3; pass; builder double"),
        )
        .unwrap();
        assert_eq!(g.chance_stream(), Some("tile"), "the second part first");
        run_on(&mut g, "draw BB/F.b; place 1 -1 0; pass").unwrap();
        assert_eq!(g.chance_stream(), Some("face-up"));
        run_on(
            &mut g,
            "face-up BA/C; face-up BA/RFr; bazaar pick 0; bazaar bid 0; bazaar pass",
        )
        .unwrap();
        // Blue plays his bought tile; no second auction was held.
        assert_eq!(g.actor(), Actor::Player(PlayerId::ALL[1]));
        assert_eq!(g.drawn_tile(), r.tiles.by_id("BA/C"));
        assert!(g.lots().is_empty());
    }
}

// ------------------------------------------------------------------ X67

#[test]
fn x67_a_bought_tile_is_played_instead_of_the_abbey() {
    use crate::abbey::HOLE;
    let tiles = "\"base\", \"bridges-castles-and-bazaars\"";
    for r in both(tiles, "[plugins.abbey]\n[plugins.bazaar]") {
        // Red draws instead of playing his abbey, places a bazaar; Blue takes
        // BA/L at 0, Red the other BA/L for free.
        let mut g = run(
            &r,
            2,
            &format!(
                "{HOLE}
                 abbey draw; draw BB/F.b; place 0 1 0; pass
                 face-up BA/L; face-up BA/L; bazaar pick 0; bazaar bid 0; bazaar pass"
            ),
        )
        .unwrap();
        // Blue holds his abbey and a hole is open: he must play his bought
        // tile, no abbey decision.
        assert_eq!(g.actor(), Actor::Player(PlayerId::ALL[1]));
        assert_eq!(g.drawn_tile(), r.tiles.by_id("BA/L"));
        assert!(legal_names(&g).iter().all(|a| a.starts_with("place ")));
        run_on(&mut g, "place 0 2 0; pass").unwrap();
        // Red too; then Blue's regular turn asks about the abbey again.
        assert_eq!(g.drawn_tile(), r.tiles.by_id("BA/L"));
        assert!(legal_names(&g).iter().all(|a| a.starts_with("place ")));
        run_on(&mut g, "place 0 3 0; pass").unwrap();
        assert_eq!(legal_names(&g), ["abbey draw", "abbey play"]);
        assert_eq!(g.scores(), [0, 0]);
    }
}

// ------------------------------------------------------------------ X68

#[test]
fn x68_the_lot_draws_no_dragon_tile_before_the_volcano() {
    let tiles = "\"base\", \"princess-and-dragon\", \"bridges-castles-and-bazaars\"";
    // The names of the outcomes of the lot's first draw after a bazaar.
    let lot_draws = |r: &Arc<Rules>| -> Vec<String> {
        let g = run(r, 2, "draw BB/F.b; place 0 1 0; pass").unwrap();
        assert_eq!(g.chance_stream(), Some("face-up"));
        g.chance_outcomes()
            .unwrap()
            .into_iter()
            .map(|(c, _)| g.outcome_name(c))
            .collect()
    };
    let dragon_tiles = |r: &Arc<Rules>| -> Vec<String> {
        let bit = r.tiles.markers.bit("dragon");
        r.tiles
            .types
            .iter()
            .filter(|t| t.markers & bit != 0)
            .map(|t| t.id.clone())
            .collect()
    };
    for r in both(tiles, "[plugins.dragon]\n[plugins.bazaar]") {
        let dragons = dragon_tiles(&r);
        assert!(!dragons.is_empty());
        let draws = lot_draws(&r);
        assert!(!draws.is_empty());
        assert!(
            draws
                .iter()
                .all(|d| dragons.iter().all(|t| !d.ends_with(t.as_str()))),
            "{draws:?}"
        );
    }
    // Without the dragon's rules the same lot may hold them.
    for r in both(tiles, "[plugins.bazaar]") {
        let dragons = dragon_tiles(&r);
        let draws = lot_draws(&r);
        assert!(draws
            .iter()
            .any(|d| dragons.iter().any(|t| d.ends_with(t.as_str()))));
    }
}

/// Base, Princess & Dragon and Bridges, Castles & Bazaars tiles with the
/// dragon and the bazaar, every tile type left out but the start, one
/// `BB/F.b`, one BA/L and one dragon tile: no volcano. `bazaar`: the
/// bazaar's options.
fn no_volcano(bazaar: &str) -> [Arc<Rules>; 2] {
    let tiles = "\"base\", \"princess-and-dragon\", \"bridges-castles-and-bazaars\"";
    let all = both(tiles, "[plugins.dragon]\n[plugins.bazaar]")[0].clone();
    let dragon = all.tiles.markers.bit("dragon");
    let mut dragons = 0;
    let counts: Vec<String> = all
        .tiles
        .types
        .iter()
        .map(|t| {
            let keep = matches!(t.id.as_str(), "BA/RCr" | "BB/F.b" | "BA/L")
                || (t.markers & dragon != 0 && dragons == 0);
            dragons += usize::from(t.markers & dragon != 0 && keep);
            format!("\"{}\" = {}", t.id, u8::from(keep))
        })
        .collect();
    assert_eq!(dragons, 1);
    both(
        tiles,
        &format!(
            "[plugins.dragon]\n[plugins.bazaar]\n{bazaar}\n[tiles.counts]\n{}",
            counts.join("\n")
        ),
    )
}

#[test]
fn x68_a_lot_drawn_short_is_auctioned_and_a_player_left_without_a_tile_gets_none() {
    for (r, bidding) in no_volcano("").into_iter().map(|r| (r, true)).chain(
        no_volcano("auction = \"no-bidding\"")
            .into_iter()
            .map(|r| (r, false)),
    ) {
        // Two tiles in the bag for two players: an auction. The dragon tile
        // is held back (no volcano): the lot's second draw finds nothing.
        let mut g = run(&r, 2, "draw BB/F.b; place 0 1 0; pass; face-up BA/L").unwrap();
        assert_eq!(g.lots().len(), 1);
        assert_eq!(g.actor(), Actor::Player(PlayerId::ALL[1]));
        assert_eq!(legal_names(&g), ["bazaar pick 0"]);
        // Blue takes the only tile; Red, left without one, gets none.
        let auction = if bidding {
            "bazaar pick 0; bazaar bid 0; bazaar pass"
        } else {
            // BB33: Blue picks it.
            "bazaar pick 0"
        };
        run_on(&mut g, auction).unwrap();
        assert!(g.lots().is_empty());
        assert_eq!(g.hand(PlayerId::ALL[0]).count(), 0);
        // Blue plays it at once; then Red's draw would find only the
        // held-back dragon tile: the game ends.
        assert_eq!(g.actor(), Actor::Player(PlayerId::ALL[1]));
        assert_eq!(g.drawn_tile(), r.tiles.by_id("BA/L"));
        run_on(&mut g, "place 0 2 0; deploy follower 0").unwrap();
        assert!(g.is_over(), "{:?}", g.actor());
        // Blue's cloister: itself and the bazaar tile north of it, 2 points.
        assert_eq!(g.scores(), [0, 2]);
    }
}
