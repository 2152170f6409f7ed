//! The board's vocabulary: positions, sides, slots, corners, rotations,
//! feature kinds and the kinds of a tile's sides.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A corner of a tile on the board (board orientation), between two half slots:
/// `NW` = `WR`+`NL`, `NE` = `NR`+`EL`, `SE` = `ER`+`SL`, `SW` = `SR`+`WL`.
#[repr(u8)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
pub enum Corner {
    /// North-west.
    #[default]
    NW = 0,
    /// North-east.
    NE = 1,
    /// South-east.
    SE = 2,
    /// South-west.
    SW = 3,
}

impl Corner {
    /// All four corners, clockwise from north-west.
    pub const ALL: [Corner; 4] = [Corner::NW, Corner::NE, Corner::SE, Corner::SW];

    /// The corner with this index (`0..4`, clockwise from north-west), modulo 4.
    #[inline]
    pub fn from_index(i: usize) -> Corner {
        Corner::ALL[i & 3]
    }

    /// The two slots (board orientation) that meet at this corner: `(before, after)`
    /// clockwise, e.g. `NW` = (`WR`, `NL`).
    #[inline]
    pub fn slots(self) -> (usize, usize) {
        let i = self as usize;
        ((i * 3 + 11) % SLOTS, i * 3)
    }

    /// Name (`NW`, `NE`, `SE`, `SW`).
    pub fn name(self) -> &'static str {
        ["NW", "NE", "SE", "SW"][self as usize]
    }

    /// The corner with this name.
    pub fn parse(s: &str) -> Option<Corner> {
        Corner::ALL.into_iter().find(|c| c.name() == s)
    }

    /// The offset `(dx, dy)` from a tile to the tile diagonally across this corner.
    pub fn diagonal(self) -> (i16, i16) {
        [(-1, -1), (1, -1), (1, 1), (-1, 1)][self as usize]
    }
}

/// A board position. `x` grows eastwards, `y` grows southwards; the start tile is at `(0, 0)`.
///
/// `repr(C)`: plugin hooks receive slices of placements without copying.
#[repr(C)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
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
        // Offsets by side index (N, E, S, W): no branch on the playout path.
        const DX: [i16; 4] = [0, 1, 0, -1];
        const DY: [i16; 4] = [-1, 0, 1, 0];
        let d = side as usize;
        Pos::new(self.x.wrapping_add(DX[d]), self.y.wrapping_add(DY[d]))
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

/// Rotates a printed slot mask (bit `i`: slot `i`) clockwise by `r` quarter
/// turns ([`Rotation::quarter_turns`]), as a placement with that rotation turns
/// the tile's slots.
pub fn rotate_mask(mask: u16, r: u8) -> u16 {
    let k = 3 * (r as u32 % 4);
    (((mask as u32) << k | (mask as u32) >> (12 - k)) & 0xFFF) as u16
}

/// A clockwise rotation in quarter turns, `0..4`: a typed value like the ids,
/// so a rotation is never mixed up with another number and is always in range
/// (its constructor checks; [`Rotation::wrapping`] reduces modulo 4).
#[repr(transparent)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(try_from = "u8", into = "u8")]
pub struct Rotation(u8);

impl Rotation {
    /// No rotation.
    pub const R0: Rotation = Rotation(0);
    /// The four rotations, in order.
    pub const ALL: [Rotation; 4] = [Rotation(0), Rotation(1), Rotation(2), Rotation(3)];

    /// The rotation of `quarter_turns` clockwise quarter turns; `None` from 4 on.
    #[inline]
    pub const fn new(quarter_turns: u8) -> Option<Rotation> {
        if quarter_turns < 4 {
            Some(Rotation(quarter_turns))
        } else {
            None
        }
    }

    /// The rotation of `quarter_turns` modulo 4.
    #[inline]
    pub const fn wrapping(quarter_turns: usize) -> Rotation {
        Rotation((quarter_turns & 3) as u8)
    }

    /// The index (`0..4`), for indexing per-rotation tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The number of clockwise quarter turns (`0..4`).
    #[inline]
    pub const fn quarter_turns(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl From<Rotation> for u8 {
    #[inline]
    fn from(r: Rotation) -> u8 {
        r.0
    }
}

impl TryFrom<u8> for Rotation {
    type Error = String;
    fn try_from(v: u8) -> Result<Rotation, String> {
        Rotation::new(v).ok_or_else(|| format!("rotation {v}: rotations are 0 to 3"))
    }
}

/// What a feature is.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord,
)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
pub enum FeatureKind {
    /// A road segment (the default, e.g. for a query about a feature that does not exist).
    #[default]
    Road = 0,
    /// A city segment.
    City = 1,
    /// A field (farmland) segment.
    Field = 2,
    /// A cloister (monastery) in the middle of a tile.
    Cloister = 3,
    /// A single-tile place such as a garden, that the core never scores; a plugin gives it a meaning.
    Spot = 4,
    /// An edge-only feature with a name (tile data: `{ kind = "barrier", name = "river" }`):
    /// it owns the middle slot of the sides it crosses and makes them sides of its
    /// name, which fit only sides of the same name or wildcards. Its instances join
    /// across sides like roads; it is never completed, scored or occupied, and no
    /// figure stands on it.
    Barrier = 5,
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
            FeatureKind::Barrier => "barrier",
        }
    }

    /// Whether the feature lives in the middle of one tile and completes when surrounded.
    #[inline]
    pub fn is_centre(self) -> bool {
        matches!(self, FeatureKind::Cloister | FeatureKind::Spot)
    }

    /// Whether the feature is completed (a road, a city) or closed (a field) when
    /// it has no open side: not a centre feature, not a barrier.
    #[inline]
    pub fn closes(self) -> bool {
        matches!(
            self,
            FeatureKind::Road | FeatureKind::City | FeatureKind::Field
        )
    }

    /// Decodes the `repr(u8)` value.
    pub fn from_u8(v: u8) -> Option<FeatureKind> {
        Some(match v {
            0 => FeatureKind::Road,
            1 => FeatureKind::City,
            2 => FeatureKind::Field,
            3 => FeatureKind::Cloister,
            4 => FeatureKind::Spot,
            5 => FeatureKind::Barrier,
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
    /// A wildcard side (`?` in tile data): no feature reaches it; it fits against
    /// any side and joins nothing.
    Any = 0,
    /// Some slot of the side belongs to a city.
    City = 1,
    /// No city, some slot belongs to a road.
    Road = 2,
    /// Neither city nor road.
    Field = 3,
}

impl EdgeKind {
    /// Whether a side of this kind may meet a side of kind `other`: the same kind,
    /// or either is a wildcard.
    pub fn fits(self, other: EdgeKind) -> bool {
        self == other || self == EdgeKind::Any || other == EdgeKind::Any
    }

    /// `C`, `R`, `F` or `?`.
    pub fn letter(self) -> char {
        match self {
            EdgeKind::Any => '?',
            EdgeKind::City => 'C',
            EdgeKind::Road => 'R',
            EdgeKind::Field => 'F',
        }
    }
}

/// The kind of a tile side as a plugin reads it: [`EdgeKind`]'s kinds, and a
/// barrier side with the id of its barrier's name (`View::my_barrier`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SideKind {
    /// A wildcard side (`?`): fits any side.
    Any,
    /// A city side.
    City,
    /// A road side.
    Road,
    /// A field side (also a side owned by nobody).
    Field,
    /// A side a barrier crosses (`I` in tile data), with the barrier's name id
    /// (1 to 15): fits only a side of the same barrier name or a wildcard.
    Barrier(u8),
}

impl SideKind {
    /// Whether a side of this kind may meet a side of kind `other`: the same
    /// kind (a barrier of the same name), or either is a wildcard.
    pub fn fits(self, other: SideKind) -> bool {
        self == other || self == SideKind::Any || other == SideKind::Any
    }

    /// Its letter in tile data's `sides`: `C`, `R`, `F`, `?`, or `I` for a
    /// barrier side of any name.
    pub fn letter(self) -> char {
        match self {
            SideKind::Any => EdgeKind::Any.letter(),
            SideKind::City => EdgeKind::City.letter(),
            SideKind::Road => EdgeKind::Road.letter(),
            SideKind::Field => EdgeKind::Field.letter(),
            SideKind::Barrier(_) => 'I',
        }
    }

    /// The barrier name id of a barrier side, else `None`.
    pub fn barrier(self) -> Option<u8> {
        match self {
            SideKind::Barrier(id) => Some(id),
            _ => None,
        }
    }
}

/// The four side kinds of a tile, packed one byte per side (side `d` at bits
/// `8d`, [`Side`] order N E S W): the low two bits are the side's [`EdgeKind`]
/// (a barrier side counts as a field side there), the high four bits the id of
/// the barrier crossing it (0: none). Queries give a tile type's sides as
/// printed (`tile_type_sides`) or a placed tile's in board orientation
/// (`tile_sides`); [`Sides::rotated`] turns one into the other.
#[repr(transparent)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sides(pub u32);

impl Sides {
    /// Packs four side kinds (N E S W).
    pub fn new(kinds: [SideKind; 4]) -> Sides {
        let byte = |k: SideKind| -> u32 {
            match k {
                SideKind::Any => EdgeKind::Any as u32,
                SideKind::City => EdgeKind::City as u32,
                SideKind::Road => EdgeKind::Road as u32,
                SideKind::Field => EdgeKind::Field as u32,
                SideKind::Barrier(id) => EdgeKind::Field as u32 | u32::from(id & 15) << 4,
            }
        };
        Sides((0..4).fold(0, |a, d| a | byte(kinds[d]) << (8 * d)))
    }

    /// The kind of side `d`.
    pub fn get(self, d: Side) -> SideKind {
        let b = (self.0 >> (8 * d as u32)) as u8;
        match (b >> 4, b & 3) {
            (0, 0) => SideKind::Any,
            (0, 1) => SideKind::City,
            (0, 2) => SideKind::Road,
            (0, _) => SideKind::Field,
            (id, _) => SideKind::Barrier(id),
        }
    }

    /// The four kinds, N E S W.
    pub fn kinds(self) -> [SideKind; 4] {
        Side::ALL.map(|d| self.get(d))
    }

    /// The sides after turning the tile clockwise by `rot` quarter turns (side `d`
    /// moves to side `d + rot`).
    pub fn rotated(self, rot: Rotation) -> Sides {
        Sides(self.0.rotate_left(8 * u32::from(rot.quarter_turns())))
    }

    /// The sides (bit `d` = [`Side`] `d`) crossed by the barrier with name id `id`
    /// (any barrier when `id` is 0).
    pub fn barrier_sides(self, id: u8) -> u8 {
        (0..4).fold(0, |m, d| match self.get(Side::from_index(d)) {
            SideKind::Barrier(b) if id == 0 || b == id => m | 1 << d,
            _ => m,
        })
    }
}

/// A square of the frontier (an empty square next to a placed tile) and what
/// its neighbours require of a tile placed there, read in one query
/// (`frontier_square`): for a hook that looks at every square where a tile may
/// go (placements with a piece) without a `tile_at` per side.
#[repr(C)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FrontierSquare {
    /// The square.
    pub pos: Pos,
    /// Bit `d` ([`Side`] N E S W): a placed tile lies beyond side `d`.
    pub present: u8,
    /// The kind of the side each neighbour turns to the square, two bits per
    /// side (side `d` at bits `2d`, [`EdgeKind`] codes: a barrier side counts
    /// as a field side, a wildcard side and a missing tile as 0).
    pub facing: u8,
}

/// A placed tile's outline now, read in one query (`tile_outline`): its
/// sides, which of them face an empty square, and whether features were
/// added to it at run time.
#[repr(C)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TileOutline {
    /// Its sides in board orientation (as `tile_sides`).
    pub sides: Sides,
    /// Bit `d` ([`Side`] N E S W): no tile lies beyond side `d`.
    pub open: u8,
    /// The number of features added to it at run time (a bridge): its
    /// `tile_feature_count` less its type's.
    pub added: u8,
}
