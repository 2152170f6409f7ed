//! # The `shepherd` plugin
//!
//! Work in progress: see the issue tracker.

use carcassonne_plugin_sdk::prelude::*;

/// The plugin.
pub struct Shepherd;

impl Plugin for Shepherd {
    type Config = NoOptions;
    const ID: &'static str = "shepherd";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const HOOKS: u32 = 0;

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(Shepherd)
    }
}

register_plugin!(Shepherd);
