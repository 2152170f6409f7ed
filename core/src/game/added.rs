//! Features added to placed tiles at run time ([`Added`]): a bridge's road.
//!
//! Tile data stays immutable per type; a placed tile whose features a plugin
//! changed gets a geometry of its own ([`Game::geom_of`]), and each added
//! feature a record of its own (its local index follows the type's features).
//! The operation ([`Game::add_tile_feature`]) takes the slots from their
//! owners without splitting or joining them, gives the sides it touches their
//! kind again (a field side whose middle slot a road takes becomes a road
//! side for later matching; the frontier follows), joins the new feature with
//! the features it meets across its sides, and queues what it completes for
//! this turn's scoring. A tile placed with a piece (`Placement::piece`) gets
//! its feature before its sides are joined ([`Game::place_with_piece`]).
//!
//! While no feature was ever added the board reads tile types only: every
//! look-up here first tests whether the lists are empty.

use super::*;
use crate::tiles::{edge_of, slot_kind, RotGeom, NO_FEATURE};

/// A feature added to a placed tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct AddedFeat {
    /// Its feature id.
    pub(super) id: u16,
    /// The placed tile it belongs to.
    pub(super) tile: u16,
    /// Its kind.
    pub(super) kind: FeatureKind,
}

state! {
    /// The features added to placed tiles of a [`Game`].
    #[derive(Debug, PartialEq)]
    pub(super) struct Added {
        /// The placed tiles whose features changed, with their geometry now
        /// (board orientation), in the order first changed.
        pub(super) geoms: Vec<(u16, RotGeom)>,
        /// By placed tile, 1 + the index of its entry in `geoms` (0: none;
        /// shorter than the board when the last tiles have none): a look-up
        /// without a walk of `geoms` (issue 27).
        pub(super) at: Vec<u16>,
        /// The added features, in the order added.
        pub(super) feats: Vec<AddedFeat>,
        /// How many of `geoms` have sides that are not plain
        /// ([`RotGeom::plain_sides`]; `Game::plain_board`).
        pub(super) odd: u16,
    }
}

impl Added {
    /// No feature added (see [`Added::reset`]).
    pub(super) fn new() -> Added {
        Added {
            geoms: Vec::new(),
            at: Vec::new(),
            feats: Vec::new(),
            odd: 0,
        }
    }

    /// No feature added, reusing the buffers.
    pub(super) fn reset(&mut self) {
        self.geoms.clear();
        self.at.clear();
        self.feats.clear();
        self.odd = 0;
    }

    /// The changed geometry of placed tile `t`, if it has one.
    #[inline]
    pub(super) fn geom(&self, t: u16) -> Option<&RotGeom> {
        let i = *self.at.get(usize::from(t))?;
        self.geoms
            .get(usize::from(i).wrapping_sub(1))
            .map(|(_, g)| g)
    }

    /// Sets the geometry of placed tile `t`.
    fn set_geom(&mut self, t: u16, g: RotGeom) {
        let odd = |g: &RotGeom| u16::from(!g.plain_sides());
        self.odd += odd(&g);
        let i = usize::from(self.at.get(usize::from(t)).copied().unwrap_or(0));
        match self.geoms.get_mut(i.wrapping_sub(1)) {
            Some(e) => {
                self.odd -= odd(&e.1);
                e.1 = g;
            }
            None => {
                let t = usize::from(t);
                if self.at.len() <= t {
                    self.at.resize(t + 1, 0);
                }
                self.geoms.push((t as u16, g));
                self.at[t] = self.geoms.len() as u16;
            }
        }
    }
}

/// Kind of a local feature of a tile (`None`: no such feature).
type KindOf<'a> = &'a dyn Fn(u8) -> Option<FeatureKind>;

/// `geom` with local feature `local` of kind `kind` owning board slots
/// `slots` (taken from their owners): the sides it touches list their
/// features and get their kind again (city if a slot is a city's, else road
/// if one is a road's, else field).
pub(super) fn with_feature(
    geom: &RotGeom,
    local: u8,
    kind: FeatureKind,
    slots: u16,
    kind_of: KindOf<'_>,
) -> RotGeom {
    let mut g = geom.clone();
    for (s, f) in g.slot_feature.iter_mut().enumerate() {
        if slots & (1 << s) != 0 {
            *f = local;
            g.slot_kinds[s] = slot_kind(Some(kind));
        }
    }
    for d in 0..4 {
        if (slots >> (3 * d)) & 7 == 0 {
            continue;
        }
        let owners = [0, 1, 2].map(|i| g.slot_feature[3 * d + i]);
        let mut v = [NO_FEATURE; 3];
        let mut n = 0;
        for f in owners {
            if f != NO_FEATURE && !v[..n].contains(&f) {
                v[n] = f;
                n += 1;
            }
        }
        g.side_features[d] = v;
        let kinds = owners.map(|f| match f {
            NO_FEATURE => None,
            f if f == local => Some(kind),
            f => kind_of(f),
        });
        g.edges[d] = edge_of(kinds);
    }
    g.code = g
        .edges
        .iter()
        .enumerate()
        .fold(0u8, |c, (d, e)| c | (*e as u8) << (2 * d));
    g
}

/// Whether side `d` of a tile with geometry `a` fits the facing side of a tile
/// with geometry `b` across it: the side kinds fit, and every pair of slots
/// that meet belong to features of one kind (or to nobody).
#[inline]
pub(super) fn sides_fit(a: &RotGeom, d: usize, b: &RotGeom) -> bool {
    let f = (d + 2) & 3;
    if !a.edges[d].fits(b.edges[f]) {
        return false;
    }
    // The three pairs written out: no loop to call (issue 27).
    let meet = |i: usize| {
        let (x, y) = (a.slot_kinds[3 * d + i], b.slot_kinds[3 * f + 2 - i]);
        x == 0 || y == 0 || x == y
    };
    meet(0) && meet(1) && meet(2)
}

/// Whether a feature of `kind` on `slots` may be added at all.
pub(super) fn addable(kind: FeatureKind, slots: u16) -> bool {
    slots != 0 && slots < 1 << SLOTS && !kind.is_centre()
}

impl Game {
    /// The geometry of placed tile `t` (a valid index) now: its type's under
    /// its rotation, with the features added to it.
    #[inline]
    pub(super) fn geom_of(&self, t: u16) -> &RotGeom {
        if !self.added.geoms.is_empty() {
            if let Some(g) = self.added.geom(t) {
                return g;
            }
        }
        let pt = &self.board.tiles[t as usize];
        &self.rules.tiles.types[pt.ty.index()].rot[pt.rot.index()]
    }

    /// The geometry of placed tile `t` now, in board orientation: its type's
    /// under its rotation, with the features plugins added to it (a bridge).
    pub fn placed_geometry(&self, t: TileIndex) -> Option<&RotGeom> {
        (t.index() < self.board.tiles.len()).then(|| self.geom_of(t.0))
    }

    /// The feature ids added to placed tile `t`, in the order added.
    #[inline]
    pub(super) fn added_on(&self, t: u16) -> impl Iterator<Item = u16> + '_ {
        self.added
            .feats
            .iter()
            .filter(move |a| a.tile == t)
            .map(|a| a.id)
    }

    /// Whether a feature may have been added to placed tile `t` (`false` for
    /// an index that is no placed tile): a test of the last added feature
    /// before a walk of [`Game::added_on`]. The added features' ids grow in
    /// the order they are added, and one added to `t` comes after `t`'s own
    /// records, so a tile placed after the last feature was added (usually
    /// the tile placed this turn) has none.
    #[inline(always)]
    pub(super) fn may_have_added(&self, t: u16) -> bool {
        self.added.feats.last().is_some_and(|a| {
            self.board
                .tiles
                .get(usize::from(t))
                .is_some_and(|pt| a.id >= pt.base.0)
        })
    }

    /// The number of features of placed tile `t` (valid): its type's and the
    /// added ones.
    pub(super) fn local_count(&self, t: u16) -> usize {
        let n = self.ty_of(t).features.len();
        if self.added.feats.is_empty() {
            n
        } else {
            n + self.added_on(t).count()
        }
    }

    /// The feature id of local feature `local` of placed tile `t` (valid).
    pub(super) fn local_feature(&self, t: u16, local: u8) -> Option<u16> {
        let n = self.ty_of(t).features.len();
        if usize::from(local) < n {
            return Some(self.board.tiles[t as usize].base.0 + u16::from(local));
        }
        self.added_on(t)
            .find(|&id| self.feats.recs[id as usize].local == local)
    }

    /// The kind of local feature `local` of placed tile `t` (valid).
    #[inline]
    pub(super) fn local_kind(&self, t: u16, local: u8) -> Option<FeatureKind> {
        // A type's feature keeps its kind on the board (its record's).
        if let Some(f) = self.ty_of(t).features.get(usize::from(local)) {
            return Some(f.kind);
        }
        self.local_feature(t, local)
            .map(|id| self.feats.recs[id as usize].kind)
    }

    /// The board sides (bit `d`) that local feature `local` reaches in `geom`.
    fn sides_in(geom: &RotGeom, local: u8) -> u8 {
        (0..4).fold(0, |m, d| {
            m | u8::from(geom.side_features[d].contains(&local)) << d
        })
    }

    /// Adds a feature of `kind` owning board slots `slots` to placed tile `t`
    /// (see the module documentation), for plugin `plugin`. `Ok(None)` and no
    /// change when it cannot be added: no such tile, no slot, a cloister or
    /// spot, too many features, or a side it changes would no longer fit the
    /// tile across it (a feature may only meet a feature of its own kind).
    pub(crate) fn add_tile_feature(
        &mut self,
        t: TileIndex,
        kind: FeatureKind,
        slots: u16,
        plugin: u8,
    ) -> Result<Option<FeatureId>, HookError> {
        if t.index() >= self.board.tiles.len() || !addable(kind, slots) {
            return Ok(None);
        }
        let Some(geom) = self.geom_if_added(t.0, kind, slots, None) else {
            return Ok(None);
        };
        self.add_feature_with(t.0, kind, slots, geom, plugin)
            .map(Some)
    }

    /// The geometry of placed tile `t` with a feature of `kind` on `slots`
    /// added, if every side it changes still fits the placed tile across it
    /// (`but`: a tile about to be placed, at that position with that geometry
    /// and kinds, counts as placed). `None` if the feature does not fit.
    pub(super) fn geom_if_added(
        &self,
        t: u16,
        kind: FeatureKind,
        slots: u16,
        but: Option<(Pos, &RotGeom)>,
    ) -> Option<RotGeom> {
        let g = self.geom_if_added_unchecked(t, kind, slots)?;
        self.added_sides_fit(t, &g, slots, but).then_some(g)
    }

    /// The geometry of placed tile `t` with a feature of `kind` on `slots`
    /// added, before the check of the sides it changes
    /// ([`Game::added_sides_fit`]); `None` if the tile or the game holds no
    /// more features.
    pub(super) fn geom_if_added_unchecked(
        &self,
        t: u16,
        kind: FeatureKind,
        slots: u16,
    ) -> Option<RotGeom> {
        let local = self.local_count(t);
        if local >= usize::from(NO_FEATURE) || self.feats.len() + 1 >= crate::rules::MAX_FEATURES {
            return None;
        }
        let local = local as u8;
        let kinds = |l: u8| {
            if l == local {
                Some(kind)
            } else {
                self.local_kind(t, l)
            }
        };
        Some(with_feature(self.geom_of(t), local, kind, slots, &kinds))
    }

    /// Whether every side of placed tile `t` that a feature on `slots`
    /// changes still fits the placed tile across it, `g` being its geometry
    /// with the feature (`but`: a tile about to be placed, at that position
    /// with that geometry, counts as placed).
    pub(super) fn added_sides_fit(
        &self,
        t: u16,
        g: &RotGeom,
        slots: u16,
        but: Option<(Pos, &RotGeom)>,
    ) -> bool {
        let pos = self.board.tiles[t as usize].pos;
        (0..4).all(|d| {
            if (slots >> (3 * d)) & 7 == 0 {
                return true;
            }
            let q = pos.step(Side::from_index(d));
            match (but, self.board.tile_at(q)) {
                (Some((p, bg)), _) if p == q => sides_fit(g, d, bg),
                (_, Some(n)) => sides_fit(g, d, self.geom_of(n.0)),
                _ => true,
            }
        })
    }

    /// Adds the feature to placed tile `t` whose geometry with it is `geom`
    /// (checked to fit): its record, the slots taken, the sides' kinds and the
    /// frontier, the unions across its sides, the completions.
    pub(super) fn add_feature_with(
        &mut self,
        t: u16,
        kind: FeatureKind,
        slots: u16,
        geom: RotGeom,
        plugin: u8,
    ) -> Result<FeatureId, HookError> {
        let old = self.geom_of(t).clone();
        let local = self.local_count(t) as u8;
        let pos = self.board.tiles[t as usize].pos;
        let id = self.feats.len() as u16;
        let facing_tile = |g: &Game, d: usize| g.board.tile_at(pos.step(Side::from_index(d)));
        // The features that lose a side they reached: one open side fewer.
        let mut touched = Vec::new();
        for d in 0..4 {
            for &l in &old.side_features[d] {
                if l == NO_FEATURE || geom.side_features[d].contains(&l) {
                    continue;
                }
                if let Some(f) = self.local_feature(t, l) {
                    touched.push(f);
                    if facing_tile(self, d).is_none() {
                        let r = self.feats.root(f) as usize;
                        self.feats.recs[r].open -= 1;
                    }
                }
            }
        }
        let sides = Self::sides_in(&geom, local);
        let open = (0..4)
            .filter(|&d| sides & (1 << d) != 0 && facing_tile(self, d).is_none())
            .count() as u16;
        self.feats.recs.push(Feat {
            parent: id,
            next: id,
            open,
            tile: t,
            figs: NONE16,
            occ: 0,
            kind,
            local,
            pennants: 0,
            flags: 0,
        });
        let fw = self.rules.state.feature as usize;
        self.words.feature.resize(self.words.feature.len() + fw, 0);
        self.added.feats.push(AddedFeat { id, tile: t, kind });
        // The sides whose kind changed: the frontier cell across asks for it.
        for d in 0..4 {
            if geom.edges[d] == old.edges[d] {
                continue;
            }
            let c = self.board.cell(pos.step(Side::from_index(d)));
            if c & FRONTIER_BIT != 0 {
                if let Some(fr) = self.board.frontier.get_mut(usize::from(c & !FRONTIER_BIT)) {
                    let shift = 2 * ((d + 2) & 3);
                    let was_req = fr.req;
                    fr.req = fr.req & !(3 << shift) | (geom.edges[d] as u8) << shift;
                    let req = fr.req;
                    let was = fr.bars != 0;
                    fr.bars = fr.bars & !(15 << (2 * shift)) | super::place::facing_bar(&geom, d);
                    match (was, fr.bars != 0) {
                        (false, true) => self.board.barred += 1,
                        (true, false) => self.board.barred -= 1,
                        _ => {}
                    }
                    if let Some(rows) = &self.rules.fit_rows {
                        self.board.fits_move(rows, was_req, req);
                    }
                }
            }
        }
        self.added.set_geom(t, geom);
        self.scratch.forget();
        // Joined with what it meets across its sides.
        let merge = self.wants(hook::FEATURES_MERGED);
        for d in 0..4 {
            if sides & (1 << d) == 0 {
                continue;
            }
            let Some(n) = facing_tile(self, d) else {
                continue;
            };
            let facing = (d + 2) & 3;
            for i in 0..3 {
                if slots & (1 << (3 * d + i)) == 0 {
                    continue;
                }
                let b = self.geom_of(n.0).slot_feature[3 * facing + 2 - i];
                let Some(other) = (b != NO_FEATURE)
                    .then(|| self.local_feature(n.0, b))
                    .flatten()
                else {
                    continue;
                };
                if merge {
                    self.union::<true>(id, other)?;
                } else {
                    self.union::<false>(id, other)?;
                }
            }
        }
        self.emit(|| Event::FeatureAdded { plugin, pos, kind });
        if self.turn.drawn != NONE16 {
            self.turn.drawn_fits = self.drawn_placement_count(TileTypeId(self.turn.drawn))?;
        }
        touched.push(id);
        for f in touched {
            if !self.drop_if_emptied(t, f)? {
                self.completed_by_change(f)?;
            }
        }
        Ok(FeatureId(id))
    }

    /// Whether feature instance `f` of placed tile `t`, which a feature added
    /// to the tile took a side of, was left with no slot at all (a road's
    /// only end, which a ferry covers) and alone in its set: it is then gone
    /// from the board, withheld (never completed, queued or scored), closed
    /// to deployments and no city for farmers, and the figures on it go
    /// home. One joined to others stays in their set (it adds no side and no
    /// tile of its own).
    fn drop_if_emptied(&mut self, t: u16, f: u16) -> Result<bool, HookError> {
        let Some(&rec) = self.feats.recs.get(usize::from(f)) else {
            return Ok(false);
        };
        let alone = rec.parent == f && rec.next == f;
        if !alone || !rec.kind.closes() || rec.tile != t {
            return Ok(false);
        }
        if self.geom_of(t).slot_feature.contains(&rec.local) {
            return Ok(false);
        }
        self.withhold(FeatureId(f));
        // Gone: no deployment into it, and no city for farmers either.
        self.feats.recs[usize::from(f)].flags |= features::CLOSED | features::NOT_FOR_FARMERS;
        let on: Vec<FigureId> = self.figures_on(FeatureId(f)).collect();
        for g in on {
            self.return_figure(g)?;
        }
        Ok(true)
    }

    /// Queues the set of `f` if a change of the board completed it: for this
    /// turn's scoring step (closed fields: for `field_closed`), or, once that
    /// step is over, scored (reported) at once.
    fn completed_by_change(&mut self, f: u16) -> HookResult {
        let r = self.feats.root(f);
        let ft = self.feats.recs[r as usize];
        if ft.open != 0 || ft.kind.is_centre() {
            return Ok(());
        }
        let stage = self.turn.stage;
        let before_scoring = matches!(
            stage,
            Stage::TurnStart
                | Stage::Draw
                | Stage::Drawn
                | Stage::Place
                | Stage::Placed
                | Stage::Figure
                | Stage::Figured
                | Stage::BeforeScoring
                | Stage::Score
        );
        let root = FeatureId(r);
        if ft.kind == FeatureKind::Field {
            if before_scoring || stage == Stage::Closed {
                self.push_complete(root, ft.kind);
            } else if !self.turn.closed.contains(&root) {
                self.turn.closed.push(root);
                dispatch!(self, hook::FIELD_CLOSED, |h, cx| h.field_closed(cx, root));
            }
        } else if before_scoring {
            self.push_complete(root, ft.kind);
        } else if !self.turn.done.contains(&root) {
            self.turn.done.push(root);
            self.score_feature(root, ScoreReason::Completed)?;
        }
        Ok(())
    }

    /// Registers the feature a piece adds to the tile about to be placed as
    /// placed tile `t` (the next index) with type geometry `type_geom`: its
    /// geometry with the feature, and the feature, whose record
    /// [`Game::place_added_records`] creates while the tile is placed.
    pub(super) fn prepare_new_tile_feature(
        &mut self,
        t: u16,
        geom: RotGeom,
        kind: FeatureKind,
        nfeat: usize,
    ) {
        let id = (self.feats.len() + nfeat) as u16;
        self.added.set_geom(t, geom);
        self.added.feats.push(AddedFeat { id, tile: t, kind });
    }

    /// While placed tile `ti` (features from `base`; `occ`: its sides facing a
    /// tile) is placed with an added feature: the added records after the
    /// type's, and the open sides of the type's records in the changed
    /// geometry `geom`. Cold: only for a placement with a piece.
    #[cold]
    #[inline(never)]
    pub(super) fn place_added_records(&mut self, ti: u16, base: u16, occ: u32, geom: &RotGeom) {
        let open = |sides: u8| (sides & !(occ as u8) & 15).count_ones() as u16;
        let n = self.ty_of(ti).features.len();
        for l in 0..n {
            let f = &mut self.feats.recs[usize::from(base) + l];
            if !f.kind.is_centre() {
                f.open = open(Self::sides_in(geom, l as u8));
            }
        }
        let fw = self.rules.state.feature as usize;
        let mut local = n as u8;
        for i in 0..self.added.feats.len() {
            let a = self.added.feats[i];
            if a.tile != ti {
                continue;
            }
            debug_assert_eq!(usize::from(a.id), self.feats.len());
            self.feats.recs.push(Feat {
                parent: a.id,
                next: a.id,
                open: open(Self::sides_in(geom, local)),
                tile: ti,
                figs: NONE16,
                occ: 0,
                kind: a.kind,
                local,
                pennants: 0,
                flags: 0,
            });
            self.words.feature.resize(self.words.feature.len() + fw, 0);
            local += 1;
        }
    }
}

impl Game {
    /// The part of [`Game::check_integrity`] about added features: each is a
    /// record of its tile, numbered after the tile's other features, and owns
    /// the slots its tile's geometry gives it; every tile's geometry lists the
    /// features that own its slots.
    pub(super) fn check_added(&self) -> Result<(), String> {
        for (i, a) in self.added.feats.iter().enumerate() {
            let f = self
                .feats
                .recs
                .get(usize::from(a.id))
                .ok_or_else(|| format!("added feature {} has no record", a.id))?;
            let before = self.added.feats[..i]
                .iter()
                .filter(|b| b.tile == a.tile)
                .count();
            let local = self.ty_of(a.tile).features.len() + before;
            if f.tile != a.tile || f.kind != a.kind || usize::from(f.local) != local {
                return Err(format!("added feature {} does not match its record", a.id));
            }
        }
        let odd = self
            .added
            .geoms
            .iter()
            .filter(|(_, g)| !g.plain_sides())
            .count();
        if odd != usize::from(self.added.odd) {
            return Err(format!(
                "{} changed geometries have sides that are not plain, counted {}",
                odd, self.added.odd
            ));
        }
        let indexed = self.added.at.iter().filter(|&&x| x != 0).count();
        if indexed != self.added.geoms.len() {
            return Err(format!(
                "{indexed} tiles index a changed geometry, {} have one",
                self.added.geoms.len()
            ));
        }
        for (i, (t, g)) in self.added.geoms.iter().enumerate() {
            if self.added.at.get(usize::from(*t)).map(|&x| usize::from(x)) != Some(i + 1) {
                return Err(format!(
                    "the changed geometry of tile {t} is not indexed by it"
                ));
            }
            if usize::from(*t) >= self.board.tiles.len() {
                return Err(format!("a changed geometry names no placed tile {t}"));
            }
            let n = self.local_count(*t);
            for (d, sf) in g.side_features.iter().enumerate() {
                let owners = (0..3).map(|i| g.slot_feature[3 * d + i]);
                for o in owners.filter(|&o| o != NO_FEATURE) {
                    if usize::from(o) >= n || !sf.contains(&o) {
                        return Err(format!("tile {t}'s side {d} lists its features wrongly"));
                    }
                }
            }
        }
        Ok(())
    }
}

impl Game {
    /// The features added to placed tile `t` at run time, as observations show
    /// them (empty for a tile nobody changed).
    pub fn added_features(&self, t: TileIndex) -> Vec<crate::observe::SeenFeature> {
        if self.added.feats.is_empty() {
            return Vec::new();
        }
        self.added_on(t.0)
            .map(|id| {
                let f = self.feats.recs[usize::from(id)];
                crate::observe::SeenFeature {
                    local: f.local,
                    kind: f.kind,
                    slots: self.tile_feature_slots(t, f.local).unwrap_or(0),
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::*;
    use std::sync::Arc;

    /// Lays a road across every placed cloister tile: north–south if it fits,
    /// else west–east; counts what was refused and added in its state.
    struct Roads;

    const NS: u16 = 1 << 1 | 1 << 7;
    const WE: u16 = 1 << 4 | 1 << 10;

    impl Hooks for Roads {
        fn subscriptions(&self) -> u64 {
            hook::TILE_PLACED
        }
        fn tile_placed(&self, cx: &mut Cx<'_>, t: TileIndex) -> HookResult {
            if cx.tile_type_name(cx.tile_type_id(t).unwrap()) != Some("BA/L") {
                return Ok(());
            }
            assert_eq!(cx.add_tile_feature(t, FeatureKind::Cloister, NS)?, None);
            assert_eq!(cx.add_tile_feature(t, FeatureKind::Road, 0)?, None);
            for slots in [NS, WE] {
                if cx.add_tile_feature(t, FeatureKind::Road, slots)?.is_some() {
                    break;
                }
                cx.log("refused");
            }
            Ok(())
        }
    }

    #[test]
    fn a_road_added_to_a_placed_tile_changes_its_sides_and_the_frontier() {
        let text = include_str!("../../../configs/tilesets/base.toml");
        let set: TileSetSpec = toml::from_str(text).unwrap();
        let tiles = TileCatalogue::build(&[set], "C2").unwrap();
        let decl = PluginDecl {
            id: "road-adder".into(),
            state: crate::rules::StateWords::default(),
            ..PluginDecl::default()
        };
        let plugins: Vec<(PluginDecl, Arc<dyn Hooks>)> = vec![(decl, Arc::new(Roads))];
        let rules = Arc::new(Rules::new("t", tiles, CoreOptions::default(), plugins).unwrap());
        let mut g = scenario::run(&rules, 2, "draw BA/L").unwrap();
        g.set_logging(true);
        scenario::run_on(&mut g, "place 0 1 0").unwrap();
        let texts: Vec<String> = g.take_events().iter().map(|e| g.event_text(e)).collect();
        // North–south faces the start tile's field: refused; west–east: added.
        assert!(
            texts.contains(&"road-adder: refused".to_string()),
            "{texts:?}"
        );
        assert!(
            texts.contains(&"road-adder: road added to the tile at 0 1".to_string()),
            "{texts:?}"
        );
        let t = g.tile_at(Pos::new(0, 1)).unwrap();
        let geom = g.placed_geometry(t).unwrap();
        assert_eq!(
            geom.edges,
            [
                EdgeKind::Field,
                EdgeKind::Road,
                EdgeKind::Field,
                EdgeKind::Road
            ]
        );
        let road = g.feature_of(t, 2).unwrap();
        assert_eq!(g.feature_sides(road), Some(0b1010));
        assert_eq!(g.open_sides(road), Some(2));
        assert_eq!(
            g.feature_sides(g.feature_of(t, 1).unwrap()),
            Some(0b1111),
            "the field keeps its sides"
        );
        // The follower may stand on it (it is on the tile just placed).
        assert!(g
            .legal_actions()
            .unwrap()
            .contains(&Action::Figure(FigureOption::Deploy {
                kind: FOLLOWER,
                at: Location::Feature(road),
            })));
        // West and east of it a road is asked for now: a straight road fits.
        scenario::run_on(&mut g, "pass; draw BA/RFr").unwrap();
        let places = g.legal_actions().unwrap();
        assert!(places.contains(&Action::Place(Placement::new(Pos::new(1, 1), Rotation::R0))));
        assert!(!places.contains(&Action::Place(Placement::new(
            Pos::new(1, 1),
            Rotation::ALL[1]
        ))));
        g.check_integrity().unwrap();
        let copy = g.clone();
        assert!(copy == g);
        let mut other =
            scenario::run(&rules, 2, "draw BA/L; place 0 1 0; pass; draw BA/RFr").unwrap();
        assert!(other == g);
        other.restart(0).unwrap();
        assert!(other.placed_geometry(t).is_none() && other.feature_count() == 4);
        other.check_integrity().unwrap();
    }
}
