//! A game that fails in a long run (`kit-faulty`): `conformance` writes it as
//! a record that `replay` plays to the failing state and says how to look at
//! it; `simulate` and `compare` keep the statistics of the games that
//! finished, `tournament` the standings, and they give the `play` command
//! that plays the failing game again (a tournament's with its bots in their
//! seats);
//! `conformance --bots` plays the games `play --bots` plays; the conformance
//! summary says what each plugin was seen doing besides scoring.

use super::*;
use crate::common::scratch;
use carcassonne_core::Game;

/// A ruleset of the base tiles with `kit-faulty` failing in `hook` by an
/// error (`when`: `always` or `odd-scores`).
fn faulty(tag: &str, hook: &str, when: &str) -> String {
    let body = format!(
        "{HEAD}[plugins.kit-faulty]\nhook = \"{hook}\"\nmode = \"error\"\nwhen = \"{when}\"\n"
    );
    write_ruleset(tag, &body).to_str().unwrap().to_string()
}

fn kit() -> &'static str {
    kit_dir().to_str().unwrap()
}

/// The ruleset text and rules of a record (its plugins compiled in here).
fn record_game(path: &Path) -> (carcassonne_core::Record, Arc<Rules>) {
    let rec = carcassonne_core::Record::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    let rules = rules(&builtin(), &rec.ruleset);
    (rec, rules)
}

#[test]
fn conformance_writes_the_failing_game_as_a_record_that_replay_plays_to_the_failure() {
    let r = faulty("conformance-record", "feature_scored", "always");
    let d = scratch("failing-games-record");
    let path = d.join("failing.json");
    let file = path.to_str().unwrap();
    let o = run(&[
        "conformance",
        "--ruleset",
        &r,
        "--plugin-dir",
        kit(),
        "--games",
        "3",
        "--seed",
        "1",
        "--failure-record",
        file,
    ]);
    assert_clean_failure(&o, "conformance failure");
    let kit = kit();
    assert_eq!(
        text(&o.stderr),
        format!(
            "error: t: conformance failure in the game with seed 1 at step 14: legal action pass \
             fails: plugin `kit-faulty` failed in hook `feature_scored`: kit-faulty was told to \
             fail\nThe game up to the state where it failed is recorded in {file} (9 player \
             actions; the action that failed, `pass`, would be next). To look at it: \
             `carcassonne replay {file} --plugin-dir {kit}` plays it again to that state (add \
             `--json --events` for every turn's events), `carcassonne render {file} --plugin-dir \
             {kit} -o failure.svg` draws its board.\n"
        )
    );
    // `replay` reads it: the game unfinished, where it failed.
    let o = run(&["replay", file, "--plugin-dir", kit, "--json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (v["seed"].as_u64(), v["finished"].as_bool()),
        (Some(1), Some(false))
    );
    // Played to its end, the record's game is the state where `pass` fails.
    let (rec, rules) = record_game(&path);
    assert_eq!(rec.actions.len(), 9);
    assert_eq!(rec.names, ["random", "random"]);
    let mut g = Game::new(rules, rec.players, rec.seed).unwrap();
    carcassonne_core::Driver::new(&rec.forced)
        .replay(&mut g, &rec.actions)
        .unwrap();
    let pass = g.parse_action("pass").unwrap();
    assert_eq!(
        g.apply(pass).unwrap_err().to_string(),
        "plugin `kit-faulty` failed in hook `feature_scored`: kit-faulty was told to fail"
    );
    // `--json` says it too, as JSON.
    let o = run(&[
        "conformance",
        "--ruleset",
        &r,
        "--plugin-dir",
        kit,
        "--games",
        "3",
        "--seed",
        "1",
        "--failure-record",
        file,
        "--json",
        "--threads",
        "1",
    ]);
    assert_clean_failure(&o, "conformance failure");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (v["ok"].as_bool(), v["games"].as_u64()),
        (Some(false), Some(0))
    );
    assert_eq!(
        v["failure"],
        serde_json::json!({
            "seed": 1,
            "step": 14,
            "message": "legal action pass fails: plugin `kit-faulty` failed in hook \
                        `feature_scored`: kit-faulty was told to fail",
            "action": "pass",
            "player_actions": 9,
            "record": file,
        })
    );
    // The kit's trace of that game (`--permute-plugins`) fails the same way,
    // with the same actions.
    let traced = carcassonne_core::conformance::trace(&record_game(&path).1, 2, 1, false);
    let f = traced.unwrap_err();
    assert_eq!((f.step, f.action.as_deref()), (14, Some("pass")));
    assert_eq!(f.actions, rec.actions);
}

#[test]
fn conformance_writes_the_failing_game_in_the_current_directory_unless_told() {
    let r = faulty("conformance-default-record", "feature_scored", "always");
    let d = scratch("failing-games-default");
    let o = bin()
        .args([
            "conformance",
            "--ruleset",
            &r,
            "--plugin-dir",
            kit(),
            "--games",
            "3",
        ])
        .args(["--seed", "2"])
        .current_dir(&d)
        .env_remove(loader::PLUGIN_DIR_ENV)
        .output()
        .unwrap();
    assert_clean_failure(
        &o,
        "at step 8: legal action deploy faulty-meeple 2 fails: plugin `kit-faulty` failed in hook \
         `feature_scored`",
    );
    assert_clean_failure(
        &o,
        "\nThe game up to the state where it failed is recorded in \
         conformance-failure-seed-2.json (5 player actions; the action that failed, `deploy \
         faulty-meeple 2`, would be next). To look at it: `carcassonne replay \
         conformance-failure-seed-2.json --plugin-dir ",
    );
    let (rec, _) = record_game(&d.join("conformance-failure-seed-2.json"));
    assert_eq!((rec.seed, rec.actions.len()), (2, 5));
}

#[test]
fn conformance_with_bots_plays_the_game_play_plays_and_records_a_failing_chance_event() {
    // The tile draw fails once the scores add up to an odd number: with a
    // greedy and a random player, in the game of seed 1 after 118 actions.
    let r = faulty("conformance-bots", "tile_drawn", "odd-scores");
    let d = scratch("failing-games-bots");
    let path = d.join("kit.json");
    let file = path.to_str().unwrap();
    let o = run(&[
        "conformance",
        "--ruleset",
        &r,
        "--plugin-dir",
        kit(),
        "--games",
        "2",
        "--seed",
        "1",
        "--bots",
        "greedy,random",
        "--failure-record",
        file,
    ]);
    let kit = kit();
    assert_clean_failure(&o, "conformance failure");
    assert_eq!(
        text(&o.stderr),
        format!(
            "error: t: conformance failure in the game with seed 1 at step 177: plugin \
             `kit-faulty` failed in hook `tile_drawn`: kit-faulty was told to fail\nThe game up \
             to the state where it failed is recorded in {file} (118 player actions; the chance \
             event after them is the step that fails). `carcassonne replay {file} --plugin-dir \
             {kit}` plays it again up to that chance event, which fails there with the same \
             error.\n"
        )
    );
    let o = run(&["replay", file, "--plugin-dir", kit]);
    assert_clean_failure(
        &o,
        &format!("error: {file}: plugin `kit-faulty` failed in hook `tile_drawn`"),
    );
    // `play` with these bots plays that very game, to the same failure.
    let played = d.join("play.json");
    let o = run(&[
        "play",
        "--ruleset",
        &r,
        "--plugin-dir",
        kit,
        "--seed",
        "1",
        "--players",
        "2",
        "--bots",
        "greedy,random",
        "--quiet",
        "--record",
        played.to_str().unwrap(),
    ]);
    assert_clean_failure(&o, "plugin `kit-faulty` failed in hook `tile_drawn`");
    let ((kit_game, _), (play_game, _)) = (record_game(&path), record_game(&played));
    assert_eq!(kit_game.actions, play_game.actions);
    assert_eq!(kit_game.names, ["greedy", "random"]);
}

#[test]
fn conformance_bots_default_to_the_kits_own_random_games() {
    let base = crate::cli::root().join("configs/base.toml");
    let base = base.to_str().unwrap();
    let json = |more: &[&str]| -> serde_json::Value {
        let mut args = vec!["conformance", "--ruleset", base, "--games", "3", "--json"];
        args.extend(more);
        let o = run(&args);
        assert!(o.status.success(), "{}", text(&o.stderr));
        serde_json::from_slice(&o.stdout).unwrap()
    };
    let plain = json(&[]);
    assert_eq!(plain, json(&["--bots", "random"]));
    assert_eq!(plain["bots"], serde_json::json!(["random", "random"]));
    let greedy = json(&["--bots", "greedy"]);
    assert_eq!(greedy["bots"], serde_json::json!(["greedy", "greedy"]));
    assert_eq!(greedy["games"], 3);
    assert_ne!(
        greedy["points_by_category"], plain["points_by_category"],
        "other games"
    );
    let o = run(&[
        "conformance",
        "--ruleset",
        base,
        "--bots",
        "greedy,random,random",
    ]);
    assert_clean_failure(
        &o,
        "error: --bots lists 3 bots for 2 players: give at most one per seat (the last one given \
         plays the seats left)",
    );
}

#[test]
fn a_failure_caused_by_a_broken_narrowing_promise_names_the_plugin() {
    // The hostile plugin audit (7 December 2026): candidates promised to fit
    // (`OFFERED_FIT`) that did not failed the plain check first ("a city
    // joined to a road"), which names neither the plugin nor its promise,
    // and `--check-narrowing` never ran.
    let r = write_ruleset(
        "lie-fit",
        &format!("{HEAD}[plugins.kit-bridge]\nlie-fit = true\n"),
    );
    let rec = scratch("lie-fit").join("failing.json");
    let check = |json: &[&str]| {
        let mut args = vec![
            "conformance",
            "--ruleset",
            r.to_str().unwrap(),
            "--plugin-dir",
            kit(),
            "--games",
            "10",
            "--check-narrowing",
            "--failure-record",
            rec.to_str().unwrap(),
        ];
        args.extend(json);
        run(&args)
    };
    let o = check(&[]);
    assert!(!o.status.success());
    let err = text(&o.stderr);
    let needle = "plugin `kit-bridge` does not keep the promise of `narrowing()`";
    assert!(
        err.contains(&format!("the narrowing check of that game finds: {needle}")),
        "{err}"
    );
    // And in the report for programs.
    let o = check(&["--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let found = v["failure"]["broken_narrowing"]
        .as_str()
        .unwrap_or_default();
    assert!(found.starts_with(needle), "{v}");
}

#[test]
fn the_kit_reports_what_each_plugin_did_besides_scoring() {
    // `kit-everything` makes decisions, draws chance events and logs.
    let reg = builtin();
    let r = rules(&reg, &format!("{HEAD}[plugins.kit-everything]\n"));
    let opts = carcassonne_host::conformance::Options {
        games: 4,
        ..Default::default()
    };
    let report = carcassonne_host::conformance::check_rules(&r, opts).unwrap();
    let seen = report.activity[0];
    assert!(
        seen.decisions > 0 && seen.chance_events > 0 && seen.log_lines > 0,
        "{seen:?}"
    );
    // With bots too (`check_rules_with`): other games, the same checks.
    let mut bots = carcassonne_bots::BotChooser::new(&[carcassonne_bots::BotSpec::Greedy]);
    let with_bots = carcassonne_host::conformance::check_rules_with(&r, opts, &mut bots).unwrap();
    assert_eq!(with_bots.games, 4);
    assert_ne!(with_bots.points, report.points, "other games");
}

#[test]
fn simulate_keeps_the_statistics_of_the_games_before_a_failing_one_and_says_how_to_play_it() {
    // The final scoring fails when the scores add up to an odd number: the
    // games of seeds 4 and 5 finish, 6 fails.
    let r = faulty("simulate-odd", "final_scoring", "odd-scores");
    let args = |more: &[&str]| {
        let mut a = vec![
            "simulate",
            "--ruleset",
            &r,
            "--plugin-dir",
            kit(),
            "--games",
            "20",
            "--seed",
            "4",
            "--threads",
            "1",
            "--quiet",
        ];
        a.extend(more);
        run(&a)
    };
    let play = format!(
        "carcassonne play --ruleset {r} --plugin-dir {} --seed 6 --players 2 --bots \
         random,random --record failing-game-seed-6.json",
        kit()
    );
    let error = format!(
        "error: the game with seed 6 failed: plugin `kit-faulty` failed in hook `final_scoring`: \
         kit-faulty was told to fail\nto play it again, move by move, with its record: {play}\n"
    );
    let o = args(&[]);
    assert_clean_failure(&o, "the game with seed 6 failed");
    assert_eq!(text(&o.stderr), error);
    let out = text(&o.stdout);
    assert!(
        out.starts_with(
            "PARTIAL: the game with seed 6 failed (see the error below), so no new game was \
             started; statistics of the 2 games that finished, of 20:\nt — 2 games, 2 players, \
             bots random, seeds from 4\n"
        ),
        "{out}"
    );
    assert!(out.contains("mean tiles placed"), "{out}");
    // The same in JSON, the failure in it.
    let o = args(&["--json"]);
    assert_eq!(text(&o.stderr), error);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (v["games"].as_u64(), v["partial"].as_bool()),
        (Some(2), Some(true))
    );
    assert_eq!(
        v["failures"],
        serde_json::json!([{
            "seed": 6,
            "ruleset": "t",
            "error": "plugin `kit-faulty` failed in hook `final_scoring`: kit-faulty was told to fail",
            "play": play,
        }])
    );
    // The command given plays that game to the same failure and records it.
    let d = scratch("failing-games-simulate");
    let words: Vec<&str> = play.split(' ').skip(1).collect();
    let o = bin()
        .args(&words)
        .current_dir(&d)
        .env_remove(loader::PLUGIN_DIR_ENV)
        .output()
        .unwrap();
    assert_clean_failure(
        &o,
        "error: plugin `kit-faulty` failed in hook `final_scoring`: kit-faulty was told to fail\n\
         (the game so far is recorded in failing-game-seed-6.json)",
    );
    // A run whose first game fails: no statistics, the failure (JSON: valid).
    let o = run(&[
        "simulate",
        "--ruleset",
        &r,
        "--plugin-dir",
        kit(),
        "--games",
        "20",
        "--seed",
        "6",
        "--threads",
        "1",
        "--json",
    ]);
    assert_clean_failure(&o, "the game with seed 6 failed");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (v["games"].as_u64(), v["failures"][0]["seed"].as_u64()),
        (Some(0), Some(6))
    );
}

#[test]
fn compare_keeps_the_seeds_played_on_both_rulesets_before_a_failing_game() {
    let r = faulty("compare-odd", "final_scoring", "odd-scores");
    let base = crate::cli::root().join("configs/base.toml");
    let o = run(&[
        "compare",
        base.to_str().unwrap(),
        &r,
        "--plugin-dir",
        kit(),
        "--games",
        "20",
        "--seed",
        "4",
        "--threads",
        "1",
        "--json",
    ]);
    assert_clean_failure(
        &o,
        "error: the game with seed 6 on B failed: plugin `kit-faulty`",
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (v["a"]["games"].as_u64(), v["b"]["games"].as_u64()),
        (Some(2), Some(2))
    );
    assert_eq!(v["paired"]["games"], 2);
    assert_eq!(v["failures"][0]["ruleset"], "B");
    assert_eq!(v["failures"][0]["seed"], 6);
}

#[test]
fn tournament_keeps_the_standings_before_a_failing_game_and_says_how_to_play_it_in_its_seats() {
    // The tile draw fails when the scores add up to an odd number: of seed 8,
    // the game with the bots in the order given finishes, the one with the
    // seats swapped fails (so the `play` command names them swapped).
    let r = faulty("tournament-odd", "tile_drawn", "odd-scores");
    let args = |seed: &str, more: &[&str]| {
        let mut a = vec![
            "tournament",
            "--ruleset",
            &r,
            "--plugin-dir",
            kit(),
            "--bots",
            "random,greedy",
            "--games",
            "20",
            "--seed",
            seed,
            "--threads",
            "1",
            "--quiet",
        ];
        a.extend(more);
        run(&a)
    };
    let kit = kit();
    let play = format!(
        "carcassonne play --ruleset {r} --plugin-dir {kit} --seed 8 --players 2 --bots \
         greedy,random --record failing-game-seed-8.json"
    );
    let failed = "plugin `kit-faulty` failed in hook `tile_drawn`: kit-faulty was told to fail";
    let error = format!(
        "error: the game with seed 8 (greedy vs random) failed: {failed}\nto play it again, move \
         by move, with its record: {play}\n"
    );
    let o = args("8", &[]);
    assert_clean_failure(&o, "the game with seed 8 (greedy vs random) failed");
    assert_eq!(text(&o.stderr), error);
    let out = text(&o.stdout);
    assert!(
        out.starts_with(
            "PARTIAL: the game with seed 8 (greedy vs random) failed (see the error below), so no \
             new game was started; standings of the 1 game that finished, of 20:\nt — 2 \
             bots, 20 games per pairing (seeds 8..17, each with both seat orders), 1 game in "
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "\nrandom       1    0.0% [ 0.0,  79.3]         16.00     -95 [-373, +183]             \
             -\ngreedy       1  100.0% [20.7, 100.0]         64.00     +95 [-183, +373]             \
             -\n"
        ),
        "{out}"
    );
    // The same in JSON, the failure in it with the bots in their seats.
    let o = args("8", &["--json"]);
    assert_eq!(text(&o.stderr), error);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (
            v["games"].as_u64(),
            v["games_requested"].as_u64(),
            v["partial"].as_bool(),
            v["bots"][0]["games"].as_u64()
        ),
        (Some(1), Some(20), Some(true), Some(1))
    );
    assert_eq!(
        v["failures"],
        serde_json::json!([{
            "seed": 8,
            "ruleset": "t",
            "bots": ["greedy", "random"],
            "error": failed,
            "play": play,
        }])
    );
    // The command given plays that game to the same failure and records it.
    let d = scratch("failing-games-tournament");
    let words: Vec<&str> = play.split(' ').skip(1).collect();
    let o = bin()
        .args(&words)
        .args(["--quiet"])
        .current_dir(&d)
        .env_remove(loader::PLUGIN_DIR_ENV)
        .output()
        .unwrap();
    assert_clean_failure(
        &o,
        &format!("error: {failed}\n(the game so far is recorded in failing-game-seed-8.json)"),
    );
    let record = d.join("failing-game-seed-8.json");
    let (rec, _) = record_game(&record);
    assert_eq!(rec.seed, 8);
    assert_eq!(rec.names, ["greedy", "random"]);
    // `replay` plays the record to the same chance event, which fails there.
    let o = run(&["replay", record.to_str().unwrap(), "--plugin-dir", kit]);
    assert_clean_failure(&o, &format!("error: {}: {failed}", record.display()));
    // The seat order matters: seed 8 with the bots in the order given is the
    // game that finished (the standings' scores).
    let o = run(&[
        "play",
        "--ruleset",
        &r,
        "--plugin-dir",
        kit,
        "--seed",
        "8",
        "--players",
        "2",
        "--bots",
        "random,greedy",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("Final scores (seed 8):\n  Red      16\n  Blue     64  <- winner"),
        "{}",
        text(&o.stdout)
    );
    // A tournament whose first game fails: no standings, the failure (JSON: valid).
    let o = args("0", &["--json"]);
    assert_clean_failure(&o, "error: the game with seed 0 (random vs greedy) failed");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (v["games"].as_u64(), v["partial"].as_bool()),
        (Some(0), Some(true))
    );
    assert_eq!(v["failures"][0]["seed"], 0);
    assert_eq!(
        v["failures"][0]["bots"],
        serde_json::json!(["random", "greedy"])
    );
    let o = args("0", &[]);
    assert_eq!(o.stdout, b"");
    assert_clean_failure(&o, "--bots random,greedy --record failing-game-seed-0.json");
}
