//! Input files from the audit of issue 26: huge and endless files, long
//! `tilesets` lists, symbolic-link loops under `check`, scenario tile counts
//! located in the scenario, and control characters that must not reach the
//! terminal raw. Each test names the defect it pins.

use crate::cli::{assert_clean_failure, root, run, stderr, stdout, tmp};
use crate::common::registry;
use std::path::PathBuf;

/// A directory of its own for one test.
fn dir(name: &str) -> PathBuf {
    let d = tmp(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn long_tileset_lists_are_checked_in_linear_time_and_capped() {
    // Defect 7: each entry was located by scanning the whole text, and a tile
    // set listed again was loaded again: 20,000 entries took 6.9 s in
    // release, 40,000 took 35 s. Now each entry is located by one parse and a
    // set is loaded once.
    let names: Vec<String> = (0..40_000).map(|i| format!("\"nope-{i}\"")).collect();
    let text = format!("name = \"x\"\ntilesets = [\n{}\n]\n", names.join(",\n"));
    let e = carcassonne_host::load_str(&text, "long.toml", None, &registry()).unwrap_err();
    assert_eq!(e.count(), 40_000);
    assert!(
        e.0[0]
            .to_string()
            .starts_with("long.toml:3:1: unknown tile set `nope-0`"),
        "{}",
        e.0[0]
    );
    assert!(
        e.0[99]
            .to_string()
            .starts_with("long.toml:102:1: unknown tile set `nope-99`"),
        "{}",
        e.0[99]
    );
    let twice = format!(
        "name = \"x\"\ntilesets = [{}]\n",
        vec!["\"base\""; 20_000].join(", ")
    );
    let e = carcassonne_host::load_str(&twice, "twice.toml", None, &registry()).unwrap_err();
    assert_eq!(e.count(), 19_999);
    assert_eq!(
        e.0[0].to_string(),
        "twice.toml:2:21: tile set `base` is listed twice in `tilesets`"
    );
}
