//! `play --record`: the record file is written when the game starts (so a path
//! that cannot be written fails at once, before anyone plays) and again after
//! every action, to a temporary file renamed over it. Whatever ends the game —
//! its end, `quit`, the end of the input, a failing plugin, Ctrl-C, a full
//! disk on standard output — the game so far is kept.

use anyhow::{Context, Result};
use carcassonne_core::{Game, Provenance, Recorder};
use std::path::{Path, PathBuf};

/// A record file kept up to date with the game.
pub struct RecordFile {
    path: PathBuf,
    tmp: PathBuf,
    provenance: Provenance,
}

impl RecordFile {
    /// Writes the record of `g` so far to `path` (checking that it can be written).
    pub fn create(path: &Path, provenance: Provenance, rec: &Recorder, g: &Game) -> Result<Self> {
        let name = path
            .file_name()
            .with_context(|| format!("--record {}: not a file name", path.display()))?;
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(".tmp");
        let f = RecordFile {
            path: path.to_path_buf(),
            tmp: path.with_file_name(tmp_name),
            provenance,
        };
        f.save(rec, g)?;
        Ok(f)
    }

    /// Replaces the file with the record of `g` so far.
    pub fn save(&self, rec: &Recorder, g: &Game) -> Result<()> {
        let json = rec.record(g, &self.provenance).to_json();
        std::fs::write(&self.tmp, json)
            .and_then(|()| std::fs::rename(&self.tmp, &self.path))
            .with_context(|| format!("cannot write the record to {}", self.path.display()))
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        &self.path
    }
}
