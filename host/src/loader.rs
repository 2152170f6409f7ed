//! Finding plugins: the ones compiled into this program and the shared
//! libraries in plugin directories, with one clear line per failure.
//!
//! Directories searched, in order (a directory listed twice is searched once):
//!
//! 1. every `--plugin-dir DIR` given on the command line (must exist);
//! 2. every directory in the environment variable `CARCASSONNE_PLUGIN_DIR`
//!    (a path list, `:`-separated on Unix, `;` on Windows; missing ones are skipped);
//! 3. `plugins/` next to the `carcassonne` executable (skipped if missing).
//!
//! Every file ending in the platform's library extension (`.so`, `.dylib`,
//! `.dll`) in those directories is loaded; other files are ignored. A path
//! given with `--plugin-dir` may also name one library file directly. A library
//! reached twice (a directory and a file in it, or a symbolic link) is loaded
//! once.
//!
//! A library found in a directory that fails to load does not stop the others:
//! the registry keeps it in [`Registry::unloaded`] (the program warns of it).
//! A library named as a file, a missing `--plugin-dir` directory, a plugin id
//! provided twice and a compiled-in plugin that fails are errors.
//!
//! Native plugins are trusted code: loading a library runs its code in this
//! process with the user's rights.
//!
//! This module may use unsafe code (the crate denies it elsewhere): opening a
//! library runs its initialisers, and its manifest is read as a raw symbol.
#![allow(unsafe_code)]

use crate::adapter::AbiPlugin;
use crate::registry::{PluginSource, ProvidedPlugin, Registry};
use carcassonne_plugin_abi::abi_stable::library::{lib_header_from_path, LibHeader, LibraryError};
use carcassonne_plugin_abi::{self as abi, PluginDescriptor, PluginLib_Ref};
use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The environment variable naming extra plugin directories.
pub const PLUGIN_DIR_ENV: &str = "CARCASSONNE_PLUGIN_DIR";

/// What the pre-flight says of a shared library that exports neither a
/// plugin manifest nor abi_stable's root module: no plugin library of any
/// epoch (a proc-macro or any other shared library). See
/// [`LoadError::is_not_a_plugin`].
pub const NOT_A_PLUGIN: &str = "not a carcassonne plugin library (it exports no plugin manifest)";

/// A plugin or plugin library that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The library (or directory); `None` for a compiled-in plugin.
    pub path: Option<PathBuf>,
    /// One line: what is wrong.
    pub message: String,
    /// Long diagnostic text (abi_stable's full layout report), if any.
    pub details: Option<String>,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.path {
            Some(p) => write!(f, "{}: {}", p.display(), self.message),
            None => write!(f, "built-in plugins: {}", self.message),
        }
    }
}

impl std::error::Error for LoadError {}

impl LoadError {
    /// Whether the library is clearly no plugin library: a shared library
    /// that loads but exports neither a plugin manifest nor a root module
    /// ([`NOT_A_PLUGIN`]; a directory such as `target/debug/deps` holds
    /// proc-macro libraries). Found in a directory scan, such a library is
    /// counted in [`Registry::not_plugins`], not warned of one by one; named
    /// as a file, it is an error like any other.
    pub fn is_not_a_plugin(&self) -> bool {
        self.message == NOT_A_PLUGIN
    }
}

/// Every plugin problem found while building a registry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadErrors(pub Vec<LoadError>);

impl fmt::Display for LoadErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadErrors {}

fn err(path: &Path, message: impl Into<String>) -> LoadError {
    LoadError {
        path: Some(path.to_path_buf()),
        message: message.into(),
        details: None,
    }
}

/// The plugins compiled into this program (registered with the SDK's
/// `register_plugin!` in crates the program links), through the same ABI
/// adapter as loaded ones.
pub fn builtin_plugins() -> Result<Vec<AbiPlugin>, LoadErrors> {
    let descs = carcassonne_plugin_sdk::__private::local_descriptors();
    from_descriptors(descs.into_iter().collect(), PluginSource::Builtin, None)
}

fn from_descriptors(
    descs: Vec<PluginDescriptor>,
    source: PluginSource,
    path: Option<&Path>,
) -> Result<Vec<AbiPlugin>, LoadErrors> {
    let mut out = Vec::new();
    let mut errs = Vec::new();
    for d in descs {
        match AbiPlugin::from_descriptor(d, source.clone()) {
            Ok(p) => out.push(p),
            Err(m) => errs.push(LoadError {
                path: path.map(Path::to_path_buf),
                message: m,
                details: None,
            }),
        }
    }
    if errs.is_empty() {
        Ok(out)
    } else {
        Err(LoadErrors(errs))
    }
}

/// Re-runs abi_stable's layout check to name what differs, one short line each.
fn explain_layout_mismatch(header: &LibHeader) -> Vec<String> {
    use carcassonne_plugin_abi::abi_stable::abi_stability::abi_checking::{
        check_layout_compatibility, AbiInstability as AI,
    };
    use carcassonne_plugin_abi::abi_stable::type_layout::TLFieldOrFunction;
    use carcassonne_plugin_abi::abi_stable::StableAbi;
    let Some(found) = header.layout() else {
        return vec![];
    };
    let Err(errs) = check_layout_compatibility(<PluginLib_Ref as StableAbi>::LAYOUT, found) else {
        return vec![];
    };
    let mut out: Vec<String> = Vec::new();
    for e in errs.errors.iter() {
        let mut ty = "PluginLib";
        for ef in e.stack_trace.iter() {
            if let TLFieldOrFunction::Field(f) = &ef.found {
                ty = f.layout().name();
            }
        }
        for ai in e.errs.iter() {
            let what = match ai {
                AI::FieldCountMismatch(v) => {
                    format!("{ty} has {} fields, expected {}", v.found, v.expected)
                }
                AI::Size(v) => format!("{ty} is {} bytes, expected {}", v.found, v.expected),
                AI::Alignment(v) => {
                    format!("{ty} is aligned to {}, expected {}", v.found, v.expected)
                }
                AI::PackageVersion(v) => {
                    format!(
                        "{ty} comes from version {}, expected {}",
                        v.found, v.expected
                    )
                }
                AI::Package(v) => format!(
                    "{ty} comes from package {}, expected {}",
                    v.found, v.expected
                ),
                AI::UnexpectedField(v) => format!(
                    "{ty} has field `{}` where `{}` was expected",
                    v.found.name(),
                    v.expected.name()
                ),
                AI::Name(v) => format!("found type {} where {} was expected", v.found, v.expected),
                other => format!("{ty}: {other:?}").chars().take(160).collect(),
            };
            if !out.contains(&what) {
                out.push(what);
            }
        }
    }
    out
}

/// What the pre-flight found in a library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Preflight {
    /// A plugin library of this program's epoch (its SDK version).
    Current(String),
    /// A plugin library of another epoch.
    OtherEpoch(u32),
}

/// Checks the library file ([`crate::libfile::check`]: a regular file whose
/// ELF headers, segments and sections lie within it), then opens it with plain
/// `libloading` and reads its manifest, before
/// abi_stable looks at it: names a library of another epoch (epoch 1 libraries
/// have no manifest but abi_stable's root module), one that is no plugin, or one
/// that does not load on this platform, in one line. The library stays loaded
/// (libraries are never unloaded).
pub fn preflight(path: &Path) -> Result<Preflight, LoadError> {
    // A truncated file would be mapped past its end (a bus error): its headers
    // are checked with plain reads first.
    crate::libfile::check(path).map_err(|m| err(path, m))?;
    // SAFETY: loading a library runs its initialisers: native plugins are trusted
    // code (see the module documentation).
    let lib = unsafe { libloading::Library::new(path) }.map_err(|e| {
        let text = e.to_string();
        let short = last_part(&text);
        let mut out = err(
            path,
            format!("cannot load the library (not a shared library for this platform?): {short}"),
        );
        out.details = Some(text);
        out
    })?;
    let symbol = format!("{}\0", abi::MANIFEST_SYMBOL);
    // SAFETY: the symbol, when present, is the `PluginManifest` static that
    // `export_plugin_library!` exports; its layout is the same in every epoch.
    let manifest = unsafe { lib.get::<*const abi::PluginManifest>(symbol.as_bytes()) }
        .ok()
        .map(|s| unsafe { **s });
    let root = format!("{}\0", abi::abi_stable::library::ROOT_MODULE_LOADER_NAME);
    // SAFETY: only the symbol's presence is checked.
    let has_root = unsafe { lib.get::<*const u8>(root.as_bytes()) }.is_ok();
    std::mem::forget(lib);
    match manifest {
        Some(m) if m.magic != abi::MANIFEST_MAGIC => Err(err(
            path,
            "not a carcassonne plugin library (its manifest is damaged)",
        )),
        Some(m) if m.epoch == abi::ABI_EPOCH => Ok(Preflight::Current(m.sdk_version())),
        Some(m) => Ok(Preflight::OtherEpoch(m.epoch)),
        // Epoch 1 had no manifest, only abi_stable's root module.
        None if has_root => Ok(Preflight::OtherEpoch(1)),
        None => Err(err(path, NOT_A_PLUGIN)),
    }
}

/// The one-line error for a library of another epoch: an older one is rebuilt
/// against this program's SDK; a newer one needs a newer program.
fn other_epoch(path: &Path, epoch: u32) -> LoadError {
    err(path, epoch_advice(epoch, abi::ABI_EPOCH))
}

/// What to say of a library of plugin API epoch `found` to a program of
/// epoch `this`.
fn epoch_advice(found: u32, this: u32) -> String {
    if found > this {
        format!(
            "built for plugin API epoch {found}, this program supports epoch {this}: the library needs a newer carcassonne program (one of plugin API epoch {found})"
        )
    } else {
        format!(
            "built for plugin API epoch {found}, this program supports epoch {this}: rebuild it against carcassonne-plugin-sdk {}",
            env!("CARGO_PKG_VERSION")
        )
    }
}

/// Checks a library's ABI surface fingerprint against this program's
/// ([`abi::SURFACE_FINGERPRINT`]): one line naming what to do when they differ.
/// A library of the same epoch but another surface would read the plain bits
/// of the interface (hook and narrowing bits) by another table.
pub fn check_surface(path: &Path, surface: u64) -> Result<(), LoadError> {
    if surface == abi::SURFACE_FINGERPRINT {
        return Ok(());
    }
    Err(err(
        path,
        format!(
            "built against another revision of plugin API epoch {} (ABI surface {surface:016x}, this program's {:016x}): rebuild it against the carcassonne-plugin-sdk of this program's source (`carcassonne --version` names its surface)",
            abi::ABI_EPOCH,
            abi::SURFACE_FINGERPRINT,
        ),
    ))
}

/// The plugin interface this program loads, for `--version` and the plugin
/// listing: `plugin API epoch 4, ABI surface ` and the surface fingerprint
/// in 16 hex digits (a library loads when it was built for both).
pub fn interface() -> String {
    format!(
        "plugin API epoch {}, ABI surface {:016x}",
        abi::ABI_EPOCH,
        abi::SURFACE_FINGERPRINT
    )
}

/// Loads one plugin library and checks every plugin it exports: the pre-flight
/// ([`preflight`]), then abi_stable's typed root module and layout checks, then
/// the surface fingerprint ([`check_surface`]).
///
/// Uses `lib_header_from_path` + `init_root_module` (not abi_stable's
/// `load_from_file`, which caches one library per root-module type).
/// Libraries are never unloaded.
pub fn load_library(path: &Path) -> Result<Vec<AbiPlugin>, LoadErrors> {
    let one = |e: LoadError| LoadErrors(vec![e]);
    if !path.exists() {
        return Err(one(err(path, "no such file")));
    }
    // dlopen searches the library path for a name without a slash: load by absolute path.
    let abs = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    match preflight(&abs) {
        Err(mut e) => {
            e.path = Some(path.to_path_buf());
            return Err(one(e));
        }
        Ok(Preflight::OtherEpoch(n)) => return Err(one(other_epoch(path, n))),
        Ok(Preflight::Current(_)) => {}
    }
    let loaded = catch_unwind(AssertUnwindSafe(
        || -> Result<Vec<PluginDescriptor>, LoadError> {
            let header: &'static LibHeader =
                lib_header_from_path(&abs).map_err(|e| condense(path, e, None))?;
            let lib: PluginLib_Ref = header
                .init_root_module::<PluginLib_Ref>()
                .map_err(|e| condense(path, e, Some(header)))?;
            if lib.abi_epoch() != abi::ABI_EPOCH {
                return Err(other_epoch(path, lib.abi_epoch()));
            }
            check_surface(path, lib.surface())?;
            Ok((lib.descriptors())().into_iter().collect())
        },
    ));
    let descs = match loaded {
        Ok(Ok(d)) => d,
        Ok(Err(e)) => return Err(one(e)),
        Err(_) => return Err(one(err(path, "loading the library panicked"))),
    };
    if descs.is_empty() {
        return Err(one(err(
            path,
            "the library exports no plugin (does the library crate `use` the plugin crate and mark its impl `#[plugin]`?)",
        )));
    }
    from_descriptors(descs, PluginSource::Library(path.to_path_buf()), Some(path))
}

/// The last part of a system loader's message (`a: b: no such file` gives `no
/// such file`): the reason, without the paths before it.
fn last_part(text: &str) -> String {
    text.rsplit(": ")
        .next()
        .filter(|s| !s.is_empty())
        .unwrap_or(text)
        .to_string()
}

/// One clear line for an abi_stable loading error; the long text goes to `details`.
fn condense(path: &Path, e: LibraryError, header: Option<&LibHeader>) -> LoadError {
    let mut out = err(path, String::new());
    out.message = match &e {
        LibraryError::OpenError { err, .. } => {
            let text = err.to_string();
            let short = last_part(&text);
            out.details = Some(text);
            format!("cannot load the library: {short}")
        }
        LibraryError::GetSymbolError { .. } => {
            "not a carcassonne plugin library (it exports no plugin root module)".to_string()
        }
        LibraryError::IncompatibleVersionNumber {
            expected_version,
            actual_version,
            ..
        } => format!(
            "{} (interface versions {actual_version} and {expected_version})",
            epoch_advice(actual_version.major, expected_version.major)
        ),
        LibraryError::InvalidAbiHeader(h) => format!(
            "built with an incompatible abi_stable (ABI {}.{}); rebuild it against this carcassonne-plugin-sdk",
            h.abi_major, h.abi_minor
        ),
        LibraryError::AbiInstability(_) => {
            let full = e.to_string();
            let why = header.map(explain_layout_mismatch).unwrap_or_default();
            out.details = Some(full);
            format!(
                "binary interface mismatch: the library was built against a different carcassonne-plugin-abi ({}); rebuild it against this carcassonne-plugin-sdk",
                if why.is_empty() {
                    "layouts differ".to_string()
                } else {
                    why.iter().take(3).cloned().collect::<Vec<_>>().join("; ")
                }
            )
        }
        other => {
            let text = other.to_string();
            text.lines().next().unwrap_or("cannot load the library").to_string()
        }
    };
    out
}

/// The plugin library files in `dir`, sorted by name.
pub fn library_files(dir: &Path) -> Result<Vec<PathBuf>, LoadError> {
    let rd = std::fs::read_dir(dir)
        .map_err(|e| err(dir, format!("cannot read the plugin directory: {e}")))?;
    let mut v: Vec<PathBuf> = rd
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.is_file()
                && p.extension()
                    .is_some_and(|x| x == std::env::consts::DLL_EXTENSION)
        })
        .collect();
    v.sort();
    Ok(v)
}

/// The default plugin directories that exist: `$CARCASSONNE_PLUGIN_DIR` entries,
/// then `plugins/` next to the executable.
pub fn default_plugin_dirs() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::env::var_os(PLUGIN_DIR_ENV)
        .map(|s| std::env::split_paths(&s).collect())
        .unwrap_or_default();
    if let Some(d) = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(|p| p.join("plugins")))
    {
        v.push(d);
    }
    v.retain(|d| !d.as_os_str().is_empty() && d.is_dir());
    v
}

/// The entries of `$CARCASSONNE_PLUGIN_DIR` that are no directory.
fn missing_env_dirs() -> Vec<PathBuf> {
    std::env::var_os(PLUGIN_DIR_ENV)
        .map(|s| std::env::split_paths(&s).collect::<Vec<PathBuf>>())
        .unwrap_or_default()
        .into_iter()
        .filter(|d| !d.as_os_str().is_empty() && !d.is_dir())
        .collect()
}

/// Builds a registry: the compiled-in plugins, then every library in `dirs`
/// (each must exist; a file is loaded as one library), then — with
/// `defaults` — those in [`default_plugin_dirs`]. A library found in a
/// directory that fails to load is left out and kept in
/// [`Registry::unloaded`] — or, when it is clearly no plugin library
/// ([`LoadError::is_not_a_plugin`]: a proc-macro library of
/// `target/debug/deps`), in [`Registry::not_plugins`]; a library named as a
/// file that fails, a missing directory and a plugin id provided twice are
/// errors. Every problem is reported, each on one line naming the library.
pub fn registry(dirs: &[PathBuf], defaults: bool) -> Result<Registry, LoadErrors> {
    build(true, dirs, defaults)
}

/// A registry of the compiled-in plugins only.
pub fn builtin_registry() -> Result<Registry, LoadErrors> {
    build(true, &[], false)
}

/// A registry of the plugin libraries in `paths` (directories or library files)
/// only, without the compiled-in plugins: for tools and tests that link plugin
/// crates and load the same plugins from libraries. Failures as in [`registry`].
pub fn library_registry(paths: &[PathBuf]) -> Result<Registry, LoadErrors> {
    build(false, paths, false)
}

/// A library to load: the path it was found by, its canonical path (the same
/// library reached by two paths is loaded once), and whether it was named as a
/// file (its failure is an error) rather than found in a directory.
struct Candidate {
    path: PathBuf,
    key: PathBuf,
    named: bool,
}

fn candidate(libs: &mut Vec<Candidate>, path: &Path, named: bool) {
    let key = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    match libs.iter_mut().find(|l| l.key == key) {
        Some(l) => l.named |= named,
        None => libs.push(Candidate {
            path: path.to_path_buf(),
            key,
            named,
        }),
    }
}

fn build(builtin: bool, dirs: &[PathBuf], defaults: bool) -> Result<Registry, LoadErrors> {
    let mut reg = Registry::empty();
    reg.with_builtin = builtin;
    let mut errs = Vec::new();
    if builtin {
        match builtin_plugins() {
            Ok(ps) => add_all(&mut reg, ps, &mut errs),
            Err(e) => errs.extend(e.0),
        }
    }
    let mut seen: Vec<PathBuf> = Vec::new();
    let mut libs: Vec<Candidate> = Vec::new();
    let mut visit = |d: &Path, errs: &mut Vec<LoadError>| {
        let key = d.canonicalize().unwrap_or_else(|_| d.to_path_buf());
        if seen.contains(&key) {
            return;
        }
        seen.push(key);
        if d.is_file() {
            candidate(&mut libs, d, true);
            return;
        }
        if !d.exists() {
            errs.push(err(d, "no such plugin directory"));
            return;
        }
        match library_files(d) {
            Ok(files) => files.iter().for_each(|f| candidate(&mut libs, f, false)),
            Err(e) => errs.push(e),
        }
    };
    for d in dirs {
        visit(d, &mut errs);
    }
    if defaults {
        for d in default_plugin_dirs() {
            visit(&d, &mut errs);
        }
        // A directory the environment names that is none: said as a library
        // that could not be loaded is (a warning), not silently skipped.
        for d in missing_env_dirs() {
            reg.unloaded.push(err(
                &d,
                format!("no such directory (named in {PLUGIN_DIR_ENV})"),
            ));
        }
    }
    for lib in libs {
        match load_library(&lib.path) {
            Ok(ps) => add_all(&mut reg, ps, &mut errs),
            Err(e) if lib.named => errs.extend(e.0),
            Err(e) if e.0.iter().all(LoadError::is_not_a_plugin) => {
                reg.not_plugins.push(lib.path);
            }
            Err(e) => reg.unloaded.extend(e.0),
        }
    }
    if errs.is_empty() {
        Ok(reg)
    } else {
        Err(LoadErrors(errs))
    }
}

fn add_all(reg: &mut Registry, ps: Vec<AbiPlugin>, errs: &mut Vec<LoadError>) {
    for p in ps {
        let path = match &p.info().source {
            PluginSource::Library(l) => Some(l.clone()),
            PluginSource::Builtin => None,
        };
        if let Err(m) = reg.add(Arc::new(p)) {
            errs.push(LoadError {
                path,
                message: m,
                details: None,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_older_epoch_is_rebuilt_a_newer_one_needs_a_newer_program() {
        assert_eq!(
            epoch_advice(3, 4),
            format!(
                "built for plugin API epoch 3, this program supports epoch 4: rebuild it against carcassonne-plugin-sdk {}",
                env!("CARGO_PKG_VERSION")
            )
        );
        assert_eq!(
            epoch_advice(5, 4),
            "built for plugin API epoch 5, this program supports epoch 4: the library needs a newer carcassonne program (one of plugin API epoch 5)"
        );
    }
}
