//! Cloning a game, and copying one game into another without allocating.
//!
//! Search bots copy a game for every line they look at; [`Clone::clone_from`]
//! reuses the destination's buffers, so a bot that keeps one `Game` per search
//! depth copies arrays and never allocates once the buffers are warm. Both
//! functions destructure the whole state, so a new field cannot be forgotten.

use super::*;

/// Implements `Clone` for `Game` from the list of its state fields (every
/// field but the scratch buffers, which are not part of the state): both
/// methods destructure the whole struct, so a field left out of the list is a
/// compile error.
macro_rules! clone_state {
    ($($f:ident),* $(,)?) => {
        impl Clone for Game {
            fn clone(&self) -> Game {
                let Game { $($f,)* scratch: _ } = self;
                Game {
                    $($f: $f.clone(),)*
                    scratch: Scratch::default(),
                }
            }

            /// Makes `self` a copy of `src`, reusing `self`'s buffers (no
            /// allocation once they are large enough). Scratch buffers stay
            /// `self`'s own, and forget what they cached of `self`'s state.
            fn clone_from(&mut self, src: &Game) {
                let Game { $($f,)* scratch: _ } = src;
                $(self.$f.clone_from($f);)*
                self.scratch.forget();
            }
        }
    };
}

clone_state!(
    rules,
    subs,
    players,
    current,
    rotation,
    granted_by,
    ending,
    turn,
    granted_played,
    stage,
    drawn,
    drawn_fits,
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
    hands,
    hidden,
    set_aside,
    granted,
    pending,
    incoming,
    done,
    closed,
    pgame,
    pplayer,
    pfeat,
    pfig,
    logging,
    events,
);

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
            if g.turn() % 9 != 0 {
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
