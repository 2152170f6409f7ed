//! The one-call board queries plugins use on hot paths (`bag_counts`,
//! `tiles_beside`, `frontier_square`, `tile_outline`, `corner_meetings`,
//! `figure_pos`, `figure_place`, `follower_at_spot`, `figures_at`,
//! `figures_in_cross`, `followers_in_cross`, `has_figure_in`, `has_figure_on_tile`,
//! `features_added_at`, `tile_type_rotations` and `figure_code`'s search for
//! the first alike figure) give what the per-item queries they replace give,
//! at every state of random base games.

use carcassonne_core::*;

/// Every one-call query against its per-item equivalent in state `g`.
fn check(g: &Game) {
    for (t, &n) in g.bag_counts().iter().enumerate() {
        let copies = g.bag().iter().filter(|x| x.index() == t).count();
        assert_eq!(usize::from(n), copies, "bag count of type {t}");
    }
    let beside_by_hand = |p: Pos| {
        Side::ALL
            .iter()
            .enumerate()
            .fold(u8::from(g.tile_at(p).is_some()) << 4, |m, (d, &s)| {
                m | u8::from(g.tile_at(p.step(s)).is_some()) << d
            })
    };
    let mut i = 0;
    while let Some(sq) = g.frontier_square(i) {
        assert_eq!(Some(sq.pos), g.frontier_cell(i));
        assert_eq!(g.tiles_beside(sq.pos), beside_by_hand(sq.pos));
        assert_eq!(sq.present, beside_by_hand(sq.pos), "an empty square");
        i += 1;
    }
    assert!(g.frontier_cell(i).is_none());
    for sq in (0..i).filter_map(|i| g.frontier_square(i)) {
        assert_eq!(g.features_added_at(sq.pos), None, "an empty square");
    }
    check_rotations(g);
    for t in (0..g.placed_count() as u16).map(TileIndex) {
        let pos = g.tile_pos(t).expect("a placed tile");
        let beside = g.tiles_beside(pos);
        assert_eq!(beside, beside_by_hand(pos));
        let outline = g.tile_outline(t).expect("a placed tile");
        assert_eq!(outline.open, !beside & 15);
        assert_eq!(outline.added, 0, "base adds no feature");
        assert_eq!(g.features_added_at(pos), Some(outline.added));
        let corners = g.corner_meetings(t);
        for (c, &corner) in Corner::ALL.iter().enumerate() {
            let sides = 1 << c | 1 << ((c + 3) & 3);
            let meets = beside & sides == sides && g.corner_meeting(t, corner).is_some();
            assert_eq!(corners >> c & 1 == 1, meets, "corner {c} of tile {}", t.0);
        }
    }
    for fig in (0..g.figure_count() as u16).map(FigureId) {
        let tile = match g.figure_location(fig) {
            Some(Location::Feature(f) | Location::Corner(f, _)) => g.feature_tile(f),
            Some(Location::Tile(t)) => Some(t),
            _ => None,
        };
        assert_eq!(g.figure_pos(fig), tile.and_then(|t| g.tile_pos(t)));
        let place = match g.figure_location(fig) {
            Some(Location::Feature(f)) => {
                let t = g.feature_tile(f).expect("a feature on the board");
                Some(FigurePlace {
                    fig,
                    feature: f,
                    tile: t,
                    pos: g.tile_pos(t).expect("a placed tile"),
                    local: g.feature_local(f).expect("a feature on the board"),
                })
            }
            _ => None,
        };
        assert_eq!(g.figure_place(fig), place, "figure {}", fig.0);
        // The follower of each player on this figure's spot, by hand: the
        // first of the instance's figures that is his follower on it.
        if let Some(p) = place {
            let code = spot_code(p.pos, Some(p.local)).expect("a spot on the board");
            for seat in 0..g.players() {
                let player = PlayerId::new(seat).expect("a seat");
                let by_hand = g
                    .figures_on(p.feature)
                    .find(|&h| {
                        g.figure_owner(h) == Some(player)
                            && g.figure_kind(h)
                                .and_then(|k| g.figure_kind_follower(k))
                                .unwrap_or(false)
                            && matches!(g.figure_location(h), Some(Location::Feature(_)))
                    })
                    .and_then(|h| g.figure_place(h));
                assert_eq!(g.follower_at_spot(player, code), by_hand, "{code}");
            }
        }
    }
    assert_eq!(g.figure_place(FigureId(u16::MAX)), None);
    let far = spot_code(Pos::new(3000, 3000), Some(0)).expect("a spot");
    assert_eq!(
        g.follower_at_spot(PlayerId::new(0).expect("a seat"), far),
        None
    );
    check_figure_lists(g);
}

/// `tile_type_rotations` against the printed sides and the legal
/// placements: a rotation whose sides differ from every lower rotation's is
/// a distinct tile; a placement is only ever named by a distinct rotation.
fn check_rotations(g: &Game) {
    for ty in (0..g.tile_type_count() as u16).map(TileTypeId) {
        let rots = g.tile_type_rotations(ty).expect("a tile type");
        assert_eq!(rots & 1, 1, "rotation 0 is always distinct");
        assert_eq!(rots >> 4, 0, "four rotations");
        let kinds = g.tile_type_sides(ty).expect("a tile type").kinds();
        let turned = |r: usize| -> [SideKind; 4] { std::array::from_fn(|d| kinds[(d + r) % 4]) };
        for r in 1..4 {
            if (0..r).all(|lower| turned(lower) != turned(r)) {
                assert_eq!(rots >> r & 1, 1, "type {} rotation {r}: other sides", ty.0);
            }
        }
    }
    let count = g.tile_type_count() as u16;
    assert_eq!(g.tile_type_rotations(TileTypeId(count)), None);
    let Some(ty) = g.drawn_tile() else {
        return;
    };
    let rots = g.tile_type_rotations(ty).expect("the drawn tile's type");
    let kinds = g.tile_type_sides(ty).expect("a tile type").kinds();
    let turned = |r: usize| -> [SideKind; 4] { std::array::from_fn(|d| kinds[(d + r) % 4]) };
    // The rotations named at each square of the legal placements.
    let mut named: Vec<(Pos, u8)> = Vec::new();
    for a in g.legal_actions().expect("legal actions") {
        if let Action::Place(p) = a {
            let r = p.rot.index();
            assert_eq!(rots >> r & 1, 1, "{p:?} names a twin rotation");
            match named.iter_mut().find(|(pos, _)| *pos == p.pos) {
                Some((_, m)) => *m |= 1 << r,
                None => named.push((p.pos, 1 << r)),
            }
        }
    }
    // A distinct rotation with the sides of a rotation that fits a square
    // fits it too, so it is named there: a twin counted as distinct is not.
    for &(pos, m) in &named {
        for r in (0..4).filter(|r| rots >> r & 1 == 1) {
            if (0..4).any(|o| m >> o & 1 == 1 && turned(o) == turned(r)) {
                assert_eq!(m >> r & 1, 1, "{pos:?}: rotation {r} fits but is not named");
            }
        }
    }
}

/// `figures_at`, `figures_in_cross`, `followers_in_cross` and `figure_code`
/// against a pass over every figure with the per-figure queries.
fn check_figure_lists(g: &Game) {
    let figs: Vec<FigureId> = (0..g.figure_count() as u16).map(FigureId).collect();
    let key = |f: FigureId| (g.figure_kind(f), g.figure_owner(f), g.figure_location(f));
    for &fig in &figs {
        let first = figs.iter().find(|&&h| key(h) == key(fig)).copied();
        assert_eq!(
            g.figure_code(fig),
            first.map(|h| FIGURE_CODE + u32::from(h.0)),
            "the code of figure {}",
            fig.0
        );
        let Some(at) = g.figure_location(fig) else {
            continue;
        };
        let here: Vec<FigureId> = figs
            .iter()
            .copied()
            .filter(|&h| g.figure_location(h) == Some(at))
            .collect();
        assert_eq!(g.figures_at(at), here, "the figures at {at:?}");
        if let Some(f) = at.feature() {
            assert_eq!(g.has_figure_in(f), Some(true));
        }
    }
    for p in PlayerId::all(g.players()) {
        assert!(
            g.figures_at(Location::Held(p)).is_empty(),
            "no prisoner in base"
        );
    }
    for f in (0..g.feature_count() as u16).map(FeatureId) {
        let any = g.figures_in(f).next().is_some();
        assert_eq!(g.has_figure_in(f), Some(any), "a figure in {f:?}");
    }
    for t in (0..g.placed_count() as u16).map(TileIndex) {
        let on_features = figs.iter().any(|&h| {
            g.figure_feature(h)
                .is_some_and(|f| g.feature_tile(f) == Some(t))
        });
        assert_eq!(g.has_figure_on_tile(t), on_features, "a figure on {t:?}");
    }
    for t in (0..g.placed_count() as u16).map(TileIndex) {
        let at = g.tile_pos(t).expect("a placed tile");
        for reach in [0, 1, 2, 5] {
            // The place of a square in the cross: its own, then N E S W at
            // distance 1, then at distance 2, ...
            let place = |p: Pos| {
                let (dx, dy) = (i32::from(p.x - at.x), i32::from(p.y - at.y));
                let d = dx.abs() + dy.abs();
                let side = match (dx, dy) {
                    (0, 0) => return Some(0),
                    (0, y) if y < 0 => 3,
                    (x, 0) if x > 0 => 2,
                    (0, _) => 1,
                    (_, 0) => 0,
                    _ => return None,
                };
                (d <= reach).then_some(4 * d - side)
            };
            let mut want: Vec<(i32, FigureId)> = figs
                .iter()
                .filter_map(|&f| Some((place(g.figure_pos(f)?)?, f)))
                .collect();
            want.sort();
            let want: Vec<FigureId> = want.into_iter().map(|(_, f)| f).collect();
            let reach = reach as u32;
            assert_eq!(g.figures_in_cross(at, reach), want, "from {at:?}, {reach}");
            let followers: Vec<FigureId> = want
                .iter()
                .copied()
                .filter(|&f| {
                    g.figure_owner(f).is_some()
                        && g.figure_kind(f)
                            .and_then(|k| g.figure_kind_follower(k))
                            .unwrap_or(false)
                        && !g.figure_protected(f)
                })
                .collect();
            for room in [0, 1, 64] {
                let mut out = vec![FigureId(u16::MAX); room];
                let n = g.followers_in_cross(at, reach, &mut out) as usize;
                assert_eq!(n, followers.len(), "followers from {at:?}, {reach}");
                let kept = n.min(room);
                assert_eq!(&out[..kept], &followers[..kept]);
                assert!(out[kept..].iter().all(|&f| f == FigureId(u16::MAX)));
            }
        }
    }
}

#[test]
fn one_call_board_queries_agree_with_the_per_item_queries() {
    let rules = crate::fixtures::base_rules(CoreOptions::default(), Vec::new());
    let mut corners_met = 0;
    for seed in 0..12 {
        let mut g = Game::new(rules.clone(), 2, seed).unwrap();
        let mut rng = Rng::new(seed ^ 0x5eed);
        check(&g);
        while g.step_random(&mut rng).unwrap() {
            check(&g);
        }
        corners_met += (0..g.placed_count() as u16)
            .map(|t| g.corner_meetings(TileIndex(t)).count_ones())
            .sum::<u32>();
    }
    // The corner check above saw corners that meet, not only empty answers.
    assert!(corners_met > 0);
}
