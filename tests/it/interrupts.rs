//! Ctrl-C during long runs (issue 15's hostile audit): `simulate`, `compare`,
//! `conformance` and `tournament` stop cleanly with their partial results;
//! the helper that presses Ctrl-C once the program catches it.

use crate::cli::{bin, root, stderr, stdout};

/// Starts the program, waits until it catches Ctrl-C, lets it work `wait`, presses Ctrl-C.
#[cfg(target_os = "linux")]
fn interrupted(args: &[&str], wait: std::time::Duration) -> std::process::Output {
    let child = bin()
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    interrupt(child, wait)
}

/// Waits until `child` catches Ctrl-C (or ends first), lets it work `wait`,
/// presses Ctrl-C; its output.
#[cfg(target_os = "linux")]
pub(crate) fn interrupt(
    mut child: std::process::Child,
    wait: std::time::Duration,
) -> std::process::Output {
    let pid = child.id();
    // The handler is in place when SIGINT (bit 1) is in the caught-signals mask.
    let catches = || {
        std::fs::read_to_string(format!("/proc/{pid}/status"))
            .ok()
            .and_then(|s| {
                let line = s.lines().find(|l| l.starts_with("SigCgt:"))?.to_string();
                u64::from_str_radix(line.split_whitespace().nth(1)?, 16).ok()
            })
            .is_some_and(|mask| mask & 2 != 0)
    };
    while !catches() {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(wait);
    // SAFETY: signalling our own child process.
    unsafe {
        libc::kill(pid as libc::pid_t, libc::SIGINT);
    }
    child.wait_with_output().unwrap()
}

#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_stops_long_runs_cleanly_with_partial_results() {
    let base = root().join("configs/base.toml");
    let base = base.to_str().unwrap();
    let mut wait = std::time::Duration::from_millis(300);
    // Retried with a longer wait if no game had finished yet (a loaded machine).
    let json = loop {
        let o = interrupted(
            &[
                "simulate",
                "--ruleset",
                base,
                "--games",
                "100000000",
                "--json",
                "--quiet",
            ],
            wait,
        );
        assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("interrupted (Ctrl-C)"),
            "{}",
            stderr(&o)
        );
        assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
        if !o.stdout.is_empty() {
            break serde_json::from_slice::<serde_json::Value>(&o.stdout).unwrap();
        }
        wait *= 2;
    };
    assert_eq!(json["partial"], true);
    assert_eq!(json["games_requested"], 100000000);
    assert!(json["games"].as_u64().unwrap() > 0);
    assert!(json["mean_score"][0].as_f64().unwrap() > 0.0);
    // The text form says so too; compare and conformance stop the same way.
    let o = interrupted(
        &["simulate", "--ruleset", base, "--games", "100000000"],
        std::time::Duration::from_millis(800),
    );
    assert_eq!(o.status.code(), Some(130));
    assert!(
        stdout(&o).contains("PARTIAL: interrupted after"),
        "{}",
        stdout(&o)
    );
    let o = interrupted(
        &["compare", base, base, "--games", "100000000", "--json"],
        std::time::Duration::from_millis(800),
    );
    assert_eq!(o.status.code(), Some(130));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["a"]["partial"], true);
    assert_eq!(v["a"]["games"], v["b"]["games"], "the same seeds on both");
    let o = interrupted(
        &["conformance", "--ruleset", base, "--games", "4000000"],
        std::time::Duration::from_millis(800),
    );
    assert_eq!(o.status.code(), Some(130));
    assert!(
        stdout(&o).contains("ok so far (PARTIAL: interrupted after"),
        "{}",
        stdout(&o)
    );
}

#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_stops_a_tournament_with_partial_standings() {
    // Issue 26: Ctrl-C during `tournament` printed nothing.
    let base = root().join("configs/base.toml");
    let args = [
        "tournament",
        "--ruleset",
        base.to_str().unwrap(),
        "--bots",
        "random,greedy",
        "--games",
        "100000000",
        "--threads",
        "1",
    ];
    // Retried with a longer wait if no game had finished yet (a loaded machine).
    let stopped = |more: &[&str]| {
        let mut wait = std::time::Duration::from_millis(500);
        loop {
            let o = interrupted(&[&args[..], more].concat(), wait);
            assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
            assert!(
                stderr(&o).contains("interrupted (Ctrl-C)"),
                "{}",
                stderr(&o)
            );
            if !o.stdout.is_empty() {
                break o;
            }
            wait *= 2;
        }
    };
    let json: serde_json::Value = serde_json::from_slice(&stopped(&["--json"]).stdout).unwrap();
    assert_eq!(json["partial"], true);
    assert_eq!(json["games_requested"], 100000000u64);
    let games = json["games"].as_u64().unwrap();
    assert!(games > 0);
    assert_eq!(json["bots"][0]["games"].as_u64().unwrap(), games);
    let o = stopped(&[]);
    assert!(
        stdout(&o).contains("PARTIAL: interrupted after"),
        "{}",
        stdout(&o)
    );
    assert!(stdout(&o).contains("win rate [95% CI]"), "{}", stdout(&o));
}
