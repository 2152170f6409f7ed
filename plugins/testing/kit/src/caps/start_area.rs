//! `kit-start-area`: a start layout of four tiles (priority 2) with inner
//! sides that are never frontier, half-slot fields joined across them, and a
//! city the layout closes (never scored). At build time it reads the composed
//! catalogue: it refuses tiles with barrier sides unless `allow-barriers`, and
//! sets the count of the start tile it displaced (`displaced-start`). It
//! counts the completed features scored (`feature_scored`), so a test sees
//! that the layout's city is not.

use carcassonne_plugin_sdk::prelude::*;

/// The plugin's tiles: the 2 × 2 area around `(0, 0)`, none in the bag.
pub const TILES: &str = r#"
name = "kit-start-area"

[start]
priority = 2
tiles = [
  { id = "KITA/nw", at = [-1, -1] },
  { id = "KITA/ne", at = [0, -1] },
  { id = "KITA/sw", at = [-1, 0] },
  { id = "KITA/se", at = [0, 0] },
]

[[tiles]]
id = "KITA/nw"
counts = { C1 = 1, C2 = 1 }
sides = "FFFF"
features = [ { kind = "field", slots = ["N", "W", "EL", "SR"] } ]

[[tiles]]
id = "KITA/ne"
counts = { C1 = 1, C2 = 1 }
sides = "FCCF"
features = [
  { kind = "city", slots = ["E"] },
  { kind = "city", slots = ["S"] },
  { kind = "field", slots = ["N", "WR"], adj = [0, 1] },
]

[[tiles]]
id = "KITA/sw"
counts = { C1 = 1, C2 = 1 }
sides = "FFFF"
features = [ { kind = "field", slots = ["S", "W", "NL", "ER"] } ]

[[tiles]]
id = "KITA/se"
counts = { C1 = 1, C2 = 1 }
sides = "CFRF"
features = [
  { kind = "city", slots = ["N"] },
  { kind = "road", slots = ["S"] },
  { kind = "field", slots = ["E", "SL"], adj = [0] },
  { kind = "field", slots = ["SR", "WL"], adj = [0] },
]
"#;

/// What the plugin does with a start tile its layout displaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Displaced {
    /// Nothing: an ordinary tile of the bag.
    Shuffled,
    /// One copy more (a count that differs from a plugin that removes it).
    Doubled,
}

/// Options of `kit-start-area`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// Whether tiles with barrier sides may be in the game.
    pub allow_barriers: bool,
    /// What becomes of a displaced start tile.
    pub displaced_start: Displaced,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            allow_barriers: false,
            displaced_start: Displaced::Shuffled,
        }
    }
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "allow-barriers",
            "Whether tiles with barrier sides may be combined with the start area.",
        ),
        (
            "displaced-start",
            "What becomes of a start tile the area displaces: `shuffled` or `doubled`.",
        ),
    ];
}

/// Per game: completed features scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Scored {
    /// Completed features scored (with or without figures).
    pub completed: u32,
}

/// The plugin.
pub struct StartArea {
    allow_barriers: bool,
    displaced: Displaced,
}

#[plugin]
impl Plugin for StartArea {
    type Config = Options;
    const ID: &'static str = "kit-start-area";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: a start area of four tiles";
    const TILESETS: &'static [&'static str] = &[TILES];
    const STATE: StateSpec = StateSpec::NONE.game::<Scored>();

    fn new(o: Options) -> Result<Self, ConfigError> {
        Ok(StartArea {
            allow_barriers: o.allow_barriers,
            displaced: o.displaced_start,
        })
    }

    fn compose_tiles(
        &self,
        tiles: &TileCatalogueView<'_>,
        counts: &mut Vec<TileCount>,
    ) -> Result<(), String> {
        if !self.allow_barriers {
            if let Some(t) = tiles.types().find(|&t| tiles.has_barrier_sides(t)) {
                return Err(format!(
                    "the start area cannot be combined with barrier tiles (`{}` of tile set `{}`); set `allow-barriers = true`",
                    tiles.id(t),
                    tiles.set(t)
                ));
            }
        }
        if self.displaced == Displaced::Doubled {
            for t in tiles.displaced_start_tiles() {
                counts.push(tiles.with_count(t, tiles.count(t) + 1));
            }
        }
        Ok(())
    }

    fn feature_scored(&self, cx: &mut Cx<'_>, info: &ScoreInfo<'_>, _: &Points) -> HookResult {
        if info.reason == ScoreReason::Completed {
            cx.game_state_mut::<Scored>()?.completed += 1;
        }
        Ok(())
    }
}
