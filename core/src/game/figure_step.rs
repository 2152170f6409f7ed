//! The options of the figure step: the core's offers (the placed tile's
//! features, standing offers), the plugins' additions and vetoes, their
//! checks and their canonical order.

use super::figures::FollowerRoots;
use super::option_order::{place_run, sort_options};
use super::*;

impl Game {
    /// Figure-step options in canonical order: `Pass`, then deployments by (kind,
    /// location), then specials; after the plugins' additions and vetoes.
    pub(super) fn figure_options_into(&self, out: &mut Vec<FigureOption>) -> HookResult {
        if self.rules.stand_masks.is_empty() {
            self.figure_options_with::<false>(out)
        } else {
            self.figure_options_masked(out)
        }
    }

    /// [`Game::figure_options_into`] where the rules have
    /// [`stand_masks`](crate::rules::Rules::stand_masks). Out of line: a
    /// ruleset of one offered kind (base) takes the other copy, inlined.
    #[inline(never)]
    fn figure_options_masked(&self, out: &mut Vec<FigureOption>) -> HookResult {
        self.figure_options_with::<true>(out)
    }

    /// [`Game::figure_options_into`]; `MASKED`: the tile's features are
    /// looked at through the rules' `stand_masks` (a tile of at most 64).
    #[inline(always)]
    fn figure_options_with<const MASKED: bool>(&self, out: &mut Vec<FigureOption>) -> HookResult {
        out.clear();
        out.push(FigureOption::Pass);
        let t = self.turn.last_tile;
        if t == NONE16 {
            return Ok(());
        }
        // Standing offers (`offers`) come in order but for odd cases (a
        // standing deployment onto a feature added to an older tile this
        // turn; the specials and spots of several plugins, which may
        // interleave): checked below.
        let mut check_order = false;
        // Whether a plugin added options (which may deploy anywhere).
        let mut added = false;
        // Per kind, the tile's features the rules let it take (`stand_masks`:
        // none with a single offered kind, or for a tile of more than 64
        // features: every one is checked).
        match MASKED {
            true => match self.placed_feats(t) {
                feats if feats.len() <= 64 => self.masked_offers_into(t, feats, out),
                _ => self.kind_offers_into::<false, false>(t, &[], &[], out),
            },
            false => self.kind_offers_into::<false, false>(t, &[], &[], out),
        }
        // Whether the placed tile brings every open feature (a portal).
        let mut open_here = false;
        if !self.offers.is_empty() {
            (check_order, open_here) = self.standing_offers_into(t, out);
        }
        if self.rules.corner_kinds != 0 && self.any_in_supply(self.rules.corner_kinds) {
            // After every kind's features and the specials, by corner:
            // moved into place when they fit in one gap, or sorted below.
            let from = out.len();
            check_order |= self.corner_offers_into(t, out) && !place_run(out, from);
        }
        if self.wants(hook::FIGURE_OPTIONS) {
            for &i in self.rules.subscribers(hook::FIGURE_OPTIONS) {
                // Each subscriber's narrowing is decided once.
                if self.figure_options_narrowed_away(i)
                    || self.switched_off(i, hook::FIGURE_OPTIONS)
                {
                    continue;
                }
                added = true;
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
                    // Usually appended in order after the list, or in one
                    // gap of it (a special before another plugin's): moved
                    // into place then, instead of a sort below.
                    check_order |= !place_run(out, from);
                }
            }
        }
        // Plugins usually append their options in order after the core's or
        // in one gap (checked above); otherwise two sorted runs, which the
        // stable sort merges in one pass (the unstable one sorts them afresh;
        // equal options are identical, so both give the same list). A long
        // list (every open feature's) is sorted by integer keys.
        if check_order && !out.windows(2).all(|w| w[0] < w[1]) {
            sort_options(out);
        }
        debug_assert!(
            out.windows(2).all(|w| w[0] < w[1]),
            "figure options out of order"
        );
        if self.wants(hook::FILTER_FIGURE_OPTIONS) {
            // Only the placed tile unless an option may deploy elsewhere (a
            // plugin's additions, standing deployments, a magic portal's
            // open features).
            let elsewhere = added || !self.offers.deploy.is_empty() || open_here;
            self.figure_vetoes(out, t, elsewhere)?;
        }
        Ok(())
    }

    /// The standing offers (`Offers`) but the
    /// deployments onto features, which come with the core's own: every open
    /// feature (merged in order), the specials, the spots, into `out`.
    /// Whether the list may be out of order: standing deployments (a feature
    /// added to an older tile this turn), or specials and spots of several
    /// plugins, which may interleave (the specials of one kind of offer come
    /// in order, and so do the spots); and whether placed tile `t` brings
    /// every open feature ([`Game::open_offers_into`]).
    #[inline]
    fn standing_offers_into(&self, t: u16, out: &mut Vec<FigureOption>) -> (bool, bool) {
        let o = &self.offers;
        let open = !o.open.is_empty() && self.open_offered_on(TileIndex(t));
        if open {
            self.open_offers_into(t, out);
        }
        // Standing deployments come in order unless a feature was added
        // since the placed tile's records (this turn): one added to an older
        // tile may fall among those added to the placed tile.
        let mut odd = !o.deploy.is_empty() && self.may_have_added(t);
        // The specials and the spots in the order of their plugins when
        // those of one kind of offer all come before the other's (the
        // fairy's spots before a tower's specials): both in order.
        match (
            o.special.first(),
            o.special.last(),
            o.spots.first(),
            o.spots.last(),
        ) {
            (Some(_), Some(last), Some(&(spots, ..)), _) if last.plugin < spots => {
                self.standing_specials_into(out);
                self.standing_spots_into(out);
            }
            (Some(first), _, Some(_), Some(&(spots, ..))) if spots < first.plugin => {
                self.standing_spots_into(out);
                self.standing_specials_into(out);
            }
            _ => {
                if !o.special.is_empty() {
                    self.standing_specials_into(out);
                }
                if !o.spots.is_empty() {
                    // One plugin's spots and no specials: after every
                    // deployment, in order (strictly increasing codes).
                    // Specials and spots of one plugin, or interleaved
                    // plugins: moved into place when they fit in one gap.
                    let from = out.len();
                    self.standing_spots_into(out);
                    if !o.special.is_empty() || o.spots.len() > 1 {
                        odd |= !place_run(out, from);
                    }
                }
            }
        }
        (odd, open)
    }

    /// The feature records of placed tile `t`'s own features (not those
    /// added to it), in local order.
    #[inline(always)]
    fn placed_feats(&self, t: u16) -> &[Feat] {
        let base = self.board.tiles[t as usize].base.0;
        let n = self.ty_of(t).features.len();
        self.feats
            .recs
            .get(usize::from(base)..usize::from(base) + n)
            .unwrap_or(&[])
    }

    /// [`Game::kind_offers_into`] with the masks of placed tile `t`'s type
    /// (`feats`: its features, at most 64).
    #[inline(always)]
    fn masked_offers_into(&self, t: u16, feats: &[Feat], out: &mut Vec<FigureOption>) {
        let kinds = self.rules.figures.len();
        let ty = self.board.tiles[t as usize].ty.index();
        let masks = self
            .rules
            .stand_masks
            .get(ty * kinds..(ty + 1) * kinds)
            .unwrap_or(&[]);
        if self.offers.deploy.is_empty() {
            self.kind_offers_into::<true, false>(t, feats, masks, out);
        } else {
            self.kind_offers_listed(t, feats, masks, out);
        }
    }

    /// [`Game::kind_offers_into`], masked, with standing deployments (listed
    /// once for every kind). Out of line: a ruleset without standing
    /// deployments, or before the first, takes the copy without them.
    #[inline(never)]
    fn kind_offers_listed(
        &self,
        t: u16,
        feats: &[Feat],
        masks: &[u64],
        out: &mut Vec<FigureOption>,
    ) {
        self.kind_offers_into::<true, true>(t, feats, masks, out);
    }

    /// The core's deployments of every offered kind in the current player's
    /// supply (by kind: standing offers before placed tile `t`'s features,
    /// its features `feats`, features added to it, standing offers after
    /// them), into `out`. `MASKED`: `feats` are the tile's features
    /// ([`Game::placed_feats`]; otherwise read for each kind in supply) and
    /// `masks` holds each kind's
    /// [`Rules::stand_masks`](crate::rules::Rules::stand_masks) for the
    /// tile's type, and only the features it names are checked (with the
    /// roots of the player's followers gathered once); otherwise every
    /// feature is checked in full. Two copies, so that a ruleset of one
    /// offered kind (base) pays nothing for the masks; masked, `LISTED`
    /// (there are standing deployments: their features listed once for
    /// every kind, [`Game::standing_features`]) makes a third.
    #[inline(always)]
    fn kind_offers_into<const MASKED: bool, const LISTED: bool>(
        &self,
        t: u16,
        feats: &[Feat],
        masks: &[u64],
        out: &mut Vec<FigureOption>,
    ) {
        let base = self.board.tiles[t as usize].base.0;
        // Masked, the caller knows (`LISTED`: there are standing offers).
        let standing = match MASKED {
            true => LISTED,
            false => !self.offers.deploy.is_empty(),
        };
        // A kind the tile has nothing for is skipped at once unless there
        // are offers elsewhere (standing ones, features added to the tile).
        let only_tile = !standing && self.added.feats.is_empty();
        // The standing deployments' features, listed once for every kind
        // (`None`: too many to list, each kind reads the offers).
        // Unmasked (base, or a tile of more than 64 features), each kind
        // reads the offers: base pays nothing for the list.
        let listed = match MASKED && LISTED {
            true => self.standing_features(t, base),
            false => None,
        };
        let mut mine = FollowerRoots::new();
        for (k, kind) in self.rules.figures.iter().enumerate() {
            let mask = match MASKED {
                true => masks.get(k).copied(),
                false => None,
            };
            let k = FigureKindId(k as u8);
            // Skipped too when no standing offer is one this kind could
            // take (a tower top for a kind that is not plain).
            if !kind.offered
                || MASKED
                    && mask == Some(0)
                    && (only_tile
                        || self.added.feats.is_empty()
                            && listed.as_ref().is_some_and(|l| l.none_for(kind)))
            {
                continue;
            }
            if self.supply_of(self.turn.current, k) == 0 {
                continue;
            }
            // Unmasked, read here, after the supply: in base most figure
            // steps find the player's followers all on the board.
            let feats = if MASKED { feats } else { self.placed_feats(t) };
            if standing {
                match &listed {
                    Some(l) if l.before().is_empty() || l.none_for(kind) => {}
                    Some(l) => self.deploys_onto(k, kind, l.before().iter().copied(), out),
                    None => self.standing_deploys_into(k, kind, 0..base, t, out),
                }
            }
            let conditions = kind.beside_follower || kind.open_only;
            if let Some(mut mask) = mask {
                #[cfg(debug_assertions)]
                for (i, ft) in feats.iter().enumerate() {
                    let taken = mask >> i & 1 != 0 && self.may_stand_now(k, kind, ft);
                    debug_assert_eq!(taken, self.may_stand_on(k, kind, ft), "{kind:?} {ft:?}");
                }
                while mask != 0 {
                    let i = mask.trailing_zeros() as u16;
                    mask &= mask - 1;
                    let Some(ft) = feats.get(usize::from(i)) else {
                        break;
                    };
                    if self.may_stand_now(k, kind, ft)
                        && (!conditions || self.offer_conditions_with(kind, ft, &mut mine))
                    {
                        out.push(FigureOption::Deploy {
                            kind: k,
                            at: Location::Feature(FeatureId(base + i)),
                        });
                    }
                }
            } else {
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
            }
            // A feature added to the placed tile (a bridge laid with it).
            if self.may_have_added(t) {
                self.deploys_onto(k, kind, self.added_on(t), out);
            }
            if standing {
                match &listed {
                    Some(l) if l.after().is_empty() || l.none_for(kind) => {}
                    Some(l) => self.deploys_onto(k, kind, l.after().iter().copied(), out),
                    None => {
                        let end = base.saturating_add(feats.len() as u16);
                        self.standing_deploys_into(k, kind, end..NONE16, t, out);
                    }
                }
            }
        }
    }

    /// Whether the current player has a figure of one of the kinds `kinds`
    /// (a bit per kind id) in his supply.
    #[inline(always)]
    fn any_in_supply(&self, mut kinds: u64) -> bool {
        while kinds != 0 {
            let k = FigureKindId(kinds.trailing_zeros() as u8);
            kinds &= kinds - 1;
            if self.supply_of(self.turn.current, k) != 0 {
                return true;
            }
        }
        false
    }

    /// The core's offers of the kinds declared
    /// [`at_corner_meetings`](crate::rules::FigureKind::at_corner_meetings)
    /// (`Rules::corner_kinds`) of which the current player has one, at the
    /// corners of placed tile `t` where four field corners meet, into `out`:
    /// the field there (with `one_per_feature`, only one that holds no
    /// figure of the kind). Whether it offered any. Out of line: only
    /// rulesets with such a kind call it.
    #[inline(never)]
    fn corner_offers_into(&self, t: u16, out: &mut Vec<FigureOption>) -> bool {
        let meets = self.corner_meetings(TileIndex(t));
        if meets == 0 {
            return false;
        }
        let from = out.len();
        // The declared kinds' bits, lowest first (usually one kind).
        let mut kinds = self.rules.corner_kinds;
        while kinds != 0 {
            let k = FigureKindId(kinds.trailing_zeros() as u8);
            kinds &= kinds - 1;
            let Some(kind) = self.rules.figures.get(k.index()) else {
                break;
            };
            if self.supply_of(self.turn.current, k) == 0 {
                continue;
            }
            for c in Corner::ALL {
                if meets & (1 << c as u8) == 0 {
                    continue;
                }
                let Some(f) = self.corner_field(TileIndex(t), c) else {
                    continue;
                };
                let root = self.feats.recs[f.index()].parent;
                if kind.one_per_feature && self.kind_stands_in(k, root) {
                    continue;
                }
                out.push(FigureOption::Deploy {
                    kind: k,
                    at: Location::Corner(f, c),
                });
            }
        }
        out.len() != from
    }

    /// The narrowing bits plugin `plugin` declared (none for an unknown index).
    #[inline]
    pub(super) fn plugin_narrowing(&self, plugin: u8) -> u64 {
        self.rules
            .plugins
            .get(usize::from(plugin))
            .map_or(0, |e| e.narrow)
    }

    /// Whether plugin `plugin` narrowed away `filter_figure_options` over
    /// `opts` ([`Narrowed::OptionOn`]): each option that is a deployment on a
    /// tile is outside the case it keeps. The tiles its figures stand on are
    /// gathered once (a plugin has few figures), then each option's tile is
    /// compared with them.
    #[inline]
    pub(super) fn options_narrowed_away(&self, plugin: u8, opts: &[FigureOption]) -> bool {
        let declared = self.plugin_narrowing(plugin);
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

    /// The tiles options `opts` deploy onto ([`Game::option_tile`]), each
    /// once, into `out`; their number, or `None` if `out` is too short.
    pub(super) fn option_tiles(&self, opts: &[FigureOption], out: &mut [u16]) -> Option<usize> {
        let mut n = 0;
        for &o in opts {
            if let Some(t) = self.option_tile(o) {
                if !out[..n].contains(&t.0) {
                    *out.get_mut(n)? = t.0;
                    n += 1;
                }
            }
        }
        Some(n)
    }

    /// Whether plugin `plugin` narrowed away `filter_figure_options` over
    /// options that deploy onto `tiles` only ([`Narrowed::OptionOn`]): none
    /// of its figures stands on one of them (a look at its figures' tiles;
    /// the options' tiles are usually one, the placed tile).
    #[inline(always)]
    pub(super) fn tiles_narrowed_away(&self, plugin: u8, tiles: &[u16]) -> bool {
        let declared = self.plugin_narrowing(plugin);
        declared & crate::narrow::bits::OPTIONS_ON_MY_TILES != 0
            && !self.plugin_figure_on_any(plugin, tiles)
    }

    /// The placed tile a deployment goes onto (its feature's or corner's tile,
    /// or the tile itself); `None` for other options, places off the board and
    /// places that do not exist.
    pub(super) fn option_tile(&self, opt: FigureOption) -> Option<TileIndex> {
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
    /// neutral) stands on placed tile `t`: one look at the plugin's figure
    /// slots (every player's, then its neutral ones), none gathered.
    pub(crate) fn plugin_figure_on_tile(&self, plugin: u8, t: TileIndex) -> bool {
        t.0 != NONE16 && self.plugin_figure_on_any(plugin, &[t.0])
    }

    /// Whether a figure of one of plugin `plugin`'s kinds (anyone's, or
    /// neutral) stands on one of the placed tiles `tiles` (none of them
    /// [`NONE16`]): one look at the plugin's figure slots, each compared
    /// with the few tiles (the tiles beside one: [`Game::tiles_open_to`]).
    /// Always inlined, as [`Game::tiles_narrowed_away`]: a third caller
    /// (`tiles_open_to`) made the optimiser change base's figure step.
    #[inline(always)]
    pub(super) fn plugin_figure_on_any(&self, plugin: u8, tiles: &[u16]) -> bool {
        let Some(e) = self.rules.plugins.get(usize::from(plugin)) else {
            return false;
        };
        let figs = &self.figures.figs;
        let per = usize::from(self.rules.figs_per_player);
        let (first, end) = (usize::from(e.player_slots.0), usize::from(e.player_slots.1));
        if first < end {
            for p in 0..usize::from(self.players) {
                let slots = figs.get(p * per + first..p * per + end).unwrap_or(&[]);
                if slots.iter().any(|g| tiles.contains(&g.tile)) {
                    return true;
                }
            }
        }
        let neutral = per * usize::from(self.players);
        let (first, end) = (
            usize::from(e.neutral_slots.0),
            usize::from(e.neutral_slots.1),
        );
        figs.get(neutral + first..neutral + end)
            .unwrap_or(&[])
            .iter()
            .any(|g| tiles.contains(&g.tile))
    }

    /// Whether no figure of a plugin that may veto a deployment onto a tile
    /// ([`Rules::tile_vetoers`], when every vetoing plugin narrows its veto
    /// to its figures' tiles) stands on one of the tiles `lanes`: then none
    /// vetoes one. One look at those figures' slots, none per plugin.
    #[inline(always)]
    pub(super) fn no_vetoer_on(&self, lanes: &[u16; 4]) -> bool {
        let Some((per_player, neutral)) = &self.rules.tile_vetoers else {
            return false;
        };
        let figs = &self.figures.figs;
        let on = |g: &super::figures::Fig| lanes.contains(&g.tile);
        let per = usize::from(self.rules.figs_per_player);
        for &(first, end) in per_player {
            for p in 0..usize::from(self.players) {
                let (a, b) = (p * per + usize::from(first), p * per + usize::from(end));
                if figs.get(a..b).unwrap_or(&[]).iter().any(on) {
                    return false;
                }
            }
        }
        let base = per * usize::from(self.players);
        !neutral.iter().any(|&(first, end)| {
            let (a, b) = (base + usize::from(first), base + usize::from(end));
            figs.get(a..b).unwrap_or(&[]).iter().any(on)
        })
    }

    /// Whether plugin `plugin` narrowed away `filter_figure_options` over the
    /// one option `opt` ([`Narrowed::OptionOn`]): it is no deployment on a
    /// tile, or none of the plugin's figures stands on its tile (one look at
    /// that tile, no gathering).
    #[inline]
    fn option_narrowed_away(&self, plugin: u8, opt: FigureOption) -> bool {
        let declared = self.plugin_narrowing(plugin);
        if declared & crate::narrow::bits::OPTIONS_ON_MY_TILES == 0 {
            return false;
        }
        self.option_tile(opt)
            .is_none_or(|t| !self.plugin_figure_on_tile(plugin, t))
    }

    /// The tiles on which figures of plugin `plugin`'s kinds stand (every
    /// player's, then the neutral ones: a look at its figure slots), into
    /// `out`, each once; their number, or `None` if `out` is too short.
    /// Plain loops: this runs for every option a plugin's veto may concern.
    pub(super) fn plugin_figure_tiles(&self, plugin: u8, out: &mut [u16]) -> Option<usize> {
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
        // The kind checked last (a plugin offers its deployments by kind).
        let mut supplied = None;
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
                    if supplied != Some(kind) && self.supply_of(self.turn.current, kind) == 0 {
                        return Err(bad(format!(
                            "it offered to deploy a `{}`, but player {} has none in his supply",
                            k.name, self.turn.current
                        )));
                    }
                    supplied = Some(kind);
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

    /// The plugins' vetoes (`filter_figure_options`) over deployments `opts`
    /// onto the placed tiles `tiles` (each once: the tiles beside one,
    /// [`Game::tiles_open_to`]), into `keep`: each plugin asked once for the
    /// list (unless narrowed away: none of its figures on one of the tiles),
    /// as the figure step asks; [`Game::may_deploy`] of each, in one pass.
    pub(crate) fn vetoes_on(
        &self,
        opts: &[FigureOption],
        tiles: &[u16],
        keep: &mut [bool],
    ) -> HookResult {
        if opts.is_empty() || !self.wants(hook::FILTER_FIGURE_OPTIONS) {
            return Ok(());
        }
        dispatch_view!(@each self, hook::FILTER_FIGURE_OPTIONS, |i| self
            .tiles_narrowed_away(i, tiles), |h, v| h
            .filter_figure_options(v, opts, keep));
        Ok(())
    }

    /// Whether the plugins' vetoes (`filter_figure_options`) allow option `opt`.
    pub(super) fn allowed_by_plugins(&self, opt: FigureOption) -> Result<bool, HookError> {
        let mut keep = [true];
        let skip = |i| self.option_narrowed_away(i, opt);
        if self.wants(hook::FILTER_FIGURE_OPTIONS) {
            dispatch_view!(@each self, hook::FILTER_FIGURE_OPTIONS, |i| skip(i), |h, v| h
                .filter_figure_options(v, &[opt], &mut keep));
        }
        Ok(keep[0])
    }
}

/// Whether `tiles` holds `t`: `contains` as a plain loop, always inlined
/// (`<[u16]>::contains` became one shared call out of line once more sites
/// used it, slowing the dragon's steps).
#[inline(always)]
pub(super) fn among(tiles: &[u16], t: u16) -> bool {
    for &x in tiles {
        if x == t {
            return true;
        }
    }
    false
}
