//! `kit-quarters`: an area off the board, figures moved from it into a
//! feature about to be scored, and scoring results told apart from bonuses.
//!
//! * **The quarter** (`AREAS = ["quarter"]`): instead of another figure-step
//!   action a player may put a follower from his supply into the quarter (the
//!   option `deploy follower in quarter`, a `Deploy` at `Location::Area`).
//!   There it is in no feature: it occupies nothing, counts in no majority,
//!   is never sent home by a scoring.
//! * **Leaving it.** Before the scoring step (`before_scoring`), each player
//!   with a follower in the quarter, from the player after the active one round
//!   to the active player, may move one of them into a city about to be
//!   scored (`pending_scorings`), occupied or not (`move_figure`): it then
//!   counts in the city's majority and goes home with the others.
//! * **Awards.** Each player's points from scorings *apart from bonuses*
//!   (`info.award(points)` in `feature_scored`) are summed in his state and
//!   shown as his note (`player_note`).

use carcassonne_plugin_sdk::prelude::*;

/// Per-player state: points awarded to him by scorings, bonuses left out.
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct Awards {
    /// The sum.
    pub points: i32,
}

/// The plugin.
pub struct Quarters;

const TAG_LEAVE: u16 = 1;
/// The option "stay in the quarter" (no spot on a real board has code 0: it is
/// the north-west corner of the coordinates a code holds).
pub const STAY: u32 = 0;
/// The follower's kind.
const FOLLOWER: FigureKindId = FigureKindId(0);
const QUARTER: usize = 0;

impl Quarters {
    /// The cities about to be scored, as the options of a move (spots of their roots).
    fn targets(v: &View<'_>) -> Vec<u32> {
        v.pending_scorings()
            .iter()
            .filter(|&&f| v.feature_kind(f) == FeatureKind::City)
            .filter_map(|&f| Spot::of_feature(v, f).code())
            .collect()
    }
}

#[plugin]
impl Plugin for Quarters {
    type Config = NoOptions;
    const ID: &'static str = "kit-quarters";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "test plugin: followers wait in a quarter off the board and join cities about to be scored";
    const AREAS: &'static [&'static str] = &["quarter"];
    const STATE: StateSpec = StateSpec::NONE.player::<Awards>();

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(Quarters)
    }

    fn figure_options(&self, v: &View<'_>, opts: &mut Vec<FigureOption>) -> HookResult {
        if v.supply(v.current_player(), FOLLOWER) > 0 {
            let at = Location::Area(v.my_area(QUARTER));
            if v.may_deploy(FOLLOWER, at)? {
                opts.push(FigureOption::Deploy { kind: FOLLOWER, at });
            }
        }
        Ok(())
    }

    fn before_scoring(&self, cx: &mut Cx<'_>) -> HookResult {
        if Self::targets(cx).is_empty() {
            return Ok(());
        }
        let (me, n) = (cx.current_player(), cx.players());
        let quarter = cx.my_area(QUARTER);
        for i in 1..=n {
            let p = me.offset(u32::from(i), n);
            if cx
                .figures_in_area(quarter)
                .any(|g| cx.figure_owner(g) == Some(p))
            {
                cx.push_decision(p, TAG_LEAVE, 0);
            }
        }
        Ok(())
    }

    fn step_options(&self, v: &View<'_>, _step: Step, out: &mut Vec<u32>) -> HookResult {
        out.push(STAY);
        out.extend(Self::targets(v));
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        if value == STAY {
            return Ok(());
        }
        if !Self::targets(cx).contains(&value) {
            return Err(Error::new("no city about to be scored there"));
        }
        let city = Spot::from_code(value)
            .feature(cx)
            .ok_or_else(|| Error::new("no such city"))?;
        let quarter = cx.my_area(QUARTER);
        let g = cx
            .figures_in_area(quarter)
            .find(|&g| cx.figure_owner(g) == Some(step.player))
            .ok_or_else(|| Error::new("no follower of the player in the quarter"))?;
        if !cx.move_figure(g, Location::Feature(city))? {
            return Err(Error::new("the follower could not move"));
        }
        Ok(())
    }

    fn feature_scored(&self, cx: &mut Cx<'_>, info: &ScoreInfo<'_>, points: &Points) -> HookResult {
        let award = info.award(points);
        for p in award.winners.iter() {
            let a = award.get(p);
            cx.player_state_mut::<Awards>(p)?.points += a;
        }
        Ok(())
    }

    fn player_note(&self, v: &View<'_>, player: PlayerId, out: &mut String) -> HookResult {
        let a = v.player_state::<Awards>(player)?.points;
        if a != 0 {
            out.push_str(&format!("awarded {a}"));
        }
        Ok(())
    }

    fn value_name(&self, _what: NameCtx, value: u32) -> String {
        if value == STAY {
            "stay".into()
        } else {
            Spot::from_code(value).name()
        }
    }

    fn parse_value(&self, _what: NameCtx, text: &str) -> Option<u32> {
        if text == "stay" {
            Some(STAY)
        } else {
            Spot::parse(text)?.code()
        }
    }

    fn describe_step(&self, _step: Step) -> String {
        "move a follower from the quarter into a city about to be scored?".into()
    }
}
