//! The server's guards: request bodies read up to a cap, the seat token of a
//! request, games created per client address and minute, and JSON for every
//! error the framework itself answers.

use crate::WebError;
use axum::extract::connect_info::ConnectInfo;
use axum::extract::Request;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use std::collections::HashMap;
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

/// Counts what each client address did in the current minute.
pub struct RateLimit {
    per_minute: u32,
    seen: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

const MINUTE: Duration = Duration::from_secs(60);

impl RateLimit {
    /// At most `per_minute` per address in any window of a minute that
    /// starts with its first request.
    pub fn new(per_minute: u32) -> RateLimit {
        RateLimit {
            per_minute,
            seen: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one request of `ip` at `now`; an error if it is one too many.
    pub fn check(&self, ip: IpAddr, now: Instant) -> Result<(), WebError> {
        let mut seen = self
            .seen
            .lock()
            .map_err(|_| WebError::Game("the rate limit is unavailable".into()))?;
        if seen.len() > 10_000 {
            seen.retain(|_, (start, _)| now.duration_since(*start) < MINUTE);
        }
        let (start, n) = seen.entry(ip).or_insert((now, 0));
        if now.duration_since(*start) >= MINUTE {
            *start = now;
            *n = 0;
        }
        if *n >= self.per_minute {
            return Err(WebError::TooMany(format!(
                "this address asked to create {} games in the last minute (those refused count too), the most this server allows: wait a minute",
                self.per_minute
            )));
        }
        *n += 1;
        Ok(())
    }
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

/// `{"error": text}` with `status`.
pub fn error_response(status: StatusCode, text: &str) -> Response {
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
}
