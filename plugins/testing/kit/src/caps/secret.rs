//! `kit-secret`: per-player state and what each player sees of it. Each player
//! draws a secret number (a chance event) at setup; the observation hook shows a
//! player his own number and only how many numbers the others hold.

use carcassonne_plugin_sdk::prelude::*;

/// Per-player state.
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct Secret {
    /// The number + 1 (0: not drawn yet).
    pub number: u32,
}

const TAG_DRAW: u16 = 1;

/// The plugin.
pub struct SecretPlugin;

#[plugin]
impl Plugin for SecretPlugin {
    type Config = NoOptions;
    const ID: &'static str = "kit-secret";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: secret numbers per player";
    const STATE: StateSpec = StateSpec::NONE.player::<Secret>();

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(SecretPlugin)
    }

    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        for p in PlayerId::all(cx.players()) {
            cx.push_chance(TAG_DRAW, u32::from(p));
        }
        Ok(())
    }

    fn step_outcomes(&self, _v: &View<'_>, _step: Step, out: &mut Vec<Outcome>) -> HookResult {
        out.extend((0..10).map(|code| Outcome { code, weight: 1 }));
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        let p = u8::try_from(step.arg).ok().and_then(PlayerId::new);
        let p = p.ok_or_else(|| Error::new("kit-secret: a step of no seat"))?;
        cx.player_state_mut::<Secret>(p)?.number = value + 1;
        Ok(())
    }

    fn observe(&self, v: &View<'_>, player: PlayerId, out: &mut String) -> HookResult {
        let mine = v.player_state::<Secret>(player)?.number;
        let others = PlayerId::all(v.players())
            .filter(|&p| p != player)
            .filter(|&p| v.player_state::<Secret>(p).is_ok_and(|s| s.number > 0))
            .count();
        out.push_str(&format!(
            r#"{{"mine": {}, "others_drawn": {others}}}"#,
            mine.saturating_sub(1)
        ));
        Ok(())
    }
}
