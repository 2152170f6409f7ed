//! `Game::action_label`: a plugin's label of a value for people, with the
//! core's placeholders filled in, else the record text (`Hooks::value_label`'s
//! default), and the conformance kit's check of labels.

use crate::fixtures;
use carcassonne_core::*;
use std::sync::Arc;

/// After every turn the next player picks: 0 (no label), 1, the spot of
/// feature 0 of the tile just placed, or player 0's first follower.
struct Labeller {
    /// Labels too long for the kit.
    long: bool,
}

impl Hooks for Labeller {
    fn subscriptions(&self) -> u64 {
        hook::TURN_END
    }

    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        let g = &*cx.game;
        let pos = g.last_placed().and_then(|t| g.tile_pos(t)).unwrap();
        let spot = spot_code(pos, Some(0)).unwrap();
        let who = cx.current_player().offset(1, cx.players());
        cx.push_decision(who, 1, spot);
        Ok(())
    }

    fn step_options(&self, _: &View<'_>, step: Step, out: &mut Vec<u32>) -> HookResult {
        out.extend([0, 1, step.arg, FIGURE_CODE]);
        Ok(())
    }

    fn resolve_step(&self, _: &mut Cx<'_>, _: Step, _: u32) -> HookResult {
        Ok(())
    }

    fn value_label(&self, what: NameCtx, value: u32) -> String {
        match (what, value) {
            (_, 0) => String::new(),
            (_, 1) if self.long => "a very long label ".repeat(6),
            (_, 1) => "Take one for {P1}".into(),
            (_, FIGURE_CODE) => format!("Free {LABEL_FIGURE}"),
            _ => format!("Go to {LABEL_PLACE}"),
        }
    }
}

fn rules(long: bool) -> Arc<Rules> {
    let decl = PluginDecl {
        id: "labeller".into(),
        ..PluginDecl::default()
    };
    fixtures::base_rules(
        CoreOptions::default(),
        vec![(decl, Arc::new(Labeller { long }) as Arc<dyn Hooks>)],
    )
}

/// A game of `rules` at its first decision.
fn at_decision(rules: Arc<Rules>) -> Game {
    let mut g = Game::new(rules, 2, 5).unwrap();
    let mut rng = Rng::new(5);
    while g.pending_steps().is_empty() {
        assert!(g.step_random(&mut rng).unwrap());
    }
    g
}

#[test]
fn a_plugin_label_is_shown_with_the_places_and_figures_filled_in() {
    let g = at_decision(rules(false));
    let step = *g.pending_steps().last().unwrap();
    // No label: the record text.
    assert_eq!(g.action_label(Action::Choose(0)), "labeller 0");
    assert_eq!(
        g.action_label(Action::Choose(0)),
        g.format_action(Action::Choose(0))
    );
    // Player placeholders are left to front ends, as in prompts.
    assert_eq!(g.action_label(Action::Choose(1)), "Take one for {P1}");
    // The place: the feature's kind and the tile's position (with the sides
    // it reaches when another feature of its kind shares the tile).
    let t = g.last_placed().unwrap();
    let kind = g.feature_kind(g.feature_of(t, 0).unwrap()).unwrap();
    let pos = g.tile_pos(t).unwrap();
    let go = g.action_label(Action::Choose(step.arg));
    assert!(go.starts_with(&format!("Go to the {kind} ")), "{go}");
    assert!(go.ends_with(&pos.to_string()), "{go}");
    assert!(!go.contains('{'), "{go}");
    // The figure: owner as a placeholder, kind, place.
    let free = g.action_label(Action::Choose(FIGURE_CODE));
    assert!(free.starts_with("Free {P0}'s follower"), "{free}");
    // The record text is unchanged, and other actions are their record text.
    assert_eq!(g.format_action(Action::Choose(1)), "labeller 1");
    for a in g.legal_actions().unwrap() {
        assert!(g.check_action_label(a).is_ok());
    }
}

#[test]
fn without_labels_every_action_reads_as_its_record_text() {
    // The default `value_label` of a plugin that gives none: empty.
    struct Silent;
    impl Hooks for Silent {
        fn subscriptions(&self) -> u64 {
            0
        }
    }
    assert_eq!(Silent.value_label(NameCtx::Special, 3), "");
    let mut g = at_decision(rules(false));
    let mut rng = Rng::new(9);
    for _ in 0..60 {
        if g.is_over() {
            break;
        }
        if g.actor() != Actor::Chance {
            for a in g.legal_actions().unwrap() {
                let label = g.action_label(a);
                match a {
                    Action::Choose(_) => {}
                    _ => assert_eq!(label, g.format_action(a)),
                }
            }
        }
        g.step_random(&mut rng).unwrap();
    }
}

#[test]
fn the_kit_refuses_a_label_too_long_naming_the_plugin() {
    let g = at_decision(rules(true));
    let e = g.check_action_label(Action::Choose(1)).unwrap_err();
    assert!(e.contains("plugin `labeller`"), "{e}");
    assert!(e.contains("labeller 1"), "{e}");
    let e = conformance::run(
        &rules(true),
        conformance::Options {
            games: 3,
            ..conformance::Options::default()
        },
        &|_| Ok(()),
    )
    .unwrap_err();
    assert!(e.message.contains("plugin `labeller`"), "{e}");
}
