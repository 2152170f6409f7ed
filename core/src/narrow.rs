//! Narrowed subscriptions: the cases in which a plugin declares that one of its
//! subscribed hooks has nothing to do ([`Hooks::narrowing`](crate::Hooks::narrowing),
//! bits of [`bits`](self::bits), re-exported by the binary interface as `narrow`), and
//! the one decision whether a call falls in such a case ([`Game::narrowed_away`]).
//!
//! A narrowed call may be skipped instead of made: the host's adapter skips it
//! before crossing the binary interface, and a dispatch may skip it before
//! calling the plugin at all. A bit is a promise about the plugin's own code:
//! setting it for a case its hook does not ignore changes the plugin's rules.

use crate::game::Game;
use crate::hooks::FigureOption;
use crate::types::*;

/// The narrowing bits. Bits of hooks the plugin does not subscribe to mean nothing.
pub mod bits {
    /// `features_merged` only when `kept` or `absorbed` holds state words of the
    /// plugin that are not all zero (its per-feature state: nothing to merge
    /// otherwise).
    pub const MERGED_WITH_STATE: u64 = 1 << 0;
    /// `figure_options` only when the current player has a figure of one of the
    /// plugin's kinds in supply (a plugin that offers only deployments of its
    /// own figures from the supply).
    pub const OPTIONS_WITH_SUPPLY: u64 = 1 << 1;
    /// `figure_chosen` only for the plugin's own options: a `Deploy` of one of
    /// its figure kinds or one of its `Special` options.
    pub const CHOSEN_MINE: u64 = 1 << 2;
    /// `tile_drawn` only for a tile type carrying one of the plugin's markers at
    /// tile level.
    pub const DRAWN_MARKED: u64 = 1 << 3;
    /// `majority` only when several players share the most strength (a
    /// tie-break).
    pub const MAJORITY_TIED: u64 = 1 << 4;
    /// `feature_scored` only while the game logs events (a hook that only
    /// writes the turn log).
    pub const SCORED_WHEN_LOGGING: u64 = 1 << 5;
    /// `before_figure` and `after_figure` only when the tile placed this turn
    /// is part of a feature (road, city, field, ...) in which a figure of the
    /// current player, of one of the plugin's kinds, stands (a figure whose
    /// feature the tile extends: the shepherd's flock, the builder).
    pub const FIGURE_STEP_EXTENDS_MINE: u64 = 1 << 6;
    /// `figure_returned` only for a figure of one of the plugin's kinds (a
    /// plugin that follows only its own figures home: the shepherd).
    pub const RETURNED_MINE: u64 = 1 << 7;
    /// `filter_placements` only for a tile type carrying one of the plugin's
    /// markers at tile level (a filter for its own tiles: the abbey's holes).
    /// A tile no subscriber filters takes the fast path of the unfiltered game.
    pub const PLACEMENTS_MARKED: u64 = 1 << 8;
    /// `figure_options` only when the tile placed this turn carries one of the
    /// plugin's markers, at tile level or on one of its features (options that
    /// only a marked tile gives: the magic portal, the princess). A plugin may
    /// declare it with [`OPTIONS_WITH_SUPPLY`]: a call outside either case is
    /// skipped.
    pub const OPTIONS_PLACED_MARKED: u64 = 1 << 9;
    /// `tile_placed` only for a tile carrying one of the plugin's markers, at
    /// tile level or on one of its features (the volcano).
    pub const PLACED_MARKED: u64 = 1 << 10;
    /// `filter_figure_options` only when one of the options is a deployment on
    /// a tile where a figure of one of the plugin's kinds stands (on a feature
    /// or a corner of that tile, or on the tile itself): a plugin that vetoes
    /// only what comes near its figures (the dragon's tile, the fairy's).
    pub const OPTIONS_ON_MY_TILES: u64 = 1 << 11;
    /// Every narrowing.
    pub const ALL: u64 = (1 << 12) - 1;
}

/// A hook call that a narrowing bit may concern, with the arguments its case
/// depends on. (`repr(u8)`: an explicit tag, so that a call built with a
/// constant variant checks only its own case once inlined.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Narrowed {
    /// `features_merged(kept, absorbed)` ([`bits::MERGED_WITH_STATE`]).
    Merged(FeatureId, FeatureId),
    /// `figure_options` ([`bits::OPTIONS_WITH_SUPPLY`],
    /// [`bits::OPTIONS_PLACED_MARKED`]).
    Options,
    /// `figure_chosen(opt)` ([`bits::CHOSEN_MINE`]).
    Chosen(FigureOption),
    /// `tile_drawn(tile)` ([`bits::DRAWN_MARKED`]).
    Drawn(TileTypeId),
    /// `majority` with these winners so far ([`bits::MAJORITY_TIED`]).
    Majority(PlayerSet),
    /// `feature_scored` ([`bits::SCORED_WHEN_LOGGING`]).
    Scored,
    /// `before_figure` or `after_figure` ([`bits::FIGURE_STEP_EXTENDS_MINE`]).
    FigureStep,
    /// `figure_returned(fig)` ([`bits::RETURNED_MINE`]).
    Returned(FigureId),
    /// `filter_placements(tile, ..)` ([`bits::PLACEMENTS_MARKED`]).
    Placements(TileTypeId),
    /// `tile_placed(tile)` ([`bits::PLACED_MARKED`]).
    Placed(TileIndex),
    /// `filter_figure_options` for an option on placed tile `t`
    /// ([`bits::OPTIONS_ON_MY_TILES`]; a list is narrowed away when each of
    /// its options on a tile is).
    OptionOn(TileIndex),
}

impl Narrowed {
    /// The bits that narrow this call (one, or two for `figure_options`).
    #[inline(always)]
    pub fn bits(self) -> u64 {
        match self {
            Narrowed::Merged(..) => bits::MERGED_WITH_STATE,
            Narrowed::Options => bits::OPTIONS_WITH_SUPPLY | bits::OPTIONS_PLACED_MARKED,
            Narrowed::Chosen(_) => bits::CHOSEN_MINE,
            Narrowed::Drawn(_) => bits::DRAWN_MARKED,
            Narrowed::Majority(_) => bits::MAJORITY_TIED,
            Narrowed::Scored => bits::SCORED_WHEN_LOGGING,
            Narrowed::FigureStep => bits::FIGURE_STEP_EXTENDS_MINE,
            Narrowed::Returned(_) => bits::RETURNED_MINE,
            Narrowed::Placements(_) => bits::PLACEMENTS_MARKED,
            Narrowed::Placed(_) => bits::PLACED_MARKED,
            Narrowed::OptionOn(_) => bits::OPTIONS_ON_MY_TILES,
        }
    }
}

impl Game {
    /// Whether plugin `plugin` (its index in the rules) narrowed `call` away:
    /// it declared the call's bit ([`Hooks::narrowing`](crate::Hooks::narrowing))
    /// and the call falls outside the case the bit keeps. An id the game does
    /// not know is never narrowed away (the plugin's own query reports it).
    /// Inlined, so that a call with a constant `call` checks only its own case.
    #[inline(always)]
    pub fn narrowed_away(&self, plugin: u8, call: Narrowed) -> bool {
        let declared = self
            .rules()
            .plugins
            .get(usize::from(plugin))
            .map_or(0, |e| e.narrow);
        declared & call.bits() != 0 && self.outside_narrowed_case(plugin, declared, call)
    }

    /// Whether every plugin subscribed to hook `bit` narrowed `call` away (a
    /// dispatch then calls nobody). A plain loop, inlined into every caller: with
    /// `Iterator::all` and one closure type, the optimiser made one shared
    /// out-of-line copy that tests every case (+8 k instructions per Hills &
    /// Sheep game).
    #[inline(always)]
    pub(crate) fn all_narrowed_away(&self, bit: u64, call: Narrowed) -> bool {
        for &i in self.rules().subscribers(bit) {
            if !self.narrowed_away(i, call) && !self.switched_off(i, bit) {
                return false;
            }
        }
        true
    }

    /// Whether `call` of plugin `plugin`, which declared the narrowing bits
    /// `declared`, falls outside the case its bit keeps (for a caller that has
    /// checked that one of the call's bits is declared, such as the host's
    /// adapter). For a call that two bits narrow, outside the case of either
    /// declared bit.
    #[inline(always)]
    pub fn outside_narrowed_case(&self, plugin: u8, declared: u64, call: Narrowed) -> bool {
        match call {
            Narrowed::Merged(kept, absorbed) => {
                let empty = |f| {
                    self.plugin_feature_state(plugin, f)
                        .is_some_and(|w| w.iter().all(|&x| x == 0))
                };
                empty(kept) && empty(absorbed)
            }
            Narrowed::Options => {
                let me = self.current_player();
                (declared & bits::OPTIONS_WITH_SUPPLY != 0
                    && self.plugin_kinds(plugin).all(|k| self.supply(me, k) == 0))
                    || (declared & bits::OPTIONS_PLACED_MARKED != 0
                        && self
                            .last_placed()
                            .is_none_or(|t| !self.tile_marked_for(t, plugin)))
            }
            Narrowed::Chosen(opt) => match opt {
                FigureOption::Pass => true,
                FigureOption::Deploy { kind, .. } => !self.kind_of_plugin(kind, plugin),
                FigureOption::Special { plugin: p, .. } => p != plugin,
            },
            Narrowed::Drawn(tile) | Narrowed::Placements(tile) => {
                let mine = self
                    .rules()
                    .plugins
                    .get(usize::from(plugin))
                    .map_or(0, |e| e.markers);
                self.tile_type_markers(tile).is_some_and(|m| m & mine == 0)
            }
            Narrowed::Majority(winners) => winners.len() < 2,
            Narrowed::Scored => !self.logging(),
            Narrowed::FigureStep => !self.placed_tile_extends_mine(plugin),
            Narrowed::Returned(fig) => self
                .figure_kind(fig)
                .is_some_and(|k| !self.kind_of_plugin(k, plugin)),
            Narrowed::Placed(t) => !self.tile_marked_for(t, plugin),
            Narrowed::OptionOn(t) => !self.plugin_figure_on_tile(plugin, t),
        }
    }

    /// Whether placed tile `t` carries one of plugin `plugin`'s markers, at
    /// tile level or on one of its features.
    fn tile_marked_for(&self, t: TileIndex, plugin: u8) -> bool {
        let mine = self
            .rules()
            .plugins
            .get(usize::from(plugin))
            .map_or(0, |e| e.markers);
        self.tile_type(t).is_some_and(|ty| {
            ty.markers & mine != 0 || ty.features.iter().any(|f| f.markers & mine != 0)
        })
    }

    /// The figure kinds plugin `plugin` declares.
    #[inline]
    fn plugin_kinds(&self, plugin: u8) -> impl Iterator<Item = FigureKindId> {
        let (first, n) = self
            .rules()
            .plugins
            .get(usize::from(plugin))
            .map_or((0, 0), |e| (e.first_figure.0, e.decl.figures.len()));
        (first..first.saturating_add(n.min(255) as u8)).map(FigureKindId)
    }

    /// Whether plugin `plugin` declares figure kind `kind`.
    #[inline]
    fn kind_of_plugin(&self, kind: FigureKindId, plugin: u8) -> bool {
        self.rules().kind_plugin.get(kind.index()) == Some(&Some(plugin))
    }
}
