//! One person against a bot in the browser: a whole Hills & Sheep game by
//! clicking, the scores the page shows checked against a replay of the record
//! it offers for download, a reload from the game's address alone rejoining
//! the seat through the browser's local storage, past turns stepped through
//! with their scores, and the record opened again from the setup page.

use super::{downloaded, js, one_page, open_record_file, out_dir, scores, settled, start_game};
use fantoccini::Locator;
use std::time::{Duration, Instant};

#[tokio::test(flavor = "current_thread")]
async fn a_person_plays_a_whole_game_against_a_bot_in_the_browser() {
    // The setup form: the first ruleset offered (Hills & Sheep; the base
    // game's is chosen at first), Red a person, Blue a bot.
    let (_server, _driver, c, profile) = one_page("chromium-profile", super::WINDOW).await;
    let rulesets = c.find_all(Locator::Css("#ruleset option")).await.unwrap();
    assert_eq!(
        rulesets.len(),
        carcassonne_host::shipped::SHIPPED.len(),
        "every shipped ruleset is offered"
    );
    let first = rulesets[0].text().await.unwrap();
    assert!(first.contains("Hills & Sheep"), "{first}");
    let chosen = js(
        &c,
        "return document.getElementById('ruleset').selectedOptions[0].title;",
    )
    .await;
    assert_eq!(
        chosen,
        serde_json::json!("base.toml"),
        "the base game is chosen at first"
    );
    js(
        &c,
        "const rs = document.getElementById('ruleset'); rs.value = '0'; rs.onchange();",
    )
    .await;
    start_game(&c, &["person", "greedy"], 11).await;

    let (mut n, mut state) = settled(&c, 0).await;
    let (mut placed, mut figures, mut board_clicks, mut decisions) = (0, 0, 0, 0);
    let mut lit_checked = false;
    let (mut rotations, mut reloaded) = (0, false);
    while state == "play" {
        let placing = js(&c, "return !document.getElementById('drawn').hidden;").await;
        if placing.as_bool() == Some(true) && placed == 6 && !reloaded {
            // The page loaded again from the game's address alone, without
            // the token: it finds the seat in the browser's local storage,
            // plays it on, and puts the token back into the address.
            reloaded = true;
            js(
                &c,
                "const id = new URLSearchParams(location.hash.slice(1)).get('game'); \
                 history.replaceState(null, '', location.pathname + '#game=' + id);",
            )
            .await;
            c.refresh().await.unwrap();
            (n, state) = settled(&c, 0).await;
            assert_eq!(state, "play");
            let title = super::text(&c, "#game-title").await;
            assert!(title.contains("you play Red"), "{title}");
            let hash = js(&c, "return location.hash;").await;
            assert!(hash.as_str().unwrap().contains("&seat=0&token="), "{hash}");
            continue;
        }
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
            if !on_board.is_empty() && !lit_checked {
                // Each choice on the board says what it does, and a button
                // pointed at lights its choice on the board.
                let said = js(
                    &c,
                    "const i = document.querySelector('g.choice').dataset.choice; \
                     const b = document.querySelector('#choices button[data-index=\"' + i + '\"]'); \
                     b.dispatchEvent(new MouseEvent('mouseenter')); \
                     return [[...document.querySelectorAll('g.choice')] \
                       .every(g => (g.querySelector('title') || {}).textContent), \
                       document.querySelectorAll('g.choice[data-choice=\"' + i + '\"]').length, \
                       document.querySelectorAll('g.choice.lit[data-choice=\"' + i + '\"]').length, \
                       b.classList.contains('lit')];",
                )
                .await;
                assert_eq!(said[0], true, "a choice on the board without a title");
                assert!(said[1].as_u64() >= Some(1), "{said}");
                assert_eq!(said[2], said[1], "the button's place on the board is lit");
                assert_eq!(said[3], true, "the button pointed at is lit");
                lit_checked = true;
            }
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
    assert!(board_clicks > 0 && rotations > 0 && reloaded && lit_checked);
    eprintln!("browser game: {placed} tiles placed, {figures} figure steps ({board_clicks} on the board), {decisions} plugin decisions");

    // The scores the page shows.
    let shown = scores(&c).await;
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
    let (rec, g) = downloaded(&c).await;
    std::fs::write(out_dir().join("game.json"), rec.to_json()).unwrap();
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
    // Stepping back shows that turn's scores, not the final ones: after turn
    // 0 (the start tile alone) nobody has scored; the last turn shows the
    // final scores again.
    assert!(shown.iter().any(|&s| s > 0));
    for (turn, want, label_says) in [
        (0, vec![0; shown.len()], "after turn 0."),
        (g.turn() as usize, shown.clone(), "final board"),
    ] {
        js(
            &c,
            &format!(
                "const r = document.getElementById('turn-range'); r.value = {turn}; \
                 r.dispatchEvent(new Event('input'));"
            ),
        )
        .await;
        let started = Instant::now();
        while !label.text().await.unwrap().contains(label_says) {
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "turn {turn} not shown"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(scores(&c).await, want, "the scores after turn {turn}");
        // The log marks the lines of the turn shown: none for the start
        // tile alone.
        let (marked, first) = log_marks(&c, turn).await;
        assert_eq!(marked == 0, turn == 0, "turn {turn}: {marked} lines marked");
        if turn > 0 {
            assert!(first.starts_with(&format!("-- Turn {turn}:")), "{first}");
        }
    }
    // A finished game's log holds every line of it.
    assert_eq!(
        js(
            &c,
            "return document.querySelectorAll('#log li').length === view.log.length;"
        )
        .await,
        serde_json::json!(true)
    );
    // The arrow keys step through the turns too.
    js(
        &c,
        "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft'}));",
    )
    .await;
    let back = format!("after turn {}.", g.turn() - 1);
    let started = Instant::now();
    while !label.text().await.unwrap().contains(&back) {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the left arrow did not step back"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let back = g.turn() as usize - 1;
    let (marked, first) = log_marks(&c, back).await;
    assert!(
        marked > 0 && first.starts_with(&format!("-- Turn {back}:")),
        "{first}"
    );
    // A line of the log clicked shows its turn.
    js(
        &c,
        "document.querySelector('#log li[data-turn=\"3\"]:not(.shown)').click();",
    )
    .await;
    let started = Instant::now();
    while !label.text().await.unwrap().contains("after turn 3.") {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "a log line clicked did not show its turn"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (marked, first) = log_marks(&c, 3).await;
    assert!(marked > 0 && first.starts_with("-- Turn 3:"), "{first}");
    js(&c, "document.getElementById('log').scrollIntoView();").await;
    std::fs::write(
        out_dir().join("replay-log.png"),
        c.screenshot().await.unwrap(),
    )
    .unwrap();

    // The downloaded record opens again from the setup page, finished.
    c.find(Locator::Css("#new-game"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let saved = out_dir().join("game.json");
    open_record_file(&c, &saved).await;
    let (_, state) = settled(&c, n).await;
    assert_eq!(state, "over");
    assert_eq!(scores(&c).await, shown);
    c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(profile);
}

/// The lines of the log marked as the turn shown, all of turn `turn`: how
/// many, and the first (which the log shows: scrolled into its box).
async fn log_marks(c: &fantoccini::Client, turn: usize) -> (usize, String) {
    let v = js(
        c,
        "const log = document.getElementById('log'); \
         const on = [...log.querySelectorAll('li.shown')]; \
         const box = log.getBoundingClientRect(); \
         const seen = on.length === 0 || (on[0].getBoundingClientRect().top >= box.top - 1 && \
           on[0].getBoundingClientRect().top < box.bottom); \
         return [on.length, on.map((li) => li.dataset.turn), on.length ? on[0].textContent : '', seen];",
    )
    .await;
    let turns: Vec<&str> = v[1]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert!(
        turns.iter().all(|&t| t == turn.to_string()),
        "lines of turns {turns:?} marked, not of turn {turn}"
    );
    assert_eq!(
        v[3],
        serde_json::json!(true),
        "turn {turn}'s first line is out of the log's view"
    );
    (
        v[0].as_u64().unwrap() as usize,
        v[2].as_str().unwrap().to_string(),
    )
}
