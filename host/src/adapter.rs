//! The host end of the plugin ABI: a core [`Hooks`] implementation over an ABI
//! plugin object ([`AbiHooks`]), the callback table it hands to plugins
//! ([`HOST_VTABLE`]), and a [`ProvidedPlugin`] built from an ABI descriptor
//! ([`AbiPlugin`]).
//!
//! Compiled-in and loaded plugins both arrive here as `PluginDescriptor`s and
//! `PluginBox`es, so every game with plugins runs through this one path.
//!
//! Architecture invariant: no callback unwinds and none trusts its arguments.
//! Every id a plugin passes is checked against the game; a bad one (or a write
//! from a read-only hook) returns a neutral value and records a fault in the
//! call's [`HostCtx`]; the adapter turns the fault into a [`HookError`] naming
//! the plugin, the hook and the call once the hook returns, and the engine
//! restores the state.

use crate::registry::{OptionProblem, PluginInfo, PluginSource, ProvidedPlugin};
use crate::OptionDoc;
use carcassonne_core::{
    Cx, FigureKind, FigureOption, Game, HookError, HookResult, Hooks, MajorityInfo, NameCtx,
    Placement, PlayerSet, PluginDecl, Pos, ScoreInfo, ScoreReason, Step, TileSetSpec, TileTypeId,
    View, MAX_PLAYERS, NONE16,
};
use carcassonne_plugin_abi::abi_stable::std_types::{
    RErr, ROk, RResult, RSlice, RSliceMut, RStr, RString, RVec,
};
use carcassonne_plugin_abi::{
    self as abi, AbiFigureOption, AbiMajorityInfo, AbiNameCtx, AbiOptionProblem, AbiOutcome,
    AbiPlacement, AbiPos, AbiScoreInfo, AbiStep, HookStatus, HostHandle, HostRef, HostVTable,
    PluginBox, PluginDescriptor,
};
use std::cell::{Cell, RefCell};
use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::thread::LocalKey;

// The core's `Placement` is laid out exactly as the ABI's (checked here and in the SDK).
const _: () = {
    use std::mem::{align_of, offset_of, size_of};
    assert!(size_of::<Placement>() == size_of::<AbiPlacement>());
    assert!(align_of::<Placement>() == align_of::<AbiPlacement>());
    assert!(offset_of!(Placement, pos) == offset_of!(AbiPlacement, pos));
    assert!(offset_of!(Placement, rot) == offset_of!(AbiPlacement, rot));
    assert!(offset_of!(Pos, x) == offset_of!(AbiPos, x));
    assert!(offset_of!(Pos, y) == offset_of!(AbiPos, y));
    assert!(MAX_PLAYERS == 6);
};

fn abi_placements(s: &[Placement]) -> &[AbiPlacement] {
    // SAFETY: identical size, alignment and field offsets (checked above).
    unsafe { std::slice::from_raw_parts(s.as_ptr().cast::<AbiPlacement>(), s.len()) }
}

// ------------------------------------------------------------------ conversions

fn step_to_abi(s: Step) -> AbiStep {
    AbiStep {
        owner: s.owner,
        chance: s.chance,
        tag: s.tag,
        player: s.player,
        arg: s.arg,
    }
}

fn reason_code(r: ScoreReason) -> u8 {
    match r {
        ScoreReason::Completed => abi::score_reason::COMPLETED,
        ScoreReason::Final => abi::score_reason::FINAL,
        ScoreReason::Early => abi::score_reason::EARLY,
    }
}

fn reason_from(r: u8) -> Option<ScoreReason> {
    match r {
        abi::score_reason::COMPLETED => Some(ScoreReason::Completed),
        abi::score_reason::FINAL => Some(ScoreReason::Final),
        abi::score_reason::EARLY => Some(ScoreReason::Early),
        _ => None,
    }
}

fn score_info_to_abi(i: &ScoreInfo) -> AbiScoreInfo {
    AbiScoreInfo {
        feature: i.feature,
        kind: i.kind as u8,
        reason: reason_code(i.reason),
        tiles: i.tiles,
        pennants: i.pennants,
        complete: i.complete,
    }
}

fn figure_to_abi(o: FigureOption) -> AbiFigureOption {
    match o {
        FigureOption::Pass => AbiFigureOption {
            tag: abi::FIGURE_PASS,
            a: 0,
            b: 0,
        },
        FigureOption::Deploy { kind, feature } => AbiFigureOption {
            tag: abi::FIGURE_DEPLOY,
            a: kind,
            b: u32::from(feature),
        },
        FigureOption::Special { plugin, code } => AbiFigureOption {
            tag: abi::FIGURE_SPECIAL,
            a: plugin,
            b: code,
        },
    }
}

fn figure_from_abi(o: AbiFigureOption) -> Option<FigureOption> {
    match o.tag {
        abi::FIGURE_PASS => Some(FigureOption::Pass),
        abi::FIGURE_DEPLOY => Some(FigureOption::Deploy {
            kind: o.a,
            feature: u8::try_from(o.b).ok()?,
        }),
        abi::FIGURE_SPECIAL => Some(FigureOption::Special {
            plugin: o.a,
            code: o.b,
        }),
        _ => None,
    }
}

fn name_ctx_to_abi(w: NameCtx) -> AbiNameCtx {
    match w {
        NameCtx::Step(s) => AbiNameCtx {
            tag: abi::NAME_STEP,
            step: step_to_abi(s),
        },
        NameCtx::Special => AbiNameCtx {
            tag: abi::NAME_SPECIAL,
            step: AbiStep::default(),
        },
    }
}

// ------------------------------------------------------------------ host context

/// Why a hook failed although (or before) the plugin returned.
enum Fault {
    /// The plugin passed a bad id or wrote from a read-only hook.
    Misuse(String),
    /// A hook of some plugin failed inside a `score_feature` callback.
    Nested(HookError),
}

/// What a [`HostHandle`] points to during one hook call.
pub struct HostCtx {
    game: *mut Game,
    plugin: u8,
    writable: bool,
    fault: Cell<Option<Fault>>,
}

impl HostCtx {
    fn read(g: &Game, plugin: u8) -> HostCtx {
        HostCtx {
            game: (g as *const Game).cast_mut(),
            plugin,
            writable: false,
            fault: Cell::new(None),
        }
    }

    fn write(g: &mut Game, plugin: u8) -> HostCtx {
        HostCtx {
            game: g as *mut Game,
            plugin,
            writable: true,
            fault: Cell::new(None),
        }
    }

    /// A context with no game, for calls outside a game (every callback fails).
    fn detached(plugin: u8) -> HostCtx {
        HostCtx {
            game: std::ptr::null_mut(),
            plugin,
            writable: false,
            fault: Cell::new(None),
        }
    }

    fn host_ref(&self) -> HostRef<'static> {
        HostRef {
            vtable: &HOST_VTABLE,
            handle: HostHandle((self as *const HostCtx).cast_mut().cast::<c_void>()),
        }
    }

    fn game(&self) -> &Game {
        // SAFETY: the pointer comes from a live `&Game`/`&mut Game` that the engine
        // lent to the hook for the duration of this call.
        unsafe { &*self.game }
    }

    /// The game, mutably, if this is a read-write hook; else records misuse.
    #[allow(clippy::mut_from_ref)]
    fn game_mut(&self, op: &str) -> Option<&mut Game> {
        if self.writable {
            // SAFETY: from the engine's `&mut Game` for a read-write hook; the engine
            // does not touch the game while the hook runs, and callbacks never keep
            // the reference beyond their own call.
            Some(unsafe { &mut *self.game })
        } else {
            self.misuse(format!(
                "`{op}` changes the game, but this hook may only read it"
            ));
            None
        }
    }

    fn misuse(&self, message: String) {
        let f = self.fault.take();
        self.fault.set(Some(f.unwrap_or(Fault::Misuse(message))));
    }

    fn nested(&self, e: HookError) {
        let f = self.fault.take();
        self.fault.set(Some(f.unwrap_or(Fault::Nested(e))));
    }

    fn player(&self, op: &str, p: u8) -> Option<u8> {
        let n = self.game().players();
        if p < n {
            Some(p)
        } else {
            self.misuse(format!("`{op}`: no player {p} (players are 0..{n})"));
            None
        }
    }

    fn tile(&self, op: &str, t: u16) -> Option<u16> {
        let n = self.game().placed_count();
        if (t as usize) < n {
            Some(t)
        } else {
            self.misuse(format!(
                "`{op}`: no placed tile {t} (placed tiles are 0..{n})"
            ));
            None
        }
    }

    fn local(&self, op: &str, t: u16, l: u8) -> Option<(u16, u8)> {
        let t = self.tile(op, t)?;
        let n = self.game().tile_feature_count(t);
        if l < n {
            Some((t, l))
        } else {
            self.misuse(format!(
                "`{op}`: placed tile {t} has no feature {l} (it has {n})"
            ));
            None
        }
    }

    fn feature(&self, op: &str, f: u16) -> Option<u16> {
        let n = self.game().feature_count();
        if (f as usize) < n {
            Some(f)
        } else {
            self.misuse(format!("`{op}`: no feature {f} (features are 0..{n})"));
            None
        }
    }

    fn figure(&self, op: &str, fig: u16) -> Option<u16> {
        let n = self.game().figure_count();
        if (fig as usize) < n {
            Some(fig)
        } else {
            self.misuse(format!("`{op}`: no figure {fig} (figures are 0..{n})"));
            None
        }
    }

    fn kind(&self, op: &str, k: u8) -> Option<u8> {
        let n = self.game().rules().figures.len();
        if (k as usize) < n {
            Some(k)
        } else {
            self.misuse(format!("`{op}`: no figure kind {k} (kinds are 0..{n})"));
            None
        }
    }

    fn tile_type(&self, op: &str, ty: u16) -> Option<u16> {
        let n = self.game().rules().tiles.types.len();
        if (ty as usize) < n {
            Some(ty)
        } else {
            self.misuse(format!("`{op}`: no tile type {ty} (tile types are 0..{n})"));
            None
        }
    }

    fn type_local(&self, op: &str, ty: u16, l: u8) -> Option<(u16, u8)> {
        let ty = self.tile_type(op, ty)?;
        let n = self.game().rules().tiles.get(ty).features.len();
        if (l as usize) < n {
            Some((ty, l))
        } else {
            self.misuse(format!(
                "`{op}`: tile type {ty} has no feature {l} (it has {n})"
            ));
            None
        }
    }
}

/// Runs a callback body: never unwinds; `None` or a panic yields `default`.
#[inline]
fn cb<R>(h: HostHandle, op: &str, default: R, f: impl FnOnce(&HostCtx) -> Option<R>) -> R {
    // SAFETY: plugins are trusted to pass back the handle of the current call,
    // which points to a `HostCtx` on the adapter's stack.
    let cx = unsafe { &*(h.0 as *const HostCtx) };
    if cx.game.is_null() {
        cx.misuse(format!("`{op}`: there is no game at this point"));
        return default;
    }
    match catch_unwind(AssertUnwindSafe(|| f(cx))) {
        Ok(Some(r)) => r,
        Ok(None) => default,
        Err(_) => {
            cx.misuse(format!("`{op}`: internal error in the host"));
            default
        }
    }
}

/// Extends a borrow of game data to the handle's lifetime (the hook call).
fn forever<T: ?Sized>(x: &T) -> &'static T {
    // SAFETY: used for slices of the game's plugin-state arrays and for names in
    // its rules, which are neither moved nor reallocated during a hook; the SDK
    // ties the returned references to its `View`/`Cx` borrow.
    unsafe { &*(x as *const T) }
}

#[allow(clippy::mut_from_ref)]
fn forever_mut<T: ?Sized>(x: &mut T) -> &'static mut T {
    // SAFETY: as `forever`; the SDK's `&mut self` receivers keep it unique.
    unsafe { &mut *(x as *mut T) }
}

// ---------------------------------------------------------------------- callbacks

extern "C" fn players(h: HostHandle) -> u8 {
    cb(h, "players", 0, |c| Some(c.game().players()))
}
extern "C" fn current_player(h: HostHandle) -> u8 {
    cb(h, "current_player", 0, |c| Some(c.game().current_player()))
}
extern "C" fn turn(h: HostHandle) -> u16 {
    cb(h, "turn", 0, |c| Some(c.game().turn()))
}
extern "C" fn score(h: HostHandle, p: u8) -> i32 {
    cb(h, "score", 0, |c| {
        Some(c.game().score(c.player("score", p)?))
    })
}
extern "C" fn bag_len(h: HostHandle) -> u32 {
    cb(h, "bag_len", 0, |c| Some(c.game().bag_len() as u32))
}
extern "C" fn drawn_tile(h: HostHandle) -> u16 {
    cb(h, "drawn_tile", NONE16, |c| {
        Some(c.game().drawn_tile().unwrap_or(NONE16))
    })
}
extern "C" fn last_placed(h: HostHandle) -> u16 {
    cb(h, "last_placed", NONE16, |c| {
        Some(c.game().last_placed().unwrap_or(NONE16))
    })
}
extern "C" fn placed_count(h: HostHandle) -> u32 {
    cb(h, "placed_count", 0, |c| {
        Some(c.game().placed_count() as u32)
    })
}
extern "C" fn logging(h: HostHandle) -> bool {
    cb(h, "logging", false, |c| Some(c.game().logging()))
}
extern "C" fn pending_len(h: HostHandle) -> u32 {
    cb(h, "pending_len", 0, |c| {
        Some(c.game().pending_steps().len() as u32)
    })
}
extern "C" fn pending_step(h: HostHandle, i: u32) -> AbiStep {
    cb(h, "pending_step", AbiStep::default(), |c| {
        let s = c.game().pending_steps();
        match s.get(i as usize) {
            Some(&st) => Some(step_to_abi(st)),
            None => {
                c.misuse(format!(
                    "`pending_step`: no pending step {i} ({} pending)",
                    s.len()
                ));
                None
            }
        }
    })
}
extern "C" fn tile_at(h: HostHandle, p: AbiPos) -> u16 {
    cb(h, "tile_at", NONE16, |c| {
        // Far beyond any board: answer without touching the grid arithmetic.
        const FAR: i16 = 0x3FFF;
        if !(-FAR..=FAR).contains(&p.x) || !(-FAR..=FAR).contains(&p.y) {
            return Some(NONE16);
        }
        Some(c.game().tile_at(Pos::new(p.x, p.y)).unwrap_or(NONE16))
    })
}
extern "C" fn tile_pos(h: HostHandle, t: u16) -> AbiPos {
    cb(h, "tile_pos", AbiPos::default(), |c| {
        let p = c.game().tile_pos(c.tile("tile_pos", t)?);
        Some(AbiPos { x: p.x, y: p.y })
    })
}
extern "C" fn tile_type_id(h: HostHandle, t: u16) -> u16 {
    cb(h, "tile_type_id", 0, |c| {
        Some(c.game().tile_type_id(c.tile("tile_type_id", t)?))
    })
}
extern "C" fn tile_rot(h: HostHandle, t: u16) -> u8 {
    cb(h, "tile_rot", 0, |c| {
        Some(c.game().tile_rot(c.tile("tile_rot", t)?))
    })
}
extern "C" fn tile_nbrs(h: HostHandle, t: u16) -> u8 {
    cb(h, "tile_nbrs", 0, |c| {
        Some(c.game().tile_nbrs(c.tile("tile_nbrs", t)?))
    })
}
extern "C" fn tile_markers(h: HostHandle, t: u16) -> u64 {
    cb(h, "tile_markers", 0, |c| {
        Some(c.game().tile_markers(c.tile("tile_markers", t)?))
    })
}
extern "C" fn tile_has_marker(h: HostHandle, t: u16, bit: u64) -> bool {
    cb(h, "tile_has_marker", false, |c| {
        Some(c.game().tile_has_marker(c.tile("tile_has_marker", t)?, bit))
    })
}
extern "C" fn tile_feature_count(h: HostHandle, t: u16) -> u8 {
    cb(h, "tile_feature_count", 0, |c| {
        Some(
            c.game()
                .tile_feature_count(c.tile("tile_feature_count", t)?),
        )
    })
}
extern "C" fn tile_feature_kind(h: HostHandle, t: u16, l: u8) -> u8 {
    cb(h, "tile_feature_kind", 0, |c| {
        let (t, l) = c.local("tile_feature_kind", t, l)?;
        Some(c.game().tile_type(t).features[l as usize].kind as u8)
    })
}
extern "C" fn tile_feature_markers(h: HostHandle, t: u16, l: u8) -> u64 {
    cb(h, "tile_feature_markers", 0, |c| {
        let (t, l) = c.local("tile_feature_markers", t, l)?;
        Some(c.game().tile_type(t).features[l as usize].markers)
    })
}
extern "C" fn feature_of(h: HostHandle, t: u16, l: u8) -> u16 {
    cb(h, "feature_of", NONE16, |c| {
        let (t, l) = c.local("feature_of", t, l)?;
        Some(c.game().feature_of(t, l))
    })
}
extern "C" fn feature_count(h: HostHandle) -> u32 {
    cb(h, "feature_count", 0, |c| {
        Some(c.game().feature_count() as u32)
    })
}
extern "C" fn find(h: HostHandle, f: u16) -> u16 {
    cb(h, "find", NONE16, |c| {
        Some(c.game().find(c.feature("find", f)?))
    })
}
extern "C" fn feature_kind(h: HostHandle, f: u16) -> u8 {
    cb(h, "feature_kind", 0, |c| {
        Some(c.game().feature_kind(c.feature("feature_kind", f)?) as u8)
    })
}
extern "C" fn feature_tile(h: HostHandle, f: u16) -> u16 {
    cb(h, "feature_tile", NONE16, |c| {
        Some(c.game().feature_tile(c.feature("feature_tile", f)?))
    })
}
extern "C" fn feature_local(h: HostHandle, f: u16) -> u8 {
    cb(h, "feature_local", 0, |c| {
        Some(c.game().feature_local(c.feature("feature_local", f)?))
    })
}
extern "C" fn feature_markers(h: HostHandle, f: u16) -> u64 {
    cb(h, "feature_markers", 0, |c| {
        Some(c.game().feature_markers(c.feature("feature_markers", f)?))
    })
}
extern "C" fn open_sides(h: HostHandle, f: u16) -> u16 {
    cb(h, "open_sides", 0, |c| {
        Some(c.game().open_sides(c.feature("open_sides", f)?))
    })
}
extern "C" fn is_complete(h: HostHandle, f: u16) -> bool {
    cb(h, "is_complete", false, |c| {
        Some(c.game().is_complete(c.feature("is_complete", f)?))
    })
}
extern "C" fn occupants(h: HostHandle, f: u16) -> u8 {
    cb(h, "occupants", 0, |c| {
        Some(c.game().occupants(c.feature("occupants", f)?))
    })
}
extern "C" fn next_member(h: HostHandle, f: u16) -> u16 {
    cb(h, "next_member", NONE16, |c| {
        Some(c.game().next_member(c.feature("next_member", f)?))
    })
}
extern "C" fn first_figure_on(h: HostHandle, f: u16) -> u16 {
    cb(h, "first_figure_on", NONE16, |c| {
        let f = c.feature("first_figure_on", f)?;
        Some(c.game().first_figure_on(f).unwrap_or(NONE16))
    })
}
extern "C" fn next_figure(h: HostHandle, fig: u16) -> u16 {
    cb(h, "next_figure", NONE16, |c| {
        let fig = c.figure("next_figure", fig)?;
        Some(c.game().next_figure(fig).unwrap_or(NONE16))
    })
}
extern "C" fn figure_owner(h: HostHandle, fig: u16) -> u8 {
    cb(h, "figure_owner", 0, |c| {
        Some(c.game().figure_owner(c.figure("figure_owner", fig)?))
    })
}
extern "C" fn figure_kind(h: HostHandle, fig: u16) -> u8 {
    cb(h, "figure_kind", 0, |c| {
        Some(c.game().figure_kind(c.figure("figure_kind", fig)?))
    })
}
extern "C" fn figure_feature(h: HostHandle, fig: u16) -> u16 {
    cb(h, "figure_feature", NONE16, |c| {
        let fig = c.figure("figure_feature", fig)?;
        Some(c.game().figure_feature(fig).unwrap_or(NONE16))
    })
}
extern "C" fn figure_count(h: HostHandle) -> u32 {
    cb(h, "figure_count", 0, |c| {
        Some(c.game().figure_count() as u32)
    })
}
extern "C" fn supply(h: HostHandle, p: u8, k: u8) -> u8 {
    cb(h, "supply", 0, |c| {
        let p = c.player("supply", p)?;
        let k = c.kind("supply", k)?;
        Some(c.game().supply(p, k))
    })
}
extern "C" fn tile_type_count(h: HostHandle) -> u32 {
    cb(h, "tile_type_count", 0, |c| {
        Some(c.game().rules().tiles.types.len() as u32)
    })
}
extern "C" fn tile_type_name(h: HostHandle, ty: u16) -> RStr<'static> {
    cb(h, "tile_type_name", RStr::from_str(""), |c| {
        let ty = c.tile_type("tile_type_name", ty)?;
        Some(RStr::from_str(forever(
            c.game().rules().tiles.get(ty).id.as_str(),
        )))
    })
}
extern "C" fn tile_type_markers(h: HostHandle, ty: u16) -> u64 {
    cb(h, "tile_type_markers", 0, |c| {
        let ty = c.tile_type("tile_type_markers", ty)?;
        Some(c.game().rules().tiles.get(ty).markers)
    })
}
extern "C" fn tile_type_feature_count(h: HostHandle, ty: u16) -> u8 {
    cb(h, "tile_type_feature_count", 0, |c| {
        let ty = c.tile_type("tile_type_feature_count", ty)?;
        Some(c.game().rules().tiles.get(ty).features.len() as u8)
    })
}
extern "C" fn tile_type_feature_kind(h: HostHandle, ty: u16, l: u8) -> u8 {
    cb(h, "tile_type_feature_kind", 0, |c| {
        let (ty, l) = c.type_local("tile_type_feature_kind", ty, l)?;
        Some(c.game().rules().tiles.get(ty).features[l as usize].kind as u8)
    })
}
extern "C" fn tile_type_feature_markers(h: HostHandle, ty: u16, l: u8) -> u64 {
    cb(h, "tile_type_feature_markers", 0, |c| {
        let (ty, l) = c.type_local("tile_type_feature_markers", ty, l)?;
        Some(c.game().rules().tiles.get(ty).features[l as usize].markers)
    })
}
extern "C" fn figure_kind_count(h: HostHandle) -> u8 {
    cb(h, "figure_kind_count", 0, |c| {
        Some(c.game().rules().figures.len() as u8)
    })
}
extern "C" fn figure_kind_name(h: HostHandle, k: u8) -> RStr<'static> {
    cb(h, "figure_kind_name", RStr::from_str(""), |c| {
        let k = c.kind("figure_kind_name", k)?;
        Some(RStr::from_str(forever(
            c.game().rules().figures[k as usize].name.as_str(),
        )))
    })
}
extern "C" fn figure_kind_strength(h: HostHandle, k: u8) -> u8 {
    cb(h, "figure_kind_strength", 0, |c| {
        let k = c.kind("figure_kind_strength", k)?;
        Some(c.game().rules().figures[k as usize].strength)
    })
}
extern "C" fn plugin_index(h: HostHandle) -> u8 {
    cb(h, "plugin_index", 0, |c| Some(c.plugin))
}
extern "C" fn state(h: HostHandle) -> RSlice<'static, u32> {
    cb(h, "state", RSlice::EMPTY, |c| {
        Some(RSlice::from_slice(forever(c.game().plugin_state(c.plugin))))
    })
}
extern "C" fn state_mut(h: HostHandle) -> RSliceMut<'static, u32> {
    cb(h, "state_mut", RSliceMut::default(), |c| {
        let g = c.game_mut("state_mut")?;
        let mut cx = Cx {
            game: g,
            plugin: c.plugin,
        };
        Some(RSliceMut::from_mut_slice(forever_mut(cx.state_mut())))
    })
}
extern "C" fn feature_state(h: HostHandle, f: u16) -> RSlice<'static, u32> {
    cb(h, "feature_state", RSlice::EMPTY, |c| {
        let f = c.feature("feature_state", f)?;
        Some(RSlice::from_slice(forever(
            c.game().plugin_feature_state(c.plugin, f),
        )))
    })
}
extern "C" fn feature_state_mut(h: HostHandle, f: u16) -> RSliceMut<'static, u32> {
    cb(h, "feature_state_mut", RSliceMut::default(), |c| {
        let f = c.feature("feature_state_mut", f)?;
        let g = c.game_mut("feature_state_mut")?;
        let mut cx = Cx {
            game: g,
            plugin: c.plugin,
        };
        Some(RSliceMut::from_mut_slice(forever_mut(
            cx.feature_state_mut(f),
        )))
    })
}
extern "C" fn my_marker(h: HostHandle, i: u32) -> u64 {
    cb(h, "my_marker", 0, |c| {
        let e = &c.game().rules().plugins[c.plugin as usize];
        match e.marker_bits.get(i as usize) {
            Some(&b) => Some(b),
            None => {
                c.misuse(format!(
                    "`my_marker`: the plugin declares {} marker(s), not {}",
                    e.marker_bits.len(),
                    i as u64 + 1
                ));
                None
            }
        }
    })
}
extern "C" fn my_figure(h: HostHandle, i: u32) -> u8 {
    cb(h, "my_figure", 0, |c| {
        let e = &c.game().rules().plugins[c.plugin as usize];
        if (i as usize) < e.decl.figures.len() {
            Some(e.first_figure + i as u8)
        } else {
            c.misuse(format!(
                "`my_figure`: the plugin declares {} figure kind(s), not {}",
                e.decl.figures.len(),
                i as u64 + 1
            ));
            None
        }
    })
}
extern "C" fn add_score(h: HostHandle, p: u8, points: i32) {
    cb(h, "add_score", (), |c| {
        let p = c.player("add_score", p)?;
        let plugin = c.plugin;
        Cx {
            game: c.game_mut("add_score")?,
            plugin,
        }
        .add_score(p, points);
        Some(())
    })
}
extern "C" fn log(h: HostHandle, text: RStr<'_>) {
    cb(h, "log", (), |c| {
        let plugin = c.plugin;
        let g = c.game_mut("log")?;
        if g.logging() {
            Cx { game: g, plugin }.log(text.as_str());
        }
        Some(())
    })
}
extern "C" fn push_decision(h: HostHandle, p: u8, tag: u16, arg: u32) {
    cb(h, "push_decision", (), |c| {
        let p = c.player("push_decision", p)?;
        let plugin = c.plugin;
        Cx {
            game: c.game_mut("push_decision")?,
            plugin,
        }
        .push_decision(p, tag, arg);
        Some(())
    })
}
extern "C" fn push_chance(h: HostHandle, tag: u16, arg: u32) {
    cb(h, "push_chance", (), |c| {
        let plugin = c.plugin;
        Cx {
            game: c.game_mut("push_chance")?,
            plugin,
        }
        .push_chance(tag, arg);
        Some(())
    })
}
extern "C" fn push_hidden_tile_draw(h: HostHandle) {
    cb(h, "push_hidden_tile_draw", (), |c| {
        let plugin = c.plugin;
        Cx {
            game: c.game_mut("push_hidden_tile_draw")?,
            plugin,
        }
        .push_hidden_tile_draw();
        Some(())
    })
}
extern "C" fn deploy_figure(h: HostHandle, p: u8, k: u8, f: u16) -> u16 {
    cb(h, "deploy_figure", NONE16, |c| {
        let p = c.player("deploy_figure", p)?;
        let k = c.kind("deploy_figure", k)?;
        let f = c.feature("deploy_figure", f)?;
        let plugin = c.plugin;
        let r = Cx {
            game: c.game_mut("deploy_figure")?,
            plugin,
        }
        .deploy_figure(p, k, f);
        Some(r.unwrap_or(NONE16))
    })
}
extern "C" fn return_figure(h: HostHandle, fig: u16) {
    cb(h, "return_figure", (), |c| {
        let fig = c.figure("return_figure", fig)?;
        let plugin = c.plugin;
        let r = Cx {
            game: c.game_mut("return_figure")?,
            plugin,
        }
        .return_figure(fig);
        if let Err(e) = r {
            c.nested(e);
        }
        Some(())
    })
}
extern "C" fn score_feature(h: HostHandle, f: u16, reason: u8) -> RResult<i32, RString> {
    cb(
        h,
        "score_feature",
        RErr(RString::from("invalid call to `score_feature`")),
        |c| {
            let f = c.feature("score_feature", f)?;
            let Some(reason) = reason_from(reason) else {
                c.misuse(format!("`score_feature`: bad score reason {reason}"));
                return None;
            };
            let plugin = c.plugin;
            let r = Cx {
                game: c.game_mut("score_feature")?,
                plugin,
            }
            .score_feature(f, reason);
            Some(match r {
                Ok(p) => ROk(p),
                Err(e) => {
                    let msg = e.to_string();
                    c.nested(e);
                    RErr(msg.into())
                }
            })
        },
    )
}
extern "C" fn bordering_cities(h: HostHandle, f: u16, out: &mut RVec<u16>) {
    cb(h, "bordering_cities", (), |c| {
        out.clear();
        let f = c.feature("bordering_cities", f)?;
        let plugin = c.plugin;
        let cities = Cx {
            game: c.game_mut("bordering_cities")?,
            plugin,
        }
        .bordering_cities(f);
        out.extend(cities);
        Some(())
    })
}
extern "C" fn extension(
    _h: HostHandle,
    _op: RStr<'_>,
    _args: RSlice<'_, u64>,
    _out: &mut RVec<u64>,
) -> bool {
    false
}

/// The callback table every plugin hook receives.
pub static HOST_VTABLE: HostVTable = HostVTable {
    players,
    current_player,
    turn,
    score,
    bag_len,
    drawn_tile,
    last_placed,
    placed_count,
    logging,
    pending_len,
    pending_step,
    tile_at,
    tile_pos,
    tile_type_id,
    tile_rot,
    tile_nbrs,
    tile_markers,
    tile_has_marker,
    tile_feature_count,
    tile_feature_kind,
    tile_feature_markers,
    feature_of,
    feature_count,
    find,
    feature_kind,
    feature_tile,
    feature_local,
    feature_markers,
    open_sides,
    is_complete,
    occupants,
    next_member,
    first_figure_on,
    next_figure,
    figure_owner,
    figure_kind,
    figure_feature,
    figure_count,
    supply,
    tile_type_count,
    tile_type_name,
    tile_type_markers,
    tile_type_feature_count,
    tile_type_feature_kind,
    tile_type_feature_markers,
    figure_kind_count,
    figure_kind_name,
    figure_kind_strength,
    plugin_index,
    state,
    state_mut,
    feature_state,
    feature_state_mut,
    my_marker,
    my_figure,
    add_score,
    log,
    push_decision,
    push_chance,
    push_hidden_tile_draw,
    deploy_figure,
    return_figure,
    score_feature,
    bordering_cities,
    extension,
};

// -------------------------------------------------------------------- the hooks

thread_local! {
    static FIGURE_OPTIONS: RefCell<RVec<AbiFigureOption>> = const { RefCell::new(RVec::new()) };
    static CODES: RefCell<RVec<u32>> = const { RefCell::new(RVec::new()) };
    static OUTCOMES: RefCell<RVec<AbiOutcome>> = const { RefCell::new(RVec::new()) };
}

/// Runs `f` with a cleared thread-local scratch vector (a fresh one when re-entered).
fn with_scratch<T: 'static, R>(
    key: &'static LocalKey<RefCell<RVec<T>>>,
    f: impl FnOnce(&mut RVec<T>) -> R,
) -> R {
    key.with(|cell| match cell.try_borrow_mut() {
        Ok(mut v) => {
            v.clear();
            f(&mut v)
        }
        Err(_) => f(&mut RVec::new()),
    })
}

/// A configured ABI plugin object as the engine's [`Hooks`].
pub struct AbiHooks {
    id: String,
    obj: PluginBox,
    subs: u32,
}

impl AbiHooks {
    /// The configured plugin's figure counts per kind, if it answers the
    /// [`abi::EXT_FIGURE_COUNTS`] extension.
    pub fn figure_counts(&self) -> Result<Option<Vec<u64>>, String> {
        let ctx = HostCtx::detached(0);
        let mut out = RVec::new();
        match self
            .obj
            .extension(
                ctx.host_ref(),
                RStr::from_str(abi::EXT_FIGURE_COUNTS),
                RSlice::from_slice(&[]),
                &mut out,
            )
            .into_result()
        {
            Ok(true) => Ok(Some(out.into_iter().collect())),
            Ok(false) => Ok(None),
            Err(e) => Err(e.into_string()),
        }
    }

    /// Wraps a configured plugin object.
    pub fn new(id: impl Into<String>, obj: PluginBox) -> AbiHooks {
        let subs = obj.subscriptions() & carcassonne_core::hook::ALL;
        AbiHooks {
            id: id.into(),
            obj,
            subs,
        }
    }

    fn err(&self, hook: &'static str, message: impl Into<String>) -> HookError {
        HookError {
            plugin: self.id.clone(),
            hook,
            message: message.into(),
        }
    }

    fn finish(&self, hook: &'static str, ctx: &HostCtx, r: HookStatus) -> HookResult {
        match ctx.fault.take() {
            Some(Fault::Nested(e)) => return Err(e),
            Some(Fault::Misuse(m)) => return Err(self.err(hook, m)),
            None => {}
        }
        match r {
            ROk(()) => Ok(()),
            RErr(m) => Err(self.err(hook, m.into_string())),
        }
    }

    #[inline]
    fn read(
        &self,
        v: &View<'_>,
        hook: &'static str,
        f: impl FnOnce(&PluginBox, HostRef<'_>) -> HookStatus,
    ) -> HookResult {
        let ctx = HostCtx::read(v.game, v.plugin);
        let r = f(&self.obj, ctx.host_ref());
        self.finish(hook, &ctx, r)
    }

    #[inline]
    fn write(
        &self,
        cx: &mut Cx<'_>,
        hook: &'static str,
        f: impl FnOnce(&PluginBox, HostRef<'_>) -> HookStatus,
    ) -> HookResult {
        let ctx = HostCtx::write(cx.game, cx.plugin);
        let r = f(&self.obj, ctx.host_ref());
        self.finish(hook, &ctx, r)
    }
}

impl Hooks for AbiHooks {
    fn subscriptions(&self) -> u32 {
        self.subs
    }

    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        self.write(cx, "setup", |o, h| o.setup(h))
    }

    fn tile_drawn(&self, cx: &mut Cx<'_>, tile: TileTypeId) -> HookResult {
        self.write(cx, "tile_drawn", |o, h| o.tile_drawn(h, tile))
    }

    fn filter_placements(
        &self,
        v: &View<'_>,
        tile: TileTypeId,
        cands: &[Placement],
        keep: &mut [bool],
    ) -> HookResult {
        self.read(v, "filter_placements", |o, h| {
            o.filter_placements(
                h,
                tile,
                RSlice::from_slice(abi_placements(cands)),
                RSliceMut::from_mut_slice(keep),
            )
        })
    }

    fn features_merged(
        &self,
        cx: &mut Cx<'_>,
        kept: carcassonne_core::FeatureId,
        absorbed: carcassonne_core::FeatureId,
    ) -> HookResult {
        self.write(cx, "features_merged", |o, h| {
            o.features_merged(h, kept, absorbed)
        })
    }

    fn tile_placed(&self, cx: &mut Cx<'_>, tile: carcassonne_core::TileIndex) -> HookResult {
        self.write(cx, "tile_placed", |o, h| o.tile_placed(h, tile))
    }

    fn before_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        self.write(cx, "before_figure", |o, h| o.before_figure(h))
    }

    fn figure_options(&self, v: &View<'_>, opts: &mut Vec<FigureOption>) -> HookResult {
        const HOOK: &str = "figure_options";
        with_scratch(&FIGURE_OPTIONS, |buf| {
            buf.extend(opts.iter().map(|o| figure_to_abi(*o)));
            self.read(v, HOOK, |o, h| o.figure_options(h, buf))?;
            let g = v.game;
            let kinds = g.rules().figures.len();
            let features = g.last_placed().map_or(0, |t| g.tile_feature_count(t));
            opts.clear();
            for a in buf.iter() {
                let o = figure_from_abi(*a)
                    .ok_or_else(|| self.err(HOOK, format!("malformed figure option {a:?}")))?;
                if let FigureOption::Deploy { kind, feature } = o {
                    if kind as usize >= kinds || feature >= features {
                        return Err(self.err(
                            HOOK,
                            format!(
                                "option deploys figure kind {kind} on feature {feature}: the ruleset has {kinds} kinds, the placed tile {features} features"
                            ),
                        ));
                    }
                }
                opts.push(o);
            }
            Ok(())
        })
    }

    fn figure_chosen(&self, cx: &mut Cx<'_>, opt: FigureOption) -> HookResult {
        let a = figure_to_abi(opt);
        self.write(cx, "figure_chosen", |o, h| o.figure_chosen(h, a))
    }

    fn after_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        self.write(cx, "after_figure", |o, h| o.after_figure(h))
    }

    fn step_options(&self, v: &View<'_>, step: Step, out: &mut Vec<u32>) -> HookResult {
        with_scratch(&CODES, |buf| {
            self.read(v, "step_options", |o, h| {
                o.step_options(h, step_to_abi(step), buf)
            })?;
            out.extend(buf.iter().copied());
            Ok(())
        })
    }

    fn step_outcomes(&self, v: &View<'_>, step: Step, out: &mut Vec<(u32, u32)>) -> HookResult {
        with_scratch(&OUTCOMES, |buf| {
            self.read(v, "step_outcomes", |o, h| {
                o.step_outcomes(h, step_to_abi(step), buf)
            })?;
            out.extend(buf.iter().map(|x| (x.code, x.weight)));
            Ok(())
        })
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        self.write(cx, "resolve_step", |o, h| {
            o.resolve_step(h, step_to_abi(step), value)
        })
    }

    fn majority(
        &self,
        v: &View<'_>,
        info: &MajorityInfo<'_>,
        winners: &mut PlayerSet,
    ) -> HookResult {
        let ai = AbiMajorityInfo {
            kind: info.kind as u8,
            reason: reason_code(info.reason),
            feature: info.feature,
            figures: RSlice::from_slice(info.figures),
            strength: *info.strength,
        };
        let mut w = winners.0;
        self.read(v, "majority", |o, h| o.majority(h, &ai, &mut w))?;
        let all = (1u16 << v.game.players()) - 1;
        if u16::from(w) & !all != 0 {
            return Err(self.err(
                "majority",
                format!(
                    "winners {w:#010b} name a player beyond the {} seats",
                    v.game.players()
                ),
            ));
        }
        *winners = PlayerSet(w);
        Ok(())
    }

    fn points(&self, v: &View<'_>, info: &ScoreInfo, points: &mut i32) -> HookResult {
        let ai = score_info_to_abi(info);
        self.read(v, "points", |o, h| o.points(h, &ai, points))
    }

    fn feature_scored(
        &self,
        cx: &mut Cx<'_>,
        info: &ScoreInfo,
        winners: PlayerSet,
        points: i32,
    ) -> HookResult {
        let ai = score_info_to_abi(info);
        self.write(cx, "feature_scored", |o, h| {
            o.feature_scored(h, &ai, winners.0, points)
        })
    }

    fn field_closed(&self, cx: &mut Cx<'_>, field: carcassonne_core::FeatureId) -> HookResult {
        self.write(cx, "field_closed", |o, h| o.field_closed(h, field))
    }

    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        self.write(cx, "turn_end", |o, h| o.turn_end(h))
    }

    fn figure_returned(
        &self,
        cx: &mut Cx<'_>,
        fig: carcassonne_core::FigureId,
        feature: carcassonne_core::FeatureId,
    ) -> HookResult {
        // Added after the ABI freeze: carried by the plugin object's extension call.
        self.write(cx, "figure_returned", |o, h| {
            let args = [u64::from(fig), u64::from(feature)];
            let mut out = RVec::new();
            match o
                .extension(
                    h,
                    RStr::from_str(abi::EXT_FIGURE_RETURNED),
                    RSlice::from_slice(&args),
                    &mut out,
                )
                .into_result()
            {
                Ok(_) => ROk(()),
                Err(e) => RErr(e),
            }
        })
    }

    fn final_scoring(&self, cx: &mut Cx<'_>) -> HookResult {
        self.write(cx, "final_scoring", |o, h| o.final_scoring(h))
    }

    fn value_name(&self, what: NameCtx, value: u32) -> String {
        self.obj
            .value_name(name_ctx_to_abi(what), value)
            .into_string()
    }

    fn parse_value(&self, what: NameCtx, text: &str) -> Option<u32> {
        self.obj
            .parse_value(name_ctx_to_abi(what), RStr::from_str(text))
            .into_option()
    }

    fn describe_step(&self, step: Step) -> String {
        self.obj.describe_step(step_to_abi(step)).into_string()
    }
}

// ---------------------------------------------------------------- the provider

/// A plugin known from its ABI descriptor (compiled in or from a library).
pub struct AbiPlugin {
    info: PluginInfo,
    figures: Vec<FigureKind>,
    game_words: u32,
    feature_words: u32,
    markers: Vec<String>,
    hooks: u32,
    tilesets: Vec<TileSetSpec>,
    configure: extern "C" fn(RStr<'_>) -> RResult<PluginBox, RVec<AbiOptionProblem>>,
}

impl AbiPlugin {
    /// Checks a descriptor and makes a provider of it. The error names the plugin
    /// (the caller adds where it came from).
    pub fn from_descriptor(d: PluginDescriptor, source: PluginSource) -> Result<AbiPlugin, String> {
        let id = d.id.to_string();
        if d.api_epoch != abi::ABI_EPOCH {
            return Err(format!(
                "plugin `{id}` was built for plugin API epoch {}, this program supports epoch {}",
                d.api_epoch,
                abi::ABI_EPOCH
            ));
        }
        let declared = PluginDecl {
            id: id.clone(),
            game_words: d.game_words,
            feature_words: d.feature_words,
            ..PluginDecl::default()
        };
        if let Some(problem) = declared.check().into_iter().next() {
            return Err(problem);
        }
        let mut tilesets = Vec::new();
        for (i, text) in d.tilesets.iter().enumerate() {
            let origin = format!("#{} of plugin `{id}`", i + 1);
            tilesets.push(crate::tilesets::parse(text.as_str(), &origin)?);
        }
        let mut names = std::collections::BTreeSet::new();
        for o in d.options.iter() {
            if !names.insert(o.name.as_str()) {
                return Err(format!("plugin `{id}` documents option `{}` twice", o.name));
            }
        }
        let strings = |v: &RVec<RString>| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        Ok(AbiPlugin {
            info: PluginInfo {
                id: id.clone(),
                version: d.version.to_string(),
                description: d.description.to_string(),
                api_version: d.api_epoch,
                depends_on: strings(&d.depends_on),
                conflicts_with: strings(&d.conflicts_with),
                options: d
                    .options
                    .iter()
                    .map(|o| OptionDoc {
                        name: o.name.to_string(),
                        default: o.default.to_string(),
                        doc: o.doc.to_string(),
                    })
                    .collect(),
                source,
                hooks: d.hooks,
                figures: d.figures.iter().map(|f| f.name.to_string()).collect(),
                markers: strings(&d.markers),
                tilesets: tilesets
                    .iter()
                    .map(|t: &TileSetSpec| {
                        let n = t
                            .tiles
                            .iter()
                            .map(|x| x.counts.get("C2").copied().unwrap_or(0) as usize)
                            .sum();
                        (t.name.clone(), n)
                    })
                    .collect(),
            },
            figures: d
                .figures
                .iter()
                .map(|f| FigureKind {
                    name: f.name.to_string(),
                    per_player: f.per_player,
                    strength: f.strength,
                    occupies: f.occupies,
                    returns_on_score: f.returns_on_score,
                })
                .collect(),
            game_words: d.game_words,
            feature_words: d.feature_words,
            markers: strings(&d.markers),
            hooks: d.hooks,
            tilesets,
            configure: d.configure,
        })
    }

    /// Hook bits the plugin may subscribe to.
    pub fn hooks(&self) -> u32 {
        self.hooks
    }

    /// Figure kinds it contributes.
    pub fn figures(&self) -> &[FigureKind] {
        &self.figures
    }

    /// Markers it interprets.
    pub fn markers(&self) -> &[String] {
        &self.markers
    }

    /// Per-game and per-feature state words.
    pub fn state_words(&self) -> (u32, u32) {
        (self.game_words, self.feature_words)
    }

    /// Configures an instance and wraps it as engine hooks.
    pub fn configure(&self, options_toml: &str) -> Result<AbiHooks, Vec<OptionProblem>> {
        match (self.configure)(RStr::from_str(options_toml)).into_result() {
            Ok(obj) => {
                let mut h = AbiHooks::new(self.info.id.clone(), obj);
                h.subs &= self.hooks;
                Ok(h)
            }
            Err(problems) => Err(problems
                .into_iter()
                .map(|p| {
                    (
                        p.key.into_option().map(RString::into_string),
                        p.message.into_string(),
                    )
                })
                .collect()),
        }
    }
}

impl ProvidedPlugin for AbiPlugin {
    fn info(&self) -> &PluginInfo {
        &self.info
    }

    fn tilesets(&self) -> Vec<TileSetSpec> {
        self.tilesets.clone()
    }

    fn instantiate(
        &self,
        options_toml: &str,
    ) -> Result<(PluginDecl, Arc<dyn Hooks>), Vec<OptionProblem>> {
        let hooks = self.configure(options_toml)?;
        let mut figures = self.figures.clone();
        if !figures.is_empty() {
            let counts = hooks.figure_counts().map_err(|e| vec![(None, e)])?;
            if let Some(counts) = counts {
                if counts.len() != figures.len() || counts.iter().any(|&c| !(1..=30).contains(&c)) {
                    return Err(vec![(
                        None,
                        format!("figure counts {counts:?}: expected one count from 1 to 30 per figure kind"),
                    )]);
                }
                for (f, c) in figures.iter_mut().zip(counts) {
                    f.per_player = c as u8;
                }
            }
        }
        let decl = PluginDecl {
            id: self.info.id.clone(),
            figures,
            game_words: self.game_words,
            feature_words: self.feature_words,
            markers: self.markers.clone(),
        };
        Ok((decl, Arc::new(hooks)))
    }
}
