//! A plugin's narrowings (`Plugin::narrowing`) are promises: "in these cases
//! my hook has nothing to do; do not call it". The host keeps them by not
//! calling, so a broken promise changes nothing an author sees at once: the
//! hook is silently skipped where it had work. This check finds it (`carcassonne
//! conformance --check-narrowing`): the same random games played with every
//! plugin's narrowings as declared and with none must be the same games, step
//! by step (actions, scores, score breakdowns, events, legal actions). Where
//! they differ, each narrowing plugin's narrowings are taken away alone to name
//! the one whose promise is broken. A narrowing decided by the event log
//! (`SCORED_WHEN_LOGGING`: "my hook only writes to the log") takes effect only
//! in games that do not log: the games of a ruleset with one are played
//! again with the log off and compared the same way (without events).

use crate::permute::{compare, describe, share_games};
use carcassonne_core::conformance::{trace_logging, Failure, StepTrace};
use carcassonne_core::narrow::bits::SCORED_WHEN_LOGGING;
use carcassonne_core::Rules;
use std::sync::Arc;

/// How to run the check.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Games (seeds `first_seed..first_seed + games`).
    pub games: u32,
    /// Players per game.
    pub players: u8,
    /// Seed of the first game.
    pub first_seed: u64,
    /// Worker threads (at least one); the result does not depend on it.
    pub threads: usize,
}

/// What the check did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The plugins that declare narrowings (ids, in the rules' order); none
    /// means there was nothing to compare and no game was played.
    pub narrowed: Vec<String>,
    /// Games compared.
    pub games: u32,
    /// Steps compared.
    pub steps: u64,
}

/// Why the check failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NarrowingError {
    /// A game failed (an invariant or a plugin error) in one of the variants.
    #[error("{variant}: {failure}")]
    Game {
        /// Which variant: with the narrowings as declared, or without some.
        variant: String,
        /// What failed.
        failure: Failure,
    },
    /// A narrowing changes the game.
    #[error("{0}")]
    Broken(Box<Broken>),
}

/// The first step where taking narrowings away changes a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{who} not keep the promise of `narrowing()`: the game changes when the host \
     calls the narrowed hooks in every case: seed {seed}, step {step} (after \
     `{action}`): {what}\n  with the narrowings: {a}\n  without them: {b}"
)]
pub struct Broken {
    /// The plugins found (ids): one, or all narrowing plugins when no single
    /// one changes the game alone.
    pub plugins: Vec<String>,
    /// `plugin `x` does` or `the plugins … together do`.
    who: String,
    /// The game's seed.
    pub seed: u64,
    /// The first step that differs.
    pub step: usize,
    /// The action of that step (with the narrowings).
    pub action: String,
    /// What differs (`the scores`, ...).
    pub what: String,
    /// What the game shows with the narrowings.
    pub a: String,
    /// What it shows without them.
    pub b: String,
}

/// `rules` with the narrowings of the plugins at `which` taken away.
fn without(rules: &Rules, which: &[u8]) -> Arc<Rules> {
    let mut r = rules.clone();
    for &i in which {
        r.set_narrowing(i, 0);
    }
    Arc::new(r)
}

/// Plays the games with and without the plugins' narrowings and compares
/// every step, the games shared out among `opts.threads` threads
/// ([`share_games`]: the failure reported does not depend on them).
pub fn check(rules: &Arc<Rules>, opts: Options) -> Result<Report, NarrowingError> {
    let narrowing: Vec<u8> = (0..rules.plugins.len())
        .filter(|&i| rules.plugins[i].narrow != 0)
        .filter_map(|i| u8::try_from(i).ok())
        .collect();
    let ids = |which: &[u8]| -> Vec<String> {
        which
            .iter()
            .map(|&i| rules.plugins[usize::from(i)].decl.id.clone())
            .collect()
    };
    if narrowing.is_empty() {
        return Ok(Report::default());
    }
    let plain = without(rules, &narrowing);
    // Whether a narrowing is decided by the log: then each game is played
    // again with the log off.
    let by_log = narrowing
        .iter()
        .any(|&i| rules.plugins[usize::from(i)].narrow & SCORED_WHEN_LOGGING != 0);
    let steps = share_games(opts.games, opts.first_seed, opts.threads, |seed| {
        let game = CheckedGame {
            rules,
            plain: &plain,
            narrowing: &narrowing,
            ids: &ids,
            players: opts.players,
            seed,
        };
        let logged = game.check(true)?;
        Ok(logged + if by_log { game.check(false)? } else { 0 })
    })?;
    Ok(Report {
        narrowed: ids(&narrowing),
        games: opts.games,
        steps,
    })
}

/// One game of the check: its seed, and the rules with the narrowings as
/// declared (`rules`), without any (`plain`), and which plugins declare some.
struct CheckedGame<'a> {
    rules: &'a Arc<Rules>,
    plain: &'a Arc<Rules>,
    narrowing: &'a [u8],
    ids: &'a dyn Fn(&[u8]) -> Vec<String>,
    players: u8,
    seed: u64,
}

impl CheckedGame<'_> {
    /// Plays the game with the narrowings and without them, with the event
    /// log on or off (`logging`); where they differ, without each narrowing
    /// plugin's alone to find whose promise is broken. Returns the steps
    /// compared.
    fn check(&self, logging: bool) -> Result<u64, NarrowingError> {
        let CheckedGame {
            rules,
            plain,
            narrowing,
            ids,
            players,
            seed,
        } = *self;
        let log = if logging { "" } else { ", the event log off" };
        let play = |r: &Arc<Rules>, variant: &dyn Fn() -> String, texts: bool| {
            trace_logging(r, players, seed, texts, logging).map_err(|failure| {
                NarrowingError::Game {
                    variant: format!("{}{log}", variant()),
                    failure,
                }
            })
        };
        let declared = || "with the narrowings as declared".to_string();
        let first = play(rules, &declared, false)?;
        let other = play(plain, &|| "without any narrowing".to_string(), false)?;
        let Err((step, what)) = compare(&first, &other) else {
            return Ok(other.len() as u64);
        };
        // Whose promise: each narrowing plugin's narrowings taken away alone.
        let mut culprit: Vec<u8> = narrowing.to_vec();
        let mut shown: (Arc<Rules>, usize, crate::permute::Aspect) = (plain.clone(), step, what);
        for &i in narrowing {
            let r = without(rules, &[i]);
            let name = ids(&[i]).join("");
            let t: Vec<StepTrace> =
                play(&r, &|| format!("without the narrowings of `{name}`"), false)?;
            if let Err((step, what)) = compare(&first, &t) {
                culprit = vec![i];
                shown = (r, step, what);
                break;
            }
        }
        let (r, step, what) = shown;
        let a = play(rules, &declared, true)?;
        let b = play(&r, &|| "without the narrowings".to_string(), true)?;
        let (shown_a, shown_b) = describe(what, &a, &b, step);
        let plugins = ids(&culprit);
        let who = match plugins.as_slice() {
            [one] => format!("plugin `{one}` does"),
            many => format!("the plugins {} together do", many.join(", ")),
        };
        Err(NarrowingError::Broken(Box::new(Broken {
            plugins,
            who,
            seed,
            step,
            action: a
                .get(step)
                .map_or_else(String::new, |s| s.action_text.clone()),
            what: format!("{}{log}", what.name()),
            a: shown_a,
            b: shown_b,
        })))
    }
}
