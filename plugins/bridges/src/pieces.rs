//! The plugin's pieces: a bridge's site (the placed tile or a neighbour) and
//! axis, as a piece code and as its name in records.

use carcassonne_plugin_sdk::prelude::*;

/// A bridge's axis: north–south or west–east.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Axis {
    NorthSouth,
    WestEast,
}

impl Axis {
    /// Both axes, in the order of their piece codes.
    pub(super) const BOTH: [Axis; 2] = [Axis::NorthSouth, Axis::WestEast];

    /// The two board sides the bridge ends on.
    pub(super) fn ends(self) -> [Side; 2] {
        match self {
            Axis::NorthSouth => [Side::N, Side::S],
            Axis::WestEast => [Side::E, Side::W],
        }
    }

    /// The axis through side `d`.
    pub(super) fn through(d: Side) -> Axis {
        match d {
            Side::N | Side::S => Axis::NorthSouth,
            Side::E | Side::W => Axis::WestEast,
        }
    }

    /// The road's slots: the middle slots of its two ends.
    pub(super) fn slots(self) -> u16 {
        self.ends()
            .iter()
            .fold(0, |m, &d| m | 1 << (3 * d as u16 + 1))
    }

    /// The side bits of the axis (side `d` at bit `d`).
    pub(super) fn bits(self) -> u8 {
        match self {
            Axis::NorthSouth => 0b0101,
            Axis::WestEast => 0b1010,
        }
    }
}

/// Piece codes: `2 * site + axis`, site 0 the placed tile, `1 + d` the
/// neighbour beyond side `d`; axis 0 north–south, 1 west–east.
pub(super) fn code(site: Option<Side>, axis: Axis) -> u32 {
    let s = site.map_or(0, |d| 1 + d as u32);
    2 * s + u32::from(axis == Axis::WestEast)
}

/// The site and axis of piece `code`.
fn decode(code: u32) -> Option<(Option<Side>, Axis)> {
    let axis = Axis::BOTH[(code & 1) as usize];
    match code >> 1 {
        0 => Some((None, axis)),
        s @ 1..=4 => Some((Some(Side::ALL[s as usize - 1]), axis)),
        _ => None,
    }
}

const SITE_NAMES: [&str; 5] = ["", "north ", "east ", "south ", "west "];
const AXIS_NAMES: [&str; 2] = ["NS", "WE"];

/// The name of piece `code` in records: `WE` (the placed tile), `west NS`
/// (the neighbour west of it).
pub(super) fn piece_name(code: u32) -> Option<String> {
    let (site, axis) = decode(code)?;
    let s = SITE_NAMES[site.map_or(0, |d| 1 + d as usize)];
    Some(format!("{s}{}", AXIS_NAMES[axis as usize]))
}

/// The label of piece `code` for people: `with a west–east bridge on this
/// tile` (the placed tile), `with a north–south bridge on the tile to the west`.
pub(super) fn piece_label(code: u32) -> Option<String> {
    let (site, axis) = decode(code)?;
    let axis = match axis {
        Axis::NorthSouth => "north–south",
        Axis::WestEast => "west–east",
    };
    Some(match site {
        None => format!("with a {axis} bridge on this tile"),
        Some(d) => {
            let d = ["north", "east", "south", "west"][d as usize];
            format!("with a {axis} bridge on the tile to the {d}")
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_names_round_trip() {
        for c in 0..10 {
            let name = piece_name(c).unwrap();
            assert_eq!(
                (0..10).find(|&x| piece_name(x).as_deref() == Some(&name)),
                Some(c)
            );
        }
        assert_eq!(piece_name(1).as_deref(), Some("WE"));
        assert_eq!(
            piece_name(code(Some(Side::W), Axis::NorthSouth)).as_deref(),
            Some("west NS")
        );
        assert_eq!(piece_name(10), None);
    }

    #[test]
    fn pieces_have_labels_for_people() {
        assert_eq!(
            piece_label(1).as_deref(),
            Some("with a west–east bridge on this tile")
        );
        assert_eq!(
            piece_label(code(Some(Side::W), Axis::NorthSouth)).as_deref(),
            Some("with a north–south bridge on the tile to the west")
        );
        assert_eq!(piece_label(10), None);
    }
}
