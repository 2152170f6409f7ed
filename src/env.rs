//! Building the plugin registry and loading rulesets for the commands.

use crate::RulesetArgs;
use anyhow::{anyhow, Result};
use carcassonne_host::{Registry, Ruleset};
use std::path::PathBuf;

/// The plugin registry: compiled-in plugins plus those found in `dirs`.
pub fn registry(_dirs: &[PathBuf]) -> Result<Registry> {
    Ok(Registry::empty())
}

/// Loads the ruleset named by the arguments (default: the embedded one).
pub fn load_ruleset(args: &RulesetArgs) -> Result<Ruleset> {
    let reg = registry(&args.plugin_dirs)?;
    let r = match &args.ruleset {
        Some(path) => carcassonne_host::load_file(path, &reg),
        None => carcassonne_host::load_default(&reg),
    };
    r.map_err(|e| anyhow!("invalid ruleset:\n{e}"))
}
