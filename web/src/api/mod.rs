//! The HTTP interface: the page and its assets, and a JSON API.
//!
//! | method and path | what |
//! |---|---|
//! | `GET /` | the page (its assets: `/app.css`; the scripts `/api.js`, `/board.js`, `/setup.js`, `/game.js`, `/app.js`) |
//! | `GET /api/setup` | rulesets and bots on offer, the limits (the record size, the seats a `my-games` request may name) |
//! | `GET /api/lobby` | listed unfinished games with a free person seat (the 100 most recently played) |
//! | `POST /api/my-games` | `{"seats": [{"game": ID, "token": T}, ...]}` (at most [`MY_GAMES_MAX`]): what each of those games is to the seat of that token, in one request ([`mine`]) |
//! | `POST /api/games` | a new game → its id and, per person seat, its token and invitation link |
//! | `POST /api/records` | a game from a record (a finished one to step through, or one to play on) |
//! | `GET /api/games/{id}` | what the viewer sees ([`crate::view::View`]); with a seat's token, that player's view |
//! | `POST /api/games/{id}/act` | token; `{"action": "place 1 0 3"}`: the seat plays |
//! | `POST /api/games/{id}/seat` | token; `{"name": "Ann", "auto_pass": true}`: take the seat, settings |
//! | `POST /api/games/{id}/join` | `{"seat": 1, "name": "Ann"}`: take a free seat of a listed game → a new token for it (its invitation link stops acting for it) |
//! | `GET /api/games/{id}/events` | server-sent events: the moves, from `Last-Event-ID` (or `?after=N`) on |
//! | `GET /api/games/{id}/record` | the record (a finished game; before, only a lone person against bots) |
//! | `GET /api/games/{id}/turns/{n}` | the board at the end of turn `n` (SVG) |
//! | `GET /api/games/{id}/turns/{n}/view` | that board and the scores then (JSON) |
//!
//! A seat's token travels as `Authorization: Bearer <token>`. A request that
//! acts for a seat is checked for it before anything else (403).
//!
//! The lobby's games and the view say where a game's seed came from when
//! someone may know it (`seed_known`: `"chosen"` at creation, `"record"` for
//! a game opened from a record), since whoever knows it knows the tiles to
//! come.

mod events;
pub(crate) mod mine;
mod play;

use crate::games::Held;
use crate::limits::{self, RateLimit};
use crate::{Config, StoreError, WebError};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use std::sync::{Arc, Mutex};

const PAGE: &str = include_str!("../../assets/index.html");
/// The page's scripts, loaded in this order: requests and storage, the
/// board, the setup page, the game page, the wiring.
const SCRIPTS: [(&str, &str); 5] = [
    ("/api.js", include_str!("../../assets/api.js")),
    ("/board.js", include_str!("../../assets/board.js")),
    ("/setup.js", include_str!("../../assets/setup.js")),
    ("/game.js", include_str!("../../assets/game.js")),
    ("/app.js", include_str!("../../assets/app.js")),
];
const STYLE_SHEET: &str = include_str!("../../assets/app.css");

/// The server's state.
pub struct App {
    /// What it offers.
    pub cfg: Config,
    /// The games held in memory.
    pub(crate) held: Mutex<Held>,
    /// Games created per client address.
    pub(crate) creations: RateLimit,
    /// Set when the server stops: the events streams end, so that open pages
    /// do not hold the shutdown up.
    pub(crate) stopping: tokio::sync::watch::Sender<bool>,
}

pub(crate) type AppState = Arc<App>;

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        let status = match &self {
            WebError::BadRequest(_) => StatusCode::BAD_REQUEST,
            WebError::Forbidden(_) => StatusCode::FORBIDDEN,
            WebError::NotFound(_) => StatusCode::NOT_FOUND,
            WebError::Conflict(_)
            | WebError::Stale(_)
            | WebError::Store(StoreError::Conflict(_)) => StatusCode::CONFLICT,
            WebError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            WebError::TimedOut(_) => StatusCode::REQUEST_TIMEOUT,
            WebError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
            WebError::Full(_) => StatusCode::INSUFFICIENT_STORAGE,
            WebError::Game(_) | WebError::Unreplayable(_) | WebError::Store(_) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
        };
        let mut resp = limits::error_response(status, &self.to_string());
        if status == StatusCode::REQUEST_TIMEOUT {
            // What is left of the body is never read: the connection ends.
            resp.headers_mut().insert(
                header::CONNECTION,
                header::HeaderValue::from_static("close"),
            );
        }
        resp
    }
}

/// The server's state and routes over `cfg`.
pub(crate) fn app(cfg: Config) -> (AppState, Router) {
    let app = Arc::new(App {
        creations: RateLimit::new(cfg.limits.games_per_minute),
        held: Mutex::new(Held::default()),
        stopping: tokio::sync::watch::channel(false).0,
        cfg,
    });
    let mut routes = Router::new().route(
        "/",
        get(|| async { asset("text/html; charset=utf-8", PAGE) }),
    );
    for (path, script) in SCRIPTS {
        routes = routes.route(
            path,
            get(move || async move { asset("text/javascript; charset=utf-8", script) }),
        );
    }
    let routes = routes
        .route(
            "/app.css",
            get(|| async { asset("text/css; charset=utf-8", STYLE_SHEET) }),
        )
        .route("/api/setup", get(setup))
        .route("/api/lobby", get(play::lobby))
        .route("/api/my-games", post(mine::my_games))
        .route("/api/games", post(play::create))
        .route("/api/records", post(play::open_record))
        .route("/api/games/{id}", get(play::show))
        .route("/api/games/{id}/act", post(play::act))
        .route("/api/games/{id}/seat", post(play::seat))
        .route("/api/games/{id}/join", post(play::join))
        .route("/api/games/{id}/stand-in", post(play::stand_in))
        .route("/api/games/{id}/events", get(events::events))
        .route("/api/games/{id}/record", get(play::record))
        .route("/api/games/{id}/turns/{n}", get(play::turn))
        .route("/api/games/{id}/turns/{n}/view", get(play::turn_view))
        .fallback(|| async { WebError::NotFound("no such page".into()) })
        // Bodies are read by the handlers, each up to its own cap.
        .layer(axum::extract::DefaultBodyLimit::disable())
        .layer(axum::middleware::map_response(limits::json_errors))
        .with_state(app.clone());
    (app, routes)
}

/// The server's routes over `cfg`.
///
/// Called within a Tokio runtime, it also resumes, in the background, the
/// bots of the games a server stopped while a bot was to act: the unfinished
/// games whose seat to act a bot plays (a bot's seat, or a person's with a
/// bot standing in), last played within [`Config::expire_after`], at most
/// [`Config::max_games`] of them, the most recently played first. No other
/// game is read before someone opens it.
pub fn router(cfg: Config) -> Router {
    let (app, routes) = app(cfg);
    crate::games::resume_bots(&app);
    routes
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

async fn setup(axum::extract::State(app): axum::extract::State<AppState>) -> Response {
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
        "record_bytes": app.cfg.limits.record_bytes,
        "my_games_max": mine::MY_GAMES_MAX,
    }))
    .into_response()
}
