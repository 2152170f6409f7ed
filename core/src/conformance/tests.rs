//! The kit's own tests, on the base game.

use super::*;
use crate::record::{Driver, Recorder};
use crate::*;
use std::sync::Mutex;

pub(super) fn base() -> Arc<Rules> {
    base_with(vec![])
}

/// The base game's tiles and rules with `plugins`.
fn base_with(plugins: Vec<(PluginDecl, Arc<dyn Hooks>)>) -> Arc<Rules> {
    let text = include_str!("../../../configs/tilesets/base.toml");
    let set: TileSetSpec = toml::from_str(text).unwrap();
    let tiles = TileCatalogue::build(&[set], "C2").unwrap();
    Arc::new(Rules::new("base", tiles, CoreOptions::default(), plugins).unwrap())
}

/// The final scores of the games `run_with(chooser)` plays from seed 0.
fn finals(rules: &Arc<Rules>, games: u32, chooser: &mut dyn Chooser) -> Vec<Vec<i32>> {
    let seen = Mutex::new(Vec::new());
    let opts = Options {
        games,
        ..Options::default()
    };
    run_with(rules, opts, chooser, &|g| {
        if g.is_over() {
            seen.lock().unwrap().push(g.scores().to_vec());
        }
        Ok(())
    })
    .unwrap();
    seen.into_inner().unwrap()
}

#[test]
fn the_random_choices_are_the_draws_the_kit_always_made() {
    // The kit's games before choosers: each player action drawn by
    // `Rng::new(seed ^ 0x005E_ED0F_C0DE)` from the legal actions.
    let rules = base();
    let before: Vec<Vec<i32>> = (0..3)
        .map(|seed| {
            let mut g = Game::new(rules.clone(), 2, seed).unwrap();
            let mut rng = Rng::new(seed ^ 0x005E_ED0F_C0DE);
            while !g.is_over() {
                if g.actor() == Actor::Chance {
                    g.sample_chance().unwrap();
                } else {
                    let acts = g.legal_actions().unwrap();
                    g.apply(acts[rng.below(acts.len() as u32) as usize])
                        .unwrap();
                }
            }
            g.scores().to_vec()
        })
        .collect();
    assert_eq!(finals(&rules, 3, &mut RandomChoices::default()), before);
    // Another chooser plays other games.
    struct First;
    impl Chooser for First {
        fn start(&mut self, _: &Game) {}
        fn choose(&mut self, _: &Game, legal: &[Action]) -> Result<Action, String> {
            Ok(legal[0])
        }
    }
    assert_ne!(finals(&rules, 3, &mut First), before);
}

#[test]
fn a_failure_carries_the_actions_that_replay_its_game_to_the_failing_state() {
    let rules = base();
    let failing = Mutex::new(None);
    let opts = Options {
        games: 3,
        first_seed: 10,
        ..Options::default()
    };
    let f = run(&rules, opts, &|g| {
        if g.seed() == 11 && g.turn() == 9 {
            *failing.lock().unwrap() = Some(g.clone());
            return Err("turn 9".into());
        }
        Ok(())
    })
    .unwrap_err();
    assert_eq!((f.seed, f.message.as_str()), (11, "turn 9"));
    assert_eq!(f.action, None);
    assert_eq!(f.to_string(), format!("seed 11, step {}: turn 9", f.step));
    let failing = failing.into_inner().unwrap().unwrap();
    // The record of these actions: the game up to that state.
    let mut g = Game::new(rules.clone(), 2, 11).unwrap();
    let mut rec = Recorder::default();
    Driver::new(&Default::default())
        .replay_recorded(&mut g, &mut rec, &f.actions)
        .unwrap();
    assert_eq!(rec.actions, f.actions);
    while g != failing && g.actor() == Actor::Chance {
        g.sample_chance().unwrap();
    }
    assert!(g == failing, "the replay reaches the failing state");
    assert!(f.actions.len() > 8, "{:?}", f.actions);
}

#[test]
fn a_chosen_action_that_is_not_legal_fails_naming_it() {
    struct Wrong;
    impl Chooser for Wrong {
        fn start(&mut self, _: &Game) {}
        fn choose(&mut self, _: &Game, _: &[Action]) -> Result<Action, String> {
            Ok(Action::Choose(7))
        }
    }
    let f = run_with(&base(), Options::default(), &mut Wrong, &|_| Ok(())).unwrap_err();
    assert_eq!((f.seed, f.step), (0, 1));
    assert_eq!(f.action.as_deref(), Some("choose 7"));
    assert_eq!(
        f.message,
        "the action chosen, choose 7, is not a legal action"
    );
    assert!(f.actions.is_empty());
    // A chooser's error fails the game with its message.
    struct Refuses;
    impl Chooser for Refuses {
        fn start(&mut self, _: &Game) {}
        fn choose(&mut self, _: &Game, _: &[Action]) -> Result<Action, String> {
            Err("no idea".into())
        }
    }
    let f = run_with(&base(), Options::default(), &mut Refuses, &|_| Ok(())).unwrap_err();
    assert_eq!((f.step, f.message.as_str()), (1, "no idea"));
    assert_eq!(f.action, None);
}

#[test]
fn the_report_sums_points_by_category_and_merges() {
    let rules = base();
    let opts = Options {
        games: 2,
        ..Options::default()
    };
    let r = run(&rules, opts, &|_| Ok(())).unwrap();
    assert_eq!(r.points.len(), rules.score_categories.len());
    assert!(r.points.iter().all(|&p| p > 0), "{:?}", r.points);
    assert!(r.activity.is_empty(), "no plugin");
    let mut twice = r.clone();
    twice.merge(&r);
    assert_eq!(twice.games, 4);
    assert_eq!(twice.states, 2 * r.states);
    let doubled: Vec<u64> = r.points.iter().map(|p| 2 * p).collect();
    assert_eq!(twice.points, doubled);
    let seen = Activity {
        decisions: 37,
        log_lines: 1,
        ..Activity::default()
    };
    assert_eq!(seen.describe(), ["37 decisions made", "1 line logged"]);
    assert!(Activity::default().describe().is_empty());
}

#[test]
fn a_decision_listing_an_option_twice_is_refused() {
    // Found by the Gold Mines author's audit: repeated options went into the
    // legal actions as they were (a random player picked one twice as often).
    struct Twice;
    impl Hooks for Twice {
        fn subscriptions(&self) -> u64 {
            hook::TURN_END | hook::STEP_OPTIONS | hook::RESOLVE_STEP
        }
        fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
            let me = cx.current_player();
            cx.push_decision(me, 0, 0);
            Ok(())
        }
        fn step_options(&self, _v: &View<'_>, _s: Step, out: &mut Vec<u32>) -> HookResult {
            out.extend([0, 1, 0]);
            Ok(())
        }
        fn resolve_step(&self, _cx: &mut Cx<'_>, _s: Step, _value: u32) -> HookResult {
            Ok(())
        }
    }
    let decl = PluginDecl {
        id: "twice".into(),
        ..PluginDecl::default()
    };
    let rules = base_with(vec![(decl, Arc::new(Twice))]);
    let f = run(&rules, Options::default(), &|_| Ok(())).unwrap_err();
    assert!(
        f.message
            .starts_with("the legal actions list `twice 0` twice"),
        "{}",
        f.message
    );
}
