//! [`trace`]: the kit's random game of a seed, step by step, for the
//! checks that compare games (`carcassonne_host::permute`, `narrowings`).

use super::{action_fault, Chooser, Failure, Fault, RandomChoices};
use crate::game::{Action, Actor, Game};
use crate::rules::Rules;
use crate::types::PlayerId;
use std::sync::Arc;

/// What one step of a random game shows from outside: compared between games
/// played with the plugins' hooks in different run orders
/// ([`Rules::set_run_order`]), which must not differ.
///
/// The action and the legal actions are kept as values: the notation is one
/// to one in a state (the kit checks every action's text round trip), so two
/// games in the same state show the same values exactly when they show the
/// same texts. Their texts, for a report, are written by [`trace`] when asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepTrace {
    /// The action or chance outcome taken (`None` for the start).
    pub action: Option<Action>,
    /// Every player's score after it.
    pub scores: Vec<i32>,
    /// Every player's score breakdown after it, player by player.
    pub breakdown: Vec<i32>,
    /// The events it caused, as canonical text, sorted (the order of two
    /// plugins' lines within one step follows the run order and is not
    /// compared).
    pub events: Vec<String>,
    /// The legal actions after it.
    pub legal: Vec<Action>,
    /// The action as text (`start` for the start), when the trace was asked
    /// for texts; empty otherwise.
    pub action_text: String,
    /// The legal actions as text, when the trace was asked for texts; empty
    /// otherwise.
    pub legal_text: Vec<String>,
}

/// Plays the random game of [`run`](super::run) for `seed` (the same choices: each player
/// action is drawn from the legal actions with the same generator), with the
/// event log on, and returns what every step shows; with `texts`, the actions
/// as text too (which costs most of the trace: a difference found without
/// them is described by tracing the game again with them).
pub fn trace(
    rules: &Arc<Rules>,
    players: u8,
    seed: u64,
    texts: bool,
) -> Result<Vec<StepTrace>, Failure> {
    trace_logging(rules, players, seed, texts, true)
}

/// [`trace`] with the event log on or off (`logging`): off, no step shows
/// events, and hooks narrowed to the games that log (`SCORED_WHEN_LOGGING`)
/// are not called (the check of that promise plays both).
pub fn trace_logging(
    rules: &Arc<Rules>,
    players: u8,
    seed: u64,
    texts: bool,
    logging: bool,
) -> Result<Vec<StepTrace>, Failure> {
    // The player actions applied, for a failure's record.
    let mut played: Vec<Action> = Vec::new();
    let mut step = 0u64;
    let mut run = Run {
        played: &mut played,
        step: &mut step,
        logging,
    };
    traced(rules, players, seed, texts, &mut run).map_err(|f| Failure {
        seed,
        step,
        message: f.message,
        actions: action_texts(rules, players, seed, &played),
        action: f.action,
    })
}

/// What [`traced`] keeps for a failure, and how it plays.
struct Run<'a> {
    /// The player actions applied, for a failure's record.
    played: &'a mut Vec<Action>,
    /// The step at hand.
    step: &'a mut u64,
    /// Whether the event log is on.
    logging: bool,
}

/// [`trace`], keeping the player actions applied and the step at hand in
/// `run`.
fn traced(
    rules: &Arc<Rules>,
    players: u8,
    seed: u64,
    texts: bool,
    run: &mut Run<'_>,
) -> Result<Vec<StepTrace>, Fault> {
    let Run {
        played,
        step,
        logging,
    } = run;
    let mut g = Game::new(rules.clone(), players, seed)?;
    g.set_logging(*logging);
    let mut chooser = RandomChoices::default();
    chooser.start(&g);
    let mut out = Vec::new();
    let mut events: Vec<String> = g.take_events().iter().map(|e| g.event_text(e)).collect();
    events.sort();
    let mut action = None;
    let mut action_text = if texts {
        "start".to_string()
    } else {
        String::new()
    };
    loop {
        let legal = g.legal_actions()?;
        let breakdown = PlayerId::all(players)
            .flat_map(|p| g.score_breakdown(p).to_vec())
            .collect();
        let legal_text = match texts {
            true => legal.iter().map(|&a| g.format_action(a)).collect(),
            false => Vec::new(),
        };
        out.push(StepTrace {
            action: action.take(),
            scores: g.scores().to_vec(),
            breakdown,
            events: std::mem::take(&mut events),
            legal: legal.clone(),
            action_text: std::mem::take(&mut action_text),
            legal_text,
        });
        if g.is_over() {
            break;
        }
        let a = if g.actor() == Actor::Chance {
            let before = texts.then(|| g.clone());
            let code = g.sample_chance()?;
            if let Some(b) = before {
                action_text = b.format_action(Action::Chance(code));
            }
            Action::Chance(code)
        } else {
            if legal.is_empty() {
                return Err(format!("no legal action for {:?}", g.actor()).into());
            }
            let a = chooser.choose(&g, &legal)?;
            if texts {
                action_text = g.format_action(a);
            }
            // A failed action leaves the state as it was: its text is written
            // then.
            if let Err(e) = g.apply(a) {
                let text = g.format_action(a);
                return Err(action_fault(
                    &text,
                    format!("legal action {text} fails: {e}"),
                ));
            }
            played.push(a);
            a
        };
        action = Some(a);
        events = g.take_events().iter().map(|e| g.event_text(e)).collect();
        events.sort();
        **step += 1;
    }
    Ok(out)
}

/// The texts of the player actions `played` in the game of `seed`, its
/// chance events drawn from the seed (as the kit draws them): the game
/// played again, for a failure's record. Stops where an action fails (the
/// game did not play as it did: its hooks depend on more than its state).
fn action_texts(rules: &Arc<Rules>, players: u8, seed: u64, played: &[Action]) -> Vec<String> {
    let mut out = Vec::with_capacity(played.len());
    let Ok(mut g) = Game::new(rules.clone(), players, seed) else {
        return out;
    };
    for &a in played {
        while g.actor() == Actor::Chance {
            if g.sample_chance().is_err() {
                return out;
            }
        }
        let text = g.format_action(a);
        if g.apply(a).is_err() {
            return out;
        }
        out.push(text);
    }
    out
}
