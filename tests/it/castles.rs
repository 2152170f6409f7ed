//! Rulings BB14–BB23 and X61–X65 of the `castles` plugin, with exact points,
//! each with the plugin compiled in and loaded from the official library.
//!
//! Geometry as in the other fixtures: the start tile BA/RCr lies at (0, 0)
//! with its city cap north and its road west–east; x grows east, y grows
//! south; `place X Y R` turns the tile R quarter turns clockwise. Player 0 is
//! Red, player 1 Blue. The castle decision reads `castles build` or
//! `castles decline`.

use crate::common::*;
use carcassonne_core::scenario::{check, run, run_on};
use carcassonne_core::{Actor, FeatureId, Game, PlayerId, Pos, Rules};
use std::sync::Arc;

/// Base and Bridges, Castles & Bazaars tiles with `plugins`, compiled in and
/// loaded from the official library.
fn both(plugins: &str) -> [Arc<Rules>; 2] {
    let text = format!(
        "name = \"castles test\"\ntilesets = [\"base\", \"bridges-castles-and-bazaars\", \"abbey-and-mayor\"]\n{plugins}\n"
    );
    [rules(&text), library_rules(&text)]
}

/// The default `castles` plugin, compiled in and loaded.
fn castles() -> [Arc<Rules>; 2] {
    both("[plugins.castles]")
}

/// Red's follower completes the two-cap city north of the start (the start's
/// cap and BA/C at (0, -1)): Red may build a castle.
const CITY: &str = "draw BA/C; place 0 -1 2; deploy follower city";
/// ... and builds it.
const CASTLE: &str = "draw BA/C; place 0 -1 2; deploy follower city; castles build";
/// Blue ends the start's road east (a cloister's road end), no figure.
const EAST_END: &str = "draw BA/LR; place 1 0 1; pass";
/// The road's west end (a cloister's road end): the road of three tiles, in
/// the castle's vicinity, is completed.
const WEST_END: &str = "draw BA/LR; place -1 0 3; pass";

/// Followers of `seat` in supply.
fn followers(g: &Game, seat: u8) -> u8 {
    let kind = g.rules().figure_kind("follower").unwrap();
    g.supply(PlayerId::ALL[usize::from(seat)], kind)
}

/// The city north of the start.
fn castle_city(g: &Game) -> FeatureId {
    let start = g.tile_at(Pos::new(0, 0)).unwrap();
    g.find(g.feature_of(start, 0).unwrap()).unwrap()
}

// ------------------------------------------------------------------ BB14–BB16

#[test]
fn bb14_a_two_cap_city_with_one_follower_may_become_a_castle() {
    for r in castles() {
        let g = run(&r, 2, CITY).unwrap();
        assert_eq!(g.actor(), Actor::Player(PlayerId::ALL[0]));
        assert_eq!(legal_names(&g), ["castles decline", "castles build"]);
        let g = check(&r, 2, CASTLE, &[0, 0]);
        let city = castle_city(&g);
        assert_eq!(g.feature_withheld(city), Some(true));
        assert_eq!(g.is_complete(city), Some(true));
        assert_eq!(followers(&g, 0), 6, "the follower stays on the castle");
    }
}

#[test]
fn bb14_a_larger_city_or_a_no_castle_cap_is_no_castle() {
    for r in castles() {
        // Three tiles: BA/Cc (caps S and E joined) then BA/C west of it: 6.
        check(
            &r,
            2,
            "draw BA/Cc; place 0 -1 2; deploy follower city
             draw BA/C; place 1 -1 3; pass",
            &[6, 0],
        );
        // BB/CFR!G's city is marked `no-castle`: scored at once, 4.
        check(
            &r,
            2,
            "draw BB/CFR!G; place 0 -1 3; deploy follower city",
            &[4, 0],
        );
    }
}

#[test]
fn bb15_the_followers_owner_decides_on_another_players_turn() {
    // Red's follower on the open north cap of BA/CFC; Blue closes it.
    let script = "draw BA/CFC; place 0 -1 0; deploy follower city N
                  draw BA/C; place 0 -2 2; pass";
    for r in castles() {
        let g = run(&r, 2, script).unwrap();
        assert_eq!(g.current_player(), PlayerId::ALL[1]);
        assert_eq!(g.actor(), Actor::Player(PlayerId::ALL[0]));
        assert_eq!(legal_names(&g), ["castles decline", "castles build"]);
        // Declining: the city is scored as usual (Red 4).
        check(&r, 2, &format!("{script}; castles decline"), &[4, 0]);
        check(&r, 2, &format!("{script}; castles build"), &[0, 0]);
    }
}

#[test]
fn bb16_a_castle_is_never_scored_and_triggers_no_castle() {
    // Castle A: the start's cap with the south cap of BA/CFC at (0, -1).
    // Castle B: that tile's north cap with the south cap of BA/CFC at (0, -2),
    // in A's vicinity: a castle is no completed feature, A is not paid.
    let script = "draw BA/CFC; place 0 -1 0; deploy follower city S; castles build
                  draw BA/CFC; place 0 -2 0; deploy follower city S; castles build
                  end";
    for r in castles() {
        let g = check(&r, 2, script, &[0, 0]);
        assert_eq!(followers(&g, 0), 7, "home at the end (BB23)");
    }
}

// ------------------------------------------------------------------ BB17–BB21

#[test]
fn bb17_a_feature_completed_outside_the_vicinity_pays_nothing() {
    for r in castles() {
        // A two-cap city at (1, 1) and (2, 1): south of the castle's row,
        // outside its vicinity (x -1..1, y -1..0).
        let g = check(
            &r,
            2,
            &format!(
                "{CASTLE}
                 draw BA/L; place 0 1 0; pass
                 draw BA/C; place 1 1 1; pass
                 draw BA/C; place 2 1 3; pass"
            ),
            &[0, 0],
        );
        assert_eq!(followers(&g, 0), 6, "the castle still waits");
    }
}

#[test]
fn bb18_an_unoccupied_road_completed_in_the_vicinity_pays_the_castle() {
    for r in castles() {
        let g = check(&r, 2, &format!("{CASTLE}\n{EAST_END}\n{WEST_END}"), &[3, 0]);
        assert_eq!(followers(&g, 0), 7, "the follower went home");
        assert_eq!(g.feature_withheld(castle_city(&g)), Some(true));
        assert_eq!(
            g.score_breakdown(PlayerId::ALL[0]).last().copied(),
            Some(3),
            "booked as castles"
        );
    }
}

#[test]
fn bb19_the_feature_scores_as_usual_and_the_castle_owner_gets_its_points() {
    for r in castles() {
        // Blue's follower on the road: Blue 3 for the road, Red 3 for the
        // castle; the castle stays, empty: a later completion pays nobody.
        let g = check(
            &r,
            2,
            &format!(
                "{CASTLE}
                 draw BA/LR; place 1 0 1; deploy follower road W
                 {WEST_END}"
            ),
            &[3, 3],
        );
        assert_eq!(followers(&g, 0), 7);
        assert_eq!(followers(&g, 1), 7);
    }
}

#[test]
fn bb20_of_features_completed_at_once_the_castle_takes_the_one_worth_most() {
    for r in castles() {
        // BA/CRRR west of the start ends Blue's road (3 for Blue) and closes
        // the unoccupied two-cap city with BA/C at (-1, -1) (4): the castle
        // pays 4.
        check(
            &r,
            2,
            &format!(
                "{CASTLE}
                 draw BA/LR; place 1 0 1; deploy follower road W
                 draw BA/C; place -1 -1 2; pass
                 draw BA/CRRR; place -1 0 0; pass"
            ),
            &[4, 3],
        );
    }
}

#[test]
fn bb21_a_paid_castle_pays_the_castles_near_it_in_the_same_step() {
    // Castles A (Red) and B (Blue) as in bb16; Red closes the city north of
    // B (4, unoccupied): B is paid 4, then A, whose vicinity holds B's tile
    // (0, -1), is paid 4 too.
    let script = "draw BA/CFC; place 0 -1 0; deploy follower city S; castles build
                  draw BA/CFC; place 0 -2 0; deploy follower city S; castles build
                  draw BA/C; place 0 -3 2; pass";
    for r in castles() {
        let g = check(&r, 2, script, &[4, 4]);
        assert_eq!((followers(&g, 0), followers(&g, 1)), (7, 7));
    }
}

#[test]
fn bb21_a_castle_is_not_paid_by_what_completes_in_the_turn_it_is_built() {
    for r in castles() {
        // Red's follower on the cap at (-1, -1); Blue's BA/CRRR west of the
        // start closes that city (Red builds a castle) and the road (3, nobody
        // on it), both in the new castle's vicinity: the castle waits.
        let g = check(
            &r,
            2,
            "draw BA/C; place 0 -1 2; pass
             draw BA/LR; place 1 0 1; pass
             draw BA/C; place -1 -1 2; deploy follower city
             draw BA/CRRR; place -1 0 0; pass; castles build",
            &[0, 0],
        );
        assert_eq!(followers(&g, 0), 6, "the castle still waits");
    }
}

// ------------------------------------------------------------------ BB22, BB23

#[test]
fn bb22_a_castle_is_worth_4_to_the_farmers_of_a_bordering_field() {
    // Blue's farmer in the field around the start's road (it borders the
    // castle); the game ends.
    let script = format!("{CASTLE}\ndraw BA/LR; place 1 0 1; deploy follower field\nend");
    for r in castles() {
        check(&r, 2, &script, &[0, 4]);
    }
    // Without the castle: the city scored 4 for Red; the farmer gets 3.
    for r in castles() {
        check(
            &r,
            2,
            &format!(
                "{CITY}; castles decline\ndraw BA/LR; place 1 0 1; deploy follower field\nend"
            ),
            &[4, 3],
        );
    }
}

#[test]
fn bb22_a_castle_is_worth_4_under_f2_and_5_under_f3() {
    let script = format!("{CASTLE}\ndraw BA/LR; place 1 0 1; deploy follower field\nend");
    for (farmers, want) in [("per-field-once-per-player", 4), ("per-city", 5)] {
        for r in both(&format!(
            "[core]\nfarmers = \"{farmers}\"\n[plugins.castles]"
        )) {
            check(&r, 2, &script, &[0, want]);
        }
    }
}

#[test]
fn bb23_a_castle_scores_nothing_at_the_end_and_its_follower_goes_home() {
    for r in castles() {
        let g = check(&r, 2, &format!("{CASTLE}\nend"), &[0, 0]);
        assert_eq!(followers(&g, 0), 7);
    }
}

// ------------------------------------------------------------------ X61–X65

#[test]
fn x61_a_tiny_city_pays_the_castle_what_it_pays_its_winners() {
    // The city north of castle A (BA/CFC's north cap and BA/C), unoccupied.
    let script = "draw BA/CFC; place 0 -1 0; deploy follower city S; castles build
                  draw BA/C; place 0 -2 2; pass";
    for r in castles() {
        check(&r, 2, script, &[4, 0]);
    }
    for r in both("[core]\ntiny-city = 2\n[plugins.castles]") {
        check(&r, 2, script, &[2, 0]);
    }
}

#[test]
fn x62_a_mayor_in_a_castle_pays_nobody_and_leaves() {
    for r in both("[plugins.castles]\n[plugins.mayor]") {
        let g = check(
            &r,
            2,
            &format!(
                "draw BA/C; place 0 -1 2; deploy mayor city; castles build\n{EAST_END}\n{WEST_END}"
            ),
            &[0, 0],
        );
        let mayor = r.figure_kind("mayor").unwrap();
        assert_eq!(g.supply(PlayerId::ALL[0], mayor), 1, "the mayor went home");
    }
}

#[test]
fn x62_a_wagon_in_a_castle_goes_home_and_does_not_move() {
    for r in both("[plugins.castles]\n[plugins.wagon]") {
        let g = check(
            &r,
            2,
            &format!(
                "draw BA/C; place 0 -1 2; deploy wagon city; castles build\n{EAST_END}\n{WEST_END}"
            ),
            &[3, 0],
        );
        let wagon = r.figure_kind("wagon").unwrap();
        assert_eq!(g.supply(PlayerId::ALL[0], wagon), 1, "home, not moved");
        assert_eq!(g.actor(), Actor::Chance, "no wagon move is asked");
    }
}

/// X62's barn: after `first` (Red's follower completing the city north of the
/// start, with or without a castle), Blue's farmer on BA/LR east of the start
/// (its field borders that city); BA/L at (1, -1) and (2, 0); Red's BA/L at
/// (2, -1) with his barn at its SW corner, where the four tiles' field corners
/// meet in that field: Blue's farmer is scored at once (AM24), the barn at
/// the end (AM27).
fn with_barn(first: &str) -> String {
    format!(
        "{first}
         draw BA/LR; place 1 0 1; deploy follower field
         draw BA/L; place 1 -1 0; pass
         draw BA/L; place 2 0 0; pass
         draw BA/L; place 2 -1 0; deploy barn corner SW"
    )
}

#[test]
fn x62_a_barns_farmers_count_a_castle_4_at_placement_and_5_at_the_end() {
    for r in both("[plugins.castles]\n[plugins.barn]") {
        // The castle is the only completed city: Blue's farmer 3 + 1 at the
        // barn's placement, Red's barn 4 + 1 at the end.
        let mut g = check(&r, 2, &with_barn(CASTLE), &[0, 4]);
        assert_eq!(followers(&g, 1), 7, "the farmer went home");
        run_on(&mut g, "end").unwrap();
        assert_eq!(g.scores(), [5, 4]);
        // A city instead of the castle: Red 4 for it, the farmer 3, the barn 4.
        let mut g = check(
            &r,
            2,
            &with_barn(&format!("{CITY}; castles decline")),
            &[4, 3],
        );
        run_on(&mut g, "end").unwrap();
        assert_eq!(g.scores(), [8, 3]);
    }
}

#[test]
fn x63_an_inn_road_pays_the_castle_2_per_tile_and_a_large_follower_is_one() {
    let plugins = "[plugins.castles]\n[plugins.inns]\n[plugins.large-follower]";
    for r in both(plugins) {
        // BB/R.bi (an inn road ending inside) closes the road west: 3 tiles
        // with an inn, 6; the castle holds Red's large follower alone.
        check(
            &r,
            2,
            &format!(
                "draw BA/C; place 0 -1 2; deploy large-follower city; castles build
                 {EAST_END}
                 draw BB/R.bi; place -1 0 3; pass"
            ),
            &[6, 0],
        );
    }
}

#[test]
fn x62_farmers_joined_to_a_barns_field_count_a_castle_2() {
    // Blue's farmer south of the road of BA/RFr east of the start; Red's
    // barn north of that road, in the field bordering the city north of the
    // start (at the SW corner of BA/L at (2, -1)); Blue's BA/LR at (3, 0)
    // ends the road and joins the two fields: Blue's farmer scores 1 + 1
    // and goes home (AM26); Red's barn 4 + 1 at the end.
    let after = |first: &str| {
        format!(
            "{first}
             draw BA/RFr; place 1 0 0; deploy follower field S
             draw BA/L; place 1 -1 0; pass
             draw BA/RFr; place 2 0 0; pass
             draw BA/L; place 2 -1 0; deploy barn corner SW
             draw BA/LR; place 3 0 1; pass"
        )
    };
    for r in both("[plugins.castles]\n[plugins.barn]") {
        let mut g = check(&r, 2, &after(CASTLE), &[0, 2]);
        assert_eq!(followers(&g, 1), 7, "the farmer went home");
        run_on(&mut g, "end").unwrap();
        assert_eq!(g.scores(), [5, 2]);
        // A city instead of the castle: Red 4 for it, the farmer 1, the barn 4.
        let mut g = check(&r, 2, &after(&format!("{CITY}; castles decline")), &[4, 1]);
        run_on(&mut g, "end").unwrap();
        assert_eq!(g.scores(), [8, 1]);
    }
}

/// X64's rules: castles with Hills & Sheep's vineyards, the abbot and its
/// gardens.
fn with_vineyards() -> [Arc<Rules>; 2] {
    let text = "name = \"castles, vineyards and the abbot\"\n\
                tilesets = [\"base\", \"bridges-castles-and-bazaars\", \"hills-and-sheep\"]\n\
                [plugins.castles]\n[plugins.vineyards]\n[plugins.abbot]\n[plugins.special-cities]\n";
    [rules(text), library_rules(text)]
}

#[test]
fn x64_a_cloister_with_a_vineyard_pays_the_castle_its_full_points() {
    // Around the cloister square (1, -1), in the castle's vicinity: the
    // castle's tiles, BA/LR (road west) at (1, 0), BA/Rr at (2, 0) and
    // (2, -2), the vineyard HS/RRr.v (field west) at (2, -1), BA/L at
    // (0, -2) and (1, -2); no road closes. Blue's BA/L at (1, -1) completes
    // the cloister at once: Blue 9 + 3, and the castle is paid the same 12.
    let script = format!(
        "{CASTLE}
         {EAST_END}
         draw BA/Rr; place 2 0 2; pass
         draw HS/RRr.v; place 2 -1 3; pass
         draw BA/L; place 0 -2 0; pass
         draw BA/L; place 1 -2 0; pass
         draw BA/Rr; place 2 -2 3; pass
         draw BA/L; place 1 -1 0; deploy follower cloister"
    );
    for r in with_vineyards() {
        let g = check(&r, 2, &script, &[12, 12]);
        assert_eq!(followers(&g, 0), 7, "the castle's follower went home");
    }
}

#[test]
fn x64_an_abbot_taken_back_early_triggers_no_castle() {
    // Red's abbot on the cloister at (1, -1), in the castle's vicinity,
    // taken back with five tiles around it: 1 + 5, scored early, no
    // completed cloister: the castle still waits.
    for r in with_vineyards() {
        let g = check(
            &r,
            2,
            &format!(
                "{CASTLE}
                 {EAST_END}
                 draw BA/L; place 1 -1 0; deploy abbot cloister
                 draw BA/L; place 0 -2 0; pass
                 draw BA/L; place 1 -2 0; abbot recall"
            ),
            &[6, 0],
        );
        assert_eq!(followers(&g, 0), 6, "the castle still waits");
    }
}

#[test]
fn x64_a_garden_completed_by_being_surrounded_pays_the_castle_like_a_cloister() {
    // The garden of BA/RFrG (road north-south) at (1, -1), in the castle's
    // vicinity, surrounded by the castle's tiles, BA/Rr at (1, 0), (1, -2)
    // and (2, -2) (the road stays open), BA/L at (0, -2), (2, 0) and
    // (2, -1); Blue's garden tile comes last, unoccupied: 9 for the castle.
    for r in with_vineyards() {
        let g = check(
            &r,
            2,
            &format!(
                "{CASTLE}
                 draw BA/Rr; place 1 0 1; pass
                 draw BA/L; place 0 -2 0; pass
                 draw BA/Rr; place 1 -2 3; pass
                 draw BA/Rr; place 2 -2 1; pass
                 draw BA/L; place 2 0 0; pass
                 draw BA/L; place 2 -1 0; pass
                 draw BA/RFrG; place 1 -1 1; pass"
            ),
            &[9, 0],
        );
        assert_eq!(followers(&g, 0), 7, "the castle's follower went home");
    }
}

#[test]
fn x65_the_princess_acts_before_the_castle_and_a_castles_follower_is_protected() {
    let text = "name = \"castles and the princess\"\n\
                tilesets = [\"base\", \"princess-and-dragon\"]\n\
                [plugins.castles]\n[plugins.princess]\n";
    // Red's follower on the open north cap of BA/CFC; Blue's PD/CRRR.p
    // (princess cap south) closes that two-cap city.
    let script = "draw BA/CFC; place 0 -1 0; deploy follower city N
                  draw PD/CRRR.p; place 0 -2 2";
    for r in [rules(text), library_rules(text)] {
        let g = run(&r, 2, script).unwrap();
        let princess: Vec<String> = legal_names(&g)
            .into_iter()
            .filter(|o| o.starts_with("princess"))
            .collect();
        assert_eq!(princess.len(), 1, "{princess:?}");
        // The princess sends Red's follower home in the figure step: the
        // city holds no follower, so no castle is offered; scored for nobody.
        let g = check(&r, 2, &format!("{script}; {}", princess[0]), &[0, 0]);
        assert_eq!(followers(&g, 0), 7);
        assert_eq!(g.actor(), Actor::Chance);
        // Blue passes: Red builds the castle; its follower is protected, so
        // no princess (nor dragon, nor tower) may take it.
        let g = check(&r, 2, &format!("{script}; pass; castles build"), &[0, 0]);
        let city = g
            .find(
                g.feature_of(g.tile_at(Pos::new(0, -2)).unwrap(), 0)
                    .unwrap(),
            )
            .unwrap();
        assert_eq!(g.feature_withheld(city), Some(true));
        let follower = g.figures_in(city).next().unwrap();
        assert!(g.figure_protected(follower));
    }
}

#[test]
fn x65_the_fairy_beside_a_castles_follower_earns_3_when_it_pays() {
    for r in both("[plugins.castles]\n[plugins.fairy]") {
        check(
            &r,
            2,
            &format!(
                "{CASTLE}
                 {EAST_END}
                 draw BA/L; place 0 1 0; fairy 0 at 0 -1
                 {WEST_END}"
            ),
            &[6, 0],
        );
    }
}

#[test]
fn x65_the_fairy_beside_a_castles_follower_earns_1_a_turn_and_nothing_at_the_end() {
    for r in both("[plugins.castles]\n[plugins.fairy]") {
        // The fairy beside the castle's follower: 1 at the start of Red's
        // next turn (PD13); the game ends with the castle unpaid: 0 for it
        // and nothing for the fairy (BB23).
        let g = check(
            &r,
            2,
            &format!(
                "{CASTLE}
                 {EAST_END}
                 draw BA/L; place 0 1 0; fairy 0 at 0 -1
                 draw BA/L; place 0 2 0; pass
                 end"
            ),
            &[1, 0],
        );
        assert_eq!(followers(&g, 0), 7, "home at the end");
    }
}

#[test]
fn x65_the_dragon_does_not_eat_a_castles_follower() {
    let text = "name = \"castles and dragon\"\n\
                tilesets = [\"base\", \"princess-and-dragon\"]\n\
                [plugins.castles]\n[plugins.dragon]\n";
    for r in [rules(text), library_rules(text)] {
        // Blue's volcano south of the start; Blue's dragon tile west of it:
        // the dragon goes north onto the start, then onto the castle's
        // tile (0, -1), where Red's follower stays.
        let g = check(
            &r,
            2,
            &format!(
                "{CASTLE}
                 draw PD/F.v; place 0 1 0; pass
                 draw BA/L; place 1 1 0; pass
                 draw PD/Rr.d; place -1 0 2; pass; dragon N; dragon N"
            ),
            &[0, 0],
        );
        assert_eq!(followers(&g, 0), 6, "not eaten");
        assert_eq!(g.actor(), Actor::Chance, "the movement is over");
    }
}

#[test]
fn the_board_picture_marks_both_tiles_of_a_castle_in_the_plugins_style() {
    use carcassonne_render::{board, Options, Style};
    let r = &castles()[0];
    let style = Style::for_rules(r, None).unwrap();
    let castle_tiles = |g: &Game| -> Vec<(String, String)> {
        let svg = board(g, &Options::default(), &style);
        let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        let mut at: Vec<(String, String)> = doc
            .descendants()
            .filter(|n| {
                n.attribute("class") == Some("feature-note")
                    && n.attribute("data-plugin") == Some("castles")
            })
            .map(|t| {
                let a = |k: &str| t.attribute(k).unwrap_or_default().to_string();
                (a("data-x"), a("data-y"))
            })
            .collect();
        at.sort();
        at
    };
    let g = run(r, 2, CASTLE).unwrap();
    assert_eq!(
        castle_tiles(&g),
        [("0".into(), "-1".into()), ("0".into(), "0".into())]
    );
    assert_eq!(
        g.feature_note(castle_city(&g)).unwrap().as_deref(),
        Some("castle")
    );
    // Declined: a city, no castle drawn.
    let g = run(r, 2, &format!("{CITY}; castles decline")).unwrap();
    assert!(castle_tiles(&g).is_empty());
}

#[test]
fn the_plugin_compiled_in_and_loaded_plays_the_same_games() {
    let text = config_text("bridges-castles-and-bazaars.toml");
    assert_same_compiled_in_and_loaded(&text, 3, 20..23);
}
