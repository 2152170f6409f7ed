//! Where things are on a tile, from the slot model alone (see `docs/tiles.md`).
//!
//! A tile is the unit square, `(0, 0)` its north-west corner, `y` growing
//! southwards. Its 12 slots run clockwise along the border from `NL` (the western
//! third of the north side); a point on the border is named by a parameter
//! `t ∈ [0, 12)`, slot `i` spanning `[i, i + 1)`. Every shape is derived from which
//! slots a feature owns, so any tile of any tile set is drawn the same way.

use carcassonne_core::tiles::rotate_mask;
use carcassonne_core::{FeatureKind, TileType, SLOTS};

/// A point in tile units.
pub type Pt = (f64, f64);

/// The centre of the tile.
pub const CENTRE: Pt = (0.5, 0.5);

/// The border point at parameter `t` (taken modulo 12).
pub fn perim(t: f64) -> Pt {
    let t = t.rem_euclid(SLOTS as f64);
    let side = (t / 3.0).floor().min(3.0);
    let u = (t - 3.0 * side) / 3.0;
    match side as u8 {
        0 => (u, 0.0),
        1 => (1.0, u),
        2 => (1.0 - u, 1.0),
        _ => (0.0, 1.0 - u),
    }
}

/// `a + (b - a) * k`.
pub fn lerp(a: Pt, b: Pt, k: f64) -> Pt {
    (a.0 + (b.0 - a.0) * k, a.1 + (b.1 - a.1) * k)
}

/// The slots of local feature `local` on the board when the tile is turned `rot`.
pub fn board_slots(t: &TileType, rot: u8, local: usize) -> u16 {
    t.features
        .get(local)
        .map_or(0, |f| rotate_mask(f.slots, rot))
}

/// Maximal runs of consecutive owned slots, clockwise, as `(start, length)`;
/// a run may wrap past slot 11. All 12 slots give one run `(0, 12)`.
pub fn runs(mask: u16) -> Vec<(usize, usize)> {
    let owned = |s: usize| mask & (1 << (s % SLOTS)) != 0;
    if mask & 0xFFF == 0xFFF {
        return vec![(0, SLOTS)];
    }
    let Some(free) = (0..SLOTS).find(|&s| !owned(s)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut s = free + 1;
    while s <= free + SLOTS {
        if owned(s) {
            let start = s;
            while owned(s) && s < free + SLOTS {
                s += 1;
            }
            out.push((start % SLOTS, s - start));
        } else {
            s += 1;
        }
    }
    out
}

/// The border polyline from parameter `a` to `b` (`b > a`), corners included.
pub fn border(a: f64, b: f64) -> Vec<Pt> {
    let mut pts = vec![perim(a)];
    let mut c = (a / 3.0).floor() * 3.0 + 3.0;
    while c < b {
        pts.push(perim(c));
        c += 3.0;
    }
    pts.push(perim(b));
    pts
}

/// One piece of an outline: a straight line or a quadratic curve to a point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Seg {
    /// Straight line to the point.
    Line(Pt),
    /// Quadratic curve with a control point, to the point.
    Curve(Pt, Pt),
}

/// The outline of an area owning `mask` (a city): along the border where it owns
/// slots, and curving through the tile between its stretches of border.
/// Returns the start point and the segments (closed).
pub fn area_outline(mask: u16) -> Option<(Pt, Vec<Seg>)> {
    let rs = runs(mask);
    let first = *rs.first()?;
    let start = perim(first.0 as f64);
    let mut segs = Vec::new();
    if rs.len() == 1 && first.1 == SLOTS {
        for c in [3.0, 6.0, 9.0, 0.0] {
            segs.push(Seg::Line(perim(c)));
        }
        return Some((start, segs));
    }
    for (i, &(a, len)) in rs.iter().enumerate() {
        let (a, b) = (a as f64, (a + len) as f64);
        segs.extend(border(a, b).into_iter().skip(1).map(Seg::Line));
        let (next, _) = rs[(i + 1) % rs.len()];
        let (p, q) = (perim(b), perim(next as f64));
        let m = lerp(p, q, 0.5);
        let ctrl = if rs.len() == 1 {
            // A cap: bulge into the tile in proportion to its stretch of border,
            // leaning away from the middle of that stretch.
            let pull = (len.min(3) as f64) / 3.0;
            let mid = perim(a + len as f64 / 2.0);
            let c = lerp(m, CENTRE, pull);
            (
                c.0 + (CENTRE.0 - mid.0) * 0.15,
                c.1 + (CENTRE.1 - mid.1) * 0.15,
            )
        } else {
            lerp(m, CENTRE, 1.0)
        };
        segs.push(Seg::Curve(ctrl, q));
    }
    Some((start, segs))
}

/// Where a figure on local feature `local` of tile `t` turned `rot` stands.
pub fn anchor(t: &TileType, rot: u8, local: usize) -> Pt {
    let Some(f) = t.features.get(local) else {
        return CENTRE;
    };
    let mask = board_slots(t, rot, local);
    let mids: Vec<Pt> = (0..SLOTS)
        .filter(|s| mask & (1 << s) != 0)
        .map(|s| perim(s as f64 + 0.5))
        .collect();
    match f.kind {
        kind if kind.is_centre() => {
            // Two centre features on one tile: the later ones move down.
            let before = t.features[..local]
                .iter()
                .filter(|g| g.kind.is_centre())
                .count();
            (0.5, 0.5 + 0.25 * before as f64)
        }
        FeatureKind::Road | FeatureKind::Barrier => match mids.as_slice() {
            [a, b] => {
                // The middle of the quadratic curve through the centre.
                (
                    0.25 * a.0 + 0.5 * CENTRE.0 + 0.25 * b.0,
                    0.25 * a.1 + 0.5 * CENTRE.1 + 0.25 * b.1,
                )
            }
            [a, ..] => lerp(*a, CENTRE, 0.45),
            [] => CENTRE,
        },
        FeatureKind::City => {
            let avg = mean(&mids);
            lerp(avg, CENTRE, 0.3)
        }
        _ => {
            // Fields wrap round other features: stand on the owned border point
            // (pulled in a little) nearest to the field's mean position, or in
            // the middle of the tile when the field surrounds an empty centre.
            let cands: Vec<Pt> = mids.iter().map(|&p| lerp(p, CENTRE, 0.22)).collect();
            let avg = mean(&cands);
            if dist2(avg, CENTRE) < 0.01 && centre_free(t, rot) {
                return CENTRE;
            }
            cands
                .into_iter()
                .min_by(|a, b| dist2(*a, avg).total_cmp(&dist2(*b, avg)))
                .unwrap_or(CENTRE)
        }
    }
}

/// Whether nothing is drawn in the middle of the tile: no road, no centre
/// feature, and every city a cap along one stretch of at most one side's length.
pub fn centre_free(t: &TileType, rot: u8) -> bool {
    t.features.iter().enumerate().all(|(l, f)| match f.kind {
        FeatureKind::Field => true,
        FeatureKind::City => {
            let rs = runs(board_slots(t, rot, l));
            rs.len() == 1 && rs[0].1 <= 3
        }
        _ => false,
    })
}

/// Where tile-level markers go: the first corner whose two border slots are not
/// city, clockwise from the south-west.
pub fn marker_corner(t: &TileType, rot: u8) -> Pt {
    let city: u16 = (0..t.features.len())
        .filter(|&l| t.features[l].kind == FeatureKind::City)
        .fold(0, |m, l| m | board_slots(t, rot, l));
    let free = |slots: &[usize]| slots.iter().all(|&s| city & (1 << s) == 0);
    // Corners (the slots either side), then the middles of sides.
    let corners: [(&[usize], Pt); 8] = [
        (&[8, 9], (0.2, 0.8)),
        (&[11, 0], (0.2, 0.2)),
        (&[2, 3], (0.8, 0.2)),
        (&[5, 6], (0.8, 0.8)),
        (&[9, 10, 11], (0.15, 0.5)),
        (&[3, 4, 5], (0.85, 0.5)),
        (&[0, 1, 2], (0.5, 0.15)),
        (&[6, 7, 8], (0.5, 0.85)),
    ];
    corners
        .iter()
        .find(|(slots, _)| free(slots))
        .map_or((0.2, 0.8), |c| c.1)
}

/// Where to draw circles of radius `r` meant to stand at `anchors`, so that
/// no two overlap (a `gap` between them): each in turn, at its anchor if that
/// is free, else at the nearest free point of rings around it, points inside
/// the tile first. Deterministic.
pub fn spread(anchors: &[Pt], r: f64, gap: f64) -> Vec<Pt> {
    spread_among(anchors, r, gap, &[])
}

/// [`spread`], the circles also kept off circles of the same radius already
/// drawn at `fixed` (those of the tiles around, in this tile's units).
pub fn spread_among(anchors: &[Pt], r: f64, gap: f64, fixed: &[Pt]) -> Vec<Pt> {
    let apart = 2.0 * r + gap;
    let mut placed: Vec<Pt> = Vec::with_capacity(fixed.len() + anchors.len());
    placed.extend_from_slice(fixed);
    for &a in anchors {
        let free =
            |p: Pt, placed: &[Pt]| placed.iter().all(|&q| dist2(p, q) >= apart * apart - 1e-9);
        let mut best = a;
        if !free(a, &placed) {
            let inside = |p: Pt| (r..=1.0 - r).contains(&p.0) && (r..=1.0 - r).contains(&p.1);
            let mut cands: Vec<(bool, f64, Pt)> = Vec::new();
            for ring in 1..=12 {
                let rad = f64::from(ring) * r * 0.5;
                let steps = 8 * ring;
                for k in 0..steps {
                    let ang = std::f64::consts::TAU * f64::from(k) / f64::from(steps);
                    let p = (a.0 + rad * ang.cos(), a.1 + rad * ang.sin());
                    cands.push((!inside(p), rad, p));
                }
            }
            cands.sort_by(|x, y| x.0.cmp(&y.0).then(x.1.total_cmp(&y.1)));
            if let Some(&(_, _, p)) = cands.iter().find(|c| free(c.2, &placed)) {
                best = p;
            }
        }
        placed.push(best);
    }
    placed.split_off(fixed.len())
}

fn mean(pts: &[Pt]) -> Pt {
    if pts.is_empty() {
        return CENTRE;
    }
    let n = pts.len() as f64;
    (
        pts.iter().map(|p| p.0).sum::<f64>() / n,
        pts.iter().map(|p| p.1).sum::<f64>() / n,
    )
}

fn dist2(a: Pt, b: Pt) -> f64 {
    (a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn circles_keep_off_those_already_drawn_and_only_theirs_are_returned() {
        let (r, gap) = (0.11, 0.02);
        // A circle of the tile to the east stands just across the edge.
        let fixed = [(1.05, 0.5)];
        let anchors = [(0.97, 0.5), (0.3, 0.3)];
        let got = spread_among(&anchors, r, gap, &fixed);
        assert_eq!(got.len(), 2, "the fixed circle is not returned");
        for p in &got {
            assert!(
                dist2(*p, fixed[0]) >= (2.0 * r + gap).powi(2) - 1e-9,
                "{p:?}"
            );
        }
        assert!(close(got[1], anchors[1]), "a free anchor stays");
        assert_eq!(spread(&anchors, r, gap)[0], anchors[0], "free without it");
    }

    fn close(a: Pt, b: Pt) -> bool {
        dist2(a, b) < 1e-9
    }

    #[test]
    fn a_field_round_an_empty_centre_is_stood_on_in_the_middle() {
        let set: carcassonne_core::TileSetSpec = toml::from_str(
            r#"
name = "t"
[[tiles]]
id = "caps"
counts = { C2 = 1 }
start = true
sides = "CFCF"
features = [
  { kind = "city", slots = ["N"] },
  { kind = "city", slots = ["S"] },
  { kind = "field", slots = ["E", "W"], adj = [0, 1] },
]
[[tiles]]
id = "road"
counts = { C2 = 1 }
sides = "FRFR"
features = [
  { kind = "road", slots = ["E", "W"] },
  { kind = "field", slots = ["N", "EL", "WR"] },
  { kind = "field", slots = ["S", "ER", "WL"] },
]
"#,
        )
        .unwrap();
        let cat = carcassonne_core::TileCatalogue::build(&[set], "C2").unwrap();
        let caps = &cat.types[0];
        assert_eq!(anchor(caps, 0, 2), CENTRE);
        assert!(anchor(caps, 0, 0).1 < 0.3, "the northern cap");
        let road = &cat.types[1];
        assert!(!centre_free(road, 0));
        assert!(anchor(road, 0, 1).1 < 0.4, "the northern field");
        assert!(anchor(road, 0, 2).1 > 0.6, "the southern field");
        for t in [caps, road] {
            for rot in 0..4 {
                for l in 0..t.features.len() {
                    let (x, y) = anchor(t, rot, l);
                    assert!((0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y));
                }
            }
        }
    }

    #[test]
    fn spread_circles_never_overlap_and_stay_at_free_anchors() {
        let anchors = [(0.5, 0.5), (0.5, 0.5), (0.52, 0.5), (0.2, 0.2), (0.9, 0.9)];
        let at = spread(&anchors, 0.11, 0.02);
        assert!(close(at[0], (0.5, 0.5)) && close(at[3], (0.2, 0.2)));
        for i in 0..at.len() {
            for j in 0..i {
                assert!(dist2(at[i], at[j]).sqrt() >= 0.24 - 1e-9, "{i} {j}: {at:?}");
            }
        }
    }

    #[test]
    fn the_border_runs_clockwise_from_the_north_west_corner() {
        assert!(close(perim(0.0), (0.0, 0.0)));
        assert!(close(perim(1.5), (0.5, 0.0)));
        assert!(close(perim(4.5), (1.0, 0.5)));
        assert!(close(perim(7.5), (0.5, 1.0)));
        assert!(close(perim(10.5), (0.0, 0.5)));
        assert!(close(perim(12.0), (0.0, 0.0)));
    }

    #[test]
    fn runs_wrap_round_the_north_west_corner() {
        // W and N: slots 9..12 and 0..3, one run from WL.
        let nw = 0b1110_0000_0111u16;
        assert_eq!(runs(nw), vec![(9, 6)]);
        // E and W, apart: two runs.
        let ew = 0b1110_0011_1000u16;
        assert_eq!(runs(ew), vec![(3, 3), (9, 3)]);
        assert_eq!(runs(0xFFF), vec![(0, 12)]);
        assert!(runs(0).is_empty());
    }

    #[test]
    fn a_cap_bulges_into_the_tile_and_a_band_crosses_it() {
        let (start, segs) = area_outline(0b111).unwrap();
        assert!(close(start, (0.0, 0.0)));
        let Some(Seg::Curve(ctrl, end)) = segs.last().copied() else {
            panic!("a cap closes with a curve: {segs:?}");
        };
        assert!(close(end, (0.0, 0.0)));
        assert!(ctrl.1 > 0.4 && ctrl.1 < 0.7, "{ctrl:?}");
        let (_, band) = area_outline(0b1110_0011_1000).unwrap();
        assert_eq!(
            band.iter().filter(|s| matches!(s, Seg::Curve(..))).count(),
            2
        );
    }
}
