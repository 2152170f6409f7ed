//! Play in the browser as a person would: start `carcassonne serve`, drive a
//! headless Chromium (Debian's `chromium` and `chromium-driver`, which
//! `scripts/test` installs) through a whole Hills & Sheep game against a bot by
//! clicking, then check the scores the page shows against a replay of the record
//! it offers for download. Screenshots (placing a tile, the final page)
//! and the record are saved under `target/browser-test/`.

use crate::common::rules;
use carcassonne_core::{Driver, Game, Record};
use fantoccini::{Client, ClientBuilder, Locator};
use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// A child process killed when the test ends, however it ends.
pub(crate) struct Killed(pub(crate) Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts `carcassonne serve` on a free port with `args` besides; returns
/// the process and the address it printed.
pub(crate) fn start_server(args: &[&str]) -> (Killed, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["serve", "--port", "0", "--bot-delay", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the program starts");
    let out = child.stdout.take().unwrap();
    let guard = Killed(child);
    let mut line = String::new();
    BufReader::new(out).read_line(&mut line).unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in `{line}`"))
        .to_string();
    assert!(
        url.starts_with("http://127.0.0.1:"),
        "binds to localhost: {url}"
    );
    (guard, url)
}

fn start_chromedriver() -> (Killed, u16) {
    for tool in [CHROMIUM, CHROMEDRIVER] {
        assert!(
            std::path::Path::new(tool).exists(),
            "{tool} is missing: `scripts/test` installs Debian's chromium and chromium-driver"
        );
    }
    let port = free_port();
    // Chromium's own temporary files (it keeps shared memory in the temporary
    // directory with --disable-dev-shm-usage) go under target/tmp too.
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .env("TMPDIR", crate::common::scratch("chromium-tmp"))
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

async fn browser(port: u16, profile: &std::path::Path) -> Client {
    let caps = serde_json::json!({
        "goog:chromeOptions": {
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1400,900",
                format!("--user-data-dir={}", profile.display()),
            ],
        }
    });
    let caps = caps.as_object().unwrap().clone();
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a WebDriver session")
}

async fn js(c: &Client, script: &str) -> serde_json::Value {
    c.execute(script, vec![]).await.unwrap()
}

/// Waits until the page has shown a new view (`updates` past `after`) and is
/// not waiting for a bot; returns the counter and the page's state.
async fn settled(c: &Client, after: i64) -> (i64, String) {
    let started = Instant::now();
    loop {
        let v = js(
            c,
            "return [Number(document.body.dataset.updates || 0), document.body.dataset.state, \
             document.getElementById('error').hidden ? '' : document.getElementById('error').textContent];",
        )
        .await;
        let (n, state, err) = (
            v[0].as_i64().unwrap(),
            v[1].as_str().unwrap_or("").to_string(),
            v[2].as_str().unwrap_or(""),
        );
        assert!(err.is_empty(), "the page shows an error: {err}");
        if n > after && (state == "person" || state == "over") {
            return (n, state);
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the page is stuck in state `{state}`"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Where the screenshots and the record go: `browser-test/` in cargo's target
/// directory (`target/` unless `CARGO_TARGET_DIR` says otherwise; never the
/// repository or the system's temporary directory).
fn out_dir() -> PathBuf {
    let tmp = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let d = tmp
        .parent()
        .expect("cargo's temporary directory is inside the target directory")
        .join("browser-test");
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[tokio::test(flavor = "current_thread")]
async fn a_person_plays_a_whole_game_against_a_bot_in_the_browser() {
    let (_server, url) = start_server(&[]);
    let (_driver, port) = start_chromedriver();
    let profile = crate::common::scratch("chromium-profile");
    let c = browser(port, &profile).await;
    c.goto(&format!("{url}?delay=0")).await.unwrap();

    // The setup form: the default ruleset (Hills & Sheep), Red a person, Blue a bot.
    // The ruleset options arrive with the server's setup (all in one script
    // task), after the static form: wait for them, not only for the button.
    c.wait().for_element(Locator::Css("#start")).await.unwrap();
    c.wait()
        .for_element(Locator::Css("#ruleset option"))
        .await
        .unwrap();
    let rulesets = c.find_all(Locator::Css("#ruleset option")).await.unwrap();
    assert_eq!(
        rulesets.len(),
        carcassonne_host::shipped::SHIPPED.len(),
        "every shipped ruleset is offered"
    );
    let first = rulesets[0].text().await.unwrap();
    assert!(first.contains("Hills & Sheep"), "{first}");
    let seats = c.find_all(Locator::Css("#seats select")).await.unwrap();
    assert_eq!(seats.len(), 2);
    seats[0].select_by_value("person").await.unwrap();
    seats[1].select_by_value("greedy").await.unwrap();
    c.find(Locator::Css("#seed"))
        .await
        .unwrap()
        .send_keys("11")
        .await
        .unwrap();
    c.find(Locator::Css("#start"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();

    let (mut n, mut state) = settled(&c, 0).await;
    let (mut placed, mut figures, mut board_clicks, mut decisions) = (0, 0, 0, 0);
    let mut rotations = 0;
    while state == "person" {
        let placing = js(&c, "return !document.getElementById('drawn').hidden;").await;
        if placing.as_bool() == Some(true) {
            // Click a highlighted square, sometimes twice to turn the tile, then place it.
            let spots = c.find_all(Locator::Css("rect.candidate")).await.unwrap();
            assert!(!spots.is_empty(), "a tile to place and nowhere to place it");
            let spot = &spots[(placed * 7) % spots.len()];
            spot.click().await.unwrap();
            if placed % 3 == 0 {
                c.find(Locator::Css("#rotate-right"))
                    .await
                    .unwrap()
                    .click()
                    .await
                    .unwrap();
                rotations += 1;
            }
            if placed == 12 {
                // What a person sees while choosing where the tile goes.
                let shot = c.screenshot().await.unwrap();
                std::fs::write(out_dir().join("placing.png"), shot).unwrap();
                let preview = c
                    .find_all(Locator::Css("#board svg.preview"))
                    .await
                    .unwrap();
                assert_eq!(
                    preview.len(),
                    1,
                    "the drawn tile is shown on the chosen square"
                );
            }
            c.find(Locator::Css("#place"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            placed += 1;
        } else {
            // A figure or a plugin's decision: a button, or a choice on the board.
            let on_board = c.find_all(Locator::Css("g.choice")).await.unwrap();
            let buttons = c
                .find_all(Locator::Css("#choices button.choice"))
                .await
                .unwrap();
            assert!(!buttons.is_empty(), "a decision without options");
            if !on_board.is_empty() && figures % 2 == 0 {
                on_board[figures % on_board.len()].click().await.unwrap();
                board_clicks += 1;
            } else {
                let mut texts = Vec::new();
                for b in &buttons {
                    texts.push(b.attr("data-text").await.unwrap().unwrap_or_default());
                }
                if !texts.iter().any(|t| t.starts_with("deploy") || t == "pass") {
                    decisions += 1;
                }
                buttons[figures % buttons.len()].click().await.unwrap();
            }
            figures += 1;
        }
        (n, state) = settled(&c, n).await;
    }
    assert_eq!(state, "over");
    assert!(placed >= 30, "Red placed {placed} tiles");
    assert!(board_clicks > 0 && rotations > 0);
    eprintln!("browser game: {placed} tiles placed, {figures} figure steps ({board_clicks} on the board), {decisions} plugin decisions");

    // The scores the page shows.
    let mut shown = Vec::new();
    for e in c.find_all(Locator::Css("#scores .score")).await.unwrap() {
        shown.push(e.text().await.unwrap().trim().parse::<i32>().unwrap());
    }
    let prompt = c
        .find(Locator::Css("#prompt"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(prompt.starts_with("Game over"), "{prompt}");
    std::fs::write(out_dir().join("final.png"), c.screenshot().await.unwrap()).unwrap();

    // The record the page offers for download replays to the same scores.
    let text = c
        .execute_async(
            "const done = arguments[arguments.length - 1];\
             fetch(document.getElementById('record').href).then(r => r.text()).then(done);",
            vec![],
        )
        .await
        .unwrap();
    let rec = Record::from_json(text.as_str().unwrap()).expect("a game record");
    std::fs::write(out_dir().join("game.json"), rec.to_json()).unwrap();
    let mut g = Game::new(rules(&rec.ruleset), rec.players, rec.seed).unwrap();
    Driver::new(&rec.forced)
        .replay(&mut g, &rec.actions)
        .unwrap();
    assert!(g.is_over());
    assert_eq!(g.scores(), shown.as_slice());
    assert_eq!(rec.scores.as_deref(), Some(shown.as_slice()));

    // The finished game can be viewed turn by turn.
    c.find(Locator::Css("#turn-prev"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let label = c.find(Locator::Css("#turn-label")).await.unwrap();
    let started = Instant::now();
    while !label.text().await.unwrap().contains("after turn") {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the viewer did not move"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let tiles = c.find_all(Locator::Css("#board g.tile")).await.unwrap();
    assert!(tiles.len() < g.placed_count());

    // The downloaded record opens again from the setup page, finished.
    c.find(Locator::Css("#new-game"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let saved = out_dir().join("game.json");
    c.find(Locator::Css("#record-file"))
        .await
        .unwrap()
        .send_keys(saved.to_str().unwrap())
        .await
        .unwrap();
    let (_, state) = settled(&c, n).await;
    assert_eq!(state, "over");
    let mut reopened = Vec::new();
    for e in c.find_all(Locator::Css("#scores .score")).await.unwrap() {
        reopened.push(e.text().await.unwrap().trim().parse::<i32>().unwrap());
    }
    assert_eq!(reopened, shown);
    c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(profile);
}
