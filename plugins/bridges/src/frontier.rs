//! The frontier of one call, by position: each square read once and what
//! the placed tiles beside it allow as bridge sites (BB4, BB6).

use carcassonne_plugin_sdk::prelude::*;

use super::pieces::Axis;
use super::sides::{sides_of, FIELD};

/// The frontier of one call, by position: every square read in one query
/// (`frontier_squares_to`) and what the placed tiles beside it allow as
/// bridge sites (BB4, BB6), in a grid over the squares' bounding box. A
/// placed tile's side faces an empty square exactly where that square is in
/// the frontier, and its kind is what the square reads there (`facing`): a
/// neighbour's sites need no query but whether a feature was added to it
/// (asked only when a bridge across it would be offered).
#[derive(Default)]
pub(super) struct FrontierMap {
    /// The buffer the squares are read into (which only grows): they are
    /// its first [`FrontierMap::len`], in the engine's order.
    pub(super) squares: Vec<FrontierSquare>,
    /// The number of squares read.
    pub(super) len: usize,
    /// Row-major over the bounding box (`x0`, `y0`, `w` columns, `h` rows):
    /// for a placed tile, bit `e` set where its side `e` is a field side
    /// facing an empty square ([`FrontierMap::open_beside`]); for a square,
    /// bit `4 + d` set where the tile beyond its side `d` has such sides at
    /// both ends of the axis across `d` ([`FrontierMap::sites_beside`]).
    grid: Vec<u8>,
    /// The grid offset of the cell beyond side `d` (N E S W).
    step: [isize; 4],
    x0: i32,
    y0: i32,
    w: i32,
    h: i32,
    /// The squares that have candidates in this call, as keys: each one's
    /// position as an integer in the placements' order above its index in
    /// [`FrontierMap::chosen`] ([`FrontierMap::sort_keys`]).
    pub(super) keys: Vec<u64>,
    /// The squares that have candidates in this call: each one's position,
    /// cell in `grid` and what it asks of the drawn tile (its `summary`).
    pub(super) chosen: Vec<(Pos, u32, u64)>,
}

impl FrontierMap {
    /// Reads the frontier of `v` into the map.
    pub(super) fn fill(&mut self, v: &View<'_>) {
        let n = v.frontier_squares_to(&mut self.squares);
        self.len = n;
        let squares = &self.squares[..n];
        let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for fs in squares {
            let (x, y) = (i32::from(fs.pos.x), i32::from(fs.pos.y));
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        self.grid.clear();
        if x1 < x0 {
            (self.x0, self.y0, self.w, self.h) = (0, 0, 0, 0);
            return;
        }
        // Every placed tile lies inside the box: beyond each side of the
        // board's outermost tiles there is a square of the frontier.
        (self.x0, self.y0, self.w, self.h) = (x0, y0, x1 - x0 + 1, y1 - y0 + 1);
        self.grid.resize((self.w * self.h) as usize, 0);
        let w = self.w as isize;
        let step = [-w, 1, w, -1];
        self.step = step;
        for fs in squares {
            // The tiles beside the square whose side facing it is a field.
            let mut m = sides_of(fs.facing, FIELD) & fs.present;
            let i = ((i32::from(fs.pos.y) - y0) * self.w + i32::from(fs.pos.x) - x0) as isize;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let t = i + step[d];
                let Some(e) = self.grid.get_mut(t as usize) else {
                    continue;
                };
                // Its side facing the square: `d` turned half way.
                *e |= 1 << ((d + 2) & 3);
                // Both ends of an axis (bit 0: N and S; bit 1: E and W):
                // the cells beside it across the other axis are told.
                let full = *e & *e >> 2 & 3;
                for a in 0..2 {
                    if full >> a & 1 != 0 {
                        // The axis's other sides: E and W for N–S.
                        for s in [a ^ 1, (a ^ 1) + 2] {
                            if let Some(c) = self.grid.get_mut((t + step[s]) as usize) {
                                // That cell's side facing the tile.
                                *c |= 16 << ((s + 2) & 3);
                            }
                        }
                    }
                }
            }
        }
    }

    /// The cell in the grid of square `pos` (one of the frontier's).
    #[inline]
    pub(super) fn cell(&self, pos: Pos) -> u32 {
        ((i32::from(pos.y) - self.y0) * self.w + i32::from(pos.x) - self.x0) as u32
    }

    /// Sorts [`FrontierMap::keys`] (few, often nearly in order: an
    /// insertion sort of integers), so that the squares' candidates come
    /// out in the placements' order without moving them.
    pub(super) fn sort_keys(&mut self) {
        let keys = &mut self.keys;
        for i in 1..keys.len() {
            let k = keys[i];
            let mut j = i;
            while j > 0 && keys[j - 1] > k {
                keys[j] = keys[j - 1];
                j -= 1;
            }
            keys[j] = k;
        }
    }

    /// Bit `d` set where the placed tile beyond side `d` of the square in
    /// `cell` has field sides facing empty squares at both ends of the axis
    /// across `d` (BB5: a bridge by choice across it may be laid with a
    /// tile on the square, if it has none yet).
    #[inline]
    pub(super) fn sites_beside(&self, cell: u32) -> u8 {
        self.grid.get(cell as usize).map_or(0, |&e| e >> 4)
    }

    /// Bit `e` set where side `e` of the placed tile beyond side `d` of the
    /// square in `cell` is a field side facing an empty square (BB6),
    /// whether or not it has a bridge.
    #[inline]
    pub(super) fn open_beside(&self, cell: u32, d: Side) -> u8 {
        let t = cell as isize + self.step[d as usize];
        self.grid.get(t as usize).map_or(0, |&e| e & 15)
    }
}

/// Whether a bridge along `axis` may be laid on the placed tile at `at`
/// (BB4): it has no bridge yet (a tile holds at most one, ever, and one with
/// a feature added has one), and neither end of the axis is a barrier side
/// (a river or lake side is no field side; the frontier's side kinds, which
/// chose the site, count a barrier side as a field side). The tile's sides
/// are read only where the ruleset has barrier sides (`barriers`).
pub(super) fn bridgeable(v: &View<'_>, at: Pos, axis: Axis, barriers: bool) -> bool {
    if !barriers {
        return v.features_added_at(at) == Some(0);
    }
    v.tile_at(at).is_some_and(|t| {
        let o = v.tile_outline(t);
        o.added == 0 && o.sides.barrier_sides(0) & axis.bits() == 0
    })
}

/// Whether a tile type of the ruleset has a barrier side.
pub(super) fn has_barriers(v: &View<'_>) -> bool {
    (0..v.tile_type_count())
        .filter_map(|t| u16::try_from(t).ok())
        .any(|t| v.tile_type_sides(TileTypeId(t)).barrier_sides(0) != 0)
}

/// The sides `e` of the placed tile beyond side `d` of the square tried
/// (`open`: its [`FrontierMap::open_beside`]) where a bridge laid for that
/// square may end: field sides facing an empty square other than the one
/// tried.
#[inline]
pub(super) fn site_ends(open: u8, d: Side) -> u8 {
    open & !(1 << d.opposite() as u8)
}
