//! Inputs from a hostile audit (issue 15): malformed rulesets, plugins,
//! records and arguments that used to crash, hang, be wrongly accepted or lose
//! a game. Each test names the defect it pins.

use crate::cli::{assert_clean_failure, bin, root, stderr};
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
