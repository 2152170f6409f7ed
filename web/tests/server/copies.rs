//! One game, one copy that plays: a game in use is never dropped from memory
//! (and read a second time) while its bot or a request still holds it, and a
//! copy that finds its move already stored (another server on the same
//! database played first) is read again from the store and plays on.

use crate::common::*;
use axum::http::StatusCode;
use carcassonne_web::{Config, SqliteStore, Store};
use serde_json::{json, Value};
use std::sync::Arc;

/// The action that places the drawn tile on its first legal spot, or else the
/// first choice, of the player's view `v`.
fn next_action(v: &Value) -> Value {
    let action = match v["placements"].as_array().and_then(|p| p.first()) {
        Some(s) => format!("place {} {} {}", s["x"], s["y"], s["rots"][0]),
        None => v["choices"][0]["text"].as_str().unwrap().to_string(),
    };
    json!({ "action": action })
}

/// A server on the database file `file` whose bot `first` waits at `gate`,
/// holding at most `max_games` games in memory; and its store.
fn gated_server(
    file: &std::path::Path,
    gate: &Arc<Gate>,
    max_games: usize,
) -> (axum::Router, Arc<dyn Store>) {
    let store: Arc<dyn Store> = Arc::new(SqliteStore::open(file).unwrap());
    let router = carcassonne_web::router(Config {
        max_games,
        ..gated_config(store.clone(), gate.clone())
    });
    (router, store)
}

#[tokio::test]
async fn a_game_whose_bot_is_on_its_way_stays_in_memory_and_plays_once() {
    // The audit's case: `--max-games 1`, a bot to move; a second game pushed
    // the first out of memory while its bot task held it, opening it again
    // read a second copy, both played move 0 and the loser was stuck for good.
    let gate = Arc::new(Gate::default());
    let (app, store) = gated_server(&db_file("held-in-use"), &gate, 1);
    let (x, _) = new_game(&app, json!(["first", "person"])).await;
    // Beyond the limit of one game: X's bot move is on its way (at the gate).
    let (y, _) = new_game(&app, json!(["person", "person"])).await;
    let (s, v) = json_call(&app, "GET", &format!("/api/games/{x}"), None, None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["moves"], json!(0));
    // Red's turn: the tile placed, then the figure step; then Blue, a person.
    gate.allow(2);
    let last = until_moves(&app, &x, 2).await;
    assert_eq!(last["stuck"], Value::Null, "{last}");
    assert_eq!(last["moves"], json!(2));
    let (_, v) = json_call(&app, "GET", &format!("/api/games/{x}"), None, None).await;
    assert_eq!(
        (&v["moves"], &v["actor"], &v["stuck"]),
        (&json!(2), &json!(1), &Value::Null)
    );
    assert_eq!(store.load(&x).unwrap().unwrap().actions.len(), 2);
    let (s, v) = json_call(&app, "GET", &format!("/api/games/{y}"), None, None).await;
    assert_eq!((s, &v["moves"]), (StatusCode::OK, &json!(0)), "{v}");
}

#[tokio::test]
async fn a_server_whose_copy_is_out_of_date_reads_the_game_again_and_plays_on() {
    // Two servers on one database: a move the other played first is refused
    // (409) once, and the game is read again, instead of 409 for ever.
    let file = db_file("two-servers-people");
    let (a, b) = (server_on(&file), server_on(&file));
    let (id, tokens) = new_game(&a, json!(["person", "person"])).await;
    let (red, blue) = (tokens[0].as_deref(), tokens[1].as_deref());
    let path = format!("/api/games/{id}");
    let act = format!("{path}/act");
    let (_, on_b) = json_call(&b, "GET", &path, red, None).await;
    assert_eq!(on_b["moves"], json!(0), "B holds the game too");
    let (s, v) = json_call(&a, "POST", &act, red, Some(next_action(&on_b))).await;
    assert_eq!((s, &v["moves"]), (StatusCode::OK, &json!(1)), "{v}");
    // B's copy does not know the move: Red's same move there is refused ...
    let (s, v) = json_call(&b, "POST", &act, red, Some(next_action(&on_b))).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    let msg = v["error"].as_str().unwrap();
    assert!(
        msg.contains("move 0 of game") && msg.contains("read again") && msg.contains("move 1 now"),
        "{msg}"
    );
    // ... and B reads the game again: both servers show the same game.
    let (_, seen_a) = json_call(&a, "GET", &path, None, None).await;
    let (_, seen_b) = json_call(&b, "GET", &path, None, None).await;
    assert_eq!(seen_a, seen_b);
    assert_eq!(seen_b["moves"], json!(1));
    // Red's figure step, on B now; then A is the one out of date.
    let (_, mine) = json_call(&b, "GET", &path, red, None).await;
    let (s, v) = json_call(&b, "POST", &act, red, Some(next_action(&mine))).await;
    assert_eq!((s, &v["moves"]), (StatusCode::OK, &json!(2)), "{v}");
    let (s, v) = json_call(&a, "POST", &act, red, Some(next_action(&mine))).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    let (_, seen_a) = json_call(&a, "GET", &path, None, None).await;
    let (_, seen_b) = json_call(&b, "GET", &path, None, None).await;
    assert_eq!(seen_a, seen_b);
    assert_eq!((&seen_a["moves"], &seen_a["actor"]), (&json!(2), &json!(1)));
    // Blue plays on A, which is up to date again.
    let (_, mine) = json_call(&a, "GET", &path, blue, None).await;
    let (s, v) = json_call(&a, "POST", &act, blue, Some(next_action(&mine))).await;
    assert_eq!((s, &v["moves"]), (StatusCode::OK, &json!(3)), "{v}");
}

#[tokio::test]
async fn a_bot_whose_move_another_server_played_first_plays_on_from_the_stored_game() {
    let file = db_file("two-servers-bots");
    let (gate_a, gate_b) = (Arc::new(Gate::default()), Arc::new(Gate::default()));
    let (a, store) = gated_server(&file, &gate_a, 10);
    let (b, _) = gated_server(&file, &gate_b, 10);
    // Red is a bot: A plays it, and B too once it opens the game.
    let (id, _) = new_game(&a, json!(["first", "person"])).await;
    let (_, v) = json_call(&b, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(v["moves"], json!(0));
    // A places Red's tile (move 0); its bot then waits for the figure step.
    gate_a.allow(1);
    assert_eq!(until_moves(&a, &id, 1).await["stuck"], Value::Null);
    // B's bot finds move 0 taken: B reads the game again, and its bot plays
    // on from there (move 1, the figure step).
    gate_b.allow(2);
    let last = until_moves(&b, &id, 2).await;
    assert_eq!(last["stuck"], Value::Null, "{last}");
    assert_eq!(last["moves"], json!(2));
    // A's bot finds move 1 taken: A reads the game again; Blue is to act.
    gate_a.allow(1);
    let last = until_moves(&a, &id, 2).await;
    assert_eq!(last["stuck"], Value::Null, "{last}");
    let path = format!("/api/games/{id}");
    let (_, seen_a) = json_call(&a, "GET", &path, None, None).await;
    let (_, seen_b) = json_call(&b, "GET", &path, None, None).await;
    assert_eq!(seen_a, seen_b);
    assert_eq!(
        (&seen_a["moves"], &seen_a["actor"], &seen_a["stuck"]),
        (&json!(2), &json!(1), &Value::Null)
    );
    assert_eq!(store.load(&id).unwrap().unwrap().actions.len(), 2);
}

#[tokio::test]
async fn a_seat_taken_through_another_server_is_not_undone_by_its_old_token() {
    // The audit: B gave seat 1 a new token (a lobby join); A, holding the
    // seat in memory, took the old invitation token and wrote it back over
    // the join.
    let file = db_file("two-servers-seats");
    let (a, b) = (server_on(&file), server_on(&file));
    let v = create(
        &a,
        json!({"ruleset": 0, "seats": ["person", "person"], "take": [0], "player": "Ann"}),
    )
    .await;
    let id = v["id"].as_str().unwrap().to_string();
    let (red, invitation) = (
        v["seats"][0]["token"].as_str().unwrap().to_string(),
        v["seats"][1]["token"].as_str().unwrap().to_string(),
    );
    let path = format!("/api/games/{id}");
    // A and C hold the game with seat 1 free; Cy takes it from the lobby
    // on B.
    let c = server_on(&file);
    for server in [&a, &c] {
        let (_, seen) = json_call(server, "GET", &path, None, None).await;
        assert_eq!(seen["seats"][1]["taken"], json!(false), "{seen}");
    }
    let (s, joined) = join(&b, &id, json!({"seat": 1, "name": "Cy"})).await;
    assert_eq!(s, StatusCode::OK, "{joined}");
    let cy = joined["token"].as_str().unwrap().to_string();
    // On A the invitation no longer acts for the seat, nor sees its view.
    for (method, route, body) in [
        ("POST", "/seat", Some(json!({"name": "Bob"}))),
        ("GET", "", None),
    ] {
        let (s, v) = json_call(
            &a,
            method,
            &format!("{path}{route}"),
            Some(&invitation),
            body,
        )
        .await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{method} {route}: {v}");
        assert!(
            v["error"]
                .as_str()
                .unwrap()
                .contains("is taken from the lobby"),
            "{v}"
        );
    }
    let store = SqliteStore::open(&file).unwrap();
    let seat = &store.load(&id).unwrap().unwrap().seats[1];
    assert_eq!(seat.token.as_ref().map(|t| t.as_str()), Some(cy.as_str()));
    assert_eq!(seat.player.as_deref(), Some("Cy"));
    // A knows the seat as B left it: Cy's token is his there too, and
    // everyone sees his name.
    let (s, v) = json_call(&a, "GET", &path, Some(&cy), None).await;
    assert_eq!((s, &v["you"]), (StatusCode::OK, &json!(1)), "{v}");
    let (_, v) = json_call(&a, "GET", &path, Some(&red), None).await;
    assert_eq!(v["seats"][1]["name"], json!("Blue (Cy)"));
    // Joining it through C says it is taken.
    let (s, v) = join(&c, &id, json!({"seat": 1, "name": "Dee"})).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert_eq!(
        v["error"],
        json!("seat 1 (Blue) is not free: a person took it")
    );
    let seat = &store.load(&id).unwrap().unwrap().seats[1];
    assert_eq!(seat.token.as_ref().map(|t| t.as_str()), Some(cy.as_str()));
}
