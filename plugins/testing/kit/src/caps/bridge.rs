//! `kit-bridge`: placements legal only with a piece. Each player has `bridges`
//! bridges. A tile whose position and rotation fail side matching may still be
//! placed with one bridge that repairs every mismatch (`extra_placements`):
//! a bridge across the new tile (its field side faces a road: the bridge turns
//! both field sides of its axis into road sides), or a bridge across the
//! neighbour whose field side the new tile's road faces (its far end facing an
//! empty square). The bridge is a road that takes the middle slots of the two
//! sides (`PiecePlacement`: the core adds the feature, checks the fit, joins
//! the roads); a follower may stand on a bridge on the placed tile. With
//! `may-set-aside` such candidates are optional: a tile that fits only with a
//! bridge may be set aside instead. When every bridge is used, the plugin
//! switches `extra_placements` off.

use carcassonne_plugin_sdk::prelude::*;

/// Options of `kit-bridge`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// Bridges per player.
    pub bridges: u32,
    /// Whether a tile that fits only with a bridge may be set aside.
    pub may_set_aside: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            bridges: 2,
            may_set_aside: true,
        }
    }
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[
        ("bridges", "Bridges per player."),
        (
            "may-set-aside",
            "Whether a tile that fits only with a bridge may be set aside.",
        ),
    ];
}

/// Per-player state.
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct Used {
    /// Bridges laid.
    pub bridges: u32,
}

/// Piece codes: a bridge across the placed tile along an axis (`HERE_NS`,
/// `HERE_WE`), or across the neighbour beyond side `d` of the placed tile
/// (`ON + d`, along that side's axis).
const HERE_NS: u32 = 0;
const HERE_WE: u32 = 1;
const ON: u32 = 4;
const NAMES: [&str; 8] = ["here NS", "here WE", "", "", "on N", "on E", "on S", "on W"];

/// The plugin.
pub struct Bridge {
    bridges: u32,
    optional: bool,
}

/// Side kinds as the plugin reads them from slots: `None` for a side no
/// feature reaches (a wildcard).
type Sides = [Option<FeatureKind>; 4];

/// The middle slot of board side `d`.
fn middle(d: usize) -> u16 {
    1 << (3 * d + 1)
}

/// The coarse kind of each side of a tile whose features own `slots` (board
/// orientation) and have kinds `kinds`: a city if a slot is a city's, else a
/// road if one is a road's, else a field.
fn sides_of(slots: &[(u16, FeatureKind)]) -> Sides {
    std::array::from_fn(|d| {
        let on = |k: FeatureKind| slots.iter().any(|&(m, x)| x == k && m >> (3 * d) & 7 != 0);
        if on(FeatureKind::City) {
            Some(FeatureKind::City)
        } else if on(FeatureKind::Road) {
            Some(FeatureKind::Road)
        } else if on(FeatureKind::Field) {
            Some(FeatureKind::Field)
        } else {
            None
        }
    })
}

/// Rotates a printed 12-slot mask clockwise by `r` quarter turns.
fn rotate(mask: u16, r: Rotation) -> u16 {
    let k = 3 * u32::from(r.quarter_turns());
    ((u32::from(mask) << k | u32::from(mask) >> (12 - k)) & 0xFFF) as u16
}

impl Bridge {
    /// The sides of tile type `ty` turned `r` quarter turns.
    fn type_sides(v: &View<'_>, ty: TileTypeId, r: Rotation) -> Sides {
        let feats: Vec<(u16, FeatureKind)> = (0..v.tile_type_feature_count(ty))
            .map(|l| {
                let m = rotate(v.tile_type_feature_slots(ty, l), r);
                (m, v.tile_type_feature_kind(ty, l))
            })
            .collect();
        sides_of(&feats)
    }

    /// The sides of placed tile `t` now (bridges included).
    fn tile_sides(v: &View<'_>, t: TileIndex) -> Sides {
        let feats: Vec<(u16, FeatureKind)> = (0..v.tile_feature_count(t))
            .map(|l| (v.tile_feature_slots(t, l), v.tile_feature_kind(t, l)))
            .collect();
        sides_of(&feats)
    }

    /// The empty squares next to a tile.
    fn frontier(v: &View<'_>) -> Vec<Pos> {
        let mut out: Vec<Pos> = (0..v.placed_count() as u16)
            .flat_map(|t| {
                let p = v.tile_pos(TileIndex(t));
                Side::ALL.map(|d| p.step(d))
            })
            .filter(|&q| v.tile_at(q).is_none())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The bridge that makes tile type `ty` turned `r` fit at `pos`, if plain
    /// matching fails there and one bridge repairs every mismatch.
    fn repair(v: &View<'_>, ty: TileTypeId, pos: Pos, r: Rotation) -> Option<PiecePlacement> {
        let mine = Self::type_sides(v, ty, r);
        let across: [Option<(TileIndex, Sides)>; 4] = std::array::from_fn(|d| {
            let t = v.tile_at(pos.step(Side::ALL[d]))?;
            Some((t, Self::tile_sides(v, t)))
        });
        let theirs = |d: usize| across[d].map(|(_, s)| s[(d + 2) % 4]);
        let fits =
            |a: Option<FeatureKind>, b: Option<FeatureKind>| a.is_none() || b.is_none() || a == b;
        let bad: Vec<usize> = (0..4)
            .filter(|&d| across[d].is_some() && !fits(mine[d], theirs(d).flatten()))
            .collect();
        let field = Some(FeatureKind::Field);
        let road = Some(Some(FeatureKind::Road));
        let candidate = |at: Pos, code: u32, slots: u16| PiecePlacement {
            placement: Placement::with_piece(pos, r, v.piece(code)),
            at,
            kind: FeatureKind::Road,
            slots,
            optional: false,
        };
        match bad.as_slice() {
            // The new tile's field side faces a road: a bridge across the new
            // tile, both ends of the axis field sides facing a road or nothing.
            [d, rest @ ..] if mine[*d] == field && theirs(*d) == road => {
                let o = (d + 2) % 4;
                let ends_ok = mine[o] == field
                    && rest.iter().all(|&e| e == o && theirs(o) == road)
                    && (across[o].is_none() || theirs(o) == road);
                let code = if d % 2 == 0 { HERE_NS } else { HERE_WE };
                ends_ok.then(|| candidate(pos, code, middle(*d) | middle(o)))
            }
            // The new tile's road side faces a field side: a bridge across that
            // neighbour along the same axis, its far end facing nothing.
            [d] if mine[*d] == Some(FeatureKind::Road) && theirs(*d) == Some(field) => {
                let (t, s) = across[*d]?;
                let at = v.tile_pos(t);
                let far = *d;
                let ok = s[far] == field && v.tile_at(at.step(Side::ALL[far])).is_none();
                ok.then(|| candidate(at, ON + *d as u32, middle(far) | middle((far + 2) % 4)))
            }
            _ => None,
        }
    }
}

#[plugin]
impl Plugin for Bridge {
    type Config = Options;
    const ID: &'static str = "kit-bridge";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: placements legal only with a bridge";
    const STATE: StateSpec = StateSpec::NONE.player::<Used>();

    fn new(o: Options) -> Result<Self, ConfigError> {
        Ok(Bridge {
            bridges: o.bridges,
            optional: o.may_set_aside,
        })
    }

    fn extra_placements(
        &self,
        v: &View<'_>,
        tile: TileTypeId,
        out: &mut Vec<PiecePlacement>,
    ) -> HookResult {
        if v.player_state::<Used>(v.current_player())?.bridges >= self.bridges {
            return Ok(());
        }
        for pos in Self::frontier(v) {
            for r in Rotation::ALL {
                if let Some(mut c) = Self::repair(v, tile, pos, r) {
                    c.optional = self.optional;
                    out.push(c);
                }
            }
        }
        Ok(())
    }

    /// Counts the bridge laid with the placement; when nobody has a bridge
    /// left, no placement needs the hook any more.
    fn tile_placed(&self, cx: &mut Cx<'_>, _tile: TileIndex) -> HookResult {
        if cx.my_placed_piece().is_none() {
            return Ok(());
        }
        let me = cx.current_player();
        cx.player_state_mut::<Used>(me)?.bridges += 1;
        let left = PlayerId::all(cx.players()).any(|p| {
            cx.player_state::<Used>(p)
                .is_ok_and(|u| u.bridges < self.bridges)
        });
        if !left {
            cx.set_hook_enabled(hook::EXTRA_PLACEMENTS, false);
        }
        Ok(())
    }

    fn value_name(&self, _what: NameCtx, value: u32) -> String {
        NAMES
            .get(value as usize)
            .filter(|n| !n.is_empty())
            .map_or_else(|| value.to_string(), |n| n.to_string())
    }

    fn parse_value(&self, _what: NameCtx, text: &str) -> Option<u32> {
        NAMES
            .iter()
            .position(|&n| !n.is_empty() && n == text)
            .map(|i| i as u32)
    }
}
