//! What the long runs say of a game that failed: the command that shows it
//! again (`simulate` and `compare`: `play --seed S ... --record`), and the
//! record of a failing conformance game (written with `play --record`'s
//! code, [`RecordFile`]).

use crate::record_file::RecordFile;
use anyhow::Result;
use carcassonne_core::conformance::Failure;
use carcassonne_core::{Actor, Driver, Game, Provenance, Recorder};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// `s` as one word of a POSIX shell's command line: as it is when it holds
/// only characters no shell reads specially, else in single quotes.
pub fn shell_word(s: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./:=,+@%".contains(c);
    if !s.is_empty() && s.chars().all(plain) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// The command line `carcassonne WORDS...`, each word quoted for a shell.
pub fn command<S: AsRef<str>>(words: &[S]) -> String {
    let mut out = String::from("carcassonne");
    for w in words {
        out.push(' ');
        out.push_str(&shell_word(w.as_ref()));
    }
    out
}

/// `--plugin-dir DIR` for each of `dirs`, as words of a command.
pub fn plugin_dir_words(dirs: &[PathBuf]) -> Vec<String> {
    dirs.iter()
        .flat_map(|d| ["--plugin-dir".to_string(), d.display().to_string()])
        .collect()
}

/// The `play` command that plays the game of `seed` that `simulate` (or
/// `compare`) played with the same ruleset, players and bots, and records
/// it to `record` (so the game up to a failure is kept).
pub fn play_command(
    ruleset: Option<&Path>,
    plugin_dirs: &[PathBuf],
    players: u8,
    seed: u64,
    bots: &[String],
    record: &str,
) -> String {
    let mut w: Vec<String> = vec!["play".into()];
    if let Some(r) = ruleset {
        w.extend(["--ruleset".into(), r.display().to_string()]);
    }
    w.extend(plugin_dir_words(plugin_dirs));
    w.extend([
        "--seed".into(),
        seed.to_string(),
        "--players".into(),
        players.to_string(),
        "--bots".into(),
        bots.join(","),
        "--record".into(),
        record.into(),
    ]);
    command(&w)
}

/// Where the record of the failing conformance game of `seed` goes when
/// `--failure-record` does not say: this file in the current directory.
pub fn default_failure_record(seed: u64) -> PathBuf {
    PathBuf::from(format!("conformance-failure-seed-{seed}.json"))
}

/// Writes the failing conformance game `f` (played by `players` players
/// with `rules`, seats named `names`) to `path` as a record, replaying up
/// to the state where it failed; returns what to tell about it: where it
/// is and the commands that show it.
pub fn write_failure_record(
    rules: &std::sync::Arc<carcassonne_core::Rules>,
    provenance: Provenance,
    players: u8,
    names: Vec<String>,
    f: &Failure,
    path: &Path,
    plugin_dirs: &[PathBuf],
) -> Result<String> {
    // The game played again up to the failing state (the record's chance
    // events are drawn from its seed, as the kit drew them; the ones after
    // the last action are left to the replay).
    let mut g = Game::new(rules.clone(), players, f.seed)?;
    let mut rec = Recorder::default();
    let fresh = g.clone();
    // Whether the step that fails is a chance event after the last action
    // (which the record cannot hold: its replay draws it, and fails there).
    let mut chance_fails = false;
    match Driver::new(&BTreeMap::new()).replay_recorded(&mut g, &mut rec, &f.actions) {
        Ok(()) if f.action.is_none() => {
            let mut next = g.clone();
            while next.actor() == Actor::Chance && !chance_fails {
                chance_fails = next.sample_chance().is_err();
            }
        }
        Ok(()) => {}
        Err(_) => {
            // The game did not play again as it did (its hooks depend on
            // more than its state): the record keeps its actions all the same.
            g = fresh;
            rec = Recorder::default();
            rec.actions = f.actions.clone();
        }
    }
    RecordFile::create_for("--failure-record", path, provenance, names, &rec, &g)?;
    let shown = path.display().to_string();
    let mut replay = vec!["replay".to_string(), shown.clone()];
    replay.extend(plugin_dir_words(plugin_dirs));
    let mut render = vec!["render".to_string(), shown.clone()];
    render.extend(plugin_dir_words(plugin_dirs));
    render.extend(["-o".into(), "failure.svg".into()]);
    let actions = crate::cmd::plural(f.actions.len(), "player action");
    if chance_fails {
        return Ok(format!(
            "The game up to the state where it failed is recorded in {shown} ({actions}; the \
             chance event after them is the step that fails). `{}` plays it again up to that \
             chance event, which fails there with the same error.",
            command(&replay)
        ));
    }
    let what = match &f.action {
        Some(a) => format!("{actions}; the action that failed, `{a}`, would be next"),
        None => actions,
    };
    Ok(format!(
        "The game up to the state where it failed is recorded in {shown} ({what}). To look \
         at it: `{}` plays it again to that state (add `--json --events` for every turn's \
         events), `{}` draws its board.",
        command(&replay),
        command(&render)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_a_shell_reads_specially_are_quoted() {
        assert_eq!(shell_word("configs/base.toml"), "configs/base.toml");
        assert_eq!(shell_word("my rules.toml"), "'my rules.toml'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
        assert_eq!(shell_word(""), "''");
        assert_eq!(
            command(&["replay", "a b.json"]),
            "carcassonne replay 'a b.json'"
        );
    }
}
