//! What the server tests share: base rules, a server on an in-memory or file
//! database, requests with or without a seat's token, the events stream,
//! bots whose moves wait for the test.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use carcassonne_core::{
    Action, CoreOptions, Game, Provenance, Record, Rules, TileCatalogue, TileSetSpec,
};
use carcassonne_web::{BotPlayer, Config, Limits, LoadedRuleset, SqliteStore, Store};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;
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

/// Lets bot moves through as the test allows: each move of a [`Gated`] bot
/// waits for one permit.
#[derive(Default)]
pub struct Gate {
    permits: Mutex<u32>,
    given: Condvar,
}

impl Gate {
    /// Lets `n` more bot moves through.
    pub fn allow(&self, n: u32) {
        *self.permits.lock().unwrap() += n;
        self.given.notify_all();
    }

    /// Waits for a permit and takes it; an error after a minute without one
    /// (the test went wrong: the game shows the bot stuck instead of hanging).
    fn pass(&self) -> Result<(), String> {
        let permits = self.permits.lock().unwrap();
        let (mut permits, _) = self
            .given
            .wait_timeout_while(permits, Duration::from_secs(60), |n| *n == 0)
            .unwrap();
        if *permits == 0 {
            return Err("the test let no more bot moves through".into());
        }
        *permits -= 1;
        Ok(())
    }
}

/// The bot [`First`], each of whose moves waits at a [`Gate`].
pub struct Gated(pub Arc<Gate>);

impl BotPlayer for Gated {
    fn choose(&mut self, g: &Game) -> Result<Action, String> {
        self.0.pass()?;
        First.choose(g)
    }
}

/// [`config`] whose bot `first` waits at `gate` before each move.
pub fn gated_config(store: Arc<dyn Store>, gate: Arc<Gate>) -> Config {
    Config {
        make_bot: Arc::new(move |name, _| match name {
            "first" => Ok(Box::new(Gated(gate.clone())) as Box<dyn BotPlayer>),
            other => Err(format!("no bot `{other}`")),
        }),
        ..config(store)
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
        keep_finished: None,
        stand_in_after: Duration::from_secs(300),
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

/// A fresh database file under cargo's temporary directory.
pub fn db_file(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("web-store");
    std::fs::create_dir_all(&d).unwrap();
    let f = d.join(format!("{name}.sqlite3"));
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", f.display()));
    }
    f
}

/// A server on the database file `file`.
pub fn server_on(file: &Path) -> axum::Router {
    let store: Arc<dyn Store> = Arc::new(SqliteStore::open(file).unwrap());
    carcassonne_web::router(config(store))
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

/// Takes a seat of game `id` from the lobby (`POST .../join` with `body`:
/// the seat and maybe a name): the status and the answer.
pub async fn join(app: &axum::Router, id: &str, body: Value) -> (StatusCode, Value) {
    json_call(
        app,
        "POST",
        &format!("/api/games/{id}/join"),
        None,
        Some(body),
    )
    .await
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

/// Follows game `id` until it has `moves` moves or its bot is stuck (a
/// minute at most: a guard against a hang, not a measure); the last event.
pub async fn until_moves(app: &axum::Router, id: &str, moves: u64) -> Value {
    let events = tokio::time::timeout(
        Duration::from_secs(120),
        follow(app, id, None, |e| {
            e["moves"].as_u64() >= Some(moves) || !e["stuck"].is_null()
        }),
    )
    .await
    .unwrap_or_else(|_| panic!("game {id} did not reach move {moves}"));
    events.last().cloned().unwrap()
}

/// The action that places the drawn tile on the first legal spot of view `v`.
pub fn first_place(v: &Value) -> Value {
    let spot = &v["placements"][0];
    json!({"action": format!("place {} {} {}", spot["x"], spot["y"], spot["rots"][0])})
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
