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

/// What a placed tile allows as a bridge site (BB4, BB6), read on first use
/// (one `tile_outline`) and kept for the rest of the call: a tile lies beside
/// up to four squares of the frontier, and every square beside it asks the
/// same.
#[derive(Clone, Copy, Default)]
struct Site {
    /// Asked already (the fields below are valid).
    known: bool,
    /// The tile has no bridge yet.
    unbridged: bool,
    /// Its packed side codes.
    far: u8,
    /// Bit `e`: its side `e` is a field side facing an empty square (the
    /// square tried among them; asked only without a bridge).
    open_fields: u8,
}

impl Site {
    /// The sides `e` of this site where a bridge laid for the square beyond
    /// its side `d.opposite()` (the square tried) may end: field sides facing
    /// an empty square other than the one tried.
    fn empty(self, toward: Side) -> u8 {
        self.open_fields & !(1 << toward as u8)
    }
}

/// Entries of [`SiteCache`]: the squares of a 16 × 16 window, by position
/// (a square farther away that falls on the same entry replaces it).
const KEPT_SITES: usize = 256;

/// The bridge sites asked so far in one call, by the position of their
/// tile: a square asked again costs neither `tile_at` nor `tile_outline`.
struct SiteCache {
    kept: [(Pos, Site); KEPT_SITES],
}

impl SiteCache {
    /// The placed tile beyond side `d` of square `pos` as a bridge site, if
    /// one lies there (`present`: the square's sides with a tile).
    #[inline]
    fn beside(&mut self, v: &View<'_>, pos: Pos, d: Side, present: u8) -> Option<Site> {
        if present & 1 << d as u8 == 0 {
            return None;
        }
        self.at(v, pos.step(d))
    }

    /// The placed tile at `at` as a bridge site, if one lies there.
    #[inline]
    fn at(&mut self, v: &View<'_>, at: Pos) -> Option<Site> {
        let i = (at.x as usize & 15) | (at.y as usize & 15) << 4;
        match self.kept.get(i) {
            Some(&(p, site)) if site.known && p == at => Some(site),
            _ => self.ask(v, at, i),
        }
    }

    /// [`SiteCache::at`] asked of the game, kept in entry `i`.
    #[inline(never)]
    fn ask(&mut self, v: &View<'_>, at: Pos, i: usize) -> Option<Site> {
        let t = v.tile_at(at)?;
        let o = v.tile_outline(t);
        let far = codes(o.sides);
        // A tile holds at most one bridge, ever (BB4): one with a feature
        // added has one.
        let unbridged = o.added == 0;
        let site = Site {
            known: true,
            unbridged,
            far,
            open_fields: if unbridged {
                sides_of(far, FIELD) & o.open
            } else {
                0
            },
        };
        if let Some(e) = self.kept.get_mut(i) {
            *e = (at, site);
        }
        Some(site)
    }
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
        sites: &mut SiteCache,
    ) -> NeighbourBridges {
        let mut nb = NeighbourBridges::new();
        if self.options.sites == Sites::PlacedOnly {
            return nb;
        }
        for d in Side::ALL {
            let Some(site) = sites.beside(v, pos, d, sq.present) else {
                continue;
            };
            let empty = site.empty(d.opposite());
            for axis in Axis::BOTH {
                // Both ends on field sides facing empty squares.
                let ends = axis_bits(axis);
                if empty & ends == ends {
                    nb.at[nb.len] = (d, axis);
                    nb.len += 1;
                }
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
    /// road side; (b) the new tile's road faces a neighbour's field side: a
    /// bridge across that neighbour along the same axis, its far end facing
    /// an empty square.
    #[allow(clippy::too_many_arguments)]
    fn repair(
        &self,
        v: &View<'_>,
        pieces: &Pieces,
        p: Placement,
        mine: u8,
        sq: &Square,
        sites: &mut SiteCache,
        bad: u8,
    ) -> Option<PiecePlacement> {
        let optional = self.options.bridge_only_fit == BridgeOnlyFit::MaySetAside;
        let first = Side::from_index(bad.trailing_zeros() as usize);
        let axis = Axis::through(first);
        let ends = axis_bits(axis);
        if bad & !ends == 0 && sides_of(mine, FIELD) & sq.end_ok & ends == ends {
            return Some(Self::candidate(pieces, p, None, p.pos, axis, optional));
        }
        if bad.count_ones() != 1 {
            return None;
        }
        let d = first;
        if !(code_at(mine, d) == ROAD && code_at(sq.facing, d) == FIELD) {
            return None;
        }
        let site = sites.beside(v, p.pos, d, sq.present)?;
        let ok = code_at(site.far, d) == FIELD
            && site.unbridged
            && site.empty(d.opposite()) & 1 << d as u8 != 0;
        ok.then(|| Self::candidate(pieces, p, Some(d), p.pos.step(d), axis, optional))
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
        // The drawn tile's sides in each rotation, asked once per call (this
        // hook runs at every draw and placement list: issue 27); what the
        // neighbours require in one query per square, their bridge sites on
        // first use (one query per tile and call).
        // Sides are packed codes: a rotation's clashes are a few bit
        // operations. The core sorts the candidates: the squares' order does
        // not matter.
        let printed = v.tile_type_sides(tile);
        let mine = Rotation::ALL.map(|rot| codes(printed.rotated(rot)));
        let fields = mine.map(|m| sides_of(m, FIELD));
        let me_index = v.plugin_index();
        let pieces: Pieces = std::array::from_fn(|c| Piece::of(me_index, c as u32));
        // The four rotations' codes side by side, rotation `r` in byte `r`,
        // so that one square's clashes are found for all four at once; the
        // lanes (the low bit of each side's two) where the new tile's side
        // is set.
        let m4 = u32::from_le_bytes(mine);
        let set4 = (m4 | m4 >> 1) & LANES;
        let mut sites = SiteCache {
            kept: [(Pos::default(), Site::default()); KEPT_SITES],
        };
        for fs in v.frontier_squares() {
            let pos = fs.pos;
            let f4 = u32::from(fs.facing) * 0x0101_0101;
            // The clashing sides of each rotation: both set and different.
            let diff = m4 ^ f4;
            let clash = (diff | diff >> 1) & set4 & (f4 | f4 >> 1) & LANES;
            // The clashes no bridge repairs: all but a field side against a
            // road side (codes 3 and 2: both high bits set, low bits not the
            // same).
            let unrepairable = clash & !((m4 & f4) >> 1 & diff);
            // The rotations that fit, and those whose every clash one
            // bridge may repair; most squares have neither.
            let fit = clear_bytes(clash);
            let mut repairable = clear_bytes(unrepairable) & !fit;
            if fit | repairable == 0 {
                continue;
            }
            let sq = Square::of(&fs);
            if fit != 0 {
                // The neighbours' bridges by choice: the same for every
                // rotation that fits.
                let nb = self.neighbour_bridges(v, pos, &sq, &mut sites);
                let mut m = fit;
                while m != 0 {
                    let r = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let p = Placement::new(pos, Rotation::ALL[r]);
                    Self::by_choice(&pieces, p, fields[r], &sq, &nb, out);
                }
            }
            while repairable != 0 {
                let r = repairable.trailing_zeros() as usize;
                repairable &= repairable - 1;
                let lanes = (clash >> (8 * r)) as u8;
                let bad = (0..4).fold(0u8, |b, d| b | ((lanes >> (2 * d)) & 1) << d);
                let p = Placement::new(pos, Rotation::ALL[r]);
                if let Some(c) = self.repair(v, &pieces, p, mine[r], &sq, &mut sites, bad) {
                    out.push(c);
                }
            }
        }
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
    fn bb2_three_bridges_up_to_four_players_two_with_five_or_six() {
        let by = Options::default().count;
        assert_eq!([1, 2, 4, 5, 6].map(|n| by.per_player(n)), [3, 3, 3, 2, 2]);
        assert_eq!(PerPlayer::Fixed(5).per_player(6), 5);
    }
}
