//! Plugins for the framework's own tests and benchmarks. Not shipped.
//!
//! * `kit-everything` — subscribes to every hook and uses most of the SDK:
//!   state words, per-feature words and merges, a placement filter, special
//!   figure options, decisions, chance events, majority and points changes,
//!   early scoring, value names. Used to prove that the same plugin compiled in
//!   and loaded from a library plays identical games, and to time dispatch.
//! * `kit-hot` — only the hot hooks, with trivial bodies (dispatch benchmark).
//! * `kit-faulty` — fails in a chosen hook in a chosen way (panic, error, bad id).
//! * `kit-base`, `kit-needs-base`, `kit-rival`, `kit-cycle-a`, `kit-cycle-b` —
//!   no-op plugins with dependencies, a conflict and a dependency cycle.

use carcassonne_plugin_sdk::prelude::*;
use carcassonne_plugin_sdk::register_plugin;

// ---------------------------------------------------------------- everything

/// A plugin that subscribes to every hook (see the crate documentation).
pub struct Everything {
    bonus: i32,
}

/// Options of `kit-everything`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct EverythingOptions {
    /// Points per special option taken.
    pub bonus: i32,
}

impl Default for EverythingOptions {
    fn default() -> Self {
        EverythingOptions { bonus: 1 }
    }
}

impl Config for EverythingOptions {
    const DOCS: &'static [(&'static str, &'static str)] =
        &[("bonus", "Points for taking the special figure option.")];
}

/// Decision pushed after some placements.
const TAG_DECISION: u16 = 1;
/// Chance event pushed after some figure steps.
const TAG_CHANCE: u16 = 2;
/// Code of the special figure option.
const SPECIAL: u32 = 7;

// State words.
const TURNS: usize = 0;
const DRAWN: usize = 1;
const MERGES: usize = 2;
const CLOSED: usize = 3;
const SCORED: usize = 4;
const DECIDED: usize = 5;
const CHANCED: usize = 6;
const SPECIALS: usize = 7;

fn check(ok: bool, what: &str) -> HookResult {
    if ok {
        Ok(())
    } else {
        Err(Error::new(format!("invariant broken: {what}")))
    }
}

impl Plugin for Everything {
    type Config = EverythingOptions;
    const ID: &'static str = "kit-everything";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin subscribing to every hook";
    const HOOKS: u32 = hook::ALL;
    const GAME_WORDS: u32 = 8;
    const FEATURE_WORDS: u32 = 1;
    const MARKERS: &'static [&'static str] = &["pennant"];

    fn new(o: EverythingOptions) -> Result<Self, ConfigError> {
        Ok(Everything { bonus: o.bonus })
    }

    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        check(cx.players() >= 2, "players")?;
        check(cx.state().iter().all(|&w| w == 0), "state starts at zero")?;
        check(cx.placed_count() == 1, "the start tile is placed")
    }

    fn tile_drawn(&self, cx: &mut Cx<'_>, tile: TileTypeId) -> HookResult {
        check(cx.drawn_tile() == Some(tile), "drawn tile")?;
        check(!cx.tile_type_name(tile).is_empty(), "tile type name")?;
        cx.state_mut()[DRAWN] += 1;
        Ok(())
    }

    fn filter_placements(
        &self,
        _v: &View<'_>,
        _tile: TileTypeId,
        cands: &[Placement],
        keep: &mut [bool],
    ) -> HookResult {
        // Forbid rotation 3 on every fifth diagonal, but never everything.
        let mut kept = 0;
        for (c, k) in cands.iter().zip(keep.iter_mut()) {
            if c.rot == 3 && (c.pos.x + c.pos.y).rem_euclid(5) == 0 {
                *k = false;
            } else if *k {
                kept += 1;
            }
        }
        if kept == 0 {
            if let Some(k) = keep.first_mut() {
                *k = true;
            }
        }
        Ok(())
    }

    fn features_merged(&self, cx: &mut Cx<'_>, kept: FeatureId, absorbed: FeatureId) -> HookResult {
        check(cx.find(absorbed) == kept, "absorbed joins kept")?;
        let a = cx.feature_state(absorbed)[0];
        cx.feature_state_mut(kept)[0] += a + 1;
        cx.state_mut()[MERGES] += 1;
        Ok(())
    }

    fn tile_placed(&self, cx: &mut Cx<'_>, tile: TileIndex) -> HookResult {
        check(cx.last_placed() == Some(tile), "last placed")?;
        check(
            cx.tile_at(cx.tile_pos(tile)) == Some(tile),
            "tile_at(tile_pos)",
        )?;
        for l in 0..cx.tile_feature_count(tile) {
            let f = cx.feature_of(tile, l);
            check(
                cx.feature_tile(f) == tile && cx.feature_local(f) == l,
                "feature_of",
            )?;
            check(
                cx.feature_kind(f) == cx.tile_feature_kind(tile, l),
                "feature kind",
            )?;
            let members = cx.members(cx.find(f)).count();
            check(members >= 1 && members <= cx.feature_count(), "members")?;
        }
        if cx.turn().is_multiple_of(9) {
            let p = cx.current_player();
            cx.push_decision(p, TAG_DECISION, u32::from(tile));
        }
        Ok(())
    }

    fn before_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        check(cx.last_placed().is_some(), "a tile was placed")
    }

    fn figure_options(&self, v: &View<'_>, opts: &mut Vec<FigureOption>) -> HookResult {
        if v.turn().is_multiple_of(4) {
            opts.push(v.special_option(SPECIAL));
        }
        Ok(())
    }

    fn figure_chosen(&self, cx: &mut Cx<'_>, opt: FigureOption) -> HookResult {
        if cx.my_special(opt) == Some(SPECIAL) {
            let p = cx.current_player();
            cx.add_score(p, self.bonus);
            cx.state_mut()[SPECIALS] += 1;
        }
        Ok(())
    }

    fn after_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        if cx.turn().is_multiple_of(7) {
            cx.push_chance(TAG_CHANCE, 0);
        }
        Ok(())
    }

    fn step_options(&self, _v: &View<'_>, step: Step, out: &mut Vec<u32>) -> HookResult {
        check(step.tag == TAG_DECISION, "decision tag")?;
        out.extend([0, 1, 2]);
        Ok(())
    }

    fn step_outcomes(&self, _v: &View<'_>, step: Step, out: &mut Vec<(u32, u32)>) -> HookResult {
        check(step.tag == TAG_CHANCE, "chance tag")?;
        out.extend([(0, 1), (1, 2), (2, 1)]);
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        let me = cx.plugin_index();
        check(step.owner == me, "step owner")?;
        if step.tag == TAG_DECISION {
            cx.state_mut()[DECIDED] += 1;
            cx.add_score(step.player, value as i32);
        } else {
            cx.state_mut()[CHANCED] += 1;
            let p = cx.current_player();
            cx.add_score(p, value as i32);
        }
        Ok(())
    }

    fn majority(
        &self,
        _v: &View<'_>,
        info: &MajorityInfo<'_>,
        winners: &mut PlayerSet,
    ) -> HookResult {
        // Road ties go to the lowest seat.
        if info.kind == FeatureKind::Road && winners.len() > 1 {
            if let Some(first) = winners.iter().next() {
                *winners = PlayerSet::EMPTY;
                winners.insert(first);
            }
        }
        Ok(())
    }

    fn points(&self, v: &View<'_>, info: &ScoreInfo, points: &mut i32) -> HookResult {
        if info.kind == FeatureKind::Road {
            *points += info.tiles as i32 / 4;
        }
        if info.kind == FeatureKind::City && v.my_marker(0) != 0 {
            *points += info.pennants as i32 % 2;
        }
        Ok(())
    }

    fn feature_scored(
        &self,
        cx: &mut Cx<'_>,
        info: &ScoreInfo,
        winners: PlayerSet,
        points: i32,
    ) -> HookResult {
        cx.state_mut()[SCORED] += 1;
        cx.feature_state_mut(info.feature)[0] += 1000;
        if cx.logging() {
            cx.log(format!(
                "{} scored {points} for {} player(s)",
                info.kind,
                winners.len()
            ));
        }
        Ok(())
    }

    fn field_closed(&self, cx: &mut Cx<'_>, field: FeatureId) -> HookResult {
        check(
            cx.feature_kind(field) == FeatureKind::Field,
            "closed field kind",
        )?;
        check(cx.is_complete(field), "closed field complete")?;
        let _cities = cx.bordering_cities(field);
        cx.state_mut()[CLOSED] += 1;
        Ok(())
    }

    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        cx.state_mut()[TURNS] += 1;
        // Figures are conserved: supply + deployed = per player.
        for p in 0..cx.players() {
            let deployed = (0..cx.figure_count() as u16)
                .filter(|&g| cx.figure_owner(g) == p && cx.figure_kind(g) == 0)
                .filter(|&g| cx.figure_feature(g).is_some())
                .count();
            check(
                deployed + usize::from(cx.supply(p, 0)) == 7,
                "followers conserved",
            )?;
        }
        // Every eleventh turn, score the placed tile's unfinished roads early.
        if cx.turn().is_multiple_of(11) {
            if let Some(t) = cx.last_placed() {
                for l in 0..cx.tile_feature_count(t) {
                    let f = cx.feature_of(t, l);
                    if cx.feature_kind(f) == FeatureKind::Road
                        && !cx.is_complete(f)
                        && cx.figures_in(f).next().is_some()
                    {
                        cx.score_feature(f, ScoreReason::Early)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn final_scoring(&self, cx: &mut Cx<'_>) -> HookResult {
        let bonus = (cx.state()[TURNS] % 3) as i32;
        for p in 0..cx.players() {
            cx.add_score(p, bonus);
        }
        Ok(())
    }

    fn value_name(&self, what: NameCtx, value: u32) -> String {
        let names: &[&str] = match what {
            NameCtx::Step(s) if s.tag == TAG_DECISION => &["zero", "one", "two"],
            NameCtx::Step(_) => &["low", "mid", "high"],
            NameCtx::Special => &["", "", "", "", "", "", "", "bonus"],
        };
        names
            .get(value as usize)
            .map_or_else(|| value.to_string(), |s| s.to_string())
    }

    fn parse_value(&self, what: NameCtx, text: &str) -> Option<u32> {
        (0..8).find(|&v| self.value_name(what, v) == text)
    }

    fn describe_step(&self, step: Step) -> String {
        if step.tag == TAG_DECISION {
            "kit decision: take 0-2 points".into()
        } else {
            "kit chance: 0-2 points".into()
        }
    }
}

register_plugin!(Everything);

// ---------------------------------------------------------------------- hot

/// Only the hot hooks, with trivial bodies: measures bare dispatch.
pub struct Hot;

impl Plugin for Hot {
    type Config = NoOptions;
    const ID: &'static str = "kit-hot";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin with trivial hot hooks";
    const HOOKS: u32 = hook::FILTER_PLACEMENTS | hook::MAJORITY | hook::POINTS;

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(Hot)
    }

    fn filter_placements(
        &self,
        _v: &View<'_>,
        _tile: TileTypeId,
        cands: &[Placement],
        keep: &mut [bool],
    ) -> HookResult {
        // Keep everything, but look at every candidate.
        for (c, k) in cands.iter().zip(keep.iter_mut()) {
            *k &= c.rot < 4;
        }
        Ok(())
    }

    fn majority(&self, _v: &View<'_>, _info: &MajorityInfo<'_>, _w: &mut PlayerSet) -> HookResult {
        Ok(())
    }

    fn points(&self, _v: &View<'_>, info: &ScoreInfo, points: &mut i32) -> HookResult {
        if info.kind == FeatureKind::Road {
            *points += 1;
        }
        Ok(())
    }
}

register_plugin!(Hot);

// ------------------------------------------------------------------- faulty

/// How `kit-faulty` fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FaultMode {
    /// `panic!`.
    Panic,
    /// Return `Err`.
    Error,
    /// Pass a tile index that does not exist to the host.
    BadId,
}

/// Options of `kit-faulty`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct FaultyOptions {
    /// Hook to fail in.
    pub hook: String,
    /// How.
    pub mode: FaultMode,
}

impl Default for FaultyOptions {
    fn default() -> Self {
        FaultyOptions {
            hook: "points".into(),
            mode: FaultMode::Panic,
        }
    }
}

impl Config for FaultyOptions {
    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "hook",
            "The hook that fails (e.g. `points`, `tile_placed`).",
        ),
        ("mode", "How it fails: `panic`, `error` or `bad-id`."),
    ];
}

/// Fails in one hook.
pub struct Faulty {
    bit: u32,
    mode: FaultMode,
}

impl Faulty {
    fn fail(&self, v: &View<'_>) -> HookResult {
        match self.mode {
            FaultMode::Panic => panic!("kit-faulty was told to panic"),
            FaultMode::Error => Err(Error::new("kit-faulty was told to fail")),
            FaultMode::BadId => {
                let _ = v.tile_pos(60_000);
                Ok(())
            }
        }
    }
}

impl Plugin for Faulty {
    type Config = FaultyOptions;
    const ID: &'static str = "kit-faulty";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin that fails in a chosen hook";
    const HOOKS: u32 = hook::ALL;

    fn new(o: FaultyOptions) -> Result<Self, ConfigError> {
        match hook::NAMES.iter().position(|n| *n == o.hook) {
            Some(i) => Ok(Faulty {
                bit: 1 << i,
                mode: o.mode,
            }),
            None => Err(ConfigError::key(
                "hook",
                format!(
                    "unknown hook `{}`; hooks: {}",
                    o.hook,
                    hook::NAMES.join(", ")
                ),
            )),
        }
    }

    fn subscriptions(&self) -> u32 {
        self.bit
    }

    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        self.fail(cx)
    }
    fn tile_drawn(&self, cx: &mut Cx<'_>, _: TileTypeId) -> HookResult {
        self.fail(cx)
    }
    fn filter_placements(
        &self,
        v: &View<'_>,
        _: TileTypeId,
        _: &[Placement],
        _: &mut [bool],
    ) -> HookResult {
        self.fail(v)
    }
    fn features_merged(&self, cx: &mut Cx<'_>, _: FeatureId, _: FeatureId) -> HookResult {
        self.fail(cx)
    }
    fn tile_placed(&self, cx: &mut Cx<'_>, _: TileIndex) -> HookResult {
        self.fail(cx)
    }
    fn before_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        self.fail(cx)
    }
    fn figure_options(&self, v: &View<'_>, _: &mut Vec<FigureOption>) -> HookResult {
        self.fail(v)
    }
    fn figure_chosen(&self, cx: &mut Cx<'_>, _: FigureOption) -> HookResult {
        self.fail(cx)
    }
    fn after_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        self.fail(cx)
    }
    fn majority(&self, v: &View<'_>, _: &MajorityInfo<'_>, _: &mut PlayerSet) -> HookResult {
        self.fail(v)
    }
    fn points(&self, v: &View<'_>, _: &ScoreInfo, _: &mut i32) -> HookResult {
        self.fail(v)
    }
    fn feature_scored(&self, cx: &mut Cx<'_>, _: &ScoreInfo, _: PlayerSet, _: i32) -> HookResult {
        self.fail(cx)
    }
    fn field_closed(&self, cx: &mut Cx<'_>, _: FeatureId) -> HookResult {
        self.fail(cx)
    }
    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        self.fail(cx)
    }
    fn final_scoring(&self, cx: &mut Cx<'_>) -> HookResult {
        self.fail(cx)
    }
    fn figure_returned(&self, cx: &mut Cx<'_>, _: FigureId, _: FeatureId) -> HookResult {
        self.fail(cx)
    }
}

register_plugin!(Faulty);

// ------------------------------------------------------- dependency shapes

macro_rules! noop_plugin {
    ($ty:ident, $id:literal, deps = $deps:expr, conflicts = $conf:expr, $doc:literal) => {
        #[doc = $doc]
        pub struct $ty;

        impl Plugin for $ty {
            type Config = NoOptions;
            const ID: &'static str = $id;
            const VERSION: &'static str = env!("CARGO_PKG_VERSION");
            const DESCRIPTION: &'static str = $doc;
            const DEPENDS_ON: &'static [&'static str] = $deps;
            const CONFLICTS_WITH: &'static [&'static str] = $conf;
            const HOOKS: u32 = 0;

            fn new(_: NoOptions) -> Result<Self, ConfigError> {
                Ok($ty)
            }
        }

        register_plugin!($ty);
    };
}

noop_plugin!(
    Base,
    "kit-base",
    deps = &[],
    conflicts = &[],
    "test plugin others depend on"
);
noop_plugin!(
    NeedsBase,
    "kit-needs-base",
    deps = &["kit-base"],
    conflicts = &[],
    "test plugin that depends on kit-base"
);
noop_plugin!(
    Rival,
    "kit-rival",
    deps = &[],
    conflicts = &["kit-base"],
    "test plugin that conflicts with kit-base"
);
noop_plugin!(
    CycleA,
    "kit-cycle-a",
    deps = &["kit-cycle-b"],
    conflicts = &[],
    "test plugin in a dependency cycle"
);
noop_plugin!(
    CycleB,
    "kit-cycle-b",
    deps = &["kit-cycle-a"],
    conflicts = &[],
    "test plugin in a dependency cycle"
);

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_plugin_sdk::testing::check_plugin;

    #[test]
    fn declarations_are_valid() {
        check_plugin::<Everything>().unwrap();
        check_plugin::<Hot>().unwrap();
        check_plugin::<Faulty>().unwrap();
        check_plugin::<Base>().unwrap();
        check_plugin::<NeedsBase>().unwrap();
        check_plugin::<Rival>().unwrap();
        check_plugin::<CycleA>().unwrap();
    }
}
