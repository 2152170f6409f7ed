//! The Count of Carcassonne with the other expansions (X69–X80, CK23) and
//! the variants of its options: conformance at 2, 4 and 6 players and the bots
//! to the end (the shipped ruleset's checks are in `shipped_rulesets.rs`).

use crate::common::*;
use crate::count::{count_at, count_text, in_quarter, BLUE_CLOSES_REDS_CITY, FROM_CASTLE};
use crate::dragon::{figures_at, neutral_at};
use crate::king_and_robber::award;
use crate::river::{after, draws, in_bag, is_river, placements, ty};
use carcassonne_core::{Game, PlayerId, Pos, Rules, Side, FOLLOWER};
use std::sync::Arc;

/// The shipped ruleset of the Count, King & Robber.
const RULESET: &str = "count-king-and-robber.toml";

/// [`count_text`] compiled in and loaded.
fn both(core: &str, options: &str, more: &str) -> [Arc<Rules>; 2] {
    compiled_in_and_loaded(&count_text(core, options, more))
}

/// The shipped ruleset with the King & Robber scoring `scoring`.
fn with_scoring(scoring: &str) -> [Arc<Rules>; 2] {
    let text = config_text(RULESET).replace(
        "scoring = \"per-feature\"",
        &format!("scoring = \"{scoring}\""),
    );
    compiled_in_and_loaded(&text)
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

// ------------------------------------------------------------- CK23, X80

#[test]
fn ck23_the_city_of_carcassonne_is_one_more_completed_city_for_the_king_never_the_largest() {
    for r in with_scoring("per-feature") {
        let mut g = check(&r, 2, BLUE_CLOSES_REDS_CITY, &[6, 0]);
        // The 3-tile city gives Blue the King: the city of Carcassonne, larger
        // and complete, was never a candidate.
        assert_eq!(award(&g, "king"), (Some(1), 3));
        run_on(&mut g, "count pass\nend").unwrap();
        // Two completed cities: the 3-tile one and the city of Carcassonne.
        assert_eq!(g.scores(), [6, 2]);
        assert_eq!(category(&g, 1, "king-and-robber"), 2);
    }
}

#[test]
fn x80_king_points_neither_let_a_player_enter_nor_count_as_scoring() {
    for r in with_scoring("continuous") {
        // Red closes the CO/12 cap (2 tiles, his follower): the King, unpaid.
        // Blue closes the empty CO/9 cap: Red, holding the King, is paid 1,
        // but no feature scoring paid anybody: Blue may not enter.
        let g = check(
            &r,
            2,
            "draw BA/C; place 2 1 3; deploy follower city
             draw BA/C; place -2 2 0; pass",
            &[5, 0],
        );
        assert_eq!(category(&g, 0, "king-and-robber"), 1);
        assert!(!legal_names(&g).iter().any(|a| a.starts_with("count ")));
    }
}

// ------------------------------------------------------------- X69

/// Blue's farmers in the north and east border fields (the only completed city
/// either borders is the city of Carcassonne); Red lays two cloisters west of
/// the area without followers.
const TWO_BORDER_FARMERS: &str = "draw BA/L; place -3 0 0; pass
     draw BA/RFr; place -1 -2 0; deploy follower field S
     draw BA/L; place -3 1 0; pass
     draw BA/RFr; place 2 0 1; deploy follower field W
     end";

#[test]
fn x69_the_city_counts_under_every_farmer_rule() {
    for (farmers, blue) in [
        ("per-field", 6),
        ("per-field-once-per-player", 3),
        ("per-city", 4),
    ] {
        let core = format!("farmers = \"{farmers}\"");
        for r in both(&core, "", "") {
            let g = check(&r, 2, TWO_BORDER_FARMERS, &[0, blue]);
            assert!(g.is_over(), "{farmers}");
        }
        // CK22 `coc-farmers = "ignored"`: nothing under any rule.
        for r in both(&core, "coc-farmers = \"ignored\"", "") {
            check(&r, 2, TWO_BORDER_FARMERS, &[0, 0]);
        }
    }
}

#[test]
fn x69_the_pig_adds_one_for_the_city_of_carcassonne() {
    let script = "draw BA/L; place -3 0 0; pass
         draw BA/RFr; place -1 -2 0; deploy follower field S
         draw BA/L; place -3 1 0; pass
         draw BA/RFr; place 0 -2 0; deploy pig field S
         end";
    for r in both("", "", "[plugins.pig]") {
        // 3 for the city of Carcassonne and the pig's 1 per city.
        check(&r, 2, script, &[0, 4]);
    }
}

#[test]
fn x69_without_farmers_nobody_enters_the_market() {
    for r in both("farmers = \"off\"", "", "") {
        let g = check(&r, 2, BLUE_CLOSES_REDS_CITY, &[6, 0]);
        assert!(!legal_names(&g).contains(&"count market".to_string()));
    }
}

/// Blue's farmer in the north border field (its one completed city is the
/// city of Carcassonne); Red's barn where that field's four corners meet
/// north of CO/2 and CO/3: the barn scores Blue's farmer at once.
const BARN_ON_BLUES_FARMER: &str = "draw BA/L; place -3 0 0; pass
     draw BA/RFr; place -1 -2 0; deploy follower field S
     draw BA/RFr; place 0 -2 0; deploy barn corner SW";

#[test]
fn x69_a_barn_counts_the_city_of_carcassonne_as_a_completed_city() {
    for r in both("", "", "[plugins.barn]") {
        // The barn's scoring: 3 for the city of Carcassonne to Blue's farmer.
        let mut g = check(&r, 2, BARN_ON_BLUES_FARMER, &[0, 3]);
        run_on(&mut g, "count pass\nend").unwrap();
        // At the end the barn: 4 per completed city, the city of Carcassonne.
        assert!(g.is_over());
        assert_eq!(g.scores(), [4, 3]);
    }
    // CK22 `coc-farmers = "ignored"`: neither the barn's scoring of the
    // farmers nor its 4 per city at the end counts it.
    for r in both("", "coc-farmers = \"ignored\"", "[plugins.barn]") {
        let mut g = check(&r, 2, BARN_ON_BLUES_FARMER, &[0, 0]);
        run_on(&mut g, "end").unwrap();
        assert_eq!(g.scores(), [0, 0]);
    }
}

/// Red's farmer and pig in the north border field, which borders the city of
/// Carcassonne and the 2-tile city Blue closes north of it; Red's farmer in
/// the east border field, which borders only the city of Carcassonne.
const PIG_NORTH_FARMER_EAST: &str = "draw BA/C; place -1 -2 0; deploy follower field S
     draw BA/C; place -1 -3 2; pass
     draw BA/L; place 0 -2 0; deploy pig field S
     draw BA/L; place -3 0 0; pass
     draw BA/RFr; place 2 0 1; deploy follower field W
     end";

#[test]
fn x69_the_pig_adds_one_for_the_city_of_carcassonne_under_every_farmer_rule() {
    // F1: north 3 × 2 cities + the pig's 2, east 3. F2: the city of
    // Carcassonne once (3 + the pig's 1: one of his fields next to it holds
    // his pig), the 2-tile city 3 + 1. F3: each city 4 + the pig's 1.
    for (farmers, red) in [
        ("per-field", 11),
        ("per-field-once-per-player", 8),
        ("per-city", 10),
    ] {
        let core = format!("farmers = \"{farmers}\"");
        for r in both(&core, "", "[plugins.pig]") {
            let g = check(&r, 2, PIG_NORTH_FARMER_EAST, &[red, 0]);
            assert!(g.is_over(), "{farmers}");
        }
    }
}

#[test]
fn ck22_ignored_the_pig_adds_nothing_for_the_city_of_carcassonne_under_every_farmer_rule() {
    // Only the 2-tile city counts: F1 north 3 + the pig's 1 (east nothing),
    // F2 3 + 1, F3 4 + 1.
    for (farmers, red) in [
        ("per-field", 4),
        ("per-field-once-per-player", 4),
        ("per-city", 5),
    ] {
        let core = format!("farmers = \"{farmers}\"");
        for r in both(&core, "coc-farmers = \"ignored\"", "[plugins.pig]") {
            let g = check(&r, 2, PIG_NORTH_FARMER_EAST, &[red, 0]);
            assert!(g.is_over(), "{farmers}");
        }
    }
}

/// Every scoring of a barn next to the city of Carcassonne: Red's farmer in
/// the north border field (which borders the city of Carcassonne and the
/// 2-tile city Blue closes); Red's farmer in the east border field; Blue's
/// barn north of CO/2 and CO/3 scores Red's northern farmer (AM24), Blue
/// passes the entry it earned (CK14); Red's cloister road joins the east field
/// to the barn's (across CO/4's road, AM26); at the end Blue's barn (AM27).
const BARN_EVERY_SCORING: &str = "draw BA/C; place -1 -2 0; deploy follower field S
     draw BA/C; place -1 -3 2; pass
     draw BA/RFr; place 2 0 1; deploy follower field W
     draw BA/L; place 0 -2 0; deploy barn corner SW
     count pass
     draw BA/LR; place 1 -2 0; pass";

/// [`BARN_EVERY_SCORING`] with the Count's `options`, each farmer scoring:
/// Red's points after the barn's placement and connection, then Blue's barn
/// at the end.
fn barn_every_scoring(options: &str, red: i32, blue_at_end: i32) {
    for farmers in ["per-field", "per-field-once-per-player"] {
        let core = format!("farmers = \"{farmers}\"");
        for r in both(&core, options, "[plugins.barn]") {
            let mut g = check(&r, 2, BARN_EVERY_SCORING, &[red, 0]);
            run_on(&mut g, "end").unwrap();
            // No farmer is left: only the barn scores at the end.
            assert!(g.is_over(), "{farmers}");
            assert_eq!(g.scores(), [red, blue_at_end], "{farmers}");
        }
    }
}

#[test]
fn x69_a_barn_counts_the_city_of_carcassonne_in_all_its_scorings() {
    // The barn's placement: 3 × 2 cities to Red; the connection: 1 × 2 to
    // Red; the end: Blue's barn 4 × 2 cities.
    barn_every_scoring("", 8, 8);
}

#[test]
fn ck22_ignored_a_barn_counts_only_the_real_cities_in_all_its_scorings() {
    // Only the 2-tile city: the placement 3, the connection 1, the end 4.
    barn_every_scoring("coc-farmers = \"ignored\"", 4, 4);
}

// ------------------------------------------------------------- X74, X76

#[test]
pub(crate) fn x74_the_shepherd_never_enters_the_city() {
    for r in both("", "", "[plugins.shepherd]") {
        let mut g = check(&r, 2, BLUE_CLOSES_REDS_CITY, &[6, 0]);
        // Only the follower may enter: no choice of figure is asked.
        run_on(&mut g, "count castle").unwrap();
        assert_eq!(in_quarter(&g, 1, "castle"), 1);
        assert_eq!(legal_names(&g), FROM_CASTLE);
    }
}

#[test]
fn x76_the_mayor_and_the_wagon_enter_a_mayor_from_the_castle_counts_the_pennants() {
    for r in both("", "", "[plugins.mayor]\n[plugins.wagon]") {
        let mut g = check(&r, 2, BLUE_CLOSES_REDS_CITY, &[6, 0]);
        run_on(&mut g, "count castle").unwrap();
        let mut kinds = legal_names(&g);
        kinds.sort();
        assert_eq!(
            kinds,
            [
                "count follower of 1 in supply",
                "count mayor of 1 in supply",
                "count wagon of 1 in supply"
            ]
        );
        run_on(
            &mut g,
            "count mayor of 1 in supply
             count market
             draw BA/C; place 2 1 3; deploy follower city",
        )
        .unwrap();
        // Before the scoring Blue moves his mayor into Red's city.
        assert_eq!(
            legal_names(&g),
            ["count pass", "count mayor of 1 in castle"]
        );
        run_on(&mut g, "count mayor of 1 in castle\ncount 0 at 2 1").unwrap();
        // No pennant: the mayor's strength is 0, Red alone scores the city.
        assert_eq!(g.scores(), [10, 0]);
        assert_eq!(in_quarter(&g, 1, "castle"), 0);
    }
}

#[test]
fn x76_a_barn_scoring_lets_the_player_who_placed_the_barn_enter() {
    for r in both("", "", "[plugins.barn]") {
        // The barn paid Blue's farmer 3 and Red nothing: Red may enter.
        let g = check(&r, 2, BARN_ON_BLUES_FARMER, &[0, 3]);
        assert_eq!(g.actor(), carcassonne_core::Actor::Player(PlayerId::ALL[0]));
        assert_eq!(
            legal_names(&g),
            [
                "count pass",
                "count castle",
                "count market",
                "count blacksmith",
                "count cathedral"
            ]
        );
    }
}

// ------------------------------------------------------------- X73, X77

#[test]
pub(crate) fn x73_a_follower_from_the_castle_has_the_hill_tie_break_on_the_hill_tile_he_picks() {
    let text = count_text("", "", "[plugins.hills]\nhill-underlay = \"blank\"").replace(
        "tilesets = [\"base\"]",
        "tilesets = [\"base\", \"hills-and-sheep\"]",
    );
    let script = format!(
        "{BLUE_CLOSES_REDS_CITY}
         count castle
         count market
         draw HS/CFR.h; place 2 1 3; deploy follower city
         count follower of 1 in castle"
    );
    for r in compiled_in_and_loaded(&text) {
        let g = run(&r, 2, &script).unwrap();
        // On CO/12 (no hill) Blue ties Red, whose follower is on the hill.
        let mut off_hill = g.clone();
        run_on(&mut off_hill, "count 0 at 1 1").unwrap();
        assert_eq!(off_hill.scores(), [10, 0]);
        // On the hill tile both are on a hill: both win.
        let mut on_hill = g;
        run_on(&mut on_hill, "count 0 at 2 1").unwrap();
        assert_eq!(on_hill.scores(), [10, 4]);
    }
}

#[test]
fn x75_a_follower_from_the_cathedral_joins_a_completed_abbey() {
    let script = cathedral_then_abbey();
    for r in both("", "", "[plugins.abbey]") {
        let mut g = run(&r, 2, &script).unwrap();
        assert_eq!(
            legal_names(&g),
            ["count pass", "count follower of 1 in cathedral"]
        );
        run_on(&mut g, "count follower of 1 in cathedral").unwrap();
        // The abbey is the cloister; the closed road is no target of his.
        assert_eq!(legal_names(&g), ["count 0 at -1 -2"]);
        run_on(&mut g, "count 0 at -1 -2").unwrap();
        assert_eq!(g.scores(), [6, 9]);
    }
}

/// Blue's follower in the cathedral (the Count in the market); cloisters
/// north of CO/2 leave a hole at (-1, -2), where Red plays his abbey: it
/// closes the abbey (8 neighbours) and the cloister road north of it.
fn cathedral_then_abbey() -> String {
    format!(
        "{BLUE_CLOSES_REDS_CITY}
         count cathedral
         count market
         draw BA/L; place -2 -2 0; pass
         draw BA/L; place 0 -2 0; pass
         draw BA/L; place -2 -3 0; pass
         draw BA/L; place 0 -3 0; pass
         draw BA/LR; place -1 -3 0; pass
         abbey draw
         draw BA/RFr; place 2 0 1; pass
         abbey play
         place -1 -2 0; pass"
    )
}

#[test]
fn x78_vineyard_points_of_a_joined_abbey_go_to_the_moved_follower_and_count_as_scoring() {
    // With a vineyard beside the abbey, the moved follower is paid the
    // vineyard too (a completed cloister's 9 + 3): vineyard points are part of
    // the cloister's scoring.
    let vineyard =
        cathedral_then_abbey().replace("draw BA/L; place -2 -3 0", "draw HS/Cc.v; place -2 -3 0");
    let text = count_text("", "", "[plugins.abbey]\n[plugins.vineyards]").replace(
        "tilesets = [\"base\"]",
        "tilesets = [\"base\", \"hills-and-sheep\"]",
    );
    for r in compiled_in_and_loaded(&text) {
        let g = check(
            &r,
            2,
            &format!("{vineyard}\ncount follower of 1 in cathedral\ncount 0 at -1 -2"),
            &[6, 12],
        );
        // Red scored nothing while Blue scored: Red may enter now.
        assert!(legal_names(&g).contains(&"count castle".to_string()));
    }
}

#[test]
fn x77_each_part_of_a_double_turn_is_judged_on_its_own() {
    // Blue's road leaves the CO/1 gate westwards and turns south along the
    // area; his builder joins it. Part 1 of his double turn scores nothing;
    // part 2 closes Red's city at the CO/9 cap.
    let script = "draw BA/Cc; place -2 2 0; deploy follower city
         draw BA/Rr; place -3 -1 3; deploy follower road
         draw BA/L; place 2 0 0; pass
         draw BA/RFr; place -3 0 1; deploy builder road
         draw BA/L; place 2 -1 0; pass
         draw BA/RFr; place -3 1 1; pass";
    for r in both("", "", "[plugins.builder]\ndouble-turn = \"always\"") {
        let mut g = check(&r, 2, script, &[0, 0]);
        // After part 1 nobody scored: no entry; part 2 follows.
        assert!(!legal_names(&g).iter().any(|a| a.starts_with("count ")));
        run_on(&mut g, "draw BA/RrC; place -3 2 1; pass").unwrap();
        assert_eq!(g.scores(), [6, 0]);
        assert!(legal_names(&g).contains(&"count castle".to_string()));
    }
}

#[test]
fn x79_the_fairy_is_never_put_beside_a_follower_in_a_quarter() {
    // Blue: a follower in the castle, then one on a road west of the area.
    let script = format!(
        "{BLUE_CLOSES_REDS_CITY}
         count castle
         count stay
         draw BA/L; place 2 0 0; pass
         draw BA/RFr; place -3 0 1; deploy follower road
         draw BA/L; place 2 -1 0; pass
         draw BA/Rr; place -3 -1 3"
    );
    for r in both("", "", "[plugins.fairy]") {
        let g = run(&r, 2, &script).unwrap();
        let fairy: Vec<String> = legal_names(&g)
            .into_iter()
            .filter(|a| a.contains("fairy"))
            .collect();
        // Only beside the follower on the board.
        assert_eq!(fairy, ["fairy 0 at -3 0"]);
    }
}

/// The Count with the dragon, the princess and the magic portal.
fn with_dragon() -> [Arc<Rules>; 2] {
    let more = "[plugins.dragon]\n[plugins.princess]\n[plugins.magic-portal]";
    compiled_in_and_loaded(&count_text("", "", more).replace(
        "tilesets = [\"base\"]",
        "tilesets = [\"base\", \"princess-and-dragon\"]",
    ))
}

#[test]
fn x79_the_dragon_walks_the_city_tiles_eats_there_but_never_in_a_quarter() {
    // Blue's follower in the castle with the Count. Red's portal tile north
    // of CO/4 sends his follower onto the east border field at CO/8; Blue's
    // volcano north of CO/2; Red's dragon tile west of it. The dragon walks
    // over the city tiles: CO/2, CO/6, CO/7, CO/8 (Red's farmer is eaten),
    // CO/4 and the portal tile.
    let script = format!(
        "{BLUE_CLOSES_REDS_CITY}
         count castle
         count stay
         draw PD/RRR.g; place 1 -2 0; deploy follower 1 at 1 0
         draw PD/F.v; place -1 -2 0; pass
         draw PD/C.dG; place -2 -2 0; pass"
    );
    for r in with_dragon() {
        let mut g = run(&r, 2, &script).unwrap();
        assert_eq!(figures_at(&g, 1, 0), ["0 follower"]);
        assert_eq!(
            legal_names(&g),
            ["dragon S", "dragon W"],
            "onto CO/2 or the dragon tile"
        );
        run_on(
            &mut g,
            "dragon S; dragon S; dragon E; dragon E; dragon N; dragon N",
        )
        .unwrap();
        assert_eq!(neutral_at(&g, "dragon"), Some((1, -2)));
        // The farmer on the city tile CO/8 was eaten.
        assert_eq!(figures_at(&g, 1, 0), Vec::<String>::new());
        assert_eq!(g.supply(PlayerId::ALL[0], FOLLOWER), 7);
        // The follower in the castle and the Count are in no tile: untouched.
        assert_eq!(in_quarter(&g, 1, "castle"), 1);
        assert_eq!(g.supply(PlayerId::ALL[1], FOLLOWER), 6);
        assert_eq!(count_at(&g), "castle");
        assert_eq!(g.scores(), [6, 0]);
    }
}

#[test]
fn x79_the_princess_never_reaches_a_follower_in_a_quarter() {
    // Blue's follower in the castle (the Count moved to the market); Red's
    // knight in the city of the CO/12 cap, which his BA/Cc leaves open to
    // the north; Blue's princess tile joins that city from the north.
    let script = format!(
        "{BLUE_CLOSES_REDS_CITY}
         count castle
         count market
         draw BA/Cc; place 2 1 0; deploy follower city
         draw PD/Cc!.p; place 2 0 2"
    );
    for r in with_dragon() {
        let mut g = run(&r, 2, &script).unwrap();
        let princess: Vec<String> = legal_names(&g)
            .into_iter()
            .filter(|a| a.starts_with("princess"))
            .collect();
        // Only Red's knight on the board: not Blue's follower in the castle.
        assert_eq!(princess, ["princess 0 at 2 1"]);
        run_on(&mut g, "princess 0 at 2 1").unwrap();
        assert_eq!(g.supply(PlayerId::ALL[0], FOLLOWER), 7);
        assert_eq!(in_quarter(&g, 1, "castle"), 1);
        assert_eq!(g.supply(PlayerId::ALL[1], FOLLOWER), 6);
        assert_eq!(g.scores(), [6, 0]);
    }
}

// ------------------------------------------------------------- CK26

/// The Count with The River I (C2) and the Count's option `river`.
fn with_river(river: &str) -> [Arc<Rules>; 2] {
    with_river_options(river, "")
}

/// [`with_river`] with the river plugin's `options`.
fn with_river_options(river: &str, options: &str) -> [Arc<Rules>; 2] {
    let more = format!("[plugins.river]\n{options}");
    let text = count_text("", &format!("river = \"{river}\""), &more)
        .replace("[\"base\"]", "[\"base\", \"the-river\"]");
    compiled_in_and_loaded(&text)
}

#[test]
fn ck26_separate_the_river_leaves_the_game() {
    for r in with_river("separate") {
        let g = Game::new(r.clone(), 2, 0).unwrap();
        // The city is the start; no river tile is in the bag, the spring
        // neither: 72 land tiles but the displaced base start tile.
        assert_eq!(g.placed_count(), 12);
        assert!(g.bag().iter().all(|&t| !is_river(&g, t)));
        assert_eq!(g.bag_len(), 71);
        // A whole game draws no river tile.
        let d = draws(&r, 3);
        assert!(d.iter().all(|&(t, _)| !is_river(&g, t)));
    }
}

#[test]
fn ck26_ruleset_check_says_the_count_leaves_the_river_out() {
    let o = crate::cli::run(&["ruleset", "check", "configs/all-expansions.toml"]);
    assert!(o.status.success());
    let out = crate::cli::stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    // The displaced base start tile, then every river tile, the spring too.
    assert_eq!(
        lines[1],
        "  plugin `count` keeps 3 copies of BA/RCr (4 in the tile sets)"
    );
    assert!(
        lines[2].starts_with("  plugin `count` leaves out RI.1/I.e, "),
        "{out}"
    );
    assert!(lines[2].ends_with(", RI/s"), "{out}");
    // The pig herd's tile, a river tile, with them.
    assert_eq!(
        lines[3],
        "  note: plugin `pig-herd` reads tile markers that no tile of this game carries \
         (`pig-herd`): what it does with them never comes up (the tiles that carry them are left \
         out, by plugin `count`)"
    );
    assert_eq!(lines.len(), 4, "{out}");
}

#[test]
fn ck26_spring_at_city_the_spring_is_drawn_first_against_the_area_then_the_river() {
    for r in with_river("spring-at-city") {
        let g = Game::new(r.clone(), 2, 0).unwrap();
        // The city is the start; the river's 12 tiles, the spring among them,
        // are in the bag with the 71 land tiles.
        assert_eq!(g.placed_count(), 12);
        assert_eq!(in_bag(&g, "RI/s"), 1);
        assert_eq!(g.bag_len(), 71 + 12);
        // The spring is drawn first: nothing else may be.
        let mut g2 = g.clone();
        assert!(run_on(&mut g2, "draw RI.1/IFI").is_err());
        let g = after(&r, "draw RI/s");
        // Against an outer field side of the area, its river side (east as
        // printed) facing open land.
        let spots = placements(&g);
        assert!(spots.contains(&(-1, -2, 0)));
        assert!(!spots.is_empty());
        for &(x, y, rot) in &spots {
            let river = Side::from_index(1 + usize::from(rot));
            let at = Pos::new(x, y);
            assert!(g.tile_at(at.step(river)).is_none(), "{x} {y} {rot}");
            let touches = Side::ALL.iter().any(|&d| g.tile_at(at.step(d)).is_some());
            assert!(touches, "{x} {y} {rot}");
        }
        // Then the river continues from it, river tiles only, before the land.
        let mut g = after(&r, "draw RI/s; place -1 -2 0; pass");
        assert!(run_on(&mut g.clone(), "draw BA/L").is_err());
        run_on(&mut g, "draw RI.1/IFI").unwrap();
        let spots = placements(&g);
        assert!(spots.contains(&(0, -2, 0)));
        assert!(
            spots.iter().all(|&(x, y, _)| (x, y) == (0, -2)),
            "{spots:?}"
        );
        run_on(&mut g, "place 0 -2 0; pass").unwrap();
        assert_eq!(g.scores(), [0, 0]);
        // A whole game: the spring first, then the other 11 river tiles.
        let d = draws(&r, 3);
        assert_eq!(d[0], (ty(&g, "RI/s"), false));
        assert!(d[1..12].iter().all(|&(t, _)| is_river(&g, t)));
        assert!(d[12..].iter().all(|&(t, _)| !is_river(&g, t)));
    }
}

#[test]
fn ck26_spring_at_city_with_split_fields_draws_the_split_spring_first() {
    // RV18 `split`: the spring and the lake give their copies to their twins
    // with a split field; the twin spring, displaced by the city, is drawn
    // first as the spring is.
    for r in with_river_options("spring-at-city", "spring-lake-fields = \"split\"") {
        let g = Game::new(r.clone(), 2, 0).unwrap();
        assert_eq!(g.placed_count(), 12);
        assert_eq!((in_bag(&g, "RI/s"), in_bag(&g, "RI/s.split")), (0, 1));
        assert_eq!(
            (in_bag(&g, "RI.1/I.e"), in_bag(&g, "RI.1/I.e.split")),
            (0, 1)
        );
        assert_eq!(g.bag_len(), 71 + 12);
        for seed in 0..3 {
            let d = draws(&r, seed);
            assert_eq!(d[0], (ty(&g, "RI/s.split"), false), "seed {seed}");
            assert!(
                d[1..12].iter().all(|&(t, _)| is_river(&g, t)),
                "seed {seed}"
            );
            assert!(
                d[12..].iter().all(|&(t, _)| !is_river(&g, t)),
                "seed {seed}"
            );
        }
    }
}

#[test]
fn ck26_spring_at_city_after_river_holds_nothing_back_the_count_took_the_start_tile() {
    // RV3 `after-river` holds the displaced base start tile back until the
    // river is done; with the Count that copy has left the game (CK12), so
    // the first land tile is any: BA/RCr (3 copies of 71 land tiles) is not
    // the first one in every game.
    for r in with_river_options("spring-at-city", "base-start-tile = \"after-river\"") {
        let g = Game::new(r.clone(), 2, 0).unwrap();
        assert_eq!((in_bag(&g, "BA/RCr"), g.bag_len()), (3, 71 + 12));
        let start = ty(&g, "BA/RCr");
        let firsts: Vec<_> = (0..8).map(|seed| draws(&r, seed)[12].0).collect();
        assert!(firsts.iter().any(|&t| t != start), "{firsts:?}");
        assert!(firsts.iter().all(|&t| !is_river(&g, t)), "{firsts:?}");
    }
    // Without the Count the copy stays, and comes first after the river.
    let text = config_text("the-river.toml").replace(
        "base-start-tile = \"shuffled\"",
        "base-start-tile = \"after-river\"",
    );
    let r = rules(&text);
    let g = Game::new(r.clone(), 2, 0).unwrap();
    let start = ty(&g, "BA/RCr");
    for seed in 0..4 {
        let d = draws(&r, seed);
        let first = d.iter().position(|&(t, _)| !is_river(&g, t)).unwrap();
        assert_eq!(d[first].0, start, "seed {seed}");
    }
}

#[test]
fn ck26_both_river_variants_pass_the_conformance_kit() {
    for river in ["separate", "spring-at-city"] {
        let [r, _] = with_river(river);
        conformance_at_2_4_6(&r, 4, 0, &invariants, river);
    }
}

// ------------------------------------------------------------- rulesets

/// Every variant of the plugin's options, on the shipped ruleset.
fn variants() -> Vec<(String, Arc<Rules>)> {
    let shipped = config_text(RULESET);
    let head = &shipped[..shipped.find("[plugins.count]").expect("table")];
    [
        "final-moves = \"any-quarter\"",
        "count-move = \"clockwise\"",
        "count-move = \"follow-follower\"",
        "coc-farmers = \"ignored\"",
        "abbot = \"yes\"\n[plugins.abbot]",
    ]
    .iter()
    .map(|o| {
        let text = format!("{head}[plugins.count]\n{o}\n");
        (o.to_string(), rules(&text))
    })
    .collect()
}

/// The Count's invariant in any state: it stands in one of the quarters.
pub fn invariants(g: &Game) -> Result<(), String> {
    let at = g
        .observation(PlayerId::ALL[0])
        .map_err(|e| e.to_string())?
        .plugins["count"]["count"]
        .as_str()
        .map(String::from);
    match at.as_deref() {
        Some("castle" | "market" | "blacksmith" | "cathedral") => Ok(()),
        other => Err(format!("the Count stands at {other:?}")),
    }
}

// The shipped ruleset's conformance, run orders, compiled-in and loaded games
// and bots: `shipped_rulesets.rs`, with the invariants above.

#[test]
fn the_count_variants_pass_the_conformance_kit_and_the_bots_play_one_to_the_end() {
    let variants = variants();
    for (name, r) in &variants {
        conformance_at_2_4_6(r, 4, 50, &invariants, name);
    }
    let (name, r) = &variants[0];
    bots_play_to_the_end(name, r, &invariants);
}
