//! `play --record` (issue 26, defects 3 and 6): it writes regular files only,
//! in time linear in the game, and a game killed at any moment is kept.

use crate::cli::{assert_clean_failure, bin, root, run, stderr, tmp};
use std::path::PathBuf;
use std::process::Stdio;

/// A directory of its own for one test.
fn dir(name: &str) -> PathBuf {
    let d = tmp(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[cfg(unix)]
#[test]
fn the_record_replaces_no_device_fifo_or_symbolic_link() {
    // Defect 3: the record was renamed over whatever stood at the path, so
    // `--record` on a FIFO or a symbolic link replaced it with a regular file
    // (as root, `--record /dev/null` would replace the system's /dev/null).
    let d = dir("record-special");
    let target = d.join("target.json");
    std::fs::write(&target, "keep me").unwrap();
    std::os::unix::fs::symlink(&target, d.join("link.json")).unwrap();
    let fifo = d.join("fifo.json");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid, NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    std::fs::create_dir(d.join("dir.json")).unwrap();
    for (path, what) in [
        (d.join("link.json"), "a symbolic link is there"),
        (fifo.clone(), "a FIFO is there"),
        (PathBuf::from("/dev/null"), "a device is there"),
        (d.join("dir.json"), "a directory is there"),
    ] {
        let o = run(&["play", "--quiet", "--record", path.to_str().unwrap()]);
        assert_clean_failure(&o, &format!("--record {}: {what}", path.display()));
        assert_clean_failure(&o, "records are written only to regular files");
    }
    let link = std::fs::symlink_metadata(d.join("link.json")).unwrap();
    assert!(link.file_type().is_symlink(), "the link is left alone");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep me");
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(std::fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
    // A temporary file that is a symbolic link is not followed either.
    std::os::unix::fs::symlink(&target, d.join(".new.json.tmp")).unwrap();
    let o = run(&[
        "play",
        "--quiet",
        "--record",
        d.join("new.json").to_str().unwrap(),
    ]);
    assert_clean_failure(&o, "a symbolic link is there");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep me");
    // A regular file is replaced by the record, as before.
    let o = run(&["play", "--quiet", "--record", target.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&target)
        .unwrap()
        .contains("\"scores\""));
}

/// A ruleset of `copies` + 71 tiles: the base game with that many cloisters.
fn long_ruleset(d: &std::path::Path, copies: u32) -> PathBuf {
    let path = d.join("long.toml");
    std::fs::write(
        &path,
        format!("name = \"long\"\ntilesets = [\"base\"]\n[tiles.counts]\n\"BA/L\" = {copies}\n"),
    )
    .unwrap();
    path
}

#[cfg(target_os = "linux")]
#[test]
fn recording_a_game_writes_bytes_linear_in_its_length() {
    // Defect 6: the whole record was written again after every action: an
    // 8,064-tile game took 0.54 s without `--record` and 35.7 s with it. The
    // bytes the program writes (the kernel's count, read from /proc once it
    // has exited) are now a small multiple of the record's size; they were
    // about a thousand times it for this game.
    let d = dir("record-linear");
    let rec = d.join("g.json");
    let child = bin()
        .args(["play", "--quiet", "--bots", "random", "--seed", "5"])
        .args(["--ruleset", long_ruleset(&d, 1500).to_str().unwrap()])
        .args(["--record", rec.to_str().unwrap()])
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id() as libc::id_t;
    // SAFETY: waits for our own child to exit without reaping it (WNOWAIT),
    // so its /proc entry stays readable.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    let r = unsafe { libc::waitid(libc::P_PID, pid, &mut info, libc::WEXITED | libc::WNOWAIT) };
    assert_eq!(r, 0);
    let io = std::fs::read_to_string(format!("/proc/{pid}/io")).unwrap();
    let written: u64 = io
        .lines()
        .find_map(|l| l.strip_prefix("wchar: "))
        .and_then(|n| n.parse().ok())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let size = std::fs::metadata(&rec).unwrap().len();
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&rec).unwrap()).unwrap();
    assert!(v["actions"].as_array().unwrap().len() > 3000, "a long game");
    assert!(
        written < 4 * size,
        "{written} bytes written for a record of {size} bytes"
    );
}

#[cfg(unix)]
#[test]
fn a_killed_game_is_kept_in_its_record() {
    // The record is a valid record at every moment while the game runs: a
    // game killed (SIGKILL, no chance to clean up) replays as far as it went.
    use std::io::Write;
    let d = dir("record-killed");
    let rec = d.join("g.json");
    let base = root().join("configs/base.toml");
    let mut child = bin()
        .args(["play", "--seed", "4", "--human", "0", "--bots", "random"])
        .args(["--ruleset", base.to_str().unwrap()])
        .args(["--record", rec.to_str().unwrap()])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"0\n0\n0\n0\n0\n0\n").unwrap();
    input.flush().unwrap();
    // Waits until the six choices (three turns of the person, and the bot's
    // turns between) are in the record, then kills the game.
    let actions = |text: &str| -> usize {
        serde_json::from_str::<serde_json::Value>(text)
            .ok()
            .and_then(|v| v["actions"].as_array().map(Vec::len))
            .unwrap_or(0)
    };
    while actions(&std::fs::read_to_string(&rec).unwrap_or_default()) < 10 {
        // A game that ended (failed) before writing them fails the test
        // instead of leaving it waiting.
        if let Some(status) = child.try_wait().unwrap() {
            panic!("the game ended ({status}) before ten actions were recorded");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    drop(input);
    let o = run(&["replay", rec.to_str().unwrap(), "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["finished"], false);
    assert!(v["tiles_placed"].as_u64().unwrap() >= 6, "{v}");
}

#[test]
fn the_record_does_not_replace_the_ruleset_it_plays() {
    let d = dir("record-over-ruleset");
    let rs = d.join("same.toml");
    let text = "name = \"mine\"\n";
    std::fs::write(&rs, text).unwrap();
    // The same file by another name too.
    let other = d.join(".").join("same.toml");
    for out in [&rs, &other] {
        let o = run(&[
            "play",
            "--quiet",
            "--ruleset",
            rs.to_str().unwrap(),
            "--record",
            out.to_str().unwrap(),
        ]);
        assert_clean_failure(&o, "that is the ruleset file (--ruleset)");
        assert_eq!(std::fs::read_to_string(&rs).unwrap(), text);
    }
}

/// `play --record` with random bots on the base game, seed 3, where files
/// may grow to `limit` bytes (a full disk: writes past it fail).
#[cfg(unix)]
fn play_within(rec: &std::path::Path, limit: u64) -> std::process::Output {
    use std::os::unix::process::CommandExt;
    let base = root().join("configs/base.toml");
    let mut cmd = bin();
    cmd.args(["play", "--quiet", "--bots", "random", "--seed", "3"])
        .args(["--ruleset", base.to_str().unwrap()])
        .args(["--record", rec.to_str().unwrap()]);
    // SAFETY: async-signal-safe calls only, between fork and exec: the file
    // size limit, and SIGXFSZ ignored so that a write past it fails (EFBIG)
    // instead of killing the program.
    unsafe {
        cmd.pre_exec(move || {
            let l = libc::rlimit {
                rlim_cur: limit as libc::rlim_t,
                rlim_max: limit as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &l) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            Ok(())
        });
    }
    cmd.output().unwrap()
}

#[cfg(unix)]
#[test]
fn a_write_that_fails_leaves_the_record_of_the_actions_before() {
    // A full disk cut an action in the middle: the file was no record any
    // more, while the message said the game so far was kept in it.
    let d = dir("record-full");
    let rec = d.join("g.json");
    let o = play_within(&rec, 1500);
    assert_clean_failure(&o, &format!("cannot write the record to {}", rec.display()));
    assert_clean_failure(
        &o,
        &format!(
            "(the game up to the last action written is recorded in {})",
            rec.display()
        ),
    );
    let o = run(&["replay", rec.to_str().unwrap(), "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["finished"], false);
    assert!(v["tiles_placed"].as_u64().unwrap() > 5, "{v}");
    let size = std::fs::metadata(&rec).unwrap().len();
    assert!(size <= 1500, "{size}");
    // With no room for the record at all: refused at once, and no partial
    // temporary file is left beside it.
    let rec = d.join("none.json");
    let o = play_within(&rec, 100);
    assert_clean_failure(&o, &format!("cannot write the record to {}", rec.display()));
    let left: Vec<_> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.contains("none"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn replay_shows_the_names_a_record_gives_its_seats_and_refuses_bad_ones() {
    let d = dir("record-names");
    let path = d.join("g.json");
    let o = run(&[
        "play",
        "--quiet",
        "--seed",
        "5",
        "--record",
        path.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    // `play` names the bots that played (its default: greedy against random).
    assert_eq!(v["names"], serde_json::json!(["greedy", "random"]));
    let replayed = |v: &serde_json::Value| {
        std::fs::write(&path, v.to_string()).unwrap();
        let o = run(&["replay", path.to_str().unwrap()]);
        assert!(o.status.success(), "{}", stderr(&o));
        String::from_utf8_lossy(&o.stdout).to_string()
    };
    let bots = replayed(&v);
    // A record without names (an older one, the Python package's): none shown.
    v.as_object_mut().unwrap().remove("names");
    let plain = replayed(&v);
    assert!(!plain.contains('('), "{plain}");
    let plain_lines: Vec<&str> = plain.lines().collect();
    assert_eq!(
        bots.lines().collect::<Vec<_>>()[1..],
        [
            format!("{} (greedy)", plain_lines[1]),
            format!("{} (random)", plain_lines[2])
        ]
    );
    // A record of the server's names its seats: a person, one without a name
    // (""), a bot.
    v["names"] = serde_json::json!(["Ann \"the\" Bold", ""]);
    std::fs::write(&path, v.to_string()).unwrap();
    let o = run(&["replay", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let named = String::from_utf8_lossy(&o.stdout).to_string();
    let lines: Vec<&str> = named.lines().collect();
    assert_eq!(
        lines[1],
        format!("{} (Ann \\\"the\\\" Bold)", plain_lines[1])
    );
    assert_eq!(lines[2], plain_lines[2], "no name: the line as before");
    let o = run(&["replay", "--json", path.to_str().unwrap()]);
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["names"], serde_json::json!(["Ann \"the\" Bold", ""]));
    // One name per player, and names a person could give.
    for (names, said) in [
        (serde_json::json!(["Ann"]), "names: 1 given for 2 players"),
        (
            serde_json::json!(["Ann", "x".repeat(41)]),
            "names: seat 1's name is longer than 40 characters",
        ),
        (
            serde_json::json!(["A\u{1b}[2J", "Bob"]),
            "names: seat 0's name is longer than 40 characters or holds control characters",
        ),
    ] {
        v["names"] = names;
        std::fs::write(&path, v.to_string()).unwrap();
        assert_clean_failure(&run(&["replay", path.to_str().unwrap()]), said);
    }
}
