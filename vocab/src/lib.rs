//! # carcassonne-vocab — the words the engine and its plugins share
//!
//! The plain data that crosses the boundary between the `carcassonne` engine
//! and its plugins, defined once for every side: the engine
//! (`carcassonne-core`, which re-exports all of it, so
//! `carcassonne_core::types::Pos` and the like keep working), the binary
//! interface (`carcassonne-plugin-abi`) and the SDK plugins are written against
//! (`carcassonne-plugin-sdk`). The interface and the SDK depend on this crate,
//! never on the engine: a change of the engine rebuilds no plugin.
//!
//! * [`types`] — typed ids, positions, sides, corners, locations, feature
//!   kinds, player sets, slot geometry;
//! * [`hooks`] — **the hook table** ([`hook_table!`]) and the data the hooks
//!   pass (steps, outcomes, placements, figure options, scoring information,
//!   points), the hook bits ([`hooks::hook`]);
//! * [`narrow`] — the narrowing bits and cases, generated from the hook table;
//! * [`figure_kind`] — figure kinds as plugins declare them
//!   ([`FigureSpec`]) and the rules hold them ([`FigureKind`]);
//! * [`decl`] — the core options and a plugin's declaration with its limits;
//! * [`tileset`] — the tile-set file as written (`docs/tiles.md`);
//! * [`tiles`] — the tile-set compiler: every tile checked and compiled for
//!   each rotation, fit tables, the start layout of the tile sets (the
//!   engine's `tiles`, re-exported there; here so that the SDK's
//!   `check_plugin` checks a plugin's tile sets with the very code a ruleset
//!   loads them with);
//! * [`spot`] — the code of a place on the board in an option (a tile, or a
//!   feature of it), which the SDK's `Spot` and the core's offers share.
//!
//! With the `abi` feature the types that cross the interface derive
//! abi_stable's `StableAbi` (the interface enables it).
//!
//! The query table (what plugins may ask and change) lives with the interface
//! (`carcassonne_plugin_abi::query_table!`): it names both sides' types.
#![forbid(unsafe_code)]

pub mod decl;
pub mod figure_kind;
pub mod hooks;
pub mod narrow;
pub mod spot;
pub mod tiles;
pub mod tileset;
pub mod types;

pub use decl::*;
pub use figure_kind::*;
pub use hooks::*;
pub use narrow::Narrowed;
pub use spot::{spot_code, spot_of_code, LABEL_FIGURE, LABEL_PLACE};
pub use tileset::*;
pub use types::*;
