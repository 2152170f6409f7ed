//! One game in the browser: its state, its seats, its record, its turn log and
//! where each turn ended. What the page shows of it is in [`crate::view`].

use crate::seats::{seat_name, Seat, SeatKind};
use crate::store::Status;
use crate::{BotFactory, LoadedRuleset, WebError};
use carcassonne_core::{
    Action, Actor, Driver, Event, FigureOption, Game, GameError, Record, Recorder, ReplayError,
};
use carcassonne_render::{log, Options};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A game error as the page gets it: a plugin failure is the engine's (HTTP
/// 500, the game unchanged), anything else the request's (HTTP 400).
fn game_error(e: GameError) -> WebError {
    match e {
        GameError::Hook(_) => WebError::Game(e.to_string()),
        e => WebError::bad(e.to_string()),
    }
}

/// A game being played. Cloning it is cheap (the engine's state is a few
/// arrays): a move is tried on a copy, written to the store, then kept.
#[derive(Clone)]
pub struct Session {
    pub(crate) ruleset: Arc<LoadedRuleset>,
    pub(crate) game: Game,
    rec: Recorder,
    pub(crate) seats: Vec<Seat>,
    pub(crate) log: Vec<String>,
    /// `log_turns[n]`: the index in `log` of turn `n`'s first line (turn 0,
    /// the start tile alone, has none: its entry is 0).
    log_turns: Vec<usize>,
    /// `ends[n]`: how many recorded actions were played when turn `n` ended (0:
    /// the start tile alone). A past board is replayed from the record, so a
    /// game keeps no copies of old states.
    ends: Vec<usize>,
    /// Whether `ends` holds the end of the game.
    ended: bool,
    /// Resolves chance events: forced outcomes first, then the RNG.
    driver: Driver,
    /// Why the last bot move failed, if it did (the bot is tried again later).
    pub(crate) stuck: Option<String>,
}

/// A past turn: the board and the scores when it ended.
pub struct PastTurn {
    /// The board then.
    pub game: Game,
    /// Whether this is the game's last turn.
    pub last: bool,
}

impl Session {
    /// Starts a game; `seats` in seat order.
    pub fn new(
        ruleset: Arc<LoadedRuleset>,
        seed: u64,
        seats: Vec<Seat>,
    ) -> Result<Session, WebError> {
        Session::start(ruleset, seed, seats, &BTreeMap::new(), true)
    }

    /// The game of record `rec` (finished or not), replayed; `seats` play on.
    pub fn from_record(
        ruleset: Arc<LoadedRuleset>,
        rec: &Record,
        seats: Vec<Seat>,
    ) -> Result<Session, WebError> {
        if seats.len() != usize::from(rec.players) {
            return Err(WebError::bad(format!(
                "the record has {} players, not {}",
                rec.players,
                seats.len()
            )));
        }
        // Chance is resolved after each action, but before an `end` (a game
        // ended early, between turns: before the next tile is drawn), as
        // every replay reads it.
        let ends_next = |i: usize| {
            rec.actions
                .get(i)
                .is_some_and(|t| t.trim() == carcassonne_core::END)
        };
        let mut s = Session::start(ruleset, rec.seed, seats, &rec.forced, !ends_next(0))?;
        for (i, text) in rec.actions.iter().enumerate() {
            let shown = crate::limits::shown(text);
            let bad =
                |e: String| WebError::bad(format!("record action {} (`{shown}`): {e}", i + 1));
            if s.game.is_over() {
                return Err(bad("the game is already over".into()));
            }
            let done = if text.trim() == carcassonne_core::END {
                let ended = s.rec.end_now(&mut s.game).map_err(game_error);
                ended.and_then(|()| s.settle())
            } else {
                let a = s.game.parse_action(text).map_err(|e| bad(e.to_string()))?;
                let applied = s.rec.apply(&mut s.game, a).map_err(game_error);
                applied.and_then(|()| match ends_next(i + 1) {
                    true => Ok(()),
                    false => s.settle(),
                })
            };
            done.map_err(|e| match e {
                WebError::Game(m) => {
                    WebError::Game(format!("record action {} (`{shown}`): {m}", i + 1))
                }
                e => bad(e.to_string()),
            })?;
        }
        if let Some(want) = &rec.scores {
            if s.game.is_over() && want.as_slice() != s.game.scores() {
                return Err(WebError::bad(format!(
                    "the record says the scores are {want:?}, its replay gives {:?}",
                    s.game.scores()
                )));
            }
        }
        Ok(s)
    }

    /// A new game, its chance events before the first action resolved
    /// (`settle`) or not (a record that ends the game at once).
    fn start(
        ruleset: Arc<LoadedRuleset>,
        seed: u64,
        seats: Vec<Seat>,
        forced: &BTreeMap<String, Vec<String>>,
        settle: bool,
    ) -> Result<Session, WebError> {
        let players = u8::try_from(seats.len()).map_err(|_| WebError::bad("too many seats"))?;
        if !(2..=6).contains(&players) {
            return Err(WebError::bad("a game needs 2 to 6 players"));
        }
        let mut game = Game::new(ruleset.rules.clone(), players, seed).map_err(game_error)?;
        game.set_logging(true);
        let first = Event::TurnStarted {
            player: game.current_player(),
            turn: game.turn(),
        };
        // Forced chance outcomes (a record's) come first; the rest is drawn from
        // the game's RNG. The record keeps them all, so it replays as it came.
        let rec = Recorder::continuing(forced);
        let mut s = Session {
            ruleset,
            log: Vec::new(),
            log_turns: vec![0],
            ends: vec![0],
            ended: false,
            game,
            rec,
            driver: Driver::new(forced),
            seats,
            stuck: None,
        };
        s.log_lines(&[first]);
        if settle {
            s.settle()?;
        }
        Ok(s)
    }

    /// Resolves chance events from the game's RNG and records the turns that ended.
    fn settle(&mut self) -> Result<(), WebError> {
        self.driver.settle(&mut self.game).map_err(|e| match e {
            ReplayError::Game(e) => WebError::Game(e.to_string()),
            ReplayError::Forced {
                error: GameError::Hook(e),
                ..
            } => WebError::Game(e.to_string()),
            e => WebError::bad(e.to_string()),
        })?;
        let events = self.game.take_events();
        self.log_lines(&events);
        let played = self.rec.actions.len();
        while self.ends.len() < usize::from(self.game.turn()) {
            self.ends.push(played);
        }
        if self.game.is_over() && !self.ended {
            self.ends.push(played);
            self.ended = true;
        }
        Ok(())
    }

    /// Adds the log lines of `events`, noting where each turn's begin.
    fn log_lines(&mut self, events: &[Event]) {
        // Each turn's events described apart: a line never joins the events
        // of two turns (`log::lines` joins a plugin's event and its score).
        let mut from = 0;
        for (i, e) in events.iter().enumerate() {
            if let Event::TurnStarted { turn, .. } = e {
                self.log.extend(log::lines(&self.game, &events[from..i]));
                from = i;
                while self.log_turns.len() <= usize::from(*turn) {
                    self.log_turns.push(self.log.len());
                }
            }
        }
        self.log.extend(log::lines(&self.game, &events[from..]));
    }

    /// Where each turn's lines begin in the log: entry `n` is the index of
    /// turn `n`'s first line, so turn `n`'s lines are those from entry `n` to
    /// entry `n + 1` (the last turn's: to the end, the game's end included).
    /// Turn 0, the start tile alone, has none.
    pub fn log_turns(&self) -> &[usize] {
        &self.log_turns
    }

    /// The seat to act, if the game is not over.
    pub fn actor(&self) -> Option<u8> {
        match self.game.actor() {
            Actor::Player(p) => Some(p.seat()),
            _ => None,
        }
    }

    /// Whether a bot is to act (a bot's seat, or a person's with a stand-in).
    pub fn bot_to_act(&self) -> bool {
        self.actor()
            .is_some_and(|p| self.seats[p as usize].bot().is_some())
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The seats.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The player actions so far.
    pub fn actions(&self) -> &[String] {
        &self.rec.actions
    }

    /// Where the game stands.
    pub fn status(&self) -> Status {
        Status {
            over: self.game.is_over(),
            turn: self.game.turn(),
            actor: self.actor(),
        }
    }

    /// Plays the action with text `text` for `seat`, which must be the one to act.
    pub fn act(&mut self, seat: u8, text: &str) -> Result<(), WebError> {
        let Some(p) = self.actor() else {
            return Err(WebError::Conflict("the game is over".into()));
        };
        if p != seat {
            return Err(WebError::Conflict(format!(
                "it is {}'s turn, not {}'s",
                log::NAMES[p as usize],
                log::NAMES[seat as usize]
            )));
        }
        if let Some(bot) = &self.seats[seat as usize].stand_in {
            return Err(WebError::Conflict(format!(
                "a bot ({bot}) plays for {} now: take the seat back first",
                log::NAMES[seat as usize]
            )));
        }
        let a = self
            .game
            .parse_action(text)
            .map_err(|e| WebError::bad(e.to_string()))?;
        let legal = self
            .game
            .legal_actions()
            .map_err(|e| WebError::Game(e.to_string()))?;
        if !legal.contains(&a) {
            return Err(WebError::bad(format!(
                "`{}` is not legal now",
                crate::limits::shown(text)
            )));
        }
        self.apply(a)
    }

    /// Lets the bot to act play one action ([`Session::bot_choice`], played).
    pub fn bot_move(&mut self, make_bot: &BotFactory) -> Result<(), WebError> {
        let a = self.bot_choice(make_bot)?;
        self.apply(a)
    }

    /// Plays `a`, the action the bot to act chose ([`Session::bot_choice`] on
    /// this same state); an error if it is not legal now.
    pub fn bot_play(&mut self, a: Action) -> Result<(), WebError> {
        if !self.bot_to_act() {
            return Err(WebError::Conflict("no bot is to act".into()));
        }
        self.apply(a)
    }

    /// The action the bot to act chooses. The bot is made for this move from
    /// the game's seed, the seat and the move number, so a game continued after
    /// a restart plays as it would have.
    pub fn bot_choice(&self, make_bot: &BotFactory) -> Result<Action, WebError> {
        let Some(p) = self.actor() else {
            return Err(WebError::Conflict("the game is over".into()));
        };
        let Some(name) = self.seats[p as usize].bot() else {
            return Err(WebError::Conflict(format!(
                "it is {}'s turn, played by a person",
                log::NAMES[p as usize]
            )));
        };
        let moves = self.rec.actions.len() as u64;
        let seed = self.game.seed()
            ^ 0x9E37_79B9_7F4A_7C15u64.wrapping_mul((u64::from(p) << 32 | moves) + 1);
        let mut bot = make_bot(name, seed).map_err(WebError::Game)?;
        bot.choose(&self.game).map_err(WebError::Game)
    }

    /// Plays `pass` for every person to act who asked to skip the figure step
    /// when passing is the only choice, while that is so.
    pub fn auto_pass(&mut self) -> Result<(), WebError> {
        while let Some(p) = self.actor() {
            if !self.seats[p as usize].auto_pass {
                break;
            }
            let legal = self
                .game
                .legal_actions()
                .map_err(|e| WebError::Game(e.to_string()))?;
            if legal != [Action::Figure(FigureOption::Pass)] {
                break;
            }
            self.apply(legal[0])?;
        }
        Ok(())
    }

    fn apply(&mut self, a: Action) -> Result<(), WebError> {
        self.rec.apply(&mut self.game, a).map_err(game_error)?;
        self.settle()
    }

    /// The record of the game so far, with who plays each seat (a person's
    /// name, `""` for a person without one, a bot's name).
    pub fn record(&self) -> Record {
        let names: Vec<String> = self
            .seats
            .iter()
            .map(|s| match &s.kind {
                SeatKind::Person => s.player.clone().unwrap_or_default(),
                SeatKind::Bot(name) => name.clone(),
            })
            .collect();
        Record {
            names: if names.iter().all(String::is_empty) {
                Vec::new()
            } else {
                names
            },
            ..self.rec.record(&self.game, &self.ruleset.provenance)
        }
    }

    /// The record without its actions: what a store keeps once (the seats,
    /// with their names, are kept apart).
    pub fn header(&self) -> Record {
        Record {
            actions: Vec::new(),
            names: Vec::new(),
            scores: None,
            ..self.record()
        }
    }

    /// Turns that ended so far (`0..turns` can be viewed).
    pub fn turns(&self) -> usize {
        self.ends.len()
    }

    /// The game as it stood at the end of turn `n`.
    pub fn past(&self, n: usize) -> Result<PastTurn, WebError> {
        let played = *self.ends.get(n).ok_or_else(|| {
            WebError::NotFound(format!(
                "turn {n}: the game has turns 0 to {}",
                self.ends.len() - 1
            ))
        })?;
        let mut g = Game::new(
            self.ruleset.rules.clone(),
            self.game.players(),
            self.game.seed(),
        )
        .map_err(|e| WebError::Game(e.to_string()))?;
        Driver::new(&self.rec.forced)
            .replay(&mut g, &self.rec.actions[..played])
            .map_err(|e| WebError::Game(e.to_string()))?;
        Ok(PastTurn {
            game: g,
            last: n + 1 == self.ends.len() && self.ended,
        })
    }

    /// The board at the end of turn `n`, as SVG, with the score panel (a
    /// picture on its own).
    pub fn turn_picture(&self, n: usize) -> Result<String, WebError> {
        let past = self.past(n)?;
        Ok(self.picture_of_turn(&past.game, n, true))
    }

    /// The board of `g`, this game at the end of turn `n` ([`Session::past`]),
    /// as SVG; with the score panel or without it (the page shows the scores
    /// beside the board).
    pub fn picture_of_turn(&self, g: &Game, n: usize, panel: bool) -> String {
        let o = Options {
            title: Some(self.ruleset.name.clone()),
            status: Some(if g.is_over() {
                format!("After turn {n}, game over")
            } else {
                format!("After turn {n}")
            }),
            highlight_last: true,
            panel,
            seat_names: self.seat_names(),
            ..Options::default()
        };
        carcassonne_render::board(g, &o, &self.ruleset.style)
    }

    /// "Red", "Blue (greedy)", "Green (Ann)": each seat as the page names it.
    pub fn seat_names(&self) -> Vec<String> {
        self.seats
            .iter()
            .enumerate()
            .map(|(p, s)| seat_name(p, s))
            .collect()
    }
}
