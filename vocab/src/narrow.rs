//! Narrowed subscriptions: the cases in which a plugin declares that one of its
//! subscribed hooks has nothing to do (bits of [`bits`], returned by the
//! plugin's `narrowing`), and the [`Narrowed`] call that names such a case with
//! its arguments. Both are generated from the hook table
//! ([`hook_table!`](crate::hook_table)): each hook's entry says which bit
//! concerns it and who decides the case. The engine decides whether a call
//! falls outside its case (`Game::narrowed_away` in `carcassonne-core`).
//!
//! A narrowed call may be skipped instead of made: the host's adapter skips it
//! before crossing the binary interface (the cases marked `host` in the table),
//! and the engine's dispatch skips it before calling the plugin at all (those
//! marked `engine`). A bit is a promise about the plugin's own code: setting it
//! for a case its hook does not ignore changes the plugin's rules.

use crate::hooks::FigureOption;
use crate::types::*;

macro_rules! narrow_cases {
    ($( $(#[doc = $doc:literal])* $name:ident $bit:ident ($ctx:ident) { $($body:tt)* }
        [$(narrowed by $who:ident :
            $(#[doc = $ndoc:literal])* $nbit:ident $variant:ident ( $($narg:ident : $nty:ty),* )
        )*]
    )*) => {
        /// The narrowing bits, one per hook that has a narrowing case (in the
        /// hook table's order). Bits of hooks the plugin does not subscribe to
        /// mean nothing.
        pub mod bits {
            #[allow(non_camel_case_types, clippy::upper_case_acronyms, dead_code)]
            #[repr(u8)]
            enum Index { $($($nbit,)*)* }

            $($(
                $(#[doc = $ndoc])*
                pub const $nbit: u64 = 1 << Index::$nbit as u8;
            )*)*

            /// `before_figure` and `after_figure` only when the placed tile
            /// extends a feature holding one of the current player's figures of
            /// the plugin's kinds (the figure step of the shepherd, the builder).
            pub const FIGURE_STEP_EXTENDS_MINE: u64 =
                BEFORE_FIGURE_EXTENDS_MINE | AFTER_FIGURE_EXTENDS_MINE;

            /// Every narrowing.
            pub const ALL: u64 = $($($nbit |)*)* 0;

            /// The `feature_value` bits that skip every feature kind but `kinds`
            /// (`value_only(&[FeatureKind::City])`: the cathedral's value rule).
            pub const fn value_only(kinds: &[crate::types::FeatureKind]) -> u64 {
                skips_but(VALUE_SKIPS_ROADS, kinds)
            }

            /// The `bonus` bits that skip every feature kind but `kinds`.
            pub const fn bonus_only(kinds: &[crate::types::FeatureKind]) -> u64 {
                skips_but(BONUS_SKIPS_ROADS, kinds)
            }

            /// The `feature_scored` bits that skip every feature kind but `kinds`.
            pub const fn scored_only(kinds: &[crate::types::FeatureKind]) -> u64 {
                skips_but(SCORED_SKIPS_ROADS, kinds)
            }

            /// The five per-kind bits from `roads` (the first, in `FeatureKind`
            /// order) but those of `kinds` (a barrier has none: never scored).
            const fn skips_but(roads: u64, kinds: &[crate::types::FeatureKind]) -> u64 {
                let mut bits = roads * 0b1_1111;
                let mut i = 0;
                while i < kinds.len() {
                    let k = kinds[i] as u8;
                    if k < 5 {
                        bits &= !(roads << k);
                    }
                    i += 1;
                }
                bits
            }
        }

        /// A hook call that a narrowing bit may concern, with the arguments its
        /// case depends on: one variant per bit. (`repr(u8)`: an explicit tag, so
        /// that a call built with a constant variant checks only its own case
        /// once inlined.)
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(u8)]
        pub enum Narrowed {
            $($(
                #[doc = concat!("`", stringify!($name), "` ([`bits::", stringify!($nbit), "`]).")]
                $variant($($nty),*),
            )*)*
        }

        impl Narrowed {
            /// The bit that narrows this call.
            #[inline(always)]
            pub fn bit(self) -> u64 {
                match self {
                    $($(Narrowed::$variant(..) => bits::$nbit,)*)*
                }
            }

            /// The bit of the hook this call is a call of.
            #[inline(always)]
            pub fn hook(self) -> u64 {
                match self {
                    $($(Narrowed::$variant(..) => crate::hooks::hook::$bit,)*)*
                }
            }

            /// The call of `feature_value` for a scored unit of kind `kind`
            /// (`None` for a barrier, which is never scored).
            #[inline(always)]
            pub fn value_of(kind: FeatureKind) -> Option<Narrowed> {
                Self::of_kind(kind, [
                    Narrowed::ValueRoad(),
                    Narrowed::ValueCity(),
                    Narrowed::ValueField(),
                    Narrowed::ValueCloister(),
                    Narrowed::ValueSpot(),
                ])
            }

            /// The call of `bonus` for a scored unit of kind `kind`.
            #[inline(always)]
            pub fn bonus_of(kind: FeatureKind) -> Option<Narrowed> {
                Self::of_kind(kind, [
                    Narrowed::BonusRoad(),
                    Narrowed::BonusCity(),
                    Narrowed::BonusField(),
                    Narrowed::BonusCloister(),
                    Narrowed::BonusSpot(),
                ])
            }

            /// The call of `feature_scored` for a scored unit of kind `kind`.
            #[inline(always)]
            pub fn scored_of(kind: FeatureKind) -> Option<Narrowed> {
                Self::of_kind(kind, [
                    Narrowed::ScoredRoad(),
                    Narrowed::ScoredCity(),
                    Narrowed::ScoredField(),
                    Narrowed::ScoredCloister(),
                    Narrowed::ScoredSpot(),
                ])
            }

            /// The one of `cases` (in `FeatureKind` order) for kind `kind`.
            #[inline(always)]
            fn of_kind(kind: FeatureKind, cases: [Narrowed; 5]) -> Option<Narrowed> {
                cases.get(kind as usize).copied()
            }

            /// Whether the host's adapter decides this case (the engine
            /// dispatches the hook to every subscriber); else the engine's
            /// dispatch decides it.
            pub fn decided_by_host(self) -> bool {
                match self {
                    $($(Narrowed::$variant(..) => stringify!($who) == "host",)*)*
                }
            }
        }
    };
}

crate::hook_table!(narrow_cases);

/// The bit of figure kind `kind` in the `held` mask of the scoring hooks'
/// holding cases ([`bits::VALUE_HOLDS_MINE`], [`bits::BONUS_HOLDS_MINE`],
/// [`bits::SCORED_HOLDS_MINE`]): bit `k` for kind `k`, bit 63 for every kind
/// from 63 up (shared, so such a unit is never narrowed away wrongly).
#[inline(always)]
pub const fn held_bit(kind: FigureKindId) -> u64 {
    let k = if kind.0 < 63 { kind.0 } else { 63 };
    1 << k
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hooks::hook;

    #[test]
    fn one_bit_per_case_in_table_order() {
        assert_eq!(bits::DRAWS_STEADY, 1);
        assert_eq!(bits::DRAWN_MARKED, 2);
        assert_eq!(bits::ALL.count_ones(), 37);
        assert_eq!(Narrowed::Draws().hook(), hook::FILTER_DRAWS);
        assert_eq!(Narrowed::Moved(FigureId(0)).bit(), bits::MOVED_PLAYERS);
        assert_eq!(Narrowed::Moved(FigureId(0)).hook(), hook::FIGURE_MOVED);
        assert!(!Narrowed::Moved(FigureId(0)).decided_by_host());
        assert_eq!(Narrowed::Drawn(TileTypeId(0)).hook(), hook::TILE_DRAWN);
        assert_eq!(Narrowed::Options().bit(), bits::OPTIONS_WITH_SUPPLY);
        assert_eq!(Narrowed::OptionsDeployed().hook(), hook::FIGURE_OPTIONS);
        assert_eq!(Narrowed::AfterFigure().hook(), hook::AFTER_FIGURE);
        assert!(Narrowed::Merged(FeatureId(0), FeatureId(1)).decided_by_host());
        assert!(!Narrowed::Scored().decided_by_host());
        // The per-kind bits follow `FeatureKind`'s order.
        for (k, kind) in [
            FeatureKind::Road,
            FeatureKind::City,
            FeatureKind::Field,
            FeatureKind::Cloister,
            FeatureKind::Spot,
        ]
        .into_iter()
        .enumerate()
        {
            let only = bits::value_only(&[kind]);
            assert_eq!(only.count_ones(), 4);
            assert_eq!(
                Narrowed::value_of(kind).unwrap().bit(),
                bits::VALUE_SKIPS_ROADS << k
            );
            assert_eq!(only & Narrowed::value_of(kind).unwrap().bit(), 0);
            assert_eq!(
                Narrowed::bonus_of(kind).unwrap().bit(),
                bits::BONUS_SKIPS_ROADS << k
            );
            assert_eq!(
                Narrowed::scored_of(kind).unwrap().bit(),
                bits::SCORED_SKIPS_ROADS << k
            );
            assert_eq!(
                Narrowed::scored_of(kind).unwrap().hook(),
                hook::FEATURE_SCORED
            );
        }
        assert_eq!(Narrowed::value_of(FeatureKind::Barrier), None);
        assert_eq!(
            bits::value_only(&[FeatureKind::Road, FeatureKind::City]),
            bits::VALUE_SKIPS_FIELDS | bits::VALUE_SKIPS_CLOISTERS | bits::VALUE_SKIPS_SPOTS
        );
        assert_eq!(bits::scored_only(&[FeatureKind::Barrier]).count_ones(), 5);
        assert_eq!(Narrowed::ValueHolds(0).hook(), hook::FEATURE_VALUE);
        assert_eq!(Narrowed::BonusHolds(0).hook(), hook::BONUS);
        assert_eq!(Narrowed::ScoredHolds(0).hook(), hook::FEATURE_SCORED);
        assert_eq!(Narrowed::ScoredHolds(5).bit(), bits::SCORED_HOLDS_MINE);
        // The holding bits are not per-kind bits: `*_only` leaves them out.
        assert_eq!(bits::scored_only(&[]) & bits::SCORED_HOLDS_MINE, 0);
        assert_eq!(bits::value_only(&[]) & bits::VALUE_HOLDS_MINE, 0);
        assert_eq!(bits::bonus_only(&[]) & bits::BONUS_HOLDS_MINE, 0);
        assert_eq!(held_bit(FigureKindId(0)), 1);
        assert_eq!(held_bit(FigureKindId(62)), 1 << 62);
        assert_eq!(held_bit(FigureKindId(63)), 1 << 63);
        assert_eq!(held_bit(FigureKindId(200)), 1 << 63);
        assert_eq!(
            bits::FIGURE_STEP_EXTENDS_MINE,
            bits::BEFORE_FIGURE_EXTENDS_MINE | bits::AFTER_FIGURE_EXTENDS_MINE
        );
    }
}
