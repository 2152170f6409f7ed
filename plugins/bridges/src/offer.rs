//! The placements that lay a bridge (BB5–BB8) with the drawn tile: the body
//! of `extra_placements`.

use carcassonne_plugin_sdk::prelude::*;

use super::fits::{answer, keyed_by_facing, FitCache, AXIS, COMPUTED, FIT, NEIGHBOUR};
use super::frontier::{site_ends, unbridged, FrontierMap};
use super::pieces::{code, Axis};
use super::sides::codes;
use super::{BridgeOnlyFit, Bridges, Sites};

/// The pieces of this plugin by code (`code`), asked once per call.
type Pieces = [Piece; 10];

/// The bridges by choice on the neighbours of one square (BB5): a site and
/// an axis each, the same for every rotation of the new tile that fits.
struct NeighbourBridges {
    len: usize,
    at: [(Side, Axis); 4],
}

/// A candidate laying a bridge across the tile at `at`.
fn candidate(
    pieces: &Pieces,
    p: Placement,
    site: Option<Side>,
    at: Pos,
    axis: Axis,
    optional: bool,
) -> PiecePlacement {
    PiecePlacement {
        placement: Placement::with_piece(p.pos, p.rot, pieces[code(site, axis) as usize]),
        at,
        kind: FeatureKind::Road,
        slots: axis.slots(),
        optional,
    }
}

/// Bit `r` set where bit `8r` of `x` is (`x` has no other bits).
#[inline]
fn gather(x: u32) -> u8 {
    ((x | x >> 7 | x >> 14 | x >> 21) & 15) as u8
}

impl Bridges {
    /// The bridges by choice on the neighbours of square `pos` (in `cell`
    /// of `map`; BB5): on a neighbour without a bridge, along an axis of two
    /// field sides whose ends face empty squares (none with `sites =
    /// "placed-only"`).
    fn neighbour_bridges(
        &self,
        v: &View<'_>,
        pos: Pos,
        cell: u32,
        map: &FrontierMap,
    ) -> NeighbourBridges {
        let mut nb = NeighbourBridges {
            len: 0,
            at: [(Side::N, Axis::NorthSouth); 4],
        };
        if self.options.sites == Sites::PlacedOnly {
            return nb;
        }
        // Both ends on field sides facing empty squares other than the one
        // tried: only the axis across `d` may have both (the other ends on
        // the square tried); the map marks them. A tile without a bridge.
        let mut m = map.sites_beside(cell);
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let d = Side::from_index(i);
            if unbridged(v, pos.step(d)) {
                nb.at[nb.len] = (d, Axis::BOTH[(i & 1) ^ 1]);
                nb.len += 1;
            }
        }
        nb
    }

    /// The placements that lay a bridge (BB5–BB8) with the drawn tile
    /// `tile`, appended to `out`: the body of `extra_placements`.
    pub(super) fn offer(
        &self,
        v: &View<'_>,
        tile: TileTypeId,
        map: &mut FrontierMap,
        fits: &mut FitCache,
        out: &mut Vec<PiecePlacement>,
    ) {
        // The drawn tile's sides in each rotation, asked once per call (this
        // hook runs at every draw and placement list: issue 27), as packed
        // codes side by side (rotation `r` in byte `r`); what the
        // neighbours require in one query per square, read into `map`,
        // which also says what a neighbour allows as a bridge site. What a
        // square asks of the tile is kept by its `facing` (`fits`). The core
        // sorts the candidates: the squares' order does not matter.
        let printed = v.tile_type_sides(tile);
        let m4 = u32::from_le_bytes(Rotation::ALL.map(|rot| codes(printed.rotated(rot))));
        let me_index = v.plugin_index();
        let pieces: Pieces = std::array::from_fn(|c| Piece::of(me_index, c as u32));
        let optional = self.options.bridge_only_fit == BridgeOnlyFit::MaySetAside;
        map.fill(v);
        let by_facing = fits.of(m4);
        for (fs, &cell) in map.squares.iter().zip(&map.cells) {
            let pos = fs.pos;
            let e = if keyed_by_facing(fs.facing, fs.present) {
                let e = &mut by_facing[usize::from(fs.facing)];
                if *e == 0 {
                    *e = answer(m4, fs.facing, fs.present);
                }
                *e
            } else {
                answer(m4, fs.facing, fs.present)
            } & !COMPUTED;
            // Most squares have nothing.
            if e == 0 {
                continue;
            }
            // The rotations that fit (bit `r`), those with a bridge across
            // the new tile (by choice where they fit, else the repair), and
            // those whose repair lies across a neighbour.
            let fit = gather(e & (0x0101_0101 * u32::from(FIT)));
            let across = gather((e >> 1 | e >> 2) & 0x0101_0101);
            let beyond = gather(e >> NEIGHBOUR.trailing_zeros() & 0x0101_0101);
            if fit != 0 {
                // The bridges by choice: across the new tile, per rotation
                // that fits; across a neighbour, the same for each.
                let nb = self.neighbour_bridges(v, pos, cell, map);
                let mut m = if nb.len == 0 { fit & across } else { fit };
                while m != 0 {
                    let r = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let b = (e >> (8 * r)) as u8;
                    let p = Placement::new(pos, Rotation::ALL[r]);
                    for (i, axis) in Axis::BOTH.into_iter().enumerate() {
                        if b & AXIS << i != 0 {
                            out.push(candidate(&pieces, p, None, pos, axis, false));
                        }
                    }
                    for &(d, axis) in &nb.at[..nb.len] {
                        out.push(candidate(&pieces, p, Some(d), pos.step(d), axis, false));
                    }
                }
            }
            // The repairs (BB7), per rotation that does not fit: across the
            // new tile.
            let mut m = across & !fit;
            while m != 0 {
                let r = m.trailing_zeros() as usize;
                m &= m - 1;
                let b = (e >> (8 * r)) as u8;
                let p = Placement::new(pos, Rotation::ALL[r]);
                let axis = Axis::BOTH[usize::from(b & (AXIS << 1) != 0)];
                out.push(candidate(&pieces, p, None, pos, axis, optional));
            }
            // Across a neighbour.
            let mut m = beyond;
            while m != 0 {
                let r = m.trailing_zeros() as usize;
                m &= m - 1;
                let b = (e >> (8 * r)) as u8;
                let p = Placement::new(pos, Rotation::ALL[r]);
                // Across the neighbour beyond `d`: its far end a field
                // side facing an empty square, on a tile without a bridge.
                let d = Side::from_index(usize::from(b >> 4 & 3));
                let at = pos.step(d);
                if site_ends(map.open_beside(cell, d), d) & 1 << d as u8 != 0 && unbridged(v, at) {
                    out.push(candidate(
                        &pieces,
                        p,
                        Some(d),
                        at,
                        Axis::through(d),
                        optional,
                    ));
                }
            }
        }
    }
}
