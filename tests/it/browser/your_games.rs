//! A game left for the setup page ("Games") is listed in "Your games", with
//! its ruleset and players and whose turn it is (all the games in one
//! request), and "Resume" opens it again; the browser's Back returns to the
//! setup page and Forward to the game. A game the server no longer has is
//! dropped from the list (and from the browser's storage); one whose seat
//! this browser's token no longer plays is listed to watch.

use super::{click, js, one_page, page_state, settled, start_game, WINDOW};
use fantoccini::{Client, Locator};
use std::time::{Duration, Instant};

/// Waits until the page is in state `want`.
async fn reaches(c: &Client, want: &str) {
    let started = Instant::now();
    loop {
        let (_, state, _, _) = page_state(c).await;
        if state == want {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the page stays in state `{state}`, not `{want}`"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "current_thread")]
async fn your_games_lists_a_game_left_and_resume_and_back_and_forward_reopen_it() {
    let (_server, _driver, c, profile) = one_page("chromium-profile-your-games", WINDOW).await;
    start_game(&c, &["person", "greedy"], 3).await;
    let (n, state) = settled(&c, 0).await;
    assert_eq!(state, "play");
    let id = js(&c, "return gameId;").await.as_str().unwrap().to_string();
    let title = js(&c, "return document.title;").await;
    assert!(
        title.as_str().unwrap().starts_with("● Your turn — "),
        "{title}"
    );
    // A game of this browser the server does not have (expired).
    js(
        &c,
        "localStorage.setItem('carcassonne.seats.00ff00ff', JSON.stringify({0: 'ab'}));",
    )
    .await;
    // One whose seat this browser's token no longer plays (taken from the
    // lobby by someone else).
    let other = js(
        &c,
        "return api('POST', '/api/games', {ruleset: 0, seats: ['person', 'greedy'], listed: false}) \
           .then((r) => { localStorage.setItem('carcassonne.seats.' + r.id, \
             JSON.stringify({0: '0123456789abcdef0123456789abcdef'})); return r.id; });",
    )
    .await;
    let other = other.as_str().unwrap().to_string();

    // Left for the setup page: the game is listed, Red (this page) to play,
    // with its ruleset and players; all in one request, no game's view
    // fetched.
    js(&c, "performance.clearResourceTimings();").await;
    click(&c, "#new-game").await;
    let row = c
        .wait()
        .for_element(Locator::Css(&format!(
            "#my-games tr.my-game[data-id='{id}']"
        )))
        .await
        .unwrap();
    let text = row.text().await.unwrap();
    assert!(text.contains("your turn (Red)"), "{text}");
    assert!(text.contains("Red, Blue (greedy)"), "{text}");
    let asked = js(
        &c,
        "return performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname) \
           .filter((p) => p.startsWith('/api/my-games') || /^\\/api\\/games\\/[0-9a-f]+$/.test(p));",
    )
    .await;
    assert_eq!(asked, serde_json::json!(["/api/my-games"]), "{asked}");
    let refused = c
        .find(Locator::Css(&format!(
            "#my-games tr.my-game[data-id='{other}']"
        )))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        refused.contains("your invitation no longer works") && refused.contains("Watch"),
        "{refused}"
    );
    assert_eq!(
        js(&c, "return document.title;").await,
        serde_json::json!("Carcassonne")
    );
    let rows = c
        .find_all(Locator::Css("#my-games tr.my-game"))
        .await
        .unwrap();
    assert_eq!(rows.len(), 2, "the expired game is not listed");
    assert_eq!(
        js(
            &c,
            "return localStorage.getItem('carcassonne.seats.00ff00ff');"
        )
        .await,
        serde_json::Value::Null,
        "the expired game is forgotten"
    );
    // Resume.
    row.find(Locator::Css("a.resume"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let (n2, state) = settled(&c, n).await;
    assert_eq!(state, "play");
    assert_eq!(js(&c, "return gameId;").await, serde_json::json!(id));
    // Back: the setup page; Forward: the game, as Red.
    c.back().await.unwrap();
    reaches(&c, "setup").await;
    assert_eq!(
        js(&c, "return document.getElementById('setup').hidden;").await,
        serde_json::json!(false)
    );
    c.forward().await.unwrap();
    let (_, state) = settled(&c, n2).await;
    assert_eq!(state, "play");
    let title = super::text(&c, "#game-title").await;
    assert!(title.contains("you play Red"), "{title}");
    c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(profile);
}
