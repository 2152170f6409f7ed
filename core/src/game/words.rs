//! The plugins' state words: per game, per player, per feature instance
//! (growing with the board), per figure and per placed tile, each plugin's
//! block at its offset (`Rules::state`, `PluginEntry::offsets`).

use super::*;

state! {
    /// The plugins' state words of a [`Game`]: the scopes of a fixed size
    /// in one buffer (one allocation to copy when the game is cloned), per
    /// game, per player (`players × words`), per figure (`figures ×
    /// words`) and per tile (`Rules::max_tiles × words`, all zero at the
    /// start: a tile's words are zero when it is placed, and nothing is
    /// done per placement); and the words per feature instance, which grow
    /// as tiles are placed.
    #[derive(Debug, PartialEq)]
    pub(super) struct PluginWords {
        /// The words of the fixed scopes, scope after scope.
        buf: Vec<u32>,
        /// Where the game's, the players' and the figures' words end in
        /// `buf` (the tiles' run to its end).
        ends: [u32; 3],
        /// Per feature instance (`features × words`).
        pub(super) feature: Vec<u32>,
    }
}

impl PluginWords {
    /// No words (see [`PluginWords::reset`]).
    pub(super) fn new() -> PluginWords {
        PluginWords {
            buf: Vec::new(),
            ends: [0; 3],
            feature: Vec::new(),
        }
    }

    /// The words at the start of a game of `rules` with `players` players and
    /// `figures` figures (all 0; none per feature yet; every tile's), reusing the
    /// buffer.
    pub(super) fn reset(&mut self, rules: &Rules, players: u8, figures: usize) {
        let st = rules.state;
        let sizes = [
            st.game as usize,
            st.player as usize * players as usize,
            st.figure as usize * figures,
        ];
        let mut end = 0;
        for (e, n) in self.ends.iter_mut().zip(sizes) {
            end += n;
            *e = end as u32;
        }
        refill(&mut self.buf, end + st.tile as usize * rules.max_tiles, 0);
        fresh(&mut self.feature, st.feature as usize * rules.max_features);
    }

    /// The range in `buf` of scope `i` (game, player, figure, tile).
    #[inline]
    fn range(&self, i: usize) -> std::ops::Range<usize> {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        let end = self.ends.get(i).map_or(self.buf.len(), |&e| e as usize);
        start..end
    }

    /// The words of scope `i` (0 game, 1 player, 2 figure, 3 tile).
    #[inline]
    fn scope(&self, i: usize) -> &[u32] {
        &self.buf[self.range(i)]
    }

    /// The words of scope `i`, mutable.
    #[inline]
    fn scope_mut(&mut self, i: usize) -> &mut [u32] {
        let r = self.range(i);
        &mut self.buf[r]
    }

    /// The per-game words.
    pub(super) fn game(&self) -> &[u32] {
        self.scope(0)
    }

    /// The per-player words.
    pub(super) fn player(&self) -> &[u32] {
        self.scope(1)
    }

    /// The per-figure words.
    pub(super) fn figure(&self) -> &[u32] {
        self.scope(2)
    }

    /// The per-tile words.
    pub(super) fn tile(&self) -> &[u32] {
        self.scope(3)
    }

    /// The per-game words, mutable.
    pub(super) fn game_mut(&mut self) -> &mut [u32] {
        self.scope_mut(0)
    }

    /// The per-player words, mutable.
    pub(super) fn player_mut(&mut self) -> &mut [u32] {
        self.scope_mut(1)
    }

    /// The per-figure words, mutable.
    pub(super) fn figure_mut(&mut self) -> &mut [u32] {
        self.scope_mut(2)
    }

    /// The per-tile words, mutable.
    pub(super) fn tile_mut(&mut self) -> &mut [u32] {
        self.scope_mut(3)
    }
}
