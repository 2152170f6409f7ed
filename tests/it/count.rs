//! The `count` plugin (the Count of Carcassonne, CK12–CK27) with exact points
//! and exact sets of options, compiled in and loaded from the official
//! library. The city of Carcassonne lies at x −2..1, y −1..1 (§3.3 of the
//! rules notes): its outer sides are met by tiles at y = −2 (north), x = 2
//! (east), y = 2 (south) and x = −3 (west).

use crate::common::*;
use carcassonne_core::{Actor, Game, Location, PlayerId, Rules};
use std::sync::Arc;

/// The base game with the Count: `[core]` lines, the plugin's options and
/// further tables.
pub fn count_text(core: &str, options: &str, more: &str) -> String {
    format!(
        "name = \"count\"\ntilesets = [\"base\"]\n[core]\n{core}\n\
         [plugins.count]\n{options}\n{more}\n"
    )
}

/// [`count_text`] compiled in and loaded.
fn both(core: &str, options: &str, more: &str) -> [Arc<Rules>; 2] {
    compiled_in_and_loaded(&count_text(core, options, more))
}

/// How many figures of `player` stand in quarter `quarter`.
pub fn in_quarter(g: &Game, player: u8, quarter: &str) -> usize {
    let a = g.rules().area(quarter).expect("a quarter");
    (0..g.figure_count() as u16)
        .map(carcassonne_core::FigureId)
        .filter(|&f| {
            g.figure_owner(f) == Some(p(player)) && g.figure_location(f) == Some(Location::Area(a))
        })
        .count()
}

/// Where the Count stands, as every player sees it.
pub fn count_at(g: &Game) -> String {
    let o = g.observation(p(0)).expect("observation");
    o.plugins["count"]["count"]
        .as_str()
        .unwrap_or("nowhere")
        .to_string()
}

/// The legal actions, sorted.
fn legal_sorted(g: &Game) -> Vec<String> {
    let mut l = legal_names(g);
    l.sort();
    l
}

/// Whether a decision of the plugin is pending.
fn count_asks(g: &Game) -> bool {
    legal_names(g).iter().any(|a| a.starts_with("count "))
}

/// Red's follower in the city of the `CO/9` cap (south-west); Blue closes it
/// (3 tiles: 6 to Red, nothing to Blue).
pub const BLUE_CLOSES_REDS_CITY: &str = "draw BA/Cc; place -2 2 0; deploy follower city
     draw BA/C; place -3 2 1; pass";

/// The Count's moves from the castle (CK16 by-player).
pub const FROM_CASTLE: [&str; 4] = [
    "count stay",
    "count market",
    "count blacksmith",
    "count cathedral",
];

/// The quarters Blue may enter.
const ENTER: [&str; 5] = [
    "count pass",
    "count castle",
    "count market",
    "count blacksmith",
    "count cathedral",
];

// ------------------------------------------------------------- CK12, CK24

#[test]
fn ck12_the_city_of_carcassonne_is_the_start_area_in_both_editions() {
    for ed in ["C1", "C2"] {
        let more = format!("edition = \"{ed}\"");
        let text = count_text("", "", "").replacen("[core]", &format!("{more}\n[core]"), 1);
        for r in compiled_in_and_loaded(&text) {
            let g = Game::new(r, 2, 1).unwrap();
            // 12 tiles laid, none in the bag; the displaced base start tile is
            // out of the bag too (72 − 1).
            assert_eq!(g.placed_count(), 12, "{ed}");
            assert_eq!(g.bag_len(), 71, "{ed}");
            for (id, x, y) in [("CO/1", -2, -1), ("CO/7", 0, 0), ("CO/12", 1, 1)] {
                let t = g
                    .tile_at(carcassonne_core::Pos::new(x, y))
                    .expect("a city tile");
                let ty = g.placed(t).unwrap().ty;
                assert_eq!(g.rules().tiles.get(ty).unwrap().id, id);
            }
            // The Count starts in the castle.
            assert_eq!(count_at(&g), "castle");
        }
    }
}

#[test]
fn ck12_ck24_the_areas_inner_city_is_closed_its_fields_are_three() {
    let [r, _] = both("", "", "");
    let g = Game::new(r, 2, 1).unwrap();
    let mut fields = Vec::new();
    let mut cities = Vec::new();
    for t in 0..12u16 {
        let t = carcassonne_core::TileIndex(t);
        let ty = g.placed(t).unwrap().ty;
        let n = g.rules().tiles.get(ty).unwrap().features.len() as u8;
        for l in 0..n {
            let f = g.feature_of(t, l).unwrap();
            let root = g.find(f).unwrap();
            match g.feature_kind(f).unwrap() {
                carcassonne_core::FeatureKind::Field if !fields.contains(&root) => {
                    fields.push(root)
                }
                carcassonne_core::FeatureKind::City if !cities.contains(&root) => cities.push(root),
                _ => {}
            }
        }
    }
    assert_eq!(fields.len(), 3, "north, east and south-west");
    // The city of Carcassonne and the two caps (CO/9 S, CO/12 E).
    assert_eq!(cities.len(), 3);
    let closed = cities.iter().filter(|&&c| g.is_complete(c) == Some(true));
    assert_eq!(closed.count(), 1, "only the city of Carcassonne is closed");
    assert_eq!(g.scores(), [0, 0], "the start layout scores nothing");
}

#[test]
fn ck24_a_road_from_a_gate_counts_the_city_tile() {
    // CO/11's road south ends at its gate; a cloister's road closes it.
    for r in both("", "", "") {
        check(
            &r,
            2,
            "draw BA/LR; place 0 2 2; deploy follower road",
            &[2, 0],
        );
    }
}

// ------------------------------------------------------------- CK13–CK16

#[test]
fn ck13_a_follower_in_a_quarter_is_in_no_feature_and_never_scored() {
    for r in both("", "", "") {
        // Blue's follower in the castle (the Count stays there); Red closes
        // the CO/12 cap with his follower: 2 tiles, 4 points to Red alone.
        let mut g = check(&r, 2, &castle_then_red_closes("stay"), &[10, 0]);
        // In no feature: no majority, not returned by the scoring.
        let follower = carcassonne_core::FigureKindId(0);
        assert_eq!(in_quarter(&g, 1, "castle"), 1);
        assert_eq!(g.supply(p(1), follower), 6);
        // Still in the city at the end: it scores nothing and stays there.
        run_on(&mut g, "end").unwrap();
        assert!(g.is_over());
        assert_eq!(g.scores(), [10, 0]);
        assert_eq!(in_quarter(&g, 1, "castle"), 1);
        assert_eq!(g.supply(p(1), follower), 6);
    }
}

#[test]
fn ck14_ck15_a_player_who_scored_nothing_while_another_scored_enters_any_quarter() {
    for r in both("", "", "") {
        let mut g = check(&r, 2, BLUE_CLOSES_REDS_CITY, &[6, 0]);
        // At the end of his turn Blue may enter, the Count's castle too.
        assert_eq!(g.actor(), Actor::Player(p(1)));
        assert_eq!(legal_names(&g), ENTER);
        run_on(&mut g, "count castle").unwrap();
        assert_eq!(in_quarter(&g, 1, "castle"), 1);
        assert_eq!(g.supply(p(1), carcassonne_core::FigureKindId(0)), 6);
        // Everybody sees it: the figure off the board and Blue's note.
        let o = g.observation(p(0)).unwrap();
        let seen: Vec<(Option<PlayerId>, &str, Option<&str>)> = o
            .off_board
            .iter()
            .map(|f| (f.owner, f.kind.as_str(), f.area.as_deref()))
            .collect();
        assert_eq!(
            seen,
            [
                (Some(p(1)), "follower", Some("castle")),
                (None, "count", Some("castle"))
            ]
        );
        assert_eq!(
            o.player_notes,
            [None, Some("in the city: castle 1".to_string())]
        );
        // CK16 (by-player): he may move the Count on or leave it.
        assert_eq!(legal_names(&g), FROM_CASTLE);
        let mut stay = g.clone();
        run_on(&mut stay, "count stay").unwrap();
        assert_eq!(count_at(&stay), "castle");
        run_on(&mut g, "count blacksmith").unwrap();
        assert_eq!(count_at(&g), "blacksmith");
        assert!(!count_asks(&g));
        // CK13: a follower still in the city at the end scores nothing.
        run_on(&mut g, "end").unwrap();
        assert_eq!(g.scores(), [6, 0]);
        assert_eq!(in_quarter(&g, 1, "castle"), 1);
    }
}

#[test]
fn ck14_no_entry_for_the_player_who_scored_or_when_nobody_else_scored() {
    for r in both("", "", "") {
        // Red closes his own city: he scored.
        let g = check(
            &r,
            2,
            "draw BA/Cc; place -2 2 0; deploy follower city
             draw BA/RFr; place 2 0 1; pass
             draw BA/C; place -3 2 1; pass",
            &[6, 0],
        );
        assert!(!count_asks(&g));
        // Blue closes an empty city: nobody scored.
        let g = check(
            &r,
            2,
            "draw BA/Cc; place -2 2 0; pass
             draw BA/C; place -3 2 1; pass",
            &[0, 0],
        );
        assert!(!count_asks(&g));
    }
}

#[test]
fn ck15_without_farmers_the_market_is_closed() {
    for r in both("farmers = \"off\"", "", "") {
        let mut g = check(&r, 2, BLUE_CLOSES_REDS_CITY, &[6, 0]);
        assert_eq!(
            legal_names(&g),
            [
                "count pass",
                "count castle",
                "count blacksmith",
                "count cathedral"
            ]
        );
        run_on(&mut g, "count cathedral").unwrap();
        assert_eq!(
            legal_names(&g),
            ["count stay", "count blacksmith", "count cathedral"]
        );
    }
}

#[test]
fn ck16_the_count_moves_clockwise_or_follows_the_follower_by_option() {
    for r in both("", "count-move = \"clockwise\"", "") {
        let mut g = check(&r, 2, BLUE_CLOSES_REDS_CITY, &[6, 0]);
        run_on(&mut g, "count cathedral").unwrap();
        assert_eq!(count_at(&g), "market", "castle → market");
        assert!(!count_asks(&g));
    }
    // Without farmers the clockwise Count skips the market.
    for r in both("farmers = \"off\"", "count-move = \"clockwise\"", "") {
        let mut g = check(&r, 2, BLUE_CLOSES_REDS_CITY, &[6, 0]);
        run_on(&mut g, "count cathedral").unwrap();
        assert_eq!(count_at(&g), "blacksmith");
    }
    for r in both("", "count-move = \"follow-follower\"", "") {
        let mut g = check(&r, 2, BLUE_CLOSES_REDS_CITY, &[6, 0]);
        run_on(&mut g, "count blacksmith").unwrap();
        assert_eq!(count_at(&g), "blacksmith");
        assert!(!count_asks(&g));
    }
}

// ------------------------------------------------------------- CK17–CK20

/// Blue's follower in the castle, the Count moved to `count_to`; Red then
/// closes the `CO/12` cap (east) with a follower of his: a 2-tile city.
fn castle_then_red_closes(count_to: &str) -> String {
    format!(
        "{BLUE_CLOSES_REDS_CITY}
         count castle
         count {count_to}
         draw BA/C; place 2 1 3; deploy follower city"
    )
}

#[test]
fn ck17_before_the_scoring_a_castle_follower_joins_the_completed_city_on_a_tile_he_picks() {
    for r in both("", "", "") {
        let mut g = run(&r, 2, &castle_then_red_closes("market")).unwrap();
        // Blue (left of the active player) decides before the scoring.
        assert_eq!(g.actor(), Actor::Player(p(1)));
        assert_eq!(
            legal_names(&g),
            ["count pass", "count follower of 1 in castle"]
        );
        let mut passed = g.clone();
        run_on(&mut passed, "count pass").unwrap();
        assert_eq!(passed.scores(), [10, 0]);
        run_on(&mut g, "count follower of 1 in castle").unwrap();
        // CK19: a segment of the city on either of its tiles.
        assert_eq!(legal_sorted(&g), ["count 0 at 1 1", "count 0 at 2 1"]);
        run_on(&mut g, "count 0 at 2 1").unwrap();
        // A tie: both score the 2-tile city (4) and go home.
        assert_eq!(g.scores(), [10, 4]);
        assert_eq!(in_quarter(&g, 1, "castle"), 0);
        assert_eq!(g.supply(p(1), carcassonne_core::FigureKindId(0)), 7);
    }
}

#[test]
fn ck19_a_segment_that_is_not_offered_is_refused_even_unchecked() {
    for r in both("", "", "") {
        let mut g = run(&r, 2, &castle_then_red_closes("market")).unwrap();
        run_on(&mut g, "count follower of 1 in castle").unwrap();
        // A segment of the city that was scored a turn earlier: no target.
        let elsewhere = g.parse_action("count 0 at -2 2").unwrap();
        assert!(!g.legal_actions().unwrap().contains(&elsewhere));
        assert!(g.check_action(elsewhere).is_err());
        let e = g.clone().apply_unchecked(elsewhere).unwrap_err();
        assert!(e.to_string().contains("may not go there"), "{e}");
        // The plugin's own check takes an offered one, as `apply` does.
        let offered = g.parse_action("count 0 at 2 1").unwrap();
        g.apply_unchecked(offered).unwrap();
        assert_eq!(g.scores(), [10, 4]);
    }
}

#[test]
fn ck19_a_large_follower_from_the_castle_counts_two_and_returns_after_the_scoring() {
    let script = format!(
        "{BLUE_CLOSES_REDS_CITY}
         count castle
         count large-follower of 1 in supply
         count market
         draw BA/C; place 2 1 3; deploy follower city"
    );
    for r in both("", "", "[plugins.large-follower]") {
        let mut g = run(&r, 2, &script).unwrap();
        assert_eq!(
            legal_names(&g),
            ["count pass", "count large-follower of 1 in castle"]
        );
        run_on(&mut g, "count large-follower of 1 in castle").unwrap();
        assert_eq!(legal_sorted(&g), ["count 0 at 1 1", "count 0 at 2 1"]);
        run_on(&mut g, "count 0 at 1 1").unwrap();
        // Strength 2 against Red's 1: Blue alone scores the 2-tile city.
        assert_eq!(g.scores(), [6, 4]);
        // Back in the supply with Red's follower after the scoring.
        let large = g.rules().figure_kind("large-follower").unwrap();
        assert_eq!(g.supply(p(1), large), 1);
        assert_eq!(in_quarter(&g, 1, "castle"), 0);
        assert_eq!(g.supply(p(0), carcassonne_core::FigureKindId(0)), 7);
    }
}

#[test]
fn ck18_the_count_blocks_his_quarter() {
    for r in both("", "", "") {
        let g = check(&r, 2, &castle_then_red_closes("stay"), &[10, 0]);
        assert_eq!(in_quarter(&g, 1, "castle"), 1);
        assert!(!count_asks(&g));
    }
}

#[test]
fn ck20_market_followers_never_leave_during_the_game() {
    for r in both("", "", "") {
        let script = format!(
            "{BLUE_CLOSES_REDS_CITY}
             count market
             count cathedral
             draw BA/C; place 2 1 3; deploy follower city"
        );
        let g = check(&r, 2, &script, &[10, 0]);
        assert_eq!(in_quarter(&g, 1, "market"), 1);
    }
}

// ------------------------------------------------------------- CK21, CK22

/// Blue's follower in the market (the Count stays in the castle), then the
/// game ends.
fn market_then_end() -> String {
    format!(
        "{BLUE_CLOSES_REDS_CITY}
         count market
         count stay
         end"
    )
}

#[test]
fn ck21_ck22_after_the_last_turn_a_market_follower_becomes_a_farmer_the_city_counts() {
    for r in both("", "", "") {
        let mut g = run(&r, 2, &market_then_end()).unwrap();
        // Red (after Blue, who played last) has nothing to move: Blue decides.
        assert_eq!(g.actor(), Actor::Player(p(1)));
        assert_eq!(
            legal_names(&g),
            ["count pass", "count follower of 1 in market"]
        );
        run_on(&mut g, "count follower of 1 in market").unwrap();
        let fields = legal_names(&g);
        assert!(
            fields.contains(&"count 1 at -1 -1".to_string()),
            "{fields:?}"
        );
        // Every field segment on the board: 13 on the city tiles, 2 beside.
        assert_eq!(fields.len(), 15, "{fields:?}");
        // The north border field: the city of Carcassonne is its one
        // completed city (CK22 default): 3 points (F1).
        run_on(&mut g, "count 1 at -1 -1").unwrap();
        assert!(g.is_over());
        assert_eq!(g.scores(), [6, 3]);
    }
}

#[test]
fn ck21_the_final_movement_comes_after_the_abbey_round() {
    for r in both("", "", "[plugins.abbey]") {
        let g = run(&r, 2, &market_then_end()).unwrap();
        // Both players held an abbey: each had a turn of the abbey round
        // (no hole: it ended at once) before the final movement began.
        assert_eq!(g.granted_turns_played(), 2);
        assert_eq!(
            legal_names(&g),
            ["count pass", "count follower of 1 in market"]
        );
    }
}

#[test]
fn ck21_market_only_by_default_any_quarter_by_option() {
    let script = format!(
        "{}\nend",
        castle_then_red_closes("market").replace(
            "draw BA/C; place 2 1 3; deploy follower city",
            "draw BA/RFr; place 2 0 1; pass",
        )
    );
    // Market only: the castle follower stays and scores nothing (CK13).
    for r in both("", "", "") {
        let g = check(&r, 2, &script, &[6, 0]);
        assert!(g.is_over());
        assert_eq!(in_quarter(&g, 1, "castle"), 1);
    }
    // Any quarter: castle → the unfinished CO/12 cap (1 tile: 1 point).
    for r in both("", "final-moves = \"any-quarter\"", "") {
        let mut g = run(&r, 2, &script).unwrap();
        assert_eq!(
            legal_names(&g),
            ["count pass", "count follower of 1 in castle"]
        );
        run_on(&mut g, "count follower of 1 in castle").unwrap();
        assert_eq!(
            legal_names(&g),
            ["count 0 at 1 1"],
            "the one unfinished city"
        );
        run_on(&mut g, "count 0 at 1 1").unwrap();
        assert!(g.is_over());
        assert_eq!(g.scores(), [6, 1]);
    }
}

#[test]
fn ck22_with_coc_farmers_ignored_the_city_is_worth_nothing_to_farmers() {
    for r in both("", "coc-farmers = \"ignored\"", "") {
        let mut g = run(&r, 2, &market_then_end()).unwrap();
        run_on(&mut g, "count follower of 1 in market").unwrap();
        run_on(&mut g, "count 1 at -1 -1").unwrap();
        assert!(g.is_over());
        assert_eq!(g.scores(), [6, 0]);
    }
}

// ------------------------------------------------------------- CK25, CK26

#[test]
fn ck25_the_large_follower_enters_the_abbot_only_by_option() {
    let more = "[plugins.large-follower]\n[plugins.abbot]\n[plugins.builder]";
    for r in both("", "", more) {
        let mut g = check(&r, 2, BLUE_CLOSES_REDS_CITY, &[6, 0]);
        run_on(&mut g, "count castle").unwrap();
        assert_eq!(
            legal_sorted(&g),
            [
                "count follower of 1 in supply",
                "count large-follower of 1 in supply"
            ]
        );
        run_on(&mut g, "count large-follower of 1 in supply").unwrap();
        assert_eq!(in_quarter(&g, 1, "castle"), 1);
    }
    for r in both("", "abbot = \"yes\"", more) {
        let mut g = check(&r, 2, BLUE_CLOSES_REDS_CITY, &[6, 0]);
        run_on(&mut g, "count cathedral").unwrap();
        assert_eq!(
            legal_sorted(&g),
            [
                "count abbot of 1 in supply",
                "count follower of 1 in supply",
                "count large-follower of 1 in supply"
            ]
        );
    }
}

#[test]
fn ck27_both_editions_lay_the_same_city_and_play_by_the_same_rules() {
    let layout = [
        ("CO/1", -2, -1),
        ("CO/2", -1, -1),
        ("CO/3", 0, -1),
        ("CO/4", 1, -1),
        ("CO/5", -2, 0),
        ("CO/6", -1, 0),
        ("CO/7", 0, 0),
        ("CO/8", 1, 0),
        ("CO/9", -2, 1),
        ("CO/10", -1, 1),
        ("CO/11", 0, 1),
        ("CO/12", 1, 1),
    ];
    for ed in ["C1", "C2"] {
        let text =
            count_text("", "", "").replacen("[core]", &format!("edition = \"{ed}\"\n[core]"), 1);
        for r in compiled_in_and_loaded(&text) {
            let g = Game::new(r.clone(), 2, 1).unwrap();
            for (id, x, y) in layout {
                let t = g.tile_at(carcassonne_core::Pos::new(x, y)).expect(id);
                let placed = g.placed(t).unwrap();
                assert_eq!(r.tiles.get(placed.ty).unwrap().id, id, "{ed}");
                assert_eq!(placed.rot.quarter_turns(), 0, "{ed} {id}");
            }
            // The Count's quarter may be entered (CK15) in both editions.
            let mut g = check(&r, 2, BLUE_CLOSES_REDS_CITY, &[6, 0]);
            assert_eq!(legal_names(&g), ENTER, "{ed}");
            // The final movement is market-only unless the option says
            // otherwise, whatever the edition (CK21).
            run_on(&mut g, "count castle\ncount market\nend").unwrap();
            assert!(g.is_over(), "{ed}: nothing to move from the castle");
            assert_eq!(g.scores(), [6, 0], "{ed}");
            assert_eq!(in_quarter(&g, 1, "castle"), 1, "{ed}");
        }
    }
}

// ------------------------------------------------------------- pictures

#[test]
fn count_pictures_show_the_quarters_on_the_city_not_its_markers() {
    for r in both("", "", "") {
        let mut g = run(&r, 2, BLUE_CLOSES_REDS_CITY).unwrap();
        run_on(&mut g, "count castle\ncount blacksmith").unwrap();
        let style = carcassonne_render::Style::for_rules(g.rules(), None).unwrap();
        let o = carcassonne_render::Options {
            panel: true,
            ..Default::default()
        };
        let svg = carcassonne_render::board(&g, &o, &style);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let with = |class: &str| {
            doc.descendants()
                .filter(|n| n.attribute("class") == Some(class))
                .filter(|n| n.attribute("data-plugin").is_none_or(|p| p == "count"))
                .collect::<Vec<_>>()
        };
        // On the city (CO/6, the piece marked `quarters`): the Count's
        // quarter and the followers in each quarter, in the plugin's style.
        let notes = with("feature-note");
        assert_eq!(notes.len(), 1, "{svg}");
        let at = ["data-x", "data-y"].map(|a| notes[0].attribute(a).unwrap());
        assert_eq!(at, ["-1", "0"]);
        let title = notes[0].descendants().find(|n| n.has_tag_name("title"));
        assert_eq!(
            title.and_then(|t| t.text()),
            Some("count: Count: blacksmith; castle 1")
        );
        // Beside Blue: his followers in the city.
        let player = with("player-note");
        assert_eq!(player.len(), 1);
        assert_eq!(player[0].attribute("data-seat"), Some("1"));
        // The city's markers are data only: not drawn, not in the legend.
        assert!(!svg.contains("data-marker=\"city-of-carcassonne\""));
        assert!(!svg.contains("data-marker=\"quarters\""));
        assert!(carcassonne_render::legend_names(&g, &style).is_empty());
        // The figures in the quarters, off the board.
        let areas: Vec<String> = with("area")
            .iter()
            .map(|n| n.attribute("data-area").unwrap().to_string())
            .collect();
        assert_eq!(areas, ["castle", "blacksmith"]);
    }
}
