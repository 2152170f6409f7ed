//! Games: creating and opening them, the lobby, seats, moves, records and
//! past turns.

use super::AppState;
use crate::games::{kick_bots, Live};
use crate::limits::{bearer, client, json_body, shown};
use crate::seats::{
    person_name, player_name, random_hex, seat_of, unique_name, Seat, SeatKind, Token,
};
use crate::session::Session;
use crate::store::{SeedKnown, StoreError, StoredGame};
use crate::{now_ms, view, LoadedRuleset, WebError};
use axum::extract::connect_info::ConnectInfo;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::Json;
use carcassonne_core::Record;
use carcassonne_render::log::NAMES;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Runs `f` off the async threads (the store and the engine may take a while).
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, WebError> + Send + 'static,
) -> Result<T, WebError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| WebError::Game(e.to_string()))?
}

/// The game of path `id`.
pub(crate) async fn live_of(
    app: &AppState,
    id: Result<Path<String>, PathRejection>,
) -> Result<Arc<Live>, WebError> {
    let Path(id) = id.map_err(|e| WebError::bad(e.body_text()))?;
    let app2 = app.clone();
    let live = blocking(move || app2.live(&id)).await?;
    kick_bots(app, &live);
    Ok(live)
}

/// The seat whose token the request carries; 403 without one, or with one
/// that is no seat's of this game. The token is checked against the seats
/// as stored ([`Live::sync_seats`]): another server on the same database
/// may have given a seat a new token.
async fn seat_by_token(
    app: &AppState,
    live: &Arc<Live>,
    headers: &HeaderMap,
) -> Result<u8, WebError> {
    let token = bearer(headers)
        .ok_or_else(|| {
            WebError::Forbidden(
                "this request acts for a seat: it needs that seat's token (Authorization: \
                 Bearer ...)"
                    .into(),
            )
        })?
        .to_string();
    let (app, live) = (app.clone(), live.clone());
    blocking(move || {
        live.sync_seats(&app)?;
        seat_of(live.lock()?.seats(), &token).ok_or_else(|| {
            WebError::Forbidden(format!(
                "that token is no seat's of game {} (an invitation stops working once its seat \
                 is taken from the lobby)",
                live.id
            ))
        })
    })
    .await
}

/// The viewer's seat: that of the token the request carries, none without one.
async fn viewer(
    app: &AppState,
    live: &Arc<Live>,
    headers: &HeaderMap,
) -> Result<Option<u8>, WebError> {
    match bearer(headers) {
        Some(_) => seat_by_token(app, live, headers).await.map(Some),
        None => Ok(None),
    }
}

fn invite(id: &str, seat: usize, s: &Seat) -> Value {
    let mut v = json!({ "seat": seat, "kind": s.kind.name() });
    if let Some(t) = &s.token {
        v["token"] = json!(t.as_str());
        v["invite"] = json!(format!("/#game={id}&seat={seat}&token={}", t.as_str()));
    }
    v
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewGame {
    ruleset: RulesetRef,
    seats: Vec<String>,
    /// A number, or a string of digits (a page's numbers lose the digits of
    /// seeds above 2^53).
    #[serde(default, deserialize_with = "seed_in")]
    seed: Option<u64>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default = "yes")]
    listed: bool,
    /// Seats the creator takes at once.
    #[serde(default)]
    take: Vec<u8>,
    /// The creator's name.
    #[serde(default)]
    player: Option<String>,
}

/// A ruleset on offer: its number in `/api/setup`'s list, or its file (`"base"`,
/// `"base.toml"`, the `--ruleset` file as given) or name: a name stays the
/// same whatever else the server offers.
#[derive(Deserialize)]
#[serde(untagged)]
enum RulesetRef {
    Index(usize),
    Name(String),
    /// Anything else, refused with what is expected.
    Other(Value),
}

impl RulesetRef {
    /// The ruleset it names among `offered`.
    fn find(&self, offered: &[Arc<LoadedRuleset>]) -> Result<Arc<LoadedRuleset>, WebError> {
        let found = match self {
            RulesetRef::Index(i) => offered.get(*i),
            RulesetRef::Name(n) => offered.iter().find(|r| {
                r.origin == *n || r.origin.strip_suffix(".toml") == Some(n.as_str()) || r.name == *n
            }),
            RulesetRef::Other(_) => None,
        };
        found.cloned().ok_or_else(|| {
            let names: Vec<&str> = offered.iter().map(|r| r.origin.as_str()).collect();
            WebError::bad(match self {
                RulesetRef::Index(i) => format!(
                    "ruleset {i}: there are rulesets 0 to {}",
                    offered.len().saturating_sub(1)
                ),
                RulesetRef::Name(n) => format!(
                    "no ruleset on offer is `{}` (by number from 0, or by file: {})",
                    shown(n),
                    names.join(", ")
                ),
                RulesetRef::Other(v) => format!(
                    "`ruleset` is a number (from 0, as `/api/setup` lists them) or a ruleset's \
                     file or name, not {}",
                    shown(&v.to_string())
                ),
            })
        })
    }
}

fn yes() -> bool {
    true
}

/// A seed of `POST /api/games`: a whole number from 0 to 2^64 − 1, as a JSON
/// number or a string of its decimal digits.
fn seed_in<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    struct Seed;
    impl serde::de::Visitor<'_> for Seed {
        type Value = Option<u64>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            write!(
                f,
                "a seed: a whole number from 0 to {}, as a number or a string of digits",
                u64::MAX
            )
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Self::Value, E> {
            Ok(Some(v))
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
            match v.trim() {
                "" => Ok(None),
                t if t.bytes().all(|b| b.is_ascii_digit()) => t
                    .parse()
                    .map(Some)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Str(v), &self)),
                _ => Err(E::invalid_value(serde::de::Unexpected::Str(v), &self)),
            }
        }
        fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
    }
    d.deserialize_any(Seed)
}

/// The seats of a new game: `person` or a bot's name each; `take` taken by
/// the creator, named `player` (who is no one without seats to take).
fn make_seats(
    app: &AppState,
    names: &[String],
    take: &[u8],
    player: Option<&str>,
) -> Result<Vec<Seat>, WebError> {
    let player = player
        .map(|p| person_name(p, &app.cfg.bots))
        .transpose()?
        .flatten();
    if player.is_some() && take.is_empty() {
        return Err(WebError::bad(
            "`player` names the creator on the seats he takes, and `take` takes none: give \
             them (`\"take\": [0]`), or leave `player` out",
        ));
    }
    let mut seats = Vec::new();
    for (p, s) in names.iter().enumerate() {
        let kind = if s == "person" {
            SeatKind::Person
        } else if app.cfg.bots.contains(s) {
            SeatKind::Bot(s.clone())
        } else {
            return Err(WebError::bad(format!(
                "seat {p}: `{}` is neither `person` nor a bot ({})",
                shown(s),
                app.cfg.bots.join(", ")
            )));
        };
        let mut seat = Seat::new(kind)?;
        if take.contains(&(p as u8)) {
            if seat.kind != SeatKind::Person {
                return Err(WebError::bad(format!(
                    "seat {p} is a bot's: it cannot be taken"
                )));
            }
            seat.taken = true;
            seat.player = player.clone();
        }
        seats.push(seat);
    }
    if let Some(t) = take.iter().find(|&&t| usize::from(t) >= names.len()) {
        return Err(WebError::bad(format!("take: there is no seat {t}")));
    }
    if let Some((i, t)) = take
        .iter()
        .enumerate()
        .find(|(i, t)| take[..*i].contains(t))
    {
        return Err(WebError::bad(format!(
            "take: seat {t} is listed twice (at {i})"
        )));
    }
    Ok(seats)
}

/// A new game's name and settings, as its request gives them.
struct Kept {
    name: Option<String>,
    listed: bool,
    /// Where its ruleset came from.
    origin: String,
    /// Who may know its seed.
    seed_known: Option<SeedKnown>,
}

/// Stores `session` as a new game and holds it; the answer names its seats.
async fn keep(app: &AppState, session: Session, kept: Kept) -> Result<Response, WebError> {
    let Kept {
        name,
        listed,
        origin,
        seed_known,
    } = kept;
    let name = name
        .as_deref()
        .map(player_name)
        .transpose()?
        .flatten()
        .unwrap_or_else(|| format!("{} game", session.ruleset.name));
    let id = random_hex::<8>()?;
    let now = now_ms();
    let stored = StoredGame {
        id: id.clone(),
        name: name.clone(),
        listed,
        origin,
        header: session.header(),
        seed_known,
        seats: session.seats().to_vec(),
        actions: session.actions().to_vec(),
        status: session.status(),
        created: now,
        updated: now,
    };
    let seats: Vec<Value> = stored
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| invite(&id, i, s))
        .collect();
    let app2 = app.clone();
    let live = blocking(move || {
        let most = app2.cfg.limits.stored_games;
        match app2.cfg.store.create(&stored, most) {
            Err(StoreError::Full(_)) => {
                return Err(WebError::Full(format!(
                    "this server keeps at most {most} games and keeps that many now: no game \
                     can be created or opened until older ones expire (its operator raises \
                     the limit with `carcassonne serve --max-stored-games N`, or lets \
                     finished games expire with `--keep-finished-days N`)"
                )));
            }
            r => r?,
        }
        app2.hold(Live::new(&stored, session, now_ms()))
    })
    .await?;
    kick_bots(app, &live);
    Ok(Json(json!({ "id": live.id, "seats": seats })).into_response())
}

fn rate_limit(app: &AppState, req: &Request) -> Result<(), WebError> {
    let ci = req.extensions().get::<ConnectInfo<SocketAddr>>();
    app.creations.check(client(ci), Instant::now())
}

pub(crate) async fn create(
    State(app): State<AppState>,
    req: Request,
) -> Result<Response, WebError> {
    rate_limit(&app, &req)?;
    let req: NewGame = json_body(req, app.cfg.limits.body_bytes).await?;
    let ruleset = req.ruleset.find(&app.cfg.rulesets)?;
    let seed = match req.seed {
        Some(s) => s,
        None => u64::from_str_radix(&random_hex::<8>()?, 16).unwrap_or(1) >> 1,
    };
    let seats = make_seats(&app, &req.seats, &req.take, req.player.as_deref())?;
    let kept = Kept {
        name: req.name,
        listed: req.listed,
        origin: ruleset.origin.clone(),
        // Whoever chose it knows the tiles to come: the players are told.
        seed_known: req.seed.is_some().then_some(SeedKnown::Chosen),
    };
    let session = blocking(move || Session::new(ruleset, seed, seats)).await?;
    keep(&app, session, kept).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct OpenRecord {
    record: String,
    #[serde(default)]
    seats: Option<Vec<String>>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default = "yes")]
    listed: bool,
    #[serde(default)]
    take: Option<Vec<u8>>,
    #[serde(default)]
    player: Option<String>,
}

pub(crate) async fn open_record(
    State(app): State<AppState>,
    req: Request,
) -> Result<Response, WebError> {
    rate_limit(&app, &req)?;
    let req: OpenRecord = json_body(req, app.cfg.limits.record_bytes).await?;
    let rec = Record::from_json(&req.record).map_err(|e| WebError::bad(e.to_string()))?;
    let names = req
        .seats
        .unwrap_or_else(|| vec!["person".to_string(); usize::from(rec.players)]);
    // By default whoever opens a record takes its person seats (as before: a
    // record is played on at one computer).
    let take = req.take.unwrap_or_else(|| {
        (0..names.len() as u8)
            .filter(|&p| names[p as usize] == "person")
            .collect()
    });
    let seats = make_seats(&app, &names, &take, req.player.as_deref())?;
    let app2 = app.clone();
    let session = blocking(move || {
        let ruleset = app2.ruleset_of(&rec, "a record")?;
        Session::from_record(ruleset, &rec, seats)
    })
    .await?;
    let kept = Kept {
        name: req.name,
        listed: req.listed,
        origin: "a record".into(),
        // Whoever has the record knows its seed.
        seed_known: Some(SeedKnown::Record),
    };
    keep(&app, session, kept).await
}

/// The most games the lobby lists (the most recently played first).
pub(crate) const LOBBY_GAMES: usize = 100;

pub(crate) async fn lobby(State(app): State<AppState>) -> Result<Response, WebError> {
    let app2 = app.clone();
    let games = blocking(move || Ok(app2.cfg.store.lobby(LOBBY_GAMES)?)).await?;
    let list: Vec<Value> = games
        .iter()
        .map(|g| {
            let seats: Vec<Value> = g
                .seats
                .iter()
                .enumerate()
                .map(|(p, s)| {
                    json!({
                        "seat": p, "name": NAMES[p], "kind": s.kind.name(),
                        "free": s.is_free(), "player": s.player,
                    })
                })
                .collect();
            json!({
                "id": g.id,
                "name": g.name,
                "ruleset": g.header.ruleset_name,
                "players": g.seats.len(),
                "seats": seats,
                "turn": g.status.turn,
                "to_act": g.status.actor.map(|p| NAMES[p as usize]),
                "updated": g.updated,
                "seed_known": g.seed_known,
            })
        })
        .collect();
    Ok(Json(json!({ "games": list })).into_response())
}

pub(crate) async fn show(
    State(app): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Response, WebError> {
    let live = live_of(&app, id).await?;
    let you = viewer(&app, &live, &headers).await?;
    let after = app.cfg.stand_in_after;
    let v = blocking(move || {
        let s = live.lock()?;
        Ok(view::view(&s, &live.name, you)?
            .with_stand_in_wait(live.waiting(), after)
            .with_seed_known(live.seed_known))
    })
    .await?;
    Ok(Json(v).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Act {
    action: String,
    /// The moves the game had when the action was chosen (the view's
    /// `moves`): given, the action is played only at that point of the game,
    /// so a request sent twice (a retry, a second device) is refused the
    /// second time instead of played again where it is legal again.
    #[serde(default)]
    moves: Option<usize>,
}

/// A request that acts for a seat: the seat of its token (403 without it,
/// before the body is read), its body as `B`, then `change` made to the game
/// (which also takes the seat: an invitation link opened); answers the seat's
/// new view.
async fn as_seat<B: DeserializeOwned + Send + 'static>(
    app: AppState,
    id: Result<Path<String>, PathRejection>,
    req: Request,
    change: impl FnOnce(&mut Session, u8, B, Duration) -> Result<(), WebError> + Send + 'static,
) -> Result<Response, WebError> {
    let live = live_of(&app, id).await?;
    let seat = seat_by_token(&app, &live, req.headers()).await?;
    let body: B = json_body(req, app.cfg.limits.body_bytes).await?;
    let (app2, live2) = (app.clone(), live.clone());
    let after = app.cfg.stand_in_after;
    let v = blocking(move || {
        let waited = live2.waiting();
        live2.commit(&app2, |s| {
            s.seats[seat as usize].taken = true;
            change(s, seat, body, waited)
        })?;
        let s = live2.lock()?;
        Ok(view::view(&s, &live2.name, Some(seat))?
            .with_stand_in_wait(live2.waiting(), after)
            .with_seed_known(live2.seed_known))
    })
    .await;
    // Also after a refusal: the game may have been read again, a bot to act.
    kick_bots(&app, &live);
    Ok(Json(v?).into_response())
}

pub(crate) async fn act(
    State(app): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    req: Request,
) -> Result<Response, WebError> {
    as_seat(app, id, req, |s, seat, body: Act, _| {
        let now = s.actions().len();
        match body.moves {
            Some(m) if m != now => Err(WebError::Conflict(format!(
                "the game is at move {now}, not {m}: the action was chosen at another point \
                 (played already, or the game moved on): look again"
            ))),
            _ => s.act(seat, &body.action),
        }
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatSettings {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    auto_pass: Option<bool>,
    /// A bot's name: it plays the seat until its person takes it back
    /// (`null`). Absent: unchanged.
    #[serde(default, deserialize_with = "present")]
    stand_in: Option<Value>,
}

/// A field that may be `null` as a value of its own (`Some(Value::Null)`),
/// told apart from a field left out (`None`, with `#[serde(default)]`).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

/// `name` if it is a bot the server offers.
fn offered_bot(bots: &[String], name: &str) -> Result<String, WebError> {
    if bots.iter().any(|b| b == name) {
        Ok(name.to_string())
    } else {
        Err(WebError::bad(format!(
            "`{}` is no bot ({})",
            shown(name),
            bots.join(", ")
        )))
    }
}

/// Takes the seat of the token (an invitation link opened), with a name and
/// settings: a bot to play it while its person is away (`stand_in`), or the
/// seat taken back (`"stand_in": null`). Not once the game is over (409):
/// its seats, and the names its record gives, stay as they were.
pub(crate) async fn seat(
    State(app): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    req: Request,
) -> Result<Response, WebError> {
    let bots = app.cfg.bots.clone();
    as_seat(app, id, req, move |s, seat, body: SeatSettings, _| {
        if s.game.is_over() {
            return Err(WebError::Conflict("the game is over".into()));
        }
        let name = body
            .name
            .as_deref()
            .map(|n| person_name(n, &bots))
            .transpose()?;
        let stand_in = match body.stand_in {
            None => None,
            Some(Value::Null) => Some(None),
            Some(Value::String(b)) => Some(Some(offered_bot(&bots, &b)?)),
            Some(v) => {
                return Err(WebError::bad(format!(
                    "`stand_in` is a bot's name or null, not {}",
                    shown(&v.to_string())
                )))
            }
        };
        if let Some(Some(n)) = &name {
            // Unchanged, it is no new name (a page taking its seat again).
            if s.seats[seat as usize].player.as_ref() != Some(n) {
                unique_name(&s.seats, seat as usize, n)?;
            }
        }
        let st = &mut s.seats[seat as usize];
        if let Some(n) = name {
            st.player = n;
        }
        if let Some(a) = body.auto_pass {
            st.auto_pass = a;
        }
        if let Some(b) = stand_in {
            st.stand_in = b;
        }
        Ok(())
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StandIn {
    seat: u8,
    bot: String,
}

/// Another player of the game lets a bot play the seat that keeps the game
/// waiting: a person seat to act for at least [`Config::stand_in_after`]
/// (`crate::Config`), until its person takes it back.
pub(crate) async fn stand_in(
    State(app): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    req: Request,
) -> Result<Response, WebError> {
    let (bots, after) = (app.cfg.bots.clone(), app.cfg.stand_in_after);
    as_seat(app, id, req, move |s, me, body: StandIn, waited| {
        let n = body.seat;
        let name = |p: u8| NAMES[p as usize % NAMES.len()];
        let Some(seat) = s.seats.get(n as usize) else {
            return Err(WebError::bad(format!(
                "seat {n}: the game has seats 0 to {}",
                s.seats.len() - 1
            )));
        };
        if n == me {
            return Err(WebError::bad(
                "your own seat: set `stand_in` in its settings (`POST .../seat`)",
            ));
        }
        if seat.kind != SeatKind::Person || seat.stand_in.is_some() {
            return Err(WebError::Conflict(format!(
                "a bot plays {} already",
                name(n)
            )));
        }
        if s.actor() != Some(n) {
            return Err(WebError::Conflict(format!(
                "{} is not to act: a bot may play a seat only while it keeps the game waiting",
                name(n)
            )));
        }
        if waited < after {
            return Err(WebError::Conflict(format!(
                "{} has kept the game waiting {} s: a bot may play for them after {} s",
                name(n),
                waited.as_secs(),
                after.as_secs()
            )));
        }
        let bot = offered_bot(&bots, &body.bot)?;
        s.seats[n as usize].stand_in = Some(bot);
        Ok(())
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Join {
    seat: u8,
    #[serde(default)]
    name: Option<String>,
}

/// Takes a free person seat of a game the lobby lists → its token, a new one:
/// the seat's invitation link (its old token) no longer acts for it.
pub(crate) async fn join(
    State(app): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    req: Request,
) -> Result<Response, WebError> {
    let live = live_of(&app, id).await?;
    let body: Join = json_body(req, app.cfg.limits.body_bytes).await?;
    let name = body
        .name
        .as_deref()
        .map(|n| person_name(n, &app.cfg.bots))
        .transpose()?
        .flatten();
    if !live.listed {
        return Err(WebError::Forbidden(
            "this game takes players by invitation only".into(),
        ));
    }
    let app2 = app.clone();
    let live2 = live.clone();
    let seat = usize::from(body.seat);
    let answer = blocking(move || {
        // Taken through another server on the same database: said as such.
        live2.sync_seats(&app2)?;
        live2.commit(&app2, |s| {
            if s.game.is_over() {
                return Err(WebError::Conflict("the game is over".into()));
            }
            let st = s
                .seats
                .get(seat)
                .ok_or_else(|| WebError::bad(format!("there is no seat {seat}")))?;
            if let SeatKind::Bot(bot) = &st.kind {
                return Err(WebError::Conflict(format!(
                    "seat {seat} ({}) is a bot's ({bot}): only a person's seat may be taken",
                    NAMES[seat]
                )));
            }
            if !st.is_free() {
                return Err(WebError::Conflict(format!(
                    "seat {seat} ({}) is not free: a person took it",
                    NAMES[seat]
                )));
            }
            if let Some(n) = &name {
                unique_name(&s.seats, seat, n)?;
            }
            let st = &mut s.seats[seat];
            st.token = Some(Token::new()?);
            st.taken = true;
            st.player = name;
            // A person plays it now, not the bot that stood in.
            st.stand_in = None;
            Ok(())
        })?;
        let s = live2.lock()?;
        Ok(invite(&live2.id, seat, &s.seats()[seat]))
    })
    .await?;
    Ok(Json(answer).into_response())
}

pub(crate) async fn record(
    State(app): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Response, WebError> {
    let live = live_of(&app, id).await?;
    let you = viewer(&app, &live, &headers).await?;
    let s = live.lock()?;
    let people = s
        .seats()
        .iter()
        .filter(|x| x.kind == SeatKind::Person)
        .count();
    if !s.game.is_over() {
        if you.is_none() {
            return Err(WebError::Forbidden(
                "the record of an unfinished game holds its seed, from which the tiles to come \
                 follow: it is given once the game is over"
                    .into(),
            ));
        }
        if people > 1 {
            return Err(WebError::Conflict(
                "the record of an unfinished game with several people holds its seed, from \
                 which the tiles to come follow: it is given once the game is over"
                    .into(),
            ));
        }
    }
    let text = s.record().to_json();
    let disposition = format!("attachment; filename=\"carcassonne-{}.json\"", live.id);
    Ok((
        [
            (header::CONTENT_TYPE, "application/json".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}

/// The game and turn of a `turns/{n}` path.
async fn turn_of(
    app: &AppState,
    p: Result<Path<(String, usize)>, PathRejection>,
) -> Result<(Arc<Live>, usize), WebError> {
    let Path((id, n)) = p.map_err(|e| WebError::bad(e.body_text()))?;
    let live = live_of(app, Ok(Path(id))).await?;
    Ok((live, n))
}

pub(crate) async fn turn(
    State(app): State<AppState>,
    p: Result<Path<(String, usize)>, PathRejection>,
) -> Result<Response, WebError> {
    let (live, n) = turn_of(&app, p).await?;
    let svg = blocking(move || live.lock()?.turn_picture(n)).await?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

pub(crate) async fn turn_view(
    State(app): State<AppState>,
    p: Result<Path<(String, usize)>, PathRejection>,
) -> Result<Response, WebError> {
    let (live, n) = turn_of(&app, p).await?;
    let v = blocking(move || view::turn_view(&*live.lock()?, n)).await?;
    Ok(Json(v).into_response())
}
