//! A bot for an absent player (the online audit of 7 December 2026: a seat
//! its person left stopped the game for good): a person lets a bot play for
//! him while away, another player of the game lets one play a seat that has
//! kept the game waiting long enough, and the person takes his seat back.

use crate::common::*;
use axum::http::StatusCode;
use carcassonne_web::{SqliteStore, Store};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;

/// Places the drawn tile on its first legal spot, then passes the figure step.
async fn place_and_pass(app: &axum::Router, id: &str, token: &str) {
    let path = format!("/api/games/{id}");
    let (_, v) = json_call(app, "GET", &path, Some(token), None).await;
    for action in [first_place(&v), json!({"action": "pass"})] {
        let (s, v) = json_call(
            app,
            "POST",
            &format!("{path}/act"),
            Some(token),
            Some(action.clone()),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{action}: {v}");
    }
}

/// The seat settings of `token`'s seat changed by `body` → status and view.
async fn settings(app: &axum::Router, id: &str, token: &str, body: Value) -> (StatusCode, Value) {
    json_call(
        app,
        "POST",
        &format!("/api/games/{id}/seat"),
        Some(token),
        Some(body),
    )
    .await
}

#[tokio::test]
async fn a_person_lets_a_bot_play_for_him_while_away_and_takes_his_seat_back() {
    let gate = Arc::new(Gate::default());
    let app = carcassonne_web::router(gated_config(memory(), gate.clone()));
    let (id, t) = new_game(&app, json!(["person", "person"])).await;
    let (red, blue) = (t[0].clone().unwrap(), t[1].clone().unwrap());
    place_and_pass(&app, &id, &red).await;
    // Blue's turn: Red leaves a bot in his place.
    for (body, says) in [
        (
            json!({"stand_in": "wizard"}),
            "`wizard` is no bot (first, last)",
        ),
        (
            json!({"stand_in": 3}),
            "`stand_in` is a bot's name or null, not 3",
        ),
    ] {
        let (s, v) = settings(&app, &id, &red, body.clone()).await;
        assert_eq!(
            (s, &v["error"]),
            (StatusCode::BAD_REQUEST, &json!(says)),
            "{body}"
        );
    }
    let (s, v) = settings(&app, &id, &red, json!({"stand_in": "first"})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["seats"][0]["stand_in"], json!("first"));
    assert_eq!(v["seats"][0]["name"], json!("Red (first)"));
    place_and_pass(&app, &id, &blue).await;
    // Red's turn: his bot is to play it, not he.
    let (s, v) = json_call(
        &app,
        "POST",
        &format!("/api/games/{id}/act"),
        Some(&red),
        Some(json!({"action": "pass"})),
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert_eq!(
        v["error"],
        json!("a bot (first) plays for Red now: take the seat back first")
    );
    gate.allow(2);
    let e = until_moves(&app, &id, 6).await;
    assert!(e["stuck"].is_null(), "{e}");
    // Back: Red plays his own turns again (Blue's, then Red's: nobody else).
    let (s, v) = settings(&app, &id, &red, json!({"stand_in": null})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["seats"][0]["stand_in"], Value::Null);
    place_and_pass(&app, &id, &blue).await;
    place_and_pass(&app, &id, &red).await;
    let (_, v) = json_call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(v["moves"], json!(10), "{v}");
}

#[tokio::test]
async fn another_player_lets_a_bot_play_a_seat_that_kept_the_game_waiting() {
    // Not before the seat has kept the game waiting `stand_in_after`.
    let patient = carcassonne_web::router(config(memory()));
    let (id, t) = new_game(&patient, json!(["person", "person", "person"])).await;
    let blue = t[1].clone().unwrap();
    let ask = |seat: u8| json!({"seat": seat, "bot": "first"});
    let path = format!("/api/games/{id}/stand-in");
    for (seat, status, says) in [
        (
            0,
            StatusCode::CONFLICT,
            "Red has kept the game waiting 0 s: a bot may play for them after 300 s",
        ),
        (
            2,
            StatusCode::CONFLICT,
            "Green is not to act: a bot may play a seat only while it keeps the game waiting",
        ),
        (
            1,
            StatusCode::BAD_REQUEST,
            "your own seat: set `stand_in` in its settings (`POST .../seat`)",
        ),
        (
            5,
            StatusCode::BAD_REQUEST,
            "seat 5: the game has seats 0 to 2",
        ),
    ] {
        let (s, v) = json_call(&patient, "POST", &path, Some(&blue), Some(ask(seat))).await;
        assert_eq!((s, &v["error"]), (status, &json!(says)), "seat {seat}");
    }
    let (s, _) = json_call(&patient, "POST", &path, None, Some(ask(0))).await;
    assert_eq!(s, StatusCode::FORBIDDEN, "a seat's token is needed");
    // The other players' views say how long until then (whole seconds,
    // rounded up): the page offers the stand-in only once it may be asked.
    // Red's own view and a spectator's say nothing.
    let view = format!("/api/games/{id}");
    let (_, v) = json_call(&patient, "GET", &view, Some(&blue), None).await;
    let left = v["stand_in_in"].as_u64().expect("Red, a person, is to act");
    assert!((1..=300).contains(&left), "{left}");
    let red = t[0].clone().unwrap();
    for token in [Some(red.as_str()), None] {
        let (_, v) = json_call(&patient, "GET", &view, token, None).await;
        assert!(v["stand_in_in"].is_null(), "{v}");
    }
    // Once it has: the bot plays Red's turn, and Red's next ones.
    let app = carcassonne_web::router(carcassonne_web::Config {
        stand_in_after: Duration::ZERO,
        ..config(memory())
    });
    let (id, t) = new_game(&app, json!(["person", "person"])).await;
    let (red, blue) = (t[0].clone().unwrap(), t[1].clone().unwrap());
    let (_, v) = json_call(&app, "GET", &format!("/api/games/{id}"), Some(&blue), None).await;
    assert_eq!(v["stand_in_in"], json!(0), "now");
    let path = format!("/api/games/{id}/stand-in");
    let (s, v) = json_call(&app, "POST", &path, Some(&blue), Some(ask(0))).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["seats"][0]["stand_in"], json!("first"));
    // A bot plays Red now (or Blue, the viewer, is to act): nothing to wait for.
    assert!(v["stand_in_in"].is_null(), "{v}");
    let e = until_moves(&app, &id, 2).await;
    assert_eq!(e["moves"], json!(2), "{e}");
    let (s, v) = json_call(&app, "POST", &path, Some(&blue), Some(ask(0))).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert_eq!(v["error"], json!("a bot plays Red already"));
    place_and_pass(&app, &id, &blue).await;
    until_moves(&app, &id, 6).await;
    // Red is back.
    let (s, _) = settings(&app, &id, &red, json!({"stand_in": null})).await;
    assert_eq!(s, StatusCode::OK);
}

#[tokio::test]
async fn a_stand_in_is_kept_in_the_database_and_an_older_file_gets_its_column() {
    let file = db_file("stand-in");
    let app = server_on(&file);
    let (id, t) = new_game(&app, json!(["person", "person"])).await;
    let red = t[0].clone().unwrap();
    let (s, _) = settings(&app, &id, &red, json!({"stand_in": "last"})).await;
    assert_eq!(s, StatusCode::OK);
    drop(app);
    let again = server_on(&file);
    let (_, v) = json_call(&again, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(v["seats"][0]["stand_in"], json!("last"), "{v}");
    drop(again);
    // A file of the schema before stand-ins (version 1, no column): opened,
    // it gets the column; its games read as before, nobody stood in for.
    let old = db_file("schema-1");
    {
        let raw = rusqlite::Connection::open(&old).unwrap();
        raw.execute_batch(
            "CREATE TABLE seats (game TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL,
             token TEXT, taken INTEGER NOT NULL, player TEXT, auto_pass INTEGER NOT NULL,
             PRIMARY KEY (game, seat));
             PRAGMA user_version = 1;",
        )
        .unwrap();
    }
    let store: Arc<dyn Store> = Arc::new(SqliteStore::open(&old).unwrap());
    drop(store);
    let raw = rusqlite::Connection::open(&old).unwrap();
    let columns: Vec<String> = raw
        .prepare("SELECT name FROM pragma_table_info('seats')")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(
        columns.last().map(String::as_str),
        Some("stand_in"),
        "{columns:?}"
    );
    let version: i64 = raw
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, 3);
    // Opened again (the column there already), nothing to add.
    drop(raw);
    assert!(SqliteStore::open(&old).is_ok());
}

#[tokio::test]
async fn a_person_who_takes_a_seat_from_the_lobby_plays_it_not_the_bot() {
    let app = carcassonne_web::router(carcassonne_web::Config {
        stand_in_after: Duration::ZERO,
        ..config(memory())
    });
    // A listed game whose Blue never opened his invitation: Red lets a bot
    // play for him, then a person takes the seat from the lobby.
    let (id, t) = new_game(&app, json!(["person", "person"])).await;
    let red = t[0].clone().unwrap();
    place_and_pass(&app, &id, &red).await;
    let (s, v) = json_call(
        &app,
        "POST",
        &format!("/api/games/{id}/stand-in"),
        Some(&red),
        Some(json!({"seat": 1, "bot": "first"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    until_moves(&app, &id, 4).await;
    let (s, joined) = join(&app, &id, json!({"seat": 1, "name": "Cy"})).await;
    assert_eq!(s, StatusCode::OK, "{joined}");
    let cy = joined["token"].as_str().unwrap().to_string();
    let (_, v) = json_call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(v["seats"][1]["stand_in"], Value::Null, "{v}");
    assert_eq!(v["seats"][1]["name"], json!("Blue (Cy)"));
    place_and_pass(&app, &id, &red).await;
    place_and_pass(&app, &id, &cy).await;
}
