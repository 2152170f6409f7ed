//! Drawing tokens, growing and herding flocks (S2–S8): what the hooks do once
//! a step is resolved or a field closes.

use super::state::*;
use super::{err, Shepherd, TAG_FLOCK, WOLF};
use carcassonne_plugin_sdk::prelude::*;

impl Shepherd {
    /// Takes a sheep token of kind `k` out of the bag and adds it to the flock
    /// of the shepherd on `f`.
    fn add_token(cx: &mut Cx<'_>, f: FeatureId, k: usize) -> HookResult {
        Self::take(cx, k)?;
        let w = cx.feature_state_mut::<FlockWord>(f)?;
        *w = w.with_token(k).ok_or_else(|| err("bad token"))?;
        Ok(())
    }

    /// Takes a token of kind `k` out of the bag.
    fn take(cx: &mut Cx<'_>, k: usize) -> HookResult {
        let slot = cx
            .game_state_mut::<Bag>()?
            .counts
            .get_mut(k)
            .ok_or_else(|| err("bad token kind"))?;
        *slot = slot
            .checked_sub(1)
            .ok_or_else(|| err("drew a token that is not in the bag"))?;
        Ok(())
    }

    /// Sends every shepherd of the field with root `root` home and puts all their
    /// tokens back in the bag. Returns the players who had a shepherd there and
    /// the sheep they had.
    pub(crate) fn clear_field(cx: &mut Cx<'_>, root: FeatureId) -> Result<(PlayerSet, u32), Error> {
        let mut players = PlayerSet::EMPTY;
        let mut sheep = 0;
        for &(g, f) in shepherds_in(cx, root)?.as_slice() {
            if cx.figure_feature(g) != Some(f) {
                continue; // sent home meanwhile by a hook of another plugin
            }
            let w = flock_word(cx, f);
            sheep += w.sheep();
            let bag = &mut cx.game_state_mut::<Bag>()?.counts;
            for (k, b) in bag.iter_mut().enumerate().take(4) {
                *b += w.count(k);
            }
            set_flock_word(cx, f, FlockWord(0))?;
            if let Some(p) = cx.figure_owner(g) {
                players.insert(p);
            }
            cx.return_figure(g)?;
        }
        Ok((players, sheep))
    }

    /// S6: every player with a shepherd on the field scores all its sheep, once;
    /// tokens back to the bag, shepherds home. `by` is the player who chose to
    /// herd, `None` when the field closed (S8).
    pub(crate) fn herd(cx: &mut Cx<'_>, root: FeatureId, by: Option<PlayerId>) -> HookResult {
        let (players, sheep) = Self::clear_field(cx, root)?;
        if cx.logging() {
            let s = if players.len() == 1 { "s" } else { "" };
            let pay = format!("{} score{s} {sheep}", names(players));
            cx.log(match by {
                Some(p) => format!("{{P{p}}} herds {sheep} sheep into the stable: {pay}."),
                None => format!(
                    "The field is closed: its flock of {sheep} sheep goes into the stable: {pay}."
                ),
            });
        }
        if sheep > 0 {
            for p in players.iter() {
                cx.add_score(p, sheep as i32);
            }
        }
        Ok(())
    }

    /// Pushes the grow-or-herd decisions of the active player for the fields of
    /// the placed tile that hold a shepherd of his deployed before this turn (S3):
    /// one per field, in the order of the fields' root ids.
    pub(crate) fn push_flock_decisions(&self, cx: &mut Cx<'_>) -> HookResult {
        let me = cx.current_player();
        let mine = *cx.player_state::<Shepherds>(me)?;
        // Most turns: none of his shepherds is on the board, or the tile extends
        // none of their fields (one query per shepherd).
        if mine == Shepherds::default() {
            return Ok(());
        }
        let Some(t) = cx.last_placed() else {
            return Ok(());
        };
        // The fields (roots) the tile extends that hold a shepherd of his deployed
        // before this turn, with the tile's first field segment in each.
        let mut fields = [(FeatureId(u16::MAX), 0u8); 3];
        let mut n = 0;
        for f in mine.features() {
            let Some(l) = cx.tile_feature_in(t, f) else {
                continue;
            };
            if flock_word(cx, f).turn() >= cx.turn() {
                continue;
            }
            let r = cx.find(f);
            if !fields[..n].iter().any(|&(q, _)| q == r) {
                fields[n] = (r, l);
                n += 1;
            }
        }
        if n == 0 {
            return Ok(());
        }
        let fields = &mut fields[..n];
        fields.sort_unstable();
        let pos = cx.tile_pos(t);
        for &(_, local) in fields.iter() {
            cx.push_decision(me, TAG_FLOCK, pack_field(local, pos));
        }
        Ok(())
    }

    pub(crate) fn resolve_deploy_draw(cx: &mut Cx<'_>, f: FeatureId, k: u32) -> HookResult {
        // The shepherd on `f` (looked up only when he goes home or is named).
        let shepherd = |cx: &Cx<'_>| {
            let kind = cx.my_figure(0);
            let g = cx
                .figures_on(f)
                .find(|&g| cx.figure_kind(g) == kind)
                .ok_or_else(|| err("no shepherd on the drawing feature"))?;
            Ok::<_, Error>((g, cx.figure_owner(g).unwrap_or_default()))
        };
        if k == WOLF {
            let (g, who) = shepherd(cx)?;
            set_flock_word(cx, f, FlockWord(0))?;
            cx.return_figure(g)?;
            if cx.logging() {
                cx.log(format!(
                    "{{P{who}}} draws a wolf for the new flock! The wolf goes back into the bag \
                     and the shepherd goes home."
                ));
            }
            return Ok(());
        }
        Self::add_token(cx, f, k as usize)?;
        if cx.logging() {
            let (_, who) = shepherd(cx)?;
            let n = k + 1;
            cx.log(format!("{{P{who}}} draws {n} sheep for the new flock."));
        }
        Ok(())
    }

    pub(crate) fn resolve_grow_draw(
        cx: &mut Cx<'_>,
        f: FeatureId,
        who: PlayerId,
        k: u32,
    ) -> HookResult {
        let root = cx.find(f);
        if k == WOLF {
            let (players, sheep) = Self::clear_field(cx, root)?;
            if cx.logging() {
                let home = if players.len() == 1 {
                    format!("{}'s shepherd goes home", names(players))
                } else {
                    format!("the shepherds of {} go home", names(players))
                };
                cx.log(format!(
                    "{{P{who}}} grows the flock: a wolf! The flock on this field is lost: \
                     {sheep} sheep go back into the bag and {home}."
                ));
            }
            return Ok(());
        }
        Self::add_token(cx, f, k as usize)?;
        if cx.logging() {
            let total: u32 = shepherds_in(cx, root)?
                .as_slice()
                .iter()
                .map(|&(_, f)| flock_word(cx, f).sheep())
                .sum();
            cx.log(format!(
                "{{P{who}}} grows the flock: {} sheep; the flock now has {total} sheep.",
                k + 1
            ));
        }
        Ok(())
    }
}

fn names(players: PlayerSet) -> String {
    let v: Vec<String> = players.iter().map(|p| format!("{{P{p}}}")).collect();
    match v.len() {
        0 => "nobody".into(),
        1 => v[0].clone(),
        n => format!("{} and {}", v[..n - 1].join(", "), v[n - 1]),
    }
}
