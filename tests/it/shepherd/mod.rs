//! Rulings S1–S4 of the `shepherd` plugin, with exact points, and the fixtures shared with
//! [`scoring`] (S5–S9 and the plugin's names and texts).
//!
//! Fixtures read like the rulebook: the start tile BA/RCr lies at (0, 0) with
//! its city north and its road west–east, so it has a narrow field between city
//! and road (the "strip", slots EL+WR) and a field south of the road. x grows
//! east, y grows south; `place X Y R` turns the tile R quarter turns clockwise.
//! `deploy shepherd field N` puts the shepherd on the field reaching the placed
//! tile's north side; `shepherd sheep-3` / `shepherd wolf` force the token
//! drawn from the bag; `shepherd grow` / `shepherd herd` are the flock choice.
//! Player 0 is Red, player 1 Blue.

use crate::common::*;
use carcassonne_core::conformance::{run as conformance, Options};
use carcassonne_core::PlayerId;
use carcassonne_core::{
    Action, Actor, FeatureId, FigureId, FigureKindId, FigureOption, Game, Rules, FOLLOWER,
};
use carcassonne_official::shepherd::{tokens_in_play, FlockWord, BAG_AT_SETUP, TOKENS};
use std::sync::Arc;

/// Base game + shepherds, the flock choice after the follower step (default, S4).
const AFTER: &str = r#"
    name = "base + shepherd"
    tilesets = ["base"]
    [plugins.shepherd]
"#;

/// Base game + shepherds, the flock choice before the follower step (S4 variant).
const BEFORE: &str = r#"
    name = "base + shepherd, flock choice first"
    tilesets = ["base"]
    [plugins.shepherd]
    flock-action = "before-follower"
"#;

fn after() -> Arc<Rules> {
    rules(AFTER)
}

fn before() -> Arc<Rules> {
    rules(BEFORE)
}

fn plugin(g: &Game) -> u8 {
    g.rules()
        .plugin_index("shepherd")
        .expect("shepherd enabled")
}

/// `(in the bag, with shepherds)` tokens.
fn tokens(g: &Game) -> (u32, u32) {
    let p = plugin(g);
    tokens_in_play(
        g.plugin_state(p).unwrap(),
        (0..g.feature_count()).filter_map(|f| g.plugin_feature_state(p, FeatureId(f as u16))),
    )
}

fn kind(g: &Game) -> FigureKindId {
    g.rules().figure_kind("shepherd").expect("shepherd figure")
}

/// The flocks of `player`'s shepherds on the board.
fn flocks(g: &Game, player: u8) -> Vec<FlockWord> {
    let p = plugin(g);
    (0..g.figure_count() as u16)
        .map(FigureId)
        .filter(|&f| {
            g.figure_kind(f) == Some(kind(g))
                && g.figure_owner(f) == Some(PlayerId::ALL[usize::from(player)])
        })
        .filter_map(|f| g.figure_feature(f))
        .map(|f| FlockWord(g.plugin_feature_state(p, f).unwrap()[0]))
        .collect()
}

fn shepherds_in_supply(g: &Game, player: u8) -> u8 {
    g.supply(PlayerId::ALL[usize::from(player)], kind(g))
}

fn shepherd_deploys(g: &Game) -> usize {
    let k = kind(g);
    g.legal_actions()
        .unwrap()
        .iter()
        .filter(|a| matches!(a, Action::Figure(FigureOption::Deploy { kind, .. }) if *kind == k))
        .count()
}

/// The next thing to happen is the next turn's tile draw (no pending plugin step).
fn next_is_tile_draw(g: &Game) -> bool {
    g.actor() == Actor::Chance && g.chance_stream() == Some("tile")
}

/// A fixture step that must be refused, leaving the game unchanged.
#[track_caller]
fn refused(g: &mut Game, step: &str) {
    let before = g.clone();
    let ok = g.parse_action(step).and_then(|a| g.apply(a)).is_ok();
    assert!(!ok, "`{step}` should be refused");
    assert!(*g == before, "a refused step changed the game");
}

// Shared openings (see the module doc for the geometry):
// Red's shepherd on the strip, extended west by a BA/RFr at (-1, 0), with 3 sheep.
const RED_ON_STRIP: &str = "draw BA/RFr; place -1 0 0; deploy shepherd field N; shepherd sheep-3";

// ------------------------------------------------------------------ S1

#[test]
fn s1_one_shepherd_each_and_a_bag_of_18_tokens_drawn_by_count() {
    let r = after();
    let mut g = Game::new(r.clone(), 3, 0).unwrap();
    for p in 0..3 {
        assert_eq!(shepherds_in_supply(&g, p), 1);
    }
    assert_eq!(tokens(&g), (TOKENS, 0));
    assert_eq!(BAG_AT_SETUP, [4, 5, 5, 2, 2]);
    run_on(&mut g, "draw BA/L; place 0 1 0; deploy shepherd field").unwrap();
    // The draw is a chance event: each token kind weighted by its count in the bag.
    assert_eq!(g.chance_stream(), Some("shepherd"));
    assert_eq!(
        g.chance_outcomes().unwrap(),
        vec![(0, 4), (1, 5), (2, 5), (3, 2), (4, 2)]
    );
    let names: Vec<String> = (0..5).map(|c| g.outcome_name(c)).collect();
    assert_eq!(names, ["sheep-1", "sheep-2", "sheep-3", "sheep-4", "wolf"]);
    run_on(&mut g, "shepherd sheep-3").unwrap();
    assert_eq!(tokens(&g), (17, 1));
    assert_eq!(shepherds_in_supply(&g, 0), 0);
    assert_eq!(flocks(&g, 0), [FlockWord(1 << 8 | 1 << 16)]);
    // Red's one shepherd is out: on his next tile he has no shepherd to deploy.
    // Blue and Green extend Red's field: nothing for them.
    run_on(
        &mut g,
        "draw BA/LR; place 1 1 0; pass; draw BA/LR; place 2 1 0; pass",
    )
    .unwrap();
    run_on(&mut g, "draw BA/L; place 3 1 0").unwrap();
    assert_eq!(shepherd_deploys(&g), 0);
    run_on(&mut g, "pass; shepherd herd; scores 3 0 0").unwrap();
    assert_eq!(tokens(&g), (TOKENS, 0));
    // The next draw sees the whole bag again.
    run_on(&mut g, "draw BA/L; place 4 1 0; deploy shepherd field").unwrap();
    assert_eq!(
        g.chance_outcomes().unwrap(),
        vec![(0, 4), (1, 5), (2, 5), (3, 2), (4, 2)]
    );
}

// ------------------------------------------------------------------ S2

#[test]
fn s2_deploying_the_shepherd_draws_a_sheep_at_once() {
    let g = check(
        &after(),
        2,
        "draw BA/L; place 0 1 0; deploy shepherd field; shepherd sheep-4",
        &[0, 0],
    );
    assert_eq!(flocks(&g, 0)[0].sheep(), 4);
    assert_eq!(tokens(&g), (17, 1));
    // Deployed this turn: no grow-or-herd choice follows.
    assert!(next_is_tile_draw(&g));
}

/// The sheep on a shepherd's tokens are public (S2: tokens lie face up by the
/// shepherd): the game, each observation and the board picture note them.
#[test]
fn s2_a_shepherds_sheep_show_in_observations_and_pictures() {
    let mut g = check(&after(), 2, RED_ON_STRIP, &[0, 0]);
    let shepherd = FigureId(
        (0..g.figure_count() as u16)
            .find(|&i| g.figure_kind(FigureId(i)) == Some(kind(&g)))
            .expect("a shepherd on the board"),
    );
    assert_eq!(g.figure_note(shepherd).unwrap().as_deref(), Some("3 sheep"));
    for player in PlayerId::all(2) {
        let seen = g.observation(player).unwrap();
        let notes: Vec<_> = seen.figures.iter().filter_map(|f| f.note.clone()).collect();
        assert_eq!(notes, ["3 sheep"]);
    }
    let svg = carcassonne_render::board(&g, &Default::default(), &Default::default());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let notes: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("note"))
        .filter_map(|n| n.text().map(str::trim))
        .collect();
    assert_eq!(notes, ["3 sheep"]);
    // A grown flock shows the sum of its tokens.
    run_on(
        &mut g,
        "draw BA/L; place 0 1 0; pass
         draw BA/L; place -1 -1 0; pass; shepherd grow; shepherd sheep-2",
    )
    .unwrap();
    assert_eq!(g.figure_note(shepherd).unwrap().as_deref(), Some("5 sheep"));
}

#[test]
fn s2_a_wolf_on_deployment_sends_the_shepherd_home() {
    let g = check(
        &after(),
        2,
        "draw BA/L; place 0 1 0; deploy shepherd field; shepherd wolf",
        &[0, 0],
    );
    assert_eq!(shepherds_in_supply(&g, 0), 1);
    assert!(flocks(&g, 0).is_empty());
    assert_eq!(tokens(&g), (TOKENS, 0), "the wolf goes back into the bag");
    assert!(next_is_tile_draw(&g));
}

#[test]
fn s2_no_shepherd_on_a_field_that_already_has_one() {
    let r = after();
    let mut g = run(&r, 2, &format!("{RED_ON_STRIP}; draw BA/RFr; place 1 0 0")).unwrap();
    // Blue's BA/RFr at (1, 0): its north field joins Red's flock field, its south
    // field is free.
    assert_eq!(shepherd_deploys(&g), 1);
    refused(&mut g, "deploy shepherd field N");
    run_on(
        &mut g,
        "deploy shepherd field S; shepherd sheep-1; scores 0 0",
    )
    .unwrap();
    assert_eq!(flocks(&g, 1)[0].sheep(), 1);
}

#[test]
fn s2_one_shepherd_per_field_is_the_shared_placement_rule() {
    // The core offers the shepherd (`FigureSpec::one_per_feature`), so
    // `may_deploy` answers as the figure step does: Blue's north field segment
    // joins Red's flock field, the south one is free; a follower may still join
    // the flock's field (a shepherd does not occupy).
    let r = after();
    let g = run(&r, 2, &format!("{RED_ON_STRIP}; draw BA/RFr; place 1 0 0")).unwrap();
    let at = |step: &str| match g.parse_action(step).unwrap() {
        Action::Figure(FigureOption::Deploy { at, .. }) => at,
        a => panic!("{step}: {a:?}"),
    };
    let (north, south) = (at("deploy follower field N"), at("deploy follower field S"));
    assert_ne!(north, south);
    let k = kind(&g);
    assert!(
        !g.may_deploy(k, north).unwrap(),
        "Red's shepherd is in that field"
    );
    assert!(g.may_deploy(k, south).unwrap());
    assert!(g.may_deploy(FOLLOWER, north).unwrap());
    let offered: Vec<FigureOption> = g
        .legal_actions()
        .unwrap()
        .into_iter()
        .filter_map(|a| match a {
            Action::Figure(o @ FigureOption::Deploy { kind, .. }) if kind == k => Some(o),
            _ => None,
        })
        .collect();
    assert_eq!(offered, [FigureOption::Deploy { kind: k, at: south }]);
}

#[test]
fn s2_s9_a_farmer_joins_a_shepherds_field_and_the_shepherd_counts_for_no_majority() {
    // Red's shepherd on the strip; Blue's farmer joins it; the start city is
    // completed; at the end Blue's farmer alone gets 3 for it (a shepherd with
    // strength would have tied), and Red's 4 sheep score nothing (S9).
    check(
        &after(),
        2,
        "draw BA/RFr; place -1 0 0; deploy shepherd field N; shepherd sheep-4
         draw BA/RFr; place 1 0 0; deploy follower field N
         draw BA/C; place 0 -1 2; pass
         end",
        &[0, 3],
    );
}

#[test]
fn s2_a_shepherd_joins_a_farmers_field() {
    check(
        &after(),
        2,
        "draw BA/RFr; place -1 0 0; deploy follower field N
         draw BA/RFr; place 1 0 0; deploy shepherd field N; shepherd sheep-2
         draw BA/C; place 0 -1 2; pass
         end",
        &[3, 0],
    );
}

#[test]
fn s2_with_farmers_off_the_shepherd_still_goes_on_fields() {
    // F4 forbids followers on fields, not shepherds.
    let r = rules(&AFTER.replace(
        "tilesets = [\"base\"]",
        "tilesets = [\"base\"]\n[core]\nfarmers = \"off\"",
    ));
    let mut g = run(&r, 2, "draw BA/L; place 0 1 0").unwrap();
    refused(&mut g, "deploy follower field");
    run_on(
        &mut g,
        "deploy shepherd field; shepherd sheep-2
         draw BA/L; place 1 1 0; pass
         draw BA/L; place 2 1 0; pass; shepherd herd; scores 2 0",
    )
    .unwrap();
}

// ------------------------------------------------------------------ S3

#[test]
fn s3_extending_my_flock_field_offers_grow_or_herd_after_the_follower_step() {
    let r = after();
    let mut g = run(
        &r,
        2,
        &format!(
            "{RED_ON_STRIP}
             draw BA/L; place 0 1 0; pass
             draw BA/L; place -1 -1 0"
        ),
    )
    .unwrap();
    // First the follower step, then the choice.
    assert!(g
        .legal_actions()
        .unwrap()
        .iter()
        .all(|a| matches!(a, Action::Figure(_))));
    run_on(&mut g, "pass").unwrap();
    let acts = g.legal_actions().unwrap();
    let texts: Vec<String> = acts.iter().map(|&a| g.format_action(a)).collect();
    assert_eq!(texts, ["shepherd grow", "shepherd herd"]);
    run_on(&mut g, "shepherd herd; scores 3 0").unwrap();
    assert_eq!(shepherds_in_supply(&g, 0), 1);
    assert_eq!(tokens(&g), (TOKENS, 0));
}

#[test]
fn s3_grow_adds_a_token_and_a_later_herd_scores_the_whole_flock() {
    check(
        &after(),
        2,
        &format!(
            "{RED_ON_STRIP}
             draw BA/L; place 0 1 0; pass
             draw BA/L; place -1 -1 0; pass; shepherd grow; shepherd sheep-2; scores 0 0
             draw BA/L; place 1 1 0; pass
             draw BA/L; place -2 -1 0; pass; shepherd herd"
        ),
        &[5, 0],
    );
}

#[test]
fn s3_extending_an_opponents_flock_field_gives_him_nothing() {
    let r = after();
    let g = run(
        &r,
        2,
        &format!("{RED_ON_STRIP}; draw BA/L; place -1 -1 0; pass"),
    )
    .unwrap();
    // Blue extended Red's flock field: no choice for either player.
    assert!(next_is_tile_draw(&g));
    assert_eq!(g.scores(), [0, 0]);
    assert_eq!(flocks(&g, 0)[0].sheep(), 3);
    // Red's own next extension offers the choice.
    check(
        &r,
        2,
        &format!(
            "{RED_ON_STRIP}
             draw BA/L; place -1 -1 0; pass
             draw BA/L; place -2 -1 0; pass; shepherd herd"
        ),
        &[3, 0],
    );
}

#[test]
fn s3_one_choice_per_field_per_turn_even_if_the_tile_touches_it_twice() {
    // Red's BA/LR west of the start joins the strip and the southern field; Red's
    // BA/RFr east of the start then extends that one field with both its fields.
    let r = after();
    let mut g = run(
        &r,
        2,
        "draw BA/LR; place -1 0 3; deploy shepherd field; shepherd sheep-2
         draw BA/C; place 0 -1 2; pass
         draw BA/RFr; place 1 0 0; pass",
    )
    .unwrap();
    assert_eq!(g.pending_steps().len(), 1, "one decision for the one field");
    run_on(&mut g, "shepherd herd; scores 2 0").unwrap();
    assert!(next_is_tile_draw(&g));
}

// ------------------------------------------------------------------ S4

#[test]
fn s4_default_the_choice_comes_after_the_follower_step_so_a_wolf_keeps_the_shepherd_home() {
    let r = after();
    let mut g = run(
        &r,
        2,
        &format!(
            "{RED_ON_STRIP}
             draw BA/RFr; place 0 1 0; pass
             draw BA/L; place -1 -1 0"
        ),
    )
    .unwrap();
    // The shepherd is still out during the follower step: he cannot be deployed.
    assert_eq!(shepherd_deploys(&g), 0);
    refused(&mut g, "deploy shepherd field");
    run_on(&mut g, "pass; shepherd grow; shepherd wolf; scores 0 0").unwrap();
    assert_eq!(shepherds_in_supply(&g, 0), 1);
    assert!(
        next_is_tile_draw(&g),
        "chased home: he waits for the next turn"
    );
    // Next turn he goes out again, and herds the turn after.
    run_on(
        &mut g,
        "draw BA/RFr; place 1 1 0; pass
         draw BA/L; place -1 -2 0; deploy shepherd field; shepherd sheep-4
         draw BA/RFr; place 2 1 0; pass
         draw BA/L; place -1 -3 0; pass; shepherd herd; scores 4 0",
    )
    .unwrap();
}

#[test]
fn s4_before_follower_a_shepherd_chased_by_a_wolf_is_redeployed_the_same_turn() {
    check(
        &before(),
        2,
        &format!(
            "{RED_ON_STRIP}
             draw BA/L; place 0 1 0; pass
             draw BA/L; place -1 -1 0; shepherd grow; shepherd wolf
             deploy shepherd field; shepherd sheep-2; scores 0 0
             draw BA/L; place 1 1 0; pass
             draw BA/L; place -1 -2 0; shepherd herd; pass"
        ),
        &[2, 0],
    );
}

#[test]
fn s4_before_follower_the_choice_comes_first() {
    let r = before();
    let mut g = run(
        &r,
        2,
        &format!(
            "{RED_ON_STRIP}
             draw BA/L; place 0 1 0; pass
             draw BA/L; place -1 -1 0"
        ),
    )
    .unwrap();
    refused(&mut g, "pass");
    // Herding first brings the shepherd home for the follower step.
    run_on(&mut g, "shepherd herd; scores 3 0").unwrap();
    assert_eq!(shepherd_deploys(&g), 1);
    run_on(&mut g, "pass").unwrap();
    assert!(next_is_tile_draw(&g));
}

mod scoring;
