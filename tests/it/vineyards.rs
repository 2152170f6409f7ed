//! Rulings of the `vineyards` plugin (V1–V3), with exact points.
//!
//! Geometry: the start tile BA/RCr lies at (0, 0) (city north, road west–east);
//! x grows east, y grows south; `place X Y R` turns the tile R quarter turns
//! clockwise. Player 0 is Red, player 1 Blue; they alternate.
//!
//! The rulebook example (V1) as a fixture: Red's cloister BA/L south of the
//! start at (0, 1), surrounded by
//!
//! ```text
//!   (-1,0) BA/RFr     (0,0) start        (1,0) HS/RRr.v ★
//!   (-1,1) BA/L       (0,1) BA/L Red     (1,1) HS/RCC.v ★ (turned 180°)
//!   (-1,2) BA/L       (0,2) HS/Cc.v ★    (1,2) BA/Cc
//! ```
//!
//! with the three vineyards ★. Side checks (board sides after rotation):
//! RRr.v r0 W=R against the start's E road, S=R; RCC.v r2 N=R (its printed S
//! road) against RRr.v's S stub, W=F against the cloister, S=C; Cc.v r2 N=F
//! against the cloister, E=C, W=F; BA/Cc r0 N=C against RCC.v's S city, W=C
//! against Cc.v's E city; BA/RFr r0 E=R against the start's W road, S=F;
//! the two BA/L are all fields. The completed road (RRr.v stub + RCC.v) and
//! every other feature are empty: only the cloister scores.

use crate::common::*;
use carcassonne_core::conformance::{run as conformance, Options};
use carcassonne_core::PlayerId;
use carcassonne_core::{Action, FigureOption, Game};

/// Vineyards only (the vineyard tiles of both sets, no abbot).
const VINEYARDS: &str = r#"
    name = "vineyards only"
    tilesets = ["base", "hills-and-sheep"]
    [plugins.vineyards]
    [plugins.special-cities]
"#;

/// Hills & Sheep tiles with no mechanic: the vineyard marker is inert.
const NEITHER: &str = r#"
    name = "Hills & Sheep tiles, no mechanics"
    tilesets = ["base", "hills-and-sheep"]
    [plugins.special-cities]
"#;

/// Vineyards and the abbot (V3).
const BOTH: &str = r#"
    name = "vineyards and abbot"
    tilesets = ["base", "hills-and-sheep"]
    [plugins.vineyards]
    [plugins.abbot]
    [plugins.special-cities]
"#;

/// The abbot alone: the vineyard marker is inert.
const ABBOT_ONLY: &str = r#"
    name = "abbot only"
    tilesets = ["base", "hills-and-sheep"]
    [plugins.abbot]
"#;

/// The rulebook's layout with Red's figure `who` (`follower` or `abbot`) on the
/// cloister, up to and including the 7th tile around it; `last` completes it.
fn three_vineyards(who: &str) -> (String, &'static str) {
    (
        format!(
            "draw BA/L; place 0 1 0; deploy {who} cloister
             draw HS/RRr.v; place 1 0 0; pass
             draw HS/RCC.v; place 1 1 2; pass
             draw HS/Cc.v; place 0 2 2; pass
             draw BA/Cc; place 1 2 0; pass
             draw BA/RFr; place -1 0 0; pass
             draw BA/L; place -1 1 0; pass"
        ),
        "draw BA/L; place -1 2 0; pass",
    )
}

// ------------------------------------------------------------------ V1

#[test]
fn v1_rulebook_example_three_vineyards_score_18() {
    let (before, last) = three_vineyards("follower");
    check(
        &rules(VINEYARDS),
        2,
        &format!("{before}\nscores 0 0\n{last}"),
        &[9 + 3 + 3 + 3, 0],
    );
}

#[test]
fn v1_rulebook_example_two_vineyards_score_15() {
    // As above, but the tile south of the cloister is a plain BA/Cc (same sides as HS/Cc.v).
    check(
        &rules(VINEYARDS),
        2,
        "draw BA/L; place 0 1 0; deploy follower cloister
         draw HS/RRr.v; place 1 0 0; pass
         draw HS/RCC.v; place 1 1 2; pass
         draw BA/Cc; place 0 2 2; pass
         draw BA/Cc; place 1 2 0; pass
         draw BA/RFr; place -1 0 0; pass
         draw BA/L; place -1 1 0; pass
         scores 0 0
         draw BA/L; place -1 2 0; pass",
        &[9 + 3 + 3, 0],
    );
}

/// Red's cloister A at (0, 1) and Blue's cloister B (BA/LR turned 180°, road
/// north) at (1, 1) share the vineyard HS/RRr.v at (1, 0), the only vineyard
/// around either. Side checks: B's W=F against A, N=R against RRr.v's S stub
/// (a 2-tile road, empty); BA/Rr r3 has N=F W=F E=R S=R, BA/Rr r1 N=R W=R;
/// BA/RFr r0 E=W=R, N=S=F.
const SHARED: &str = "
    draw BA/L; place 0 1 0; deploy follower cloister
    draw BA/LR; place 1 1 2; deploy follower cloister
    draw HS/RRr.v; place 1 0 0; pass
    draw BA/RFr; place -1 0 0; pass
    draw BA/L; place -1 1 0; pass
    draw BA/L; place -1 2 0; pass
    draw BA/L; place 0 2 0; pass
    scores 0 0
    draw BA/Rr; place 1 2 3; pass   # completes A: Red 9 + 3
    scores 12 0
    draw BA/RFr; place 2 0 0; pass
    draw BA/Rr; place 2 1 3; pass
    scores 12 0
    draw BA/Rr; place 2 2 1; pass   # completes B: Blue 9 + 3 from the same vineyard
";

#[test]
fn v1_one_vineyard_serves_two_cloisters() {
    check(&rules(VINEYARDS), 2, SHARED, &[12, 12]);
}

#[test]
fn v1_no_follower_on_the_vineyard_itself() {
    // HS/RRr.v east of the start: its features are two roads and two fields, all
    // unoccupied; the vineyard is a tile marker, not a place for a figure.
    let g = run(&rules(VINEYARDS), 2, "draw HS/RRr.v; place 1 0 0").unwrap();
    let t = g.last_placed().unwrap();
    assert_eq!(g.tile_feature_count(t), Some(4));
    let names: Vec<String> = g
        .legal_actions()
        .unwrap()
        .into_iter()
        .map(|a| g.format_action(a))
        .collect();
    assert_eq!(
        names,
        [
            "pass",
            "deploy follower 0",
            "deploy follower 1",
            "deploy follower 2",
            "deploy follower 3"
        ]
    );
}

#[test]
fn v1_points_per_vineyard_option() {
    let (before, last) = three_vineyards("follower");
    let script = format!("{before}\n{last}");
    for (per, want) in [(0, 9), (3, 18), (5, 24)] {
        let r = rules(&format!(
            "name = \"vineyards {per}\"\ntilesets = [\"base\", \"hills-and-sheep\"]\n\
             [plugins.vineyards]\npoints-per-vineyard = {per}\n"
        ));
        check(&r, 2, &script, &[want, 0]);
    }
}

#[test]
fn v1_points_per_vineyard_out_of_range_is_rejected() {
    for bad in ["-1", "101", "\"three\""] {
        let text = format!(
            "name = \"bad\"\ntilesets = [\"base\"]\n[plugins.vineyards]\npoints-per-vineyard = {bad}\n"
        );
        let err = carcassonne_host::load_str(&text, "bad.toml", None, &registry())
            .err()
            .unwrap_or_else(|| panic!("points-per-vineyard = {bad} accepted"));
        assert!(err.to_string().contains("points-per-vineyard"), "{err}");
    }
}

// ------------------------------------------------------------------ V2

#[test]
fn v2_incomplete_cloister_at_game_end_gets_no_vineyard_points() {
    // Seven tiles around the cloister, three of them vineyards: 1 + 7 = 8, nothing more.
    let (before, _) = three_vineyards("follower");
    check(&rules(VINEYARDS), 2, &format!("{before}\nend"), &[8, 0]);
}

// ------------------------------------------------------------------ V3

#[test]
pub(crate) fn v3_abbot_on_a_cloister_completed_in_the_scoring_step_gets_vineyards() {
    let (before, last) = three_vineyards("abbot");
    let g = check(
        &rules(BOTH),
        2,
        &format!("{before}\nscores 0 0\n{last}"),
        &[18, 0],
    );
    let abbot = g.rules().figure_kind("abbot").unwrap();
    assert_eq!(g.supply(PlayerId::ALL[0], abbot), 1, "the abbot went home");
}

#[test]
fn v3_abbot_taken_back_early_gets_no_vineyard_points() {
    // Red takes the abbot back on the 7th tile around the cloister: 1 + 7 = 8, no
    // vineyards; the cloister completed next turn is empty and scores nothing.
    let script = "draw BA/L; place 0 1 0; deploy abbot cloister
         draw HS/RRr.v; place 1 0 0; pass
         draw HS/RCC.v; place 1 1 2; pass
         draw HS/Cc.v; place 0 2 2; pass
         draw BA/Cc; place 1 2 0; pass
         draw BA/RFr; place -1 0 0; pass
         draw BA/L; place -1 1 0; abbot recall
         scores 8 0
         draw BA/L; place -1 2 0; pass";
    let g = check(&rules(BOTH), 2, script, &[8, 0]);
    let abbot = g.rules().figure_kind("abbot").unwrap();
    assert_eq!(g.supply(PlayerId::ALL[0], abbot), 1);
}

/// The three-vineyard layout, with one more tile of Blue's away from the
/// cloister (BA/C closing the start city, empty) so that Red places the tile
/// that completes the cloister.
fn red_completes(red_last_action: &str) -> String {
    format!(
        "draw BA/L; place 0 1 0; deploy abbot cloister
         draw BA/C; place 0 -1 2; pass
         draw HS/RRr.v; place 1 0 0; pass
         draw HS/RCC.v; place 1 1 2; pass
         draw HS/Cc.v; place 0 2 2; pass
         draw BA/Cc; place 1 2 0; pass
         draw BA/RFr; place -1 0 0; pass
         draw BA/L; place -1 1 0; pass
         scores 0 0
         draw BA/L; place -1 2 0; {red_last_action}"
    )
}

#[test]
fn v3_abbot_taken_back_on_the_turn_his_cloister_completes_scores_9_without_vineyards() {
    // 1 + 8 = 9 as taken back; the scoring step then finds the cloister unoccupied.
    let g = check(&rules(BOTH), 2, &red_completes("abbot recall"), &[9, 0]);
    let abbot = g.rules().figure_kind("abbot").unwrap();
    assert_eq!(g.supply(PlayerId::ALL[0], abbot), 1);
    // Left on the cloister instead, the same abbot scores 9 + 3 × 3 in the scoring step.
    check(&rules(BOTH), 2, &red_completes("pass"), &[18, 0]);
}

/// Red's abbot on the garden of BA/RFrG at (0, 1) (road W–E), with two
/// vineyards around it: HS/RRr.v at (1, 0) and HS/Cc.v (turned 180°) at (0, 2).
/// Side checks: RFrG r0 N=F against the start; BA/Rr r1 at (1, 1) N=R (RRr.v's
/// stub) W=R (the garden tile's road) S=F; BA/Rr r3 at (-1, 1) N=F E=R S=R;
/// Cc.v r2 N=F E=C W=F; BA/Rr r1 at (-1, 2) N=R E=F; BA/C r3 at (1, 2) N=F W=C.
pub const GARDEN_BEFORE: &str = "
    draw BA/RFrG; place 0 1 0; deploy abbot spot
    draw HS/RRr.v; place 1 0 0; pass
    draw BA/Rr; place 1 1 1; pass
    draw BA/RFr; place -1 0 0; pass
    draw BA/Rr; place -1 1 3; pass
    draw HS/Cc.v; place 0 2 2; pass
    draw BA/Rr; place -1 2 1; pass";
/// The 8th tile around the garden (Blue's).
pub const GARDEN_LAST: &str = "draw BA/C; place 1 2 3; pass";

#[test]
fn v3_abbot_on_a_garden_gets_no_vineyard_points() {
    check(
        &rules(BOTH),
        2,
        &format!("{GARDEN_BEFORE}\nscores 0 0\n{GARDEN_LAST}"),
        &[9, 0],
    );
}

// ---------------------------------------------- plugins switched off alone

#[test]
fn without_the_vineyards_plugin_vineyards_are_inert() {
    let (before, last) = three_vineyards("follower");
    check(&rules(NEITHER), 2, &format!("{before}\n{last}"), &[9, 0]);
    let (before, last) = three_vineyards("abbot");
    check(&rules(ABBOT_ONLY), 2, &format!("{before}\n{last}"), &[9, 0]);
}

#[test]
fn vineyards_without_the_abbot_have_no_abbot_and_inert_gardens() {
    let r = rules(VINEYARDS);
    assert!(r.figure_kind("abbot").is_none());
    // The garden tile offers followers on its road and fields only, none on the garden.
    let g = run(&r, 2, "draw BA/RFrG; place 0 1 0").unwrap();
    let acts = g.legal_actions().unwrap();
    assert_eq!(acts.len(), 4, "pass, road, two fields: {acts:?}");
    assert!(g.parse_action("deploy abbot spot").is_err());
    assert!(g.parse_action("abbot recall").is_err());
    assert!(acts.iter().all(|a| matches!(
        a,
        Action::Figure(
            FigureOption::Pass
                | FigureOption::Deploy {
                    kind: carcassonne_core::FOLLOWER,
                    ..
                }
        )
    )));
}

// ------------------------------------------------------------- logging

#[test]
fn the_turn_log_tells_the_vineyard_bonus() {
    let (before, last) = three_vineyards("follower");
    let mut g = run(&rules(VINEYARDS), 2, &before).unwrap();
    g.set_logging(true);
    run_on(&mut g, last).unwrap();
    let texts = plugin_texts(&mut g);
    assert_eq!(texts, ["{P0}'s cloister is surrounded by 3 vineyards: +9."]);
}

// -------------------------------------------------- random games and libraries

#[test]
fn vineyards_pass_the_conformance_kit() {
    for (text, players) in [(VINEYARDS, 2), (BOTH, 3)] {
        let opts = Options {
            games: 200,
            players,
            ..Options::default()
        };
        let report =
            conformance(&rules(text), opts, &|_: &Game| Ok(())).unwrap_or_else(|f| panic!("{f}"));
        assert_eq!(report.games, 200);
    }
    let opts = Options {
        games: 3,
        players: 2,
        first_seed: 7,
        try_every_action: true,
        ..Options::default()
    };
    conformance(&rules(BOTH), opts, &|_: &Game| Ok(())).unwrap_or_else(|f| panic!("{f}"));
}

/// A random action, except that tiles go where they have the most neighbours
/// (a compact board completes many cloisters).
fn compact_choice(g: &Game, rng: &mut carcassonne_core::Rng) -> Action {
    let acts = g.legal_actions().unwrap();
    let crowd = |a: &Action| match a {
        Action::Place(p) => p
            .pos
            .ring()
            .iter()
            .filter(|&&q| g.tile_at(q).is_some())
            .count(),
        _ => 0,
    };
    let best = acts.iter().map(crowd).max().unwrap_or(0);
    let top: Vec<Action> = acts.into_iter().filter(|a| crowd(a) == best).collect();
    top[rng.below(top.len() as u32) as usize]
}

/// Differential check over random games (compact boards): the same actions played with and
/// without the plugin give the same board; with it, every completed cloister
/// scores 9 + 3 × (vineyards around one of the cloisters completed that turn,
/// counted here from the board), and the score difference per player is the
/// sum of those bonuses. Incomplete cloisters (game end) score the same.
#[test]
fn v1_random_games_differ_from_plain_games_by_the_vineyard_bonus_only() {
    use carcassonne_core::{Actor, Event, FeatureKind, Rng, ScoreReason, Stage};
    let (with, without) = (rules(VINEYARDS), rules(NEITHER));
    let bit = with.tiles.markers.bit("vineyard");
    assert_ne!(bit, 0);
    let mut bonus_seen = 0;
    let (mut completed, mut with_bonus) = (0, 0);
    for seed in 0..40u64 {
        let mut a = Game::new(with.clone(), 2, seed).unwrap();
        let mut b = Game::new(without.clone(), 2, seed).unwrap();
        a.set_logging(true);
        let mut rng = Rng::new(seed);
        let mut bonus = [0i32; 2];
        loop {
            // Vineyards around each cloister completed by the tile just placed.
            let mut candidates = Vec::new();
            if a.stage() == Stage::Figure {
                let p = a.tile_pos(a.last_placed().unwrap()).unwrap();
                for q in std::iter::once(p).chain(p.ring()) {
                    let Some(c) = a.tile_at(q) else { continue };
                    let cloister = a
                        .tile_type(c)
                        .unwrap()
                        .features
                        .iter()
                        .any(|f| f.kind == FeatureKind::Cloister);
                    if cloister && a.tile_nbrs(c) == Some(8) {
                        let n = q
                            .ring()
                            .iter()
                            .filter(|&&r| a.tile_at(r).is_some_and(|t| a.tile_has_marker(t, bit)))
                            .count();
                        candidates.push(3 * n as i32);
                    }
                }
            }
            let act = match a.actor() {
                Actor::GameOver => break,
                Actor::Chance => Action::Chance(a.sample_chance().unwrap()),
                Actor::Player(_) => {
                    let act = compact_choice(&a, &mut rng);
                    a.apply(act).unwrap();
                    act
                }
            };
            b.apply(act).unwrap();
            for e in a.take_events() {
                if let Event::FeatureScored {
                    kind: FeatureKind::Cloister,
                    reason,
                    winners: players,
                    points,
                    ..
                } = e
                {
                    if players.is_empty() {
                        continue; // completed with nobody in it
                    }
                    let points = players.iter().next().map_or(0, |p| points[p.index()]);
                    if reason != ScoreReason::Completed {
                        assert!(
                            points <= 9,
                            "seed {seed}: incomplete cloister scored {points}"
                        );
                        continue;
                    }
                    let extra = points - 9;
                    let i = candidates.iter().position(|&c| c == extra);
                    assert!(
                        i.is_some(),
                        "seed {seed}: a cloister scored 9 + {extra}; vineyard bonuses of the cloisters completed: {candidates:?}"
                    );
                    candidates.swap_remove(i.unwrap());
                    completed += 1;
                    with_bonus += usize::from(extra > 0);
                    for p in players.iter() {
                        bonus[p.index()] += extra;
                    }
                }
            }
        }
        assert!(b.is_over());
        assert_eq!(a.placed_count(), b.placed_count(), "seed {seed}");
        for p in PlayerId::all(2) {
            let d = a.score(p) - b.score(p);
            assert_eq!(d, bonus[p.index()], "seed {seed}: player {p}");
            bonus_seen += d;
        }
    }
    assert!(
        bonus_seen > 0 && with_bonus >= 10 && completed > with_bonus,
        "{completed} cloisters completed, {with_bonus} with vineyards, {bonus_seen} points"
    );
}

#[test]
fn vineyards_same_compiled_in_and_loaded() {
    for players in 2..=4 {
        assert_same_compiled_in_and_loaded(VINEYARDS, players, 0..3);
    }
}

#[test]
fn scenario_event_texts_name_the_players_a_plugin_names() {
    // The plugin writes `{P0}`; the canonical event text (what scenario files
    // expect) says `player 0`, as the core's own events do.
    let (before, last) = three_vineyards("follower");
    let mut g = run(&rules(VINEYARDS), 2, &before).unwrap();
    g.set_logging(true);
    run_on(&mut g, last).unwrap();
    let events = g.take_events();
    let texts: Vec<String> = events
        .iter()
        .map(|e| g.event_text(e))
        .filter(|t| t.starts_with("vineyards:"))
        .collect();
    assert_eq!(
        texts,
        ["vineyards: player 0's cloister is surrounded by 3 vineyards: +9."]
    );
}
