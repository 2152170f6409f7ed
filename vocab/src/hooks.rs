//! The hook vocabulary: the hook table, the hook bits, and the plain data the
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

use crate::types::*;

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
            /// the game. Hot; do not allocate.
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
                /// comes near its figures (the dragon's tile, the fairy's).
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
            before_scoring BEFORE_SCORING (cx) {} []
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
            /// of the base, or `void` it (worth nothing: an unfinished inn road). Every
            /// plugin sees the same `base`, never another plugin's change; the core
            /// combines them (void, else the highest set or the base, plus every add), so
            /// the order of plugins does not matter. What you change is booked in your
            /// score category. Hot; do not allocate.
            feature_value FEATURE_VALUE (v) {
                info: info (&ScoreInfo<'_>) => (&AbiScoreInfo<'_>),
                base: val (i32) => (i32),
                change: val (&mut ValueChange) => (&mut ValueChange)
            } []
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
            } []
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
            } []
            /// What `player` may see of this plugin's state, as JSON text written to
            /// `out` (default without this hook: all of it, as words).
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

/// Owner value of steps that the core itself pushes.
pub const CORE_OWNER: u8 = u8::MAX;

/// Tag of the core step "take a tile from the bag face down" (a chance event).
pub const STEP_HIDDEN_TILE: u16 = 1;

/// The first value code that names a figure: code `FIGURE_CODE + id` (a
/// decision option, a chance outcome or a special figure option of any plugin)
/// names figure `id`. The core names such codes itself in action text, by the
/// figure's kind, owner and place (`large of 1 at 3 -1 2`, `follower of 0 held
/// by 1`), and parses them back, so every plugin's figure options read alike;
/// plugins use the codes `FIGURE_CODE..=FIGURE_CODE + 0xFFFF` for nothing else
/// (the SDK's `Spot` codes never reach them). Make them with
/// `Game::figure_code`, which picks one figure among equal ones (same kind,
/// owner and place).
pub const FIGURE_CODE: u32 = 0xFFF8_0000;

/// The figure a value code names ([`FIGURE_CODE`]), if it names one.
#[inline]
pub const fn code_figure(code: u32) -> Option<FigureId> {
    if code >= FIGURE_CODE && code - FIGURE_CODE <= u16::MAX as u32 {
        Some(FigureId((code - FIGURE_CODE) as u16))
    } else {
        None
    }
}

/// Tag of the core step "draw a tile face up into a plugin's lot" (a chance
/// event whose outcome everyone sees; `arg` is the plugin's index).
pub const STEP_PUBLIC_TILE: u16 = 2;

/// A pending decision or chance event, pushed by a hook and resolved by the engine.
#[repr(C)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Step {
    /// Plugin index that resolves it, or [`CORE_OWNER`].
    pub owner: u8,
    /// Whether it is a chance event (else a decision of `player`).
    pub chance: bool,
    /// Owner-defined kind.
    pub tag: u16,
    /// Who decides (decisions): any player, not only the one whose turn it is.
    pub player: PlayerId,
    /// Owner-defined argument (e.g. a feature id).
    pub arg: u32,
}

/// A chance outcome: a code and its weight (probability = weight / sum of weights).
#[repr(C)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Outcome code.
    pub code: u32,
    /// Relative weight, > 0.
    pub weight: u32,
}

/// A piece laid with a tile placement (a bridge): the plugin whose piece it
/// is and the plugin's code for it, packed (`plugin + 1` in the top byte, the
/// code below); [`Piece::NONE`] for a plain placement. The order of pieces
/// orders placements that differ only by their piece.
#[repr(transparent)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece(pub u32);

impl Piece {
    /// No piece: a plain placement.
    pub const NONE: Piece = Piece(0);
    /// Not a piece but the core's choice "set the drawn tile aside" (see
    /// [`Placement::SET_ASIDE`]).
    pub const SET_ASIDE: Piece = Piece(1);
    /// The largest code of a piece.
    pub const MAX_CODE: u32 = (1 << 24) - 1;

    /// Plugin `plugin`'s piece with `code` (at most [`Piece::MAX_CODE`]; higher
    /// bits are dropped). Plugin indices go up to 254.
    #[inline]
    pub const fn of(plugin: u8, code: u32) -> Piece {
        Piece(((plugin as u32 + 1) << 24) | (code & Self::MAX_CODE))
    }

    /// The plugin whose piece it is (`None`: no piece, or the set-aside choice).
    #[inline]
    pub const fn plugin(self) -> Option<u8> {
        match self.0 >> 24 {
            0 => None,
            p => Some((p - 1) as u8),
        }
    }

    /// The plugin's code.
    #[inline]
    pub const fn code(self) -> u32 {
        self.0 & Self::MAX_CODE
    }

    /// Whether it is no piece.
    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }
}

/// A candidate tile placement: where, turned how, and the piece laid with it
/// (usually none).
///
/// `repr(C)`: plugin hooks receive slices of placements without copying.
#[repr(C)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    /// Where.
    pub pos: Pos,
    /// Clockwise quarter turns.
    pub rot: Rotation,
    /// The piece laid with the tile (a bridge), or [`Piece::NONE`].
    pub piece: Piece,
}

impl Placement {
    /// The choice "set the drawn tile aside": legal when every legal placement
    /// of the drawn tile is one a plugin marked optional
    /// ([`PiecePlacement::optional`]); the player then draws again. Listed
    /// last among the placements (its position lies beyond every board).
    pub const SET_ASIDE: Placement = Placement {
        pos: Pos {
            x: i16::MAX,
            y: i16::MAX,
        },
        rot: Rotation::R0,
        piece: Piece::SET_ASIDE,
    };

    /// The plain placement at `pos` turned `rot` quarter turns clockwise.
    #[inline]
    pub const fn new(pos: Pos, rot: Rotation) -> Placement {
        Placement {
            pos,
            rot,
            piece: Piece::NONE,
        }
    }

    /// The placement at `pos` turned `rot`, laying `piece`.
    #[inline]
    pub const fn with_piece(pos: Pos, rot: Rotation, piece: Piece) -> Placement {
        Placement { pos, rot, piece }
    }
}

/// A placement candidate a plugin adds (`extra_placements`): the placement,
/// laying one of the plugin's pieces, and the feature the piece adds to a tile
/// — the one placed (`at == placement.pos`) or a placed one (`at` its
/// position). The core keeps the candidate only if every side fits with the
/// feature added.
#[repr(C)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PiecePlacement {
    /// The placement, laying `Piece::of(plugin index, code)`.
    pub placement: Placement,
    /// The tile that gets the feature, by position.
    pub at: Pos,
    /// The feature's kind (a road, city or field).
    pub kind: FeatureKind,
    /// The slots it takes from their owners, in board orientation (bit `i`:
    /// slot `i`, `NL NM NR EL ... WR`).
    pub slots: u16,
    /// The candidate exists only thanks to the piece: a drawn tile whose every
    /// legal placement is optional may be set aside instead
    /// ([`Placement::SET_ASIDE`]).
    pub optional: bool,
}

/// An option of the figure step. Canonical order: `Pass`, deployments by (kind,
/// location), specials by (plugin, code).
#[repr(u8)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FigureOption {
    /// Deploy nothing.
    Pass,
    /// Deploy a figure of `kind` from the player's supply at `at` (usually a feature
    /// of the tile just placed; anywhere when a plugin offers it, e.g. a magic
    /// portal). The core places it; plugins are told in `figure_chosen`.
    Deploy {
        /// Figure kind.
        kind: FigureKindId,
        /// Where.
        at: Location,
    },
    /// A plugin-defined option (e.g. take the abbot back, move the fairy); the
    /// plugin carries it out in `figure_chosen`.
    Special {
        /// Plugin index.
        plugin: u8,
        /// Plugin-defined code.
        code: u32,
    },
}

/// The copies of a tile type in the game, as a plugin sets them at build time
/// (the engine's `Hooks::compose_tiles`).
#[repr(C)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TileCount {
    /// The tile type.
    pub tile: TileTypeId,
    /// Its copies in the game (the start layout's included).
    pub count: u16,
}

/// Why a feature is being scored.
#[repr(u8)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreReason {
    /// Completed during the game, in the scoring step.
    Completed,
    /// Incomplete at game end (final scoring; farmers too).
    Final,
    /// Scored early as if at game end, by a plugin (an abbot taken back, a barn's farmers).
    Early,
    /// A withheld feature scored by a plugin at the value of another feature
    /// (`Cx::score_by_proxy`: a castle paid for a feature completed near it);
    /// its base is booked in that plugin's category.
    Proxy,
}

/// What the scoring hooks (`majority`, `points`, `feature_scored`) see.
///
/// For a road, city, cloister or spot, `feature` is its root and the farmer lists
/// are empty. For **farmers** `kind` is [`FeatureKind::Field`] and the unit scored
/// is: one field (F1, and a plugin's `Cx::score_farmers`), with `fields = [field]`;
/// or one completed city with every field around it (F2, F3), `feature` being the
/// city. `cities` are the completed cities paid for, `fields[i]` was won by
/// `field_winners[i]` (F2: each field's own majority; F1, F3: the unit's winners).
#[derive(Clone, Copy, Debug)]
pub struct ScoreInfo<'a> {
    /// Root feature scored (a field or a city for farmers, see above).
    pub feature: FeatureId,
    /// Its kind (`Field` for farmers).
    pub kind: FeatureKind,
    /// Why it is scored.
    pub reason: ScoreReason,
    /// Whether it is complete (centre features: surrounded; fields: closed).
    pub complete: bool,
    /// Distinct tiles in the feature.
    pub tiles: u32,
    /// Pennants in the feature.
    pub pennants: u32,
    /// Farmers: the completed cities paid for.
    pub cities: &'a [FeatureId],
    /// Farmers: the fields of the unit.
    pub fields: &'a [FeatureId],
    /// Farmers: the winners of each field of `fields`.
    pub field_winners: &'a [PlayerSet],
    /// The figures taking part in the majority (strength > 0).
    pub figures: &'a [FigureId],
    /// Summed strength per player.
    pub strength: [u16; MAX_PLAYERS],
    /// What the unit is worth to each winner: its base value where the value
    /// layer has not run yet (`majority`, `feature_value`), then the combined
    /// value (`bonus`, `feature_scored`: the base changed by every
    /// `feature_value` hook). A completed feature nobody occupies has its value
    /// computed too (its `feature_scored` sees it, no winner gets it).
    pub value: i32,
}

impl ScoreInfo<'_> {
    /// The award of a scoring, apart from bonuses: [`ScoreInfo::value`] to each
    /// of `points.winners`, 0 to the others. (`points` minus this is what the
    /// `bonus` hooks paid.)
    pub fn award(&self, points: &Points) -> Points {
        let mut a = Points {
            winners: points.winners,
            amounts: [0; MAX_PLAYERS],
        };
        a.set_winners(self.value);
        a
    }
}

/// Points of a scoring, per player: the award (the value to each winner, 0 for
/// the others), a plugin's bonus (the `bonus` hook: it starts at zero), and
/// what the scoring paid in all (the `feature_scored` hook).
#[repr(C)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Points {
    /// The winners of the majority (read-only information).
    pub winners: PlayerSet,
    /// Points per player.
    pub amounts: [i32; MAX_PLAYERS],
}

impl Points {
    /// Points of `p`.
    #[inline]
    pub fn get(&self, p: PlayerId) -> i32 {
        self.amounts.get(p.index()).copied().unwrap_or(0)
    }

    /// Sets the points of `p`.
    #[inline]
    pub fn set(&mut self, p: PlayerId, v: i32) {
        if let Some(x) = self.amounts.get_mut(p.index()) {
            *x = v;
        }
    }

    /// Adds to the points of `p` (a non-winner too).
    #[inline]
    pub fn add(&mut self, p: PlayerId, v: i32) {
        if let Some(x) = self.amounts.get_mut(p.index()) {
            *x = x.saturating_add(v);
        }
    }

    /// Adds `v` to every winner's points.
    #[inline]
    pub fn add_to_winners(&mut self, v: i32) {
        for p in self.winners.iter() {
            self.add(p, v);
        }
    }

    /// Sets every winner's points to `v` (e.g. "a completed cloister scores 12").
    #[inline]
    pub fn set_winners(&mut self, v: i32) {
        for p in self.winners.iter() {
            self.set(p, v);
        }
    }

    /// The points of the first winner (all winners usually get the same).
    #[inline]
    pub fn of_winners(&self) -> i32 {
        self.winners.iter().next().map_or(0, |p| self.get(p))
    }
}

/// One plugin's change to the value of a scored feature or farmer unit (the
/// `feature_value` hook). The core combines the changes of all plugins so that
/// their order does not matter: the unit is worth nothing if any plugin voids
/// it; otherwise it is worth the highest value any plugin set (or the base
/// value when none did) plus every plugin's `add`.
#[repr(C)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ValueChange {
    /// Added to the value (an inn's +1 per tile, a vineyard's 3).
    pub add: i32,
    /// The value in place of the base (a garden's 9), if `has_set`.
    pub set: i32,
    /// Whether `set` applies.
    pub has_set: bool,
    /// The unit is worth nothing (an unfinished road with an inn at game end).
    pub void: bool,
}

impl ValueChange {
    /// Adds `n` to the value.
    #[inline]
    pub fn add(&mut self, n: i32) {
        self.add = self.add.saturating_add(n);
    }

    /// Sets the value in place of the base value.
    #[inline]
    pub fn set(&mut self, v: i32) {
        self.set = if self.has_set { self.set.max(v) } else { v };
        self.has_set = true;
    }

    /// Makes the unit worth nothing.
    #[inline]
    pub fn void(&mut self) {
        self.void = true;
    }

    /// Whether the change changes nothing.
    #[inline]
    pub fn is_none(&self) -> bool {
        *self == ValueChange::default()
    }
}

/// What a name or parse request is about.
#[repr(u8)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameCtx {
    /// A value of a pending step: an option code (decision) or outcome code (chance).
    Step(Step),
    /// A [`FigureOption::Special`] code.
    Special,
    /// A code of one of the plugin's pieces ([`Piece::code`]), laid with a
    /// placement.
    Piece,
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

    #[test]
    fn points_pay_winners_and_others() {
        let mut p = Points {
            winners: PlayerSet(0b101),
            amounts: [4, 0, 4, 0, 0, 0],
        };
        p.add_to_winners(2);
        p.add(PlayerId::ALL[1], 3);
        assert_eq!(p.amounts, [6, 3, 6, 0, 0, 0]);
        p.set_winners(1);
        assert_eq!(p.of_winners(), 1);
        assert_eq!(p.get(PlayerId::ALL[5]), 0);
    }
}
