//! `kit-everything`: subscribes to (nearly) every hook and uses most of the SDK.

use carcassonne_plugin_sdk::prelude::*;

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

#[plugin]
impl Plugin for Everything {
    type Config = EverythingOptions;
    const ID: &'static str = "kit-everything";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin subscribing to most hooks";
    const STATE: StateSpec = StateSpec::NONE.game::<[u32; 8]>().feature::<u32>();
    const MARKERS: &'static [&'static str] = &["pennant"];

    fn new(o: EverythingOptions) -> Result<Self, ConfigError> {
        Ok(Everything { bonus: o.bonus })
    }

    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        check(cx.players() >= 2, "players")?;
        check(
            cx.game_state::<[u32; 8]>()?.iter().all(|&w| w == 0),
            "state starts at zero",
        )?;
        check(cx.placed_count() == 1, "the start tile is placed")
    }

    fn tile_drawn(&self, cx: &mut Cx<'_>, tile: TileTypeId) -> HookResult {
        check(cx.drawn_tile() == Some(tile), "drawn tile")?;
        check(!cx.tile_type_name(tile).is_empty(), "tile type name")?;
        cx.game_state_mut::<[u32; 8]>()?[DRAWN] += 1;
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
            if c.rot.index() == 3 && (c.pos.x + c.pos.y).rem_euclid(5) == 0 {
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
        let a = *cx.feature_state::<u32>(absorbed)?;
        *cx.feature_state_mut::<u32>(kept)? += a + 1;
        cx.game_state_mut::<[u32; 8]>()?[MERGES] += 1;
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
        if cx.turn() % 9 == 0 {
            let p = cx.current_player();
            cx.push_decision(p, TAG_DECISION, u32::from(tile));
        }
        Ok(())
    }

    fn before_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        check(cx.last_placed().is_some(), "a tile was placed")
    }

    fn figure_options(&self, v: &View<'_>, opts: &mut Vec<FigureOption>) -> HookResult {
        if v.turn() % 4 == 0 {
            opts.push(v.special_option(SPECIAL));
        }
        Ok(())
    }

    fn figure_chosen(&self, cx: &mut Cx<'_>, opt: FigureOption) -> HookResult {
        if cx.my_special(opt) == Some(SPECIAL) {
            let p = cx.current_player();
            cx.add_score(p, self.bonus);
            cx.game_state_mut::<[u32; 8]>()?[SPECIALS] += 1;
        }
        Ok(())
    }

    fn after_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        if cx.turn() % 7 == 0 {
            cx.push_chance(TAG_CHANCE, 0);
        }
        Ok(())
    }

    fn step_options(&self, _v: &View<'_>, step: Step, out: &mut Vec<u32>) -> HookResult {
        check(step.tag == TAG_DECISION, "decision tag")?;
        out.extend([0, 1, 2]);
        Ok(())
    }

    fn step_outcomes(&self, _v: &View<'_>, step: Step, out: &mut Vec<Outcome>) -> HookResult {
        check(step.tag == TAG_CHANCE, "chance tag")?;
        out.extend([(0, 1), (1, 2), (2, 1)].map(|(code, weight)| Outcome { code, weight }));
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        let me = cx.plugin_index();
        check(step.owner == me, "step owner")?;
        if step.tag == TAG_DECISION {
            cx.game_state_mut::<[u32; 8]>()?[DECIDED] += 1;
            cx.add_score(step.player, value as i32);
        } else {
            cx.game_state_mut::<[u32; 8]>()?[CHANCED] += 1;
            let p = cx.current_player();
            cx.add_score(p, value as i32);
        }
        Ok(())
    }

    fn majority(&self, _v: &View<'_>, info: &ScoreInfo<'_>, winners: &mut PlayerSet) -> HookResult {
        // Road ties go to the lowest seat.
        if info.kind == FeatureKind::Road && winners.len() > 1 {
            if let Some(first) = winners.iter().next() {
                *winners = PlayerSet::EMPTY;
                winners.insert(first);
            }
        }
        Ok(())
    }

    fn feature_value(
        &self,
        v: &View<'_>,
        info: &ScoreInfo<'_>,
        _base: i32,
        change: &mut ValueChange,
    ) -> HookResult {
        if info.kind == FeatureKind::Road {
            change.add(info.tiles as i32 / 4);
        }
        if info.kind == FeatureKind::City && v.my_marker(0) != 0 {
            change.add(info.pennants as i32 % 2);
        }
        Ok(())
    }

    fn feature_scored(&self, cx: &mut Cx<'_>, info: &ScoreInfo<'_>, pts: &Points) -> HookResult {
        let (winners, points) = (pts.winners, pts.of_winners());
        cx.game_state_mut::<[u32; 8]>()?[SCORED] += 1;
        *cx.feature_state_mut::<u32>(info.feature)? += 1000;
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
        cx.game_state_mut::<[u32; 8]>()?[CLOSED] += 1;
        Ok(())
    }

    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        cx.game_state_mut::<[u32; 8]>()?[TURNS] += 1;
        // Figures are conserved: supply + deployed = per player.
        let follower = FigureKindId(0);
        for p in PlayerId::all(cx.players()) {
            let deployed = (0..cx.figure_count() as u16)
                .map(FigureId)
                .filter(|&g| cx.figure_owner(g) == Some(p) && cx.figure_kind(g) == follower)
                .filter(|&g| cx.figure_feature(g).is_some())
                .count();
            check(
                deployed + usize::from(cx.supply(p, follower)) == 7,
                "followers conserved",
            )?;
        }
        // Every eleventh turn, score the placed tile's unfinished roads early.
        if cx.turn() % 11 == 0 {
            if let Some(t) = cx.last_placed() {
                for l in 0..cx.tile_feature_count(t) {
                    let f = cx.feature_of(t, l);
                    if cx.feature_kind(f) == FeatureKind::Road
                        && !cx.is_complete(f)
                        && cx.figures_in(f).next().is_some()
                    {
                        cx.score_early(f)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn final_scoring(&self, cx: &mut Cx<'_>) -> HookResult {
        let bonus = (cx.game_state::<[u32; 8]>()?[TURNS] % 3) as i32;
        for p in PlayerId::all(cx.players()) {
            cx.add_score(p, bonus);
        }
        Ok(())
    }

    fn value_name(&self, what: NameCtx, value: u32) -> String {
        let names: &[&str] = match what {
            NameCtx::Step(s) if s.tag == TAG_DECISION => &["zero", "one", "two"],
            NameCtx::Step(_) => &["low", "mid", "high"],
            NameCtx::Special | NameCtx::Piece => &["", "", "", "", "", "", "", "bonus"],
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
