//! The public read API of a game. Every query takes typed ids and returns
//! `None` (or an empty result) for an id that does not exist: no query panics.
//! By subject: the game, its turn, scores, bag, hands and plugin state here;
//! tiles, tile types and the board in `tiles`; features in `features`;
//! figures, figure kinds, supplies and areas in `figures`.

mod features;
mod figures;
mod tiles;

use super::*;

impl Game {
    /// The rules.
    #[inline]
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// Number of players.
    #[inline]
    pub fn players(&self) -> u8 {
        self.players
    }

    /// The seed the game was created with.
    pub fn seed(&self) -> u64 {
        self.turn.seed
    }

    /// Whose turn it is.
    #[inline]
    pub fn current_player(&self) -> PlayerId {
        self.turn.current
    }

    /// Turn number (1-based; 0 before the first turn). A turn granted by a plugin
    /// counts as a turn of its own.
    #[inline]
    pub fn turn(&self) -> u16 {
        self.turn.number
    }

    /// Turns played so far that a plugin granted (`Cx::grant_turn`: an extra turn
    /// part, a last round); [`Game::turn`] counts them too.
    #[inline]
    pub fn granted_turns_played(&self) -> u16 {
        self.turn.granted_played
    }

    /// The plugin that granted the current turn (`Cx::grant_turn`), or `None` for
    /// a regular turn.
    #[inline]
    pub fn turn_granted_by(&self) -> Option<u8> {
        (self.turn.granted_by != CORE_OWNER).then_some(self.turn.granted_by)
    }

    /// Turns granted by plugins and not yet played, in order: `(player, plugin)`.
    pub fn granted_turns(&self) -> &[(PlayerId, u8)] {
        &self.turn.granted
    }

    /// Pipeline stage.
    pub fn stage(&self) -> Stage {
        self.turn.stage
    }

    /// Whether the turn is at its figure step: the figure decision after the
    /// tile is placed (and the decisions plugins ask there). A veto
    /// (`filter_figure_options`) meant for the figure step alone checks it:
    /// the vetoes are asked at other moments too, by `may_deploy`,
    /// `tiles_open_to` and `vetoes_allow` (a wagon moving after a scoring, a
    /// follower moved into a feature being scored).
    pub fn at_figure_step(&self) -> bool {
        self.turn.stage == Stage::Figure
    }

    /// Scores per player.
    pub fn scores(&self) -> &[i32] {
        &self.turn.scores[..self.players as usize]
    }

    /// Score of `player` (0 for a seat beyond the table).
    #[inline]
    pub fn score(&self, player: PlayerId) -> i32 {
        self.scores().get(player.index()).copied().unwrap_or(0)
    }

    /// Names of the score categories of [`Game::score_breakdown`]: the base rules'
    /// `roads`, `cities`, `cloisters`, `farmers`, then one per plugin (its id).
    pub fn score_categories(&self) -> &[String] {
        &self.rules.score_categories
    }

    /// Points of `player` by category (see [`Game::score_categories`]); they sum to
    /// the score. Points a plugin awards, or adds to or takes from a feature's
    /// points, are in that plugin's category. Empty for a seat beyond the table.
    pub fn score_breakdown(&self, player: PlayerId) -> &[i32] {
        let n = self.rules.score_categories.len();
        if player.seat() >= self.players {
            return &[];
        }
        &self.turn.breakdown[player.index() * n..(player.index() + 1) * n]
    }

    /// The drawn tile waiting to be placed, if any.
    pub fn drawn_tile(&self) -> Option<TileTypeId> {
        (self.turn.drawn != NONE16).then_some(TileTypeId(self.turn.drawn))
    }

    /// Tiles left in the bag.
    pub fn bag_len(&self) -> usize {
        self.bag.tiles.len()
    }

    /// Copies of tile type `ty` in the bag (0 for a type not in the game).
    pub fn bag_count(&self, ty: TileTypeId) -> u32 {
        self.bag.count(ty)
    }

    /// Copies in the bag per tile type, indexed by tile type id: one read for
    /// what a [`Game::bag_count`] per type would ask.
    pub fn bag_counts(&self) -> &[u16] {
        self.bag.counts()
    }

    /// Tiles left in the bag, by type (unordered multiset as a slice).
    pub fn bag(&self) -> &[TileTypeId] {
        &self.bag.tiles
    }

    /// Tiles in `player`'s hand: those dealt at setup (e.g. his abbey), in
    /// type order, then those given at run time (`Cx::give_lot_tile`), in the
    /// order given.
    pub fn hand(&self, player: PlayerId) -> impl Iterator<Item = TileTypeId> + '_ {
        self.bag
            .hands
            .iter()
            .chain(&self.bag.given)
            .filter(move |(p, _)| *p == player)
            .map(|&(_, t)| t)
    }

    /// Copies of tile type `tile` in `player`'s hand (dealt or given).
    pub fn hand_count(&self, player: PlayerId, tile: TileTypeId) -> u32 {
        self.bag
            .hands
            .iter()
            .chain(&self.bag.given)
            .filter(|&&h| h == (player, tile))
            .count() as u32
    }

    /// Tiles taken face down (hidden from players).
    pub fn hidden_tiles(&self) -> &[TileTypeId] {
        &self.bag.hidden
    }

    /// Tiles set aside because they fit nowhere.
    pub fn set_aside_tiles(&self) -> &[TileTypeId] {
        &self.bag.set_aside
    }

    /// The pending steps (top of the stack last).
    pub fn pending_steps(&self) -> &[Step] {
        &self.turn.pending
    }

    /// The state block of plugin `plugin` in scope `words` (per scope: game, or entity
    /// `i` of `entities`), or `None` if it does not exist.
    #[inline]
    pub(super) fn state_block<'a>(
        &self,
        data: &'a [u32],
        plugin: u8,
        scope: fn(&crate::rules::StateWords) -> u32,
        entity: usize,
    ) -> Option<&'a [u32]> {
        let e = self.rules.plugins.get(plugin as usize)?;
        let stride = scope(&self.rules.state) as usize;
        let o = entity * stride + scope(&e.offsets) as usize;
        data.get(o..o + scope(&e.decl.state) as usize)
    }

    /// Plugin `plugin`'s per-game state words.
    #[inline]
    pub fn plugin_state(&self, plugin: u8) -> Option<&[u32]> {
        self.state_block(self.words.game(), plugin, |s| s.game, 0)
    }

    /// Plugin `plugin`'s state words for `player`.
    #[inline]
    pub fn plugin_player_state(&self, plugin: u8, player: PlayerId) -> Option<&[u32]> {
        if player.seat() >= self.players {
            return None;
        }
        self.state_block(self.words.player(), plugin, |s| s.player, player.index())
    }

    /// Plugin `plugin`'s state words for feature instance `f` (keep set-wide data at
    /// the root, [`Game::find`]).
    #[inline]
    pub fn plugin_feature_state(&self, plugin: u8, f: FeatureId) -> Option<&[u32]> {
        if f.index() >= self.feats.len() {
            return None;
        }
        self.state_block(&self.words.feature, plugin, |s| s.feature, f.index())
    }

    /// Plugin `plugin`'s state words for figure `fig`.
    #[inline]
    pub fn plugin_figure_state(&self, plugin: u8, fig: FigureId) -> Option<&[u32]> {
        self.state_block(self.words.figure(), plugin, |s| s.figure, fig.index())
    }

    /// Plugin `plugin`'s state words for placed tile `t`.
    #[inline]
    pub fn plugin_tile_state(&self, plugin: u8, t: TileIndex) -> Option<&[u32]> {
        if t.index() >= self.board.tiles.len() {
            return None;
        }
        self.state_block(self.words.tile(), plugin, |s| s.tile, t.index())
    }

    /// Points `player` paid to other players by transfers (`Cx::transfer_score`)
    /// so far, in all (0 for a seat beyond the table): a score falls only by
    /// as much under rules that never take points away.
    pub fn transferred_out(&self, player: PlayerId) -> i32 {
        self.turn
            .transferred
            .get(usize::from(player))
            .copied()
            .unwrap_or(0)
    }

    /// Whether events are being logged.
    #[inline]
    pub fn logging(&self) -> bool {
        self.log.on
    }

    /// Turns the event log on or off.
    pub fn set_logging(&mut self, on: bool) {
        // Hooks may read whether the game logs.
        self.scratch.forget();
        self.log.on = on;
    }

    /// Drains the event log.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.log.events)
    }
}
