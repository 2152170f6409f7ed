//! The `wagon` plugin (Abbey & Mayor), rulings AM14–AM20 and X24 of
//! `shared/expansions/abbey-and-mayor.md`, with exact points and positions.
//!
//! Geometry as in `abbey.rs`: the start BA/RCr at (0, 0), x east, y south. A
//! move is the decision `wagon L at X Y` (local feature `L` of the tile at (X, Y))
//! or `wagon home`.

use crate::common::*;
use carcassonne_core::PlayerId;
use carcassonne_core::{Actor, Event, Game, Location, Pos, Rules};
use std::sync::Arc;

fn wagon(options: &str) -> Arc<Rules> {
    rules(&format!(
        "name = \"base + wagon\"\ntilesets = [\"base\"]\n[plugins.wagon]\n{options}\n"
    ))
}

/// Where Red's wagon stands: the tile position and the local feature.
fn wagon_at(g: &Game, player: u8) -> Option<(Pos, u8)> {
    let kind = g.rules().figure_kind("wagon").unwrap();
    (0..g.figure_count())
        .map(|i| carcassonne_core::FigureId(i as u16))
        .filter(|&f| {
            g.figure_kind(f) == Some(kind) && g.figure_owner(f).map(PlayerId::seat) == Some(player)
        })
        .find_map(|f| match g.figure_location(f)? {
            Location::Feature(ft) => {
                let t = g.feature_tile(ft)?;
                Some((g.tile_pos(t)?, g.feature_local(ft)?))
            }
            _ => None,
        })
}

/// W1: Red's wagon on the west road of a junction BA/RRR at (1, 0); Blue's
/// junction at (-1, 0) completes the 3-tile road.
const W1: &str = "draw BA/RRR; place 1 0 0; deploy wagon road W
     draw BA/RRR; place -1 0 0; pass";

#[test]
fn am14_the_wagon_stands_on_roads_cities_and_cloisters_never_fields_or_gardens() {
    let r =
        rules("name = \"wagon, abbot\"\ntilesets = [\"base\"]\n[plugins.wagon]\n[plugins.abbot]\n");
    let wagons = |script: &str| -> Vec<String> {
        let g = run(&r, 2, script).unwrap();
        legal_names(&g)
            .into_iter()
            .filter(|o| o.starts_with("deploy wagon"))
            .collect()
    };
    // BA/RCr: the city 0 and the road 1 (fields 2 and 3 never).
    assert_eq!(
        wagons("draw BA/RCr; place 1 0 0"),
        ["deploy wagon 0", "deploy wagon 1"]
    );
    // BA/L: the cloister 0 only (field 1 never).
    assert_eq!(wagons("draw BA/L; place 0 1 0"), ["deploy wagon 0"]);
    // BA/RFrG (with the abbot plugin): the road 0, not the garden 3.
    assert_eq!(wagons("draw BA/RFrG; place 1 0 0"), ["deploy wagon 0"]);
}

#[test]
fn am15_the_wagon_scores_like_a_follower_then_its_owner_decides() {
    let g = check(&wagon(""), 2, W1, &[3, 0]);
    assert_eq!(g.actor(), Actor::Player(PlayerId::ALL[0]));
    assert_eq!(
        legal_names(&g),
        [
            "wagon home",
            "wagon 0 at 0 0",
            "wagon 0 at 1 0",
            "wagon 1 at 1 0"
        ]
    );
    // Moved to the junction's east road: 1 more point at the end.
    let mut g = g;
    run_on(&mut g, "wagon 0 at 1 0").unwrap();
    assert_eq!(wagon_at(&g, 0), Some((Pos::new(1, 0), 0)));
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [4, 0]);
}

#[test]
fn am15_at_final_scoring_the_wagon_scores_and_does_not_move() {
    let g = check(
        &wagon(""),
        2,
        "draw BA/RRR; place 1 0 0; deploy wagon road W\nend",
        &[2, 0],
    );
    assert!(g.is_over());
}

#[test]
fn am16_nearby_targets_are_unfinished_unoccupied_features_around_the_wagon() {
    // From (1, 0): the start's city (0, 0), the junction's roads E and S; not the
    // completed road, no field, nothing of (-1, 0) (two squares away).
    let g = run(&wagon(""), 2, W1).unwrap();
    assert_eq!(
        legal_names(&g),
        [
            "wagon home",
            "wagon 0 at 0 0",
            "wagon 0 at 1 0",
            "wagon 1 at 1 0"
        ]
    );
}

#[test]
fn am17_connected_targets_are_the_roads_of_the_junctions_at_its_ends() {
    let g = run(&wagon("wagon-move = \"connected\""), 2, W1).unwrap();
    assert_eq!(
        legal_names(&g),
        [
            "wagon home",
            "wagon 1 at -1 0",
            "wagon 2 at -1 0",
            "wagon 0 at 1 0",
            "wagon 1 at 1 0"
        ]
    );
}

#[test]
fn am17_a_road_closed_by_an_abbey_connects_to_its_cloister() {
    // Red's wagon on the south road of the junction at (1, 0), ending at the hole
    // (1, 1); Red's abbey there completes the 1-tile road (1 point). Connected:
    // the junction's other roads and the abbey's cloister (JCZ abbey-wagon-move).
    let r = rules(
        "name = \"wagon and abbey\"\ntilesets = [\"base\"]\n[plugins.abbey]\n\
         [plugins.wagon]\nwagon-move = \"connected\"\n",
    );
    let script = "draw BA/RRR; place 1 0 0; deploy wagon road S
         draw BA/L; place 0 1 0; pass
         draw BA/RFr; place 2 0 0; pass
         draw BA/L; place 2 1 0; pass
         draw BA/L; place 0 2 0; pass
         draw BA/L; place 1 2 0; pass
         abbey play; place 1 1 0; pass";
    let mut g = check(&r, 2, script, &[1, 0]);
    assert_eq!(
        legal_names(&g),
        [
            "wagon home",
            "wagon 0 at 1 0",
            "wagon 2 at 1 0",
            "wagon 0 at 1 1"
        ]
    );
    // Into the abbey: 1 + 7 neighbours at the end.
    run_on(&mut g, "wagon 0 at 1 1\nend").unwrap();
    assert_eq!(g.scores(), [9, 0]);
}

#[test]
fn am18_the_owner_may_decline_and_the_wagon_goes_home() {
    let mut g = run(&wagon(""), 2, W1).unwrap();
    run_on(&mut g, "wagon home").unwrap();
    let kind = g.rules().figure_kind("wagon").unwrap();
    assert_eq!(g.supply(PlayerId::ALL[0], kind), 1);
    assert_eq!(wagon_at(&g, 0), None);
    assert_eq!(g.scores(), [3, 0]);
}

#[test]
fn am18_with_no_target_the_wagon_goes_home_without_a_decision() {
    // Blue's wagon completes the start's city (2 tiles, 4); the only unfinished
    // feature around (0, -1) is the start's road, occupied by Red's follower.
    let g = check(
        &wagon(""),
        2,
        "draw BA/RFr; place 1 0 0; deploy follower road
         draw BA/C; place 0 -1 2; deploy wagon city",
        &[0, 4],
    );
    assert_eq!(g.actor(), Actor::Chance);
    let kind = g.rules().figure_kind("wagon").unwrap();
    assert_eq!(g.supply(PlayerId::ALL[1], kind), 1);
}

#[test]
fn am16_a_wagon_may_move_from_a_city_to_a_road() {
    // Red's wagon completes the start's city; the start's road is a target.
    let mut g = check(
        &wagon(""),
        2,
        "draw BA/C; place 0 -1 2; deploy wagon city",
        &[4, 0],
    );
    assert_eq!(legal_names(&g), ["wagon home", "wagon 1 at 0 0"]);
    run_on(
        &mut g,
        "wagon 1 at 0 0
end",
    )
    .unwrap();
    assert_eq!(wagon_at(&g, 0), Some((Pos::new(0, 0), 1)));
    assert_eq!(g.scores(), [5, 0]);
}

#[test]
fn a_wagon_move_is_logged_once_by_the_core() {
    let r = wagon("");
    let mut g = Game::new(r.clone(), 2, 0).unwrap();
    run_on(&mut g, W1).unwrap();
    g.set_logging(true);
    run_on(&mut g, "wagon 0 at 1 0").unwrap();
    let events = g.take_events();
    let kind = r.figure_kind("wagon").unwrap();
    let moves: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::FigureMoved { kind: k, .. } if *k == kind))
        .collect();
    assert_eq!(moves.len(), 1, "{events:?}");
    // No plugin line repeats it, in the canonical text or the turn log.
    let texts: Vec<String> = events.iter().map(|e| g.event_text(e)).collect();
    assert_eq!(texts, ["wagon moves to 1 0", "turn 3: player 0"]);
    assert_eq!(
        carcassonne_render::log::lines(&g, &events[..1]),
        ["Red's wagon moves to the road at (1, 0)."]
    );
}

/// W2: Red's wagon on the east road of the junction at (-1, 0), Blue's on the
/// north road of a junction at (1, 1); Red's junction at (1, 0) completes both
/// roads (Red 3 tiles, Blue 2 tiles).
fn w2(red_figure: &str) -> String {
    format!(
        "draw BA/RRR; place -1 0 0; deploy wagon road E
         draw BA/L; place 0 1 0; pass
         draw BA/L; place 0 2 0; pass
         draw BA/RRR; place 1 1 3; deploy wagon road N
         draw BA/RRR; place 1 0 0; {red_figure}"
    )
}

#[test]
fn am19_several_wagons_decide_one_at_a_time_in_turn_order() {
    let mut g = check(&wagon(""), 2, &w2("pass"), &[3, 2]);
    // Red (the active player) first.
    assert_eq!(g.actor(), Actor::Player(PlayerId::ALL[0]));
    assert_eq!(
        legal_names(&g),
        [
            "wagon home",
            "wagon 1 at -1 0",
            "wagon 2 at -1 0",
            "wagon 0 at 0 0",
            "wagon 0 at 0 1"
        ]
    );
    run_on(&mut g, "wagon 0 at 0 1").unwrap();
    // Then Blue, for whom Red's new cloister is occupied.
    assert_eq!(g.actor(), Actor::Player(PlayerId::ALL[1]));
    assert_eq!(
        legal_names(&g),
        [
            "wagon home",
            "wagon 0 at 0 0",
            "wagon 0 at 0 2",
            "wagon 0 at 1 0",
            "wagon 1 at 1 1",
            "wagon 2 at 1 1"
        ]
    );
    run_on(&mut g, "wagon 0 at 0 2\nend").unwrap();
    // Red: 3 + cloister (0, 1) with 5 neighbours, 6; Blue: 2 + cloister (0, 2)
    // with 2 neighbours, 3.
    assert_eq!(g.scores(), [9, 5]);
}

#[test]
fn am20_a_move_is_no_deployment_and_happens_in_any_players_turn() {
    // Red deploys a follower on the east road of (1, 0) in the same turn: both
    // wagons still move (Blue's in Red's turn), and that road is occupied.
    let mut g = check(&wagon(""), 2, &w2("deploy follower road E"), &[3, 2]);
    run_on(&mut g, "wagon 0 at 0 1").unwrap();
    assert_eq!(g.actor(), Actor::Player(PlayerId::ALL[1]));
    assert!(!legal_names(&g).contains(&"wagon 0 at 1 0".to_string()));
    run_on(&mut g, "wagon 1 at 1 1").unwrap();
    assert_eq!(wagon_at(&g, 1), Some((Pos::new(1, 1), 1)));
    // Then Blue's own turn: a draw.
    assert_eq!(g.actor(), Actor::Chance);
}

#[test]
fn x24_an_abbots_cloister_is_occupied_for_a_wagon() {
    let r =
        rules("name = \"wagon, abbot\"\ntilesets = [\"base\"]\n[plugins.wagon]\n[plugins.abbot]\n");
    let script = w2("pass").replace(
        "draw BA/L; place 0 2 0; pass",
        "draw BA/L; place 0 2 0; deploy abbot cloister",
    );
    let mut g = check(&r, 2, &script, &[3, 2]);
    run_on(&mut g, "wagon home").unwrap();
    assert!(!legal_names(&g).contains(&"wagon 0 at 0 2".to_string()));
}

#[test]
pub(crate) fn x24_a_wagon_on_a_completed_cloister_earns_vineyards_then_moves() {
    // Red's wagon on BA/L at (0, 1); its neighbour HS/C!.v at (-1, 1) carries a
    // vineyard; Blue's abbey at (0, 2) completes it: 9 + 3. The wagon then moves
    // into the abbey (in Blue's turn): 1 + 7 at the end.
    let r = rules(
        "name = \"wagon, vineyards\"\ntilesets = [\"base\", \"hills-and-sheep\"]\n\
         [plugins.wagon]\n[plugins.vineyards]\n[plugins.special-cities]\n[plugins.abbey]\n\
         [tiles.counts]\n\"BA/L\" = 6\n",
    );
    let script = "draw BA/L; place 0 1 0; deploy wagon cloister
         draw BA/RFr; place 1 0 0; pass
         draw BA/RFr; place -1 0 0; pass
         draw HS/C!.v; place -1 1 3; pass
         draw BA/L; place 1 1 0; pass
         draw BA/L; place -1 2 0; pass
         draw BA/L; place 1 2 0; pass
         draw BA/L; place 1 3 0; pass
         draw BA/L; place 0 3 0; pass
         abbey play; place 0 2 0; pass";
    let mut g = check(&r, 2, script, &[12, 0]);
    assert_eq!(g.actor(), Actor::Player(PlayerId::ALL[0]));
    run_on(&mut g, "wagon 0 at 0 2\nend").unwrap();
    assert_eq!(g.scores(), [20, 0]);
}

#[test]
pub(crate) fn x24_a_wagon_on_a_hill_breaks_a_tie() {
    // Red's wagon on the road of HS/CFR.h (a hill) at (0, 1), Blue's follower on
    // the road of BA/LR at (-2, 1); a straight road at (-1, 1) joins and
    // completes them: 3 tiles, 1 against 1, the hill decides.
    let r = rules(
        "name = \"wagon, hills\"\ntilesets = [\"base\", \"hills-and-sheep\"]\n\
         [plugins.wagon]\n[plugins.hills]\n",
    );
    let script = "draw HS/CFR.h; hidden BA/L; place 0 1 1; deploy wagon road
         draw BA/RFr; place -1 0 0; pass
         draw BA/RFr; place -2 0 0; pass
         draw BA/LR; place -2 1 3; deploy follower road
         draw BA/RFr; place -1 1 0; pass";
    check(&r, 2, script, &[3, 0]);
    // Without hills, both score.
    let plain_script = script.replace("hidden BA/L; ", "");
    let r2 = rules(
        "name = \"wagon, hill tiles\"\ntilesets = [\"base\", \"hills-and-sheep\"]\n[plugins.wagon]\n",
    );
    check(&r2, 2, &plain_script, &[3, 3]);
}

#[test]
fn x24_a_wagon_never_moves_onto_a_garden() {
    // W1 with Blue's garden tile BA/RFrG east of the junction: its road (the
    // junction's east road) is a target, its garden is not.
    let r =
        rules("name = \"wagon, abbot\"\ntilesets = [\"base\"]\n[plugins.wagon]\n[plugins.abbot]\n");
    let script = "draw BA/RRR; place 1 0 0; deploy wagon road W
         draw BA/RFrG; place 2 0 0; pass
         draw BA/RRR; place -1 0 0; pass";
    let g = check(&r, 2, script, &[3, 0]);
    assert_eq!(
        legal_names(&g),
        [
            "wagon home",
            "wagon 0 at 0 0",
            "wagon 0 at 1 0",
            "wagon 1 at 1 0",
            "wagon 0 at 2 0"
        ]
    );
}

/// The wagon with the other Abbey & Mayor and Hills & Sheep plugins.
const ALL: &str = r#"
    name = "wagon with everything"
    tilesets = ["base", "hills-and-sheep", "abbey-and-mayor"]
    [plugins.wagon]
    [plugins.abbey]
    [plugins.mayor]
    [plugins.hills]
    [plugins.abbot]
    [plugins.vineyards]
    [plugins.special-cities]
"#;

#[test]
fn wagon_bots_move_it_and_the_conformance_kit_passes() {
    for moves in ["nearby", "connected"] {
        let text = ALL.replace(
            "[plugins.wagon]",
            &format!("[plugins.wagon]\nwagon-move = \"{moves}\""),
        );
        let r = rules(&text);
        conformance_at_2_4_6(&r, 30, 0, &crate::abbey_and_mayor::invariants, moves);
        // Random bots do move wagons.
        let mut moved = 0;
        for seed in 0..10 {
            let mut g = Game::new(r.clone(), 3, seed).unwrap();
            g.set_logging(true);
            let mut rng = carcassonne_core::Rng::new(seed);
            while g.step_random(&mut rng).unwrap() {}
            let wagon = r.figure_kind("wagon").unwrap();
            moved += g
                .take_events()
                .iter()
                .filter(|e| matches!(e, Event::FigureMoved { kind, .. } if *kind == wagon))
                .count();
        }
        assert!(moved > 0, "{moves}: no wagon moved in 10 random games");
    }
}

#[test]
fn wagon_same_compiled_in_and_loaded() {
    for players in [2, 4] {
        assert_same_compiled_in_and_loaded(ALL, players, 0..2);
    }
}
