//! Where games are kept: one small interface ([`Store`]) between the server and
//! its database, so that another database (a shared server for several server
//! processes) can be added beside [`SqliteStore`] without touching the rest.
//!
//! A stored game is its record's header (ruleset, players, seed, forced chance
//! outcomes: a [`Record`] without actions), who may know its seed
//! ([`SeedKnown`]), its seats (kind, token, who took it) and its moves, one
//! row each, numbered from 0. The server writes each
//! move before it answers the request that played it; a move number that is
//! already taken is refused ([`StoreError::Conflict`]), so two processes
//! sharing one database cannot both play move `n` of a game; the one refused
//! reads the game again. A seat is written only if it is stored as the
//! writer holds it (its token above all): a seat another process changed is
//! read again, never overwritten.

mod sqlite;

pub use sqlite::SqliteStore;

use crate::seats::Seat;
use carcassonne_core::Record;

/// A game as the store keeps it.
#[derive(Clone, Debug)]
pub struct StoredGame {
    /// The game's id (in its address).
    pub id: String,
    /// A name people give it (shown in the lobby).
    pub name: String,
    /// Whether the lobby lists it (its free seats may be taken by anyone).
    pub listed: bool,
    /// Where its ruleset came from (a shipped file name, a path, "a record").
    pub origin: String,
    /// The record without its actions: ruleset text, players, seed, forced outcomes.
    pub header: Record,
    /// Who may know the seed, and so the tiles to come: none for a seed the
    /// server drew (and for games stored before this was kept).
    pub seed_known: Option<SeedKnown>,
    /// The seats, in seat order.
    pub seats: Vec<Seat>,
    /// The player actions so far (record notation), in order.
    pub actions: Vec<String>,
    /// Where the game stands (for the lobby).
    pub status: Status,
    /// When it was created (milliseconds since the Unix epoch).
    pub created: u64,
    /// When the last move was played (or the game created).
    pub updated: u64,
}

/// Where a game's seed came from, when someone may know it (and so every
/// tile to come): the players are told ([`crate::view::View::seed_known`],
/// the lobby).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SeedKnown {
    /// Given when the game was created (`"seed"` of `POST /api/games`).
    Chosen,
    /// The game was opened from a record, which holds its seed.
    Record,
}

impl SeedKnown {
    /// Its name, as stored and as the JSON API gives it.
    pub fn as_str(self) -> &'static str {
        match self {
            SeedKnown::Chosen => "chosen",
            SeedKnown::Record => "record",
        }
    }

    /// The value named `s` ([`SeedKnown::as_str`]); `None` for anything else.
    pub fn parse(s: &str) -> Option<SeedKnown> {
        match s {
            "chosen" => Some(SeedKnown::Chosen),
            "record" => Some(SeedKnown::Record),
            _ => None,
        }
    }
}

/// Where a game stands, as the lobby shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Status {
    /// Whether the game is over.
    pub over: bool,
    /// Turn number.
    pub turn: u16,
    /// The seat to act (none when the game is over).
    pub actor: Option<u8>,
}

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Someone else wrote first (the move or the game id is taken).
    #[error("{0}")]
    Conflict(String),
    /// The database failed or holds something unreadable.
    #[error("the game database: {0}")]
    Database(String),
    /// The database file is not a database, or it is damaged (SQLite says
    /// so: "file is not a database", "database disk image is malformed"). A
    /// store refuses such a file as it is: it writes nothing to it.
    #[error("the game database is not a database, or it is damaged: {0}")]
    Damaged(String),
    /// A new game was not kept: the store keeps this many games or more
    /// already ([`Store::create`]'s cap).
    #[error("the store keeps {0} games or more")]
    Full(u64),
}

/// The storage of games. Every method is one transaction: it happens whole or
/// not at all.
pub trait Store: Send + Sync {
    /// Keeps a new game (with the moves it already has, e.g. a record
    /// opened), unless the store keeps `most` games or more already: then
    /// [`StoreError::Full`] and nothing is written. The count and the insert
    /// are one transaction, so simultaneous creations (on one server or on
    /// several sharing the database) never pass the cap.
    fn create(&self, game: &StoredGame, most: u64) -> Result<(), StoreError>;
    /// The game `id`, with its seats and moves; `None` if there is none.
    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError>;
    /// The game `id` with its seats but without its moves (what a list of
    /// games shows of it); `None` if there is none. The default loads the
    /// whole game.
    fn summary(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        Ok(self.load(id)?.map(|mut g| {
            g.actions.clear();
            g
        }))
    }
    /// Appends `actions` as moves `first`, `first + 1`, … of game `id`, with its
    /// new status, at time `at`.
    fn append(
        &self,
        id: &str,
        first: usize,
        actions: &[String],
        status: &Status,
        at: u64,
    ) -> Result<(), StoreError>;
    /// Replaces seat `seat` of game `id` (taken, its token, a player's name,
    /// settings) with `new`, if it is stored as `old`: the seat the writer
    /// holds. Another server on the same database may have changed it (a
    /// person took it from the lobby there, with a new token): then nothing
    /// is written and the answer is [`StoreError::Conflict`], so that the
    /// writer reads the game again instead of writing an old token back.
    /// `new` equal to `old` checks the seat without changing it (a move made
    /// by its token, or its bot).
    fn set_seat(&self, id: &str, seat: u8, old: &Seat, new: &Seat) -> Result<(), StoreError>;
    /// How many games the store keeps, finished ones included.
    fn count(&self) -> Result<u64, StoreError>;
    /// Unfinished listed games with a free person seat, the most recently
    /// played first, at most `limit`; without their moves. A game that cannot
    /// be read (damaged) is left out, not an error: the others are listed.
    fn lobby(&self, limit: usize) -> Result<Vec<StoredGame>, StoreError>;
    /// The ids of the unfinished games whose seat to act is played by a bot
    /// (a bot's seat, or a person's with a bot standing in), last played at
    /// `since` or later (none: whenever), the most recently played first, at
    /// most `limit`: the games whose bots a server started again resumes.
    ///
    /// The default finds none (a store that does not implement it leaves
    /// such games waiting until someone opens them).
    fn bots_to_act(&self, since: Option<u64>, limit: usize) -> Result<Vec<String>, StoreError> {
        let _ = (since, limit);
        Ok(Vec::new())
    }
    /// Deletes the unfinished games whose last move is older than
    /// `unfinished_before` and the finished ones whose last move is older
    /// than `finished_before` (none: that kind stays); returns their ids.
    fn expire(
        &self,
        unfinished_before: Option<u64>,
        finished_before: Option<u64>,
    ) -> Result<Vec<String>, StoreError>;
}

/// A listed game of two free person seats and no moves, over or not, last
/// played at `updated`: the stores' and the games' unit tests' fixture.
#[cfg(test)]
pub(crate) fn test_game(id: &str, over: bool, updated: u64) -> StoredGame {
    use crate::seats::{Seat, SeatKind};
    let header = Record::from_json(&format!(
        r#"{{"format": "{}", "ruleset_name": "base", "ruleset": "tilesets = [\"base\"]",
            "players": 2, "seed": 1, "actions": []}}"#,
        carcassonne_core::record::RECORD_FORMAT
    ))
    .unwrap();
    StoredGame {
        id: id.into(),
        name: id.into(),
        listed: true,
        origin: "test".into(),
        header,
        seed_known: None,
        seats: (0..2)
            .map(|_| Seat::new(SeatKind::Person).unwrap())
            .collect(),
        actions: Vec::new(),
        status: Status {
            over,
            turn: 1,
            actor: (!over).then_some(0),
        },
        created: updated,
        updated,
    }
}
