//! Cloning a game, and copying one game into another without allocating.
//!
//! Search bots copy a game for every line they look at; [`Clone::clone_from`]
//! reuses the destination's buffers, so a bot that keeps one `Game` per search
//! depth copies arrays and never allocates once the buffers are warm. Both
//! functions destructure the whole state, so a new field cannot be forgotten.

use super::*;

impl Clone for Game {
    fn clone(&self) -> Game {
        let Game {
            rules,
            players,
            current,
            turn,
            stage,
            drawn,
            last_tile,
            seed,
            rng,
            scores,
            breakdown,
            ox,
            oy,
            w,
            h,
            cells,
            tiles,
            frontier,
            feats,
            figs,
            supply,
            bag,
            hidden,
            set_aside,
            pending,
            incoming,
            done,
            closed,
            pstate,
            pfeat,
            logging,
            events,
            scratch: _,
        } = self;
        Game {
            rules: rules.clone(),
            players: *players,
            current: *current,
            turn: *turn,
            stage: *stage,
            drawn: *drawn,
            last_tile: *last_tile,
            seed: *seed,
            rng: rng.clone(),
            scores: *scores,
            breakdown: *breakdown,
            ox: *ox,
            oy: *oy,
            w: *w,
            h: *h,
            cells: cells.clone(),
            tiles: tiles.clone(),
            frontier: frontier.clone(),
            feats: feats.clone(),
            figs: figs.clone(),
            supply: *supply,
            bag: bag.clone(),
            hidden: hidden.clone(),
            set_aside: set_aside.clone(),
            pending: pending.clone(),
            incoming: incoming.clone(),
            done: done.clone(),
            closed: closed.clone(),
            pstate: pstate.clone(),
            pfeat: pfeat.clone(),
            logging: *logging,
            events: events.clone(),
            // Scratch buffers are not part of the state.
            scratch: Scratch::default(),
        }
    }

    /// Makes `self` a copy of `src`, reusing `self`'s buffers (no allocation
    /// once they are large enough). Scratch buffers stay `self`'s own.
    fn clone_from(&mut self, src: &Game) {
        let Game {
            rules,
            players,
            current,
            turn,
            stage,
            drawn,
            last_tile,
            seed,
            rng,
            scores,
            breakdown,
            ox,
            oy,
            w,
            h,
            cells,
            tiles,
            frontier,
            feats,
            figs,
            supply,
            bag,
            hidden,
            set_aside,
            pending,
            incoming,
            done,
            closed,
            pstate,
            pfeat,
            logging,
            events,
            scratch: _,
        } = src;
        if !Arc::ptr_eq(&self.rules, rules) {
            self.rules = rules.clone();
        }
        self.players = *players;
        self.current = *current;
        self.turn = *turn;
        self.stage = *stage;
        self.drawn = *drawn;
        self.last_tile = *last_tile;
        self.seed = *seed;
        self.rng.clone_from(rng);
        self.scores = *scores;
        self.breakdown = *breakdown;
        self.ox = *ox;
        self.oy = *oy;
        self.w = *w;
        self.h = *h;
        self.cells.clone_from(cells);
        self.tiles.clone_from(tiles);
        self.frontier.clone_from(frontier);
        self.feats.clone_from(feats);
        self.figs.clone_from(figs);
        self.supply = *supply;
        self.bag.clone_from(bag);
        self.hidden.clone_from(hidden);
        self.set_aside.clone_from(set_aside);
        self.pending.clone_from(pending);
        self.incoming.clone_from(incoming);
        self.done.clone_from(done);
        self.closed.clone_from(closed);
        self.pstate.clone_from(pstate);
        self.pfeat.clone_from(pfeat);
        self.logging = *logging;
        self.events.clone_from(events);
    }
}

#[cfg(test)]
mod tests {
    use crate::*;
    use std::sync::Arc;

    fn rules(name: &str) -> Arc<Rules> {
        let text = include_str!("../../../configs/tilesets/base.toml");
        let set: TileSetSpec = toml::from_str(text).unwrap();
        let tiles = TileCatalogue::build(&[set], "C2").unwrap();
        Arc::new(Rules::new(name, tiles, CoreOptions::default(), vec![]).unwrap())
    }

    #[test]
    fn clone_from_gives_an_equal_game_that_plays_on_identically() {
        let (ra, rb) = (rules("a"), rules("b"));
        // A buffer that starts as an unrelated game (other rules, players, stage).
        let mut other = Game::new(rb, 3, 99).unwrap();
        let mut r = Rng::new(5);
        for _ in 0..40 {
            other.step_random(&mut r).unwrap();
        }
        let mut g = Game::new(ra, 2, 7).unwrap();
        let mut rng = Rng::new(1);
        let mut copies = 0;
        while g.step_random(&mut rng).unwrap() {
            if !g.turn().is_multiple_of(9) {
                continue;
            }
            other.clone_from(&g);
            copies += 1;
            assert!(other == g, "turn {}", g.turn());
            assert!(Arc::ptr_eq(other.rules(), g.rules()));
            other.check_integrity().unwrap();
            // Both play on the same way.
            let (mut a, mut b) = (g.clone(), other.clone());
            let (mut ra, mut rb) = (Rng::new(3), Rng::new(3));
            for _ in 0..30 {
                assert_eq!(a.step_random(&mut ra), b.step_random(&mut rb));
            }
            assert!(a == b);
            assert_eq!(a.scores(), b.scores());
        }
        assert!(copies > 3);
    }
}
