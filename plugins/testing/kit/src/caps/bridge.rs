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
//! switches `extra_placements` off. With `lie-fit` it breaks a promise, for
//! the check that finds such a plugin: it declares `OFFERED_FIT` (every
//! candidate offered fits), yet offers a bridge across the new tile wherever
//! none repairs it.

use carcassonne_plugin_sdk::prelude::*;

/// Options of `kit-bridge`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// Bridges per player.
    pub bridges: u32,
    /// Whether a tile that fits only with a bridge may be set aside.
    pub may_set_aside: bool,
    /// Break the promise of `OFFERED_FIT` (see the module docs).
    pub lie_fit: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            bridges: 2,
            may_set_aside: true,
            lie_fit: false,
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
        (
            "lie-fit",
            "Declare `OFFERED_FIT`, and offer a bridge wherever none repairs the tile (a broken promise).",
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
    lie_fit: bool,
}

/// Side kinds as the plugin reads them (`View::tile_side_kinds`): `None`
/// for a side no feature reaches (a wildcard).
type Sides = [Option<FeatureKind>; 4];

/// The middle slot of board side `d`.
fn middle(d: usize) -> u16 {
    1 << (3 * d + 1)
}

impl Bridge {
    /// The bridge that makes tile type `ty` turned `r` fit at `pos`, if plain
    /// matching fails there and one bridge repairs every mismatch.
    fn repair(v: &View<'_>, ty: TileTypeId, pos: Pos, r: Rotation) -> Option<PiecePlacement> {
        let mine = v.type_side_kinds(ty, r);
        let across: [Option<(TileIndex, Sides)>; 4] = std::array::from_fn(|d| {
            let t = v.tile_at(pos.step(Side::ALL[d]))?;
            Some((t, v.tile_side_kinds(t)))
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
            lie_fit: o.lie_fit,
        })
    }

    fn narrowing(&self) -> u64 {
        if self.lie_fit {
            narrow::OFFERED_FIT
        } else {
            0
        }
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
        for pos in v.frontier() {
            for r in Rotation::ALL {
                if let Some(mut c) = Self::repair(v, tile, pos, r) {
                    c.optional = self.optional;
                    out.push(c);
                } else if self.lie_fit {
                    out.push(PiecePlacement {
                        placement: Placement::with_piece(pos, r, v.piece(HERE_NS)),
                        at: pos,
                        kind: FeatureKind::Road,
                        slots: middle(0) | middle(2),
                        optional: false,
                    });
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
