//! Rulings H1–H5 of the `hills` plugin (issue 5), with exact points.
//!
//! Geometry as in the core's fixtures: the start tile BA/RCr lies at (0, 0) with
//! its city north and its road west–east; x grows east, y grows south; `place X
//! Y R` turns the tile R quarter turns clockwise, so printed side d lands on
//! board side (d + R) % 4. Players: 0 Red, 1 Blue, 2 Green, in turn.
//!
//! With the default underlay every hill draw is followed by `hidden X`: the tile
//! taken face down from the bag (record stream `hidden`).

use crate::common::*;
use carcassonne_core::conformance::{run as conformance, Options};
use carcassonne_core::hooks::{CORE_OWNER, STEP_HIDDEN_TILE};
use carcassonne_core::PlayerId;
use carcassonne_core::{
    Actor, CoreOptions, FigureSpec, Game, Hooks, PluginDecl, Rng, Rules, TileCatalogue, TileIndex,
    TileTypeId,
};
use std::sync::Arc;

/// Base + Hills & Sheep tiles (C2) with the hills plugin and the given options.
fn hills(options: &str) -> Arc<Rules> {
    rules(&format!(
        "name = \"hills test\"\nedition = \"C2\"\ntilesets = [\"base\", \"hills-and-sheep\"]\n\
         [plugins.hills]\n{options}\n"
    ))
}

/// The default options: hidden-tile underlays, any follower on a hill breaks a tie.
fn default() -> Arc<Rules> {
    hills("")
}

fn count() -> Arc<Rules> {
    hills("hill-tiebreak = \"count-followers-on-hills\"")
}

/// The same tiles with no hills plugin: the `hill` marker is inert.
fn no_plugin() -> Arc<Rules> {
    rules("name = \"hill tiles only\"\nedition = \"C2\"\ntilesets = [\"base\", \"hills-and-sheep\"]\n")
}

/// `script` without its `hidden` steps: for rulesets where nothing goes under a hill.
fn no_underlays(script: &str) -> String {
    script
        .lines()
        .map(|l| {
            l.split(';')
                .filter(|s| !s.trim().starts_with("hidden "))
                .collect::<Vec<_>>()
                .join(";")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Checks `script` on the hill tiles without the plugin (no underlays).
#[track_caller]
fn check_no_plugin(players: u8, script: &str, expected: &[i32]) {
    check(&no_plugin(), players, &no_underlays(script), expected);
}

/// The whole 90-tile Hills & Sheep set (the special cities come with their plugin).
const FULL_HIDDEN: &str = r#"
    name = "hills on all 90 tiles"
    edition = "C2"
    tilesets = ["base", "hills-and-sheep"]
    [plugins.hills]
    [plugins.special-cities]
"#;

const FULL_BLANK: &str = r#"
    name = "hills on all 90 tiles, blank underlays"
    edition = "C2"
    tilesets = ["base", "hills-and-sheep"]
    [plugins.hills]
    hill-underlay = "blank"
    hill-tiebreak = "count-followers-on-hills"
    [plugins.special-cities]
"#;

// ------------------------------------------------------ H4: the rulebook

/// Red's knight in the start city (extended by BA/Cc+), Blue's knight on the hill
/// HS/RrC.h east of the start; `closer` at (1,-1) joins the two cities.
fn rulebook(closer: &str, hill: &str) -> String {
    format!(
        "draw BA/Cc+; place 0 -1 2; deploy follower city S
         draw {hill}; {} place 1 0 0; deploy follower city N
         draw {closer}; place 1 -1 3; pass",
        if hill.ends_with(".h") {
            "hidden BA/L;"
        } else {
            ""
        }
    )
}

#[test]
fn h4_rulebook_example_the_knight_on_the_hill_takes_all_12_points() {
    // 4 tiles and 2 pennants: 12. Red and Blue have one knight each; Blue's is on the hill.
    let script = rulebook("BA/CcRr+", "HS/RrC.h");
    check(&default(), 2, &script, &[0, 12]);
    check(&count(), 2, &script, &[0, 12]);
    // Without the plugin the hill is an ordinary tile: both score.
    check_no_plugin(2, &script, &[12, 12]);
}

#[test]
fn h4_english_rulebook_example_red_on_the_hill_scores_10() {
    // Red's knight on the hill first, Blue's in the start city; 4 tiles, 1 pennant: 10.
    let script = "draw HS/RrC.h; hidden BA/L; place 1 0 0; deploy follower city N
                  draw BA/Cc+; place 0 -1 2; deploy follower city S
                  draw BA/Cc; place 1 -1 3; pass";
    check(&default(), 2, script, &[10, 0]);
    check_no_plugin(2, script, &[10, 10]);
}

#[test]
fn h4_a_tie_without_a_hill_is_unchanged() {
    // The same city with BA/RrC (same shape, no hill): both score in full.
    let script = rulebook("BA/CcRr+", "BA/RrC");
    check(&default(), 2, &script, &[12, 12]);
    check(&count(), 2, &script, &[12, 12]);
}

#[test]
fn h4_applies_to_an_unfinished_city_in_final_scoring() {
    // BA/Ccc joins both knights' cities but leaves the city open: at the end 4 tiles + 1 pennant.
    let script = "draw BA/Cc+; place 0 -1 2; deploy follower city S
                  draw HS/RrC.h; hidden BA/L; place 1 0 0; deploy follower city N
                  draw BA/Ccc; place 1 -1 2; pass
                  end";
    check(&default(), 2, script, &[0, 5]);
    check_no_plugin(2, script, &[5, 5]);
}

#[test]
fn h4_road_tie_broken_by_a_hill() {
    // Red: thief on the road ending at a junction east of the start. Blue: thief on the
    // cottage road of HS/RR.hG (a hill) south of the start. Two curves join them: 5 tiles.
    let script = "draw BA/RRR; place 1 0 0; deploy follower road W
                  draw HS/RR.hG; hidden BA/L; place 0 1 0; deploy follower road W
                  draw BA/Rr; place -1 0 3; pass
                  draw BA/Rr; place -1 1 2; pass";
    check(&default(), 2, script, &[0, 5]);
    check(&count(), 2, script, &[0, 5]);
    check_no_plugin(2, script, &[5, 5]);
}

// --------------------------------------------- H4/H5: three players, a row of caps

/// Three city caps in a row south of the start (Red plain, Blue and Green on hills),
/// closed by a row of three tiles: 6 tiles, 12 points.
const THREE_WAY: &str = "draw BA/C; place 0 1 2; deploy follower city S
     draw HS/RrC.h; hidden BA/L; place 1 1 2; deploy follower city S
     draw HS/CRr.h; hidden BA/L; place 2 1 2; deploy follower city S
     draw BA/Cc; place 0 2 1; pass
     draw BA/Ccc; place 1 2 0; pass
     draw BA/Cc; place 2 2 0; pass";

#[test]
fn h4_three_way_tie_two_on_hills_both_score() {
    check(&default(), 3, THREE_WAY, &[0, 12, 12]);
    check_no_plugin(3, THREE_WAY, &[12, 12, 12]);
}

#[test]
fn h5_equal_hill_counts_the_tie_stands_under_both_variants() {
    // Blue and Green have one knight on a hill each: they stay tied in both variants.
    check(&default(), 3, THREE_WAY, &[0, 12, 12]);
    check(&count(), 3, THREE_WAY, &[0, 12, 12]);
}

/// Six caps, two knights each: Red none on hills, Blue both on hills, Green one.
/// The closing row has two pennants: 12 tiles + 2 pennants = 28.
const TWO_AGAINST_ONE: &str = "draw BA/C; place 0 1 2; deploy follower city S
     draw HS/RrC.h; hidden BA/L; place 1 1 2; deploy follower city S
     draw HS/CRr.h; hidden BA/L; place 2 1 2; deploy follower city S
     draw BA/C; place 3 1 2; deploy follower city S
     draw HS/CFR.h; hidden BA/L; place 4 1 2; deploy follower city S
     draw BA/C; place 5 1 2; deploy follower city S
     draw BA/Cc; place 0 2 1; pass
     draw BA/Ccc; place 1 2 0; pass
     draw BA/Ccc; place 2 2 0; pass
     draw BA/Ccc+; place 3 2 0; pass
     draw BA/CccR+; place 4 2 0; pass
     draw BA/Cc; place 5 2 0; pass";

#[test]
fn h5_default_any_follower_on_a_hill_keeps_two_against_one_tied() {
    check(&default(), 3, TWO_AGAINST_ONE, &[0, 28, 28]);
    check_no_plugin(3, TWO_AGAINST_ONE, &[28, 28, 28]);
}

#[test]
fn h5_count_variant_two_followers_on_hills_beat_one() {
    check(&count(), 3, TWO_AGAINST_ONE, &[0, 28, 0]);
}

#[test]
fn h5_a_majority_beats_a_hill() {
    // Red has two plain knights, Blue one on a hill: Red alone scores, in both variants.
    let script = "draw BA/C; place 0 1 2; deploy follower city S
                  draw HS/RrC.h; hidden BA/L; place 1 1 2; deploy follower city S
                  draw BA/CRr; place 2 1 2; deploy follower city S
                  draw BA/Cc; place 0 2 1; pass
                  draw BA/Ccc; place 1 2 0; pass
                  draw BA/Cc; place 2 2 0; pass";
    check(&default(), 2, script, &[12, 0]);
    check(&count(), 2, script, &[12, 0]);
}

// ------------------------------------------------------------ H4: farmers

/// Red's farmer north of a city cap completing the start city; Blue's farmer on the
/// hill HS/RrC.h west of the start, in the start's north field; BA/Rr joins the fields.
const FARMERS: &str = "draw BA/C; place 0 -1 2; deploy follower field N
     draw HS/RrC.h; hidden BA/L; place -1 0 2; deploy follower field EL
     draw BA/Rr; place -1 -1 0; pass
     end";

fn with_core(core: &str, plugin: bool) -> Arc<Rules> {
    rules(&format!(
        "name = \"farmers\"\nedition = \"C2\"\ntilesets = [\"base\", \"hills-and-sheep\"]\n\
         [core]\n{core}\n{}",
        if plugin { "[plugins.hills]\n" } else { "" }
    ))
}

#[test]
fn h4_farmer_tie_in_final_scoring_broken_by_a_hill() {
    // One completed city borders the field: 3 points, Blue's alone.
    check(&default(), 2, FARMERS, &[0, 3]);
    check(&count(), 2, FARMERS, &[0, 3]);
    check_no_plugin(2, FARMERS, &[3, 3]);
    let once = "farmers = \"per-field-once-per-player\"";
    check(&with_core(once, true), 2, FARMERS, &[0, 3]);
    check(&with_core(once, false), 2, &no_underlays(FARMERS), &[3, 3]);
}

#[test]
fn h4_farmer_tie_per_city_farmers_broken_by_a_hill() {
    // F3: the city's farmers are counted over every field bordering it: 4 points, Blue's alone.
    let per_city = "farmers = \"per-city\"";
    check(&with_core(per_city, true), 2, FARMERS, &[0, 4]);
    check(
        &with_core(per_city, false),
        2,
        &no_underlays(FARMERS),
        &[4, 4],
    );
}

// ------------------------------------- H5: strength before hills (a large follower)

/// A test-only large follower (strength 2, one per player), offered by the core like
/// a follower: a figure kind needs no hook for that.
struct LargeFollower;

impl Hooks for LargeFollower {
    fn subscriptions(&self) -> u64 {
        0
    }
}

/// Hills (from the registry, as a ruleset gets it) plus the large follower.
fn with_large(options: &str) -> Arc<Rules> {
    let sets = ["base", "hills-and-sheep"]
        .map(|n| carcassonne_host::tilesets::load(n, None).expect("built-in tile set"));
    let tiles = TileCatalogue::build(&sets, "C2").expect("tiles");
    let hills = registry()
        .get("hills")
        .expect("hills is compiled in")
        .instantiate(options)
        .expect("options");
    let large = PluginDecl {
        id: "large-follower".into(),
        figures: vec![FigureSpec::follower("large", 1, 2).to_kind()],
        ..PluginDecl::default()
    };
    let plugins: Vec<(PluginDecl, Arc<dyn Hooks>)> = vec![hills, (large, Arc::new(LargeFollower))];
    Arc::new(Rules::new("hills + large", tiles, CoreOptions::default(), plugins).expect("rules"))
}

#[test]
fn h5_strength_is_compared_before_hills_a_large_follower_beats_a_hill() {
    // Red's large follower (2) in the start city against Blue's knight (1) on the hill.
    let script = "draw BA/Cc+; place 0 -1 2; deploy large city S
                  draw HS/RrC.h; hidden BA/L; place 1 0 0; deploy follower city N
                  draw BA/CcRr+; place 1 -1 3; pass";
    check(&with_large(""), 2, script, &[12, 0]);
    check(
        &with_large("hill-tiebreak = \"count-followers-on-hills\""),
        2,
        script,
        &[12, 0],
    );
}

#[test]
pub(crate) fn x1_a_large_follower_on_a_hill_breaks_a_tie() {
    // RULES.md X1 (and H5: the hill breaks a tie of equal strength).
    // Red's large follower (2) against Blue's large follower (2) on the hill: Blue alone.
    let script = "draw BA/Cc+; place 0 -1 2; deploy large city S
                  draw HS/RrC.h; hidden BA/L; place 1 0 0; deploy large city N
                  draw BA/CcRr+; place 1 -1 3; pass";
    check(&with_large(""), 2, script, &[0, 12]);
}

// --------------------------------------------------- H1–H3: the underlay

/// A tiny tile set: the start tile, one hill cap and one plain cap.
const TINY_TILES: &str = r#"
name = "tiny-hills"
[[tiles]]
id = "T/RCr"
counts = { C2 = 1 }
start = true
sides = "CRFR"
features = [
  { kind = "city", slots = ["N"] },
  { kind = "road", slots = ["E", "W"] },
  { kind = "field", slots = ["EL", "WR"], adj = [0] },
  { kind = "field", slots = ["ER", "S", "WL"], adj = [0] },
]
[[tiles]]
id = "T/C.h"
counts = { C2 = 1 }
sides = "CFFF"
markers = ["hill"]
features = [{ kind = "city", slots = ["N"] }, { kind = "field", slots = ["E", "S", "W"], adj = [0] }]
[[tiles]]
id = "T/C"
counts = { C2 = 1 }
sides = "CFFF"
features = [{ kind = "city", slots = ["N"] }, { kind = "field", slots = ["E", "S", "W"], adj = [0] }]
"#;

/// A ruleset on the tiny tile set (written to a temporary directory).
fn tiny(options: &str) -> Arc<Rules> {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    let dir = DIR.get_or_init(|| {
        let dir = scratch("hills-tiny");
        std::fs::write(dir.join("tiny-hills.toml"), TINY_TILES).expect("write the tile set");
        dir
    });
    let text = format!(
        "name = \"tiny hills\"\nedition = \"C2\"\ntilesets = [\"tiny-hills.toml\"]\n\
         [plugins.hills]\n{options}\n"
    );
    match carcassonne_host::load_str(&text, "<tiny>", Some(dir.as_path()), &registry()) {
        Ok(r) => r.rules,
        Err(e) => panic!("tiny ruleset:\n{e}"),
    }
}

#[test]
fn h1_a_drawn_hill_takes_a_tile_face_down_and_the_game_has_one_draw_fewer() {
    let r = tiny("");
    let g = run(&r, 2, "draw T/C.h").unwrap();
    // The underlay is a chance event of the `hidden` stream over the bag's tiles.
    assert_eq!(g.actor(), Actor::Chance);
    assert_eq!(g.chance_stream(), Some("hidden"));
    let plain = r.tiles.by_id("T/C").unwrap();
    assert_eq!(g.chance_outcomes().unwrap(), vec![(u32::from(plain), 1)]);
    // The hill completes the start city (4) and the game is over: T/C never came.
    let g = check(
        &r,
        2,
        "draw T/C.h; hidden T/C; place 0 -1 2; deploy follower city S",
        &[4, 0],
    );
    assert!(g.is_over());
    assert_eq!(g.placed_count(), 2);
    assert_eq!(g.hidden_tiles(), &[plain]);
    assert_eq!(g.turn(), 1);
}

#[test]
fn h1_features_on_a_hill_tile_work_as_usual() {
    // The hill tile's city and field take followers as on any tile; the hill itself
    // is a tile marker, not a feature, so no follower can stand on it.
    let r = default();
    let mut g = run(&r, 2, "draw HS/CFC.h; hidden BA/L; place 0 -1 0").unwrap();
    let acts: Vec<String> = g
        .legal_actions()
        .unwrap()
        .into_iter()
        .map(|a| g.format_action(a))
        .collect();
    // Pass, the hill's north city, its south city (the start's, complete and empty), the field.
    assert_eq!(acts.len(), 4, "{acts:?}");
    carcassonne_core::scenario::run_on(&mut g, "deploy follower city N").unwrap();
    assert_eq!(g.scores(), &[0, 0]);
    // HS/CFC.h's south city closed the start city: 2 tiles, nobody in it.
    let g = check(
        &r,
        2,
        "draw HS/CFC.h; hidden BA/L; place 0 -1 0; deploy follower field E
         end",
        &[3, 0],
    );
    assert!(g.is_over());
}

#[test]
fn h2_the_last_tile_is_a_hill_nothing_goes_under_it() {
    let r = tiny("");
    let g = run(
        &r,
        2,
        "draw T/C; place 0 -1 2; deploy follower city S; draw T/C.h",
    )
    .unwrap();
    // The bag is empty: no hidden step, Blue places the hill at once.
    assert_eq!(g.bag_len(), 0);
    assert_eq!(g.actor(), Actor::Player(PlayerId::ALL[1]));
    assert!(g.pending_steps().is_empty());
    // Blue's farmer next to the completed start city: 3 at the end, which comes at once.
    let g = check(
        &r,
        2,
        "draw T/C; place 0 -1 2; deploy follower city S
         draw T/C.h; place 1 -1 0; deploy follower field S",
        &[4, 3],
    );
    assert!(g.is_over());
    assert_eq!(g.placed_count(), 3);
    assert!(g.hidden_tiles().is_empty());
}

#[test]
fn h3_blank_underlay_takes_nothing_from_the_bag() {
    let r = tiny("hill-underlay = \"blank\"");
    let g = run(&r, 2, "draw T/C.h").unwrap();
    assert_eq!(g.actor(), Actor::Player(PlayerId::ALL[0]));
    let g = check(
        &r,
        2,
        "draw T/C.h; place 0 -1 2; deploy follower city S
         draw T/C; place 1 -1 0; pass",
        &[4, 0],
    );
    assert!(g.is_over());
    assert_eq!(g.placed_count(), 3);
    assert!(g.hidden_tiles().is_empty());
    // The tie-break works the same with blank underlays.
    let blank = hills("hill-underlay = \"blank\"");
    let script = "draw BA/Cc+; place 0 -1 2; deploy follower city S
                  draw HS/RrC.h; place 1 0 0; deploy follower city N
                  draw BA/CcRr+; place 1 -1 3; pass";
    check(&blank, 2, script, &[0, 12]);
}

#[test]
fn h1_the_observation_does_not_reveal_the_tile_under_the_hill() {
    // Two games differing only in the tile taken face down look the same to every player.
    let r = default();
    let script =
        |hidden: &str| format!("draw BA/C; place 0 -1 2; pass; draw HS/Cc.h; hidden {hidden}");
    let mut a = run(&r, 2, &script("BA/L")).unwrap();
    let mut b = run(&r, 2, &script("BA/RFr")).unwrap();
    let l = r.tiles.by_id("BA/L").unwrap();
    let rfr = r.tiles.by_id("BA/RFr").unwrap();
    assert_eq!(a.hidden_tiles(), &[l]);
    assert_eq!(b.hidden_tiles(), &[rfr]);
    assert_ne!(a.bag(), b.bag());
    for step in ["", "place 1 -1 2", "deploy follower city S"] {
        if !step.is_empty() {
            carcassonne_core::scenario::run_on(&mut a, step).unwrap();
            carcassonne_core::scenario::run_on(&mut b, step).unwrap();
        }
        for p in PlayerId::all(2) {
            let (oa, ob) = (a.observation(p).unwrap(), b.observation(p).unwrap());
            assert_eq!(
                oa, ob,
                "player {p} can tell the underlays apart after `{step}`"
            );
            // The face-down tile counts among the unseen tiles only, like the bag's.
            assert_eq!(oa.hidden_count, 1);
            assert_eq!(oa.unseen["BA/L"], 4);
            assert_eq!(oa.unseen.values().sum::<u16>() as usize, a.bag_len() + 1);
            let json = serde_json::to_string(&oa).unwrap();
            assert_eq!(json, serde_json::to_string(&ob).unwrap());
            assert_eq!(
                oa.plugins["hills"]["game"],
                serde_json::json!([]),
                "no public plugin state"
            );
        }
    }
}

// ------------------------------------------------ tile counts, both underlays

/// Plays random games, counting the hills placed while the bag still held tiles.
/// Returns (hills drawn with a tile left in the bag, hills placed in all).
fn play_counting_hills(r: &Arc<Rules>, players: u8, seed: u64) -> (Game, usize, usize) {
    let hill = r.tiles.markers.bit("hill");
    let is_hill = |t: TileTypeId| r.tiles.get(t).unwrap().markers & hill != 0;
    let mut g = Game::new(r.clone(), players, seed).unwrap();
    let mut rng = Rng::new(seed + 100);
    let (mut owed, mut placed) = (0, 0);
    loop {
        let tile_draw = g.actor() == Actor::Chance && g.chance_stream() == Some("tile");
        if !g.step_random(&mut rng).unwrap() {
            break;
        }
        if tile_draw && g.drawn_tile().is_some_and(is_hill) {
            placed += 1;
            // The bag after the draw: the underlay comes from it.
            if g.bag_len() > 0 {
                owed += 1;
            }
        }
    }
    (g, owed, placed)
}

/// Hidden underlays: placed + set aside + face down = 90, and exactly one tile went
/// face down per hill drawn while the bag still held tiles.
fn assert_hidden_counts(r: &Arc<Rules>, seeds: std::ops::Range<u64>) {
    assert_eq!(r.tiles.total(), 90);
    let mut hills_seen = 0;
    for seed in seeds.clone() {
        let (g, owed, placed) = play_counting_hills(r, 2 + (seed % 3) as u8, seed);
        let n = g.placed_count() + g.set_aside_tiles().len() + g.hidden_tiles().len();
        assert_eq!(n, 90, "seed {seed}");
        assert_eq!(g.hidden_tiles().len(), owed, "seed {seed}");
        hills_seen += placed;
    }
    assert!(
        hills_seen >= 4 * seeds.count(),
        "hills were drawn: {hills_seen}"
    );
}

/// Blank underlays: every one of the 90 tiles is played (placed or set aside), all 8 hills too.
fn assert_blank_counts(r: &Arc<Rules>, seeds: std::ops::Range<u64>) {
    assert_eq!(r.tiles.total(), 90);
    let hill = r.tiles.markers.bit("hill");
    for seed in seeds {
        let (g, _, placed) = play_counting_hills(r, 2 + (seed % 3) as u8, seed);
        assert_eq!(
            g.placed_count() + g.set_aside_tiles().len(),
            90,
            "seed {seed}"
        );
        assert!(g.hidden_tiles().is_empty());
        // Every hill comes out of the bag: placed, or set aside if it fits nowhere.
        let aside = g
            .set_aside_tiles()
            .iter()
            .filter(|&&t| r.tiles.get(t).unwrap().markers & hill != 0)
            .count();
        assert_eq!(placed + aside, 8, "seed {seed}");
    }
}

#[test]
fn h1_tile_counts_with_hidden_underlays() {
    assert_hidden_counts(&rules(FULL_HIDDEN), 0..20);
    // The shipped default ruleset (with shepherds and vineyards too).
    assert_hidden_counts(&config("hills-and-sheep.toml"), 20..30);
}

#[test]
fn h3_tile_counts_with_blank_underlays_every_tile_is_played() {
    assert_blank_counts(&rules(FULL_BLANK), 0..20);
    // The shipped house-rule ruleset plays all 90 land tiles of base + Hills & Sheep.
    assert_blank_counts(&config("hills-and-sheep-blank-underlays.toml"), 20..30);
}

// ------------------------------------------------- options, log, conformance

#[test]
fn hills_options_are_checked_in_rulesets() {
    let bad = "name = \"x\"\ntilesets = [\"base\"]\n[plugins.hills]\nhill-underlay = \"nothing\"\n";
    let e = carcassonne_host::load_str(bad, "bad.toml", None, &registry())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("bad.toml:4") && e.contains("hill-underlay"),
        "{e}"
    );
    let bad = "name = \"x\"\ntilesets = [\"base\"]\n[plugins.hills]\nhill-tie-break = \"x\"\n";
    let e = carcassonne_host::load_str(bad, "bad.toml", None, &registry())
        .unwrap_err()
        .to_string();
    assert!(e.contains("hill-tiebreak"), "suggests the right key: {e}");
}

#[test]
fn hills_turn_log_tells_players_what_happens() {
    let lines = plugin_log(&default(), 2, &rulebook("BA/CcRr+", "HS/RrC.h"));
    assert_eq!(
        lines,
        [
            "{P1} draws a hill: a tile goes under it, so the game has one draw fewer.",
            "The hill breaks the tie: {P1} alone scores.",
        ]
    );
    let lines = plugin_log(&default(), 3, THREE_WAY);
    assert_eq!(
        lines.last().map(String::as_str),
        Some("The hills break the tie: {P1} and {P2} score, nothing for {P0}.")
    );
    // No tie broken, no line; a majority is not a tie.
    assert!(plugin_log(&default(), 2, &rulebook("BA/CcRr+", "BA/RrC")).is_empty());
    let last = plugin_log(
        &tiny(""),
        2,
        "draw T/C; place 0 -1 2; pass; draw T/C.h; place 1 -1 0; pass",
    );
    assert_eq!(
        last,
        ["{P1} draws a hill, but it is the last tile: nothing goes under it."]
    );
}

/// Invariants of the hills plugin at every state: every hill drawn with tiles left in
/// the bag took exactly one underlay (blank: none), and observations show the
/// underlays only as unseen tiles.
fn hill_invariants(g: &Game, hidden_underlay: bool) -> Result<(), String> {
    let tiles = &g.rules().tiles;
    let hill = tiles.markers.bit("hill");
    let placed = (0..g.placed_count() as u16)
        .filter(|&t| g.tile_has_marker(TileIndex(t), hill))
        .count();
    let in_hand = g
        .drawn_tile()
        .filter(|&t| tiles.get(t).unwrap().markers & hill != 0)
        .map_or(0, |_| 1);
    let pending = g
        .pending_steps()
        .iter()
        .filter(|s| s.owner == CORE_OWNER && s.tag == STEP_HIDDEN_TILE)
        .count();
    let under = g.hidden_tiles().len() + pending;
    let hills = placed + in_hand;
    if !hidden_underlay {
        if under != 0 {
            return Err(format!("blank underlays but {under} tiles face down"));
        }
    } else if under > hills || hills - under > 1 || (hills - under == 1 && g.bag_len() > 0) {
        return Err(format!(
            "{hills} hills, {under} underlays, {} tiles in the bag",
            g.bag_len()
        ));
    }
    for p in PlayerId::all(g.players()) {
        let o = g.observation(p).map_err(|e| e.to_string())?;
        let unseen: usize = o.unseen.values().map(|&n| usize::from(n)).sum();
        if unseen != g.bag_len() + g.hidden_tiles().len()
            || o.hidden_count != g.hidden_tiles().len()
        {
            return Err(format!(
                "player {p}'s observation miscounts the unseen tiles"
            ));
        }
    }
    Ok(())
}

#[test]
fn hills_pass_the_conformance_kit() {
    for (text, hidden, games, players) in [(FULL_HIDDEN, true, 200, 3), (FULL_BLANK, false, 100, 2)]
    {
        let r = rules(text);
        let opts = Options {
            games,
            players,
            ..Options::default()
        };
        let report = conformance(&r, opts, &|g| hill_invariants(g, hidden))
            .unwrap_or_else(|f| panic!("{f}"));
        assert_eq!(report.games, games);
    }
    // The shipped rulesets, with shepherds and vineyards around.
    for (file, hidden) in [
        ("hills-and-sheep.toml", true),
        ("hills-and-sheep-blank-underlays.toml", false),
    ] {
        let opts = Options {
            games: 40,
            players: 3,
            first_seed: 1000,
            ..Options::default()
        };
        conformance(&config(file), opts, &|g| hill_invariants(g, hidden))
            .unwrap_or_else(|f| panic!("{file}: {f}"));
    }
    // Every legal action tried, through the host's kit (clone determinism too).
    let opts = Options {
        games: 4,
        players: 2,
        first_seed: 7,
        try_every_action: true,
        ..Options::default()
    };
    carcassonne_host::conformance::check_rules(&rules(FULL_HIDDEN), opts)
        .unwrap_or_else(|f| panic!("{f}"));
    let r = hills("hill-tiebreak = \"count-followers-on-hills\"");
    let opts = Options {
        games: 3,
        players: 4,
        first_seed: 11,
        try_every_action: true,
        ..Options::default()
    };
    conformance(&r, opts, &|g| hill_invariants(g, true)).unwrap_or_else(|f| panic!("{f}"));
}

#[test]
fn hills_compiled_in_and_loaded_play_the_same_games() {
    assert_same_compiled_in_and_loaded(FULL_HIDDEN, 2, 0..3);
    assert_same_compiled_in_and_loaded(FULL_BLANK, 3, 3..5);
    assert_same_compiled_in_and_loaded(FULL_HIDDEN, 4, 5..6);
}
