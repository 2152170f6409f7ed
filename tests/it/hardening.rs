//! Inputs from a hostile audit (issue 15): malformed rulesets, plugins,
//! records and arguments that used to crash, hang, be wrongly accepted or lose
//! a game. Each test names the defect it pins.

use crate::cli::{assert_clean_failure, bin, root, run, stderr};
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
    fn subscriptions(&self) -> u32 {
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
            game_words: self.game_words,
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
        "r.toml:4:1: plugin `shepherd` option `flock-action`: wanted string or table",
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
