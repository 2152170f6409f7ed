//! Interactions of The Princess and the Dragon with Hills & Sheep and the
//! abbot (X27–X35 of `shared/expansions/princess-and-dragon.md`), with exact
//! points and positions. Geometry as in `dragon.rs`.

use crate::common::*;
use crate::dragon::{figures_at, names, neutral_at, supply};
use carcassonne_core::PlayerId;
use carcassonne_core::{FeatureId, FigureId, Game, Rules};
use carcassonne_official::shepherd::{tokens_in_play, FlockWord, TOKENS};
use std::sync::Arc;

/// Shepherds, hills and the four Princess and the Dragon plugins.
fn hs_pd(fairy: &str) -> Arc<Rules> {
    rules(&format!(
        r#"
    name = "hills and sheep with the princess and the dragon"
    tilesets = ["base", "hills-and-sheep", "princess-and-dragon"]
    [plugins.shepherd]
    [plugins.hills]
    [plugins.dragon]
    [plugins.fairy]
    {fairy}
    [plugins.princess]
    [plugins.magic-portal]
"#
    ))
}

/// The abbot and the four Princess and the Dragon plugins.
fn abbot_pd() -> Arc<Rules> {
    rules(
        r#"
    name = "abbot with the princess and the dragon"
    tilesets = ["base", "princess-and-dragon"]
    [plugins.abbot]
    [plugins.dragon]
    [plugins.fairy]
    [plugins.princess]
    [plugins.magic-portal]
"#,
    )
}

/// `(in the bag, with shepherds)` sheep tokens.
fn tokens(g: &Game) -> (u32, u32) {
    let p = g.rules().plugin_index("shepherd").unwrap();
    tokens_in_play(
        g.plugin_state(p).unwrap(),
        (0..g.feature_count()).filter_map(|f| g.plugin_feature_state(p, FeatureId(f as u16))),
    )
}

/// The sheep of `player`'s shepherds on the board.
fn flock(g: &Game, player: u8) -> Vec<u32> {
    let p = g.rules().plugin_index("shepherd").unwrap();
    let kind = g.rules().figure_kind("shepherd").unwrap();
    (0..g.figure_count() as u16)
        .map(FigureId)
        .filter(|&f| {
            g.figure_kind(f) == Some(kind) && g.figure_owner(f).map(PlayerId::seat) == Some(player)
        })
        .filter_map(|f| g.figure_feature(f))
        .map(|f| FlockWord(g.plugin_feature_state(p, f).unwrap()[0]).sheep())
        .collect()
}

// ------------------------------------------------------------ shepherds

/// The rulebook's shared flock (`shepherd/scoring.rs`): Red's shepherd at (-1, 0) with
/// 3 + 1 + 1 sheep, Blue's at (0, 1) with 2 + 2, one field since Red's BA/LR.
const SHARED: &str = "draw BA/RFr; place -1 0 0; deploy shepherd field N; shepherd sheep-3
     draw BA/RFr; place 0 1 0; deploy shepherd field N; shepherd sheep-2
     draw BA/L; place -1 -1 0; pass; shepherd grow; shepherd sheep-1
     draw BA/RFr; place 1 1 0; pass; shepherd grow; shepherd sheep-2
     draw BA/LR; place 1 0 1; pass; shepherd grow; shepherd sheep-1";

/// Blue's volcano at (-1, −2) extends the shared field (X28: no shepherd on
/// it, but Blue grows his flock, +1); Red's dragon tile at (-2, 0) extends it
/// too: Red grows (+2), then the dragon flies S, S (eating Red's shepherd), W.
const X27: &str = "draw PD/F.v; place -1 -2 0; pass; shepherd grow; shepherd sheep-1
     draw PD/RFr.d; place -2 0 0; pass; shepherd grow; shepherd sheep-2
     dragon S; dragon S; dragon W";

#[test]
fn x27_the_dragon_eats_a_shepherd_whose_own_tokens_go_back_the_other_flock_stays() {
    let r = hs_pd("");
    let g = run(&r, 2, &format!("{SHARED}\n{X27}")).unwrap();
    assert_eq!(neutral_at(&g, "dragon"), Some((-2, 0)));
    assert_eq!(supply(&g, 0, "shepherd"), 1, "Red's shepherd was eaten");
    assert_eq!(flock(&g, 1), [5], "Blue keeps his own 2 + 2 + 1");
    // Red's 4 tokens (7 sheep) are back in the bag; Blue's 3 (5 sheep) stay.
    assert_eq!(tokens(&g), (TOKENS - 3, 3));
    assert_eq!(g.scores(), &[0, 0], "nothing herded");
    // Blue herds the field alone: 5.
    check(
        &r,
        2,
        &format!("{SHARED}\n{X27}\ndraw BA/C; place 0 -1 2; pass; shepherd herd"),
        &[0, 5],
    );
}

#[test]
fn x28_no_shepherd_on_the_volcano_but_the_flock_choice_stays() {
    let mut g = run(
        &hs_pd(""),
        2,
        &format!("{SHARED}\ndraw PD/F.v; place -1 -2 0"),
    )
    .unwrap();
    assert_eq!(
        names(&g),
        ["pass"],
        "no shepherd, no follower on the volcano"
    );
    run_on(&mut g, "pass").unwrap();
    assert_eq!(names(&g), ["shepherd grow", "shepherd herd"]);
}

#[test]
fn x28_a_shepherd_deployed_on_a_dragon_tile_draws_before_the_dragon_eats_him() {
    let g = run(
        &hs_pd(""),
        2,
        "draw PD/F.v; place 0 1 0; pass
         draw PD/RFr.d; place 1 0 0; deploy shepherd field S; shepherd sheep-3
         dragon N; dragon E",
    )
    .unwrap();
    assert_eq!(neutral_at(&g, "dragon"), Some((1, 0)));
    assert_eq!(supply(&g, 1, "shepherd"), 1);
    assert_eq!(tokens(&g), (TOKENS, 0));
}

#[test]
fn x29_the_fairy_never_goes_beside_a_shepherd() {
    // Red has only a shepherd on the board: no fairy option.
    let mut g = run(
        &hs_pd(""),
        2,
        "draw BA/RFr; place 1 0 0; deploy shepherd field N; shepherd sheep-3
         draw BA/L; place 0 1 0; pass
         draw BA/RFr; place -1 0 0",
    )
    .unwrap();
    assert!(
        !names(&g).iter().any(|a| a.starts_with("fairy")),
        "{:?}",
        names(&g)
    );
    // On-tile: a tile with only his shepherd does not qualify either.
    g = run(
        &hs_pd("fairy-placement = \"on-tile\""),
        2,
        "draw BA/RFr; place 1 0 0; deploy shepherd field N; shepherd sheep-3
         draw BA/L; place 0 1 0; pass
         draw BA/RFr; place -1 0 0",
    )
    .unwrap();
    assert!(
        !names(&g).iter().any(|a| a.starts_with("fairy")),
        "{:?}",
        names(&g)
    );
}

#[test]
fn x30_no_shepherd_through_the_portal() {
    let g = run(
        &hs_pd(""),
        2,
        "draw BA/L; place 0 1 0; pass
         draw PD/RRR.g; place 1 1 3",
    )
    .unwrap();
    let n = names(&g);
    assert!(n.iter().any(|a| a == "deploy follower 3 at 0 0"), "{n:?}");
    assert!(
        !n.iter()
            .any(|a| a.starts_with("deploy shepherd") && a.contains(" at ")),
        "{n:?}"
    );
}

#[test]
fn x31_after_the_princess_no_shepherd_but_the_flock_choice_follows() {
    // Red's knight at (0, −1); Blue's shepherd on the field west of it (3 sheep);
    // Red's cloister at (−1, −2) extends that field; Blue's PD/Cc!.p at (0, −2)
    // sends the knight home and extends his field: grow or herd follows.
    let mut g = run(
        &hs_pd(""),
        2,
        "draw BA/CFc; place 0 -1 1; deploy follower 0
         draw BA/L; place -1 -1 0; deploy shepherd 1; shepherd sheep-3
         draw BA/L; place -1 -2 0; pass
         draw PD/Cc!.p; place 0 -2 2",
    )
    .unwrap();
    let n = names(&g);
    assert!(n.contains(&"princess 0 at 0 -1".to_string()), "{n:?}");
    run_on(&mut g, "princess 0 at 0 -1").unwrap();
    assert!(figures_at(&g, 0, -1).is_empty());
    assert_eq!(names(&g), ["shepherd grow", "shepherd herd"]);
    run_on(&mut g, "shepherd herd").unwrap();
    assert_eq!(g.scores(), &[0, 3]);
}

// ------------------------------------------------------------ hills

#[test]
fn x32_a_dragon_tile_may_lie_under_a_hill_before_any_volcano_and_hills_are_entered() {
    let r = hs_pd("");
    let g = check(
        &r,
        2,
        "draw HS/RrC.h; hidden PD/Rr.d; place 1 0 0; deploy follower city N
         draw PD/F.v; place 0 1 0; pass
         draw PD/RFr.d; place -1 0 0; pass
         dragon N; dragon E",
        &[0, 0],
    );
    assert_eq!(
        figures_at(&g, 1, 0),
        ["dragon"],
        "the knight on the hill is eaten"
    );
    assert_eq!(neutral_at(&g, "dragon"), Some((1, 0)));
}

// ------------------------------------------------------------ the abbot

#[test]
fn x33_the_dragon_eats_an_abbot_who_scores_nothing() {
    let g = check(
        &abbot_pd(),
        2,
        "draw BA/L; place 0 1 0; deploy abbot cloister
         draw PD/F.v; place 1 1 0; pass
         draw BA/L; place -1 1 0; pass
         draw PD/RFr.d; place 1 0 0; pass
         dragon W; dragon N; dragon E",
        &[0, 0],
    );
    assert_eq!(supply(&g, 0, "abbot"), 1);
    assert_eq!(neutral_at(&g, "dragon"), Some((1, 0)));
}

#[test]
fn x33_x34_on_a_volcano_turn_the_abbot_may_be_taken_back_without_the_fairys_bonus() {
    let r = abbot_pd();
    let base = "draw BA/L; place 0 1 0; deploy abbot cloister
         draw BA/L; place 1 1 0; pass
         draw BA/L; place -1 1 0; fairy 0 at 0 1
         draw BA/L; place 2 1 0; pass
         draw PD/F.v; place 0 2 0";
    let mut g = run(&r, 2, base).unwrap();
    assert_eq!(
        names(&g),
        ["abbot recall", "pass"],
        "no deployment on the volcano"
    );
    // Red: 1 (fairy, his 3rd turn); the recall scores the cloister as at game
    // end, (0, 1) and its 4 neighbours: 5, and no fairy bonus (X34).
    run_on(&mut g, "abbot recall").unwrap();
    assert_eq!(g.scores(), &[6, 0]);
    assert_eq!(neutral_at(&g, "fairy"), Some((0, 1)), "she stays");
}

#[test]
fn x34_the_fairy_beside_an_abbot_pays_three_when_his_cloister_is_completed() {
    // Red's abbot on the cloister at (0, 1), the fairy beside him; the
    // cloister is completed by the 8th tile around it: 9 + 3, and 1 point at
    // the start of each of Red's turns after the fairy came.
    let g = check(
        &abbot_pd(),
        2,
        "draw BA/L; place 0 1 0; deploy abbot cloister
         draw BA/LR; place 1 0 1; pass
         draw BA/LR; place -1 0 3; fairy 0 at 0 1
         draw BA/L; place -1 1 0; pass
         draw BA/L; place 1 1 0; pass
         draw BA/L; place 0 2 0; pass
         draw BA/Rr; place -1 2 0; pass
         draw BA/Rr; place 1 2 3; pass",
        &[2 + 9 + 3, 0],
    );
    assert_eq!(supply(&g, 0, "abbot"), 1);
}

#[test]
fn x35_the_abbot_goes_through_the_portal_onto_any_free_cloister_off_the_dragons_tile() {
    let g = run(
        &abbot_pd(),
        2,
        "draw BA/L; place 0 1 0; pass
         draw BA/L; place 1 1 0; deploy follower cloister
         draw PD/RRR.g; place -1 0 0",
    )
    .unwrap();
    let abbot: Vec<String> = names(&g)
        .into_iter()
        .filter(|a| a.starts_with("deploy abbot"))
        .collect();
    // The free cloister at (0, 1), not Blue's at (1, 1); no field or road.
    assert_eq!(abbot, ["deploy abbot 0 at 0 1"]);
}

// ------------------------------------------------------------ the large follower

/// The four plugins with the large follower of Inns & Cathedrals.
fn large_pd() -> Arc<Rules> {
    rules(
        r#"
    name = "large follower with the princess and the dragon"
    tilesets = ["base", "princess-and-dragon"]
    [plugins.large-follower]
    [plugins.dragon]
    [plugins.fairy]
    [plugins.princess]
    [plugins.magic-portal]
"#,
    )
}

#[test]
fn pd8_the_dragon_eats_a_large_follower_too() {
    let g = run(
        &large_pd(),
        2,
        "draw PD/F.v; place 0 1 0; pass
         draw BA/RFr; place 1 0 0; deploy large-follower 0
         draw PD/RFr.d; place 2 0 0; pass
         dragon N; dragon E",
    )
    .unwrap();
    assert_eq!(figures_at(&g, 1, 0), ["dragon"]);
    assert_eq!(supply(&g, 1, "large-follower"), 1);
}

#[test]
fn pd11_pd19_pd21_the_fairy_the_princess_and_the_portal_serve_the_large_follower() {
    let r = large_pd();
    // Red's large knight north of the start; Red's 2nd turn: the fairy beside
    // him is offered; Red's 3rd: the princess may send him home.
    let mut g = run(
        &r,
        2,
        "draw BA/CFc; place 0 -1 1; deploy large-follower 0
         draw BA/L; place 0 1 0; pass
         draw BA/L; place 1 1 0",
    )
    .unwrap();
    assert!(names(&g).contains(&"fairy 0 at 0 -1".to_string()));
    run_on(
        &mut g,
        "pass; draw BA/L; place -1 1 0; pass; draw PD/Ccc.p; place 0 -2 2",
    )
    .unwrap();
    run_on(&mut g, "princess 0 at 0 -1").unwrap();
    assert_eq!(supply(&g, 0, "large-follower"), 1);
    // The portal offers the large follower too (the free cloister at (1, 1)).
    run_on(&mut g, "draw PD/RRR.g; place -1 0 2").unwrap();
    assert!(names(&g).contains(&"deploy large-follower 0 at 1 1".to_string()));
}

// ------------------------------------------------------------ bots

#[test]
fn greedy_bots_steer_the_dragon_and_finish_the_game() {
    use carcassonne_bots::{Bot, Greedy};
    let r = config("hills-and-sheep-princess-and-dragon.toml");
    let mut g = Game::new(r, 3, 4).unwrap();
    let mut bots: Vec<Box<dyn Bot>> = (0..3)
        .map(|p| Box::new(Greedy::new(p)) as Box<dyn Bot>)
        .collect();
    let mut steps = 0;
    play_bots(&mut g, &mut bots, |_, text| {
        steps += usize::from(text.starts_with("dragon "))
    });
    assert!(g.is_over());
    assert!(steps > 0, "the dragon moved");
}
