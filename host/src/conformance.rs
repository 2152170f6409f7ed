//! The conformance kit for plugin authors: random games on a ruleset that
//! enables your plugin, with invariant checks at every step.
//!
//! At every state of every game it checks (see `carcassonne_core::conformance`):
//!
//! * a state that is not over has a legal action (or a chance outcome), and a
//!   finished game has none;
//! * every legal action applies (all of them with [`Options::try_every_action`],
//!   else the one chosen), and its text form parses back to it — so your
//!   `value_name`/`parse_value` must round-trip; a label your `value_label`
//!   gives is at most 80 characters and one line (no control characters);
//! * figures are conserved, each tile copy is in exactly one place (bag, board,
//!   set aside, hidden, in hand), and the engine's incremental structures match
//!   a recomputation;
//! * scores never decrease (a plugin that takes points away legitimately must
//!   say so in its docs and test itself without this kit's score check);
//! * a clone equals the original (plugin state included) and offers the same
//!   actions;
//! * and, added here, the same action applied to two clones gives equal games
//!   (your hooks depend on nothing but the game state and their options).
//!
//! In a plugin crate's tests, the plugin is compiled in (the test binary links
//! the crate), so [`check_builtin`] finds it:
//!
//! ```no_run
//! use carcassonne_host::conformance::{check_builtin, Options};
//!
//! let ruleset = r#"
//!     name = "my plugin on the base game"
//!     tilesets = ["base"]
//!     [plugins.my-plugin]
//! "#;
//! let report = check_builtin(ruleset, Options { games: 200, ..Options::default() }).unwrap();
//! assert_eq!(report.games, 200);
//! ```
//!
//! To check the built library instead, use [`check_libraries`] with its path,
//! or the command line: `carcassonne conformance --ruleset FILE --plugin-dir DIR`.

use crate::loader::{self, LoadErrors};
use crate::registry::Registry;
use crate::ruleset::RulesetErrors;
use carcassonne_core::Rules;
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

pub use carcassonne_core::conformance::{Failure, Options, Report};

/// Why the kit could not run or what it found.
#[derive(Debug)]
pub enum ConformanceError {
    /// A plugin library could not be loaded.
    Plugins(LoadErrors),
    /// The ruleset is invalid.
    Ruleset(RulesetErrors),
    /// An invariant failed.
    Failure(Failure),
}

impl fmt::Display for ConformanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConformanceError::Plugins(e) => write!(f, "{e}"),
            ConformanceError::Ruleset(e) => write!(f, "invalid ruleset:\n{e}"),
            ConformanceError::Failure(e) => write!(f, "conformance failure: {e}"),
        }
    }
}

impl std::error::Error for ConformanceError {}

/// Runs the kit on compiled rules.
/// [`Options::check_determinism`] is always on here.
pub fn check_rules(rules: &Arc<Rules>, opts: Options) -> Result<Report, Failure> {
    let opts = Options {
        check_determinism: true,
        ..opts
    };
    carcassonne_core::conformance::run(rules, opts, &|_| Ok(()))
}

/// Runs the kit on ruleset text resolved against `registry`.
pub fn check_ruleset(
    ruleset_toml: &str,
    registry: &Registry,
    opts: Options,
) -> Result<Report, ConformanceError> {
    let rs = crate::ruleset::load_str(ruleset_toml, "<conformance ruleset>", None, registry)
        .map_err(ConformanceError::Ruleset)?;
    check_rules(&rs.rules, opts).map_err(ConformanceError::Failure)
}

/// Runs the kit with the compiled-in plugins (in a plugin crate's tests: yours).
pub fn check_builtin(ruleset_toml: &str, opts: Options) -> Result<Report, ConformanceError> {
    let reg = loader::builtin_registry().map_err(ConformanceError::Plugins)?;
    check_ruleset(ruleset_toml, &reg, opts)
}

/// Runs the kit with the plugins of the libraries at `paths` (files or directories)
/// only, not the compiled-in ones.
pub fn check_libraries(
    paths: &[PathBuf],
    ruleset_toml: &str,
    opts: Options,
) -> Result<Report, ConformanceError> {
    let reg = loader::library_registry(paths).map_err(ConformanceError::Plugins)?;
    check_ruleset(ruleset_toml, &reg, opts)
}
