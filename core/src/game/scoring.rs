//! Scoring: one pipeline for every feature and every farmer unit — strength,
//! majority (`majority` hooks), base points, per-player adjustments (`points`
//! hooks, booked per plugin), award, `feature_scored` hooks — and the figures
//! that go home.

use super::*;
use crate::rules::BASE_CATEGORIES;
use features::{NOT_FOR_FARMERS, WITHHELD};

/// The scoring hooks' indices in [`HOLDING`](crate::rules::narrowed::HOLDING).
const VALUE: usize = 0;
const BONUS: usize = 1;
const SCORED: usize = 2;

/// Score category of the base points of a feature kind.
pub(super) fn category_of(kind: FeatureKind) -> usize {
    match kind {
        FeatureKind::Road => 0,
        FeatureKind::City => 1,
        FeatureKind::Cloister | FeatureKind::Spot => 2,
        FeatureKind::Field => crate::rules::CATEGORY_FARMERS,
        // Never scored (refused by `score_feature`); booked nowhere in effect.
        FeatureKind::Barrier => 0,
    }
}

impl Game {
    pub(super) fn next_stamp(&mut self) -> u32 {
        let s = &mut self.scratch;
        s.stamp = s.stamp.wrapping_add(1);
        if s.stamp == 0 {
            s.tile_stamp.iter_mut().for_each(|x| *x = 0);
            s.feat_stamp.iter_mut().for_each(|x| *x = 0);
            s.stamp = 1;
        }
        if s.tile_stamp.len() < self.board.tiles.len() {
            s.tile_stamp
                .resize(self.rules.max_tiles.max(self.board.tiles.len()), 0);
        }
        if s.feat_stamp.len() < self.feats.len() {
            s.feat_stamp
                .resize(self.rules.max_features.max(self.feats.len()), 0);
        }
        s.stamp
    }

    /// Distinct tiles and pennants of the set with root `root`.
    pub(super) fn tiles_and_pennants(&mut self, root: u16) -> (u32, u32) {
        let stamp = self.next_stamp();
        let (mut tiles, mut pennants) = (0u32, 0u32);
        let mut m = root;
        loop {
            let ft = self.feats.recs[m as usize];
            if self.scratch.tile_stamp[ft.tile as usize] != stamp {
                self.scratch.tile_stamp[ft.tile as usize] = stamp;
                tiles += 1;
            }
            pennants += u32::from(ft.pennants);
            m = ft.next;
            if m == root {
                break;
            }
        }
        (tiles, pennants)
    }

    /// Base points of the core rules for a road, city, cloister or spot.
    pub(super) fn base_points(
        &self,
        kind: FeatureKind,
        reason: ScoreReason,
        root: u16,
        tiles: u32,
        pennants: u32,
    ) -> i32 {
        let (t, p) = (tiles as i32, pennants as i32);
        match (kind, reason) {
            (FeatureKind::Road, _) => t,
            (FeatureKind::City, ScoreReason::Completed) => {
                if t == 2 && self.rules.options.tiny_city == 2 {
                    t + p
                } else {
                    2 * (t + p)
                }
            }
            (FeatureKind::City, _) => t + p,
            (FeatureKind::Cloister, ScoreReason::Completed) => 9,
            (FeatureKind::Cloister, _) => {
                1 + self.board.tiles[self.feats.recs[root as usize].tile as usize].nbrs as i32
            }
            (FeatureKind::Field | FeatureKind::Spot | FeatureKind::Barrier, _) => 0,
        }
    }

    /// The strength of figure `fig` in the feature with root `root`.
    fn strength_in(&self, fig: u16, root: u16) -> Result<u16, HookError> {
        let kind = self.kind_of(fig);
        let k = &self.rules.figures[kind.index()];
        if !k.computed_strength {
            return Ok(u16::from(k.strength));
        }
        let mut s = 0u16;
        if let Some(Some(pi)) = self.rules.kind_plugin.get(kind.index()) {
            let p = &self.rules.plugins[*pi as usize];
            if p.subs & hook::FIGURE_STRENGTH != 0 {
                p.hooks.figure_strength(
                    &View {
                        game: self,
                        plugin: *pi,
                    },
                    FigureId(fig),
                    FeatureId(root),
                    &mut s,
                )?;
            }
        }
        Ok(s)
    }

    /// Collects the figures of the set with root `root`: those with strength > 0
    /// into `figs`, their strength per player into `strength`. Returns how many
    /// figures stand there at all, and how many of them are followers.
    pub(super) fn gather(
        &self,
        root: u16,
        figs: &mut Vec<FigureId>,
        strength: &mut [u16; MAX_PLAYERS],
    ) -> Result<(usize, usize), HookError> {
        let (mut all, mut followers) = (0, 0);
        let mut m = root;
        loop {
            let mut g = self.feats.recs[m as usize].figs;
            while g != NONE16 {
                all += 1;
                let kind = self.kind_of(g);
                if self.rules.figures[kind.index()].follower {
                    followers += 1;
                }
                if let Some(owner) = self.owner_of(g) {
                    let s = self.strength_in(g, root)?;
                    if s > 0 {
                        figs.push(FigureId(g));
                        let x = &mut strength[owner.index()];
                        *x = x.saturating_add(s);
                    }
                }
                g = self.figures.figs[g as usize].next;
            }
            m = self.feats.recs[m as usize].next;
            if m == root {
                break;
            }
        }
        Ok((all, followers))
    }

    pub(super) fn winners_of(&self, strength: &[u16; MAX_PLAYERS]) -> PlayerSet {
        let max = *strength.iter().max().unwrap_or(&0);
        let mut w = PlayerSet::EMPTY;
        if max > 0 {
            for p in PlayerId::all(self.players) {
                if strength[p.index()] == max {
                    w.insert(p);
                }
            }
        }
        w
    }

    /// The winners of a majority: the players with the most strength, refined by the
    /// `majority` hooks.
    pub(super) fn resolve_majority(&self, info: &ScoreInfo<'_>) -> Result<PlayerSet, HookError> {
        let mut winners = self.winners_of(&info.strength);
        if self.wants(hook::MAJORITY) && !winners.is_empty() {
            // Each subscriber unless it narrowed the call away with the winners
            // it would see (`bits::MAJORITY_TIED`).
            for &i in self.rules.subscribers(hook::MAJORITY) {
                if self.narrowed_away(i, Narrowed::Majority(winners))
                    || self.switched_off(i, hook::MAJORITY)
                {
                    continue;
                }
                if let Some(p) = self.rules.plugins.get(usize::from(i)) {
                    let v = &View {
                        game: self,
                        plugin: i,
                    };
                    p.hooks.majority(v, info, &mut winners)?;
                }
            }
            let all = PlayerSet(((1u16 << self.players) - 1) as u8);
            winners = PlayerSet(winners.0 & all.0);
        }
        Ok(winners)
    }

    /// Pays a scored unit in the layers of ARCHITECTURE.md (*Composition*):
    /// the value (`base`, changed by the `feature_value` hooks, combined so that
    /// their order does not matter) to each winner, then the bonuses of the
    /// `bonus` hooks (summed); points are awarded and booked (the base in the
    /// feature's category, each plugin's change in its own); then the
    /// `feature_scored` hooks run, with the combined value in `info.value`.
    /// The base is booked in score category `category` (the feature kind's,
    /// [`category_of`], or a plugin's for [`ScoreReason::Proxy`]).
    pub(super) fn pay(
        &mut self,
        info: &ScoreInfo<'_>,
        winners: PlayerSet,
        base: i32,
        category: usize,
    ) -> Result<Points, HookError> {
        let mut deltas = std::mem::take(&mut self.scratch.deltas);
        deltas.clear();
        let mut pts = Points {
            winners,
            amounts: [0; MAX_PLAYERS],
        };
        let r = self.value_and_bonus(info, winners, base, &mut pts, &mut deltas);
        // What each player gets is the base (a winner's) and every plugin's
        // change, each booked in its category.
        for pid in PlayerId::all(self.players) {
            let p = pid.index();
            if winners.contains(pid) {
                self.book(p, category, base);
            }
            for (i, d) in &deltas {
                self.book(p, BASE_CATEGORIES.len() + *i as usize, d[p]);
            }
        }
        self.scratch.deltas = deltas;
        let value = r?;
        let (feature, kind, reason, tiles) = (info.feature, info.kind, info.reason, info.tiles);
        let cities = if kind == FeatureKind::Field {
            info.cities.len() as u32
        } else {
            0
        };
        self.emit(|| Event::FeatureScored {
            feature,
            kind,
            reason,
            winners,
            points: pts.amounts,
            tiles,
            cities,
        });
        // The hooks see the combined value (a copy of `info` made only for them).
        if self.wants(hook::FEATURE_SCORED) {
            let skips = self.scored_skips(kind);
            let held = self.held_for(SCORED, skips, info);
            if !self.scored_by_nobody(kind, held) {
                self.dispatch_scored(&ScoreInfo { value, ..*info }, &pts, held)?;
            }
        }
        Ok(pts)
    }

    /// The `feature_scored` hooks of a scored unit, to the subscribers that
    /// did not narrow the call away (outside their logging case, for a
    /// feature kind they skip, or a unit none of their figures stands in:
    /// `held` ([`Game::held_for`]) until one was called, then looked at again
    /// at each one's turn, as an earlier one may have moved figures).
    /// Its callers test first that some subscriber hears the call
    /// ([`Game::wants`], then [`Game::scored_by_nobody`]), so most scorings
    /// make one call and cross into nothing.
    #[inline(never)]
    fn dispatch_scored(&mut self, info: &ScoreInfo<'_>, pts: &Points, held: u64) -> HookResult {
        let bit = hook::FEATURE_SCORED;
        let skips = self.scored_skips(info.kind);
        let called = std::cell::Cell::new(false);
        dispatch!(@each self, bit, |i| {
            let skip = self.skips(i, skips) || self.scored_holds_none(i, info, held, called.get());
            called.set(called.get() || !skip);
            skip
        }, |h, cx| h.feature_scored(cx, info, pts));
        Ok(())
    }

    /// Books `points` for player `p` (an index) in score category `cat`: his
    /// score and that category's entry of his breakdown change by the same
    /// amount, so that they keep adding up. An amount that would carry
    /// either past the range of `i32` is cut to what both can take (scores
    /// saturate; they never wrap). Returns the amount booked.
    #[inline]
    pub(super) fn book(&mut self, p: usize, cat: usize, points: i32) -> i32 {
        let at = p * self.rules.score_categories.len() + cat;
        let (Some(&score), Some(&entry)) = (self.turn.scores.get(p), self.turn.breakdown.get(at))
        else {
            return 0;
        };
        let booked = match (score.checked_add(points), entry.checked_add(points)) {
            (Some(_), Some(_)) => points,
            _ => {
                let room = |x: i32| {
                    (
                        i64::from(i32::MIN) - i64::from(x),
                        i64::from(i32::MAX) - i64::from(x),
                    )
                };
                let ((lo, hi), (lo2, hi2)) = (room(score), room(entry));
                i64::from(points).clamp(lo.max(lo2), hi.min(hi2)) as i32
            }
        };
        self.turn.scores[p] = score + booked;
        self.turn.breakdown[at] = entry + booked;
        booked
    }

    /// The value and bonus layers of [`Game::pay`]: fills `pts` with what
    /// every player gets, and `deltas` with each plugin's share of it beyond
    /// the base (by plugin index); returns the combined value. On a hook error
    /// `pts` holds the base award (`deltas` what was booked so far), so the
    /// books still add up.
    fn value_and_bonus(
        &self,
        info: &ScoreInfo<'_>,
        winners: PlayerSet,
        base: i32,
        pts: &mut Points,
        deltas: &mut Vec<(u8, [i32; MAX_PLAYERS])>,
    ) -> Result<i32, HookError> {
        for p in winners.iter() {
            pts.set(p, base);
        }
        // The value layer: every plugin sees `base`, never another's change.
        // Without winners it is computed only for the `feature_scored` hooks.
        let mut value = base;
        if self.wants(hook::FEATURE_VALUE)
            && (!winners.is_empty() || self.wants(hook::FEATURE_SCORED))
        {
            value = self.value_layer(info, winners, base, deltas)?;
            for p in winners.iter() {
                pts.set(p, value);
            }
        }
        // The bonus layer: every plugin sees the same award; bonuses add up.
        if self.wants(hook::BONUS) {
            let award = *pts;
            let info = &ScoreInfo { value, ..*info };
            let skips = self.scoring_skips(Narrowed::bonus_of(info.kind));
            let held = self.held_for(BONUS, skips, info);
            for &i in self.rules.subscribers(hook::BONUS) {
                let Some(p) = self.rules.plugins.get(usize::from(i)) else {
                    continue;
                };
                if p.narrow & skips != 0
                    || self.switched_off(i, hook::BONUS)
                    || self.holds_none(p, i, Narrowed::BonusHolds(held))
                {
                    continue;
                }
                let mut bonus = Points {
                    winners,
                    amounts: [0; MAX_PLAYERS],
                };
                let v = View {
                    game: self,
                    plugin: i,
                };
                p.hooks.bonus(&v, info, &award, &mut bonus)?;
                if bonus.amounts != [0; MAX_PLAYERS] {
                    for (t, b) in pts.amounts.iter_mut().zip(bonus.amounts) {
                        *t = t.saturating_add(b);
                    }
                    deltas.push((i, bonus.amounts));
                }
            }
        }
        Ok(value)
    }

    /// The value layer: `base` changed by every `feature_value` hook (void
    /// wins, else the highest set or the base, plus every add, times every
    /// scale: [`scaled_values`]); each plugin's change per winner goes to
    /// `deltas`. Returns the combined value.
    fn value_layer(
        &self,
        info: &ScoreInfo<'_>,
        winners: PlayerSet,
        base: i32,
        deltas: &mut Vec<(u8, [i32; MAX_PLAYERS])>,
    ) -> Result<i32, HookError> {
        let per_winner = |v: i32| {
            let mut d = [0; MAX_PLAYERS];
            for p in winners.iter() {
                d[p.index()] = v;
            }
            d
        };
        // Combined in plugin index order (the declaration order, which does
        // not depend on the run order): the first voiding plugin books the
        // loss, the first with the highest set books its difference.
        let (mut void, mut set) = (None::<u8>, None::<(u8, i32)>);
        let (mark, mut added) = (deltas.len(), 0i32);
        // The plugins that scale the value, in index order (rare: a witch).
        let mut scales: Option<Vec<(u8, u32, u32)>> = None;
        let skips = self.scoring_skips(Narrowed::value_of(info.kind));
        let held = self.held_for(VALUE, skips, info);
        for &i in self.rules.subscribers(hook::FEATURE_VALUE) {
            let Some(p) = self.rules.plugins.get(usize::from(i)) else {
                continue;
            };
            if p.narrow & skips != 0
                || self.switched_off(i, hook::FEATURE_VALUE)
                || self.holds_none(p, i, Narrowed::ValueHolds(held))
            {
                continue;
            }
            let mut c = ValueChange::default();
            let v = View {
                game: self,
                plugin: i,
            };
            p.hooks.feature_value(&v, info, base, &mut c)?;
            if c.void && void.is_none_or(|j| i < j) {
                void = Some(i);
            }
            if c.has_set && set.is_none_or(|(j, s)| c.set > s || (c.set == s && i < j)) {
                set = Some((i, c.set));
            }
            if c.add != 0 {
                added = added.saturating_add(c.add);
                deltas.push((i, per_winner(c.add)));
            }
            if let Some((n, d)) = c.scaled() {
                scales.get_or_insert_with(Vec::new).push((i, n, d));
            }
        }
        if let Some(i) = void {
            deltas.truncate(mark);
            if base != 0 {
                deltas.push((i, per_winner(-base)));
            }
            return Ok(0);
        }
        let mut value = base;
        if let Some((i, s)) = set {
            value = s;
            if s != base {
                deltas.push((i, per_winner(s.saturating_sub(base))));
            }
        }
        let value = value.saturating_add(added);
        Ok(match scales {
            None => value,
            Some(scales) => {
                let scaled = scaled_values(value, &scales);
                let mut before = value;
                for (&(i, ..), &after) in scales.iter().zip(&scaled) {
                    if after != before {
                        deltas.push((i, per_winner(after.saturating_sub(before))));
                    }
                    before = after;
                }
                before
            }
        })
    }

    /// The value of a completed feature nobody occupies, for its
    /// `feature_scored` hooks: the value layer, nobody paid.
    pub(super) fn unpaid_value(
        &mut self,
        info: &ScoreInfo<'_>,
        base: i32,
    ) -> Result<i32, HookError> {
        if !self.wants(hook::FEATURE_VALUE) {
            return Ok(base);
        }
        let mut deltas = std::mem::take(&mut self.scratch.deltas);
        deltas.clear();
        let r = self.value_layer(info, PlayerSet::EMPTY, base, &mut deltas);
        self.scratch.deltas = deltas;
        r
    }

    /// Scores the road, city, cloister or spot containing `f`: majority, points,
    /// hooks; then its figures that return on scoring go home. A feature holding no
    /// figure only gets its `feature_scored` notice (when completed). Fields are not
    /// scored here (see the farmer scorings); a barrier holds no figure and gets
    /// no notice.
    pub(crate) fn score_feature(
        &mut self,
        f: FeatureId,
        reason: ScoreReason,
    ) -> Result<Points, HookError> {
        self.score_feature_with(f, reason, None)
    }

    /// Scores the road, city, cloister or spot containing `f` (withheld or
    /// not) for plugin `plugin` at `value` base points, reason
    /// [`ScoreReason::Proxy`]: the pipeline of [`Game::score_feature`], the
    /// base booked in the plugin's category ([`Cx::score_by_proxy`]).
    pub(crate) fn score_by_proxy(
        &mut self,
        f: FeatureId,
        value: i32,
        plugin: u8,
    ) -> Result<Points, HookError> {
        let category = BASE_CATEGORIES.len() + usize::from(plugin);
        self.score_feature_with(f, ScoreReason::Proxy, Some((value, category)))
    }

    /// [`Game::score_feature`], with the base points and their category given
    /// (`proxy`) instead of the core's.
    fn score_feature_with(
        &mut self,
        f: FeatureId,
        reason: ScoreReason,
        proxy: Option<(i32, usize)>,
    ) -> Result<Points, HookError> {
        if f.index() >= self.feats.len() {
            return Ok(Points::default());
        }
        let root = self.feats.root(f.0);
        let kind = self.feats.recs[root as usize].kind;
        if kind == FeatureKind::Field {
            return Ok(Points::default());
        }
        let mut figs = std::mem::take(&mut self.scratch.figs);
        figs.clear();
        let mut strength = [0u16; MAX_PLAYERS];
        let gathered = self.gather(root, &mut figs, &mut strength);
        let (tiles, pennants) = self.tiles_and_pennants(root);
        let r = gathered.and_then(|(all, _)| {
            if all == 0 && reason == ScoreReason::Completed && kind != FeatureKind::Barrier {
                // Completed with nobody in it: scored for nobody, and said so
                // (a barrier never holds a figure and is never scored).
                self.emit(|| Event::FeatureScored {
                    feature: FeatureId(root),
                    kind,
                    reason,
                    winners: PlayerSet::EMPTY,
                    points: [0; MAX_PLAYERS],
                    tiles,
                    cities: 0,
                });
            }
            if all == 0
                && (reason != ScoreReason::Completed
                    || !self.wants(hook::FEATURE_SCORED)
                    || self.scored_by_nobody(kind, 0)
                    || kind == FeatureKind::Barrier)
            {
                return Ok(Points::default());
            }
            let (base, category) = match proxy {
                Some(p) => p,
                None => (
                    self.base_points(kind, reason, root, tiles, pennants),
                    category_of(kind),
                ),
            };
            let info = ScoreInfo {
                feature: FeatureId(root),
                kind,
                reason,
                complete: self.complete(root),
                tiles,
                pennants,
                cities: &[],
                fields: &[],
                field_winners: &[],
                figures: &figs,
                strength,
                value: base,
            };
            if all == 0 {
                // Nobody occupies it: its value, nobody paid.
                let info = ScoreInfo {
                    value: self.unpaid_value(&info, base)?,
                    ..info
                };
                let pts = Points::default();
                // `scored_by_nobody` said no above: somebody hears it.
                // Nobody stands in it: no holding case holds.
                self.dispatch_scored(&info, &pts, 0)?;
                return Ok(pts);
            }
            let winners = self.resolve_majority(&info)?;
            self.pay(&info, winners, base, category)
        });
        self.scratch.figs = figs;
        let pts = r?;
        self.return_scored_figures(root)?;
        Ok(pts)
    }

    /// Sends home the figures of the set with root `root` whose kind returns on scoring.
    fn return_scored_figures(&mut self, root: u16) -> HookResult {
        let mut back = std::mem::take(&mut self.scratch.figs);
        let mut mem = std::mem::take(&mut self.scratch.members);
        back.clear();
        mem.clear();
        let mut m = root;
        loop {
            mem.push(FeatureId(m));
            m = self.feats.recs[m as usize].next;
            if m == root {
                break;
            }
        }
        for &m in &mem {
            let mut g = self.feats.recs[m.index()].figs;
            while g != NONE16 {
                if self.rules.figures[self.kind_of(g).index()].returns_on_score {
                    back.push(FigureId(g));
                }
                g = self.figures.figs[g as usize].next;
            }
        }
        let mut r = Ok(());
        for &g in &back {
            r = self.return_figure(g);
            if r.is_err() {
                break;
            }
        }
        self.scratch.figs = back;
        self.scratch.members = mem;
        r
    }

    /// Marks the set of `f` as withheld ([`Cx::withhold_feature`]) and takes it
    /// out of this turn's scoring step if it has not been scored yet.
    pub(crate) fn withhold(&mut self, f: FeatureId) -> bool {
        let Some(r) = self.find(f) else {
            return false;
        };
        self.feats.recs[r.index()].flags |= WITHHELD;
        let from = usize::from(self.turn.scored).min(self.turn.done.len());
        if let Some(i) = self.turn.done[from..].iter().position(|&d| d == r) {
            self.turn.done.remove(from + i);
        }
        true
    }

    /// Marks the set of `f` as no city for farmers
    /// ([`Cx::exclude_from_farmers`]).
    pub(crate) fn exclude_from_farmers(&mut self, f: FeatureId) -> bool {
        let Some(r) = self.find(f) else {
            return false;
        };
        self.feats.recs[r.index()].flags |= NOT_FOR_FARMERS;
        true
    }

    /// Whether the set with root `root` is complete (roads, cities: no open side;
    /// fields: closed; cloisters and spots: surrounded). A barrier is never
    /// scored: [`Game::is_complete`] says it is never complete.
    pub(super) fn complete(&self, root: u16) -> bool {
        let ft = &self.feats.recs[root as usize];
        if ft.kind.is_centre() {
            self.board.tiles[ft.tile as usize].nbrs == 8
        } else {
            ft.open == 0
        }
    }

    /// Final scoring of the core: every unfinished feature holding a figure, then
    /// the farmers; withheld features are left out.
    pub(super) fn final_scoring(&mut self) -> HookResult {
        let stamp = self.next_stamp();
        let mut roots = Vec::new();
        let mut fields = Vec::new();
        for g in 0..self.figures.figs.len() {
            let f = self.figures.figs[g].feature;
            if f == NONE16 {
                continue;
            }
            let r = self.feats.root(f);
            if self.scratch.feat_stamp[r as usize] == stamp {
                continue;
            }
            self.scratch.feat_stamp[r as usize] = stamp;
            if self.feats.recs[r as usize].flags & WITHHELD != 0 {
                // Never scored by the core; its figures stay.
                continue;
            }
            if self.feats.recs[r as usize].kind == FeatureKind::Field {
                fields.push(FeatureId(r));
            } else {
                roots.push(FeatureId(r));
            }
        }
        for r in roots {
            self.score_feature(r, ScoreReason::Final)?;
        }
        self.score_farmers_final(&fields)
    }
}

/// `value` multiplied by the scales of `scales` (plugin, numerator,
/// denominator; in plugin index order), one value after each: the product of
/// the first scales ([`ValueChange::scale`] multiplies and reduces them),
/// applied to `value` and rounded to the nearest whole number, halves up.
/// The last is the value of every scale, whatever their order; each plugin is
/// booked what its scale changed after those before it.
fn scaled_values(value: i32, scales: &[(u8, u32, u32)]) -> Vec<i32> {
    let mut product = ValueChange::default();
    scales
        .iter()
        .map(|&(_, n, d)| {
            product.scale(n, d);
            let (num, den) = product
                .scaled()
                .map_or((1, 1), |(n, d)| (i128::from(n), i128::from(d)));
            // round(value × num / den), halves up: floor((2 v n + d) / 2 d).
            let r = (2 * i128::from(value) * num + den).div_euclid(2 * den);
            r.clamp(i128::from(i32::MIN), i128::from(i32::MAX)) as i32
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::scaled_values;

    /// Scales multiply (each value after the scales so far), rounded to the
    /// nearest whole number with halves up, negatives too; many large
    /// fractions neither overflow nor lose the value's sign.
    #[test]
    fn scaled_values_multiply_and_round_halves_up() {
        assert_eq!(scaled_values(5, &[(0, 1, 2)]), [3]);
        assert_eq!(scaled_values(-5, &[(0, 1, 2)]), [-2]);
        assert_eq!(scaled_values(7, &[(0, 1, 2), (1, 2, 3)]), [4, 2]);
        assert_eq!(scaled_values(9, &[(0, 3, 1), (1, 1, 0)]), [27, 27]);
        let big = [(0, u32::MAX, u32::MAX - 2); 8];
        let v = scaled_values(i32::MAX, &big);
        assert!(v.iter().all(|&x| x > 0), "{v:?}");
        let v = scaled_values(i32::MIN, &big);
        assert!(v.iter().all(|&x| x < 0), "{v:?}");
    }
}
