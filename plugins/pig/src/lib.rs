//! # The `pig` plugin (Traders & Builders: the pig)
//!
//! Rulings TB18–TB25 of `shared/expansions/traders-and-builders.md`:
//!
//! * **Figure** `pig` (one per player; option `pigs-per-player` for the house
//!   rule of JCloisterZone's `pig` count): a special figure, not a follower —
//!   strength 0, never in a majority (TB18); it stays until the end (TB20).
//!   A companion of its owner's farmer (`FigureClass::Companion`): the dragon
//!   eats it unless its option spares companions.
//! * **Placement** (TB19): in the figure step, instead of a follower, on a field
//!   segment of the placed tile whose field already holds a farmer of the player
//!   (any follower kind; his shepherd is no farmer). Never with `farmers =
//!   "off"` (F4, TB25): no farmer can exist. The core offers it, from the
//!   kind's declaration (`FigureSpec::beside_follower`).
//! * **Bonus** (TB21–TB24), through the farmer scoring's `points` hook: in a
//!   farmer unit (`ScoreInfo` of kind `Field`), each winner who won one of the
//!   unit's fields holding his pig gets `+1` per city the unit pays. This one
//!   rule is each farmer variant's reading: F1 (a unit is one field: 4 per city
//!   instead of 3), F2 (a unit is one city with the fields its players won: 4
//!   if one of his won fields next to it holds his pig), F3 (a unit is one city
//!   with all its fields, won together: 5 instead of 4). Pigs never stack
//!   (TB22): the bonus is per player and unit, however many pigs he has there.
//!   Hill tie-breaks decide the winners before the bonus (X11).
//! * **Return** (TB20): a pig whose owner has no farmer left in its field goes
//!   home at once (another expansion removed or moved the last one).
//!
//! No state: the pig is where the core keeps it.
//!
//! See `docs/plugins/pig.md`.

use carcassonne_plugin_sdk::prelude::*;

/// Options of the `pig` plugin (`[plugins.pig]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// Pigs per player: 1 (TB1); more is a house rule (TB22 is about them).
    pub pigs_per_player: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options { pigs_per_player: 1 }
    }
}

impl Config for Options {
    const RANGES: &'static [(&'static str, i64, i64)] = &[("pigs-per-player", 1, 3)];
    const DOCS: &'static [(&'static str, &'static str)] = &[(
        "pigs-per-player",
        "Pigs each player has: 1 (TB1), more as a house rule; pigs of one player never add up (TB22).",
    )];
}

/// Index of the pig in [`Pig::FIGURES`](Plugin::FIGURES).
const PIG: usize = 0;

/// The plugin: the pig and its farmer bonus.
pub struct Pig {
    pigs: u8,
}

/// Whether `player` has a pig in the field containing `f`. Does not allocate.
fn has_pig_in(v: &View<'_>, player: PlayerId, f: FeatureId) -> bool {
    let kind = v.my_figure(PIG);
    v.figures_in(v.find(f))
        .any(|g| v.figure_kind(g) == kind && v.figure_owner(g) == Some(player))
}

/// TB21–TB24: whether winner `p` of a farmer unit gets the pig bonus: he won
/// one of its fields and his pig stands in it.
pub fn pig_bonus_applies(v: &View<'_>, info: &ScoreInfo<'_>, p: PlayerId) -> bool {
    info.fields
        .iter()
        .zip(info.field_winners)
        .any(|(&field, won)| won.contains(p) && has_pig_in(v, p, field))
}

#[plugin]
impl Plugin for Pig {
    type Config = Options;
    const ID: &'static str = "pig";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "Traders & Builders pig: +1 per city for a field you win with your pig in it";
    // TB19: offered by the core on a field of the placed tile that holds a
    // follower (a farmer) of the player; without farmers (F4) none exists.
    const FIGURES: &'static [FigureSpec] = &[FigureSpec::special("pig", 1)
        .stands_on(FeatureKinds::of(&[FeatureKind::Field]))
        .offered(true)
        .beside_follower(true)
        .class(FigureClass::Companion)];

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(Pig {
            pigs: options.pigs_per_player,
        })
    }

    fn figure_count(&self, _i: usize) -> u8 {
        self.pigs
    }

    /// Its bonus and log lines concern fields only, with a pig in one of the
    /// unit's fields, and the log lines only a game that logs; only a player's figure moving may leave a pig alone
    /// (not the dragon's steps).
    fn narrowing(&self) -> u64 {
        narrow::bonus_only(&[FeatureKind::Field])
            | narrow::BONUS_HOLDS_MINE
            | narrow::SCORED_WHEN_LOGGING
            | narrow::scored_only(&[FeatureKind::Field])
            | narrow::SCORED_HOLDS_MINE
            | narrow::MOVED_PLAYERS
    }

    /// TB21–TB24: +1 per city of the unit for each winner with his pig in a
    /// field he won.
    fn bonus(
        &self,
        v: &View<'_>,
        info: &ScoreInfo<'_>,
        award: &Points,
        bonus: &mut Points,
    ) -> HookResult {
        carcassonne_plugin_sdk::scoring::per_city_to_winners(info, award, bonus, |p| {
            pig_bonus_applies(v, info, p)
        });
        Ok(())
    }

    fn feature_scored(&self, cx: &mut Cx<'_>, info: &ScoreInfo<'_>, points: &Points) -> HookResult {
        if !cx.logging() || info.kind != FeatureKind::Field || info.cities.is_empty() {
            return Ok(());
        }
        let n = info.cities.len();
        for p in points.winners.iter() {
            if pig_bonus_applies(cx.view(), info, p) {
                let cities = if n == 1 { "city" } else { "cities" };
                cx.log(format!(
                    "{{P{p}}}'s pig fattens the farmers: +{n} ({n} {cities})."
                ));
            }
        }
        Ok(())
    }

    /// TB20: a pig whose owner has no farmer left in its field goes home.
    fn figure_returned(&self, cx: &mut Cx<'_>, fig: FigureId, from: Location) -> HookResult {
        self.send_home_lonely(cx, fig, from)
    }

    /// TB20, for a farmer moved away.
    fn figure_moved(&self, cx: &mut Cx<'_>, fig: FigureId, from: Location) -> HookResult {
        self.send_home_lonely(cx, fig, from)
    }
}

impl Pig {
    /// TB20: after figure `fig` left `from`, the pig of its owner there goes home
    /// if he has no farmer left in that field.
    fn send_home_lonely(&self, cx: &mut Cx<'_>, fig: FigureId, from: Location) -> HookResult {
        // A pig stands only in a field; with all the owner's pigs in his
        // supply none has a field to leave: two queries instead of a look at
        // the feature.
        if from.feature().map(|f| cx.feature_kind(f)) != Some(FeatureKind::Field) {
            return Ok(());
        }
        let kind = cx.my_figure(PIG);
        match cx.figure_owner(fig) {
            Some(owner) if cx.supply(owner, kind) < self.pigs => {}
            _ => return Ok(()),
        }
        if cx.return_lonely(kind, fig, from)? > 0 && cx.logging() {
            if let Some(owner) = cx.figure_owner(fig) {
                cx.log(format!(
                    "{{P{owner}}} has no farmer left there: the pig goes home."
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<Pig>().unwrap();
    }

    #[test]
    fn pigs_per_player_is_range_checked() {
        let opts = |n| Options { pigs_per_player: n };
        // Out of its bounds (`Config::RANGES`): refused where the options are read.
        for bad in ["pigs-per-player = 0", "pigs-per-player = 4"] {
            let e = carcassonne_plugin_sdk::parse_options::<Options>(bad).unwrap_err();
            assert_eq!(e.problems[0].0.as_deref(), Some("pigs-per-player"), "{e}");
        }
        assert_eq!(Pig::new(opts(2)).map(|p| p.figure_count(0)).ok(), Some(2));
        assert_eq!(
            Pig::new(Options::default()).map(|p| p.figure_count(0)).ok(),
            Some(1)
        );
    }
}
