//! The plugins' state words: per game, per player, per feature instance
//! (growing with the board), per figure and per placed tile, each plugin's
//! block at its offset (`Rules::state`, `PluginEntry::offsets`).

use super::*;

state! {
    /// The plugins' state words of a [`Game`].
    #[derive(Debug, PartialEq)]
    pub(super) struct PluginWords {
        /// Per game.
        pub(super) game: Vec<u32>,
        /// Per player (`players × words`).
        pub(super) player: Vec<u32>,
        /// Per feature instance (`features × words`).
        pub(super) feature: Vec<u32>,
        /// Per figure (`figures × words`).
        pub(super) figure: Vec<u32>,
        /// Per tile (`Rules::max_tiles × words`, all zero at the start: a
        /// tile's words are zero when it is placed, and nothing is done per
        /// placement).
        pub(super) tile: Vec<u32>,
    }
}

impl PluginWords {
    /// No words (see [`PluginWords::reset`]).
    pub(super) fn new() -> PluginWords {
        PluginWords {
            game: Vec::new(),
            player: Vec::new(),
            feature: Vec::new(),
            figure: Vec::new(),
            tile: Vec::new(),
        }
    }

    /// The words at the start of a game of `rules` with `players` players and
    /// `figures` figures (all 0; none per feature yet; every tile's), reusing the
    /// buffers.
    pub(super) fn reset(&mut self, rules: &Rules, players: u8, figures: usize) {
        let PluginWords {
            game,
            player,
            feature,
            figure,
            tile,
        } = self;
        let st = rules.state;
        refill(game, st.game as usize, 0);
        refill(player, st.player as usize * players as usize, 0);
        fresh(feature, st.feature as usize * rules.max_features);
        refill(figure, st.figure as usize * figures, 0);
        refill(tile, st.tile as usize * rules.max_tiles, 0);
    }
}
