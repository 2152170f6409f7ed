//! Equality, debug output and the integrity check (recomputes every incremental
//! structure from scratch).

use super::*;

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("rules", &self.rules.name)
            .field("players", &self.players)
            .field("turn", &self.turn)
            .field("current", &self.current)
            .field("stage", &self.stage)
            .field("scores", &self.scores())
            .field("tiles_placed", &self.tiles.len())
            .field("bag", &self.bag.len())
            .field("pending", &self.pending)
            .finish_non_exhaustive()
    }
}

impl PartialEq for Game {
    /// Two games are equal when their states are (same rules object, same arrays);
    /// scratch buffers and the event log are not part of the state.
    fn eq(&self, o: &Game) -> bool {
        Arc::ptr_eq(&self.rules, &o.rules)
            && self.players == o.players
            && self.current == o.current
            && self.turn == o.turn
            && self.stage == o.stage
            && self.drawn == o.drawn
            && self.last_tile == o.last_tile
            && self.seed == o.seed
            && self.rng == o.rng
            && self.scores == o.scores
            && self.breakdown == o.breakdown
            && self.tiles == o.tiles
            && self.feats.len() == o.feats.len()
            && self.feats.iter().zip(&o.feats).all(|(a, b)| {
                (
                    a.parent, a.next, a.open, a.tile, a.figs, a.occ, a.kind, a.local,
                ) == (
                    b.parent, b.next, b.open, b.tile, b.figs, b.occ, b.kind, b.local,
                )
            })
            && self
                .figs
                .iter()
                .map(|f| (f.feature, f.next))
                .eq(o.figs.iter().map(|f| (f.feature, f.next)))
            && self.supply == o.supply
            && self.bag == o.bag
            && self.hidden == o.hidden
            && self.set_aside == o.set_aside
            && self.pending == o.pending
            && self.done == o.done
            && self.closed == o.closed
            && self.pstate == o.pstate
            && self.pfeat == o.pfeat
            && self
                .frontier
                .iter()
                .map(|f| (f.pos, f.req))
                .eq(o.frontier.iter().map(|f| (f.pos, f.req)))
            && (0..self.tiles.len()).all(|t| {
                let p = self.tiles[t].pos;
                self.cell(p) == o.cell(p)
            })
    }
}

impl Game {
    /// Recomputes every incremental structure from scratch and compares: frontier,
    /// open sides, occupancy, member rings, figure lists, tile and figure conservation.
    /// Returns the first inconsistency found. Used by the conformance kit.
    pub fn check_integrity(&self) -> Result<(), String> {
        let rules = &self.rules;
        // Tiles: every copy is somewhere, exactly once.
        let mut count = vec![0i64; rules.tiles.types.len()];
        for t in &self.tiles {
            count[t.ty as usize] += 1;
        }
        for &t in self.bag.iter().chain(&self.hidden).chain(&self.set_aside) {
            count[t as usize] += 1;
        }
        if self.drawn != NONE16 {
            count[self.drawn as usize] += 1;
        }
        for (i, tt) in rules.tiles.types.iter().enumerate() {
            if count[i] != tt.count as i64 {
                return Err(format!(
                    "tile {} appears {} times, expected {}",
                    tt.id, count[i], tt.count
                ));
            }
        }
        // Grid and frontier.
        for (i, t) in self.tiles.iter().enumerate() {
            if self.tile_at(t.pos) != Some(i as u16) {
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
                if self.tile_at(q).is_none() && self.cell(q) & FRONTIER_BIT == 0 {
                    return Err(format!("empty {q} next to tile {i} is not in the frontier"));
                }
            }
        }
        for (i, fr) in self.frontier.iter().enumerate() {
            if self.cell(fr.pos) != FRONTIER_BIT | i as u16 {
                return Err(format!("frontier entry {i} at {} not in the grid", fr.pos));
            }
            let mut req = 0u8;
            for d in 0..4 {
                if let Some(t) = self.tile_at(fr.pos.step(Side::from_index(d))) {
                    let pt = self.tiles[t as usize];
                    let e = rules.tiles.get(pt.ty).rot[pt.rot as usize].edges[(d + 2) % 4];
                    req |= (e as u8) << (2 * d);
                }
            }
            if req != fr.req || req == 0 {
                return Err(format!(
                    "frontier {} requires {:#x}, recorded {:#x}",
                    fr.pos, req, fr.req
                ));
            }
        }
        // Features: membership rings, open sides, occupancy.
        let n = self.feats.len();
        let mut open = vec![0i64; n];
        let mut occ = vec![0i64; n];
        let mut ring_len = vec![0usize; n];
        for f in 0..n as u16 {
            let r = self.find(f);
            ring_len[r as usize] += 1;
            let ft = self.feats[f as usize];
            if ft.kind != self.feats[r as usize].kind {
                return Err(format!(
                    "feature {f} ({}) joined to a {}",
                    ft.kind, self.feats[r as usize].kind
                ));
            }
            let pt = self.tiles[ft.tile as usize];
            let geom = &rules.tiles.get(pt.ty).rot[pt.rot as usize];
            for (d, sf) in geom.side_features.iter().enumerate() {
                if sf.contains(&ft.local)
                    && self.tile_at(pt.pos.step(Side::from_index(d))).is_none()
                {
                    open[r as usize] += 1;
                }
            }
        }
        for (g, fig) in self.figs.iter().enumerate() {
            if fig.feature == NONE16 {
                continue;
            }
            if !self.figures_on(fig.feature).any(|x| x == g as u16) {
                return Err(format!(
                    "figure {g} is not listed on its feature {}",
                    fig.feature
                ));
            }
            if rules.figures[self.figure_kind(g as u16) as usize].occupies {
                occ[self.find(fig.feature) as usize] += 1;
            }
        }
        for f in 0..n as u16 {
            if self.find(f) != f {
                continue;
            }
            let ft = self.feats[f as usize];
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
            let walked = self.members(f).count();
            if walked != ring_len[f as usize] || self.members(f).any(|m| self.find(m) != f) {
                return Err(format!("member ring of feature {f} is inconsistent"));
            }
        }
        for p in 0..self.players as usize {
            if self.breakdown[p].iter().sum::<i32>() != self.scores[p] {
                return Err(format!(
                    "player {p}'s score {} differs from its breakdown {:?}",
                    self.scores[p], self.breakdown[p]
                ));
            }
        }
        // Figures: supply + board = per player.
        for p in 0..self.players {
            for (k, kind) in rules.figures.iter().enumerate() {
                let on_board = (0..self.figs.len() as u16)
                    .filter(|&g| {
                        self.figure_owner(g) == p
                            && self.figure_kind(g) as usize == k
                            && self.figs[g as usize].feature != NONE16
                    })
                    .count();
                if on_board + self.supply(p, k as FigureKindId) as usize != kind.per_player as usize
                {
                    return Err(format!(
                        "player {p} has {} {} in supply and {on_board} on the board, expected {} in all",
                        self.supply(p, k as FigureKindId),
                        kind.name,
                        kind.per_player
                    ));
                }
            }
        }
        Ok(())
    }
}
