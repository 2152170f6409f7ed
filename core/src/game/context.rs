//! The contexts plugins see: [`View`] (read-only) and [`Cx`] (read-write). Both
//! dereference to the [`Game`], so every query of the game is available; these
//! are the plugin-specific additions (its own state, markers, figures, links) and,
//! on `Cx`, the changes a plugin may make.

use super::*;
use crate::rules::{CoreOptions, StateWords};

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

/// The range of a plugin's words for entity `entity` of a scope.
fn block(
    rules: &Rules,
    plugin: u8,
    scope: fn(&StateWords) -> u32,
    entity: usize,
    len: usize,
) -> Option<std::ops::Range<usize>> {
    let e = rules.plugins.get(plugin as usize)?;
    let o = entity * scope(&rules.state) as usize + scope(&e.offsets) as usize;
    let end = o + scope(&e.decl.state) as usize;
    (end <= len).then_some(o..end)
}

impl<'g> View<'g> {
    /// This plugin's index in the ruleset's dispatch order (the `owner` of its steps).
    #[inline]
    pub fn plugin_index(&self) -> u8 {
        self.plugin
    }

    /// The core options (farmer rules, tiny cities, followers per player).
    #[inline]
    pub fn core_options(&self) -> CoreOptions {
        self.game.rules.options
    }

    /// The pending steps (top of the stack last), borrowed for the hook call
    /// (`Game::pending_steps`).
    #[inline]
    pub fn pending_steps(&self) -> &'g [Step] {
        self.game.pending_steps()
    }

    /// Copies in the bag per tile type, borrowed for the hook call
    /// (`Game::bag_counts`).
    #[inline]
    pub fn bag_counts(&self) -> &'g [u16] {
        self.game.bag_counts()
    }

    /// Id of tile type `ty` as written in its tile set, borrowed for the hook
    /// call (`Game::tile_type_name`).
    #[inline]
    pub fn tile_type_name(&self, ty: TileTypeId) -> Option<&'g str> {
        self.game.tile_type_name(ty)
    }

    /// Name of barrier name id `id`, borrowed for the hook call
    /// (`Game::barrier_name`).
    #[inline]
    pub fn barrier_name(&self, id: u8) -> Option<&'g str> {
        self.game.barrier_name(id)
    }

    /// The completed features this turn's scoring step has not scored yet,
    /// borrowed for the hook call (`Game::pending_scorings`).
    #[inline]
    pub fn pending_scorings(&self) -> &'g [FeatureId] {
        self.game.pending_scorings()
    }

    /// Name of area `area`, borrowed for the hook call (`Game::area_name`).
    #[inline]
    pub fn area_name(&self, area: AreaId) -> Option<&'g str> {
        self.game.area_name(area)
    }

    /// Name of figure kind `kind`, borrowed for the hook call
    /// (`Game::figure_kind_name`).
    #[inline]
    pub fn figure_kind_name(&self, kind: FigureKindId) -> Option<&'g str> {
        self.game.figure_kind_name(kind)
    }

    /// The figure this plugin's offer of the spots of the player's followers
    /// leaves out ([`Cx::offer_follower_spots`]'s `except`, or the follower
    /// beside whom the figure it carries was put: [`Cx::carry_with_spots`]);
    /// `None` if it offers no spots.
    pub fn spots_left_out(&self) -> Option<FigureId> {
        self.game.spot_offer_except(self.plugin)
    }

    /// This plugin's per-game state words.
    pub fn state_words(&self) -> &'g [u32] {
        self.game.plugin_state(self.plugin).unwrap_or(&[])
    }

    /// This plugin's state words for `player`.
    pub fn player_words(&self, player: PlayerId) -> Option<&'g [u32]> {
        self.game.plugin_player_state(self.plugin, player)
    }

    /// This plugin's words for feature instance `f`.
    pub fn feature_words(&self, f: FeatureId) -> Option<&'g [u32]> {
        self.game.plugin_feature_state(self.plugin, f)
    }

    /// This plugin's words for figure `fig`.
    pub fn figure_words(&self, fig: FigureId) -> Option<&'g [u32]> {
        self.game.plugin_figure_state(self.plugin, fig)
    }

    /// This plugin's words for placed tile `t`.
    pub fn tile_words(&self, t: TileIndex) -> Option<&'g [u32]> {
        self.game.plugin_tile_state(self.plugin, t)
    }

    /// Name id of this plugin's `i`-th declared barrier name (the id
    /// [`SideKind::Barrier`] carries).
    pub fn my_barrier(&self, i: usize) -> Option<u8> {
        self.game.rules.plugins[self.plugin as usize]
            .barrier_ids
            .get(i)
            .copied()
    }

    /// Marker bit of this plugin's `i`-th declared marker (0 if no tile carries it).
    pub fn my_marker(&self, i: usize) -> Option<u64> {
        self.game.rules.plugins[self.plugin as usize]
            .marker_bits
            .get(i)
            .copied()
    }

    /// Figure kind id of this plugin's `i`-th declared figure kind.
    pub fn my_figure(&self, i: usize) -> Option<FigureKindId> {
        let e = &self.game.rules.plugins[self.plugin as usize];
        (i < e.decl.figures.len()).then(|| FigureKindId(e.first_figure.0 + i as u8))
    }

    /// This plugin's piece with `code` (for `extra_placements` candidates).
    #[inline]
    pub fn piece(&self, code: u32) -> crate::Piece {
        crate::Piece::of(self.plugin, code)
    }

    /// The code of this plugin's piece laid with this turn's placement, if one was.
    pub fn my_placed_piece(&self) -> Option<u32> {
        let p = self.game.placed_piece();
        (p.plugin() == Some(self.plugin)).then(|| p.code())
    }

    /// The tiles in this plugin's lot, in the order drawn.
    pub fn my_lot(&self) -> Vec<TileTypeId> {
        self.game.lot(self.plugin).collect()
    }

    /// The `i`-th tile in this plugin's lot ([`View::my_lot`]), `None` past
    /// its end: one tile read without the lot copied out.
    pub fn my_lot_tile(&self, i: usize) -> Option<TileTypeId> {
        self.game.lot(self.plugin).nth(i)
    }

    /// Whether this plugin has hook bit `hook` on: it subscribes to it and has
    /// not switched it off ([`Cx::set_hook_enabled`]).
    pub fn hook_enabled(&self, hook: u64) -> bool {
        self.game.plugin_hook_enabled(self.plugin, hook)
    }

    /// Link id of this plugin's `i`-th declared tile link.
    pub fn my_link(&self, i: usize) -> Option<u8> {
        self.game.rules.plugins[self.plugin as usize]
            .link_ids
            .get(i)
            .copied()
    }

    /// Area id of this plugin's `i`-th declared area.
    pub fn my_area(&self, i: usize) -> Option<AreaId> {
        let e = &self.game.rules.plugins[self.plugin as usize];
        (i < e.decl.areas.len()).then(|| AreaId(e.first_area.0 + i as u8))
    }
}

impl<'g> Cx<'g> {
    /// Read-only view for the same plugin.
    pub fn view(&self) -> View<'_> {
        View {
            game: self.game,
            plugin: self.plugin,
        }
    }

    /// The same context for a shorter borrow (to call a method that consumes
    /// the context, such as [`Cx::state_words_mut`], and keep this one).
    pub fn reborrow(&mut self) -> Cx<'_> {
        Cx {
            game: &mut *self.game,
            plugin: self.plugin,
        }
    }

    fn words(
        self,
        scope: fn(&StateWords) -> u32,
        entity: usize,
        data: fn(&mut Game) -> &mut [u32],
    ) -> Option<&'g mut [u32]> {
        let len = data(self.game).len();
        let r = block(&self.game.rules, self.plugin, scope, entity, len)?;
        Some(&mut data(self.game)[r])
    }

    /// This plugin's per-game state words, mutable, for the rest of the hook
    /// call (the context is consumed: [`Cx::reborrow`] keeps it).
    pub fn state_words_mut(self) -> &'g mut [u32] {
        self.words(|s| s.game, 0, |g| g.words.game_mut())
            .unwrap_or(&mut [])
    }

    /// This plugin's state words for `player`, mutable (consumes the context).
    pub fn player_words_mut(self, player: PlayerId) -> Option<&'g mut [u32]> {
        if player.seat() >= self.game.players {
            return None;
        }
        self.words(|s| s.player, player.index(), |g| g.words.player_mut())
    }

    /// This plugin's words for feature instance `f`, mutable (consumes the context).
    pub fn feature_words_mut(self, f: FeatureId) -> Option<&'g mut [u32]> {
        if f.index() >= self.game.feats.recs.len() {
            return None;
        }
        self.words(|s| s.feature, f.index(), |g| &mut g.words.feature)
    }

    /// This plugin's words for figure `fig`, mutable (consumes the context).
    pub fn figure_words_mut(self, fig: FigureId) -> Option<&'g mut [u32]> {
        self.words(|s| s.figure, fig.index(), |g| g.words.figure_mut())
    }

    /// This plugin's words for placed tile `t`, mutable (consumes the context).
    pub fn tile_words_mut(self, t: TileIndex) -> Option<&'g mut [u32]> {
        if t.index() >= self.game.board.tiles.len() {
            return None;
        }
        self.words(|s| s.tile, t.index(), |g| g.words.tile_mut())
    }

    /// Marker bit of this plugin's `i`-th declared marker.
    pub fn my_marker(&self, i: usize) -> Option<u64> {
        self.view().my_marker(i)
    }

    /// Figure kind id of this plugin's `i`-th declared figure kind.
    pub fn my_figure(&self, i: usize) -> Option<FigureKindId> {
        self.view().my_figure(i)
    }

    /// Name id of this plugin's `i`-th declared barrier name.
    pub fn my_barrier(&self, i: usize) -> Option<u8> {
        self.view().my_barrier(i)
    }

    /// Awards points to a player, in this plugin's score category. `false` for a
    /// seat beyond the table. Scores saturate: an amount that would carry the
    /// score or its category past the range of `i32` is cut to what both can
    /// take, and the event says the amount booked.
    pub fn add_score(&mut self, player: PlayerId, points: i32) -> bool {
        if player.seat() >= self.game.players {
            return false;
        }
        let g = &mut *self.game;
        let cat = g.rules.plugin_category(self.plugin);
        let points = g.book(player.index(), cat, points);
        let plugin = self.plugin;
        g.emit(|| Event::PluginScored {
            plugin,
            player,
            points,
        });
        true
    }

    /// Moves `points` from player `from` to player `to` as one operation: `from`
    /// loses them and `to` gains them, both booked in this plugin's score
    /// category (a ransom, a bid). A negative amount moves points the other way.
    /// The game keeps each player's transfers ([`Game::transferred_out`]), so a
    /// check that scores never decrease accepts them. Scores saturate: what is
    /// moved is what both scores can take. `false` for a seat beyond the table,
    /// or one player twice.
    pub fn transfer_score(&mut self, from: PlayerId, to: PlayerId, points: i32) -> bool {
        let g = &mut *self.game;
        if from.seat() >= g.players || to.seat() >= g.players || from == to {
            return false;
        }
        let (from, to, n) = if points < 0 {
            (to, from, points.saturating_neg())
        } else {
            (from, to, points)
        };
        let cat = g.rules.plugin_category(self.plugin);
        // What both can take (scores saturate): `from` gives what he can,
        // `to` takes what he can of it, and the rest goes back.
        let given = g
            .book(usize::from(from), cat, n.saturating_neg())
            .saturating_neg();
        let n = g.book(usize::from(to), cat, given);
        if n != given {
            g.book(usize::from(from), cat, given - n);
        }
        let t = &mut g.turn.transferred[usize::from(from)];
        *t = t.saturating_add(n);
        let plugin = self.plugin;
        g.emit(|| Event::ScoreTransferred {
            plugin,
            from,
            to,
            points: n,
        });
        true
    }

    /// Player `player` pays `points` (0 or more) to nobody (a bid lost to the
    /// bank): his score falls by them, booked in this plugin's score category,
    /// and they count with what he transferred out ([`Game::transferred_out`]),
    /// so the check that scores never decrease accepts them like a transfer.
    /// `false` (nothing paid) for a seat beyond the table or a negative amount.
    pub fn pay_score(&mut self, player: PlayerId, points: i32) -> bool {
        if points < 0 || player.seat() >= self.game.players {
            return false;
        }
        let g = &mut *self.game;
        let cat = g.rules.plugin_category(self.plugin);
        // What he can pay (scores saturate).
        let paid = g.book(player.index(), cat, -points);
        let plugin = self.plugin;
        g.emit(|| Event::PluginScored {
            plugin,
            player,
            points: paid,
        });
        let t = &mut g.turn.transferred[player.index()];
        *t = t.saturating_add(paid.saturating_neg());
        true
    }

    /// Marks the feature containing `f` as withheld: the core never scores it
    /// (not in this turn's scoring step if it is still to come, not at game
    /// end) and never returns its figures; it stays complete, so farmers still
    /// count a withheld completed city (a castle). Joined features keep the mark.
    /// `false` for a feature that does not exist.
    pub fn withhold_feature(&mut self, f: FeatureId) -> bool {
        self.game.withhold(f)
    }

    /// Marks the feature containing `f` as no city for farmers: once complete
    /// it is not among the cities a field borders (`bordering_cities`), so no
    /// farmer unit (F1–F3) pays for it, a pig adds nothing for it and a barn
    /// does not count it (the city of Carcassonne when it is ignored for
    /// farmers). Joined features keep the mark; it is never taken back. `false`
    /// for a feature that does not exist.
    pub fn exclude_from_farmers(&mut self, f: FeatureId) -> bool {
        self.game.exclude_from_farmers(f)
    }

    /// Marks figure `fig` on the board as protected or not (`on`): not removable
    /// by predators, princesses or captures, for the plugins whose rules read
    /// [`Game::figure_protected`] (a follower in a castle). The mark goes when
    /// the figure moves or leaves the board. `false` for a figure not on the board.
    pub fn set_protected(&mut self, fig: FigureId, on: bool) -> bool {
        self.game.set_protected(fig, on)
    }

    /// Logs a message for the turn log (cheap no-op when logging is off; check
    /// [`Game::logging`] before formatting expensive text).
    pub fn log(&mut self, text: impl Into<String>) {
        if self.game.log.on {
            let plugin = self.plugin;
            self.game.log.events.push(Event::Plugin {
                plugin,
                text: text.into(),
            });
        }
    }

    /// [`Cx::log`] for a borrowed string.
    pub fn log_text(&mut self, text: &str) {
        self.log(text)
    }

    /// Pushes a decision for `player` (any player, not only the one whose turn it
    /// is); steps are resolved in push order before the pipeline continues.
    pub fn push_decision(&mut self, player: PlayerId, tag: u16, arg: u32) -> bool {
        self.push_decision_among(player, tag, arg, 0)
    }

    /// [`Cx::push_decision`] of a decision whose options are known as it is
    /// pushed: the values of the set bits of `among` (0 to 15), in ascending
    /// order ([`Step::among`]). The core lists them itself, without asking
    /// the plugin's `step_options` (whose answer must be the same: the
    /// options may not change while the step waits); `among` 0 asks it, as
    /// `push_decision`.
    pub fn push_decision_among(
        &mut self,
        player: PlayerId,
        tag: u16,
        arg: u32,
        among: u16,
    ) -> bool {
        if player.seat() >= self.game.players {
            return false;
        }
        self.game.turn.incoming.push(Step {
            owner: self.plugin,
            tag,
            chance: false,
            player,
            among,
            arg,
        });
        true
    }

    /// Pushes a chance event resolved with this plugin's outcomes.
    pub fn push_chance(&mut self, tag: u16, arg: u32) {
        let player = self.game.turn.current;
        self.game.turn.incoming.push(Step {
            owner: self.plugin,
            tag,
            chance: true,
            player,
            among: 0,
            arg,
        });
    }

    /// Pushes the core chance event "take a random tile from the bag face down";
    /// the tile is out of the game and hidden from every player's observation.
    pub fn push_hidden_tile_draw(&mut self) {
        let player = self.game.turn.current;
        self.game.turn.incoming.push(Step {
            owner: CORE_OWNER,
            tag: STEP_HIDDEN_TILE,
            chance: true,
            player,
            among: 0,
            arg: 0,
        });
    }

    /// Pushes the core chance event "draw a tile face up into my lot": a tile
    /// of the bag that the plugins' `filter_draws` let be drawn, seen by every
    /// player. A draw that comes up when nothing is drawable is dropped (the
    /// lot stays short). Read the lot with [`View::my_lot`].
    pub fn push_public_tile_draw(&mut self) {
        let plugin = self.plugin;
        self.game.push_public_tile_draw(plugin);
    }

    /// Gives a tile of type `tile` from this plugin's lot to `player`'s hand
    /// (played instead of a draw with [`Cx::play_from_hand`]). `false` if the
    /// lot holds none.
    pub fn give_lot_tile(&mut self, player: PlayerId, tile: TileTypeId) -> bool {
        let plugin = self.plugin;
        self.game.give_lot_tile(plugin, player, tile)
    }

    /// Puts a tile of type `tile` from this plugin's lot back into the bag.
    /// `false` if the lot holds none.
    pub fn return_lot_tile(&mut self, tile: TileTypeId) -> bool {
        let plugin = self.plugin;
        self.game.return_lot_tile(plugin, tile)
    }

    /// Deploys a figure of `kind` from `player`'s supply at `at` (on the board,
    /// or off it: an area; no rule is checked: use [`Game::may_deploy`] for the
    /// shared one). `None` if the supply holds none or the location does not exist.
    pub fn deploy_figure(
        &mut self,
        player: PlayerId,
        kind: FigureKindId,
        at: Location,
    ) -> Option<FigureId> {
        self.game.deploy(player, kind, at)
    }

    /// Puts a neutral figure of `kind` that is off the board at `at`.
    pub fn place_neutral(&mut self, kind: FigureKindId, at: Location) -> Option<FigureId> {
        self.game.place_neutral(kind, at)
    }

    /// Moves a figure that is on the board, held or in an area to `to` (any
    /// location: into an occupied feature too, the caller answers for its
    /// rules). The `figure_moved` hooks run, or, for a figure that leaves the
    /// board (for `Location::Held` or `Location::Area`), the `figure_returned`
    /// hooks. `Ok(false)` if it is in the supply or `to` does not exist.
    pub fn move_figure(&mut self, fig: FigureId, to: Location) -> Result<bool, HookError> {
        self.game.move_figure(fig, to)
    }

    /// Sends a figure back to its owner's supply (a neutral one off the board),
    /// from the board, a player's hold or an area; the `figure_returned` hooks run.
    pub fn return_figure(&mut self, fig: FigureId) -> HookResult {
        self.game.return_figure(fig)
    }

    /// Sends home every figure standing on a feature of placed tile `t` (not
    /// at a corner, nor on the tile itself) whose kind's class has its bit in
    /// `classes` (`1 << class as u8`, [`FigureClass`](crate::FigureClass))
    /// and that is not protected, in figure order; the `figure_returned` hooks
    /// run for each. One call for what a look at each feature's figures and
    /// a `return_figure` each would do (a predator's meal: the dragon's).
    /// The figures sent home, in that order.
    pub fn return_figures_on_tile(
        &mut self,
        t: TileIndex,
        classes: u8,
    ) -> Result<Vec<FigureId>, HookError> {
        self.game.return_figures_on_tile(t, classes)
    }

    /// Scores the road, city, cloister or spot containing `f` now (majority, points
    /// hooks, figures return) and returns the points paid.
    pub fn score_feature(
        &mut self,
        f: FeatureId,
        reason: ScoreReason,
    ) -> Result<Points, HookError> {
        self.game.score_feature(f, reason)
    }

    /// Scores the road, city, cloister or spot containing `f` now at `value`
    /// points, withheld or not (a castle paid the value of a feature completed
    /// near it): the pipeline of [`Cx::score_feature`] with reason
    /// [`ScoreReason::Proxy`] and base `value`, booked in this plugin's score
    /// category; its figures that return on scoring go home.
    pub fn score_by_proxy(&mut self, f: FeatureId, value: i32) -> Result<Points, HookError> {
        let plugin = self.plugin;
        self.game.score_by_proxy(f, value, plugin)
    }

    /// Scores the farmers of the field containing `f` now, as a unit of its own:
    /// the majority of farmers there wins `per_city` points per completed city
    /// bordering the field (a barn: 3, or 1 when fields join). The scoring hooks
    /// run; the farmers stay on the board. `None` if no follower stands there.
    pub fn score_farmers(
        &mut self,
        f: FeatureId,
        per_city: i32,
        reason: ScoreReason,
    ) -> Result<Option<Points>, HookError> {
        self.game.score_field(f, per_city, reason)
    }

    /// What one winner of the field containing `f` would be paid now at
    /// `per_city` points per completed city bordering it: the base changed by
    /// every `feature_value` hook (a castle counts one point more), with
    /// nobody paid and no other hook run. For a plugin that pays a field to
    /// players of its own choosing (a barn's owners at game end). `None` if
    /// `f` is no field.
    pub fn farmer_value(
        &mut self,
        f: FeatureId,
        per_city: i32,
        reason: ScoreReason,
    ) -> Result<Option<i32>, HookError> {
        self.game.field_value(f, per_city, reason)
    }

    /// Grants `player` a full turn right after the current one (a builder's
    /// second tile; the abbey round at the end). Granted turns run in order before
    /// the next regular turn; [`Game::turn_granted_by`] tells a granted turn.
    pub fn grant_turn(&mut self, player: PlayerId) -> bool {
        let plugin = self.plugin;
        self.game.grant_turn(player, plugin)
    }

    /// Adds a feature of `kind` (a road, city or field) owning board slots
    /// `slots` to placed tile `t` (the one placed this turn or an older one):
    /// the slots are taken from their owners without splitting or joining
    /// them, the sides it touches get their kind again for later placements
    /// (a field side whose middle slot a road takes becomes a road side), the
    /// feature joins what it meets across its sides, and the features this
    /// completes are scored in this turn's scoring step (at once if that step
    /// is over). A feature of the tile it leaves with no slot and joined to
    /// nothing is gone (withheld, closed, its figures sent home); a queued
    /// feature it joins to an open side is open again and not scored until
    /// it is closed. `Ok(None)` and no change if it cannot be added: a cloister or
    /// spot, no slot, or a side it changes would no longer fit the tile across.
    pub fn add_tile_feature(
        &mut self,
        t: TileIndex,
        kind: FeatureKind,
        slots: u16,
    ) -> Result<Option<FeatureId>, HookError> {
        let plugin = self.plugin;
        self.game.add_tile_feature(t, kind, slots, plugin)
    }

    /// Switches this plugin's hook `hook` (one bit of [`hook`]) on or off at run
    /// time; the switch is part of the game state (cloned, compared, replayed).
    /// A hook switched off by every subscriber costs nothing. `false` (nothing
    /// changes) unless the plugin subscribes to `hook` and it is one of
    /// [`SWITCHABLE_HOOKS`](crate::SWITCHABLE_HOOKS).
    pub fn set_hook_enabled(&mut self, hook: u64, on: bool) -> bool {
        let plugin = self.plugin;
        self.game.set_hook_enabled(plugin, hook, on)
    }

    /// Offers deployments onto feature instance `f` at every figure step from
    /// now on, wherever it is on the board, as the core offers the features
    /// of the tile placed this turn: every offered kind in the current
    /// player's supply that may stand there by the shared rule and meets its
    /// offer conditions (followers onto a raised tower). A standing offer: no
    /// `figure_options` call per turn; the vetoes apply as to every option.
    /// `false` if `f` does not exist.
    pub fn offer_deployments_at(&mut self, f: FeatureId) -> bool {
        let plugin = self.plugin;
        self.game.offer_deployments_at(plugin, f)
    }

    /// Offers this plugin's special option `code` at every figure step from
    /// now on while feature instance `f` is open: no occupying figure in its
    /// feature (a piece onto any tower no follower caps). A standing offer: no
    /// `figure_options` call per turn; the vetoes apply as to every option
    /// (veto it for a player who may not take it). `false` if `f` does not
    /// exist.
    pub fn offer_special_at(&mut self, f: FeatureId, code: u32) -> bool {
        let plugin = self.plugin;
        self.game.offer_special_at(plugin, f, code)
    }

    /// Stops (`on` false) or resumes offering this plugin's standing special
    /// options ([`Cx::offer_special_at`]) to `player` (one who has no tower
    /// piece left). `false` for a player not in the game.
    pub fn offer_specials_to(&mut self, player: PlayerId, on: bool) -> bool {
        let plugin = self.plugin;
        self.game.offer_specials_to(plugin, player, on)
    }

    /// Offers (`on`), at every figure step from now on, this plugin's special
    /// option per follower of the current player standing on a feature (a
    /// kind declared a follower; not at a corner), with the code of the
    /// feature's spot (its tile's position and local index:
    /// [`spot_code`](crate::spot_code), the SDK's `Spot::code`), each spot
    /// once — save figure `except`, whose spot is offered only if another of
    /// his followers shares it (pass a figure that is no player's follower,
    /// your own neutral one, to leave none out). Calling it again replaces
    /// `except`; `on` false stops the offer. A standing offer: no
    /// `figure_options` call per turn; the vetoes apply (the fairy's option
    /// beside any follower but the one she stands beside). `false` only for
    /// a plugin that does not exist.
    pub fn offer_follower_spots(&mut self, on: bool, except: FigureId) -> bool {
        let plugin = self.plugin;
        self.game.offer_follower_spots(plugin, on, except)
    }

    /// Has this plugin's offer of the spots of the player's followers
    /// ([`Cx::offer_follower_spots`]) carry its neutral figure `fig`: when
    /// the current player chooses one of its special options whose code
    /// names the spot of one of his followers, the core first puts `fig` on
    /// that follower's tile (`Location::Tile`: placed as
    /// [`Cx::place_neutral`] places one of its kind if it is off the board,
    /// moved with the `figure_moved` hooks if it stands elsewhere) and
    /// leaves him out of the offer (read with [`View::spots_left_out`]);
    /// then the `figure_chosen` hooks run. The fairy's move beside a
    /// follower, with no query or change per move. Stopping the offer stops
    /// the carry. `false` if the plugin offers no spots or `fig` is no
    /// neutral figure.
    pub fn carry_with_spots(&mut self, fig: FigureId) -> bool {
        let plugin = self.plugin;
        self.game.carry_with_spots(plugin, fig)
    }

    /// Runs (`on`) this plugin's `turn_start` only at the turns of the owner
    /// of the follower its spot offer leaves out ([`View::spots_left_out`]:
    /// the one its carried figure stands beside, [`Cx::carry_with_spots`]),
    /// and at no turn while it leaves out none of a player's; `on` false
    /// calls it at every turn again. For a hook that acts only at that
    /// player's turns (the fairy's points): the other turns call nothing.
    /// `false` unless the plugin subscribes to `turn_start`.
    pub fn turn_start_for_spot_owner(&mut self, on: bool) -> bool {
        let plugin = self.plugin;
        self.game.turn_start_for_spot_owner(plugin, on)
    }

    /// Holds back (`on`) from the tile draw every tile type carrying one of
    /// `markers` (tile-level marker bits, this plugin's `my_marker`), or
    /// stops (`on` false); calling it again replaces `markers`. A draw
    /// filter given as data: the same draws as a `filter_draws` that clears
    /// those types, without a call per draw (the dragon's tiles before the
    /// first volcano). A bag holding nothing else ends the game; tiles taken
    /// face down are not held back (as with `filter_draws`). `false` only for
    /// a plugin that does not exist.
    pub fn hold_back_draws(&mut self, markers: u64, on: bool) -> bool {
        let plugin = self.plugin;
        self.game.hold_back_draws(plugin, markers, on)
    }

    /// Offers (`on`), at every figure step from now on whose placed tile
    /// carries one of `markers` (tile-level marker bits, this plugin's
    /// `my_marker`), deployments of every follower kind (a kind declared a
    /// follower) in the current player's supply onto every feature instance
    /// of the board but the placed tile's that is unfinished (a field never
    /// is) and that the kind may stand on by the shared rule: what
    /// [`Game::open_features_for`] lists, per kind. Calling it again
    /// replaces `markers`; `on` false stops the offer. A standing offer: no
    /// `figure_options` call per turn, and the options come in order with
    /// the core's own (no sort); the vetoes apply as to every option (a
    /// magic portal). `false` only for a plugin that does not exist.
    pub fn offer_open_features(&mut self, markers: u64, on: bool) -> bool {
        let plugin = self.plugin;
        self.game.offer_open_features(plugin, markers, on)
    }

    /// Closes the feature containing `f` to deployments (`closed`), or opens
    /// it again: the shared placement rule lets no figure of any kind into a
    /// closed feature, so the core offers none there and `may_deploy` says no
    /// (a tower's bare foundation), without a veto of the plugin. Joined
    /// features keep the mark. `false` for a feature that does not exist.
    pub fn close_feature(&mut self, f: FeatureId, closed: bool) -> bool {
        self.game.close_feature(f, closed)
    }

    /// Takes back this plugin's standing offers at feature instance `f`
    /// ([`Cx::offer_deployments_at`], [`Cx::offer_special_at`]). Whether it
    /// had any.
    pub fn withdraw_offers_at(&mut self, f: FeatureId) -> bool {
        let plugin = self.plugin;
        self.game.withdraw_offers_at(plugin, f)
    }

    /// Plays `tile` from the current player's hand instead of drawing (only in
    /// `turn_start`, or a decision it pushed, and only if the tile fits
    /// somewhere; a tile given at run time that fits nowhere is set aside).
    pub fn play_from_hand(&mut self, tile: TileTypeId) -> Result<bool, HookError> {
        self.game.play_from_hand(tile)
    }

    /// Whether [`Cx::play_from_hand`] would play `tile` now (the current
    /// player holds it, no tile is drawn yet, and it fits somewhere under every
    /// plugin's placement rules, judged with the tile out of the hand as the
    /// play judges it), with nothing changed: offer the play only when it can
    /// be made.
    pub fn can_play_from_hand(&mut self, tile: TileTypeId) -> Result<bool, HookError> {
        self.game.can_play_from_hand(tile)
    }
}
