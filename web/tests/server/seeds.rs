//! Who may know a game's seed, and so every tile to come: a seed chosen at
//! creation, or a game opened from a record (which holds it). The players are
//! told, in the view and the lobby, across a restart.

use crate::common::*;
use axum::http::StatusCode;
use carcassonne_core::Record;
use serde_json::{json, Value};

/// The lobby's entry of game `id`.
async fn lobby_entry(app: &axum::Router, id: &str) -> Value {
    let (s, v) = json_call(app, "GET", "/api/lobby", None, None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == json!(id))
        .cloned()
        .unwrap_or_else(|| panic!("game {id} is not in the lobby: {v}"))
}

/// What the view and the lobby say of game `id`'s seed (the view as a
/// spectator and as seat 0's player, with `token`).
async fn told(app: &axum::Router, id: &str, token: Option<&str>) -> Value {
    let path = format!("/api/games/{id}");
    let (s, spectator) = json_call(app, "GET", &path, None, None).await;
    assert_eq!(s, StatusCode::OK, "{spectator}");
    if token.is_some() {
        let (_, player) = json_call(app, "GET", &path, token, None).await;
        assert_eq!(player["seed_known"], spectator["seed_known"]);
    }
    let listed = lobby_entry(app, id).await;
    assert_eq!(listed["seed_known"], spectator["seed_known"], "{listed}");
    spectator["seed_known"].clone()
}

#[tokio::test]
async fn the_players_are_told_who_may_know_the_seed_and_it_survives_a_restart() {
    let file = db_file("seed-known");
    let app = server_on(&file);
    let people = json!(["person", "person"]);
    let mut games = Vec::new();
    for (seed, want) in [
        (json!(42), json!("chosen")),
        (json!("18446744073709551615"), json!("chosen")),
        (Value::Null, Value::Null),
        (json!(""), Value::Null),
    ] {
        let mut body = json!({"ruleset": 0, "seats": people, "take": [0]});
        if !seed.is_null() {
            body["seed"] = seed.clone();
        }
        let v = create(&app, body).await;
        let id = v["id"].as_str().unwrap().to_string();
        let token = v["seats"][0]["token"].as_str().map(str::to_string);
        assert_eq!(told(&app, &id, token.as_deref()).await, want, "seed {seed}");
        games.push((id, want));
    }
    // A game opened from a record (cut from a finished game's), its seats
    // free for anyone from the lobby.
    let (done, _) = new_game(&app, json!(["first", "first"])).await;
    follow(&app, &done, None, |_| false).await;
    let (_, text) = call(
        &app,
        "GET",
        &format!("/api/games/{done}/record"),
        None,
        None,
    )
    .await;
    let mut rec = Record::from_json(&text).unwrap();
    rec.actions.truncate(10);
    rec.scores = None;
    let body = json!({"record": rec.to_json(), "take": []});
    let (s, v) = json_call(&app, "POST", "/api/records", None, Some(body)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let opened = v["id"].as_str().unwrap().to_string();
    assert_eq!(told(&app, &opened, None).await, json!("record"));
    games.push((opened.clone(), json!("record")));
    // A seat's answer (a view too) says it as well.
    let (_, joined) = join(&app, &opened, json!({"seat": 0})).await;
    let token = joined["token"].as_str().unwrap();
    let (s, v) = json_call(
        &app,
        "POST",
        &format!("/api/games/{opened}/seat"),
        Some(token),
        Some(json!({"name": "Ann"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["seed_known"], json!("record"));
    drop(app);
    // Kept with the game: a new server on the same file says the same.
    let again = server_on(&file);
    for (id, want) in &games {
        let (_, v) = json_call(&again, "GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(&v["seed_known"], want, "{id}");
    }
    drop(again);
    // A file from before (no such column): its games load, those opened from
    // records known by their origin, a seed chosen unknown (never kept).
    let raw = rusqlite::Connection::open(&file).unwrap();
    raw.execute_batch("ALTER TABLE games DROP COLUMN seed_known; PRAGMA user_version = 2;")
        .unwrap();
    drop(raw);
    let old = server_on(&file);
    for (id, want) in &games {
        let want = if *want == json!("chosen") {
            Value::Null
        } else {
            want.clone()
        };
        let (s, v) = json_call(&old, "GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["seed_known"], want, "{id}");
    }
}
