//! Narrowed subscriptions: the cases in which a plugin declares that one of its
//! subscribed hooks has nothing to do ([`Hooks::narrowing`](crate::Hooks::narrowing),
//! bits of [`bits`](self::bits)), and the one decision whether a call falls in
//! such a case ([`Game::narrowed_away`]). The bits and the [`Narrowed`] cases
//! are generated from the hook table (`carcassonne-vocab`, re-exported here);
//! what each case means is decided here.
//!
//! A narrowed call may be skipped instead of made: the host's adapter skips it
//! before crossing the binary interface, and a dispatch may skip it before
//! calling the plugin at all. A bit is a promise about the plugin's own code:
//! setting it for a case its hook does not ignore changes the plugin's rules.

use crate::game::Game;
use crate::hooks::FigureOption;
use crate::types::*;

pub use carcassonne_vocab::narrow::{bits, held_bit, Narrowed};

impl Game {
    /// Whether plugin `plugin` (its index in the rules) narrowed `call` away:
    /// it declared the call's bit ([`Hooks::narrowing`](crate::Hooks::narrowing))
    /// and the call falls outside the case the bit keeps. An id the game does
    /// not know is never narrowed away (the plugin's own query reports it).
    /// Inlined, so that a call with a constant `call` checks only its own case.
    #[inline(always)]
    pub fn narrowed_away(&self, plugin: u8, call: Narrowed) -> bool {
        self.rules()
            .plugins
            .get(usize::from(plugin))
            .is_some_and(|e| e.narrow & call.bit() != 0)
            && self.outside_narrowed_case(plugin, call)
    }

    /// Whether every plugin subscribed to hook `bit` narrowed `call` away (a
    /// dispatch then calls nobody). A plain loop, inlined into every caller: with
    /// `Iterator::all` and one closure type, the optimiser made one shared
    /// out-of-line copy that tests every case (+8 k instructions per Hills &
    /// Sheep game).
    #[inline(always)]
    pub(crate) fn all_narrowed_away(&self, bit: u64, call: Narrowed) -> bool {
        self.first_kept(bit, call).is_none()
    }

    /// The position among hook `bit`'s subscribers of the first that did not
    /// narrow `call` away and is on; `None` when every one did
    /// ([`Game::all_narrowed_away`]). A dispatch calls that one without asking
    /// again (no call came before it) and skips those before it. Inlined,
    /// as [`Game::all_narrowed_away`].
    #[inline(always)]
    pub(crate) fn first_kept(&self, bit: u64, call: Narrowed) -> Option<usize> {
        for (k, &i) in self.rules().subscribers(bit).iter().enumerate() {
            if !self.narrowed_away(i, call) && !self.switched_off(i, bit) {
                return Some(k);
            }
        }
        None
    }

    /// Whether plugin `plugin` narrowed this turn's `figure_options` away: it
    /// has three cases ([`Narrowed::Options`], [`Narrowed::OptionsPlaced`],
    /// [`Narrowed::OptionsDeployed`]), and a call outside any declared one is
    /// skipped.
    #[inline(always)]
    pub(crate) fn figure_options_narrowed_away(&self, plugin: u8) -> bool {
        self.narrowed_away(plugin, Narrowed::Options())
            || self.narrowed_away(plugin, Narrowed::OptionsPlaced())
            || self.narrowed_away(plugin, Narrowed::OptionsDeployed())
    }

    /// The narrowing bits with which a plugin skips a scoring hook's call for
    /// a unit of one kind: `call` is the hook's case for that kind
    /// ([`Narrowed::value_of`], [`Narrowed::bonus_of`]; `None` for a barrier,
    /// never narrowed). A scoring computes it once and tests each subscriber
    /// with [`Game::skips`]: the cases cannot change during a scoring.
    #[inline(always)]
    pub(crate) fn scoring_skips(&self, call: Option<Narrowed>) -> u64 {
        call.map_or(0, Narrowed::bit)
    }

    /// [`Game::scoring_skips`] of `feature_scored` for a unit of kind `kind`,
    /// with [`Narrowed::Scored`]'s bit while the call is outside that case
    /// (the same for every plugin: the game logs or not).
    #[inline(always)]
    pub(crate) fn scored_skips(&self, kind: FeatureKind) -> u64 {
        let mut mask = self.scoring_skips(Narrowed::scored_of(kind));
        if self.outside_narrowed_case(0, Narrowed::Scored()) {
            mask |= Narrowed::Scored().bit();
        }
        mask
    }

    /// Whether plugin `plugin` declared one of the narrowing bits of `mask`
    /// ([`Game::scoring_skips`]): its call falls in a case it narrowed away.
    #[inline(always)]
    pub(crate) fn skips(&self, plugin: u8, mask: u64) -> bool {
        self.rules()
            .plugins
            .get(usize::from(plugin))
            .is_some_and(|e| e.narrow & mask != 0)
    }

    /// Whether `call` of plugin `plugin` falls outside the case its narrowing
    /// bit keeps, whether or not the plugin declared the bit (for a caller that
    /// has checked the bit already, such as the host's adapter).
    #[inline(always)]
    pub fn outside_narrowed_case(&self, plugin: u8, call: Narrowed) -> bool {
        match call {
            Narrowed::Merged(kept, absorbed) => {
                let empty = |f| {
                    self.plugin_feature_state(plugin, f)
                        .is_some_and(|w| w.iter().all(|&x| x == 0))
                };
                empty(kept) && empty(absorbed)
            }
            Narrowed::Options() => {
                let me = self.current_player();
                self.plugin_kinds(plugin).all(|k| self.supply(me, k) == 0)
            }
            Narrowed::OptionsDeployed() => {
                let me = self.current_player();
                self.plugin_kinds(plugin).all(|k| {
                    let copies = self
                        .rules()
                        .figures
                        .get(k.index())
                        .map_or(0, |f| f.per_player);
                    self.supply(me, k) >= copies
                })
            }
            Narrowed::OptionsPlaced() => self
                .last_placed()
                .is_none_or(|t| !self.tile_marked_for(t, plugin)),
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
            Narrowed::Draws() => self.draws_kept(),
            Narrowed::Offered() => self.plain_board(),
            Narrowed::Scored() => !self.logging(),
            Narrowed::BeforeFigure() | Narrowed::AfterFigure() => {
                !self.placed_tile_extends_mine(plugin)
            }
            Narrowed::TurnEnd() => !self.placed_tile_touches_mine(plugin),
            Narrowed::BeforeScoring() => self.pending_scorings().is_empty(),
            Narrowed::Returned(fig) => self
                .figure_kind(fig)
                .is_some_and(|k| !self.kind_of_plugin(k, plugin)),
            Narrowed::Moved(fig) => self.figure_owner(fig).is_none(),
            Narrowed::Placed(t) => !self.tile_marked_for(t, plugin),
            // Built only for a unit of the case's kind (`Narrowed::value_of` and
            // the like): always in it.
            Narrowed::ValueRoad()
            | Narrowed::ValueCity()
            | Narrowed::ValueField()
            | Narrowed::ValueCloister()
            | Narrowed::ValueSpot()
            | Narrowed::BonusRoad()
            | Narrowed::BonusCity()
            | Narrowed::BonusField()
            | Narrowed::BonusCloister()
            | Narrowed::BonusSpot()
            | Narrowed::ScoredRoad()
            | Narrowed::ScoredCity()
            | Narrowed::ScoredField()
            | Narrowed::ScoredCloister()
            | Narrowed::ScoredSpot() => true,
            Narrowed::OptionOn(t) => !self.plugin_figure_on_tile(plugin, t),
            Narrowed::ValueHolds(held)
            | Narrowed::BonusHolds(held)
            | Narrowed::ScoredHolds(held) => {
                // A plugin without figure kinds: the case means nothing.
                let mine = self.plugin_held_mask(plugin);
                mine != 0 && mine & held == 0
            }
        }
    }

    /// The bits of plugin `plugin`'s figure kinds in a scoring's `held` mask
    /// ([`held_bit`]; 0 for a plugin without kinds or an index the rules do
    /// not have).
    #[inline]
    pub(crate) fn plugin_held_mask(&self, plugin: u8) -> u64 {
        self.plugin_kinds(plugin).fold(0, |m, k| m | held_bit(k))
    }

    /// Whether placed tile `t` carries one of plugin `plugin`'s markers, at
    /// tile level or on one of its features.
    fn tile_marked_for(&self, t: TileIndex, plugin: u8) -> bool {
        let mine = self
            .rules()
            .plugins
            .get(usize::from(plugin))
            .map_or(0, |e| e.markers);
        self.tile_type(t)
            .is_some_and(|ty| ty.any_markers & mine != 0)
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
