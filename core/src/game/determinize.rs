//! Determinization: a copy of the game whose hidden parts are sampled afresh.

use super::*;

impl Game {
    /// Replaces everything that no player can see by a fresh sample consistent
    /// with every player's observation: the identities of the face-down tiles
    /// are dealt again from the unseen tiles (the bag plus the face-down ones),
    /// and the game's own RNG, which decides future draws, is reseeded from
    /// `seed`. Every observation stays the same.
    ///
    /// For search bots: a copy determinized this way can be played forward
    /// without peeking at the real game's face-down tiles or future draws. The
    /// result depends only on what the players see and on `seed`: two games
    /// that look the same to everyone give the same copy.
    pub fn determinize(&mut self, seed: u64) {
        self.scratch.forget();
        let mut rng = Rng::new(seed);
        let (k, n) = (
            self.bag.hidden.len(),
            self.bag.hidden.len() + self.bag.tiles.len(),
        );
        // Forget the real arrangement: the unseen tiles in a canonical order...
        if k > 0 {
            self.bag.tiles.extend_from_slice(&self.bag.hidden);
            self.bag.tiles.sort_unstable();
            self.bag.hidden.clear();
            self.bag.hidden.extend(self.bag.tiles.drain(..k));
        } else {
            self.bag.tiles.sort_unstable();
        }
        // ... then a partial Fisher-Yates shuffle over `hidden ++ bag`: the
        // first k entries become the face-down tiles.
        for i in 0..k {
            let j = i + rng.below((n - i) as u32) as usize;
            if j < k {
                self.bag.hidden.swap(i, j);
            } else {
                std::mem::swap(&mut self.bag.hidden[i], &mut self.bag.tiles[j - k]);
            }
        }
        self.bag.recount(self.rules.tiles.types.len());
        self.turn.rng = Rng::new(rng.next_u64());
    }

    /// Whether the pending chance event's outcome is hidden from every player
    /// (a tile taken face down): observers learn that it happened, not which
    /// outcome it had, so a search should not tell its outcomes apart.
    pub fn chance_is_hidden(&self) -> bool {
        self.actor() == Actor::Chance
            && self
                .turn
                .pending
                .last()
                .is_some_and(|s| s.owner == CORE_OWNER && s.tag == STEP_HIDDEN_TILE)
    }
}

#[cfg(test)]
mod tests {
    use crate::*;
    use std::collections::BTreeMap;
    use std::sync::Arc;

    /// Takes a tile face down after every draw of a tile type whose id is a multiple of 3.
    struct FaceDown;

    impl Hooks for FaceDown {
        fn subscriptions(&self) -> u64 {
            hook::TILE_DRAWN
        }
        fn tile_drawn(&self, cx: &mut Cx<'_>, tile: TileTypeId) -> HookResult {
            if tile.0 % 3 == 0 {
                cx.push_hidden_tile_draw();
            }
            Ok(())
        }
    }

    fn game(seed: u64) -> Game {
        let text = include_str!("../../../configs/tilesets/base.toml");
        let set: TileSetSpec = toml::from_str(text).unwrap();
        let tiles = TileCatalogue::build(&[set], "C2").unwrap();
        let decl = PluginDecl {
            id: "face-down".into(),
            ..PluginDecl::default()
        };
        let plugins: Vec<(PluginDecl, Arc<dyn Hooks>)> = vec![(decl, Arc::new(FaceDown))];
        let rules = Arc::new(Rules::new("t", tiles, CoreOptions::default(), plugins).unwrap());
        Game::new(rules, 2, seed).unwrap()
    }

    #[test]
    fn determinizing_keeps_observations_and_deals_face_down_tiles_afresh() {
        let mut g = game(4);
        let mut rng = Rng::new(9);
        let mut hidden_events = 0;
        while g.hidden_tiles().len() < 4 {
            hidden_events += usize::from(g.chance_is_hidden());
            assert!(g.step_random(&mut rng).unwrap());
        }
        assert_eq!(hidden_events, 4);
        let seen: Vec<Observation> = PlayerId::all(2)
            .map(|p| g.observation(p).unwrap())
            .collect();
        let mut face_down: BTreeMap<Vec<TileTypeId>, u32> = BTreeMap::new();
        let mut next_draws = BTreeMap::new();
        for seed in 0..200 {
            let mut d = g.clone();
            d.determinize(seed);
            d.check_integrity().unwrap();
            for p in PlayerId::all(2) {
                assert_eq!(d.observation(p).unwrap(), seen[p.index()]);
            }
            let mut h = d.hidden_tiles().to_vec();
            h.sort_unstable();
            *face_down.entry(h).or_default() += 1;
            assert!(!d.chance_is_hidden());
            // The future is the copy's own: draws come from its reseeded RNG.
            while d.actor() != Actor::Chance || !d.pending_steps().is_empty() {
                d.step_random(&mut rng).unwrap();
            }
            *next_draws.entry(d.sample_chance().unwrap()).or_insert(0) += 1;
        }
        // Many different deals and next draws, not the real game's one.
        assert!(face_down.len() > 50, "{face_down:?}");
        assert!(next_draws.len() > 8, "{next_draws:?}");
        // The same seed gives the same copy, whatever the real hidden tiles:
        // a copy depends only on what the players see.
        let (mut a, mut b) = (g.clone(), g.clone());
        b.determinize(123);
        assert!(a != b);
        a.determinize(7);
        b.determinize(7);
        assert!(a == b);
    }
}
