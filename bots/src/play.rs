//! Playing whole games between bots.

use crate::random::{playout_seed, PlayoutSeat};
use crate::{seat_seed, seat_specs, Bot, BotError, BotSpec};
use carcassonne_core::{Actor, Game, GameError, PlayerId, Rng, Rules};
use std::sync::Arc;

/// Why [`play_game`] stopped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game could not be created.
    #[error(transparent)]
    Game(#[from] GameError),
    /// A seat's bot failed.
    #[error("player {player} ({bot}): {source}")]
    Bot {
        /// The seat.
        player: PlayerId,
        /// The bot, as specified.
        bot: String,
        /// What failed.
        source: BotError,
    },
}

/// Plays a whole game with seed `seed` between bots (`specs` per seat, see
/// [`seat_specs`]); chance events are sampled with the game's own RNG, so the
/// same seed and bots give the same game.
///
/// When every seat is `random`, the game runs on the engine's fast playout
/// path ([`Game::play_random`], one RNG for all seats); it draws from the same
/// distribution as [`RandomBot`](crate::RandomBot), and it is the very game
/// [`play_out`] plays with the bots of [`seat_bots`] (which is how `play`
/// replays any game of `simulate` from its seed).
pub fn play_game(
    rules: &Arc<Rules>,
    players: u8,
    seed: u64,
    specs: &[BotSpec],
) -> Result<Game, PlayError> {
    let mut g = Game::new(rules.clone(), players, seed)?;
    play_started(&mut g, seed, specs)?;
    Ok(g)
}

/// [`play_game`] in the game kept in `slot`, for batches: a game of the same
/// rules object and player count is restarted in place ([`Game::restart`]: no
/// allocation once its buffers are warm), otherwise a new one is made there.
/// Plays the same game as [`play_game`] with the same arguments.
pub fn play_game_in<'a>(
    slot: &'a mut Option<Game>,
    rules: &Arc<Rules>,
    players: u8,
    seed: u64,
    specs: &[BotSpec],
) -> Result<&'a Game, PlayError> {
    let reuse = slot
        .as_ref()
        .is_some_and(|g| Arc::ptr_eq(g.rules(), rules) && g.players() == players);
    let g = match slot.take() {
        Some(mut g) if reuse => {
            g.restart(seed)?;
            slot.insert(g)
        }
        _ => slot.insert(Game::new(rules.clone(), players, seed)?),
    };
    play_started(g, seed, specs)?;
    Ok(g)
}

/// Plays a game just started with `seed` to its end (see [`play_game`]).
fn play_started(g: &mut Game, seed: u64, specs: &[BotSpec]) -> Result<(), PlayError> {
    let specs = seat_specs(specs, g.players());
    if all_random(&specs) {
        let mut rng = Rng::new(playout_seed(seed));
        g.play_random(&mut rng)?;
        return Ok(());
    }
    play_out(g, &mut seat_bots(&specs, seed), &specs)
}

/// Whether every seat is `random` (the game then runs on the fast path).
fn all_random(specs: &[BotSpec]) -> bool {
    specs.iter().all(|s| *s == BotSpec::Random)
}

/// The bots of a game with seed `seed`, one per seat of `specs` (one spec per
/// seat, as [`seat_specs`] gives them), as [`play_game`] plays them: each its
/// own bot seeded by [`seat_seed`], except when every seat is `random`: then
/// all seats draw from one RNG and choose what the engine's fast playout path
/// ([`Game::play_random`]) chooses. So [`play_out`] with these bots, on a game
/// just made with `seed`, plays the same game as [`play_game`], move by move
/// (for `play`, which shows and records every move).
///
/// A search bot whose specification leaves the thread count open uses one
/// thread, as in [`play_game`] (its moves depend on the thread count).
pub fn seat_bots(specs: &[BotSpec], seed: u64) -> Vec<Box<dyn Bot>> {
    if all_random(specs) {
        return PlayoutSeat::seats(seed, specs.len());
    }
    specs
        .iter()
        .enumerate()
        .map(|(p, s)| s.build(seat_seed(seed, p as u8)))
        .collect()
}

/// Plays `g` to its end: chance events sampled with the game's own RNG, each
/// decision by the bot of the player who must act (`specs` names them in errors).
pub fn play_out(
    g: &mut Game,
    bots: &mut [Box<dyn Bot>],
    specs: &[BotSpec],
) -> Result<(), PlayError> {
    loop {
        match g.actor() {
            Actor::GameOver => return Ok(()),
            Actor::Chance => {
                g.sample_chance()?;
            }
            Actor::Player(p) => {
                let fail = |source| PlayError::Bot {
                    player: p,
                    bot: specs
                        .get(p.index())
                        .map_or_else(|| "?".into(), ToString::to_string),
                    source,
                };
                let bot = bots
                    .get_mut(p.index())
                    .ok_or_else(|| fail(BotError::NoBot))?;
                let a = bot.choose(g).map_err(fail)?;
                g.apply(a).map_err(|e| fail(BotError::Game(e)))?;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::playout_action;
    // Link the official plugins so that the host's registry holds them.
    use carcassonne_official as _;

    /// Every shipped ruleset, compiled.
    fn shipped() -> Vec<(&'static str, Arc<Rules>)> {
        let reg = carcassonne_host::loader::builtin_registry().unwrap();
        carcassonne_host::shipped::SHIPPED
            .iter()
            .map(|(file, text)| {
                let rs = carcassonne_host::load_str(text, file, None, &reg)
                    .unwrap_or_else(|e| panic!("{file}: {e:?}"));
                (*file, rs.rules)
            })
            .collect()
    }

    /// The game `play` plays: action by action, chance sampled transactionally.
    fn move_by_move(rules: &Arc<Rules>, players: u8, seed: u64, specs: &[BotSpec]) -> Game {
        let specs = seat_specs(specs, players);
        let mut g = Game::new(rules.clone(), players, seed).unwrap();
        play_out(&mut g, &mut seat_bots(&specs, seed), &specs).unwrap();
        g
    }

    #[test]
    fn all_random_seats_play_the_fast_paths_game_move_by_move_on_every_shipped_ruleset() {
        for (file, rules) in shipped() {
            for (players, seed) in [(2, 0), (2, 7), (3, 1), (4, 2), (5, 3), (6, 4)] {
                let fast = play_game(&rules, players, seed, &[BotSpec::Random]).unwrap();
                // Each decision leads where the fast path's step leads.
                let mut g = Game::new(rules.clone(), players, seed).unwrap();
                let (mut rng, mut stepped) = (Rng::new(playout_seed(seed)), None);
                let mut decisions = 0;
                loop {
                    match g.actor() {
                        Actor::GameOver => break,
                        Actor::Chance => {
                            g.sample_chance().unwrap();
                        }
                        Actor::Player(_) => {
                            let mut expected = g.clone();
                            expected.step_random(&mut rng.clone()).unwrap();
                            let a = playout_action(&g, &mut rng, &mut stepped).unwrap();
                            g.apply(a).unwrap();
                            assert!(
                                g == expected,
                                "{file}, {players} players, seed {seed}: {a:?}"
                            );
                            decisions += 1;
                        }
                    }
                }
                assert!(decisions > 50, "{file}: {decisions} decisions");
                assert!(g == fast, "{file}, {players} players, seed {seed}");
                assert_eq!(g.scores(), fast.scores(), "{file}, seed {seed}");
                // The same through the seats' bots and `play_out`.
                let bots = move_by_move(&rules, players, seed, &[BotSpec::Random]);
                assert!(bots == fast, "{file}, {players} players, seed {seed}");
            }
        }
    }

    #[test]
    fn seat_bots_play_the_game_of_play_game_for_mixed_seats() {
        let (_, rules) = shipped().remove(0);
        let mcts: BotSpec = "mcts:30".parse().unwrap();
        for specs in [
            vec![BotSpec::Greedy, BotSpec::Random],
            vec![BotSpec::Random, mcts.clone()],
            vec![mcts, BotSpec::Greedy],
        ] {
            for seed in [5, 6] {
                let batch = play_game(&rules, 2, seed, &specs).unwrap();
                let single = move_by_move(&rules, 2, seed, &specs);
                assert!(single == batch, "{specs:?}, seed {seed}");
            }
        }
    }

    #[test]
    fn the_all_random_game_of_seed_5_on_hills_and_sheep_scores_28_to_34() {
        // The scores `simulate --seed 5 --games 1` reports, pinned: the fast
        // path, and so `play`, keep their games.
        let (_, rules) = shipped().remove(0);
        let fast = play_game(&rules, 2, 5, &[BotSpec::Random]).unwrap();
        let slow = move_by_move(&rules, 2, 5, &[BotSpec::Random]);
        assert_eq!(fast.scores(), [28, 34]);
        assert_eq!(slow.scores(), [28, 34]);
    }
}
