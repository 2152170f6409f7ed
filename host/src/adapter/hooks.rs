//! [`AbiHooks`]: the core's `Hooks` over a plugin object, generated from the
//! core's hook table. Each hook lends the game to the plugin through a
//! [`HostCtx`], converts the arguments that need it (slices, output lists,
//! the scoring information) and turns the plugin's answer, or a fault it
//! caused, into the core's `HookResult`.

use super::ctx::{Fault, HostCtx};
use carcassonne_core::types::*;
use carcassonne_core::{
    CoreOptions, FigureOption, Game, HookError, HookResult, Hooks, NameCtx, Outcome, Placement,
    Points, ScoreInfo, Step,
};
use carcassonne_plugin_abi::{narrow, HookStatus, PluginObj, RErr, ROk, RStr, RString};

/// A configured plugin object as the engine's [`Hooks`].
pub struct AbiHooks {
    id: String,
    obj: PluginObj,
    subs: u64,
    /// Its narrowed subscriptions (bits of [`narrow`]).
    narrow: u64,
}

impl AbiHooks {
    /// Wraps a configured plugin object; `allowed` are the hooks its descriptor
    /// declares (the instance may subscribe to fewer).
    pub fn new(id: impl Into<String>, obj: PluginObj, allowed: u64) -> AbiHooks {
        let subs = (obj.vtable().subscriptions)(obj.this()) & allowed & carcassonne_core::hook::ALL;
        let narrow = (obj.vtable().narrowing)(obj.this()) & narrow::ALL;
        AbiHooks {
            id: id.into(),
            obj,
            subs,
            narrow,
        }
    }

    /// Whether the plugin narrowed its subscriptions with `bit` (a [`narrow`] bit).
    #[inline]
    fn narrowed(&self, bit: u64) -> bool {
        self.narrow & bit != 0
    }

    /// Copies of the configured plugin's `i`-th figure kind (0: as declared).
    pub fn figure_count(&self, i: usize) -> u8 {
        (self.obj.vtable().figure_count)(self.obj.this(), i as u32)
    }

    fn err(&self, hook: &'static str, message: impl Into<String>) -> HookError {
        HookError {
            plugin: self.id.clone(),
            hook,
            message: message.into(),
        }
    }

    #[inline]
    fn finish(&self, hook: &'static str, ctx: &HostCtx, r: HookStatus) -> HookResult {
        let fault = ctx.fault.take();
        if fault.is_none() && r.is_ok() {
            return Ok(());
        }
        self.fail(hook, fault, r)
    }

    #[cold]
    #[inline(never)]
    fn fail(&self, hook: &'static str, fault: Option<Fault>, r: HookStatus) -> HookResult {
        match fault {
            Some(Fault::Nested(e)) => return Err(e),
            Some(Fault::Misuse(m)) => return Err(self.err(hook, m)),
            None => {}
        }
        match r {
            ROk(()) => Ok(()),
            RErr(m) => Err(self.err(hook, m.into_string())),
        }
    }
}

/// The cases the [`narrow`] bits name, seen from the host: each is `true` when
/// plugin `plugin` declared that its hook has nothing to do there. An id the
/// game does not know is never skipped (the plugin's own query reports it).
mod skip {
    use super::*;

    /// `features_merged`: neither feature holds a non-zero word of the plugin.
    #[inline]
    pub(super) fn merged(g: &Game, plugin: u8, kept: FeatureId, absorbed: FeatureId) -> bool {
        let empty = |f| {
            g.plugin_feature_state(plugin, f)
                .is_some_and(|w| w.iter().all(|&x| x == 0))
        };
        empty(kept) && empty(absorbed)
    }

    /// The figure kinds plugin `plugin` declares.
    #[inline]
    fn kinds(g: &Game, plugin: u8) -> impl Iterator<Item = FigureKindId> {
        let (first, n) = g
            .rules()
            .plugins
            .get(usize::from(plugin))
            .map_or((0, 0), |e| (e.first_figure.0, e.decl.figures.len()));
        (first..first.saturating_add(n.min(255) as u8)).map(FigureKindId)
    }

    /// `figure_options`: the current player has none of the plugin's figures in supply.
    #[inline]
    pub(super) fn options(g: &Game, plugin: u8) -> bool {
        let me = g.current_player();
        kinds(g, plugin).all(|k| g.supply(me, k) == 0)
    }

    /// `figure_chosen`: `opt` is not an option of the plugin.
    #[inline]
    pub(super) fn chosen(g: &Game, plugin: u8, opt: FigureOption) -> bool {
        match opt {
            FigureOption::Pass => true,
            FigureOption::Deploy { kind, .. } => {
                g.rules().kind_plugin.get(kind.index()) != Some(&Some(plugin))
            }
            FigureOption::Special { plugin: p, .. } => p != plugin,
        }
    }

    /// `before_figure`, `after_figure`: no tile was placed this turn, or it is
    /// part of no feature in which a figure of the current player of one of the
    /// plugin's kinds stands.
    #[inline]
    pub(super) fn figure_step(g: &Game, plugin: u8) -> bool {
        let Some(t) = g.last_placed() else {
            return true;
        };
        let me = g.current_player();
        !kinds(g, plugin).any(|k| g.tile_extends_figure_of(t, me, k))
    }

    /// `figure_returned`: `fig` is not of one of the plugin's kinds.
    #[inline]
    pub(super) fn returned(g: &Game, plugin: u8, fig: FigureId) -> bool {
        g.figure_kind(fig)
            .is_some_and(|k| g.rules().kind_plugin.get(k.index()) != Some(&Some(plugin)))
    }

    /// `tile_drawn`: tile type `tile` carries none of the plugin's markers.
    #[inline]
    pub(super) fn drawn(g: &Game, plugin: u8, tile: TileTypeId) -> bool {
        let mine = g
            .rules()
            .plugins
            .get(usize::from(plugin))
            .map_or(0, |e| e.marker_bits.iter().fold(0, |a, &b| a | b));
        g.tile_type_markers(tile).is_some_and(|m| m & mine == 0)
    }
}

/// Whether a call of hook `$name` falls in a case the plugin narrowed away
/// (see [`narrow`]); `false` for the hooks no bit narrows.
macro_rules! skipped {
    ($s:ident, $c:ident, features_merged ($kept:ident, $absorbed:ident)) => {
        $s.narrowed(narrow::MERGED_WITH_STATE) && skip::merged($c.game, $c.plugin, $kept, $absorbed)
    };
    ($s:ident, $c:ident, figure_options ($opts:ident)) => {
        $s.narrowed(narrow::OPTIONS_WITH_SUPPLY) && skip::options($c.game, $c.plugin)
    };
    ($s:ident, $c:ident, figure_chosen ($opt:ident)) => {
        $s.narrowed(narrow::CHOSEN_MINE) && skip::chosen($c.game, $c.plugin, $opt)
    };
    ($s:ident, $c:ident, tile_drawn ($tile:ident)) => {
        $s.narrowed(narrow::DRAWN_MARKED) && skip::drawn($c.game, $c.plugin, $tile)
    };
    ($s:ident, $c:ident, before_figure ()) => {
        $s.narrowed(narrow::FIGURE_STEP_EXTENDS_MINE) && skip::figure_step($c.game, $c.plugin)
    };
    ($s:ident, $c:ident, after_figure ()) => {
        $s.narrowed(narrow::FIGURE_STEP_EXTENDS_MINE) && skip::figure_step($c.game, $c.plugin)
    };
    ($s:ident, $c:ident, figure_returned ($fig:ident, $from:ident)) => {
        $s.narrowed(narrow::RETURNED_MINE) && skip::returned($c.game, $c.plugin, $fig)
    };
    ($s:ident, $c:ident, majority ($info:ident, $winners:ident)) => {
        $s.narrowed(narrow::MAJORITY_TIED) && $winners.len() < 2
    };
    ($s:ident, $c:ident, feature_scored ($info:ident, $points:ident)) => {
        $s.narrowed(narrow::SCORED_WHEN_LOGGING) && !$c.game.logging()
    };
    ($s:ident, $c:ident, $name:ident ($($arg:ident),*)) => {
        false
    };
}

/// The host context of a hook: `cx` read-write, `v` read-only.
macro_rules! host_ctx {
    (cx, $c:ident) => {
        HostCtx::write(&mut *$c.game, $c.plugin)
    };
    (v, $c:ident) => {
        HostCtx::read($c.game, $c.plugin)
    };
}

macro_rules! abi_hooks {
    ($( $(#[doc = $doc:literal])* $name:ident $bit:ident ($ctx:ident) {
        $($arg:ident : $kind:ident ($($cty:tt)*) => ($($aty:tt)*)),* $(,)?
    } )*) => {
        impl Hooks for AbiHooks {
            fn subscriptions(&self) -> u64 {
                self.subs
            }

            $(
                fn $name(
                    &self,
                    ctx: carcassonne_core::__hook_ctx!($ctx)
                    $(, $arg: $($cty)*)*
                ) -> HookResult {
                    /// The call across the interface, out of line so that a skipped
                    /// call costs only its check.
                    #[inline(never)]
                    fn cross(
                        s: &AbiHooks,
                        ctx: carcassonne_core::__hook_ctx!($ctx)
                        $(, $arg: $($cty)*)*
                    ) -> HookResult {
                        let hc = host_ctx!($ctx, ctx);
                        let (vt, this, host) = (s.obj.vtable(), s.obj.this(), hc.host_ref());
                        let r = carcassonne_plugin_abi::__to_abi!(
                            [$($arg $kind),*]
                            (vt.$name)(this, host $(, $arg)*)
                        );
                        s.finish(stringify!($name), &hc, r)
                    }
                    if skipped!(self, ctx, $name ($($arg),*)) {
                        return Ok(());
                    }
                    cross(self, ctx $(, $arg)*)
                }
            )*

            fn check_core(&self, core: &CoreOptions) -> Result<(), String> {
                (self.obj.vtable().check_core)(self.obj.this(), *core)
                    .into_result()
                    .map_err(RString::into_string)
            }

            fn value_name(&self, what: NameCtx, value: u32) -> String {
                (self.obj.vtable().value_name)(self.obj.this(), what, value).into_string()
            }

            fn parse_value(&self, what: NameCtx, text: &str) -> Option<u32> {
                (self.obj.vtable().parse_value)(self.obj.this(), what, RStr::from_str(text))
                    .into_option()
            }

            fn describe_step(&self, step: Step) -> String {
                (self.obj.vtable().describe_step)(self.obj.this(), step).into_string()
            }
        }
    };
}

carcassonne_core::hook_table!(abi_hooks);
