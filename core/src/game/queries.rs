//! The public read API of a game. Every query takes typed ids and returns
//! `None` (or an empty result) for an id that does not exist: no query panics.

use super::*;
use crate::tiles::{TileType, NO_FEATURE};

impl Game {
    /// The rules.
    #[inline]
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// Number of players.
    #[inline]
    pub fn players(&self) -> u8 {
        self.players
    }

    /// The seed the game was created with.
    pub fn seed(&self) -> u64 {
        self.turn.seed
    }

    /// Whose turn it is.
    #[inline]
    pub fn current_player(&self) -> PlayerId {
        self.turn.current
    }

    /// Turn number (1-based; 0 before the first turn). A turn granted by a plugin
    /// counts as a turn of its own.
    #[inline]
    pub fn turn(&self) -> u16 {
        self.turn.number
    }

    /// Turns played so far that a plugin granted (`Cx::grant_turn`: an extra turn
    /// part, a last round); [`Game::turn`] counts them too.
    #[inline]
    pub fn granted_turns_played(&self) -> u16 {
        self.turn.granted_played
    }

    /// The plugin that granted the current turn (`Cx::grant_turn`), or `None` for
    /// a regular turn.
    #[inline]
    pub fn turn_granted_by(&self) -> Option<u8> {
        (self.turn.granted_by != CORE_OWNER).then_some(self.turn.granted_by)
    }

    /// Turns granted by plugins and not yet played, in order: `(player, plugin)`.
    pub fn granted_turns(&self) -> &[(PlayerId, u8)] {
        &self.turn.granted
    }

    /// Pipeline stage.
    pub fn stage(&self) -> Stage {
        self.turn.stage
    }

    /// Scores per player.
    pub fn scores(&self) -> &[i32] {
        &self.turn.scores[..self.players as usize]
    }

    /// Score of `player` (0 for a seat beyond the table).
    #[inline]
    pub fn score(&self, player: PlayerId) -> i32 {
        self.scores().get(player.index()).copied().unwrap_or(0)
    }

    /// Names of the score categories of [`Game::score_breakdown`]: the base rules'
    /// `roads`, `cities`, `cloisters`, `farmers`, then one per plugin (its id).
    pub fn score_categories(&self) -> &[String] {
        &self.rules.score_categories
    }

    /// Points of `player` by category (see [`Game::score_categories`]); they sum to
    /// the score. Points a plugin awards, or adds to or takes from a feature's
    /// points, are in that plugin's category. Empty for a seat beyond the table.
    pub fn score_breakdown(&self, player: PlayerId) -> &[i32] {
        let n = self.rules.score_categories.len();
        if player.seat() >= self.players {
            return &[];
        }
        &self.turn.breakdown[player.index() * n..(player.index() + 1) * n]
    }

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

    /// The side kinds of placed tile `t` now, in board orientation (its rotation
    /// applied, a feature added at run time counted), barrier names included.
    pub fn tile_sides(&self, t: TileIndex) -> Option<Sides> {
        self.placed_geometry(t).map(|g| g.sides())
    }

    /// The name of barrier id `id` (the id [`SideKind::Barrier`] carries).
    pub fn barrier_name(&self, id: u8) -> Option<&str> {
        self.rules.tiles.barriers.name(id)
    }

    /// Number of figure kinds (ids are `0..figure_kind_count()`; 0 is the follower).
    pub fn figure_kind_count(&self) -> usize {
        self.rules.figures.len()
    }

    /// Name of figure kind `kind` (`follower`, `shepherd`, ...).
    pub fn figure_kind_name(&self, kind: FigureKindId) -> Option<&str> {
        self.rules.figure(kind).map(|k| k.name.as_str())
    }

    /// Fixed strength of figure kind `kind` in majorities (0 for a kind whose
    /// strength a plugin computes).
    pub fn figure_kind_strength(&self, kind: FigureKindId) -> Option<u8> {
        self.rules
            .figure(kind)
            .map(|k| if k.computed_strength { 0 } else { k.strength })
    }

    /// Whether figure kind `kind` is a follower (see `FigureKind::follower`).
    pub fn figure_kind_follower(&self, kind: FigureKindId) -> Option<bool> {
        self.rules.figure(kind).map(|k| k.follower)
    }

    /// What sort of piece figure kind `kind` is (see `FigureKind::class`).
    pub fn figure_kind_class(&self, kind: FigureKindId) -> Option<crate::FigureClass> {
        self.rules.figure(kind).map(|k| k.class)
    }

    /// The feature kinds figure kind `kind` may stand on (see
    /// `FigureKind::stands_on`; a feature a plugin hosts for a plain kind is
    /// not among them).
    pub fn figure_kind_stands_on(&self, kind: FigureKindId) -> Option<FeatureKinds> {
        self.rules.figure(kind).map(|k| k.stands_on)
    }

    /// The placed tile at `p`.
    #[inline]
    pub fn tile_at(&self, p: Pos) -> Option<TileIndex> {
        self.board.tile_at(p)
    }

    /// Global feature id of local feature `local` of placed tile `t`.
    #[inline]
    pub fn feature_of(&self, t: TileIndex, local: u8) -> Option<FeatureId> {
        (t.index() < self.board.tiles.len())
            .then(|| self.local_feature(t.0, local))
            .flatten()
            .map(FeatureId)
    }

    /// The first local feature of placed tile `t` that belongs to the set of
    /// feature `f` (the tile is part of that road, city or field), if any: one
    /// query instead of a `find` per feature of the tile.
    pub fn tile_feature_in(&self, t: TileIndex, f: FeatureId) -> Option<u8> {
        let r = self.feats.recs.get(f.index())?.parent;
        if let Some(l) = self.tile_feats(t).iter().position(|x| x.parent == r) {
            return Some(l as u8);
        }
        self.added_on(t.0)
            .map(|id| self.feats.recs[usize::from(id)])
            .find(|x| x.parent == r)
            .map(|x| x.local)
    }

    /// Whether placed tile `t` is part of a feature (road, city, field, …) on
    /// which one of `player`'s figures of `kind` stands (at a corner too): "does
    /// the placed tile extend a feature of mine?" in one query. `false` for ids
    /// that do not exist.
    pub fn tile_extends_figure_of(
        &self,
        t: TileIndex,
        player: PlayerId,
        kind: FigureKindId,
    ) -> bool {
        self.rules
            .kind_slots(kind)
            .is_some_and(|slots| self.tile_extends_slots(t, player, slots))
    }

    /// Whether the tile placed this turn extends a feature on which one of the
    /// current player's figures of plugin `plugin`'s kinds stands (the case
    /// that [`narrow::bits::FIGURE_STEP_EXTENDS_MINE`](crate::narrow::bits)
    /// keeps), checked every turn: out of line, so that the turn pipeline
    /// that asks it keeps its registers.
    #[inline(never)]
    pub(crate) fn placed_tile_extends_mine(&self, plugin: u8) -> bool {
        let Some(e) = self.rules.plugins.get(usize::from(plugin)) else {
            return false;
        };
        self.turn.last_tile != NONE16
            && self.tile_extends_slots(
                TileIndex(self.turn.last_tile),
                self.turn.current,
                e.player_slots,
            )
    }

    /// [`Game::tile_extends_figure_of`] for the figures in `player`'s slots
    /// `first..end` (a plugin's kinds own consecutive slots): each figure's
    /// root against the roots of the tile's feature records (a handful: plain
    /// loops with an early exit).
    #[inline(always)]
    fn tile_extends_slots(&self, t: TileIndex, player: PlayerId, (first, end): (u16, u16)) -> bool {
        if player.seat() >= self.players {
            return false;
        }
        let base = usize::from(player) * usize::from(self.rules.figs_per_player);
        let Some(figs) = self
            .figures
            .figs
            .get(base + usize::from(first)..base + usize::from(end))
        else {
            return false;
        };
        let feats = self.tile_feats(t);
        let added = || {
            self.added_on(t.0)
                .map(|id| &self.feats.recs[usize::from(id)])
        };
        figs.iter().any(|g| {
            // A figure in the supply stands on no feature (`NONE16`, no record).
            self.feats
                .recs
                .get(usize::from(g.feature))
                .is_some_and(|x| {
                    feats.iter().any(|y| y.parent == x.parent)
                        || (!self.added.feats.is_empty() && added().any(|y| y.parent == x.parent))
                })
        })
    }

    /// The records of the features of placed tile `t`'s type, by local index
    /// (empty for a tile that does not exist): they start at the tile's `base`
    /// (a tile and its type's features are appended together; features added
    /// at run time are found with [`Game::added_on`]).
    #[inline(always)]
    fn tile_feats(&self, t: TileIndex) -> &[Feat] {
        let Some(pt) = self.board.tiles.get(t.index()) else {
            return &[];
        };
        let start = usize::from(pt.base.0);
        let n = self.rules.tiles.types[pt.ty.index()].features.len();
        self.feats.recs.get(start..start + n).unwrap_or(&[])
    }

    /// The field feature of placed tile `t` that owns both half slots meeting at
    /// `corner` (board orientation), if one does: a *field corner* (the barn).
    pub fn corner_field(&self, t: TileIndex, corner: Corner) -> Option<FeatureId> {
        self.placed(t)?;
        let geom = self.geom_of(t.0);
        let (a, b) = corner.slots();
        let (fa, fb) = (geom.slot_feature[a], geom.slot_feature[b]);
        if fa == NO_FEATURE || fa != fb || self.local_kind(t.0, fa) != Some(FeatureKind::Field) {
            return None;
        }
        self.feature_of(t, fa)
    }

    /// The field of placed tile `t` at `corner` when the four tiles around that
    /// board point all exist and each has a field corner there (then the four
    /// corner pieces are one field): where a figure that needs four meeting
    /// field corners may stand (the barn).
    pub fn corner_meeting(&self, t: TileIndex, corner: Corner) -> Option<FeatureId> {
        let field = self.corner_field(t, corner)?;
        let p = self.tile_pos(t)?;
        let (dx, dy) = corner.diagonal();
        // The same point is, for the tile across x, our corner mirrored in x, etc.
        let i = corner as usize;
        let mirror_x = [Corner::NE, Corner::NW, Corner::SW, Corner::SE][i];
        let mirror_y = [Corner::SW, Corner::SE, Corner::NE, Corner::NW][i];
        let opposite = [Corner::SE, Corner::SW, Corner::NW, Corner::NE][i];
        for (q, c) in [
            (Pos::new(p.x + dx, p.y), mirror_x),
            (Pos::new(p.x, p.y + dy), mirror_y),
            (Pos::new(p.x + dx, p.y + dy), opposite),
        ] {
            self.corner_field(self.tile_at(q)?, c)?;
        }
        Some(field)
    }

    /// The group of local feature `local` of placed tile `t` in tile link `link`
    /// (a link id of the catalogue, see `View::my_link`), if it is in one.
    pub fn link_group(&self, t: TileIndex, link: u8, local: u8) -> Option<u8> {
        self.tile_type(t)?.link_group(link, local)
    }

    /// The groups of local feature `local` of placed tile `t` in tile link `link`,
    /// as a bit mask (a feature may be in several groups; 0: in none).
    pub fn link_groups(&self, t: TileIndex, link: u8, local: u8) -> u32 {
        self.tile_type(t)
            .map_or(0, |ty| ty.link_groups(link, local))
    }

    /// The board sides (bit `d` = [`Side`] `d`) that feature instance `f` reaches
    /// on its tile, in board orientation (0 for a cloister, a spot, an inner field).
    pub fn feature_sides(&self, f: FeatureId) -> Option<u8> {
        let ft = self.feats.recs.get(f.index())?;
        if !self.added.geoms.is_empty() {
            // A tile whose features changed: its geometry says.
            let g = self.geom_of(ft.tile);
            return Some((0..4).fold(0, |m, d| {
                m | u8::from(g.side_features[d].contains(&ft.local)) << d
            }));
        }
        let pt = self.placed(TileIndex(ft.tile))?;
        let printed = self
            .tile_type(TileIndex(ft.tile))?
            .features
            .get(ft.local as usize)?
            .sides;
        let r = u32::from(pt.rot.quarter_turns());
        Some((((u32::from(printed) << r) | (u32::from(printed) >> (4 - r))) & 0xF) as u8)
    }

    /// Number of feature instances on the board (ids are `0..feature_count()`).
    pub fn feature_count(&self) -> usize {
        self.feats.len()
    }

    /// The root (representative) of feature `f`'s set.
    #[inline]
    pub fn find(&self, f: FeatureId) -> Option<FeatureId> {
        (f.index() < self.feats.len()).then(|| FeatureId(self.feats.root(f.0)))
    }

    /// Kind of feature `f`.
    #[inline]
    pub fn feature_kind(&self, f: FeatureId) -> Option<FeatureKind> {
        self.feats.recs.get(f.index()).map(|x| x.kind)
    }

    /// Placed tile of feature instance `f`.
    #[inline]
    pub fn feature_tile(&self, f: FeatureId) -> Option<TileIndex> {
        self.feats.recs.get(f.index()).map(|x| TileIndex(x.tile))
    }

    /// Local index of feature instance `f` on its tile.
    #[inline]
    pub fn feature_local(&self, f: FeatureId) -> Option<u8> {
        self.feats.recs.get(f.index()).map(|x| x.local)
    }

    /// The compiled tile feature of feature instance `f`: `Some(None)` for a
    /// feature added at run time (it has no tile data).
    fn tile_feature(&self, f: FeatureId) -> Option<Option<&crate::tiles::TileFeature>> {
        let ft = self.feats.recs.get(f.index())?;
        Some(self.ty_of(ft.tile).features.get(ft.local as usize))
    }

    /// Marker mask of feature instance `f` (feature-level markers, e.g. pennant,
    /// garden; none on a feature added at run time).
    #[inline]
    pub fn feature_markers(&self, f: FeatureId) -> Option<u64> {
        self.tile_feature(f).map(|x| x.map_or(0, |x| x.markers))
    }

    /// How many times feature instance `f` carries the marker with bit `bit`.
    pub fn feature_marker_count(&self, f: FeatureId, bit: u64) -> Option<u32> {
        self.tile_feature(f)
            .map(|x| x.map_or(0, |x| x.marker_count(bit)))
    }

    /// How many times the whole set containing `f` carries the marker with bit
    /// `bit` (e.g. the wine symbols of a city, the pennants of a mayor's city).
    pub fn marker_count_in(&self, f: FeatureId, bit: u64) -> Option<u32> {
        let root = self.find(f)?;
        Some(
            self.members(root)
                .filter_map(|m| self.feature_marker_count(m, bit))
                .sum(),
        )
    }

    /// Open sides of the feature containing `f` (0: complete road/city, closed field).
    #[inline]
    pub fn open_sides(&self, f: FeatureId) -> Option<u16> {
        self.find(f).map(|r| self.feats.recs[r.index()].open)
    }

    /// Whether the feature containing `f` is complete (roads, cities: no open side;
    /// fields: closed; cloisters and spots: surrounded; barriers: never).
    pub fn is_complete(&self, f: FeatureId) -> Option<bool> {
        self.find(f)
            .map(|r| self.feats.recs[r.index()].kind != FeatureKind::Barrier && self.complete(r.0))
    }

    /// Occupying figures in the feature containing `f`.
    #[inline]
    pub fn occupants(&self, f: FeatureId) -> Option<u8> {
        self.find(f).map(|r| self.feats.recs[r.index()].occ)
    }

    /// Next member of the circular member list of `f`'s set (iterate from a root until back).
    #[inline]
    pub fn next_member(&self, f: FeatureId) -> Option<FeatureId> {
        self.feats.recs.get(f.index()).map(|x| FeatureId(x.next))
    }

    /// The member feature instances of the set containing `f`, starting at `f`
    /// (none for an id that does not exist).
    pub fn members(&self, f: FeatureId) -> impl Iterator<Item = FeatureId> + '_ {
        let mut cur = (f.index() < self.feats.len()).then_some(f.0);
        std::iter::from_fn(move || {
            let c = cur?;
            let n = self.feats.recs[c as usize].next;
            cur = (n != f.0).then_some(n);
            Some(FeatureId(c))
        })
    }

    /// First figure on feature instance `f` itself, if any.
    #[inline]
    pub fn first_figure_on(&self, f: FeatureId) -> Option<FigureId> {
        let g = self.feats.recs.get(f.index())?.figs;
        (g != NONE16).then_some(FigureId(g))
    }

    /// Next figure on the same feature instance as `fig`, if any.
    #[inline]
    pub fn next_figure(&self, fig: FigureId) -> Option<FigureId> {
        let g = self.figures.figs.get(fig.index())?.next;
        (g != NONE16).then_some(FigureId(g))
    }

    /// Figures standing on feature instance `f` itself (not the whole set).
    pub fn figures_on(&self, f: FeatureId) -> impl Iterator<Item = FigureId> + '_ {
        let mut cur = self.first_figure_on(f);
        std::iter::from_fn(move || {
            let c = cur?;
            cur = self.next_figure(c);
            Some(c)
        })
    }

    /// Figures standing anywhere in the set containing `f`.
    pub fn figures_in(&self, f: FeatureId) -> impl Iterator<Item = FigureId> + '_ {
        let root = self.find(f);
        root.into_iter()
            .flat_map(move |r| self.members(r))
            .flat_map(move |m| self.figures_on(m))
    }

    /// Figures standing on placed tile `t`: on its features, at its corners, or on
    /// the tile itself (a dragon), in figure order.
    pub fn figures_at_tile(&self, t: TileIndex) -> impl Iterator<Item = FigureId> + '_ {
        (0..self.figures.figs.len() as u16)
            .filter(move |&g| self.figures.figs[g as usize].tile == t.0)
            .map(FigureId)
    }

    /// Number of figures in the game, on the board or not (ids are
    /// `0..figure_count()`): every player's, then the neutral ones.
    pub fn figure_count(&self) -> usize {
        self.figures.figs.len()
    }

    /// Owner of figure `fig`; `None` for a neutral figure (or no such figure).
    #[inline]
    pub fn figure_owner(&self, fig: FigureId) -> Option<PlayerId> {
        (fig.index() < self.figures.figs.len())
            .then(|| self.owner_of(fig.0))
            .flatten()
    }

    /// Kind of figure `fig`.
    #[inline]
    pub fn figure_kind(&self, fig: FigureId) -> Option<FigureKindId> {
        (fig.index() < self.figures.figs.len()).then(|| self.kind_of(fig.0))
    }

    /// Where figure `fig` is: on the board, held by a player or in an area;
    /// `None` in its owner's supply (off the board for a neutral figure).
    #[inline]
    pub fn figure_location(&self, fig: FigureId) -> Option<Location> {
        (fig.index() < self.figures.figs.len())
            .then(|| self.location_of(fig.0))
            .flatten()
    }

    /// The feature instance figure `fig` stands on (at a corner too), if any.
    #[inline]
    pub fn figure_feature(&self, fig: FigureId) -> Option<FeatureId> {
        self.figure_location(fig)?.feature()
    }

    /// The placed tile figure `fig` stands on, if on the board.
    #[inline]
    pub fn figure_tile(&self, fig: FigureId) -> Option<TileIndex> {
        let t = self.figures.figs.get(fig.index())?.tile;
        (t != NONE16).then_some(TileIndex(t))
    }

    /// Whether `player` has a follower (a figure of a follower kind; no special
    /// figure) anywhere in the feature containing `f`: the condition of figures
    /// that need their owner's follower, such as a builder or a pig. A look at
    /// the player's figures, not a walk over the feature. `None` for a feature
    /// that does not exist; `false` for a seat beyond the table.
    pub fn has_follower_in(&self, player: PlayerId, f: FeatureId) -> Option<bool> {
        let root = self.find(f)?.0;
        if player.seat() >= self.players {
            return Some(false);
        }
        let per = usize::from(self.rules.figs_per_player);
        let first = player.index() * per;
        let figs = self.figures.figs.get(first..first + per).unwrap_or(&[]);
        Some((first..).zip(figs).any(|(g, x)| {
            x.feature != NONE16
                && self.feats.root(x.feature) == root
                && self.rules.figures[self.kind_of(g as u16).index()].follower
        }))
    }

    /// Figures of `kind` in `player`'s supply (0 for a seat or kind that does not exist).
    #[inline]
    pub fn supply(&self, player: PlayerId, kind: FigureKindId) -> u8 {
        if player.seat() >= self.players {
            return 0;
        }
        self.supply_of(player, kind)
    }

    /// The drawn tile waiting to be placed, if any.
    pub fn drawn_tile(&self) -> Option<TileTypeId> {
        (self.turn.drawn != NONE16).then_some(TileTypeId(self.turn.drawn))
    }

    /// The tile placed this turn, if any; once the game is over (or ending), the
    /// last tile placed.
    pub fn last_placed(&self) -> Option<TileIndex> {
        (self.turn.last_tile != NONE16).then_some(TileIndex(self.turn.last_tile))
    }

    /// Tiles left in the bag.
    pub fn bag_len(&self) -> usize {
        self.bag.tiles.len()
    }

    /// Copies of tile type `ty` in the bag (0 for a type not in the game).
    pub fn bag_count(&self, ty: TileTypeId) -> u32 {
        self.bag.count(ty)
    }

    /// Tiles left in the bag, by type (unordered multiset as a slice).
    pub fn bag(&self) -> &[TileTypeId] {
        &self.bag.tiles
    }

    /// Tiles in `player`'s hand: those dealt at setup (e.g. his abbey), in
    /// type order, then those given at run time (`Cx::give_lot_tile`), in the
    /// order given.
    pub fn hand(&self, player: PlayerId) -> impl Iterator<Item = TileTypeId> + '_ {
        self.bag
            .hands
            .iter()
            .chain(&self.bag.given)
            .filter(move |(p, _)| *p == player)
            .map(|&(_, t)| t)
    }

    /// Copies of tile type `tile` in `player`'s hand (dealt or given).
    pub fn hand_count(&self, player: PlayerId, tile: TileTypeId) -> u32 {
        self.bag
            .hands
            .iter()
            .chain(&self.bag.given)
            .filter(|&&h| h == (player, tile))
            .count() as u32
    }

    /// Tiles taken face down (hidden from players).
    pub fn hidden_tiles(&self) -> &[TileTypeId] {
        &self.bag.hidden
    }

    /// Tiles set aside because they fit nowhere.
    pub fn set_aside_tiles(&self) -> &[TileTypeId] {
        &self.bag.set_aside
    }

    /// The pending steps (top of the stack last).
    pub fn pending_steps(&self) -> &[Step] {
        &self.turn.pending
    }

    /// The state block of plugin `plugin` in scope `words` (per scope: game, or entity
    /// `i` of `entities`), or `None` if it does not exist.
    #[inline]
    fn state_block<'a>(
        &self,
        data: &'a [u32],
        plugin: u8,
        scope: fn(&crate::rules::StateWords) -> u32,
        entity: usize,
    ) -> Option<&'a [u32]> {
        let e = self.rules.plugins.get(plugin as usize)?;
        let stride = scope(&self.rules.state) as usize;
        let o = entity * stride + scope(&e.offsets) as usize;
        data.get(o..o + scope(&e.decl.state) as usize)
    }

    /// Plugin `plugin`'s per-game state words.
    #[inline]
    pub fn plugin_state(&self, plugin: u8) -> Option<&[u32]> {
        self.state_block(&self.words.game, plugin, |s| s.game, 0)
    }

    /// Plugin `plugin`'s state words for `player`.
    #[inline]
    pub fn plugin_player_state(&self, plugin: u8, player: PlayerId) -> Option<&[u32]> {
        if player.seat() >= self.players {
            return None;
        }
        self.state_block(&self.words.player, plugin, |s| s.player, player.index())
    }

    /// Plugin `plugin`'s state words for feature instance `f` (keep set-wide data at
    /// the root, [`Game::find`]).
    #[inline]
    pub fn plugin_feature_state(&self, plugin: u8, f: FeatureId) -> Option<&[u32]> {
        if f.index() >= self.feats.len() {
            return None;
        }
        self.state_block(&self.words.feature, plugin, |s| s.feature, f.index())
    }

    /// Plugin `plugin`'s state words for figure `fig`.
    #[inline]
    pub fn plugin_figure_state(&self, plugin: u8, fig: FigureId) -> Option<&[u32]> {
        self.state_block(&self.words.figure, plugin, |s| s.figure, fig.index())
    }

    /// Plugin `plugin`'s state words for placed tile `t`.
    #[inline]
    pub fn plugin_tile_state(&self, plugin: u8, t: TileIndex) -> Option<&[u32]> {
        if t.index() >= self.board.tiles.len() {
            return None;
        }
        self.state_block(&self.words.tile, plugin, |s| s.tile, t.index())
    }

    /// Whether figure kind `kind` may be deployed at `at` under the shared rule: the
    /// kind may stand on that feature kind (`stands_on`, or a feature a plugin
    /// hosts for a plain kind), no farmer when farmers are off, an unoccupied
    /// feature for a kind that occupies, and no plugin vetoes it
    /// (`filter_figure_options`). Never into a player's hold. Supplies and whose
    /// turn it is are not checked.
    pub fn may_deploy(&self, kind: FigureKindId, at: Location) -> Result<bool, HookError> {
        if !self.valid_location(at)
            || kind.index() >= self.rules.figures.len()
            || matches!(at, Location::Held(_))
        {
            return Ok(false);
        }
        if let Some(f) = at.feature() {
            if !self.may_stand(kind, f.0) {
                return Ok(false);
            }
        }
        self.allowed_by_plugins(FigureOption::Deploy { kind, at })
    }

    /// Whether figure `fig` is on the board and protected (`Cx::set_protected`):
    /// rules that remove figures (a dragon, a princess, a capture) leave it.
    #[inline]
    pub fn figure_protected(&self, fig: FigureId) -> bool {
        self.figures
            .figs
            .get(fig.index())
            .is_some_and(|r| r.tile != NONE16 && r.aux & figures::PROTECTED != 0)
    }

    /// Figures held by `player` (prisoners: `Location::Held`), in figure order.
    pub fn figures_held_by(&self, player: PlayerId) -> impl Iterator<Item = FigureId> + '_ {
        (0..self.figures.figs.len() as u16)
            .map(FigureId)
            .filter(move |&g| self.location_of(g.0) == Some(Location::Held(player)))
    }

    /// Figures in area `area`, in figure order.
    pub fn figures_in_area(&self, area: AreaId) -> impl Iterator<Item = FigureId> + '_ {
        (0..self.figures.figs.len() as u16)
            .map(FigureId)
            .filter(move |&g| self.location_of(g.0) == Some(Location::Area(area)))
    }

    /// Number of areas in the ruleset (ids are `0..area_count()`).
    pub fn area_count(&self) -> usize {
        self.rules.areas.len()
    }

    /// Name of area `area`, as its plugin declares it.
    pub fn area_name(&self, area: AreaId) -> Option<&str> {
        self.rules.areas.get(area.index()).map(|(n, _)| n.as_str())
    }

    /// Whether the feature containing `f` is withheld: the core never scores it
    /// (tile data `scored = false`, `Cx::withhold_feature`).
    pub fn feature_withheld(&self, f: FeatureId) -> Option<bool> {
        self.find(f)
            .map(|r| self.feats.recs[r.index()].flags & features::WITHHELD != 0)
    }

    /// The completed features (roots) this turn's scoring step scores and has
    /// not scored yet, in order: in `before_scoring`, every feature about to be
    /// scored (withheld ones are left out); empty once the step is over.
    pub fn pending_scorings(&self) -> &[FeatureId] {
        self.turn
            .done
            .get(usize::from(self.turn.scored)..)
            .unwrap_or(&[])
    }

    /// Points `player` paid to other players by transfers (`Cx::transfer_score`)
    /// so far, in all (0 for a seat beyond the table): a score falls only by
    /// as much under rules that never take points away.
    pub fn transferred_out(&self, player: PlayerId) -> i32 {
        self.turn
            .transferred
            .get(usize::from(player))
            .copied()
            .unwrap_or(0)
    }

    /// Whether events are being logged.
    #[inline]
    pub fn logging(&self) -> bool {
        self.log.on
    }

    /// Turns the event log on or off.
    pub fn set_logging(&mut self, on: bool) {
        self.log.on = on;
    }

    /// Drains the event log.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.log.events)
    }
}
