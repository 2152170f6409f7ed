//! Games that survive: each move stored before its answer, a new server on the
//! same database serving every game at its move (and its bots going on), old
//! unfinished games expiring, damaged games told apart from conflicts.

use crate::common::*;
use axum::http::StatusCode;
use carcassonne_core::Record;
use carcassonne_web::seats::{Seat, SeatKind};
use carcassonne_web::store::{Status, StoredGame};
use carcassonne_web::{SqliteStore, Store, StoreError};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[tokio::test]
async fn every_move_is_stored_before_its_answer_and_a_new_server_plays_on() {
    let file = db_file("restart");
    let first = server_on(&file);
    let (id, tokens) = new_game(&first, json!(["person", "person"])).await;
    let (finished, _) = new_game(&first, json!(["first", "first"])).await;
    follow(&first, &finished, None, |_| false).await;
    let path = format!("/api/games/{id}");
    let reader = SqliteStore::open(&file).unwrap();
    for m in 1..=4 {
        let (_, v) = json_call(&first, "GET", &path, None, None).await;
        let seat = v["actor"].as_u64().unwrap() as usize;
        let token = tokens[seat].as_deref();
        let (_, mine) = json_call(&first, "GET", &path, token, None).await;
        let body = if mine["placements"].as_array().unwrap().is_empty() {
            json!({"action": mine["choices"][0]["text"]})
        } else {
            first_place(&mine)
        };
        let (s, v) = json_call(&first, "POST", &format!("{path}/act"), token, Some(body)).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        // Another connection to the file sees the move as soon as it is answered.
        let stored = reader.load(&id).unwrap().unwrap();
        assert_eq!(stored.actions.len(), m, "move {m}");
        assert_eq!(v["moves"], json!(m));
    }
    let (_, before) = json_call(&first, "GET", &path, None, None).await;
    let (_, fin_before) =
        json_call(&first, "GET", &format!("/api/games/{finished}"), None, None).await;
    drop(first);
    // A new server on the same file: the game where it was, the finished one
    // still there to replay.
    let second = server_on(&file);
    let (s, after) = json_call(&second, "GET", &path, None, None).await;
    assert_eq!(s, StatusCode::OK, "{after}");
    assert_eq!(after, before);
    let (_, fin_after) = json_call(
        &second,
        "GET",
        &format!("/api/games/{finished}"),
        None,
        None,
    )
    .await;
    assert_eq!(fin_after, fin_before);
    assert_eq!(fin_after["over"], json!(true));
    let (s, text) = call(
        &second,
        "GET",
        &format!("/api/games/{finished}/record"),
        None,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert!(Record::from_json(&text).unwrap().scores.is_some());
    // The tokens still act, and the game goes on.
    let seat = after["actor"].as_u64().unwrap() as usize;
    let (_, mine) = json_call(&second, "GET", &path, tokens[seat].as_deref(), None).await;
    assert_eq!(mine["your_turn"], json!(true));
    let body = if mine["placements"].as_array().unwrap().is_empty() {
        json!({"action": mine["choices"][0]["text"]})
    } else {
        first_place(&mine)
    };
    let (s, v) = json_call(
        &second,
        "POST",
        &format!("{path}/act"),
        tokens[seat].as_deref(),
        Some(body),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["moves"], json!(5));
}

fn stored(id: &str, over: bool, updated: u64) -> StoredGame {
    let mut header = Record::from_json(
        &serde_json::to_string(&json!({
            "format": carcassonne_core::record::RECORD_FORMAT,
            "ruleset_name": "base",
            "ruleset": BASE_TEXT,
            "players": 2,
            "seed": 1,
            "actions": [],
        }))
        .unwrap(),
    )
    .unwrap();
    header.actions.clear();
    StoredGame {
        id: id.into(),
        name: format!("game {id}"),
        listed: true,
        origin: "test".into(),
        header,
        seed_known: None,
        seats: vec![
            Seat::new(SeatKind::Person).unwrap(),
            Seat::new(SeatKind::Bot("first".into())).unwrap(),
        ],
        actions: vec!["place 1 0 0".into()],
        status: Status {
            over,
            turn: 2,
            actor: (!over).then_some(1),
        },
        created: updated,
        updated,
    }
}

#[test]
fn the_store_keeps_finished_games_and_expires_old_unfinished_ones() {
    let store = SqliteStore::open(&db_file("expiry")).unwrap();
    store.create(&stored("old", false, 100), u64::MAX).unwrap();
    store
        .create(&stored("new", false, 1_000), u64::MAX)
        .unwrap();
    store.create(&stored("done", true, 100), u64::MAX).unwrap();
    assert!(matches!(
        store.create(&stored("new", false, 5), u64::MAX),
        Err(StoreError::Conflict(_))
    ));
    let back = store.load("new").unwrap().unwrap();
    assert_eq!(back.seats.len(), 2);
    assert_eq!(back.seats[1].kind, SeatKind::Bot("first".into()));
    assert_eq!(
        back.seats[0].token.as_ref().map(|t| t.as_str().len()),
        Some(32)
    );
    assert_eq!(back.actions, ["place 1 0 0"]);
    assert_eq!(back.status.actor, Some(1));
    // A move already played cannot be played again (another writer came first).
    let status = Status {
        over: false,
        turn: 2,
        actor: Some(0),
    };
    assert!(matches!(
        store.append("new", 0, &["pass".into()], &status, 2_000),
        Err(StoreError::Conflict(_))
    ));
    store
        .append("new", 1, &["pass".into()], &status, 2_000)
        .unwrap();
    assert_eq!(store.load("new").unwrap().unwrap().updated, 2_000);
    let lobby: Vec<String> = store.lobby(10).unwrap().into_iter().map(|g| g.id).collect();
    assert_eq!(
        lobby,
        ["new", "old"],
        "unfinished with a free seat, latest first"
    );
    // By age, not by count: only the old unfinished game goes.
    assert_eq!(store.expire(Some(500), None).unwrap(), ["old"]);
    assert!(store.load("old").unwrap().is_none());
    assert!(store.load("done").unwrap().is_some(), "finished games stay");
    assert!(store.load("new").unwrap().is_some());
    assert!(matches!(
        store.append("old", 1, &["pass".into()], &status, 3_000),
        Err(StoreError::Conflict(_))
    ));
    // Finished games go only by their own age (`serve --keep-finished-days`).
    assert!(store.expire(None, None).unwrap().is_empty());
    assert_eq!(store.expire(None, Some(5_000)).unwrap(), ["done"]);
    assert!(store.load("done").unwrap().is_none());
    assert!(
        store.load("new").unwrap().is_some(),
        "unfinished: not concerned"
    );
}

#[test]
fn a_memory_database_keeps_nothing_and_a_damaged_file_is_refused_clearly() {
    let m = SqliteStore::open(Path::new(":memory:")).unwrap();
    m.create(&stored("x", false, 1), u64::MAX).unwrap();
    let other = SqliteStore::open(Path::new(":memory:")).unwrap();
    assert!(other.load("x").unwrap().is_none());
    let junk = db_file("junk");
    let text = "this is not a database, it is a text file of some length";
    std::fs::write(&junk, text).unwrap();
    let e = SqliteStore::open(&junk).err().expect("refused");
    assert!(matches!(e, StoreError::Damaged(_)), "{e:?}");
    assert!(e.to_string().contains("junk.sqlite3"), "{e}");
    assert!(
        e.to_string().contains("not a database, or it is damaged"),
        "{e}"
    );
    // Refused as it is: nothing written to it, nothing beside it.
    assert_eq!(std::fs::read_to_string(&junk).unwrap(), text);
    for ext in ["-wal", "-shm"] {
        assert!(!Path::new(&format!("{}{ext}", junk.display())).exists());
    }
}

#[test]
fn opening_a_database_of_this_version_writes_nothing_to_it() {
    let file = db_file("unwritten");
    let store = SqliteStore::open(&file).unwrap();
    store.create(&stored("x", false, 1), u64::MAX).unwrap();
    drop(store);
    let before = std::fs::read(&file).unwrap();
    drop(SqliteStore::open(&file).unwrap());
    assert!(
        std::fs::read(&file).unwrap() == before,
        "opening the file changed it"
    );
}

#[tokio::test]
async fn a_damaged_game_is_left_out_of_the_lobby_and_opening_it_says_what_is_damaged() {
    let file = db_file("damaged");
    let first = server_on(&file);
    let mut ids = Vec::new();
    for name in ["sound", "bad token", "bad header"] {
        let v = create(
            &first,
            json!({"ruleset": 0, "seats": ["person", "person"], "name": name}),
        )
        .await;
        ids.push(v["id"].as_str().unwrap().to_string());
    }
    drop(first);
    let raw = rusqlite::Connection::open(&file).unwrap();
    raw.execute(
        "UPDATE seats SET token = 'not a token' WHERE game = ?1 AND seat = 1",
        [&ids[1]],
    )
    .unwrap();
    raw.execute("UPDATE games SET header = '{oops' WHERE id = ?1", [&ids[2]])
        .unwrap();
    drop(raw);
    let second = server_on(&file);
    // The lobby lists the sound game, and only it.
    let (s, lobby) = json_call(&second, "GET", "/api/lobby", None, None).await;
    assert_eq!(s, StatusCode::OK, "{lobby}");
    let listed: Vec<&str> = lobby["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(listed, [ids[0].as_str()]);
    // Each damaged game, opened, says what is damaged.
    for (id, what) in [
        (&ids[1], "the token of seat 1 is damaged"),
        (&ids[2], "its header is damaged"),
    ] {
        let (s, v) = json_call(&second, "GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(s, StatusCode::INTERNAL_SERVER_ERROR, "{v}");
        let msg = v["error"].as_str().unwrap();
        assert!(
            msg.starts_with(&format!("the game database: game {id}: {what}")),
            "{msg}"
        );
    }
    let (s, v) = json_call(
        &second,
        "GET",
        &format!("/api/games/{}", ids[0]),
        None,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

#[cfg(unix)]
#[tokio::test]
async fn a_new_database_file_is_readable_by_its_owner_alone() {
    use std::os::unix::fs::PermissionsExt;
    let file = db_file("private");
    let app = server_on(&file);
    new_game(&app, json!(["person", "person"])).await;
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    // It holds the seats' tokens; SQLite's journal of it likewise.
    assert_eq!(mode(&file), 0o600, "{}", file.display());
    let wal = PathBuf::from(format!("{}-wal", file.display()));
    assert_eq!(mode(&wal), 0o600, "{}", wal.display());
    // An existing file keeps its permissions.
    drop(app);
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
    let again = server_on(&file);
    let (s, _) = call(&again, "GET", "/api/lobby", None, None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(mode(&file), 0o640);
}

#[tokio::test]
async fn a_stored_game_whose_moves_are_damaged_is_the_servers_failure_not_a_conflict() {
    let file = db_file("damaged-moves");
    let first = server_on(&file);
    let (id, _) = new_game(&first, json!(["first", "first"])).await;
    follow(&first, &id, None, |_| false).await;
    let (people, tokens) = new_game(&first, json!(["person", "person"])).await;
    drop(first);
    let raw = rusqlite::Connection::open(&file).unwrap();
    raw.execute(
        "UPDATE moves SET action = 'bogus move' WHERE game = ?1 AND n = 5",
        [&id],
    )
    .unwrap();
    drop(raw);
    let second = server_on(&file);
    // Looking again changes nothing: 500, saying which move is damaged.
    for path in [
        format!("/api/games/{id}"),
        format!("/api/games/{id}/record"),
        format!("/api/games/{id}/turns/0/view"),
    ] {
        let (s, v) = json_call(&second, "GET", &path, None, None).await;
        assert_eq!(s, StatusCode::INTERNAL_SERVER_ERROR, "{path}: {v}");
        let msg = v["error"].as_str().unwrap();
        let want = format!("game {id} cannot be replayed here: record action 6 (`bogus move`): ");
        assert!(msg.starts_with(&want), "{msg}");
    }
    // A move refused by the game as it is now is still the client's: 409
    // (another seat's turn, a move chosen at another point), 400 (not legal).
    let path = format!("/api/games/{people}");
    let (red, blue) = (tokens[0].as_deref(), tokens[1].as_deref());
    let (_, mine) = json_call(&second, "GET", &path, red, None).await;
    let act = format!("{path}/act");
    let (s, v) = json_call(&second, "POST", &act, blue, Some(first_place(&mine))).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    let mut stale = first_place(&mine);
    stale["moves"] = json!(3);
    let (s, v) = json_call(&second, "POST", &act, red, Some(stale)).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    let far = json!({"action": "place 99 99 0"});
    let (s, v) = json_call(&second, "POST", &act, red, Some(far)).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
}

/// A game of `seats` and no moves, its first seat to act, last played at
/// `updated`.
fn waiting(id: &str, seats: Vec<Seat>, updated: u64) -> StoredGame {
    StoredGame {
        actions: Vec::new(),
        seats,
        status: Status {
            over: false,
            turn: 1,
            actor: Some(0),
        },
        ..stored(id, false, updated)
    }
}

#[tokio::test]
async fn a_server_started_again_resumes_the_bots_to_act_without_a_visitor() {
    let store = memory();
    let now = carcassonne_web::now_ms();
    let bot = || Seat::new(SeatKind::Bot("first".into())).unwrap();
    let person = || Seat::new(SeatKind::Person).unwrap();
    let stood_in = Seat {
        stand_in: Some("first".into()),
        ..person()
    };
    // Stored by a server that stopped: two bots; a person for whom a bot
    // stands in, then a person; a person to act; two bots left for longer
    // than the expiry window (gone at the next expiry: not resumed).
    store
        .create(&waiting("bots", vec![bot(), bot()], now - 1_000), u64::MAX)
        .unwrap();
    store
        .create(
            &waiting("stand-in", vec![stood_in, person()], now - 1_000),
            u64::MAX,
        )
        .unwrap();
    store
        .create(
            &waiting("person", vec![person(), bot()], now - 1_000),
            u64::MAX,
        )
        .unwrap();
    let hours_ago = now - 2 * 3_600_000;
    store
        .create(&waiting("old", vec![bot(), bot()], hours_ago), u64::MAX)
        .unwrap();
    // Started again: no request reaches any game.
    let _server = carcassonne_web::router(carcassonne_web::Config {
        expire_after: Some(Duration::from_secs(3600)),
        ..config(store.clone())
    });
    let until = |id: &'static str, done: fn(&StoredGame) -> bool| {
        let store = Arc::clone(&store);
        async move {
            let deadline = Instant::now() + Duration::from_secs(120);
            loop {
                let g = store.load(id).unwrap().unwrap();
                if done(&g) {
                    return g;
                }
                assert!(
                    Instant::now() < deadline,
                    "game {id} stayed at {:?}",
                    g.status
                );
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
    };
    let g = until("bots", |g| g.status.over).await;
    assert!(g.actions.len() > 50, "{}", g.actions.len());
    // The bot played Red's turn; Blue, a person, is to act.
    let g = until("stand-in", |g| g.status.actor == Some(1)).await;
    assert!(!g.actions.is_empty());
    for id in ["person", "old"] {
        let g = store.load(id).unwrap().unwrap();
        assert!(g.actions.is_empty(), "{id}: {:?}", g.actions);
    }
}
