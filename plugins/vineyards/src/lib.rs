//! # The `vineyards` plugin
//!
//! Work in progress: see the issue tracker.

use carcassonne_plugin_sdk::prelude::*;

/// The plugin.
pub struct Vineyards;

impl Plugin for Vineyards {
    type Config = NoOptions;
    const ID: &'static str = "vineyards";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const HOOKS: u32 = 0;

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(Vineyards)
    }
}

register_plugin!(Vineyards);
