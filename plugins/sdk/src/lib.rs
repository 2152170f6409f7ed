//! # carcassonne-plugin-sdk — write carcassonne plugins in plain Rust
//!
//! A plugin is immutable rules plus configuration: a struct implementing
//! [`Plugin`], whose hooks the engine calls at fixed points of the turn
//! pipeline. Mutable game data lives in the game state (typed blocks per game,
//! per player, per feature and per figure that the plugin declares), so games
//! clone, replay and compare without ever calling a plugin.
//!
//! Your crate depends on this SDK and on `serde` (with its `derive` feature)
//! for the options struct, as `docs/writing-a-plugin.md` sets up its
//! `Cargo.toml`; the derive macros come with the prelude:
//!
//! ```toml
//! [dependencies]
//! carcassonne-plugin-sdk = { path = "../carcassonne/plugins/sdk" }
//! serde = { version = "1", features = ["derive"] }
//! ```
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
//! #[plugin]
//! impl Plugin for CloisterBonus {
//!     type Config = Options;
//!     const ID: &'static str = "cloister-bonus";
//!     const VERSION: &'static str = "1.0.0";
//!     const DESCRIPTION: &'static str = "House rule: a completed cloister scores 12";
//!
//!     fn new(options: Options) -> Result<Self, ConfigError> {
//!         if options.points < 0 {
//!             return Err(ConfigError::key("points", "must not be negative"));
//!         }
//!         Ok(CloisterBonus { points: options.points })
//!     }
//!
//!     fn feature_value(
//!         &self,
//!         _v: &View<'_>,
//!         info: &ScoreInfo<'_>,
//!         _base: i32,
//!         value: &mut ValueChange,
//!     ) -> HookResult {
//!         if info.kind == FeatureKind::Cloister && info.reason == ScoreReason::Completed {
//!             value.set(self.points);
//!         }
//!         Ok(())
//!     }
//! }
//! ```
//!
//! ## The pieces
//!
//! * [`Plugin`] — metadata as associated constants, a constructor from typed
//!   options, and one method per hook with a do-nothing default, in pipeline
//!   order (generated from the core's hook table). Put [`#[plugin]`](plugin) on
//!   the impl: the hooks you implement are the ones called, and the plugin is
//!   registered.
//! * [`View`] and [`Cx`] — the game, read-only or read-write (generated from the
//!   interface's query table; the names of the core's `Game` queries), plus your
//!   typed state ([`StateSpec`]).
//! * [`Config`] — typed options with docs and defaults ([`config`] module).
//! * [`export_plugin_library!`] — turns a `cdylib` crate into a plugin
//!   library the `carcassonne` program loads with `--plugin-dir`.
//! * [`testing::check_plugin`] — checks a plugin's declarations in its tests.
//! * [`Spot`] — a place on the board (a tile, or a feature of it) packed into
//!   an option code, with its record text (`2 at 3 -1`), for options that
//!   point anywhere on the board (the fairy beside a follower); a plugin with
//!   [`Plugin::SPOT_SPECIALS`] gets their names for free.
//! * [`veto`] — the body of a filter hook: clear `keep[i]` where an item is
//!   refused.
//!
//! Plugins compiled into the program and plugins loaded from a library go
//! through the same adapter and the same binary interface
//! (`carcassonne-plugin-abi`): a panic or an `Err` in a hook never unwinds into
//! the engine; the action that triggered it fails with an error naming the
//! plugin and the hook, and the game state is left as it was.
//!
//! **Native plugins are trusted code**: they run in the host process with its
//! full rights. Load only libraries you would run as programs.

mod adapter;
mod catalogue;
pub mod config;
mod context;
pub mod names;
pub mod scoring;
mod spot;
mod state;
pub mod testing;

pub use catalogue::TileCatalogueView;
pub use config::{parse_options, ByPlayers, Config, ConfigError, NoOptions, OptionInfo, PerPlayer};
pub use context::{Cx, View};
pub use spot::Spot;
pub use state::StateSpec;

/// Marks the `impl Plugin for MyPlugin` block: the hooks the plugin implements
/// are the hook methods the block defines (nothing else to list, nothing to
/// forget), and the plugin is registered with whatever links the crate.
pub use carcassonne_plugin_sdk_macros::plugin;

/// The `serde` this SDK reads options with. A plugin crate depends on `serde`
/// itself (`docs/writing-a-plugin.md`, section 1) and derives with the
/// prelude's `Serialize` and `Deserialize`. A crate that would rather not
/// (the official plugins, inside the engine's workspace) adds
/// `#[serde(crate = "carcassonne_plugin_sdk::serde")]` to its options struct:
/// the derive then names this re-export instead of a `serde` of its own.
pub use serde;

/// Re-exported for typed plugin state: derive `Pod` and `Zeroable` on it
/// (`#[derive(Clone, Copy, Pod, Zeroable)] #[repr(C)]`).
pub use bytemuck;

pub use carcassonne_vocab::hooks::{
    code_figure, CORE_OWNER, FIGURE_CODE, STEP_HIDDEN_TILE, STEP_PUBLIC_TILE,
};
pub use carcassonne_vocab::types::*;
pub use carcassonne_vocab::{
    hook, CoreOptions, FarmerScoring, FigureClass, FigureOption, FigureSpec, NameCtx, Outcome,
    Piece, PiecePlacement, Placement, Points, ScoreInfo, ScoreReason, Step, TileCount, ValueChange,
};

/// Turns a 12-bit slot mask (bit `i`: slot `i` of `NL NM NR EL ... WR`) as a
/// placement with `r` clockwise quarter turns does: what
/// `tile_type_feature_slots` gives as printed, `tile_feature_slots` on the
/// board.
pub use carcassonne_vocab::types::rotate_mask;

pub use adapter::{registered_plugins, Registration};

/// Narrowed subscriptions: cases in which a hook has nothing to do, which the
/// host skips (see [`Plugin::narrowing`]).
pub use carcassonne_plugin_abi::narrow;

/// The core's hook table (every hook in pipeline order), for code that is
/// generated from it, e.g. a test plugin implementing every hook.
#[doc(hidden)]
pub use carcassonne_vocab::hook_table;

/// The ABI epoch this SDK builds plugins for.
pub const API_EPOCH: u32 = carcassonne_plugin_abi::ABI_EPOCH;

/// Everything a plugin usually needs: `use carcassonne_plugin_sdk::prelude::*;`.
pub mod prelude {
    pub use crate::bytemuck::{Pod, Zeroable};
    pub use crate::serde::{Deserialize, Serialize};
    pub use crate::{
        default_step_description, hook, narrow, plugin, veto, AreaId, Config, ConfigError,
        CoreOptions, Corner, Cx, Error, FarmerScoring, FeatureId, FeatureKind, FeatureKinds,
        FigureClass, FigureId, FigureKindId, FigureOption, FigurePlace, FigureSpec, FrontierSquare,
        HookResult, Location, NameCtx, NoOptions, Outcome, PerPlayer, Piece, PiecePlacement,
        Placement, PlayerId, PlayerSet, Plugin, Points, Pos, Rotation, ScoreInfo, ScoreReason,
        Side, SideKind, Sides, Spot, StateSpec, Step, TileCatalogueView, TileCount, TileIndex,
        TileOutline, TileTypeId, ValueChange, View, MAX_PLAYERS,
    };
}

/// Used by this crate's macros; not part of the public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::adapter::{lib_header, local_descriptors, MANIFEST};
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

/// The body of a filter hook (`filter_draws`, `filter_placements`,
/// `filter_figure_options`): clears `keep[i]` for every `items[i]` that
/// `vetoed` rejects and leaves the other entries as they are (another plugin
/// may have cleared them already).
///
/// ```
/// use carcassonne_plugin_sdk::veto;
///
/// let mut keep = [true, true, false];
/// veto(&[1, 2, 3], &mut keep, |&n| n == 2);
/// assert_eq!(keep, [true, false, false]);
/// ```
pub fn veto<T>(items: &[T], keep: &mut [bool], mut vetoed: impl FnMut(&T) -> bool) {
    for (item, k) in items.iter().zip(keep.iter_mut()) {
        if vetoed(item) {
            *k = false;
        }
    }
}

/// The context type of a hook for plugins: `cx` read-write, `v` read-only.
#[doc(hidden)]
#[macro_export]
macro_rules! __sdk_ctx {
    (cx) => { &mut $crate::Cx<'_> };
    (v) => { &$crate::View<'_> };
}

macro_rules! plugin_trait {
    ($( $(#[doc = $doc:literal])* $name:ident $bit:ident ($ctx:ident) {
        $($arg:ident : $kind:ident ($($cty:tt)*) => ($($aty:tt)*)),* $(,)?
    } [$($narrowing:tt)*] )*) => {
        /// A plugin: metadata, typed options, state, and hooks.
        ///
        /// The hook methods are generated from the core's hook table, in pipeline
        /// order (see `ARCHITECTURE.md` for the pipeline, and each method's docs for
        /// its contract). Implement the ones you need in an impl block marked
        /// [`#[plugin]`](plugin); only those are called.
        ///
        /// Hooks given a [`Cx`] may push steps — player decisions
        /// ([`Cx::push_decision`]) or chance events ([`Cx::push_chance`]) — which the
        /// engine resolves through [`step_options`](Plugin::step_options),
        /// [`step_outcomes`](Plugin::step_outcomes) and
        /// [`resolve_step`](Plugin::resolve_step) before the pipeline goes on. Plugins
        /// get no random numbers of their own: every random event is a chance step,
        /// so games stay deterministic and bots see every random branch.
        ///
        /// Within one hook point, plugins run in the ruleset's plugin order: after the
        /// plugins they depend on or run after, before those they run before, ties
        /// broken by id.
        #[allow(unused_variables)]
        pub trait Plugin: Send + Sync + Sized + 'static {
            /// Typed options ([`NoOptions`] if none).
            type Config: Config;

            /// Unique id, lower-case words joined by `-`: the ruleset table `[plugins.<id>]`
            /// and this plugin's score category.
            const ID: &'static str;
            /// Version of the plugin, usually `env!("CARGO_PKG_VERSION")`.
            const VERSION: &'static str;
            /// One-line description shown by `carcassonne plugins`.
            const DESCRIPTION: &'static str = "";
            /// Plugins that must be enabled too; they run before this one.
            const DEPENDS_ON: &'static [&'static str] = &[];
            /// Plugins that may not be enabled together with this one.
            const CONFLICTS_WITH: &'static [&'static str] = &[];
            /// Plugins this one runs after when they are enabled (not required): e.g. a
            /// points adjustment that must see another plugin's.
            const RUNS_AFTER: &'static [&'static str] = &[];
            /// Plugins this one runs before when they are enabled (not required).
            const RUNS_BEFORE: &'static [&'static str] = &[];
            /// Figure kinds it contributes; find their ids with [`View::my_figure`].
            const FIGURES: &'static [FigureSpec] = &[];
            /// Markers (tile data such as `hill`) it gives a meaning to; find their bits
            /// with [`View::my_marker`].
            const MARKERS: &'static [&'static str] = &[];
            /// Tile links (named groups of a tile's features, e.g. `wagon`) it reads;
            /// find their ids with [`View::my_link`].
            const LINKS: &'static [&'static str] = &[];
            /// Barrier names (tile data `{ kind = "barrier", name = "..." }`) it reads;
            /// find their ids (what [`SideKind::Barrier`] carries) with
            /// [`View::my_barrier`].
            const BARRIERS: &'static [&'static str] = &[];
            /// Areas it declares: places off the board where figures may be
            /// (`Location::Area`: in no feature, no occupancy, no majority, never
            /// returned by scoring), e.g. the quarters of a city; find their ids
            /// with [`View::my_area`]. Names are unique in a ruleset and appear in
            /// action text (`in castle`).
            const AREAS: &'static [&'static str] = &[];
            /// Markers among [`MARKERS`](Plugin::MARKERS) whose features accept
            /// *plain* follower kinds (`FigureSpec::plain`: the follower, the large
            /// follower) under the shared placement rule (`View::may_deploy`, the
            /// core's offers on the placed tile), e.g. the top of a tower; other
            /// kinds never stand there, whatever their `stands_on`.
            const HOSTS: &'static [&'static str] = &[];
            /// Its typed state per game, player, feature and figure (all zero at first).
            const STATE: StateSpec = StateSpec::NONE;
            /// Tile sets (TOML text in the format of `docs/tiles.md`, e.g.
            /// `include_str!("tiles.toml")`) added to the game whenever it is enabled.
            const TILESETS: &'static [&'static str] = &[];
            /// How its markers, figures and notes look in pictures: TOML text in
            /// the format of `render/style.toml` (e.g. `include_str!("style.toml")`),
            /// merged over the built-in style, so it names only what it adds or
            /// changes (`docs/seeing-games.md`). Presentation only.
            const STYLE: &'static str = "";
            /// Whether this plugin's special figure options are places on the board,
            /// coded as [`Spot`]s (the fairy put beside a follower, the princess
            /// sending one home): then the default [`value_name`](Plugin::value_name)
            /// and [`parse_value`](Plugin::parse_value) name them like the core names
            /// locations (`fairy 2 at 3 -1`).
            const SPOT_SPECIALS: bool = false;
            /// The names of the methods the impl block defines: written by
            /// [`#[plugin]`](plugin), never by hand.
            #[doc(hidden)]
            const IMPLEMENTED: &'static [&'static str];

            /// Builds the plugin from its options; check ranges and consistency here.
            fn new(options: Self::Config) -> Result<Self, ConfigError>;

            /// Copies of this configured instance's `i`-th figure kind (default: the
            /// count in `FIGURES[i]`), so an option can set how many figures each player
            /// has (e.g. a house rule with two shepherds). Between 1 and 30.
            fn figure_count(&self, i: usize) -> u8 {
                Self::FIGURES
                    .get(i)
                    .map_or(0, |f| f.per_player.max(f.neutral))
            }

            /// The hooks of this configured instance (default: every hook the impl
            /// defines); may drop hooks depending on the options, never add any.
            fn subscriptions(&self) -> u64 {
                hooks_of::<Self>()
            }

            /// Cases in which a hook of this configured instance has nothing to do,
            /// as bits of [`narrow`] (default: none): the host sees them cheaply and
            /// skips the call, instead of crossing the interface for a hook that
            /// would return at once (e.g. [`narrow::MERGED_WITH_STATE`] for a
            /// `features_merged` that only merges per-feature state). Set only
            /// bits whose case your hook really ignores: a skipped call is not
            /// made.
            fn narrowing(&self) -> u64 {
                0
            }

            $(
                $(#[doc = $doc])*
                fn $name(&self, ctx: $crate::__sdk_ctx!($ctx), $($arg: $($cty)*),*) -> HookResult {
                    Ok(())
                }
            )*

            /// Checks this configured instance against the core options of the ruleset
            /// (`View::core_options` gives them during a game): an `Err` makes the
            /// ruleset invalid, e.g. "barns are undefined with `farmers = \"per-city\"`",
            /// located at the `[core]` key whose default it accepts (so it must depend
            /// on `core` only).
            fn check_core(&self, core: &CoreOptions) -> Result<(), String> {
                Ok(())
            }

            /// Build time, after [`check_core`](Plugin::check_core): the tile catalogue
            /// as the ruleset composes it (every tile set's tile types, their counts,
            /// markers and the chosen start layout). Push to `counts` the copies a
            /// tile type should have in the game (start copies included) — e.g. drop
            /// the displaced start tile ([`TileCatalogueView::displaced_start_tiles`])
            /// or one of two tiles that would be doubled — or refuse the composition
            /// with `Err` (a ruleset error, e.g. "needs a tile set with a `lake`
            /// tile"). Every plugin sees the same catalogue; a count the ruleset's
            /// `[tiles.counts]` sets wins, and two plugins pushing different counts
            /// of one tile is a ruleset error.
            fn compose_tiles(
                &self,
                tiles: &TileCatalogueView<'_>,
                counts: &mut Vec<TileCount>,
            ) -> Result<(), String> {
                Ok(())
            }

            /// Human and record name of a value (decision option, chance outcome or
            /// special figure-option code), e.g. `grow`. Must round-trip through
            /// [`Plugin::parse_value`]. Default: the number, or for a plugin with
            /// [`SPOT_SPECIALS`](Plugin::SPOT_SPECIALS) a special option's place
            /// ([`Spot::name`], `2 at 3 -1`).
            fn value_name(&self, what: NameCtx, value: u32) -> String {
                match what {
                    NameCtx::Special if Self::SPOT_SPECIALS => Spot::from_code(value).name(),
                    _ => value.to_string(),
                }
            }
            /// A person's label of a value, for buttons and listed choices
            /// (`Move the dragon east` where the record says `E`), never parsed:
            /// short (at most 80 characters), one line, imperative, naming things
            /// as your prompts do. It may contain player placeholders (`{P0}`,
            /// named by front ends as in [`describe_step`](Plugin::describe_step))
            /// and the core's [`Spot::LABEL_PLACE`] (`{S}`: the place a [`Spot`]
            /// code names, `the road at (3, -1)`) and [`Spot::LABEL_FIGURE`]
            /// (`{F}`: the figure a figure code names), which the core fills in.
            /// Default: empty, meaning "no label": people see the record text
            /// (`dragon E`). A panic is taken as no label.
            fn value_label(&self, what: NameCtx, value: u32) -> String {
                String::new()
            }
            /// Inverse of [`Plugin::value_name`].
            fn parse_value(&self, what: NameCtx, text: &str) -> Option<u32> {
                match what {
                    NameCtx::Special if Self::SPOT_SPECIALS => Spot::parse(text)?.code(),
                    _ => text.parse().ok(),
                }
            }
            /// A short description of a pending step, for logs and prompts. Default:
            /// the plugin and the step's tag (`fairy: step 2`).
            fn describe_step(&self, step: Step) -> String {
                default_step_description::<Self>(step)
            }
        }
    };
}

carcassonne_vocab::hook_table!(plugin_trait);

/// What [`Plugin::describe_step`] says by default: the plugin's id and the
/// step's tag (`fairy: step 2`), so a prompt or log line names who asks.
///
/// ```
/// # use carcassonne_plugin_sdk::prelude::*;
/// # struct Mine;
/// # #[plugin]
/// # impl Plugin for Mine {
/// #     type Config = NoOptions;
/// #     const ID: &'static str = "mine";
/// #     const VERSION: &'static str = "0.1.0";
/// #     fn new(_: NoOptions) -> Result<Self, ConfigError> { Ok(Mine) }
/// # }
/// let step = Step { tag: 2, ..Step::default() };
/// assert_eq!(Mine.describe_step(step), "mine: step 2");
/// ```
pub fn default_step_description<P: Plugin>(step: Step) -> String {
    format!("{}: step {}", P::ID, step.tag)
}

/// The hooks plugin type `P` implements (from the methods its `#[plugin]` impl defines).
pub const fn hooks_of<P: Plugin>() -> u64 {
    hook::mask_of(P::IMPLEMENTED)
}

/// Registers a [`Plugin`] type with the binary or library that links this crate.
/// [`#[plugin]`](plugin) does it for you; use this macro only for a plugin whose
/// impl block is not marked.
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
/// registered in the crates it links. Use it once, at the crate root of the
/// library crate:
///
/// ```text
/// use my_plugin as _; // when the plugin lives in another crate: keep it linked
/// carcassonne_plugin_sdk::export_plugin_library!();
/// ```
///
/// It exports the pre-flight manifest (`carcassonne_plugin_manifest`, read before
/// anything else to check the epoch) and abi_stable's root-module symbol. A binary
/// may contain each only once: never use it in a crate that is also linked into
/// the `carcassonne` program (keep a thin `cdylib` crate for it). The library
/// crate needs no dependency but this SDK and the plugin crates.
#[macro_export]
macro_rules! export_plugin_library {
    () => {
        // A panic in a plugin is its game's error, caught where the hook
        // returns; a library that aborts on panic would end the whole program
        // without a word instead.
        #[cfg(panic = "abort")]
        compile_error!(
            "a carcassonne plugin library must unwind on panic: remove `panic = \"abort\"` from the \
             profile it is built with (the program turns a plugin's panic into that game's error; \
             with `abort` a panic ends the whole program)"
        );

        /// The manifest the host reads first: which plugin API epoch this library speaks.
        #[no_mangle]
        #[allow(non_upper_case_globals, missing_docs)]
        pub static carcassonne_plugin_manifest: $crate::__private::abi::PluginManifest =
            $crate::__private::MANIFEST;

        /// abi_stable's root-module loader: the entry point `carcassonne` looks up.
        #[no_mangle]
        #[allow(non_upper_case_globals, missing_docs)]
        pub static _1as_0lib_1header_0root_bmodule_bloader:
            $crate::__private::abi_stable::library::LibHeader = $crate::__private::lib_header();
    };
}
