//! One game in the browser: its state, its seats (people and bots), its record,
//! its turn log and a snapshot of the board at the end of every turn.

use crate::{BotPlayer, LoadedRuleset, WebError};
use carcassonne_core::{Action, Actor, Event, FigureOption, Game, Record, Recorder};
use carcassonne_render::{log, Options, Style};
use serde::Serialize;
use std::sync::Arc;

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
    /// `history[n]`: the game at the end of turn `n` (0: the start tile alone).
    history: Vec<Game>,
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
}

impl Session {
    /// Starts a game; `seats` in seat order.
    pub fn new(
        ruleset: Arc<LoadedRuleset>,
        seed: u64,
        seats: Vec<Seat>,
    ) -> Result<Session, WebError> {
        let players = u8::try_from(seats.len()).map_err(|_| WebError::bad("too many seats"))?;
        if !(2..=6).contains(&players) {
            return Err(WebError::bad("a game needs 2 to 6 players"));
        }
        let mut game = Game::new(ruleset.rules.clone(), players, seed)
            .map_err(|e| WebError::bad(e.to_string()))?;
        game.set_logging(true);
        let first = Event::TurnStarted {
            player: game.current_player(),
            turn: game.turn(),
        };
        let mut s = Session {
            ruleset,
            log: log::describe(&game, &first).into_iter().collect(),
            history: vec![game.clone()],
            game,
            rec: Recorder::default(),
            seats,
        };
        s.settle()?;
        Ok(s)
    }

    /// Resolves chance events from the game's RNG and records the turns that ended.
    fn settle(&mut self) -> Result<(), WebError> {
        while self.game.actor() == Actor::Chance {
            self.rec
                .sample(&mut self.game)
                .map_err(|e| WebError::Game(e.to_string()))?;
        }
        let events = self.game.take_events();
        self.log.extend(log::lines(&self.game, &events));
        while self.history.len() < usize::from(self.game.turn()) {
            self.history.push(self.game.clone());
        }
        if self.game.is_over() && !self.history.last().is_some_and(Game::is_over) {
            self.history.push(self.game.clone());
        }
        Ok(())
    }

    /// The seat to act, if the game is not over.
    fn actor(&self) -> Option<u8> {
        match self.game.actor() {
            Actor::Player(p) => Some(p),
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
        self.rec
            .apply(&mut self.game, a)
            .map_err(|e| WebError::bad(e.to_string()))?;
        self.settle()
    }

    /// The record of the game so far.
    pub fn record(&self) -> Record {
        self.rec
            .clone()
            .finish(&self.game, &self.ruleset.name, &self.ruleset.text)
    }

    /// The board at the end of turn `n`, as SVG.
    pub fn turn_picture(&self, n: usize, style: &Style) -> Result<String, WebError> {
        let g = self.history.get(n).ok_or_else(|| {
            WebError::NotFound(format!(
                "turn {n}: the game has turns 0 to {}",
                self.history.len() - 1
            ))
        })?;
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
        Ok(carcassonne_render::board(g, &o, style))
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
                    Some(s) if (s.x, s.y) == (p.pos.x, p.pos.y) => s.rots.push(p.rot),
                    _ => placements.push(Spot {
                        x: p.pos.x,
                        y: p.pos.y,
                        rots: vec![p.rot],
                    }),
                },
                _ => {
                    if let Action::Figure(FigureOption::Deploy { kind, feature }) = a {
                        let name = &g.rules().figures[kind as usize].name;
                        let letter = carcassonne_render::style::initial(name);
                        marks.push((feature, choices.len(), letter));
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
            .map(|t| {
                let ty = g.rules().tiles.get(t);
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
            seats: (0..g.players())
                .map(|p| SeatView {
                    name: style_names[p as usize].clone(),
                    color: style.player_color(Some(p.into())),
                    kind: match &self.seats[p as usize] {
                        Seat::Person => "person".into(),
                        Seat::Bot(n, _) => n.clone(),
                    },
                    score: g.score(p),
                })
                .collect(),
            board: carcassonne_render::board(g, &o, style),
            drawn: drawn.map(|t| g.rules().tiles.get(t).id.clone()),
            drawn_rotations,
            placements,
            choices,
            prompt: self.prompt(actor),
            log: self.log.clone(),
            turns: self.history.len(),
        })
    }

    /// What a person reads on the button of action `a`.
    fn label(&self, a: Action) -> String {
        let g = &self.game;
        match (a, g.last_placed()) {
            (Action::Figure(FigureOption::Pass), _) => "No figure".into(),
            (Action::Figure(FigureOption::Deploy { kind, feature }), Some(t)) => format!(
                "{} on the {}",
                g.rules().figures[kind as usize].name,
                log::describe_feature(g, t, feature)
            ),
            _ => g.format_action(a),
        }
    }

    fn prompt(&self, actor: Option<u8>) -> String {
        let g = &self.game;
        let Some(p) = actor else {
            let best = g.scores().iter().copied().max().unwrap_or(0);
            let winners: Vec<&str> = (0..g.players())
                .filter(|&p| g.score(p) == best)
                .map(|p| log::NAMES[p as usize])
                .collect();
            return format!(
                "Game over: {} wins with {best} points.",
                winners.join(" and ")
            );
        };
        let who = log::NAMES[p as usize];
        if let Some(t) = g.drawn_tile() {
            return format!("{who}: place {}.", g.rules().tiles.get(t).id);
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
