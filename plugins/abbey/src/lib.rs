//! # The `abbey` plugin (Abbey & Mayor: the abbey)
//!
//! * Every player holds one **abbey** tile (`AM/A` in `tiles.toml`: a tile held
//!   in hand, `per_player = 1`, never in the bag; AM1). Its four sides are
//!   wildcards (`????`) and no feature reaches them, so the core closes every
//!   road, city and field facing it, joins nothing through it and scores what it
//!   completes (AM4–AM7, X19); its cloister is a plain cloister (AM6).
//! * At the start of his turn a player who still holds his abbey, when the board
//!   has a **hole** (an empty square whose four orthogonal neighbours hold tiles),
//!   decides `abbey play` or `abbey draw` (AM2, AM3). Playing it is his tile
//!   placement for the turn; the rest of the turn follows as usual.
//! * A placement filter keeps the abbey to holes (AM3).
//! * After the last bag tile (`abbey-after-last-tile = true`, AM8), every player
//!   still holding his abbey gets one more turn, in turn order from the player
//!   after the one who placed the last tile and ending with him; in it he decides
//!   `abbey play` or `abbey pass`.
//!
//! The plugin recognises its tile by the tile marker `abbey` (data, not a name).
//! See `docs/plugins/abbey.md` for the rulings and their sources.

use carcassonne_plugin_sdk::prelude::*;
use std::sync::OnceLock;

/// The plugin.
pub struct Abbey {
    after_last_tile: bool,
    /// The abbey's tile type, read from the catalogue at the first use (an
    /// instance serves one ruleset): no state read per turn.
    abbey: OnceLock<Option<TileTypeId>>,
}

/// Its options: `[plugins.abbey]`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// AM8: one last round to play the abbeys after the last bag tile.
    pub abbey_after_last_tile: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            abbey_after_last_tile: true,
        }
    }
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[(
        "abbey-after-last-tile",
        "AM8: after the last tile of the bag, each player still holding his abbey may play it \
         (one round, from the player after the one who placed the last tile); false: the game \
         ends with the last bag tile.",
    )];
}

/// Per-game state.
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct State {
    /// The abbey's tile type + 1 (0: no tile carries the `abbey` marker).
    pub abbey: u32,
    /// 1 once the final round is granted (AM8).
    pub round_granted: u32,
    /// The player who placed the last tile from the bag + 1 (the round starts after him).
    pub last_placer: u32,
    /// The holes on the board after the last tile placed (the board's
    /// `hole_count`, copied: part of the state that observers see).
    pub holes: u32,
}

/// Decision at the start of a regular turn: play the abbey or draw.
pub const TAG_TURN: u16 = 1;
/// Decision in a turn of the final round (AM8): play the abbey or pass.
pub const TAG_ROUND: u16 = 2;
/// Decision option: play the abbey.
pub const PLAY: u32 = 1;
/// Decision option: draw as usual (regular turn) or pass (final round).
pub const DONT: u32 = 0;

/// Index of the `abbey` marker in [`Abbey::MARKERS`](Plugin::MARKERS).
const ABBEY: usize = 0;

/// `tiles_beside` of a hole: a tile on each of the four sides, none on the square.
const SURROUNDED: u8 = 0b0_1111;

impl Abbey {
    /// The abbey's tile type, if the ruleset has one: the tile type carrying
    /// the `abbey` marker.
    fn find_abbey(v: &View<'_>) -> Option<TileTypeId> {
        let bit = v.my_marker(ABBEY);
        (0..v.tile_type_count())
            .filter_map(|t| u16::try_from(t).ok())
            .map(TileTypeId)
            .find(|&t| bit != 0 && v.tile_type_markers(t) & bit != 0)
    }

    /// [`Abbey::find_abbey`], asked once.
    fn abbey(&self, v: &View<'_>) -> Option<TileTypeId> {
        *self.abbey.get_or_init(|| Self::find_abbey(v))
    }

    /// Whether all four orthogonal neighbours of `p` hold tiles.
    fn surrounded(v: &View<'_>, p: Pos) -> bool {
        v.tiles_beside(p) & SURROUNDED == SURROUNDED
    }

    /// Whether `player` holds an abbey.
    fn holds(&self, v: &View<'_>, player: PlayerId) -> Option<TileTypeId> {
        self.abbey(v).filter(|&a| v.hand_count(player, a) > 0)
    }
}

#[plugin]
impl Plugin for Abbey {
    type Config = Options;
    const ID: &'static str = "abbey";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "Abbey & Mayor: each player's abbey, played instead of drawing into a hole";
    const MARKERS: &'static [&'static str] = &["abbey"];
    const TILESETS: &'static [&'static str] = &[include_str!("../tiles.toml")];
    const STATE: StateSpec = StateSpec::NONE.game::<State>();
    /// X67: a tile bought at a bazaar is played instead of the draw, in the
    /// bazaar's `turn_start`; only then is the abbey offered, and not when a
    /// tile is already played.
    const RUNS_AFTER: &'static [&'static str] = &["bazaar"];

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(Abbey {
            after_last_tile: options.abbey_after_last_tile,
            abbey: OnceLock::new(),
        })
    }

    /// The placement filter is for the abbey only (the other tiles' placements
    /// are not filtered: the core's fast path).
    fn narrowing(&self) -> u64 {
        narrow::PLACEMENTS_MARKED
    }

    /// Finds the abbey: the tile type carrying the `abbey` marker.
    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        let abbey = self.abbey(cx);
        cx.game_state_mut::<State>()?.abbey = abbey.map_or(0, |t| u32::from(t.0) + 1);
        Ok(())
    }

    /// AM2, AM3, AM8: the choice to play the abbey, when the player holds it and a
    /// hole exists that it may go into (under every plugin's placement rules),
    /// unless a tile from his hand is already played (X67).
    /// Switched off once no player holds an abbey (nothing deals one again),
    /// which is looked at in a turn with a hole (the hands are asked only
    /// then: most turns have none).
    fn turn_start(&self, cx: &mut Cx<'_>) -> HookResult {
        if cx.hole_count() == 0 {
            return Ok(());
        }
        let me = cx.current_player();
        let Some(abbey) = self.holds(cx, me) else {
            if PlayerId::all(cx.players()).all(|p| self.holds(cx, p).is_none()) {
                cx.set_hook_enabled(hook::TURN_START, false);
            }
            return Ok(());
        };
        // Offered only when it can be played: a hole may be one another
        // plugin's placement rule keeps the abbey out of.
        if cx.drawn_tile().is_some() || !cx.can_play_from_hand(abbey)? {
            return Ok(());
        }
        let round = cx.turn_granted_by() == Some(cx.plugin_index());
        cx.push_decision(me, if round { TAG_ROUND } else { TAG_TURN }, 0);
        Ok(())
    }

    fn step_options(&self, _v: &View<'_>, _step: Step, out: &mut Vec<u32>) -> HookResult {
        out.extend([DONT, PLAY]);
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, _step: Step, value: u32) -> HookResult {
        if value != PLAY {
            return Ok(());
        }
        let a = self
            .holds(cx, cx.current_player())
            .ok_or("the player holds no abbey")?;
        if !cx.play_from_hand(a)? {
            return Err(Error::new("the abbey fits into no hole"));
        }
        if cx.logging() {
            let me = cx.current_player();
            cx.log(format!("{{P{me}}} plays his abbey instead of drawing."));
        }
        Ok(())
    }

    /// AM3: the holes, the only squares where `filter_placements` keeps the
    /// abbey (the core lists no other square): the frontier's squares with a
    /// tile on each side, looked for until the board's count of them is
    /// reached. No hole, or more than `out` holds: no bound.
    fn placement_squares(
        &self,
        v: &View<'_>,
        tile: TileTypeId,
        out: &mut [Pos],
        n: &mut u32,
    ) -> HookResult {
        if Some(tile) != self.abbey(v) {
            return Ok(());
        }
        let holes = v.hole_count() as usize;
        if holes == 0 || holes > out.len() {
            return Ok(());
        }
        let mut k = 0;
        for sq in v.frontier_squares() {
            if sq.present & SURROUNDED == SURROUNDED {
                out[k] = sq.pos;
                k += 1;
                if k == holes {
                    *n = k as u32;
                    break;
                }
            }
        }
        Ok(())
    }

    /// AM3: the abbey only into holes.
    fn filter_placements(
        &self,
        v: &View<'_>,
        tile: TileTypeId,
        cands: &[Placement],
        keep: &mut [bool],
    ) -> HookResult {
        if Some(tile) != self.abbey(v) {
            return Ok(());
        }
        veto(cands, keep, |c| !Self::surrounded(v, c.pos));
        Ok(())
    }

    /// Counts the holes (the board keeps their number), and remembers who
    /// placed the last tile from the bag (AM8's round starts after him).
    fn tile_placed(&self, cx: &mut Cx<'_>, tile: TileIndex) -> HookResult {
        let holes = cx.hole_count();
        let placed = u32::from(cx.tile_type_id(tile).0) + 1;
        let me = cx.current_player();
        let state = cx.game_state_mut::<State>()?;
        state.holes = holes;
        if placed != state.abbey {
            state.last_placer = u32::from(me.seat()) + 1;
        }
        Ok(())
    }

    /// AM8: one last turn for every player still holding his abbey, in turn order
    /// from the player after the one who placed the last bag tile, ending with him.
    fn game_ending(&self, cx: &mut Cx<'_>) -> HookResult {
        let state = *cx.game_state::<State>()?;
        if !self.after_last_tile || state.round_granted != 0 || state.abbey == 0 {
            return Ok(());
        }
        cx.game_state_mut::<State>()?.round_granted = 1;
        let n = cx.players();
        let last = match state.last_placer {
            0 => cx.current_player(),
            p => PlayerId::new(u8::try_from(p - 1).unwrap_or(u8::MAX)).ok_or_else(|| {
                Error::new("abbey: a seat that does not exist placed the last tile")
            })?,
        };
        for i in 1..=n {
            let p = last.offset(u32::from(i), n);
            if self.holds(cx, p).is_some() {
                cx.grant_turn(p);
            }
        }
        Ok(())
    }

    fn value_name(&self, what: NameCtx, value: u32) -> String {
        match (what, value) {
            (_, PLAY) => "play".into(),
            (NameCtx::Step(s), DONT) if s.tag == TAG_ROUND => "pass".into(),
            (_, DONT) => "draw".into(),
            (_, v) => v.to_string(),
        }
    }

    /// `Play the abbey`, `Draw a tile`, `Pass`.
    fn value_label(&self, what: NameCtx, value: u32) -> String {
        match (what, value) {
            (_, PLAY) => "Play the abbey".into(),
            (NameCtx::Step(s), DONT) if s.tag == TAG_ROUND => "Pass".into(),
            (NameCtx::Step(_), DONT) => "Draw a tile".into(),
            _ => String::new(),
        }
    }

    fn parse_value(&self, what: NameCtx, text: &str) -> Option<u32> {
        let round = matches!(what, NameCtx::Step(s) if s.tag == TAG_ROUND);
        match text {
            "play" => Some(PLAY),
            "pass" if round => Some(DONT),
            "draw" if !round => Some(DONT),
            _ => None,
        }
    }

    fn describe_step(&self, step: Step) -> String {
        let p = step.player;
        match step.tag {
            TAG_ROUND => format!("{{P{p}}}: play the abbey into a hole in the last round, or pass"),
            _ => format!("{{P{p}}}: play the abbey into a hole instead of drawing, or draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<Abbey>().unwrap();
    }

    #[test]
    fn names_round_trip() {
        let a = Abbey::new(Options::default()).unwrap();
        for tag in [TAG_TURN, TAG_ROUND] {
            let step = Step {
                tag,
                ..Step::default()
            };
            for v in [DONT, PLAY] {
                let name = a.value_name(NameCtx::Step(step), v);
                assert_eq!(a.parse_value(NameCtx::Step(step), &name), Some(v), "{name}");
            }
        }
        let round = Step {
            tag: TAG_ROUND,
            ..Step::default()
        };
        assert_eq!(a.value_name(NameCtx::Step(round), DONT), "pass");
        assert_eq!(a.parse_value(NameCtx::Step(round), "draw"), None);
    }

    #[test]
    fn options_have_labels_for_people() {
        let a = Abbey::new(Options::default()).unwrap();
        let step = |tag| carcassonne_plugin_sdk::testing::step(tag, 0);
        assert_eq!(a.value_label(step(TAG_TURN), PLAY), "Play the abbey");
        assert_eq!(a.value_label(step(TAG_TURN), DONT), "Draw a tile");
        assert_eq!(a.value_label(step(TAG_ROUND), DONT), "Pass");
    }
}
