//! The expansions' shipped rulesets (`configs/`) through the checks that each
//! expansion's tests once wrote out again for its own rulesets, each ruleset
//! once, from one table ([`ROWS`]): the conformance kit at 2, 4 and 6 players
//! with its plugins' invariants, every run order of its plugins, the same
//! games compiled in and loaded, and the random, greedy and search bots
//! playing it to the end.
//!
//! The option variants that no shipped ruleset uses are checked in their
//! plugin's file (`count_x.rs`, `king_and_robber_x.rs`, `tower_x.rs`) with the
//! invariants named here. Every shipped ruleset, with or without a row, is
//! also soaked and checked in every run order by `scripts/test`.

use crate::common::*;
use carcassonne_core::Game;

/// A check of a game state: `Err` says what is wrong.
type Check = fn(&Game) -> Result<(), String>;

/// What is checked of one shipped ruleset.
struct Row {
    /// The file in `configs/`.
    file: &'static str,
    /// Conformance games at each of 2, 4 and 6 players.
    games: u32,
    /// The first seed (the games of `n` players start at `seed + 100 n`).
    seed: u64,
    /// The plugins' invariants, checked in every state of the conformance
    /// games and at the end of the bots' games.
    invariants: Check,
    /// Whether the random, greedy and search bots play it to the end.
    bots: bool,
    /// Checked at the end of each bots' game.
    at_end: Check,
}

/// Nothing to check.
fn none(_: &Game) -> Result<(), String> {
    Ok(())
}

/// What a row leaves out.
const DEFAULT: Row = Row {
    file: "",
    games: 6,
    seed: 0,
    invariants: none,
    bots: true,
    at_end: none,
};

/// The shipped rulesets checked here.
const ROWS: &[Row] = &[
    Row {
        file: "count-king-and-robber.toml",
        games: 12,
        invariants: crate::count_x::invariants,
        ..DEFAULT
    },
    Row {
        file: "king-and-robber-hills-and-sheep.toml",
        games: 12,
        invariants: crate::king_and_robber_x::invariants,
        at_end: crate::king_and_robber_x::both_awards_held,
        ..DEFAULT
    },
    Row {
        file: "the-tower.toml",
        invariants: crate::tower_x::invariants,
        ..DEFAULT
    },
    Row {
        file: "the-tower-hills-and-sheep.toml",
        invariants: crate::tower_x::invariants,
        ..DEFAULT
    },
    Row {
        file: "the-river.toml",
        seed: 7,
        ..DEFAULT
    },
    Row {
        file: "the-river-ii.toml",
        seed: 7,
        ..DEFAULT
    },
    Row {
        file: "the-river-hills-and-sheep.toml",
        seed: 7,
        ..DEFAULT
    },
    // Their bots' games, with bridges and auctions, are in
    // `bridges_castles_and_bazaars.rs`.
    Row {
        file: "bridges-castles-and-bazaars.toml",
        games: 40,
        seed: 900,
        bots: false,
        ..DEFAULT
    },
    Row {
        file: "bridges-castles-and-bazaars-hills-and-sheep.toml",
        games: 40,
        seed: 900,
        bots: false,
        ..DEFAULT
    },
    // The greedy bots steering the dragon: `princess_and_dragon_x.rs`.
    Row {
        file: "princess-and-dragon.toml",
        games: 40,
        invariants: crate::dragon::pd_invariants,
        bots: false,
        ..DEFAULT
    },
    Row {
        file: "hills-and-sheep-princess-and-dragon.toml",
        games: 40,
        invariants: crate::dragon::pd_invariants,
        bots: false,
        ..DEFAULT
    },
];

#[test]
fn every_row_names_a_shipped_ruleset_once() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs");
    for (i, row) in ROWS.iter().enumerate() {
        assert!(
            dir.join(row.file).is_file(),
            "{}: no such ruleset",
            row.file
        );
        assert!(
            ROWS[..i].iter().all(|r| r.file != row.file),
            "{}: two rows",
            row.file
        );
    }
}

#[test]
fn the_shipped_rulesets_pass_the_conformance_kit_at_2_4_and_6_players() {
    for row in ROWS {
        let r = config(row.file);
        conformance_at_2_4_6(&r, row.games, row.seed, &row.invariants, row.file);
    }
}

#[test]
fn the_shipped_rulesets_compose_in_every_run_order() {
    for row in ROWS {
        composes_in_every_run_order(row.file);
    }
}

#[test]
fn the_shipped_rulesets_play_the_same_games_compiled_in_and_loaded() {
    for row in ROWS {
        let text = config_text(row.file);
        assert_same_compiled_in_and_loaded(&text, 2, 0..2);
        assert_same_compiled_in_and_loaded(&text, 4, 2..4);
    }
}

#[test]
fn the_random_greedy_and_mcts_bots_play_the_shipped_rulesets_to_the_end() {
    for row in ROWS.iter().filter(|r| r.bots) {
        let r = config(row.file);
        for g in bots_play_to_the_end(row.file, &r, &row.invariants) {
            (row.at_end)(&g).unwrap_or_else(|e| panic!("{}: {e}", row.file));
        }
    }
}
