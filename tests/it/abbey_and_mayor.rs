//! Abbey & Mayor as a whole: the tile set's census (section 3 of
//! `shared/expansions/abbey-and-mayor.md`) and the shipped rulesets
//! `configs/abbey-and-mayor.toml` and `configs/abbey-and-mayor-hills-and-sheep.toml`
//! (checked, conformance kit at 2, 4 and 6 players, compiled in against loaded).

use crate::common::*;
use carcassonne_bots::{Bot, BotSpec};
use carcassonne_core::conformance::Options;
use carcassonne_core::PlayerId;
use carcassonne_core::{Actor, FigureId, Game, Location, Rules};

/// Copies of the Abbey & Mayor land tiles in `rules` and their pennants.
fn census(rules: &Rules) -> (usize, u32) {
    let pennant = rules.tiles.markers.bit("pennant");
    let (mut tiles, mut pennants) = (0, 0);
    for t in &rules.tiles.types {
        if t.id.starts_with("AM/") && t.id != "AM/A" {
            tiles += t.count as usize;
            let p: u32 = t.features.iter().map(|f| f.marker_count(pennant)).sum();
            pennants += p * u32::from(t.count);
        }
    }
    (tiles, pennants)
}

#[test]
fn am_tiles_twelve_land_tiles_per_edition_six_pennants_and_an_abbey_each() {
    for edition in ["C1", "C2"] {
        let r = rules(&format!(
            "name = \"am\"\nedition = \"{edition}\"\ntilesets = [\"base\", \"abbey-and-mayor\"]\n\
             [plugins.abbey]\n"
        ));
        assert_eq!(census(&r), (12, 6), "{edition}");
        assert!(r
            .tiles
            .by_id(if edition == "C1" { "AM/R" } else { "AM/RG" })
            .is_some());
        let a = r.tiles.by_id("AM/A").unwrap();
        for players in [2, 6] {
            let g = Game::new(r.clone(), players, 0).unwrap();
            assert_eq!(g.bag_len(), 71 + 12);
            assert!(PlayerId::all(players).all(|p| g.hand_count(p, a) == 1));
        }
    }
}

#[test]
fn am_tiles_crossing_cities_and_a_road_under_a_city_stay_apart() {
    let r = rules("name = \"am\"\ntilesets = [\"base\", \"abbey-and-mayor\"]\n");
    // AM/CCcc+ north of the start: its N+S city joins the start's cap; its W+E
    // city and both inner fields are separate features, the fields closed at once.
    let g = run(&r, 2, "draw AM/CCcc+; place 0 -1 0; pass").unwrap();
    let t = g.tile_at(carcassonne_core::Pos::new(0, -1)).unwrap();
    let root = |l| g.find(g.feature_of(t, l).unwrap()).unwrap();
    let roots = [root(0), root(1), root(2), root(3)];
    for i in 0..4 {
        for j in i + 1..4 {
            assert_ne!(roots[i], roots[j]);
        }
    }
    assert_eq!(g.open_sides(roots[2]), Some(0));
    assert_eq!(g.open_sides(roots[3]), Some(0));
    // AM/CRcr+: NL and NR are different fields, SL and SR one; the road runs N–S.
    let g = run(&r, 2, "draw AM/CRcr+; place 1 0 1; pass").unwrap();
    let t = g.tile_at(carcassonne_core::Pos::new(1, 0)).unwrap();
    let tt = g.tile_type(t).unwrap();
    assert_eq!(tt.features.len(), 5);
    assert_ne!(
        g.find(g.feature_of(t, 2).unwrap()),
        g.find(g.feature_of(t, 3).unwrap())
    );
}

/// The two inner fields of AM/CCcc+ by name: `field I` and `field II` in the
/// tile data's order (JCloisterZone's names), as their numbers 2 and 3;
/// `field centre` is ambiguous there and says how to choose.
#[test]
fn am_tiles_the_two_inner_fields_are_named_i_and_ii() {
    let r = rules("name = \"am\"\ntilesets = [\"base\", \"abbey-and-mayor\"]\n");
    let g = run(&r, 2, "draw AM/CCcc+; place 0 -1 0").unwrap();
    for (name, number) in [("field I", "2"), ("field II", "3")] {
        let named = g.parse_action(&format!("deploy follower {name}")).unwrap();
        let numbered = g
            .parse_action(&format!("deploy follower {number}"))
            .unwrap();
        assert_eq!(named, numbered, "{name}");
    }
    for (name, says) in [
        ("field III", "the tile has no field III in its centre"),
        (
            "field centre",
            "the tile has several fields in its centre: give its number, or I, II, … in the tile's order",
        ),
    ] {
        let e = g
            .parse_action(&format!("deploy follower {name}"))
            .unwrap_err()
            .to_string();
        assert!(e.ends_with(says), "{name}: {e}");
    }
}

const CONFIGS: [&str; 2] = [
    "abbey-and-mayor.toml",
    "abbey-and-mayor-hills-and-sheep.toml",
];

#[test]
fn abbey_and_mayor_rulesets_check_and_enable_the_four_plugins() {
    for name in CONFIGS {
        let r = config(name);
        for id in ["abbey", "mayor", "wagon", "barn"] {
            assert!(r.plugins.iter().any(|p| p.decl.id == id), "{name}: {id}");
        }
        for kind in ["mayor", "wagon", "barn"] {
            assert!(r.figure_kind(kind).is_some(), "{name}: {kind}");
        }
        assert!(r.tiles.by_id("AM/A").is_some());
    }
    let r = config("abbey-and-mayor-hills-and-sheep.toml");
    for id in ["shepherd", "hills", "vineyards", "special-cities"] {
        assert!(r.plugins.iter().any(|p| p.decl.id == id), "{id}");
    }
}

/// Invariants of the wagon and the barn, checked at every step of the
/// conformance games: when a turn begins (the draw: a chance event with no
/// plugin step pending, unlike the flock's draw), every wagon scored
/// in the last turn has moved or gone home (AM15), no follower stands in a
/// field holding a barn (AM24–AM26) and every barn on the board stands at a
/// corner (AM22).
pub fn invariants(g: &Game) -> Result<(), String> {
    if g.actor() != Actor::Chance || !g.pending_steps().is_empty() {
        return Ok(());
    }
    let rules = g.rules();
    let (wagon, barn) = (rules.figure_kind("wagon"), rules.figure_kind("barn"));
    for i in 0..g.figure_count() {
        let fig = FigureId(i as u16);
        let (Some(kind), Some(at)) = (g.figure_kind(fig), g.figure_location(fig)) else {
            continue;
        };
        let feature = g.figure_feature(fig);
        if Some(kind) == wagon && feature.and_then(|f| g.is_complete(f)) == Some(true) {
            return Err(format!("wagon {i} left on a completed feature"));
        }
        if Some(kind) == barn {
            if !matches!(at, Location::Corner(..)) {
                return Err(format!("barn {i} not at a corner: {at:?}"));
            }
            let f = feature.ok_or("a barn with no field")?;
            let farmer = g
                .figures_in(f)
                .find(|&h| g.figure_kind(h).and_then(|k| g.figure_kind_follower(k)) == Some(true));
            if let Some(h) = farmer {
                return Err(format!("follower {} in the field of barn {i}", h.0));
            }
        }
    }
    Ok(())
}

#[test]
fn abbey_and_mayor_rulesets_pass_the_conformance_kit_at_2_4_and_6_players() {
    for name in CONFIGS {
        conformance_at_2_4_6(&config(name), 40, 500, &invariants, name);
        // Every legal action tried on clones, through the host's kit.
        let opts = Options {
            games: 3,
            players: 3,
            first_seed: 9,
            try_every_action: true,
            ..Options::default()
        };
        carcassonne_host::conformance::check_rules(&config(name), opts)
            .unwrap_or_else(|f| panic!("{name}: {f}"));
    }
}

#[test]
fn abbey_and_mayor_rulesets_same_compiled_in_and_loaded() {
    for name in CONFIGS {
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("configs")
                .join(name),
        )
        .unwrap();
        assert_same_compiled_in_and_loaded(&text, 3, 0..2);
    }
}

/// What a bot may choose that only Abbey & Mayor offers: play the abbey, move a
/// wagon (not `wagon home`), place a barn.
const CHOICES: [&str; 3] = ["abbey play", "wagon ", "deploy barn"];

/// Plays games of `configs/abbey-and-mayor.toml` between `players` bots of kind
/// `spec` (seeds 0, 1, …, at most `max_games`) until each of [`CHOICES`] was
/// chosen; returns how often each was.
fn bot_choices(spec: &str, players: u8, max_games: u64) -> [u32; 3] {
    let r = config("abbey-and-mayor.toml");
    let spec: BotSpec = spec.parse().expect("bot spec");
    let mut seen = [0u32; 3];
    for seed in 0..max_games {
        let mut g = Game::new(r.clone(), players, seed).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = (0..players)
            .map(|p| spec.build(seed * 10 + u64::from(p)))
            .collect();
        play_bots(&mut g, &mut bots, |_, text| {
            for (n, what) in seen.iter_mut().zip(CHOICES) {
                *n += u32::from(text.starts_with(what) && text != "wagon home");
            }
        });
        g.check_integrity()
            .unwrap_or_else(|e| panic!("{spec}, seed {seed}: {e}"));
        if seen.iter().all(|&n| n > 0) {
            break;
        }
    }
    seen
}

#[test]
fn the_random_greedy_and_mcts_bots_play_the_abbey_move_wagons_and_place_barns() {
    for (spec, max_games) in [("random", 20), ("greedy", 10), ("mcts:30", 4)] {
        let seen = bot_choices(spec, 3, max_games);
        assert!(
            seen.iter().all(|&n| n > 0),
            "{spec}: {CHOICES:?} chosen {seen:?} times in {max_games} games"
        );
    }
}

#[test]
fn the_board_picture_shows_the_barn_at_its_corner_the_wagon_and_all_figures_in_hand() {
    use carcassonne_render::{board, Options as Picture, Style};
    // The barn tests' B1 (Red's barn at the SW corner of (1, 0)), then Blue's
    // wagon on the road of (2, 0) and Red's mayor in the start tile's city.
    let g = run(
        &config("abbey-and-mayor.toml"),
        2,
        "draw BA/C; place 0 1 2; deploy follower field N
         draw BA/C; place 0 2 0; pass
         draw BA/C; place 1 1 2; pass
         draw BA/C; place 1 2 0; pass
         draw BA/RFr; place 1 0 0; deploy barn corner SW
         draw BA/RFr; place 2 0 0; deploy wagon road
         draw BA/Cc+; place 0 -1 2; deploy mayor city",
    )
    .unwrap();
    let o = Picture {
        panel: true,
        ..Picture::default()
    };
    let svg = board(&g, &o, &Style::default());
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let figures: Vec<(&str, &str)> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("figure"))
        .map(|n| {
            (
                n.attribute("data-owner").unwrap(),
                n.attribute("data-kind").unwrap(),
            )
        })
        .collect();
    let mut figures = figures;
    figures.sort_unstable();
    assert_eq!(
        figures,
        [("0", "barn"), ("0", "mayor"), ("1", "wagon")],
        "{svg}"
    );
    // Each is drawn with a shape of its own (the style lists them), not as the
    // generic meeple with an initial.
    crate::render::assert_drawn_with_own_shapes(&svg, &["barn", "wagon", "mayor"]);
    // So is every other expansion figure (the builder and the pig, the dragon
    // and the fairy are drawn in their own tests' games): each with a shape no
    // other figure kind has.
    let style = Style::default();
    let own = [
        "barn", "wagon", "mayor", "builder", "pig", "dragon", "fairy",
    ];
    let mut shapes: Vec<String> = own.iter().map(|k| style.figure(k).shape).collect();
    shapes
        .extend(["follower", "shepherd", "abbot", "large-follower"].map(|k| style.figure(k).shape));
    let n = shapes.len();
    shapes.sort_unstable();
    shapes.dedup();
    assert_eq!(shapes.len(), n, "{shapes:?}");
    // Every figure kind in hand is listed, in lines that fit the panel.
    let supply: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("fill") == Some("#555"))
        .filter_map(|n| n.text())
        .collect();
    assert!(supply.iter().all(|l| l.chars().count() <= 40), "{supply:?}");
    let text = supply.join(" ");
    let seats: Vec<&str> = text.split("in hand:").skip(1).collect();
    assert_eq!(seats.len(), 2, "{text}");
    for (seat, want) in seats.iter().zip([
        ["follower 7", "mayor 0", "wagon 1", "barn 0"],
        ["follower 7", "mayor 1", "wagon 0", "barn 1"],
    ]) {
        for w in want {
            assert!(seat.contains(w), "{w} in {seat:?}");
        }
    }
}
