//! Bridges, Castles & Bazaars in the browser: a record of the shipped ruleset
//! opened from the setup page stops where Red places the bazaar tile BB/F.b
//! south of the start; the page offers its bridge as a button of the chosen
//! square, Red lays it, and in the auction that follows Blue opens with a bid
//! typed into the number field and Red passes: Blue pays his bid.

use super::{click, js, one_page, open_saved_record, out_dir, record_after, scores, settled};
use fantoccini::{Client, Locator};

/// The record of a game of the shipped ruleset up to Red's placement of the
/// bazaar tile BB/F.b.
fn at_the_bazaar_tile() -> String {
    record_after("bridges-castles-and-bazaars.toml", 3, "draw BB/F.b")
}

/// The `data-text` of the buttons `css` finds.
async fn texts(c: &Client, css: &str) -> Vec<String> {
    let mut out = Vec::new();
    for b in c.find_all(Locator::Css(css)).await.unwrap() {
        out.push(b.attr("data-text").await.unwrap().unwrap_or_default());
    }
    out
}

/// Clicks the button of `#choices` whose `data-text` is `text`.
async fn choose(c: &Client, text: &str) {
    let css = format!("#choices button[data-text=\"{text}\"]");
    click(c, &css).await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_bridge_is_laid_and_a_bid_typed_in_the_browser() {
    let (_server, _driver, c, profile) = one_page("chromium-profile-bazaar", super::WINDOW).await;
    // Both seats are persons: the page takes both.
    let n = open_saved_record(&c, "bazaar-bridge.json", at_the_bazaar_tile()).await;
    // The square south of the start; BB/F.b is one field: one rotation, and
    // a bridge west–east (north–south would face the start's field side).
    click(&c, "rect.candidate[data-x=\"0\"][data-y=\"1\"]").await;
    let pieces = texts(&c, "#piece-choices button").await;
    assert_eq!(pieces, ["place 0 1 0 bridges WE"]);
    let plain = js(&c, "return !document.getElementById('place').disabled;").await;
    assert_eq!(plain, serde_json::json!(true), "also placeable without");
    std::fs::write(
        out_dir().join("bazaar-bridge.png"),
        c.screenshot().await.unwrap(),
    )
    .unwrap();
    click(&c, "#piece-choices button").await;

    // Red's figure step, with the bridge's road among the options; he passes.
    let (n, _) = settled(&c, n).await;
    assert!(texts(&c, "#choices button")
        .await
        .contains(&"pass".to_string()));
    choose(&c, "pass").await;

    // The auction: Blue, the first auctioneer, picks a tile of the lot and
    // types his opening bid into the number field.
    let (n, _) = settled(&c, n).await;
    let picks = texts(&c, "#choices button").await;
    assert!(
        picks.iter().all(|t| t.starts_with("bazaar pick")),
        "{picks:?}"
    );
    // Each button says what its pick does (the plugin's label).
    let shown = c
        .find(Locator::Css("#choices button[data-text=\"bazaar pick 0\"]"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(shown, "Auction tile 0 of the lot");
    // The lot's tiles are shown, numbered as `pick N` counts them (the UI
    // audit of 7 December 2026: they were shown nowhere).
    let lot = js(
        &c,
        "return [...document.querySelectorAll('#lots figure.lot-tile')] \
         .map(f => [f.querySelector('figcaption').textContent, f.title, !!f.querySelector('svg')]);",
    )
    .await;
    let lot = lot.as_array().unwrap();
    assert_eq!(lot.len(), 2, "a tile per player: {lot:?}");
    for (i, t) in lot.iter().enumerate() {
        assert_eq!(t[0], serde_json::json!(i.to_string()), "{lot:?}");
        assert!(t[1].as_str().unwrap().contains('/'), "a tile id: {lot:?}");
        assert_eq!(t[2], serde_json::json!(true), "a picture: {lot:?}");
    }
    choose(&c, &picks[0]).await;
    let (n, _) = settled(&c, n).await;
    let field = c
        .find(Locator::Css("#choices .number-choice input"))
        .await
        .unwrap();
    assert_eq!(field.attr("type").await.unwrap().as_deref(), Some("number"));
    field.clear().await.unwrap();
    field.send_keys("2").await.unwrap();
    click(&c, "#choices .number-choice button").await;
    // Red may raise (a number field from 3) or pass: he passes, and Blue
    // takes the tile and loses his bid.
    let (n, _) = settled(&c, n).await;
    let raise = c
        .find(Locator::Css("#choices .number-choice input"))
        .await
        .unwrap();
    assert_eq!(raise.attr("min").await.unwrap().as_deref(), Some("3"));
    choose(&c, "bazaar pass").await;
    let _ = settled(&c, n).await;
    assert_eq!(scores(&c).await, [0, -2]);
    c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(profile);
}
