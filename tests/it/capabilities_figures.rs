//! The figure and scoring capabilities of the plugin API (issue 25, group B):
//! figures off the board (held, in an area), options that name one figure,
//! point transfers, withheld features, hosted and protected figures, scoring
//! results a plugin can attribute, notes. Each is proved by a capability plugin
//! of the test kit (`plugins/testing/kit/src/caps`), compiled in and loaded
//! from the kit's library, with exact points.

use crate::common::*;
use carcassonne_core::scenario::{check, run, run_on};
use carcassonne_core::{
    Actor, FeatureId, FigureId, FigureKindId, Game, Location, PlayerId, Rules, FOLLOWER,
};
use std::sync::Arc;

/// Every event text of the game so far (the game must log).
fn event_texts(g: &mut Game) -> Vec<String> {
    let events = g.take_events();
    events.iter().map(|e| g.event_text(e)).collect()
}

/// The conformance kit's random games on `rules` (every invariant, scores
/// never falling except by transfers, action texts round-tripping); asserts
/// that `seen` held in some state of them (the games exercised the capability).
fn conformance(rules: &Arc<Rules>, what: &str, seen: &dyn Fn(&Game) -> bool) {
    let hits = std::cell::Cell::new(0u32);
    let extra = |g: &Game| {
        if seen(g) {
            hits.set(hits.get() + 1);
        }
        Ok(())
    };
    conformance_at_2_4_6(rules, 6, 0, &extra, what);
    assert!(hits.get() > 0, "{what}: the random games never got there");
}

// ------------------------------------------------------------- prisoners

/// Red's road follower at (1, 0); Blue takes him prisoner from (2, 0).
fn capture() -> String {
    red_road_then_blue(
        "deploy follower road",
        "BA/RFr",
        "pass; kit-jail follower of 0 at 1 0 0",
    )
}

#[test]
fn a_prisoner_is_held_by_his_captor_and_freed_by_a_ransom_paid_by_transfer() {
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-jail]\n")) {
        let mut g = run(&r, 2, &capture()).unwrap();
        // Off the board, out of Red's supply, held by Blue.
        assert_eq!(follower_places(&g, 0), [Location::Held(p(1))]);
        assert_eq!(g.supply(p(0), FOLLOWER), 6);
        assert_eq!(g.figures_held_by(p(1)).count(), 1);
        let o = g.observation(p(0)).unwrap();
        assert!(o.figures.is_empty(), "{:?}", o.figures);
        assert_eq!(o.off_board.len(), 1);
        assert_eq!(
            (
                o.off_board[0].owner,
                o.off_board[0].held_by,
                &o.off_board[0].kind
            ),
            (Some(p(0)), Some(p(1)), &"follower".to_string())
        );
        assert_eq!(o.player_notes, [None, Some("holds 1".to_string())]);
        g.check_integrity().unwrap();
        // Red scores 4 with a city; with 3 points or more he may pay at the start
        // of his next turn: 3 points go to Blue, the follower comes home.
        g.set_logging(true);
        run_on(
            &mut g,
            "draw BA/C; place 0 -1 2; deploy follower city
             draw BA/RFr; place -1 0 0; pass",
        )
        .unwrap();
        assert_eq!(g.scores(), [4, 0]);
        assert_eq!(g.actor(), Actor::Player(p(0)), "the ransom decision");
        let legal = legal_names(&g);
        assert_eq!(legal, ["kit-jail pass", "kit-jail follower of 0 held by 1"]);
        run_on(&mut g, "kit-jail follower of 0 held by 1").unwrap();
        assert_eq!(g.scores(), [1, 3]);
        assert_eq!(g.supply(p(0), FOLLOWER), 7);
        assert_eq!((g.transferred_out(p(0)), g.transferred_out(p(1))), (3, 0));
        let cats = g.score_categories().to_vec();
        let jail = cats.iter().position(|c| c == "kit-jail").unwrap();
        assert_eq!(g.score_breakdown(p(0))[jail], -3);
        assert_eq!(g.score_breakdown(p(1))[jail], 3);
        let events = event_texts(&mut g);
        assert!(
            events.contains(&"kit-jail: player 0 pays 3 to player 1".to_string()),
            "{events:?}"
        );
        g.check_integrity().unwrap();
    }
}

#[test]
fn capturing_a_rival_who_holds_one_of_yours_exchanges_the_two() {
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-jail]\n")) {
        // Blue farms north of (2, 0) and takes Red's road follower; Red then
        // takes Blue's farmer from (3, 0): both go home.
        let blue = "deploy follower field N; kit-jail follower of 0 at 1 0 0";
        let script = red_road_then_blue("deploy follower road", "BA/RFr", blue);
        let mut g = run(&r, 2, &format!("{script}\ndraw BA/RFr; place 3 0 0; pass")).unwrap();
        let legal = legal_names(&g);
        assert_eq!(legal, ["kit-jail pass", "kit-jail follower of 1 at 2 0 1"]);
        g.set_logging(true);
        run_on(&mut g, "kit-jail follower of 1 at 2 0 1").unwrap();
        assert_eq!((g.supply(p(0), FOLLOWER), g.supply(p(1), FOLLOWER)), (7, 7));
        assert_eq!(g.observation(p(0)).unwrap().off_board, []);
        let events = event_texts(&mut g);
        for who in ["player 1 gets follower back", "player 0 gets follower back"] {
            assert!(events.contains(&who.to_string()), "{events:?}");
        }
        assert_eq!(g.scores(), [0, 0]);
    }
}

#[test]
fn capturing_ones_own_follower_sends_him_home() {
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-jail]\n")) {
        let g = check(
            &r,
            2,
            "draw BA/RFr; place 1 0 0; deploy follower road
             draw BA/C; place 0 -1 2; pass
             draw BA/RFr; place 2 0 0; pass; kit-jail follower of 0 at 1 0 0",
            &[0, 0],
        );
        assert_eq!(g.supply(p(0), FOLLOWER), 7);
        assert_eq!(g.figures_held_by(p(0)).count(), 0);
    }
}

#[test]
fn options_naming_figures_tell_figures_apart_by_kind_owner_and_place() {
    let text = base_with("[plugins.kit-quarters]\n[plugins.kit-pig]\n");
    for r in compiled_in_and_loaded(&text) {
        // Red's farmer and pig in one field (on two tiles); two of Blue's
        // followers in the quarter.
        let g = run(
            &r,
            2,
            "draw BA/RFr; place 1 0 0; deploy follower field N
             draw BA/RFr; place -1 0 0; deploy follower in quarter
             draw BA/RFr; place 2 0 0; deploy kit-pig field N
             draw BA/RFr; place -2 0 0; deploy follower in quarter",
        )
        .unwrap();
        let placed = |p: u8, k: FigureKindId| -> Vec<FigureId> {
            figures_of(&g, p, k)
                .into_iter()
                .filter(|&f| g.figure_location(f).is_some())
                .collect()
        };
        let farmer = placed(0, FOLLOWER)[0];
        let code = g.figure_code(farmer).unwrap();
        assert_eq!(carcassonne_core::code_figure(code), Some(farmer));
        assert_eq!(
            g.figure_code_name(code).as_deref(),
            Some("follower of 0 at 1 0 1")
        );
        assert_eq!(g.parse_figure_code("follower of 0 at 1 0 1"), Some(code));
        let pig = placed(0, r.figure_kind("kit-pig").unwrap())[0];
        let pig_code = g.figure_code(pig).unwrap();
        assert_eq!(
            g.figure_code_name(pig_code).as_deref(),
            Some("kit-pig of 0 at 2 0 1")
        );
        assert_eq!(g.parse_figure_code("kit-pig of 0 at 2 0 1"), Some(pig_code));
        // Figures alike in kind, owner and place share one code: the first's.
        let waiting = placed(1, FOLLOWER);
        assert_eq!(waiting.len(), 2);
        let shared = g.figure_code(waiting[0]).unwrap();
        assert_eq!(g.figure_code(waiting[1]), Some(shared));
        assert_eq!(carcassonne_core::code_figure(shared), Some(waiting[0]));
        assert_eq!(
            g.figure_code_name(shared).as_deref(),
            Some("follower of 1 in quarter")
        );
        assert_eq!(
            g.parse_figure_code("follower of 1 in quarter"),
            Some(shared)
        );
        let in_supply = g.parse_figure_code("follower of 1 in supply").unwrap();
        let f = carcassonne_core::code_figure(in_supply).unwrap();
        assert_eq!(
            (g.figure_owner(f), g.figure_location(f)),
            (Some(p(1)), None)
        );
        for bad in [
            "follower of 1 at 1 0 1",
            "follower of 0 at 1 0 2",
            "follower at 1 0 1",
            "follower of 0 in castle",
            "follower of 0 held by 1",
            "dragon of 0 at 1 0 1",
        ] {
            assert_eq!(g.parse_figure_code(bad), None, "{bad}");
        }
    }
}

#[test]
fn prisoners_exchanges_and_ransoms_keep_every_invariant() {
    let text = base_with("[plugins.kit-jail]\nprice = 1\n[plugins.kit-pig]\n");
    let both = compiled_in_and_loaded(&text);
    for r in &both {
        conformance(r, "kit-jail", &|g| {
            PlayerId::all(g.players()).any(|q| g.figures_held_by(q).count() > 0)
        });
        conformance(r, "kit-jail ransoms", &|g| {
            PlayerId::all(g.players()).any(|q| g.transferred_out(q) > 0)
        });
    }
    same_games(&both, 3, 0..4);
}

// ----------------------------------------------------------------- areas

/// Red's follower in the city north of the start; Blue's in the quarter; Red
/// closes the city (3 tiles).
const QUARTER: &str = "draw BA/CFc; place 0 -1 1; deploy follower city
     draw BA/RFr; place 1 0 0; deploy follower in quarter
     draw BA/C; place 0 -2 2; pass";

#[test]
fn a_follower_waits_in_an_area_and_joins_an_occupied_city_before_it_is_scored() {
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-quarters]\n")) {
        let quarter = r.area("quarter").unwrap();
        let g = run(&r, 2, QUARTER).unwrap();
        // Blue's follower is in the quarter: in no feature, out of his supply.
        assert_eq!(follower_places(&g, 1), [Location::Area(quarter)]);
        assert_eq!(g.supply(p(1), FOLLOWER), 6);
        let o = g.observation(p(0)).unwrap();
        assert_eq!(o.off_board.len(), 1);
        assert_eq!(o.off_board[0].area.as_deref(), Some("quarter"));
        // Before the scoring step Blue (after the active player) decides.
        assert_eq!(g.actor(), Actor::Player(p(1)));
        let city = g.find(FeatureId(0)).unwrap();
        assert_eq!(g.pending_scorings(), [city]);
        assert_eq!(g.occupants(city), Some(1));
        let legal = legal_names(&g);
        assert_eq!(legal, ["kit-quarters stay", "kit-quarters 0 at 0 0"]);
        // Moved in, Blue ties Red: both score the 3-tile city (6) and go home.
        let mut moved = g.clone();
        run_on(&mut moved, "kit-quarters 0 at 0 0").unwrap();
        assert_eq!(moved.scores(), [6, 6]);
        assert_eq!(
            (moved.supply(p(0), FOLLOWER), moved.supply(p(1), FOLLOWER)),
            (7, 7)
        );
        assert!(moved.pending_scorings().is_empty());
        let o = moved.observation(p(1)).unwrap();
        assert_eq!(
            o.player_notes,
            [Some("awarded 6".to_string()), Some("awarded 6".to_string())]
        );
        // Stayed: Red alone scores; Blue's follower is never sent home by it.
        let mut stayed = g;
        run_on(&mut stayed, "kit-quarters stay").unwrap();
        assert_eq!(stayed.scores(), [6, 0]);
        assert_eq!(follower_places(&stayed, 1), [Location::Area(quarter)]);
        stayed.end_now().unwrap();
        assert_eq!(stayed.scores(), [6, 0], "nothing for a follower in an area");
        assert_eq!(follower_places(&stayed, 1), [Location::Area(quarter)]);
    }
}

#[test]
fn awards_are_told_apart_from_bonuses() {
    let text = base_with("[plugins.kit-quarters]\n[plugins.kit-pig]\n");
    for r in compiled_in_and_loaded(&text) {
        // Red's farmer and pig: 3 for the city, the pig +1 (a bonus).
        let g = check(
            &r,
            2,
            "draw BA/RFr; place 1 0 0; deploy follower field N
             draw BA/RFr; place -1 0 0; pass
             draw BA/RFr; place 2 0 0; deploy kit-pig field N
             draw BA/C; place 0 -1 2; pass
             end",
            &[4, 0],
        );
        assert_eq!(g.player_note(p(0)).unwrap().as_deref(), Some("awarded 3"));
        assert_eq!(g.player_note(p(1)).unwrap(), None);
    }
}

#[test]
fn figures_in_areas_keep_every_invariant() {
    let both = compiled_in_and_loaded(&base_with("[plugins.kit-quarters]\n"));
    for r in &both {
        conformance(r, "kit-quarters", &|g| {
            g.area_count() == 1 && g.figures_in_area(carcassonne_core::AreaId(0)).count() > 1
        });
    }
    same_games(&both, 3, 0..4);
}

// ------------------------------------------------------- withheld features

/// Red's follower completes the two-tile city north of the start: a keep.
const KEEP: &str = "draw BA/C; place 0 -1 2; deploy follower city";

#[test]
fn a_withheld_city_is_never_scored_its_follower_is_protected_and_farmers_count_it() {
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-keep]\n")) {
        let g = check(&r, 2, KEEP, &[0, 0]);
        let city = g.find(FeatureId(0)).unwrap();
        assert_eq!(g.feature_withheld(city), Some(true));
        assert_eq!(g.is_complete(city), Some(true));
        let red = figures_of(&g, 0, FOLLOWER)
            .into_iter()
            .find(|&f| g.figure_location(f).is_some())
            .unwrap();
        assert!(g.figure_protected(red));
        assert_eq!(g.supply(p(0), FOLLOWER), 6);
        // Blue farms the field south and north of the start road (it borders
        // the keep); the game ends: the keep is not scored (its follower stays),
        // the farmer counts it as a completed city: 3.
        let g = check(
            &r,
            2,
            &format!("{KEEP}\ndraw BA/LR; place 1 0 1; deploy follower field\nend"),
            &[0, 3],
        );
        assert_eq!(g.supply(p(0), FOLLOWER), 6, "the keep's follower stays");
        assert!(g.figure_protected(red));
        // Red closes the road through the keep's tile, which nobody occupies:
        // its value (3) pays the keep, whose follower then goes home.
        let mut g = run(
            &r,
            2,
            &format!("{KEEP}\ndraw BA/LR; place 1 0 1; deploy follower field"),
        )
        .unwrap();
        g.set_logging(true);
        run_on(&mut g, "draw BA/LR; place -1 0 3; pass").unwrap();
        assert_eq!(g.scores(), [3, 0]);
        assert_eq!(g.supply(p(0), FOLLOWER), 7);
        assert!(!g.figure_protected(red), "the mark goes with the figure");
        let events = event_texts(&mut g);
        // Scored through the pipeline at the road's value, booked as kit-keep's.
        assert!(
            events.contains(&"city by proxy (2 tiles): 0 scores 3".to_string()),
            "{events:?}"
        );
        assert_eq!(g.score_breakdown(p(0)).last().copied(), Some(3));
        run_on(&mut g, "end").unwrap();
        assert_eq!(g.scores(), [3, 3]);
        assert_eq!(g.feature_withheld(city), Some(true));
    }
}

#[test]
fn a_protected_figure_cannot_be_taken_prisoner() {
    let text = base_with("[plugins.kit-keep]\n[plugins.kit-jail]\n");
    for r in compiled_in_and_loaded(&text) {
        // Blue places next to the keep's tile: its follower is protected, so
        // there is nothing to take (no decision at all).
        let g = run(&r, 2, &format!("{KEEP}\ndraw BA/L; place 1 -1 0; pass")).unwrap();
        assert_eq!(
            g.current_player(),
            p(0),
            "Red's turn: no capture was offered"
        );
        assert_eq!(g.supply(p(0), FOLLOWER), 6);
    }
}

#[test]
fn withheld_features_keep_every_invariant() {
    let both = compiled_in_and_loaded(&base_with("[plugins.kit-keep]\n[plugins.kit-jail]\n"));
    for r in &both {
        conformance(r, "kit-keep", &|g| {
            (0..g.feature_count() as u16).any(|f| g.feature_withheld(FeatureId(f)) == Some(true))
        });
    }
    same_games(&both, 3, 0..4);
}

// ------------------------------------------------ hosted features, notes

#[test]
fn plain_followers_stand_on_hosted_features_anywhere_that_the_core_never_scores() {
    let text = base_with("[plugins.kit-perch]\n[plugins.large-follower]\n[plugins.kit-mayor]\n");
    for r in compiled_in_and_loaded(&text) {
        let g = run(&r, 2, "draw KIT/P; place 0 1 0").unwrap();
        let perch = g.feature_of(g.last_placed().unwrap(), 0).unwrap();
        assert_eq!(g.feature_withheld(perch), Some(true), "tile data");
        let large = r.figure_kind("large-follower").unwrap();
        let mayor = r.figure_kind("kit-mayor").unwrap();
        let at = Location::Feature(perch);
        assert!(g.may_deploy(FOLLOWER, at).unwrap());
        assert!(g.may_deploy(large, at).unwrap());
        assert!(!g.may_deploy(mayor, at).unwrap(), "not a plain kind");
        // The core offers the plain kinds on the placed tile's perch.
        let legal = legal_names(&g);
        for o in ["deploy follower 0", "deploy large-follower 0"] {
            assert!(legal.contains(&o.to_string()), "{legal:?}");
        }
        assert!(
            !legal.iter().any(|o| o.starts_with("deploy kit-mayor")),
            "{legal:?}"
        );
        // Blue takes the perch from another tile (the plugin's offer).
        let mut g = run(
            &r,
            2,
            "draw KIT/P; place 0 1 0; pass
             draw BA/RFr; place 1 0 0; deploy large-follower 0 at 0 1",
        )
        .unwrap();
        assert_eq!(g.occupants(perch), Some(1));
        assert!(!g.may_deploy(FOLLOWER, at).unwrap(), "occupied");
        assert_eq!(
            g.feature_note(perch).unwrap().as_deref(),
            Some("large-follower of 1 perches")
        );
        let o = g.observation(p(0)).unwrap();
        assert_eq!(o.feature_notes.len(), 1, "{:?}", o.feature_notes);
        let n = &o.feature_notes[0];
        assert_eq!(
            (n.pos, n.feature, n.note.as_str()),
            (
                carcassonne_core::Pos::new(0, 1),
                0,
                "large-follower of 1 perches"
            )
        );
        // Never scored, never sent home: not at game end either.
        g.set_logging(true);
        run_on(&mut g, "end").unwrap();
        assert_eq!(g.scores(), [0, 0]);
        assert_eq!(g.supply(p(1), large), 0);
        let events = event_texts(&mut g);
        assert!(!events.iter().any(|e| e.starts_with("spot")), "{events:?}");
    }
}

#[test]
fn hosted_features_keep_every_invariant() {
    let text = base_with("[plugins.kit-perch]\n[plugins.large-follower]\n");
    let both = compiled_in_and_loaded(&text);
    for r in &both {
        conformance(r, "kit-perch", &|g| {
            (0..g.figure_count() as u16).any(|f| {
                g.figure_feature(FigureId(f))
                    .is_some_and(|x| g.feature_withheld(x) == Some(true))
            })
        });
    }
    same_games(&both, 3, 0..4);
}

// ------------------------- official plugins and figures leaving the board

/// `kit-jail` with the builder (and the Traders & Builders tiles).
fn builder_and_jail() -> String {
    "name = \"builder and jail\"\ntilesets = [\"base\", \"traders-and-builders\"]\n\
     [plugins.builder]\n[plugins.kit-jail]\n"
        .into()
}

#[test]
fn x49_a_builder_goes_home_when_his_owners_last_follower_is_taken_prisoner() {
    for r in compiled_in_and_loaded(&builder_and_jail()) {
        let builder = r.figure_kind("builder").unwrap();
        let g = run(
            &r,
            2,
            "draw BA/RFr; place 1 0 0; deploy follower road W
             draw BA/L; place 0 1 0; pass
             draw BA/RFr; place 2 0 0; deploy builder road W; kit-jail pass
             draw BA/L; place 1 1 0; pass",
        )
        .unwrap();
        assert_eq!(g.supply(p(0), builder), 0);
        let mut taken = g.clone();
        run_on(&mut taken, "kit-jail follower of 0 at 1 0 0").unwrap();
        assert_eq!(follower_places(&taken, 0), [Location::Held(p(1))]);
        assert_eq!(taken.supply(p(0), builder), 1, "lonely: home");
        let mut left = g;
        run_on(&mut left, "kit-jail pass").unwrap();
        assert_eq!(left.supply(p(0), builder), 0);
    }
}

#[test]
fn x49_a_pig_goes_home_when_his_owners_last_farmer_is_taken_prisoner() {
    let text = "name = \"pig and jail\"\ntilesets = [\"base\", \"traders-and-builders\"]\n\
                [plugins.pig]\n[plugins.kit-jail]\n";
    for r in compiled_in_and_loaded(text) {
        let pig = r.figure_kind("pig").unwrap();
        let g = run(
            &r,
            2,
            "draw BA/RFr; place 1 0 0; deploy follower field N
             draw BA/RFr; place -1 0 0; pass
             draw BA/RFr; place 2 0 0; deploy pig field N; kit-jail pass
             draw BA/L; place 1 1 0; pass; kit-jail follower of 0 at 1 0 1",
        )
        .unwrap();
        assert_eq!(follower_places(&g, 0), [Location::Held(p(1))]);
        assert_eq!(g.supply(p(0), pig), 1, "lonely: home");
    }
}

#[test]
fn x53_the_fairy_stays_beside_nobody_when_her_follower_is_taken_prisoner() {
    let text = format!(
        "{}[plugins.kit-jail]\n",
        crate::dragon::pd_ruleset("", "", "")
    );
    for r in compiled_in_and_loaded(&text) {
        let g = run(
            &r,
            2,
            "draw BA/RFr; place 1 0 0; deploy follower 0
             draw BA/L; place 0 1 0; pass
             draw BA/L; place 1 1 0; fairy 0 at 1 0; kit-jail pass
             draw BA/RFr; place 2 0 0; pass",
        )
        .unwrap();
        let fairy = r.plugin_index("fairy").unwrap();
        let beside = |g: &Game| g.plugin_state(fairy).unwrap()[1];
        assert_ne!(beside(&g), 0);
        // Kept: Red's next turn starts with the fairy's point (PD13).
        let mut kept = g.clone();
        run_on(&mut kept, "kit-jail pass").unwrap();
        assert_eq!(kept.scores(), [1, 0]);
        // Taken: the fairy stays on her tile beside nobody; no point.
        let mut taken = g;
        run_on(&mut taken, "kit-jail follower of 0 at 1 0 0").unwrap();
        assert_eq!(beside(&taken), 0);
        assert_eq!(taken.scores(), [0, 0]);
        assert!(crate::dragon::neutral_at(&taken, "fairy").is_some());
    }
}

/// A stand-in for a rule that protects figures (a castle): whenever a tile is
/// placed, every figure of player 0 on the board is protected.
struct ProtectRed;

impl carcassonne_core::Hooks for ProtectRed {
    fn subscriptions(&self) -> u64 {
        carcassonne_core::hook::TILE_PLACED
    }

    fn tile_placed(
        &self,
        cx: &mut carcassonne_core::Cx<'_>,
        _tile: carcassonne_core::TileIndex,
    ) -> carcassonne_core::HookResult {
        for g in (0..cx.figure_count() as u16).map(FigureId) {
            if cx.figure_owner(g) == Some(PlayerId::ALL[0]) {
                cx.set_protected(g, true);
            }
        }
        Ok(())
    }
}

/// The rules of `ruleset` plus [`ProtectRed`].
fn protecting_red(ruleset: &str) -> Arc<Rules> {
    let r = rules(ruleset);
    let mut plugins: Vec<_> = r
        .plugins
        .iter()
        .map(|e| (e.decl.clone(), e.hooks.clone()))
        .collect();
    let decl = carcassonne_core::PluginDecl {
        id: "test-protect".into(),
        ..carcassonne_core::PluginDecl::default()
    };
    plugins.push((
        decl,
        Arc::new(ProtectRed) as Arc<dyn carcassonne_core::Hooks>,
    ));
    Arc::new(Rules::new("protecting red", r.tiles.clone(), r.options, plugins).expect("rules"))
}

#[test]
fn x65_protected_followers_are_neither_eaten_by_the_dragon_nor_sent_home_by_the_princess() {
    use crate::dragon::{figures_at, names, pd_ruleset};
    let r = protecting_red(&pd_ruleset("", "", ""));
    // The dragon walks over Red's monk and road follower (protected) onto
    // Blue's farmer, whom it eats (as in the dragon's own PD8 test).
    let mut g = run(
        &r,
        2,
        "draw BA/RFr; place 1 0 0; deploy follower 0
         draw PD/F.v; place 0 1 0; pass
         draw BA/L; place 1 1 0; deploy follower cloister
         draw PD/Rr.d; place -1 0 2; deploy follower 1
         dragon E; dragon N; dragon W; dragon W",
    )
    .unwrap();
    assert_eq!(figures_at(&g, 1, 1), ["0 follower"]);
    assert_eq!(figures_at(&g, 1, 0), ["0 follower"]);
    assert_eq!(figures_at(&g, -1, 0), ["dragon"], "Blue's farmer is eaten");
    assert_eq!((g.supply(p(0), FOLLOWER), g.supply(p(1), FOLLOWER)), (5, 7));
    // The princess offers no protected knight: Red's knight stays.
    g = run(
        &r,
        2,
        "draw BA/CFc; place 0 -1 1; deploy follower 0
         draw BA/L; place 0 1 0; pass
         draw PD/Ccc.p; place 0 -2 2",
    )
    .unwrap();
    assert!(
        !names(&g).iter().any(|n| n.starts_with("princess")),
        "{:?}",
        names(&g)
    );
}

// ------------------------------------------------ features open to a kind

/// `open_features_for(kind)` lists, in id order, exactly the feature
/// instances on which the shared rule lets the kind stand
/// (`may_stand_by_rule`) and that are not part of a finished feature (a field
/// counts as unfinished), in every state of random games: the magic portal's
/// offers, one query per kind.
#[test]
fn open_features_for_is_the_shared_rule_on_unfinished_features() {
    let rules = config("princess-and-dragon.toml");
    let finished_left_out = std::cell::Cell::new(0u32);
    conformance(&rules, "open features", &|g: &Game| {
        let mut some = false;
        for k in (0..g.figure_kind_count() as u8).map(FigureKindId) {
            let want: Vec<FeatureId> = (0..g.feature_count() as u16)
                .map(FeatureId)
                .filter(|&f| g.may_stand_by_rule(k, f))
                .filter(|&f| {
                    let finished = g.feature_kind(f) != Some(carcassonne_core::FeatureKind::Field)
                        && g.is_complete(f) == Some(true);
                    if finished {
                        finished_left_out.set(finished_left_out.get() + 1);
                    }
                    !finished
                })
                .collect();
            assert_eq!(g.open_features_for(k), want, "kind {k:?}");
            some |= !want.is_empty();
        }
        some
    });
    assert!(
        finished_left_out.get() > 0,
        "no finished feature was left out"
    );
    // A kind that does not exist has none.
    let g = Game::new(rules, 2, 1).unwrap();
    assert!(g.open_features_for(FigureKindId(200)).is_empty());
}
