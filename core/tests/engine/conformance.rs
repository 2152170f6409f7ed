//! The conformance kit on the base game: 1,000 random games with invariants at
//! every step, and exhaustive action checks on a few of them.

use carcassonne_core::conformance::{run, Options};
use carcassonne_core::*;
use std::sync::Arc;

fn base(options: CoreOptions) -> Arc<Rules> {
    let set: TileSetSpec =
        toml::from_str(include_str!("../../../configs/tilesets/base.toml")).unwrap();
    Arc::new(
        Rules::new(
            "base",
            TileCatalogue::build(&[set], "C2").unwrap(),
            options,
            vec![],
        )
        .unwrap(),
    )
}

#[test]
fn thousand_random_base_games_keep_every_invariant() {
    let r = run(
        &base(CoreOptions::default()),
        Options {
            games: 1000,
            ..Options::default()
        },
        &|_| Ok(()),
    );
    let report = r.unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(report.games, 1000);
    assert!(report.states > 1000 * 140);
}

#[test]
fn every_legal_action_applies() {
    for players in [2, 5] {
        let opts = Options {
            games: 4,
            players,
            first_seed: 77,
            try_every_action: true,
            ..Options::default()
        };
        let report =
            run(&base(CoreOptions::default()), opts, &|_| Ok(())).unwrap_or_else(|f| panic!("{f}"));
        assert!(report.actions > report.states * 3);
    }
}

#[test]
fn variants_keep_invariants() {
    for farmers in [
        FarmerScoring::PerFieldOncePerPlayer,
        FarmerScoring::PerCity,
        FarmerScoring::Off,
    ] {
        let o = CoreOptions {
            farmers,
            tiny_city: 2,
            ..CoreOptions::default()
        };
        run(
            &base(o),
            Options {
                games: 50,
                players: 3,
                ..Options::default()
            },
            &|_| Ok(()),
        )
        .unwrap_or_else(|f| panic!("{farmers:?}: {f}"));
    }
}

#[test]
fn records_replay_to_identical_games() {
    let rules = base(CoreOptions::default());
    for seed in 0..20 {
        let mut g = Game::new(rules.clone(), 3, seed).unwrap();
        let mut rec = Recorder::default();
        let mut rng = Rng::new(seed + 100);
        // Force the first few tile draws explicitly, sample the rest from the seed.
        let mut forced = 0;
        while !g.is_over() {
            if g.actor() == Actor::Chance {
                if forced < 3 {
                    let o = g.chance_outcomes().unwrap();
                    rec.apply(
                        &mut g,
                        Action::Chance(o[rng.below(o.len() as u32) as usize].0),
                    )
                    .unwrap();
                    forced += 1;
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
        let json = record.to_json();
        let back = Record::from_json(&json).unwrap();
        assert_eq!(back, record);
        let mut h = Game::new(rules.clone(), back.players, back.seed).unwrap();
        Driver::new(&back.forced)
            .replay(&mut h, &back.actions)
            .unwrap();
        assert!(h == g, "seed {seed}: the replay differs");
        assert_eq!(h.scores(), back.scores.as_deref().unwrap());
    }
}

#[test]
fn replay_reports_illegal_and_malformed_actions() {
    let rules = base(CoreOptions::default());
    let mut g = Game::new(rules.clone(), 2, 5).unwrap();
    let err = Driver::new(&Default::default())
        .replay(&mut g, &["place 40 40 0".to_string()])
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("action 1 (`place 40 40 0`): illegal action"),
        "{err}"
    );
    let mut g = Game::new(rules.clone(), 2, 5).unwrap();
    let err = Driver::new(&Default::default())
        .replay(&mut g, &["jump 3".to_string()])
        .unwrap_err();
    assert!(err.to_string().contains("unknown action"), "{err}");
    assert!(Record::from_json("{\"format\": 3}").is_err());
    assert!(Record::from_json("not json").is_err());
}

#[test]
fn observations_hide_nothing_in_the_base_game_and_match_clones() {
    let rules = base(CoreOptions::default());
    let mut g = Game::new(rules, 2, 9).unwrap();
    let mut rng = Rng::new(1);
    for _ in 0..40 {
        g.step_random(&mut rng).unwrap();
    }
    let o = g.observation(PlayerId::ALL[1]).unwrap();
    assert_eq!(o.board.len(), g.placed_count());
    assert_eq!(
        o.unseen.values().map(|&n| n as usize).sum::<usize>(),
        g.bag_len()
    );
    assert_eq!(o, g.clone().observation(PlayerId::ALL[1]).unwrap());
}
