//! `kit-pig` and `kit-zz-double-farmers`: the value and bonus layers of farmer
//! scoring, a non-winner paid, and composition without a declared order.
//!
//! * `kit-zz-double-farmers` doubles the value of a farmer unit (the value
//!   layer: it adds the base value once more).
//! * `kit-pig`: a special figure deployed on a field of the placed tile where its
//!   owner has a farmer. In farmer scoring, a winner with a pig in a field he won
//!   gets +1 per city of the unit; a player with a pig there who did not win gets
//!   a consolation point (the bonus layer). Its bonus is never doubled, in
//!   whatever order the two plugins run: bonuses come after the value.

use carcassonne_plugin_sdk::prelude::*;

/// Doubles farmer points.
pub struct DoubleFarmers;

#[plugin]
impl Plugin for DoubleFarmers {
    type Config = NoOptions;
    const ID: &'static str = "kit-zz-double-farmers";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: farmers score double";

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(DoubleFarmers)
    }

    fn feature_value(
        &self,
        _v: &View<'_>,
        info: &ScoreInfo<'_>,
        base: i32,
        change: &mut ValueChange,
    ) -> HookResult {
        if info.kind == FeatureKind::Field {
            change.add(base);
        }
        Ok(())
    }
}

/// The pig.
pub struct Pig;

impl Pig {
    /// Whether `player` has a follower standing in the field containing `f`.
    fn has_farmer(v: &View<'_>, f: FeatureId, player: PlayerId) -> bool {
        v.figures_in(f)
            .any(|g| v.figure_owner(g) == Some(player) && v.figure_kind_follower(v.figure_kind(g)))
    }

    /// Whether `player` has his pig in the field containing `f`.
    fn has_pig(v: &View<'_>, f: FeatureId, player: PlayerId) -> bool {
        let kind = v.my_figure(0);
        v.figures_in(f)
            .any(|g| v.figure_owner(g) == Some(player) && v.figure_kind(g) == kind)
    }
}

#[plugin]
impl Plugin for Pig {
    type Config = NoOptions;
    const ID: &'static str = "kit-pig";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: a pig fattens its owner's farmers";
    const FIGURES: &'static [FigureSpec] = &[FigureSpec::special("kit-pig", 1)];

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(Pig)
    }

    fn figure_options(&self, v: &View<'_>, opts: &mut Vec<FigureOption>) -> HookResult {
        let (Some(t), me, kind) = (v.last_placed(), v.current_player(), v.my_figure(0)) else {
            return Ok(());
        };
        if v.supply(me, kind) == 0 || !v.farmers_on() {
            return Ok(());
        }
        for l in 0..v.tile_feature_count(t) {
            let f = v.feature_of(t, l);
            if v.feature_kind(f) == FeatureKind::Field && Self::has_farmer(v, f, me) {
                opts.push(FigureOption::Deploy {
                    kind,
                    at: Location::Feature(f),
                });
            }
        }
        Ok(())
    }

    fn bonus(
        &self,
        v: &View<'_>,
        info: &ScoreInfo<'_>,
        award: &Points,
        points: &mut Points,
    ) -> HookResult {
        if info.kind != FeatureKind::Field {
            return Ok(());
        }
        for p in PlayerId::all(v.players()) {
            let mut won_with_pig = false;
            let mut pig = false;
            for (i, &f) in info.fields.iter().enumerate() {
                if Self::has_pig(v, f, p) {
                    pig = true;
                    let won = info.field_winners.get(i).is_some_and(|w| w.contains(p));
                    won_with_pig |= won;
                }
            }
            if won_with_pig && award.winners.contains(p) {
                points.add(p, info.cities.len() as i32);
            } else if pig && !award.winners.contains(p) {
                points.add(p, 1);
            }
        }
        Ok(())
    }
}
