//! The hook points through which plugins change the rules: the [`Hooks`] trait
//! the engine calls, generated from the hook table, and the contexts a hook
//! gets ([`View`], [`Cx`]).
//!
//! **The one table** ([`hook_table!`](crate::hook_table)) and the plain data
//! the hooks pass (steps, placements, figure options, scoring information,
//! points, the [`hook`] bits) belong to the vocabulary crate
//! (`carcassonne-vocab`) shared with the plugin interface and the SDK, and are
//! re-exported here. A new hook is one table entry plus its dispatch point in
//! the pipeline; see `ARCHITECTURE.md` for the pipeline in words.
//!
//! Any hook that receives a [`Cx`] may push *steps* — player decisions or chance
//! events — which the engine resolves, through [`Hooks::step_options`],
//! [`Hooks::step_outcomes`] and [`Hooks::resolve_step`], before the pipeline goes on.

use crate::game::Game;
use crate::types::*;
use std::fmt;

pub use carcassonne_vocab::hooks::{
    code_figure, hook, FigureOption, NameCtx, Outcome, Piece, PiecePlacement, Placement, Points,
    ScoreInfo, ScoreReason, Step, TileCount, ValueChange, CORE_OWNER, FIGURE_CODE,
    STEP_HIDDEN_TILE, STEP_PUBLIC_TILE,
};

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

/// The longest message, in characters, of a plugin's error or option problem
/// as the program keeps it ([`plugin_message`]).
pub const MAX_MESSAGE_CHARS: usize = 500;

/// A message a plugin gave (a hook's error or panic, an option problem, the
/// answer of `check_core` or `compose_tiles`) as the program keeps it: one
/// line (every character that breaks a line a space, as in
/// [`shown_note`](crate::observe::shown_note)), and of a longer one its
/// first [`MAX_MESSAGE_CHARS`] characters followed by `… (N more
/// characters)`: a plugin's error is printed once per failed game.
pub fn plugin_message(text: String) -> String {
    let long = text.len() > MAX_MESSAGE_CHARS && text.chars().count() > MAX_MESSAGE_CHARS;
    if !long && !text.chars().any(crate::observe::breaks_line) {
        return text;
    }
    let line = text.chars().map(|c| {
        if crate::observe::breaks_line(c) {
            ' '
        } else {
            c
        }
    });
    if !long {
        return line.collect();
    }
    let mut cut: String = line.take(MAX_MESSAGE_CHARS).collect();
    let more = text.chars().count() - MAX_MESSAGE_CHARS;
    let s = if more == 1 { "" } else { "s" };
    cut.push_str(&format!("… ({more} more character{s})"));
    cut
}

/// Result of a hook.
pub type HookResult = Result<(), HookError>;

/// Read-only access to the game for a plugin hook. The data it lends (a
/// plugin's state words, names) borrows the game for `'g`, the whole hook
/// call, not the `View` value.
#[derive(Clone, Copy)]
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

/// The context type of a table entry: `cx` read-write, `v` read-only.
#[doc(hidden)]
#[macro_export]
macro_rules! __hook_ctx {
    (cx) => { &mut $crate::Cx<'_> };
    (v) => { &$crate::View<'_> };
}

macro_rules! hooks_trait {
    ($( $(#[doc = $doc:literal])* $name:ident $bit:ident ($ctx:ident) {
        $($arg:ident : $kind:ident ($($cty:tt)*) => ($($aty:tt)*)),* $(,)?
    } [$($narrowing:tt)*] )*) => {
        /// The interface the engine calls, generated from [`hook_table!`](crate::hook_table).
        /// Plugins are immutable rules plus configuration: all mutable data lives in the
        /// game state (see [`Cx::state_words_mut`]).
        ///
        /// Every hook has a do-nothing default; [`Hooks::subscriptions`] says which are
        /// called at all. Implementations must not panic; the plugin framework turns a
        /// panic into a [`HookError`] and the engine restores the state.
        #[allow(unused_variables)]
        pub trait Hooks: Send + Sync {
            /// Hook bits (see [`hook`]) this plugin implements.
            fn subscriptions(&self) -> u64;
            $(
                $(#[doc = $doc])*
                fn $name(&self, ctx: $crate::__hook_ctx!($ctx), $($arg: $($cty)*),*) -> HookResult {
                    Ok(())
                }
            )*
            /// The cases in which a subscribed hook has nothing to do, as bits of
            /// [`narrow::bits`](crate::narrow::bits) (default: none): calls in those
            /// cases may be skipped ([`Game::narrowed_away`]).
            fn narrowing(&self) -> u64 {
                0
            }
            /// Checks the plugin's configuration against the core options when the rules
            /// are built (e.g. a rule that is undefined with some farmer variant); an
            /// `Err` is a ruleset error.
            fn check_core(&self, core: &crate::rules::CoreOptions) -> Result<(), String> {
                Ok(())
            }
            /// Build time, after `check_core`: the composed tile catalogue (the tile
            /// types of every tile set, their counts in the edition after the
            /// ruleset's `[tiles.counts]`, the start layout, markers). Push the
            /// copies a tile should have in the game (start copies included) to
            /// `counts` (a tile whose count `[tiles.counts]` sets keeps it), or
            /// refuse the composition with `Err` (a ruleset error). Every plugin
            /// sees the same catalogue; two plugins setting different counts of one
            /// tile is an error.
            fn compose_tiles(
                &self,
                tiles: &crate::tiles::TileCatalogue,
                counts: &mut Vec<TileCount>,
            ) -> Result<(), String> {
                Ok(())
            }
            /// Human and record name of a value (option or outcome code, or special code).
            fn value_name(&self, what: NameCtx, value: u32) -> String {
                value.to_string()
            }
            /// A person's label of a value (decision option, special figure-option
            /// code, piece), e.g. `Move the dragon east` for the record's `E`:
            /// what front ends show on a button, never parsed. It may contain
            /// player placeholders (`{P0}`, named by front ends as in
            /// [`Hooks::describe_step`]'s prompts) and the core's
            /// [`LABEL_PLACE`](crate::LABEL_PLACE) and
            /// [`LABEL_FIGURE`](crate::LABEL_FIGURE), which
            /// [`Game::action_label`] fills in. Default: empty, meaning "no label:
            /// show the record text".
            fn value_label(&self, what: NameCtx, value: u32) -> String {
                String::new()
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
    };
}

crate::hook_table!(hooks_trait);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plugin_message_is_one_line_and_cut_after_its_first_500_characters() {
        let check = |text: String, expect: &str| assert_eq!(plugin_message(text), expect);
        check("bad\nline\r\u{2028}end".into(), "bad line  end");
        let exactly = "é".repeat(MAX_MESSAGE_CHARS);
        check(exactly.clone(), &exactly);
        check(
            format!("{exactly}x"),
            &format!("{exactly}… (1 more character)"),
        );
        check(
            format!("{exactly}\n\nxy"),
            &format!("{exactly}… (4 more characters)"),
        );
        check(
            format!("\n{exactly}"),
            &format!(" {}… (1 more character)", "é".repeat(MAX_MESSAGE_CHARS - 1)),
        );
    }

    #[test]
    fn hook_errors_name_the_plugin_and_the_hook() {
        let e = HookError {
            plugin: "p".into(),
            hook: "points",
            message: "boom".into(),
        };
        assert_eq!(e.to_string(), "plugin `p` failed in hook `points`: boom");
    }
}
