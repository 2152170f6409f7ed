//! Tile sets: the built-in ones embedded in the binary, or files.

use carcassonne_core::TileSetSpec;
use std::path::Path;

/// Built-in tile sets: name and TOML text.
pub const BUILTIN: [(&str, &str); 3] = [
    ("base", include_str!("../../configs/tilesets/base.toml")),
    (
        "hills-and-sheep",
        include_str!("../../configs/tilesets/hills-and-sheep.toml"),
    ),
    (
        "inns-and-cathedrals",
        include_str!("../../configs/tilesets/inns-and-cathedrals.toml"),
    ),
];

/// Parses tile-set TOML text.
pub fn parse(text: &str, origin: &str) -> Result<TileSetSpec, String> {
    toml::from_str(text).map_err(|e| {
        let (l, c) = crate::ruleset::line_col(text, e.span().map_or(0, |s| s.start));
        format!("tile set {origin}:{l}:{c}: {}", e.message().trim())
    })
}

/// Loads a tile set by built-in name, or by path (ending in `.toml`, relative to `base_dir`).
pub fn load(name: &str, base_dir: Option<&Path>) -> Result<TileSetSpec, String> {
    if let Some((_, text)) = BUILTIN.iter().find(|(n, _)| *n == name) {
        return parse(text, name);
    }
    if name.ends_with(".toml") {
        let path = base_dir.map_or_else(|| Path::new(name).to_path_buf(), |d| d.join(name));
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read tile set `{}`: {e}", path.display()))?;
        return parse(&text, &path.display().to_string());
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
