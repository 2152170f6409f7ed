//! What happened: the event log of a game, for turn logs and replays.
//!
//! Logging is off by default (playouts pay nothing); [`crate::Game::set_logging`]
//! turns it on and [`crate::Game::take_events`] drains it.

use crate::hooks::ScoreReason;
use crate::types::*;

/// One thing that happened in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A new turn began.
    TurnStarted {
        /// Whose turn.
        player: PlayerId,
        /// Turn number (1-based).
        turn: u16,
    },
    /// A tile was drawn.
    TileDrawn {
        /// By whom.
        player: PlayerId,
        /// Tile type.
        tile: TileTypeId,
    },
    /// A drawn tile fit nowhere and was set aside.
    TileSetAside {
        /// Tile type.
        tile: TileTypeId,
    },
    /// A tile was taken from the bag face down (its identity is hidden from players).
    TileHidden {
        /// Tile type (do not show to players).
        tile: TileTypeId,
    },
    /// A tile was drawn face up into a plugin's lot (everyone sees it).
    TileFaceUp {
        /// The plugin whose lot holds it.
        plugin: u8,
        /// Tile type.
        tile: TileTypeId,
    },
    /// A plugin gave a tile of its lot to a player's hand.
    TileGiven {
        /// The plugin.
        plugin: u8,
        /// To whom.
        player: PlayerId,
        /// Tile type.
        tile: TileTypeId,
    },
    /// A plugin put a tile of its lot back into the bag.
    TileReturned {
        /// The plugin.
        plugin: u8,
        /// Tile type.
        tile: TileTypeId,
    },
    /// A plugin added a feature to a placed tile (a bridge's road).
    FeatureAdded {
        /// The plugin.
        plugin: u8,
        /// The tile's position.
        pos: Pos,
        /// The feature's kind.
        kind: FeatureKind,
    },
    /// A tile was placed.
    TilePlaced {
        /// By whom.
        player: PlayerId,
        /// Tile type.
        tile: TileTypeId,
        /// Where.
        pos: Pos,
        /// Rotation.
        rot: Rotation,
        /// The plugin's piece laid with it (a bridge), or [`Piece::NONE`](crate::hooks::Piece::NONE); its
        /// feature was added first (the [`Event::FeatureAdded`] before this one).
        piece: crate::hooks::Piece,
    },
    /// A tile was played from a player's hand instead of a draw.
    TilePlayedFromHand {
        /// By whom.
        player: PlayerId,
        /// Tile type.
        tile: TileTypeId,
    },
    /// A figure was deployed from its owner's supply.
    FigureDeployed {
        /// Owner.
        player: PlayerId,
        /// Figure kind.
        kind: FigureKindId,
        /// Where.
        at: Location,
        /// Tile position (`None` off the board: held, in an area).
        pos: Option<Pos>,
    },
    /// A figure was moved (on the board, onto it, off it to a player's hold
    /// or an area), or a neutral figure put somewhere.
    FigureMoved {
        /// The figure.
        figure: FigureId,
        /// Its kind.
        kind: FigureKindId,
        /// Where it is now.
        at: Location,
        /// Tile position it stands on now (`None` off the board).
        pos: Option<Pos>,
    },
    /// A figure went back to its owner's supply (off the board for a neutral one).
    FigureReturned {
        /// Owner (`None`: a neutral figure).
        player: Option<PlayerId>,
        /// Figure kind.
        kind: FigureKindId,
    },
    /// A feature, or a unit of farmers (kind `Field`), was scored.
    FeatureScored {
        /// The feature scored: its root when scored (a field of the unit for
        /// farmers). Its tile and place on the tile stay its own, so a log
        /// read later finds it ([`Game::feature_tile`](crate::Game::feature_tile),
        /// [`Game::feature_name`](crate::Game::feature_name)).
        feature: FeatureId,
        /// Kind of feature (`Field`: farmers).
        kind: FeatureKind,
        /// Why.
        reason: ScoreReason,
        /// The winners of the majority.
        winners: PlayerSet,
        /// Points paid per player (winners and, through plugins, others).
        points: [i32; MAX_PLAYERS],
        /// Distinct tiles.
        tiles: u32,
        /// Cities the farmers supply (`Field` only; 0 for other kinds).
        cities: u32,
    },
    /// A plugin awarded points.
    PluginScored {
        /// Plugin index.
        plugin: u8,
        /// Who.
        player: PlayerId,
        /// How many.
        points: i32,
    },
    /// A plugin moved points from one player to another (`Cx::transfer_score`).
    ScoreTransferred {
        /// Plugin index.
        plugin: u8,
        /// Who pays.
        from: PlayerId,
        /// Who is paid.
        to: PlayerId,
        /// How many.
        points: i32,
    },
    /// A plugin's message, in words a player understands.
    Plugin {
        /// Plugin index.
        plugin: u8,
        /// Text.
        text: String,
    },
    /// The game ended.
    GameOver,
}

impl crate::Game {
    /// Feature `f` (of kind `kind`) in the scenarios' text: the name the tile
    /// data gives it (a shrine), else its kind (a spot is `spot` whatever its
    /// marker, unlike the turn log's `garden`).
    fn feature_text(&self, f: FeatureId, kind: FeatureKind) -> String {
        self.feature_tile(f)
            .zip(self.feature_local(f))
            .and_then(|(t, l)| {
                let ty = self.tiles().get(t.index())?.ty;
                self.rules().tiles.data_name(ty, l)
            })
            .map_or_else(|| kind.to_string(), str::to_string)
    }

    /// Where a figure is, in the text of events and scenario files: `on city
    /// at 0 -1` (a feature by its kind, or the name its tile data gives it,
    /// and its tile's position), `on field corner NE at 2 0`, `on tile at 1
    /// 1`, `held by 1`, `area <its name>`.
    fn place_text(&self, at: &Location, pos: Option<Pos>) -> String {
        let kind = |f: FeatureId| {
            self.feature_kind(f)
                .map_or_else(|| "?".into(), |k| self.feature_text(f, k))
        };
        let at = match at {
            Location::Feature(f) => kind(*f),
            Location::Corner(f, c) => format!("{} corner {}", kind(*f), c.name()),
            Location::Tile(_) => "tile".into(),
            Location::Held(p) => return format!("held by {p}"),
            Location::Area(a) => return format!("area {}", self.area_name(*a).unwrap_or("?")),
        };
        match pos {
            Some(p) => format!("on {at} at {} {}", p.x, p.y),
            None => at,
        }
    }

    /// Figure `fig` where it is, in the text scenario files expect
    /// (`[expect] figures`): its owner's seat, its kind's name and where it
    /// is, e.g. `player 0 follower on city at 0 -1`, `player 1 follower held
    /// by 0`, `<kind> on tile at 1 1` (a neutral figure); `None` for a figure
    /// in its owner's supply (a neutral one off the board) or that does not
    /// exist.
    pub fn figure_text(&self, fig: FigureId) -> Option<String> {
        let at = self.figure_location(fig)?;
        let kind = self.figure_kind(fig)?;
        let name = self.figure_kind_name(kind).unwrap_or("?");
        let place = self.place_text(&at, self.location_pos(at));
        Some(match self.figure_owner(fig) {
            Some(p) => format!("player {p} {name} {place}"),
            None => format!("{name} {place}"),
        })
    }
}

impl crate::Game {
    /// The canonical one-line text of event `e` of this game, as scenario files
    /// expect events (see `docs/scenarios.md`): players by seat number, tiles by
    /// id, features by kind (a centre feature, or the feature a figure stands
    /// on, by the name its tile data gives it), plugins by id, e.g. `player 0 places BA/C at 0 -1
    /// rotation 2`, `city completed (2 tiles): 0 scores 4`, `game over`.
    pub fn event_text(&self, e: &Event) -> String {
        let rules = self.rules();
        let tile = |t: TileTypeId| {
            rules
                .tiles
                .get(t)
                .map_or_else(|| format!("tile#{}", t.0), |t| t.id.clone())
        };
        let figure = |k: FigureKindId| {
            rules
                .figure(k)
                .map_or_else(|| format!("figure#{}", k.0), |f| f.name.clone())
        };
        let plugin = |p: u8| {
            rules
                .plugins
                .get(p as usize)
                .map_or_else(|| format!("plugin#{p}"), |p| p.decl.id.clone())
        };
        let who = |set: PlayerSet| -> String {
            let v: Vec<String> = set.iter().map(|p| p.to_string()).collect();
            match v.len() {
                0 => "nobody scores".into(),
                1 => format!("{} scores", v[0]),
                _ => format!("{} score", v.join(" and ")),
            }
        };
        // "0 scores 4" / "0 and 1 score 2" / "0 scores 4, 2 scores 1" (a plugin
        // paid winners differently, or others).
        let paid = |winners: PlayerSet, points: &[i32; MAX_PLAYERS]| -> String {
            let first = winners.iter().next().map_or(0, |p| points[p.index()]);
            let same = winners.iter().all(|p| points[p.index()] == first);
            let others = PlayerId::ALL
                .into_iter()
                .any(|p| !winners.contains(p) && points[p.index()] != 0);
            if same && !others {
                return if winners.is_empty() {
                    "nobody scores".into()
                } else {
                    format!("{} {first}", who(winners))
                };
            }
            let v: Vec<String> = PlayerId::ALL
                .into_iter()
                .filter(|&p| winners.contains(p) || points[p.index()] != 0)
                .map(|p| format!("{p} scores {}", points[p.index()]))
                .collect();
            v.join(", ")
        };
        let pos_text = |at: &Location, pos: &Option<Pos>| self.place_text(at, *pos);
        match e {
            Event::TurnStarted { player, turn } => format!("turn {turn}: player {player}"),
            Event::TileDrawn { player, tile: t } => format!("player {player} draws {}", tile(*t)),
            Event::TileSetAside { tile: t } => format!("{} set aside", tile(*t)),
            Event::TileHidden { tile: t } => format!("{} hidden", tile(*t)),
            Event::TileFaceUp { plugin: p, tile: t } => {
                format!("{}: {} drawn face up", plugin(*p), tile(*t))
            }
            Event::TileGiven {
                plugin: p,
                player,
                tile: t,
            } => format!("{}: player {player} gets {}", plugin(*p), tile(*t)),
            Event::TileReturned { plugin: p, tile: t } => {
                format!("{}: {} back into the bag", plugin(*p), tile(*t))
            }
            Event::FeatureAdded {
                plugin: p,
                pos,
                kind,
            } => format!(
                "{}: {kind} added to the tile at {} {}",
                plugin(*p),
                pos.x,
                pos.y
            ),
            Event::TilePlaced {
                player,
                tile: t,
                pos,
                rot,
                ..
            } => format!(
                "player {player} places {} at {} {} rotation {rot}",
                tile(*t),
                pos.x,
                pos.y
            ),
            Event::TilePlayedFromHand { player, tile: t } => {
                format!("player {player} plays {} from hand", tile(*t))
            }
            Event::FigureDeployed {
                player,
                kind,
                at: place,
                pos,
            } => format!(
                "player {player} deploys {} {}",
                figure(*kind),
                pos_text(place, pos)
            ),
            Event::FigureMoved {
                kind,
                pos: Some(pos),
                ..
            } => {
                format!("{} moves to {} {}", figure(*kind), pos.x, pos.y)
            }
            Event::FigureMoved { kind, at, .. } => {
                format!("{} moves to {}", figure(*kind), self.place_text(at, None))
            }
            Event::FigureReturned {
                player: Some(player),
                kind,
            } => format!("player {player} gets {} back", figure(*kind)),
            Event::FigureReturned { player: None, kind } => {
                format!("{} leaves the board", figure(*kind))
            }
            Event::FeatureScored {
                kind: FeatureKind::Field,
                reason,
                winners,
                points,
                cities,
                ..
            } => {
                let why = match reason {
                    ScoreReason::Final => "",
                    _ => " early",
                };
                let s = if *cities == 1 { "y" } else { "ies" };
                format!("farmers{why} ({cities} cit{s}): {}", paid(*winners, points))
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
                let why = match reason {
                    ScoreReason::Completed => "completed",
                    ScoreReason::Final => "at game end",
                    ScoreReason::Early => "early",
                    ScoreReason::Proxy => "by proxy",
                };
                let s = if *tiles == 1 { "" } else { "s" };
                // A centre feature by its name (a shrine); a road or city of
                // several tiles, whose parts may be named otherwise, by its kind.
                let name = if kind.is_centre() {
                    self.feature_text(*feature, *kind)
                } else {
                    kind.to_string()
                };
                format!("{name} {why} ({tiles} tile{s}): {}", paid(*winners, points))
            }
            Event::PluginScored {
                plugin: p,
                player,
                points,
            } => format!("{}: player {player} scores {points}", plugin(*p)),
            Event::ScoreTransferred {
                plugin: p,
                from,
                to,
                points,
            } => format!("{}: player {from} pays {points} to player {to}", plugin(*p)),
            Event::Plugin { plugin: p, text } => {
                format!("{}: {}", plugin(*p), tiles_in(&seats_in(text), &tile))
            }
            Event::GameOver => "game over".into(),
        }
    }
}

/// `text` (a plugin's log text) with every `{T<n>}` (tile type `n`, as a
/// plugin names a tile) replaced by `name(n)`: the tile's id (`BA/C`) in the
/// canonical text and the program's log alike. Anything else between braces
/// is left as it is.
pub fn tiles_in(text: &str, name: &dyn Fn(TileTypeId) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("{T") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        match (
            after[..digits].parse::<u16>(),
            after[digits..].starts_with('}'),
        ) {
            (Ok(n), true) => {
                out.push_str(&name(TileTypeId(n)));
                rest = &after[digits + 1..];
            }
            _ => {
                out.push_str("{T");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A plugin's log text in the canonical form: `{P0}`..`{P5}` (the players a
/// plugin names) become `player 0`..`player 5`, as in the core's own events.
fn seats_in(text: &str) -> String {
    let mut s = text.to_string();
    for p in 0..MAX_PLAYERS {
        s = s.replace(&format!("{{P{p}}}"), &format!("player {p}"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plugins_tile_placeholders_name_the_tiles() {
        let name = |t: TileTypeId| format!("<{}>", t.0);
        let check = |text: &str, expect: &str| assert_eq!(tiles_in(text, &name), expect, "{text}");
        check("{P0} buys {T12} for 3", "{P0} buys <12> for 3");
        check("{T0}{T7}", "<0><7>");
        // Not a placeholder: left as written.
        check("{T} {Tx} {T12 {T99999} {t1}", "{T} {Tx} {T12 {T99999} {t1}");
        check("no braces", "no braces");
        check("ends with {T", "ends with {T");
    }
}
