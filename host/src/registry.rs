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

    /// `errors` of a ruleset resolved against this registry, with each
    /// problem of an unknown plugin completed: `how` (how the program loads a
    /// plugin library, say `load it with --plugin-dir DIR`) in parentheses
    /// after the plugin's name (not when a known plugin's name is suggested
    /// instead: a typo, not a library to load), and at the end the libraries
    /// that could not be loaded ([`Registry::unloaded`]), which may hold it.
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
            if let Some(how) = how.filter(|_| !p.message.contains(crate::suggest::DID_YOU_MEAN)) {
                let at = p.message.find("; available: ").unwrap_or(p.message.len());
                p.message.insert_str(at, &format!(" ({how})"));
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
        // A typo of a known plugin's name is told the name, not how to load it.
        let typo = RulesetErrors(vec![problem(
            "unknown plugin `abot` (did you mean `abbot`?); available: abbot, barn",
        )]);
        let told = reg.explain_unknown_plugins(typo.clone(), Some("load it with --plugin-dir DIR"));
        assert_eq!(told, typo);
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
