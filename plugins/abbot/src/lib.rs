//! # The `abbot` plugin
//!
//! Work in progress: see the issue tracker.

use carcassonne_plugin_sdk::prelude::*;

/// The plugin.
pub struct Abbot;

impl Plugin for Abbot {
    type Config = NoOptions;
    const ID: &'static str = "abbot";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const HOOKS: u32 = 0;

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(Abbot)
    }
}

register_plugin!(Abbot);
