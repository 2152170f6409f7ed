//! The hook vocabulary: the hook table, the hook bits, and (in `data`,
//! re-exported here) the plain data the
//! hooks pass (steps, outcomes, placements, figure options, scoring
//! information, points).
//!
//! **The one table.** [`hook_table!`](crate::hook_table) lists every hook once,
//! in pipeline order, with its contract, its arguments (each with its engine
//! type and its binary-interface type) and the narrowing case that concerns it,
//! if any. Every layer is generated from it: the [`hook`] bits and names and
//! the narrowing cases ([`crate::narrow`]) here, the engine's `Hooks` trait
//! (`carcassonne-core`), the binary interface's plugin vtable
//! (`carcassonne-plugin-abi`), the SDK's `Plugin` trait and adapter
//! (`carcassonne-plugin-sdk`) and the host's adapter (`carcassonne-host`). A
//! new hook is one table entry plus its dispatch point in the pipeline; see
//! `ARCHITECTURE.md` for the pipeline in words.

mod data;
pub use data::*;

/// The hook table: every hook in pipeline order, with its contract.
///
/// Invoke it with the name of a macro that receives the table:
/// `carcassonne_vocab::hook_table!(my_macro);` (also re-exported by the core
/// and the SDK) expands to `my_macro! { ... }` with one entry per hook:
///
/// ```text
/// /// doc lines
/// name BIT (cx | v) { arg: kind (engine type) => (ABI type), ... } [narrowing]
/// ```
///
/// `kind` says how an argument crosses the binary interface: `val` as it is (the
/// same type on both sides), `slice` / `slice_mut` as `RSlice` / `RSliceMut`,
/// `vec` as an `RVec` (an output list), `string` as an `RString` (output text),
/// `info` as an `AbiScoreInfo`.
///
/// `cx` hooks get read-write access (the engine's and the SDK's `Cx`) and may
/// push steps; `v` hooks read only (`View`) and must not allocate when marked
/// hot. Every hook returns a result (`HookResult`).
///
/// The bracket after the arguments holds the hook's **narrowing cases**, empty
/// (`[]`) for a hook that has none: each `narrowed by WHO: /// doc BIT
/// Variant(arg: Type, ...)` declares a bit of [`narrow::bits`](crate::narrow::bits)
/// a plugin sets to say that the hook has nothing to do outside that case, and
/// the [`Narrowed`](crate::narrow::Narrowed) variant that carries the case's
/// arguments. A hook may have several cases (`figure_options`); a plugin that
/// declares several of them is skipped outside any one of them. `WHO` says who decides the case before a call: `engine` (the
/// engine's dispatch, just before it calls the plugin) or `host` (the host's
/// adapter, for a hook the engine dispatches whole; the variant's arguments are
/// then the hook's arguments of the same names). Macros that do not care match
/// the bracket as `[$($narrowing:tt)*]`.
#[macro_export]
macro_rules! hook_table {
    ($m:ident) => {
        $m! {
            /// Game setup, once: the start layout is placed and the first turn not begun.
            /// Initialise plugin state here (it starts all zero).
            setup SETUP (cx) {} []
            /// A turn begins (also a turn a plugin granted with `Cx::grant_turn`), before
            /// the tile draw: start-of-turn points (the fairy), or a decision to play a
            /// tile from the hand instead of drawing (the abbey: `Cx::play_from_hand`).
            turn_start TURN_START (cx) {} []
            /// Before a tile is drawn from the bag: clear `keep[i]` to hold the tile type
            /// `tiles[i]` back from this draw (it stays in the bag; e.g. dragon tiles before
            /// the first volcano). `tiles` are the distinct types in the bag, in increasing
            /// id order (a filter may binary-search them). A bag with no drawable tile ends
            /// the game: the check that starts a regular turn asks as that turn (its number
            /// and player set), as the draw does. Hot; do not allocate.
            filter_draws FILTER_DRAWS (v) {
                tiles: slice (&[TileTypeId]) => (RSlice<'_, TileTypeId>),
                keep: slice_mut (&mut [bool]) => (RSliceMut<'_, bool>)
            } [narrowed by engine:
                /// `filter_draws` only when its answer may differ from the last call's: the
                /// filter's answer does not depend on what changes when a turn begins (the
                /// turn number, whose turn it is), only on what hooks and actions change (the
                /// bag, the board, plugin state), so that while no hook ran, no action was
                /// applied and no tile left the bag the core keeps the answer it got (the
                /// draw right after the check that started the turn). When every subscriber
                /// declares it.
                DRAWS_STEADY Draws()
            ]
            /// A tile was drawn (or played from a hand) and fits somewhere.
            tile_drawn TILE_DRAWN (cx) { tile: val (TileTypeId) => (TileTypeId) } [narrowed by engine:
                /// `tile_drawn` only for a tile type carrying one of the plugin's markers at
                /// tile level.
                DRAWN_MARKED Drawn(tile: TileTypeId)
            ]
            /// Add placement candidates of tile type `tile` that lay one of your pieces (a
            /// bridge): each a `PiecePlacement` — the placement laying `Piece::of(your
            /// index, code)`, the tile that gets the piece's feature (the placed one or a
            /// placed one, by position), the feature's kind and board slots, and whether it
            /// is optional. Offer them also where plain side matching refuses the
            /// placement: the core keeps those that fit with the feature added and drops
            /// the others, counts them as placements (a tile that fits only with a piece
            /// is not set aside), and `filter_placements` sees them with the others.
            extra_placements EXTRA_PLACEMENTS (v) {
                tile: val (TileTypeId) => (TileTypeId),
                out: vec (&mut Vec<PiecePlacement>) => (&mut RVec<PiecePlacement>)
            } [narrowed by engine:
                /// Not a case in which the hook is skipped but a promise about its
                /// candidates: where every side of the board is plain (every tile type's
                /// and every placed tile's sides each of one kind, a road side a road
                /// between fields) and the game has room for the tile's features and one
                /// more, every candidate the plugin offers fits, so that the core keeps
                /// them without its check of each (a playout's list then costs the offer
                /// alone). When every subscriber declares it.
                OFFERED_FIT Offered()
            ]
            /// The only squares where this plugin's `filter_placements` may keep a
            /// placement of tile type `tile` (the river: its open ends): write them to
            /// `out[..n]` and their number to `n`. `n` starts at 0, which bounds nothing,
            /// as does a number above `out.len()` (too many squares: write none). Asked
            /// before the placement list is built, and only of a plugin whose
            /// `filter_placements` is called for that list; the core then lists the
            /// placements at the squares every answering plugin named alone, so that the
            /// filter sees fewer candidates and keeps the same ones. A promise about the
            /// plugin's own filter: a square left out is one where it keeps nothing. Hot;
            /// do not allocate.
            placement_squares PLACEMENT_SQUARES (v) {
                tile: val (TileTypeId) => (TileTypeId),
                out: slice_mut (&mut [Pos]) => (RSliceMut<'_, Pos>),
                n: val (&mut u32) => (&mut u32)
            } []
            /// Clear `keep[i]` to forbid placement `cands[i]` of tile type `tile`; called
            /// in batch whenever placements are generated. Hot; do not allocate.
            filter_placements FILTER_PLACEMENTS (v) {
                tile: val (TileTypeId) => (TileTypeId),
                cands: slice (&[Placement]) => (RSlice<'_, Placement>),
                keep: slice_mut (&mut [bool]) => (RSliceMut<'_, bool>)
            } [narrowed by engine:
                /// `filter_placements` only for a tile type carrying one of the plugin's
                /// markers at tile level (a filter for its own tiles: the abbey's holes). A
                /// tile no subscriber filters takes the fast path of the unfiltered game.
                PLACEMENTS_MARKED Placements(tile: TileTypeId)
            ]
            /// Why this plugin's `filter_placements` refuses placement `p` of tile type
            /// `tile`, in words for the player, written to `out` (the river: "the river
            /// may not turn back on itself"). Asked only to explain a refused action whose
            /// sides fit, and only of a plugin whose filter refuses it; leave `out` empty
            /// and the core says that the plugin's rule forbids it.
            placement_refusal PLACEMENT_REFUSAL (v) {
                tile: val (TileTypeId) => (TileTypeId),
                p: val (Placement) => (Placement),
                out: string (&mut String) => (&mut RString)
            } []
            /// Two features were joined while a tile was placed; `absorbed` is no longer a
            /// root. Merge per-feature plugin state into `kept` here.
            features_merged FEATURES_MERGED (cx) {
                kept: val (FeatureId) => (FeatureId),
                absorbed: val (FeatureId) => (FeatureId)
            } [narrowed by host:
                /// `features_merged` only when `kept` or `absorbed` holds state words of the
                /// plugin that are not all zero (its per-feature state: nothing to merge
                /// otherwise).
                MERGED_WITH_STATE Merged(kept: FeatureId, absorbed: FeatureId)
            ]
            /// A tile was placed (after all merges); completed features are known.
            tile_placed TILE_PLACED (cx) { tile: val (TileIndex) => (TileIndex) } [narrowed by engine:
                /// `tile_placed` only for a tile carrying one of the plugin's markers, at tile
                /// level or on one of its features (the volcano).
                PLACED_MARKED Placed(tile: TileIndex)
            ]
            /// Before the figure step: push decisions that come first.
            before_figure BEFORE_FIGURE (cx) {} [narrowed by engine:
                /// `before_figure` only when the tile placed this turn is part of a feature
                /// (road, city, field, ...) in which a figure of the current player, of one
                /// of the plugin's kinds, stands (a figure whose feature the tile extends:
                /// the builder).
                BEFORE_FIGURE_EXTENDS_MINE BeforeFigure()
            ]
            /// Add figure-step options: deployments of your figures
            /// (`FigureOption::Deploy`, anywhere on the board), your special options. The
            /// core has added `Pass` and every kind it offers (see `FigureKind::offered`);
            /// the list is sorted and deduplicated afterwards.
            figure_options FIGURE_OPTIONS (v) {
                opts: vec (&mut Vec<FigureOption>) => (&mut RVec<FigureOption>)
            } [narrowed by engine:
                /// `figure_options` only when the current player has a figure of one of the
                /// plugin's kinds in supply (a plugin that offers only deployments of its
                /// own figures from the supply).
                OPTIONS_WITH_SUPPLY Options()
            narrowed by engine:
                /// `figure_options` only when the tile placed this turn carries one of the
                /// plugin's markers, at tile level or on one of its features (options that
                /// only a marked tile gives: the magic portal, the princess). With
                /// `OPTIONS_WITH_SUPPLY` too, a call outside either case is skipped.
                OPTIONS_PLACED_MARKED OptionsPlaced()
            narrowed by engine:
                /// `figure_options` only when the current player has a figure of one of the
                /// plugin's kinds out of his supply (on the board, held or in an area:
                /// options that only a figure out of the supply gives, the abbot's recall).
                /// With another of the hook's bits too, a call outside any declared case
                /// is skipped.
                OPTIONS_WITH_DEPLOYED OptionsDeployed()
            ]
            /// Clear `keep[i]` to forbid option `opts[i]` (a veto over every plugin's
            /// options, e.g. no deployment on the dragon's tile). Also consulted by
            /// `Game::may_deploy`. Must not allocate.
            filter_figure_options FILTER_FIGURE_OPTIONS (v) {
                opts: slice (&[FigureOption]) => (RSlice<'_, FigureOption>),
                keep: slice_mut (&mut [bool]) => (RSliceMut<'_, bool>)
            } [narrowed by engine:
                /// `filter_figure_options` only when one of the options is a deployment on a
                /// tile where a figure of one of the plugin's kinds stands (on a feature or a
                /// corner of that tile, or on the tile itself): a plugin that vetoes only what
                /// comes near its figures (the dragon's tile, the fairy's). Such a plugin vetoes
                /// nothing else: for a list spread over many tiles (a magic portal's), when every
                /// subscriber declared this, the core gives each only the options onto the tiles
                /// its figures stand on.
                OPTIONS_ON_MY_TILES OptionOn(tile: TileIndex)
            ]
            /// The figure step was resolved with `opt` (the core already deployed a
            /// `Deploy`; a `Special` of this plugin is carried out here).
            figure_chosen FIGURE_CHOSEN (cx) { opt: val (FigureOption) => (FigureOption) } [narrowed by engine:
                /// `figure_chosen` only for the plugin's own options: a `Deploy` of one of
                /// its figure kinds or one of its `Special` options.
                CHOSEN_MINE Chosen(opt: FigureOption)
            ]
            /// After the figure step: push decisions that come after it (the flock choice).
            after_figure AFTER_FIGURE (cx) {} [narrowed by engine:
                /// `after_figure` only when the tile placed this turn is part of a feature in
                /// which a figure of the current player, of one of the plugin's kinds,
                /// stands (the shepherd's flock).
                AFTER_FIGURE_EXTENDS_MINE AfterFigure()
            ]
            /// After the figure step and every decision it led to, before the completed
            /// features are scored (the dragon moves here).
            before_scoring BEFORE_SCORING (cx) {} [narrowed by engine:
                /// `before_scoring` only when a feature waits to be scored this turn
                /// (`pending_scorings` is not empty): a plugin that acts only on the
                /// features about to be scored (the castle offered for a small city).
                BEFORE_SCORING_PENDING BeforeScoring()
            ]
            /// The strength in a majority of figure `fig` of a kind this plugin declares
            /// with a computed strength, standing in the feature with root `feature`
            /// (the mayor: the pennants of his city). Only the declaring plugin is asked.
            figure_strength FIGURE_STRENGTH (v) {
                fig: val (FigureId) => (FigureId),
                feature: val (FeatureId) => (FeatureId),
                strength: val (&mut u16) => (&mut u16)
            } []
            /// Refine the winners of a majority (they start as the players with the most
            /// strength, at least 1). Refinements run in plugin order: a plugin that
            /// refines the winners another plugin refined declares its order
            /// (`RUNS_AFTER`) with the rules reason (the mayor after the hills). Hot; do
            /// not allocate.
            majority MAJORITY (v) {
                info: info (&ScoreInfo<'_>) => (&AbiScoreInfo<'_>),
                winners: val (&mut PlayerSet) => (&mut PlayerSet)
            } [narrowed by engine:
                /// `majority` only when several players share the most strength (a
                /// tie-break).
                MAJORITY_TIED Majority(winners: PlayerSet)
            ]
            /// The value layer of a scoring: say how this plugin changes what the feature
            /// (or farmer unit) is worth to each winner, from `info` and the base value
            /// `base` alone. `change` starts empty; `add` to the value, `set` it in place
            /// of the base, `scale` it (a witch's half, after every add and set) or
            /// `void` it (worth nothing: an unfinished inn road). Every plugin sees the
            /// same `base`, never another plugin's change; the core combines them (void,
            /// else the highest set or the base, plus every add, times every scale,
            /// rounded halves up), so the order of plugins does not matter. What you change is booked in your
            /// score category. Hot; do not allocate.
            feature_value FEATURE_VALUE (v) {
                info: info (&ScoreInfo<'_>) => (&AbiScoreInfo<'_>),
                base: val (i32) => (i32),
                change: val (&mut ValueChange) => (&mut ValueChange)
            } [narrowed by engine:
                /// `feature_value` never for a road: a plugin whose rule concerns other kinds.
                /// One bit per feature kind, in `FeatureKind` order; with several, the
                /// hook is skipped for each of their kinds (`value_only` declares the
                /// kinds it keeps).
                VALUE_SKIPS_ROADS ValueRoad()
            narrowed by engine:
                /// `feature_value` never for a city.
                VALUE_SKIPS_CITIES ValueCity()
            narrowed by engine:
                /// `feature_value` never for a field (a farmer unit).
                VALUE_SKIPS_FIELDS ValueField()
            narrowed by engine:
                /// `feature_value` never for a cloister.
                VALUE_SKIPS_CLOISTERS ValueCloister()
            narrowed by engine:
                /// `feature_value` never for a spot (a garden).
                VALUE_SKIPS_SPOTS ValueSpot()
            narrowed by engine:
                /// `feature_value` only for a unit in which a figure of one of the plugin's kinds
                /// stands (on a member of the feature scored; for farmers, of one of the unit's
                /// fields), whether it counts in the majority or not: a value rule for the units
                /// its figures stand in (a mage's point per tile). `held`: the kinds of the figures
                /// standing there of the plugins that declared the case
                /// ([`held_bit`](crate::narrow::held_bit)). With a per-kind bit, the call is
                /// skipped when either case says so.
                VALUE_HOLDS_MINE ValueHolds(held: u64)
            ]
            /// The bonus layer of a scoring: points paid to named players on top of the
            /// award, which no value rule can erase (the fairy's 3, a pig's extra).
            /// `award` is what the winners get (read only, the same for every plugin);
            /// add to `bonus` (it starts at zero) for any player, winner or not. Bonuses
            /// of all plugins are summed, so their order does not matter; yours are
            /// booked in your score category. Hot; do not allocate.
            bonus BONUS (v) {
                info: info (&ScoreInfo<'_>) => (&AbiScoreInfo<'_>),
                award: val (&Points) => (&Points),
                bonus: val (&mut Points) => (&mut Points)
            } [narrowed by engine:
                /// `bonus` never for a road: a plugin whose rule concerns other kinds.
                /// One bit per feature kind, in `FeatureKind` order; with several, the
                /// hook is skipped for each of their kinds (`bonus_only` declares the
                /// kinds it keeps).
                BONUS_SKIPS_ROADS BonusRoad()
            narrowed by engine:
                /// `bonus` never for a city.
                BONUS_SKIPS_CITIES BonusCity()
            narrowed by engine:
                /// `bonus` never for a field (a farmer unit).
                BONUS_SKIPS_FIELDS BonusField()
            narrowed by engine:
                /// `bonus` never for a cloister.
                BONUS_SKIPS_CLOISTERS BonusCloister()
            narrowed by engine:
                /// `bonus` never for a spot (a garden).
                BONUS_SKIPS_SPOTS BonusSpot()
            narrowed by engine:
                /// `bonus` only for a unit in which a figure of one of the plugin's kinds stands
                /// (on a member of the feature scored; for farmers, of one of the unit's fields),
                /// whether it counts in the majority or not: a bonus for the units its figures
                /// stand in (the pig's). `held`: the kinds of the figures standing there of the
                /// plugins that declared the case ([`held_bit`](crate::narrow::held_bit)). With a
                /// per-kind bit, the call is skipped when either case says so.
                BONUS_HOLDS_MINE BonusHolds(held: u64)
            ]
            /// A feature (or farmer unit) was scored and the points awarded; its figures
            /// return next. `info.value` is what the unit was worth to each winner
            /// after the value layer (`info.award(points)`: the award apart from the
            /// bonuses in `points`). Also called for a completed feature holding no
            /// figure: no one scores, `info.value` is still its value (e.g. trade goods
            /// go to the active player; a castle pays its value).
            feature_scored FEATURE_SCORED (cx) {
                info: info (&ScoreInfo<'_>) => (&AbiScoreInfo<'_>),
                points: val (&Points) => (&Points)
            } [narrowed by engine:
                /// `feature_scored` only while the game logs events (a hook that only
                /// writes the turn log).
                SCORED_WHEN_LOGGING Scored()
            narrowed by engine:
                /// `feature_scored` never for a road: a plugin whose rule concerns other kinds.
                /// One bit per feature kind, in `FeatureKind` order; with several, the
                /// hook is skipped for each of their kinds (`scored_only` declares the
                /// kinds it keeps).
                SCORED_SKIPS_ROADS ScoredRoad()
            narrowed by engine:
                /// `feature_scored` never for a city.
                SCORED_SKIPS_CITIES ScoredCity()
            narrowed by engine:
                /// `feature_scored` never for a field (a farmer unit).
                SCORED_SKIPS_FIELDS ScoredField()
            narrowed by engine:
                /// `feature_scored` never for a cloister.
                SCORED_SKIPS_CLOISTERS ScoredCloister()
            narrowed by engine:
                /// `feature_scored` never for a spot (a garden).
                SCORED_SKIPS_SPOTS ScoredSpot()
            narrowed by engine:
                /// `feature_scored` only for a unit in which a figure of one of the plugin's kinds
                /// stands (on a member of the feature scored; for farmers, of one of the unit's
                /// fields), whether it counts in the majority or not: what happens to its figures
                /// when their unit is scored (the wagon moves on). `held`: the kinds of the figures
                /// standing there of the plugins that declared the case
                /// ([`held_bit`](crate::narrow::held_bit)). With a per-kind bit, the call is
                /// skipped when either case says so.
                SCORED_HOLDS_MINE ScoredHolds(held: u64)
            ]
            /// A field can no longer grow (closed by this turn's tile, or born closed).
            field_closed FIELD_CLOSED (cx) { field: val (FeatureId) => (FeatureId) } []
            /// The turn is ending: after scoring and closed fields (wagon moves, barn
            /// scorings, the dragon after scoring, granting an extra turn).
            turn_end TURN_END (cx) {} [narrowed by engine:
                /// `turn_end` only when the tile placed this turn is part of a feature
                /// (road, city, field, ...) on which a figure of one of the plugin's kinds
                /// stands, anyone's or a neutral one (the barn: its fields).
                TURN_END_TOUCHES_MINE TurnEnd()
            ]
            /// A player's whole turn is over: his turn and every turn granted during it
            /// (the builder's second part) have been played, and no granted turn waits;
            /// the next regular turn (or the end of the game) comes next. Push decisions
            /// for every player here (an auction after the turn). Runs once per whole
            /// turn; turns granted here are played, then it runs again after them.
            turn_over TURN_OVER (cx) {} []
            /// The bag is empty and no granted turn is waiting: the game is about to end.
            /// Grant turns here (the abbey round); called again after them, until no
            /// plugin grants one. Decisions pushed here (by any player, in any number)
            /// are resolved before final scoring, without a granted turn.
            game_ending GAME_ENDING (cx) {} []
            /// The last window before final scoring: after `game_ending` and every turn
            /// granted at the end (the abbey round) have been played, when no granted
            /// turn waits. Decisions pushed here (by any player, in any number, chained
            /// from `resolve_step`) are resolved before final scoring (the Count's final
            /// movement). A turn granted here is played, then `game_ending` and this
            /// hook run again (keep a flag in your state to act once).
            before_final_scoring BEFORE_FINAL_SCORING (cx) {} []
            /// Final scoring, after the core has scored every feature and the farmers.
            final_scoring FINAL_SCORING (cx) {} []
            /// Figure `fig` left `from`: it left the board (its feature was scored, or a
            /// rule sent it home: a wolf, the dragon, the princess; or it was taken
            /// prisoner, `Location::Held`, or into an area), or it went back to its
            /// owner's supply from off the board (a prisoner released). Tell them apart
            /// by `figure_location(fig)` (`None`: the supply; off the board for a
            /// neutral figure). Release data kept about it.
            figure_returned FIGURE_RETURNED (cx) {
                fig: val (FigureId) => (FigureId),
                from: val (Location) => (Location)
            } [narrowed by engine:
                /// `figure_returned` only for a figure of one of the plugin's kinds (a
                /// plugin that follows only its own figures home: the shepherd).
                RETURNED_MINE Returned(fig: FigureId)
            ]
            /// Figure `fig` was moved from `from` to where it is now: on the board (a
            /// wagon, the fairy), onto the board from off it (from an area), or between
            /// two places off the board.
            figure_moved FIGURE_MOVED (cx) {
                fig: val (FigureId) => (FigureId),
                from: val (Location) => (Location)
            } [narrowed by engine:
                /// `figure_moved` only for a figure of a player, never a neutral one
                /// (the dragon's steps, the fairy's moves): a plugin that follows only
                /// players' figures (the fairy's follower, the builder's feature).
                MOVED_PLAYERS Moved(fig: FigureId)
            ]
            /// What `player` may see of this plugin's state, as JSON text written to
            /// `out` (default without this hook: all of it, as words). A seat past the
            /// last (`player.seat() >= players()`: the core asks with seat `players()`)
            /// is a spectator: show only what every player may see. A plugin that
            /// fails for that seat (its per-player state read by it: the host refuses a
            /// seat the game does not have) shows spectators nothing; so does every
            /// plugin with this hook in a game of `MAX_PLAYERS` players.
            observe OBSERVE (v) {
                player: val (PlayerId) => (PlayerId),
                out: string (&mut String) => (&mut RString)
            } []
            /// A short public note about figure `fig` written to `out` (the shepherd: the
            /// sheep of its flock), drawn under the figure in board pictures and shown in
            /// observations. Leave `out` empty for no note. Every figure on the board is
            /// asked, whoever declared it.
            figure_note FIGURE_NOTE (v) {
                fig: val (FigureId) => (FigureId),
                out: string (&mut String) => (&mut RString)
            } []
            /// Options of a decision step this plugin pushed, as codes in canonical order.
            step_options STEP_OPTIONS (v) {
                step: val (Step) => (Step),
                out: vec (&mut Vec<u32>) => (&mut RVec<u32>)
            } []
            /// Outcomes of a chance step this plugin pushed, with weights > 0.
            step_outcomes STEP_OUTCOMES (v) {
                step: val (Step) => (Step),
                out: vec (&mut Vec<Outcome>) => (&mut RVec<Outcome>)
            } []
            /// Carry out a step this plugin pushed with the chosen option or drawn outcome.
            resolve_step RESOLVE_STEP (cx) {
                step: val (Step) => (Step),
                value: val (u32) => (u32)
            } []
            /// A short public note about feature instance `f` written to `out` (the
            /// height of a tower), drawn at the feature in board pictures and shown in
            /// observations. Leave `out` empty for no note. Every feature instance on the
            /// board is asked, whoever gives it a meaning.
            feature_note FEATURE_NOTE (v) {
                f: val (FeatureId) => (FeatureId),
                out: string (&mut String) => (&mut RString)
            } []
            /// A short public note about `player` written to `out` (tower pieces left,
            /// prisoners), shown with the player in observations and pictures. Leave
            /// `out` empty for no note.
            player_note PLAYER_NOTE (v) {
                player: val (PlayerId) => (PlayerId),
                out: string (&mut String) => (&mut RString)
            } []
        }
    };
}

macro_rules! hook_bits {
    ($( $(#[doc = $doc:literal])* $name:ident $bit:ident ($ctx:ident) { $($body:tt)* } [$($narrowing:tt)*] )*) => {
        /// Hook subscription bits: a plugin is called only for the hooks it implements.
        pub mod hook {
            #[allow(non_camel_case_types, clippy::upper_case_acronyms, dead_code)]
            #[repr(u8)]
            enum Index { $($bit,)* }

            $(
                #[doc = concat!("Bit of the `", stringify!($name), "` hook.")]
                pub const $bit: u64 = 1 << Index::$bit as u8;
            )*

            /// Names of the hooks, in pipeline order (bit `i` is `NAMES[i]`).
            pub const NAMES: &[&str] = &[$(stringify!($name)),*];

            /// Every hook.
            pub const ALL: u64 = (1u64 << NAMES.len()) - 1;

            /// The bit of the hook named `name` (0 if there is no such hook).
            pub const fn bit(name: &str) -> u64 {
                let mut i = 0;
                while i < NAMES.len() {
                    if super::const_str_eq(NAMES[i], name) {
                        return 1 << i;
                    }
                    i += 1;
                }
                0
            }

            /// The bits of the hooks among `names` (other names are ignored): the
            /// SDK's `#[plugin]` attribute passes the names of the methods a plugin
            /// implements.
            pub const fn mask_of(names: &[&str]) -> u64 {
                let mut m = 0;
                let mut i = 0;
                while i < names.len() {
                    m |= bit(names[i]);
                    i += 1;
                }
                m
            }

            /// The name of hook bit `b` (the lowest set bit).
            pub fn name_of(b: u64) -> &'static str {
                NAMES.get(b.trailing_zeros() as usize).copied().unwrap_or("?")
            }
        }
    };
}

crate::hook_table!(hook_bits);

const fn const_str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_follow_the_table_order() {
        assert_eq!(hook::SETUP, 1);
        assert_eq!(hook::NAMES[0], "setup");
        assert_eq!(hook::bit("bonus"), hook::BONUS);
        assert_eq!(hook::bit("new"), 0);
        assert_eq!(
            hook::mask_of(&["bonus", "turn_end", "value_name"]),
            hook::BONUS | hook::TURN_END
        );
        assert_eq!(hook::ALL.count_ones() as usize, hook::NAMES.len());
        assert_eq!(hook::name_of(hook::MAJORITY), "majority");
    }
}
