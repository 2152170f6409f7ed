//! Small `Copy` vocabulary types shared by the whole engine.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Largest number of players a game may have.
pub const MAX_PLAYERS: usize = 6;

/// A seat at the table, `0..players`.
pub type PlayerId = u8;

/// Index of a tile type in the ruleset's tile catalogue.
pub type TileTypeId = u16;

/// Index of a placed tile, in placement order (the start tile is 0).
pub type TileIndex = u16;

/// Global id of a feature instance on the board (one per feature of each placed tile).
pub type FeatureId = u16;

/// Index of a figure kind in the ruleset (0 is always the follower).
pub type FigureKindId = u8;

/// Index of a figure in the game (`player * figures_per_player + slot`).
pub type FigureId = u16;

/// "No such thing" marker for the `u16` index types above.
pub const NONE16: u16 = u16::MAX;

/// A board position. `x` grows eastwards, `y` grows southwards; the start tile is at `(0, 0)`.
///
/// `repr(C)`: plugin hooks receive slices of placements without copying.
#[repr(C)]
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
pub struct Pos {
    /// Column, growing eastwards.
    pub x: i16,
    /// Row, growing southwards.
    pub y: i16,
}

impl Pos {
    /// Makes a position.
    pub const fn new(x: i16, y: i16) -> Pos {
        Pos { x, y }
    }

    /// The neighbouring position across `side`.
    #[inline]
    pub fn step(self, side: Side) -> Pos {
        match side {
            Side::N => Pos::new(self.x, self.y - 1),
            Side::E => Pos::new(self.x + 1, self.y),
            Side::S => Pos::new(self.x, self.y + 1),
            Side::W => Pos::new(self.x - 1, self.y),
        }
    }

    /// The 8 surrounding positions (orthogonal and diagonal).
    pub fn ring(self) -> [Pos; 8] {
        let (x, y) = (self.x, self.y);
        [
            Pos::new(x - 1, y - 1),
            Pos::new(x, y - 1),
            Pos::new(x + 1, y - 1),
            Pos::new(x + 1, y),
            Pos::new(x + 1, y + 1),
            Pos::new(x, y + 1),
            Pos::new(x - 1, y + 1),
            Pos::new(x - 1, y),
        ]
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// A side of a tile or a direction on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Side {
    /// North (up, `y - 1`).
    N = 0,
    /// East (`x + 1`).
    E = 1,
    /// South (`y + 1`).
    S = 2,
    /// West (`x - 1`).
    W = 3,
}

impl Side {
    /// All four sides, clockwise from north.
    pub const ALL: [Side; 4] = [Side::N, Side::E, Side::S, Side::W];

    /// The side with this index (`0..4`, clockwise from north), modulo 4.
    #[inline]
    pub fn from_index(i: usize) -> Side {
        Side::ALL[i & 3]
    }

    /// The opposite side.
    #[inline]
    pub fn opposite(self) -> Side {
        Side::from_index(self as usize + 2)
    }

    /// One-letter name.
    pub fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self as usize]
    }
}

/// Number of slots around a tile: three per side (`L`, `M`, `R`), clockwise from `NL`.
pub const SLOTS: usize = 12;

/// Slot names in index order.
pub const SLOT_NAMES: [&str; SLOTS] = [
    "NL", "NM", "NR", "EL", "EM", "ER", "SL", "SM", "SR", "WL", "WM", "WR",
];

/// The slot of a neighbouring tile that touches board slot `slot` of this tile:
/// `NL` meets the northern neighbour's `SR`, `NM` its `SM`, `NR` its `SL`.
#[inline]
pub const fn mirror_slot(slot: usize) -> usize {
    let side = slot / 3;
    let i = slot % 3;
    ((side + 2) % 4) * 3 + (2 - i)
}

/// A clockwise rotation in quarter turns (`0..4`).
pub type Rotation = u8;

/// What a feature is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum FeatureKind {
    /// A road segment.
    Road = 0,
    /// A city segment.
    City = 1,
    /// A field (farmland) segment.
    Field = 2,
    /// A cloister (monastery) in the middle of a tile.
    Cloister = 3,
    /// A single-tile place such as a garden, that the core never scores; a plugin gives it a meaning.
    Spot = 4,
}

impl FeatureKind {
    /// Lower-case name as used in data files.
    pub fn name(self) -> &'static str {
        match self {
            FeatureKind::Road => "road",
            FeatureKind::City => "city",
            FeatureKind::Field => "field",
            FeatureKind::Cloister => "cloister",
            FeatureKind::Spot => "spot",
        }
    }

    /// Whether the feature lives in the middle of one tile and completes when surrounded.
    #[inline]
    pub fn is_centre(self) -> bool {
        matches!(self, FeatureKind::Cloister | FeatureKind::Spot)
    }

    /// Decodes the `repr(u8)` value.
    pub fn from_u8(v: u8) -> Option<FeatureKind> {
        Some(match v {
            0 => FeatureKind::Road,
            1 => FeatureKind::City,
            2 => FeatureKind::Field,
            3 => FeatureKind::Cloister,
            4 => FeatureKind::Spot,
            _ => return None,
        })
    }
}

impl fmt::Display for FeatureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Kind of a tile side, for placement matching.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum EdgeKind {
    /// Some slot of the side belongs to a city.
    City = 1,
    /// No city, some slot belongs to a road.
    Road = 2,
    /// Neither city nor road.
    Field = 3,
}

impl EdgeKind {
    /// `C`, `R` or `F`.
    pub fn letter(self) -> char {
        match self {
            EdgeKind::City => 'C',
            EdgeKind::Road => 'R',
            EdgeKind::Field => 'F',
        }
    }
}

/// A set of players as a bit mask (bit `p` is player `p`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct PlayerSet(pub u8);

impl PlayerSet {
    /// No player.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// Whether `p` is in the set.
    #[inline]
    pub fn contains(self, p: PlayerId) -> bool {
        self.0 & (1 << p) != 0
    }

    /// Adds `p`.
    #[inline]
    pub fn insert(&mut self, p: PlayerId) {
        self.0 |= 1 << p;
    }

    /// Removes `p`.
    #[inline]
    pub fn remove(&mut self, p: PlayerId) {
        self.0 &= !(1 << p);
    }

    /// Number of players in the set.
    #[inline]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The players in increasing order.
    pub fn iter(self) -> impl Iterator<Item = PlayerId> {
        (0..8u8).filter(move |p| self.0 & (1 << p) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_slots_pair_up() {
        assert_eq!(SLOT_NAMES[mirror_slot(0)], "SR");
        assert_eq!(SLOT_NAMES[mirror_slot(1)], "SM");
        assert_eq!(SLOT_NAMES[mirror_slot(2)], "SL");
        assert_eq!(SLOT_NAMES[mirror_slot(3)], "WR");
        for s in 0..SLOTS {
            assert_eq!(mirror_slot(mirror_slot(s)), s);
        }
    }

    #[test]
    fn steps_and_ring() {
        let p = Pos::new(0, 0);
        assert_eq!(p.step(Side::N), Pos::new(0, -1));
        assert_eq!(p.step(Side::E).step(Side::W), p);
        assert_eq!(p.ring().len(), 8);
    }
}
