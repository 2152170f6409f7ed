//! The `abbot` plugin (base game, current edition: the Abbot and the gardens),
//! with exact points. The vineyard interaction V3 is tested in `vineyards.rs`.
//!
//! Geometry: the start tile BA/RCr lies at (0, 0) (city north, road west–east);
//! x grows east, y grows south; `place X Y R` turns the tile R quarter turns
//! clockwise. Player 0 is Red, player 1 Blue; they alternate.

use crate::common::*;
use crate::vineyards::{GARDEN_BEFORE, GARDEN_LAST};
use carcassonne_core::conformance::{run as conformance, Options};
use carcassonne_core::hooks::{hook, Cx, FigureOption, HookResult, Hooks};
use carcassonne_core::PlayerId;
use carcassonne_core::{
    Action, Actor, FeatureKind, FigureId, FigureKindId, Game, Location, PluginDecl, Rules, Stage,
    FOLLOWER,
};
use std::sync::Arc;

/// The abbot on the base game and the Hills & Sheep tiles (no other mechanic).
const ABBOT: &str = r#"
    name = "abbot"
    tilesets = ["base", "hills-and-sheep"]
    [plugins.abbot]
"#;

/// The abbot on the first edition: no tile carries a garden.
const ABBOT_C1: &str = r#"
    name = "abbot, first edition"
    edition = "C1"
    tilesets = ["base", "hills-and-sheep"]
    [plugins.abbot]
"#;

/// Neither plugin: garden markers inert.
const PLAIN: &str = r#"
    name = "no abbot"
    tilesets = ["base", "hills-and-sheep"]
"#;

/// Everything of this issue together, for random games.
const ALL: &str = r#"
    name = "abbot, vineyards and the special cities"
    tilesets = ["base", "hills-and-sheep"]
    [plugins.abbot]
    [plugins.vineyards]
    [plugins.special-cities]
"#;

/// Red's cloister BA/L at (0, 1) below the start, completed by 7 base tiles
/// around it (the b3 fixture of the core: BA/LR r1 at (1, 0) and r3 at (-1, 0),
/// roads against the start's; BA/L at (-1, 1), (1, 1), (0, 2); BA/Rr r0 at
/// (-1, 2) and r3 at (1, 2)). Red's figure is `who`; `red_turns` are Red's
/// figure actions on his three later turns (the 3rd, 5th and 7th tiles); Blue
/// places the 8th tile, which completes the cloister.
/// `pre` is asserted before the 8th tile (`scores 0 0`).
fn cloister(who: &str, red_turns: [&str; 3], pre: &str) -> String {
    let [r1, r2, r3] = red_turns;
    format!(
        "draw BA/L; place 0 1 0; deploy {who} cloister
         draw BA/LR; place 1 0 1; pass
         draw BA/LR; place -1 0 3; {r1}
         draw BA/L; place -1 1 0; pass
         draw BA/L; place 1 1 0; {r2}
         draw BA/L; place 0 2 0; pass
         draw BA/Rr; place -1 2 0; {r3}
         scores {pre}
         draw BA/Rr; place 1 2 3; pass"
    )
}

fn names(g: &Game) -> Vec<String> {
    g.legal_actions()
        .unwrap()
        .into_iter()
        .map(|a| g.format_action(a))
        .collect()
}

// ------------------------------------------------------------ deployment

#[test]
fn abbot_is_offered_on_the_cloister_of_the_placed_tile() {
    let g = run(&rules(ABBOT), 2, "draw BA/L; place 0 1 0").unwrap();
    let abbot = g.rules().figure_kind("abbot").unwrap();
    let t = g.last_placed().unwrap();
    let at = |l| Location::Feature(g.feature_of(t, l).unwrap());
    assert_eq!(
        g.legal_actions().unwrap(),
        [
            Action::Figure(FigureOption::Pass),
            Action::Figure(FigureOption::Deploy {
                kind: FOLLOWER,
                at: at(0)
            }),
            Action::Figure(FigureOption::Deploy {
                kind: FOLLOWER,
                at: at(1)
            }),
            Action::Figure(FigureOption::Deploy {
                kind: abbot,
                at: at(0)
            }),
        ]
    );
    assert_eq!(
        names(&g),
        [
            "pass",
            "deploy follower 0",
            "deploy follower 1",
            "deploy abbot 0"
        ]
    );
}

#[test]
fn abbot_is_offered_on_a_garden_and_never_a_follower() {
    // BA/RFrG: road W–E (0), fields (1, 2), garden spot (3).
    let g = run(&rules(ABBOT), 2, "draw BA/RFrG; place 0 1 0").unwrap();
    assert_eq!(
        names(&g),
        [
            "pass",
            "deploy follower 0",
            "deploy follower 1",
            "deploy follower 2",
            "deploy abbot 3"
        ]
    );
    // The garden of the Hills & Sheep hill tile HS/RR.hG too (W=R against the start's E).
    let g = run(&rules(ABBOT), 2, "draw HS/RR.hG; place 1 0 0").unwrap();
    assert!(
        names(&g).contains(&"deploy abbot 4".to_string()),
        "{:?}",
        names(&g)
    );
}

#[test]
fn abbot_is_not_offered_where_there_is_no_cloister_or_garden() {
    let g = run(&rules(ABBOT), 2, "draw BA/RFr; place 1 0 0").unwrap();
    assert!(
        names(&g).iter().all(|n| !n.contains("abbot")),
        "{:?}",
        names(&g)
    );
    // First edition: no gardens at all; the abbot still goes on cloisters.
    let r = rules(ABBOT_C1);
    let garden = r.tiles.markers.bit("garden");
    for t in &r.tiles.types {
        let has_garden = t.features.iter().any(|f| f.markers & garden != 0);
        assert!(t.count == 0 || !has_garden, "{} has a garden in C1", t.id);
    }
    let g = run(&r, 2, "draw BA/L; place 0 1 0").unwrap();
    assert!(names(&g).contains(&"deploy abbot 0".to_string()));
}

// --------------------------------------------------------------- scoring

#[test]
fn abbot_on_a_completed_cloister_scores_9() {
    let g = check(
        &rules(ABBOT),
        2,
        &cloister("abbot", ["pass"; 3], "0 0"),
        &[9, 0],
    );
    let abbot = g.rules().figure_kind("abbot").unwrap();
    assert_eq!(
        g.supply(PlayerId::ALL[0], abbot),
        1,
        "the abbot goes home when scored"
    );
    assert_eq!(g.supply(PlayerId::ALL[0], FOLLOWER), 7);
}

#[test]
fn abbot_on_an_incomplete_cloister_at_game_end_scores_1_plus_neighbours() {
    check(
        &rules(ABBOT),
        2,
        "draw BA/L; place 0 1 0; deploy abbot cloister
         draw BA/L; place 1 1 0; pass
         end",
        &[3, 0],
    );
}

#[test]
fn abbot_on_a_completed_garden_scores_9() {
    let g = check(
        &rules(ABBOT),
        2,
        &format!("{GARDEN_BEFORE}\nscores 0 0\n{GARDEN_LAST}"),
        &[9, 0],
    );
    let abbot = g.rules().figure_kind("abbot").unwrap();
    assert_eq!(g.supply(PlayerId::ALL[0], abbot), 1);
}

#[test]
fn abbot_on_an_unfinished_garden_at_game_end_scores_1_plus_neighbours() {
    // After the 5th tile the garden has 5 neighbours (start, (1,0), (1,1), (-1,0), (-1,1)).
    let five: Vec<&str> = GARDEN_BEFORE
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(5)
        .collect();
    check(
        &rules(ABBOT),
        2,
        &format!("{}\nend", five.join("\n")),
        &[6, 0],
    );
    // All seven: 1 + 7.
    check(&rules(ABBOT), 2, &format!("{GARDEN_BEFORE}\nend"), &[8, 0]);
}

// ---------------------------------------------------------------- recall

#[test]
fn abbot_recall_is_offered_instead_of_a_figure_while_he_is_on_the_board() {
    let mut g = run(
        &rules(ABBOT),
        2,
        "draw BA/L; place 0 1 0; deploy abbot cloister
         draw BA/L; place 1 1 0; pass
         draw BA/L; place -1 1 0",
    )
    .unwrap();
    // Red's abbot is on the board: no abbot for the new cloister, but "recall".
    assert_eq!(
        names(&g),
        [
            "pass",
            "deploy follower 0",
            "deploy follower 1",
            "abbot recall"
        ]
    );
    let recall = g.parse_action("abbot recall").unwrap();
    assert!(matches!(
        recall,
        Action::Figure(FigureOption::Special { .. })
    ));
    assert_eq!(g.format_action(recall), "abbot recall");
    g.apply(recall).unwrap();
    // Blue has his abbot in supply: he may deploy it, and has no recall.
    run_on(&mut g, "draw BA/L; place 2 1 0").unwrap();
    let n = names(&g);
    assert!(n.contains(&"deploy abbot 0".to_string()) && !n.contains(&"abbot recall".to_string()));
}

#[test]
fn abbot_recall_from_a_cloister_scores_it_as_at_game_end() {
    // Taken back when Red places the 7th tile around it, (-1, 2): 1 + 7 = 8.
    let script = cloister("abbot", ["pass", "pass", "abbot recall"], "8 0");
    let g = check(&rules(ABBOT), 2, &script, &[8, 0]);
    let abbot = g.rules().figure_kind("abbot").unwrap();
    assert_eq!(
        g.supply(PlayerId::ALL[0], abbot),
        1,
        "the abbot is back in supply"
    );
    // Earlier: on the 3rd tile around (start, (1,0), (-1,0)): 1 + 3 = 4.
    let script = cloister("abbot", ["abbot recall", "pass", "pass"], "4 0");
    check(&rules(ABBOT), 2, &script, &[4, 0]);
}

#[test]
fn abbot_recall_from_a_garden_scores_it_as_at_game_end() {
    // Red takes the abbot back with the 5th tile around the garden: 1 + 5 = 6; the
    // garden completed later is empty.
    let script = GARDEN_BEFORE.replace(
        "draw BA/Rr; place -1 1 3; pass",
        "draw BA/Rr; place -1 1 3; abbot recall\n scores 6 0",
    );
    assert_ne!(script, GARDEN_BEFORE);
    check(
        &rules(ABBOT),
        2,
        &format!("{script}\n{GARDEN_LAST}"),
        &[6, 0],
    );
}

#[test]
fn abbot_recall_on_the_turn_his_cloister_completes_scores_1_plus_8() {
    // Red places the 8th tile around his own cloister (one more Blue tile elsewhere
    // first) and takes the abbot back: 9 as taken back, then the scoring step finds
    // the cloister empty. Without vineyards this equals the 9 of a completed cloister.
    let script = "draw BA/L; place 0 1 0; deploy abbot cloister
         draw BA/C; place 0 -1 2; pass
         draw BA/LR; place 1 0 1; pass
         draw BA/LR; place -1 0 3; pass
         draw BA/L; place -1 1 0; pass
         draw BA/L; place 1 1 0; pass
         draw BA/L; place 0 2 0; pass
         draw BA/Rr; place -1 2 0; pass
         scores 0 0
         draw BA/Rr; place 1 2 3; abbot recall";
    let mut g = run(&rules(ABBOT), 2, script).unwrap();
    assert_eq!(g.scores(), [9, 0]);
    let abbot = g.rules().figure_kind("abbot").unwrap();
    assert_eq!(g.supply(PlayerId::ALL[0], abbot), 1);
    g.end_now().unwrap();
    assert_eq!(g.scores(), [9, 0], "nothing left to score");
}

#[test]
fn abbot_recall_and_deploy_on_the_same_turn_are_exclusive() {
    // With the abbot on the board, the new cloister offers a follower, not the abbot;
    // choosing "recall" deploys nothing else.
    let g = check(
        &rules(ABBOT),
        2,
        "draw BA/L; place 0 1 0; deploy abbot cloister
         draw BA/RFr; place 1 0 0; pass
         draw BA/L; place 1 1 0; abbot recall",
        &[1 + 3, 0],
    );
    assert_eq!(g.supply(PlayerId::ALL[0], FOLLOWER), 7);
    assert_eq!(
        g.supply(PlayerId::ALL[0], g.rules().figure_kind("abbot").unwrap()),
        1
    );
}

// -------------------------------------------------------------- occupancy

/// A test-only hook that, in `before_figure`, puts a figure of `kind` owned by
/// `player` on the cloister of the tile just placed: it stands for "the feature
/// already holds a figure", which the base game never produces on a cloister.
struct Intruder {
    player: u8,
    kind: FigureKindId,
}

impl Hooks for Intruder {
    fn subscriptions(&self) -> u64 {
        hook::BEFORE_FIGURE
    }
    fn before_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        let t = cx.game.last_placed().expect("a tile was placed");
        for l in 0..cx.game.tile_feature_count(t).unwrap_or(0) {
            let f = cx.game.feature_of(t, l).expect("a feature");
            if cx.game.feature_kind(f) == Some(FeatureKind::Cloister) {
                cx.deploy_figure(
                    PlayerId::ALL[usize::from(self.player)],
                    self.kind,
                    Location::Feature(f),
                );
            }
        }
        Ok(())
    }
}

/// The abbot ruleset plus the intruder.
fn with_intruder(player: u8, kind_name: &str) -> Arc<Rules> {
    let base = rules(ABBOT);
    let kind = base.figure_kind(kind_name).unwrap();
    let abbot = &base.plugins[0];
    let plugins: Vec<(PluginDecl, Arc<dyn Hooks>)> = vec![
        (abbot.decl.clone(), abbot.hooks.clone()),
        (
            PluginDecl {
                id: "intruder".into(),
                ..PluginDecl::default()
            },
            Arc::new(Intruder { player, kind }),
        ),
    ];
    Arc::new(
        Rules::new(
            "abbot + intruder",
            base.tiles.clone(),
            base.options,
            plugins,
        )
        .unwrap(),
    )
}

#[test]
fn abbot_cannot_go_on_an_occupied_cloister() {
    // Blue's follower already stands on the cloister Red places: no abbot option.
    let r = with_intruder(1, "follower");
    let mut g = run(&r, 2, "draw BA/L; place 0 1 0").unwrap();
    assert_eq!(
        names(&g),
        ["pass", "deploy follower 1"],
        "only the field is free"
    );
    assert!(g
        .apply(g.parse_action("deploy abbot cloister").unwrap())
        .is_err());
    // Blue's follower scores the cloister at the end: 1 + 1.
    run_on(&mut g, "pass; end").unwrap();
    assert_eq!(g.scores(), [0, 2]);
}

#[test]
fn abbot_a_follower_cannot_join_an_abbots_cloister() {
    // Blue's abbot already stands on the cloister Red places: no follower there.
    let r = with_intruder(1, "abbot");
    let mut g = run(&r, 2, "draw BA/L; place 0 1 0").unwrap();
    assert_eq!(names(&g), ["pass", "deploy follower 1"]);
    assert!(g
        .apply(g.parse_action("deploy follower cloister").unwrap())
        .is_err());
    run_on(&mut g, "pass; end").unwrap();
    assert_eq!(g.scores(), [0, 2]);
}

// ----------------------------------------------------- switched off alone

#[test]
fn without_the_abbot_plugin_gardens_are_inert() {
    let r = rules(PLAIN);
    assert!(r.figure_kind("abbot").is_none());
    let g = run(&r, 2, "draw BA/RFrG; place 0 1 0").unwrap();
    assert_eq!(
        names(&g),
        [
            "pass",
            "deploy follower 0",
            "deploy follower 1",
            "deploy follower 2"
        ]
    );
    // The garden completed with nobody on it scores nothing; the cloister's follower 9.
    check(&r, 2, &cloister("follower", ["pass"; 3], "0 0"), &[9, 0]);
}

// ------------------------------------------------------------------ logs

#[test]
fn abbot_the_turn_log_tells_what_the_abbot_does() {
    let mut g = Game::new(rules(ABBOT), 2, 0).unwrap();
    g.set_logging(true);
    let script = GARDEN_BEFORE.replace(
        "draw BA/Rr; place -1 1 3; pass",
        "draw BA/Rr; place -1 1 3; abbot recall",
    );
    run_on(&mut g, &script).unwrap();
    assert_eq!(
        plugin_texts(&mut g),
        [
            "{P0}'s abbot tends the garden at (0, 1): it scores like a cloister.",
            "{P0} takes the abbot back: the garden at (0, 1) scores 6."
        ]
    );
    let mut g = Game::new(rules(ABBOT), 2, 0).unwrap();
    g.set_logging(true);
    run_on(&mut g, &format!("{GARDEN_BEFORE}\n{GARDEN_LAST}")).unwrap();
    assert_eq!(
        plugin_texts(&mut g),
        [
            "{P0}'s abbot tends the garden at (0, 1): it scores like a cloister.",
            "{P0}'s abbot tends a garden surrounded by tiles at (0, 1): 9."
        ]
    );
}

// ----------------------------------------------- random games and libraries

/// The abbot's own invariants, checked at every state of random games.
fn abbot_invariants(g: &Game) -> Result<(), String> {
    let rules = g.rules();
    let Some(kind) = rules.figure_kind("abbot") else {
        return Err("no abbot figure kind".into());
    };
    let garden = rules.tiles.markers.bit("garden");
    let mut on_board = [0u8; 6];
    for fig in (0..g.figure_count() as u16).map(FigureId) {
        let owner = g.figure_owner(fig).unwrap_or_default();
        let Some(f) = g.figure_feature(fig) else {
            continue;
        };
        let fk = g.feature_kind(f).unwrap_or_default();
        if g.figure_kind(fig) == Some(kind) {
            on_board[owner.index()] += 1;
            let ok = fk == FeatureKind::Cloister
                || (fk == FeatureKind::Spot && g.feature_markers(f).unwrap_or(0) & garden != 0);
            if !ok {
                return Err(format!("an abbot stands on a {fk}"));
            }
            if g.occupants(f) != Some(1) {
                return Err(format!(
                    "the abbot's {fk} has {:?} occupants",
                    g.occupants(f)
                ));
            }
        } else if fk == FeatureKind::Spot {
            return Err("a figure other than the abbot stands on a spot".into());
        }
    }
    for p in PlayerId::all(g.players()) {
        if on_board[p.index()] + g.supply(p, kind) != 1 {
            return Err(format!("player {p} does not have exactly one abbot"));
        }
    }
    // "Take the abbot back" is offered exactly when the player's abbot is out.
    if g.stage() == Stage::Figure && g.pending_steps().is_empty() {
        if let Actor::Player(p) = g.actor() {
            let recall = g
                .legal_actions()
                .map_err(|e| e.to_string())?
                .into_iter()
                .any(|a| matches!(a, Action::Figure(FigureOption::Special { .. })));
            if recall != (on_board[p.index()] == 1) {
                return Err(format!(
                    "recall offered: {recall}, abbot on board: {}",
                    on_board[p.index()]
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn abbot_passes_the_conformance_kit_with_its_invariants() {
    for (players, first_seed) in [(2, 0), (4, 1000)] {
        let opts = Options {
            games: 100,
            players,
            first_seed,
            ..Options::default()
        };
        let report =
            conformance(&rules(ALL), opts, &abbot_invariants).unwrap_or_else(|f| panic!("{f}"));
        assert_eq!(report.games, 100);
    }
    let opts = Options {
        games: 4,
        players: 3,
        first_seed: 17,
        try_every_action: true,
        ..Options::default()
    };
    conformance(&rules(ALL), opts, &abbot_invariants).unwrap_or_else(|f| panic!("{f}"));
}

#[test]
fn abbot_random_games_recall_and_score_gardens() {
    // The random bot uses every option: over a few games abbots are recalled and
    // gardens are scored (so the conformance games above exercise them).
    let r = rules(ABBOT);
    let (mut recalls, mut gardens) = (0, 0);
    for seed in 0..30 {
        let mut g = Game::new(r.clone(), 3, seed).unwrap();
        g.set_logging(true);
        let mut rng = carcassonne_core::Rng::new(seed);
        while g.step_random(&mut rng).unwrap() {}
        for line in plugin_texts(&mut g) {
            recalls += usize::from(line.contains("takes the abbot back"));
            gardens += usize::from(line.contains("tends"));
        }
    }
    assert!(
        recalls > 0 && gardens > 0,
        "recalls {recalls}, gardens {gardens}"
    );
}

#[test]
fn abbot_same_compiled_in_and_loaded() {
    for players in 2..=4 {
        assert_same_compiled_in_and_loaded(ALL, players, 0..3);
    }
}

#[test]
fn abbot_ruleset_is_the_default_plus_the_abbot() {
    let with = config("hills-and-sheep-abbot.toml");
    let default = config("hills-and-sheep.toml");
    let ids = |r: &Rules| -> Vec<String> { r.plugins.iter().map(|p| p.decl.id.clone()).collect() };
    let mut want = ids(&default);
    want.push("abbot".into());
    want.sort();
    let mut got = ids(&with);
    got.sort();
    assert_eq!(got, want);
    assert_eq!(with.tiles.total(), default.tiles.total());
    assert_eq!(with.options, default.options);
    assert!(with.figure_kind("abbot").is_some());
}
