//! What a spectator sees (`Game::spectator_observation`, the browser's
//! `view::public_observation`): the core's public part and what each plugin
//! shows the seat past the last, never a part the players' observations merely
//! share. A player's secret stays hidden even when every player's is the same
//! (the test kit's `kit-secret`), a plugin that fails or panics for that seat
//! shows nothing without failing the view, and the shipped plugins' public
//! state still reaches spectators.

use crate::common::*;
use carcassonne_core::observe::Spectator;
use carcassonne_core::{hook, Action, Actor, Game, Observation, PlayerId, Rng, Rules};
use carcassonne_web::view::public_observation;
use serde_json::{json, Value};
use std::sync::Arc;

/// The spectator's observation, checked against the browser's and against
/// every player's: the same core part (only `player` and the plugins with an
/// `observe` hook may differ).
fn spectator(g: &Game) -> Observation<Spectator> {
    let seen = g
        .spectator_observation()
        .expect("a spectator's observation");
    assert_eq!(seen.player, Spectator);
    let web = public_observation(g).expect("the browser's public observation");
    assert_eq!(web, serde_json::to_value(&seen).unwrap());
    assert_eq!(web["player"], Value::Null);
    for p in PlayerId::all(g.players()) {
        let mut o = g.observation(p).expect("a player's observation");
        assert_eq!(o.player, p);
        for (i, e) in g.rules().plugins.iter().enumerate() {
            if e.subs & hook::OBSERVE != 0 {
                o.plugins
                    .insert(e.decl.id.clone(), seen.plugins[&e.decl.id].clone());
            } else {
                assert_eq!(seen.plugins[&e.decl.id], g.plugin_words(i as u8));
            }
        }
        let mut o = serde_json::to_value(o).unwrap();
        o["player"] = Value::Null;
        assert_eq!(
            o, web,
            "the core's part is the same for {p:?} and a spectator"
        );
    }
    seen
}

/// Checks that no spectator learns the secrets of `g` (every player's number
/// drawn), and that each player still sees his own; returns the numbers.
fn secrets_hidden(g: &Game) -> Vec<u64> {
    let numbers: Vec<u64> = PlayerId::all(g.players())
        .map(|p| {
            let o = g.observation(p).unwrap();
            o.plugins["kit-secret"]["mine"]
                .as_u64()
                .expect("his own number")
        })
        .collect();
    let web = public_observation(g).unwrap();
    assert_eq!(
        web["plugins"]["kit-secret"],
        Value::Null,
        "the secrets {numbers:?} reach no spectator in the browser"
    );
    assert!(!web.to_string().contains("mine"), "{web}");
    let seen = spectator(g);
    assert_eq!(seen.plugins["kit-secret"], Value::Null);
    numbers
}

/// Resolves the setup's chance events (each player's secret number) with `rng`.
fn draw_secrets(g: &mut Game, rng: &mut Rng) {
    while g.actor() == Actor::Chance {
        assert!(g.step_random(rng).unwrap());
    }
}

#[test]
fn a_spectator_never_sees_a_players_secret_even_when_all_are_equal() {
    for r in &compiled_in_and_loaded(&base_with("[plugins.kit-secret]\n")) {
        // Every pair of numbers, equal or not: the spectator's view is the same
        // (a player comparing it with his own learns nothing of the others').
        for seed in 0..3 {
            let mut seen = None;
            for (a, b) in (0..10).flat_map(|a| [(a, a), (a, (a + 1 + seed as u32) % 10)]) {
                let mut g = Game::new(r.clone(), 2, seed).unwrap();
                g.apply(Action::Chance(a)).unwrap();
                g.apply(Action::Chance(b)).unwrap();
                assert_eq!(secrets_hidden(&g), [u64::from(a), u64::from(b)]);
                let now = public_observation(&g).unwrap();
                assert_eq!(
                    seen.get_or_insert_with(|| now.clone()),
                    &now,
                    "seed {seed}: the numbers {a} and {b} change nothing a spectator sees"
                );
            }
        }
        // Random games: the numbers drawn at random, equal in some, and the
        // game played on.
        let mut equal = 0;
        for seed in 0..60 {
            let mut g = Game::new(r.clone(), 2, seed).unwrap();
            let mut rng = Rng::new(seed);
            draw_secrets(&mut g, &mut rng);
            let numbers = secrets_hidden(&g);
            equal += usize::from(numbers[0] == numbers[1]);
            for _ in 0..12 {
                if !g.step_random(&mut rng).unwrap() {
                    break;
                }
                secrets_hidden(&g);
            }
        }
        assert!(equal >= 2, "games with equal numbers: {equal}");
        // More players, up to the most (no seat past the last: the plugin's
        // part is null too).
        for players in 3..=carcassonne_core::MAX_PLAYERS as u8 {
            let mut g = Game::new(r.clone(), players, 1).unwrap();
            for _ in 0..players {
                g.apply(Action::Chance(4)).unwrap();
            }
            assert_eq!(secrets_hidden(&g), vec![4; usize::from(players)]);
        }
    }
}

#[test]
fn a_plugin_failing_or_panicking_for_the_spectators_seat_shows_him_nothing() {
    for mode in ["panic", "error", "bad-id"] {
        let text = base_with(&format!(
            "[plugins.kit-faulty]\nhook = \"observe\"\nmode = \"{mode}\"\n"
        ));
        for r in &compiled_in_and_loaded(&text) {
            let g = Game::new(r.clone(), 2, 0).unwrap();
            // The players' observations fail, as they always did ...
            assert!(g.observation(PlayerId::ALL[0]).is_err(), "{mode}");
            // ... a spectator's shows the plugin as null.
            let seen = g.spectator_observation().unwrap();
            assert_eq!(seen.plugins["kit-faulty"], Value::Null, "{mode}");
            assert_eq!(
                public_observation(&g).unwrap()["plugins"]["kit-faulty"],
                Value::Null
            );
        }
    }
    // A plugin of the core's `Hooks` written without the SDK that indexes its
    // data by the seat panics for the seat past the last: contained too.
    let decl = carcassonne_core::PluginDecl {
        id: "by-seat".into(),
        ..Default::default()
    };
    let hooks: Arc<dyn carcassonne_core::Hooks> = Arc::new(BySeat);
    let set = carcassonne_host::tilesets::load("base", None).unwrap();
    let cat = carcassonne_core::TileCatalogue::build(&[set], "C2").unwrap();
    let r: Arc<Rules> = Rules::new("by seat", cat, Default::default(), vec![(decl, hooks)])
        .unwrap()
        .into();
    let g = Game::new(r, 3, 0).unwrap();
    assert_eq!(
        g.observation(PlayerId::ALL[2]).unwrap().plugins["by-seat"],
        json!({"seat": 2})
    );
    assert_eq!(spectator(&g).plugins["by-seat"], Value::Null);
}

/// Shows each player his seat, read from a table of the game's seats.
struct BySeat;

impl carcassonne_core::Hooks for BySeat {
    fn subscriptions(&self) -> u64 {
        hook::OBSERVE
    }

    fn observe(
        &self,
        v: &carcassonne_core::View<'_>,
        player: PlayerId,
        out: &mut String,
    ) -> carcassonne_core::HookResult {
        let seats: Vec<u8> = PlayerId::all(v.game.players()).map(|p| p.seat()).collect();
        out.push_str(&format!("{{\"seat\": {}}}", seats[player.index()]));
        Ok(())
    }
}

/// The shipped rulesets whose plugins have an `observe` hook (bridges,
/// castles, the Count, the king and the robber, trade goods): every random
/// game's spectator sees what every player sees of them, never null, with
/// up to five players; with six (no seat past the last) they show him null.
#[test]
fn the_shipped_plugins_public_state_reaches_spectators() {
    let mut tokens_seen = 0;
    for (file, plugins) in [
        ("traders-and-builders.toml", &["trade-goods"][..]),
        ("bridges-castles-and-bazaars.toml", &["bridges", "castles"]),
        ("count-king-and-robber.toml", &["count", "king-and-robber"]),
    ] {
        let r = config(file);
        let hooked: Vec<String> = r
            .plugins
            .iter()
            .filter(|e| e.subs & hook::OBSERVE != 0)
            .map(|e| e.decl.id.clone())
            .collect();
        for id in plugins {
            assert!(hooked.iter().any(|h| h == id), "{file}: {id} observes");
        }
        for (players, seed) in [(2u8, 0u64), (3, 1), (5, 2)] {
            let mut g = Game::new(r.clone(), players, seed).unwrap();
            let mut rng = Rng::new(seed);
            let mut step = 0;
            loop {
                if step % 5 == 0 || g.is_over() {
                    let seen = spectator(&g);
                    for id in &hooked {
                        let part = &seen.plugins[id];
                        assert_ne!(part, &Value::Null, "{file} {players} players: {id}");
                        for p in PlayerId::all(players) {
                            let o = g.observation(p).unwrap();
                            assert_eq!(&o.plugins[id], part, "{file}: {id} as {p:?} sees it");
                        }
                    }
                    if let Some(t) = seen.plugins.get("trade-goods") {
                        let held = t["tokens"].as_array().unwrap();
                        assert_eq!(held.len(), usize::from(players));
                        tokens_seen += held
                            .iter()
                            .flat_map(|h| h.as_object().unwrap().values())
                            .map(|n| n.as_u64().unwrap())
                            .sum::<u64>();
                    }
                }
                if !g.step_random(&mut rng).unwrap() {
                    break;
                }
                step += 1;
            }
            assert!(g.is_over(), "{file}: played to the end");
        }
        // Six players: no seat past the last, so nothing a plugin could keep
        // private reaches a spectator.
        let g = Game::new(r.clone(), 6, 0).unwrap();
        let seen = spectator(&g);
        for id in &hooked {
            assert_eq!(seen.plugins[id], Value::Null, "{file}: {id}");
        }
    }
    assert!(tokens_seen > 0, "spectators saw trade goods tokens");
}

#[test]
fn the_conformance_kit_builds_every_players_observation_and_a_spectators() {
    // Found by the Gold Mines author's audit: an `observe` hook that fails
    // passed `conformance`, which never built an observation, and the
    // browser then refused the player every view of his game.
    use carcassonne_core::conformance::{run, Options};
    let text = base_with("[plugins.kit-faulty]\nhook = \"observe\"\nmode = \"error\"\n");
    for r in &compiled_in_and_loaded(&text) {
        let opts = Options {
            games: 1,
            ..Options::default()
        };
        let f = run(r, opts, &|_: &Game| Ok(())).unwrap_err();
        assert_eq!(f.step, 0, "{}", f.message);
        assert!(
            f.message.starts_with(
                "player 0's observation fails: plugin `kit-faulty` failed in hook `observe`"
            ),
            "{}",
            f.message
        );
    }
    // A plugin observing honestly passes.
    let secret = base_with("[plugins.kit-secret]\n");
    let opts = carcassonne_core::conformance::Options {
        games: 2,
        ..Default::default()
    };
    for r in &compiled_in_and_loaded(&secret) {
        let report = run(r, opts, &|_: &Game| Ok(())).unwrap();
        assert_eq!(report.games, 2);
    }
}
