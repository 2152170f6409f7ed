//! The game state and the turn pipeline.
//!
//! A [`Game`] is a handful of flat arrays (board grid, placed tiles, frontier,
//! features with an incremental union-find, figures, bag, plugin state) plus an
//! `Arc` to the immutable [`Rules`]. Cloning copies those arrays and nothing
//! else; no operation of a turn allocates once the scratch buffers are warm.
//!
//! The code is split by responsibility: [`board`] (grid, frontier, placing tiles,
//! unions), [`figures`] (deploying, moving, returning; the shared placement
//! rule), [`flow`] (the turn pipeline, granted turns, hands), [`actions`] (legal
//! actions, `apply`, chance, playouts), [`scoring`] and [`farmers`], [`queries`]
//! (the public read API), [`context`] (what plugins may do), [`integrity`].

use crate::error::GameError;
use crate::events::Event;
use crate::hooks::*;
use crate::narrow::Narrowed;
use crate::rng::Rng;
use crate::rules::Rules;
use crate::types::NONE16;
use crate::types::*;
use std::sync::Arc;

/// A tile on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedTile {
    /// Where.
    pub pos: Pos,
    /// Tile type.
    pub ty: TileTypeId,
    /// Rotation.
    pub rot: Rotation,
    /// Number of the 8 surrounding positions that hold tiles.
    pub nbrs: u8,
    /// Global id of its feature with local index 0.
    pub base: FeatureId,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Feat {
    parent: u16,
    /// Next member in the circular member list of its set.
    next: u16,
    /// Open sides (valid at roots).
    open: u16,
    /// Placed tile index.
    tile: u16,
    /// First figure standing on this feature instance.
    figs: u16,
    /// Occupying figures (valid at roots).
    occ: u8,
    kind: FeatureKind,
    local: u8,
    /// The tile feature's pennants (copied: scoring reads them per member).
    pennants: u8,
}

/// Where a figure is: on a feature instance (`feature`, with `corner` for a
/// corner position), on a tile only (`feature == NONE16`), or in the supply /
/// off the board (`tile == NONE16`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Fig {
    feature: u16,
    next: u16,
    tile: u16,
    corner: u8,
}

const NO_CORNER: u8 = u8::MAX;

impl Feat {
    /// The feature records of a fresh tile of type `tt` under rotation `rot`,
    /// placed as tile 0 with its first feature as id 0: each its own set,
    /// nobody on it. Its `open` holds the board sides the feature touches (a
    /// bit per side): placing the tile turns it into the count of those
    /// without a neighbour.
    pub(crate) fn template(tt: &crate::tiles::TileType, rot: Rotation) -> Vec<Feat> {
        let r = u32::from(rot.quarter_turns());
        tt.features
            .iter()
            .enumerate()
            .map(|(l, f)| Feat {
                parent: l as u16,
                next: l as u16,
                open: {
                    let printed = u16::from(f.sides);
                    (printed << r | printed >> (4 - r)) & 15
                },
                tile: 0,
                figs: NONE16,
                occ: 0,
                kind: f.kind,
                local: l as u8,
                pennants: f.pennants,
            })
            .collect()
    }
}

impl Fig {
    const OFF: Fig = Fig {
        feature: NONE16,
        next: NONE16,
        tile: NONE16,
        corner: NO_CORNER,
    };
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frontier {
    pos: Pos,
    req: u8,
}

/// Where the turn pipeline stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// `turn_start` hooks next.
    TurnStart,
    /// Waiting for the tile draw (chance), or a tile played from a hand.
    Draw,
    /// Tile drawn: `tile_drawn` hooks next.
    Drawn,
    /// Waiting for the placement decision.
    Place,
    /// Tile placed: `before_figure` hooks next.
    Placed,
    /// Waiting for the figure decision.
    Figure,
    /// Figure step done: `after_figure` hooks next.
    Figured,
    /// `before_scoring` hooks next.
    BeforeScoring,
    /// Completed features are scored next.
    Score,
    /// Closed fields are reported next.
    Closed,
    /// `turn_end` hooks next.
    TurnEnd,
    /// The next turn begins next.
    NextTurn,
    /// `game_ending` hooks next (the bag is empty).
    Ending,
    /// Final scoring next.
    Final,
    /// The game is over.
    Over,
}

/// Who must act now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    /// A player's decision.
    Player(PlayerId),
    /// A chance event (see [`Game::chance_outcomes`]).
    Chance,
    /// Nobody: the game is over.
    GameOver,
}

/// Something an actor does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Outcome of the current chance event (a tile type for tile draws, a plugin code otherwise).
    Chance(u32),
    /// Place the drawn tile.
    Place(Placement),
    /// Resolve the figure step.
    Figure(FigureOption),
    /// Choose an option of a plugin decision.
    Choose(u32),
}

/// Reusable buffers of the hot paths; not part of the state (never cloned).
///
/// One entry caches something derived from the state: `fit_blocks`, valid
/// only while `fit_blocks_for` names the drawn tile; every change of the
/// frontier, a copy into the game and a restart forget it ([`Scratch::forget`]).
#[derive(Default, Debug)]
struct Scratch {
    /// Running sums of the drawn tile's placements at the end of each block of
    /// [`board::FIT_BLOCK`] frontier cells (the last is `drawn_fits`).
    fit_blocks: Vec<u32>,
    /// The tile type `fit_blocks` counts, for the current frontier; `None` if
    /// they are not valid.
    fit_blocks_for: Option<u16>,
    figs: Vec<FigureId>,
    members: Vec<FeatureId>,
    tile_stamp: Vec<u32>,
    feat_stamp: Vec<u32>,
    stamp: u32,
    placements: Vec<Placement>,
    keep: Vec<bool>,
    options: Vec<FigureOption>,
    codes: Vec<u32>,
    outcomes: Vec<Outcome>,
    types: Vec<TileTypeId>,
    cities: Vec<FeatureId>,
    /// The figures of a field unit being scored.
    field_figs: Vec<FigureId>,
    deltas: Vec<(u8, [i32; MAX_PLAYERS])>,
    /// A second handle to the game's rules, lent to hook dispatch: the hooks run
    /// with `&mut Game` while borrowing the plugin list, and moving this handle
    /// out and back costs no atomic reference-count update, as cloning `rules`
    /// per dispatch did. `None` while lent (a nested dispatch clones), or before
    /// the first dispatch of a cloned game.
    rules: Option<Arc<Rules>>,
}

impl Scratch {
    /// Forgets what the scratch caches of a state (the game changed under it).
    #[inline]
    fn forget(&mut self) {
        self.fit_blocks_for = None;
    }
}

/// A game in progress. Cloning copies the state arrays; [`Clone::clone_from`]
/// copies them into an existing game's buffers without allocating.
pub struct Game {
    rules: Arc<Rules>,
    /// `rules.subs_any`, kept here: the turn pipeline asks it at every stage,
    /// and this saves following the rules pointer each time.
    subs: u64,
    players: u8,
    current: PlayerId,
    /// The player of the last regular (not granted) turn.
    rotation: PlayerId,
    /// The plugin that granted the current turn, or [`CORE_OWNER`].
    granted_by: u8,
    /// The bag was declared empty (or the game ended early): no regular turn follows.
    ending: bool,
    turn: u16,
    /// Turns played so far that a plugin granted (counted in `turn` too).
    granted_played: u16,
    stage: Stage,
    drawn: u16,
    /// Legal placements (position, distinct rotation) of the drawn tile, counted
    /// when it was drawn (0 when no tile is drawn). The random playout's
    /// placement draw weighs by it instead of counting again.
    drawn_fits: u32,
    last_tile: u16,
    seed: u64,
    rng: Rng,
    scores: [i32; MAX_PLAYERS],
    /// Points per player and score category (`players × categories`).
    breakdown: Vec<i32>,
    // Board grid: 0 empty, 1..=0x7FFF placed tile index + 1, 0x8000 | i frontier entry i.
    ox: i16,
    oy: i16,
    w: u16,
    h: u16,
    cells: Vec<u16>,
    tiles: Vec<PlacedTile>,
    frontier: Vec<Frontier>,
    feats: Vec<Feat>,
    figs: Vec<Fig>,
    /// Player figures in supply: `players × kinds`.
    supply: Vec<u8>,
    bag: Vec<TileTypeId>,
    /// Tiles held in hand: `(player, tile type)`, sorted.
    hands: Vec<(PlayerId, TileTypeId)>,
    hidden: Vec<TileTypeId>,
    set_aside: Vec<TileTypeId>,
    /// Turns granted by plugins, in order: `(player, plugin)`.
    granted: Vec<(PlayerId, u8)>,
    pending: Vec<Step>,
    incoming: Vec<Step>,
    done: Vec<FeatureId>,
    closed: Vec<FeatureId>,
    /// Plugin state: per game, per player, per feature (grows with the board), per figure.
    pgame: Vec<u32>,
    pplayer: Vec<u32>,
    pfeat: Vec<u32>,
    pfig: Vec<u32>,
    logging: bool,
    events: Vec<Event>,
    scratch: Scratch,
}

const FRONTIER_BIT: u16 = 0x8000;

/// Makes `v` hold `n` copies of `x`, reusing its buffer.
fn refill<T: Clone>(v: &mut Vec<T>, n: usize, x: T) {
    v.clear();
    v.resize(n, x);
}

/// Empties `v` and makes room for `n` elements.
fn fresh<T>(v: &mut Vec<T>, n: usize) {
    v.clear();
    v.reserve(n);
}

/// Calls hook `$name` of every plugin subscribed to `$bit`, in dispatch order,
/// with a read-write context; then queues the steps they pushed. (The `@each`
/// arm is the loop, skipping a subscriber `$i` for which `$skip` holds.)
macro_rules! dispatch {
    ($self:ident, $bit:expr, |$h:ident, $cx:ident| $call:expr) => {
        if $self.wants($bit) {
            dispatch!(@each $self, $bit, |i| false, |$h, $cx| $call);
        }
    };
    (@each $self:ident, $bit:expr, |$i:ident| $skip:expr, |$h:ident, $cx:ident| $call:expr) => {{
        let rules = $self.lend_rules();
        for &$i in rules.subscribers($bit) {
            if $skip {
                continue;
            }
            if let Some(p) = rules.plugins.get($i as usize) {
                let $h = &p.hooks;
                let $cx = &mut Cx {
                    game: &mut *$self,
                    plugin: $i,
                };
                $call?;
            }
        }
        $self.return_rules(rules);
        $self.flush_incoming();
    }};
}

/// [`dispatch!`] to the subscribers that did not narrow this call away
/// ([`Game::narrowed_away`]). First one check of every subscriber: when all
/// narrowed the call away, as in most turns, nothing else happens (no rules
/// handle lent, no dynamic call, no steps flushed). Otherwise each subscriber
/// is called unless it narrowed the call away, decided again just before its
/// call (an earlier plugin's call may change the case). The host's adapter
/// does not check these hooks again.
macro_rules! dispatch_narrowed {
    ($self:ident, $bit:expr, $case:expr, |$h:ident, $cx:ident| $call:expr) => {
        if $self.wants($bit) && !$self.all_narrowed_away($bit, $case) {
            dispatch!(@each $self, $bit, |i| $self.narrowed_away(i, $case), |$h, $cx| $call);
        }
    };
}

/// Calls a read-only hook of every subscribed plugin, in dispatch order.
macro_rules! dispatch_view {
    ($self:ident, $bit:expr, |$h:ident, $v:ident| $call:expr) => {
        if $self.wants($bit) {
            for &i in $self.rules.subscribers($bit) {
                if let Some(p) = $self.rules.plugins.get(i as usize) {
                    let $h = &p.hooks;
                    let $v = &View {
                        game: &*$self,
                        plugin: i,
                    };
                    $call?;
                }
            }
        }
    };
}

mod actions;
mod board;
mod clone;
mod context;
mod determinize;
mod explain;
mod farmers;
mod figures;
mod flow;
mod integrity;
mod queries;
mod scoring;

impl Game {
    /// Starts a game: the start tile is placed, the bag filled, hands dealt,
    /// plugins set up, and the first turn begun.
    pub fn new(rules: Arc<Rules>, players: u8, seed: u64) -> Result<Game, GameError> {
        if !(2..=MAX_PLAYERS as u8).contains(&players) {
            return Err(GameError::Players(players));
        }
        let mut g = Game {
            subs: rules.subs_any,
            rules,
            players,
            current: PlayerId::ALL[0],
            rotation: PlayerId::ALL[0],
            granted_by: CORE_OWNER,
            ending: false,
            turn: 0,
            granted_played: 0,
            stage: Stage::NextTurn,
            drawn: NONE16,
            drawn_fits: 0,
            last_tile: NONE16,
            seed,
            rng: Rng::new(seed),
            scores: [0; MAX_PLAYERS],
            breakdown: Vec::new(),
            ox: 0,
            oy: 0,
            w: 0,
            h: 0,
            cells: Vec::new(),
            tiles: Vec::new(),
            frontier: Vec::new(),
            feats: Vec::new(),
            figs: Vec::new(),
            supply: Vec::new(),
            bag: Vec::new(),
            hands: Vec::new(),
            hidden: Vec::new(),
            set_aside: Vec::new(),
            granted: Vec::new(),
            pending: Vec::new(),
            incoming: Vec::new(),
            done: Vec::new(),
            closed: Vec::new(),
            pgame: Vec::new(),
            pplayer: Vec::new(),
            pfeat: Vec::new(),
            pfig: Vec::new(),
            logging: false,
            events: Vec::new(),
            scratch: Scratch::default(),
        };
        g.start(seed)?;
        Ok(g)
    }

    /// Starts a new game of the same rules and players in this one's place, as
    /// [`Game::new`] with `seed` would (logging off), reusing this game's buffers:
    /// no allocation once they are large enough, for batches of games. On an
    /// error (a plugin's `setup` failed) the game is left undefined: discard it.
    pub fn restart(&mut self, seed: u64) -> Result<(), GameError> {
        self.start(seed)
    }

    /// Sets every state field to the start of a game with `seed`, then places
    /// the start tile and runs the setup hooks. The whole state is destructured,
    /// so a new field cannot be forgotten.
    fn start(&mut self, seed: u64) -> Result<(), GameError> {
        let rules = self.rules.clone();
        let start = rules.tiles.start.ok_or(GameError::NoStartTile)?;
        let players = self.players;
        let Game {
            rules: _,
            subs: _,
            players: _,
            current,
            rotation,
            granted_by,
            ending,
            turn,
            granted_played,
            stage,
            drawn,
            drawn_fits,
            last_tile,
            seed: game_seed,
            rng,
            scores,
            breakdown,
            ox,
            oy,
            w,
            h,
            cells,
            tiles,
            frontier,
            feats,
            figs,
            supply,
            bag,
            hands,
            hidden,
            set_aside,
            granted,
            pending,
            incoming,
            done,
            closed,
            pgame,
            pplayer,
            pfeat,
            pfig,
            logging,
            events,
            scratch,
        } = self;
        scratch.forget();
        // The first turn goes to seat 0: the seat "before" it is the last one.
        let last = PlayerId::all(players).next_back().unwrap_or_default();
        (*current, *rotation, *granted_by) = (PlayerId::ALL[0], last, CORE_OWNER);
        (*ending, *turn, *granted_played, *stage) = (false, 0, 0, Stage::NextTurn);
        (*drawn, *drawn_fits, *last_tile) = (NONE16, 0, NONE16);
        (*game_seed, *rng, *scores) = (seed, Rng::new(seed), [0; MAX_PLAYERS]);
        refill(
            breakdown,
            players as usize * rules.score_categories.len(),
            0,
        );
        (*ox, *oy, *w, *h) = (-8, -8, 16, 16);
        refill(cells, 16 * 16, 0);
        fresh(tiles, rules.max_tiles);
        fresh(frontier, 64);
        fresh(feats, rules.max_features);
        let figures = players as usize * rules.figs_per_player as usize + rules.neutral_kind.len();
        refill(figs, figures, Fig::OFF);
        supply.clear();
        for _ in 0..players {
            supply.extend(rules.figures.iter().map(|f| f.per_player));
        }
        fresh(bag, rules.max_tiles);
        hands.clear();
        for (i, t) in rules.tiles.types.iter().enumerate() {
            let id = TileTypeId(i as u16);
            bag.extend(std::iter::repeat_n(id, t.count as usize));
            for p in PlayerId::all(players) {
                hands.extend(std::iter::repeat_n((p, id), t.per_player as usize));
            }
        }
        hands.sort_unstable();
        if let Some(i) = bag.iter().position(|&t| t == start) {
            bag.remove(i);
        }
        hidden.clear();
        set_aside.clear();
        granted.clear();
        pending.clear();
        incoming.clear();
        fresh(done, 8);
        fresh(closed, 8);
        let st = rules.state;
        refill(pgame, st.game as usize, 0);
        refill(pplayer, st.player as usize * players as usize, 0);
        fresh(pfeat, st.feature as usize * rules.max_features);
        refill(pfig, st.figure as usize * figures, 0);
        *logging = false;
        events.clear();
        self.place_tile(start, Pos::new(0, 0), Rotation::R0)?;
        self.done.clear();
        self.closed.clear();
        self.setup()?;
        Ok(())
    }

    fn setup(&mut self) -> HookResult {
        dispatch!(self, hook::SETUP, |h, cx| h.setup(cx));
        self.advance()
    }

    /// The rules handle for a dispatch: the spare one if it is this game's (no
    /// atomic update), else a clone. Give it back with [`Game::return_rules`].
    #[inline]
    fn lend_rules(&mut self) -> Arc<Rules> {
        match self.scratch.rules.take() {
            Some(r) if Arc::ptr_eq(&r, &self.rules) => r,
            _ => self.rules.clone(),
        }
    }

    /// Keeps `r` as the spare rules handle unless one is kept already (then `r`
    /// is dropped: a nested dispatch's clone).
    #[inline]
    fn return_rules(&mut self, r: Arc<Rules>) {
        if self.scratch.rules.is_none() {
            self.scratch.rules = Some(r);
        }
    }

    /// Whether any plugin subscribes to hook bit `h` ([`Rules::wants`]).
    #[inline]
    fn wants(&self, h: u64) -> bool {
        self.subs & h != 0
    }

    /// Whether no plugin filters placements ([`Rules::plain_placement`]).
    #[inline]
    fn plain_placement(&self) -> bool {
        !self.wants(hook::FILTER_PLACEMENTS)
    }

    #[inline]
    fn emit(&mut self, e: impl FnOnce() -> Event) {
        if self.logging {
            self.events.push(e());
        }
    }

    /// Tile type of a placed tile, for internal callers with a valid index.
    #[inline]
    fn ty_of(&self, t: u16) -> &crate::tiles::TileType {
        &self.rules.tiles.types[self.tiles[t as usize].ty.index()]
    }
}
