//! `carcassonne compare` (the ruleset composer's audit of December 2026): it
//! says which settings differ before the results and warns when none of the
//! rules does; the text and `--json` give the paired differences B − A with
//! their standard errors and 95 % intervals (the numbers `--plot` draws);
//! the charts label each tick once and draw negative points left of zero.

use crate::cli::{root, run, stderr, stdout};
use serde_json::{json, Value};
use std::path::PathBuf;

/// z of a two-sided 95 % interval, as the program uses it.
const Z95: f64 = 1.959_963_984_540_054;

fn scratch(name: &str) -> PathBuf {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| crate::common::scratch("compare"))
        .join(name)
}

/// Writes `text` to a scratch file `name` and gives its path.
fn ruleset(name: &str, text: &str) -> String {
    let p = scratch(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

/// Runs `compare` and reads its `--json` output.
fn compare_json(args: &[&str]) -> (Value, String) {
    let o = run(&[&["compare"], args, &["--json", "--quiet"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    (serde_json::from_slice(&o.stdout).unwrap(), stderr(&o))
}

const CLUB_NIGHT: &str = "name = \"Club night\"\ntilesets = [\"base\", \"hills-and-sheep\"]\n\
                          [core]\ntiny-city = 4\n\
                          [plugins.shepherd]\n[plugins.hills]\n[plugins.vineyards]\n";

#[test]
fn compare_says_which_settings_differ_before_the_results() {
    // The audit: two files both named "Club night", and nothing said what
    // differed. One core option and one plugin option (its default filled in
    // on A's side).
    let a = ruleset("club-a.toml", CLUB_NIGHT);
    let b = ruleset(
        "club-b.toml",
        &CLUB_NIGHT
            .replace("tiny-city = 4", "tiny-city = 2")
            .replace(
                "[plugins.hills]\n",
                "[plugins.hills]\nhill-underlay = \"blank\"\n",
            ),
    );
    let o = run(&["compare", &a, &b, "--games", "4", "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    let head = lines
        .iter()
        .position(|l| l.starts_with("What B changes in the settings"))
        .unwrap_or_else(|| panic!("no settings:\n{out}"));
    assert_eq!(
        lines[head + 1..head + 3],
        [
            "  core.tiny-city: 4 → 2",
            "  plugins.hills.hill-underlay: \"hidden-tile\" → \"blank\"",
        ],
        "{out}"
    );
    let results = out.find(" games each,").expect("results");
    assert!(
        out.find("core.tiny-city").unwrap() < results,
        "before: {out}"
    );
    assert!(!stderr(&o).contains("warning"), "{}", stderr(&o));

    let (v, err) = compare_json(&[&a, &b, "--games", "4"]);
    assert_eq!(
        v["settings_diff"],
        json!([
            {"key": "core.tiny-city", "a": 4, "b": 2},
            {"key": "plugins.hills.hill-underlay", "a": "hidden-tile", "b": "blank"},
        ])
    );
    assert_eq!(v["same_rules"], false);
    assert!(!err.contains("warning"), "{err}");
}

#[test]
fn compare_warns_that_rulesets_with_the_same_rules_measure_nothing() {
    let base = root().join("configs/base.toml");
    let base = base.to_str().unwrap();
    let o = run(&["compare", base, base, "--games", "3", "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "warning: A and B resolve to the same rules (every setting alike but the name, \
             the description or the default number of players): the comparison measures nothing"
        ),
        "{}",
        stderr(&o)
    );
    assert!(
        stdout(&o).contains("What B changes in the settings: nothing (the same rules)\n"),
        "{}",
        stdout(&o)
    );
    // Another name and description, and another default number of players:
    // listed, and still the same rules.
    let text = std::fs::read_to_string(root().join("configs/base.toml")).unwrap();
    let renamed = ruleset(
        "renamed.toml",
        &text
            .replace(
                "name = \"Carcassonne (base game)\"",
                "name = \"Club night\"",
            )
            .replace("players = 2", "players = 3"),
    );
    let (v, err) = compare_json(&[base, &renamed, "--games", "3", "--players", "2"]);
    assert_eq!(
        v["settings_diff"],
        json!([
            {"key": "name", "a": "Carcassonne (base game)", "b": "Club night"},
            {"key": "players", "a": 2, "b": 3},
        ])
    );
    assert_eq!(v["same_rules"], true);
    assert!(
        err.contains("warning: A and B resolve to the same rules"),
        "{err}"
    );
    // The same games: every paired difference is exactly 0 ± 0.
    for d in v["paired"]["differences"].as_array().unwrap() {
        assert_eq!(
            (d["mean"].as_f64(), d["se"].as_f64()),
            (Some(0.0), Some(0.0)),
            "{d}"
        );
    }
}

#[test]
fn compare_json_gives_paired_differences_with_standard_errors_and_intervals() {
    let base = root().join("configs/base.toml");
    let hs = root().join("configs/hills-and-sheep.toml");
    let (base, hs) = (base.to_str().unwrap(), hs.to_str().unwrap());
    let (v, _) = compare_json(&[base, hs, "--games", "30"]);
    // The summaries stay as they were.
    for k in ["a", "b"] {
        for field in [
            "mean_score",
            "win_rate",
            "mean_points_by_category",
            "mean_turns",
        ] {
            assert!(!v[k][field].is_null(), "{k}.{field}");
        }
    }
    let p = &v["paired"];
    assert_eq!(p["games"], 30);
    let diffs = p["differences"].as_array().unwrap();
    let kinds: Vec<(&str, &str)> = diffs
        .iter()
        .map(|d| (d["kind"].as_str().unwrap(), d["measure"].as_str().unwrap()))
        .collect();
    for want in [
        ("mean_score", "mean score per player"),
        ("score", "Red score"),
        ("score", "Blue score"),
        ("win_rate_percent", "Red win rate %"),
        ("win_rate_percent", "Blue win rate %"),
        ("category_per_player", "cities per player"),
        // A category only B has: against 0 in A.
        ("category_per_player", "shepherd per player"),
        ("tiles", "tiles placed"),
        ("turns", "turns"),
    ] {
        assert!(kinds.contains(&want), "{want:?} in {kinds:?}");
    }
    let close = |x: f64, y: f64| (x - y).abs() < 1e-9;
    let f = |v: &Value| v.as_f64().unwrap();
    for d in diffs {
        let (mean, se) = (f(&d["mean"]), f(&d["se"]));
        assert!(se >= 0.0, "{d}");
        assert!(close(f(&d["ci95"][0]), mean - Z95 * se), "{d}");
        assert!(close(f(&d["ci95"][1]), mean + Z95 * se), "{d}");
        // The mean of the paired differences is the difference of the means.
        let (a, b) = (&v["a"], &v["b"]);
        let want = match d["kind"].as_str().unwrap() {
            "score" => {
                let s = d["seat"].as_u64().unwrap() as usize;
                f(&b["mean_score"][s]) - f(&a["mean_score"][s])
            }
            "win_rate_percent" => {
                let s = d["seat"].as_u64().unwrap() as usize;
                100.0 * (f(&b["win_rate"][s]) - f(&a["win_rate"][s]))
            }
            "category_per_player" => {
                let c = d["category"].as_str().unwrap();
                let of = |x: &Value| x["mean_points_by_category"][c].as_f64().unwrap_or(0.0);
                of(b) - of(a)
            }
            "tiles" => f(&b["mean_tiles_placed"]) - f(&a["mean_tiles_placed"]),
            "turns" => f(&b["mean_turns"]) - f(&a["mean_turns"]),
            _ => continue,
        };
        assert!(close(mean, want), "{d}: {want}");
    }
    // The text gives the same numbers in its SE and interval columns.
    let o = run(&["compare", base, hs, "--games", "30", "--quiet"]);
    let out = stdout(&o);
    assert!(out.contains("    B - A       SE  95 % interval\n"), "{out}");
    let turns = diffs.iter().find(|d| d["kind"] == "turns").unwrap();
    let row = out.lines().find(|l| l.starts_with("turns ")).unwrap();
    let want = format!(
        "{:>+9.2} {:>8.2}  [{:+.2}, {:+.2}]",
        f(&turns["mean"]),
        f(&turns["se"]),
        f(&turns["ci95"][0]),
        f(&turns["ci95"][1])
    );
    assert!(row.ends_with(&want), "{row:?} against {want:?}");
}

/// The text labels of `svg` from the one equal to `from` to the one equal to
/// `to` (to the end: `None`).
fn labels_between(svg: &str, from: &str, to: Option<&str>) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let texts: Vec<String> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "text")
        .map(|n| n.text().unwrap_or("").trim().to_string())
        .collect();
    let i = texts.iter().position(|t| t == from).expect(from);
    let j = to.map_or(texts.len(), |to| {
        texts.iter().position(|t| t == to).expect(to)
    });
    texts[i..j].to_vec()
}

/// Draws the charts of `compare A B --games 5` and gives the SVG.
fn charts(a: &str, b: &str, name: &str) -> String {
    let a = root().join(a);
    let b = root().join(b);
    let out = scratch(name);
    let o = run(&[
        "compare",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--games",
        "5",
        "--quiet",
        "--plot",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::read_to_string(&out).unwrap()
}

/// The x labels of the game-length chart (after the y axis's, 0 to 100 %
/// of games, which rise from 0: the x axis's start where the labels fall).
fn game_length_ticks(svg: &str) -> Vec<f64> {
    let lengths = labels_between(svg, "Game length", Some("Points per player by category"));
    let numbers: Vec<f64> = lengths.iter().filter_map(|t| t.parse().ok()).collect();
    let x_axis = (1..numbers.len())
        .find(|&i| numbers[i] < numbers[i - 1])
        .unwrap_or_else(|| panic!("a y axis, then an x axis: {lengths:?}"));
    numbers[x_axis..].to_vec()
}

#[test]
fn compare_charts_label_each_turn_once_and_draw_negative_points_left_of_zero() {
    // The audit: the game-length axis read `70, 70, 70, 71, 72, 72, 72`
    // (ticks at halves, rounded: five base games of 71 turns, drawn from
    // 69.5 to 72.5) and the bazaar's negative points were a bar of no length.
    let narrow = charts("configs/base.toml", "configs/base.toml", "narrow.svg");
    assert_eq!(game_length_ticks(&narrow), [70.0, 71.0, 72.0]);
    let svg = charts(
        "configs/base.toml",
        "configs/bridges-castles-and-bazaars.toml",
        "bazaars.svg",
    );
    let turns = game_length_ticks(&svg);
    assert!(
        turns.len() >= 2
            && turns.iter().all(|t| t.fract() == 0.0)
            && turns.windows(2).all(|w| w[0] < w[1]),
        "whole, distinct, rising: {turns:?}"
    );
    // Points by category: B's bazaar bar ends at the zero tick and reaches left.
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let nodes: Vec<roxmltree::Node> = doc.descendants().collect();
    let text = |n: &roxmltree::Node| n.text().map(str::trim).unwrap_or("").to_string();
    let start = nodes
        .iter()
        .position(|n| text(n) == "Points per player by category")
        .unwrap();
    let end = nodes
        .iter()
        .position(|n| text(n) == "What B changes: paired differences B − A")
        .unwrap();
    let panel = &nodes[start..end];
    let num = |n: &roxmltree::Node, k: &str| n.attribute(k).unwrap().parse::<f64>().unwrap();
    let zero = panel
        .iter()
        .find(|n| n.tag_name().name() == "text" && text(n) == "0")
        .map(|n| num(n, "x"))
        .expect("a tick at 0");
    let b_bars: Vec<(f64, f64)> = panel
        .iter()
        .filter(|n| {
            n.tag_name().name() == "rect"
                && n.attribute("fill") == Some("#E07B24")
                && n.attribute("opacity") == Some("0.8")
        })
        .map(|n| (num(n, "x"), num(n, "width")))
        .collect();
    let left: Vec<&(f64, f64)> = b_bars.iter().filter(|(x, _)| *x < zero - 1.0).collect();
    assert_eq!(left.len(), 1, "one negative category (bazaar): {b_bars:?}");
    let (x, w) = *left[0];
    assert!(
        w > 10.0 && (x + w - zero).abs() <= 1.0,
        "{x} + {w} against {zero}"
    );
    // The bazaar, a category of B alone, has its paired difference drawn.
    let forest = labels_between(&svg, "What B changes: paired differences B − A", None);
    assert!(
        forest.iter().any(|t| t == "bazaar per player"),
        "{forest:?}"
    );
}
