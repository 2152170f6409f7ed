//! The game state and the turn pipeline.
//!
//! A [`Game`] is a handful of flat arrays (board grid, placed tiles, frontier,
//! features with an incremental union-find, figures, bag) plus an `Arc` to the
//! immutable [`Rules`]. Cloning copies those arrays and nothing else; no
//! operation of a turn allocates once the scratch buffers are warm.

use crate::error::GameError;
use crate::events::Event;
use crate::hooks::*;
use crate::rng::Rng;
use crate::rules::{FarmerScoring, Rules, FOLLOWER};
use crate::tiles::{TileType, NO_FEATURE};
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

#[derive(Clone, Copy, Debug)]
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
}

#[derive(Clone, Copy, Debug)]
struct Fig {
    feature: u16,
    next: u16,
}

#[derive(Clone, Copy, Debug)]
struct Frontier {
    pos: Pos,
    req: u8,
}

/// Where the turn pipeline stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Waiting for the tile draw (chance).
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
    /// Completed features are scored next.
    Score,
    /// Closed fields are reported next.
    Closed,
    /// `turn_end` hooks next.
    TurnEnd,
    /// The next player's turn begins next.
    NextTurn,
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
#[derive(Default, Debug)]
struct Scratch {
    figs: Vec<FigureId>,
    members: Vec<FeatureId>,
    tile_stamp: Vec<u32>,
    feat_stamp: Vec<u32>,
    stamp: u32,
    placements: Vec<Placement>,
    keep: Vec<bool>,
    options: Vec<FigureOption>,
    codes: Vec<u32>,
    outcomes: Vec<(u32, u32)>,
}

/// A game in progress. Cloning copies the state arrays; [`Clone::clone_from`]
/// copies them into an existing game's buffers without allocating.
pub struct Game {
    rules: Arc<Rules>,
    players: u8,
    current: u8,
    turn: u16,
    stage: Stage,
    drawn: u16,
    last_tile: u16,
    seed: u64,
    rng: Rng,
    scores: [i32; MAX_PLAYERS],
    breakdown: [[i32; SCORE_CATEGORIES]; MAX_PLAYERS],
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
    supply: [u8; MAX_PLAYERS * 8],
    bag: Vec<TileTypeId>,
    hidden: Vec<TileTypeId>,
    set_aside: Vec<TileTypeId>,
    pending: Vec<Step>,
    incoming: Vec<Step>,
    done: Vec<FeatureId>,
    closed: Vec<FeatureId>,
    pstate: Vec<u32>,
    pfeat: Vec<u32>,
    logging: bool,
    events: Vec<Event>,
    scratch: Scratch,
}

const FRONTIER_BIT: u16 = 0x8000;

/// A uniformly random element; an error if a plugin offered no option at all.
fn pick<T: Copy>(options: &[T], rng: &mut Rng) -> Result<T, GameError> {
    if options.is_empty() {
        return Err(GameError::Illegal {
            action: "random choice".into(),
            reason: "the pending decision has no option".into(),
        });
    }
    Ok(options[rng.below(options.len() as u32) as usize])
}

/// Number of score categories of [`Game::score_breakdown`].
pub const SCORE_CATEGORIES: usize = 7;
/// Category of farmer points.
pub const CATEGORY_FARMERS: usize = 5;
/// Category of points plugins award directly ([`Cx::add_score`]).
pub const CATEGORY_PLUGINS: usize = 6;
/// Names of the score categories, in order (the first five are the feature kinds).
pub const SCORE_CATEGORY_NAMES: [&str; SCORE_CATEGORIES] = [
    "roads",
    "cities",
    "fields",
    "cloisters",
    "spots",
    "farmers",
    "plugins",
];

macro_rules! dispatch {
    ($self:ident, $bit:expr, |$h:ident, $cx:ident| $call:expr) => {
        if $self.rules.wants($bit) {
            let rules = $self.rules.clone();
            for (i, p) in rules.plugins.iter().enumerate() {
                if p.subs & $bit != 0 {
                    let $h = &p.hooks;
                    let $cx = &mut Cx {
                        game: &mut *$self,
                        plugin: i as u8,
                    };
                    $call?;
                }
            }
            $self.flush_incoming();
        }
    };
}

macro_rules! dispatch_view {
    ($self:ident, $bit:expr, |$h:ident, $v:ident| $call:expr) => {
        if $self.rules.wants($bit) {
            for (i, p) in $self.rules.plugins.iter().enumerate() {
                if p.subs & $bit != 0 {
                    let $h = &p.hooks;
                    let $v = &View {
                        game: &*$self,
                        plugin: i as u8,
                    };
                    $call?;
                }
            }
        }
    };
}

mod clone;
mod context;
mod determinize;
mod explain;
mod integrity;
mod scoring;

impl Game {
    /// Starts a game: the start tile is placed, the bag filled, plugins set up.
    pub fn new(rules: Arc<Rules>, players: u8, seed: u64) -> Result<Game, GameError> {
        if !(2..=MAX_PLAYERS as u8).contains(&players) {
            return Err(GameError::Players(players));
        }
        let start = rules.tiles.start.ok_or(GameError::NoStartTile)?;
        let mut bag = Vec::with_capacity(rules.max_tiles);
        for (i, t) in rules.tiles.types.iter().enumerate() {
            bag.extend(std::iter::repeat_n(i as TileTypeId, t.count as usize));
        }
        if let Some(i) = bag.iter().position(|&t| t == start) {
            bag.remove(i);
        }
        let fpp = rules.figs_per_player as usize;
        let mut supply = [0u8; MAX_PLAYERS * 8];
        for p in 0..players as usize {
            for (k, f) in rules.figures.iter().enumerate() {
                supply[p * 8 + k] = f.per_player;
            }
        }
        let (w, h) = (16u16, 16u16);
        let mut g = Game {
            players,
            current: 0,
            turn: 0,
            stage: Stage::NextTurn,
            drawn: NONE16,
            last_tile: NONE16,
            seed,
            rng: Rng::new(seed),
            scores: [0; MAX_PLAYERS],
            breakdown: [[0; SCORE_CATEGORIES]; MAX_PLAYERS],
            ox: -8,
            oy: -8,
            w,
            h,
            cells: vec![0; w as usize * h as usize],
            tiles: Vec::with_capacity(rules.max_tiles),
            frontier: Vec::with_capacity(64),
            feats: Vec::with_capacity(rules.max_features),
            figs: vec![
                Fig {
                    feature: NONE16,
                    next: NONE16
                };
                fpp * players as usize
            ],
            supply,
            bag,
            hidden: Vec::new(),
            set_aside: Vec::new(),
            pending: Vec::new(),
            incoming: Vec::new(),
            done: Vec::with_capacity(8),
            closed: Vec::with_capacity(8),
            pstate: vec![0; rules.game_words as usize],
            pfeat: vec![0; rules.feature_words as usize * rules.max_features],
            logging: false,
            events: Vec::new(),
            scratch: Scratch::default(),
            rules,
        };
        g.place_tile(start, Pos::new(0, 0), 0)?;
        g.done.clear();
        g.closed.clear();
        g.current = players - 1; // NextTurn moves to player 0.
        g.setup()?;
        Ok(g)
    }

    fn setup(&mut self) -> HookResult {
        dispatch!(self, hook::SETUP, |h, cx| h.setup(cx));
        self.advance()
    }

    // ----------------------------------------------------------------- queries

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
        self.seed
    }

    /// Whose turn it is.
    #[inline]
    pub fn current_player(&self) -> PlayerId {
        self.current
    }

    /// Turn number (1-based; 0 before the first turn).
    pub fn turn(&self) -> u16 {
        self.turn
    }

    /// Pipeline stage.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// Scores per player.
    pub fn scores(&self) -> &[i32] {
        &self.scores[..self.players as usize]
    }

    /// Points of `player` by category (see [`SCORE_CATEGORY_NAMES`]): roads, cities,
    /// fields (unused: farmers are a category of their own), cloisters, spots (e.g.
    /// gardens), farmers, and points awarded directly by plugins (e.g. sheep).
    /// Plugin bonuses added through the `points` hook count in their feature's category.
    pub fn score_breakdown(&self, player: PlayerId) -> &[i32; SCORE_CATEGORIES] {
        &self.breakdown[player as usize]
    }

    /// Score of `player`.
    #[inline]
    pub fn score(&self, player: PlayerId) -> i32 {
        self.scores[player as usize]
    }

    /// Number of placed tiles (the start tile included).
    #[inline]
    pub fn placed_count(&self) -> usize {
        self.tiles.len()
    }

    /// Position of placed tile `t`.
    #[inline]
    pub fn tile_pos(&self, t: TileIndex) -> Pos {
        self.tiles[t as usize].pos
    }

    /// Tile type of placed tile `t`.
    #[inline]
    pub fn tile_type_id(&self, t: TileIndex) -> TileTypeId {
        self.tiles[t as usize].ty
    }

    /// Rotation of placed tile `t`.
    #[inline]
    pub fn tile_rot(&self, t: TileIndex) -> Rotation {
        self.tiles[t as usize].rot
    }

    /// Number of the 8 positions around placed tile `t` that hold tiles.
    #[inline]
    pub fn tile_nbrs(&self, t: TileIndex) -> u8 {
        self.tiles[t as usize].nbrs
    }

    /// Tile-level marker mask of placed tile `t`.
    #[inline]
    pub fn tile_markers(&self, t: TileIndex) -> u64 {
        self.tile_type(t).markers
    }

    /// Marker mask of feature instance `f` (feature-level markers, e.g. pennant, garden).
    #[inline]
    pub fn feature_markers(&self, f: FeatureId) -> u64 {
        let ft = &self.feats[f as usize];
        self.tile_type(ft.tile).features[ft.local as usize].markers
    }

    /// Number of features of placed tile `t`.
    #[inline]
    pub fn tile_feature_count(&self, t: TileIndex) -> u8 {
        self.tile_type(t).features.len() as u8
    }

    /// Next member of the circular member list of `f`'s set (iterate from a root until back).
    #[inline]
    pub fn next_member(&self, f: FeatureId) -> FeatureId {
        self.feats[f as usize].next
    }

    /// First figure on feature instance `f`, if any.
    #[inline]
    pub fn first_figure_on(&self, f: FeatureId) -> Option<FigureId> {
        let g = self.feats[f as usize].figs;
        (g != NONE16).then_some(g)
    }

    /// Next figure on the same feature instance as `fig`, if any.
    #[inline]
    pub fn next_figure(&self, fig: FigureId) -> Option<FigureId> {
        let g = self.figs[fig as usize].next;
        (g != NONE16).then_some(g)
    }

    /// The drawn tile waiting to be placed, if any.
    pub fn drawn_tile(&self) -> Option<TileTypeId> {
        (self.drawn != NONE16).then_some(self.drawn)
    }

    /// The tile placed this turn, if any.
    pub fn last_placed(&self) -> Option<TileIndex> {
        (self.last_tile != NONE16).then_some(self.last_tile)
    }

    /// Tiles left in the bag.
    pub fn bag_len(&self) -> usize {
        self.bag.len()
    }

    /// Tiles left in the bag, by type (unordered multiset as a slice).
    pub fn bag(&self) -> &[TileTypeId] {
        &self.bag
    }

    /// Tiles taken face down (hidden from players).
    pub fn hidden_tiles(&self) -> &[TileTypeId] {
        &self.hidden
    }

    /// Tiles set aside because they fit nowhere.
    pub fn set_aside_tiles(&self) -> &[TileTypeId] {
        &self.set_aside
    }

    /// Placed tiles in placement order.
    #[inline]
    pub fn tiles(&self) -> &[PlacedTile] {
        &self.tiles
    }

    /// The tile type of placed tile `t`.
    #[inline]
    pub fn tile_type(&self, t: TileIndex) -> &TileType {
        self.rules.tiles.get(self.tiles[t as usize].ty)
    }

    /// Whether placed tile `t` carries marker bit `bit` (tile level).
    #[inline]
    pub fn tile_has_marker(&self, t: TileIndex, bit: u64) -> bool {
        self.tile_type(t).markers & bit != 0
    }

    #[inline]
    fn cell(&self, p: Pos) -> u16 {
        let x = i32::from(p.x) - i32::from(self.ox);
        let y = i32::from(p.y) - i32::from(self.oy);
        if x < 0 || y < 0 || x >= self.w as i32 || y >= self.h as i32 {
            return 0;
        }
        self.cells[y as usize * self.w as usize + x as usize]
    }

    /// The placed tile at `p`.
    #[inline]
    pub fn tile_at(&self, p: Pos) -> Option<TileIndex> {
        let c = self.cell(p);
        (c != 0 && c & FRONTIER_BIT == 0).then(|| c - 1)
    }

    /// Global feature id of local feature `local` of placed tile `t`.
    #[inline]
    pub fn feature_of(&self, t: TileIndex, local: u8) -> FeatureId {
        self.tiles[t as usize].base + local as u16
    }

    /// Number of feature instances on the board.
    pub fn feature_count(&self) -> usize {
        self.feats.len()
    }

    /// The root (representative) of feature `f`'s set.
    #[inline]
    pub fn find(&self, mut f: FeatureId) -> FeatureId {
        loop {
            let p = self.feats[f as usize].parent;
            if p == f {
                return f;
            }
            f = p;
        }
    }

    #[inline]
    fn find_mut(&mut self, mut f: FeatureId) -> FeatureId {
        loop {
            let p = self.feats[f as usize].parent;
            if p == f {
                return f;
            }
            let gp = self.feats[p as usize].parent;
            self.feats[f as usize].parent = gp;
            f = p;
        }
    }

    /// Kind of feature `f`.
    #[inline]
    pub fn feature_kind(&self, f: FeatureId) -> FeatureKind {
        self.feats[f as usize].kind
    }

    /// Placed tile of feature instance `f`.
    #[inline]
    pub fn feature_tile(&self, f: FeatureId) -> TileIndex {
        self.feats[f as usize].tile
    }

    /// Local index of feature instance `f` on its tile.
    #[inline]
    pub fn feature_local(&self, f: FeatureId) -> u8 {
        self.feats[f as usize].local
    }

    /// Open sides of the feature containing `f` (0: complete road/city, closed field).
    #[inline]
    pub fn open_sides(&self, f: FeatureId) -> u16 {
        self.feats[self.find(f) as usize].open
    }

    /// Whether the feature containing `f` is complete (roads, cities: no open side;
    /// fields: closed; cloisters and spots: surrounded).
    pub fn is_complete(&self, f: FeatureId) -> bool {
        let r = self.find(f);
        let ft = &self.feats[r as usize];
        if ft.kind.is_centre() {
            self.tiles[ft.tile as usize].nbrs == 8
        } else {
            ft.open == 0
        }
    }

    /// Occupying figures in the feature containing `f`.
    #[inline]
    pub fn occupants(&self, f: FeatureId) -> u8 {
        self.feats[self.find(f) as usize].occ
    }

    /// The member feature instances of the set containing `f`.
    pub fn members(&self, f: FeatureId) -> impl Iterator<Item = FeatureId> + '_ {
        let start = f;
        let mut cur = Some(f);
        std::iter::from_fn(move || {
            let c = cur?;
            let n = self.feats[c as usize].next;
            cur = (n != start).then_some(n);
            Some(c)
        })
    }

    /// Figures standing on feature instance `f` itself (not the whole set).
    pub fn figures_on(&self, f: FeatureId) -> impl Iterator<Item = FigureId> + '_ {
        let mut cur = self.feats[f as usize].figs;
        std::iter::from_fn(move || {
            if cur == NONE16 {
                return None;
            }
            let c = cur;
            cur = self.figs[c as usize].next;
            Some(c)
        })
    }

    /// Figures standing anywhere in the set containing `f`.
    pub fn figures_in(&self, f: FeatureId) -> impl Iterator<Item = FigureId> + '_ {
        self.members(self.find(f))
            .flat_map(move |m| self.figures_on(m))
    }

    /// Owner of figure `fig`.
    #[inline]
    pub fn figure_owner(&self, fig: FigureId) -> PlayerId {
        (fig / self.rules.figs_per_player) as PlayerId
    }

    /// Kind of figure `fig`.
    #[inline]
    pub fn figure_kind(&self, fig: FigureId) -> FigureKindId {
        self.rules.slot_kind[(fig % self.rules.figs_per_player) as usize]
    }

    /// The feature instance figure `fig` stands on, if deployed.
    #[inline]
    pub fn figure_feature(&self, fig: FigureId) -> Option<FeatureId> {
        let f = self.figs[fig as usize].feature;
        (f != NONE16).then_some(f)
    }

    /// Number of figures in the game (deployed or not).
    pub fn figure_count(&self) -> usize {
        self.figs.len()
    }

    /// Figures of `kind` in `player`'s supply.
    #[inline]
    pub fn supply(&self, player: PlayerId, kind: FigureKindId) -> u8 {
        self.supply[player as usize * 8 + kind as usize]
    }

    /// The pending steps (top of the stack last).
    pub fn pending_steps(&self) -> &[Step] {
        &self.pending
    }

    /// Words of plugin `plugin`'s per-game state.
    pub fn plugin_state(&self, plugin: u8) -> &[u32] {
        let e = &self.rules.plugins[plugin as usize];
        &self.pstate[e.game_off as usize..(e.game_off + e.decl.game_words) as usize]
    }

    /// Words of plugin `plugin`'s state for feature instance `f` (use the root for set-wide data).
    pub fn plugin_feature_state(&self, plugin: u8, f: FeatureId) -> &[u32] {
        let e = &self.rules.plugins[plugin as usize];
        let o = f as usize * self.rules.feature_words as usize + e.feature_off as usize;
        &self.pfeat[o..o + e.decl.feature_words as usize]
    }

    /// Whether events are being logged.
    #[inline]
    pub fn logging(&self) -> bool {
        self.logging
    }

    /// Turns the event log on or off.
    pub fn set_logging(&mut self, on: bool) {
        self.logging = on;
    }

    /// Drains the event log.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    #[inline]
    fn emit(&mut self, e: impl FnOnce() -> Event) {
        if self.logging {
            self.events.push(e());
        }
    }

    /// Who must act now.
    pub fn actor(&self) -> Actor {
        if let Some(s) = self.pending.last() {
            return if s.chance {
                Actor::Chance
            } else {
                Actor::Player(s.player)
            };
        }
        match self.stage {
            Stage::Draw => Actor::Chance,
            Stage::Place | Stage::Figure => Actor::Player(self.current),
            Stage::Over => Actor::GameOver,
            _ => unreachable!("automatic stage {:?} left pending", self.stage),
        }
    }

    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.stage == Stage::Over
    }

    // ------------------------------------------------------------ board/grid

    fn ensure_room(&mut self, p: Pos) {
        // Keep a margin of one cell so frontier cells around `p` fit.
        let (x, y) = (
            i32::from(p.x) - i32::from(self.ox),
            i32::from(p.y) - i32::from(self.oy),
        );
        if x >= 1 && y >= 1 && x < self.w as i32 - 1 && y < self.h as i32 - 1 {
            return;
        }
        let (nw, nh) = (self.w * 2, self.h * 2);
        let (nox, noy) = (self.ox - (self.w / 2) as i16, self.oy - (self.h / 2) as i16);
        let mut cells = vec![0u16; nw as usize * nh as usize];
        for yy in 0..self.h as usize {
            let src = &self.cells[yy * self.w as usize..(yy + 1) * self.w as usize];
            let ny = yy + (self.oy - noy) as usize;
            let nx = (self.ox - nox) as usize;
            cells[ny * nw as usize + nx..ny * nw as usize + nx + self.w as usize]
                .copy_from_slice(src);
        }
        self.cells = cells;
        self.w = nw;
        self.h = nh;
        self.ox = nox;
        self.oy = noy;
    }

    #[inline]
    fn set_cell(&mut self, p: Pos, v: u16) {
        let x = (p.x - self.ox) as usize;
        let y = (p.y - self.oy) as usize;
        self.cells[y * self.w as usize + x] = v;
    }

    /// Legal placements of tile type `tile` before plugin filters, appended to `out`.
    fn raw_placements(&self, tile: TileTypeId, out: &mut Vec<Placement>) {
        let fit = &self.rules.tiles.fits[tile as usize].fit;
        for fr in &self.frontier {
            let mut m = fit[fr.req as usize];
            while m != 0 {
                let r = m.trailing_zeros() as u8;
                m &= m - 1;
                out.push(Placement {
                    pos: fr.pos,
                    rot: r,
                });
            }
        }
    }

    fn placements_into(
        &self,
        tile: TileTypeId,
        out: &mut Vec<Placement>,
        keep: &mut Vec<bool>,
    ) -> HookResult {
        out.clear();
        self.raw_placements(tile, out);
        if self.rules.wants(hook::FILTER_PLACEMENTS) {
            keep.clear();
            keep.resize(out.len(), true);
            dispatch_view!(self, hook::FILTER_PLACEMENTS, |h, v| h
                .filter_placements(v, tile, out, keep));
            let mut i = 0;
            out.retain(|_| {
                i += 1;
                keep[i - 1]
            });
        }
        Ok(())
    }

    /// A uniformly random legal placement of the drawn tile, without building the list
    /// (no placement filters may be active).
    fn random_placement(&self, rng: &mut Rng) -> Placement {
        let fit = &self.rules.tiles.fits[self.drawn as usize].fit;
        let total: u32 = self
            .frontier
            .iter()
            .map(|fr| fit[fr.req as usize].count_ones())
            .sum();
        let mut k = rng.below(total);
        for fr in &self.frontier {
            let mut m = fit[fr.req as usize];
            let n = m.count_ones();
            if k < n {
                for _ in 0..k {
                    m &= m - 1;
                }
                return Placement {
                    pos: fr.pos,
                    rot: m.trailing_zeros() as u8,
                };
            }
            k -= n;
        }
        unreachable!("the drawn tile has a legal placement")
    }

    /// Whether tile type `tile` can be placed anywhere.
    fn can_place(&mut self, tile: TileTypeId) -> Result<bool, HookError> {
        if self.rules.plain_placement() {
            let fit = &self.rules.tiles.fits[tile as usize].fit;
            return Ok(self.frontier.iter().any(|fr| fit[fr.req as usize] != 0));
        }
        let mut out = std::mem::take(&mut self.scratch.placements);
        let mut keep = std::mem::take(&mut self.scratch.keep);
        let r = self.placements_into(tile, &mut out, &mut keep);
        let any = !out.is_empty();
        self.scratch.placements = out;
        self.scratch.keep = keep;
        r.map(|_| any)
    }

    /// Places a tile: grid, frontier, features, unions, completion. Fills `done`/`closed`.
    /// Calls `features_merged` hooks.
    fn place_tile(&mut self, ty: TileTypeId, pos: Pos, rot: Rotation) -> HookResult {
        self.ensure_room(pos);
        let rules = self.rules.clone();
        let tt = rules.tiles.get(ty);
        let geom = &tt.rot[rot as usize];
        let ti = self.tiles.len() as u16;
        let base = self.feats.len() as u16;
        // Remove pos from the frontier.
        let c = self.cell(pos);
        if c & FRONTIER_BIT != 0 {
            let i = (c & !FRONTIER_BIT) as usize;
            self.frontier.swap_remove(i);
            if i < self.frontier.len() {
                let moved = self.frontier[i].pos;
                self.set_cell(moved, FRONTIER_BIT | i as u16);
            }
        }
        self.set_cell(pos, ti + 1);
        self.tiles.push(PlacedTile {
            pos,
            ty,
            rot,
            nbrs: 0,
            base,
        });
        for (l, f) in tt.features.iter().enumerate() {
            let id = base + l as u16;
            self.feats.push(Feat {
                parent: id,
                next: id,
                open: f.side_count as u16,
                tile: ti,
                figs: NONE16,
                occ: 0,
                kind: f.kind,
                local: l as u8,
            });
        }
        self.done.clear();
        self.closed.clear();
        // Sides: connect with neighbours or extend the frontier.
        for d in 0..4 {
            let q = pos.step(Side::from_index(d));
            let qc = self.cell(q);
            let facing = (d + 2) % 4;
            if qc == 0 || qc & FRONTIER_BIT != 0 {
                let need = (geom.edges[d] as u8) << (2 * facing);
                if qc == 0 {
                    let i = self.frontier.len() as u16;
                    self.frontier.push(Frontier { pos: q, req: need });
                    self.set_cell(q, FRONTIER_BIT | i);
                } else {
                    self.frontier[(qc & !FRONTIER_BIT) as usize].req |= need;
                }
                continue;
            }
            let nt = self.tiles[(qc - 1) as usize];
            let ngeom = &rules.tiles.get(nt.ty).rot[nt.rot as usize];
            // Close the side for every distinct feature touching it, on both tiles.
            for &a in &geom.side_features[d] {
                if a != NO_FEATURE {
                    let r = self.find_mut(base + a as u16);
                    self.feats[r as usize].open -= 1;
                }
            }
            for &b in &ngeom.side_features[facing] {
                if b != NO_FEATURE {
                    let r = self.find_mut(nt.base + b as u16);
                    self.feats[r as usize].open -= 1;
                }
            }
            for i in 0..3 {
                let s = d * 3 + i;
                let a = geom.slot_feature[s];
                let b = ngeom.slot_feature[mirror_slot(s)];
                if a != NO_FEATURE && b != NO_FEATURE {
                    self.union(base + a as u16, nt.base + b as u16)?;
                }
            }
        }
        // Neighbourhood counts for cloisters and spots.
        for q in pos.ring() {
            if let Some(t) = self.tile_at(q) {
                self.tiles[ti as usize].nbrs += 1;
                let n = &mut self.tiles[t as usize];
                n.nbrs += 1;
                if n.nbrs == 8 && rules.tiles.get(n.ty).has_centre {
                    let (nb, nty) = (n.base, n.ty);
                    for (l, f) in rules.tiles.get(nty).features.iter().enumerate() {
                        if f.kind.is_centre() {
                            self.done.push(nb + l as u16);
                        }
                    }
                }
            }
        }
        // Completion of the new tile's features.
        for (l, f) in tt.features.iter().enumerate() {
            let id = base + l as u16;
            if f.kind.is_centre() {
                if self.tiles[ti as usize].nbrs == 8 {
                    self.done.push(id);
                }
                continue;
            }
            let r = self.find_mut(id);
            if self.feats[r as usize].open == 0 {
                let list = if f.kind == FeatureKind::Field {
                    &mut self.closed
                } else {
                    &mut self.done
                };
                if !list.contains(&r) {
                    list.push(r);
                }
            }
        }
        self.last_tile = ti;
        Ok(())
    }

    fn union(&mut self, a: FeatureId, b: FeatureId) -> HookResult {
        let ra = self.find_mut(a);
        let rb = self.find_mut(b);
        if ra == rb {
            return Ok(());
        }
        // Guaranteed by the tile compiler, which rejects a side whose slots mix
        // kinds (`tiles::side_mix_error`, in every build), so only asserted here.
        debug_assert_eq!(self.feats[ra as usize].kind, self.feats[rb as usize].kind);
        // The older feature stays the root.
        let (keep, gone) = if ra < rb { (ra, rb) } else { (rb, ra) };
        let g = self.feats[gone as usize];
        self.feats[gone as usize].parent = keep;
        let k = &mut self.feats[keep as usize];
        k.open += g.open;
        k.occ += g.occ;
        let kn = k.next;
        k.next = g.next;
        self.feats[gone as usize].next = kn;
        dispatch!(self, hook::FEATURES_MERGED, |h, cx| h
            .features_merged(cx, keep, gone));
        Ok(())
    }

    // --------------------------------------------------------------- figures

    /// Deploys a figure of `kind` from `player`'s supply onto feature instance `f`.
    /// Returns the figure, or `None` if the supply is empty.
    pub(crate) fn deploy(
        &mut self,
        player: PlayerId,
        kind: FigureKindId,
        f: FeatureId,
    ) -> Option<FigureId> {
        if self.supply(player, kind) == 0 {
            return None;
        }
        let fpp = self.rules.figs_per_player;
        let first = self.rules.kind_first_slot[kind as usize];
        let n = self.rules.figures[kind as usize].per_player as u16;
        let fig = (first..first + n)
            .map(|s| player as u16 * fpp + s)
            .find(|&g| self.figs[g as usize].feature == NONE16)?;
        self.figs[fig as usize] = Fig {
            feature: f,
            next: self.feats[f as usize].figs,
        };
        self.feats[f as usize].figs = fig;
        if self.rules.figures[kind as usize].occupies {
            let r = self.find_mut(f);
            self.feats[r as usize].occ += 1;
        }
        self.supply[player as usize * 8 + kind as usize] -= 1;
        let (pos, fk) = (
            self.tiles[self.feats[f as usize].tile as usize].pos,
            self.feats[f as usize].kind,
        );
        self.emit(|| Event::FigureDeployed {
            player,
            kind,
            feature: f,
            feature_kind: fk,
            pos,
        });
        Some(fig)
    }

    /// Sends a deployed figure back to its owner's supply and tells the
    /// `figure_returned` subscribers.
    pub(crate) fn return_figure(&mut self, fig: FigureId) -> HookResult {
        let f = self.figs[fig as usize].feature;
        if f == NONE16 {
            return Ok(());
        }
        // Unlink.
        let mut cur = self.feats[f as usize].figs;
        if cur == fig {
            self.feats[f as usize].figs = self.figs[fig as usize].next;
        } else {
            while cur != NONE16 {
                let n = self.figs[cur as usize].next;
                if n == fig {
                    self.figs[cur as usize].next = self.figs[fig as usize].next;
                    break;
                }
                cur = n;
            }
        }
        self.figs[fig as usize] = Fig {
            feature: NONE16,
            next: NONE16,
        };
        let kind = self.figure_kind(fig);
        let player = self.figure_owner(fig);
        if self.rules.figures[kind as usize].occupies {
            let r = self.find_mut(f);
            self.feats[r as usize].occ -= 1;
        }
        self.supply[player as usize * 8 + kind as usize] += 1;
        self.emit(|| Event::FigureReturned { player, kind });
        dispatch!(self, hook::FIGURE_RETURNED, |h, cx| h
            .figure_returned(cx, fig, f));
        Ok(())
    }

    // -------------------------------------------------------------- pipeline

    fn flush_incoming(&mut self) {
        while let Some(s) = self.incoming.pop() {
            self.pending.push(s);
        }
    }

    /// Runs automatic stages until input is needed.
    fn advance(&mut self) -> HookResult {
        loop {
            self.flush_incoming();
            if !self.pending.is_empty() {
                return Ok(());
            }
            match self.stage {
                Stage::Draw => {
                    if self.bag.is_empty() {
                        self.stage = Stage::Final;
                        continue;
                    }
                    return Ok(());
                }
                Stage::Place | Stage::Figure | Stage::Over => return Ok(()),
                Stage::Drawn => {
                    self.stage = Stage::Place;
                    let t = self.drawn;
                    dispatch!(self, hook::TILE_DRAWN, |h, cx| h.tile_drawn(cx, t));
                }
                Stage::Placed => {
                    self.stage = Stage::Figure;
                    dispatch!(self, hook::BEFORE_FIGURE, |h, cx| h.before_figure(cx));
                }
                Stage::Figured => {
                    self.stage = Stage::Score;
                    dispatch!(self, hook::AFTER_FIGURE, |h, cx| h.after_figure(cx));
                }
                Stage::Score => {
                    self.stage = Stage::Closed;
                    for i in 0..self.done.len() {
                        let r = self.done[i];
                        self.score_feature(r, ScoreReason::Completed)?;
                    }
                }
                Stage::Closed => {
                    self.stage = Stage::TurnEnd;
                    if self.rules.wants(hook::FIELD_CLOSED) {
                        for i in 0..self.closed.len() {
                            let f = self.closed[i];
                            dispatch!(self, hook::FIELD_CLOSED, |h, cx| h.field_closed(cx, f));
                        }
                    }
                }
                Stage::TurnEnd => {
                    self.stage = Stage::NextTurn;
                    dispatch!(self, hook::TURN_END, |h, cx| h.turn_end(cx));
                }
                Stage::NextTurn => {
                    if self.bag.is_empty() {
                        self.stage = Stage::Final;
                        continue;
                    }
                    self.done.clear();
                    self.closed.clear();
                    self.drawn = NONE16;
                    self.last_tile = NONE16;
                    self.current = (self.current + 1) % self.players;
                    self.turn += 1;
                    self.stage = Stage::Draw;
                    let (player, turn) = (self.current, self.turn);
                    self.emit(|| Event::TurnStarted { player, turn });
                }
                Stage::Final => {
                    self.stage = Stage::Over;
                    self.final_scoring()?;
                    dispatch!(self, hook::FINAL_SCORING, |h, cx| h.final_scoring(cx));
                    self.emit(|| Event::GameOver);
                }
            }
        }
    }

    /// Chance outcomes of the current chance event as `(outcome, weight)`; their
    /// probabilities are `weight / sum of weights`. Empty if no chance event is pending.
    pub fn chance_outcomes(&self) -> Result<Vec<(u32, u32)>, GameError> {
        let mut out = Vec::new();
        self.chance_outcomes_into(&mut out)?;
        Ok(out)
    }

    fn bag_outcomes(&self, out: &mut Vec<(u32, u32)>) {
        let mut counts = vec![0u32; self.rules.tiles.types.len()];
        for &t in &self.bag {
            counts[t as usize] += 1;
        }
        out.extend(
            counts
                .iter()
                .enumerate()
                .filter(|(_, &c)| c > 0)
                .map(|(t, &c)| (t as u32, c)),
        );
    }

    fn chance_outcomes_into(&self, out: &mut Vec<(u32, u32)>) -> Result<(), GameError> {
        out.clear();
        match self.pending.last() {
            Some(s) if s.chance => {
                if s.owner == CORE_OWNER {
                    self.bag_outcomes(out);
                } else {
                    let p = &self.rules.plugins[s.owner as usize];
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
            None if self.stage == Stage::Draw => self.bag_outcomes(out),
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
                out.extend(o.into_iter().map(|(c, _)| Action::Chance(c)));
            }
            Actor::Player(_) => {
                if let Some(s) = self.pending.last() {
                    let mut codes = Vec::new();
                    self.step_options_into(*s, &mut codes)?;
                    out.extend(codes.into_iter().map(Action::Choose));
                } else if self.stage == Stage::Place {
                    let mut p = Vec::new();
                    self.placements_into(self.drawn, &mut p, &mut Vec::new())?;
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

    fn step_options_into(&self, s: Step, out: &mut Vec<u32>) -> HookResult {
        out.clear();
        if s.owner != CORE_OWNER {
            let p = &self.rules.plugins[s.owner as usize];
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

    /// Figure-step options in canonical order: `Pass`, then deployments by (kind, feature), then specials.
    fn figure_options_into(&self, out: &mut Vec<FigureOption>) -> HookResult {
        out.clear();
        out.push(FigureOption::Pass);
        let t = self.last_tile;
        if t == NONE16 {
            return Ok(());
        }
        let farmers = self.rules.options.farmers != FarmerScoring::Off;
        if self.supply(self.current, FOLLOWER) > 0 {
            let tt = self.tile_type(t);
            for (l, f) in tt.features.iter().enumerate() {
                let ok = match f.kind {
                    FeatureKind::Road | FeatureKind::City | FeatureKind::Cloister => true,
                    FeatureKind::Field => farmers,
                    FeatureKind::Spot => false,
                };
                if ok && self.occupants(self.feature_of(t, l as u8)) == 0 {
                    out.push(FigureOption::Deploy {
                        kind: FOLLOWER,
                        feature: l as u8,
                    });
                }
            }
        }
        if self.rules.wants(hook::FIGURE_OPTIONS) {
            dispatch_view!(self, hook::FIGURE_OPTIONS, |h, v| h.figure_options(v, out));
            out.sort_unstable();
            out.dedup();
        }
        Ok(())
    }

    /// Applies an action of the current actor. An illegal action, or a plugin
    /// failure, returns an error and leaves the state unchanged.
    pub fn apply(&mut self, action: Action) -> Result<(), GameError> {
        self.check_legal(action)?;
        if self.rules.plugins.is_empty() {
            return self.apply_unchecked(action).map_err(GameError::from);
        }
        let backup = self.clone();
        if let Err(e) = self.apply_unchecked(action) {
            *self = backup;
            return Err(e.into());
        }
        Ok(())
    }

    fn illegal(&self, action: Action, reason: impl Into<String>) -> GameError {
        GameError::Illegal {
            action: format!("`{}`", self.format_action(action)),
            reason: reason.into(),
        }
    }

    fn check_legal(&self, action: Action) -> Result<(), GameError> {
        let actor = self.actor();
        match (actor, action) {
            (Actor::GameOver, _) => Err(GameError::GameOver),
            (Actor::Chance, Action::Chance(c)) => {
                let mut o = Vec::new();
                self.chance_outcomes_into(&mut o)?;
                if o.iter().any(|&(x, w)| x == c && w > 0) {
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
                if let Some(s) = self.pending.last() {
                    let Action::Choose(c) = a else {
                        return Err(self.illegal(action, "a plugin decision is pending"));
                    };
                    let mut codes = Vec::new();
                    self.step_options_into(*s, &mut codes)?;
                    return if codes.contains(&c) {
                        Ok(())
                    } else {
                        Err(self.illegal(action, "not an option of the pending decision"))
                    };
                }
                match (self.stage, a) {
                    (Stage::Place, Action::Place(p)) => {
                        let mut v = Vec::new();
                        self.placements_into(self.drawn, &mut v, &mut Vec::new())?;
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

    /// Applies a legal action without checking it (playouts). Plugin failures leave
    /// the state undefined; use [`Game::apply`] when that matters.
    pub fn apply_unchecked(&mut self, action: Action) -> HookResult {
        match action {
            Action::Chance(c) => {
                if let Some(s) = self.pending.pop() {
                    if s.owner == CORE_OWNER {
                        let i = self
                            .bag
                            .iter()
                            .position(|&t| t as u32 == c)
                            .expect("legal outcome");
                        self.bag.swap_remove(i);
                        self.hidden.push(c as TileTypeId);
                        self.emit(|| Event::TileHidden {
                            tile: c as TileTypeId,
                        });
                    } else {
                        let h = self.rules.clone();
                        h.plugins[s.owner as usize].hooks.resolve_step(
                            &mut Cx {
                                game: self,
                                plugin: s.owner,
                            },
                            s,
                            c,
                        )?;
                        self.flush_incoming();
                    }
                } else {
                    let i = self
                        .bag
                        .iter()
                        .position(|&t| t as u32 == c)
                        .expect("legal outcome");
                    self.draw_at(i)?;
                }
            }
            Action::Choose(c) => {
                let s = self.pending.pop().expect("pending decision");
                let h = self.rules.clone();
                h.plugins[s.owner as usize].hooks.resolve_step(
                    &mut Cx {
                        game: self,
                        plugin: s.owner,
                    },
                    s,
                    c,
                )?;
                self.flush_incoming();
            }
            Action::Place(p) => {
                let (player, tile) = (self.current, self.drawn);
                self.place_tile(tile, p.pos, p.rot)?;
                self.drawn = NONE16;
                self.emit(|| Event::TilePlaced {
                    player,
                    tile,
                    pos: p.pos,
                    rot: p.rot,
                });
                self.stage = Stage::Placed;
                let ti = self.last_tile;
                dispatch!(self, hook::TILE_PLACED, |h, cx| h.tile_placed(cx, ti));
            }
            Action::Figure(o) => {
                if let FigureOption::Deploy { kind, feature } = o {
                    let f = self.feature_of(self.last_tile, feature);
                    self.deploy(self.current, kind, f);
                }
                self.stage = Stage::Figured;
                dispatch!(self, hook::FIGURE_CHOSEN, |h, cx| h.figure_chosen(cx, o));
            }
        }
        self.advance()
    }

    /// Draws bag entry `i` (the tile draw chance event).
    fn draw_at(&mut self, i: usize) -> HookResult {
        let t = self.bag.swap_remove(i);
        let player = self.current;
        self.emit(|| Event::TileDrawn { player, tile: t });
        if self.can_place(t)? {
            self.drawn = t;
            self.stage = Stage::Drawn;
        } else {
            self.set_aside.push(t);
            self.emit(|| Event::TileSetAside { tile: t });
        }
        Ok(())
    }

    /// Ends the game now, at a turn boundary: final scoring runs at once as if the
    /// bag were empty. For scenario fixtures and "what if the game stopped here".
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
        if self.stage != Stage::Draw || !self.pending.is_empty() {
            return Err(GameError::Illegal {
                action: "end".into(),
                reason: "the game can only end between turns".into(),
            });
        }
        self.stage = Stage::Final;
        self.advance().map_err(GameError::from)
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
        let backup = (transactional && !self.rules.plugins.is_empty()).then(|| self.clone());
        let r = self.sample_inner();
        if let (Err(_), Some(b)) = (&r, backup) {
            *self = b;
        }
        r
    }

    fn sample_inner(&mut self) -> Result<u32, GameError> {
        if self.pending.is_empty() {
            // Tile draw: a uniform tile from the bag.
            let i = self.rng.below(self.bag.len() as u32) as usize;
            let t = self.bag[i] as u32;
            self.draw_at(i)?;
            self.advance()?;
            return Ok(t);
        }
        if self.pending.last().is_some_and(|s| s.owner == CORE_OWNER) && !self.bag.is_empty() {
            // A face-down tile: uniform among the tiles in the bag, like a draw.
            let i = self.rng.below(self.bag.len() as u32) as usize;
            let t = self.bag[i] as u32;
            self.apply_unchecked(Action::Chance(t))?;
            return Ok(t);
        }
        let mut o = std::mem::take(&mut self.scratch.outcomes);
        let r = self.chance_outcomes_into(&mut o);
        let pick = r.and_then(|_| {
            let i = self.rng.weighted(o.iter().map(|x| x.1)).ok_or_else(|| {
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
            Ok(o[i].0)
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
        match self.actor() {
            Actor::GameOver => Ok(false),
            Actor::Chance => self.sample_chance_with(false).map(|_| true),
            Actor::Player(_) => {
                let a = if let Some(s) = self.pending.last().copied() {
                    let mut c = std::mem::take(&mut self.scratch.codes);
                    let r = self.step_options_into(s, &mut c);
                    let a = r
                        .map_err(GameError::from)
                        .and_then(|_| pick(&c, rng).map(Action::Choose));
                    self.scratch.codes = c;
                    a?
                } else if self.stage == Stage::Place && self.rules.plain_placement() {
                    Action::Place(self.random_placement(rng))
                } else if self.stage == Stage::Place {
                    let mut p = std::mem::take(&mut self.scratch.placements);
                    let mut k = std::mem::take(&mut self.scratch.keep);
                    let r = self.placements_into(self.drawn, &mut p, &mut k);
                    let a = r
                        .map_err(GameError::from)
                        .and_then(|_| pick(&p, rng).map(Action::Place));
                    self.scratch.placements = p;
                    self.scratch.keep = k;
                    a?
                } else {
                    let mut o = std::mem::take(&mut self.scratch.options);
                    let r = self.figure_options_into(&mut o);
                    let a = r
                        .map_err(GameError::from)
                        .and_then(|_| pick(&o, rng).map(Action::Figure));
                    self.scratch.options = o;
                    a?
                };
                // The action comes from the legal list just computed: no need to check it
                // again, and a playout discards the game if a plugin fails.
                self.apply_unchecked(a)?;
                Ok(true)
            }
        }
    }
}
