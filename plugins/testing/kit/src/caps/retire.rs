//! `kit-retire`: hooks switched off at run time. For the first `turns` turns
//! tiles with a city wait in the bag (a draw filter) and tiles go only into the
//! row `y = 0` (a placement filter; a tile that fits nowhere there is set
//! aside). At the end of turn `turns` (at setup when it is 0) the plugin
//! switches both filters off, and its `turn_end` too: from then on the game
//! runs as if the plugin were not there, at no cost (`Cx::set_hook_enabled`).

use carcassonne_plugin_sdk::prelude::*;

/// Options of `kit-retire`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// The turn at whose end the filters retire.
    pub turns: u16,
}

impl Default for Options {
    fn default() -> Self {
        Options { turns: 4 }
    }
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] =
        &[("turns", "The turn at whose end the filters retire.")];
}

/// The plugin.
pub struct Retire {
    turns: u16,
}

/// The hooks the plugin switches off at the end of turn `turns`.
pub const RETIRED: u64 = hook::FILTER_DRAWS | hook::FILTER_PLACEMENTS | hook::TURN_END;

#[plugin]
impl Plugin for Retire {
    type Config = Options;
    const ID: &'static str = "kit-retire";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: filters switched off after the first turns";

    fn new(o: Options) -> Result<Self, ConfigError> {
        Ok(Retire { turns: o.turns })
    }

    fn filter_draws(&self, v: &View<'_>, tiles: &[TileTypeId], keep: &mut [bool]) -> HookResult {
        veto(tiles, keep, |&t| {
            (0..v.tile_type_feature_count(t))
                .any(|l| v.tile_type_feature_kind(t, l) == FeatureKind::City)
        });
        Ok(())
    }

    fn filter_placements(
        &self,
        _v: &View<'_>,
        _tile: TileTypeId,
        cands: &[Placement],
        keep: &mut [bool],
    ) -> HookResult {
        veto(cands, keep, |c| c.pos.y != 0);
        Ok(())
    }

    /// With `turns = 0` the filters retire before the first turn.
    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        if self.turns == 0 {
            retire(cx)?;
        }
        Ok(())
    }

    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        if cx.turn() >= self.turns {
            retire(cx)?;
        }
        Ok(())
    }
}

/// Switches the hooks of [`RETIRED`] off.
fn retire(cx: &mut Cx<'_>) -> HookResult {
    let mut bits = RETIRED;
    while bits != 0 {
        let b = bits & bits.wrapping_neg();
        bits &= bits - 1;
        if !cx.set_hook_enabled(b, false) {
            return Err(Error::new("a subscribed hook could not be switched off"));
        }
    }
    Ok(())
}
