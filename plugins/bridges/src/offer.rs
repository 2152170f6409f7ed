//! The placements that lay a bridge (BB5–BB8) with the drawn tile: the body
//! of `extra_placements`.

use carcassonne_plugin_sdk::prelude::*;

use super::fits::{
    answer, keyed_by_facing, summary, FitCache, ACROSS_AT, AXIS, BEYOND_AT, COMPUTED, FITS_AT,
};
use super::frontier::{bridgeable, has_barriers, site_ends, FrontierMap};
use super::pieces::{code, Axis};
use super::sides::codes;
use super::{BridgeOnlyFit, Bridges, Sites};

/// The bridges by choice on the neighbours of one square (BB5): a site and
/// an axis each, the same for every rotation of the new tile that fits.
struct NeighbourBridges {
    len: usize,
    at: [(Side, Axis); 4],
}

impl NeighbourBridges {
    /// None.
    const NONE: NeighbourBridges = NeighbourBridges {
        len: 0,
        at: [(Side::N, Axis::NorthSouth); 4],
    };
}

/// What the candidates of every square of one call share.
struct List<'a, 'v> {
    v: &'a View<'v>,
    map: &'a FrontierMap,
    /// This plugin's index (its pieces are `Piece::of(me, code)`).
    me: u8,
    optional: bool,
    /// Whether the ruleset has barrier sides ([`bridgeable`]).
    barriers: bool,
}

/// A candidate laying a bridge across the tile at `at`, a piece of plugin
/// `me`.
fn candidate(
    me: u8,
    p: Placement,
    site: Option<Side>,
    at: Pos,
    axis: Axis,
    optional: bool,
) -> PiecePlacement {
    PiecePlacement {
        placement: Placement::with_piece(p.pos, p.rot, Piece::of(me, code(site, axis))),
        at,
        kind: FeatureKind::Road,
        slots: axis.slots(),
        optional,
    }
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
        barriers: bool,
    ) -> NeighbourBridges {
        let mut nb = NeighbourBridges::NONE;
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
            let axis = Axis::BOTH[(i & 1) ^ 1];
            if bridgeable(v, pos.step(d), axis, barriers) {
                nb.at[nb.len] = (d, axis);
                nb.len += 1;
            }
        }
        nb
    }

    /// The placements that lay a bridge (BB5–BB8) with the drawn tile
    /// `tile`, appended to `out` in the placements' order (so that the
    /// core needs no sort): the body of `extra_placements`.
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
        // neighbours require in one query for the whole frontier, read into
        // `map`, which also says what a neighbour allows as a bridge site.
        // What a square asks of the tile is kept by its `facing` (`fits`).
        let printed = v.tile_type_sides(tile);
        // (A quarter turn moves side `d` to `d + 1`: the packed codes turn by
        // two bits.)
        let c0 = codes(printed);
        let m4 =
            u32::from_le_bytes(Rotation::ALL.map(|rot| c0.rotate_left(2 * rot.index() as u32)));
        // Only the rotations that give distinct tiles: another rotation's
        // candidates are repeats of its lowest twin's (the core names a
        // placement by that rotation). Not part of what `fits` keeps (tile
        // types with the same sides may differ in their twins).
        let distinct = v.tile_type_rotations(tile) & 15;
        let me = v.plugin_index();
        let optional = self.options.bridge_only_fit == BridgeOnlyFit::MaySetAside;
        let by_choice_beside = self.options.sites == Sites::PlacedOrAdjacent;
        map.fill(v);
        let by_facing = fits.of(m4);
        // The distinct rotations in each of a summary's three masks (from
        // `FITS_AT`: the fits, those across the new tile, those beyond).
        let any = u16::from(distinct) * 0x111;
        // First the squares with candidates, then their candidates square
        // by square in position order (each square's come in order): no
        // candidate is moved afterwards.
        map.keys.clear();
        map.chosen.clear();
        for fs in map.squares.get(..map.len).unwrap_or(&[]) {
            let a = if keyed_by_facing(fs.facing, fs.present) {
                let a = &mut by_facing[usize::from(fs.facing)];
                if *a == 0 {
                    *a = summary(answer(m4, fs.facing, fs.present));
                }
                *a
            } else {
                summary(answer(m4, fs.facing, fs.present))
            };
            // Most squares have nothing at all in the distinct rotations:
            // one test of the summary's three masks.
            if (a >> FITS_AT) as u16 & any == 0 {
                continue;
            }
            // The rotations that fit (bit `r`), those with a bridge across
            // the new tile, and those whose repair lies across a neighbour.
            let fit = (a >> FITS_AT) as u8 & distinct;
            let across = (a >> ACROSS_AT) as u8 & distinct;
            let beyond = (a >> BEYOND_AT) as u8 & distinct;
            // Most squares have nothing: no bridge across the new tile, no
            // neighbour with a site (or no rotation that fits), and no
            // repair across a neighbour whose far end may take it.
            let cell = map.cell(fs.pos);
            if across == 0
                && (fit == 0 || !by_choice_beside || map.sites_beside(cell) == 0)
                && (beyond == 0 || !repair_beyond(map, cell, a as u32, beyond))
            {
                continue;
            }
            map.keys
                .push(u64::from(pos_key(fs.pos)) << 32 | map.chosen.len() as u64);
            map.chosen.push((fs.pos, cell, a));
        }
        map.sort_keys();
        let list = List {
            v,
            map,
            me,
            optional,
            barriers: *self.barriers.get_or_init(|| has_barriers(v)),
        };
        for &k in &map.keys {
            if let Some(&(pos, cell, a)) = map.chosen.get(k as u32 as usize) {
                self.square_candidates(&list, pos, cell, a, distinct, out);
            }
        }
    }

    /// The candidates of the square `pos` (in `cell` of the list's map),
    /// which asks `a` of the drawn tile (its `summary`), in the rotations
    /// `distinct`, appended to `out` in the placements' order.
    #[inline(always)]
    fn square_candidates(
        &self,
        list: &List<'_, '_>,
        pos: Pos,
        cell: u32,
        a: u64,
        distinct: u8,
        out: &mut Vec<PiecePlacement>,
    ) {
        let List {
            v,
            map,
            me,
            optional,
            barriers,
        } = list;
        let (v, me, optional, barriers) = (*v, *me, *optional, *barriers);
        // The rotations that fit (bit `r`), those with a bridge across
        // the new tile (by choice where they fit, else the repair), and
        // those whose repair lies across a neighbour.
        let fit = (a >> FITS_AT) as u8 & distinct;
        let e = a as u32 & !COMPUTED;
        let across = (a >> ACROSS_AT) as u8 & distinct;
        let beyond = (a >> BEYOND_AT) as u8 & distinct;
        // The bridges by choice on a neighbour (the same for each
        // rotation that fits).
        let nb = if fit != 0 {
            self.neighbour_bridges(v, pos, cell, map, barriers)
        } else {
            NeighbourBridges::NONE
        };
        let mut m = if nb.len == 0 { fit & across } else { fit } | across | beyond;
        // Rotation by rotation, each one's in piece-code order (the
        // placed tile's axes, then the neighbours N E S W).
        while m != 0 {
            let r = m.trailing_zeros() as usize;
            m &= m - 1;
            let b = (e >> (8 * r)) as u8;
            let p = Placement::new(pos, Rotation::ALL[r]);
            if fit >> r & 1 != 0 {
                // The bridges by choice: across the new tile, then
                // across a neighbour.
                for (i, axis) in Axis::BOTH.into_iter().enumerate() {
                    if b & AXIS << i != 0 {
                        out.push(candidate(me, p, None, pos, axis, false));
                    }
                }
                for &(d, axis) in &nb.at[..nb.len] {
                    out.push(candidate(me, p, Some(d), pos.step(d), axis, false));
                }
            } else if across >> r & 1 != 0 {
                // The repair (BB7) across the new tile.
                let axis = Axis::BOTH[usize::from(b & (AXIS << 1) != 0)];
                out.push(candidate(me, p, None, pos, axis, optional));
            } else if beyond >> r & 1 != 0 {
                // Across the neighbour beyond `d`: its far end a field
                // side facing an empty square, on a tile without a
                // bridge, and neither end a barrier side.
                let d = Side::from_index(usize::from(b >> 4 & 3));
                let at = pos.step(d);
                let axis = Axis::through(d);
                if site_ends(map.open_beside(cell, d), d) & 1 << d as u8 != 0
                    && bridgeable(v, at, axis, barriers)
                {
                    out.push(candidate(me, p, Some(d), at, axis, optional));
                }
            }
        }
    }
}

/// Whether one of the rotations `beyond` of the square in `cell`, which
/// asks `e` of the drawn tile, has its repair across a neighbour whose far
/// end is a field side facing an empty square (as the square's candidates
/// require, before asking whether that neighbour has a bridge).
#[inline]
fn repair_beyond(map: &FrontierMap, cell: u32, e: u32, beyond: u8) -> bool {
    let mut m = beyond;
    while m != 0 {
        let r = m.trailing_zeros();
        m &= m - 1;
        let d = Side::from_index(usize::from((e >> (8 * r)) as u8 >> 4 & 3));
        if site_ends(map.open_beside(cell, d), d) & 1 << d as u8 != 0 {
            return true;
        }
    }
    false
}

/// Square `pos` as an integer in the placements' order (column, then row).
#[inline]
fn pos_key(pos: Pos) -> u32 {
    u32::from(pos.x as u16 ^ 0x8000) << 16 | u32::from(pos.y as u16 ^ 0x8000)
}
