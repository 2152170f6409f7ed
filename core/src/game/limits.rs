//! The engine's guards against plugins that misbehave without failing: turns
//! granted without end ([`Rules::max_turns`]), hooks whose changes call hooks
//! again without end ([`MAX_HOOK_DEPTH`](crate::rules::MAX_HOOK_DEPTH): the depth is kept here, the host's
//! adapter refuses a change past it), and steps whose resolution pushes
//! steps without end ([`MAX_STEPS_PER_TURN`]). Each ends the game with an
//! error naming the plugin; [`Game::apply`] restores the state it failed in.

use super::*;
use crate::rules::MAX_STEPS_PER_TURN;

impl Game {
    /// The id of plugin `plugin` (an index), or `?`.
    fn plugin_id(&self, plugin: u8) -> String {
        self.rules
            .plugins
            .get(usize::from(plugin))
            .map_or_else(|| "?".into(), |p| p.decl.id.clone())
    }

    /// The error for a turn granted by plugin `plugin` beyond [`Rules::max_turns`].
    #[cold]
    pub(super) fn too_many_turns(&self, plugin: u8) -> HookError {
        HookError {
            plugin: self.plugin_id(plugin),
            hook: "grant_turn",
            message: format!(
                "it granted turn {}, beyond the limit of {} turns for a game of {} tiles ({} per tile and {}): it keeps granting turns",
                u32::from(self.turn.number) + 1,
                self.rules.max_turns(),
                self.rules.max_tiles,
                crate::rules::TURNS_PER_TILE,
                crate::rules::TURN_MARGIN
            ),
        }
    }

    /// How many plugin hooks with a context are running one inside another
    /// (0 outside them): a hook's change (a feature scored, a figure moved)
    /// calls the hooks that hear it inside it. The host's adapter refuses
    /// every change a plugin asks for at
    /// [`MAX_HOOK_DEPTH`](crate::rules::MAX_HOOK_DEPTH), the guard
    /// against a change that calls hooks again without end: there, not in
    /// the dispatch, whose every site it would slow.
    pub fn hook_depth(&self) -> u32 {
        self.scratch.hook_depth
    }

    /// Counts the resolution of step `s` in this turn: the error for one
    /// beyond [`MAX_STEPS_PER_TURN`], naming the plugin that pushed it.
    #[inline]
    pub(super) fn count_step(&mut self, s: Step) -> HookResult {
        let t = &mut self.turn;
        if t.resolved_in != t.number {
            (t.resolved_in, t.resolved) = (t.number, 0);
        }
        t.resolved = t.resolved.saturating_add(1);
        if self.turn.resolved > MAX_STEPS_PER_TURN {
            return Err(self.too_many_steps(s));
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn too_many_steps(&self, s: Step) -> HookError {
        let turn = if self.turn.ending {
            format!("turn {} and the game's end", self.turn.number)
        } else {
            format!("turn {}", self.turn.number)
        };
        HookError {
            plugin: self.plugin_id(s.owner),
            hook: if s.chance { "push_chance" } else { "push_decision" },
            message: format!(
                "it pushed step {} of {turn}, beyond the limit of {MAX_STEPS_PER_TURN} steps a turn: its steps keep pushing steps",
                self.turn.resolved
            ),
        }
    }
}
