//! # The `wagon` plugin (Abbey & Mayor: the wagon)
//!
//! * Every player has one **wagon**, a follower of strength 1 that stands on
//!   roads, cities and cloisters (the abbey's too), never on fields or gardens
//!   (AM14): the core offers it through the shared placement rule.
//! * It does not go home when its feature is scored during the game: it is noted
//!   (`feature_scored`), and at the end of the turn (`turn_end`, after the barn's
//!   scorings) its owner decides where it moves, or sends it home (AM15, AM18).
//!   Several wagons decide one at a time, in turn order from the active player;
//!   the targets are computed when the decision comes up, so a wagon moved
//!   earlier occupies its feature for the later ones (AM19). A move is not a
//!   deployment and may happen in any player's turn (AM20).
//! * Targets (`wagon-move`): `"nearby"` (AM16) any unfinished, unoccupied road,
//!   city or cloister with a segment on the wagon's tile or the 8 around it;
//!   `"connected"` (AM17) only those linked to the scored feature through the
//!   tiles' `wagon` groups (tile data `links.wagon`) or through an abbey side.
//!   Both keep only features the shared rule allows (`may_deploy`: a dragon's
//!   veto applies) with no figure at all on them.
//!
//! Decision values: `wagon home`, or `wagon L at X Y` (local feature `L` of the
//! tile at `(X, Y)`, a [`Spot`]). See `docs/plugins/wagon.md` for the rulings
//! and their sources.

use carcassonne_plugin_sdk::prelude::*;
use carcassonne_plugin_sdk::Spot;

/// The plugin.
pub struct Wagon {
    moves: Moves,
    count: u8,
}

/// AM16 / AM17: where a scored wagon may move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(rename_all = "kebab-case")]
pub enum Moves {
    /// Current edition: the wagon's tile and the 8 around it.
    #[default]
    Nearby,
    /// First edition: the features connected to the scored one.
    Connected,
}

/// Its options: `[plugins.wagon]`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// AM16 / AM17.
    pub wagon_move: Moves,
    /// AM14: wagons per player.
    pub wagons_per_player: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            wagon_move: Moves::Nearby,
            wagons_per_player: 1,
        }
    }
}

impl Config for Options {
    const RANGES: &'static [(&'static str, i64, i64)] = &[("wagons-per-player", 1, 3)];
    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "wagon-move",
            "Where a scored wagon may move: \"nearby\" (AM16, current edition: a road, city or \
             cloister on its tile or the 8 around) or \"connected\" (AM17, first edition: the \
             features connected to the scored one).",
        ),
        (
            "wagons-per-player",
            "AM14: wagons per player: 1; 2 or 3 is a house rule.",
        ),
    ];
}

/// Per-wagon state.
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct Scored {
    /// The turn in which its feature was scored and it waits to move (0: none).
    pub turn: u32,
}

/// The most wagons a game holds (`wagons-per-player` is at most 3).
const MAX_WAGONS: usize = 3 * MAX_PLAYERS;

/// Per-game state.
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct Waiting {
    /// The last turn in which a wagon's feature was scored (0: none): only
    /// then may a wagon wait to move at the turn's end.
    pub turn: u32,
}

/// The decision "move this wagon" (`arg`: the wagon's figure id).
pub const TAG_MOVE: u16 = 1;
/// Decision value: send the wagon home. Every other value is the [`Spot`] code
/// of the target (a local feature of a placed tile; a tile's own spot, as this
/// code is, is never a target).
pub const HOME: u32 = u32::MAX;

/// Index of the `abbey` marker in [`Wagon::MARKERS`](Plugin::MARKERS).
const ABBEY: usize = 0;
/// Index of the `wagon` link in [`Wagon::LINKS`](Plugin::LINKS).
const LINK: usize = 0;

impl Wagon {
    /// The wagons waiting to move this turn, in decision order: owners in turn
    /// order from the current player, then figure ids.
    fn waiting(v: &View<'_>) -> Vec<FigureId> {
        let (kind, turn) = (v.my_figure(0), u32::from(v.turn()));
        let (n, me) = (v.players(), v.current_player());
        let mut out: Vec<(u8, FigureId)> = (0..v.figure_count())
            .filter_map(|g| u16::try_from(g).ok().map(FigureId))
            .filter(|&g| v.figure_kind(g) == kind && v.figure_location(g).is_some())
            .filter(|&g| v.figure_state::<Scored>(g).is_ok_and(|s| s.turn == turn))
            .filter_map(|g| {
                let p = v.figure_owner(g)?;
                Some(((p.seat() + n - me.seat()) % n.max(1), g))
            })
            .collect();
        out.sort_unstable();
        out.into_iter().map(|(_, g)| g).collect()
    }

    /// Whether a wagon may move onto feature instance `f` (AM16): a road, city or
    /// cloister, unfinished, with no figure at all, allowed by the shared rule.
    fn open_target(v: &View<'_>, f: FeatureId) -> HookResult<bool> {
        let kind = v.feature_kind(f);
        if !matches!(
            kind,
            FeatureKind::Road | FeatureKind::City | FeatureKind::Cloister
        ) || v.is_complete(f)
            || v.has_figure_in(f)
        {
            return Ok(false);
        }
        v.may_deploy(v.my_figure(0), Location::Feature(f))
    }

    /// The candidate feature instances (before [`Wagon::open_target`]) for
    /// wagon `fig`, given to `visit` in order until it returns `true` (then
    /// `true`): the nearby tiles' features one tile at a time, listed nowhere.
    fn visit_candidates(
        &self,
        v: &View<'_>,
        fig: FigureId,
        mut visit: impl FnMut(FeatureId) -> HookResult<bool>,
    ) -> HookResult<bool> {
        let Some(t0) = v.figure_tile(fig) else {
            return Ok(false);
        };
        match self.moves {
            Moves::Nearby => {
                let p = v.tile_pos(t0);
                for dy in -1..=1i16 {
                    for dx in -1..=1i16 {
                        if let Some(u) = v.tile_at(Pos::new(p.x + dx, p.y + dy)) {
                            for l in 0..v.tile_feature_count(u) {
                                if visit(v.feature_of(u, l))? {
                                    return Ok(true);
                                }
                            }
                        }
                    }
                }
            }
            Moves::Connected => {
                if let Some(f) = v.figure_feature(fig) {
                    let mut out = Vec::new();
                    Self::connected(v, f, &mut out);
                    for f in out {
                        if visit(f)? {
                            return Ok(true);
                        }
                    }
                }
            }
        }
        Ok(false)
    }

    /// AM17: the features connected to the feature containing `f`: through the
    /// tiles' `wagon` groups, from a road or city to the abbey closing it, and from
    /// an abbey's cloister to the roads and cities its sides close.
    fn connected(v: &View<'_>, f: FeatureId, out: &mut Vec<FeatureId>) {
        let (link, abbey) = (v.my_link(LINK), v.my_marker(ABBEY));
        let is_abbey = |t: TileIndex| abbey != 0 && v.tile_has_marker(t, abbey);
        for m in v.members(v.find(f)) {
            let (u, l) = (v.feature_tile(m), v.feature_local(m));
            let mine = v.link_groups(u, link, l);
            for l2 in 0..v.tile_feature_count(u) {
                if l2 != l && mine & v.link_groups(u, link, l2) != 0 {
                    out.push(v.feature_of(u, l2));
                }
            }
            let p = v.tile_pos(u);
            let sides = v.feature_sides(m);
            for d in Side::ALL {
                let Some(w) = v.tile_at(p.step(d)) else {
                    continue;
                };
                if sides & (1 << d as u8) != 0 && is_abbey(w) {
                    // A road or city closed by an abbey side: the abbey's cloister.
                    out.extend(
                        (0..v.tile_feature_count(w))
                            .filter(|&k| v.tile_feature_kind(w, k) == FeatureKind::Cloister)
                            .map(|k| v.feature_of(w, k)),
                    );
                }
                if v.feature_kind(m) == FeatureKind::Cloister && is_abbey(u) {
                    // From the abbey: the roads and cities its side `d` closes.
                    let facing = d.opposite() as u8;
                    out.extend(
                        (0..v.tile_feature_count(w))
                            .map(|k| v.feature_of(w, k))
                            .filter(|&g| v.feature_sides(g) & (1 << facing) != 0),
                    );
                }
            }
        }
    }

    /// The move targets of wagon `fig` now, as decision values in canonical order.
    fn targets(&self, v: &View<'_>, fig: FigureId) -> HookResult<Vec<u32>> {
        let mut seen: Vec<(TileIndex, FeatureId)> = Vec::new();
        let mut out = Vec::new();
        self.visit_candidates(v, fig, |f| {
            if !Self::open_target(v, f)? {
                return Ok(false);
            }
            let key = (v.feature_tile(f), v.find(f));
            if !seen.contains(&key) {
                seen.push(key);
                out.extend(Spot::of_feature(v, f).code());
            }
            Ok(false)
        })?;
        out.sort_unstable();
        Ok(out)
    }

    /// Whether wagon `fig` has a move target now (`targets` is not empty): the
    /// candidates up to the first target, none listed.
    fn has_target(&self, v: &View<'_>, fig: FigureId) -> HookResult<bool> {
        self.visit_candidates(v, fig, |f| {
            Ok(Self::open_target(v, f)? && Spot::of_feature(v, f).code().is_some())
        })
    }

    /// Asks the owner of the next waiting wagon that has a target; wagons with no
    /// target go home (AM18).
    fn next_decision(&self, cx: &mut Cx<'_>) -> HookResult {
        for g in Self::waiting(cx) {
            if !self.has_target(cx, g)? {
                cx.figure_state_mut::<Scored>(g)?.turn = 0;
                Self::send_home(cx, g)?;
                continue;
            }
            let owner = cx.figure_owner(g).ok_or("a wagon without an owner")?;
            cx.push_decision(owner, TAG_MOVE, u32::from(g.0));
            return Ok(());
        }
        Ok(())
    }

    fn send_home(cx: &mut Cx<'_>, g: FigureId) -> HookResult {
        if cx.logging() {
            let p = cx.figure_owner(g).unwrap_or_default();
            cx.log(format!("{{P{p}}}'s wagon goes home."));
        }
        cx.return_figure(g)?;
        Ok(())
    }
}

#[plugin]
impl Plugin for Wagon {
    type Config = Options;
    const ID: &'static str = "wagon";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "Abbey & Mayor: the wagon, which moves on when its feature is scored";
    // The barn's scorings of the turn (AM24, AM26) come before the wagons move
    // (JCloisterZone's phase order), both in `turn_end`.
    const RUNS_AFTER: &'static [&'static str] = &["barn"];
    const FIGURES: &'static [FigureSpec] = &[FigureSpec::follower("wagon", 1, 1)
        .stands_on(FeatureKinds::of(&[
            FeatureKind::Road,
            FeatureKind::City,
            FeatureKind::Cloister,
        ]))
        .returns_on_score(false)];
    const MARKERS: &'static [&'static str] = &["abbey"];
    const LINKS: &'static [&'static str] = &["wagon"];
    const STATE: StateSpec = StateSpec::NONE.game::<Waiting>().figure::<Scored>();

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(Wagon {
            moves: options.wagon_move,
            count: options.wagons_per_player,
        })
    }

    fn figure_count(&self, _i: usize) -> u8 {
        self.count
    }

    /// A wagon stands on roads, cities and cloisters only: the scoring of a
    /// field or a garden has none to move, nor that of a unit without one.
    fn narrowing(&self) -> u64 {
        narrow::scored_only(&[FeatureKind::Road, FeatureKind::City, FeatureKind::Cloister])
            | narrow::SCORED_HOLDS_MINE
    }

    /// AM15: a wagon scored during the game waits to move; at game end it just
    /// stays where it is (the game is over). A withheld feature paid at another
    /// feature's value (`Proxy`: a castle, X62) moves no wagon: its plugin
    /// sends the figures there home.
    fn feature_scored(
        &self,
        cx: &mut Cx<'_>,
        info: &ScoreInfo<'_>,
        _points: &Points,
    ) -> HookResult {
        if matches!(info.reason, ScoreReason::Final | ScoreReason::Proxy) {
            return Ok(());
        }
        let kind = cx.my_figure(0);
        // The wagons there, on the stack (a scoring asks it: no allocation).
        // A wagon of a fixed strength takes part in the majority of the
        // feature scored: among the scoring's figures (no walk over the
        // feature's members; farmers are scored with the cities they border).
        let mut wagons = [FigureId(0); MAX_WAGONS];
        let mut n = 0;
        let mut keep = |g: FigureId| -> HookResult {
            *wagons.get_mut(n).ok_or("more wagons than the game holds")? = g;
            n += 1;
            Ok(())
        };
        if info.kind != FeatureKind::Field && cx.figure_kind_strength(kind) > 0 {
            for &g in info.figures {
                if cx.figure_kind(g) == kind {
                    keep(g)?;
                }
            }
        } else {
            for g in cx.figures_in(info.feature) {
                if cx.figure_kind(g) == kind {
                    keep(g)?;
                }
            }
        }
        if n == 0 {
            return Ok(());
        }
        let turn = u32::from(cx.turn());
        cx.game_state_mut::<Waiting>()?.turn = turn;
        // The turn's end has wagons to move: its hook on again.
        cx.set_hook_enabled(hook::TURN_END, true);
        for &g in &wagons[..n] {
            cx.figure_state_mut::<Scored>(g)?.turn = turn;
        }
        Ok(())
    }

    /// AM15, AM19: the moves, after the whole scoring step (in a turn that
    /// scored no wagon's feature, no wagon waits: nothing to look for). The
    /// hook switches itself off until a wagon's feature is scored again
    /// (`feature_scored` switches it on): most turns do not call it.
    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        cx.set_hook_enabled(hook::TURN_END, false);
        if cx.game_state::<Waiting>()?.turn != u32::from(cx.turn()) {
            return Ok(());
        }
        self.next_decision(cx)
    }

    fn step_options(&self, v: &View<'_>, step: Step, out: &mut Vec<u32>) -> HookResult {
        let fig = FigureId(u16::try_from(step.arg).map_err(|_| "bad wagon step")?);
        out.push(HOME);
        out.extend(self.targets(v, fig)?);
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        let fig = FigureId(u16::try_from(step.arg).map_err(|_| "bad wagon step")?);
        cx.figure_state_mut::<Scored>(fig)?.turn = 0;
        if value == HOME {
            Self::send_home(cx, fig)?;
        } else {
            let spot = Spot::from_code(value);
            let f = spot.feature(cx).ok_or("no feature at the wagon's target")?;
            // The core logs the move (`Event::FigureMoved`).
            cx.move_figure(fig, Location::Feature(f))?;
        }
        self.next_decision(cx)
    }

    fn value_name(&self, _what: NameCtx, value: u32) -> String {
        if value == HOME {
            "home".into()
        } else {
            Spot::from_code(value).name()
        }
    }

    /// `Move the wagon to {S}` (the core writes the feature and its tile:
    /// `the road at (3, -1)`), `Send the wagon home`.
    fn value_label(&self, _what: NameCtx, value: u32) -> String {
        if value == HOME {
            "Send the wagon home".into()
        } else {
            format!("Move the wagon to {}", Spot::LABEL_PLACE)
        }
    }

    fn parse_value(&self, _what: NameCtx, text: &str) -> Option<u32> {
        if text == "home" {
            return Some(HOME);
        }
        let spot = Spot::parse(text)?;
        spot.local.and(spot.code())
    }

    fn describe_step(&self, step: Step) -> String {
        format!(
            "{{P{}}}: move the scored wagon to a nearby unfinished feature, or send it home",
            step.player
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<Wagon>().unwrap();
    }

    #[test]
    fn values_round_trip() {
        let w = Wagon::new(Options::default()).unwrap();
        let ctx = NameCtx::Step(Step::default());
        for (x, y, l) in [(0, 0, 0), (-3, 7, 2), (4094, -4096, 62), (-4000, 4000, 9)] {
            let spot = Spot {
                pos: Pos::new(x, y),
                local: Some(l),
            };
            let v = spot.code().unwrap();
            assert_ne!(v, HOME);
            let name = w.value_name(ctx, v);
            assert_eq!(name, format!("{l} at {x} {y}"));
            assert_eq!(w.parse_value(ctx, &name), Some(v));
        }
        assert_eq!(w.value_name(ctx, HOME), "home");
        assert_eq!(w.parse_value(ctx, "home"), Some(HOME));
        for bad in ["1 2", "1 at 2", "1 at 2 3 4", "tile at 1 2", "1 2 3"] {
            assert_eq!(w.parse_value(ctx, bad), None, "{bad}");
        }
    }

    #[test]
    fn options_have_labels_for_people() {
        let w = Wagon::new(Options::default()).unwrap();
        let ctx = NameCtx::Step(Step::default());
        assert_eq!(w.value_label(ctx, HOME), "Send the wagon home");
        let spot = Spot {
            pos: Pos::new(1, 0),
            local: Some(2),
        };
        assert_eq!(
            w.value_label(ctx, spot.code().unwrap()),
            "Move the wagon to {S}"
        );
    }
}
