//! Equality, debug output and the integrity check (recomputes every incremental
//! structure from scratch); the test of copying a game into another.

use super::*;

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("rules", &self.rules.name)
            .field("players", &self.players)
            .field("turn", &self.turn.number)
            .field("current", &self.turn.current)
            .field("stage", &self.turn.stage)
            .field("scores", &self.scores())
            .field("tiles_placed", &self.board.tiles.len())
            .field("bag", &self.bag.tiles.len())
            .field("pending", &self.turn.pending)
            .finish_non_exhaustive()
    }
}

impl PartialEq for Game {
    /// Two games are equal when their states are (same rules object, same
    /// parts); scratch buffers and the event log are not part of the state.
    fn eq(&self, o: &Game) -> bool {
        Arc::ptr_eq(&self.rules, &o.rules)
            && self.players == o.players
            && self.turn == o.turn
            && self.board == o.board
            && self.feats == o.feats
            && self.added == o.added
            && self.figures == o.figures
            && self.bag == o.bag
            && self.words == o.words
            && self.switches == o.switches
            && self.offers == o.offers
    }
}

impl Game {
    /// Recomputes every incremental structure from scratch and compares: frontier,
    /// open sides, occupancy, surrounded centres, member rings, figure lists,
    /// tile and figure conservation.
    /// Returns the first inconsistency found. Used by the conformance kit.
    pub fn check_integrity(&self) -> Result<(), String> {
        let rules = &self.rules;
        self.bag.check()?;
        if self.subs != self.active_subscriptions() {
            return Err("the active hooks differ from the plugins' switches".into());
        }
        self.check_tile_copies()?;
        self.check_board()?;
        self.check_features()?;
        for p in PlayerId::all(self.players) {
            let b = self.score_breakdown(p);
            if b.iter().fold(0i32, |a, &x| a.wrapping_add(x)) != self.turn.scores[p.index()] {
                return Err(format!(
                    "player {p}'s score {} differs from its breakdown {b:?}",
                    self.turn.scores[p.index()]
                ));
            }
        }
        for p in PlayerId::all(self.players) {
            if self.transferred_out(p) < 0 {
                return Err(format!("player {p} transferred a negative total"));
            }
        }
        if let Some(r) = self
            .pending_scorings()
            .iter()
            .find(|r| self.feature_withheld(**r) != Some(false))
        {
            return Err(format!("withheld feature {} is queued for scoring", r.0));
        }
        if self.words.feature.len() != self.feats.len() * rules.state.feature as usize {
            return Err("per-feature plugin state does not match the features".into());
        }
        self.check_added()?;
        self.check_supply()
    }

    // The parts of `check_integrity`, each out of line: one function of all
    // of them was past the compiler's inlining budget, and any change to it
    // moved the small functions it calls (`Pos::ring`, `tile_at`) out of line.

    /// Every tile copy is somewhere, exactly once.
    #[inline(never)]
    fn check_tile_copies(&self) -> Result<(), String> {
        let rules = &self.rules;
        let mut count = vec![0i64; rules.tiles.types.len()];
        for t in &self.board.tiles {
            count[t.ty.index()] += 1;
        }
        for &t in self
            .bag
            .tiles
            .iter()
            .chain(&self.bag.hidden)
            .chain(&self.bag.set_aside)
        {
            count[t.index()] += 1;
        }
        for &(_, t) in self.bag.hands.iter().chain(&self.bag.given) {
            count[t.index()] += 1;
        }
        for &(_, t) in &self.bag.lots {
            count[t.index()] += 1;
        }
        if self.turn.drawn != NONE16 {
            count[self.turn.drawn as usize] += 1;
        }
        for (i, tt) in rules.tiles.types.iter().enumerate() {
            let want = tt.count as i64 + tt.per_player as i64 * self.players as i64;
            if count[i] != want {
                return Err(format!(
                    "tile {} appears {} times, expected {want}",
                    tt.id, count[i]
                ));
            }
        }
        Ok(())
    }

    /// The grid, the frontier and its counts, the drawn tile's placements.
    #[inline(never)]
    fn check_board(&self) -> Result<(), String> {
        for (i, t) in self.board.tiles.iter().enumerate() {
            if self.tile_at(t.pos) != Some(TileIndex(i as u16)) {
                return Err(format!("grid does not point at tile {i} at {}", t.pos));
            }
            let ring = t
                .pos
                .ring()
                .iter()
                .filter(|q| self.tile_at(**q).is_some())
                .count();
            if ring != t.nbrs as usize {
                return Err(format!(
                    "tile {i} has {ring} neighbours, recorded {}",
                    t.nbrs
                ));
            }
            for d in Side::ALL {
                let q = t.pos.step(d);
                if self.tile_at(q).is_none() && self.board.cell(q) & FRONTIER_BIT == 0 {
                    return Err(format!("empty {q} next to tile {i} is not in the frontier"));
                }
            }
        }
        for (i, fr) in self.board.frontier.iter().enumerate() {
            if self.board.cell(fr.pos) != FRONTIER_BIT | i as u16 {
                return Err(format!("frontier entry {i} at {} not in the grid", fr.pos));
            }
            let (mut req, mut bars, mut present) = (0u8, 0u16, 0u8);
            for d in 0..4 {
                if let Some(t) = self.tile_at(fr.pos.step(Side::from_index(d))) {
                    present |= 1 << d;
                    let g = self.geom_of(t.0);
                    req |= (g.edges[(d + 2) % 4] as u8) << (2 * d);
                    bars |= super::place::facing_bar(g, (d + 2) % 4);
                }
            }
            if req != fr.req {
                return Err(format!(
                    "frontier {} requires {:#x}, recorded {:#x}",
                    fr.pos, req, fr.req
                ));
            }
            if present != fr.present {
                return Err(format!(
                    "frontier {} has tiles beyond sides {:#x}, recorded {:#x}",
                    fr.pos, present, fr.present
                ));
            }
            if bars != fr.bars {
                return Err(format!(
                    "frontier {} faces barriers {:#x}, recorded {:#x}",
                    fr.pos, bars, fr.bars
                ));
            }
        }
        let holes = self
            .board
            .frontier
            .iter()
            .filter(|f| f.present == 15)
            .count();
        if holes != usize::from(self.board.holes) {
            return Err(format!(
                "{holes} frontier cells have a tile on each side, recorded {}",
                self.board.holes
            ));
        }
        let barred = self.board.frontier.iter().filter(|f| f.bars != 0).count();
        if barred != usize::from(self.board.barred) {
            return Err(format!(
                "{barred} frontier cells face a barrier, recorded {}",
                self.board.barred
            ));
        }
        if self.rules.fit_rows.is_some() {
            let mut kept = [0u16; crate::rules::FIT_ROWS_MAX];
            // Each class once, at its first tile type (found once: searching
            // at every frontier cell was most of the kit's time).
            let class = &self.rules.fit_class;
            let mut seen = [false; crate::rules::FIT_ROWS_MAX];
            let first: Vec<(&crate::tiles::FitTable, usize)> = self
                .rules
                .tiles
                .counted_fits()
                .iter()
                .zip(class)
                .filter(|&(_, &c)| !std::mem::replace(&mut seen[usize::from(c)], true))
                .map(|(fit, &c)| (fit, usize::from(c)))
                .collect();
            for fr in &self.board.frontier {
                for &(fit, c) in &first {
                    kept[c] = kept[c].wrapping_add(u16::from(fit.count(fr.req)));
                }
            }
            if kept != self.board.fits {
                return Err(format!(
                    "the tile types have {kept:?} placements, recorded {:?}",
                    self.board.fits
                ));
            }
        }
        let fits = if self.turn.drawn == NONE16 {
            0
        } else if self.plain_placement(TileTypeId(self.turn.drawn)) {
            self.plain_placement_count(TileTypeId(self.turn.drawn))
        } else {
            // Counted after the plugins' placement filters: not recomputed here.
            self.turn.drawn_fits
        };
        if fits != self.turn.drawn_fits {
            return Err(format!(
                "the drawn tile has {fits} legal placements, recorded {}",
                self.turn.drawn_fits
            ));
        }
        Ok(())
    }

    /// Features: membership rings, open sides, occupancy; the figures on them.
    #[inline(never)]
    fn check_features(&self) -> Result<(), String> {
        let rules = &self.rules;
        let n = self.feats.len();
        let mut open = vec![0i64; n];
        let mut occ = vec![0i64; n];
        let mut ring_len = vec![0usize; n];
        let mut tile_sides: Option<(u16, u8, &crate::tiles::RotGeom)> = None;
        for f in 0..n as u16 {
            let r = self.feats.root(f);
            if self.feats.recs[r as usize].parent != r {
                return Err(format!("feature {f}'s parent {r} is not a root"));
            }
            ring_len[r as usize] += 1;
            let ft = self.feats.recs[f as usize];
            // A feature a plugin added to the tile (a bridge) is not in its
            // type's data: always scored.
            let not_scored = rules.tiles.types[self.board.tiles[ft.tile as usize].ty.index()]
                .features
                .get(usize::from(ft.local))
                .is_some_and(|d| !d.scored);
            if not_scored && self.feats.recs[r as usize].flags & features::WITHHELD == 0 {
                return Err(format!(
                    "feature {f} is never scored by its tile data, but its set {r} is not withheld"
                ));
            }
            if ft.kind != self.feats.recs[r as usize].kind {
                return Err(format!(
                    "feature {f} ({}) joined to a {}",
                    ft.kind, self.feats.recs[r as usize].kind
                ));
            }
            let pt = self.board.tiles[ft.tile as usize];
            let surrounded = ft.kind.is_centre() && pt.nbrs == 8;
            if (ft.flags & features::SURROUNDED != 0) != surrounded {
                return Err(format!(
                    "feature {f} is marked surrounded {}, its tile has {} neighbours",
                    !surrounded, pt.nbrs
                ));
            }
            // The tile's geometry and empty sides, once per tile (a tile's
            // features mostly follow each other).
            let (empty, geom) = match tile_sides {
                Some((t, empty, geom)) if t == ft.tile => (empty, geom),
                _ => {
                    let empty = !self.board.tiles_beside(pt.pos) & 15;
                    let geom = self.geom_of(ft.tile);
                    tile_sides = Some((ft.tile, empty, geom));
                    (empty, geom)
                }
            };
            let l = ft.local;
            for (d, sf) in geom.side_features.iter().enumerate() {
                if empty & (1 << d) != 0 && (sf[0] == l || sf[1] == l || sf[2] == l) {
                    open[r as usize] += 1;
                }
            }
        }
        for (g, fig) in self.figures.figs.iter().enumerate() {
            if fig.tile == NONE16 {
                let (held, area) = (
                    fig.aux.wrapping_sub(figures::HELD),
                    fig.aux.wrapping_sub(figures::IN_AREA),
                );
                let place_ok = fig.aux == figures::IN_SUPPLY
                    || (fig.aux < figures::IN_AREA && held < self.players)
                    || (fig.aux >= figures::IN_AREA && usize::from(area) < rules.areas.len());
                if !place_ok || fig.feature != NONE16 {
                    return Err(format!(
                        "figure {g} is off the board at no known place ({:#x})",
                        fig.aux
                    ));
                }
                continue;
            }
            if fig.aux & !figures::PROTECTED != 0 {
                return Err(format!(
                    "figure {g} on the board has unknown flags {:#x}",
                    fig.aux
                ));
            }
            if fig.feature == NONE16 {
                if fig.tile as usize >= self.board.tiles.len() {
                    return Err(format!("figure {g} stands on no placed tile {}", fig.tile));
                }
                continue;
            }
            let f = FeatureId(fig.feature);
            if !self.figures_on(f).any(|x| x == FigureId(g as u16)) {
                return Err(format!(
                    "figure {g} is not listed on its feature {}",
                    fig.feature
                ));
            }
            if fig.tile != self.feats.recs[f.index()].tile {
                return Err(format!(
                    "figure {g} is on feature {} but not on its tile",
                    f.0
                ));
            }
            if rules.figures[self.kind_of(g as u16).index()].occupies {
                occ[self.feats.root(fig.feature) as usize] += 1;
            }
        }
        let listed: usize = (0..n as u16)
            .map(|f| self.figures_on(FeatureId(f)).count())
            .sum();
        let on_features = self
            .figures
            .figs
            .iter()
            .filter(|x| x.feature != NONE16)
            .count();
        if listed != on_features {
            return Err(format!(
                "{listed} figures are listed on features, {on_features} stand on one"
            ));
        }
        for f in 0..n as u16 {
            if self.feats.root(f) != f {
                continue;
            }
            let ft = self.feats.recs[f as usize];
            if !ft.kind.is_centre() && i64::from(ft.open) != open[f as usize] {
                return Err(format!(
                    "feature {f} has {} open sides, recorded {}",
                    open[f as usize], ft.open
                ));
            }
            if i64::from(ft.occ) != occ[f as usize] {
                return Err(format!(
                    "feature {f} has {} occupants, recorded {}",
                    occ[f as usize], ft.occ
                ));
            }
            let walked = self.members(FeatureId(f)).count();
            if walked != ring_len[f as usize]
                || self
                    .members(FeatureId(f))
                    .any(|m| self.feats.root(m.0) != f)
            {
                return Err(format!("member ring of feature {f} is inconsistent"));
            }
        }
        Ok(())
    }

    /// Figures: supply + board = per player; neutral figures are their kind's.
    #[inline(never)]
    fn check_supply(&self) -> Result<(), String> {
        let rules = &self.rules;
        // Out of the supply (on the board, held by a player or in an area), per
        // player and kind, in one pass over the figures.
        let kinds = rules.figures.len();
        let mut out = vec![0usize; usize::from(self.players) * kinds];
        for g in 0..self.figures.figs.len() as u16 {
            if let Some(p) = self.owner_of(g) {
                if !self.figures.figs[g as usize].in_supply() {
                    out[p.index() * kinds + self.kind_of(g).index()] += 1;
                }
            }
        }
        for p in PlayerId::all(self.players) {
            for (k, kind) in rules.figures.iter().enumerate() {
                let on_board = out[p.index() * kinds + k];
                let k = FigureKindId(k as u8);
                if on_board + self.supply_of(p, k) as usize != kind.per_player as usize {
                    return Err(format!(
                        "player {p} has {} {} in supply and {on_board} out of it, expected {} in all",
                        self.supply_of(p, k),
                        kind.name,
                        kind.per_player
                    ));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::*;
    use std::sync::Arc;

    fn rules(name: &str) -> Arc<Rules> {
        let text = include_str!("../../../configs/tilesets/base.toml");
        let set: TileSetSpec = toml::from_str(text).unwrap();
        let tiles = TileCatalogue::build(&[set], "C2").unwrap();
        Arc::new(Rules::new(name, tiles, CoreOptions::default(), vec![]).unwrap())
    }

    #[test]
    fn a_figure_count_that_does_not_add_up_is_named_by_player_and_kind() {
        let mut g = Game::new(rules("a"), 3, 7).unwrap();
        let mut rng = Rng::new(1);
        for _ in 0..30 {
            g.step_random(&mut rng).unwrap();
        }
        g.check_integrity().unwrap();
        // Player 2's followers: one more in supply than the kind has.
        let kinds = g.rules.figures.len();
        let mut bad = g.clone();
        bad.figures.supply[2 * kinds] += 1;
        let e = bad.check_integrity().unwrap_err();
        assert!(e.starts_with("player 2 has "), "{e}");
        assert!(e.ends_with("expected 7 in all"), "{e}");
        // A figure of player 0 on the board that its supply also counts.
        let mut bad = g.clone();
        let on_board = (0..bad.figures.figs.len() as u16)
            .find(|&f| {
                bad.owner_of(f) == Some(PlayerId::ALL[0])
                    && !bad.figures.figs[f as usize].in_supply()
            })
            .expect("player 0 has deployed a figure in 30 steps");
        let k = bad.kind_of(on_board).index();
        bad.figures.supply[k] += 1;
        let e = bad.check_integrity().unwrap_err();
        assert!(e.starts_with("player 0 has "), "{e}");
    }

    #[test]
    fn a_placement_count_that_does_not_add_up_is_found() {
        let mut g = Game::new(rules("a"), 2, 7).unwrap();
        assert!(
            g.rules.fit_rows.is_some(),
            "the base tiles have fit classes"
        );
        let mut rng = Rng::new(1);
        for _ in 0..40 {
            g.step_random(&mut rng).unwrap();
        }
        g.check_integrity().unwrap();
        // Each class's count, one at a time, off by one.
        let classes = usize::from(*g.rules.fit_class.iter().max().unwrap()) + 1;
        for c in 0..classes {
            let mut bad = g.clone();
            bad.board.fits[c] = bad.board.fits[c].wrapping_add(1);
            let e = bad.check_integrity().unwrap_err();
            assert!(e.starts_with("the tile types have "), "class {c}: {e}");
        }
    }

    /// Base and the River's tiles without its plugin: a catalogue with
    /// barrier sides whose river tiles come out of the bag at random.
    fn river_rules() -> Arc<Rules> {
        let sets: Vec<TileSetSpec> = [
            include_str!("../../../configs/tilesets/base.toml"),
            include_str!("../../../configs/tilesets/the-river.toml"),
        ]
        .iter()
        .map(|text| toml::from_str(text).unwrap())
        .collect();
        let tiles = TileCatalogue::build(&sets, "C2").unwrap();
        Arc::new(Rules::new("river", tiles, CoreOptions::default(), vec![]).unwrap())
    }

    #[test]
    fn with_barrier_sides_the_kept_counts_are_the_walked_ones_where_they_are_read() {
        let r = river_rules();
        assert!(r.tiles.has_barriers && r.fit_rows.is_some());
        // Comparisons on a frontier facing a barrier or with a tile with
        // barrier sides (the walk with the barrier names), and the others
        // (the kept counts).
        let mut checked = [0u32; 2];
        for seed in 0..6 {
            let mut g = Game::new(r.clone(), 2, seed).unwrap();
            let mut rng = Rng::new(seed);
            while g.step_random(&mut rng).unwrap() {
                g.check_integrity().unwrap();
                for (t, tt) in r.tiles.types.iter().enumerate() {
                    let t = TileTypeId(t as u16);
                    assert_eq!(
                        g.plain_placement_count(t),
                        g.barrier_placement_count(t),
                        "seed {seed}, turn {}, tile {}",
                        g.turn(),
                        tt.id
                    );
                    let kept = g.board.barred == 0 && !tt.has_barrier_sides();
                    checked[usize::from(kept)] += 1;
                }
            }
        }
        assert!(checked[0] > 1000 && checked[1] > 1000, "{checked:?}");
    }

    #[test]
    fn clone_from_gives_an_equal_game_that_plays_on_identically() {
        let (ra, rb) = (rules("a"), rules("b"));
        // A buffer that starts as an unrelated game (other rules, players, stage).
        let mut other = Game::new(rb, 3, 99).unwrap();
        let mut r = Rng::new(5);
        for _ in 0..40 {
            other.step_random(&mut r).unwrap();
        }
        let mut g = Game::new(ra, 2, 7).unwrap();
        let mut rng = Rng::new(1);
        let mut copies = 0;
        while g.step_random(&mut rng).unwrap() {
            if g.turn() % 9 != 0 {
                continue;
            }
            other.clone_from(&g);
            copies += 1;
            assert!(other == g, "turn {}", g.turn());
            assert!(Arc::ptr_eq(other.rules(), g.rules()));
            other.check_integrity().unwrap();
            // Both play on the same way.
            let (mut a, mut b) = (g.clone(), other.clone());
            let (mut ra, mut rb) = (Rng::new(3), Rng::new(3));
            for _ in 0..30 {
                assert_eq!(a.step_random(&mut ra), b.step_random(&mut rb));
            }
            assert!(a == b);
            assert_eq!(a.scores(), b.scores());
        }
        assert!(copies > 3);
    }
}
