//! The board: the grid, the frontier and legal placements, placing a tile, and
//! the union-find of features.

use super::*;
use crate::tiles::NO_FEATURE;

/// `NTH_ROTATION[mask][k]`: the `k`-th lowest set bit of a 4-bit rotation mask
/// (0 where the mask has fewer bits).
const NTH_ROTATION: [[Rotation; 4]; 16] = {
    let mut t = [[Rotation::R0; 4]; 16];
    let mut m = 0;
    while m < 16 {
        let (mut k, mut r) = (0, 0);
        while r < 4 {
            if m & (1 << r) != 0 {
                t[m][k] = Rotation::wrapping(r);
                k += 1;
            }
            r += 1;
        }
        m += 1;
    }
    t
};

/// `POP4[m]`: the number of set bits of a 4-bit mask (the baseline x86-64
/// target has no population-count instruction).
const POP4: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/// Frontier cells per block of the drawn tile's placement sums
/// (`Scratch::fit_blocks`).
pub(super) const FIT_BLOCK: usize = 8;

impl Game {
    #[inline]
    pub(super) fn cell(&self, p: Pos) -> u16 {
        // Negative offsets wrap to large values: one comparison per axis.
        let x = (i32::from(p.x) - i32::from(self.ox)) as u32;
        let y = (i32::from(p.y) - i32::from(self.oy)) as u32;
        if x >= u32::from(self.w) || y >= u32::from(self.h) {
            return 0;
        }
        self.cells
            .get(y as usize * self.w as usize + x as usize)
            .copied()
            .unwrap_or(0)
    }

    /// The root of `f`'s set (valid `f`): every feature's `parent` is its root
    /// (a union relabels the absorbed set), so one look-up.
    #[inline]
    pub(super) fn root(&self, f: u16) -> u16 {
        self.feats[f as usize].parent
    }

    /// Keeps a margin of one cell around `p` so the frontier cells around it fit.
    #[inline]
    fn ensure_room(&mut self, p: Pos) {
        let (x, y) = (
            i32::from(p.x) - i32::from(self.ox),
            i32::from(p.y) - i32::from(self.oy),
        );
        if x < 1 || y < 1 || x >= self.w as i32 - 1 || y >= self.h as i32 - 1 {
            self.grow();
        }
    }

    /// Doubles the grid in both directions, the old one in its middle.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let (nw, nh) = (self.w * 2, self.h * 2);
        let (nox, noy) = (self.ox - (self.w / 2) as i16, self.oy - (self.h / 2) as i16);
        let mut cells = vec![0u16; nw as usize * nh as usize];
        for yy in 0..self.h as usize {
            let src = &self.cells[yy * self.w as usize..(yy + 1) * self.w as usize];
            let ny = yy + (self.oy - noy) as usize;
            let nx = (self.ox - nox) as usize;
            cells[ny * nw as usize + nx..ny * nw as usize + nx + self.w as usize]
                .copy_from_slice(src);
        }
        self.cells = cells;
        self.w = nw;
        self.h = nh;
        self.ox = nox;
        self.oy = noy;
    }

    #[inline]
    fn set_cell(&mut self, p: Pos, v: u16) {
        let x = (p.x - self.ox) as usize;
        let y = (p.y - self.oy) as usize;
        self.cells[y * self.w as usize + x] = v;
    }

    /// Legal placements of tile type `tile` before plugin filters, appended to `out`.
    fn raw_placements(&self, tile: TileTypeId, out: &mut Vec<Placement>) {
        let Some(fit) = self.rules.tiles.fits.get(tile.index()) else {
            return;
        };
        for fr in &self.frontier {
            let mut m = fit.fit[fr.req as usize];
            while m != 0 {
                let r = Rotation::wrapping(m.trailing_zeros() as usize);
                m &= m - 1;
                out.push(Placement {
                    pos: fr.pos,
                    rot: r,
                });
            }
        }
    }

    /// Legal placements of `tile` after the plugins' placement filters.
    pub(super) fn placements_into(
        &self,
        tile: TileTypeId,
        out: &mut Vec<Placement>,
        keep: &mut Vec<bool>,
    ) -> HookResult {
        out.clear();
        self.raw_placements(tile, out);
        if self.wants(hook::FILTER_PLACEMENTS) {
            keep.clear();
            keep.resize(out.len(), true);
            dispatch_view!(self, hook::FILTER_PLACEMENTS, |h, v| h
                .filter_placements(v, tile, out, keep));
            let mut i = 0;
            out.retain(|_| {
                i += 1;
                keep[i - 1]
            });
        }
        Ok(())
    }

    /// A uniformly random legal placement of the drawn tile, without building the
    /// list (no placement filters may be active). `None` if there is none.
    ///
    /// Each frontier cell weighs its number of fitting rotations, read from the
    /// tile type's count table in one look-up; their sum was counted when the
    /// tile was drawn (`drawn_fits`), with a running sum per block of frontier
    /// cells ([`Game::drawn_placement_count`]), so the draw walks one block.
    pub(super) fn random_placement(&self, rng: &mut Rng) -> Option<Placement> {
        let t = self.rules.tiles.fits.get(self.drawn as usize)?;
        let total = self.drawn_fits;
        if total == 0 {
            return None;
        }
        let mut k = rng.below(total);
        let mut start = 0;
        if self.scratch.fit_blocks_for == Some(self.drawn) {
            let blocks = &self.scratch.fit_blocks;
            let b = blocks.partition_point(|&s| s <= k);
            if b > 0 {
                k -= blocks[b - 1];
            }
            start = b * FIT_BLOCK;
        }
        for fr in self.frontier.get(start..)? {
            let n = u32::from(t.count[fr.req as usize]);
            if k < n {
                // The k-th fitting rotation (k < n ≤ 4), from a table: no loop.
                let m = t.fit[fr.req as usize] & 15;
                return Some(Placement {
                    pos: fr.pos,
                    rot: NTH_ROTATION[m as usize][k as usize & 3],
                });
            }
            k -= n;
        }
        None
    }

    /// The number of legal placements of the drawn tile `tile`. When no plugin
    /// filters placements, it also keeps the running sum at the end of each
    /// block of [`FIT_BLOCK`] frontier cells, for [`Game::random_placement`].
    pub(super) fn drawn_placement_count(&mut self, tile: TileTypeId) -> Result<u32, HookError> {
        if !self.plain_placement() {
            return self.placement_count(tile);
        }
        let Some(fit) = self.rules.tiles.fits.get(tile.index()) else {
            return Ok(0);
        };
        let blocks = &mut self.scratch.fit_blocks;
        blocks.clear();
        let weight = |fr: &Frontier| u32::from(fit.count[fr.req as usize]);
        let mut sum = 0;
        let mut chunks = self.frontier.chunks_exact(FIT_BLOCK);
        for block in &mut chunks {
            sum += block.iter().map(weight).sum::<u32>();
            blocks.push(sum);
        }
        sum += chunks.remainder().iter().map(weight).sum::<u32>();
        blocks.push(sum);
        self.scratch.fit_blocks_for = Some(tile.0);
        Ok(sum)
    }

    /// The number of legal placements of tile type `tile` (after placement
    /// filters); 0 if it cannot be placed.
    pub(super) fn placement_count(&mut self, tile: TileTypeId) -> Result<u32, HookError> {
        if self.plain_placement() {
            return Ok(self.plain_placement_count(tile));
        }
        let mut out = std::mem::take(&mut self.scratch.placements);
        let mut keep = std::mem::take(&mut self.scratch.keep);
        let r = self.placements_into(tile, &mut out, &mut keep);
        let n = out.len() as u32;
        self.scratch.placements = out;
        self.scratch.keep = keep;
        r.map(|_| n)
    }

    /// The number of legal placements of `tile` when no plugin filters them: its
    /// fitting rotations summed over the frontier, one table look-up per cell.
    pub(super) fn plain_placement_count(&self, tile: TileTypeId) -> u32 {
        let Some(fit) = self.rules.tiles.fits.get(tile.index()) else {
            return 0;
        };
        self.frontier
            .iter()
            .map(|fr| u32::from(fit.count[fr.req as usize]))
            .sum()
    }

    /// Places a tile: grid, frontier, features, unions, completion. Fills `done`/`closed`.
    /// Calls `features_merged` hooks. `ty` must be a valid tile type.
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
        self.ensure_room(pos);
        // The grid has a margin of one cell around `pos` now: its neighbours are
        // plain offsets from its index.
        let w = self.w as usize;
        let at = (pos.y - self.oy) as usize * w + (pos.x - self.ox) as usize;
        let ti = self.tiles.len() as u16;
        let base = self.feats.len() as u16;
        // Remove pos from the frontier.
        let c = self.cells[at];
        if c & FRONTIER_BIT != 0 {
            let i = (c & !FRONTIER_BIT) as usize;
            self.frontier.swap_remove(i);
            if let Some(moved) = self.frontier.get(i) {
                let moved = moved.pos;
                self.set_cell(moved, FRONTIER_BIT | i as u16);
            }
        }
        self.cells[at] = ti + 1;
        self.tiles.push(PlacedTile {
            pos,
            ty,
            rot,
            nbrs: 0,
            base: FeatureId(base),
        });
        let tt = &self.rules.tiles.types[ty.index()];
        let geom = tt.rot[rot.index()].clone();
        let nfeat = tt.features.len();
        let has_centre = tt.has_centre;
        // The four sides' cells, and those holding a tile as a bit mask: the
        // loops below run over its bits instead of branching on every side.
        let side_cell = [at - w, at + 1, at + w, at - 1];
        let side_q = side_cell.map(|c| self.cells[c]);
        let mut occ = 0u32;
        for (d, &qc) in side_q.iter().enumerate() {
            // A placed tile is 1..FRONTIER_BIT (0 empty, FRONTIER_BIT | i frontier).
            occ |= u32::from(qc.wrapping_sub(1) < FRONTIER_BIT - 1) << d;
        }
        let tpl = ty.index() * 4 + rot.index();
        if let Some(tpl) = self.rules.feat_templates.get(tpl) {
            // Fresh records, each its own root: its sides facing a tile are
            // closed at once (a union later adds the counts up).
            self.feats.extend(tpl.iter().map(|f| Feat {
                parent: f.parent + base,
                next: f.next + base,
                open: u16::from(POP4[(f.open & !occ as u16 & 15) as usize]),
                tile: ti,
                ..*f
            }));
        }
        let fw = self.rules.state.feature as usize;
        if fw > 0 {
            self.pfeat.resize(self.pfeat.len() + fw * nfeat, 0);
        }
        self.done.clear();
        self.closed.clear();
        // Neighbour features closed on a side of this tile but joined to none of
        // its features (a wildcard side, or a slot this tile leaves to nobody):
        // only this list finds them complete.
        let mut faced = [NONE16; 12];
        let mut nfaced = 0;
        // Sides without a tile extend the frontier.
        let mut free = !occ & 15;
        while free != 0 {
            let d = free.trailing_zeros() as usize;
            free &= free - 1;
            let qc = side_q[d];
            // A wildcard side (`Any` = 0) requires nothing of the tile placed there.
            let need = (geom.edges[d] as u8) << (2 * ((d + 2) & 3));
            if qc == 0 {
                let i = self.frontier.len() as u16;
                let q = pos.step(Side::from_index(d));
                self.frontier.push(Frontier { pos: q, req: need });
                self.cells[side_cell[d]] = FRONTIER_BIT | i;
            } else if let Some(fr) = self.frontier.get_mut((qc & !FRONTIER_BIT) as usize) {
                fr.req |= need;
            }
        }
        // Neighbours: close their side, join the features that meet.
        let mut near = occ;
        while near != 0 {
            let d = near.trailing_zeros() as usize;
            near &= near - 1;
            let qc = side_q[d];
            let facing = (d + 2) & 3;
            let nt = self.tiles[(qc - 1) as usize];
            let nb = nt.base.0;
            let (nsides, nslots) = {
                let g = &self.rules.tiles.types[nt.ty.index()].rot[nt.rot.index()];
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
                    let r = self.root(nb + u16::from(b));
                    self.feats[r as usize].open -= 1;
                    if !joins(b) {
                        faced[nfaced] = nb + u16::from(b);
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
                    self.union::<MERGE_HOOKS>(base + u16::from(a), nb + u16::from(b))?;
                }
            }
        }
        // Neighbourhood counts for cloisters and spots, round the ring from the
        // north-west: a corner, then a side (known from above), four times.
        let corner_cell = [at - w - 1, at - w + 1, at + w + 1, at + w - 1];
        let mut ring = [0u16; 8];
        let mut around = 0u32;
        for (i, &q) in corner_cell.iter().enumerate() {
            let qc = self.cells[q];
            ring[2 * i] = qc;
            ring[2 * i + 1] = side_q[i];
            around |= u32::from(qc.wrapping_sub(1) < FRONTIER_BIT - 1) << (2 * i);
        }
        around |= (occ & 1) << 1 | (occ & 2) << 2 | (occ & 4) << 3 | (occ & 8) << 4;
        let nbrs = POP4[(around & 15) as usize] + POP4[(around >> 4) as usize];
        while around != 0 {
            let i = around.trailing_zeros() as usize;
            around &= around - 1;
            let n = &mut self.tiles[(ring[i] - 1) as usize];
            n.nbrs += 1;
            if n.nbrs == 8 {
                let (nb, nty) = (n.base.0, n.ty);
                let ntt = &self.rules.tiles.types[nty.index()];
                if ntt.has_centre {
                    for (l, f) in ntt.features.iter().enumerate() {
                        if f.kind.is_centre() {
                            self.done.push(FeatureId(nb + l as u16));
                        }
                    }
                }
            }
        }
        self.tiles[ti as usize].nbrs = nbrs;
        // Completion of the new tile's features (an inner field is closed at once).
        let surrounded = nbrs == 8;
        for id in base..base + nfeat as u16 {
            if has_centre && self.feats[id as usize].kind.is_centre() {
                if surrounded {
                    self.done.push(FeatureId(id));
                }
                continue;
            }
            self.note_complete(id);
        }
        // Neighbour features closed by a side that joined them to nothing.
        for &b in &faced[..nfaced] {
            self.note_complete(b);
        }
        self.last_tile = ti;
        Ok(())
    }

    /// Adds the set of `f` (a road, city or field) to this turn's completed
    /// features or closed fields if it has no open side, once.
    #[inline]
    fn note_complete(&mut self, f: u16) {
        let r = self.root(f);
        let ft = self.feats[r as usize];
        if ft.open == 0 && !ft.kind.is_centre() {
            self.push_complete(FeatureId(r), ft.kind);
        }
    }

    /// Adds root `r` of kind `kind` to the completed features or closed fields, once.
    fn push_complete(&mut self, r: FeatureId, kind: FeatureKind) {
        let list = if kind == FeatureKind::Field {
            &mut self.closed
        } else {
            &mut self.done
        };
        if !list.contains(&r) {
            list.push(r);
        }
    }

    fn union<const MERGE_HOOKS: bool>(&mut self, a: u16, b: u16) -> HookResult {
        let ra = self.root(a);
        let rb = self.root(b);
        if ra == rb {
            return Ok(());
        }
        // The older feature stays the root; the absorbed set's members point at it.
        let (keep, gone) = if ra < rb { (ra, rb) } else { (rb, ra) };
        let g = self.feats[gone as usize];
        let mut m = gone;
        loop {
            let f = &mut self.feats[m as usize];
            f.parent = keep;
            m = f.next;
            if m == gone {
                break;
            }
        }
        let k = &mut self.feats[keep as usize];
        k.open += g.open;
        k.occ = k.occ.saturating_add(g.occ);
        let kn = k.next;
        k.next = g.next;
        self.feats[gone as usize].next = kn;
        if MERGE_HOOKS {
            let (kept, absorbed) = (FeatureId(keep), FeatureId(gone));
            dispatch!(self, hook::FEATURES_MERGED, |h, cx| h
                .features_merged(cx, kept, absorbed));
        }
        Ok(())
    }
}
