//! # The `pig-herd` plugin (The River II: the pig herd)
//!
//! Ruling X44 of `shared/expansions/the-river.md`: the field marker
//! `pig-herd` (on `RI.2/II+`). In a farmer scoring (a farmer unit: `ScoreInfo`
//! of kind `Field`), each winner who won one of the unit's fields holding at
//! least one pig-herd marker scores +1 per city the unit pays (a second herd
//! adds nothing), through the bonus layer: on top of his own pig's +1 (the
//! `pig` plugin), under F1, F2 and F3 alike, in barn scorings of a field too,
//! never in the barn owner's final points (AM27 is no farmer scoring) and never
//! with `farmers = "off"` (no farmer unit is scored).
//!
//! No state. See `docs/plugins/pig-herd.md`.

use carcassonne_plugin_sdk::prelude::*;

/// The plugin.
pub struct PigHerd;

/// X44: whether winner `p` of a farmer unit won a field holding a pig herd.
fn herd_bonus_applies(v: &View<'_>, info: &ScoreInfo<'_>, p: PlayerId) -> bool {
    let herd = v.my_marker(0);
    herd != 0
        && info
            .fields
            .iter()
            .zip(info.field_winners)
            .any(|(&field, won)| won.contains(p) && v.marker_count_in(field, herd) > 0)
}

#[plugin]
impl Plugin for PigHerd {
    type Config = NoOptions;
    const ID: &'static str = "pig-herd";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "The River II pig herd: +1 per city for a field you win with a pig herd in it";
    const MARKERS: &'static [&'static str] = &["pig-herd"];
    const STYLE: &'static str = include_str!("../style.toml");

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(PigHerd)
    }

    /// Its bonus concerns fields only.
    fn narrowing(&self) -> u64 {
        narrow::bonus_only(&[FeatureKind::Field])
    }

    /// X44: +1 per city of the unit for each winner of a field with a herd.
    fn bonus(
        &self,
        v: &View<'_>,
        info: &ScoreInfo<'_>,
        award: &Points,
        bonus: &mut Points,
    ) -> HookResult {
        carcassonne_plugin_sdk::scoring::per_city_to_winners(info, award, bonus, |p| {
            herd_bonus_applies(v, info, p)
        });
        Ok(())
    }
}
