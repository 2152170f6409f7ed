//! # The `river` plugin (The River I and II)
//!
//! Rulings RV1–RV26 and X37–X43 of `shared/expansions/the-river.md`. No code
//! names a tile: the river is a barrier named `river` in tile data (side
//! letter `I`), whose sides the core fits only to river sides or wildcards
//! (RV10); the tile markers `spring`, `lake`, `fork` and `volcano` give the
//! tiles their roles.
//!
//! * **Start** (RV2): the plugin's tile set holds the spring `RI/s` and a start
//!   layout of priority 1, which wins over the base set's `start = true` flag.
//!   The displaced base start tile (RV3, `base-start-tile`): `shuffled` (an
//!   ordinary bag tile), `removed` (one copy fewer, at build time:
//!   `compose_tiles`), `after-river` (the first land tile drawn).
//! * **Both rivers** (RV4, `combined-lake`): with two lakes in the catalogue,
//!   `compose_tiles` leaves one out (the plain lake by default, the volcano
//!   lake with `plain`).
//! * **Draw phases** (RV5–RV9, `filter_draws`): while a river tile is in the
//!   bag only river tiles are drawn: a fork first (once), then the river tiles
//!   that are no lake, then the lakes. A tile that fits nowhere is set aside
//!   by the core (RV8).
//! * **A spring in the bag** (the Count's CK26 `spring-at-city`): when another
//!   start layout wins over the spring's (the city of Carcassonne), the spring
//!   is an ordinary tile of the bag: it is drawn before every other river tile
//!   and placed wherever its land sides fit with its river side facing open
//!   land; the river then continues from it as from a start spring.
//! * **Placement** (RV11–RV15, `filter_placements`): a river tile continues the
//!   river with exactly one river side (its upstream side), its other river
//!   sides (its exits) face empty squares, and the `u-turn` option forbids
//!   turning back: `immediate` (no exit in the compass direction of the
//!   continued tile's upstream side), `look-ahead` (an empty block 3 wide and 2
//!   deep in front of every exit) or `never` (no exit against any direction the
//!   river has flowed in since the spring). Per placed tile the plugin keeps
//!   its upstream side and the directions the river flowed to reach it.
//! * **The volcano lake** (RV22, `volcano-lake`): with `extra-turn`, the tile
//!   with both markers `lake` and `volcano` allows no figure-step action but
//!   `Pass`, and its player plays a further turn at once (`grant_turn`).
//! * Once no river tile is left (and the held start tile is drawn), every hook
//!   of the plugin is switched off (`set_hook_enabled`): the rest of the game
//!   costs nothing.
//!
//! See `docs/plugins/river.md`.

use carcassonne_plugin_sdk::prelude::*;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;

mod course;
use course::Near;

/// RV13–RV15: how the river may turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum UTurn {
    /// RV13 (default): no two turns the same way one after the other.
    #[default]
    Immediate,
    /// RV14 (JCloisterZone): an empty block 3 wide and 2 deep ahead of every exit.
    LookAhead,
    /// RV15 (house rule): no exit against any direction the river has flowed in.
    Never,
}

/// RV3: the base start tile the spring displaces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum BaseStartTile {
    /// An ordinary land tile of the bag (default).
    #[default]
    Shuffled,
    /// Out of the game.
    Removed,
    /// The first land tile drawn after the river.
    AfterRiver,
}

/// RV22: the volcano lake.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum VolcanoLake {
    /// No figure-step action, then a further turn of the same player (default).
    #[default]
    ExtraTurn,
    /// An ordinary tile (JCloisterZone).
    Plain,
}

/// RV4: which lake is left out when both rivers are in the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum CombinedLake {
    /// Keep the volcano lake, leave River I's lake out (default, JCloisterZone).
    #[default]
    Volcano,
    /// Keep the plain lake, leave the volcano lake out.
    Plain,
}

/// RV18: the fields round the spring and the lakes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum SpringLakeFields {
    /// One field all round the river's end joins both banks (default).
    #[default]
    One,
    /// The field is split along the river's line: the split twins (tile
    /// marker `split-field`) replace the spring and the lakes.
    Split,
}

/// Options of the `river` plugin (`[plugins.river]`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// RV13–RV15.
    pub u_turn: UTurn,
    /// RV3.
    pub base_start_tile: BaseStartTile,
    /// RV22.
    pub volcano_lake: VolcanoLake,
    /// RV4.
    pub combined_lake: CombinedLake,
    /// RV18.
    pub spring_lake_fields: SpringLakeFields,
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "u-turn",
            "How the river may turn: `immediate` (no two turns the same way in a row, RV13), `look-ahead` (an empty 3×2 block ahead of every river end, RV14) or `never` (never back against a direction it flowed in, RV15).",
        ),
        (
            "base-start-tile",
            "The base start tile the spring displaces: `shuffled` into the land tiles, `removed` from the game, or drawn first `after-river` (RV3).",
        ),
        (
            "volcano-lake",
            "The volcano lake: `extra-turn` (no figure, then another turn at once) or `plain` (RV22).",
        ),
        (
            "combined-lake",
            "With both rivers, the lake left out: River I's (`volcano`: the volcano lake stays) or the volcano lake (`plain`) (RV4).",
        ),
        (
            "spring-lake-fields",
            "The fields round the spring and the lakes: `one` field joining both banks, or `split` along the river (RV18).",
        ),
    ];
}

/// Indices in [`River::MARKERS`](Plugin::MARKERS).
const SPRING: usize = 0;
const LAKE: usize = 1;
const FORK: usize = 2;
const VOLCANO: usize = 3;

/// The plugin's game state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Phase {
    /// 1 once a fork was drawn (RV7: the first draw).
    pub fork_drawn: u32,
    /// 1 while the displaced start tile waits to be the first land tile
    /// (`after-river`).
    pub start_pending: u32,
    /// The volcano lake's tile index + 1 (RV22), 0 before it is placed.
    pub lake_tile: u32,
    /// The river's open ends: the empty squares a placed tile's river side
    /// faces (`ends[..n_ends]`, each [`pack`]ed), kept as tiles are placed.
    pub ends: [u32; MAX_ENDS],
    /// How many of `ends` are in use.
    pub n_ends: u32,
    /// 1 once more ends were open than `ends` holds: every square may be one.
    pub ends_overflow: u32,
}

/// The open ends [`Phase`] keeps (the river has one or two: a fork adds one).
const MAX_ENDS: usize = 8;

/// A square as one word.
fn pack(p: Pos) -> u32 {
    u32::from(p.x as u16) | u32::from(p.y as u16) << 16
}

/// The square of a [`pack`]ed word.
fn unpack(w: u32) -> Pos {
    Pos::new(w as u16 as i16, (w >> 16) as u16 as i16)
}

impl Phase {
    /// Whether a river tile at `pos` may continue the river there: `pos` is an
    /// open end (or too many ends were open to keep them).
    fn may_end_at(&self, pos: Pos) -> bool {
        let n = (self.n_ends as usize).min(MAX_ENDS);
        self.ends_overflow != 0 || self.ends[..n].contains(&pack(pos))
    }

    /// Square `pos` holds a tile now: no open end.
    fn filled(&mut self, pos: Pos) {
        let n = (self.n_ends as usize).min(MAX_ENDS);
        if let Some(i) = self.ends[..n].iter().position(|&e| e == pack(pos)) {
            self.ends[i] = self.ends[n - 1];
            self.n_ends -= 1;
        }
    }

    /// Square `pos` is an open end.
    fn open(&mut self, pos: Pos) {
        let n = (self.n_ends as usize).min(MAX_ENDS);
        if self.ends[..n].contains(&pack(pos)) {
            return;
        }
        if n == MAX_ENDS {
            self.ends_overflow = 1;
        } else {
            self.ends[n] = pack(pos);
            self.n_ends += 1;
        }
    }
}

/// Per placed river tile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Flow {
    /// The upstream side (in board orientation) + 1; 0 for the spring and land
    /// tiles.
    pub upstream: u32,
    /// The directions (bit `d`: [`Side`] `d`) the river flowed in from the
    /// spring to this tile, the step into it included.
    pub flowed: u32,
}

/// The hooks switched off once the river is finished.
const RIVER_HOOKS: u64 = hook::FILTER_DRAWS
    | hook::TILE_DRAWN
    | hook::PLACEMENT_SQUARES
    | hook::FILTER_PLACEMENTS
    | hook::TILE_PLACED
    | hook::FILTER_FIGURE_OPTIONS
    | hook::TURN_END;

/// No displaced start tile known.
const NO_TILE: u32 = u32::MAX;

/// The plugin.
pub struct River {
    options: Options,
    /// The displaced start tile's type (`after-river`), found at build time.
    start_tile: AtomicU32,
    /// Its copies in the tile sets: fewer in the bag at `setup` mean another
    /// plugin's count took the displaced copy out of the game (the Count's
    /// city, CK12), and there is nothing to hold back.
    start_count: AtomicU32,
    /// The river's tile types, read at the first `setup` (an instance serves
    /// one ruleset: `compose_tiles` sees its catalogue once).
    kinds: OnceLock<Kinds>,
}

/// The river sides of tile type `ty` turned `rot` (bit `d`: side `d`).
fn river_sides(v: &View<'_>, ty: TileTypeId, rot: Rotation) -> u8 {
    v.tile_type_sides(ty)
        .rotated(rot)
        .barrier_sides(v.my_barrier(0))
}

/// River side mask `mask` (bit `d`: side `d`) turned `rot` clockwise.
fn turn(mask: u8, rot: Rotation) -> u8 {
    let r = rot.quarter_turns() % 4;
    ((mask << r) | (mask >> ((4 - r) % 4))) & 0xF
}

/// The river sides of placed tile `t`, in board orientation (`bar`: the
/// river's barrier name, [`Kinds::barrier`]).
fn placed_river_sides(v: &View<'_>, bar: u8, t: TileIndex) -> u8 {
    v.tile_sides(t).barrier_sides(bar)
}

/// Whether tile type `ty` is a river tile (RV1: some side is a river side).
fn is_river(v: &View<'_>, ty: TileTypeId) -> bool {
    river_sides(v, ty, Rotation::R0) != 0
}

/// Whether tile type `ty` carries this plugin's `i`-th marker.
fn marked(v: &View<'_>, ty: TileTypeId, i: usize) -> bool {
    v.tile_type_markers(ty) & v.my_marker(i) != 0
}

/// What a tile type is to the river ([`Kinds`]): bits.
const IS_RIVER: u8 = 1;
/// A fork (RV7).
const IS_FORK: u8 = 2;
/// A lake (RV6).
const IS_LAKE: u8 = 4;
/// A spring (drawn from the bag only when another start layout won, CK26).
const IS_SPRING: u8 = 8;

/// The river's tile types of a catalogue, read once (at the first game's
/// `setup`: the catalogue is the rules', the same for every game), so that
/// the draw filter asks the host nothing per tile type but the copies in the
/// bag of the river's few types.
#[derive(Debug, Default)]
struct Kinds {
    /// Per tile type id, its bits ([`IS_RIVER`], [`IS_FORK`], [`IS_LAKE`],
    /// [`IS_SPRING`]) and, above them, its river sides as printed
    /// ([`river_sides`] unturned: [`Kinds::sides`]).
    of: Vec<u8>,
    /// The river tile types, with their bits: the springs, forks and lakes
    /// first (`rivers[..specials]`), then the other river tiles, so that a
    /// pass over the bag stops early.
    rivers: Vec<(TileTypeId, u8)>,
    /// How many of `rivers` are springs, forks or lakes.
    specials: usize,
    /// The lowest river tile type id (`u16::MAX` without one).
    first: TileTypeId,
    /// The river's barrier name (`View::my_barrier(0)`).
    barrier: u8,
}

impl Kinds {
    /// Reads the catalogue of `v`'s rules.
    fn read(v: &View<'_>) -> Kinds {
        let mut k = Kinds {
            barrier: v.my_barrier(0),
            first: TileTypeId(u16::MAX),
            ..Kinds::default()
        };
        for i in 0..v.tile_type_count() {
            let ty = TileTypeId(i as u16);
            let mut b = 0;
            let sides = river_sides(v, ty, Rotation::R0);
            if sides != 0 {
                b = IS_RIVER;
                k.first = k.first.min(ty);
                if marked(v, ty, FORK) {
                    b |= IS_FORK;
                }
                if marked(v, ty, LAKE) {
                    b |= IS_LAKE;
                }
                if marked(v, ty, SPRING) {
                    b |= IS_SPRING;
                }
                k.rivers.push((ty, b));
            }
            k.of.push(b | sides << 4);
        }
        // The springs, forks and lakes first (a stable sort: by id within).
        k.rivers
            .sort_by_key(|&(_, b)| b & (IS_FORK | IS_LAKE | IS_SPRING) == 0);
        k.specials = k
            .rivers
            .iter()
            .take_while(|&&(_, b)| b & (IS_FORK | IS_LAKE | IS_SPRING) != 0)
            .count();
        k
    }

    /// The river sides of tile type `ty` as printed (bit `d`: side `d`).
    fn sides(&self, ty: TileTypeId) -> u8 {
        self.of(ty) >> 4
    }

    /// Whether the bag holds a river tile: the springs, forks and lakes are
    /// looked at first (a lake stays in the bag to the river's end).
    fn any_in_bag(&self, v: &View<'_>) -> bool {
        let counts = v.bag_counts();
        self.rivers
            .iter()
            .any(|&(ty, _)| counts.get(ty.index()).is_some_and(|&c| c > 0))
    }

    /// The bits of tile type `ty`.
    fn of(&self, ty: TileTypeId) -> u8 {
        self.of.get(ty.index()).copied().unwrap_or(0)
    }

    /// Which river tiles the bag holds: the bag's counts read in one query.
    fn in_bag(&self, v: &View<'_>) -> BagRivers {
        let mut b = BagRivers::default();
        let counts = v.bag_counts();
        for (i, &(ty, bits)) in self.rivers.iter().enumerate() {
            if b.stream && i >= self.specials {
                break; // the rest are river tiles that are no lake: all is known
            }
            if counts.get(ty.index()).is_some_and(|&c| c > 0) {
                b.any = true;
                b.fork |= bits & IS_FORK != 0;
                b.stream |= bits & IS_LAKE == 0;
                b.spring |= bits & IS_SPRING != 0;
            }
        }
        b
    }
}

/// Which river tiles the bag holds.
#[derive(Clone, Copy, Debug, Default)]
struct BagRivers {
    /// Any river tile.
    any: bool,
    /// A fork (RV7).
    fork: bool,
    /// A river tile that is no lake (RV6).
    stream: bool,
    /// A spring: its start layout lost to another one (the Count's city,
    /// CK26 `spring-at-city`), so it is drawn and placed like a tile.
    spring: bool,
}

/// The bit of side `d`.
fn bit(d: Side) -> u8 {
    1 << d as u8
}

/// RV18 `split`: each spring or lake gives its copies to its split twin (the
/// tile with the same markers and `split-field`). The core then starts the game
/// from the spring's twin (its start layout, once it has the copy).
fn split_twins(tiles: &TileCatalogueView<'_>, counts: &mut Vec<TileCount>) {
    let split = tiles.marker("split-field");
    let ends = tiles.marker("spring") | tiles.marker("lake");
    if split == 0 {
        return;
    }
    let planned = |counts: &[TileCount], t: TileTypeId| {
        counts
            .iter()
            .rev()
            .find(|c| c.tile == t)
            .map_or(tiles.count(t), |c| c.count)
    };
    for t in tiles.types() {
        let m = tiles.markers(t);
        if m & ends == 0 || m & split != 0 {
            continue;
        }
        if let Some(twin) = tiles.types().find(|&u| tiles.markers(u) == m | split) {
            let n = planned(counts, t);
            counts.push(tiles.with_count(t, 0));
            counts.push(tiles.with_count(twin, n));
        }
    }
}

impl River {
    /// The river's tile types (read once).
    fn kinds(&self, v: &View<'_>) -> &Kinds {
        self.kinds.get_or_init(|| Kinds::read(v))
    }

    /// Whether a river tile is still in the bag.
    fn river_left(&self, v: &View<'_>) -> bool {
        self.kinds(v).any_in_bag(v)
    }

    /// The displaced start tile (`after-river`), if any.
    fn start_tile(&self) -> Option<TileTypeId> {
        let t = self.start_tile.load(Ordering::Relaxed);
        (t != NO_TILE).then_some(TileTypeId(t as u16))
    }

    /// Switches every hook off once no river tile is left and the held start
    /// tile was drawn.
    fn retire_when_done(&self, cx: &mut Cx<'_>) -> HookResult {
        if cx.game_state::<Phase>()?.start_pending == 0 && !self.river_left(cx) {
            for b in 0..64 {
                let h = 1u64 << b;
                if RIVER_HOOKS & h != 0 {
                    cx.set_hook_enabled(h, false);
                }
            }
        }
        Ok(())
    }
}

#[plugin]
impl Plugin for River {
    type Config = Options;
    const ID: &'static str = "river";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "The River I and II: the spring, river tiles first and the lake last, the river's placement rule, the volcano lake";
    const TILESETS: &'static [&'static str] =
        &[include_str!("../tiles.toml"), include_str!("../split.toml")];
    const MARKERS: &'static [&'static str] = &["spring", "lake", "fork", "volcano", "split-field"];
    const BARRIERS: &'static [&'static str] = &["river"];
    const STYLE: &'static str = include_str!("../style.toml");
    const STATE: StateSpec = StateSpec::NONE.game::<Phase>().tile::<Flow>();

    /// Only the river's marked tiles (forks among them) matter when drawn,
    /// unless the base start tile waits for the river's end (`after-river`:
    /// its draw ends the wait). A hook called for every tile drawn makes the
    /// core list the drawn tile's placements again (issue 27).
    ///
    /// The draw filter reads only the bag and the plugin's state (the fork
    /// drawn, the start tile held back), not the turn number nor the player:
    /// steady (`DRAWS_STEADY`), so the core keeps the answer of the check
    /// that starts a turn for its draw.
    fn narrowing(&self) -> u64 {
        if self.options.base_start_tile == BaseStartTile::AfterRiver {
            narrow::DRAWS_STEADY
        } else {
            narrow::DRAWN_MARKED | narrow::DRAWS_STEADY
        }
    }

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(River {
            options,
            start_tile: AtomicU32::new(NO_TILE),
            start_count: AtomicU32::new(0),
            kinds: OnceLock::new(),
        })
    }

    /// RV3 (`removed`, `after-river`), RV4 and RV18 (`split`).
    fn compose_tiles(
        &self,
        tiles: &TileCatalogueView<'_>,
        counts: &mut Vec<TileCount>,
    ) -> Result<(), String> {
        let displaced: Vec<TileTypeId> = tiles.displaced_start_tiles().collect();
        match self.options.base_start_tile {
            BaseStartTile::Shuffled => {}
            BaseStartTile::Removed => {
                for &t in &displaced {
                    counts.push(tiles.with_count(t, tiles.count(t).saturating_sub(1)));
                }
            }
            BaseStartTile::AfterRiver => {
                if let Some(&t) = displaced.first() {
                    self.start_tile.store(u32::from(t.0), Ordering::Relaxed);
                    let n = u32::from(tiles.count(t));
                    self.start_count.store(n, Ordering::Relaxed);
                }
            }
        }
        let (lake, volcano) = (tiles.marker("lake"), tiles.marker("volcano"));
        let lakes: Vec<TileTypeId> = tiles
            .types()
            .filter(|&t| tiles.markers(t) & lake != 0 && tiles.count(t) > 0)
            .collect();
        if lake != 0 && lakes.len() > 1 {
            let drop_volcano = self.options.combined_lake == CombinedLake::Plain;
            for t in lakes {
                if (tiles.markers(t) & volcano != 0) == drop_volcano {
                    counts.push(tiles.with_count(t, 0));
                }
            }
        }
        if self.options.spring_lake_fields == SpringLakeFields::Split {
            split_twins(tiles, counts);
        }
        Ok(())
    }

    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        let copies = self.start_count.load(Ordering::Relaxed).max(1);
        let pending = self.start_tile().is_some_and(|t| cx.bag_count(t) >= copies);
        cx.game_state_mut::<Phase>()?.start_pending = u32::from(pending);
        // The open ends of the start layout (the spring's mouth).
        let mut phase = *cx.game_state::<Phase>()?;
        let bar = self.kinds(cx).barrier;
        for i in 0..cx.placed_count() {
            let t = TileIndex(i as u16);
            let pos = cx.tile_pos(t);
            let sides = placed_river_sides(cx, bar, t);
            for d in Side::ALL {
                if sides & bit(d) != 0 && cx.tile_at(pos.step(d)).is_none() {
                    phase.open(pos.step(d));
                }
            }
        }
        *cx.game_state_mut::<Phase>()? = phase;
        self.retire_when_done(cx)
    }

    /// RV5–RV9 and RV3 `after-river`, by what the bag holds (not by the
    /// candidates asked about: the core may ask about one tile). Does not
    /// allocate.
    fn filter_draws(&self, v: &View<'_>, tiles: &[TileTypeId], keep: &mut [bool]) -> HookResult {
        let kinds = self.kinds(v);
        let bag = kinds.in_bag(v);
        if !bag.any {
            if v.game_state::<Phase>()?.start_pending != 0 {
                let start = self.start_tile();
                veto(tiles, keep, |&t| Some(t) != start);
            }
            return Ok(());
        }
        let forks = bag.fork && v.game_state::<Phase>()?.fork_drawn == 0;
        // Which kinds of tile (their bits) may be drawn now: one look-up per
        // tile type.
        let mut drawable = [false; 16];
        for (b, d) in drawable.iter_mut().enumerate() {
            let b = b as u8;
            *d = b & IS_RIVER != 0
                && if bag.spring {
                    // A spring in the bag starts the river: first.
                    b & IS_SPRING != 0
                } else if forks {
                    b & IS_FORK != 0
                } else {
                    !bag.stream || b & IS_LAKE == 0
                };
        }
        // `tiles` is in increasing id order: the types before the first river
        // type are land tiles, held back without a look-up each.
        let start = tiles.partition_point(|&t| t < kinds.first).min(keep.len());
        keep[..start].fill(false);
        for (&t, k) in tiles[start..].iter().zip(keep[start..].iter_mut()) {
            *k &= drawable[usize::from(kinds.of(t) & 15)];
        }
        Ok(())
    }

    fn tile_drawn(&self, cx: &mut Cx<'_>, tile: TileTypeId) -> HookResult {
        if self.kinds(cx).of(tile) & IS_FORK != 0 {
            cx.game_state_mut::<Phase>()?.fork_drawn = 1;
        }
        if Some(tile) == self.start_tile() && !self.river_left(cx) {
            cx.game_state_mut::<Phase>()?.start_pending = 0;
        }
        Ok(())
    }

    /// RV11: a river tile continues the river at one of its open ends, the
    /// only squares where `filter_placements` may keep it (the core lists no
    /// other square). A spring drawn from the bag starts the river anywhere,
    /// and past [`MAX_ENDS`] open ends every square may be one: no bound.
    fn placement_squares(
        &self,
        v: &View<'_>,
        tile: TileTypeId,
        out: &mut [Pos],
        n: &mut u32,
    ) -> HookResult {
        let bits = self.kinds(v).of(tile);
        if bits & IS_RIVER == 0 || bits & IS_SPRING != 0 {
            return Ok(());
        }
        let phase = v.game_state::<Phase>()?;
        let ends = &phase.ends[..(phase.n_ends as usize).min(MAX_ENDS)];
        if phase.ends_overflow == 0 && ends.len() <= out.len() {
            for (o, &e) in out.iter_mut().zip(ends) {
                *o = unpack(e);
            }
            *n = ends.len() as u32;
        }
        Ok(())
    }

    /// RV11–RV15.
    fn filter_placements(
        &self,
        v: &View<'_>,
        tile: TileTypeId,
        cands: &[Placement],
        keep: &mut [bool],
    ) -> HookResult {
        // The tile's river sides read once; each candidate turns them. A
        // candidate on no open end of the river does not continue it (RV11)
        // and is refused without more questions (but a spring drawn from the
        // bag starts the river anywhere).
        let kinds = self.kinds(v);
        let printed = kinds.sides(tile);
        if printed == 0 {
            return Ok(());
        }
        let phase = *v.game_state::<Phase>()?;
        let spring = kinds.of(tile) & IS_SPRING != 0;
        // The candidates come square by square: what is asked about a square
        // serves its rotations.
        let mut near: Option<Near> = None;
        for (p, k) in cands.iter().zip(keep.iter_mut()) {
            if !*k || (!spring && !phase.may_end_at(p.pos)) {
                *k = false;
                continue;
            }
            let here = match &mut near {
                Some(n) if n.pos == p.pos => n,
                slot => slot.insert(Near::new(p.pos)),
            };
            if self
                .refusal(v, turn(printed, p.rot), spring, *p, here)?
                .is_some()
            {
                *k = false;
            }
        }
        Ok(())
    }

    /// Why a river tile may not go there, for the player (RV11–RV15).
    fn placement_refusal(
        &self,
        v: &View<'_>,
        tile: TileTypeId,
        p: Placement,
        out: &mut String,
    ) -> HookResult {
        if is_river(v, tile) {
            let spring = marked(v, tile, SPRING);
            let sides = river_sides(v, tile, p.rot);
            if let Some(why) = self.refusal(v, sides, spring, p, &mut Near::new(p.pos))? {
                out.push_str(why);
            }
        }
        Ok(())
    }

    /// Records the river's flow into the placed tile; RV22's extra turn.
    fn tile_placed(&self, cx: &mut Cx<'_>, tile: TileIndex) -> HookResult {
        let ty = cx.tile_type_id(tile);
        let kind = self.kinds(cx).of(ty);
        let bar = self.kinds(cx).barrier;
        let sides = cx.tile_sides(tile).barrier_sides(bar);
        let pos = cx.tile_pos(tile);
        // The square is filled; a river tile's river sides facing empty
        // squares open them.
        // The tiles beside its river sides, each asked once.
        let mut beside = [None; 4];
        let mut phase = *cx.game_state::<Phase>()?;
        phase.filled(pos);
        for d in Side::ALL {
            if sides & bit(d) != 0 {
                beside[d as usize] = cx.tile_at(pos.step(d));
                if beside[d as usize].is_none() {
                    phase.open(pos.step(d));
                }
            }
        }
        *cx.game_state_mut::<Phase>()? = phase;
        if sides == 0 || kind & IS_SPRING != 0 {
            return Ok(());
        }
        let up = Side::ALL.into_iter().find_map(|d| {
            beside[d as usize]
                .filter(|&t| placed_river_sides(cx, bar, t) & bit(d.opposite()) != 0)
                .map(|t| (d, t))
        });
        if let Some((up, prev)) = up {
            let before = cx.tile_state::<Flow>(prev)?.flowed;
            *cx.tile_state_mut::<Flow>(tile)? = Flow {
                upstream: up as u32 + 1,
                flowed: before | u32::from(bit(up.opposite())),
            };
        }
        if self.options.volcano_lake == VolcanoLake::ExtraTurn
            && kind & IS_LAKE != 0
            && marked(cx, ty, VOLCANO)
        {
            cx.game_state_mut::<Phase>()?.lake_tile = u32::from(tile.0) + 1;
            let me = cx.current_player();
            cx.grant_turn(me);
            if cx.logging() {
                cx.log("The volcano lake: no figure this turn, and another turn at once.");
            }
        }
        Ok(())
    }

    /// RV22: on the volcano lake's turn only `Pass`.
    fn filter_figure_options(
        &self,
        v: &View<'_>,
        opts: &[FigureOption],
        keep: &mut [bool],
    ) -> HookResult {
        // The lake's figure step only: not the scoring step after it, whose
        // moves (a wagon's, a follower out of the city of Carcassonne) run
        // as usual.
        let lake = v.game_state::<Phase>()?.lake_tile;
        if lake != 0
            && v.at_figure_step()
            && v.last_placed().map(|t| u32::from(t.0) + 1) == Some(lake)
        {
            veto(opts, keep, |o| *o != FigureOption::Pass);
        }
        Ok(())
    }

    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        self.retire_when_done(cx)
    }
}
