//! The composed tile catalogue a plugin sees at build time
//! ([`Plugin::compose_tiles`](crate::Plugin::compose_tiles)).

use crate::{TileCount, TileTypeId};
use carcassonne_plugin_abi::{AbiTileCatalogue, AbiTileInfo};

/// The tile types of a ruleset as composed from its tile sets and its plugins'
/// tile sets: ids, tile sets, counts (of the edition, after the ruleset's
/// `[tiles.counts]`), markers and the chosen start layout. Tile types are
/// `0..len()`, as in a game.
#[derive(Clone, Copy)]
pub struct TileCatalogueView<'a> {
    abi: &'a AbiTileCatalogue<'a>,
}

impl<'a> TileCatalogueView<'a> {
    /// Wraps the interface's catalogue. Called by the SDK's adapter.
    #[doc(hidden)]
    pub fn __from_abi(abi: &'a AbiTileCatalogue<'a>) -> TileCatalogueView<'a> {
        TileCatalogueView { abi }
    }

    fn info(&self, ty: TileTypeId) -> Option<&'a AbiTileInfo<'a>> {
        self.abi.tiles.as_slice().get(ty.index())
    }

    /// Number of tile types.
    pub fn len(&self) -> usize {
        self.abi.tiles.len()
    }

    /// Whether there is no tile type.
    pub fn is_empty(&self) -> bool {
        self.abi.tiles.is_empty()
    }

    /// Every tile type.
    pub fn types(&self) -> impl Iterator<Item = TileTypeId> {
        (0..self.len() as u16).map(TileTypeId)
    }

    /// The tile type with id `id` (as written in its tile set).
    pub fn by_id(&self, id: &str) -> Option<TileTypeId> {
        self.abi
            .tiles
            .iter()
            .position(|t| t.id.as_str() == id)
            .map(|i| TileTypeId(i as u16))
    }

    /// The id of tile type `ty` (`""` for none).
    pub fn id(&self, ty: TileTypeId) -> &'a str {
        self.info(ty).map_or("", |t| t.id.as_str())
    }

    /// The tile set tile type `ty` comes from.
    pub fn set(&self, ty: TileTypeId) -> &'a str {
        self.info(ty).map_or("", |t| t.set.as_str())
    }

    /// Whether some tile type comes from tile set `name`.
    pub fn has_set(&self, name: &str) -> bool {
        self.abi.tiles.iter().any(|t| t.set.as_str() == name)
    }

    /// Copies of `ty` in the game, start copies included, before the plugins'
    /// counts.
    pub fn count(&self, ty: TileTypeId) -> u16 {
        self.info(ty).map_or(0, |t| t.count)
    }

    /// Copies of `ty` each player holds in hand.
    pub fn per_player(&self, ty: TileTypeId) -> u16 {
        self.info(ty).map_or(0, |t| t.per_player)
    }

    /// Whether the ruleset's `[tiles.counts]` sets the count of `ty` (a count you
    /// push for it is ignored).
    pub fn count_fixed(&self, ty: TileTypeId) -> bool {
        self.info(ty).is_some_and(|t| t.count_fixed)
    }

    /// Tile-level marker mask of `ty` (see [`TileCatalogueView::marker`]).
    pub fn markers(&self, ty: TileTypeId) -> u64 {
        self.info(ty).map_or(0, |t| t.markers)
    }

    /// Whether a barrier crosses a side of `ty`.
    pub fn has_barrier_sides(&self, ty: TileTypeId) -> bool {
        self.info(ty).is_some_and(|t| t.barrier_sides)
    }

    /// The bit of marker `name` in marker masks (0 if nothing carries it).
    pub fn marker(&self, name: &str) -> u64 {
        self.abi
            .markers
            .iter()
            .position(|m| m.as_str() == name)
            .map_or(0, |i| 1 << i)
    }

    /// Whether the tile data of `ty` flags it `start = true`.
    pub fn start_flag(&self, ty: TileTypeId) -> bool {
        self.info(ty).is_some_and(|t| t.start_flag)
    }

    /// Copies of `ty` the chosen start layout places.
    pub fn start_copies(&self, ty: TileTypeId) -> u16 {
        self.info(ty).map_or(0, |t| t.start_copies)
    }

    /// The tile set whose start layout is used, and its priority (a `start =
    /// true` flag: 0).
    pub fn start_layout(&self) -> (&'a str, i32) {
        (self.abi.start_set.as_str(), self.abi.start_priority)
    }

    /// The tile types flagged `start = true` whose flag the chosen layout
    /// displaced: their start copy stays an ordinary tile of the bag unless a
    /// plugin's count removes it.
    pub fn displaced_start_tiles(&self) -> impl Iterator<Item = TileTypeId> + '_ {
        self.types()
            .filter(|&t| self.start_flag(t) && self.start_copies(t) == 0)
    }

    /// A count for [`Plugin::compose_tiles`](crate::Plugin::compose_tiles)'s
    /// `counts`: `ty` with `count` copies.
    pub fn with_count(&self, ty: TileTypeId, count: u16) -> TileCount {
        TileCount { tile: ty, count }
    }
}
