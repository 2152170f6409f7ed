//! `carcassonne serve` as a program, spoken to over plain TCP: the games it
//! keeps survive `kill -9`, its default database is in the user's data
//! directory, and it says so when it listens beyond this computer; and
//! against real connections (issue 26): a client that closes early,
//! uploaded records that name files on the server's disk, foreign host
//! names, plugin failures, slow clients and too many connections.

use crate::browser::{spawn_server, Killed};
use crate::cli::{root, run, stderr, tmp};
use crate::common::scratch;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};

/// A running server (killed, SIGKILL, when dropped), its `host:port`, and
/// what it printed up to its address.
struct Server {
    process: Killed,
    addr: String,
    said: Vec<String>,
}

impl Server {
    /// `serve` with `args` and the environment variables `envs`.
    fn start_with(args: &[&str], envs: &[(&str, &Path)]) -> Server {
        let (process, url, said) = spawn_server(args, envs);
        let addr = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .replace("0.0.0.0", "127.0.0.1");
        Server {
            process,
            addr,
            said,
        }
    }

    /// `serve` on any free port, keeping nothing (`--db :memory:`), with
    /// `args` besides.
    fn start(args: &[&str]) -> Server {
        let all: Vec<&str> = ["--port", "0", "--db", ":memory:"]
            .into_iter()
            .chain(args.iter().copied())
            .collect();
        Server::start_with(&all, &[])
    }

    /// One request on a connection of its own, as the seat of `token` if
    /// given, naming `host`: the status and the body.
    fn request(
        &self,
        host: &str,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&str>,
    ) -> (u16, String) {
        let mut s = TcpStream::connect(&self.addr).expect("the server accepts connections");
        let body = body.unwrap_or("");
        let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
        write!(
            s,
            "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n{auth}\
             content-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).unwrap();
        parse_answer(&out)
    }

    /// One request: the status and the body.
    fn call(&self, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
        self.request(&self.addr, method, path, None, body)
    }

    /// [`Server::call`] with `host` in the `Host` header.
    fn call_as(&self, host: &str, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
        self.request(host, method, path, None, body)
    }

    /// A JSON request that must succeed, as the seat of `token` if given.
    fn ok_as(&self, token: Option<&str>, method: &str, path: &str, body: Option<&str>) -> Value {
        let (status, text) = self.request(&self.addr, method, path, token, body);
        assert_eq!(status, 200, "{method} {path}: {text}");
        serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"))
    }

    /// A JSON request that must succeed.
    fn ok(&self, method: &str, path: &str, body: Option<&str>) -> Value {
        self.ok_as(None, method, path, body)
    }

    /// Follows game `id` over its events stream until an event satisfies
    /// `until`; that event's data.
    fn follow(&self, id: &str, until: impl Fn(&Value) -> bool) -> Value {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        // Guards the test against a hang only; it measures nothing.
        s.set_read_timeout(Some(std::time::Duration::from_secs(300)))
            .unwrap();
        write!(
            s,
            "GET /api/games/{id}/events HTTP/1.1\r\nHost: {}\r\n\r\n",
            self.addr
        )
        .unwrap();
        // Each event is one chunk: its `data:` line is whole.
        for line in BufReader::new(s).lines() {
            let line = line.expect("the events stream goes on");
            if let Some(data) = line.strip_prefix("data: ") {
                let v: Value = serde_json::from_str(data).unwrap();
                if until(&v) {
                    return v;
                }
            }
        }
        panic!("the events stream ended");
    }

    /// Whether the process still runs.
    fn alive(&mut self) -> bool {
        self.process.0.try_wait().unwrap().is_none()
    }
}

/// An HTTP answer → its status and body (a chunked body put together).
fn parse_answer(out: &str) -> (u16, String) {
    let status = out
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no HTTP answer: `{out}`"));
    let (head, rest) = out.split_once("\r\n\r\n").unwrap_or((out, ""));
    if !head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        return (status, rest.to_string());
    }
    let mut body = String::new();
    let mut r = rest;
    while let Some((size, tail)) = r.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap();
        if n == 0 {
            break;
        }
        body.push_str(&tail[..n]);
        r = &tail[n + 2..];
    }
    (status, body)
}

/// A directory of its own for one test.
fn dir(name: &str) -> PathBuf {
    let d = tmp(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The next action of the seat to act in `v` (its own view).
fn next_action(v: &Value) -> String {
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
    let s = Server::start_with(&args, &[]);
    let created = s.ok(
        "POST",
        "/api/games",
        Some(r#"{"ruleset": 0, "seats": ["person", "person"], "seed": 3}"#),
    );
    let id = created["id"].as_str().unwrap().to_string();
    let tokens: Vec<String> = (0..2)
        .map(|i| created["seats"][i]["token"].as_str().unwrap().to_string())
        .collect();
    let game = format!("/api/games/{id}");
    let play = |s: &Server, n: usize| {
        for _ in 0..n {
            let v = s.ok("GET", &game, None);
            let t = Some(tokens[v["actor"].as_u64().unwrap() as usize].as_str());
            let mine = s.ok_as(t, "GET", &game, None);
            let body = json!({"action": next_action(&mine)}).to_string();
            s.ok_as(t, "POST", &format!("{game}/act"), Some(&body));
        }
    };
    play(&s, 9);
    let before = s.ok("GET", &game, None);
    assert_eq!(before["moves"], 9);
    drop(s); // kill -9
    let s = Server::start_with(&args, &[]);
    let after = s.ok("GET", &game, None);
    assert_eq!(after, before, "the game where it was");
    play(&s, 3);
    assert_eq!(s.ok("GET", &game, None)["moves"], 12);
}

#[test]
fn serve_keeps_games_in_the_data_directory_and_says_when_the_network_reaches_it() {
    let home = scratch("serve-home");
    let s = Server::start_with(
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
    let s = Server::start(&["--host", "0.0.0.0"]);
    assert_eq!(s.said.len(), 2, "{:?}", s.said);
    assert!(
        s.said[0].contains("reachable from the network"),
        "{:?}",
        s.said
    );
    // The address to open, not 0.0.0.0 (which no browser opens).
    assert!(
        s.said[1].starts_with("Carcassonne is served at http://127.0.0.1:")
            && s.said[1].contains("(others: http://<this computer's address>:"),
        "{:?}",
        s.said
    );
    assert_eq!(s.call("GET", "/api/lobby", None).0, 200);
}

#[test]
fn serve_survives_clients_that_close_pipelined_connections_early() {
    // Issue 26, defect 1: the server died of SIGPIPE (status 141, every game
    // lost) when a client sent pipelined requests and closed before reading.
    let mut s = Server::start(&[]);
    let game = s.ok(
        "POST",
        "/api/games",
        Some(r#"{"ruleset": 0, "seats": ["person", "person"], "seed": 1}"#),
    );
    let requests = format!("GET / HTTP/1.1\r\nHost: {}\r\n\r\n", s.addr).repeat(50);
    for _ in 0..20 {
        let mut c = TcpStream::connect(&s.addr).unwrap();
        c.write_all(requests.as_bytes()).unwrap();
        drop(c);
    }
    for _ in 0..5 {
        s.ok("GET", "/api/setup", None);
    }
    assert!(s.alive(), "the server ended");
    // It still serves the game it had, and new ones.
    let id = game["id"].as_str().unwrap();
    assert_eq!(s.ok("GET", &format!("/api/games/{id}"), None)["turn"], 1);
    s.ok(
        "POST",
        "/api/games",
        Some(r#"{"ruleset": 0, "seats": ["random", "random"]}"#),
    );
    assert!(s.alive());
}

#[test]
fn requests_naming_another_host_are_refused() {
    // Issue 26, defect 2: no `Host` check, so a page of another site could
    // reach a server on 127.0.0.1 through DNS rebinding.
    let s = Server::start(&["--allow-host", "games.example.org"]);
    let port = s.addr.rsplit(':').next().unwrap().to_string();
    for host in [
        s.addr.clone(),
        format!("localhost:{port}"),
        format!("games.example.org:{port}"),
        "[::1]".to_string(),
    ] {
        assert_eq!(s.call_as(&host, "GET", "/api/setup", None).0, 200, "{host}");
    }
    for host in [
        format!("rebound.example.com:{port}"),
        "127.0.0.1.example.com".into(),
    ] {
        let (status, body) = s.call_as(&host, "GET", "/api/setup", None);
        assert_eq!(status, 403, "{host}: {body}");
        assert!(body.contains("does not answer to the host name"), "{body}");
    }
    // A name that is not text is shown as what it reads (it read ``; the
    // answer is JSON, its backslash escaped).
    let mut c = TcpStream::connect(&s.addr).unwrap();
    c.write_all(b"GET /api/setup HTTP/1.1\r\nHost: caf\xe9\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = Vec::new();
    std::io::Read::read_to_end(&mut c, &mut answer).unwrap();
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 403"), "{answer}");
    assert!(
        answer.contains("the host name `caf\\\\u{fffd}`"),
        "{answer}"
    );
}

/// A ruleset on a tile-set file of its own, a game on it recorded by `play`,
/// and the record's JSON: `(directory, record)`.
fn record_on_own_tiles(name: &str) -> (PathBuf, Value) {
    let d = dir(name);
    let tiles = std::fs::read_to_string(root().join("configs/tilesets/base.toml")).unwrap();
    std::fs::create_dir_all(d.join("sets")).unwrap();
    std::fs::write(
        d.join("sets/my.toml"),
        tiles.replace("name = \"base\"", "name = \"my-base\""),
    )
    .unwrap();
    std::fs::write(
        d.join("r.toml"),
        "name = \"own tiles\"\ntilesets = [\"sets/my.toml\"]\n[plugins.abbot]\n",
    )
    .unwrap();
    let rec = d.join("g.json");
    crate::cli::record_random_game(&d.join("r.toml"), 3, &rec);
    let v = serde_json::from_str(&std::fs::read_to_string(&rec).unwrap()).unwrap();
    (d, v)
}

/// `record` with its ruleset naming tile set `name` and no tile set embedded.
fn naming(record: &Value, name: &str) -> String {
    let mut v = record.clone();
    v.as_object_mut().unwrap().remove("tilesets");
    let ruleset = v["ruleset"].as_str().unwrap().replace("sets/my.toml", name);
    v["ruleset"] = ruleset.into();
    json!({ "record": v.to_string() }).to_string()
}

#[test]
fn records_opened_by_the_server_read_no_file_outside_its_tile_set_dirs() {
    // Issue 26, defects 2 and 11: an uploaded record's ruleset could name any
    // file on the server's disk (`/etc/...`, `../../x.toml`): errors told
    // whether it existed and showed its keys, and a tile set was loaded. And
    // a record with its tile sets embedded, which `replay` plays, was refused.
    let (d, rec) = record_on_own_tiles("serve-paths");
    let outside = d.join("sets/my.toml");
    let s = Server::start(&[]);
    // Embedded tile sets are used (this was refused: the file was looked for).
    let embedded = json!({ "record": rec.to_string() }).to_string();
    s.ok("POST", "/api/records", Some(&embedded));
    // Files anywhere else are not read, and the answer is the same whether
    // the file exists or not.
    let missing = d.join("sets/none.toml");
    let relative = format!("../../../../../../..{}", outside.display());
    for name in [
        outside.to_str().unwrap(),
        missing.to_str().unwrap(),
        relative.as_str(),
        "/etc/passwd.toml",
    ] {
        let (status, body) = s.call("POST", "/api/records", Some(&naming(&rec, name)));
        assert_eq!(status, 400, "{name}: {body}");
        let e: Value = serde_json::from_str(&body).unwrap();
        let e = e["error"].as_str().unwrap();
        assert!(
            e.contains("is neither built in nor embedded in the record")
                && e.contains("other files are not read here")
                && !e.contains("cannot read")
                && !e.contains("my-base"),
            "{name}: {e}"
        );
    }
    // The server's own tile-set directories are read, and only inside them:
    // a symbolic link out of one is refused.
    let sets = d.join("sets");
    std::os::unix::fs::symlink(&outside, d.join("link-out.toml")).unwrap();
    std::os::unix::fs::symlink(d.join("link-out.toml"), sets.join("link.toml")).unwrap();
    let s = Server::start(&["--tileset-dir", sets.to_str().unwrap()]);
    s.ok("POST", "/api/records", Some(&naming(&rec, "my.toml")));
    s.ok(
        "POST",
        "/api/records",
        Some(&naming(&rec, outside.to_str().unwrap())),
    );
    std::fs::create_dir_all(d.join("other")).unwrap();
    std::fs::copy(&outside, d.join("other/my.toml")).unwrap();
    let s = Server::start(&["--tileset-dir", d.join("other").to_str().unwrap()]);
    for name in ["../sets/my.toml", "../link-out.toml"] {
        let (status, body) = s.call("POST", "/api/records", Some(&naming(&rec, name)));
        assert_eq!(status, 400, "{name}: {body}");
        assert!(body.contains("other files are not read here"), "{body}");
    }
}

#[test]
fn browser_records_are_self_contained() {
    // Issue 26, defect 11: records downloaded from the browser lacked
    // `tilesets`, `plugins` and `rules_hash`, so a game on a custom tile set
    // did not replay elsewhere.
    let (d, _) = record_on_own_tiles("serve-records");
    let s = Server::start(&["--ruleset", d.join("r.toml").to_str().unwrap()]);
    let game = s.ok(
        "POST",
        "/api/games",
        Some(r#"{"ruleset": 0, "seats": ["random", "greedy"], "seed": 9}"#),
    );
    let id = game["id"].as_str().unwrap();
    // The server plays the bots; the record of a finished game is anyone's.
    s.follow(id, |e| e["over"] == true);
    let (status, text) = s.call("GET", &format!("/api/games/{id}/record"), None);
    assert_eq!(status, 200, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert!(v["tilesets"]["sets/my.toml"]
        .as_str()
        .unwrap()
        .contains("my-base"));
    assert_eq!(v["rules_hash"].as_str().unwrap().len(), 16);
    assert_eq!(v["plugins"][0]["id"], "abbot", "{}", v["plugins"]);
    let copy = dir("serve-records-elsewhere").join("g.json");
    std::fs::write(&copy, &text).unwrap();
    std::fs::remove_dir_all(d.join("sets")).unwrap();
    let o = run(&["replay", copy.to_str().unwrap(), "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stderr(&o).contains("differ"), "{}", stderr(&o));
}

/// A ruleset file enabling `kit-faulty`, failing in `hook`.
fn faulty_ruleset(d: &Path, hook: &str) -> PathBuf {
    let path = d.join(format!("faulty-{hook}.toml"));
    std::fs::write(
        &path,
        format!(
            "name = \"faulty\"\ntilesets = [\"base\"]\n[plugins.kit-faulty]\nhook = \"{hook}\"\nmode = \"error\"\n"
        ),
    )
    .unwrap();
    path
}

#[test]
fn plugin_failures_in_the_server_are_http_500_and_change_nothing() {
    // Issue 26: a plugin failing in the server gave HTTP 400 (a bad request),
    // not the documented 500.
    let d = dir("serve-faulty");
    let ruleset = faulty_ruleset(&d, "tile_placed");
    let kit = crate::common::kit_library().to_str().unwrap().to_string();
    let s = Server::start(&["--ruleset", ruleset.to_str().unwrap(), "--plugin-dir", &kit]);
    let game = s.ok(
        "POST",
        "/api/games",
        Some(r#"{"ruleset": 0, "seats": ["person", "person"], "seed": 2}"#),
    );
    let id = game["id"].as_str().unwrap();
    let red = game["seats"][0]["token"].as_str();
    let path = format!("/api/games/{id}");
    let view = s.ok_as(red, "GET", &path, None);
    let place = json!({"action": next_action(&view)}).to_string();
    let (status, body) = s.request(&s.addr, "POST", &format!("{path}/act"), red, Some(&place));
    assert_eq!(status, 500, "{body}");
    assert!(
        body.contains("plugin `kit-faulty` failed in hook `tile_placed`"),
        "{body}"
    );
    let after = s.ok_as(red, "GET", &path, None);
    assert_eq!(after["moves"], 0);
    assert_eq!(
        after["placements"], view["placements"],
        "the game is unchanged"
    );
}

#[test]
fn a_game_of_endless_turns_ends_with_an_error_not_the_server() {
    // Issue 26, defect 4: a plugin granting a turn in every `game_ending`
    // made memory grow until one such game aborted the whole server.
    let d = dir("serve-endless");
    let ruleset = d.join("endless.toml");
    std::fs::write(
        &ruleset,
        "name = \"endless\"\ntilesets = [\"base\"]\n[plugins.kit-endless-turns]\n",
    )
    .unwrap();
    let kit = crate::common::kit_library().to_str().unwrap().to_string();
    let mut s = Server::start(&["--ruleset", ruleset.to_str().unwrap(), "--plugin-dir", &kit]);
    let game = s.ok(
        "POST",
        "/api/games",
        Some(r#"{"ruleset": 0, "seats": ["random", "random"], "seed": 4}"#),
    );
    let id = game["id"].as_str().unwrap();
    // The server plays the bots until the engine refuses a turn too many: the
    // game stops there, with the error shown to whoever follows or opens it.
    let stuck = s.follow(id, |e| !e["stuck"].is_null());
    assert_eq!(stuck["over"], false);
    let view = s.ok("GET", &format!("/api/games/{id}"), None);
    for said in [&stuck["stuck"], &view["stuck"]] {
        assert!(
            said.as_str()
                .unwrap()
                .contains("plugin `kit-endless-turns` failed in hook `grant_turn`"),
            "{said}"
        );
    }
    assert!(s.alive());
    s.ok(
        "POST",
        "/api/games",
        Some(r#"{"ruleset": 1, "seats": ["random", "random"]}"#),
    );
}

/// A connection that sent half a request.
fn half_sent(addr: &str) -> TcpStream {
    let mut c = TcpStream::connect(addr).unwrap();
    write!(c, "GET /api/setup HTTP/1.1\r\nHost: {addr}\r\n").unwrap();
    c
}

#[test]
fn connections_beyond_the_limit_get_503_at_once() {
    // Issue 26: no connection limit (3,000 half-sent requests were held open).
    let s = Server::start(&["--max-connections", "3", "--header-timeout", "600"]);
    let mut held: Vec<TcpStream> = (0..3).map(|_| half_sent(&s.addr)).collect();
    // The kernel hands connections over in order: these three hold the limit.
    let (status, body) = s.call("GET", "/api/setup", None);
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("too many connections"), "{body}");
    // One of them finishes its request and closes: a place is free again.
    assert!(one_closes_and_its_place_is_used(&s, &mut held));
}

/// The last of the `held` connections finishes its request (200) and closes;
/// whether the place it held is used by a request after it (tried for a
/// while: the server frees it when it has seen the close).
fn one_closes_and_its_place_is_used(s: &Server, held: &mut Vec<TcpStream>) -> bool {
    let mut done = held.pop().unwrap();
    done.write_all(b"Connection: close\r\n\r\n").unwrap();
    let mut out = String::new();
    done.read_to_string(&mut out).unwrap();
    assert_eq!(parse_answer(&out).0, 200);
    (0..1000).any(|_| {
        let ok = s.call("GET", "/api/setup", None).0 == 200;
        if !ok {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        ok
    })
}

#[test]
fn connections_from_one_address_beyond_its_cap_get_503_at_once() {
    // One client holding every place shut the others out (December 2026).
    let s = Server::start(&["--connections-per-address", "2", "--header-timeout", "600"]);
    let mut held: Vec<TcpStream> = (0..2).map(|_| half_sent(&s.addr)).collect();
    let (status, body) = s.call("GET", "/api/setup", None);
    assert_eq!(status, 503, "{body}");
    assert!(
        body.contains("too many connections from your address"),
        "{body}"
    );
    // Under the server's own limit (256): the refusal was the address's,
    // whose freed place is used again.
    assert!(one_closes_and_its_place_is_used(&s, &mut held));
}

#[test]
fn half_sent_requests_are_closed_after_the_header_timeout() {
    // Issue 26: no header-read timeout: a half-sent request was held forever.
    let s = Server::start(&["--header-timeout", "1"]);
    let mut c = half_sent(&s.addr);
    // The server closes it: reading ends (the read timeout only guards the
    // test against a hang; it measures nothing).
    c.set_read_timeout(Some(std::time::Duration::from_secs(300)))
        .unwrap();
    let mut buf = Vec::new();
    match c.read_to_end(&mut buf) {
        Ok(_) => {}
        Err(e) => assert_eq!(e.kind(), std::io::ErrorKind::ConnectionReset, "{e}"),
    }
    let answer = String::from_utf8_lossy(&buf);
    assert!(!answer.contains(" 200 "), "{answer}");
    assert_eq!(s.call("GET", "/api/setup", None).0, 200);
}

#[test]
fn ctrl_c_stops_the_server_while_pages_follow_games() {
    // The connection loop lets open connections finish before the server
    // ends: a page's events stream, which never finishes by itself, is ended
    // when the server stops, so Ctrl-C does not wait for the pages.
    let mut s = Server::start(&[]);
    let game = s.ok(
        "POST",
        "/api/games",
        Some(r#"{"ruleset": 0, "seats": ["person", "person"]}"#),
    );
    let id = game["id"].as_str().unwrap();
    let mut page = TcpStream::connect(&s.addr).unwrap();
    write!(
        page,
        "GET /api/games/{id}/events HTTP/1.1\r\nHost: {}\r\n\r\n",
        s.addr
    )
    .unwrap();
    let mut head = [0u8; 12];
    page.read_exact(&mut head).unwrap();
    assert_eq!(&head, b"HTTP/1.1 200");
    // SAFETY: signalling our own child process.
    unsafe {
        libc::kill(s.process.0.id() as libc::pid_t, libc::SIGINT);
    }
    // Guards the test against a hang only; it measures nothing.
    page.set_read_timeout(Some(std::time::Duration::from_secs(300)))
        .unwrap();
    let mut rest = Vec::new();
    page.read_to_end(&mut rest)
        .expect("the server ends the events stream");
    let status = s.process.0.wait().unwrap();
    assert!(status.success(), "{status:?}");
    assert!(String::from_utf8_lossy(&rest).contains("\"moves\":0"));
}
