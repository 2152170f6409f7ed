//! A plugin hook that fails or panics fails the action and leaves the state
//! unchanged, in the engine, the bots and the command line.

use super::*;
use crate::cli::stderr;
use carcassonne_core::PlayerId;
use carcassonne_core::{
    Action, Actor, FigureOption, Game, GameError, Placement, Pos, Rng, Rotation, Stage,
};

/// Plays until an action fails; checks the error and that the state is unchanged.
pub(super) fn first_failure(rules: &Arc<Rules>, seed: u64) -> Option<carcassonne_core::HookError> {
    let mut g = match Game::new(rules.clone(), 2, seed) {
        Ok(g) => g,
        Err(GameError::Hook(e)) => return Some(e),
        Err(e) => panic!("{e}"),
    };
    let mut rng = Rng::new(seed);
    loop {
        // Observations ask the plugins too (`observe`).
        match g.observation(PlayerId::ALL[0]) {
            Err(GameError::Hook(e)) => return Some(e),
            Err(e) => panic!("{e}"),
            Ok(_) => {}
        }
        let before = g.clone();
        let action = match g.actor() {
            Actor::GameOver => return None,
            Actor::Chance => {
                let o = match g.chance_outcomes() {
                    Ok(o) => o,
                    Err(GameError::Hook(e)) => return Some(e),
                    Err(e) => panic!("{e}"),
                };
                Action::Chance(o[rng.weighted(o.iter().map(|x| x.1)).expect("an outcome")].0)
            }
            Actor::Player(_) => match g.legal_actions() {
                Ok(a) => a[rng.below(a.len() as u32) as usize],
                Err(GameError::Hook(e)) => {
                    // The placement (a drawn tile whose plugins' placements
                    // are listed for it), the figure step or a decision:
                    // applying any option fails the same way.
                    let any = if !g.pending_steps().is_empty() {
                        Action::Choose(0)
                    } else if g.stage() == Stage::Place {
                        Action::Place(Placement::new(Pos { x: 0, y: 0 }, Rotation::R0))
                    } else {
                        Action::Figure(FigureOption::Pass)
                    };
                    let r = g.apply(any);
                    assert_eq!(r, Err(GameError::Hook(e.clone())));
                    assert!(g == before, "state changed by a failed action");
                    return Some(e);
                }
                Err(e) => panic!("{e}"),
            },
        };
        match g.apply(action) {
            Ok(()) => {}
            Err(GameError::Hook(e)) => {
                assert!(g == before, "state changed by a failed action");
                return Some(e);
            }
            Err(e) => panic!("{e}"),
        }
    }
}

fn check_failures(reg: &Registry, what: &str) {
    for hook in carcassonne_core::hook::NAMES {
        if *hook == "placement_refusal" {
            // Asked only to explain a refused action, never in play (its
            // failure is ignored: the reason then names the plugin).
            continue;
        }
        // A library's panic hook notes the place, which the message gives
        // (the library has its own standard library; the program's hook
        // sees only compiled-in plugins' panics).
        let panicked = match what {
            "library" => "panicked at plugins/testing/kit/src/faulty.rs:",
            _ => "panicked: kit-faulty was told to panic",
        };
        for (mode, needle) in [
            ("panic", panicked.to_string()),
            ("panic", "kit-faulty was told to panic".to_string()),
            ("error", "kit-faulty was told to fail".to_string()),
            ("bad-id", "`tile_pos`: no placed tile 60000".to_string()),
            // A panic whose payload panics when dropped (the hostile plugin
            // audit, 7 December 2026: it aborted the process), and an error
            // of 98,800 characters on 2,600 lines (printed whole, once per
            // failed game), kept as one line of its first 500.
            ("panic-bomb", "(no message)".to_string()),
            (
                "long-error",
                "kit-faulty was told to fail at length kit-faulty".to_string(),
            ),
        ] {
            let rules = rules(
                reg,
                &format!("{HEAD}[plugins.kit-faulty]\nhook = \"{hook}\"\nmode = \"{mode}\"\n"),
            );
            // Some hooks (a field closing) do not happen in every game.
            let e = (0..60)
                .find_map(|seed| first_failure(&rules, seed))
                .unwrap_or_else(|| panic!("{what}: hook `{hook}` never failed"));
            assert_eq!(e.plugin, "kit-faulty", "{what} {hook} {mode}");
            assert_eq!(e.hook, *hook, "{what} {mode}: {e}");
            assert!(e.message.contains(&needle), "{what} {hook} {mode}: {e}");
            assert!(!e.message.contains('\n'), "{what} {hook} {mode}: {e}");
            if mode == "long-error" {
                // 38 characters (the line break a space) 2,600 times.
                let end = format!("… ({} more characters)", 38 * 2_600 - 500);
                assert!(e.message.ends_with(&end), "{e}");
                assert_eq!(e.message.chars().count(), 500 + end.chars().count());
            }
            let shown = GameError::Hook(e).to_string();
            assert!(
                shown.starts_with(&format!("plugin `kit-faulty` failed in hook `{hook}`: ")),
                "{shown}"
            );
        }
    }
}

#[test]
fn a_failing_hook_fails_the_action_and_leaves_the_state_unchanged_compiled_in() {
    check_failures(&builtin(), "built-in");
}

#[test]
fn a_failing_hook_fails_the_action_and_leaves_the_state_unchanged_loaded() {
    check_failures(&library(), "library");
}

/// `play --quiet --seed 1` on a ruleset where `kit-faulty` fails in `hook` by `mode`.
fn play_with_faulty(hook: &str, mode: &str, more: &[&str]) -> Output {
    let r = write_ruleset(
        &format!("{hook}-{mode}"),
        &format!("{HEAD}[plugins.kit-faulty]\nhook = \"{hook}\"\nmode = \"{mode}\"\n"),
    );
    let (r, kit) = (r.to_str().unwrap(), kit_dir());
    let mut args = vec![
        "play",
        "--ruleset",
        r,
        "--plugin-dir",
        kit.to_str().unwrap(),
    ];
    args.extend(["--seed", "1", "--quiet"]);
    args.extend(more);
    run(&args)
}

#[test]
fn a_panicking_plugin_makes_play_fail_cleanly() {
    let o = play_with_faulty("turn_end", "panic", &[]);
    assert_clean_failure(
        &o,
        "plugin `kit-faulty` failed in hook `turn_end`: panicked at plugins/testing/kit/src/faulty.rs:",
    );
    assert!(
        stderr(&o).contains(": kit-faulty was told to panic"),
        "{}",
        stderr(&o)
    );
    // The library's own panic hook prints nothing: the error says it all, once.
    assert_eq!(
        stderr(&o).matches("told to panic").count(),
        1,
        "{}",
        stderr(&o)
    );
}

#[test]
fn greedy_reports_a_plugin_failure_it_meets_while_looking_ahead() {
    // The greedy bot scores each placement "as if the game ended": the failing
    // final scoring must stop the game with the plugin named, not be skipped.
    let o = play_with_faulty("final_scoring", "error", &["--bots", "greedy"]);
    assert_clean_failure(&o, "Red (greedy): while trying `place ");
    assert_clean_failure(
        &o,
        "plugin `kit-faulty` failed in hook `final_scoring`: kit-faulty was told to fail",
    );
}

#[test]
fn a_person_whose_action_a_plugin_fails_chooses_again() {
    use std::io::Write;
    // Every figure step fails in the plugin: the engine restores the state, so
    // the session goes on (until the input ends here) instead of ending.
    let r = write_ruleset(
        "human-faulty",
        &format!("{HEAD}[plugins.kit-faulty]\nhook = \"figure_chosen\"\nmode = \"error\"\n"),
    );
    let mut child = bin()
        .args([
            "play",
            "--ruleset",
            r.to_str().unwrap(),
            "--seed",
            "2",
            "--human",
            "0",
        ])
        .arg("--plugin-dir")
        .arg(kit_dir())
        .env_remove(loader::PLUGIN_DIR_ENV)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"0\n0\n0\n").unwrap();
    let o = child.wait_with_output().unwrap();
    let out = text(&o.stdout);
    assert_eq!(
        out.matches("That did not work: plugin `kit-faulty` failed in hook `figure_chosen`: kit-faulty was told to fail. Nothing changed; choose again.").count(),
        2,
        "{out}"
    );
    assert_clean_failure(&o, "the input ended before the game did");
}
