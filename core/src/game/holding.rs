//! The scoring hooks' holding cases (`VALUE_HOLDS_MINE`, `BONUS_HOLDS_MINE`,
//! `SCORED_HOLDS_MINE`): which declaring plugins' figures stand in a scored
//! unit, and whether a subscriber narrowed its call away for it. The
//! scoring pipeline (`scoring.rs`) asks them.

use super::*;
use crate::narrow::{bits, held_bit};
use crate::rules::narrowed::HOLDING;

impl Game {
    /// Whether subscriber `i` declared `SCORED_HOLDS_MINE` and none of its
    /// figures stands in the unit of `info`: by `held`, or looked at now
    /// when `again` (a hook ran since `held` was read).
    pub(super) fn scored_holds_none(
        &self,
        i: u8,
        info: &ScoreInfo<'_>,
        held: u64,
        again: bool,
    ) -> bool {
        self.rules.plugins.get(usize::from(i)).is_some_and(|e| {
            e.narrow & bits::SCORED_HOLDS_MINE != 0 && {
                let held = if again { self.held_of(e, info) } else { held };
                self.holds_none(e, i, Narrowed::ScoredHolds(held))
            }
        })
    }

    /// Whether every `feature_scored` subscriber skips (or switched off) the
    /// call for a unit of kind `kind` whose holding case is `held`
    /// ([`Game::held_for`]). Out of
    /// line, asked after [`Game::wants`]: the scoring of a ruleset without
    /// subscribers keeps its code as it was.
    #[inline(never)]
    pub(super) fn scored_by_nobody(&self, kind: FeatureKind, held: u64) -> bool {
        let bit = hook::FEATURE_SCORED;
        let skips = self.scored_skips(kind);
        for &i in self.rules.subscribers(bit) {
            let Some(e) = self.rules.plugins.get(usize::from(i)) else {
                continue;
            };
            if e.narrow & skips == 0
                && !self.switched_off(i, bit)
                && !self.holds_none(e, i, Narrowed::ScoredHolds(held))
            {
                return false;
            }
        }
        true
    }

    /// The holding case of scoring hook `h` (its index in [`HOLDING`]) for
    /// the unit of `info`: the kinds ([`held_bit`]) of the figures that stand
    /// in the unit (on a member of the feature scored, at a corner or not;
    /// for farmers, of one of the unit's fields), of the plugins subscribed
    /// to the hook that declared its holding bit and do not skip the unit
    /// (`skips`: the call's per-kind and logging bits). Those plugins' figures
    /// are looked at, not the unit's members (a figure or two per player against
    /// every member of a large city or field), and only for a unit of a kind
    /// one of them keeps ([`Rules::holding_kinds`](crate::Rules)): in most
    /// rulesets, and most scorings of the others, nothing is looked at.
    #[inline(always)]
    pub(super) fn held_for(&self, h: usize, skips: u64, info: &ScoreInfo<'_>) -> u64 {
        let kinds = self.rules.holding_kinds.get(h).copied().unwrap_or(0);
        if kinds & 1u8.wrapping_shl(u32::from(info.kind as u8)) == 0 {
            0
        } else {
            self.held_among(h, skips, info)
        }
    }

    /// [`Game::held_for`] of a unit of a kind some declaring plugin keeps.
    #[inline(never)]
    fn held_among(&self, h: usize, skips: u64, info: &ScoreInfo<'_>) -> u64 {
        let Some(&(hook, holds, _)) = HOLDING.get(h) else {
            return 0;
        };
        let mut held = 0;
        for &i in &self.rules.holding {
            if let Some(e) = self.rules.plugins.get(usize::from(i)) {
                if e.subs & hook != 0 && e.narrow & holds != 0 && e.narrow & skips == 0 {
                    held |= self.held_of(e, info);
                }
            }
        }
        held
    }

    /// Whether plugin `e` (index `i`) narrowed the scoring hook's call
    /// `call` (its holding case) away: it declared the case, and none of its
    /// figures stands in the unit ([`Game::narrowed_away`] with the entry at
    /// hand).
    #[inline(always)]
    pub(super) fn holds_none(&self, e: &crate::rules::PluginEntry, i: u8, call: Narrowed) -> bool {
        e.narrow & call.bit() != 0 && self.outside_narrowed_case(i, call)
    }

    /// [`Game::held_for`] of the figures of plugin `e`.
    fn held_of(&self, e: &crate::rules::PluginEntry, info: &ScoreInfo<'_>) -> u64 {
        let one = [info.feature];
        let units = if info.kind == FeatureKind::Field {
            info.fields
        } else {
            &one
        };
        let per = usize::from(self.rules.figs_per_player);
        let neutral = per * usize::from(self.players);
        let mut held = 0;
        let mut look = |g: usize| {
            let Some(fig) = self.figures.figs.get(g) else {
                return;
            };
            if fig.feature != NONE16 {
                let r = self.feats.root(fig.feature);
                if units
                    .iter()
                    .any(|u| u.index() < self.feats.len() && self.feats.root(u.0) == r)
                {
                    held |= held_bit(self.kind_of(g as u16));
                }
            }
        };
        let (first, end) = e.player_slots;
        for p in 0..usize::from(self.players) {
            for slot in usize::from(first)..usize::from(end) {
                look(p * per + slot);
            }
        }
        let (first, end) = e.neutral_slots;
        for i in usize::from(first)..usize::from(end) {
            look(neutral + i);
        }
        held
    }
}
