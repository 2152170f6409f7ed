//! Property tests (proptest): generated rulesets, tile sets, records, action
//! texts and plugin declarations never crash the program, well-formed ones
//! behave, and "legal is legal": every legal action applies, and an action not
//! in the list is refused with the state unchanged.

use crate::common::*;
use carcassonne_core::conformance::{run as conformance, Options};
use carcassonne_core::tiles::{FeatureSpec, TileSpec};
use carcassonne_core::Rng;
use carcassonne_core::*;
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;

fn cases(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

// ------------------------------------------------------------------ tile sets

const SIDES: [&str; 4] = ["N", "E", "S", "W"];

/// A well-formed tile: side kinds, then features that own exactly what the
/// kinds need (cities whole sides, roads middle slots, fields the rest), in
/// random groups, and random adjacency and markers.
fn well_formed_tile(id: String, start: bool) -> impl Strategy<Value = TileSpec> {
    (
        prop::array::uniform4(0u8..3),
        prop::array::uniform4(0usize..2),
        prop::array::uniform4(0usize..2),
        prop::array::uniform8(0usize..3),
        any::<bool>(),
        1u16..4,
        any::<bool>(),
    )
        .prop_map(
            move |(kinds, city_group, road_group, field_group, cloister, count, pennant)| {
                let mut cities: BTreeMap<usize, Vec<String>> = BTreeMap::new();
                let mut roads: BTreeMap<usize, Vec<String>> = BTreeMap::new();
                let mut fields: BTreeMap<usize, Vec<String>> = BTreeMap::new();
                let mut sides = String::new();
                for d in 0..4 {
                    let s = SIDES[d];
                    match kinds[d] {
                        0 => {
                            sides.push('C');
                            cities.entry(city_group[d]).or_default().push(s.into());
                        }
                        1 => {
                            sides.push('R');
                            roads.entry(road_group[d]).or_default().push(s.into());
                            fields
                                .entry(field_group[2 * d])
                                .or_default()
                                .push(format!("{s}L"));
                            fields
                                .entry(field_group[2 * d + 1])
                                .or_default()
                                .push(format!("{s}R"));
                        }
                        _ => {
                            sides.push('F');
                            fields.entry(field_group[2 * d]).or_default().push(s.into());
                        }
                    }
                }
                let mut features = Vec::new();
                let feature = |kind, slots: Vec<String>| FeatureSpec {
                    kind,
                    slots,
                    adj: Vec::new(),
                    markers: Vec::new(),
                    inner: false,
                    name: None,
                    scored: true,
                };
                for (i, slots) in cities.into_values().enumerate() {
                    let mut f = feature(FeatureKind::City, slots);
                    if pennant && i == 0 {
                        f.markers.push("pennant".into());
                    }
                    features.push(f);
                }
                let n_cities = features.len() as u8;
                for slots in roads.into_values() {
                    features.push(feature(FeatureKind::Road, slots));
                }
                for slots in fields.into_values() {
                    let mut f = feature(FeatureKind::Field, slots);
                    f.adj = (0..n_cities).collect();
                    features.push(f);
                }
                if cloister {
                    features.push(feature(FeatureKind::Cloister, Vec::new()));
                }
                TileSpec {
                    id: id.clone(),
                    counts: BTreeMap::from([("C2".to_string(), count)]),
                    per_player: 0,
                    start,
                    sides,
                    markers: Vec::new(),
                    features,
                    links: BTreeMap::new(),
                }
            },
        )
}

fn well_formed_set() -> impl Strategy<Value = TileSetSpec> {
    (1usize..6)
        .prop_flat_map(|n| {
            (0..n)
                .map(|i| well_formed_tile(format!("T{i}"), i == 0))
                .collect::<Vec<_>>()
        })
        .prop_map(|tiles| TileSetSpec {
            name: "generated".into(),
            description: String::new(),
            tiles,
            start: None,
        })
}

/// Any tile description at all: random kinds, slot names, sides and adjacency.
fn any_tile() -> impl Strategy<Value = TileSpec> {
    let word = prop::sample::select(vec![
        "NL", "NM", "NR", "EL", "EM", "ER", "SL", "SM", "SR", "WL", "WM", "WR", "N", "E", "S", "W",
        "X", "", "nl",
    ]);
    let kind = prop::sample::select(vec![
        FeatureKind::Road,
        FeatureKind::City,
        FeatureKind::Field,
        FeatureKind::Cloister,
        FeatureKind::Spot,
        FeatureKind::Barrier,
    ]);
    let feature = (
        kind,
        prop::collection::vec(word, 0..5),
        prop::collection::vec(0u8..8, 0..3),
        0usize..3,
        any::<bool>(),
        prop::option::of("[a-b]{0,1}"),
    )
        .prop_map(|(kind, slots, adj, pennants, inner, name)| FeatureSpec {
            kind,
            slots: slots.into_iter().map(String::from).collect(),
            adj,
            markers: vec!["pennant".into(); pennants],
            inner,
            name,
            scored: true,
        });
    let links = prop::collection::btree_map(
        "[a-c]{1,2}",
        prop::collection::vec(prop::collection::vec(0u8..8, 0..4), 0..3),
        0..2,
    );
    (
        "[A-C]{1,2}",
        prop::collection::vec(feature, 0..7),
        "[CRFX?]{0,5}",
        any::<bool>(),
        prop::sample::select(vec!["C1", "C2", "C3"]),
        (0u16..5, 0u16..3),
        links,
    )
        .prop_map(
            |(id, features, sides, start, ed, (n, per_player), links)| TileSpec {
                id,
                counts: BTreeMap::from([(ed.to_string(), n)]),
                per_player,
                start,
                sides,
                markers: Vec::new(),
                features,
                links,
            },
        )
}

fn compile(set: &TileSetSpec) -> Result<Arc<Rules>, Vec<String>> {
    let cat = TileCatalogue::build(std::slice::from_ref(set), "C2")?;
    Rules::new("generated", cat, CoreOptions::default(), vec![]).map(Arc::new)
}

proptest! {
    #![proptest_config(cases(200))]

    /// Well-formed tiles compile; their rotations, fit tables and the rotation
    /// normalisation agree; and random games on them keep every invariant.
    #[test]
    fn well_formed_tile_sets_compile_and_play(set in well_formed_set(), seed in 0u64..1000) {
        let rules = compile(&set).map_err(|e| TestCaseError::fail(e.join("\n")))?;
        for (ty, fit) in rules.tiles.types.iter().zip(&rules.tiles.fits) {
            for r in 0..4usize {
                let same = ty.same_rotation[r].index();
                prop_assert!(ty.distinct_rots & (1 << same) != 0);
                prop_assert_eq!(ty.rot[r].edges, ty.rot[same].edges);
                for d in 0..4 {
                    prop_assert_eq!(ty.rot[r].edges[d], ty.rot[0].edges[(d + 4 - r) % 4]);
                }
            }
            for req in 0..=255u8 {
                for r in 0..4u8 {
                    let fits = (0..4).all(|d| {
                        let need = (req >> (2 * d)) & 3;
                        need == 0 || need == ty.rot[r as usize].edges[d] as u8
                    });
                    let listed = fit.mask(req) & (1 << r) != 0;
                    prop_assert_eq!(listed, fits && ty.distinct_rots & (1 << r) != 0);
                }
                prop_assert_eq!(u32::from(fit.count(req)), fit.mask(req).count_ones());
            }
        }
        let opts = Options { games: 2, players: 3, first_seed: seed, try_every_action: true, ..Options::default() };
        conformance(&rules, opts, &|_| Ok(())).map_err(|f| TestCaseError::fail(f.to_string()))?;
    }

    /// Any tile description is compiled or rejected with messages, never a
    /// crash; one that compiles plays like any other.
    #[test]
    fn any_tile_set_is_compiled_or_rejected(tiles in prop::collection::vec(any_tile(), 1..5), seed in 0u64..100) {
        let set = TileSetSpec {
            name: "any".into(),
            description: String::new(),
            tiles,
            start: None,
        };
        match compile(&set) {
            Err(errors) => prop_assert!(!errors.is_empty()),
            Ok(rules) => {
                let opts = Options { games: 1, first_seed: seed, ..Options::default() };
                conformance(&rules, opts, &|_| Ok(())).map_err(|f| TestCaseError::fail(f.to_string()))?;
            }
        }
    }
}

// ------------------------------------------------------------------ rulesets

/// Ruleset text from a grammar of plausible and wrong lines.
fn ruleset_text() -> impl Strategy<Value = String> {
    let top = prop::sample::select(vec![
        "name = \"r\"",
        "name = 3",
        "description = \"d\"",
        "players = 4",
        "players = 99",
        "players = 99999999999999999999999",
        "edition = \"C1\"",
        "edition = \"C9\"",
        "tilesets = [\"base\"]",
        "tilesets = [\"base\", \"hills-and-sheep\"]",
        "tilesets = [\"nope\"]",
        "tilesets = \"base\"",
        "bogus = 1",
        "plugins = 3",
        "tiles = 1",
    ]);
    let section = prop::sample::select(vec![
        "[core]\nfarmers = \"per-city\"",
        "[core]\nfarmers = \"never\"",
        "[core]\ntiny-city = 2\nfollowers = 9",
        "[core]\nfollowers = 300",
        "[core]\nfollowerz = 3",
        "[plugins.shepherd]",
        "[plugins.shepherd]\nflock-action = \"before-follower\"",
        "[plugins.shepherd]\nflock-action = 3\nzz = 1",
        "[plugins.hills]\nenabled = false\nx = [1, 2]",
        "[plugins.hills]\nenabled = 7",
        "[plugins.vineyards]",
        "[plugins.special-cities]",
        "[plugins.abbot]",
        "[plugins.\"odd id\"]",
        "[plugins.nosuch]",
        "[tiles.counts]\n\"BA/L\" = 9",
        "[tiles.counts]\n\"BA/Lx\" = 1",
        "[tiles.counts]\n\"BA/L\" = -4",
        "[tiles]\ncount = 3",
        "[[odd]]",
        "= broken",
    ]);
    (
        prop::collection::vec(top, 0..5),
        prop::collection::btree_set(section, 0..5),
    )
        .prop_map(|(top, sections)| {
            let mut s = top.join("\n");
            for sec in sections {
                s.push('\n');
                s.push_str(sec);
            }
            s.push('\n');
            s
        })
}

proptest! {
    #![proptest_config(cases(300))]

    /// The loader and resolver never crash; a ruleset they accept shows as a
    /// ruleset that loads to the same rules and shows the same.
    #[test]
    fn rulesets_load_or_fail_cleanly_and_show_round_trips(text in ruleset_text()) {
        let reg = registry();
        match carcassonne_host::load_str(&text, "g.toml", None, &reg) {
            Err(e) => {
                prop_assert!(e.count() > 0);
                prop_assert!(!e.to_string().is_empty());
            }
            Ok(rs) => {
                let shown = rs.show();
                let again = carcassonne_host::load_str(&shown, "shown.toml", None, &reg)
                    .map_err(|e| TestCaseError::fail(format!("{e}\n{shown}")))?;
                prop_assert_eq!(again.show(), shown);
                prop_assert_eq!(again.rules_hash(&reg), rs.rules_hash(&reg));
            }
        }
    }

    /// Arbitrary text is no ruleset, and says so without crashing.
    #[test]
    fn arbitrary_text_is_not_a_crash(text in "\\PC{0,200}") {
        let _ = carcassonne_host::load_str(&text, "t.toml", None, &registry());
    }
}

// ------------------------------------------------------------------ declarations

fn any_decl() -> impl Strategy<Value = PluginDecl> {
    let figure = (
        "[a-z]{1,6}",
        (0u8..40, 0u8..3, 0u8..4),
        (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()),
        (
            0u8..32,
            any::<bool>(),
            prop_oneof![
                Just(FigureClass::Standing),
                Just(FigureClass::Companion),
                Just(FigureClass::Building)
            ],
        ),
    )
        .prop_map(
            |(
                name,
                (per_player, neutral, strength),
                (follower, occupies, back, offered),
                (on, one_per_feature, class),
            )| {
                FigureKind {
                    name,
                    per_player,
                    neutral,
                    strength,
                    computed_strength: false,
                    follower,
                    occupies,
                    returns_on_score: back,
                    stands_on: FeatureKinds(on),
                    offered,
                    one_per_feature,
                    class,
                    plain: follower && offered,
                    marked_only: FeatureKinds::NONE,
                    beside_follower: false,
                    open_only: false,
                    at_corner_meetings: false,
                }
            },
        );
    (
        "[a-z-]{0,6}|[A-Z ]{1,3}",
        prop::collection::vec(figure, 0..4),
        prop_oneof![0u32..20, Just(MAX_GAME_WORDS + 1), Just(u32::MAX)],
        prop_oneof![0u32..4, Just(MAX_FEATURE_WORDS + 1), Just(u32::MAX)],
        prop::collection::vec("[a-z]{1,3}", 0..80),
    )
        .prop_map(
            |(id, figures, game_words, feature_words, markers)| PluginDecl {
                id,
                figures,
                state: StateWords {
                    game: game_words,
                    feature: feature_words,
                    ..StateWords::default()
                },
                markers,
                ..PluginDecl::default()
            },
        )
}

struct Inert;

impl Hooks for Inert {
    fn subscriptions(&self) -> u64 {
        0
    }
}

proptest! {
    #![proptest_config(cases(200))]

    /// Any plugin declarations give rules or a list of problems; rules that
    /// are accepted keep every bound, and a game on them plays.
    #[test]
    fn plugin_declarations_are_bounded(decls in prop::collection::vec(any_decl(), 0..4), seed in 0u64..50) {
        let set = carcassonne_host::tilesets::load("base", None).unwrap();
        let cat = TileCatalogue::build(&[set], "C2").unwrap();
        let plugins: Vec<(PluginDecl, Arc<dyn Hooks>)> = decls
            .iter()
            .map(|d| (d.clone(), Arc::new(Inert) as Arc<dyn Hooks>))
            .collect();
        match Rules::new("d", cat, CoreOptions::default(), plugins) {
            Err(errors) => prop_assert!(!errors.is_empty()),
            Ok(rules) => {
                for d in &decls {
                    prop_assert!(d.check().is_empty());
                }
                prop_assert!(rules.figures.len() <= 64);
                let mut g = Game::new(Arc::new(rules), 2, seed).unwrap();
                let mut rng = Rng::new(seed);
                for _ in 0..40 {
                    if !g.step_random(&mut rng).unwrap() {
                        break;
                    }
                }
                g.check_integrity().map_err(TestCaseError::fail)?;
            }
        }
    }
}

// ------------------------------------------------------------------ games

/// Shipped rulesets, compiled once per test thread: every case of a property
/// draws one of them, and compiling all of them again for each case was most
/// of these tests' time (docs/testing.md).
fn shipped() -> Vec<Arc<Rules>> {
    thread_local! {
        static SHIPPED: Vec<Arc<Rules>> = compile_shipped();
    }
    SHIPPED.with(Vec::clone)
}

/// The shipped rulesets of [`shipped`].
fn compile_shipped() -> Vec<Arc<Rules>> {
    [
        "base.toml",
        "classic-farmers.toml",
        "hills-and-sheep.toml",
        "hills-and-sheep-abbot.toml",
        "hills-and-sheep-blank-underlays.toml",
        "princess-and-dragon.toml",
        "hills-and-sheep-princess-and-dragon.toml",
        "inns-and-cathedrals.toml",
        "hills-and-sheep-inns-and-cathedrals.toml",
        "traders-and-builders.toml",
        "traders-and-builders-hills-and-sheep.toml",
        "big-box.toml",
        "abbey-and-mayor.toml",
        "abbey-and-mayor-hills-and-sheep.toml",
        "king-and-robber-hills-and-sheep.toml",
        "count-king-and-robber.toml",
        "all-expansions.toml",
    ]
    .iter()
    .map(|n| config(n))
    .collect()
}

/// A game on shipped ruleset `which` after `steps` random steps.
fn game_after(which: usize, players: u8, seed: u64, steps: usize) -> Game {
    let all = shipped();
    let mut g = Game::new(all[which % all.len()].clone(), players, seed).unwrap();
    let mut rng = Rng::new(seed ^ 77);
    for _ in 0..steps {
        if !g.step_random(&mut rng).unwrap() {
            break;
        }
    }
    g
}

/// Actions of every shape, legal or not.
fn any_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (0u32..120).prop_map(Action::Chance),
        // Every rotation (the type holds no other: `Rotation::new` refuses 4 and more).
        (-4i16..5, -4i16..5, 0usize..4).prop_map(|(x, y, rot)| Action::Place(Placement::new(
            Pos::new(x, y),
            Rotation::wrapping(rot)
        ))),
        prop::sample::select(vec![i16::MIN, i16::MAX, -4000, 4000])
            .prop_map(|x| Action::Place(Placement::new(Pos::new(x, x), Rotation::R0))),
        Just(Action::Place(Placement::SET_ASIDE)),
        Just(Action::Figure(FigureOption::Pass)),
        (0u8..10, 0u16..60, 0u8..6).prop_map(|(kind, f, how)| {
            let at = match how {
                0 => Location::Tile(TileIndex(f)),
                1..=4 => Location::Corner(FeatureId(f), Corner::ALL[usize::from(how - 1)]),
                _ => Location::Feature(FeatureId(f)),
            };
            Action::Figure(FigureOption::Deploy {
                kind: FigureKindId(kind),
                at,
            })
        }),
        (0u8..8, 0u32..6)
            .prop_map(|(plugin, code)| Action::Figure(FigureOption::Special { plugin, code })),
        (0u32..8).prop_map(Action::Choose),
    ]
}

proptest! {
    #![proptest_config(cases(150))]

    /// Legal is legal: every legal action applies (on a clone) and its text
    /// parses back to it; any other action is refused, leaving the state as it was.
    #[test]
    fn legal_is_legal(
        which in 0usize..12,
        players in 2u8..6,
        seed in 0u64..10_000,
        steps in 0usize..160,
        others in prop::collection::vec(any_action(), 1..40),
    ) {
        let g = game_after(which, players, seed, steps);
        let legal = g.legal_actions().unwrap();
        for &a in &legal {
            let mut c = g.clone();
            prop_assert!(c.apply(a).is_ok(), "legal {} fails", g.format_action(a));
            let text = g.format_action(a);
            prop_assert_eq!(g.parse_action(&text).ok(), Some(a), "`{}`", text);
        }
        for a in others {
            if legal.contains(&a) {
                continue;
            }
            let mut c = g.clone();
            let r = c.apply(a);
            prop_assert!(r.is_err(), "{:?} is not legal but applied", a);
            prop_assert!(c == g, "refusing {:?} changed the state", a);
            prop_assert!(!r.unwrap_err().to_string().is_empty());
        }
    }

    /// Action texts of any shape parse or fail cleanly in every kind of state;
    /// what parses is refused or applied like any action.
    #[test]
    fn action_texts_parse_or_fail_cleanly(
        which in 0usize..12,
        seed in 0u64..10_000,
        steps in 0usize..160,
        texts in prop::collection::vec(
            prop_oneof![
                "(place|deploy|draw|hidden|pass|end|shepherd|hills|abbot|vineyards)( [-a-zA-Z0-9/+!.]{0,8}){0,4}",
                "place -?[0-9]{1,25} -?[0-9]{1,25} -?[0-9]{1,25}",
                "deploy (follower|shepherd|abbot|x) ([0-9]{1,5}|(city|road|field|cloister|spot)( [NESW][LMR]?)?)",
                "\\PC{0,30}",
            ],
            1..20,
        ),
    ) {
        let g = game_after(which, 3, seed, steps);
        for t in texts {
            if let Ok(a) = g.parse_action(&t) {
                let mut c = g.clone();
                if c.apply(a).is_err() {
                    prop_assert!(c == g);
                }
            }
        }
    }

    /// A record of a random game (some chance outcomes forced) survives JSON
    /// and replays to the identical game; damaged records fail cleanly.
    #[test]
    fn records_replay_exactly_and_damaged_ones_fail_cleanly(
        which in 0usize..12,
        seed in 0u64..10_000,
        force in prop::collection::vec(any::<bool>(), 0..300),
        damage in prop::collection::vec((0usize..400, "(place|deploy|pass|draw|end|shepherd)( [-a-zA-Z0-9/+!]{0,6}){0,3}"), 0..3),
    ) {
        let all = shipped();
        let rules = all[which % all.len()].clone();
        let mut g = Game::new(rules.clone(), 2, seed).unwrap();
        let mut rec = Recorder::default();
        let mut rng = Rng::new(seed);
        let mut i = 0;
        while !g.is_over() {
            if g.actor() == Actor::Chance {
                if force.get(i).copied().unwrap_or(false) {
                    let o = g.chance_outcomes().unwrap();
                    rec.apply(&mut g, Action::Chance(o[rng.below(o.len() as u32) as usize].0)).unwrap();
                } else {
                    rec.sample(&mut g).unwrap();
                }
                i += 1;
            } else {
                let acts = g.legal_actions().unwrap();
                rec.apply(&mut g, acts[rng.below(acts.len() as u32) as usize]).unwrap();
            }
        }
        let record = rec.finish(&g, "r", "name = \"r\"");
        let back = Record::from_json(&record.to_json()).unwrap();
        prop_assert_eq!(&back, &record);
        let mut h = Game::new(rules.clone(), back.players, back.seed).unwrap();
        Driver::new(&back.forced).replay(&mut h, &back.actions).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(h == g);
        let mut bad = back.clone();
        for (at, text) in &damage {
            if !bad.actions.is_empty() {
                let n = bad.actions.len();
                bad.actions[at % n] = text.clone();
            }
        }
        let mut h = Game::new(rules, bad.players, bad.seed).unwrap();
        let _ = Driver::new(&bad.forced).replay(&mut h, &bad.actions);
    }
}
