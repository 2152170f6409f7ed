//! Rulings S5–S9 of the `shepherd` plugin (shared flocks, closed fields, game end) and its
//! names and texts; the fixtures and openings are the parent module's.

use super::*;
use carcassonne_core::PlayerId;

// ------------------------------------------------------- S5, S6, S7: shared flocks

/// The rulebook's shared flock: Red's shepherd on the strip with 3 + 1 sheep,
/// Blue's on the southern field with 2 + 2; then Red's BA/LR east of the start
/// joins both fields (4 tokens, 8 sheep), and Red is to take his choice.
const SHARED: &str = "draw BA/RFr; place -1 0 0; deploy shepherd field N; shepherd sheep-3
     draw BA/RFr; place 0 1 0; deploy shepherd field N; shepherd sheep-2
     draw BA/L; place -1 -1 0; pass; shepherd grow; shepherd sheep-1
     draw BA/RFr; place 1 1 0; pass; shepherd grow; shepherd sheep-2
     draw BA/LR; place 1 0 1; pass";

/// The same with the choice before the follower step (S4 variant); the last
/// follower step comes after Red's choice.
const SHARED_BEFORE: &str = "draw BA/RFr; place -1 0 0; deploy shepherd field N; shepherd sheep-3
     draw BA/RFr; place 0 1 0; deploy shepherd field N; shepherd sheep-2
     draw BA/L; place -1 -1 0; shepherd grow; shepherd sheep-1; pass
     draw BA/RFr; place 1 1 0; shepherd grow; shepherd sheep-2; pass
     draw BA/LR; place 1 0 1";

#[test]
fn s6_rulebook_red_and_blue_share_8_sheep_red_herds_both_score_8() {
    for (r, script) in [
        (after(), format!("{SHARED}; shepherd herd")),
        (before(), format!("{SHARED_BEFORE}; shepherd herd; pass")),
    ] {
        let g = check(&r, 2, &script, &[8, 8]);
        assert_eq!(shepherds_in_supply(&g, 0), 1);
        assert_eq!(shepherds_in_supply(&g, 1), 1);
        assert_eq!(tokens(&g), (TOKENS, 0));
    }
}

#[test]
fn s5_rulebook_red_grows_the_shared_flock_and_draws_a_wolf_nobody_scores() {
    let g = check(
        &after(),
        2,
        &format!("{SHARED}; shepherd grow; shepherd wolf"),
        &[0, 0],
    );
    assert_eq!(shepherds_in_supply(&g, 0), 1);
    assert_eq!(
        shepherds_in_supply(&g, 1),
        1,
        "Blue's shepherd goes home too"
    );
    assert_eq!(tokens(&g), (TOKENS, 0), "every token back in the bag");
}

#[test]
fn s5_a_wolf_while_growing_alone_loses_only_that_flock() {
    // Red's flock is lost; Blue's flock on another field stays.
    let g = check(
        &after(),
        2,
        "draw BA/RFr; place -1 0 0; deploy shepherd field N; shepherd sheep-3
         draw BA/RFr; place 0 1 0; deploy shepherd field N; shepherd sheep-2
         draw BA/L; place -1 -1 0; pass; shepherd grow; shepherd wolf",
        &[0, 0],
    );
    assert_eq!(shepherds_in_supply(&g, 0), 1);
    assert_eq!(flocks(&g, 1)[0].sheep(), 2);
    assert_eq!(tokens(&g), (17, 1));
}

#[test]
fn s7_joined_fields_join_their_flocks_and_tokens_stay_with_their_shepherd() {
    let r = after();
    let mut g = run(&r, 2, SHARED).unwrap();
    // Joined: Red decides for the one field; each shepherd keeps his own tokens.
    assert_eq!(g.pending_steps().len(), 1);
    let (red, blue) = (flocks(&g, 0)[0], flocks(&g, 1)[0]);
    assert_eq!((red.tokens(), red.sheep()), (2, 4));
    assert_eq!((blue.tokens(), blue.sheep()), (2, 4));
    // Red grows: the token is his. Then Blue extends the joined field and herds:
    // both score the whole flock of 12.
    run_on(&mut g, "shepherd grow; shepherd sheep-4").unwrap();
    assert_eq!(flocks(&g, 0)[0].sheep(), 8);
    assert_eq!(flocks(&g, 1)[0].sheep(), 4);
    run_on(
        &mut g,
        "draw BA/L; place 2 0 0; pass; shepherd herd; scores 12 12",
    )
    .unwrap();
    assert_eq!(tokens(&g), (TOKENS, 0));
}

// ------------------------------------------------------------------ S8

/// Red's shepherd on the strip through a BA/CccR+ east of the start (3 sheep);
/// a BA/CccR+ west of the start closes the strip with its little field EL.
const RED_ON_CLOSABLE_STRIP: &str =
    "draw BA/CccR+; place 1 0 1; deploy shepherd field WR; shepherd sheep-3";

#[test]
fn s8_rulebook_grow_then_the_tile_closes_the_field_7_points() {
    // Default: follower step, grow (4 sheep), then the closed field is herded.
    check(
        &after(),
        2,
        &format!(
            "{RED_ON_CLOSABLE_STRIP}
             draw BA/L; place 0 1 0; pass
             draw BA/CccR+; place -1 0 3; pass; shepherd grow; shepherd sheep-4"
        ),
        &[7, 0],
    );
    // Variant: the choice first, then the follower step; same 7 points.
    let g = check(
        &before(),
        2,
        &format!(
            "{RED_ON_CLOSABLE_STRIP}
             draw BA/L; place 0 1 0; pass
             draw BA/CccR+; place -1 0 3; shepherd grow; shepherd sheep-4; pass"
        ),
        &[7, 0],
    );
    assert_eq!(tokens(&g), (TOKENS, 0));
    assert_eq!(shepherds_in_supply(&g, 0), 1);
}

#[test]
fn s8_herding_before_the_field_closes_leaves_nothing_to_herd() {
    check(
        &after(),
        2,
        &format!(
            "{RED_ON_CLOSABLE_STRIP}
             draw BA/L; place 0 1 0; pass
             draw BA/CccR+; place -1 0 3; pass; shepherd herd"
        ),
        &[3, 0],
    );
}

#[test]
fn s8_an_opponent_closing_my_flock_field_herds_it_for_me_and_farmers_wait_for_the_end() {
    let r = after();
    // Blue closes the strip and puts a farmer on it: Red's flock is herded at once
    // (Red 3, Blue nothing); the field is not scored for farmers now.
    let mut g = run(
        &r,
        2,
        &format!(
            "{RED_ON_CLOSABLE_STRIP}
             draw BA/CccR+; place -1 0 3; deploy follower field EL; scores 3 0"
        ),
    )
    .unwrap();
    assert_eq!(shepherds_in_supply(&g, 0), 1);
    assert_eq!(
        g.supply(PlayerId::ALL[1], carcassonne_core::FOLLOWER),
        6,
        "Blue's farmer stays"
    );
    // The start city is completed; at the end Blue's farmer scores it as usual.
    run_on(&mut g, "draw BA/C; place 0 -1 2; pass; end; scores 3 3").unwrap();
}

#[test]
fn s8_a_shepherd_deployed_on_a_field_closed_at_once_is_herded_after_the_draw() {
    // Blue's BA/CccR+ closes the strip as it lands; Blue's shepherd goes on the
    // closed field, draws, and is herded at once.
    let opening = "draw BA/CccR+; place 1 0 1; pass
                   draw BA/CccR+; place -1 0 3; deploy shepherd field EL";
    for r in [after(), before()] {
        let g = check(&r, 2, &format!("{opening}; shepherd sheep-3"), &[0, 3]);
        assert_eq!(shepherds_in_supply(&g, 1), 1);
        assert_eq!(tokens(&g), (TOKENS, 0));
        // With a wolf there is nothing to herd.
        let g = check(&r, 2, &format!("{opening}; shepherd wolf"), &[0, 0]);
        assert_eq!(shepherds_in_supply(&g, 1), 1);
        assert_eq!(tokens(&g), (TOKENS, 0));
    }
}

// ------------------------------------------------------------------ S9

#[test]
fn s9_flocks_on_the_board_at_game_end_score_nothing() {
    let g = check(
        &after(),
        2,
        "draw BA/C; place 0 -1 2; pass
         draw BA/RFr; place -1 0 0; deploy shepherd field N; shepherd sheep-4
         end",
        &[0, 0],
    );
    assert_eq!(flocks(&g, 1)[0].sheep(), 4);
}

// ------------------------------------------------------- names, texts, the log

#[test]
fn names_round_trip_and_steps_are_described() {
    let r = after();
    let mut g = run(
        &r,
        2,
        &format!("{RED_ON_STRIP}; draw BA/L; place 0 1 0; pass; draw BA/L; place -1 -1 0; pass"),
    )
    .unwrap();
    let rules = g.rules().clone();
    let hooks = &rules.plugins[plugin(&g) as usize].hooks;
    let step = *g.pending_steps().last().unwrap();
    assert_eq!(
        hooks.describe_step(step),
        "{P0}: grow or herd the flock on the field at (-1, -1)"
    );
    for a in g.legal_actions().unwrap() {
        assert_eq!(g.parse_action(&g.format_action(a)).unwrap(), a);
    }
    run_on(&mut g, "shepherd grow").unwrap();
    let step = *g.pending_steps().last().unwrap();
    assert_eq!(
        hooks.describe_step(step),
        "{P0}: draw a token from the bag to grow the flock"
    );
    for (c, _) in g.chance_outcomes().unwrap() {
        let name = g.outcome_name(c);
        assert_eq!(g.parse_outcome(&name).unwrap(), c, "{name}");
        assert_eq!(
            g.parse_action(&format!("shepherd {name}")).unwrap(),
            Action::Chance(c)
        );
    }
    assert!(g.parse_action("shepherd sheep-5").is_err());
    assert!(
        g.parse_action("shepherd herd").is_err(),
        "not a chance outcome"
    );
}

#[test]
fn the_turn_log_tells_what_the_shepherds_do() {
    let r = after();
    assert_eq!(
        plugin_log(&r, 2, &format!("{SHARED}; shepherd herd")),
        [
            "{P0} draws 3 sheep for the new flock.",
            "{P1} draws 2 sheep for the new flock.",
            "{P0} grows the flock: 1 sheep; the flock now has 4 sheep.",
            "{P1} grows the flock: 2 sheep; the flock now has 4 sheep.",
            "{P0} herds 8 sheep into the stable: {P0} and {P1} score 8.",
        ]
    );
    assert_eq!(
        plugin_log(&r, 2, &format!("{SHARED}; shepherd grow; shepherd wolf"))[4],
        "{P0} grows the flock: a wolf! The flock on this field is lost: 8 sheep go back \
         into the bag and the shepherds of {P0} and {P1} go home."
    );
    assert_eq!(
        plugin_log(
            &r,
            2,
            "draw BA/L; place 0 1 0; deploy shepherd field; shepherd wolf"
        ),
        [
            "{P0} draws a wolf for the new flock! The wolf goes back into the bag and the \
             shepherd goes home."
        ]
    );
    assert_eq!(
        plugin_log(
            &r,
            2,
            &format!(
                "{RED_ON_CLOSABLE_STRIP}
                 draw BA/L; place 0 1 0; pass
                 draw BA/CccR+; place -1 0 3; pass; shepherd grow; shepherd sheep-4"
            )
        )[1..],
        [
            "{P0} grows the flock: 4 sheep; the flock now has 7 sheep.",
            "The field is closed: its flock of 7 sheep goes into the stable: {P0} scores 7.",
        ]
    );
}

// ------------------------------------------- random games: conformance, libraries

/// The shepherd's invariants, checked at every state of random games:
/// token conservation (S1: bag + shepherds' tokens = 18, both wolves always in
/// the bag), tokens only where a shepherd stands, a shepherd without a token
/// only while his draw is pending, no flock left on a closed field between
/// turns (S8), and each player's shepherds listed where they stand.
fn shepherd_invariants(g: &Game) -> Result<(), String> {
    let p = plugin(g);
    let (bag, board) = tokens(g);
    if bag + board != TOKENS {
        return Err(format!("{bag} tokens in the bag + {board} on the board"));
    }
    if g.plugin_state(p).unwrap()[4] != 2 {
        return Err("a wolf left the bag".into());
    }
    let k = kind(g);
    let drawing = g.pending_steps().iter().any(|s| s.owner == p && s.chance);
    for f in (0..g.feature_count() as u16).map(FeatureId) {
        let w = FlockWord(g.plugin_feature_state(p, f).unwrap()[0]);
        let shepherds = g
            .figures_on(f)
            .filter(|&x| g.figure_kind(x) == Some(k))
            .count();
        if shepherds > 1 || (w.0 != 0) != (shepherds == 1) {
            return Err(format!(
                "feature {f}: {shepherds} shepherds and flock word {:#x}",
                w.0
            ));
        }
        if shepherds == 1 && w.tokens() == 0 && !drawing {
            return Err(format!("the shepherd on feature {f} has no token"));
        }
        if shepherds == 1 && next_is_tile_draw(g) && g.is_complete(f).unwrap() {
            return Err(format!("a flock stays on the closed field of feature {f}"));
        }
    }
    // Each player's state lists the feature instances his shepherds stand on.
    for player in PlayerId::all(g.players()) {
        let mut listed: Vec<u32> = g
            .plugin_player_state(p, player)
            .unwrap()
            .iter()
            .filter(|&&w| w != 0)
            .map(|&w| w - 1)
            .collect();
        let mut standing: Vec<u32> = (0..g.figure_count() as u16)
            .map(FigureId)
            .filter(|&x| g.figure_kind(x) == Some(k) && g.figure_owner(x) == Some(player))
            .filter_map(|x| g.figure_feature(x))
            .map(|f| u32::from(f.0))
            .collect();
        listed.sort_unstable();
        standing.sort_unstable();
        if listed != standing {
            return Err(format!(
                "player {player}: shepherds listed on {listed:?}, standing on {standing:?}"
            ));
        }
    }
    Ok(())
}

fn hills_and_sheep_text(flock_action: &str) -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/configs/hills-and-sheep.toml");
    let text = std::fs::read_to_string(path).expect("configs/hills-and-sheep.toml");
    assert!(text.contains("flock-action = \"after-follower\""));
    text.replace(
        "flock-action = \"after-follower\"",
        &format!("flock-action = \"{flock_action}\""),
    )
}

#[test]
fn s1_tokens_are_conserved_in_random_games_on_hills_and_sheep() {
    let r = config("hills-and-sheep.toml");
    // Count what the random games exercise, so the test cannot pass vacuously.
    let seen = std::cell::Cell::new([0u32; 3]);
    let extra = |g: &Game| {
        let mut s = seen.get();
        let p = plugin(g);
        if let Some(step) = g.pending_steps().last().filter(|s| s.owner == p) {
            s[usize::from(!step.chance)] += 1;
        }
        if !flocks(g, 0).is_empty() {
            s[2] += 1;
        }
        seen.set(s);
        shepherd_invariants(g)
    };
    for players in [2, 4] {
        let opts = Options {
            games: 100,
            players,
            first_seed: u64::from(players) * 1000,
            try_every_action: false,
            ..Options::default()
        };
        let report = conformance(&r, opts, &extra).unwrap_or_else(|f| panic!("{f}"));
        assert_eq!(report.games, 100);
    }
    let [draws, decisions, flock_states] = seen.get();
    assert!(
        draws > 100 && decisions > 100 && flock_states > 1000,
        "{draws} draws, {decisions} decisions, {flock_states} states with a flock"
    );
    let opts = Options {
        games: 4,
        players: 3,
        first_seed: 7,
        try_every_action: true,
        ..Options::default()
    };
    conformance(&r, opts, &shepherd_invariants).unwrap_or_else(|f| panic!("{f}"));
}

#[test]
fn s4_before_follower_passes_the_conformance_kit() {
    let r = rules(&hills_and_sheep_text("before-follower"));
    let opts = Options {
        games: 100,
        players: 3,
        first_seed: 50,
        try_every_action: false,
        ..Options::default()
    };
    let report = conformance(&r, opts, &shepherd_invariants).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(report.games, 100);
    let opts = Options {
        games: 3,
        players: 2,
        first_seed: 9,
        try_every_action: true,
        ..Options::default()
    };
    conformance(&r, opts, &shepherd_invariants).unwrap_or_else(|f| panic!("{f}"));
}

#[test]
fn the_plugin_plays_the_same_compiled_in_and_loaded() {
    assert_same_compiled_in_and_loaded(&hills_and_sheep_text("after-follower"), 3, 0..3);
    assert_same_compiled_in_and_loaded(&hills_and_sheep_text("before-follower"), 2, 10..13);
    assert_same_compiled_in_and_loaded(AFTER, 4, 20..22);
}

#[test]
fn options_are_checked() {
    let bad = AFTER.replace(
        "[plugins.shepherd]",
        "[plugins.shepherd]\nflock-action = \"sometimes\"",
    );
    let e = carcassonne_host::load_str(&bad, "bad.toml", None, &registry()).unwrap_err();
    assert!(e.to_string().contains("flock-action"), "{e}");
    let e = carcassonne_host::load_str(
        &AFTER.replace("[plugins.shepherd]", "[plugins.shepherd]\nflock = 1"),
        "bad.toml",
        None,
        &registry(),
    )
    .unwrap_err();
    assert!(e.to_string().contains("flock"), "{e}");
}

#[test]
fn s1_house_rule_more_shepherds_per_player_compiled_in_and_loaded() {
    let text = "name = \"two shepherds\"\ntilesets = [\"base\", \"hills-and-sheep\"]\n\
                [plugins.shepherd]\nshepherds-per-player = 2\n";
    for r in [rules(text), library_rules(text)] {
        let k = r.figure_kind("shepherd").unwrap();
        assert_eq!(r.figures[k.index()].per_player, 2);
        let g = carcassonne_core::Game::new(r.clone(), 3, 1).unwrap();
        assert_eq!(g.supply(PlayerId::ALL[2], k), 2);
    }
    assert_same_compiled_in_and_loaded(text, 2, 0..2);
    let default = rules("name = \"x\"\n[plugins.shepherd]\n");
    let k = default.figure_kind("shepherd").unwrap();
    assert_eq!(
        default.figures[k.index()].per_player,
        1,
        "S1: one shepherd each"
    );
    let e = carcassonne_host::load_str(
        "name = \"x\"\n[plugins.shepherd]\nshepherds-per-player = 7\n",
        "r.toml",
        None,
        &registry(),
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("r.toml:3:1: plugin `shepherd` option `shepherds-per-player`"),
        "{e}"
    );
}

// ------------------------------------------------------------ X2: the dragon

/// A test-only stand-in for the dragon of The Princess and the Dragon: a special
/// figure-step option `test-dragon tile-N` "moves the dragon onto" placed tile N
/// and eats every shepherd standing there (sent home through the core).
fn is_shepherd(v: &carcassonne_core::View<'_>, g: FigureId) -> bool {
    v.figure_kind(g).is_some() && v.figure_kind(g) == v.rules().figure_kind("shepherd")
}

/// Shepherds (from the registry, as a ruleset gets them) plus the test dragon.
fn with_dragon() -> Arc<Rules> {
    let set = carcassonne_host::tilesets::load("base", None).expect("built-in tile set");
    let tiles = carcassonne_core::TileCatalogue::build(&[set], "C2").expect("tiles");
    let shepherd = registry()
        .get("shepherd")
        .expect("shepherd is compiled in")
        .instantiate("")
        .expect("options");
    let dragon = carcassonne_core::PluginDecl {
        id: "test-dragon".into(),
        ..carcassonne_core::PluginDecl::default()
    };
    let plugins: Vec<(
        carcassonne_core::PluginDecl,
        Arc<dyn carcassonne_core::Hooks>,
    )> = vec![shepherd, (dragon, Arc::new(SendHomeOnTile(is_shepherd)))];
    Arc::new(Rules::new("shepherd + dragon", tiles, Default::default(), plugins).expect("rules"))
}

#[test]
fn x2_the_dragon_eats_one_shepherd_with_his_own_tokens_the_other_stays() {
    // The rulebook's shared flock (Red 4 sheep on tile 1, Blue 4 on tile 2); Red
    // grows it by 1. Then Blue extends the field, sends the dragon onto tile 1:
    // Red's shepherd and his 5 sheep go (back into the bag); Blue's stays with his
    // own 4 and Blue herds them alone.
    let r = with_dragon();
    let grown = format!("{SHARED}; shepherd grow; shepherd sheep-1");
    let g = check(&r, 2, &grown, &[0, 0]);
    assert_eq!(tokens(&g), (13, 5));
    // Without the dragon, Blue's herd pays both: 9 each.
    check(
        &r,
        2,
        &format!("{grown}\ndraw BA/L; place 2 0 0; pass; shepherd herd"),
        &[9, 9],
    );
    let g = check(
        &r,
        2,
        &format!("{grown}\ndraw BA/L; place 2 0 0; test-dragon tile-1; scores 0 0; shepherd herd"),
        &[0, 4],
    );
    assert_eq!(shepherds_in_supply(&g, 0), 1, "Red's shepherd was eaten");
    assert_eq!(tokens(&g), (TOKENS, 0));
    // Eating Red's shepherd right after the grow left Blue's flock alone.
    let mut g = run(&r, 2, &grown).unwrap();
    run_on(&mut g, "draw BA/L; place 2 0 0; test-dragon tile-1").unwrap();
    assert_eq!(flocks(&g, 1)[0].sheep(), 4);
    assert_eq!(tokens(&g), (16, 2), "only Red's 3 tokens went back");
}
