//! `Cx::push_decision_among`: a decision pushed with its options (the set
//! bits of `Step::among`) plays the same games as one whose options the
//! plugin's `step_options` lists, and the core never asks `step_options`.

use crate::fixtures;
use carcassonne_core::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// After every turn, the next player picks one of up to sixteen values
/// (which, from the turn number) that the current player scores.
struct Chooser {
    among: bool,
    asked: AtomicUsize,
}

/// The options at turn `turn`, as bits: never none.
fn options(turn: u16) -> u16 {
    ((u32::from(turn).wrapping_mul(2_654_435_761) >> 13) as u16) | 1 << (turn % 16)
}

impl Hooks for Chooser {
    fn subscriptions(&self) -> u64 {
        hook::TURN_END
    }

    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        let who = cx.current_player().offset(1, cx.players());
        let bits = options(cx.turn());
        let pushed = if self.among {
            cx.push_decision_among(who, 1, u32::from(bits), bits)
        } else {
            cx.push_decision(who, 1, u32::from(bits))
        };
        assert!(pushed);
        Ok(())
    }

    fn step_options(&self, _: &View<'_>, step: Step, out: &mut Vec<u32>) -> HookResult {
        self.asked.fetch_add(1, Ordering::Relaxed);
        out.extend((0..16).filter(|v| step.arg & 1 << v != 0));
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        assert_eq!(u32::from(step.among), if self.among { step.arg } else { 0 });
        assert_ne!(step.arg & 1 << value, 0, "value {value} is an option");
        cx.add_score(cx.current_player(), value as i32);
        Ok(())
    }
}

/// Random games of seeds `seeds` with the options pushed or listed, and how
/// often `step_options` was asked.
fn play(among: bool, seeds: std::ops::Range<u64>) -> (Vec<fixtures::Played>, usize) {
    let chooser = Arc::new(Chooser {
        among,
        asked: AtomicUsize::new(0),
    });
    let decl = PluginDecl {
        id: "chooser".into(),
        ..PluginDecl::default()
    };
    let hooks: Arc<dyn Hooks> = chooser.clone();
    let rules = fixtures::base_rules(CoreOptions::default(), vec![(decl, hooks)]);
    let games = fixtures::play_random_games(&rules, seeds);
    (games, chooser.asked.load(Ordering::Relaxed))
}

#[test]
fn a_decision_pushed_with_its_options_plays_the_games_of_listed_ones() {
    let (listed, asked) = play(false, 0..4);
    let (pushed, asked_among) = play(true, 0..4);
    assert_eq!(pushed, listed, "the same tiles drawn, the same scores");
    assert!(asked > 0);
    assert_eq!(asked_among, 0, "the core lists the options itself");
}

#[test]
fn the_legal_actions_of_a_decision_are_its_among_bits() {
    let chooser: Arc<dyn Hooks> = Arc::new(Chooser {
        among: true,
        asked: AtomicUsize::new(0),
    });
    let decl = PluginDecl {
        id: "chooser".into(),
        ..PluginDecl::default()
    };
    let rules = fixtures::base_rules(CoreOptions::default(), vec![(decl, chooser)]);
    let mut g = Game::new(rules, 2, 3).unwrap();
    let mut rng = Rng::new(3);
    while g.pending_steps().is_empty() {
        assert!(g.step_random(&mut rng).unwrap());
    }
    let s = *g.pending_steps().last().unwrap();
    let want: Vec<Action> = (0..16)
        .filter(|v| s.among & 1 << v != 0)
        .map(Action::Choose)
        .collect();
    assert_eq!(g.legal_actions().unwrap(), want);
    // An option not among them is refused.
    let off = (0..16).find(|v| s.among & 1 << v == 0).unwrap();
    assert!(g.apply(Action::Choose(off)).is_err());
    assert!(g.apply(want[0]).is_ok());
}
