//! Bridges, Castles & Bazaars as a whole: its tile set (BB1, BB3) and the bots
//! playing it to the end with bridges and auctions (the shipped rulesets'
//! conformance and compiled-in against loaded games are in `shipped_rulesets.rs`).
//!
//! The plugins' own rulings are in `bridges.rs` and `bazaar.rs`.

use crate::census::{copies, count, fingerprint};
use crate::common::*;
use carcassonne_bots::{Bot, BotSpec};
use carcassonne_core::{Game, Rules, TileType};
use std::sync::Arc;

/// The two shipped rulesets.
const RULESETS: [&str; 2] = [
    "bridges-castles-and-bazaars.toml",
    "bridges-castles-and-bazaars-hills-and-sheep.toml",
];

/// Base + Bridges, Castles & Bazaars tiles of `edition`, no plugin.
fn tiles(edition: &str) -> Arc<Rules> {
    rules(&format!(
        "name = \"bb tiles\"\nedition = \"{edition}\"\n\
         tilesets = [\"base\", \"bridges-castles-and-bazaars\"]\n"
    ))
}

/// Copies of the expansion's tiles satisfying `pred`.
fn bb(r: &Rules, pred: impl Fn(&TileType) -> bool) -> u32 {
    copies(&r.tiles, |t| t.id.starts_with("BB/") && pred(t))
}

#[test]
fn bb1_bb3_twelve_tiles_per_edition_with_8_bazaars_and_the_garden_twin_in_c2() {
    for ed in ["C1", "C2"] {
        let r = tiles(ed);
        let m = &r.tiles.markers;
        let bazaar = m.bit("bazaar");
        let feature =
            |bit: u64| move |t: &TileType| t.features.iter().any(|f| f.markers & bit != 0);
        assert_eq!(bb(&r, |_| true), 12, "{ed}");
        assert_eq!(bb(&r, |t| t.markers & bazaar != 0), 8, "{ed} bazaars");
        assert_eq!(count(&r.tiles, "BB/Cccc.b"), 2);
        assert_eq!(bb(&r, feature(m.bit("inn"))), 2, "{ed} inns");
        let cloisters = |t: &TileType| {
            t.features
                .iter()
                .any(|f| f.kind == carcassonne_core::FeatureKind::Cloister)
        };
        assert_eq!(bb(&r, cloisters), 2, "{ed} cloisters");
        let gardens = u32::from(ed == "C2");
        assert_eq!(bb(&r, feature(m.bit("garden"))), gardens, "{ed} gardens");
        let (c1, c2) = (count(&r.tiles, "BB/CFR!"), count(&r.tiles, "BB/CFR!G"));
        assert_eq!((c1, c2), if ed == "C1" { (1, 0) } else { (0, 1) });
        // Side kinds over all copies: C 17, R 10, F 21.
        let mut sides = [0u32; 3];
        for t in r.tiles.types.iter().filter(|t| t.id.starts_with("BB/")) {
            for e in t.rot[0].edges {
                let i = match e {
                    carcassonne_core::EdgeKind::City => 0,
                    carcassonne_core::EdgeKind::Road => 1,
                    _ => 2,
                };
                sides[i] += u32::from(t.count);
            }
        }
        assert_eq!(sides, [17, 10, 21], "{ed}");
    }
}

#[test]
fn bb3_every_tile_connects_as_printed() {
    let r = tiles("C2");
    let m = &r.tiles.markers;
    let expected: &[(&str, &[&str])] = &[
        ("BB/Cccc.b", &["city:NESW"]),
        (
            "BB/CCCR",
            &[
                "city:E",
                "city:N",
                "city:W",
                "field:S/1",
                "field:S/3",
                "road:S",
            ],
        ),
        ("BB/CFc.b", &["city:EW", "field:N/1", "field:S/1"]),
        (
            "BB/CFR!G",
            &[
                "city:W+no-castle",
                "field:E/1",
                "field:ES/1",
                "field:N/1",
                "road:E",
                "spot:+garden",
            ],
        ),
        ("BB/CFR.b", &["city:N", "field:ESW/1", "road:S"]),
        ("BB/F.b", &["field:NESW/0"]),
        (
            "BB/LCFc",
            &["city:EW", "cloister:", "field:N/1", "field:S/1"],
        ),
        (
            "BB/LRFr",
            &["cloister:", "field:ESW/0", "field:NEW/0", "road:EW"],
        ),
        ("BB/R.bi", &["field:NESW/0", "road:S+inn"]),
        (
            "BB/RFR.b",
            &["field:NES/0", "field:NSW/0", "road:N", "road:S"],
        ),
        (
            "BB/RFR.bi",
            &["field:NES/0", "field:NSW/0", "road:N", "road:S+inn"],
        ),
    ];
    for (id, want) in expected {
        let t = r.tiles.get(r.tiles.by_id(id).unwrap()).unwrap();
        let mut want: Vec<String> = want.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(fingerprint(t, Some(m)), want, "{id}");
    }
}

// The shipped rulesets' conformance, run orders and compiled-in and loaded
// games: `shipped_rulesets.rs`.

#[test]
fn the_random_greedy_and_search_bots_play_every_ruleset_to_the_end() {
    for file in RULESETS {
        let r = config(file);
        for (i, spec) in ["random", "greedy", "mcts:8"].iter().enumerate() {
            let seed = 40 + i as u64;
            let mut g = Game::new(r.clone(), 3, seed).unwrap();
            let spec: BotSpec = spec.parse().unwrap();
            let mut bots: Vec<Box<dyn Bot>> = (0..3).map(|p| spec.build(seed + p)).collect();
            let (mut bridges, mut bids) = (0, 0);
            play_bots(&mut g, &mut bots, |_, text| {
                bridges += u32::from(text.contains(" bridges "));
                bids += u32::from(text.starts_with("bazaar "));
            });
            assert!(g.is_over(), "{file} {spec:?}");
            assert!(bridges > 0, "{file} {spec:?}: the bots laid bridges");
            assert!(bids > 0, "{file} {spec:?}: the bots took part in auctions");
            g.check_integrity().unwrap();
        }
    }
}

#[test]
fn the_bridges_promise_that_their_offered_placements_fit_is_kept() {
    // `OFFERED_FIT`: where the board's sides are plain, the core keeps the
    // bridges' candidates unchecked. The check plays the same games with the
    // promise and without it and compares every legal list, with 2 and with 5
    // players (the bridges run out at different times).
    use carcassonne_host::narrowings::{check, Options};
    for name in RULESETS {
        for players in [2, 5] {
            let opts = Options {
                games: 6,
                players,
                first_seed: 40,
                threads: 2,
            };
            let r = check(&config(name), opts).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(r.narrowed.iter().any(|p| p == "bridges"), "{name}: {r:?}");
            assert_eq!(r.games, 6);
            assert!(r.steps > 500, "{name}: {} steps", r.steps);
        }
    }
}
