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

#[test]
fn a_number_of_players_out_of_range_is_named_before_the_bots() {
    // The robustness audit: `simulate --players 0` read "--bots lists 1
    // bots for 0 players".
    let base = root().join("configs/base.toml");
    let b = base.to_str().unwrap();
    for players in ["0", "1", "7"] {
        let o = run(&["simulate", "--games", "2", "--players", players]);
        assert_clean_failure(
            &o,
            &format!("--players {players}: a game needs 2 to 6 players"),
        );
        let o = run(&["compare", b, b, "--games", "2", "--players", players]);
        assert_clean_failure(
            &o,
            &format!("--players {players}: a game needs 2 to 6 players"),
        );
    }
}

#[test]
fn a_line_that_is_not_utf8_at_the_terminal_is_refused_and_asked_again() {
    // The robustness audit: one byte that is not UTF-8 typed to `play
    // --human` ended the game ("stream did not contain valid UTF-8").
    use std::io::Write;
    let base = root().join("configs/base.toml");
    let mut child = bin()
        .args(["play", "--human", "0", "--bots", "random", "--seed", "5"])
        .args(["--ruleset", base.to_str().unwrap()])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"\xff\xfe\n0\nquit\n").unwrap();
    drop(input);
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
    let out = stdout(&o);
    // Asked again after the bad line, then the choice taken, then stopped.
    assert!(out.matches("your choice").count() >= 3, "{out}");
    assert!(out.contains("Game stopped at turn"), "{out}");
}
