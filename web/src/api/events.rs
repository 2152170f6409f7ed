//! Server-sent events: a page follows a game without polling. Each event
//! (`moves`, its id the number of moves played) carries the actions played
//! since the last one the page saw; a page that reconnects sends that number
//! back (`Last-Event-ID`, which browsers send by themselves, or `?after=N`)
//! and gets the moves it missed at once. The actions are public (every
//! player sees every move); a page then asks for its own view.
//!
//! A change of the seats (a person taking one, his name, a bot standing in
//! for him) is announced too, by an event whose `seats` differs from the
//! last one's (a fingerprint of who plays each seat), so that every page
//! shows who joined without waiting for the next move.

use super::play::live_of;
use super::AppState;
use crate::games::Live;
use crate::limits::shown;
use crate::seats::Seat;
use crate::WebError;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::Stream;
use serde::Deserialize;
use serde_json::json;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// How long a browser waits before it reconnects.
const RETRY: Duration = Duration::from_millis(500);

/// The stream's query: `after`, checked; any other parameter is left alone
/// (a proxy's or a polyfill's cache-busting `?_=1696…` must not refuse the
/// stream).
#[derive(Deserialize)]
pub(crate) struct After {
    #[serde(default)]
    after: Option<String>,
}

/// The moves the page saw last: `Last-Event-ID`, else `?after=`, else none
/// (an empty `Last-Event-ID` is none, as browsers mean it). Either one that
/// is not a number of moves is the request's error (400), not "now".
fn last_seen(headers: &HeaderMap, q: &After) -> Result<Option<usize>, WebError> {
    let number = |what: &str, text: &str| {
        text.trim().parse::<usize>().map_err(|_| {
            WebError::bad(format!(
                "{what} is the number of moves the page saw (a whole number from 0), not `{}`",
                shown(text)
            ))
        })
    };
    if let Some(v) = headers.get("last-event-id") {
        let text = String::from_utf8_lossy(v.as_bytes());
        if !text.trim().is_empty() {
            return number("`Last-Event-ID`", &text).map(Some);
        }
    }
    q.after.as_deref().map(|a| number("`after`", a)).transpose()
}

/// The event telling a page that saw `seen` moves where the game stands, and
/// the number of moves it tells of.
fn moves_event(live: &Live, seen: Option<usize>) -> (Event, usize) {
    let (now, actions, over, stuck, seats) = match live.lock() {
        Ok(s) => {
            let all = s.actions();
            let from = seen.unwrap_or(all.len()).min(all.len());
            let over = s.status().over;
            let seats = seats_key(s.seats());
            (
                all.len(),
                all[from..].to_vec(),
                over,
                s.stuck.clone(),
                seats,
            )
        }
        Err(e) => (
            seen.unwrap_or(0),
            Vec::new(),
            false,
            Some(e.to_string()),
            String::new(),
        ),
    };
    let ev = Event::default()
        .event("moves")
        .id(now.to_string())
        .retry(RETRY)
        .data(
            json!({
                "from": seen.unwrap_or(now).min(now),
                "moves": now,
                "actions": actions,
                "over": over,
                "stuck": stuck,
                "seats": seats,
            })
            .to_string(),
        );
    (ev, now)
}

/// A fingerprint of who plays each seat as the pages show it (taken or not,
/// the person's name, a bot standing in), as 16 hex digits: it changes when
/// any of these does.
fn seats_key(seats: &[Seat]) -> String {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for s in seats {
        (s.taken, &s.player, &s.stand_in).hash(&mut h);
    }
    format!("{:016x}", h.finish())
}

/// A page following a game.
struct Follow {
    /// The game's move count.
    moves: watch::Receiver<usize>,
    /// Whether the server stops.
    stopping: watch::Receiver<bool>,
    /// The moves the page was told of.
    seen: Option<usize>,
    live: Arc<Live>,
    /// Whether no event was sent yet.
    first: bool,
}

pub(crate) async fn events(
    State(app): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    q: Result<Query<After>, axum::extract::rejection::QueryRejection>,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, WebError> {
    let Query(q) = q.map_err(|e| WebError::bad(e.body_text()))?;
    let seen = last_seen(&headers, &q)?;
    let live = live_of(&app, id).await?;
    let follow = Follow {
        moves: live.moves.subscribe(),
        stopping: app.stopping.subscribe(),
        seen,
        live,
        first: true,
    };
    // The first event at once (the moves missed, or where the game stands),
    // then one whenever the game changes, until the server stops.
    let stream = futures_util::stream::unfold(follow, |mut f| async move {
        if *f.stopping.borrow_and_update() {
            return None;
        }
        if !f.first {
            tokio::select! {
                changed = f.moves.changed() => changed.ok()?,
                _ = f.stopping.changed() => return None,
            }
        }
        f.moves.borrow_and_update();
        let (ev, told) = moves_event(&f.live, f.seen);
        f.seen = Some(told);
        f.first = false;
        Some((Ok(ev), f))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}
