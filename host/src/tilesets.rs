//! Tile sets: the built-in ones embedded in the binary, or files.

use carcassonne_core::TileSetSpec;
use std::collections::BTreeMap;
use std::path::Path;

/// Built-in tile sets: name and TOML text.
pub const BUILTIN: [(&str, &str); 8] = [
    ("base", include_str!("../../configs/tilesets/base.toml")),
    (
        "hills-and-sheep",
        include_str!("../../configs/tilesets/hills-and-sheep.toml"),
    ),
    (
        "abbey-and-mayor",
        include_str!("../../configs/tilesets/abbey-and-mayor.toml"),
    ),
    (
        "princess-and-dragon",
        include_str!("../../configs/tilesets/princess-and-dragon.toml"),
    ),
    (
        "traders-and-builders",
        include_str!("../../configs/tilesets/traders-and-builders.toml"),
    ),
    (
        "inns-and-cathedrals",
        include_str!("../../configs/tilesets/inns-and-cathedrals.toml"),
    ),
    (
        "king-and-robber",
        include_str!("../../configs/tilesets/king-and-robber.toml"),
    ),
    (
        "bridges-castles-and-bazaars",
        include_str!("../../configs/tilesets/bridges-castles-and-bazaars.toml"),
    ),
];

/// Parses tile-set TOML text.
pub fn parse(text: &str, origin: &str) -> Result<TileSetSpec, String> {
    toml::from_str(text).map_err(|e| {
        let (l, c) = crate::locate::line_col(text, e.span().map_or(0, |s| s.start));
        format!("tile set {origin}:{l}:{c}: {}", e.message().trim())
    })
}

/// Where the tile sets a ruleset names are found.
#[derive(Clone, Copy, Debug, Default)]
pub struct Source<'a> {
    /// Directory relative paths are read from (the ruleset's).
    pub base_dir: Option<&'a Path>,
    /// Tile-set files' text by the name the ruleset uses (a record's), looked up
    /// before the file system.
    pub embedded: Option<&'a BTreeMap<String, String>>,
}

/// Loads a tile set by built-in name, or by path (ending in `.toml`, relative to `base_dir`).
pub fn load(name: &str, base_dir: Option<&Path>) -> Result<TileSetSpec, String> {
    load_from(
        name,
        &Source {
            base_dir,
            embedded: None,
        },
    )
    .map(|(set, _)| set)
}

/// Loads a tile set by built-in name, from the embedded texts, or from a file;
/// also returns the text of a tile set that is not built in (for records).
pub fn load_from(name: &str, src: &Source<'_>) -> Result<(TileSetSpec, Option<String>), String> {
    if let Some((_, text)) = BUILTIN.iter().find(|(n, _)| *n == name) {
        return parse(text, name).map(|s| (s, None));
    }
    if let Some(text) = src.embedded.and_then(|e| e.get(name)) {
        return parse(text, &format!("{name} (embedded)")).map(|s| (s, Some(text.clone())));
    }
    if name.ends_with(".toml") {
        let path = src
            .base_dir
            .map_or_else(|| Path::new(name).to_path_buf(), |d| d.join(name));
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read tile set `{}`: {e}", path.display()))?;
        return parse(&text, &path.display().to_string()).map(|s| (s, Some(text)));
    }
    Err(format!(
        "unknown tile set `{name}`{} (built-in: {}; or a path ending in .toml)",
        crate::suggest::hint(name, BUILTIN.iter().map(|(n, _)| *n)),
        BUILTIN
            .iter()
            .map(|(n, _)| *n)
            .collect::<Vec<_>>()
            .join(", ")
    ))
}
