//! # The scoring rule of inns and cathedrals
//!
//! Inns & Cathedrals gives two features the same shape of rule: a road with an
//! inn (plugin `inns`) or a city with a cathedral (plugin `cathedrals`) scores
//! more when it is completed, does not stack, and scores nothing when it is
//! still unfinished at game end (or, with `final-scoring = "ignore"`, as if the
//! marker were not there). This library holds that rule once; each plugin says
//! which feature kind and marker it concerns and how much a completed one adds.
//!
//! It is a plain library, not a plugin: it registers nothing.

use carcassonne_plugin_sdk::prelude::*;

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
                let counts = if self.pennants {
                    format!("{} tiles, {} pennants", info.tiles, info.pennants)
                } else {
                    format!("{} tiles", info.tiles)
                };
                Some(format!("The {what}: {rate} ({counts})."))
            }
            Effect::Zero => Some(format!("The {what} and is unfinished: it scores nothing.")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
