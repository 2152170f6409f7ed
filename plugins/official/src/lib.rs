//! # carcassonne-official — every official plugin, in one crate
//!
//! Each official plugin lives in its own folder, `plugins/<name>/` (its source
//! in `src/`, its tile sets, its own tests), and is one module of this crate:
//! linking the crate registers every one of them with the SDK's registry (their
//! `#[plugin]` attributes). The `carcassonne` program, its tests, benchmarks and
//! the Python package depend on this bundle only and name no plugin one by one;
//! `plugins/official/cdylib` exports the same plugins as one plugin library
//! (`carcassonne-official-lib`), which plays the same games as the plugins
//! compiled in (tested). One crate instead of one per plugin and one shim
//! library per plugin: one build, one link, one library.
//!
//! **Adding an official plugin** is its folder `plugins/<name>/` plus one line
//! below (its module). A plugin module uses the SDK only
//! (`carcassonne_plugin_sdk::prelude::*`) and no other plugin's items, like a
//! third-party plugin; tests reach a plugin's own items through its module
//! (`carcassonne_official::shepherd::TOKENS`).
//!
//! Architecture invariant: no official plugin needs unsafe code.
#![forbid(unsafe_code)]

// The plugins, by expansion (each module's path is its folder).
#[path = "../../abbey/src/lib.rs"]
pub mod abbey;
#[path = "../../abbot/src/lib.rs"]
pub mod abbot;
#[path = "../../barn/src/lib.rs"]
pub mod barn;
#[path = "../../bazaar/src/lib.rs"]
pub mod bazaar;
#[path = "../../bridges/src/lib.rs"]
pub mod bridges;
#[path = "../../builder/src/lib.rs"]
pub mod builder;
#[path = "../../castles/src/lib.rs"]
pub mod castles;
#[path = "../../cathedrals/src/lib.rs"]
pub mod cathedrals;
#[path = "../../count/src/lib.rs"]
pub mod count;
#[path = "../../dragon/src/lib.rs"]
pub mod dragon;
#[path = "../../fairy/src/lib.rs"]
pub mod fairy;
#[path = "../../hills/src/lib.rs"]
pub mod hills;
#[path = "../../inns/src/lib.rs"]
pub mod inns;
#[path = "../../king-and-robber/src/lib.rs"]
pub mod king_and_robber;
#[path = "../../large-follower/src/lib.rs"]
pub mod large_follower;
#[path = "../../magic-portal/src/lib.rs"]
pub mod magic_portal;
#[path = "../../mayor/src/lib.rs"]
pub mod mayor;
#[path = "../../pig/src/lib.rs"]
pub mod pig;
#[path = "../../pig-herd/src/lib.rs"]
pub mod pig_herd;
#[path = "../../princess/src/lib.rs"]
pub mod princess;
#[path = "../../river/src/lib.rs"]
pub mod river;
#[path = "../../shepherd/src/lib.rs"]
pub mod shepherd;
#[path = "../../special-cities/src/lib.rs"]
pub mod special_cities;
#[path = "../../tower/src/lib.rs"]
pub mod tower;
#[path = "../../trade-goods/src/lib.rs"]
pub mod trade_goods;
#[path = "../../vineyards/src/lib.rs"]
pub mod vineyards;
#[path = "../../wagon/src/lib.rs"]
pub mod wagon;

// What `inns` and `cathedrals` share: one plugin shell for a marker that
// changes how its feature scores.
#[path = "../../marked-scoring/src/lib.rs"]
pub mod marked_scoring;
