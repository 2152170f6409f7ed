//! Typed errors of the engine.

use crate::hooks::HookError;

/// Why a game could not be created or an action not applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// Player count outside 2..=6.
    #[error("{0} players: a game needs 2 to 6 players")]
    Players(u8),
    /// The ruleset's tiles provide no start tile.
    #[error("the ruleset has no start tile")]
    NoStartTile,
    /// A player number that the game does not have.
    #[error("player {player} does not exist: the game has players 0 to {}", .players.saturating_sub(1))]
    NoSuchPlayer {
        /// The number asked for.
        player: u8,
        /// Players in the game.
        players: u8,
    },
    /// The action is not legal now; the state is unchanged.
    #[error("illegal action {action}: {reason}")]
    Illegal {
        /// The action, as text.
        action: String,
        /// Why.
        reason: String,
    },
    /// The game is over; no action is legal.
    #[error("the game is over")]
    GameOver,
    /// A plugin hook failed; the state is unchanged.
    #[error(transparent)]
    Hook(#[from] HookError),
}
