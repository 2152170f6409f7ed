//! `carcassonne.Game`: one game, with its record.

use crate::args::Whole;
use crate::encode::Encoding;
use crate::history::History;
use crate::{runtime_error, value_error, Ruleset};
use carcassonne_bots::BotSpec;
use carcassonne_core::{Action, Actor, Driver, Game as CoreGame, Record, Recorder};
use carcassonne_host::Ruleset as HostRuleset;
use numpy::{PyArray1, PyArray3, PyArrayMethods};
use pyo3::exceptions::{PyMemoryError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString};
use std::path::PathBuf;
use std::sync::Arc;

/// What `Game.__reduce__` gives pickle for `Game._unpickle`: the record,
/// the plugin directories and the chance outcomes drawn after the record's last entry.
type Pickled = (String, Vec<PathBuf>, u32, Option<u32>);

/// `Game.actor()` when a chance event is next.
pub const CHANCE: i32 = -1;
/// `Game.actor()` when the game is over.
pub const TERMINAL: i32 = -2;

/// A game in progress: the actor, legal actions (as text in record notation,
/// or as ids of the fixed-size encoding), apply, chance outcomes with
/// probabilities, clone, observations and the record.
#[pyclass(module = "carcassonne._native")]
#[derive(Clone)]
pub struct Game {
    g: CoreGame,
    /// The record's chance outcomes; its player actions are moved to
    /// `actions` as soon as it records one (it holds none between calls).
    rec: Recorder,
    /// The record's player actions, shared with the game's copies.
    actions: History,
    rs: Arc<HostRuleset>,
    plugin_dirs: Vec<PathBuf>,
    enc: Arc<Encoding>,
    /// The seed of `determinize`, once called: the game's hidden tiles and
    /// future draws are no longer those its record replays.
    determinized: Option<u64>,
    /// Chance outcomes drawn from the RNG since the last thing the record
    /// keeps (a player action or a forced outcome): a replay of the record
    /// stops before them, so unpickling draws them again.
    trailing_samples: u32,
}

impl Game {
    fn start(rs: &Ruleset, seed: u64, players: Option<u8>, window: Option<u32>) -> PyResult<Game> {
        let players = players.unwrap_or(rs.rs.spec.players);
        check_players(players)?;
        if window == Some(0) {
            return Err(value_error(
                "window=0: the board window's radius is at least 1 (None: every square a game can reach)",
            ));
        }
        let g = CoreGame::new(rs.rules().clone(), players, seed).map_err(value_error)?;
        Ok(Game {
            g,
            rec: Recorder::default(),
            actions: History::default(),
            rs: rs.rs.clone(),
            plugin_dirs: rs.plugin_dirs.clone(),
            enc: Arc::new(Encoding::new(rs.rules(), window)),
            determinized: None,
            trailing_samples: 0,
        })
    }

    /// The record so far (`ValueError` once the game was determinized: its
    /// hidden tiles were dealt again, which no record replays).
    fn record_json(&self) -> PyResult<String> {
        if let Some(seed) = self.determinized {
            return Err(value_error(format!(
                "this game was determinized (seed {seed}): its face-down tiles and future draws \
                 are no longer the ones a record replays; keep the record of the game it was \
                 cloned from"
            )));
        }
        let reg = crate::registry(&self.plugin_dirs)?;
        let mut record = self.rec.record(&self.g, &self.rs.provenance(&reg));
        record.actions = self.actions.to_vec();
        Ok(record.to_json())
    }

    /// Moves the player actions the recorder has just recorded to `actions`.
    fn take_recorded(&mut self) {
        for text in self.rec.actions.drain(..) {
            self.actions.push(text);
        }
    }

    /// An action given as its text or its id (an `int` of the fixed-size
    /// encoding, a numpy integer or anything with `__index__`; a `bool` is
    /// neither).
    fn action_of(&self, action: &Bound<'_, PyAny>) -> PyResult<Action> {
        if action.is_instance_of::<PyBool>() {
            return Err(PyTypeError::new_err(
                "an action is its text (str) or its id (int), not a bool",
            ));
        }
        if let Ok(text) = action.cast::<PyString>() {
            return self.g.parse_action(&text.to_cow()?).map_err(value_error);
        }
        let id = action.extract::<Whole>().map_err(|_| {
            PyTypeError::new_err(format!(
                "an action is its text (str) or its id (int), not {}",
                action
                    .get_type()
                    .name()
                    .map_or_else(|_| "this".into(), |n| n.to_string())
            ))
        })?;
        self.action_of_id(&id)
    }

    /// The action with id `id` (`ValueError` if no id is that number, or the
    /// id names no legal action here).
    fn action_of_id(&self, id: &Whole) -> PyResult<Action> {
        let last = self.enc.actions() - 1;
        match usize::try_from(id.value) {
            Ok(i) if i <= last => self.enc.action(&self.g, i).map_err(value_error),
            _ => Err(value_error(format!(
                "action id {id} is not one: ids run from 0 to {last}"
            ))),
        }
    }

    /// The board of `g` (a game of `rs`) as SVG text, as `carcassonne render`
    /// draws a record: the style of the ruleset's plugins over the built-in
    /// one, the options of [`Options::game`](carcassonne_render::Options::game).
    fn picture(g: &CoreGame, rs: &HostRuleset) -> Result<String, String> {
        let style =
            carcassonne_render::Style::for_rules(g.rules(), None).map_err(|e| e.to_string())?;
        let opts = carcassonne_render::Options::game(&rs.spec.name, g);
        Ok(carcassonne_render::board(g, &opts, &style))
    }

    /// Seat `player` of this game (`ValueError` if the game has no such
    /// player, whatever the number).
    fn seat(&self, player: &Whole) -> PyResult<carcassonne_core::PlayerId> {
        let players = self.g.players();
        u8::try_from(player.value)
            .ok()
            .and_then(carcassonne_core::PlayerId::new)
            .filter(|p| p.seat() < players)
            .ok_or_else(|| {
                value_error(format!(
                    "player {player} does not exist: the game has players 0 to {}",
                    players.saturating_sub(1)
                ))
            })
    }
}

/// Checks a record's final scores `want` against its replay `g` (stopped at
/// the first chance event the record does not force): the chance events to
/// come are drawn on a copy, as `carcassonne replay` draws them, and the game
/// must then be over with those scores.
fn check_final_scores(g: &CoreGame, want: &[i32]) -> Result<(), String> {
    let mut end = g.clone();
    while end.actor() == Actor::Chance {
        end.sample_chance().map_err(|e| e.to_string())?;
    }
    if !end.is_over() {
        return Err(format!(
            "the record claims final scores {want:?}, but its game is not over after its \
             last action (scores {:?} so far): a record cut short has no final scores",
            end.scores()
        ));
    }
    if want != end.scores() {
        return Err(carcassonne_core::ReplayError::Scores {
            recorded: want.to_vec(),
            replayed: end.scores().to_vec(),
        }
        .to_string());
    }
    Ok(())
}

/// `ValueError` unless a game of `players` players can be played (as the
/// program's `--players`: 2 to 6).
pub(crate) fn check_players(players: u8) -> PyResult<()> {
    if (2..=carcassonne_core::MAX_PLAYERS as u8).contains(&players) {
        Ok(())
    } else {
        Err(value_error(format!(
            "players={players}: a game needs 2 to {} players",
            carcassonne_core::MAX_PLAYERS
        )))
    }
}

/// The number of players given from Python (`ValueError` out of 2 to 6,
/// whatever the number).
pub(crate) fn players_arg(players: Option<Whole>) -> PyResult<Option<u8>> {
    players
        .map(|p| {
            let most = carcassonne_core::MAX_PLAYERS as i64;
            p.within(
                "players",
                2,
                most,
                &format!("a game needs 2 to {most} players"),
            )
        })
        .transpose()
}

#[pymethods]
impl Game {
    /// A new game on `ruleset` with `seed` (the start tile placed, the first
    /// tile draw pending) and `players` (default: the ruleset's). `window`:
    /// the radius of the board window of the encodings (`encode_observation`,
    /// action ids), at most and by default the ruleset's tile count (every
    /// square a game can reach); a smaller one leaves out the tiles beyond it
    /// and numbers a placement beyond it by rank.
    #[new]
    #[pyo3(signature = (ruleset, seed=0, players=None, window=None))]
    fn new(
        ruleset: PyRef<'_, Ruleset>,
        seed: u64,
        players: Option<Whole>,
        window: Option<u32>,
    ) -> PyResult<Game> {
        Game::start(&ruleset, seed, players_arg(players)?, window)
    }

    /// The radius of the encodings' board window (`window` of the constructor;
    /// the ruleset's tile count by default).
    #[getter]
    fn window(&self) -> u32 {
        self.enc.radius as u32
    }

    /// Replays a record (JSON text) on its embedded ruleset; plugins from the
    /// compiled-in ones and `plugin_dirs`. As `carcassonne replay`: a record
    /// whose final `scores` differ from the replay's, or that claims final
    /// scores for a game its actions do not finish, is a `ValueError`; rules
    /// that differ from those the record was made with (plugin versions, the
    /// rules fingerprint) give a `UserWarning` naming the differences.
    /// `window` as for a new game.
    #[staticmethod]
    #[pyo3(signature = (json, plugin_dirs=Vec::new(), window=None))]
    fn from_record(
        py: Python<'_>,
        json: &str,
        plugin_dirs: Vec<PathBuf>,
        window: Option<u32>,
    ) -> PyResult<Game> {
        let rec = Record::from_json(json).map_err(value_error)?;
        let mut changes = Vec::new();
        let ruleset = Ruleset::compile(plugin_dirs, "invalid ruleset in the record", |reg| {
            let rs =
                carcassonne_host::provenance::load_record_ruleset(&rec, "<record>", None, reg)?;
            changes = carcassonne_host::provenance::differences(&rec, &rs, reg);
            Ok::<_, carcassonne_host::RulesetErrors>(rs)
        })?;
        if !changes.is_empty() {
            let text = format!(
                "the rules differ from those the record was made with: {}",
                changes.join("; ")
            );
            let text = std::ffi::CString::new(text.replace('\0', " ")).map_err(runtime_error)?;
            let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
            PyErr::warn(py, &category, &text, 1)?;
        }
        // An error says the rules differ too, as the program's does.
        let explain = |e: &dyn std::fmt::Display| {
            if changes.is_empty() {
                value_error(e)
            } else {
                value_error(format!(
                    "{e}\n(the rules differ from those the record was made with: see the warning)"
                ))
            }
        };
        let mut game =
            Game::start(&ruleset, rec.seed, Some(rec.players), window).map_err(|e| explain(&e))?;
        // Replay through the game's own recorder (the core's record driver),
        // so that the record it writes later continues this one exactly.
        Driver::new(&rec.forced)
            .replay_recorded(&mut game.g, &mut game.rec, &rec.actions)
            .map_err(|e| explain(&e))?;
        game.take_recorded();
        if let Some(want) = &rec.scores {
            check_final_scores(&game.g, want).map_err(|e| explain(&e))?;
        }
        Ok(game)
    }

    /// The record of the game so far (JSON text), replayable with `from_record`
    /// and `carcassonne replay`.
    fn to_record(&self) -> PyResult<String> {
        self.record_json()
    }

    /// Pickling (for Ray, checkpoints): the record, replayed by
    /// `Game._unpickle` (the same game, its RNG included). A determinized
    /// game cannot be pickled (`ValueError`).
    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<(Py<PyAny>, Pickled)> {
        let py = slf.py();
        let me = slf.borrow();
        let f = py
            .import("carcassonne._native")?
            .getattr("Game")?
            .getattr("_unpickle")?;
        // The window only if it is not the default (the ruleset's tile count).
        let all = me.g.rules().max_tiles as u32;
        let args = (
            me.record_json()?,
            me.plugin_dirs.clone(),
            me.trailing_samples,
            (me.window() < all).then(|| me.window()),
        );
        Ok((f.unbind(), args))
    }

    /// A pickled game: its record replayed, then the chance outcomes it had
    /// drawn after the record's last entry drawn again from the RNG.
    #[staticmethod]
    #[pyo3(signature = (json, plugin_dirs, trailing_samples, window=None))]
    fn _unpickle(
        py: Python<'_>,
        json: &str,
        plugin_dirs: Vec<PathBuf>,
        trailing_samples: u32,
        window: Option<u32>,
    ) -> PyResult<Game> {
        let mut game = Game::from_record(py, json, plugin_dirs, window)?;
        for _ in 0..trailing_samples {
            game.sample_chance()?;
        }
        Ok(game)
    }

    /// Deals everything no player can see again, from `seed`: the face-down
    /// tiles' identities and the RNG of future draws and chance events, keeping
    /// every observation (for search bots: a clone determinized this way can be
    /// played forward without peeking at the real game's hidden tiles or its
    /// next draws, which a plain clone shares). A determinized game has no
    /// record (`to_record` and pickling raise `ValueError`).
    fn determinize(&mut self, seed: u64) {
        self.g.determinize(seed);
        self.determinized = Some(seed);
    }

    /// Who acts: a player number, `CHANCE` (-1) or `TERMINAL` (-2).
    fn actor(&self) -> i32 {
        match self.g.actor() {
            Actor::Player(p) => i32::from(p.seat()),
            Actor::Chance => CHANCE,
            Actor::GameOver => TERMINAL,
        }
    }

    /// Whether a chance event is next.
    fn is_chance(&self) -> bool {
        self.g.actor() == Actor::Chance
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.g.is_over()
    }

    /// Number of players.
    #[getter]
    fn players(&self) -> u8 {
        self.g.players()
    }

    /// Turn number.
    #[getter]
    fn turn(&self) -> u16 {
        self.g.turn()
    }

    /// Whose turn it is (the actor may be another player, or chance).
    #[getter]
    fn current_player(&self) -> u8 {
        self.g.current_player().seat()
    }

    /// Scores.
    fn scores(&self) -> Vec<i32> {
        self.g.scores().to_vec()
    }

    /// The legal actions in canonical order, in record notation (chance: the outcomes).
    fn legal_actions(&self) -> PyResult<Vec<String>> {
        let acts = self.g.legal_actions().map_err(runtime_error)?;
        Ok(acts.into_iter().map(|a| self.g.format_action(a)).collect())
    }

    /// The legal actions' ids (a player's decision).
    fn legal_action_ids<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let ids = self.enc.legal_ids(&self.g).map_err(runtime_error)?;
        Ok(PyArray1::from_vec(
            py,
            ids.into_iter().map(|i| i as i64).collect(),
        ))
    }

    /// The legal-action mask over all action ids (`num_actions` booleans).
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let mut mask = crate::encode::zeroed(self.enc.actions(), "the action mask", &self.enc)
            .map_err(PyMemoryError::new_err)?;
        for i in self.enc.legal_ids(&self.g).map_err(runtime_error)? {
            mask[i] = 1;
        }
        Ok(PyArray1::from_vec(py, mask))
    }

    /// Number of action ids of the fixed-size encoding.
    #[getter]
    fn num_actions(&self) -> usize {
        self.enc.actions()
    }

    /// The id of an action (text).
    fn action_id(&self, action: &str) -> PyResult<usize> {
        let a = self.g.parse_action(action).map_err(value_error)?;
        self.enc.action_id(&self.g, a).map_err(value_error)
    }

    /// The text of an action id (an `int`, a numpy integer, anything with
    /// `__index__` but a `bool`).
    fn action_text(&self, id: Whole) -> PyResult<String> {
        Ok(self.g.format_action(self.action_of_id(&id)?))
    }

    /// What a person reads for an action (its text or id) in the current
    /// state: a plugin's label for its decisions, special options and pieces
    /// ("Move the dragon east"), players named by colour; else the action's
    /// text. For showing only: `apply` takes the text or the id.
    fn action_label(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let a = self.action_of(action)?;
        Ok(carcassonne_render::log::names_in(&self.g.action_label(a)))
    }

    /// Applies an action of the actor: its text or its id (a chance outcome as
    /// text), or `"end"` as a record has it (final scoring now, between turns
    /// only: for studying endgames). An illegal action raises `ValueError` and
    /// changes nothing.
    fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let end = action
            .cast::<PyString>()
            .is_ok_and(|t| t.to_cow().is_ok_and(|t| t.trim() == carcassonne_core::END));
        if end {
            self.rec.end_now(&mut self.g).map_err(value_error)?;
        } else {
            let a = self.action_of(action)?;
            self.rec.apply(&mut self.g, a).map_err(value_error)?;
        }
        self.take_recorded();
        self.trailing_samples = 0;
        Ok(())
    }

    /// The pending chance event's outcomes with their probabilities (`[]`
    /// when a player is to act or the game is over). The true distribution,
    /// from the face-down tiles and the real bag: it gives hidden information
    /// away, so a search for a player takes its chance nodes from a copy
    /// `determinize`d for that player.
    fn chance_outcomes(&self) -> PyResult<Vec<(String, f64)>> {
        let o = self.g.chance_outcomes().map_err(runtime_error)?;
        let total: f64 = o.iter().map(|&(_, w)| f64::from(w)).sum();
        Ok(o.into_iter()
            .map(|(c, w)| {
                (
                    self.g.format_action(Action::Chance(c)),
                    f64::from(w) / total,
                )
            })
            .collect())
    }

    /// Samples the pending chance event with the game's own RNG; returns the
    /// outcome, as `chance_outcomes()` named it just before (applying that
    /// text to a copy made before gives the same game).
    fn sample_chance(&mut self) -> PyResult<String> {
        // The outcome is named in its own chance event's stream: after it is
        // applied the game is at the next one (or at a player's decision).
        let step = self.g.pending_steps().last().copied();
        let verb = match self.g.chance_stream() {
            Some("tile") | None => "draw".to_string(),
            Some(stream) => stream.to_string(),
        };
        let c = self.rec.sample(&mut self.g).map_err(runtime_error)?;
        self.trailing_samples += 1;
        Ok(format!("{verb} {}", self.g.outcome_name_in(step, c)))
    }

    /// Samples chance events until a player must act or the game is over
    /// (nothing if one is already there).
    fn settle(&mut self) -> PyResult<()> {
        while self.g.actor() == Actor::Chance {
            self.rec.sample(&mut self.g).map_err(runtime_error)?;
            self.trailing_samples += 1;
        }
        Ok(())
    }

    /// The action a built-in bot (`"random"`, `"greedy"`, `"mcts:500"`, …)
    /// chooses for the player to act, as text. The search runs without the
    /// GIL. A finished game, or a chance event pending (`settle` first), is a
    /// `ValueError`: no player acts.
    #[pyo3(signature = (bot, seed=0))]
    fn bot_action(&self, py: Python<'_>, bot: &str, seed: u64) -> PyResult<String> {
        let spec: BotSpec = bot.parse().map_err(value_error)?;
        match self.g.actor() {
            Actor::Player(_) => {}
            Actor::GameOver => return Err(value_error("the game is over: no player acts")),
            Actor::Chance => {
                return Err(value_error(
                    "a chance event is pending (sample it with settle() or sample_chance(), or \
                     force an outcome): bots choose players' actions",
                ))
            }
        }
        let g = &self.g;
        let a = py
            .detach(|| spec.build(seed).choose(g))
            .map_err(runtime_error)?;
        Ok(self.g.format_action(a))
    }

    /// A copy (the record too). It shares the game's RNG state, so its chance
    /// events come out as the real game's will: `determinize(seed)` the copy
    /// first for a search that must not know them.
    #[pyo3(name = "clone")]
    fn clone_py(&self) -> Game {
        self.clone()
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    /// What `player` can see, as a dict (tiles by id, figures, supplies,
    /// unseen tiles by id, plugin state; face-down tiles are only counted).
    fn observation<'py>(&self, py: Python<'py>, player: Whole) -> PyResult<Bound<'py, PyAny>> {
        let obs = self
            .g
            .observation(self.seat(&player)?)
            .map_err(value_error)?;
        let text = serde_json::to_string(&obs).map_err(runtime_error)?;
        py.import("json")?.call_method1("loads", (text,))
    }

    /// The observation of `player` as numpy arrays: `board` (int8, planes ×
    /// side × side) and `state` (float32), players numbered from `player`.
    fn encode_observation<'py>(
        &self,
        py: Python<'py>,
        player: Whole,
    ) -> PyResult<Bound<'py, PyDict>> {
        let player = self.seat(&player)?.seat();
        let e = &self.enc;
        let mut board = crate::encode::zeroed(e.planes() * e.side * e.side, "the board planes", e)
            .map_err(PyMemoryError::new_err)?;
        let mut state = vec![0f32; e.state_len()];
        e.observe(&self.g, player, &mut board, &mut state);
        let d = PyDict::new(py);
        d.set_item(
            "board",
            PyArray1::from_vec(py, board).reshape([e.planes(), e.side, e.side])?,
        )?;
        d.set_item("state", PyArray1::from_vec(py, state))?;
        Ok(d)
    }

    /// Shapes of `encode_observation`: `(planes, side, side)` and `(state_len,)`.
    #[getter]
    fn observation_shapes(&self) -> ((usize, usize, usize), (usize,)) {
        let e = &self.enc;
        ((e.planes(), e.side, e.side), (e.state_len(),))
    }

    /// The board as an SVG picture (text), as `carcassonne render` draws it:
    /// the tiles, figures and the score panel, the last placed tile outlined.
    fn svg(&self, py: Python<'_>) -> PyResult<String> {
        let (g, rs) = (&self.g, &*self.rs);
        py.detach(|| Game::picture(g, rs)).map_err(runtime_error)
    }

    /// The picture of `svg()` for Jupyter, which shows a game as its board.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.svg(py)
    }

    /// The picture of `svg()` rasterised: a numpy array of uint8, (height,
    /// width, 3), RGB on white (text in a sans-serif font of the system's).
    fn rgb_array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<u8>>> {
        let (g, rs) = (&self.g, &*self.rs);
        let (w, h, rgb) = py
            .detach(|| -> Result<_, String> {
                let svg = Game::picture(g, rs)?;
                let p = carcassonne_render::to_rgba(&svg).map_err(|e| e.to_string())?;
                // Over white: each colour weighted by its alpha.
                let over_white = |c: u8, a: u8| {
                    let (c, a) = (u32::from(c), u32::from(a));
                    ((c * a + 255 * (255 - a) + 127) / 255) as u8
                };
                let rgb = p
                    .data
                    .chunks_exact(4)
                    .flat_map(|px| [0, 1, 2].map(|i| over_white(px[i], px[3])))
                    .collect::<Vec<u8>>();
                Ok((p.width as usize, p.height as usize, rgb))
            })
            .map_err(runtime_error)?;
        PyArray1::from_vec(py, rgb).reshape([h, w, 3])
    }

    fn __repr__(&self) -> String {
        format!(
            "Game(turn {}, scores {:?}, actor {})",
            self.g.turn(),
            self.g.scores(),
            self.actor()
        )
    }
}
