//! `carcassonne serve` as a program: the games it keeps survive `kill -9`,
//! its default database is in the user's data directory, and it says so when
//! it listens beyond this computer.

use crate::cli::bin;
use crate::common::scratch;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};

/// A server process, killed (SIGKILL) when dropped.
struct Server {
    child: Child,
    addr: String,
    /// What it printed before its address.
    said: Vec<String>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `serve` with `args` and `envs`; waits until it prints its address.
fn serve(args: &[&str], envs: &[(&str, &std::path::Path)]) -> Server {
    let mut cmd = bin();
    cmd.arg("serve").args(["--bot-delay", "0"]).args(args);
    for (k, v) in envs {
        cmd.env(k, v);
    }
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    // Killed however this ends.
    let mut s = Server {
        child,
        addr: String::new(),
        said: Vec::new(),
    };
    loop {
        let mut line = String::new();
        assert!(
            out.read_line(&mut line).unwrap() > 0,
            "serve ended: {:?}",
            s.said
        );
        let url = line.split_whitespace().find(|w| w.starts_with("http://"));
        if let Some(url) = url {
            let addr = url.trim_start_matches("http://").trim_end_matches('/');
            s.addr = addr.replace("0.0.0.0", "127.0.0.1");
        }
        s.said.push(line);
        if !s.addr.is_empty() {
            return s;
        }
    }
}

/// One HTTP request (the connection closed after it) → status and body.
fn http(addr: &str, method: &str, path: &str, token: Option<&str>, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{auth}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        let mut out = String::new();
        let mut r = rest;
        while let Some((size, tail)) = r.split_once("\r\n") {
            let n = usize::from_str_radix(size.trim(), 16).unwrap();
            if n == 0 {
                break;
            }
            out.push_str(&tail[..n]);
            r = &tail[n + 2..];
        }
        out
    } else {
        rest.to_string()
    };
    (status, body)
}

fn json(
    addr: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &str,
) -> serde_json::Value {
    let (status, text) = http(addr, method, path, token, body);
    assert_eq!(status, 200, "{method} {path}: {text}");
    serde_json::from_str(&text).unwrap()
}

/// The next action of the seat to act in the view `v` (its own view).
fn next_action(v: &serde_json::Value) -> String {
    match v["placements"].as_array().and_then(|p| p.first()) {
        Some(s) => format!("place {} {} {}", s["x"], s["y"], s["rots"][0]),
        None => v["choices"][0]["text"].as_str().unwrap().to_string(),
    }
}

#[test]
fn a_server_killed_mid_game_serves_every_game_at_its_move_when_started_again() {
    let dir = scratch("serve-kill");
    let db = dir.join("games.sqlite3");
    let args = ["--port", "0", "--db", db.to_str().unwrap()];
    let s = serve(&args, &[]);
    let created = json(
        &s.addr,
        "POST",
        "/api/games",
        None,
        r#"{"ruleset": 0, "seats": ["person", "person"], "seed": 3}"#,
    );
    let id = created["id"].as_str().unwrap().to_string();
    let tokens: Vec<String> = (0..2)
        .map(|i| created["seats"][i]["token"].as_str().unwrap().to_string())
        .collect();
    let game = format!("/api/games/{id}");
    let play = |addr: &str, n: usize| {
        for _ in 0..n {
            let v = json(addr, "GET", &game, None, "");
            let t = &tokens[v["actor"].as_u64().unwrap() as usize];
            let mine = json(addr, "GET", &game, Some(t), "");
            let body = serde_json::json!({"action": next_action(&mine)}).to_string();
            json(addr, "POST", &format!("{game}/act"), Some(t), &body);
        }
    };
    play(&s.addr, 9);
    let before = json(&s.addr, "GET", &game, None, "");
    assert_eq!(before["moves"], 9);
    drop(s); // kill -9
    let s = serve(&args, &[]);
    let after = json(&s.addr, "GET", &game, None, "");
    assert_eq!(after, before, "the game where it was");
    play(&s.addr, 3);
    assert_eq!(json(&s.addr, "GET", &game, None, "")["moves"], 12);
}

#[test]
fn serve_keeps_games_in_the_data_directory_and_says_when_the_network_reaches_it() {
    let home = scratch("serve-home");
    let s = serve(
        &["--port", "0"],
        &[("XDG_DATA_HOME", &home), ("HOME", &home)],
    );
    let file = home.join("carcassonne/games.sqlite3");
    assert!(file.exists(), "{}", file.display());
    #[cfg(unix)]
    {
        // The file holds the seats' tokens: its folder is the user's alone.
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(home.join("carcassonne"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o700, "{mode:o}");
    }
    assert!(
        s.said.last().unwrap().contains(file.to_str().unwrap()),
        "{:?}",
        s.said
    );
    assert_eq!(
        s.said.len(),
        1,
        "nothing more on this computer alone: {:?}",
        s.said
    );
    drop(s);
    let s = serve(
        &["--port", "0", "--db", ":memory:", "--host", "0.0.0.0"],
        &[],
    );
    assert_eq!(s.said.len(), 2, "{:?}", s.said);
    assert!(
        s.said[0].contains("reachable from the network"),
        "{:?}",
        s.said
    );
    let (status, _) = http(&s.addr, "GET", "/api/lobby", None, "");
    assert_eq!(status, 200);
}
