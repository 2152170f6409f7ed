//! Queries on figures, figure kinds, supplies and areas.

use super::super::*;

impl Game {
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

    /// Where figure `fig` stands when it stands on a feature
    /// (`Location::Feature`: not at a corner, not on a tile): its feature
    /// instance, that feature's placed tile, the tile's position and the
    /// feature's local index ([`FigurePlace`]), in one query for what
    /// `figure_location`, `feature_tile`, `tile_pos` and `feature_local` would
    /// ask (an option per figure of a player on the board: the fairy's).
    /// `None` for a figure elsewhere or that does not exist.
    #[inline]
    pub fn figure_place(&self, fig: FigureId) -> Option<FigurePlace> {
        let r = self.figures.figs.get(fig.index())?;
        if r.tile == NONE16 || r.feature == NONE16 || r.corner != figures::NO_CORNER {
            return None;
        }
        let ft = self.feats.recs.get(usize::from(r.feature))?;
        let tile = self.board.tiles.get(usize::from(ft.tile))?;
        Some(FigurePlace {
            fig,
            feature: FeatureId(r.feature),
            tile: TileIndex(ft.tile),
            pos: tile.pos,
            local: ft.local,
        })
    }

    /// The first follower (a figure of a follower kind) of `player` standing
    /// on the feature instance that spot `code` names ([`crate::spot_code`]:
    /// a placed tile's position and a local feature index), not at one of
    /// its corners, in the order of that instance's figures
    /// ([`Game::figures_on`]), with its place ([`Game::figure_place`]): one
    /// query for what `tile_at`, `feature_of`, `figures_on` and a
    /// `figure_owner`, `figure_kind` and `figure_location` per figure would
    /// ask (the follower a special option names by his spot: the fairy's).
    /// `None` if there is none, or the code names no feature.
    pub fn follower_at_spot(&self, player: PlayerId, code: u32) -> Option<FigurePlace> {
        let (pos, local) = crate::spot_of_code(code);
        let local = local?;
        let t = self.board.tile_at(pos)?;
        if usize::from(local) >= self.local_count(t.0) {
            return None;
        }
        let f = self.local_feature(t.0, local)?;
        let mut g = self.feats.recs.get(usize::from(f))?.figs;
        for _ in 0..self.figures.figs.len() {
            let r = self.figures.figs.get(usize::from(g))?;
            if r.corner == figures::NO_CORNER
                && self.owner_of(g) == Some(player)
                && self
                    .rules
                    .figures
                    .get(self.kind_of(g).index())
                    .is_some_and(|k| k.follower)
            {
                return self.figure_place(FigureId(g));
            }
            g = r.next;
        }
        None
    }

    /// The board position of the placed tile figure `fig` stands on, if on
    /// the board: [`Game::figure_tile`] and [`Game::tile_pos`] in one query
    /// (a capture range's test per figure).
    #[inline]
    pub fn figure_pos(&self, fig: FigureId) -> Option<Pos> {
        let t = self.figures.figs.get(fig.index())?.tile;
        self.board.tiles.get(usize::from(t)).map(|x| x.pos)
    }

    /// The figures at `at`, in figure order: held by a player (`Held`), in an
    /// area, on a feature instance (not at its corners: `Corner` names those),
    /// at a corner, or on a tile itself. One pass over the figures.
    pub fn figures_at(&self, at: Location) -> Vec<FigureId> {
        use super::super::figures::{Fig, HELD, IN_AREA, NO_CORNER};
        // The place as the record's fields that say it (`location_of`).
        let hit = |r: &Fig| match at {
            Location::Held(p) => {
                r.tile == NONE16 && u16::from(r.aux) == u16::from(p.seat()) + u16::from(HELD)
            }
            Location::Area(a) => {
                r.tile == NONE16 && u16::from(r.aux) == u16::from(a.0) + u16::from(IN_AREA)
            }
            Location::Tile(t) => t.0 != NONE16 && r.tile == t.0 && r.feature == NONE16,
            Location::Feature(f) => {
                f.0 != NONE16 && r.tile != NONE16 && r.feature == f.0 && r.corner == NO_CORNER
            }
            Location::Corner(f, c) => {
                f.0 != NONE16 && r.tile != NONE16 && r.feature == f.0 && r.corner == c as u8
            }
        };
        (0u16..)
            .zip(&self.figures.figs)
            .filter(|(_, r)| hit(r))
            .map(|(g, _)| FigureId(g))
            .collect()
    }

    /// The figures on the board whose tile lies in the row or the column of
    /// `pos` at most `reach` squares away, `pos`'s own tile included, in the
    /// order of the tiles: `pos`, then at distance 1 north, east, south and
    /// west, then at distance 2, and so on; each tile's in figure order. A
    /// range along lines (a tower's capture range) in one pass over the
    /// figures, with no query per figure.
    pub fn figures_in_cross(&self, pos: Pos, reach: u32) -> Vec<FigureId> {
        let mut out = Vec::new();
        self.cross_keys(
            pos,
            reach,
            self.figures.figs.len(),
            |_, _| true,
            |g| {
                out.push(g);
            },
        );
        out
    }

    /// The players' followers (figures of a follower kind with an owner) not
    /// protected ([`Game::figure_protected`]) among [`Game::figures_in_cross`]
    /// (`pos`, `reach`), in its order: what a rule that takes followers off
    /// the board within a range along lines may take (a tower's capture),
    /// with no query per figure. Writes the first `out.len()` of them to
    /// `out` and returns how many there are (more than `out.len()`: ask again
    /// with a larger slice; an empty one counts them).
    pub fn followers_in_cross(&self, pos: Pos, reach: u32, out: &mut [FigureId]) -> u32 {
        use super::super::figures::PROTECTED;
        // A player's figures come first (`owner_of`): the rest are neutral.
        let players_figs = self.rules.figs_per_player as usize * self.players as usize;
        let players_figs = players_figs.min(self.figures.figs.len());
        let follower = |g: u32, r: &super::super::figures::Fig| {
            r.aux & PROTECTED == 0
                && self
                    .rules
                    .figures
                    .get(self.rules.player_figs[g as usize].1.index())
                    .is_some_and(|k| k.follower)
        };
        if out.is_empty() {
            // Counted alone: no keys to order.
            let tiles = &self.board.tiles;
            return (0u32..)
                .zip(&self.figures.figs[..players_figs])
                .filter(|&(g, r)| {
                    tiles
                        .get(usize::from(r.tile))
                        .is_some_and(|t| cross_place(pos, reach, t.pos).is_some())
                        && follower(g, r)
                })
                .count() as u32;
        }
        let mut n = 0;
        self.cross_keys(pos, reach, players_figs, follower, |g| {
            if let Some(o) = out.get_mut(n) {
                *o = g;
            }
            n += 1;
        });
        n as u32
    }

    /// The figures among the first `upto` that `keep` keeps (given the
    /// figure and its record) whose tile lies in the cross of `pos` and
    /// `reach`, given to `emit` in [`Game::figures_in_cross`]'s order.
    fn cross_keys(
        &self,
        pos: Pos,
        reach: u32,
        upto: usize,
        keep: impl Fn(u32, &super::super::figures::Fig) -> bool,
        mut emit: impl FnMut(FigureId),
    ) {
        // Keys `place << 16 | figure`: sorted, the tiles' order, then figure
        // order within a tile. A place fits in 16 bits up to this reach, far
        // beyond any board. The keys of a few figures stay on the stack.
        let mut few = [0u32; 32];
        let mut n = 0;
        let mut more: Vec<u32> = Vec::new();
        let tiles = &self.board.tiles;
        for (g, r) in (0u32..).zip(&self.figures.figs[..upto]) {
            // Off the board: no tile (`NONE16` is beyond the placed tiles).
            let Some(t) = tiles.get(usize::from(r.tile)) else {
                continue;
            };
            let Some(place) = cross_place(pos, reach, t.pos) else {
                continue;
            };
            if !keep(g, r) {
                continue;
            }
            let key = place << 16 | g;
            if n < few.len() {
                few[n] = key;
                n += 1;
            } else {
                more.push(key);
            }
        }
        let keys = if more.is_empty() {
            &mut few[..n]
        } else {
            more.extend_from_slice(&few);
            &mut more[..]
        };
        keys.sort_unstable();
        for &k in keys.iter() {
            emit(FigureId(k as u16));
        }
    }

    /// The first figure alike to figure `fig` in kind, owner and place (itself
    /// if none comes before it): what [`Game::figure_code`] names. `None` for a
    /// figure that does not exist.
    pub(crate) fn first_alike(&self, fig: FigureId) -> Option<FigureId> {
        if fig.index() >= self.figures.figs.len() {
            return None;
        }
        // The place compared as the record's fields (the same place is the same
        // fields, but for the flags a figure on the board keeps in `aux`); the
        // kind and the owner as the rules' slot of the figure: a player's
        // figures come first, each with its (owner, kind), then the neutral
        // ones with their kind. `fig` itself is alike: the first is at most
        // `fig`.
        let figs = &self.figures.figs;
        let place = |r: &super::super::figures::Fig| {
            let aux = if r.tile == NONE16 { r.aux } else { 0 };
            (r.tile, r.feature, r.corner, aux)
        };
        let at = place(&figs[fig.index()]);
        let g = fig.index();
        let players_figs = self.rules.figs_per_player as usize * self.players as usize;
        let first = if g < players_figs {
            let slot = self.rules.player_figs[g];
            (0..g).find(|&h| self.rules.player_figs[h] == slot && place(&figs[h]) == at)
        } else {
            let neutral = &self.rules.neutral_kind;
            let kind = neutral[g - players_figs];
            (players_figs..g).find(|&h| neutral[h - players_figs] == kind && place(&figs[h]) == at)
        };
        Some(first.map_or(fig, |h| FigureId(h as u16)))
    }

    /// Whether `player` has a follower (a figure of a follower kind; no special
    /// figure) anywhere in the feature containing `f`: the condition of figures
    /// that need their owner's follower, such as a builder or a pig. A look at
    /// the player's figures, not a walk over the feature. `None` for a feature
    /// that does not exist; `false` for a seat beyond the table.
    pub fn has_follower_in(&self, player: PlayerId, f: FeatureId) -> Option<bool> {
        let root = self.find(f)?.0;
        Some(player.seat() < self.players && self.follower_of_in(player, root))
    }

    /// Whether any figure stands anywhere in the set containing `f` (on a
    /// member or at its corners): [`Game::figures_in`] is not empty. `None`
    /// for a feature that does not exist.
    pub fn has_figure_in(&self, f: FeatureId) -> Option<bool> {
        let root = self.find(f)?;
        Some(
            self.members(root)
                .any(|m| self.first_figure_on(m).is_some()),
        )
    }

    /// Whether any figure stands on a feature of placed tile `t` (its type's
    /// features or those added to it; at a corner too): a figure standing on
    /// the tile itself does not count. A look at the tile's feature records'
    /// lists, no walk over figures: the check before a
    /// `Cx::return_figures_on_tile` that usually finds no one (a
    /// predator entering a tile). `false` for a tile that is not placed.
    pub fn has_figure_on_tile(&self, t: TileIndex) -> bool {
        let held = |f: u16| {
            self.feats
                .recs
                .get(usize::from(f))
                .is_some_and(|ft| ft.figs != NONE16)
        };
        self.tile_feats(t).iter().any(|ft| ft.figs != NONE16)
            || self.may_have_added(t.0) && self.added_on(t.0).any(held)
    }

    /// Figures of `kind` in `player`'s supply (0 for a seat or kind that does not exist).
    #[inline]
    pub fn supply(&self, player: PlayerId, kind: FigureKindId) -> u8 {
        if player.seat() >= self.players {
            return 0;
        }
        self.supply_of(player, kind)
    }

    /// Whether figure kind `kind` may stand on feature instance `f` under the
    /// shared rule alone: [`Game::may_deploy`] at `Location::Feature(f)`
    /// without asking the plugins' vetoes. For a plugin's `figure_options`:
    /// the figure step puts every option through the vetoes afterwards, so an
    /// offer checked this way ends the same as one checked with `may_deploy`,
    /// without a veto pass per offer.
    pub fn may_stand_by_rule(&self, kind: FigureKindId, f: FeatureId) -> bool {
        kind.index() < self.rules.figures.len()
            && self.valid_location(Location::Feature(f))
            && self.may_stand(kind, f.0)
    }

    /// The feature instances, in id order, on which a figure of `kind` may
    /// stand under the shared rule alone ([`Game::may_stand_by_rule`]) and
    /// that are not part of a finished feature (a completed road or city, a
    /// surrounded cloister or spot; a field counts as unfinished: it is
    /// scored at the game's end). For a rule that lets a figure go anywhere
    /// on the board (a magic portal): one call and one pass over the
    /// features, instead of a few queries per feature. The plugins' vetoes
    /// are not asked (the figure step puts every option through them).
    /// Empty for a kind that does not exist.
    pub fn open_features_for(&self, kind: FigureKindId) -> Vec<FeatureId> {
        let Some(k) = self.rules.figures.get(kind.index()) else {
            return Vec::new();
        };
        self.open_feats(kind, k)
            .map(|(f, _)| FeatureId(f))
            .collect()
    }

    /// The pass of [`Game::open_features_for`] for kind `kind` (its record
    /// `k`): each feature instance open to it, with its record, in id order.
    pub(in crate::game) fn open_feats<'a>(
        &'a self,
        kind: FigureKindId,
        k: &'a crate::rules::FigureKind,
    ) -> impl Iterator<Item = (u16, &'a Feat)> + 'a {
        let recs = &self.feats.recs[..];
        let by_kind = self.open_by_kind(k);
        (0u16..)
            .zip(recs)
            .filter(move |&(_, ft)| self.open_to(kind, k, by_kind, ft))
    }

    /// The feature kinds figure kind `kind` (record `k`) may take by the
    /// feature's kind alone ([`Rules::kind_may_take`](crate::rules::Rules)),
    /// a bit per [`FeatureKind`], where no plugin hosts features or marks
    /// them for the kind; `None` otherwise (each record asks the shared
    /// rule, [`Game::may_stand_on`]). For [`Game::open_to`].
    #[inline]
    pub(in crate::game) fn open_by_kind(&self, k: &crate::rules::FigureKind) -> Option<u32> {
        (self.rules.host_markers == 0 && k.marked_only.0 == 0).then(|| {
            let mut m = u32::from(k.stands_on.0);
            if k.follower && self.rules.options.farmers == crate::rules::FarmerScoring::Off {
                m &= !(1 << FeatureKind::Field as u32);
            }
            m
        })
    }

    /// Whether feature record `ft` is open to figure kind `kind` (record
    /// `k`; `by_kind` from [`Game::open_by_kind`]): its set is open
    /// ([`Game::open_set`]) and the kind may stand on it by the shared rule.
    #[inline(always)]
    pub(in crate::game) fn open_to(
        &self,
        kind: FigureKindId,
        k: &crate::rules::FigureKind,
        by_kind: Option<u32>,
        ft: &Feat,
    ) -> bool {
        match by_kind {
            Some(m) => {
                let ok = self.open_set(ft, k.occupies, m);
                // The kind's flag first (the same for every record): a
                // branch on `ok` only where the figures are looked at.
                if k.one_per_feature {
                    ok && !self.kind_stands_in(kind, ft.parent)
                } else {
                    ok
                }
            }
            None => self.open_set(ft, k.occupies, u32::MAX) && self.may_stand_on(kind, k, ft),
        }
    }

    /// Whether feature record `ft` is of one of the feature kinds `kinds` (a
    /// bit per [`FeatureKind`]) and its set is open to a new figure:
    /// unfinished (a completed road or city, a surrounded cloister or spot:
    /// finished; a field never; a barrier holds no figure), not closed, and
    /// unoccupied if `occupies`. Read from the set's root alone (a set's
    /// records share its kind; a centre's surrounding is its flag
    /// [`SURROUNDED`](features::SURROUNDED)), combined as bits, not tested
    /// one by one: a pass over every record (a portal's) takes no branch
    /// per record.
    #[inline(always)]
    pub(in crate::game) fn open_set(&self, ft: &Feat, occupies: bool, kinds: u32) -> bool {
        const ROAD_OR_CITY: u32 = 1 << FeatureKind::Road as u32 | 1 << FeatureKind::City as u32;
        const BARRIER: u32 = 1 << FeatureKind::Barrier as u32;
        let Some(root) = self.feats.recs.get(usize::from(ft.parent)) else {
            return false;
        };
        // The kinds finished now: a barrier always, a road or city when its
        // set has no open side.
        let done = ROAD_OR_CITY & u32::from(root.open == 0).wrapping_neg() | BARRIER;
        let unfinished = ((kinds & !done) >> (ft.kind as u32)) & 1 != 0;
        let shut = features::CLOSED | features::SURROUNDED;
        let taken = occupies & (root.occ > 0) | (root.flags & shut != 0);
        unfinished & !taken
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

    /// Whether the plugins' vetoes (`filter_figure_options`) let a figure of
    /// kind `kind` be put at `at`, the shared rule not asked: for a figure a
    /// plugin moves where the shared rule does not apply (a follower moved
    /// into a feature being scored, which may hold figures already). `false`
    /// for a kind or location that does not exist.
    pub fn vetoes_allow(&self, kind: FigureKindId, at: Location) -> Result<bool, HookError> {
        if !self.valid_location(at) || kind.index() >= self.rules.figures.len() {
            return Ok(false);
        }
        self.allowed_by_plugins(FigureOption::Deploy { kind, at })
    }

    /// Which of the four placed tiles beside placed tile `t` a figure of kind
    /// `kind` may be put on ([`Game::may_deploy`] at `Location::Tile`, the
    /// vetoes included): bit `d` for the tile on [`Side`] `d` (N, E, S, W).
    /// What four `tile_at` and four `may_deploy` would ask, in one query:
    /// where a figure that walks from tile to tile (the dragon) may step. 0
    /// for a tile that is not placed.
    pub fn tiles_open_to(&self, kind: FigureKindId, t: TileIndex) -> Result<u8, HookError> {
        let Some(tile) = self.board.tiles.get(t.index()) else {
            return Ok(0);
        };
        if kind.index() >= self.rules.figures.len() {
            return Ok(0);
        }
        // The cells beside: bit `d` of `placed` when the cell on side `d`
        // holds a placed tile, without a branch per side (which sides hold
        // one follows no pattern).
        let cells = self.board.cells_beside(tile.pos);
        let holds = |c: u16| (c != 0) & (c & super::super::board::FRONTIER_BIT == 0);
        let placed = cells
            .iter()
            .enumerate()
            .fold(0u8, |m, (d, &c)| m | u8::from(holds(c)) << d);
        if placed == 0 {
            return Ok(0);
        }
        // Their tiles in four lanes, a side without one holding the first
        // tile again: compared with the figures' tiles all at once.
        let first = cells[placed.trailing_zeros() as usize].wrapping_sub(1);
        let lanes = cells.map(|c| if holds(c) { c.wrapping_sub(1) } else { first });
        let bit = hook::FILTER_FIGURE_OPTIONS;
        if !self.wants(bit) || self.no_vetoer_on(&lanes) {
            return Ok(placed);
        }
        self.tiles_open_vetoed(kind, &cells, placed, &lanes)
    }

    /// [`Game::tiles_open_to`] where a vetoing plugin's figure may stand on
    /// one of the tiles beside (`cells`, `placed` their bits, `lanes` their
    /// tiles): the plugins asked, each once for the list of deployments.
    #[inline(never)]
    fn tiles_open_vetoed(
        &self,
        kind: FigureKindId,
        cells: &[u16; 4],
        placed: u8,
        lanes: &[u16; 4],
    ) -> Result<u8, HookError> {
        let mut tiles = [NONE16; 4];
        let mut sides = [0u8; 4];
        let mut n = 0;
        for (d, &c) in cells.iter().enumerate() {
            if placed & 1 << d != 0 {
                tiles[n] = c.wrapping_sub(1);
                sides[n] = 1 << d;
                n += 1;
            }
        }
        // Usually every veto is narrowed away (no vetoing plugin's figure
        // on those tiles): then they are all open, and no list is made.
        let tiles = &tiles[..n];
        let bit = hook::FILTER_FIGURE_OPTIONS;
        let asked = |i: u8| !self.switched_off(i, bit) && !self.tiles_narrowed_away(i, lanes);
        if !self.rules.subscribers(bit).iter().any(|&i| asked(i)) {
            return Ok(placed);
        }
        // The deployments onto them, put through the vetoes as one list
        // (each plugin asked once, not once per tile).
        let mut opts = [FigureOption::Pass; 4];
        for (o, &q) in opts.iter_mut().zip(tiles) {
            *o = FigureOption::Deploy {
                kind,
                at: Location::Tile(TileIndex(q)),
            };
        }
        let mut keep = [true; 4];
        self.vetoes_on(&opts[..n], tiles, &mut keep[..n])?;
        Ok((0..n)
            .filter(|&i| keep[i])
            .fold(0, |open, i| open | sides[i]))
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
}

/// Where the square `at` lies in the cross of `pos` and `reach` (see
/// [`Game::figures_in_cross`]): its place in the cross's order (0 for `pos`
/// itself, then `4d - 3` north, `4d - 2` east, `4d - 1` south and `4d` west
/// at distance `d`), `None` off the cross. A place fits in 16 bits up to
/// this reach, far beyond any board.
#[inline(always)]
fn cross_place(pos: Pos, reach: u32, at: Pos) -> Option<u32> {
    let h = reach.min(16_000) as i32;
    let (dx, dy) = (
        i32::from(at.x) - i32::from(pos.x),
        i32::from(at.y) - i32::from(pos.y),
    );
    if dx != 0 && dy != 0 {
        return None;
    }
    // On a line: the distance, then the side (north, east, south, west).
    let d = dx.abs() + dy.abs();
    if d > h {
        return None;
    }
    let place = match (dx.signum(), dy.signum()) {
        (0, -1) => 4 * d - 3,
        (1, 0) => 4 * d - 2,
        (0, 1) => 4 * d - 1,
        (-1, 0) => 4 * d,
        _ => 0,
    };
    Some(place as u32)
}
