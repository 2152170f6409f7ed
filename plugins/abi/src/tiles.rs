//! The tile catalogue as plugins see it at build time
//! (`PluginVTable::compose_tiles`): one entry per tile type, in tile type id
//! order, with the names plugins look things up by. The host lends it (built
//! from the engine's catalogue), the SDK reads it as a `TileCatalogueView`.

use crate::*;

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
