//! Tiles held by plugins (their *lots*) and tiles given to players at run time.
//!
//! A plugin fills its lot with the core chance step "draw a tile face up"
//! (`Cx::push_public_tile_draw`: a tile of the bag the plugins' `filter_draws`
//! let be drawn, its outcome seen by everyone); it gives a lot tile to a
//! player's hand (`Cx::give_lot_tile`, played instead of a draw with
//! `Cx::play_from_hand`; one that fits nowhere then is set aside) or puts it
//! back into the bag (`Cx::return_lot_tile`).

use super::*;

impl Game {
    /// Pushes the core chance step "draw a tile face up into plugin `plugin`'s
    /// lot" (resolved with the steps pushed in the same hook, in push order).
    pub(crate) fn push_public_tile_draw(&mut self, plugin: u8) {
        let player = self.turn.current;
        self.turn.incoming.push(Step {
            owner: CORE_OWNER,
            tag: STEP_PUBLIC_TILE,
            chance: true,
            player,
            among: 0,
            arg: u32::from(plugin),
        });
    }

    /// Whether `s` is a face-up draw into a lot.
    #[inline]
    pub(crate) fn is_public_draw(s: &Step) -> bool {
        s.owner == CORE_OWNER && s.tag == STEP_PUBLIC_TILE
    }

    /// Resolves the face-up draw `s` with bag entry `i`: the tile goes into
    /// the lot of the plugin that pushed it.
    pub(super) fn draw_into_lot(&mut self, s: Step, i: usize) {
        self.scratch.draws_kept = false;
        let t = self.bag.take(i);
        let plugin = s.arg as u8;
        self.bag.lots.push((plugin, t));
        self.emit(|| Event::TileFaceUp { plugin, tile: t });
    }

    /// Drops the face-up draw `s` on top of the pending steps, the bag
    /// holding nothing drawable: the lot stays short ([`Game::pending_waits`]).
    pub(super) fn drop_public_draw(&mut self, s: Step) {
        let plugin = s.arg as u8;
        self.turn.pending.pop();
        self.emit(|| Event::Plugin {
            plugin,
            text: "nothing left to draw face up".into(),
        });
    }

    /// Gives a tile of type `tile` from plugin `plugin`'s lot to `player`'s
    /// hand. `false` (nothing changes) if the lot holds none or there is no
    /// such player.
    pub(crate) fn give_lot_tile(&mut self, plugin: u8, player: PlayerId, tile: TileTypeId) -> bool {
        if player.seat() >= self.players {
            return false;
        }
        let Some(i) = self.bag.lots.iter().position(|&l| l == (plugin, tile)) else {
            return false;
        };
        self.bag.lots.remove(i);
        self.bag.given.push((player, tile));
        self.emit(|| Event::TileGiven {
            plugin,
            player,
            tile,
        });
        true
    }

    /// Puts a tile of type `tile` from plugin `plugin`'s lot back into the bag.
    /// `false` (nothing changes) if the lot holds none.
    pub(crate) fn return_lot_tile(&mut self, plugin: u8, tile: TileTypeId) -> bool {
        let Some(i) = self.bag.lots.iter().position(|&l| l == (plugin, tile)) else {
            return false;
        };
        self.bag.lots.remove(i);
        self.scratch.draws_kept = false;
        self.bag.put_back(tile);
        self.emit(|| Event::TileReturned { plugin, tile });
        true
    }

    /// The tiles in plugin `plugin`'s lot, in the order drawn (public).
    pub fn lot(&self, plugin: u8) -> impl Iterator<Item = TileTypeId> + '_ {
        self.bag
            .lots
            .iter()
            .filter(move |&&(p, _)| p == plugin)
            .map(|&(_, t)| t)
    }

    /// Every plugin's lot: `(plugin, tile type)` in the order drawn (public).
    pub fn lots(&self) -> &[(u8, TileTypeId)] {
        &self.bag.lots
    }

    /// The tiles given to players at run time and not played yet: `(player,
    /// tile type)` in the order given (public; [`Game::hand`] lists them too).
    pub fn given_tiles(&self) -> &[(PlayerId, TileTypeId)] {
        &self.bag.given
    }
}

#[cfg(test)]
mod tests {
    use crate::*;
    use std::sync::Arc;

    const TINY: &str = r#"
name = "tiny"
[[tiles]]
id = "T/F"
counts = { C2 = 2 }
start = true
sides = "FFFF"
features = [ { kind = "field", slots = ["N", "E", "S", "W"], adj = [] } ]
"#;

    /// Draws three tiles face up at setup; puts its lot back when the game ends.
    struct Greedy;

    impl Hooks for Greedy {
        fn subscriptions(&self) -> u64 {
            hook::SETUP | hook::GAME_ENDING
        }
        fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
            for _ in 0..3 {
                cx.push_public_tile_draw();
            }
            Ok(())
        }
        fn game_ending(&self, cx: &mut Cx<'_>) -> HookResult {
            assert!(
                !cx.give_lot_tile(PlayerId::ALL[5], TileTypeId(0)),
                "no such player"
            );
            assert!(!cx.return_lot_tile(TileTypeId(1)), "not in the lot");
            for t in cx.view().my_lot() {
                assert!(cx.return_lot_tile(t));
            }
            Ok(())
        }
    }

    #[test]
    fn face_up_draws_with_nothing_to_draw_are_dropped() {
        let set: TileSetSpec = toml::from_str(TINY).unwrap();
        let tiles = TileCatalogue::build(&[set], "C2").unwrap();
        let decl = PluginDecl {
            id: "greedy".into(),
            ..PluginDecl::default()
        };
        let plugins: Vec<(PluginDecl, Arc<dyn Hooks>)> = vec![(decl, Arc::new(Greedy))];
        let rules = Arc::new(Rules::new("t", tiles, CoreOptions::default(), plugins).unwrap());
        let mut g = Game::new(rules, 2, 1).unwrap();
        g.set_logging(true);
        assert_eq!(g.chance_stream(), Some(crate::notation::FACE_UP));
        assert_eq!(g.chance_outcomes().unwrap(), [(0, 1)]);
        assert!(!g.chance_is_hidden(), "everyone sees the outcome");
        g.apply(g.parse_action("face-up T/F").unwrap()).unwrap();
        // The two draws left find nothing: dropped, and the game ends (the lot
        // goes back into the bag at its end).
        assert!(g.is_over());
        assert_eq!(g.bag_len(), 1);
        assert!(g.lots().is_empty());
        let texts: Vec<String> = g.take_events().iter().map(|e| g.event_text(e)).collect();
        let dropped = texts
            .iter()
            .filter(|t| t.ends_with("nothing left to draw face up"));
        assert_eq!(dropped.count(), 2, "{texts:?}");
        assert!(
            texts.contains(&"greedy: T/F drawn face up".to_string()),
            "{texts:?}"
        );
        assert!(
            texts.contains(&"greedy: T/F back into the bag".to_string()),
            "{texts:?}"
        );
        g.check_integrity().unwrap();
    }
}
