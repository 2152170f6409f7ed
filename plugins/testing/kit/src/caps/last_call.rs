//! `kit-last-call`: decisions after the last turn, before final scoring,
//! without granted turns. When the game ends (`game_ending`, once), every
//! player in turn order after the current one decides: `stay`, `home` (his
//! followers on unfinished roads go home and score nothing), or `turn` (he
//! gets one more turn, granted by this decision: with nothing left to draw it
//! ends at once). The decisions are resolved before the final scoring.

use carcassonne_plugin_sdk::prelude::*;

/// Per-game state.
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct State {
    /// 1 once the players were asked.
    pub asked: u32,
}

const TAG_CALL: u16 = 1;
/// Option codes.
const STAY: u32 = 0;
const HOME: u32 = 1;
const TURN: u32 = 2;
const NAMES: [&str; 3] = ["stay", "home", "turn"];

/// The plugin.
pub struct LastCall;

#[plugin]
impl Plugin for LastCall {
    type Config = NoOptions;
    const ID: &'static str = "kit-last-call";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "test plugin: a decision for every player before final scoring";
    const STATE: StateSpec = StateSpec::NONE.game::<State>();

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(LastCall)
    }

    fn game_ending(&self, cx: &mut Cx<'_>) -> HookResult {
        if std::mem::replace(&mut cx.game_state_mut::<State>()?.asked, 1) != 0 {
            return Ok(());
        }
        let (n, me) = (cx.players(), cx.current_player());
        for i in 1..=n {
            cx.push_decision(me.offset(u32::from(i), n), TAG_CALL, 0);
        }
        Ok(())
    }

    fn step_options(&self, _v: &View<'_>, _step: Step, out: &mut Vec<u32>) -> HookResult {
        out.extend([STAY, HOME, TURN]);
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        let p = step.player;
        match value {
            HOME => {
                let home: Vec<FigureId> = (0..cx.figure_count() as u16)
                    .map(FigureId)
                    .filter(|&g| {
                        cx.figure_owner(g) == Some(p)
                            && cx
                                .figure_feature(g)
                                .is_some_and(|f| cx.feature_kind(f) == FeatureKind::Road)
                    })
                    .collect();
                for g in home {
                    cx.return_figure(g)?;
                }
            }
            TURN => {
                cx.grant_turn(p);
            }
            _ => {}
        }
        Ok(())
    }

    fn value_name(&self, _what: NameCtx, value: u32) -> String {
        NAMES
            .get(value as usize)
            .map_or_else(|| value.to_string(), |s| s.to_string())
    }

    fn parse_value(&self, _what: NameCtx, text: &str) -> Option<u32> {
        NAMES.iter().position(|&n| n == text).map(|i| i as u32)
    }
}
