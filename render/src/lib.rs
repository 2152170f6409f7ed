//! # carcassonne-render
//!
//! Board pictures as SVG, drawn from the public [`Game`] API and the tile data
//! alone: cities, roads, fields and centre features from each tile's slot model,
//! markers as symbols, figures in their owners' colours, the last placed tile
//! outlined, the plugins' notes about features and players ([`notes`]), and a
//! panel with the scores, figure supplies, held figures and notes. A plugin hook
//! that fails while the picture is drawn (a figure's note) never stops it: the
//! figure shows a `?` whose tooltip is the error. No code names a
//! tile, a marker, a figure kind or a plugin: how a name looks is data
//! ([`style`]), and an unknown name gets a generic symbol, so a new tile set or
//! expansion is drawn without changes.
//!
//! The elements carry classes and `data-` attributes (`tile`, `figure`,
//! `candidate`, `choice`, `score`) so that programs (the browser front end, the
//! tests) can find them.
//!
//! With the `png` feature, the module `raster` turns a picture into PNG or RGBA
//! pixels.
#![forbid(unsafe_code)]

pub mod geometry;
pub mod layers;
pub mod log;
pub mod notes;
#[cfg(feature = "png")]
pub mod raster;
pub mod shapes;
pub mod style;
pub mod tile;

use carcassonne_core::{
    Corner, FeatureKind, FigureId, FigureKindId, Game, Location, PlayerId, Pos, TileIndex, TileType,
};
use std::collections::BTreeMap;
use svg::node::element::{Circle, Definitions, Group, Rectangle as Rect, Text, Title, Use};
use svg::Document;

pub use layers::StyleLayers;
#[cfg(feature = "png")]
pub use raster::{to_png, to_rgba, PngError, Rgba, MAX_PNG_PIXELS};
pub use style::{Style, StyleError};
pub use tile::S;

/// What to draw besides the board.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// A heading for the panel (e.g. the ruleset name).
    pub title: Option<String>,
    /// Lines under the heading (e.g. the bots that play).
    pub subtitle: Vec<String>,
    /// The status line under the heading (default: the turn and the tiles left).
    pub status: Option<String>,
    /// Outline the last placed tile.
    pub highlight_last: bool,
    /// Draw the score panel at the right.
    pub panel: bool,
    /// Empty cells to highlight (legal placements), drawn as `rect.candidate`.
    pub candidates: Vec<Pos>,
    /// Clickable choices on placed tiles: `(tile, local feature, choice id,
    /// letter)`, drawn as `g.choice` with `data-choice` (choices on the same
    /// feature side by side): the figures to place on the tile just placed,
    /// and elsewhere (a magic portal's, a wagon's move).
    pub choices: Vec<(TileIndex, u8, usize, String)>,
    /// Clickable figures: `(figure, choice id)` for a decision whose options
    /// name figures on the board (a capture): the figure's `g.figure` is also
    /// a `g.choice` with `data-choice`, ringed.
    pub figure_choices: Vec<(FigureId, usize)>,
    /// A short note under a figure, replacing the plugins' own note
    /// ([`Game::figure_note`], e.g. the shepherd's sheep) for that figure.
    /// Where a plugin's note fails, the figure shows a `?` (`text.note-failed`)
    /// whose tooltip is the error.
    pub figure_notes: BTreeMap<FigureId, String>,
    /// Display names per seat replacing the style's names (e.g. "Blue (greedy)").
    pub seat_names: Vec<String>,
}

impl Options {
    /// The options of a picture of a whole game, as `carcassonne render`
    /// draws a record: the ruleset's name as the heading (`ruleset`), the
    /// seed and the number of players under it, the default status line, the
    /// last placed tile outlined and the score panel.
    pub fn game(ruleset: &str, g: &Game) -> Options {
        Options {
            title: Some(ruleset.to_string()),
            subtitle: vec![format!("seed {}, {} players", g.seed(), g.players())],
            highlight_last: true,
            panel: true,
            ..Options::default()
        }
    }
}

/// Width of the score panel.
const PANEL: f64 = 280.0;

/// The board of `g` as an SVG document.
pub fn board(g: &Game, o: &Options, style: &Style) -> String {
    let rules = g.rules();
    let tiles = g.tiles();
    let cells = tiles
        .iter()
        .map(|t| t.pos)
        .chain(o.candidates.iter().copied());
    let (mut x0, mut x1, mut y0, mut y1) = (0i32, 0i32, 0i32, 0i32);
    for p in cells {
        x0 = x0.min(p.x.into());
        x1 = x1.max(p.x.into());
        y0 = y0.min(p.y.into());
        y1 = y1.max(p.y.into());
    }
    let margin = S * 0.25;
    let origin = |p: Pos| {
        (
            f64::from(i32::from(p.x) - x0) * S + margin,
            f64::from(i32::from(p.y) - y0) * S + margin,
        )
    };
    let board_w = f64::from(x1 - x0 + 1) * S + 2.0 * margin;
    let board_h = f64::from(y1 - y0 + 1) * S + 2.0 * margin;
    let width = board_w + if o.panel { PANEL } else { 0.0 };
    let panel_h = if o.panel {
        panel_height(g, o, style)
    } else {
        0.0
    };
    let height = board_h.max(panel_h);

    // Each (tile type, rotation) drawn once, then placed with <use>.
    let mut defs = Definitions::new();
    let mut defined = std::collections::BTreeSet::new();
    let mut layer = Group::new().set("class", "tiles");
    for (i, t) in tiles.iter().enumerate() {
        let Some(ty) = rules.tiles.get(t.ty) else {
            continue;
        };
        let key = format!("t{}r{}", t.ty.0, t.rot);
        if defined.insert(key.clone()) {
            defs = defs.add(
                tile::tile(ty, &rules.tiles.markers, t.rot.quarter_turns(), style)
                    .set("id", key.clone()),
            );
        }
        let (x, y) = origin(t.pos);
        let mut group = Group::new()
            .set("class", "tile")
            .set("data-index", i)
            .set("data-x", t.pos.x)
            .set("data-y", t.pos.y)
            .set("data-tile", ty.id.as_str())
            .set("data-rot", t.rot.quarter_turns())
            .set("transform", format!("translate({x} {y})"))
            .add(Use::new().set("href", format!("#{key}")));
        // Roads plugins added to the tile (bridges), over its picture.
        for f in g.added_features(TileIndex(i as u16)) {
            if f.kind == FeatureKind::Road {
                group = group.add(tile::added_road(f.slots, style));
            }
        }
        layer = layer.add(group);
    }
    let mut doc = Document::new()
        .set("viewBox", (0, 0, width, height))
        .set("width", width)
        .set("height", height)
        .set("font-family", "sans-serif")
        .add(defs)
        .add(
            Rect::new()
                .set("width", board_w)
                .set("height", board_h)
                .set("fill", style.land.grid.as_str()),
        )
        .add(layer);
    for &p in &o.candidates {
        let (x, y) = origin(p);
        doc = doc.add(
            Rect::new()
                .set("class", "candidate")
                .set("data-x", p.x)
                .set("data-y", p.y)
                .set("x", x + 3.0)
                .set("y", y + 3.0)
                .set("width", S - 6.0)
                .set("height", S - 6.0)
                .set("rx", 8)
                .set("fill", style.land.frontier.as_str())
                .set("fill-opacity", 0.55)
                .set("stroke", "#333")
                .set("stroke-dasharray", "6 4")
                .set("stroke-width", 2),
        );
    }
    if let (true, Some(p)) = (
        o.highlight_last,
        g.last_placed().and_then(|t| g.tile_pos(t)),
    ) {
        let (x, y) = origin(p);
        doc = doc.add(
            Rect::new()
                .set("class", "last")
                .set("x", x + 2.0)
                .set("y", y + 2.0)
                .set("width", S - 4.0)
                .set("height", S - 4.0)
                .set("fill", "none")
                .set("stroke", style.land.last.as_str())
                .set("stroke-width", 4),
        );
    }
    doc = doc.add(figures(g, o, style, &origin));
    doc = doc.add(notes::board_layer(g, style, &origin));
    // The choices tile by tile, in the order their tiles first come.
    let mut tiles: Vec<TileIndex> = Vec::new();
    for &(t, ..) in &o.choices {
        if !tiles.contains(&t) {
            tiles.push(t);
        }
    }
    // The circles drawn so far, in board pixels: a tile's keep off them.
    let mut drawn: Vec<geometry::Pt> = Vec::new();
    for t in tiles {
        let Some((ty, pos, rot)) = (|| {
            Some((
                g.tile_type(t)?,
                g.tile_pos(t)?,
                g.tile_rot(t)?.quarter_turns(),
            ))
        })() else {
            continue;
        };
        let on: Vec<(u8, usize, &str)> = o
            .choices
            .iter()
            .filter(|c| c.0 == t)
            .map(|(_, local, id, letter)| (*local, *id, letter.as_str()))
            .collect();
        doc = doc.add(choice_circles(&on, ty, origin(pos), rot, &mut drawn));
    }
    if o.panel {
        doc = doc.add(panel(g, o, style).set("transform", format!("translate({board_w} 0)")));
    }
    xml_safe(doc.to_string())
}

/// Radius of a choice circle, in tiles.
const CHOICE_R: f64 = 0.11;

/// The clickable choices `on` one placed tile (type `ty` at `(tx, ty_)`,
/// turned `rot`; `(local feature, choice id, letter)`): a circle with the
/// figure kind's letter at the feature's spot, moved aside when another
/// circle stands there (none overlaps, neither among these nor with those
/// `drawn` already on other tiles, to which these are added), with a dashed
/// line back to the spot, under all circles.
fn choice_circles(
    on: &[(u8, usize, &str)],
    ty: &TileType,
    (tx, ty_): (f64, f64),
    rot: u8,
    drawn: &mut Vec<geometry::Pt>,
) -> Group {
    let anchors: Vec<geometry::Pt> = on
        .iter()
        .map(|(local, _, _)| geometry::anchor(ty, rot, (*local).into()))
        .collect();
    // The circles of the tiles around, in this tile's units.
    let near: Vec<geometry::Pt> = drawn
        .iter()
        .map(|&(x, y)| ((x - tx) / S, (y - ty_) / S))
        .filter(|&(x, y)| (-1.0..=2.0).contains(&x) && (-1.0..=2.0).contains(&y))
        .collect();
    let spots = geometry::spread_among(&anchors, CHOICE_R, 0.02, &near);
    drawn.extend(spots.iter().map(|&(px, py)| (tx + px * S, ty_ + py * S)));
    // The lines from moved circles back to their spots lie under every
    // circle and take no clicks: a click on a circle always reaches it.
    let mut leads = Group::new()
        .set("class", "choice-leads")
        .set("pointer-events", "none");
    let mut circles = Group::new().set("class", "choices");
    for (((_, id, letter), &(ax, ay)), &(px, py)) in on.iter().zip(&anchors).zip(&spots) {
        let (cx, cy) = (tx + px * S, ty_ + py * S);
        if (px - ax).hypot(py - ay) > CHOICE_R {
            leads = leads.add(
                svg::node::element::Line::new()
                    .set("x1", tx + ax * S)
                    .set("y1", ty_ + ay * S)
                    .set("x2", cx)
                    .set("y2", cy)
                    .set("stroke", "#111")
                    .set("stroke-width", 2)
                    .set("stroke-dasharray", "3 3"),
            );
        }
        circles = circles.add(
            Group::new()
                .set("class", "choice")
                .set("data-choice", *id)
                .set("cursor", "pointer")
                .add(
                    Circle::new()
                        .set("cx", cx)
                        .set("cy", cy)
                        .set("r", S * CHOICE_R)
                        .set("fill", "#fff")
                        .set("fill-opacity", 0.85)
                        .set("stroke", "#111")
                        .set("stroke-width", 2.5),
                )
                .add(shapes::letter(letter, cx, cy, S * 0.07, "#111")),
        );
    }
    Group::new().add(leads).add(circles)
}

/// The tile figure `fig` stands on and where on it (the unit square, `y`
/// southwards): where pictures draw it (see [`geometry`]).
pub fn figure_point(g: &Game, fig: FigureId) -> Option<(TileIndex, geometry::Pt)> {
    figure_spot(g, fig).map(|(t, p, _)| (t, p))
}

/// Where figure `fig` stands on its tile (unit square), and the tile, with the
/// key of the spot figures fan out from: a feature's anchor, a field corner (the
/// barn), or the tile's centre (a figure on the tile, like the dragon).
fn figure_spot(g: &Game, fig: FigureId) -> Option<(TileIndex, geometry::Pt, (u16, u8))> {
    let at = g.figure_location(fig)?;
    let t = match at {
        Location::Feature(f) | Location::Corner(f, _) => g.feature_tile(f)?,
        Location::Tile(t) => t,
        // Off the board (a prisoner, a figure in an area): not on the picture.
        Location::Held(_) | Location::Area(_) => return None,
    };
    let (tt, rot) = (g.tile_type(t)?, g.tile_rot(t)?.quarter_turns());
    Some(match at {
        Location::Feature(f) => {
            let local = g.feature_local(f)?;
            (t, geometry::anchor(tt, rot, local.into()), (t.0, local))
        }
        Location::Corner(_, c) => {
            let d = 0.14;
            let pt = match c {
                Corner::NW => (d, d),
                Corner::NE => (1.0 - d, d),
                Corner::SE => (1.0 - d, 1.0 - d),
                Corner::SW => (d, 1.0 - d),
            };
            (t, pt, (t.0, 200 + c as u8))
        }
        Location::Tile(_) | Location::Held(_) | Location::Area(_) => {
            (t, geometry::CENTRE, (t.0, 255))
        }
    })
}

/// The figures on the board, with notes.
fn figures(g: &Game, o: &Options, style: &Style, origin: &dyn Fn(Pos) -> (f64, f64)) -> Group {
    let mut layer = Group::new().set("class", "figures");
    // How many figures already stand at each spot, to fan them out.
    let mut crowd: BTreeMap<(u16, u8), usize> = BTreeMap::new();
    for i in 0..g.figure_count() {
        let fig = FigureId(i as u16);
        let Some((t, (ax, ay), key)) = figure_spot(g, fig) else {
            continue;
        };
        let Some(pos) = g.tile_pos(t) else {
            continue;
        };
        let n = crowd.entry(key).or_default();
        let (tx, ty) = origin(pos);
        let (x, y) = (tx + ax * S + *n as f64 * S * 0.17, ty + ay * S);
        *n += 1;
        let owner = g.figure_owner(fig);
        let kind = g
            .figure_kind(fig)
            .and_then(|k| g.figure_kind_name(k))
            .unwrap_or("figure");
        let color = style.player_color(owner.map(usize::from));
        let place = match g.figure_feature(fig).and_then(|f| g.feature_kind(f)) {
            Some(k) => k.to_string(),
            None => "tile".into(),
        };
        let who = owner.map_or_else(|| "neutral".into(), |p| seat_name(o, style, p.into()));
        let mut fg = Group::new()
            .set("class", "figure")
            .set(
                "data-owner",
                owner.map_or_else(|| "neutral".to_string(), |p| p.to_string()),
            )
            .set("data-kind", kind)
            .set("data-x", pos.x)
            .set("data-y", pos.y)
            .add(Title::new(format!("{who} {kind} ({place})")));
        if let Some(&(_, id)) = o.figure_choices.iter().find(|(f, _)| *f == fig) {
            fg = fg
                .set("class", "figure choice")
                .set("data-choice", id)
                .set("cursor", "pointer")
                .add(
                    Circle::new()
                        .set("class", "choice-ring")
                        .set("cx", x)
                        .set("cy", y)
                        .set("r", S * 0.17)
                        .set("fill", "#fff")
                        .set("fill-opacity", 0.5)
                        .set("stroke", "#111")
                        .set("stroke-width", 2.5)
                        .set("stroke-dasharray", "5 3"),
                );
        }
        fg = fg.add(shapes::figure(&style.figure(kind), x, y, S * 0.24, &color));
        let note = match o.figure_notes.get(&fig) {
            Some(n) => Ok(Some(n.clone())),
            None => g.figure_note(fig),
        };
        match note {
            Ok(Some(note)) => fg = fg.add(note_text(Text::new(note.as_str()), "note", x, y)),
            Ok(None) => {}
            // The picture is still drawn: a failed note is a `?` whose tooltip
            // is the plugin's error, not a silent gap.
            Err(e) => {
                let mark = Text::new("?").add(Title::new(format!("no note: {e}")));
                fg = fg.add(note_text(mark, "note-failed", x, y));
            }
        }
        layer = layer.add(fg);
    }
    layer
}

/// `text` styled as a note of class `class` under the figure at `(x, y)`.
fn note_text(text: Text, class: &str, x: f64, y: f64) -> Text {
    text.set("class", class)
        .set("x", x)
        .set("y", y + S * 0.22)
        .set("font-size", 12)
        .set("font-weight", "bold")
        .set("text-anchor", "middle")
        .set("fill", "#111")
        .set("stroke", "#fff")
        .set("stroke-width", 3)
        .set("paint-order", "stroke")
}

fn seat_name(o: &Options, style: &Style, p: usize) -> String {
    o.seat_names
        .get(p)
        .cloned()
        .unwrap_or_else(|| style.player_name(p))
}

const LINE: f64 = 22.0;

/// Splits `s` into lines of at most about `width` characters, at spaces.
fn wrap(s: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in s.split_whitespace() {
        match lines.last_mut() {
            Some(l) if l.chars().count() + 1 + word.chars().count() <= width => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// Characters of the panel's title per line: the bold 16-pixel title in
/// the panel's 280 pixels less its margins (about 10.5 pixels a character).
const TITLE_WIDTH: usize = 24;

/// The panel's title (the options' or the ruleset's name), wrapped.
fn title_lines(g: &Game, o: &Options) -> Vec<String> {
    let title = o.title.as_deref().unwrap_or(&g.rules().name);
    wrap(title, TITLE_WIDTH)
}

fn panel_height(g: &Game, o: &Options, style: &Style) -> f64 {
    let legend = legend_names(g, style).len() as f64;
    let title = title_lines(g, o).len() as f64;
    // Supply lines beyond the first of each player, and the lines of what
    // he holds and the plugins' notes about him.
    let seat = |p: PlayerId| seat_name(o, style, p.into());
    let supply: usize = PlayerId::all(g.players())
        .map(|pl| {
            supply_lines(g, pl).len().saturating_sub(1)
                + player_note_lines(g, pl, &seat)
                    .iter()
                    .map(|(_, l)| l.len())
                    .sum::<usize>()
        })
        .sum();
    let areas = notes::areas(g, &seat);
    let areas = if areas.is_empty() {
        0.0
    } else {
        1.3 + areas
            .iter()
            .map(|(n, f)| wrap(&format!("{n}: {f}"), SUPPLY_WIDTH).len() as f64)
            .sum::<f64>()
    };
    LINE * (3.0
        + title
        + o.subtitle.len() as f64
        + 2.0 * f64::from(g.players())
        + 0.8 * supply as f64
        + areas
        + legend
        + 2.0)
}

/// Player `pl`'s lines under his supply ([`notes::player_lines`]), each
/// wrapped to the panel's width.
fn player_note_lines(
    g: &Game,
    pl: PlayerId,
    seat: &dyn Fn(PlayerId) -> String,
) -> Vec<(notes::PlayerLine, Vec<String>)> {
    notes::player_lines(g, pl, seat)
        .into_iter()
        .map(|l| {
            let text = match &l {
                notes::PlayerLine::Holds(s) => wrap(s, SUPPLY_WIDTH),
                notes::PlayerLine::Note(n) => wrap(&n.note, SUPPLY_WIDTH - 3),
                notes::PlayerLine::Failed(_) => vec!["?".to_string()],
            };
            (l, text)
        })
        .collect()
}

/// Characters of a supply line in the panel (11 px text in its width).
const SUPPLY_WIDTH: usize = 40;

/// The figures player `pl` has in hand, `in hand: follower 7, wagon 1, …`, in
/// lines that fit the panel (a figure's name and count never split).
fn supply_lines(g: &Game, pl: PlayerId) -> Vec<String> {
    let mut lines = vec!["in hand:".to_string()];
    let kinds = g.rules().figures.iter().enumerate();
    for (k, f) in kinds.filter(|(_, f)| f.per_player > 0) {
        let item = format!("{} {}", f.name, g.supply(pl, FigureKindId(k as u8)));
        let line = lines.last_mut().expect("one line at least");
        if line.ends_with(':') || line.chars().count() + 2 + item.chars().count() <= SUPPLY_WIDTH {
            line.push_str(if line.ends_with(':') { " " } else { ", " });
            line.push_str(&item);
        } else {
            line.push(',');
            lines.push(item);
        }
    }
    lines
}

/// Marker names present on the board that `style` draws, in marker-id order.
pub fn legend_names(g: &Game, style: &Style) -> Vec<String> {
    let rules = g.rules();
    let mut mask = 0u64;
    for t in g.tiles() {
        if let Some(t) = rules.tiles.get(t.ty) {
            mask |= t.markers | t.features.iter().fold(0, |m, f| m | f.markers);
        }
    }
    let mut names = tile::marker_names(&rules.tiles.markers, mask);
    names.retain(|n| style.shows_marker(n));
    names
}

fn text(s: impl Into<String>, x: f64, y: f64, size: f64) -> Text {
    Text::new(s.into())
        .set("x", x)
        .set("y", y)
        .set("font-size", size)
        .set("fill", "#222")
}

fn panel(g: &Game, o: &Options, style: &Style) -> Group {
    let mut y = LINE * 1.3;
    let x = 16.0;
    let mut p = Group::new().set("class", "panel");
    for (i, line) in title_lines(g, o).into_iter().enumerate() {
        if i > 0 {
            y += LINE * 0.9;
        }
        p = p.add(text(line, x, y, 16.0).set("font-weight", "bold"));
    }
    for line in &o.subtitle {
        y += LINE;
        p = p.add(text(line.as_str(), x, y, 13.0));
    }
    y += LINE;
    let status = if let Some(s) = &o.status {
        s.clone()
    } else if g.is_over() {
        format!("Turn {} — game over", g.turn())
    } else {
        format!(
            "Turn {} — {} left",
            g.turn(),
            crate::log::counted(g.bag_len() as u64, "tile", "tiles")
        )
    };
    p = p.add(text(status, x, y, 13.0));
    y += LINE * 0.6;
    let best = g.scores().iter().copied().max().unwrap_or(0);
    for pl in PlayerId::all(g.players()) {
        y += LINE * 1.4;
        let score = g.score(pl);
        let mut name = seat_name(o, style, pl.into());
        if g.is_over() && score == best {
            name.push_str("  ★");
        }
        p = p
            .add(
                Rect::new()
                    .set("x", x)
                    .set("y", y - 14.0)
                    .set("width", 16)
                    .set("height", 16)
                    .set("rx", 3)
                    .set("fill", style.player_color(Some(pl.into())))
                    .set("stroke", "#222"),
            )
            .add(text(name, x + 24.0, y, 15.0))
            .add(
                text(score.to_string(), x + 240.0, y, 16.0)
                    .set("class", "score")
                    .set("data-seat", pl.seat())
                    .set("text-anchor", "end")
                    .set("font-weight", "bold"),
            );
        for line in supply_lines(g, pl) {
            y += LINE * 0.8;
            p = p.add(text(line, x + 24.0, y, 11.0).set("fill", "#555"));
        }
        let seat = |p: PlayerId| seat_name(o, style, p.into());
        for (line, texts) in player_note_lines(g, pl, &seat) {
            let mut group = Group::new().set("data-seat", pl.seat());
            let mut indent = 24.0;
            group = match &line {
                notes::PlayerLine::Holds(_) => group.set("class", "holds"),
                notes::PlayerLine::Note(n) => {
                    indent = 40.0;
                    let sym = style.note(&n.plugin).symbol(&n.plugin);
                    group
                        .set("class", "player-note")
                        .set("data-plugin", n.plugin.as_str())
                        .add(Title::new(format!("{}: {}", n.plugin, n.note)))
                        .add(shapes::marker(
                            &sym,
                            &n.plugin,
                            x + 31.0,
                            y + LINE * 0.8 - 4.0,
                            6.0,
                        ))
                }
                notes::PlayerLine::Failed(e) => group
                    .set("class", "note-failed")
                    .add(Title::new(format!("no note: {e}"))),
            };
            for t in texts {
                y += LINE * 0.8;
                group = group.add(text(t, x + indent, y, 11.0).set("fill", "#333"));
            }
            p = p.add(group);
        }
    }
    let seat = |p: PlayerId| seat_name(o, style, p.into());
    let areas = notes::areas(g, &seat);
    if !areas.is_empty() {
        y += LINE * 1.3;
        p = p.add(text("Off the board", x, y, 13.0).set("font-weight", "bold"));
        for (name, figs) in areas {
            let mut group = Group::new()
                .set("class", "area")
                .set("data-area", name.as_str());
            for (i, line) in wrap(&format!("{name}: {figs}"), SUPPLY_WIDTH)
                .into_iter()
                .enumerate()
            {
                y += if i == 0 { LINE } else { LINE * 0.8 };
                group = group.add(text(line, x + 8.0, y, 11.0).set("fill", "#333"));
            }
            p = p.add(group);
        }
    }
    let names = legend_names(g, style);
    if !names.is_empty() {
        y += LINE * 1.3;
        p = p.add(text("Markers", x, y, 13.0).set("font-weight", "bold"));
        for n in names {
            y += LINE;
            p = p
                .add(shapes::marker(&style.marker(&n), &n, x + 8.0, y - 5.0, 8.0))
                .add(text(n.as_str(), x + 24.0, y, 13.0));
        }
    }
    p
}

/// The symbol of marker `name` as a small SVG document of `size` pixels (a legend entry).
pub fn marker_symbol(name: &str, size: f64, style: &Style) -> String {
    let doc = Document::new()
        .set("viewBox", (0, 0, 20, 20))
        .set("width", size)
        .set("height", size)
        .add(shapes::marker(&style.marker(name), name, 10.0, 10.0, 7.0))
        .to_string();
    xml_safe(doc)
}

/// Tile type `t` turned `rot` as a small SVG document (e.g. the drawn tile).
pub fn tile_picture(g: &Game, t: &TileType, rot: u8, size: f64, style: &Style) -> String {
    let doc = Document::new()
        .set("viewBox", (0, 0, S, S))
        .set("width", size)
        .set("height", size)
        .add(tile::tile(t, &g.rules().tiles.markers, rot, style))
        .to_string();
    xml_safe(doc)
}

/// SVG text `svg` with every character XML does not allow (the control
/// characters but tab, line feed and carriage return; U+FFFE, U+FFFF) made
/// U+FFFD: names and notes come from rulesets, tile sets and plugins, and
/// the `svg` crate escapes markup, not those.
pub(crate) fn xml_safe(svg: String) -> String {
    let bad = |c: char| {
        (c < ' ' && !matches!(c, '\t' | '\n' | '\r')) || matches!(c, '\u{FFFE}' | '\u{FFFF}')
    };
    if !svg.contains(bad) {
        return svg;
    }
    svg.chars()
        .map(|c| if bad(c) { '\u{FFFD}' } else { c })
        .collect()
}
