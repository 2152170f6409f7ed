//! Scenario files (`tests/scenarios/`, format in `docs/scenarios.md`): every
//! one passes through the same code path as `carcassonne check`, and a failing
//! one says clearly what failed.

use crate::cli::{assert_clean_failure, root, run, stdout, tmp};
use crate::common::*;
use carcassonne_core::PlayerId;
use carcassonne_host::scenario::{check_file, files_under, observed};

#[test]
fn every_scenario_file_passes() {
    let files = files_under(&root().join("tests/scenarios")).unwrap();
    assert!(files.len() >= 5, "{files:?}");
    let reg = registry();
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| {
            check_file(f, &reg)
                .err()
                .map(|e| format!("{}: {e}", f.display()))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A shipped ruleset by its name, as `--ruleset` takes it (the composer's
/// audit of 7 December 2026: `ruleset = "big-box"` could not be read); a
/// name that is neither a file nor a shipped ruleset says what is.
#[test]
fn a_scenario_names_a_shipped_ruleset_as_the_program_does() {
    let reg = registry();
    for name in ["base", "big-box.toml"] {
        let f = write(
            &format!("shipped-{name}.toml"),
            &format!(
                "ruleset = \"{name}\"\nruling = \"B3\"\nscript = \"draw BA/C; place 0 -1 2; deploy follower city\"\n[expect]\nscores = [4, 0]\n"
            ),
        );
        check_file(&f, &reg).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    let f = write(
        "shipped-none.toml",
        "ruleset = \"big-boxes\"\nscript = \"\"\n",
    );
    let e = check_file(&f, &reg).unwrap_err().to_string();
    assert!(
        e.contains("cannot read the ruleset")
            && e.ends_with("nor is it the name of a shipped ruleset (did you mean `big-box`?)"),
        "{e}"
    );
}

#[test]
fn a_scenario_file_is_a_fixture_the_rust_tests_can_use() {
    let g = scenario("shepherd/s8-grow-then-the-tile-closes-the-field.toml");
    let shepherd = g.rules().figure_kind("shepherd").unwrap();
    assert_eq!(
        g.supply(PlayerId::ALL[0], shepherd),
        1,
        "the herded shepherd is back"
    );
}

fn write(name: &str, text: &str) -> std::path::PathBuf {
    let p = tmp(name);
    std::fs::write(&p, text).unwrap();
    p
}

const HEAD: &str = "ruleset = { name = \"b\", tilesets = [\"base\"] }\n";

#[test]
fn failing_scenarios_say_what_failed() {
    let reg = registry();
    let fails = |name: &str, body: &str| -> String {
        let p = write(name, &format!("{HEAD}{body}"));
        check_file(&p, &reg).unwrap_err().to_string()
    };
    let e = fails(
        "s1.toml",
        "script = \"draw BA/C; place 0 -1 2; deploy follower city S\"\n[expect]\nscores = [3, 0]\n",
    );
    assert_eq!(e, "expect.scores: scores are [4, 0], expected [3, 0]");
    let e = fails(
        "s2.toml",
        "script = \"draw BA/C; place 0 -1 2; deploy follower city S\"\n[expect]\ncategories = { roads = [4, 0] }\n",
    );
    assert_eq!(
        e,
        "expect.categories: roads points are [0, 0], expected [4, 0]"
    );
    let e = fails(
        "s3.toml",
        "script = \"draw BA/C\"\n[expect]\nevents = [\"game over\"]\n",
    );
    assert!(e.starts_with("expect.events: no event `game over`"), "{e}");
    assert!(e.contains("player 0 draws BA/C"), "{e}");
    let e = fails("s4.toml", "script = \"draw BA/C\\nplace 9 9 0\"\n");
    assert!(
        e.starts_with("fixture line 2 (`place 9 9 0`): illegal action `place 9 9 0`: (9, 9) is not next to any tile"),
        "{e}"
    );
    let e = fails(
        "s5.toml",
        "tile-counts = { \"BA/Cxxx\" = 2 }\nscript = \"\"\n",
    );
    assert!(
        e.contains("no tile `BA/Cxxx` in the tile sets (base)"),
        "{e}"
    );
    let e = fails("s6.toml", "script = \"\"\nplayers = 9\n");
    assert!(
        e.contains("`players` = 9: a game needs 2 to 6 players"),
        "{e}"
    );
    let e = fails("s7.toml", "script = \"\"\nexpectt = 1\n");
    assert!(e.contains("unknown field `expectt`"), "{e}");
    // A draw while a plugin's decision waits says so.
    let p = write(
        "s8.toml",
        "ruleset = { name = \"c\", tilesets = [\"base\"], plugins = { castles = {} } }\n\
         script = \"draw BA/C; place 0 -1 2; deploy follower city S; draw BA/L\"\n",
    );
    let e = check_file(&p, &reg).unwrap_err().to_string();
    assert_eq!(
        e,
        "fixture line 2 (`draw BA/L`): illegal action `BA/L`: a decision of `castles` is pending (player 0): no chance event now"
    );
}

#[test]
fn check_runs_scenario_files_from_the_command_line() {
    let dir = root().join("tests/scenarios");
    let o = run(&["check", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stdout(&o));
    assert!(stdout(&o).contains("ok   "), "{}", stdout(&o));
    assert!(stdout(&o).contains("scenario(s) passed"), "{}", stdout(&o));
    let bad = write(
        "bad-check.toml",
        &format!("{HEAD}ruling = \"B3\"\nscript = \"draw BA/C; place 0 -1 2; pass\"\n[expect]\nscores = [1, 1]\n"),
    );
    let o = run(&[
        "check",
        bad.to_str().unwrap(),
        dir.join("base").to_str().unwrap(),
    ]);
    let base = files_under(&dir.join("base")).unwrap().len();
    assert_clean_failure(&o, &format!("1 of {} scenario(s) failed", base + 1));
    assert!(stdout(&o).contains("FAIL "), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("expect.scores: scores are [0, 0], expected [1, 1]"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_symmetric_tiles_placement_event_matches_in_any_of_its_rotations() {
    // BA/RRRR looks the same in every rotation: the log names it by
    // rotation 0, an expectation may give the one the script used.
    let expect = |events: &str, absent: &str| {
        let p = write(
            "symmetric-events.toml",
            &format!(
                "{HEAD}script = \"draw BA/RRRR; place 1 0 1; pass; draw BA/RFr; place -1 0 2; pass\"\n\
                 [expect]\nevents = [{events}]\nabsent-events = [{absent}]\n"
            ),
        );
        check_file(&p, &registry()).map_err(|e| e.to_string())
    };
    for r in 0..4 {
        let placed = format!("\"player 0 places BA/RRRR at 1 0 rotation {r}\"");
        assert!(expect(&placed, "").is_ok(), "rotation {r}");
        assert!(expect("", &placed).is_err(), "absent, rotation {r}");
    }
    // BA/RFr, a straight road, is the same in rotations 0 and 2, not in 1
    // or 3.
    for (r, same) in [(0, true), (1, false), (2, true), (3, false)] {
        let placed = format!("\"player 1 places BA/RFr at -1 0 rotation {r}\"");
        assert_eq!(expect(&placed, "").is_ok(), same, "rotation {r}");
        assert_eq!(expect("", &placed).is_ok(), !same, "absent, rotation {r}");
    }
}

#[test]
fn every_unmet_expectation_of_a_scenario_is_reported() {
    // Red closes the start city: 4 points, his follower back. Four
    // expectations are wrong, one (supply) is right: each wrong one is named,
    // in the order of the table's keys in docs/scenarios.md.
    let bad = write(
        "all-unmet.toml",
        &format!(
            "{HEAD}script = \"draw BA/C; place 0 -1 2; deploy follower city S\"\n\
             [expect]\nscores = [3, 0]\ncategories = {{ cities = [3, 0], roads = [0, 0] }}\n\
             supply = {{ follower = [7, 7] }}\nover = true\n\
             figures = [\"player 0 follower on city at 0 -1\"]\n"
        ),
    );
    let e = check_file(&bad, &registry()).unwrap_err().to_string();
    let unmet: Vec<&str> = e.lines().filter(|l| l.starts_with("expect.")).collect();
    assert_eq!(
        unmet,
        [
            "expect.scores: scores are [4, 0], expected [3, 0]",
            "expect.categories: cities points are [4, 0], expected [3, 0]",
            "expect.figures: missing: `player 0 follower on city at 0 -1`; unexpected: none; \
             the figures out of their supply are:",
            "expect.over: the game is not over",
        ],
        "{e}"
    );
    // The command line lists them all under the one failure.
    let o = run(&["check", bad.to_str().unwrap()]);
    assert_clean_failure(&o, "1 of 1 scenario(s) failed");
    let out = stdout(&o);
    for line in unmet {
        assert!(out.contains(&format!("     {line}")), "{out}");
    }
}

#[test]
fn offered_and_refused_steps_check_an_action_without_taking_it() {
    let reg = registry();
    let run_body =
        |name: &str, body: &str| check_file(&write(name, &format!("{HEAD}{body}")), &reg);
    // Red closes the start city with BA/C (no road on it): 4 points, and
    // his follower is back in his supply.
    let ok = run_body(
        "o1.toml",
        "script = \"\"\"
         actor chance
         refused place 0 -1 2                # nothing drawn yet
         draw BA/C; actor 0; place 0 -1 2
         offered pass; offered deploy follower city S
         refused deploy follower road        # no road on the tile
         refused place 1 0 0                 # the tile is placed
         deploy follower city S
         refused deploy follower city S      # Blue draws first
         \"\"\"
         [expect]
         scores = [4, 0]
         supply = { follower = [7, 7] }
         absent-events = [\"player 1 gets follower back\"]\n",
    )
    .unwrap();
    assert_eq!(ok.game.scores(), [4, 0]);
    let fails = |name: &str, body: &str| run_body(name, body).unwrap_err().to_string();
    let e = fails(
        "o2.toml",
        "script = \"draw BA/C; place 0 -1 2; refused pass\"\n",
    );
    assert_eq!(
        e,
        "fixture line 2 (`refused pass`): `pass` is legal here, expected it refused"
    );
    let e = fails("o9.toml", "script = \"draw BA/C; actor 1\"\n");
    assert_eq!(e, "fixture line 2 (`actor 1`): the actor is 0, expected 1");
    let e = fails("o10.toml", "script = \"actor nobody\"\n");
    assert!(e.contains("`nobody` is no actor"), "{e}");
    let e = fails("o3.toml", "script = \"draw BA/C; refused dance 1\"\n");
    assert!(e.contains("`dance` starts no action"), "{e}");
    let e = fails(
        "o4.toml",
        "script = \"draw BA/C; place 0 -1 2; offered deploy follower road\"\n",
    );
    assert!(
        e.starts_with("fixture line 2 (`offered deploy follower road`): "),
        "{e}"
    );
    let e = fails("o5.toml", "script = \"draw BA/C; offered place 5 5 0\"\n");
    assert!(e.contains("not offered: illegal action"), "{e}");
    let e = fails(
        "o6.toml",
        "script = \"draw BA/C; place 0 -1 2; deploy follower city S\"\n[expect]\nabsent-events = [\"city completed (2 tiles): 0 scores 4\"]\n",
    );
    assert_eq!(
        e,
        "expect.absent-events: the event `city completed (2 tiles): 0 scores 4` happened"
    );
    let e = fails(
        "o7.toml",
        "script = \"draw BA/L; place 0 1 0; deploy follower 0\"\n[expect]\nsupply = { follower = [7, 7] }\n",
    );
    assert_eq!(
        e,
        "expect.supply: follower in supply [6, 7], expected [7, 7]"
    );
    let e = fails(
        "o8.toml",
        "script = \"\"\n[expect]\nsupply = { knight = [7, 7] }\n",
    );
    assert_eq!(e, "expect.supply: no figure kind `knight`");
}

#[test]
fn the_figures_expectation_pins_where_every_figure_stands() {
    let reg = registry();
    let run_body =
        |name: &str, body: &str| check_file(&write(name, &format!("{HEAD}{body}")), &reg);
    // Red's monk on the cloister south of the start tile, Blue's knight in
    // the start city: both listed, in any order; a figure back in its
    // supply is not.
    let script = "script = \"draw BA/L; place 0 1 0; deploy follower 0; \
                  draw BA/Cc+; place 0 -1 2; deploy follower city S\"\n";
    let ok = run_body(
        "f1.toml",
        &format!(
            "{script}[expect]\nfigures = [\"player 1 follower on city at 0 -1\", \
             \"player 0 follower on cloister at 0 1\"]\n"
        ),
    );
    assert!(ok.is_ok(), "{ok:?}");
    let e = run_body(
        "f2.toml",
        &format!("{script}[expect]\nfigures = [\"player 0 follower on road at 0 1\"]\n"),
    )
    .unwrap_err()
    .to_string();
    assert_eq!(
        e,
        "expect.figures: missing: `player 0 follower on road at 0 1`; unexpected: \
         `player 0 follower on cloister at 0 1`, `player 1 follower on city at 0 -1`; \
         the figures out of their supply are:\n  \
         player 0 follower on cloister at 0 1\n  player 1 follower on city at 0 -1"
    );
    // A completed city sends its knight home: no figure anywhere.
    let ok = run_body(
        "f3.toml",
        "script = \"draw BA/C; place 0 -1 2; deploy follower city S\"\n[expect]\nfigures = []\n",
    );
    assert!(ok.is_ok(), "{ok:?}");
    let e = run_body(
        "f4.toml",
        "script = \"draw BA/L; place 0 1 0; deploy follower 0\"\n[expect]\nfigures = []\n",
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.starts_with(
            "expect.figures: missing: none; unexpected: `player 0 follower on cloister at 0 1`"
        ),
        "{e}"
    );
}

#[test]
fn check_show_prints_what_happened_as_an_expect_table_that_passes() {
    let reg = registry();
    // Red's knight closes the start city (4 points) and goes home; Blue's
    // monk stays on his cloister.
    let script = "script = \"draw BA/C; place 0 -1 2; deploy follower city S; \
                  draw BA/L; place 0 1 0; deploy follower 0\"\n";
    let bare = write("show1.toml", &format!("{HEAD}{script}"));
    let table = observed(&bare, &reg).unwrap();
    for line in [
        "[expect]\nscores = [4, 0]\n",
        "categories = { cities = [4, 0] }\n",
        "over = false\n",
        "supply = { follower = [7, 6] }\n",
        "figures = [\n    \"player 1 follower on cloister at 0 1\",\n]\n",
        "    \"city completed (2 tiles): 0 scores 4\",\n",
    ] {
        assert!(table.contains(line), "no `{line}` in:\n{table}");
    }
    // Written into the file, it is an expectation the file meets.
    let full = write("show2.toml", &format!("{HEAD}{script}{table}"));
    assert!(check_file(&full, &reg).is_ok(), "{table}");
    // From the command line, after the verdict; a script that fails shows
    // no table.
    let o = run(&["check", "--show", bare.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stdout(&o));
    assert!(stdout(&o).contains(&table), "{}", stdout(&o));
    let bad = write(
        "show3.toml",
        &format!("{HEAD}script = \"draw BA/C; place 9 9 0\"\n"),
    );
    let o = run(&["check", "--show", bad.to_str().unwrap()]);
    assert_clean_failure(&o, "1 of 1 scenario(s) failed");
    assert!(!stdout(&o).contains("[expect]"), "{}", stdout(&o));
    // A neutral kind (the dragon) has no supply per seat: only the players'
    // kinds are listed (the mage and witch author's audit).
    let pd = write(
        "show4.toml",
        "ruleset = \"princess-and-dragon\"\nplayers = 2\nscript = \"draw BA/L; place 0 1 0; pass\"\n",
    );
    let table = observed(&pd, &reg).unwrap();
    let supply = table.lines().find(|l| l.starts_with("supply")).unwrap();
    assert!(supply.contains("follower = [7, 7]"), "{table}");
    assert!(
        !supply.contains("dragon") && !supply.contains("fairy"),
        "{table}"
    );
}

#[test]
fn every_scenario_files_shown_table_is_an_expectation_it_meets() {
    use carcassonne_core::scenario::Expect;
    #[derive(serde::Deserialize)]
    struct Table {
        expect: Expect,
    }
    let reg = registry();
    let files = files_under(&root().join("tests/scenarios")).unwrap();
    assert!(files.len() > 300, "{} files", files.len());
    for f in files {
        let table = observed(&f, &reg).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let shown: Table = toml::from_str(&table).unwrap_or_else(|e| {
            panic!(
                "{}: the shown table reads as no TOML: {e}\n{table}",
                f.display()
            )
        });
        let (_, rs, mut scenario) = carcassonne_host::scenario::load(&f, &reg).unwrap();
        scenario.expect = shown.expect;
        if let Err(e) = scenario.run(&rs.rules) {
            panic!("{}: its shown table is not met: {e}\n{table}", f.display());
        }
    }
}

#[test]
fn a_number_of_players_out_of_range_is_located_at_its_value() {
    let reg = registry();
    for (i, p) in ["7", "1", "0", "-1", "300", "9223372036854775808"]
        .iter()
        .enumerate()
    {
        let f = write(
            &format!("players{i}.toml"),
            &format!("{HEAD}script = \"\"\nplayers = {p}\n"),
        );
        let e = check_file(&f, &reg).unwrap_err().to_string();
        assert_eq!(
            e,
            format!(
                "{}:3:11: `players` = {p}: a game needs 2 to 6 players",
                f.display()
            )
        );
    }
}

#[test]
fn an_inline_rulesets_problems_are_located_in_the_scenario_file() {
    let reg = registry();
    let f = write(
        "inline-problems.toml",
        "script = \"\"\n[ruleset]\nname = \"x\"\n\n[ruleset.core]\nfollowers = \"seven\"\n\n\
         [ruleset.plugins.shepherd]\n# note\nshepherds-per-player = 9\n\n\
         [ruleset.plugins.nope]\n\n[ruleset.tiles.counts]\n\"BA/Lx\" = 2\n",
    );
    let e = check_file(&f, &reg).unwrap_err().to_string();
    let at = |l: &str| format!("{}:{l}: ", f.display());
    for needle in [
        format!("{}`core.followers`: expected a whole number", at("6:13")),
        format!("{}unknown plugin `nope`", at("12:18")),
        format!(
            "{}plugin `shepherd` option `shepherds-per-player`",
            at("10:1")
        ),
    ] {
        assert!(e.contains(&needle), "missing `{needle}` in\n{e}");
    }
    // While a plugin is unknown, a tile id found in no tile set may be one of
    // its tiles: the unknown plugin is said, not the tile.
    assert!(!e.contains("no tile `BA/Lx`"), "{e}");
    let f = write(
        "inline-problems-counts.toml",
        "script = \"\"\n[ruleset]\nname = \"x\"\n\n[ruleset.tiles.counts]\n\"BA/Lx\" = 2\n",
    );
    let e = check_file(&f, &reg).unwrap_err().to_string();
    assert!(
        e.contains(&format!(
            "{}:6:1: `tiles.counts`: no tile `BA/Lx`",
            f.display()
        )),
        "{e}"
    );
    // An inline table on one line: the value's column.
    let f = write(
        "inline-problems-2.toml",
        "ruleset = { name = \"b\", core = { followers = \"seven\" } }\nscript = \"\"\n",
    );
    let e = check_file(&f, &reg).unwrap_err().to_string();
    assert!(
        e.contains(&format!("{}:1:46: `core.followers`", f.display())),
        "{e}"
    );
}

#[cfg(unix)]
#[test]
fn a_scenario_directory_counts_regular_files_only_and_its_errors_name_the_place() {
    // The robustness audit: a FIFO named `*.toml` in a directory made `check
    // DIR` wait for ever, and a directory that could not be read gave
    // "Permission denied (os error 13)" without a path.
    let dir = tmp("scenario-dir-fifo");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("one.toml"),
        "ruleset = { name = \"b\", tilesets = [\"base\"] }\n\
         script = \"draw BA/C; place 0 -1 2; pass\"\n",
    )
    .unwrap();
    let fifo = std::ffi::CString::new(dir.join("stray.toml").to_str().unwrap()).unwrap();
    // SAFETY: a valid, NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
    assert_eq!(files_under(&dir).unwrap(), [dir.join("one.toml")]);
    let o = run(&["check", dir.to_str().unwrap()]);
    assert!(
        stdout(&o).contains("1 scenario(s) passed"),
        "{}",
        stdout(&o)
    );
    let gone = dir.join("gone");
    let e = files_under(&gone).unwrap_err().to_string();
    assert!(e.starts_with(&format!("{}: ", gone.display())), "{e}");
}

#[test]
fn a_scenario_on_an_unknown_plugin_tells_how_to_load_one() {
    // The author audit: `check` said only "unknown plugin `x`; available:
    // ...", where the other commands say how to load a library.
    let dir = tmp("scenario-unknown-plugin");
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("rb.toml");
    std::fs::write(
        &f,
        "ruleset = { name = \"x\", tilesets = [\"base\"], plugins = { road-bonus = {} } }\n\
         script = \"draw BA/C; place 0 -1 2; pass\"\n",
    )
    .unwrap();
    let o = run(&["check", f.to_str().unwrap()]);
    assert_clean_failure(&o, "1 of 1 scenario(s) failed");
    assert!(
        stdout(&o).contains("unknown plugin `road-bonus` (load it with --plugin-dir DIR)"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_failing_step_is_named_by_its_line_in_the_file() {
    // The author audit: a scenario file's failing step was named by its line
    // in the script ("fixture line 2" for the file's sixth line).
    let reg = registry();
    let line_of = |name: &str, body: &str| -> String {
        let p = write(name, &format!("{HEAD}# a comment\n{body}"));
        let e = check_file(&p, &reg).unwrap_err().to_string();
        e.split(" (`").next().unwrap_or(&e).to_string()
    };
    // A multi-line string: the break after the opening quotes is not in it.
    let multi = "script = \"\"\"\ndraw BA/C\nplace 0 -1 2; pass\n\nplace 9 9 0\n\"\"\"\n";
    assert_eq!(line_of("l1.toml", multi), "fixture line 7");
    // On the key's line: a one-line script, and one with `\n` escapes.
    assert_eq!(
        line_of("l2.toml", "script = \"draw BA/C; place 9 9 0\"\n"),
        "fixture line 3"
    );
    let escaped = "script = \"draw BA/C\\nplace 9 9 0\"\n";
    assert_eq!(line_of("l3.toml", escaped), "fixture line 3");
    // An escaped `\n` stays on its line, a line-ending backslash joins the
    // next line to it; a literal string has no escapes.
    let joined = "script = \"\"\"draw BA/C\\nplace 0 -1 2; \\\n   pass\nplace 9 9 0\"\"\"\n";
    assert_eq!(line_of("l4.toml", joined), "fixture line 5");
    let literal = "script = \'\'\'\ndraw BA/C\nplace 9 9 0\'\'\'\n";
    assert_eq!(line_of("l5.toml", literal), "fixture line 5");
}
