//! [`AbiHooks`]: the core's `Hooks` over a plugin object, generated from the
//! core's hook table. Each hook lends the game to the plugin through a
//! [`HostCtx`], converts the arguments that need it (slices, output lists,
//! the scoring information) and turns the plugin's answer, or a fault it
//! caused, into the core's `HookResult`.

use super::ctx::{Fault, HostCtx};
use carcassonne_core::types::*;
use carcassonne_core::{
    CoreOptions, FigureOption, HookError, HookResult, Hooks, NameCtx, Narrowed, Outcome, Placement,
    Points, ScoreInfo, Step, ValueChange,
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

/// Whether the plugin declared the narrowing of `$call` (one bit test) and the
/// core finds the call outside the case it keeps.
macro_rules! narrowed {
    ($s:ident, $c:ident, $call:expr) => {{
        let call = $call;
        $s.narrow & call.bits() != 0 && $c.game.outside_narrowed_case($c.plugin, $s.narrow, call)
    }};
}

/// Whether a call of hook `$name` falls in a case the plugin narrowed away
/// (see [`narrow`]; the core decides, [`carcassonne_core::Game::narrowed_away`]); `false` for the
/// hooks no bit narrows, and for those the core dispatches narrowed
/// (`tile_drawn`, `filter_placements`, `tile_placed`, `figure_options`,
/// `filter_figure_options`, `figure_chosen`, `before_figure`, `after_figure`,
/// `figure_returned`, `majority`, `feature_scored`: it checked each
/// subscriber just before the call).
macro_rules! skipped {
    ($s:ident, $c:ident, features_merged ($kept:ident, $absorbed:ident)) => {
        narrowed!($s, $c, Narrowed::Merged($kept, $absorbed))
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

            fn narrowing(&self) -> u64 {
                self.narrow
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
