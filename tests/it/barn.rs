//! The `barn` plugin (Abbey & Mayor), rulings AM21–AM28, X25 and X26 of
//! `shared/expansions/abbey-and-mayor.md`, with exact points.
//!
//! Geometry as in `abbey.rs`: the start BA/RCr at (0, 0), x east, y south.

use crate::common::*;
use carcassonne_core::PlayerId;
use carcassonne_core::{Corner, Game, Location, Pos, Rules};
use std::sync::Arc;

fn barn(options: &str, core: &str) -> Arc<Rules> {
    rules(&format!(
        "name = \"base + barn\"\ntilesets = [\"base\"]\n[core]\n{core}\n[plugins.barn]\n{options}\n"
    ))
}

/// B1: Red's farmer south of the start; two 2-tile cities A (0, 1)+(0, 2) and
/// B (1, 1)+(1, 2) completed; then Red's BA/RFr at (1, 0), whose SW corner is
/// the only barn corner (the tiles (0, 0), (1, 0), (0, 1), (1, 1)).
const BEFORE_BARN: &str = "draw BA/C; place 0 1 2; deploy follower field N
     draw BA/C; place 0 2 0; pass
     draw BA/C; place 1 1 2; pass
     draw BA/C; place 1 2 0; pass
     draw BA/RFr; place 1 0 0";

fn b1() -> String {
    format!("{BEFORE_BARN}; deploy barn corner SW")
}

fn barns_on_board(g: &Game) -> Vec<(u8, Pos, Corner)> {
    let kind = g.rules().figure_kind("barn").unwrap();
    (0..g.figure_count())
        .map(|i| carcassonne_core::FigureId(i as u16))
        .filter(|&f| g.figure_kind(f) == Some(kind))
        .filter_map(|f| match g.figure_location(f)? {
            Location::Corner(ft, c) => Some((
                g.figure_owner(f)?.seat(),
                g.tile_pos(g.feature_tile(ft)?)?,
                c,
            )),
            _ => None,
        })
        .collect()
}

#[test]
fn am21_the_barn_is_no_follower_and_stays_to_the_end() {
    let mut g = check(&barn("", ""), 2, &b1(), &[6, 0]);
    run_on(&mut g, "end").unwrap();
    assert_eq!(barns_on_board(&g), [(0, Pos::new(1, 0), Corner::SW)]);
    let kind = g.rules().figure_kind("barn").unwrap();
    assert_eq!(g.figure_kind_follower(kind), Some(false));
}

#[test]
fn am22_a_barn_goes_where_four_field_corners_meet() {
    let g = run(&barn("", ""), 2, BEFORE_BARN).unwrap();
    let barns: Vec<String> = legal_names(&g)
        .into_iter()
        .filter(|o| o.starts_with("deploy barn"))
        .collect();
    assert_eq!(barns, ["deploy barn 2 corner SW"]);
    // Tile data: AM/R (first edition; AM/RG, its garden version, in the
    // current one) has four field corners; AM/C!+, AM/C++, AM/CCcc+ none.
    let tiles = |edition: &str| {
        rules(&format!(
            "name = \"am tiles\"\nedition = \"{edition}\"\n\
             tilesets = [\"base\", \"abbey-and-mayor\"]\n[plugins.barn]\n"
        ))
    };
    let (c1, r) = (tiles("C1"), tiles("C2"));
    let corners_in = |r: &Arc<Rules>, script: &str, x, y| {
        let g = run(r, 2, script).unwrap();
        let t = g.tile_at(Pos::new(x, y)).unwrap();
        Corner::ALL
            .iter()
            .filter(|&&c| g.corner_field(t, c).is_some())
            .count()
    };
    let corners = |script: &str, x, y| corners_in(&r, script, x, y);
    assert_eq!(corners_in(&c1, "draw AM/R; place 0 1 0; pass", 0, 1), 4);
    assert_eq!(corners("draw AM/RG; place 0 1 0; pass", 0, 1), 4);
    assert_eq!(corners("draw AM/C!+; place 0 1 0; pass", 0, 1), 0);
    assert_eq!(corners("draw AM/C++; place 0 -1 0; pass", 0, -1), 0);
    assert_eq!(corners("draw AM/CCcc+; place 0 -1 0; pass", 0, -1), 0);
}

/// After B1, more tiles east: BA/L at (2, 1) by Blue, BA/RFr at (2, 0) by Red
/// (its SW corner is in the barn's field too).
fn second_corner(red_figure: &str) -> String {
    format!(
        "{}\ndraw BA/L; place 2 1 0; pass\ndraw BA/RFr; place 2 0 0; {red_figure}",
        b1()
    )
}

#[test]
fn am23_no_second_barn_on_a_field_with_a_barn() {
    // Red has a second barn, and (2, 0)'s SW corner is a barn corner of the same
    // field: by default it is not offered.
    let script = format!(
        "{}\ndraw BA/L; place 2 1 0; pass\ndraw BA/RFr; place 2 0 0",
        b1()
    );
    let g = run(&barn("barns-per-player = 2", ""), 2, &script).unwrap();
    assert!(legal_names(&g)
        .iter()
        .all(|o| !o.starts_with("deploy barn")));
    let occupied = barn("barns-per-player = 2\nbarn-placement = \"occupied\"", "");
    let g = run(&occupied, 2, &script).unwrap();
    assert!(legal_names(&g).contains(&"deploy barn 2 corner SW".to_string()));
}

#[test]
fn am23_variant_occupied_allows_it_and_am27_pays_a_player_once() {
    // JCZ `multiple-barns`: two barns of Red in one field: 4 per city once.
    let r = barn("barns-per-player = 2\nbarn-placement = \"occupied\"", "");
    let mut g = check(&r, 2, &second_corner("deploy barn corner SW"), &[6, 0]);
    run_on(&mut g, "end").unwrap();
    assert_eq!(barns_on_board(&g).len(), 2);
    assert_eq!(g.scores(), [6 + 8, 0]);
}

#[test]
fn am24_barn_placement_scores_the_farmers_at_once() {
    // JCZ `barn-scoring`: 3 per completed city (2) at once, the farmer goes
    // home; at the end the barn scores 4 per city: 6 + 8.
    let mut g = check(&barn("", ""), 2, &b1(), &[6, 0]);
    let follower = g.rules().figure_kind("follower").unwrap();
    assert_eq!(g.supply(PlayerId::ALL[0], follower), 7);
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [14, 0]);
}

#[test]
fn am25_no_farmer_into_a_barn_field_but_a_shepherd_may() {
    let r = rules(
        "name = \"barn, shepherd\"\ntilesets = [\"base\"]\n[plugins.barn]\n[plugins.shepherd]\n",
    );
    let mut g = run(&r, 2, &b1()).unwrap();
    // Blue's BA/L at (2, 1) extends the barn's field: the cloister, no farmer;
    // the shepherd may go there (X26).
    run_on(&mut g, "draw BA/L; place 2 1 0").unwrap();
    let opts = legal_names(&g);
    // BA/L: the cloister 0 and the field 1.
    assert!(opts.contains(&"deploy follower 0".to_string()), "{opts:?}");
    assert!(!opts.contains(&"deploy follower 1".to_string()), "{opts:?}");
    assert!(opts.contains(&"deploy shepherd 1".to_string()), "{opts:?}");
}

/// B2: Blue's farmer north of the road at (-1, 0); Red's barn as in B1; Blue's
/// BA/LR at (2, 0) joins the north field to the barn's field round the road end.
const B2: &str = "draw BA/C; place 0 1 2; deploy follower field N
     draw BA/RFr; place -1 0 0; deploy follower field N
     draw BA/C; place 0 2 0; pass
     draw BA/C; place 1 1 2; pass
     draw BA/C; place 1 2 0; pass
     draw BA/L; place 0 3 0; pass
     draw BA/RFr; place 1 0 0; deploy barn corner SW
     scores 6 0
     draw BA/LR; place 2 0 1; pass";

#[test]
fn am26_farmers_joined_to_a_barn_field_score_1_per_city() {
    // JCZ `barn-connected-scoring` (without the pig): Blue 1 × 2 cities, his
    // farmer goes home; at the end Red's barn 4 × 2.
    let mut g = check(&barn("", ""), 2, B2, &[6, 2]);
    let follower = g.rules().figure_kind("follower").unwrap();
    assert_eq!(g.supply(PlayerId::ALL[1], follower), 7);
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [14, 2]);
}

/// After B1: Blue's BA/L at (2, 1), Blue's barn at (3, 0)'s SW corner two turns
/// later (BA/L at (3, 1) and Red's BA/L at (0, 3) in between); with two barns
/// per player Red adds one at (2, 0).
const THREE_BARNS: &str = "draw BA/L; place 2 1 0; pass
     draw BA/RFr; place 2 0 0; deploy barn corner SW
     draw BA/L; place 3 1 0; pass
     draw BA/L; place 0 3 0; pass
     draw BA/RFr; place 3 0 0; deploy barn corner SW
     end";

#[test]
fn am27_every_barn_owner_scores_in_full_once() {
    let r = barn("barns-per-player = 2\nbarn-placement = \"occupied\"", "");
    // Red two barns, Blue one, one field bordering 2 completed cities.
    check(&r, 2, &format!("{}\n{THREE_BARNS}", b1()), &[14, 8]);
}

#[test]
fn am27_variant_most_barns_pays_only_the_owners_of_the_most() {
    let r = barn(
        "barns-per-player = 2\nbarn-placement = \"occupied\"\nbarn-scoring = \"most-barns\"",
        "",
    );
    check(&r, 2, &format!("{}\n{THREE_BARNS}", b1()), &[14, 0]);
}

#[test]
fn am28_f3_is_refused_with_barns() {
    let text = "name = \"barn f3\"\ntilesets = [\"base\"]\n[core]\nfarmers = \"per-city\"\n[plugins.barn]\n";
    let e = match carcassonne_host::load_str(text, "f3.toml", None, &registry()) {
        Ok(_) => panic!("accepted"),
        Err(e) => e.to_string(),
    };
    assert!(e.contains("per-city") && e.contains("barn"), "{e}");
}

#[test]
fn am28_f4_barns_are_placed_and_score_at_the_end() {
    let r = barn("", "farmers = \"off\"");
    let script = b1().replace("deploy follower field N", "pass");
    let mut g = check(&r, 2, &script, &[0, 0]);
    assert_eq!(barns_on_board(&g).len(), 1);
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [8, 0]);
}

/// The barn with the pig (Traders & Builders) under farmer rule `farmers`.
fn barn_and_pig(farmers: &str) -> Arc<Rules> {
    rules(&format!(
        "name = \"barn and pig\"\ntilesets = [\"base\"]\n[core]\nfarmers = \"{farmers}\"\n\
         [plugins.barn]\n[plugins.pig]\n"
    ))
}

#[test]
fn am24_with_the_pig_the_farmers_owner_gets_4_per_city_and_the_pig_goes_home() {
    // B1 with Red's pig on (1, 1)'s field (Red's farmer is there): at the barn,
    // 3 + 1 per completed city (TB21, JCZ `barn-connected-scoring`), 2 cities:
    // 8; the farmer goes home and the pig with him (TB20); at the end the barn
    // 4 × 2. The same under F2 (AM28: each barn scoring pays per field).
    let script = b1().replace(
        "draw BA/C; place 1 1 2; pass",
        "draw BA/C; place 1 1 2; deploy pig field N",
    );
    for farmers in ["per-field", "per-field-once-per-player"] {
        let mut g = check(&barn_and_pig(farmers), 2, &script, &[8, 0]);
        let pig = g.rules().figure_kind("pig").unwrap();
        assert_eq!(
            g.supply(PlayerId::ALL[0], pig),
            1,
            "{farmers}: the pig went home"
        );
        run_on(&mut g, "end").unwrap();
        assert_eq!(g.scores(), [16, 0], "{farmers}");
    }
}

#[test]
fn am26_with_the_pig_joined_farmers_get_1_plus_1_per_city() {
    // B2 with Blue's pig north of the road (his BA/L at (-1, -1) extends the
    // field of his farmer): when Blue's tile joins that field to Red's barn
    // field, Blue scores 1 + 1 per completed city (2 cities: 4) and farmer and
    // pig go home; at the end Red's barn 4 × 2. The same under F2.
    let script = B2.replace(
        "draw BA/L; place 0 3 0; pass",
        "draw BA/L; place -1 -1 0; deploy pig field",
    );
    for farmers in ["per-field", "per-field-once-per-player"] {
        let mut g = check(&barn_and_pig(farmers), 2, &script, &[6, 4]);
        let pig = g.rules().figure_kind("pig").unwrap();
        assert_eq!(
            g.supply(PlayerId::ALL[1], pig),
            1,
            "{farmers}: the pig went home"
        );
        run_on(&mut g, "end").unwrap();
        assert_eq!(g.scores(), [14, 4], "{farmers}");
    }
}

#[test]
fn am28_f2_barn_points_come_on_top_of_the_farmers_cities() {
    // Red's farmer in the field south of cities A and B ((0, 2) and (1, 2)), his
    // barn north of them (B1's corner). At the barn: nothing (no farmer north).
    // At the end, under F1 and F2 alike: the farmer 3 × 2 cities and the barn
    // 4 × 2 = 14: under F2 the barn does not use up "each city once" (AM28).
    let script = "draw BA/C; place 0 1 2; pass
         draw BA/C; place 1 1 2; pass
         draw BA/C; place 0 2 0; deploy follower field
         draw BA/C; place 1 2 0; pass
         draw BA/RFr; place 1 0 0; deploy barn corner SW
         end";
    for farmers in ["per-field", "per-field-once-per-player"] {
        let core = format!("farmers = \"{farmers}\"");
        check(&barn("", &core), 2, script, &[14, 0]);
    }
}

/// X25: Red's farmer north of BA/Cc at (0, 1), Blue's on the hill tile HS/Cc.h
/// at (1, 1), their fields joined by Red's road at (1, 0); the 4-tile city
/// between them is complete. Red's barn at (2, 0)'s SW corner scores them.
const HILL_FARMERS: &str = "draw BA/Cc; place 0 1 2; deploy follower field N
     draw HS/Cc.h; hidden BA/L; place 1 1 3; deploy follower field
     draw BA/C; place 0 2 0; pass
     draw BA/C; place 1 2 0; pass
     draw BA/RFr; place 1 0 0; pass
     draw BA/L; place 2 1 0; pass
     draw BA/RFr; place 2 0 0; deploy barn corner SW";

#[test]
fn x25_barn_majorities_use_the_hill_tiebreak() {
    let with = |plugins: &str| {
        rules(&format!(
            "name = \"barn, hills\"\ntilesets = [\"base\", \"hills-and-sheep\"]\n\
             [plugins.barn]\n{plugins}\n"
        ))
    };
    // 1 against 1: Blue's farmer on the hill alone scores 3 × 1 city.
    let mut g = check(&with("[plugins.hills]"), 2, HILL_FARMERS, &[0, 3]);
    // AM27 has no majority: at the end Red's barn, at a corner of the hill
    // tile, scores 4 for the city, as without hills.
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [4, 3]);
    // Without hills both farmers score.
    let mut g = check(
        &with(""),
        2,
        &HILL_FARMERS.replace("hidden BA/L; ", ""),
        &[3, 3],
    );
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [7, 3]);
}

#[test]
pub(crate) fn x26_a_barn_on_a_shepherds_field_leaves_the_flock() {
    let r = rules(
        "name = \"barn, shepherd\"\ntilesets = [\"base\"]\n[plugins.barn]\n[plugins.shepherd]\n",
    );
    // Blue's shepherd (2 sheep) shares the field with Red's farmer; Red's barn
    // scores the farmer and sends him home; the shepherd and his sheep stay, and
    // nothing is herded.
    let script = "draw BA/C; place 0 1 2; deploy follower field N
         draw BA/C; place 1 1 2; deploy shepherd field N
         shepherd sheep-2
         draw BA/C; place 0 2 0; pass
         draw BA/C; place 1 2 0; pass
         draw BA/RFr; place 1 0 0; deploy barn corner SW";
    let g = check(&r, 2, script, &[6, 0]);
    let shepherd = g.rules().figure_kind("shepherd").unwrap();
    assert_eq!(
        g.supply(PlayerId::ALL[1], shepherd),
        0,
        "the shepherd stays"
    );
}

/// The barn with the other Abbey & Mayor and Hills & Sheep plugins.
const ALL: &str = r#"
    name = "barn with everything"
    tilesets = ["base", "hills-and-sheep", "abbey-and-mayor"]
    [plugins.barn]
    [plugins.wagon]
    [plugins.abbey]
    [plugins.mayor]
    [plugins.hills]
    [plugins.shepherd]
    [plugins.special-cities]
"#;

#[test]
fn barn_bots_place_barns_and_the_conformance_kit_passes() {
    let r = rules(ALL);
    conformance_at_2_4_6(&r, 30, 0, &crate::abbey_and_mayor::invariants, "barn");
    let mut placed = 0;
    for seed in 0..10 {
        let mut g = Game::new(r.clone(), 3, seed).unwrap();
        let mut rng = carcassonne_core::Rng::new(seed);
        while g.step_random(&mut rng).unwrap() {}
        placed += barns_on_board(&g).len();
    }
    assert!(placed > 0, "no barn placed in 10 random games");
}

#[test]
fn barn_same_compiled_in_and_loaded() {
    for players in [2, 4] {
        assert_same_compiled_in_and_loaded(ALL, players, 0..2);
    }
}
