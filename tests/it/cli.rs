//! The command line: the main job works, bad input gives one clear line and a
//! non-zero exit code, never a panic.

use std::path::PathBuf;
use std::process::{Command, Output};

/// The `carcassonne` program built for these tests.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_carcassonne"))
}

/// Runs the program with `args` and waits for it.
pub fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("the program runs")
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Plays a game of random bots on `ruleset` with `seed`, recorded in `rec`.
pub fn record_random_game(ruleset: &std::path::Path, seed: u64, rec: &std::path::Path) {
    let o = run(&[
        "play",
        "--ruleset",
        ruleset.to_str().unwrap(),
        "--seed",
        &seed.to_string(),
        "--bots",
        "random",
        "--quiet",
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A path in this test process's scratch directory (`scratch("cli")`,
/// emptied once per process); each test uses names of its own.
pub fn tmp(name: &str) -> PathBuf {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| crate::common::scratch("cli")).join(name)
}

/// The program failed with one clear line containing `needle`, and did not panic.
pub fn assert_clean_failure(o: &Output, needle: &str) {
    assert!(!o.status.success(), "should fail");
    let e = stderr(o);
    assert!(e.contains(needle), "stderr lacks `{needle}`:\n{e}");
    assert!(!e.contains("panicked"), "a panic:\n{e}");
}

#[test]
fn play_prints_a_finished_game_and_replay_reproduces_it() {
    let base = root().join("configs/base.toml");
    let rec = tmp("game.json");
    let o = run(&[
        "play",
        "--ruleset",
        base.to_str().unwrap(),
        "--seed",
        "42",
        "--players",
        "3",
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("seed 42"), "{out}");
    assert!(out.contains("draws BA/"), "{out}");
    assert!(out.contains("Game over."), "{out}");
    assert!(out.contains("Final scores"), "{out}");
    let o = run(&["replay", rec.to_str().unwrap(), "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["finished"], true);
    assert_eq!(v["tiles_placed"], 72);
    assert_eq!(v["scores"].as_array().unwrap().len(), 3);
    // The same seed plays the same game.
    let o2 = run(&[
        "play",
        "--ruleset",
        base.to_str().unwrap(),
        "--seed",
        "42",
        "--players",
        "3",
    ]);
    assert_eq!(
        stdout(&o2),
        out.replace(&format!("Record written to {}\n", rec.display()), "")
    );
}

#[test]
fn simulate_reports_statistics() {
    let base = root().join("configs/classic-farmers.toml");
    let o = run(&[
        "simulate",
        "--games",
        "200",
        "--ruleset",
        base.to_str().unwrap(),
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["games"], 200);
    let wins: f64 = v["win_rate"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .sum();
    assert!((wins - 1.0).abs() < 1e-9, "win rates sum to 1: {wins}");
    assert!(v["mean_score"][0].as_f64().unwrap() > 0.0);
    // Deterministic: the same seeds give the same statistics.
    let o2 = run(&[
        "simulate",
        "--games",
        "200",
        "--ruleset",
        base.to_str().unwrap(),
        "--json",
        "--threads",
        "1",
    ]);
    let v2: serde_json::Value = serde_json::from_slice(&o2.stdout).unwrap();
    assert_eq!(v["mean_score"], v2["mean_score"]);
}

#[test]
fn unreadable_files_are_one_line_errors() {
    assert_clean_failure(
        &run(&["replay", "/nonexistent/game.json"]),
        "cannot read /nonexistent/game.json",
    );
    assert_clean_failure(
        &run(&["play", "--ruleset", "/nonexistent/r.toml"]),
        "cannot read the ruleset",
    );
}

#[test]
fn bad_records_are_rejected_clearly() {
    let bad = tmp("bad.json");
    std::fs::write(&bad, "{ not json").unwrap();
    assert_clean_failure(
        &run(&["replay", bad.to_str().unwrap()]),
        "not a game record",
    );
    // A legal record with one action changed into an illegal one.
    let rec = tmp("ok.json");
    let base = root().join("configs/base.toml");
    let o = run(&[
        "play",
        "--quiet",
        "--ruleset",
        base.to_str().unwrap(),
        "--seed",
        "5",
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&rec).unwrap()).unwrap();
    v["actions"][0] = "place 30 30 0".into();
    std::fs::write(&rec, v.to_string()).unwrap();
    assert_clean_failure(
        &run(&["replay", rec.to_str().unwrap()]),
        "action 1 (`place 30 30 0`)",
    );
    v["actions"][0] = "fly away".into();
    std::fs::write(&rec, v.to_string()).unwrap();
    assert_clean_failure(&run(&["replay", rec.to_str().unwrap()]), "unknown action");
}

#[test]
fn bad_arguments_are_rejected() {
    let o = run(&[
        "play",
        "--players",
        "9",
        "--ruleset",
        root().join("configs/base.toml").to_str().unwrap(),
    ]);
    assert_clean_failure(&o, "a game needs 2 to 6 players");
    let o = run(&["play", "--frobnicate"]);
    assert_clean_failure(&o, "--frobnicate");
    let o = run(&["simulate", "--games", "many"]);
    assert_clean_failure(&o, "invalid value");
}

#[test]
fn bad_rulesets_list_every_problem_with_location() {
    let r = tmp("bad.toml");
    std::fs::write(
        &r,
        "name = \"x\"\nplayer = 3\ntilesets = [\"base\", \"bsae\"]\n[core]\nfarmers = \"never\"\n",
    )
    .unwrap();
    let o = run(&["ruleset", "check", r.to_str().unwrap()]);
    assert_clean_failure(&o, "bad.toml:2:1: unknown key `player`");
    let e = stderr(&o);
    assert!(e.contains("did you mean `players`?"), "{e}");
    assert!(
        e.contains("bad.toml:5:11: `core.farmers`: unknown variant `never`"),
        "{e}"
    );
    std::fs::write(&r, "name = \"x\"\ntilesets = [\"base\", \"bsae\"]\n").unwrap();
    let o = run(&["ruleset", "check", r.to_str().unwrap()]);
    assert_clean_failure(
        &o,
        "bad.toml:2:21: unknown tile set `bsae` (did you mean `base`?)",
    );
}

#[test]
fn ruleset_show_fills_defaults() {
    let r = tmp("min.toml");
    std::fs::write(&r, "name = \"minimal\"\n").unwrap();
    let o = run(&["ruleset", "show", r.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let s = stdout(&o);
    for line in [
        "name = \"minimal\"",
        "players = 2",
        "edition = \"C2\"",
        "tilesets = [\"base\"]",
        "farmers = \"per-field\"",
        "tiny-city = 4",
        "followers = 7",
    ] {
        assert!(s.contains(line), "missing `{line}` in\n{s}");
    }
}

#[test]
fn compare_shows_what_a_house_rule_changes() {
    let a = root().join("configs/base.toml");
    let b = tmp("tiny-city.toml");
    std::fs::write(&b, "name = \"tiny\"\n[core]\ntiny-city = 2\n").unwrap();
    let o = run(&[
        "compare",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--games",
        "300",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let cities = |k: &str| v[k]["mean_points_by_category"]["cities"].as_f64().unwrap();
    // Two-tile cities score 2 instead of 4: city points can only go down, the rest is equal.
    assert!(cities("b") < cities("a"), "{v}");
    let roads = |k: &str| v[k]["mean_points_by_category"]["roads"].as_f64().unwrap();
    assert_eq!(roads("a"), roads("b"));
}

#[test]
fn compare_leaves_out_the_categories_where_neither_ruleset_scored() {
    // In four random games of Princess & Dragon the dragon, the portal and the
    // princess score nothing (they move or remove figures); the fairy does.
    let pd = root().join("configs/princess-and-dragon.toml");
    let o = run(&[
        "compare",
        pd.to_str().unwrap(),
        pd.to_str().unwrap(),
        "--games",
        "4",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let s = stdout(&o);
    let rows: Vec<&str> = s
        .lines()
        .filter_map(|l| l.strip_prefix("points from "))
        .map(|l| l.split_whitespace().next().unwrap_or(""))
        .collect();
    assert_eq!(
        rows,
        ["roads", "cities", "cloisters", "farmers", "fairy"],
        "{s}"
    );
    assert!(
        s.contains("no points from dragon, magic-portal, princess in either"),
        "{s}"
    );
}

#[test]
fn simulate_summary_names_the_categories_nobody_scored_instead_of_printing_zeros() {
    // As in `compare_leaves_out_the_categories_where_neither_ruleset_scored`:
    // the same four games, where the dragon, the portal and the princess score
    // nothing.
    let pd = root().join("configs/princess-and-dragon.toml");
    let o = run(&[
        "simulate",
        "--ruleset",
        pd.to_str().unwrap(),
        "--games",
        "4",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let s = stdout(&o);
    let line = s
        .lines()
        .find_map(|l| l.strip_prefix("mean points per player: "))
        .unwrap_or_else(|| panic!("no category summary:\n{s}"));
    let names: Vec<&str> = line
        .split(", ")
        .map(|c| c.split_whitespace().next().unwrap_or(""))
        .collect();
    assert_eq!(
        names,
        ["roads", "cities", "cloisters", "farmers", "fairy"],
        "{s}"
    );
    assert!(!line.contains(" 0.00"), "{s}");
    assert!(
        s.lines()
            .any(|l| l == "no points from dragon, magic-portal, princess"),
        "{s}"
    );
}

#[test]
fn simulate_and_compare_give_points_by_category_for_each_seat() {
    // Issue 26: points by category were given for all players together only;
    // balance studies need them per seat, in the text and in `--json`.
    let pd = root().join("configs/princess-and-dragon.toml");
    let base = root().join("configs/base.toml");
    let (pd, base) = (pd.to_str().unwrap(), base.to_str().unwrap());
    let o = run(&["simulate", "--ruleset", pd, "--games", "40", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let seats = v["mean_points_by_category_and_seat"].as_object().unwrap();
    assert_eq!(
        seats.len(),
        v["mean_points_by_category"].as_object().unwrap().len()
    );
    for (k, per_seat) in seats {
        let per_seat: Vec<f64> = serde_json::from_value(per_seat.clone()).unwrap();
        assert_eq!(per_seat.len(), 2);
        let all = v["mean_points_by_category"][k].as_f64().unwrap();
        assert!(
            (per_seat.iter().sum::<f64>() / 2.0 - all).abs() < 1e-9,
            "{k}"
        );
    }
    // Each seat's categories add up to its mean score.
    for p in 0..2 {
        let sum: f64 = seats.values().map(|s| s[p].as_f64().unwrap()).sum();
        let mean = v["mean_score"][p].as_f64().unwrap();
        assert!((sum - mean).abs() < 1e-9, "seat {p}: {sum} vs {mean}");
    }
    assert!(seats["fairy"][0].as_f64().unwrap() > 0.0);
    let o = run(&["simulate", "--ruleset", pd, "--games", "40", "--quiet"]);
    let out = stdout(&o);
    assert!(
        out.contains("mean points by seat:\nseat     roads"),
        "{out}"
    );
    assert!(out.contains("\nRed  ") && out.contains("\nBlue "), "{out}");
    let o = run(&["compare", base, pd, "--games", "40", "--quiet"]);
    let out = stdout(&o);
    let fairy = out.find("points from fairy").expect("a fairy row");
    let rows: Vec<&str> = out[fairy..].lines().take(3).collect();
    assert!(
        rows[1].starts_with("  Red ") && rows[2].starts_with("  Blue "),
        "{out}"
    );
    let o = run(&["compare", base, pd, "--games", "40", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        v["a"]["mean_points_by_category_and_seat"]["roads"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    assert!(v["b"]["mean_points_by_category_and_seat"]["fairy"][1]
        .as_f64()
        .is_some());
}

#[test]
fn simulate_and_compare_play_the_chosen_bots_and_name_them() {
    let base = root().join("configs/base.toml");
    let sim = |bots: &str| {
        let o = run(&[
            "simulate",
            "--games",
            "6",
            "--ruleset",
            base.to_str().unwrap(),
            "--bots",
            bots,
            "--json",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        serde_json::from_slice::<serde_json::Value>(&o.stdout).unwrap()
    };
    let v = sim("greedy,random");
    assert_eq!(v["bots"], serde_json::json!(["greedy", "random"]));
    // Greedy beats random nearly always.
    assert!(v["win_rate"][0].as_f64().unwrap() > 0.8, "{v}");
    assert_eq!(sim("greedy,random")["mean_score"], v["mean_score"]);
    assert_eq!(
        sim("random")["bots"],
        serde_json::json!(["random", "random"])
    );

    let o = run(&[
        "simulate",
        "--games",
        "2",
        "--ruleset",
        base.to_str().unwrap(),
        "--bots",
        "random,greedy",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("2 players, bots random vs greedy,"),
        "{}",
        stdout(&o)
    );
    let o = run(&[
        "compare",
        base.to_str().unwrap(),
        base.to_str().unwrap(),
        "--games",
        "2",
        "--bots",
        "greedy",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("bots greedy,"), "{}", stdout(&o));
}

#[test]
fn a_tournament_plays_every_pairing_with_seats_swapped_and_rates_the_bots() {
    let base = root().join("configs/base.toml");
    let tour = |timing: bool| {
        let mut args = vec![
            "tournament",
            "--bots",
            "mcts:20,greedy,random",
            "--games",
            "4",
            "--ruleset",
            base.to_str().unwrap(),
            "--json",
        ];
        if timing {
            args.push("--timing");
        }
        let o = run(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        serde_json::from_slice::<serde_json::Value>(&o.stdout).unwrap()
    };
    let v = tour(true);
    assert!(v["seconds"].as_f64().unwrap() > 0.0, "{v}");
    let bots = v["bots"].as_array().unwrap();
    let names: Vec<&str> = bots.iter().map(|b| b["bot"].as_str().unwrap()).collect();
    assert_eq!(names, ["mcts:20", "greedy", "random"]);
    // Three pairings of 4 games: each bot plays 8, and every game has one win.
    for b in bots {
        assert_eq!(b["games"], 8, "{b}");
        let w = &b["win_rate"];
        assert!(
            w["low"].as_f64() <= w["value"].as_f64() && w["value"].as_f64() <= w["high"].as_f64()
        );
        let e = &b["elo"];
        assert!(
            e["low"].as_f64().unwrap() < e["high"].as_f64().unwrap(),
            "{b}"
        );
    }
    let wins: f64 = bots.iter().map(|b| b["wins"].as_f64().unwrap()).sum();
    assert_eq!(wins, 12.0);
    assert_eq!(v["pairings"].as_array().unwrap().len(), 3);
    assert!(bots[0]["playouts"].as_u64().unwrap() > 0);
    assert!(bots[0]["playouts_per_second"].as_f64().unwrap() > 0.0);
    assert!(bots[1]["playouts"].is_null());
    // Random loses to both; the Elo ratings have mean 0.
    assert_eq!(bots[2]["wins"], 0.0);
    let elo: f64 = bots
        .iter()
        .map(|b| b["elo"]["value"].as_f64().unwrap())
        .sum();
    assert!(elo.abs() < 1e-6, "{elo}");
    // Deterministic: the same seeds give the same results; without
    // `--timing`, the same JSON.
    let again = tour(false);
    for (a, b) in bots.iter().zip(again["bots"].as_array().unwrap()) {
        assert_eq!(
            (&a["wins"], &a["mean_score"], &a["playouts"]),
            (&b["wins"], &b["mean_score"], &b["playouts"])
        );
        assert!(b.get("playouts_per_second").is_none(), "{b}");
    }
    assert!(again.get("seconds").is_none(), "{again}");
    assert_eq!(tour(false), again);

    let o = run(&[
        "tournament",
        "--bots",
        "greedy,random",
        "--games",
        "2",
        "--ruleset",
        base.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("2 bots, 2 games per pairing"), "{out}");
    assert!(
        out.contains("win rate [95% CI]") && out.contains("Elo [95% CI]"),
        "{out}"
    );
    for (bots, games, needle) in [
        ("greedy", "2", "at least two bots"),
        ("greedy,greedy", "2", "`greedy` is listed twice"),
        ("greedy,random", "3", "give an even number of games"),
        ("greedy,mcts:0", "2", "a budget of 0 playouts"),
    ] {
        assert_clean_failure(
            &run(&["tournament", "--bots", bots, "--games", games]),
            needle,
        );
    }
}

#[test]
fn a_bad_bot_is_a_clear_error() {
    for (cmd, spec, needle) in [
        (
            "play",
            "greedy,rnadom",
            "bot `rnadom`: there is no such bot; the bots are",
        ),
        (
            "simulate",
            "greedy:5",
            "bot `greedy:5`: `greedy` takes no parameters",
        ),
        ("compare", "", "no bot name"),
    ] {
        let mut args = vec![cmd];
        if cmd == "compare" {
            args.extend(["a.toml", "b.toml"]);
        }
        args.extend(["--bots", spec]);
        assert_clean_failure(&run(&args), needle);
    }
}

#[test]
fn a_person_can_play_at_the_terminal() {
    use std::io::Write;
    let base = root().join("configs/base.toml");
    let mut child = bin()
        .args([
            "play",
            "--ruleset",
            base.to_str().unwrap(),
            "--seed",
            "3",
            "--human",
            "1",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Blue always takes the first option, once typing an action's text instead.
    let mut input = String::from("nonsense\n99\nplace 0 -1 2\n");
    input.push_str(&"0\n".repeat(400));
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Blue to place"), "{out}");
    assert!(out.contains("[0] pass"), "{out}");
    // Against a person, the other seat plays the strongest bot.
    assert!(out.contains("Seats: Red mcts:1000"), "{out}");
    // Framed tiles, and what the characters mean.
    assert!(out.contains("+-----+-----+"), "{out}");
    assert!(
        out.contains("1-6: a figure of seat 1-6 where it stands"),
        "{out}"
    );
    assert!(out.contains("There is no option 99."), "{out}");
    assert!(out.contains("unknown action"), "{out}");
    assert!(out.contains("Final scores"), "{out}");
    // Input that ends early is a clean error.
    let mut child = bin()
        .args(["play", "--ruleset", base.to_str().unwrap(), "--human", "0"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"0\n").unwrap();
    let o = child.wait_with_output().unwrap();
    assert_clean_failure(&o, "the input ended before the game did");
    assert_clean_failure(
        &run(&["play", "--human", "4"]),
        "--human 4: seats are 0 to 1",
    );
}

#[test]
fn simulate_and_compare_draw_charts_a_person_can_read() {
    let out = tmp("sim.svg");
    let o = run(&[
        "simulate",
        "--games",
        "40",
        "--quiet",
        "--plot",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&out).unwrap();
    roxmltree::Document::parse(&svg).expect("well-formed SVG");
    for title in [
        "Final score by seat",
        "Win rate by seat",
        "Points per player by category",
        "Game length",
        "40 games, 2 players, random bots",
        "Red",
        "Blue",
        "cities",
    ] {
        assert!(svg.contains(title), "the chart lacks `{title}`");
    }
    // The same ruleset twice: every paired difference is exactly zero.
    let base = root().join("configs/base.toml");
    let out = tmp("cmp.svg");
    let o = run(&[
        "compare",
        base.to_str().unwrap(),
        base.to_str().unwrap(),
        "--games",
        "30",
        "--quiet",
        "--plot",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&out).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert!(svg.contains("paired differences B − A"));
    let diffs: Vec<&str> = doc
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .map(str::trim)
        .filter(|t| t.contains(" ± ") && !t.contains("games"))
        .collect();
    assert!(diffs.len() >= 4, "mean, two seats, categories: {diffs:?}");
    assert!(diffs.iter().all(|d| *d == "+0.00 ± 0.00"), "{diffs:?}");
    // A path whose folder does not exist is a clear error before any game.
    let o = run(&[
        "simulate",
        "--games",
        "100000000",
        "--quiet",
        "--plot",
        "/nonexistent/dir/x.svg",
    ]);
    assert_clean_failure(&o, "cannot draw /nonexistent/dir/x.svg: no folder");
    assert!(stdout(&o).is_empty(), "no game was played: {}", stdout(&o));
    let o = run(&["compare", "a.toml", "b.toml", "--plot", "/"]);
    assert_clean_failure(&o, "the charts are written as .svg or .png");
    let dir = tmp("a-folder.svg");
    std::fs::create_dir_all(&dir).unwrap();
    let o = run(&[
        "simulate",
        "--games",
        "100000000",
        "--plot",
        dir.to_str().unwrap(),
    ]);
    assert_clean_failure(&o, "it is a folder");
    // A folder that takes no file, found only when the charts are written
    // (Linux's /proc): the statistics were printed first, nothing is lost.
    #[cfg(target_os = "linux")]
    for cmd in [
        vec!["simulate", "--games", "5", "--quiet"],
        vec!["simulate", "--games", "5", "--quiet", "--json"],
        vec![
            "compare",
            base.to_str().unwrap(),
            base.to_str().unwrap(),
            "--games",
            "5",
            "--quiet",
        ],
    ] {
        let o = run(&[cmd, vec!["--plot", "/proc/carcassonne-charts.svg"]].concat());
        assert_clean_failure(&o, "cannot draw /proc/carcassonne-charts.svg");
        let out = stdout(&o);
        assert!(
            out.contains("tiles placed") || out.contains("\"mean_tiles_placed\""),
            "the statistics come before the charts: {out}"
        );
    }
}

#[test]
fn charts_named_png_are_pngs_and_other_names_are_refused_before_any_game() {
    let base = root().join("configs/base.toml");
    let out = tmp("cmp.png");
    let o = run(&[
        "compare",
        base.to_str().unwrap(),
        base.to_str().unwrap(),
        "--games",
        "10",
        "--quiet",
        "--plot",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let png = std::fs::read(&out).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG, not SVG text");
    // The image is the chart's size (1500 × 1120).
    let (w, h) = (
        u32::from_be_bytes(png[16..20].try_into().unwrap()),
        u32::from_be_bytes(png[20..24].try_into().unwrap()),
    );
    assert_eq!((w, h), (1500, 1120));
    for name in ["charts.jpg", "charts"] {
        let o = run(&["simulate", "--games", "100000000", "--plot", name]);
        assert_clean_failure(&o, "the charts are written as .svg or .png");
        assert!(stdout(&o).is_empty(), "no game was played: {}", stdout(&o));
    }
}

#[test]
fn serve_refuses_a_busy_port_and_a_bad_ruleset_clearly() {
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = busy.local_addr().unwrap().port().to_string();
    let o = run(&["serve", "--port", &port, "--db", ":memory:"]);
    assert_clean_failure(&o, &format!("cannot serve on 127.0.0.1:{port}"));
    let o = run(&[
        "serve",
        "--port",
        "0",
        "--db",
        ":memory:",
        "--ruleset",
        "/nonexistent/rules.toml",
    ]);
    assert_clean_failure(&o, "cannot read the ruleset");
    let o = run(&["serve", "--host", "not-an-address", "--db", ":memory:"]);
    assert_clean_failure(&o, "not-an-address");
    let o = run(&[
        "serve",
        "--port",
        "0",
        "--db",
        "/nonexistent/dir/games.sqlite3",
    ]);
    assert_clean_failure(&o, "/nonexistent/dir/games.sqlite3");
}
