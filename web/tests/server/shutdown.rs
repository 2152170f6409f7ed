//! SIGTERM stops the server as Ctrl-C does: the pages' event streams end,
//! and the server returns (exit code 0), where the process used to die at
//! once (exit code 143) with the streams cut.
//!
//! The server runs in a child process: this test binary again, running
//! only this test with [`CHILD`] set, which serves until a signal stops it.

use crate::common::*;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

/// Set in the child process: it serves, and says where.
const CHILD: &str = "CARCASSONNE_WEB_TEST_SERVE_CHILD";
/// What the child says before its address.
const SERVING: &str = "serving on ";

/// One request on a connection of its own: the answer's body.
fn request(addr: &str, method: &str, path: &str, body: &str) -> String {
    let mut c = TcpStream::connect(addr).unwrap();
    write!(
        c,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         content-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = String::new();
    c.read_to_string(&mut out).unwrap();
    out.split_once("\r\n\r\n").unwrap().1.to_string()
}

#[cfg(unix)]
#[test]
fn sigterm_stops_the_server_gracefully_as_ctrl_c_does() {
    if std::env::var_os(CHILD).is_some() {
        let addr = "127.0.0.1:0".parse().unwrap();
        let net = carcassonne_web::Network::default();
        carcassonne_web::run(addr, config(memory()), net, |addr| {
            println!("{SERVING}{addr}");
        })
        .expect("the server stops without an error");
        return;
    }
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "shutdown::sigterm_stops_the_server_gracefully_as_ctrl_c_does",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, "1")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let addr = loop {
        let mut line = String::new();
        assert!(out.read_line(&mut line).unwrap() > 0, "the child ended");
        // After the test harness's `test <name> ... ` on the same line.
        if let Some((_, a)) = line.trim().split_once(SERVING) {
            break a.to_string();
        }
    };
    let game = request(
        &addr,
        "POST",
        "/api/games",
        r#"{"ruleset": 0, "seats": ["person", "person"]}"#,
    );
    let id = serde_json::from_str::<serde_json::Value>(&game).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    // A page follows the game.
    let mut page = TcpStream::connect(&addr).unwrap();
    write!(
        page,
        "GET /api/games/{id}/events HTTP/1.1\r\nHost: {addr}\r\n\r\n"
    )
    .unwrap();
    let mut head = [0u8; 12];
    page.read_exact(&mut head).unwrap();
    assert_eq!(&head, b"HTTP/1.1 200");
    let kill = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    // Guards the test against a hang only; it measures nothing.
    page.set_read_timeout(Some(std::time::Duration::from_secs(300)))
        .unwrap();
    let mut rest = Vec::new();
    page.read_to_end(&mut rest)
        .expect("the server ends the events stream");
    let rest = String::from_utf8_lossy(&rest);
    assert!(rest.contains("\"moves\":0"), "{rest}");
    // The stream ended as a stream ends (its last chunk), not cut.
    assert!(rest.ends_with("0\r\n\r\n"), "{rest:?}");
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
}
