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
//! When every player has laid every bridge, `extra_placements` is switched
//! off (it costs nothing afterwards). Each player's bridges left are his note
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

/// A side's kind as the plugin reads it (`None`: a wildcard side).
type Kind = Option<FeatureKind>;

const FIELD: Kind = Some(FeatureKind::Field);
const ROAD: Kind = Some(FeatureKind::Road);

/// Whether two facing sides fit by kind (a wildcard fits anything).
fn fits(a: Kind, b: Kind) -> bool {
    a.is_none() || b.is_none() || a == b
}

/// The kinds of four packed sides as the plugin reads them: a barrier side is
/// a field side (its name is the core's matter), a wildcard side `None`.
fn kinds(s: Sides) -> [Kind; 4] {
    Side::ALL.map(|d| match s.get(d) {
        SideKind::Any => None,
        SideKind::City => Some(FeatureKind::City),
        SideKind::Road => ROAD,
        SideKind::Field | SideKind::Barrier(_) => FIELD,
    })
}

/// A neighbour of the square being tried: the tile and its sides now.
type Across = [Option<(TileIndex, [Kind; 4])>; 4];

/// What the neighbours of the square being tried allow, found once per
/// square (every rotation of the new tile asks the same): for the neighbour
/// beyond each side, whether it may get a bridge (no bridge yet), where it
/// is, and which of its sides face an empty square other than the one tried.
#[derive(Clone, Copy, Default)]
struct Site {
    /// Asked already (the fields below are valid).
    known: bool,
    /// The neighbour has no bridge yet.
    unbridged: bool,
    /// Its position.
    at: Pos,
    /// Bit `e`: the square beyond its side `e` is empty and is not the one
    /// tried (asked only for its field sides).
    empty: u8,
}

/// The plugin.
pub struct Bridges {
    options: Options,
}

impl Bridges {
    /// Whether placed tile `t` has no bridge yet (no feature was added to it:
    /// a tile holds at most one bridge, ever; BB4).
    fn unbridged(v: &View<'_>, t: TileIndex) -> bool {
        v.tile_feature_count(t) == v.tile_type_feature_count(v.tile_type_id(t))
    }

    /// The neighbour beyond side `d` of `pos` (`across[d]`) as a bridge site,
    /// found on first use and kept in `sites` for the other rotations.
    fn site(
        v: &View<'_>,
        pos: Pos,
        d: Side,
        across: &Across,
        sites: &mut [Site; 4],
    ) -> Option<Site> {
        let (t, s) = across[d as usize]?;
        let site = &mut sites[d as usize];
        if !site.known {
            site.known = true;
            site.unbridged = Self::unbridged(v, t);
            if site.unbridged {
                site.at = v.tile_pos(t);
                for e in Side::ALL {
                    let q = site.at.step(e);
                    if s[e as usize] == FIELD && q != pos && v.tile_at(q).is_none() {
                        site.empty |= 1 << e as u8;
                    }
                }
            }
        }
        Some(*site)
    }

    /// A candidate laying a bridge across the tile at `at`.
    fn candidate(
        v: &View<'_>,
        p: Placement,
        site: Option<Side>,
        at: Pos,
        axis: Axis,
        optional: bool,
    ) -> PiecePlacement {
        PiecePlacement {
            placement: Placement::with_piece(p.pos, p.rot, v.piece(code(site, axis))),
            at,
            kind: FeatureKind::Road,
            slots: axis.slots(),
            optional,
        }
    }

    /// Bridges by choice with the plain placement `p` (BB5): on the new tile
    /// (`mine`: its sides) along an axis of two field sides whose ends face
    /// empty squares or road sides; and on a neighbour without a bridge, along
    /// an axis of two field sides whose ends face empty squares. Appended to
    /// `out`.
    fn by_choice(
        &self,
        v: &View<'_>,
        p: Placement,
        mine: [Kind; 4],
        across: &Across,
        sites: &mut [Site; 4],
        out: &mut Vec<PiecePlacement>,
    ) {
        for axis in Axis::BOTH {
            let ok = axis.ends().iter().all(|&d| {
                mine[d as usize] == FIELD
                    && across[d as usize].is_none_or(|(_, s)| s[d.opposite() as usize] == ROAD)
            });
            if ok {
                out.push(Self::candidate(v, p, None, p.pos, axis, false));
            }
        }
        if self.options.sites == Sites::PlacedOnly {
            return;
        }
        for d in Side::ALL {
            let Some(site) = Self::site(v, p.pos, d, across, sites) else {
                continue;
            };
            if !site.unbridged {
                continue;
            }
            for axis in Axis::BOTH {
                // Both ends on field sides facing empty squares.
                let ends = axis.ends().iter().fold(0u8, |m, &e| m | 1 << e as u8);
                if site.empty & ends == ends {
                    out.push(Self::candidate(v, p, Some(d), site.at, axis, false));
                }
            }
        }
    }

    /// The bridge that makes the placement `p` (plain matching refuses it:
    /// `bad` are the sides that clash) legal (BB7), if one repairs every clash:
    /// (a) the new tile's field side faces a road: a bridge across the new
    /// tile, its other end facing an empty square or a road side; (b) the new
    /// tile's road faces a neighbour's field side: a bridge across that
    /// neighbour along the same axis, its far end facing an empty square.
    fn repair(
        &self,
        v: &View<'_>,
        p: Placement,
        mine: [Kind; 4],
        across: &Across,
        sites: &mut [Site; 4],
        bad: &[Side],
    ) -> Option<PiecePlacement> {
        let theirs = |d: Side| across[d as usize].map(|(_, s)| s[d.opposite() as usize]);
        let optional = self.options.bridge_only_fit == BridgeOnlyFit::MaySetAside;
        let &first = bad.first()?;
        let axis = Axis::through(first);
        if bad.iter().all(|&d| Axis::through(d) == axis)
            && axis
                .ends()
                .iter()
                .all(|&d| mine[d as usize] == FIELD && theirs(d).is_none_or(|k| k == ROAD))
        {
            return Some(Self::candidate(v, p, None, p.pos, axis, optional));
        }
        let [d] = bad else {
            return None;
        };
        let (_, s) = across[*d as usize]?;
        if !(mine[*d as usize] == ROAD
            && s[d.opposite() as usize] == FIELD
            && s[*d as usize] == FIELD)
        {
            return None;
        }
        let site = Self::site(v, p.pos, *d, across, sites)?;
        let ok = site.unbridged && site.empty & 1 << *d as u8 != 0;
        ok.then(|| Self::candidate(v, p, Some(*d), site.at, axis, optional))
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
        // hook runs at every draw and placement list: issue 27); the
        // neighbours' sides once per square, their bridge sites on first use.
        // The core sorts the candidates: the squares' order does not matter.
        let printed = v.tile_type_sides(tile);
        let sides = Rotation::ALL.map(|rot| kinds(printed.rotated(rot)));
        for pos in v.frontier_cells() {
            let across: Across = Side::ALL.map(|d| {
                let t = v.tile_at(pos.step(d))?;
                Some((t, kinds(v.tile_sides(t))))
            });
            let mut sites = [Site::default(); 4];
            for rot in Rotation::ALL {
                let mine = sides[rot.quarter_turns() as usize];
                let p = Placement::new(pos, rot);
                // The clashing sides, in side order (no allocation).
                let mut bad = [Side::N; 4];
                let mut n = 0;
                for d in Side::ALL {
                    if across[d as usize]
                        .is_some_and(|(_, s)| !fits(mine[d as usize], s[d.opposite() as usize]))
                    {
                        bad[n] = d;
                        n += 1;
                    }
                }
                if n == 0 {
                    self.by_choice(v, p, mine, &across, &mut sites, out);
                } else if let Some(c) = self.repair(v, p, mine, &across, &mut sites, &bad[..n]) {
                    out.push(c);
                }
            }
        }
        Ok(())
    }

    /// Counts the bridge laid with the placement; when no player has a bridge
    /// left, the placements with a bridge are switched off.
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
    fn bb2_three_bridges_up_to_four_players_two_with_five_or_six() {
        let by = Options::default().count;
        assert_eq!([1, 2, 4, 5, 6].map(|n| by.per_player(n)), [3, 3, 3, 2, 2]);
        assert_eq!(PerPlayer::Fixed(5).per_player(6), 5);
    }
}
