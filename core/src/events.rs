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
    },
    /// A figure was deployed.
    FigureDeployed {
        /// Owner.
        player: PlayerId,
        /// Figure kind.
        kind: FigureKindId,
        /// Feature it stands on.
        feature: FeatureId,
        /// Kind of that feature.
        feature_kind: FeatureKind,
        /// Tile position.
        pos: Pos,
    },
    /// A figure went back to its owner's supply.
    FigureReturned {
        /// Owner.
        player: PlayerId,
        /// Figure kind.
        kind: FigureKindId,
    },
    /// A feature was scored.
    FeatureScored {
        /// Kind of feature.
        kind: FeatureKind,
        /// Why.
        reason: ScoreReason,
        /// Who scored.
        players: PlayerSet,
        /// Points each.
        points: i32,
        /// Distinct tiles.
        tiles: u32,
    },
    /// Farmers scored in final scoring.
    FarmersScored {
        /// Who scored.
        players: PlayerSet,
        /// Points each (for F2 the largest share).
        points: i32,
        /// Completed cities counted.
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
    /// The canonical one-line text of event `e` of this game, as scenario files
    /// expect events (see `docs/scenarios.md`): players by seat number, tiles by
    /// id, features by kind, plugins by id, e.g. `player 0 places BA/C at 0 -1
    /// rotation 2`, `city completed (2 tiles): 0 scores 4`, `game over`.
    pub fn event_text(&self, e: &Event) -> String {
        let rules = self.rules();
        let tile = |t: TileTypeId| {
            rules
                .tiles
                .types
                .get(t as usize)
                .map_or_else(|| format!("tile#{t}"), |t| t.id.clone())
        };
        let figure = |k: FigureKindId| {
            rules
                .figures
                .get(k as usize)
                .map_or_else(|| format!("figure#{k}"), |f| f.name.clone())
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
        match e {
            Event::TurnStarted { player, turn } => format!("turn {turn}: player {player}"),
            Event::TileDrawn { player, tile: t } => format!("player {player} draws {}", tile(*t)),
            Event::TileSetAside { tile: t } => format!("{} set aside", tile(*t)),
            Event::TileHidden { tile: t } => format!("{} hidden", tile(*t)),
            Event::TilePlaced {
                player,
                tile: t,
                pos,
                rot,
            } => format!(
                "player {player} places {} at {} {} rotation {rot}",
                tile(*t),
                pos.x,
                pos.y
            ),
            Event::FigureDeployed {
                player,
                kind,
                feature_kind,
                pos,
                ..
            } => format!(
                "player {player} deploys {} on {feature_kind} at {} {}",
                figure(*kind),
                pos.x,
                pos.y
            ),
            Event::FigureReturned { player, kind } => {
                format!("player {player} gets {} back", figure(*kind))
            }
            Event::FeatureScored {
                kind,
                reason,
                players,
                points,
                tiles,
            } => {
                let why = match reason {
                    ScoreReason::Completed => "completed",
                    ScoreReason::Final => "at game end",
                    ScoreReason::Early => "early",
                };
                let s = if *tiles == 1 { "" } else { "s" };
                format!("{kind} {why} ({tiles} tile{s}): {} {points}", who(*players))
            }
            Event::FarmersScored {
                players,
                points,
                cities,
            } => format!("farmers ({cities} cities): {} {points}", who(*players)),
            Event::PluginScored {
                plugin: p,
                player,
                points,
            } => format!("{}: player {player} scores {points}", plugin(*p)),
            Event::Plugin { plugin: p, text } => format!("{}: {text}", plugin(*p)),
            Event::GameOver => "game over".into(),
        }
    }
}
