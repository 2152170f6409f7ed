//! # carcassonne-core
//!
//! The rules engine of Carcassonne: tiles as data, the board with incremental
//! feature merging, the turn pipeline with its hook points, scoring, the seeded
//! RNG, records and observations. It names no expansion: every expansion
//! mechanic is a plugin implementing [`Hooks`].
//!
//! Architecture invariants: the core does no I/O; no input (tile data, records,
//! actions) makes it panic; all randomness comes from the [`Rng`] in the game state.

pub mod conformance;
pub mod error;
pub mod events;
pub mod game;
pub mod hooks;
pub mod notation;
pub mod observe;
pub mod record;
pub mod rng;
pub mod rules;
pub mod scenario;
pub mod tiles;
pub mod types;

pub use error::GameError;
pub use events::Event;
pub use game::{Action, Actor, Game, PlacedTile, Stage};
pub use hooks::{
    hook, Cx, FigureOption, HookError, HookResult, Hooks, MajorityInfo, NameCtx, Placement,
    ScoreInfo, ScoreReason, Step, View,
};
pub use observe::Observation;
pub use record::{Driver, Record, Recorder, ReplayError};
pub use rng::Rng;
pub use rules::{CoreOptions, FarmerScoring, FigureKind, PluginDecl, Rules, FOLLOWER};
pub use tiles::{TileCatalogue, TileSetSpec, TileType};
pub use types::*;
