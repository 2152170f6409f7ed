//! The plugin framework: compiled-in and loaded plugins, every error path, and
//! the example third-party plugin.
//!
//! The test plugins (`plugins/testing/kit`) are compiled into this test binary
//! and also loaded from their library (`plugins/testing/kit-lib`), which cargo
//! builds together with the deliberately broken libraries because they are
//! dev-dependencies of this package. The example plugin
//! (`examples/cloister-bonus`, outside the workspace) is built by these tests
//! with cargo into `target/example-plugins/`.

use carcassonne_core::Rules;
use carcassonne_host::{loader, Registry};
use carcassonne_test_plugins as _; // the kit plugins are this binary's built-ins
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Arc, OnceLock};

mod equivalence;
mod example;
mod failing_games;
mod failures;
mod guards;
mod libraries;
mod rulesets;

// ------------------------------------------------------------------ support

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `target/<profile>` of this build.
fn profile_dir() -> PathBuf {
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_carcassonne"));
    exe.parent().expect("exe dir").to_path_buf()
}

/// Runs cargo on the example plugin (its own workspace, built into
/// `target/example-plugins/`). Without debug information (the tests need
/// none): about a third of the size and link time of a default debug build.
/// The same setting for the build and the test profile, so that `cargo test`
/// reuses the libraries `cargo build` made. Not incremental: the build is made
/// once per fresh clone, and incremental compilation of the path dependencies
/// (the SDK, the ABI, the core and the host) only adds time and disk.
fn cargo(args: &[&str]) {
    let out = Command::new(env!("CARGO"))
        .args(args)
        .env("CARGO_PROFILE_DEV_DEBUG", "0")
        .env("CARGO_PROFILE_TEST_DEBUG", "0")
        .env("CARGO_INCREMENTAL", "0")
        .current_dir(root())
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn lib_file(dir: &Path, crate_name: &str) -> PathBuf {
    dir.join(format!(
        "{}{}{}",
        std::env::consts::DLL_PREFIX,
        crate_name.replace('-', "_"),
        std::env::consts::DLL_SUFFIX
    ))
}

/// The directory holding the workspace's test plugin libraries. They are
/// dev-dependencies of this package, so cargo has built them with this test
/// binary, into `target/<profile>/deps/`.
fn workspace_libs() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let deps = profile_dir().join("deps");
        let lib = lib_file(&deps, "carcassonne-test-plugins-lib");
        assert!(
            lib.exists(),
            "{} is missing: run the tests with cargo",
            lib.display()
        );
        deps
    })
}

/// Builds the example plugin (outside the workspace) once; returns its library.
/// Its tests are built too (`--all-targets`): built alone, the library's
/// dependencies have fewer features than with the tests' dev-dependencies
/// (Cargo's feature resolver), and `cargo test` of the example
/// (`example::the_example_plugin_passes_its_own_tests`) would compile the
/// SDK and the plugin again, over the library, at every run.
fn example_lib() -> &'static Path {
    static LIB: OnceLock<PathBuf> = OnceLock::new();
    LIB.get_or_init(|| {
        let target = root().join("target/example-plugins");
        cargo(&[
            "build",
            "--all-targets",
            "--quiet",
            "--manifest-path",
            "examples/cloister-bonus/Cargo.toml",
            "--target-dir",
            target.to_str().expect("utf-8 path"),
        ]);
        lib_file(&target.join("debug"), "cloister-bonus")
    })
}

/// A fresh directory holding copies of the given workspace test libraries.
fn plugin_dir(tag: &str, crates: &[&str]) -> PathBuf {
    let d = crate::common::scratch(&format!("plugins-{tag}"));
    for c in crates {
        let src = lib_file(workspace_libs(), c);
        std::fs::copy(&src, lib_file(&d, c)).unwrap_or_else(|e| panic!("{}: {e}", src.display()));
    }
    d
}

fn kit_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| plugin_dir("kit", &["carcassonne-test-plugins-lib"]))
}

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_carcassonne"))
}

fn run(args: &[&str]) -> Output {
    bin()
        .args(args)
        .env_remove(loader::PLUGIN_DIR_ENV)
        .output()
        .expect("the program runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A failure with exit code 1 (not a crash), one `error:` line containing `needle`.
#[track_caller]
fn assert_clean_failure(o: &Output, needle: &str) {
    let e = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "exit status; stderr:\n{e}");
    assert!(e.contains(needle), "stderr lacks `{needle}`:\n{e}");
    // One error report (a plugin's own panic message may come before it).
    let reports = e.lines().filter(|l| l.starts_with("error: ")).count();
    assert_eq!(reports, 1, "{e}");
}

fn write_ruleset(tag: &str, body: &str) -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    let p = DIR
        .get_or_init(|| crate::common::scratch("plugins-rulesets"))
        .join(format!("{tag}.toml"));
    std::fs::write(&p, body).unwrap();
    p
}

fn kit_check(tag: &str, body: &str) -> Output {
    let r = write_ruleset(tag, body);
    run(&[
        "ruleset",
        "check",
        r.to_str().unwrap(),
        "--plugin-dir",
        kit_dir().to_str().unwrap(),
    ])
}

const HEAD: &str = "name = \"t\"\ntilesets = [\"base\"]\n";

fn rules(reg: &Registry, body: &str) -> Arc<Rules> {
    carcassonne_host::load_str(body, "t.toml", None, reg)
        .unwrap_or_else(|e| panic!("{e}"))
        .rules
}

fn builtin() -> Registry {
    loader::builtin_registry().unwrap()
}

fn library() -> Registry {
    loader::library_registry(&[kit_dir().to_path_buf()]).unwrap()
}
