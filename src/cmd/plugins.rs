//! `carcassonne plugins`: the compiled-in and run-time plugins.

use crate::env;
use anyhow::Result;
use carcassonne_core::hook;
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
    let mut plugins: Vec<_> = reg.plugins.iter().map(|p| p.info()).collect();
    plugins.sort_by(|a, b| a.id.cmp(&b.id));
    for (n, i) in plugins.into_iter().enumerate() {
        if n > 0 {
            println!();
        }
        print!("{} {} ({})", i.id, i.version, i.source);
        if !i.description.is_empty() {
            print!(" — {}", i.description);
        }
        println!();
        let list = |label: &str, v: &[String]| {
            if !v.is_empty() {
                println!("    {label:<15} {}", v.join(", "));
            }
        };
        list("depends on:", &i.depends_on);
        list("conflicts with:", &i.conflicts_with);
        let hooks: Vec<String> = hook::NAMES
            .iter()
            .enumerate()
            .filter(|(b, _)| i.hooks & (1 << b) != 0)
            .map(|(_, n)| n.to_string())
            .collect();
        list("hooks:", &hooks);
        list("figures:", &i.figures);
        list("markers:", &i.markers);
        let sets: Vec<String> = i
            .tilesets
            .iter()
            .map(|(name, tiles)| format!("{name} ({tiles} tiles)"))
            .collect();
        list("tile sets:", &sets);
        if i.options.is_empty() {
            println!("    options:        none");
        } else {
            println!("    options:");
            for o in &i.options {
                let default = if o.default.is_empty() {
                    "(no default)"
                } else {
                    &o.default
                };
                println!("        {} = {default}    # {}", o.name, o.doc);
            }
        }
    }
    Ok(())
}
