//! The Inns & Cathedrals expansion as a whole: its tile set (IC1, IC21, IC22,
//! IC23), the interaction X8 with vineyards and the abbot, the shipped rulesets,
//! random games with invariants, and the plugins compiled in against loaded.
//!
//! The plugins' own rulings are in `inns.rs`, `cathedrals.rs` and `large_follower.rs`.

use crate::census::{count, feature_has, fingerprint};
use crate::common::*;
use carcassonne_core::conformance::{run as conformance, Options};
use carcassonne_core::PlayerId;
use carcassonne_core::{Event, FeatureKind, FigureId, Game, Rng, Rules, ScoreReason, TileType};
use std::sync::Arc;

/// Base + Inns & Cathedrals tiles of `edition`, with `plugins` (ruleset text).
fn tiles(edition: &str, plugins: &str) -> Arc<Rules> {
    rules(&format!(
        "name = \"ic tiles\"\nedition = \"{edition}\"\n\
         tilesets = [\"base\", \"inns-and-cathedrals\"]\n{plugins}\n"
    ))
}

/// All three plugins of the expansion.
const ALL: &str = "[plugins.inns]\n[plugins.cathedrals]\n[plugins.large-follower]";

/// The copies of the expansion's tiles (ids `IC/…`) satisfying `pred`.
fn copies(r: &Rules, pred: &dyn Fn(&TileType) -> bool) -> u32 {
    crate::census::copies(&r.tiles, |t| t.id.starts_with("IC/") && pred(t))
}

// ------------------------------------------------------------ IC1, IC22

#[test]
fn ic1_ic22_eighteen_tiles_per_edition_with_6_inns_2_cathedrals_3_pennants() {
    for ed in ["C1", "C2"] {
        let r = tiles(ed, "");
        let m = &r.tiles.markers;
        let (inn, cathedral, pennant, garden) = (
            m.bit("inn"),
            m.bit("cathedral"),
            m.bit("pennant"),
            m.bit("garden"),
        );
        let with = |bit: u64| move |t: &TileType| feature_has(t, bit);
        assert_eq!(copies(&r, &|_| true), 18, "{ed}");
        assert_eq!(copies(&r, &with(inn)), 6, "{ed} inns");
        assert_eq!(copies(&r, &with(cathedral)), 2, "{ed} cathedrals");
        assert_eq!(copies(&r, &with(pennant)), 3, "{ed} pennants");
        let gardens = if ed == "C2" { 2 } else { 0 };
        assert_eq!(copies(&r, &with(garden)), gardens, "{ed} gardens");
        assert_eq!(r.tiles.total(), 72 + 18, "{ed}: with the base game");
    }
}

#[test]
fn ic22_c2_replaces_two_tiles_by_their_garden_twins_and_is_the_default() {
    let default = rules("name = \"ic tiles\"\ntilesets = [\"base\", \"inns-and-cathedrals\"]\n");
    let (r1, r2) = (tiles("C1", ""), tiles("C2", ""));
    for (c1, c2) in [("IC/CCCC", "IC/CCCCG"), ("IC/RFr.i", "IC/RFr.iG")] {
        let n = |r: &Rules, id: &str| count(&r.tiles, id);
        assert_eq!((n(&r1, c1), n(&r1, c2)), (1, 0), "C1");
        assert_eq!((n(&r2, c1), n(&r2, c2)), (0, 1), "C2");
        assert_eq!((n(&default, c1), n(&default, c2)), (0, 1), "default");
    }
    // Nothing else differs: the same 18 tiles, types aside.
    let (r1, r2) = (tiles("C1", ALL), tiles("C2", ALL));
    let others = |r: &Rules| -> Vec<(String, u16)> {
        r.tiles
            .types
            .iter()
            .filter(|t| t.id.starts_with("IC/") && t.count > 0 && !t.id.ends_with('G'))
            .filter(|t| t.id != "IC/CCCC" && t.id != "IC/RFr.i")
            .map(|t| (t.id.clone(), t.count))
            .collect()
    };
    assert_eq!(others(&r1), others(&r2));
    assert_eq!(others(&r1).iter().map(|(_, c)| c).sum::<u16>(), 16);
}

// ------------------------------------------------------------------ IC21

#[test]
fn ic21_ic4_ic9_every_tile_connects_as_printed() {
    // From the spec's tile table (§3.2).
    let expected: &[(&str, &[&str])] = &[
        ("IC/Cccc.c", &["city:NESW+cathedral"]),
        (
            "IC/LRFR",
            &[
                "cloister:",
                "field:ESW/0",
                "field:NEW/0",
                "road:E",
                "road:W",
            ],
        ),
        (
            "IC/CCCC",
            &["city:E", "city:N", "city:S", "city:W", "field:*/4"],
        ),
        (
            "IC/CCCCG",
            &[
                "city:E",
                "city:N",
                "city:S",
                "city:W",
                "field:*/4",
                "spot:+garden",
            ],
        ),
        ("IC/CCC", &["city:E", "city:N", "city:W", "field:S/3"]),
        (
            "IC/CRCR",
            &[
                "city:N",
                "city:S",
                "field:E/1",
                "field:E/1",
                "field:W/1",
                "field:W/1",
                "road:E",
                "road:W",
            ],
        ),
        ("IC/CCc+", &["city:NW+pennant", "city:S", "field:E/2"]),
        ("IC/C!", &["city:N", "field:E/1", "field:SW/1"]),
        ("IC/CFR", &["city:N", "field:ES/1", "field:SW/1", "road:S"]),
        ("IC/CcR", &["city:NW", "field:E/1", "field:ES/1", "road:E"]),
        (
            "IC/CRcR+",
            &[
                "city:EW+pennant",
                "field:N/1",
                "field:N/1",
                "field:S/1",
                "field:S/1",
                "road:N",
                "road:S",
            ],
        ),
        (
            "IC/RCc.i",
            &["city:NW", "field:ES/1", "field:S/1", "road:S+inn"],
        ),
        (
            "IC/RrC.i",
            &["city:N", "field:ESW/1", "field:SW/0", "road:SW+inn"],
        ),
        (
            "IC/CcRr+.i",
            &["city:NW+pennant", "field:ES/0", "field:ES/1", "road:ES+inn"],
        ),
        (
            "IC/RRR.i",
            &[
                "field:ES/0",
                "field:NEW/0",
                "field:SW/0",
                "road:E+inn",
                "road:S",
                "road:W",
            ],
        ),
        ("IC/RFr.i", &["field:ESW/0", "field:NEW/0", "road:EW+inn"]),
        (
            "IC/RFr.iG",
            &["field:ESW/0", "field:NEW/0", "road:EW+inn", "spot:+garden"],
        ),
        ("IC/Rr.i", &["field:NESW/0", "field:SW/0", "road:SW+inn"]),
        (
            "IC/RrRr",
            &[
                "field:ES/0",
                "field:NESW/0",
                "field:NW/0",
                "road:ES",
                "road:NW",
            ],
        ),
    ];
    let r = tiles("C2", "");
    let ic: Vec<&TileType> = r
        .tiles
        .types
        .iter()
        .filter(|t| t.id.starts_with("IC/"))
        .collect();
    assert_eq!(ic.len(), expected.len(), "19 kinds");
    for (id, want) in expected {
        let t = r
            .tiles
            .get(r.tiles.by_id(id).unwrap_or_else(|| panic!("{id}")))
            .expect("type");
        let mut want: Vec<String> = want.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(fingerprint(t, Some(&r.tiles.markers)), want, "{id}");
    }
}

#[test]
fn ic21_the_cloister_tile_ends_both_roads() {
    // IC/LRFR east of the start: Red on its west road; a junction west of the start
    // closes it: (-1,0), start, (1,0) = 3. The east road and both fields are separate.
    let r = tiles("C2", ALL);
    let g = run(&r, 2, "draw IC/LRFR; place 1 0 0").unwrap();
    assert_eq!(
        g.legal_actions().unwrap().len(),
        1 + 5 + 5,
        "pass, 5 follower, 5 large"
    );
    check(
        &r,
        2,
        "draw IC/LRFR; place 1 0 0; deploy follower road W
         draw BA/RRR; place -1 0 0; pass",
        &[3, 0],
    );
}

#[test]
fn ic21_the_crossing_tile_ends_both_roads_and_has_four_corner_fields() {
    let r = tiles("C2", ALL);
    // Two caps, two roads, four fields: 8 places for each kind of follower.
    let g = run(&r, 2, "draw IC/CRCR; place 1 0 0").unwrap();
    assert_eq!(g.legal_actions().unwrap().len(), 1 + 8 + 8);
    check(
        &r,
        2,
        "draw IC/CRCR; place 1 0 0; deploy follower road W
         draw BA/RRR; place -1 0 0; pass",
        &[3, 0],
    );
}

#[test]
fn ic21_the_tongue_of_ic_c_splits_its_fields() {
    // IC/C! north of the start (turned 180°: city S, field E printed -> W, fields
    // S+W printed -> N+E). Red's farmer west, Blue's north: both border the
    // completed 2-tile city and are not joined: 3 each.
    check(
        &tiles("C2", ALL),
        2,
        "draw IC/C!; place 0 -1 2; deploy follower field W
         draw BA/L; place 1 -1 0; deploy follower field
         end",
        &[3, 3],
    );
}

// ------------------------------------------------------------------ IC23

#[test]
fn ic23_later_editions_are_not_offered() {
    let text = "name = \"x\"\nedition = \"C3\"\ntilesets = [\"base\", \"inns-and-cathedrals\"]\n";
    let e = carcassonne_host::load_str(text, "c3.toml", None, &registry())
        .unwrap_err()
        .to_string();
    assert!(e.contains("c3.toml:2") && e.contains("C1"), "{e}");
}

// -------------------------------------------------------------------- X8

/// IC/LRFR east of the start with the figure `who` on its cloister, surrounded
/// by three vineyards (HS/Cc.v NW, HS/RRr.v E, HS/RCC.v SE) and plain tiles.
fn lrfr_with_vineyards(who: &str) -> String {
    format!(
        "draw IC/LRFR; place 1 0 0; deploy {who} cloister
         draw HS/Cc.v; place 0 -1 3; pass
         draw BA/L; place 1 -1 0; pass
         draw HS/RRr.v; place 2 0 0; pass
         draw BA/L; place 2 -1 0; pass
         draw HS/RCC.v; place 2 1 2; pass
         draw BA/L; place 1 1 0; pass
         scores 0 0
         draw BA/L; place 0 1 0; pass"
    )
}

#[test]
fn x8_the_inn_tiles_cloister_is_an_ordinary_cloister_for_vineyards_and_the_abbot() {
    let r = rules(
        "name = \"everything\"\ntilesets = [\"base\", \"hills-and-sheep\", \"inns-and-cathedrals\"]\n\
         [plugins.inns]\n[plugins.cathedrals]\n[plugins.large-follower]\n\
         [plugins.vineyards]\n[plugins.abbot]\n[plugins.special-cities]\n",
    );
    for who in ["follower", "large-follower", "abbot"] {
        check(&r, 2, &lrfr_with_vineyards(who), &[9 + 3 * 3, 0]);
    }
}

// ------------------------------------------------- rulesets and random games

/// The large follower's own invariants: each player has exactly one, on the board
/// or in his supply; it never stands on a spot, nor on a field with farmers off.
fn large_invariants(g: &Game) -> Result<(), String> {
    let Some(kind) = g.rules().figure_kind("large-follower") else {
        return Ok(());
    };
    let farmers_off = g.rules().options.farmers == carcassonne_core::FarmerScoring::Off;
    let mut on_board = [0u8; 6];
    for fig in (0..g.figure_count() as u16).map(FigureId) {
        let Some(f) = g
            .figure_feature(fig)
            .filter(|_| g.figure_kind(fig) == Some(kind))
        else {
            continue;
        };
        let owner = g
            .figure_owner(fig)
            .ok_or("a large follower without owner")?;
        on_board[owner.index()] += 1;
        match g.feature_kind(f).ok_or("no such feature")? {
            FeatureKind::Spot => return Err("a large follower stands on a spot".into()),
            FeatureKind::Field if farmers_off => {
                return Err("a large farmer with farmers off".into())
            }
            _ => {}
        }
    }
    for p in PlayerId::all(g.players()) {
        if on_board[p.index()] + g.supply(p, kind) != 1 {
            return Err(format!(
                "player {p} does not have exactly one large follower"
            ));
        }
    }
    Ok(())
}

#[test]
fn both_rulesets_pass_the_conformance_kit_at_2_4_and_6_players() {
    for file in [
        "inns-and-cathedrals.toml",
        "hills-and-sheep-inns-and-cathedrals.toml",
    ] {
        let r = config(file);
        for (players, games) in [(2, 150), (4, 100), (6, 60)] {
            let opts = Options {
                games,
                players,
                first_seed: 500 * u64::from(players),
                ..Options::default()
            };
            let report = conformance(&r, opts, &large_invariants)
                .unwrap_or_else(|f| panic!("{file}, {players} players: {f}"));
            assert_eq!(report.games, games);
        }
        // Every legal action tried on clones, through the host's kit.
        let opts = Options {
            games: 3,
            players: 3,
            first_seed: 9,
            try_every_action: true,
            ..Options::default()
        };
        carcassonne_host::conformance::check_rules(&r, opts)
            .unwrap_or_else(|f| panic!("{file}: {f}"));
    }
}

#[test]
fn the_rulesets_are_their_base_plus_the_expansion() {
    let ids = |r: &Rules| -> Vec<String> {
        let mut v: Vec<String> = r.plugins.iter().map(|p| p.decl.id.clone()).collect();
        v.sort();
        v
    };
    let ic = config("inns-and-cathedrals.toml");
    let base = config("base.toml");
    assert_eq!(ids(&ic), ["cathedrals", "inns", "large-follower"]);
    assert_eq!(ic.options, base.options);
    assert_eq!(ic.tiles.total(), base.tiles.total() + 18);
    let both = config("hills-and-sheep-inns-and-cathedrals.toml");
    let hs = config("hills-and-sheep.toml");
    let mut want = ids(&hs);
    want.extend(ids(&ic));
    want.sort();
    assert_eq!(ids(&both), want);
    assert_eq!(both.options, hs.options);
    assert_eq!(both.tiles.total(), hs.tiles.total() + 18);
}

/// The `FeatureScored` events of a random game (seed `seed`, random bot).
fn scorings(r: &Arc<Rules>, players: u8, seed: u64) -> Vec<Event> {
    let mut g = Game::new(r.clone(), players, seed).unwrap();
    g.set_logging(true);
    let mut rng = Rng::new(seed);
    while g.step_random(&mut rng).unwrap() {}
    g.take_events()
        .into_iter()
        .filter(|e| matches!(e, Event::FeatureScored { .. }))
        .collect()
}

#[test]
fn ic5_ic7_ic10_ic12_random_games_differ_from_the_base_game_only_as_the_rules_say() {
    // Inns and cathedrals add no decision, so the random bot plays the same games
    // with and without them; every scoring must then match one of the rulings.
    let with = tiles("C2", "[plugins.inns]\n[plugins.cathedrals]");
    let without = tiles("C2", "");
    let (mut doubled, mut raised, mut zeroed) = (0, 0, 0);
    for seed in 0..300 {
        let (a, b) = (scorings(&with, 2, seed), scorings(&without, 2, seed));
        assert_eq!(a.len(), b.len(), "seed {seed}");
        for (x, y) in a.iter().zip(&b) {
            let (
                Event::FeatureScored {
                    kind,
                    reason,
                    winners,
                    points: p,
                    tiles,
                    ..
                },
                Event::FeatureScored {
                    kind: k2,
                    reason: r2,
                    winners: w2,
                    points: q,
                    tiles: t2,
                    ..
                },
            ) = (x, y)
            else {
                unreachable!()
            };
            assert_eq!((kind, reason, winners, tiles), (k2, r2, w2, t2));
            if p == q {
                continue;
            }
            let all = |f: &dyn Fn(i32, i32) -> bool| p.iter().zip(q).all(|(&a, &b)| f(a, b));
            match (kind, reason) {
                (FeatureKind::Road, ScoreReason::Completed) if all(&|a, b| a == 2 * b) => {
                    doubled += 1
                }
                (FeatureKind::City, ScoreReason::Completed) if all(&|a, b| 2 * a == 3 * b) => {
                    raised += 1
                }
                (FeatureKind::Road | FeatureKind::City, ScoreReason::Final)
                    if p.iter().all(|&a| a == 0) =>
                {
                    zeroed += 1
                }
                _ => panic!("seed {seed}: {x:?} against {y:?}"),
            }
        }
    }
    assert!(
        doubled > 0 && raised > 0 && zeroed > 0,
        "{doubled} {raised} {zeroed}"
    );
}

#[test]
fn inns_and_cathedrals_compiled_in_and_loaded_play_the_same_games() {
    let both = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("configs/hills-and-sheep-inns-and-cathedrals.toml"),
    )
    .expect("ruleset");
    assert_same_compiled_in_and_loaded(&both, 2, 0..3);
    assert_same_compiled_in_and_loaded(&both, 4, 3..5);
    let ignore = "name = \"ignore\"\ntilesets = [\"base\", \"inns-and-cathedrals\"]\n\
                  [plugins.inns]\nfinal-scoring = \"ignore\"\n[plugins.cathedrals]\n\
                  final-scoring = \"ignore\"\n[plugins.large-follower]\n";
    assert_same_compiled_in_and_loaded(ignore, 6, 5..7);
}

// -------------------------------------------------------------------- X9

/// Every plugin that places figures on fields or gardens.
const FIGURES: &str = "[plugins.large-follower]\n[plugins.shepherd]\n[plugins.abbot]";

#[test]
fn x9_a_farmer_on_the_inner_field_scores_every_completed_cap() {
    // IC/CCCCG north of the start: its south cap completes the start city at once
    // (nobody on it). Red's farmer on the inner field (local feature 4); Blue's
    // BA/C closes the east cap. End: two completed cities border the field: 6.
    let script = "draw IC/CCCCG; place 0 -1 0; deploy follower 4
                  draw BA/C; place 1 -1 3; pass
                  end";
    check(&tiles("C2", ALL), 2, script, &[6, 0]);
    check(
        &tiles("C2", ALL),
        2,
        &script.replace("follower 4", "large-follower 4"),
        &[6, 0],
    );
    // The first edition's tile without the garden.
    check(
        &tiles("C1", ALL),
        2,
        &script.replace("IC/CCCCG", "IC/CCCC"),
        &[6, 0],
    );
    // The word form names the inner field (the garden is a spot, not a field).
    let words = script.replace("follower 4", "follower field centre");
    check(&tiles("C2", ALL), 2, &words, &[6, 0]);
    check(
        &tiles("C1", ALL),
        2,
        &words.replace("IC/CCCCG", "IC/CCCC"),
        &[6, 0],
    );
}

#[test]
fn x9_the_inner_field_and_the_garden_are_two_centre_features() {
    let r = tiles("C2", FIGURES);
    let g = run(&r, 2, "draw IC/CCCCG; place 0 -1 0").unwrap();
    let by_kind = |name: &str| -> Vec<u8> {
        let k = g.rules().figure_kind(name).unwrap();
        g.legal_actions()
            .unwrap()
            .into_iter()
            .filter_map(|a| match a {
                carcassonne_core::Action::Figure(carcassonne_core::FigureOption::Deploy {
                    kind,
                    at: carcassonne_core::Location::Feature(f),
                }) if kind == k => g.feature_local(f),
                _ => None,
            })
            .collect()
    };
    assert_eq!(by_kind("follower"), [0, 1, 2, 3, 4]);
    assert_eq!(by_kind("large-follower"), [0, 1, 2, 3, 4]);
    assert_eq!(by_kind("shepherd"), [4]);
    assert_eq!(by_kind("abbot"), [5]);
}

#[test]
fn x9_s8_a_shepherd_on_the_inner_field_is_herded_at_once() {
    let r = tiles("C2", FIGURES);
    let g = check(
        &r,
        2,
        "draw IC/CCCCG; place 0 -1 0; deploy shepherd 4; shepherd sheep-3",
        &[3, 0],
    );
    let shepherd = g.rules().figure_kind("shepherd").unwrap();
    assert_eq!(
        g.supply(PlayerId::ALL[0], shepherd),
        1,
        "herded: back in the supply"
    );
    // A wolf: the shepherd goes home with nothing.
    let g = check(
        &r,
        2,
        "draw IC/CCCCG; place 0 -1 0; deploy shepherd 4; shepherd wolf",
        &[0, 0],
    );
    assert_eq!(g.supply(PlayerId::ALL[0], shepherd), 1);
}

#[test]
fn compare_reports_inns_and_cathedrals_as_categories_of_their_own() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .arg("compare")
        .arg(root.join("configs/base.toml"))
        .arg(root.join("configs/inns-and-cathedrals.toml"))
        .args(["--games", "60", "--json", "--quiet", "--threads", "1"])
        .output()
        .expect("carcassonne runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let cats = |k: &str| {
        v[k]["mean_points_by_category"]
            .as_object()
            .expect("categories")
            .clone()
    };
    let (a, b) = (cats("a"), cats("b"));
    for c in ["inns", "cathedrals"] {
        assert!(!a.contains_key(c), "{c} in the base game: {v}");
        // Random bots leave most inn roads and cathedral cities open: the
        // category is what the plugin changed, not folded into roads or cities.
        assert_ne!(b[c].as_f64(), Some(0.0), "{c}: {v}");
    }
    // The categories add up to the mean score per player (the mean of the seats').
    let sum: f64 = b.values().filter_map(|x| x.as_f64()).sum();
    let seats = v["b"]["mean_score"]
        .as_array()
        .expect("mean score per seat");
    let mean = seats.iter().filter_map(|x| x.as_f64()).sum::<f64>() / seats.len() as f64;
    assert!((sum - mean).abs() < 1e-6, "{sum} against {mean}: {v}");
}

#[test]
fn the_board_picture_shows_inns_cathedrals_and_the_large_follower() {
    use carcassonne_render::{board, Options as Picture, Style};
    let g = run(
        &config("inns-and-cathedrals.toml"),
        2,
        "draw IC/RRR.i; place -1 0 0; deploy large-follower road E
         draw IC/Cccc.c; place 0 -1 0; deploy follower city N",
    )
    .unwrap();
    let style = Style::default();
    let svg = board(&g, &Picture::default(), &style);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let of_class = |class: &str| -> Vec<roxmltree::Node<'_, '_>> {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .collect()
    };
    // One symbol per marker: the inn (a disc) and the cathedral (a star, a path).
    let marker = |name: &str| {
        let found: Vec<_> = of_class("marker")
            .into_iter()
            .filter(|n| n.attribute("data-marker") == Some(name))
            .collect();
        assert_eq!(found.len(), 1, "{name}: {svg}");
        found[0]
    };
    assert!(marker("inn")
        .descendants()
        .any(|n| n.has_tag_name("circle")));
    assert!(marker("cathedral")
        .descendants()
        .any(|n| n.has_tag_name("path")));
    // The style names them, so neither gets the generic badge with an initial.
    for name in ["inn", "cathedral"] {
        assert!(
            !marker(name).descendants().any(|n| n.has_tag_name("text")),
            "{name} drawn as a generic badge"
        );
    }
    assert_eq!(style.figure("large-follower").shape, "big");
    // Red's large follower and Blue's follower, each with its kind.
    let kinds: Vec<(String, String)> = of_class("figure")
        .iter()
        .map(|n| {
            let a = |k| n.attribute(k).unwrap_or_default().to_string();
            (a("data-owner"), a("data-kind"))
        })
        .collect();
    assert_eq!(
        kinds,
        [
            ("0".to_string(), "large-follower".to_string()),
            ("1".to_string(), "follower".to_string())
        ]
    );
}

#[test]
fn the_greedy_and_mcts_bots_play_the_expansion_and_use_the_large_follower() {
    use carcassonne_bots::{play_out, BotSpec};
    let r = config("hills-and-sheep-inns-and-cathedrals.toml");
    let large = r.figure_kind("large-follower").expect("large follower");
    let specs: Vec<BotSpec> = ["greedy", "mcts:40"]
        .iter()
        .map(|s| s.parse().expect("bot spec"))
        .collect();
    let mut deployed = 0;
    for seed in 0..2 {
        let mut g = Game::new(r.clone(), 2, seed).unwrap();
        g.set_logging(true);
        let mut bots: Vec<_> = specs.iter().map(|s| s.build(seed)).collect();
        play_out(&mut g, &mut bots, &specs).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(g.is_over(), "seed {seed}");
        g.check_integrity()
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        for p in PlayerId::all(2) {
            let by_category: i32 = g.score_breakdown(p).iter().sum();
            assert_eq!(by_category, g.score(p), "seed {seed}");
        }
        deployed += g
            .take_events()
            .iter()
            .filter(|e| matches!(e, Event::FigureDeployed { kind, .. } if *kind == large))
            .count();
    }
    assert!(deployed > 0, "no bot ever deployed its large follower");
}
