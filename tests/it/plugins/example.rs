//! The example third-party plugin (`examples/cloister-bonus`), built and loaded.

use super::*;
use carcassonne_core::PlayerId;
use carcassonne_core::{Action, Actor, Event, FigureOption, Game, ScoreReason};

/// Plays a constructed game: player 0 puts a monk on a cloister, then the players
/// draw (chance outcomes are chosen, as in a scenario fixture) and place tiles
/// around it until it is surrounded. Returns the points of the completed cloister.
fn complete_a_cloister(rules: &Arc<Rules>) -> i32 {
    use carcassonne_core::{FeatureKind, Placement, Pos};
    let mut g = Game::new(rules.clone(), 2, 1).unwrap();
    g.set_logging(true);
    let cloister = (0..g.rules().tiles.types.len() as u16)
        .map(carcassonne_core::TileTypeId)
        .find(|&t| {
            let ty = g.rules().tiles.get(t).unwrap();
            ty.features.iter().any(|f| f.kind == FeatureKind::Cloister) && g.bag().contains(&t)
        })
        .expect("a cloister tile");
    let places = |g: &Game| -> Vec<Placement> {
        g.legal_actions()
            .unwrap()
            .into_iter()
            .filter_map(|a| match a {
                Action::Place(p) => Some(p),
                _ => None,
            })
            .collect()
    };
    // The monk.
    g.apply(Action::Chance(u32::from(cloister))).unwrap();
    let at = places(&g)[0];
    g.apply(Action::Place(at)).unwrap();
    let monk = g
        .legal_actions()
        .unwrap()
        .into_iter()
        .find(|a| {
            matches!(a, Action::Figure(FigureOption::Deploy { at, .. })
            if at.feature().and_then(|f| g.feature_kind(f)) == Some(FeatureKind::Cloister))
        })
        .expect("a monk option");
    g.apply(monk).unwrap();
    let centre = at.pos;
    // Orthogonal neighbours first, so that every target touches a placed tile.
    let (x, y) = (centre.x, centre.y);
    let targets = [
        (x, y - 1),
        (x + 1, y),
        (x, y + 1),
        (x - 1, y),
        (x - 1, y - 1),
        (x + 1, y - 1),
        (x + 1, y + 1),
        (x - 1, y + 1),
    ]
    .map(|(x, y)| Pos::new(x, y));
    let mut guard = 0;
    while let Some(&target) = targets.iter().find(|p| g.tile_at(**p).is_none()) {
        guard += 1;
        assert!(guard < 40, "cannot surround the cloister");
        assert_eq!(g.actor(), Actor::Chance);
        let fitting = g.chance_outcomes().unwrap().into_iter().find_map(|(t, _)| {
            let mut c = g.clone();
            c.apply(Action::Chance(t)).ok()?;
            let p = places(&c).into_iter().find(|p| p.pos == target)?;
            Some((t, p))
        });
        let Some((t, p)) = fitting else {
            panic!("no tile fits at {target}");
        };
        g.apply(Action::Chance(t)).unwrap();
        g.apply(Action::Place(p)).unwrap();
        g.apply(Action::Figure(FigureOption::Pass)).unwrap();
    }
    g.take_events()
        .into_iter()
        .find_map(|e| match e {
            Event::FeatureScored {
                kind: carcassonne_core::FeatureKind::Cloister,
                reason: ScoreReason::Completed,
                points,
                winners,
                ..
            } => {
                assert!(winners.contains(PlayerId::ALL[0]));
                Some(points[0])
            }
            _ => None,
        })
        .expect("the cloister was scored")
}

#[test]
fn the_example_plugin_loads_and_makes_a_completed_cloister_score_12() {
    let lib = example_lib().to_path_buf();
    let reg = loader::library_registry(std::slice::from_ref(&lib)).unwrap();
    let with = rules(&reg, &format!("{HEAD}[plugins.cloister-bonus]\n"));
    let without = rules(&builtin(), HEAD);
    assert_eq!(complete_a_cloister(&with), 12);
    assert_eq!(complete_a_cloister(&without), 9);
    // The option is honoured, and checked.
    let ten = rules(
        &reg,
        &format!("{HEAD}[plugins.cloister-bonus]\npoints = 10\n"),
    );
    assert_eq!(complete_a_cloister(&ten), 10);
    let e = carcassonne_host::load_str(
        &format!("{HEAD}[plugins.cloister-bonus]\npoints = -1\n"),
        "t.toml",
        None,
        &reg,
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains(
            "t.toml:4:1: plugin `cloister-bonus` option `points`: expected a whole number from 0 to 100, found -1"
        ),
        "{e}"
    );
    // From the command line, with the example's own ruleset.
    let dir = lib.parent().unwrap();
    let ruleset = root().join("examples/cloister-bonus/cloister-bonus.toml");
    let o = run(&[
        "play",
        "--ruleset",
        ruleset.to_str().unwrap(),
        "--plugin-dir",
        dir.to_str().unwrap(),
        "--seed",
        "3",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("Final scores"), "{out}");
    let o = run(&["plugins", "--plugin-dir", dir.to_str().unwrap()]);
    assert!(
        text(&o.stdout).contains("cloister-bonus 1.0.0 ("),
        "{}",
        text(&o.stdout)
    );
    // Its option with its bounds (`Config::RANGES`), from the library.
    assert!(
        text(&o.stdout).contains(
            "\n        points = 12    # Points a completed cloister scores (the base game gives 9). (0 to 100)\n"
        ),
        "{}",
        text(&o.stdout)
    );
    // The same as JSON for tools: the library's path, its option's default.
    let o = run(&["plugins", "--json", "--plugin-dir", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let all: serde_json::Value = serde_json::from_str(&text(&o.stdout)).unwrap();
    let ours = all
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "cloister-bonus")
        .unwrap();
    assert_eq!(ours["version"], "1.0.0");
    assert_ne!(ours["source"], "built-in");
    assert_eq!(
        ours["options"],
        serde_json::json!([{
            "name": "points",
            "default": "12",
            "doc": "Points a completed cloister scores (the base game gives 9).",
            "only_with": [],
            "range": [0, 100],
            "values": [],
        }])
    );
    assert!(
        ours["hooks"]
            .as_array()
            .unwrap()
            .iter()
            .any(|h| h == "feature_value"),
        "{ours}"
    );
    // Built-in plugins are listed too, sorted by id.
    let ids: Vec<&str> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&"shepherd") && ids.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn the_example_plugin_passes_its_own_tests() {
    example_lib(); // built first, so the two builds do not wait on each other's lock
    let target = root().join("target/example-plugins");
    cargo(&[
        "test",
        "--quiet",
        "--manifest-path",
        "examples/cloister-bonus/Cargo.toml",
        "--target-dir",
        target.to_str().expect("utf-8 path"),
    ]);
}
