//! # The `bridges` plugin (Bridges, Castles & Bazaars: the bridges)
//!
//! Rulings BB2, BB4–BB13 and X57–X60 of
//! `shared/expansions/bridges-castles-and-bazaars.md`; the player-facing
//! description, with the source of every rule, is `docs/plugins/bridges.md`.
//!
//! * **Pieces, not figures**: each player has a number of bridges (BB2: 3 with
//!   up to four players, 2 with five or six; `count`), kept in per-player state.
//! * **A bridge is laid with the tile** (BB5, BB7): every placement that lays
//!   one is a placement candidate the plugin offers in `extra_placements`, with
//!   the road the bridge adds (`PiecePlacement`: the core checks that every
//!   side fits with the road added, adds it with `add_tile_feature`'s
//!   operation, then places the tile; one action, one undo, its record text
//!   `place 2 0 1 bridges west WE`). Offered: a bridge by choice on the placed
//!   tile, or (`sites = "placed-or-adjacent"`) on a placed tile next to it,
//!   with every plain placement; and the placements plain matching refuses
//!   that one bridge repairs (BB7): the new tile's field side facing a road (a
//!   bridge across the new tile), or its road facing a neighbour's field side
//!   (a bridge across that neighbour, its far end facing an empty square).
//! * **Where a bridge may lie** (BB4, BB6, X59): across two opposite field
//!   sides of a tile that has no bridge yet; each end faces an empty square or
//!   a road side (on an older tile: an empty square, never an abbey).
//! * **The bridge's road** (BB9–BB12) is the core's: a road feature owning the
//!   two middle slots, so fields stay whole, roads join across its ends, and
//!   what it completes is scored this turn; a bridge on the placed tile is
//!   offered in the figure step.
//! * **A tile that fits only with a bridge** (BB8): its repairs are marked
//!   optional, so the core offers `set-aside` as well
//!   (`bridge-only-fit = "may-set-aside"`); with `"must-place"` it must be
//!   placed.
//!
//! When every player has laid every bridge, `extra_placements` and
//! `tile_placed` are switched off (they cost nothing afterwards). Each player's bridges left are his note
//! (`player_note`), drawn beside him in the plugin's style (`style.toml`).

use carcassonne_plugin_sdk::prelude::*;

mod fits;
mod frontier;
mod offer;
mod pieces;
mod sides;

use fits::FitCache;
use frontier::FrontierMap;
use pieces::{piece_label, piece_name};
use std::sync::OnceLock;

/// Where a bridge laid by choice may go (BB5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum Sites {
    /// On the placed tile or a placed tile orthogonally next to it (rule texts).
    #[default]
    PlacedOrAdjacent,
    /// On the placed tile only; a neighbour gets one only when the placement
    /// needs it (JCloisterZone).
    PlacedOnly,
}

/// What a tile that fits only with a bridge allows (BB8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum BridgeOnlyFit {
    /// Place it with its bridge, or set it aside and draw again (JCloisterZone).
    #[default]
    MaySetAside,
    /// It counts as fitting and must be placed.
    MustPlace,
}

/// The most bridges each player may get with a number for `count`: a house
/// rule's "as many as you like" with room to spare, and a number no typo of
/// a few more digits passes.
pub const MAX_COUNT: u32 = 99;

/// The plugin's options (`[plugins.bridges]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// Bridges per player.
    pub count: PerPlayer,
    /// Where a bridge laid by choice may go.
    pub sites: Sites,
    /// Whether a tile that fits only with a bridge may be set aside.
    pub bridge_only_fit: BridgeOnlyFit,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            count: PerPlayer::default(),
            sites: Sites::PlacedOrAdjacent,
            bridge_only_fit: BridgeOnlyFit::MaySetAside,
        }
    }
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "count",
            "BB2: bridges per player: \"by-players\" (3 with 2-4 players, 2 with 5-6) or a number (at most 99)",
        ),
        (
            "sites",
            "BB5: where a bridge laid by choice may go: \"placed-or-adjacent\" (the placed tile or a tile next to it; rule texts) or \"placed-only\" (JCloisterZone; a neighbour still gets one when the placement needs it)",
        ),
        (
            "bridge-only-fit",
            "BB8: a tile that fits only with a bridge: \"may-set-aside\" (placed with its bridge or set aside; JCloisterZone) or \"must-place\"",
        ),
    ];
}

/// Per-player state (public).
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct Laid {
    /// Bridges laid so far.
    pub bridges: u32,
}

/// The plugin.
pub struct Bridges {
    options: Options,
    /// Whether a tile type of the ruleset has a barrier side (the river),
    /// read from the catalogue at the first use (an instance serves one
    /// ruleset): without one, a neighbour's sides need no look
    /// ([`frontier::bridgeable`]).
    barriers: OnceLock<bool>,
}

thread_local! {
    /// The buffers of [`FrontierMap`], reused from call to call (every
    /// entry is written again before it is read), and the [`FitCache`].
    static MAP: std::cell::RefCell<(FrontierMap, FitCache)> = std::cell::RefCell::default();
}

#[plugin]
impl Plugin for Bridges {
    type Config = Options;
    const ID: &'static str = "bridges";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "Bridges, Castles & Bazaars: bridges laid with a tile, carrying a road over a field";
    const STYLE: &'static str = include_str!("../style.toml");
    const STATE: StateSpec = StateSpec::NONE.player::<Laid>();

    /// The candidates' promise (`OFFERED_FIT`): on a board whose sides are
    /// all plain, a candidate is offered only where it fits (its clashes and
    /// a bridge's ends are read from the side kinds, which then decide as
    /// the core's check does), so the core keeps them unchecked. Where sides
    /// are not plain (a river's barrier sides, which the plugin reads as
    /// wildcards), the core checks every candidate.
    fn narrowing(&self) -> u64 {
        narrow::OFFERED_FIT
    }

    fn new(options: Options) -> Result<Self, ConfigError> {
        options.count.at_most("count", MAX_COUNT)?;
        Ok(Bridges {
            options,
            barriers: OnceLock::new(),
        })
    }

    /// BB5–BB8: the placements that lay a bridge.
    fn extra_placements(
        &self,
        v: &View<'_>,
        tile: TileTypeId,
        out: &mut Vec<PiecePlacement>,
    ) -> HookResult {
        let me = v.current_player();
        if v.player_state::<Laid>(me)?.bridges >= self.options.count.per_player(v.players()) {
            return Ok(());
        }
        // The frontier read once into a map by position (buffers reused
        // from call to call; a fresh one if they are in use).
        MAP.with(|m| match m.try_borrow_mut() {
            Ok(mut m) => {
                let (map, fits) = &mut *m;
                self.offer(v, tile, map, fits, out);
            }
            Err(_) => self.offer(
                v,
                tile,
                &mut FrontierMap::default(),
                &mut FitCache::default(),
                out,
            ),
        });
        Ok(())
    }

    /// Counts the bridge laid with the placement; when no player has a bridge
    /// left, the placements with a bridge (and this hook) are switched off.
    fn tile_placed(&self, cx: &mut Cx<'_>, _tile: TileIndex) -> HookResult {
        if cx.my_placed_piece().is_none() {
            return Ok(());
        }
        let me = cx.current_player();
        cx.player_state_mut::<Laid>(me)?.bridges += 1;
        let each = self.options.count.per_player(cx.players());
        let left = PlayerId::all(cx.players())
            .any(|p| cx.player_state::<Laid>(p).is_ok_and(|l| l.bridges < each));
        if !left {
            cx.set_hook_enabled(hook::EXTRA_PLACEMENTS, false);
            cx.set_hook_enabled(hook::TILE_PLACED, false);
        }
        Ok(())
    }

    /// Public: the bridges a player has left (`2 bridges left`), drawn
    /// beside him in pictures, the browser and the terminal.
    fn player_note(&self, v: &View<'_>, player: PlayerId, out: &mut String) -> HookResult {
        let each = self.options.count.per_player(v.players());
        let left = each.saturating_sub(v.player_state::<Laid>(player)?.bridges);
        out.push_str(&match left {
            1 => "1 bridge left".to_string(),
            n => format!("{n} bridges left"),
        });
        Ok(())
    }

    /// Bridges left per player (public).
    fn observe(&self, v: &View<'_>, _player: PlayerId, out: &mut String) -> HookResult {
        let each = self.options.count.per_player(v.players());
        let mut left = Vec::new();
        for p in PlayerId::all(v.players()) {
            left.push(
                each.saturating_sub(v.player_state::<Laid>(p)?.bridges)
                    .to_string(),
            );
        }
        out.push_str(&format!("{{\"bridges_left\": [{}]}}", left.join(", ")));
        Ok(())
    }

    fn value_name(&self, _what: NameCtx, value: u32) -> String {
        piece_name(value).unwrap_or_else(|| value.to_string())
    }

    /// `with a west–east bridge on this tile`: after the placement's own text
    /// (`place 1 0 0 with a west–east bridge on this tile`).
    fn value_label(&self, what: NameCtx, value: u32) -> String {
        match what {
            NameCtx::Piece => piece_label(value).unwrap_or_default(),
            _ => String::new(),
        }
    }

    fn parse_value(&self, _what: NameCtx, text: &str) -> Option<u32> {
        (0..10).find(|&c| piece_name(c).as_deref() == Some(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<Bridges>().unwrap();
    }

    #[test]
    fn bb2_three_bridges_up_to_four_players_two_with_five_or_six() {
        let by = Options::default().count;
        assert_eq!([1, 2, 4, 5, 6].map(|n| by.per_player(n)), [3, 3, 3, 2, 2]);
        assert_eq!(PerPlayer::Fixed(5).per_player(6), 5);
    }

    #[test]
    fn bb2_a_number_of_bridges_is_at_most_99() {
        let with = |count| {
            Bridges::new(Options {
                count,
                ..Options::default()
            })
        };
        assert!(with(PerPlayer::Fixed(99)).is_ok());
        assert!(with(PerPlayer::default()).is_ok());
        for n in [100, 4_000_000_000] {
            let e = with(PerPlayer::Fixed(n)).err().map(|e| e.problems);
            assert_eq!(
                e,
                Some(vec![(
                    Some("count".to_string()),
                    format!(
                        "expected \"by-players\" or a whole number of pieces from 0 to 99, found {n}"
                    )
                )])
            );
        }
    }
}
