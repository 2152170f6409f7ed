//! Inputs from a hostile audit (issue 15) that used to crash the engine or be
//! wrongly accepted: each is now a clear error.

use carcassonne_core::*;
use std::sync::Arc;

use crate::fixtures::base_tiles;

/// A plugin that tosses a coin with the given weights at the start of every turn.
struct Coin(Vec<u32>);

impl Hooks for Coin {
    fn subscriptions(&self) -> u64 {
        hook::TILE_DRAWN
    }
    fn tile_drawn(&self, cx: &mut Cx<'_>, _: TileTypeId) -> HookResult {
        cx.push_chance(0, 0);
        Ok(())
    }
    fn step_outcomes(&self, _: &View<'_>, _: Step, out: &mut Vec<Outcome>) -> HookResult {
        out.extend(self.0.iter().enumerate().map(|(i, &w)| Outcome {
            code: i as u32,
            weight: w,
        }));
        Ok(())
    }
    fn resolve_step(&self, cx: &mut Cx<'_>, _: Step, value: u32) -> HookResult {
        cx.reborrow().state_words_mut()[value as usize] += 1;
        Ok(())
    }
}

fn coin_rules(weights: Vec<u32>) -> Arc<Rules> {
    let decl = PluginDecl {
        id: "coin".into(),
        state: StateWords {
            game: 2,
            ..StateWords::default()
        },
        ..PluginDecl::default()
    };
    let hooks: Arc<dyn Hooks> = Arc::new(Coin(weights));
    Arc::new(
        Rules::new(
            "coin",
            base_tiles(),
            CoreOptions::default(),
            vec![(decl, hooks)],
        )
        .unwrap(),
    )
}

/// The game after the first tile draw, with the coin's chance event pending.
fn coin_game(weights: Vec<u32>, seed: u64) -> Game {
    let mut g = Game::new(coin_rules(weights), 2, seed).unwrap();
    g.sample_chance().unwrap();
    assert_eq!(g.chance_stream(), Some("coin"));
    g
}

#[test]
fn chance_weights_all_zero_are_an_error_not_a_panic() {
    let mut g = coin_game(vec![0, 0], 1);
    let before = g.clone();
    let e = g.sample_chance().unwrap_err();
    assert!(
        e.to_string()
            .contains("every outcome of the chance event has weight 0"),
        "{e}"
    );
    assert!(g == before, "a failed draw leaves the state unchanged");
    let mut empty = coin_game(vec![], 1);
    let e = empty.sample_chance().unwrap_err();
    assert!(e.to_string().contains("has no outcome"), "{e}");
}

#[test]
fn chance_weights_summing_past_u32_max_draw_fairly() {
    // A fair coin between two weights of 2^31 used to land on one side only.
    let mut seen = [0u32; 2];
    for seed in 0..400 {
        let mut g = coin_game(vec![1 << 31, 1 << 31], seed);
        g.sample_chance().unwrap();
        let p = g.rules().plugin_index("coin").unwrap();
        for (i, &n) in g.plugin_state(p).unwrap().iter().enumerate() {
            seen[i] += n;
        }
    }
    assert!(seen.iter().all(|&n| n > 150), "{seen:?}");
}

#[test]
fn plugin_state_sizes_are_bounded() {
    for (game_words, feature_words) in [(u32::MAX, 0), (0, u32::MAX), (MAX_GAME_WORDS + 1, 0)] {
        let decl = PluginDecl {
            id: "greedy-state".into(),
            state: StateWords {
                game: game_words,
                feature: feature_words,
                ..StateWords::default()
            },
            ..PluginDecl::default()
        };
        let hooks: Arc<dyn Hooks> = Arc::new(Coin(vec![1]));
        let errs = Rules::new(
            "big",
            base_tiles(),
            CoreOptions::default(),
            vec![(decl, hooks)],
        )
        .unwrap_err();
        assert!(
            errs.iter()
                .any(|e| e.contains("plugin `greedy-state` declares") && e.contains("at most")),
            "{errs:?}"
        );
    }
    // Within the bounds each, but too much together.
    let plugins: Vec<(PluginDecl, Arc<dyn Hooks>)> = (0..5)
        .map(|i| {
            let decl = PluginDecl {
                id: format!("p{i}"),
                state: StateWords {
                    feature: MAX_FEATURE_WORDS,
                    ..StateWords::default()
                },
                ..PluginDecl::default()
            };
            let hooks: Arc<dyn Hooks> = Arc::new(Coin(vec![1]));
            (decl, hooks)
        })
        .collect();
    let errs = Rules::new("big", base_tiles(), CoreOptions::default(), plugins).unwrap_err();
    assert!(
        errs.iter().any(|e| e.contains("per feature together")),
        "{errs:?}"
    );
}

#[test]
fn plugin_ids_are_checked_by_one_definition() {
    for ok in ["shepherd", "special-cities", "x2", "9lives"] {
        assert!(valid_plugin_id(ok), "{ok}");
    }
    for bad in ["", "-lead", "trail-", "Upper", "weird id", "dot.ted", "ünï"] {
        assert!(!valid_plugin_id(bad), "{bad}");
        let decl = PluginDecl {
            id: bad.into(),
            ..PluginDecl::default()
        };
        assert!(!decl.check().is_empty(), "{bad}");
    }
}

fn base() -> Arc<Rules> {
    Arc::new(Rules::new("base", base_tiles(), CoreOptions::default(), vec![]).unwrap())
}

/// The error of the last step of `script` (all earlier steps must work).
fn fails(script: &str) -> String {
    match scenario::run(&base(), 2, script) {
        Ok(_) => panic!("`{script}` should fail"),
        Err(e) => e.message,
    }
}

#[test]
fn place_at_i64_min_is_rejected_not_read_as_zero() {
    // `abs()` of i64::MIN wrapped (release) or panicked (debug).
    for x in [
        "-9223372036854775808",
        "9223372036854775807",
        "-4001",
        "4001",
    ] {
        let m = fails(&format!("draw BA/RFr; place {x} -1 3"));
        assert!(m.contains("coordinates within ±4000"), "{x}: {m}");
    }
    let m = fails("draw BA/RFr; place 0 -9223372036854775808 0");
    assert!(m.contains("coordinates within ±4000"), "{m}");
}

#[test]
fn every_rotation_is_accepted_and_normalised() {
    // BA/RFr turned 180° is the same tile as unturned; so is any turn of the four-way city.
    for r in [0, 2] {
        let g = scenario::run(&base(), 2, &format!("draw BA/RFr; place 1 0 {r}")).unwrap();
        assert_eq!(
            g.tile_rot(g.tile_at(Pos::new(1, 0)).unwrap()),
            Some(Rotation::R0)
        );
    }
    for r in 0..4 {
        let g = scenario::run(&base(), 2, &format!("draw BA/Cccc+; place 0 -1 {r}")).unwrap();
        assert_eq!(
            g.tile_rot(g.tile_at(Pos::new(0, -1)).unwrap()),
            Some(Rotation::R0)
        );
    }
    // Through the action API a non-canonical rotation is explained, not "does not fit".
    let mut g = scenario::run(&base(), 2, "draw BA/Cccc+").unwrap();
    let e = g
        .apply(Action::Place(Placement::new(
            Pos::new(0, -1),
            Rotation::ALL[2],
        )))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("rotation 2 gives the same tile as rotation 0"),
        "{e}"
    );
}

#[test]
fn leftover_forced_outcomes_are_rejected_like_leftover_actions() {
    let rules = base();
    let replay = |forced: &[(&str, Vec<String>)]| {
        let mut g = Game::new(rules.clone(), 2, 1).unwrap();
        let forced = forced
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect();
        Driver::new(&forced)
            .replay(&mut g, &["place 0 -1 2".to_string()])
            .map(|_| ())
    };
    // An unknown stream, a plugin stream in a base game, 100 extra tiles.
    let e = replay(&[("tile", vec!["BA/C".into()]), ("dice", vec!["six".into()])])
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("1 forced `dice` outcome(s) left unused")
            && e.contains("no such chance stream (its streams: tile, hidden, face-up)"),
        "{e}"
    );
    let e = replay(&[
        ("tile", vec!["BA/C".into()]),
        ("shepherd", vec!["wolf".into()]),
    ])
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("forced `shepherd` outcome(s) left unused"),
        "{e}"
    );
    let e = replay(&[("tile", vec!["BA/C".to_string(); 101])])
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("100 forced `tile` outcome(s) left unused"),
        "{e}"
    );
    // Exactly used up: fine.
    replay(&[("tile", vec!["BA/C".into()])]).unwrap();
}

#[test]
fn illegal_actions_say_why() {
    // The side that clashes: north of the start tile, a south side must be a city.
    let m = fails("draw BA/L; place 0 -1 0");
    assert!(
        m.contains("the tile does not fit there: its south side (field) meets a city"),
        "{m}"
    );
    let m = fails("draw BA/L; place 0 0 0");
    assert!(m.contains("there is already a tile at (0, 0)"), "{m}");
    let m = fails("draw BA/L; place 5 5 0");
    assert!(m.contains("(5, 5) is not next to any tile"), "{m}");
    // An exhausted tile: there is one four-way city.
    let m = fails("draw BA/Cccc+; place 0 -1 0; pass; draw BA/Cccc+");
    assert!(m.contains("no `BA/Cccc+` left in the bag"), "{m}");
    // A figure option with its reason, in action text, not Rust debug output.
    let m = fails("draw BA/RFr; place 1 0 0; deploy follower 256");
    assert!(
        m.contains("no feature 256: the tile just placed has features 0 to 2"),
        "{m}"
    );
    let m = fails("draw BA/RFr; place 1 0 0; deploy follower 7");
    assert!(m.contains("illegal action `deploy follower 7`"), "{m}");
    assert!(
        m.contains("no feature 7: the tile just placed has features 0 to 2"),
        "{m}"
    );
    // The road of RFr joins the start tile's road, which then holds a follower.
    let m = fails("draw BA/RFr; place 1 0 0; deploy follower road E; draw BA/RFr; place -1 0 0; deploy follower road W");
    assert!(m.contains("the road is already occupied"), "{m}");
}

#[test]
fn a_forced_outcome_after_sampled_ones_of_its_stream_replays_exactly() {
    // Found by the record property test: the replay used the forced tile for
    // the stream's first draw, which the game had sampled.
    let rules = base();
    let mut g = Game::new(rules.clone(), 2, 0).unwrap();
    let mut rec = Recorder::default();
    let mut rng = Rng::new(1);
    let mut draws = 0;
    while !g.is_over() {
        if g.actor() == Actor::Chance {
            draws += 1;
            if draws % 3 == 0 {
                let o = g.chance_outcomes().unwrap();
                rec.apply(&mut g, Action::Chance(o[o.len() / 2].0)).unwrap();
            } else {
                rec.sample(&mut g).unwrap();
            }
        } else {
            let acts = g.legal_actions().unwrap();
            rec.apply(&mut g, acts[rng.below(acts.len() as u32) as usize])
                .unwrap();
        }
    }
    let record = rec.finish(&g, "base", "name = \"base\"");
    assert_eq!(&record.forced["tile"][..3], [SAMPLED, SAMPLED, "BA/Ccc+"]);
    let back = Record::from_json(&record.to_json()).unwrap();
    let mut h = Game::new(rules, back.players, back.seed).unwrap();
    Driver::new(&back.forced)
        .replay(&mut h, &back.actions)
        .unwrap();
    assert!(h == g, "the replay is the identical game, RNG included");
}

#[test]
fn observations_of_players_that_do_not_exist_are_errors() {
    // Issue 26, defect 14: `observation(9)` of a two-player game returned an
    // observation (and Python passed it on).
    let rules = Arc::new(Rules::new("base", base_tiles(), CoreOptions::default(), vec![]).unwrap());
    let g = Game::new(rules, 2, 1).unwrap();
    let seat = PlayerId::ALL;
    assert_eq!(g.observation(seat[1]).unwrap().player, seat[1]);
    // Seats past the game's players (a `PlayerId` past the most seats a
    // game may have cannot be made).
    for p in &seat[2..] {
        assert_eq!(
            g.observation(*p).unwrap_err().to_string(),
            format!("player {p} does not exist: the game has players 0 to 1")
        );
    }
}

/// At every tile placed: a large award to the current player, a transfer of
/// the most points there are to the other, and a payment of as many.
struct Huge;

impl Hooks for Huge {
    fn subscriptions(&self) -> u64 {
        hook::TILE_PLACED
    }
    fn tile_placed(&self, cx: &mut Cx<'_>, _: TileIndex) -> HookResult {
        let me = cx.current_player();
        let other = PlayerId::all(cx.players()).find(|&p| p != me).unwrap();
        cx.add_score(me, i32::MAX / 3);
        cx.transfer_score(me, other, i32::MAX);
        cx.transfer_score(me, other, i32::MIN);
        cx.pay_score(other, i32::MAX);
        cx.add_score(other, i32::MIN);
        Ok(())
    }
}

#[test]
fn scores_past_the_range_of_i32_saturate_and_keep_their_breakdown() {
    // The hostile plugin audit (7 December 2026): a score past `i32::MAX`
    // saturated apart from its breakdown, which then no longer summed to it.
    let decl = PluginDecl {
        id: "huge".into(),
        ..PluginDecl::default()
    };
    let rules = crate::fixtures::base_rules(
        CoreOptions::default(),
        vec![(decl, Arc::new(Huge) as Arc<dyn Hooks>)],
    );
    let mut g = Game::new(rules, 2, 5).unwrap();
    let mut rng = Rng::new(5);
    let mut extremes = 0;
    while g.step_random(&mut rng).unwrap() {
        g.check_integrity().unwrap();
        for p in PlayerId::all(2) {
            let sum: i64 = g.score_breakdown(p).iter().map(|&b| i64::from(b)).sum();
            assert_eq!(sum, i64::from(g.score(p)), "turn {}", g.turn());
            extremes += usize::from(g.score(p) == i32::MAX || g.score(p) == i32::MIN);
        }
    }
    assert!(extremes > 0, "the scores reached the ends of i32");
}
