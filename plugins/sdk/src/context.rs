//! The game as a plugin sees it: [`View`] (read-only hooks) and [`Cx`] (hooks
//! that may change the game).
//!
//! The methods have the names and, as far as possible, the signatures of the
//! core's `Game` queries and `View`/`Cx` methods, so code moves between a
//! native core `Hooks` implementation and a plugin unchanged. Differences:
//! [`View::pending_steps`] returns a `Vec`; [`Cx::view`] returns a reference;
//! [`Cx::score_feature`] fails with the SDK's [`Error`]; a few extra queries
//! ([`View::feature_count`], the `tile_type_*` and `figure_kind_*` families)
//! replace direct access to the core's `Rules`.
//!
//! Every id you pass is checked by the host. A bad one (a tile index past
//! [`View::placed_count`], a feature id past [`View::feature_count`], ...)
//! returns a neutral value (`0`, `false`, `None`, an empty slice) and makes the
//! running hook fail with a message naming the call, so bugs surface as clear
//! errors and never as undefined behaviour.

use crate::Error;
use carcassonne_core::{
    FeatureId, FeatureKind, FigureId, FigureKindId, FigureOption, PlayerId, Pos, Rotation,
    ScoreReason, Step, TileIndex, TileTypeId, NONE16,
};
use carcassonne_plugin_abi::{self as abi, AbiPos, HostHandle, HostRef, HostVTable};
use std::ops::Deref;

#[inline]
fn opt16(v: u16) -> Option<u16> {
    (v != NONE16).then_some(v)
}

#[inline]
fn kind(v: u8) -> FeatureKind {
    FeatureKind::from_u8(v).unwrap_or(FeatureKind::Road)
}

/// `ScoreReason` as its ABI code.
pub(crate) fn reason_code(r: ScoreReason) -> u8 {
    match r {
        ScoreReason::Completed => abi::score_reason::COMPLETED,
        ScoreReason::Final => abi::score_reason::FINAL,
        ScoreReason::Early => abi::score_reason::EARLY,
    }
}

pub(crate) fn step_from_abi(s: abi::AbiStep) -> Step {
    Step {
        owner: s.owner,
        tag: s.tag,
        chance: s.chance,
        player: s.player,
        arg: s.arg,
    }
}

/// Read-only access to the game, handed to hooks that must not change it
/// (placement filter, figure options, majority, points, step options/outcomes).
///
/// Deliberately neither `Clone` nor `Copy`: slices it returns borrow it, so
/// they cannot outlive a change made through a [`Cx`].
pub struct View<'a> {
    host: HostRef<'a>,
}

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
    fn h(&self) -> HostHandle {
        self.host.handle
    }

    // ------------------------------------------------------------------ game

    /// Number of players.
    #[inline]
    pub fn players(&self) -> u8 {
        (self.vt().players)(self.h())
    }

    /// Whose turn it is.
    #[inline]
    pub fn current_player(&self) -> PlayerId {
        (self.vt().current_player)(self.h())
    }

    /// Turn number (1-based; 0 before the first turn).
    #[inline]
    pub fn turn(&self) -> u16 {
        (self.vt().turn)(self.h())
    }

    /// Score of `player`.
    #[inline]
    pub fn score(&self, player: PlayerId) -> i32 {
        (self.vt().score)(self.h(), player)
    }

    /// Tiles left in the bag.
    #[inline]
    pub fn bag_len(&self) -> usize {
        (self.vt().bag_len)(self.h()) as usize
    }

    /// The drawn tile waiting to be placed, if any.
    #[inline]
    pub fn drawn_tile(&self) -> Option<TileTypeId> {
        opt16((self.vt().drawn_tile)(self.h()))
    }

    /// The tile placed this turn, if any.
    #[inline]
    pub fn last_placed(&self) -> Option<TileIndex> {
        opt16((self.vt().last_placed)(self.h()))
    }

    /// Number of placed tiles (the start tile included); placed tile indices are `0..placed_count()`.
    #[inline]
    pub fn placed_count(&self) -> usize {
        (self.vt().placed_count)(self.h()) as usize
    }

    /// Whether events are being logged: format expensive log text only then.
    #[inline]
    pub fn logging(&self) -> bool {
        (self.vt().logging)(self.h())
    }

    /// The pending steps (top of the stack last).
    pub fn pending_steps(&self) -> Vec<Step> {
        let n = (self.vt().pending_len)(self.h());
        (0..n)
            .map(|i| step_from_abi((self.vt().pending_step)(self.h(), i)))
            .collect()
    }

    // ---------------------------------------------------------- placed tiles

    /// The placed tile at `p`.
    #[inline]
    pub fn tile_at(&self, p: Pos) -> Option<TileIndex> {
        opt16((self.vt().tile_at)(self.h(), AbiPos { x: p.x, y: p.y }))
    }

    /// Position of placed tile `t`.
    #[inline]
    pub fn tile_pos(&self, t: TileIndex) -> Pos {
        let p = (self.vt().tile_pos)(self.h(), t);
        Pos::new(p.x, p.y)
    }

    /// Tile type of placed tile `t`.
    #[inline]
    pub fn tile_type_id(&self, t: TileIndex) -> TileTypeId {
        (self.vt().tile_type_id)(self.h(), t)
    }

    /// Rotation of placed tile `t`.
    #[inline]
    pub fn tile_rot(&self, t: TileIndex) -> Rotation {
        (self.vt().tile_rot)(self.h(), t)
    }

    /// Number of the 8 positions around placed tile `t` that hold tiles.
    #[inline]
    pub fn tile_nbrs(&self, t: TileIndex) -> u8 {
        (self.vt().tile_nbrs)(self.h(), t)
    }

    /// Tile-level marker mask of placed tile `t`.
    #[inline]
    pub fn tile_markers(&self, t: TileIndex) -> u64 {
        (self.vt().tile_markers)(self.h(), t)
    }

    /// Whether placed tile `t` carries marker bit `bit` (tile level; see [`View::my_marker`]).
    #[inline]
    pub fn tile_has_marker(&self, t: TileIndex, bit: u64) -> bool {
        (self.vt().tile_has_marker)(self.h(), t, bit)
    }

    /// Number of features of placed tile `t` (local indices `0..n`).
    #[inline]
    pub fn tile_feature_count(&self, t: TileIndex) -> u8 {
        (self.vt().tile_feature_count)(self.h(), t)
    }

    /// Kind of local feature `local` of placed tile `t`.
    #[inline]
    pub fn tile_feature_kind(&self, t: TileIndex, local: u8) -> FeatureKind {
        kind((self.vt().tile_feature_kind)(self.h(), t, local))
    }

    /// Marker mask of local feature `local` of placed tile `t`.
    #[inline]
    pub fn tile_feature_markers(&self, t: TileIndex, local: u8) -> u64 {
        (self.vt().tile_feature_markers)(self.h(), t, local)
    }

    // -------------------------------------------------------------- features

    /// Global feature id of local feature `local` of placed tile `t`.
    #[inline]
    pub fn feature_of(&self, t: TileIndex, local: u8) -> FeatureId {
        (self.vt().feature_of)(self.h(), t, local)
    }

    /// Number of feature instances on the board; feature ids are `0..feature_count()`.
    #[inline]
    pub fn feature_count(&self) -> usize {
        (self.vt().feature_count)(self.h()) as usize
    }

    /// The root (representative) of feature `f`'s set. Keep set-wide data at the root.
    #[inline]
    pub fn find(&self, f: FeatureId) -> FeatureId {
        (self.vt().find)(self.h(), f)
    }

    /// Kind of feature `f`.
    #[inline]
    pub fn feature_kind(&self, f: FeatureId) -> FeatureKind {
        kind((self.vt().feature_kind)(self.h(), f))
    }

    /// Placed tile of feature instance `f`.
    #[inline]
    pub fn feature_tile(&self, f: FeatureId) -> TileIndex {
        (self.vt().feature_tile)(self.h(), f)
    }

    /// Local index of feature instance `f` on its tile.
    #[inline]
    pub fn feature_local(&self, f: FeatureId) -> u8 {
        (self.vt().feature_local)(self.h(), f)
    }

    /// Marker mask of feature instance `f` (feature-level markers, e.g. pennant, garden).
    #[inline]
    pub fn feature_markers(&self, f: FeatureId) -> u64 {
        (self.vt().feature_markers)(self.h(), f)
    }

    /// Open sides of the feature containing `f` (0: complete road/city, closed field).
    #[inline]
    pub fn open_sides(&self, f: FeatureId) -> u16 {
        (self.vt().open_sides)(self.h(), f)
    }

    /// Whether the feature containing `f` is complete (roads, cities: no open side;
    /// fields: closed; cloisters and spots: surrounded).
    #[inline]
    pub fn is_complete(&self, f: FeatureId) -> bool {
        (self.vt().is_complete)(self.h(), f)
    }

    /// Occupying figures in the feature containing `f`.
    #[inline]
    pub fn occupants(&self, f: FeatureId) -> u8 {
        (self.vt().occupants)(self.h(), f)
    }

    /// Next member of the circular member list of `f`'s set (iterate from a root until back).
    #[inline]
    pub fn next_member(&self, f: FeatureId) -> FeatureId {
        (self.vt().next_member)(self.h(), f)
    }

    /// The member feature instances of the set containing `f`, starting at `f`.
    pub fn members(&self, f: FeatureId) -> impl Iterator<Item = FeatureId> + '_ {
        let mut cur = Some(f);
        let mut left = self.feature_count();
        std::iter::from_fn(move || {
            let c = cur?;
            left = left.checked_sub(1)?; // a ring never has more members than features
            let n = self.next_member(c);
            cur = (n != f).then_some(n);
            Some(c)
        })
    }

    // --------------------------------------------------------------- figures

    /// First figure on feature instance `f`, if any.
    #[inline]
    pub fn first_figure_on(&self, f: FeatureId) -> Option<FigureId> {
        opt16((self.vt().first_figure_on)(self.h(), f))
    }

    /// Next figure on the same feature instance as `fig`, if any.
    #[inline]
    pub fn next_figure(&self, fig: FigureId) -> Option<FigureId> {
        opt16((self.vt().next_figure)(self.h(), fig))
    }

    /// Figures standing on feature instance `f` itself (not the whole set).
    pub fn figures_on(&self, f: FeatureId) -> impl Iterator<Item = FigureId> + '_ {
        let mut cur = self.first_figure_on(f);
        let mut left = self.figure_count();
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

    /// Owner of figure `fig`.
    #[inline]
    pub fn figure_owner(&self, fig: FigureId) -> PlayerId {
        (self.vt().figure_owner)(self.h(), fig)
    }

    /// Kind of figure `fig`.
    #[inline]
    pub fn figure_kind(&self, fig: FigureId) -> FigureKindId {
        (self.vt().figure_kind)(self.h(), fig)
    }

    /// The feature instance figure `fig` stands on, if deployed.
    #[inline]
    pub fn figure_feature(&self, fig: FigureId) -> Option<FeatureId> {
        opt16((self.vt().figure_feature)(self.h(), fig))
    }

    /// Number of figures in the game (deployed or not); figure ids are `0..figure_count()`.
    #[inline]
    pub fn figure_count(&self) -> usize {
        (self.vt().figure_count)(self.h()) as usize
    }

    /// Figures of `kind` in `player`'s supply.
    #[inline]
    pub fn supply(&self, player: PlayerId, kind: FigureKindId) -> u8 {
        (self.vt().supply)(self.h(), player, kind)
    }

    // ------------------------------------------------- tile types and figures

    /// Number of tile types in the ruleset; tile type ids are `0..tile_type_count()`.
    #[inline]
    pub fn tile_type_count(&self) -> usize {
        (self.vt().tile_type_count)(self.h()) as usize
    }

    /// Id of tile type `ty` as written in its tile set (e.g. `BA/RCr`).
    #[inline]
    pub fn tile_type_name(&self, ty: TileTypeId) -> &str {
        (self.vt().tile_type_name)(self.h(), ty).as_str()
    }

    /// Tile-level marker mask of tile type `ty` (e.g. of the drawn tile).
    #[inline]
    pub fn tile_type_markers(&self, ty: TileTypeId) -> u64 {
        (self.vt().tile_type_markers)(self.h(), ty)
    }

    /// Number of features of tile type `ty`.
    #[inline]
    pub fn tile_type_feature_count(&self, ty: TileTypeId) -> u8 {
        (self.vt().tile_type_feature_count)(self.h(), ty)
    }

    /// Kind of local feature `local` of tile type `ty`.
    #[inline]
    pub fn tile_type_feature_kind(&self, ty: TileTypeId, local: u8) -> FeatureKind {
        kind((self.vt().tile_type_feature_kind)(self.h(), ty, local))
    }

    /// Marker mask of local feature `local` of tile type `ty`.
    #[inline]
    pub fn tile_type_feature_markers(&self, ty: TileTypeId, local: u8) -> u64 {
        (self.vt().tile_type_feature_markers)(self.h(), ty, local)
    }

    /// Number of figure kinds in the ruleset (0 is the follower).
    #[inline]
    pub fn figure_kind_count(&self) -> usize {
        (self.vt().figure_kind_count)(self.h()) as usize
    }

    /// Name of figure kind `kind` (`follower`, `shepherd`, ...).
    #[inline]
    pub fn figure_kind_name(&self, kind: FigureKindId) -> &str {
        (self.vt().figure_kind_name)(self.h(), kind).as_str()
    }

    /// Strength of figure kind `kind` in majorities.
    #[inline]
    pub fn figure_kind_strength(&self, kind: FigureKindId) -> u8 {
        (self.vt().figure_kind_strength)(self.h(), kind)
    }

    // --------------------------------------------------- this plugin's data

    /// This plugin's index in the ruleset's dispatch order: the `owner` of the steps it
    /// pushes and the `plugin` of its [`FigureOption::Special`] options.
    #[inline]
    pub fn plugin_index(&self) -> u8 {
        (self.vt().plugin_index)(self.h())
    }

    /// A special figure-step option of this plugin with `code` (see `Plugin::figure_options`).
    #[inline]
    pub fn special_option(&self, code: u32) -> FigureOption {
        FigureOption::Special {
            plugin: self.plugin_index(),
            code,
        }
    }

    /// Whether `opt` is a special figure-step option of this plugin; its code if so.
    #[inline]
    pub fn my_special(&self, opt: FigureOption) -> Option<u32> {
        match opt {
            FigureOption::Special { plugin, code } if plugin == self.plugin_index() => Some(code),
            _ => None,
        }
    }

    /// This plugin's per-game state words (`Plugin::GAME_WORDS` of them).
    #[inline]
    pub fn state(&self) -> &[u32] {
        (self.vt().state)(self.h()).as_slice()
    }

    /// This plugin's words for feature instance `f` (use the root, [`View::find`], for
    /// set-wide data).
    #[inline]
    pub fn feature_state(&self, f: FeatureId) -> &[u32] {
        (self.vt().feature_state)(self.h(), f).as_slice()
    }

    /// Marker bit of this plugin's `i`-th declared marker (`Plugin::MARKERS`);
    /// 0 if no tile of the ruleset carries it.
    #[inline]
    pub fn my_marker(&self, i: usize) -> u64 {
        (self.vt().my_marker)(self.h(), u32::try_from(i).unwrap_or(u32::MAX))
    }

    /// Figure kind id of this plugin's `i`-th declared figure kind (`Plugin::FIGURES`).
    #[inline]
    pub fn my_figure(&self, i: usize) -> FigureKindId {
        (self.vt().my_figure)(self.h(), u32::try_from(i).unwrap_or(u32::MAX))
    }

    /// Calls a host operation added after ABI epoch 1 was frozen. `None` when this
    /// host does not know `op`. No such operation exists yet.
    pub fn host_extension(&self, op: &str, args: &[u64]) -> Option<Vec<u64>> {
        let mut out = abi::abi_stable::std_types::RVec::new();
        let known = (self.vt().extension)(self.h(), op.into(), args.into(), &mut out);
        known.then(|| out.into_vec())
    }
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

impl<'a> Cx<'a> {
    /// Wraps a raw host reference. Called by the SDK's adapter; a plugin never needs it.
    #[doc(hidden)]
    pub fn __from_host(host: HostRef<'a>) -> Cx<'a> {
        Cx {
            view: View { host },
        }
    }

    /// Read-only view of the same game (also available through `Deref`).
    #[inline]
    pub fn view(&self) -> &View<'a> {
        &self.view
    }

    /// This plugin's per-game state words, mutable.
    #[inline]
    pub fn state_mut(&mut self) -> &mut [u32] {
        (self.vt().state_mut)(self.h()).into_mut_slice()
    }

    /// This plugin's words for feature instance `f`, mutable.
    #[inline]
    pub fn feature_state_mut(&mut self, f: FeatureId) -> &mut [u32] {
        (self.vt().feature_state_mut)(self.h(), f).into_mut_slice()
    }

    /// Awards points to a player (logged as this plugin's).
    #[inline]
    pub fn add_score(&mut self, player: PlayerId, points: i32) {
        (self.vt().add_score)(self.h(), player, points)
    }

    /// Adds a line to the turn log; a no-op when logging is off (check
    /// [`View::logging`] before formatting expensive text).
    #[inline]
    pub fn log(&mut self, text: impl AsRef<str>) {
        (self.vt().log)(self.h(), text.as_ref().into())
    }

    /// Pushes a decision for `player`; steps pushed by one hook are resolved in push
    /// order before the pipeline continues (see `Plugin::step_options`).
    #[inline]
    pub fn push_decision(&mut self, player: PlayerId, tag: u16, arg: u32) {
        (self.vt().push_decision)(self.h(), player, tag, arg)
    }

    /// Pushes a chance event resolved with this plugin's outcomes (`Plugin::step_outcomes`).
    #[inline]
    pub fn push_chance(&mut self, tag: u16, arg: u32) {
        (self.vt().push_chance)(self.h(), tag, arg)
    }

    /// Pushes the core chance event "take a random tile from the bag face down";
    /// the tile leaves the game and is hidden from every player's observation.
    #[inline]
    pub fn push_hidden_tile_draw(&mut self) {
        (self.vt().push_hidden_tile_draw)(self.h())
    }

    /// Deploys a figure of `kind` from `player`'s supply on feature instance `f`.
    /// `None` if the supply is empty.
    #[inline]
    pub fn deploy_figure(
        &mut self,
        player: PlayerId,
        kind: FigureKindId,
        f: FeatureId,
    ) -> Option<FigureId> {
        opt16((self.vt().deploy_figure)(self.h(), player, kind, f))
    }

    /// Sends a figure back to its owner.
    #[inline]
    pub fn return_figure(&mut self, fig: FigureId) {
        (self.vt().return_figure)(self.h(), fig)
    }

    /// Scores the feature containing `f` now (majority and points hooks run, figures
    /// return) and returns the points each winner got. On `Err` a hook failed on the
    /// way: return the error (the game will be restored).
    pub fn score_feature(&mut self, f: FeatureId, reason: ScoreReason) -> Result<i32, Error> {
        (self.vt().score_feature)(self.h(), f, reason_code(reason))
            .into_result()
            .map_err(|m| Error::new(m.as_str()))
    }

    /// Completed cities bordering the field containing `f`, as city roots.
    pub fn bordering_cities(&mut self, f: FeatureId) -> Vec<FeatureId> {
        let mut out = abi::abi_stable::std_types::RVec::new();
        (self.vt().bordering_cities)(self.h(), f, &mut out);
        out.into_vec()
    }
}
