//! # carcassonne-plugin-sdk — write carcassonne plugins in plain Rust
//!
//! A plugin is immutable rules plus configuration: a struct implementing
//! [`Plugin`], whose hooks the engine calls at fixed points of the turn
//! pipeline. Mutable game data lives in the game state (per-game and
//! per-feature words the plugin declares), so games clone, replay and
//! serialise without ever calling a plugin.
//!
//! ```
//! use carcassonne_plugin_sdk::prelude::*;
//!
//! /// House rule: a completed cloister scores `points` instead of 9.
//! pub struct CloisterBonus {
//!     points: i32,
//! }
//!
//! #[derive(Clone, Debug, Serialize, Deserialize)]
//! #[serde(crate = "carcassonne_plugin_sdk::serde")]
//! #[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
//! pub struct Options {
//!     pub points: i32,
//! }
//!
//! impl Default for Options {
//!     fn default() -> Self {
//!         Options { points: 12 }
//!     }
//! }
//!
//! impl Config for Options {
//!     const DOCS: &'static [(&'static str, &'static str)] =
//!         &[("points", "Points a completed cloister scores.")];
//! }
//!
//! impl Plugin for CloisterBonus {
//!     type Config = Options;
//!     const ID: &'static str = "cloister-bonus";
//!     const VERSION: &'static str = "1.0.0";
//!     const DESCRIPTION: &'static str = "House rule: a completed cloister scores 12";
//!     const HOOKS: u32 = hook::POINTS;
//!
//!     fn new(options: Options) -> Result<Self, ConfigError> {
//!         if options.points < 0 {
//!             return Err(ConfigError::key("points", "must not be negative"));
//!         }
//!         Ok(CloisterBonus { points: options.points })
//!     }
//!
//!     fn points(&self, _v: &View<'_>, info: &ScoreInfo, points: &mut i32) -> HookResult {
//!         if info.kind == FeatureKind::Cloister && info.reason == ScoreReason::Completed {
//!             *points = self.points;
//!         }
//!         Ok(())
//!     }
//! }
//!
//! register_plugin!(CloisterBonus);
//! ```
//!
//! ## The pieces
//!
//! * [`Plugin`] — metadata as associated constants, a constructor from typed
//!   options, and one method per hook with a do-nothing default, in pipeline
//!   order. List the hooks you implement in [`Plugin::HOOKS`]: the others are
//!   never called (a hook you implement but do not list is silently skipped).
//! * [`View`] and [`Cx`] — the game, read-only or read-write, with the method
//!   names of the core's `Game`, `View` and `Cx`.
//! * [`Config`] — typed options with docs and defaults ([`config`] module).
//! * [`register_plugin!`] — makes the plugin known to whatever binary or
//!   library links the crate (through `inventory`).
//! * [`export_plugin_library!`] — turns a `cdylib` crate into a plugin
//!   library the `carcassonne` program loads with `--plugin-dir`.
//! * [`testing::check_plugin`] — checks a plugin's declarations in its tests.
//!
//! Plugins compiled into the program and plugins loaded from a library go
//! through the same adapter and the same frozen binary interface
//! (`carcassonne-plugin-abi`): a panic or an `Err` in a hook never unwinds into
//! the engine; the action that triggered it fails with an error naming the
//! plugin and the hook, and the game state is left as it was.
//!
//! **Native plugins are trusted code**: they run in the host process with its
//! full rights. Load only libraries you would run as programs.

mod adapter;
pub mod config;
mod context;
pub mod testing;

pub use config::{parse_options, Config, ConfigError, NoOptions, OptionInfo};
pub use context::{Cx, View};

/// Re-exported so option structs can derive with `#[serde(crate = "carcassonne_plugin_sdk::serde")]`.
pub use serde;

pub use carcassonne_core::hooks::{CORE_OWNER, STEP_HIDDEN_TILE};
pub use carcassonne_core::{
    hook, FeatureId, FeatureKind, FigureId, FigureKindId, FigureOption, MajorityInfo, NameCtx,
    Placement, PlayerId, PlayerSet, Pos, Rotation, ScoreInfo, ScoreReason, Side, Step, TileIndex,
    TileTypeId, MAX_PLAYERS, NONE16,
};

pub use adapter::{registered_plugins, Registration};

/// The ABI epoch this SDK builds plugins for.
pub const API_EPOCH: u32 = carcassonne_plugin_abi::ABI_EPOCH;

/// Everything a plugin usually needs: `use carcassonne_plugin_sdk::prelude::*;`.
pub mod prelude {
    pub use crate::serde::{Deserialize, Serialize};
    pub use crate::{
        hook, register_plugin, Config, ConfigError, Cx, Error, FeatureId, FeatureKind, FigureId,
        FigureKindId, FigureOption, FigureSpec, HookResult, MajorityInfo, NameCtx, NoOptions,
        Placement, PlayerId, PlayerSet, Plugin, Pos, Rotation, ScoreInfo, ScoreReason, Side, Step,
        TileIndex, TileTypeId, View,
    };
}

/// Used by this crate's macros; not part of the public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::adapter::{lib_header, local_descriptors};
    pub use carcassonne_plugin_abi as abi;
    pub use carcassonne_plugin_abi::abi_stable;
    pub use inventory;
}

/// Why a hook failed. Returned with `Err` from a hook, it makes the action that
/// triggered the hook fail; the engine restores the game state and the error
/// names the plugin and the hook.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    message: String,
}

impl Error {
    /// An error with this message.
    pub fn new(message: impl std::fmt::Display) -> Error {
        Error {
            message: message.to_string(),
        }
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl From<String> for Error {
    fn from(message: String) -> Error {
        Error { message }
    }
}

impl From<&str> for Error {
    fn from(message: &str) -> Error {
        Error::new(message)
    }
}

/// Result of a hook.
pub type HookResult<T = ()> = Result<T, Error>;

/// A figure kind a plugin contributes (the shepherd, the abbot, a large follower, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FigureSpec {
    /// Name used in logs and records (`shepherd`); unique in a ruleset.
    pub name: &'static str,
    /// Copies each player has.
    pub per_player: u8,
    /// Weight in majorities (follower 1, large follower 2, shepherd 0).
    pub strength: u8,
    /// Whether it makes its feature occupied (no further follower may join).
    pub occupies: bool,
    /// Whether it goes back to its owner when its feature is scored.
    pub returns_on_score: bool,
}

/// A plugin: metadata, typed options, and hooks.
///
/// The hooks run in this order each turn (the core's pipeline, see the core's
/// `hooks` module and `ARCHITECTURE.md`):
///
/// 1. [`setup`](Plugin::setup) — once, when a game is created.
/// 2. Tile drawn → [`tile_drawn`](Plugin::tile_drawn).
/// 3. [`filter_placements`](Plugin::filter_placements) whenever legal placements are generated.
/// 4. Tile placed → [`features_merged`](Plugin::features_merged) for every union, then
///    [`tile_placed`](Plugin::tile_placed).
/// 5. [`before_figure`](Plugin::before_figure).
/// 6. [`figure_options`](Plugin::figure_options) → the player's choice →
///    [`figure_chosen`](Plugin::figure_chosen).
/// 7. [`after_figure`](Plugin::after_figure).
/// 8. Completed features: [`majority`](Plugin::majority), [`points`](Plugin::points),
///    [`feature_scored`](Plugin::feature_scored); figures return.
/// 9. [`field_closed`](Plugin::field_closed) for every field closed this turn.
/// 10. [`turn_end`](Plugin::turn_end).
/// 11. At the end: the core's final scoring (each feature through 8), then
///     [`final_scoring`](Plugin::final_scoring).
///
/// Whenever a figure returns to its owner, [`figure_returned`](Plugin::figure_returned).
///
/// Hooks given a [`Cx`] may push steps — player decisions
/// ([`Cx::push_decision`]) or chance events ([`Cx::push_chance`]) — which the
/// engine resolves through [`step_options`](Plugin::step_options),
/// [`step_outcomes`](Plugin::step_outcomes) and [`resolve_step`](Plugin::resolve_step)
/// before the pipeline goes on. Plugins get no random numbers of their own:
/// every random event is a chance step, so games stay deterministic and bots
/// see every random branch.
///
/// Within one hook point, plugins run in the ruleset's plugin order: every
/// plugin after the plugins it depends on, ties broken by id.
#[allow(unused_variables)]
pub trait Plugin: Send + Sync + Sized + 'static {
    /// Typed options ([`NoOptions`] if none).
    type Config: Config;

    /// Unique id, lower-case words joined by `-`: the ruleset table `[plugins.<id>]`.
    const ID: &'static str;
    /// Version of the plugin, usually `env!("CARGO_PKG_VERSION")`.
    const VERSION: &'static str;
    /// One-line description shown by `carcassonne plugins`.
    const DESCRIPTION: &'static str = "";
    /// Plugins that must be enabled too; they run before this one.
    const DEPENDS_ON: &'static [&'static str] = &[];
    /// Plugins that may not be enabled together with this one.
    const CONFLICTS_WITH: &'static [&'static str] = &[];
    /// The hooks this plugin implements, as [`hook`] bits (`hook::POINTS | hook::TURN_END`).
    /// Only these are ever called.
    const HOOKS: u32;
    /// Figure kinds it contributes; find their ids with [`View::my_figure`].
    const FIGURES: &'static [FigureSpec] = &[];
    /// Markers (tile data such as `hill`) it gives a meaning to; find their bits with
    /// [`View::my_marker`].
    const MARKERS: &'static [&'static str] = &[];
    /// Words (`u32`) of per-game state ([`View::state`], [`Cx::state_mut`]), zero at setup.
    const GAME_WORDS: u32 = 0;
    /// Words of state per feature instance ([`View::feature_state`]), zero at first.
    const FEATURE_WORDS: u32 = 0;
    /// Tile sets (TOML text in the format of `docs/tiles.md`, e.g. `include_str!("tiles.toml")`)
    /// added to the game whenever the plugin is enabled.
    const TILESETS: &'static [&'static str] = &[];

    /// Builds the plugin from its options; check ranges and consistency here.
    fn new(options: Self::Config) -> Result<Self, ConfigError>;

    /// Copies per player of this configured instance's `i`-th figure kind (default:
    /// `FIGURES[i].per_player`), so an option can set how many figures each player
    /// has (e.g. a house rule with two shepherds). Between 1 and 30.
    fn figure_count(&self, i: usize) -> u8 {
        Self::FIGURES.get(i).map_or(0, |f| f.per_player)
    }

    /// The hook bits of this configured instance (default [`Plugin::HOOKS`]); may drop
    /// bits depending on the options, never add bits outside `HOOKS`.
    fn subscriptions(&self) -> u32 {
        Self::HOOKS
    }

    /// Game setup: initialise plugin state.
    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        Ok(())
    }
    /// A tile was drawn and can be placed.
    fn tile_drawn(&self, cx: &mut Cx<'_>, tile: TileTypeId) -> HookResult {
        Ok(())
    }
    /// Remove candidate placements the plugin forbids (`keep[i] = false`). Hot: called
    /// whenever placements are generated; do not allocate.
    fn filter_placements(
        &self,
        v: &View<'_>,
        tile: TileTypeId,
        cands: &[Placement],
        keep: &mut [bool],
    ) -> HookResult {
        Ok(())
    }
    /// Two features were joined; `absorbed` is no longer a root. Merge per-feature data here.
    fn features_merged(&self, cx: &mut Cx<'_>, kept: FeatureId, absorbed: FeatureId) -> HookResult {
        Ok(())
    }
    /// A tile was placed (after all merges).
    fn tile_placed(&self, cx: &mut Cx<'_>, tile: TileIndex) -> HookResult {
        Ok(())
    }
    /// Before the figure step: push decisions that come first.
    fn before_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        Ok(())
    }
    /// Add (or remove) figure-step options. The core sorts and deduplicates them afterwards.
    fn figure_options(&self, v: &View<'_>, opts: &mut Vec<FigureOption>) -> HookResult {
        Ok(())
    }
    /// The figure step was resolved with `opt` (the core already deployed a `Deploy`;
    /// a `Special` of this plugin is carried out here).
    fn figure_chosen(&self, cx: &mut Cx<'_>, opt: FigureOption) -> HookResult {
        Ok(())
    }
    /// After the figure step: push decisions that come after it.
    fn after_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        Ok(())
    }
    /// Options of a decision step this plugin pushed, as codes in canonical order.
    fn step_options(&self, v: &View<'_>, step: Step, out: &mut Vec<u32>) -> HookResult {
        Ok(())
    }
    /// Outcomes of a chance step this plugin pushed, as `(code, weight)` with weight > 0.
    fn step_outcomes(&self, v: &View<'_>, step: Step, out: &mut Vec<(u32, u32)>) -> HookResult {
        Ok(())
    }
    /// Carry out a step this plugin pushed with the chosen option or drawn outcome.
    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        Ok(())
    }
    /// Refine the winners of a majority (they start as the players with most strength).
    /// Hot; do not allocate.
    fn majority(
        &self,
        v: &View<'_>,
        info: &MajorityInfo<'_>,
        winners: &mut PlayerSet,
    ) -> HookResult {
        Ok(())
    }
    /// Adjust the points each winner gets for a feature. Hot; do not allocate.
    fn points(&self, v: &View<'_>, info: &ScoreInfo, points: &mut i32) -> HookResult {
        Ok(())
    }
    /// A feature was scored (before its figures return).
    fn feature_scored(
        &self,
        cx: &mut Cx<'_>,
        info: &ScoreInfo,
        winners: PlayerSet,
        points: i32,
    ) -> HookResult {
        Ok(())
    }
    /// A field can no longer grow (closed by this turn's tile, or born closed).
    fn field_closed(&self, cx: &mut Cx<'_>, field: FeatureId) -> HookResult {
        Ok(())
    }
    /// The turn is ending.
    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        Ok(())
    }
    /// Final scoring, after the core has scored every feature and the farmers.
    fn final_scoring(&self, cx: &mut Cx<'_>) -> HookResult {
        Ok(())
    }
    /// Figure `fig` went back to its owner's supply from feature instance `feature`:
    /// its feature was scored, or a plugin sent it home (a wolf, a dragon, ...).
    /// Release any data you keep about the figure here.
    fn figure_returned(&self, cx: &mut Cx<'_>, fig: FigureId, feature: FeatureId) -> HookResult {
        Ok(())
    }
    /// Human and record name of a value (decision option, chance outcome or special
    /// figure-option code), e.g. `grow`. Must round-trip through [`Plugin::parse_value`].
    fn value_name(&self, what: NameCtx, value: u32) -> String {
        value.to_string()
    }
    /// Inverse of [`Plugin::value_name`].
    fn parse_value(&self, what: NameCtx, text: &str) -> Option<u32> {
        text.parse().ok()
    }
    /// A short description of a pending step, for logs and prompts.
    fn describe_step(&self, step: Step) -> String {
        format!("step {}", step.tag)
    }
}

/// Registers a [`Plugin`] type with the binary or library that links this crate:
/// `register_plugin!(MyPlugin);` at the crate root of the plugin crate.
///
/// The `carcassonne` program sees registered plugins of the crates it links
/// (name them: `use my_plugin as _;`); a plugin library made with
/// [`export_plugin_library!`] exports those of the crates it links.
#[macro_export]
macro_rules! register_plugin {
    ($plugin:ty) => {
        $crate::__private::inventory::submit! {
            $crate::Registration::of::<$plugin>()
        }
    };
}

/// Turns a `cdylib` crate into a plugin library exporting every plugin
/// registered (with [`register_plugin!`]) in the crates it links. Use it once,
/// at the crate root of the library crate:
///
/// ```ignore
/// use my_plugin as _; // when the plugin lives in another crate: keep it linked
/// carcassonne_plugin_sdk::export_plugin_library!();
/// ```
///
/// It exports abi_stable's root-module symbol, which a binary may contain only
/// once: never use it in a crate that is also linked into the `carcassonne`
/// program (keep a thin `cdylib` crate for it). The library crate needs no
/// dependency but this SDK and the plugin crates.
#[macro_export]
macro_rules! export_plugin_library {
    () => {
        /// abi_stable's root-module loader: the entry point `carcassonne` looks up.
        #[no_mangle]
        #[allow(non_upper_case_globals, missing_docs)]
        pub static _1as_0lib_1header_0root_bmodule_bloader:
            $crate::__private::abi_stable::library::LibHeader = $crate::__private::lib_header();
    };
}
