//! The tile-set file as written: unchecked, deserialised TOML (`docs/tiles.md`).

use crate::types::FeatureKind;
use serde::Deserialize;
use std::collections::BTreeMap;

/// Unchecked tile-set file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileSetSpec {
    /// Name rulesets use to pick the set.
    pub name: String,
    /// Free text.
    #[serde(default)]
    pub description: String,
    /// The tiles.
    pub tiles: Vec<TileSpec>,
    /// A start layout with its precedence (`[start]`), instead of or over a
    /// tile's `start = true` flag.
    #[serde(default)]
    pub start: Option<StartSpec>,
}

/// A tile set's start layout: the tiles placed before the first turn.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartSpec {
    /// Precedence over other sets' layouts: the highest wins (a tile's
    /// `start = true` flag counts as a layout of priority 0).
    pub priority: i32,
    /// The tiles, in placement order.
    pub tiles: Vec<StartTileSpec>,
}

/// One tile of a start layout.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartTileSpec {
    /// Tile id (of any tile set of the ruleset).
    pub id: String,
    /// Board position `[x, y]` (`x` east, `y` south).
    pub at: [i16; 2],
    /// Clockwise quarter turns.
    #[serde(default)]
    pub rot: u8,
}

/// Unchecked tile description.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileSpec {
    /// Unique id, e.g. `BA/RCr`.
    pub id: String,
    /// Copies in the bag per edition (`C1`, `C2`).
    #[serde(default)]
    pub counts: BTreeMap<String, u16>,
    /// Copies each player holds in his hand instead (never in the bag; e.g. the
    /// abbey: `per_player = 1`). A plugin plays them (`Cx::play_from_hand`).
    #[serde(default)]
    pub per_player: u16,
    /// Whether the start tile is one copy of this tile.
    #[serde(default)]
    pub start: bool,
    /// Side kinds N E S W as printed, e.g. `CRFR`.
    pub sides: String,
    /// Tile-level markers.
    #[serde(default)]
    pub markers: Vec<String>,
    /// Features in local-index order.
    pub features: Vec<FeatureSpec>,
    /// Named groups of local features that a plugin interprets, e.g.
    /// `links = { wagon = [[0, 1], [2, 3]] }`; inert unless a plugin declares the name.
    #[serde(default)]
    pub links: BTreeMap<String, Vec<Vec<u8>>>,
}

/// Unchecked feature description.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeatureSpec {
    /// What it is.
    pub kind: FeatureKind,
    /// Slots or side names it owns.
    #[serde(default)]
    pub slots: Vec<String>,
    /// For fields: local indices of bordering cities.
    #[serde(default)]
    pub adj: Vec<u8>,
    /// Feature-level markers; a marker listed several times counts several times
    /// (`["pennant", "pennant"]`: two pennants).
    #[serde(default)]
    pub markers: Vec<String>,
    /// Fields only: an *inner* field, owning no edge slot (between four city caps):
    /// closed from the moment it is placed. `slots` must then be empty.
    #[serde(default)]
    pub inner: bool,
    /// Barriers only: the barrier's name (its sides fit only sides of the same name).
    #[serde(default)]
    pub name: Option<String>,
    /// Whether the core scores it (default `true`). `scored = false`: the core
    /// never scores the feature (not when completed, not at game end) and never
    /// returns its figures; a plugin gives it a meaning (the top of a tower).
    /// Joined features keep it.
    #[serde(default = "yes")]
    pub scored: bool,
}

fn yes() -> bool {
    true
}
