//! Queries on features: kinds, members, sides, markers, occupants, and
//! whether a tile extends a player's feature.

use super::super::*;
use crate::tiles::NO_FEATURE;

impl Game {
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
        if !self.may_have_added(t.0) {
            return None;
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

    /// Whether the tile placed this turn is part of a feature on which a
    /// figure of plugin `plugin`'s kinds stands, anyone's or a neutral one
    /// (the case that [`narrow::bits::TURN_END_TOUCHES_MINE`](crate::narrow::bits)
    /// keeps), checked at every turn's end: a look at the plugin's figure
    /// slots (usually none on the board: a load each), and for each figure on
    /// the board its root against the roots of the tile's feature records.
    /// Plain loops over slices: an iterator chain that gathered the roots
    /// first cost about 230 instructions per check.
    #[inline(never)]
    pub(crate) fn placed_tile_touches_mine(&self, plugin: u8) -> bool {
        let t = self.turn.last_tile;
        let Some(e) = self.rules.plugins.get(usize::from(plugin)) else {
            return false;
        };
        if t == NONE16 {
            return false;
        }
        let recs = &self.feats.recs;
        let feats = self.tile_feats(TileIndex(t));
        let added = self.may_have_added(t);
        // A figure off the board stands on no feature (`NONE16`, no record).
        let touches = |g: &crate::game::figures::Fig| {
            let Some(x) = recs.get(usize::from(g.feature)) else {
                return false;
            };
            let r = x.parent;
            feats.iter().any(|y| y.parent == r)
                || (added
                    && self
                        .added_on(t)
                        .any(|id| recs.get(usize::from(id)).is_some_and(|y| y.parent == r)))
        };
        let figs = &self.figures.figs;
        let per = usize::from(self.rules.figs_per_player);
        let (first, end) = (usize::from(e.player_slots.0), usize::from(e.player_slots.1));
        if first < end {
            for p in 0..usize::from(self.players) {
                let mine = figs.get(p * per + first..p * per + end).unwrap_or(&[]);
                if mine.iter().any(touches) {
                    return true;
                }
            }
        }
        let neutral = per * usize::from(self.players);
        let (nfirst, nend) = (
            usize::from(e.neutral_slots.0),
            usize::from(e.neutral_slots.1),
        );
        nfirst < nend
            && figs
                .get(neutral + nfirst..neutral + nend)
                .unwrap_or(&[])
                .iter()
                .any(touches)
    }

    /// [`Game::tile_extends_figure_of`] for the figures in `player`'s slots
    /// `first..end` (a plugin's kinds own consecutive slots): each figure's
    /// root against the roots of the tile's feature records (a handful: plain
    /// loops with an early exit).
    #[inline(always)]
    pub(super) fn tile_extends_slots(
        &self,
        t: TileIndex,
        player: PlayerId,
        (first, end): (u16, u16),
    ) -> bool {
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
        let recs = &self.feats.recs;
        // A figure in the supply stands on no feature (`NONE16`, no record).
        let root =
            |g: &crate::game::figures::Fig| recs.get(usize::from(g.feature)).map(|x| x.parent);
        if figs
            .iter()
            .any(|g| root(g).is_some_and(|r| feats.iter().any(|y| y.parent == r)))
        {
            return true;
        }
        // The features added to the tile in a second pass, only when it may
        // have some: usually it has none.
        self.may_have_added(t.0)
            && figs.iter().any(|g| {
                root(g).is_some_and(|r| {
                    self.added_on(t.0)
                        .any(|id| recs.get(usize::from(id)).is_some_and(|y| y.parent == r))
                })
            })
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
        let p = self.tile_pos(t)?;
        // The three other tiles first (a grid look-up each): usually one of
        // them is missing, and no corner's field is worked out.
        let others = self.corner_others(p, corner)?;
        let field = self.corner_field(t, corner)?;
        for (q, c) in others {
            self.corner_field(q, c)?;
        }
        Some(field)
    }

    /// The three other tiles around the board point at `corner` of the
    /// square `p`, each with its corner at that point (the tile across x has
    /// our corner mirrored in x, etc.); `None` if one is missing.
    #[inline]
    fn corner_others(&self, p: Pos, corner: Corner) -> Option<[(TileIndex, Corner); 3]> {
        let (dx, dy) = corner.diagonal();
        let i = corner as usize;
        let mirror_x = [Corner::NE, Corner::NW, Corner::SW, Corner::SE][i];
        let mirror_y = [Corner::SW, Corner::SE, Corner::NE, Corner::NW][i];
        let opposite = [Corner::SE, Corner::SW, Corner::NW, Corner::NE][i];
        Some([
            (self.tile_at(Pos::new(p.x + dx, p.y))?, mirror_x),
            (self.tile_at(Pos::new(p.x, p.y + dy))?, mirror_y),
            (self.tile_at(Pos::new(p.x + dx, p.y + dy))?, opposite),
        ])
    }

    /// The corners of placed tile `t` (bit `c`: [`Corner`] `c`, NW NE SE SW)
    /// at which [`Game::corner_meeting`] finds a field: the four corners in one
    /// query (0 for a tile that does not exist).
    pub fn corner_meetings(&self, t: TileIndex) -> u8 {
        let Some(p) = self.tile_pos(t) else {
            return 0;
        };
        // A corner needs the tiles on its two sides: the four sides read at
        // once, the corners without them passed over (usually all four).
        let beside = self.tiles_beside(p);
        Corner::ALL.iter().fold(0, |m, &c| {
            let i = c as u8;
            // Corner `i` lies between sides `i - 1` and `i` (NW: W and N).
            let sides = 1 << i | 1 << ((i + 3) & 3);
            // The diagonal tile, then the own corner's field, then the other
            // corners' (the position read once: `corner_meeting`'s test).
            let meets = beside & sides == sides
                && self.corner_others(p, c).is_some_and(|others| {
                    self.corner_field(t, c).is_some()
                        && others
                            .iter()
                            .all(|&(q, k)| self.corner_field(q, k).is_some())
                });
            m | u8::from(meets) << i
        })
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
    pub(super) fn tile_feature(&self, f: FeatureId) -> Option<Option<&crate::tiles::TileFeature>> {
        let ft = self.feats.recs.get(f.index())?;
        Some(self.ty_of(ft.tile).features.get(ft.local as usize))
    }

    /// What the log and the notation call feature instance `f`: its name in
    /// the tile data (a shrine), a spot's marker (a garden) or its kind
    /// ([`TileCatalogue::feature_name`](crate::tiles::TileCatalogue::feature_name));
    /// a feature added at run time by its kind.
    pub fn feature_name(&self, f: FeatureId) -> Option<String> {
        let ft = self.feats.recs.get(f.index())?;
        let ty = self.board.tiles.get(usize::from(ft.tile))?.ty;
        self.rules
            .tiles
            .feature_name(ty, ft.local)
            .or_else(|| Some(ft.kind.to_string()))
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

    /// Whether the feature containing `f` is withheld: the core never scores it
    /// (tile data `scored = false`, `Cx::withhold_feature`).
    pub fn feature_withheld(&self, f: FeatureId) -> Option<bool> {
        self.find(f)
            .map(|r| self.feats.recs[r.index()].flags & features::WITHHELD != 0)
    }

    /// Whether the feature containing `f`, once completed, counts as a city
    /// for farmers (`false` once a plugin excluded it:
    /// `Cx::exclude_from_farmers`; a road or a field is never a city for
    /// farmers, but the mark is kept whatever the kind).
    pub fn counts_for_farmers(&self, f: FeatureId) -> Option<bool> {
        self.find(f)
            .map(|r| self.feats.recs[r.index()].flags & features::NOT_FOR_FARMERS == 0)
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
}
