//! What a host handle points to during one hook call, and the checks of every id
//! a plugin passes.
//!
//! The one module of the adapter with unsafe code: a [`HostHandle`] is a raw
//! pointer to a [`HostCtx`] on the adapter's stack, and the context lends the
//! game it holds. Lifetimes follow the handle: a handle of lifetime `'a`
//! gives a `&'a HostCtx`, and what a callback lends through it (state words,
//! names) borrows for that `'a` (no lifetime is extended).
#![allow(unsafe_code)]

use carcassonne_core::rules::MAX_HOOK_DEPTH;
use carcassonne_core::{
    AreaId, Cx, FeatureId, FigureId, FigureKindId, Game, HookError, Location, PlayerId, TileIndex,
    TileTypeId, View,
};
use carcassonne_plugin_abi::{HostHandle, HostRef};
use std::cell::Cell;
use std::ffi::c_void;
use std::marker::PhantomData;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr::NonNull;

/// Why a hook failed although (or before) the plugin returned.
pub(super) enum Fault {
    /// The plugin passed a bad id or wrote from a read-only hook.
    Misuse(String),
    /// A hook of some plugin failed inside a nested callback (`score_feature`, ...).
    Nested(HookError),
}

/// What a [`HostHandle`] points to during one hook call: the game the engine
/// lent to the hook for `'g`, read-only or read-write.
pub struct HostCtx<'g> {
    game: NonNull<Game>,
    plugin: u8,
    writable: bool,
    /// The first fault of the call, boxed: one word to set up and to test
    /// when the hook returns (a fault is the rare case).
    pub(super) fault: Cell<Option<Box<Fault>>>,
    lent: PhantomData<&'g mut Game>,
}

impl<'g> HostCtx<'g> {
    /// A context for a read-only hook.
    #[inline]
    pub(super) fn read(g: &'g Game, plugin: u8) -> HostCtx<'g> {
        HostCtx {
            game: NonNull::from(g),
            plugin,
            writable: false,
            fault: Cell::new(None),
            lent: PhantomData,
        }
    }

    /// A context for a hook that may change the game.
    #[inline]
    pub(super) fn write(g: &'g mut Game, plugin: u8) -> HostCtx<'g> {
        HostCtx {
            game: NonNull::from(g),
            plugin,
            writable: true,
            fault: Cell::new(None),
            lent: PhantomData,
        }
    }

    /// The reference handed to the plugin: valid while this context is borrowed.
    #[inline]
    pub(super) fn host_ref(&self) -> HostRef<'_> {
        HostRef {
            vtable: &super::HOST_VTABLE,
            // SAFETY: a pointer to this context, which the callbacks expect, for
            // the borrow of `self`.
            handle: unsafe { HostHandle::new((self as *const Self).cast_mut().cast::<c_void>()) },
        }
    }

    /// The context behind a handle the host made (`host_ref`).
    ///
    /// # Safety
    /// `h` must come from `host_ref` of a context that is still borrowed (the
    /// plugin passes back the handle of the running hook).
    #[inline]
    pub(super) unsafe fn of(h: HostHandle<'_>) -> &HostCtx<'_> {
        // SAFETY: the function's contract.
        unsafe { &*h.as_ptr().cast::<HostCtx<'_>>() }
    }

    #[inline]
    pub(super) fn game(&self) -> &Game {
        // SAFETY: the pointer comes from the `&Game`/`&mut Game` the engine lent
        // to the hook for `'g`, which outlives this borrow; while the hook runs
        // the game is reached only through this context (see `cx`).
        unsafe { self.game.as_ref() }
    }

    /// The core's read-only context for this plugin.
    #[inline]
    pub(super) fn view(&self) -> View<'_> {
        View {
            game: self.game(),
            plugin: self.plugin,
        }
    }

    /// The core's read-write context, if this is a read-write hook; else records misuse.
    pub(super) fn cx(&self, op: &str) -> Option<Cx<'_>> {
        if self.writable {
            // SAFETY: from the engine's `&mut Game`, lent for `'g` to this hook,
            // which does not touch the game while the hook runs. The SDK's `Cx`
            // reaches this only from `&mut self` methods and what a change lends
            // borrows that `Cx`, so nothing lent by an earlier callback is used
            // while this reference is.
            let game = unsafe { &mut *self.game.as_ptr() };
            // A change asked for by a hook nested as deep as hooks may run
            // calls hooks again without end (a `feature_scored` hook that
            // scores its feature again): refused, the game ends with the
            // plugin's error instead of overflowing the stack. So is every
            // change asked for once this call failed (the hook fails anyway):
            // a hook that ignored the refusal and asked again would call
            // hooks again at every level below, twice as often at each.
            if self.failed() {
                return None;
            }
            if game.hook_depth() >= MAX_HOOK_DEPTH {
                self.too_deep(op);
                return None;
            }
            Some(Cx {
                game,
                plugin: self.plugin,
            })
        } else {
            self.misuse(format!(
                "`{op}` changes the game, but this hook may only read it"
            ));
            None
        }
    }

    /// Records a change asked for at [`MAX_HOOK_DEPTH`].
    #[cold]
    #[inline(never)]
    fn too_deep(&self, op: &str) {
        self.misuse(format!(
            "`{op}` asked for by a hook nested {MAX_HOOK_DEPTH} deep, the limit: a change made in a hook (a feature scored, a figure moved or returned) calls hooks again without end"
        ));
    }

    #[cold]
    #[inline(never)]
    pub(super) fn misuse(&self, message: String) {
        self.record(Fault::Misuse(message));
    }

    /// Records a hook error raised inside a nested callback.
    #[cold]
    #[inline(never)]
    pub(super) fn nested(&self, e: HookError) {
        self.record(Fault::Nested(e));
    }

    /// Whether a fault was recorded in this call: the hook fails.
    #[inline]
    fn failed(&self) -> bool {
        let f = self.fault.take();
        let failed = f.is_some();
        self.fault.set(f);
        failed
    }

    /// Keeps the first fault of the call.
    fn record(&self, fault: Fault) {
        let f = self.fault.take();
        self.fault.set(Some(f.unwrap_or_else(|| Box::new(fault))));
    }

    /// Records an id that does not exist: `what` (e.g. "player") number `id`,
    /// where the ids are `0..n`, `plural` naming them. Out of line, so that a
    /// check costs a comparison on the way that succeeds.
    #[cold]
    #[inline(never)]
    fn bad<T>(&self, op: &str, what: &str, id: usize, plural: &str, n: usize) -> Option<T> {
        self.misuse(format!("`{op}`: no {what} {id} ({plural} are 0..{n})"));
        None
    }

    #[inline]
    pub(super) fn player(&self, op: &str, p: PlayerId) -> Option<PlayerId> {
        let n = self.game().players();
        if p.seat() < n {
            Some(p)
        } else {
            self.bad(op, "player", p.index(), "players", n.into())
        }
    }

    #[inline]
    pub(super) fn tile(&self, op: &str, t: TileIndex) -> Option<TileIndex> {
        let n = self.game().placed_count();
        if t.index() < n {
            Some(t)
        } else {
            self.bad(op, "placed tile", t.index(), "placed tiles", n)
        }
    }

    #[inline]
    pub(super) fn feature(&self, op: &str, f: FeatureId) -> Option<FeatureId> {
        let n = self.game().feature_count();
        if f.index() < n {
            Some(f)
        } else {
            self.bad(op, "feature", f.index(), "features", n)
        }
    }

    #[inline]
    pub(super) fn figure(&self, op: &str, fig: FigureId) -> Option<FigureId> {
        let n = self.game().figure_count();
        if fig.index() < n {
            Some(fig)
        } else {
            self.bad(op, "figure", fig.index(), "figures", n)
        }
    }

    #[inline]
    pub(super) fn kind(&self, op: &str, k: FigureKindId) -> Option<FigureKindId> {
        let n = self.game().figure_kind_count();
        if k.index() < n {
            Some(k)
        } else {
            self.bad(op, "figure kind", k.index(), "kinds", n)
        }
    }

    #[inline]
    pub(super) fn tile_type(&self, op: &str, ty: TileTypeId) -> Option<TileTypeId> {
        let n = self.game().tile_type_count();
        if ty.index() < n {
            Some(ty)
        } else {
            self.bad(op, "tile type", ty.index(), "tile types", n)
        }
    }

    #[inline]
    pub(super) fn location(&self, op: &str, at: Location) -> Option<Location> {
        match at {
            Location::Feature(f) | Location::Corner(f, _) => self.feature(op, f).map(|_| at),
            Location::Tile(t) => self.tile(op, t).map(|_| at),
            Location::Held(p) => self.player(op, p).map(|_| at),
            Location::Area(a) => self.area(op, a).map(|_| at),
        }
    }

    #[inline]
    pub(super) fn area(&self, op: &str, a: AreaId) -> Option<AreaId> {
        let n = self.game().area_count();
        if a.index() < n {
            Some(a)
        } else {
            self.bad(op, "area", a.index(), "areas", n)
        }
    }
}

/// Runs a callback body: never unwinds; `None` or a panic yields `default()`
/// (made only then: a refused call's message is not built for every call).
///
/// # Safety
/// `h` must be the handle of the running hook (the vtable's contract).
#[inline]
pub(super) unsafe fn cb<'a, R>(
    h: HostHandle<'a>,
    op: &str,
    default: impl FnOnce() -> R,
    f: impl FnOnce(&'a HostCtx<'a>) -> Option<R>,
) -> R {
    // SAFETY: the function's contract.
    let cx = unsafe { HostCtx::of(h) };
    match catch_unwind(AssertUnwindSafe(|| f(cx))) {
        Ok(Some(r)) => r,
        Ok(None) => default(),
        Err(_) => {
            internal_error(cx, op);
            default()
        }
    }
}

/// Records a panic in a host callback (out of line: the message is built only here).
#[cold]
#[inline(never)]
fn internal_error(cx: &HostCtx<'_>, op: &str) {
    cx.misuse(format!("`{op}`: internal error in the host"));
}
