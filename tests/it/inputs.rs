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

#[cfg(unix)]
#[test]
fn check_runs_each_scenario_once_through_symbolic_link_loops() {
    // Defect 10: `check DIR` followed symbolic-link loops: one self-link ran
    // one file 41 times, two self-links hung.
    let d = dir("check-loops");
    std::fs::write(
        d.join("one.toml"),
        "players = 2\nscript = \"draw BA/C; place 0 -1 2; pass\"\n[ruleset]\nname = \"b\"\ntilesets = [\"base\"]\n",
    )
    .unwrap();
    std::os::unix::fs::symlink(".", d.join("self")).unwrap();
    std::os::unix::fs::symlink(&d, d.join("again")).unwrap();
    std::os::unix::fs::symlink("b", d.join("a")).unwrap();
    std::os::unix::fs::symlink("a", d.join("b")).unwrap();
    std::os::unix::fs::symlink("one.toml", d.join("same.toml")).unwrap();
    let o = run(&["check", d.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.matches("ok   ").count(), 1, "{out}");
    assert!(out.ends_with("1 scenario(s) passed\n"), "{out}");
}

#[test]
fn scenario_tile_count_problems_are_located_in_the_scenario_file() {
    // Defect 13: the scenario's `tile-counts` were merged into the ruleset's
    // text, so their errors named a line and column of the (rewritten)
    // ruleset, not of the scenario file where the bad key is.
    let d = dir("scenario-counts");
    std::fs::write(d.join("r.toml"), "name = \"r\"\n\ntilesets = [\"base\"]\n").unwrap();
    let scenario = d.join("s.toml");
    std::fs::write(
        &scenario,
        "ruleset = \"r.toml\"\nplayers = 2\ntile-counts = { \"BA/Nope\" = 3, \"BA/C\" = -1 }\nscript = \"draw BA/C; place 0 -1 2; pass\"\n",
    )
    .unwrap();
    let o = run(&["check", scenario.to_str().unwrap()]);
    let out = stdout(&o);
    let s = scenario.display();
    for needle in [
        format!("{s}:3:17: `tile-counts`: no tile `BA/Nope` in the tile sets (base)"),
        format!("{s}:3:41: `tile-counts.\"BA/C\"`: expected a number of copies from 0 to 65535"),
    ] {
        assert!(out.contains(&needle), "missing `{needle}` in\n{out}");
    }
    assert!(!out.contains("r.toml:"), "{out}");
    // The ruleset's own problems are still located in the ruleset.
    std::fs::write(d.join("r.toml"), "name = \"r\"\n\ntilesets = [\"nope\"]\n").unwrap();
    let out = stdout(&run(&["check", scenario.to_str().unwrap()]));
    assert!(
        out.contains(&format!(
            "{}:3:13: unknown tile set `nope`",
            d.join("r.toml").display()
        )),
        "{out}"
    );
    assert!(out.contains(&format!("{s}:3:17: `tile-counts`")), "{out}");
}

#[cfg(unix)]
#[test]
fn every_input_file_is_read_with_a_size_cap() {
    // Defect 12: `replay /dev/zero` grew to 24 GB until the system killed it;
    // `check`, `render` and `ruleset check` did the same. Every input file is
    // now read with a documented cap (16 MiB) and refused with one line.
    let limit = "larger than 16 MiB, the limit for input files";
    let d = dir("input-caps");
    let scenario = d.join("s.toml");
    std::fs::write(&scenario, "ruleset = \"/dev/zero\"\nscript = \"\"\n").unwrap();
    let tiles = d.join("r.toml");
    std::fs::write(&tiles, "name = \"r\"\ntilesets = [\"big.toml\"]\n").unwrap();
    // A tile set (any input) just over the cap, as a sparse file.
    let big = std::fs::File::create(d.join("big.toml")).unwrap();
    big.set_len(16 * 1024 * 1024 + 1).unwrap();
    for args in [
        vec!["replay", "/dev/zero"],
        vec!["render", "/dev/zero"],
        vec!["ruleset", "check", "/dev/zero"],
        vec!["play", "--ruleset", "/dev/zero"],
        vec!["check", "/dev/zero"],
        vec!["check", scenario.to_str().unwrap()],
        vec!["ruleset", "check", tiles.to_str().unwrap()],
    ] {
        let o = run(&args);
        let all = format!("{}{}", stdout(&o), stderr(&o));
        assert!(!o.status.success(), "{args:?}");
        assert!(all.contains(limit), "{args:?}: {all}");
        assert!(!all.contains("panicked"), "{args:?}: {all}");
    }
    let style = run(&[
        "render",
        root()
            .join("tests/golden/base-3p-seed7.json")
            .to_str()
            .unwrap(),
        "--style",
        "/dev/zero",
    ]);
    assert_clean_failure(&style, limit);
}

#[test]
fn control_characters_from_a_record_do_not_reach_the_terminal_raw() {
    // Defect 15: a name or a plugin's text holding escape sequences was
    // printed as is by `replay` (it could retitle, clear or recolour the
    // terminal). Every control character but newline and tab is escaped as
    // `\u001b`, which also keeps `--json` output the same JSON.
    let d = dir("escapes");
    let rec = std::fs::read_to_string(root().join("tests/golden/base-3p-seed7.json")).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&rec).unwrap();
    let evil = "evil\u{1b}]0;owned\u{7}\u{9b}2J";
    let ruleset = v["ruleset"].as_str().unwrap().to_string();
    let name = ruleset
        .lines()
        .find(|l| l.starts_with("name = "))
        .unwrap()
        .to_string();
    v["ruleset"] = ruleset
        .replace(&name, "name = \"evil\\u001b]0;owned\\u0007\\u009b2J\"")
        .into();
    let path = d.join("evil.json");
    std::fs::write(&path, v.to_string()).unwrap();
    let clean = |bytes: &[u8]| {
        let t = String::from_utf8_lossy(bytes);
        !t.contains('\u{1b}') && !t.contains('\u{7}') && !t.contains('\u{9b}')
    };
    let o = run(&["replay", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(clean(&o.stdout) && clean(&o.stderr));
    assert!(
        stdout(&o).starts_with("evil\\u001b]0;owned\\u0007\\u009b2J — 3 players"),
        "{}",
        stdout(&o)
    );
    let o = run(&["replay", path.to_str().unwrap(), "--json"]);
    assert!(clean(&o.stdout));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["ruleset"], evil);
    // Errors that quote the record are escaped too.
    v["actions"][0] = "place \u{1b}[2J".into();
    std::fs::write(&path, v.to_string()).unwrap();
    let o = run(&["replay", path.to_str().unwrap()]);
    assert_clean_failure(&o, "action 1 (`place \\u001b[2J`)");
    assert!(clean(&o.stderr));
}
