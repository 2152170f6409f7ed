//! The greedy bot: bounded work on huge boards, full search on ordinary ones,
//! plugin failures reported.

use carcassonne_bots::greedy::{Work, DEPTH, MAX_LEAVES, SMALL_BOARD, WORK_BUDGET};
use carcassonne_bots::{play_game, Bot, BotError, BotSpec, Greedy, PlayError};
use carcassonne_core::*;
use std::sync::Arc;

/// The base game's rules with every tile count multiplied by `k`, and `plugins`.
fn rules(k: u16, plugins: Vec<(PluginDecl, Arc<dyn Hooks>)>) -> Arc<Rules> {
    let text = include_str!("../../../configs/tilesets/base.toml");
    let mut set: TileSetSpec = toml::from_str(text).unwrap();
    for t in &mut set.tiles {
        for c in t.counts.values_mut() {
            *c *= k;
        }
    }
    let tiles = TileCatalogue::build(&[set], "C2").unwrap();
    Arc::new(Rules::new("base", tiles, CoreOptions::default(), plugins).unwrap())
}

/// Plays `turns` turns of a greedy game; returns the bots' work and, per
/// decision, (legal actions, actions the bot looked at).
fn greedy_game(rules: &Arc<Rules>, seed: u64, turns: u16) -> (Work, Vec<(u64, u64)>) {
    let mut g = Game::new(rules.clone(), 2, seed).unwrap();
    let mut bots = [Greedy::new(seed), Greedy::new(seed + 1)];
    let mut decisions = Vec::new();
    while g.turn() < turns {
        match g.actor() {
            Actor::GameOver => break,
            Actor::Chance => {
                g.sample_chance().unwrap();
            }
            Actor::Player(p) => {
                let bot = &mut bots[p.index()];
                let before = bot.work().evaluated;
                let legal = g.legal_actions().unwrap().len() as u64;
                let a = bot.choose(&g).unwrap();
                decisions.push((legal, bot.work().evaluated - before));
                g.apply(a).unwrap();
            }
        }
    }
    let (a, b) = (bots[0].work(), bots[1].work());
    let work = Work {
        decisions: a.decisions + b.decisions,
        evaluated: a.evaluated + b.evaluated,
        applied: a.applied + b.applied,
        leaves: a.leaves + b.leaves,
        max_leaves: a.max_leaves.max(b.max_leaves),
        max_work: a.max_work.max(b.max_work),
        allocations: a.allocations.max(b.allocations),
    };
    (work, decisions)
}

#[test]
fn greedy_work_per_decision_is_bounded_on_a_huge_board() {
    // 1,008 tiles: late in the game a tile fits in a hundred places or more.
    let rules = rules(14, vec![]);
    let (work, decisions) = greedy_game(&rules, 3, 400);
    // A decision stops looking once MAX_LEAVES positions are scored; the last
    // action it looks at adds at most its own leaves (figure options x outcomes).
    assert!(
        work.max_leaves < MAX_LEAVES + 16,
        "{} leaves in one decision",
        work.max_leaves
    );
    // ... and the bound is what limited it: some decisions had more placements
    // than the bot looked at.
    let cut = decisions
        .iter()
        .filter(|&&(legal, seen)| seen < legal)
        .count();
    assert!(cut > 0, "no decision was cut short: {decisions:?}");
    // Copies of the game are reused: one per search depth, whatever the number
    // of lines looked at.
    assert!(work.allocations <= u64::from(DEPTH) + 1, "{work:?}");
    assert!(work.applied > 100 * work.allocations, "{work:?}");
}

#[test]
fn greedy_scoring_work_per_decision_is_bounded_however_large_the_board() {
    // Issue 26, defect 8: each position scored "as if the game ended" costs
    // time in proportion to the board, so 128 positions per decision made a
    // decision grow with the board (1,000 / 2,000 / 4,000 / 8,000 / 16,000
    // cloister tiles took 1.4 / 6.2 / 19.1 / 70.9 / 305 s). The budget is in
    // tiles scored: fewer positions on a bigger board.
    let rules = rules(36, vec![]); // 2,592 tiles
    let mut g = Game::new(rules, 2, 5).unwrap();
    let mut bots = [Greedy::new(5), Greedy::new(6)];
    let mut late = 0;
    while g.placed_count() < 1500 {
        match g.actor() {
            Actor::GameOver => break,
            Actor::Chance => {
                g.sample_chance().unwrap();
            }
            Actor::Player(p) => {
                let bot = &mut bots[p.index()];
                let before = bot.work().leaves;
                let a = bot.choose(&g).unwrap();
                if g.placed_count() >= 1000 {
                    // At most WORK_BUDGET / 1,000 = 32 positions, and the last
                    // root action looked at adds at most its own few leaves.
                    let leaves = bot.work().leaves - before;
                    assert!(
                        leaves <= 32 + 16,
                        "{leaves} positions on a board of {}",
                        g.placed_count()
                    );
                    late += 1;
                }
                g.apply(a).unwrap();
            }
        }
    }
    assert!(
        late > 500,
        "{late} decisions on a board of 1,000 tiles or more"
    );
    let w = bots[0].work();
    assert!(w.max_work < WORK_BUDGET + 16 * 1500, "{w:?}");
    // Boards of up to SMALL_BOARD tiles still get every position.
    assert_eq!(WORK_BUDGET / SMALL_BOARD, MAX_LEAVES);
}

#[test]
fn greedy_searches_ordinary_decisions_in_full() {
    let rules = rules(1, vec![]);
    for seed in 0..3 {
        let (_, decisions) = greedy_game(&rules, seed, 100);
        assert!(decisions.len() > 100);
        for &(legal, seen) in &decisions {
            // A decision with few actions (each with at most a few leaves) is
            // searched in full.
            if legal * 8 <= MAX_LEAVES {
                assert_eq!(seen, legal, "seed {seed}: {decisions:?}");
            }
        }
    }
}

/// A plugin that throws two dice of 100 faces (weighted 1 to 3) after
/// every placement: chance events inside the turn with many outcomes, like a
/// bazaar's face-up draws for every player.
struct Dice;

impl Hooks for Dice {
    fn subscriptions(&self) -> u64 {
        hook::TILE_PLACED
    }
    fn tile_placed(&self, cx: &mut Cx<'_>, _: TileIndex) -> HookResult {
        for _ in 0..2 {
            cx.push_chance(0, 0);
        }
        Ok(())
    }
    fn step_outcomes(&self, _: &View<'_>, _: Step, out: &mut Vec<Outcome>) -> HookResult {
        out.extend((0..100).map(|code| Outcome {
            code,
            weight: 1 + code % 3,
        }));
        Ok(())
    }
    fn resolve_step(&self, _: &mut Cx<'_>, _: Step, _: u32) -> HookResult {
        Ok(())
    }
}

#[test]
fn greedy_work_per_decision_is_bounded_however_wide_the_turn() {
    // Ten thousand lines after every placement (100 x 100 outcomes), and the
    // first action looked at took them all (a bazaar's four face-up draws
    // made one decision of a four-player game of every expansion score 2.4
    // million positions, 0.9 s). Each action's line scores at most the
    // decision's positions, its chance events weighed by a sample.
    let decl = PluginDecl {
        id: "dice".into(),
        ..PluginDecl::default()
    };
    let rules = rules(1, vec![(decl, Arc::new(Dice))]);
    let (work, decisions) = greedy_game(&rules, 1, 12);
    assert!(decisions.len() >= 10, "{decisions:?}");
    assert!(
        work.max_leaves <= 2 * MAX_LEAVES,
        "{} positions in one decision",
        work.max_leaves
    );
    // Every decision looked at its first action at least, and the lines were
    // sampled rather than cut to the position as it stands: more positions
    // than actions looked at.
    assert!(
        decisions.iter().all(|&(_, seen)| seen >= 1),
        "{decisions:?}"
    );
    assert!(work.leaves > work.evaluated, "{work:?}");
}

/// A plugin whose `bonus` hook fails: every scoring fails.
struct FailingPoints;

impl Hooks for FailingPoints {
    fn subscriptions(&self) -> u64 {
        hook::BONUS
    }
    fn bonus(
        &self,
        _v: &View<'_>,
        _info: &ScoreInfo,
        _award: &Points,
        _points: &mut Points,
    ) -> HookResult {
        Err(HookError {
            plugin: "failing-points".into(),
            hook: "bonus",
            message: "told to fail".into(),
        })
    }
}

fn failing_rules() -> Arc<Rules> {
    let decl = PluginDecl {
        id: "failing-points".into(),
        ..PluginDecl::default()
    };
    rules(1, vec![(decl, Arc::new(FailingPoints))])
}

#[test]
fn greedy_reports_a_plugin_failure_instead_of_skipping_the_action() {
    // Scoring "as if the game ended" runs the failing hook for every placement
    // next to a feature: the bot must say so, not quietly play around it.
    let rules = failing_rules();
    let mut g = Game::new(rules, 2, 1).unwrap();
    g.sample_chance().unwrap();
    let e = Greedy::new(1).choose(&g).unwrap_err();
    let BotError::Trying { action, error } = &e else {
        panic!("{e}");
    };
    assert!(action.starts_with("place "), "{action}");
    assert_eq!(
        *error,
        GameError::Hook(HookError {
            plugin: "failing-points".into(),
            hook: "bonus",
            message: "told to fail".into(),
        })
    );
    assert_eq!(
        e.to_string(),
        format!(
            "while trying `{action}`: plugin `failing-points` failed in hook `bonus`: told to fail"
        )
    );
    // Said once: the cause is in the text, not also a `source()`.
    assert!(std::error::Error::source(&e).is_none());
}

#[test]
fn a_game_between_bots_stops_with_the_plugin_failure_and_the_seat() {
    let rules = failing_rules();
    let e = play_game(&rules, 2, 1, &[BotSpec::Greedy]).unwrap_err();
    let PlayError::Bot { player, bot, .. } = &e else {
        panic!("{e}");
    };
    assert_eq!((player.seat(), bot.as_str()), (0, "greedy"));
    assert!(
        e.to_string()
            .contains("plugin `failing-points` failed in hook `bonus`"),
        "{e}"
    );
}
