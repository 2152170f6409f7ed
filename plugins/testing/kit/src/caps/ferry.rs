//! `kit-ferry`: a feature added to a placed tile that takes every slot of
//! other features of the tile and joins what they met (a ferry on a lake). A
//! tile carrying the marker `lake` gets, when placed, a road over the middle
//! slots of two of its board sides (`sides`, default south and west): the
//! ferry joins the roads that end at the lake there. A road end that owned
//! only such a slot and met no road is gone from the board (never completed
//! nor scored, no figure goes on it, a figure on it goes home); a road the
//! tile's placement completed that the ferry joins to an open end is open
//! again, and is not scored.

use carcassonne_plugin_sdk::prelude::*;

/// The lake tile: roads end at the lake from the south and the west.
pub const TILES: &str = r#"
name = "kit-ferry"
[[tiles]]
id = "KF/RR"
counts = { C2 = 1 }
sides = "FFRR"
markers = ["lake"]
features = [
  { kind = "road", slots = ["S"] },
  { kind = "road", slots = ["W"] },
  { kind = "field", slots = ["N", "E", "SL", "SR", "WL", "WR"] },
]
"#;

/// Options of `kit-ferry`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// The two board sides the ferry joins, as letters (`"SW"`).
    pub sides: String,
}

impl Default for Options {
    fn default() -> Self {
        Options { sides: "SW".into() }
    }
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[(
        "sides",
        "The two board sides the ferry joins, as letters (`SW`).",
    )];
}

/// The plugin.
pub struct Ferry {
    /// The middle slots of the ferry's sides.
    slots: u16,
}

#[plugin]
impl Plugin for Ferry {
    type Config = Options;
    const ID: &'static str = "kit-ferry";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: a ferry added over a lake's road ends";
    const TILESETS: &'static [&'static str] = &[TILES];
    const MARKERS: &'static [&'static str] = &["lake"];

    fn new(o: Options) -> Result<Self, ConfigError> {
        let mut slots = 0u16;
        for c in o.sides.chars() {
            let d = "NESW"
                .find(c)
                .ok_or_else(|| ConfigError::new(format!("`sides`: `{c}` is no side (N E S W)")))?;
            slots |= 1 << (3 * d + 1);
        }
        if slots.count_ones() != 2 {
            return Err(ConfigError::new("`sides`: two different sides (`SW`)"));
        }
        Ok(Ferry { slots })
    }

    fn narrowing(&self) -> u64 {
        narrow::PLACED_MARKED
    }

    /// The ferry, on a lake tile.
    fn tile_placed(&self, cx: &mut Cx<'_>, tile: TileIndex) -> HookResult {
        let lake = cx.my_marker(0);
        if lake != 0 && cx.tile_has_marker(tile, lake) {
            cx.add_tile_feature(tile, FeatureKind::Road, self.slots)?;
        }
        Ok(())
    }
}
