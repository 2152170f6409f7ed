//! Building the plugin registry and loading rulesets for the commands.

use crate::RulesetArgs;
use anyhow::{anyhow, Context, Result};
use carcassonne_core::Rules;
use carcassonne_host::loader::LoadError;
use carcassonne_host::{Registry, Ruleset, RulesetErrors};
use carcassonne_render::Style;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

// The official plugins compiled into the `carcassonne` program: the bundle
// `carcassonne-official` links and registers every one (naming it keeps it
// linked: without this line the linker drops it together with the plugins'
// registrations). A new official plugin is added to the bundle, not here.
use carcassonne_official as _;

/// Set to print the long diagnostics of plugin libraries that fail to load.
const DEBUG_ENV: &str = "CARCASSONNE_PLUGIN_DEBUG";

/// How a plugin library is loaded, for a ruleset that names a plugin this
/// program does not know.
pub const HOW_TO_LOAD: &str = "load it with --plugin-dir DIR";

/// The plugin registry: compiled-in plugins plus the libraries in `dirs` and in the
/// default plugin directories (see `carcassonne_host::loader`). A library found
/// in a directory that fails to load is left out with a `warning:` line on
/// standard error (once per process); those that are no plugin library at all
/// (the proc-macro libraries of `target/debug/deps`) with one `note:` line
/// for all of them.
pub fn registry(dirs: &[PathBuf]) -> Result<Registry> {
    let reg = registry_quietly(dirs)?;
    warn_unloaded(&reg.unloaded);
    note_not_plugins(&reg);
    Ok(reg)
}

/// Prints [`Registry::not_plugins_note`] as a `note:` line, once per process.
fn note_not_plugins(reg: &Registry) {
    static SHOWN: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let Some(line) = reg.not_plugins_note() else {
        return;
    };
    let mut shown = SHOWN.lock().unwrap_or_else(|e| e.into_inner());
    if !shown.contains(&line) {
        eprintln!("note: {line}");
        shown.push(line);
    }
}

/// [`registry`] without the warnings: for `plugins`, which lists the
/// libraries that could not be loaded.
pub fn registry_quietly(dirs: &[PathBuf]) -> Result<Registry> {
    carcassonne_host::loader::registry(dirs, true).map_err(|e| {
        let details: Vec<&str> = e.0.iter().filter_map(|x| x.details.as_deref()).collect();
        if details.is_empty() {
            return anyhow!("{e}");
        }
        if std::env::var_os(DEBUG_ENV).is_some() {
            for d in &details {
                eprintln!("{d}");
            }
            anyhow!("{e}")
        } else {
            anyhow!("{e}\n(set {DEBUG_ENV}=1 to print the full diagnostics)")
        }
    })
}

/// Prints a `warning:` line for each library that could not be loaded, each
/// once per process (a command may build the registry more than once), with
/// its long diagnostics when [`DEBUG_ENV`] is set.
fn warn_unloaded(unloaded: &[LoadError]) {
    static SHOWN: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let mut shown = SHOWN.lock().unwrap_or_else(|e| e.into_inner());
    let debug = std::env::var_os(DEBUG_ENV).is_some();
    let mut hint = false;
    for e in unloaded {
        let line = e.to_string();
        if shown.contains(&line) {
            continue;
        }
        eprintln!("warning: {line} (skipped: its plugins are not available)");
        match &e.details {
            Some(d) if debug => eprintln!("{d}"),
            Some(_) => hint = true,
            None => {}
        }
        shown.push(line);
    }
    if hint {
        eprintln!("(set {DEBUG_ENV}=1 to print the full diagnostics)");
    }
}

/// A ruleset's errors, with each unknown plugin's problem telling how to load
/// a plugin library and which libraries could not be loaded.
pub fn explained(reg: &Registry, e: RulesetErrors) -> RulesetErrors {
    reg.explain_unknown_plugins(e, Some(HOW_TO_LOAD))
}

/// [`explained`] errors under a heading (`invalid ruleset`).
fn ruleset_error(reg: &Registry, e: RulesetErrors, what: &str) -> anyhow::Error {
    anyhow!("{what}:\n{}", explained(reg, e))
}

/// Loads the ruleset named by the arguments (default: the embedded one).
pub fn load_ruleset(args: &RulesetArgs) -> Result<Ruleset> {
    load_ruleset_and_registry(args).map(|(rs, _)| rs)
}

/// [`load_ruleset`], with the registry it was resolved against.
pub fn load_ruleset_and_registry(args: &RulesetArgs) -> Result<(Ruleset, Registry)> {
    let reg = registry(&args.plugin_dirs)?;
    let r = match &args.ruleset {
        Some(path) => carcassonne_host::shipped::load(path, &reg),
        None => carcassonne_host::load_default(&reg),
    };
    let rs = r.map_err(|e| ruleset_error(&reg, e, "invalid ruleset"))?;
    Ok((rs, reg))
}

/// A game record read from a file, with its ruleset resolved (tile-set files
/// from the record, else from the record's directory), the game at its start
/// (before any recorded action), and how this program's rules differ from the
/// record's.
pub struct LoadedRecord {
    /// The ruleset.
    pub rs: Ruleset,
    /// The record.
    pub rec: carcassonne_core::Record,
    /// The game before the first recorded action.
    pub game: carcassonne_core::Game,
    /// Differences between the rules here and the record's (plugin versions, tiles).
    pub changes: Vec<String>,
}

impl LoadedRecord {
    /// `e`, with a reminder of the rule changes that may explain it (named
    /// once, in the note [`load_record`] printed).
    pub fn explain(&self, e: impl std::fmt::Display) -> anyhow::Error {
        if self.changes.is_empty() {
            anyhow!("{e}")
        } else {
            anyhow!(
                "{e}\n(the rules differ from those the record was made with: see the note above)"
            )
        }
    }
}

/// Reads the record at `path` (see [`LoadedRecord`]); a change of the rules is
/// reported on standard error.
pub fn load_record(path: &std::path::Path, plugin_dirs: &[PathBuf]) -> Result<LoadedRecord> {
    use anyhow::Context;
    let text = carcassonne_host::input::read_text(path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let rec = carcassonne_core::Record::from_json(&text)
        .map_err(|e| anyhow!("{}: {e}", path.display()))?;
    let reg = registry(plugin_dirs)?;
    let origin = format!("{} (embedded ruleset)", path.display());
    let rs = carcassonne_host::provenance::load_record_ruleset(&rec, &origin, path.parent(), &reg)
        .map_err(|e| ruleset_error(&reg, e, "invalid ruleset in the record"))?;
    let changes = carcassonne_host::provenance::differences(&rec, &rs, &reg);
    if !changes.is_empty() {
        eprintln!(
            "note: {}: the rules differ from those the record was made with: {}",
            path.display(),
            changes.join("; ")
        );
    }
    let game = carcassonne_core::Game::new(rs.rules.clone(), rec.players, rec.seed)
        .map_err(|e| anyhow!("{}: {e}", path.display()))?;
    Ok(LoadedRecord {
        rs,
        rec,
        game,
        changes,
    })
}

/// A style file given with `--style`, read once: its name and text.
pub struct StyleFile {
    name: String,
    text: String,
}

/// Reads the `--style` file, if one is given (a located error otherwise).
pub fn read_style(path: Option<&Path>) -> Result<Option<StyleFile>> {
    path.map(|p| {
        let text = carcassonne_host::input::read_text(p)
            .with_context(|| format!("cannot read {}", p.display()))?;
        Ok(StyleFile {
            name: p.display().to_string(),
            text,
        })
    })
    .transpose()
}

/// The style of pictures of games under `rules`: the built-in style, the
/// styles of its plugins, then `user` (see `carcassonne_render::layers`).
pub fn style(rules: &Rules, user: Option<&StyleFile>) -> Result<Style> {
    Style::for_rules(rules, user.map(|u| (u.name.as_str(), u.text.as_str())))
        .map_err(|e| anyhow!("{e}"))
}

/// The shipped ruleset whose file name contains `file`, with the compiled-in
/// plugins (for tests).
#[cfg(test)]
pub fn shipped(file: &str) -> Ruleset {
    let (name, text) = carcassonne_host::shipped::SHIPPED
        .iter()
        .find(|(f, _)| f.contains(file))
        .unwrap_or_else(|| panic!("no shipped ruleset {file}"));
    carcassonne_host::load_str(text, name, None, &registry(&[]).unwrap())
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}
