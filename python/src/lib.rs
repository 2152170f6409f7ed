//! The `carcassonne` Python package's native module (`carcassonne._native`):
//! rulesets, games, bots, encodings, pictures, batch simulation and
//! tournaments over the engine's public API. The Python side
//! (`pysrc/carcassonne`) adds the PettingZoo environment and the Ray helpers.
#![forbid(unsafe_code)]

mod args;
mod batch;
mod encode;
mod game;
mod history;

use carcassonne_core::Rules;
use carcassonne_host::tilesets::{Source, TileSetFiles};
use carcassonne_host::{Registry, Ruleset as HostRuleset};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

// The official plugins, compiled into the extension.
use carcassonne_official as _;

pub(crate) fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

pub(crate) fn runtime_error(e: impl std::fmt::Display) -> PyErr {
    PyRuntimeError::new_err(e.to_string())
}

/// The registry: compiled-in plugins plus the libraries in `dirs`. A library
/// found in a directory that cannot be loaded is left out with a
/// `UserWarning` naming it (as the program's `warning:` line), so that one
/// bad file does not stop every ruleset; the libraries that are no plugin
/// library at all (proc-macro libraries) with one warning for all of them.
pub(crate) fn registry(dirs: &[PathBuf]) -> PyResult<Registry> {
    let reg = carcassonne_host::loader::registry(dirs, true).map_err(value_error)?;
    let mut lines: Vec<String> = reg
        .unloaded
        .iter()
        .map(|e| format!("{e} (skipped: its plugins are not available)"))
        .collect();
    lines.extend(reg.not_plugins_note());
    if !lines.is_empty() {
        Python::attach(|py| -> PyResult<()> {
            let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
            for text in &lines {
                let text =
                    std::ffi::CString::new(text.replace('\0', " ")).map_err(runtime_error)?;
                PyErr::warn(py, &category, &text, 1)?;
            }
            Ok(())
        })?;
    }
    Ok(reg)
}

/// A ruleset: tiles, base-rule options and plugins.
#[pyclass(module = "carcassonne._native", frozen)]
pub struct Ruleset {
    pub(crate) rs: Arc<HostRuleset>,
    pub(crate) plugin_dirs: Vec<PathBuf>,
}

impl Ruleset {
    pub(crate) fn rules(&self) -> &Arc<Rules> {
        &self.rs.rules
    }

    /// Compiles a ruleset with `load`, given the [`registry`] of `plugin_dirs`;
    /// a failure is a `ValueError` that starts with `what`.
    pub(crate) fn compile<E: std::fmt::Display>(
        plugin_dirs: Vec<PathBuf>,
        what: &str,
        load: impl FnOnce(&Registry) -> Result<HostRuleset, E>,
    ) -> PyResult<Ruleset> {
        let rs =
            load(&registry(&plugin_dirs)?).map_err(|e| value_error(format!("{what}:\n{e}")))?;
        Ok(Ruleset {
            rs: Arc::new(rs),
            plugin_dirs,
        })
    }
}

#[pymethods]
impl Ruleset {
    /// Loads a ruleset: a TOML file by path, or a shipped one by name
    /// (`"base"`, `"hills-and-sheep"`, see `Ruleset.shipped()`; `"base.toml"`
    /// too). A file that exists wins over a shipped ruleset of the same name,
    /// as with the program's `--ruleset`. Plugins from the compiled-in ones and
    /// the libraries in `plugin_dirs`.
    #[staticmethod]
    #[pyo3(signature = (name_or_path="hills-and-sheep", plugin_dirs=Vec::new()))]
    fn load(name_or_path: &str, plugin_dirs: Vec<PathBuf>) -> PyResult<Ruleset> {
        Ruleset::compile(plugin_dirs, "invalid ruleset", |reg| {
            carcassonne_host::shipped::load(std::path::Path::new(name_or_path), reg)
        })
    }

    /// A ruleset from TOML text.
    #[staticmethod]
    #[pyo3(signature = (text, plugin_dirs=Vec::new()))]
    fn from_toml(text: &str, plugin_dirs: Vec<PathBuf>) -> PyResult<Ruleset> {
        Ruleset::compile(plugin_dirs, "invalid ruleset", |reg| {
            carcassonne_host::load_str(text, "<text>", None, reg)
        })
    }

    /// Names of the shipped rulesets: every ruleset file of `configs/`,
    /// embedded in the package (the default, `hills-and-sheep`, first).
    #[staticmethod]
    fn shipped() -> Vec<String> {
        carcassonne_host::shipped::names()
            .into_iter()
            .map(str::to_string)
            .collect()
    }

    /// The ruleset's name.
    #[getter]
    fn name(&self) -> String {
        self.rs.spec.name.clone()
    }

    /// Its default number of players.
    #[getter]
    fn players(&self) -> u8 {
        self.rs.spec.players
    }

    /// Its TOML text.
    #[getter]
    fn text(&self) -> String {
        self.rs.text.clone()
    }

    /// Number of action ids of the fixed-size encoding with the default board
    /// window (the ruleset's tile count); a game with a smaller `window` has
    /// fewer (`Game.num_actions`).
    #[getter]
    fn num_actions(&self) -> usize {
        encode::Encoding::new(self.rules(), None).actions()
    }

    fn __repr__(&self) -> String {
        format!("Ruleset({:?})", self.rs.spec.name)
    }

    /// Pickling (for Ray): the TOML text, the text of every tile-set file it
    /// names (so that it unpickles anywhere, whatever the working directory)
    /// and the plugin directories.
    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<Reduce> {
        let py = slf.py();
        let me = slf.get();
        let f = py
            .import("carcassonne._native")?
            .getattr("Ruleset")?
            .getattr("_unpickle")?;
        let args = (
            me.rs.text.clone(),
            me.rs.tileset_files.clone(),
            me.plugin_dirs.clone(),
        );
        Ok((f.unbind(), args))
    }

    /// A pickled ruleset: its text with the tile-set files' text it carries
    /// (no file is read).
    #[staticmethod]
    fn _unpickle(
        text: &str,
        tilesets: BTreeMap<String, String>,
        plugin_dirs: Vec<PathBuf>,
    ) -> PyResult<Ruleset> {
        Ruleset::compile(plugin_dirs, "invalid ruleset", |reg| {
            let files = TileSetFiles::Within(Vec::new());
            let src = Source {
                files: &files,
                embedded: Some(&tilesets),
            };
            carcassonne_host::ruleset::load_str_from(text, "<pickled ruleset>", &src, reg)
        })
    }
}

/// What `Ruleset.__reduce__` gives pickle: `Ruleset._unpickle` and its
/// arguments (the text, the tile-set files' text, the plugin directories).
type Reduce = (Py<PyAny>, (String, BTreeMap<String, String>, Vec<PathBuf>));

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Ruleset>()?;
    m.add_class::<game::Game>()?;
    m.add_function(wrap_pyfunction!(batch::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(batch::schedule, m)?)?;
    m.add_function(wrap_pyfunction!(batch::play_fixtures, m)?)?;
    m.add_function(wrap_pyfunction!(batch::standings, m)?)?;
    m.add("CHANCE", game::CHANCE)?;
    m.add("TERMINAL", game::TERMINAL)?;
    Ok(())
}
