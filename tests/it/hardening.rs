//! Inputs from a hostile audit (issue 15): malformed rulesets, plugins,
//! records and arguments that used to crash, hang, be wrongly accepted or lose
//! a game. Each test names the defect it pins.

use crate::cli::{assert_clean_failure, bin, root, run, stderr, stdout, tmp};
use crate::common::{registry, rules, run as run_script};
use carcassonne_core::{Hooks, PluginDecl, TileSetSpec};
use carcassonne_host::{PluginInfo, PluginSource, ProvidedPlugin, Registry};
use std::sync::Arc;

/// A plugin provider with a hand-written declaration (no hooks).
struct Declared {
    info: PluginInfo,
    game_words: u32,
}

struct NoHooks;

impl Hooks for NoHooks {
    fn subscriptions(&self) -> u64 {
        0
    }
}

impl ProvidedPlugin for Declared {
    fn info(&self) -> &PluginInfo {
        &self.info
    }
    fn tilesets(&self) -> Vec<TileSetSpec> {
        Vec::new()
    }
    fn instantiate(
        &self,
        _: &str,
    ) -> Result<(PluginDecl, Arc<dyn Hooks>), Vec<carcassonne_host::registry::OptionProblem>> {
        let decl = PluginDecl {
            id: self.info.id.clone(),
            state: carcassonne_core::StateWords {
                game: self.game_words,
                ..Default::default()
            },
            ..PluginDecl::default()
        };
        Ok((decl, Arc::new(NoHooks)))
    }
}

fn declared(id: &str, depends_on: &[&str], game_words: u32) -> Arc<dyn ProvidedPlugin> {
    Arc::new(Declared {
        info: PluginInfo {
            id: id.into(),
            version: "1.0.0".into(),
            description: "test".into(),
            api_version: 1,
            depends_on: depends_on.iter().map(|s| s.to_string()).collect(),
            conflicts_with: Vec::new(),
            runs_after: Vec::new(),
            runs_before: Vec::new(),
            options: Vec::new(),
            source: PluginSource::Builtin,
            hooks: 0,
            figures: Vec::new(),
            markers: Vec::new(),
            tilesets: Vec::new(),
        },
        game_words,
    })
}

#[test]
fn a_plugin_listing_a_dependency_twice_resolves() {
    let mut reg = Registry::empty();
    reg.add(declared("lower", &[], 0)).unwrap();
    reg.add(declared("upper", &["lower", "lower"], 0)).unwrap();
    let rs = carcassonne_host::load_str(
        "name = \"x\"\n[plugins.upper]\n[plugins.lower]\n",
        "dup.toml",
        None,
        &reg,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let ids: Vec<&str> = rs
        .rules
        .plugins
        .iter()
        .map(|p| p.decl.id.as_str())
        .collect();
    assert_eq!(ids, ["lower", "upper"]);
    // Missing, it is reported once.
    let e = carcassonne_host::load_str("name = \"x\"\n[plugins.upper]\n", "dup.toml", None, &reg)
        .unwrap_err();
    assert_eq!(e.0.len(), 1, "{e}");
}

#[test]
fn a_plugin_declaring_enormous_state_fails_the_ruleset_check() {
    let mut reg = Registry::empty();
    reg.add(declared("hungry", &[], u32::MAX - 1)).unwrap();
    let e = carcassonne_host::load_str("name = \"x\"\n[plugins.hungry]\n", "big.toml", None, &reg)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("plugin `hungry` declares 4294967294 words"),
        "{e}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn write_errors_on_standard_output_are_one_line_not_a_panic() {
    let base = root().join("configs/base.toml");
    let base = base.to_str().unwrap();
    for args in [
        vec!["ruleset", "show", base],
        vec!["play", "--quiet", "--seed", "1", "--ruleset", base],
        vec!["plugins"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let o = bin().args(&args).stdout(full).output().unwrap();
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        assert_clean_failure(
            &o,
            "cannot write to standard output: No space left on device",
        );
    }
    // Standard error full too: still no panic, just the exit code.
    let o = bin()
        .args(["ruleset", "check", "/nonexistent.toml"])
        .stderr(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        )
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn a_token_that_is_used_up_is_named_with_what_is_possible() {
    let r = rules("name = \"s\"\ntilesets = [\"base\"]\n[plugins.shepherd]\n");
    let e = run_script(
        &r,
        2,
        "draw BA/L; place 0 1 0; deploy shepherd field; shepherd sheep-4
         draw BA/L; place -1 1 0; pass
         draw BA/L; place 0 2 0; pass; shepherd grow; shepherd sheep-4
         draw BA/RFr; place 1 0 0; pass
         draw BA/L; place 0 3 0; pass; shepherd grow; shepherd sheep-4",
    )
    .unwrap_err();
    assert!(
        e.message.contains(
            "illegal action `shepherd sheep-4`: `sheep-4` is not possible now (possible: sheep-1, sheep-2, sheep-3, wolf)"
        ),
        "{e}"
    );
}

#[test]
fn ruleset_show_prints_a_valid_ruleset_with_disabled_plugins_options() {
    let text = r#"
        name = "odd"
        tilesets = ["base"]
        [plugins."weird id"]
        enabled = false
        [plugins.hills]
        enabled = false
        tiebreak = "none"
        "deep key" = { a = [1, 2], b = "x" }
        [plugins.shepherd]
    "#;
    let rs = carcassonne_host::load_str(text, "odd.toml", None, &registry()).unwrap();
    let shown = rs.show();
    assert!(
        shown.contains("[plugins.\"weird id\"]\nenabled = false\n"),
        "{shown}"
    );
    assert!(
        shown.contains("[plugins.hills]\nenabled = false\ntiebreak = \"none\"\n"),
        "{shown}"
    );
    // It is a ruleset that loads, and shows the same again.
    let again = carcassonne_host::load_str(&shown, "shown.toml", None, &registry())
        .unwrap_or_else(|e| panic!("{e}\n{shown}"));
    assert_eq!(again.show(), shown);
    let disabled = |r: &carcassonne_host::Ruleset| -> Vec<carcassonne_host::ruleset::PluginSpec> {
        r.spec
            .plugins
            .iter()
            .filter(|p| !p.enabled)
            .cloned()
            .collect()
    };
    assert_eq!(disabled(&again), disabled(&rs));
    assert_eq!(disabled(&rs).len(), 2);
}

#[test]
fn conformance_with_zero_games_is_refused() {
    assert_clean_failure(&run(&["conformance", "--games", "0"]), "--games");
}

#[test]
fn thousands_of_unknown_keys_are_checked_in_linear_time_and_capped() {
    // Each unknown plugin key used to re-parse the whole file and each location
    // rescanned it from the start: 8,000 keys took 24 s in release, minutes here.
    let mut text = String::from("name = \"x\"\ntilesets = [\"base\"]\n[plugins.shepherd]\n");
    for i in 0..8000 {
        text.push_str(&format!("k{i} = 1\n"));
    }
    let e = carcassonne_host::load_str(&text, "many.toml", None, &registry()).unwrap_err();
    assert_eq!(e.count(), 8000);
    assert_eq!(e.0.len(), carcassonne_host::ruleset::MAX_PROBLEMS + 1);
    assert!(e.0[0]
        .to_string()
        .starts_with("many.toml:4:1: plugin `shepherd` has no option `k0`"));
    assert_eq!(
        e.0.last().unwrap().to_string(),
        "many.toml: and 7900 more problem(s), not listed (only the first 100 are)"
    );
    let top: String = (0..8000).map(|i| format!("k{i} = 1\n")).collect();
    let e = carcassonne_host::load_str(
        &format!("name = \"x\"\n{top}"),
        "top.toml",
        None,
        &registry(),
    )
    .unwrap_err();
    assert_eq!(e.count(), 8000);
    assert!(e.0[99]
        .to_string()
        .starts_with("top.toml:101:1: unknown key `k99`"));
}

#[test]
fn a_record_embedding_thousands_of_unknown_keys_fails_fast_and_capped() {
    // A 56 KB record embedding such a ruleset took 6 s in release before the
    // loader became linear; now it is one capped list of located problems.
    let rec = std::fs::read_to_string(root().join("tests/golden/base-3p-seed7.json")).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&rec).unwrap();
    let ruleset = v["ruleset"]
        .as_str()
        .expect("the record embeds its ruleset");
    let keys: String = (0..8000).map(|i| format!("k{i} = 1\n")).collect();
    v["ruleset"] = format!("{keys}{ruleset}").into();
    let path = tmp("many-keys.json");
    std::fs::write(&path, v.to_string()).unwrap();
    let o = run(&["replay", path.to_str().unwrap()]);
    assert_clean_failure(&o, "unknown key `k0`");
    assert_clean_failure(
        &o,
        "and 7900 more problem(s), not listed (only the first 100 are)",
    );
}

#[test]
fn threads_are_capped() {
    assert_clean_failure(
        &run(&[
            "simulate",
            "--threads",
            "18446744073709551615",
            "--games",
            "1",
        ]),
        "expected a number of threads from 1 to 256",
    );
    assert_clean_failure(&run(&["simulate", "--threads", "0"]), "from 1 to 256");
    // More threads than games: only as many as games start.
    let o = run(&[
        "simulate",
        "--threads",
        "256",
        "--games",
        "2",
        "--json",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn every_ruleset_problem_is_listed_at_once_and_huge_numbers_are_named() {
    let text = "name = \"x\"\nplayers = 9\n[plugins.shepherd]\nflock-action = 3\nbogus = 1\n\
                [plugins.hills]\ntiebreak = 99\n[core]\nfollowers = 99999999999\n";
    let e = carcassonne_host::load_str(text, "r.toml", None, &registry())
        .unwrap_err()
        .to_string();
    for needle in [
        "r.toml:2:11: `players` = 9: a game needs 2 to 6 players",
        "r.toml:9:13: core.followers = 99999999999: expected 1 to 30",
        "r.toml:5:1: plugin `shepherd` has no option `bogus`",
        "r.toml:7:1: plugin `hills` has no option `tiebreak`",
        // A plugin option's type error used to wait until everything else was fixed.
        "r.toml:4:1: plugin `shepherd` option `flock-action`: expected one of \"after-follower\", \"before-follower\", found 3",
    ] {
        assert!(e.contains(needle), "missing `{needle}` in\n{e}");
    }
    let huge = "name = \"x\"\n[core]\nfollowers = 99999999999999999999999\n";
    let e = carcassonne_host::load_str(huge, "h.toml", None, &registry())
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "h.toml:3:13: `core.followers` = 99999999999999999999999: too large (TOML integers are 64-bit)"
    );
}

#[test]
fn simulate_and_compare_json_are_byte_identical_for_any_number_of_threads() {
    // Shared wins were added as floating 1/winners and thread totals merged in
    // finishing order: 3+ player results differed in the last digits.
    let base = root().join("configs/base.toml");
    let hs = root().join("configs/hills-and-sheep.toml");
    let (base, hs) = (base.to_str().unwrap(), hs.to_str().unwrap());
    for players in ["3", "5"] {
        let sim = |threads: &str| {
            let o = run(&[
                "simulate",
                "--ruleset",
                base,
                "--games",
                "150",
                "--players",
                players,
                "--json",
                "--threads",
                threads,
            ]);
            assert!(o.status.success(), "{}", stderr(&o));
            o.stdout
        };
        let one = sim("1");
        assert_eq!(one, sim("3"), "{players} players");
        assert_eq!(one, sim("7"), "{players} players");
    }
    let cmp = |threads: &str| {
        let o = run(&[
            "compare",
            base,
            hs,
            "--games",
            "60",
            "--players",
            "4",
            "--json",
            "--threads",
            threads,
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        o.stdout
    };
    assert_eq!(cmp("1"), cmp("4"));
    let conf = |threads: &str| {
        let o = run(&[
            "conformance",
            "--ruleset",
            hs,
            "--games",
            "12",
            "--players",
            "3",
            "--json",
            "--threads",
            threads,
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        o.stdout
    };
    assert_eq!(conf("1"), conf("4"));
}

/// A directory of its own for one test.
fn dir(name: &str) -> std::path::PathBuf {
    let d = tmp(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn human_play(args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = bin()
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn play_keeps_the_record_on_every_exit_path() {
    let base = root().join("configs/base.toml");
    let base = base.to_str().unwrap();
    // A path that cannot be written fails before anyone plays.
    let o = run(&[
        "play",
        "--ruleset",
        base,
        "--record",
        "/nonexistent/dir/g.json",
    ]);
    assert_clean_failure(&o, "cannot write the record to /nonexistent/dir/g.json");
    assert!(!stdout(&o).contains("Turn 2"), "{}", stdout(&o));
    let d = dir("lost-games");
    let rec = d.join("g.json");
    let args = |rec: &std::path::Path| {
        [
            "play",
            "--ruleset",
            base,
            "--seed",
            "4",
            "--human",
            "0",
            "--bots",
            "random",
            "--record",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([rec.display().to_string()])
        .collect::<Vec<_>>()
    };
    let replayed = |rec: &std::path::Path| {
        let o = run(&["replay", rec.to_str().unwrap(), "--json"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["finished"], false);
        assert!(v["tiles_placed"].as_u64().unwrap() >= 2, "{v}");
    };
    // `quit` stops the game: not an error, and the game so far is kept.
    let _ = std::fs::remove_file(&rec);
    let a = args(&rec);
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    let o = human_play(&a, "0\n0\n0\n0\nquit\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("Game stopped at turn"),
        "{}",
        stdout(&o)
    );
    assert!(
        stdout(&o).contains(&format!("The game so far is recorded in {}", rec.display())),
        "{}",
        stdout(&o)
    );
    replayed(&rec);
    // Input that ends early is an error, with the game kept too.
    let _ = std::fs::remove_file(&rec);
    let o = human_play(&a, "0\n0\n");
    assert_clean_failure(&o, "the input ended before the game did");
    assert!(
        stderr(&o).contains(&format!(
            "(the game so far is recorded in {})",
            rec.display()
        )),
        "{}",
        stderr(&o)
    );
    replayed(&rec);
}

#[test]
fn records_replay_anywhere_and_name_a_change_of_rules() {
    let d = dir("self-contained");
    let tiles = std::fs::read_to_string(root().join("configs/tilesets/base.toml")).unwrap();
    let tiles = tiles.replace("name = \"base\"", "name = \"my-base\"");
    std::fs::create_dir_all(d.join("sets")).unwrap();
    std::fs::write(d.join("sets/my.toml"), &tiles).unwrap();
    std::fs::write(
        d.join("r.toml"),
        "name = \"mine\"\ntilesets = [\"sets/my.toml\"]\n[plugins.shepherd]\n",
    )
    .unwrap();
    let rec = d.join("g.json");
    let o = run(&[
        "play",
        "--quiet",
        "--seed",
        "3",
        "--ruleset",
        d.join("r.toml").to_str().unwrap(),
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&rec).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["format"], "carcassonne-record/2");
    assert_eq!(v["tilesets"]["sets/my.toml"], tiles.as_str());
    assert_eq!(v["plugins"][0]["id"], "shepherd");
    assert!(v["rules_hash"].as_str().unwrap().len() == 16);
    // Moved elsewhere, without the tile-set file: it still replays, silently.
    let elsewhere = dir("self-contained-moved").join("g.json");
    std::fs::write(&elsewhere, &text).unwrap();
    let o = run(&["replay", elsewhere.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    // A version 1 record (no embedded tile sets) finds them next to itself.
    let mut v1 = v.clone();
    v1["format"] = "carcassonne-record/1".into();
    for k in ["tilesets", "plugins", "rules_hash"] {
        v1.as_object_mut().unwrap().remove(k);
    }
    let old = d.join("old.json");
    std::fs::write(&old, v1.to_string()).unwrap();
    let o = bin()
        .args(["replay", old.to_str().unwrap()])
        .current_dir("/")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    // Another plugin version: a note, and a reminder of it with an error it
    // may explain (the changes named once).
    let mut changed = v.clone();
    changed["plugins"][0]["version"] = "0.0.1".into();
    changed["actions"][3] = "place 40 40 0".into();
    std::fs::write(&elsewhere, changed.to_string()).unwrap();
    let o = run(&["replay", elsewhere.to_str().unwrap()]);
    assert_clean_failure(&o, "action 4 (`place 40 40 0`)");
    let e = stderr(&o);
    assert!(
        e.contains("g.json: the rules differ from those the record was made with: plugin `shepherd` is version"),
        "{e}"
    );
    assert!(e.contains("0.0.1 in the record"), "{e}");
    assert_eq!(e.matches("0.0.1 in the record").count(), 1, "{e}");
    assert!(
        e.contains("(the rules differ from those the record was made with: see the note above)"),
        "{e}"
    );
    // Changed tile data (the fingerprint) is named too.
    let mut changed = v.clone();
    changed["rules_hash"] = "0000000000000000".into();
    std::fs::write(&elsewhere, changed.to_string()).unwrap();
    let o = run(&["replay", elsewhere.to_str().unwrap()]);
    assert!(o.status.success());
    assert!(
        stderr(&o).contains("the rules built here differ from the record's (its rules fingerprint"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_record_can_end_early_and_replay_prints_every_turn() {
    let d = dir("early-end");
    let base = std::fs::read_to_string(root().join("configs/base.toml")).unwrap();
    let record = serde_json::json!({
        "format": "carcassonne-record/2",
        "ruleset_name": "base",
        "ruleset": base,
        "players": 2,
        "seed": 1,
        "actions": ["place 0 -1 2", "deploy follower city S", "place 1 0 0", "pass", "end"],
        "forced": { "tile": ["BA/C", "BA/RFr"] },
        "scores": [4, 0],
    });
    let f = d.join("end.json");
    std::fs::write(&f, record.to_string()).unwrap();
    let o = run(&["replay", f.to_str().unwrap(), "--json", "--events"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["finished"], true);
    assert_eq!(v["scores"], serde_json::json!([4, 0]));
    let log = v["turn_log"].as_array().unwrap();
    assert_eq!(log.len(), 3, "{v:#}");
    assert_eq!(log[0]["turn"], 1);
    assert_eq!(
        log[0]["actions"],
        serde_json::json!(["place 0 -1 2", "deploy follower city S"])
    );
    assert_eq!(
        log[0]["scores_after"],
        serde_json::json!([4, 0]),
        "the two-tile city"
    );
    assert_eq!(log[0]["events"][0], "-- Turn 1: Red (71 tiles left) --");
    assert_eq!(
        log[1]["actions"],
        serde_json::json!(["place 1 0 0", "pass"])
    );
    assert_eq!(log[2]["actions"], serde_json::json!(["end"]));
    let events: Vec<&str> = log[2]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    assert!(events.iter().any(|e| e.contains("Game over")), "{events:?}");
    // `end` in the middle of a turn is refused with its index.
    let mut bad = record.clone();
    bad["actions"] = serde_json::json!(["place 0 -1 2", "end"]);
    std::fs::write(&f, bad.to_string()).unwrap();
    assert_clean_failure(
        &run(&["replay", f.to_str().unwrap()]),
        "action 2 (`end`): illegal action end: the game can only end between turns",
    );
}

#[test]
fn a_ruleset_overrides_tile_counts_without_copying_definitions() {
    let text = "name = \"counts\"\ntilesets = [\"base\"]\n[plugins.special-cities]\n\
                [tiles.counts]\n\"BA/Cccc+\" = 4\n\"BA/L\" = 0\n";
    let rs = carcassonne_host::load_str(text, "c.toml", None, &registry()).unwrap();
    let t = &rs.rules.tiles;
    assert_eq!(t.get(t.by_id("BA/Cccc+").unwrap()).unwrap().count, 4);
    assert_eq!(t.get(t.by_id("BA/L").unwrap()).unwrap().count, 0);
    // `ruleset show` keeps them, and its output loads to the same tiles.
    let shown = rs.show();
    assert!(
        shown.contains("[tiles.counts]\n\"BA/Cccc+\" = 4\n\"BA/L\" = 0\n"),
        "{shown}"
    );
    let again = carcassonne_host::load_str(&shown, "shown.toml", None, &registry()).unwrap();
    assert_eq!(again.rules.tiles.total(), rs.rules.tiles.total());
    // Unknown ids are located, with a suggestion; bad counts too; plugin tile sets count.
    let bad = "name = \"counts\"\ntilesets = [\"base\"]\n[tiles.counts]\n\"BA/Cccx+\" = 2\n\"BA/L\" = -1\n\"HS/CC!.v\" = 1\n";
    let e = carcassonne_host::load_str(bad, "c.toml", None, &registry())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("c.toml:4:1: `tiles.counts`: no tile `BA/Cccx+` in the tile sets (base) (did you mean `BA/Cccc+`?)"),
        "{e}"
    );
    assert!(
        e.contains(
            "c.toml:5:10: `tiles.counts.\"BA/L\"`: expected a number of copies from 0 to 65535"
        ),
        "{e}"
    );
    assert!(e.contains("no tile `HS/CC!.v`"), "{e}");
    // Too many tiles in all: the numbers are named.
    let huge = "name = \"x\"\n[tiles.counts]\n\"BA/L\" = 40000\n";
    let e = carcassonne_host::load_str(huge, "h.toml", None, &registry())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("too many tiles: 40068 tiles with 80243 features in all; a game holds fewer than 32767 tiles and 65534 features"),
        "{e}"
    );
}
