//! `carcassonne plugins`: the compiled-in and run-time plugins.

use crate::env;
use anyhow::Result;
use carcassonne_core::hook;
use carcassonne_host::PluginInfo;
use std::path::PathBuf;

/// Arguments of `plugins`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Directory with plugin shared libraries to load (repeatable).
    #[arg(long = "plugin-dir", value_name = "DIR")]
    plugin_dirs: Vec<PathBuf>,
    /// Print the list as JSON (an array, one object per plugin, sorted by
    /// id) for scripts and tools.
    #[arg(long)]
    json: bool,
}

/// Runs the command. Libraries found in plugin directories that could not be
/// loaded are listed after the plugins, and those that are no plugin library
/// at all named in one line (with `--json`: both said on standard error, the
/// list stays one of plugins).
pub fn run(a: Args) -> Result<()> {
    let reg = if a.json {
        env::registry(&a.plugin_dirs)?
    } else {
        env::registry_quietly(&a.plugin_dirs)?
    };
    let mut plugins: Vec<_> = reg.plugins.iter().map(|p| p.info()).collect();
    plugins.sort_by(|a, b| a.id.cmp(&b.id));
    if a.json {
        let all: Vec<_> = plugins.into_iter().map(to_json).collect();
        println!("{}", serde_json::to_string_pretty(&all)?);
        return Ok(());
    }
    if plugins.is_empty() {
        println!("no plugins");
    }
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
        list("hooks:", &hook_names(i.hooks));
        list("figures:", &i.figures);
        list("markers:", &i.markers);
        let sets: Vec<String> = i
            .tilesets
            .iter()
            .map(|(name, tiles)| format!("{name} ({})", super::plural(*tiles, "tile")))
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
                // The doc, then what the option takes and the plugins it
                // needs, each in parentheses: the line stays valid TOML.
                let mut comment = o.doc.clone();
                let takes = o.takes().map(|t| format!("({t})"));
                let only_with = (!o.only_with.is_empty())
                    .then(|| format!("(only with plugin {})", super::any_of_plugins(&o.only_with)));
                for part in [takes, only_with].into_iter().flatten() {
                    if !comment.is_empty() {
                        comment.push(' ');
                    }
                    comment.push_str(&part);
                }
                println!("        {} = {default}    # {comment}", o.name);
            }
        }
    }
    println!();
    println!(
        "plugin libraries load when built for {}",
        carcassonne_host::loader::interface()
    );
    if !reg.unloaded.is_empty() {
        println!();
        println!("libraries that could not be loaded (their plugins are not available):");
        for e in &reg.unloaded {
            println!("    {e}");
        }
    }
    if let Some(note) = reg.not_plugins_note() {
        println!();
        println!("{note}");
    }
    Ok(())
}

/// The names of the hooks whose bits are set in `hooks`.
fn hook_names(hooks: u64) -> Vec<String> {
    hook::NAMES
        .iter()
        .enumerate()
        .filter(|(b, _)| hooks & (1 << b) != 0)
        .map(|(_, n)| n.to_string())
        .collect()
}

/// One plugin as `plugins --json` prints it: the facts of the text listing,
/// each option's default as a TOML literal (`"\"bidding\""`, `3`, `true`),
/// its bounds (`"range": [1, 30]`, `null` for none) and the strings it takes
/// (`"values": ["best", "rounds"]`, empty for any other option).
fn to_json(i: &PluginInfo) -> serde_json::Value {
    serde_json::json!({
        "id": i.id,
        "version": i.version,
        "source": i.source.to_string(),
        "description": i.description,
        "api_version": i.api_version,
        "depends_on": i.depends_on,
        "conflicts_with": i.conflicts_with,
        "runs_after": i.runs_after,
        "runs_before": i.runs_before,
        "hooks": hook_names(i.hooks),
        "figures": i.figures,
        "markers": i.markers,
        "tilesets": i.tilesets.iter().map(|(name, tiles)| serde_json::json!({"name": name, "tiles": tiles})).collect::<Vec<_>>(),
        "options": i.options.iter().map(|o| serde_json::json!({
            "name": o.name,
            "default": o.default,
            "doc": o.doc,
            "only_with": o.only_with,
            "range": o.range.map(|(least, most)| [least, most]),
            "values": o.values,
        })).collect::<Vec<_>>(),
    })
}
