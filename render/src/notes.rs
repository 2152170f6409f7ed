//! What plugins say about the game, in pictures: each plugin's public notes
//! about features (a tower's height, its pieces) drawn on the board at the
//! feature, and its notes about players (pieces left, prisoners) with each
//! player in the panel, each with the symbol of its plugin; and the figures a
//! player holds off the board (prisoners), with the player.
//!
//! How a plugin's notes look is data: the `[notes]` table of a style, keyed by
//! plugin id ([`NoteStyle`]), which a plugin ships in its own style. A plugin
//! not listed gets a badge with its initial in a colour derived from its id,
//! so every note is drawn without any style. No code here names a plugin.

use crate::style::{initial, name_color, Style, Symbol};
use crate::{geometry, shapes, S};
use carcassonne_core::{AreaId, FeatureId, FigureId, Game, PlayerId, PluginNote, Pos};
use serde::Deserialize;
use svg::node::element::{Group, TSpan, Text, Title};
use svg::Document;

/// Where a plugin's feature notes are drawn on the board.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Placement {
    /// At the feature, above where its figures stand (a tower's height).
    #[default]
    Feature,
    /// In the top-right corner of the feature's tile, clear of its figures.
    Corner,
    /// Not on the board: only in lists (the terminal's, observations).
    List,
}

/// How one plugin's notes look (`[notes.<plugin id>]` in a style).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoteStyle {
    /// Symbol shape, one of [`crate::shapes::MARKER_SHAPES`] (default `badge`).
    #[serde(default = "badge")]
    pub shape: String,
    /// CSS colour of the symbol (default: derived from the plugin's id).
    #[serde(default)]
    pub color: Option<String>,
    /// A letter on the symbol, and the plugin's mark on the terminal's board
    /// (default: the plugin id's initial).
    #[serde(default)]
    pub letter: Option<String>,
    /// Where its feature notes are drawn (default `feature`).
    #[serde(default)]
    pub placement: Placement,
    /// Whether the note's text is written next to its symbol on the board
    /// (default `true`; the text is always the symbol's tooltip).
    #[serde(default = "yes")]
    pub label: bool,
}

fn badge() -> String {
    "badge".into()
}

fn yes() -> bool {
    true
}

impl NoteStyle {
    /// The symbol drawn for the notes of plugin `plugin`.
    pub fn symbol(&self, plugin: &str) -> Symbol {
        Symbol {
            shape: self.shape.clone(),
            color: Some(self.color.clone().unwrap_or_else(|| name_color(plugin))),
            letter: Some(self.mark(plugin)),
        }
    }

    /// The plugin's one-letter mark (its `letter`, or its id's initial).
    pub fn mark(&self, plugin: &str) -> String {
        self.letter.clone().unwrap_or_else(|| initial(plugin))
    }
}

impl Style {
    /// How the notes of plugin `plugin` look: its `[notes]` entry, or a badge
    /// with its initial at the feature.
    pub fn note(&self, plugin: &str) -> NoteStyle {
        self.notes
            .get(plugin)
            .cloned()
            .unwrap_or_else(|| NoteStyle {
                shape: badge(),
                color: None,
                letter: None,
                placement: Placement::Feature,
                label: true,
            })
    }
}

/// A feature's notes, or why they could not be had.
pub type FeatureNotes = Result<Vec<PluginNote>, String>;

/// Every feature instance on the board with a note (or whose note failed):
/// its tile's position, its local index, and the notes. Empty, asking no
/// plugin, when no plugin has feature notes.
pub fn feature_notes(g: &Game) -> Vec<(Pos, u8, FeatureNotes)> {
    let mut out = Vec::new();
    if !g.rules().wants(carcassonne_core::hook::FEATURE_NOTE) {
        return out;
    }
    for f in (0..g.feature_count() as u16).map(FeatureId) {
        let notes = g.feature_notes(f).map_err(|e| e.to_string());
        if notes.as_ref().is_ok_and(Vec::is_empty) {
            continue;
        }
        let at = g
            .feature_tile(f)
            .and_then(|t| Some((g.tile_pos(t)?, g.feature_local(f)?)));
        if let Some((pos, local)) = at {
            out.push((pos, local, notes));
        }
    }
    out
}

/// Radius of a note's symbol on the board.
const R: f64 = S * 0.075;

/// Characters of a note's label per line on the board: 11-pixel bold text
/// of about 7 pixels a character, so that a line stays within a tile's
/// width and a neighbour's label starts beyond it.
const LABEL_CHARS: usize = 14;

/// Pixels from one line of a label to the next.
const LABEL_LINE: f64 = 13.0;

/// The feature notes drawn on the board (class `feature-notes`): each note a
/// `g.feature-note` with `data-plugin`, `data-x`, `data-y` and
/// `data-feature`, its plugin's symbol and (unless the style says `label =
/// false`) its text; several notes at one spot stack downwards. A note that
/// failed is a `?` (`text.note-failed`) whose tooltip is the error.
pub fn board_layer(g: &Game, style: &Style, origin: &dyn Fn(Pos) -> (f64, f64)) -> Group {
    let mut layer = Group::new().set("class", "feature-notes");
    // How far down the notes already at each spot reach, to stack them.
    let mut crowd: std::collections::BTreeMap<(Pos, u8), f64> = Default::default();
    for (pos, local, notes) in feature_notes(g) {
        let (tx, ty) = origin(pos);
        let spot = |placement: Placement| -> (geometry::Pt, u8) {
            let tile = g
                .tile_at(pos)
                .and_then(|t| g.tile_type(t).zip(g.tile_rot(t)));
            match (placement, tile) {
                (Placement::Feature, Some((tt, rot))) => {
                    let (x, y) = geometry::anchor(tt, rot.quarter_turns(), local.into());
                    // Above the figures standing there.
                    ((x, (y - 0.2).max(0.1)), local)
                }
                _ => ((0.86, 0.12), u8::MAX),
            }
        };
        let notes = match notes {
            Ok(notes) => notes,
            Err(e) => {
                let ((x, y), _) = spot(Placement::Feature);
                let mark = Text::new("?")
                    .add(Title::new(format!("no note: {e}")))
                    .set("class", "note-failed")
                    .set("x", tx + x * S)
                    .set("y", ty + y * S)
                    .set("font-size", 14)
                    .set("font-weight", "bold")
                    .set("fill", "#b00");
                layer = layer.add(mark);
                continue;
            }
        };
        for n in notes {
            let ns = style.note(&n.plugin);
            if ns.placement == Placement::List {
                continue;
            }
            let ((x, y), key) = spot(ns.placement);
            // A long label in lines of LABEL_CHARS (a note of several lines
            // pushes the next one at its spot further down).
            let lines = match ns.label {
                true => super::wrap(&n.note, LABEL_CHARS),
                false => Vec::new(),
            };
            let k = crowd.entry((pos, key)).or_default();
            let (cx, cy) = (tx + x * S, ty + y * S + *k);
            *k += (R * 2.4).max(lines.len() as f64 * LABEL_LINE + 4.0);
            let mut group = Group::new()
                .set("class", "feature-note")
                .set("data-plugin", n.plugin.as_str())
                .set("data-x", pos.x)
                .set("data-y", pos.y)
                .set("data-feature", local)
                .add(Title::new(format!("{}: {}", n.plugin, n.note)))
                .add(shapes::marker(&ns.symbol(&n.plugin), &n.plugin, cx, cy, R));
            if ns.label {
                // One line as plain text; more as lines (`tspan`) below it.
                let mut label = match lines.as_slice() {
                    [_, _, ..] => Text::new(""),
                    _ => Text::new(n.note.as_str()),
                };
                if lines.len() > 1 {
                    for (i, line) in lines.iter().enumerate() {
                        label = label.add(
                            TSpan::new(line.as_str())
                                .set("x", cx + R * 1.3)
                                .set("dy", if i == 0 { 0.0 } else { LABEL_LINE }),
                        );
                    }
                }
                group = group.add(
                    label
                        .set("x", cx + R * 1.3)
                        .set("y", cy)
                        .set("font-size", 11)
                        .set("font-weight", "bold")
                        .set("dominant-baseline", "central")
                        .set("fill", "#111")
                        .set("stroke", "#fff")
                        .set("stroke-width", 3)
                        .set("paint-order", "stroke"),
                );
            }
            layer = layer.add(group);
        }
    }
    layer
}

/// What the panel shows of a player besides his supply: the figures he holds
/// (`holds: Blue follower`), then each plugin's note about him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerLine {
    /// The figures of others he holds off the board (prisoners).
    Holds(String),
    /// A plugin's note about him (its id, the note).
    Note(PluginNote),
    /// The plugins' notes could not be had: the error.
    Failed(String),
}

/// The lines of [`PlayerLine`] for player `pl`; `seat` names a seat.
pub fn player_lines(g: &Game, pl: PlayerId, seat: &dyn Fn(PlayerId) -> String) -> Vec<PlayerLine> {
    let mut lines = Vec::new();
    let held: Vec<String> = g
        .figures_held_by(pl)
        .map(|f| figure_name(g, f, seat))
        .collect();
    if !held.is_empty() {
        lines.push(PlayerLine::Holds(format!("holds: {}", held.join(", "))));
    }
    match g.player_notes(pl) {
        Ok(notes) => lines.extend(notes.into_iter().map(PlayerLine::Note)),
        Err(e) => lines.push(PlayerLine::Failed(e.to_string())),
    }
    lines
}

/// Figure `f` named by its owner's seat and its kind ("Blue follower").
fn figure_name(g: &Game, f: FigureId, seat: &dyn Fn(PlayerId) -> String) -> String {
    let kind = g
        .figure_kind(f)
        .and_then(|k| g.figure_kind_name(k))
        .unwrap_or("figure");
    match g.figure_owner(f) {
        Some(o) => format!("{} {kind}", seat(o)),
        None => kind.to_string(),
    }
}

/// The figures in each area off the board that holds any (the Count's city
/// quarters): `(area name, "Red follower, Blue follower")`.
pub fn areas(g: &Game, seat: &dyn Fn(PlayerId) -> String) -> Vec<(String, String)> {
    (0..g.area_count())
        .filter_map(|a| {
            let a = AreaId(a as u8);
            let figs: Vec<String> = g
                .figures_in_area(a)
                .map(|f| figure_name(g, f, seat))
                .collect();
            (!figs.is_empty()).then(|| {
                (
                    g.area_name(a).unwrap_or("area").to_string(),
                    figs.join(", "),
                )
            })
        })
        .collect()
}

/// The symbol of plugin `plugin`'s notes as a small SVG document of `size`
/// pixels (beside a player's note in the browser).
pub fn note_symbol(plugin: &str, size: f64, style: &Style) -> String {
    let sym = style.note(plugin).symbol(plugin);
    crate::xml_safe(
        Document::new()
            .set("viewBox", (0, 0, 20, 20))
            .set("width", size)
            .set("height", size)
            .add(shapes::marker(&sym, plugin, 10.0, 10.0, 7.0))
            .to_string(),
    )
}
