//! The game as a plugin sees it: [`View`] (read-only hooks) and [`Cx`] (hooks
//! that may change the game).
//!
//! Their query methods are generated from the binary interface's query table
//! (`carcassonne_plugin_abi::query_table!`) and carry the names of the core's
//! `Game` queries. Differences from the core: an id that does not exist gives a
//! neutral value (`0`, `false`, `None`, an empty slice, `Default`) and makes the
//! running hook fail with a message naming the call, so ids need no checking in
//! plugin code; list results come as slices or `Vec`s.

use crate::state::{view, view_mut};
use crate::{Error, HookResult};
use bytemuck::Pod;
use carcassonne_plugin_abi::{HostHandle, HostRef, HostVTable};
use carcassonne_vocab::hooks::{FigureOption, Piece, Placement, Points, ScoreReason, Step};
use carcassonne_vocab::types::*;
use carcassonne_vocab::{CoreOptions, FigureClass};
use std::ops::Deref;

/// The most members a list the host links (a feature's members, the figures
/// on a feature) can have: there are no more feature or figure ids than
/// this. Walks stop there, so a cycle that does not return to its start
/// cannot make them endless.
const RING_BOUND: usize = u16::MAX as usize + 1;

/// Read-only access to the game, handed to hooks that must not change it
/// (placement filter, figure options, majority, points, step options/outcomes).
///
/// Deliberately neither `Clone` nor `Copy`: slices it returns borrow it, so
/// they cannot outlive a change made through a [`Cx`].
pub struct View<'a> {
    host: HostRef<'a>,
}

/// Read-write access to the game, handed to hooks that may change it. Every
/// [`View`] query is available through `Deref`.
pub struct Cx<'a> {
    view: View<'a>,
}

impl<'a> Deref for Cx<'a> {
    type Target = View<'a>;
    #[inline]
    fn deref(&self) -> &View<'a> {
        &self.view
    }
}

macro_rules! sdk_query {
    // View methods.
    (view: view $mode:ident [$($doc:literal)*] $name:ident ($($arg:ident : ($($cty:tt)*)),*) -> ($($cret:tt)*)) => {
        $(#[doc = $doc])*
        #[inline]
        pub fn $name(&self $(, $arg: $($cty)*)*) -> sdk_query!(@ret $mode ($($cret)*)) {
            // SAFETY: the host's table with the handle of the running hook
            // (`View` is made only by the adapter, for that hook); what it lends
            // borrows `self`, so no change (a `Cx` method, `&mut self`) can be
            // made while it lives.
            sdk_query!(@conv $mode unsafe { (self.vt().$name)(self.h() $(, $arg.into())*) })
        }
    };
    // Cx methods.
    (cx: cx $mode:ident [$($doc:literal)*] $name:ident ($($arg:ident : ($($cty:tt)*)),*) -> ($($cret:tt)*)) => {
        $(#[doc = $doc])*
        #[inline]
        pub fn $name(&mut self $(, $arg: $($cty)*)*) -> sdk_query!(@ret $mode ($($cret)*)) {
            // SAFETY: as for `View`; `&mut self` keeps what a change lends unique.
            sdk_query!(@conv $mode unsafe { (self.vt().$name)(self.h() $(, $arg.into())*) })
        }
    };
    (view: cx $($rest:tt)*) => {};
    (cx: view $($rest:tt)*) => {};
    (@ret hook ($($cret:tt)*)) => { Result<$($cret)*, Error> };
    (@ret $mode:ident ($($cret:tt)*)) => { $($cret)* };
    (@conv get $e:expr) => { $e.into() };
    (@conv check $e:expr) => { $e.into() };
    (@conv slice $e:expr) => { $e.as_slice() };
    (@conv check_slice $e:expr) => { $e.as_slice() };
    (@conv slice_mut $e:expr) => { $e.into_mut_slice() };
    (@conv check_slice_mut $e:expr) => { $e.into_mut_slice() };
    (@conv check_str $e:expr) => { $e.as_str() };
    (@conv hook $e:expr) => {
        $e.into_result()
            .map(Into::into)
            .map_err(|m| Error::new(m.as_str()))
    };
}

macro_rules! sdk_queries {
    ($(
        $(#[doc = $doc:literal])*
        $access:ident $mode:ident $name:ident ( $($arg:ident : ($($cty:tt)*) => ($($aty:tt)*)),* )
            -> ($($cret:tt)*) => ($($aret:tt)*);
    )*) => {
        impl<'a> View<'a> {
            $( sdk_query!(view: $access $mode [$($doc)*] $name ($($arg: ($($cty)*)),*) -> ($($cret)*)); )*
        }
        impl<'a> Cx<'a> {
            $( sdk_query!(cx: $access $mode [$($doc)*] $name ($($arg: ($($cty)*)),*) -> ($($cret)*)); )*
        }
    };
}

carcassonne_plugin_abi::query_table!(sdk_queries);

impl<'a> View<'a> {
    /// Wraps a raw host reference. Called by the SDK's adapter; a plugin never needs it.
    #[doc(hidden)]
    pub fn __from_host(host: HostRef<'a>) -> View<'a> {
        View { host }
    }

    #[inline]
    fn vt(&self) -> &HostVTable {
        self.host.vtable
    }

    #[inline]
    fn h(&self) -> HostHandle<'a> {
        self.host.handle
    }

    /// Every tile type of the ruleset, in id order (`TileTypeId(0)` up to
    /// [`View::tile_type_count`]): `for t in v.tile_types()` instead of
    /// numbering them by hand. One query, whatever the count; the iterator
    /// does not borrow the view. Tile types never change during a game, so a
    /// plugin that derives data from them may compute it once (see
    /// `docs/plugin-sdk.md`, "Data computed once").
    pub fn tile_types(
        &self,
    ) -> impl DoubleEndedIterator<Item = TileTypeId> + ExactSizeIterator + Clone {
        // Tile type ids are `u16`: a count past them names no more ids.
        let n = self.tile_type_count().min(usize::from(u16::MAX) + 1);
        (0..n).map(|i| TileTypeId(i as u16))
    }

    /// The member feature instances of the set containing `f`, starting at `f`.
    pub fn members(&self, f: FeatureId) -> impl Iterator<Item = FeatureId> + '_ {
        let mut cur = Some(f);
        // A ring never has more members than there are feature ids (a bound
        // known without asking the host: one crossing less per walk).
        let mut left = RING_BOUND;
        std::iter::from_fn(move || {
            let c = cur?;
            left = left.checked_sub(1)?;
            let n = self.next_member(c);
            cur = (n != f).then_some(n);
            Some(c)
        })
    }

    /// The figures of this plugin's `i`-th figure kind (its index in
    /// `Plugin::FIGURES`), in figure order: `my_figures(i).next()` is a neutral
    /// figure (remember its id in your state at `setup` if you need it often).
    pub fn my_figures(&self, i: usize) -> impl Iterator<Item = FigureId> + '_ {
        let kind = self.my_figure(i);
        (0..self.figure_count() as u16)
            .map(FigureId)
            .filter(move |&g| self.figure_kind(g) == kind)
    }

    /// Figures standing on feature instance `f` itself (not the whole set).
    pub fn figures_on(&self, f: FeatureId) -> impl Iterator<Item = FigureId> + '_ {
        let mut cur = self.first_figure_on(f);
        // As in `members`: at most as many figures as figure ids.
        let mut left = RING_BOUND;
        std::iter::from_fn(move || {
            let c = cur?;
            left = left.checked_sub(1)?;
            cur = self.next_figure(c);
            Some(c)
        })
    }

    /// Figures standing anywhere in the set containing `f`.
    pub fn figures_in(&self, f: FeatureId) -> impl Iterator<Item = FigureId> + '_ {
        self.members(self.find(f))
            .flat_map(move |m| self.figures_on(m))
    }

    /// Every figure on the board standing on placed tile `t` (on a feature, at a
    /// corner or on the tile itself), in figure order.
    pub fn figures_at_tile(&self, t: TileIndex) -> impl Iterator<Item = FigureId> + '_ {
        (0..self.figure_count() as u16)
            .map(FigureId)
            .filter(move |&g| self.figure_tile(g) == Some(t))
    }

    /// The figures held prisoner by `player` (`Location::Held`), in figure
    /// order: one query (`figures_at`), not one per figure.
    pub fn figures_held_by(&self, player: PlayerId) -> impl Iterator<Item = FigureId> + '_ {
        self.figures_at(Location::Held(player)).into_iter()
    }

    /// The figures in area `area` (`Location::Area`), in figure order: one
    /// query (`figures_at`), not one per figure.
    pub fn figures_in_area(&self, area: AreaId) -> impl Iterator<Item = FigureId> + '_ {
        self.figures_at(Location::Area(area)).into_iter()
    }

    /// A special figure-step option of this plugin with `code` (see `Plugin::figure_options`).
    #[inline]
    pub fn special_option(&self, code: u32) -> FigureOption {
        FigureOption::Special {
            plugin: self.plugin_index(),
            code,
        }
    }

    /// This plugin's piece with `code` (at most `Piece::MAX_CODE`): for the
    /// placements it offers in `extra_placements`.
    #[inline]
    pub fn piece(&self, code: u32) -> Piece {
        Piece::of(self.plugin_index(), code)
    }

    /// The code of this plugin's piece laid with this turn's placement, if one
    /// was (read it in `tile_placed`).
    #[inline]
    pub fn my_placed_piece(&self) -> Option<u32> {
        let p = self.placed_piece();
        (p.plugin() == Some(self.plugin_index())).then(|| p.code())
    }

    /// The code of `p`'s piece if it is one of this plugin's.
    #[inline]
    pub fn my_piece(&self, p: Placement) -> Option<u32> {
        (p.piece.plugin() == Some(self.plugin_index())).then(|| p.piece.code())
    }

    /// The empty squares next to a placed tile (where a tile may go, before
    /// side matching), sorted. Allocates: for a hot hook whose result does not
    /// depend on the order, iterate [`View::frontier_cells`] instead.
    pub fn frontier(&self) -> Vec<Pos> {
        let mut out: Vec<Pos> = self.frontier_cells().collect();
        out.sort_unstable();
        out
    }

    /// The empty squares next to a placed tile, each once, in the engine's
    /// order (not sorted; one query per square, no allocation).
    pub fn frontier_cells(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..).map_while(move |i| self.frontier_cell(i))
    }

    /// The squares of the frontier with what their neighbours require
    /// ([`FrontierSquare`]: where tiles lie around each and the kinds of the
    /// sides they turn to it), each once, in the engine's order (not sorted;
    /// one query per square, no allocation).
    pub fn frontier_squares(&self) -> impl Iterator<Item = FrontierSquare> + '_ {
        (0..).map_while(move |i| self.frontier_square(i))
    }

    /// The squares of [`View::frontier_squares`] read into `buf` in one
    /// query (`frontier_squares_into`; a second one when `buf` had too
    /// little room): they are `buf[..n]`, `n` returned. `buf` only grows
    /// (keep it from call to call: nothing is written twice): for a hot
    /// hook that reads the whole frontier, one crossing instead of one a
    /// square.
    pub fn frontier_squares_to(&self, buf: &mut Vec<FrontierSquare>) -> usize {
        let n = self.frontier_squares_into(buf) as usize;
        if n > buf.len() {
            buf.resize(n.max(2 * buf.len()), FrontierSquare::default());
            self.frontier_squares_into(buf);
        }
        n
    }

    /// The kind of each side (N E S W) of placed tile `t` now, in board
    /// orientation, read from its features' slots (a feature added at run
    /// time, a bridge, counted): a city if a city owns a slot of the side,
    /// else a road if a road does, else a field; `None` for a side no feature
    /// reaches (a wildcard side).
    pub fn tile_side_kinds(&self, t: TileIndex) -> [Option<FeatureKind>; 4] {
        side_kinds(
            (0..self.tile_feature_count(t))
                .map(|l| (self.tile_feature_slots(t, l), self.tile_feature_kind(t, l))),
        )
    }

    /// [`View::tile_side_kinds`] of tile type `ty` turned `rot` (as a
    /// placement with that rotation would lie).
    pub fn type_side_kinds(&self, ty: TileTypeId, rot: Rotation) -> [Option<FeatureKind>; 4] {
        side_kinds((0..self.tile_type_feature_count(ty)).map(|l| {
            let m = self.tile_type_feature_slots(ty, l);
            (
                rotate_mask(m, rot.quarter_turns()),
                self.tile_type_feature_kind(ty, l),
            )
        }))
    }

    /// Whether `opt` is a special figure-step option of this plugin; its code if so.
    #[inline]
    pub fn my_special(&self, opt: FigureOption) -> Option<u32> {
        match opt {
            FigureOption::Special { plugin, code } if plugin == self.plugin_index() => Some(code),
            _ => None,
        }
    }

    /// Where `opt` deploys this plugin's figure kind `i` (its index in
    /// `Plugin::FIGURES`), if it does: for `figure_chosen` and
    /// `filter_figure_options`.
    #[inline]
    pub fn my_deploy(&self, opt: FigureOption, i: usize) -> Option<Location> {
        match opt {
            FigureOption::Deploy { kind, at } if kind == self.my_figure(i) => Some(at),
            _ => None,
        }
    }

    /// This plugin's per-game state as its declared type (`Plugin::STATE`).
    pub fn game_state<T: Pod>(&self) -> HookResult<&T> {
        view(self.state_words())
    }

    /// This plugin's state of `player`.
    pub fn player_state<T: Pod>(&self, player: PlayerId) -> HookResult<&T> {
        view(self.player_words(player))
    }

    /// This plugin's state of feature instance `f` (keep set-wide data at the root,
    /// [`View::find`]).
    pub fn feature_state<T: Pod>(&self, f: FeatureId) -> HookResult<&T> {
        view(self.feature_words(f))
    }

    /// This plugin's state of figure `fig`.
    pub fn figure_state<T: Pod>(&self, fig: FigureId) -> HookResult<&T> {
        view(self.figure_words(fig))
    }

    /// This plugin's state of placed tile `t`.
    pub fn tile_state<T: Pod>(&self, t: TileIndex) -> HookResult<&T> {
        view(self.tile_words(t))
    }

    /// Whether the core's farmer rules allow followers on fields (`farmers` is not `off`).
    pub fn farmers_on(&self) -> bool {
        self.core_options().farmers != carcassonne_vocab::FarmerScoring::Off
    }
}

impl<'a> Cx<'a> {
    /// Wraps a raw host reference. Called by the SDK's adapter; a plugin never needs it.
    #[doc(hidden)]
    pub fn __from_host(host: HostRef<'a>) -> Cx<'a> {
        Cx {
            view: View { host },
        }
    }

    #[inline]
    fn vt(&self) -> &HostVTable {
        self.view.host.vtable
    }

    #[inline]
    fn h(&self) -> HostHandle<'a> {
        self.view.host.handle
    }

    /// Read-only view of the same game (also available through `Deref`).
    #[inline]
    pub fn view(&self) -> &View<'a> {
        &self.view
    }

    /// Puts the first figure of this plugin's `i`-th figure kind (a neutral
    /// figure: the dragon, the fairy) at `at`: placed there if it is off the
    /// board, moved there otherwise (nothing happens where it already stands).
    /// Returns the figure; fails if the kind has no figure or `at` is refused.
    pub fn put_my_neutral(&mut self, i: usize, at: Location) -> HookResult<FigureId> {
        let fig = self
            .my_figures(i)
            .next()
            .ok_or_else(|| Error::new("`put_my_neutral`: the kind has no figure"))?;
        if self.figure_location(fig).is_none() {
            // The first figure of the kind is off the board: it is the one placed.
            self.place_neutral(self.my_figure(i), at)
                .ok_or_else(|| Error::new("`put_my_neutral`: the location was refused"))?;
        } else if self.figure_location(fig) != Some(at) && !self.move_figure(fig, at)? {
            return Err(Error::new("`put_my_neutral`: the move was refused"));
        }
        Ok(fig)
    }

    /// This plugin's per-game state as its declared type, mutable.
    pub fn game_state_mut<T: Pod>(&mut self) -> HookResult<&mut T> {
        view_mut(self.state_words_mut())
    }

    /// This plugin's state of `player`, mutable.
    pub fn player_state_mut<T: Pod>(&mut self, player: PlayerId) -> HookResult<&mut T> {
        view_mut(self.player_words_mut(player))
    }

    /// This plugin's state of feature instance `f`, mutable.
    pub fn feature_state_mut<T: Pod>(&mut self, f: FeatureId) -> HookResult<&mut T> {
        view_mut(self.feature_words_mut(f))
    }

    /// This plugin's state of figure `fig`, mutable.
    pub fn figure_state_mut<T: Pod>(&mut self, fig: FigureId) -> HookResult<&mut T> {
        view_mut(self.figure_words_mut(fig))
    }

    /// This plugin's state of placed tile `t`, mutable.
    pub fn tile_state_mut<T: Pod>(&mut self, t: TileIndex) -> HookResult<&mut T> {
        view_mut(self.tile_words_mut(t))
    }

    /// Adds a line to the turn log; a no-op when logging is off (check
    /// [`View::logging`] before formatting expensive text). `{P0}` names player 0
    /// and `{T12}` tile type 12 (shown as its id, `BA/C`: `format!("{{T{}}}", t.0)`).
    #[inline]
    pub fn log(&mut self, text: impl AsRef<str>) {
        self.log_text(text.as_ref())
    }

    /// Sends home the figures of `kind` that need their owner's follower, after
    /// figure `left` left feature instance `from` (call it from `figure_returned`
    /// and `figure_moved`): when `left` is a follower and its owner has no follower
    /// left in that feature ([`View::has_follower_in`]), his figures of `kind`
    /// there are returned. Gives how many went home.
    pub fn return_lonely(
        &mut self,
        kind: FigureKindId,
        left: FigureId,
        from: Location,
    ) -> HookResult<usize> {
        let (Some(owner), Some(f)) = (self.figure_owner(left), from.feature()) else {
            return Ok(0);
        };
        if !self.figure_kind_follower(self.figure_kind(left)) || self.has_follower_in(owner, f) {
            return Ok(0);
        }
        // Gathered first (returning changes the feature's figures), on the
        // stack for a usual few: a return of a follower asks it.
        let (mut few, mut n, mut rest) = ([FigureId(0); 8], 0, Vec::new());
        for g in self.figures_in(f) {
            if self.figure_kind(g) == kind && self.figure_owner(g) == Some(owner) {
                match few.get_mut(n) {
                    Some(slot) => {
                        *slot = g;
                        n += 1;
                    }
                    None => rest.push(g),
                }
            }
        }
        for &g in few[..n].iter().chain(&rest) {
            self.return_figure(g)?;
        }
        Ok(n + rest.len())
    }

    /// Scores the feature containing `f` early, as if at game end (e.g. an abbot taken
    /// back): shorthand for `score_feature(f, ScoreReason::Early)`.
    pub fn score_early(&mut self, f: FeatureId) -> Result<Points, Error> {
        self.score_feature(f, ScoreReason::Early)
    }
}

/// The side kinds of a tile whose features own these board slots and have
/// these kinds (see [`View::tile_side_kinds`]).
fn side_kinds(features: impl Iterator<Item = (u16, FeatureKind)>) -> [Option<FeatureKind>; 4] {
    const BY_RANK: [Option<FeatureKind>; 4] = [
        None,
        Some(FeatureKind::Field),
        Some(FeatureKind::Road),
        Some(FeatureKind::City),
    ];
    let mut rank = [0usize; 4];
    for (slots, kind) in features {
        let r = BY_RANK.iter().position(|&k| k == Some(kind)).unwrap_or(0);
        for (d, x) in rank.iter_mut().enumerate() {
            if slots >> (3 * d) & 7 != 0 {
                *x = (*x).max(r);
            }
        }
    }
    rank.map(|r| BY_RANK[r])
}
