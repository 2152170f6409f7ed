//! The conformance kit: random games with invariant checks at every step.
//!
//! Run it on any ruleset (with any plugins) to check that the engine and the
//! plugins keep their promises:
//!
//! * a state that is not over has a legal action (or a chance outcome);
//! * every legal action applies (all of them when [`Options::try_every_action`]);
//! * the action played parses back from its text, and a plugin's label of it
//!   for people is at most [`MAX_LABEL_CHARS`](crate::labels::MAX_LABEL_CHARS)
//!   characters and one line ([`Game::check_action_label`]);
//! * the incremental structures match a recomputation ([`Game::check_integrity`]):
//!   every tile copy is in exactly one place, figures are conserved, frontier,
//!   open sides, occupancy and member lists are right;
//! * scores never decrease except by transfers between players
//!   (`Cx::transfer_score`): a player's score plus what he transferred out
//!   never falls (unless [`Options::scores_never_decrease`] is off);
//! * a clone equals the original and offers the same actions;
//! * with [`Options::check_determinism`], the same action applied to two
//!   clones gives equal games;
//! * caller-supplied invariants hold (e.g. a plugin's token conservation).

use crate::game::{Action, Actor, Game};
use crate::rng::Rng;
use crate::rules::Rules;
use std::sync::Arc;

/// How to run the kit.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Number of games.
    pub games: u32,
    /// Players per game.
    pub players: u8,
    /// Seed of the first game (game `i` uses `first_seed + i`).
    pub first_seed: u64,
    /// Apply every legal action on a clone at every step (slower), not just the chosen one.
    pub try_every_action: bool,
    /// Check that scores never decrease except by transfers between players (turn
    /// off for plugins that take points away otherwise, e.g. a negative `add_score`).
    pub scores_never_decrease: bool,
    /// At every player's state, apply the last legal action to two clones
    /// and check that the games are equal: the hooks depend on nothing but
    /// the game state and their options. The host's kit
    /// (`carcassonne_host::conformance`) always turns it on.
    pub check_determinism: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            games: 1000,
            players: 2,
            first_seed: 0,
            try_every_action: false,
            scores_never_decrease: true,
            check_determinism: false,
        }
    }
}

/// What the kit did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played to the end.
    pub games: u32,
    /// States checked.
    pub states: u64,
    /// Actions applied (including those tried on clones).
    pub actions: u64,
}

/// An invariant failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("seed {seed}, step {step}: {message}")]
pub struct Failure {
    /// Seed of the failing game.
    pub seed: u64,
    /// Step within the game.
    pub step: u64,
    /// What failed.
    pub message: String,
}

/// Runs the kit. `extra` is called on every state for caller-specific invariants.
pub fn run(
    rules: &Arc<Rules>,
    opts: Options,
    extra: &dyn Fn(&Game) -> Result<(), String>,
) -> Result<Report, Failure> {
    let mut report = Report::default();
    for i in 0..opts.games {
        let seed = opts.first_seed.wrapping_add(u64::from(i));
        let fail = |step: u64, message: String| Failure {
            seed,
            step,
            message,
        };
        let mut g =
            Game::new(rules.clone(), opts.players, seed).map_err(|e| fail(0, e.to_string()))?;
        let mut rng = Rng::new(seed ^ 0x005E_ED0F_C0DE);
        let mut step = 0u64;
        // Each player's score plus what he transferred to others: it never falls
        // under rules that take no points away (a transfer moves points).
        let kept = |g: &Game| -> Vec<i32> {
            crate::PlayerId::all(g.players())
                .map(|p| g.score(p).saturating_add(g.transferred_out(p)))
                .collect()
        };
        let mut last_scores = kept(&g);
        loop {
            report.states += 1;
            g.check_integrity().map_err(|m| fail(step, m))?;
            extra(&g).map_err(|m| fail(step, m))?;
            let mut copy = g.clone();
            if copy != g {
                return Err(fail(step, "a clone differs from the original".into()));
            }
            if g.is_over() {
                if g.legal_actions()
                    .map_err(|e| fail(step, e.to_string()))?
                    .is_empty()
                {
                    break;
                }
                return Err(fail(step, "a finished game offers actions".into()));
            }
            let acts = g.legal_actions().map_err(|e| fail(step, e.to_string()))?;
            if acts.is_empty() {
                return Err(fail(step, format!("no legal action for {:?}", g.actor())));
            }
            if copy
                .legal_actions()
                .map_err(|e| fail(step, e.to_string()))?
                != acts
            {
                return Err(fail(step, "a clone offers different actions".into()));
            }
            let last = acts.last().copied().filter(|_| opts.check_determinism);
            if let (Some(a), Actor::Player(_)) = (last, g.actor()) {
                // The clone made above is one of the two (it is not used
                // again). The action is legal in both (their lists are equal),
                // and a failure leaves the state undefined (`apply_unchecked`):
                // two failures compare by their errors alone.
                let mut other = g.clone();
                let same = match (copy.apply_unchecked(a), other.apply_unchecked(a)) {
                    (Ok(()), Ok(())) => copy == other,
                    (x, y) => x == y,
                };
                if !same {
                    return Err(fail(
                        step,
                        format!(
                            "applying {} to two clones gave different games",
                            g.format_action(a)
                        ),
                    ));
                }
            }
            if opts.try_every_action {
                for &a in &acts {
                    let mut c = g.clone();
                    c.apply(a).map_err(|e| {
                        fail(
                            step,
                            format!("legal action {} fails: {e}", g.format_action(a)),
                        )
                    })?;
                    report.actions += 1;
                }
            }
            if g.actor() == Actor::Chance {
                let outcomes = g.chance_outcomes().map_err(|e| fail(step, e.to_string()))?;
                if outcomes.iter().any(|&(_, w)| w == 0) {
                    return Err(fail(step, "a chance outcome has weight 0".into()));
                }
                g.sample_chance().map_err(|e| fail(step, e.to_string()))?;
            } else {
                let a: Action = acts[rng.below(acts.len() as u32) as usize];
                // The text form must round-trip.
                let text = g.format_action(a);
                let parsed = g
                    .parse_action(&text)
                    .map_err(|e| fail(step, format!("`{text}` does not parse: {e}")))?;
                if parsed != a {
                    return Err(fail(
                        step,
                        format!("`{text}` parses to {parsed:?}, not {a:?}"),
                    ));
                }
                // A plugin's label for people is short and one line.
                g.check_action_label(a).map_err(|m| fail(step, m))?;
                g.apply(a)
                    .map_err(|e| fail(step, format!("legal action {text} fails: {e}")))?;
            }
            report.actions += 1;
            let sc = kept(&g);
            if opts.scores_never_decrease && sc.iter().zip(&last_scores).any(|(n, o)| n < o) {
                return Err(fail(
                    step,
                    format!(
                        "scores went down (other than by transfers): {last_scores:?} -> {sc:?}"
                    ),
                ));
            }
            last_scores = sc;
            step += 1;
        }
        report.games += 1;
    }
    Ok(report)
}

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

/// Plays the random game of [`run`] for `seed` (the same choices: each player
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
    let fail = |step: u64, message: String| Failure {
        seed,
        step,
        message,
    };
    let mut g = Game::new(rules.clone(), players, seed).map_err(|e| fail(0, e.to_string()))?;
    g.set_logging(true);
    let mut rng = Rng::new(seed ^ 0x005E_ED0F_C0DE);
    let mut out = Vec::new();
    let mut step = 0u64;
    let mut events: Vec<String> = g.take_events().iter().map(|e| g.event_text(e)).collect();
    events.sort();
    let mut action = None;
    let mut action_text = if texts {
        "start".to_string()
    } else {
        String::new()
    };
    loop {
        let legal = g.legal_actions().map_err(|e| fail(step, e.to_string()))?;
        let breakdown = crate::types::PlayerId::all(players)
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
            let code = g.sample_chance().map_err(|e| fail(step, e.to_string()))?;
            if let Some(b) = before {
                action_text = b.format_action(Action::Chance(code));
            }
            Action::Chance(code)
        } else {
            if legal.is_empty() {
                return Err(fail(step, format!("no legal action for {:?}", g.actor())));
            }
            let a = legal[rng.below(legal.len() as u32) as usize];
            if texts {
                action_text = g.format_action(a);
            }
            // A failed action leaves the state as it was: its text is written
            // then.
            if let Err(e) = g.apply(a) {
                let text = g.format_action(a);
                return Err(fail(step, format!("legal action {text} fails: {e}")));
            }
            a
        };
        action = Some(a);
        events = g.take_events().iter().map(|e| g.event_text(e)).collect();
        events.sort();
        step += 1;
    }
    Ok(out)
}
