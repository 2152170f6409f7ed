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
            "BB2: bridges per player: \"by-players\" (3 with 2-4 players, 2 with 5-6) or a number",
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

/// A bridge's axis: north–south or west–east.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Axis {
    NorthSouth,
    WestEast,
}

impl Axis {
    const BOTH: [Axis; 2] = [Axis::NorthSouth, Axis::WestEast];

    /// The two board sides the bridge ends on.
    fn ends(self) -> [Side; 2] {
        match self {
            Axis::NorthSouth => [Side::N, Side::S],
            Axis::WestEast => [Side::E, Side::W],
        }
    }

    /// The axis through side `d`.
    fn through(d: Side) -> Axis {
        match d {
            Side::N | Side::S => Axis::NorthSouth,
            Side::E | Side::W => Axis::WestEast,
        }
    }

    /// The road's slots: the middle slots of its two ends.
    fn slots(self) -> u16 {
        self.ends()
            .iter()
            .fold(0, |m, &d| m | 1 << (3 * d as u16 + 1))
    }
}

/// Piece codes: `2 * site + axis`, site 0 the placed tile, `1 + d` the
/// neighbour beyond side `d`; axis 0 north–south, 1 west–east.
fn code(site: Option<Side>, axis: Axis) -> u32 {
    let s = site.map_or(0, |d| 1 + d as u32);
    2 * s + u32::from(axis == Axis::WestEast)
}

/// The site and axis of piece `code`.
fn decode(code: u32) -> Option<(Option<Side>, Axis)> {
    let axis = Axis::BOTH[(code & 1) as usize];
    match code >> 1 {
        0 => Some((None, axis)),
        s @ 1..=4 => Some((Some(Side::ALL[s as usize - 1]), axis)),
        _ => None,
    }
}

const SITE_NAMES: [&str; 5] = ["", "north ", "east ", "south ", "west "];
const AXIS_NAMES: [&str; 2] = ["NS", "WE"];

/// The name of piece `code` in records: `WE` (the placed tile), `west NS`
/// (the neighbour west of it).
fn piece_name(code: u32) -> Option<String> {
    let (site, axis) = decode(code)?;
    let s = SITE_NAMES[site.map_or(0, |d| 1 + d as usize)];
    Some(format!("{s}{}", AXIS_NAMES[axis as usize]))
}

/// A side's kind as the plugin reads it, in two bits: 0 a wildcard side, 1 a
/// city, 2 a road, 3 a field (a barrier side is a field side: its name is the
/// core's matter). The codes of four sides are packed in a `u8`, side `d` at
/// bits `2d`.
const ROAD: u8 = 2;
const FIELD: u8 = 3;

/// The low bit of every side's two in four packed codes side by side.
const LANES: u32 = 0x5555_5555;

/// The packed codes of four sides.
fn codes(s: Sides) -> u8 {
    (0..4).fold(0, |m, d| {
        let b = (s.0 >> (8 * d)) as u8;
        let k = if b >> 4 != 0 { FIELD } else { b & 3 };
        m | k << (2 * d)
    })
}

/// Code of side `d` in packed codes `c`.
fn code_at(c: u8, d: Side) -> u8 {
    (c >> (2 * d as u8)) & 3
}

/// Bit `d` set where side `d` of packed codes `c` is `k`: the lanes where
/// `c` and four copies of `k` agree, gathered into the low four bits.
#[inline]
fn sides_of(c: u8, k: u8) -> u8 {
    let x = c ^ (k * 0x55);
    let z = !(x | x >> 1) & 0x55;
    let z = (z | z >> 1) & 0x33;
    (z | z >> 2) & 0x0F
}

/// Bit `r` set where byte `r` of `x` (bits in [`LANES`] only) is zero: the
/// rotations whose four lanes are all clear.
#[inline]
fn clear_bytes(x: u32) -> u8 {
    let t = x | x >> 2;
    let t = (t | t >> 4) & 0x0101_0101;
    // Byte `r`'s bit (at `8r`) moved to bit `r`.
    !((t | t >> 7 | t >> 14 | t >> 21) as u8) & 15
}

/// Each rotation's clashing sides, a bit per side (side `d` at bit `d`),
/// from their lanes (`clash`, bits in [`LANES`]), rotation `r` in byte `r`.
#[inline]
fn clash_sides(clash: u32) -> u32 {
    let x = (clash | clash >> 1) & 0x3333_3333;
    (x | x >> 2) & 0x0F0F_0F0F
}

/// The bridge across the new tile that repairs every clash (way (a) of
/// [`Bridges::repair`]), by `bad << 4 | ends_ok` (the clashing sides, and
/// the new tile's field sides facing an empty square or a road): the
/// clashes on one axis, whose two ends are such sides. 0 for none, else 1
/// plus the axis's index in [`Axis::BOTH`].
const ACROSS_NEW: [u8; 256] = {
    let mut t = [0; 256];
    let mut i: usize = 1;
    while i < 256 {
        let (bad, ok) = (i >> 4, i & 15);
        if bad != 0 {
            // The axis through the first clashing side (N or S: 0b0101).
            let (ends, axis) = if bad.trailing_zeros() % 2 == 0 {
                (0b0101, 1)
            } else {
                (0b1010, 2)
            };
            if bad & !ends == 0 && ok & ends == ends {
                t[i] = axis;
            }
        }
        i += 1;
    }
    t
};

/// The side bits of an axis.
fn axis_bits(axis: Axis) -> u8 {
    match axis {
        Axis::NorthSouth => 0b0101,
        Axis::WestEast => 0b1010,
    }
}

/// The square being tried, as its neighbours make it, read once per square
/// (every rotation of the new tile asks the same) from one query
/// (`frontier_square`).
#[derive(Clone, Copy, Default)]
struct Square {
    /// Bit `d`: a tile lies beyond side `d`.
    present: u8,
    /// The packed codes of the sides facing the square (0 where none).
    facing: u8,
    /// Bit `d`: the square beyond side `d` is empty or its facing side is a
    /// road (where a bridge across the new tile may end).
    end_ok: u8,
}

impl Square {
    /// The square `fs` as the plugin reads it.
    fn of(fs: &FrontierSquare) -> Square {
        let roads = sides_of(fs.facing, ROAD) & fs.present;
        Square {
            present: fs.present,
            facing: fs.facing,
            end_ok: !fs.present & 15 | roads,
        }
    }
}

/// The frontier of one call, by position: each square read once (one
/// `frontier_square` each) and what the placed tiles beside it allow as
/// bridge sites (BB4, BB6), in a grid over the squares' bounding box. A
/// placed tile's side faces an empty square exactly where that square is in
/// the frontier, and its kind is what the square reads there (`facing`): a
/// neighbour's sites need no query but whether a feature was added to it
/// (asked only when a bridge across it would be offered).
#[derive(Default)]
struct FrontierMap {
    /// The squares in the engine's order.
    squares: Vec<FrontierSquare>,
    /// Row-major over the bounding box (`x0`, `y0`, `w` columns, `h` rows):
    /// for a placed tile, bit `e` set where its side `e` is a field side
    /// facing an empty square; 0 elsewhere.
    grid: Vec<u8>,
    x0: i32,
    y0: i32,
    w: i32,
    h: i32,
}

thread_local! {
    /// The buffers of [`FrontierMap`], reused from call to call (every
    /// entry is written again before it is read), and the [`FitCache`].
    static MAP: std::cell::RefCell<(FrontierMap, FitCache)> = std::cell::RefCell::default();
}

/// Entries of [`FitCache`] (a power of two).
const FIT_SLOTS: usize = 64;

/// What a square asks of the drawn tile, by the tile's packed codes in its
/// four rotations and the square's `facing`: the rotations that fit and
/// those whose every clash one bridge may repair ([`square_fits`]), kept
/// from call to call (they depend on the two codes alone). Direct-mapped by
/// the tile's codes; an entry is computed on first use.
#[derive(Default)]
struct FitCache {
    slots: Vec<(u32, [u16; 256])>,
}

impl FitCache {
    /// The entries of the tile whose four rotations' codes are `m4`: by a
    /// square's `facing`, 0 until computed.
    fn of(&mut self, m4: u32) -> &mut [u16; 256] {
        if self.slots.is_empty() {
            self.slots.resize(FIT_SLOTS, (0, [0; 256]));
        }
        let i = (m4.wrapping_mul(0x9E37_79B9) >> (32 - FIT_SLOTS.trailing_zeros())) as usize;
        let e = &mut self.slots[i & (FIT_SLOTS - 1)];
        if e.0 != m4 {
            *e = (m4, [0; 256]);
        }
        &mut e.1
    }
}

/// The clashing sides of each rotation of the new tile (its four rotations'
/// codes `m4`, rotation `r` in byte `r`) on a square whose neighbours turn
/// it `facing`: the lanes ([`LANES`]) where both sides are set and differ.
#[inline]
fn clashes(m4: u32, facing: u8) -> u32 {
    let f4 = u32::from(facing) * 0x0101_0101;
    let set4 = (m4 | m4 >> 1) & LANES;
    let diff = m4 ^ f4;
    (diff | diff >> 1) & set4 & (f4 | f4 >> 1) & LANES
}

/// A [`FitCache`] entry: `0x100 | fit | repairable << 4`, the rotations of
/// the new tile (codes `m4`) that fit the square (`facing`) and those whose
/// every clash is a field side against a road side, which one bridge may
/// repair (codes 3 and 2: both high bits set, low bits not the same).
fn square_fits(m4: u32, facing: u8) -> u16 {
    let f4 = u32::from(facing) * 0x0101_0101;
    let clash = clashes(m4, facing);
    let unrepairable = clash & !((m4 & f4) >> 1 & (m4 ^ f4));
    let fit = clear_bytes(clash);
    let repairable = clear_bytes(unrepairable) & !fit;
    0x100 | u16::from(fit) | u16::from(repairable) << 4
}

impl FrontierMap {
    /// Reads the frontier of `v` into the map.
    fn fill(&mut self, v: &View<'_>) {
        self.squares.clear();
        self.squares.extend(v.frontier_squares());
        let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for fs in &self.squares {
            let (x, y) = (i32::from(fs.pos.x), i32::from(fs.pos.y));
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        self.grid.clear();
        if x1 < x0 {
            (self.x0, self.y0, self.w, self.h) = (0, 0, 0, 0);
            return;
        }
        // Every placed tile lies inside the box: beyond each side of the
        // board's outermost tiles there is a square of the frontier.
        (self.x0, self.y0, self.w, self.h) = (x0, y0, x1 - x0 + 1, y1 - y0 + 1);
        self.grid.resize((self.w * self.h) as usize, 0);
        let w = self.w as isize;
        // The grid offset of the square beyond side `d` (N E S W).
        let step = [-w, 1, w, -1];
        for fs in &self.squares {
            // The tiles beside the square whose side facing it is a field.
            let mut m = sides_of(fs.facing, FIELD) & fs.present;
            let i = ((i32::from(fs.pos.y) - y0) * self.w + i32::from(fs.pos.x) - x0) as isize;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                if let Some(e) = self.grid.get_mut((i + step[d]) as usize) {
                    // Its side facing the square: `d` turned half way.
                    *e |= 1 << ((d + 2) & 3);
                }
            }
        }
    }

    /// Bit `e` set where side `e` of the placed tile at `at` is a field side
    /// facing an empty square (BB6), whether or not it has a bridge.
    #[inline]
    fn open_fields(&self, at: Pos) -> u8 {
        let (x, y) = (i32::from(at.x) - self.x0, i32::from(at.y) - self.y0);
        if x < 0 || y < 0 || x >= self.w || y >= self.h {
            return 0;
        }
        self.grid
            .get((y * self.w + x) as usize)
            .copied()
            .unwrap_or(0)
    }
}

/// Whether the placed tile at `at` has no bridge yet (BB4): a tile holds at
/// most one bridge, ever, and one with a feature added has one.
fn unbridged(v: &View<'_>, at: Pos) -> bool {
    v.tile_at(at).is_some_and(|t| v.tile_outline(t).added == 0)
}

/// The sides `e` of the placed tile beyond side `d` of the square tried
/// (`open`: its [`FrontierMap::open_fields`]) where a bridge laid for that
/// square may end: field sides facing an empty square other than the one
/// tried.
#[inline]
fn site_ends(open: u8, d: Side) -> u8 {
    open & !(1 << d.opposite() as u8)
}

/// The plugin.
pub struct Bridges {
    options: Options,
}

/// The pieces of this plugin by code (`code`), asked once per call.
type Pieces = [Piece; 10];

/// The bridges by choice on the neighbours of one square (BB5): a site and
/// an axis each, the same for every rotation of the new tile that fits.
struct NeighbourBridges {
    len: usize,
    at: [(Side, Axis); 8],
}

impl NeighbourBridges {
    /// None yet.
    fn new() -> NeighbourBridges {
        NeighbourBridges {
            len: 0,
            at: [(Side::N, Axis::NorthSouth); 8],
        }
    }
}

impl Bridges {
    /// A candidate laying a bridge across the tile at `at`.
    fn candidate(
        pieces: &Pieces,
        p: Placement,
        site: Option<Side>,
        at: Pos,
        axis: Axis,
        optional: bool,
    ) -> PiecePlacement {
        PiecePlacement {
            placement: Placement::with_piece(p.pos, p.rot, pieces[code(site, axis) as usize]),
            at,
            kind: FeatureKind::Road,
            slots: axis.slots(),
            optional,
        }
    }

    /// The bridges by choice on the neighbours of square `pos` (BB5): on a
    /// neighbour without a bridge, along an axis of two field sides whose
    /// ends face empty squares (none with `sites = "placed-only"`).
    fn neighbour_bridges(
        &self,
        v: &View<'_>,
        pos: Pos,
        sq: &Square,
        map: &FrontierMap,
    ) -> NeighbourBridges {
        let mut nb = NeighbourBridges::new();
        if self.options.sites == Sites::PlacedOnly {
            return nb;
        }
        let mut m = sq.present;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let d = Side::from_index(i);
            let at = pos.step(d);
            // Both ends on field sides facing empty squares other than the
            // one tried, on a tile without a bridge: only the axis across
            // `d` may have both (the other ends on the square tried).
            let axis = Axis::BOTH[(i & 1) ^ 1];
            let ends = axis_bits(axis);
            if site_ends(map.open_fields(at), d) & ends == ends && unbridged(v, at) {
                nb.at[nb.len] = (d, axis);
                nb.len += 1;
            }
        }
        nb
    }

    /// Bridges by choice with the plain placement `p` (BB5): on the new tile
    /// (`fields`: its field sides) along an axis of two field sides whose ends
    /// face empty squares or road sides; and on the neighbours (`nb`).
    /// Appended to `out`.
    fn by_choice(
        pieces: &Pieces,
        p: Placement,
        fields: u8,
        sq: &Square,
        nb: &NeighbourBridges,
        out: &mut Vec<PiecePlacement>,
    ) {
        for axis in Axis::BOTH {
            let ends = axis_bits(axis);
            if fields & sq.end_ok & ends == ends {
                out.push(Self::candidate(pieces, p, None, p.pos, axis, false));
            }
        }
        for &(d, axis) in &nb.at[..nb.len] {
            out.push(Self::candidate(
                pieces,
                p,
                Some(d),
                p.pos.step(d),
                axis,
                false,
            ));
        }
    }

    /// The bridge that makes the placement `p` (plain matching refuses it:
    /// `bad` are the sides that clash, a bit per side) legal (BB7), if one
    /// repairs every clash: (a) the new tile's field side faces a road: a
    /// bridge across the new tile, its other end facing an empty square or a
    /// road side (`ends_ok`: the new tile's field sides facing either; see
    /// [`ACROSS_NEW`]); (b) the new tile's road (`roads`: its road sides)
    /// faces a neighbour's field side: a bridge across that neighbour along
    /// the same axis, its far end facing an empty square.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn repair(
        &self,
        v: &View<'_>,
        pieces: &Pieces,
        p: Placement,
        (ends_ok, roads): (u8, u8),
        sq: &Square,
        map: &FrontierMap,
        bad: u8,
    ) -> Option<PiecePlacement> {
        let optional = self.options.bridge_only_fit == BridgeOnlyFit::MaySetAside;
        let across = ACROSS_NEW[usize::from(bad << 4 | ends_ok)];
        if across != 0 {
            let axis = Axis::BOTH[usize::from(across - 1)];
            return Some(Self::candidate(pieces, p, None, p.pos, axis, optional));
        }
        // A single clash, the new tile's road facing a neighbour's field.
        if bad & bad.wrapping_sub(1) != 0 || roads & bad == 0 {
            return None;
        }
        let d = Side::from_index(bad.trailing_zeros() as usize);
        if code_at(sq.facing, d) != FIELD || sq.present & 1 << d as u8 == 0 {
            return None;
        }
        // Its far end a field side facing an empty square, on a tile
        // without a bridge.
        let at = p.pos.step(d);
        let ok = site_ends(map.open_fields(at), d) & 1 << d as u8 != 0 && unbridged(v, at);
        ok.then(|| Self::candidate(pieces, p, Some(d), at, Axis::through(d), optional))
    }

    /// The placements that lay a bridge (BB5–BB8) with the drawn tile
    /// `tile`, appended to `out`: the body of `extra_placements`.
    fn offer(
        &self,
        v: &View<'_>,
        tile: TileTypeId,
        map: &mut FrontierMap,
        fits: &mut FitCache,
        out: &mut Vec<PiecePlacement>,
    ) {
        // The drawn tile's sides in each rotation, asked once per call (this
        // hook runs at every draw and placement list: issue 27); what the
        // neighbours require in one query per square, read into `map`, which
        // also says what a neighbour allows as a bridge site.
        // Sides are packed codes: a rotation's clashes are a few bit
        // operations. The core sorts the candidates: the squares' order does
        // not matter.
        let printed = v.tile_type_sides(tile);
        let mine = Rotation::ALL.map(|rot| codes(printed.rotated(rot)));
        let fields = mine.map(|m| sides_of(m, FIELD));
        let roads = mine.map(|m| sides_of(m, ROAD));
        let me_index = v.plugin_index();
        let pieces: Pieces = std::array::from_fn(|c| Piece::of(me_index, c as u32));
        // The four rotations' codes side by side, rotation `r` in byte `r`,
        // so that one square's clashes are found for all four at once (and
        // kept by the square's `facing`, `fits`).
        let m4 = u32::from_le_bytes(mine);
        map.fill(v);
        let by_facing = fits.of(m4);
        for fs in &map.squares {
            let pos = fs.pos;
            // The rotations that fit, and those whose every clash one
            // bridge may repair; most squares have neither.
            let e = &mut by_facing[usize::from(fs.facing)];
            if *e == 0 {
                *e = square_fits(m4, fs.facing);
            }
            let fit = (*e & 15) as u8;
            let mut repairable = (*e >> 4 & 15) as u8;
            if fit | repairable == 0 {
                continue;
            }
            let sq = Square::of(fs);
            if fit != 0 {
                // The neighbours' bridges by choice: the same for every
                // rotation that fits.
                let nb = self.neighbour_bridges(v, pos, &sq, map);
                let mut m = fit;
                while m != 0 {
                    let r = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let p = Placement::new(pos, Rotation::ALL[r]);
                    Self::by_choice(&pieces, p, fields[r], &sq, &nb, out);
                }
            }
            let bad4 = clash_sides(clashes(m4, fs.facing));
            while repairable != 0 {
                let r = repairable.trailing_zeros() as usize;
                repairable &= repairable - 1;
                let bad = (bad4 >> (8 * r)) as u8 & 15;
                let p = Placement::new(pos, Rotation::ALL[r]);
                let sides = (fields[r] & sq.end_ok, roads[r]);
                if let Some(c) = self.repair(v, &pieces, p, sides, &sq, map, bad) {
                    out.push(c);
                }
            }
        }
    }
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

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(Bridges { options })
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
    fn piece_names_round_trip() {
        for c in 0..10 {
            let name = piece_name(c).unwrap();
            assert_eq!(
                (0..10).find(|&x| piece_name(x).as_deref() == Some(&name)),
                Some(c)
            );
        }
        assert_eq!(piece_name(1).as_deref(), Some("WE"));
        assert_eq!(
            piece_name(code(Some(Side::W), Axis::NorthSouth)).as_deref(),
            Some("west NS")
        );
        assert_eq!(piece_name(10), None);
    }

    #[test]
    fn packed_side_tests_match_their_definitions() {
        for c in 0..=255u8 {
            for k in 0..4 {
                let by_side = (0..4).fold(0, |m, d| m | u8::from((c >> (2 * d)) & 3 == k) << d);
                assert_eq!(sides_of(c, k), by_side, "codes {c:08b}, kind {k}");
            }
        }
        for lanes in 0..=0xFFFFu32 {
            // Four bytes of four lanes each, from four bits of `lanes`.
            let x = (0..16).fold(0u32, |x, i| x | (lanes >> i & 1) << (2 * i));
            let clear = (0..4).fold(0, |m, r| m | u8::from((x >> (8 * r)) as u8 == 0) << r);
            assert_eq!(clear_bytes(x), clear, "lanes {x:032b}");
        }
    }

    #[test]
    fn the_repair_filters_match_their_definitions() {
        for bad in 1..16u8 {
            for ok in 0..16u8 {
                let first = Side::from_index(bad.trailing_zeros() as usize);
                let ends = axis_bits(Axis::through(first));
                let want = bad & !ends == 0 && ok & ends == ends;
                let got = ACROSS_NEW[usize::from(bad << 4 | ok)];
                assert_eq!(got != 0, want, "{bad:04b} {ok:04b}");
                if want {
                    assert_eq!(Axis::BOTH[usize::from(got - 1)], Axis::through(first));
                }
            }
        }
        for lanes in 0..=0xFFFFu32 {
            let x = (0..16).fold(0u32, |x, i| x | (lanes >> i & 1) << (2 * i));
            let want = (0..4).fold(0u32, |m, r| {
                let l = x >> (8 * r);
                m | (0..4).fold(0, |b, d| b | (l >> (2 * d) & 1) << d) << (8 * r)
            });
            assert_eq!(clash_sides(x), want, "lanes {x:032b}");
        }
    }

    #[test]
    fn bb2_three_bridges_up_to_four_players_two_with_five_or_six() {
        let by = Options::default().count;
        assert_eq!([1, 2, 4, 5, 6].map(|n| by.per_player(n)), [3, 3, 3, 2, 2]);
        assert_eq!(PerPlayer::Fixed(5).per_player(6), 5);
    }
}
