//! `carcassonne plugins`: the compiled-in and run-time plugins.

use crate::env;
use anyhow::Result;
use std::path::PathBuf;

/// Arguments of `plugins`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Directory with plugin shared libraries to load (repeatable).
    #[arg(long = "plugin-dir", value_name = "DIR")]
    plugin_dirs: Vec<PathBuf>,
}

/// Runs the command.
pub fn run(a: Args) -> Result<()> {
    let reg = env::registry(&a.plugin_dirs)?;
    if reg.plugins.is_empty() {
        println!("no plugins");
    }
    for p in &reg.plugins {
        let i = p.info();
        println!("{} {} ({}) — {}", i.id, i.version, i.source, i.description);
        for o in &i.options {
            println!("    {} = {}    # {}", o.name, o.default, o.doc);
        }
    }
    Ok(())
}
