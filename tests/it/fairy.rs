//! The `fairy` plugin (The Princess and the Dragon), rulings PD11–PD16 with
//! exact points and positions; the board picture and the observation show the
//! neutral figures. Geometry as in `dragon.rs`.

use crate::common::*;
use crate::dragon::{figures_at, followers, names, neutral_at, pd, pd_ruleset};
use carcassonne_core::PlayerId;
use carcassonne_core::{Actor, Game};

/// Red's follower on the road at (1, 0); two cloister tiles below; Red puts the
/// fairy beside his follower (local feature 0 of the tile at (1, 0)).
const FAIRY_ROAD: &str = "draw BA/RFr; place 1 0 0; deploy follower 0
     draw BA/L; place 0 1 0; pass
     draw BA/L; place 1 1 0; fairy 0 at 1 0";

/// Points of each seat in score category `cat`.
fn category(g: &Game, cat: &str) -> Vec<i32> {
    let i = g
        .score_categories()
        .iter()
        .position(|c| c == cat)
        .unwrap_or_else(|| panic!("no category {cat}"));
    PlayerId::all(g.players())
        .map(|p| g.score_breakdown(p)[i])
        .collect()
}

#[test]
fn pd11_the_fairy_is_put_beside_a_follower_of_ones_own_instead_of_deploying() {
    let r = pd();
    let mut g = run(&r, 2, "").unwrap();
    assert_eq!(neutral_at(&g, "fairy"), None, "off the board at first");
    run_on(
        &mut g,
        "draw BA/RFr; place 1 0 0; deploy follower 0
         draw BA/L; place 0 1 0; pass
         draw BA/L; place 1 1 0",
    )
    .unwrap();
    assert_eq!(
        names(&g),
        [
            "deploy follower 0",
            "deploy follower 1",
            "fairy 0 at 1 0",
            "pass"
        ]
    );
    run_on(&mut g, "fairy 0 at 1 0").unwrap();
    assert_eq!(neutral_at(&g, "fairy"), Some((1, 0)));
    assert_eq!(followers(&g, 0), 6, "moving the fairy deploys nothing");
    // Blue has no follower on the board: no fairy option.
    run_on(&mut g, "draw BA/RFr; place 2 0 0").unwrap();
    assert!(!names(&g).iter().any(|a| a.starts_with("fairy")));
    // Blue's farmer north of the road; Red's next turn offers no fairy move
    // (she already stands beside his only follower).
    run_on(&mut g, "deploy follower 1; draw BA/L; place 2 1 0").unwrap();
    assert!(!names(&g).iter().any(|a| a.starts_with("fairy")));
    // Blue takes her away from beside Red's follower.
    run_on(&mut g, "pass; draw BA/L; place -1 1 0").unwrap();
    assert!(names(&g).contains(&"fairy 1 at 2 0".to_string()));
    run_on(&mut g, "fairy 1 at 2 0").unwrap();
    assert_eq!(neutral_at(&g, "fairy"), Some((2, 0)));
}

#[test]
fn a_fairy_move_is_logged_once_by_the_core() {
    let r = pd();
    let mut g = Game::new(r.clone(), 2, 0).unwrap();
    g.set_logging(true);
    run_on(&mut g, FAIRY_ROAD).unwrap();
    let events = g.take_events();
    let moves: Vec<String> = carcassonne_render::log::lines(&g, &events)
        .into_iter()
        .filter(|l| l.contains("fairy"))
        .collect();
    assert_eq!(moves, ["The fairy moves to (1, 0)."]);
}

#[test]
fn pd13_one_point_at_the_start_of_the_owners_turn_pd14_three_when_scored_even_for_zero() {
    let r = pd();
    // Red scores 1 at the start of his 3rd turn (as Blue's turn ends); Blue
    // then moves the fairy beside his farmer: Red's 4th turn brings nothing,
    // Blue scores 1 at the start of his next turn.
    let script = format!(
        "{FAIRY_ROAD}
         draw BA/RFr; place 2 0 0; deploy follower 1
         scores 1 0
         draw BA/L; place 2 1 0; pass
         scores 1 0
         draw BA/L; place -1 1 0; fairy 1 at 2 0
         draw BA/RFr; place 3 0 0; pass
         scores 1 1"
    );
    check(&r, 2, &script, &[1, 1]);
    // Game end: Red's 4-tile road 4; Blue's farmer has no completed city (0),
    // the fairy beside him gives 3 (JCZ `fairy-endgame-zero-field`).
    let g = check(&r, 2, &format!("{script}\nend"), &[5, 4]);
    assert_eq!(category(&g, "fairy"), [1, 4]);
    assert_eq!(category(&g, "roads"), [4, 0]);
    assert_eq!(category(&g, "farmers"), [0, 0]);
}

#[test]
fn pd14_the_fairys_three_final_points_go_to_whoever_moved_her_last() {
    // The seat advantage of issue 26 (docs/plugins/fairy.md): at the end of
    // the game the fairy's follower scores 3 more, so the player of the last
    // turn may take her for himself. Red moved her last: Red's 3-tile road 3,
    // 1 at the start of his turn, 3 at the end.
    let r = pd();
    let blue = "draw BA/RFr; place 2 0 0; deploy follower 1";
    let g = check(&r, 2, &format!("{FAIRY_ROAD}\n{blue}\nend"), &[7, 0]);
    assert_eq!(category(&g, "fairy"), [4, 0]);
    // Blue moves her on the last turn instead: the 3 are his.
    let g = check(
        &r,
        2,
        &format!(
            "{FAIRY_ROAD}\n{blue}\ndraw BA/L; place 2 1 0; pass\n\
             draw BA/L; place -1 1 0; fairy 1 at 2 0\nend"
        ),
        &[4, 3],
    );
    assert_eq!(category(&g, "fairy"), [1, 3]);
}

#[test]
fn pd14_pd15_three_points_when_the_road_is_scored_then_she_stays_beside_nobody() {
    let r = pd();
    let g = check(
        &r,
        2,
        &format!(
            "{FAIRY_ROAD}
             draw BA/LR; place 2 0 1; pass
             draw BA/LR; place -1 0 3; pass
             scores 8 0
             draw BA/L; place 2 1 0; pass
             draw BA/L; place 3 1 0; pass"
        ),
        // Red: 1 (turn start) + 4 (road) + 3 (fairy); no point at his next turn.
        &[8, 0],
    );
    assert_eq!(category(&g, "fairy"), [4, 0]);
    assert_eq!(followers(&g, 0), 7);
    assert_eq!(
        neutral_at(&g, "fairy"),
        Some((1, 0)),
        "she stays on the tile"
    );
}

#[test]
fn pd15_the_princess_takes_the_follower_beside_the_fairy_she_stays_protects_and_scores_nothing() {
    // Red's knight north of the start at (0, −1), the fairy beside him; Blue's
    // princess tile at (0, −2) sends the knight home.
    let mut g = run(
        &pd(),
        2,
        "draw BA/CFc; place 0 -1 1; deploy follower 0
         draw BA/L; place 0 1 0; pass
         draw BA/L; place 1 1 0; fairy 0 at 0 -1
         draw PD/Ccc.p; place 0 -2 2; princess 0 at 0 -1",
    )
    .unwrap();
    assert_eq!(followers(&g, 0), 7);
    assert_eq!(figures_at(&g, 0, -1), ["fairy"], "she stays on the tile");
    // Beside nobody: no point at the start of Red's turn.
    assert_eq!(g.scores(), &[0, 0]);
    // She still protects the tile: Red's volcano at (1, −1) beside it, Blue's
    // dragon tile at (1, −2): the dragon's one way out is north, never west.
    run_on(
        &mut g,
        "draw PD/F.v; place 1 -1 0; pass
         draw PD/C.dG; place 1 -2 3; pass",
    )
    .unwrap();
    assert_eq!(names(&g), ["dragon N"]);
    run_on(&mut g, "dragon N").unwrap();
    assert_eq!(names(&g), ["dragon W"]);
    // From the princess tile (0, −2) the way south is her tile: the movement ends.
    run_on(&mut g, "dragon W").unwrap();
    assert_eq!(neutral_at(&g, "dragon"), Some((0, -2)));
    assert_eq!(g.actor(), Actor::Chance);
    assert_eq!(figures_at(&g, 0, -1), ["fairy"]);
    // Nothing for the fairy at the end either.
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), &[0, 0]);
    assert_eq!(category(&g, "fairy"), [0, 0]);
}

/// Red's road follower at (1, 0); Blue's volcano at (0, 1); Red places a
/// dragon tile at (2, 0) and makes his figure-step action `action`.
fn dragon_turn(action: &str) -> Game {
    run(
        &pd(),
        2,
        &format!(
            "draw BA/RFr; place 1 0 0; deploy follower 0
             draw PD/F.v; place 0 1 0; pass
             draw PD/RFr.d; place 2 0 0; {action}
             dragon N"
        ),
    )
    .unwrap()
}

#[test]
fn pd12_the_fairy_moved_in_a_dragon_turn_protects_before_the_dragon_moves() {
    let g = dragon_turn("fairy 0 at 1 0");
    // From the start tile the dragon may not enter the fairy's tile (1, 0);
    // west and north are empty: the movement ends after one step.
    assert_eq!(neutral_at(&g, "dragon"), Some((0, 0)));
    assert_eq!(g.actor(), Actor::Chance, "next turn's draw");
    assert_eq!(figures_at(&g, 1, 0), ["0 follower", "fairy"]);
    // Without the fairy, Blue sends the dragon onto Red's follower.
    let mut g = dragon_turn("pass");
    assert_eq!(names(&g), ["dragon E"]);
    run_on(&mut g, "dragon E").unwrap();
    assert_eq!(figures_at(&g, 1, 0), ["dragon"], "eaten");
}

/// PD16's fixture: Red's road follower at (1, 0); the fairy put on that tile;
/// Blue's farmer deployed through a portal north of that road (on the fairy's
/// tile); Red closes the road; the game ends.
fn on_tile_game(fairy: &str, move_fairy: &str) -> Game {
    let r = rules(&pd_ruleset("", fairy, ""));
    let script = format!(
        "draw BA/RFr; place 1 0 0; deploy follower 0
         draw BA/L; place 0 1 0; pass
         draw BA/L; place 1 1 0; {move_fairy}
         draw PD/RRR.g; place 2 0 0; deploy follower 1 at 1 0
         draw BA/LR; place -1 0 3; pass
         draw BA/L; place -1 1 0; pass
         end"
    );
    run(&r, 2, &script).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn pd16_on_tile_the_fairy_pays_every_figure_on_her_tile() {
    let g = on_tile_game("fairy-placement = \"on-tile\"", "fairy tile at 1 0");
    // Red: 1 at his turn + 4 road + 3; Blue: 1 at his turn (his farmer is on
    // her tile) + 0 farmer (no completed city) + 3.
    assert_eq!(g.scores(), &[8, 4]);
    assert_eq!(category(&g, "fairy"), [4, 4]);
    // The default beside Red's follower: Blue's farmer earns nothing from her.
    let g = on_tile_game("", "fairy 0 at 1 0");
    assert_eq!(g.scores(), &[8, 0]);
}

#[test]
fn pd16_on_tile_offers_tiles_holding_a_follower_of_the_player_not_her_own_tile() {
    let r = rules(&pd_ruleset("", "fairy-placement = \"on-tile\"", ""));
    let mut g = run(
        &r,
        2,
        "draw BA/RFr; place 1 0 0; deploy follower 0
         draw BA/L; place 0 1 0; pass
         draw BA/L; place 1 1 0",
    )
    .unwrap();
    assert!(names(&g).contains(&"fairy tile at 1 0".to_string()));
    run_on(
        &mut g,
        "fairy tile at 1 0; draw BA/L; place 2 1 0; pass; draw BA/L; place 3 1 0",
    )
    .unwrap();
    assert!(!names(&g).iter().any(|a| a.starts_with("fairy")));
}

#[test]
fn the_board_picture_and_the_observation_show_the_dragon_and_the_fairy() {
    let g = dragon_turn("fairy 0 at 1 0");
    let svg = carcassonne_render::board(
        &g,
        &carcassonne_render::Options::default(),
        &carcassonne_render::Style::default(),
    );
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let mut neutral: Vec<(String, String, String)> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("figure"))
        .filter(|n| n.attribute("data-owner") == Some("neutral"))
        .map(|n| {
            let a = |k| n.attribute(k).unwrap().to_string();
            (a("data-kind"), a("data-x"), a("data-y"))
        })
        .collect();
    neutral.sort();
    assert_eq!(
        neutral,
        [
            ("dragon".into(), "0".into(), "0".into()),
            ("fairy".into(), "1".into(), "0".into())
        ]
    );
    // Each with a shape of its own, in the neutral colour.
    crate::render::assert_drawn_with_own_shapes(&svg, &["dragon", "fairy"]);
    let neutral_color = carcassonne_render::Style::default().neutral;
    for n in doc
        .descendants()
        .filter(|n| n.attribute("data-owner") == Some("neutral"))
    {
        assert!(
            n.descendants()
                .any(|c| c.attribute("fill") == Some(neutral_color.as_str())),
            "{svg}"
        );
    }
    let obs = g.observation(PlayerId::ALL[1]).unwrap();
    let mut seen: Vec<(String, Option<u8>, (i16, i16))> = obs
        .figures
        .iter()
        .filter(|f| f.owner.is_none())
        .map(|f| (f.kind.clone(), f.feature, (f.pos.x, f.pos.y)))
        .collect();
    seen.sort();
    assert_eq!(
        seen,
        [
            ("dragon".into(), None, (0, 0)),
            ("fairy".into(), None, (1, 0))
        ]
    );
}

/// `Game::bordering_cities`, which `farmer-bonus = "once-per-field"` reads:
/// the farmer's field of the F3 scenario borders the completed cities A and B,
/// each named once by its root, in increasing order; the first of them is
/// the city whose unit paid the fairy (7 before 4 in the scenario's events).
/// A city or an id past the features borders nothing.
#[test]
fn pd14_the_cities_around_a_field_each_once_in_the_order_of_their_units() {
    use carcassonne_core::{FeatureId, FeatureKind, Pos};
    let g = scenario(
        "princess-and-dragon/pd14-f3-variant-once-per-field-the-fairys-farmer-pays-three-once.toml",
    );
    let at = |x, y| g.tile_at(Pos::new(x, y)).expect("a placed tile");
    let field = g.feature_of(at(0, 1), 1).expect("the farmer's field");
    assert_eq!(g.feature_kind(field), Some(FeatureKind::Field));
    let cities = g.bordering_cities(field);
    assert_eq!(cities.len(), 2, "{cities:?}");
    assert!(cities[0] < cities[1], "{cities:?}");
    for &c in &cities {
        assert_eq!(g.find(c), Some(c), "a root");
        assert_eq!(g.feature_kind(c), Some(FeatureKind::City));
        assert_eq!(g.is_complete(c), Some(true));
    }
    // City A (the tiles at (0, 1) and (0, 2)) and city B ((1, 1), (1, 2)).
    let city_a = g
        .find(g.feature_of(at(0, 2), 0).expect("a feature"))
        .expect("a root");
    let city_b = g
        .find(g.feature_of(at(1, 2), 0).expect("a feature"))
        .expect("a root");
    let mut expected = vec![city_a, city_b];
    expected.sort();
    assert_eq!(cities, expected);
    assert_eq!(
        g.bordering_cities(city_a),
        Vec::<FeatureId>::new(),
        "a city"
    );
    assert_eq!(
        g.bordering_cities(FeatureId(u16::MAX)),
        Vec::<FeatureId>::new()
    );
}

/// `farmer-bonus = "once-per-field"` with the fairy loaded from the official
/// library: her `bonus` hook (a read-only one) asks the core for the cities
/// around the field through the plugin interface, with the same points as
/// compiled in (the scenario `pd14-f3-variant-once-per-field-…`: 13, the
/// fairy 5; the default reading 16, the fairy 8).
#[test]
fn pd14_once_per_field_loaded_from_the_library_pays_as_compiled_in() {
    let script = "draw BA/C; place 0 1 2; deploy follower field N
        draw BA/C; place 0 2 0; pass
        draw BA/RFr; place 1 0 0; fairy 1 at 0 1
        draw BA/C; place 1 2 0; pass
        draw BA/L; place 0 3 0; pass
        draw BA/C; place 1 1 2; pass
        end";
    for (bonus, total, fairy) in [("every-unit", 16, 8), ("once-per-field", 13, 5)] {
        let text = format!(
            "name = \"base + fairy, F3\"\nedition = \"C2\"\ntilesets = [\"base\"]\n\
             [core]\nfarmers = \"per-city\"\n[plugins.fairy]\nfarmer-bonus = \"{bonus}\"\n"
        );
        for r in [rules(&text), library_rules(&text)] {
            let g = run(&r, 2, script).unwrap();
            assert_eq!(g.scores(), [total, 0], "{bonus}");
            assert_eq!(category(&g, "fairy"), [fairy, 0], "{bonus}");
        }
    }
}
