//! A neutral figure carried by a spot offer ([`Cx::carry_with_spots`]): when
//! the current player chooses a spot option of a plugin that offers the spots
//! of his followers ([`Cx::offer_follower_spots`]) and has it carry one of
//! its neutral figures, the core puts that figure on the follower's tile and
//! leaves him out of the offer before the `figure_chosen` hooks run (the
//! fairy's move beside a follower: no query and no change across the binary
//! interface per move; the plugin reads whom with [`View::spots_left_out`]).

use super::*;

impl Game {
    /// Plugin `plugin`'s spot offer carries neutral figure `fig` from now on
    /// ([`Cx::carry_with_spots`]); `false` if the plugin offers no spots or
    /// `fig` is no neutral figure.
    pub(crate) fn carry_with_spots(&mut self, plugin: u8, fig: FigureId) -> bool {
        let players = usize::from(self.rules.figs_per_player) * usize::from(self.players);
        if fig.index() < players || fig.index() >= self.figures.figs.len() {
            return false;
        }
        match self.offers.spots.binary_search_by_key(&plugin, |s| s.0) {
            Ok(i) => {
                self.offers.spots[i].2 = fig.0;
                true
            }
            Err(_) => false,
        }
    }

    /// The figure plugin `plugin`'s spot offer leaves out
    /// ([`View::spots_left_out`]); `None` if it offers no spots.
    pub(crate) fn spot_offer_except(&self, plugin: u8) -> Option<FigureId> {
        let i = self
            .offers
            .spots
            .binary_search_by_key(&plugin, |s| s.0)
            .ok()?;
        Some(FigureId(self.offers.spots[i].1))
    }

    /// The carry of the figure step's choice `opt` (before the
    /// `figure_chosen` hooks): a special option of a plugin whose spot offer
    /// carries a figure, where a follower of the current player stands at
    /// the spot its code names ([`Game::follower_at_spot`]), puts the figure
    /// on his tile (placed as [`Game::place_neutral`] places one of its kind
    /// if it is off the board, moved with the `figure_moved` hooks if it
    /// stands elsewhere) and leaves him out of the offer. Nothing otherwise.
    pub(super) fn carry_to_spot(&mut self, opt: FigureOption) -> HookResult {
        let FigureOption::Special { plugin, code } = opt else {
            return Ok(());
        };
        // A plain look: usually one plugin offers spots.
        let Some(&(_, _, fig)) = self.offers.spots.iter().find(|s| s.0 == plugin) else {
            return Ok(());
        };
        if fig == NONE16 {
            return Ok(());
        }
        let Some((follower, tile)) = self.spot_follower(code) else {
            return Ok(());
        };
        let at = Location::Tile(tile);
        match self.location_of(fig) {
            None => {
                self.place_neutral(self.kind_of(fig), at);
            }
            Some(now) if now != at => {
                self.move_figure(FigureId(fig), at)?;
            }
            Some(_) => {}
        }
        // Found again: the figure's hooks may have changed the offers.
        if let Some(s) = self.offers.spots.iter_mut().find(|s| s.0 == plugin) {
            s.1 = follower.0;
        }
        Ok(())
    }

    /// The follower of the current player at spot `code` and his tile, as
    /// [`Game::follower_at_spot`] finds him (the first in his feature's
    /// order): from the player's kept spot keys (`Offers::spot_keys`) when
    /// only one has the code, else found on the board.
    fn spot_follower(&self, code: u32) -> Option<(FigureId, TileIndex)> {
        let per = usize::from(self.rules.figs_per_player);
        let first = self.turn.current.index() * per;
        let keys = self.offers.spot_keys.get(first..first + per).unwrap_or(&[]);
        let i = keys.partition_point(|&k| k >> 16 < u64::from(code));
        let has = |j: usize| keys.get(j).is_some_and(|&k| k >> 16 == u64::from(code));
        match (has(i), has(i + 1)) {
            (true, false) => {
                let g = first + (keys[i] & 0xFFFF) as usize;
                let t = self.figures.figs.get(g)?.tile;
                Some((FigureId(g as u16), TileIndex(t)))
            }
            _ => {
                let p = self.follower_at_spot(self.turn.current, code)?;
                Some((p.fig, p.tile))
            }
        }
    }
}
