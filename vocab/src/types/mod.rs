//! Small `Copy` vocabulary types shared by the whole engine.

use serde::{Deserialize, Serialize};
use std::fmt;

mod board;
pub use board::*;

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

/// A figure standing on a feature and where that is on the board, read in
/// one query (`figure_place`): for a rule that offers an option per figure
/// of a player on the board (the fairy beside a follower) without
/// asking a figure's location, its feature's tile, the tile's position and
/// the feature's local index one query each.
#[repr(C)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FigurePlace {
    /// The figure.
    pub fig: FigureId,
    /// The feature instance it stands on (`Location::Feature`).
    pub feature: FeatureId,
    /// The placed tile of that feature instance.
    pub tile: TileIndex,
    /// The position of that tile.
    pub pos: Pos,
    /// The feature's local index on its tile.
    pub local: u8,
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
