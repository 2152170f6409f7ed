//! `kit-tiledata`: the tile-data extensions seen by a plugin. Its tile set has an
//! inner field (`KIT/CCCC`), a city with two pennants (`KIT/C++`) and a tile with
//! links (`KIT/RRR`, link `kit`: its three roads). It counts, in its state, the
//! fields closed at once when their tile is placed, the pennants of the cities
//! of placed tiles, and the linked features it sees.

use carcassonne_plugin_sdk::prelude::*;

/// The plugin's tiles (none of them in the bag: rulesets add copies by naming the set).
pub const TILES: &str = r#"
name = "kit-tiledata"

[[tiles]]
id = "KIT/CCCC"
counts = { C2 = 1 }
sides = "CCCC"
features = [
  { kind = "city", slots = ["N"] },
  { kind = "city", slots = ["E"] },
  { kind = "city", slots = ["S"] },
  { kind = "city", slots = ["W"] },
  { kind = "field", inner = true, adj = [0, 1, 2, 3] },
]

[[tiles]]
id = "KIT/C++"
counts = { C2 = 1 }
sides = "CCCC"
features = [ { kind = "city", slots = ["N", "E", "S", "W"], markers = ["pennant", "pennant"] } ]

[[tiles]]
id = "KIT/RRR"
counts = { C2 = 1 }
sides = "FRRR"
links = { kit = [[0, 1, 2]] }
features = [
  { kind = "road", slots = ["E"] },
  { kind = "road", slots = ["S"] },
  { kind = "road", slots = ["W"] },
  { kind = "field", slots = ["WR", "N", "EL"] },
  { kind = "field", slots = ["ER", "SL"] },
  { kind = "field", slots = ["SR", "WL"] },
]
"#;

/// Per-game state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Seen {
    /// Fields closed on the turn their tile was placed.
    pub closed_at_once: u32,
    /// Pennants counted on the placed tiles' cities.
    pub pennants: u32,
    /// Features of placed tiles found in a `kit` link group.
    pub linked: u32,
}

/// The plugin.
pub struct TileData;

#[plugin]
impl Plugin for TileData {
    type Config = NoOptions;
    const ID: &'static str = "kit-tiledata";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: inner fields, repeated markers, links";
    const TILESETS: &'static [&'static str] = &[TILES];
    const MARKERS: &'static [&'static str] = &["pennant"];
    const LINKS: &'static [&'static str] = &["kit"];
    const STATE: StateSpec = StateSpec::NONE.game::<Seen>();

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(TileData)
    }

    fn tile_placed(&self, cx: &mut Cx<'_>, tile: TileIndex) -> HookResult {
        let (pennant, link) = (cx.my_marker(0), cx.my_link(0));
        let mut pennants = 0;
        let mut linked = 0;
        for l in 0..cx.tile_feature_count(tile) {
            let f = cx.feature_of(tile, l);
            pennants += cx.feature_marker_count(f, pennant);
            if cx.link_group(tile, link, l).is_some() {
                linked += 1;
            }
        }
        let s = cx.game_state_mut::<Seen>()?;
        s.pennants += pennants;
        s.linked += linked;
        Ok(())
    }

    fn field_closed(&self, cx: &mut Cx<'_>, field: FeatureId) -> HookResult {
        if Some(cx.feature_tile(field)) == cx.last_placed() && cx.open_sides(field) == 0 {
            let inner = cx.members(cx.find(field)).count() == 1;
            if inner {
                cx.game_state_mut::<Seen>()?.closed_at_once += 1;
            }
        }
        Ok(())
    }
}
