//! [`AbiHooks`]: the core's `Hooks` over a plugin object, generated from the
//! core's hook table. Each hook lends the game to the plugin through a
//! [`HostCtx`], converts the arguments that need it (slices, output lists,
//! the scoring information) and turns the plugin's answer, or a fault it
//! caused, into the core's `HookResult`.

use super::ctx::{Fault, HostCtx};
use carcassonne_core::types::*;
use carcassonne_core::{
    CoreOptions, FigureOption, HookError, HookResult, Hooks, NameCtx, Narrowed, Outcome,
    PiecePlacement, Placement, Points, ScoreInfo, Step, TileCount, ValueChange,
};
use carcassonne_plugin_abi::{
    narrow, AbiTileCatalogue, AbiTileInfo, HookStatus, PluginObj, RErr, ROk, RSlice, RStr, RVec,
};

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
        let subs = obj.subscriptions() & allowed & carcassonne_core::hook::ALL;
        let narrow = obj.narrowing() & narrow::ALL;
        AbiHooks {
            id: id.into(),
            obj,
            subs,
            narrow,
        }
    }

    /// Copies of the configured plugin's `i`-th figure kind (0: as declared).
    pub fn figure_count(&self, i: usize) -> u8 {
        self.obj.figure_count(i as u32)
    }

    fn err(&self, hook: &'static str, message: impl Into<String>) -> HookError {
        HookError {
            plugin: self.id.clone(),
            hook,
            message: carcassonne_core::hooks::plugin_message(message.into()),
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
    fn fail(&self, hook: &'static str, fault: Option<Box<Fault>>, r: HookStatus) -> HookResult {
        match fault.map(|f| *f) {
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
        $s.narrow & call.bit() != 0 && $c.game.outside_narrowed_case($c.plugin, call)
    }};
}

/// Whether a call falls in a case the plugin narrowed away that the host
/// decides (the hook table's cases `narrowed by host`, for hooks the engine
/// dispatches whole; see [`narrow`]: the engine decides,
/// [`carcassonne_core::Game::narrowed_away`]); `false` for every other hook
/// (those the engine dispatches narrowed were checked just before the call).
macro_rules! skipped {
    ($s:ident, $c:ident, host $variant:ident ($($a:ident),*)) => {
        narrowed!($s, $c, Narrowed::$variant($($a),*))
    };
    ($s:ident, $c:ident, $($other:tt)*) => {
        false
    };
}

/// The call across the interface of one hook: inlined into the hook's method
/// when no case of it is narrowed by the host (the method is then that call
/// and nothing else: no trampoline), out of line otherwise, so that a call
/// the host skips costs only its check.
macro_rules! cross_fn {
    ([$(engine)*] $($f:tt)*) => {
        #[inline(always)]
        $($f)*
    };
    ([$($who:ident)*] $($f:tt)*) => {
        #[inline(never)]
        $($f)*
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
    } [$(narrowed by $who:ident :
        $(#[doc = $ndoc:literal])* $nbit:ident $variant:ident ( $($narg:ident : $nty:ty),* )
    )*] )*) => {
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
                    cross_fn! { [$($who)*]
                    fn cross(
                        s: &AbiHooks,
                        ctx: carcassonne_core::__hook_ctx!($ctx)
                        $(, $arg: $($cty)*)*
                    ) -> HookResult {
                        let hc = host_ctx!($ctx, ctx);
                        let r = carcassonne_plugin_abi::__to_abi!(
                            [$($arg $kind),*]
                            s.obj.$name(hc.host_ref() $(, $arg)*)
                        );
                        s.finish(stringify!($name), &hc, r)
                    }
                    }
                    if false $(|| skipped!(self, ctx, $who $variant ($($narg),*)))* {
                        return Ok(());
                    }
                    cross(self, ctx $(, $arg)*)
                }
            )*

            fn check_core(&self, core: &CoreOptions) -> Result<(), String> {
                self.obj.check_core(*core)
                    .into_result()
                    .map_err(|m| carcassonne_core::hooks::plugin_message(m.into_string()))
            }

            fn compose_tiles(
                &self,
                tiles: &carcassonne_core::TileCatalogue,
                counts: &mut Vec<TileCount>,
            ) -> Result<(), String> {
                let (infos, markers) = tile_infos(tiles);
                let start = tiles.start.as_ref();
                let view = AbiTileCatalogue {
                    tiles: RSlice::from_slice(&infos),
                    markers: RSlice::from_slice(&markers),
                    start_set: RStr::from_str(start.map_or("", |s| s.set.as_str())),
                    start_priority: start.map_or(0, |s| s.priority),
                };
                let mut out = RVec::new();
                let r = self.obj.compose_tiles(&view, &mut out);
                counts.extend(out);
                r.into_result()
                    .map_err(|m| carcassonne_core::hooks::plugin_message(m.into_string()))
            }

            fn value_name(&self, what: NameCtx, value: u32) -> String {
                self.obj.value_name(what, value).into_string()
            }

            fn parse_value(&self, what: NameCtx, text: &str) -> Option<u32> {
                self.obj.parse_value(what, RStr::from_str(text))
                    .into_option()
            }

            fn describe_step(&self, step: Step) -> String {
                self.obj.describe_step(step).into_string()
            }

            fn value_label(&self, what: NameCtx, value: u32) -> String {
                self.obj.value_label(what, value).into_string()
            }
        }
    };
}

carcassonne_core::hook_table!(abi_hooks);

/// The entries and marker names of `cat`, lent to plugins as an
/// [`AbiTileCatalogue`] at build time (`compose_tiles`).
fn tile_infos(cat: &carcassonne_core::TileCatalogue) -> (Vec<AbiTileInfo<'_>>, Vec<RStr<'_>>) {
    let tiles = cat
        .types
        .iter()
        .enumerate()
        .map(|(i, t)| AbiTileInfo {
            id: RStr::from_str(&t.id),
            set: RStr::from_str(&t.set),
            count: t.count,
            per_player: t.per_player,
            start_copies: cat
                .start
                .as_ref()
                .map_or(0, |s| s.copies(TileTypeId(i as u16))),
            start_flag: t.start,
            count_fixed: t.count_fixed,
            markers: t.markers,
            barrier_sides: t.has_barrier_sides(),
        })
        .collect();
    let markers = cat
        .markers
        .names()
        .iter()
        .map(|n| RStr::from_str(n))
        .collect();
    (tiles, markers)
}
