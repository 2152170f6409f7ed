//! # The `hills` plugin
//!
//! Work in progress: see the issue tracker.

use carcassonne_plugin_sdk::prelude::*;

/// The plugin.
pub struct Hills;

impl Plugin for Hills {
    type Config = NoOptions;
    const ID: &'static str = "hills";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const HOOKS: u32 = 0;

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(Hills)
    }
}

register_plugin!(Hills);
