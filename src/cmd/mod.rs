//! One module per subcommand.

pub mod check;
pub mod compare;
pub mod conformance;
pub mod play;
pub mod plugins;
pub mod render;
pub mod replay;
pub mod ruleset;
#[cfg(feature = "web")]
pub mod serve;
pub mod simulate;
pub mod tournament;
