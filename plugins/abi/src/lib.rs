//! # carcassonne-plugin-abi — the binary interface, epoch 4
//!
//! Everything that crosses the boundary between the `carcassonne` host and a
//! plugin — compiled in or loaded from a shared library — is defined here, in
//! [`abi_stable`] types. **Plugin authors never use this crate**: they write
//! against `carcassonne-plugin-sdk`, whose adapter turns a native Rust `Plugin`
//! into a [`PluginObj`].
//!
//! ## Generated from two tables
//!
//! * the hook table (`carcassonne_vocab::hook_table!`) gives the
//!   [`PluginVTable`]: one function per hook, same names, same order;
//! * this crate's query table ([`query_table!`]) gives the [`HostVTable`]: one
//!   function per query the game offers plugins.
//!
//! The host's adapter and the SDK's `Plugin`, `View`, `Cx` and adapter are
//! generated from the same tables, so a hook or a query is added in one place.
//! The vocabulary types (ids, positions, placements, figure options, locations,
//! points, steps) are those of `carcassonne-vocab`, shared with the engine and
//! laid out for the interface (its `abi` feature): nothing is converted between
//! identical types, and this crate does not depend on the engine.
//!
//! ## Stability policy
//!
//! The plugin API may still change until the four expansions that follow Hills
//! & Sheep (Inns & Cathedrals, Traders & Builders, Abbey & Mayor, Princess &
//! Dragon) run on it; then it is declared stable. **Every change of a surface
//! that was released bumps the epoch** ([`ABI_EPOCH`], the crate's major
//! version and the root module's version). A library of another epoch is refused with one line
//! before anything else of it is looked at: every library exports a
//! [`PluginManifest`] (a plain `static` whose layout never changes), which the
//! host reads with `libloading` first; then abi_stable's typed root module and
//! layout checks run for the matching epoch.
//!
//! The surface (the two tables and the layout of every type reachable from the
//! root module) is pinned by `tests/surface.rs` against the committed
//! `surface.txt`: a change fails that test until the list is regenerated, and
//! the epoch is bumped when a release shipped the old surface (ARCHITECTURE.md,
//! "Stability policy").
//!
//! ## Rules
//!
//! * **No allocation on hot paths.** Hooks write into host-owned buffers; state
//!   slices point into the game's arrays.
//! * **No unwinding.** A panic that reaches an abi_stable boundary aborts the
//!   process. The SDK catches panics in every plugin function; the host never
//!   panics in a [`HostVTable`] callback: it validates every id the plugin passes
//!   and records misuse in its context, reported as a hook error once the hook
//!   returns.
#![allow(non_camel_case_types)] // `PluginLib_Ref` is a generated name
#![allow(non_local_definitions)] // emitted by abi_stable's derives (0.11.3 predates the lint)

pub use abi_stable; // for the SDK's macros and the host's loader

pub mod bridge;
mod descriptor;
mod host;
mod plugin;
mod tiles;

pub use descriptor::*;
pub use host::*;
pub use plugin::*;
pub use tiles::*;

pub use abi_stable::std_types::{
    RErr, RNone, ROk, ROption, RResult, RSlice, RSliceMut, RSome, RStr, RString, RVec,
};
use abi_stable::StableAbi;
pub use carcassonne_vocab::hooks::{
    FigureOption, NameCtx, Outcome, Piece, PiecePlacement, Placement, Points, ScoreInfo,
    ScoreReason, Step, TileCount, ValueChange,
};
pub use carcassonne_vocab::types::*;
pub use carcassonne_vocab::{CoreOptions, FigureClass};
use std::ffi::c_void;
use std::marker::PhantomData;

/// The ABI epoch this crate defines. Every change of the interface is a new epoch.
pub const ABI_EPOCH: u32 = 4;

/// The root module's version string: `"<ABI_EPOCH>.0.0"` (checked before the layout).
pub const ABI_VERSION: &str = "4.0.0";

/// The fingerprint of the ABI surface this crate defines: a 64-bit FNV-1a hash
/// of the committed `surface.txt` (carriage returns skipped), which
/// `tests/surface.rs` keeps equal to the surface itself — the hook table with
/// its hook and narrowing bits, the query table, and the layout of every type
/// reachable from the root module.
///
/// Every library carries it ([`PluginLib::surface`]) and the host refuses a
/// library whose fingerprint differs from its own, in one line. abi_stable's
/// layout checks cannot see everything a library relies on: the hook and
/// narrowing bits are plain `u64` values, and a library built against an
/// earlier revision of the same epoch would read a renumbered bit as another
/// case. The fingerprint makes any change of the surface, inside an epoch too,
/// a clear "rebuild it" instead of a silently different game.
pub const SURFACE_FINGERPRINT: u64 = surface_fingerprint(include_str!("../surface.txt"));

/// The 64-bit FNV-1a hash of `text`, carriage returns skipped (a checkout with
/// Windows line endings gives the same fingerprint).
pub const fn surface_fingerprint(text: &str) -> u64 {
    let b = text.as_bytes();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\r' {
            h ^= b[i] as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        i += 1;
    }
    h
}

/// What the scoring hooks see (the core's `ScoreInfo`, with its slices as `RSlice`).
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug)]
pub struct AbiScoreInfo<'a> {
    /// Root feature scored (a field or a city for farmers).
    pub feature: FeatureId,
    /// Its kind (`Field` for farmers).
    pub kind: FeatureKind,
    /// Why it is scored.
    pub reason: ScoreReason,
    /// Whether it is complete.
    pub complete: bool,
    /// Distinct tiles in the feature.
    pub tiles: u32,
    /// Pennants in the feature.
    pub pennants: u32,
    /// Farmers: the completed cities paid for.
    pub cities: RSlice<'a, FeatureId>,
    /// Farmers: the fields of the unit.
    pub fields: RSlice<'a, FeatureId>,
    /// Farmers: the winners of each field.
    pub field_winners: RSlice<'a, PlayerSet>,
    /// The figures taking part in the majority (strength > 0).
    pub figures: RSlice<'a, FigureId>,
    /// Summed strength per player.
    pub strength: [u16; MAX_PLAYERS],
    /// What the unit is worth to each winner (`ScoreInfo::value`).
    pub value: i32,
}

const _: () = {
    // ABI_VERSION must start with ABI_EPOCH ("4.0.0").
    let v = ABI_VERSION.as_bytes();
    assert!(ABI_EPOCH == 4 && v[0] == b'4' && v[1] == b'.');
    assert!(MAX_PLAYERS == 6);
};
