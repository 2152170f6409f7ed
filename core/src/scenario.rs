//! Scenario fixtures: short scripts that read like a rulebook example, and the
//! scenarios built on them (a script plus what to expect), which scenario
//! files (`carcassonne check`, `docs/scenarios.md`) and the Rust ruling tests
//! share.
//!
//! A script is a list of lines; `;` separates several steps on one line and `#`
//! starts a comment. Each step is an action in the text form of
//! [`crate::notation`] (`draw BA/C`, `place 1 0 2`, `deploy follower city N`,
//! `pass`, `shepherd grow`, ...) or a directive:
//!
//! * `end` — end the game now (final scoring);
//! * `scores 12 0` — assert the scores at this point;
//! * `offered <action>` — the action is legal here (it is not taken);
//! * `refused <action>` — the game does not take the action here: it is
//!   illegal, or its text names nothing in this state (`deploy follower road`
//!   on a tile without a road); its first word must still be an action's
//!   (`draw`, `place`, `pass`, `deploy`, ..., or a plugin of the ruleset);
//! * `actor 1` — who acts now: a seat, `chance` or `over` (whose decision
//!   a plugin's step is: `actor 1` before it).
//!
//! Chance events must be given explicitly (`draw ...`, `shepherd sheep-3`): a
//! fixture never depends on the RNG.

use crate::game::{Actor, Game};
use crate::rules::Rules;
use crate::GameError;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::Arc;

/// A fixture step failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", where_(*.line, .step))]
pub struct ScenarioError {
    /// 1-based line of the script (0: not a step of it).
    pub line: usize,
    /// The step text (or the expectation, `expect.scores`, that is not met).
    pub step: String,
    /// What went wrong.
    pub message: String,
}

/// A scenario failed: the step that stopped its script, or every
/// expectation it did not meet, each named `expect.<key>`, one per line
/// (`scores`, `categories`, `events`, `absent-events`, `supply`, `figures`,
/// `over`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", lines(.0))]
pub struct ScenarioErrors(pub Vec<ScenarioError>);

fn lines(errors: &[ScenarioError]) -> String {
    let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
    lines.join("\n")
}

impl From<ScenarioError> for ScenarioErrors {
    fn from(e: ScenarioError) -> ScenarioErrors {
        ScenarioErrors(vec![e])
    }
}

fn where_(line: usize, step: &str) -> String {
    match (line, step) {
        (0, "") => String::new(),
        (0, s) => format!("{s}: "),
        (l, s) => format!("fixture line {l} (`{s}`): "),
    }
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
    run_steps(g, script, &mut |_| {})
}

/// Runs `script` on `g`, calling `seen` after every step.
fn run_steps(
    g: &mut Game,
    script: &str,
    seen: &mut dyn FnMut(&mut Game),
) -> Result<(), ScenarioError> {
    for (ln, line) in script.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        for step in line.split(';').map(str::trim).filter(|s| !s.is_empty()) {
            let err = |message: String| ScenarioError {
                line: ln + 1,
                step: step.to_string(),
                message,
            };
            if step == crate::record::END {
                g.end_now().map_err(|e| err(e.to_string()))?;
                seen(g);
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
            if let Some(rest) = step.strip_prefix(ACTOR) {
                actor_is(g, rest.trim()).map_err(err)?;
                continue;
            }
            if let Some(rest) = step.strip_prefix(OFFERED) {
                offered(g, rest.trim()).map_err(err)?;
                continue;
            }
            if let Some(rest) = step.strip_prefix(REFUSED) {
                refused(g, rest.trim()).map_err(err)?;
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
            seen(g);
        }
    }
    Ok(())
}

/// The step that asserts an action is legal (`offered pass`).
const OFFERED: &str = "offered ";
/// The step that asserts an action is not taken (`refused deploy follower road`).
const REFUSED: &str = "refused ";

/// The step that asserts who acts now (`actor 1`, `actor chance`).
const ACTOR: &str = "actor ";

/// `actor <who>`: a seat number, `chance` or `over` acts in `g` now.
fn actor_is(g: &Game, who: &str) -> Result<(), String> {
    let now = match g.actor() {
        Actor::Player(p) => p.seat().to_string(),
        Actor::Chance => "chance".into(),
        Actor::GameOver => "over".into(),
    };
    let valid = who == "chance" || who == "over" || who.parse::<u8>().is_ok();
    match (valid, now == who) {
        (false, _) => Err(format!(
            "`{who}` is no actor (expected a seat number, chance or over)"
        )),
        (true, true) => Ok(()),
        (true, false) => Err(format!("the actor is {now}, expected {who}")),
    }
}

/// `offered <text>`: the action `text` names is legal in `g` now.
fn offered(g: &Game, text: &str) -> Result<(), String> {
    let a = g.parse_action(text).map_err(|e| e.to_string())?;
    g.check_action(a).map_err(|e| format!("not offered: {e}"))
}

/// `refused <text>`: `g` does not take the action `text` now, because it is
/// illegal or its text names nothing in this state; a first word that is no
/// action's is a mistake of the script, not a refusal.
fn refused(g: &Game, text: &str) -> Result<(), String> {
    let head = text.split_whitespace().next().unwrap_or("");
    let words = crate::notation::ACTION_WORDS;
    if !words.contains(&head) && g.rules().plugin_index(head).is_none() {
        return Err(format!(
            "`{head}` starts no action (expected {} or a plugin id)",
            words.join(", ")
        ));
    }
    let a = match g.parse_action(text) {
        Ok(a) => a,
        Err(GameError::Illegal { .. }) => return Ok(()),
        Err(e) => return Err(e.to_string()),
    };
    match g.check_action(a) {
        Ok(()) => Err(format!("`{text}` is legal here, expected it refused")),
        Err(GameError::Illegal { .. } | GameError::GameOver) => Ok(()),
        Err(e) => Err(e.to_string()),
    }
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

/// What a scenario expects once its script has run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// The scores, per seat.
    #[serde(default)]
    pub scores: Option<Vec<i32>>,
    /// Points per seat by score category (`roads`, `cities`, `cloisters`,
    /// `farmers`, and each plugin's id; see [`Game::score_categories`]).
    #[serde(default)]
    pub categories: BTreeMap<String, Vec<i32>>,
    /// Events that must happen, in this order (others may come between), in
    /// the text of [`Game::event_text`].
    #[serde(default)]
    pub events: Vec<String>,
    /// Whether the game is over at the end.
    #[serde(default)]
    pub over: Option<bool>,
    /// Events that must not happen, in the text of [`Game::event_text`].
    #[serde(default, rename = "absent-events")]
    pub absent_events: Vec<String>,
    /// Figures in each seat's supply at the end, by figure kind name
    /// (`follower = [7, 6]`): what is on the board, held or gone is not.
    #[serde(default)]
    pub supply: BTreeMap<String, Vec<u8>>,
    /// Every figure out of its supply at the end (on the board, held by a
    /// player, in an area), in any order, in the text of
    /// [`Game::figure_text`]: `player 0 follower on city at 0 -1`.
    #[serde(default)]
    pub figures: Option<Vec<String>>,
}

/// A rulebook-style scenario: how many players, the script, what to expect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// Players (2 to 6).
    pub players: u8,
    /// The script (see the module documentation).
    pub script: String,
    /// What must hold at the end.
    pub expect: Expect,
}

/// Whether event texts `got` and `want` say the same: equal, or a placement
/// (`player 0 places TB/RRrr at 1 0 rotation 1`) in a rotation that gives
/// the same tile (the log names a symmetric tile's placement by its lowest
/// such rotation, as the script accepts any).
fn same_event(rules: &Rules, got: &str, want: &str) -> bool {
    if got == want {
        return true;
    }
    let placed = |s: &str| -> Option<(String, usize)> {
        let (head, rot) = s.rsplit_once(" rotation ")?;
        let r: usize = rot.parse().ok().filter(|&r| r < 4)?;
        let id = head.split(" places ").nth(1)?.split(" at ").next()?;
        let ty = rules
            .tiles
            .types
            .get(usize::from(rules.tiles.by_id(id)?.0))?;
        Some((
            head.to_string(),
            ty.same_rotation[r].quarter_turns() as usize,
        ))
    };
    matches!((placed(got), placed(want)), (Some(a), Some(b)) if a == b)
}

fn unmet(what: &str, message: String) -> ScenarioError {
    ScenarioError {
        line: 0,
        step: format!("expect.{what}"),
        message,
    }
}

impl Scenario {
    /// Runs the scenario on a new game and checks every expectation; returns
    /// the game at the end, or the step that stopped the script, or every
    /// expectation not met.
    pub fn run(&self, rules: &Arc<Rules>) -> Result<Game, ScenarioErrors> {
        let (g, events) = self.play(rules)?;
        let unmet = self.check(&g, &events);
        if unmet.is_empty() {
            Ok(g)
        } else {
            Err(ScenarioErrors(unmet))
        }
    }

    /// Runs the script on a new game without checking the expectations:
    /// the game at the end and the text of every event
    /// ([`Game::event_text`]), the first turn's start among them.
    pub fn play(&self, rules: &Arc<Rules>) -> Result<(Game, Vec<String>), ScenarioError> {
        let mut g = Game::new(rules.clone(), self.players, 0).map_err(|e| ScenarioError {
            line: 0,
            step: String::new(),
            message: e.to_string(),
        })?;
        g.set_logging(true);
        let first = crate::Event::TurnStarted {
            player: g.current_player(),
            turn: g.turn(),
        };
        let mut events = vec![g.event_text(&first)];
        let mut seen = |g: &mut Game| {
            for e in g.take_events() {
                events.push(g.event_text(&e));
            }
        };
        run_steps(&mut g, &self.script, &mut seen)?;
        seen(&mut g);
        Ok((g, events))
    }

    /// The expectations not met by game `g` whose events were `events`, in
    /// the order of [`ScenarioErrors`] (each category, absent event and
    /// figure kind on its own; only the first missing event, as the later
    /// ones are looked for after it).
    fn check(&self, g: &Game, events: &[String]) -> Vec<ScenarioError> {
        let e = &self.expect;
        let mut found = Vec::new();
        if let Some(want) = &e.scores {
            if want != g.scores() {
                found.push(unmet(
                    "scores",
                    format!("scores are {:?}, expected {want:?}", g.scores()),
                ));
            }
        }
        for (name, want) in &e.categories {
            let Some(c) = g.score_categories().iter().position(|n| n == name) else {
                found.push(unmet(
                    "categories",
                    format!(
                        "no score category `{name}` (categories: {})",
                        g.score_categories().join(", ")
                    ),
                ));
                continue;
            };
            let got: Vec<i32> = crate::types::PlayerId::all(g.players())
                .map(|p| g.score_breakdown(p).get(c).copied().unwrap_or(0))
                .collect();
            if &got != want {
                found.push(unmet(
                    "categories",
                    format!("{name} points are {got:?}, expected {want:?}"),
                ));
            }
        }
        let same = |got: &String, want: &String| same_event(g.rules(), got, want);
        let mut rest = events.iter();
        if let Some(want) = e
            .events
            .iter()
            .find(|want| !rest.any(|got| same(got, want)))
        {
            found.push(unmet(
                "events",
                format!(
                    "no event `{want}` (in order after the earlier ones); the events were:\n  {}",
                    events.join("\n  ")
                ),
            ));
        }
        for got in e
            .absent_events
            .iter()
            .filter(|w| events.iter().any(|x| same(x, w)))
        {
            found.push(unmet(
                "absent-events",
                format!("the event `{got}` happened"),
            ));
        }
        for (name, want) in &e.supply {
            let Some(kind) = g.rules().figure_kind(name) else {
                found.push(unmet("supply", format!("no figure kind `{name}`")));
                continue;
            };
            let got: Vec<u8> = crate::types::PlayerId::all(g.players())
                .map(|p| g.supply(p, kind))
                .collect();
            if &got != want {
                found.push(unmet(
                    "supply",
                    format!("{name} in supply {got:?}, expected {want:?}"),
                ));
            }
        }
        if let Some(want) = &e.figures {
            found.extend(figures_are(g, want).err());
        }
        if let Some(over) = e.over {
            if over != g.is_over() {
                found.push(unmet(
                    "over",
                    format!("the game is {}over", if g.is_over() { "" } else { "not " }),
                ));
            }
        }
        found
    }
}

/// Checks that the figures out of their supply in `g` are those of `want`
/// (in any order, each line as often as it is written).
fn figures_are(g: &Game, want: &[String]) -> Result<(), ScenarioError> {
    let mut got: Vec<String> = (0..g.figure_count())
        .filter_map(|i| g.figure_text(crate::types::FigureId(i as u16)))
        .collect();
    got.sort();
    let mut want = want.to_vec();
    want.sort();
    if got == want {
        return Ok(());
    }
    // What is missing and what is there unexpectedly, each as a multiset.
    let mut extra = got.clone();
    let mut missing = Vec::new();
    for w in &want {
        match extra.iter().position(|x| x == w) {
            Some(i) => {
                extra.remove(i);
            }
            None => missing.push(w.clone()),
        }
    }
    let list = |v: &[String]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.iter()
                .map(|x| format!("`{x}`"))
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    Err(unmet(
        "figures",
        format!(
            "missing: {}; unexpected: {}; the figures out of their supply are:\n  {}",
            list(&missing),
            list(&extra),
            if got.is_empty() {
                "none".to_string()
            } else {
                got.join("\n  ")
            }
        ),
    ))
}
