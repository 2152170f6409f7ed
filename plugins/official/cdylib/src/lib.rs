//! Every official plugin as one plugin library (`--plugin-dir`): the bundle
//! `carcassonne-official` linked and exported through the SDK's root module.

use carcassonne_official as _; // keep the bundle (and every registration) linked

carcassonne_plugin_sdk::export_plugin_library!();
