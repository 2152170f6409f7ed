//! The squares a plugin bounds a placement list to (`placement_squares`):
//! a plugin whose placement filter keeps a tile only at a few squares (the
//! river: its open ends) names them before the list is built, and the list
//! then visits the frontier cells at those squares alone, in frontier order
//! (the order of the unbounded list: the filter keeps the same placements in
//! the same order, so the games are the same).

use super::*;

/// The most squares a plugin may bound a list to (the room `placement_squares`
/// gets); more bound nothing: the whole frontier is listed, the filters decide.
const MAX_SQUARES: usize = 16;

/// Bounding squares: `at[..n]`.
struct Squares {
    at: [Pos; MAX_SQUARES],
    n: usize,
}

impl Game {
    /// Asks the plugins that filter the placements of tile type `tile` for the
    /// squares they bound them to (`placement_squares`): the squares every
    /// answering plugin named. `None` when none bounds them.
    fn bounding_squares(&self, tile: TileTypeId) -> Result<Option<Squares>, HookError> {
        let mut acc: Option<Squares> = None;
        let narrowed = Narrowed::Placements(tile);
        for &i in self.rules.subscribers(hook::PLACEMENT_SQUARES) {
            let Some(p) = self.rules.plugins.get(usize::from(i)) else {
                continue;
            };
            // Only a plugin whose filter is called for this list may bound it.
            if p.subs & hook::FILTER_PLACEMENTS == 0
                || self.switched_off(i, hook::PLACEMENT_SQUARES)
                || self.switched_off(i, hook::FILTER_PLACEMENTS)
                || self.narrowed_away(i, narrowed)
            {
                continue;
            }
            let v = View {
                game: self,
                plugin: i,
            };
            let mut at = [Pos::default(); MAX_SQUARES];
            let mut n = 0u32;
            p.hooks.placement_squares(&v, tile, &mut at, &mut n)?;
            let n = n as usize;
            if n == 0 || n > MAX_SQUARES {
                continue; // this plugin bounds nothing
            }
            let named = &at[..n];
            match &mut acc {
                None => acc = Some(Squares { at, n }),
                Some(s) => {
                    // The squares named before and now.
                    let mut k = 0;
                    for j in 0..s.n {
                        if named.contains(&s.at[j]) {
                            s.at[k] = s.at[j];
                            k += 1;
                        }
                    }
                    s.n = k;
                }
            }
        }
        Ok(acc)
    }

    /// Appends the placements of tile type `tile` before plugin filters at
    /// the squares the plugins bound its list to, in frontier order, and
    /// returns `true`; `false` (nothing appended) when no plugin bounds them.
    pub(super) fn bounded_placements(
        &self,
        tile: TileTypeId,
        out: &mut Vec<Placement>,
    ) -> Result<bool, HookError> {
        let Some(squares) = self.bounding_squares(tile)? else {
            return Ok(false);
        };
        // The frontier cells at the squares, in frontier order.
        let mut cells = [0u16; MAX_SQUARES];
        let mut n = 0;
        for &s in &squares.at[..squares.n] {
            let c = self.board.cell(s);
            if c & FRONTIER_BIT != 0 {
                cells[n] = c & !FRONTIER_BIT;
                n += 1;
            }
        }
        let cells = &mut cells[..n];
        cells.sort_unstable();
        let mut last = None;
        for &c in cells.iter() {
            if last == Some(c) {
                continue;
            }
            last = Some(c);
            let Some(fr) = self.board.frontier.get(usize::from(c)) else {
                continue;
            };
            let mut m = self.rotations_at(tile, fr);
            while m != 0 {
                let r = Rotation::wrapping(m.trailing_zeros() as usize);
                m &= m - 1;
                out.push(Placement::new(fr.pos, r));
            }
        }
        Ok(true)
    }
}
