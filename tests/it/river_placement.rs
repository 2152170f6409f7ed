//! Placing river tiles (RV8, RV10–RV16, RV20, RV21, RV25 of
//! `shared/expansions/the-river.md`): exact sets of legal placements, compiled
//! in and loaded from the official library. Geometry as in `river.rs`: the
//! spring at (0, 0), its river flowing east; `(x, y, r)` is a placement turned
//! `r` quarter turns clockwise.

use crate::river::{after, both, curves, is_river, placements, river, ty};
use carcassonne_core::scenario::run_on;
use carcassonne_core::Rng;
use std::collections::BTreeSet;

#[test]
fn rv8_a_river_tile_that_fits_nowhere_is_set_aside_and_the_land_phase_follows() {
    // No fork: RI.2/IFC closes the river at once; every river tile left fits
    // nowhere and is set aside, the lake too, then land tiles come.
    let text = river(
        r#""base", "the-river-ii""#,
        "C2",
        "",
        "[tiles.counts]\n\"RI.2/III\" = 0\n",
    );
    for r in both(&text) {
        let mut g = after(&r, "draw RI.2/IFC; place 1 0 0; pass");
        let rivers_left = g.bag().iter().filter(|&&t| is_river(&g, t)).count();
        assert_eq!(rivers_left, 9);
        run_on(&mut g, "draw RI.2/LIFI").unwrap();
        assert_eq!(g.set_aside_tiles(), &[ty(&g, "RI.2/LIFI")][..]);
        assert!(g.drawn_tile().is_none());
        let mut rng = Rng::new(1);
        let mut steps = 0;
        while g.drawn_tile().is_none_or(|t| is_river(&g, t)) && steps < 40 {
            g.step_random(&mut rng).unwrap();
            steps += 1;
        }
        assert_eq!(g.set_aside_tiles().len(), 9, "the other 8 and the lake");
        assert!(!is_river(&g, g.drawn_tile().unwrap()), "the land phase");
        assert_eq!(g.placed_count(), 2);
    }
}

#[test]
fn rv10_a_river_side_fits_only_a_river_side() {
    let text = river(
        r#""base", "the-river""#,
        "C2",
        "",
        "[tiles.counts]\n\"RI.1/IFI\" = 1\n\"RI.1/I.e\" = 0\n\"RI.1/CICI\" = 0\n\
         \"RI.1/CIRI\" = 0\n\"RI.1/LIRI\" = 0\n\"RI.1/RIrI\" = 0\n\"RI.1/CcII\" = 0\n\
         \"RI.1/RrII\" = 0\n\"RI.1/II\" = 0\n\"RI.1/IIG\" = 0\n",
    );
    for r in both(&text) {
        // A land tile never meets the spring's river side (1, 0).
        let g = after(&r, "draw RI.1/IFI; place 1 0 0; pass; draw BA/L");
        assert_eq!(
            placements(&g),
            BTreeSet::from([(0, -1, 0), (0, 1, 0), (-1, 0, 0), (1, -1, 0), (1, 1, 0)])
        );
    }
}

#[test]
fn rv11_a_river_tile_must_continue_the_river() {
    for r in both(&curves("immediate")) {
        // The straight's field sides would fit round the spring: refused; only
        // east of it, the river W–E.
        let g = after(&r, "draw RI.1/IFI");
        assert_eq!(placements(&g), BTreeSet::from([(1, 0, 0)]));
        let g = after(&r, "draw RI.1/II");
        assert_eq!(placements(&g), BTreeSet::from([(1, 0, 0), (1, 0, 1)]));
    }
}

/// Both rivers, C1: the fork east of the spring, branches north and east.
fn fork() -> String {
    river(r#""base", "the-river", "the-river-ii""#, "C1", "", "")
}

#[test]
fn rv12_two_branches_never_join() {
    for r in both(&fork()) {
        let g = after(
            &r,
            "draw RI.2/III; place 1 0 0; pass; draw RI.1/II; place 1 -1 3; pass; \
             draw RI.1/II; place 2 0 1; pass; draw RI.2/II",
        );
        // Both branches end facing (2, -1), where only a W–S curve fits the
        // sides; it would meet both branches, so it fits nowhere.
        assert_eq!(g.set_aside_tiles(), &[ty(&g, "RI.2/II")][..]);
        assert!(g.drawn_tile().is_none());
    }
}

#[test]
fn rv16_a_river_tile_goes_on_either_branch() {
    for r in both(&fork()) {
        let g = after(&r, "draw RI.2/III; place 1 0 0; pass; draw RI.1/IFI");
        assert_eq!(placements(&g), BTreeSet::from([(1, -1, 1), (2, 0, 0)]));
    }
}

#[test]
fn rv20_each_branch_is_checked_against_the_forks_upstream_side() {
    for r in both(&fork()) {
        let g = after(&r, "draw RI.2/III; place 1 0 0; pass; draw RI.1/II");
        // The north branch may turn east only: turning west would point back
        // where the fork's river came from (its upstream side W).
        assert_eq!(
            placements(&g),
            BTreeSet::from([(1, -1, 3), (2, 0, 0), (2, 0, 1)])
        );
    }
}

#[test]
fn rv21_the_river_city_closes_one_branch_and_is_no_lake() {
    let text = river(r#""base", "the-river-ii""#, "C2", "", "");
    for r in both(&text) {
        // Drawn right after the fork (not held back like the lake), it may
        // close either branch.
        let g = after(&r, "draw RI.2/III; place 1 0 0; pass; draw RI.2/IFC");
        assert_eq!(placements(&g), BTreeSet::from([(1, -1, 3), (2, 0, 0)]));
        // Once it closes the east branch, the river goes on only north.
        let g = after(
            &r,
            "draw RI.2/III; place 1 0 0; pass; draw RI.2/IFC; place 2 0 0; pass; \
             draw RI.2/LIFI",
        );
        assert_eq!(placements(&g), BTreeSet::from([(1, -1, 1)]));
    }
}

#[test]
fn rv25_no_land_tile_fills_the_square_before_an_open_river_end() {
    // Only one straight and no lake: the river ends open at (2, 0).
    let text = river(
        r#""base", "the-river""#,
        "C2",
        "",
        "[tiles.counts]\n\"RI.1/IFI\" = 1\n\"RI.1/I.e\" = 0\n\"RI.1/CICI\" = 0\n\
         \"RI.1/CIRI\" = 0\n\"RI.1/LIRI\" = 0\n\"RI.1/RIrI\" = 0\n\"RI.1/CcII\" = 0\n\
         \"RI.1/RrII\" = 0\n\"RI.1/II\" = 0\n\"RI.1/IIG\" = 0\n",
    );
    for r in both(&text) {
        // BA/LR (a road south) next to the spring and the straight, its road
        // never facing a tile; (2, 0), facing the river's open end, never.
        let g = after(&r, "draw RI.1/IFI; place 1 0 0; pass; draw BA/LR");
        assert_eq!(
            placements(&g),
            BTreeSet::from([
                (0, -1, 1),
                (0, -1, 2),
                (0, -1, 3),
                (0, 1, 0),
                (0, 1, 1),
                (0, 1, 3),
                (-1, 0, 0),
                (-1, 0, 1),
                (-1, 0, 2),
                (1, -1, 1),
                (1, -1, 2),
                (1, -1, 3),
                (1, 1, 0),
                (1, 1, 1),
                (1, 1, 3),
            ])
        );
    }
}
