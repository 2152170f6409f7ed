//! # The `special-cities` plugin (Hills & Sheep)
//!
//! Contributes the four special city tiles of Hills & Sheep: 2× `HS/CC!.v` (a
//! city side carrying two city segments) and 2× `HS/C!.v` (a field side split
//! in two). They are plain data in the core's slot model (`tiles.toml`, see
//! `docs/tiles.md`): no code here or in the core names them, and rulings T1–T3
//! follow from the geometry alone. The plugin therefore subscribes to no hook.
//!
//! Enable it in a ruleset with `[plugins.special-cities]`; leave it out to play
//! Hills & Sheep without these four tiles.

use carcassonne_plugin_sdk::prelude::*;

/// The plugin: contributes `tiles.toml`, no hooks, no options.
pub struct SpecialCities;

#[plugin]
impl Plugin for SpecialCities {
    type Config = NoOptions;
    const ID: &'static str = "special-cities";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "Hills & Sheep special city tiles: a city side with two segments, a field side split in two";
    const TILESETS: &'static [&'static str] = &[include_str!("../tiles.toml")];

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(SpecialCities)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<SpecialCities>().unwrap();
    }
}
