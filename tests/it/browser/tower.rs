//! A Tower game in the browser: a record opened from the setup page stops at
//! Blue's capture decision (his tower beside Red's road follower); the page
//! rings the figure it names, a click on it takes Red's follower prisoner, and
//! the page then shows him held by Blue.

use super::{js, one_page, open_saved_record, out_dir, prompt, record_after, scores, settled};
use fantoccini::Locator;

/// The record of a game of the shipped Tower ruleset up to Blue's capture
/// decision (`tower.rs`'s capture fixture, without the capture).
fn at_the_capture() -> String {
    record_after(
        "the-tower.toml",
        5,
        &crate::tower::red_beside_blues_tower(""),
    )
}

#[tokio::test(flavor = "current_thread")]
async fn a_capture_is_chosen_by_clicking_the_figure_on_the_board() {
    let (_server, _driver, c, profile) = one_page("chromium-profile-tower").await;
    // Both seats are persons: the page takes both and shows Blue's decision.
    let n = open_saved_record(&c, "tower-capture.json", at_the_capture()).await;
    let prompt = prompt(&c).await;
    assert!(prompt.starts_with("Blue: "), "{prompt}");
    assert!(prompt.contains("Click a ringed figure"), "{prompt}");
    // The one figure in range is ringed; its tooltip says what a click does.
    let ringed = c.find_all(Locator::Css("g.figure.choice")).await.unwrap();
    assert_eq!(ringed.len(), 1);
    let at = (
        ringed[0].attr("data-owner").await.unwrap(),
        ringed[0].attr("data-x").await.unwrap(),
        ringed[0].attr("data-y").await.unwrap(),
    );
    assert_eq!(at, (Some("0".into()), Some("1".into()), Some("0".into())));
    let tip = js(
        &c,
        "return document.querySelector('g.figure.choice title').textContent;",
    )
    .await;
    let tip = tip.as_str().unwrap_or_default().to_string();
    assert!(tip.starts_with("Red's follower on the road"), "{tip}");
    assert!(tip.ends_with("at (1, 0)"), "{tip}");
    // The same choice as a button.
    let buttons = c
        .find_all(Locator::Css("#choices button.choice"))
        .await
        .unwrap();
    let mut labels = Vec::new();
    for b in &buttons {
        labels.push(b.text().await.unwrap());
    }
    assert_eq!(labels, ["tower pass", tip.as_str()]);
    let shot = c.screenshot().await.unwrap();
    std::fs::write(out_dir().join("tower-capture.png"), shot).unwrap();
    ringed[0].click().await.unwrap();

    // Red's turn: his follower is Blue's prisoner, off the board.
    let (_, state) = settled(&c, n).await;
    assert_eq!(state, "play");
    let held = js(
        &c,
        "return view.observation.off_board.map(f => [f.owner, f.held_by, f.kind]);",
    )
    .await;
    assert_eq!(held, serde_json::json!([[0, 1, "follower"]]));
    let red_on_board = c
        .find_all(Locator::Css("g.figure[data-owner=\"0\"]"))
        .await
        .unwrap();
    assert!(red_on_board.is_empty());
    assert!(c
        .find_all(Locator::Css("g.figure.choice"))
        .await
        .unwrap()
        .is_empty());
    assert_eq!(scores(&c).await, [0, 0]);
    c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(profile);
}
