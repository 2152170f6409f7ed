//! The readable turn log (the terminal's `play` and the browser): one line per
//! event, players by name, places by what they are.

use carcassonne_core::{
    Event, FeatureKind, Game, Location, PlayerId, ScoreReason, Side, TileIndex, TileTypeId,
};

/// Player names by seat.
pub const NAMES: [&str; 6] = ["Red", "Blue", "Green", "Yellow", "Black", "Grey"];

/// Replaces `{P0}`..`{P5}` in plugin texts with player names.
pub fn names_in(text: &str) -> String {
    let mut s = text.to_string();
    for (i, n) in NAMES.iter().enumerate() {
        s = s.replace(&format!("{{P{i}}}"), n);
    }
    s
}

/// `n` and the word for that many: `1 tile`, `2 tiles`, `0 tiles` (`one`
/// for exactly one, `many` otherwise).
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

fn role(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::Road => "as a thief on the road",
        FeatureKind::City => "as a knight in the city",
        FeatureKind::Field => "as a farmer in the field",
        FeatureKind::Cloister => "as a monk in the cloister",
        FeatureKind::Spot => "on the spot",
        FeatureKind::Barrier => "on the barrier",
    }
}

/// What a figure stands on, for a log line: the feature's kind and its name
/// ("road", "garden" for a spot with that marker, "field at its NE corner");
/// `None` for a figure on a tile (no feature).
fn place(g: &Game, at: &Location) -> Option<(FeatureKind, String)> {
    let feature = at.feature()?;
    let kind = g.feature_kind(feature).unwrap_or_default();
    // What the tile data calls it (a shrine), a spot by its marker (a
    // garden), else its kind.
    let name = g.feature_name(feature).unwrap_or_else(|| kind.to_string());
    Some(match at {
        Location::Corner(_, c) => (kind, format!("{name} at its {} corner", c.name())),
        _ => (kind, name),
    })
}

/// "Red scores" / "Red and Blue score".
fn players_score(set: carcassonne_core::PlayerSet) -> String {
    let v: Vec<&str> = set.iter().map(|p| NAMES[p.index()]).collect();
    match v.len() {
        0 => "nobody scores".into(),
        1 => format!("{} scores", v[0]),
        n => format!("{} and {} score", v[..n - 1].join(", "), v[n - 1]),
    }
}

/// "Red scores 6" / "Red and Blue score 4" / "Red scores 6, Blue scores 3" (a plugin
/// paid others, or paid winners differently).
fn paid(winners: carcassonne_core::PlayerSet, points: &[i32; 6]) -> String {
    let first = winners.iter().next().map_or(0, |p| points[p.index()]);
    let others_paid = PlayerId::ALL
        .into_iter()
        .any(|p| !winners.contains(p) && points[p.index()] != 0);
    if !others_paid && winners.iter().all(|p| points[p.index()] == first) {
        return if winners.is_empty() {
            "nobody scores".into()
        } else {
            format!("{} {first}", players_score(winners))
        };
    }
    let v: Vec<String> = PlayerId::ALL
        .into_iter()
        .filter(|&p| winners.contains(p) || points[p.index()] != 0)
        .map(|p| format!("{} scores {}", NAMES[p.index()], points[p.index()]))
        .collect();
    v.join(", ")
}

/// The log lines of a batch of events. Points a plugin awards are shown only when
/// the plugin did not just describe them itself; the feature a piece laid with
/// the tile adds (a bridge) is said in the placement's line, not before it.
pub fn lines(g: &Game, events: &[Event]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, e) in events.iter().enumerate() {
        if let (Event::PluginScored { plugin, .. }, Some(Event::Plugin { plugin: q, .. })) =
            (e, i.checked_sub(1).map(|j| &events[j]))
        {
            if plugin == q {
                continue;
            }
        }
        if let Event::FeatureAdded { plugin, .. } = e {
            // The next placement of this turn, if it lays this plugin's piece
            // and its line names the piece.
            let laid = events
                .get(i + 1..)
                .unwrap_or(&[])
                .iter()
                .take_while(|n| !matches!(n, Event::TurnStarted { .. }))
                .find_map(|n| match n {
                    Event::TilePlaced {
                        pos, rot, piece, ..
                    } => Some((*pos, *rot, *piece)),
                    _ => None,
                });
            if laid.is_some_and(|(pos, rot, piece)| {
                piece.plugin() == Some(*plugin)
                    && g.piece_label(carcassonne_core::Placement::with_piece(pos, rot, piece))
                        .is_some()
            }) {
                continue;
            }
        }
        out.extend(describe(g, e));
    }
    out
}

/// One line per event (some events print nothing). A plugin's own line
/// begins with its id, as in the scenarios' events (`dragon: A volcano
/// erupts at (0, 1)...`); the points a plugin awards end with it (`Red scores
/// 3 (pig).`).
pub fn describe(g: &Game, e: &Event) -> Option<String> {
    let rules = g.rules();
    let tile = |t: TileTypeId| {
        rules
            .tiles
            .get(t)
            .map_or_else(String::new, |x| x.id.clone())
    };
    Some(match e {
        Event::TurnStarted { player, turn } => {
            format!(
                "-- Turn {turn}: {} ({} left) --",
                NAMES[player.index()],
                counted(g.bag_len() as u64, "tile", "tiles")
            )
        }
        Event::TileDrawn { player, tile: t } => {
            format!("{} draws {}.", NAMES[player.index()], tile(*t))
        }
        Event::TileSetAside { tile: t } => format!("{} fits nowhere and is set aside.", tile(*t)),
        Event::TileHidden { .. } => {
            "A tile from the bag is put face down underneath, unseen: it is out of the game.".into()
        }
        Event::TileFaceUp { tile: t, .. } => format!("{} is drawn face up.", tile(*t)),
        Event::TileGiven {
            player, tile: t, ..
        } => format!("{} gets {} into his hand.", NAMES[player.index()], tile(*t)),
        Event::TileReturned { tile: t, .. } => format!("{} goes back into the bag.", tile(*t)),
        Event::FeatureAdded { pos, kind, .. } => format!("A {kind} is added to the tile at {pos}."),
        Event::TilePlaced {
            player,
            tile: t,
            pos,
            rot,
            piece,
        } => {
            // The piece laid with it (a bridge), as its plugin labels it.
            let with = g
                .piece_label(carcassonne_core::Placement::with_piece(*pos, *rot, *piece))
                .map_or_else(String::new, |l| format!(", {}", names_in(&l)));
            format!(
                "{} places {} at {pos}, turned {}°{with}.",
                NAMES[player.index()],
                tile(*t),
                u32::from(rot.quarter_turns()) * 90
            )
        }
        Event::TilePlayedFromHand { player, tile: t } => {
            format!(
                "{} plays {} from his hand.",
                NAMES[player.index()],
                tile(*t)
            )
        }
        Event::FigureDeployed {
            player,
            kind,
            at,
            pos,
        } => {
            let name = rules.figure(*kind).map_or("figure", |k| k.name.as_str());
            let Some(pos) = pos else {
                return Some(format!(
                    "{} puts the {name} {}.",
                    NAMES[player.index()],
                    off_board(g, at)
                ));
            };
            let Some((feature_kind, place)) = place(g, at) else {
                return Some(format!(
                    "{} puts the {name} on the tile at {pos}.",
                    NAMES[player.index()]
                ));
            };
            // A feature the tile data names (a shrine) by its name, not its role.
            let named = feature_kind != FeatureKind::Spot && place != feature_kind.to_string();
            if kind.0 == 0 && !named {
                format!(
                    "{} deploys a follower {} at {pos}.",
                    NAMES[player.index()],
                    role(feature_kind)
                )
            } else if kind.0 == 0 {
                format!(
                    "{} deploys a follower on the {place} at {pos}.",
                    NAMES[player.index()]
                )
            } else {
                format!(
                    "{} deploys the {name} on the {place} at {pos}.",
                    NAMES[player.index()]
                )
            }
        }
        Event::FigureMoved {
            figure,
            kind,
            at,
            pos,
        } => {
            let name = rules.figure(*kind).map_or("figure", |k| k.name.as_str());
            let whose = g
                .figure_owner(*figure)
                .map_or_else(|| "The".to_string(), |p| format!("{}'s", NAMES[p.index()]));
            match (pos, place(g, at)) {
                (None, _) => format!("{whose} {name} is {}.", off_board(g, at)),
                (Some(pos), Some((_, place))) => {
                    format!("{whose} {name} moves to the {place} at {pos}.")
                }
                (Some(pos), None) => format!("{whose} {name} moves to {pos}."),
            }
        }
        Event::FigureReturned { .. } => return None,
        Event::FeatureScored {
            kind: FeatureKind::Field,
            winners,
            points,
            cities,
            ..
        } => {
            if points.iter().all(|&p| p == 0) {
                return None;
            }
            format!(
                "Farmers: {} for {cities} completed cit{}.",
                paid(*winners, points),
                if *cities == 1 { "y" } else { "ies" }
            )
        }
        Event::FeatureScored {
            feature,
            kind,
            reason,
            winners,
            points,
            tiles,
            ..
        } => {
            let what = match reason {
                ScoreReason::Completed => "Completed",
                ScoreReason::Final => "Unfinished",
                ScoreReason::Early => "Early-scored",
                ScoreReason::Proxy => "Paid by proxy",
            };
            let size = match kind {
                FeatureKind::Road | FeatureKind::City => {
                    format!(" ({})", counted(*tiles, "tile", "tiles"))
                }
                _ => String::new(),
            };
            // A centre feature by what the tile data calls it (a shrine); a
            // road or city of several tiles, whose parts may be named
            // otherwise, by its kind.
            let name = match kind.is_centre() {
                true => g.feature_name(*feature).unwrap_or_else(|| kind.to_string()),
                false => kind.to_string(),
            };
            format!("{what} {name}{size}: {}.", paid(*winners, points))
        }
        Event::PluginScored {
            plugin,
            player,
            points,
        } => format!(
            "{} scores {points} ({}).",
            NAMES[player.index()],
            plugin_id(g, *plugin)
        ),
        Event::ScoreTransferred {
            plugin,
            from,
            to,
            points,
        } => format!(
            "{} pays {points} to {} ({}).",
            NAMES[from.index()],
            NAMES[to.index()],
            plugin_id(g, *plugin)
        ),
        // Which plugin speaks, as the scenarios' events say it (`dragon: ...`).
        Event::Plugin { plugin, text } => format!(
            "{}: {}",
            plugin_id(g, *plugin),
            carcassonne_core::tiles_in(&names_in(text), &tile)
        ),
        Event::GameOver => "Game over.".into(),
    })
}

/// The id of plugin `plugin` (its index in the rules), `?` for none.
fn plugin_id(g: &Game, plugin: u8) -> &str {
    g.rules()
        .plugins
        .get(usize::from(plugin))
        .map_or("?", |p| p.decl.id.as_str())
}

/// "held by Blue", "in the castle": a place off the board.
pub fn off_board(g: &Game, at: &Location) -> String {
    match at {
        Location::Held(p) => format!("held by {}", NAMES[p.index() % NAMES.len()]),
        Location::Area(a) => format!("in the {}", g.area_name(*a).unwrap_or("area")),
        _ => "on the board".into(),
    }
}

/// "city N E", "cloister": local feature `local` of placed tile `t`, by kind
/// and the board sides it reaches. Where another feature of the tile would
/// read the same (two fields touching N and E on either side of a road's
/// bend), the parts of the sides are named: "field N (east part) E (north
/// part)"; where even those agree (features on no side), their order on the
/// tile: "spot (2 of 2)".
pub fn describe_feature(g: &Game, t: TileIndex, local: u8) -> String {
    let (Some(tt), rot) = (
        g.tile_type(t),
        g.tile_rot(t)
            .map_or(0, carcassonne_core::Rotation::quarter_turns),
    ) else {
        return "?".into();
    };
    let local = usize::from(local);
    if local >= tt.features.len() {
        return "?".into();
    }
    // What the tile data calls it (a shrine), a spot by its marker (a
    // garden), else its kind.
    let ty = g.tiles().get(t.index()).map(|p| p.ty);
    let kind = |l: usize| {
        ty.and_then(|ty| g.rules().tiles.feature_name(ty, l as u8))
            .unwrap_or_else(|| tt.features[l].kind.to_string())
    };
    let coarse = |l: usize| {
        let sides: Vec<String> = Side::ALL
            .iter()
            .filter(|&&d| tt.features[l].sides & (1 << ((d as u8 + 4 - rot) % 4)) != 0)
            .map(|d| d.letter().to_string())
            .collect();
        if sides.is_empty() {
            kind(l)
        } else {
            format!("{} {}", kind(l), sides.join(" "))
        }
    };
    let fine = |l: usize| {
        let parts = side_parts(crate::geometry::board_slots(tt, rot, l));
        if parts.is_empty() {
            kind(l)
        } else {
            format!("{} {parts}", kind(l))
        }
    };
    let all = 0..tt.features.len();
    let mine = coarse(local);
    if all.clone().filter(|&l| coarse(l) == mine).count() < 2 {
        return mine;
    }
    let mine = fine(local);
    let twins: Vec<usize> = all.filter(|&l| fine(l) == mine).collect();
    match twins.iter().position(|&l| l == local) {
        Some(i) if twins.len() > 1 => format!("{mine} ({} of {})", i + 1, twins.len()),
        _ => mine,
    }
}

/// The parts of the board sides that board slots `mask` own: "N (east part)
/// E (north part)"; a whole side is its letter alone.
fn side_parts(mask: u16) -> String {
    // The directions of each side's first (L) and last (R) slot, clockwise.
    const ENDS: [(&str, &str); 4] = [
        ("west", "east"),
        ("north", "south"),
        ("east", "west"),
        ("south", "north"),
    ];
    let mut out = Vec::new();
    for (d, side) in Side::ALL.iter().enumerate() {
        let bits = (mask >> (3 * d)) & 0b111;
        let (l, r) = ENDS[d];
        let part = match bits {
            0 => continue,
            0b111 => String::new(),
            0b010 => " (middle part)".into(),
            0b101 => format!(" ({l} and {r} parts)"),
            b if b & 0b001 != 0 => format!(" ({l} part)"),
            _ => format!(" ({r} part)"),
        };
        out.push(format!("{}{part}", side.letter()));
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::side_parts;

    #[test]
    fn parts_of_sides_are_named_by_the_end_they_reach() {
        // NR + EL: the corner inside a road's bend from N to E.
        assert_eq!(side_parts(0b1100), "N (east part) E (north part)");
        // NL + ER: the field outside it.
        assert_eq!(side_parts(1 | 1 << 5), "N (west part) E (south part)");
        assert_eq!(side_parts(0b111), "N");
        // SL (east), SR (west), SM, WL+WR.
        assert_eq!(side_parts(1 << 6), "S (east part)");
        assert_eq!(side_parts(1 << 8), "S (west part)");
        assert_eq!(side_parts(1 << 7), "S (middle part)");
        assert_eq!(side_parts(0b101 << 9), "W (south and north parts)");
    }
}
