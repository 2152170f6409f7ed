//! Listing plugins and the libraries that are no plugin, of another epoch,
//! of a mismatched layout, or provide an id twice: each one clear line, an
//! error for a library named as a file, a warning for one found in a
//! directory (the other libraries there are loaded).

use super::*;

#[test]
fn plugins_lists_loaded_plugins_with_version_source_and_options() {
    let o = run(&["plugins", "--plugin-dir", kit_dir().to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let lib = lib_file(kit_dir(), "carcassonne-test-plugins-lib");
    assert!(
        out.contains(&format!("kit-everything 0.1.0 ({})", lib.display())),
        "{out}"
    );
    assert!(out.contains("bonus = 1"), "{out}");
    assert!(
        out.contains("Points for taking the special figure option."),
        "{out}"
    );
    assert!(out.contains("hook = \"bonus\""), "{out}");
    assert!(out.contains("kit-needs-base"), "{out}");
}

#[test]
fn the_plugins_an_option_needs_cross_the_interface() {
    let dir = crate::common::official_libraries().to_path_buf();
    let reg = loader::library_registry(&[dir]).unwrap_or_else(|e| panic!("{e}"));
    let count = reg.get("count").expect("the library holds the Count");
    assert_ne!(
        count.info().source,
        carcassonne_host::registry::PluginSource::Builtin
    );
    let only_with = |key: &str| {
        let o = count.info().options.iter().find(|o| o.name == key);
        o.map(|o| o.only_with.clone())
    };
    assert_eq!(only_with("river"), Some(vec!["river".to_string()]));
    assert_eq!(only_with("abbot"), Some(vec!["abbot".to_string()]));
    assert_eq!(only_with("final-moves"), Some(vec![]));
}

#[test]
fn the_values_an_option_takes_cross_the_interface_as_they_are_compiled_in() {
    // Loaded from a library or compiled in, the same descriptors: every
    // option's bounds and strings (and the rest of it) alike.
    let dir = crate::common::official_libraries().to_path_buf();
    let loaded = loader::library_registry(&[dir]).unwrap_or_else(|e| panic!("{e}"));
    let compiled_in = builtin();
    assert!(loaded.plugins.len() > 20);
    for p in &loaded.plugins {
        let id = &p.info().id;
        let q = compiled_in.get(id).expect("compiled in too");
        assert_eq!(p.info().options, q.info().options, "{id}");
    }
    let option = |id: &str, key: &str| {
        let p = loaded.get(id).expect("loaded");
        let o = p.info().options.iter().find(|o| o.name == key).cloned();
        o.expect("an option")
    };
    // Bounds from `Config::RANGES`, strings from a serde enum.
    let count = option("large-follower", "count");
    assert_eq!((count.range, count.values), (Some((1, 30)), vec![]));
    let chains = option("castles", "chains");
    assert_eq!(chains.range, None);
    assert_eq!(chains.values, ["best", "rounds"]);
    // A word or a number is no fixed set of strings.
    let castles = option("castles", "count");
    assert_eq!((castles.range, castles.values), (None, vec![]));
}

#[test]
fn plugins_shows_the_values_each_option_takes() {
    let o = run(&["plugins"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    for line in [
        // Bounds, after the doc.
        "        count = 1    # Large followers per player (IC15: 1; more is a house rule). (1 to 30)",
        // Strings, before the plugins the option needs.
        "        abbot = \"no\"    # CK25: \"no\" (the abbot never enters the city) or \"yes\" (he may; \
         he leaves from the cathedral only). (one of \"no\", \"yes\") (only with plugin `abbot`)",
        // Neither: a word or a number.
        "        count = \"by-players\"    # BB2: castles per player: \"by-players\" (3 with 2-4 \
         players, 2 with 5-6) or a number (at most 4)",
    ] {
        assert!(out.lines().any(|l| l == line), "no line {line:?} in:\n{out}");
    }
    let o = run(&["plugins", "--json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let all: serde_json::Value = serde_json::from_str(&text(&o.stdout)).unwrap();
    let option = |id: &str, key: &str| {
        let p = all.as_array().unwrap().iter().find(|p| p["id"] == id);
        let options = p.expect("listed")["options"].as_array().unwrap();
        options.iter().find(|o| o["name"] == key).unwrap().clone()
    };
    assert_eq!(
        option("large-follower", "count"),
        serde_json::json!({
            "name": "count",
            "default": "1",
            "doc": "Large followers per player (IC15: 1; more is a house rule).",
            "only_with": [],
            "range": [1, 30],
            "values": [],
        })
    );
    let chains = option("castles", "chains");
    assert_eq!(chains["range"], serde_json::Value::Null);
    assert_eq!(chains["values"], serde_json::json!(["best", "rounds"]));
    assert_eq!(chains["default"], "\"best\"");
}

// ------------------------------------------------------- broken libraries

/// The library of crate `krate` in a fresh directory of its own, as a path
/// string (named as a file, a library that fails is an error).
fn lone_lib(tag: &str, krate: &str) -> String {
    let d = plugin_dir(tag, &[krate]);
    lib_file(&d, krate).to_str().unwrap().to_string()
}

#[test]
fn a_library_that_is_not_a_plugin_is_one_clear_line() {
    let lib = lone_lib("notaplugin", "carcassonne-test-not-a-plugin");
    let o = run(&["plugins", "--plugin-dir", &lib]);
    assert_clean_failure(&o, "not a carcassonne plugin library");
    assert_clean_failure(&o, "libcarcassonne_test_not_a_plugin");
}

#[test]
fn libraries_in_a_directory_that_are_not_plugins_are_one_note() {
    // The author audit: `--plugin-dir target/debug/deps` printed a warning
    // for each proc-macro library there. A library that exports no plugin
    // manifest (no plugin library of any epoch) found in a directory is
    // skipped with one line for all; the plugins beside it load.
    let d = plugin_dir(
        "not-plugins",
        &[
            "carcassonne-test-plugins-lib",
            "carcassonne-test-not-a-plugin",
        ],
    );
    let not = lib_file(&d, "carcassonne-test-not-a-plugin");
    for name in ["serde_derive-1", "thiserror_impl-2"] {
        std::fs::copy(&not, lib_file(&d, name)).unwrap();
    }
    let name = |p: PathBuf| p.file_name().unwrap().to_string_lossy().into_owned();
    let note = format!(
        "note: skipped 3 libraries that are not carcassonne plugins (no plugin manifest) in {}: {}, {}, {}\n",
        d.display(),
        name(not.clone()),
        name(lib_file(&d, "serde_derive-1")),
        name(lib_file(&d, "thiserror_impl-2")),
    );
    let r = write_ruleset(
        "beside-not-plugins",
        &format!("{HEAD}[plugins.kit-everything]\n"),
    );
    let o = run(&[
        "play",
        "--quiet",
        "--seed",
        "3",
        "--ruleset",
        r.to_str().unwrap(),
        "--plugin-dir",
        d.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stderr), note);
    let reg = loader::library_registry(std::slice::from_ref(&d)).unwrap();
    assert!(reg.unloaded.is_empty(), "{:?}", reg.unloaded);
    assert_eq!(reg.not_plugins.len(), 3);
    assert!(reg.get("kit-everything").is_some());
    // `plugins` says them after its list, in the same line.
    let o = run(&["plugins", "--plugin-dir", d.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let listed = text(&o.stdout);
    assert!(
        listed.ends_with(&format!("\n\n{}", &note["note: ".len()..])),
        "{listed}"
    );
    // Named as a file, it is still an error.
    let o = run(&["play", "--plugin-dir", not.to_str().unwrap()]);
    assert_eq!(
        text(&o.stderr),
        format!(
            "error: {}: not a carcassonne plugin library (it exports no plugin manifest)\n",
            not.display()
        )
    );
    assert_eq!(o.status.code(), Some(1));
}

/// Runs `plugins` on the library of crate `krate` alone; checks that it fails
/// with one line naming the library, its epoch and what to do (`advice`: a
/// newer program for a later epoch, a rebuild for an earlier one); returns the
/// pre-flight's verdict.
fn other_epoch(krate: &str, epoch: u32) -> Result<loader::Preflight, loader::LoadError> {
    let lib = lone_lib(&format!("{krate}-dir"), krate);
    let o = run(&["plugins", "--plugin-dir", &lib]);
    let advice = if epoch > 4 {
        format!("the library needs a newer carcassonne program (one of plugin API epoch {epoch})")
    } else {
        "rebuild it against carcassonne-plugin-sdk 0.1.0".to_string()
    };
    assert_eq!(
        text(&o.stderr),
        format!(
            "error: {lib}: built for plugin API epoch {epoch}, this program supports epoch 4: {advice}\n"
        )
    );
    assert_eq!(o.status.code(), Some(1));
    loader::preflight(Path::new(&lib))
}

#[test]
fn a_library_built_for_a_later_api_epoch_is_rejected_by_the_preflight() {
    // Told that it needs a newer program, not to be rebuilt against this SDK.
    assert_eq!(
        other_epoch("carcassonne-test-wrong-epoch", 5),
        Ok(loader::Preflight::OtherEpoch(5))
    );
}

#[test]
fn a_library_of_epoch_3_is_named_as_such() {
    // Epoch 3's interface leaned on the engine (its vocabulary was the core's)
    // and had safe function pointers over raw handles: epoch 4 changed both.
    // A library built against it is refused by the pre-flight, not loaded.
    assert_eq!(
        other_epoch("carcassonne-test-epoch3", 3),
        Ok(loader::Preflight::OtherEpoch(3))
    );
}

#[test]
fn a_library_of_epoch_2_is_named_as_such() {
    // Epoch 2's surface grew after it was declared: a library built against it
    // is refused by the pre-flight (its manifest), not loaded.
    assert_eq!(
        other_epoch("carcassonne-test-epoch2", 2),
        Ok(loader::Preflight::OtherEpoch(2))
    );
}

#[test]
fn a_library_of_epoch_1_is_named_as_such() {
    // Epoch 1 libraries carry no manifest, only abi_stable's root module: the
    // pre-flight names them before abi_stable compares anything.
    assert_eq!(
        other_epoch("carcassonne-test-epoch1", 1),
        Ok(loader::Preflight::OtherEpoch(1))
    );
}

#[test]
fn a_library_of_another_surface_of_the_epoch_is_refused() {
    use carcassonne_plugin_abi::SURFACE_FINGERPRINT;
    let lib = Path::new("/plugins/libx.so");
    assert!(loader::check_surface(lib, SURFACE_FINGERPRINT).is_ok());
    let e = loader::check_surface(lib, SURFACE_FINGERPRINT ^ 1)
        .unwrap_err()
        .to_string();
    assert!(e.contains("/plugins/libx.so"), "{e}");
    assert!(
        e.contains(&format!(
            "built against another revision of plugin API epoch 4 (ABI surface {:016x}, this program's {SURFACE_FINGERPRINT:016x}): rebuild it",
            SURFACE_FINGERPRINT ^ 1
        )),
        "{e}"
    );
    // Where an author reads this program's surface (the author audit: the
    // message named only the SDK's version, the same for both).
    assert!(
        e.ends_with("(`carcassonne --version` names its surface)"),
        "{e}"
    );
    let o = run(&["--version"]);
    assert!(o.status.success());
    let want = format!("(plugin API epoch 4, ABI surface {SURFACE_FINGERPRINT:016x})");
    assert!(
        crate::cli::stdout(&o).trim_end().ends_with(&want),
        "{}",
        crate::cli::stdout(&o)
    );
    let o = run(&["plugins"]);
    assert!(
        crate::cli::stdout(&o).trim_end().ends_with(&format!(
            "plugin libraries load when built for plugin API epoch 4, ABI surface {SURFACE_FINGERPRINT:016x}"
        )),
        "{}",
        crate::cli::stdout(&o)
    );
}

#[test]
fn a_library_with_a_mismatched_layout_is_condensed_to_one_line() {
    let lib = lone_lib("layout", "carcassonne-test-bad-layout");
    let o = run(&["plugins", "--plugin-dir", &lib]);
    assert_clean_failure(&o, "binary interface mismatch");
    assert_clean_failure(&o, "libcarcassonne_test_bad_layout");
    let e = text(&o.stderr);
    assert!(e.lines().count() <= 3, "not condensed:\n{e}");
    // The full report is there on request.
    let o = bin()
        .args(["plugins", "--plugin-dir", &lib])
        .env("CARCASSONNE_PLUGIN_DEBUG", "1")
        .output()
        .unwrap();
    assert!(text(&o.stderr).lines().count() > 50);
    // Found in a directory, it is a warning with the same report on request.
    let dir = Path::new(&lib).parent().unwrap().to_str().unwrap();
    let o = run(&["play", "--quiet", "--plugin-dir", dir]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let e = text(&o.stderr);
    assert!(
        e.starts_with(&format!("warning: {lib}: binary interface mismatch")),
        "{e}"
    );
    assert!(
        e.ends_with("\n(set CARCASSONNE_PLUGIN_DEBUG=1 to print the full diagnostics)\n"),
        "{e}"
    );
    let o = bin()
        .args(["play", "--quiet", "--plugin-dir", dir])
        .env("CARCASSONNE_PLUGIN_DEBUG", "1")
        .env_remove(loader::PLUGIN_DIR_ENV)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stderr).lines().count() > 50);
}

#[test]
fn missing_directories_and_files_that_are_no_library_are_clear_errors() {
    let o = run(&["plugins", "--plugin-dir", "/no/such/dir"]);
    assert_clean_failure(&o, "/no/such/dir: no such plugin directory");
    let d = crate::common::scratch("plugins-junk");
    let junk = lib_file(&d, "junk");
    std::fs::write(&junk, b"not a library").unwrap();
    let o = run(&["plugins", "--plugin-dir", junk.to_str().unwrap()]);
    assert_clean_failure(&o, "cannot load the library");
    assert_clean_failure(&o, "libjunk");
    let o = run(&["play", "--plugin-dir", junk.to_str().unwrap()]);
    assert_clean_failure(&o, "cannot load the library");
}

#[test]
fn a_plugin_id_provided_twice_is_an_error() {
    let a = plugin_dir("dup-a", &["carcassonne-test-plugins-lib"]);
    let b = plugin_dir("dup-b", &["carcassonne-test-plugins-lib"]);
    let o = run(&[
        "plugins",
        "--plugin-dir",
        a.to_str().unwrap(),
        "--plugin-dir",
        b.to_str().unwrap(),
    ]);
    assert_clean_failure(&o, "plugin `kit-everything` is provided twice");
    // A compiled-in plugin and a library with the same id clash as well.
    let mut reg = builtin();
    let lib = loader::load_library(&lib_file(kit_dir(), "carcassonne-test-plugins-lib")).unwrap();
    let e = lib
        .into_iter()
        .map(|p| reg.add(Arc::new(p)))
        .find_map(Result::err)
        .expect("duplicate");
    assert!(e.contains("is provided twice: by built-in and by"), "{e}");
    assert!(
        e.ends_with(": choose another id for the library's plugin"),
        "{e}"
    );
}

#[test]
fn a_truncated_library_is_one_clear_line_not_a_bus_error() {
    // Issue 26, defect 9: the first 4,096 bytes of a valid library in the
    // plugin directory crashed every command with a bus error (the library
    // was mapped past the end of the file). Named as a file it is an error
    // (found in a directory, a warning: see
    // `a_broken_library_in_a_plugin_directory_is_a_warning_and_the_others_load`).
    let lib = lib_file(kit_dir(), "carcassonne-test-plugins-lib");
    let bytes = std::fs::read(&lib).unwrap();
    for (tag, len) in [("4k", 4096), ("half", bytes.len() / 2), ("head", 40)] {
        let d = crate::common::scratch(&format!("plugins-truncated-{tag}"));
        std::fs::write(lib_file(&d, "cut"), &bytes[..len]).unwrap();
        for cmd in ["plugins", "play"] {
            let o = run(&[cmd, "--plugin-dir", lib_file(&d, "cut").to_str().unwrap()]);
            assert_eq!(o.status.code(), Some(1), "{tag} {cmd}: {}", text(&o.stderr));
            assert_clean_failure(&o, "libcut");
            assert_clean_failure(&o, "cannot load the library");
            let e = text(&o.stderr);
            assert!(
                e.contains("it is truncated or damaged (its ") || e.contains("no ELF header"),
                "{tag} {cmd}: {e}"
            );
        }
        let e = loader::preflight(&lib_file(&d, "cut")).unwrap_err();
        assert!(e.message.starts_with("cannot load the library"), "{e}");
    }
}

// ------------------------------------- libraries found in plugin directories

/// A directory holding the kit library and an empty file named as a library;
/// the empty file's path.
fn kit_beside_broken(tag: &str) -> (PathBuf, String) {
    let d = plugin_dir(tag, &["carcassonne-test-plugins-lib"]);
    let broken = lib_file(&d, "broken");
    std::fs::write(&broken, b"").unwrap();
    (d, broken.to_str().unwrap().to_string())
}

#[test]
fn a_broken_library_in_a_plugin_directory_is_a_warning_and_the_others_load() {
    // Audit defect 2: one bad library in a plugin directory stopped every
    // command, even one whose ruleset needs none of its plugins.
    let (d, broken) = kit_beside_broken("broken-beside");
    let dir = d.to_str().unwrap();
    let warning = format!(
        "warning: {broken}: cannot load the library: the file is empty (skipped: its plugins are not available)\n"
    );
    let o = run(&["play", "--quiet", "--seed", "3", "--plugin-dir", dir]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stderr), warning);
    // The same from the environment variable.
    let o = bin()
        .args(["play", "--quiet", "--seed", "3"])
        .env(loader::PLUGIN_DIR_ENV, dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stderr), warning);
    // The good library beside it is loaded.
    let r = write_ruleset(
        "beside-broken",
        &format!("{HEAD}[plugins.kit-everything]\n"),
    );
    let o = run(&[
        "play",
        "--quiet",
        "--seed",
        "3",
        "--ruleset",
        r.to_str().unwrap(),
        "--plugin-dir",
        dir,
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stderr), warning);
    // A command that builds the registry twice warns once (two rulesets
    // that differ: the same twice would be warned about too).
    let (base, classic) = (
        root().join("configs/base.toml"),
        root().join("configs/classic-farmers.toml"),
    );
    let o = run(&[
        "compare",
        base.to_str().unwrap(),
        classic.to_str().unwrap(),
        "--games",
        "2",
        "--json",
        "--plugin-dir",
        dir,
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stderr), warning);
    // Named as a file, it is an error.
    let o = run(&["play", "--plugin-dir", &broken]);
    assert_eq!(
        text(&o.stderr),
        format!("error: {broken}: cannot load the library: the file is empty\n")
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn plugins_lists_the_libraries_that_could_not_be_loaded() {
    let (d, broken) = kit_beside_broken("broken-listed");
    let o = run(&["plugins", "--plugin-dir", d.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stderr), "");
    let out = text(&o.stdout);
    assert!(out.contains("\nkit-everything 0.1.0 ("), "{out}");
    assert!(
        out.ends_with(&format!(
            "\n\nlibraries that could not be loaded (their plugins are not available):\n    {broken}: cannot load the library: the file is empty\n"
        )),
        "{out}"
    );
    // As JSON the list stays one of plugins; the failure is a warning.
    let o = run(&["plugins", "--json", "--plugin-dir", d.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stderr).starts_with(&format!("warning: {broken}: ")));
    let all: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(all
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["id"] == "kit-everything"));
}

#[test]
fn an_unknown_plugin_names_the_libraries_that_could_not_be_loaded() {
    let (d, broken) = kit_beside_broken("broken-unknown");
    let r = write_ruleset("needs-toll-roads", &format!("{HEAD}[plugins.toll-roads]\n"));
    let o = run(&[
        "play",
        "--ruleset",
        r.to_str().unwrap(),
        "--plugin-dir",
        d.to_str().unwrap(),
    ]);
    assert_clean_failure(
        &o,
        ":3:10: unknown plugin `toll-roads` (load it with --plugin-dir DIR); available: ",
    );
    assert_clean_failure(
        &o,
        &format!(
            "; plugin libraries that could not be loaded: {broken} (cannot load the library: the file is empty)\n"
        ),
    );
}

#[test]
fn a_library_reached_by_two_paths_is_loaded_once() {
    // Audit defect 2: `--plugin-dir d --plugin-dir d/libx.so` reported the
    // library as providing its plugins twice.
    let lib = lib_file(kit_dir(), "carcassonne-test-plugins-lib");
    let link_dir = crate::common::scratch("plugins-link");
    let link = lib_file(&link_dir, "kit-link");
    std::os::unix::fs::symlink(&lib, &link).unwrap();
    let o = run(&[
        "plugins",
        "--plugin-dir",
        kit_dir().to_str().unwrap(),
        "--plugin-dir",
        lib.to_str().unwrap(),
        "--plugin-dir",
        link_dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stderr), "");
    let out = text(&o.stdout);
    assert_eq!(out.matches("\nkit-everything 0.1.0 (").count(), 1, "{out}");
    assert!(
        out.contains(&format!("kit-everything 0.1.0 ({})", lib.display())),
        "{out}"
    );
}

/// Plays seed 3 of ruleset file `r` with the kit's library loaded and records
/// it in scratch directory `scratch`: the record's path.
fn kit_game_recorded(r: &std::path::Path, scratch: &str) -> PathBuf {
    let rec = crate::common::scratch(scratch).join("g.json");
    let o = run(&[
        "play",
        "--quiet",
        "--seed",
        "3",
        "--ruleset",
        r.to_str().unwrap(),
        "--plugin-dir",
        kit_dir().to_str().unwrap(),
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    rec
}

#[test]
fn a_record_whose_plugin_is_not_loaded_says_how_to_load_it() {
    // Audit defect 5: `replay` and `render` said only "unknown plugin".
    let r = write_ruleset("recorded-kit", &format!("{HEAD}[plugins.kit-everything]\n"));
    let rec = kit_game_recorded(&r, "plugins-record");
    let svg = crate::common::scratch("plugins-record-svg").join("g.svg");
    let (rec, svg) = (rec.to_str().unwrap(), svg.to_str().unwrap());
    for args in [vec!["replay", rec], vec!["render", rec, "-o", svg]] {
        let o = run(&args);
        assert_clean_failure(
            &o,
            &format!(
                "error: invalid ruleset in the record:\n{rec} (embedded ruleset):3:10: unknown plugin `kit-everything` (load it with --plugin-dir DIR); available: abbey, "
            ),
        );
        let mut with = args.clone();
        with.extend(["--plugin-dir", kit_dir().to_str().unwrap()]);
        let o = run(&with);
        assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
    }
}

#[test]
fn a_record_whose_plugin_is_not_loaded_says_that_first_and_alone() {
    // The author audit: `replay` of a record counting the missing plugin's
    // tiles in `[tiles.counts]` said first that those tiles were in no tile
    // set (`no tile `CU/L` ... (did you mean `BA/L`?)`), then that the
    // plugin was unknown, told a known plugin near its name (`count`)
    // instead of how to load it.
    let r = write_ruleset(
        "recorded-perch",
        &format!("{HEAD}[tiles.counts]\n\"KIT/P\" = 3\n\"BA/L\" = 6\n[plugins.kit-perch]\n"),
    );
    let rec = kit_game_recorded(&r, "plugins-record-perch");
    let rec = rec.to_str().unwrap();
    let o = run(&["replay", rec]);
    let e = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{e}");
    let lines: Vec<&str> = e.lines().collect();
    assert_eq!(lines.len(), 2, "{e}");
    assert_eq!(lines[0], "error: invalid ruleset in the record:");
    assert!(
        lines[1].starts_with(&format!(
            "{rec} (embedded ruleset):6:10: unknown plugin `kit-perch` (load it with --plugin-dir DIR); available: abbey, "
        )),
        "{e}"
    );
    // A near name of a known plugin is said with how to load a library.
    let r = write_ruleset("misspelt-count", &format!("{HEAD}[plugins.coutn]\n"));
    let o = run(&["ruleset", "check", r.to_str().unwrap()]);
    assert_clean_failure(
        &o,
        ":3:10: unknown plugin `coutn` (did you mean `count`? otherwise load it with --plugin-dir DIR); available: abbey, ",
    );
}

#[test]
fn the_official_plugins_are_those_the_shipped_rulesets_play() {
    // An unknown plugin's error tells a test how to link the official
    // plugins when it names one (`shipped::official_plugin_ids`): every
    // official plugin must be played by a shipped ruleset.
    let dir = crate::common::official_libraries().to_path_buf();
    let reg = loader::library_registry(&[dir]).unwrap_or_else(|e| panic!("{e}"));
    let mut ids: Vec<String> = reg.ids().map(String::from).collect();
    ids.sort();
    assert_eq!(
        carcassonne_host::shipped::official_plugin_ids(),
        ids.as_slice()
    );
}
