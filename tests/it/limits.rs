//! Limits from the hardening audit of the bots and the batch commands: inputs
//! of any length read in bounded memory (a line typed to `play --human`, a
//! ruleset's name), a tournament of any length scheduled game by game, and
//! the messages that came with them (`compare`'s warning of rulesets that are
//! the same, arguments refused before anything is printed).

use crate::cli::{assert_clean_failure, bin, record_random_game, root, run, stderr, stdout};
use crate::common::scratch;
use std::io::Write;
use std::process::{Output, Stdio};

/// Runs the program with `args`, `input` written to its standard input (from
/// a thread: the program prints while it reads).
fn with_input(args: &[&str], input: Vec<u8>) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // The program may stop reading (the game ended): a broken pipe is fine.
        let _ = stdin.write_all(&input);
    });
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    o
}

#[test]
fn an_over_long_line_at_the_terminal_is_refused_and_asked_again() {
    // The audit: `yes | tr -d '\n' | carcassonne play --human 0` read one
    // endless line into memory until the allocation failed (exit 134).
    let base = root().join("configs/base.toml");
    let args = [
        "play",
        "--ruleset",
        base.to_str().unwrap(),
        "--human",
        "0",
        "--bots",
        "random",
        "--seed",
        "1",
    ];
    // 4 MiB on one line, a line at the limit (4,096 bytes), then a choice.
    let mut input = vec![b'y'; 4 << 20];
    input.push(b'\n');
    input.extend(vec![b'z'; 4096]);
    input.extend_from_slice(b"\n0\nquit\n");
    let o = with_input(&args, input);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(
        out.matches("That line is too long (at most 4096 bytes); choose again.")
            .count(),
        1,
        "{}",
        &out[out.len().saturating_sub(2000)..]
    );
    // The line at the limit is read (and names no action), the choice taken.
    assert!(out.matches("your choice").count() >= 4, "{out}");
    assert!(out.contains("Game stopped at turn"), "{out}");
    // A line that never ends: refused, then the input ends.
    let o = with_input(&args, vec![b'y'; 1 << 20]);
    assert_clean_failure(&o, "the input ended before the game did");
    assert!(stdout(&o).contains("That line is too long"));
}

#[test]
fn a_seat_given_twice_to_human_is_refused() {
    let o = run(&["play", "--human", "0,0", "--bots", "random"]);
    assert_clean_failure(
        &o,
        "--human 0: that seat is listed twice (give each seat once)",
    );
    assert_eq!(stdout(&o), "", "refused before the game is printed");
}

/// Starts `args` with at most `bytes` of address space, presses Ctrl-C once it
/// catches it and `wait` later (or not at all if it ends first).
#[cfg(target_os = "linux")]
fn interrupted_within(args: &[&str], bytes: u64, wait: std::time::Duration) -> Output {
    use std::os::unix::process::CommandExt;
    let mut cmd = bin();
    cmd.args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    // SAFETY: only setrlimit (async-signal-safe) between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            let lim = libc::rlimit {
                rlim_cur: bytes as libc::rlim_t,
                rlim_max: bytes as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &lim) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    crate::interrupts::interrupt(cmd.spawn().unwrap(), wait)
}

#[cfg(target_os = "linux")]
#[test]
fn a_tournament_of_any_length_is_scheduled_game_by_game() {
    // The audit: `--games 18446744073709551614` listed every game up front
    // (10 GB, then an allocation failure). Now it plays, in 1 GB of address
    // space, until Ctrl-C, and prints the standings of the games played.
    let mut wait = std::time::Duration::from_millis(300);
    let json = loop {
        let o = interrupted_within(
            &[
                "tournament",
                "--bots",
                "random,greedy",
                "--games",
                "18446744073709551614",
                "--threads",
                "1",
                "--json",
            ],
            1 << 30,
            wait,
        );
        assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("interrupted (Ctrl-C)"),
            "{}",
            stderr(&o)
        );
        if !o.stdout.is_empty() {
            break serde_json::from_slice::<serde_json::Value>(&o.stdout).unwrap();
        }
        // No game had finished yet (a loaded machine): again, longer.
        wait *= 2;
    };
    assert_eq!(json["partial"], true);
    assert_eq!(
        json["games_requested"].as_u64(),
        Some(18_446_744_073_709_551_614)
    );
    assert!(json["games"].as_u64().unwrap() >= 1, "{json}");
}

#[test]
fn tournament_sizes_out_of_range_are_named() {
    let o = run(&["tournament", "--bots", "random,greedy", "--games", "0"]);
    assert_clean_failure(&o, "--games 0: each seed is played twice with the seats swapped: give at least 2 games per pairing");
    // Three pairings of 2^64 − 2 games: more than a count of games holds.
    let o = run(&[
        "tournament",
        "--bots",
        "random,greedy,mcts",
        "--games",
        "18446744073709551614",
    ]);
    assert_clean_failure(
        &o,
        "--games 18446744073709551614: with 3 bots (3 pairings) that is more than \
         18446744073709551615 games in all",
    );
    let o = run(&[
        "tournament",
        "--bots",
        "random,mcts:4294967296",
        "--games",
        "2",
    ]);
    assert_clean_failure(&o, "`4294967296`: at most 4294967295 playouts per move");
}

#[test]
fn compare_refuses_no_games_before_printing_anything() {
    let base = root().join("configs/base.toml");
    let b = base.to_str().unwrap();
    let o = run(&["compare", b, b, "--games", "0"]);
    assert_clean_failure(&o, "--games must be at least 1");
    assert_eq!(stdout(&o), "");
}

#[test]
fn compare_warns_of_rulesets_that_differ_only_in_settings_without_effect() {
    // The audit: a switched-off plugin's options (the same rules hash) and an
    // option for a plugin not enabled made no warning.
    let dir = scratch("limits-compare");
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let a = write(
        "dA.toml",
        "name=\"A\"\n[plugins.fairy]\nenabled=false\nfarmer-bonus=\"once-per-field\"\n",
    );
    let b = write("dB.toml", "name=\"B\"\n");
    let e = write("dE.toml", "name=\"E\"\n[plugins.count]\nabbot=\"yes\"\n");
    let f = write("dF.toml", "name=\"F\"\n[plugins.count]\n");
    let c = write("dC.toml", "name=\"C\"\n[tiles.counts]\n\"BA/L\"=10\n");
    let compare = |x: &str, y: &str| run(&["compare", x, y, "--games", "2", "--quiet"]);
    let o = compare(&a, &b);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "warning: A and B resolve to the same rules (the settings that differ besides the \
             name, the description and the default number of players have no effect: \
             plugins.fairy.farmer-bonus)"
        ),
        "{}",
        stderr(&o)
    );
    assert!(
        stdout(&o).contains("none of them a rule:"),
        "{}",
        stdout(&o)
    );
    for (x, y, side) in [(&e, &f, "A"), (&f, &e, "B")] {
        let o = compare(x, y);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(
            stdout(&o).contains(&format!(
                "  note ({side}): plugin `count`: `abbot = \"yes\"` has no effect without \
                 plugin `abbot`, which this ruleset does not enable\n"
            )),
            "{}",
            stdout(&o)
        );
        assert!(
            stderr(&o).contains("have no effect: plugins.count.abbot)"),
            "{}",
            stderr(&o)
        );
    }
    // A difference that is a rule: no warning.
    let o = compare(&b, &c);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stderr(&o).contains("warning"), "{}", stderr(&o));
}

#[test]
fn a_misspelt_enabled_in_a_plugin_table_is_suggested() {
    let dir = scratch("limits-enable");
    let p = dir.join("en.toml");
    std::fs::write(&p, "name=\"x\"\n[plugins.fairy]\nenable = false\n").unwrap();
    let o = run(&["ruleset", "check", p.to_str().unwrap()]);
    assert_clean_failure(
        &o,
        "en.toml:3:1: plugin `fairy` has no option `enable` (did you mean `enabled`?) \
         (options: enabled, ",
    );
}

#[test]
fn a_ruleset_name_past_its_limit_is_a_located_error() {
    // The audit: a 9 MB name passed `ruleset check`, and `play --record`
    // wrote a record `replay` refused.
    let dir = scratch("limits-name");
    let p = dir.join("long.toml");
    std::fs::write(&p, format!("name = \"{}\"\n", "n".repeat(9 << 20))).unwrap();
    let o = run(&["ruleset", "check", p.to_str().unwrap()]);
    assert_clean_failure(
        &o,
        "long.toml:1:8: `name`: 9437184 characters: a ruleset's name is at most 200 characters",
    );
    assert!(stderr(&o).len() < 1000, "the name is not printed back");
}

#[test]
fn render_refuses_a_picture_name_it_cannot_write() {
    // The audit: `-o board.jpg` wrote SVG into a .jpg.
    let dir = scratch("limits-render");
    let rec = dir.join("g.json");
    record_random_game(&root().join("configs/base.toml"), 3, &rec);
    for name in ["board.jpg", "board"] {
        let out = dir.join(name);
        let o = run(&["render", rec.to_str().unwrap(), "-o", out.to_str().unwrap()]);
        assert_clean_failure(
            &o,
            "the picture is written as .svg or .png; name the file so",
        );
        assert!(!out.exists(), "{name} written");
    }
    let out = dir.join("board.SVG");
    let o = run(&["render", rec.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&out).unwrap().contains("<svg"));
}
