//! The server's guards: request bodies read up to a cap, the seat token of a
//! request, games created per client address and minute, and JSON for every
//! error the framework itself answers.

use crate::WebError;
use axum::extract::connect_info::ConnectInfo;
use axum::extract::Request;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use std::collections::{HashMap, VecDeque};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// When the body of a request must have arrived whole: put in each request's
/// extensions by the connection loop ([`crate::net`]), the header timeout
/// after its headers came. A request without one (a router used on its own)
/// has no time limit.
#[derive(Clone, Copy, Debug)]
pub struct BodyDeadline {
    /// The instant.
    pub at: tokio::time::Instant,
    /// The time the client had, for the message.
    pub after: Duration,
}

/// The body of `req` as JSON of type `T`, read up to `limit` bytes (413
/// beyond) and, if the request has a [`BodyDeadline`], before it (408
/// otherwise); a body that cannot be read (malformed chunks, a connection
/// lost) is the request's error (400).
pub async fn json_body<T: DeserializeOwned>(req: Request, limit: usize) -> Result<T, WebError> {
    let deadline = req.extensions().get::<BodyDeadline>().copied();
    let read = axum::body::to_bytes(req.into_body(), limit);
    let read = match deadline {
        Some(d) => tokio::time::timeout_at(d.at, read).await.map_err(|_| {
            WebError::TimedOut(format!(
                "the request body did not arrive within {} s of its headers: the connection is closed",
                d.after.as_secs_f64()
            ))
        })?,
        None => read.await,
    };
    let bytes = read.map_err(|e| body_error(&e, limit))?;
    serde_json::from_slice(&bytes).map_err(|e| WebError::bad(format!("the request body: {e}")))
}

/// Why a body could not be read: larger than `limit` (413), or unreadable
/// (400, with the reason: every cause in the chain).
fn body_error(e: &axum::Error, limit: usize) -> WebError {
    let mut causes: Vec<String> = Vec::new();
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(c) = cause {
        if c.is::<http_body_util::LengthLimitError>() {
            return WebError::TooLarge(format!("the request body is larger than {limit} bytes"));
        }
        let text = c.to_string();
        // A wrapper repeats its inner error's words.
        if causes.last() != Some(&text) {
            causes.push(text);
        }
        cause = c.source();
    }
    WebError::bad(format!(
        "the request body could not be read: {}",
        causes.join(": ")
    ))
}

/// The seat token a request carries (`Authorization: Bearer <token>`, the
/// scheme's name in any case), if any.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim_start().split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

/// The address of the client of a request (one shared address when the
/// server runs without connection information, as in tests).
pub fn client(ci: Option<&ConnectInfo<SocketAddr>>) -> IpAddr {
    ci.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip())
}

/// Counts what each client address did in the last minute: the times of its
/// last counted requests, a window that slides with each request (a burst
/// around any instant gets no more than the limit).
pub struct RateLimit {
    per_minute: u32,
    seen: Mutex<HashMap<IpAddr, VecDeque<Instant>>>,
}

const MINUTE: Duration = Duration::from_secs(60);

impl RateLimit {
    /// At most `per_minute` per address in any minute.
    pub fn new(per_minute: u32) -> RateLimit {
        RateLimit {
            per_minute,
            seen: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one request of `ip` at `now`; an error, and not counted, if
    /// `ip` made `per_minute` counted requests in the minute before `now`.
    pub fn check(&self, ip: IpAddr, now: Instant) -> Result<(), WebError> {
        let mut seen = self
            .seen
            .lock()
            .map_err(|_| WebError::Game("the rate limit is unavailable".into()))?;
        let recent = |t: &Instant| now.saturating_duration_since(*t) < MINUTE;
        if seen.len() > 10_000 {
            seen.retain(|_, times| times.back().is_some_and(recent));
        }
        let times = seen.entry(ip).or_default();
        while times.front().is_some_and(|t| !recent(t)) {
            times.pop_front();
        }
        if times.len() >= self.per_minute as usize {
            return Err(WebError::TooMany(format!(
                "this address asked to create {} games in the last minute (those refused for \
                 another reason count too), the most this server allows: wait a minute",
                self.per_minute
            )));
        }
        times.push_back(now);
        Ok(())
    }
}

/// The most characters of a client's text an error message shows.
pub const SHOWN_CHARS: usize = 80;

/// Client text as an error message shows it: its first [`SHOWN_CHARS`]
/// characters, and `…` if there were more (a 16 KB action is not echoed
/// back whole).
pub fn shown(text: &str) -> String {
    let mut out: String = text.chars().take(SHOWN_CHARS).collect();
    if text.chars().nth(SHOWN_CHARS).is_some() {
        out.push('…');
    }
    out
}

/// The most characters of an error message.
const MESSAGE_CHARS: usize = 2_000;

/// Error message `msg` with every quoted part (between backticks, or
/// between double quotes as the JSON parser and Rust's `{:?}` quote) cut as
/// [`shown`] cuts, and the whole cut at [`MESSAGE_CHARS`]: the messages of
/// the JSON parser, the engine and the ruleset loader quote what the client
/// sent.
pub fn cut_quoted(msg: &str) -> String {
    let mut out = String::with_capacity(msg.len().min(MESSAGE_CHARS));
    let mut rest = msg;
    while let Some(open) = rest.find(['`', '"']) {
        let quote = rest.as_bytes()[open];
        out.push_str(&rest[..=open]);
        rest = &rest[open + 1..];
        // The closing quote: a double quote escaped with a backslash is
        // part of the text.
        let bytes = rest.as_bytes();
        let close = (0..bytes.len())
            .find(|&i| bytes[i] == quote && (quote == b'`' || i == 0 || bytes[i - 1] != b'\\'));
        let Some(close) = close else {
            out.push_str(&shown(rest));
            rest = "";
            break;
        };
        out.push_str(&shown(&rest[..close]));
        out.push(quote as char);
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    if out.chars().nth(MESSAGE_CHARS).is_some() {
        out = out.chars().take(MESSAGE_CHARS).collect();
        out.push('…');
    }
    out
}

/// Turns an error the framework answered itself (a method that is not
/// allowed, a malformed path) into the server's JSON error.
pub async fn json_errors(resp: Response) -> Response {
    let status = resp.status();
    let is_json = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if (status.is_client_error() || status.is_server_error()) && !is_json {
        let text = axum::body::to_bytes(resp.into_body(), 4096)
            .await
            .ok()
            .and_then(|b| String::from_utf8(b.to_vec()).ok())
            .filter(|t| !t.trim().is_empty())
            .unwrap_or_else(|| status.canonical_reason().unwrap_or("error").to_lowercase());
        return error_response(status, &text);
    }
    resp
}

/// `{"error": text}` with `status`, the parts of `text` that quote a client
/// cut ([`cut_quoted`]).
pub fn error_response(status: StatusCode, text: &str) -> Response {
    let text = cut_quoted(text);
    (status, axum::Json(serde_json::json!({ "error": text }))).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bearer_scheme_is_named_in_any_case() {
        let with = |v: &str| {
            let mut h = HeaderMap::new();
            h.insert(header::AUTHORIZATION, v.parse().unwrap());
            bearer(&h).map(str::to_string)
        };
        for v in [
            "Bearer abc",
            "bearer abc",
            "BEARER abc",
            "bEaReR   abc ",
            " Bearer abc",
        ] {
            assert_eq!(with(v).as_deref(), Some("abc"), "{v:?}");
        }
        // A token left out is an empty one (no seat's: 403), as before.
        assert_eq!(with("Bearer  ").as_deref(), Some(""));
        for v in ["Basic abc", "Bearerabc", "Bearer", "abc"] {
            assert_eq!(with(v), None, "{v:?}");
        }
        assert_eq!(bearer(&HeaderMap::new()), None);
    }

    #[test]
    fn each_address_creates_only_so_many_games_a_minute() {
        let limit = RateLimit::new(2);
        let t0 = Instant::now();
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        assert!(limit.check(a, t0).is_ok());
        assert!(limit.check(a, t0 + Duration::from_secs(10)).is_ok());
        let e = limit.check(a, t0 + Duration::from_secs(59)).unwrap_err();
        assert!(matches!(e, WebError::TooMany(_)), "{e}");
        assert!(e.to_string().contains("asked to create 2 games"), "{e}");
        assert!(
            limit.check(b, t0 + Duration::from_secs(59)).is_ok(),
            "another address"
        );
        assert!(
            limit.check(a, t0 + Duration::from_secs(60)).is_ok(),
            "a minute later"
        );
    }

    #[test]
    fn the_minute_slides_so_a_burst_around_any_instant_gets_no_more_than_the_limit() {
        // The audit: with a window fixed at the first request, 10 at 59.5 s
        // and 10 more at 60.5 s were all taken, 19 in 2 s with a limit of 10.
        let limit = RateLimit::new(10);
        let t0 = Instant::now();
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let at = |ms: u64| t0 + Duration::from_millis(ms);
        assert!(limit.check(ip, at(0)).is_ok());
        for _ in 0..9 {
            assert!(limit.check(ip, at(59_500)).is_ok());
        }
        assert!(limit.check(ip, at(59_600)).is_err(), "10 in the minute");
        // At 60.5 s only the first has left the minute: one more, no more.
        assert!(limit.check(ip, at(60_500)).is_ok());
        let e = limit.check(ip, at(60_500)).unwrap_err().to_string();
        assert!(
            e.contains("asked to create 10 games in the last minute"),
            "{e}"
        );
        for _ in 0..20 {
            assert!(limit.check(ip, at(61_000)).is_err());
        }
        // Refused requests take no place: once the burst has left the
        // minute, ten again.
        for _ in 0..10 {
            assert!(limit.check(ip, at(120_600)).is_ok());
        }
        assert!(limit.check(ip, at(120_600)).is_err());
    }

    #[test]
    fn errors_show_at_most_80_characters_of_what_a_client_sent() {
        let long = "x".repeat(16_000);
        assert_eq!(shown("abc"), "abc");
        assert_eq!(shown(&long), format!("{}…", "x".repeat(80)));
        let cut = format!("`{}…` is not legal now", "x".repeat(80));
        assert_eq!(cut_quoted(&format!("`{long}` is not legal now")), cut);
        // The JSON parser's quotes, an escaped quote inside them.
        let said = format!("invalid type: string \"a\\\"{long}\", expected u8 at line 1");
        let cut = cut_quoted(&said);
        assert!(cut.starts_with("invalid type: string \"a\\\"xxx"), "{cut}");
        assert!(cut.ends_with("xxx…\", expected u8 at line 1"), "{cut}");
        // Quotes that do not pair, and unquoted text: the whole is cut.
        let odd = cut_quoted(&format!("`a` {long} `b"));
        assert!(
            odd.chars().count() <= 2_001 && odd.ends_with('…'),
            "{}",
            odd.len()
        );
        assert_eq!(cut_quoted("plain `ruleset` text"), "plain `ruleset` text");
    }
}
