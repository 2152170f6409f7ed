//! The code of a place on the board in an option: a placed tile's position
//! and, optionally, a local feature of that tile, packed in a `u32`. The
//! SDK's `Spot` is its typed form and its text (`2 at 3 -1`, `tile at 3 -1`);
//! the core makes the same codes for the standing offer of follower spots
//! (`Cx::offer_follower_spots`), so both sides share the packing here.

use crate::types::Pos;

/// Coordinates a code can hold: `-SPOT_OFFSET..SPOT_OFFSET` (the text form of
/// actions accepts ±4000), but not `x = SPOT_OFFSET - 1`: those codes are the
/// figure codes ([`FIGURE_CODE`](crate::FIGURE_CODE)).
pub const SPOT_OFFSET: i32 = 1 << 12;
/// The local index of a code that names the tile itself.
pub const SPOT_NO_LOCAL: u32 = 0x3F;

/// In a plugin's human label of an option (`value_label`): where the core
/// writes the place the option's code names as a spot, as people read it
/// (`the city at (3, -1)`, `the tile at (3, -1)`): a label sees no game, so
/// the core, which does, fills it in (`Game::action_label`).
pub const LABEL_PLACE: &str = "{S}";
/// In a plugin's human label of an option: where the core writes the figure
/// the option's code names ([`FIGURE_CODE`](crate::FIGURE_CODE)), as people
/// read it (`{P1}'s large follower on the city at (3, -1)`, its owner a
/// player placeholder that front ends name as in prompts).
pub const LABEL_FIGURE: &str = "{F}";

/// The code of the place at `pos` (local feature `local` of the tile there,
/// or the tile itself for `None`): 13 bits per coordinate, 6 bits of local
/// index. `None` if a coordinate or the local index does not fit.
#[inline]
pub const fn spot_code(pos: Pos, local: Option<u8>) -> Option<u32> {
    let x = pos.x as i32 + SPOT_OFFSET;
    let y = pos.y as i32 + SPOT_OFFSET;
    let l = match local {
        Some(l) if l as u32 >= SPOT_NO_LOCAL => return None,
        Some(l) => l as u32,
        None => SPOT_NO_LOCAL,
    };
    // `x + SPOT_OFFSET = 2 * SPOT_OFFSET - 1` would make a figure code.
    if x < 0 || x >= 2 * SPOT_OFFSET - 1 || y < 0 || y >= 2 * SPOT_OFFSET {
        return None;
    }
    Some((x as u32) << 19 | (y as u32) << 6 | l)
}

/// Inverse of [`spot_code`]: the position and the local index (`None`: the
/// tile itself).
#[inline]
pub const fn spot_of_code(code: u32) -> (Pos, Option<u8>) {
    let x = ((code >> 19) & 0x1FFF) as i32 - SPOT_OFFSET;
    let y = ((code >> 6) & 0x1FFF) as i32 - SPOT_OFFSET;
    let local = code & SPOT_NO_LOCAL;
    let local = if local == SPOT_NO_LOCAL {
        None
    } else {
        Some(local as u8)
    };
    (Pos::new(x as i16, y as i16), local)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_stay_below_the_figure_codes() {
        for (x, y, local) in [
            (0, 0, None),
            (3, -1, Some(2)),
            (-4096, 4095, Some(0)),
            (4094, -4096, Some(62)),
        ] {
            let pos = Pos::new(x, y);
            let code = spot_code(pos, local).unwrap();
            assert_eq!(spot_of_code(code), (pos, local));
            assert!(code < crate::FIGURE_CODE);
        }
        assert_eq!(spot_code(Pos::new(4095, 0), None), None);
        assert_eq!(spot_code(Pos::new(0, -4097), Some(1)), None);
        assert_eq!(spot_code(Pos::new(0, 0), Some(63)), None);
    }
}
