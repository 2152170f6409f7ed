//! A Tower game in the browser: a record opened from the setup page stops at
//! Blue's capture decision (his tower beside Red's road follower); the page
//! rings the figure it names, a click on it takes Red's follower prisoner, and
//! the page then shows him held by Blue. The page plays on when the answer
//! to the capture arrives after the change it announced.

use super::{
    js, one_page, open_saved_record, out_dir, page_state, prompt, record_after, scores, settled,
};
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
    let (_server, _driver, c, profile) = one_page("chromium-profile-tower", super::WINDOW).await;
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
    assert_eq!(labels, ["Take no prisoner", tip.as_str()]);
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

/// The page plays both seats. The answer to Blue's capture (Blue's view:
/// Red is to act) is held back until the page has shown the change the
/// server announced meanwhile (Red's view): the late answer must not put
/// the page back to waiting, or it waits for good.
#[tokio::test(flavor = "current_thread")]
async fn a_late_answer_to_an_action_leaves_the_page_to_the_seat_to_act() {
    let (_server, _driver, c, profile) =
        one_page("chromium-profile-tower-late", super::WINDOW).await;
    let n = open_saved_record(&c, "tower-capture-late.json", at_the_capture()).await;
    js(
        &c,
        "const plain = window.fetch;\
         window.lateAnswer = 'pending';\
         window.fetch = async (path, opts) => {\
           const r = await plain(path, opts);\
           if (opts && opts.method === 'POST' && String(path).endsWith('/act')) {\
             const before = Number(document.body.dataset.updates);\
             while (Number(document.body.dataset.updates) === before) {\
               await new Promise(res => setTimeout(res, 10));\
             }\
             window.lateAnswer = 'after the announced change';\
           }\
           return r;\
         };\
         return null;",
    )
    .await;
    let ringed = c.find_all(Locator::Css("g.figure.choice")).await.unwrap();
    assert_eq!(ringed.len(), 1);
    ringed[0].click().await.unwrap();
    let (_, state) = settled(&c, n).await;
    assert_eq!(state, "play");
    // Wait until the held-back answer has been handled (`busy` is the page's
    // flag while an action is on its way).
    let started = std::time::Instant::now();
    loop {
        let v = js(&c, "return [window.lateAnswer, busy];").await;
        if v == serde_json::json!(["after the announced change", false]) {
            break;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "the answer was never handled: {v}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let (_, state, _, err) = page_state(&c).await;
    assert_eq!((state.as_str(), err.as_str()), ("play", ""));
    assert!(prompt(&c).await.starts_with("Red: "));
    c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(profile);
}
