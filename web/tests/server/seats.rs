//! Seats and tokens: who may act, what players and spectators see,
//! invitation links and the lobby.

use crate::common::*;
use axum::http::StatusCode;
use carcassonne_core::{Driver, Game, PlayerId, Record};
use serde_json::{json, Value};

#[tokio::test]
async fn acting_for_a_seat_without_its_token_is_refused_before_anything_else() {
    let app = app();
    let (a, ta) = new_game(&app, json!(["person", "person"])).await;
    let (_b, tb) = new_game(&app, json!(["person", "person"])).await;
    let (red, blue) = (ta[0].clone().unwrap(), ta[1].clone().unwrap());
    let other_game = tb[0].clone().unwrap();
    let path = format!("/api/games/{a}");
    let (_, before) = json_call(&app, "GET", &path, Some(&red), None).await;
    let legal = first_place(&before).to_string();
    let huge = format!("{{\"action\": \"{}\"}}", "x".repeat(1 << 20));
    let act = format!("{path}/act");
    let cases: Vec<(&str, Option<&str>, &str)> = vec![
        ("no token, a legal move", None, &legal),
        ("no token, no JSON", None, "{{{"),
        ("no token, a body past the cap", None, &huge),
        (
            "a made-up token",
            Some("0123456789abcdef0123456789abcdef"),
            &legal,
        ),
        ("a token of another game", Some(&other_game), &legal),
        ("not a token at all", Some("Red"), &legal),
    ];
    for (what, token, body) in cases {
        let (s, text) = call(&app, "POST", &act, token, Some(body)).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{what}: {text}");
        let v: Value = serde_json::from_str(&text).unwrap();
        assert!(
            v["error"].as_str().unwrap().contains("token"),
            "{what}: {v}"
        );
        // The seat settings too.
        let (s, _) = call(&app, "POST", &format!("{path}/seat"), token, Some(body)).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{what}");
    }
    // Blue's own token, but it is Red's turn: a conflict, not a move.
    let (s, v) = json_call(
        &app,
        "POST",
        &act,
        Some(&blue),
        serde_json::from_str(&legal).ok(),
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    let (_, after) = json_call(&app, "GET", &path, Some(&red), None).await;
    assert_eq!(before, after, "nothing changed");
    // Red's token plays.
    let (s, v) = json_call(
        &app,
        "POST",
        &act,
        Some(&red),
        serde_json::from_str(&legal).ok(),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["moves"], json!(1));
}

#[tokio::test]
async fn spectators_see_what_every_player_sees_and_players_their_own_observation() {
    let app = app();
    let (id, tokens) = new_game(&app, json!(["person", "person"])).await;
    let path = format!("/api/games/{id}");
    let (_, red) = json_call(&app, "GET", &path, tokens[0].as_deref(), None).await;
    let (_, blue) = json_call(&app, "GET", &path, tokens[1].as_deref(), None).await;
    let (_, watcher) = json_call(&app, "GET", &path, None, None).await;
    assert_eq!(
        (red["you"].clone(), blue["you"].clone()),
        (json!(0), json!(1))
    );
    assert_eq!(watcher["you"], Value::Null);
    // Only the player to act is offered moves.
    assert_eq!(red["your_turn"], json!(true));
    assert!(!red["placements"].as_array().unwrap().is_empty());
    for v in [&blue, &watcher] {
        assert_eq!(v["your_turn"], json!(false));
        assert!(v["placements"].as_array().unwrap().is_empty());
        assert!(v["choices"].as_array().unwrap().is_empty());
        assert!(v["drawn_rotations"].as_array().unwrap().is_empty());
        assert_eq!(v["seed"], Value::Null, "the seed tells the tiles to come");
        assert_eq!(v["record_available"], json!(false));
    }
    // Each player's observation is the engine's for his seat; the
    // spectator's is what both see (no player's own).
    let mut g = Game::new(base_rules(), 2, 5).unwrap();
    Driver::new(&Default::default()).settle(&mut g).unwrap();
    for (p, v) in [(PlayerId::ALL[0], &red), (PlayerId::ALL[1], &blue)] {
        let want = serde_json::to_value(g.observation(p).unwrap()).unwrap();
        assert_eq!(v["observation"], want, "seat {p:?}");
    }
    let mut public = serde_json::to_value(g.observation(PlayerId::ALL[0]).unwrap()).unwrap();
    public["player"] = Value::Null;
    assert_eq!(watcher["observation"], public);
    // A spectator who tries to act is refused.
    let (s, _) = json_call(
        &app,
        "POST",
        &format!("{path}/act"),
        None,
        Some(first_place(&red)),
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn an_invitation_link_takes_its_seat_and_rejoins_it_on_another_device() {
    let app = app();
    let v = create(
        &app,
        json!({"ruleset": 0, "seats": ["person", "person", "first"], "take": [0],
               "player": "Ann", "name": "Friday game"}),
    )
    .await;
    let id = v["id"].as_str().unwrap();
    let seats = v["seats"].as_array().unwrap();
    assert_eq!(seats[2]["kind"], json!("first"));
    assert_eq!(seats[2].get("invite"), None, "a bot has no invitation");
    let link = seats[1]["invite"].as_str().unwrap();
    let token = seats[1]["token"].as_str().unwrap();
    assert_eq!(link, format!("/#game={id}&seat=1&token={token}"));
    assert_eq!(token.len(), 32, "128 bits");
    assert_ne!(token, seats[0]["token"].as_str().unwrap());
    let (_, lobby) = json_call(&app, "GET", "/api/lobby", None, None).await;
    assert_eq!(lobby["games"][0]["seats"][1]["free"], json!(true));
    // Bob opens the link: the page takes the seat with his name.
    let (s, v) = json_call(
        &app,
        "POST",
        &format!("/api/games/{id}/seat"),
        Some(token),
        Some(json!({"name": "Bob"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["you"], json!(1));
    assert_eq!(v["name"], json!("Friday game"));
    let names: Vec<&str> = v["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Red (Ann)", "Blue (Bob)", "Green (first)"]);
    // Every seat is taken: the lobby lists the game no more.
    let (_, lobby) = json_call(&app, "GET", "/api/lobby", None, None).await;
    assert_eq!(lobby["games"], json!([]));
    // The same link on a second device is the same seat.
    let (_, again) = json_call(&app, "GET", &format!("/api/games/{id}"), Some(token), None).await;
    assert_eq!(again["you"], json!(1));
}

#[tokio::test]
async fn the_lobby_lists_games_with_free_seats_and_joining_takes_one() {
    let app = app();
    let v = create(
        &app,
        json!({"ruleset": 0, "seats": ["person", "person", "first"], "take": [0],
               "name": "Open table"}),
    )
    .await;
    let id = v["id"].as_str().unwrap().to_string();
    let v = create(
        &app,
        json!({"ruleset": 0, "seats": ["person", "person"], "listed": false}),
    )
    .await;
    let private = v["id"].as_str().unwrap().to_string();
    let (_, lobby) = json_call(&app, "GET", "/api/lobby", None, None).await;
    let games = lobby["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "only the listed game: {lobby}");
    let g = &games[0];
    assert_eq!(g["id"], json!(id));
    assert_eq!(g["name"], json!("Open table"));
    assert_eq!(g["ruleset"], json!("base"));
    assert_eq!(g["players"], json!(3));
    assert_eq!(g["to_act"], json!("Red"));
    let free: Vec<bool> = g["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["free"].as_bool().unwrap())
        .collect();
    assert_eq!(free, [false, true, false]);
    // Joining a free seat gives its token; the seat is then taken.
    let (s, v) = join(&app, &id, json!({"seat": 1, "name": "Cy"})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let token = v["token"].as_str().unwrap();
    let (_, mine) = json_call(&app, "GET", &format!("/api/games/{id}"), Some(token), None).await;
    assert_eq!(mine["you"], json!(1));
    for (seat, status, says) in [
        (
            1,
            StatusCode::CONFLICT,
            "seat 1 (Blue) is not free: a person took it",
        ),
        (
            2,
            StatusCode::CONFLICT,
            "seat 2 (Green) is a bot's (first): only a person's seat may be taken",
        ),
        (
            0,
            StatusCode::CONFLICT,
            "seat 0 (Red) is not free: a person took it",
        ),
        (7, StatusCode::BAD_REQUEST, "there is no seat 7"),
    ] {
        let (s, v) = join(&app, &id, json!({"seat": seat})).await;
        assert_eq!(s, status, "seat {seat}: {v}");
        assert_eq!(v["error"], json!(says), "seat {seat}");
    }
    let (s, _) = join(&app, &private, json!({"seat": 1})).await;
    assert_eq!(s, StatusCode::FORBIDDEN, "invitations only");
    let (_, lobby) = json_call(&app, "GET", "/api/lobby", None, None).await;
    assert_eq!(lobby["games"], json!([]));
}

#[tokio::test]
async fn the_record_of_an_unfinished_game_is_kept_from_those_it_could_help_cheat() {
    let app = app();
    let (two, t2) = new_game(&app, json!(["person", "person"])).await;
    let (one, t1) = new_game(&app, json!(["person", "first"])).await;
    let rec = |id: &str| format!("/api/games/{id}/record");
    assert_eq!(
        call(&app, "GET", &rec(&two), None, None).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        call(&app, "GET", &rec(&two), t2[0].as_deref(), None)
            .await
            .0,
        StatusCode::CONFLICT
    );
    assert_eq!(
        call(&app, "GET", &rec(&one), None, None).await.0,
        StatusCode::FORBIDDEN
    );
    let (s, text) = call(&app, "GET", &rec(&one), t1[0].as_deref(), None).await;
    assert_eq!(s, StatusCode::OK, "a lone person against bots: {text}");
    assert_eq!(Record::from_json(&text).unwrap().seed, 5);
}

#[tokio::test]
async fn joining_from_the_lobby_gives_a_new_token_and_the_invitation_stops_acting() {
    let store = memory();
    let app = carcassonne_web::router(config(store.clone()));
    let v = create(
        &app,
        json!({"ruleset": 0, "seats": ["person", "person"], "take": [0]}),
    )
    .await;
    let id = v["id"].as_str().unwrap();
    let invitation = v["seats"][1]["token"].as_str().unwrap().to_string();
    let (s, joined) = join(&app, id, json!({"seat": 1, "name": "Cy"})).await;
    assert_eq!(s, StatusCode::OK, "{joined}");
    let token = joined["token"].as_str().unwrap();
    assert_eq!(token.len(), 32);
    assert_ne!(
        token, invitation,
        "the seat's own token, not the invitation's"
    );
    assert_eq!(
        joined["invite"],
        json!(format!("/#game={id}&seat=1&token={token}"))
    );
    let path = format!("/api/games/{id}");
    // The invitation link, opened after Cy joined, neither looks as Blue nor
    // acts for him; on this server and on another one of the same database.
    let other = carcassonne_web::router(config(store));
    for server in [&app, &other] {
        let (_, mine) = json_call(server, "GET", &path, Some(token), None).await;
        assert_eq!(
            (&mine["you"], &mine["seats"][1]["name"]),
            (&json!(1), &json!("Blue (Cy)"))
        );
        for (method, to, body) in [
            ("GET", path.clone(), None),
            ("POST", format!("{path}/seat"), Some(json!({"name": "Eve"}))),
        ] {
            let (s, v) = json_call(server, method, &to, Some(&invitation), body).await;
            assert_eq!(s, StatusCode::FORBIDDEN, "{method} {to}: {v}");
            assert_eq!(
                v["error"],
                json!(format!(
                    "that token is no seat's of game {id} (an invitation stops working once its \
                     seat is taken from the lobby)"
                ))
            );
        }
    }
    let (_, seen) = json_call(&app, "GET", &path, None, None).await;
    assert_eq!(
        seen["seats"][1]["name"],
        json!("Blue (Cy)"),
        "Eve changed nothing"
    );
}

#[tokio::test]
async fn the_bearer_scheme_is_named_in_any_case() {
    let app = app();
    let (id, tokens) = new_game(&app, json!(["person", "person"])).await;
    let blue = tokens[1].clone().unwrap();
    for scheme in ["Bearer", "bearer", "BEARER"] {
        let req = axum::http::Request::builder()
            .uri(format!("/api/games/{id}"))
            .header("authorization", format!("{scheme} {blue}"))
            .body(axum::body::Body::empty())
            .unwrap();
        let resp = tower::ServiceExt::oneshot(app.clone(), req).await.unwrap();
        assert_eq!(resp.status(), StatusCode::OK, "{scheme}");
        let body = http_body_util::BodyExt::collect(resp.into_body())
            .await
            .unwrap()
            .to_bytes();
        let v: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(v["you"], json!(1), "{scheme}");
    }
}

#[tokio::test]
async fn an_action_given_with_its_move_number_is_played_once() {
    // The online audit of 7 December 2026: a retried request (or one from a
    // second device) could only be refused as "not legal now", and where the
    // same text is legal again it would be played again.
    let app = app();
    let (id, t) = new_game(&app, json!(["person", "person"])).await;
    let (red, blue) = (t[0].clone().unwrap(), t[1].clone().unwrap());
    let path = format!("/api/games/{id}");
    let act = format!("{path}/act");
    let (_, v) = json_call(&app, "GET", &path, Some(&red), None).await;
    let mut once = first_place(&v);
    once["moves"] = json!(0);
    let (s, v) = json_call(&app, "POST", &act, Some(&red), Some(once.clone())).await;
    assert_eq!((s, &v["moves"]), (StatusCode::OK, &json!(1)), "{v}");
    // Sent again: the game is at move 1 now.
    let (s, again) = json_call(&app, "POST", &act, Some(&red), Some(once)).await;
    assert_eq!(s, StatusCode::CONFLICT, "{again}");
    assert!(
        again["error"]
            .as_str()
            .unwrap()
            .starts_with("the game is at move 1, not 0"),
        "{again}"
    );
    let (_, after) = json_call(&app, "GET", &path, Some(&red), None).await;
    assert_eq!(after["moves"], json!(1), "nothing played twice");
    // Red's figure step, then Blue's tile at the right move number.
    let (s, v) = json_call(
        &app,
        "POST",
        &act,
        Some(&red),
        Some(json!({"action": "pass", "moves": 1})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (_, v) = json_call(&app, "GET", &path, Some(&blue), None).await;
    let mut next = first_place(&v);
    next["moves"] = v["moves"].clone();
    let (s, v) = json_call(&app, "POST", &act, Some(&blue), Some(next)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

/// A finished game opened from its record, whose person seats `player` holds:
/// its id and its seats' tokens.
async fn finished_game_of_people(app: &axum::Router, player: &str) -> (String, Vec<String>) {
    let (id, _) = new_game(app, json!(["first", "first"])).await;
    follow(app, &id, None, |_| false).await;
    let (_, text) = call(app, "GET", &format!("/api/games/{id}/record"), None, None).await;
    let body = json!({"record": text, "player": player});
    let (s, v) = json_call(app, "POST", "/api/records", None, Some(body)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let tokens = v["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_string())
        .collect();
    (v["id"].as_str().unwrap().to_string(), tokens)
}

#[tokio::test]
async fn the_seats_of_a_finished_game_stay_as_they_were() {
    let app = app();
    let (id, tokens) = finished_game_of_people(&app, "Ann").await;
    let path = format!("/api/games/{id}");
    let (_, record_before) = call(&app, "GET", &format!("{path}/record"), None, None).await;
    let (_, view_before) = json_call(&app, "GET", &path, None, None).await;
    assert_eq!(view_before["over"], json!(true));
    for body in [
        json!({"name": "Renamed", "stand_in": null}),
        json!({"stand_in": "first"}),
        json!({"name": "Renamed"}),
        json!({"auto_pass": true}),
        json!({}),
    ] {
        let (s, v) = json_call(
            &app,
            "POST",
            &format!("{path}/seat"),
            Some(&tokens[0]),
            Some(body.clone()),
        )
        .await;
        assert_eq!(s, StatusCode::CONFLICT, "{body}: {v}");
        assert_eq!(v["error"], json!("the game is over"), "{body}");
    }
    // Without a token: 403 first, as always.
    let (s, _) = call(&app, "POST", &format!("{path}/seat"), None, Some("{}")).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (_, record_after) = call(&app, "GET", &format!("{path}/record"), None, None).await;
    assert_eq!(record_after, record_before);
    assert_eq!(
        Record::from_json(&record_after).unwrap().names,
        ["Ann", "Ann"]
    );
    let (_, view_after) = json_call(&app, "GET", &path, None, None).await;
    assert_eq!(view_after, view_before);
    assert_eq!(view_after["seats"][0]["stand_in"], Value::Null);
}

#[tokio::test]
async fn names_holding_invisible_formatting_characters_are_refused_everywhere() {
    let app = app();
    let refused = |v: &Value| {
        let msg = v["error"].as_str().unwrap_or_default().to_string();
        assert!(
            msg.starts_with("a name may not hold invisible formatting characters"),
            "{msg}"
        );
    };
    // A player's name and a game's, at creation.
    for body in [
        json!({"ruleset": 0, "seats": ["person", "person"], "take": [0], "player": "\u{202E}nnA"}),
        json!({"ruleset": 0, "seats": ["person", "person"], "name": "Club\u{200B}night"}),
        json!({"ruleset": 0, "seats": ["person", "person"], "name": "\u{FEFF}Club"}),
    ] {
        let (s, v) = json_call(&app, "POST", "/api/games", None, Some(body)).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
        refused(&v);
    }
    let (id, tokens) = new_game(&app, json!(["person", "person"])).await;
    // A seat's name, and a name joining from the lobby.
    let (s, v) = json_call(
        &app,
        "POST",
        &format!("/api/games/{id}/seat"),
        tokens[0].as_deref(),
        Some(json!({"name": "Ann\u{2066}"})),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    refused(&v);
    let (s, v) = join(&app, &id, json!({"seat": 1, "name": "C\u{200E}y"})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    refused(&v);
    // Nothing changed; plain names of any script are taken.
    let (_, v) = json_call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(v["seats"][0]["name"], json!("Red"));
    let (s, v) = join(&app, &id, json!({"seat": 1, "name": "Zoë Ана"})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

#[tokio::test]
async fn names_that_show_nothing_pass_for_a_bot_or_another_seat_are_refused() {
    let app = app();
    let (id, tokens) = new_game(&app, json!(["person", "person", "person"])).await;
    let seat = |t: usize, name: &str| {
        let (app, path, token) = (
            app.clone(),
            format!("/api/games/{id}/seat"),
            tokens[t].clone(),
        );
        let body = json!({ "name": name });
        async move { json_call(&app, "POST", &path, token.as_deref(), Some(body)).await }
    };
    let (s, v) = seat(0, "Ann").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    // Invisible characters outside category Cf, spaces alone, a bot's name
    // (the server's bots here are `first` and `last`), another seat's name.
    for (name, says) in [
        (
            "\u{3164}",
            "a name may not hold invisible formatting characters (it holds U+3164)",
        ),
        (
            "Bo\u{034F}b",
            "a name may not hold invisible formatting characters (it holds U+034F)",
        ),
        (
            "Bob\u{FE0F}",
            "a name may not hold invisible formatting characters (it holds U+FE0F)",
        ),
        (
            "\u{2800}",
            "a name may not hold invisible formatting characters (it holds U+2800)",
        ),
        (
            "  ",
            "a name of spaces alone shows nothing: give one that shows, or none",
        ),
        (
            "First",
            "`First` reads as the bot `first`'s name: a person's seat would show as the bot's; \
             choose another name",
        ),
        (
            "last for Ann",
            "`last for Ann` reads as the bot `last`'s name: a person's seat would show as the \
             bot's; choose another name",
        ),
        (
            " ANN ",
            "seat 0 (Red) of this game has the name `ANN` already: choose another",
        ),
    ] {
        let (s, v) = seat(1, name).await;
        let (j, w) = join(&app, &id, json!({"seat": 2, "name": name})).await;
        for (s, v) in [(s, v), (j, w)] {
            assert_eq!(s, StatusCode::BAD_REQUEST, "{name:?}: {v}");
            let error = v["error"].as_str().unwrap();
            assert!(error.starts_with(says), "{name:?}: {error}");
        }
    }
    let (s, v) = json_call(
        &app,
        "POST",
        "/api/games",
        None,
        Some(json!({"ruleset": 0, "seats": ["person", "first"], "take": [0], "player": "first"})),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    // Nothing was taken; a seat names itself again as it is named.
    let (_, v) = json_call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
    let names: Vec<&str> = v["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Red (Ann)", "Blue", "Green"]);
    let (s, v) = seat(0, "Ann").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v) = seat(1, "Bob").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    // A creator taking several seats at one computer names them all.
    let v = create(
        &app,
        json!({"ruleset": 0, "seats": ["person", "person"], "take": [0, 1], "player": "Ann"}),
    )
    .await;
    let (id, red) = (v["id"].as_str().unwrap(), v["seats"][0]["token"].as_str());
    let (s, v) = json_call(
        &app,
        "POST",
        &format!("/api/games/{id}/seat"),
        red,
        Some(json!({"name": "Ann"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "a page opening its seat again: {v}");
}
