//! Reusable buffers of the hot paths ([`Scratch`]): not part of the state.

use super::*;

/// Reusable buffers of the hot paths; not part of the state (a clone gets
/// fresh ones, [`Clone::clone_from`] keeps the destination's own).
///
/// Three entries cache something derived from the state: `fit_blocks`, valid
/// only while `fit_blocks_for` names the drawn tile; every change of the
/// frontier, a copy into the game and a restart forget it ([`Scratch::forget`]).
/// And `placements`, the drawn tile's legal placements while
/// `placements_for` names it: built when the tile was drawn and its
/// placements had to be listed to be counted (a plugin adds or filters
/// placements), kept for the placement that follows; every action, a
/// `tile_drawn` hook, and whatever forgets `fit_blocks` forget it. And
/// `draw_keep`, the draw filters' last answer, while `draws_kept` says so.
#[derive(Default, Debug)]
pub(super) struct Scratch {
    /// Running sums of the drawn tile's placements at the end of each block of
    /// [`board::FIT_BLOCK`] frontier cells (the last is `drawn_fits`); not
    /// kept where the board keeps every tile type's count (`Board::fits`).
    pub(super) fit_blocks: Vec<u32>,
    /// The tile type `fit_blocks` counts, for the current frontier; `None` if
    /// they are not valid.
    pub(super) fit_blocks_for: Option<u16>,
    pub(super) figs: Vec<FigureId>,
    pub(super) members: Vec<FeatureId>,
    pub(super) tile_stamp: Vec<u32>,
    pub(super) feat_stamp: Vec<u32>,
    pub(super) stamp: u32,
    pub(super) placements: Vec<Placement>,
    /// The drawn tile type whose legal placements (after the plugins'
    /// filters, [`Placement::SET_ASIDE`] included) `placements` holds for the
    /// current state; `None` if it holds nothing valid.
    pub(super) placements_for: Option<u16>,
    /// The plain placements that come before `placements` in the drawn
    /// tile's list and are not in it ([`Game::list_placements`]): 0 when
    /// `placements` is the full list.
    pub(super) placements_plain: u32,
    pub(super) keep: Vec<bool>,
    /// The draw filters' answer for the bag's types (`Bag::types`): what
    /// the plugins' `filter_draws` kept, last asked.
    pub(super) draw_keep: Vec<bool>,
    /// Whether `draw_keep` still holds the draw filters' answer: set when
    /// they were asked (a draw uses it only if every subscriber declared its
    /// filter steady, `narrow::DRAWS_STEADY`: its answer does not depend on
    /// the turn number nor on whose turn it is); every hook call with a `Cx`
    /// (before and after), every action, every change of the bag and
    /// whatever forgets the other caches forget it.
    pub(super) draws_kept: bool,
    /// The placements with a piece: the fitting candidates that go with
    /// `placements`, and the geometries with a piece (`PieceBufs`). Boxed,
    /// so that lending them out of the game ([`Scratch::take_pieces`]) moves
    /// a pointer, not the buffers; `None` until first used.
    pub(super) pieces: Option<Box<super::pieces::PieceBufs>>,
    /// Per tile type: marked in a filtered draw, as drawable or, when
    /// `marked_held`, as held back (every mark cleared by the next marking).
    pub(super) drawable: Vec<bool>,
    /// Whether the marked types are those held back (the filters let more
    /// types be drawn than they held back), not those that may be drawn.
    pub(super) marked_held: bool,
    /// The copies in the bag that the marks let be drawn.
    pub(super) marked_n: u32,
    pub(super) options: Vec<FigureOption>,
    pub(super) codes: Vec<u32>,
    /// The pending decision whose options `codes` holds, listed when it
    /// came (`Game::lapses`) in the current state, with the length of the
    /// pending list then: the random playout picks from them without asking
    /// its plugin again. Cleared by every action and by `forget`.
    pub(super) listed: Option<(usize, Step)>,
    pub(super) outcomes: Vec<Outcome>,
    pub(super) cities: Vec<FeatureId>,
    /// The figures of a field unit being scored.
    pub(super) field_figs: Vec<FigureId>,
    pub(super) deltas: Vec<(u8, [i32; MAX_PLAYERS])>,
    /// A second handle to the game's rules, lent to hook dispatch: the hooks run
    /// with `&mut Game` while borrowing the plugin list, and moving this handle
    /// out and back costs no atomic reference-count update, as cloning `rules`
    /// per dispatch did. `None` while lent (a nested dispatch clones), or before
    /// the first dispatch of a cloned game.
    pub(super) rules: Option<Arc<Rules>>,
    /// How many plugin hooks with a context are running, one inside another
    /// (a hook's change that calls other hooks: a figure returned, a feature
    /// scored). The steps pushed are queued only when the outermost ends, so
    /// that the steps of one hook point resolve in push order: a nested
    /// dispatch queueing them while an outer one still runs put those pushed
    /// later by the outer hook point's next plugins on top, an order that
    /// depended on where in the run order the nesting happened.
    pub(super) hook_depth: u32,
}

impl Scratch {
    /// The buffers of the placements with a piece, lent out of the game
    /// (`Scratch::pieces`; put them back when done).
    #[inline]
    pub(super) fn take_pieces(&mut self) -> Box<super::pieces::PieceBufs> {
        self.pieces.take().unwrap_or_default()
    }

    /// Forgets what the scratch caches of a state (the game changed under it).
    #[inline]
    pub(super) fn forget(&mut self) {
        self.fit_blocks_for = None;
        self.placements_for = None;
        self.draws_kept = false;
        self.listed = None;
    }
}

impl Clone for Scratch {
    /// Fresh buffers: scratch is not part of the state.
    fn clone(&self) -> Scratch {
        Scratch::default()
    }

    /// Keeps this game's buffers, forgetting what they cached of its state.
    fn clone_from(&mut self, _: &Scratch) {
        self.forget();
    }
}
