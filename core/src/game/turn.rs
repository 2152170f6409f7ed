//! Where the game stands: whose turn, the pipeline stage, the drawn tile, the
//! turns plugins granted, the steps waiting for a decision or chance, the
//! scores and the game's RNG.

use super::*;

state! {
    /// The turn state of a [`Game`].
    #[derive(Debug, PartialEq)]
    pub(super) struct Turn {
        /// Whose turn it is.
        pub(super) current: PlayerId,
        /// The player of the last regular (not granted) turn.
        pub(super) rotation: PlayerId,
        /// The plugin that granted the current turn, or [`CORE_OWNER`].
        pub(super) granted_by: u8,
        /// The bag was declared empty (or the game ended early): no regular turn follows.
        pub(super) ending: bool,
        /// The `turn_over` hooks ran since the last turn began (true before the first).
        pub(super) over: bool,
        /// Turn number (1-based; 0 before the first turn).
        pub(super) number: u16,
        /// Turns played so far that a plugin granted (counted in `number` too).
        pub(super) granted_played: u16,
        /// Where the turn pipeline stands.
        pub(super) stage: Stage,
        /// The drawn tile type, or `NONE16`.
        pub(super) drawn: u16,
        /// Legal placements (position, distinct rotation) of the drawn tile, counted
        /// when it was drawn (0 when no tile is drawn). The random playout's
        /// placement draw weighs by it instead of counting again. For a tile
        /// played from a hand whose placements plugins only add to (a piece
        /// laid with it, no filter), its plain placements when there are
        /// some: it fits, and its list is built at the placement.
        pub(super) drawn_fits: u32,
        /// The tile placed this turn (or, once the game is over, the last one), or `NONE16`.
        pub(super) last_tile: u16,
        /// The piece laid with this turn's placement ([`Piece::NONE`] if none).
        pub(super) piece: Piece,
        /// The seed the game was created with.
        pub(super) seed: u64,
        /// The game's RNG: every chance event draws from it.
        pub(super) rng: Rng,
        /// Scores per player.
        pub(super) scores: [i32; MAX_PLAYERS],
        /// Points per player and score category (`players × categories`).
        pub(super) breakdown: Vec<i32>,
        /// Points each player paid to others by transfers (`Cx::transfer_score`),
        /// in all.
        pub(super) transferred: [i32; MAX_PLAYERS],
        /// Turns granted by plugins, in order: `(player, plugin)`.
        pub(super) granted: Vec<(PlayerId, u8)>,
        /// Steps waiting for a decision or a chance event (top last).
        pub(super) pending: Vec<Step>,
        /// Steps pushed by the running hooks, queued after them.
        pub(super) incoming: Vec<Step>,
        /// Features completed this turn (roots) that the scoring step scores
        /// (withheld ones are left out).
        pub(super) done: Vec<FeatureId>,
        /// How many of `done` the scoring step has taken so far.
        pub(super) scored: u16,
        /// Fields closed this turn (roots).
        pub(super) closed: Vec<FeatureId>,
        /// Plugin steps resolved in turn `resolved_in` (the game's end counts
        /// with its last turn), against [`MAX_STEPS_PER_TURN`](crate::rules::MAX_STEPS_PER_TURN):
        /// counted, and reset, where a step is resolved, not at every turn.
        pub(super) resolved: u32,
        /// The turn whose steps `resolved` counts.
        pub(super) resolved_in: u16,
    }
}

impl Turn {
    /// An empty turn state (filled by [`Turn::reset`]).
    pub(super) fn new(seed: u64) -> Turn {
        Turn {
            current: PlayerId::ALL[0],
            rotation: PlayerId::ALL[0],
            granted_by: CORE_OWNER,
            ending: false,
            over: true,
            number: 0,
            granted_played: 0,
            stage: Stage::NextTurn,
            drawn: NONE16,
            drawn_fits: 0,
            last_tile: NONE16,
            piece: Piece::NONE,
            seed,
            rng: Rng::new(seed),
            scores: [0; MAX_PLAYERS],
            breakdown: Vec::new(),
            transferred: [0; MAX_PLAYERS],
            granted: Vec::new(),
            pending: Vec::new(),
            incoming: Vec::new(),
            done: Vec::new(),
            scored: 0,
            closed: Vec::new(),
            resolved: 0,
            resolved_in: 0,
        }
    }

    /// The turn state before the first turn of a game with `seed`, `players`
    /// and `categories` score categories, reusing the buffers.
    pub(super) fn reset(&mut self, seed: u64, players: u8, categories: usize) {
        let Turn {
            current,
            rotation,
            granted_by,
            ending,
            over,
            number,
            granted_played,
            stage,
            drawn,
            drawn_fits,
            last_tile,
            piece,
            seed: game_seed,
            rng,
            scores,
            breakdown,
            transferred,
            granted,
            pending,
            incoming,
            done,
            scored,
            closed,
            resolved,
            resolved_in,
        } = self;
        // The first turn goes to seat 0: the seat "before" it is the last one.
        let last = PlayerId::all(players).next_back().unwrap_or_default();
        (*current, *rotation, *granted_by) = (PlayerId::ALL[0], last, CORE_OWNER);
        (*ending, *over, *number) = (false, true, 0);
        (*granted_played, *stage) = (0, Stage::NextTurn);
        (*drawn, *drawn_fits, *last_tile, *piece) = (NONE16, 0, NONE16, Piece::NONE);
        (*game_seed, *rng, *scores) = (seed, Rng::new(seed), [0; MAX_PLAYERS]);
        refill(breakdown, players as usize * categories, 0);
        (*transferred, *scored) = ([0; MAX_PLAYERS], 0);
        (*resolved, *resolved_in) = (0, 0);
        granted.clear();
        pending.clear();
        incoming.clear();
        fresh(done, 8);
        fresh(closed, 8);
    }
}
