//! What plugins say about the game, on the page: a record of a Tower game (a
//! tower of height 1, a prisoner) opened from the setup page shows each
//! seat's notes with the plugin's symbol, the prisoner with his captor, and
//! the tower's height on the board.

use super::{js, opened, out_dir, settled, start_chromedriver, start_server};
use fantoccini::Locator;

#[tokio::test(flavor = "current_thread")]
async fn each_seats_notes_and_prisoners_are_shown_and_the_board_its_notes() {
    let text = crate::tower::tw("");
    let r = crate::common::rules(&text);
    let mut g = carcassonne_core::Game::new(r, 2, 0).unwrap();
    let mut rec = carcassonne_core::Recorder::default();
    for step in crate::notes::CAPTURE.split([';', '\n']).map(str::trim) {
        if !step.is_empty() {
            let a = g.parse_action(step).unwrap();
            rec.apply(&mut g, a).unwrap();
        }
    }
    let saved = out_dir().join("tower-notes.json");
    std::fs::write(&saved, rec.finish(&g, "the tower", &text).to_json()).unwrap();

    let (_server, url) = start_server(&["--port", "0", "--db", ":memory:"]);
    let (_driver, port) = start_chromedriver();
    let profile = crate::common::scratch("chromium-profile-notes");
    let c = opened(port, &profile, &url, super::WINDOW).await;
    c.wait()
        .for_element(Locator::Css("#record-file"))
        .await
        .unwrap()
        .send_keys(saved.to_str().unwrap())
        .await
        .unwrap();
    let (_, state) = settled(&c, 0).await;
    assert_eq!(state, "play");
    let seen = js(
        &c,
        "const seats = [...document.querySelectorAll('#scores li')];\
         return seats.map((li) => [...li.querySelectorAll('.seat-note, .holds')].map((n) =>\
           [n.className, n.dataset.plugin || '', (n.querySelector('.note-text') || n).textContent.trim(),            n.querySelectorAll('svg').length]));",
    )
    .await;
    assert_eq!(
        seen,
        serde_json::json!([
            [["seat-note", "tower", "10 pieces", 1]],
            [
                ["holds", "", "holds: Red follower", 0],
                ["seat-note", "tower", "9 pieces, 1 prisoner", 1]
            ]
        ])
    );
    let on_board = js(
        &c,
        "return [...document.querySelectorAll('#board g.feature-note')].map((n) =>\
           [n.dataset.plugin, n.dataset.x, n.dataset.y, n.textContent.includes('tower 1')]);",
    )
    .await;
    assert_eq!(on_board, serde_json::json!([["tower", "2", "0", true]]));
    std::fs::write(out_dir().join("notes.png"), c.screenshot().await.unwrap()).unwrap();
    c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(profile);
}
