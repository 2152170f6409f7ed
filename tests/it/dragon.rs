//! The `dragon` plugin (The Princess and the Dragon: volcanoes and the dragon),
//! rulings PD1–PD10 with exact points and figure positions, and the record of
//! a game with dragon moves. The fairy's protection (PD12) is in `fairy.rs`,
//! the interactions with Hills & Sheep and the abbot (X27–X36) in
//! `princess_and_dragon_x.rs`.
//!
//! Geometry: the start tile BA/RCr lies at (0, 0) (city north, road west–east);
//! x grows east, y grows south; `place X Y R` turns the tile R quarter turns
//! clockwise. Player 0 is Red, player 1 Blue, player 2 Green.

use crate::common::*;
use carcassonne_core::{Actor, FigureId, Game, PlayerId, Pos, Rules};
use std::sync::Arc;

/// The four plugins with their default options, on the base game and the
/// Princess and the Dragon tiles. `extra` is appended (option tables).
pub fn pd_ruleset(dragon: &str, fairy: &str, princess: &str) -> String {
    format!(
        r#"
    name = "princess and dragon"
    tilesets = ["base", "princess-and-dragon"]
    [plugins.dragon]
    {dragon}
    [plugins.fairy]
    {fairy}
    [plugins.princess]
    {princess}
    [plugins.magic-portal]
"#
    )
}

/// The four plugins with their default options.
pub fn pd() -> Arc<Rules> {
    rules(&pd_ruleset("", "", ""))
}

/// How many figures of `kind` (`follower`, `builder`, …) `player` has in his supply.
pub fn supply(g: &Game, player: u8, kind: &str) -> u8 {
    g.supply(
        PlayerId::ALL[usize::from(player)],
        g.rules().figure_kind(kind).expect("kind"),
    )
}

/// Where the neutral figure `name` (`dragon`, `fairy`) stands, if on the board.
pub fn neutral_at(g: &Game, name: &str) -> Option<(i16, i16)> {
    let fig = neutral(g, name);
    let p = g.tile_pos(g.figure_tile(fig)?)?;
    Some((p.x, p.y))
}

/// The neutral figure `name`.
pub fn neutral(g: &Game, name: &str) -> FigureId {
    let k = g.rules().figure_kind(name).expect("figure kind");
    (0..g.figure_count() as u16)
        .map(FigureId)
        .find(|&f| g.figure_kind(f) == Some(k))
        .expect("the neutral figure")
}

/// The legal actions in their text form.
pub fn names(g: &Game) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_actions()
        .unwrap()
        .into_iter()
        .map(|a| g.format_action(a))
        .collect();
    v.sort();
    v
}

/// `player`'s followers in supply.
pub fn followers(g: &Game, player: u8) -> u8 {
    g.supply(
        PlayerId::ALL[usize::from(player)],
        g.rules().figure_kind("follower").unwrap(),
    )
}

/// The figures standing on the tile at (x, y), as `owner kind` texts.
pub fn figures_at(g: &Game, x: i16, y: i16) -> Vec<String> {
    let Some(t) = g.tile_at(Pos::new(x, y)) else {
        return Vec::new();
    };
    g.figures_at_tile(t)
        .map(|f| {
            let kind = g.figure_kind_name(g.figure_kind(f).unwrap()).unwrap();
            match g.figure_owner(f) {
                Some(p) => format!("{p} {kind}"),
                None => kind.to_string(),
            }
        })
        .collect()
}

/// Whose decision is pending.
fn chooser(g: &Game) -> Option<u8> {
    match g.actor() {
        Actor::Player(p) => Some(p.seat()),
        _ => None,
    }
}

// ------------------------------------------------------------ PD1–PD4

#[test]
fn pd1_the_dragon_starts_off_the_board() {
    let g = run(&pd(), 2, "").unwrap();
    assert_eq!(neutral_at(&g, "dragon"), None);
    assert_eq!(
        g.figure_owner(neutral(&g, "dragon")),
        None,
        "owned by nobody"
    );
}

#[test]
fn pd2_forcing_a_held_back_dragon_tile_names_the_plugin_that_holds_it() {
    let r = pd();
    let e = run(&r, 2, "draw PD/Rr.d").unwrap_err().to_string();
    assert!(
        e.contains("`PD/Rr.d` is in the bag, but plugin `dragon` holds it back from this draw"),
        "{e}"
    );
    // A tile that is not in the bag at all is still said so.
    let e = run(&r, 2, "draw BA/RCr; place 1 0 0; pass; draw BA/RCr; place 2 0 0; pass; draw BA/RCr; place 3 0 0; pass; draw BA/RCr")
        .unwrap_err()
        .to_string();
    assert!(e.contains("no `BA/RCr` left in the bag"), "{e}");
}

#[test]
fn pd2_dragon_tiles_are_not_drawn_before_the_first_volcano() {
    let r = pd();
    let mut g = run(&r, 2, "").unwrap();
    // Dragon tiles: ids with `.d` (PD/C.dG included).
    let dragon_tiles = |g: &Game| -> usize {
        g.chance_outcomes()
            .unwrap()
            .iter()
            .filter(|(c, _)| g.outcome_name(*c).contains(".d"))
            .count()
    };
    assert_eq!(dragon_tiles(&g), 0, "held back");
    let e = g
        .parse_action("draw PD/Rr.d")
        .and_then(|a| g.apply(a))
        .unwrap_err()
        .to_string();
    assert!(e.contains("PD/Rr.d"), "{e}");
    // The first volcano brings them back into the draw: 11 kinds (C2).
    run_on(&mut g, "draw PD/F.v; place 0 1 0; pass").unwrap();
    assert_eq!(dragon_tiles(&g), 11);
    run_on(&mut g, "draw PD/Rr.d; place 1 1 2; pass").unwrap();
}

#[test]
fn pd2_a_bag_of_only_dragon_tiles_ends_the_game_unplayed() {
    // Every tile at 0 copies but one cloister and three dragon tiles.
    let all = pd();
    let counts: String = all
        .tiles
        .types
        .iter()
        .map(|t| {
            let n = match t.id.as_str() {
                "BA/L" | "BA/RCr" => 1,
                "PD/Rr.d" => 2,
                "PD/Cc.d" => 1,
                _ => 0,
            };
            format!("\"{}\" = {n}\n", t.id)
        })
        .collect();
    let r = rules(&format!(
        "{}\n[tiles.counts]\n{counts}",
        pd_ruleset("", "", "")
    ));
    let mut g = run(&r, 2, "").unwrap();
    assert_eq!(g.chance_outcomes().unwrap().len(), 1, "only the cloister");
    run_on(&mut g, "draw BA/L; place 0 1 0; deploy follower cloister").unwrap();
    assert!(g.is_over(), "three dragon tiles left, never played");
    assert_eq!(g.bag_len(), 3);
    assert_eq!(
        g.scores(),
        &[2, 0],
        "final scoring: the cloister and the start"
    );
}

#[test]
fn pd3_a_volcano_brings_the_dragon_and_nothing_is_eaten() {
    let r = pd();
    let g = check(
        &r,
        2,
        "draw BA/RFr; place 1 0 0; deploy follower 0
         draw PD/F.v; place 1 1 0; pass",
        &[0, 0],
    );
    assert_eq!(neutral_at(&g, "dragon"), Some((1, 1)));
    assert_eq!(
        figures_at(&g, 1, 0),
        ["0 follower"],
        "nothing eaten on arrival"
    );
    // PD9: the next volcano makes it fly there, from wherever it stands.
    let g = check(
        &r,
        2,
        "draw PD/F.v; place 0 1 0; pass
         draw PD/C.v; place 0 -1 2; pass",
        &[0, 0],
    );
    assert_eq!(neutral_at(&g, "dragon"), Some((0, -1)));
}

#[test]
fn pd4_nothing_is_deployed_on_the_dragons_tile() {
    let r = pd();
    // PD/R.v: a road ending at the volcano, one field: nothing may go there.
    let mut g = run(&r, 2, "draw PD/R.v; place 0 1 0").unwrap();
    assert_eq!(names(&g), ["pass"]);
    // The tile next to it offers its features as usual.
    run_on(&mut g, "pass; draw BA/RFr; place 1 0 0").unwrap();
    assert!(
        names(&g).contains(&"deploy follower 0".to_string()),
        "{:?}",
        names(&g)
    );
    // A dragon tile placed next to the dragon's tile may be occupied (PD5).
    let mut g = run(&r, 2, "draw PD/F.v; place 0 1 0; pass").unwrap();
    run_on(&mut g, "draw PD/RFr.d; place 1 0 0").unwrap();
    assert!(names(&g).len() > 1, "{:?}", names(&g));
}

// ------------------------------------------------------------ PD5–PD9

/// Blue's volcano at (0, 1); Red's follower on the road at (1, 0) and monk at
/// (1, 1); Blue's dragon tile PD/Rr.d at (-1, 0) (road N–E against the start's)
/// with a farmer on it.
const DRAGON_WALK: &str = "draw BA/RFr; place 1 0 0; deploy follower 0
     draw PD/F.v; place 0 1 0; pass
     draw BA/L; place 1 1 0; deploy follower cloister
     draw PD/Rr.d; place -1 0 2; deploy follower 1";

#[test]
fn pd5_pd6_pd8_the_players_steer_the_dragon_in_turn_and_it_eats_everything() {
    let r = pd();
    let mut g = run(&r, 2, DRAGON_WALK).unwrap();
    // Step 1: Blue (the active player), from the volcano (0, 1): N or E.
    assert_eq!(chooser(&g), Some(1));
    assert_eq!(names(&g), ["dragon E", "dragon N"]);
    run_on(&mut g, "dragon E").unwrap();
    assert_eq!(neutral_at(&g, "dragon"), Some((1, 1)));
    assert_eq!(figures_at(&g, 1, 1), ["dragon"], "Red's monk is eaten");
    // Step 2: Red; only north is left (the volcano was visited).
    assert_eq!(chooser(&g), Some(0));
    assert_eq!(names(&g), ["dragon N"]);
    run_on(&mut g, "dragon N").unwrap();
    assert_eq!(
        figures_at(&g, 1, 0),
        ["dragon"],
        "Red's road follower is eaten"
    );
    // Step 3: Blue, onto the start tile (nobody there); step 4: Red, onto the
    // dragon tile, where Blue's farmer is eaten.
    run_on(&mut g, "dragon W").unwrap();
    assert_eq!(chooser(&g), Some(0));
    assert_eq!(names(&g), ["dragon W"]);
    run_on(&mut g, "dragon W").unwrap();
    // Step 5: no tile around (-1, 0) that was not visited: the movement ends.
    assert_eq!(neutral_at(&g, "dragon"), Some((-1, 0)));
    assert_eq!(g.actor(), Actor::Chance, "the next turn's draw");
    assert_eq!(g.scores(), &[0, 0]);
    assert_eq!((followers(&g, 0), followers(&g, 1)), (7, 7));
    // PD9: the road whose follower was eaten may be claimed again.
    run_on(&mut g, "draw BA/RFr; place 2 0 0; deploy follower 0").unwrap();
    assert_eq!(figures_at(&g, 2, 0), ["0 follower"]);
}

#[test]
fn pd6_with_three_players_the_steps_go_round_the_table() {
    // Six tiles in a row east of the start; Green places the dragon tile.
    let r = pd();
    let mut g = run(
        &r,
        3,
        "draw PD/F.v; place 0 1 0; pass
         draw BA/RFr; place 1 0 0; pass
         draw BA/RFr; place 2 0 0; pass
         draw BA/RFr; place 3 0 0; pass
         draw BA/RFr; place 4 0 0; pass
         draw PD/RFr.d; place 5 0 0; pass",
    )
    .unwrap();
    let mut who = Vec::new();
    for dir in ["N", "E", "E", "E", "E", "E"] {
        who.push(chooser(&g).unwrap());
        run_on(&mut g, &format!("dragon {dir}")).unwrap();
    }
    // Turn 6 is Green's (seat 2): Green, Red, Blue, Green, Red, Blue.
    assert_eq!(who, [2, 0, 1, 2, 0, 1]);
    assert_eq!(neutral_at(&g, "dragon"), Some((5, 0)), "six steps at most");
    assert_eq!(g.actor(), Actor::Chance);
}

#[test]
fn pd7_no_empty_square_and_no_tile_visited_in_this_movement() {
    // A 2×2 block: volcano (0, 1), tiles (1, 0), (1, 1); the start (0, 0).
    let r = pd();
    let mut g = run(
        &r,
        2,
        "draw PD/F.v; place 0 1 0; pass
         draw BA/L; place 1 1 0; pass
         draw PD/RFr.d; place 1 0 0; pass",
    )
    .unwrap();
    // From the volcano: N (start) or E; never back onto the volcano.
    assert_eq!(names(&g), ["dragon E", "dragon N"]);
    run_on(&mut g, "dragon N; dragon E").unwrap();
    assert_eq!(names(&g), ["dragon S"], "(0, 0) and (0, 1) were visited");
    run_on(&mut g, "dragon S").unwrap();
    // (1, 1): its neighbours are visited or empty: the movement ends early.
    assert_eq!(neutral_at(&g, "dragon"), Some((1, 1)));
    assert_eq!(g.actor(), Actor::Chance);
}

#[test]
fn pd9_a_later_dragon_tile_moves_it_again_from_where_it_stopped() {
    let r = pd();
    let mut g = run(
        &r,
        2,
        "draw PD/F.v; place 0 1 0; pass
         draw PD/RFr.d; place 1 0 0; pass; dragon N; dragon E",
    )
    .unwrap();
    assert_eq!(neutral_at(&g, "dragon"), Some((1, 0)));
    // The start and the volcano may be entered again in a new movement.
    run_on(&mut g, "draw PD/Rr.d; place -1 0 2; deploy follower 0").unwrap();
    assert_eq!(chooser(&g), Some(0));
    assert_eq!(names(&g), ["dragon W"]);
    run_on(&mut g, "dragon W; dragon S").unwrap();
    assert_eq!(neutral_at(&g, "dragon"), Some((0, 1)));
    assert_eq!(
        followers(&g, 0),
        6,
        "Red's follower at (-1, 0) was passed by"
    );
}

// ------------------------------------------------------------ PD10

/// Red's volcano; Blue's road follower at (1, 0) (BA/LR: the road ends at its
/// cloister); Red's dragon tile PD/RRR.d at (-1, 0) completes the 3-tile road;
/// the dragon goes N onto the start, then Blue sends it E onto his own follower.
const ROAD_AND_DRAGON: &str = "draw PD/F.v; place 0 1 0; pass
     draw BA/LR; place 1 0 1; deploy follower road
     draw PD/RRR.d; place -1 0 0; pass
     dragon N; dragon E";

#[test]
fn pd10_by_default_the_dragon_moves_before_scoring() {
    let g = check(&pd(), 2, ROAD_AND_DRAGON, &[0, 0]);
    assert_eq!(followers(&g, 1), 7, "eaten before the road scored");
    assert_eq!(neutral_at(&g, "dragon"), Some((1, 0)));
}

#[test]
fn pd10_after_scoring_the_road_scores_first_with_its_follower() {
    let r = rules(&pd_ruleset("dragon-move = \"after-scoring\"", "", ""));
    let g = check(&r, 2, ROAD_AND_DRAGON, &[0, 3]);
    assert_eq!(followers(&g, 1), 7, "back from the road");
    assert_eq!(neutral_at(&g, "dragon"), Some((1, 0)));
}

// ------------------------------------------------------------ records, bots, libraries

/// Random games with bots' choices recorded; the record replays exactly.
#[test]
fn a_recorded_game_with_dragon_moves_replays_exactly() {
    let r = pd();
    let moved: usize = (0..6)
        .map(|seed| {
            record_replays_exactly(&r, 3, seed, "")
                .actions
                .iter()
                .filter(|a| a.starts_with("dragon "))
                .count()
        })
        .sum();
    assert!(moved > 20, "the dragon moved {moved} times");
}

/// Invariants of the neutral figures, checked at every step of random games:
/// nothing stands on a feature of the dragon's tile (PD4, PD8) and the dragon
/// never shares the fairy's tile (PD7, PD12).
pub fn pd_invariants(g: &Game) -> Result<(), String> {
    let tile = |name: &str| g.figure_tile(neutral(g, name));
    let Some(d) = tile("dragon") else {
        return Ok(());
    };
    if tile("fairy") == Some(d) {
        return Err("the dragon stands on the fairy's tile".into());
    }
    let on_feature = g
        .figures_at_tile(d)
        .filter(|&f| {
            matches!(
                g.figure_location(f),
                Some(carcassonne_core::Location::Feature(_))
            )
        })
        .count();
    if on_feature > 0 {
        return Err(format!(
            "{on_feature} figures on features of the dragon's tile"
        ));
    }
    Ok(())
}

// The shipped rulesets' conformance (with the invariants above), run orders
// and compiled-in and loaded games: `shipped_rulesets.rs`.

#[test]
fn compiled_in_and_loaded_give_identical_games() {
    assert_same_compiled_in_and_loaded(&pd_ruleset("", "", ""), 3, 0..4);
    assert_same_compiled_in_and_loaded(
        &pd_ruleset(
            "dragon-move = \"after-scoring\"",
            "fairy-placement = \"on-tile\"",
            "princess-action = \"must\"",
        ),
        2,
        0..4,
    );
}
