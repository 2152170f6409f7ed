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
