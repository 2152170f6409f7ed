//! What a ruleset composer reads when a ruleset is wrong (the composer audit
//! of December 2026): every bad option of a plugin at once, values of the
//! wrong type in plain words with the spellings an option takes, misspelt
//! values and repeated keys named, a plugin's tile set listed by name, and
//! notes on plugin tables switched off.

use crate::cli::{root, run, stderr, stdout, tmp};
use crate::common::registry;

/// The problems `text` (a ruleset) has, one per line.
fn problems(text: &str) -> Vec<String> {
    let e = carcassonne_host::load_str(text, "r.toml", None, &registry()).unwrap_err();
    e.to_string().lines().map(str::to_string).collect()
}

#[test]
fn every_bad_option_is_named_in_plain_words() {
    let got = problems(
        "name = \"x\"\n[core]\nfarmers = 4\nfollowers = \"7\"\n\
         [plugins.shepherd]\nflock-action = \"afterfollower\"\n\
         [plugins.hills]\nhill-tiebreak = 5\nhill-underlay = 3\n\
         [plugins.bridges]\ncount = -1\n",
    );
    assert_eq!(
        got,
        [
            "r.toml:3:11: `core.farmers`: expected one of \"per-field\", \
             \"per-field-once-per-player\", \"per-city\", \"off\", found 4",
            "r.toml:4:13: `core.followers`: expected a whole number, found the string \"7\"",
            // In the order of the lines, whichever step found them.
            "r.toml:6:1: plugin `shepherd` option `flock-action`: unknown variant \
             `afterfollower`, expected `after-follower` or `before-follower` \
             (did you mean `after-follower`?)",
            // Both of one plugin's bad options, not only the first.
            "r.toml:8:1: plugin `hills` option `hill-tiebreak`: expected one of \
             \"any-follower-on-hill\", \"count-followers-on-hills\", found 5",
            "r.toml:9:1: plugin `hills` option `hill-underlay`: expected one of \
             \"hidden-tile\", \"blank\", found 3",
            "r.toml:11:1: plugin `bridges` option `count`: expected \"by-players\" or a \
             whole number of pieces, 0 or more, found -1",
        ]
    );
    let got = problems("name = \"x\"\n[core]\nfarmers = \"per-feild\"\n");
    assert_eq!(
        got,
        [
            "r.toml:3:11: `core.farmers`: unknown variant `per-feild`, expected one of \
          `per-field`, `per-field-once-per-player`, `per-city`, `off` \
          (did you mean `per-field`?)"
        ]
    );
}

#[test]
fn a_repeated_key_is_named() {
    assert_eq!(
        problems("name = \"x\"\nname = \"y\"\n"),
        ["r.toml:2:1: duplicate key `name` (each key may be given once)"]
    );
    assert_eq!(
        problems("name = \"x\"\n[tiles.counts]\n\"BA/L\" = 1\n\"BA/L\" = 2\n"),
        ["r.toml:4:1: duplicate key `\"BA/L\"` (each key may be given once)"]
    );
}

#[test]
fn an_empty_name_is_refused_at_its_key() {
    assert_eq!(
        problems("name = \"\"\n"),
        ["r.toml:1:8: `name` = \"\": a ruleset needs a name (some text, not only spaces)"]
    );
    assert_eq!(
        problems("players = 3\nname = \"  \"\n"),
        ["r.toml:2:8: `name` = \"  \": a ruleset needs a name (some text, not only spaces)"]
    );
    // The robustness audit: a line break in the name reached the terminal
    // raw (a name that looks like another line of the output).
    assert_eq!(
        problems("name = \"a\\nok - b\"\n"),
        ["r.toml:1:8: `name` = \"a\\nok - b\": a ruleset's name is one line"]
    );
}

#[test]
fn a_number_of_pieces_above_the_cap_is_refused_at_its_key() {
    assert_eq!(
        problems("name = \"x\"\n[plugins.bridges]\nsites = \"placed-only\"\ncount = 100\n"),
        [
            "r.toml:4:1: plugin `bridges` option `count`: expected \"by-players\" or a whole \
             number of pieces from 0 to 99, found 100"
        ]
    );
    assert_eq!(
        problems("name = \"x\"\n[plugins.castles]\ncount = 5\n"),
        [
            "r.toml:3:1: plugin `castles` option `count`: expected \"by-players\" or a whole \
             number of pieces from 0 to 4, found 5"
        ]
    );
}

#[test]
fn a_plugins_refusal_of_a_core_option_points_at_the_core_key() {
    // Listed with the other problems, at the `[core]` key whose default the
    // plugin would accept.
    assert_eq!(
        problems(
            "name = \"x\"\n[core]\nfollowers = 5\nfarmers = \"per-city\"\n\
             [plugins.barn]\n[plugins.bridges]\ncount = -1\n"
        ),
        [
            "r.toml:4:11: plugin `barn`: the barn is undefined with `farmers = \"per-city\"` \
             (AM28): use another farmer rule or disable the barn",
            "r.toml:7:1: plugin `bridges` option `count`: expected \"by-players\" or a whole \
             number of pieces, 0 or more, found -1",
        ]
    );
    assert_eq!(
        problems("name = \"x\"\n[core]\nfarmers = \"per-city\"\n[plugins.kit-no-per-city]\n"),
        ["r.toml:3:11: plugin `kit-no-per-city`: undefined with `farmers = \"per-city\"`"]
    );
}

#[test]
fn a_plugins_tile_set_listed_by_name_points_at_the_plugin() {
    assert_eq!(
        problems("name = \"x\"\ntilesets = [\"base\", \"special-cities\"]\n"),
        [
            "r.toml:2:21: tile set `special-cities` comes with plugin `special-cities`: \
          enable `[plugins.special-cities]` instead of listing it"
        ]
    );
    // Enabled already (an author's audit, 7 December 2026: the message asked
    // to enable it).
    assert_eq!(
        problems(
            "name = \"x\"\ntilesets = [\"base\", \"special-cities\"]\n[plugins.special-cities]\n"
        ),
        [
            "r.toml:2:21: tile set `special-cities` comes with plugin `special-cities`: \
          `[plugins.special-cities]` is enabled, which brings it: remove it from `tilesets`"
        ]
    );
    // Misspelt: the nearest plugin's tile set is named with its plugin.
    let said = problems("name = \"x\"\ntilesets = [\"base\", \"special-citys\"]\n");
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].starts_with("r.toml:2:21: unknown tile set `special-citys` (built-in: base, ")
            && said[0].ends_with(
                "; tile set `special-cities` comes with plugin `special-cities`: to play it, \
                 enable `[plugins.special-cities]`"
            ),
        "{said:?}"
    );
}

#[test]
fn ruleset_check_notes_what_a_switched_off_table_would_meet() {
    let file = tmp("switched-off.toml");
    std::fs::write(
        &file,
        "name = \"x\"\n[plugins.hils]\nenabled = false\n\
         [plugins.hills]\nenabled = false\nhill-underlay = \"bogus\"\n\
         [plugins.shepherd]\n",
    )
    .unwrap();
    let o = run(&["ruleset", "check", file.to_str().unwrap()]);
    assert!(o.status.success(), "switched off is no error");
    let out = stdout(&o);
    let notes: Vec<&str> = out.lines().filter(|l| l.contains("note:")).collect();
    assert_eq!(
        notes,
        [
            "  note: plugin `hils` is switched off, and this program knows no plugin \
             of that name (did you mean `hills`? otherwise load it with --plugin-dir DIR)",
            "  note: plugin `hills` is switched off; switched on, its option \
             `hill-underlay` would be refused: unknown variant `bogus`, expected \
             `hidden-tile` or `blank`",
        ]
    );
    // A shipped ruleset has nothing to note.
    let base = root().join("configs/base.toml");
    let o = run(&["ruleset", "check", base.to_str().unwrap()]);
    assert!(!stdout(&o).contains("note:"), "{}", stdout(&o));
}

/// The `note:` lines of `ruleset check` on `text`, written to file `name`
/// (a note is no error: the check succeeds).
fn notes(name: &str, text: &str) -> Vec<String> {
    let file = tmp(name);
    std::fs::write(&file, text).unwrap();
    let o = run(&["ruleset", "check", file.to_str().unwrap()]);
    assert!(o.status.success(), "a note is no error: {}", stdout(&o));
    stdout(&o)
        .lines()
        .filter(|l| l.contains("note:"))
        .map(str::to_string)
        .collect()
}

#[test]
fn ruleset_check_notes_an_option_for_a_plugin_not_enabled() {
    // The Count's options about the abbot and the River, set without them.
    assert_eq!(
        notes(
            "idle-options.toml",
            "name = \"x\"\n[plugins.count]\nabbot = \"yes\"\nfinal-moves = \"any-quarter\"\n\
             river = \"spring-at-city\"\n[plugins.bridges]\ncount = 2\n",
        ),
        [
            "  note: plugin `count`: `abbot = \"yes\"` has no effect without plugin `abbot`, \
             which this ruleset does not enable",
            "  note: plugin `count`: `river = \"spring-at-city\"` has no effect without plugin \
             `river`, which this ruleset does not enable",
        ]
    );
    // The options of other plugins that concern one plugin each (the composer
    // audit of 7 December 2026).
    assert_eq!(
        notes(
            "idle-others.toml",
            "name = \"x\"\n[plugins.mayor]\nzero-mayor-on-hill = \"breaks-ties\"\n\
             [plugins.dragon]\neats-builders-and-pigs = false\n\
             [plugins.fairy]\nfinal-round-point = true\n",
        ),
        [
            "  note: plugin `mayor`: `zero-mayor-on-hill = \"breaks-ties\"` has no effect \
             without plugin `hills`, which this ruleset does not enable",
            "  note: plugin `dragon`: `eats-builders-and-pigs = false` has no effect without \
             plugin `builder` or `pig`, which this ruleset does not enable",
            "  note: plugin `fairy`: `final-round-point = true` has no effect without plugin \
             `abbey`, which this ruleset does not enable",
            "  note: plugin `dragon` reads tile markers that no tile of this game carries \
             (`volcano`, `dragon`): what it does with them never comes up (is the tile set of \
             its expansion missing from `tilesets`?)",
        ]
    );
    // Set to their defaults (as the shipped ruleset writes them), or with
    // the plugins enabled, nothing to note.
    assert!(notes(
        "idle-defaults.toml",
        "name = \"x\"\n[plugins.count]\nabbot = \"no\"\nriver = \"separate\"\n",
    )
    .is_empty());
    assert!(notes(
        "idle-none.toml",
        "name = \"x\"\ntilesets = [\"base\", \"the-river\"]\n[plugins.count]\nabbot = \"yes\"\n\
         river = \"spring-at-city\"\n[plugins.abbot]\n[plugins.river]\n",
    )
    .is_empty());
    let shipped = root().join("configs/count-king-and-robber.toml");
    let o = run(&["ruleset", "check", shipped.to_str().unwrap()]);
    assert!(!stdout(&o).contains("note:"), "{}", stdout(&o));
}

#[test]
fn ruleset_check_notes_a_plugin_whose_markers_no_tile_of_the_game_carries() {
    // The Tower on the base tiles: its expansion's tile set is missing.
    assert_eq!(
        notes(
            "unmarked-tower.toml",
            "name = \"x\"\ntilesets = [\"base\"]\n[plugins.tower]\n"
        ),
        ["  note: plugin `tower` reads tile markers that no tile of this game carries (`tower`): \
          what it does with them never comes up (is the tile set of its expansion missing from \
          `tilesets`?)"]
    );
    // With it, nothing to note.
    let with = "name = \"x\"\ntilesets = [\"base\", \"the-tower\"]\n[plugins.tower]\n";
    assert!(notes("unmarked-tower-set.toml", with).is_empty());
    // The herd's tile given no copies by the ruleset.
    let river = "name = \"x\"\ntilesets = [\"base\", \"the-river-ii\"]\n[plugins.river]\n\
                 [plugins.pig-herd]\n";
    assert!(notes("unmarked-herd.toml", river).is_empty());
    assert_eq!(
        notes(
            "unmarked-herd-none.toml",
            &format!("{river}[tiles.counts]\n\"RI.2/II+\" = 0\n")
        ),
        [
            "  note: plugin `pig-herd` reads tile markers that no tile of this game carries \
          (`pig-herd`): what it does with them never comes up (the tiles that carry them have \
          no copies)"
        ]
    );
    // Every expansion: the Count leaves the rivers out (CK26), the herd's
    // tile with them; said so, and only that.
    let all = root().join("configs/all-expansions.toml");
    let o = run(&["ruleset", "check", all.to_str().unwrap()]);
    let out = stdout(&o);
    let said: Vec<&str> = out.lines().filter(|l| l.contains("note:")).collect();
    assert_eq!(
        said,
        [
            "  note: plugin `pig-herd` reads tile markers that no tile of this game carries \
          (`pig-herd`): what it does with them never comes up (the tiles that carry them are \
          left out, by plugin `count`)"
        ]
    );
}

#[test]
fn ruleset_check_notes_a_tile_marker_no_plugin_reads() {
    // An author's audit (7 December 2026): a misspelt marker in a tile set
    // meant nothing, without a word.
    let dir = tmp("unread-marker");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let tile = |id: &str, markers: &str| {
        format!(
            "[[tiles]]\nid = \"{id}\"\ncounts = {{ C1 = 2, C2 = 2 }}\nsides = \"CRFR\"\nmarkers = [{markers}]\n\
             features = [\n  {{ kind = \"city\", slots = [\"N\"] }},\n  \
             {{ kind = \"road\", slots = [\"E\", \"W\"] }},\n  \
             {{ kind = \"field\", slots = [\"EL\", \"WR\"], adj = [0] }},\n  \
             {{ kind = \"field\", slots = [\"ER\", \"S\", \"WL\"], adj = [0] }},\n]\n"
        )
    };
    let set = format!(
        "name = \"shrines\"\n{}{}",
        tile("SH/1", "\"vinyard\", \"pennant\""),
        tile("SH/2", "\"vineyard\"")
    );
    std::fs::write(dir.join("shrines.toml"), set).unwrap();
    std::fs::write(
        dir.join("r.toml"),
        "name = \"x\"\ntilesets = [\"base\", \"shrines.toml\"]\n[plugins.vineyards]\n",
    )
    .unwrap();
    let o = run(&["ruleset", "check", dir.join("r.toml").to_str().unwrap()]);
    assert!(o.status.success(), "a note is no error: {}", stdout(&o));
    let out = stdout(&o);
    let notes: Vec<&str> = out.lines().filter(|l| l.contains("note:")).collect();
    // The pennant is the core's, `vineyard` the vineyards'.
    assert_eq!(
        notes,
        [
            "  note: tile marker `vinyard` (on SH/1) is read by no plugin this program knows \
          (did you mean `vineyard`?)"
        ]
    );
}

#[test]
fn a_start_tile_without_copies_is_not_called_missing() {
    // It was first reported as "no tile set provides a start tile".
    assert_eq!(
        problems("name = \"x\"\ntilesets = [\"base\"]\n[tiles.counts]\n\"BA/RCr\" = 0\n"),
        [
            "r.toml: no start layout has its tiles in the game (the counts of this edition, \
          `[tiles.counts]` and the plugins' counts)"
        ]
    );
}

#[test]
fn unknown_tile_ids_get_suggestions_up_to_a_bound_and_all_are_reported() {
    // Twenty-five misspellings of `BA/L`: each a located error, the first
    // twenty with the suggestion (each is compared with every tile id).
    let mut text = String::from("name = \"x\"\n[tiles.counts]\n");
    for i in 0..25 {
        text.push_str(&format!("\"BA/L{}\" = 1\n", char::from(b'a' + i)));
    }
    let got = problems(&text);
    let unknown: Vec<&String> = got.iter().filter(|l| l.contains("no tile `BA/L")).collect();
    assert_eq!(unknown.len(), 25, "{got:#?}");
    for (i, l) in unknown.iter().enumerate() {
        let line = i + 3;
        assert!(l.starts_with(&format!("r.toml:{line}:1: ")), "{l}");
        assert_eq!(l.ends_with("(did you mean `BA/L`?)"), i < 20, "{l}");
    }
}

#[test]
fn an_integer_over_64_bits_is_named_as_such_whatever_its_size() {
    for v in [
        "9223372036854775808",
        "18446744073709551615",
        "99999999999999999999999",
    ] {
        assert_eq!(
            problems(&format!("name = \"x\"\nplayers = {v}\n")),
            [format!(
                "r.toml:2:11: `players` = {v}: too large (TOML integers are 64-bit)"
            )]
        );
    }
}

#[test]
fn a_count_for_a_tile_held_in_hand_is_refused_at_its_key() {
    // The abbey (AM1) is held in hand, one per player: 0 was ignored and 3
    // reported at `[plugins.abbey]`.
    for n in [0, 3] {
        assert_eq!(
            problems(&format!(
                "name = \"x\"\n[plugins.abbey]\n[tiles.counts]\n\"AM/A\" = {n}\n"
            )),
            [
                "r.toml:4:1: `tiles.counts`: tile `AM/A` is held in hand (`per_player` = 1), \
              not drawn from the bag: it takes no count"
            ]
        );
    }
}

#[test]
fn a_value_a_plugin_refuses_is_named_beside_a_value_it_cannot_read() {
    // The composer audit of 7 December 2026: `count = 100` (refused by the
    // plugin's own check, after reading) went unreported while another
    // option of the plugin could not be read. In the order of the lines.
    assert_eq!(
        problems(
            "name = \"x\"\ntilesets = [\"base\", \"bridges-castles-and-bazaars\"]\n\
             [plugins.bridges]\ncount = 100\nbridge-only-fit = \"must\"\n"
        ),
        [
            "r.toml:4:1: plugin `bridges` option `count`: expected \"by-players\" or a \
             whole number of pieces from 0 to 99, found 100",
            "r.toml:5:1: plugin `bridges` option `bridge-only-fit`: unknown variant `must`, \
             expected `may-set-aside` or `must-place`",
        ]
    );
}

#[test]
fn a_shipped_ruleset_is_named_by_its_name_and_listed() {
    // The composer audit of 7 December 2026: the shipped rulesets could be
    // named only as files of the source tree, and nothing listed them.
    let o = run(&["ruleset", "list"]);
    assert!(o.status.success());
    let out = stdout(&o);
    for name in carcassonne_host::shipped::names() {
        assert!(
            out.lines()
                .any(|l| l.trim_start().starts_with(&format!("{name} "))),
            "{name} not listed: {out}"
        );
    }
    assert!(
        out.contains("\nBuilt-in tile sets (for `tilesets = [...]`):\n  base "),
        "{out}"
    );
    assert!(out.contains("(2 players, 72 tiles; no plugins)"), "{out}");
    // Named where a file goes: `ruleset check`/`show` and every `--ruleset`.
    let o = run(&["ruleset", "check", "big-box"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("big-box: ok — Carcassonne: Traders & Builders"),
        "{}",
        stdout(&o)
    );
    let shown = stdout(&run(&["ruleset", "show", "the-tower.toml"]));
    assert!(
        shown.starts_with("name = \"Carcassonne: The Tower\"\n"),
        "{shown}"
    );
    let o = run(&[
        "simulate",
        "--games",
        "2",
        "--ruleset",
        "the-tower",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("Carcassonne: The Tower — 2 games"),
        "{}",
        stdout(&o)
    );
    // Neither a file nor a name: the nearest name.
    let o = run(&["ruleset", "check", "bigbox"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains(
            "bigbox: cannot read the ruleset: No such file or directory (os error 2), nor is it \
             the name of a shipped ruleset (did you mean `big-box`?)"
        ),
        "{}",
        stderr(&o)
    );
}
