//! The JSON API as the page uses it: whole games through it, records that
//! replay, and bad requests that get clear errors without touching any game.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use carcassonne_core::{
    Action, Driver, Game, Provenance, Record, Rules, TileCatalogue, TileSetSpec,
};
use carcassonne_web::{BotPlayer, Config, LoadedRuleset};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::sync::Arc;
use tower::ServiceExt;

const BASE: &str = include_str!("../../configs/tilesets/base.toml");

/// A bot that plays the first legal action.
struct First;

impl BotPlayer for First {
    fn choose(&mut self, g: &Game) -> Result<Action, String> {
        g.legal_actions()
            .map_err(|e| e.to_string())?
            .first()
            .copied()
            .ok_or_else(|| "no legal action".to_string())
    }
}

fn base_rules() -> Arc<Rules> {
    let set: TileSetSpec = toml::from_str(BASE).unwrap();
    let tiles = TileCatalogue::build(&[set], "C2").unwrap();
    Arc::new(Rules::new("base", tiles, Default::default(), vec![]).unwrap())
}

fn app(max_games: usize) -> axum::Router {
    let text = "name = \"base\"\ntilesets = [\"base\"]\n".to_string();
    carcassonne_web::router(Config {
        rulesets: vec![Arc::new(LoadedRuleset {
            name: "base".into(),
            origin: "test".into(),
            description: String::new(),
            players: 2,
            provenance: Provenance::bare("base", &text),
            rules: base_rules(),
        })],
        bots: vec!["first".into()],
        make_bot: Arc::new(|name, _| match name {
            "first" => Ok(Box::new(First) as Box<dyn BotPlayer>),
            other => Err(format!("no bot `{other}`")),
        }),
        style: Default::default(),
        bot_delay_ms: 0,
        max_games,
        // Every record of these tests is of the one ruleset.
        open_ruleset: Some(Arc::new(|rec: &Record| {
            if !rec.ruleset.contains("tilesets") {
                return Err("not a ruleset".into());
            }
            Ok(Arc::new(LoadedRuleset {
                name: "base".into(),
                origin: "a record".into(),
                description: String::new(),
                players: 2,
                provenance: Provenance::bare("base", &rec.ruleset),
                rules: base_rules(),
            }))
        })),
    })
}

async fn call(
    app: &axum::Router,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> (StatusCode, String) {
    let mut req = Request::builder().method(method).uri(path);
    if body.is_some() {
        req = req.header("content-type", "application/json");
    }
    let req = req
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8(bytes.to_vec()).unwrap())
}

async fn json_call(
    app: &axum::Router,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let text = body.map(|b| b.to_string());
    let (s, t) = call(app, method, path, text.as_deref()).await;
    (
        s,
        serde_json::from_str(&t).unwrap_or_else(|_| panic!("not JSON: {t}")),
    )
}

async fn new_game(app: &axum::Router, seats: Value) -> String {
    let (s, v) = json_call(
        app,
        "POST",
        "/api/games",
        Some(json!({"ruleset": 0, "seats": seats, "seed": 5})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v["id"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn bots_play_a_whole_game_whose_record_replays() {
    let app = app(10);
    let (s, page) = call(&app, "GET", "/", None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("/app.js"));
    let id = new_game(&app, json!(["first", "first"])).await;
    let mut moves = 0;
    loop {
        let (s, v) = json_call(&app, "POST", &format!("/api/games/{id}/bot"), None).await;
        if v["over"] == json!(true) || s == StatusCode::CONFLICT {
            break;
        }
        assert_eq!(s, StatusCode::OK, "{v}");
        moves += 1;
        assert!(moves < 1000, "the game does not end");
    }
    let (_, v) = json_call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(v["over"], json!(true));
    let shown: Vec<i32> = v["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["score"].as_i64().unwrap() as i32)
        .collect();
    let (s, text) = call(&app, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(s, StatusCode::OK);
    let rec = Record::from_json(&text).unwrap();
    let mut g = Game::new(base_rules(), rec.players, rec.seed).unwrap();
    Driver::new(&rec.forced)
        .replay(&mut g, &rec.actions)
        .unwrap();
    assert_eq!(g.scores(), shown.as_slice());
    // Every turn can be viewed; past the last is a 404.
    let turns = v["turns"].as_u64().unwrap();
    assert_eq!(turns, u64::from(g.turn()) + 1);
    let (s, svg) = call(&app, "GET", &format!("/api/games/{id}/turns/3"), None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(svg.matches("class=\"tile\"").count(), 4);
    let (s, _) = call(&app, "GET", &format!("/api/games/{id}/turns/{turns}"), None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn bad_requests_get_clear_errors_and_change_no_game() {
    let app = app(10);
    let a = new_game(&app, json!(["person", "first"])).await;
    let b = new_game(&app, json!(["person", "first"])).await;
    let (_, before_a) = json_call(&app, "GET", &format!("/api/games/{a}"), None).await;
    let (_, before_b) = json_call(&app, "GET", &format!("/api/games/{b}"), None).await;
    assert_eq!(before_a["person_to_act"], json!(true));
    let cases: Vec<(&str, String, Option<Value>, StatusCode, &str)> = vec![
        (
            "POST",
            format!("/api/games/{a}/act"),
            Some(json!({"action": "place 40 40 0"})),
            StatusCode::BAD_REQUEST,
            "not legal",
        ),
        (
            "POST",
            format!("/api/games/{a}/act"),
            Some(json!({"action": "fly away"})),
            StatusCode::BAD_REQUEST,
            "fly",
        ),
        (
            "POST",
            format!("/api/games/{a}/act"),
            Some(json!({"move": 1})),
            StatusCode::BAD_REQUEST,
            "move",
        ),
        (
            "POST",
            format!("/api/games/{a}/bot"),
            None,
            StatusCode::CONFLICT,
            "person",
        ),
        (
            "GET",
            "/api/games/nope".to_string(),
            None,
            StatusCode::NOT_FOUND,
            "no game",
        ),
        (
            "GET",
            format!("/api/games/{a}/turns/x"),
            None,
            StatusCode::BAD_REQUEST,
            "",
        ),
        (
            "POST",
            "/api/games".to_string(),
            Some(json!({"ruleset": 3, "seats": ["person", "first"]})),
            StatusCode::BAD_REQUEST,
            "ruleset 3",
        ),
        (
            "POST",
            "/api/games".to_string(),
            Some(json!({"ruleset": 0, "seats": ["person", "wizard"]})),
            StatusCode::BAD_REQUEST,
            "wizard",
        ),
        (
            "POST",
            "/api/games".to_string(),
            Some(json!({"ruleset": 0, "seats": ["person"]})),
            StatusCode::BAD_REQUEST,
            "2 to 6",
        ),
        (
            "GET",
            "/nothing/here".to_string(),
            None,
            StatusCode::NOT_FOUND,
            "no such page",
        ),
    ];
    for (method, path, body, status, needle) in cases {
        let (s, v) = json_call(&app, method, &path, body).await;
        assert_eq!(s, status, "{method} {path}: {v}");
        let msg = v["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error message: {v}"));
        assert!(
            msg.contains(needle),
            "{method} {path}: `{msg}` lacks `{needle}`"
        );
    }
    let (_, after_a) = json_call(&app, "GET", &format!("/api/games/{a}"), None).await;
    let (_, after_b) = json_call(&app, "GET", &format!("/api/games/{b}"), None).await;
    assert_eq!(before_a, after_a);
    assert_eq!(before_b, after_b);
    // A legal action in one game leaves the other alone.
    let spot = &after_a["placements"][0];
    let action = format!("place {} {} {}", spot["x"], spot["y"], spot["rots"][0]);
    let (s, v) = json_call(
        &app,
        "POST",
        &format!("/api/games/{a}/act"),
        Some(json!({"action": action})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_ne!(v["board"], before_a["board"]);
    let (_, again_b) = json_call(&app, "GET", &format!("/api/games/{b}"), None).await;
    assert_eq!(before_b, again_b);
}

#[tokio::test]
async fn the_least_recently_used_game_is_dropped_beyond_the_limit() {
    let app = app(2);
    let a = new_game(&app, json!(["first", "first"])).await;
    let b = new_game(&app, json!(["first", "first"])).await;
    // Touch `a`, so `b` is the least recently used.
    let (s, _) = call(&app, "GET", &format!("/api/games/{a}"), None).await;
    assert_eq!(s, StatusCode::OK);
    let c = new_game(&app, json!(["first", "first"])).await;
    for (id, want) in [
        (a, StatusCode::OK),
        (b, StatusCode::NOT_FOUND),
        (c, StatusCode::OK),
    ] {
        let (s, _) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(s, want);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_played_at_once_stay_apart_and_each_replays_alone() {
    let app = app(10);
    let mut ids = Vec::new();
    for seed in 0..4u64 {
        let (s, v) = json_call(
            &app,
            "POST",
            "/api/games",
            Some(json!({"ruleset": 0, "seats": ["first", "first", "first"], "seed": seed})),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        ids.push(v["id"].as_str().unwrap().to_string());
    }
    // Every game is driven by two tasks at once, racing for its moves.
    let mut tasks = Vec::new();
    for id in &ids {
        for _ in 0..2 {
            let (app, id) = (app.clone(), id.clone());
            tasks.push(tokio::spawn(async move {
                for _ in 0..1000 {
                    let (s, v) =
                        json_call(&app, "POST", &format!("/api/games/{id}/bot"), None).await;
                    if s == StatusCode::CONFLICT {
                        assert!(v["error"].as_str().unwrap().contains("over"), "{v}");
                        return;
                    }
                    assert_eq!(s, StatusCode::OK, "{v}");
                }
                panic!("the game does not end");
            }));
        }
    }
    for t in tasks {
        t.await.unwrap();
    }
    for (seed, id) in ids.iter().enumerate() {
        let (_, text) = call(&app, "GET", &format!("/api/games/{id}/record"), None).await;
        let rec = Record::from_json(&text).unwrap();
        assert_eq!(rec.seed, seed as u64);
        let mut g = Game::new(base_rules(), 3, rec.seed).unwrap();
        Driver::new(&rec.forced)
            .replay(&mut g, &rec.actions)
            .unwrap();
        assert_eq!(Some(g.scores().to_vec()), rec.scores, "game {seed}");
        // The same seed and bots alone give the same game.
        let mut alone = Game::new(base_rules(), 3, seed as u64).unwrap();
        let mut bot = First;
        loop {
            match alone.actor() {
                carcassonne_core::Actor::GameOver => break,
                carcassonne_core::Actor::Chance => {
                    alone.sample_chance().unwrap();
                }
                carcassonne_core::Actor::Player(_) => {
                    let a = bot.choose(&alone).unwrap();
                    alone.apply(a).unwrap();
                }
            }
        }
        assert_eq!(alone.scores(), g.scores(), "game {seed}");
    }
}

#[tokio::test]
async fn a_record_opens_to_view_or_to_play_on() {
    let app = app(10);
    let id = new_game(&app, json!(["first", "first"])).await;
    loop {
        let (s, _) = json_call(&app, "POST", &format!("/api/games/{id}/bot"), None).await;
        if s != StatusCode::OK {
            break;
        }
    }
    let (_, finished) = json_call(&app, "GET", &format!("/api/games/{id}"), None).await;
    let (_, text) = call(&app, "GET", &format!("/api/games/{id}/record"), None).await;
    // The whole record: the same finished game, viewable turn by turn.
    let (s, v) = json_call(
        &app,
        "POST",
        "/api/records",
        Some(json!({ "record": text })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (_, opened) = json_call(
        &app,
        "GET",
        &format!("/api/games/{}", v["id"].as_str().unwrap()),
        None,
    )
    .await;
    assert_eq!(opened["over"], json!(true));
    assert_eq!(opened["turns"], finished["turns"]);
    let scores = |v: &Value| {
        v["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["score"].clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(scores(&opened), scores(&finished));
    // The first ten actions: people play on from there.
    let mut rec = Record::from_json(&text).unwrap();
    rec.actions.truncate(10);
    rec.scores = None;
    let (s, v) = json_call(
        &app,
        "POST",
        "/api/records",
        Some(json!({ "record": rec.to_json() })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (_, part) = json_call(
        &app,
        "GET",
        &format!("/api/games/{}", v["id"].as_str().unwrap()),
        None,
    )
    .await;
    assert_eq!(part["over"], json!(false));
    assert_eq!(part["person_to_act"], json!(true));
    // Damaged records are refused clearly.
    let mut wrong = Record::from_json(&text).unwrap();
    wrong.actions[3] = "place 99 99 0".into();
    let mut scores_off = Record::from_json(&text).unwrap();
    scores_off.scores = Some(vec![1, 2]);
    for (body, needle) in [
        (json!({ "record": "{" }), "not a game record"),
        (json!({ "record": wrong.to_json() }), "record action 4"),
        (
            json!({ "record": scores_off.to_json() }),
            "the record says the scores are [1, 2]",
        ),
        (
            json!({ "record": text, "seats": ["person"] }),
            "the record has 2 players",
        ),
    ] {
        let (s, v) = json_call(&app, "POST", "/api/records", Some(body)).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
        let msg = v["error"].as_str().unwrap();
        assert!(msg.contains(needle), "`{msg}` lacks `{needle}`");
    }
}

/// `GET /api/setup` with `host` in the `Host` header (none: no header).
async fn setup_as(app: &axum::Router, host: Option<&str>) -> StatusCode {
    let mut req = Request::builder().uri("/api/setup");
    if let Some(h) = host {
        req = req.header("host", h);
    }
    let req = req.body(Body::empty()).unwrap();
    app.clone().oneshot(req).await.unwrap().status()
}

#[tokio::test]
async fn only_allowed_host_names_are_answered() {
    // Issue 26: without a `Host` check a page of another site reaches a
    // server on 127.0.0.1 through DNS rebinding.
    let app = carcassonne_web::net::check_host(app(2), &["Games.example.org".into()]);
    for host in [
        "127.0.0.1:8080",
        "localhost:8080",
        "[::1]:80",
        "10.0.0.7",
        "games.example.org:8080",
    ] {
        assert_eq!(setup_as(&app, Some(host)).await, StatusCode::OK, "{host}");
    }
    for host in ["rebound.example.com:8080", "localhost.example.com"] {
        assert_eq!(
            setup_as(&app, Some(host)).await,
            StatusCode::FORBIDDEN,
            "{host}"
        );
    }
    assert_eq!(setup_as(&app, None).await, StatusCode::BAD_REQUEST);
}
