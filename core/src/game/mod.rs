//! The game state and the turn pipeline.
//!
//! A [`Game`] is an `Arc` to the immutable [`Rules`] plus its state, split by
//! data into parts that each own their module: [`turn`] (whose turn, stage,
//! drawn tile, granted turns, pending steps, scores, RNG), [`board`] (grid,
//! placed tiles, frontier; legal placements), [`features`] (the feature
//! records and their union-find), [`figures`] (figure records, supplies;
//! deploying, moving, returning, the shared placement rule), [`bag`] (bag,
//! hands, face-down and set-aside tiles; the tile draw), [`words`] (plugin
//! state words) and [`log`] (events). Each part is a few flat arrays whose
//! `Clone` copies them (the [`state!`] macro); no operation of a turn
//! allocates once the [`scratch`] buffers are warm.
//!
//! The operations are split by responsibility: [`place`] (placing a tile),
//! [`barriers`] (where tiles with barrier sides fit),
//! [`flow`] (the turn pipeline, granted turns, hands), [`actions`] (legal
//! actions, `apply`, chance, playouts), [`scoring`] and [`farmers`],
//! [`queries`] (the public read API), [`context`] (what plugins may do),
//! [`determinize`], [`explain`] and [`integrity`].

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
    /// `before_final_scoring` hooks next (after the decisions pushed by
    /// `game_ending`; the turns they grant come first).
    Final,
    /// Final scoring next (after the decisions pushed by
    /// `before_final_scoring`; the turns they grant come first).
    LastCall,
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

/// Defines a struct of game state with a `Clone` that copies it field by field
/// and a `clone_from` that copies each field into the destination's own
/// (reusing its buffers: no allocation once they are large enough). The
/// fields are listed once, in the definition, so none can be left out.
macro_rules! state {
    (
        $(#[$m:meta])*
        $vis:vis struct $name:ident {
            $($(#[$fm:meta])* $fvis:vis $f:ident: $t:ty,)*
        }
    ) => {
        $(#[$m])*
        $vis struct $name {
            $($(#[$fm])* $fvis $f: $t,)*
        }

        impl Clone for $name {
            #[inline]
            fn clone(&self) -> Self {
                Self {
                    $($f: self.$f.clone(),)*
                }
            }

            #[inline]
            fn clone_from(&mut self, src: &Self) {
                $(self.$f.clone_from(&src.$f);)*
            }
        }
    };
}

state! {
    /// A game in progress: the rules, and the state split by data, each part
    /// in its own module. Cloning copies the parts' arrays; [`Clone::clone_from`]
    /// copies them into an existing game's buffers without allocating (the
    /// scratch buffers are not part of the state: a clone gets fresh ones).
    pub struct Game {
        rules: Arc<Rules>,
        /// The hooks some plugin subscribes to and has on: `rules.subs_any`
        /// minus the hooks switched off by every subscriber ([`switches`]),
        /// kept here: the turn pipeline asks it at every stage, and this saves
        /// following the rules pointer each time.
        subs: u64,
        players: u8,
        turn: Turn,
        board: Board,
        feats: Features,
        added: Added,
        figures: Figures,
        bag: Bag,
        words: PluginWords,
        switches: Switches,
        offers: Offers,
        log: Log,
        scratch: Scratch,
    }
}

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

/// Sets plugin `plugin`'s tile-level `markers` in `list` (one entry per
/// plugin, sorted by plugin) when `on`, or removes its entry: the plugins'
/// marker requests ([`Cx::hold_back_draws`], [`Cx::offer_open_features`]).
fn set_plugin_markers(list: &mut Vec<(u8, u64)>, plugin: u8, markers: u64, on: bool) {
    match (list.binary_search_by_key(&plugin, |e| e.0), on) {
        (Ok(i), true) => list[i].1 = markers,
        (Err(i), true) => list.insert(i, (plugin, markers)),
        (Ok(i), false) => {
            list.remove(i);
        }
        (Err(_), false) => {}
    }
}

/// Calls hook `$name` of every plugin subscribed to `$bit`, in dispatch order,
/// with a read-write context; then queues the steps they pushed, unless the
/// dispatch runs inside another plugin's hook (`Scratch::hook_depth`: the
/// outermost queues them all, in push order). (The `@each`
/// arm is the loop, skipping a subscriber `$i` for which `$skip` holds.)
macro_rules! dispatch {
    ($self:ident, $bit:expr, |$h:ident, $cx:ident| $call:expr) => {
        if $self.wants($bit) {
            dispatch!(@each $self, $bit, |i| false, |$h, $cx| $call);
        }
    };
    // One subscriber's call: its hooks and a context on the game.
    (@call $self:ident, $rules:ident, $i:ident, |$h:ident, $cx:ident| $call:expr) => {
        if let Some(p) = $rules.plugins.get($i as usize) {
            let $h = &p.hooks;
            $self.scratch.hook_depth += 1;
            let $cx = &mut Cx {
                game: &mut *$self,
                plugin: $i,
            };
            let r = $call;
            $self.scratch.hook_depth -= 1;
            r?;
        }
    };
    (@each $self:ident, $bit:expr, |$i:ident| $skip:expr, |$h:ident, $cx:ident| $call:expr) => {{
        let rules = $self.lend_rules();
        for &$i in rules.subscribers($bit) {
            if $skip || $self.switched_off($i, $bit) {
                continue;
            }
            dispatch!(@call $self, rules, $i, |$h, $cx| $call);
        }
        $self.return_rules(rules);
        $self.flush_outermost();
    }};
    (@each_from $self:ident, $bit:expr, $first:expr, |$i:ident| $skip:expr, |$h:ident, $cx:ident| $call:expr) => {{
        let rules = $self.lend_rules();
        let first = $first;
        for (k, &$i) in rules.subscribers($bit).iter().enumerate().skip(first) {
            if k != first && ($skip || $self.switched_off($i, $bit)) {
                continue;
            }
            dispatch!(@call $self, rules, $i, |$h, $cx| $call);
        }
        $self.return_rules(rules);
        $self.flush_outermost();
    }};
}

/// [`dispatch!`] to the subscribers that did not narrow this call away
/// ([`Game::narrowed_away`]). First one check of every subscriber: when all
/// narrowed the call away, as in most turns, nothing else happens (no rules
/// handle lent, no dynamic call, no steps flushed). Otherwise each subscriber
/// is called unless it narrowed the call away, decided again just before its
/// call (an earlier plugin's call may change the case), but for the first one
/// kept ([`Game::first_kept`]): no call came before it, so it is called
/// without asking again, and those before it are skipped. The host's adapter
/// does not check these hooks again.
macro_rules! dispatch_narrowed {
    ($self:ident, $bit:expr, $case:expr, |$h:ident, $cx:ident| $call:expr) => {
        if $self.wants($bit) {
            if let Some(first) = $self.first_kept($bit, $case) {
                dispatch!(@each_from $self, $bit, first, |i| $self.narrowed_away(i, $case), |$h, $cx| $call);
            }
        }
    };
}

/// Calls a read-only hook of every subscribed plugin, in dispatch order. (The
/// `@each` arm skips a subscriber `$i` for which `$skip` holds.)
macro_rules! dispatch_view {
    ($self:ident, $bit:expr, |$h:ident, $v:ident| $call:expr) => {
        if $self.wants($bit) {
            dispatch_view!(@each $self, $bit, |i| false, |$h, $v| $call);
        }
    };
    (@each $self:ident, $bit:expr, |$i:ident| $skip:expr, |$h:ident, $v:ident| $call:expr) => {
        {
            for &$i in $self.rules.subscribers($bit) {
                if $skip || $self.switched_off($i, $bit) {
                    continue;
                }
                if let Some(p) = $self.rules.plugins.get($i as usize) {
                    let $h = &p.hooks;
                    let $v = &View {
                        game: &*$self,
                        plugin: $i,
                    };
                    $call?;
                }
            }
        }
    };
}

mod actions;
mod added;
mod bag;
mod barriers;
mod board;
mod carry;
mod context;
mod determinize;
mod explain;
mod farmers;
mod features;
mod figure_step;
mod figures;
mod flow;
mod holding;
mod integrity;
mod limits;
mod log;
mod lot;
mod offers;
mod open_offers;
mod option_order;
mod pieces;
mod place;
mod queries;
mod scoring;
mod scratch;
mod spread;
mod squares;
mod switches;
mod turn;
mod words;

use added::Added;
use bag::Bag;
use board::{Board, Frontier, FRONTIER_BIT};
pub(crate) use features::Feat;
use features::Features;
use figures::Figures;
use log::Log;
use offers::Offers;
use scratch::Scratch;
use switches::Switches;
pub use switches::SWITCHABLE_HOOKS;
use turn::Turn;
use words::PluginWords;

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
            turn: Turn::new(seed),
            board: Board::new(),
            feats: Features::new(),
            added: Added::new(),
            figures: Figures::new(),
            bag: Bag::new(),
            words: PluginWords::new(),
            switches: Switches::new(),
            offers: Offers::new(),
            log: Log::new(),
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

    /// Sets every part of the state to the start of a game with `seed`, then
    /// places the start layout and runs the setup hooks. Each part resets
    /// itself (destructured there, so a new field cannot be forgotten).
    fn start(&mut self, seed: u64) -> Result<(), GameError> {
        let rules = self.rules.clone();
        let layout = rules.tiles.start.as_ref().ok_or(GameError::NoStartTile)?;
        let players = self.players;
        let Game {
            rules: _,
            subs,
            players: _,
            turn,
            board,
            feats,
            added,
            figures,
            bag,
            words,
            switches,
            offers,
            log,
            scratch,
        } = self;
        scratch.forget();
        *subs = rules.subs_any;
        switches.reset();
        offers.reset();
        turn.reset(seed, players, rules.score_categories.len());
        board.reset(rules.max_tiles);
        feats.reset(rules.max_features);
        added.reset();
        let n = figures.reset(&rules, players);
        bag.reset(&rules, players);
        words.reset(&rules, players, n);
        log.reset();
        self.place_start(layout)?;
        self.turn.done.clear();
        self.turn.closed.clear();
        self.setup()?;
        Ok(())
    }

    fn setup(&mut self) -> HookResult {
        dispatch!(self, hook::SETUP, |h, cx| h.setup(cx));
        self.advance()
    }

    /// The rules handle for a dispatch: the spare one if it is this game's (no
    /// atomic update), else a clone. Give it back with [`Game::return_rules`].
    /// A hook given a `Cx` may change what the draw filters read: their kept
    /// answer is forgotten (here and when the handle comes back).
    #[inline]
    fn lend_rules(&mut self) -> Arc<Rules> {
        self.scratch.draws_kept = false;
        match self.scratch.rules.take() {
            Some(r) if Arc::ptr_eq(&r, &self.rules) => r,
            _ => self.rules.clone(),
        }
    }

    /// Keeps `r` as the spare rules handle unless one is kept already (then `r`
    /// is dropped: a nested dispatch's clone).
    #[inline]
    fn return_rules(&mut self, r: Arc<Rules>) {
        self.scratch.draws_kept = false;
        if self.scratch.rules.is_none() {
            self.scratch.rules = Some(r);
        }
    }

    /// Whether any plugin subscribes to hook bit `h` ([`Rules::wants`]).
    #[inline]
    fn wants(&self, h: u64) -> bool {
        self.subs & h != 0
    }

    /// Whether no plugin adds placements, and none filters the placements of
    /// tile type `tile`: none subscribes to `filter_placements`, or every
    /// subscriber narrowed it away for this tile ([`Narrowed::Placements`]).
    #[inline]
    fn plain_placement(&self, tile: TileTypeId) -> bool {
        !self.wants(hook::EXTRA_PLACEMENTS)
            && (!self.wants(hook::FILTER_PLACEMENTS)
                || self.all_narrowed_away(hook::FILTER_PLACEMENTS, Narrowed::Placements(tile)))
    }

    #[inline]
    fn emit(&mut self, e: impl FnOnce() -> Event) {
        if self.log.on {
            self.log.events.push(e());
        }
    }

    /// Tile type of a placed tile, for internal callers with a valid index.
    #[inline]
    fn ty_of(&self, t: u16) -> &crate::tiles::TileType {
        &self.rules.tiles.types[self.board.tiles[t as usize].ty.index()]
    }
}
