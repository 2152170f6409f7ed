//! `kit-abbey`: a tile held in hand with wildcard sides. At the start of his turn
//! a player who holds the kit abbey and sees a hole (an empty square with four
//! neighbours) decides whether to play it instead of drawing; it goes only into
//! holes (a placement filter). When the bag is empty, every player still holding
//! one gets a last turn to play it, in turn order after the current player.

use carcassonne_plugin_sdk::prelude::*;

/// The plugin's tile: an abbey with four wildcard sides, one per player in hand.
pub const TILES: &str = r#"
name = "kit-abbey"
[[tiles]]
id = "KIT/A"
per_player = 1
sides = "????"
features = [ { kind = "cloister" } ]
"#;

/// Per-game state.
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct State {
    /// The abbey's tile type + 1 (found at setup: the tile the players hold).
    pub abbey: u32,
    /// 1 once the round at the end is granted.
    pub granted: u32,
}

const TAG_PLAY: u16 = 1;
/// Decision option: play the abbey.
pub const PLAY: u32 = 1;

/// The plugin.
pub struct Abbey;

impl Abbey {
    /// The abbey's tile type.
    fn abbey(v: &View<'_>) -> Option<TileTypeId> {
        let a = v.game_state::<State>().ok()?.abbey;
        (a > 0).then(|| TileTypeId((a - 1) as u16))
    }

    fn is_hole(v: &View<'_>, p: Pos) -> bool {
        v.tile_at(p).is_none() && Side::ALL.iter().all(|&d| v.tile_at(p.step(d)).is_some())
    }

    fn any_hole(v: &View<'_>) -> bool {
        (0..v.placed_count() as u16).any(|t| {
            let p = v.tile_pos(TileIndex(t));
            Side::ALL.iter().any(|&d| Self::is_hole(v, p.step(d)))
        })
    }
}

#[plugin]
impl Plugin for Abbey {
    type Config = NoOptions;
    const ID: &'static str = "kit-abbey";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: an abbey from the hand into a hole";
    const TILESETS: &'static [&'static str] = &[TILES];
    const STATE: StateSpec = StateSpec::NONE.game::<State>();

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(Abbey)
    }

    /// The abbey is the tile type the players hold in hand at the start.
    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        let held = (0..cx.tile_type_count() as u16)
            .map(TileTypeId)
            .find(|&t| cx.hand_count(PlayerId::ALL[0], t) > 0);
        cx.game_state_mut::<State>()?.abbey = held.map_or(0, |t| u32::from(t) + 1);
        Ok(())
    }

    fn turn_start(&self, cx: &mut Cx<'_>) -> HookResult {
        let me = cx.current_player();
        let Some(a) = Self::abbey(cx) else {
            return Ok(());
        };
        if cx.hand_count(me, a) > 0 && Self::any_hole(cx) {
            cx.push_decision(me, TAG_PLAY, 0);
        }
        Ok(())
    }

    fn step_options(&self, _v: &View<'_>, _step: Step, out: &mut Vec<u32>) -> HookResult {
        out.extend([0, PLAY]);
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, _step: Step, value: u32) -> HookResult {
        if value == PLAY {
            let a = Self::abbey(cx).ok_or("no abbey tile")?;
            if !cx.play_from_hand(a)? {
                return Err(Error::new("the abbey could not be played"));
            }
        }
        Ok(())
    }

    fn filter_placements(
        &self,
        v: &View<'_>,
        tile: TileTypeId,
        cands: &[Placement],
        keep: &mut [bool],
    ) -> HookResult {
        if Some(tile) != Self::abbey(v) {
            return Ok(());
        }
        veto(cands, keep, |c| {
            !Side::ALL
                .iter()
                .all(|&d| v.tile_at(c.pos.step(d)).is_some())
        });
        Ok(())
    }

    fn game_ending(&self, cx: &mut Cx<'_>) -> HookResult {
        if cx.game_state::<State>()?.granted != 0 {
            return Ok(());
        }
        cx.game_state_mut::<State>()?.granted = 1;
        let Some(a) = Self::abbey(cx) else {
            return Ok(());
        };
        let (n, last) = (cx.players(), cx.current_player());
        for i in 1..=n {
            let p = last.offset(u32::from(i), n);
            if cx.hand_count(p, a) > 0 {
                cx.grant_turn(p);
            }
        }
        Ok(())
    }

    fn value_name(&self, _what: NameCtx, value: u32) -> String {
        if value == PLAY { "play" } else { "keep" }.into()
    }

    fn parse_value(&self, _what: NameCtx, text: &str) -> Option<u32> {
        match text {
            "play" => Some(PLAY),
            "keep" => Some(0),
            _ => None,
        }
    }
}
