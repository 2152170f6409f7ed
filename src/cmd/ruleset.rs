//! `carcassonne ruleset check|show`.

use crate::env;
use anyhow::{anyhow, Result};
use std::path::PathBuf;

/// Subcommands of `ruleset`.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Validate a ruleset and print every problem.
    Check(FileArgs),
    /// Print the resolved ruleset with every default filled in (a start for one's own: `ruleset show big-box > mine.toml`).
    Show(FileArgs),
    /// List the shipped rulesets and the built-in tile sets.
    List,
}

/// A ruleset file and plugin directories.
#[derive(clap::Args, Debug)]
pub struct FileArgs {
    /// The ruleset file (TOML), or a shipped ruleset's name (`ruleset list`).
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
        Command::List => return list(),
    };
    let reg = env::registry(&a.plugin_dirs)?;
    let rs = carcassonne_host::shipped::load(&a.file, &reg).map_err(|e| {
        let e = env::explained(&reg, e);
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
        for line in plugin_counts(&rs.rules.tiles) {
            println!("  {line}");
        }
        for line in switched_off_notes(&rs.spec, &reg) {
            println!("  note: {line}");
        }
        for line in idle_option_notes(&rs.spec, &reg) {
            println!("  note: {line}");
        }
        for line in unmarked_notes(&rs.spec, &rs.rules.tiles, &reg) {
            println!("  note: {line}");
        }
        for line in unread_marker_notes(&rs.rules.tiles, &reg) {
            println!("  note: {line}");
        }
    }
    Ok(())
}

/// `ruleset list`: every shipped ruleset (its name, title, players and
/// plugins) and every built-in tile set (its name and description).
fn list() -> Result<()> {
    let reg = env::registry(&[])?;
    println!(
        "Shipped rulesets (name one with --ruleset or `ruleset show NAME`; \
         `ruleset show NAME > mine.toml` starts one of your own):"
    );
    let names = carcassonne_host::shipped::names();
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0);
    for name in names {
        let rs = carcassonne_host::shipped::load(std::path::Path::new(name), &reg)
            .map_err(|e| anyhow!("invalid shipped ruleset {name}:\n{e}"))?;
        let plugins: Vec<&str> = rs.plugins.iter().map(|(id, _)| id.as_str()).collect();
        let plugins = if plugins.is_empty() {
            "no plugins".to_string()
        } else {
            plugins.join(", ")
        };
        println!(
            "  {name:width$}  {} ({} players, {} tiles; {plugins})",
            rs.spec.name,
            rs.spec.players,
            rs.rules.tiles.total()
        );
    }
    println!("Built-in tile sets (for `tilesets = [...]`):");
    let width = carcassonne_host::tilesets::BUILTIN
        .iter()
        .map(|(n, _)| n.len())
        .max()
        .unwrap_or(0);
    for (name, text) in carcassonne_host::tilesets::BUILTIN {
        let description = text
            .parse::<toml::Table>()
            .ok()
            .and_then(|t| t.get("description")?.as_str().map(str::to_string))
            .unwrap_or_default();
        println!("  {name:width$}  {description}");
    }
    Ok(())
}

/// What switching on a plugin table marked `enabled = false` would meet: a
/// name this program does not know (a misspelling, or a plugin not loaded),
/// or options the plugin refuses. Such a table is kept as written and is no
/// error while it is off; these notes say so before it is switched on.
fn switched_off_notes(
    spec: &carcassonne_host::ruleset::RulesetSpec,
    reg: &carcassonne_host::registry::Registry,
) -> Vec<String> {
    let mut out = Vec::new();
    for p in spec.plugins.iter().filter(|p| !p.enabled) {
        let Some(pl) = reg.get(&p.id) else {
            // As for an unknown plugin switched on: the nearest known name, if
            // any, and how a plugin library is loaded.
            let mut hint = carcassonne_host::suggest::hint(&p.id, reg.ids());
            carcassonne_host::registry::add_how_to_load(&mut hint, crate::env::HOW_TO_LOAD);
            out.push(format!(
                "plugin `{}` is switched off, and this program knows no plugin of that name{hint}",
                p.id
            ));
            continue;
        };
        let options = toml::to_string(&p.options).unwrap_or_default();
        if let Err(problems) = pl.instantiate(&options) {
            for (key, msg) in problems {
                let what = key.map_or_else(String::new, |k| format!(" option `{k}`"));
                out.push(format!(
                    "plugin `{}` is switched off; switched on, its{what} would be refused: {msg}",
                    p.id
                ));
            }
        }
    }
    out
}

/// An option of an enabled plugin set to a value without effect (see
/// [`idle_options`]).
pub(crate) struct IdleOption {
    /// Its dotted key, as `ruleset show` and `compare` name it
    /// (`plugins.count.abbot`).
    pub key: String,
    /// Its default value, as TOML text.
    pub default: String,
    /// What `ruleset check` notes of it.
    pub note: String,
}

/// Options of enabled plugins set, to a value other than their default, for
/// a combination with plugins this ruleset does not enable (the option's
/// `only_with`, which its plugin declares): such a value has no effect, and
/// is no error (the ruleset may be one plugin away from it).
pub(crate) fn idle_options(
    spec: &carcassonne_host::ruleset::RulesetSpec,
    reg: &carcassonne_host::registry::Registry,
) -> Vec<IdleOption> {
    let enabled = |id: &String| spec.plugins.iter().any(|p| p.enabled && &p.id == id);
    let key = carcassonne_host::locate::toml_key;
    let mut out = Vec::new();
    for p in spec.plugins.iter().filter(|p| p.enabled) {
        let Some(pl) = reg.get(&p.id) else {
            continue;
        };
        for (name, value) in &p.options {
            let Some(doc) = pl.info().options.iter().find(|o| &o.name == name) else {
                continue;
            };
            let value = value.to_string();
            if doc.only_with.is_empty() || doc.only_with.iter().any(enabled) || value == doc.default
            {
                continue;
            }
            out.push(IdleOption {
                key: format!("plugins.{}.{}", key(&p.id), key(name)),
                default: doc.default.clone(),
                note: format!(
                    "plugin `{}`: `{} = {value}` has no effect without plugin {}, which this \
                     ruleset does not enable",
                    p.id,
                    key(name),
                    super::any_of_plugins(&doc.only_with)
                ),
            });
        }
    }
    out
}

/// The notes of [`idle_options`].
fn idle_option_notes(
    spec: &carcassonne_host::ruleset::RulesetSpec,
    reg: &carcassonne_host::registry::Registry,
) -> Vec<String> {
    idle_options(spec, reg)
        .into_iter()
        .map(|o| o.note)
        .collect()
}

/// Whether tile type `t` has copies in the game (in the bag or the hands).
fn in_game(t: &carcassonne_core::TileType) -> bool {
    t.count > 0 || t.per_player > 0
}

/// Enabled plugins that read tile markers of which no tile in the game
/// carries one (the markers a plugin declares, on any tile type with copies in
/// the bag or in the hands): what they do with them never comes up, because
/// the tile set of their expansion is missing from `tilesets` or its tiles
/// are left out (by a plugin, as the Count leaves out the rivers, or by the
/// ruleset's counts). No error: a plugin may read a marker only for a part of
/// its rules (the wagon the abbey's, the castles a city that may not become
/// one), and a ruleset may enable it for composition.
fn unmarked_notes(
    spec: &carcassonne_host::ruleset::RulesetSpec,
    tiles: &carcassonne_core::TileCatalogue,
    reg: &carcassonne_host::registry::Registry,
) -> Vec<String> {
    let carried = tiles
        .types
        .iter()
        .filter(|t| in_game(t))
        .fold(0u64, |m, t| m | t.any_markers);
    let mut out = Vec::new();
    for p in spec.plugins.iter().filter(|p| p.enabled) {
        let Some(pl) = reg.get(&p.id) else {
            continue;
        };
        let markers = &pl.info().markers;
        let mask = markers.iter().fold(0u64, |m, n| m | tiles.markers.bit(n));
        if markers.is_empty() || carried & mask != 0 {
            continue;
        }
        // Whether some tile type carries one (without copies, then), and
        // the plugins that left such types out.
        let carries = |t: &carcassonne_core::TileTypeId| {
            tiles.get(*t).is_some_and(|ty| ty.any_markers & mask != 0)
        };
        let mut by: Vec<String> = Vec::new();
        for (plugin, t, _, to) in &tiles.plugin_counts {
            if *to == 0 && carries(t) && !by.contains(&format!("`{plugin}`")) {
                by.push(format!("`{plugin}`"));
            }
        }
        let why = if !tiles.types.iter().any(|t| t.any_markers & mask != 0) {
            "is the tile set of its expansion missing from `tilesets`?".to_string()
        } else if by.is_empty() {
            "the tiles that carry them have no copies".to_string()
        } else {
            format!(
                "the tiles that carry them are left out, by plugin {}",
                by.join(" and ")
            )
        };
        let names: Vec<String> = markers.iter().map(|m| format!("`{m}`")).collect();
        out.push(format!(
            "plugin `{}` reads tile markers that no tile of this game carries ({}): what it does \
             with them never comes up ({why})",
            p.id,
            names.join(", ")
        ));
    }
    out
}

/// Markers on tiles of the game that neither the core (a city's pennant)
/// nor any plugin this program knows reads, enabled or not: most often a
/// misspelt name in a tile set, which would otherwise mean nothing without a
/// word (with the nearest name a plugin reads).
fn unread_marker_notes(
    tiles: &carcassonne_core::TileCatalogue,
    reg: &carcassonne_host::registry::Registry,
) -> Vec<String> {
    let known: Vec<&str> = reg
        .ids()
        .filter_map(|id| reg.get(id))
        .flat_map(|p| p.info().markers.iter().map(String::as_str))
        .chain([carcassonne_core::tiles::PENNANT])
        .collect();
    let mut out = Vec::new();
    for name in tiles.markers.names() {
        if known.contains(&name.as_str()) {
            continue;
        }
        let bit = tiles.markers.bit(name);
        let on: Vec<&str> = tiles
            .types
            .iter()
            .filter(|t| in_game(t) && t.any_markers & bit != 0)
            .map(|t| t.id.as_str())
            .collect();
        if on.is_empty() {
            continue;
        }
        let shown = if on.len() > 4 {
            format!("{} and {} more", on[..3].join(", "), on.len() - 3)
        } else {
            on.join(", ")
        };
        out.push(format!(
            "tile marker `{name}` (on {shown}) is read by no plugin this program knows{}",
            carcassonne_host::suggest::hint(name, known.iter().copied())
        ));
    }
    out
}

/// What the plugins did to the tile counts when the rules were built, one
/// line per plugin and count: "plugin `count` leaves out RI/s, RI.1/I.e"
/// (tiles taken out of the game), "plugin `count` sets BA/RCr to 3 copies (4
/// in the tile sets)".
fn plugin_counts(tiles: &carcassonne_core::TileCatalogue) -> Vec<String> {
    let mut lines: Vec<(String, u16, Vec<String>)> = Vec::new();
    for (plugin, t, from, to) in &tiles.plugin_counts {
        let id = tiles.get(*t).map_or("?", |ty| ty.id.as_str());
        let item = if *to == 0 {
            id.to_string()
        } else {
            format!("{id} ({from} in the tile sets)")
        };
        match lines.iter_mut().find(|l| &l.0 == plugin && l.1 == *to) {
            Some(l) => l.2.push(item),
            None => lines.push((plugin.clone(), *to, vec![item])),
        }
    }
    lines
        .into_iter()
        .map(|(plugin, to, ids)| match to {
            0 => format!("plugin `{plugin}` leaves out {}", ids.join(", ")),
            1 => format!("plugin `{plugin}` keeps 1 copy of {}", ids.join(", ")),
            n => format!("plugin `{plugin}` keeps {n} copies of {}", ids.join(", ")),
        })
        .collect()
}
