//! A plugin's tile set that is TOML of the right shape but no valid tile set
//! (its printed sides disagree with its features): the SDK's `check_plugin`
//! reports it, with the very message a ruleset enabling the plugin gets when
//! it loads the set (both run the one tile-set compiler,
//! `carcassonne_vocab::tiles`), so the author learns of it in his own tests.

use carcassonne_host::loader;
use carcassonne_plugin_sdk::prelude::*;

/// Contributes one tile set whose only tile says `sides = "FRFR"` while its
/// road runs north to south (the features give `RFRF`).
struct BadTiles;

const TILES: &str = r#"
name = "bad-crossing"

[[tiles]]
id = "BT/1"
counts = { C1 = 2, C2 = 2 }
sides = "FRFR"
features = [
  { kind = "road", slots = ["N", "S"] },
  { kind = "field", slots = ["E", "NR", "SL"] },
  { kind = "field", slots = ["W", "SR", "NL"] },
]
"#;

#[plugin]
impl Plugin for BadTiles {
    type Config = NoOptions;
    const ID: &'static str = "test-bad-tiles";
    const VERSION: &'static str = "0.0.1";
    const TILESETS: &'static [&'static str] = &[TILES];

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(BadTiles)
    }
}

/// What the tile-set compiler says of the tile.
const PROBLEM: &str = "tile `BT/1`: `sides = \"FRFR\"` but the features give \"RFRF\"";

#[test]
fn check_plugin_reports_a_tile_set_the_host_would_refuse() {
    assert_eq!(
        carcassonne_plugin_sdk::testing::check_plugin::<BadTiles>(),
        Err(vec![format!("tile set 0: {PROBLEM}")])
    );
}

#[test]
fn a_ruleset_enabling_the_plugin_is_refused_with_the_same_message() {
    // The set parses, so the plugin is offered; loading it is what fails.
    let reg = loader::registry(&[], false).unwrap();
    assert!(reg.get("test-bad-tiles").is_some());
    let text = "name = \"t\"\ntilesets = [\"base\"]\n[plugins.test-bad-tiles]\n";
    let e = carcassonne_host::load_str(text, "t.toml", None, &reg)
        .unwrap_err()
        .to_string();
    assert_eq!(e, format!("t.toml:3:10: tile data: {PROBLEM}"));
}

#[test]
fn the_tile_set_checks_name_every_problem_and_each_set() {
    use carcassonne_plugin_sdk::testing::tileset_problems;
    let good = TILES.replace("FRFR", "RFRF");
    assert_eq!(tileset_problems(&[&good]), Vec::<String>::new());
    // A second set repeating the tile's id, and a third that is no tile set.
    let again = good.replace("bad-crossing", "again");
    assert_eq!(
        tileset_problems(&[&good, &again, "name = 1"]),
        [
            "tile set 2: invalid type: integer `1`, expected a string",
            "tile set 1: tile `BT/1` is defined twice: in tile sets `bad-crossing` and `again`",
        ]
    );
    // A start layout whose tiles only edition C1 holds: two different
    // layouts of priority 0 there.
    let c1 = good.replace(
        "counts = { C1 = 2, C2 = 2 }",
        "counts = { C1 = 2 }\nstart = true",
    );
    let other = c1.replace("bad-crossing", "other").replace("BT/1", "BT/2");
    assert_eq!(
        tileset_problems(&[&c1, &other]),
        [
            "tile set 1: two different start layouts of priority 0: tile set `bad-crossing` \
             (a `start = true` tile: `BT/1` at 0 0) and tile set `other` (a `start = true` \
             tile: `BT/2` at 0 0); give one a higher `[start] priority` or leave one tile \
             set out (edition C1)",
        ]
    );
}
