//! Figures: their records and the supply ([`Figures`]); deploying, moving and
//! returning them, neutral figures and the shared rule "may this figure stand
//! there". The options of the figure step are in `figure_step.rs`.

use super::*;

/// Where a figure is: on a feature instance (`feature`, with `corner` for a
/// corner position), on a tile only (`feature == NONE16`), or off the board
/// (`tile == NONE16`): in the supply, held by a player or in an area, as
/// `aux` says. On the board `aux` holds the figure's flags ([`PROTECTED`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Fig {
    pub(super) feature: u16,
    /// The next figure on the same feature instance.
    pub(super) next: u16,
    pub(super) tile: u16,
    pub(super) corner: u8,
    /// On the board: flags. Off the board: [`IN_SUPPLY`], [`HELD`]` + player`
    /// or [`IN_AREA`]` + area`.
    pub(super) aux: u8,
}

/// `Fig::corner` of a figure that is not at a corner.
pub(super) const NO_CORNER: u8 = u8::MAX;
/// `Fig::aux` off the board: in its owner's supply (a neutral figure: off the board).
pub(super) const IN_SUPPLY: u8 = 0;
/// `Fig::aux` off the board: held by player `aux - HELD`.
pub(super) const HELD: u8 = 1;
/// `Fig::aux` off the board: in area `aux - IN_AREA`.
pub(super) const IN_AREA: u8 = 0x40;
/// `Fig::aux` on the board: protected (`Cx::set_protected`).
pub(super) const PROTECTED: u8 = 1;

impl Fig {
    /// Off the board, in the supply.
    pub(super) const OFF: Fig = Fig {
        feature: NONE16,
        next: NONE16,
        tile: NONE16,
        corner: NO_CORNER,
        aux: IN_SUPPLY,
    };

    /// Whether the figure is in its owner's supply (off the board, neither held
    /// nor in an area).
    #[inline]
    pub(super) fn in_supply(&self) -> bool {
        self.tile == NONE16 && self.aux == IN_SUPPLY
    }
}

state! {
    /// The figures of a [`Game`]: every player's (in per-player slots, see
    /// `Rules::player_figs`), then the neutral ones; and what each player
    /// holds in supply.
    #[derive(Debug, PartialEq)]
    pub(super) struct Figures {
        /// Where each figure is.
        pub(super) figs: Vec<Fig>,
        /// Player figures in supply: `players × kinds`.
        pub(super) supply: Vec<u8>,
    }
}

impl Figures {
    /// No figures (see [`Figures::reset`]).
    pub(super) fn new() -> Figures {
        Figures {
            figs: Vec::new(),
            supply: Vec::new(),
        }
    }

    /// Every figure of a game of `rules` with `players` players off the
    /// board, the players' in their supply, reusing the buffers. Returns the
    /// number of figures.
    pub(super) fn reset(&mut self, rules: &Rules, players: u8) -> usize {
        let Figures { figs, supply } = self;
        let n = players as usize * rules.figs_per_player as usize + rules.neutral_kind.len();
        refill(figs, n, Fig::OFF);
        supply.clear();
        for _ in 0..players {
            supply.extend(rules.figures.iter().map(|f| f.per_player));
        }
        n
    }
}

impl Game {
    /// The kind of figure `fig` (valid id).
    #[inline]
    pub(super) fn kind_of(&self, fig: u16) -> FigureKindId {
        let players_figs = self.rules.figs_per_player as usize * self.players as usize;
        if (fig as usize) < players_figs {
            self.rules.player_figs[fig as usize].1
        } else {
            self.rules.neutral_kind[fig as usize - players_figs]
        }
    }

    /// The owner of figure `fig` (valid id), or `None` for a neutral figure.
    #[inline]
    pub(super) fn owner_of(&self, fig: u16) -> Option<PlayerId> {
        let players_figs = self.rules.figs_per_player as usize * self.players as usize;
        ((fig as usize) < players_figs).then(|| self.rules.player_figs[fig as usize].0)
    }

    /// Checks a location against the board: the feature or tile exists, and is
    /// no barrier (nothing stands on one).
    pub(super) fn valid_location(&self, at: Location) -> bool {
        match at {
            Location::Feature(f) | Location::Corner(f, _) => self
                .feats
                .recs
                .get(f.index())
                .is_some_and(|ft| ft.kind != FeatureKind::Barrier),
            Location::Tile(t) => t.index() < self.board.tiles.len(),
            Location::Held(p) => p.seat() < self.players,
            Location::Area(a) => a.index() < self.rules.areas.len(),
        }
    }

    /// The shared placement rule, without plugin vetoes: figure kind `kind` may stand
    /// on feature instance `f` (its kind is among the kind's `stands_on`, or the
    /// kind is plain and a plugin hosts a marker of the feature; no farmer when
    /// farmers are off; an occupying kind needs an unoccupied feature; a kind
    /// with one per feature needs a feature without one).
    pub(super) fn may_stand(&self, kind: FigureKindId, f: u16) -> bool {
        self.rules
            .figures
            .get(kind.index())
            .is_some_and(|k| self.may_stand_as(kind, k, f))
    }

    /// [`Game::may_stand`] for kind `id` with definition `k`.
    #[inline]
    fn may_stand_as(&self, id: FigureKindId, k: &crate::rules::FigureKind, f: u16) -> bool {
        self.feats
            .recs
            .get(f as usize)
            .is_some_and(|ft| self.may_stand_on(id, k, ft))
    }

    /// [`Game::may_stand_as`] for the feature instance's record `ft`.
    #[inline(always)]
    pub(super) fn may_stand_on(
        &self,
        id: FigureKindId,
        k: &crate::rules::FigureKind,
        ft: &Feat,
    ) -> bool {
        // A feature a plugin hosts takes plain kinds only: not another kind
        // that stands on its feature kind (an abbot on spots, a tower top).
        let allowed = if k.stands_on.contains(ft.kind) {
            k.plain || !self.hosted(ft)
        } else {
            k.plain && self.hosted(ft)
        };
        if !allowed || (k.marked_only.contains(ft.kind) && !self.marked_for_kind(id, ft)) {
            return false;
        }
        if k.follower
            && ft.kind == FeatureKind::Field
            && self.rules.options.farmers == crate::rules::FarmerScoring::Off
        {
            return false;
        }
        self.may_stand_now(id, k, ft)
    }

    /// The parts of [`Game::may_stand_on`] that depend on the state of the
    /// game (for a feature the rules let the kind take:
    /// [`Rules::kind_may_take`](crate::rules::Rules::kind_may_take)): an
    /// occupying kind needs an unoccupied feature, none goes into a closed
    /// one, a kind with one per feature needs a feature without one.
    #[inline(always)]
    pub(super) fn may_stand_now(
        &self,
        id: FigureKindId,
        k: &crate::rules::FigureKind,
        ft: &Feat,
    ) -> bool {
        // `parent` is the feature's root (every member points at it).
        let root = &self.feats.recs[ft.parent as usize];
        if k.occupies && root.occ > 0 || root.flags & features::CLOSED != 0 {
            return false;
        }
        !(k.one_per_feature && self.kind_stands_in(id, ft.parent))
    }

    /// Whether feature instance `ft` carries one of the markers of the plugin
    /// that declares kind `id` (`FigureKind::marked_only`). A feature a plugin
    /// added to a tile carries none.
    #[cold]
    pub(super) fn marked_for_kind(&self, id: FigureKindId, ft: &Feat) -> bool {
        let mine = match self.rules.kind_plugin.get(id.index()) {
            Some(&Some(p)) => self
                .rules
                .plugins
                .get(usize::from(p))
                .map_or(0, |e| e.markers),
            _ => 0,
        };
        mine != 0 && self.feat_markers(ft) & mine != 0
    }

    /// The feature-level markers of feature instance `ft` from its tile data
    /// (0 for a feature a plugin added to a tile, a bridge: it has none).
    #[inline]
    fn feat_markers(&self, ft: &Feat) -> u64 {
        self.ty_of(ft.tile)
            .features
            .get(usize::from(ft.local))
            .map_or(0, |d| d.markers)
    }

    /// Whether the core's offer of kind `k` into feature instance `ft` meets
    /// the kind's offer conditions: a follower of the current player in the
    /// feature (`beside_follower`), the feature not complete (`open_only`).
    #[inline]
    pub(super) fn offer_conditions_hold(&self, k: &crate::rules::FigureKind, ft: &Feat) -> bool {
        let root = ft.parent;
        (!k.open_only || !self.complete(root))
            && (!k.beside_follower
                || !self.holds_no_follower(root) && self.follower_of_in(self.turn.current, root))
    }

    /// Whether the feature with root `root` surely holds no follower: no
    /// figure occupies it and every follower kind occupies
    /// ([`Rules::followers_occupy`](crate::rules::Rules::followers_occupy)),
    /// one look at the root's record instead of the player's slots.
    #[inline(always)]
    fn holds_no_follower(&self, root: u16) -> bool {
        self.rules.followers_occupy && self.feats.recs[usize::from(root)].occ == 0
    }

    /// [`Game::offer_conditions_hold`] with the roots of the current
    /// player's followers gathered once (`mine`, for the few features of one
    /// figure step) instead of a look at his follower slots per feature.
    /// Inlined, the looks at the root's record; the look at the followers
    /// ([`Game::follower_among`]) out of line.
    #[inline(always)]
    pub(super) fn offer_conditions_with(
        &self,
        k: &crate::rules::FigureKind,
        ft: &Feat,
        mine: &mut FollowerRoots,
    ) -> bool {
        let root = ft.parent;
        if k.open_only && self.complete(root) {
            return false;
        }
        !k.beside_follower || !self.holds_no_follower(root) && self.follower_among(root, mine)
    }

    /// Whether a follower of the current player stands in the feature with
    /// root `root`, by the roots of his followers gathered once (`mine`).
    #[inline(never)]
    fn follower_among(&self, root: u16, mine: &mut FollowerRoots) -> bool {
        if mine.n == FollowerRoots::UNKNOWN {
            self.gather_follower_roots(mine);
        }
        match mine.roots.get(..usize::from(mine.n)) {
            Some(roots) => roots.contains(&root),
            None => self.follower_of_in(self.turn.current, root),
        }
    }

    /// The roots of the features in which the current player's followers
    /// stand into `mine` (repeats kept), or [`FollowerRoots::MANY`].
    #[inline(never)]
    fn gather_follower_roots(&self, mine: &mut FollowerRoots) {
        let base = self.turn.current.index() * usize::from(self.rules.figs_per_player);
        let mut n = 0;
        for &(first, end) in &self.rules.follower_slots {
            let slots = self
                .figures
                .figs
                .get(base + usize::from(first)..base + usize::from(end))
                .unwrap_or(&[]);
            for x in slots {
                if x.feature == NONE16 {
                    continue;
                }
                let Some(r) = mine.roots.get_mut(n) else {
                    mine.n = FollowerRoots::MANY;
                    return;
                };
                *r = self.feats.root(x.feature);
                n += 1;
            }
        }
        mine.n = n as u8;
    }

    /// Whether a figure of a follower kind of `player` stands in the feature
    /// with root `root`: a look at the player's slots of follower kinds
    /// (`Rules::follower_slots`), not at his other figures.
    pub(super) fn follower_of_in(&self, player: PlayerId, root: u16) -> bool {
        let base = player.index() * usize::from(self.rules.figs_per_player);
        self.rules.follower_slots.iter().any(|&(first, end)| {
            self.figures
                .figs
                .get(base + usize::from(first)..base + usize::from(end))
                .unwrap_or(&[])
                .iter()
                .any(|x| x.feature != NONE16 && self.feats.root(x.feature) == root)
        })
    }

    /// Whether feature instance `ft` carries a marker that a plugin hosts
    /// (`PluginDecl::hosts`): then plain follower kinds may stand there.
    #[inline]
    pub(super) fn hosted(&self, ft: &Feat) -> bool {
        let hosts = self.rules.host_markers;
        hosts != 0 && self.feat_markers(ft) & hosts != 0
    }

    /// Whether a figure of kind `kind` (anyone's, or neutral) stands in the
    /// feature with root `root`: a look at the kind's figure slots, not a walk
    /// over the feature's members.
    pub(super) fn kind_stands_in(&self, kind: FigureKindId, root: u16) -> bool {
        let Some((first, end)) = self.rules.kind_slots(kind) else {
            return false;
        };
        let on = |g: usize| {
            self.figures
                .figs
                .get(g)
                .is_some_and(|g| g.feature != NONE16 && self.feats.root(g.feature) == root)
        };
        let per = usize::from(self.rules.figs_per_player);
        for p in 0..usize::from(self.players) {
            if (p * per + usize::from(first)..p * per + usize::from(end)).any(on) {
                return true;
            }
        }
        let neutral = per * usize::from(self.players);
        self.rules
            .neutral_kind
            .iter()
            .enumerate()
            .any(|(i, &nk)| nk == kind && on(neutral + i))
    }

    /// Links figure `fig` at `at` (it must be in the supply: see [`Game::lift`]).
    fn put(&mut self, fig: u16, at: Location) {
        let occupies = self.rules.figures[self.kind_of(fig).index()].occupies;
        let mut rec = Fig::OFF;
        match at {
            Location::Feature(f) | Location::Corner(f, _) => {
                rec.feature = f.0;
                rec.next = self.feats.recs[f.index()].figs;
                rec.tile = self.feats.recs[f.index()].tile;
                if let Location::Corner(_, c) = at {
                    rec.corner = c as u8;
                }
                self.feats.recs[f.index()].figs = fig;
                if occupies {
                    let r = self.feats.root(f.0);
                    let o = &mut self.feats.recs[r as usize].occ;
                    *o = o.saturating_add(1);
                }
            }
            Location::Tile(t) => rec.tile = t.0,
            Location::Held(p) => rec.aux = HELD + p.seat(),
            Location::Area(a) => rec.aux = IN_AREA + a.0,
        }
        self.figures.figs[fig as usize] = rec;
        if !self.offers.spots.is_empty() && self.is_player_figure(fig) {
            self.spot_put(fig);
        }
    }

    /// Unlinks figure `fig` from where it is (on the board, held or in an area:
    /// it is then as if in the supply, which the caller adjusts); returns where
    /// that was, `None` for a figure in the supply.
    fn lift(&mut self, fig: u16) -> Option<Location> {
        let at = self.location_of(fig)?;
        if !self.offers.spots.is_empty() && self.is_player_figure(fig) {
            self.spot_lift(fig);
        }
        let rec = self.figures.figs[fig as usize];
        if rec.feature != NONE16 {
            let f = rec.feature as usize;
            let mut cur = self.feats.recs[f].figs;
            if cur == fig {
                self.feats.recs[f].figs = rec.next;
            } else {
                while cur != NONE16 {
                    let n = self.figures.figs[cur as usize].next;
                    if n == fig {
                        self.figures.figs[cur as usize].next = rec.next;
                        break;
                    }
                    cur = n;
                }
            }
            if self.rules.figures[self.kind_of(fig).index()].occupies {
                let r = self.feats.root(rec.feature);
                let o = &mut self.feats.recs[r as usize].occ;
                *o = o.saturating_sub(1);
            }
        }
        self.figures.figs[fig as usize] = Fig::OFF;
        Some(at)
    }

    /// Whether figure `fig` is a player's (not a neutral figure).
    #[inline]
    fn is_player_figure(&self, fig: u16) -> bool {
        usize::from(fig) < usize::from(self.rules.figs_per_player) * usize::from(self.players)
    }

    /// Where figure `fig` (valid id) is; `None` in the supply.
    #[inline]
    pub(super) fn location_of(&self, fig: u16) -> Option<Location> {
        let r = self.figures.figs[fig as usize];
        if r.tile == NONE16 {
            match r.aux {
                IN_SUPPLY => None,
                a if a >= IN_AREA => Some(Location::Area(AreaId(a - IN_AREA))),
                p => PlayerId::new(p - HELD).map(Location::Held),
            }
        } else if r.feature == NONE16 {
            Some(Location::Tile(TileIndex(r.tile)))
        } else if r.corner != NO_CORNER {
            Some(Location::Corner(
                FeatureId(r.feature),
                Corner::from_index(r.corner as usize),
            ))
        } else {
            Some(Location::Feature(FeatureId(r.feature)))
        }
    }

    /// Deploys a figure of `kind` from `player`'s supply at `at`. Returns the figure,
    /// or `None` if the supply holds none or the location does not exist.
    pub(crate) fn deploy(
        &mut self,
        player: PlayerId,
        kind: FigureKindId,
        at: Location,
    ) -> Option<FigureId> {
        if player.seat() >= self.players || kind.index() >= self.rules.figures.len() {
            return None;
        }
        if self.supply_of(player, kind) == 0 || !self.valid_location(at) {
            return None;
        }
        let fpp = self.rules.figs_per_player;
        let first = self.rules.kind_first_slot[kind.index()];
        let n = self.rules.figures[kind.index()].per_player as u16;
        let fig = (first..first + n)
            .map(|s| u16::from(player.seat()) * fpp + s)
            .find(|&g| self.figures.figs[g as usize].in_supply())?;
        self.put(fig, at);
        let kinds = self.rules.figures.len();
        self.figures.supply[player.index() * kinds + kind.index()] -= 1;
        let pos = self.location_pos(at);
        self.emit(|| Event::FigureDeployed {
            player,
            kind,
            at,
            pos,
        });
        Some(FigureId(fig))
    }

    /// Puts a neutral figure of `kind` that is off the board at `at`.
    pub(crate) fn place_neutral(&mut self, kind: FigureKindId, at: Location) -> Option<FigureId> {
        if !self.valid_location(at) {
            return None;
        }
        let start = self.rules.figs_per_player as usize * self.players as usize;
        let fig = (start..self.figures.figs.len())
            .find(|&g| self.kind_of(g as u16) == kind && self.figures.figs[g].in_supply())?
            as u16;
        self.put(fig, at);
        let pos = self.location_pos(at);
        self.emit(|| Event::FigureMoved {
            figure: FigureId(fig),
            kind,
            at,
            pos,
        });
        Some(FigureId(fig))
    }

    /// The board position of a location (valid), `None` off the board.
    pub(crate) fn location_pos(&self, at: Location) -> Option<Pos> {
        let t = match at {
            Location::Feature(f) | Location::Corner(f, _) => self.feats.recs[f.index()].tile,
            Location::Tile(t) => t.0,
            Location::Held(_) | Location::Area(_) => return None,
        };
        Some(self.board.tiles[t as usize].pos)
    }

    /// Moves a figure that is on the board, held or in an area to `to` (any
    /// location; into an occupied feature too: the caller answers for its
    /// rules). A figure that arrives on the board, or moves between places off
    /// it, is announced to the `figure_moved` subscribers; one that leaves the
    /// board (for a player's hold or an area) to the `figure_returned`
    /// subscribers, as any figure leaving the board. `Ok(false)` if the figure
    /// is in the supply or `to` does not exist.
    pub(crate) fn move_figure(&mut self, fig: FigureId, to: Location) -> Result<bool, HookError> {
        if fig.index() >= self.figures.figs.len() || !self.valid_location(to) {
            return Ok(false);
        }
        let from = match self.tile_to_tile(fig.0, to) {
            Some(from) => from,
            None => {
                let Some(from) = self.lift(fig.0) else {
                    return Ok(false);
                };
                self.put(fig.0, to);
                from
            }
        };
        if self.log.on {
            // Only for the log: not looked up otherwise.
            let (kind, pos) = (self.kind_of(fig.0), self.location_pos(to));
            self.emit(|| Event::FigureMoved {
                figure: fig,
                kind,
                at: to,
                pos,
            });
        }
        if from.on_board() && !to.on_board() {
            dispatch_narrowed!(
                self,
                hook::FIGURE_RETURNED,
                Narrowed::Returned(fig),
                |h, cx| h.figure_returned(cx, fig, from)
            );
        } else if self.is_player_figure(fig.0) || self.rules.neutral_moves_heard {
            dispatch_narrowed!(self, hook::FIGURE_MOVED, Narrowed::Moved(fig), |h, cx| h
                .figure_moved(cx, fig, from));
        }
        Ok(true)
    }

    /// [`Game::lift`] and [`Game::put`] of figure `fig` (valid id) for a
    /// move from a tile to tile `to` (a neutral figure that walks the board), when neither has
    /// more to do than rewrite its record: it stands on a tile (no
    /// feature's list or count changes) and no spot offer follows it. Where
    /// it stood, or `None` (nothing done) for any other move.
    #[inline(always)]
    fn tile_to_tile(&mut self, fig: u16, to: Location) -> Option<Location> {
        let Location::Tile(t) = to else {
            return None;
        };
        let spots = !self.offers.spots.is_empty() && self.is_player_figure(fig);
        let r = self.figures.figs.get_mut(usize::from(fig))?;
        if r.tile == NONE16 || r.feature != NONE16 || spots {
            return None;
        }
        let from = Location::Tile(TileIndex(r.tile));
        *r = Fig {
            tile: t.0,
            ..Fig::OFF
        };
        Some(from)
    }

    /// Sends a figure back to its owner's supply (a neutral figure off the
    /// board), from the board, a player's hold or an area, and tells the
    /// `figure_returned` subscribers. Does nothing for a figure in the supply.
    pub(crate) fn return_figure(&mut self, fig: FigureId) -> HookResult {
        if fig.index() >= self.figures.figs.len() {
            return Ok(());
        }
        let Some(from) = self.lift(fig.0) else {
            return Ok(());
        };
        let kind = self.kind_of(fig.0);
        let owner = self.owner_of(fig.0);
        if let Some(p) = owner {
            let kinds = self.rules.figures.len();
            let s = &mut self.figures.supply[p.index() * kinds + kind.index()];
            *s = s.saturating_add(1);
        }
        self.emit(|| Event::FigureReturned {
            player: owner,
            kind,
        });
        dispatch_narrowed!(
            self,
            hook::FIGURE_RETURNED,
            Narrowed::Returned(fig),
            |h, cx| h.figure_returned(cx, fig, from)
        );
        Ok(())
    }

    /// Sends home every figure standing on a feature of placed tile `t` (not
    /// at a corner, nor on the tile itself) whose kind's class has its bit in
    /// `classes` (`1 << class as u8`: [`FigureClass`]) and that is not
    /// protected, in figure order, each as [`Game::return_figure`] does (its
    /// `figure_returned` hooks run); which are found first. The figures sent
    /// home, in that order (a predator's meal: the dragon's).
    pub(crate) fn return_figures_on_tile(
        &mut self,
        t: TileIndex,
        classes: u8,
    ) -> Result<Vec<FigureId>, HookError> {
        let mut prey = Vec::new();
        if t.index() >= self.board.tiles.len() {
            return Ok(prey);
        }
        // The figures on the tile's feature records (its type's, then those
        // added to it): a look at each record's list, not at every figure.
        let base = usize::from(self.board.tiles[t.index()].base.0);
        let own = self.ty_of(t.0).features.len();
        for ft in self.feats.recs.get(base..base + own).unwrap_or(&[]) {
            if ft.figs != NONE16 {
                self.prey_on(ft.figs, classes, &mut prey);
            }
        }
        for a in self.added.feats.iter().filter(|a| a.tile == t.0) {
            if let Some(ft) = self.feats.recs.get(usize::from(a.id)) {
                self.prey_on(ft.figs, classes, &mut prey);
            }
        }
        if prey.len() > 1 {
            prey.sort_unstable();
        }
        for &g in &prey {
            self.return_figure(g)?;
        }
        Ok(prey)
    }

    /// The figures of the list from `first` (a feature record's) that are
    /// not at a corner nor protected and whose kind's class has its bit in
    /// `classes`, pushed onto `prey` ([`Game::return_figures_on_tile`]).
    fn prey_on(&self, first: u16, classes: u8, prey: &mut Vec<FigureId>) {
        let mut g = first;
        while let Some(r) = self.figures.figs.get(usize::from(g)) {
            if r.corner == NO_CORNER && r.aux & PROTECTED == 0 {
                let class = self.rules.figures[self.kind_of(g).index()].class;
                if classes & 1 << class as u8 != 0 {
                    prey.push(FigureId(g));
                }
            }
            g = r.next;
        }
    }

    /// Marks figure `fig` on the board as protected (`on`) or not: not
    /// removable by predators, princesses or captures (rules of plugins that
    /// read [`Game::figure_protected`]). The mark goes when the figure moves or
    /// leaves the board. `false` for a figure that is not on the board.
    pub(crate) fn set_protected(&mut self, fig: FigureId, on: bool) -> bool {
        match self.figures.figs.get_mut(fig.index()) {
            Some(r) if r.tile != NONE16 => {
                r.aux = if on {
                    r.aux | PROTECTED
                } else {
                    r.aux & !PROTECTED
                };
                true
            }
            _ => false,
        }
    }

    #[inline]
    pub(super) fn supply_of(&self, player: PlayerId, kind: FigureKindId) -> u8 {
        let kinds = self.rules.figures.len();
        self.figures
            .supply
            .get(player.index() * kinds + kind.index())
            .copied()
            .unwrap_or(0)
    }
}

/// The roots of the features in which the current player's followers stand,
/// gathered at most once per figure step ([`Game::offer_conditions_with`]).
pub(super) struct FollowerRoots {
    /// How many of `roots` hold roots; [`FollowerRoots::UNKNOWN`] before
    /// they are gathered, [`FollowerRoots::MANY`] if they did not fit.
    n: u8,
    roots: [u16; 16],
}

impl FollowerRoots {
    /// Not gathered yet.
    const UNKNOWN: u8 = u8::MAX;
    /// More followers on the board than `roots` holds: each feature is
    /// looked up in the player's slots instead.
    const MANY: u8 = u8::MAX - 1;

    /// Not gathered yet.
    pub(super) fn new() -> FollowerRoots {
        FollowerRoots {
            n: Self::UNKNOWN,
            roots: [NONE16; 16],
        }
    }
}
