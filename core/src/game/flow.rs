//! The turn pipeline: stages run in order until a player or chance must act;
//! turns granted by plugins; tiles played from a hand; the end of the game.
//! The hooks of each stage are listed in `ARCHITECTURE.md` and in the hook table.

use super::*;

/// The hooks of the stages from a figure step to the next turn's start but
/// for `after_figure`, `field_closed`, the scoring's and `turn_over`: while
/// no plugin subscribes to any of them, [`Game::advance_stages`] takes those
/// stages in one pass (`Game::plain_turn_end`; up to the draw when none
/// subscribes to `turn_start` either).
const PLAIN_TURN_END: u64 = hook::BEFORE_SCORING | hook::TURN_END;

impl Game {
    pub(super) fn flush_incoming(&mut self) {
        while let Some(s) = self.turn.incoming.pop() {
            self.turn.pending.push(s);
        }
    }

    /// [`Game::flush_incoming`] at the end of a hook dispatch, unless it ran
    /// inside a plugin's hook (`Scratch::hook_depth`):
    /// the outermost dispatch or resolution queues every step pushed in its
    /// hook point, in push order.
    #[inline(always)]
    pub(super) fn flush_outermost(&mut self) {
        if self.scratch.hook_depth == 0 {
            self.flush_incoming();
        }
    }

    /// Runs automatic stages until input is needed.
    ///
    /// The two steps of a turn that only move the stage when no plugin
    /// subscribes to their hook and no step waits — a tile drawn (to its
    /// placement, no `tile_drawn` that is not narrowed away by the type's
    /// markers) and a tile placed (to the figure step, no `before_figure`)
    /// — are taken here, inlined into the caller: the
    /// stages below would run the same and end at the same stage (the
    /// playout's draw and placement then skip the pipeline's loop).
    #[inline(always)]
    pub(super) fn advance(&mut self) -> HookResult {
        if self.turn.pending.is_empty() && self.turn.incoming.is_empty() {
            // Nobody hears the drawn tile: nobody subscribes, or every
            // subscriber narrowed it away by the tile type's markers.
            if self.turn.stage == Stage::Drawn
                && (!self.wants(hook::TILE_DRAWN) || self.rules.drawn_unheard(self.turn.drawn))
            {
                self.turn.stage = Stage::Place;
                return Ok(());
            }
            if self.turn.stage == Stage::Placed && !self.wants(hook::BEFORE_FIGURE) {
                self.turn.stage = Stage::Figure;
                return Ok(());
            }
        }
        self.advance_stages()
    }

    /// [`Game::advance`]: the pipeline's stages, run until input is needed.
    ///
    /// The stages are tested in pipeline order, one `if` each, so a turn's
    /// stages run as a chain of well-predicted branches instead of a jump table
    /// per stage; a pass ends by going round to the next turn. Before each stage
    /// the steps the hooks pushed are queued, and a pending decision stops here.
    #[inline(never)]
    fn advance_stages(&mut self) -> HookResult {
        macro_rules! ready {
            () => {
                self.flush_incoming();
                if !self.turn.pending.is_empty() && self.pending_waits()? {
                    return Ok(());
                }
            };
        }
        if self.queues_empty() {
            // A tile drawn or placed whose hook every subscriber narrowed
            // away: as in `advance`, the stage moves and nothing else happens.
            let t = TileTypeId(self.turn.drawn);
            if self.turn.stage == Stage::Drawn
                && self.all_narrowed_away(hook::TILE_DRAWN, Narrowed::Drawn(t))
            {
                self.turn.stage = Stage::Place;
                return Ok(());
            }
            if self.turn.stage == Stage::Placed
                && self.all_narrowed_away(hook::BEFORE_FIGURE, Narrowed::BeforeFigure())
            {
                self.turn.stage = Stage::Figure;
                return Ok(());
            }
        }
        // Whether `next_turn` found a drawable tile for the turn it started:
        // the draw stage then need not ask the draw filters again, unless a
        // `turn_start` hook ran in between (nothing else does).
        let mut drawable = false;
        if self.turn.stage == Stage::Figured
            && !self.wants(PLAIN_TURN_END | hook::TURN_START)
            && self.queues_empty()
        {
            match self.plain_turn_end::<false>()? {
                Some(d) => drawable = d,
                None => return Ok(()),
            }
        } else if self.turn.stage == Stage::Figured
            && !self.wants(PLAIN_TURN_END)
            && self.queues_empty()
        {
            // `turn_start` subscribed (points at a turn's start): the pass ends
            // where the next turn starts, the loop takes it from there.
            match self.plain_turn_end::<true>()? {
                Some(d) => drawable = d,
                None => return Ok(()),
            }
        }
        loop {
            if self.turn.stage == Stage::TurnStart {
                ready!();
                self.turn.stage = Stage::Draw;
                if self.switches.seated.is_empty() {
                    dispatch!(self, hook::TURN_START, |h, cx| h.turn_start(cx));
                } else if self.wants(hook::TURN_START) {
                    // Some plugin's `turn_start` is for one player's turns.
                    dispatch!(@each self, hook::TURN_START, |i| self.turn_start_skipped(i), |h, cx| h
                        .turn_start(cx));
                }
            }
            if self.turn.stage == Stage::Draw {
                ready!();
                if self.turn.drawn != NONE16 {
                    // Played from a hand during `turn_start`.
                    self.turn.stage = Stage::Drawn;
                } else if !self.turn.ending
                    && ((drawable && !self.wants(hook::TURN_START)) || self.has_drawable()?)
                {
                    return Ok(());
                } else {
                    // Nothing to draw: a granted turn once the game is ending
                    // (what a plugin completed meanwhile is still scored).
                    self.turn.stage = Stage::Score;
                }
            }
            if self.turn.stage == Stage::Drawn {
                ready!();
                self.turn.stage = Stage::Place;
                let t = TileTypeId(self.turn.drawn);
                if self.scratch.placements_for.is_some()
                    && self.wants(hook::TILE_DRAWN)
                    && !self.all_narrowed_away(hook::TILE_DRAWN, Narrowed::Drawn(t))
                {
                    // A hook may change what the drawn tile's placements
                    // depend on: they are listed again.
                    self.scratch.placements_for = None;
                }
                dispatch_narrowed!(self, hook::TILE_DRAWN, Narrowed::Drawn(t), |h, cx| h
                    .tile_drawn(cx, t));
            }
            if matches!(self.turn.stage, Stage::Place | Stage::Figure | Stage::Over) {
                ready!();
                return Ok(());
            }
            if self.turn.stage == Stage::Placed {
                ready!();
                self.turn.stage = Stage::Figure;
                dispatch_narrowed!(
                    self,
                    hook::BEFORE_FIGURE,
                    Narrowed::BeforeFigure(),
                    |h, cx| h.before_figure(cx)
                );
                continue;
            }
            if self.turn.stage == Stage::Figured {
                ready!();
                self.turn.stage = Stage::BeforeScoring;
                dispatch_narrowed!(
                    self,
                    hook::AFTER_FIGURE,
                    Narrowed::AfterFigure(),
                    |h, cx| h.after_figure(cx)
                );
            }
            if self.turn.stage == Stage::BeforeScoring {
                ready!();
                self.turn.stage = Stage::Score;
                dispatch_narrowed!(
                    self,
                    hook::BEFORE_SCORING,
                    Narrowed::BeforeScoring(),
                    |h, cx| h.before_scoring(cx)
                );
            }
            if self.turn.stage == Stage::Score {
                ready!();
                self.score_done()?;
                self.turn.stage = Stage::Closed;
            }
            if self.turn.stage == Stage::Closed {
                ready!();
                self.fields_closed()?;
                self.turn.stage = Stage::TurnEnd;
            }
            if self.turn.stage == Stage::TurnEnd {
                ready!();
                self.turn.stage = Stage::NextTurn;
                dispatch_narrowed!(self, hook::TURN_END, Narrowed::TurnEnd(), |h, cx| h
                    .turn_end(cx));
            }
            if self.turn.stage == Stage::NextTurn {
                ready!();
                drawable = self.next_turn()?;
            }
            if self.turn.stage == Stage::Ending {
                ready!();
                self.turn.stage = Stage::Final;
                dispatch!(self, hook::GAME_ENDING, |h, cx| h.game_ending(cx));
            }
            if self.turn.stage == Stage::Final {
                // The decisions pushed in `game_ending` are resolved first; the
                // turns granted there or by those decisions are played next.
                ready!();
                if !self.turn.granted.is_empty() {
                    self.turn.stage = Stage::NextTurn;
                    continue;
                }
                self.turn.stage = Stage::LastCall;
                dispatch!(self, hook::BEFORE_FINAL_SCORING, |h, cx| h
                    .before_final_scoring(cx));
            }
            if self.turn.stage == Stage::LastCall {
                // The same for the decisions pushed in `before_final_scoring`.
                ready!();
                if !self.turn.granted.is_empty() {
                    self.turn.stage = Stage::NextTurn;
                    continue;
                }
                self.turn.stage = Stage::Over;
                self.final_scoring()?;
                dispatch!(self, hook::FINAL_SCORING, |h, cx| h.final_scoring(cx));
                self.emit(|| Event::GameOver);
            }
        }
    }

    /// The stages from the figure step to the next turn's start in one
    /// pass, while no plugin subscribes to the hooks of the stages between
    /// but for `after_figure` and `field_closed` (`PLAIN_TURN_END`, and
    /// `turn_start` unless `STARTS`): each test of theirs known. Where a
    /// hook pushes a step, the loop of [`Game::advance_stages`] takes over
    /// at the stage whose `ready!` would see it. `None`: a regular turn
    /// with a drawable tile started and its draw waits (never with
    /// `STARTS`: the loop runs the `turn_start` hooks first); else whether
    /// `next_turn` found a drawable tile.
    #[inline(always)]
    fn plain_turn_end<const STARTS: bool>(&mut self) -> Result<Option<bool>, HookError> {
        let hooks = if STARTS {
            PLAIN_TURN_END
        } else {
            PLAIN_TURN_END | hook::TURN_START
        };
        self.turn.stage = Stage::BeforeScoring;
        dispatch_narrowed!(
            self,
            hook::AFTER_FIGURE,
            Narrowed::AfterFigure(),
            |h, cx| h.after_figure(cx)
        );
        // A hook may switch one of the pass's hooks on (a plugin's
        // `set_hook_enabled`): the loop then takes the stages.
        if !self.queues_empty() || self.turn.stage != Stage::BeforeScoring || self.wants(hooks) {
            return Ok(Some(false));
        }
        self.turn.stage = Stage::Score;
        self.score_done()?;
        self.turn.stage = Stage::Closed;
        if !self.queues_empty() {
            return Ok(Some(false));
        }
        self.fields_closed()?;
        self.turn.stage = Stage::TurnEnd;
        if !self.queues_empty() || self.wants(hooks) {
            return Ok(Some(false));
        }
        self.turn.stage = Stage::NextTurn;
        let drawable = self.next_turn()?;
        if !STARTS && drawable && self.turn.stage == Stage::TurnStart {
            // A regular turn with a drawable tile: the draw waits.
            self.turn.stage = Stage::Draw;
            return Ok(None);
        }
        Ok(Some(drawable))
    }

    /// The score stage: scores this turn's completed features in order.
    ///
    /// By index (`turn.scored`): a hook may withhold a feature not scored
    /// yet (`Cx::withhold_feature` takes it out of `done`), and a feature a
    /// plugin completes while these are scored (a feature added to a tile)
    /// is scored in this loop too. A road, city or field a plugin opened
    /// again since it was queued (a feature added to a tile joined it to an
    /// open side) is no longer complete: it leaves the queue unscored, to be
    /// queued again if it is completed later.
    #[inline(always)]
    fn score_done(&mut self) -> HookResult {
        while let Some(&r) = self.turn.done.get(usize::from(self.turn.scored)) {
            if self.reopened(r) {
                self.turn.done.remove(usize::from(self.turn.scored));
                continue;
            }
            self.turn.scored += 1;
            self.score_feature(r, ScoreReason::Completed)?;
        }
        Ok(())
    }

    /// Whether queued feature `r` (a road, city or field) has an open side
    /// again.
    #[inline(always)]
    fn reopened(&self, r: FeatureId) -> bool {
        let root = self.feats.root(r.0);
        let ft = &self.feats.recs[usize::from(root)];
        ft.open != 0 && ft.kind.closes()
    }

    /// The closed-field stage: the `field_closed` hooks for each field this
    /// turn closed that is still closed, in order.
    #[inline(always)]
    fn fields_closed(&mut self) -> HookResult {
        if self.wants(hook::FIELD_CLOSED) {
            let mut i = 0;
            while let Some(&f) = self.turn.closed.get(i) {
                i += 1;
                // A field a plugin opened again since (a field feature added
                // to a tile) is not closed.
                if self.reopened(f) {
                    continue;
                }
                dispatch!(self, hook::FIELD_CLOSED, |h, cx| h.field_closed(cx, f));
            }
        }
        Ok(())
    }

    /// Whether no step waits to be queued or resolved (what `ready!` of
    /// [`Game::advance_stages`] tests).
    #[inline(always)]
    fn queues_empty(&self) -> bool {
        self.turn.pending.is_empty() && self.turn.incoming.is_empty()
    }

    /// Drops the steps on top of the pending ones that can no longer be
    /// taken, and tells whether a step still waits. Called whenever steps
    /// are pending before the pipeline goes on. Dropped: a face-up draw
    /// while the bag holds nothing drawable (the lot stays short), and a
    /// plugin's decision that lists no option now ([`Game::lapses`]).
    #[inline(never)]
    pub(super) fn pending_waits(&mut self) -> Result<bool, HookError> {
        while let Some(&s) = self.turn.pending.last() {
            if Self::is_public_draw(&s) {
                if self.has_drawable()? {
                    return Ok(true);
                }
                self.drop_public_draw(s);
            } else if self.lapses(s)? {
                self.turn.pending.pop();
            } else {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether pending step `s` is a decision whose plugin lists its options
    /// when it comes ([`Game::may_lapse`]) and lists none now: it lapses,
    /// dropped without a `resolve_step` (what it asked about is gone: a
    /// decision about a figure that an earlier step took off the board).
    fn lapses(&mut self, s: Step) -> Result<bool, HookError> {
        if !Self::may_lapse(&s) {
            return Ok(false);
        }
        let mut codes = std::mem::take(&mut self.scratch.codes);
        let r = self.step_options_into(s, &mut codes);
        let none = codes.is_empty();
        self.scratch.codes = codes;
        // Kept for the random playout's pick (`step_random_listed`).
        self.scratch.listed = r.is_ok().then_some((self.turn.pending.len(), s));
        r.map(|()| none)
    }

    /// Whether pending step `s` may lapse: a plugin's decision pushed
    /// without its options (`push_decision`; one pushed with them,
    /// `push_decision_among`, always has one).
    #[inline(always)]
    fn may_lapse(s: &Step) -> bool {
        !s.chance && s.among == 0 && s.owner != CORE_OWNER
    }

    /// After a plugin's step was resolved (the steps it pushed queued):
    /// whether the next pending step waits for input, so that
    /// [`Game::advance`] would do nothing (with a step pending, every stage's
    /// `ready!` stops at once unless the step is a face-up draw or a
    /// decision that may lapse, which may be dropped). A movement of several
    /// decisions in a row goes from step to step without the pipeline.
    #[inline(always)]
    pub(super) fn next_step_waits(&self) -> bool {
        self.turn.incoming.is_empty()
            && self
                .turn
                .pending
                .last()
                .is_some_and(|s| !Self::is_public_draw(s) && !Self::may_lapse(s))
    }

    /// Starts the next turn: a granted one, else the next player's, else the end.
    /// When no granted turn waits and a turn was played since the `turn_over`
    /// hooks last ran, they run first (the stage stays: their steps are resolved,
    /// and the turns they grant played, before the next regular turn). Returns
    /// whether it started a regular turn, having found a drawable tile for it.
    fn next_turn(&mut self) -> Result<bool, HookError> {
        if !self.turn.over && self.turn.granted.is_empty() && self.wants(hook::TURN_OVER) {
            self.turn.over = true;
            dispatch!(self, hook::TURN_OVER, |h, cx| h.turn_over(cx));
            return Ok(false);
        }
        self.turn.done.clear();
        self.turn.scored = 0;
        self.turn.closed.clear();
        self.turn.drawn = NONE16;
        self.turn.drawn_fits = 0;
        let mut regular = false;
        if !self.turn.granted.is_empty() {
            let (p, plugin) = self.turn.granted.remove(0);
            if self.turn.number >= self.rules.max_turns() {
                return Err(self.too_many_turns(plugin));
            }
            self.turn.current = p;
            self.turn.granted_by = plugin;
            self.turn.granted_played = self.turn.granted_played.saturating_add(1);
        } else if self.turn.ending || !self.has_drawable_next()? {
            self.turn.ending = true;
            self.turn.stage = Stage::Ending;
            return Ok(false);
        } else {
            regular = true;
            // The next seat (no division on the playout path).
            self.turn.rotation = self.turn.rotation.next_in(self.players);
            self.turn.current = self.turn.rotation;
            self.turn.granted_by = CORE_OWNER;
        }
        // The last placed tile stays known until a new turn starts (the board
        // of a finished game shows it).
        self.turn.last_tile = NONE16;
        self.turn.piece = Piece::NONE;
        self.turn.over = false;
        self.turn.number = self.turn.number.saturating_add(1);
        self.turn.stage = Stage::TurnStart;
        let (player, turn) = (self.turn.current, self.turn.number);
        self.emit(|| Event::TurnStarted { player, turn });
        Ok(regular)
    }

    /// Grants `player` a turn right after the current one (before the next regular
    /// turn; several grants run in order). `plugin` is the granting plugin.
    pub(crate) fn grant_turn(&mut self, player: PlayerId, plugin: u8) -> bool {
        if player.seat() >= self.players || self.turn.granted.len() >= 64 {
            return false;
        }
        self.turn.granted.push((player, plugin));
        true
    }

    /// Plays tile type `tile` from the current player's hand instead of drawing:
    /// only before this turn's draw (in `turn_start` or a decision it pushed), and
    /// only if the tile fits somewhere. Returns whether it was played. A tile
    /// given at run time (`Cx::give_lot_tile`, played first) that fits nowhere
    /// is set aside; a tile dealt at setup stays in the hand.
    pub(crate) fn play_from_hand(&mut self, tile: TileTypeId) -> Result<bool, HookError> {
        self.hand_play(tile, true)
    }

    /// Whether [`Game::play_from_hand`] would play tile type `tile` now,
    /// judged as it judges (the tile taken out of the hand while its
    /// placements are counted), with nothing changed: for a plugin that
    /// offers the play only when it can be made.
    pub(crate) fn can_play_from_hand(&mut self, tile: TileTypeId) -> Result<bool, HookError> {
        self.hand_play(tile, false)
    }

    /// [`Game::play_from_hand`] (`play`), or only its answer. The tile is
    /// judged out of the hand, as a drawn tile is out of the bag when its
    /// placements are counted: the placement list is made in that state, and
    /// a placement rule reading the hands must see the same hands in both.
    fn hand_play(&mut self, tile: TileTypeId, play: bool) -> Result<bool, HookError> {
        if self.turn.stage != Stage::Draw || self.turn.drawn != NONE16 {
            return Ok(false);
        }
        let me = self.turn.current;
        let given = self.bag.given.iter().position(|&h| h == (me, tile));
        let (i, dealt) = match given {
            Some(i) => (i, false),
            None => match self.bag.hands.iter().position(|&h| h == (me, tile)) {
                Some(i) => (i, true),
                None => return Ok(false),
            },
        };
        // The hand the tile is in: dealt at setup, or given at run time.
        fn held(bag: &mut Bag, dealt: bool) -> &mut Vec<(PlayerId, TileTypeId)> {
            if dealt {
                &mut bag.hands
            } else {
                &mut bag.given
            }
        }
        held(&mut self.bag, dealt).remove(i);
        // A list made now is not the drawn tile's.
        self.scratch.placements_for = None;
        let fits = match self.hand_tile_fits(tile) {
            Ok(n) => n,
            Err(e) => {
                held(&mut self.bag, dealt).insert(i, (me, tile));
                return Err(e);
            }
        };
        if play && fits > 0 {
            self.turn.drawn = tile.0;
            self.turn.drawn_fits = fits;
            self.emit(|| Event::TilePlayedFromHand { player: me, tile });
            return Ok(true);
        }
        if play && !dealt && fits == 0 {
            self.bag.set_aside.push(tile);
            self.emit(|| Event::TileSetAside { tile });
        } else {
            held(&mut self.bag, dealt).insert(i, (me, tile));
        }
        Ok(!play && fits > 0)
    }

    /// Whether tile type `tile`, played from a hand, fits somewhere: its
    /// `drawn_fits` ([`Game::unplain_fits`] where a plugin adds or filters
    /// its placements; the list is built for the placement, after the hook
    /// that played the tile is done with the state).
    fn hand_tile_fits(&mut self, tile: TileTypeId) -> Result<u32, HookError> {
        if self.plain_placement(tile) {
            return self.drawn_placement_count(tile);
        }
        Ok(self.unplain_fits(tile)?.0)
    }

    /// The `drawn_fits` of tile type `tile` (drawn or played from a hand)
    /// where a plugin adds or filters its placements, and whether its list
    /// was made for it (`Scratch::placements`). A tile that plugins only add
    /// placements to (no plugin filters its placements) fits when plain
    /// matching places it somewhere: its plain count says so without
    /// listing the plugins' placements, which are listed for the placement
    /// (after the hooks between the draw and the placement, e.g.
    /// `tile_drawn`, which may change what they depend on and would have
    /// the list made again). Otherwise its legal placements are listed and
    /// counted.
    #[inline(never)]
    pub(super) fn unplain_fits(&mut self, tile: TileTypeId) -> Result<(u32, bool), HookError> {
        let unfiltered = !self.wants(hook::FILTER_PLACEMENTS)
            || self.all_narrowed_away(hook::FILTER_PLACEMENTS, Narrowed::Placements(tile));
        if unfiltered {
            let plain = self.plain_placement_count(tile);
            if plain > 0 {
                return Ok((plain, false));
            }
        }
        Ok((self.drawn_placement_count(tile)?, true))
    }

    /// Ends the game now, at a turn boundary, as if the bag were empty: the
    /// `game_ending` hooks run (a plugin may still grant turns), then final scoring.
    /// For scenario fixtures and "what if the game stopped here". A plugin failure
    /// leaves the game unchanged.
    pub fn end_now(&mut self) -> Result<(), GameError> {
        let backup = self.clone();
        if let Err(e) = self.end_now_unchecked() {
            *self = backup;
            return Err(e);
        }
        Ok(())
    }

    /// [`Game::end_now`] without the backup copy, for a copy the caller throws
    /// away (search bots): a plugin failure leaves the state undefined.
    pub fn end_now_unchecked(&mut self) -> Result<(), GameError> {
        let boundary =
            matches!(self.turn.stage, Stage::Draw | Stage::TurnStart) && self.turn.drawn == NONE16;
        if !boundary || !self.turn.pending.is_empty() {
            return Err(GameError::Illegal {
                action: "end".into(),
                reason: "the game can only end between turns".into(),
            });
        }
        self.scratch.placements_for = None;
        self.turn.ending = true;
        self.turn.stage = Stage::Ending;
        self.advance().map_err(GameError::from)
    }
}
