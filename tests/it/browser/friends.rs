//! Two people on their own computers: two headless browsers (two profiles, so
//! two local storages) play one game, each through its own invitation link
//! (Bob first finds the game in the lobby of his page, then opens his link in
//! it).
//! Each sees the other's moves without reloading its page (the page is
//! marked, and the mark survives). Mid-game the server is killed (`kill -9`)
//! and started again on the same database and port; both pages reconnect,
//! and the game goes on to its end, where both pages show the scores of a
//! replay of the record.

use super::{
    downloaded, js, opened, out_dir, page_state, scores, start_chromedriver, start_game,
    start_server, Killed,
};
use fantoccini::{Client, Locator};
use std::time::{Duration, Instant};

/// Waits until `c` shows the game at `moves` moves (or more), without error.
async fn caught_up(c: &Client, moves: i64, who: &str) -> String {
    let started = Instant::now();
    loop {
        let (_, state, seen, err) = page_state(c).await;
        if seen >= moves && err.is_empty() {
            return state;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{who}'s page stays at move {seen} of {moves} (state `{state}`, error `{err}`)"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Plays one action on `c`, whose seat is to act: a tile on a highlighted
/// square (the `k`-th), or the `k`-th choice.
async fn play_one(c: &Client, k: usize) {
    let placing = js(c, "return !document.getElementById('drawn').hidden;").await;
    if placing.as_bool() == Some(true) {
        let spots = c.find_all(Locator::Css("rect.candidate")).await.unwrap();
        assert!(!spots.is_empty(), "a tile to place and nowhere to place it");
        spots[k % spots.len()].click().await.unwrap();
        c.find(Locator::Css("#place"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
    } else {
        let buttons = c
            .find_all(Locator::Css("#choices button.choice"))
            .await
            .unwrap();
        assert!(!buttons.is_empty(), "a decision without options");
        buttons[k % buttons.len()].click().await.unwrap();
    }
}

#[tokio::test(flavor = "current_thread")]
async fn two_friends_play_through_their_invitations_and_a_server_restart() {
    let port = super::free_port().to_string();
    let db = crate::common::scratch("friends-db").join("games.sqlite3");
    let args = ["--port", port.as_str(), "--db", db.to_str().unwrap()];
    let (server, url) = start_server(&args);
    let mut server = Some(server);
    let (_driver, driver_port) = start_chromedriver();
    let (pa, pb) = (
        crate::common::scratch("chromium-ann"),
        crate::common::scratch("chromium-bob"),
    );
    // Ann creates a game for two people on the base game.
    let ann = opened(driver_port, &pa, &url, super::WINDOW).await;
    ann.wait()
        .for_element(Locator::Css("#ruleset option"))
        .await
        .unwrap();
    let base = ann
        .find(Locator::XPath(
            "//select[@id='ruleset']/option[@title='base.toml']",
        ))
        .await
        .unwrap();
    base.click().await.unwrap();
    ann.find(Locator::Css("#player-name"))
        .await
        .unwrap()
        .send_keys("Ann")
        .await
        .unwrap();
    start_game(&ann, &["person", "person"], 7).await;
    // Her page shows Blue's invitation; Bob opens it in his own browser.
    let link = ann
        .wait()
        .for_element(Locator::Css("#invite-list input.link[data-seat='1']"))
        .await
        .unwrap()
        .prop("value")
        .await
        .unwrap()
        .expect("an invitation link");
    assert!(link.starts_with(&format!("{url}#game=")), "{link}");
    assert!(link.contains("&seat=1&token="), "{link}");
    // Bob first sees the game among those waiting for players (Ann's seat
    // taken, his free), then opens his link in that same page: only the part
    // after `#` changes, so the page is not loaded again and follows it.
    let id = link
        .split("#game=")
        .nth(1)
        .and_then(|r| r.split('&').next())
        .unwrap()
        .to_string();
    let bob = opened(driver_port, &pb, &url, super::WINDOW).await;
    let row = bob
        .wait()
        .for_element(Locator::Css(&format!(
            "#lobby tr.lobby-game[data-id='{id}']"
        )))
        .await
        .unwrap();
    let listed = row.text().await.unwrap();
    assert!(
        listed.contains("Red (Ann)") && listed.contains("Blue (free)"),
        "{listed}"
    );
    // Ann chose its seed (7): the lobby tells whoever would join.
    assert!(
        listed.contains("The creator chose this game's seed"),
        "{listed}"
    );
    let joins = row.find_all(Locator::Css("button.join")).await.unwrap();
    assert_eq!(joins.len(), 1, "one free seat to take: {listed}");
    assert_eq!(
        joins[0].attr("data-seat").await.unwrap().as_deref(),
        Some("1")
    );
    js(&bob, "window.lobbyLoad = 'yes';").await;
    bob.goto(&link).await.unwrap();
    assert_eq!(caught_up(&ann, 0, "Ann").await, "play", "Red (Ann) begins");
    assert_eq!(caught_up(&bob, 0, "Bob").await, "wait");
    let title = super::text(&bob, "#game-title").await;
    assert!(title.contains("you play Blue"), "{title}");
    assert_eq!(
        js(&bob, "return window.lobbyLoad || 'reloaded';").await,
        serde_json::json!("yes"),
        "the link was followed in the page already open"
    );
    // Pages that reload lose this mark.
    for c in [&ann, &bob] {
        js(c, "window.sameLoad = 'yes';").await;
    }

    let pages = [(&ann, "Ann"), (&bob, "Bob")];
    let mut moves = 0i64;
    let mut restarted = false;
    loop {
        let states = [page_state(&ann).await.1, page_state(&bob).await.1];
        if states.iter().all(|s| s == "over") {
            break;
        }
        let mover = states
            .iter()
            .position(|s| s == "play")
            .unwrap_or_else(|| panic!("nobody is to play: {states:?}"));
        let other = 1 - mover;
        // Only the seat to act is offered moves.
        assert!(pages[other]
            .0
            .find_all(Locator::Css("rect.candidate, g.choice, #choices button"))
            .await
            .unwrap()
            .is_empty());
        play_one(pages[mover].0, moves as usize * 7).await;
        moves += 1;
        // Both pages reach the move: the mover's from its answer, the other's
        // pushed by the server.
        for (c, who) in pages {
            caught_up(c, moves, who).await;
        }
        if moves == 12 && !restarted {
            // The server dies mid-game and comes back on the same file.
            let mut dead: Killed = server.take().unwrap();
            dead.0.kill().unwrap(); // SIGKILL: no clean shutdown
            dead.0.wait().unwrap();
            drop(dead);
            let (again, url2) = start_server(&args);
            assert_eq!(url2, url);
            server = Some(again);
            restarted = true;
        }
    }
    assert!(restarted && moves > 60, "{moves} moves");
    for c in [&ann, &bob] {
        assert_eq!(
            js(c, "return window.sameLoad || 'reloaded';").await,
            serde_json::json!("yes"),
            "the page was never reloaded"
        );
    }
    let (a, b) = (scores(&ann).await, scores(&bob).await);
    assert_eq!(a, b);
    std::fs::write(
        out_dir().join("friends-ann.png"),
        ann.screenshot().await.unwrap(),
    )
    .unwrap();
    std::fs::write(
        out_dir().join("friends-bob.png"),
        bob.screenshot().await.unwrap(),
    )
    .unwrap();
    // The record (a finished game: anyone may have it) replays to those scores.
    let (rec, g) = downloaded(&ann).await;
    assert_eq!(rec.actions.len() as i64, moves);
    assert_eq!(g.scores(), a.as_slice());
    ann.close().await.unwrap();
    bob.close().await.unwrap();
    let _ = std::fs::remove_dir_all(pa);
    let _ = std::fs::remove_dir_all(pb);
}
