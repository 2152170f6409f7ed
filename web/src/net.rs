//! How the server meets the network, apart from what it serves: which host
//! names it answers to (the `Host` header: a page on another site cannot
//! reach it through DNS rebinding), how long a client may take to send a
//! request's headers and its body, and how many connections it serves at once.
//!
//! * **Host names.** A request is served when its `Host` header (without the
//!   port) is an IP address, `localhost`, or a name given in
//!   [`Network::hosts`] (`serve --allow-host NAME`); anything else gets 403
//!   and a missing header 400. DNS rebinding needs a name that the attacker's
//!   page was loaded from, so IP addresses are safe to accept (and let others
//!   on the network play with `--host 0.0.0.0`).
//!   A request that would change something (not GET, HEAD or OPTIONS) sent
//!   by a page of another site (its `Origin` header names another host than
//!   the request's) gets 403: a foreign page cannot create games or take
//!   seats through the player's browser. Two `Host` headers get 400, and a
//!   request naming its host in its target (`GET http://name/...`) is
//!   checked by that name.
//! * **Slow clients.** A client has [`Network::header_timeout`] to send each
//!   request's headers, counted from the connection (or the previous answer)
//!   on: half-sent requests and idle connections are closed after it. It then
//!   has as long again to send the body, counted from the headers on: a body
//!   still incomplete then gets `408 Request Timeout` (a JSON error) and the
//!   connection is closed, so stalled bodies cannot hold the connections.
//! * **Connections.** At most [`Network::max_connections`] are served at once,
//!   and at most [`Network::max_per_address`] of them from one client address
//!   (one client opening connections, or a page's events stream, by the
//!   hundred cannot take every place from the others); one beyond either gets
//!   `503 Service Unavailable` at once and is closed. Each request is told its
//!   client's address (`ConnectInfo`), by which the games a client creates
//!   are counted.

use crate::limits::BodyDeadline;
use axum::extract::connect_info::ConnectInfo;
use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Semaphore};
use tower::ServiceExt;

/// How the server meets the network.
#[derive(Clone, Debug)]
pub struct Network {
    /// Host names accepted in the `Host` header besides IP addresses and `localhost`.
    pub hosts: Vec<String>,
    /// Most time a client has to send a request's headers (from the
    /// connection or the previous answer on), and then its body (from the
    /// headers on).
    pub header_timeout: Duration,
    /// Most connections served at once.
    pub max_connections: usize,
    /// Most connections served at once from one client address (behind a
    /// reverse proxy every client has the proxy's address: raise it to
    /// [`Network::max_connections`] there).
    pub max_per_address: usize,
}

impl Default for Network {
    fn default() -> Self {
        Network {
            hosts: Vec::new(),
            header_timeout: Duration::from_secs(10),
            max_connections: 256,
            max_per_address: 32,
        }
    }
}

/// `router` answering only requests whose `Host` is allowed (see the module
/// documentation); `hosts` are the names allowed besides IP addresses and
/// `localhost`.
pub fn check_host(router: Router, hosts: &[String]) -> Router {
    let hosts: Arc<Vec<String>> = Arc::new(hosts.iter().map(|h| normal(h)).collect());
    router.layer(axum::middleware::from_fn_with_state(hosts, host_guard))
}

async fn host_guard(State(hosts): State<Arc<Vec<String>>>, req: Request, next: Next) -> Response {
    if req.headers().get_all(header::HOST).iter().count() > 1 {
        return refuse(
            StatusCode::BAD_REQUEST,
            "the request has more than one Host header".into(),
        );
    }
    // A request in absolute form (`GET http://name/...`) names its host in
    // the target, which then counts, not the header.
    let given = match req.uri().authority() {
        Some(a) => Some(Ok(a.as_str().to_string())),
        None => req.headers().get(header::HOST).map(|h| {
            // A name that is not text is refused, shown as its bytes.
            h.to_str()
                .map(str::to_string)
                .map_err(|_| String::from_utf8_lossy(h.as_bytes()).into_owned())
        }),
    };
    match given {
        Some(Ok(h)) if allowed(&h, &hosts) => match cross_site(&req, &h) {
            Some(origin) => refuse(
                StatusCode::FORBIDDEN,
                format!(
                    "a page of another site (`{}`) may not change anything here",
                    origin.chars().take(64).collect::<String>().escape_default()
                ),
            ),
            None => next.run(req).await,
        },
        Some(h) => refuse(
            StatusCode::FORBIDDEN,
            format!(
                "this server does not answer to the host name `{}` (start it with `--allow-host NAME` to allow a name)",
                h.unwrap_or_else(|bytes| bytes)
                    .chars()
                    .take(64)
                    .collect::<String>()
                    .escape_default()
            ),
        ),
        None => refuse(StatusCode::BAD_REQUEST, "the request has no Host header".into()),
    }
}

/// The `Origin` of a request that would change something (any method but
/// GET, HEAD and OPTIONS) sent by a page of another site than `host` (the
/// host the request is for), if it is one. A browser names the page's site
/// in `Origin` on such requests; a page of another site could otherwise
/// create games or take free seats with a form or a `text/plain` request,
/// which need no permission of this server. Programs (curl, the Python
/// package) send no `Origin` and are not concerned.
fn cross_site(req: &Request, host: &str) -> Option<String> {
    use axum::http::Method;
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return None;
    }
    let origin = req.headers().get(header::ORIGIN)?;
    let text = origin.to_str().unwrap_or("?");
    let same = text
        .strip_prefix("http://")
        .or_else(|| text.strip_prefix("https://"))
        .is_some_and(|h| normal(h) == normal(host));
    (!same).then(|| text.to_string())
}

fn refuse(status: StatusCode, error: String) -> Response {
    (status, Json(serde_json::json!({ "error": error }))).into_response()
}

/// A host name in lower case, without a final dot.
fn normal(name: &str) -> String {
    name.trim_end_matches('.').to_ascii_lowercase()
}

/// Whether the `Host` header `value` names an allowed host.
fn allowed(value: &str, hosts: &[String]) -> bool {
    let name = match value.strip_prefix('[') {
        // An IPv6 address: `[::1]:8080`.
        Some(rest) => {
            return rest
                .split_once(']')
                .is_some_and(|(ip, port)| ip.parse::<IpAddr>().is_ok() && is_port(port));
        }
        None => match value.rsplit_once(':') {
            Some((name, port)) if is_port(port) => name,
            _ => value,
        },
    };
    let name = normal(name);
    name.parse::<IpAddr>().is_ok() || name == "localhost" || hosts.contains(&name)
}

/// `""` or `:` followed by digits.
fn is_port(s: &str) -> bool {
    let digits = s.strip_prefix(':').unwrap_or(s);
    digits.bytes().all(|b| b.is_ascii_digit())
}

/// Serves `app` on `listener` as `net` says (the header and body timeouts,
/// the connection limit, each request told its client's address) until
/// `shutdown` completes, then lets the connections finish their requests.
/// The `Host` check is [`check_host`]'s, on `app`.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    net: &Network,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let max = net.max_connections.clamp(1, u32::MAX as usize);
    let permits = Arc::new(Semaphore::new(max));
    let addresses = PerAddress::new(net.max_per_address);
    let (stop, stopped) = watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            r = listener.accept() => match r {
                Ok(accepted) => accepted,
                // Out of file descriptors and the like: wait, and go on serving.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Some(place) = addresses.take(peer.ip()) else {
            tokio::spawn(too_many(stream, FROM_ADDRESS));
            continue;
        };
        let Ok(permit) = permits.clone().try_acquire_owned() else {
            tokio::spawn(too_many(stream, IN_ALL));
            continue;
        };
        let timeout = net.header_timeout;
        // The client's address, for the handlers (the games created per
        // address), and when the body must have come (its headers just did).
        let service = TowerToHyperService::new(app.clone().map_request(
            move |mut req: axum::http::Request<hyper::body::Incoming>| {
                req.extensions_mut().insert(ConnectInfo(peer));
                if let Some(at) = tokio::time::Instant::now().checked_add(timeout) {
                    req.extensions_mut()
                        .insert(BodyDeadline { at, after: timeout });
                }
                req
            },
        ));
        let mut stopped = stopped.clone();
        tokio::spawn(async move {
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(timeout);
            let conn = builder.serve_connection(TokioIo::new(stream), service);
            let mut conn = std::pin::pin!(conn);
            // Declared after the connection, so dropped before it: the place
            // is free again before the socket closes (a client that has seen
            // the close finds the place free).
            let _permit = (permit, place);
            tokio::select! {
                _ = conn.as_mut() => return,
                _ = stopped.wait_for(|s| *s) => {}
            }
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        });
    }
    let _ = stop.send(true);
    // Every connection gives its permit back when it ends.
    let _ = permits.acquire_many(max as u32).await;
    Ok(())
}

/// The answer to a connection beyond [`Network::max_connections`].
const IN_ALL: &str = "the server is serving too many connections: try again";
/// The answer to a connection beyond [`Network::max_per_address`].
const FROM_ADDRESS: &str =
    "the server is serving too many connections from your address: close other pages of this server and try again";

/// The connections open from each client address, counted against a cap.
struct PerAddress {
    max: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

impl PerAddress {
    fn new(max: usize) -> Arc<PerAddress> {
        Arc::new(PerAddress {
            max: max.max(1),
            open: Mutex::new(HashMap::new()),
        })
    }

    /// A place for one more connection from `ip`, if it has fewer than the
    /// cap open; the place is given back when dropped.
    fn take(self: &Arc<Self>, ip: IpAddr) -> Option<AddressPlace> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let n = open.entry(ip).or_insert(0);
        if *n >= self.max {
            return None;
        }
        *n += 1;
        Some(AddressPlace {
            of: self.clone(),
            ip,
        })
    }

    /// The connections open from `ip`.
    #[cfg(test)]
    fn open(&self, ip: IpAddr) -> usize {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.get(&ip).copied().unwrap_or(0)
    }
}

/// One connection's place among its address's.
struct AddressPlace {
    of: Arc<PerAddress>,
    ip: IpAddr,
}

impl Drop for AddressPlace {
    fn drop(&mut self) {
        let mut open = self.of.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = open.get_mut(&self.ip) {
            *n -= 1;
            // No entry kept for an address without connections: the map holds
            // at most as many addresses as connections are open.
            if *n == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// Answers a connection beyond a limit with 503 and `error`, and closes it.
///
/// The close lingers: after the answer, what the client sent (its request,
/// never read) is read and dropped until the client closes, for at most
/// [`LINGER`] in all. Closing a socket with unread data makes the kernel
/// reset the connection, and a client that reads its answer after the
/// reset gets an error instead of the 503 (a test saw it on a loaded machine).
async fn too_many(mut stream: TcpStream, error: &'static str) {
    let body = serde_json::json!({ "error": error }).to_string();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(LINGER, async {
        if stream.write_all(answer.as_bytes()).await.is_err() || stream.shutdown().await.is_err() {
            return;
        }
        let mut sink = [0u8; 1024];
        while matches!(stream.read(&mut sink).await, Ok(n) if n > 0) {}
    })
    .await;
}

/// How long a refused connection (503) may take to be answered and closed.
const LINGER: Duration = Duration::from_secs(2);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_address_has_its_own_places_given_back_when_dropped() {
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "::1".parse().unwrap());
        let places = PerAddress::new(2);
        let first = places.take(a).expect("a first place");
        let second = places.take(a).expect("a second place");
        assert!(places.take(a).is_none(), "two at most from one address");
        // Another address is not concerned.
        let other = places.take(b).expect("another address's place");
        assert_eq!((places.open(a), places.open(b)), (2, 1));
        drop(first);
        assert_eq!(places.open(a), 1);
        let again = places.take(a).expect("the place given back");
        drop((second, again, other));
        assert!(places.open.lock().unwrap().is_empty(), "no address kept");
        // A cap of 0 is read as 1: a client is never shut out for good.
        assert!(PerAddress::new(0).take(a).is_some());
    }

    #[test]
    fn host_names_are_checked_without_the_port() {
        let hosts = vec![normal("Games.Example.org.")];
        for ok in [
            "127.0.0.1:8080",
            "127.0.0.1",
            "localhost:8080",
            "LOCALHOST",
            "[::1]:8080",
            "[::1]",
            "192.168.1.20:80",
            "games.example.org:8080",
            "games.example.org.",
        ] {
            assert!(allowed(ok, &hosts), "{ok}");
        }
        for bad in [
            "evil.example.com:8080",
            "localhost.evil.com",
            "127.0.0.1.evil.com",
            "[::1",
            "[evil]:80",
            "example.org",
            "",
        ] {
            assert!(!allowed(bad, &hosts), "{bad}");
        }
    }
}
