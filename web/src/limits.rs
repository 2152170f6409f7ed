//! The server's guards: request bodies read up to a cap, the seat token of a
//! request, games created per client address and minute, and JSON for every
//! error the framework itself answers.

use crate::WebError;
use axum::body::Body;
use axum::extract::connect_info::ConnectInfo;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The body of a request as JSON of type `T`, read up to `limit` bytes.
pub async fn json_body<T: DeserializeOwned>(body: Body, limit: usize) -> Result<T, WebError> {
    let bytes = axum::body::to_bytes(body, limit).await.map_err(|_| {
        WebError::TooLarge(format!(
            "the request body is larger than {limit} bytes, or it could not be read"
        ))
    })?;
    serde_json::from_slice(&bytes).map_err(|e| WebError::bad(format!("the request body: {e}")))
}

/// The seat token a request carries (`Authorization: Bearer <token>`), if any.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
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
                "this address created {} games in the last minute, the most this server allows: wait a minute",
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
    fn each_address_creates_only_so_many_games_a_minute() {
        let limit = RateLimit::new(2);
        let t0 = Instant::now();
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        assert!(limit.check(a, t0).is_ok());
        assert!(limit.check(a, t0 + Duration::from_secs(10)).is_ok());
        let e = limit.check(a, t0 + Duration::from_secs(59)).unwrap_err();
        assert!(matches!(e, WebError::TooMany(_)), "{e}");
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
