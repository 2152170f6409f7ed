//! Helpers for the scoring hooks: shapes several plugins' bonuses share.

use crate::{FeatureKind, PlayerId, Points, ScoreInfo};

/// A bonus of one point per city of a farmer unit: when `info` scores a field
/// unit, adds the number of cities it pays for to each winner in `award` for
/// whom `applies` holds (a pig beside his farmers, a pig herd in his field).
/// Nothing for any other kind of feature.
pub fn per_city_to_winners(
    info: &ScoreInfo<'_>,
    award: &Points,
    bonus: &mut Points,
    mut applies: impl FnMut(PlayerId) -> bool,
) {
    if info.kind != FeatureKind::Field {
        return;
    }
    let cities = info.cities.len() as i32;
    for p in award.winners.iter() {
        if applies(p) {
            bonus.add(p, cities);
        }
    }
}
