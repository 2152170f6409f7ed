//! Command-line input the program refuses or warns of rather than ignore
//! (the composer audit of December 2026): bots listed for no seat,
//! `--orders` without `--permute-plugins`, and a plugin directory the
//! environment names that is none.

use crate::cli::{assert_clean_failure, bin, root, run, stderr, stdout};

#[test]
fn a_bot_or_an_option_that_would_never_be_used_is_refused() {
    // The composer audit: extra `--bots` entries, `--bots` with every seat a
    // person's, and `--orders` without `--permute-plugins` were ignored.
    let o = run(&["simulate", "--games", "2", "--bots", "random,greedy,random"]);
    assert_clean_failure(
        &o,
        "--bots lists 3 bots for 2 players: give at most one per seat",
    );
    let base = root().join("configs/base.toml");
    let b = base.to_str().unwrap();
    let o = run(&[
        "compare",
        b,
        b,
        "--games",
        "2",
        "--bots",
        "random,random,random",
    ]);
    assert_clean_failure(&o, "--bots lists 3 bots for 2 players");
    let o = run(&["play", "--bots", "random", "--human", "0", "--human", "1"]);
    assert_clean_failure(&o, "--bots lists 1 bot for the 0 seats no person plays");
    let o = run(&["conformance", "--games", "2", "--orders", "5"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--permute-plugins"), "{}", stderr(&o));
    // As many threads as `simulate` takes.
    let o = run(&[
        "conformance",
        "--ruleset",
        b,
        "--games",
        "2",
        "--threads",
        "200",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Fewer bots than seats is a choice: the last plays the seats left.
    let o = run(&[
        "simulate",
        "--games",
        "2",
        "--players",
        "3",
        "--bots",
        "greedy,random",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("bots greedy vs random vs random"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_plugin_directory_the_environment_names_that_is_none_is_a_warning() {
    // The composer audit: `--plugin-dir /nonexistent` is an error, but the
    // same directory in CARCASSONNE_PLUGIN_DIR was skipped without a word.
    let o = bin()
        .args(["simulate", "--games", "2", "--quiet"])
        .env("CARCASSONNE_PLUGIN_DIR", "/nonexistent-carcassonne-plugins")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "warning: /nonexistent-carcassonne-plugins: no such directory (named in \
         CARCASSONNE_PLUGIN_DIR) (skipped: its plugins are not available)\n"
    );
}
