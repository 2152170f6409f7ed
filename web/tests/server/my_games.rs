//! "Your games" in one request (`POST /api/my-games`): for each seat a
//! browser holds (a game and its token), what that game is to that seat; a
//! token says nothing of any game but its own, an unknown one or one whose
//! seat was taken from the lobby is said to be so, a game the server does not
//! have is "gone"; at most `MY_GAMES_MAX` seats a request.

use crate::common::*;
use axum::http::StatusCode;
use carcassonne_web::MY_GAMES_MAX;
use serde_json::{json, Value};

/// `POST /api/my-games` with `seats`: the status and the answer.
async fn my_games(app: &axum::Router, seats: Value) -> (StatusCode, Value) {
    json_call(
        app,
        "POST",
        "/api/my-games",
        None,
        Some(json!({ "seats": seats })),
    )
    .await
}

/// The keys of a JSON object, sorted.
fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    k.sort_unstable();
    k
}

#[tokio::test]
async fn each_seat_held_gets_its_games_summary_and_nothing_of_other_games() {
    let file = db_file("my-games");
    let app = server_on(&file);
    let (duel, duel_tokens) = new_game(&app, json!(["person", "person"])).await;
    let (solo, solo_tokens) = new_game(&app, json!(["person", "first"])).await;
    let red = duel_tokens[0].clone().unwrap();
    let blue = duel_tokens[1].clone().unwrap();
    let me = solo_tokens[0].clone().unwrap();
    // Red names himself; Blue's seat is taken from the lobby by someone else:
    // its invitation's token stops working.
    let (s, v) = json_call(
        &app,
        "POST",
        &format!("/api/games/{duel}/seat"),
        Some(&red),
        Some(json!({"name": "Ann"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, joined) = join(&app, &duel, json!({"seat": 1, "name": "Cy"})).await;
    assert_eq!(s, StatusCode::OK, "{joined}");
    let cy = joined["token"].as_str().unwrap().to_string();

    let (s, v) = my_games(
        &app,
        json!([
            {"game": duel, "token": red},
            {"game": solo, "token": me},
            {"game": duel, "token": blue},
            {"game": duel, "token": me},
            {"game": duel, "token": "not a token"},
            {"game": "00ff00ff00ff00ff", "token": red},
            {"game": "x".repeat(500), "token": red},
        ]),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 7, "one answer a seat, in order");
    // Red's: the duel as the lobby and the page name it.
    let g = &games[0];
    assert_eq!(
        keys(g),
        [
            "actor",
            "game",
            "name",
            "over",
            "ruleset",
            "seat",
            "seats",
            "state",
            "turn",
            "updated",
            "your_turn"
        ]
    );
    assert_eq!(g["state"], json!("seat"));
    assert_eq!(g["game"], json!(duel));
    assert_eq!(g["seat"], json!(0));
    assert_eq!(g["name"], json!("base game"));
    assert_eq!(g["ruleset"], json!("base"));
    assert_eq!(g["over"], json!(false));
    assert_eq!(
        (g["actor"].clone(), g["your_turn"].clone()),
        (json!(0), json!(true))
    );
    let names: Vec<&str> = g["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Red (Ann)", "Blue (Cy)"]);
    assert_eq!(g["seats"][1]["player"], json!("Cy"));
    // The same as the game's view says.
    let (_, view) = json_call(&app, "GET", &format!("/api/games/{duel}"), Some(&red), None).await;
    assert_eq!(g["turn"], view["turn"]);
    assert_eq!(view["seats"][0]["name"], json!("Red (Ann)"));
    // The solo game: the bot's seat named, Red to play.
    let g = &games[1];
    assert_eq!(
        (g["state"].clone(), g["game"].clone()),
        (json!("seat"), json!(solo))
    );
    assert_eq!(g["seats"][1]["name"], json!("Blue (first)"));
    assert_eq!(g["your_turn"], json!(true));
    // The invitation whose seat was taken, another game's token, a token that
    // is none: refused, and nothing more said of the game.
    for g in &games[2..5] {
        assert_eq!(keys(g), ["game", "state"], "{g}");
        assert_eq!(g["state"], json!("refused"), "{g}");
    }
    // No such game (expired, or an id that is none).
    assert_eq!(
        games[5],
        json!({"game": "00ff00ff00ff00ff", "state": "gone"})
    );
    assert_eq!(games[6]["state"], json!("gone"));
    // No token of any seat travels back, not even the ones sent.
    let text = v.to_string();
    for t in [&red, &blue, &me, &cy] {
        assert!(!text.contains(t.as_str()), "a token in the answer");
    }

    // Blue's new player sees the duel as Blue, waiting for Red.
    let (_, v) = my_games(&app, json!([{"game": duel, "token": cy}])).await;
    let g = &v["games"][0];
    assert_eq!(
        (g["seat"].clone(), g["your_turn"].clone()),
        (json!(1), json!(false))
    );
    // A finished game: over, no one to act.
    let (done, done_tokens) = new_game(&app, json!(["first", "person"])).await;
    let (s, v) = json_call(
        &app,
        "POST",
        &format!("/api/games/{done}/seat"),
        done_tokens[1].as_deref(),
        Some(json!({"stand_in": "first"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    follow(&app, &done, None, |_| false).await;
    let (_, v) = my_games(&app, json!([{"game": done, "token": done_tokens[1]}])).await;
    let g = &v["games"][0];
    assert_eq!(g["over"], json!(true), "{g}");
    assert_eq!(
        (g["actor"].clone(), g["your_turn"].clone()),
        (Value::Null, json!(false))
    );

    // A game the database holds damaged is said to be unreadable, the others
    // answered as always.
    drop(app);
    let raw = rusqlite::Connection::open(&file).unwrap();
    raw.execute("UPDATE games SET header = '{oops' WHERE id = ?1", [&solo])
        .unwrap();
    drop(raw);
    let app = server_on(&file);
    let (s, v) = my_games(
        &app,
        json!([{"game": solo, "token": me}, {"game": duel, "token": red}]),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["games"][0]["state"], json!("unreadable"));
    let e = v["games"][0]["error"].as_str().unwrap();
    assert!(e.contains("its header is damaged"), "{e}");
    assert_eq!(v["games"][1]["state"], json!("seat"));
}

#[tokio::test]
async fn at_most_so_many_seats_a_request_and_a_malformed_one_is_refused() {
    let app = app();
    let (_, setup) = json_call(&app, "GET", "/api/setup", None, None).await;
    assert_eq!(setup["my_games_max"], json!(MY_GAMES_MAX));
    let (id, tokens) = new_game(&app, json!(["person", "first"])).await;
    let seat = json!({"game": id, "token": tokens[0]});
    // As many as allowed: each answered.
    let (s, v) = my_games(&app, json!(vec![seat.clone(); MY_GAMES_MAX])).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["games"].as_array().unwrap().len(), MY_GAMES_MAX);
    assert!(v["games"]
        .as_array()
        .unwrap()
        .iter()
        .all(|g| g["state"] == json!("seat")));
    // One more: 400, a JSON error saying the limit.
    let (s, v) = my_games(&app, json!(vec![seat.clone(); MY_GAMES_MAX + 1])).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    let e = v["error"].as_str().unwrap();
    assert!(
        e.contains(&format!("at most {MY_GAMES_MAX} a request")),
        "{e}"
    );
    // None: an empty list.
    let (s, v) = my_games(&app, json!([])).await;
    assert_eq!((s, v), (StatusCode::OK, json!({"games": []})));
    // A seat without its token, a body that is not the request's: 400.
    for body in [
        json!({"seats": [{"game": id}]}),
        json!({"seats": [{"game": id, "token": 5}]}),
        json!({"games": [id]}),
        json!([seat]),
    ] {
        let (s, v) = json_call(&app, "POST", "/api/my-games", None, Some(body.clone())).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}: {v}");
        assert!(v["error"].is_string(), "{v}");
    }
    // Only POST: the tokens travel in the body, never in an address.
    let (s, v) = json_call(&app, "GET", "/api/my-games", None, None).await;
    assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED, "{v}");
}
