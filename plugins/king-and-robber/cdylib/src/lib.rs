//! The `king-and-robber` plugin as a plugin library (`--plugin-dir`).

use carcassonne_king_and_robber as _; // keep the plugin crate (and its registration) linked

carcassonne_plugin_sdk::export_plugin_library!();
