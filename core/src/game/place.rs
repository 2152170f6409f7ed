//! Placing a tile: the grid and the frontier, the tile's feature records,
//! the unions with its neighbours' features, the neighbourhood counts, and
//! the features it completes.

use super::*;
use crate::tiles::NO_FEATURE;
use features::{SURROUNDED, WITHHELD};

/// `POP4[m]`: the number of set bits of a 4-bit mask (the baseline x86-64
/// target has no population-count instruction).
const POP4: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

impl Game {
    /// Places a tile: grid, frontier, features, unions, completion. Adds to
    /// `done`/`closed` (a new turn empties them). Calls `features_merged`
    /// hooks. `ty` must be a valid tile type.
    ///
    /// The tile data is read through short borrows of `self.rules` (the geometry
    /// is copied: a few dozen bytes), so no reference count is touched per tile.
    pub(super) fn place_tile(&mut self, ty: TileTypeId, pos: Pos, rot: Rotation) -> HookResult {
        if self.wants(hook::FEATURES_MERGED) {
            self.place_tile_as::<true>(ty, pos, rot)
        } else {
            self.place_tile_as::<false>(ty, pos, rot)
        }
    }

    /// Places the start layout's tiles in order, with no hook called
    /// (`features_merged` is masked meanwhile): the plugins see the layout
    /// whole in `setup`. The sides between start tiles join like any others;
    /// what the layout completes is not scored (the caller forgets this turn's
    /// completed features). Placed through [`Game::place_tile`], so that the
    /// turn's placement keeps its one call of each compiled variant.
    pub(super) fn place_start(&mut self, layout: &crate::tiles::StartLayout) -> HookResult {
        let subs = self.subs;
        self.subs &= !hook::FEATURES_MERGED;
        let r = layout.tiles.iter().try_for_each(|t| {
            self.board.make_room(t.pos);
            self.place_tile(t.ty, t.pos, t.rot)
        });
        self.subs = subs;
        r
    }

    /// [`Game::place_tile`], compiled twice: with `MERGE_HOOKS` false (no plugin
    /// wants `features_merged`) no hook can run while the tile is placed, so the
    /// compiler keeps the board's arrays in registers across the unions.
    fn place_tile_as<const MERGE_HOOKS: bool>(
        &mut self,
        ty: TileTypeId,
        pos: Pos,
        rot: Rotation,
    ) -> HookResult {
        self.scratch.forget();
        self.board.ensure_room(pos);
        // The grid has a margin of one cell around `pos` now: its neighbours are
        // plain offsets from its index.
        let w = self.board.w as usize;
        let at = (pos.y - self.board.oy) as usize * w + (pos.x - self.board.ox) as usize;
        let ti = self.board.tiles.len() as u16;
        let base = self.feats.len() as u16;
        // Remove pos from the frontier.
        let c = self.board.cells[at];
        if c & FRONTIER_BIT != 0 {
            let i = (c & !FRONTIER_BIT) as usize;
            let gone = self.board.frontier.swap_remove(i);
            if let Some(rows) = &self.rules.fit_rows {
                self.board.fits_sub(rows, gone.req);
            }
            self.board.barred -= u16::from(gone.bars != 0);
            self.board.holes -= u16::from(gone.present == 15);
            if let Some(moved) = self.board.frontier.get(i) {
                let moved = moved.pos;
                self.board.set_cell(moved, FRONTIER_BIT | i as u16);
            }
        }
        self.board.cells[at] = ti + 1;
        self.board.tiles.push(PlacedTile {
            pos,
            ty,
            rot,
            nbrs: 0,
            base: FeatureId(base),
        });
        let tt = &self.rules.tiles.types[ty.index()];
        // A tile placed with a piece has a geometry of its own (`added`); so
        // may its neighbours. Otherwise every geometry is its type's.
        let modded = !self.added.geoms.is_empty();
        let own = if modded { self.added.geom(ti) } else { None };
        let geom = match own {
            Some(g) => g.clone(),
            None => tt.rot[rot.index()].clone(),
        };
        let nfeat = tt.features.len();
        let has_centre = tt.has_centre;
        // The four sides' cells, and those holding a tile as a bit mask: the
        // loops below run over its bits instead of branching on every side.
        let side_cell = [at - w, at + 1, at + w, at - 1];
        let side_q = side_cell.map(|c| self.board.cells[c]);
        let mut occ = 0u32;
        for (d, &qc) in side_q.iter().enumerate() {
            // A placed tile is 1..FRONTIER_BIT (0 empty, FRONTIER_BIT | i frontier).
            occ |= u32::from(qc.wrapping_sub(1) < FRONTIER_BIT - 1) << d;
        }
        let tpl = ty.index() * 4 + (rot.index());
        // The tile's records with no side facing an empty cell (bit `id −
        // base`): only they may complete now, a set's open sides being the
        // sum of its members'.
        let mut shut = 0u64;
        if let Some(tpl) = self.rules.feat_templates.get(tpl) {
            // Fresh records, each its own root: its sides facing a tile are
            // closed at once (a union later adds the counts up). Each copied
            // with the few fields that depend on the board set, and pushed:
            // a copy of the slice whole was a call of `memcpy` per tile
            // (about 3 % of a base game's time).
            // (`extend` of a slice's map reserves once and writes each
            // record without a test of the capacity.)
            let mut i = 0u32;
            self.feats.recs.extend(tpl.iter().map(|t| {
                let mut f = *t;
                f.parent += base;
                f.next += base;
                f.open = u16::from(POP4[(f.open & !occ as u16 & 15) as usize]);
                f.tile = ti;
                shut |= u64::from(f.open == 0) << (i & 63);
                i += 1;
                f
            }));
        }
        let fw = self.rules.state.feature as usize;
        if fw > 0 {
            self.words
                .feature
                .resize(self.words.feature.len() + fw * nfeat, 0);
        }
        if modded && self.added.geom(ti).is_some() {
            self.place_added_records(ti, base, occ, &geom);
        }
        // The tile's records: its type's features, and those a piece added.
        let end = self.feats.len() as u16;
        // Neighbour features closed on a side of this tile but joined to none of
        // its features (a wildcard side, or a slot this tile leaves to nobody):
        // only this list finds them complete.
        let mut faced = [NONE16; 12];
        let mut nfaced = 0;
        // Sides without a tile extend the frontier: the empty cells join it,
        // in side order; then the frontier cells there require more. (Two
        // loops over masks, not a branch on each side's cell.)
        // A wildcard side (`Any` = 0) requires nothing of the tile placed there.
        let need = |d: usize| (geom.edges[d] as u8) << (2 * ((d + 2) & 3));
        let mut empty = 0u32;
        for (d, &qc) in side_q.iter().enumerate() {
            empty |= u32::from(qc == 0) << d;
        }
        let mut fresh = empty;
        while fresh != 0 {
            let d = fresh.trailing_zeros() as usize;
            fresh &= fresh - 1;
            let i = self.board.frontier.len() as u16;
            let q = pos.step(Side::from_index(d));
            self.board.frontier.push(Frontier {
                pos: q,
                req: need(d),
                present: 1 << ((d + 2) & 3),
                bars: 0,
            });
            self.board.cells[side_cell[d]] = FRONTIER_BIT | i;
            if let Some(rows) = &self.rules.fit_rows {
                self.board.fits_add(rows, need(d));
            }
        }
        let mut more = !occ & !empty & 15;
        while more != 0 {
            let d = more.trailing_zeros() as usize;
            more &= more - 1;
            let qc = side_q[d];
            if let Some(fr) = self.board.frontier.get_mut((qc & !FRONTIER_BIT) as usize) {
                let old = fr.req;
                fr.req |= need(d);
                fr.present |= 1 << ((d + 2) & 3);
                self.board.holes += u16::from(fr.present == 15);
                if let Some(rows) = &self.rules.fit_rows {
                    self.board.fits_move(rows, old, old | need(d));
                }
            }
        }
        if geom.bars != 0 {
            self.note_barriers(&geom, side_cell, !occ & 15);
        }
        // Neighbours: close their side, join the features that meet.
        let mut near = occ;
        while near != 0 {
            let d = near.trailing_zeros() as usize;
            near &= near - 1;
            let qc = side_q[d];
            let facing = (d + 2) & 3;
            let nt = self.board.tiles[(qc - 1) as usize];
            let nb = nt.base.0;
            let (nsides, nslots) = {
                let g = if modded {
                    self.geom_of(qc - 1)
                } else {
                    &self.rules.tiles.types[nt.ty.index()].rot[nt.rot.index()]
                };
                (g.side_features[facing], g.slot_feature)
            };
            // The slots of this side that join a feature of each tile.
            // (Slot `3d + i` meets the neighbour's slot `3·facing + 2 − i`: see `mirror_slot`.)
            let mut pairs = [(NO_FEATURE, NO_FEATURE); 3];
            for (i, p) in pairs.iter_mut().enumerate() {
                *p = (geom.slot_feature[d * 3 + i], nslots[facing * 3 + 2 - i]);
            }
            let joins = |b: u8| pairs.iter().any(|&(a, x)| x == b && a != NO_FEATURE);
            for &b in &nsides {
                if b != NO_FEATURE {
                    let f = self.local_id(qc - 1, nb, b, modded);
                    let r = self.feats.root(f);
                    self.feats.recs[r as usize].open -= 1;
                    if !joins(b) {
                        faced[nfaced] = f;
                        nfaced += 1;
                    }
                }
            }
            // A side of one feature on each tile (a city or field side) gives the
            // same pair three times: one union.
            let mut last = (NO_FEATURE, NO_FEATURE);
            for (a, b) in pairs {
                if a != NO_FEATURE && b != NO_FEATURE && (a, b) != last {
                    last = (a, b);
                    let f = self.local_id(qc - 1, nb, b, modded);
                    self.union::<MERGE_HOOKS>(base + u16::from(a), f)?;
                }
            }
        }
        // Neighbourhood counts for cloisters and spots, round the ring from the
        // north-west: a corner, then a side (known from above), four times.
        let corner_cell = [at - w - 1, at - w + 1, at + w + 1, at + w - 1];
        let mut ring = [0u16; 8];
        let mut around = 0u32;
        for (i, &q) in corner_cell.iter().enumerate() {
            let qc = self.board.cells[q];
            ring[2 * i] = qc;
            ring[2 * i + 1] = side_q[i];
            around |= u32::from(qc.wrapping_sub(1) < FRONTIER_BIT - 1) << (2 * i);
        }
        around |= (occ & 1) << 1 | (occ & 2) << 2 | (occ & 4) << 3 | (occ & 8) << 4;
        let nbrs = POP4[(around & 15) as usize] + POP4[(around >> 4) as usize];
        while around != 0 {
            let i = around.trailing_zeros() as usize;
            around &= around - 1;
            let n = &mut self.board.tiles[(ring[i] - 1) as usize];
            n.nbrs += 1;
            if n.nbrs == 8 {
                let (nb, nty) = (n.base.0, n.ty);
                let ntt = &self.rules.tiles.types[nty.index()];
                if ntt.has_centre {
                    for (l, f) in ntt.features.iter().enumerate() {
                        let c = nb + l as u16;
                        if !f.kind.is_centre() {
                            continue;
                        }
                        let flags = &mut self.feats.recs[c as usize].flags;
                        *flags |= SURROUNDED;
                        // A withheld feature is never queued for scoring.
                        if *flags & WITHHELD == 0 {
                            self.turn.done.push(FeatureId(c));
                        }
                    }
                }
            }
        }
        self.board.tiles[ti as usize].nbrs = nbrs;
        // Completion of the new tile's features (an inner field is closed at once).
        let surrounded = nbrs == 8;
        if has_centre || modded || end - base > 64 {
            for id in base..end {
                if has_centre && self.feats.recs[id as usize].kind.is_centre() {
                    if surrounded {
                        self.feats.recs[id as usize].flags |= SURROUNDED;
                        self.push_done(id);
                    }
                    continue;
                }
                self.note_complete(id);
            }
        } else {
            // Only the records with every side facing a tile.
            while shut != 0 {
                let i = shut.trailing_zeros() as u16;
                shut &= shut - 1;
                self.note_complete(base + i);
            }
        }
        // Neighbour features closed by a side that joined them to nothing.
        for &b in &faced[..nfaced] {
            self.note_complete(b);
        }
        self.turn.last_tile = ti;
        Ok(())
    }

    /// The feature id of local feature `local` of placed tile `t` whose first
    /// feature is `base`: `base + local`, unless features were added to tiles
    /// (`modded`), whose ids follow no tile's base.
    #[inline(always)]
    fn local_id(&self, t: u16, base: u16, local: u8, modded: bool) -> u16 {
        if modded {
            self.local_feature(t, local)
                .unwrap_or(base + u16::from(local))
        } else {
            base + u16::from(local)
        }
    }

    /// Adds the set of `f` (a road, city or field) to this turn's completed
    /// features or closed fields if it has no open side, once.
    #[inline]
    pub(super) fn note_complete(&mut self, f: u16) {
        let r = self.feats.root(f);
        let ft = self.feats.recs[r as usize];
        if ft.open == 0 && ft.kind.closes() {
            self.push_complete(FeatureId(r), ft.kind);
        }
    }

    /// Adds root `r` of kind `kind` to the completed features or closed fields,
    /// once; a withheld feature is completed but never queued for scoring.
    pub(super) fn push_complete(&mut self, r: FeatureId, kind: FeatureKind) {
        let list = if kind == FeatureKind::Field {
            &mut self.turn.closed
        } else if self.feats.recs[r.index()].flags & WITHHELD != 0 {
            return;
        } else {
            &mut self.turn.done
        };
        if !list.contains(&r) {
            list.push(r);
        }
    }

    /// Queues the surrounded centre feature (a root: it joins nothing) `f` for
    /// this turn's scoring step, unless it is withheld.
    #[inline]
    fn push_done(&mut self, f: u16) {
        if self.feats.recs[f as usize].flags & WITHHELD == 0 {
            self.turn.done.push(FeatureId(f));
        }
    }

    /// Joins the sets of `a` and `b` ([`Features::union`]) and tells the
    /// `features_merged` subscribers (when `MERGE_HOOKS`).
    pub(super) fn union<const MERGE_HOOKS: bool>(&mut self, a: u16, b: u16) -> HookResult {
        let Some((keep, gone)) = self.feats.union(a, b) else {
            return Ok(());
        };
        if MERGE_HOOKS {
            let (kept, absorbed) = (FeatureId(keep), FeatureId(gone));
            dispatch!(self, hook::FEATURES_MERGED, |h, cx| h
                .features_merged(cx, kept, absorbed));
        }
        Ok(())
    }
}

impl Game {
    /// The barrier names a tile placed with geometry `g` presents to the
    /// frontier cells across its `free` sides (bit `d`: side `d`; their cells
    /// `side_cell`), kept in the cells (`Frontier::bars`) with the number of
    /// cells that face one. Only for a tile with barrier sides.
    #[cold]
    fn note_barriers(&mut self, g: &crate::tiles::RotGeom, side_cell: [usize; 4], free: u32) {
        for (d, &c) in side_cell.iter().enumerate() {
            let bar = facing_bar(g, d);
            if free & (1 << d) == 0 || bar == 0 {
                continue;
            }
            let i = self.board.cells[c] & !FRONTIER_BIT;
            if let Some(fr) = self.board.frontier.get_mut(usize::from(i)) {
                self.board.barred += u16::from(fr.bars == 0);
                fr.bars |= bar;
            }
        }
    }
}

/// The barrier name side `d` of geometry `g` presents to the empty cell across
/// it, placed at that cell's side (4 bits per side, `Frontier::bars`); 0 where
/// the side is no field side (a barrier side is coded as one).
#[inline]
pub(super) fn facing_bar(g: &crate::tiles::RotGeom, d: usize) -> u16 {
    if g.edges[d] != EdgeKind::Field {
        return 0;
    }
    ((g.bars >> (4 * d)) & 15) << (4 * ((d + 2) & 3))
}
