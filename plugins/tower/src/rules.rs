//! The tower's rules on the board: towers and heights, the capture range, the
//! figures a decision names, captures and exchanges.

use super::{captive_bit, err, Height, Pieces, TowerState, TOWER};
use carcassonne_plugin_sdk::prelude::*;
use carcassonne_plugin_sdk::Spot;

/// Points a ransom costs, whatever the kind (TW22, TW23, X47).
pub const RANSOM: i32 = 3;

/// TW2: tower pieces per player for `players` players (1–2: 10, 3: 9, 4: 7,
/// 5: 6, 6: 5; JCloisterZone also 7: 4, 8 and more: 3).
pub fn pieces_for(players: u8) -> u32 {
    match players {
        0..=2 => 10,
        3 => 9,
        4 => 7,
        5 => 6,
        6 => 5,
        7 => 4,
        _ => 3,
    }
}

/// Whether feature instance `f` is a tower foundation.
pub(crate) fn is_tower(v: &View<'_>, f: FeatureId) -> bool {
    v.feature_markers(f) & v.my_marker(TOWER) != 0
}

/// Per tile type, its local features that are tower foundations (bit `l`:
/// local feature `l` carries the `tower` marker), read once from the
/// catalogue (an instance serves one ruleset): a placed tile's local
/// features are its type's (a feature added at run time carries no marker).
#[derive(Debug, Default)]
pub(crate) struct Foundations {
    /// Per tile type id; [`ASK`] for a type with more than 64 features.
    of: Vec<u64>,
}

/// [`Foundations::of`] for a type whose features are asked one by one.
const ASK: u64 = u64::MAX;

impl Foundations {
    /// Reads the catalogue of `v`'s rules.
    pub(crate) fn read(v: &View<'_>) -> Foundations {
        let bit = v.my_marker(TOWER);
        let of = (0..v.tile_type_count())
            .map(|i| {
                let ty = TileTypeId(i as u16);
                let n = v.tile_type_feature_count(ty);
                if n > 64 {
                    return ASK;
                }
                (0..n)
                    .filter(|&l| v.tile_type_feature_markers(ty, l) & bit != 0)
                    .fold(0, |m, l| m | 1 << l)
            })
            .collect();
        Foundations { of }
    }
}

/// The tower foundations of placed tile `t`, just placed (no piece on them
/// yet): each is closed to figures until its first piece (TW30), and a piece
/// onto it is offered while it is open (TW4, TW5: a standing offer of the
/// core; a foundation whose spot has no code gets none). `found`: the
/// foundations of every tile type.
pub(crate) fn list_towers(cx: &mut Cx<'_>, found: &Foundations, t: TileIndex) -> HookResult {
    let bit = cx.my_marker(TOWER);
    if bit == 0 {
        return Ok(());
    }
    let mut mask = found
        .of
        .get(cx.tile_type_id(t).index())
        .copied()
        .unwrap_or(ASK);
    if mask == ASK {
        mask = 0;
        for l in 0..cx.tile_feature_count(t).min(64) {
            if cx.tile_feature_markers(t, l) & bit != 0 {
                mask |= 1 << l;
            }
        }
    }
    let pos = cx.tile_pos(t);
    while mask != 0 {
        let l = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        let f = cx.feature_of(t, l);
        cx.close_feature(f, true);
        // The spot of local feature `l` of `t`: `Spot::of_feature` without
        // asking the core for the tile and the local index it was given.
        let spot = Spot {
            pos,
            local: Some(l),
        };
        if let Some(code) = spot.code() {
            cx.offer_special_at(f, code);
        }
    }
    Ok(())
}

/// The height of the tower on foundation `f` (pieces on it).
pub(crate) fn height(v: &View<'_>, f: FeatureId) -> HookResult<u32> {
    Ok(v.feature_state::<Height>(f)?.pieces)
}

/// The tower a capture decision names (its `arg`).
pub(crate) fn tower_of(v: &View<'_>, arg: u32) -> HookResult<FeatureId> {
    u16::try_from(arg)
        .ok()
        .map(FeatureId)
        .filter(|&f| (f.0 as usize) < v.feature_count() && is_tower(v, f))
        .ok_or_else(|| err("the capture names no tower"))
}

/// The seat a step's `arg` names.
pub(crate) fn seat(arg: u32) -> HookResult<PlayerId> {
    u8::try_from(arg)
        .ok()
        .and_then(PlayerId::new)
        .ok_or_else(|| err("the step names no player"))
}

/// TW8–TW11, TW15, TW16: the figures the current player may capture from the
/// tower on foundation `f` of height `h`: on the tiles of its row and column
/// at a distance of at most `h` (its own tile included; nothing blocks a
/// line), of a follower kind of a player, not protected (a capper under
/// `"safe"`, a follower in a castle). In the order of the tiles (its own,
/// then at distance 1 north, east, south, west, then at distance 2, ...),
/// each tile's in figure order: the core's `followers_in_cross`, one query
/// into a buffer on the stack (a second one, into a `Vec`, for more than it
/// holds). `with` is given them.
pub(crate) fn with_prey<R>(
    v: &View<'_>,
    f: FeatureId,
    h: u32,
    with: impl FnOnce(&[FigureId]) -> R,
) -> R {
    let pos = v.tile_pos(v.feature_tile(f));
    let mut few = [FigureId(0); 32];
    let n = v.followers_in_cross(pos, h, &mut few) as usize;
    if n <= few.len() {
        return with(&few[..n]);
    }
    let mut all = vec![FigureId(0); n];
    let n = (v.followers_in_cross(pos, h, &mut all) as usize).min(all.len());
    with(&all[..n])
}

/// Whether [`with_prey`] names any figure: the count alone.
pub(crate) fn has_prey(v: &View<'_>, f: FeatureId, h: u32) -> bool {
    v.followers_in_cross(v.tile_pos(v.feature_tile(f)), h, &mut []) > 0
}

/// Whether figure `g` is among [`with_prey`]'s figures for the tower on
/// foundation `f` of height `h`: a player's figure of a follower kind, not
/// protected, on a tile of the tower's row or column at most `h` away (the
/// core's `followers_in_cross` for one figure, in a few queries).
fn is_prey(v: &View<'_>, f: FeatureId, h: u32, g: FigureId) -> bool {
    if v.figure_owner(g).is_none()
        || !v.figure_kind_follower(v.figure_kind(g))
        || v.figure_protected(g)
    {
        return false;
    }
    let Some(p) = v.figure_pos(g) else {
        return false;
    };
    let at = v.tile_pos(v.feature_tile(f));
    let (dx, dy) = (
        i32::from(p.x) - i32::from(at.x),
        i32::from(p.y) - i32::from(at.y),
    );
    (dx == 0 || dy == 0) && dx.unsigned_abs() + dy.unsigned_abs() <= h.min(16_000)
}

/// The figure of [`with_prey`] that a capture decision's `value` names: the
/// first with that code (figures sharing a code share their kind, owner and
/// place, so their tile's place in [`with_prey`]'s order too): the figure
/// the code names when it is among them (the first alike, so the first of
/// them in that order; looked at alone, [`is_prey`]), else the first whose
/// code it is.
pub(crate) fn prey_named(v: &View<'_>, f: FeatureId, h: u32, value: u32) -> HookResult<FigureId> {
    let named = Spot::figure_of(value);
    if let Some(g) = named.filter(|&g| is_prey(v, f, h, g)) {
        return Ok(g);
    }
    with_prey(v, f, h, |figs| {
        if named.is_some_and(|g| figs.contains(&g)) {
            return named;
        }
        figs.iter()
            .copied()
            .find(|&g| Spot::of_figure(v, g) == value)
    })
    .ok_or_else(|| err("not a figure of this decision"))
}

/// Whether `owner` has a figure held by a rival (a prisoner): a query per
/// rival for what he holds; none while the tower holds none of his
/// ([`Pieces::prisoners`]).
pub(crate) fn has_prisoner(v: &View<'_>, owner: PlayerId) -> HookResult<bool> {
    if v.player_state::<Pieces>(owner)?.prisoners == 0 {
        return Ok(false);
    }
    Ok(PlayerId::all(v.players()).filter(|&p| p != owner).any(|p| {
        v.figures_at(Location::Held(p))
            .into_iter()
            .any(|g| v.figure_owner(g) == Some(owner))
    }))
}

/// The figures of `owner` held by his rivals (his prisoners): the first
/// rival's list itself, the others' appended to it.
pub(crate) fn held_from(v: &View<'_>, owner: PlayerId) -> Vec<FigureId> {
    let mut all = Vec::new();
    for p in PlayerId::all(v.players()).filter(|&p| p != owner) {
        let held = held_from_by(v, owner, p);
        if all.is_empty() {
            all = held;
        } else {
            all.extend(held);
        }
    }
    all
}

/// The figures of `owner` held by `holder` (one query for `holder`'s).
pub(crate) fn held_from_by(v: &View<'_>, owner: PlayerId, holder: PlayerId) -> Vec<FigureId> {
    let mut held = v.figures_at(Location::Held(holder));
    held.retain(|&g| v.figure_owner(g) == Some(owner));
    held
}

/// The codes of a decision's figures, one per figure (figures alike in kind,
/// owner and place share one: offered once), after what `out` holds.
pub(crate) fn push_codes(v: &View<'_>, figs: &[FigureId], out: &mut Vec<u32>) {
    for &g in figs {
        let code = Spot::of_figure(v, g);
        if !out.contains(&code) {
            out.push(code);
        }
    }
}

/// The figure a chosen option names, if it is one of `figs`.
pub(crate) fn chosen(v: &View<'_>, figs: &[FigureId], value: u32) -> HookResult<FigureId> {
    figs.iter()
        .copied()
        .find(|&g| Spot::of_figure(v, g) == value)
        .ok_or_else(|| err("not a figure of this decision"))
}

/// TW17–TW21: the current player captures figure `g`.
pub(crate) fn capture(cx: &mut Cx<'_>, g: FigureId) -> HookResult {
    let me = cx.current_player();
    let owner = cx.figure_owner(g).ok_or_else(|| err("no owner"))?;
    if owner == me {
        // TW17: one's own figure goes home, no prisoner, no points.
        if cx.logging() {
            cx.log(format!("{{P{me}}} takes back his own figure with a tower."));
        }
        return cx.return_figure(g);
    }
    let mine = held_from_by(cx, me, owner);
    if mine.is_empty() {
        // TW18: a prisoner of the capturer.
        if cx.logging() {
            cx.log(format!(
                "{{P{me}}} takes a figure of {{P{owner}}} prisoner."
            ));
        }
        if !cx.move_figure(g, Location::Held(me))? {
            return Err(err("the prisoner could not be taken"));
        }
        let st = cx.game_state_mut::<TowerState>()?;
        st.held += 1;
        st.captives |= captive_bit(owner);
        cx.player_state_mut::<Pieces>(owner)?.prisoners += 1;
        ransom_hooks(cx, true);
        return Ok(());
    }
    // TW20: an exchange, one for one: the captured figure goes home at once.
    if cx.logging() {
        cx.log(format!("{{P{me}}} and {{P{owner}}} exchange prisoners."));
    }
    cx.return_figure(g)?;
    let mut codes = Vec::new();
    push_codes(cx, &mine, &mut codes);
    if codes.len() > 1 {
        // TW21: prisoners of several kinds: the capturer chooses.
        cx.push_decision(me, super::TAG_EXCHANGE, u32::from(owner.seat()));
        return Ok(());
    }
    free(cx, mine[0])
}

/// Switches the ransom's hooks (`turn_start`, `turn_end`; `before_figure`
/// off with them, on again by `turn_start` for a player who may have a
/// prisoner) on or off: off while the tower holds no prisoner and no ransom
/// was paid in the whole turn ([`TowerState::held`],
/// [`TowerState::ransom_paid_by`]), when they would do nothing.
pub(crate) fn ransom_hooks(cx: &mut Cx<'_>, on: bool) {
    cx.set_hook_enabled(hook::TURN_START, on);
    cx.set_hook_enabled(hook::TURN_END, on);
    if !on {
        cx.set_hook_enabled(hook::BEFORE_FIGURE, false);
    }
}

/// TW20–TW22: prisoner `g` comes home (an exchange or a ransom); the count of
/// the tower's prisoners goes down.
pub(crate) fn free(cx: &mut Cx<'_>, g: FigureId) -> HookResult {
    let owner = cx.figure_owner(g);
    cx.return_figure(g)?;
    let st = cx.game_state_mut::<TowerState>()?;
    st.held = st.held.saturating_sub(1);
    match owner {
        Some(owner) => prisoner_freed(cx, owner),
        None => Ok(()),
    }
}

/// One of `owner`'s prisoners came home: his count goes down, and his bit of
/// [`TowerState::captives`] is cleared at 0 (not bit 31, which seats from 31
/// on share).
pub(crate) fn prisoner_freed(cx: &mut Cx<'_>, owner: PlayerId) -> HookResult {
    let his = cx.player_state_mut::<Pieces>(owner)?;
    his.prisoners = his.prisoners.saturating_sub(1);
    if his.prisoners == 0 && owner.seat() < 31 {
        cx.game_state_mut::<TowerState>()?.captives &= !captive_bit(owner);
    }
    Ok(())
}
