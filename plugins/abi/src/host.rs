//! Host → plugin callbacks: the query table and the [`HostVTable`] generated from it.

use crate::*;

/// The query table: every function through which a plugin reads or changes the
/// game, once. The host's callbacks (`carcassonne-host`) and the SDK's `View` and
/// `Cx` methods (`carcassonne-plugin-sdk`) are generated from it, and
/// [`HostVTable`] below.
///
/// Invoke it with the name of a macro that receives the table. Each entry:
///
/// ```text
/// /// doc lines
/// access mode name(arg: (core type) => (ABI type), ...) -> (core type) => (ABI type);
/// ```
///
/// * `access`: what the host calls the method of the same name on: `view` (the
///   core's read-only `View`, which also reaches every `Game` query) or `cx` (the
///   core's `Cx`: a change, only from hooks that may change the game).
/// * `mode`: how the result crosses: `get` (as it is, converted with `From`),
///   `check` (the core returns `Option`; `None` means a bad id: the hook fails and
///   the plugin gets `Default`), `slice` / `slice_mut` / `str` (a borrowed
///   slice or string; `check_slice`, `check_slice_mut`, `check_str` when the core
///   returns an `Option` of it), `hook` (the core returns `Result<_, HookError>`: a
///   hook of some plugin failed on the way; the plugin must return the error).
///
/// Every id argument (tile, feature, figure, player, figure kind, tile type,
/// location) is checked by the host before the call: a bad one fails the hook
/// with a message naming the call.
#[macro_export]
macro_rules! query_table {
    ($m:ident) => {
        $m! {
            // ----------------------------------------------------------- game
            /// Number of players.
            view get players() -> (u8) => (u8);
            /// Whose turn it is.
            view get current_player() -> (PlayerId) => (PlayerId);
            /// Turn number (1-based; 0 before the first turn). A granted turn counts as a turn.
            view get turn() -> (u16) => (u16);
            /// The plugin that granted the current turn, or `None` for a regular turn.
            view get turn_granted_by() -> (Option<u8>) => (ROption<u8>);
            /// Whether the turn is at its figure step (the figure decision after the tile is
            /// placed): a veto (`filter_figure_options`) meant for the figure step alone
            /// checks it, as the vetoes are asked at other moments too (`may_deploy`,
            /// `tiles_open_to`, `vetoes_allow`).
            view get at_figure_step() -> (bool) => (bool);
            /// Score of `player`.
            view get score(player: (PlayerId) => (PlayerId)) -> (i32) => (i32);
            /// Points `player` paid to other players by transfers (`transfer_score`), in all.
            view get transferred_out(player: (PlayerId) => (PlayerId)) -> (i32) => (i32);
            /// Tiles left in the bag.
            view get bag_len() -> (usize) => (usize);
            /// Copies of tile type `ty` in the bag (0 for a type not in the game).
            view get bag_count(ty: (TileTypeId) => (TileTypeId)) -> (u32) => (u32);
            /// Copies in the bag per tile type, indexed by tile type id: one call for
            /// what a `bag_count` per type would ask.
            view slice bag_counts() -> (&[u16]) => (RSlice<'_, u16>);
            /// The drawn tile waiting to be placed, if any.
            view get drawn_tile() -> (Option<TileTypeId>) => (ROption<TileTypeId>);
            /// The tile placed this turn, if any.
            view get last_placed() -> (Option<TileIndex>) => (ROption<TileIndex>);
            /// Number of placed tiles (the start tile included); placed tiles are `0..placed_count()`.
            view get placed_count() -> (usize) => (usize);
            /// Whether events are being logged: format expensive log text only then.
            view get logging() -> (bool) => (bool);
            /// The pending steps (top of the stack last).
            view slice pending_steps() -> (&[Step]) => (RSlice<'_, Step>);
            /// The core options (farmer rules, tiny cities, followers per player).
            view get core_options() -> (CoreOptions) => (CoreOptions);
            /// Copies of tile type `tile` in `player`'s hand (e.g. his abbey).
            view get hand_count(player: (PlayerId) => (PlayerId), tile: (TileTypeId) => (TileTypeId)) -> (u32) => (u32);
            // --------------------------------------------------- placed tiles
            /// The placed tile at `pos`, if any.
            view get tile_at(pos: (Pos) => (Pos)) -> (Option<TileIndex>) => (ROption<TileIndex>);
            /// Which of the four squares beside `pos` hold tiles (bit `d`: the square on
            /// side `d`, N E S W) and, in bit 4, whether `pos` holds one itself: one call
            /// for five `tile_at` (a hole, an empty square with a tile on each side, reads
            /// `0b0_1111`).
            view get tiles_beside(pos: (Pos) => (Pos)) -> (u8) => (u8);
            /// The number of holes: empty squares with a tile on each of their four sides
            /// (kept by the board as tiles are placed: one load, not a search).
            view get hole_count() -> (u32) => (u32);
            /// The `i`-th empty cell next to a placed tile (the frontier: where a tile may
            /// go before side matching), each once, in the engine's order; `None` past the
            /// last. Iterate from 0 until `None`: no allocation (the SDK's `frontier_cells`).
            view get frontier_cell(i: (usize) => (usize)) -> (Option<Pos>) => (ROption<Pos>);
            /// The `i`-th square of the frontier (as `frontier_cell`) with what its
            /// neighbours require: where tiles lie around it and the kinds of the sides
            /// they turn to it (`FrontierSquare`; the SDK's `frontier_squares`).
            view get frontier_square(i: (usize) => (usize)) -> (Option<FrontierSquare>) => (ROption<FrontierSquare>);
            /// Every square of the frontier (as `frontier_square`), in the engine's order,
            /// written to the caller's `out`: the first `out.len()` of them; returns how
            /// many there are (more than `out.len()`: ask again with a larger slice; an
            /// empty one counts them). One call per read of the whole frontier (the SDK's
            /// `frontier_squares_to`).
            view get frontier_squares_into(out: (&mut [FrontierSquare]) => (RSliceMut<'_, FrontierSquare>)) -> (u32) => (u32);
            /// Position of placed tile `t`.
            view check tile_pos(t: (TileIndex) => (TileIndex)) -> (Pos) => (Pos);
            /// Tile type of placed tile `t`.
            view check tile_type_id(t: (TileIndex) => (TileIndex)) -> (TileTypeId) => (TileTypeId);
            /// Rotation of placed tile `t` (clockwise quarter turns).
            view check tile_rot(t: (TileIndex) => (TileIndex)) -> (Rotation) => (Rotation);
            /// Number of the 8 positions around placed tile `t` that hold tiles.
            view check tile_nbrs(t: (TileIndex) => (TileIndex)) -> (u8) => (u8);
            /// Tile-level marker mask of placed tile `t`.
            view check tile_markers(t: (TileIndex) => (TileIndex)) -> (u64) => (u64);
            /// Whether placed tile `t` carries marker bit `bit` (tile level; see `my_marker`).
            view get tile_has_marker(t: (TileIndex) => (TileIndex), bit: (u64) => (u64)) -> (bool) => (bool);
            /// Number of features of placed tile `t` (local indices `0..n`).
            view check tile_feature_count(t: (TileIndex) => (TileIndex)) -> (u8) => (u8);
            /// Kind of local feature `local` of placed tile `t`.
            view check tile_feature_kind(t: (TileIndex) => (TileIndex), local: (u8) => (u8)) -> (FeatureKind) => (FeatureKind);
            /// Marker mask of local feature `local` of placed tile `t`.
            view check tile_feature_markers(t: (TileIndex) => (TileIndex), local: (u8) => (u8)) -> (u64) => (u64);
            /// The board slots (bit `i`: slot `i`, `NL NM NR EL ... WR`) local feature `local`
            /// of placed tile `t` owns now (its rotation applied, a feature added at run time
            /// counted).
            view check tile_feature_slots(t: (TileIndex) => (TileIndex), local: (u8) => (u8)) -> (u16) => (u16);
            /// The piece laid with this turn's placement (a bridge), or `Piece::NONE`.
            view get placed_piece() -> (Piece) => (Piece);
            /// Global feature id of local feature `local` of placed tile `t`.
            view check feature_of(t: (TileIndex) => (TileIndex), local: (u8) => (u8)) -> (FeatureId) => (FeatureId);
            /// The first local feature of placed tile `t` in the set of feature `f` (the
            /// tile is part of that road, city or field), if any.
            view get tile_feature_in(t: (TileIndex) => (TileIndex), f: (FeatureId) => (FeatureId)) -> (Option<u8>) => (ROption<u8>);
            /// The field of placed tile `t` that owns both half slots at `corner` (board
            /// orientation), if one does: a field corner (the barn).
            view get corner_field(t: (TileIndex) => (TileIndex), corner: (Corner) => (Corner)) -> (Option<FeatureId>) => (ROption<FeatureId>);
            /// The field of placed tile `t` at `corner` when the four tiles around that
            /// point each have a field corner there (where a barn may stand).
            view get corner_meeting(t: (TileIndex) => (TileIndex), corner: (Corner) => (Corner)) -> (Option<FeatureId>) => (ROption<FeatureId>);
            /// The corners of placed tile `t` (bit `c`: `Corner` `c`, NW NE SE SW) at which
            /// `corner_meeting` finds a field: the four corners in one call.
            view get corner_meetings(t: (TileIndex) => (TileIndex)) -> (u8) => (u8);
            /// The group of local feature `local` of placed tile `t` in tile link `link`
            /// (see `my_link`), if it is in one.
            view get link_group(t: (TileIndex) => (TileIndex), link: (u8) => (u8), local: (u8) => (u8)) -> (Option<u8>) => (ROption<u8>);
            /// The groups of local feature `local` of placed tile `t` in tile link `link`
            /// as a bit mask (a feature may be in several groups; 0: in none).
            view get link_groups(t: (TileIndex) => (TileIndex), link: (u8) => (u8), local: (u8) => (u8)) -> (u32) => (u32);
            /// The side kinds of placed tile `t` now, in board orientation (its rotation
            /// applied, a feature added at run time counted), barrier names included
            /// (`Sides::get`).
            view check tile_sides(t: (TileIndex) => (TileIndex)) -> (Sides) => (Sides);
            /// Placed tile `t`'s outline in one query: its sides now, the sides that face
            /// an empty square, the number of features added to it (`TileOutline`).
            view check tile_outline(t: (TileIndex) => (TileIndex)) -> (TileOutline) => (TileOutline);
            /// The number of features added at run time to the placed tile at `pos` (what
            /// `tile_outline` counts, in one query from the position); `None` where no tile
            /// lies.
            view get features_added_at(pos: (Pos) => (Pos)) -> (Option<u8>) => (ROption<u8>);
            // ------------------------------------------------------- features
            /// Number of feature instances on the board; feature ids are `0..feature_count()`.
            view get feature_count() -> (usize) => (usize);
            /// The root (representative) of feature `f`'s set. Keep set-wide data at the root.
            view check find(f: (FeatureId) => (FeatureId)) -> (FeatureId) => (FeatureId);
            /// Kind of feature `f`.
            view check feature_kind(f: (FeatureId) => (FeatureId)) -> (FeatureKind) => (FeatureKind);
            /// Placed tile of feature instance `f`.
            view check feature_tile(f: (FeatureId) => (FeatureId)) -> (TileIndex) => (TileIndex);
            /// Local index of feature instance `f` on its tile.
            view check feature_local(f: (FeatureId) => (FeatureId)) -> (u8) => (u8);
            /// Marker mask of feature instance `f` (feature-level markers, e.g. pennant, garden).
            view check feature_markers(f: (FeatureId) => (FeatureId)) -> (u64) => (u64);
            /// How many times feature instance `f` carries the marker with bit `bit`.
            view check feature_marker_count(f: (FeatureId) => (FeatureId), bit: (u64) => (u64)) -> (u32) => (u32);
            /// How many times the whole set containing `f` carries the marker with bit
            /// `bit` (a city's wine symbols, a mayor's pennants).
            view check marker_count_in(f: (FeatureId) => (FeatureId), bit: (u64) => (u64)) -> (u32) => (u32);
            /// Board sides (bit `d`: N, E, S, W) that feature instance `f` reaches on its
            /// tile (0 for a cloister, a spot, an inner field).
            view check feature_sides(f: (FeatureId) => (FeatureId)) -> (u8) => (u8);
            /// Open sides of the feature containing `f` (0: complete road/city, closed field).
            view check open_sides(f: (FeatureId) => (FeatureId)) -> (u16) => (u16);
            /// Whether the feature containing `f` is complete (roads, cities: no open side;
            /// fields: closed; cloisters and spots: surrounded).
            view check is_complete(f: (FeatureId) => (FeatureId)) -> (bool) => (bool);
            /// Occupying figures in the feature containing `f`.
            view check occupants(f: (FeatureId) => (FeatureId)) -> (u8) => (u8);
            /// Next member of the circular member list of `f`'s set (iterate from a root until back).
            view check next_member(f: (FeatureId) => (FeatureId)) -> (FeatureId) => (FeatureId);
            /// Whether the feature containing `f` is withheld: the core never scores it
            /// (tile data `scored = false`, `withhold_feature`).
            view check feature_withheld(f: (FeatureId) => (FeatureId)) -> (bool) => (bool);
            /// Whether the feature containing `f`, once completed, counts as a city for
            /// farmers (`false` once a plugin excluded it: `exclude_from_farmers`).
            view check counts_for_farmers(f: (FeatureId) => (FeatureId)) -> (bool) => (bool);
            /// The completed features (roots) this turn's scoring step scores and has not
            /// scored yet, in order: in `before_scoring`, every feature about to be scored.
            view slice pending_scorings() -> (&[FeatureId]) => (RSlice<'_, FeatureId>);
            // -------------------------------------------------------- figures
            /// First figure on feature instance `f` itself, if any.
            view get first_figure_on(f: (FeatureId) => (FeatureId)) -> (Option<FigureId>) => (ROption<FigureId>);
            /// Next figure on the same feature instance as `fig`, if any.
            view get next_figure(fig: (FigureId) => (FigureId)) -> (Option<FigureId>) => (ROption<FigureId>);
            /// Number of figures in the game, on the board or not; figure ids are `0..figure_count()`.
            view get figure_count() -> (usize) => (usize);
            /// Owner of figure `fig`; `None` for a neutral figure.
            view get figure_owner(fig: (FigureId) => (FigureId)) -> (Option<PlayerId>) => (ROption<PlayerId>);
            /// Kind of figure `fig`.
            view check figure_kind(fig: (FigureId) => (FigureId)) -> (FigureKindId) => (FigureKindId);
            /// Where figure `fig` is (on the board, `Held` by a player, in an `Area`);
            /// `None` in the supply (off the board, for a neutral figure).
            view get figure_location(fig: (FigureId) => (FigureId)) -> (Option<Location>) => (ROption<Location>);
            /// The feature instance figure `fig` stands on (at a corner too), if any.
            view get figure_feature(fig: (FigureId) => (FigureId)) -> (Option<FeatureId>) => (ROption<FeatureId>);
            /// The placed tile figure `fig` stands on, if on the board.
            view get figure_tile(fig: (FigureId) => (FigureId)) -> (Option<TileIndex>) => (ROption<TileIndex>);
            /// The board position of the placed tile figure `fig` stands on, if on the board
            /// (`figure_tile` and `tile_pos` in one call).
            view get figure_pos(fig: (FigureId) => (FigureId)) -> (Option<Pos>) => (ROption<Pos>);
            /// Where figure `fig` stands when it stands on a feature (not at a corner, not on
            /// a tile): its feature instance, that feature's tile, the tile's position and
            /// the feature's local index (`FigurePlace`), in one call for a
            /// `figure_location`, `feature_tile`, `tile_pos` and `feature_local` (an option
            /// per figure of a player on the board: the fairy's). `None` elsewhere.
            view get figure_place(fig: (FigureId) => (FigureId)) -> (Option<FigurePlace>) => (ROption<FigurePlace>);
            /// The first follower of `player` standing on the feature instance that spot
            /// `code` names (`spot_code`: a tile's position and a local index; not at a
            /// corner), in the order of that instance's figures, with his place: one call
            /// for a `tile_at`, `feature_of`, `figures_on` and the checks of each figure
            /// (the follower a special option names by his spot: the fairy's). `None` if
            /// there is none.
            view get follower_at_spot(player: (PlayerId) => (PlayerId), code: (u32) => (u32)) -> (Option<FigurePlace>) => (ROption<FigurePlace>);
            /// The figure this plugin's offer of the spots of the player's followers leaves
            /// out (`offer_follower_spots`'s `except`, or the follower beside whom the
            /// figure it carries was put: `carry_with_spots`); `None` if it offers none.
            view get spots_left_out() -> (Option<FigureId>) => (ROption<FigureId>);
            /// The figures on the board whose tile lies in the row or the column of `pos`
            /// at most `reach` squares away, `pos`'s own tile included, in the order of the
            /// tiles (`pos`, then at distance 1 north, east, south and west, then at
            /// distance 2, ...), each tile's in figure order: a range along lines (a
            /// tower's capture) in one call, not a `figure_pos` per figure.
            view get figures_in_cross(pos: (Pos) => (Pos), reach: (u32) => (u32)) -> (Vec<FigureId>) => (RVec<FigureId>);
            /// The players' followers (a follower kind, an owner) not protected among
            /// `figures_in_cross(pos, reach)`, in its order (what a tower may capture),
            /// written to the caller's `out`: the first `out.len()` of them; returns how
            /// many there are (more than `out.len()`: ask again with a larger slice; an
            /// empty one counts them). No allocation, no query per figure.
            view get followers_in_cross(pos: (Pos) => (Pos), reach: (u32) => (u32), out: (&mut [FigureId]) => (RSliceMut<'_, FigureId>)) -> (u32) => (u32);
            /// The figures at `at`, in figure order: held by a player (`Held`: his
            /// prisoners), in an area, on a feature instance (not at its corners), at a
            /// corner or on a tile itself. One call instead of a `figure_location` per
            /// figure of the game.
            view get figures_at(at: (Location) => (Location)) -> (Vec<FigureId>) => (RVec<FigureId>);
            /// Figures of `kind` in `player`'s supply.
            view get supply(player: (PlayerId) => (PlayerId), kind: (FigureKindId) => (FigureKindId)) -> (u8) => (u8);
            /// Whether `player` has a follower (a figure of a follower kind) anywhere in
            /// the feature containing `f`: the condition of a builder or a pig.
            view check has_follower_in(player: (PlayerId) => (PlayerId), f: (FeatureId) => (FeatureId)) -> (bool) => (bool);
            /// Whether any figure (of any kind, anyone's or neutral) stands anywhere in the
            /// feature containing `f`, at its corners too: one call for a walk over its
            /// members (`figures_in(f).next().is_some()`; a wagon's empty target).
            view check has_figure_in(f: (FeatureId) => (FeatureId)) -> (bool) => (bool);
            /// Whether any figure stands on a feature of placed tile `t` (at a corner too;
            /// a figure on the tile itself does not count): one call before a
            /// `return_figures_on_tile` that usually finds no one (a dragon's step).
            view get has_figure_on_tile(t: (TileIndex) => (TileIndex)) -> (bool) => (bool);
            /// Whether figure `fig` is on the board and protected (`set_protected`): rules
            /// that remove figures (a dragon, a princess, a capture) leave it.
            view get figure_protected(fig: (FigureId) => (FigureId)) -> (bool) => (bool);
            /// The value code naming figure `fig` in an option (`FIGURE_CODE`; the core
            /// names it, e.g. `large of 1 at 3 -1 2`): the code of the first figure of
            /// the same kind, owner and place. The SDK's `Spot::of_figure`.
            view check figure_code(fig: (FigureId) => (FigureId)) -> (u32) => (u32);
            /// Number of areas in the ruleset (places off the board that plugins
            /// declare); area ids are `0..area_count()`.
            view get area_count() -> (usize) => (usize);
            /// Name of area `area`, as its plugin declares it.
            view check_str area_name(area: (AreaId) => (AreaId)) -> (&str) => (RStr<'_>);
            /// Whether a figure of `kind` may stand on feature instance `f` under the shared
            /// rule alone: `may_deploy` at `Location::Feature(f)` without the plugins'
            /// vetoes. Enough for `figure_options`: the figure step puts every option
            /// through the vetoes (`filter_figure_options`) afterwards.
            view get may_stand_by_rule(kind: (FigureKindId) => (FigureKindId), f: (FeatureId) => (FeatureId)) -> (bool) => (bool);
            /// The feature instances, in id order, on which a figure of `kind` may stand
            /// under the shared rule alone (`may_stand_by_rule`) and that are not part of a
            /// finished feature (a completed road or city, a surrounded cloister or spot; a
            /// field counts as unfinished): where a figure may go anywhere on the board (a
            /// magic portal), in one call. Empty for a kind that does not exist.
            view get open_features_for(kind: (FigureKindId) => (FigureKindId)) -> (Vec<FeatureId>) => (RVec<FeatureId>);
            /// Whether a figure of `kind` may be deployed at `at` under the shared rule
            /// (its `stands_on` kinds or a feature a plugin hosts for a plain kind, no
            /// farmer when farmers are off, an unoccupied feature for an occupying kind,
            /// no plugin veto; never into a player's hold).
            view hook may_deploy(kind: (FigureKindId) => (FigureKindId), at: (Location) => (Location)) -> (bool) => (RResult<bool, RString>);
            /// Whether the plugins' vetoes (`filter_figure_options`) let a figure of `kind`
            /// be put at `at`, the shared rule not asked: for a figure a plugin moves where
            /// the shared rule does not apply (a follower moved into a feature being scored,
            /// which may hold figures already).
            view hook vetoes_allow(kind: (FigureKindId) => (FigureKindId), at: (Location) => (Location)) -> (bool) => (RResult<bool, RString>);
            /// Which of the four placed tiles beside placed tile `t` a figure of kind `kind`
            /// may be put on (`may_deploy` at `Location::Tile`, the vetoes included): bit `d`
            /// for the tile on side `d` (N E S W); one call for four `tile_at` and four
            /// `may_deploy` (where the dragon may step). 0 for a tile not placed.
            view hook tiles_open_to(kind: (FigureKindId) => (FigureKindId), t: (TileIndex) => (TileIndex)) -> (u8) => (RResult<u8, RString>);
            // ----------------------------------------- tile types and figure kinds
            /// Number of tile types in the ruleset; tile type ids are `0..tile_type_count()`.
            view get tile_type_count() -> (usize) => (usize);
            /// Id of tile type `ty` as written in its tile set (e.g. `BA/RCr`).
            view check_str tile_type_name(ty: (TileTypeId) => (TileTypeId)) -> (&str) => (RStr<'_>);
            /// Tile-level marker mask of tile type `ty` (e.g. of the drawn tile).
            view check tile_type_markers(ty: (TileTypeId) => (TileTypeId)) -> (u64) => (u64);
            /// Number of features of tile type `ty`.
            view check tile_type_feature_count(ty: (TileTypeId) => (TileTypeId)) -> (u8) => (u8);
            /// Kind of local feature `local` of tile type `ty`.
            view check tile_type_feature_kind(ty: (TileTypeId) => (TileTypeId), local: (u8) => (u8)) -> (FeatureKind) => (FeatureKind);
            /// The slots local feature `local` of tile type `ty` owns as printed (bit `i`:
            /// slot `i`, `NL NM NR EL ... WR`).
            view check tile_type_feature_slots(ty: (TileTypeId) => (TileTypeId), local: (u8) => (u8)) -> (u16) => (u16);
            /// Marker mask of local feature `local` of tile type `ty`.
            view check tile_type_feature_markers(ty: (TileTypeId) => (TileTypeId), local: (u8) => (u8)) -> (u64) => (u64);
            /// The side kinds of tile type `ty` as printed (rotation 0), barrier names
            /// included; `Sides::rotated` turns them as a placement would.
            view check tile_type_sides(ty: (TileTypeId) => (TileTypeId)) -> (Sides) => (Sides);
            /// The rotations of tile type `ty` that give distinct tiles (bit `r`: rotation
            /// `r`, the lowest of the rotations that give the same tile; rotation 0 always).
            /// A placement in another rotation is one of these: a list of placements
            /// names it by the lowest, and a candidate offered in it is a repeat.
            view check tile_type_rotations(ty: (TileTypeId) => (TileTypeId)) -> (u8) => (u8);
            /// The name of barrier name id `id` (what `SideKind::Barrier` carries).
            view check_str barrier_name(id: (u8) => (u8)) -> (&str) => (RStr<'_>);
            /// Number of figure kinds in the ruleset (0 is the follower).
            view get figure_kind_count() -> (usize) => (usize);
            /// Name of figure kind `kind` (`follower`, `shepherd`, ...).
            view check_str figure_kind_name(kind: (FigureKindId) => (FigureKindId)) -> (&str) => (RStr<'_>);
            /// Fixed strength of figure kind `kind` in majorities (0 for a computed one).
            view check figure_kind_strength(kind: (FigureKindId) => (FigureKindId)) -> (u8) => (u8);
            /// Whether figure kind `kind` is a follower (large follower, abbot, mayor, wagon:
            /// yes; shepherd, builder, pig, barn: no).
            view check figure_kind_follower(kind: (FigureKindId) => (FigureKindId)) -> (bool) => (bool);
            /// What sort of piece figure kind `kind` is: a standing figure (followers,
            /// shepherd), a companion (builder, pig) or a building (barn).
            view check figure_kind_class(kind: (FigureKindId) => (FigureKindId)) -> (FigureClass) => (FigureClass);
            /// The feature kinds figure kind `kind` may stand on (its `stands_on`: a
            /// follower roads, cities, cloisters and fields; an abbot cloisters and
            /// spots; a hosted feature is not among them).
            view check figure_kind_stands_on(kind: (FigureKindId) => (FigureKindId)) -> (FeatureKinds) => (FeatureKinds);
            // ------------------------------------------------ this plugin's data
            /// This plugin's index in the dispatch order (the `owner` of its steps, the
            /// `plugin` of its special figure options).
            view get plugin_index() -> (u8) => (u8);
            /// This plugin's per-game state words.
            view slice state_words() -> (&[u32]) => (RSlice<'_, u32>);
            /// This plugin's state words for `player`.
            view check_slice player_words(player: (PlayerId) => (PlayerId)) -> (&[u32]) => (RSlice<'_, u32>);
            /// This plugin's state words for feature instance `f`.
            view check_slice feature_words(f: (FeatureId) => (FeatureId)) -> (&[u32]) => (RSlice<'_, u32>);
            /// This plugin's state words for figure `fig`.
            view check_slice figure_words(fig: (FigureId) => (FigureId)) -> (&[u32]) => (RSlice<'_, u32>);
            /// This plugin's state words for placed tile `t`.
            view check_slice tile_words(t: (TileIndex) => (TileIndex)) -> (&[u32]) => (RSlice<'_, u32>);
            /// Marker bit of this plugin's `i`-th declared marker (0 if no tile carries it).
            view check my_marker(i: (usize) => (usize)) -> (u64) => (u64);
            /// Figure kind id of this plugin's `i`-th declared figure kind.
            view check my_figure(i: (usize) => (usize)) -> (FigureKindId) => (FigureKindId);
            /// Link id of this plugin's `i`-th declared tile link.
            view check my_link(i: (usize) => (usize)) -> (u8) => (u8);
            /// Area id of this plugin's `i`-th declared area.
            view check my_area(i: (usize) => (usize)) -> (AreaId) => (AreaId);
            /// The tiles in this plugin's lot (drawn face up with `push_public_tile_draw`),
            /// in the order drawn.
            view get my_lot() -> (Vec<TileTypeId>) => (RVec<TileTypeId>);
            /// The `i`-th tile in this plugin's lot (`my_lot`), none past its end:
            /// one tile read without the lot copied out.
            view get my_lot_tile(i: (usize) => (usize)) -> (Option<TileTypeId>) => (ROption<TileTypeId>);
            /// Whether this plugin has hook `hook` (a bit of `hook`) on: it subscribes
            /// to it and has not switched it off (`set_hook_enabled`).
            view get hook_enabled(hook: (u64) => (u64)) -> (bool) => (bool);
            /// Name id of this plugin's `i`-th declared barrier name (what
            /// `SideKind::Barrier` carries for it).
            view check my_barrier(i: (usize) => (usize)) -> (u8) => (u8);
            // -------------------------------------------------------- changes
            /// This plugin's per-game state words, mutable.
            cx slice_mut state_words_mut() -> (&mut [u32]) => (RSliceMut<'_, u32>);
            /// This plugin's state words for `player`, mutable.
            cx check_slice_mut player_words_mut(player: (PlayerId) => (PlayerId)) -> (&mut [u32]) => (RSliceMut<'_, u32>);
            /// This plugin's state words for feature instance `f`, mutable.
            cx check_slice_mut feature_words_mut(f: (FeatureId) => (FeatureId)) -> (&mut [u32]) => (RSliceMut<'_, u32>);
            /// This plugin's state words for figure `fig`, mutable.
            cx check_slice_mut figure_words_mut(fig: (FigureId) => (FigureId)) -> (&mut [u32]) => (RSliceMut<'_, u32>);
            /// This plugin's state words for placed tile `t`, mutable.
            cx check_slice_mut tile_words_mut(t: (TileIndex) => (TileIndex)) -> (&mut [u32]) => (RSliceMut<'_, u32>);
            /// Awards points to a player, booked in this plugin's score category (scores
            /// saturate: an amount that would carry the score or its category past the
            /// range of `i32` is cut to what both can take).
            cx get add_score(player: (PlayerId) => (PlayerId), points: (i32) => (i32)) -> (bool) => (bool);
            /// Moves `points` from player `from` to player `to` as one operation, booked in
            /// this plugin's score category for both (a negative amount the other way).
            cx get transfer_score(from: (PlayerId) => (PlayerId), to: (PlayerId) => (PlayerId), points: (i32) => (i32)) -> (bool) => (bool);
            /// Player `player` pays `points` (0 or more) to nobody, booked in this plugin's
            /// score category and counted with his transfers (a bid lost to the bank).
            cx get pay_score(player: (PlayerId) => (PlayerId), points: (i32) => (i32)) -> (bool) => (bool);
            /// Marks the feature containing `f` as withheld: the core never scores it (not
            /// in this turn's scoring step, not at game end) nor returns its figures.
            cx get withhold_feature(f: (FeatureId) => (FeatureId)) -> (bool) => (bool);
            /// Marks the feature containing `f` as no city for farmers: once complete it is
            /// not among the cities a field borders (`bordering_cities`, `ScoreInfo::cities`),
            /// so no farmer unit, pig or barn counts it. Joined features keep the mark.
            cx get exclude_from_farmers(f: (FeatureId) => (FeatureId)) -> (bool) => (bool);
            /// Marks figure `fig` on the board as protected (`on`) or not; the mark goes
            /// when it moves or leaves the board.
            cx get set_protected(fig: (FigureId) => (FigureId), on: (bool) => (bool)) -> (bool) => (bool);
            /// Adds a line to the turn log; a no-op when logging is off (the SDK's `log`
            /// takes any string).
            cx get log_text(text: (&str) => (RStr<'_>)) -> (()) => (());
            /// Pushes a decision for `player` (any player); steps are resolved in push order.
            cx get push_decision(player: (PlayerId) => (PlayerId), tag: (u16) => (u16), arg: (u32) => (u32)) -> (bool) => (bool);
            /// `push_decision` of a decision whose options are the set bits of `among`
            /// (values 0 to 15, ascending), listed by the core without `step_options`.
            cx get push_decision_among(player: (PlayerId) => (PlayerId), tag: (u16) => (u16), arg: (u32) => (u32), among: (u16) => (u16)) -> (bool) => (bool);
            /// Pushes a chance event resolved with this plugin's outcomes.
            cx get push_chance(tag: (u16) => (u16), arg: (u32) => (u32)) -> (()) => (());
            /// Pushes the core chance event "take a tile from the bag face down".
            cx get push_hidden_tile_draw() -> (()) => (());
            /// Pushes the core chance event "draw a tile face up into my lot" (a tile the
            /// plugins' `filter_draws` let be drawn, seen by everyone; dropped when nothing
            /// is drawable).
            cx get push_public_tile_draw() -> (()) => (());
            /// Gives a tile of type `tile` from this plugin's lot to `player`'s hand (played
            /// instead of a draw with `play_from_hand`). `false` if the lot holds none.
            cx get give_lot_tile(player: (PlayerId) => (PlayerId), tile: (TileTypeId) => (TileTypeId)) -> (bool) => (bool);
            /// Puts a tile of type `tile` from this plugin's lot back into the bag. `false`
            /// if the lot holds none.
            cx get return_lot_tile(tile: (TileTypeId) => (TileTypeId)) -> (bool) => (bool);
            /// Deploys a figure of `kind` from `player`'s supply at `at` (on the board or
            /// in an area; no rule checked: see `may_deploy`). `None` if the supply holds none.
            cx get deploy_figure(player: (PlayerId) => (PlayerId), kind: (FigureKindId) => (FigureKindId), at: (Location) => (Location)) -> (Option<FigureId>) => (ROption<FigureId>);
            /// Puts a neutral figure of `kind` that is off the board at `at`.
            cx get place_neutral(kind: (FigureKindId) => (FigureKindId), at: (Location) => (Location)) -> (Option<FigureId>) => (ROption<FigureId>);
            /// Moves a figure on the board, held or in an area to `to` (any location; an
            /// occupied feature too): the `figure_moved` hooks run, or `figure_returned`
            /// for a figure leaving the board. `false` if it is in the supply.
            cx hook move_figure(fig: (FigureId) => (FigureId), to: (Location) => (Location)) -> (bool) => (RResult<bool, RString>);
            /// Sends a figure back to its owner's supply (a neutral one off the board),
            /// from the board, a player's hold or an area; the `figure_returned` hooks run.
            cx hook return_figure(fig: (FigureId) => (FigureId)) -> (()) => (RResult<(), RString>);
            /// Sends home every figure standing on a feature of placed tile `t` (not at a
            /// corner, nor on the tile itself) whose kind's class has its bit in `classes`
            /// (`1 << class as u8`) and that is not protected, in figure order, each with
            /// its `figure_returned` hooks (a predator's meal); the figures sent home.
            cx hook return_figures_on_tile(t: (TileIndex) => (TileIndex), classes: (u8) => (u8)) -> (Vec<FigureId>) => (RResult<RVec<FigureId>, RString>);
            /// Scores the road, city, cloister or spot containing `f` now (scoring hooks
            /// run, its figures return) and returns the points paid.
            cx hook score_feature(f: (FeatureId) => (FeatureId), reason: (ScoreReason) => (ScoreReason)) -> (Points) => (RResult<Points, RString>);
            /// Scores the road, city, cloister or spot containing `f` now at `value` base
            /// points, withheld or not (reason `Proxy`, booked in this plugin's category; a
            /// castle paid for a feature completed near it); its figures return.
            cx hook score_by_proxy(f: (FeatureId) => (FeatureId), value: (i32) => (i32)) -> (Points) => (RResult<Points, RString>);
            /// Scores the farmers of the field containing `f` now as a unit of its own:
            /// `per_city` points per completed city bordering it to the majority (a barn);
            /// the farmers stay. `None` if no follower stands there.
            cx hook score_farmers(f: (FeatureId) => (FeatureId), per_city: (i32) => (i32), reason: (ScoreReason) => (ScoreReason)) -> (Option<Points>) => (RResult<ROption<Points>, RString>);
            /// What one winner of the field containing `f` would be paid now at `per_city`
            /// points per completed bordering city: the base changed by the `feature_value`
            /// hooks (a castle one more), nobody paid (a barn's owners at game end). `None`
            /// if `f` is no field.
            cx hook farmer_value(f: (FeatureId) => (FeatureId), per_city: (i32) => (i32), reason: (ScoreReason) => (ScoreReason)) -> (Option<i32>) => (RResult<ROption<i32>, RString>);
            /// Completed cities bordering the field containing `f` that count for farmers,
            /// as city roots in increasing order (the cities whose farmer units, F2 and F3,
            /// hold that field; the first is scored first). Empty if `f` is no field. (A
            /// query: read-only hooks may ask it too.)
            view get bordering_cities(f: (FeatureId) => (FeatureId)) -> (Vec<FeatureId>) => (RVec<FeatureId>);
            /// Adds a feature of `kind` owning board slots `slots` to placed tile `t`: the
            /// slots are taken from their owners without splitting or joining them, the
            /// sides it touches get their kind again for later placements, it joins what
            /// it meets across them, and what it completes is scored in this turn's
            /// scoring step (at once if that is over); a feature left with no slot and
            /// joined to nothing is gone (never scored, closed, its figures sent home),
            /// and a queued one it opens again is not scored. `None` if it cannot be added.
            cx hook add_tile_feature(t: (TileIndex) => (TileIndex), kind: (FeatureKind) => (FeatureKind), slots: (u16) => (u16)) -> (Option<FeatureId>) => (RResult<ROption<FeatureId>, RString>);
            /// Grants `player` a full turn right after the current one (a builder's
            /// second tile, the abbey round).
            cx get grant_turn(player: (PlayerId) => (PlayerId)) -> (bool) => (bool);
            /// Switches this plugin's hook `hook` (one bit of `hook`) on or off at run
            /// time, kept in the game state; a hook every subscriber switched off costs
            /// nothing. `false` unless the plugin subscribes to it and it may be switched
            /// (not `step_options`, `step_outcomes`, `resolve_step`, `figure_strength`,
            /// `observe`, `figure_note`).
            cx get set_hook_enabled(hook: (u64) => (u64), on: (bool) => (bool)) -> (bool) => (bool);
            /// Offers deployments onto feature instance `f` at every figure step from now
            /// on, wherever it is: every offered kind in the current player's supply that
            /// may stand there by the shared rule and meets its offer conditions (a standing
            /// offer: no `figure_options` call per turn; the vetoes apply).
            cx get offer_deployments_at(f: (FeatureId) => (FeatureId)) -> (bool) => (bool);
            /// Offers this plugin's special option `code` at every figure step from now on
            /// while feature instance `f` holds no occupying figure in its feature (a
            /// standing offer; the vetoes apply: veto it for a player who may not take it).
            cx get offer_special_at(f: (FeatureId) => (FeatureId), code: (u32) => (u32)) -> (bool) => (bool);
            /// Takes back this plugin's standing offers at feature instance `f`; whether it
            /// had any.
            cx get withdraw_offers_at(f: (FeatureId) => (FeatureId)) -> (bool) => (bool);
            /// Stops (`on` false) or resumes offering this plugin's standing special options
            /// to `player` (one who has no tower piece left).
            cx get offer_specials_to(player: (PlayerId) => (PlayerId), on: (bool) => (bool)) -> (bool) => (bool);
            /// Offers (`on`) this plugin's special option per follower of the current
            /// player standing on a feature, with the code of the feature's spot (`Spot`),
            /// each spot once, at every figure step from now on, save figure `except`
            /// (one that is no player's follower leaves none out); `on` false stops it
            /// (a standing offer: no `figure_options` call per turn; the vetoes apply).
            cx get offer_follower_spots(on: (bool) => (bool), except: (FigureId) => (FigureId)) -> (bool) => (bool);
            /// Has this plugin's spot offer carry its neutral figure `fig`: a chosen spot
            /// option first puts `fig` on that follower's tile (placed, or moved with the
            /// `figure_moved` hooks) and leaves him out of the offer, before `figure_chosen`
            /// (the fairy's move). `false` if it offers no spots or `fig` is not neutral.
            cx get carry_with_spots(fig: (FigureId) => (FigureId)) -> (bool) => (bool);
            /// Offers (`on`), at every figure step whose placed tile carries one of
            /// `markers` (tile level), deployments of every follower kind in the current
            /// player's supply onto every unfinished feature instance of the board but the
            /// placed tile's that the kind may stand on by the shared rule
            /// (`open_features_for`), in order with the core's own options (a magic
            /// portal, with no figure-step hook). `false` only for an unknown plugin.
            cx get offer_open_features(markers: (u64) => (u64), on: (bool) => (bool)) -> (bool) => (bool);
            /// Holds back (`on`) from the tile draw every tile type carrying one of
            /// `markers` (tile level), or stops; a draw filter given as data: the same
            /// draws as a `filter_draws` clearing those types, with no call per draw.
            /// `false` only for an unknown plugin.
            cx get hold_back_draws(markers: (u64) => (u64), on: (bool) => (bool)) -> (bool) => (bool);
            /// Runs (`on`) this plugin's `turn_start` only at the turns of the owner of the
            /// follower its spot offer leaves out (none left out: at no turn); `on` false:
            /// at every turn again. `false` unless the plugin subscribes to `turn_start`.
            cx get turn_start_for_spot_owner(on: (bool) => (bool)) -> (bool) => (bool);
            /// Closes the feature containing `f` to deployments by the shared rule (no
            /// figure of any kind; the core offers none there, `may_deploy` says no), or
            /// opens it again. Joined features keep the mark.
            cx get close_feature(f: (FeatureId) => (FeatureId), closed: (bool) => (bool)) -> (bool) => (bool);
            /// Plays `tile` from the current player's hand instead of drawing (in
            /// `turn_start` or a decision it pushed; only if the tile fits somewhere; a tile
            /// given at run time that fits nowhere is set aside).
            cx hook play_from_hand(tile: (TileTypeId) => (TileTypeId)) -> (bool) => (RResult<bool, RString>);
            /// Whether `play_from_hand(tile)` would play the tile now (held by the current
            /// player, before the draw, fitting somewhere under every plugin's placement
            /// rules, judged with the tile out of the hand as the play judges it); changes
            /// nothing: offer the play only when it can be made.
            cx hook can_play_from_hand(tile: (TileTypeId) => (TileTypeId)) -> (bool) => (RResult<bool, RString>);
        }
    };
}

/// Opaque pointer to host-owned data (the game and the calling plugin's index),
/// valid for `'a`: one hook call. Only the host dereferences it; it is made
/// only by the host (its constructor is `unsafe`), so a plugin can only pass
/// back the handle it was given, and what the host lends through it (state
/// words, names) borrows for the same `'a`.
#[repr(transparent)]
#[derive(StableAbi, Copy, Clone, Debug)]
pub struct HostHandle<'a> {
    ptr: *mut c_void,
    lent: PhantomData<&'a ()>,
}

impl<'a> HostHandle<'a> {
    /// A handle to host data.
    ///
    /// # Safety
    /// `ptr` must point to what the host's callbacks expect, valid for `'a`.
    #[inline]
    pub const unsafe fn new(ptr: *mut c_void) -> HostHandle<'a> {
        HostHandle {
            ptr,
            lent: PhantomData,
        }
    }

    /// The pointer, for the host that made it.
    #[inline]
    pub const fn as_ptr(self) -> *mut c_void {
        self.ptr
    }
}

/// What the host passes to every hook: the callback table and the handle.
#[repr(C)]
#[derive(StableAbi, Copy, Clone)]
pub struct HostRef<'a> {
    /// The callbacks.
    pub vtable: &'a HostVTable,
    /// The handle to pass back to them.
    pub handle: HostHandle<'a>,
}

macro_rules! host_vtable {
    ($(
        $(#[doc = $doc:literal])*
        $access:ident $mode:ident $name:ident ( $($arg:ident : ($($cty:tt)*) => ($($aty:tt)*)),* )
            -> ($($cret:tt)*) => ($($aret:tt)*);
    )*) => {
        /// The functions through which a plugin reads and changes the game, generated
        /// from [`query_table!`](crate::query_table) (same names as the core's queries).
        ///
        /// Contract for the host: no function unwinds; every id is validated, and a bad
        /// one (or a change from a read-only hook) returns a neutral value and marks
        /// the call as failed: the hook then fails with a message naming the function.
        ///
        /// # Safety
        ///
        /// Every function is `unsafe` to call: `h` must be the handle the host passed
        /// to the hook that is running (in its [`HostRef`]), during that hook, paired
        /// with this table; and what a function lends (a slice, a string) must be
        /// dropped before the next call that changes the game (a `cx` query) is
        /// made. The SDK's `View` and `Cx` uphold both (their change methods take
        /// `&mut self`), so plugin code never calls these functions.
        #[repr(C)]
        #[derive(StableAbi)]
        pub struct HostVTable {
            $(
                $(#[doc = $doc])*
                pub $name: unsafe extern "C" fn(h: HostHandle<'_> $(, $arg: $($aty)*)*) -> $($aret)*,
            )*
        }
    };
}

query_table!(host_vtable);
