//! The page on a phone's screen (390 by 844): the setup form fits its width
//! (the ruleset's file name is no longer in the option's text), and a game's
//! board is on top at a usable size, its squares large enough to tap, with
//! the drawn tile and its "Place tile" button under it.

use super::{js, one_page, settled, start_game, PHONE};
use fantoccini::Locator;

/// How far the page reaches past the window's width, in CSS pixels (0: it
/// fits).
async fn overflow(c: &fantoccini::Client) -> f64 {
    js(
        c,
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth;",
    )
    .await
    .as_f64()
    .unwrap()
}

#[tokio::test(flavor = "current_thread")]
async fn on_a_phone_the_board_is_on_top_at_a_usable_size_and_a_tile_is_placed() {
    let (_server, _driver, c, profile) = one_page("chromium-profile-phone", PHONE).await;
    let width = js(&c, "return window.innerWidth;").await.as_f64().unwrap();
    assert!(width <= 400.0, "a phone's width: {width}");
    // The setup form fits: no select reaches past the window.
    let right = js(
        &c,
        "return Math.max(...[...document.querySelectorAll('#setup select')]\
         .map(s => s.getBoundingClientRect().right));",
    )
    .await
    .as_f64()
    .unwrap();
    assert!(right <= width, "a select ends at {right} of {width}");
    assert_eq!(
        overflow(&c).await,
        0.0,
        "the setup page is wider than the phone"
    );

    start_game(&c, &["person", "greedy"], 5).await;
    let (n, state) = settled(&c, 0).await;
    assert_eq!(state, "play");
    let area = js(
        &c,
        "const r = document.getElementById('board-area').getBoundingClientRect(); \
         const a = document.querySelector('aside').getBoundingClientRect(); \
         return [r.width, r.height, a.top - r.bottom];",
    )
    .await;
    let (w, h, below) = (
        area[0].as_f64().unwrap(),
        area[1].as_f64().unwrap(),
        area[2].as_f64().unwrap(),
    );
    assert!(w >= 300.0 && h >= 250.0, "the board gets {w} by {h}");
    assert!(below >= 0.0, "the panel is under the board ({below})");
    let smallest = js(
        &c,
        "return Math.min(...[...document.querySelectorAll('rect.candidate')]\
         .map(e => Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height)));",
    )
    .await
    .as_f64()
    .unwrap();
    assert!(smallest >= 24.0, "squares to tap of {smallest} px");
    assert_eq!(
        overflow(&c).await,
        0.0,
        "the game page is wider than the phone"
    );
    // A square tapped, then "Place tile" under the board (scrolled to).
    c.find(Locator::Css("rect.candidate"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let place = c.find(Locator::Css("#place")).await.unwrap();
    place.click().await.unwrap();
    settled(&c, n).await;
    let moves = js(&c, "return Number(document.body.dataset.moves);").await;
    assert!(moves.as_i64().unwrap() >= 1, "{moves}");
    let png = c.screenshot().await.unwrap();
    std::fs::write(super::out_dir().join("phone.png"), png).unwrap();
    c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(profile);
}
