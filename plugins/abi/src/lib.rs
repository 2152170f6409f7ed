//! # carcassonne-plugin-abi — the frozen binary interface, epoch 1
//!
//! Everything that crosses the boundary between the `carcassonne` host and a
//! plugin — compiled in or loaded from a shared library — is defined here, in
//! [`abi_stable`] types only. **Plugin authors never use this crate**: they write
//! against `carcassonne-plugin-sdk`, whose adapter turns a native Rust `Plugin`
//! into the [`PluginObj`] below.
//!
//! ## Rules of this crate
//!
//! * **Frozen.** Epoch 1 never changes layout: not a field, not a method, not an
//!   argument. abi_stable checks layouts when a library loads, one way only (a
//!   host whose interface gained a field rejects older plugins), so a change
//!   here would orphan every plugin built so far. New needs go through the two
//!   escape hatches ([`HostVTable::extension`], [`PluginObj::extension`]) or
//!   into a new, side-by-side epoch.
//! * **Epoch = major version.** The root module's version string is
//!   `"<epoch>.0.0"`, so a library built for another epoch is rejected by the
//!   version check before its layout is even compared.
//! * **No allocation on hot paths.** Hooks write into host-owned buffers
//!   (`&mut RVec`, `RSliceMut`); nothing hot returns an `RVec`.
//! * **No unwinding.** A panic that reaches an abi_stable boundary aborts the
//!   process. The SDK adapter catches panics in every plugin entry point; the
//!   host never panics in a [`HostVTable`] callback: it validates every id the
//!   plugin passes and records misuse in its context, reported as a hook error
//!   once the hook returns.
//! * **Sentinels.** An absent `u16` id (tile, feature, figure, tile type) is
//!   [`NONE16`] (`u16::MAX`), as in the core.
#![allow(non_camel_case_types)] // `PluginLib_Ref`, `PluginObj_TO` are generated names
#![allow(non_local_definitions)] // emitted by #[sabi_trait] (abi_stable 0.11.3 predates the lint)

pub use abi_stable; // for the SDK's macros and the host's loader

use abi_stable::{
    library::RootModule,
    sabi_trait,
    sabi_types::VersionStrings,
    std_types::{RBox, ROption, RResult, RSlice, RSliceMut, RStr, RString, RVec},
    StableAbi,
};
use std::ffi::c_void;

/// The ABI epoch this crate defines. Bumped only for a new, side-by-side interface.
pub const ABI_EPOCH: u32 = 1;

/// The root module's version string: `"<ABI_EPOCH>.0.0"` (checked before the layout).
pub const ABI_VERSION: &str = "1.0.0";

/// "No such thing" for `u16` ids (tile indices, feature ids, figure ids, tile types).
pub const NONE16: u16 = u16::MAX;

// ---------------------------------------------------------------------------
// Plain data mirrored from the core
// ---------------------------------------------------------------------------

/// A board position (`x` east, `y` south). Same layout as the core's `Pos`.
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AbiPos {
    /// Column, growing eastwards.
    pub x: i16,
    /// Row, growing southwards.
    pub y: i16,
}

/// A candidate placement of the drawn tile. Same layout as the core's `Placement`.
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AbiPlacement {
    /// Where.
    pub pos: AbiPos,
    /// Clockwise quarter turns, `0..4`.
    pub rot: u8,
}

/// A pending decision or chance event (the core's `Step`).
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AbiStep {
    /// Plugin index that resolves it, or 255 for the core.
    pub owner: u8,
    /// Whether it is a chance event (else a decision of `player`).
    pub chance: bool,
    /// Owner-defined kind.
    pub tag: u16,
    /// Who decides (decisions).
    pub player: u8,
    /// Owner-defined argument.
    pub arg: u32,
}

/// [`AbiFigureOption::tag`]: deploy nothing.
pub const FIGURE_PASS: u8 = 0;
/// [`AbiFigureOption::tag`]: deploy a figure of kind `a` on local feature `b` of the placed tile.
pub const FIGURE_DEPLOY: u8 = 1;
/// [`AbiFigureOption::tag`]: plugin-defined option of plugin `a` with code `b`.
pub const FIGURE_SPECIAL: u8 = 2;

/// An option of the figure step (the core's `FigureOption`), as a tagged triple.
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AbiFigureOption {
    /// [`FIGURE_PASS`], [`FIGURE_DEPLOY`] or [`FIGURE_SPECIAL`].
    pub tag: u8,
    /// Deploy: figure kind; special: plugin index.
    pub a: u8,
    /// Deploy: local feature index; special: plugin-defined code.
    pub b: u32,
}

/// A chance outcome: a code and its weight (probability = weight / sum of weights).
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AbiOutcome {
    /// Outcome code.
    pub code: u32,
    /// Relative weight, > 0.
    pub weight: u32,
}

/// Feature kinds as `u8` (the core's `FeatureKind` discriminants).
pub mod feature_kind {
    /// Road.
    pub const ROAD: u8 = 0;
    /// City.
    pub const CITY: u8 = 1;
    /// Field.
    pub const FIELD: u8 = 2;
    /// Cloister.
    pub const CLOISTER: u8 = 3;
    /// A single-tile spot (garden, ...).
    pub const SPOT: u8 = 4;
}

/// Score reasons as `u8` (the core's `ScoreReason`).
pub mod score_reason {
    /// Completed during the game.
    pub const COMPLETED: u8 = 0;
    /// Incomplete at the end (final scoring).
    pub const FINAL: u8 = 1;
    /// Scored early as if at the end, by a plugin.
    pub const EARLY: u8 = 2;
}

/// What a scoring hook sees about the feature being scored (the core's `ScoreInfo`).
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AbiScoreInfo {
    /// Root feature id.
    pub feature: u16,
    /// Feature kind ([`feature_kind`]).
    pub kind: u8,
    /// Why it is scored ([`score_reason`]).
    pub reason: u8,
    /// Distinct tiles in the feature.
    pub tiles: u32,
    /// Pennants in the feature.
    pub pennants: u32,
    /// Whether it is complete.
    pub complete: bool,
}

/// What the majority hook sees (the core's `MajorityInfo`).
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug)]
pub struct AbiMajorityInfo<'a> {
    /// Kind of what is scored ([`feature_kind`]; fields for farmers).
    pub kind: u8,
    /// Why it is scored ([`score_reason`]).
    pub reason: u8,
    /// Root feature being scored (for per-city farmer scoring: the city).
    pub feature: u16,
    /// Every figure taking part (strength > 0).
    pub figures: RSlice<'a, u16>,
    /// Summed strength per player (6 seats).
    pub strength: [u8; 6],
}

/// [`AbiNameCtx::tag`]: a value of the pending step `step`.
pub const NAME_STEP: u8 = 0;
/// [`AbiNameCtx::tag`]: a special figure-option code.
pub const NAME_SPECIAL: u8 = 1;

/// [`PluginObj::extension`] operation: the configured plugin's copies per player of
/// each figure kind it declares, in declaration order (one `u64` each). Asked once
/// after configuration, with a host reference that has no game (every host
/// callback then fails the call); a plugin that answers `false` keeps the counts
/// of its descriptor.
pub const EXT_FIGURE_COUNTS: &str = "figure-counts";

/// [`PluginObj::extension`] operation: the core's `figure_returned` hook, for
/// plugins subscribing to its bit (1 << 15). `args` = `[figure, feature]`; called
/// with a read-write host reference. Answering `false` means "not implemented".
pub const EXT_FIGURE_RETURNED: &str = "figure-returned";

/// What a name or parse request is about (the core's `NameCtx`).
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AbiNameCtx {
    /// [`NAME_STEP`] or [`NAME_SPECIAL`].
    pub tag: u8,
    /// The step (for [`NAME_STEP`]).
    pub step: AbiStep,
}

// ---------------------------------------------------------------------------
// Host -> plugin callbacks
// ---------------------------------------------------------------------------

/// Opaque pointer to host-owned data: the game and the calling plugin's index.
/// Only the host dereferences it. Valid for the duration of one hook call.
#[repr(transparent)]
#[derive(StableAbi, Copy, Clone, Debug)]
pub struct HostHandle(pub *mut c_void);

/// The functions through which a plugin reads and changes the game, mirroring
/// the core's `Game` queries and its `View`/`Cx` methods (same names).
///
/// Contract for the host: no function unwinds; every id is validated, and a bad
/// one (or a write from a read-only hook) returns a neutral value (`0`, `false`,
/// [`NONE16`], an empty slice) and marks the call as failed: the hook then fails
/// with a message naming the function and the id. Contract for the plugin: pass
/// only the handle you were given, during the hook you were given it in.
#[repr(C)]
#[derive(StableAbi)]
pub struct HostVTable {
    // ----- game -----
    /// Number of players.
    pub players: extern "C" fn(h: HostHandle) -> u8,
    /// Whose turn it is.
    pub current_player: extern "C" fn(h: HostHandle) -> u8,
    /// Turn number (1-based; 0 before the first turn).
    pub turn: extern "C" fn(h: HostHandle) -> u16,
    /// Score of a player.
    pub score: extern "C" fn(h: HostHandle, player: u8) -> i32,
    /// Tiles left in the bag.
    pub bag_len: extern "C" fn(h: HostHandle) -> u32,
    /// Tile type of the drawn tile waiting to be placed, or [`NONE16`].
    pub drawn_tile: extern "C" fn(h: HostHandle) -> u16,
    /// Index of the tile placed this turn, or [`NONE16`].
    pub last_placed: extern "C" fn(h: HostHandle) -> u16,
    /// Number of placed tiles (the start tile included).
    pub placed_count: extern "C" fn(h: HostHandle) -> u32,
    /// Whether events are being logged (format log text only then).
    pub logging: extern "C" fn(h: HostHandle) -> bool,
    /// Number of pending steps.
    pub pending_len: extern "C" fn(h: HostHandle) -> u32,
    /// Pending step `i` (0 = bottom of the stack).
    pub pending_step: extern "C" fn(h: HostHandle, i: u32) -> AbiStep,
    // ----- placed tiles -----
    /// The placed tile at a position, or [`NONE16`].
    pub tile_at: extern "C" fn(h: HostHandle, pos: AbiPos) -> u16,
    /// Position of a placed tile.
    pub tile_pos: extern "C" fn(h: HostHandle, t: u16) -> AbiPos,
    /// Tile type of a placed tile.
    pub tile_type_id: extern "C" fn(h: HostHandle, t: u16) -> u16,
    /// Rotation of a placed tile.
    pub tile_rot: extern "C" fn(h: HostHandle, t: u16) -> u8,
    /// Occupied positions among the 8 around a placed tile.
    pub tile_nbrs: extern "C" fn(h: HostHandle, t: u16) -> u8,
    /// Tile-level marker mask of a placed tile.
    pub tile_markers: extern "C" fn(h: HostHandle, t: u16) -> u64,
    /// Whether a placed tile carries marker bit `bit` (tile level).
    pub tile_has_marker: extern "C" fn(h: HostHandle, t: u16, bit: u64) -> bool,
    /// Number of features of a placed tile.
    pub tile_feature_count: extern "C" fn(h: HostHandle, t: u16) -> u8,
    /// Kind ([`feature_kind`]) of local feature `local` of a placed tile.
    pub tile_feature_kind: extern "C" fn(h: HostHandle, t: u16, local: u8) -> u8,
    /// Marker mask of local feature `local` of a placed tile.
    pub tile_feature_markers: extern "C" fn(h: HostHandle, t: u16, local: u8) -> u64,
    // ----- features -----
    /// Global feature id of local feature `local` of a placed tile.
    pub feature_of: extern "C" fn(h: HostHandle, t: u16, local: u8) -> u16,
    /// Number of feature instances on the board (valid ids are `0..feature_count`).
    pub feature_count: extern "C" fn(h: HostHandle) -> u32,
    /// Root (representative) of a feature's set.
    pub find: extern "C" fn(h: HostHandle, f: u16) -> u16,
    /// Kind ([`feature_kind`]) of a feature.
    pub feature_kind: extern "C" fn(h: HostHandle, f: u16) -> u8,
    /// Placed tile of a feature instance.
    pub feature_tile: extern "C" fn(h: HostHandle, f: u16) -> u16,
    /// Local index of a feature instance on its tile.
    pub feature_local: extern "C" fn(h: HostHandle, f: u16) -> u8,
    /// Marker mask of a feature instance.
    pub feature_markers: extern "C" fn(h: HostHandle, f: u16) -> u64,
    /// Open sides of the feature containing `f`.
    pub open_sides: extern "C" fn(h: HostHandle, f: u16) -> u16,
    /// Whether the feature containing `f` is complete.
    pub is_complete: extern "C" fn(h: HostHandle, f: u16) -> bool,
    /// Occupying figures in the feature containing `f`.
    pub occupants: extern "C" fn(h: HostHandle, f: u16) -> u8,
    /// Next member of the circular member list of `f`'s set.
    pub next_member: extern "C" fn(h: HostHandle, f: u16) -> u16,
    // ----- figures -----
    /// First figure on feature instance `f`, or [`NONE16`].
    pub first_figure_on: extern "C" fn(h: HostHandle, f: u16) -> u16,
    /// Next figure on the same feature instance, or [`NONE16`].
    pub next_figure: extern "C" fn(h: HostHandle, fig: u16) -> u16,
    /// Owner of a figure.
    pub figure_owner: extern "C" fn(h: HostHandle, fig: u16) -> u8,
    /// Kind of a figure.
    pub figure_kind: extern "C" fn(h: HostHandle, fig: u16) -> u8,
    /// Feature instance a figure stands on, or [`NONE16`].
    pub figure_feature: extern "C" fn(h: HostHandle, fig: u16) -> u16,
    /// Number of figures in the game (valid ids are `0..figure_count`).
    pub figure_count: extern "C" fn(h: HostHandle) -> u32,
    /// Figures of `kind` in `player`'s supply.
    pub supply: extern "C" fn(h: HostHandle, player: u8, kind: u8) -> u8,
    // ----- rules: tile types and figure kinds -----
    /// Number of tile types in the ruleset.
    pub tile_type_count: extern "C" fn(h: HostHandle) -> u32,
    /// Id of a tile type (e.g. `BA/RCr`); valid while the game lives.
    pub tile_type_name: extern "C" fn(h: HostHandle, ty: u16) -> RStr<'static>,
    /// Tile-level marker mask of a tile type.
    pub tile_type_markers: extern "C" fn(h: HostHandle, ty: u16) -> u64,
    /// Number of features of a tile type.
    pub tile_type_feature_count: extern "C" fn(h: HostHandle, ty: u16) -> u8,
    /// Kind ([`feature_kind`]) of local feature `local` of a tile type.
    pub tile_type_feature_kind: extern "C" fn(h: HostHandle, ty: u16, local: u8) -> u8,
    /// Marker mask of local feature `local` of a tile type.
    pub tile_type_feature_markers: extern "C" fn(h: HostHandle, ty: u16, local: u8) -> u64,
    /// Number of figure kinds (0 is the follower).
    pub figure_kind_count: extern "C" fn(h: HostHandle) -> u8,
    /// Name of a figure kind; valid while the game lives.
    pub figure_kind_name: extern "C" fn(h: HostHandle, kind: u8) -> RStr<'static>,
    /// Strength of a figure kind in majorities.
    pub figure_kind_strength: extern "C" fn(h: HostHandle, kind: u8) -> u8,
    // ----- the calling plugin's own data -----
    /// Index of the calling plugin in the ruleset's dispatch order (the `owner` of
    /// its steps, the `plugin` of its special figure options).
    pub plugin_index: extern "C" fn(h: HostHandle) -> u8,
    /// This plugin's per-game state words; valid until the next mutating call.
    pub state: extern "C" fn(h: HostHandle) -> RSlice<'static, u32>,
    /// This plugin's per-game state words, writable (Cx hooks only).
    pub state_mut: extern "C" fn(h: HostHandle) -> RSliceMut<'static, u32>,
    /// This plugin's words for feature instance `f`.
    pub feature_state: extern "C" fn(h: HostHandle, f: u16) -> RSlice<'static, u32>,
    /// This plugin's words for feature instance `f`, writable (Cx hooks only).
    pub feature_state_mut: extern "C" fn(h: HostHandle, f: u16) -> RSliceMut<'static, u32>,
    /// Marker bit of this plugin's `i`-th declared marker (0 if no tile carries it).
    pub my_marker: extern "C" fn(h: HostHandle, i: u32) -> u64,
    /// Figure kind id of this plugin's `i`-th declared figure kind.
    pub my_figure: extern "C" fn(h: HostHandle, i: u32) -> u8,
    // ----- changes (Cx hooks only) -----
    /// Awards points to a player.
    pub add_score: extern "C" fn(h: HostHandle, player: u8, points: i32),
    /// Adds a line to the turn log (ignored when logging is off).
    pub log: extern "C" fn(h: HostHandle, text: RStr<'_>),
    /// Pushes a decision for `player`.
    pub push_decision: extern "C" fn(h: HostHandle, player: u8, tag: u16, arg: u32),
    /// Pushes a chance event resolved with this plugin's outcomes.
    pub push_chance: extern "C" fn(h: HostHandle, tag: u16, arg: u32),
    /// Pushes the core chance event "take a tile from the bag face down".
    pub push_hidden_tile_draw: extern "C" fn(h: HostHandle),
    /// Deploys a figure from a supply onto feature instance `f`; the figure or [`NONE16`].
    pub deploy_figure: extern "C" fn(h: HostHandle, player: u8, kind: u8, f: u16) -> u16,
    /// Sends a figure back to its owner.
    pub return_figure: extern "C" fn(h: HostHandle, fig: u16),
    /// Scores the feature containing `f` now ([`score_reason`]); the points each winner got.
    /// `RErr` when a hook of some plugin failed on the way (the hook must then fail too).
    pub score_feature: extern "C" fn(h: HostHandle, f: u16, reason: u8) -> RResult<i32, RString>,
    /// Completed cities bordering the field containing `f`, as city roots, into `out`
    /// (cleared first).
    pub bordering_cities: extern "C" fn(h: HostHandle, f: u16, out: &mut RVec<u16>),
    // ----- escape hatch -----
    /// Named operations added after the freeze. Returns `false` for an operation
    /// this host does not know (epoch-1 hosts know none).
    pub extension: extern "C" fn(
        h: HostHandle,
        op: RStr<'_>,
        args: RSlice<'_, u64>,
        out: &mut RVec<u64>,
    ) -> bool,
}

/// What the host passes to every hook: the callback table and the handle.
#[repr(C)]
#[derive(StableAbi, Copy, Clone)]
pub struct HostRef<'a> {
    /// The callbacks.
    pub vtable: &'a HostVTable,
    /// The handle to pass back to them.
    pub handle: HostHandle,
}

// ---------------------------------------------------------------------------
// Plugin object
// ---------------------------------------------------------------------------

/// A hook's result: `RErr` carries the message (the host adds the plugin id and hook name).
pub type HookStatus = RResult<(), RString>;

pub use plugin_obj::{PluginObj, PluginObj_TO};

mod plugin_obj {
    #![allow(missing_docs)] // items generated by #[sabi_trait]
    use super::*;

    /// The configured plugin as the host calls it: one method per core hook, in
    /// the core's order. Every method must not unwind (the SDK adapter catches
    /// panics and returns `RErr`). Hooks with a `host` argument named `cx` may
    /// change the game; those named `v` only read it.
    #[sabi_trait]
    pub trait PluginObj: Send + Sync {
        /// Hook bits this instance wants to be called for.
        fn subscriptions(&self) -> u32;
        /// Game setup.
        fn setup(&self, cx: HostRef<'_>) -> HookStatus;
        /// A tile was drawn and can be placed.
        fn tile_drawn(&self, cx: HostRef<'_>, tile: u16) -> HookStatus;
        /// Clear `keep[i]` for every candidate placement the plugin forbids.
        fn filter_placements(
            &self,
            v: HostRef<'_>,
            tile: u16,
            cands: RSlice<'_, AbiPlacement>,
            keep: RSliceMut<'_, bool>,
        ) -> HookStatus;
        /// Two features were joined; `absorbed` is no longer a root.
        fn features_merged(&self, cx: HostRef<'_>, kept: u16, absorbed: u16) -> HookStatus;
        /// A tile was placed (after all merges).
        fn tile_placed(&self, cx: HostRef<'_>, tile: u16) -> HookStatus;
        /// Before the figure step.
        fn before_figure(&self, cx: HostRef<'_>) -> HookStatus;
        /// Add or remove figure-step options in place.
        fn figure_options(&self, v: HostRef<'_>, opts: &mut RVec<AbiFigureOption>) -> HookStatus;
        /// The figure step was resolved with `opt`.
        fn figure_chosen(&self, cx: HostRef<'_>, opt: AbiFigureOption) -> HookStatus;
        /// After the figure step.
        fn after_figure(&self, cx: HostRef<'_>) -> HookStatus;
        /// Options of a decision this plugin pushed, appended to `out` (empty on entry).
        fn step_options(&self, v: HostRef<'_>, step: AbiStep, out: &mut RVec<u32>) -> HookStatus;
        /// Outcomes of a chance event this plugin pushed, appended to `out` (empty on entry).
        fn step_outcomes(
            &self,
            v: HostRef<'_>,
            step: AbiStep,
            out: &mut RVec<AbiOutcome>,
        ) -> HookStatus;
        /// Carry out a step this plugin pushed with the chosen option or drawn outcome.
        fn resolve_step(&self, cx: HostRef<'_>, step: AbiStep, value: u32) -> HookStatus;
        /// Refine the winners (a player bit set) of a majority.
        fn majority(
            &self,
            v: HostRef<'_>,
            info: &AbiMajorityInfo<'_>,
            winners: &mut u8,
        ) -> HookStatus;
        /// Adjust the points each winner gets for a feature.
        fn points(&self, v: HostRef<'_>, info: &AbiScoreInfo, points: &mut i32) -> HookStatus;
        /// A feature was scored (before its figures return).
        fn feature_scored(
            &self,
            cx: HostRef<'_>,
            info: &AbiScoreInfo,
            winners: u8,
            points: i32,
        ) -> HookStatus;
        /// A field can no longer grow.
        fn field_closed(&self, cx: HostRef<'_>, field: u16) -> HookStatus;
        /// The turn is ending.
        fn turn_end(&self, cx: HostRef<'_>) -> HookStatus;
        /// Final scoring, after the core's.
        fn final_scoring(&self, cx: HostRef<'_>) -> HookStatus;
        /// Human and record name of a value.
        fn value_name(&self, what: AbiNameCtx, value: u32) -> RString;
        /// Inverse of `value_name`.
        fn parse_value(&self, what: AbiNameCtx, text: RStr<'_>) -> ROption<u32>;
        /// A short description of a pending step.
        fn describe_step(&self, step: AbiStep) -> RString;
        /// Named operations added after the freeze; `ROk(false)` for an unknown one.
        #[sabi(last_prefix_field)]
        fn extension(
            &self,
            host: HostRef<'_>,
            op: RStr<'_>,
            args: RSlice<'_, u64>,
            out: &mut RVec<u64>,
        ) -> RResult<bool, RString>;
    }
}

/// The owned, type-erased plugin object as it crosses the boundary.
pub type PluginBox = PluginObj_TO<'static, RBox<()>>;

const _: () = {
    fn assert_send_sync<T: Send + Sync>() {}
    let _ = assert_send_sync::<PluginBox>;
};

// ---------------------------------------------------------------------------
// Descriptor
// ---------------------------------------------------------------------------

/// One documented option of a plugin.
#[repr(C)]
#[derive(StableAbi, Clone, Debug)]
pub struct AbiOptionDoc {
    /// Key in the plugin's ruleset table (kebab-case).
    pub name: RString,
    /// Default value as a TOML literal.
    pub default: RString,
    /// What it does.
    pub doc: RString,
}

/// A figure kind a plugin contributes (the core's `FigureKind`).
#[repr(C)]
#[derive(StableAbi, Clone, Debug)]
pub struct AbiFigureKind {
    /// Name used in logs and records.
    pub name: RString,
    /// Copies each player has.
    pub per_player: u8,
    /// Weight in majorities.
    pub strength: u8,
    /// Whether it makes its feature occupied.
    pub occupies: bool,
    /// Whether it returns to its owner when its feature is scored.
    pub returns_on_score: bool,
}

/// A problem with a plugin's options: the key it concerns (if any) and the message.
#[repr(C)]
#[derive(StableAbi, Clone, Debug)]
pub struct AbiOptionProblem {
    /// Option key, when the problem is about one.
    pub key: ROption<RString>,
    /// What is wrong.
    pub message: RString,
}

/// Everything the host needs to know about a plugin before enabling it.
#[repr(C)]
#[derive(StableAbi)]
pub struct PluginDescriptor {
    /// Unique id: the ruleset's `[plugins.<id>]`.
    pub id: RString,
    /// Plugin version.
    pub version: RString,
    /// One-line description.
    pub description: RString,
    /// ABI epoch the plugin was built against ([`ABI_EPOCH`]).
    pub api_epoch: u32,
    /// Plugins that must be enabled too (they run first).
    pub depends_on: RVec<RString>,
    /// Plugins that may not be enabled with it.
    pub conflicts_with: RVec<RString>,
    /// Its options, in display order.
    pub options: RVec<AbiOptionDoc>,
    /// Tile sets it contributes when enabled, as TOML text (`docs/tiles.md`).
    pub tilesets: RVec<RString>,
    /// Figure kinds it contributes, in order.
    pub figures: RVec<AbiFigureKind>,
    /// Words (`u32`) of per-game state it needs.
    pub game_words: u32,
    /// Words of per-feature state it needs.
    pub feature_words: u32,
    /// Marker names it interprets, in order.
    pub markers: RVec<RString>,
    /// Hook bits it may subscribe to.
    pub hooks: u32,
    /// Builds a configured plugin from its options table (TOML text, `enabled` removed).
    /// (Spelled out: `#[derive(StableAbi)]` needs fn-pointer types written literally.)
    pub configure:
        extern "C" fn(options_toml: RStr<'_>) -> RResult<PluginBox, RVec<AbiOptionProblem>>,
}

// ---------------------------------------------------------------------------
// Root module of a plugin shared library
// ---------------------------------------------------------------------------

/// The root module a plugin shared library exports (one per library).
#[repr(C)]
#[derive(StableAbi)]
#[sabi(kind(Prefix(prefix_ref = PluginLib_Ref)))]
#[sabi(missing_field(panic))]
pub struct PluginLib {
    /// [`ABI_EPOCH`] of the library (checked again after the version check).
    pub abi_epoch: u32,
    /// Descriptors of every plugin registered in this library.
    #[sabi(last_prefix_field)]
    pub descriptors: extern "C" fn() -> RVec<PluginDescriptor>,
}

impl RootModule for PluginLib_Ref {
    abi_stable::declare_root_module_statics! {PluginLib_Ref}
    const BASE_NAME: &'static str = "carcassonne_plugin";
    const NAME: &'static str = "carcassonne plugin library";
    const VERSION_STRINGS: VersionStrings = VersionStrings::new(ABI_VERSION);
}

const _: () = {
    // ABI_VERSION must start with ABI_EPOCH ("1.0.0").
    let v = ABI_VERSION.as_bytes();
    assert!(ABI_EPOCH == 1 && v[0] == b'1' && v[1] == b'.');
};
