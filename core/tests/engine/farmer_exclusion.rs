//! The core's mark "no city for farmers" (`Cx::exclude_from_farmers`), proved
//! on its own by a plugin of this test (the Count's city uses it in the
//! shipped plugins): a marked city is worth nothing to any farmer unit
//! (F1–F3), a city joined to a marked one keeps the mark, and copies carry it.

use carcassonne_core::scenario::{check, run};
use carcassonne_core::*;
use std::sync::Arc;

use crate::fixtures::TWO_FIELDS_ONE_CITY;

/// At setup, marks the start tile's city as no city for farmers.
struct NoStartCity;

impl Hooks for NoStartCity {
    fn subscriptions(&self) -> u64 {
        hook::SETUP
    }

    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        let city = (0..cx.feature_count() as u16)
            .map(FeatureId)
            .find(|&f| cx.feature_kind(f) == Some(FeatureKind::City))
            .expect("the start tile has a city");
        assert!(cx.exclude_from_farmers(city));
        Ok(())
    }
}

fn rules(farmers: FarmerScoring, mark: bool) -> Arc<Rules> {
    let options = CoreOptions {
        farmers,
        ..CoreOptions::default()
    };
    let plugins = if mark {
        let decl = PluginDecl {
            id: "no-start-city".into(),
            ..PluginDecl::default()
        };
        vec![(decl, Arc::new(NoStartCity) as Arc<dyn Hooks>)]
    } else {
        vec![]
    };
    crate::fixtures::base_rules(options, plugins)
}

#[test]
fn a_marked_city_is_worth_nothing_to_every_farmer_scoring() {
    for (farmers, unmarked) in [
        (FarmerScoring::PerField, 6),
        (FarmerScoring::PerFieldOncePerPlayer, 3),
        (FarmerScoring::PerCity, 4),
    ] {
        check(
            &rules(farmers, false),
            2,
            TWO_FIELDS_ONE_CITY,
            &[unmarked, 0],
        );
        check(&rules(farmers, true), 2, TWO_FIELDS_ONE_CITY, &[0, 0]);
    }
}

#[test]
fn the_city_joined_to_a_marked_one_keeps_the_mark_and_copies_carry_it() {
    let script = "draw BA/C; place 0 -1 2; deploy follower field N";
    for mark in [false, true] {
        let g = run(&rules(FarmerScoring::PerField, mark), 2, script).unwrap();
        // The C's city, joined to the start's: the same set, complete.
        let c = g.tile_at(Pos::new(0, -1)).unwrap();
        let city = (0..g.tile_feature_count(c).unwrap())
            .find(|&l| g.tile_feature_kind(c, l) == Some(FeatureKind::City))
            .and_then(|l| g.feature_of(c, l))
            .unwrap();
        assert_eq!(g.counts_for_farmers(city), Some(!mark));
        assert_eq!(g.clone().counts_for_farmers(city), Some(!mark));
        assert_eq!(g.counts_for_farmers(FeatureId(u16::MAX)), None);
    }
}
