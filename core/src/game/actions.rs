//! Acting on a game: who acts, the legal actions in canonical order, applying an
//! action (checked and transactional, or unchecked for playouts), chance events
//! and their outcomes, and the random playout step.

use super::*;

/// A uniformly random element; an error if a plugin offered no option at all.
#[inline]
fn pick<T: Copy>(options: &[T], rng: &mut Rng) -> Result<T, GameError> {
    let i = rng.below(options.len() as u32) as usize;
    options.get(i).copied().ok_or_else(no_option)
}

impl Game {
    /// [`pick`] from the drawn tile's list ([`Game::list_placements`]): the
    /// plain placements not listed come first.
    fn pick_listed(&self, rng: &mut Rng) -> Result<Placement, GameError> {
        let plain = self.scratch.placements_plain;
        let listed = &self.scratch.placements;
        let n = plain + listed.len() as u32;
        let i = rng.below(n);
        if i < plain {
            self.nth_plain_placement(TileTypeId(self.turn.drawn), i, plain)
        } else {
            listed.get((i - plain) as usize).copied()
        }
        .ok_or_else(no_option)
    }
}

/// The error of [`pick`] from no option.
#[cold]
fn no_option() -> GameError {
    GameError::Illegal {
        action: "random choice".into(),
        reason: "the pending decision has no option".into(),
    }
}

/// The error of a playout step on a state a failed plugin left inconsistent.
/// Cold, like [`Game::illegal`]: the error paths are laid out away from the
/// playout's loop.
#[cold]
pub(super) fn broken(what: &str) -> GameError {
    GameError::Illegal {
        action: what.into(),
        reason: "the game is in an inconsistent state (a plugin failed in a playout)".into(),
    }
}

impl Game {
    /// Who must act now. (A game left inconsistent by a failed playout step reports
    /// `GameOver`.)
    pub fn actor(&self) -> Actor {
        if let Some(s) = self.turn.pending.last() {
            return if s.chance {
                Actor::Chance
            } else {
                Actor::Player(s.player)
            };
        }
        match self.turn.stage {
            Stage::Draw => Actor::Chance,
            Stage::Place | Stage::Figure => Actor::Player(self.turn.current),
            _ => Actor::GameOver,
        }
    }

    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.turn.stage == Stage::Over
    }

    /// Chance outcomes of the current chance event as `(outcome, weight)`; their
    /// probabilities are `weight / sum of weights`. Empty if no chance event is pending.
    pub fn chance_outcomes(&self) -> Result<Vec<(u32, u32)>, GameError> {
        let mut out = Vec::new();
        self.chance_outcomes_into(&mut out)?;
        Ok(out.into_iter().map(|o| (o.code, o.weight)).collect())
    }

    pub(super) fn chance_outcomes_into(&self, out: &mut Vec<Outcome>) -> Result<(), GameError> {
        out.clear();
        match self.turn.pending.last() {
            Some(s) if s.chance => {
                if s.owner == CORE_OWNER {
                    // A face-down tile: any tile of the bag, draw filters do not
                    // apply; a face-up one: a tile the filters let be drawn.
                    self.bag_outcomes(out, Self::is_public_draw(s))?;
                } else if let Some(p) = self.rules.plugins.get(usize::from(s.owner)) {
                    p.hooks.step_outcomes(
                        &View {
                            game: self,
                            plugin: s.owner,
                        },
                        *s,
                        out,
                    )?;
                }
            }
            Some(_) => {}
            None if self.turn.stage == Stage::Draw => self.bag_outcomes(out, true)?,
            None => {}
        }
        Ok(())
    }

    /// Legal actions of the current actor in canonical order (chance: the outcomes).
    pub fn legal_actions(&self) -> Result<Vec<Action>, GameError> {
        let mut out = Vec::new();
        match self.actor() {
            Actor::GameOver => {}
            Actor::Chance => {
                let mut o = Vec::new();
                self.chance_outcomes_into(&mut o)?;
                out.extend(o.into_iter().map(|o| Action::Chance(o.code)));
            }
            Actor::Player(_) => {
                if let Some(s) = self.turn.pending.last() {
                    let mut codes = Vec::new();
                    self.step_options_into(*s, &mut codes)?;
                    out.extend(codes.into_iter().map(Action::Choose));
                } else if self.turn.stage == Stage::Place {
                    let mut p = Vec::new();
                    self.placements_into(TileTypeId(self.turn.drawn), &mut p, &mut Vec::new())?;
                    p.sort_unstable();
                    out.extend(p.into_iter().map(Action::Place));
                } else {
                    let mut o = Vec::new();
                    self.figure_options_into(&mut o)?;
                    out.extend(o.into_iter().map(Action::Figure));
                }
            }
        }
        Ok(out)
    }

    /// The options of decision `s` into `out`: the set bits of its
    /// [`Step::among`], else its plugin's `step_options` (in its order; the
    /// conformance kit refuses a code listed twice).
    pub(super) fn step_options_into(&self, s: Step, out: &mut Vec<u32>) -> HookResult {
        out.clear();
        if s.among != 0 {
            out.extend((0..16).filter(|v| s.among & 1 << v != 0));
            return Ok(());
        }
        if let Some(p) = self.rules.plugins.get(usize::from(s.owner)) {
            p.hooks.step_options(
                &View {
                    game: self,
                    plugin: s.owner,
                },
                s,
                out,
            )?;
        }
        Ok(())
    }

    /// Applies an action of the current actor. An illegal action, or a plugin
    /// failure, returns an error and leaves the state unchanged.
    pub fn apply(&mut self, action: Action) -> Result<(), GameError> {
        self.check_legal(action)?;
        if self.rules.plugins.is_empty() {
            return self.apply_unchecked(action);
        }
        let backup = self.clone();
        if let Err(e) = self.apply_unchecked(action) {
            *self = backup;
            return Err(e);
        }
        Ok(())
    }

    /// Whether [`Game::apply`] would take `action` now, without applying it:
    /// the error it would return for an illegal action (the scenarios'
    /// `offered` and `refused` steps).
    pub fn check_action(&self, action: Action) -> Result<(), GameError> {
        self.check_legal(action)
    }

    #[cold]
    fn illegal(&self, action: Action, reason: impl Into<String>) -> GameError {
        GameError::Illegal {
            action: format!("`{}`", self.format_action(action)),
            reason: reason.into(),
        }
    }

    fn check_legal(&self, action: Action) -> Result<(), GameError> {
        match (self.actor(), action) {
            (Actor::GameOver, _) => Err(GameError::GameOver),
            (Actor::Chance, Action::Chance(c)) => {
                let mut o = Vec::new();
                self.chance_outcomes_into(&mut o)?;
                if o.iter().any(|x| x.code == c && x.weight > 0) {
                    Ok(())
                } else {
                    Err(self.illegal(action, self.outcome_problem(c, &o)))
                }
            }
            (Actor::Chance, _) => {
                Err(self.illegal(action, "a chance event must be resolved first"))
            }
            (Actor::Player(_), Action::Chance(_)) => {
                Err(self.illegal(action, "it is a player's decision, not a chance event"))
            }
            (Actor::Player(_), a) => {
                if let Some(s) = self.turn.pending.last() {
                    let Action::Choose(c) = a else {
                        return Err(self.illegal(action, "a plugin decision is pending"));
                    };
                    let mut codes = Vec::new();
                    self.step_options_into(*s, &mut codes)?;
                    return if codes.contains(&c) {
                        Ok(())
                    } else {
                        Err(self.illegal(action, self.decision_problem(&codes)))
                    };
                }
                match (self.turn.stage, a) {
                    (Stage::Place, Action::Place(p)) => {
                        let mut v = Vec::new();
                        self.placements_into(TileTypeId(self.turn.drawn), &mut v, &mut Vec::new())?;
                        if v.contains(&p) {
                            Ok(())
                        } else {
                            Err(self.illegal(action, self.placement_problem(p)))
                        }
                    }
                    (Stage::Figure, Action::Figure(o)) => {
                        let mut v = Vec::new();
                        self.figure_options_into(&mut v)?;
                        if v.contains(&o) {
                            Ok(())
                        } else {
                            Err(self.illegal(action, self.figure_problem(o)))
                        }
                    }
                    (Stage::Place, _) => Err(self.illegal(action, "the drawn tile must be placed")),
                    _ => Err(self.illegal(action, "a figure decision is expected")),
                }
            }
        }
    }

    /// Applies an action without checking that it is legal (playouts over actions
    /// taken from [`Game::legal_actions`]). An action that cannot be carried out, or
    /// a plugin failure, returns an error and leaves the state undefined (discard
    /// the game); use [`Game::apply`] when that matters.
    pub fn apply_unchecked(&mut self, action: Action) -> Result<(), GameError> {
        // Any action may change what the placements depend on (the list,
        // if valid, still serves the placement that follows).
        let listed = self.scratch.placements_for.take() == Some(self.turn.drawn);
        self.scratch.draws_kept = false;
        self.scratch.listed = None;
        match action {
            Action::Chance(c) => {
                if let Some(s) = self.turn.pending.pop() {
                    if s.owner == CORE_OWNER {
                        let i = self
                            .bag
                            .tiles
                            .iter()
                            .position(|&t| u32::from(t) == c)
                            .ok_or_else(|| self.illegal(action, "no such tile in the bag"))?;
                        if Self::is_public_draw(&s) {
                            self.draw_into_lot(s, i);
                        } else {
                            let t = self.bag.take(i);
                            self.bag.hidden.push(t);
                            self.emit(|| Event::TileHidden { tile: t });
                        }
                    } else {
                        self.resolve(s, c)?;
                        if self.next_step_waits() {
                            return Ok(());
                        }
                    }
                } else {
                    let i = self
                        .bag
                        .tiles
                        .iter()
                        .position(|&t| u32::from(t) == c)
                        .ok_or_else(|| self.illegal(action, "no such tile in the bag"))?;
                    self.draw_at(i)?;
                }
            }
            Action::Choose(c) => {
                let s = self
                    .turn
                    .pending
                    .pop()
                    .ok_or_else(|| self.illegal(action, "no decision is pending"))?;
                self.resolve(s, c)?;
                if self.next_step_waits() {
                    return Ok(());
                }
            }
            Action::Place(p) => {
                if p == Placement::SET_ASIDE {
                    // `place_drawn` advances itself after a set-aside tile.
                    return self.place_drawn(action, p, listed);
                }
                self.place_drawn(action, p, listed)?;
            }
            Action::Figure(o) => self.choose_figure(action, o)?,
        }
        self.advance()?;
        Ok(())
    }

    /// [`Game::apply_unchecked`] of placement `p` of the drawn tile (`action`
    /// names it in an error; `listed`: the placements were listed for this
    /// state), up to the stage after it; the caller advances, but for a tile
    /// set aside, which advances here. Inlined into the playout's loop.
    #[inline(always)]
    fn place_drawn(&mut self, action: Action, p: Placement, listed: bool) -> Result<(), GameError> {
        if self.turn.stage != Stage::Place || self.turn.drawn == NONE16 {
            return Err(self.illegal(action, "no tile to place"));
        }
        let (player, tile) = (self.turn.current, TileTypeId(self.turn.drawn));
        self.turn.drawn = NONE16;
        self.turn.drawn_fits = 0;
        if p.piece.is_none() {
            self.place_tile(tile, p.pos, p.rot)?;
        } else if p == Placement::SET_ASIDE {
            self.set_drawn_aside(tile);
            return self.advance().map_err(GameError::from);
        } else if !self.place_with_piece(tile, p, listed)? {
            return Err(self.illegal(action, "no plugin offers this piece there"));
        }
        self.turn.piece = p.piece;
        self.emit(|| Event::TilePlaced {
            player,
            tile,
            pos: p.pos,
            rot: p.rot,
            piece: p.piece,
        });
        self.turn.stage = Stage::Placed;
        let ti = TileIndex(self.turn.last_tile);
        dispatch_narrowed!(self, hook::TILE_PLACED, Narrowed::Placed(ti), |h, cx| h
            .tile_placed(cx, ti));
        Ok(())
    }

    /// [`Game::apply_unchecked`] of figure option `o` (`action` names it in
    /// an error), up to the stage after it; the caller advances. Inlined into
    /// the playout's loop.
    #[inline(always)]
    fn choose_figure(&mut self, action: Action, o: FigureOption) -> Result<(), GameError> {
        if self.turn.stage != Stage::Figure {
            return Err(self.illegal(action, "no figure step now"));
        }
        if let FigureOption::Deploy { kind, at } = o {
            self.deploy(self.turn.current, kind, at)
                .ok_or_else(|| self.illegal(action, "no such figure in the supply"))?;
        }
        self.turn.stage = Stage::Figured;
        if matches!(o, FigureOption::Special { .. }) && !self.offers.spots.is_empty() {
            self.carry_to_spot(o)?;
        }
        dispatch_narrowed!(self, hook::FIGURE_CHOSEN, Narrowed::Chosen(o), |h, cx| h
            .figure_chosen(cx, o));
        Ok(())
    }

    /// Resolves a plugin step with `value`.
    fn resolve(&mut self, s: Step, value: u32) -> HookResult {
        self.count_step(s)?;
        let rules = self.lend_rules();
        if let Some(p) = rules.plugins.get(usize::from(s.owner)) {
            self.scratch.hook_depth += 1;
            let r = p.hooks.resolve_step(
                &mut Cx {
                    game: self,
                    plugin: s.owner,
                },
                s,
                value,
            );
            self.scratch.hook_depth -= 1;
            r?;
        }
        self.return_rules(rules);
        self.flush_incoming();
        Ok(())
    }

    /// Samples the current chance event with the game's own RNG and applies it.
    pub fn sample_chance(&mut self) -> Result<u32, GameError> {
        self.sample_chance_with(true)
    }

    /// [`Game::sample_chance`]; when `transactional` is false, a plugin failure leaves
    /// the state undefined (playouts), which saves a backup copy per draw.
    fn sample_chance_with(&mut self, transactional: bool) -> Result<u32, GameError> {
        if self.actor() != Actor::Chance {
            return Err(GameError::Illegal {
                action: "sample".into(),
                reason: "no chance event is pending".into(),
            });
        }
        if !transactional || self.rules.plugins.is_empty() {
            // No backup: nothing to move or drop on the playout path.
            return self.sample_inner();
        }
        let backup = self.clone();
        let r = self.sample_inner();
        if r.is_err() {
            *self = backup;
        }
        r
    }

    fn sample_inner(&mut self) -> Result<u32, GameError> {
        if self.turn.pending.is_empty() {
            // Tile draw: a uniform tile among the drawable tiles of the bag.
            let i = self.sample_bag_entry(true)?;
            let t = u32::from(self.bag.tiles[i]);
            self.draw_at(i)?;
            self.advance()?;
            return Ok(t);
        }
        if let Some(s) = self.turn.pending.last().filter(|s| s.owner == CORE_OWNER) {
            // A face-down tile: uniform among all the tiles in the bag; a
            // face-up one: among those the filters let be drawn, like a draw.
            let i = self.sample_bag_entry(Self::is_public_draw(s))?;
            let t = u32::from(self.bag.tiles[i]);
            self.apply_unchecked(Action::Chance(t))?;
            return Ok(t);
        }
        let mut o = std::mem::take(&mut self.scratch.outcomes);
        let r = self.chance_outcomes_into(&mut o);
        let pick = r.and_then(|_| {
            let i = self
                .turn
                .rng
                .weighted(o.iter().map(|x| x.weight))
                .ok_or_else(|| {
                    let reason = if o.is_empty() {
                        "the chance event has no outcome"
                    } else {
                        "every outcome of the chance event has weight 0"
                    };
                    GameError::Illegal {
                        action: "sample".into(),
                        reason: reason.into(),
                    }
                })?;
            Ok(o[i].code)
        });
        self.scratch.outcomes = o;
        let c = pick?;
        self.apply_unchecked(Action::Chance(c))?;
        Ok(c)
    }

    /// Plays one uniformly random action for the current player (the `random` bot:
    /// uniform among placements, then uniform among that placement's figure options),
    /// or samples chance. Returns `false` when the game is over.
    ///
    /// This is the fast playout path: if a plugin hook fails, the error is returned
    /// and the game must be discarded (use [`Game::apply`] for transactional moves).
    pub fn step_random(&mut self, rng: &mut Rng) -> Result<bool, GameError> {
        self.step_random_inline(rng)
    }

    /// Plays uniformly random actions (as [`Game::step_random`]) until the game
    /// is over: the playout of search bots and batch simulations, in one call
    /// (the steps are inlined into its loop). On an error the game must be
    /// discarded, as with `step_random`.
    pub fn play_random(&mut self, rng: &mut Rng) -> Result<(), GameError> {
        while self.step_random_inline(rng)? {}
        Ok(())
    }

    /// [`Game::step_random_inline`] of a player's action picked from a
    /// list: a plugin's step, or a placement a plugin adds or filters. Out
    /// of line: a ruleset without them (base) keeps the playout's loop small.
    #[inline(never)]
    fn step_random_listed(&mut self, rng: &mut Rng) -> Result<(), GameError> {
        let a = if let Some(s) = self.turn.pending.last().copied() {
            if s.among != 0 {
                // Options given with the decision: `pick` of its set bits
                // (the same draw), no list.
                let i = rng.below(s.among.count_ones());
                let mut bits = u32::from(s.among);
                for _ in 0..i {
                    bits &= bits - 1;
                }
                return self.apply_unchecked(Action::Choose(bits.trailing_zeros()));
            }
            let mut c = std::mem::take(&mut self.scratch.codes);
            // Listed when it came, in this state (`Game::lapses`), or now.
            let r = match self.scratch.listed.take() {
                Some(k) if k == (self.turn.pending.len(), s) => Ok(()),
                _ => self.step_options_into(s, &mut c),
            };
            let a = r
                .map_err(GameError::from)
                .and_then(|_| pick(&c, rng).map(Action::Choose));
            self.scratch.codes = c;
            a?
        } else if self.scratch.placements_for == Some(self.turn.drawn) {
            // Listed when the tile was drawn, in this state.
            Action::Place(self.pick_listed(rng)?)
        } else {
            self.list_placements(TileTypeId(self.turn.drawn))?;
            let p = self.pick_listed(rng)?;
            // Listed in this state: kept for the placement.
            self.scratch.placements_for = Some(self.turn.drawn);
            Action::Place(p)
        };
        // The action comes from the legal list just computed: no need to
        // check it again, and a playout discards the game if a plugin fails.
        self.apply_unchecked(a)
    }

    /// The body of [`Game::step_random`].
    #[inline(always)]
    fn step_random_inline(&mut self, rng: &mut Rng) -> Result<bool, GameError> {
        match self.actor() {
            Actor::GameOver => Ok(false),
            Actor::Chance if self.turn.pending.is_empty() => {
                // A tile draw: `sample_inner`'s, without testing the actor
                // again; without a draw filter, any entry of the bag.
                let n = self.bag.tiles.len() as u32;
                let i = if n > 0 && !self.wants(hook::FILTER_DRAWS) && !self.bag.holds_back() {
                    self.turn.rng.below(n) as usize
                } else {
                    self.sample_bag_entry(true)?
                };
                self.draw_at(i)?;
                self.advance()?;
                Ok(true)
            }
            Actor::Chance => self.sample_chance_with(false).map(|_| true),
            Actor::Player(_) => {
                let plain_place = self.turn.pending.is_empty()
                    && self.turn.stage == Stage::Place
                    && self.plain_placement(TileTypeId(self.turn.drawn));
                if plain_place {
                    // `apply_unchecked` of the placement, inlined.
                    let p = self.random_placement(rng).ok_or_else(|| broken("place"))?;
                    let listed = self.scratch.placements_for.take() == Some(self.turn.drawn);
                    self.place_drawn(Action::Place(p), p, listed)?;
                } else if !self.turn.pending.is_empty() || self.turn.stage == Stage::Place {
                    return self.step_random_listed(rng).map(|()| true);
                } else {
                    let mut o = std::mem::take(&mut self.scratch.options);
                    let r = self.figure_options_into(&mut o);
                    let a = r.map_err(GameError::from).and_then(|_| pick(&o, rng));
                    self.scratch.options = o;
                    // `apply_unchecked` of the option, inlined.
                    let o = a?;
                    self.scratch.placements_for = None;
                    self.choose_figure(Action::Figure(o), o)?;
                }
                self.advance()?;
                Ok(true)
            }
        }
    }
}
