//! Plugins that misbehave without failing, for the engine's guards (issue 26):
//!
//! * `kit-endless-turns` grants the current player a turn in every
//!   `game_ending`, so the game would never end (the turn cap ends it with an
//!   error naming the plugin).
//! * `kit-bad-options` offers a figure option the engine must refuse (option
//!   `offer`): a `Special` of a plugin that does not exist (`special-of-nobody`),
//!   a `Deploy` of a figure kind that does not exist (`unknown-kind`), of a
//!   kind the player has none of (`empty-supply`), or on a feature that does
//!   not exist (`nowhere`).
//! * `kit-recursive` scores again, in its `feature_scored` hook, the feature
//!   it hears scored: a change that calls the hook again without end (the
//!   nesting cap ends it with an error naming the plugin); with `again = 2`
//!   twice, ignoring the errors.
//! * `kit-endless-steps` pushes a step in `turn_end` and another whenever
//!   one is resolved (option `kind`: `chance` or `decision`), so the turn
//!   would never end (the step cap ends it).
//! * `kit-unsteady` scores a point at every other tile placed in the process,
//!   whatever the game: the same action applied to two copies of a game gives
//!   different scores (the conformance kit's determinism check).

use carcassonne_plugin_sdk::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// Grants a turn in every `game_ending`.
pub struct EndlessTurns;

#[plugin]
impl Plugin for EndlessTurns {
    type Config = NoOptions;
    const ID: &'static str = "kit-endless-turns";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: grants a turn whenever the game ends";

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(EndlessTurns)
    }

    fn game_ending(&self, cx: &mut Cx<'_>) -> HookResult {
        let me = cx.current_player();
        cx.grant_turn(me);
        Ok(())
    }
}

/// Options of `kit-recursive`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct RecursiveConfig {
    /// How many times a call scores the feature again; past the first, each
    /// ignores the error of the one before.
    pub again: u32,
}

impl Default for RecursiveConfig {
    fn default() -> Self {
        RecursiveConfig { again: 1 }
    }
}

impl Config for RecursiveConfig {
    const DOCS: &'static [(&'static str, &'static str)] = &[(
        "again",
        "How many times a call scores the feature again; past the first, each ignores the error of the one before.",
    )];
}

/// Scores again the feature it hears scored.
pub struct Recursive {
    again: u32,
}

/// `feature_scored` calls of `kit-recursive` with `again` above 1, in this
/// process (compiled in: a library has its own).
pub static FANNED_CALLS: AtomicU64 = AtomicU64::new(0);

#[plugin]
impl Plugin for Recursive {
    type Config = RecursiveConfig;
    const ID: &'static str = "kit-recursive";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "test plugin: scores again, in its feature_scored hook, the feature scored";

    fn new(o: RecursiveConfig) -> Result<Self, ConfigError> {
        Ok(Recursive { again: o.again })
    }

    fn feature_scored(&self, cx: &mut Cx<'_>, info: &ScoreInfo<'_>, _: &Points) -> HookResult {
        if self.again > 1 {
            FANNED_CALLS.fetch_add(1, Ordering::Relaxed);
            for _ in 0..self.again {
                let _ = cx.score_feature(info.feature, ScoreReason::Completed);
            }
            return Ok(());
        }
        cx.score_feature(info.feature, ScoreReason::Completed)?;
        Ok(())
    }
}

/// Options of `kit-endless-steps`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct EndlessStepsConfig {
    /// The steps it pushes: `chance` or `decision`.
    pub kind: String,
}

impl Default for EndlessStepsConfig {
    fn default() -> Self {
        EndlessStepsConfig {
            kind: "chance".into(),
        }
    }
}

impl Config for EndlessStepsConfig {
    const DOCS: &'static [(&'static str, &'static str)] = &[(
        "kind",
        "The steps it pushes: `chance` (chance events) or `decision` (the current player's decisions).",
    )];
}

/// Pushes a step whenever one of its steps is resolved.
pub struct EndlessSteps {
    chance: bool,
}

impl EndlessSteps {
    fn push(&self, cx: &mut Cx<'_>) {
        if self.chance {
            cx.push_chance(1, 0);
        } else {
            let me = cx.current_player();
            cx.push_decision(me, 1, 0);
        }
    }
}

#[plugin]
impl Plugin for EndlessSteps {
    type Config = EndlessStepsConfig;
    const ID: &'static str = "kit-endless-steps";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "test plugin: pushes a step whenever one of its steps is resolved";

    fn new(o: EndlessStepsConfig) -> Result<Self, ConfigError> {
        match o.kind.as_str() {
            "chance" => Ok(EndlessSteps { chance: true }),
            "decision" => Ok(EndlessSteps { chance: false }),
            other => Err(ConfigError::key("kind", format!("unknown `{other}`"))),
        }
    }

    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        self.push(cx);
        Ok(())
    }

    fn step_options(&self, _: &View<'_>, _: Step, out: &mut Vec<u32>) -> HookResult {
        out.push(0);
        Ok(())
    }

    fn step_outcomes(&self, _: &View<'_>, _: Step, out: &mut Vec<Outcome>) -> HookResult {
        out.push(Outcome { code: 0, weight: 1 });
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, _: Step, _: u32) -> HookResult {
        self.push(cx);
        Ok(())
    }
}

/// Options of `kit-bad-options`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct BadOptionsConfig {
    /// Which bad option it offers.
    pub offer: String,
}

impl Default for BadOptionsConfig {
    fn default() -> Self {
        BadOptionsConfig {
            offer: "special-of-nobody".into(),
        }
    }
}

impl Config for BadOptionsConfig {
    const DOCS: &'static [(&'static str, &'static str)] = &[(
        "offer",
        "The bad option offered: `special-of-nobody`, `unknown-kind`, `empty-supply` or `nowhere`.",
    )];
}

/// Offers one bad figure option in every figure step.
pub struct BadOptions {
    offer: FigureOption,
}

#[plugin]
impl Plugin for BadOptions {
    type Config = BadOptionsConfig;
    const ID: &'static str = "kit-bad-options";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: offers a figure option that cannot be taken";
    /// A neutral figure: no player has one in his supply.
    const FIGURES: &'static [FigureSpec] = &[FigureSpec::neutral("ghost", 1)];

    fn new(o: BadOptionsConfig) -> Result<Self, ConfigError> {
        let offer = match o.offer.as_str() {
            "special-of-nobody" => FigureOption::Special {
                plugin: 200,
                code: 1,
            },
            // Kind ids past every kind of the game.
            "unknown-kind" => FigureOption::Deploy {
                kind: FigureKindId(250),
                at: Location::Feature(FeatureId(0)),
            },
            // Filled in per call: this plugin's own kind, of which no player has any.
            "empty-supply" => FigureOption::Pass,
            "nowhere" => FigureOption::Deploy {
                kind: FigureKindId(0),
                at: Location::Feature(FeatureId(60_000)),
            },
            other => return Err(ConfigError::key("offer", format!("unknown `{other}`"))),
        };
        Ok(BadOptions { offer })
    }

    fn figure_options(&self, v: &View<'_>, opts: &mut Vec<FigureOption>) -> HookResult {
        let offer = match self.offer {
            FigureOption::Pass => FigureOption::Deploy {
                kind: v.my_figure(0),
                at: Location::Feature(FeatureId(0)),
            },
            o => o,
        };
        opts.push(offer);
        Ok(())
    }
}

/// Scores a point for the current player at every other tile placed in the
/// process (a counter outside the game state).
pub struct Unsteady;

/// Tiles placed in games of `kit-unsteady`, in this process.
static PLACED: AtomicU64 = AtomicU64::new(0);

#[plugin]
impl Plugin for Unsteady {
    type Config = NoOptions;
    const ID: &'static str = "kit-unsteady";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "test plugin: scores by a counter outside the game state (not deterministic)";

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(Unsteady)
    }

    fn tile_placed(&self, cx: &mut Cx<'_>, _tile: TileIndex) -> HookResult {
        if PLACED.fetch_add(1, Ordering::Relaxed) % 2 == 1 {
            let me = cx.current_player();
            cx.add_score(me, 1);
        }
        Ok(())
    }
}

/// Options of `kit-bad-ranges`: bounds declared wrongly.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct BadRangesConfig {
    /// A whole number whose default is out of its declared bounds.
    pub count: i64,
    /// A word, given bounds.
    pub mode: String,
    /// A whole number whose declared bounds take no value.
    pub level: i64,
}

impl Default for BadRangesConfig {
    fn default() -> Self {
        BadRangesConfig {
            count: 9,
            mode: "a".into(),
            level: 1,
        }
    }
}

impl Config for BadRangesConfig {
    const DOCS: &'static [(&'static str, &'static str)] = &[
        ("count", "Out of its bounds by default."),
        ("mode", "A word."),
        ("level", "Bounds the wrong way round."),
    ];
    const RANGES: &'static [(&'static str, i64, i64)] = &[
        ("count", 1, 3),
        ("mode", 0, 1),
        ("level", 5, 1),
        ("no-such-key", 0, 1),
    ];
}

/// Declares wrong bounds for its options ([`Config::RANGES`]): the
/// declaration check (`check_plugin`) names each.
pub struct BadRanges;

#[plugin]
impl Plugin for BadRanges {
    type Config = BadRangesConfig;
    const ID: &'static str = "kit-bad-ranges";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: declares wrong bounds for its options";

    fn new(_: BadRangesConfig) -> Result<Self, ConfigError> {
        Ok(BadRanges)
    }
}
