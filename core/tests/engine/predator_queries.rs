//! The one-call queries of figures that walk from tile to tile and take the
//! figures off the tiles they enter (the dragon): `tiles_open_to` gives what
//! four `tile_at` and `may_deploy` give, and `return_figures_on_tile` sends
//! home what a look at the tile's figures finds, at every turn of random base
//! games.

use crate::fixtures;
use carcassonne_core::*;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

/// At every turn start, eats the figures on a feature of the tile placed
/// last turn (standing figures, the followers of base), checking the query's
/// answer against the per-figure queries; counts the figures eaten.
struct Meal {
    eaten: AtomicU32,
}

impl Hooks for Meal {
    fn subscriptions(&self) -> u64 {
        hook::TURN_START
    }

    fn turn_start(&self, cx: &mut Cx<'_>) -> HookResult {
        let Some(last) = cx.view().placed_count().checked_sub(1) else {
            return Ok(());
        };
        let t = TileIndex(last as u16);
        let want: Vec<FigureId> = {
            let v = cx.view();
            (0..v.figure_count() as u16)
                .map(FigureId)
                .filter(|&g| match v.figure_location(g) {
                    Some(Location::Feature(f)) => v.feature_tile(f) == Some(t),
                    _ => false,
                })
                .collect()
        };
        let none = cx.return_figures_on_tile(t, 1 << FigureClass::Building as u8)?;
        assert!(none.is_empty(), "no building in base");
        let eaten = cx.return_figures_on_tile(t, 1 << FigureClass::Standing as u8)?;
        assert_eq!(eaten, want);
        for &g in &eaten {
            assert_eq!(cx.view().figure_location(g), None, "home");
        }
        self.eaten.fetch_add(eaten.len() as u32, Ordering::Relaxed);
        Ok(())
    }
}

/// Vetoes every deployment onto a tile whose index is a multiple of three,
/// without narrowing its veto (it is asked about every tile).
struct Ward;

impl Hooks for Ward {
    fn subscriptions(&self) -> u64 {
        hook::FILTER_FIGURE_OPTIONS
    }

    fn filter_figure_options(
        &self,
        _: &View<'_>,
        opts: &[FigureOption],
        keep: &mut [bool],
    ) -> HookResult {
        for (o, k) in opts.iter().zip(keep.iter_mut()) {
            if let FigureOption::Deploy {
                at: Location::Tile(t),
                ..
            } = *o
            {
                *k &= t.0 % 3 != 0;
            }
        }
        Ok(())
    }
}

#[test]
fn tiles_open_to_and_return_figures_on_tile_agree_with_the_per_item_queries() {
    for ward in [false, true] {
        tiles_open_to_agrees(ward);
    }
}

/// The test above, with [`Ward`] among the plugins (`ward`) or not.
fn tiles_open_to_agrees(ward: bool) {
    let meal = Arc::new(Meal {
        eaten: AtomicU32::new(0),
    });
    let decl = |id: &str| PluginDecl {
        id: id.into(),
        ..PluginDecl::default()
    };
    let mut plugins: Vec<(PluginDecl, Arc<dyn Hooks>)> = vec![(decl("meal"), meal.clone())];
    if ward {
        plugins.push((decl("ward"), Arc::new(Ward)));
    }
    let rules = fixtures::base_rules(CoreOptions::default(), plugins);
    let follower = FigureKindId(0);
    for seed in 0..6 {
        let mut g = Game::new(rules.clone(), 2, seed).unwrap();
        let mut rng = Rng::new(seed ^ 0xd1a);
        while g.step_random(&mut rng).unwrap() {
            for t in (0..g.placed_count() as u16).map(TileIndex) {
                let pos = g.tile_pos(t).expect("a placed tile");
                let by_hand = Side::ALL.iter().fold(0u8, |m, &s| {
                    let open = g
                        .tile_at(pos.step(s))
                        .is_some_and(|q| g.may_deploy(follower, Location::Tile(q)).unwrap());
                    m | u8::from(open) << s as u8
                });
                assert_eq!(g.tiles_open_to(follower, t).unwrap(), by_hand);
            }
        }
    }
    assert_eq!(g_none(&rules), 0);
    assert!(
        meal.eaten.load(Ordering::Relaxed) > 20,
        "figures were eaten"
    );
}

/// `tiles_open_to` of a tile that is not placed, and of a kind that does not
/// exist: nothing open.
fn g_none(rules: &Arc<Rules>) -> u8 {
    let g = Game::new(rules.clone(), 2, 1).unwrap();
    g.tiles_open_to(FigureKindId(0), TileIndex(500)).unwrap()
        | g.tiles_open_to(FigureKindId(200), TileIndex(0)).unwrap()
}
