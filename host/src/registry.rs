//! The plugins a ruleset can enable: compiled in or loaded at run time.

use crate::loader::LoadError;
use crate::ruleset::RulesetErrors;
use carcassonne_core::{Hooks, PluginDecl, TileSetSpec};
use std::path::PathBuf;
use std::sync::Arc;

/// Where a plugin comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PluginSource {
    /// Compiled into this program.
    Builtin,
    /// Loaded from a shared library.
    Library(PathBuf),
}

impl std::fmt::Display for PluginSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PluginSource::Builtin => f.write_str("built-in"),
            PluginSource::Library(p) => write!(f, "{}", p.display()),
        }
    }
}

/// One documented option of a plugin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionDoc {
    /// Key in the plugin's ruleset table.
    pub name: String,
    /// Default value as a TOML literal.
    pub default: String,
    /// What it does.
    pub doc: String,
    /// The plugins it concerns: it has an effect only when one of them is
    /// enabled too (empty: always).
    pub only_with: Vec<String>,
    /// The bounds of a whole-number option, least and most, both taken;
    /// `None`: none declared.
    pub range: Option<(i64, i64)>,
    /// The strings it takes when its value is one of a fixed set, in the
    /// plugin's order; empty: not such an option.
    pub values: Vec<String>,
}

impl OptionDoc {
    /// What the option takes, in the words of a ruleset's error: `1 to 30`
    /// for its bounds, `one of "best", "rounds"` (`"only"` for one) for its
    /// strings; `None` when it declares neither.
    pub fn takes(&self) -> Option<String> {
        if let Some((least, most)) = self.range {
            return Some(format!("{least} to {most}"));
        }
        // In the words of the SDK's own refusals of a value.
        (!self.values.is_empty())
            .then(|| carcassonne_plugin_sdk::config::words::one_of(&self.values))
    }
}

/// Says `how` a plugin library is loaded in `message`, the problem of an
/// unknown plugin (or the hint after its name alone): after the suggestion
/// (`` (did you mean `x`?)``), in its parentheses, since an id near a known
/// one may still be a library's; else in parentheses of its own, before the
/// list of available plugins if there is one.
pub fn add_how_to_load(message: &mut String, how: &str) {
    let hinted = message
        .find(crate::suggest::DID_YOU_MEAN)
        .and_then(|at| message[at..].find("`?)").map(|end| at + end + 2));
    match hinted {
        Some(at) => message.insert_str(at, &format!(" otherwise {how}")),
        None => {
            let at = message.find("; available: ").unwrap_or(message.len());
            message.insert_str(at, &format!(" ({how})"));
        }
    }
}

/// Static facts about a plugin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PluginInfo {
    /// Unique id (the ruleset's `[plugins.<id>]`).
    pub id: String,
    /// Plugin version.
    pub version: String,
    /// One-line description.
    pub description: String,
    /// Plugin API version it was built against.
    pub api_version: u32,
    /// Plugins that must be enabled too (they run first).
    pub depends_on: Vec<String>,
    /// Plugins that may not be enabled with it.
    pub conflicts_with: Vec<String>,
    /// Plugins it runs after when they are enabled.
    pub runs_after: Vec<String>,
    /// Plugins it runs before when they are enabled.
    pub runs_before: Vec<String>,
    /// Its options.
    pub options: Vec<OptionDoc>,
    /// Where it comes from.
    pub source: PluginSource,
    /// Hook bits it implements (`carcassonne_core::hook`).
    pub hooks: u64,
    /// Figure kinds it contributes.
    pub figures: Vec<String>,
    /// Markers it gives a meaning to.
    pub markers: Vec<String>,
    /// Tile sets it contributes: name and number of tiles (C2 counts).
    pub tilesets: Vec<(String, usize)>,
}

/// An option problem reported by a plugin: the key it concerns (if any) and the message.
pub type OptionProblem = (Option<String>, String);

/// A plugin the host can enable.
pub trait ProvidedPlugin: Send + Sync {
    /// Static facts.
    fn info(&self) -> &PluginInfo;
    /// Tile sets it contributes when enabled.
    fn tilesets(&self) -> Vec<TileSetSpec>;
    /// Configures an instance from its options table (TOML text, without `enabled`).
    fn instantiate(
        &self,
        options_toml: &str,
    ) -> Result<(PluginDecl, Arc<dyn Hooks>), Vec<OptionProblem>>;
}

/// The plugins available to rulesets.
#[derive(Default, Clone)]
pub struct Registry {
    /// Available plugins, unique by id.
    pub plugins: Vec<Arc<dyn ProvidedPlugin>>,
    /// Libraries found in plugin directories that could not be loaded, each
    /// with why ([`crate::loader::registry`] leaves them out rather than
    /// failing): the plugins they hold are not available.
    pub unloaded: Vec<LoadError>,
    /// Libraries found in plugin directories that are no plugin library at
    /// all (they export no plugin manifest: the proc-macro libraries of
    /// `target/debug/deps`), left out; said in one line
    /// ([`Registry::not_plugins_note`]), not one warning each.
    pub not_plugins: Vec<PathBuf>,
    /// Whether the plugins compiled into this program were added
    /// ([`crate::loader::registry`], [`crate::loader::builtin_registry`]; not
    /// [`crate::loader::library_registry`]): an official plugin missing from
    /// it is then one not linked in, else one whose library was not given.
    pub with_builtin: bool,
}

/// The start of the problem a ruleset resolved against a registry reports for
/// a plugin the registry does not hold (`unknown plugin `x`...`).
const UNKNOWN_PLUGIN: &str = "unknown plugin `";

impl Registry {
    /// An empty registry (no plugins).
    pub fn empty() -> Registry {
        Registry::default()
    }

    /// Adds a plugin; an id already present is an error naming both sources.
    pub fn add(&mut self, plugin: Arc<dyn ProvidedPlugin>) -> Result<(), String> {
        let id = plugin.info().id.clone();
        if let Some(old) = self.get(&id) {
            // A library taking a built-in plugin's id: the library's to change.
            let hint = if matches!(old.info().source, PluginSource::Builtin) {
                ": choose another id for the library's plugin"
            } else {
                ""
            };
            return Err(format!(
                "plugin `{id}` is provided twice: by {} and by {}{hint}",
                old.info().source,
                plugin.info().source
            ));
        }
        self.plugins.push(plugin);
        Ok(())
    }

    /// The plugin with this id.
    pub fn get(&self, id: &str) -> Option<&Arc<dyn ProvidedPlugin>> {
        self.plugins.iter().find(|p| p.info().id == id)
    }

    /// Ids of all plugins.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.plugins.iter().map(|p| p.info().id.as_str())
    }

    /// One line naming the libraries of [`Registry::not_plugins`], by
    /// directory: ``skipped 2 libraries that are not carcassonne plugins (no
    /// plugin manifest) in target/debug/deps: libserde_derive-1.so,
    /// libthiserror_impl-2.so``; `None` when there are none.
    pub fn not_plugins_note(&self) -> Option<String> {
        if self.not_plugins.is_empty() {
            return None;
        }
        let n = self.not_plugins.len();
        let mut dirs: Vec<(String, Vec<String>)> = Vec::new();
        for p in &self.not_plugins {
            let dir = p
                .parent()
                .map_or_else(String::new, |d| d.display().to_string());
            let name = p.file_name().map_or_else(
                || p.display().to_string(),
                |f| f.to_string_lossy().into_owned(),
            );
            match dirs.iter_mut().find(|(d, _)| *d == dir) {
                Some((_, names)) => names.push(name),
                None => dirs.push((dir, vec![name])),
            }
        }
        let listed: Vec<String> = dirs
            .iter()
            .map(|(d, names)| format!("in {d}: {}", names.join(", ")))
            .collect();
        let what = if n == 1 {
            "library that is not a carcassonne plugin"
        } else {
            "libraries that are not carcassonne plugins"
        };
        Some(format!(
            "skipped {n} {what} (no plugin manifest) {}",
            listed.join("; ")
        ))
    }

    /// `errors` of a ruleset resolved against this registry, with each
    /// problem of an unknown plugin completed: `how` (how the program loads a
    /// plugin library, say `load it with --plugin-dir DIR`) in parentheses
    /// after the plugin's name (when a known plugin's name is suggested, after
    /// it: ``(did you mean `abbot`? otherwise load it with --plugin-dir
    /// DIR)``, since an id near a known one may still be a library's), and at
    /// the end the libraries that could not be loaded
    /// ([`Registry::unloaded`]), which may hold it.
    pub fn explain_unknown_plugins(
        &self,
        mut errors: RulesetErrors,
        how: Option<&str>,
    ) -> RulesetErrors {
        let unloaded = self
            .unloaded
            .iter()
            .map(|e| match &e.path {
                Some(p) => format!("{} ({})", p.display(), e.message),
                None => e.message.clone(),
            })
            .collect::<Vec<_>>()
            .join(", ");
        for p in &mut errors.0 {
            if !p.message.starts_with(UNKNOWN_PLUGIN) {
                continue;
            }
            if let Some(how) = how {
                add_how_to_load(&mut p.message, how);
            }
            if !unloaded.is_empty() {
                p.message.push_str(&format!(
                    "; plugin libraries that could not be loaded: {unloaded}"
                ));
            }
        }
        errors
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Problem;
    use std::path::Path;

    fn problem(message: &str) -> Problem {
        Problem {
            file: "r.toml".into(),
            line: 4,
            col: 10,
            message: message.into(),
        }
    }

    #[test]
    fn libraries_that_are_not_plugins_are_said_in_one_line() {
        let mut reg = Registry::empty();
        assert_eq!(reg.not_plugins_note(), None);
        reg.not_plugins = vec![Path::new("/t/deps/libserde_derive-1.so").into()];
        assert_eq!(
            reg.not_plugins_note().unwrap(),
            "skipped 1 library that is not a carcassonne plugin (no plugin manifest) in /t/deps: libserde_derive-1.so"
        );
        reg.not_plugins.extend([
            Path::new("/t/deps/libthiserror_impl-2.so").into(),
            Path::new("/p/libother.so").into(),
        ]);
        assert_eq!(
            reg.not_plugins_note().unwrap(),
            "skipped 3 libraries that are not carcassonne plugins (no plugin manifest) in /t/deps: libserde_derive-1.so, libthiserror_impl-2.so; in /p: libother.so"
        );
    }

    #[test]
    fn an_unknown_plugin_is_told_how_to_load_it_and_what_failed_to_load() {
        let errors = RulesetErrors(vec![
            problem("unknown plugin `toll-roads`; available: abbot, barn"),
            problem(
                "tiny-city = 3: expected 4 (default: scores like any city) or 2 (1st/2nd edition)",
            ),
        ]);
        let mut reg = Registry::empty();
        let plain = reg.explain_unknown_plugins(errors.clone(), None);
        assert_eq!(plain, errors);
        let hinted =
            reg.explain_unknown_plugins(errors.clone(), Some("load it with --plugin-dir DIR"));
        assert_eq!(
            hinted.0[0].to_string(),
            "r.toml:4:10: unknown plugin `toll-roads` (load it with --plugin-dir DIR); available: abbot, barn"
        );
        assert_eq!(hinted.0[1], errors.0[1]);
        // A typo of a known plugin's name is told the name, and how to load
        // a library all the same (the author audit: `cult`, a library's
        // plugin, was told only "did you mean `count`?").
        let typo = RulesetErrors(vec![problem(
            "unknown plugin `abot` (did you mean `abbot`?); available: abbot, barn",
        )]);
        let told = reg.explain_unknown_plugins(typo, Some("load it with --plugin-dir DIR"));
        assert_eq!(
            told.0[0].message,
            "unknown plugin `abot` (did you mean `abbot`? otherwise load it with --plugin-dir DIR); available: abbot, barn"
        );
        reg.unloaded = vec![
            LoadError {
                path: Some(Path::new("/p/libbroken.so").into()),
                message: "cannot load the library: the file is empty".into(),
                details: None,
            },
            LoadError {
                path: Some(Path::new("/p/libold.so").into()),
                message: "built for plugin API epoch 3".into(),
                details: None,
            },
        ];
        let told = reg.explain_unknown_plugins(errors, Some("load it with --plugin-dir DIR"));
        assert_eq!(
            told.0[0].message,
            "unknown plugin `toll-roads` (load it with --plugin-dir DIR); available: abbot, barn; plugin libraries that could not be loaded: /p/libbroken.so (cannot load the library: the file is empty), /p/libold.so (built for plugin API epoch 3)"
        );
    }
}
