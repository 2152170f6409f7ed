//! Listing plugins and the libraries that are no plugin, of another epoch,
//! of a mismatched layout, or provide an id twice: each one clear line.

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

// ------------------------------------------------------- broken libraries

#[test]
fn a_library_that_is_not_a_plugin_is_one_clear_line() {
    let d = plugin_dir("notaplugin", &["carcassonne-test-not-a-plugin"]);
    let o = run(&["plugins", "--plugin-dir", d.to_str().unwrap()]);
    assert_clean_failure(&o, "not a carcassonne plugin library");
    assert_clean_failure(&o, "libcarcassonne_test_not_a_plugin");
}

/// Runs `plugins` on the library of crate `krate` alone; checks that it fails
/// with one line naming the library and its epoch; returns the pre-flight's verdict.
fn other_epoch(krate: &str, epoch: u32) -> Result<loader::Preflight, loader::LoadError> {
    let d = plugin_dir(&format!("{krate}-dir"), &[krate]);
    let o = run(&["plugins", "--plugin-dir", d.to_str().unwrap()]);
    assert_clean_failure(
        &o,
        &format!("built for plugin API epoch {epoch}, this program supports epoch 4"),
    );
    assert_clean_failure(&o, &krate.replace('-', "_"));
    assert_eq!(text(&o.stderr).lines().count(), 1, "{}", text(&o.stderr));
    loader::preflight(&lib_file(&d, krate))
}

#[test]
fn a_library_built_for_a_later_api_epoch_is_rejected_by_the_preflight() {
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
}

#[test]
fn a_library_with_a_mismatched_layout_is_condensed_to_one_line() {
    let d = plugin_dir("layout", &["carcassonne-test-bad-layout"]);
    let o = run(&["plugins", "--plugin-dir", d.to_str().unwrap()]);
    assert_clean_failure(&o, "binary interface mismatch");
    assert_clean_failure(&o, "libcarcassonne_test_bad_layout");
    let e = text(&o.stderr);
    assert!(e.lines().count() <= 3, "not condensed:\n{e}");
    // The full report is there on request.
    let o = bin()
        .args(["plugins", "--plugin-dir", d.to_str().unwrap()])
        .env("CARCASSONNE_PLUGIN_DEBUG", "1")
        .output()
        .unwrap();
    assert!(text(&o.stderr).lines().count() > 50);
}

#[test]
fn missing_directories_and_files_that_are_no_library_are_clear_errors() {
    let o = run(&["plugins", "--plugin-dir", "/no/such/dir"]);
    assert_clean_failure(&o, "/no/such/dir: no such plugin directory");
    let d = crate::common::scratch("plugins-junk");
    let junk = lib_file(&d, "junk");
    std::fs::write(&junk, b"not a library").unwrap();
    let o = run(&["plugins", "--plugin-dir", d.to_str().unwrap()]);
    assert_clean_failure(&o, "cannot load the library");
    assert_clean_failure(&o, "libjunk");
    let o = run(&["play", "--plugin-dir", d.to_str().unwrap()]);
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
}

#[test]
fn a_truncated_library_is_one_clear_line_not_a_bus_error() {
    // Issue 26, defect 9: the first 4,096 bytes of a valid library in the
    // plugin directory crashed every command with a bus error (the library
    // was mapped past the end of the file).
    let lib = lib_file(kit_dir(), "carcassonne-test-plugins-lib");
    let bytes = std::fs::read(&lib).unwrap();
    for (tag, len) in [("4k", 4096), ("half", bytes.len() / 2), ("head", 40)] {
        let d = crate::common::scratch(&format!("plugins-truncated-{tag}"));
        std::fs::write(lib_file(&d, "cut"), &bytes[..len]).unwrap();
        for cmd in ["plugins", "play"] {
            let o = run(&[cmd, "--plugin-dir", d.to_str().unwrap()]);
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
