//! The engine's guards against plugins that misbehave without failing (issue
//! 26, defects 4 and 5; the hostile plugin audit of 7 December 2026): a
//! plugin that grants turns without end, figure options that
//! cannot be taken, a hook whose change calls it again without end, and steps
//! that push steps without end. Each ends its own game with an error naming
//! the plugin, never the process; compiled in and loaded alike.

use super::failures::first_failure;
use super::*;
use carcassonne_core::{Action, Actor, FigureOption, Game};
use std::sync::atomic::Ordering;

fn endless(reg: &Registry) -> Arc<Rules> {
    rules(reg, &format!("{HEAD}[plugins.kit-endless-turns]\n"))
}

#[test]
fn a_plugin_granting_turns_without_end_gets_an_error_at_the_turn_cap() {
    // Defect 4: a turn granted in every `game_ending` made memory grow without
    // limit (`play` aborted allocating 10 GB, `conformance` hung).
    for (reg, what) in [(builtin(), "built-in"), (library(), "library")] {
        let rules = endless(&reg);
        assert_eq!(rules.max_turns(), 2 * 72 + 100);
        let e = first_failure(&rules, 1).unwrap_or_else(|| panic!("{what}: the game ended"));
        assert_eq!(e.plugin, "kit-endless-turns", "{what}");
        assert_eq!(e.hook, "grant_turn");
        assert_eq!(
            e.message,
            "it granted turn 245, beyond the limit of 244 turns for a game of 72 tiles (2 per tile and 100): it keeps granting turns",
            "{what}"
        );
    }
    // A game reaching the end through `end` stops the same way.
    let mut g = Game::new(endless(&builtin()), 2, 3).unwrap();
    let before = g.clone();
    let e = g.end_now().unwrap_err().to_string();
    assert!(
        e.starts_with("plugin `kit-endless-turns` failed in hook `grant_turn`"),
        "{e}"
    );
    assert!(g == before, "the state is unchanged");
}

#[test]
fn play_and_conformance_stop_a_game_of_endless_turns_with_one_line() {
    let r = write_ruleset("endless", &format!("{HEAD}[plugins.kit-endless-turns]\n"));
    let (r, kit) = (r.to_str().unwrap(), kit_dir().to_str().unwrap());
    let needle = "plugin `kit-endless-turns` failed in hook `grant_turn`: it granted turn";
    let o = run(&["play", "--ruleset", r, "--plugin-dir", kit, "--quiet"]);
    assert_clean_failure(&o, needle);
    // The failing game's record goes to scratch, not the current directory.
    let rec = crate::common::scratch("guards-endless").join("failing.json");
    let o = run(&[
        "conformance",
        "--ruleset",
        r,
        "--plugin-dir",
        kit,
        "--games",
        "3",
        "--failure-record",
        rec.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    let out = format!("{}{}", text(&o.stdout), text(&o.stderr));
    assert!(out.contains(needle), "{out}");
    assert!(!out.contains("panicked"), "{out}");
    assert!(rec.exists(), "{out}");
}

#[test]
fn figure_options_that_cannot_be_taken_are_the_offering_plugins_error() {
    // Defect 5: a `Special` of a plugin that does not exist, or a `Deploy` of
    // a figure not in the supply, was offered and recorded; the record then
    // failed to replay ("unknown action") or failed later naming no plugin.
    for (offer, message) in [
        (
            "special-of-nobody",
            "it offered a special option of plugin #200, which does not exist: a plugin offers only its own special options",
        ),
        (
            "unknown-kind",
            "it offered to deploy figure kind #250, which does not exist",
        ),
        (
            "empty-supply",
            "it offered to deploy a `ghost`, but player 0 has none in his supply",
        ),
        (
            "nowhere",
            "it offered to deploy a `follower` at Feature(FeatureId(60000)), which does not exist",
        ),
    ] {
        for (reg, what) in [(builtin(), "built-in"), (library(), "library")] {
            let rules = rules(
                &reg,
                &format!("{HEAD}[plugins.kit-bad-options]\noffer = \"{offer}\"\n"),
            );
            let e = first_failure(&rules, 4).unwrap_or_else(|| panic!("{offer}: no error"));
            assert_eq!(
                (e.plugin.as_str(), e.hook, e.message.as_str()),
                ("kit-bad-options", "figure_options", message),
                "{what} {offer}"
            );
            // Taking any figure option is refused the same way.
            let mut g = Game::new(rules.clone(), 2, 4).unwrap();
            while g.actor() == Actor::Chance {
                g.sample_chance().unwrap();
            }
            let place = g.legal_actions().unwrap()[0];
            g.apply(place).unwrap();
            let before = g.clone();
            assert!(g.apply(Action::Figure(FigureOption::Pass)).is_err());
            assert!(g == before);
        }
    }
}

/// [`first_failure`] of seed 1 in a thread with the stack `simulate`'s
/// workers get (Rust's default, 2 MiB).
fn first_failure_on_a_workers_stack(rules: Arc<Rules>) -> Option<carcassonne_core::HookError> {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || first_failure(&rules, 1))
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn a_hook_whose_change_calls_it_again_without_end_gets_an_error_at_the_nesting_cap() {
    // The hostile plugin audit: a `feature_scored` hook that scores again the
    // feature it hears scored recursed until the stack overflowed, which
    // aborted the process (`serve` too, again at every restart, resuming
    // the game). Played in a thread with the stack `simulate`'s workers
    // get (Rust's default, 2 MiB): the cap comes well before the stack ends.
    for (reg, what) in [(builtin(), "built-in"), (library(), "library")] {
        let rules = rules(&reg, &format!("{HEAD}[plugins.kit-recursive]\n"));
        let e = first_failure_on_a_workers_stack(rules)
            .unwrap_or_else(|| panic!("{what}: the game ended"));
        assert_eq!(
            (e.plugin.as_str(), e.hook, e.message.as_str()),
            (
                "kit-recursive",
                "feature_scored",
                "`score_feature` asked for by a hook nested 32 deep, the limit: a change made in a hook (a feature scored, a figure moved or returned) calls hooks again without end"
            ),
            "{what}"
        );
    }
}

#[test]
fn a_hook_that_asks_again_after_a_refused_change_is_refused_at_once() {
    // A hook that ignored the refusal at the cap and scored the feature
    // again called hooks again at every level below, twice as often at each
    // (about 2^32 calls: the program hung). Every change a hook asks for
    // after one of its calls failed is refused: one call per level.
    for (reg, what) in [(builtin(), "built-in"), (library(), "library")] {
        let rules = rules(&reg, &format!("{HEAD}[plugins.kit-recursive]\nagain = 2\n"));
        let before = carcassonne_test_plugins::FANNED_CALLS.load(Ordering::Relaxed);
        let e = first_failure_on_a_workers_stack(rules)
            .unwrap_or_else(|| panic!("{what}: the game ended"));
        assert_eq!(
            (e.plugin.as_str(), e.hook),
            ("kit-recursive", "feature_scored")
        );
        assert!(
            e.message
                .starts_with("`score_feature` asked for by a hook nested 32 deep, the limit"),
            "{what}: {e}"
        );
        if what == "built-in" {
            // (A library counts in its own copy of the plugin's code.)
            let calls = carcassonne_test_plugins::FANNED_CALLS.load(Ordering::Relaxed) - before;
            assert_eq!(calls, 32, "one call per level");
        }
    }
}

#[test]
fn steps_that_push_steps_without_end_get_an_error_at_the_step_cap() {
    // The hostile plugin audit: a step whose resolution pushed another never
    // ended the turn; `play`, `simulate` and `conformance` hung while memory
    // grew.
    for (kind, hook) in [("chance", "push_chance"), ("decision", "push_decision")] {
        for (reg, what) in [(builtin(), "built-in"), (library(), "library")] {
            let rules = rules(
                &reg,
                &format!("{HEAD}[plugins.kit-endless-steps]\nkind = \"{kind}\"\n"),
            );
            let e = first_failure(&rules, 1).unwrap_or_else(|| panic!("{what}: the game ended"));
            assert_eq!(
                (e.plugin.as_str(), e.hook, e.message.as_str()),
                (
                    "kit-endless-steps",
                    hook,
                    "it pushed step 10001 of turn 1, beyond the limit of 10000 steps a turn: its steps keep pushing steps"
                ),
                "{what} {kind}"
            );
        }
    }
}

#[test]
fn the_conformance_kit_finds_a_plugin_that_depends_on_more_than_the_game() {
    // `kit-unsteady` scores by a counter outside the game state: the same
    // action applied to two copies of a game gives different games. The
    // host's kit checks it at every player's state, compiled in and loaded.
    let ruleset = format!("{HEAD}[plugins.kit-unsteady]\n");
    for (reg, what) in [(builtin(), "built-in"), (library(), "library")] {
        let opts = carcassonne_host::conformance::Options {
            games: 1,
            ..Default::default()
        };
        let f = match carcassonne_host::conformance::check_ruleset(&ruleset, &reg, opts) {
            Err(carcassonne_host::conformance::ConformanceError::Failure(f)) => f,
            other => panic!("{what}: {other:?}"),
        };
        assert!(
            f.message.starts_with("applying ")
                && f.message.ends_with(" to two clones gave different games"),
            "{what}: {}",
            f.message
        );
    }
}

#[test]
fn bounds_declared_wrongly_are_named_by_the_declaration_check() {
    let errs =
        carcassonne_plugin_sdk::testing::check_plugin::<carcassonne_test_plugins::BadRanges>()
            .unwrap_err();
    for needle in [
        "Config::RANGES names `no-such-key`, which is no option",
        "Config::RANGES: option `mode` is no whole number (its default is \"a\")",
        "Config::RANGES: option `level` from 5 to 1 takes no value",
        "the default options do not parse back: `count`: expected a whole number from 1 to 3, found 9",
    ] {
        assert!(errs.iter().any(|e| e.contains(needle)), "missing `{needle}` in {errs:#?}");
    }
}
