//! # carcassonne-core
//!
//! The rules engine of Carcassonne: tiles as data, the board with incremental
//! feature merging, the turn pipeline with its hook points, scoring, the seeded
//! RNG, records and observations. It names no expansion: every expansion
//! mechanic is a plugin implementing [`Hooks`].
//!
//! Architecture invariants: the core does no I/O; no input (tile data, records,
//! actions) makes it panic; all randomness comes from the [`Rng`] in the game state.
//!
//! # Playing a game from a program
//!
//! ```
//! use carcassonne_core::*;
//! use std::sync::Arc;
//!
//! let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../configs/tilesets/base.toml"));
//! let set: TileSetSpec = toml::from_str(text).unwrap();
//! let tiles = TileCatalogue::build(&[set], "C2").unwrap();
//! let rules = Arc::new(Rules::new("base", tiles, CoreOptions::default(), vec![]).unwrap());
//!
//! let mut game = Game::new(rules, 2, 42).unwrap();
//! let mut bot = Rng::new(7);
//! loop {
//!     match game.actor() {
//!         Actor::GameOver => break,
//!         // Chance: outcomes with weights are explicit; here we let the game sample.
//!         Actor::Chance => {
//!             let outcomes = game.chance_outcomes().unwrap();
//!             assert!(outcomes.iter().all(|&(_, w)| w > 0));
//!             game.sample_chance().unwrap();
//!         }
//!         Actor::Player(p) => {
//!             let actions = game.legal_actions().unwrap();
//!             let a = actions[bot.below(actions.len() as u32) as usize];
//!             let before = game.clone();
//!             game.apply(a).unwrap();
//!             assert_ne!(before, game);
//!             let _view = game.observation(p).unwrap();
//!         }
//!     }
//! }
//! assert_eq!(game.placed_count() + game.set_aside_tiles().len(), 72);
//! println!("final scores {:?}", game.scores());
//! ```
#![forbid(unsafe_code)]

pub mod conformance;
pub mod error;
pub mod events;
mod figure_names;
pub mod fingerprint;
pub mod game;
pub mod hooks;
pub mod labels;
pub mod narrow;
pub mod notation;
pub mod observe;
pub mod record;
pub mod rng;
pub mod rules;
pub mod scenario;
pub use carcassonne_vocab::tiles;
pub mod types;

pub use carcassonne_vocab::hook_table;
pub use carcassonne_vocab::{spot_code, spot_of_code, LABEL_FIGURE, LABEL_PLACE};
pub use error::GameError;
pub use events::{tiles_in, Event};
pub use game::{Action, Actor, Game, PlacedTile, Stage, SWITCHABLE_HOOKS};
pub use hooks::{
    code_figure, hook, Cx, FigureOption, HookError, HookResult, Hooks, NameCtx, Outcome, Piece,
    PiecePlacement, Placement, Points, ScoreInfo, ScoreReason, Step, TileCount, ValueChange, View,
    CORE_OWNER, FIGURE_CODE, STEP_HIDDEN_TILE, STEP_PUBLIC_TILE,
};
pub use narrow::Narrowed;
pub use observe::{Observation, PluginNote, Spectator};
pub use record::{Driver, PluginVersion, Provenance, Record, Recorder, ReplayError, END, SAMPLED};
pub use rng::Rng;
pub use rules::{
    valid_plugin_id, CoreOptions, FarmerScoring, FigureClass, FigureKind, FigureKindOf, FigureSpec,
    PluginDecl, Rules, StateWords, BASE_CATEGORIES, FOLLOWER, MAX_AREAS, MAX_FEATURE_WORDS,
    MAX_FIGURE_WORDS, MAX_GAME_WORDS, MAX_PLAYER_WORDS, MAX_TILE_WORDS, MAX_TOTAL_FEATURE_WORDS,
    TURNS_PER_TILE, TURN_MARGIN,
};
pub use tiles::{StartLayout, StartTile, TileCatalogue, TileSetSpec, TileType};
pub use types::*;
