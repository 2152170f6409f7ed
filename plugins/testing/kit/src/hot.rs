//! `kit-hot`: only the hot hooks, with trivial bodies (the dispatch benchmark).

use carcassonne_plugin_sdk::prelude::*;

/// Only the hot hooks, with trivial bodies: measures bare dispatch.
pub struct Hot;

#[plugin]
impl Plugin for Hot {
    type Config = NoOptions;
    const ID: &'static str = "kit-hot";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin with trivial hot hooks";

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(Hot)
    }

    fn filter_placements(
        &self,
        _v: &View<'_>,
        _tile: TileTypeId,
        cands: &[Placement],
        keep: &mut [bool],
    ) -> HookResult {
        // Keep everything, but look at every candidate.
        for (c, k) in cands.iter().zip(keep.iter_mut()) {
            *k &= c.rot.index() < 4;
        }
        Ok(())
    }

    fn majority(&self, _v: &View<'_>, _info: &ScoreInfo<'_>, _w: &mut PlayerSet) -> HookResult {
        Ok(())
    }

    fn feature_value(
        &self,
        _v: &View<'_>,
        info: &ScoreInfo<'_>,
        _base: i32,
        change: &mut ValueChange,
    ) -> HookResult {
        if info.kind == FeatureKind::Road {
            change.add(1);
        }
        Ok(())
    }
}
