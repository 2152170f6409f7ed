//! The `special-cities` plugin and the Hills & Sheep tile set in rulesets (issue 7).
//! The rulings T1–T3 themselves are tested on the tile data in
//! `core/tests/engine/special_tiles.rs`; here the same tiles come through the plugin.

use crate::common::*;
use carcassonne_core::conformance::{run as conformance, Options};

const TILES_ONLY: &str = r#"
    name = "Hills & Sheep tiles, no mechanics"
    tilesets = ["base", "hills-and-sheep"]
"#;

const WITH_SPECIAL: &str = r#"
    name = "Hills & Sheep tiles and the special cities, no other mechanic"
    tilesets = ["base", "hills-and-sheep"]
    [plugins.special-cities]
"#;

#[test]
fn t1_double_city_side_through_the_plugin() {
    // The special tiles exist only when the plugin is enabled.
    let plain = rules(TILES_ONLY);
    assert!(plain.tiles.by_id("HS/CC!.v").is_none());
    let r = rules(WITH_SPECIAL);
    // Red's knight on the start city; HS/CC!.v joins both its segments; two caps: 4 tiles = 8.
    check(
        &r,
        2,
        "draw HS/CC!.v; place 0 -1 2; deploy follower city S
         draw BA/C; place 1 -1 3; pass
         draw BA/C; place -1 -1 1; pass",
        &[8, 0],
    );
}

#[test]
fn t2_split_field_side_through_the_plugin() {
    // HS/C!.v above the start: farmers in its two fields stay apart: 3 each for its city.
    check(
        &rules(WITH_SPECIAL),
        2,
        "draw HS/C!.v; place 0 -1 2; deploy follower field W
         draw BA/L; place 1 -1 0; deploy follower field
         end",
        &[3, 3],
    );
}

#[test]
fn tile_counts_with_and_without_the_plugin() {
    for (text, total) in [(TILES_ONLY, 86), (WITH_SPECIAL, 90)] {
        let r = rules(text);
        assert_eq!(r.tiles.total(), total);
        let mut g = carcassonne_core::Game::new(r, 3, 11).unwrap();
        let mut rng = carcassonne_core::Rng::new(3);
        while g.step_random(&mut rng).unwrap() {}
        assert_eq!(g.placed_count() + g.set_aside_tiles().len(), total);
    }
}

#[test]
fn hills_and_sheep_tiles_without_mechanics_pass_the_conformance_kit() {
    for text in [TILES_ONLY, WITH_SPECIAL] {
        let opts = Options {
            games: 200,
            players: 3,
            ..Options::default()
        };
        let report = conformance(&rules(text), opts, &|_| Ok(())).unwrap_or_else(|f| panic!("{f}"));
        assert_eq!(report.games, 200);
    }
    let opts = Options {
        games: 3,
        players: 2,
        first_seed: 5,
        try_every_action: true,
        ..Options::default()
    };
    conformance(&rules(WITH_SPECIAL), opts, &|_| Ok(())).unwrap_or_else(|f| panic!("{f}"));
}

#[test]
fn special_cities_plugin_is_identical_compiled_in_and_loaded() {
    assert_same_compiled_in_and_loaded(WITH_SPECIAL, 3, 0..3);
}

#[test]
fn no_code_names_the_special_tiles() {
    // The special tiles are data: outside tile files, tests and comments no source
    // line may name them.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut offenders = Vec::new();
    for dir in ["core/src", "host/src", "src", "plugins"] {
        visit(&root.join(dir), &mut |path, text| {
            if path
                .components()
                .any(|c| c.as_os_str() == "tests" || c.as_os_str() == "testing")
            {
                return;
            }
            for (i, line) in text.lines().enumerate() {
                let code = line.trim_start();
                if code.starts_with("//") {
                    continue;
                }
                if code.contains("C!.v") || code.contains("CC!.v") {
                    offenders.push(format!("{}:{}: {line}", path.display(), i + 1));
                }
            }
        });
    }
    assert!(
        offenders.is_empty(),
        "code names the special tiles:\n{}",
        offenders.join("\n")
    );
}

fn visit(dir: &std::path::Path, f: &mut dyn FnMut(&std::path::Path, &str)) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            visit(&p, f);
        } else if p.extension().is_some_and(|x| x == "rs") {
            if let Ok(text) = std::fs::read_to_string(&p) {
                f(&p, &text);
            }
        }
    }
}
