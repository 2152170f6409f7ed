//! [`Store`] in SQLite (compiled in: no system library needed): a file, or
//! `:memory:` for a server that keeps nothing.
//!
//! The database runs in WAL mode with `synchronous = NORMAL`: a committed move
//! survives the server process being killed (`kill -9`); a power cut may lose
//! the last moves, never the file.

use super::{SeedKnown, Status, Store, StoreError, StoredGame};
use crate::seats::{Seat, SeatKind, Token};
use carcassonne_core::Record;
use rusqlite::{params, Connection, TransactionBehavior};
use std::collections::HashSet;
use std::path::Path;
use std::sync::Mutex;

/// The version of the tables below (`PRAGMA user_version`): 2 added
/// `seats.stand_in`, 3 `games.seed_known` (an older file gets the columns
/// when opened).
const SCHEMA: i64 = 3;

const TABLES: &str = "
CREATE TABLE IF NOT EXISTS games (
    id      TEXT PRIMARY KEY,
    name    TEXT NOT NULL,
    listed  INTEGER NOT NULL,
    origin  TEXT NOT NULL,
    header  TEXT NOT NULL,
    seed_known TEXT,
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
    stand_in  TEXT,
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
    /// The damaged games the lobby left out, each reported once.
    reported: Mutex<HashSet<String>>,
}

/// SQLite's error as the store's: a file that is no database, or a damaged
/// one, is [`StoreError::Damaged`]; `context` says where (the file) first.
fn sql_err(e: rusqlite::Error, context: &str) -> StoreError {
    let said = format!("{context}{e}");
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::NotADatabase | rusqlite::ErrorCode::DatabaseCorrupt) => {
            StoreError::Damaged(said)
        }
        _ => StoreError::Database(said),
    }
}

fn db_err(e: rusqlite::Error) -> StoreError {
    sql_err(e, "")
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
    /// A file created here is readable and writable by its owner alone (mode
    /// 0600 on Unix; SQLite gives its `-wal` and `-shm` files the same): it
    /// holds the seats' tokens. An existing file keeps its permissions.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let context = format!("{}: ", path.display());
        let named = |e: rusqlite::Error| sql_err(e, &context);
        let conn = if path.as_os_str() == ":memory:" {
            Connection::open_in_memory()
        } else {
            create_private(path)?;
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
        // A file of this version has every column: nothing is written to it
        // (a damaged file stays as it was until its damage shows).
        if version < SCHEMA {
            // An older file: the columns added (looked for, not assumed missing,
            // in case a program stopped between adding one and writing the
            // version).
            let has = |table: &str, column: &str| {
                conn.prepare(&format!(
                    "SELECT 1 FROM pragma_table_info('{table}') WHERE name = '{column}'"
                ))
                .and_then(|mut st| st.exists([]))
                .map_err(named)
            };
            // In one write transaction, the columns looked for inside it: two
            // servers opening an older file at once add each column once.
            conn.execute_batch("BEGIN IMMEDIATE").map_err(named)?;
            let migrated = (|| {
                if !has("seats", "stand_in")? {
                    conn.execute_batch("ALTER TABLE seats ADD COLUMN stand_in TEXT")
                        .map_err(named)?;
                }
                if !has("games", "seed_known")? {
                    // The games opened from records before are known by their
                    // origin; a seed chosen at creation was not kept.
                    conn.execute_batch(
                        "ALTER TABLE games ADD COLUMN seed_known TEXT; \
                         UPDATE games SET seed_known = 'record' WHERE origin = 'a record';",
                    )
                    .map_err(named)?;
                }
                conn.pragma_update(None, "user_version", SCHEMA)
                    .map_err(named)
            })();
            match migrated {
                Ok(()) => conn.execute_batch("COMMIT").map_err(named)?,
                Err(e) => {
                    let _ = conn.execute_batch("ROLLBACK");
                    return Err(e);
                }
            }
        }
        Ok(SqliteStore {
            db: Mutex::new(conn),
            reported: Mutex::new(HashSet::new()),
        })
    }

    /// Says on stderr, the first time only, that the lobby leaves game `id`
    /// out because of `e`.
    fn report(&self, id: String, e: &StoreError) {
        let first = self
            .reported
            .lock()
            .map_or(true, |mut seen| seen.insert(id));
        if first {
            // Escaped: the id and the damage come from the database file.
            eprintln!(
                "warning: the lobby leaves out a damaged game: {}",
                e.to_string().escape_debug()
            );
        }
    }

    fn conn(&self) -> Result<std::sync::MutexGuard<'_, Connection>, StoreError> {
        self.db
            .lock()
            .map_err(|_| StoreError::Database("unavailable after an earlier failure".into()))
    }
}

/// Creates the file `path`, empty (SQLite takes an empty file for a new
/// database), readable and writable by its owner alone, unless it exists or
/// `path` is an SQLite URI (`file:...`, opened as SQLite says).
fn create_private(path: &Path) -> Result<(), StoreError> {
    if path.to_str().is_some_and(|p| p.starts_with("file:")) {
        return Ok(());
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(path) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(StoreError::Database(format!("{}: {e}", path.display()))),
    }
}

fn put_seat(
    tx: &rusqlite::Transaction<'_>,
    id: &str,
    seat: u8,
    s: &Seat,
) -> Result<(), rusqlite::Error> {
    tx.execute(
        "INSERT OR REPLACE INTO seats (game, seat, kind, token, taken, player, auto_pass, \
         stand_in) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            id,
            seat,
            s.kind.name(),
            s.token.as_ref().map(Token::as_str),
            s.taken,
            s.player,
            s.auto_pass,
            s.stand_in
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

/// A `games` row, without its seats and moves; an error naming the game and
/// what is damaged.
fn game_row(r: &rusqlite::Row<'_>) -> Result<StoredGame, StoreError> {
    let id: String = r
        .get("id")
        .map_err(|e| StoreError::Database(format!("a game's id is damaged: {e}")))?;
    let damaged = |what: &str, e: &dyn std::fmt::Display| {
        StoreError::Database(format!("game {id}: its {what} is damaged: {e}"))
    };
    macro_rules! col {
        ($name:literal) => {
            r.get($name).map_err(|e| damaged($name, &e))?
        };
    }
    let header: String = col!("header");
    let header = Record::from_json(&header).map_err(|e| damaged("header", &e))?;
    let seed_known: Option<String> = col!("seed_known");
    let seed_known = match seed_known {
        None => None,
        Some(k) => Some(SeedKnown::parse(&k).ok_or_else(|| {
            damaged(
                "seed_known",
                &format!("`{}` is no value of it", k.escape_debug()),
            )
        })?),
    };
    Ok(StoredGame {
        name: col!("name"),
        listed: col!("listed"),
        origin: col!("origin"),
        header,
        seed_known,
        seats: Vec::new(),
        actions: Vec::new(),
        status: Status {
            over: col!("over"),
            turn: col!("turn"),
            actor: col!("actor"),
        },
        created: col!("created"),
        updated: col!("updated"),
        id,
    })
}

/// Game `id` with its seats, without its moves; `None` if there is none.
fn game_and_seats(conn: &Connection, id: &str) -> Result<Option<StoredGame>, StoreError> {
    let row = {
        let mut st = conn
            .prepare_cached("SELECT * FROM games WHERE id = ?1")
            .map_err(db_err)?;
        let mut rows = st.query([id]).map_err(db_err)?;
        match rows.next().map_err(db_err)? {
            Some(r) => game_row(r)?,
            None => return Ok(None),
        }
    };
    with_seats(conn, row).map(Some)
}

/// Adds the seats to a game row.
fn with_seats(conn: &Connection, mut g: StoredGame) -> Result<StoredGame, StoreError> {
    g.seats = seats_of(conn, &g.id)?.into_iter().map(|(_, s)| s).collect();
    Ok(g)
}

/// The seats of game `id`, each with its number, in seat order.
fn seats_of(conn: &Connection, id: &str) -> Result<Vec<(i64, Seat)>, StoreError> {
    let damaged =
        |e: rusqlite::Error| StoreError::Database(format!("game {id}: its seats are damaged: {e}"));
    let mut st = conn
        .prepare_cached(
            "SELECT seat, kind, token, taken, player, auto_pass, stand_in FROM seats \
             WHERE game = ?1 ORDER BY seat",
        )
        .map_err(db_err)?;
    let rows = st
        .query_map([id], |r| {
            let (seat, kind): (i64, String) = (r.get(0)?, r.get(1)?);
            let token: Option<String> = r.get(2)?;
            Ok((
                seat,
                kind,
                token,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
            ))
        })
        .map_err(db_err)?;
    let mut seats = Vec::new();
    for row in rows {
        let (seat, kind, token, taken, player, auto_pass, stand_in) = row.map_err(damaged)?;
        let token = match token {
            Some(t) => Some(Token::parse(&t).ok_or_else(|| {
                StoreError::Database(format!("game {id}: the token of seat {seat} is damaged"))
            })?),
            None => None,
        };
        seats.push((
            seat,
            Seat {
                kind: if kind == "person" {
                    SeatKind::Person
                } else {
                    SeatKind::Bot(kind)
                },
                token,
                taken,
                player,
                auto_pass,
                stand_in,
            },
        ));
    }
    Ok(seats)
}

impl Store for SqliteStore {
    fn create(&self, g: &StoredGame, most: u64) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(db_err)?;
        let kept: i64 = tx
            .query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))
            .map_err(db_err)?;
        if u64::try_from(kept).unwrap_or(0) >= most {
            return Err(StoreError::Full(most));
        }
        tx.execute(
            "INSERT INTO games (id, name, listed, origin, header, seed_known, over, turn, actor, \
             created, updated) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            params![
                g.id,
                g.name,
                g.listed,
                g.origin,
                g.header.to_json(),
                g.seed_known.map(SeedKnown::as_str),
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
        let Some(mut g) = game_and_seats(&conn, id)? else {
            return Ok(None);
        };
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

    fn summary(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        game_and_seats(&*self.conn()?, id)
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

    fn set_seat(&self, id: &str, seat: u8, old: &Seat, new: &Seat) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(db_err)?;
        let stored = seats_of(&tx, id)?
            .into_iter()
            .find_map(|(n, s)| (n == i64::from(seat)).then_some(s));
        match stored {
            None => {
                return Err(StoreError::Conflict(format!(
                    "game {id} has no stored seat {seat}"
                )))
            }
            Some(s) if s != *old => {
                return Err(StoreError::Conflict(format!(
                    "seat {seat} of game {id} was changed meanwhile"
                )))
            }
            Some(_) => {}
        }
        if new != old {
            put_seat(&tx, id, seat, new).map_err(db_err)?;
        }
        tx.commit().map_err(db_err)
    }

    fn count(&self) -> Result<u64, StoreError> {
        let conn = self.conn()?;
        let n: i64 = conn
            .query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))
            .map_err(db_err)?;
        Ok(u64::try_from(n).unwrap_or(0))
    }

    fn lobby(&self, limit: usize) -> Result<Vec<StoredGame>, StoreError> {
        let conn = self.conn()?;
        let mut st = conn
            .prepare_cached(
                "SELECT * FROM games WHERE listed AND NOT over AND EXISTS \
                 (SELECT 1 FROM seats WHERE seats.game = games.id AND kind = 'person' AND NOT taken) \
                 ORDER BY updated DESC",
            )
            .map_err(db_err)?;
        let mut rows = st.query([]).map_err(db_err)?;
        let mut games = Vec::new();
        // A damaged game is left out (and reported once): the others are listed.
        while games.len() < limit {
            let Some(r) = rows.next().map_err(db_err)? else {
                break;
            };
            match game_row(r).and_then(|g| with_seats(&conn, g)) {
                Ok(g) => games.push(g),
                Err(e) => self.report(r.get("id").unwrap_or_default(), &e),
            }
        }
        Ok(games)
    }

    fn bots_to_act(&self, since: Option<u64>, limit: usize) -> Result<Vec<String>, StoreError> {
        let since = since.map_or(0, |t| t.min(i64::MAX as u64) as i64);
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let conn = self.conn()?;
        let mut st = conn
            .prepare_cached(
                "SELECT games.id FROM games JOIN seats ON seats.game = games.id \
                 AND seats.seat = games.actor WHERE NOT games.over AND games.updated >= ?1 \
                 AND (seats.kind != 'person' OR seats.stand_in IS NOT NULL) \
                 ORDER BY games.updated DESC LIMIT ?2",
            )
            .map_err(db_err)?;
        let rows = st
            .query_map(params![since, limit], |r| r.get(0))
            .map_err(db_err)?;
        rows.collect::<Result<_, _>>().map_err(db_err)
    }

    fn expire(
        &self,
        unfinished_before: Option<u64>,
        finished_before: Option<u64>,
    ) -> Result<Vec<String>, StoreError> {
        // No game was last played before the epoch: 0 keeps them all.
        let cut = |t: Option<u64>| t.map_or(0, |t| t.min(i64::MAX as u64) as i64);
        let cuts = [cut(unfinished_before), cut(finished_before)];
        const WHICH: &str = "(NOT over AND updated < ?1) OR (over AND updated < ?2)";
        let mut conn = self.conn()?;
        let tx = conn.transaction().map_err(db_err)?;
        let ids: Vec<String> = {
            let mut st = tx
                .prepare(&format!("SELECT id FROM games WHERE {WHICH}"))
                .map_err(db_err)?;
            let rows = st.query_map(cuts, |r| r.get(0)).map_err(db_err)?;
            rows.collect::<Result<_, _>>().map_err(db_err)?
        };
        tx.execute(&format!("DELETE FROM games WHERE {WHICH}"), cuts)
            .map_err(db_err)?;
        tx.commit().map_err(db_err)?;
        Ok(ids)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_game;

    #[test]
    fn a_seat_is_written_only_if_it_is_stored_as_the_writer_holds_it() {
        // Two servers on one database: B gave seat 1 a new token (a lobby
        // join); A, holding the old seat, must not write the old token back.
        let store = SqliteStore::open(Path::new(":memory:")).unwrap();
        let g = test_game("g", false, 1);
        store.create(&g, u64::MAX).unwrap();
        let held = g.seats[1].clone();
        let joined = Seat {
            token: Some(Token::new().unwrap()),
            taken: true,
            player: Some("Cy".into()),
            ..held.clone()
        };
        store.set_seat("g", 1, &held, &joined).unwrap();
        let named = Seat {
            taken: true,
            player: Some("Bob".into()),
            ..held.clone()
        };
        for new in [&named, &held] {
            let e = store.set_seat("g", 1, &held, new).unwrap_err();
            assert!(matches!(e, StoreError::Conflict(_)), "{e}");
            assert_eq!(e.to_string(), "seat 1 of game g was changed meanwhile");
        }
        assert_eq!(store.load("g").unwrap().unwrap().seats[1], joined);
        // Held as stored: written, or checked alone.
        store.set_seat("g", 1, &joined, &joined).unwrap();
        let e = store.set_seat("g", 5, &joined, &joined).unwrap_err();
        assert_eq!(e.to_string(), "game g has no stored seat 5");
        assert_eq!(store.count().unwrap(), 1);
    }

    #[test]
    fn simultaneous_creations_on_two_servers_never_pass_the_cap() {
        // Two servers on one database file, creating games from many threads
        // at once: the count and the insert are one transaction, so exactly
        // the cap is kept (two steps let each pass it by one).
        let dir = std::env::temp_dir().join(format!("carcassonne-cap-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.db");
        let _ = std::fs::remove_file(&path);
        let stores = [
            std::sync::Arc::new(SqliteStore::open(&path).unwrap()),
            std::sync::Arc::new(SqliteStore::open(&path).unwrap()),
        ];
        let most = 10;
        let threads: Vec<_> = (0..8)
            .map(|t| {
                let store = stores[t % 2].clone();
                std::thread::spawn(move || {
                    let mut kept = 0;
                    for i in 0..5 {
                        match store.create(&test_game(&format!("g{t}-{i}"), false, 1), most) {
                            Ok(()) => kept += 1,
                            Err(StoreError::Full(n)) => assert_eq!(n, most),
                            Err(e) => panic!("{e}"),
                        }
                    }
                    kept
                })
            })
            .collect();
        let kept: u64 = threads.into_iter().map(|t| t.join().unwrap()).sum();
        assert_eq!(kept, most);
        assert_eq!(stores[0].count().unwrap(), most);
        let e = stores[1]
            .create(&test_game("late", false, 1), most)
            .unwrap_err();
        assert_eq!(e.to_string(), "the store keeps 10 games or more");
        assert!(stores[1].load("late").unwrap().is_none());
        drop(stores);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_lobby_leaves_a_damaged_game_out_reports_it_once_and_fills_its_place() {
        let store = SqliteStore::open(Path::new(":memory:")).unwrap();
        store
            .create(&test_game("sound", false, 1), u64::MAX)
            .unwrap();
        store
            .create(&test_game("damaged", false, 2), u64::MAX)
            .unwrap();
        store
            .conn()
            .unwrap()
            .execute("UPDATE games SET turn = 'many' WHERE id = 'damaged'", [])
            .unwrap();
        for _ in 0..2 {
            // The damaged game, the most recent, does not take the one place.
            let ids: Vec<String> = store.lobby(1).unwrap().into_iter().map(|g| g.id).collect();
            assert_eq!(ids, ["sound"]);
        }
        let reported = store.reported.lock().unwrap();
        assert_eq!(reported.iter().collect::<Vec<_>>(), ["damaged"]);
        let e = store.load("damaged").unwrap_err().to_string();
        assert!(
            e.starts_with("the game database: game damaged: its turn is damaged"),
            "{e}"
        );
    }
}
