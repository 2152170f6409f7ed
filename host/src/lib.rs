//! # carcassonne-host
//!
//! Everything between the engine and the outside world: ruleset files (parsing,
//! validation with located errors, plugin resolution), the registry of
//! compiled-in and run-time plugins, and the built-in tile sets.
//!
//! Unsafe code: the crate denies it, except where the binary interface needs
//! it: the host's end of the plugin interface, `adapter::ctx` (the handle a
//! plugin passes back is a raw pointer to the hook call's context) and
//! `adapter::callbacks` (the `unsafe extern "C"` callbacks), and `loader`
//! (opening a shared library and reading its manifest symbol).
#![deny(unsafe_code)]

pub mod adapter;
pub mod conformance;
pub mod input;
pub mod libfile;
pub mod loader;
pub mod locate;
pub mod narrowings;
pub mod permute;
pub mod provenance;
pub mod registry;
pub mod ruleset;
pub mod scenario;
pub mod shipped;
pub mod suggest;
pub mod tilesets;

pub use registry::{OptionDoc, PluginInfo, PluginSource, ProvidedPlugin, Registry};
pub use ruleset::{
    load_default, load_file, load_str, Problem, Ruleset, RulesetErrors, RulesetSpec,
};
