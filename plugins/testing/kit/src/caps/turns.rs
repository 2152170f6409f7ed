//! `kit-extra-turn`: granted turns and decisions of another player. After every
//! `every`-th regular turn, the *next* player decides whether the current player
//! gets a second, full turn (granted by this plugin; never chained).

use carcassonne_plugin_sdk::prelude::*;

/// Options of `kit-extra-turn`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// Every how many regular turns the question comes.
    pub every: u16,
}

impl Default for Options {
    fn default() -> Self {
        Options { every: 5 }
    }
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[(
        "every",
        "Every how many regular turns an extra turn is offered.",
    )];
}

/// Per-game state: regular turns seen and turns granted so far.
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct Counts {
    /// Regular turns ended.
    pub regular: u32,
    /// Granted turns begun.
    pub granted: u32,
}

/// The plugin.
pub struct ExtraTurn {
    every: u16,
}

const TAG_ASK: u16 = 1;
/// Decision option: grant the extra turn.
pub const YES: u32 = 1;

#[plugin]
impl Plugin for ExtraTurn {
    type Config = Options;
    const ID: &'static str = "kit-extra-turn";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: the next player may grant an extra turn";
    const STATE: StateSpec = StateSpec::NONE.game::<Counts>();

    fn new(o: Options) -> Result<Self, ConfigError> {
        if o.every == 0 {
            return Err(ConfigError::key("every", "must be at least 1"));
        }
        Ok(ExtraTurn { every: o.every })
    }

    fn turn_start(&self, cx: &mut Cx<'_>) -> HookResult {
        if cx.turn_granted_by() == Some(cx.plugin_index()) {
            cx.game_state_mut::<Counts>()?.granted += 1;
        }
        Ok(())
    }

    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        if cx.turn_granted_by().is_some() {
            return Ok(()); // no chain
        }
        let c = cx.game_state_mut::<Counts>()?;
        c.regular += 1;
        if c.regular % u32::from(self.every) == 0 {
            let me = cx.current_player();
            let next = me.next_in(cx.players());
            cx.push_decision(next, TAG_ASK, u32::from(me));
        }
        Ok(())
    }

    fn step_options(&self, _v: &View<'_>, _step: Step, out: &mut Vec<u32>) -> HookResult {
        out.extend([0, YES]);
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        if value == YES {
            let p = u8::try_from(step.arg).ok().and_then(PlayerId::new);
            cx.grant_turn(p.ok_or_else(|| Error::new("kit-turns: a step of no seat"))?);
        }
        Ok(())
    }

    fn value_name(&self, _what: NameCtx, value: u32) -> String {
        if value == YES { "grant" } else { "refuse" }.into()
    }

    fn parse_value(&self, _what: NameCtx, text: &str) -> Option<u32> {
        match text {
            "grant" => Some(YES),
            "refuse" => Some(0),
            _ => None,
        }
    }
}
