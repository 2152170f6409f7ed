//! The browser front end as people use it: `carcassonne serve` started as a
//! program, headless Chromium (Debian's `chromium` and `chromium-driver`,
//! which `scripts/test` installs) driven through chromedriver over WebDriver.
//! Screenshots and records are saved under `target/browser-test/`.
//!
//! * [`solo`]: one person against a bot, a whole game by clicking, the record
//!   and the replay of past turns.
//! * [`friends`]: two browsers, each through its own invitation link, play one
//!   game; the server is killed (`kill -9`) and started again mid-game.
//! * [`notes`]: the plugins' notes about seats and features on the page.
//! * [`tower`]: a Tower capture chosen by clicking the figure on the board,
//!   and an action's answer that arrives after the change it announced.
//! * [`river`]: river tiles placed, what comes next and why a square is refused.
//! * [`bazaar`]: a bridge laid with its tile and a bid typed in an auction.
//! * [`count`]: a follower moved from a quarter of the city of Carcassonne
//!   into a city about to be scored, by a player who is not the active one.
//! * [`phone`]: the setup page and a game on a phone's screen.
//! * [`your_games`]: a game left for the setup page, found in "Your games"
//!   and resumed; the browser's Back and Forward between the two.
//! * [`seats`]: an invitation whose seat was taken from the lobby; an invited
//!   friend asked for his name, told whom the game waits for, and not offered
//!   a stand-in before the wait.

mod bazaar;
mod count;
mod friends;
mod notes;
mod phone;
mod river;
mod seats;
mod solo;
mod tower;
mod your_games;

use carcassonne_core::{Driver, Game, Record};
use fantoccini::{Client, ClientBuilder, Locator};
use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// A child process killed when the test ends, however it ends.
pub struct Killed(pub Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts `carcassonne serve` with `args` (and no bot delay) and the
/// environment variables `envs`; returns the process, the address it printed
/// once it listens, and every line it printed up to then.
pub fn spawn_server(args: &[&str], envs: &[(&str, &Path)]) -> (Killed, String, Vec<String>) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_carcassonne"));
    cmd.arg("serve").args(["--bot-delay", "0"]).args(args);
    for (k, v) in envs {
        cmd.env(k, v);
    }
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the program starts");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    // Killed however this ends.
    let guard = Killed(child);
    let mut said = Vec::new();
    loop {
        let mut line = String::new();
        let n = out.read_line(&mut line).unwrap();
        assert!(n > 0, "serve ended: {said:?}");
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .map(str::to_string);
        said.push(line);
        if let Some(url) = url {
            return (guard, url, said);
        }
    }
}

/// Starts `carcassonne serve` with `args` (and no bot delay); returns the
/// process and the address it printed once it listens (on this computer only).
pub fn start_server(args: &[&str]) -> (Killed, String) {
    let (guard, url, _) = spawn_server(args, &[]);
    assert!(
        url.starts_with("http://127.0.0.1:"),
        "binds to localhost: {url}"
    );
    (guard, url)
}

pub fn start_chromedriver() -> (Killed, u16) {
    for tool in [CHROMIUM, CHROMEDRIVER] {
        assert!(
            Path::new(tool).exists(),
            "{tool} is missing: `scripts/test` installs Debian's chromium and chromium-driver"
        );
    }
    let port = free_port();
    // Chromium's own temporary files (it keeps shared memory in the temporary
    // directory with --disable-dev-shm-usage) go under target/tmp too, in a
    // directory of this driver's own: `scratch` empties the directory it
    // names, and one shared by the tests running at once was removed under a
    // browser still at work when the next test started its driver (a failed
    // browser test in CI, December 2026).
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .env(
            "TMPDIR",
            crate::common::scratch(&format!("chromium-tmp-{port}")),
        )
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "chromedriver does not answer"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    (Killed(child), port)
}

/// The browsers' window, width by height, unless a test says otherwise (see
/// [`browser`]).
pub const WINDOW: (u32, u32) = (800, 600);

/// A phone's screen (an iPhone 12 to 15's, in CSS pixels).
pub const PHONE: (u32, u32) = (390, 844);

/// A server (`serve` on a database in memory) and one headless browser on
/// its page (profile `scratch(tag)`, its window `window`), once the setup
/// form has the server's rulesets: the server, chromedriver, the browser and
/// its profile directory.
pub async fn one_page(tag: &str, window: (u32, u32)) -> (Killed, Killed, Client, PathBuf) {
    let (server, url) = start_server(&["--port", "0", "--db", ":memory:"]);
    let (driver, port) = start_chromedriver();
    let profile = crate::common::scratch(tag);
    let c = opened(port, &profile, &url, window).await;
    // The ruleset options arrive with the server's setup (all in one script
    // task), after the static form: wait for them, not only for the button.
    c.wait().for_element(Locator::Css("#start")).await.unwrap();
    c.wait()
        .for_element(Locator::Css("#ruleset option"))
        .await
        .unwrap();
    (server, driver, c, profile)
}

/// A browser session on `url`. Chromium's renderer has crashed on a first
/// page load on a fresh CI machine ("tab crashed", seen once, December 2026,
/// when the drivers still shared one temporary directory: see
/// [`start_chromedriver`]): that crash is the browser's, not the page's, so a
/// second session gets one more try and the first error is printed; a page
/// that fails twice fails the test.
pub async fn opened(port: u16, profile: &Path, url: &str, window: (u32, u32)) -> Client {
    let c = browser(port, profile, window).await;
    let first = match c.goto(url).await {
        Ok(()) => return c,
        Err(e) => e,
    };
    eprintln!("the browser failed to load {url} ({first}); trying a second session");
    let _ = c.close().await;
    let c = browser(port, profile, window).await;
    if let Err(second) = c.goto(url).await {
        panic!("the browser failed to load {url} twice: {first}; then {second}");
    }
    c
}

/// A headless Chromium session with its own profile (its own local storage)
/// and a window of `window` (width, height).
///
/// The tests' window is [`WINDOW`], 800 by 600: Chromium draws the board in software at every
/// update, and at 1400 by 900 that drawing was most of the two whole-game
/// tests' time (the friends' game 48 s, 40 processor seconds of Chromium; 33 s
/// and 28 at this size, docs/testing.md). Smaller again saved nothing more.
pub async fn browser(port: u16, profile: &Path, window: (u32, u32)) -> Client {
    let mut caps = serde_json::json!({
        "goog:chromeOptions": {
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", format!("--window-size={},{}", window.0.max(500), window.1),
                format!("--user-data-dir={}", profile.display()),
            ],
        }
    });
    if window.0 < 500 {
        // Chromium's windows are 500 pixels wide at least: a phone's screen
        // is Chromium's emulation of one (its width, the page's viewport).
        caps["goog:chromeOptions"]["mobileEmulation"] = serde_json::json!({
            "deviceMetrics": { "width": window.0, "height": window.1, "pixelRatio": 1.0 },
        });
    }
    let caps = caps.as_object().unwrap().clone();
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a WebDriver session")
}

pub async fn js(c: &Client, script: &str) -> serde_json::Value {
    c.execute(script, vec![]).await.unwrap()
}

/// What the page says of itself: its update counter, its state (`setup`,
/// `play`: the page's seat is to act, `wait`, `over`), the moves of the game
/// it shows, and the error it shows (empty: none).
pub async fn page_state(c: &Client) -> (i64, String, i64, String) {
    let v = js(
        c,
        "return [Number(document.body.dataset.updates || 0), document.body.dataset.state, \
         Number(document.body.dataset.moves || -1), \
         document.getElementById('error').hidden ? '' : document.getElementById('error').textContent];",
    )
    .await;
    (
        v[0].as_i64().unwrap(),
        v[1].as_str().unwrap_or("").to_string(),
        v[2].as_i64().unwrap(),
        v[3].as_str().unwrap_or("").to_string(),
    )
}

/// Waits until the page has shown a new view (`updates` past `after`) in which
/// its seat is to act or the game is over; returns the counter and the state.
pub async fn settled(c: &Client, after: i64) -> (i64, String) {
    let started = Instant::now();
    loop {
        let (n, state, _, err) = page_state(c).await;
        assert!(err.is_empty(), "the page shows an error: {err}");
        if n > after && (state == "play" || state == "over") {
            return (n, state);
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the page is stuck in state `{state}`"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Fills the setup form (the ruleset already chosen) with a seat per entry
/// of `seats` (`person` or a bot's name) and `seed`, and starts the game.
pub async fn start_game(c: &Client, seats: &[&str], seed: u64) {
    let selects = c.find_all(Locator::Css("#seats select")).await.unwrap();
    assert_eq!(selects.len(), seats.len());
    for (s, kind) in selects.iter().zip(seats) {
        s.select_by_value(kind).await.unwrap();
    }
    let seed_box = c.find(Locator::Css("#seed")).await.unwrap();
    seed_box.send_keys(&seed.to_string()).await.unwrap();
    let start = c.find(Locator::Css("#start")).await.unwrap();
    start.click().await.unwrap();
}

/// The scores a page shows.
pub async fn scores(c: &Client) -> Vec<i32> {
    let mut out = Vec::new();
    for e in c.find_all(Locator::Css("#scores .score")).await.unwrap() {
        out.push(e.text().await.unwrap().trim().parse::<i32>().unwrap());
    }
    out
}

/// Opens the record file `path` from the setup page (its file input).
pub async fn open_record_file(c: &Client, path: &Path) {
    c.find(Locator::Css("#record-file"))
        .await
        .unwrap()
        .send_keys(path.to_str().unwrap())
        .await
        .unwrap();
}

/// The record of a two-player game of the shipped ruleset `config`
/// (`configs/<config>`) with seed `seed`, after `steps` (actions separated by
/// new lines or `;`): a game stopped where a test's page takes it up.
pub fn record_after(config: &str, seed: u64, steps: &str) -> String {
    let text = crate::common::config_text(config);
    let mut g = Game::new(crate::common::rules(&text), 2, seed).unwrap();
    let mut rec = carcassonne_core::record::Recorder::default();
    for step in steps
        .split(['\n', ';'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        let a = g.parse_action(step).unwrap();
        rec.apply(&mut g, a).unwrap();
    }
    let name = text
        .lines()
        .find_map(|l| l.strip_prefix("name = \""))
        .and_then(|l| l.strip_suffix('"'))
        .expect("a name");
    rec.finish(&g, name, &text).to_json()
}

/// Saves `record` as `file` under [`out_dir`], opens it from the setup page
/// and waits until the page plays it: the page's move counter.
pub async fn open_saved_record(c: &Client, file: &str, record: String) -> i64 {
    let saved = out_dir().join(file);
    std::fs::write(&saved, record).unwrap();
    open_record_file(c, &saved).await;
    let (n, state) = settled(c, 0).await;
    assert_eq!(state, "play");
    n
}

/// The text of the first element `css` finds.
pub async fn text(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

/// The prompt's text.
pub async fn prompt(c: &Client) -> String {
    text(c, "#prompt").await
}

/// Clicks the first element `css` finds.
pub async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// The record the page offers for download, and the game it replays to.
pub async fn downloaded(c: &Client) -> (Record, Game) {
    let text = c
        .execute_async(
            "const done = arguments[arguments.length - 1];\
             fetch(document.getElementById('record').href).then(r => r.text()).then(done);",
            vec![],
        )
        .await
        .unwrap();
    let rec = Record::from_json(text.as_str().unwrap()).expect("a game record");
    let mut g = Game::new(crate::common::rules(&rec.ruleset), rec.players, rec.seed).unwrap();
    Driver::new(&rec.forced)
        .replay(&mut g, &rec.actions)
        .unwrap();
    (rec, g)
}

/// Where the screenshots and the records go: `browser-test/` in cargo's target
/// directory (`target/` unless `CARGO_TARGET_DIR` says otherwise; never the
/// repository or the system's temporary directory).
pub fn out_dir() -> PathBuf {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let d = tmp
        .parent()
        .expect("cargo's temporary directory is inside the target directory")
        .join("browser-test");
    std::fs::create_dir_all(&d).unwrap();
    d
}
