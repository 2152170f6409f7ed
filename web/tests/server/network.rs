//! The connection loop over real connections: a body sent too slowly is
//! answered 408 and its connection closed, so stalled bodies cannot hold the
//! connections.

use crate::common::*;
use carcassonne_web::net::{serve, Network};
use serde_json::Value;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// Guards a read against a hang only; it measures nothing.
const HANG: Duration = Duration::from_secs(120);

/// Sends `request` on a new connection to `addr` and reads until the server
/// closes it: the status line and the body.
async fn exchange(addr: SocketAddr, request: &str) -> (String, String, String) {
    let mut c = TcpStream::connect(addr).await.unwrap();
    c.write_all(request.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    tokio::time::timeout(HANG, c.read_to_end(&mut out))
        .await
        .expect("the server closes the connection")
        .unwrap();
    let text = String::from_utf8(out).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.lines().next().unwrap_or("").to_string();
    (status, head.to_ascii_lowercase(), body.to_string())
}

/// A server of the test app on a free local port with `net`: its address,
/// and what stops it (and waits until it has stopped).
async fn served(net: Network) -> (SocketAddr, impl std::future::Future<Output = ()>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(async move {
        serve(listener, app(), &net, async {
            let _ = stopped.await;
        })
        .await
    });
    let stop = async move {
        stop.send(()).unwrap();
        server.await.unwrap().unwrap();
    };
    (addr, stop)
}

#[tokio::test]
async fn a_body_sent_too_slowly_gets_408_and_its_connection_is_closed() {
    // One connection at most: a stalled body held it for ever.
    let (addr, stop) = served(Network {
        hosts: Vec::new(),
        header_timeout: Duration::from_secs(1),
        max_connections: 1,
        ..Network::default()
    })
    .await;
    // Ten bytes of the hundred announced, then nothing.
    let stalled = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\ncontent-type: application/json\r\n\
         content-length: 100\r\n\r\n{{\"ruleset\""
    );
    let (status, head, body) = exchange(addr, &stalled).await;
    assert_eq!(status, "HTTP/1.1 408 Request Timeout", "{head}{body}");
    assert!(head.contains("connection: close"), "{head}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        v["error"],
        "the request body did not arrive within 1 s of its headers: the connection is closed"
    );
    // The one place is free again: the next client is served.
    let setup = format!("GET /api/setup HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    let (status, _, body) = exchange(addr, &setup).await;
    assert_eq!(status, "HTTP/1.1 200 OK", "{body}");
    // A body sent whole in time is read as always.
    let create = r#"{"ruleset": 0, "seats": ["person", "person"]}"#;
    let request = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         content-type: application/json\r\ncontent-length: {}\r\n\r\n{create}",
        create.len()
    );
    let (status, _, body) = exchange(addr, &request).await;
    assert_eq!(status, "HTTP/1.1 200 OK", "{body}");
    stop.await;
}

#[tokio::test]
async fn a_body_that_cannot_be_read_gets_400_not_413() {
    let (addr, stop) = served(Network {
        hosts: Vec::new(),
        ..Network::default()
    })
    .await;
    // A chunked body whose first chunk's size is no number: unreadable, and
    // no larger than anything.
    let malformed = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         content-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n\
         ZZ\r\nxx\r\n0\r\n\r\n"
    );
    let (status, head, body) = exchange(addr, &malformed).await;
    assert_eq!(status, "HTTP/1.1 400 Bad Request", "{head}{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    let msg = v["error"].as_str().unwrap();
    assert!(
        msg.starts_with("the request body could not be read: ") && !msg.contains("larger"),
        "{msg}"
    );
    stop.await;
}
