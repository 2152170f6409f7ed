//! # The plugin shell of inns and cathedrals
//!
//! Inns & Cathedrals gives two features the same shape of rule: a road with an
//! inn (plugin `inns`) or a city with a cathedral (plugin `cathedrals`) scores
//! more when it is completed, does not stack, and scores nothing when it is
//! still unfinished at game end (or, with `final-scoring = "ignore"`, as if the
//! marker were not there). This module holds that rule and the whole plugin
//! around it once ([`MarkedPlugin`], its [`Options`]); each plugin is a
//! [`Mark`] — which marker, on which feature kind, what a completed one adds,
//! its texts — and one registration:
//!
//! ```text
//! pub type Inns = MarkedPlugin<Inn>;
//! register_plugin!(Inns);
//! ```
//!
//! The shell registers nothing itself.

use carcassonne_plugin_sdk::prelude::*;
use std::marker::PhantomData;

/// What one marked-scoring plugin is about: everything that tells inns and
/// cathedrals apart.
pub trait Mark: Send + Sync + 'static {
    /// The plugin id (`Plugin::ID`).
    const ID: &'static str;
    /// Its one-line description (`Plugin::DESCRIPTION`).
    const DESCRIPTION: &'static str;
    /// The marker it gives a meaning to (`inn`, `cathedral`).
    const MARKER: &'static str;
    /// The kind of feature the marker belongs to.
    const KIND: FeatureKind;
    /// Whether a completed one's bonus also counts the pennants.
    const PENNANTS: bool;
    /// How the log names the feature with its marker ("road has an inn").
    const WHAT: &'static str;
    /// How the log says what a completed one scores ("2 points per tile").
    const RATE: &'static str;
    /// The doc string of the `final-scoring` option.
    const FINAL_SCORING_DOC: &'static str;
}

/// Options of a marked-scoring plugin (`[plugins.inns]`, `[plugins.cathedrals]`).
#[derive(Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default, bound = "")]
pub struct Options<M> {
    /// What an unfinished feature with the marker scores at game end (IC7, IC12).
    pub final_scoring: FinalScoring,
    #[serde(skip)]
    mark: PhantomData<M>,
}

impl<M> Options<M> {
    /// Options with this end-game setting.
    pub fn with(final_scoring: FinalScoring) -> Options<M> {
        Options {
            final_scoring,
            mark: PhantomData,
        }
    }
}

impl<M> Default for Options<M> {
    fn default() -> Self {
        Options::with(FinalScoring::default())
    }
}

impl<M> std::fmt::Debug for Options<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("final_scoring", &self.final_scoring)
            .finish()
    }
}

impl<M: Mark> Config for Options<M> {
    const DOCS: &'static [(&'static str, &'static str)] =
        &[("final-scoring", M::FINAL_SCORING_DOC)];
}

/// The plugin: interprets its [`Mark`]'s marker through the scoring hooks.
pub struct MarkedPlugin<M> {
    rule: MarkedScoring,
    mark: PhantomData<M>,
}

/// Index of the marker in `MARKERS`.
const MARKER: usize = 0;

impl<M> MarkedPlugin<M> {
    /// The configured end-game setting.
    pub fn final_scoring(&self) -> FinalScoring {
        self.rule.final_scoring
    }
}

#[plugin]
impl<M: Mark> Plugin for MarkedPlugin<M> {
    type Config = Options<M>;
    const ID: &'static str = M::ID;
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = M::DESCRIPTION;
    const MARKERS: &'static [&'static str] = &[M::MARKER];

    fn new(options: Options<M>) -> Result<Self, ConfigError> {
        Ok(MarkedPlugin {
            rule: MarkedScoring {
                kind: M::KIND,
                pennants: M::PENNANTS,
                final_scoring: options.final_scoring,
                what: M::WHAT,
                rate: M::RATE,
            },
            mark: PhantomData,
        })
    }

    /// Its value and log lines concern its feature kind only, and the log
    /// lines only a game that logs.
    fn narrowing(&self) -> u64 {
        narrow::value_only(&[M::KIND])
            | narrow::SCORED_WHEN_LOGGING
            | narrow::scored_only(&[M::KIND])
    }

    fn feature_value(
        &self,
        v: &View<'_>,
        info: &ScoreInfo<'_>,
        _base: i32,
        change: &mut ValueChange,
    ) -> HookResult {
        self.rule.value(v, info, change, v.my_marker(MARKER));
        Ok(())
    }

    fn feature_scored(&self, cx: &mut Cx<'_>, info: &ScoreInfo<'_>, points: &Points) -> HookResult {
        if cx.logging() {
            let marker = cx.my_marker(MARKER);
            if let Some(line) = self.rule.log_line(cx.view(), info, points, marker) {
                cx.log(line);
            }
        }
        Ok(())
    }
}

/// What an unfinished feature holding the marker scores at game end (IC7, IC12).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum FinalScoring {
    /// Nothing (C1 and C2 rulebooks, JCloisterZone).
    #[default]
    Zero,
    /// The marker is ignored at game end: the feature scores as in the base game
    /// (the JCloisterZone fork's `inn-and-cathedral-final-scoring = ignore`).
    Ignore,
}

/// What the marker does to one scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Not a feature of the kind holding the marker, or an unfinished one under
    /// [`FinalScoring::Ignore`]: the base points stand.
    None,
    /// Completed (reason `Completed`) and holding the marker: the bonus applies.
    Bonus,
    /// Unfinished at game end (reason `Final`, or `Early`: scored "as if at game
    /// end" during the game) under [`FinalScoring::Zero`]: nothing for anyone.
    Zero,
}

/// The rule for one feature kind and marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarkedScoring {
    /// The kind of feature the marker belongs to (a road for inns, a city for cathedrals).
    pub kind: FeatureKind,
    /// Whether the bonus also counts the feature's pennants (cathedrals: +1 per
    /// tile and pennant; inns: +1 per tile).
    pub pennants: bool,
    /// The end-game setting.
    pub final_scoring: FinalScoring,
    /// How the log names the feature with its marker ("road has an inn").
    pub what: &'static str,
    /// How the log says what a completed one scores ("2 points per tile").
    pub rate: &'static str,
}

impl MarkedScoring {
    /// What the marker with bit `marker` (the plugin's `my_marker`) does to the
    /// scoring `info`. One host call when the kind matches; no allocation.
    pub fn effect(&self, v: &View<'_>, info: &ScoreInfo<'_>, marker: u64) -> Effect {
        if info.kind != self.kind || marker == 0 || v.marker_count_in(info.feature, marker) == 0 {
            return Effect::None;
        }
        match (info.reason, self.final_scoring) {
            (ScoreReason::Completed, _) => Effect::Bonus,
            (ScoreReason::Final | ScoreReason::Early, FinalScoring::Zero) => Effect::Zero,
            (ScoreReason::Final | ScoreReason::Early, FinalScoring::Ignore) => Effect::None,
            // Paid at another feature's value: that value stands.
            (ScoreReason::Proxy, _) => Effect::None,
        }
    }

    /// The points a completed feature with the marker adds for each winner:
    /// one per tile, and per pennant if they count.
    pub fn bonus(&self, info: &ScoreInfo<'_>) -> i32 {
        let pennants = if self.pennants { info.pennants } else { 0 };
        (info.tiles + pennants) as i32
    }

    /// The `feature_value` hook: the bonus added to the value of a completed
    /// feature with the marker; an unfinished one (under [`FinalScoring::Zero`])
    /// is voided, so it is worth nothing whatever other plugins add to its
    /// value (bonuses paid to named players, such as the fairy's, stand). Does
    /// not allocate.
    pub fn value(&self, v: &View<'_>, info: &ScoreInfo<'_>, change: &mut ValueChange, marker: u64) {
        Self::apply(self.effect(v, info, marker), change, self.bonus(info));
    }

    /// Applies `effect` to `change`: `bonus` more, or a void value.
    pub fn apply(effect: Effect, change: &mut ValueChange, bonus: i32) {
        match effect {
            Effect::None => {}
            Effect::Bonus => change.add(bonus),
            Effect::Zero => change.void(),
        }
    }

    /// The log line for the scoring `info` (the `feature_scored` hook), if the
    /// marker changed anything and somebody won.
    pub fn log_line(
        &self,
        v: &View<'_>,
        info: &ScoreInfo<'_>,
        points: &Points,
        marker: u64,
    ) -> Option<String> {
        if points.winners.is_empty() {
            return None;
        }
        let (what, rate) = (self.what, self.rate);
        match self.effect(v, info, marker) {
            Effect::None => None,
            Effect::Bonus => {
                let pennants = self.pennants.then_some(info.pennants);
                Some(format!(
                    "The {what}: {rate} ({}).",
                    counts_text(info.tiles, pennants)
                ))
            }
            Effect::Zero => Some(format!("The {what} and is unfinished: it scores nothing.")),
        }
    }
}

/// `3 tiles, 1 pennant` (the pennants when counted), each word in the
/// number its count takes.
fn counts_text(tiles: u32, pennants: Option<u32>) -> String {
    let counted =
        |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let tiles = counted(tiles, "tile", "tiles");
    match pennants {
        Some(p) => format!("{tiles}, {}", counted(p, "pennant", "pennants")),
        None => tiles,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_said_in_the_number_they_take() {
        assert_eq!(counts_text(1, None), "1 tile");
        assert_eq!(counts_text(3, None), "3 tiles");
        assert_eq!(counts_text(5, Some(0)), "5 tiles, 0 pennants");
        assert_eq!(counts_text(4, Some(1)), "4 tiles, 1 pennant");
        assert_eq!(counts_text(1, Some(2)), "1 tile, 2 pennants");
    }

    #[test]
    fn the_bonus_adds_to_the_value_and_zero_voids_it() {
        let mut c = ValueChange::default();
        MarkedScoring::apply(Effect::Bonus, &mut c, 5);
        assert_eq!((c.add, c.has_set, c.void), (5, false, false));
        let mut c = ValueChange::default();
        MarkedScoring::apply(Effect::Zero, &mut c, 5);
        assert_eq!((c.add, c.has_set, c.void), (0, false, true));
        let mut c = ValueChange::default();
        MarkedScoring::apply(Effect::None, &mut c, 5);
        assert!(c.is_none());
    }
}
