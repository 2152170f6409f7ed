//! The look of board pictures: colours, and which shape stands for which
//! marker and figure kind. Data (`render/style.toml`), not code, so a new
//! expansion's markers get their own symbols without changing the renderer, and
//! unknown names still get a readable generic symbol. A plugin's style and a
//! user's style file are layers merged over the built-in one
//! ([`crate::layers`]).

use serde::Deserialize;
use std::collections::BTreeMap;

/// The style compiled into the renderer.
pub const DEFAULT_STYLE: &str = include_str!("../style.toml");

/// A seat's colour and name.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seat {
    /// Player name ("Red").
    pub name: String,
    /// CSS colour.
    pub color: String,
}

/// Colours of the land.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Land {
    /// Fields (the tile background).
    pub field: String,
    /// City areas.
    pub city: String,
    /// City walls.
    pub city_edge: String,
    /// Roads.
    pub road: String,
    /// Road borders.
    pub road_edge: String,
    /// Barriers (a river), drawn like roads.
    #[serde(default = "default_barrier")]
    pub barrier: String,
    /// Barrier borders.
    #[serde(default = "default_barrier_edge")]
    pub barrier_edge: String,
    /// Cloister buildings.
    pub cloister: String,
    /// Lines where two fields meet with nothing between them.
    pub hedge: String,
    /// Empty board cells.
    pub grid: String,
    /// Highlighted empty cells (legal placements).
    pub frontier: String,
    /// Outline of the last placed tile.
    pub last: String,
}

fn default_barrier() -> String {
    "#5b9bd5".into()
}

fn default_barrier_edge() -> String {
    "#2f5f8f".into()
}

/// How a marker or figure kind is drawn.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Symbol {
    /// Shape name (see [`Style`]).
    pub shape: String,
    /// CSS colour (markers; figures use their owner's colour).
    #[serde(default)]
    pub color: Option<String>,
    /// A letter drawn on the shape.
    #[serde(default)]
    pub letter: Option<String>,
}

/// A complete style.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Style {
    /// Seats in order.
    pub players: Vec<Seat>,
    /// Colour of figures owned by nobody.
    pub neutral: String,
    /// Land colours.
    pub land: Land,
    /// Marker symbols by marker name (shapes: [`crate::shapes::MARKER_SHAPES`]).
    #[serde(default)]
    pub markers: BTreeMap<String, Symbol>,
    /// Figure symbols by figure kind name (shapes: those of
    /// [`crate::shapes::figure_shapes`]).
    #[serde(default)]
    pub figures: BTreeMap<String, Symbol>,
    /// How each plugin's notes look, by plugin id ([`crate::notes`]).
    #[serde(default)]
    pub notes: BTreeMap<String, crate::notes::NoteStyle>,
}

/// A style file that could not be read.
#[derive(Debug, thiserror::Error)]
#[error("invalid style: {0}")]
pub struct StyleError(pub String);

impl Default for Style {
    fn default() -> Style {
        crate::layers::StyleLayers::default().into_style()
    }
}

impl Style {
    /// A complete style from a TOML table. The error names the key at fault.
    pub(crate) fn from_table(t: toml::Table) -> Result<Style, StyleError> {
        let s: Style = serde_path_to_error::deserialize(toml::Value::Table(t)).map_err(|e| {
            let path = e.path().to_string();
            // The path is more precise than the key toml's message names.
            let inner = e.inner().to_string();
            let inner = inner.lines().next().unwrap_or_default().trim();
            StyleError(if path == "." {
                inner.to_string()
            } else {
                format!("`{path}`: {inner}")
            })
        })?;
        if s.players.is_empty() {
            return Err(StyleError("`players` lists no seat".into()));
        }
        let bad: Vec<String> = s
            .colours()
            .filter(|(_, c)| !css_colour(c))
            .map(|(path, c)| {
                format!(
                    "`{path}`: `{}` is not a colour (use #rgb, #rrggbb, #rrggbbaa, a colour name \
                     such as `teal`, or rgb(…) or hsl(…))",
                    c.escape_debug()
                )
            })
            .collect();
        if !bad.is_empty() {
            return Err(StyleError(bad.join("; ")));
        }
        Ok(s)
    }

    /// Every colour of the style, with its key's path (`land.field`,
    /// `players[0].color`, `markers.hill.color`).
    fn colours<'s>(&'s self) -> impl Iterator<Item = (String, &'s str)> {
        let l = &self.land;
        let land = [
            ("field", &l.field),
            ("city", &l.city),
            ("city-edge", &l.city_edge),
            ("road", &l.road),
            ("road-edge", &l.road_edge),
            ("barrier", &l.barrier),
            ("barrier-edge", &l.barrier_edge),
            ("cloister", &l.cloister),
            ("hedge", &l.hedge),
            ("grid", &l.grid),
            ("frontier", &l.frontier),
            ("last", &l.last),
        ]
        .into_iter()
        .map(|(k, c)| (format!("land.{k}"), c.as_str()));
        let seats = (self.players.iter().enumerate())
            .map(|(i, p)| (format!("players[{i}].color"), p.color.as_str()));
        let symbols = |table: &'static str, m: &'s BTreeMap<String, Symbol>| {
            m.iter()
                .filter_map(move |(k, v)| Some((format!("{table}.{k}.color"), v.color.as_deref()?)))
        };
        let notes = self
            .notes
            .iter()
            .filter_map(|(k, v)| Some((format!("notes.{k}.color"), v.color.as_deref()?)));
        std::iter::once(("neutral".to_string(), self.neutral.as_str()))
            .chain(seats)
            .chain(land)
            .chain(symbols("markers", &self.markers))
            .chain(symbols("figures", &self.figures))
            .chain(notes)
    }

    /// The name of seat `p` ("Red"), or "Player N" past the listed seats.
    pub fn player_name(&self, p: usize) -> String {
        self.players
            .get(p)
            .map_or_else(|| format!("Player {}", p + 1), |s| s.name.clone())
    }

    /// The colour of seat `p` (`None`: a neutral figure).
    pub fn player_color(&self, p: Option<usize>) -> String {
        match p {
            Some(p) => self.players[p % self.players.len()].color.clone(),
            None => self.neutral.clone(),
        }
    }

    /// How marker `name` is drawn: its listed symbol, or a badge with its initial.
    pub fn marker(&self, name: &str) -> Symbol {
        self.markers.get(name).cloned().unwrap_or_else(|| Symbol {
            shape: "badge".into(),
            color: Some(name_color(name)),
            letter: Some(initial(name)),
        })
    }

    /// Whether marker `name` is drawn at all: a style may say `shape = "none"`
    /// for a marker that only gives tile data its meaning (the city of
    /// Carcassonne's pieces): it is then neither on the tiles nor in the legend.
    pub fn shows_marker(&self, name: &str) -> bool {
        self.markers.get(name).is_none_or(|m| m.shape != "none")
    }

    /// How figure kind `name` is drawn: its listed symbol, or a meeple with its initial.
    pub fn figure(&self, name: &str) -> Symbol {
        self.figures.get(name).cloned().unwrap_or_else(|| Symbol {
            shape: "meeple".into(),
            color: None,
            letter: Some(initial(name)),
        })
    }
}

/// The upper-case first letter of `name` ("?" if none).
pub fn initial(name: &str) -> String {
    name.chars()
        .find(|c| c.is_alphanumeric())
        .map_or("?".into(), |c| c.to_uppercase().to_string())
}

/// Whether `c` is a CSS colour the pictures can carry as it is: `#` and 3, 4,
/// 6 or 8 hexadecimal digits, a colour name (ASCII letters), or `rgb(…)`,
/// `rgba(…)`, `hsl(…)`, `hsla(…)` of numbers, units (lower-case letters),
/// `%`, `.`, `,`, `/`, signs and spaces.
/// Nothing else reaches an SVG attribute.
pub fn css_colour(c: &str) -> bool {
    if let Some(hex) = c.strip_prefix('#') {
        return matches!(hex.len(), 3 | 4 | 6 | 8) && hex.bytes().all(|b| b.is_ascii_hexdigit());
    }
    if !c.is_empty() && c.len() <= 32 && c.bytes().all(|b| b.is_ascii_alphabetic()) {
        return true;
    }
    ["rgb(", "rgba(", "hsl(", "hsla("].iter().any(|f| {
        c.strip_prefix(f)
            .and_then(|r| r.strip_suffix(')'))
            .is_some_and(|args| {
                !args.trim().is_empty()
                    && args.len() <= 64
                    && args.bytes().all(|b| {
                        b.is_ascii_digit() || b.is_ascii_lowercase() || b" .,%/+-".contains(&b)
                    })
            })
    })
}

/// A stable, saturated colour for a name (the same name always gets the same colour).
pub fn name_color(name: &str) -> String {
    // FNV-1a: stable across runs and platforms, unlike the std hasher.
    let h = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("hsl({}, 55%, 40%)", h % 360)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_style_parses_and_unknown_names_get_generic_symbols() {
        let s = Style::default();
        assert!(s.players.len() >= 6);
        let m = s.marker("some-new-marker");
        assert_eq!(m.shape, "badge");
        assert_eq!(m.letter.as_deref(), Some("S"));
        let f = s.figure("some-new-figure");
        assert_eq!(
            (f.shape.as_str(), f.letter.as_deref()),
            ("meeple", Some("S"))
        );
        assert_eq!(name_color("x"), name_color("x"));
        for ok in [
            "#abc",
            "#abcd",
            "#a1b2c3",
            "#a1b2c3d4",
            "teal",
            "rgb(1, 2, 3)",
            "hsl(120deg 50% 40% / 0.5)",
        ] {
            assert!(css_colour(ok), "{ok}");
        }
        for bad in [
            "#zzz",
            "#abcde",
            "",
            "te al",
            "red\"",
            "rgb(1,2,3",
            "url(x)",
            "rgb(\"x\")",
            "a<b",
        ] {
            assert!(!css_colour(bad), "{bad}");
        }
        assert!(
            css_colour(&name_color("inn")),
            "the derived colours are colours"
        );
        assert_ne!(name_color("inn"), name_color("cathedral"));
    }
}
