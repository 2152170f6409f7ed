//! `kit-mayor`: a figure kind whose strength a plugin computes (the pennants of
//! its city), offered by the core on cities only (the shared placement rule). A
//! mayor whose owner does not win the city's majority gets 1 point of
//! consolation: a `bonus` hook paying a non-winner.

use carcassonne_plugin_sdk::prelude::*;

/// The plugin.
pub struct Mayor;

#[plugin]
impl Plugin for Mayor {
    type Config = NoOptions;
    const ID: &'static str = "kit-mayor";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: a mayor as strong as his city's pennants";
    const FIGURES: &'static [FigureSpec] = &[FigureSpec::follower("kit-mayor", 1, 0)
        .stands_on(FeatureKinds::of(&[FeatureKind::City]))
        .computed_strength()];
    const MARKERS: &'static [&'static str] = &["pennant"];

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(Mayor)
    }

    fn figure_strength(
        &self,
        v: &View<'_>,
        _fig: FigureId,
        feature: FeatureId,
        strength: &mut u16,
    ) -> HookResult {
        *strength = v.marker_count_in(feature, v.my_marker(0)) as u16;
        Ok(())
    }

    fn bonus(
        &self,
        v: &View<'_>,
        info: &ScoreInfo<'_>,
        award: &Points,
        points: &mut Points,
    ) -> HookResult {
        if info.kind != FeatureKind::City {
            return Ok(());
        }
        let kind = v.my_figure(0);
        for g in v.figures_in(info.feature) {
            if v.figure_kind(g) == kind {
                if let Some(p) = v.figure_owner(g).filter(|&p| !award.winners.contains(p)) {
                    points.add(p, 1);
                }
            }
        }
        Ok(())
    }
}
