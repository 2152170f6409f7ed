//! The tile catalogue as plugins see it at build time
//! (`PluginVTable::compose_tiles`): one entry per tile type, in tile type id
//! order, with the names plugins look things up by.

use crate::*;
use carcassonne_core::tiles::TileCatalogue;

/// A tile type of the composed catalogue.
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug)]
pub struct AbiTileInfo<'a> {
    /// Its id (`BA/RCr`).
    pub id: RStr<'a>,
    /// The tile set it comes from.
    pub set: RStr<'a>,
    /// Copies in the game (start copies included) as the tile sets and the
    /// ruleset's `[tiles.counts]` give them.
    pub count: u16,
    /// Copies each player holds in hand.
    pub per_player: u16,
    /// Copies in the chosen start layout.
    pub start_copies: u16,
    /// Whether its tile data flags it `start = true`.
    pub start_flag: bool,
    /// Whether the ruleset's `[tiles.counts]` sets its count (a plugin's count is
    /// then ignored).
    pub count_fixed: bool,
    /// Tile-level marker mask.
    pub markers: u64,
    /// Whether a barrier crosses one of its sides.
    pub barrier_sides: bool,
}

/// The composed tile catalogue at build time.
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug)]
pub struct AbiTileCatalogue<'a> {
    /// The tile types, by id.
    pub tiles: RSlice<'a, AbiTileInfo<'a>>,
    /// Marker names by marker id (bit `i` of a mask is `markers[i]`).
    pub markers: RSlice<'a, RStr<'a>>,
    /// The tile set of the chosen start layout.
    pub start_set: RStr<'a>,
    /// Its priority (a `start = true` flag: 0).
    pub start_priority: i32,
}

/// The entries and marker names of `cat`, to lend as an [`AbiTileCatalogue`]
/// (see [`AbiTileCatalogue::of`]).
pub fn tile_infos(cat: &TileCatalogue) -> (Vec<AbiTileInfo<'_>>, Vec<RStr<'_>>) {
    let tiles = cat
        .types
        .iter()
        .enumerate()
        .map(|(i, t)| AbiTileInfo {
            id: RStr::from_str(&t.id),
            set: RStr::from_str(&t.set),
            count: t.count,
            per_player: t.per_player,
            start_copies: cat
                .start
                .as_ref()
                .map_or(0, |s| s.copies(TileTypeId(i as u16))),
            start_flag: t.start,
            count_fixed: t.count_fixed,
            markers: t.markers,
            barrier_sides: t.has_barrier_sides(),
        })
        .collect();
    let markers = cat
        .markers
        .names()
        .iter()
        .map(|n| RStr::from_str(n))
        .collect();
    (tiles, markers)
}

impl<'a> AbiTileCatalogue<'a> {
    /// The catalogue of `cat` over its entries and marker names ([`tile_infos`]).
    pub fn of(
        cat: &'a TileCatalogue,
        tiles: &'a [AbiTileInfo<'a>],
        markers: &'a [RStr<'a>],
    ) -> AbiTileCatalogue<'a> {
        let start = cat.start.as_ref();
        AbiTileCatalogue {
            tiles: RSlice::from_slice(tiles),
            markers: RSlice::from_slice(markers),
            start_set: RStr::from_str(start.map_or("", |s| s.set.as_str())),
            start_priority: start.map_or(0, |s| s.priority),
        }
    }
}
