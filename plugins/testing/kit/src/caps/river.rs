//! `kit-river`: a barrier side kind and the tile capabilities around it. Its
//! tile set has river tiles (a barrier named `river`: a spring, straights,
//! curves, a bridge with a road across, a lake) and a start layout of
//! priority 1 (the spring, over a set's `start = true` flag). Its placement
//! rule reads tile data with the rotation applied (`tile_type_sides`,
//! `tile_sides`) and per-tile state (`tile_state`): a river tile must continue
//! the river with exactly one river side (its other river sides face empty
//! squares), and may not turn back the way the tile it continues came from
//! (no exit in the compass direction of that tile's upstream side). At build
//! time it may drop the start tile its layout displaced (`compose_tiles`).
//! It says why it refuses a placement (`placement_refusal`). With
//! `lake-last`, a river tile with one river side (the lake) waits in the
//! bag while it holds a river tile with more (a draw filter counting copies in
//! the bag by type: `bag_count`).

use carcassonne_plugin_sdk::prelude::*;

/// The plugin's tiles. No code names them: the rule reads the `river` barrier.
pub const TILES: &str = r#"
name = "kit-river"

[start]
priority = 1
tiles = [{ id = "KITR/spring", at = [0, 0], rot = 0 }]

[[tiles]]
id = "KITR/spring"
counts = { C1 = 1, C2 = 1 }
sides = "FIFF"
features = [
  { kind = "barrier", name = "river", slots = ["E"] },
  { kind = "field", slots = ["N", "EL", "ER", "S", "W"] },
]

[[tiles]]
id = "KITR/straight"
counts = { C1 = 2, C2 = 2 }
sides = "FIFI"
features = [
  { kind = "barrier", name = "river", slots = ["W", "E"] },
  { kind = "field", slots = ["WR", "N", "EL"] },
  { kind = "field", slots = ["ER", "S", "WL"] },
]

[[tiles]]
id = "KITR/curve"
counts = { C1 = 2, C2 = 2 }
sides = "FFII"
features = [
  { kind = "barrier", name = "river", slots = ["S", "W"] },
  { kind = "field", slots = ["WR", "N", "E", "SL"] },
  { kind = "field", slots = ["SR", "WL"] },
]

[[tiles]]
id = "KITR/bridge"
counts = { C1 = 1, C2 = 1 }
sides = "IRIR"
features = [
  { kind = "barrier", name = "river", slots = ["N", "S"] },
  { kind = "road", slots = ["W", "E"] },
  { kind = "field", slots = ["NR", "EL"] },
  { kind = "field", slots = ["ER", "SL"] },
  { kind = "field", slots = ["SR", "WL"] },
  { kind = "field", slots = ["WR", "NL"] },
]

[[tiles]]
id = "KITR/lake"
counts = { C1 = 1, C2 = 1 }
sides = "FFFI"
features = [
  { kind = "barrier", name = "river", slots = ["W"] },
  { kind = "field", slots = ["N", "E", "S", "WL", "WR"] },
]
"#;

/// What becomes of a start tile the river's layout displaces (a set's tile
/// flagged `start = true`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Displaced {
    /// An ordinary tile of the bag.
    Shuffled,
    /// Out of the game (one copy fewer).
    Removed,
}

/// Options of `kit-river`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// Whether the placement rule applies (without it, only the core's side
    /// matching: a river side fits only a river side).
    pub rule: bool,
    /// What becomes of a displaced start tile.
    pub displaced_start: Displaced,
    /// Whether the lake waits until every other river tile is drawn.
    pub lake_last: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            rule: true,
            displaced_start: Displaced::Shuffled,
            lake_last: false,
        }
    }
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "rule",
            "Whether a river tile must continue the river without a U-turn.",
        ),
        (
            "displaced-start",
            "What becomes of a start tile the spring displaces: `shuffled` or `removed`.",
        ),
        (
            "lake-last",
            "Whether a river tile with one river side waits until no river tile with more is in the bag.",
        ),
    ];
}

/// Per placed tile: where the river came from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Flow {
    /// The upstream side (the river side that met the river) + 1, in board
    /// orientation; 0 for a tile without one (the spring, land tiles).
    pub upstream: u32,
}

/// The plugin.
pub struct River {
    rule: bool,
    displaced: Displaced,
    lake_last: bool,
}

impl River {
    /// How many river sides tile type `ty` has.
    fn river_sides(v: &View<'_>, ty: TileTypeId) -> u32 {
        let river = v.my_barrier(0);
        v.tile_type_sides(ty).barrier_sides(river).count_ones()
    }

    /// The river sides of tile type `ty` placed with rotation `rot` at `pos`:
    /// the mask of its river sides, and of those meeting a placed tile, with the
    /// last such tile and side.
    fn meets(v: &View<'_>, ty: TileTypeId, p: Placement) -> (u8, u8, Option<(TileIndex, Side)>) {
        let river = v.my_barrier(0);
        let sides = v.tile_type_sides(ty).rotated(p.rot).barrier_sides(river);
        let (mut met, mut last) = (0u8, None);
        for d in Side::ALL {
            if sides & (1 << d as u8) != 0 {
                if let Some(t) = v.tile_at(p.pos.step(d)) {
                    met |= 1 << d as u8;
                    last = Some((t, d));
                }
            }
        }
        (sides, met, last)
    }

    /// Whether placement `p` of tile type `ty` obeys the river rule.
    fn allowed(v: &View<'_>, ty: TileTypeId, p: Placement) -> HookResult<bool> {
        let (sides, met, last) = Self::meets(v, ty, p);
        if sides == 0 {
            return Ok(true);
        }
        let Some((prev, up)) = last else {
            return Ok(false); // does not continue the river
        };
        if met.count_ones() != 1 {
            return Ok(false); // two river sides meet the river (a loop)
        }
        let exits = sides & !(1 << up as u8);
        let before = v.tile_state::<Flow>(prev)?.upstream;
        Ok(before == 0 || exits & (1 << (before - 1)) == 0)
    }
}

#[plugin]
impl Plugin for River {
    type Config = Options;
    const ID: &'static str = "kit-river";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "test plugin: a river barrier, its start tile and a placement rule on tile data";
    const TILESETS: &'static [&'static str] = &[TILES];
    const BARRIERS: &'static [&'static str] = &["river"];
    const STATE: StateSpec = StateSpec::NONE.tile::<Flow>();

    fn new(o: Options) -> Result<Self, ConfigError> {
        Ok(River {
            rule: o.rule,
            displaced: o.displaced_start,
            lake_last: o.lake_last,
        })
    }

    fn subscriptions(&self) -> u64 {
        let all = carcassonne_plugin_sdk::hooks_of::<Self>();
        let mut off = 0;
        if !self.rule {
            off |= hook::FILTER_PLACEMENTS;
        }
        if !self.lake_last {
            off |= hook::FILTER_DRAWS;
        }
        all & !off
    }

    fn compose_tiles(
        &self,
        tiles: &TileCatalogueView<'_>,
        counts: &mut Vec<TileCount>,
    ) -> Result<(), String> {
        if self.displaced == Displaced::Removed {
            for t in tiles.displaced_start_tiles() {
                counts.push(tiles.with_count(t, tiles.count(t).saturating_sub(1)));
            }
        }
        Ok(())
    }

    /// `lake-last`: the lake waits while a longer river tile is in the bag.
    fn filter_draws(&self, v: &View<'_>, tiles: &[TileTypeId], keep: &mut [bool]) -> HookResult {
        let streams = (0..v.tile_type_count())
            .map(|i| TileTypeId(i as u16))
            .any(|t| v.bag_count(t) > 0 && Self::river_sides(v, t) > 1);
        if streams {
            veto(tiles, keep, |&t| Self::river_sides(v, t) == 1);
        }
        Ok(())
    }

    fn filter_placements(
        &self,
        v: &View<'_>,
        tile: TileTypeId,
        cands: &[Placement],
        keep: &mut [bool],
    ) -> HookResult {
        for (p, k) in cands.iter().zip(keep.iter_mut()) {
            if *k && !Self::allowed(v, tile, *p)? {
                *k = false;
            }
        }
        Ok(())
    }

    /// Why the rule refuses a placement, for the player.
    fn placement_refusal(
        &self,
        v: &View<'_>,
        tile: TileTypeId,
        p: Placement,
        out: &mut String,
    ) -> HookResult {
        if !Self::allowed(v, tile, p)? {
            out.push_str("the kit's river may not turn back");
        }
        Ok(())
    }

    fn tile_placed(&self, cx: &mut Cx<'_>, tile: TileIndex) -> HookResult {
        let p = Placement::new(cx.tile_pos(tile), cx.tile_rot(tile));
        let (_, met, _) = Self::meets(cx, cx.tile_type_id(tile), p);
        if met != 0 {
            cx.tile_state_mut::<Flow>(tile)?.upstream = met.trailing_zeros() + 1;
        }
        Ok(())
    }
}
