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
