//! `kit-final-word`: the last window before final scoring. When the game
//! ends it grants the current player one more turn (`game_ending`, once);
//! after that turn (`before_final_scoring`, once) the first player decides:
//! `stay`, or `home` (his figures on the board go home and score nothing).

use carcassonne_plugin_sdk::prelude::*;

/// Per-game state.
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct State {
    /// 1 once the turn was granted.
    pub granted: u32,
    /// 1 once the first player was asked.
    pub asked: u32,
}

const TAG_WORD: u16 = 1;
const STAY: u32 = 0;
const HOME: u32 = 1;
const NAMES: [&str; 2] = ["stay", "home"];

/// The plugin.
pub struct FinalWord;

#[plugin]
impl Plugin for FinalWord {
    type Config = NoOptions;
    const ID: &'static str = "kit-final-word";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "test plugin: a turn granted at the end, then a decision in the last window before final scoring";
    const STATE: StateSpec = StateSpec::NONE.game::<State>();

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(FinalWord)
    }

    fn game_ending(&self, cx: &mut Cx<'_>) -> HookResult {
        if std::mem::replace(&mut cx.game_state_mut::<State>()?.granted, 1) == 0 {
            let me = cx.current_player();
            cx.grant_turn(me);
        }
        Ok(())
    }

    fn before_final_scoring(&self, cx: &mut Cx<'_>) -> HookResult {
        if std::mem::replace(&mut cx.game_state_mut::<State>()?.asked, 1) == 0 {
            cx.push_decision(PlayerId::ALL[0], TAG_WORD, 0);
        }
        Ok(())
    }

    fn step_options(&self, _v: &View<'_>, _step: Step, out: &mut Vec<u32>) -> HookResult {
        out.extend([STAY, HOME]);
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        if value == HOME {
            let home: Vec<FigureId> = (0..cx.figure_count() as u16)
                .map(FigureId)
                .filter(|&g| cx.figure_owner(g) == Some(step.player) && cx.figure_tile(g).is_some())
                .collect();
            for g in home {
                cx.return_figure(g)?;
            }
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
