//! What the long runs say of a game that failed: the partial line above the
//! results of the games that finished, the error and the command that shows
//! the failing game again (`simulate`, `compare` and `tournament`: `play
//! --seed S ... --record`), the same as JSON; and the record of a failing
//! conformance game (written with `play --record`'s code, [`RecordFile`]).

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

/// A game of a long run (`simulate`, `compare`, `tournament`) that failed.
#[derive(Clone, Debug)]
pub struct GameFailure {
    /// Its seed.
    pub seed: u64,
    /// The ruleset it was played on (an index of the rulesets given).
    pub ruleset: usize,
    /// The bot of each seat, in seat order, when the run's games are not all
    /// played by the same bots in the same seats (a tournament's); `None`:
    /// the run's bots, as in every game of `simulate` and `compare`.
    pub seats: Option<Vec<String>>,
    /// What failed.
    pub error: String,
}

impl GameFailure {
    /// Its seed, and its seats if it has its own, as the messages name the
    /// game after `seed`: `6`, `6 (greedy vs random)`.
    fn seed_and_seats(&self) -> String {
        match &self.seats {
            Some(seats) => format!("{} ({})", self.seed, seats.join(" vs ")),
            None => self.seed.to_string(),
        }
    }
}

/// The first line of the results (`what`: `statistics`, `standings`) of a
/// run that stopped early (`None`: it did not): a game failed, or Ctrl-C.
pub fn partial_line(
    games: u64,
    requested: u64,
    failures: &[GameFailure],
    what: &str,
) -> Option<String> {
    if !failures.is_empty() {
        // (A seed that failed on both rulesets of `compare` is named once.)
        let mut named: Vec<String> = failures.iter().map(GameFailure::seed_and_seats).collect();
        named.dedup();
        let which = match named.as_slice() {
            [one] => format!("the game with seed {one} failed"),
            many => format!("the games with seeds {} failed", many.join(", ")),
        };
        return Some(format!(
            "PARTIAL: {which} (see the error below), so no new game was started; \
             {what} of the {} that finished, of {requested}:",
            super::plural(usize::try_from(games).unwrap_or(usize::MAX), "game")
        ));
    }
    (games < requested).then(|| {
        format!(
            "PARTIAL: interrupted after {games} of {requested} games; {what} of the finished games:"
        )
    })
}

/// The record file [`play_command`] names for the failing game of `seed`.
fn failing_record(seed: u64) -> String {
    format!("failing-game-seed-{seed}.json")
}

/// `failures` as JSON: each one's seed, the name of its ruleset
/// (`rulesets`), its seats' bots if it has its own ([`GameFailure::seats`]),
/// its error and the `play` command that plays it again (`play(f)`).
pub fn failures_json(
    failures: &[GameFailure],
    rulesets: &[&str],
    play: &dyn Fn(&GameFailure) -> String,
) -> serde_json::Value {
    failures
        .iter()
        .map(|f| {
            let mut v = serde_json::json!({
                "seed": f.seed,
                "ruleset": rulesets.get(f.ruleset).copied().unwrap_or_default(),
            });
            if let Some(seats) = &f.seats {
                v["bots"] = seats.clone().into();
            }
            v["error"] = f.error.clone().into();
            v["play"] = play(f).into();
            v
        })
        .collect()
}

/// The error that ends a run with `failures` (after its results): each
/// failed game, its error, and the `play` command (`play(f)`) that plays it
/// again move by move and records it (the same seed, ruleset, players and
/// bots in the same seats: the same game, up to the failure).
pub fn failures_error(
    failures: &[GameFailure],
    rulesets: &[&str],
    play: &dyn Fn(&GameFailure) -> String,
) -> anyhow::Error {
    let lines: Vec<String> = failures
        .iter()
        .map(|f| {
            let on = match rulesets {
                [_] => String::new(),
                _ => format!(" on {}", rulesets.get(f.ruleset).copied().unwrap_or("?")),
            };
            format!(
                "the game with seed {}{on} failed: {}\nto play it again, move by move, with \
                 its record: {}",
                f.seed_and_seats(),
                f.error,
                play(f)
            )
        })
        .collect();
    anyhow::anyhow!(lines.join("\n"))
}

/// The `play` command for the failing game `f` of a run on the ruleset file
/// `ruleset` (`None`: the default one), played by `players` players with
/// `bots` in its seats, in seat order.
pub fn play_again(
    ruleset: Option<&Path>,
    plugin_dirs: &[PathBuf],
    players: u8,
    bots: &[String],
    f: &GameFailure,
) -> String {
    play_command(
        ruleset,
        plugin_dirs,
        players,
        f.seed,
        bots,
        &failing_record(f.seed),
    )
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

    fn failure(seed: u64, ruleset: usize, seats: Option<[&str; 2]>) -> GameFailure {
        GameFailure {
            seed,
            ruleset,
            seats: seats.map(|s| s.map(String::from).to_vec()),
            error: "it failed".into(),
        }
    }

    #[test]
    fn the_partial_line_names_each_failed_game_once_with_its_seats_if_it_has_its_own() {
        // `compare`: seed 6 failed on both rulesets, 9 on one.
        let both = [
            failure(6, 0, None),
            failure(6, 1, None),
            failure(9, 1, None),
        ];
        assert_eq!(
            partial_line(3, 20, &both, "statistics").unwrap(),
            "PARTIAL: the games with seeds 6, 9 failed (see the error below), so no new game \
             was started; statistics of the 3 games that finished, of 20:"
        );
        // `tournament`: the same seed in both seat orders.
        let swapped = [
            failure(4, 0, Some(["a", "b"])),
            failure(4, 0, Some(["b", "a"])),
        ];
        assert_eq!(
            partial_line(1, 8, &swapped, "standings").unwrap(),
            "PARTIAL: the games with seeds 4 (a vs b), 4 (b vs a) failed (see the error below), \
             so no new game was started; standings of the 1 game that finished, of 8:"
        );
        assert_eq!(
            partial_line(5, 8, &[], "standings").unwrap(),
            "PARTIAL: interrupted after 5 of 8 games; standings of the finished games:"
        );
        assert_eq!(partial_line(8, 8, &[], "standings"), None);
        let play = |f: &GameFailure| format!("play {}", f.seed);
        assert_eq!(
            failures_error(&swapped[..1], &["t"], &play).to_string(),
            "the game with seed 4 (a vs b) failed: it failed\nto play it again, move by move, \
             with its record: play 4"
        );
    }

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
