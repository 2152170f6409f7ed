//! The capabilities of the plugin API that the next expansions rely on, each
//! proved by a capability plugin of the test kit (`plugins/testing/kit/src/caps`)
//! played compiled in and loaded from the kit's library, with exact points.

use crate::common::*;
use carcassonne_core::scenario::check;
use carcassonne_core::PlayerId;
use carcassonne_core::{
    Action, Actor, Event, FeatureKind, FigureOption, Game, Location, Rng, Rules, FOLLOWER,
};
use std::sync::Arc;

fn plugin_words<'a>(g: &'a Game, id: &str) -> &'a [u32] {
    let i = g.rules().plugin_index(id).expect("enabled");
    g.plugin_state(i).expect("state")
}

// ------------------------------------------------------------ granted turns

#[test]
fn extra_turns_granted_by_a_decision_of_the_next_player() {
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-extra-turn]\nevery = 2\n")) {
        let mut g = carcassonne_core::scenario::run(
            &r,
            2,
            "draw BA/RFr; place 1 0 0; pass
             draw BA/RFr; place -1 0 0; pass",
        )
        .unwrap();
        // After Blue's turn (the second regular turn) Red, the next player, decides.
        assert_eq!(g.current_player(), PlayerId::ALL[1]);
        assert_eq!(
            g.actor(),
            Actor::Player(PlayerId::ALL[0]),
            "the next player decides"
        );
        carcassonne_core::scenario::run_on(&mut g, "kit-extra-turn grant").unwrap();
        assert_eq!(g.current_player(), PlayerId::ALL[1], "Blue plays again");
        assert!(g.turn_granted_by().is_some());
        assert_eq!(g.turn(), 3, "a granted turn is a turn of its own");
        carcassonne_core::scenario::run_on(&mut g, "draw BA/RFr; place 2 0 0; pass").unwrap();
        // No chain: the granted turn asks nothing; Red's regular turn follows.
        assert_eq!(g.current_player(), PlayerId::ALL[0]);
        assert_eq!(g.turn_granted_by(), None);
        assert_eq!(plugin_words(&g, "kit-extra-turn"), [2, 1]);
        // Refused: the turn order goes on.
        let g = check(
            &r,
            2,
            "draw BA/RFr; place 1 0 0; pass
             draw BA/RFr; place -1 0 0; pass
             kit-extra-turn refuse",
            &[0, 0],
        );
        assert_eq!(g.current_player(), PlayerId::ALL[0]);
    }
}

// ------------------------------------------------------ neutral figures

#[test]
fn a_neutral_figure_haunts_the_last_tile_and_vetoes_its_roads() {
    let both = compiled_in_and_loaded(&base_with("[plugins.kit-ghost]\n"));
    for r in &both {
        let g = carcassonne_core::scenario::run(r, 2, "draw BA/RCr; place 0 1 2").unwrap();
        let ghost_kind = r.figure_kind("ghost").unwrap();
        let ghost = (0..g.figure_count() as u16)
            .map(carcassonne_core::FigureId)
            .find(|&f| g.figure_kind(f) == Some(ghost_kind))
            .unwrap();
        let t = g.last_placed().unwrap();
        assert_eq!(g.figure_owner(ghost), None, "neutral");
        assert_eq!(g.figure_location(ghost), Some(Location::Tile(t)));
        assert_eq!(g.figure_feature(ghost), None, "on the tile, on no feature");
        // The road of the placed tile is vetoed; its city and fields are not.
        let offered: Vec<FeatureKind> = g
            .legal_actions()
            .unwrap()
            .into_iter()
            .filter_map(|a| match a {
                Action::Figure(FigureOption::Deploy { at, .. }) => g.feature_kind(at.feature()?),
                _ => None,
            })
            .collect();
        assert!(!offered.contains(&FeatureKind::Road), "{offered:?}");
        assert!(offered.contains(&FeatureKind::City), "{offered:?}");
        let road = (0..4)
            .filter_map(|l| g.feature_of(t, l))
            .find(|&f| g.feature_kind(f) == Some(FeatureKind::Road))
            .unwrap();
        assert!(!g.may_deploy(FOLLOWER, Location::Feature(road)).unwrap());
        let o = g.observation(PlayerId::ALL[0]).unwrap();
        assert!(o
            .figures
            .iter()
            .any(|f| f.owner.is_none() && f.kind == "ghost"));
    }
    same_games(&both, 2, 0..6);
}

// ------------------------------------------------------ computed strength

#[test]
fn a_computed_strength_counts_the_pennants_of_the_city() {
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-mayor]\n")) {
        // A mayor in a pennant-less two-tile city: strength 0, nobody wins, he goes
        // home; his owner gets the consolation point a `points` hook pays him.
        let g = check(
            &r,
            2,
            "draw BA/C; place 0 -1 2; deploy kit-mayor city S",
            &[1, 0],
        );
        let mayor = r.figure_kind("kit-mayor").unwrap();
        assert_eq!(g.supply(PlayerId::ALL[0], mayor), 1, "the mayor returned");
        assert_eq!(
            g.score_breakdown(PlayerId::ALL[0]),
            [0, 0, 0, 0, 1],
            "booked as kit-mayor"
        );
        // With one pennant he has strength 1 and wins: 3 tiles + 1 pennant = 8.
        check(
            &r,
            2,
            "draw BA/Cc+; place 0 -1 2; deploy kit-mayor city S
             draw BA/C; place 1 -1 3; pass",
            &[8, 0],
        );
        // The shared rule offers him on cities only.
        let g = carcassonne_core::scenario::run(&r, 2, "draw BA/RFr; place 1 0 0").unwrap();
        assert!(!g.legal_actions().unwrap().iter().any(
            |a| matches!(a, Action::Figure(FigureOption::Deploy { kind, .. }) if *kind == mayor)
        ));
    }
}

// ------------------------------------------------------ farmer adjustments

/// Red farms the strip north of the start road with a pig; a city next to it is
/// completed; the game ends.
const PIG: &str = "draw BA/RFr; place 1 0 0; deploy follower field N
     draw BA/RFr; place -1 0 0; pass
     draw BA/RFr; place 2 0 0; deploy kit-pig field N
     draw BA/C; place 0 -1 2; pass
     end";

#[test]
fn a_pig_adds_per_city_in_farmer_scoring_on_top_of_the_doubled_value() {
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-pig]\n")) {
        // One completed city: 3, the pig +1.
        let g = check(&r, 2, PIG, &[4, 0]);
        assert_eq!(g.score_categories()[3..], ["farmers", "kit-pig"]);
        assert_eq!(g.score_breakdown(PlayerId::ALL[0]), [0, 0, 0, 3, 1]);
    }
    let text = base_with("[plugins.kit-pig]\n[plugins.kit-zz-double-farmers]\n");
    for r in compiled_in_and_loaded(&text) {
        // The doubling is a value change, the pig's point a bonus: 3 x 2 + 1 = 7,
        // booked apart, in either run order (plugins are declared by id).
        assert_eq!(r.plugins[0].decl.id, "kit-pig");
        for order in [[0, 1], [1, 0]] {
            let mut r = (*r).clone();
            r.set_run_order(&order).unwrap();
            let g = check(&Arc::new(r), 2, PIG, &[7, 0]);
            assert_eq!(g.score_breakdown(PlayerId::ALL[0]), [0, 0, 0, 3, 1, 3]);
        }
    }
}

// ------------------------------------------------------------- corners

/// Red farms the south field; a two-tile city completed next to it; Blue's barn
/// at the corner where the start, a road, a city tile and a cloister meet.
const BARN: &str = "draw BA/RFr; place 1 0 0; deploy follower field S
     draw BA/C; place 0 1 2; pass
     draw BA/C; place 0 2 0; pass
     draw BA/L; place 1 1 0; deploy kit-barn corner NW";

#[test]
fn a_barn_at_a_field_corner_scores_the_farmers_and_occupies_the_field() {
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-barn]\n")) {
        // Red's farmer wins the field: 3 for the completed city; he goes home.
        let g = check(&r, 2, BARN, &[3, 0]);
        assert_eq!(g.supply(PlayerId::ALL[0], FOLLOWER), 7);
        let barn = r.figure_kind("kit-barn").unwrap();
        let at = (0..g.figure_count() as u16)
            .map(carcassonne_core::FigureId)
            .find(|&f| {
                g.figure_kind(f) == Some(barn) && g.figure_owner(f) == Some(PlayerId::ALL[1])
            })
            .and_then(|f| g.figure_location(f));
        let Some(Location::Corner(field, corner)) = at else {
            panic!("the barn is not at a corner: {at:?}");
        };
        assert_eq!(corner, carcassonne_core::Corner::NW);
        assert_eq!(g.feature_kind(field), Some(FeatureKind::Field));
        let o = g.observation(PlayerId::ALL[0]).unwrap();
        assert!(o.figures.iter().any(|f| f.corner == Some(corner)));
        // The field is occupied now: no farmer may join it.
        let g = carcassonne_core::scenario::run(&r, 2, &format!("{BARN}\ndraw BA/L; place 2 1 0"))
            .unwrap();
        let farmer = g.parse_action("deploy follower field").unwrap();
        assert!(!g.legal_actions().unwrap().contains(&farmer));
    }
}

// ------------------------------------------------------------ hand tiles

/// Six tiles around (0, 1): a hole with four neighbours.
const HOLE: &str = "draw BA/RFr; place 1 0 0; pass
     draw BA/L; place 1 1 0; pass
     draw BA/L; place 1 2 0; pass
     draw BA/L; place 0 2 0; pass
     draw BA/L; place -1 2 0; pass
     draw BA/RFr; place -1 1 0; pass";

#[test]
fn a_tile_from_the_hand_with_wildcard_sides_goes_into_a_hole() {
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-abbey]\n")) {
        let g = carcassonne_core::scenario::run(&r, 2, HOLE).unwrap();
        let abbey = r.tiles.by_id("KIT/A").unwrap();
        assert_eq!(
            (
                g.hand_count(PlayerId::ALL[0], abbey),
                g.hand_count(PlayerId::ALL[1], abbey)
            ),
            (1, 1)
        );
        assert!(!g.bag().contains(&abbey), "hand tiles are not in the bag");
        // Red decides at the start of his turn; the abbey goes only into the hole.
        assert_eq!(g.actor(), Actor::Player(PlayerId::ALL[0]));
        let mut played = g.clone();
        carcassonne_core::scenario::run_on(&mut played, "kit-abbey play").unwrap();
        assert_eq!(played.drawn_tile(), Some(abbey));
        let places: Vec<Action> = played.legal_actions().unwrap();
        assert_eq!(places.len(), 1, "one hole, one rotation: {places:?}");
        // The abbey's cloister: 1 + 7 neighbours at the end; the round at the end
        // offers Blue nothing (no hole left).
        check(
            &r,
            2,
            &format!("{HOLE}\nkit-abbey play; place 0 1 0; deploy follower cloister\nend"),
            &[8, 0],
        );
        // Kept: when the game ends, everyone still holding one gets a last turn,
        // Blue first (after Red), then Red, who has no hole left by then.
        let g = check(
            &r,
            2,
            &format!(
                "{HOLE}\nkit-abbey keep\nend
                 kit-abbey play; place 0 1 0; deploy follower cloister"
            ),
            &[0, 8],
        );
        assert!(g.is_over());
        assert_eq!(g.hand_count(PlayerId::ALL[0], abbey), 1);
    }
}

// -------------------------------------------------------------- the draw

#[test]
fn tiles_held_back_from_the_draw_stay_in_the_bag() {
    let both = compiled_in_and_loaded(&base_with("[plugins.kit-hold-back]\nuntil = 30\n"));
    for r in &both {
        for seed in 0..4 {
            let mut g = Game::new(r.clone(), 2, seed).unwrap();
            g.set_logging(true);
            let mut rng = Rng::new(seed);
            let mut cloisters = 0;
            while g.step_random(&mut rng).unwrap() {
                if g.actor() == Actor::Chance && g.pending_steps().is_empty() && g.turn() < 30 {
                    let outcomes = g.chance_outcomes().unwrap();
                    assert!(outcomes.iter().all(|&(t, _)| !has_cloister(r, t)));
                }
                for e in g.take_events() {
                    if let Event::TileDrawn { tile, .. } = e {
                        if has_cloister(r, u32::from(tile)) {
                            assert!(
                                g.turn() >= 30,
                                "seed {seed}: a cloister drawn on turn {}",
                                g.turn()
                            );
                            cloisters += 1;
                        }
                    }
                }
            }
            assert!(
                cloisters > 0,
                "seed {seed}: cloisters are drawn after turn 30"
            );
        }
    }
    same_games(&both, 2, 0..4);
}

#[test]
fn a_draw_filter_of_the_turn_number_is_asked_as_the_turn_it_is_asked_for() {
    // The hostile plugin audit (7 December 2026): whether a regular turn had
    // a tile to draw was asked before the turn's number and player were set,
    // and the draw then asked the filters as the new turn: a filter of the
    // turn's parity left the draw with nothing ("the game is in an
    // inconsistent state") or a chance event without outcomes.
    let both = compiled_in_and_loaded(&base_with("[plugins.kit-hold-back]\nodd-turns = true\n"));
    for r in &both {
        let mut held_at_the_end = 0;
        for seed in 0..40 {
            let mut g = Game::new(r.clone(), 2, seed).unwrap();
            let mut rng = Rng::new(seed);
            while g.step_random(&mut rng).unwrap() {
                if g.actor() == Actor::Chance && g.pending_steps().is_empty() {
                    let outcomes = g.chance_outcomes().unwrap();
                    assert!(!outcomes.is_empty(), "seed {seed}: turn {}", g.turn());
                    let odd = g.turn() % 2 == 1;
                    assert!(outcomes.iter().all(|&(t, _)| !odd || !has_cloister(r, t)));
                }
            }
            g.check_integrity().unwrap();
            // The game ended with only cloisters left when the turn to come
            // was odd: the last turn played was even.
            if g.bag_len() > 0 {
                assert!(g.bag().iter().all(|t| has_cloister(r, u32::from(t.0))));
                assert_eq!(g.turn() % 2, 0, "seed {seed}");
                held_at_the_end += 1;
            }
        }
        assert!(held_at_the_end > 0, "some games end with cloisters held");
    }
    same_games(&both, 2, 0..4);
}

fn has_cloister(r: &Rules, t: u32) -> bool {
    r.tiles.types[t as usize]
        .features
        .iter()
        .any(|f| f.kind == FeatureKind::Cloister)
}

// -------------------------------------------------------- observations

#[test]
fn each_player_sees_only_his_own_secret() {
    let both = compiled_in_and_loaded(&base_with("[plugins.kit-secret]\n"));
    for r in &both {
        let mut g = Game::new(r.clone(), 3, 1).unwrap();
        assert_eq!(
            g.actor(),
            Actor::Chance,
            "the setup's chance events come first"
        );
        for n in [4, 7, 2] {
            g.apply(Action::Chance(n)).unwrap();
        }
        for (p, n) in [(0u8, 4), (1, 7), (2, 2)] {
            assert_eq!(
                g.observation(PlayerId::ALL[usize::from(p)])
                    .unwrap()
                    .plugins["kit-secret"],
                serde_json::json!({ "mine": n, "others_drawn": 2 })
            );
        }
        // Without the hook a plugin's state is public, by scope.
        let words = g.plugin_words(0);
        assert_eq!(words["players"], serde_json::json!([[5], [8], [3]]));
    }
    same_games(&both, 2, 0..3);
}

// ---------------------------------------------------------- core options

#[test]
fn a_plugin_can_refuse_a_core_option_and_read_them() {
    let text = base_with("[core]\nfarmers = \"per-city\"\n[plugins.kit-no-per-city]\n");
    let e = carcassonne_host::load_str(&text, "r.toml", None, &registry())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("plugin `kit-no-per-city`: undefined with `farmers = \"per-city\"`"),
        "{e}"
    );
    let ok = base_with("[core]\nfarmers = \"per-field\"\n[plugins.kit-no-per-city]\n");
    for r in compiled_in_and_loaded(&ok) {
        Game::new(r, 2, 0).unwrap();
    }
}

// ------------------------------------------------------------- tile data

#[test]
fn inner_fields_repeated_markers_and_links_reach_plugins() {
    for r in compiled_in_and_loaded(&base_with("[plugins.kit-tiledata]\n")) {
        // The inner field of KIT/CCCC is closed at once; a farmer there scores the
        // completed city the tile's south cap makes with the start: 3.
        let g = check(
            &r,
            2,
            "draw KIT/CCCC; place 0 -1 0; deploy follower field centre
             draw KIT/C++; place 0 -2 0; pass
             draw KIT/RRR; place 1 0 0; pass
             end",
            &[3, 0],
        );
        assert_eq!(plugin_words(&g, "kit-tiledata"), [1, 2, 3]);
    }
}

// --------------------------------------------------- narrowed subscriptions

#[test]
fn narrowed_hooks_are_skipped_exactly_in_their_cases() {
    let text = |narrow: bool| {
        format!(
            "name = \"caps\"\n\
             tilesets = [\"base\", \"hills-and-sheep\", \"princess-and-dragon\"]\n\
             [plugins.kit-narrow]\nnarrow = {narrow}\n\
             [plugins.dragon]\n[plugins.wagon]\n"
        )
    };
    // The hooks kit-narrow counts (the dragon's steps and the wagons' moves
    // for `figure_moved`).
    const N: usize = 10;
    let [narrow_in, narrow_loaded] = compiled_in_and_loaded(&text(true));
    let all = [rules(&text(false)), narrow_in, narrow_loaded];
    let (mut handled, mut skipped) = ([0; N], [0; N]);
    for seed in 0..6 {
        let mut games = all.clone().map(|r| {
            let mut g = Game::new(r, 2, seed).unwrap();
            g.set_logging(seed % 2 == 0);
            g
        });
        let mut rngs = [Rng::new(seed), Rng::new(seed), Rng::new(seed)];
        loop {
            let on = [0, 1, 2].map(|i| games[i].step_random(&mut rngs[i]).unwrap());
            assert!(on == [on[0]; 3], "seed {seed}: the games part");
            if !on[0] {
                break;
            }
        }
        let scores = games[0].scores();
        assert!(games.iter().all(|g| g.scores() == scores), "seed {seed}");
        let [wide, narrow, loaded] = [0, 1, 2].map(|i| plugin_words(&games[i], "kit-narrow"));
        // Words 0..N: calls outside the narrowed cases; N..2N: all calls.
        assert_eq!(narrow, loaded, "seed {seed}");
        assert_eq!(
            wide[..N],
            narrow[..N],
            "seed {seed}: the same calls are handled"
        );
        assert_eq!(
            narrow[..N],
            narrow[N..],
            "seed {seed}: only those reach the narrowed plugin"
        );
        for i in 0..N {
            handled[i] += wide[i];
            skipped[i] += wide[N + i] - wide[i];
        }
    }
    // features_merged, figure_chosen, tile_drawn, feature_scored (logging on even
    // seeds), after_figure, figure_returned, tile_placed, turn_end,
    // before_scoring, figure_moved.
    assert!(
        handled.iter().all(|&n| n > 0),
        "every hook is called: {handled:?}"
    );
    assert!(
        skipped.iter().all(|&n| n > 0),
        "every case is skipped: {skipped:?}"
    );
}

/// The shipped ruleset `name` with every plugin's narrowings taken away: each
/// hook call reaches its subscribers (the host's adapter still skips the cases
/// it decides).
fn without_narrowings(name: &str) -> Arc<Rules> {
    let mut r = (*config(name)).clone();
    for i in 0..r.plugins.len() {
        assert!(r.set_narrowing(i as u8, 0));
    }
    Arc::new(r)
}

#[test]
fn every_shipped_ruleset_plays_the_same_games_without_its_narrowings() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    names.sort();
    let mut narrowed = 0;
    for name in &names {
        let plain = without_narrowings(name);
        let both = [config(name), plain];
        narrowed += usize::from(both[0].plugins.iter().any(|e| e.narrow != 0));
        same_games(&both, 2, 0..3);
        same_games(&both, 3, 100..101);
    }
    assert!(
        narrowed >= 10,
        "{narrowed} of {} rulesets narrow a hook",
        names.len()
    );
}

#[test]
fn a_broken_narrowing_promise_is_found_and_named() {
    use carcassonne_host::narrowings::{check, NarrowingError, Options};
    let text = |lie: bool| {
        format!(
            "name = \"caps\"\ntilesets = [\"base\", \"hills-and-sheep\"]\n\
             [plugins.kit-narrow]\nlie = {lie}\n[plugins.hills]\n"
        )
    };
    let opts = Options {
        games: 4,
        players: 2,
        first_seed: 0,
        threads: 2,
    };
    // Kept: hills narrows honestly; kit-narrow declares nothing.
    let r = check(&rules(&text(false)), opts).unwrap();
    assert_eq!((r.narrowed, r.games), (vec!["hills".to_string()], 4));
    assert!(r.steps > 100, "{} steps", r.steps);
    // Broken: a point at every `before_scoring`, narrowed to pending scorings.
    for r in compiled_in_and_loaded(&text(true)) {
        let Err(NarrowingError::Broken(b)) = check(&r, opts) else {
            panic!("the broken promise is found");
        };
        assert_eq!(b.plugins, ["kit-narrow"], "{b}");
        assert_eq!((b.seed, b.what.as_str()), (0, "the scores"), "{b}");
        assert!(
            b.to_string()
                .starts_with("plugin `kit-narrow` does not keep the promise of `narrowing()`"),
            "{b}"
        );
    }
    // Broken where the log is off (the hostile plugin audit: the
    // check played with the log on only, where `SCORED_WHEN_LOGGING` never
    // skips a call, and found nothing; `play` and `replay` then disagreed).
    let quiet =
        "name = \"caps\"\ntilesets = [\"base\"]\n[plugins.kit-narrow]\nlie-when-logging = true\n";
    for r in compiled_in_and_loaded(quiet) {
        let Err(NarrowingError::Broken(b)) = check(&r, opts) else {
            panic!("the broken promise is found");
        };
        assert_eq!(b.plugins, ["kit-narrow"], "{b}");
        assert_eq!(
            (b.seed, b.what.as_str()),
            (0, "the scores, the event log off"),
            "{b}"
        );
    }
    // The command line: a ruleset without a narrowing plugin says so.
    let base = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/base.toml");
    let o = crate::cli::run(&[
        "conformance",
        "--ruleset",
        base.to_str().unwrap(),
        "--games",
        "2",
        "--check-narrowing",
    ]);
    assert!(o.status.success());
    assert!(
        crate::cli::stdout(&o).contains("no plugin declares a narrowing: nothing to compare"),
        "{}",
        crate::cli::stdout(&o)
    );
}

#[test]
fn the_wagon_and_the_pig_keep_their_promise_to_skip_units_without_their_figures() {
    // `SCORED_HOLDS_MINE` (the wagon, the pig's log lines) and
    // `BONUS_HOLDS_MINE` (the pig's bonus): the scorings of units where none
    // of their figures stands skip them. The check plays the same games with
    // the promises and without them and compares every step, with 2 and 4
    // players.
    use carcassonne_host::narrowings::{check, Options};
    // The pig with farmers scored per city (F2): units of several fields.
    let per_city = rules(
        "name = \"pig per city\"\ntilesets = [\"base\", \"traders-and-builders\"]\n\
         [core]\nfarmers = \"per-city\"\n[plugins.pig]\n",
    );
    for (name, plugin, rules) in [
        ("abbey-and-mayor", "wagon", config("abbey-and-mayor.toml")),
        (
            "traders-and-builders",
            "pig",
            config("traders-and-builders.toml"),
        ),
        ("per-city", "pig", per_city),
    ] {
        for players in [2, 4] {
            let opts = Options {
                games: 6,
                players,
                first_seed: 3,
                threads: 2,
            };
            let r = check(&rules, opts).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(r.narrowed.iter().any(|p| p == plugin), "{name}: {r:?}");
            assert!(r.steps > 500, "{name}: {} steps", r.steps);
        }
    }
}
