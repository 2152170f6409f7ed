//! # The `dragon` plugin (The Princess and the Dragon: volcanoes and the dragon)
//!
//! Rulings PD1–PD10 and the dragon's side of X27, X28, X32, X33 and X36 of
//! `shared/expansions/princess-and-dragon.md`; the player-facing description,
//! with the source of every rule, is `docs/plugins/dragon.md`.
//!
//! * **Figure** `dragon`: one neutral figure (owned by nobody) standing on a
//!   tile (`Location::Tile`), off the board until the first volcano.
//! * **Markers** `volcano` and `dragon` (tile level). A volcano brings the
//!   dragon onto it as it is placed (`tile_placed`, PD3). Dragon tiles are held
//!   back from the draw while the dragon is off the board (PD2, given as data:
//!   `Cx::hold_back_draws` at setup, no call per draw; a bag holding nothing
//!   else ends the game; tiles taken face down under a hill are not held back,
//!   X32). Once the dragon is on the board (it never leaves it) the plugin
//!   releases them.
//! * **No deployment on the dragon's tile** (PD4): `filter_figure_options`
//!   vetoes every `Deploy` onto a feature of that tile, for every plugin's
//!   figures and for `may_deploy` (a wagon's move, a portal). A barn stands at
//!   a corner, not on a feature, so it may go there.
//! * **The movement** (PD5–PD9): after the figure step and the decisions it led
//!   to (`before_scoring`), or after the turn's scoring and wagon moves with
//!   `dragon-move = "after-scoring"` (`turn_end`, running after `wagon`), a
//!   dragon tile placed while the dragon is on the board (`tile_placed`
//!   switches that hook on for the turn; it is off otherwise, so the other
//!   turns call nothing) starts a movement of
//!   up to six steps. Step *k* is a decision of the player *k − 1* seats after
//!   the active one; its options are the directions (`N`, `E`, `S`, `W`) to an
//!   orthogonally adjacent tile not visited during this movement (the starting
//!   tile included) that the dragon may enter (`may_deploy(dragon, Tile)`: the
//!   fairy vetoes her tile). With no option left the movement ends.
//! * **Eating** (PD8): on every tile it enters, every figure standing on a
//!   feature of that tile goes back to its owner (`return_figure`, so each
//!   plugin releases what it keeps about the figure: a shepherd's own tokens,
//!   X27). Which figures, it reads from their kind's [`FigureClass`], declared
//!   by the plugin that owns the figure (the dragon names no other plugin's
//!   figure): a standing figure (every follower, the shepherd) is eaten; a
//!   companion (builder, pig) unless `eats-builders-and-pigs = false`; a
//!   building (barn) never. Figures at a corner or on the tile itself (the
//!   fairy) stay, and so does a protected figure (`figure_protected`: another
//!   plugin's rule keeps it on the board, e.g. a follower in a castle).
//!
//! State (per game, public): the dragon's figure id, the steps made in the
//! current movement and the tiles visited.
//!
//! Speed: the draw filter is data the core applies, and a step's directions are
//! found once, when its decision is pushed with them (`push_decision_among`):
//! the core lists them without asking `step_options`, and the resolution reads
//! them from the step.

use std::sync::OnceLock;

use carcassonne_plugin_sdk::names::{name_of, parse_name};
use carcassonne_plugin_sdk::prelude::*;

/// When a dragon tile makes the dragon move (PD5, PD10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum DragonMove {
    /// After the figure and flock steps, before the scoring step (Hans im Glück, Z-Man).
    #[default]
    BeforeScoring,
    /// After the scoring step and the wagon moves (Rio Grande 1st edition).
    AfterScoring,
}

/// The plugin's options (`[plugins.dragon]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// When the dragon moves.
    pub dragon_move: DragonMove,
    /// Whether the dragon eats companions ([`FigureClass::Companion`]: the
    /// builders and pigs of Traders & Builders).
    pub eats_builders_and_pigs: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            dragon_move: DragonMove::BeforeScoring,
            eats_builders_and_pigs: true,
        }
    }
}

impl Config for Options {
    /// Builders and pigs are brought by the `builder` and `pig` plugins.
    const ONLY_WITH: &'static [(&'static str, &'static str)] = &[
        ("eats-builders-and-pigs", "builder"),
        ("eats-builders-and-pigs", "pig"),
    ];
    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "dragon-move",
            "PD5/PD10: when a dragon tile makes the dragon move: \"before-scoring\" (after the figure and flock steps; Hans im Glück, Z-Man) or \"after-scoring\" (after the scoring step and wagon moves; Rio Grande)",
        ),
        (
            "eats-builders-and-pigs",
            "PD8: whether the dragon eats builders and pigs, the figures declared as companions (true: first-edition text and JCloisterZone; false: spares them like barns)",
        ),
    ];
}

/// Most steps of one movement (PD6).
pub const STEPS: u32 = 6;

/// Names of the step options: the directions, in [`Side`] order.
pub const DIRECTION_NAMES: [&str; 4] = ["N", "E", "S", "W"];

/// The directions in the labels people see (`Move the dragon east`).
const DIRECTION_WORDS: [&str; 4] = ["north", "east", "south", "west"];

/// Decision step: the dragon's next step; `arg` = the step number (1 to 6).
const TAG_STEP: u16 = 1;

/// Index of the dragon in [`Dragon::FIGURES`](Plugin::FIGURES).
const DRAGON: usize = 0;
/// Index of the `volcano` marker in [`Dragon::MARKERS`](Plugin::MARKERS).
const VOLCANO: usize = 0;
/// Index of the `dragon` marker in [`Dragon::MARKERS`](Plugin::MARKERS).
const DRAGON_TILE: usize = 1;

/// The plugin's per-game state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct DragonState {
    /// The dragon's figure id + 1 (found at setup).
    pub figure: u32,
    /// Steps made in the current movement; 0 when none is running.
    pub steps: u32,
    /// Tiles visited during the current movement, the starting tile first:
    /// their positions ([`pack`]), `steps + 1` of them while it runs.
    pub visited: [u32; STEPS as usize + 1],
}

/// A position as a word of the state ([`DragonState::visited`]): `x` in the
/// low 16 bits, `y` in the high ones.
pub fn pack(p: Pos) -> u32 {
    u32::from(p.x as u16) | u32::from(p.y as u16) << 16
}

/// The plugin: rules plus options.
pub struct Dragon {
    dragon_move: DragonMove,
    eats_builders_and_pigs: bool,
    /// The dragon's figure kind, read at the first step (one ruleset).
    kind: OnceLock<FigureKindId>,
}

fn err(message: &str) -> Error {
    Error::new(message)
}

impl Dragon {
    /// The dragon figure.
    fn figure(v: &View<'_>) -> HookResult<FigureId> {
        Self::figure_of(v.game_state::<DragonState>()?)
    }

    /// The hook in which a dragon tile makes the dragon move (PD5, PD10).
    fn move_hook(&self) -> u64 {
        match self.dragon_move {
            DragonMove::BeforeScoring => hook::BEFORE_SCORING,
            DragonMove::AfterScoring => hook::TURN_END,
        }
    }

    /// The tile the dragon stands on, if it is on the board.
    fn tile(v: &View<'_>) -> HookResult<Option<TileIndex>> {
        Ok(v.figure_tile(Self::figure(v)?))
    }

    /// Whether the dragon eats a figure of `kind` standing on a feature (PD8):
    /// by the class its plugin declared, never by its name.
    fn eats(&self, v: &View<'_>, kind: FigureKindId) -> bool {
        match v.figure_kind_class(kind) {
            FigureClass::Standing => true,
            FigureClass::Companion => self.eats_builders_and_pigs,
            FigureClass::Building => false,
        }
    }

    /// The directions the dragon may take from where it stands (bit `d`: side
    /// `d`); 0 when it is off the board: the tiles beside it that it may
    /// enter (PD6, PD7: `tiles_open_to`, one query for the four sides, the
    /// fairy's veto included) but those visited in this movement.
    fn directions(&self, v: &View<'_>) -> HookResult<u32> {
        let s = *v.game_state::<DragonState>()?;
        let Some(t) = Self::tile_of(v, &s)? else {
            return Ok(0);
        };
        self.directions_from(v, &s, t, v.tile_pos(t))
    }

    /// [`Dragon::directions`] from placed tile `t` at `from`, with the
    /// tiles visited read from state `s` (no query for them).
    fn directions_from(
        &self,
        v: &View<'_>,
        s: &DragonState,
        t: TileIndex,
        from: Pos,
    ) -> HookResult<u32> {
        let kind = *self.kind.get_or_init(|| v.my_figure(DRAGON));
        let open = v.tiles_open_to(kind, t)?;
        if open == 0 {
            return Ok(0);
        }
        // Each side's tile compared with every slot of the visited tiles,
        // the answers kept as bits and masked by the slots in use (the
        // movement's steps): no loop whose length or exit depends on the
        // movement, and no choice per slot, which the compiler turns into a
        // branch on the step count.
        let live = (2u32 << s.steps.min(STEPS)).wrapping_sub(1);
        // Each side's bit kept or cleared by arithmetic, not behind a branch
        // on whether it is open (the four answers follow no pattern).
        let mut mask = 0;
        for side in Side::ALL {
            let p = pack(from.step(side));
            let hits =
                (s.visited.iter().enumerate()).fold(0u32, |m, (i, &x)| m | u32::from(x == p) << i);
            mask |= u32::from(open) & (u32::from(hits & live == 0) << side as u32);
        }
        Ok(mask)
    }

    /// The dragon's figure, from state `s`.
    fn figure_of(s: &DragonState) -> HookResult<FigureId> {
        s.figure
            .checked_sub(1)
            .map(|f| FigureId(f as u16))
            .ok_or_else(|| err("the dragon figure was not found at setup"))
    }

    /// The tile the dragon stands on, from state `s`.
    fn tile_of(v: &View<'_>, s: &DragonState) -> HookResult<Option<TileIndex>> {
        Ok(v.figure_tile(Self::figure_of(s)?))
    }

    /// The directions of pending step `step`: pushed with it
    /// ([`Step::among`], bit `d`: [`DIRECTION_NAMES`]`[d]` may be taken),
    /// else (a step pushed without them) found now.
    fn step_directions(&self, v: &View<'_>, step: Step) -> HookResult<u32> {
        if step.among != 0 {
            return Ok(u32::from(step.among) & 0xF);
        }
        self.directions(v)
    }

    /// PD3: the volcano at placed tile `tile` brings the dragon onto it.
    /// The dragon's figure is known from the state (no search of the
    /// figures); it lands from off the board or moves from where it stands.
    fn erupt(cx: &mut Cx<'_>, tile: TileIndex) -> HookResult {
        let fig = Self::figure(cx)?;
        let at = Location::Tile(tile);
        match cx.figure_location(fig) {
            None => {
                cx.place_neutral(cx.my_figure(DRAGON), at)
                    .ok_or_else(|| err("the dragon could not land there"))?;
                // The dragon never leaves the board: the dragon tiles are
                // held back no more (PD2).
                cx.hold_back_draws(cx.my_marker(DRAGON_TILE), false);
            }
            Some(now) if now != at => {
                if !cx.move_figure(fig, at)? {
                    return Err(err("the dragon could not move there"));
                }
            }
            Some(_) => {}
        }
        if cx.logging() {
            let pos = cx.tile_pos(tile);
            cx.log(format!(
                "A volcano erupts at {pos}: the dragon lands on it."
            ));
        }
        Ok(())
    }

    /// Starts a movement if the tile placed this turn is a dragon tile and the
    /// dragon is on the board (PD5).
    fn start_movement(&self, cx: &mut Cx<'_>) -> HookResult {
        let Some(placed) = cx.last_placed() else {
            return Ok(());
        };
        if !cx.tile_has_marker(placed, cx.my_marker(DRAGON_TILE)) {
            return Ok(());
        }
        let Some(t) = Self::tile(cx)? else {
            return Ok(());
        };
        let pos = cx.tile_pos(t);
        let s = cx.game_state_mut::<DragonState>()?;
        s.steps = 0;
        s.visited = [0; STEPS as usize + 1];
        s.visited[0] = pack(pos);
        let now = *s;
        if cx.logging() {
            cx.log(format!(
                "The dragon stirs at {pos}: it moves up to {STEPS} tiles."
            ));
        }
        // The first step's directions from where it stands, known here (no
        // second look at the state, the dragon's tile and its position).
        let options = self.directions_from(cx, &now, t, pos)?;
        Self::push_step(cx, 0, options)
    }

    /// Pushes the decision of the next step, or ends the movement (PD6, PD7).
    fn next_step(&self, cx: &mut Cx<'_>) -> HookResult {
        let s = *cx.game_state::<DragonState>()?;
        let options = if s.steps < STEPS {
            self.directions(cx)?
        } else {
            0
        };
        Self::push_step(cx, s.steps, options)
    }

    /// Pushes the decision of step `steps + 1` with the directions `options`,
    /// or ends the movement when there are none.
    fn push_step(cx: &mut Cx<'_>, steps: u32, options: u32) -> HookResult {
        if options != 0 {
            let who = cx.current_player().offset(steps, cx.players());
            cx.push_decision_among(who, TAG_STEP, steps + 1, options as u16);
            return Ok(());
        }
        if cx.logging() {
            if let Some(t) = Self::tile(cx)? {
                let pos = cx.tile_pos(t);
                cx.log(format!("The dragon stops at {pos} after {steps} steps."));
            }
        }
        let s = cx.game_state_mut::<DragonState>()?;
        s.steps = 0;
        s.visited = [0; STEPS as usize + 1];
        Ok(())
    }

    /// The dragon enters tile `t`: every figure it eats standing on a feature
    /// there goes home; figures at corners or on the tile itself stay (PD8), and
    /// so do protected figures. Which it eats, by class: one query
    /// (`return_figures_on_tile`), in figure order; when the game is logged,
    /// [`Dragon::eat_logged`] sends the same figures one by one. Most tiles
    /// it enters have no one on their features: one cheaper look first
    /// (`has_figure_on_tile`), and no meal.
    fn eat(&self, cx: &mut Cx<'_>, t: TileIndex) -> HookResult {
        if !cx.has_figure_on_tile(t) {
            return Ok(());
        }
        let mut classes = 1 << FigureClass::Standing as u8;
        if self.eats_builders_and_pigs {
            classes |= 1 << FigureClass::Companion as u8;
        }
        cx.return_figures_on_tile(t, classes)?;
        Ok(())
    }

    /// [`Dragon::eat`] with a line of the log per figure eaten.
    fn eat_logged(&self, cx: &mut Cx<'_>, t: TileIndex) -> HookResult {
        // The figures on the tile's features (a figure at a corner is listed
        // with its field too): a look at each local feature's figures, not at
        // every figure of the game; then in figure order.
        let mut prey = Vec::new();
        let limit = cx.figure_count();
        for l in 0..cx.tile_feature_count(t) {
            let mut next = cx.first_figure_on(cx.feature_of(t, l));
            for _ in 0..limit {
                let Some(g) = next else {
                    break;
                };
                next = cx.next_figure(g);
                if matches!(cx.figure_location(g), Some(Location::Feature(_)))
                    && self.eats(cx, cx.figure_kind(g))
                    && !cx.figure_protected(g)
                {
                    prey.push(g);
                }
            }
        }
        prey.sort_unstable();
        for g in prey {
            let kind = cx.figure_kind_name(cx.figure_kind(g)).to_string();
            let pos = cx.tile_pos(t);
            let who = cx
                .figure_owner(g)
                .map_or_else(String::new, |p| format!("{{P{p}}}'s "));
            cx.log(format!("The dragon eats {who}{kind} at {pos}."));
            cx.return_figure(g)?;
        }
        Ok(())
    }
}

#[plugin]
impl Plugin for Dragon {
    type Config = Options;
    const ID: &'static str = "dragon";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "The Princess and the Dragon: volcanoes bring the dragon, dragon tiles make it move and eat figures";
    const FIGURES: &'static [FigureSpec] = &[FigureSpec::neutral("dragon", 1)];
    const MARKERS: &'static [&'static str] = &["volcano", "dragon"];
    const STYLE: &'static str = include_str!("../style.toml");
    const STATE: StateSpec = StateSpec::NONE.game::<DragonState>();
    // With `dragon-move = "after-scoring"` the dragon moves after the scoring
    // at the turn's end, of which the barn's scorings and the wagons' moves
    // (AM14) are part (turn_end).
    const RUNS_AFTER: &'static [&'static str] = &["barn", "wagon"];

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(Dragon {
            dragon_move: options.dragon_move,
            eats_builders_and_pigs: options.eats_builders_and_pigs,
            kind: OnceLock::new(),
        })
    }

    /// Only a volcano (or a dragon tile) placed concerns `tile_placed`; the
    /// veto concerns only deployments on the dragon's tile.
    fn narrowing(&self) -> u64 {
        narrow::PLACED_MARKED | narrow::OPTIONS_ON_MY_TILES
    }

    fn subscriptions(&self) -> u64 {
        let all = carcassonne_plugin_sdk::hooks_of::<Self>();
        match self.dragon_move {
            DragonMove::BeforeScoring => all & !hook::TURN_END,
            DragonMove::AfterScoring => all & !hook::BEFORE_SCORING,
        }
    }

    /// PD1: the dragon starts off the board; remember its figure id. The hook
    /// that moves it is off until a dragon tile is placed while it is on the
    /// board (`tile_placed` switches it on for that turn). The dragon tiles
    /// are held back from the draw (PD2, as data: no call per draw) until the
    /// first volcano.
    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        let fig = cx
            .my_figures(DRAGON)
            .next()
            .ok_or_else(|| err("no dragon figure in the game"))?;
        cx.game_state_mut::<DragonState>()?.figure = u32::from(fig.0) + 1;
        cx.set_hook_enabled(self.move_hook(), false);
        // PD2: dragon tiles wait in the bag until the dragon is on the board.
        cx.hold_back_draws(cx.my_marker(DRAGON_TILE), true);
        Ok(())
    }

    /// PD3: a volcano brings the dragon onto it at once; nothing is eaten. A
    /// dragon tile placed while the dragon is on the board switches on the
    /// hook that moves it this turn (PD5; it switches itself off).
    fn tile_placed(&self, cx: &mut Cx<'_>, tile: TileIndex) -> HookResult {
        if cx.tile_has_marker(tile, cx.my_marker(VOLCANO)) {
            Self::erupt(cx, tile)?;
        }
        if cx.tile_has_marker(tile, cx.my_marker(DRAGON_TILE)) && Self::tile(cx)?.is_some() {
            cx.set_hook_enabled(self.move_hook(), true);
        }
        Ok(())
    }

    /// PD4: nothing is deployed on a feature of the dragon's tile.
    fn filter_figure_options(
        &self,
        v: &View<'_>,
        opts: &[FigureOption],
        keep: &mut [bool],
    ) -> HookResult {
        let Some(t) = Self::tile(v)? else {
            return Ok(());
        };
        veto(opts, keep, |o| match *o {
            FigureOption::Deploy {
                at: Location::Feature(f),
                ..
            } => v.feature_tile(f) == t,
            _ => false,
        });
        Ok(())
    }

    fn before_scoring(&self, cx: &mut Cx<'_>) -> HookResult {
        cx.set_hook_enabled(hook::BEFORE_SCORING, false);
        self.start_movement(cx)
    }

    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        cx.set_hook_enabled(hook::TURN_END, false);
        self.start_movement(cx)
    }

    fn step_options(&self, v: &View<'_>, step: Step, out: &mut Vec<u32>) -> HookResult {
        if step.tag != TAG_STEP {
            return Err(err("not a decision of this plugin"));
        }
        // The directions pushed with the decision (the core lists those
        // itself: this answers a step pushed without them).
        if step.among == 0 && Self::tile(v)?.is_none() {
            return Err(err("the dragon is not on the board"));
        }
        let options = self.step_directions(v, step)?;
        out.extend((0..4).filter(|d| options & 1 << d != 0));
        Ok(())
    }

    /// One step (PD6–PD8): move, eat, then the next step or the end. The
    /// state is read once and written once (the step made); the next
    /// step's directions, found from the tile entered, whose position is
    /// known, go with its decision; the log is asked about once.
    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        if step.tag != TAG_STEP || value > 3 {
            return Err(err("not a step of the dragon"));
        }
        let s = *cx.game_state::<DragonState>()?;
        let fig = Self::figure_of(&s)?;
        // Where it stands, in one query (its tile is not needed).
        let from = cx
            .figure_pos(fig)
            .ok_or_else(|| err("the dragon is not on the board"))?;
        if self.step_directions(cx, step)? & 1 << value == 0 {
            return Err(err("the dragon cannot go there"));
        }
        let to_pos = from.step(Side::from_index(value as usize));
        let to = cx
            .tile_at(to_pos)
            .ok_or_else(|| err("the dragon cannot go there"))?;
        if !cx.move_figure(fig, Location::Tile(to))? {
            return Err(err("the dragon could not move"));
        }
        let k = s.steps + 1;
        let mut now = DragonState { steps: k, ..s };
        if let Some(slot) = now.visited.get_mut(k as usize) {
            *slot = pack(to_pos);
        }
        let logging = cx.logging();
        if logging {
            *cx.game_state_mut::<DragonState>()? = now;
            let who = step.player;
            cx.log(format!(
                "{{P{who}}} sends the dragon {} to {to_pos} (step {k} of {STEPS}).",
                DIRECTION_NAMES[value as usize]
            ));
            self.eat_logged(cx, to)?;
        } else {
            self.eat(cx, to)?;
        }
        // The next step (PD6, PD7): from the tile entered, whose position is
        // known, if the dragon still stands there (the figures' hooks ran).
        if cx.figure_tile(fig) != Some(to) {
            *cx.game_state_mut::<DragonState>()? = now;
            return self.next_step(cx);
        }
        let options = if k < STEPS {
            self.directions_from(cx, &now, to, to_pos)?
        } else {
            0
        };
        if options != 0 {
            // One write: the step made; the next one's directions go with
            // its decision.
            *cx.game_state_mut::<DragonState>()? = now;
            let who = cx.current_player().offset(k, cx.players());
            cx.push_decision_among(who, TAG_STEP, k + 1, options as u16);
            return Ok(());
        }
        Self::push_step(cx, k, 0)
    }

    fn value_name(&self, what: NameCtx, value: u32) -> String {
        match what {
            NameCtx::Step(s) if s.tag == TAG_STEP => name_of(&DIRECTION_NAMES, value),
            _ => value.to_string(),
        }
    }

    /// `Move the dragon east`.
    fn value_label(&self, what: NameCtx, value: u32) -> String {
        match what {
            NameCtx::Step(s) if s.tag == TAG_STEP => DIRECTION_WORDS
                .get(value as usize)
                .map_or_else(String::new, |d| format!("Move the dragon {d}")),
            _ => String::new(),
        }
    }

    fn parse_value(&self, what: NameCtx, text: &str) -> Option<u32> {
        match what {
            NameCtx::Step(s) if s.tag == TAG_STEP => parse_name(&DIRECTION_NAMES, text),
            _ => None,
        }
    }

    fn describe_step(&self, step: Step) -> String {
        match step.tag {
            TAG_STEP => format!(
                "{{P{}}}: choose the dragon's step {} of {STEPS} (N, E, S or W)",
                step.player, step.arg
            ),
            t => format!("dragon: unknown step {t}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<Dragon>().unwrap();
    }

    #[test]
    fn directions_round_trip_through_their_names() {
        let d = Dragon::new(Options::default()).unwrap();
        let step = carcassonne_plugin_sdk::testing::step(TAG_STEP, 0);
        for v in 0..4 {
            let name = d.value_name(step, v);
            assert_eq!(name, DIRECTION_NAMES[v as usize]);
            assert_eq!(d.parse_value(step, &name), Some(v));
        }
        assert_eq!(d.parse_value(step, "up"), None);
        assert_eq!(d.parse_value(NameCtx::Special, "N"), None);
    }

    #[test]
    fn directions_have_labels_for_people() {
        let d = Dragon::new(Options::default()).unwrap();
        let step = carcassonne_plugin_sdk::testing::step(TAG_STEP, 0);
        assert_eq!(d.value_label(step, 1), "Move the dragon east");
        assert_eq!(d.value_label(step, 3), "Move the dragon west");
        assert_eq!(d.value_label(step, 9), "", "no such direction: no label");
    }

    #[test]
    fn subscriptions_follow_the_dragon_move_option() {
        let before = Dragon::new(Options::default()).unwrap();
        assert_eq!(before.subscriptions() & hook::TURN_END, 0);
        assert_ne!(before.subscriptions() & hook::BEFORE_SCORING, 0);
        let after = Dragon::new(Options {
            dragon_move: DragonMove::AfterScoring,
            ..Options::default()
        })
        .unwrap();
        assert_eq!(after.subscriptions() & hook::BEFORE_SCORING, 0);
        assert_ne!(after.subscriptions() & hook::TURN_END, 0);
    }
}
