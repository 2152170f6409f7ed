//! The conformance kit: random games with invariant checks at every step.
//!
//! Run it on any ruleset (with any plugins) to check that the engine and the
//! plugins keep their promises:
//!
//! * a state that is not over has a legal action (or a chance outcome);
//! * every legal action applies (all of them when [`Options::try_every_action`]),
//!   and none is listed twice (a decision's options listed twice);
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
//! * what the players see builds (`seen.rs`, at every 32nd state one
//!   observation round the seats and a spectator, every one at the last):
//!   every player's observation and a spectator's (a plugin's
//!   `observe` hook writes valid JSON), every plugin note is one line of at
//!   most [`MAX_NOTE_CHARS`](crate::observe::MAX_NOTE_CHARS) characters, and
//!   a plugin's log line names (`{P<n>}`, `{T<n>}`) only players and tile
//!   types the game has;
//! * a road, city, cloister or spot scored as completed is complete;
//! * caller-supplied invariants hold (e.g. a plugin's token conservation).
//!
//! The players' actions are drawn at random ([`RandomChoices`], [`run`]) or
//! made by any [`Chooser`] ([`run_with`]: bots, which play purposefully and
//! reach what random play rarely does). A [`Failure`] carries the player
//! actions of its game up to the failing step, so that the game can be
//! written as a record and replayed to the state where it failed. The
//! [`Report`] says, besides the points booked, what each plugin was seen
//! doing ([`Activity`]: decisions of its steps, its chance events, its figure
//! options taken, its figures moved, its log lines...), from the steps and
//! the event log the kit reads anyway: no count is kept in the hook dispatch.

use crate::events::Event;
use crate::game::{Action, Actor, Game};
use crate::rng::Rng;
use crate::rules::Rules;
use crate::types::PlayerId;
use crate::FigureOption;
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

/// Makes the players' decisions in the kit's games ([`run_with`]): the
/// random draw of [`RandomChoices`], or bots (`carcassonne_bots::BotChooser`)
/// that play purposefully and so reach what random play rarely does.
pub trait Chooser {
    /// A game begins: `g` is its start (its seed is `g.seed()`, from which a
    /// chooser seeds what it draws, so that a seed is always the same game).
    fn start(&mut self, g: &Game);
    /// The action of the player to act in `g`, one of `legal` (its legal
    /// actions, in their order; never empty). An error fails the game at
    /// this step with its message.
    fn choose(&mut self, g: &Game, legal: &[Action]) -> Result<Action, String>;
}

/// The kit's own player decisions ([`run`], [`trace`]): each drawn uniformly
/// from the legal actions with a generator seeded by the game's seed.
#[derive(Clone, Debug)]
pub struct RandomChoices {
    rng: Rng,
}

impl Default for RandomChoices {
    fn default() -> Self {
        RandomChoices {
            rng: Rng::new(random_seed(0)),
        }
    }
}

/// The seed of [`RandomChoices`]'s generator in the game of `seed`.
fn random_seed(seed: u64) -> u64 {
    seed ^ 0x005E_ED0F_C0DE
}

impl Chooser for RandomChoices {
    fn start(&mut self, g: &Game) {
        self.rng = Rng::new(random_seed(g.seed()));
    }

    fn choose(&mut self, _: &Game, legal: &[Action]) -> Result<Action, String> {
        Ok(legal[self.rng.below(legal.len() as u32) as usize])
    }
}

/// What the kit saw one plugin do in its games, besides the points it
/// booked ([`Report::points`]): read from the steps (which carry the plugin
/// that resolves them) and the event log (whose plugin events carry the
/// plugin, and whose figure events carry a figure kind, which belongs to the
/// plugin that declares it). Hooks that run and leave no trace there (a
/// veto that never refused, a narrowing) do not show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Activity {
    /// Player decisions of the plugin's steps made.
    pub decisions: u64,
    /// Chance events of the plugin's steps drawn.
    pub chance_events: u64,
    /// The plugin's own figure options (`FigureOption::Special`) taken.
    pub figure_options: u64,
    /// Figures of the kinds the plugin declares deployed, moved or returned.
    pub figure_events: u64,
    /// Tiles of the plugin's lot drawn face up, given to a hand or put back.
    pub lot_tiles: u64,
    /// Features the plugin added to placed tiles.
    pub features_added: u64,
    /// Lines the plugin wrote to the event log (`Cx::log`).
    pub log_lines: u64,
}

impl Activity {
    /// Whether nothing was seen.
    pub fn is_empty(&self) -> bool {
        *self == Activity::default()
    }

    /// Adds `o`'s counts.
    pub fn add(&mut self, o: &Activity) {
        self.decisions += o.decisions;
        self.chance_events += o.chance_events;
        self.figure_options += o.figure_options;
        self.figure_events += o.figure_events;
        self.lot_tiles += o.lot_tiles;
        self.features_added += o.features_added;
        self.log_lines += o.log_lines;
    }

    /// The counts that are not 0, for people: `["37 decisions made", "12
    /// lines logged"]`.
    pub fn describe(&self) -> Vec<String> {
        let n = |x: u64, one: &str, many: &str| match x {
            0 => None,
            1 => Some(format!("1 {one}")),
            _ => Some(format!("{x} {many}")),
        };
        [
            n(self.decisions, "decision made", "decisions made"),
            n(
                self.chance_events,
                "chance event drawn",
                "chance events drawn",
            ),
            n(
                self.figure_options,
                "figure option of its own taken",
                "figure options of its own taken",
            ),
            n(
                self.figure_events,
                "move of its figures",
                "moves of its figures",
            ),
            n(
                self.lot_tiles,
                "tile of its lot handled",
                "tiles of its lot handled",
            ),
            n(self.features_added, "feature added", "features added"),
            n(self.log_lines, "line logged", "lines logged"),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}

/// What the kit did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played to the end.
    pub games: u32,
    /// States checked.
    pub states: u64,
    /// Actions applied (including those tried on clones).
    pub actions: u64,
    /// By score category ([`Rules::score_categories`]: the base rules', then
    /// one per plugin): the points booked in the games played to the end,
    /// every player's in absolute value (a transfer counts, though it sums to
    /// nothing).
    pub points: Vec<u64>,
    /// By plugin (in the order of [`Rules::plugins`]): what the kit saw it do
    /// in the games played to the end.
    pub activity: Vec<Activity>,
}

impl Report {
    /// Adds the counts of `o` (another run on the same rules).
    pub fn merge(&mut self, o: &Report) {
        self.games += o.games;
        self.states += o.states;
        self.actions += o.actions;
        add_counts(&mut self.points, &o.points, |s, x| *s += x);
        add_counts(&mut self.activity, &o.activity, Activity::add);
    }
}

/// Adds `from` to `to` item by item, `to` grown to the longer.
fn add_counts<T: Default + Clone>(to: &mut Vec<T>, from: &[T], add: impl Fn(&mut T, &T)) {
    if to.len() < from.len() {
        to.resize(from.len(), T::default());
    }
    for (t, f) in to.iter_mut().zip(from) {
        add(t, f);
    }
}

/// An invariant failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("seed {seed}, step {step}: {message}")]
pub struct Failure {
    /// Seed of the failing game.
    pub seed: u64,
    /// Step within the game (chance events and player actions, from 0).
    pub step: u64,
    /// What failed.
    pub message: String,
    /// The player actions of the game before the failing step, as text: a
    /// record's `actions` (its chance events are drawn from the seed), which
    /// replays the game up to the state where it failed.
    pub actions: Vec<String>,
    /// The player action that failed (it did not apply, did not parse back
    /// from its text or has a bad label), as text, when the failure is one:
    /// it is not in [`Failure::actions`].
    pub action: Option<String>,
}

/// What failed at a step, before it is placed in its game ([`Failure`]).
struct Fault {
    message: String,
    action: Option<String>,
}

impl From<String> for Fault {
    fn from(message: String) -> Fault {
        Fault {
            message,
            action: None,
        }
    }
}

impl From<crate::GameError> for Fault {
    fn from(e: crate::GameError) -> Fault {
        e.to_string().into()
    }
}

/// A failure of `action` (as text).
fn action_fault(action: &str, message: String) -> Fault {
    Fault {
        message,
        action: Some(action.to_string()),
    }
}

/// Runs the kit with the players' actions drawn at random
/// ([`RandomChoices`]). `extra` is called on every state for
/// caller-specific invariants.
pub fn run(
    rules: &Arc<Rules>,
    opts: Options,
    extra: &dyn Fn(&Game) -> Result<(), String>,
) -> Result<Report, Failure> {
    run_with(rules, opts, &mut RandomChoices::default(), extra)
}

/// Runs the kit with the players' actions made by `chooser` (told of each
/// game's start). `extra` is called on every state for caller-specific
/// invariants.
pub fn run_with(
    rules: &Arc<Rules>,
    opts: Options,
    chooser: &mut dyn Chooser,
    extra: &dyn Fn(&Game) -> Result<(), String>,
) -> Result<Report, Failure> {
    let mut report = Report {
        points: vec![0; rules.score_categories.len()],
        activity: vec![Activity::default(); rules.plugins.len()],
        ..Report::default()
    };
    for i in 0..opts.games {
        let seed = opts.first_seed.wrapping_add(u64::from(i));
        let (mut step, mut actions) = (0, Vec::new());
        let mut run = Run {
            opts: &opts,
            chooser: &mut *chooser,
            extra,
            report: &mut report,
            step: &mut step,
            actions: &mut actions,
        };
        if let Err(f) = run.game(rules, seed) {
            return Err(Failure {
                seed,
                step,
                message: f.message,
                actions,
                action: f.action,
            });
        }
        report.games += 1;
    }
    Ok(report)
}

/// One game of [`run_with`] and what it keeps as it goes.
struct Run<'a> {
    opts: &'a Options,
    chooser: &'a mut dyn Chooser,
    extra: &'a dyn Fn(&Game) -> Result<(), String>,
    report: &'a mut Report,
    /// The step at hand (where a failure happens).
    step: &'a mut u64,
    /// The player actions applied, as text.
    actions: &'a mut Vec<String>,
}

impl Run<'_> {
    /// Plays the game of `seed` to its end, checking every state.
    fn game(&mut self, rules: &Arc<Rules>, seed: u64) -> Result<(), Fault> {
        let opts = self.opts;
        let mut g = Game::new(rules.clone(), opts.players, seed)?;
        // The events show what the plugins do ([`Activity`]).
        g.set_logging(true);
        self.chooser.start(&g);
        // Each player's score plus what he transferred to others: it never falls
        // under rules that take no points away (a transfer moves points).
        let kept = |g: &Game| -> Vec<i32> {
            PlayerId::all(g.players())
                .map(|p| g.score(p).saturating_add(g.transferred_out(p)))
                .collect()
        };
        let mut last_scores = kept(&g);
        loop {
            self.report.states += 1;
            g.check_integrity()?;
            if g.is_over() {
                seen::observations(&g, None)?;
            } else if self.report.states % seen::EVERY == 1 {
                seen::observations(&g, Some(self.report.states / seen::EVERY))?;
            }
            (self.extra)(&g)?;
            let mut copy = g.clone();
            if copy != g {
                return Err(Fault::from("a clone differs from the original".to_string()));
            }
            if g.is_over() {
                if g.legal_actions()?.is_empty() {
                    add_points(&mut self.report.points, &g);
                    return Ok(());
                }
                return Err(Fault::from("a finished game offers actions".to_string()));
            }
            let acts = g.legal_actions()?;
            if acts.is_empty() {
                return Err(format!("no legal action for {:?}", g.actor()).into());
            }
            if let Some(a) = repeated(&acts) {
                let text = g.format_action(a);
                return Err(action_fault(
                    &text,
                    format!("the legal actions list `{text}` twice (a plugin's decision options, like every list of actions, name each action once)"),
                ));
            }
            if copy.legal_actions()? != acts {
                return Err(Fault::from("a clone offers different actions".to_string()));
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
                    let text = g.format_action(a);
                    return Err(
                        format!("applying {text} to two clones gave different games").into(),
                    );
                }
            }
            if opts.try_every_action {
                for &a in &acts {
                    let mut c = g.clone();
                    c.apply(a).map_err(|e| {
                        let text = g.format_action(a);
                        action_fault(&text, format!("legal action {text} fails: {e}"))
                    })?;
                    self.report.actions += 1;
                }
            }
            let step = g.pending_steps().last().copied();
            let owner = step.map_or(usize::MAX, |s| usize::from(s.owner));
            if g.actor() == Actor::Chance {
                let outcomes = g.chance_outcomes()?;
                if outcomes.iter().any(|&(_, w)| w == 0) {
                    return Err(Fault::from("a chance outcome has weight 0".to_string()));
                }
                g.sample_chance()?;
                if let Some(n) = self.report.activity.get_mut(owner) {
                    n.chance_events += u64::from(step.is_some_and(|s| s.chance));
                }
            } else {
                let a = self.choose(&g, &acts)?;
                // The text form must round-trip.
                let text = g.format_action(a);
                let parsed = g
                    .parse_action(&text)
                    .map_err(|e| action_fault(&text, format!("`{text}` does not parse: {e}")))?;
                if parsed != a {
                    return Err(action_fault(
                        &text,
                        format!("`{text}` parses to {parsed:?}, not {a:?}"),
                    ));
                }
                // A plugin's label for people is short and one line.
                g.check_action_label(a)
                    .map_err(|m| action_fault(&text, m))?;
                g.apply(a)
                    .map_err(|e| action_fault(&text, format!("legal action {text} fails: {e}")))?;
                self.count_choice(a, owner);
                self.actions.push(text);
            }
            self.count_events(&mut g)?;
            self.report.actions += 1;
            let sc = kept(&g);
            if opts.scores_never_decrease && sc.iter().zip(&last_scores).any(|(n, o)| n < o) {
                return Err(format!(
                    "scores went down (other than by transfers): {last_scores:?} -> {sc:?}"
                )
                .into());
            }
            last_scores = sc;
            *self.step += 1;
        }
    }

    /// The chooser's action among `acts`, checked to be one of them.
    fn choose(&mut self, g: &Game, acts: &[Action]) -> Result<Action, Fault> {
        let a = self.chooser.choose(g, acts)?;
        if !acts.contains(&a) {
            let text = g.format_action(a);
            return Err(action_fault(
                &text,
                format!("the action chosen, {text}, is not a legal action"),
            ));
        }
        Ok(a)
    }

    /// Counts player action `a`, taken with the plugin `owner` (an index;
    /// any other number: none) resolving the step on top.
    fn count_choice(&mut self, a: Action, owner: usize) {
        let act = &mut self.report.activity;
        match a {
            Action::Choose(_) => {
                if let Some(n) = act.get_mut(owner) {
                    n.decisions += 1;
                }
            }
            Action::Figure(FigureOption::Special { plugin, .. }) => {
                if let Some(n) = act.get_mut(usize::from(plugin)) {
                    n.figure_options += 1;
                }
            }
            _ => {}
        }
    }

    /// Counts the plugins' events since the last step, and drops them.
    fn count_events(&mut self, g: &mut Game) -> Result<(), Fault> {
        let rules = g.rules().clone();
        let act = &mut self.report.activity;
        let mut count = |plugin: Option<u8>, field: fn(&mut Activity) -> &mut u64| {
            if let Some(n) = plugin.and_then(|p| act.get_mut(usize::from(p))) {
                *field(n) += 1;
            }
        };
        let of_kind = |k: crate::types::FigureKindId| -> Option<u8> {
            rules.kind_plugin.get(k.index()).copied().flatten()
        };
        for e in g.take_events() {
            match e {
                Event::Plugin { plugin, text } => {
                    let id = rules.plugins.get(usize::from(plugin));
                    let id = id.map_or("?", |p| p.decl.id.as_str());
                    if let Some(p) = seen::log_problem(g, id, &text) {
                        return Err(Fault::from(p));
                    }
                    count(Some(plugin), |n| &mut n.log_lines)
                }
                Event::FeatureScored {
                    feature,
                    kind,
                    reason: crate::ScoreReason::Completed,
                    ..
                } if kind != crate::types::FeatureKind::Field
                    && g.is_complete(feature) == Some(false) =>
                {
                    let open = g.open_sides(feature).unwrap_or(0);
                    return Err(Fault::from(format!(
                        "a {} scored as completed is not complete ({open} open sides)",
                        kind.name()
                    )));
                }
                Event::TileFaceUp { plugin, .. }
                | Event::TileGiven { plugin, .. }
                | Event::TileReturned { plugin, .. } => count(Some(plugin), |n| &mut n.lot_tiles),
                Event::FeatureAdded { plugin, .. } => {
                    count(Some(plugin), |n| &mut n.features_added)
                }
                Event::FigureDeployed { kind, .. }
                | Event::FigureMoved { kind, .. }
                | Event::FigureReturned { kind, .. } => {
                    count(of_kind(kind), |n| &mut n.figure_events)
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// An action `acts` lists more than once, if any.
fn repeated(acts: &[Action]) -> Option<Action> {
    let mut sorted = acts.to_vec();
    sorted.sort_unstable();
    sorted.windows(2).find(|w| w[0] == w[1]).map(|w| w[0])
}

/// Adds the points of finished game `g` by category to `points`: every
/// player's, in absolute value.
fn add_points(points: &mut Vec<u64>, g: &Game) {
    if points.len() < g.score_categories().len() {
        points.resize(g.score_categories().len(), 0);
    }
    for p in PlayerId::all(g.players()) {
        for (sum, &x) in points.iter_mut().zip(g.score_breakdown(p)) {
            *sum += u64::from(x.unsigned_abs());
        }
    }
}

mod seen;
mod trace;
pub use trace::{trace, trace_logging, StepTrace};

#[cfg(test)]
mod tests;
