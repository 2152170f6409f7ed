//! # The `mayor` plugin (Abbey & Mayor: the mayor)
//!
//! Every player has one **mayor**, a follower that goes only into cities (the
//! core offers him there through the shared placement rule: `stands_on` cities).
//! In a city majority his strength is the number of pennants in the whole city
//! when it is scored (AM12): a computed strength, asked of this plugin in every
//! majority. A mayor in a city without pennants has strength 0 and takes no part
//! in the majority (AM13): if only such mayors stand in a city nobody scores it,
//! and he gives his owner no hill tie-break (X23). He returns like any follower.
//!
//! See `docs/plugins/mayor.md` for the rulings and their sources.

use carcassonne_plugin_sdk::prelude::*;

/// The plugin: the mayor figure and his strength.
pub struct Mayor {
    count: u8,
    zero_on_hill: ZeroOnHill,
}

/// X23: whether a mayor of strength 0 on a hill tile breaks a tie.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(rename_all = "kebab-case")]
pub enum ZeroOnHill {
    /// The rule text (`seeds/000`, RULES.md X1): only a mayor of a city with a
    /// pennant (strength at least 1) counts as a follower on a hill.
    #[default]
    NoTiebreak,
    /// JCloisterZone (`Scoreable.getPowers`): any mayor on a hill tile counts,
    /// even of strength 0 (with the `hills` plugin's default tie-break: any
    /// follower on a hill).
    BreaksTies,
}

/// Its options: `[plugins.mayor]`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// Mayors per player (AM10: one; more is a house rule).
    pub mayors_per_player: u8,
    /// X23: does a mayor of strength 0 on a hill break a tie?
    pub zero_mayor_on_hill: ZeroOnHill,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            mayors_per_player: 1,
            zero_mayor_on_hill: ZeroOnHill::NoTiebreak,
        }
    }
}

impl Config for Options {
    const RANGES: &'static [(&'static str, i64, i64)] = &[("mayors-per-player", 1, 3)];
    /// A mayor on a hill matters only where the `hills` plugin breaks ties.
    const ONLY_WITH: &'static [(&'static str, &'static str)] = &[("zero-mayor-on-hill", "hills")];
    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "mayors-per-player",
            "Mayors per player: 1 (AM10); 2 or 3 is a house rule.",
        ),
        (
            "zero-mayor-on-hill",
            "X23, with the hills plugin: \"no-tiebreak\" (the rule text: a mayor of strength 0 \
             is no follower on a hill) or \"breaks-ties\" (JCloisterZone: any mayor on a hill \
             tile breaks a tie among the players tied on strength).",
        ),
    ];
}

/// Index of the `pennant` marker in [`Mayor::MARKERS`](Plugin::MARKERS).
const PENNANT: usize = 0;
/// Index of the `hill` marker in [`Mayor::MARKERS`](Plugin::MARKERS).
const HILL: usize = 1;

impl Mayor {
    /// The players of `tied` with a mayor of strength 0 on a hill tile in the
    /// city `city` (X23, JCloisterZone's reading).
    fn zero_mayors_on_hills(v: &View<'_>, city: FeatureId, tied: PlayerSet) -> PlayerSet {
        let (kind, hill) = (v.my_figure(0), v.my_marker(HILL));
        let mut out = PlayerSet::EMPTY;
        if hill == 0 || v.marker_count_in(city, v.my_marker(PENNANT)) > 0 {
            return out;
        }
        for g in v.figures_in(city) {
            let on_hill = v.figure_tile(g).is_some_and(|t| v.tile_has_marker(t, hill));
            match v.figure_owner(g) {
                Some(p) if v.figure_kind(g) == kind && on_hill && tied.contains(p) => out.insert(p),
                _ => {}
            }
        }
        out
    }
}

#[plugin]
impl Plugin for Mayor {
    type Config = Options;
    const ID: &'static str = "mayor";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "Abbey & Mayor: the mayor, as strong as the pennants of his city";
    const FIGURES: &'static [FigureSpec] = &[FigureSpec::follower("mayor", 1, 0)
        .stands_on(FeatureKinds::of(&[FeatureKind::City]))
        .computed_strength()];
    const MARKERS: &'static [&'static str] = &["pennant", "hill"];
    // X23: a strength-0 mayor's tie rule refines the hills' tie-break, so the
    // mayor's `majority` sees the winners the hills left.
    const RUNS_AFTER: &'static [&'static str] = &["hills"];

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(Mayor {
            count: options.mayors_per_player,
            zero_on_hill: options.zero_mayor_on_hill,
        })
    }

    fn subscriptions(&self) -> u64 {
        let all = carcassonne_plugin_sdk::hooks_of::<Self>();
        match self.zero_on_hill {
            ZeroOnHill::NoTiebreak => all & !hook::MAJORITY,
            ZeroOnHill::BreaksTies => all,
        }
    }

    /// X23, `zero-mayor-on-hill = "breaks-ties"`: among the players tied on
    /// strength, one with a mayor of strength 0 on a hill tile counts as having a
    /// follower on a hill (runs after `hills`, which saw only figures of strength
    /// at least 1). No allocation.
    fn majority(&self, v: &View<'_>, info: &ScoreInfo<'_>, winners: &mut PlayerSet) -> HookResult {
        if info.kind != FeatureKind::City {
            return Ok(());
        }
        let max = info.strength.iter().copied().max().unwrap_or(0);
        let mut tied = PlayerSet::EMPTY;
        for p in PlayerId::all(v.players()) {
            if max > 0 && info.strength[p.index()] == max {
                tied.insert(p);
            }
        }
        if tied.len() < 2 {
            return Ok(());
        }
        let extra = Self::zero_mayors_on_hills(v, info.feature, tied);
        if extra.is_empty() {
            return Ok(());
        }
        // Hills left the tie standing (nobody tied had a follower on a hill): the
        // mayors' owners win; otherwise they join the players hills kept.
        *winners = if *winners == tied {
            extra
        } else {
            PlayerSet(winners.0 | extra.0)
        };
        Ok(())
    }

    fn figure_count(&self, _i: usize) -> u8 {
        self.count
    }

    /// AM12: the pennants of the whole city the mayor stands in, now; none
    /// in a city the core never scores (X62: a castle, BB16, pays nobody by
    /// its mayor).
    fn figure_strength(
        &self,
        v: &View<'_>,
        _fig: FigureId,
        feature: FeatureId,
        strength: &mut u16,
    ) -> HookResult {
        if v.feature_withheld(feature) {
            *strength = 0;
            return Ok(());
        }
        let pennants = v.marker_count_in(feature, v.my_marker(PENNANT));
        *strength = u16::try_from(pennants).unwrap_or(u16::MAX);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<Mayor>().unwrap();
    }

    #[test]
    fn the_count_option_is_checked() {
        // Out of its bounds (`Config::RANGES`): refused where the options are read.
        for bad in ["mayors-per-player = 0", "mayors-per-player = 4"] {
            let e = carcassonne_plugin_sdk::parse_options::<Options>(bad).unwrap_err();
            assert_eq!(e.problems[0].0.as_deref(), Some("mayors-per-player"), "{e}");
        }
        assert_eq!(Mayor::new(Options::default()).unwrap().figure_count(0), 1);
    }

    #[test]
    fn the_majority_hook_runs_only_for_the_jcz_reading() {
        let default = Mayor::new(Options::default()).unwrap();
        assert_eq!(default.subscriptions() & hook::MAJORITY, 0);
        let jcz = Mayor::new(Options {
            zero_mayor_on_hill: ZeroOnHill::BreaksTies,
            ..Options::default()
        })
        .unwrap();
        assert_ne!(jcz.subscriptions() & hook::MAJORITY, 0);
    }
}
