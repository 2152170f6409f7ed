//! `play --record`: the record file is written when the game starts (so a path
//! that cannot be written fails at once, before anyone plays) and kept up to
//! date after every action, so whatever ends the game — its end, `quit`, the
//! end of the input, a failing plugin, Ctrl-C, a kill — the game so far is
//! kept.
//!
//! **Appended, not rewritten.** While the game runs the file is a journal that
//! is a valid record at every moment: the record's fields with `actions` last,
//! and each new action written over the closing `]}` with the closing bytes
//! after it (one small write, so the time per action does not grow with the
//! game). When the game ends, or the forced outcomes change, the file is
//! compacted: the complete record is written to a temporary file that is
//! renamed over it.
//!
//! **A failed write is undone.** An append that fails (a full disk, a file
//! size limit) is cut off and the journal closed again, so the file stays
//! the record of the actions before; a compaction that fails leaves the
//! journal as it was and removes its temporary file.
//!
//! **Always readable.** A record is read up to
//! [`MAX_INPUT_BYTES`], like every input file: the rules it embeds are
//! bounded when the ruleset is loaded (`MAX_RECORDED_RULES_BYTES`, half of
//! it), and a write that would make the file larger fails like a full disk
//! (the file keeps the actions before it), so no record written here is one
//! `replay` refuses.
//!
//! **Regular files only.** The path must be a new file or a regular file: a
//! symbolic link, directory, FIFO or device there is refused with one line (the
//! record would replace it), and the temporary file is opened without
//! following a symbolic link.

use anyhow::{bail, Context, Result};
use carcassonne_core::{Game, Provenance, Record, Recorder};
use carcassonne_host::input::{size_text, MAX_INPUT_BYTES};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// What closes the journal's `actions` list and the record.
const TAIL: &str = "\n  ]\n}\n";

/// A record file kept up to date with the game.
pub struct RecordFile {
    path: PathBuf,
    tmp: PathBuf,
    provenance: Provenance,
    /// Who plays each seat.
    names: Vec<String>,
    /// The record file, open for appending.
    file: File,
    /// Where the journal's closing bytes ([`TAIL`]) begin.
    tail_at: u64,
    /// The actions written so far.
    actions: usize,
    /// The forced outcomes written.
    forced: BTreeMap<String, Vec<String>>,
    /// Whether the complete record of the finished game is written.
    finished: bool,
    /// Whether a write failed ([`RecordFile::kept`]): the actions it held
    /// are not in the file.
    behind: bool,
    /// Whether the file may not be a valid record: a write failed and the
    /// journal could not be closed again.
    damaged: bool,
    /// The largest file written ([`MAX_INPUT_BYTES`]: what is read back).
    limit: u64,
}

impl RecordFile {
    /// Writes the record of `g` so far to `path` (checking that it can be
    /// written), with `names` for its seats ([`Record::names`]).
    pub fn create(
        path: &Path,
        provenance: Provenance,
        names: Vec<String>,
        rec: &Recorder,
        g: &Game,
    ) -> Result<Self> {
        Self::create_for("--record", path, provenance, names, rec, g)
    }

    /// [`RecordFile::create`] for the option `flag` that named `path` (in
    /// the messages: `conformance --failure-record`).
    pub fn create_for(
        flag: &str,
        path: &Path,
        provenance: Provenance,
        names: Vec<String>,
        rec: &Recorder,
        g: &Game,
    ) -> Result<Self> {
        let name = path
            .file_name()
            .with_context(|| format!("{flag} {}: not a file name", path.display()))?;
        check_regular(flag, path)?;
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(".tmp");
        let tmp = path.with_file_name(tmp_name);
        check_regular(flag, &tmp)?;
        let record = named(rec.record(g, &provenance), &names);
        let (text, tail_at) = contents(&record, g.is_over())?;
        check_size(path, text.len() as u64, MAX_INPUT_BYTES)?;
        let file = replace(&tmp, path, text.as_bytes())?;
        Ok(RecordFile {
            path: path.to_path_buf(),
            tmp,
            provenance,
            names,
            file,
            tail_at,
            actions: record.actions.len(),
            forced: record.forced,
            finished: g.is_over(),
            behind: false,
            damaged: false,
            limit: MAX_INPUT_BYTES,
        })
    }

    /// Brings the file up to date with the record of `g` so far.
    pub fn save(&mut self, rec: &Recorder, g: &Game) -> Result<()> {
        if self.finished {
            return Ok(());
        }
        if g.is_over() || rec.forced != self.forced || rec.actions.len() < self.actions {
            return self.rewrite(rec, g);
        }
        let mut part = String::new();
        for a in &rec.actions[self.actions..] {
            if self.actions > 0 || !part.is_empty() {
                part.push(',');
            }
            part.push_str("\n    ");
            part.push_str(&serde_json::to_string(a).expect("strings serialise"));
        }
        if part.is_empty() {
            return Ok(());
        }
        let bytes = [part.as_bytes(), TAIL.as_bytes()].concat();
        // Too large to be read back: not written, as if the disk were full.
        let size = self.tail_at + bytes.len() as u64;
        check_size(&self.path, size, self.limit).inspect_err(|_| self.behind = true)?;
        let written = self
            .file
            .seek(SeekFrom::Start(self.tail_at))
            .and_then(|_| self.file.write_all(&bytes));
        if let Err(e) = written {
            // A full disk, a size limit: part of the new actions may be
            // written over the closing bytes. The journal is cut back to the
            // actions written before and closed again (in place, the
            // truncation first: no more room than it had is needed).
            self.behind = true;
            self.damaged = self
                .file
                .set_len(self.tail_at)
                .and_then(|_| self.file.seek(SeekFrom::Start(self.tail_at)))
                .and_then(|_| self.file.write_all(TAIL.as_bytes()))
                .is_err();
            return Err(e).with_context(|| self.cannot());
        }
        self.tail_at += part.len() as u64;
        self.actions = rec.actions.len();
        Ok(())
    }

    /// Writes the whole file again: the complete record once the game is
    /// over, else a journal of the game so far.
    fn rewrite(&mut self, rec: &Recorder, g: &Game) -> Result<()> {
        let record = named(rec.record(g, &self.provenance), &self.names);
        let (text, tail_at) = contents(&record, g.is_over())?;
        check_size(&self.path, text.len() as u64, self.limit)
            .inspect_err(|_| self.behind = true)?;
        // A failure leaves the file as it was: without the latest actions.
        self.file = replace(&self.tmp, &self.path, text.as_bytes()).inspect_err(|_| {
            self.behind = true;
        })?;
        self.tail_at = tail_at;
        self.actions = record.actions.len();
        self.forced = record.forced;
        self.finished = g.is_over();
        Ok(())
    }

    fn cannot(&self) -> String {
        format!("cannot write the record to {}", self.path.display())
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What the file holds, for the message of a game that ended in an
    /// error: the game so far; the game up to the last action written (a
    /// write failed and was undone: the file is a valid record without the
    /// actions of that write); or maybe not a valid record (a write failed
    /// and the journal could not be closed again).
    pub fn kept(&self) -> String {
        let path = self.path.display();
        if self.damaged {
            format!("the record in {path} may be incomplete: writing it failed")
        } else if self.behind {
            format!("the game up to the last action written is recorded in {path}")
        } else {
            format!("the game so far is recorded in {path}")
        }
    }
}

/// The file's text for `record`: the complete record (`over`), else the
/// journal; and where the journal's closing bytes begin.
fn contents(record: &Record, over: bool) -> Result<(String, u64)> {
    if over {
        let text = record.to_json();
        let len = text.len() as u64;
        return Ok((text, len));
    }
    let mut head = record.clone();
    head.actions.clear();
    head.forced.clear();
    let json = head.to_json();
    let Some(fields) = json.strip_suffix("\"actions\": []\n}") else {
        bail!("internal error: a record does not end with its actions");
    };
    let mut text = fields.to_string();
    if !record.forced.is_empty() {
        let forced = serde_json::to_string(&record.forced).expect("records serialise");
        text.push_str(&format!("\"forced\": {forced},\n  "));
    }
    text.push_str("\"actions\": [");
    for (i, a) in record.actions.iter().enumerate() {
        text.push_str(if i == 0 { "\n    " } else { ",\n    " });
        text.push_str(&serde_json::to_string(a).expect("strings serialise"));
    }
    let tail_at = text.len() as u64;
    text.push_str(TAIL);
    Ok((text, tail_at))
}

/// Fails if a record file of `size` bytes would be larger than `limit`, the
/// most that is read back.
fn check_size(path: &Path, size: u64, limit: u64) -> Result<()> {
    if size > limit {
        bail!(
            "cannot write the record to {}: it would be larger than {}, the limit for input files, \
             and could not be read back",
            path.display(),
            size_text(limit)
        );
    }
    Ok(())
}

/// `record` with `names` for its seats.
fn named(record: Record, names: &[String]) -> Record {
    Record {
        names: names.to_vec(),
        ..record
    }
}

/// Fails unless `path` (given with option `flag`) is free or a regular file
/// (not a symbolic link).
fn check_regular(flag: &str, path: &Path) -> Result<()> {
    let Ok(m) = std::fs::symlink_metadata(path) else {
        return Ok(());
    };
    let t = m.file_type();
    if t.is_file() {
        return Ok(());
    }
    let what = if t.is_symlink() {
        "a symbolic link"
    } else if t.is_dir() {
        "a directory"
    } else {
        special_kind(&t)
    };
    bail!(
        "{flag} {}: {what} is there, not a regular file: records are written only to regular files (the record would replace it)",
        path.display()
    )
}

#[cfg(unix)]
fn special_kind(t: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if t.is_fifo() {
        "a FIFO"
    } else if t.is_char_device() || t.is_block_device() {
        "a device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &std::fs::FileType) -> &'static str {
    "a special file"
}

/// Writes `bytes` to `tmp` (a regular file, opened without following a
/// symbolic link), renames it to `path` and returns it, open for writing.
fn replace(tmp: &Path, path: &Path, bytes: &[u8]) -> Result<File> {
    let mut o = OpenOptions::new();
    o.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let fail = || format!("cannot write the record to {}", path.display());
    let mut f = o.open(tmp).with_context(fail)?;
    if !f.metadata().with_context(fail)?.is_file() {
        bail!("{}: not a regular file", tmp.display());
    }
    if let Err(e) = f.write_all(bytes).and_then(|_| std::fs::rename(tmp, path)) {
        // The record at `path`, if any, is left as it was; the partial
        // temporary file goes.
        let _ = std::fs::remove_file(tmp);
        return Err(e).with_context(fail);
    }
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_that_would_pass_the_limit_is_not_written_and_the_file_keeps_the_game_before() {
        let dir = std::env::temp_dir().join(format!("record-file-limit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("game.json");
        let rs = crate::env::shipped("base");
        let mut g = Game::new(rs.rules.clone(), 2, 1).unwrap();
        let mut rec = Recorder::default();
        let names = vec![String::new(); 2];
        let mut f =
            RecordFile::create(&path, Provenance::bare("base", &rs.text), names, &rec, &g).unwrap();
        // Room for 40 more bytes than the file holds: the first action or two
        // fit, then none.
        let random = carcassonne_bots::BotSpec::Random;
        let mut bots = carcassonne_bots::seat_bots(&[random.clone(), random], 1);
        f.limit = std::fs::metadata(&path).unwrap().len() + 40;
        let mut refused = None;
        while refused.is_none() && !g.is_over() {
            match g.actor() {
                carcassonne_core::Actor::Chance => {
                    rec.sample(&mut g).unwrap();
                }
                carcassonne_core::Actor::Player(p) => {
                    let a = bots[p.index()].choose(&g).unwrap();
                    rec.apply(&mut g, a).unwrap();
                    refused = f.save(&rec, &g).err();
                }
                carcassonne_core::Actor::GameOver => {}
            }
        }
        let e = refused.expect("the limit was reached");
        assert_eq!(
            e.to_string(),
            format!(
                "cannot write the record to {}: it would be larger than {} bytes, the limit for \
                 input files, and could not be read back",
                path.display(),
                f.limit
            )
        );
        let size = std::fs::metadata(&path).unwrap().len();
        assert!(size <= f.limit, "{size} > {}", f.limit);
        assert_eq!(
            f.kept(),
            format!(
                "the game up to the last action written is recorded in {}",
                path.display()
            )
        );
        // What is there is a record of the actions written before.
        let text = std::fs::read_to_string(&path).unwrap();
        let written = Record::from_json(&text).unwrap();
        assert!(written.actions.len() < rec.actions.len());
        assert_eq!(written.actions, rec.actions[..written.actions.len()]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
