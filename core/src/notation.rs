//! Text form of actions and chance outcomes, used by records, the command line and
//! scenario fixtures.
//!
//! | text | action |
//! |---|---|
//! | `draw BA/C` | tile draw outcome (chance) |
//! | `hidden BA/C` | face-down tile outcome (chance) |
//! | `place 1 -2 3` | place the drawn tile at x = 1, y = -2, rotated 3 quarter turns clockwise |
//! | `pass` | deploy nothing |
//! | `deploy follower 2` | deploy a follower on local feature 2 of the placed tile |
//! | `deploy follower city N` | ... on the city that reaches the board's north side (`field NL`, `road E`, `cloister`, ...) |
//! | `<plugin> <value>` | a plugin special option, decision option or chance outcome, e.g. `shepherd grow` |

use crate::game::{Action, Actor, Game, Stage};
use crate::hooks::{FigureOption, NameCtx, Placement, CORE_OWNER};
use crate::types::*;
use crate::GameError;

/// Largest coordinate (in absolute value) the action text accepts.
pub const MAX_COORD: i64 = 4000;

fn bad(text: &str, reason: impl Into<String>) -> GameError {
    GameError::Illegal {
        action: format!("`{text}`"),
        reason: reason.into(),
    }
}

impl Game {
    /// Stream name of the current chance event: `tile`, `hidden`, or the plugin id.
    pub fn chance_stream(&self) -> Option<&str> {
        if self.actor() != Actor::Chance {
            return None;
        }
        Some(match self.pending_steps().last() {
            None => "tile",
            Some(s) if s.owner == CORE_OWNER => "hidden",
            Some(s) => &self.rules().plugins[s.owner as usize].decl.id,
        })
    }

    /// Name of a chance outcome of the current chance event (a tile id or a plugin value name).
    pub fn outcome_name(&self, c: u32) -> String {
        match self.pending_steps().last() {
            Some(s) if s.owner != CORE_OWNER => self.rules().plugins[s.owner as usize]
                .hooks
                .value_name(NameCtx::Step(*s), c),
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
            Some(s) if s.owner != CORE_OWNER => self.rules().plugins[s.owner as usize]
                .hooks
                .parse_value(NameCtx::Step(*s), name)
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
                Some(p) => format!("{p} {}", self.outcome_name(c)),
            },
            Action::Place(p) => format!("place {} {} {}", p.pos.x, p.pos.y, p.rot),
            Action::Figure(FigureOption::Pass) => "pass".into(),
            Action::Figure(FigureOption::Deploy { kind, feature }) => format!(
                "deploy {} {feature}",
                self.rules()
                    .figures
                    .get(kind as usize)
                    .map_or("?", |f| &f.name)
            ),
            Action::Figure(FigureOption::Special { plugin, code }) => {
                match self.rules().plugins.get(plugin as usize) {
                    Some(p) => format!(
                        "{} {}",
                        p.decl.id,
                        p.hooks.value_name(NameCtx::Special, code)
                    ),
                    None => format!("plugin#{plugin} {code}"),
                }
            }
            Action::Choose(c) => match self
                .pending_steps()
                .last()
                .and_then(|s| Some((s, self.rules().plugins.get(s.owner as usize)?)))
            {
                Some((s, p)) => {
                    format!("{} {}", p.decl.id, p.hooks.value_name(NameCtx::Step(*s), c))
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
            "draw" | "hidden" => {
                let name = words.get(1).ok_or_else(|| bad(text, "missing tile id"))?;
                Ok(Action::Chance(self.parse_outcome(name)?))
            }
            "place" => {
                if words.len() != 4 {
                    return Err(bad(text, "expected `place X Y ROTATION`"));
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
                let rot = match self.drawn_tile() {
                    Some(t) => self.rules().tiles.get(t).same_rotation[r as usize],
                    None => r as u8,
                };
                Ok(Action::Place(Placement {
                    pos: Pos::new(x as i16, y as i16),
                    rot,
                }))
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
                let number = words
                    .get(2)
                    .filter(|w| w.bytes().all(|b| b.is_ascii_digit()));
                let feature = match (words.len(), number) {
                    (3, Some(n)) => n.parse::<u8>().map_err(|_| {
                        bad(text, format!("no feature {n}: {}", self.feature_range()))
                    })?,
                    (3 | 4, None) => self.feature_by_name(&words[2..], text)?,
                    _ => return Err(bad(text, "expected `deploy KIND FEATURE`")),
                };
                Ok(Action::Figure(FigureOption::Deploy { kind, feature }))
            }
            plugin => {
                let Some(pi) = self.rules().plugin_index(plugin) else {
                    return Err(bad(
                        text,
                        "unknown action (expected draw, place, pass, deploy or a plugin id)",
                    ));
                };
                let value = words[1..].join(" ");
                let hooks = &self.rules().plugins[pi as usize].hooks;
                if let Some(s) = self.pending_steps().last().filter(|s| s.owner == pi) {
                    let v = hooks
                        .parse_value(NameCtx::Step(*s), &value)
                        .ok_or_else(|| {
                            bad(
                                text,
                                format!("`{value}` is not a value of the pending `{plugin}` step"),
                            )
                        })?;
                    return Ok(if s.chance {
                        Action::Chance(v)
                    } else {
                        Action::Choose(v)
                    });
                }
                if self.stage() == Stage::Figure {
                    let v = hooks.parse_value(NameCtx::Special, &value).ok_or_else(|| {
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

    /// "the tile just placed has features 0 to N" (or that none was placed).
    fn feature_range(&self) -> String {
        match self.last_placed() {
            Some(t) => format!(
                "the tile just placed has features 0 to {}",
                self.tile_type(t).features.len().saturating_sub(1)
            ),
            None => "no tile has been placed this turn".into(),
        }
    }

    /// Resolves `KIND SIDE` (e.g. `city N`, `field NL`, `cloister`) on the tile just placed.
    fn feature_by_name(&self, words: &[&str], text: &str) -> Result<u8, GameError> {
        let t = self
            .last_placed()
            .ok_or_else(|| bad(text, "no tile has been placed this turn"))?;
        let kind = match words[0] {
            "road" => FeatureKind::Road,
            "city" => FeatureKind::City,
            "field" => FeatureKind::Field,
            "cloister" => FeatureKind::Cloister,
            "spot" => FeatureKind::Spot,
            k => return Err(bad(text, format!("unknown feature kind `{k}`"))),
        };
        let pt = self.tiles()[t as usize];
        let tt = self.tile_type(t);
        let geom = &tt.rot[pt.rot as usize];
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
            let mut it = tt
                .features
                .iter()
                .enumerate()
                .filter(|(_, f)| f.kind == kind);
            return match (it.next(), it.next()) {
                (Some((l, _)), None) => Ok(l as u8),
                (None, _) => Err(bad(text, format!("the tile has no {kind}"))),
                _ => Err(bad(
                    text,
                    format!("the tile has several {kind}s: name a side"),
                )),
            };
        }
        for s in slots {
            let l = geom.slot_feature[s];
            if l != crate::tiles::NO_FEATURE && tt.features[l as usize].kind == kind {
                return Ok(l);
            }
        }
        Err(bad(text, format!("no {kind} there on the placed tile")))
    }
}
