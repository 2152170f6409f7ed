//! The steps pushed in one hook point resolve in push order, even when a
//! plugin's hook there calls other hooks (a figure returned): the nested
//! dispatch leaves the steps queued for the outermost one. Found by
//! `conformance --permute-plugins` on all expansions: the castles' payment
//! at a turn's end returns a follower, and the ransom pushed before it came
//! after the Count's entry pushed after it in one run order and before it in
//! another.

use crate::fixtures;
use carcassonne_core::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// At every turn's end, pushes a decision of the current player with the
/// single option 0 (its tag: the plugin's own number).
struct Pusher(u16);

impl Hooks for Pusher {
    fn subscriptions(&self) -> u64 {
        hook::TURN_END
    }

    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        assert!(cx.push_decision_among(cx.current_player(), self.0, 0, 1));
        Ok(())
    }

    fn resolve_step(&self, _: &mut Cx<'_>, _: Step, _: u32) -> HookResult {
        Ok(())
    }
}

/// At every turn's end, sends the current player's first figure on the board
/// home (the `figure_returned` hooks run, its own among them: a nested
/// dispatch with a subscriber); counts the figures it sent.
struct Recaller(AtomicUsize);

impl Hooks for Recaller {
    fn subscriptions(&self) -> u64 {
        hook::TURN_END | hook::FIGURE_RETURNED
    }

    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        let me = cx.current_player();
        let mine = (0..cx.figure_count() as u16)
            .map(FigureId)
            .find(|&g| cx.figure_owner(g) == Some(me) && cx.figure_location(g).is_some());
        if let Some(g) = mine {
            cx.return_figure(g)?;
            self.0.fetch_add(1, Ordering::Relaxed);
        }
        Ok(())
    }

    fn figure_returned(&self, _: &mut Cx<'_>, _: FigureId, _: Location) -> HookResult {
        Ok(())
    }
}

fn decl(id: &str) -> PluginDecl {
    PluginDecl {
        id: id.into(),
        ..PluginDecl::default()
    }
}

/// The steps waiting at the end of every turn of a random game in which the
/// recaller ran between the two pushers, and how many figures it sent home.
fn pending_at_turn_ends(seed: u64) -> (Vec<Vec<(u8, u16)>>, usize) {
    let recaller = Arc::new(Recaller(AtomicUsize::new(0)));
    let plugins: Vec<(PluginDecl, Arc<dyn Hooks>)> = vec![
        (decl("first"), Arc::new(Pusher(1))),
        (decl("recaller"), recaller.clone()),
        (decl("last"), Arc::new(Pusher(2))),
    ];
    let rules = fixtures::base_rules(CoreOptions::default(), plugins);
    let mut g = Game::new(rules, 2, seed).unwrap();
    let mut rng = Rng::new(seed);
    let mut seen = Vec::new();
    while g.step_random(&mut rng).unwrap() {
        let pending = g.pending_steps();
        if pending.len() == 2 {
            seen.push(pending.iter().map(|s| (s.owner, s.tag)).collect());
        }
    }
    (seen, recaller.0.load(Ordering::Relaxed))
}

#[test]
fn steps_pushed_around_a_nested_dispatch_resolve_in_push_order() {
    let (mut turns, mut recalled) = (0, 0);
    for seed in 0..3 {
        let (seen, r) = pending_at_turn_ends(seed);
        for pending in &seen {
            // The top (last) resolves first: the first pusher's decision,
            // pushed before the recaller's dispatch, then the last one's.
            assert_eq!(pending, &[(2, 2), (0, 1)], "seed {seed}");
        }
        turns += seen.len();
        recalled += r;
    }
    assert!(turns > 100, "{turns} turn ends");
    assert!(recalled > 20, "a nested dispatch in {recalled} of them");
}
