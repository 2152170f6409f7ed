//! Reading input files (rulesets, tile sets, records, scenarios, styles) with
//! a size cap: a file larger than [`MAX_INPUT_BYTES`] — or an endless one such
//! as `/dev/zero` — is refused with one clear line after reading at most one
//! byte more than the cap, instead of filling the memory. Every file the
//! program reads as input goes through [`read_text`].

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

/// The largest input file read: 16 MiB. The largest real inputs are far
/// smaller (a record of a 16,000-tile game is about 0.7 MB, a ruleset naming
/// 40,000 tile sets about 0.6 MB).
pub const MAX_INPUT_BYTES: u64 = 16 * 1024 * 1024;

/// The most bytes of rules a game record may hold: 8 MiB, half of
/// [`MAX_INPUT_BYTES`]. A record embeds its ruleset's text and the text of
/// every tile-set file the ruleset reads ([`recorded_rules_len`]), and a
/// record is an input file too, read up to [`MAX_INPUT_BYTES`]: so that
/// every record the program writes can be read back, a ruleset whose rules
/// would take more than this in a record is refused when it is loaded, and
/// the other half is left for the game's moves (the longest game the engine
/// plays, 32,767 tiles, takes about 4 MB).
pub const MAX_RECORDED_RULES_BYTES: u64 = MAX_INPUT_BYTES / 2;

/// The bytes `text` takes as a JSON string in a record, its quotes
/// included: a quote, a backslash and the control characters with a short
/// escape (a tab, a line end) take two bytes, other control characters six
/// (`\u0001`), every other character its UTF-8 bytes.
pub fn json_text_len(text: &str) -> u64 {
    let escaped: u64 = text
        .bytes()
        .map(|b| match b {
            b'"' | b'\\' | b'\n' | b'\r' | b'\t' | 0x08 | 0x0c => 2,
            0..=0x1f => 6,
            _ => 1,
        })
        .sum();
    escaped + 2
}

/// The bytes of rules a record of a game under a ruleset holds: the
/// ruleset's text (`ruleset`) and each tile-set file's name and text
/// (`tilesets`), as JSON strings, with the punctuation between them.
pub fn recorded_rules_len(ruleset: &str, tilesets: &BTreeMap<String, String>) -> u64 {
    // `"name": "text",` and its line's indentation.
    const ENTRY: u64 = 8;
    tilesets
        .iter()
        .map(|(name, text)| json_text_len(name) + json_text_len(text) + ENTRY)
        .sum::<u64>()
        + json_text_len(ruleset)
}

/// Why an input file could not be read (the file's name is added by the caller).
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// Opening or reading failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// A directory, not a file.
    #[error("it is a directory")]
    Directory,
    /// More than the cap.
    #[error("larger than {}, the limit for input files", size_text(*.0))]
    TooLarge(u64),
    /// Not UTF-8.
    #[error("not UTF-8 text (invalid byte at offset {0})")]
    NotUtf8(usize),
}

/// The text of the file at `path`, read with the [`MAX_INPUT_BYTES`] cap.
pub fn read_text(path: &Path) -> Result<String, InputError> {
    read_text_capped(path, MAX_INPUT_BYTES)
}

/// [`read_text`] with a cap of `cap` bytes.
pub fn read_text_capped(path: &Path, cap: u64) -> Result<String, InputError> {
    let file = std::fs::File::open(path)?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(InputError::Directory);
    }
    let mut bytes = Vec::new();
    file.take(cap.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(InputError::TooLarge(cap));
    }
    String::from_utf8(bytes).map_err(|e| InputError::NotUtf8(e.utf8_error().valid_up_to()))
}

/// `16 MiB`, `512 bytes`.
pub fn size_text(n: u64) -> String {
    if n >= 1024 * 1024 && n % (1024 * 1024) == 0 {
        format!("{} MiB", n / (1024 * 1024))
    } else {
        format!("{n} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(size_text(MAX_INPUT_BYTES), "16 MiB");
        assert_eq!(size_text(MAX_RECORDED_RULES_BYTES), "8 MiB");
        assert_eq!(size_text(10), "10 bytes");
    }

    #[test]
    fn json_text_len_counts_the_bytes_of_the_escaped_string() {
        assert_eq!(json_text_len(""), 2);
        assert_eq!(json_text_len("abc"), 5);
        // `"a\"b\\c\n\t"`: each escape two bytes.
        assert_eq!(json_text_len("a\"b\\c\n\t"), 2 + 3 + 4 * 2);
        // `"\r\u0001"`.
        assert_eq!(json_text_len("\r\u{1}"), 2 + 2 + 6);
        // UTF-8 as is: `é` is two bytes, `🐑` four.
        assert_eq!(json_text_len("é🐑"), 2 + 2 + 4);
    }

    #[test]
    fn recorded_rules_len_adds_the_ruleset_and_each_tile_set() {
        let sets: BTreeMap<String, String> = [("a.toml".to_string(), "x = 1\n".to_string())].into();
        // `"name = 1\n"` 12, `"a.toml"` 8, `"x = 1\n"` 9, 8 between.
        assert_eq!(recorded_rules_len("name = 1\n", &sets), 12 + 8 + 9 + 8);
        assert_eq!(recorded_rules_len("", &BTreeMap::new()), 2);
    }

    #[cfg(unix)]
    #[test]
    fn an_endless_file_is_refused_after_the_cap() {
        let e = read_text_capped(Path::new("/dev/zero"), 1000).unwrap_err();
        assert_eq!(
            e.to_string(),
            "larger than 1000 bytes, the limit for input files"
        );
        let e = read_text(Path::new("/")).unwrap_err();
        assert_eq!(e.to_string(), "it is a directory");
    }
}
