//! `kit-no-per-city`: a plugin that checks the core options: it refuses
//! `farmers = "per-city"` (a ruleset error) and reads them during the game.

use carcassonne_plugin_sdk::prelude::*;

/// The plugin.
pub struct NoPerCity;

#[plugin]
impl Plugin for NoPerCity {
    type Config = NoOptions;
    const ID: &'static str = "kit-no-per-city";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: undefined with per-city farmers";

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(NoPerCity)
    }

    fn check_core(&self, core: &CoreOptions) -> Result<(), String> {
        if core.farmers == FarmerScoring::PerCity {
            return Err("undefined with `farmers = \"per-city\"`".into());
        }
        Ok(())
    }

    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        if cx.core_options().farmers == FarmerScoring::PerCity {
            return Err(Error::new(
                "the ruleset check should have refused per-city farmers",
            ));
        }
        Ok(())
    }
}
