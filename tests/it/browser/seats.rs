//! Invitations as friends meet them: a link whose seat was since taken from
//! the lobby says so and stays said (and the page forgets that seat's token
//! only); an invited friend with no name yet is asked for one, is told whom
//! the game waits for (a change of name reaching his page by the events
//! stream), and sees the "let a bot play for them" button off until the
//! server's wait is over.

use super::{js, one_page, page_state, text, WINDOW};
use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// `POST path` with `body` (and the seat's `token`) from the page: its answer.
async fn post(c: &Client, path: &str, body: Value, token: Option<&str>) -> Value {
    c.execute_async(
        "const [path, body, token, done] = arguments;\
         const headers = {'Content-Type': 'application/json'};\
         if (token) headers.Authorization = 'Bearer ' + token;\
         fetch(path, {method: 'POST', headers, body: JSON.stringify(body)})\
           .then(r => r.json()).then(done);",
        vec![json!(path), body, json!(token)],
    )
    .await
    .unwrap()
}

/// A listed game of the base game for two people, Red taken by Ann: its
/// answer (id, seats with tokens and invitations).
async fn game_for_two(c: &Client) -> Value {
    let ruleset = js(
        c,
        "return Number(document.getElementById('ruleset').value);",
    )
    .await;
    let r = post(
        c,
        "/api/games",
        json!({"ruleset": ruleset, "seats": ["person", "person"], "take": [0],
               "listed": true, "player": "Ann", "seed": 1}),
        None,
    )
    .await;
    assert!(r["id"].is_string(), "{r}");
    r
}

/// Waits until `script` answers true on the page.
async fn until(c: &Client, script: &str, what: &str) {
    let started = Instant::now();
    while js(c, script).await != json!(true) {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the page never shows {what}: {:?}",
            page_state(c).await
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "current_thread")]
async fn an_invitation_taken_from_the_lobby_says_so_and_forgets_only_its_seat() {
    let (_server, _driver, c, profile) = one_page("chromium-profile-stale", WINDOW).await;
    let url = c.current_url().await.unwrap();
    let g = game_for_two(&c).await;
    let id = g["id"].as_str().unwrap();
    let invite = g["seats"][1]["invite"].as_str().unwrap().to_string();
    // Eve takes Blue from the lobby: Blue's invitation stops working.
    let joined = post(
        &c,
        &format!("/api/games/{id}/join"),
        json!({"seat": 1, "name": "Eve"}),
        None,
    )
    .await;
    assert!(joined["token"].is_string(), "{joined}");
    // This browser also plays Red, whose token still works.
    let red = g["seats"][0]["token"].as_str().unwrap();
    js(
        &c,
        &format!("localStorage.setItem('carcassonne.seats.{id}', JSON.stringify({{0: '{red}'}}));"),
    )
    .await;
    c.goto(url.join(&invite).unwrap().as_str()).await.unwrap();
    until(&c, "return !document.getElementById('notice').hidden && document.body.dataset.state === 'play';", "the notice").await;
    let notice = text(&c, "#notice").await;
    assert!(
        notice.starts_with("This invitation no longer works"),
        "{notice}"
    );
    assert!(text(&c, "#game-title").await.contains("you play Red"));
    // Its seed was chosen at creation (seed 1): both people are told.
    let seed = text(&c, "#seed-known").await;
    assert!(
        seed.starts_with("The creator chose this game's seed"),
        "{seed}"
    );
    let kept = js(
        &c,
        &format!("return localStorage.getItem('carcassonne.seats.{id}');"),
    )
    .await;
    assert_eq!(
        kept,
        json!(format!("{{\"0\":\"{red}\"}}")),
        "Red's token is kept"
    );
    // The notice stays through the next views (which clear errors).
    let stays = c
        .execute_async(
            "const done = arguments[0]; \
             refresh().then(() => done(!document.getElementById('notice').hidden));",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(stays, json!(true), "the notice stays");

    // Without Red's token: the page watches, and says so.
    js(
        &c,
        &format!("localStorage.removeItem('carcassonne.seats.{id}');"),
    )
    .await;
    c.goto(url.join(&invite).unwrap().as_str()).await.unwrap();
    until(
        &c,
        "return document.getElementById('notice').textContent.endsWith('you are watching.') \
         && document.getElementById('game-title').textContent.includes('watching');",
        "the notice of a spectator",
    )
    .await;
    let kept = js(
        &c,
        &format!("return localStorage.getItem('carcassonne.seats.{id}');"),
    )
    .await;
    assert_eq!(kept, Value::Null, "no seat of the game is kept");
    c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(profile);
}

#[tokio::test(flavor = "current_thread")]
async fn an_invited_friend_gives_a_name_waits_for_ann_and_cannot_call_a_stand_in_yet() {
    let (_server, _driver, c, profile) = one_page("chromium-profile-invited", WINDOW).await;
    let url = c.current_url().await.unwrap();
    let g = game_for_two(&c).await;
    let id = g["id"].as_str().unwrap();
    let invite = g["seats"][1]["invite"].as_str().unwrap();
    c.goto(url.join(invite).unwrap().as_str()).await.unwrap();
    until(
        &c,
        "return document.body.dataset.state === 'wait';",
        "the game",
    )
    .await;
    assert_eq!(text(&c, "#waiting").await, "Waiting for Ann (Red)…");
    assert_eq!(js(&c, "return document.title;").await, json!("Carcassonne"));
    // Red has not kept the game waiting long enough for a stand-in.
    let button = c
        .find(Locator::Css("#scores button.stand-in"))
        .await
        .unwrap();
    assert!(
        !button.is_enabled().await.unwrap(),
        "the stand-in button is off"
    );
    let when = text(&c, "#scores .stand-in-wait").await;
    assert_eq!(when, "a bot may play for them in 5 min");
    // No name stored: the page asks for one, and gives it to Blue's seat.
    let field = c.find(Locator::Css("#name-ask input")).await.unwrap();
    assert!(
        field.is_displayed().await.unwrap(),
        "the page asks for a name"
    );
    field.send_keys("Bob").await.unwrap();
    c.find(Locator::Css("#name-ask button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until(
        &c,
        "return document.getElementById('name-ask').hidden && \
         document.getElementById('scores').textContent.includes('Blue (Bob)');",
        "Blue named Bob",
    )
    .await;
    assert_eq!(
        js(&c, "return localStorage.getItem('carcassonne.name');").await,
        json!("\"Bob\"")
    );
    // Ann renames her seat: the events stream brings it to Bob's page.
    let red = g["seats"][0]["token"].as_str().unwrap();
    post(
        &c,
        &format!("/api/games/{id}/seat"),
        json!({"name": "Annie"}),
        Some(red),
    )
    .await;
    until(
        &c,
        "return document.getElementById('waiting').textContent === 'Waiting for Annie (Red)…';",
        "Annie's name",
    )
    .await;
    c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(profile);
}
