//! The drawn tile's placement list is built once when a plugin filters
//! placements: counted at the draw and kept for the random placement that
//! follows. A `tile_drawn` hook may change what the filter reads; the list is
//! then listed again, so the random placement is always a legal one.

use carcassonne_core::*;
use std::collections::BTreeSet;
use std::sync::Arc;

/// Flips its game word at every tile drawn; while the word is odd, its
/// placement filter keeps only the first candidate.
struct Flip;

impl Hooks for Flip {
    fn subscriptions(&self) -> u64 {
        hook::TILE_DRAWN | hook::FILTER_PLACEMENTS
    }

    fn tile_drawn(&self, cx: &mut Cx<'_>, _: TileTypeId) -> HookResult {
        cx.reborrow().state_words_mut()[0] ^= 1;
        Ok(())
    }

    fn filter_placements(
        &self,
        v: &View<'_>,
        _: TileTypeId,
        _: &[Placement],
        keep: &mut [bool],
    ) -> HookResult {
        if v.state_words()[0] & 1 == 1 {
            keep.iter_mut().skip(1).for_each(|k| *k = false);
        }
        Ok(())
    }
}

fn rules() -> Arc<Rules> {
    let decl = PluginDecl {
        id: "flip".into(),
        state: StateWords {
            game: 1,
            ..StateWords::default()
        },
        ..PluginDecl::default()
    };
    let hooks: Arc<dyn Hooks> = Arc::new(Flip);
    crate::fixtures::base_rules(CoreOptions::default(), vec![(decl, hooks)])
}

/// The drawn tile's legal placements, from the full list.
fn legal(g: &Game) -> BTreeSet<(Pos, Rotation)> {
    g.legal_actions()
        .unwrap()
        .into_iter()
        .filter_map(|a| match a {
            Action::Place(p) => Some((p.pos, p.rot)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_tile_drawn_hook_that_changes_the_filter_lists_the_placements_again() {
    let rules = rules();
    let (mut narrowed, mut turns) = (0, 0);
    for seed in 0..20 {
        let mut g = Game::new(rules.clone(), 2, seed).unwrap();
        let mut rng = Rng::new(seed ^ 0x5eed);
        loop {
            if g.stage() != Stage::Place {
                if !g.step_random(&mut rng).unwrap() {
                    break;
                }
                continue;
            }
            let ok = legal(&g);
            narrowed += usize::from(ok.len() == 1);
            turns += 1;
            let n = g.tiles().len();
            assert!(g.step_random(&mut rng).unwrap());
            let t = g.tiles()[n];
            assert!(
                ok.contains(&(t.pos, t.rot)),
                "seed {seed}, turn {turns}: {:?} {:?} is not among {ok:?}",
                t.pos,
                t.rot
            );
        }
        assert!(g.is_over(), "seed {seed}");
    }
    // Half the turns had one placement left after the hook: the check bit.
    assert!(narrowed * 3 > turns, "{narrowed} of {turns}");
}
