//! Figures: their records and the supply ([`Figures`]); deploying, moving and
//! returning them, neutral figures, the shared rule "may this figure stand
//! there", and the options of the figure step.

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
            && (!k.beside_follower || self.follower_of_in(self.turn.current, root))
    }

    /// Whether a figure of a follower kind of `player` stands in the feature
    /// with root `root` (a look at the player's figures).
    pub(super) fn follower_of_in(&self, player: PlayerId, root: u16) -> bool {
        let per = usize::from(self.rules.figs_per_player);
        let first = player.index() * per;
        let figs = self.figures.figs.get(first..first + per).unwrap_or(&[]);
        (first..).zip(figs).any(|(g, x)| {
            x.feature != NONE16
                && self.feats.root(x.feature) == root
                && self.rules.figures[self.kind_of(g as u16).index()].follower
        })
    }

    /// Whether feature instance `ft` carries a marker that a plugin hosts
    /// (`PluginDecl::hosts`): then plain follower kinds may stand there.
    #[inline]
    fn hosted(&self, ft: &Feat) -> bool {
        let hosts = self.rules.host_markers;
        hosts != 0 && self.feat_markers(ft) & hosts != 0
    }

    /// Whether a figure of kind `kind` (anyone's, or neutral) stands in the
    /// feature with root `root`: a look at the kind's figure slots, not a walk
    /// over the feature's members.
    fn kind_stands_in(&self, kind: FigureKindId, root: u16) -> bool {
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
    }

    /// Unlinks figure `fig` from where it is (on the board, held or in an area:
    /// it is then as if in the supply, which the caller adjusts); returns where
    /// that was, `None` for a figure in the supply.
    fn lift(&mut self, fig: u16) -> Option<Location> {
        let at = self.location_of(fig)?;
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
    pub(super) fn location_pos(&self, at: Location) -> Option<Pos> {
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
        let Some(from) = self.lift(fig.0) else {
            return Ok(false);
        };
        self.put(fig.0, to);
        let (kind, pos) = (self.kind_of(fig.0), self.location_pos(to));
        self.emit(|| Event::FigureMoved {
            figure: fig,
            kind,
            at: to,
            pos,
        });
        if from.on_board() && !to.on_board() {
            dispatch_narrowed!(
                self,
                hook::FIGURE_RETURNED,
                Narrowed::Returned(fig),
                |h, cx| h.figure_returned(cx, fig, from)
            );
        } else {
            dispatch!(self, hook::FIGURE_MOVED, |h, cx| h
                .figure_moved(cx, fig, from));
        }
        Ok(true)
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

    /// Figure-step options in canonical order: `Pass`, then deployments by (kind,
    /// location), then specials; after the plugins' additions and vetoes.
    pub(super) fn figure_options_into(&self, out: &mut Vec<FigureOption>) -> HookResult {
        out.clear();
        out.push(FigureOption::Pass);
        let t = self.turn.last_tile;
        if t == NONE16 {
            return Ok(());
        }
        let base = self.board.tiles[t as usize].base.0;
        let n = self.ty_of(t).features.len();
        let feats = self
            .feats
            .recs
            .get(usize::from(base)..usize::from(base) + n)
            .unwrap_or(&[]);
        // Standing offers (`offers`) come in order but for odd cases (a
        // feature added to an older tile this turn): checked below.
        let standing = !self.offers.deploy.is_empty();
        let mut check_order = !self.offers.is_empty();
        for (k, kind) in self.rules.figures.iter().enumerate() {
            let k = FigureKindId(k as u8);
            if !kind.offered || self.supply_of(self.turn.current, k) == 0 {
                continue;
            }
            if standing {
                self.standing_deploys_into(k, kind, 0..base, t, out);
            }
            let conditions = kind.beside_follower || kind.open_only;
            for (f, ft) in (base..).zip(feats) {
                if self.may_stand_on(k, kind, ft)
                    && (!conditions || self.offer_conditions_hold(kind, ft))
                {
                    out.push(FigureOption::Deploy {
                        kind: k,
                        at: Location::Feature(FeatureId(f)),
                    });
                }
            }
            // A feature added to the placed tile (a bridge laid with it).
            if !self.added.feats.is_empty() {
                for f in self.added_on(t) {
                    let ft = &self.feats.recs[usize::from(f)];
                    if self.may_stand_on(k, kind, ft)
                        && (!conditions || self.offer_conditions_hold(kind, ft))
                    {
                        out.push(FigureOption::Deploy {
                            kind: k,
                            at: Location::Feature(FeatureId(f)),
                        });
                    }
                }
            }
            if standing {
                let end = base.saturating_add(n as u16);
                self.standing_deploys_into(k, kind, end..NONE16, t, out);
            }
        }
        if !self.offers.special.is_empty() {
            self.standing_specials_into(out);
        }
        if self.wants(hook::FIGURE_OPTIONS) && !self.figure_options_all_narrowed_away() {
            check_order = true;
            for &i in self.rules.subscribers(hook::FIGURE_OPTIONS) {
                if self.figure_options_narrowed_away(i)
                    || self.switched_off(i, hook::FIGURE_OPTIONS)
                {
                    continue;
                }
                if let Some(p) = self.rules.plugins.get(i as usize) {
                    let from = out.len();
                    p.hooks.figure_options(
                        &View {
                            game: self,
                            plugin: i,
                        },
                        out,
                    )?;
                    self.check_offered(i, out.get(from..).unwrap_or(&[]))?;
                }
            }
        }
        // Plugins usually append their options in order after the core's:
        // two sorted runs, which the stable sort merges in one pass (the
        // unstable one sorts them afresh; equal options are identical, so
        // both give the same list). A long list (a magic portal's) is
        // sorted by integer keys.
        if check_order && !out.windows(2).all(|w| w[0] < w[1]) {
            sort_options(out);
        }
        if self.wants(hook::FILTER_FIGURE_OPTIONS) {
            // The veto flags on the stack for a usual list: no allocation.
            let mut small = [true; 64];
            let mut large = Vec::new();
            let keep: &mut [bool] = if out.len() <= small.len() {
                &mut small[..out.len()]
            } else {
                large.resize(out.len(), true);
                &mut large
            };
            let skip = |i| self.options_narrowed_away(i, out);
            dispatch_view!(@each self, hook::FILTER_FIGURE_OPTIONS, |i| skip(i), |h, v| h
                .filter_figure_options(v, out, keep));
            let mut i = 0;
            out.retain(|_| {
                i += 1;
                keep[i - 1]
            });
        }
        Ok(())
    }

    /// Whether plugin `plugin` narrowed away `filter_figure_options` over
    /// `opts` ([`Narrowed::OptionOn`]): each option that is a deployment on a
    /// tile is outside the case it keeps. The tiles its figures stand on are
    /// gathered once (a plugin has few figures), then each option's tile is
    /// compared with them.
    #[inline]
    fn options_narrowed_away(&self, plugin: u8, opts: &[FigureOption]) -> bool {
        let declared = self
            .rules
            .plugins
            .get(usize::from(plugin))
            .map_or(0, |e| e.narrow);
        if declared & crate::narrow::bits::OPTIONS_ON_MY_TILES == 0 {
            return false;
        }
        let mut tiles = [NONE16; 8];
        let Some(n) = self.plugin_figure_tiles(plugin, &mut tiles) else {
            return false; // more tiles than the buffer holds: not narrowed
        };
        let tiles = &tiles[..n];
        n == 0
            || opts
                .iter()
                .all(|o| self.option_tile(*o).is_none_or(|t| !tiles.contains(&t.0)))
    }

    /// The placed tile a deployment goes onto (its feature's or corner's tile,
    /// or the tile itself); `None` for other options, places off the board and
    /// places that do not exist.
    fn option_tile(&self, opt: FigureOption) -> Option<TileIndex> {
        let FigureOption::Deploy { at, .. } = opt else {
            return None;
        };
        match at {
            Location::Feature(f) | Location::Corner(f, _) => {
                self.feats.recs.get(f.index()).map(|x| TileIndex(x.tile))
            }
            Location::Tile(t) => Some(t),
            Location::Held(_) | Location::Area(_) => None,
        }
    }

    /// Whether a figure of one of plugin `plugin`'s kinds (anyone's, or
    /// neutral) stands on placed tile `t`.
    pub(crate) fn plugin_figure_on_tile(&self, plugin: u8, t: TileIndex) -> bool {
        let mut tiles = [NONE16; 8];
        match self.plugin_figure_tiles(plugin, &mut tiles) {
            Some(n) => t.0 != NONE16 && tiles[..n].contains(&t.0),
            None => true, // more tiles than the buffer holds: not narrowed
        }
    }

    /// The tiles on which figures of plugin `plugin`'s kinds stand (every
    /// player's, then the neutral ones: a look at its figure slots), into
    /// `out`, each once; their number, or `None` if `out` is too short.
    /// Plain loops: this runs for every option a plugin's veto may concern.
    fn plugin_figure_tiles(&self, plugin: u8, out: &mut [u16]) -> Option<usize> {
        let mut n = 0;
        let mut add = |tile: u16| -> Option<()> {
            if tile != NONE16 && !out[..n].contains(&tile) {
                *out.get_mut(n)? = tile;
                n += 1;
            }
            Some(())
        };
        let e = self.rules.plugins.get(usize::from(plugin))?;
        let figs = &self.figures.figs;
        let per = usize::from(self.rules.figs_per_player);
        let (first, end) = (usize::from(e.player_slots.0), usize::from(e.player_slots.1));
        if first < end {
            for p in 0..usize::from(self.players) {
                for g in figs.get(p * per + first..p * per + end).unwrap_or(&[]) {
                    add(g.tile)?;
                }
            }
        }
        // Its neutral figures: a range after every player's.
        let neutral = per * usize::from(self.players);
        let (first, end) = (
            usize::from(e.neutral_slots.0),
            usize::from(e.neutral_slots.1),
        );
        for g in figs.get(neutral + first..neutral + end).unwrap_or(&[]) {
            add(g.tile)?;
        }
        Some(n)
    }

    /// Checks the figure options plugin `plugin` added: a `Deploy` names a
    /// kind that exists, of which
    /// the current player has one in his supply, at a location that exists; a
    /// `Special` is the plugin's own. An option that could not be taken, or
    /// not be written in a record, is the offering plugin's error.
    fn check_offered(&self, plugin: u8, out: &[FigureOption]) -> HookResult {
        let bad = |message: String| HookError {
            plugin: self.rules.plugins[plugin as usize].decl.id.clone(),
            hook: "figure_options",
            message,
        };
        for &o in out {
            match o {
                FigureOption::Pass => {}
                FigureOption::Deploy { kind, at } => {
                    let Some(k) = self.rules.figures.get(kind.index()) else {
                        return Err(bad(format!(
                            "it offered to deploy figure kind #{}, which does not exist",
                            kind.0
                        )));
                    };
                    if self.supply_of(self.turn.current, kind) == 0 {
                        return Err(bad(format!(
                            "it offered to deploy a `{}`, but player {} has none in his supply",
                            k.name, self.turn.current
                        )));
                    }
                    if !self.valid_location(at) {
                        return Err(bad(format!(
                            "it offered to deploy a `{}` at {at:?}, which does not exist",
                            k.name
                        )));
                    }
                }
                FigureOption::Special { plugin: owner, .. } if owner != plugin => {
                    let whose = self.rules.plugins.get(owner as usize).map_or_else(
                        || format!("plugin #{owner}, which does not exist"),
                        |p| format!("plugin `{}`", p.decl.id),
                    );
                    return Err(bad(format!(
                        "it offered a special option of {whose}: a plugin offers only its own special options"
                    )));
                }
                FigureOption::Special { .. } => {}
            }
        }
        Ok(())
    }

    /// Whether the plugins' vetoes (`filter_figure_options`) allow option `opt`.
    pub(super) fn allowed_by_plugins(&self, opt: FigureOption) -> Result<bool, HookError> {
        let mut keep = [true];
        let skip = |i| self.options_narrowed_away(i, &[opt]);
        if self.wants(hook::FILTER_FIGURE_OPTIONS) {
            dispatch_view!(@each self, hook::FILTER_FIGURE_OPTIONS, |i| skip(i), |h, v| h
                .filter_figure_options(v, &[opt], &mut keep));
        }
        Ok(keep[0])
    }
}

/// Sorts figure options in their canonical order and drops repeats: the
/// same list as `sort` and `dedup`, by sorting integers (each option's
/// [`option_key`] with its index in the low 16 bits), not nested enums.
fn sort_options(out: &mut Vec<FigureOption>) {
    if out.len() > usize::from(u16::MAX) {
        out.sort();
        out.dedup();
        return;
    }
    let mut keys: Vec<u64> = (0u64..)
        .zip(out.iter())
        .map(|(i, &o)| option_key(o) << 16 | i)
        .collect();
    // The stable sort merges the sorted runs the plugins append (few).
    keys.sort();
    let old = std::mem::take(out);
    out.reserve(old.len());
    let mut last = None;
    for k in keys {
        if last != Some(k >> 16) {
            last = Some(k >> 16);
            if let Some(&o) = old.get((k & 0xFFFF) as usize) {
                out.push(o);
            }
        }
    }
}

/// An integer of 48 bits that orders figure options as their derived `Ord`
/// does (the canonical order: `Pass`, deployments by kind then location,
/// specials by plugin then code), equal only for equal options.
#[inline]
fn option_key(o: FigureOption) -> u64 {
    match o {
        FigureOption::Pass => 0,
        FigureOption::Deploy { kind, at } => {
            // Location: its variant, then its fields (at most 24 bits).
            let (variant, fields) = match at {
                Location::Feature(f) => (0, u64::from(f.0) << 8),
                Location::Corner(f, c) => (1, u64::from(f.0) << 8 | c as u64),
                Location::Tile(t) => (2, u64::from(t.0) << 8),
                Location::Held(p) => (3, u64::from(p.seat())),
                Location::Area(a) => (4, u64::from(u32::from(a))),
            };
            1 << 46 | u64::from(kind.0) << 32 | variant << 24 | fields
        }
        FigureOption::Special { plugin, code } => {
            2 << 46 | u64::from(plugin) << 32 | u64::from(code)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key orders options as their derived `Ord` does, and tells
    /// different options apart.
    #[test]
    fn option_key_orders_as_the_options_do() {
        let mut opts = vec![FigureOption::Pass];
        for kind in [0, 1, 7] {
            let kind = FigureKindId(kind);
            for at in [
                Location::Feature(FeatureId(0)),
                Location::Feature(FeatureId(300)),
                Location::Corner(FeatureId(2), Corner::NW),
                Location::Corner(FeatureId(2), Corner::SW),
                Location::Corner(FeatureId(9), Corner::NE),
                Location::Tile(TileIndex(0)),
                Location::Tile(TileIndex(65535)),
                Location::Held(PlayerId::new(1).unwrap()),
                Location::Held(PlayerId::new(5).unwrap()),
                Location::Area(AreaId(0)),
                Location::Area(AreaId(255)),
            ] {
                opts.push(FigureOption::Deploy { kind, at });
            }
        }
        for (plugin, code) in [(0, 0), (0, u32::MAX), (3, 7), (255, 1)] {
            opts.push(FigureOption::Special { plugin, code });
        }
        for a in &opts {
            for b in &opts {
                assert_eq!(option_key(*a).cmp(&option_key(*b)), a.cmp(b), "{a:?} {b:?}");
            }
        }
        assert!(opts.iter().all(|&o| option_key(o) < 1 << 48));
        // Shuffled, with repeats: the same list as `sort` and `dedup`.
        let mut mixed: Vec<FigureOption> = opts.iter().rev().chain(&opts).copied().collect();
        mixed.rotate_left(7);
        sort_options(&mut mixed);
        assert_eq!(mixed, opts);
    }
}
