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
