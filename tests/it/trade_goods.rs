//! The `trade-goods` plugin and the Traders & Builders tile set (TB1–TB8, X18),
//! with exact points. The worked examples are those of
//! `shared/expansions/traders-and-builders.md` §4, restated from JCloisterZone's
//! engine tests `wine-scoring`, `grain-scoring` and `cloth-scoring-tie`.
//!
//! Geometry: the start tile BA/RCr lies at (0, 0) (city north, road west–east);
//! x grows east, y grows south; `place X Y R` turns the tile R quarter turns
//! clockwise. Player 0 is Red, player 1 Blue; they alternate.

use crate::census::{copies, count, feature_has, fingerprint};
use crate::common::*;
use carcassonne_core::PlayerId;
use carcassonne_core::{FeatureKind, Game, TileCatalogue};

/// Goods only, on the base game and the expansion's tiles.
pub const GOODS: &str = r#"
    name = "trade goods"
    tilesets = ["base", "traders-and-builders"]
    [plugins.trade-goods]
"#;

/// The same on the first edition's tile counts.
const GOODS_C1: &str = r#"
    name = "trade goods, first edition"
    edition = "C1"
    tilesets = ["base", "traders-and-builders"]
    [plugins.trade-goods]
"#;

/// Goods with hills (X18).
const GOODS_HILLS: &str = r#"
    name = "trade goods and hills"
    tilesets = ["base", "hills-and-sheep", "traders-and-builders"]
    [plugins.trade-goods]
    [plugins.hills]
"#;

/// `player`'s tokens as (wine, grain, cloth), read from an observation (TB6: they are public).
pub fn tokens(g: &Game, seen_by: u8, player: usize) -> (u64, u64, u64) {
    let o = g
        .observation(PlayerId::ALL[usize::from(seen_by)])
        .expect("observation");
    let t = &o.plugins["trade-goods"]["tokens"][player];
    let n = |k: &str| t[k].as_u64().expect("a count");
    (n("wine"), n("grain"), n("cloth"))
}

// ------------------------------------------------------------- tile data

fn catalogue(edition: &str) -> TileCatalogue {
    let set = carcassonne_host::tilesets::load("traders-and-builders", None).expect("built in");
    TileCatalogue::build(&[set], edition).expect("tiles compile")
}

#[test]
fn tb1_24_tiles_20_goods_symbols_9_wine_6_grain_5_cloth_in_both_editions() {
    for ed in ["C1", "C2"] {
        let cat = catalogue(ed);
        let symbols = |m: &str| {
            let bit = cat.markers.bit(m);
            copies(&cat, |t| {
                t.features
                    .iter()
                    .any(|f| f.kind == FeatureKind::City && f.markers & bit != 0)
            })
        };
        assert_eq!(copies(&cat, |_| true), 24, "{ed}");
        assert_eq!(symbols("wine"), 9, "{ed}");
        assert_eq!(symbols("grain"), 6, "{ed}");
        assert_eq!(symbols("cloth"), 5, "{ed}");
        let goods = cat.markers.bit("wine") | cat.markers.bit("grain") | cat.markers.bit("cloth");
        assert_eq!(
            copies(&cat, |t| t.features.iter().all(|f| f.markers & goods == 0)),
            4,
            "{ed}: TB/CR, TB/LRRR, TB/RRC, TB/RRrr"
        );
        // One symbol per tile: no tile carries two.
        for t in &cat.types {
            let n: u32 = t
                .features
                .iter()
                .map(|f| (f.markers & goods).count_ones())
                .sum();
            assert!(n <= 1, "{} has {n} goods symbols", t.id);
        }
        assert_eq!(
            copies(&cat, |t| t.features.iter().any(|f| f.inner)),
            4,
            "{ed}: TB/CCc.c, TB/CCc.w, TB/CcCC.c, TB/CcCc.w"
        );
        let garden = cat.markers.bit("garden");
        let gardens = copies(&cat, |t| feature_has(t, garden));
        assert_eq!(gardens, if ed == "C2" { 2 } else { 0 }, "{ed} gardens");
    }
}

#[test]
fn tb27_the_second_edition_swaps_two_tiles_for_their_garden_twins() {
    let (c1, c2) = (catalogue("C1"), catalogue("C2"));
    for (plain, garden) in [("TB/CcRR.w", "TB/CcRR.wG"), ("TB/CcR.c", "TB/CcR.cG")] {
        assert_eq!((count(&c1, plain), count(&c1, garden)), (1, 0));
        assert_eq!((count(&c2, plain), count(&c2, garden)), (0, 1));
    }
}

#[test]
fn tb26_tiles_connect_as_printed_bridges_spikes_and_inner_fields() {
    // From the spec's table (§3.2), for the tiles whose shape rules depend on.
    let expected: &[(&str, &[&str])] = &[
        // The bridge: two roads that never meet, four corner fields.
        (
            "TB/RRrr",
            &[
                "field:ES/0",
                "field:NE/0",
                "field:NW/0",
                "field:SW/0",
                "road:EW",
                "road:NS",
            ],
        ),
        // Road W crosses road S on a bridge and stops in the east field.
        (
            "TB/RRC",
            &[
                "city:N",
                "field:ES/1",
                "field:SW/0",
                "field:W/1",
                "road:S",
                "road:W",
            ],
        ),
        // The city's tongue splits the field at the corner: four fields.
        (
            "TB/CcRR!.c",
            &[
                "city:NW",
                "field:E/1",
                "field:E/1",
                "field:S/1",
                "field:S/1",
                "road:E",
                "road:S",
            ],
        ),
        (
            "TB/CcRR.w",
            &[
                "city:NW",
                "field:E/1",
                "field:ES/1",
                "field:S/1",
                "road:E",
                "road:S",
            ],
        ),
        // Inner fields touch no side.
        ("TB/CCc.w", &["city:EW", "city:S", "field:*/2", "field:N/1"]),
        ("TB/CcCC.c", &["city:E", "city:NW", "city:S", "field:*/3"]),
        ("TB/CcCc.w", &["city:ES", "city:NW", "field:*/2"]),
        (
            "TB/LRRR",
            &[
                "cloister:",
                "field:ES/0",
                "field:NEW/0",
                "field:SW/0",
                "road:E",
                "road:S",
                "road:W",
            ],
        ),
    ];
    let cat = catalogue("C2");
    for (id, want) in expected {
        let t = cat.get(cat.by_id(id).unwrap()).unwrap();
        assert_eq!(fingerprint(t, None), *want, "{id}");
    }
}

// ---------------------------------------------------------------- goods

#[test]
fn tb2_setup_the_tiles_join_the_bag_and_nobody_holds_tokens() {
    let r = rules(GOODS);
    let g = Game::new(r, 3, 1).unwrap();
    assert_eq!(g.bag_len(), 71 + 24);
    for p in 0..3 {
        assert_eq!(tokens(&g, 0, p), (0, 0, 0));
    }
}

#[test]
fn tb4_goods_go_to_the_player_who_completes_the_city_wine_scoring() {
    // Red's follower on the wine band of TB/CCc.w; Blue completes the 3-tile
    // city: Red scores 6, Blue takes the wine and scores 10 at the end.
    let g = check(
        &rules(GOODS),
        2,
        "draw TB/CCc.w; place 0 -1 1; deploy follower city S
         draw BA/CFC; place 0 -2 0; pass
         scores 6 0",
        &[6, 0],
    );
    assert_eq!(tokens(&g, 0, 1), (1, 0, 0));
    assert_eq!(tokens(&g, 0, 0), (0, 0, 0));
    let mut g = g;
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [6, 10]);
}

#[test]
fn tb4_an_empty_city_hands_out_its_goods_too_grain_scoring() {
    // Nobody occupies the 4-tile city with 2 grain; Red completes it.
    let mut g = check(
        &rules(GOODS),
        2,
        "draw TB/RCc.g; place 0 -1 2; pass
         draw TB/CRc.g; place 1 -1 0; pass
         draw BA/C; place 2 -1 3; pass",
        &[0, 0],
    );
    assert_eq!(tokens(&g, 1, 0), (0, 2, 0), "Blue sees Red's tokens");
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [10, 0]);
}

/// JCZ `cloth-scoring-tie`: Blue completes one cloth city, Red the other.
fn cloth_tie(first: &str) -> String {
    format!(
        "draw {first}; place 0 -1 2; pass
         draw TB/CcRC.c; place 1 -1 1; pass
         draw BA/CFC; place 2 -1 1; pass
         draw BA/CC; place 3 -1 0; pass
         draw BA/CFC; place 1 -2 0; pass
         end"
    )
}

#[test]
fn tb7_tied_holders_each_score_10_cloth_scoring_tie() {
    let g = check(&rules(GOODS_C1), 2, &cloth_tie("TB/CcR.c"), &[10, 10]);
    assert_eq!((tokens(&g, 0, 0), tokens(&g, 0, 1)), ((0, 0, 1), (0, 0, 1)));
    // The second edition's garden twin plays the same.
    check(&rules(GOODS), 2, &cloth_tie("TB/CcR.cG"), &[10, 10]);
}

#[test]
fn tb3_tb5_one_tile_completing_two_cities_gives_the_goods_of_both() {
    // City 1: the start's city and the wine band (Red's follower); city 2: the
    // grain corner capped at (1, -1). Blue's BA/CC closes both at once: Red
    // scores 6 for city 1, nobody city 2; Blue takes 1 wine and 1 grain.
    let mut g = check(
        &rules(GOODS),
        2,
        "draw TB/CFc.w; place 0 -1 1; deploy follower city N
         draw BA/C; place 1 -1 0; pass
         draw TB/Cc.g; place 1 -2 3; pass
         draw BA/CC; place 0 -2 2; pass",
        &[6, 0],
    );
    assert_eq!(tokens(&g, 0, 1), (1, 1, 0));
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [6, 20]);
}

#[test]
fn tb3_a_city_holds_the_symbols_of_all_its_tiles_and_the_completer_takes_each_kind() {
    // A 4-tile city with 2 grain (TB/RCc.g, TB/CRc.g) and 1 wine (TB/CRc.w in the
    // middle of the band): Blue completes it and takes 2 grain and 1 wine.
    let mut g = check(
        &rules(GOODS),
        2,
        "draw TB/RCc.g; place 0 -1 2; pass
         draw TB/CRc.w; place 1 -1 0; pass
         draw TB/CRc.g; place 2 -1 0; pass
         draw BA/C; place 3 -1 3; pass",
        &[0, 0],
    );
    assert_eq!(tokens(&g, 0, 1), (1, 2, 0));
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [0, 20]);
}

#[test]
fn tb6_an_unfinished_city_gives_no_goods_at_the_end() {
    let g = check(
        &rules(GOODS),
        2,
        "draw TB/CFc.w; place 0 -1 1; deploy follower city N
         end",
        &[2, 0],
    );
    assert_eq!(tokens(&g, 0, 0), (0, 0, 0));
}

#[test]
fn tb6_cities_without_goods_hand_out_nothing() {
    let g = check(
        &rules(GOODS),
        2,
        "draw BA/C; place 0 -1 2; pass
         end",
        &[0, 0],
    );
    assert_eq!((tokens(&g, 0, 0), tokens(&g, 0, 1)), ((0, 0, 0), (0, 0, 0)));
}

#[test]
fn tb8_there_is_no_trading_option() {
    let reg = registry();
    let e = match carcassonne_host::load_str(
        "name = \"r\"\ntilesets = [\"base\", \"traders-and-builders\"]\n[plugins.trade-goods]\ntrading = true\n",
        "r.toml",
        None,
        &reg,
    ) {
        Ok(_) => panic!("an unknown option is an error"),
        Err(e) => e.to_string(),
    };
    assert!(e.contains("r.toml:4:1") && e.contains("trading"), "{e}");
}

#[test]
fn x18_goods_ignore_majorities_the_completer_takes_them_when_a_hill_wins_the_city() {
    // Red's follower on the wine band; Blue's on the hill tile HS/Cc.h of a second
    // city; Red's BA/Cc joins and completes both as one 5-tile city. Red and Blue
    // tie 1–1 and Blue wins through his hill (H4): Blue scores 10, Red nothing for
    // the city, but Red placed the tile and takes the wine.
    let script = "draw TB/CFc.w; place 0 -1 1; deploy follower city N
         draw BA/C; place 1 -1 0; pass
         draw BA/L; place 0 1 0; pass
         draw HS/Cc.h; hidden BA/L; place 1 -2 3; deploy follower city S
         draw BA/Cc; place 0 -2 2; pass
         scores 0 10
         end";
    let g = check(&rules(GOODS_HILLS), 2, script, &[10, 10]);
    assert_eq!(tokens(&g, 0, 0), (1, 0, 0));
}

#[test]
fn trade_goods_logs_the_tokens_taken_and_the_final_points() {
    let lines = plugin_log(
        &rules(GOODS),
        2,
        "draw TB/RCc.g; place 0 -1 2; pass
         draw TB/CRc.g; place 1 -1 0; pass
         draw BA/C; place 2 -1 3; pass
         end",
    );
    assert_eq!(
        lines,
        [
            "{P0} completes the city and takes 2 grain.",
            "{P0} has the most grain: 10 points."
        ]
    );
}
