//! The turn pipeline: stages run in order until a player or chance must act;
//! turns granted by plugins; tiles played from a hand; the end of the game.
//! The hooks of each stage are listed in `ARCHITECTURE.md` and in the hook table.

use super::*;

impl Game {
    pub(super) fn flush_incoming(&mut self) {
        while let Some(s) = self.incoming.pop() {
            self.pending.push(s);
        }
    }

    /// Runs automatic stages until input is needed.
    ///
    /// The stages are tested in pipeline order, one `if` each, so a turn's
    /// stages run as a chain of well-predicted branches instead of a jump table
    /// per stage; a pass ends by going round to the next turn. Before each stage
    /// the steps the hooks pushed are queued, and a pending decision stops here.
    pub(super) fn advance(&mut self) -> HookResult {
        macro_rules! ready {
            () => {
                self.flush_incoming();
                if !self.pending.is_empty() {
                    return Ok(());
                }
            };
        }
        loop {
            if self.stage == Stage::TurnStart {
                ready!();
                self.stage = Stage::Draw;
                dispatch!(self, hook::TURN_START, |h, cx| h.turn_start(cx));
            }
            if self.stage == Stage::Draw {
                ready!();
                if self.drawn != NONE16 {
                    // Played from a hand during `turn_start`.
                    self.stage = Stage::Drawn;
                } else if !self.ending && self.has_drawable()? {
                    return Ok(());
                } else {
                    // Nothing to draw: a granted turn once the game is ending.
                    self.stage = Stage::TurnEnd;
                }
            }
            if self.stage == Stage::Drawn {
                ready!();
                self.stage = Stage::Place;
                let t = TileTypeId(self.drawn);
                dispatch_narrowed!(self, hook::TILE_DRAWN, Narrowed::Drawn(t), |h, cx| h
                    .tile_drawn(cx, t));
            }
            if matches!(self.stage, Stage::Place | Stage::Figure | Stage::Over) {
                ready!();
                return Ok(());
            }
            if self.stage == Stage::Placed {
                ready!();
                self.stage = Stage::Figure;
                dispatch_narrowed!(self, hook::BEFORE_FIGURE, Narrowed::FigureStep, |h, cx| h
                    .before_figure(cx));
                continue;
            }
            if self.stage == Stage::Figured {
                ready!();
                self.stage = Stage::BeforeScoring;
                dispatch_narrowed!(self, hook::AFTER_FIGURE, Narrowed::FigureStep, |h, cx| h
                    .after_figure(cx));
            }
            if self.stage == Stage::BeforeScoring {
                ready!();
                self.stage = Stage::Score;
                dispatch!(self, hook::BEFORE_SCORING, |h, cx| h.before_scoring(cx));
            }
            if self.stage == Stage::Score {
                ready!();
                self.stage = Stage::Closed;
                for i in 0..self.done.len() {
                    let r = self.done[i];
                    self.score_feature(r, ScoreReason::Completed)?;
                }
            }
            if self.stage == Stage::Closed {
                ready!();
                self.stage = Stage::TurnEnd;
                if self.wants(hook::FIELD_CLOSED) {
                    for i in 0..self.closed.len() {
                        let f = self.closed[i];
                        dispatch!(self, hook::FIELD_CLOSED, |h, cx| h.field_closed(cx, f));
                    }
                }
            }
            if self.stage == Stage::TurnEnd {
                ready!();
                self.stage = Stage::NextTurn;
                dispatch!(self, hook::TURN_END, |h, cx| h.turn_end(cx));
            }
            if self.stage == Stage::NextTurn {
                ready!();
                self.next_turn()?;
            }
            if self.stage == Stage::Ending {
                ready!();
                dispatch!(self, hook::GAME_ENDING, |h, cx| h.game_ending(cx));
                self.stage = if self.granted.is_empty() {
                    Stage::Final
                } else {
                    Stage::NextTurn
                };
            }
            if self.stage == Stage::Final {
                ready!();
                self.stage = Stage::Over;
                self.final_scoring()?;
                dispatch!(self, hook::FINAL_SCORING, |h, cx| h.final_scoring(cx));
                self.emit(|| Event::GameOver);
            }
        }
    }

    /// Starts the next turn: a granted one, else the next player's, else the end.
    fn next_turn(&mut self) -> HookResult {
        self.done.clear();
        self.closed.clear();
        self.drawn = NONE16;
        self.drawn_fits = 0;
        if !self.granted.is_empty() {
            let (p, plugin) = self.granted.remove(0);
            if self.turn >= self.rules.max_turns() {
                return Err(self.too_many_turns(plugin));
            }
            self.current = p;
            self.granted_by = plugin;
            self.granted_played = self.granted_played.saturating_add(1);
        } else if self.ending || !self.has_drawable()? {
            self.ending = true;
            self.stage = Stage::Ending;
            return Ok(());
        } else {
            // The next seat (no division on the playout path).
            let next = self.rotation + 1;
            self.rotation = if next >= self.players { 0 } else { next };
            self.current = self.rotation;
            self.granted_by = CORE_OWNER;
        }
        // The last placed tile stays known until a new turn starts (the board
        // of a finished game shows it).
        self.last_tile = NONE16;
        self.turn = self.turn.saturating_add(1);
        self.stage = Stage::TurnStart;
        let (player, turn) = (self.current, self.turn);
        self.emit(|| Event::TurnStarted { player, turn });
        Ok(())
    }

    /// The error for a turn granted by plugin `plugin` beyond [`Rules::max_turns`].
    #[cold]
    fn too_many_turns(&self, plugin: u8) -> HookError {
        HookError {
            plugin: self
                .rules
                .plugins
                .get(plugin as usize)
                .map_or_else(|| "?".into(), |p| p.decl.id.clone()),
            hook: "grant_turn",
            message: format!(
                "it granted turn {}, beyond the limit of {} turns for a game of {} tiles ({} per tile and {}): it keeps granting turns",
                u32::from(self.turn) + 1,
                self.rules.max_turns(),
                self.rules.max_tiles,
                crate::rules::TURNS_PER_TILE,
                crate::rules::TURN_MARGIN
            ),
        }
    }

    /// Whether the bag holds a tile the plugins let be drawn now.
    #[inline]
    pub(super) fn has_drawable(&mut self) -> Result<bool, HookError> {
        if self.bag.is_empty() {
            return Ok(false);
        }
        if !self.wants(hook::FILTER_DRAWS) {
            return Ok(true);
        }
        self.has_drawable_filtered()
    }

    /// [`Game::has_drawable`] when plugins filter the draws.
    fn has_drawable_filtered(&mut self) -> Result<bool, HookError> {
        let mut keep = std::mem::take(&mut self.scratch.keep);
        let r = self.drawable_types(&mut keep);
        let any = keep.iter().any(|&k| k);
        self.scratch.keep = keep;
        r.map(|_| any)
    }

    /// Fills `scratch.types` with the distinct tile types in the bag and `keep`
    /// with whether each may be drawn now (the plugins' `filter_draws`).
    pub(super) fn drawable_types(&mut self, keep: &mut Vec<bool>) -> HookResult {
        let mut types = std::mem::take(&mut self.scratch.types);
        types.clear();
        types.extend_from_slice(&self.bag);
        types.sort_unstable();
        types.dedup();
        keep.clear();
        keep.resize(types.len(), true);
        let r = (|| {
            dispatch_view!(self, hook::FILTER_DRAWS, |h, v| h
                .filter_draws(v, &types, keep));
            Ok(())
        })();
        self.scratch.types = types;
        r
    }

    /// Draws bag entry `i` (the tile draw chance event).
    pub(super) fn draw_at(&mut self, i: usize) -> HookResult {
        let t = self.bag.swap_remove(i);
        let player = self.current;
        self.emit(|| Event::TileDrawn { player, tile: t });
        let fits = self.drawn_placement_count(t)?;
        if fits > 0 {
            self.drawn = t.0;
            self.drawn_fits = fits;
            self.stage = Stage::Drawn;
        } else {
            self.set_aside.push(t);
            self.emit(|| Event::TileSetAside { tile: t });
        }
        Ok(())
    }

    /// Grants `player` a turn right after the current one (before the next regular
    /// turn; several grants run in order). `plugin` is the granting plugin.
    pub(crate) fn grant_turn(&mut self, player: PlayerId, plugin: u8) -> bool {
        if player >= self.players || self.granted.len() >= 64 {
            return false;
        }
        self.granted.push((player, plugin));
        true
    }

    /// Plays tile type `tile` from the current player's hand instead of drawing:
    /// only before this turn's draw (in `turn_start` or a decision it pushed), and
    /// only if the tile fits somewhere. Returns whether it was played.
    pub(crate) fn play_from_hand(&mut self, tile: TileTypeId) -> Result<bool, HookError> {
        if self.stage != Stage::Draw || self.drawn != NONE16 {
            return Ok(false);
        }
        let me = self.current;
        let Some(i) = self.hands.iter().position(|&h| h == (me, tile)) else {
            return Ok(false);
        };
        let fits = self.drawn_placement_count(tile)?;
        if fits == 0 {
            return Ok(false);
        }
        self.hands.remove(i);
        self.drawn = tile.0;
        self.drawn_fits = fits;
        self.emit(|| Event::TilePlayedFromHand { player: me, tile });
        Ok(true)
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
        let boundary = matches!(self.stage, Stage::Draw | Stage::TurnStart) && self.drawn == NONE16;
        if !boundary || !self.pending.is_empty() {
            return Err(GameError::Illegal {
                action: "end".into(),
                reason: "the game can only end between turns".into(),
            });
        }
        self.ending = true;
        self.stage = Stage::Ending;
        self.advance().map_err(GameError::from)
    }
}
