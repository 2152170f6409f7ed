//! Helpers shared by the integration tests: rulesets with the compiled-in
#![allow(dead_code, unused_imports)] // until every plugin module uses them
//! plugins, and rulebook-style scenario fixtures (`check`).

// The official plugins, compiled into this test binary as into the program.
use carcassonne_abbot as _;
use carcassonne_hills as _;
use carcassonne_shepherd as _;
use carcassonne_special_cities as _;
use carcassonne_vineyards as _;

pub use carcassonne_core::scenario::{check, run, run_on};
use carcassonne_core::Rules;
use carcassonne_host::Registry;
use std::sync::Arc;

/// The registry of compiled-in plugins.
pub fn registry() -> Registry {
    carcassonne_host::loader::builtin_registry().expect("built-in plugins load")
}

/// Compiles ruleset TOML text with the compiled-in plugins.
pub fn rules(text: &str) -> Arc<Rules> {
    match carcassonne_host::load_str(text, "<test ruleset>", None, &registry()) {
        Ok(r) => r.rules,
        Err(e) => panic!("invalid test ruleset:\n{e}"),
    }
}

/// Compiles a ruleset file of `configs/`.
pub fn config(name: &str) -> Arc<Rules> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs").join(name);
    match carcassonne_host::load_file(&path, &registry()) {
        Ok(r) => r.rules,
        Err(e) => panic!("invalid ruleset {name}:\n{e}"),
    }
}
