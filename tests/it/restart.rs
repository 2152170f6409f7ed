//! Restarting a game in place (`Game::restart`, `play_game_in`) plays exactly
//! the games that fresh ones do, whatever the game held before.

use crate::common::*;
use carcassonne_bots::{play_game, play_game_in, BotSpec};
use carcassonne_core::{Game, Rng};

/// Shipped rulesets whose plugins set state up, place neutral figures, deal
/// hands or grant turns: everything a restart must reset.
const RULESETS: [&str; 5] = [
    "base.toml",
    "hills-and-sheep.toml",
    "big-box.toml",
    "princess-and-dragon.toml",
    "traders-and-builders-hills-and-sheep.toml",
];

#[test]
fn a_restarted_game_equals_a_new_one() {
    for name in RULESETS {
        let rules = config(name);
        for players in [2, 5] {
            let mut g = Game::new(rules.clone(), players, 1).unwrap();
            g.set_logging(true);
            for seed in [2, 3, 40] {
                // Play part of a game first, so that every buffer holds something.
                let mut rng = Rng::new(seed);
                for _ in 0..150 {
                    if !g.step_random(&mut rng).unwrap() {
                        break;
                    }
                }
                g.restart(seed).unwrap();
                let fresh = Game::new(rules.clone(), players, seed).unwrap();
                assert!(g == fresh, "{name}, {players} players, seed {seed}");
                assert!(!g.logging());
                assert!(g.take_events().is_empty());
                g.check_integrity().unwrap();
            }
        }
    }
}

#[test]
fn play_game_in_plays_the_games_play_game_does() {
    let random = [BotSpec::Random];
    for name in RULESETS {
        let rules = config(name);
        let mut slot = None;
        for seed in 0..6 {
            let players = 2 + (seed % 3) as u8;
            let g = play_game_in(&mut slot, &rules, players, seed, &random).unwrap();
            let want = play_game(&rules, players, seed, &random).unwrap();
            assert!(*g == want, "{name}, seed {seed}");
            assert_eq!(g.scores(), want.scores());
            assert!(g.is_over());
        }
    }
    // A slot holding a game of other rules gets a new game of the right ones.
    let (base, hs) = (config("base.toml"), config("hills-and-sheep.toml"));
    let mut slot = None;
    play_game_in(&mut slot, &base, 2, 1, &random).unwrap();
    let g = play_game_in(&mut slot, &hs, 2, 1, &random).unwrap();
    assert!(std::sync::Arc::ptr_eq(g.rules(), &hs));
    assert!(*g == play_game(&hs, 2, 1, &random).unwrap());
}
