//! Placements with a piece (a bridge). Plugins offer placement candidates that
//! lay one of their pieces (`extra_placements`), each adding one feature to the
//! placed tile or to a placed tile ([`PiecePlacement`]), also where plain side
//! matching refuses the placement. The core keeps the candidates that fit with
//! the feature added ([`Game::piece_fits`]), counts them as legal placements
//! (a tile that fits only with a piece is not set aside), and carries one out
//! as one action ([`Game::place_with_piece`]): the feature first, then the
//! tile, so that every side joins what it meets. A drawn tile whose every
//! legal placement is one the plugins marked optional may be set aside
//! instead ([`Placement::SET_ASIDE`]).

use super::added::{addable, sides_fit, with_feature};
use super::*;
use crate::hooks::PiecePlacement;
use crate::tiles::RotGeom;

/// How far back among the placements with a piece listed so far a candidate
/// out of order is put in its place ([`Game::piece_placements`]); further
/// back, the list is sorted at the end.
const INSERT_BACK: usize = 8;

/// Entries of [`PieceBufs::geoms`] (a power of two).
const GEOM_CACHE: usize = 512;

/// Entries of [`PieceBufs::codes`] (a power of two).
const CODE_CACHE: usize = 256;

/// Reusable buffers of the placements with a piece (part of
/// [`Scratch`](super::scratch::Scratch), not of the state).
#[derive(Default, Debug)]
pub(super) struct PieceBufs {
    /// The candidates of the last placement list built, in the plugins'
    /// order, that fit (their rotation made the lowest giving the same
    /// tile): with `Scratch::placements` while `Scratch::placements_for`
    /// names the drawn tile, so that placing one needs no new offer.
    pub(super) fit: Vec<PiecePlacement>,
    /// The candidates as offered (reused buffer).
    cands: Vec<PiecePlacement>,
    /// A tile type's geometry in a rotation with a feature added (a piece on
    /// the placed tile), keyed by type, rotation, kind and slots
    /// ([`geom_key`]), with whether its sides are plain
    /// ([`RotGeom::plain_sides`]); direct-mapped, built on first use. It
    /// depends on the rules only: forgotten only for other rules
    /// ([`PieceBufs::rules`]).
    geoms: Vec<Option<(u64, RotGeom, bool)>>,
    /// The side kinds (`RotGeom::code`) of the geometries of
    /// [`PieceBufs::geoms`] and whether their sides are plain, by the same
    /// key, direct-mapped (`u64::MAX`: a free entry, no key is): what the
    /// check of a candidate on the placed tile reads
    /// ([`PieceBufs::code_with`]), one comparison instead of a search or
    /// the geometry's look-up. Rules only, as `geoms`.
    codes: Vec<(u64, u8, bool)>,
    /// The rules `geoms` and `codes` were filled for ([`PieceBufs::for_rules`]):
    /// a game made a copy of one with other rules (`clone_from`) keeps its
    /// scratch buffers. Weak, so that its allocation is not reused for
    /// other rules while it is held.
    rules: std::sync::Weak<Rules>,
    /// Placed tiles' geometries with a feature added (a piece on a placed
    /// tile), keyed by tile, kind and slots ([`Game::placed_geom`]): the
    /// candidates of one list (the same neighbour for several squares and
    /// rotations) compute each once. They depend on the state: cleared at
    /// the start of every list.
    placed_geoms: Vec<PlacedGeom>,
    /// Whether the sides of every tile type and of every placed tile whose
    /// features changed are plain ([`RotGeom::plain_sides`]), set at the
    /// start of a list ([`Game::plain_board`]): a candidate on the placed
    /// tile whose sides are plain too is then checked by the side kinds its
    /// frontier cell requires, without the neighbours' geometries.
    plain: bool,
    /// The fitting placements with a piece of the list being built, as
    /// [`order_key`]s, when they must be sorted (reused buffer).
    fit_keys: Vec<u128>,
    /// Those of them marked optional (reused buffer).
    pub(super) optional: Vec<Placement>,
}

/// Placed tile `t`'s geometry with a feature of `kind` on `slots` added,
/// kept for one list ([`PieceBufs::placed_geoms`]).
#[derive(Debug)]
struct PlacedGeom {
    t: u16,
    kind: FeatureKind,
    slots: u16,
    /// The geometry, before the check of the sides it changes (`None`: the
    /// feature cannot be added).
    geom: Option<RotGeom>,
    /// Where the geometry's sides are plain: its side kinds
    /// (`RotGeom::code`), and whether every side the feature changes fits
    /// the placed tile across it (an empty square counts as fitting: the
    /// candidate's own square is checked by the side kinds where its other
    /// neighbours' sides and the new tile's are plain too, on a board whose
    /// sides are plain, [`PieceBufs::plain`], or by [`Game::plain_beside`];
    /// [`Game::piece_fits`]).
    plain: Option<(u8, bool)>,
}

/// What the check of one list's candidates keeps from candidate to
/// candidate ([`Game::listed_piece_fits`]): the last candidate's square and
/// what its frontier cell requires (`None`: not a frontier cell).
#[derive(Default)]
struct ListMemo {
    pos: Option<Pos>,
    req: Option<u8>,
    /// Whether the sides of every placed tile beside that square are plain
    /// ([`Game::plain_beside`]; not asked on a plain board).
    plain_beside: bool,
}

/// The key of [`PieceBufs::geoms`].
fn geom_key(ty: TileTypeId, rot: Rotation, kind: FeatureKind, slots: u16) -> u64 {
    u64::from(ty.0) | (rot.index() as u64) << 16 | (kind as u64) << 24 | u64::from(slots) << 32
}

impl PieceBufs {
    /// Empties the caches of the rules (`geoms`, `codes`) if they were
    /// filled for other rules than `rules`.
    #[inline]
    fn for_rules(&mut self, rules: &Arc<Rules>) {
        if !std::ptr::eq(self.rules.as_ptr(), Arc::as_ptr(rules)) {
            self.geoms.clear();
            self.codes.clear();
            self.rules = Arc::downgrade(rules);
        }
    }

    /// Tile type `tt` (id `ty`) in rotation `rot` with a feature of `kind` on
    /// `slots` added as its local feature `tt.features.len()`, and whether
    /// its sides are plain.
    fn geom_with(
        &mut self,
        tt: &crate::tiles::TileType,
        ty: TileTypeId,
        rot: Rotation,
        kind: FeatureKind,
        slots: u16,
    ) -> (&RotGeom, bool) {
        let key = geom_key(ty, rot, kind, slots);
        if self.geoms.is_empty() {
            self.geoms.resize(GEOM_CACHE, None);
        }
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - GEOM_CACHE.trailing_zeros());
        let e = &mut self.geoms[h as usize & (GEOM_CACHE - 1)];
        if e.as_ref().is_none_or(|(k, _, _)| *k != key) {
            let type_kind = |l: u8| tt.features.get(usize::from(l)).map(|f| f.kind);
            let nfeat = tt.features.len() as u8;
            let g = with_feature(&tt.rot[rot.index()], nfeat, kind, slots, &type_kind);
            let plain = g.plain_sides();
            *e = Some((key, g, plain));
        }
        let (_, g, plain) = e.as_ref().expect("just filled");
        (g, *plain)
    }

    /// The side kinds of [`PieceBufs::geom_with`]'s geometry (key `key`,
    /// [`geom_key`]) and whether its sides are plain.
    #[inline]
    fn code_with(
        &mut self,
        key: u64,
        tt: &crate::tiles::TileType,
        ty: TileTypeId,
        rot: Rotation,
        kind: FeatureKind,
        slots: u16,
    ) -> (u8, bool) {
        if self.codes.is_empty() {
            self.codes.resize(CODE_CACHE, (u64::MAX, 0, false));
        }
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - CODE_CACHE.trailing_zeros());
        let i = h as usize & (CODE_CACHE - 1);
        if let Some(&(k, code, plain)) = self.codes.get(i) {
            if k == key {
                return (code, plain);
            }
        }
        let (g, plain) = self.geom_with(tt, ty, rot, kind, slots);
        let code = g.code;
        if let Some(e) = self.codes.get_mut(i) {
            *e = (key, code, plain);
        }
        (code, plain)
    }
}

/// Placement `p` as an integer in its order ([`Placement`]'s `Ord`: the
/// position's column and row, the rotation, the piece), so that a list is
/// sorted as integers.
#[inline]
fn order_key(p: &Placement) -> u128 {
    // The sign bit flipped: signed order as unsigned.
    let x = u128::from(p.pos.x as u16 ^ 0x8000);
    let y = u128::from(p.pos.y as u16 ^ 0x8000);
    x << 64 | y << 48 | (p.rot.index() as u128) << 32 | u128::from(p.piece.0)
}

/// The placement of [`order_key`] `k`.
#[inline]
fn from_order_key(k: u128) -> Placement {
    Placement {
        pos: Pos {
            x: ((k >> 64) as u16 ^ 0x8000) as i16,
            y: ((k >> 48) as u16 ^ 0x8000) as i16,
        },
        rot: Rotation::wrapping((k >> 32) as usize & 3),
        piece: Piece(k as u32),
    }
}

/// Whether packed side kinds `a` (2 bits per side) fit the side kinds `req`
/// a frontier cell requires: on each side the same kind, or either a
/// wildcard (0; a side without a tile requires nothing).
#[inline]
fn side_codes_fit(a: u8, req: u8) -> bool {
    const LOW: u8 = 0x55;
    let set = |c: u8| (c | c >> 1) & LOW;
    let diff = a ^ req;
    set(diff) & set(a) & set(req) == 0
}

/// [`Game::piece_fits`] of a candidate that adds its feature to the placed
/// tile at `at`, where the sides of the new tile and of the square's other
/// neighbours are plain (a board whose sides are plain, or
/// [`Game::plain_beside`]), and that tile's sides
/// with the feature are plain too (`plain`: [`PlacedGeom::plain`]): the side
/// kinds decide (`sides_fit`), the new tile's (`code`, at `pos`) against
/// what its cell requires (`req`) with the side of the tile at `at` as it
/// will be. (Apart, so that the general check keeps its size.)
#[inline(never)]
fn plain_fits_beside(plain: (u8, bool), pos: Pos, at: Pos, code: u8, req: u8) -> bool {
    let (at_code, changed_fit) = plain;
    let mut req = req;
    if let Some(d) = Side::ALL.into_iter().find(|&d| pos.step(d) == at) {
        let (d, f) = (2 * d as u8, 2 * d.opposite() as u8);
        req = req & !(3 << d) | (at_code >> f & 3) << d;
    }
    changed_fit && side_codes_fit(code, req)
}

impl Game {
    /// Whether every tile type's sides and those of every placed tile whose
    /// features changed are plain ([`RotGeom::plain_sides`]): the case of
    /// [`Narrowed::Offered`].
    pub(crate) fn plain_board(&self) -> bool {
        self.rules.tiles.plain_sides && self.added.odd == 0
    }
}

impl Game {
    /// Appends to `out` the placements with a piece of tile type `tile` that
    /// the plugins offer and that fit (sorted, without repeats), to
    /// `optional` those marked optional, and the fitting candidates to
    /// `bufs.fit` (cleared first).
    pub(super) fn piece_placements(
        &self,
        tile: TileTypeId,
        out: &mut Vec<Placement>,
        optional: &mut Vec<Placement>,
        bufs: &mut PieceBufs,
    ) -> HookResult {
        bufs.for_rules(&self.rules);
        bufs.fit.clear();
        bufs.placed_geoms.clear();
        bufs.plain = self.plain_board();
        let mut cands = std::mem::take(&mut bufs.cands);
        cands.clear();
        let r = self.offered_pieces(tile, None, &mut cands);
        // The fitting ones appended in order as they come: a candidate
        // below the last one (a symmetric tile's rotation made the lowest
        // giving the same tile) goes back to its place among the last few,
        // or is dropped if it is there already; further back, the list is
        // sorted at the end.
        let start = out.len();
        let mut sorted = true;
        if r.is_ok() {
            let mut memo = ListMemo::default();
            let plain = bufs.plain;
            // The drawn tile's type, and whether the game has room for its
            // features and one more: the same for every candidate.
            let tt = self.rules.tiles.get(tile);
            let room = tt.is_some_and(|tt| {
                self.feats.len() + tt.features.len() + 1 < crate::rules::MAX_FEATURES
            });
            // Every offering plugin promised that its candidates fit here
            // (`narrow::OFFERED_FIT`; a plain board): none is checked.
            let trusted = plain
                && room
                && tt.is_some()
                && self.all_narrowed_away(hook::EXTRA_PLACEMENTS, Narrowed::Offered());
            let mut last = None;
            for c in &cands {
                let mut c = *c;
                let fits = if trusted {
                    // The lowest rotation giving the same tile, as the check
                    // makes it.
                    if let Some(tt) = tt {
                        c.placement.rot = tt.same_rotation[c.placement.rot.index()];
                    }
                    true
                } else if plain {
                    self.listed_piece_fits::<true>(tile, tt, room, &mut c, bufs, &mut memo)
                } else {
                    self.listed_piece_fits::<false>(tile, tt, room, &mut c, bufs, &mut memo)
                };
                if !fits {
                    continue;
                }
                bufs.fit.push(c);
                // Those marked optional, without a branch on the mark
                // (hard to predict): pushed, and taken back if not.
                optional.push(c.placement);
                optional.truncate(optional.len() - usize::from(!c.optional));
                let k = order_key(&c.placement);
                if !sorted || last.is_none_or(|l| l < k) {
                    last = Some(k);
                    out.push(c.placement);
                    continue;
                }
                let mut j = out.len();
                while j > start && j + INSERT_BACK > out.len() && order_key(&out[j - 1]) > k {
                    j -= 1;
                }
                if j > start && order_key(&out[j - 1]) == k {
                    // A repeat.
                } else if j == start || order_key(&out[j - 1]) < k {
                    out.insert(j, c.placement);
                } else {
                    sorted = false;
                    out.push(c.placement);
                }
            }
        }
        bufs.cands = cands;
        r?;
        if !sorted {
            let mut keys = std::mem::take(&mut bufs.fit_keys);
            keys.clear();
            keys.extend(out[start..].iter().map(order_key));
            keys.sort_unstable();
            keys.dedup();
            out.truncate(start);
            out.extend(keys.iter().map(|&k| from_order_key(k)));
            bufs.fit_keys = keys;
        }
        Ok(())
    }

    /// The index in `bufs.placed_geoms` of placed tile `t`'s geometry with a
    /// feature of `kind` on `slots` added ([`PlacedGeom`]): computed once
    /// per list.
    fn placed_geom(&self, t: u16, kind: FeatureKind, slots: u16, bufs: &mut PieceBufs) -> usize {
        if let Some(i) = bufs
            .placed_geoms
            .iter()
            .position(|e| (e.t, e.kind, e.slots) == (t, kind, slots))
        {
            return i;
        }
        // A tile none of whose features was added has its type's geometry:
        // with the feature, it is the drawn tiles' geometry with a feature
        // (`PieceBufs::geom_with`, kept from list to list).
        let (geom, plain_sides) = match self.as_printed(t) {
            Some((tt, ty, rot)) if self.feats.len() + 1 < crate::rules::MAX_FEATURES => {
                let (g, plain) = bufs.geom_with(tt, ty, rot, kind, slots);
                (Some(g.clone()), plain)
            }
            _ => {
                let g = self.geom_if_added_unchecked(t, kind, slots);
                let plain = g.as_ref().is_some_and(RotGeom::plain_sides);
                (g, plain)
            }
        };
        let plain = match &geom {
            Some(g) if plain_sides => Some((g.code, self.added_sides_fit(t, g, slots, None))),
            _ => None,
        };
        bufs.placed_geoms.push(PlacedGeom {
            t,
            kind,
            slots,
            geom,
            plain,
        });
        bufs.placed_geoms.len() - 1
    }

    /// Placed tile `t`'s type, id and rotation when none of its features
    /// was added (its geometry is its type's in that rotation), with room
    /// for one more feature on it.
    fn as_printed(&self, t: u16) -> Option<(&crate::tiles::TileType, TileTypeId, Rotation)> {
        let pt = self.board.tiles.get(usize::from(t))?;
        let tt = self.rules.tiles.get(pt.ty)?;
        let untouched = self.added.feats.iter().all(|a| a.tile != t)
            && (self.added.geoms.is_empty() || self.added.geom(t).is_none());
        (untouched && tt.features.len() < usize::from(crate::tiles::NO_FEATURE))
            .then_some((tt, pt.ty, pt.rot))
    }

    /// The candidates the plugins subscribed to `extra_placements` offer for
    /// tile type `tile` (only plugin `only`'s if given). A candidate that lays
    /// no piece of its plugin is the plugin's error.
    fn offered_pieces(
        &self,
        tile: TileTypeId,
        only: Option<u8>,
        cands: &mut Vec<PiecePlacement>,
    ) -> HookResult {
        for &i in self.rules.subscribers(hook::EXTRA_PLACEMENTS) {
            if only.is_some_and(|o| o != i) || self.switched_off(i, hook::EXTRA_PLACEMENTS) {
                continue;
            }
            let Some(p) = self.rules.plugins.get(usize::from(i)) else {
                continue;
            };
            let start = cands.len();
            let v = View {
                game: self,
                plugin: i,
            };
            p.hooks.extra_placements(&v, tile, cands)?;
            if cands[start..]
                .iter()
                .any(|c| c.placement.piece.plugin() != Some(i))
            {
                return Err(HookError {
                    plugin: p.decl.id.clone(),
                    hook: "extra_placements",
                    message:
                        "a candidate lays no piece of this plugin (`Piece::of(plugin_index, code)`)"
                            .into(),
                });
            }
        }
        Ok(())
    }

    /// [`Game::piece_fits`] of candidate `c` in the list of tile type `ty`
    /// (`tt`; `room`: the game has room for its features and one more): a
    /// candidate that lays its piece on the placed tile, on a square whose
    /// neighbours' sides are plain (every square on a board whose sides are
    /// plain, `PieceBufs::plain`, else [`Game::plain_beside`]), is decided
    /// by the side kinds alone when the tile's sides with the feature added
    /// are plain too, from the tile's side kinds with the feature added
    /// ([`PieceBufs::code_with`]) and `memo` (the frontier cell of the last
    /// candidate's square: the candidates of one square come together)
    /// without the rest of the check, which gives the same answer. `PLAIN`: the board's sides are
    /// plain (`PieceBufs::plain`; no square's neighbours are looked at).
    #[inline]
    fn listed_piece_fits<const PLAIN: bool>(
        &self,
        ty: TileTypeId,
        tt: Option<&crate::tiles::TileType>,
        room: bool,
        c: &mut PiecePlacement,
        bufs: &mut PieceBufs,
        memo: &mut ListMemo,
    ) -> bool {
        let p = &mut c.placement;
        if c.at != p.pos || !addable(c.kind, c.slots) {
            return self.piece_fits(ty, c, bufs);
        }
        let Some(tt) = tt else {
            return false;
        };
        p.rot = tt.same_rotation[p.rot.index()];
        if memo.pos != Some(p.pos) {
            let cell = self.board.cell(p.pos);
            memo.pos = Some(p.pos);
            let fr = match self.board.frontier.get(usize::from(cell & !FRONTIER_BIT)) {
                Some(fr) if cell & FRONTIER_BIT != 0 => Some(fr),
                _ => None,
            };
            memo.req = fr.map(|fr| fr.req);
            if !PLAIN {
                memo.plain_beside = fr.is_some_and(|fr| self.plain_beside(p.pos, fr.present));
            }
        }
        let Some(req) = memo.req else {
            return false;
        };
        if !room {
            return false;
        }
        let key = geom_key(ty, p.rot, c.kind, c.slots);
        let (code, plain) = bufs.code_with(key, tt, ty, p.rot, c.kind, c.slots);
        if plain && (PLAIN || memo.plain_beside) {
            side_codes_fit(code, req)
        } else {
            self.piece_fits(ty, c, bufs)
        }
    }

    /// Whether every placed tile beside square `pos` (on its sides
    /// `present`) has plain sides ([`RotGeom::plain_sides`]): its type's in
    /// its rotation are ([`TileCatalogue::plain_rots`]), and no feature
    /// added to a placed tile left sides that are not (`Added::odd`; a
    /// tile's geometry is its type's or one changed by an added feature).
    /// Then the side kinds alone say whether a tile with plain sides fits
    /// there, as on a board whose sides are all plain.
    ///
    /// [`TileCatalogue::plain_rots`]: crate::tiles::TileCatalogue::plain_rots
    fn plain_beside(&self, pos: Pos, present: u8) -> bool {
        if self.added.odd != 0 {
            return false;
        }
        let mut m = present;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let plain = self
                .board
                .tile_at(pos.step(Side::from_index(d)))
                .and_then(|t| self.board.tiles.get(usize::from(t.0)))
                .and_then(|pt| {
                    let rots = self.rules.tiles.plain_rots.get(pt.ty.index())?;
                    Some(rots >> pt.rot.index() & 1 != 0)
                });
            if plain != Some(true) {
                return false;
            }
        }
        true
    }

    /// Whether candidate `c` of tile type `ty` is a legal placement with its
    /// feature added: an empty cell next to a tile; the feature addable; every
    /// side of the new tile fits the tile across it, and every side of the tile
    /// that gets the feature fits too, the feature counted (sides of fitting
    /// kinds, and slots that meet belong to features of one kind). Its
    /// rotation becomes the lowest one giving the same tile.
    pub(super) fn piece_fits(
        &self,
        ty: TileTypeId,
        c: &mut PiecePlacement,
        bufs: &mut PieceBufs,
    ) -> bool {
        let Some(tt) = self.rules.tiles.get(ty) else {
            return false;
        };
        let p = &mut c.placement;
        if !addable(c.kind, c.slots) {
            return false;
        }
        p.rot = tt.same_rotation[p.rot.index()];
        let pos = p.pos;
        let nfeat = tt.features.len();
        let cell = self.board.cell(pos);
        let fr = match self.board.frontier.get(usize::from(cell & !FRONTIER_BIT)) {
            Some(fr) if cell & FRONTIER_BIT != 0 => fr,
            _ => return false,
        };
        if self.feats.len() + nfeat + 1 >= crate::rules::MAX_FEATURES {
            return false;
        }
        let (kind, slots) = (c.kind, c.slots);
        let type_geom = &tt.rot[p.rot.index()];
        let (geom, target): (&RotGeom, Option<(u16, RotGeom)>) = if c.at == pos {
            let board_plain = bufs.plain;
            let (g, plain) = bufs.geom_with(tt, ty, p.rot, kind, slots);
            if board_plain && plain {
                // Every side plain: the side kinds decide (`sides_fit`).
                return side_codes_fit(g.code, fr.req);
            }
            (g, None)
        } else {
            let Some(t) = self.board.tile_at(c.at) else {
                return false;
            };
            let i = self.placed_geom(t.0, kind, slots, bufs);
            let e = &bufs.placed_geoms[i];
            if let Some(plain) = e.plain {
                // The new tile's sides and its other neighbours' plain too
                // (on a plain board, all are).
                let plain_here = bufs.plain
                    || self
                        .rules
                        .tiles
                        .plain_rots
                        .get(ty.index())
                        .is_some_and(|r| {
                            r >> p.rot.index() & 1 != 0 && self.plain_beside(pos, fr.present)
                        });
                if plain_here {
                    return plain_fits_beside(plain, pos, c.at, type_geom.code, fr.req);
                }
            }
            let Some(g) = e.geom.clone() else {
                return false;
            };
            if !self.added_sides_fit(t.0, &g, slots, Some((pos, type_geom))) {
                return false;
            }
            (type_geom, Some((t.0, g)))
        };
        // The sides with a tile across (the frontier cell knows them).
        let mut near = fr.present;
        while near != 0 {
            let d = near.trailing_zeros() as usize;
            near &= near - 1;
            let Some(n) = self.board.tile_at(pos.step(Side::from_index(d))) else {
                continue;
            };
            let fits = match &target {
                Some((t, g)) if *t == n.0 => sides_fit(geom, d, g),
                _ => sides_fit(geom, d, self.geom_of(n.0)),
            };
            if !fits {
                return false;
            }
        }
        true
    }

    /// Places drawn tile type `tile` with placement `p`, which lays a piece:
    /// the feature its plugin's candidate adds, then the tile. `Ok(false)`
    /// (nothing changed) if the plugin offers no such candidate that fits.
    /// `listed`: the placement list built for this state is still valid, and
    /// with it the fitting candidates (`PieceBufs::fit`): the plugin is not
    /// asked again.
    pub(super) fn place_with_piece(
        &mut self,
        tile: TileTypeId,
        p: Placement,
        listed: bool,
    ) -> Result<bool, HookError> {
        let Some(plugin) = p.piece.plugin() else {
            return Ok(false);
        };
        let mut bufs = self.scratch.take_pieces();
        let found = if listed {
            // The first fitting candidate of the plugin's with this
            // placement, as below (no other plugin's lays its piece).
            bufs.fit.iter().find(|c| c.placement == p).copied()
        } else {
            let mut cands = Vec::new();
            bufs.for_rules(&self.rules);
            bufs.placed_geoms.clear();
            bufs.plain = self.plain_board();
            let r = self.offered_pieces(tile, Some(plugin), &mut cands);
            let found = r.as_ref().ok().and_then(|_| {
                cands.into_iter().find(|c| {
                    let mut c = *c;
                    self.piece_fits(tile, &mut c, &mut bufs) && c.placement == p
                })
            });
            if let Err(e) = r {
                self.scratch.pieces = Some(bufs);
                return Err(e);
            }
            found
        };
        self.scratch.pieces = Some(bufs);
        let Some(c) = found else {
            return Ok(false);
        };
        if c.at == p.pos {
            let rules = self.rules.clone();
            let tt = &rules.tiles.types[tile.index()];
            let nfeat = tt.features.len();
            let type_kind = |l: u8| tt.features.get(usize::from(l)).map(|f| f.kind);
            let g = with_feature(
                &tt.rot[p.rot.index()],
                nfeat as u8,
                c.kind,
                c.slots,
                &type_kind,
            );
            let t = self.board.tiles.len() as u16;
            self.prepare_new_tile_feature(t, g, c.kind, nfeat);
            self.place_tile(tile, p.pos, p.rot)?;
            let (pos, kind) = (p.pos, c.kind);
            self.emit(|| Event::FeatureAdded { plugin, pos, kind });
        } else {
            let Some(t) = self.board.tile_at(c.at) else {
                return Ok(false);
            };
            let Some(g) = self.geom_if_added(t.0, c.kind, c.slots, None) else {
                return Ok(false);
            };
            self.add_feature_with(t.0, c.kind, c.slots, g, plugin)?;
            self.place_tile(tile, p.pos, p.rot)?;
        }
        Ok(true)
    }

    /// Sets the drawn tile aside (its every legal placement was optional and
    /// the player chose [`Placement::SET_ASIDE`]): he draws again.
    pub(super) fn set_drawn_aside(&mut self, tile: TileTypeId) {
        self.bag.set_aside.push(tile);
        self.emit(|| Event::TileSetAside { tile });
        self.turn.stage = Stage::Draw;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_keys_sort_as_placements() {
        let mut ps = Vec::new();
        for x in [-300i16, -2, -1, 0, 1, 7, i16::MAX] {
            for y in [i16::MIN, -1, 0, 3] {
                for r in 0..4 {
                    for piece in [0u32, 1, 0x0100_0002, u32::MAX] {
                        ps.push(Placement {
                            pos: Pos { x, y },
                            rot: Rotation::wrapping(r),
                            piece: Piece(piece),
                        });
                    }
                }
            }
        }
        ps.reverse();
        let mut keys: Vec<u128> = ps.iter().map(order_key).collect();
        keys.sort_unstable();
        ps.sort_unstable();
        let back: Vec<Placement> = keys.into_iter().map(from_order_key).collect();
        assert_eq!(back, ps);
    }

    #[test]
    fn plain_sides_are_those_their_kinds_imply() {
        let (road, city, field) = (1, 2, 3);
        let mut g = RotGeom {
            slot_feature: [0; 12],
            edges: [
                EdgeKind::Road,
                EdgeKind::City,
                EdgeKind::Field,
                EdgeKind::Any,
            ],
            code: 0,
            side_features: [[0; 3]; 4],
            bars: 0,
            slot_kinds: [
                field, road, field, city, city, city, field, 0, field, 0, 0, 0,
            ],
        };
        assert!(g.plain_sides());
        // A road in a corner slot of the road side.
        g.slot_kinds[0] = road;
        assert!(!g.plain_sides());
        g.slot_kinds[0] = field;
        // A barrier across the field side (a river): not a field's slot.
        g.slot_kinds[7] = FeatureKind::Barrier as u8 + 1;
        assert!(!g.plain_sides());
        g.slot_kinds[7] = 0;
        // A wildcard side reached by a feature.
        g.slot_kinds[10] = field;
        assert!(!g.plain_sides());
    }

    #[test]
    fn side_codes_fit_as_edge_kinds_do() {
        let kinds = [
            EdgeKind::Any,
            EdgeKind::City,
            EdgeKind::Road,
            EdgeKind::Field,
        ];
        for a in 0..=255u8 {
            for req in 0..=255u8 {
                let fits = (0..4).all(|d| {
                    let k = |c: u8| kinds[usize::from(c >> (2 * d) & 3)];
                    k(a).fits(k(req))
                });
                assert_eq!(side_codes_fit(a, req), fits, "{a:08b} {req:08b}");
            }
        }
    }
}
