//! The test plugins of `carcassonne-test-plugins` as a plugin library.

use carcassonne_test_plugins as _; // keep the plugin crate (and its registrations) linked

carcassonne_plugin_sdk::export_plugin_library!();
