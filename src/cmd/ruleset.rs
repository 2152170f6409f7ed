//! `carcassonne ruleset check|show`.

use crate::env;
use anyhow::{anyhow, Result};
use std::path::PathBuf;

/// Subcommands of `ruleset`.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Validate a ruleset and print every problem.
    Check(FileArgs),
    /// Print the resolved ruleset with every default filled in.
    Show(FileArgs),
}

/// A ruleset file and plugin directories.
#[derive(clap::Args, Debug)]
pub struct FileArgs {
    /// The ruleset file (TOML).
    file: PathBuf,
    /// Directory with plugin shared libraries to load (repeatable).
    #[arg(long = "plugin-dir", value_name = "DIR")]
    plugin_dirs: Vec<PathBuf>,
}

/// Runs the command.
pub fn run(c: Command) -> Result<()> {
    let (a, show) = match c {
        Command::Check(a) => (a, false),
        Command::Show(a) => (a, true),
    };
    let reg = env::registry(&a.plugin_dirs)?;
    let rs = carcassonne_host::load_file(&a.file, &reg).map_err(|e| {
        let n = e.count();
        anyhow!("{e}\n{n} problem{} found", if n == 1 { "" } else { "s" })
    })?;
    if show {
        print!("{}", rs.show());
    } else {
        println!(
            "{}: ok — {} ({} tile types, {} tiles, {} plugin{})",
            a.file.display(),
            rs.spec.name,
            rs.rules.tiles.types.len(),
            rs.rules.tiles.total(),
            rs.rules.plugins.len(),
            if rs.rules.plugins.len() == 1 { "" } else { "s" }
        );
    }
    Ok(())
}
