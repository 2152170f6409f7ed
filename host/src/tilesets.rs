//! Tile sets: the built-in ones embedded in the binary, or files.

use carcassonne_core::TileSetSpec;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Built-in tile sets: name and TOML text.
pub const BUILTIN: [(&str, &str); 11] = [
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
        "the-tower",
        include_str!("../../configs/tilesets/the-tower.toml"),
    ),
    (
        "bridges-castles-and-bazaars",
        include_str!("../../configs/tilesets/bridges-castles-and-bazaars.toml"),
    ),
    (
        "the-river",
        include_str!("../../configs/tilesets/the-river.toml"),
    ),
    (
        "the-river-ii",
        include_str!("../../configs/tilesets/the-river-ii.toml"),
    ),
];

/// Parses tile-set TOML text.
pub fn parse(text: &str, origin: &str) -> Result<TileSetSpec, String> {
    toml::from_str(text).map_err(|e| {
        let (l, c) = crate::locate::line_col(text, e.span().map_or(0, |s| s.start));
        format!("tile set {origin}:{l}:{c}: {}", e.message().trim())
    })
}

/// Which files the tile sets of a ruleset may be read from: the *tile-set
/// source policy*. Built-in tile sets and the texts a record embeds are always
/// allowed; this says which files on the disk are.
#[derive(Clone, Debug)]
pub enum TileSetFiles {
    /// Any file; a relative name is read from this directory (the ruleset's or
    /// the record's own), else from the working directory. For the command
    /// line, where the user names the files.
    Anywhere(Option<PathBuf>),
    /// Only files inside these directories: a name (relative, or absolute)
    /// must lead, once every `..` and symbolic link is resolved, to a file
    /// inside one of them. Anything else is refused with the same message
    /// whether it exists or not, so nothing is learnt about the rest of the
    /// disk. For a server opening records that others upload; none: no file at all.
    Within(Vec<PathBuf>),
}

impl Default for TileSetFiles {
    fn default() -> Self {
        TileSetFiles::Anywhere(None)
    }
}

/// Where the tile sets a ruleset names are found.
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    /// Which files may be read.
    pub files: &'a TileSetFiles,
    /// Tile-set files' text by the name the ruleset uses (a record's), looked up
    /// before the file system.
    pub embedded: Option<&'a BTreeMap<String, String>>,
}

/// Loads a tile set by built-in name, or by path (ending in `.toml`, relative to `base_dir`).
pub fn load(name: &str, base_dir: Option<&Path>) -> Result<TileSetSpec, String> {
    load_from(
        name,
        &Source {
            files: &TileSetFiles::Anywhere(base_dir.map(Path::to_path_buf)),
            embedded: None,
        },
    )
    .map(|(set, _)| set)
}

/// Loads a tile set by built-in name, from the embedded texts, or from a file
/// the policy allows; also returns the text of a tile set that is not built in
/// (for records).
pub fn load_from(name: &str, src: &Source<'_>) -> Result<(TileSetSpec, Option<String>), String> {
    if let Some((_, text)) = BUILTIN.iter().find(|(n, _)| *n == name) {
        return parse(text, name).map(|s| (s, None));
    }
    if let Some(text) = src.embedded.and_then(|e| e.get(name)) {
        return parse(text, &format!("{name} (embedded)")).map(|s| (s, Some(text.clone())));
    }
    if name.ends_with(".toml") {
        let (path, text) = read_file(name, src.files)?;
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

/// Reads tile-set file `name` as `files` allows: its path and text.
fn read_file(name: &str, files: &TileSetFiles) -> Result<(PathBuf, String), String> {
    match files {
        TileSetFiles::Anywhere(dir) => {
            let path = dir
                .as_deref()
                .map_or_else(|| Path::new(name).to_path_buf(), |d| d.join(name));
            let text = crate::input::read_text(&path)
                .map_err(|e| format!("cannot read tile set `{}`: {e}", path.display()))?;
            Ok((path, text))
        }
        TileSetFiles::Within(dirs) => {
            for dir in dirs {
                let Ok(root) = dir.canonicalize() else {
                    continue;
                };
                let Ok(real) = root.join(name).canonicalize() else {
                    continue;
                };
                if real.starts_with(&root) && real.is_file() {
                    let text = crate::input::read_text(&real)
                        .map_err(|e| format!("cannot read tile set `{name}`: {e}"))?;
                    return Ok((PathBuf::from(name), text));
                }
            }
            Err(format!(
                "tile set `{name}` is neither built in nor embedded in the record, and no file of that name is in {}: other files are not read here",
                if dirs.is_empty() {
                    "the tile-set directories (there are none)".to_string()
                } else {
                    format!(
                        "the tile-set directories ({})",
                        dirs.iter()
                            .map(|d| d.display().to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                }
            ))
        }
    }
}
