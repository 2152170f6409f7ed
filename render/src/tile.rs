//! One tile drawn from its data: fields as the ground, cities as areas along the
//! border they own, barriers and roads from their border slots through the centre, centre
//! features (cloisters, spots), hedges where a border slot belongs to nothing,
//! and markers as symbols.

use crate::geometry::{
    anchor, area_outline, board_slots, lerp, marker_corner, perim, Pt, Seg, CENTRE,
};
use crate::shapes;
use crate::style::Style;
use carcassonne_core::tiles::MarkerTable;
use carcassonne_core::{FeatureKind, TileType, SLOTS};
use svg::node::element::path::Data;
use svg::node::element::{Circle, Group, Path, Rectangle as Rect, Title};

/// Tile size in SVG units.
pub const S: f64 = 100.0;

fn px(p: Pt) -> (f64, f64) {
    (p.0 * S, p.1 * S)
}

/// Names of the markers in `mask`, in marker-id order.
pub fn marker_names(markers: &MarkerTable, mask: u64) -> Vec<String> {
    markers
        .names()
        .iter()
        .enumerate()
        .filter(|(i, _)| mask & (1u64 << i) != 0)
        .map(|(_, n)| n.clone())
        .collect()
}

/// A road a plugin added to a placed tile at run time (a bridge), owning
/// board slots `slots`: drawn straight between its ends over the tile, with a
/// dark edge, in `[0, S]²` (class `bridge`).
pub fn added_road(slots: u16, style: &Style) -> Group {
    let land = &style.land;
    let ends: Vec<Pt> = (0..SLOTS)
        .filter(|s| slots & (1 << s) != 0)
        .map(|s| perim(s as f64 + 0.5))
        .collect();
    let d = ends
        .windows(2)
        .fold(Data::new(), |d, w| d.move_to(px(w[0])).line_to(px(w[1])));
    let mut g = Group::new().set("class", "bridge");
    for (color, width) in [("#222", 13.0), (land.road.as_str(), 7.0)] {
        g = g.add(
            Path::new()
                .set("d", d.clone())
                .set("fill", "none")
                .set("stroke", color)
                .set("stroke-width", width)
                .set("stroke-linecap", "butt"),
        );
    }
    g
}

/// Tile type `t` turned `rot`, drawn in `[0, S]²`.
pub fn tile(t: &TileType, markers: &MarkerTable, rot: u8, style: &Style) -> Group {
    let land = &style.land;
    let mut g = Group::new().add(Title::new(t.id.as_str())).add(
        Rect::new()
            .set("width", S)
            .set("height", S)
            .set("fill", land.field.as_str()),
    );
    let feats = &t.features;
    // Hedges: a border slot owned by no feature between two field slots splits
    // the fields beside it (a tile whose sides join nothing gets none).
    let fields = (0..feats.len())
        .filter(|&l| feats[l].kind == FeatureKind::Field)
        .fold(0u16, |m, l| m | board_slots(t, rot, l));
    let owned = (0..feats.len()).fold(0u16, |m, l| m | board_slots(t, rot, l));
    let field_at = |s: usize| fields & (1 << (s % SLOTS)) != 0;
    for s in
        (0..SLOTS).filter(|&s| owned & (1 << s) == 0 && field_at(s + SLOTS - 1) && field_at(s + 1))
    {
        let a = px(perim(s as f64 + 0.5));
        let b = px(lerp(perim(s as f64 + 0.5), CENTRE, 0.7));
        g = g.add(
            Path::new()
                .set("d", Data::new().move_to(a).line_to(b))
                .set("stroke", land.hedge.as_str())
                .set("stroke-width", 3)
                .set("stroke-linecap", "round"),
        );
    }
    // Barriers (a river) under roads (a bridge), roads under cities: a road
    // ends where a city begins.
    let single_roads = feats
        .iter()
        .enumerate()
        .filter(|(l, f)| f.kind == FeatureKind::Road && board_slots(t, rot, *l).count_ones() == 1)
        .count();
    let lines = [
        (
            FeatureKind::Barrier,
            "barrier",
            &land.barrier_edge,
            &land.barrier,
            15.0,
        ),
        (FeatureKind::Road, "road", &land.road_edge, &land.road, 11.0),
    ];
    for (kind, class, edge, fill, width) in lines {
        for (l, f) in feats.iter().enumerate() {
            if f.kind != kind {
                continue;
            }
            let d = through_centre(board_slots(t, rot, l));
            for (color, w) in [(edge.as_str(), width), (fill.as_str(), width - 4.0)] {
                g = g.add(
                    Path::new()
                        .set("class", class)
                        .set("d", d.clone())
                        .set("fill", "none")
                        .set("stroke", color)
                        .set("stroke-width", w)
                        .set("stroke-linecap", "butt"),
                );
            }
        }
    }
    if single_roads >= 3 {
        // Roads ending in the middle of the tile meet at a village.
        g = g.add(
            Rect::new()
                .set("x", S * 0.4)
                .set("y", S * 0.4)
                .set("width", S * 0.2)
                .set("height", S * 0.2)
                .set("fill", land.cloister.as_str())
                .set("stroke", "#222")
                .set("stroke-width", 1.5),
        );
    }
    for (l, f) in feats.iter().enumerate() {
        if f.kind != FeatureKind::City {
            continue;
        }
        if let Some((start, segs)) = area_outline(board_slots(t, rot, l)) {
            let mut d = Data::new().move_to(px(start));
            for s in segs {
                d = match s {
                    Seg::Line(p) => d.line_to(px(p)),
                    Seg::Curve(c, p) => d.quadratic_curve_to((px(c).0, px(c).1, px(p).0, px(p).1)),
                };
            }
            g = g.add(
                Path::new()
                    .set("class", "city")
                    .set("d", d.close())
                    .set("fill", land.city.as_str())
                    .set("stroke", land.city_edge.as_str())
                    .set("stroke-width", 2.5)
                    .set("stroke-linejoin", "round"),
            );
        }
    }
    for (l, f) in feats.iter().enumerate() {
        let (x, y) = px(anchor(t, rot, l));
        match f.kind {
            FeatureKind::Cloister => {
                // The building a little above the spot where a figure stands.
                g = g.add(cloister(x, y - S * 0.1, style));
            }
            FeatureKind::Spot if f.markers == 0 => {
                g = g.add(
                    Circle::new()
                        .set("cx", x)
                        .set("cy", y)
                        .set("r", S * 0.12)
                        .set("fill", "#e9e1c7")
                        .set("stroke", "#555"),
                );
            }
            _ => {}
        }
        // Feature markers (a pennant in a city, a garden on a spot) near the feature.
        let names = marker_names(markers, f.markers);
        let shift = if f.kind.is_centre() { 0.0 } else { S * 0.15 };
        for (i, name) in names.iter().filter(|n| style.shows_marker(n)).enumerate() {
            let mx = x - shift + i as f64 * S * 0.2;
            let my = y - shift;
            g = g.add(shapes::marker(&style.marker(name), name, mx, my, S * 0.09));
        }
    }
    // Tile markers (a hill, a vineyard) in a corner free of cities.
    let (cx, cy) = px(marker_corner(t, rot));
    let shown = marker_names(markers, t.markers);
    for (i, name) in shown.iter().filter(|n| style.shows_marker(n)).enumerate() {
        let off = i as f64 * S * 0.24;
        g = g.add(shapes::marker(
            &style.marker(name),
            name,
            cx + off,
            cy,
            S * 0.11,
        ));
    }
    g.add(
        Rect::new()
            .set("width", S)
            .set("height", S)
            .set("fill", "none")
            .set("stroke", "#5d6b45")
            .set("stroke-width", 1),
    )
}

/// A line from the border slots of `mask` through the centre: a curve between
/// two, spokes for one or more than two (a road, a barrier).
fn through_centre(mask: u16) -> Data {
    let ends: Vec<Pt> = (0..SLOTS)
        .filter(|s| mask & (1 << s) != 0)
        .map(|s| perim(s as f64 + 0.5))
        .collect();
    match ends.as_slice() {
        [a, b] => Data::new().move_to(px(*a)).quadratic_curve_to((
            px(CENTRE).0,
            px(CENTRE).1,
            px(*b).0,
            px(*b).1,
        )),
        _ => ends
            .iter()
            .fold(Data::new(), |d, &e| d.move_to(px(e)).line_to(px(CENTRE))),
    }
}

fn cloister(x: f64, y: f64, style: &Style) -> Group {
    let w = S * 0.26;
    Group::new()
        .set("class", "cloister")
        .add(
            Rect::new()
                .set("x", x - w / 2.0)
                .set("y", y - w * 0.3)
                .set("width", w)
                .set("height", w * 0.8)
                .set("fill", "#efe6cf")
                .set("stroke", "#333")
                .set("stroke-width", 1.5),
        )
        .add(
            Path::new()
                .set(
                    "d",
                    Data::new()
                        .move_to((x - w * 0.65, y - w * 0.25))
                        .line_to((x, y - w * 0.85))
                        .line_to((x + w * 0.65, y - w * 0.25))
                        .close(),
                )
                .set("fill", style.land.cloister.as_str())
                .set("stroke", "#333")
                .set("stroke-width", 1.5),
        )
}
