//! A game from the city of Carcassonne in the browser: a record of the shipped
//! Count, King & Robber ruleset, opened from the setup page, stops at the
//! window before a scoring, where Blue — not the active player — may move his
//! follower from the castle into the city Red has just completed. Two clicks
//! (the follower, then the tile) move it; the city is scored with it.

use super::{js, one_page, open_saved_record, out_dir, prompt, record_after, scores, settled};
use fantoccini::{Client, Locator};

/// Blue's follower in the castle (he entered after Red's city scored 6), the
/// Count moved to the market; Red closes the `CO/12` cap with his follower.
const TO_THE_WINDOW: &str = "draw BA/Cc; place -2 2 0; deploy follower city
     draw BA/C; place -3 2 1; pass
     count castle
     count market
     draw BA/C; place 2 1 3; deploy follower city";

/// The record of that game, up to Blue's decision.
fn at_the_window() -> String {
    record_after("count-king-and-robber.toml", 5, TO_THE_WINDOW)
}

/// The decision's buttons: each one's action (its record text, `data-text`).
async fn buttons(c: &Client) -> Vec<(String, fantoccini::elements::Element)> {
    let mut out = Vec::new();
    for b in c
        .find_all(Locator::Css("#choices button.choice"))
        .await
        .unwrap()
    {
        out.push((b.attr("data-text").await.unwrap().unwrap_or_default(), b));
    }
    out
}

#[tokio::test(flavor = "current_thread")]
async fn a_follower_leaves_the_castle_for_the_city_being_scored_by_clicks() {
    let (_server, _driver, c, profile) = one_page("chromium-profile-count", super::WINDOW).await;
    let n = open_saved_record(&c, "count-window.json", at_the_window()).await;
    // Red placed the tile; Blue, on his left, decides first (CK17).
    let prompt = prompt(&c).await;
    assert!(prompt.starts_with("Blue: "), "{prompt}");
    assert!(prompt.contains("move a follower from the city"), "{prompt}");
    // The quarters and who stands there are on the page.
    let off = js(
        &c,
        "return view.observation.off_board.filter(f => f.owner === 1).map(f => f.kind);",
    )
    .await;
    assert_eq!(off, serde_json::json!(["follower"]));
    let mut labels = Vec::new();
    for (text, b) in buttons(&c).await {
        labels.push((text, b.text().await.unwrap()));
    }
    assert_eq!(labels.len(), 2, "{labels:?}");
    // Each button as a person reads it: the plugin's label, the figure.
    assert_eq!(labels[0].0, "count pass");
    assert_eq!(labels[0].1, "Leave your followers in the city");
    assert!(labels[1].1.starts_with("Blue's follower"), "{labels:?}");
    let shot = c.screenshot().await.unwrap();
    std::fs::write(out_dir().join("count-window.png"), shot).unwrap();
    buttons(&c).await.remove(1).1.click().await.unwrap();

    // Then the tile of the city he joins (CK19): either of its two.
    let (n, state) = settled(&c, n).await;
    assert_eq!(state, "play");
    let mut labels: Vec<String> = buttons(&c).await.into_iter().map(|b| b.0).collect();
    labels.sort();
    assert_eq!(labels, ["count 0 at 1 1", "count 0 at 2 1"]);
    for (label, b) in buttons(&c).await {
        if label == "count 0 at 2 1" {
            // The button says it as the plugin's label does.
            let shown = b.text().await.unwrap();
            assert_eq!(shown, "Move the follower to the city at (2, 1)");
            b.click().await.unwrap();
        }
    }

    // A tie in the 2-tile city: both score 4; Blue's turn follows, his
    // follower back in his supply.
    let (_, state) = settled(&c, n).await;
    assert_eq!(state, "play");
    assert_eq!(scores(&c).await, [10, 4]);
    let off = js(
        &c,
        "return view.observation.off_board.filter(f => f.owner === 1).length;",
    )
    .await;
    assert_eq!(off, serde_json::json!(0));
    c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(profile);
}
