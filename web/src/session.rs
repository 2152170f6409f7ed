//! One game in the browser: its state, its seats (people and bots), its record,
//! its turn log and a snapshot of the board at the end of every turn.

use crate::{BotPlayer, LoadedRuleset, WebError};
use carcassonne_core::{
    Action, Actor, Driver, Event, FigureOption, Game, GameError, PlayerId, Record, Recorder,
    ReplayError,
};
use carcassonne_render::{log, Options, Style};
use serde::Serialize;
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

/// Who plays a seat.
pub enum Seat {
    /// A person at the browser.
    Person,
    /// A bot, by its name.
    Bot(String, Box<dyn BotPlayer>),
}

/// A game being played.
pub struct Session {
    ruleset: Arc<LoadedRuleset>,
    game: Game,
    rec: Recorder,
    seats: Vec<Seat>,
    log: Vec<String>,
    /// `ends[n]`: how many recorded actions were played when turn `n` ended (0:
    /// the start tile alone). A past board is replayed from the record, so a
    /// game keeps no copies of old states.
    ends: Vec<usize>,
    /// Whether `ends` holds the end of the game.
    ended: bool,
    /// Resolves chance events: forced outcomes first, then the RNG.
    driver: Driver,
}

/// A choice offered to the person whose turn it is.
#[derive(Serialize, Debug)]
pub struct Choice {
    /// The action's text, sent back to play it.
    pub text: String,
    /// What a person reads on the button.
    pub label: String,
}

/// Where the drawn tile may go.
#[derive(Serialize, Debug)]
pub struct Spot {
    /// Column.
    pub x: i16,
    /// Row.
    pub y: i16,
    /// Legal rotations there, in quarter turns.
    pub rots: Vec<u8>,
}

/// A seat as the page shows it.
#[derive(Serialize, Debug)]
pub struct SeatView {
    /// Player name.
    pub name: String,
    /// Colour.
    pub color: String,
    /// `person` or the bot's name.
    pub kind: String,
    /// Score.
    pub score: i32,
    /// Figures in hand ("follower 5, shepherd 1").
    pub supply: String,
}

/// What the page needs to show a game.
#[derive(Serialize, Debug)]
pub struct View {
    /// Ruleset name.
    pub ruleset: String,
    /// Seed of the game.
    pub seed: u64,
    /// Turn number.
    pub turn: u16,
    /// Whether the game is over.
    pub over: bool,
    /// The seat to act (none when the game is over).
    pub actor: Option<u8>,
    /// Whether that seat is a person.
    pub person_to_act: bool,
    /// The seats.
    pub seats: Vec<SeatView>,
    /// The board (SVG), with legal placements and figure choices marked.
    pub board: String,
    /// Id of the drawn tile, while it waits to be placed.
    pub drawn: Option<String>,
    /// The drawn tile in its four rotations (SVG).
    pub drawn_rotations: Vec<String>,
    /// Legal placements of the drawn tile.
    pub placements: Vec<Spot>,
    /// Other choices (figures, plugin decisions), in the engine's order.
    pub choices: Vec<Choice>,
    /// What is being decided.
    pub prompt: String,
    /// The turn log.
    pub log: Vec<String>,
    /// Turns that can be viewed one by one (`0..turns`).
    pub turns: usize,
    /// Tiles left in the bag.
    pub tiles_left: usize,
    /// The markers on the board: `(name, symbol as SVG)`.
    pub markers: Vec<(String, String)>,
}

impl Session {
    /// Starts a game; `seats` in seat order.
    pub fn new(
        ruleset: Arc<LoadedRuleset>,
        seed: u64,
        seats: Vec<Seat>,
    ) -> Result<Session, WebError> {
        Session::start(ruleset, seed, seats, &BTreeMap::new())
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
        let mut s = Session::start(ruleset, rec.seed, seats, &rec.forced)?;
        for (i, text) in rec.actions.iter().enumerate() {
            let bad = |e: String| WebError::bad(format!("record action {} (`{text}`): {e}", i + 1));
            if s.game.is_over() {
                return Err(bad("the game is already over".into()));
            }
            let a = s.game.parse_action(text).map_err(|e| bad(e.to_string()))?;
            s.apply(a).map_err(|e| match e {
                WebError::Game(m) => {
                    WebError::Game(format!("record action {} (`{text}`): {m}", i + 1))
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

    fn start(
        ruleset: Arc<LoadedRuleset>,
        seed: u64,
        seats: Vec<Seat>,
        forced: &BTreeMap<String, Vec<String>>,
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
            log: log::describe(&game, &first).into_iter().collect(),
            ends: vec![0],
            ended: false,
            game,
            rec,
            driver: Driver::new(forced),
            seats,
        };
        s.settle()?;
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
        self.log.extend(log::lines(&self.game, &events));
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

    /// The seat to act, if the game is not over.
    fn actor(&self) -> Option<u8> {
        match self.game.actor() {
            Actor::Player(p) => Some(p.seat()),
            _ => None,
        }
    }

    /// Whether a bot is to act.
    pub fn bot_to_act(&self) -> bool {
        self.actor()
            .is_some_and(|p| matches!(self.seats[p as usize], Seat::Bot(..)))
    }

    /// Plays the action with text `text` for the person to act.
    pub fn act(&mut self, text: &str) -> Result<(), WebError> {
        let Some(p) = self.actor() else {
            return Err(WebError::Conflict("the game is over".into()));
        };
        if !matches!(self.seats[p as usize], Seat::Person) {
            return Err(WebError::Conflict(format!(
                "it is {}'s turn, played by a bot",
                log::NAMES[p as usize]
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
            return Err(WebError::bad(format!("`{text}` is not legal now")));
        }
        self.apply(a)
    }

    /// Lets the bot to act play one action.
    pub fn bot_move(&mut self) -> Result<(), WebError> {
        let Some(p) = self.actor() else {
            return Err(WebError::Conflict("the game is over".into()));
        };
        let Seat::Bot(_, bot) = &mut self.seats[p as usize] else {
            return Err(WebError::Conflict(format!(
                "it is {}'s turn, played by a person",
                log::NAMES[p as usize]
            )));
        };
        let a = bot.choose(&self.game).map_err(WebError::Game)?;
        self.apply(a)
    }

    fn apply(&mut self, a: Action) -> Result<(), WebError> {
        self.rec.apply(&mut self.game, a).map_err(game_error)?;
        self.settle()
    }

    /// The record of the game so far.
    pub fn record(&self) -> Record {
        self.rec.record(&self.game, &self.ruleset.provenance)
    }

    /// The board at the end of turn `n`, as SVG.
    pub fn turn_picture(&self, n: usize, style: &Style) -> Result<String, WebError> {
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
        let o = Options {
            title: Some(self.ruleset.name.clone()),
            status: Some(if g.is_over() {
                format!("After turn {n}, game over")
            } else {
                format!("After turn {n}")
            }),
            highlight_last: true,
            panel: true,
            seat_names: self.seat_names(),
            ..Options::default()
        };
        Ok(carcassonne_render::board(&g, &o, style))
    }

    fn seat_names(&self) -> Vec<String> {
        self.seats
            .iter()
            .enumerate()
            .map(|(p, s)| match s {
                Seat::Person => log::NAMES[p].to_string(),
                Seat::Bot(name, _) => format!("{} ({name})", log::NAMES[p]),
            })
            .collect()
    }

    /// What the page shows now.
    pub fn view(&self, style: &Style) -> Result<View, WebError> {
        let g = &self.game;
        let actor = self.actor();
        let person_to_act = actor.is_some() && !self.bot_to_act();
        let legal = if actor.is_some() {
            g.legal_actions()
                .map_err(|e| WebError::Game(e.to_string()))?
        } else {
            Vec::new()
        };
        let mut placements: Vec<Spot> = Vec::new();
        let mut choices = Vec::new();
        let mut marks = Vec::new();
        for &a in &legal {
            match a {
                Action::Place(p) => match placements.last_mut() {
                    Some(s) if (s.x, s.y) == (p.pos.x, p.pos.y) => {
                        s.rots.push(p.rot.quarter_turns())
                    }
                    _ => placements.push(Spot {
                        x: p.pos.x,
                        y: p.pos.y,
                        rots: vec![p.rot.quarter_turns()],
                    }),
                },
                _ => {
                    if let Action::Figure(FigureOption::Deploy { kind, at }) = a {
                        // A mark on the feature of the tile just placed.
                        let local = at
                            .feature()
                            .filter(|&f| g.feature_tile(f) == g.last_placed())
                            .and_then(|f| g.feature_local(f));
                        if let Some(local) = local {
                            let name = g.figure_kind_name(kind).unwrap_or("figure");
                            let letter = carcassonne_render::style::initial(name);
                            marks.push((local, choices.len(), letter));
                        }
                    }
                    choices.push(Choice {
                        text: g.format_action(a),
                        label: self.label(a),
                    });
                }
            }
        }
        let style_names = self.seat_names();
        let o = Options {
            title: Some(self.ruleset.name.clone()),
            highlight_last: true,
            panel: false,
            candidates: if person_to_act {
                placements
                    .iter()
                    .map(|s| carcassonne_core::Pos::new(s.x, s.y))
                    .collect()
            } else {
                Vec::new()
            },
            choices: if person_to_act { marks } else { Vec::new() },
            seat_names: style_names.clone(),
            ..Options::default()
        };
        let drawn = g.drawn_tile().filter(|_| !placements.is_empty());
        let drawn_rotations = drawn
            .and_then(|t| g.rules().tiles.get(t))
            .map(|ty| {
                (0..4u8)
                    .map(|r| carcassonne_render::tile_picture(g, ty, r, 100.0, style))
                    .collect()
            })
            .unwrap_or_default();
        Ok(View {
            ruleset: self.ruleset.name.clone(),
            seed: g.seed(),
            turn: g.turn(),
            over: g.is_over(),
            actor,
            person_to_act,
            seats: PlayerId::all(g.players())
                .map(|p| SeatView {
                    name: style_names[p.index()].clone(),
                    color: style.player_color(Some(p.index())),
                    kind: match &self.seats[p.index()] {
                        Seat::Person => "person".into(),
                        Seat::Bot(n, _) => n.clone(),
                    },
                    score: g.score(p),
                    supply: g
                        .rules()
                        .figures
                        .iter()
                        .enumerate()
                        .filter(|(_, f)| f.per_player > 0)
                        .map(|(k, f)| {
                            let k = carcassonne_core::FigureKindId(k as u8);
                            format!("{} {}", f.name, g.supply(p, k))
                        })
                        .collect::<Vec<_>>()
                        .join(", "),
                })
                .collect(),
            board: carcassonne_render::board(g, &o, style),
            drawn: drawn.and_then(|t| g.tile_type_name(t).map(str::to_string)),
            drawn_rotations,
            placements,
            choices,
            prompt: self.prompt(actor),
            log: self.log.clone(),
            turns: self.ends.len(),
            tiles_left: g.bag_len(),
            markers: carcassonne_render::legend_names(g)
                .into_iter()
                .map(|n| {
                    let svg = carcassonne_render::marker_symbol(&n, 18.0, style);
                    (n, svg)
                })
                .collect(),
        })
    }

    /// What a person reads on the button of action `a`.
    fn label(&self, a: Action) -> String {
        let g = &self.game;
        match a {
            Action::Figure(FigureOption::Pass) => "No figure".into(),
            Action::Figure(FigureOption::Deploy { kind, at }) => {
                let name = g.figure_kind_name(kind).unwrap_or("figure");
                let place = at
                    .feature()
                    .and_then(|f| Some((g.feature_tile(f)?, g.feature_local(f)?)));
                match place {
                    Some((t, l)) => {
                        format!("{name} on the {}", log::describe_feature(g, t, l))
                    }
                    None => format!("{name} on the tile"),
                }
            }
            _ => g.format_action(a),
        }
    }

    fn prompt(&self, actor: Option<u8>) -> String {
        let g = &self.game;
        let Some(p) = actor else {
            let best = g.scores().iter().copied().max().unwrap_or(0);
            let winners: Vec<&str> = PlayerId::all(g.players())
                .filter(|&p| g.score(p) == best)
                .map(|p| log::NAMES[p.index()])
                .collect();
            return format!(
                "Game over: {} wins with {best} points.",
                winners.join(" and ")
            );
        };
        let who = log::NAMES[p as usize];
        if let Some(t) = g.drawn_tile() {
            return format!("{who}: place {}.", g.tile_type_name(t).unwrap_or("?"));
        }
        match g.pending_steps().last() {
            Some(step) if step.owner != carcassonne_core::hooks::CORE_OWNER => {
                let plugin = &g.rules().plugins[step.owner as usize];
                format!(
                    "{who}: {}",
                    log::names_in(&plugin.hooks.describe_step(*step))
                )
            }
            _ => format!("{who}: deploy a figure on the tile just placed, or none."),
        }
    }
}
