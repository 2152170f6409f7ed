//! The hook points through which plugins change the rules.
//!
//! The turn pipeline, in order (see `ARCHITECTURE.md`):
//!
//! 1. [`Hooks::setup`] — once, when a game is created.
//! 2. Tile drawn (chance) → [`Hooks::tile_drawn`].
//! 3. [`Hooks::filter_placements`] while legal placements are generated.
//! 4. Tile placed → [`Hooks::features_merged`] for every union, then [`Hooks::tile_placed`].
//! 5. [`Hooks::before_figure`] — plugin decisions that come before the figure step.
//! 6. [`Hooks::figure_options`] → the player's figure decision → [`Hooks::figure_chosen`].
//! 7. [`Hooks::after_figure`] — plugin decisions after the figure step.
//! 8. Features completed by the tile are scored: [`Hooks::majority`], [`Hooks::points`],
//!    then [`Hooks::feature_scored`]; figures return.
//! 9. [`Hooks::field_closed`] for every field the tile closed.
//! 10. [`Hooks::turn_end`].
//! 11. At the end: core final scoring (each feature through 8), then [`Hooks::final_scoring`].
//!
//! Whenever a figure goes back to its owner's supply — its feature scored, or a
//! plugin's rule sent it home — [`Hooks::figure_returned`] tells every subscriber.
//!
//! Any hook that receives a [`Cx`] may push *steps* — player decisions or chance
//! events — which the engine resolves, through [`Hooks::step_options`],
//! [`Hooks::step_outcomes`] and [`Hooks::resolve_step`], before the pipeline goes on.

use crate::game::Game;
use crate::types::*;
use std::fmt;

/// Hook subscription bits: a plugin is called only for the hooks it subscribes to.
pub mod hook {
    /// [`super::Hooks::setup`]
    pub const SETUP: u32 = 1 << 0;
    /// [`super::Hooks::tile_drawn`]
    pub const TILE_DRAWN: u32 = 1 << 1;
    /// [`super::Hooks::filter_placements`]
    pub const FILTER_PLACEMENTS: u32 = 1 << 2;
    /// [`super::Hooks::tile_placed`]
    pub const TILE_PLACED: u32 = 1 << 3;
    /// [`super::Hooks::features_merged`]
    pub const FEATURES_MERGED: u32 = 1 << 4;
    /// [`super::Hooks::before_figure`]
    pub const BEFORE_FIGURE: u32 = 1 << 5;
    /// [`super::Hooks::figure_options`]
    pub const FIGURE_OPTIONS: u32 = 1 << 6;
    /// [`super::Hooks::figure_chosen`]
    pub const FIGURE_CHOSEN: u32 = 1 << 7;
    /// [`super::Hooks::after_figure`]
    pub const AFTER_FIGURE: u32 = 1 << 8;
    /// [`super::Hooks::majority`]
    pub const MAJORITY: u32 = 1 << 9;
    /// [`super::Hooks::points`]
    pub const POINTS: u32 = 1 << 10;
    /// [`super::Hooks::feature_scored`]
    pub const FEATURE_SCORED: u32 = 1 << 11;
    /// [`super::Hooks::field_closed`]
    pub const FIELD_CLOSED: u32 = 1 << 12;
    /// [`super::Hooks::turn_end`]
    pub const TURN_END: u32 = 1 << 13;
    /// [`super::Hooks::final_scoring`]
    pub const FINAL_SCORING: u32 = 1 << 14;
    /// [`super::Hooks::figure_returned`]
    pub const FIGURE_RETURNED: u32 = 1 << 15;
    /// Every hook.
    pub const ALL: u32 = (1 << 16) - 1;

    /// Names of the bits, in order.
    pub const NAMES: [&str; 16] = [
        "setup",
        "tile_drawn",
        "filter_placements",
        "tile_placed",
        "features_merged",
        "before_figure",
        "figure_options",
        "figure_chosen",
        "after_figure",
        "majority",
        "points",
        "feature_scored",
        "field_closed",
        "turn_end",
        "final_scoring",
        "figure_returned",
    ];
}

/// Owner value of steps that the core itself pushes.
pub const CORE_OWNER: u8 = u8::MAX;

/// Tag of the core step "take a tile face down from the bag" (a chance event).
pub const STEP_HIDDEN_TILE: u16 = 1;

/// A pending decision or chance event, pushed by a hook and resolved by the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// Plugin index that resolves it, or [`CORE_OWNER`].
    pub owner: u8,
    /// Owner-defined kind.
    pub tag: u16,
    /// Whether it is a chance event (else a decision of `player`).
    pub chance: bool,
    /// Who decides (decisions).
    pub player: PlayerId,
    /// Owner-defined argument (e.g. a feature id).
    pub arg: u32,
}

/// A candidate tile placement.
///
/// `repr(C)`: plugin hooks receive slices of placements without copying.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    /// Where.
    pub pos: Pos,
    /// Clockwise quarter turns.
    pub rot: Rotation,
}

/// An option of the figure step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FigureOption {
    /// Deploy nothing.
    Pass,
    /// Deploy a figure of `kind` from the player's supply on feature `feature`
    /// (local index) of the tile just placed. The core places it; plugins are told.
    Deploy {
        /// Figure kind.
        kind: FigureKindId,
        /// Local feature index on the placed tile.
        feature: u8,
    },
    /// A plugin-defined option (e.g. take the abbot back); the plugin carries it out.
    Special {
        /// Plugin index.
        plugin: u8,
        /// Plugin-defined code.
        code: u32,
    },
}

/// Why a feature is being scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreReason {
    /// Completed during the game, in the scoring step.
    Completed,
    /// Incomplete at game end (final scoring).
    Final,
    /// Scored early as if at game end, by a plugin (e.g. an abbot taken back).
    Early,
}

/// What a scoring hook sees about the feature being scored.
#[derive(Clone, Copy, Debug)]
pub struct ScoreInfo {
    /// Root feature id.
    pub feature: FeatureId,
    /// Its kind.
    pub kind: FeatureKind,
    /// Why it is scored.
    pub reason: ScoreReason,
    /// Distinct tiles in the feature.
    pub tiles: u32,
    /// Pennants in the feature.
    pub pennants: u32,
    /// Whether it is complete (centre features: surrounded).
    pub complete: bool,
}

/// What the majority hook sees.
#[derive(Clone, Copy, Debug)]
pub struct MajorityInfo<'a> {
    /// Kind of what is scored (fields for farmers).
    pub kind: FeatureKind,
    /// Root feature being scored (for per-city farmer scoring: the city).
    pub feature: FeatureId,
    /// Why it is scored.
    pub reason: ScoreReason,
    /// Every figure taking part (with strength > 0).
    pub figures: &'a [FigureId],
    /// Summed strength per player.
    pub strength: &'a [u8; MAX_PLAYERS],
}

/// A plugin hook failed (its code panicked or reported an error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HookError {
    /// Plugin id.
    pub plugin: String,
    /// Which hook.
    pub hook: &'static str,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for HookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "plugin `{}` failed in hook `{}`: {}",
            self.plugin, self.hook, self.message
        )
    }
}

impl std::error::Error for HookError {}

/// Result of a hook.
pub type HookResult = Result<(), HookError>;

/// What a name or parse request is about.
#[derive(Clone, Copy, Debug)]
pub enum NameCtx {
    /// A value of a pending step: an option code (decision) or outcome code (chance).
    Step(Step),
    /// A [`FigureOption::Special`] code.
    Special,
}

/// Read-only access to the game for a plugin hook.
pub struct View<'g> {
    /// The game.
    pub game: &'g Game,
    /// Index of the plugin being called.
    pub plugin: u8,
}

/// Read-write access to the game for a plugin hook.
pub struct Cx<'g> {
    /// The game.
    pub game: &'g mut Game,
    /// Index of the plugin being called.
    pub plugin: u8,
}

/// The interface the engine calls. Plugins are immutable rules plus configuration:
/// all mutable data lives in the game state (see [`Cx::state_mut`]).
///
/// Every method has a do-nothing default; [`Hooks::subscriptions`] says which are
/// called at all. Implementations must not panic; the plugin framework turns a
/// panic into a [`HookError`] and the engine restores the state.
#[allow(unused_variables)]
pub trait Hooks: Send + Sync {
    /// Hook bits (see [`hook`]) this plugin implements.
    fn subscriptions(&self) -> u32;
    /// Game setup: initialise plugin state.
    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        Ok(())
    }
    /// A tile was drawn and can be placed.
    fn tile_drawn(&self, cx: &mut Cx<'_>, tile: TileTypeId) -> HookResult {
        Ok(())
    }
    /// Remove candidate placements the plugin forbids (`keep[i] = false`).
    fn filter_placements(
        &self,
        v: &View<'_>,
        tile: TileTypeId,
        cands: &[Placement],
        keep: &mut [bool],
    ) -> HookResult {
        Ok(())
    }
    /// Two features were joined; `absorbed` is no longer a root. Merge per-feature data here.
    fn features_merged(&self, cx: &mut Cx<'_>, kept: FeatureId, absorbed: FeatureId) -> HookResult {
        Ok(())
    }
    /// A tile was placed (after all merges).
    fn tile_placed(&self, cx: &mut Cx<'_>, tile: TileIndex) -> HookResult {
        Ok(())
    }
    /// Before the figure step: push decisions that come first.
    fn before_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        Ok(())
    }
    /// Add (or remove) figure-step options. Options are kept in canonical order by the core.
    fn figure_options(&self, v: &View<'_>, opts: &mut Vec<FigureOption>) -> HookResult {
        Ok(())
    }
    /// The figure step was resolved with `opt` (the core already deployed a `Deploy`;
    /// a `Special` of this plugin is carried out here).
    fn figure_chosen(&self, cx: &mut Cx<'_>, opt: FigureOption) -> HookResult {
        Ok(())
    }
    /// After the figure step: push decisions that come after it.
    fn after_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        Ok(())
    }
    /// Options of a decision step this plugin pushed, as codes in canonical order.
    fn step_options(&self, v: &View<'_>, step: Step, out: &mut Vec<u32>) -> HookResult {
        Ok(())
    }
    /// Outcomes of a chance step this plugin pushed, as `(code, weight)`.
    fn step_outcomes(&self, v: &View<'_>, step: Step, out: &mut Vec<(u32, u32)>) -> HookResult {
        Ok(())
    }
    /// Carry out a step this plugin pushed with the chosen option or drawn outcome.
    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        Ok(())
    }
    /// Refine the winners of a majority (they start as the players with most strength).
    fn majority(
        &self,
        v: &View<'_>,
        info: &MajorityInfo<'_>,
        winners: &mut PlayerSet,
    ) -> HookResult {
        Ok(())
    }
    /// Adjust the points each winner gets for a feature.
    fn points(&self, v: &View<'_>, info: &ScoreInfo, points: &mut i32) -> HookResult {
        Ok(())
    }
    /// A feature was scored (before its figures return).
    fn feature_scored(
        &self,
        cx: &mut Cx<'_>,
        info: &ScoreInfo,
        winners: PlayerSet,
        points: i32,
    ) -> HookResult {
        Ok(())
    }
    /// A field can no longer grow (closed by this turn's tile, or born closed).
    fn field_closed(&self, cx: &mut Cx<'_>, field: FeatureId) -> HookResult {
        Ok(())
    }
    /// The turn is ending.
    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        Ok(())
    }
    /// Final scoring, after the core has scored every feature and the farmers.
    fn final_scoring(&self, cx: &mut Cx<'_>) -> HookResult {
        Ok(())
    }
    /// Figure `fig` went back to its owner's supply from feature instance `feature`
    /// (its feature was scored, or a plugin sent it home: a wolf, a dragon, ...).
    /// Plugins keeping data about a figure release it here.
    fn figure_returned(&self, cx: &mut Cx<'_>, fig: FigureId, feature: FeatureId) -> HookResult {
        Ok(())
    }
    /// Human and record name of a value (option or outcome code, or special code).
    fn value_name(&self, what: NameCtx, value: u32) -> String {
        value.to_string()
    }
    /// Inverse of [`Hooks::value_name`].
    fn parse_value(&self, what: NameCtx, text: &str) -> Option<u32> {
        text.parse().ok()
    }
    /// A short description of a pending step, for logs and prompts.
    fn describe_step(&self, step: Step) -> String {
        format!("step {}", step.tag)
    }
}
