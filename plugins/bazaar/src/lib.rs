//! # The `bazaar` plugin (Bridges, Castles & Bazaars: the bazaar auction)
//!
//! Rulings BB24–BB34 and X66–X68 of
//! `shared/expansions/bridges-castles-and-bazaars.md`; the player-facing
//! description, with the source of every rule, is `docs/plugins/bazaar.md`.
//!
//! * **Marker** `bazaar` (tile level). Placing such a tile (BB24, BB34)
//!   remembers its placer (`tile_placed`), once per whole turn (X66), unless
//!   bought tiles of an earlier auction are still being played.
//! * **The auction** runs after the placer's whole turn (`turn_over`, after a
//!   builder's second part too): as many tiles as players are drawn face up
//!   into the plugin's lot (`push_public_tile_draw`, obeying every draw
//!   filter: X68), unless the bag holds fewer tiles than players or one
//!   plays alone. Then, one decision at a time (each pushed by the previous
//!   one's resolution): the auctioneer — first the player after the placer,
//!   then the next player without a tile after the previous auctioneer
//!   (BB26) — picks a tile and opens with a bid of 0 or more; each other
//!   player without a tile, in turn order, raises or passes once (BB27);
//!   nobody raised: the auctioneer takes the tile and loses his bid;
//!   otherwise he buys it (paying the highest bidder) or sells it (the
//!   highest bidder pays him) (BB28). The last player without a tile takes
//!   the last one for free (BB29). Bids are bounded by [`MAX_BID`], and by
//!   the bidder's score with `bid-limit = "own-score"` (BB30). Points move
//!   in the plugin's score category (BB32). `auction = "no-bidding"` (BB33):
//!   each player in turn from the one after the placer picks a tile.
//! * **Bought tiles** go to their buyers' hands (`give_lot_tile`) and are
//!   played instead of the draw of their next regular turn (`turn_start`,
//!   `play_from_hand`; the core sets aside one that fits nowhere and the
//!   player draws, BB31). While bought tiles wait, and during the whole turn
//!   of the last one, no bazaar starts an auction (BB24, X66).
//!
//! State (per game, public): the placer of a bazaar this turn, whether a
//! round of bought tiles is on, the auction in progress; per player, the
//! bought tile not yet played.
//!
//! Hooks with nothing to do cost nothing (issue 27): `tile_placed` is asked
//! only for a tile with the bazaar marker (narrowing), `turn_start` is on
//! only while a bought tile waits and `turn_over` only from a bazaar's
//! placement to the end of its round (`set_hook_enabled`).

use carcassonne_plugin_sdk::prelude::*;

/// The highest bid (a bound that keeps the decision's option list short;
/// well above what any tile is worth).
pub const MAX_BID: u32 = 30;

/// Whether the auction has bids (BB33).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum Auction {
    /// Bids, raises, buying and selling (the rules).
    #[default]
    Bidding,
    /// Each player in turn picks a tile; no points (JCloisterZone's
    /// `bazaar-no-auction`).
    NoBidding,
}

/// How high a player may bid (BB30).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum BidLimit {
    /// Up to [`MAX_BID`]; scores may go below zero (JCloisterZone).
    #[default]
    None,
    /// Never more than the bidder's current score.
    OwnScore,
}

/// The plugin's options (`[plugins.bazaar]`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// Whether the auction has bids.
    pub auction: Auction,
    /// How high a player may bid.
    pub bid_limit: BidLimit,
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "auction",
            "BB33: \"bidding\" (bids, buy or sell) or \"no-bidding\" (each player in turn picks a tile, no points)",
        ),
        (
            "bid-limit",
            "BB30: \"none\" (bids up to 30, scores may go below 0; JCloisterZone) or \"own-score\" (nobody bids more than his score)",
        ),
    ];
}

/// Per-game state (public).
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct State {
    /// The seat + 1 of the player whose whole turn ends with an auction (0: none).
    pub placer: u32,
    /// 1 from an auction until the whole turn of the last bought tile is over.
    pub round: u32,
    /// Bought tiles not played yet.
    pub waiting: u32,
    /// The auction in progress: the players who have a tile (bit per seat).
    pub has: u32,
    /// The auctioneer's seat.
    pub auctioneer: u32,
    /// The lot index of the tile on offer.
    pub offer: u32,
    /// The bid.
    pub bid: u32,
    /// The highest bidder's seat + 1 (0: nobody raised).
    pub bidder: u32,
}

/// Per-player state (public).
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct Bought {
    /// The tile type bought and not played yet, + 1 (0: none).
    pub tile: u32,
}

/// Decision tags.
const PICK: u16 = 1;
const OPEN: u16 = 2;
const RAISE: u16 = 3;
const SETTLE: u16 = 4;

/// `RAISE` option: pass (a raise is at least 1).
const PASS: u32 = 0;
/// `SETTLE` options.
const BUY: u32 = 0;
const SELL: u32 = 1;

/// Players in turn order, at most one per seat (a list without an
/// allocation: the auction asks for one at every decision).
#[derive(Default)]
struct Seats {
    len: usize,
    at: [PlayerId; MAX_PLAYERS],
}

impl Seats {
    /// Appends `p` (ignored beyond [`MAX_PLAYERS`]).
    fn push(&mut self, p: PlayerId) {
        if let Some(e) = self.at.get_mut(self.len) {
            *e = p;
            self.len += 1;
        }
    }

    /// The players, in order.
    fn as_slice(&self) -> &[PlayerId] {
        &self.at[..self.len]
    }
}

/// The plugin.
pub struct Bazaar {
    options: Options,
}

impl Bazaar {
    fn state(v: &View<'_>) -> HookResult<State> {
        v.game_state::<State>().copied()
    }

    /// The players without a tile in the auction, in turn order after `after`
    /// (`after` last), but `but`.
    fn without_tile(v: &View<'_>, s: &State, after: PlayerId, but: Option<PlayerId>) -> Seats {
        let n = v.players();
        let mut out = Seats::default();
        for p in (1..=u32::from(n)).map(|i| after.offset(i, n)) {
            if s.has & 1 << p.seat() == 0 && Some(p) != but {
                out.push(p);
            }
        }
        out
    }

    /// The highest bid `p` may make.
    fn limit(&self, v: &View<'_>, p: PlayerId) -> u32 {
        match self.options.bid_limit {
            BidLimit::None => MAX_BID,
            BidLimit::OwnScore => v.score(p).clamp(0, MAX_BID as i32) as u32,
        }
    }

    /// Lot tile `index` as a log text names it (`{T12}`), if the log is kept.
    fn lot_tile_text(v: &View<'_>, index: u32) -> String {
        v.my_lot_tile(index as usize)
            .map_or_else(|| "a tile".into(), |t| format!("{{T{}}}", t.0))
    }

    /// Gives lot tile `index` to `p`, who plays it at his next regular turn.
    fn give(cx: &mut Cx<'_>, p: PlayerId, index: u32) -> HookResult {
        let tile = cx
            .my_lot_tile(index as usize)
            .ok_or_else(|| Error::new("no such tile in the lot"))?;
        if !cx.give_lot_tile(p, tile) {
            return Err(Error::new("the tile is not in the lot"));
        }
        cx.player_state_mut::<Bought>(p)?.tile = u32::from(tile) + 1;
        let s = cx.game_state_mut::<State>()?;
        s.has |= 1 << p.seat();
        s.waiting += 1;
        // A bought tile waits: it is played at its buyer's turn start.
        cx.set_hook_enabled(hook::TURN_START, true);
        Ok(())
    }

    /// The next pick (BB26, BB29, BB33): the next player without a tile after
    /// `after` (the placer, then the previous auctioneer) picks, or the last
    /// player without a tile takes the last tile for free; nothing when every
    /// player has one. A lot drawn short (the bag held enough tiles, but not
    /// enough that could be drawn face up, X68) leaves the last players
    /// without a tile: the last one takes none from an empty lot, and a pick
    /// with nothing to pick from lapses.
    fn next_pick(cx: &mut Cx<'_>, after: PlayerId) -> HookResult {
        let s = Self::state(cx)?;
        match Self::without_tile(cx, &s, after, None).as_slice() {
            [] => Ok(()),
            [_] if cx.my_lot_tile(0).is_none() => Ok(()),
            [last] => {
                if cx.logging() {
                    let tile = Self::lot_tile_text(cx, 0);
                    cx.log(format!(
                        "{{P{last}}} takes the last tile, {tile}, for free."
                    ));
                }
                Self::give(cx, *last, 0)
            }
            [first, ..] => {
                cx.game_state_mut::<State>()?.auctioneer = u32::from(first.seat());
                cx.push_decision(*first, PICK, 0);
                Ok(())
            }
        }
    }

    /// After the opening bid (`after` is the auctioneer) or a bidder's answer:
    /// the next player without a tile in turn order after the auctioneer
    /// answers once (BB27), or, when each has, the tile is settled (BB28).
    fn next_bid(cx: &mut Cx<'_>, after: PlayerId) -> HookResult {
        let s = Self::state(cx)?;
        let auctioneer = PlayerId::new(s.auctioneer as u8).ok_or("no auctioneer")?;
        let order = Self::without_tile(cx, &s, auctioneer, Some(auctioneer));
        let order = order.as_slice();
        let next = if after == auctioneer {
            order.first()
        } else {
            let i = order.iter().position(|&p| p == after);
            i.and_then(|i| order.get(i + 1))
        };
        if let Some(&p) = next {
            cx.push_decision(p, RAISE, s.bid);
            return Ok(());
        }
        if s.bidder == 0 {
            // Nobody raised: the auctioneer takes the tile and loses his bid.
            if cx.logging() {
                let tile = Self::lot_tile_text(cx, s.offer);
                cx.log(format!(
                    "Nobody raised: {{P{auctioneer}}} takes {tile} for {}.",
                    s.bid
                ));
            }
            cx.pay_score(auctioneer, s.bid as i32);
            Self::give(cx, auctioneer, s.offer)?;
            return Self::next_pick(cx, auctioneer);
        }
        cx.push_decision(auctioneer, SETTLE, s.bid);
        Ok(())
    }
}

#[plugin]
impl Plugin for Bazaar {
    type Config = Options;
    const ID: &'static str = "bazaar";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "Bridges, Castles & Bazaars: an auction of face-up tiles after a turn that placed a bazaar";
    const MARKERS: &'static [&'static str] = &["bazaar"];
    const STYLE: &'static str = include_str!("../style.toml");
    const STATE: StateSpec = StateSpec::NONE.game::<State>().player::<Bought>();

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(Bazaar { options })
    }

    /// Only a tile with the bazaar marker starts an auction.
    fn narrowing(&self) -> u64 {
        narrow::PLACED_MARKED
    }

    /// No bought tile waits and no auction is due: `turn_start` and
    /// `turn_over` are off until one is.
    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        cx.set_hook_enabled(hook::TURN_START, false);
        cx.set_hook_enabled(hook::TURN_OVER, false);
        Ok(())
    }

    /// BB24, X66: a bazaar placed outside a round of bought tiles starts an
    /// auction after this whole turn (one per whole turn).
    fn tile_placed(&self, cx: &mut Cx<'_>, tile: TileIndex) -> HookResult {
        let s = Self::state(cx)?;
        if s.round == 0 && s.placer == 0 && cx.tile_has_marker(tile, cx.my_marker(0)) {
            let me = cx.current_player();
            cx.game_state_mut::<State>()?.placer = u32::from(me.seat()) + 1;
            cx.set_hook_enabled(hook::TURN_OVER, true);
        }
        Ok(())
    }

    /// BB24, BB25: the auction after the placer's whole turn; the end of a
    /// round of bought tiles after the whole turn of the last one.
    fn turn_over(&self, cx: &mut Cx<'_>) -> HookResult {
        let s = Self::state(cx)?;
        let n = cx.players();
        if s.placer == 0 {
            if s.round != 0 && s.waiting == 0 {
                cx.game_state_mut::<State>()?.round = 0;
            }
            if s.round == 0 || s.waiting == 0 {
                // The round is over: nothing to do until the next bazaar.
                cx.set_hook_enabled(hook::TURN_OVER, false);
            }
            return Ok(());
        }
        let placer = PlayerId::new((s.placer - 1) as u8).ok_or("no such placer")?;
        let st = cx.game_state_mut::<State>()?;
        st.placer = 0;
        if n < 2 || cx.bag_len() < usize::from(n) {
            cx.set_hook_enabled(hook::TURN_OVER, s.round != 0);
            return Ok(());
        }
        *cx.game_state_mut::<State>()? = State {
            round: 1,
            ..State::default()
        };
        for _ in 0..n {
            cx.push_public_tile_draw();
        }
        Self::next_pick(cx, placer)
    }

    fn step_options(&self, v: &View<'_>, step: Step, out: &mut Vec<u32>) -> HookResult {
        let s = Self::state(v)?;
        match step.tag {
            PICK => {
                // One option per tile type in the lot (its first copy).
                // A tile a player: the lot read into a few words (past
                // them, the earlier tiles asked again).
                let mut lot = [TileTypeId(0); 8];
                let mut n = 0;
                while let Some(t) = v.my_lot_tile(n) {
                    let repeat = match lot.get(..n) {
                        Some(seen) => seen.contains(&t),
                        None => (0..n).any(|j| v.my_lot_tile(j) == Some(t)),
                    };
                    if !repeat {
                        out.push(n as u32);
                    }
                    if let Some(x) = lot.get_mut(n) {
                        *x = t;
                    }
                    n += 1;
                }
            }
            OPEN => out.extend(0..=self.limit(v, step.player)),
            RAISE => {
                out.push(PASS);
                out.extend(s.bid + 1..=self.limit(v, step.player));
            }
            SETTLE => out.extend([BUY, SELL]),
            _ => return Err(Error::new("no such decision")),
        }
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        let me = step.player;
        match step.tag {
            PICK if self.options.auction == Auction::NoBidding => {
                if cx.logging() {
                    let tile = Self::lot_tile_text(cx, value);
                    cx.log(format!("{{P{me}}} takes {tile}."));
                }
                Self::give(cx, me, value)?;
                Self::next_pick(cx, me)
            }
            PICK => {
                if cx.logging() {
                    let tile = Self::lot_tile_text(cx, value);
                    cx.log(format!("{{P{me}}} puts {tile} up for auction."));
                }
                cx.game_state_mut::<State>()?.offer = value;
                cx.push_decision(me, OPEN, 0);
                Ok(())
            }
            OPEN => {
                if cx.logging() {
                    cx.log(format!("{{P{me}}} opens the bidding at {value}."));
                }
                let s = cx.game_state_mut::<State>()?;
                (s.bid, s.bidder) = (value, 0);
                Self::next_bid(cx, me)
            }
            RAISE => {
                if cx.logging() {
                    cx.log(if value == PASS {
                        format!("{{P{me}}} passes.")
                    } else {
                        format!("{{P{me}}} raises to {value}.")
                    });
                }
                if value != PASS {
                    let s = cx.game_state_mut::<State>()?;
                    (s.bid, s.bidder) = (value, u32::from(me.seat()) + 1);
                }
                Self::next_bid(cx, me)
            }
            SETTLE => {
                let s = Self::state(cx)?;
                let bidder = PlayerId::new((s.bidder - 1) as u8).ok_or("no bidder")?;
                let bid = s.bid as i32;
                // BB28: buy: the auctioneer pays the bidder; sell: the other way.
                let (taker, payee) = if value == BUY {
                    (me, bidder)
                } else {
                    (bidder, me)
                };
                if cx.logging() {
                    let tile = Self::lot_tile_text(cx, s.offer);
                    cx.log(if value == BUY {
                        format!("{{P{me}}} buys {tile}, paying {bid} to {{P{bidder}}}.")
                    } else {
                        format!("{{P{me}}} sells {tile} to {{P{bidder}}} for {bid}.")
                    });
                }
                cx.transfer_score(taker, payee, bid);
                Self::give(cx, taker, s.offer)?;
                Self::next_pick(cx, me)
            }
            _ => Err(Error::new("no such decision")),
        }
    }

    /// BB31: a bought tile is played instead of the draw of its owner's next
    /// regular turn (or of the turn granted for it at the end of the game).
    fn turn_start(&self, cx: &mut Cx<'_>) -> HookResult {
        let me = cx.current_player();
        let bought = cx.player_state::<Bought>(me)?.tile;
        let mine = cx.plugin_index();
        if bought == 0 || cx.turn_granted_by().is_some_and(|p| p != mine) {
            return Ok(());
        }
        cx.player_state_mut::<Bought>(me)?.tile = 0;
        let s = cx.game_state_mut::<State>()?;
        s.waiting -= 1;
        if s.waiting == 0 {
            cx.set_hook_enabled(hook::TURN_START, false);
        }
        cx.play_from_hand(TileTypeId((bought - 1) as u16))?;
        Ok(())
    }

    /// The bag is empty while bought tiles wait: each holder, in turn order
    /// after the current player, gets a turn to play his (JCloisterZone).
    fn game_ending(&self, cx: &mut Cx<'_>) -> HookResult {
        let n = cx.players();
        let current = cx.current_player();
        for i in 1..=u32::from(n) {
            let p = current.offset(i, n);
            if cx.player_state::<Bought>(p)?.tile != 0 {
                cx.grant_turn(p);
            }
        }
        Ok(())
    }

    /// What each decision asks, for a person (the terminal's and the
    /// browser's prompt); the log says what was picked and bid.
    fn describe_step(&self, step: Step) -> String {
        let (p, bid) = (step.player, step.arg);
        match step.tag {
            PICK if self.options.auction == Auction::NoBidding => format!(
                "{{P{p}}}: take a tile of the bazaar's lot (`pick N`: the N-th tile left, from 0)"
            ),
            PICK => format!(
                "{{P{p}}}: put a tile of the bazaar's lot up for auction (`pick N`: the N-th \
                 tile left, from 0); you open the bidding next"
            ),
            OPEN => format!("{{P{p}}}: open the bidding on your tile (`bid N`, 0 or more)"),
            RAISE => format!("{{P{p}}}: raise the bid of {bid} (`bid N`) or pass"),
            SETTLE => format!(
                "{{P{p}}}: buy the tile (pay {bid} to the highest bidder) or sell it to him \
                 (he pays you {bid})"
            ),
            _ => format!("{{P{p}}}: bazaar"),
        }
    }

    fn value_name(&self, what: NameCtx, value: u32) -> String {
        match what {
            NameCtx::Step(s) if s.tag == PICK => format!("pick {value}"),
            NameCtx::Step(s) if s.tag == RAISE && value == PASS => "pass".into(),
            NameCtx::Step(s) if s.tag == SETTLE => if value == BUY { "buy" } else { "sell" }.into(),
            _ => format!("bid {value}"),
        }
    }

    /// `Auction tile 2 of the lot` (numbered from 0, as the page shows the
    /// lot), `Bid 5`, `Pass`, `Buy the tile (pay the highest bidder 5)`,
    /// `Sell the tile to the highest bidder for 5`.
    fn value_label(&self, what: NameCtx, value: u32) -> String {
        let NameCtx::Step(s) = what else {
            return String::new();
        };
        match s.tag {
            PICK if self.options.auction == Auction::NoBidding => {
                format!("Take tile {value} of the lot")
            }
            PICK => format!("Auction tile {value} of the lot"),
            RAISE if value == PASS => "Pass".into(),
            OPEN | RAISE => format!("Bid {value}"),
            SETTLE if value == BUY => format!("Buy the tile (pay the highest bidder {})", s.arg),
            SETTLE => format!("Sell the tile to the highest bidder for {}", s.arg),
            _ => String::new(),
        }
    }

    fn parse_value(&self, what: NameCtx, text: &str) -> Option<u32> {
        let NameCtx::Step(s) = what else {
            return None;
        };
        let number = |word: &str| text.strip_prefix(word)?.trim().parse().ok();
        match (s.tag, text) {
            (PICK, _) => number("pick"),
            (RAISE, "pass") => Some(PASS),
            (SETTLE, "buy") => Some(BUY),
            (SETTLE, "sell") => Some(SELL),
            _ => number("bid"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_have_labels_for_people() {
        let b = Bazaar::new(Options::default()).unwrap();
        let step = carcassonne_plugin_sdk::testing::step;
        assert_eq!(b.value_label(step(PICK, 0), 2), "Auction tile 2 of the lot");
        assert_eq!(b.value_label(step(OPEN, 0), 0), "Bid 0");
        assert_eq!(b.value_label(step(RAISE, 3), PASS), "Pass");
        assert_eq!(b.value_label(step(RAISE, 3), 5), "Bid 5");
        assert_eq!(
            b.value_label(step(SETTLE, 5), BUY),
            "Buy the tile (pay the highest bidder 5)"
        );
        assert_eq!(
            b.value_label(step(SETTLE, 5), SELL),
            "Sell the tile to the highest bidder for 5"
        );
        let free = Bazaar::new(Options {
            auction: Auction::NoBidding,
            ..Options::default()
        })
        .unwrap();
        assert_eq!(free.value_label(step(PICK, 0), 1), "Take tile 1 of the lot");
    }
}
