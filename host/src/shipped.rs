//! The rulesets shipped in `configs/`, embedded in the program so that front ends
//! (the browser) offer them without reading files, and a ruleset is named
//! by its file or a shipped name alike ([`load`]).

use crate::registry::Registry;
use crate::{Ruleset, RulesetErrors};
use std::path::Path;

/// `(file name, TOML text)` of each shipped ruleset; the default one first.
pub const SHIPPED: &[(&str, &str)] = &[
    ("hills-and-sheep.toml", crate::ruleset::DEFAULT_RULESET),
    (
        "hills-and-sheep-blank-underlays.toml",
        include_str!("../../configs/hills-and-sheep-blank-underlays.toml"),
    ),
    (
        "hills-and-sheep-abbot.toml",
        include_str!("../../configs/hills-and-sheep-abbot.toml"),
    ),
    ("base.toml", include_str!("../../configs/base.toml")),
    (
        "classic-farmers.toml",
        include_str!("../../configs/classic-farmers.toml"),
    ),
    (
        "princess-and-dragon.toml",
        include_str!("../../configs/princess-and-dragon.toml"),
    ),
    (
        "hills-and-sheep-princess-and-dragon.toml",
        include_str!("../../configs/hills-and-sheep-princess-and-dragon.toml"),
    ),
    (
        "inns-and-cathedrals.toml",
        include_str!("../../configs/inns-and-cathedrals.toml"),
    ),
    (
        "hills-and-sheep-inns-and-cathedrals.toml",
        include_str!("../../configs/hills-and-sheep-inns-and-cathedrals.toml"),
    ),
    (
        "traders-and-builders.toml",
        include_str!("../../configs/traders-and-builders.toml"),
    ),
    (
        "traders-and-builders-hills-and-sheep.toml",
        include_str!("../../configs/traders-and-builders-hills-and-sheep.toml"),
    ),
    ("big-box.toml", include_str!("../../configs/big-box.toml")),
    (
        "abbey-and-mayor.toml",
        include_str!("../../configs/abbey-and-mayor.toml"),
    ),
    (
        "abbey-and-mayor-hills-and-sheep.toml",
        include_str!("../../configs/abbey-and-mayor-hills-and-sheep.toml"),
    ),
    (
        "king-and-robber-hills-and-sheep.toml",
        include_str!("../../configs/king-and-robber-hills-and-sheep.toml"),
    ),
    (
        "count-king-and-robber.toml",
        include_str!("../../configs/count-king-and-robber.toml"),
    ),
    (
        "bridges-castles-and-bazaars.toml",
        include_str!("../../configs/bridges-castles-and-bazaars.toml"),
    ),
    (
        "bridges-castles-and-bazaars-hills-and-sheep.toml",
        include_str!("../../configs/bridges-castles-and-bazaars-hills-and-sheep.toml"),
    ),
    (
        "the-tower.toml",
        include_str!("../../configs/the-tower.toml"),
    ),
    (
        "the-tower-hills-and-sheep.toml",
        include_str!("../../configs/the-tower-hills-and-sheep.toml"),
    ),
    (
        "all-expansions.toml",
        include_str!("../../configs/all-expansions.toml"),
    ),
    (
        "the-river.toml",
        include_str!("../../configs/the-river.toml"),
    ),
    (
        "the-river-ii.toml",
        include_str!("../../configs/the-river-ii.toml"),
    ),
    (
        "the-river-hills-and-sheep.toml",
        include_str!("../../configs/the-river-hills-and-sheep.toml"),
    ),
];

/// The shipped ruleset `name` names (`"base"` or `"base.toml"`): its file
/// name and text.
pub fn find(name: &str) -> Option<(&'static str, &'static str)> {
    let file = format!("{}.toml", name.strip_suffix(".toml").unwrap_or(name));
    SHIPPED.iter().find(|(f, _)| *f == file).copied()
}

/// The names of the shipped rulesets (`base`, ...), the default first.
pub fn names() -> Vec<&'static str> {
    SHIPPED
        .iter()
        .map(|(f, _)| f.strip_suffix(".toml").unwrap_or(f))
        .collect()
}

/// The ids of the official plugins: those the shipped rulesets enable (every
/// official plugin is played by one; a test of the program checks that they
/// are the plugins `carcassonne-official` links). Sorted, each once. For
/// error messages: a ruleset naming one that a registry lacks is run where
/// the official plugins are not linked (a plugin's own tests).
pub fn official_plugin_ids() -> &'static [String] {
    static IDS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    IDS.get_or_init(|| {
        let mut ids: Vec<String> = SHIPPED
            .iter()
            .filter_map(|(_, text)| toml::from_str::<toml::Table>(text).ok())
            .filter_map(|t| match t.get("plugins") {
                Some(toml::Value::Table(p)) => Some(p.keys().cloned().collect::<Vec<_>>()),
                _ => None,
            })
            .flatten()
            .collect();
        ids.sort();
        ids.dedup();
        ids
    })
}

/// Loads the ruleset `arg` names: the file at that path when there is one,
/// else the shipped ruleset of that name (`big-box`, `base.toml`), else the
/// file after all, whose error then names the shipped rulesets too.
pub fn load(arg: &Path, registry: &Registry) -> Result<Ruleset, RulesetErrors> {
    let shipped = arg.to_str().filter(|_| !arg.is_file()).and_then(find);
    if let Some((file, text)) = shipped {
        return crate::load_str(text, file, None, registry);
    }
    crate::load_file(arg, registry).map_err(|mut e| {
        if !arg.exists() {
            if let Some(p) = e.0.first_mut() {
                let name = arg.to_string_lossy();
                let hint = crate::suggest::hint(name.trim_end_matches(".toml"), names());
                p.message.push_str(&if hint.is_empty() {
                    format!(
                        ", nor is it the name of a shipped ruleset ({})",
                        names().join(", ")
                    )
                } else {
                    format!(", nor is it the name of a shipped ruleset{hint}")
                });
            }
        }
        e
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_ruleset_in_configs_is_shipped() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".toml"))
            .collect();
        files.sort();
        let mut shipped: Vec<String> = super::SHIPPED.iter().map(|s| s.0.to_string()).collect();
        shipped.sort();
        assert_eq!(files, shipped);
    }
}
