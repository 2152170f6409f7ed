//! The plugins a ruleset can enable: compiled in or loaded at run time.

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
}

impl Registry {
    /// An empty registry (no plugins).
    pub fn empty() -> Registry {
        Registry::default()
    }

    /// Adds a plugin; an id already present is an error naming both sources.
    pub fn add(&mut self, plugin: Arc<dyn ProvidedPlugin>) -> Result<(), String> {
        let id = plugin.info().id.clone();
        if let Some(old) = self.get(&id) {
            return Err(format!(
                "plugin `{id}` is provided twice: by {} and by {}",
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
}
