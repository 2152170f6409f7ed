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
//! Only the plugins the test links are compiled in: to play yours with the
//! official expansions (`[plugins.abbey]` beside it), add the dev-dependency
//! `carcassonne-official` and `use carcassonne_official as _;` to the test
//! file, which links and registers every official plugin (without it, the
//! ruleset's error says so: ``unknown plugin `abbey`; available: my-plugin;
//! `abbey` is an official plugin, not linked into this program: …``).
//!
//! To check the built library instead, use [`check_libraries`] with its path,
//! or the command line: `carcassonne conformance --ruleset FILE --plugin-dir DIR`.
//!
//! The players' actions are drawn at random. A mechanic that needs purposeful
//! play (a challenge only a player ahead would make) may seldom come up that
//! way: [`check_rules_with`] takes any [`Chooser`] of the players' actions,
//! such as bots (`carcassonne_bots::BotChooser::new(&[BotSpec::Greedy])`,
//! with the dev-dependency `carcassonne-bots`; on the command line
//! `conformance --bots greedy`).
//!
//! The [`Report`] says what the kit saw your plugin do: the points it booked
//! (`report.points`, by score category: the base rules' four, then one per
//! plugin) and, per plugin, its decisions, chance events, figure options,
//! figure moves, lot tiles, features added and log lines
//! (`report.activity`), so that a test can check that its games reached your
//! code. A [`Failure`] carries the player actions of the failing game
//! (`failure.actions`, the action that failed in `failure.action`): with its
//! seed, a record's actions, which `carcassonne replay` plays up to the
//! failing state (the command line writes that record itself).

use crate::loader::{self, LoadErrors};
use crate::registry::Registry;
use crate::ruleset::RulesetErrors;
use carcassonne_core::Rules;
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

pub use carcassonne_core::conformance::{
    Activity, Chooser, Failure, Options, RandomChoices, Report,
};

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
    check_rules_with(rules, opts, &mut RandomChoices::default())
}

/// [`check_rules`] with the players' actions made by `chooser` (bots, for
/// a mechanic that needs purposeful play to come up).
/// [`Options::check_determinism`] is always on here.
pub fn check_rules_with(
    rules: &Arc<Rules>,
    opts: Options,
    chooser: &mut dyn Chooser,
) -> Result<Report, Failure> {
    let opts = Options {
        check_determinism: true,
        ..opts
    };
    carcassonne_core::conformance::run_with(rules, opts, chooser, &|_| Ok(()))
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

/// Runs the kit with the compiled-in plugins (in a plugin crate's tests: yours,
/// and the official ones when the test links `carcassonne-official`).
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
