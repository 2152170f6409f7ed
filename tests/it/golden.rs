//! Playthrough goldens: recorded games (`tests/golden/*.json`, written by
//! `carcassonne play --record`) must replay to the same final scores, with the
//! plugins compiled in and loaded from their libraries. A change of the rules
//! engine, a plugin or the RNG that alters play shows up here; if the change is
//! intended, regenerate the files with the commands in `tests/golden/README.md`.

use crate::common::*;
use carcassonne_core::{Driver, Game, Record};

fn goldens() -> Vec<(String, Record)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut out: Vec<(String, Record)> = std::fs::read_dir(&dir)
        .expect("tests/golden")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable");
            let rec = Record::from_json(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p.display().to_string(), rec)
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn recorded_games_replay_to_the_recorded_scores() {
    let all = goldens();
    assert!(all.len() >= 3, "golden records are missing");
    for (name, rec) in all {
        let want = rec.scores.clone().expect("finished games");
        for rules in [rules(&rec.ruleset), library_rules(&rec.ruleset)] {
            let mut g = Game::new(rules, rec.players, rec.seed).unwrap();
            Driver::new(&rec.forced)
                .replay(&mut g, &rec.actions)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(g.is_over(), "{name}: the replay did not finish");
            assert_eq!(g.scores(), want.as_slice(), "{name}");
        }
    }
}

/// The records name the rules they are replayed with: a change of the tile data
/// or of a plugin's declaration that leaves play unchanged still updates the
/// records' `rules_hash` (else `replay` prints a note that the rules differ).
#[test]
fn recorded_rules_fingerprints_are_current() {
    let reg = carcassonne_host::loader::builtin_registry().unwrap();
    for (name, rec) in goldens() {
        let rs = carcassonne_host::provenance::load_record_ruleset(&rec, &name, None, &reg)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let changes = carcassonne_host::provenance::differences(&rec, &rs, &reg);
        assert_eq!(changes, Vec::<String>::new(), "{name}");
    }
}

/// A record replayed through a recorder (`Driver::replay_recorded`, the Python
/// package's `Game.from_record`) leaves the recorder holding the same actions
/// and forced outcomes, so a game played on from it writes a record that
/// continues this one exactly; a shortened record stops at its last action.
#[test]
fn records_replayed_through_a_recorder_are_recorded_again_as_they_were() {
    use carcassonne_core::{Actor, Recorder};
    // The goldens sample every chance event; this one forces its first draws.
    let forced = record_replays_exactly(
        &config("base.toml"),
        2,
        3,
        "draw BA/RFr; place 1 0 0; pass; draw BA/L; place 0 1 0; pass",
    );
    assert!(!forced.forced.is_empty());
    let mut all = goldens();
    all.push(("forced draws".into(), forced));
    for (name, rec) in all {
        let r = rules(&rec.ruleset);
        let mut g = Game::new(r.clone(), rec.players, rec.seed).unwrap();
        let mut again = Recorder::default();
        Driver::new(&rec.forced)
            .replay_recorded(&mut g, &mut again, &rec.actions)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        // Chance events after the last action with no forced outcome are left
        // for the caller (a record of a finished game may end before its last
        // draws, which the seed replays).
        assert!(g.is_over() || g.actor() == Actor::Chance, "{name}");
        assert_eq!(again.actions, rec.actions, "{name}");
        assert_eq!(again.forced, rec.forced, "{name}");
        // Half the actions (after the forced draws), with the outcomes drawn
        // from the RNG: the game stops at the first chance event after the
        // last action, unresolved.
        let half = &rec.actions[..rec.actions.len() / 2];
        let mut g = Game::new(r, rec.players, rec.seed).unwrap();
        let mut part = Recorder::default();
        Driver::new(&rec.forced)
            .replay_recorded(&mut g, &mut part, half)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(part.actions, half, "{name}");
        assert_eq!(part.forced, rec.forced, "{name}");
        assert!(
            matches!(g.actor(), Actor::Chance | Actor::Player(_)),
            "{name}"
        );
    }
}

/// A record whose last chance events are a draw from the RNG and then a
/// forced outcome of another stream (a tile drawn, then the tile put under
/// its hill forced) is replayed through a recorder to the same game: the
/// draw is taken from the RNG again, as the game it was recorded from took
/// it, before the forced outcome is used (it was reported left over).
#[test]
fn a_draw_from_the_rng_before_a_forced_outcome_of_another_stream_replays() {
    use carcassonne_core::{Action, Actor, Recorder};
    let r = config("hills-and-sheep.toml");
    let mut found = 0;
    for seed in 0..40u64 {
        let mut g = Game::new(r.clone(), 2, seed).unwrap();
        let mut rec = Recorder::default();
        // Random play with every chance event drawn from the RNG, until a
        // drawn tile puts a tile under a hill; that one is forced.
        let mut forced = false;
        let mut steps = 0;
        while !g.is_over() && !forced && steps < 2_000 {
            steps += 1;
            if g.actor() == Actor::Chance {
                rec.sample(&mut g).unwrap();
                if g.actor() == Actor::Chance && g.chance_stream() == Some("hidden") {
                    let (code, _) = g.chance_outcomes().unwrap()[0];
                    rec.apply(&mut g, Action::Chance(code)).unwrap();
                    forced = true;
                }
            } else {
                let legal = g.legal_actions().unwrap();
                rec.apply(&mut g, legal[steps % legal.len()]).unwrap();
            }
        }
        if !forced {
            continue;
        }
        found += 1;
        let record = rec.finish(&g, "hills-and-sheep", "");
        assert_eq!(record.forced.get("hidden").map(Vec::len), Some(1));
        let mut again = Game::new(r.clone(), 2, seed).unwrap();
        let mut rec2 = Recorder::default();
        Driver::new(&record.forced)
            .replay_recorded(&mut again, &mut rec2, &record.actions)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        // The same game: its board, bag, hidden tiles, scores and what comes next.
        let state = |g: &Game| {
            format!(
                "{:?} {:?} {:?} {:?} {:?} {:?} {:?}",
                g.tiles(),
                g.bag(),
                g.hidden_tiles(),
                g.scores(),
                g.actor(),
                g.legal_actions().ok(),
                g.chance_outcomes().ok()
            )
        };
        assert_eq!(state(&again), state(&g), "seed {seed}");
        assert_eq!(rec2.forced, record.forced, "seed {seed}");
        assert_eq!(rec2.actions, record.actions, "seed {seed}");
    }
    assert!(found >= 3, "only {found} games put a tile under a hill");
}
