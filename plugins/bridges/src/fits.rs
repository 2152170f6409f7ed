//! What a square asks of the drawn tile: for each of its four rotations,
//! whether it fits, the bridges by choice across it, or the bridge that
//! repairs its clashes (BB5–BB7). The answer depends only on the tile's
//! four rotations' codes and the sides the square's neighbours turn to it,
//! so it is kept from call to call ([`FitCache`]).

use super::pieces::Axis;
use super::sides::{
    clash_sides, clashes, clear_bytes, code_at, sides_of, unrepairable, ACROSS_NEW, FIELD, ROAD,
};

/// A rotation's byte in an answer: the rotation fits the square.
pub(super) const FIT: u8 = 1;
/// With [`FIT`]: a bridge by choice across the new tile (BB5), one bit per
/// axis (`AXIS << i`, `i` the axis's index in [`Axis::BOTH`]): both its
/// ends are field sides facing an empty square or a road side.
/// Without [`FIT`]: the bridge across the new tile that repairs every clash
/// (BB7 way (a)), along axis `i`.
pub(super) const AXIS: u8 = 2;
/// Without [`FIT`]: the single clash is the new tile's road facing the
/// field side of the neighbour beyond side `d` (`NEIGHBOUR | d << 4`): a
/// bridge across that neighbour repairs it (BB7 way (b)) if its far end
/// faces an empty square and it has no bridge yet (the board's matter).
pub(super) const NEIGHBOUR: u8 = 8;
/// Set in every answer computed (bit 7 of rotation 0's byte, otherwise
/// unused): 0 is "not computed yet" in [`FitCache`].
pub(super) const COMPUTED: u32 = 0x80;

/// Entries of [`FitCache`] (a power of two).
const FIT_SLOTS: usize = 128;

/// In a [`summary`]: the rotations that fit (bit `r`) at bit 32 ([`FIT`]
/// in byte `r` of the answer).
pub(super) const FITS_AT: u32 = 32;
/// In a [`summary`]: the rotations with a bridge across the new tile (by
/// choice where they fit, else the repair) at bit 36.
pub(super) const ACROSS_AT: u32 = 36;
/// In a [`summary`]: the rotations whose repair lies across a neighbour
/// at bit 40.
pub(super) const BEYOND_AT: u32 = 40;

/// Bit `r` set where bit `8r` of `x` is (`x` has no other bits).
#[inline]
fn gather(x: u32) -> u64 {
    u64::from((x | x >> 7 | x >> 14 | x >> 21) & 15)
}

/// Answer `e` ([`answer`]) with its rotations' masks beside it: `e` in
/// the low 32 bits, then [`FITS_AT`], [`ACROSS_AT`] and [`BEYOND_AT`], so
/// that a square reads what it offers in one load.
pub(super) fn summary(e: u32) -> u64 {
    let fit = gather(e & (0x0101_0101 * u32::from(FIT)));
    let across = gather((e >> 1 | e >> 2) & 0x0101_0101);
    let beyond = gather(e >> NEIGHBOUR.trailing_zeros() & 0x0101_0101);
    u64::from(e) | fit << FITS_AT | across << ACROSS_AT | beyond << BEYOND_AT
}

/// Whether the answer for a square whose neighbours are `present` and turn
/// it `facing` may be kept by `facing` alone: every present neighbour's
/// side is set (no wildcard side, which reads as no neighbour).
#[inline]
pub(super) fn keyed_by_facing(facing: u8, present: u8) -> bool {
    present == !sides_of(facing, 0) & 15
}

/// The answer for the drawn tile (its four rotations' codes `m4`, rotation
/// `r` in byte `r`) on a square whose neighbours are `present` and turn it
/// `facing`: rotation `r`'s byte at bits `8r` ([`FIT`], [`AXIS`],
/// [`NEIGHBOUR`]), with [`COMPUTED`].
pub(super) fn answer(m4: u32, facing: u8, present: u8) -> u32 {
    let clash = clashes(m4, facing);
    let fit = clear_bytes(clash);
    let repairable = clear_bytes(unrepairable(m4, facing, clash)) & !fit;
    let bad4 = clash_sides(clash);
    // Where a bridge across the new tile may end: an empty square or a
    // road side.
    let end_ok = !present & 15 | sides_of(facing, ROAD) & present;
    let mut e = COMPUTED;
    for r in 0..4 {
        let mine = (m4 >> (8 * r)) as u8;
        let ends_ok = sides_of(mine, FIELD) & end_ok;
        let mut b = 0;
        if fit >> r & 1 != 0 {
            b = FIT;
            for (i, axis) in Axis::BOTH.iter().enumerate() {
                let ends = axis.bits();
                if ends_ok & ends == ends {
                    b |= AXIS << i;
                }
            }
        } else if repairable >> r & 1 != 0 {
            let bad = (bad4 >> (8 * r)) as u8 & 15;
            let across = ACROSS_NEW[usize::from(bad << 4 | ends_ok)];
            if across != 0 {
                b = AXIS << (across - 1);
            } else if bad & bad.wrapping_sub(1) == 0 && sides_of(mine, ROAD) & bad != 0 {
                // A single clash, the new tile's road facing a
                // neighbour's field.
                let d = bad.trailing_zeros() as u8;
                let side = carcassonne_plugin_sdk::prelude::Side::from_index(usize::from(d));
                if code_at(facing, side) == FIELD && present & bad != 0 {
                    b = NEIGHBOUR | d << 4;
                }
            }
        }
        e |= u32::from(b) << (8 * r);
    }
    e
}

/// The answers of [`answer`] kept from call to call as [`summary`]s, by
/// the drawn tile's codes `m4` and the square's `facing` (squares whose
/// answer is [`keyed_by_facing`]). By the tile's codes, each in one of
/// [`FIT_PROBES`] slots from its hash (a catalogue's few dozen codes then
/// keep theirs: direct-mapped, two codes on one slot took it from each
/// other at every draw); an entry is computed on first use.
#[derive(Default)]
pub(super) struct FitCache {
    /// The tile's codes (`None`: a free slot) and its entries.
    slots: Vec<(Option<u32>, [u64; 256])>,
}

/// The slots a tile's codes may take in [`FitCache`], from its hash on.
const FIT_PROBES: usize = 4;

impl FitCache {
    /// The entries of the tile whose four rotations' codes are `m4`: by a
    /// square's `facing`, 0 until computed.
    pub(super) fn of(&mut self, m4: u32) -> &mut [u64; 256] {
        if self.slots.is_empty() {
            self.slots.resize(FIT_SLOTS, (None, [0; 256]));
        }
        let h = (m4.wrapping_mul(0x9E37_79B9) >> (32 - FIT_SLOTS.trailing_zeros())) as usize;
        let slot = |k: usize| (h + k) & (FIT_SLOTS - 1);
        // Its own slot, else a free one, else the first (reset).
        let i = (0..FIT_PROBES)
            .map(slot)
            .find(|&i| self.slots[i].0.is_none_or(|c| c == m4))
            .unwrap_or(h & (FIT_SLOTS - 1));
        let e = &mut self.slots[i];
        if e.0 != Some(m4) {
            *e = (Some(m4), [0; 256]);
        }
        &mut e.1
    }
}
