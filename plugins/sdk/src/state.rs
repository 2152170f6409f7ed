//! Typed plugin state: a plain-data struct per scope (game, player, feature,
//! figure, placed tile), stored by the host as words inside the game state, so clone and
//! equality stay a copy and a compare of arrays.
//!
//! ```
//! use carcassonne_plugin_sdk::prelude::*;
//!
//! /// Per game: the bag of tokens.
//! #[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
//! #[repr(C)]
//! pub struct Bag {
//!     pub counts: [u32; 5],
//! }
//!
//! /// Per feature: the flock standing there.
//! #[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
//! #[repr(C)]
//! pub struct Flock {
//!     pub sheep: u16,
//!     pub turn: u16,
//! }
//!
//! const STATE: StateSpec = StateSpec::NONE.game::<Bag>().feature::<Flock>();
//! assert_eq!((STATE.game, STATE.feature, STATE.player), (5, 1, 0));
//! ```
//!
//! Read it with `v.game_state::<Bag>()`, `v.feature_state::<Flock>(f)`,
//! `v.tile_state::<T>(t)`, ... and
//! change it with the `_mut` variants of `Cx`. Use fields of at most 4-byte
//! alignment (`u8`, `u16`, `u32`, `i32`, arrays of them); the struct's size is
//! rounded up to whole words. Asking for a type whose size is not the declared
//! one fails the hook with a clear message.

use crate::Error;
use bytemuck::Pod;

/// The state a plugin declares, in `u32` words per scope. Build it with the
/// `const` methods from [`StateSpec::NONE`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StateSpec {
    /// Words per game.
    pub game: u32,
    /// Words per player.
    pub player: u32,
    /// Words per feature instance.
    pub feature: u32,
    /// Words per figure.
    pub figure: u32,
    /// Words per placed tile.
    pub tile: u32,
}

/// Words a value of `T` takes (its size rounded up to whole words). Fails at
/// compile time for a type aligned to more than 4 bytes.
pub(crate) const fn words_of<T>() -> u32 {
    assert!(
        std::mem::align_of::<T>() <= 4,
        "plugin state types must be aligned to at most 4 bytes (use u8/u16/u32/i32 fields)"
    );
    std::mem::size_of::<T>().div_ceil(4) as u32
}

impl StateSpec {
    /// No state.
    pub const NONE: StateSpec = StateSpec {
        game: 0,
        player: 0,
        feature: 0,
        figure: 0,
        tile: 0,
    };

    /// Per-game state of type `T`.
    pub const fn game<T: Pod>(mut self) -> StateSpec {
        self.game = words_of::<T>();
        self
    }

    /// Per-player state of type `T`.
    pub const fn player<T: Pod>(mut self) -> StateSpec {
        self.player = words_of::<T>();
        self
    }

    /// Per-feature state of type `T` (one per feature instance; keep data about a
    /// whole feature at its root and merge in `features_merged`).
    pub const fn feature<T: Pod>(mut self) -> StateSpec {
        self.feature = words_of::<T>();
        self
    }

    /// Per-figure state of type `T`.
    pub const fn figure<T: Pod>(mut self) -> StateSpec {
        self.figure = words_of::<T>();
        self
    }

    /// Per-tile state of type `T` (one per placed tile, zero when it is placed;
    /// the start layout's tiles too, before `setup`).
    pub const fn tile<T: Pod>(mut self) -> StateSpec {
        self.tile = words_of::<T>();
        self
    }
}

#[cold]
#[inline(never)]
fn mismatch<T>(words: usize) -> Error {
    Error::new(format!(
        "plugin state: `{}` takes {} words, but this scope's state has {words} (check Plugin::STATE)",
        std::any::type_name::<T>(),
        words_of::<T>()
    ))
}

/// `T` over the first bytes of `w` (bytemuck's checked cast: `T` is `Pod`,
/// aligned to at most 4 bytes, and `w` holds its words). A type of whole words
/// is cast from the words directly: every check is then decided at compile
/// time (the hot path of every state access); another is cast from the bytes.
#[inline]
pub(crate) fn view<T: Pod>(w: &[u32]) -> Result<&T, Error> {
    if const { words_of::<T>() } as usize != w.len() {
        return Err(mismatch::<T>(w.len()));
    }
    let t = if const { std::mem::size_of::<T>() % 4 == 0 } {
        bytemuck::try_cast_slice::<u32, T>(w)
            .ok()
            .and_then(<[T]>::first)
    } else {
        let bytes = &bytemuck::cast_slice::<u32, u8>(w)[..std::mem::size_of::<T>()];
        bytemuck::try_from_bytes(bytes).ok()
    };
    t.ok_or_else(|| mismatch::<T>(w.len()))
}

/// `T` over the first bytes of `w`, mutable.
#[inline]
pub(crate) fn view_mut<T: Pod>(w: &mut [u32]) -> Result<&mut T, Error> {
    let len = w.len();
    if const { words_of::<T>() } as usize != len {
        return Err(mismatch::<T>(len));
    }
    let t = if const { std::mem::size_of::<T>() % 4 == 0 } {
        bytemuck::try_cast_slice_mut::<u32, T>(w)
            .ok()
            .and_then(<[T]>::first_mut)
    } else {
        let bytes = &mut bytemuck::cast_slice_mut::<u32, u8>(w)[..std::mem::size_of::<T>()];
        bytemuck::try_from_bytes_mut(bytes).ok()
    };
    t.ok_or_else(|| mismatch::<T>(len))
}

#[cfg(test)]
mod tests {
    use super::*;
    use bytemuck::{Pod, Zeroable};

    #[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
    #[repr(C)]
    struct Odd {
        a: u16,
        b: [u8; 4],
    }

    #[test]
    fn state_is_cast_over_its_words_and_a_wrong_size_is_refused() {
        let mut w = [0u32; 2];
        view_mut::<Odd>(&mut w).unwrap().b = [1, 2, 3, 4];
        assert_eq!(view::<Odd>(&w).unwrap().b, [1, 2, 3, 4]);
        assert_eq!(view::<Odd>(&w).unwrap().a, 0);
        let e = view::<Odd>(&w[..1]).unwrap_err();
        assert!(e.message().contains("takes 2 words"), "{e}");
        assert!(view::<u32>(&w).is_err());
        // A type of whole words: cast from the words.
        view_mut::<[u32; 2]>(&mut w).unwrap()[1] = 7;
        assert_eq!(w[1], 7);
        assert_eq!(view::<[u32; 2]>(&w).unwrap(), &w);
    }
}
