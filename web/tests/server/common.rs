//! What the server tests share: base rules, a server on an in-memory or file
//! database, requests with or without a seat's token, the events stream.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use carcassonne_core::{
    Action, CoreOptions, Game, Provenance, Record, Rules, TileCatalogue, TileSetSpec,
};
use carcassonne_web::{BotPlayer, Config, Limits, LoadedRuleset, SqliteStore, Store};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::path::Path;
use std::sync::Arc;
use tower::ServiceExt;

const BASE: &str = include_str!("../../../configs/tilesets/base.toml");

/// A bot that plays the first legal action.
pub struct First;

impl BotPlayer for First {
    fn choose(&mut self, g: &Game) -> Result<Action, String> {
        g.legal_actions()
            .map_err(|e| e.to_string())?
            .first()
            .copied()
            .ok_or_else(|| "no legal action".to_string())
    }
}

/// A bot that plays the last legal action (a figure whenever it can).
pub struct Last;

impl BotPlayer for Last {
    fn choose(&mut self, g: &Game) -> Result<Action, String> {
        g.legal_actions()
            .map_err(|e| e.to_string())?
            .last()
            .copied()
            .ok_or_else(|| "no legal action".to_string())
    }
}

/// The base game with `opts`.
pub fn rules_with(opts: CoreOptions) -> Arc<Rules> {
    let set: TileSetSpec = toml::from_str(BASE).unwrap();
    let tiles = TileCatalogue::build(&[set], "C2").unwrap();
    Arc::new(Rules::new("base", tiles, opts, vec![]).unwrap())
}

/// The base game.
pub fn base_rules() -> Arc<Rules> {
    rules_with(CoreOptions::default())
}

/// The ruleset text of the base game.
pub const BASE_TEXT: &str = "name = \"base\"\ntilesets = [\"base\"]\n";
/// The ruleset text of the base game with one follower each.
pub const ONE_FOLLOWER_TEXT: &str =
    "name = \"one follower\"\ntilesets = [\"base\"]\n[core]\nfollowers = 1\n";

fn ruleset(name: &str, text: &str, rules: Arc<Rules>) -> Arc<LoadedRuleset> {
    Arc::new(LoadedRuleset {
        name: name.into(),
        origin: "test".into(),
        description: String::new(),
        players: 2,
        provenance: Provenance::bare(name, text),
        rules,
        style: Default::default(),
    })
}

/// A server configuration: the base game (ruleset 0) and the base game with
/// one follower each (ruleset 1), the bots `first` and `last`, no bot delay, `store`.
pub fn config(store: Arc<dyn Store>) -> Config {
    Config {
        rulesets: vec![
            ruleset("base", BASE_TEXT, base_rules()),
            ruleset(
                "one follower",
                ONE_FOLLOWER_TEXT,
                rules_with(CoreOptions {
                    followers: 1,
                    ..CoreOptions::default()
                }),
            ),
        ],
        bots: vec!["first".into(), "last".into()],
        make_bot: Arc::new(|name, _| match name {
            "first" => Ok(Box::new(First) as Box<dyn BotPlayer>),
            "last" => Ok(Box::new(Last) as Box<dyn BotPlayer>),
            other => Err(format!("no bot `{other}`")),
        }),
        bot_delay_ms: 0,
        max_games: 10,
        // Every record of these tests is of the base game.
        open_ruleset: Some(Arc::new(|rec: &Record| {
            if !rec.ruleset.contains("tilesets") {
                return Err("not a ruleset".into());
            }
            Ok(ruleset("base", &rec.ruleset, base_rules()))
        })),
        store,
        expire_after: None,
        limits: Limits::default(),
    }
}

/// A server keeping nothing (`:memory:`).
pub fn app() -> axum::Router {
    carcassonne_web::router(config(memory()))
}

/// An in-memory store.
pub fn memory() -> Arc<dyn Store> {
    Arc::new(SqliteStore::open(Path::new(":memory:")).unwrap())
}

/// A request's answer: status and body text.
pub async fn call(
    app: &axum::Router,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> (StatusCode, String) {
    let mut req = Request::builder().method(method).uri(path);
    if body.is_some() {
        req = req.header("content-type", "application/json");
    }
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    let req = req
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8(bytes.to_vec()).unwrap())
}

/// A request whose answer is JSON.
pub async fn json_call(
    app: &axum::Router,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let text = body.map(|b| b.to_string());
    let (s, t) = call(app, method, path, token, text.as_deref()).await;
    (
        s,
        serde_json::from_str(&t).unwrap_or_else(|_| panic!("not JSON ({s}): {t}")),
    )
}

/// A new game from the request `body` → the answer (its id and seats).
pub async fn create(app: &axum::Router, body: Value) -> Value {
    let (s, v) = json_call(app, "POST", "/api/games", None, Some(body)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v
}

/// A new game on ruleset `ruleset` with seed 5 → its id and the seats' tokens.
pub async fn new_game_on(
    app: &axum::Router,
    ruleset: usize,
    seats: Value,
) -> (String, Vec<Option<String>>) {
    let v = create(app, json!({"ruleset": ruleset, "seats": seats, "seed": 5})).await;
    let tokens = v["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().map(str::to_string))
        .collect();
    (v["id"].as_str().unwrap().to_string(), tokens)
}

/// A new base game with seed 5.
pub async fn new_game(app: &axum::Router, seats: Value) -> (String, Vec<Option<String>>) {
    new_game_on(app, 0, seats).await
}

/// The `moves` events of game `id`'s stream (from `after`, if given) until
/// one says the game is over or `stop` says enough; their data.
pub async fn follow(
    app: &axum::Router,
    id: &str,
    after: Option<usize>,
    mut stop: impl FnMut(&Value) -> bool,
) -> Vec<Value> {
    let mut req = Request::builder().uri(format!("/api/games/{id}/events"));
    if let Some(n) = after {
        req = req.header("last-event-id", n.to_string());
    }
    let resp = app
        .clone()
        .oneshot(req.body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    let mut body = resp.into_body();
    let (mut text, mut out) = (String::new(), Vec::new());
    while let Some(frame) = body.frame().await {
        let Ok(data) = frame.unwrap().into_data() else {
            continue;
        };
        text.push_str(std::str::from_utf8(&data).unwrap());
        while let Some(end) = text.find("\n\n") {
            let block: String = text.drain(..end + 2).collect();
            let Some(data) = block.lines().find_map(|l| l.strip_prefix("data: ")) else {
                continue;
            };
            let v: Value = serde_json::from_str(data).unwrap();
            let done = v["over"] == json!(true) || stop(&v);
            out.push(v);
            if done {
                return out;
            }
        }
    }
    panic!("the events stream ended: {out:?}");
}

/// The scores a view shows.
pub fn scores(v: &Value) -> Vec<i64> {
    v["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["score"].as_i64().unwrap())
        .collect()
}
