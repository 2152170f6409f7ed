//! Placement where tiles have barrier sides (tile data `kind = "barrier"`):
//! a side a barrier crosses fits only a side of the same barrier name or a
//! wildcard.
//!
//! A fit table counts a barrier side as a field side, so a catalogue with
//! barrier sides keeps its tables as `TileCatalogue::barrier_fits` and none
//! as `fits`: the board's placement functions come here where they find no
//! plain table (the branch they have anyway for a tile type without one), and
//! for a ruleset without barriers nothing here runs. The entry points are out
//! of line, so that the plain path keeps its code. A frontier cell keeps the
//! barrier names its neighbours present to it where they require a field side
//! (a barrier side is coded as one: `Frontier::bars`, kept up to date as tiles
//! are placed, with the number of cells that have one), and a rotation that
//! the fit table allows is kept when every side it shares with a neighbour
//! carries the same barrier name (none on both is the same). While no
//! frontier cell faces a barrier side (the river is finished: its ends are
//! closed), a tile type without barrier sides is placed by its fit table alone,
//! on the plain path ([`Game::barrier_free_fit`]).

use super::board::count_fit_blocks;
use super::*;
use crate::tiles::{FitTable, TileType};

/// For a packed side requirement or side code (2 bits per side, 0: none or a
/// wildcard), the 4-bit-per-side mask of the sides that are not 0 (a table:
/// one load per cell and rotation).
#[inline]
fn live_nibbles(code: u8) -> u16 {
    LIVE_NIBBLES[usize::from(code)]
}

/// [`live_nibbles`] of every code.
const LIVE_NIBBLES: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut code = 0;
    while code < 256 {
        let mut d = 0;
        while d < 4 {
            if (code >> (2 * d)) & 3 != 0 {
                t[code] |= 0xF << (4 * d);
            }
            d += 1;
        }
        code += 1;
    }
    t
};

impl Game {
    /// The fit table of tile type `tile` in a catalogue with barrier sides, when
    /// it alone decides: the tile has no barrier side and no frontier cell
    /// faces one.
    #[inline]
    pub(super) fn barrier_free_fit<'a>(
        rules: &'a Rules,
        board: &Board,
        tile: u16,
    ) -> Option<&'a FitTable> {
        if board.barred != 0 {
            return None;
        }
        let i = usize::from(tile);
        if rules.tiles.types.get(i)?.has_barrier_sides() {
            return None;
        }
        rules.tiles.barrier_fits.get(i)
    }

    /// The rotations of tile type `tt` (fit table `fit`) that fit frontier cell
    /// `fr`, barrier names included.
    #[inline]
    fn barrier_fit(tt: &TileType, fit: &FitTable, fr: &Frontier) -> u8 {
        let m = fit.mask(fr.req);
        if m == 0 {
            return 0;
        }
        let breq = fr.bars;
        if breq == 0 && !tt.has_barrier_sides() {
            return m;
        }
        let need = live_nibbles(fr.req);
        let (mut left, mut out) = (m, 0u8);
        while left != 0 {
            let r = left.trailing_zeros() as usize;
            left &= left - 1;
            let g = &tt.rot[r];
            if (breq ^ g.bars) & need & live_nibbles(g.code) == 0 {
                out |= 1 << r;
            }
        }
        out
    }

    /// The rotations of tile type `tile` that fit frontier cell `fr`, barrier
    /// names included (what [`Game::barrier_placements`] lists there).
    #[cold]
    #[inline(never)]
    pub(super) fn barrier_rotations(&self, tile: TileTypeId, fr: &Frontier) -> u8 {
        match (
            self.rules.tiles.get(tile),
            self.rules.tiles.barrier_fits.get(tile.index()),
        ) {
            (Some(tt), Some(fit)) => Self::barrier_fit(tt, fit, fr),
            _ => 0,
        }
    }

    /// Calls `each(cell, rotations)` for every frontier cell where tile type
    /// `tile` fits, barrier names included.
    fn barrier_cells(&self, tile: TileTypeId, mut each: impl FnMut(&Frontier, u8) -> bool) {
        let (Some(tt), Some(fit)) = (
            self.rules.tiles.get(tile),
            self.rules.tiles.barrier_fits.get(tile.index()),
        ) else {
            return;
        };
        for fr in &self.board.frontier {
            let m = Self::barrier_fit(tt, fit, fr);
            if m != 0 && !each(fr, m) {
                return;
            }
        }
    }

    /// The legal placements of `tile` before plugin filters, appended to `out`
    /// ([`Game::raw_placements`] with barriers).
    #[cold]
    #[inline(never)]
    pub(super) fn barrier_placements(&self, tile: TileTypeId, out: &mut Vec<Placement>) {
        self.barrier_cells(tile, |fr, mut m| {
            while m != 0 {
                let r = m.trailing_zeros() as usize;
                m &= m - 1;
                out.push(Placement::new(fr.pos, Rotation::wrapping(r)));
            }
            true
        });
    }

    /// The number of placements of `tile` before plugin filters
    /// ([`Game::plain_placement_count`] with barriers).
    #[cold]
    #[inline(never)]
    pub(super) fn barrier_placement_count(&self, tile: TileTypeId) -> u32 {
        let mut n = 0;
        self.barrier_cells(tile, |_, m| {
            n += m.count_ones();
            true
        });
        n
    }

    /// The number of placements of the drawn tile `tile` when no plugin
    /// filters them ([`Game::drawn_placement_count`] with barriers), with the
    /// running sum at the end of each block of [`FIT_BLOCK`](super::board::FIT_BLOCK) frontier cells
    /// for [`Game::barrier_random_placement`] (while a barrier is open at
    /// one end, every tile is placed here: in some games to their end).
    #[cold]
    #[inline(never)]
    pub(super) fn barrier_drawn_count(&mut self, tile: TileTypeId) -> u32 {
        let (Some(tt), Some(fit)) = (
            self.rules.tiles.get(tile),
            self.rules.tiles.barrier_fits.get(tile.index()),
        ) else {
            return 0;
        };
        // A cell that faces no barrier takes the tile's table alone when the
        // tile has no barrier side: its count is one look-up.
        let barred_tile = tt.has_barrier_sides();
        let weight = |fr: &Frontier| {
            if fr.bars == 0 && !barred_tile {
                u32::from(fit.count(fr.req))
            } else {
                Self::barrier_fit(tt, fit, fr).count_ones()
            }
        };
        count_fit_blocks(&mut self.scratch, &self.board.frontier, tile, weight)
    }

    /// A uniformly random legal placement of the drawn tile, weighing each cell
    /// by its fitting rotations ([`Game::random_placement`] with barriers):
    /// the walk starts at the block of frontier cells that holds it, when
    /// [`Game::barrier_drawn_count`] counted them.
    #[cold]
    #[inline(never)]
    pub(super) fn barrier_random_placement(&self, rng: &mut Rng) -> Option<Placement> {
        let total = self.turn.drawn_fits;
        if total == 0 {
            return None;
        }
        let mut k = rng.below(total);
        let tile = TileTypeId(self.turn.drawn);
        let (tt, fit) = (
            self.rules.tiles.get(tile)?,
            self.rules.tiles.barrier_fits.get(tile.index())?,
        );
        let start = self.fit_block_start(&mut k).unwrap_or(0);
        for fr in self.board.frontier.get(start..)? {
            let m = Self::barrier_fit(tt, fit, fr);
            if m == 0 {
                continue;
            }
            let n = m.count_ones();
            if k < n {
                let r = (0..4).filter(|r| m & (1 << r) != 0).nth(k as usize)?;
                return Some(Placement::new(fr.pos, Rotation::wrapping(r)));
            }
            k -= n;
        }
        None
    }
}
