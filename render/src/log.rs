//! The readable turn log (the terminal's `play` and the browser): one line per
//! event, players by name, places by what they are.

use carcassonne_core::{Event, FeatureKind, Game, ScoreReason, Side};

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

fn role(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::Road => "as a thief on the road",
        FeatureKind::City => "as a knight in the city",
        FeatureKind::Field => "as a farmer in the field",
        FeatureKind::Cloister => "as a monk in the cloister",
        FeatureKind::Spot => "on the spot",
    }
}

/// "Red scores" / "Red and Blue score".
fn players_score(set: carcassonne_core::PlayerSet) -> String {
    let v: Vec<&str> = set.iter().map(|p| NAMES[p as usize]).collect();
    match v.len() {
        0 => "nobody scores".into(),
        1 => format!("{} scores", v[0]),
        n => format!("{} and {} score", v[..n - 1].join(", "), v[n - 1]),
    }
}

/// The log lines of a batch of events. Points a plugin awards are shown only when
/// the plugin did not just describe them itself.
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
        out.extend(describe(g, e));
    }
    out
}

/// One line per event (some events print nothing).
pub fn describe(g: &Game, e: &Event) -> Option<String> {
    let rules = g.rules();
    let tile = |t: u16| rules.tiles.get(t).id.clone();
    Some(match e {
        Event::TurnStarted { player, turn } => {
            format!(
                "-- Turn {turn}: {} ({} tiles left) --",
                NAMES[*player as usize],
                g.bag_len()
            )
        }
        Event::TileDrawn { player, tile: t } => {
            format!("{} draws {}.", NAMES[*player as usize], tile(*t))
        }
        Event::TileSetAside { tile: t } => format!("{} fits nowhere and is set aside.", tile(*t)),
        Event::TileHidden { .. } => {
            "A tile from the bag is put face down underneath, unseen: it is out of the game.".into()
        }
        Event::TilePlaced {
            player,
            tile: t,
            pos,
            rot,
        } => format!(
            "{} places {} at {pos}, turned {}°.",
            NAMES[*player as usize],
            tile(*t),
            *rot as u32 * 90
        ),
        Event::FigureDeployed {
            player,
            kind,
            feature,
            feature_kind,
            pos,
        } => {
            let name = &rules.figures[*kind as usize].name;
            // A spot is named by its marker (e.g. a garden).
            let place = match feature_kind {
                FeatureKind::Spot => {
                    let m = g.feature_markers(*feature);
                    (0..64u8)
                        .find(|i| m & (1 << i) != 0)
                        .map_or("spot".to_string(), |i| {
                            rules.tiles.markers.name(i).to_string()
                        })
                }
                k => k.to_string(),
            };
            if *kind == 0 {
                format!(
                    "{} deploys a follower {} at {pos}.",
                    NAMES[*player as usize],
                    role(*feature_kind)
                )
            } else {
                format!(
                    "{} deploys the {name} on the {place} at {pos}.",
                    NAMES[*player as usize]
                )
            }
        }
        Event::FigureReturned { .. } => return None,
        Event::FeatureScored {
            kind,
            reason,
            players: who,
            points,
            tiles,
        } => {
            let what = match reason {
                ScoreReason::Completed => "Completed",
                ScoreReason::Final => "Unfinished",
                ScoreReason::Early => "Early-scored",
            };
            let size = match kind {
                FeatureKind::Road | FeatureKind::City => format!(" ({tiles} tiles)"),
                _ => String::new(),
            };
            format!("{what} {kind}{size}: {} {points}.", players_score(*who))
        }
        Event::FarmersScored { points: 0, .. } => return None,
        Event::FarmersScored {
            players: who,
            points,
            cities,
        } => format!(
            "Farmers: {} {points} for {cities} completed cit{}.",
            players_score(*who),
            if *cities == 1 { "y" } else { "ies" }
        ),
        Event::PluginScored {
            plugin,
            player,
            points,
        } => format!(
            "{} scores {points} ({}).",
            NAMES[*player as usize], rules.plugins[*plugin as usize].decl.id
        ),
        Event::Plugin { text, .. } => names_in(text),
        Event::GameOver => "Game over.".into(),
    })
}

/// "city N E", "cloister": local feature `local` of placed tile `t`, by kind and
/// the board sides it reaches.
pub fn describe_feature(g: &Game, t: u16, local: u8) -> String {
    let tt = g.tile_type(t);
    let Some(f) = tt.features.get(local as usize) else {
        return "?".into();
    };
    let rot = g.tile_rot(t);
    let sides: Vec<String> = Side::ALL
        .iter()
        .filter(|&&d| f.sides & (1 << ((d as u8 + 4 - rot) % 4)) != 0)
        .map(|d| d.letter().to_string())
        .collect();
    let markers = crate::tile::marker_names(&g.rules().tiles.markers, f.markers);
    let kind = match (f.kind, markers.first()) {
        // A spot is named by its marker (a garden).
        (FeatureKind::Spot, Some(m)) => m.clone(),
        (k, _) => k.to_string(),
    };
    if sides.is_empty() {
        kind
    } else {
        format!("{kind} {}", sides.join(" "))
    }
}
