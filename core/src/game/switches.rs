//! Hooks switched off by their plugin at run time ([`Switches`]): a plugin
//! retires a hook it no longer needs (a draw filter once its tiles are out of
//! the bag) with `Cx::set_hook_enabled`. The game's union of active
//! subscriptions ([`Game::active_hooks`]) drops a bit that no plugin has on,
//! so a hook switched off by everyone costs what an unsubscribed hook costs
//! (one bit test); while some plugin still has it on, each subscriber is
//! checked against its own mask ([`Game::switched_off`]) only if some plugin
//! switched that bit off.

use super::*;

/// The hooks a plugin may switch off: those the pipeline dispatches to its
/// subscribers. A plugin's own services (`step_options`, `step_outcomes`,
/// `resolve_step` for the steps it pushed, `figure_strength` of its kinds,
/// `observe` and `figure_note`) always answer.
pub const SWITCHABLE_HOOKS: u64 = hook::ALL
    & !(hook::STEP_OPTIONS
        | hook::STEP_OUTCOMES
        | hook::RESOLVE_STEP
        | hook::FIGURE_STRENGTH
        | hook::OBSERVE
        | hook::FIGURE_NOTE);

state! {
    /// The hooks plugins switched off in a [`Game`].
    #[derive(Debug, PartialEq)]
    pub(super) struct Switches {
        /// Per plugin (by index), the hook bits it switched off; empty until a
        /// plugin switches one off (no allocation for games that never do).
        off: Vec<u64>,
        /// The union of `off`: the bits some plugin switched off.
        pub(super) any: u64,
        /// The plugins (by index, sorted) whose `turn_start` runs only at
        /// the turns of the owner of the follower their spot offer leaves
        /// out ([`Cx::turn_start_for_spot_owner`]); usually empty.
        pub(super) seated: Vec<u8>,
    }
}

impl Switches {
    /// Every hook on (see [`Switches::reset`]).
    pub(super) fn new() -> Switches {
        Switches {
            off: Vec::new(),
            any: 0,
            seated: Vec::new(),
        }
    }

    /// Every hook on again, reusing the buffer.
    pub(super) fn reset(&mut self) {
        self.off.clear();
        self.any = 0;
        self.seated.clear();
    }

    /// The bits plugin `plugin` switched off.
    #[inline]
    pub(super) fn off(&self, plugin: u8) -> u64 {
        self.off.get(usize::from(plugin)).copied().unwrap_or(0)
    }
}

impl Game {
    /// Whether plugin `plugin` switched hook bit `bit` off: one test of the
    /// union first, so a subscriber loop pays a bit test while nobody did.
    #[inline(always)]
    pub(crate) fn switched_off(&self, plugin: u8, bit: u64) -> bool {
        self.switches.any & bit != 0 && self.switches.off(plugin) & bit != 0
    }

    /// Switches hook bit `bit` (one bit of [`hook`]) of plugin `plugin` on or
    /// off. `false` (nothing changes) unless the plugin subscribes to it and
    /// it is one of [`SWITCHABLE_HOOKS`].
    pub(crate) fn set_hook_enabled(&mut self, plugin: u8, bit: u64, on: bool) -> bool {
        let Some(e) = self.rules.plugins.get(usize::from(plugin)) else {
            return false;
        };
        if bit.count_ones() != 1 || bit & SWITCHABLE_HOOKS & e.subs == 0 {
            return false;
        }
        let sw = &mut self.switches;
        if sw.off.len() < self.rules.plugins.len() {
            sw.off.resize(self.rules.plugins.len(), 0);
        }
        let m = &mut sw.off[usize::from(plugin)];
        let new = if on { *m & !bit } else { *m | bit };
        if new == *m {
            // Already so (a plugin that says it every turn): nothing to
            // recompute.
            return true;
        }
        *m = new;
        // Only the bit's subscribers (usually one or two) can have it off, and
        // only this bit changed: both unions are updated from those alone.
        let subscribers = self.rules.subscribers(bit);
        let off = |i: &u8| sw.off.get(usize::from(*i)).is_some_and(|m| m & bit != 0);
        if on {
            self.subs |= bit;
            if !subscribers.iter().any(off) {
                sw.any &= !bit;
            }
        } else {
            sw.any |= bit;
            if subscribers.iter().all(off) {
                self.subs &= !bit;
            }
        }
        debug_assert_eq!(sw.any, sw.off.iter().fold(0, |a, &m| a | m));
        debug_assert_eq!(self.subs, self.active_subscriptions());
        true
    }

    /// Plugin `plugin`'s `turn_start` runs (`on`) only at the turns of the
    /// owner of the follower its spot offer leaves out, or again at every
    /// turn ([`Cx::turn_start_for_spot_owner`]). `false` (nothing changes)
    /// unless the plugin subscribes to `turn_start`.
    pub(crate) fn turn_start_for_spot_owner(&mut self, plugin: u8, on: bool) -> bool {
        let Some(e) = self.rules.plugins.get(usize::from(plugin)) else {
            return false;
        };
        if e.subs & hook::TURN_START == 0 {
            return false;
        }
        let seated = &mut self.switches.seated;
        match (seated.binary_search(&plugin), on) {
            (Err(i), true) => seated.insert(i, plugin),
            (Ok(i), false) => {
                seated.remove(i);
            }
            _ => {}
        }
        true
    }

    /// Whether plugin `plugin`'s `turn_start` is not called at this turn:
    /// it runs only at the turns of the owner of the follower its spot offer
    /// leaves out, and the current player is not he (or none is left out).
    #[inline]
    pub(super) fn turn_start_skipped(&self, plugin: u8) -> bool {
        self.switches.seated.contains(&plugin)
            && self
                .spot_offer_except(plugin)
                .and_then(|f| self.owner_of(f.0))
                != Some(self.turn.current)
    }

    /// The union of the plugins' subscriptions minus what each switched off.
    pub(super) fn active_subscriptions(&self) -> u64 {
        self.rules
            .plugins
            .iter()
            .enumerate()
            .fold(0, |a, (i, e)| a | (e.subs & !self.switches.off(i as u8)))
    }

    /// The hooks some plugin subscribes to and has on now (`Cx::set_hook_enabled`
    /// switches them): a bit of [`hook`] missing here costs nothing.
    #[inline]
    pub fn active_hooks(&self) -> u64 {
        self.subs
    }

    /// Whether plugin `plugin` subscribes to hook bit `bit` and has it on.
    pub fn plugin_hook_enabled(&self, plugin: u8, bit: u64) -> bool {
        self.rules
            .plugins
            .get(usize::from(plugin))
            .is_some_and(|e| e.subs & bit != 0 && self.switches.off(plugin) & bit == 0)
    }
}

#[cfg(test)]
mod tests {
    use crate::*;
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Arc;

    /// Counts its `filter_draws` calls and switches the filter off at the end
    /// of turn 3; tries a few switches it may not make.
    struct Counting(AtomicU32);

    impl Hooks for Counting {
        fn subscriptions(&self) -> u64 {
            hook::FILTER_DRAWS | hook::TURN_END | hook::OBSERVE
        }
        fn filter_draws(&self, _: &View<'_>, _: &[TileTypeId], _: &mut [bool]) -> HookResult {
            self.0.fetch_add(1, Ordering::Relaxed);
            Ok(())
        }
        fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
            if cx.turn() == 3 {
                assert!(!cx.set_hook_enabled(hook::OBSERVE, false), "a service");
                assert!(
                    !cx.set_hook_enabled(hook::TILE_PLACED, false),
                    "not subscribed"
                );
                assert!(!cx.set_hook_enabled(hook::FILTER_DRAWS | hook::TURN_END, false));
                assert!(cx.set_hook_enabled(hook::FILTER_DRAWS, false));
                assert!(!cx.view().hook_enabled(hook::FILTER_DRAWS));
                assert!(cx.view().hook_enabled(hook::TURN_END));
            }
            Ok(())
        }
    }

    #[test]
    fn a_switched_off_hook_is_called_no_more_and_leaves_the_active_hooks() {
        let text = include_str!("../../../configs/tilesets/base.toml");
        let set: TileSetSpec = toml::from_str(text).unwrap();
        let tiles = TileCatalogue::build(&[set], "C2").unwrap();
        let decl = PluginDecl {
            id: "counting".into(),
            ..PluginDecl::default()
        };
        let hooks = Arc::new(Counting(AtomicU32::new(0)));
        let plugins: Vec<(PluginDecl, Arc<dyn Hooks>)> = vec![(decl, hooks.clone())];
        let rules = Arc::new(Rules::new("t", tiles, CoreOptions::default(), plugins).unwrap());
        let mut g = Game::new(rules, 2, 1).unwrap();
        let mut rng = Rng::new(2);
        while g.turn() < 4 {
            assert!(g.step_random(&mut rng).unwrap());
        }
        assert!(hooks.0.load(Ordering::Relaxed) >= 3);
        assert_eq!(g.active_hooks(), hook::TURN_END | hook::OBSERVE);
        assert!(!g.plugin_hook_enabled(0, hook::FILTER_DRAWS));
        assert!(g.plugin_hook_enabled(0, hook::TURN_END));
        g.check_integrity().unwrap();
        let mut fresh = g.clone();
        fresh.restart(1).unwrap();
        assert_eq!(
            fresh.active_hooks(),
            g.rules().subs_any,
            "a restart switches back on"
        );
        let calls = hooks.0.load(Ordering::Relaxed);
        while g.step_random(&mut rng).unwrap() {}
        assert_eq!(hooks.0.load(Ordering::Relaxed), calls, "never called again");
    }
}
