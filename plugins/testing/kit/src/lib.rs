//! Plugins for the framework's own tests and benchmarks. Not shipped.
//!
//! * `kit-everything` — implements most hooks and uses most of the SDK: typed
//!   state, per-feature state and merges, a placement filter, special figure
//!   options, decisions, chance events, majority and points changes, early
//!   scoring, value names. Used to prove that the same plugin compiled in and
//!   loaded from a library plays identical games, and to time dispatch.
//! * `kit-hot` — only the hot hooks, with trivial bodies (dispatch benchmark).
//! * `kit-faulty` — fails in a chosen hook in a chosen way (panic, error, bad id).
//! * `kit-endless-turns`, `kit-endless-steps`, `kit-recursive`,
//!   `kit-bad-options` — misbehave without failing (a turn granted in every
//!   `game_ending`; a step pushed whenever one is resolved; a scoring hook
//!   that scores again what it hears scored; figure options that cannot be
//!   taken),
//!   for the engine's guards against them; `kit-unsteady` scores by a counter
//!   outside the game state, for the conformance kit's determinism check.
//! * `kit-base`, `kit-needs-base`, `kit-rival`, `kit-cycle-a`, `kit-cycle-b`,
//!   `kit-aa-late`, `kit-zz-early`, `kit-soft-cycle` — no-op plugins with
//!   dependencies, a conflict, a dependency cycle and soft ordering.
//! * The capability plugins of [`caps`], one per capability of the plugin API,
//!   each proving it compiled in and loaded.
#![forbid(unsafe_code)]

pub mod caps;
mod everything;
mod faulty;
mod hot;
mod misbehaving;
mod shapes;

pub use everything::{Everything, EverythingOptions};
pub use faulty::{FaultMode, FaultWhen, Faulty, FaultyOptions};
pub use hot::Hot;
pub use misbehaving::{
    BadOptions, BadRanges, EndlessSteps, EndlessTurns, Recursive, Unsteady, FANNED_CALLS,
};
pub use shapes::*;
