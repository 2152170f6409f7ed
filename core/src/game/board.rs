//! The board: the grid, the placed tiles and the frontier ([`Board`]); the
//! legal placements of a tile and the random placement of the playouts.

use super::pieces::PieceBufs;
use super::*;
use crate::rules::{FitRows, FIT_ROWS_MAX};
use crate::tiles::FitTable;

/// A grid cell's value: 0 empty, `1..FRONTIER_BIT` placed tile index + 1,
/// `FRONTIER_BIT | i` frontier entry `i`.
pub(super) const FRONTIER_BIT: u16 = 0x8000;

/// An empty cell next to a tile: where a tile may go, and the edges its
/// neighbours require (2 bits per side).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Frontier {
    pub(super) pos: Pos,
    pub(super) req: u8,
    /// Bit `d`: a tile lies beyond side `d` (a wildcard side requires
    /// nothing: `req` alone does not say where tiles are).
    pub(super) present: u8,
    /// The barrier names its neighbours present to it where they require a
    /// field side, 4 bits per side (0: none; see `game::barriers`).
    pub(super) bars: u16,
}

state! {
    /// The board of a [`Game`]: the grid of cells, the placed tiles in
    /// placement order, and the frontier (the empty cells next to a tile).
    pub(super) struct Board {
        /// Board position of the grid's first cell.
        pub(super) ox: i16,
        pub(super) oy: i16,
        /// Grid size.
        pub(super) w: u16,
        pub(super) h: u16,
        /// The grid, row by row (see [`FRONTIER_BIT`]).
        pub(super) cells: Vec<u16>,
        /// Placed tiles in placement order.
        pub(super) tiles: Vec<PlacedTile>,
        /// The empty cells next to a tile.
        pub(super) frontier: Vec<Frontier>,
        /// How many frontier cells face a barrier side (`Frontier::bars` not
        /// 0): while none does, a tile type without barrier sides is placed
        /// by its fit table alone.
        pub(super) barred: u16,
        /// How many frontier cells have a tile on each of their four sides
        /// (`Frontier::present` is 15): the holes (`Game::hole_count`).
        pub(super) holes: u16,
        /// Per fit class (the tile types with the same fit table,
        /// `Rules::fit_class`), its number of placements on this frontier (its
        /// fit table's counts summed over the frontier cells), kept as the
        /// frontier changes when the rules have `fit_rows` (zero otherwise):
        /// counting the drawn tile's placements is two look-ups.
        pub(super) fits: [u16; FIT_ROWS_MAX],
    }
}

impl PartialEq for Board {
    /// The same tiles and frontier (the grid may have grown differently: its
    /// cells are compared where the tiles are).
    fn eq(&self, o: &Board) -> bool {
        self.tiles == o.tiles
            && self.frontier == o.frontier
            && self.tiles.iter().all(|t| self.cell(t.pos) == o.cell(t.pos))
    }
}

impl Board {
    /// An empty board (see [`Board::reset`]).
    pub(super) fn new() -> Board {
        Board {
            ox: 0,
            oy: 0,
            w: 0,
            h: 0,
            cells: Vec::new(),
            tiles: Vec::new(),
            frontier: Vec::new(),
            barred: 0,
            holes: 0,
            fits: [0; FIT_ROWS_MAX],
        }
    }

    /// An empty board with room for `max_tiles` tiles, reusing the buffers.
    /// The grid keeps the size an earlier game grew it to (at least 16 × 16),
    /// centred on the origin: a batch of games grows it once, not in every
    /// game. (Where the grid lies is no part of the state: equality compares
    /// the cells where the tiles are.)
    pub(super) fn reset(&mut self, max_tiles: usize) {
        let Board {
            ox,
            oy,
            w,
            h,
            cells,
            tiles,
            frontier,
            barred,
            holes,
            fits,
        } = self;
        let (nw, nh) = ((*w).max(16), (*h).max(16));
        (*ox, *oy, *w, *h) = (-((nw / 2) as i16), -((nh / 2) as i16), nw, nh);
        *barred = 0;
        *holes = 0;
        refill(cells, usize::from(nw) * usize::from(nh), 0);
        fresh(tiles, max_tiles);
        fresh(frontier, 64);
        *fits = [0; FIT_ROWS_MAX];
    }

    /// A frontier cell requiring `req` joined the frontier: [`Board::fits`]
    /// adds its row of `rows` (the rules' `fit_rows`). Copied to locals and
    /// back, so that the compiler sees no overlap and adds in vectors.
    #[inline(always)]
    pub(super) fn fits_add(&mut self, rows: &FitRows, req: u8) {
        let (mut f, row) = (self.fits, rows[usize::from(req)]);
        for (t, r) in f.iter_mut().zip(row) {
            *t = t.wrapping_add(r);
        }
        self.fits = f;
    }

    /// A frontier cell requiring `req` left the frontier.
    #[inline(always)]
    pub(super) fn fits_sub(&mut self, rows: &FitRows, req: u8) {
        let (mut f, row) = (self.fits, rows[usize::from(req)]);
        for (t, r) in f.iter_mut().zip(row) {
            *t = t.wrapping_sub(r);
        }
        self.fits = f;
    }

    /// A frontier cell's requirement changed from `old` to `new`.
    #[inline(always)]
    pub(super) fn fits_move(&mut self, rows: &FitRows, old: u8, new: u8) {
        let (mut f, from, to) = (self.fits, rows[usize::from(old)], rows[usize::from(new)]);
        for ((t, a), b) in f.iter_mut().zip(from).zip(to) {
            *t = t.wrapping_add(b).wrapping_sub(a);
        }
        self.fits = f;
    }

    /// The cell at `p` (0 outside the grid).
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

    /// The placed tile at `p`.
    #[inline]
    pub(super) fn tile_at(&self, p: Pos) -> Option<TileIndex> {
        let c = self.cell(p);
        (c != 0 && c & FRONTIER_BIT == 0).then(|| TileIndex(c - 1))
    }

    /// Which of the four cells beside `p` hold tiles (bit `d`: the cell on
    /// side `d`), and in bit 4 whether `p` holds one (`Game::tiles_beside`).
    #[inline]
    pub(super) fn tiles_beside(&self, p: Pos) -> u8 {
        let placed = |c: u16| u8::from(c != 0 && c & FRONTIER_BIT == 0);
        let w = usize::from(self.w);
        if let Some(i) = self.inner_index(p) {
            // Inside the grid with a margin: five reads around one index.
            let at = |j: usize| placed(self.cells.get(j).copied().unwrap_or(0));
            return at(i) << 4 | at(i - w) | at(i + 1) << 1 | at(i + w) << 2 | at(i - 1) << 3;
        }
        let at = |q: Pos| placed(self.cell(q));
        Side::ALL
            .iter()
            .fold(at(p) << 4, |m, &d| m | at(p.step(d)) << (d as u8))
    }

    /// The index of `p`'s cell when `p` is inside the grid with a margin of
    /// one cell (its four neighbours are cells of the grid too), else `None`.
    #[inline(always)]
    fn inner_index(&self, p: Pos) -> Option<usize> {
        let (x, y) = (
            i32::from(p.x) - i32::from(self.ox),
            i32::from(p.y) - i32::from(self.oy),
        );
        let inside = x >= 1 && y >= 1 && x < i32::from(self.w) - 1 && y < i32::from(self.h) - 1;
        inside.then(|| y as usize * usize::from(self.w) + x as usize)
    }

    /// The four cells beside `p`, in [`Side`] order: four reads around one
    /// index where `p` is inside the grid with a margin.
    #[inline]
    pub(super) fn cells_beside(&self, p: Pos) -> [u16; 4] {
        let w = usize::from(self.w);
        if let Some(c) = self
            .inner_index(p)
            .and_then(|i| self.cells.get(i - w..=i + w))
        {
            let at = |j: usize| c.get(j).copied().unwrap_or(0);
            return [at(0), at(w + 1), at(2 * w), at(w - 1)];
        }
        Side::ALL.map(|d| self.cell(p.step(d)))
    }

    /// Which of the four cells beside `p` hold no tile (bit `d`: the cell on
    /// side `d`): `!tiles_beside(p) & 15`, four reads where `p` is inside
    /// the grid (`Game::tile_outline`, asked per neighbour of a square by
    /// placement lists).
    #[inline]
    pub(super) fn open_sides(&self, p: Pos) -> u8 {
        let open = |c: u16| u8::from(c == 0 || c & FRONTIER_BIT != 0);
        let c = self.cells_beside(p);
        open(c[0]) | open(c[1]) << 1 | open(c[2]) << 2 | open(c[3]) << 3
    }

    /// Keeps a margin of one cell around `p` so the frontier cells around it fit.
    #[inline]
    pub(super) fn ensure_room(&mut self, p: Pos) {
        if !self.has_room(p) {
            self.grow();
        }
    }

    /// Grows the grid until `p` has a margin of one cell (a start tile may
    /// stand farther from the others than one growth reaches).
    #[cold]
    pub(super) fn make_room(&mut self, p: Pos) {
        while !self.has_room(p) {
            self.grow();
        }
    }

    /// Whether `p` lies in the grid with a margin of one cell.
    #[inline]
    fn has_room(&self, p: Pos) -> bool {
        let (x, y) = (
            i32::from(p.x) - i32::from(self.ox),
            i32::from(p.y) - i32::from(self.oy),
        );
        x >= 1 && y >= 1 && x < self.w as i32 - 1 && y < self.h as i32 - 1
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

    /// Sets the cell at `p` (inside the grid).
    #[inline]
    pub(super) fn set_cell(&mut self, p: Pos, v: u16) {
        let x = (p.x - self.ox) as usize;
        let y = (p.y - self.oy) as usize;
        self.cells[y * self.w as usize + x] = v;
    }

    /// The number of placements of a tile type with placement table `fit`:
    /// its fitting rotations summed over the frontier, one look-up per cell.
    #[inline]
    pub(super) fn placement_count(&self, fit: &FitTable) -> u32 {
        self.frontier
            .iter()
            .map(|fr| u32::from(fit.count(fr.req)))
            .sum()
    }
}

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

/// [`Game::fit_table`] from the rules and the board alone (the caller may
/// borrow the rest of the game).
#[inline(always)]
fn fit_table<'a>(rules: &'a Rules, board: &Board, tile: u16) -> Option<&'a FitTable> {
    match rules.tiles.fits.get(usize::from(tile)) {
        Some(fit) => Some(fit),
        None => Game::barrier_free_fit(rules, board, tile),
    }
}

/// Frontier cells per block of the drawn tile's placement sums
/// (`Scratch::fit_blocks`).
pub(super) const FIT_BLOCK: usize = 8;

/// The drawn tile `tile`'s number of placements, `weight` summed over the
/// `frontier` cells, keeping the running sum at the end of each block of
/// [`FIT_BLOCK`] cells (`Scratch::fit_blocks`, the last is the total) for
/// [`Game::fit_block_start`]. (A function of the parts: `weight` may borrow
/// the rules.)
#[inline(always)]
pub(super) fn count_fit_blocks(
    scratch: &mut Scratch,
    frontier: &[Frontier],
    tile: TileTypeId,
    weight: impl Fn(&Frontier) -> u32,
) -> u32 {
    let blocks = &mut scratch.fit_blocks;
    blocks.clear();
    let mut sum = 0;
    let mut chunks = frontier.chunks_exact(FIT_BLOCK);
    for block in &mut chunks {
        sum += block.iter().map(&weight).sum::<u32>();
        blocks.push(sum);
    }
    sum += chunks.remainder().iter().map(&weight).sum::<u32>();
    blocks.push(sum);
    scratch.fit_blocks_for = Some(tile.0);
    sum
}

impl Game {
    /// The fit table that places tile type `tile` alone: its plain table, or
    /// where the catalogue has barrier sides, its table while neither the tile
    /// nor a frontier cell has one ([`Game::barrier_free_fit`]); `None`: the
    /// placement functions take the path of `game::barriers`.
    #[inline(always)]
    fn fit_table(&self, tile: u16) -> Option<&FitTable> {
        fit_table(&self.rules, &self.board, tile)
    }

    /// Legal placements of tile type `tile` before plugin filters, appended to `out`.
    pub(super) fn raw_placements(&self, tile: TileTypeId, out: &mut Vec<Placement>) {
        let Some(fit) = self.fit_table(tile.0) else {
            // No plain fit table: the tiles have barrier sides.
            return self.barrier_placements(tile, out);
        };
        for fr in &self.board.frontier {
            let mut m = fit.mask(fr.req);
            while m != 0 {
                let r = Rotation::wrapping(m.trailing_zeros() as usize);
                m &= m - 1;
                out.push(Placement::new(fr.pos, r));
            }
        }
    }

    /// The rotations of tile type `tile` that fit frontier cell `fr`, as a
    /// mask: what [`Game::raw_placements`] lists there.
    pub(super) fn rotations_at(&self, tile: TileTypeId, fr: &Frontier) -> u8 {
        match self.fit_table(tile.0) {
            Some(fit) => fit.mask(fr.req),
            None => self.barrier_rotations(tile, fr),
        }
    }

    /// Legal placements of `tile`: the plain ones, then those with a piece the
    /// plugins add (`extra_placements`), after the plugins' placement filters;
    /// last [`Placement::SET_ASIDE`] when every one of them is optional.
    pub(super) fn placements_into(
        &self,
        tile: TileTypeId,
        out: &mut Vec<Placement>,
        keep: &mut Vec<bool>,
    ) -> HookResult {
        self.placements_with(tile, out, keep, &mut PieceBufs::default())
    }

    /// [`Game::placements_into`] with the buffers of the placements with a
    /// piece (`bufs.fit`: the fitting candidates).
    pub(super) fn placements_with(
        &self,
        tile: TileTypeId,
        out: &mut Vec<Placement>,
        keep: &mut Vec<bool>,
        bufs: &mut PieceBufs,
    ) -> HookResult {
        out.clear();
        bufs.fit.clear();
        if !self.wants(hook::PLACEMENT_SQUARES) || !self.bounded_placements(tile, out)? {
            self.raw_placements(tile, out);
        }
        let mut optional = std::mem::take(&mut bufs.optional);
        optional.clear();
        if self.wants(hook::EXTRA_PLACEMENTS) {
            if let Err(e) = self.piece_placements(tile, out, &mut optional, bufs) {
                bufs.optional = optional;
                return Err(e);
            }
        }
        if self.wants(hook::FILTER_PLACEMENTS)
            && !self.all_narrowed_away(hook::FILTER_PLACEMENTS, Narrowed::Placements(tile))
        {
            keep.clear();
            keep.resize(out.len(), true);
            let narrowed = Narrowed::Placements(tile);
            dispatch_view!(@each self, hook::FILTER_PLACEMENTS, |i| self.narrowed_away(i, narrowed), |h, v| h
                .filter_placements(v, tile, out, keep));
            let mut i = 0;
            out.retain(|_| {
                i += 1;
                keep[i - 1]
            });
        }
        if !optional.is_empty() && !out.is_empty() && out.iter().all(|p| optional.contains(p)) {
            out.push(Placement::SET_ASIDE);
        }
        bufs.optional = optional;
        Ok(())
    }

    /// A uniformly random legal placement of the drawn tile, without building the
    /// list (no placement filter may apply to it). `None` if there is none.
    ///
    /// Each frontier cell weighs its number of fitting rotations, read from the
    /// tile type's fit table in one look-up (with the rotations' mask); their
    /// sum was counted when the tile was drawn (`drawn_fits`), kept by the
    /// board ([`Board::fits`]: the walk starts from the nearer end) or with a
    /// running sum per block of frontier cells
    /// ([`Game::drawn_placement_count`]: the walk starts at its block).
    pub(super) fn random_placement(&self, rng: &mut Rng) -> Option<Placement> {
        let Some(t) = self.fit_table(self.turn.drawn) else {
            return self.barrier_random_placement(rng);
        };
        let total = self.turn.drawn_fits;
        if total == 0 {
            return None;
        }
        let mut k = rng.below(total);
        let mut start = 0;
        if let Some(s) = self.fit_block_start(&mut k) {
            start = s;
        } else if k >= total / 2 {
            // No blocks (the board keeps the counts): the k-th placement is
            // the (total − 1 − k)-th from the end, walked backwards.
            let mut j = total - 1 - k;
            for fr in self.board.frontier.iter().rev() {
                // The cell's count and mask in one byte: one look-up.
                let e = t.fit[usize::from(fr.req)];
                let n = u32::from(e >> 4);
                if j < n {
                    let m = e & 15;
                    let r = NTH_ROTATION[m as usize][(n - 1 - j) as usize & 3];
                    return Some(Placement::new(fr.pos, r));
                }
                j -= n;
            }
            return None;
        }
        for fr in self.board.frontier.get(start..)? {
            let e = t.fit[usize::from(fr.req)];
            let n = u32::from(e >> 4);
            if k < n {
                // The k-th fitting rotation (k < n ≤ 4), from a table: no loop.
                let m = e & 15;
                return Some(Placement::new(
                    fr.pos,
                    NTH_ROTATION[m as usize][k as usize & 3],
                ));
            }
            k -= n;
        }
        None
    }

    /// The number of legal placements of the drawn tile `tile`. When no plugin
    /// filters its placements, it also keeps the running sum at the end of each
    /// block of [`FIT_BLOCK`] frontier cells, for [`Game::random_placement`].
    pub(super) fn drawn_placement_count(&mut self, tile: TileTypeId) -> Result<u32, HookError> {
        if !self.plain_placement(tile) {
            return self.placement_count(tile);
        }
        Ok(self.plain_drawn_count(tile))
    }

    /// [`Game::drawn_placement_count`] of a tile whose placements no plugin
    /// adds or filters ([`Game::plain_placement`]).
    pub(super) fn plain_drawn_count(&mut self, tile: TileTypeId) -> u32 {
        let Some(fit) = fit_table(&self.rules, &self.board, tile.0) else {
            return self.barrier_drawn_count(tile);
        };
        if self.rules.fit_rows.is_some() {
            // Kept by the board: no walk (and no blocks: `random_placement`
            // walks from the nearer end).
            return self.kept_fits(tile.0);
        }
        let weight = |fr: &Frontier| u32::from(fit.count(fr.req));
        count_fit_blocks(&mut self.scratch, &self.board.frontier, tile, weight)
    }

    /// Where the walk to the drawn tile's `k`-th placement starts when
    /// [`count_fit_blocks`] counted it on this frontier: the first
    /// frontier cell of the block that holds it, `k` made relative to it.
    /// `None` (and `k` unchanged) when there are no blocks.
    #[inline(always)]
    pub(super) fn fit_block_start(&self, k: &mut u32) -> Option<usize> {
        if self.scratch.fit_blocks_for != Some(self.turn.drawn) {
            return None;
        }
        let blocks = &self.scratch.fit_blocks;
        let b = blocks.partition_point(|&s| s <= *k);
        if b > 0 {
            *k -= blocks[b - 1];
        }
        Some(b * FIT_BLOCK)
    }

    /// The number of legal placements of tile type `tile` (after placement
    /// filters); 0 if it cannot be placed. The list built to count them is
    /// kept in `Scratch::placements` ([`Game::list_placements`]).
    pub(super) fn placement_count(&mut self, tile: TileTypeId) -> Result<u32, HookError> {
        if self.plain_placement(tile) {
            return Ok(self.plain_placement_count(tile));
        }
        self.list_placements(tile)?;
        let out = &self.scratch.placements;
        let n = out.len() - usize::from(out.last() == Some(&Placement::SET_ASIDE));
        Ok(self.scratch.placements_plain + n as u32)
    }

    /// Lists the legal placements of tile type `tile` into
    /// `Scratch::placements` for a pick: where no plugin filters them or
    /// bounds their squares and the tile has a fit table, only those with a
    /// piece (and [`Placement::SET_ASIDE`]), the plain ones, which come first
    /// in the full list, counted (`Scratch::placements_plain`; one of them is
    /// [`Game::nth_plain_placement`]); otherwise the full list
    /// ([`Game::placements_with`]) and a count of 0.
    pub(super) fn list_placements(&mut self, tile: TileTypeId) -> HookResult {
        let mut out = std::mem::take(&mut self.scratch.placements);
        let mut keep = std::mem::take(&mut self.scratch.keep);
        let mut bufs = self.scratch.take_pieces();
        let r = self.list_placements_with(tile, &mut out, &mut keep, &mut bufs);
        self.scratch.placements_plain = *r.as_ref().unwrap_or(&0);
        self.scratch.placements = out;
        self.scratch.keep = keep;
        self.scratch.pieces = Some(bufs);
        r.map(|_| ())
    }

    /// The body of [`Game::list_placements`]: the number of plain
    /// placements not listed in `out`.
    fn list_placements_with(
        &self,
        tile: TileTypeId,
        out: &mut Vec<Placement>,
        keep: &mut Vec<bool>,
        bufs: &mut PieceBufs,
    ) -> Result<u32, HookError> {
        let filtered = self.wants(hook::FILTER_PLACEMENTS)
            && !self.all_narrowed_away(hook::FILTER_PLACEMENTS, Narrowed::Placements(tile));
        if filtered || self.wants(hook::PLACEMENT_SQUARES) || self.fit_table(tile.0).is_none() {
            return self.placements_with(tile, out, keep, bufs).map(|_| 0);
        }
        out.clear();
        bufs.fit.clear();
        let plain = self.plain_placement_count(tile);
        let mut optional = std::mem::take(&mut bufs.optional);
        optional.clear();
        let r = if self.wants(hook::EXTRA_PLACEMENTS) {
            self.piece_placements(tile, out, &mut optional, bufs)
        } else {
            Ok(())
        };
        // As `placements_with`: a plain placement is never optional.
        if r.is_ok()
            && plain == 0
            && !optional.is_empty()
            && !out.is_empty()
            && out.iter().all(|p| optional.contains(p))
        {
            out.push(Placement::SET_ASIDE);
        }
        bufs.optional = optional;
        r.map(|_| plain)
    }

    /// The `k`-th of the `n` plain placements of tile type `tile` (those
    /// [`Game::raw_placements`] lists, in its order; `tile` has a fit
    /// table), walked from the nearer end of the frontier.
    pub(super) fn nth_plain_placement(
        &self,
        tile: TileTypeId,
        k: u32,
        n: u32,
    ) -> Option<Placement> {
        let t = self.fit_table(tile.0)?;
        if k >= n / 2 {
            let mut j = n.checked_sub(k + 1)?;
            for fr in self.board.frontier.iter().rev() {
                let e = t.fit[usize::from(fr.req)];
                let c = u32::from(e >> 4);
                if j < c {
                    let r = NTH_ROTATION[usize::from(e & 15)][(c - 1 - j) as usize & 3];
                    return Some(Placement::new(fr.pos, r));
                }
                j -= c;
            }
            return None;
        }
        let mut k = k;
        for fr in &self.board.frontier {
            let e = t.fit[usize::from(fr.req)];
            let c = u32::from(e >> 4);
            if k < c {
                let r = NTH_ROTATION[usize::from(e & 15)][k as usize & 3];
                return Some(Placement::new(fr.pos, r));
            }
            k -= c;
        }
        None
    }

    /// Tile type `tile`'s number of placements kept by the board (its fit
    /// class's, [`Board::fits`]), when the rules have `fit_rows`.
    #[inline(always)]
    fn kept_fits(&self, tile: u16) -> u32 {
        self.rules.fit_class.get(usize::from(tile)).map_or(0, |&c| {
            u32::from(self.board.fits[usize::from(c) & (FIT_ROWS_MAX - 1)])
        })
    }

    /// The number of legal placements of `tile` when no plugin filters them: its
    /// fitting rotations summed over the frontier, one table look-up per cell.
    pub(super) fn plain_placement_count(&self, tile: TileTypeId) -> u32 {
        match self.fit_table(tile.0) {
            Some(_) if self.rules.fit_rows.is_some() => self.kept_fits(tile.0),
            Some(fit) => self.board.placement_count(fit),
            None => self.barrier_placement_count(tile),
        }
    }
}
