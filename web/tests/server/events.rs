//! Push, not poll: the events stream of a game, and catching up after a
//! lost connection.

use crate::common::*;
use axum::http::StatusCode;
use serde_json::{json, Value};

#[tokio::test]
async fn a_page_that_reconnects_catches_up_from_the_move_it_saw_last() {
    let app = app();
    let (id, tokens) = new_game(&app, json!(["person", "first"])).await;
    let red = tokens[0].clone().unwrap();
    let path = format!("/api/games/{id}");
    // Connected before any move: told where the game stands.
    let first = follow(&app, &id, None, |_| true).await;
    assert_eq!(first[0]["moves"], json!(0));
    assert_eq!(first[0]["actions"], json!([]));
    // Red places and passes; the bot answers. Moves arrive as they are played.
    let mut played: Vec<String> = Vec::new();
    for _ in 0..2 {
        let (_, v) = json_call(&app, "GET", &path, Some(&red), None).await;
        let action = if v["placements"].as_array().unwrap().is_empty() {
            v["choices"][0]["text"].as_str().unwrap().to_string()
        } else {
            let s = &v["placements"][0];
            format!("place {} {} {}", s["x"], s["y"], s["rots"][0])
        };
        let (s, v) = json_call(
            &app,
            "POST",
            &format!("{path}/act"),
            Some(&red),
            Some(json!({"action": action})),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        played.push(action);
    }
    let seen = follow(&app, &id, Some(0), |e| e["moves"].as_u64() >= Some(4)).await;
    let all: Vec<Value> = seen
        .iter()
        .flat_map(|e| e["actions"].as_array().unwrap().clone())
        .collect();
    assert_eq!(
        all.len() as u64,
        seen.last().unwrap()["moves"].as_u64().unwrap(),
        "{seen:?}"
    );
    assert_eq!(all[..2], [json!(played[0]), json!(played[1])]);
    // A page that saw 2 moves gets the rest, and only those, at once.
    let caught = follow(&app, &id, Some(2), |_| true).await;
    assert_eq!(caught[0]["from"], json!(2));
    let moves = caught[0]["moves"].as_u64().unwrap() as usize;
    assert_eq!(caught[0]["actions"].as_array().unwrap().len(), moves - 2);
    assert_eq!(caught[0]["actions"].as_array().unwrap()[..], all[2..moves]);
}

#[tokio::test]
async fn the_stream_leaves_a_query_parameter_it_does_not_know_alone() {
    // The online audit of 7 December 2026: a cache-busting `?_=…` (added by
    // proxies and event-source polyfills) got 400 and the page no updates.
    use axum::body::Body;
    use axum::http::Request;
    use tower::ServiceExt;
    let app = app();
    let (id, _) = new_game(&app, json!(["person", "first"])).await;
    for (query, status) in [
        ("?_=1796635424", StatusCode::OK),
        ("?after=0&_=1796635424", StatusCode::OK),
        ("?after=x&_=1", StatusCode::BAD_REQUEST),
    ] {
        let req = Request::builder()
            .uri(format!("/api/games/{id}/events{query}"))
            .body(Body::empty())
            .unwrap();
        let resp = app.clone().oneshot(req).await.unwrap();
        assert_eq!(resp.status(), status, "{query}");
    }
}

#[tokio::test]
async fn a_seat_taken_or_named_is_announced_without_a_move() {
    // The UI audit of 7 December 2026: a page saw a friend take his seat only
    // at the next move.
    let app = app();
    let (id, tokens) = new_game(&app, json!(["person", "person"])).await;
    let first = follow(&app, &id, None, |_| true).await;
    let key = first[0]["seats"].as_str().unwrap().to_string();
    assert_eq!(key.len(), 16, "{key}");
    // Blue opens his invitation under a name (his seat's settings).
    let blue = tokens[1].clone().unwrap();
    let (s, v) = json_call(
        &app,
        "POST",
        &format!("/api/games/{id}/seat"),
        Some(&blue),
        Some(json!({"name": "Bob"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let after = follow(&app, &id, Some(0), |_| true).await;
    assert_eq!(after[0]["moves"], json!(0), "no move was played");
    assert_ne!(after[0]["seats"], json!(key), "the seats changed");
    // The same seats give the same key.
    let again = follow(&app, &id, None, |_| true).await;
    assert_eq!(again[0]["seats"], after[0]["seats"]);
}
