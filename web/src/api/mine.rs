//! "Your games": what the games whose seats a browser holds are to it, all in
//! one request (`POST /api/my-games`), from the store alone: no game is
//! replayed, none is read into memory.
//!
//! Each seat named is a game id and the token the browser holds for it. The
//! answer says, in the same order, for each one:
//!
//! * `"state": "seat"`: the token is a seat's of that game: the game's name,
//!   ruleset, seats (as the page names them: "Red (Ann)", "Blue (greedy)"),
//!   turn, whether it is over, the seat to act, and which seat the token is
//!   (`seat`, `your_turn`). Nothing a seat's player may not see: no token, no
//!   seed, no tile.
//! * `"state": "refused"`: the game is here but the token is no seat's of it
//!   (its seat was taken from the lobby, or the token is not one): nothing
//!   else is said of the game.
//! * `"state": "gone"`: the server has no such game (it expired, or the id is
//!   no game's). Whether a game exists is no secret: anyone with its id may
//!   watch it (`GET /api/games/{id}` answers 404 for none).
//! * `"state": "unreadable"`: the database cannot give the game (damaged):
//!   `error` says why, as opening the game would (500).
//!
//! At most [`MY_GAMES_MAX`] seats a request (`/api/setup` gives the number
//! as `my_games_max`): beyond, 400 and a JSON error; the page asks for more in
//! several requests.

use super::play::blocking;
use super::{App, AppState};
use crate::limits::json_body;
use crate::seats::{seat_name, seat_of};
use crate::store::StoredGame;
use crate::WebError;
use axum::extract::{Request, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

/// The most seats one `POST /api/my-games` may name.
pub const MY_GAMES_MAX: usize = 100;

/// The longest game id looked up: a longer one is no game's (ids are 16 hex
/// digits).
const ID_CHARS: usize = 64;

/// The body of `POST /api/my-games`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MyGames {
    seats: Vec<HeldSeat>,
}

/// A seat a browser holds: its game and its token.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HeldSeat {
    game: String,
    token: String,
}

pub(crate) async fn my_games(
    State(app): State<AppState>,
    req: Request,
) -> Result<Response, WebError> {
    let body: MyGames = json_body(req, app.cfg.limits.body_bytes).await?;
    let n = body.seats.len();
    if n > MY_GAMES_MAX {
        return Err(WebError::bad(format!(
            "`seats` names {n} seats: at most {MY_GAMES_MAX} a request (ask for the others \
             in another)"
        )));
    }
    let app2 = app.clone();
    let games: Vec<Value> =
        blocking(move || Ok(body.seats.iter().map(|s| summary(&app2, s)).collect())).await?;
    Ok(Json(json!({ "games": games })).into_response())
}

/// What the game of seat `s` is to whoever holds its token.
fn summary(app: &App, s: &HeldSeat) -> Value {
    let answer = |state: &str| json!({ "game": s.game, "state": state });
    if s.game.len() > ID_CHARS {
        return answer("gone");
    }
    let g = match app.cfg.store.summary(&s.game) {
        Ok(Some(g)) => g,
        Ok(None) => return answer("gone"),
        Err(e) => {
            let mut v = answer("unreadable");
            v["error"] = json!(e.to_string());
            return v;
        }
    };
    match seat_of(&g.seats, &s.token) {
        Some(you) => seat_summary(&g, you),
        None => answer("refused"),
    }
}

/// Game `g` to the player of seat `you`.
fn seat_summary(g: &StoredGame, you: u8) -> Value {
    let seats: Vec<Value> = g
        .seats
        .iter()
        .enumerate()
        .map(|(p, s)| {
            json!({
                "seat": p, "name": seat_name(p, s), "kind": s.kind.name(), "player": s.player,
            })
        })
        .collect();
    let actor = g.status.actor.filter(|_| !g.status.over);
    json!({
        "game": g.id,
        "state": "seat",
        "seat": you,
        "name": g.name,
        "ruleset": g.header.ruleset_name,
        "seats": seats,
        "turn": g.status.turn,
        "over": g.status.over,
        "actor": actor,
        "your_turn": actor == Some(you),
        "updated": g.updated,
    })
}
