//! The renderer's vocabulary of shapes: marker symbols and figures. Which shape
//! stands for which name is data (see [`crate::style`]).

use crate::style::Symbol;
use svg::node::element::path::Data;
use svg::node::element::{Circle, Group, Path, Text, Title};

/// A marker symbol of size `r` (radius) centred on `(x, y)`, with a tooltip naming it.
pub fn marker(sym: &Symbol, name: &str, x: f64, y: f64, r: f64) -> Group {
    let color = sym.color.clone().unwrap_or_else(|| "#444".into());
    let shape = if MARKER_SHAPES.contains(&sym.shape.as_str()) {
        sym.shape.as_str()
    } else {
        "badge"
    };
    let mut g = Group::new()
        .set("class", "marker")
        .set("data-marker", name)
        .set("data-shape", shape)
        .add(Title::new(name));
    g = match shape {
        "shield" => g.add(
            Path::new()
                .set("d", shield(x, y, r))
                .set("fill", color)
                .set("stroke", "#fff")
                .set("stroke-width", r * 0.15),
        ),
        "mound" => g.add(
            Path::new()
                .set(
                    "d",
                    Data::new()
                        .move_to((x - r * 1.3, y + r * 0.6))
                        .quadratic_curve_to((x, y - r * 1.5, x + r * 1.3, y + r * 0.6))
                        .close(),
                )
                .set("fill", color)
                .set("stroke", "#3b3320")
                .set("stroke-width", r * 0.12),
        ),
        "grapes" => {
            let mut g = g;
            for (dx, dy) in [
                (-0.45, -0.4),
                (0.45, -0.4),
                (0.0, -0.4),
                (-0.22, 0.05),
                (0.22, 0.05),
                (0.0, 0.5),
            ] {
                g = g.add(
                    Circle::new()
                        .set("cx", x + dx * r * 1.1)
                        .set("cy", y + dy * r * 1.1)
                        .set("r", r * 0.32)
                        .set("fill", color.clone())
                        .set("stroke", "#fff")
                        .set("stroke-width", r * 0.06),
                );
            }
            g
        }
        "flower" => {
            let mut g = g;
            for i in 0..5 {
                let a = f64::from(i) * std::f64::consts::TAU / 5.0;
                g = g.add(
                    Circle::new()
                        .set("cx", x + a.cos() * r * 0.55)
                        .set("cy", y + a.sin() * r * 0.55)
                        .set("r", r * 0.4)
                        .set("fill", color.clone()),
                );
            }
            g.add(
                Circle::new()
                    .set("cx", x)
                    .set("cy", y)
                    .set("r", r * 0.3)
                    .set("fill", "#f6d743"),
            )
        }
        "star" => g.add(
            Path::new()
                .set("d", star(x, y, r))
                .set("fill", color)
                .set("stroke", "#fff")
                .set("stroke-width", r * 0.1),
        ),
        "volcano" => {
            let (w, h) = (2.4 * r, 1.8 * r);
            let cone = [(0.0, 1.0), (0.36, 0.12), (0.64, 0.12), (1.0, 1.0)];
            // Glowing lava: the crater and a tongue down the slope.
            let lava = [
                (0.36, 0.12),
                (0.64, 0.12),
                (0.56, 0.55),
                (0.48, 0.3),
                (0.42, 0.45),
            ];
            g.add(outlined(
                polygon(x, y, w, h, &cone),
                &color,
                "#2b1d12",
                r * 0.12,
            ))
            .add(
                Path::new()
                    .set("d", polygon(x, y, w, h, &lava))
                    .set("fill", "#ff6a1a"),
            )
        }
        "flame" => {
            let d = Data::new()
                .move_to((x, y - r * 1.2))
                .quadratic_curve_to((x + r * 1.1, y - r * 0.1, x + r * 0.6, y + r * 0.9))
                .quadratic_curve_to((x, y + r * 1.3, x - r * 0.6, y + r * 0.9))
                .quadratic_curve_to((x - r * 1.1, y - r * 0.1, x, y - r * 1.2))
                .close();
            g.add(outlined(d, &color, "#5a1200", r * 0.12))
        }
        "portal" => g.add(
            // An arch: open at the bottom, so never a ring.
            Path::new()
                .set(
                    "d",
                    Data::new()
                        .move_to((x - r, y + r))
                        .line_to((x - r, y - r * 0.1))
                        .elliptical_arc_to((r, r, 0, 0, 1, x + r, y - r * 0.1))
                        .line_to((x + r, y + r)),
                )
                .set("fill", "none")
                .set("stroke", color)
                .set("stroke-width", r * 0.45)
                .set("stroke-linecap", "round"),
        ),
        "crown" => {
            let points = [
                (0.0, 1.0),
                (0.0, 0.15),
                (0.27, 0.55),
                (0.5, 0.0),
                (0.73, 0.55),
                (1.0, 0.15),
                (1.0, 1.0),
            ];
            let d = polygon(x, y, 2.2 * r, 1.8 * r, &points);
            g.add(outlined(d, &color, "#5a4300", r * 0.12))
        }
        "disc" => g.add(
            Circle::new()
                .set("cx", x)
                .set("cy", y)
                .set("r", r)
                .set("fill", color)
                .set("stroke", "#fff")
                .set("stroke-width", r * 0.15),
        ),
        // A badge (and anything unknown): a rounded square, so that no marker
        // with a letter looks like a choice circle.
        _ => g.add(
            svg::node::element::Rectangle::new()
                .set("x", x - r)
                .set("y", y - r)
                .set("width", 2.0 * r)
                .set("height", 2.0 * r)
                .set("rx", r * 0.3)
                .set("fill", color)
                .set("stroke", "#fff")
                .set("stroke-width", r * 0.15),
        ),
    };
    if let Some(l) = &sym.letter {
        g = g.add(letter(l, x, y, r, "#fff"));
    }
    g
}

/// Outline `d` filled with `fill`, edged with `edge`, `width` wide.
fn outlined(d: Data, fill: &str, edge: &str, width: f64) -> Path {
    Path::new()
        .set("d", d)
        .set("fill", fill)
        .set("stroke", edge)
        .set("stroke-width", width)
        .set("stroke-linejoin", "round")
}

/// The names of the marker shapes (what a style's `[markers]` entries may
/// name); an unknown one is drawn as a badge.
pub const MARKER_SHAPES: [&str; 11] = [
    "badge", "shield", "mound", "grapes", "flower", "disc", "star", "volcano", "flame", "portal",
    "crown",
];

/// A figure of size `s` standing on `(x, y)` in `color`. The group carries the
/// shape drawn (`data-shape`: an unknown shape is drawn as a meeple).
pub fn figure(sym: &Symbol, x: f64, y: f64, s: f64, color: &str) -> Group {
    let shape = SHAPES
        .iter()
        .find(|f| f.name == sym.shape)
        .unwrap_or(&SHAPES[0]);
    let (w, h) = (shape.size.0 * s, shape.size.1 * s);
    let mut g = Group::new().set("data-shape", shape.name);
    for (d, fill) in (shape.parts)(x, y, w, h) {
        let fill = match fill {
            Fill::Body => color,
            Fill::Ink(c) => c,
            Fill::Bare => "none",
        };
        g = g.add(
            Path::new()
                .set("d", d)
                .set("fill", fill)
                .set("stroke", "#111")
                .set("stroke-width", s * 0.07)
                .set("stroke-linejoin", "round"),
        );
    }
    if let Some(l) = &sym.letter {
        let text_color = if is_light(color) { "#222" } else { "#fff" };
        g = g.add(letter(l, x, y + h * 0.12, s * 0.32, text_color));
    }
    g
}

/// The names of the figure shapes (what a style's `[figures]` entries may name).
pub fn figure_shapes() -> impl Iterator<Item = &'static str> {
    SHAPES.iter().map(|f| f.name)
}

/// How a part of a figure is filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fill {
    /// The figure's colour: its owner's, or the neutral one.
    Body,
    /// A fixed colour, whoever owns the figure (an eye, a fairy's wings).
    Ink(&'static str),
    /// None: only the outline (the barn's door, the pig's tail).
    Bare,
}

/// The outlined parts of a figure, drawn in order, given the `w` × `h` box
/// centred on `(x, y)` that the figure fills.
type Parts = fn(f64, f64, f64, f64) -> Vec<(Data, Fill)>;

/// A figure shape: its name in the style, its width and height (in figure
/// sizes) and its parts.
struct Shape {
    name: &'static str,
    size: (f64, f64),
    parts: Parts,
}

/// The figure shapes; the first, the meeple, also stands for unknown names.
const SHAPES: &[Shape] = &[
    shape("meeple", 1.0, 1.0, |x, y, w, h| body(meeple(x, y, w, h))),
    shape("pawn", 0.8, 1.0, |x, y, w, h| body(pawn(x, y, w, h))),
    shape("tall", 0.85, 1.3, |x, y, w, h| body(meeple(x, y, w, h))),
    shape("big", 1.35, 1.35, |x, y, w, h| body(meeple(x, y, w, h))),
    shape("barn", 1.2, 1.05, barn),
    shape("wagon", 1.35, 0.9, wagon),
    shape("hammer", 0.95, 1.1, hammer),
    shape("pig", 1.35, 0.9, pig),
    shape("top-hat", 1.0, 1.35, top_hat),
    shape("dragon", 1.5, 1.1, dragon),
    shape("fairy", 1.15, 1.2, fairy),
];

/// A [`Shape`] `w` × `h` figure sizes large.
const fn shape(name: &'static str, w: f64, h: f64, parts: Parts) -> Shape {
    Shape {
        name,
        size: (w, h),
        parts,
    }
}

/// A figure drawn as one part in its own colour.
fn body(d: Data) -> Vec<(Data, Fill)> {
    vec![(d, Fill::Body)]
}

/// Centred text.
pub fn letter(text: &str, x: f64, y: f64, r: f64, color: &str) -> Text {
    Text::new(text)
        .set("x", x)
        .set("y", y)
        .set("font-size", r * 1.3)
        .set("font-family", "sans-serif")
        .set("font-weight", "bold")
        .set("text-anchor", "middle")
        .set("dominant-baseline", "central")
        .set("fill", color)
}

fn is_light(color: &str) -> bool {
    let hex = color.trim_start_matches('#');
    if hex.len() != 6 {
        return false;
    }
    let c = |i: usize| u32::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0);
    c(0) * 299 + c(2) * 587 + c(4) * 114 > 160_000
}

fn shield(x: f64, y: f64, r: f64) -> Data {
    Data::new()
        .move_to((x - r, y - r))
        .line_to((x + r, y - r))
        .line_to((x + r, y))
        .quadratic_curve_to((x + r, y + r * 0.8, x, y + r * 1.2))
        .quadratic_curve_to((x - r, y + r * 0.8, x - r, y))
        .close()
}

fn star(x: f64, y: f64, r: f64) -> Data {
    let mut d = Data::new();
    for i in 0..10 {
        let a = f64::from(i) * std::f64::consts::PI / 5.0 - std::f64::consts::FRAC_PI_2;
        let rr = if i % 2 == 0 { r } else { r * 0.45 };
        let p = (x + a.cos() * rr, y + a.sin() * rr);
        d = if i == 0 { d.move_to(p) } else { d.line_to(p) };
    }
    d.close()
}

/// The classic meeple silhouette, `w` wide and `h` high, centred on `(x, y)`.
fn meeple(x: f64, y: f64, w: f64, h: f64) -> Data {
    let p = unit_box(x, y, w, h);
    let q = |a: (f64, f64), b: (f64, f64)| (a.0, a.1, b.0, b.1);
    Data::new()
        .move_to(p(0.5, 0.0))
        .quadratic_curve_to(q(p(0.68, 0.0), p(0.68, 0.2)))
        .quadratic_curve_to(q(p(0.68, 0.3), p(0.62, 0.33)))
        .line_to(p(0.95, 0.45))
        .quadratic_curve_to(q(p(1.02, 0.55), p(0.9, 0.6)))
        .line_to(p(0.7, 0.57))
        .line_to(p(0.92, 1.0))
        .line_to(p(0.58, 1.0))
        .line_to(p(0.5, 0.8))
        .line_to(p(0.42, 1.0))
        .line_to(p(0.08, 1.0))
        .line_to(p(0.3, 0.57))
        .line_to(p(0.1, 0.6))
        .quadratic_curve_to(q(p(-0.02, 0.55), p(0.05, 0.45)))
        .line_to(p(0.38, 0.33))
        .quadratic_curve_to(q(p(0.32, 0.3), p(0.32, 0.2)))
        .quadratic_curve_to(q(p(0.32, 0.0), p(0.5, 0.0)))
        .close()
}

/// A round-headed pawn on a base.
fn pawn(x: f64, y: f64, w: f64, h: f64) -> Data {
    let p = unit_box(x, y, w, h);
    let q = |a: (f64, f64), b: (f64, f64)| (a.0, a.1, b.0, b.1);
    Data::new()
        .move_to(p(0.5, 0.0))
        .quadratic_curve_to(q(p(0.78, 0.0), p(0.78, 0.2)))
        .quadratic_curve_to(q(p(0.78, 0.38), p(0.62, 0.4)))
        .line_to(p(0.75, 0.85))
        .line_to(p(1.0, 0.9))
        .line_to(p(1.0, 1.0))
        .line_to(p(0.0, 1.0))
        .line_to(p(0.0, 0.9))
        .line_to(p(0.25, 0.85))
        .line_to(p(0.38, 0.4))
        .quadratic_curve_to(q(p(0.22, 0.38), p(0.22, 0.2)))
        .quadratic_curve_to(q(p(0.22, 0.0), p(0.5, 0.0)))
        .close()
}

/// Maps unit-box coordinates `(u, v)` (0 to 1, y down) to the `w` × `h` box
/// centred on `(x, y)`.
fn unit_box(x: f64, y: f64, w: f64, h: f64) -> impl Fn(f64, f64) -> (f64, f64) {
    let (l, t) = (x - w / 2.0, y - h / 2.0);
    move |u, v| (l + u * w, t + v * h)
}

/// A closed polygon through `pts` (unit-box coordinates) in the `w` × `h` box
/// centred on `(x, y)`.
fn polygon(x: f64, y: f64, w: f64, h: f64, pts: &[(f64, f64)]) -> Data {
    let p = unit_box(x, y, w, h);
    let mut d = Data::new();
    for (i, &(u, v)) in pts.iter().enumerate() {
        d = if i == 0 {
            d.move_to(p(u, v))
        } else {
            d.line_to(p(u, v))
        };
    }
    d.close()
}

/// A barn: walls under a gabled roof, with a cross-braced door.
fn barn(x: f64, y: f64, w: f64, h: f64) -> Vec<(Data, Fill)> {
    let p = unit_box(x, y, w, h);
    let roof = [(0.5, 0.0), (1.0, 0.4), (0.92, 0.4)];
    let walls = [(0.92, 1.0), (0.08, 1.0), (0.08, 0.4), (0.0, 0.4)];
    let frame = [(0.33, 1.0), (0.33, 0.58), (0.67, 0.58), (0.67, 1.0)];
    let door = polygon(x, y, w, h, &frame)
        .move_to(p(0.33, 0.58))
        .line_to(p(0.67, 1.0))
        .move_to(p(0.33, 1.0))
        .line_to(p(0.67, 0.58));
    vec![
        (
            polygon(x, y, w, h, &[&roof[..], &walls[..]].concat()),
            Fill::Body,
        ),
        (door, Fill::Bare),
    ]
}

/// A wagon: a box with its shaft, on two wheels.
fn wagon(x: f64, y: f64, w: f64, h: f64) -> Vec<(Data, Fill)> {
    let shaft = [(0.86, 0.35), (1.0, 0.3), (1.0, 0.42), (0.86, 0.47)];
    let cart = [(0.8, 0.7), (0.06, 0.7), (0.0, 0.1), (0.86, 0.1)];
    let mut parts = body(polygon(x, y, w, h, &[&shaft[..], &cart[..]].concat()));
    for u in [0.27, 0.73] {
        parts.push((disc(x, y, w, h, (u, 0.8), 0.22), Fill::Body));
    }
    parts
}

/// A hammer: a head with a flat face and a claw, on a handle.
fn hammer(x: f64, y: f64, w: f64, h: f64) -> Vec<(Data, Fill)> {
    let head = [
        (0.0, 0.02),
        (0.6, 0.02),
        (0.86, 0.06),
        (1.0, 0.3),
        (0.8, 0.2),
        (0.66, 0.3),
    ];
    let handle = [(0.6, 0.3), (0.6, 1.0), (0.38, 1.0), (0.38, 0.3), (0.0, 0.3)];
    body(polygon(x, y, w, h, &[&head[..], &handle[..]].concat()))
}

/// A pig in profile, facing right: ear, snout, four legs (two seen), an eye
/// and a curly tail.
fn pig(x: f64, y: f64, w: f64, h: f64) -> Vec<(Data, Fill)> {
    let p = unit_box(x, y, w, h);
    let q = |a: (f64, f64), b: (f64, f64)| (a.0, a.1, b.0, b.1);
    let back = [
        (0.06, 0.3),
        (0.2, 0.12),
        (0.55, 0.1),
        (0.62, 0.0),
        (0.7, 0.14),
    ];
    let head = [
        (0.84, 0.2),
        (1.0, 0.3),
        (1.0, 0.52),
        (0.86, 0.58),
        (0.84, 0.74),
    ];
    let legs = [
        (0.84, 1.0),
        (0.7, 1.0),
        (0.7, 0.8),
        (0.34, 0.8),
        (0.34, 1.0),
        (0.2, 1.0),
        (0.18, 0.74),
        (0.04, 0.6),
    ];
    let tail = Data::new()
        .move_to(p(0.05, 0.38))
        .quadratic_curve_to(q(p(-0.08, 0.42), p(-0.06, 0.28)))
        .quadratic_curve_to(q(p(-0.02, 0.2), p(-0.1, 0.2)));
    vec![
        (tail, Fill::Bare),
        (
            polygon(x, y, w, h, &[&back[..], &head[..], &legs[..]].concat()),
            Fill::Body,
        ),
        (disc(x, y, w, h, (0.84, 0.32), 0.05), Fill::Ink("#111")),
    ]
}

/// A meeple in a black top hat with a band in the figure's colour.
fn top_hat(x: f64, y: f64, w: f64, h: f64) -> Vec<(Data, Fill)> {
    // The meeple fills the box's lower part, its head under the brim.
    let mh = h / 1.35;
    let hat = [
        (0.33, 0.0),
        (0.67, 0.0),
        (0.67, 0.22),
        (0.78, 0.22),
        (0.78, 0.29),
        (0.22, 0.29),
        (0.22, 0.22),
        (0.33, 0.22),
    ];
    let band = [(0.33, 0.15), (0.67, 0.15), (0.67, 0.22), (0.33, 0.22)];
    vec![
        (meeple(x, y + (h - mh) / 2.0, w, mh), Fill::Body),
        (polygon(x, y, w, h, &hat), Fill::Ink("#1d1d1d")),
        (polygon(x, y, w, h, &band), Fill::Body),
    ]
}

/// A dragon in profile, facing right: a horned head, a scalloped wing raised,
/// a tail and two legs seen.
fn dragon(x: f64, y: f64, w: f64, h: f64) -> Vec<(Data, Fill)> {
    let tail_and_wing = [
        (0.0, 0.38),
        (0.14, 0.56),
        (0.3, 0.52),
        (0.34, 0.46),
        (0.26, 0.0),
        (0.42, 0.14),
        (0.5, 0.04),
        (0.58, 0.18),
        (0.68, 0.1),
        (0.64, 0.44),
    ];
    let head = [
        (0.74, 0.34),
        (0.82, 0.14),
        (0.86, 0.02),
        (0.9, 0.12),
        (1.0, 0.18),
        (1.0, 0.27),
        (0.9, 0.3),
        (0.84, 0.5),
    ];
    let legs = [
        (0.8, 0.68),
        (0.82, 1.0),
        (0.7, 1.0),
        (0.66, 0.8),
        (0.46, 0.8),
        (0.44, 1.0),
        (0.32, 1.0),
        (0.3, 0.76),
        (0.16, 0.68),
    ];
    let outline = [&tail_and_wing[..], &head[..], &legs[..]].concat();
    vec![
        (polygon(x, y, w, h, &outline), Fill::Body),
        (disc(x, y, w, h, (0.9, 0.2), 0.04), Fill::Ink("#fff")),
    ]
}

/// A fairy: a head and a long dress between two pale wings.
fn fairy(x: f64, y: f64, w: f64, h: f64) -> Vec<(Data, Fill)> {
    let wing = [
        (0.46, 0.4),
        (0.04, 0.06),
        (0.0, 0.38),
        (0.3, 0.5),
        (0.08, 0.74),
        (0.2, 0.86),
        (0.46, 0.6),
    ];
    let mirrored: Vec<(f64, f64)> = wing.iter().map(|&(u, v)| (1.0 - u, v)).collect();
    let dress = [
        (0.5, 0.3),
        (0.56, 0.32),
        (0.74, 1.0),
        (0.26, 1.0),
        (0.44, 0.32),
    ];
    vec![
        (polygon(x, y, w, h, &wing), Fill::Ink("#f1ecff")),
        (polygon(x, y, w, h, &mirrored), Fill::Ink("#f1ecff")),
        (polygon(x, y, w, h, &dress), Fill::Body),
        (disc(x, y, w, h, (0.5, 0.17), 0.12), Fill::Body),
    ]
}

/// A circle centred on unit-box point `(u, v)` of the `w` × `h` box centred on
/// `(x, y)`, with radius `r` box heights.
fn disc(x: f64, y: f64, w: f64, h: f64, (u, v): (f64, f64), r: f64) -> Data {
    let (cx, cy) = unit_box(x, y, w, h)(u, v);
    let r = r * h;
    Data::new()
        .move_to((cx - r, cy))
        .elliptical_arc_to((r, r, 0, 0, 1, cx + r, cy))
        .elliptical_arc_to((r, r, 0, 0, 1, cx - r, cy))
        .close()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::style::Style;

    fn drawn(shape: &str, letter: Option<&str>) -> String {
        let sym = Symbol {
            shape: shape.into(),
            color: None,
            letter: letter.map(Into::into),
        };
        figure(&sym, 50.0, 50.0, 24.0, "#d33a2c").to_string()
    }

    #[test]
    fn each_figure_shape_is_drawn_as_itself_and_an_unknown_one_as_a_lettered_meeple() {
        let names: Vec<&str> = figure_shapes().collect();
        for (i, name) in names.iter().enumerate() {
            assert!(!names[..i].contains(name), "{name} listed twice");
            let svg = drawn(name, None);
            assert!(svg.contains(&format!("data-shape=\"{name}\"")), "{svg}");
            assert!(svg.contains("fill=\"#d33a2c\""), "{svg}");
            assert!(!svg.contains("<text") && !svg.contains("NaN"), "{svg}");
        }
        let svg = drawn("no-such-shape", Some("N"));
        assert!(svg.contains("data-shape=\"meeple\""), "{svg}");
        let text = svg.split_once("<text").map(|(_, t)| t).unwrap_or_default();
        assert_eq!(
            text.split(['>', '<']).nth(1).map(str::trim),
            Some("N"),
            "{svg}"
        );
    }

    #[test]
    fn the_built_in_style_names_only_figure_shapes_the_renderer_has() {
        let known: Vec<&str> = figure_shapes().collect();
        for (kind, sym) in &Style::default().figures {
            assert!(known.contains(&sym.shape.as_str()), "{kind}: {}", sym.shape);
        }
    }
}
