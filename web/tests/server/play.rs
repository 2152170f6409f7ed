//! Whole games through the API: bots the server plays, records that replay,
//! past turns with their scores, records opened to view or play on.

use crate::common::*;
use axum::http::StatusCode;
use carcassonne_core::{Actor, Driver, Game, Record};
use serde_json::{json, Value};

/// Replays `text` (a record) on the base game.
fn replay(text: &str) -> (Record, Game) {
    let rec = Record::from_json(text).unwrap();
    let mut g = Game::new(base_rules(), rec.players, rec.seed).unwrap();
    Driver::new(&rec.forced)
        .replay(&mut g, &rec.actions)
        .unwrap();
    (rec, g)
}

#[tokio::test]
async fn the_server_plays_the_bots_of_a_whole_game_whose_record_replays() {
    let app = app();
    let (s, page) = call(&app, "GET", "/", None, None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("/app.js"));
    let (id, tokens) = new_game(&app, json!(["first", "first"])).await;
    assert_eq!(tokens, vec![None, None], "bots' seats have no token");
    let events = follow(&app, &id, None, |_| false).await;
    assert_eq!(events.last().unwrap()["over"], json!(true));
    let (_, v) = json_call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(v["over"], json!(true));
    assert_eq!(
        v["seed"],
        json!(5),
        "the seed is shown once the game is over"
    );
    let (s, text) = call(&app, "GET", &format!("/api/games/{id}/record"), None, None).await;
    assert_eq!(s, StatusCode::OK);
    let (rec, g) = replay(&text);
    assert_eq!(
        g.scores().iter().map(|&x| i64::from(x)).collect::<Vec<_>>(),
        scores(&v)
    );
    assert_eq!(v["moves"], json!(rec.actions.len()));
    assert_eq!(rec.names, ["first", "first"], "the bots' names");
    // The winners by their seats' names.
    let said = v["prompt"].as_str().unwrap();
    assert!(
        said.starts_with("Game over: ") && said.contains(" (first) "),
        "{said}"
    );
    // Every turn can be viewed; past the last is a 404.
    let turns = v["turns"].as_u64().unwrap();
    assert_eq!(turns, u64::from(g.turn()) + 1);
    let (s, svg) = call(&app, "GET", &format!("/api/games/{id}/turns/3"), None, None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        svg.contains("class=\"panel\""),
        "a picture on its own has the scores"
    );
    assert_eq!(svg.matches("class=\"tile\"").count(), 4);
    let (s, _) = call(
        &app,
        "GET",
        &format!("/api/games/{id}/turns/{turns}"),
        None,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

/// Stepping back through a finished game shows that turn's scores, not the
/// final ones.
#[tokio::test]
async fn a_past_turn_shows_the_scores_of_that_turn() {
    let app = app();
    let (id, _) = new_game(&app, json!(["last", "last"])).await;
    follow(&app, &id, None, |_| false).await;
    let (_, text) = call(&app, "GET", &format!("/api/games/{id}/record"), None, None).await;
    let (rec, fin) = replay(&text);
    let (_, v) = json_call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
    let turns = v["turns"].as_u64().unwrap() as usize;
    // The scores after each turn, from a replay that stops where turns end.
    let mut g = Game::new(base_rules(), rec.players, rec.seed).unwrap();
    let mut driver = Driver::new(&rec.forced);
    driver.settle(&mut g).unwrap();
    let mut expected = vec![g.scores().to_vec()];
    for a in &rec.actions {
        let before = g.turn();
        let act = g.parse_action(a).unwrap();
        g.apply(act).unwrap();
        driver.settle(&mut g).unwrap();
        if g.turn() != before && g.actor() != Actor::GameOver {
            expected.push(g.scores().to_vec());
        }
    }
    expected.push(fin.scores().to_vec());
    assert_eq!(expected.len(), turns);
    let mut differ = 0;
    for (n, want) in expected.iter().enumerate() {
        let (s, t) = json_call(
            &app,
            "GET",
            &format!("/api/games/{id}/turns/{n}/view"),
            None,
            None,
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{t}");
        let want: Vec<i64> = want.iter().map(|&x| i64::from(x)).collect();
        assert_eq!(scores(&t), want, "turn {n}");
        assert_eq!(t["last"], json!(n + 1 == turns));
        let board = t["board"].as_str().unwrap();
        assert!(board.starts_with("<svg"));
        // The page shows the scores beside it: no score panel in the picture.
        assert!(!board.contains("class=\"panel\""), "turn {n}");
        if want != scores(&v) {
            differ += 1;
        }
    }
    assert!(differ > 10, "most turns' scores are not the final ones");
}

/// The view says where each turn's lines begin in the log (`log_turns`), an
/// entry for each turn the replay steps through: turn `n`'s lines begin with
/// its own "-- Turn n" line; turn 0, the start tile alone, has none.
#[tokio::test]
async fn the_log_says_where_each_turn_begins() {
    let app = app();
    let (id, _) = new_game(&app, json!(["person", "last"])).await;
    let (_, v) = json_call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(v["log_turns"], json!([0, 0]), "turn 1 begins the log");
    assert!(v["log"][0].as_str().unwrap().starts_with("-- Turn 1:"));
    let (id, _) = new_game(&app, json!(["last", "last"])).await;
    follow(&app, &id, None, |_| false).await;
    let (_, v) = json_call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
    let log: Vec<&str> = v["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    let starts: Vec<usize> = v["log_turns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap() as usize)
        .collect();
    assert_eq!(starts.len(), v["turns"].as_u64().unwrap() as usize);
    assert_eq!(starts[..2], [0, 0]);
    for n in 1..starts.len() {
        assert!(
            log[starts[n]].starts_with(&format!("-- Turn {n}:")),
            "turn {n}: {}",
            log[starts[n]]
        );
        if n > 1 {
            assert!(starts[n] > starts[n - 1], "turn {n}");
        }
    }
    let headers = log.iter().filter(|l| l.starts_with("-- Turn ")).count();
    assert_eq!(headers, starts.len() - 1, "one turn's lines each");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_played_at_once_stay_apart_and_each_replays_alone() {
    let app = app();
    let mut ids = Vec::new();
    for seed in 0..4u64 {
        let (s, v) = json_call(
            &app,
            "POST",
            "/api/games",
            None,
            Some(json!({"ruleset": 0, "seats": ["first", "first", "first"], "seed": seed})),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        ids.push(v["id"].as_str().unwrap().to_string());
    }
    // Two followers per game at once.
    let mut tasks = Vec::new();
    for id in &ids {
        for _ in 0..2 {
            let (app, id) = (app.clone(), id.clone());
            tasks.push(tokio::spawn(async move {
                follow(&app, &id, None, |_| false).await;
            }));
        }
    }
    for t in tasks {
        t.await.unwrap();
    }
    for (seed, id) in ids.iter().enumerate() {
        let (_, text) = call(&app, "GET", &format!("/api/games/{id}/record"), None, None).await;
        let (rec, g) = replay(&text);
        assert_eq!(rec.seed, seed as u64);
        assert_eq!(Some(g.scores().to_vec()), rec.scores, "game {seed}");
    }
}

fn record_body(text: &str) -> Value {
    json!({ "record": text })
}

#[tokio::test]
async fn a_record_opens_to_view_or_to_play_on() {
    let app = app();
    let (id, _) = new_game(&app, json!(["first", "first"])).await;
    follow(&app, &id, None, |_| false).await;
    let (_, finished) = json_call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
    let (_, text) = call(&app, "GET", &format!("/api/games/{id}/record"), None, None).await;
    // The whole record: the same finished game, viewable turn by turn.
    let (s, v) = json_call(&app, "POST", "/api/records", None, Some(record_body(&text))).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let opened_id = v["id"].as_str().unwrap();
    let (_, opened) = json_call(&app, "GET", &format!("/api/games/{opened_id}"), None, None).await;
    assert_eq!(opened["over"], json!(true));
    assert_eq!(opened["turns"], finished["turns"]);
    assert_eq!(scores(&opened), scores(&finished));
    // The first ten actions: the people play on from there.
    let mut rec = Record::from_json(&text).unwrap();
    rec.actions.truncate(10);
    rec.scores = None;
    let (s, v) = json_call(
        &app,
        "POST",
        "/api/records",
        None,
        Some(record_body(&rec.to_json())),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let part_id = v["id"].as_str().unwrap();
    let actor_token = {
        let (_, spectator) =
            json_call(&app, "GET", &format!("/api/games/{part_id}"), None, None).await;
        let actor = spectator["actor"].as_u64().unwrap() as usize;
        v["seats"][actor]["token"].as_str().unwrap().to_string()
    };
    let (_, part) = json_call(
        &app,
        "GET",
        &format!("/api/games/{part_id}"),
        Some(&actor_token),
        None,
    )
    .await;
    assert_eq!(part["over"], json!(false));
    assert_eq!(part["your_turn"], json!(true));
    assert_eq!(part["moves"], json!(10));
    // A game ended early between turns (`end`, as `replay` reads it): opened
    // over, with its replay's scores.
    let mut ended = Record::from_json(&text).unwrap();
    let k = (1..=10)
        .rev()
        .find(|&k| {
            let mut r = ended.clone();
            r.actions.truncate(k);
            r.actions.push(carcassonne_core::END.into());
            let mut g = Game::new(base_rules(), r.players, r.seed).unwrap();
            Driver::new(&r.forced).replay(&mut g, &r.actions).is_ok()
        })
        .expect("a turn ends within the first ten actions");
    ended.actions.truncate(k);
    ended.actions.push(carcassonne_core::END.into());
    ended.scores = None;
    let (_, g) = replay(&ended.to_json());
    assert!(g.is_over());
    let (s, v) = json_call(
        &app,
        "POST",
        "/api/records",
        None,
        Some(record_body(&ended.to_json())),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let path = format!("/api/games/{}", v["id"].as_str().unwrap());
    let (_, opened) = json_call(&app, "GET", &path, None, None).await;
    assert_eq!(opened["over"], json!(true));
    let want: Vec<i64> = g.scores().iter().map(|&x| i64::from(x)).collect();
    assert_eq!(scores(&opened), want);
    // Damaged records are refused clearly.
    let mut wrong = Record::from_json(&text).unwrap();
    wrong.actions[3] = "place 99 99 0".into();
    let mut scores_off = Record::from_json(&text).unwrap();
    scores_off.scores = Some(vec![1, 2]);
    for (body, needle) in [
        (json!({ "record": "{" }), "not a game record"),
        (record_body(&wrong.to_json()), "record action 4"),
        (
            record_body(&scores_off.to_json()),
            "the record says the scores are [1, 2]",
        ),
        (
            json!({ "record": text, "seats": ["person"] }),
            "the record has 2 players",
        ),
    ] {
        let (s, v) = json_call(&app, "POST", "/api/records", None, Some(body)).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
        let msg = v["error"].as_str().unwrap();
        assert!(msg.contains(needle), "`{msg}` lacks `{needle}`");
    }
}

/// With "pass on its own" on, a player whose only choice at the figure step
/// is to pass (here: his one follower is a farmer for good) never sees that step.
#[tokio::test]
async fn the_figure_step_passes_itself_when_asked_and_passing_is_the_only_choice() {
    let app = app();
    let (id, tokens) = new_game_on(&app, 1, json!(["person", "first"])).await;
    let red = tokens[0].clone().unwrap();
    let path = format!("/api/games/{id}");
    let act = |body: Value| {
        let (app, path, red) = (app.clone(), path.clone(), red.clone());
        async move {
            let (s, v) =
                json_call(&app, "POST", &format!("{path}/act"), Some(&red), Some(body)).await;
            assert_eq!(s, StatusCode::OK, "{v}");
            v
        }
    };
    // Turn 1: Red's follower becomes a farmer (it never comes back).
    let (_, v) = json_call(&app, "GET", &path, Some(&red), None).await;
    assert_eq!(v["auto_pass"], json!(false));
    let v = act(first_place(&v)).await;
    let farmer = v["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["label"].as_str().unwrap().contains("field"))
        .unwrap_or_else(|| panic!("a field to stand on: {v}"))
        .clone();
    act(json!({"action": farmer["text"]})).await;
    // Blue (the bot) plays; on Red's next turn the only choice is "No figure".
    follow(&app, &id, Some(2), |e| e["moves"].as_u64() >= Some(4)).await;
    let (_, v) = json_call(&app, "GET", &path, Some(&red), None).await;
    let v = act(first_place(&v)).await;
    assert_eq!(
        v["choices"],
        json!([{"text": "pass", "label": "No figure"}]),
        "{v}"
    );
    // Turned on during that step, it passes at once, and from then on.
    let (s, v) = json_call(
        &app,
        "POST",
        &format!("{path}/seat"),
        Some(&red),
        Some(json!({"auto_pass": true})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["auto_pass"], json!(true));
    assert_eq!(v["moves"], json!(6), "the pass was played");
    follow(&app, &id, Some(6), |e| e["moves"].as_u64() >= Some(8)).await;
    let (_, v) = json_call(&app, "GET", &path, Some(&red), None).await;
    assert_eq!(v["your_turn"], json!(true), "{v}");
    let v = act(first_place(&v)).await;
    assert_eq!(v["moves"], json!(10), "placed and passed: {v}");
    assert!(v["choices"].as_array().unwrap().is_empty(), "{v}");
    let (_, text) = call(&app, "GET", &format!("{path}/record"), Some(&red), None).await;
    let rec = Record::from_json(&text).unwrap();
    assert_eq!(
        [rec.actions[5].as_str(), rec.actions[9].as_str()],
        ["pass", "pass"]
    );
}

#[tokio::test]
async fn a_ruleset_is_chosen_by_its_number_or_its_name() {
    // The online audit of 7 December 2026: a server's own `--ruleset` comes
    // first and moves every shipped ruleset's number; a name stays.
    let app = app();
    for (pick, name) in [
        (json!(1), "one follower"),
        (json!("one follower"), "one follower"),
        (json!("base"), "base"),
    ] {
        let v = create(
            &app,
            json!({"ruleset": pick, "seats": ["first", "first"], "seed": 1}),
        )
        .await;
        let id = v["id"].as_str().unwrap().to_string();
        let (_, view) = json_call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(view["ruleset"], json!(name), "{pick}: {view}");
    }
    for (pick, says) in [
        (json!(2), "ruleset 2: there are rulesets 0 to 1"),
        (json!("basic"), "no ruleset on offer is `basic` (by number from 0, or by file: test, test)"),
        (json!(-1), "`ruleset` is a number (from 0, as `/api/setup` lists them) or a ruleset's file or name, not -1"),
    ] {
        let (s, v) = json_call(
            &app,
            "POST",
            "/api/games",
            None,
            Some(json!({"ruleset": pick, "seats": ["first", "first"]})),
        )
        .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{pick}: {v}");
        assert_eq!(v["error"], json!(says), "{pick}");
    }
}

/// The record names who played each seat: a person by the name he gave
/// (none given: `""`), a bot by its name.
#[tokio::test]
async fn a_record_names_the_people_and_bots_of_its_seats() {
    let app = app();
    for (player, names) in [
        (json!("Ann"), ["Ann", "first"]),
        (json!(null), ["", "first"]),
    ] {
        let v = create(
            &app,
            json!({"ruleset": 0, "seats": ["person", "first"], "take": [0], "player": player}),
        )
        .await;
        let (id, token) = (
            v["id"].as_str().unwrap(),
            v["seats"][0]["token"].as_str().unwrap(),
        );
        // One person against a bot has the record of his unfinished game.
        let (s, text) = call(
            &app,
            "GET",
            &format!("/api/games/{id}/record"),
            Some(token),
            None,
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{text}");
        let (rec, _) = replay(&text);
        assert_eq!(rec.names, names);
    }
}

/// A seed is a number or a string of digits: the page sends it as typed, so
/// that seeds above 2^53 (which a JavaScript number rounds) keep every digit.
#[tokio::test]
async fn a_seed_is_a_number_or_its_digits_and_keeps_every_digit() {
    let app = app();
    for (seed, kept) in [(json!("18446744073709551615"), u64::MAX), (json!(7), 7)] {
        let v = create(
            &app,
            json!({"ruleset": 0, "seats": ["first", "first"], "seed": seed}),
        )
        .await;
        let id = v["id"].as_str().unwrap().to_string();
        follow(&app, &id, None, |_| false).await;
        let (_, view) = json_call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(view["seed"], json!(kept), "{seed}");
    }
    for seed in [
        json!("-1"),
        json!("1.5"),
        json!("0x10"),
        json!("18446744073709551616"),
        json!(-1),
        json!(1.5),
    ] {
        let (s, v) = json_call(
            &app,
            "POST",
            "/api/games",
            None,
            Some(json!({"ruleset": 0, "seats": ["first", "first"], "seed": seed})),
        )
        .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{seed}: {v}");
        let said = v["error"].as_str().unwrap();
        assert!(
            said.contains("a seed: a whole number from 0 to 18446744073709551615"),
            "{seed}: {said}"
        );
    }
}
