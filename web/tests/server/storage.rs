//! Games that survive: each move stored before its answer, a new server on the
//! same database serving every game at its move, old unfinished games expiring.

use crate::common::*;
use axum::http::StatusCode;
use carcassonne_core::Record;
use carcassonne_web::seats::{Seat, SeatKind};
use carcassonne_web::store::{Status, StoredGame};
use carcassonne_web::{SqliteStore, Store, StoreError};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A fresh database file under cargo's temporary directory.
fn db_file(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("web-store");
    std::fs::create_dir_all(&d).unwrap();
    let f = d.join(format!("{name}.sqlite3"));
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", f.display()));
    }
    f
}

fn server_on(file: &Path) -> axum::Router {
    let store: Arc<dyn Store> = Arc::new(SqliteStore::open(file).unwrap());
    carcassonne_web::router(config(store))
}

fn place(v: &Value) -> Value {
    let spot = &v["placements"][0];
    json!({"action": format!("place {} {} {}", spot["x"], spot["y"], spot["rots"][0])})
}

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
            place(&mine)
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
        place(&mine)
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
    store.create(&stored("old", false, 100)).unwrap();
    store.create(&stored("new", false, 1_000)).unwrap();
    store.create(&stored("done", true, 100)).unwrap();
    assert!(matches!(
        store.create(&stored("new", false, 5)),
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
    assert_eq!(store.expire(500).unwrap(), ["old"]);
    assert!(store.load("old").unwrap().is_none());
    assert!(store.load("done").unwrap().is_some(), "finished games stay");
    assert!(store.load("new").unwrap().is_some());
    assert!(matches!(
        store.append("old", 1, &["pass".into()], &status, 3_000),
        Err(StoreError::Conflict(_))
    ));
}

#[test]
fn a_memory_database_keeps_nothing_and_a_damaged_file_is_refused_clearly() {
    let m = SqliteStore::open(Path::new(":memory:")).unwrap();
    m.create(&stored("x", false, 1)).unwrap();
    let other = SqliteStore::open(Path::new(":memory:")).unwrap();
    assert!(other.load("x").unwrap().is_none());
    let junk = db_file("junk");
    std::fs::write(
        &junk,
        "this is not a database, it is a text file of some length",
    )
    .unwrap();
    let e = SqliteStore::open(&junk).err().expect("refused");
    assert!(e.to_string().contains("junk.sqlite3"), "{e}");
}
