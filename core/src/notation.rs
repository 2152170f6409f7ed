//! Text form of actions and chance outcomes, used by records, the command line and
//! scenario fixtures.
//!
//! | text | action |
//! |---|---|
//! | `draw BA/C` | tile draw outcome (chance) |
//! | `hidden BA/C` | face-down tile outcome (chance) |
//! | `face-up BA/C` | tile drawn face up into a plugin's lot (chance) |
//! | `place 1 -2 3` | place the drawn tile at x = 1, y = -2, rotated 3 quarter turns clockwise |
//! | `place 1 -2 3 bridges on W` | ... laying a plugin's piece (the plugin's id and its name for the piece) |
//! | `set-aside` | set the drawn tile aside (when it fits only with optional pieces) |
//! | `pass` | deploy nothing |
//! | `deploy follower 2` | deploy a follower on local feature 2 of the placed tile |
//! | `deploy follower city N` | ... on the city that reaches the board's north side (`field NL`, `road E`, `cloister`, `field centre` for an inner field, `shrine` for a feature the tile data names so, ...) |
//! | `deploy follower 2 at 3 -1` | ... on local feature 2 of the tile at x = 3, y = -1 (a plugin's deployment elsewhere) |
//! | `deploy barn 1 corner NE` | ... on local feature 1, at the tile's north-east corner (`deploy barn corner NE`: the field at that corner) |
//! | `deploy dragon tile at 3 -1` | ... on the tile itself, on no feature |
//! | `<plugin> <value>` | a plugin special option, decision option or chance outcome, e.g. `shepherd grow` |

use crate::game::{Action, Actor, Game, Stage};
use crate::hooks::{FigureOption, NameCtx, Piece, Placement, Step, CORE_OWNER};
use crate::types::*;
use crate::GameError;

/// The action that sets the drawn tile aside ([`Placement::SET_ASIDE`]).
pub const SET_ASIDE: &str = "set-aside";

/// The stream and action word of a tile drawn face up into a plugin's lot.
pub const FACE_UP: &str = "face-up";

/// The first words of the core's actions (any other action starts with a
/// plugin's id).
pub const ACTION_WORDS: [&str; 7] = [
    "draw", "hidden", FACE_UP, SET_ASIDE, "place", "pass", "deploy",
];

/// Largest coordinate (in absolute value) the action text accepts.
pub const MAX_COORD: i64 = 4000;

fn bad(text: &str, reason: impl Into<String>) -> GameError {
    GameError::Illegal {
        action: format!("`{text}`"),
        reason: reason.into(),
    }
}

impl Game {
    /// Stream name of the current chance event: `tile`, `hidden`, `face-up`, or
    /// the plugin id.
    pub fn chance_stream(&self) -> Option<&str> {
        if self.actor() != Actor::Chance {
            return None;
        }
        Some(match self.pending_steps().last() {
            None => "tile",
            Some(s) if Game::is_public_draw(s) => FACE_UP,
            Some(s) if s.owner == CORE_OWNER => "hidden",
            Some(s) => self
                .rules()
                .plugins
                .get(usize::from(s.owner))
                .map_or("?", |p| p.decl.id.as_str()),
        })
    }

    /// Name of a chance outcome of the current chance event (a tile id or a plugin value name).
    pub fn outcome_name(&self, c: u32) -> String {
        self.outcome_name_in(self.pending_steps().last().copied(), c)
    }

    /// Name of outcome `c` of the chance event `step` (`None`: the tile draw),
    /// e.g. after it was resolved.
    pub fn outcome_name_in(&self, step: Option<Step>, c: u32) -> String {
        match step {
            Some(s) if s.owner != CORE_OWNER => {
                self.rules().plugins.get(usize::from(s.owner)).map_or_else(
                    || c.to_string(),
                    |p| self.value_text(p, NameCtx::Step(s), c),
                )
            }
            _ => self
                .rules()
                .tiles
                .types
                .get(c as usize)
                .map_or_else(|| c.to_string(), |t| t.id.clone()),
        }
    }

    /// Parses the name of an outcome of the current chance event.
    pub fn parse_outcome(&self, name: &str) -> Result<u32, GameError> {
        match self.pending_steps().last() {
            Some(s) if s.owner != CORE_OWNER && !s.chance => {
                let id = self
                    .rules()
                    .plugins
                    .get(usize::from(s.owner))
                    .map_or("?", |p| p.decl.id.as_str());
                Err(bad(
                    name,
                    format!(
                        "a decision of `{id}` is pending (player {}): no chance event now",
                        s.player
                    ),
                ))
            }
            Some(s) if s.owner != CORE_OWNER => self
                .rules()
                .plugins
                .get(usize::from(s.owner))
                .and_then(|p| self.parse_value_text(p, NameCtx::Step(*s), name))
                .ok_or_else(|| bad(name, "not an outcome of this chance event")),
            _ => self
                .rules()
                .tiles
                .by_id(name)
                .map(u32::from)
                .ok_or_else(|| bad(name, "no tile has this id")),
        }
    }

    /// Text form of an action in the current state.
    pub fn format_action(&self, a: Action) -> String {
        match a {
            Action::Chance(c) => match self.chance_stream() {
                Some("tile") | None => format!("draw {}", self.outcome_name(c)),
                Some("hidden") => format!("hidden {}", self.outcome_name(c)),
                Some(FACE_UP) => format!("{FACE_UP} {}", self.outcome_name(c)),
                Some(p) => format!("{p} {}", self.outcome_name(c)),
            },
            Action::Place(p) if p == Placement::SET_ASIDE => SET_ASIDE.into(),
            Action::Place(p) => {
                let at = format!("place {} {} {}", p.pos.x, p.pos.y, p.rot);
                match p
                    .piece
                    .plugin()
                    .and_then(|i| self.rules().plugins.get(usize::from(i)))
                {
                    Some(e) => format!(
                        "{at} {} {}",
                        e.decl.id,
                        e.hooks.value_name(NameCtx::Piece, p.piece.code())
                    ),
                    None => at,
                }
            }
            Action::Figure(FigureOption::Pass) => "pass".into(),
            Action::Figure(FigureOption::Deploy { kind, at }) => {
                let name = self.rules().figure(kind).map_or("?", |f| &f.name);
                format!("deploy {name} {}", self.location_text(at))
            }
            Action::Figure(FigureOption::Special { plugin, code }) => {
                match self.rules().plugins.get(plugin as usize) {
                    Some(p) => format!(
                        "{} {}",
                        p.decl.id,
                        self.value_text(p, NameCtx::Special, code)
                    ),
                    None => format!("special {plugin} {code}"),
                }
            }
            Action::Choose(c) => match self
                .pending_steps()
                .last()
                .and_then(|s| Some((s, self.rules().plugins.get(usize::from(s.owner))?)))
            {
                Some((s, p)) => {
                    format!("{} {}", p.decl.id, self.value_text(p, NameCtx::Step(*s), c))
                }
                None => format!("choose {c}"),
            },
        }
    }

    /// Parses an action in the current state (it is not checked for legality here).
    pub fn parse_action(&self, text: &str) -> Result<Action, GameError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some(&head) = words.first() else {
            return Err(bad(text, "empty action"));
        };
        let int = |w: Option<&&str>| -> Result<i64, GameError> {
            w.and_then(|s| s.parse::<i64>().ok())
                .ok_or_else(|| bad(text, "expected a number"))
        };
        match head {
            "draw" | "hidden" | FACE_UP => {
                let name = words.get(1).ok_or_else(|| bad(text, "missing tile id"))?;
                Ok(Action::Chance(self.parse_outcome(name)?))
            }
            SET_ASIDE if words.len() == 1 => Ok(Action::Place(Placement::SET_ASIDE)),
            "place" => {
                if words.len() < 4 || words.len() == 5 {
                    return Err(bad(text, "expected `place X Y ROTATION [PLUGIN PIECE]`"));
                }
                let (x, y, r) = (int(words.get(1))?, int(words.get(2))?, int(words.get(3))?);
                let coord = -MAX_COORD..=MAX_COORD;
                if !(0..4).contains(&r) || !coord.contains(&x) || !coord.contains(&y) {
                    return Err(bad(
                        text,
                        format!("rotation must be 0..3 and coordinates within ±{MAX_COORD}"),
                    ));
                }
                // Any rotation that gives the same tile as a lower one names the same
                // placement: use the one legal placements list.
                let r = Rotation::wrapping(r as usize);
                let rot = match self.drawn_tile() {
                    Some(t) => self
                        .rules()
                        .tiles
                        .get(t)
                        .map_or(r, |tt| tt.same_rotation[r.index()]),
                    None => r,
                };
                let piece = match words.get(4) {
                    None => Piece::NONE,
                    Some(id) => self.parse_piece(id, &words[5..].join(" "), text)?,
                };
                Ok(Action::Place(Placement::with_piece(
                    Pos::new(x as i16, y as i16),
                    rot,
                    piece,
                )))
            }
            "pass" => Ok(Action::Figure(FigureOption::Pass)),
            "deploy" => {
                let kind_name = words
                    .get(1)
                    .ok_or_else(|| bad(text, "missing figure kind"))?;
                let kind = self
                    .rules()
                    .figure_kind(kind_name)
                    .ok_or_else(|| bad(text, format!("no figure kind `{kind_name}`")))?;
                let at = self.parse_location(&words[2..], text)?;
                Ok(Action::Figure(FigureOption::Deploy { kind, at }))
            }
            plugin => {
                let Some(pi) = self.rules().plugin_index(plugin) else {
                    return Err(bad(
                        text,
                        "unknown action (expected draw, place, pass, deploy or a plugin id)",
                    ));
                };
                let value = words[1..].join(" ");
                let Some(p) = self.rules().plugins.get(pi as usize) else {
                    return Err(bad(text, "unknown plugin"));
                };
                if let Some(s) = self.pending_steps().last().filter(|s| s.owner == pi) {
                    let v = self
                        .parse_value_text(p, NameCtx::Step(*s), &value)
                        .ok_or_else(|| {
                            bad(
                                text,
                                match self.pending_options_text() {
                                    Some(o) => format!(
                                        "`{value}` is not a value of the pending `{plugin}` step \
                                         (its options: {o})"
                                    ),
                                    None => format!(
                                        "`{value}` is not a value of the pending `{plugin}` step"
                                    ),
                                },
                            )
                        })?;
                    return Ok(if s.chance {
                        Action::Chance(v)
                    } else {
                        Action::Choose(v)
                    });
                }
                if self.stage() == Stage::Figure {
                    let v = self
                        .parse_value_text(p, NameCtx::Special, &value)
                        .ok_or_else(|| {
                            bad(text, format!("`{value}` is not a `{plugin}` option"))
                        })?;
                    return Ok(Action::Figure(FigureOption::Special {
                        plugin: pi,
                        code: v,
                    }));
                }
                Err(bad(text, format!("plugin `{plugin}` has nothing pending")))
            }
        }
    }

    /// The name of value `code` of plugin `p`: the core's name of a figure
    /// ([`crate::FIGURE_CODE`]), else the plugin's `value_name`.
    fn value_text(&self, p: &crate::rules::PluginEntry, what: NameCtx, code: u32) -> String {
        self.figure_code_name(code)
            .unwrap_or_else(|| p.hooks.value_name(what, code))
    }

    /// Inverse of [`Game::value_text`].
    fn parse_value_text(
        &self,
        p: &crate::rules::PluginEntry,
        what: NameCtx,
        text: &str,
    ) -> Option<u32> {
        self.parse_figure_code(text)
            .or_else(|| p.hooks.parse_value(what, text))
    }

    /// The piece of plugin `id` named `name` (`place 1 0 0 bridges on W`).
    fn parse_piece(&self, id: &str, name: &str, text: &str) -> Result<Piece, GameError> {
        let i = self
            .rules()
            .plugin_index(id)
            .ok_or_else(|| bad(text, format!("no plugin `{id}` lays pieces")))?;
        let code = self
            .rules()
            .plugins
            .get(usize::from(i))
            .and_then(|p| p.hooks.parse_value(NameCtx::Piece, name))
            .ok_or_else(|| bad(text, format!("`{name}` is not a piece of `{id}`")))?;
        Ok(Piece::of(i, code))
    }

    /// Text of a figure location: the local feature, with the tile position when
    /// it is not the tile placed this turn (see the table above).
    pub fn location_text(&self, at: Location) -> String {
        let (t, what) = match at {
            Location::Feature(f) => (
                self.feature_tile(f),
                self.feature_local(f)
                    .map_or_else(|| "?".into(), |l| l.to_string()),
            ),
            Location::Corner(f, c) => (
                self.feature_tile(f),
                format!(
                    "{} corner {}",
                    self.feature_local(f)
                        .map_or_else(|| "?".into(), |l| l.to_string()),
                    c.name()
                ),
            ),
            Location::Tile(t) => (Some(t), "tile".into()),
            Location::Held(_) | Location::Area(_) => return self.off_board_text(at),
        };
        match t {
            Some(t) if Some(t) != self.last_placed() || matches!(at, Location::Tile(_)) => {
                let p = self.tile_pos(t).unwrap_or_default();
                format!("{what} at {} {}", p.x, p.y)
            }
            _ => what,
        }
    }

    /// Text of a place off the board: `held by 1`, `in castle` (an area).
    pub(crate) fn off_board_text(&self, at: Location) -> String {
        match at {
            Location::Held(p) => format!("held by {p}"),
            Location::Area(a) => format!("in {}", self.area_name(a).unwrap_or("?")),
            _ => String::new(),
        }
    }

    /// Parses [`Game::off_board_text`]'s forms.
    pub(crate) fn parse_off_board(&self, words: &[&str]) -> Option<Location> {
        match words {
            ["held", "by", p] => {
                let p = p.parse::<u8>().ok().filter(|&p| p < self.players())?;
                let p = PlayerId::new(p)?;
                Some(Location::Held(p))
            }
            ["in", name] => self.rules().area(name).map(Location::Area),
            _ => None,
        }
    }

    /// Parses the words after `deploy KIND`: `[FEATURE] [corner C] [at X Y]`, or
    /// a place off the board (`in AREA`, `held by P`).
    fn parse_location(&self, words: &[&str], text: &str) -> Result<Location, GameError> {
        if matches!(words.first(), Some(&"in" | &"held")) {
            return self
                .parse_off_board(words)
                .ok_or_else(|| bad(text, "no such place off the board (`in AREA`, `held by P`)"));
        }
        let (words, tile) = match words.iter().position(|w| *w == "at") {
            Some(i) => {
                let n = |w: Option<&&str>| -> Result<i16, GameError> {
                    w.and_then(|s| s.parse::<i16>().ok())
                        .ok_or_else(|| bad(text, "expected `at X Y`"))
                };
                if words.len() != i + 3 {
                    return Err(bad(text, "expected `at X Y` at the end"));
                }
                let pos = Pos::new(n(words.get(i + 1))?, n(words.get(i + 2))?);
                let t = self
                    .tile_at(pos)
                    .ok_or_else(|| bad(text, format!("no tile at {pos}")))?;
                (&words[..i], t)
            }
            None => (
                words,
                self.last_placed()
                    .ok_or_else(|| bad(text, "no tile has been placed this turn"))?,
            ),
        };
        if words == ["tile"] {
            return Ok(Location::Tile(tile));
        }
        let (words, corner) = match words.iter().position(|w| *w == "corner") {
            Some(i) => {
                let c = words
                    .get(i + 1)
                    .and_then(|w| Corner::parse(w))
                    .filter(|_| words.len() == i + 2)
                    .ok_or_else(|| bad(text, "expected `corner NW`, `NE`, `SE` or `SW`"))?;
                (&words[..i], Some(c))
            }
            None => (words, None),
        };
        let local = match (words, corner) {
            ([], Some(c)) => self
                .corner_field(tile, c)
                .and_then(|f| self.feature_local(f))
                .ok_or_else(|| bad(text, format!("no field owns the {} corner", c.name())))?,
            ([n], _) if n.bytes().all(|b| b.is_ascii_digit()) => n
                .parse::<u8>()
                .ok()
                .filter(|&l| self.feature_of(tile, l).is_some())
                .ok_or_else(|| {
                    bad(
                        text,
                        format!("no feature {n}: {}", self.feature_range(tile)),
                    )
                })?,
            ([_] | [_, _], _) => self.feature_by_name(tile, words, text)?,
            _ => return Err(bad(text, "expected `deploy KIND FEATURE`")),
        };
        let f = self
            .feature_of(tile, local)
            .ok_or_else(|| bad(text, format!("the tile has no feature {local}")))?;
        Ok(match corner {
            Some(c) => Location::Corner(f, c),
            None => Location::Feature(f),
        })
    }

    /// "the tile has features 0 to N" (of placed tile `t`).
    fn feature_range(&self, t: TileIndex) -> String {
        let n = usize::from(self.tile_feature_count(t).unwrap_or(0));
        let which = if Some(t) == self.last_placed() {
            "the tile just placed"
        } else {
            "that tile"
        };
        format!("{which} has features 0 to {}", n.saturating_sub(1))
    }

    /// The feature of placed tile `t` whose tile data names it `name` (a
    /// shrine): `None` if none does, an error if several do.
    fn feature_by_data_name(
        &self,
        t: TileIndex,
        name: &str,
        text: &str,
    ) -> Result<Option<u8>, GameError> {
        let Some(tt) = self.tile_type(t) else {
            return Ok(None);
        };
        let mut it = tt
            .features
            .iter()
            .enumerate()
            .filter(|(_, f)| f.barrier == 0 && f.name.as_deref() == Some(name));
        match (it.next(), it.next()) {
            (Some((l, _)), None) => Ok(Some(l as u8)),
            (None, _) => Ok(None),
            _ => Err(bad(
                text,
                format!("the tile has several features named `{name}`: give its number"),
            )),
        }
    }

    /// The spot of placed tile `t` that carries marker `name` (`garden`):
    /// `None` if none does, an error if several do.
    fn spot_by_marker(
        &self,
        t: TileIndex,
        name: &str,
        text: &str,
    ) -> Result<Option<u8>, GameError> {
        let bit = self.rules().tiles.markers.bit(name);
        let Some(tt) = self.tile_type(t).filter(|_| bit != 0) else {
            return Ok(None);
        };
        let mut it = tt
            .features
            .iter()
            .enumerate()
            .filter(|(_, f)| f.kind == FeatureKind::Spot && f.markers & bit != 0);
        match (it.next(), it.next()) {
            (Some((l, _)), None) => Ok(Some(l as u8)),
            (None, _) => Ok(None),
            _ => Err(bad(
                text,
                format!("the tile has several spots marked `{name}`: give its number"),
            )),
        }
    }

    /// Resolves `KIND SIDE` (e.g. `city N`, `field NL`, `cloister`, `field
    /// centre`, `field II`, `garden`, `spot garden`) on placed tile `t`.
    fn feature_by_name(&self, t: TileIndex, words: &[&str], text: &str) -> Result<u8, GameError> {
        let kind = match words.first().copied().unwrap_or("") {
            "road" => FeatureKind::Road,
            "city" => FeatureKind::City,
            "field" => FeatureKind::Field,
            "cloister" => FeatureKind::Cloister,
            "spot" => FeatureKind::Spot,
            // A feature by the name the tile data gives it (`shrine`), a spot
            // by its marker (`garden`, `tower`), as the turn log names them.
            k => {
                if let Some(l) = self.feature_by_data_name(t, k, text)? {
                    if let Some(w) = words.get(1) {
                        return Err(bad(
                            text,
                            format!("`{k}` names one feature of the tile: nothing may follow it (`{w}`)"),
                        ));
                    }
                    return Ok(l);
                }
                return self.spot_by_marker(t, k, text)?.ok_or_else(|| {
                    bad(
                        text,
                        format!(
                            "unknown feature kind `{k}` (road, city, field, cloister, spot, the \
                             name of a feature on the tile or the marker of a spot on it)"
                        ),
                    )
                });
            }
        };
        let (Some(tt), Some(geom)) = (self.tile_type(t), self.placed_geometry(t)) else {
            return Err(bad(text, "no such tile"));
        };
        // `spot garden`: a spot by its marker.
        if kind == FeatureKind::Spot && words.len() == 2 {
            if let Some(l) = self.spot_by_marker(t, words[1], text)? {
                return Ok(l);
            }
        }
        // `centre`: the one feature of the kind in the tile's centre (an
        // inner field, a cloister); `I`, `II`, ...: the first, second, ... of
        // them in the tile data's order, as JCloisterZone names the two inner
        // fields of `AM/CCcc+`.
        let ordinal = words
            .get(1)
            .and_then(|w| ["I", "II", "III", "IV"].iter().position(|n| n == w));
        if words.get(1) == Some(&"centre") || ordinal.is_some() {
            let mut it = tt
                .features
                .iter()
                .enumerate()
                .filter(|(_, f)| f.kind == kind && (f.inner || f.kind.is_centre()));
            if let Some(k) = ordinal {
                return it.nth(k).map(|(l, _)| l as u8).ok_or_else(|| {
                    bad(
                        text,
                        format!("the tile has no {kind} {} in its centre", words[1]),
                    )
                });
            }
            return match (it.next(), it.next()) {
                (Some((l, _)), None) => Ok(l as u8),
                (None, _) => Err(bad(text, format!("the tile has no {kind} in its centre"))),
                _ => Err(bad(
                    text,
                    format!(
                        "the tile has several {kind}s in its centre: give its number, or I, II, … \
                         in the tile's order"
                    ),
                )),
            };
        }
        let slots: Vec<usize> = match words.get(1) {
            None => Vec::new(),
            Some(w) => {
                if let Some(s) = SLOT_NAMES.iter().position(|n| n == w) {
                    vec![s]
                } else if let Some(d) = ["N", "E", "S", "W"].iter().position(|n| n == w) {
                    vec![d * 3 + 1, d * 3, d * 3 + 2]
                } else {
                    return Err(bad(text, format!("`{w}` is not a side or slot")));
                }
            }
        };
        if slots.is_empty() {
            let n = self.tile_feature_count(t).unwrap_or(0);
            let mut it = (0..n).filter(|&l| self.tile_feature_kind(t, l) == Some(kind));
            return match (it.next(), it.next()) {
                (Some(l), None) => Ok(l),
                (None, _) => Err(bad(text, format!("the tile has no {kind}"))),
                _ if kind == FeatureKind::Spot => Err(bad(
                    text,
                    "the tile has several spots: name one by its marker (`spot garden`) or give \
                     its number",
                )),
                _ => Err(bad(
                    text,
                    format!("the tile has several {kind}s: name a side"),
                )),
            };
        }
        for s in slots {
            let l = geom.slot_feature[s];
            if l != crate::tiles::NO_FEATURE && self.tile_feature_kind(t, l) == Some(kind) {
                return Ok(l);
            }
        }
        Err(bad(text, format!("no {kind} there on the placed tile")))
    }
}
