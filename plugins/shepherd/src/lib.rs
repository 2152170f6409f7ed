//! # The `shepherd` plugin (Hills & Sheep): shepherds, sheep and wolves
//!
//! Rulings S1–S9 of `RULES.md`; the player-facing description, with the source
//! of every rule, is `docs/plugins/shepherd.md`.
//!
//! * **Figure** `shepherd` (one per player, strength 0, does not occupy, not
//!   returned by feature scoring, on fields, one per field): the core offers it
//!   on the placed tile's field segments whose field holds no shepherd (S2),
//!   deploys it and keeps it out of every majority (S9). Its location is the
//!   core's figure location, so fields that join also join their flocks (S7)
//!   with no bookkeeping here.
//! * **State** (typed, [`Bag`], [`Shepherds`] and [`FlockWord`]). Per game: the
//!   bag, as counts of the five token kinds ([`BAG_AT_SETUP`]). Per player:
//!   where his shepherds stand, so "does this field hold a shepherd?" and "does
//!   the placed tile extend his flock's field?" are a few look-ups, without a
//!   search over the board's figures and without following every join of
//!   features (the plugin has no `features_merged`). Per feature instance: the
//!   tokens of the shepherd standing on that instance (a field instance holds at
//!   most one shepherd, because a shepherd is only deployed on a field without
//!   one) and the turn he was deployed ([`FlockWord`]); tokens stay with the
//!   shepherd that drew them (S7).
//! * **Steps.** A token draw is a chance step whose outcomes are the token kinds
//!   in the bag weighted by their counts (`sheep-1` … `sheep-4`, `wolf`); the
//!   flock choice is a decision with the options `grow` and `herd`.
//!
//! The decision and payment logic works for any number of shepherds per player:
//! one decision per field per turn for the active player, one payment per player
//! with a shepherd on the herded field.

use carcassonne_plugin_sdk::names::{name_of, parse_name};
use carcassonne_plugin_sdk::prelude::*;

/// Number of token kinds: `sheep-1`, `sheep-2`, `sheep-3`, `sheep-4`, `wolf`.
pub const TOKEN_KINDS: usize = 5;

/// Token kind (outcome code) of the wolf; kinds `0..4` are sheep tokens showing `kind + 1` sheep.
pub const WOLF: u32 = 4;

/// The bag at setup (S1): 4×1, 5×2, 5×3, 2×4 sheep and 2 wolves, by token kind.
pub const BAG_AT_SETUP: [u32; TOKEN_KINDS] = [4, 5, 5, 2, 2];

/// Tokens in the game: bag + every shepherd's tokens, at every step.
pub const TOKENS: u32 = 18;

/// Names of the token kinds, which are the chance outcome names in records and fixtures.
pub const TOKEN_NAMES: [&str; TOKEN_KINDS] = ["sheep-1", "sheep-2", "sheep-3", "sheep-4", "wolf"];

/// Decision option: draw a token for the flock (S3).
pub const GROW: u32 = 0;
/// Decision option: score the flock (S3, S6).
pub const HERD: u32 = 1;

/// Names of the decision options.
pub const CHOICE_NAMES: [&str; 2] = ["grow", "herd"];

/// The flock choice in the labels people see, in the order of [`CHOICE_NAMES`].
pub const CHOICE_LABELS: [&str; 2] = [
    "Let the flock grow (draw a token)",
    "Herd the flock (score it)",
];

/// Chance step: the draw of a newly deployed shepherd; `arg` = his feature instance.
const TAG_DEPLOY_DRAW: u16 = 1;
/// Decision step: grow or herd; `arg` = [`pack_field`] of the field on the placed tile.
const TAG_FLOCK: u16 = 2;
/// Chance step: the draw of a growing flock; `arg` = the drawing shepherd's feature instance.
const TAG_GROW_DRAW: u16 = 3;

mod flock;
mod state;

use state::*;
pub use state::{tokens_in_play, Bag, FlockWord, Shepherds};

/// When the grow-or-herd choice comes (S4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum FlockAction {
    /// After the follower step (English and Dutch rules; default).
    #[default]
    AfterFollower,
    /// Before the follower step (Portuguese rules): a shepherd chased home by a
    /// wolf, or home from herding, may be deployed again in the same turn.
    BeforeFollower,
}

/// The plugin's options (`[plugins.shepherd]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// When the grow-or-herd choice comes.
    pub flock_action: FlockAction,
    /// Shepherds each player has (S1: 1; more is a house rule).
    pub shepherds_per_player: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            flock_action: FlockAction::default(),
            shepherds_per_player: 1,
        }
    }
}

impl Config for Options {
    const RANGES: &'static [(&'static str, i64, i64)] = &[("shepherds-per-player", 1, 3)];
    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "flock-action",
            "When the grow-or-herd choice comes (S4): \"after-follower\" (English and Dutch rules) \
             or \"before-follower\" (Portuguese rules).",
        ),
        (
            "shepherds-per-player",
            "Shepherds each player has: 1 (S1); more is a house rule.",
        ),
    ];
}

/// The plugin: shepherds, the bag of sheep and wolves, grow and herd.
pub struct Shepherd {
    flock_action: FlockAction,
    shepherds: u8,
}

pub(crate) fn err(what: &str) -> Error {
    Error::new(format!("shepherd: {what}"))
}

#[plugin]
impl Plugin for Shepherd {
    type Config = Options;
    const ID: &'static str = "shepherd";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "Hills & Sheep: shepherds grow flocks of sheep on fields and herd them for points; beware the wolf";
    /// S2: the core offers the shepherd on every field segment of the placed tile
    /// whose field holds no shepherd, anyone's (one per feature); farmers do not
    /// matter, not even when they are off.
    const FIGURES: &'static [FigureSpec] = &[FigureSpec::special("shepherd", 1)
        .stands_on(FeatureKinds::of(&[FeatureKind::Field]))
        .offered(true)
        .one_per_feature(true)];
    const STATE: StateSpec = StateSpec::NONE
        .game::<Bag>()
        .player::<Shepherds>()
        .feature::<FlockWord>();

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(Shepherd {
            flock_action: options.flock_action,
            shepherds: options.shepherds_per_player,
        })
    }

    fn figure_count(&self, _i: usize) -> u8 {
        self.shepherds
    }

    fn subscriptions(&self) -> u64 {
        let all = carcassonne_plugin_sdk::hooks_of::<Self>();
        match self.flock_action {
            FlockAction::AfterFollower => all & !hook::BEFORE_FIGURE,
            FlockAction::BeforeFollower => all & !hook::AFTER_FIGURE,
        }
    }

    /// Its `figure_chosen` only follows a shepherd's deployment, its flock step
    /// only looks at fields holding a shepherd of the active player that the
    /// placed tile extends, and its `figure_returned` only follows shepherds:
    /// the host skips the other calls.
    fn narrowing(&self) -> u64 {
        narrow::CHOSEN_MINE | narrow::FIGURE_STEP_EXTENDS_MINE | narrow::RETURNED_MINE
    }

    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        cx.game_state_mut::<Bag>()?.counts = BAG_AT_SETUP;
        Ok(())
    }

    fn before_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        self.push_flock_decisions(cx)
    }

    fn figure_chosen(&self, cx: &mut Cx<'_>, opt: FigureOption) -> HookResult {
        let Some(at) = cx.my_deploy(opt, 0) else {
            return Ok(());
        };
        let f = at
            .feature()
            .ok_or_else(|| err("a shepherd stands on a field"))?;
        let turn = cx.turn();
        set_flock_word(cx, f, FlockWord::deployed(turn))?;
        let me = cx.current_player();
        if !cx.player_state_mut::<Shepherds>(me)?.add(f) {
            return Err(err("more shepherds on the board than a player has"));
        }
        cx.push_chance(TAG_DEPLOY_DRAW, u32::from(f));
        Ok(())
    }

    fn after_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        self.push_flock_decisions(cx)
    }

    fn step_options(&self, _v: &View<'_>, step: Step, out: &mut Vec<u32>) -> HookResult {
        if step.tag != TAG_FLOCK {
            return Err(err("not a decision of this plugin"));
        }
        out.extend([GROW, HERD]);
        Ok(())
    }

    fn step_outcomes(&self, v: &View<'_>, step: Step, out: &mut Vec<Outcome>) -> HookResult {
        if step.tag != TAG_DEPLOY_DRAW && step.tag != TAG_GROW_DRAW {
            return Err(err("not a chance event of this plugin"));
        }
        let b = bag(v)?;
        out.extend(
            (0..TOKEN_KINDS as u32)
                .zip(b)
                .filter(|&(_, n)| n > 0)
                .map(|(code, weight)| Outcome { code, weight }),
        );
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        match step.tag {
            TAG_DEPLOY_DRAW if (value as usize) < TOKEN_KINDS => {
                let f = FeatureId::try_from(step.arg).map_err(|_| err("bad step"))?;
                Self::resolve_deploy_draw(cx, f, value)
            }
            TAG_GROW_DRAW if (value as usize) < TOKEN_KINDS => {
                let f = FeatureId::try_from(step.arg).map_err(|_| err("bad step"))?;
                Self::resolve_grow_draw(cx, f, step.player, value)
            }
            TAG_FLOCK => {
                let (local, _) = unpack_field(step.arg);
                let t = cx.last_placed().ok_or_else(|| err("no placed tile"))?;
                let root = cx.find(cx.feature_of(t, local));
                let me = step.player;
                match value {
                    GROW => {
                        // The token goes to the deciding player's shepherd (his first one
                        // on the field if he has several).
                        let f = player_shepherd_in(cx, me, root)?
                            .ok_or_else(|| err("no shepherd of the player on the field"))?;
                        cx.push_chance(TAG_GROW_DRAW, u32::from(f));
                        Ok(())
                    }
                    HERD => Self::herd(cx, root, Some(me)),
                    _ => Err(err("not an option of the flock decision")),
                }
            }
            _ => Err(err("unknown step or value")),
        }
    }

    /// A shepherd sent home by another plugin's rule (X2: a dragon eats him) takes
    /// only his own tokens back to the bag; the other shepherds of the field keep
    /// theirs. The plugin's own herding and wolves clear the flock before sending
    /// the shepherd home, so this finds nothing to do for them.
    fn figure_returned(&self, cx: &mut Cx<'_>, fig: FigureId, from: Location) -> HookResult {
        let Some(feature) = from.feature() else {
            return Ok(());
        };
        if cx.figure_kind(fig) != cx.my_figure(0) {
            return Ok(());
        }
        // However he went home (herded, a wolf, another plugin's rule).
        if let Some(p) = cx.figure_owner(fig) {
            cx.player_state_mut::<Shepherds>(p)?.remove(feature);
        }
        let w = flock_word(cx, feature);
        if w.0 == 0 {
            return Ok(());
        }
        let bag = &mut cx.game_state_mut::<Bag>()?.counts;
        for (k, b) in bag.iter_mut().enumerate().take(4) {
            *b += w.count(k);
        }
        set_flock_word(cx, feature, FlockWord(0))?;
        if cx.logging() {
            let who = cx.figure_owner(fig).unwrap_or_default();
            cx.log(format!(
                "{{P{who}}}'s shepherd is sent home: his {} sheep go back into the bag.",
                w.sheep()
            ));
        }
        Ok(())
    }

    /// The sheep on a shepherd's tokens, public as on the table ("3 sheep"); no
    /// note before his first token.
    fn figure_note(&self, v: &View<'_>, fig: FigureId, out: &mut String) -> HookResult {
        if v.figure_kind(fig) != v.my_figure(0) {
            return Ok(());
        }
        let Some(feature) = v.figure_feature(fig) else {
            return Ok(());
        };
        let w = flock_word(v, feature);
        if w.tokens() > 0 {
            let n = w.sheep();
            out.push_str(&format!("{n} sheep"));
        }
        Ok(())
    }

    /// S8: a field that can no longer grow is herded at once, whoever closed it
    /// (after the active player's own choice, which comes in an earlier stage).
    fn field_closed(&self, cx: &mut Cx<'_>, field: FeatureId) -> HookResult {
        let root = cx.find(field);
        if !shepherd_roots(cx)?.contains(root) {
            return Ok(());
        }
        Self::herd(cx, root, None)
    }

    fn value_name(&self, what: NameCtx, value: u32) -> String {
        let names: &[&str] = match what {
            NameCtx::Step(s) if s.tag == TAG_FLOCK => &CHOICE_NAMES,
            NameCtx::Step(s) if s.tag == TAG_DEPLOY_DRAW || s.tag == TAG_GROW_DRAW => &TOKEN_NAMES,
            _ => &[],
        };
        name_of(names, value)
    }

    /// `Let the flock grow`, `Herd the flock` (the draws are chance: no label).
    fn value_label(&self, what: NameCtx, value: u32) -> String {
        match what {
            NameCtx::Step(s) if s.tag == TAG_FLOCK => CHOICE_LABELS
                .get(value as usize)
                .map_or_else(String::new, |l| (*l).to_string()),
            _ => String::new(),
        }
    }

    fn parse_value(&self, what: NameCtx, text: &str) -> Option<u32> {
        let names: &[&str] = match what {
            NameCtx::Step(s) if s.tag == TAG_FLOCK => &CHOICE_NAMES,
            NameCtx::Step(s) if s.tag == TAG_DEPLOY_DRAW || s.tag == TAG_GROW_DRAW => &TOKEN_NAMES,
            _ => return None,
        };
        parse_name(names, text)
    }

    fn describe_step(&self, step: Step) -> String {
        let who = step.player;
        match step.tag {
            TAG_FLOCK => {
                let (_, pos) = unpack_field(step.arg);
                format!("{{P{who}}}: grow or herd the flock on the field at {pos}")
            }
            TAG_DEPLOY_DRAW => {
                format!("{{P{who}}}: draw a token from the bag for the new shepherd")
            }
            TAG_GROW_DRAW => format!("{{P{who}}}: draw a token from the bag to grow the flock"),
            t => format!("shepherd step {t}"),
        }
    }
}

#[cfg(test)]
mod tests;
