//! [`Store`] in SQLite (compiled in: no system library needed): a file, or
//! `:memory:` for a server that keeps nothing.
//!
//! The database runs in WAL mode with `synchronous = NORMAL`: a committed move
//! survives the server process being killed (`kill -9`); a power cut may lose
//! the last moves, never the file.

use super::{Status, Store, StoreError, StoredGame};
use crate::seats::{Seat, SeatKind, Token};
use carcassonne_core::Record;
use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};
use std::path::Path;
use std::sync::Mutex;

/// The version of the tables below (`PRAGMA user_version`).
const SCHEMA: i64 = 1;

const TABLES: &str = "
CREATE TABLE IF NOT EXISTS games (
    id      TEXT PRIMARY KEY,
    name    TEXT NOT NULL,
    listed  INTEGER NOT NULL,
    origin  TEXT NOT NULL,
    header  TEXT NOT NULL,
    over    INTEGER NOT NULL,
    turn    INTEGER NOT NULL,
    actor   INTEGER,
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS games_updated ON games (over, updated);
CREATE TABLE IF NOT EXISTS seats (
    game      TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    kind      TEXT NOT NULL,
    token     TEXT,
    taken     INTEGER NOT NULL,
    player    TEXT,
    auto_pass INTEGER NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    game   TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n      INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game, n)
);
";

/// Games in an SQLite database.
pub struct SqliteStore {
    db: Mutex<Connection>,
}

fn db_err(e: impl std::fmt::Display) -> StoreError {
    StoreError::Database(e.to_string())
}

/// A constraint failure is someone else's write of the same row.
fn write_err(e: rusqlite::Error, what: &str) -> StoreError {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::ConstraintViolation) => StoreError::Conflict(what.to_string()),
        _ => db_err(e),
    }
}

impl SqliteStore {
    /// Opens (or creates) the database at `path`; `:memory:` keeps nothing.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let named = |e: rusqlite::Error| StoreError::Database(format!("{}: {e}", path.display()));
        let conn = if path.as_os_str() == ":memory:" {
            Connection::open_in_memory()
        } else {
            Connection::open(path)
        }
        .map_err(named)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(named)?;
        for (key, value) in [
            ("journal_mode", "WAL"),
            ("synchronous", "NORMAL"),
            ("foreign_keys", "ON"),
        ] {
            conn.pragma_update(None, key, value).map_err(named)?;
        }
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(named)?;
        if version > SCHEMA {
            return Err(StoreError::Database(format!(
                "{} was written by a newer version of this program (schema {version}, this one knows {SCHEMA})",
                path.display()
            )));
        }
        conn.execute_batch(TABLES).map_err(named)?;
        conn.pragma_update(None, "user_version", SCHEMA)
            .map_err(named)?;
        Ok(SqliteStore {
            db: Mutex::new(conn),
        })
    }

    fn conn(&self) -> Result<std::sync::MutexGuard<'_, Connection>, StoreError> {
        self.db
            .lock()
            .map_err(|_| StoreError::Database("unavailable after an earlier failure".into()))
    }
}

fn put_seat(
    tx: &rusqlite::Transaction<'_>,
    id: &str,
    seat: u8,
    s: &Seat,
) -> Result<(), rusqlite::Error> {
    tx.execute(
        "INSERT OR REPLACE INTO seats (game, seat, kind, token, taken, player, auto_pass) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            id,
            seat,
            s.kind.name(),
            s.token.as_ref().map(Token::as_str),
            s.taken,
            s.player,
            s.auto_pass
        ],
    )?;
    Ok(())
}

fn put_moves(
    tx: &rusqlite::Transaction<'_>,
    id: &str,
    first: usize,
    actions: &[String],
) -> Result<(), StoreError> {
    let mut st = tx
        .prepare_cached("INSERT INTO moves (game, n, action) VALUES (?1, ?2, ?3)")
        .map_err(db_err)?;
    for (i, a) in actions.iter().enumerate() {
        let n = (first + i) as i64;
        st.execute(params![id, n, a])
            .map_err(|e| write_err(e, &format!("move {n} of game {id} was already played")))?;
    }
    Ok(())
}

/// A `games` row, without its seats and moves.
fn game_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<StoredGame> {
    let header: String = r.get("header")?;
    let header = Record::from_json(&header).map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, Box::new(e))
    })?;
    Ok(StoredGame {
        id: r.get("id")?,
        name: r.get("name")?,
        listed: r.get("listed")?,
        origin: r.get("origin")?,
        header,
        seats: Vec::new(),
        actions: Vec::new(),
        status: Status {
            over: r.get("over")?,
            turn: r.get("turn")?,
            actor: r.get("actor")?,
        },
        created: r.get("created")?,
        updated: r.get("updated")?,
    })
}

/// Adds the seats to a game row.
fn with_seats(conn: &Connection, mut g: StoredGame) -> Result<StoredGame, StoreError> {
    let mut st = conn
        .prepare_cached(
            "SELECT seat, kind, token, taken, player, auto_pass FROM seats \
             WHERE game = ?1 ORDER BY seat",
        )
        .map_err(db_err)?;
    let rows = st
        .query_map([&g.id], |r| {
            let kind: String = r.get(1)?;
            let token: Option<String> = r.get(2)?;
            Ok((kind, token, r.get(3)?, r.get(4)?, r.get(5)?))
        })
        .map_err(db_err)?;
    for row in rows {
        let (kind, token, taken, player, auto_pass) = row.map_err(db_err)?;
        let token = match token {
            Some(t) => Some(Token::parse(&t).ok_or_else(|| {
                StoreError::Database(format!("game {}: a seat's token is damaged", g.id))
            })?),
            None => None,
        };
        g.seats.push(Seat {
            kind: if kind == "person" {
                SeatKind::Person
            } else {
                SeatKind::Bot(kind)
            },
            token,
            taken,
            player,
            auto_pass,
        });
    }
    Ok(g)
}

impl Store for SqliteStore {
    fn create(&self, g: &StoredGame) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(db_err)?;
        tx.execute(
            "INSERT INTO games (id, name, listed, origin, header, over, turn, actor, created, updated) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            params![
                g.id,
                g.name,
                g.listed,
                g.origin,
                g.header.to_json(),
                g.status.over,
                g.status.turn,
                g.status.actor,
                g.created,
                g.updated
            ],
        )
        .map_err(|e| write_err(e, &format!("there is a game {} already", g.id)))?;
        for (i, s) in g.seats.iter().enumerate() {
            put_seat(&tx, &g.id, i as u8, s).map_err(db_err)?;
        }
        put_moves(&tx, &g.id, 0, &g.actions)?;
        tx.commit().map_err(db_err)
    }

    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let conn = self.conn()?;
        let Some(row) = conn
            .query_row("SELECT * FROM games WHERE id = ?1", [id], game_row)
            .optional()
            .map_err(db_err)?
        else {
            return Ok(None);
        };
        let mut g = with_seats(&conn, row)?;
        let mut st = conn
            .prepare_cached("SELECT n, action FROM moves WHERE game = ?1 ORDER BY n")
            .map_err(db_err)?;
        let rows = st
            .query_map([id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))
            .map_err(db_err)?;
        for row in rows {
            let (n, action) = row.map_err(db_err)?;
            if n != g.actions.len() as i64 {
                return Err(StoreError::Database(format!(
                    "game {id}: move {n} is out of order"
                )));
            }
            g.actions.push(action);
        }
        Ok(Some(g))
    }

    fn append(
        &self,
        id: &str,
        first: usize,
        actions: &[String],
        status: &Status,
        at: u64,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(db_err)?;
        let changed = tx
            .execute(
                "UPDATE games SET over = ?2, turn = ?3, actor = ?4, updated = ?5 WHERE id = ?1",
                params![id, status.over, status.turn, status.actor, at],
            )
            .map_err(db_err)?;
        if changed == 0 {
            return Err(StoreError::Conflict(format!(
                "game {id} is no longer stored (it expired)"
            )));
        }
        put_moves(&tx, id, first, actions)?;
        tx.commit().map_err(db_err)
    }

    fn set_seat(&self, id: &str, seat: u8, s: &Seat) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        let tx = conn.transaction().map_err(db_err)?;
        let exists: Option<i64> = tx
            .query_row(
                "SELECT 1 FROM seats WHERE game = ?1 AND seat = ?2",
                params![id, seat],
                |r| r.get(0),
            )
            .optional()
            .map_err(db_err)?;
        if exists.is_none() {
            return Err(StoreError::Conflict(format!(
                "game {id} has no stored seat {seat}"
            )));
        }
        put_seat(&tx, id, seat, s).map_err(db_err)?;
        tx.commit().map_err(db_err)
    }

    fn lobby(&self, limit: usize) -> Result<Vec<StoredGame>, StoreError> {
        let conn = self.conn()?;
        let mut st = conn
            .prepare_cached(
                "SELECT * FROM games WHERE listed AND NOT over AND EXISTS \
                 (SELECT 1 FROM seats WHERE seats.game = games.id AND kind = 'person' AND NOT taken) \
                 ORDER BY updated DESC LIMIT ?1",
            )
            .map_err(db_err)?;
        let rows: Vec<_> = st
            .query_map([limit as i64], game_row)
            .map_err(db_err)?
            .collect::<Result<_, _>>()
            .map_err(db_err)?;
        rows.into_iter().map(|r| with_seats(&conn, r)).collect()
    }

    fn expire(&self, before: u64) -> Result<Vec<String>, StoreError> {
        let mut conn = self.conn()?;
        let tx = conn.transaction().map_err(db_err)?;
        let ids: Vec<String> = {
            let mut st = tx
                .prepare("SELECT id FROM games WHERE NOT over AND updated < ?1")
                .map_err(db_err)?;
            let rows = st
                .query_map([before as i64], |r| r.get(0))
                .map_err(db_err)?;
            rows.collect::<Result<_, _>>().map_err(db_err)?
        };
        tx.execute(
            "DELETE FROM games WHERE NOT over AND updated < ?1",
            [before as i64],
        )
        .map_err(db_err)?;
        tx.commit().map_err(db_err)?;
        Ok(ids)
    }
}
