//! Drawing the charts (plotters, SVG backend): each chart is an SVG document
//! in a string, which [`super::save`] writes as SVG or PNG.

use super::axis::Ticks;
use super::stats::{self, Estimate, Paired};
use super::Study;
use carcassonne_render::Style;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;
type Res = Result<(), String>;

const FONT: &str = "sans-serif";
/// Colours of the two rulesets of a comparison.
const A_COLOR: RGBColor = RGBColor(0x3a, 0x6e, 0xb5);
const B_COLOR: RGBColor = RGBColor(0xe0, 0x7b, 0x24);

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

fn hex(c: &str) -> RGBColor {
    let h = c.trim_start_matches('#');
    let v = |i: usize| {
        h.get(i..i + 2)
            .and_then(|s| u8::from_str_radix(s, 16).ok())
            .unwrap_or(90)
    };
    RGBColor(v(0), v(2), v(4))
}

fn seat_names(players: usize, style: &Style) -> Vec<String> {
    (0..players).map(|p| style.player_name(p)).collect()
}

type Chart<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// A chart on `area` with a caption, `left` pixels for the y labels.
fn frame<'a, 'b>(
    area: &'a Area<'b>,
    caption: &str,
    left: u32,
    x: std::ops::Range<f64>,
    y: std::ops::Range<f64>,
) -> Result<Chart<'a, 'b>, String> {
    ChartBuilder::on(area)
        .caption(caption, (FONT, 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(left)
        .build_cartesian_2d(x, y)
        .map_err(err)
}

/// The legend of the series drawn with labels.
fn legend<'a, 'b: 'a>(chart: &mut Chart<'a, 'b>, pos: SeriesLabelPosition) -> Res {
    chart
        .configure_series_labels()
        .position(pos)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.4))
        .label_font((FONT, 13))
        .draw()
        .map_err(err)
}

/// The label of category axis value `v` (integers name `names`; others nothing).
fn category_label(names: &[String], v: f64) -> String {
    let i = v.round();
    if (v - i).abs() > 1e-6 || i < 0.0 {
        return String::new();
    }
    names.get(i as usize).cloned().unwrap_or_default()
}

/// Overlaid histograms (as steps), in % of games.
fn histograms(
    area: &Area,
    caption: &str,
    xdesc: &str,
    series: &[(String, RGBColor, Vec<f64>)],
) -> Res {
    let all: Vec<f64> = series.iter().flat_map(|s| s.2.iter().copied()).collect();
    let lo = all.iter().copied().fold(f64::INFINITY, f64::min).floor();
    let hi = all.iter().copied().fold(f64::NEG_INFINITY, f64::max).ceil();
    if !lo.is_finite() {
        return Ok(());
    }
    let w = stats::bin_width(lo, hi, 30.0);
    // Whole numbers in bins of one (turns): centre each bin on its number.
    let discrete = w == 1.0 && all.iter().all(|x| x.fract() == 0.0);
    let lo = if discrete {
        lo - 0.5
    } else {
        (lo / w).floor() * w
    };
    let hi = if discrete { hi + 0.5 - w } else { hi };
    let hists: Vec<Vec<(f64, f64)>> = series
        .iter()
        .map(|s| {
            let n = s.2.len().max(1) as f64;
            stats::histogram(&s.2, lo, w)
                .into_iter()
                .map(|(x, c)| (x, 100.0 * c / n))
                .collect()
        })
        .collect();
    let ymax = hists.iter().flatten().map(|p| p.1).fold(1.0, f64::max) * 1.15;
    let (xlo, xhi) = (lo - w, hi + 2.0 * w);
    // Points and turns are whole numbers: so are the ticks.
    let xt = Ticks::new(xlo, xhi, 10, all.iter().all(|x| x.fract() == 0.0));
    let yt = Ticks::new(0.0, ymax, 10, false);
    let mut chart = frame(area, caption, 55, xlo..xhi, 0.0..ymax)?;
    chart
        .configure_mesh()
        .x_desc(xdesc)
        .y_desc("% of games")
        .x_labels(xt.count)
        .y_labels(yt.count)
        .x_label_formatter(&|v| xt.label(*v))
        .y_label_formatter(&|v| yt.label(*v))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(err)?;
    for ((name, color, _), h) in series.iter().zip(&hists) {
        // Steps from the axis and back, so the first and last bins are closed.
        let mut pts = vec![(lo, 0.0)];
        for &(x, y) in h {
            pts.push((x, y));
            pts.push((x + w, y));
        }
        pts.push((pts.last().map_or(lo, |p| p.0), 0.0));
        let color = *color;
        chart
            .draw_series(LineSeries::new(pts, color.stroke_width(2)))
            .map_err(err)?
            .label(name.as_str())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(3))
            });
    }
    legend(&mut chart, SeriesLabelPosition::UpperRight)
}

/// One group of bars: a label, a colour and `(value, low, high)` per category.
type BarGroup = (String, RGBColor, Vec<(f64, f64, f64)>);

/// Vertical bars per category (one per group side by side), with 95 % intervals.
fn bars(
    area: &Area,
    caption: &str,
    ydesc: &str,
    names: &[String],
    groups: &[BarGroup],
    percent: bool,
) -> Res {
    let top = groups
        .iter()
        .flat_map(|g| g.2.iter().map(|v| v.2))
        .fold(0.0, f64::max)
        * 1.2;
    let top = if percent {
        top.clamp(10.0, 100.0)
    } else {
        top.max(1.0)
    };
    // A negative value is drawn below zero: the axis reaches down to it.
    let bottom = groups
        .iter()
        .flat_map(|g| g.2.iter().map(|v| v.1.min(v.0)))
        .fold(0.0, f64::min)
        * 1.2;
    let yt = Ticks::new(bottom, top, 10, false);
    let mut chart = frame(
        area,
        caption,
        55,
        -0.5..names.len() as f64 - 0.5,
        bottom..top,
    )?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(names.len().max(1) * 2 + 1)
        .x_label_formatter(&|v| category_label(names, *v))
        .y_labels(yt.count)
        .y_label_formatter(&|v| yt.label(*v))
        .y_desc(ydesc)
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(err)?;
    if bottom < 0.0 {
        zero_line(&mut chart, (-0.5, 0.0), (names.len() as f64 - 0.5, 0.0))?;
    }
    let k = groups.len().max(1) as f64;
    let bw = 0.7 / k;
    for (gi, (label, color, vals)) in groups.iter().enumerate() {
        let off = -0.35 + bw * gi as f64;
        let color = *color;
        chart
            .draw_series(vals.iter().enumerate().map(|(i, v)| {
                let x0 = i as f64 + off;
                Rectangle::new([(x0, 0.0), (x0 + bw * 0.92, v.0)], color.mix(0.8).filled())
            }))
            .map_err(err)?
            .label(label.as_str())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled()));
        chart
            .draw_series(vals.iter().enumerate().map(|(i, v)| {
                let x = i as f64 + off + bw * 0.46;
                ErrorBar::new_vertical(x, v.1, v.0, v.2, BLACK.stroke_width(1), 6)
            }))
            .map_err(err)?;
    }
    if groups.len() > 1 {
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
    }
    Ok(())
}

/// Horizontal bars per category (points per player by category), with 95 % intervals.
fn hbars(area: &Area, caption: &str, names: &[String], groups: &[BarGroup]) -> Res {
    let right = groups
        .iter()
        .flat_map(|g| g.2.iter().map(|v| v.2))
        .fold(1.0, f64::max)
        * 1.15;
    // A negative value (points spent: a bazaar's bids) is drawn left of zero.
    let left = groups
        .iter()
        .flat_map(|g| g.2.iter().map(|v| v.1.min(v.0)))
        .fold(0.0, f64::min)
        * 1.15;
    let n = names.len();
    let xt = Ticks::new(left, right, 12, false);
    let mut chart = frame(area, caption, 150, left..right, -0.5..n as f64 - 0.5)?;
    // Categories from the top down.
    let flipped: Vec<String> = names.iter().rev().cloned().collect();
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(n.max(1) * 2 + 1)
        .y_label_formatter(&|v| category_label(&flipped, *v))
        .x_labels(xt.count)
        .x_label_formatter(&|v| xt.label(*v))
        .x_desc("points per player and game")
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(err)?;
    if left < 0.0 {
        zero_line(&mut chart, (0.0, -0.5), (0.0, n as f64 - 0.5))?;
    }
    let k = groups.len().max(1) as f64;
    let bh = 0.7 / k;
    for (gi, (label, color, vals)) in groups.iter().enumerate() {
        let color = *color;
        let row = |i: usize| (n - 1 - i) as f64 + 0.35 - bh * (gi as f64 + 1.0);
        chart
            .draw_series(vals.iter().enumerate().map(|(i, v)| {
                Rectangle::new(
                    [(0.0, row(i)), (v.0, row(i) + bh * 0.92)],
                    color.mix(0.8).filled(),
                )
            }))
            .map_err(err)?
            .label(label.as_str())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled()));
        chart
            .draw_series(vals.iter().enumerate().map(|(i, v)| {
                ErrorBar::new_horizontal(
                    row(i) + bh * 0.46,
                    v.1,
                    v.0,
                    v.2,
                    BLACK.stroke_width(1),
                    6,
                )
            }))
            .map_err(err)?;
        chart
            .draw_series(vals.iter().enumerate().map(|(i, v)| {
                Text::new(
                    format!("{:.2}", v.0),
                    (v.2.max(0.0) + (right - left) * 0.01, row(i) + bh * 0.75),
                    (FONT, 12),
                )
            }))
            .map_err(err)?;
    }
    if groups.len() > 1 {
        legend(&mut chart, SeriesLabelPosition::LowerRight)?;
    }
    Ok(())
}

/// Paired differences with their 95 % intervals, one row per measure, zero marked.
fn forest(area: &Area, caption: &str, rows: &[(String, Estimate)]) -> Res {
    let reach = rows
        .iter()
        .map(|(_, e)| e.mean.abs() + e.ci)
        .fold(0.5, f64::max)
        * 1.6;
    let n = rows.len();
    let xt = Ticks::new(-reach, reach, 12, false);
    let mut chart = frame(area, caption, 190, -reach..reach, -0.5..n as f64 - 0.5)?;
    let names: Vec<String> = rows.iter().rev().map(|r| r.0.clone()).collect();
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(n.max(1) * 2 + 1)
        .y_label_formatter(&|v| category_label(&names, *v))
        .x_labels(xt.count)
        .x_label_formatter(&|v| xt.label(*v))
        .x_desc("B − A, same seeds (95 % interval)")
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(err)?;
    zero_line(&mut chart, (0.0, -0.5), (0.0, n as f64 - 0.5))?;
    let y = |i: usize| (n - 1 - i) as f64;
    for (i, (_, e)) in rows.iter().enumerate() {
        let significant = e.excludes_zero();
        let color = if significant {
            B_COLOR
        } else {
            RGBColor(120, 120, 120)
        };
        chart
            .draw_series(std::iter::once(ErrorBar::new_horizontal(
                y(i),
                e.mean - e.ci,
                e.mean,
                e.mean + e.ci,
                color.stroke_width(2),
                8,
            )))
            .map_err(err)?;
        chart
            .draw_series(std::iter::once(Circle::new(
                (e.mean, y(i)),
                4,
                color.filled(),
            )))
            .map_err(err)?;
        let label_x = if e.mean >= 0.0 {
            -reach * 0.92
        } else {
            reach * 0.35
        };
        chart
            .draw_series(std::iter::once(Text::new(
                format!("{:+.2} ± {:.2}", e.mean, e.ci),
                (label_x, y(i) + 0.3),
                (FONT, 12),
            )))
            .map_err(err)?;
    }
    Ok(())
}

/// The line of zero, from `from` to `to`.
fn zero_line<'a, 'b: 'a>(chart: &mut Chart<'a, 'b>, from: (f64, f64), to: (f64, f64)) -> Res {
    chart
        .draw_series(LineSeries::new(
            vec![from, to],
            BLACK.mix(0.5).stroke_width(1),
        ))
        .map_err(err)?;
    Ok(())
}

fn canvas<'a>(
    svg: &'a mut String,
    size: (u32, u32),
    title: &str,
    note: &str,
) -> Result<Area<'a>, String> {
    let root = SVGBackend::with_string(svg, size).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let (head, body) = root.split_vertically(62);
    head.draw(&Text::new(
        title.to_string(),
        (16, 10),
        (FONT, 22).into_font().style(FontStyle::Bold),
    ))
    .map_err(err)?;
    head.draw(&Text::new(note.to_string(), (16, 38), (FONT, 14)))
        .map_err(err)?;
    Ok(body)
}

fn mean_categories(s: &Study, cats: &[usize]) -> Vec<(f64, f64, f64)> {
    let players = s.players as f64;
    cats.iter()
        .map(|&c| {
            let e = stats::estimate(
                s.games
                    .iter()
                    .map(|o| f64::from(o.categories.get(c).copied().unwrap_or(0)) / players),
            );
            (e.mean, e.mean - e.ci, e.mean + e.ci)
        })
        .collect()
}

fn win_bars(s: &Study) -> Vec<(f64, f64, f64)> {
    stats::win_rates(s)
        .into_iter()
        .map(|(p, lo, hi)| (100.0 * p, 100.0 * lo, 100.0 * hi))
        .collect()
}

/// `simulate --plot`: score distribution per seat, win rate by seat, points by
/// category, game length.
pub fn simulate(s: &Study, style: &Style) -> Result<String, String> {
    let names = seat_names(s.players, style);
    let title = format!(
        "{} — {} games, {} players, {}",
        s.ruleset,
        s.games.len(),
        s.players,
        s.bots
    );
    let total = stats::estimate(
        s.games
            .iter()
            .map(|o| o.scores.iter().map(|&x| f64::from(x)).sum::<f64>() / s.players as f64),
    );
    let turns = stats::estimate(s.games.iter().map(|o| f64::from(o.turns)));
    let note = format!(
        "Mean score per player {:.2} ± {:.2}, mean game {:.1} ± {:.1} turns (95 % intervals). Seeds {}..{}.",
        total.mean,
        total.ci,
        turns.mean,
        turns.ci,
        s.games.first().map_or(0, |o| o.seed),
        s.games.last().map_or(0, |o| o.seed)
    );
    let mut svg = String::new();
    {
        let body = canvas(&mut svg, (1300, 960), &title, &note)?;
        let panels = body.split_evenly((2, 2));
        let series: Vec<(String, RGBColor, Vec<f64>)> = (0..s.players)
            .map(|p| {
                let xs = s.games.iter().map(|o| f64::from(o.scores[p])).collect();
                (names[p].clone(), hex(&style.player_color(Some(p))), xs)
            })
            .collect();
        histograms(&panels[0], "Final score by seat", "points", &series)?;
        bars(
            &panels[1],
            "Win rate by seat (a tie shares the win, as in the table)",
            "% of games won",
            &names,
            &[("win rate".into(), RGBColor(90, 120, 90), win_bars(s))],
            true,
        )?;
        let cats = s.used_categories();
        let cat_names: Vec<String> = cats.iter().map(|&c| s.categories[c].clone()).collect();
        hbars(
            &panels[2],
            "Points per player by category",
            &cat_names,
            &[(
                "points".into(),
                RGBColor(150, 110, 60),
                mean_categories(s, &cats),
            )],
        )?;
        let lengths = vec![(
            "turns".to_string(),
            RGBColor(90, 90, 90),
            s.games.iter().map(|o| f64::from(o.turns)).collect(),
        )];
        histograms(&panels[3], "Game length", "turns", &lengths)?;
        body.present().map_err(err)?;
    }
    Ok(svg)
}

/// `compare --plot`: the two rulesets side by side, and the paired-seed
/// differences `B − A` with their 95 % intervals: those `paired` gives
/// ([`super::pairs::PairedSums::differences`], computed once for the text,
/// the JSON and these charts): of the scores and the points by category in a chart of
/// their own, of the game length in the subtitle. The win rates are drawn
/// side by side only (their paired differences are in percentage points, not
/// points: the text and the JSON give them).
pub fn compare(a: &Study, b: &Study, paired: &[Paired], style: &Style) -> Result<String, String> {
    let names = seat_names(a.players, style);
    let title = format!("A: {}   vs   B: {}", a.ruleset, b.ruleset);
    let longer = paired
        .iter()
        .find(|p| p.measure == stats::Measure::Turns)
        .map_or(
            Estimate {
                mean: 0.0,
                se: 0.0,
                ci: 0.0,
            },
            |p| p.diff,
        );
    let note = format!(
        "{} games each on the same seeds, {} players, {}. Games under B last {:+.2} ± {:.2} turns. \
         Intervals: 95 % confidence.",
        a.games.len(),
        a.players,
        a.bots,
        longer.mean,
        longer.ci
    );
    let mut svg = String::new();
    {
        let body = canvas(&mut svg, (1500, 1120), &title, &note)?;
        let (top, bottom) = body.split_vertically(470);
        let row = top.split_evenly((1, 3));
        let pooled = |s: &Study| {
            s.games
                .iter()
                .flat_map(|o| o.scores.iter().map(|&x| f64::from(x)))
                .collect::<Vec<_>>()
        };
        histograms(
            &row[0],
            "Final score (all seats)",
            "points",
            &[
                ("A".into(), A_COLOR, pooled(a)),
                ("B".into(), B_COLOR, pooled(b)),
            ],
        )?;
        bars(
            &row[1],
            "Win rate by seat (a tie shares the win)",
            "% of games won",
            &names,
            &[
                ("A".into(), A_COLOR, win_bars(a)),
                ("B".into(), B_COLOR, win_bars(b)),
            ],
            true,
        )?;
        let length = |s: &Study| {
            s.games
                .iter()
                .map(|o| f64::from(o.turns))
                .collect::<Vec<_>>()
        };
        histograms(
            &row[2],
            "Game length",
            "turns",
            &[
                ("A".into(), A_COLOR, length(a)),
                ("B".into(), B_COLOR, length(b)),
            ],
        )?;
        let (left, right) = bottom.split_horizontally(650);
        // Categories either ruleset scores, by name (the rulesets may differ in plugins).
        let mut cat_names: Vec<String> = Vec::new();
        for s in [a, b] {
            for c in s.used_categories() {
                if !cat_names.contains(&s.categories[c]) {
                    cat_names.push(s.categories[c].clone());
                }
            }
        }
        let per_cat = |s: &Study| {
            let idx: Vec<Option<usize>> = cat_names
                .iter()
                .map(|n| s.categories.iter().position(|c| c == n))
                .collect();
            let known: Vec<usize> = idx.iter().flatten().copied().collect();
            let vals = mean_categories(s, &known);
            let mut it = vals.into_iter();
            idx.iter()
                .map(|i| {
                    if i.is_some() {
                        it.next().unwrap_or_default()
                    } else {
                        (0.0, 0.0, 0.0)
                    }
                })
                .collect::<Vec<_>>()
        };
        hbars(
            &left,
            "Points per player by category",
            &cat_names,
            &[
                ("A".into(), A_COLOR, per_cat(a)),
                ("B".into(), B_COLOR, per_cat(b)),
            ],
        )?;
        let rows: Vec<(String, Estimate)> = paired
            .iter()
            .filter(|p| p.measure.in_points())
            .map(|p| (p.name.clone(), p.diff))
            .collect();
        forest(&right, "What B changes: paired differences B − A", &rows)?;
        body.present().map_err(err)?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::super::Outcome;
    use super::*;

    fn study(categories: &[&str], games: Vec<(Vec<i32>, Vec<i32>, u32)>) -> Study {
        Study {
            ruleset: "r".into(),
            bots: "random bots".into(),
            players: 2,
            categories: categories.iter().map(ToString::to_string).collect(),
            games: games
                .into_iter()
                .enumerate()
                .map(|(i, (scores, categories, turns))| Outcome {
                    seed: i as u64,
                    scores,
                    categories,
                    turns,
                    tiles: turns + 1,
                })
                .collect(),
        }
    }

    /// A text node `(text, None)` or a rectangle `("", Some((x, width, "fill opacity")))`.
    type Item = (String, Option<(f64, f64, String)>);

    /// The text nodes and rectangles of `svg`, in document order.
    fn items(svg: &str) -> Vec<Item> {
        let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
        doc.descendants()
            .filter_map(|n| match n.tag_name().name() {
                "text" => Some((n.text().unwrap_or("").trim().to_string(), None)),
                "rect" => {
                    let num = |k: &str| n.attribute(k).and_then(|v| v.parse().ok()).unwrap_or(0.0);
                    // Bars are drawn see-through (0.8), legend swatches not.
                    let fill = format!(
                        "{} {}",
                        n.attribute("fill").unwrap_or(""),
                        n.attribute("opacity").unwrap_or("")
                    );
                    Some((String::new(), Some((num("x"), num("width"), fill))))
                }
                _ => None,
            })
            .collect()
    }

    /// The items of the panel whose title is `title`, up to the next title `next`.
    fn panel(items: &[Item], title: &str, next: &str) -> Vec<Item> {
        let from = items.iter().position(|i| i.0 == title).expect(title);
        let to = items.iter().position(|i| i.0 == next).expect(next);
        items[from..to].to_vec()
    }

    #[test]
    fn a_negative_bar_reaches_left_of_zero_in_proportion_and_ticks_are_whole_turns() {
        // B adds a category that costs 2 points per player (4 per game, two
        // players) and keeps cities at 4 per player: the bars of -2 and 4
        // start at zero and reach half as far left as right. Turns 110 to
        // 114: a narrow range of whole numbers.
        let a = study(
            &["cities"],
            vec![(vec![4, 4], vec![8], 110), (vec![4, 4], vec![8], 114)],
        );
        let b = study(
            &["cities", "bazaar"],
            vec![
                (vec![2, 2], vec![8, -4], 111),
                (vec![2, 2], vec![8, -4], 113),
            ],
        );
        let names = ["Red".to_string(), "Blue".to_string()];
        let paired = stats::paired_differences(&a, &b, &names);
        let svg = compare(&a, &b, &paired, &Style::default()).unwrap();
        let all = items(&svg);
        let cats = panel(
            &all,
            "Points per player by category",
            "What B changes: paired differences B − A",
        );
        let zero = {
            // The tick labelled 0 on the x axis: its label is centred on it.
            let doc = roxmltree::Document::parse(&svg).unwrap();
            let title = doc
                .descendants()
                .position(|n| n.text().map(str::trim) == Some("Points per player by category"))
                .unwrap();
            doc.descendants()
                .skip(title)
                .find(|n| n.tag_name().name() == "text" && n.text().map(str::trim) == Some("0"))
                .and_then(|n| n.attribute("x"))
                .and_then(|x| x.parse::<f64>().ok())
                .expect("a tick at 0")
        };
        let b_bars: Vec<(f64, f64)> = cats
            .iter()
            .filter_map(|i| i.1.clone())
            .filter(|(_, w, fill)| fill == "#E07B24 0.8" && *w > 0.0)
            .map(|(x, w, _)| (x, w))
            .collect();
        assert_eq!(b_bars.len(), 2, "cities and bazaar for B: {b_bars:?}");
        let (cities, bazaar) = (b_bars[0], b_bars[1]);
        assert!((cities.0 - zero).abs() <= 1.0, "{cities:?} from {zero}");
        assert!(
            (bazaar.0 + bazaar.1 - zero).abs() <= 1.0,
            "the negative bar ends at zero: {bazaar:?}, zero at {zero}"
        );
        assert!(
            (bazaar.1 * 2.0 - cities.1).abs() <= 2.0,
            "-2 is half as long as 4: {bazaar:?} {cities:?}"
        );
        // The game-length axis: one label per turn, none repeated.
        let lengths = panel(&all, "Game length", "Points per player by category");
        let turns: Vec<&str> = lengths
            .iter()
            .map(|i| i.0.as_str())
            .skip_while(|t| *t != "turns")
            .skip(1)
            .filter(|t| t.parse::<f64>().is_ok())
            .filter(|t| t.parse::<f64>().unwrap() > 100.0)
            .collect();
        // (The axis reaches a bin beyond the data on either side.)
        assert_eq!(turns, ["109", "110", "111", "112", "113", "114", "115"]);
        // The subtitle gives the paired difference of the game length: +1
        // and -1 turns, mean 0, standard error 1, so ± 1.96.
        assert!(
            svg.contains("Games under B last +0.00 ± 1.96 turns"),
            "{svg}"
        );
    }
}
