//! King & Robber with the other expansions (X70–X72, X75, X80) with exact
//! points, and the variants of its scoring: conformance at 2, 4 and 6 players
//! and the random, greedy and search bots playing them to the end (the shipped
//! ruleset's checks are in `shipped_rulesets.rs`).
//!
//! Geometry as in `king_and_robber.rs`: the start tile BA/RCr at (0, 0), x
//! east, y south, `place X Y R` R quarter turns clockwise; Red (0) and Blue
//! (1) alternate.

use crate::common::*;
use crate::king_and_robber::award;
use carcassonne_core::{Game, PlayerId, Rules};
use std::sync::Arc;

/// The shipped King & Robber ruleset.
const RULESET: &str = "king-and-robber-hills-and-sheep.toml";

/// King & Robber with `plugins` (extra plugin tables) and `tilesets` (extra sets).
fn with(tilesets: &str, plugins: &str, scoring: &str) -> String {
    format!(
        "name = \"king and robber with others\"\n\
         tilesets = [\"base\", \"king-and-robber\"{tilesets}]\n\
         [plugins.king-and-robber]\nscoring = \"{scoring}\"\n{plugins}\n"
    )
}

fn both(text: &str) -> [Arc<Rules>; 2] {
    [rules(text), library_rules(text)]
}

/// The points of `player` in score category `cat`.
fn category(g: &Game, player: u8, cat: &str) -> i32 {
    let i = g
        .score_categories()
        .iter()
        .position(|c| c == cat)
        .unwrap_or_else(|| panic!("no category {cat}"));
    g.score_breakdown(PlayerId::ALL[usize::from(player)])[i]
}

#[test]
fn x70_a_hill_tile_is_one_tile_and_the_hill_tie_break_never_decides_the_king() {
    // Red's knight on the band (0, -1); Blue's on the hill tile HS/Cc.h of a
    // second city; Red's BA/Cc joins both into one 5-tile city (the tile under
    // the hill not counted). Tied 1-1, Blue wins it on the hill (10 points),
    // but Red placed the tile: the King goes to Red.
    let script = "draw BA/CFc; place 0 -1 1; deploy follower city N
         draw BA/C; place 1 -1 0; pass
         draw BA/L; place 0 1 0; pass
         draw HS/Cc.h; hidden BA/L; place 1 -2 3; deploy follower city S
         draw BA/Cc; place 0 -2 2; pass";
    for r in [config(RULESET), library_rules(&config_text(RULESET))] {
        let mut g = check(&r, 2, script, &[0, 10]);
        assert_eq!(award(&g, "king"), (Some(0), 5));
        run_on(&mut g, "end").unwrap();
        assert_eq!(g.scores(), [1, 10]);
    }
}

#[test]
fn x71_an_inn_road_is_not_longer_for_its_points() {
    // Blue's 3-tile road takes the Robber; Red's 3-tile road with an inn scores
    // his follower 6, but is no longer: the Robber stays with Blue.
    let text = with(", \"inns-and-cathedrals\"", "[plugins.inns]", "per-feature");
    let script = "draw BA/RRR; place -1 0 0; pass
         draw BA/RRR; place 1 0 0; pass
         draw IC/RFr.iG; place -1 1 1; deploy follower road N
         draw BA/L; place 0 1 0; pass
         draw BA/RRR; place -1 2 2; pass";
    for r in both(&text) {
        let mut g = check(&r, 2, script, &[6, 0]);
        assert_eq!(category(&g, 0, "inns"), 3);
        assert_eq!(award(&g, "robber"), (Some(1), 3));
        run_on(&mut g, "end").unwrap();
        assert_eq!(g.scores(), [6, 2]);
    }
}

/// Red's builder on the road east of the start; his BA/RRR at (3, 0)
/// completes that road (5 tiles) in part 1 and earns part 2, in which his
/// BA/RRR at (-1, 1) completes a 2-tile road.
const DOUBLE_TURN: &str = "draw BA/RFr; place 1 0 0; deploy follower road W
     draw BA/RRR; place -1 0 0; pass
     draw BA/RFr; place 2 0 0; deploy builder road W
     draw BA/L; place 1 1 0; pass
     draw BA/RRR; place 3 0 0; pass
     builder double
     draw BA/RRR; place -1 1 2; pass";

#[test]
fn x72_each_part_of_a_double_turn_is_judged_and_paid_on_its_own() {
    // Continuous: part 1 gives Red the Robber (nobody holds it before: no
    // point); in part 2 he holds it before the step: 1 point.
    for r in both(&with("", "[plugins.builder]", "continuous")) {
        let g = check(&r, 2, DOUBLE_TURN, &[6, 0]);
        assert_eq!(category(&g, 0, "king-and-robber"), 1);
        assert_eq!(award(&g, "robber"), (Some(0), 5));
    }
    // Per feature: 2 completed roads for the holder at the end.
    for r in both(&with("", "[plugins.builder]", "per-feature")) {
        check(&r, 2, &format!("{DOUBLE_TURN}\nend"), &[7, 0]);
    }
}

#[test]
fn x75_cities_closed_by_an_abbey_are_completed_by_its_player_without_the_abbey_tile() {
    // The abbey tests' hole: four 1-tile city caps around (0, -1). Red's abbey
    // closes the four: Red and Blue score their knights' caps (2 each), and Red
    // takes the King with a city of 1 tile (the abbey is none of its tiles).
    let script = format!("{}\nabbey play; place 0 -1 0; pass", crate::abbey::HOLE);
    for r in both(&with("", "[plugins.abbey]", "per-feature")) {
        let mut g = check(&r, 2, &script, &[2, 2]);
        assert_eq!(award(&g, "king"), (Some(0), 1));
        // Four completed cities at the end (Blue has no hole for his abbey).
        run_on(&mut g, "end").unwrap();
        assert!(g.is_over());
        assert_eq!(g.scores(), [6, 2]);
    }
}

#[test]
fn x80_award_and_goods_points_are_booked_apart_from_feature_scoring() {
    // Red completes an empty 4-tile city with 2 grain: no city points, 2 grain
    // (10 at the end: trade-goods) and the King (1 at the end: king-and-robber).
    let text = with(
        ", \"traders-and-builders\"",
        "[plugins.trade-goods]",
        "per-feature",
    );
    let script = "draw TB/RCc.g; place 0 -1 2; pass
         draw TB/CRc.g; place 1 -1 0; pass
         draw BA/C; place 2 -1 3; pass
         end";
    for r in both(&text) {
        let g = check(&r, 2, script, &[11, 0]);
        assert_eq!(
            (
                category(&g, 0, "cities"),
                category(&g, 0, "trade-goods"),
                category(&g, 0, "king-and-robber")
            ),
            (0, 10, 1)
        );
    }
}

// ---------------------------------------------------------- the rulesets

/// Every scoring variant on the shipped ruleset (the plugin's table replaced).
fn variants() -> Vec<(String, Arc<Rules>)> {
    let shipped = config_text(RULESET);
    let head = &shipped[..shipped.find("[plugins.king-and-robber]").expect("table")];
    ["per-feature", "10-20", "15-40", "continuous"]
        .iter()
        .map(|s| {
            let text = format!("{head}[plugins.king-and-robber]\nscoring = \"{s}\"\n");
            (s.to_string(), rules(&text))
        })
        .collect()
}

/// The award tiles' invariants in any state: a holder is a seat, a tile is
/// held exactly when a record size is known, and no record exceeds the tiles
/// placed.
pub fn invariants(g: &Game) -> Result<(), String> {
    let p = g
        .rules()
        .plugin_index("king-and-robber")
        .ok_or("no plugin")?;
    let s = g.plugin_state(p).ok_or("no state")?;
    for a in 0..2 {
        let (holder, tiles) = (s[a], s[2 + a]);
        if holder > u32::from(g.players()) {
            return Err(format!("award {a} held by seat {}", holder - 1));
        }
        if (holder == 0) != (tiles == 0) {
            return Err(format!("award {a}: holder {holder}, record {tiles}"));
        }
        if tiles as usize > g.placed_count() {
            return Err(format!("award {a}: a record of {tiles} tiles"));
        }
    }
    Ok(())
}

/// At the end of a game of 90 tiles, which completes cities and roads: both
/// awards are held.
pub fn both_awards_held(g: &Game) -> Result<(), String> {
    match (award(g, "king").0, award(g, "robber").0) {
        (Some(_), Some(_)) => Ok(()),
        held => Err(format!("the awards' holders at the end: {held:?}")),
    }
}

// The shipped ruleset's conformance, run orders, compiled-in and loaded games
// and bots: `shipped_rulesets.rs`, with the checks above.

#[test]
fn the_king_and_robber_variants_pass_the_conformance_kit_and_the_bots_play_one_to_the_end() {
    let variants = variants();
    for (name, r) in &variants {
        conformance_at_2_4_6(r, 4, 50, &invariants, name);
    }
    for (name, r) in variants.iter().filter(|(s, _)| s == "continuous") {
        for g in bots_play_to_the_end(name, r, &invariants) {
            both_awards_held(&g).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}
