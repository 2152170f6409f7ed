//! Safe defaults: capped bodies, games created per address and minute, and
//! every error a JSON error with a 4xx status that changes nothing.

use crate::common::*;
use axum::body::Body;
use axum::extract::connect_info::ConnectInfo;
use axum::http::{Request, StatusCode};
use carcassonne_web::Limits;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::net::SocketAddr;
use tower::ServiceExt;

fn limited(limits: Limits) -> axum::Router {
    carcassonne_web::router(carcassonne_web::Config {
        limits,
        ..config(memory())
    })
}

/// Creates a game from client address `ip`.
async fn create_from(app: &axum::Router, ip: &str) -> StatusCode {
    let mut req = Request::builder()
        .method("POST")
        .uri("/api/games")
        .header("content-type", "application/json")
        .body(Body::from(
            json!({"ruleset": 0, "seats": ["first", "person"]}).to_string(),
        ))
        .unwrap();
    let addr: SocketAddr = format!("{ip}:4000").parse().unwrap();
    req.extensions_mut().insert(ConnectInfo(addr));
    let resp = app.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let body = resp.into_body().collect().await.unwrap().to_bytes();
    let v: Value = serde_json::from_slice(&body).unwrap();
    if status != StatusCode::OK {
        assert!(v["error"].as_str().unwrap().contains("a minute"), "{v}");
    }
    status
}

#[tokio::test]
async fn each_address_may_create_only_so_many_games_a_minute() {
    let app = limited(Limits {
        games_per_minute: 2,
        ..Limits::default()
    });
    assert_eq!(create_from(&app, "10.1.1.1").await, StatusCode::OK);
    assert_eq!(create_from(&app, "10.1.1.1").await, StatusCode::OK);
    assert_eq!(
        create_from(&app, "10.1.1.1").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(
        create_from(&app, "10.2.2.2").await,
        StatusCode::OK,
        "another address"
    );
}

#[tokio::test]
async fn bodies_and_uploaded_records_are_capped() {
    let app = limited(Limits {
        body_bytes: 1_000,
        record_bytes: 20_000,
        ..Limits::default()
    });
    let (id, _) = new_game(&app, json!(["first", "first"])).await;
    follow(&app, &id, None, |_| false).await;
    let (_, text) = call(&app, "GET", &format!("/api/games/{id}/record"), None, None).await;
    assert!(text.len() > 1_000 && text.len() < 15_000, "{}", text.len());
    // A record is larger than other bodies may be, up to its own cap.
    let (s, v) = json_call(
        &app,
        "POST",
        "/api/records",
        None,
        Some(json!({"record": text})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let padded = format!("{text}{}", " ".repeat(20_000));
    let (s, v) = json_call(
        &app,
        "POST",
        "/api/records",
        None,
        Some(json!({"record": padded})),
    )
    .await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    assert!(v["error"].as_str().unwrap().contains("20000 bytes"), "{v}");
    let big = json!({"ruleset": 0, "seats": ["first", "first"], "name": "x".repeat(2_000)});
    let (s, v) = json_call(&app, "POST", "/api/games", None, Some(big)).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    // Too large, and said so alone (an unreadable body gets 400: network.rs).
    assert_eq!(
        v["error"],
        json!("the request body is larger than 1000 bytes"),
        "{v}"
    );
}

#[tokio::test]
async fn every_error_is_json_with_a_4xx_status_and_changes_nothing() {
    let app = app();
    let (a, ta) = new_game(&app, json!(["person", "first"])).await;
    let (b, _) = new_game(&app, json!(["person", "first"])).await;
    let red = ta[0].clone().unwrap();
    let (_, before_a) = json_call(&app, "GET", &format!("/api/games/{a}"), Some(&red), None).await;
    let (_, before_b) = json_call(&app, "GET", &format!("/api/games/{b}"), None, None).await;
    assert_eq!(before_a["your_turn"], json!(true));
    let act = format!("/api/games/{a}/act");
    /// Method, path, token, body, status, a piece of the message.
    type Case<'a> = (
        &'a str,
        String,
        Option<&'a str>,
        Option<&'a str>,
        StatusCode,
        &'a str,
    );
    let cases: Vec<Case> = vec![
        (
            "POST",
            act.clone(),
            Some(&red),
            Some(r#"{"action": "place 40 40 0"}"#),
            StatusCode::BAD_REQUEST,
            "not legal",
        ),
        (
            "POST",
            act.clone(),
            Some(&red),
            Some(r#"{"action": "fly away"}"#),
            StatusCode::BAD_REQUEST,
            "fly",
        ),
        (
            "POST",
            act.clone(),
            Some(&red),
            Some(r#"{"move": 1}"#),
            StatusCode::BAD_REQUEST,
            "move",
        ),
        (
            "POST",
            act.clone(),
            Some(&red),
            Some("not json"),
            StatusCode::BAD_REQUEST,
            "request body",
        ),
        (
            "GET",
            act.clone(),
            Some(&red),
            None,
            StatusCode::METHOD_NOT_ALLOWED,
            "method not allowed",
        ),
        (
            "GET",
            "/api/games/nope".into(),
            None,
            None,
            StatusCode::NOT_FOUND,
            "no game",
        ),
        (
            "GET",
            format!("/api/games/{a}/turns/x"),
            None,
            None,
            StatusCode::BAD_REQUEST,
            "",
        ),
        (
            "GET",
            format!("/api/games/{a}/events?after=x"),
            None,
            None,
            StatusCode::BAD_REQUEST,
            "",
        ),
        (
            "POST",
            "/api/games".into(),
            None,
            Some(r#"{"ruleset": 3, "seats": ["person", "first"]}"#),
            StatusCode::BAD_REQUEST,
            "ruleset 3",
        ),
        (
            "POST",
            "/api/games".into(),
            None,
            Some(r#"{"ruleset": 0, "seats": ["person", "wizard"]}"#),
            StatusCode::BAD_REQUEST,
            "wizard",
        ),
        (
            "POST",
            "/api/games".into(),
            None,
            Some(r#"{"ruleset": 0, "seats": ["person"]}"#),
            StatusCode::BAD_REQUEST,
            "2 to 6",
        ),
        (
            "POST",
            "/api/games".into(),
            None,
            Some(r#"{"ruleset": 0, "seats": ["first", "first"], "take": [0]}"#),
            StatusCode::BAD_REQUEST,
            "bot",
        ),
        (
            "POST",
            "/api/games".into(),
            None,
            Some(r#"{"ruleset": 0, "seats": ["person", "person"], "take": [0, 1, 0]}"#),
            StatusCode::BAD_REQUEST,
            "take: seat 0 is listed twice",
        ),
        (
            "POST",
            "/api/games".into(),
            None,
            Some(r#"{"ruleset": 0, "seats": ["person", "person"], "player": "a\u0007"}"#),
            StatusCode::BAD_REQUEST,
            "control",
        ),
        (
            "GET",
            "/nothing/here".into(),
            None,
            None,
            StatusCode::NOT_FOUND,
            "no such page",
        ),
    ];
    for (method, path, token, body, status, needle) in cases {
        let (s, text) = call(&app, method, &path, token, body).await;
        assert_eq!(s, status, "{method} {path}: {text}");
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"));
        let msg = v["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error message: {v}"));
        assert!(
            msg.to_lowercase().contains(needle),
            "{method} {path}: `{msg}` lacks `{needle}`"
        );
    }
    let (_, after_a) = json_call(&app, "GET", &format!("/api/games/{a}"), Some(&red), None).await;
    let (_, after_b) = json_call(&app, "GET", &format!("/api/games/{b}"), None, None).await;
    assert_eq!(before_a, after_a);
    assert_eq!(before_b, after_b);
    let (_, lobby) = json_call(&app, "GET", "/api/lobby", None, None).await;
    assert_eq!(
        lobby["games"].as_array().unwrap().len(),
        2,
        "no game was created"
    );
}

/// `GET path` with `host` in the `Host` header (none: no header) → status.
async fn get_as(app: &axum::Router, path: &str, host: Option<&str>) -> StatusCode {
    let mut req = Request::builder().uri(path);
    if let Some(h) = host {
        req = req.header("host", h);
    }
    let req = req.body(Body::empty()).unwrap();
    app.clone().oneshot(req).await.unwrap().status()
}

#[tokio::test]
async fn only_allowed_host_names_are_answered_on_every_route() {
    // Issue 26: without a `Host` check a page of another site reaches a
    // server on 127.0.0.1 through DNS rebinding. The events stream and the
    // seats' requests are checked as every other route.
    let app = carcassonne_web::net::check_host(
        carcassonne_web::router(config(memory())),
        &["Games.example.org".into()],
    );
    let v = {
        let mut req = Request::builder()
            .method("POST")
            .uri("/api/games")
            .header("host", "127.0.0.1:8080")
            .header("content-type", "application/json")
            .body(Body::from(
                json!({"ruleset": 0, "seats": ["person", "first"]}).to_string(),
            ))
            .unwrap();
        req.extensions_mut()
            .insert(ConnectInfo("127.0.0.1:4000".parse::<SocketAddr>().unwrap()));
        let resp = app.clone().oneshot(req).await.unwrap();
        assert_eq!(resp.status(), StatusCode::OK);
        let body = resp.into_body().collect().await.unwrap().to_bytes();
        serde_json::from_slice::<Value>(&body).unwrap()
    };
    let id = v["id"].as_str().unwrap();
    let paths = [
        "/".to_string(),
        "/api/setup".into(),
        "/api/lobby".into(),
        format!("/api/games/{id}"),
        format!("/api/games/{id}/events"),
    ];
    for path in &paths {
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "[::1]:80",
            "10.0.0.7",
            "games.example.org:8080",
        ] {
            assert_eq!(
                get_as(&app, path, Some(host)).await,
                StatusCode::OK,
                "{path} {host}"
            );
        }
        for host in ["rebound.example.com:8080", "localhost.example.com"] {
            assert_eq!(
                get_as(&app, path, Some(host)).await,
                StatusCode::FORBIDDEN,
                "{path} {host}"
            );
        }
        assert_eq!(
            get_as(&app, path, None).await,
            StatusCode::BAD_REQUEST,
            "{path}"
        );
    }
}

#[tokio::test]
async fn a_missing_game_is_named_in_at_most_32_characters() {
    let app = app();
    let long = "x".repeat(5_000);
    for (id, shown) in [
        (long.as_str(), format!("{}…", "x".repeat(32))),
        ("a%0Ab", "a\\nb".to_string()),
        ("abc", "abc".to_string()),
    ] {
        for path in [
            format!("/api/games/{id}"),
            format!("/api/games/{id}/events"),
        ] {
            let (s, v) = json_call(&app, "GET", &path, None, None).await;
            assert_eq!(s, StatusCode::NOT_FOUND, "{v}");
            assert_eq!(
                v["error"],
                json!(format!(
                    "no game `{shown}` on this server (the link may be incomplete, or the game \
                     has expired)"
                ))
            );
        }
    }
}

/// `method uri` with `headers` → status and the JSON answer.
async fn call_json(
    app: &axum::Router,
    method: &str,
    uri: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (StatusCode, Value) {
    let mut req = Request::builder().method(method).uri(uri);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let mut req = req.body(Body::from(body.to_string())).unwrap();
    req.extensions_mut()
        .insert(ConnectInfo("127.0.0.1:4000".parse::<SocketAddr>().unwrap()));
    let resp = app.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let body = resp.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

/// [`call_json`] → status and the error, if any.
async fn call_with(
    app: &axum::Router,
    method: &str,
    uri: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (StatusCode, String) {
    let (status, v) = call_json(app, method, uri, headers, body).await;
    let error = v["error"].as_str().unwrap_or_default().to_string();
    (status, error)
}

#[tokio::test]
async fn a_page_of_another_site_cannot_change_anything() {
    // The online audit: a foreign page's `text/plain` POST created a game
    // through the player's browser (no permission of the server is needed
    // for it); a second `Host` header and a host named in the target were
    // not looked at.
    let app = carcassonne_web::net::check_host(carcassonne_web::router(config(memory())), &[]);
    let create = json!({"ruleset": 0, "seats": ["person", "first"]}).to_string();
    let host = ("host", "127.0.0.1:8080");
    let (status, error) = call_with(
        &app,
        "POST",
        "/api/games",
        &[
            host,
            ("origin", "http://evil.example"),
            ("content-type", "text/plain"),
        ],
        &create,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        error,
        "a page of another site (`http://evil.example`) may not change anything here"
    );
    let (_, lobby) = call_json(&app, "GET", "/api/lobby", &[host], "").await;
    assert_eq!(
        lobby["games"].as_array().unwrap().len(),
        0,
        "no game was created"
    );
    // Its own page, and programs (no `Origin`), may.
    for headers in [vec![host, ("origin", "http://127.0.0.1:8080")], vec![host]] {
        let (status, error) = call_with(&app, "POST", "/api/games", &headers, &create).await;
        assert_eq!(status, StatusCode::OK, "{headers:?}: {error}");
    }
    // Reading is no change: another site's page may look (as it could embed it).
    let (status, _) = call_with(
        &app,
        "GET",
        "/api/lobby",
        &[host, ("origin", "http://evil.example")],
        "",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // Two `Host` headers; a foreign host named in the target.
    let (status, error) = call_with(
        &app,
        "GET",
        "/api/lobby",
        &[host, ("host", "evil.example")],
        "",
    )
    .await;
    assert_eq!(
        (status, error.as_str()),
        (
            StatusCode::BAD_REQUEST,
            "the request has more than one Host header"
        )
    );
    let (status, _) = call_with(&app, "GET", "http://evil.example/api/lobby", &[host], "").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = call_with(&app, "GET", "http://127.0.0.1:8080/api/lobby", &[host], "").await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn the_database_keeps_at_most_so_many_games() {
    // The audit: games opened from records, each with up to 1 MiB of
    // ruleset, and finished games kept for ever, filled the disk.
    let open = app();
    let (done, _) = new_game(&open, json!(["first", "first"])).await;
    follow(&open, &done, None, |_| false).await;
    let (_, record) = call(
        &open,
        "GET",
        &format!("/api/games/{done}/record"),
        None,
        None,
    )
    .await;
    let app = limited(Limits {
        stored_games: 2,
        ..Limits::default()
    });
    new_game(&app, json!(["person", "first"])).await;
    let (s, v) = json_call(
        &app,
        "POST",
        "/api/records",
        None,
        Some(json!({"record": record})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let full = "this server keeps at most 2 games and keeps that many now: no game can be \
                created or opened until older ones expire (its operator raises the limit with \
                `carcassonne serve --max-stored-games N`, or lets finished games expire with \
                `--keep-finished-days N`)";
    for (path, body) in [
        (
            "/api/games",
            json!({"ruleset": 0, "seats": ["person", "first"]}),
        ),
        ("/api/records", json!({"record": record})),
    ] {
        let (s, v) = json_call(&app, "POST", path, None, Some(body)).await;
        assert_eq!(s, StatusCode::INSUFFICIENT_STORAGE, "{path}: {v}");
        assert_eq!(v["error"], json!(full), "{path}");
    }
    let (_, lobby) = json_call(&app, "GET", "/api/lobby", None, None).await;
    assert_eq!(lobby["games"].as_array().unwrap().len(), 1, "{lobby}");
}

#[tokio::test]
async fn a_last_event_id_that_is_no_number_is_refused_as_after_is() {
    // The audit: `Last-Event-ID: abc` or `-1` was read as "now", while
    // `?after=abc` got 400.
    let app = app();
    let (id, _) = new_game(&app, json!(["person", "person"])).await;
    let events = format!("/api/games/{id}/events");
    for (header, query, says) in [
        (Some("abc"), "", "`Last-Event-ID` is the number of moves the page saw (a whole number from 0), not `abc`"),
        (Some("-1"), "", "`Last-Event-ID` is the number of moves the page saw (a whole number from 0), not `-1`"),
        (None, "?after=abc", "`after` is the number of moves the page saw (a whole number from 0), not `abc`"),
        (None, "?after=-1", "`after` is the number of moves the page saw (a whole number from 0), not `-1`"),
    ] {
        let headers: Vec<(&str, &str)> = header.map(|h| ("last-event-id", h)).into_iter().collect();
        let (s, error) = call_with(&app, "GET", &format!("{events}{query}"), &headers, "").await;
        assert_eq!((s, error.as_str()), (StatusCode::BAD_REQUEST, says), "{header:?} {query}");
    }
    // A number, or an empty header (none, as browsers mean it), follows.
    let long = "9".repeat(200);
    let (s, error) = call_with(&app, "GET", &events, &[("last-event-id", &long)], "").await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(
        error.ends_with(&format!("not `{}…`", "9".repeat(80))),
        "{error}"
    );
    for header in ["0", " ", "12"] {
        let mut req = Request::builder()
            .uri(&events)
            .header("last-event-id", header)
            .body(Body::empty())
            .unwrap();
        req.extensions_mut()
            .insert(ConnectInfo("127.0.0.1:4000".parse::<SocketAddr>().unwrap()));
        let resp = app.clone().oneshot(req).await.unwrap();
        assert_eq!(resp.status(), StatusCode::OK, "{header:?}");
    }
}

#[tokio::test]
async fn errors_echo_at_most_80_characters_of_what_the_client_sent() {
    // The audit: a 16 KB action came back whole in its error.
    let app = app();
    let (id, tokens) = new_game(&app, json!(["person", "first"])).await;
    let red = tokens[0].as_deref();
    let long = "x".repeat(16_000);
    // A record whose first action is the long text.
    let record = json!({
        "format": carcassonne_core::record::RECORD_FORMAT, "ruleset_name": "base",
        "ruleset": BASE_TEXT, "players": 2, "seed": 1, "actions": [long],
    })
    .to_string();
    let cases = [
        (
            format!("/api/games/{id}/act"),
            red,
            json!({"action": format!("place 0 0 0 {long}")}),
        ),
        (format!("/api/games/{id}/act"), red, json!({"action": long})),
        (
            format!("/api/games/{id}/act"),
            red,
            json!({"action": "pass", long.clone(): 1}),
        ),
        (
            format!("/api/games/{id}/seat"),
            red,
            json!({"stand_in": long}),
        ),
        (
            format!("/api/games/{id}/seat"),
            red,
            json!({"stand_in": [long]}),
        ),
        (
            "/api/games".into(),
            None,
            json!({"ruleset": long, "seats": ["first", "first"]}),
        ),
        (
            "/api/games".into(),
            None,
            json!({"ruleset": 0, "seats": [long, "first"]}),
        ),
        (
            "/api/games".into(),
            None,
            json!({"ruleset": 0, "seats": ["first", "first"], "seed": long}),
        ),
        (
            "/api/games".into(),
            None,
            json!({"ruleset": 0, "seats": ["first", "first"], long.clone(): 1}),
        ),
        ("/api/records".into(), None, json!({"record": record})),
    ];
    let limited = limited(Limits {
        body_bytes: 64 * 1024,
        ..Limits::default()
    });
    for (path, token, body) in cases {
        let app = if path.ends_with("/act") || path.ends_with("/seat") {
            &app
        } else {
            &limited
        };
        let (s, v) = json_call(app, "POST", &path, token, Some(body.clone())).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{path}: {v}");
        let msg = v["error"].as_str().unwrap();
        assert!(
            msg.chars().count() < 400,
            "{path}: {} characters: {msg}",
            msg.len()
        );
        assert!(msg.contains("xxxxxxxxxx…"), "{path}: {msg}");
    }
}

#[tokio::test]
async fn a_player_named_without_seats_to_take_is_refused() {
    // The audit: `"player"` without `"take"` was dropped without a word.
    let app = app();
    for body in [
        json!({"ruleset": 0, "seats": ["person", "first"], "player": "Ann"}),
        json!({"ruleset": 0, "seats": ["person", "first"], "player": "Ann", "take": []}),
    ] {
        let (s, v) = json_call(&app, "POST", "/api/games", None, Some(body)).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
        assert_eq!(
            v["error"],
            json!(
                "`player` names the creator on the seats he takes, and `take` takes none: \
                   give them (`\"take\": [0]`), or leave `player` out"
            )
        );
    }
    let (_, lobby) = json_call(&app, "GET", "/api/lobby", None, None).await;
    assert_eq!(lobby["games"], json!([]), "no game was created");
}
