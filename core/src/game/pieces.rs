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

impl Game {
    /// Appends to `out` the placements with a piece of tile type `tile` that
    /// the plugins offer and that fit (sorted, without repeats), and to
    /// `optional` those marked optional.
    pub(super) fn piece_placements(
        &self,
        tile: TileTypeId,
        out: &mut Vec<Placement>,
        optional: &mut Vec<Placement>,
    ) -> HookResult {
        let mut cands = Vec::new();
        self.offered_pieces(tile, None, &mut cands)?;
        let mut fit: Vec<Placement> = Vec::with_capacity(cands.len());
        for mut c in cands {
            if self.piece_fits(tile, &mut c) {
                fit.push(c.placement);
                if c.optional {
                    optional.push(c.placement);
                }
            }
        }
        fit.sort_unstable();
        fit.dedup();
        out.extend(fit);
        Ok(())
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

    /// Whether candidate `c` of tile type `ty` is a legal placement with its
    /// feature added: an empty cell next to a tile; the feature addable; every
    /// side of the new tile fits the tile across it, and every side of the tile
    /// that gets the feature fits too, the feature counted (sides of fitting
    /// kinds, and slots that meet belong to features of one kind). Its
    /// rotation becomes the lowest one giving the same tile.
    pub(super) fn piece_fits(&self, ty: TileTypeId, c: &mut PiecePlacement) -> bool {
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
        if self.board.cell(pos) & FRONTIER_BIT == 0
            || self.feats.len() + nfeat + 1 >= crate::rules::MAX_FEATURES
        {
            return false;
        }
        let (kind, slots) = (c.kind, c.slots);
        let type_kind = |l: u8| tt.features.get(usize::from(l)).map(|f| f.kind);
        let new_kind = |l: u8| {
            if usize::from(l) == nfeat {
                Some(kind)
            } else {
                type_kind(l)
            }
        };
        let type_geom = &tt.rot[p.rot.index()];
        let (owned, target): (Option<RotGeom>, Option<(u16, RotGeom)>) = if c.at == pos {
            let g = with_feature(type_geom, nfeat as u8, kind, slots, &type_kind);
            (Some(g), None)
        } else {
            let Some(t) = self.board.tile_at(c.at) else {
                return false;
            };
            let but = (
                pos,
                type_geom,
                &type_kind as &dyn Fn(u8) -> Option<FeatureKind>,
            );
            let Some(g) = self.geom_if_added(t.0, kind, slots, Some(but)) else {
                return false;
            };
            (None, Some((t.0, g)))
        };
        let geom = owned.as_ref().unwrap_or(type_geom);
        (0..4).all(|d| {
            let Some(n) = self.board.tile_at(pos.step(Side::from_index(d))) else {
                return true;
            };
            match &target {
                Some((t, g)) if *t == n.0 => {
                    let added = self.local_count(*t) as u8;
                    let nk = |l: u8| {
                        if l == added {
                            Some(kind)
                        } else {
                            self.local_kind(n.0, l)
                        }
                    };
                    sides_fit(geom, &new_kind, d, g, &nk)
                }
                _ => {
                    let nk = |l: u8| self.local_kind(n.0, l);
                    sides_fit(geom, &new_kind, d, self.geom_of(n.0), &nk)
                }
            }
        })
    }

    /// Places drawn tile type `tile` with placement `p`, which lays a piece:
    /// the feature its plugin's candidate adds, then the tile. `Ok(false)`
    /// (nothing changed) if the plugin offers no such candidate that fits.
    pub(super) fn place_with_piece(
        &mut self,
        tile: TileTypeId,
        p: Placement,
    ) -> Result<bool, HookError> {
        let Some(plugin) = p.piece.plugin() else {
            return Ok(false);
        };
        let mut cands = Vec::new();
        self.offered_pieces(tile, Some(plugin), &mut cands)?;
        let found = cands.into_iter().find(|c| {
            let mut c = *c;
            self.piece_fits(tile, &mut c) && c.placement == p
        });
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
