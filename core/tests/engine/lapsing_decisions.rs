//! A plugin's decision whose options its plugin lists when it comes
//! (`push_decision`) lapses when it lists none then: the core drops it
//! without `resolve_step`, and the game goes on (what it asked about is
//! gone, such as a figure an earlier step took off the board).

use crate::fixtures;
use carcassonne_core::*;
use std::sync::Arc;

/// At every turn's start, two decisions of the current player: the first
/// (tag 1) says whether the second (tag 2) keeps its options; resolving the
/// second scores 10 + its value.
struct Pair;

// Game word 0: 1 once the first decision said "drop the second".

impl Hooks for Pair {
    fn subscriptions(&self) -> u64 {
        hook::TURN_START
    }

    fn turn_start(&self, cx: &mut Cx<'_>) -> HookResult {
        let me = cx.current_player();
        cx.reborrow().state_words_mut()[0] = 0;
        assert!(cx.push_decision(me, 1, 0));
        assert!(cx.push_decision(me, 2, 0));
        Ok(())
    }

    fn step_options(&self, v: &View<'_>, step: Step, out: &mut Vec<u32>) -> HookResult {
        if step.tag == 1 || v.state_words()[0] == 0 {
            out.extend([0, 1]);
        }
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        match step.tag {
            1 => cx.reborrow().state_words_mut()[0] = value,
            _ => {
                assert_eq!(
                    cx.view().state_words()[0],
                    0,
                    "a lapsed decision is never resolved"
                );
                cx.add_score(step.player, 10 + value as i32);
            }
        }
        Ok(())
    }
}

fn rules() -> Arc<Rules> {
    let decl = PluginDecl {
        id: "pair".into(),
        state: StateWords {
            game: 1,
            ..StateWords::default()
        },
        ..PluginDecl::default()
    };
    fixtures::base_rules(CoreOptions::default(), vec![(decl, Arc::new(Pair))])
}

fn game() -> Game {
    Game::new(rules(), 2, 1).unwrap()
}

#[test]
fn a_decision_that_lists_no_option_when_it_comes_lapses() {
    let red = PlayerId::ALL[0];
    let mut g = game();
    assert_eq!(g.actor(), Actor::Player(red));
    // "Drop the second": it lapses, and the tile is drawn next.
    g.apply(Action::Choose(1)).unwrap();
    assert_eq!(g.actor(), Actor::Chance);
    assert_eq!(g.pending_steps(), []);
    assert_eq!(g.scores(), [0, 0]);
    // "Keep it": the second is asked and resolved.
    let mut g = game();
    g.apply(Action::Choose(0)).unwrap();
    assert_eq!(g.actor(), Actor::Player(red));
    assert_eq!(
        g.legal_actions().unwrap(),
        [Action::Choose(0), Action::Choose(1)]
    );
    g.apply(Action::Choose(1)).unwrap();
    assert_eq!(g.actor(), Actor::Chance);
    assert_eq!(g.scores(), [11, 0]);
}

#[test]
fn random_games_with_lapsing_decisions_end_and_pass_the_integrity_check() {
    let rules = rules();
    for seed in 0..4 {
        let mut g = Game::new(rules.clone(), 2, seed).unwrap();
        let mut rng = Rng::new(seed);
        let mut steps = 0;
        while !g.is_over() {
            g.step_random(&mut rng).unwrap();
            steps += 1;
            assert!(steps < 10_000, "the game ends");
        }
        g.check_integrity().unwrap();
        // Every turn asked the first decision; some dropped the second.
        assert!(
            g.scores().iter().sum::<i32>() > 0,
            "some second decisions were resolved"
        );
    }
}
