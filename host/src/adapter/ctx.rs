//! What a host handle points to during one hook call, and the checks of every id
//! a plugin passes.

use carcassonne_core::{
    AreaId, Cx, FeatureId, FigureId, FigureKindId, Game, HookError, Location, TileIndex,
    TileTypeId, View,
};
use carcassonne_plugin_abi::{HostHandle, HostRef};
use std::cell::Cell;
use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Why a hook failed although (or before) the plugin returned.
pub(super) enum Fault {
    /// The plugin passed a bad id or wrote from a read-only hook.
    Misuse(String),
    /// A hook of some plugin failed inside a nested callback (`score_feature`, ...).
    Nested(HookError),
}

/// What a [`HostHandle`] points to during one hook call.
pub struct HostCtx {
    game: *mut Game,
    plugin: u8,
    writable: bool,
    pub(super) fault: Cell<Option<Fault>>,
}

impl HostCtx {
    /// A context for a read-only hook.
    pub(super) fn read(g: &Game, plugin: u8) -> HostCtx {
        HostCtx {
            game: (g as *const Game).cast_mut(),
            plugin,
            writable: false,
            fault: Cell::new(None),
        }
    }

    /// A context for a hook that may change the game.
    pub(super) fn write(g: &mut Game, plugin: u8) -> HostCtx {
        HostCtx {
            game: g as *mut Game,
            plugin,
            writable: true,
            fault: Cell::new(None),
        }
    }

    pub(super) fn host_ref(&self) -> HostRef<'static> {
        HostRef {
            vtable: &super::HOST_VTABLE,
            handle: HostHandle((self as *const HostCtx).cast_mut().cast::<c_void>()),
        }
    }

    #[inline]
    pub(super) fn game(&self) -> &Game {
        // SAFETY: the pointer comes from a live `&Game`/`&mut Game` that the engine
        // lent to the hook for the duration of this call.
        unsafe { &*self.game }
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
            // SAFETY: from the engine's `&mut Game` for a read-write hook; the engine
            // does not touch the game while the hook runs, and callbacks never keep
            // the reference beyond their own call.
            Some(Cx {
                game: unsafe { &mut *self.game },
                plugin: self.plugin,
            })
        } else {
            self.misuse(format!(
                "`{op}` changes the game, but this hook may only read it"
            ));
            None
        }
    }

    #[cold]
    #[inline(never)]
    pub(super) fn misuse(&self, message: String) {
        let f = self.fault.take();
        self.fault.set(Some(f.unwrap_or(Fault::Misuse(message))));
    }

    pub(super) fn nested(&self, e: HookError) {
        let f = self.fault.take();
        self.fault.set(Some(f.unwrap_or(Fault::Nested(e))));
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
    pub(super) fn player(&self, op: &str, p: u8) -> Option<u8> {
        let n = self.game().players();
        if p < n {
            Some(p)
        } else {
            self.bad(op, "player", p.into(), "players", n.into())
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
#[inline]
pub(super) fn cb<R>(
    h: HostHandle,
    op: &str,
    default: impl FnOnce() -> R,
    f: impl FnOnce(&HostCtx) -> Option<R>,
) -> R {
    // SAFETY: plugins are trusted to pass back the handle of the current call,
    // which points to a `HostCtx` on the adapter's stack.
    let cx = unsafe { &*(h.0 as *const HostCtx) };
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
fn internal_error(cx: &HostCtx, op: &str) {
    cx.misuse(format!("`{op}`: internal error in the host"));
}

/// Extends a borrow of game data to the handle's lifetime (the hook call).
pub(super) fn forever<T: ?Sized>(x: &T) -> &'static T {
    // SAFETY: used for slices of the game's plugin-state arrays and for names in
    // its rules, which are neither moved nor reallocated during a hook; the SDK
    // ties the returned references to its `View`/`Cx` borrow.
    unsafe { &*(x as *const T) }
}

/// [`forever`] for a mutable borrow.
#[allow(clippy::mut_from_ref)]
pub(super) fn forever_mut<T: ?Sized>(x: &mut T) -> &'static mut T {
    // SAFETY: as `forever`; the SDK's `&mut self` receivers keep it unique.
    unsafe { &mut *(x as *mut T) }
}
