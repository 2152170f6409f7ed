//! The HTTP interface: the page and its assets, and a small JSON API.
//!
//! | method and path | what |
//! |---|---|
//! | `GET /` | the page (`/app.js`, `/app.css` its assets) |
//! | `GET /api/setup` | rulesets and bots on offer, the bot delay |
//! | `POST /api/games` | `{"ruleset": i, "seats": ["person", "greedy"], "seed": n?}` → `{"id": ...}` |
//! | `GET /api/games/{id}` | what the page shows ([`crate::session::View`]) |
//! | `POST /api/records` | `{"record": "<record JSON>", "seats": [...]?}`: open a recorded game (people play on by default) → `{"id": ...}` |
//! | `POST /api/games/{id}/act` | `{"action": "place 1 0 3"}`: the person to act plays |
//! | `POST /api/games/{id}/bot` | the bot to act plays one action |
//! | `GET /api/games/{id}/record` | the game record so far (JSON, a download) |
//! | `GET /api/games/{id}/turns/{n}` | the board at the end of turn `n` (SVG) |

use crate::session::{Seat, Session, View};
use crate::{Config, WebError};
use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use carcassonne_core::{Record, Rng};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

const PAGE: &str = include_str!("../assets/index.html");
const SCRIPT: &str = include_str!("../assets/app.js");
const STYLE_SHEET: &str = include_str!("../assets/app.css");

type Shared = Arc<Mutex<Session>>;

struct Games {
    map: HashMap<String, (Shared, u64)>,
    clock: u64,
    rng: Rng,
}

struct App {
    cfg: Config,
    games: Mutex<Games>,
}

type AppState = Arc<App>;

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        let status = match &self {
            WebError::BadRequest(_) => StatusCode::BAD_REQUEST,
            WebError::NotFound(_) => StatusCode::NOT_FOUND,
            WebError::Conflict(_) => StatusCode::CONFLICT,
            WebError::Game(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        (
            status,
            Json(serde_json::json!({ "error": self.to_string() })),
        )
            .into_response()
    }
}

/// The server's routes over `cfg`.
pub fn router(cfg: Config) -> Router {
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    let app = Arc::new(App {
        cfg,
        games: Mutex::new(Games {
            map: HashMap::new(),
            clock: 0,
            rng: Rng::new(seed),
        }),
    });
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", PAGE) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", SCRIPT) }),
        )
        .route(
            "/app.css",
            get(|| async { asset("text/css; charset=utf-8", STYLE_SHEET) }),
        )
        .route("/api/setup", get(setup))
        .route("/api/games", post(create))
        .route("/api/records", post(open_record))
        .route("/api/games/{id}", get(show))
        .route("/api/games/{id}/act", post(act))
        .route("/api/games/{id}/bot", post(bot))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/turns/{n}", get(turn))
        .fallback(|| async { WebError::NotFound("no such page".into()) })
        .with_state(app)
}

fn asset(mime: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, mime),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

async fn setup(State(app): State<AppState>) -> Response {
    let rulesets: Vec<serde_json::Value> = app
        .cfg
        .rulesets
        .iter()
        .map(|r| {
            serde_json::json!({
                "name": r.name, "origin": r.origin, "description": r.description, "players": r.players,
            })
        })
        .collect();
    Json(serde_json::json!({
        "rulesets": rulesets,
        "bots": app.cfg.bots,
        "bot_delay_ms": app.cfg.bot_delay_ms,
    }))
    .into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    ruleset: usize,
    seats: Vec<String>,
    #[serde(default)]
    seed: Option<u64>,
}

fn json_body<T>(body: Result<Json<T>, JsonRejection>) -> Result<T, WebError> {
    body.map(|Json(b)| b)
        .map_err(|e| WebError::BadRequest(e.body_text()))
}

async fn create(
    State(app): State<AppState>,
    body: Result<Json<NewGame>, JsonRejection>,
) -> Result<Response, WebError> {
    let req = json_body(body)?;
    let ruleset = app.cfg.rulesets.get(req.ruleset).cloned().ok_or_else(|| {
        WebError::bad(format!(
            "ruleset {}: there are rulesets 0 to {}",
            req.ruleset,
            app.cfg.rulesets.len().saturating_sub(1)
        ))
    })?;
    let seed = {
        let mut games = lock_games(&app)?;
        req.seed.unwrap_or_else(|| games.rng.next_u64() >> 1)
    };
    let seats = make_seats(&app.cfg, &req.seats, seed)?;
    let session = tokio::task::spawn_blocking(move || Session::new(ruleset, seed, seats))
        .await
        .map_err(|e| WebError::Game(e.to_string()))??;
    let id = keep(&app, session)?;
    Ok(Json(serde_json::json!({ "id": id, "seed": seed })).into_response())
}

/// The seats of a new game: `person` or a bot's name each.
fn make_seats(cfg: &Config, names: &[String], seed: u64) -> Result<Vec<Seat>, WebError> {
    let mut seats = Vec::new();
    for (p, s) in names.iter().enumerate() {
        seats.push(if s == "person" {
            Seat::Person
        } else if cfg.bots.contains(s) {
            let bot = (cfg.make_bot)(s, seed ^ (0x9E37_79B9 * (p as u64 + 1)))
                .map_err(WebError::BadRequest)?;
            Seat::Bot(s.clone(), bot)
        } else {
            return Err(WebError::bad(format!(
                "seat {p}: `{s}` is neither `person` nor a bot ({})",
                cfg.bots.join(", ")
            )));
        });
    }
    Ok(seats)
}

/// Keeps `session` under a new id (dropping the least recently used game beyond the limit).
fn keep(app: &App, session: Session) -> Result<String, WebError> {
    let mut games = lock_games(app)?;
    let id = format!("{:016x}", games.rng.next_u64());
    games.clock += 1;
    let now = games.clock;
    if games.map.len() >= app.cfg.max_games.max(1) {
        if let Some(old) = games
            .map
            .iter()
            .min_by_key(|(_, v)| v.1)
            .map(|(k, _)| k.clone())
        {
            games.map.remove(&old);
        }
    }
    games
        .map
        .insert(id.clone(), (Arc::new(Mutex::new(session)), now));
    Ok(id)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OpenRecord {
    record: String,
    #[serde(default)]
    seats: Option<Vec<String>>,
}

async fn open_record(
    State(app): State<AppState>,
    body: Result<Json<OpenRecord>, JsonRejection>,
) -> Result<Response, WebError> {
    let req = json_body(body)?;
    let opener = app
        .cfg
        .open_ruleset
        .clone()
        .ok_or_else(|| WebError::bad("this server does not open records"))?;
    let rec = Record::from_json(&req.record).map_err(|e| WebError::bad(e.to_string()))?;
    let names = req
        .seats
        .unwrap_or_else(|| vec!["person".to_string(); usize::from(rec.players)]);
    let seats = make_seats(&app.cfg, &names, rec.seed)?;
    let session = tokio::task::spawn_blocking(move || {
        let ruleset =
            opener(&rec).map_err(|e| WebError::bad(format!("the record's ruleset: {e}")))?;
        Session::from_record(ruleset, &rec, seats)
    })
    .await
    .map_err(|e| WebError::Game(e.to_string()))??;
    let id = keep(&app, session)?;
    Ok(Json(serde_json::json!({ "id": id })).into_response())
}

fn lock_games(app: &App) -> Result<std::sync::MutexGuard<'_, Games>, WebError> {
    app.games
        .lock()
        .map_err(|_| WebError::Game("the list of games is unavailable".into()))
}

fn find(app: &App, id: &str) -> Result<Shared, WebError> {
    let mut games = lock_games(app)?;
    games.clock += 1;
    let now = games.clock;
    let entry = games.map.get_mut(id).ok_or_else(|| {
        WebError::NotFound(format!(
            "no game `{id}` (finished games are kept while the server runs)"
        ))
    })?;
    entry.1 = now;
    Ok(entry.0.clone())
}

/// Runs `f` on the game `id` off the async threads (bots may think a while).
async fn with_game<T: Send + 'static>(
    app: &AppState,
    id: &str,
    f: impl FnOnce(&mut Session, &Config) -> Result<T, WebError> + Send + 'static,
) -> Result<T, WebError> {
    let shared = find(app, id)?;
    let app = app.clone();
    tokio::task::spawn_blocking(move || {
        let mut s = shared
            .lock()
            .map_err(|_| WebError::Game("this game failed earlier".into()))?;
        f(&mut s, &app.cfg)
    })
    .await
    .map_err(|e| WebError::Game(e.to_string()))?
}

fn view_of(s: &mut Session, cfg: &Config) -> Result<View, WebError> {
    s.view(&cfg.style)
}

fn game_id(p: Result<Path<String>, PathRejection>) -> Result<String, WebError> {
    p.map(|Path(id)| id)
        .map_err(|e| WebError::BadRequest(e.body_text()))
}

async fn show(
    State(app): State<AppState>,
    id: Result<Path<String>, PathRejection>,
) -> Result<Json<View>, WebError> {
    Ok(Json(with_game(&app, &game_id(id)?, view_of).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Act {
    action: String,
}

async fn act(
    State(app): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    body: Result<Json<Act>, JsonRejection>,
) -> Result<Json<View>, WebError> {
    let id = game_id(id)?;
    let req = json_body(body)?;
    let v = with_game(&app, &id, move |s, cfg| {
        s.act(&req.action)?;
        s.view(&cfg.style)
    })
    .await?;
    Ok(Json(v))
}

async fn bot(
    State(app): State<AppState>,
    id: Result<Path<String>, PathRejection>,
) -> Result<Json<View>, WebError> {
    let v = with_game(&app, &game_id(id)?, |s, cfg| {
        s.bot_move()?;
        s.view(&cfg.style)
    })
    .await?;
    Ok(Json(v))
}

async fn record(
    State(app): State<AppState>,
    id: Result<Path<String>, PathRejection>,
) -> Result<Response, WebError> {
    let id = game_id(id)?;
    let text = with_game(&app, &id, |s, _| Ok(s.record().to_json())).await?;
    let disposition = format!("attachment; filename=\"carcassonne-{id}.json\"");
    Ok((
        [
            (header::CONTENT_TYPE, "application/json".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}

async fn turn(
    State(app): State<AppState>,
    p: Result<Path<(String, usize)>, PathRejection>,
) -> Result<Response, WebError> {
    let Path((id, n)) = p.map_err(|e| WebError::BadRequest(e.body_text()))?;
    let svg = with_game(&app, &id, move |s, cfg| s.turn_picture(n, &cfg.style)).await?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}
