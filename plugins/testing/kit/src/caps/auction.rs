//! `kit-auction`: a lot drawn face up after a whole turn, decisions for every
//! player, tiles given to hands. When a tile with a cloister is placed, then
//! after that player's whole turn (`turn_over`: after any turn granted during
//! it too) as many tiles as players are drawn face up into the plugin's lot
//! (`push_public_tile_draw`, obeying every plugin's draw filter). Each other
//! player, in turn order after the placer, takes one tile of the lot (or puts
//! one back into the bag) and scores 1 point for taking one; the placer gets
//! the first tile left, and the rest go back. A taken tile waits in its
//! owner's hand and is played instead of a draw at his next regular turn
//! (`play_from_hand`; one that fits nowhere is set aside and he draws). No
//! auction while a taken tile waits, or with fewer tiles in the bag than
//! players.

use carcassonne_plugin_sdk::prelude::*;

/// Per-game state.
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct State {
    /// The player whose whole turn ends with an auction, + 1 (0: none).
    pub placer: u32,
    /// Tiles taken and not played yet.
    pub waiting: u32,
}

/// Per-player state.
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct Bought {
    /// The tile type taken, + 1 (0: none).
    pub tile: u32,
}

const TAG_PICK: u16 = 1;
/// Option codes: take (or return) the lot's tile number `code & INDEX`.
const RETURN: u32 = 0x100;
const INDEX: u32 = 0xFF;
/// Step argument: the placer's seat, and this flag on the last decision.
const LAST: u32 = 0x100;

/// The plugin.
pub struct Auction;

impl Auction {
    fn has_cloister(v: &View<'_>, t: TileIndex) -> bool {
        (0..v.tile_feature_count(t)).any(|l| v.tile_feature_kind(t, l) == FeatureKind::Cloister)
    }

    /// Gives `tile` to `player` and remembers it until he plays it.
    fn give(cx: &mut Cx<'_>, player: PlayerId, tile: TileTypeId) -> HookResult {
        if !cx.give_lot_tile(player, tile) {
            return Err(Error::new("the tile is not in the lot"));
        }
        cx.player_state_mut::<Bought>(player)?.tile = u32::from(tile) + 1;
        cx.game_state_mut::<State>()?.waiting += 1;
        Ok(())
    }
}

#[plugin]
impl Plugin for Auction {
    type Config = NoOptions;
    const ID: &'static str = "kit-auction";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: an auction of face-up tiles after a whole turn";
    const STATE: StateSpec = StateSpec::NONE.game::<State>().player::<Bought>();

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(Auction)
    }

    fn tile_placed(&self, cx: &mut Cx<'_>, tile: TileIndex) -> HookResult {
        let s = *cx.game_state::<State>()?;
        if s.waiting == 0 && Self::has_cloister(cx, tile) {
            let me = cx.current_player();
            cx.game_state_mut::<State>()?.placer = u32::from(me) + 1;
        }
        Ok(())
    }

    fn turn_over(&self, cx: &mut Cx<'_>) -> HookResult {
        let placer = std::mem::take(&mut cx.game_state_mut::<State>()?.placer);
        let n = cx.players();
        if placer == 0 || cx.bag_len() < usize::from(n) {
            return Ok(());
        }
        let Some(placer) = PlayerId::new((placer - 1) as u8) else {
            return Err("no such placer".into());
        };
        for _ in 0..n {
            cx.push_public_tile_draw();
        }
        for i in 1..n {
            let last = if i + 1 == n { LAST } else { 0 };
            cx.push_decision(
                placer.offset(u32::from(i), n),
                TAG_PICK,
                u32::from(placer) | last,
            );
        }
        Ok(())
    }

    fn step_options(&self, v: &View<'_>, _step: Step, out: &mut Vec<u32>) -> HookResult {
        let n = v.my_lot().len() as u32;
        out.extend(0..n);
        out.extend((0..n).map(|i| RETURN | i));
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        let lot = cx.my_lot();
        let tile = *lot
            .get((value & INDEX) as usize)
            .ok_or("no such tile in the lot")?;
        if value & RETURN != 0 {
            cx.return_lot_tile(tile);
        } else {
            Self::give(cx, step.player, tile)?;
            if step.player != cx.current_player() {
                cx.add_score(step.player, 1);
            }
        }
        if step.arg & LAST != 0 {
            // The placer takes the first tile left; the others go back.
            let placer = PlayerId::new((step.arg & 0xFF) as u8).ok_or("no such placer")?;
            let left = cx.my_lot();
            if let Some((&first, rest)) = left.split_first() {
                Self::give(cx, placer, first)?;
                for &t in rest {
                    cx.return_lot_tile(t);
                }
            }
        }
        Ok(())
    }

    /// A taken tile is played instead of the draw of its owner's next regular
    /// turn (set aside by the core if it fits nowhere).
    fn turn_start(&self, cx: &mut Cx<'_>) -> HookResult {
        let me = cx.current_player();
        let bought = cx.player_state::<Bought>(me)?.tile;
        if bought == 0 || cx.turn_granted_by().is_some() {
            return Ok(());
        }
        cx.player_state_mut::<Bought>(me)?.tile = 0;
        cx.game_state_mut::<State>()?.waiting -= 1;
        cx.play_from_hand(TileTypeId((bought - 1) as u16))?;
        Ok(())
    }

    fn value_name(&self, _what: NameCtx, value: u32) -> String {
        let verb = if value & RETURN != 0 {
            "return"
        } else {
            "take"
        };
        format!("{verb} {}", value & INDEX)
    }

    fn parse_value(&self, _what: NameCtx, text: &str) -> Option<u32> {
        let (verb, i) = text.split_once(' ')?;
        let i: u32 = i.parse().ok().filter(|&i| i <= INDEX)?;
        match verb {
            "take" => Some(i),
            "return" => Some(RETURN | i),
            _ => None,
        }
    }
}
