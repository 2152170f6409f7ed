//! The river's placement rule (RV11–RV15): whether a river tile continues
//! the river, and why not, in words for the player.

use super::{bit, placed_river_sides, Flow, River, UTurn};
use carcassonne_plugin_sdk::prelude::*;

/// RV11: why a river tile that does not meet the river is refused.
const CONTINUE: &str = "a river tile must continue the river with one of its river sides";
/// RV12.
const JOIN: &str = "the river may not meet itself: only one river side may touch a tile";
/// RV13.
const TURN_BACK: &str =
    "the river may not turn back on itself (no two turns the same way in a row)";
/// A spring drawn from the bag starts the river.
const SPRING_OPEN: &str = "the spring starts the river: its river side must face open land";
/// RV15.
const FLOW_BACK: &str = "the river may not flow back against a direction it has flowed in";
/// RV14.
const AHEAD: &str = "the river needs open land ahead of each river end (3 squares wide, 2 deep)";

/// What a placement filter call learnt about one square and its neighbours
/// (the questions asked once for all the rotations of a tile there).
pub(crate) struct Near {
    /// The square.
    pub(crate) pos: Pos,
    /// Per side: the tile beside the square, once asked.
    tiles: [Option<Option<TileIndex>>; 4],
    /// Per side: the river sides and flow of the tile there, once asked.
    upstream: [Option<(u8, Flow)>; 4],
}

impl Near {
    /// Nothing asked yet about square `pos`.
    pub(crate) fn new(pos: Pos) -> Near {
        Near {
            pos,
            tiles: [None; 4],
            upstream: [None; 4],
        }
    }

    /// The tile beside the square on side `d`.
    fn tile(&mut self, v: &View<'_>, d: Side) -> Option<TileIndex> {
        let pos = self.pos;
        *self.tiles[d as usize].get_or_insert_with(|| v.tile_at(pos.step(d)))
    }

    /// The river sides (`bar`: the river's barrier name) and the flow of
    /// `prev`, the tile beside the square on side `d`.
    fn upstream(
        &mut self,
        v: &View<'_>,
        bar: u8,
        d: Side,
        prev: TileIndex,
    ) -> HookResult<(u8, Flow)> {
        if let Some(u) = self.upstream[d as usize] {
            return Ok(u);
        }
        let u = (
            placed_river_sides(v, bar, prev),
            *v.tile_state::<Flow>(prev)?,
        );
        self.upstream[d as usize] = Some(u);
        Ok(u)
    }
}

impl River {
    /// RV11–RV15: why placement `p` of a river tile with river sides `sides`
    /// does not continue the river as the options allow (`None`: it does). A
    /// `spring` drawn from the bag (its start layout lost to another) starts
    /// the river: its river sides face open land (with `look-ahead` the block
    /// ahead too), wherever its land sides fit.
    ///
    /// `near` answers the questions about `p`'s square and its neighbours
    /// (kept across the rotations of one square).
    pub(crate) fn refusal(
        &self,
        v: &View<'_>,
        sides: u8,
        spring: bool,
        p: Placement,
        near: &mut Near,
    ) -> HookResult<Option<&'static str>> {
        if spring {
            let open = Side::ALL.iter().all(|&d| {
                sides & bit(d) == 0
                    || (near.tile(v, d).is_none()
                        && (self.options.u_turn != UTurn::LookAhead
                            || Self::clear_ahead(v, p.pos, d)))
            });
            return Ok((!open).then_some(SPRING_OPEN));
        }
        let mut met = None;
        for d in Side::ALL {
            if sides & bit(d) == 0 {
                continue;
            }
            if let Some(t) = near.tile(v, d) {
                if met.is_some() {
                    return Ok(Some(JOIN)); // RV12: two river sides meet tiles
                }
                met = Some((t, d));
            }
        }
        // RV11: a river side meets the river (the core fits it only to a river
        // side or a wildcard: an abbey is no river).
        let Some((prev, up)) = met else {
            return Ok(Some(CONTINUE));
        };
        let (prev_sides, flow) = near.upstream(v, self.kinds(v).barrier, up, prev)?;
        if prev_sides & bit(up.opposite()) == 0 {
            return Ok(Some(CONTINUE));
        }
        let exits = sides & !bit(up);
        let ok = match self.options.u_turn {
            UTurn::Immediate => flow.upstream == 0 || exits & (1 << (flow.upstream - 1)) == 0,
            UTurn::Never => {
                let flowed = flow.flowed as u8 | bit(up.opposite());
                Side::ALL
                    .iter()
                    .all(|&d| exits & bit(d) == 0 || flowed & bit(d.opposite()) == 0)
            }
            UTurn::LookAhead => Side::ALL
                .iter()
                .all(|&d| exits & bit(d) == 0 || Self::clear_ahead(v, p.pos, d)),
        };
        Ok((!ok).then_some(match self.options.u_turn {
            UTurn::Immediate => TURN_BACK,
            UTurn::Never => FLOW_BACK,
            UTurn::LookAhead => AHEAD,
        }))
    }

    /// RV14: the six squares ahead of an exit `d` at `pos` are empty.
    pub(crate) fn clear_ahead(v: &View<'_>, pos: Pos, d: Side) -> bool {
        let (l, r) = (
            Side::from_index(d as usize + 3),
            Side::from_index(d as usize + 1),
        );
        let one = pos.step(d);
        let two = one.step(d);
        [one, two].iter().all(|&q| {
            [q, q.step(l), q.step(r)]
                .iter()
                .all(|&s| v.tile_at(s).is_none())
        })
    }
}
