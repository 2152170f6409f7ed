//! Reading input files (rulesets, tile sets, records, scenarios, styles) with
//! a size cap: a file larger than [`MAX_INPUT_BYTES`] — or an endless one such
//! as `/dev/zero` — is refused with one clear line after reading at most one
//! byte more than the cap, instead of filling the memory. Every file the
//! program reads as input goes through [`read_text`].

use std::io::Read;
use std::path::Path;

/// The largest input file read: 16 MiB. The largest real inputs are far
/// smaller (a record of a 16,000-tile game is about 0.7 MB, a ruleset naming
/// 40,000 tile sets about 0.6 MB).
pub const MAX_INPUT_BYTES: u64 = 16 * 1024 * 1024;

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
fn size_text(n: u64) -> String {
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
        assert_eq!(size_text(10), "10 bytes");
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
