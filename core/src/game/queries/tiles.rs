//! Queries on placed tiles, tile types and the board.

use super::super::*;
use crate::tiles::TileType;

impl Game {
    /// Number of placed tiles (the start tile included).
    #[inline]
    pub fn placed_count(&self) -> usize {
        self.board.tiles.len()
    }

    /// Placed tiles in placement order.
    #[inline]
    pub fn tiles(&self) -> &[PlacedTile] {
        &self.board.tiles
    }

    /// Placed tile `t`.
    #[inline]
    pub fn placed(&self, t: TileIndex) -> Option<&PlacedTile> {
        self.board.tiles.get(t.index())
    }

    /// The `i`-th empty cell next to a placed tile (the frontier, where a tile
    /// may go before side matching), in the engine's order; `None` past the
    /// last. The frontier holds each such cell once.
    #[inline]
    pub fn frontier_cell(&self, i: usize) -> Option<Pos> {
        self.board.frontier.get(i).map(|fr| fr.pos)
    }

    /// The `i`-th square of the frontier ([`Game::frontier_cell`]) with what
    /// its neighbours require of a tile placed there ([`FrontierSquare`]).
    #[inline]
    pub fn frontier_square(&self, i: usize) -> Option<FrontierSquare> {
        self.board.frontier.get(i).map(|fr| FrontierSquare {
            pos: fr.pos,
            present: fr.present,
            facing: fr.req,
        })
    }

    /// Every square of the frontier ([`Game::frontier_square`]) in the
    /// engine's order, written to `out`: the first `out.len()` of them;
    /// returns how many there are (more than `out.len()`: ask again with a
    /// larger slice; an empty one counts them). One call for a hook that
    /// reads the whole frontier, not a `frontier_square` per square.
    pub fn frontier_squares_into(&self, out: &mut [FrontierSquare]) -> u32 {
        for (o, fr) in out.iter_mut().zip(&self.board.frontier) {
            *o = FrontierSquare {
                pos: fr.pos,
                present: fr.present,
                facing: fr.req,
            };
        }
        self.board.frontier.len() as u32
    }

    /// Position of placed tile `t`.
    #[inline]
    pub fn tile_pos(&self, t: TileIndex) -> Option<Pos> {
        self.placed(t).map(|p| p.pos)
    }

    /// Tile type of placed tile `t`.
    #[inline]
    pub fn tile_type_id(&self, t: TileIndex) -> Option<TileTypeId> {
        self.placed(t).map(|p| p.ty)
    }

    /// Rotation of placed tile `t`.
    #[inline]
    pub fn tile_rot(&self, t: TileIndex) -> Option<Rotation> {
        self.placed(t).map(|p| p.rot)
    }

    /// Number of the 8 positions around placed tile `t` that hold tiles.
    #[inline]
    pub fn tile_nbrs(&self, t: TileIndex) -> Option<u8> {
        self.placed(t).map(|p| p.nbrs)
    }

    /// The tile type of placed tile `t`.
    #[inline]
    pub fn tile_type(&self, t: TileIndex) -> Option<&TileType> {
        self.rules.tiles.get(self.placed(t)?.ty)
    }

    /// Tile-level marker mask of placed tile `t`.
    #[inline]
    pub fn tile_markers(&self, t: TileIndex) -> Option<u64> {
        self.tile_type(t).map(|ty| ty.markers)
    }

    /// Whether placed tile `t` carries marker bit `bit` (tile level).
    #[inline]
    pub fn tile_has_marker(&self, t: TileIndex, bit: u64) -> bool {
        self.tile_markers(t).is_some_and(|m| m & bit != 0)
    }

    /// Number of features of placed tile `t`: its type's, then those added to
    /// it at run time (a bridge), which follow in local index.
    #[inline]
    pub fn tile_feature_count(&self, t: TileIndex) -> Option<u8> {
        (t.index() < self.board.tiles.len()).then(|| self.local_count(t.0) as u8)
    }

    /// Kind of local feature `local` of placed tile `t`.
    #[inline]
    pub fn tile_feature_kind(&self, t: TileIndex, local: u8) -> Option<FeatureKind> {
        (t.index() < self.board.tiles.len())
            .then(|| self.local_kind(t.0, local))
            .flatten()
    }

    /// Marker mask of local feature `local` of placed tile `t` (0 for a feature
    /// added at run time).
    #[inline]
    pub fn tile_feature_markers(&self, t: TileIndex, local: u8) -> Option<u64> {
        self.feature_markers(self.feature_of(t, local)?)
    }

    /// The board slots (bit `i`: slot `i`, `NL NM NR EL ... WR`) that local
    /// feature `local` of placed tile `t` owns now: its type's, turned by the
    /// tile's rotation, less the slots a feature added at run time took.
    pub fn tile_feature_slots(&self, t: TileIndex, local: u8) -> Option<u16> {
        self.feature_of(t, local)?;
        let g = self.geom_of(t.0);
        Some(
            (0..SLOTS)
                .filter(|&s| g.slot_feature[s] == local)
                .fold(0, |m, s| m | 1 << s),
        )
    }

    /// The piece laid with the placement of this turn's tile (a bridge), or
    /// [`Piece::NONE`](crate::Piece::NONE).
    #[inline]
    pub fn placed_piece(&self) -> crate::Piece {
        self.turn.piece
    }

    /// Number of tile types in the ruleset (ids are `0..tile_type_count()`).
    pub fn tile_type_count(&self) -> usize {
        self.rules.tiles.len()
    }

    /// Id of tile type `ty` as written in its tile set (e.g. `BA/RCr`).
    pub fn tile_type_name(&self, ty: TileTypeId) -> Option<&str> {
        self.rules.tiles.get(ty).map(|t| t.id.as_str())
    }

    /// Tile-level marker mask of tile type `ty` (e.g. of the drawn tile).
    #[inline]
    pub fn tile_type_markers(&self, ty: TileTypeId) -> Option<u64> {
        self.rules.tiles.get(ty).map(|t| t.markers)
    }

    /// Number of features of tile type `ty`.
    pub fn tile_type_feature_count(&self, ty: TileTypeId) -> Option<u8> {
        self.rules.tiles.get(ty).map(|t| t.features.len() as u8)
    }

    /// Kind of local feature `local` of tile type `ty`.
    pub fn tile_type_feature_kind(&self, ty: TileTypeId, local: u8) -> Option<FeatureKind> {
        self.rules
            .tiles
            .get(ty)?
            .features
            .get(local as usize)
            .map(|f| f.kind)
    }

    /// The slots local feature `local` of tile type `ty` owns as printed (bit
    /// `i`: slot `i`, `NL NM NR EL ... WR`; turn them with
    /// [`rotate_mask`](crate::tiles::rotate_mask)).
    pub fn tile_type_feature_slots(&self, ty: TileTypeId, local: u8) -> Option<u16> {
        self.rules
            .tiles
            .get(ty)?
            .features
            .get(local as usize)
            .map(|f| f.slots)
    }

    /// Marker mask of local feature `local` of tile type `ty`.
    pub fn tile_type_feature_markers(&self, ty: TileTypeId, local: u8) -> Option<u64> {
        self.rules
            .tiles
            .get(ty)?
            .features
            .get(local as usize)
            .map(|f| f.markers)
    }

    /// The side kinds of tile type `ty` as printed (rotation 0), barrier names included.
    pub fn tile_type_sides(&self, ty: TileTypeId) -> Option<Sides> {
        self.rules.tiles.get(ty).map(|t| t.sides(Rotation::R0))
    }

    /// The rotations of tile type `ty` that give distinct tiles (bit `r`:
    /// rotation `r`, the lowest of the rotations that give the same tile;
    /// rotation 0 always): a placement in another rotation is one of these
    /// (legal placements name it by the lowest).
    pub fn tile_type_rotations(&self, ty: TileTypeId) -> Option<u8> {
        self.rules.tiles.get(ty).map(|t| t.distinct_rots)
    }

    /// The side kinds of placed tile `t` now, in board orientation (its rotation
    /// applied, a feature added at run time counted), barrier names included.
    pub fn tile_sides(&self, t: TileIndex) -> Option<Sides> {
        self.placed_geometry(t).map(|g| g.sides())
    }

    /// Placed tile `t`'s outline now ([`TileOutline`]): its sides, the sides
    /// facing an empty square, the number of features added to it.
    pub fn tile_outline(&self, t: TileIndex) -> Option<TileOutline> {
        let pt = self.board.tiles.get(t.index())?;
        // A tile with a feature added has a geometry of its own: one search
        // finds both (`Game::geom_of`, `Game::added_on`).
        let (geom, added) = match self.added.geom(t.0) {
            Some(g) => (g, self.added_on(t.0).count() as u8),
            None => (self.rules.tiles.get(pt.ty)?.rot.get(pt.rot.index())?, 0),
        };
        Some(TileOutline {
            sides: geom.sides(),
            open: self.board.open_sides(pt.pos),
            added,
        })
    }

    /// The number of features added at run time to the placed tile at `pos`
    /// (as [`Game::tile_outline`] counts them); `None` where no tile lies.
    pub fn features_added_at(&self, pos: Pos) -> Option<u8> {
        let t = self.board.tile_at(pos)?;
        if !self.may_have_added(t.0) {
            return Some(0);
        }
        Some(self.added_on(t.0).count() as u8)
    }

    /// The name of barrier id `id` (the id [`SideKind::Barrier`] carries).
    pub fn barrier_name(&self, id: u8) -> Option<&str> {
        self.rules.tiles.barriers.name(id)
    }

    /// The placed tile at `p`.
    #[inline]
    pub fn tile_at(&self, p: Pos) -> Option<TileIndex> {
        self.board.tile_at(p)
    }

    /// Which of the four squares beside `p` hold tiles (bit `d`: the square
    /// on [`Side`] `d`, N E S W), and, in bit 4, whether `p` holds one
    /// itself: what five [`Game::tile_at`] would ask, in one query. A hole
    /// (an empty square with a tile on each side) reads `0b0_1111`.
    #[inline]
    pub fn tiles_beside(&self, p: Pos) -> u8 {
        self.board.tiles_beside(p)
    }

    /// The number of holes: empty squares with a tile on each of their four
    /// sides (where the abbey goes). Kept by the board as tiles are placed:
    /// one load, not a search.
    #[inline]
    pub fn hole_count(&self) -> u32 {
        u32::from(self.board.holes)
    }

    /// The records of the features of placed tile `t`'s type, by local index
    /// (empty for a tile that does not exist): they start at the tile's `base`
    /// (a tile and its type's features are appended together; features added
    /// at run time are found with [`Game::added_on`]).
    #[inline(always)]
    pub(super) fn tile_feats(&self, t: TileIndex) -> &[Feat] {
        let Some(pt) = self.board.tiles.get(t.index()) else {
            return &[];
        };
        let start = usize::from(pt.base.0);
        let n = self.rules.tiles.types[pt.ty.index()].features.len();
        self.feats.recs.get(start..start + n).unwrap_or(&[])
    }

    /// The tile placed this turn, if any; once the game is over (or ending), the
    /// last tile placed.
    pub fn last_placed(&self) -> Option<TileIndex> {
        (self.turn.last_tile != NONE16).then_some(TileIndex(self.turn.last_tile))
    }
}
