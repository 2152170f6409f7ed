//! The labels people see of actions (`Game::action_label`, the plugins'
//! `value_label`): in random games of every shipped ruleset, every legal
//! action's label is one non-empty line, the same with the plugins compiled
//! in and loaded from the official library, and no decision, special figure
//! option or piece of an official plugin is left showing its record text.

use crate::common::*;
use carcassonne_core::{Action, Actor, FigureOption, Game, Rng};
use std::collections::BTreeSet;

/// The shipped rulesets, by file name.
fn shipped() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    files.sort();
    files
}

/// Whether `a` is one a plugin names: its decision option, special figure
/// option, or a placement laying its piece.
fn a_plugins(a: Action) -> bool {
    match a {
        Action::Choose(_) | Action::Figure(FigureOption::Special { .. }) => true,
        Action::Place(p) => p.piece.plugin().is_some(),
        _ => false,
    }
}

/// Plays a seeded random game of `file` with the plugins compiled in and
/// loaded, in step, checking every legal action's label; adds the ids of the
/// plugins whose actions were labelled to `seen`.
fn check_game(file: &str, players: u8, seed: u64, seen: &mut BTreeSet<String>) {
    let (a, b) = (config(file), library_rules(&config_text(file)));
    let mut ga = Game::new(a, players, seed).expect("game");
    let mut gb = Game::new(b, players, seed).expect("game");
    let mut rng = Rng::new(seed ^ 0x1ABE1);
    loop {
        let act = match ga.actor() {
            Actor::GameOver => break,
            Actor::Chance => {
                let o = ga.chance_outcomes().unwrap();
                Action::Chance(o[rng.weighted(o.iter().map(|x| x.1)).expect("an outcome")].0)
            }
            Actor::Player(_) => {
                let acts = ga.legal_actions().unwrap();
                assert_eq!(acts, gb.legal_actions().unwrap(), "{file} seed {seed}");
                for &x in &acts {
                    let (label, record) = (ga.action_label(x), ga.format_action(x));
                    let at = format!("{file} seed {seed}: `{record}`");
                    assert_eq!(label, gb.action_label(x), "{at}: compiled in, loaded");
                    assert!(!label.trim().is_empty(), "{at}: an empty label");
                    assert!(!label.chars().any(char::is_control), "{at}: {label:?}");
                    ga.check_action_label(x)
                        .unwrap_or_else(|e| panic!("{at}: {e}"));
                    if a_plugins(x) {
                        assert_ne!(label, record, "{at}: left unlabelled");
                        let id = record.split_whitespace().next().unwrap_or("");
                        let id = match x {
                            Action::Place(p) => ga.rules().plugins
                                [usize::from(p.piece.plugin().unwrap())]
                            .decl
                            .id
                            .clone(),
                            _ => id.to_string(),
                        };
                        seen.insert(id);
                    }
                }
                acts[rng.below(acts.len() as u32) as usize]
            }
        };
        ga.apply(act).unwrap();
        gb.apply(act).unwrap();
    }
}

#[test]
fn every_action_of_every_shipped_ruleset_has_a_label_for_people() {
    let mut seen = BTreeSet::new();
    for file in shipped() {
        check_game(&file, 3, 1, &mut seen);
        check_game(&file, 2, 2, &mut seen);
    }
    // The plugins whose options come up in any random game.
    for id in [
        "abbey", "abbot", "bazaar", "bridges", "builder", "castles", "count", "dragon", "fairy",
        "princess", "shepherd", "tower", "wagon",
    ] {
        assert!(seen.contains(id), "no labelled action of `{id}`: {seen:?}");
    }
}

#[test]
fn a_plugin_without_labels_shows_its_record_text_compiled_in_and_loaded() {
    // The test kit's plugin gives no labels: the SDK's default (an empty
    // label) crosses the interface, and people see the record text.
    let text = "name = \"t\"\ntilesets = [\"base\"]\n[plugins.kit-everything]\n";
    for rules in compiled_in_and_loaded(text) {
        let mut g = Game::new(rules, 2, 4).expect("game");
        let mut rng = Rng::new(4);
        let mut named = 0;
        while !g.is_over() {
            if g.actor() != Actor::Chance {
                for a in g.legal_actions().unwrap() {
                    assert_eq!(g.action_label(a), g.format_action(a));
                    named += usize::from(a_plugins(a));
                }
            }
            g.step_random(&mut rng).unwrap();
        }
        assert!(named > 0, "the plugin's options came up");
    }
}
