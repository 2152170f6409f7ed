//! One module per subcommand.

pub mod conformance;
pub mod compare;
pub mod play;
pub mod plugins;
pub mod replay;
pub mod ruleset;
pub mod simulate;
