//! The `special-cities` plugin as a plugin library (`--plugin-dir`).

use carcassonne_special_cities as _; // keep the plugin crate (and its registration) linked

carcassonne_plugin_sdk::export_plugin_library!();
