//! A River game in the browser: a person places river tiles against a bot;
//! the page says which tiles come next (the river's, then its lake, then the
//! land tiles) and why a square the tile's sides fit is refused (the river
//! must be continued).

use super::{js, one_page, out_dir, settled};
use fantoccini::Locator;

/// What element `css` of the page reads, and whether it is shown.
async fn shown_text(c: &fantoccini::Client, css: &str) -> (bool, String) {
    let e = c.find(Locator::Css(css)).await.unwrap();
    let hidden = e.attr("hidden").await.unwrap().is_some();
    (!hidden, e.text().await.unwrap_or_default())
}

#[tokio::test(flavor = "current_thread")]
async fn a_person_places_river_tiles_and_reads_what_comes_next_and_why_a_square_is_refused() {
    let (_server, _driver, c, profile) = one_page("chromium-profile-river", super::WINDOW).await;
    // The shipped River ruleset; Red a person, Blue the first bot offered.
    let picked = js(
        &c,
        "const rs = document.getElementById('ruleset'); \
         const o = [...rs.options].find(o => o.title === 'the-river.toml'); \
         rs.value = o.value; rs.onchange(); return o.textContent;",
    )
    .await;
    assert!(picked.as_str().unwrap().contains("The River"), "{picked}");
    let seed_box = c.find(Locator::Css("#seed")).await.unwrap();
    seed_box.send_keys("3").await.unwrap();
    c.find(Locator::Css("#start"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();

    let (mut n, mut state) = settled(&c, 0).await;
    let (mut placed, mut refusals) = (0, Vec::new());
    while state == "play" && placed < 3 {
        let placing = js(&c, "return !document.getElementById('drawn').hidden;").await;
        if placing.as_bool() == Some(true) {
            // Which tiles come next: the river's, then the lake, then the rest.
            let (shown, coming) = shown_text(&c, "#coming").await;
            assert!(shown, "the page says which tiles come next");
            assert!(coming.starts_with("Next tile: one of "), "{coming}");
            assert!(
                coming.ends_with("; then RI.1/I.e; then 72 tiles."),
                "{coming}"
            );
            let (shown, refused) = shown_text(&c, "#refused").await;
            if shown {
                refusals.push(refused);
            }
            if placed == 0 {
                let shot = c.screenshot().await.unwrap();
                std::fs::write(out_dir().join("river-placing.png"), shot).unwrap();
            }
            let spots = c.find_all(Locator::Css("rect.candidate")).await.unwrap();
            assert!(!spots.is_empty(), "a river tile with nowhere to go");
            spots[0].click().await.unwrap();
            c.find(Locator::Css("#place"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            placed += 1;
        } else {
            // The figure step: no figure.
            let buttons = c
                .find_all(Locator::Css("#choices button.choice"))
                .await
                .unwrap();
            let mut pass = None;
            for b in buttons {
                if b.attr("data-text").await.unwrap().as_deref() == Some("pass") {
                    pass = Some(b);
                }
            }
            pass.expect("a figure step offers no figure")
                .click()
                .await
                .unwrap();
        }
        (n, state) = settled(&c, n).await;
    }
    assert_eq!(placed, 3, "Red placed three river tiles");
    // Some square the river tile's sides fitted was refused, with the reason.
    assert!(!refusals.is_empty(), "no refused square shown");
    for r in &refusals {
        assert!(r.starts_with("Not at "), "{r}");
        assert!(r.contains("the river"), "{r}");
    }
    c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(profile);
}
