//! Small `Copy` vocabulary types shared by the whole engine: the vocabulary
//! crate's (`carcassonne-vocab`), re-exported, and the engine's private
//! "no such thing" marker.

pub use carcassonne_vocab::types::*;

/// "No such thing" marker for `u16` indices in the engine's compact arrays
/// (never part of the public API: queries return `Option`).
pub(crate) const NONE16: u16 = u16::MAX;
