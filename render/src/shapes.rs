//! The renderer's vocabulary of shapes: marker symbols and figures. Which shape
//! stands for which name is data (see [`crate::style`]).

use crate::style::Symbol;
use svg::node::element::path::Data;
use svg::node::element::{Circle, Group, Path, Text, Title};

/// A marker symbol of size `r` (radius) centred on `(x, y)`, with a tooltip naming it.
pub fn marker(sym: &Symbol, name: &str, x: f64, y: f64, r: f64) -> Group {
    let color = sym.color.clone().unwrap_or_else(|| "#444".into());
    let mut g = Group::new()
        .set("class", "marker")
        .set("data-marker", name)
        .add(Title::new(name));
    g = match sym.shape.as_str() {
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
        // "disc", "badge" and anything unknown: a disc with the letter, if any.
        _ => g.add(
            Circle::new()
                .set("cx", x)
                .set("cy", y)
                .set("r", r)
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

/// A figure of size `s` standing on `(x, y)` in `color`. The group carries the
/// shape drawn (`data-shape`: an unknown shape is drawn as a meeple).
pub fn figure(sym: &Symbol, x: f64, y: f64, s: f64, color: &str) -> Group {
    let shape = match sym.shape.as_str() {
        known @ ("pawn" | "tall" | "big" | "barn" | "wagon") => known,
        _ => "meeple",
    };
    let (w, h) = match shape {
        "pawn" => (0.8, 1.0),
        "tall" => (0.85, 1.3),
        "big" => (1.35, 1.35),
        "barn" => (1.2, 1.05),
        "wagon" => (1.35, 0.9),
        _ => (1.0, 1.0),
    };
    let (w, h) = (w * s, h * s);
    let body = match shape {
        "pawn" => pawn(x, y, w, h),
        "barn" => barn(x, y, w, h),
        "wagon" => cart(x, y, w, h),
        _ => meeple(x, y, w, h),
    };
    let text_color = if is_light(color) { "#222" } else { "#fff" };
    let outline = |p: Path| {
        p.set("stroke", "#111")
            .set("stroke-width", s * 0.07)
            .set("stroke-linejoin", "round")
    };
    let mut g = Group::new()
        .set("data-shape", shape)
        .add(outline(Path::new().set("d", body).set("fill", color)));
    match shape {
        // The barn's door, a cross-braced frame.
        "barn" => {
            g = g.add(outline(
                Path::new()
                    .set("d", barn_door(x, y, w, h))
                    .set("fill", "none"),
            ));
        }
        // The wagon's two wheels.
        "wagon" => {
            for u in [0.27, 0.73] {
                g = g.add(
                    Circle::new()
                        .set("cx", x - w / 2.0 + u * w)
                        .set("cy", y + h * 0.3)
                        .set("r", h * 0.22)
                        .set("fill", color)
                        .set("stroke", "#111")
                        .set("stroke-width", s * 0.07),
                );
            }
        }
        _ => {}
    }
    if let Some(l) = &sym.letter {
        g = g.add(letter(l, x, y + h * 0.12, s * 0.32, text_color));
    }
    g
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

/// A barn: walls under a gabled roof.
fn barn(x: f64, y: f64, w: f64, h: f64) -> Data {
    let roof = [(0.5, 0.0), (1.0, 0.4), (0.92, 0.4)];
    let walls = [(0.92, 1.0), (0.08, 1.0), (0.08, 0.4), (0.0, 0.4)];
    polygon(x, y, w, h, &[&roof[..], &walls[..]].concat())
}

/// The barn's door: a frame with a cross brace.
fn barn_door(x: f64, y: f64, w: f64, h: f64) -> Data {
    let p = unit_box(x, y, w, h);
    let frame = [(0.33, 1.0), (0.33, 0.58), (0.67, 0.58), (0.67, 1.0)];
    polygon(x, y, w, h, &frame)
        .move_to(p(0.33, 0.58))
        .line_to(p(0.67, 1.0))
        .move_to(p(0.33, 1.0))
        .line_to(p(0.67, 0.58))
}

/// A wagon's box with its shaft (the wheels are drawn over it).
fn cart(x: f64, y: f64, w: f64, h: f64) -> Data {
    let shaft = [(0.86, 0.35), (1.0, 0.3), (1.0, 0.42), (0.86, 0.47)];
    let body = [(0.8, 0.7), (0.06, 0.7), (0.0, 0.1), (0.86, 0.1)];
    polygon(x, y, w, h, &[&shaft[..], &body[..]].concat())
}
