//! Scenario fixtures: short scripts that read like a rulebook example.
//!
//! A script is a list of lines; `;` separates several steps on one line and `#`
//! starts a comment. Each step is an action in the text form of
//! [`crate::notation`] (`draw BA/C`, `place 1 0 2`, `deploy follower city N`,
//! `pass`, `shepherd grow`, ...) or a directive:
//!
//! * `end` — end the game now (final scoring);
//! * `scores 12 0` — assert the scores at this point.
//!
//! Chance events must be given explicitly (`draw ...`, `shepherd sheep-3`): a
//! fixture never depends on the RNG.

use crate::game::{Actor, Game};
use crate::rules::Rules;
use crate::GameError;
use std::sync::Arc;

/// A fixture step failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("fixture line {line} (`{step}`): {message}")]
pub struct ScenarioError {
    /// 1-based line.
    pub line: usize,
    /// The step text.
    pub step: String,
    /// What went wrong.
    pub message: String,
}

/// Runs `script` on a new game of `players` players and returns the game.
pub fn run(rules: &Arc<Rules>, players: u8, script: &str) -> Result<Game, ScenarioError> {
    let mut g = Game::new(rules.clone(), players, 0).map_err(|e| ScenarioError {
        line: 0,
        step: String::new(),
        message: e.to_string(),
    })?;
    run_on(&mut g, script)?;
    Ok(g)
}

/// Runs `script` on an existing game.
pub fn run_on(g: &mut Game, script: &str) -> Result<(), ScenarioError> {
    for (ln, line) in script.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        for step in line.split(';').map(str::trim).filter(|s| !s.is_empty()) {
            let err = |message: String| ScenarioError {
                line: ln + 1,
                step: step.to_string(),
                message,
            };
            if step == "end" {
                g.end_now().map_err(|e| err(e.to_string()))?;
                continue;
            }
            if let Some(rest) = step.strip_prefix("scores ") {
                let want: Result<Vec<i32>, _> = rest.split_whitespace().map(str::parse).collect();
                let want = want.map_err(|_| err("expected numbers".into()))?;
                if want != g.scores() {
                    return Err(err(format!(
                        "scores are {:?}, expected {want:?}",
                        g.scores()
                    )));
                }
                continue;
            }
            let a = g.parse_action(step).map_err(|e| err(e.to_string()))?;
            let is_chance = matches!(a, crate::Action::Chance(_));
            match (g.actor(), is_chance) {
                (Actor::Chance, false) => {
                    return Err(err(format!(
                        "a chance event ({}) must be given first",
                        g.chance_stream().unwrap_or("?")
                    )))
                }
                (Actor::Player(_), true) => return Err(err("a player must act first".into())),
                _ => {}
            }
            g.apply(a).map_err(|e: GameError| err(e.to_string()))?;
        }
    }
    Ok(())
}

/// Runs a fixture and asserts the scores: the `check(fixture, expected)` of rulings tests.
///
/// # Panics
/// If the fixture fails or the scores differ (it is a test helper).
#[track_caller]
pub fn check(rules: &Arc<Rules>, players: u8, script: &str, expected: &[i32]) -> Game {
    let g = match run(rules, players, script) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(g.scores(), expected, "scores after the fixture");
    g
}
