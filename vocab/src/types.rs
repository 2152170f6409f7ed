//! Small `Copy` vocabulary types shared by the whole engine.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Largest number of players a game may have.
pub const MAX_PLAYERS: usize = 6;

/// A seat at the table, `0..players` (fewer than [`MAX_PLAYERS`]): a typed
/// value like the other ids, so a seat is never mixed up with a count or
/// another number, and always in range (its constructor checks).
#[repr(transparent)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct PlayerId(u8);

impl PlayerId {
    /// Every seat a game may have, in order.
    pub const ALL: [PlayerId; MAX_PLAYERS] = {
        let mut all = [PlayerId(0); MAX_PLAYERS];
        let mut i = 0;
        while i < MAX_PLAYERS {
            all[i] = PlayerId(i as u8);
            i += 1;
        }
        all
    };

    /// Seat `seat`; `None` from [`MAX_PLAYERS`] on.
    #[inline]
    pub const fn new(seat: u8) -> Option<PlayerId> {
        if (seat as usize) < MAX_PLAYERS {
            Some(PlayerId(seat))
        } else {
            None
        }
    }

    /// The seat with index `i`; `None` from [`MAX_PLAYERS`] on.
    #[inline]
    pub const fn from_index(i: usize) -> Option<PlayerId> {
        if i < MAX_PLAYERS {
            Some(PlayerId(i as u8))
        } else {
            None
        }
    }

    /// The seats of a game of `players` players, in order (at most
    /// [`MAX_PLAYERS`]).
    #[inline]
    pub fn all(players: u8) -> impl DoubleEndedIterator<Item = PlayerId> + Clone {
        PlayerId::ALL
            .into_iter()
            .take(usize::from(players).min(MAX_PLAYERS))
    }

    /// The index, for indexing per-player arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat number (`0..MAX_PLAYERS`).
    #[inline]
    pub const fn seat(self) -> u8 {
        self.0
    }

    /// The seat after this one in a game of `players` players (the next to
    /// play), wrapping to seat 0.
    #[inline]
    pub fn next_in(self, players: u8) -> PlayerId {
        if self.0 + 1 >= players.min(MAX_PLAYERS as u8) {
            PlayerId(0)
        } else {
            PlayerId(self.0 + 1)
        }
    }

    /// The seat `k` seats after this one in a game of `players` players, in
    /// turn order (wrapping around the table).
    #[inline]
    pub fn offset(self, k: u32, players: u8) -> PlayerId {
        let n = u32::from(players.clamp(1, MAX_PLAYERS as u8));
        PlayerId(((u32::from(self.0) + k % n) % n) as u8)
    }
}

/// The seat number, as in records and logs.
impl fmt::Debug for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

/// The seat number, as in records and logs.
impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl From<PlayerId> for u8 {
    #[inline]
    fn from(p: PlayerId) -> u8 {
        p.0
    }
}

impl From<PlayerId> for u32 {
    #[inline]
    fn from(p: PlayerId) -> u32 {
        u32::from(p.0)
    }
}

impl From<PlayerId> for usize {
    #[inline]
    fn from(p: PlayerId) -> usize {
        p.index()
    }
}

impl TryFrom<u8> for PlayerId {
    type Error = String;
    fn try_from(v: u8) -> Result<PlayerId, String> {
        PlayerId::new(v).ok_or_else(|| format!("player {v}: seats are 0 to {}", MAX_PLAYERS - 1))
    }
}

/// Declares a typed index: a `Copy` newtype over an unsigned integer, so ids of
/// different things cannot be mixed up (a tile index is no feature id).
macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident($repr:ty), $what:literal) => {
        $(#[$doc])*
        #[repr(transparent)]
        #[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
        #[derive(
            Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize,
            Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub $repr);

        impl $name {
            /// The id with this index.
            #[inline]
            pub const fn new(i: $repr) -> $name {
                $name(i)
            }

            /// The index, for indexing arrays.
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($what, " {}"), self.0)
            }
        }

        impl From<$name> for u32 {
            #[inline]
            fn from(v: $name) -> u32 {
                v.0 as u32
            }
        }

        impl TryFrom<u32> for $name {
            type Error = std::num::TryFromIntError;
            #[inline]
            fn try_from(v: u32) -> Result<$name, Self::Error> {
                <$repr>::try_from(v).map($name)
            }
        }
    };
}

id_type!(
    /// Index of a tile type in the ruleset's tile catalogue.
    TileTypeId(u16),
    "tile type"
);
id_type!(
    /// Index of a placed tile, in placement order (the start tile is 0).
    TileIndex(u16),
    "placed tile"
);
id_type!(
    /// Global id of a feature instance on the board (one per feature of each placed
    /// tile, numbered in placement order). Features join into sets; `Game::find`
    /// gives a set's root.
    FeatureId(u16),
    "feature"
);
id_type!(
    /// A figure of the game: every player's figures (`player * per player + slot`),
    /// then the neutral figures (owned by nobody, e.g. a dragon).
    FigureId(u16),
    "figure"
);
id_type!(
    /// Index of a figure kind in the ruleset (0 is always the follower).
    FigureKindId(u8),
    "figure kind"
);
id_type!(
    /// Index of an area of the ruleset: a place off the board that a plugin
    /// declares (`Plugin::AREAS`, e.g. the quarters of a city), numbered in the
    /// order of the plugins' declarations. See [`Location::Area`].
    AreaId(u8),
    "area"
);

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

/// Where a figure is, when it is not in its owner's supply.
///
/// On the board: `Feature` and `Corner` figures belong to a feature for
/// occupancy and scoring (a corner is only a finer position on the feature's
/// tile: the barn); `Tile` figures stand on a tile but on no feature (the
/// dragon). Off the board: `Held` (a prisoner: out of its owner's supply,
/// usable by nobody) and `Area` (a place a plugin declares, such as a quarter
/// of a city): there a figure is in no feature, occupies nothing, counts in
/// no majority and is never returned by scoring.
#[repr(u8)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Location {
    /// On a feature instance (a road segment, a field segment, a cloister, ...).
    Feature(FeatureId),
    /// On a field feature instance, at a corner of its tile (placement checks and
    /// drawing only: scoring sees the field).
    Corner(FeatureId, Corner),
    /// On a placed tile, on no feature.
    Tile(TileIndex),
    /// Off the board, held by this player (a prisoner).
    Held(PlayerId),
    /// Off the board, in this area (declared by a plugin).
    Area(AreaId),
}

impl Location {
    /// The feature instance it belongs to, if any.
    #[inline]
    pub fn feature(self) -> Option<FeatureId> {
        match self {
            Location::Feature(f) | Location::Corner(f, _) => Some(f),
            Location::Tile(_) | Location::Held(_) | Location::Area(_) => None,
        }
    }

    /// Whether it is a place on the board (a feature, a corner or a tile).
    #[inline]
    pub fn on_board(self) -> bool {
        !matches!(self, Location::Held(_) | Location::Area(_))
    }
}

/// A set of feature kinds (bit `k` = [`FeatureKind`] `k`), e.g. where a figure may stand.
#[repr(transparent)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FeatureKinds(pub u8);

impl FeatureKinds {
    /// No kind.
    pub const NONE: FeatureKinds = FeatureKinds(0);
    /// Roads, cities, cloisters and fields: where the base game's follower may stand.
    pub const FOLLOWER: FeatureKinds = FeatureKinds(0b1111);

    /// The set of these kinds.
    pub const fn of(kinds: &[FeatureKind]) -> FeatureKinds {
        let mut m = 0u8;
        let mut i = 0;
        while i < kinds.len() {
            m |= 1 << kinds[i] as u8;
            i += 1;
        }
        FeatureKinds(m)
    }

    /// Whether `k` is in the set.
    #[inline]
    pub const fn contains(self, k: FeatureKind) -> bool {
        self.0 & (1 << k as u8) != 0
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

/// A set of players as a bit mask (bit `p` is player `p`).
#[repr(transparent)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct PlayerSet(pub u8);

impl PlayerSet {
    /// No player.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// Whether `p` is in the set.
    #[inline]
    pub fn contains(self, p: PlayerId) -> bool {
        self.0 & (1 << p.0) != 0
    }

    /// Adds `p`.
    #[inline]
    pub fn insert(&mut self, p: PlayerId) {
        self.0 |= 1 << p.0;
    }

    /// Removes `p`.
    #[inline]
    pub fn remove(&mut self, p: PlayerId) {
        self.0 &= !(1 << p.0);
    }

    /// The set holding only `p`.
    #[inline]
    pub fn only(p: PlayerId) -> PlayerSet {
        let mut s = PlayerSet::EMPTY;
        s.insert(p);
        s
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

    /// The players in increasing order (bits beyond the seats a game may
    /// have are ignored).
    pub fn iter(self) -> impl Iterator<Item = PlayerId> {
        PlayerId::ALL
            .into_iter()
            .filter(move |p| self.0 & (1 << p.0) != 0)
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
    fn players_are_checked_seats() {
        assert_eq!(PlayerId::new(5).map(PlayerId::index), Some(5));
        assert_eq!(PlayerId::new(6), None);
        assert_eq!(
            PlayerId::all(3).map(PlayerId::seat).collect::<Vec<_>>(),
            [0, 1, 2]
        );
        assert_eq!(PlayerId::all(9).count(), MAX_PLAYERS);
        assert_eq!(PlayerId::ALL[2].next_in(3), PlayerId::ALL[0]);
        assert_eq!(PlayerId::ALL[1].next_in(3), PlayerId::ALL[2]);
        assert_eq!(PlayerId::ALL[2].offset(4, 3), PlayerId::ALL[0]);
        assert_eq!(PlayerId::ALL[1].offset(0, 3), PlayerId::ALL[1]);
        assert_eq!(
            format!("{} {:?}", PlayerId::ALL[4], PlayerId::ALL[4]),
            "4 4"
        );
        let mut s = PlayerSet(0b1100_0000);
        s.insert(PlayerId::ALL[1]);
        assert_eq!(s.iter().collect::<Vec<_>>(), [PlayerId::ALL[1]]);
        assert!(s.contains(PlayerId::ALL[1]) && !s.contains(PlayerId::ALL[0]));
    }

    #[test]
    fn rotations_are_checked_and_wrap() {
        assert_eq!(Rotation::new(3).map(Rotation::index), Some(3));
        assert_eq!(Rotation::new(4), None);
        assert_eq!(Rotation::wrapping(6), Rotation::ALL[2]);
        assert_eq!(
            Rotation::try_from(9).unwrap_err(),
            "rotation 9: rotations are 0 to 3"
        );
        assert_eq!(Rotation::ALL[1].to_string(), "1");
    }

    #[test]
    fn steps_and_ring() {
        let p = Pos::new(0, 0);
        assert_eq!(p.step(Side::N), Pos::new(0, -1));
        assert_eq!(p.step(Side::E).step(Side::W), p);
        assert_eq!(p.ring().len(), 8);
    }
}
