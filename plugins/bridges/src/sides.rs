//! Packed side codes: a side's kind in two bits, the four sides of a tile
//! (or of what a square's neighbours require) in a byte, the four rotations
//! of the drawn tile side by side in a `u32`, so that a square's clashes
//! for all four rotations are a few bit operations.

use carcassonne_plugin_sdk::prelude::*;

/// A side's kind as the plugin reads it, in two bits: 0 a wildcard side or a
/// barrier side (a river or lake side: never a bridge's end, BB4; whether it
/// fits is the core's matter, which checks every candidate where sides are
/// not all plain, `OFFERED_FIT`), 1 a city, 2 a
/// road, 3 a field. The codes of four sides are packed in a `u8`, side `d` at
/// bits `2d`.
pub(super) const ROAD: u8 = 2;
/// A field side's code (see [`ROAD`]).
pub(super) const FIELD: u8 = 3;

/// The low bit of every side's two in four packed codes side by side.
const LANES: u32 = 0x5555_5555;

/// The packed codes of four sides.
pub(super) fn codes(s: Sides) -> u8 {
    (0..4).fold(0, |m, d| {
        let b = (s.0 >> (8 * d)) as u8;
        let k = if b >> 4 != 0 { 0 } else { b & 3 };
        m | k << (2 * d)
    })
}

/// Code of side `d` in packed codes `c`.
pub(super) fn code_at(c: u8, d: Side) -> u8 {
    (c >> (2 * d as u8)) & 3
}

/// Bit `d` set where side `d` of packed codes `c` is `k`: one look-up
/// ([`SIDES_OF`]; the hot loops ask it per frontier square).
#[inline]
pub(super) fn sides_of(c: u8, k: u8) -> u8 {
    SIDES_OF[usize::from(k & 3)][usize::from(c)]
}

/// [`sides_of`] of every kind and packed codes, `SIDES_OF[k][c]`: the lanes
/// where `c` and four copies of `k` agree, gathered into the low four bits.
const SIDES_OF: [[u8; 256]; 4] = {
    let mut t = [[0; 256]; 4];
    let mut k = 0;
    while k < 4 {
        let mut c = 0;
        while c < 256 {
            let x = c as u8 ^ (k as u8 * 0x55);
            let z = !(x | x >> 1) & 0x55;
            let z = (z | z >> 1) & 0x33;
            t[k][c] = (z | z >> 2) & 0x0F;
            c += 1;
        }
        k += 1;
    }
    t
};

/// Bit `r` set where byte `r` of `x` (bits in [`LANES`] only) is zero: the
/// rotations whose four lanes are all clear.
#[inline]
pub(super) fn clear_bytes(x: u32) -> u8 {
    let t = x | x >> 2;
    let t = (t | t >> 4) & 0x0101_0101;
    // Byte `r`'s bit (at `8r`) moved to bit `r`.
    !((t | t >> 7 | t >> 14 | t >> 21) as u8) & 15
}

/// Each rotation's clashing sides, a bit per side (side `d` at bit `d`),
/// from their lanes (`clash`, bits in [`LANES`]), rotation `r` in byte `r`.
#[inline]
pub(super) fn clash_sides(clash: u32) -> u32 {
    let x = (clash | clash >> 1) & 0x3333_3333;
    (x | x >> 2) & 0x0F0F_0F0F
}

/// The clashing sides of each rotation of the new tile (its four rotations'
/// codes `m4`, rotation `r` in byte `r`) on a square whose neighbours turn
/// it `facing`: the lanes ([`LANES`]) where both sides are set and differ.
#[inline]
pub(super) fn clashes(m4: u32, facing: u8) -> u32 {
    let f4 = u32::from(facing) * 0x0101_0101;
    let set4 = (m4 | m4 >> 1) & LANES;
    let diff = m4 ^ f4;
    (diff | diff >> 1) & set4 & (f4 | f4 >> 1) & LANES
}

/// The lanes of [`clashes`] that one bridge cannot repair: every clash but a
/// field side against a road side (codes 3 and 2: both high bits set, low
/// bits not the same).
#[inline]
pub(super) fn unrepairable(m4: u32, facing: u8, clash: u32) -> u32 {
    let f4 = u32::from(facing) * 0x0101_0101;
    clash & !((m4 & f4) >> 1 & (m4 ^ f4))
}

/// The bridge across the new tile that repairs every clash (way (a) of a
/// repair, BB7), by `bad << 4 | ends_ok` (the clashing sides, and the new
/// tile's field sides facing an empty square or a road): the clashes on
/// one axis, whose two ends are such sides. 0 for none, else 1 plus the
/// axis's index in `Axis::BOTH`.
pub(super) const ACROSS_NEW: [u8; 256] = {
    let mut t = [0; 256];
    let mut i: usize = 1;
    while i < 256 {
        let (bad, ok) = (i >> 4, i & 15);
        if bad != 0 {
            // The axis through the first clashing side (N or S: 0b0101).
            let (ends, axis) = if bad.trailing_zeros() % 2 == 0 {
                (0b0101, 1)
            } else {
                (0b1010, 2)
            };
            if bad & !ends == 0 && ok & ends == ends {
                t[i] = axis;
            }
        }
        i += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::super::pieces::Axis;
    use super::*;

    #[test]
    fn packed_side_tests_match_their_definitions() {
        for c in 0..=255u8 {
            for k in 0..4 {
                let by_side = (0..4).fold(0, |m, d| m | u8::from((c >> (2 * d)) & 3 == k) << d);
                assert_eq!(sides_of(c, k), by_side, "codes {c:08b}, kind {k}");
            }
        }
        for lanes in 0..=0xFFFFu32 {
            // Four bytes of four lanes each, from four bits of `lanes`.
            let x = (0..16).fold(0u32, |x, i| x | (lanes >> i & 1) << (2 * i));
            let clear = (0..4).fold(0, |m, r| m | u8::from((x >> (8 * r)) as u8 == 0) << r);
            assert_eq!(clear_bytes(x), clear, "lanes {x:032b}");
        }
    }

    #[test]
    fn a_barrier_side_is_no_field_side() {
        // BB4: a river side is never a bridge's end; it reads as a wildcard.
        let s = Sides::new([
            SideKind::Barrier(1),
            SideKind::Field,
            SideKind::Road,
            SideKind::City,
        ]);
        assert_eq!(codes(s), FIELD << 2 | ROAD << 4 | 1 << 6);
        assert_eq!(sides_of(codes(s), FIELD), 0b0010);
    }

    #[test]
    fn packed_codes_turn_with_their_sides() {
        let kinds = [0x00, 0x01, 0x02, 0x03, 0x13];
        for a in kinds {
            for b in kinds {
                let s = Sides(u32::from_le_bytes([a, b, 0x03, 0x02]));
                for rot in Rotation::ALL {
                    let turned = codes(s).rotate_left(2 * rot.index() as u32);
                    assert_eq!(codes(s.rotated(rot)), turned, "{s:?} {rot:?}");
                }
            }
        }
    }

    #[test]
    fn the_repair_filters_match_their_definitions() {
        for bad in 1..16u8 {
            for ok in 0..16u8 {
                let first = Side::from_index(bad.trailing_zeros() as usize);
                let ends = Axis::through(first).bits();
                let want = bad & !ends == 0 && ok & ends == ends;
                let got = ACROSS_NEW[usize::from(bad << 4 | ok)];
                assert_eq!(got != 0, want, "{bad:04b} {ok:04b}");
                if want {
                    assert_eq!(Axis::BOTH[usize::from(got - 1)], Axis::through(first));
                }
            }
        }
        for lanes in 0..=0xFFFFu32 {
            let x = (0..16).fold(0u32, |x, i| x | (lanes >> i & 1) << (2 * i));
            let want = (0..4).fold(0u32, |m, r| {
                let l = x >> (8 * r);
                m | (0..4).fold(0, |b, d| b | (l >> (2 * d) & 1) << d) << (8 * r)
            });
            assert_eq!(clash_sides(x), want, "lanes {x:032b}");
        }
    }
}
