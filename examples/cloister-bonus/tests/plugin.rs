//! The plugin's own tests: its declarations, then random games with invariant checks.

use cloister_bonus::CloisterBonus;

#[test]
fn declarations_are_valid() {
    carcassonne_plugin_sdk::testing::check_plugin::<CloisterBonus>().unwrap();
}

#[test]
fn conformance() {
    use carcassonne_host::conformance::{check_builtin, Options};
    let ruleset = "name = \"cloister bonus\"\ntilesets = [\"base\"]\n[plugins.cloister-bonus]\n";
    let opts = Options {
        games: 50,
        ..Options::default()
    };
    let report = check_builtin(ruleset, opts).unwrap();
    assert_eq!(report.games, 50);
}

/// `cargo test` builds the crate's `cdylib` next to this test executable
/// (`target/debug/deps/`): the same games through the binary interface.
#[test]
fn the_library_plays_the_same_games() {
    use carcassonne_core::{Game, Rng};
    use carcassonne_host::{load_str, loader};
    let exe = std::env::current_exe().unwrap();
    let lib = exe.parent().unwrap().join(format!(
        "{}cloister_bonus{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    let ruleset = "name = \"cloister bonus\"\ntilesets = [\"base\"]\n[plugins.cloister-bonus]\n";
    let compiled = load_str(
        ruleset,
        "t.toml",
        None,
        &loader::builtin_registry().unwrap(),
    )
    .unwrap()
    .rules;
    let loaded = load_str(
        ruleset,
        "t.toml",
        None,
        &loader::library_registry(&[lib]).unwrap(),
    )
    .unwrap()
    .rules;
    for seed in 0..20 {
        let mut a = Game::new(compiled.clone(), 2, seed).unwrap();
        let mut b = Game::new(loaded.clone(), 2, seed).unwrap();
        let (mut ra, mut rb) = (Rng::new(seed), Rng::new(seed));
        while a.step_random(&mut ra).unwrap() {
            assert!(b.step_random(&mut rb).unwrap());
        }
        assert!(b.is_over());
        assert_eq!(a.scores(), b.scores(), "seed {seed}");
    }
}
