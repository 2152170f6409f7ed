//! The `river` and `pig-herd` plugins and the tile sets `the-river` and
//! `the-river-ii` (RV1–RV26, X37–X44 of `shared/expansions/the-river.md`), each
//! ruling played with the plugins compiled in and loaded from the official
//! library, with exact placements or points.
//!
//! Geometry: the spring RI/s lies at (0, 0), its river flowing east; x grows
//! east, y grows south; `place X Y R` turns the tile R quarter turns clockwise.
//! `RI.1/II` (river W–S) turned 0 runs W–S, 1 N–W, 2 E–N, 3 S–E; `RI.1/IFI`
//! turned 0 runs W–E, 1 N–S.

use crate::common::*;
use carcassonne_core::scenario::run_on;
use carcassonne_core::{
    Action, Actor, Event, FigureOption, Game, PlayerId, Pos, Rng, Rules, TileCatalogue, TileTypeId,
};
use std::collections::BTreeSet;
use std::sync::Arc;

/// A ruleset of `sets` (TOML list items) with the river plugin's `options` and
/// any further `more` tables.
pub(crate) fn river(sets: &str, edition: &str, options: &str, more: &str) -> String {
    format!(
        "name = \"river\"\nedition = \"{edition}\"\ntilesets = [{sets}]\n\
         [plugins.river]\n{options}\n{more}\n"
    )
}

/// Base + River I (C1) with three plain curves, under `u-turn = {u_turn}`.
pub(crate) fn curves(u_turn: &str) -> String {
    river(
        r#""base", "the-river""#,
        "C1",
        &format!("u-turn = \"{u_turn}\""),
        "[tiles.counts]\n\"RI.1/II\" = 3\n",
    )
}

/// The rules compiled in and loaded from the official library.
pub(crate) fn both(text: &str) -> [Arc<Rules>; 2] {
    compiled_in_and_loaded(text)
}

/// A new game of `r` after `script`.
pub(crate) fn after(r: &Arc<Rules>, script: &str) -> Game {
    let mut g = Game::new(r.clone(), 2, 0).expect("game");
    run_on(&mut g, script).unwrap_or_else(|e| panic!("{e}"));
    g
}

/// The legal placements of the drawn tile, as `(x, y, rot)`.
pub(crate) fn placements(g: &Game) -> BTreeSet<(i16, i16, u8)> {
    g.legal_actions()
        .expect("legal actions")
        .into_iter()
        .filter_map(|a| match a {
            Action::Place(p) => Some((p.pos.x, p.pos.y, p.rot.quarter_turns())),
            _ => None,
        })
        .collect()
}

pub(crate) fn ty(g: &Game, id: &str) -> TileTypeId {
    g.rules().tiles.by_id(id).expect("tile")
}

pub(crate) fn in_bag(g: &Game, id: &str) -> usize {
    let t = ty(g, id);
    g.bag().iter().filter(|&&b| b == t).count()
}

pub(crate) fn is_river(g: &Game, t: TileTypeId) -> bool {
    g.tile_type_sides(t).expect("type").barrier_sides(0) != 0
}

/// The tile types drawn in a random game of `r` (seed `seed`), in order, with
/// whether each was set aside (RV8: it fit nowhere) — from the game's events.
pub(crate) fn draws(r: &Arc<Rules>, seed: u64) -> Vec<(TileTypeId, bool)> {
    let mut g = Game::new(r.clone(), 2, seed).expect("game");
    g.set_logging(true);
    let mut rng = Rng::new(seed);
    let mut out: Vec<(TileTypeId, bool)> = Vec::new();
    loop {
        let more = g.step_random(&mut rng).expect("step");
        for e in g.take_events() {
            match e {
                Event::TileDrawn { tile, .. } => out.push((tile, false)),
                Event::TileSetAside { tile } => {
                    let last = out.last_mut().expect("drawn before set aside");
                    assert_eq!(last.0, tile, "the drawn tile is set aside");
                    last.1 = true;
                }
                _ => {}
            }
        }
        if !more {
            return out;
        }
    }
}

/// The drawn tile types of `draws`, set-aside ones included.
pub(crate) fn drawn(d: &[(TileTypeId, bool)]) -> Vec<TileTypeId> {
    d.iter().map(|&(t, _)| t).collect()
}

// ------------------------------------------------------------- tile data

fn catalogue(sets: &[&str], edition: &str) -> TileCatalogue {
    let mut specs: Vec<_> = sets
        .iter()
        .map(|s| carcassonne_host::tilesets::load(s, None).expect("built in"))
        .collect();
    let spring =
        carcassonne_host::tilesets::parse(include_str!("../../plugins/river/tiles.toml"), "river")
            .expect("the plugin's set");
    specs.push(spring);
    TileCatalogue::build(&specs, edition).expect("tiles compile")
}

/// Copies per side letter (`I`, `C`, `R`, `F`) over the catalogue.
fn side_letters(cat: &TileCatalogue) -> [u32; 4] {
    let mut n = [0u32; 4];
    for t in &cat.types {
        for k in t.sides(carcassonne_core::Rotation::R0).kinds() {
            let i = "ICRF".find(k.letter()).expect("no wildcard");
            n[i] += u32::from(t.count);
        }
    }
    n
}

#[test]
fn rv1_twelve_tiles_per_river_and_edition_with_their_sides() {
    for ed in ["C1", "C2"] {
        let one = catalogue(&["the-river"], ed);
        let two = catalogue(&["the-river-ii"], ed);
        let count = |c: &TileCatalogue| c.types.iter().map(|t| u32::from(t.count)).sum::<u32>();
        assert_eq!((count(&one), count(&two)), (12, 12), "{ed}");
        assert_eq!(side_letters(&one), [22, 5, 6, 15], "{ed}: River I I C R F");
        assert_eq!(side_letters(&two), [22, 6, 5, 15], "{ed}: River II I C R F");
    }
}

#[test]
fn rv26_the_editions_differ_by_the_garden_curves_only() {
    let n = |c: &TileCatalogue, id: &str| c.by_id(id).map_or(0, |t| c.types[t.index()].count);
    let (c1, c2) = (
        catalogue(&["the-river", "the-river-ii"], "C1"),
        catalogue(&["the-river", "the-river-ii"], "C2"),
    );
    assert_eq!((n(&c1, "RI.1/II"), n(&c1, "RI.1/IIG")), (2, 0));
    assert_eq!((n(&c2, "RI.1/II"), n(&c2, "RI.1/IIG")), (1, 1));
    assert_eq!((n(&c1, "RI.2/II"), n(&c1, "RI.2/IIG")), (1, 0));
    assert_eq!((n(&c2, "RI.2/II"), n(&c2, "RI.2/IIG")), (0, 1));
}

#[test]
fn rv2_the_spring_is_the_start_tile_and_the_base_start_tile_is_not_placed() {
    for r in both(&river(r#""base", "the-river""#, "C2", "", "")) {
        let g = Game::new(r, 2, 0).expect("game");
        let t = g.tile_at(Pos::new(0, 0)).expect("start");
        assert_eq!(g.tile_type_name(g.tile_type_id(t).unwrap()), Some("RI/s"));
        assert_eq!(g.tile_rot(t), Some(carcassonne_core::Rotation::R0));
        assert_eq!(g.placed_count(), 1);
    }
}

#[test]
fn rv3_the_base_start_tile_is_shuffled_removed_or_held_until_after_the_river() {
    for (opt, bag, rcr) in [
        ("shuffled", 83, 4),
        ("removed", 82, 3),
        ("after-river", 83, 4),
    ] {
        for r in both(&river(
            r#""base", "the-river""#,
            "C2",
            &format!("base-start-tile = \"{opt}\""),
            "",
        )) {
            let g = Game::new(r, 2, 0).expect("game");
            assert_eq!((g.bag_len(), in_bag(&g, "BA/RCr")), (bag, rcr), "{opt}");
        }
    }
    // `after-river`: the first land tile drawn is the base start tile.
    let r = rules(&river(
        r#""base", "the-river""#,
        "C2",
        "base-start-tile = \"after-river\"",
        "",
    ));
    let g = Game::new(r.clone(), 2, 0).unwrap();
    for seed in 0..6 {
        let d = drawn(&draws(&r, seed));
        assert_eq!(d[11], ty(&g, "BA/RCr"), "seed {seed}");
        assert!(d[..11].iter().all(|&t| is_river(&g, t)), "seed {seed}");
    }
}

#[test]
fn rv4_both_rivers_one_spring_one_lake_by_option() {
    for (opt, kept, left_out) in [
        ("volcano", "RI.2/I.v", "RI.1/I.e"),
        ("plain", "RI.1/I.e", "RI.2/I.v"),
    ] {
        for r in both(&river(
            r#""base", "the-river", "the-river-ii""#,
            "C2",
            &format!("combined-lake = \"{opt}\""),
            "",
        )) {
            let g = Game::new(r, 2, 0).expect("game");
            let river_tiles = g.bag().iter().filter(|&&t| is_river(&g, t)).count();
            assert_eq!(river_tiles, 21, "{opt}: the fork, 19 river tiles, one lake");
            assert_eq!((in_bag(&g, kept), in_bag(&g, left_out)), (1, 0), "{opt}");
        }
    }
}

/// River I with the base game, at its defaults.
fn river_one() -> Arc<Rules> {
    rules(&river(r#""base", "the-river""#, "C2", "", ""))
}

#[test]
fn rv5_every_river_tile_is_drawn_before_any_land_tile() {
    let r = river_one();
    let g = Game::new(r.clone(), 2, 0).unwrap();
    for seed in 0..8 {
        let d = drawn(&draws(&r, seed));
        // Set-aside river tiles (RV8) are drawn too: 11 river tiles, then 72 land.
        assert_eq!(d.len(), 11 + 72, "seed {seed}");
        assert!(d[..11].iter().all(|&t| is_river(&g, t)), "seed {seed}");
        assert!(d[11..].iter().all(|&t| !is_river(&g, t)), "seed {seed}");
        assert!(
            !d.contains(&ty(&g, "RI/s")),
            "seed {seed}: the spring is never drawn"
        );
    }
    // A land tile is held back by the river plugin during the river phase.
    let e = run_on(&mut g.clone(), "draw BA/C").unwrap_err().to_string();
    assert!(
        e.ends_with("`BA/C` is in the bag, but plugin `river` holds it back from this draw"),
        "{e}"
    );
}

#[test]
fn rv6_the_lake_is_the_last_river_tile_drawn() {
    let r = river_one();
    let g = Game::new(r.clone(), 2, 0).unwrap();
    let lake = ty(&g, "RI.1/I.e");
    for seed in 0..8 {
        let d = drawn(&draws(&r, seed));
        assert_eq!(d.iter().position(|&t| t == lake), Some(10), "seed {seed}");
    }
    // While another river tile is in the bag the lake may not be drawn.
    let e = run_on(&mut g.clone(), "draw RI.1/I.e")
        .unwrap_err()
        .to_string();
    assert!(
        e.ends_with("`RI.1/I.e` is in the bag, but plugin `river` holds it back from this draw"),
        "{e}"
    );
    run_on(&mut g.clone(), "draw RI.1/IFI").expect("a river tile may be drawn");
}

#[test]
fn rv9_after_the_river_every_land_tile_is_drawn_until_the_bag_is_empty() {
    let r = river_one();
    let g = Game::new(r.clone(), 2, 0).unwrap();
    let land: Vec<TileTypeId> = {
        let mut v: Vec<_> = g
            .bag()
            .iter()
            .copied()
            .filter(|&t| !is_river(&g, t))
            .collect();
        v.sort();
        v
    };
    assert_eq!(land.len(), 72);
    for seed in 0..4 {
        let mut d = drawn(&draws(&r, seed))[11..].to_vec();
        d.sort();
        assert_eq!(d, land, "seed {seed}: the 72 land tiles, each once");
    }
}

#[test]
fn rv9_once_the_river_is_done_its_filters_are_switched_off() {
    use carcassonne_core::hook;
    let filters = hook::FILTER_DRAWS | hook::FILTER_PLACEMENTS | hook::FILTER_FIGURE_OPTIONS;
    for r in both(&river(r#""base", "the-river""#, "C2", "", "")) {
        let g0 = Game::new(r.clone(), 2, 3).unwrap();
        assert_eq!(g0.active_hooks() & filters, filters, "the river phase");
        let mut g = g0.clone();
        let mut rng = Rng::new(3);
        // Play until the first land tile is drawn.
        while g.drawn_tile().is_none_or(|t| is_river(&g, t)) {
            g.step_random(&mut rng).unwrap();
        }
        // The land phase costs what the game without the plugin costs: no
        // filter of the river's is called any more.
        assert_eq!(g.active_hooks() & filters, 0);
        assert_eq!(g.bag().iter().filter(|&&t| is_river(&g, t)).count(), 0);
    }
}

#[test]
fn rv7_the_fork_first_then_the_river_then_the_lake() {
    for (text, n) in [
        (river(r#""base", "the-river-ii""#, "C2", "", ""), 11),
        (
            river(r#""base", "the-river", "the-river-ii""#, "C2", "", ""),
            21,
        ),
    ] {
        let r = rules(&text);
        let g = Game::new(r.clone(), 2, 0).unwrap();
        for seed in 0..6 {
            let d = drawn(&draws(&r, seed));
            assert_eq!(d.len(), n + 72, "seed {seed}");
            assert!(d[..n].iter().all(|&t| is_river(&g, t)), "seed {seed}");
            assert!(d[n..].iter().all(|&t| !is_river(&g, t)), "seed {seed}");
            assert_eq!(d[0], ty(&g, "RI.2/III"), "seed {seed}: the fork first");
            assert_eq!(d[n - 1], ty(&g, "RI.2/I.v"), "seed {seed}: the lake last");
        }
    }
}

#[test]
fn rv13_immediate_no_two_turns_the_same_way_in_a_row() {
    for r in both(&curves("immediate")) {
        // Right (east to south), then right again would turn back west.
        let g = after(&r, "draw RI.1/II; place 1 0 0; pass; draw RI.1/II");
        assert_eq!(placements(&g), BTreeSet::from([(1, 1, 2)]));
        // The refusal says why (the engine's error, which the browser shows).
        let e = run_on(&mut g.clone(), "place 1 1 1")
            .unwrap_err()
            .to_string();
        assert!(
            e.ends_with(
                "the river may not turn back on itself (no two turns the same way in a row) \
                 (plugin `river`)"
            ),
            "{e}"
        );
        // With a straight between, the second right turn is legal.
        let g = after(
            &r,
            "draw RI.1/II; place 1 0 0; pass; draw RI.1/IFI; place 1 1 1; pass; draw RI.1/II",
        );
        assert_eq!(placements(&g), BTreeSet::from([(1, 2, 1), (1, 2, 2)]));
    }
}

/// Right, straight, right, straight: the next curve at (-1, 2).
const SPIRAL: &str = "draw RI.1/II; place 1 0 0; pass; draw RI.1/IFI; place 1 1 1; pass; \
                      draw RI.1/II; place 1 2 1; pass; draw RI.1/IFI; place 0 2 0; pass; draw RI.1/II";

#[test]
fn rv14_look_ahead_wants_an_empty_block_ahead_of_every_exit() {
    for r in both(&curves("look-ahead")) {
        let g = after(&r, "draw RI.1/II; place 1 0 0; pass; draw RI.1/II");
        assert_eq!(placements(&g), BTreeSet::from([(1, 1, 2)]));
        // Right, straight, right, straight, right would lead back beside the spring.
        let g = after(&r, SPIRAL);
        assert_eq!(placements(&g), BTreeSet::from([(-1, 2, 3)]));
    }
    // The same shape is legal under the default (RV13).
    let g = after(&rules(&curves("immediate")), SPIRAL);
    assert_eq!(placements(&g), BTreeSet::from([(-1, 2, 2), (-1, 2, 3)]));
}

#[test]
fn rv15_never_no_exit_against_a_direction_the_river_flowed() {
    for r in both(&curves("never")) {
        let g = after(
            &r,
            "draw RI.1/II; place 1 0 0; pass; draw RI.1/IFI; place 1 1 1; pass; draw RI.1/II",
        );
        // It flowed east and south: west is against the east.
        assert_eq!(placements(&g), BTreeSet::from([(1, 2, 2)]));
    }
}

// ---------------------------------------------------------- placement rule

// RV13–RV15 (the u-turn option); the other placement rulings are in
// `river_placement.rs`.

// ------------------------------------------------------------ the volcano

#[test]
fn rv22_the_volcano_lake_allows_no_figure_and_gives_another_turn() {
    let text = river(
        r#""base", "the-river-ii""#,
        "C2",
        "",
        "[tiles.counts]\n\"RI.2/III\" = 0\n\"RI.2/IFC\" = 0\n\"RI.2/LIFI\" = 0\n\"RI.2/RIrI\" = 0\n\
         \"RI.2/CIRI\" = 0\n\"RI.2/IIG\" = 0\n\"RI.2/CcII+\" = 0\n\"RI.2/II+\" = 0\n\
         \"RI.2/RrII\" = 0\n\"RI.2/CIcI\" = 0\n",
    );
    for r in both(&text) {
        let mut g = after(&r, "draw RI.2/I.v; place 1 0 0");
        let opts: Vec<_> = g
            .legal_actions()
            .unwrap()
            .into_iter()
            .filter(|a| matches!(a, Action::Figure(_)))
            .collect();
        assert_eq!(opts, vec![Action::Figure(FigureOption::Pass)]);
        run_on(&mut g, "pass").unwrap();
        assert_eq!(
            g.current_player(),
            PlayerId::ALL[0],
            "the same player again"
        );
        assert_eq!(g.actor(), Actor::Chance);
    }
    // `plain`: a follower may stand on the lake's field, and the turn passes.
    let plain = text.replace(
        "[plugins.river]\n",
        "[plugins.river]\nvolcano-lake = \"plain\"\n",
    );
    let mut g = after(&rules(&plain), "draw RI.2/I.v; place 1 0 0");
    assert!(g.legal_actions().unwrap().len() > 1);
    run_on(&mut g, "pass").unwrap();
    assert_eq!(g.current_player(), PlayerId::ALL[1]);
}

// -------------------------------------------------------------- rulesets

// The shipped rulesets' conformance, run orders, compiled-in and loaded games
// and bots: `shipped_rulesets.rs`.

/// Base tiles all out but two `BA/C`, River II but the pig herd curve and the
/// volcano lake: a game of four turns.
fn herd_game(more: &str) -> String {
    let base = carcassonne_host::tilesets::load("base", None).expect("base");
    let two = carcassonne_host::tilesets::load("the-river-ii", None).expect("river ii");
    let mut counts = String::from("[tiles.counts]\n");
    for t in base.tiles.iter().chain(&two.tiles) {
        let n = match t.id.as_str() {
            "BA/C" => 2,
            "RI.2/II+" | "RI.2/I.v" => 1,
            _ => 0,
        };
        counts += &format!("\"{}\" = {n}\n", t.id);
    }
    river(
        r#""base", "the-river-ii""#,
        "C2",
        "",
        &format!("{more}\n{counts}"),
    )
}

/// Red's farmer in the spring's field (the herd's field joins it, RV18), the
/// volcano lake by Blue (no figure, another turn: RV22), a two-tile city
/// completed beside the field.
const HERD: &str = "draw RI.2/II+; place 1 0 0; deploy follower field S; \
                    draw RI.2/I.v; place 1 -1 3; pass; \
                    draw BA/C; place 1 1 2; pass; \
                    draw BA/C; place 1 2 0; pass";

#[test]
fn x44_the_pig_herd_adds_one_per_city_to_the_field_winner() {
    for (more, red) in [("[plugins.pig-herd]\n", 4), ("", 3)] {
        for r in both(&herd_game(more)) {
            let g = after(&r, HERD);
            assert!(g.is_over(), "{more}");
            assert_eq!(g.scores(), &[red, 0][..], "{more}");
        }
    }
}
