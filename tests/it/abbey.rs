//! The `abbey` plugin (Abbey & Mayor: each player's abbey tile), rulings AM1–AM9
//! and X19–X22 of `shared/expansions/abbey-and-mayor.md`, with exact points.
//!
//! Geometry: the start tile BA/RCr lies at (0, 0) (city north, road west–east);
//! x grows east, y grows south; `place X Y R` turns the tile R quarter turns
//! clockwise. Player 0 is Red, player 1 Blue, player 2 Green; they alternate.

use crate::common::*;
use carcassonne_core::conformance::{run as conformance, Options};
use carcassonne_core::PlayerId;
use carcassonne_core::{Actor, Game, Pos, Rules, Stage};
use std::sync::Arc;

/// The base game with the abbey.
const ABBEY: &str = r#"
    name = "base + abbey"
    tilesets = ["base"]
    [plugins.abbey]
"#;

/// Layout A: four city caps face the square (0, -1) — the start's city, Red's
/// cap at (1, -1), Blue's at (-1, -1) and an empty one at (0, -2). After these
/// six tiles (0, -1) is a hole and it is Red's turn.
pub const HOLE: &str = "draw BA/RFr; place 1 0 0; pass
     draw BA/RFr; place -1 0 0; pass
     draw BA/C; place 1 -1 3; deploy follower city
     draw BA/C; place -1 -1 1; deploy follower city
     draw BA/L; place 1 -2 0; pass
     draw BA/C; place 0 -2 2; pass";

/// Red plays his abbey into the hole of [`HOLE`], with a monk on it.
const ABBEY_MONK: &str = "abbey play; place 0 -1 0; deploy follower cloister";

fn abbey() -> Arc<Rules> {
    rules(ABBEY)
}

/// A ruleset whose bag holds exactly the six tiles of [`HOLE`] (plus the start).
fn six_tiles(options: &str, players: u8) -> Arc<Rules> {
    let base = include_str!("../../configs/tilesets/base.toml");
    let mut counts = String::new();
    for line in base.lines().filter_map(|l| l.strip_prefix("id = ")) {
        let n = match line.trim_matches('"') {
            "BA/RCr" | "BA/L" => 1,
            "BA/RFr" => 2,
            "BA/C" => 3,
            _ => 0,
        };
        counts.push_str(&format!("{line} = {n}\n"));
    }
    rules(&format!(
        "name = \"six tiles\"\nplayers = {players}\ntilesets = [\"base\"]\n\
         [plugins.abbey]\n{options}\n[tiles.counts]\n{counts}"
    ))
}

fn names(g: &Game) -> Vec<String> {
    g.legal_actions()
        .unwrap()
        .into_iter()
        .map(|a| g.format_action(a))
        .collect()
}

fn abbey_tile(g: &Game) -> carcassonne_core::TileTypeId {
    g.rules()
        .tiles
        .by_id("AM/A")
        .expect("the abbey plugin adds AM/A")
}

// ------------------------------------------------------------------ AM1–AM3

#[test]
fn am1_each_player_holds_one_abbey_outside_the_bag() {
    for players in [2, 4, 6] {
        let g = Game::new(abbey(), players, 1).unwrap();
        let a = abbey_tile(&g);
        assert!(PlayerId::all(players).all(|p| g.hand_count(p, a) == 1));
        assert!(!g.bag().contains(&a));
        assert_eq!(g.bag_len(), 71);
    }
    // Playing it takes nothing from the bag: the game has one more turn.
    let g = run(&abbey(), 2, HOLE).unwrap();
    let (a, bag) = (abbey_tile(&g), g.bag_len());
    let mut g2 = g.clone();
    run_on(&mut g2, ABBEY_MONK).unwrap();
    assert_eq!(g2.bag_len(), bag);
    assert_eq!(
        (
            g2.hand_count(PlayerId::ALL[0], a),
            g2.hand_count(PlayerId::ALL[1], a)
        ),
        (0, 1)
    );
}

#[test]
fn am2_the_abbey_turn_has_a_figure_step_and_a_scoring_step() {
    // Red plays the abbey instead of drawing, deploys a monk on it, and the
    // scoring step scores the two caps the abbey closes (2 each).
    let g = check(&abbey(), 2, &format!("{HOLE}\n{ABBEY_MONK}"), &[2, 2]);
    let a = g.tile_at(Pos::new(0, -1)).unwrap();
    assert_eq!(g.tile_type_id(a), Some(abbey_tile(&g)));
    assert_eq!(g.figures_at_tile(a).count(), 1);
    // The next turn is Blue's, who may play his own abbey only into a hole: none.
    assert_eq!(g.actor(), Actor::Chance);
}

#[test]
fn am3_the_abbey_is_offered_only_when_a_hole_exists_and_goes_only_there() {
    let r = abbey();
    // After five tiles (0, -1) still misses its northern neighbour: Blue draws.
    let five: Vec<&str> = HOLE.lines().take(5).collect();
    let g = run(&r, 2, &five.join("\n")).unwrap();
    assert_eq!(g.actor(), Actor::Chance);
    // After the sixth, Red decides: play the abbey or draw.
    let g = run(&r, 2, HOLE).unwrap();
    assert_eq!(g.actor(), Actor::Player(PlayerId::ALL[0]));
    assert_eq!(names(&g), ["abbey draw", "abbey play"]);
    // Played, it goes only into the hole (rotation irrelevant: one placement);
    // the diagonal neighbours (-1, -2) and (1, 0)... need not exist.
    let mut g = g;
    run_on(&mut g, "abbey play").unwrap();
    assert_eq!(names(&g), ["place 0 -1 0"]);
    // `abbey draw` draws as usual.
    let mut g = run(&r, 2, HOLE).unwrap();
    run_on(&mut g, "abbey draw").unwrap();
    assert_eq!(g.actor(), Actor::Chance);
}

#[test]
fn am3_a_hole_another_plugins_rule_keeps_tiles_out_of_is_no_hole_for_the_abbey() {
    // `kit-no-holes` lets no tile into a hole. The abbey used to be offered
    // there all the same, and `abbey play` then failed ("the abbey fits into
    // no hole"). With `exempt-held`, a tile of a type the current player holds
    // may go in: the check of the play used to judge the abbey still in the
    // hand (exempt, so it fits) and its placement list out of it (refused
    // everywhere), leaving a placement with no legal action. Both judge it
    // out of the hand now, and the play is offered only when it can be made.
    for exempt in [false, true] {
        let text = format!(
            "name = \"abbey + no holes\"\ntilesets = [\"base\"]\n[plugins.abbey]\n\
             [plugins.kit-no-holes]\nexempt-held = {exempt}\n"
        );
        for r in compiled_in_and_loaded(&text) {
            let g = run(&r, 2, HOLE).unwrap();
            assert_eq!(
                g.actor(),
                Actor::Chance,
                "exempt-held = {exempt}: Red draws"
            );
            assert_eq!(g.hand_count(PlayerId::ALL[0], abbey_tile(&g)), 1);
            // No hole stops a game: every random game ends, at every seat count.
            conformance_at_2_4_6(&r, 15, 0, &|_| Ok(()), "abbey + kit-no-holes");
        }
    }
    // The kit plugin's rule is what keeps the abbey out: without it, Red may
    // play his abbey into the hole (AM3 above).
    let g = run(&abbey(), 2, HOLE).unwrap();
    assert_eq!(names(&g), ["abbey draw", "abbey play"]);
}

// ------------------------------------------------------------------ AM4–AM7

#[test]
fn am4_cities_touching_the_abbey_stay_separate() {
    // Joined through the abbey the three caps and the start's city would be one
    // 4-tile city tied 1-1: 8 each. Separately, each cap scores 2.
    let g = check(&abbey(), 2, &format!("{HOLE}\n{ABBEY_MONK}"), &[2, 2]);
    let root = |x, y| {
        let t = g.tile_at(Pos::new(x, y)).unwrap();
        g.find(g.feature_of(t, 0).unwrap()).unwrap()
    };
    assert_ne!(root(1, -1), root(-1, -1));
    assert_ne!(root(0, 0), root(0, -2));
    assert!(g.is_complete(root(0, 0)).unwrap() && g.is_complete(root(0, -2)).unwrap());
}

#[test]
fn am5_the_abbey_adds_no_tile_to_what_it_closes() {
    // Red's one-tile cap closed by the abbey: 2 points (1 tile), not 4.
    check(&abbey(), 2, &format!("{HOLE}\n{ABBEY_MONK}"), &[2, 2]);
    // The same cap closed by a plain tile instead of the abbey (a 2-tile city).
    check(
        &abbey(),
        2,
        &format!("{HOLE}\nabbey draw; draw BA/Cccc+; place 0 -1 0; pass"),
        &[12, 12],
    );
}

#[test]
fn am6_a_monk_on_the_abbey_scores_9_when_surrounded() {
    // The abbey's 8th neighbour (-1, -2) comes with Blue's next tile: 9 for Red.
    check(
        &abbey(),
        2,
        &format!("{HOLE}\n{ABBEY_MONK}\ndraw BA/L; place -1 -2 0; pass"),
        &[11, 2],
    );
}

#[test]
fn am6_a_monk_on_the_abbey_at_game_end_scores_1_plus_neighbours() {
    // 7 neighbours: 1 + 7 = 8, never less than 5.
    check(&abbey(), 2, &format!("{HOLE}\n{ABBEY_MONK}\nend"), &[10, 2]);
}

#[test]
fn am7_the_abbey_completes_a_neighbouring_cloister() {
    // Red's monk on BA/L at (0, 1) below the start; eight more tiles, the
    // hole (0, 2) last: Blue's abbey is its 8th neighbour and completes it (9).
    let r = rules(&format!("{ABBEY}\n[tiles.counts]\n\"BA/L\" = 7\n"));
    let script = "draw BA/L; place 0 1 0; deploy follower cloister
         draw BA/RFr; place 1 0 0; pass
         draw BA/RFr; place -1 0 0; pass
         draw BA/L; place -1 1 0; pass
         draw BA/L; place 1 1 0; pass
         draw BA/L; place -1 2 0; pass
         draw BA/L; place 1 2 0; pass
         draw BA/L; place 1 3 0; pass
         draw BA/L; place 0 3 0; pass
         scores 0 0
         abbey play; place 0 2 0; pass";
    check(&r, 2, script, &[9, 0]);
}

// ------------------------------------------------------------------ AM8

#[test]
fn am8_one_last_round_for_the_abbeys_after_the_last_tile() {
    // Blue places the last bag tile; the round starts with Red, who plays his
    // abbey with a monk (2 + 8 at the end); Blue has no hole left.
    let g = check(
        &six_tiles("", 2),
        2,
        &format!("{HOLE}\n{ABBEY_MONK}"),
        &[10, 2],
    );
    assert!(g.is_over());
}

#[test]
fn am8_the_round_starts_after_the_last_player_and_ends_with_him() {
    let r = six_tiles("", 3);
    // Green (2) places the last tile: Red decides first, then Blue, then Green.
    let three = "draw BA/RFr; place 1 0 0; pass
         draw BA/RFr; place -1 0 0; pass
         draw BA/C; place 1 -1 3; deploy follower city
         draw BA/C; place -1 -1 1; deploy follower city
         draw BA/L; place 1 -2 0; pass
         draw BA/C; place 0 -2 2; pass";
    let mut g = run(&r, 3, three).unwrap();
    for (p, step) in [(0, "abbey pass"), (1, "abbey pass")] {
        assert_eq!(g.actor(), Actor::Player(PlayerId::ALL[p]));
        assert_eq!(names(&g), ["abbey pass", "abbey play"]);
        run_on(&mut g, step).unwrap();
    }
    assert_eq!(g.actor(), Actor::Player(PlayerId::ALL[2]));
    run_on(&mut g, "abbey play; place 0 -1 0; pass").unwrap();
    // Green's abbey closes Red's cap (-1, -1) and Green's cap (1, -1): 2 each.
    assert!(g.is_over());
    assert_eq!(g.scores(), [2, 0, 2]);
}

#[test]
fn am8_variant_false_the_game_ends_with_the_last_bag_tile() {
    // The caps stay incomplete: 1 point each at game end.
    let g = check(
        &six_tiles("abbey-after-last-tile = false", 2),
        2,
        HOLE,
        &[1, 1],
    );
    assert!(g.is_over());
}

// ------------------------------------------------------------------ AM9

#[test]
pub(crate) fn am9_an_abbey_turn_takes_no_underlay_and_is_no_hill() {
    let r = rules(
        "name = \"abbey and hills\"\ntilesets = [\"base\", \"hills-and-sheep\"]\n\
         [plugins.hills]\n[plugins.abbey]\n",
    );
    let mut g = run(&r, 2, HOLE).unwrap();
    let bag = g.bag_len();
    run_on(&mut g, "abbey play; place 0 -1 0").unwrap();
    // Straight to the figure step: no tile taken face down.
    assert_eq!(g.stage(), Stage::Figure);
    assert_eq!(g.bag_len(), bag);
    assert!(g.hidden_tiles().is_empty());
    run_on(&mut g, "deploy follower cloister").unwrap();
    assert_eq!(g.scores(), [2, 2]);
}

// ------------------------------------------------------------------ X19–X22

/// X19: HS/CC!.v at (0, 2) shows its double city side to the hole (0, 1); its
/// city A (NL NM + W) is closed westwards by Red's cap at (-1, 2), city B (NR + E)
/// eastwards by a cap at (1, 2) with Blue's knight on the special tile.
const DOUBLE_SIDE: &str = "draw BA/RFr; place 1 0 0; pass
     draw BA/L; place 1 1 0; pass
     draw BA/C; place 1 2 3; pass
     draw HS/CC!.v; place 0 2 0; deploy follower city E
     draw BA/RFr; place -1 0 0; pass
     draw BA/L; place -1 1 0; pass
     abbey draw; draw BA/C; place -1 2 1; deploy follower city";

const SPECIAL: &str = r#"
    name = "abbey and the special cities"
    tilesets = ["base"]
    [plugins.special-cities]
    [plugins.abbey]
"#;

#[test]
pub(crate) fn x19_an_abbey_against_the_double_city_side_closes_two_cities() {
    // Each city has 2 tiles: 4 points each. Joined, one 3-tile city tied: 6 each.
    let g = check(
        &rules(SPECIAL),
        2,
        &format!("{DOUBLE_SIDE}\nabbey play; place 0 1 0; pass"),
        &[4, 4],
    );
    let t = g.tile_at(Pos::new(0, 2)).unwrap();
    let (a, b) = (g.feature_of(t, 0).unwrap(), g.feature_of(t, 1).unwrap());
    assert_ne!(g.find(a), g.find(b));
}

#[test]
fn x19_an_abbey_against_the_split_field_side_keeps_both_halves_apart() {
    // HS/C!.v at (0, 2) turned 180°: its split field side faces the hole (0, 1),
    // its city (closed by a cap at (0, 3)) faces south. Its east half joins the
    // big field of Blue's farmer, which also borders the 2-tile city at (1, 1)
    // and (2, 1); Red's farmer is on its west half. Through the abbey nothing
    // joins: Red 3, Blue 3 + 3 (joined, 1 against 1: 6 each).
    let script = "draw BA/RFr; place 1 0 0; pass
         draw BA/C; place 1 1 1; pass
         draw BA/C; place 2 1 3; pass
         draw BA/L; place 1 2 0; pass
         draw BA/RFr; place -1 0 0; pass
         draw BA/L; place -1 1 0; deploy follower field
         draw HS/C!.v; place 0 2 2; deploy follower field W
         abbey draw; draw BA/C; place 0 3 0; pass
         abbey play; place 0 1 0; pass";
    let g = run(&rules(SPECIAL), 2, script).unwrap();
    let t = g.tile_at(Pos::new(0, 2)).unwrap();
    let (e, w) = (g.feature_of(t, 1).unwrap(), g.feature_of(t, 2).unwrap());
    assert_ne!(g.find(w), g.find(e));
    let mut g = g;
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [3, 6]);
}

#[test]
fn x20_an_abbey_closing_a_shepherds_field_herds_the_flock() {
    let r = rules(
        "name = \"abbey and shepherds\"\ntilesets = [\"base\", \"abbey-and-mayor\"]\n\
         [plugins.shepherd]\n[plugins.abbey]\n",
    );
    // Blue's shepherd (3 sheep) on the pocket field EL of AM/CRr at (-1, -1),
    // whose only open side faces the hole (0, -1). Red's abbey there closes it:
    // the flock is herded at once (3 to Blue), with no grow/herd choice for Red.
    let script = "draw BA/Rr; place -1 0 2; pass
         draw AM/CRr; place -1 -1 0; deploy shepherd field EL
         shepherd sheep-3
         draw BA/RFr; place 1 0 0; pass
         draw BA/C; place 1 -1 3; pass
         draw BA/L; place 1 -2 0; pass
         draw BA/C; place 0 -2 2; pass
         scores 0 0
         abbey play; place 0 -1 0; pass";
    let g = check(&r, 2, script, &[0, 3]);
    assert_eq!(g.actor(), Actor::Chance);
}

#[test]
fn x21_a_monk_on_the_abbey_earns_the_vineyard_bonus() {
    let r = rules(
        "name = \"abbey and vineyards\"\ntilesets = [\"base\", \"hills-and-sheep\"]\n\
         [plugins.vineyards]\n[plugins.abbey]\n",
    );
    // The abbey's 8th neighbour is a vineyard: 9 + 3 for Red's monk.
    check(
        &r,
        2,
        &format!("{HOLE}\n{ABBEY_MONK}\ndraw HS/Cc.v; place -1 -2 0; pass"),
        &[14, 2],
    );
}

#[test]
fn x22_the_abbot_on_the_abbey_is_taken_back_like_from_a_cloister() {
    let r = rules(
        "name = \"abbey and abbot\"\ntilesets = [\"base\"]\n[plugins.abbot]\n[plugins.abbey]\n",
    );
    // Red's abbot on his abbey (7 neighbours), taken back two turns later: 1 + 7.
    check(
        &r,
        2,
        &format!(
            "{HOLE}\nabbey play; place 0 -1 0; deploy abbot cloister
             draw BA/RFr; place 2 0 0; pass
             draw BA/RFr; place 3 0 0; abbot recall"
        ),
        &[10, 2],
    );
}

// ------------------------------------------------------------------ bots, libraries

/// Everything of the abbey's interactions at once, for random games.
const ALL: &str = r#"
    name = "abbey with hills, sheep, vineyards, abbot"
    tilesets = ["base", "hills-and-sheep", "abbey-and-mayor"]
    [plugins.abbey]
    [plugins.hills]
    [plugins.shepherd]
    [plugins.vineyards]
    [plugins.abbot]
    [plugins.special-cities]
"#;

#[test]
fn abbey_bots_play_it_and_the_conformance_kit_passes() {
    for (players, first_seed) in [(2, 0), (4, 100), (6, 200)] {
        let opts = Options {
            games: 40,
            players,
            first_seed,
            ..Options::default()
        };
        let report = conformance(&rules(ALL), opts, &|_| Ok(())).unwrap_or_else(|f| panic!("{f}"));
        assert_eq!(report.games, 40);
    }
    // Random games do play abbeys (holes appear in most games).
    let r = rules(ALL);
    let mut played = 0;
    for seed in 0..10 {
        let mut g = Game::new(r.clone(), 3, seed).unwrap();
        let a = abbey_tile(&g);
        let mut rng = carcassonne_core::Rng::new(seed);
        while g.step_random(&mut rng).unwrap() {}
        played += PlayerId::all(3)
            .filter(|&p| g.hand_count(p, a) == 0)
            .count();
    }
    assert!(played > 0, "no abbey played in 10 random games");
}

#[test]
fn abbey_same_compiled_in_and_loaded() {
    for players in [2, 4] {
        assert_same_compiled_in_and_loaded(ALL, players, 0..2);
    }
}
