//! The same seed is the same game: `play --seed S --bots B` plays the game
//! `simulate --seed S --bots B` plays first (and `simulate`'s game i, with
//! seed S + i, is `play --seed S+i`), for random, greedy, search and mixed
//! seats; `tournament` plays the same games for its pairings.

use crate::cli::{run, stderr, stdout};

/// The final scores `play --seed seed --bots bots --players players` prints
/// (`quiet`: with `--quiet`, else with its turn log).
fn play_scores(seed: u64, bots: &str, players: u8, quiet: bool) -> Vec<i64> {
    let (seed, players) = (seed.to_string(), players.to_string());
    let mut args = vec![
        "play",
        "--seed",
        &seed,
        "--bots",
        bots,
        "--players",
        &players,
    ];
    if quiet {
        args.push("--quiet");
    }
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let head = format!("Final scores (seed {seed}):");
    let at = out
        .find(&head)
        .unwrap_or_else(|| panic!("no `{head}`:\n{out}"));
    out[at + head.len()..]
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let score = l.split_whitespace().nth(1).unwrap();
            score.parse().unwrap_or_else(|_| panic!("`{l}`"))
        })
        .collect()
}

/// The mean score of each seat over `simulate --seed seed --games games`.
fn simulate_means(seed: u64, games: u64, bots: &str, players: u8) -> Vec<f64> {
    let o = run(&[
        "simulate",
        "--seed",
        &seed.to_string(),
        "--games",
        &games.to_string(),
        "--bots",
        bots,
        "--players",
        &players.to_string(),
        "--threads",
        "1",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["games"], games);
    v["mean_score"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}

/// The scores of `simulate`'s one game with seed `seed`.
fn simulate_scores(seed: u64, bots: &str, players: u8) -> Vec<i64> {
    simulate_means(seed, 1, bots, players)
        .into_iter()
        .map(|m| {
            assert_eq!(m.fract(), 0.0, "one game's mean is its score: {m}");
            m as i64
        })
        .collect()
}

#[test]
fn play_with_random_bots_replays_the_simulated_game_of_its_seed() {
    // All seats random: `simulate` plays on the engine's fast playout path,
    // `play` move by move; the same game (these were 28-34 and 22-26 before).
    assert_eq!(simulate_scores(5, "random", 2), [28, 34]);
    assert_eq!(play_scores(5, "random", 2, true), [28, 34]);
    // The turn log changes nothing.
    assert_eq!(play_scores(5, "random", 2, false), [28, 34]);
    for (seed, players) in [(6, 2), (11, 3), (40, 4)] {
        assert_eq!(
            play_scores(seed, "random", players, true),
            simulate_scores(seed, "random", players),
            "seed {seed}, {players} players"
        );
    }
}

#[test]
fn play_replays_the_simulated_game_of_its_seed_for_greedy_search_and_mixed_bots() {
    assert_eq!(simulate_scores(5, "greedy,random", 2), [140, 14]);
    assert_eq!(play_scores(5, "greedy,random", 2, true), [140, 14]);
    for (bots, seed, players) in [
        ("greedy", 6, 2),
        ("random,greedy,random", 5, 3),
        // A search bot searches on one thread in both unless told otherwise
        // (its moves depend on the thread count).
        ("random,mcts:40", 5, 2),
        ("mcts:30,greedy", 7, 2),
        ("mcts:30:threads=2,random", 8, 2),
    ] {
        assert_eq!(
            play_scores(seed, bots, players, true),
            simulate_scores(seed, bots, players),
            "{bots}, seed {seed}, {players} players"
        );
    }
}

#[test]
fn simulates_game_i_is_the_game_play_plays_with_seed_plus_i() {
    // The batch's means are those of `play`'s games with seeds 10, 11, 12.
    let means = simulate_means(10, 3, "random", 2);
    let games: Vec<Vec<i64>> = (10..13)
        .map(|s| play_scores(s, "random", 2, true))
        .collect();
    for (seat, mean) in means.iter().enumerate() {
        let sum: i64 = games.iter().map(|g| g[seat]).sum();
        assert_eq!(mean * 3.0, sum as f64, "seat {seat}: {games:?}");
    }
}

#[test]
fn a_tournament_game_is_the_simulated_game_of_its_seed_and_seats() {
    // `tournament --games 2 --seed 5`: seed 5 with greedy first, then second.
    let o = run(&[
        "tournament",
        "--bots",
        "greedy,random",
        "--games",
        "2",
        "--seed",
        "5",
        "--threads",
        "1",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let first = simulate_scores(5, "greedy,random", 2);
    let second = simulate_scores(5, "random,greedy", 2);
    assert_eq!((first[0], second[1]), (140, 112));
    assert_eq!(v["bots"][0]["bot"], "greedy");
    assert_eq!(v["bots"][0]["mean_score"], 126.0);
    assert_eq!(v["bots"][1]["bot"], "random");
    assert_eq!(
        v["bots"][1]["mean_score"].as_f64().unwrap(),
        (first[1] + second[0]) as f64 / 2.0
    );
}
