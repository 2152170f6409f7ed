//! Farmer scoring (rulings F1–F4) through the same pipeline as every feature:
//! each unit (a field, or a completed city with the fields around it) has its
//! majority resolved by the `majority` hooks, its base points per winner, the
//! `points` hooks (a pig, a fairy) and the `feature_scored` hooks.

use super::*;
use crate::rules::FarmerScoring;
use scoring::category_of;

impl Game {
    /// Completed cities bordering the field with root `field` that count for
    /// farmers, as city roots, into `out` (each once, in the order met): the
    /// one answer to "which cities does this field pay for", read by every
    /// farmer unit (F1–F3), by plugins through [`Game::bordering_cities`] (a
    /// barn's final points, the fairy's `farmer-bonus`) and
    /// `ScoreInfo::cities` (a pig). A city a plugin excluded
    /// (`Cx::exclude_from_farmers`) is left out.
    pub(super) fn bordering_cities_into(&mut self, field: u16, out: &mut Vec<FeatureId>) {
        out.clear();
        self.each_bordering_city(field, |c| out.push(FeatureId(c)));
        let stamp = self.next_stamp();
        let stamps = &mut self.scratch.feat_stamp;
        out.retain(|c| std::mem::replace(&mut stamps[c.index()], stamp) != stamp);
    }

    /// Completed cities bordering the field containing `f` that count for
    /// farmers, as city roots in increasing order: the cities whose farmer
    /// units (F2, F3) hold that field, the first of them scored first. Empty
    /// if `f` is no field or borders no such city.
    pub fn bordering_cities(&self, f: FeatureId) -> Vec<FeatureId> {
        let mut out = Vec::new();
        if let Some(root) = self.field_root(f) {
            self.each_bordering_city(root, |c| out.push(FeatureId(c)));
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Calls `each` with the root of every completed city counting for
    /// farmers beside a part of the field with root `field`: a city once per
    /// side it borders.
    fn each_bordering_city(&self, field: u16, mut each: impl FnMut(u16)) {
        let types = &self.rules.tiles.types;
        let mut m = field;
        loop {
            let ft = self.feats.recs[m as usize];
            let pt = self.board.tiles[ft.tile as usize];
            // A field added at run time borders no city (it has no tile data).
            let adj = types[pt.ty.index()]
                .features
                .get(ft.local as usize)
                .map_or(&[][..], |f| &f.adj);
            for &a in adj {
                let c = self.feats.root(pt.base.0 + a as u16);
                let rec = self.feats.recs[c as usize];
                if rec.open == 0 && rec.flags & features::NOT_FOR_FARMERS == 0 {
                    each(c);
                }
            }
            m = ft.next;
            if m == field {
                break;
            }
        }
    }

    /// The root of the field containing `f`; `None` if `f` is no field.
    fn field_root(&self, f: FeatureId) -> Option<u16> {
        if f.index() >= self.feats.len() {
            return None;
        }
        let root = self.feats.root(f.0);
        (self.feats.recs[root as usize].kind == FeatureKind::Field).then_some(root)
    }

    /// Scores the farmers of one field as a unit: the majority of its farmers wins
    /// `per_city` points per completed city bordering it. Used for F1 and by plugins
    /// (`Cx::score_farmers`: a barn's farmers). Nothing happens, and `None` is
    /// returned, when no follower stands in the field. Figures stay where they are.
    pub(crate) fn score_field(
        &mut self,
        field: FeatureId,
        per_city: i32,
        reason: ScoreReason,
    ) -> Result<Option<Points>, HookError> {
        let Some(root) = self.field_root(field) else {
            return Ok(None);
        };
        // Scratch lists, taken for the unit (a nested scoring from a hook gets
        // fresh ones) and given back.
        let mut figs = std::mem::take(&mut self.scratch.field_figs);
        figs.clear();
        let mut strength = [0u16; MAX_PLAYERS];
        let (_, followers) = match self.gather(root, &mut figs, &mut strength) {
            Ok(x) => x,
            Err(e) => {
                self.scratch.field_figs = figs;
                return Err(e);
            }
        };
        if followers == 0 {
            self.scratch.field_figs = figs;
            return Ok(None);
        }
        let mut cities_here = std::mem::take(&mut self.scratch.cities);
        self.bordering_cities_into(root, &mut cities_here);
        let r = self.pay_field(root, &figs, &cities_here, strength, per_city, reason);
        self.scratch.field_figs = figs;
        self.scratch.cities = cities_here;
        r.map(Some)
    }

    /// The value of one field unit, per winner, were it scored now at
    /// `per_city` points per completed bordering city: the base, changed by
    /// the `feature_value` hooks (a castle's point more), nobody paid and no
    /// hook but the value layer run (`Cx::farmer_value`: a barn's final
    /// scoring, which pays its owners rather than a majority). `None` if `f`
    /// is no field.
    pub(crate) fn field_value(
        &mut self,
        f: FeatureId,
        per_city: i32,
        reason: ScoreReason,
    ) -> Result<Option<i32>, HookError> {
        let Some(root) = self.field_root(f) else {
            return Ok(None);
        };
        let mut figs = Vec::new();
        let mut strength = [0u16; MAX_PLAYERS];
        self.gather(root, &mut figs, &mut strength)?;
        let mut cities = Vec::new();
        self.bordering_cities_into(root, &mut cities);
        let (tiles, pennants) = self.tiles_and_pennants(root);
        let fields = [FeatureId(root)];
        let base = per_city.saturating_mul(cities.len() as i32);
        let info = ScoreInfo {
            feature: FeatureId(root),
            kind: FeatureKind::Field,
            reason,
            complete: self.complete(root),
            tiles,
            pennants,
            cities: &cities,
            fields: &fields,
            field_winners: &[],
            figures: &figs,
            strength,
            value: base,
        };
        self.unpaid_value(&info, base).map(Some)
    }

    /// The majority and payment of one field unit (F1, a barn).
    fn pay_field(
        &mut self,
        root: u16,
        figs: &[FigureId],
        cities_here: &[FeatureId],
        strength: [u16; MAX_PLAYERS],
        per_city: i32,
        reason: ScoreReason,
    ) -> Result<Points, HookError> {
        let (tiles, pennants) = self.tiles_and_pennants(root);
        let fields = [FeatureId(root)];
        let base = per_city.saturating_mul(cities_here.len() as i32);
        let mut info = ScoreInfo {
            feature: FeatureId(root),
            kind: FeatureKind::Field,
            reason,
            complete: self.complete(root),
            tiles,
            pennants,
            cities: cities_here,
            fields: &fields,
            field_winners: &[],
            figures: figs,
            strength,
            value: base,
        };
        let winners = self.resolve_majority(&info)?;
        let field_winners = [winners];
        info.field_winners = &field_winners;
        self.pay(&info, winners, base, category_of(FeatureKind::Field))
    }

    /// The farmers at game end: `fields` are the field roots holding a figure.
    pub(super) fn score_farmers_final(&mut self, fields: &[FeatureId]) -> HookResult {
        match self.rules.options.farmers {
            FarmerScoring::PerField | FarmerScoring::Off => {
                for &f in fields {
                    self.score_field(f, 3, ScoreReason::Final)?;
                }
                Ok(())
            }
            FarmerScoring::PerFieldOncePerPlayer => self.score_farmers_by_city(fields, false),
            FarmerScoring::PerCity => self.score_farmers_by_city(fields, true),
        }
    }

    /// F2 and F3: one unit per completed city with every field around it holding a
    /// farmer. F3 (`joint`): the majority over all those fields wins 4. F2: each
    /// field's own majority; every player who wins a field around the city gets 3,
    /// once per city however many such fields he wins.
    fn score_farmers_by_city(&mut self, fields: &[FeatureId], joint: bool) -> HookResult {
        // (city, field) pairs and each field's own majority.
        let mut pairs: Vec<(FeatureId, FeatureId)> = Vec::new();
        let mut own: Vec<(FeatureId, PlayerSet)> = Vec::new();
        let mut cities = Vec::new();
        for &field in fields {
            let mut figs = Vec::new();
            let mut strength = [0u16; MAX_PLAYERS];
            let (_, followers) = self.gather(field.0, &mut figs, &mut strength)?;
            if followers == 0 {
                continue;
            }
            self.bordering_cities_into(field.0, &mut cities);
            pairs.extend(cities.iter().map(|&c| (c, field)));
            if !joint {
                let info = ScoreInfo {
                    feature: field,
                    kind: FeatureKind::Field,
                    reason: ScoreReason::Final,
                    complete: self.complete(field.0),
                    tiles: 0,
                    pennants: 0,
                    cities: &cities,
                    fields: std::slice::from_ref(&field),
                    field_winners: &[],
                    figures: &figs,
                    strength,
                    value: 3 * cities.len() as i32,
                };
                own.push((field, self.resolve_majority(&info)?));
            }
        }
        pairs.sort_unstable();
        let mut i = 0;
        while i < pairs.len() {
            let city = pairs[i].0;
            let mut unit_fields = Vec::new();
            while i < pairs.len() && pairs[i].0 == city {
                unit_fields.push(pairs[i].1);
                i += 1;
            }
            let mut figs = Vec::new();
            let mut strength = [0u16; MAX_PLAYERS];
            for &f in &unit_fields {
                self.gather(f.0, &mut figs, &mut strength)?;
            }
            let (tiles, pennants) = self.tiles_and_pennants(city.0);
            let base = if joint { 4 } else { 3 };
            let mut info = ScoreInfo {
                feature: city,
                kind: FeatureKind::Field,
                reason: ScoreReason::Final,
                complete: true,
                tiles,
                pennants,
                cities: std::slice::from_ref(&city),
                fields: &unit_fields,
                field_winners: &[],
                figures: &figs,
                strength,
                value: base,
            };
            let (winners, field_winners) = if joint {
                let w = self.resolve_majority(&info)?;
                (w, vec![w; unit_fields.len()])
            } else {
                let fw: Vec<PlayerSet> = unit_fields
                    .iter()
                    .map(|f| {
                        own.iter()
                            .find(|(g, _)| g == f)
                            .map_or(PlayerSet::EMPTY, |x| x.1)
                    })
                    .collect();
                let w = PlayerSet(fw.iter().fold(0, |a, s| a | s.0));
                (w, fw)
            };
            if winners.is_empty() {
                continue;
            }
            info.field_winners = &field_winners;
            self.pay(&info, winners, base, category_of(FeatureKind::Field))?;
        }
        Ok(())
    }
}
