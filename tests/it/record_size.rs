//! Every record `play --record` writes can be read back: a record embeds its
//! rules (the ruleset and the tile-set files it reads) and is read up to
//! 16 MiB like every input file, so rules that would take more than 8 MiB in
//! a record are refused when the ruleset is loaded, with one located line.

use crate::cli::{root, run, stderr, stdout};
use crate::common::scratch;
use std::path::Path;

/// The most bytes of rules a record holds (`MAX_RECORDED_RULES_BYTES`).
const CAP: usize = 8 * 1024 * 1024;

/// The default ruleset's text.
fn default_ruleset() -> String {
    std::fs::read_to_string(root().join("configs/hills-and-sheep.toml")).unwrap()
}

/// The bytes `text` takes as a JSON string (what a record holds).
fn json_len(text: &str) -> usize {
    serde_json::to_string(text).unwrap().len()
}

/// `text` with a comment line added so that it takes exactly `bytes` bytes
/// as a JSON string (its line end takes two).
fn padded_to(text: &str, bytes: usize) -> String {
    let room = bytes - json_len(text) - "#\\n".len();
    format!("{text}#{}\n", "x".repeat(room))
}

/// Plays a recorded game of random bots on `ruleset` with seed 3.
fn play_recorded(ruleset: &Path, record: &Path) -> std::process::Output {
    run(&[
        "play",
        "--ruleset",
        ruleset.to_str().unwrap(),
        "--seed",
        "3",
        "--bots",
        "random",
        "--quiet",
        "--record",
        record.to_str().unwrap(),
    ])
}

#[test]
fn a_ruleset_too_large_to_record_is_refused_with_one_located_line_and_no_record() {
    let dir = scratch("record-size-over");
    // 9 MiB of blank lines: 9 MiB as a file, 18 MiB in a record (each line
    // end is `\n` there). `play --record` wrote that record, which `replay`
    // then refused (over its 16 MiB input limit).
    let text = format!("{}{}", default_ruleset(), "\n".repeat(9 * 1024 * 1024));
    let file = dir.join("blank-lines.toml");
    std::fs::write(&file, &text).unwrap();
    let record = dir.join("game.json");
    let o = play_recorded(&file, &record);
    assert!(!o.status.success(), "{}", stdout(&o));
    let expected = format!(
        "{}: too large to record: the ruleset takes {} bytes in a game record (as JSON text), \
         more than 8 MiB, the most a record may hold of its rules (a record is read up to 16 MiB; \
         the rest is for the game)",
        file.display(),
        json_len(&text)
    );
    assert_eq!(
        json_len(&text),
        json_len(&default_ruleset()) + 2 * 9 * 1024 * 1024
    );
    assert_eq!(stderr(&o), format!("error: invalid ruleset:\n{expected}\n"));
    assert!(!record.exists(), "no record is written");
    // `ruleset check` says the same.
    let o = run(&["ruleset", "check", file.to_str().unwrap()]);
    assert_eq!(stderr(&o), format!("error: {expected}\n1 problem found\n"));
    assert!(!o.status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_ruleset_and_its_tile_set_files_count_together() {
    let dir = scratch("record-size-tilesets");
    // A tile set of 5 MiB (the base tiles and a long comment) and a ruleset
    // of 3 MiB: each alone is fine, together they pass the cap.
    let base = std::fs::read_to_string(root().join("configs/tilesets/base.toml")).unwrap();
    let set = padded_to(&base, 5 * 1024 * 1024);
    std::fs::write(dir.join("set.toml"), &set).unwrap();
    let head = "name = \"big set\"\ntilesets = [\"set.toml\"]\n";
    let ruleset = padded_to(head, 3 * 1024 * 1024 + 100);
    let file = dir.join("ruleset.toml");
    std::fs::write(&file, &ruleset).unwrap();
    let o = run(&["ruleset", "check", file.to_str().unwrap()]);
    // The ruleset's text, the tile set's name and text, and `"name": "text",`
    // with its indentation (8 bytes) between them.
    let total = 3 * 1024 * 1024 + 100 + json_len("set.toml") + 5 * 1024 * 1024 + 8;
    assert_eq!(total, 8_388_726);
    assert_eq!(
        stderr(&o),
        format!(
            "error: {}: too large to record: the ruleset and its tile-set files take {total} bytes \
             in a game record (as JSON text), more than 8 MiB, the most a record may hold of its \
             rules (a record is read up to 16 MiB; the rest is for the game)\n1 problem found\n",
            file.display()
        )
    );
    // Without the ruleset's padding: accepted.
    std::fs::write(&file, head).unwrap();
    let o = run(&["ruleset", "check", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_largest_ruleset_accepted_makes_a_record_that_replays() {
    let dir = scratch("record-size-at-cap");
    let text = padded_to(&default_ruleset(), CAP);
    assert_eq!(json_len(&text), CAP);
    let file = dir.join("at-cap.toml");
    std::fs::write(&file, &text).unwrap();
    let record = dir.join("game.json");
    let o = play_recorded(&file, &record);
    assert!(o.status.success(), "{}", stderr(&o));
    let played = stdout(&o);
    // One byte more is refused.
    std::fs::write(&file, format!("{text}#")).unwrap();
    let o = run(&["ruleset", "check", file.to_str().unwrap()]);
    assert!(
        stderr(&o).contains("the ruleset takes 8388609 bytes in a game record"),
        "{}",
        stderr(&o)
    );
    // The record holds the ruleset and reads back: the same final scores.
    let size = std::fs::metadata(&record).unwrap().len();
    assert!(size > CAP as u64 && size < 16 * 1024 * 1024, "{size}");
    let o = run(&["replay", record.to_str().unwrap(), "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let scores: Vec<i64> = v["scores"]
        .as_array()
        .unwrap_or_else(|| panic!("{v}"))
        .iter()
        .map(|s| s.as_i64().unwrap())
        .collect();
    assert_eq!(
        played,
        format!(
            "Final scores (seed 3):\n  Red    {:>4}{}\n  Blue   {:>4}{}\nRecord written to {}\n",
            scores[0],
            if scores[0] >= scores[1] {
                "  <- winner"
            } else {
                ""
            },
            scores[1],
            if scores[1] >= scores[0] {
                "  <- winner"
            } else {
                ""
            },
            record.display()
        )
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
