//! Scoring: majorities, points, figures going home, final scoring and farmers.

use super::*;

impl Game {
    pub(super) fn next_stamp(&mut self) -> u32 {
        let s = &mut self.scratch;
        s.stamp = s.stamp.wrapping_add(1);
        if s.stamp == 0 {
            s.tile_stamp.iter_mut().for_each(|x| *x = 0);
            s.feat_stamp.iter_mut().for_each(|x| *x = 0);
            s.stamp = 1;
        }
        if s.tile_stamp.len() < self.tiles.len() {
            s.tile_stamp
                .resize(self.rules.max_tiles.max(self.tiles.len()), 0);
        }
        if s.feat_stamp.len() < self.feats.len() {
            s.feat_stamp
                .resize(self.rules.max_features.max(self.feats.len()), 0);
        }
        s.stamp
    }

    /// Tiles, pennants and completeness of the feature with root `root`.
    pub fn score_info(&mut self, root: FeatureId, reason: ScoreReason) -> ScoreInfo {
        let kind = self.feats[root as usize].kind;
        let stamp = self.next_stamp();
        let (mut tiles, mut pennants) = (0u32, 0u32);
        let mut m = root;
        loop {
            let ft = self.feats[m as usize];
            if self.scratch.tile_stamp[ft.tile as usize] != stamp {
                self.scratch.tile_stamp[ft.tile as usize] = stamp;
                tiles += 1;
            }
            let ty = self.tiles[ft.tile as usize].ty;
            pennants += self.rules.tiles.get(ty).features[ft.local as usize].pennants as u32;
            m = ft.next;
            if m == root {
                break;
            }
        }
        ScoreInfo {
            feature: root,
            kind,
            reason,
            tiles,
            pennants,
            complete: self.is_complete(root),
        }
    }

    /// Base points of the core rules.
    pub(super) fn base_points(&self, info: &ScoreInfo) -> i32 {
        let (t, p) = (info.tiles as i32, info.pennants as i32);
        match (info.kind, info.reason) {
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
                1 + self.tiles[self.feats[info.feature as usize].tile as usize].nbrs as i32
            }
            (FeatureKind::Field | FeatureKind::Spot, _) => 0,
        }
    }

    /// Collects the figures with strength in the set of `root` into scratch and returns strengths.
    pub(super) fn gather(
        &mut self,
        root: FeatureId,
        into: &mut Vec<FigureId>,
        strength: &mut [u8; MAX_PLAYERS],
    ) {
        let mut m = root;
        loop {
            let mut g = self.feats[m as usize].figs;
            while g != NONE16 {
                let s = self.rules.figures[self.figure_kind(g) as usize].strength;
                if s > 0 {
                    into.push(g);
                    strength[self.figure_owner(g) as usize] += s;
                }
                g = self.figs[g as usize].next;
            }
            m = self.feats[m as usize].next;
            if m == root {
                break;
            }
        }
    }

    pub(super) fn winners_of(&self, strength: &[u8; MAX_PLAYERS]) -> PlayerSet {
        let max = *strength.iter().max().unwrap_or(&0);
        let mut w = PlayerSet::EMPTY;
        if max > 0 {
            for p in 0..self.players {
                if strength[p as usize] == max {
                    w.insert(p);
                }
            }
        }
        w
    }

    pub(super) fn resolve_majority(
        &self,
        kind: FeatureKind,
        feature: FeatureId,
        reason: ScoreReason,
        figs: &[FigureId],
        strength: &[u8; MAX_PLAYERS],
    ) -> Result<PlayerSet, HookError> {
        let mut winners = self.winners_of(strength);
        if self.rules.wants(hook::MAJORITY) && !winners.is_empty() {
            let info = MajorityInfo {
                kind,
                feature,
                reason,
                figures: figs,
                strength,
            };
            dispatch_view!(self, hook::MAJORITY, |h, v| h.majority(
                v,
                &info,
                &mut winners
            ));
        }
        Ok(winners)
    }

    /// Scores the feature with root `root` (majority, points, hooks) and returns its
    /// figures that go home on scoring. Returns the points each winner got.
    pub(crate) fn score_feature(
        &mut self,
        root: FeatureId,
        reason: ScoreReason,
    ) -> Result<i32, HookError> {
        let root = self.find_mut(root);
        if self.feats[root as usize].kind == FeatureKind::Field {
            return Ok(0);
        }
        let mut figs = std::mem::take(&mut self.scratch.figs);
        figs.clear();
        let mut strength = [0u8; MAX_PLAYERS];
        self.gather(root, &mut figs, &mut strength);
        if figs.is_empty() {
            self.scratch.figs = figs;
            return Ok(0);
        }
        let kind = self.feats[root as usize].kind;
        let res = self.resolve_majority(kind, root, reason, &figs, &strength);
        self.scratch.figs = figs;
        let winners = res?;
        let info = self.score_info(root, reason);
        let mut points = self.base_points(&info);
        dispatch_view!(self, hook::POINTS, |h, v| h.points(v, &info, &mut points));
        for p in winners.iter() {
            self.scores[p as usize] += points;
            self.breakdown[p as usize][kind as usize] += points;
        }
        self.emit(|| Event::FeatureScored {
            kind,
            reason,
            players: winners,
            points,
            tiles: info.tiles,
        });
        dispatch!(self, hook::FEATURE_SCORED, |h, cx| h
            .feature_scored(cx, &info, winners, points));
        // Figures go home.
        let mut back = std::mem::take(&mut self.scratch.figs);
        let mut mem = std::mem::take(&mut self.scratch.members);
        back.clear();
        mem.clear();
        mem.extend(self.members(root));
        for &m in &mem {
            for g in self.figures_on(m) {
                if self.rules.figures[self.figure_kind(g) as usize].returns_on_score {
                    back.push(g);
                }
            }
        }
        for &g in &back {
            self.return_figure(g)?;
        }
        self.scratch.figs = back;
        self.scratch.members = mem;
        Ok(points)
    }

    /// Final scoring of the core: incomplete features with figures, then farmers.
    pub(super) fn final_scoring(&mut self) -> HookResult {
        let stamp = self.next_stamp();
        let mut roots = Vec::new();
        let mut fields = Vec::new();
        for g in 0..self.figs.len() {
            let f = self.figs[g].feature;
            if f == NONE16 {
                continue;
            }
            let r = self.find_mut(f);
            if self.scratch.feat_stamp[r as usize] == stamp {
                continue;
            }
            self.scratch.feat_stamp[r as usize] = stamp;
            if self.feats[r as usize].kind == FeatureKind::Field {
                fields.push(r);
            } else {
                roots.push(r);
            }
        }
        for r in roots {
            self.score_feature(r, ScoreReason::Final)?;
        }
        self.score_farmers(&fields)
    }

    /// Completed cities bordering the field with root `field`, as city roots.
    pub fn bordering_cities(&mut self, field: FeatureId) -> Vec<FeatureId> {
        let stamp = self.next_stamp();
        let mut out = Vec::new();
        let rules = self.rules.clone();
        let mut m = field;
        loop {
            let ft = self.feats[m as usize];
            let pt = self.tiles[ft.tile as usize];
            for &a in &rules.tiles.get(pt.ty).features[ft.local as usize].adj {
                let c = self.find_mut(pt.base + a as u16);
                if self.feats[c as usize].open == 0 && self.scratch.feat_stamp[c as usize] != stamp
                {
                    self.scratch.feat_stamp[c as usize] = stamp;
                    out.push(c);
                }
            }
            m = ft.next;
            if m == field {
                break;
            }
        }
        out
    }

    pub(super) fn score_farmers(&mut self, fields: &[FeatureId]) -> HookResult {
        let mode = self.rules.options.farmers;
        if mode == FarmerScoring::Off && fields.is_empty() {
            return Ok(());
        }
        let players = self.players as usize;
        match mode {
            FarmerScoring::PerField | FarmerScoring::PerFieldOncePerPlayer | FarmerScoring::Off => {
                let mut scored: Vec<Vec<FeatureId>> = vec![Vec::new(); players];
                for &field in fields {
                    let mut figs = Vec::new();
                    let mut strength = [0u8; MAX_PLAYERS];
                    self.gather(field, &mut figs, &mut strength);
                    if figs.is_empty() {
                        continue;
                    }
                    let winners = self.resolve_majority(
                        FeatureKind::Field,
                        field,
                        ScoreReason::Final,
                        &figs,
                        &strength,
                    )?;
                    let cities = self.bordering_cities(field);
                    let mut best = 0;
                    for p in winners.iter() {
                        let n = if mode == FarmerScoring::PerFieldOncePerPlayer {
                            let mine = &mut scored[p as usize];
                            let fresh: Vec<_> = cities
                                .iter()
                                .copied()
                                .filter(|c| !mine.contains(c))
                                .collect();
                            mine.extend(&fresh);
                            fresh.len()
                        } else {
                            cities.len()
                        };
                        let pts = 3 * n as i32;
                        self.scores[p as usize] += pts;
                        self.breakdown[p as usize][CATEGORY_FARMERS] += pts;
                        best = best.max(pts);
                    }
                    let n = cities.len() as u32;
                    self.emit(|| Event::FarmersScored {
                        players: winners,
                        points: best,
                        cities: n,
                    });
                }
            }
            FarmerScoring::PerCity => {
                // City root -> fields bordering it.
                let mut by_city: Vec<(FeatureId, FeatureId)> = Vec::new();
                for &field in fields {
                    for c in self.bordering_cities(field) {
                        by_city.push((c, field));
                    }
                }
                by_city.sort_unstable();
                let mut i = 0;
                while i < by_city.len() {
                    let city = by_city[i].0;
                    let mut figs = Vec::new();
                    let mut strength = [0u8; MAX_PLAYERS];
                    while i < by_city.len() && by_city[i].0 == city {
                        self.gather(by_city[i].1, &mut figs, &mut strength);
                        i += 1;
                    }
                    if figs.is_empty() {
                        continue;
                    }
                    let winners = self.resolve_majority(
                        FeatureKind::Field,
                        city,
                        ScoreReason::Final,
                        &figs,
                        &strength,
                    )?;
                    for p in winners.iter() {
                        self.scores[p as usize] += 4;
                        self.breakdown[p as usize][CATEGORY_FARMERS] += 4;
                    }
                    self.emit(|| Event::FarmersScored {
                        players: winners,
                        points: 4,
                        cities: 1,
                    });
                }
            }
        }
        Ok(())
    }
}
