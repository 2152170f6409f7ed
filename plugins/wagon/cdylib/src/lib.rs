//! The `wagon` plugin as a plugin library (`--plugin-dir`).

use carcassonne_wagon as _; // keep the plugin crate (and its registration) linked

carcassonne_plugin_sdk::export_plugin_library!();
