//! The contexts plugins see: [`View`] (read-only) and [`Cx`] (read-write).

use super::*;

impl std::ops::Deref for View<'_> {
    type Target = Game;
    fn deref(&self) -> &Game {
        self.game
    }
}

impl std::ops::Deref for Cx<'_> {
    type Target = Game;
    fn deref(&self) -> &Game {
        self.game
    }
}

impl View<'_> {
    /// This plugin's per-game state words.
    pub fn state(&self) -> &[u32] {
        self.game.plugin_state(self.plugin)
    }

    /// This plugin's words for feature instance `f`.
    pub fn feature_state(&self, f: FeatureId) -> &[u32] {
        self.game.plugin_feature_state(self.plugin, f)
    }

    /// Marker bit of this plugin's `i`-th declared marker.
    pub fn my_marker(&self, i: usize) -> u64 {
        self.game.rules.plugins[self.plugin as usize].marker_bits[i]
    }

    /// Figure kind id of this plugin's `i`-th declared figure kind.
    pub fn my_figure(&self, i: usize) -> FigureKindId {
        self.game.rules.plugins[self.plugin as usize].first_figure + i as FigureKindId
    }
}

impl Cx<'_> {
    /// Read-only view for the same plugin.
    pub fn view(&self) -> View<'_> {
        View {
            game: self.game,
            plugin: self.plugin,
        }
    }

    /// This plugin's per-game state words.
    pub fn state(&self) -> &[u32] {
        self.game.plugin_state(self.plugin)
    }

    /// This plugin's per-game state words, mutable.
    pub fn state_mut(&mut self) -> &mut [u32] {
        let e = &self.game.rules.plugins[self.plugin as usize];
        let (o, n) = (e.game_off as usize, e.decl.game_words as usize);
        &mut self.game.pstate[o..o + n]
    }

    /// This plugin's words for feature instance `f`, mutable.
    pub fn feature_state_mut(&mut self, f: FeatureId) -> &mut [u32] {
        let e = &self.game.rules.plugins[self.plugin as usize];
        let o = f as usize * self.game.rules.feature_words as usize + e.feature_off as usize;
        let n = e.decl.feature_words as usize;
        &mut self.game.pfeat[o..o + n]
    }

    /// Marker bit of this plugin's `i`-th declared marker.
    pub fn my_marker(&self, i: usize) -> u64 {
        self.view().my_marker(i)
    }

    /// Figure kind id of this plugin's `i`-th declared figure kind.
    pub fn my_figure(&self, i: usize) -> FigureKindId {
        self.view().my_figure(i)
    }

    /// Awards points to a player.
    pub fn add_score(&mut self, player: PlayerId, points: i32) {
        self.game.scores[player as usize] += points;
        self.game.breakdown[player as usize][CATEGORY_PLUGINS] += points;
        let plugin = self.plugin;
        self.game.emit(|| Event::PluginScored {
            plugin,
            player,
            points,
        });
    }

    /// Logs a message for the turn log (cheap no-op when logging is off; check
    /// [`Game::logging`] before formatting expensive text).
    pub fn log(&mut self, text: impl Into<String>) {
        if self.game.logging {
            let plugin = self.plugin;
            self.game.events.push(Event::Plugin {
                plugin,
                text: text.into(),
            });
        }
    }

    /// Pushes a decision for `player`; resolved (in push order) before the pipeline continues.
    pub fn push_decision(&mut self, player: PlayerId, tag: u16, arg: u32) {
        self.game.incoming.push(Step {
            owner: self.plugin,
            tag,
            chance: false,
            player,
            arg,
        });
    }

    /// Pushes a chance event resolved with this plugin's outcomes.
    pub fn push_chance(&mut self, tag: u16, arg: u32) {
        let player = self.game.current;
        self.game.incoming.push(Step {
            owner: self.plugin,
            tag,
            chance: true,
            player,
            arg,
        });
    }

    /// Pushes the core chance event "take a random tile from the bag face down";
    /// the tile is out of the game and hidden from every player's observation.
    pub fn push_hidden_tile_draw(&mut self) {
        let player = self.game.current;
        self.game.incoming.push(Step {
            owner: CORE_OWNER,
            tag: STEP_HIDDEN_TILE,
            chance: true,
            player,
            arg: 0,
        });
    }

    /// Deploys a figure of `kind` from `player`'s supply on feature instance `f`.
    pub fn deploy_figure(
        &mut self,
        player: PlayerId,
        kind: FigureKindId,
        f: FeatureId,
    ) -> Option<FigureId> {
        self.game.deploy(player, kind, f)
    }

    /// Sends a figure back to its owner (the `figure_returned` hooks run).
    pub fn return_figure(&mut self, fig: FigureId) -> HookResult {
        self.game.return_figure(fig)
    }

    /// Scores the feature containing `f` now (majority, points hooks, figures return).
    pub fn score_feature(&mut self, f: FeatureId, reason: ScoreReason) -> Result<i32, HookError> {
        self.game.score_feature(f, reason)
    }

    /// Completed cities bordering the field containing `f`.
    pub fn bordering_cities(&mut self, f: FeatureId) -> Vec<FeatureId> {
        let r = self.game.find(f);
        self.game.bordering_cities(r)
    }
}
