//! Bots as the players of the conformance kit's games
//! (`carcassonne_core::conformance::run_with`, the host's
//! `conformance::check_rules_with`, `carcassonne conformance --bots`).

use crate::{seat_bots, seat_specs, Bot, BotSpec};
use carcassonne_core::conformance::Chooser;
use carcassonne_core::{Action, Actor, Game};

/// Makes the players' decisions of the conformance kit's games with bots, one
/// per seat (`specs` as `--bots` gives them: the last one plays the seats
/// left, [`seat_specs`]), each game's bots made from its seed as
/// [`seat_bots`] makes them: the game of seed `S` is the game
/// [`play_game`](crate::play_game) (`simulate`, `play --seed S`) plays with
/// the same bots, checked at every step.
pub struct BotChooser {
    /// The bots as listed.
    listed: Vec<BotSpec>,
    /// The bot of each seat, as specified, for messages.
    specs: Vec<BotSpec>,
    /// The bots of the game at hand.
    bots: Vec<Box<dyn Bot>>,
}

impl BotChooser {
    /// Bots of `specs` (at least one) for every game.
    pub fn new(specs: &[BotSpec]) -> BotChooser {
        BotChooser {
            listed: specs.to_vec(),
            specs: Vec::new(),
            bots: Vec::new(),
        }
    }
}

impl Chooser for BotChooser {
    fn start(&mut self, g: &Game) {
        self.specs = seat_specs(&self.listed, g.players());
        self.bots = seat_bots(&self.specs, g.seed());
    }

    fn choose(&mut self, g: &Game, _: &[Action]) -> Result<Action, String> {
        let Actor::Player(p) = g.actor() else {
            return Err(format!("no player is to act now ({:?})", g.actor()));
        };
        let (Some(bot), Some(spec)) = (self.bots.get_mut(p.index()), self.specs.get(p.index()))
        else {
            return Err(format!("no bot plays player {p}'s seat"));
        };
        bot.choose(g)
            .map_err(|e| format!("the bot of player {p} ({spec}) failed: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_core::conformance::{run_with, Options};
    use carcassonne_official as _;

    #[test]
    fn the_kits_game_with_bots_is_the_game_they_play_elsewhere() {
        let reg = carcassonne_host::loader::builtin_registry().unwrap();
        let (file, text) = carcassonne_host::shipped::SHIPPED[0];
        let rules = carcassonne_host::load_str(text, file, None, &reg)
            .unwrap()
            .rules;
        let specs = [BotSpec::Greedy, BotSpec::Random];
        // The kit's last state is the finished game: its scores.
        let finals = std::sync::Mutex::new(Vec::new());
        let opts = Options {
            games: 2,
            first_seed: 5,
            ..Options::default()
        };
        let report = run_with(&rules, opts, &mut BotChooser::new(&specs), &|g| {
            if g.is_over() {
                finals.lock().unwrap().push(g.scores().to_vec());
            }
            Ok(())
        })
        .unwrap();
        assert_eq!(report.games, 2);
        let played: Vec<Vec<i32>> = [5, 6]
            .iter()
            .map(|&seed| {
                crate::play_game(&rules, 2, seed, &specs)
                    .unwrap()
                    .scores()
                    .to_vec()
            })
            .collect();
        assert_eq!(finals.into_inner().unwrap(), played);
    }
}
