//! The `builder` plugin (Traders & Builders, TB9–TB17, X10, X12, X14, X15), with
//! exact points.
//!
//! Geometry: the start tile BA/RCr lies at (0, 0) (city north, road west–east);
//! x grows east, y grows south; `place X Y R` turns the tile R quarter turns
//! clockwise. Player 0 is Red, player 1 Blue; they alternate, except for a
//! builder's second turn part.

use crate::common::*;
use carcassonne_core::PlayerId;
use carcassonne_core::{Actor, FigureId, Game, Rules};
use std::sync::Arc;

/// The builder on the base game and the expansion's tiles (optional double turn).
pub const BUILDER: &str = r#"
    name = "builder"
    tilesets = ["base", "traders-and-builders"]
    [plugins.builder]
"#;

/// The builder with the double turn forced (JCloisterZone).
const BUILDER_ALWAYS: &str = r#"
    name = "builder, always"
    tilesets = ["base", "traders-and-builders"]
    [plugins.builder]
    double-turn = "always"
"#;

fn builders_in_supply(g: &Game, p: u8) -> u8 {
    g.supply(
        PlayerId::ALL[usize::from(p)],
        g.rules().figure_kind("builder").unwrap(),
    )
}

/// The builder's options after `script` (with [`BUILDER`], two players).
fn builder_options(script: &str) -> Vec<String> {
    let g = run(&rules(BUILDER), 2, script).unwrap();
    legal_names(&g)
        .into_iter()
        .filter(|n| n.contains("builder"))
        .collect()
}

/// Red's follower on the road east of the start; Blue fills in below; Red puts
/// his builder on the road with his next tile (no second part: TB12).
pub const ROAD_WITH_BUILDER: &str = "draw BA/RFr; place 1 0 0; deploy follower road W
     draw BA/L; place 0 1 0; pass
     draw BA/RFr; place 2 0 0; deploy builder road W
     draw BA/L; place 1 1 0; pass";

// ----------------------------------------------------------- placement

#[test]
fn tb10_the_builder_goes_on_a_road_or_city_of_the_placed_tile_holding_his_follower() {
    let r = rules(BUILDER);
    let g = run(
        &r,
        2,
        "draw BA/RFr; place 1 0 0; deploy follower road W
         draw BA/L; place 0 1 0; pass
         draw BA/RFr; place 2 0 0",
    )
    .unwrap();
    // Road (0), fields (1, 2): followers on the fields; the builder on the road
    // only (the road holds Red's follower, so no follower goes there).
    assert_eq!(
        legal_names(&g),
        [
            "pass",
            "deploy follower 1",
            "deploy follower 2",
            "deploy builder 0"
        ]
    );
}

#[test]
fn tb10_no_builder_where_the_player_has_no_follower() {
    // Blue extends Red's road: only Red's follower is there.
    let none: [&str; 0] = [];
    assert_eq!(
        builder_options(
            "draw BA/RFr; place 1 0 0; deploy follower road W
             draw BA/RFr; place 2 0 0",
        ),
        none
    );
    // Red's own tile on a road without his follower, and a field of his: nothing.
    assert_eq!(
        builder_options(
            "draw BA/RFr; place 1 0 0; deploy follower field N
             draw BA/L; place 0 1 0; pass
             draw BA/RFr; place 2 0 0",
        ),
        none
    );
}

#[test]
fn tb10_a_city_with_his_follower_takes_the_builder() {
    // Red's follower on the band joining the start's city; his next tile extends it.
    assert_eq!(
        builder_options(
            "draw BA/CFc; place 0 -1 1; deploy follower city S
             draw BA/L; place 0 1 0; pass
             draw BA/CFc+; place 0 -2 1",
        ),
        ["deploy builder 0"]
    );
}

#[test]
fn tb10_not_on_a_road_this_tile_has_just_completed() {
    // The road from Red's junction at (1, 0) closes at the junction at (-1, 0).
    let none: [&str; 0] = [];
    assert_eq!(
        builder_options(
            "draw BA/RRR; place 1 0 0; deploy follower road W
             draw BA/L; place 0 1 0; pass
             draw BA/RRR; place -1 0 0",
        ),
        none
    );
}

#[test]
fn tb10_one_builder_per_player() {
    let g = run(
        &rules(BUILDER),
        2,
        &format!("{ROAD_WITH_BUILDER}\ndraw BA/RFr; place -1 0 0"),
    )
    .unwrap();
    assert_eq!(builders_in_supply(&g, 0), 0);
    let none: [&str; 0] = [];
    assert_eq!(
        builder_options(&format!("{ROAD_WITH_BUILDER}\ndraw BA/RFr; place -1 0 0")),
        none
    );
}

#[test]
fn tb9_the_builder_counts_for_no_majority() {
    // Red's follower and builder against Blue's follower in one road: a tie, both
    // score the 5-tile road.
    let g = check(
        &rules(BUILDER),
        2,
        "draw BA/RRR; place 1 0 0; deploy follower road W
         draw BA/L; place 0 1 0; pass
         draw BA/L; place 0 2 0; pass
         draw BA/Rr; place -1 1 1; deploy follower road N
         draw BA/Rr; place -1 0 3; deploy builder road E
         draw BA/RRR; place -2 1 0; pass",
        &[5, 5],
    );
    assert_eq!(builders_in_supply(&g, 0), 1, "it went home with the road");
}

// ---------------------------------------------------------- double turn

#[test]
fn tb11_tb13_extending_the_builders_road_gives_an_optional_second_tile() {
    let r = rules(BUILDER);
    let mut g = run(
        &r,
        2,
        &format!("{ROAD_WITH_BUILDER}\ndraw BA/RFr; place -1 0 0; pass"),
    )
    .unwrap();
    assert_eq!(g.actor(), Actor::Player(PlayerId::ALL[0]));
    assert_eq!(legal_names(&g), ["builder double", "builder single"]);
    run_on(&mut g, "builder double").unwrap();
    assert_eq!(g.actor(), Actor::Chance, "Red draws his second tile");
    assert_eq!(g.current_player(), PlayerId::ALL[0]);
    assert!(g.turn_granted_by().is_some());
    // TB12: the second tile extends the road again: no third.
    run_on(&mut g, "draw BA/RFr; place 3 0 0; pass").unwrap();
    assert_eq!(g.actor(), Actor::Chance);
    assert_eq!(g.current_player(), PlayerId::ALL[1], "Blue's turn");
    assert_eq!(g.turn_granted_by(), None);
    // The 5-tile road is Red's at the end.
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [5, 0]);
}

#[test]
fn tb13_the_player_may_decline_the_second_tile() {
    let mut g = run(
        &rules(BUILDER),
        2,
        &format!("{ROAD_WITH_BUILDER}\ndraw BA/RFr; place -1 0 0; pass; builder single"),
    )
    .unwrap();
    assert_eq!(g.current_player(), PlayerId::ALL[1]);
    run_on(&mut g, "draw BA/L; place 0 2 0; pass; end").unwrap();
    assert_eq!(g.scores(), [4, 0]);
}

#[test]
fn tb13_with_always_the_second_part_follows_without_a_decision() {
    let mut g = run(
        &rules(BUILDER_ALWAYS),
        2,
        &format!("{ROAD_WITH_BUILDER}\ndraw BA/RFr; place -1 0 0; pass"),
    )
    .unwrap();
    assert_eq!(g.actor(), Actor::Chance);
    assert_eq!(g.current_player(), PlayerId::ALL[0]);
    run_on(&mut g, "draw BA/RFr; place 3 0 0; pass").unwrap();
    assert_eq!(g.current_player(), PlayerId::ALL[1]);
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [5, 0]);
}

#[test]
fn tb12_placing_the_builder_never_triggers_but_later_turns_trigger_again() {
    // Red placed the builder with a tile extending the road: Blue plays next.
    let g = run(
        &rules(BUILDER),
        2,
        "draw BA/RFr; place 1 0 0; deploy follower road W
         draw BA/L; place 0 1 0; pass
         draw BA/RFr; place 2 0 0; deploy builder road W",
    )
    .unwrap();
    assert_eq!(g.current_player(), PlayerId::ALL[1]);
    // Two regular turns extending the road: two double turns.
    check(
        &rules(BUILDER),
        2,
        &format!(
            "{ROAD_WITH_BUILDER}
             draw BA/RFr; place -1 0 0; pass; builder double
             draw BA/L; place 2 1 0; pass
             draw BA/L; place -1 1 0; pass
             draw BA/RFr; place 3 0 0; pass; builder double
             draw BA/RFr; place -2 0 0; pass
             end"
        ),
        &[6, 0],
    );
}

/// Red's road (follower at (1, 0), builder at (-1, 0)) ends at the junction of
/// (1, 0); Red's city (follower) runs north from the start.
const ROAD_AND_CITY: &str = "draw BA/RRR; place 1 0 0; deploy follower road W
     draw BA/RFr; place 2 0 0; pass
     draw BA/RFr; place -1 0 0; deploy builder road E
     draw BA/L; place 0 1 0; pass
     draw BA/CFc; place 0 -1 1; deploy follower city S
     draw BA/L; place -1 1 0; pass";

#[test]
fn tb16_the_builder_home_from_the_first_part_may_return_in_the_second_tb11_tb15() {
    // Red's junction at (-2, 0) completes the 4-tile road: 4 points, follower and
    // builder home; he still plays the second part and puts the builder on his
    // city (3 tiles and a pennant: 4 at the end).
    let mut g = run(
        &rules(BUILDER),
        2,
        &format!("{ROAD_AND_CITY}\ndraw BA/RRR; place -2 0 0; pass"),
    )
    .unwrap();
    assert_eq!(g.scores(), [4, 0]);
    assert_eq!(builders_in_supply(&g, 0), 1, "TB15: home with the road");
    assert_eq!(legal_names(&g), ["builder double", "builder single"]);
    run_on(&mut g, "builder double; draw BA/CFc+; place 0 -2 1").unwrap();
    assert!(
        legal_names(&g).contains(&"deploy builder 0".to_string()),
        "{:?}",
        legal_names(&g)
    );
    run_on(&mut g, "deploy builder city S").unwrap();
    assert_eq!(g.current_player(), PlayerId::ALL[1], "no third part");
    assert_eq!(builders_in_supply(&g, 0), 0);
    run_on(&mut g, "end").unwrap();
    assert_eq!(
        g.scores(),
        [8, 0],
        "TB15: the builder scores nothing at the end"
    );
}

/// A tile set of straight roads: the start (city north, road west–east), `n`
/// straight roads `X/RFr` and `hills` of them on hills (`X/RFr.h`).
fn road_set(n: u32, hills: u32) -> String {
    let road = |id: &str, count: u32, markers: &str| {
        format!(
            "[[tiles]]
             id = \"{id}\"
             counts = {{ C2 = {count} }}
             {markers}
             sides = \"FRFR\"
             features = [
               {{ kind = \"road\", slots = [\"W\", \"E\"] }},
               {{ kind = \"field\", slots = [\"WR\", \"N\", \"EL\"] }},
               {{ kind = \"field\", slots = [\"ER\", \"S\", \"WL\"] }},
             ]\n"
        )
    };
    let mut set = "name = \"roads\"
         [[tiles]]
         id = \"X/RCr\"
         counts = { C2 = 1 }
         start = true
         sides = \"CRFR\"
         features = [
           { kind = \"city\", slots = [\"N\"] },
           { kind = \"road\", slots = [\"W\", \"E\"] },
           { kind = \"field\", slots = [\"EL\", \"WR\"], adj = [0] },
           { kind = \"field\", slots = [\"ER\", \"S\", \"WL\"] },
         ]\n"
    .to_string();
    set += &road("X/RFr", n, "");
    if hills > 0 {
        set += &road("X/RFr.h", hills, "markers = [\"hill\"]");
    }
    set
}

/// The rules of the ruleset tables `plugins` on [`road_set`]`(n, hills)`.
pub fn road_rules(plugins: &str, n: u32, hills: u32) -> Arc<Rules> {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let i = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("roads-{}-{i}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("roads.toml"), road_set(n, hills)).unwrap();
    let ruleset = format!("name = \"roads\"\ntilesets = [\"roads.toml\"]\n{plugins}");
    let loaded = carcassonne_host::load_str(&ruleset, "roads.toml", Some(&dir), &registry());
    let _ = std::fs::remove_dir_all(&dir);
    loaded.unwrap_or_else(|e| panic!("{e}")).rules
}

#[test]
fn tb14_with_no_tile_left_there_is_no_second_part() {
    // A bag of five straight roads: Red's fifth tile extends his builder's road
    // but the bag is empty, so the game ends (6-tile road: 6).
    let script = "draw X/RFr; place 1 0 0; deploy follower road W
         draw X/RFr; place 2 0 0; pass
         draw X/RFr; place -1 0 0; deploy builder road E
         draw X/RFr; place -2 0 0; pass
         draw X/RFr; place 3 0 0; pass";
    for (n, over) in [(5, true), (6, false)] {
        let g = run(&road_rules("[plugins.builder]\n", n, 0), 2, script).unwrap();
        assert_eq!(g.is_over(), over, "{n} roads");
        if over {
            assert_eq!(g.scores(), [6, 0]);
        } else {
            assert_eq!(legal_names(&g), ["builder double", "builder single"]);
        }
    }
}

#[test]
fn tb17_a_tile_beside_the_builders_city_that_does_not_join_it_gives_no_second_part() {
    // Red's follower and builder in the start's city (band at (0, -1)); his tile
    // at (1, -1) touches the band only with a field side.
    let g = run(
        &rules(BUILDER),
        2,
        "draw BA/CFc; place 0 -1 1; deploy follower city S
         draw BA/L; place 0 1 0; pass
         draw BA/CFc+; place 0 -2 1; deploy builder city S
         draw BA/L; place 1 1 0; pass
         draw BA/L; place 1 -1 0; pass",
    )
    .unwrap();
    assert_eq!(g.current_player(), PlayerId::ALL[1]);
    assert_eq!(g.actor(), Actor::Chance);
}

// ----------------------------------------------------- returning early

/// A follower: what [`with_remover`]'s stand-in sends home.
fn is_follower(v: &carcassonne_core::View<'_>, g: FigureId) -> bool {
    v.figure_kind(g)
        .is_some_and(|k| v.rules().figures[k.index()].follower)
}

/// The rules of `ruleset` plus a stand-in for a rule that removes followers (the
/// princess, the dragon): the special option `test-remove tile-N` sends home every
/// follower on placed tile N.
pub fn with_remover(ruleset: &str) -> Arc<Rules> {
    let r = rules(ruleset);
    let mut plugins: Vec<(
        carcassonne_core::PluginDecl,
        Arc<dyn carcassonne_core::Hooks>,
    )> = r
        .plugins
        .iter()
        .map(|e| (e.decl.clone(), e.hooks.clone()))
        .collect();
    let remover = carcassonne_core::PluginDecl {
        id: "test-remove".into(),
        ..carcassonne_core::PluginDecl::default()
    };
    plugins.push((remover, Arc::new(SendHomeOnTile(is_follower))));
    Arc::new(Rules::new("with a remover", r.tiles.clone(), r.options, plugins).expect("rules"))
}

#[test]
fn tb15_the_builder_goes_home_when_his_owners_last_follower_leaves_the_road() {
    let r = with_remover(BUILDER);
    // Blue removes Red's only follower of the road (on tile 1): the builder goes too.
    let g = run(
        &r,
        2,
        &format!("{ROAD_WITH_BUILDER}\ndraw BA/RFr; place -1 0 0; pass; builder single\ndraw BA/L; place 0 2 0; test-remove tile-1"),
    )
    .unwrap();
    assert_eq!(builders_in_supply(&g, 0), 1);
    assert_eq!(g.supply(PlayerId::ALL[0], carcassonne_core::FOLLOWER), 7);
    // Red has two followers in the road (the junction road at (1, 0) and the curve
    // at (-1, 1), joined by his builder's tile): the builder stays while one is left.
    let mut g = run(
        &r,
        2,
        "draw BA/RRR; place 1 0 0; deploy follower road W
         draw BA/L; place 0 1 0; pass
         draw BA/Rr; place -1 1 1; deploy follower road N
         draw BA/L; place 0 2 0; pass
         draw BA/Rr; place -1 0 3; deploy builder road E
         draw BA/L; place 1 2 0; test-remove tile-1",
    )
    .unwrap();
    assert_eq!(builders_in_supply(&g, 0), 0, "one follower is left");
    run_on(&mut g, "draw BA/L; place 2 2 0; test-remove tile-3").unwrap();
    assert_eq!(builders_in_supply(&g, 0), 1, "the last one left");
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [0, 0], "nobody is left on the road");
}
