//! Scenario files: rulebook-style fixtures in TOML that ruleset composers and
//! plugin authors write without Rust, run by `carcassonne check` and by the
//! Rust tests alike (this module is the one code path). The format is in
//! `docs/scenarios.md`:
//!
//! ```toml
//! ruling = "B4"
//! description = "A tied majority: both score in full."
//! ruleset = "../../configs/base.toml"     # a file (relative to this one), a shipped ruleset's name, or a [ruleset] table
//! players = 2
//! script = """
//! draw BA/Cc; place 0 -1 2; deploy follower city S
//! draw BA/CFc+; place 0 -2 0; deploy follower city W
//! """
//! [expect]
//! scores = [0, 0]
//! ```

use crate::registry::Registry;
use crate::ruleset::{load_str_with_counts, ExtraCounts, Ruleset, RulesetErrors};
use carcassonne_core::scenario::{Expect, Scenario, ScenarioErrors};
use carcassonne_core::Game;
use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};

/// A scenario file as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ScenarioFile {
    /// The ruling it pins (`B4`, `S3`, `X2`, ...), if any.
    #[serde(default)]
    pub ruling: Option<String>,
    /// What it shows, in words.
    #[serde(default)]
    pub description: String,
    /// A ruleset file (a path relative to the scenario) or an inline table.
    pub ruleset: toml::Value,
    /// Tile counts that override the ruleset's (`"BA/C" = 5`), like its `[tiles.counts]`.
    #[serde(default)]
    pub tile_counts: toml::Table,
    /// Players; default: the ruleset's.
    #[serde(default)]
    pub players: Option<u8>,
    /// The script: actions, forced chance outcomes, `end`, `scores ...`.
    pub script: String,
    /// What must hold at the end.
    #[serde(default)]
    pub expect: Expect,
    /// The file's text (problems of its `tile-counts` are located in it).
    #[serde(skip)]
    pub text: String,
}

/// Why a scenario file failed.
#[derive(Debug)]
pub enum ScenarioFailure {
    /// The file cannot be read or is not a scenario.
    File(String),
    /// Its ruleset is invalid.
    Ruleset(RulesetErrors),
    /// A step failed, or expectations were not met (every one of them).
    Failed(ScenarioErrors),
}

impl fmt::Display for ScenarioFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScenarioFailure::File(e) => f.write_str(e),
            ScenarioFailure::Ruleset(e) => write!(f, "invalid ruleset:\n{e}"),
            ScenarioFailure::Failed(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ScenarioFailure {}

/// A scenario file that passed.
#[derive(Debug)]
pub struct Passed {
    /// The file as written.
    pub file: ScenarioFile,
    /// The game at the end.
    pub game: Game,
}

/// Reads the scenario file at `path`.
pub fn read(path: &Path) -> Result<ScenarioFile, ScenarioFailure> {
    let text = crate::input::read_text(path)
        .map_err(|e| ScenarioFailure::File(format!("cannot read {}: {e}", path.display())))?;
    let located = |at: usize, msg: &str| {
        let (l, c) = crate::locate::line_col(&text, at);
        ScenarioFailure::File(format!("{}:{l}:{c}: {msg}", path.display()))
    };
    // The number of players, where the file gives one outside 2 to 6: its
    // value's offset and text.
    let bad_players = || {
        let doc = toml::de::DeTable::parse(&text).ok()?;
        let (_, v) = doc
            .get_ref()
            .iter()
            .find(|(k, _)| k.get_ref() == "players")?;
        let written = text.get(v.span())?.trim();
        let fine = written
            .parse::<usize>()
            .is_ok_and(|p| (2..=carcassonne_core::MAX_PLAYERS).contains(&p));
        (!fine).then(|| (v.span().start, written.to_string()))
    };
    let players_msg = |p: &str| format!("`players` = {p}: a game needs 2 to 6 players");
    let mut file: ScenarioFile = toml::from_str(&text).map_err(|e| {
        let at = e.span().map_or(0, |s| s.start);
        match bad_players() {
            Some((p_at, p)) if p_at == at => located(at, &players_msg(&p)),
            _ => located(at, e.message().trim()),
        }
    })?;
    if let Some((at, p)) = file.players.and(bad_players()) {
        return Err(located(at, &players_msg(&p)));
    }
    file.text = text;
    Ok(file)
}

impl ScenarioFile {
    /// Its ruleset, with its tile-count overrides; `dir` is the scenario's directory.
    pub fn ruleset(
        &self,
        name: &str,
        dir: &Path,
        registry: &Registry,
    ) -> Result<Ruleset, ScenarioFailure> {
        let (text, origin, base): (String, String, Option<PathBuf>) = match &self.ruleset {
            // A shipped ruleset by its name (`big-box`), when no file of that
            // name is there, as the program's `--ruleset` takes it.
            toml::Value::String(file)
                if !dir.join(file).is_file() && crate::shipped::find(file).is_some() =>
            {
                let (shipped, text) = crate::shipped::find(file).unwrap_or_default();
                (text.to_string(), shipped.to_string(), None)
            }
            toml::Value::String(file) => {
                let path = dir.join(file);
                let text = crate::input::read_text(&path).map_err(|e| {
                    let names = crate::shipped::names();
                    let hint =
                        crate::suggest::hint(file.trim_end_matches(".toml"), names.iter().copied());
                    let shipped = if hint.is_empty() {
                        format!(" ({})", names.join(", "))
                    } else {
                        hint
                    };
                    ScenarioFailure::File(format!(
                        "{name}: cannot read the ruleset {}: {e}, nor is it the name of a \
                         shipped ruleset{shipped}",
                        path.display(),
                    ))
                })?;
                let base = path
                    .parent()
                    .map_or_else(|| dir.to_path_buf(), Path::to_path_buf);
                (text, path.display().to_string(), Some(base))
            }
            toml::Value::Table(t) => (
                toml::to_string(t).map_err(|e| ScenarioFailure::File(format!("{name}: {e}")))?,
                format!("{name} [ruleset]"),
                Some(dir.to_path_buf()),
            ),
            _ => {
                return Err(ScenarioFailure::File(format!(
                    "{name}: `ruleset` must be a file name or a table ([ruleset])"
                )))
            }
        };
        let counts = ExtraCounts {
            file: name,
            text: &self.text,
            key: "tile-counts",
        };
        load_str_with_counts(&text, &origin, base.as_deref(), registry, &counts).map_err(|mut e| {
            if matches!(self.ruleset, toml::Value::Table(_)) {
                self.locate_inline(name, &origin, &text, &mut e);
            }
            ScenarioFailure::Ruleset(e)
        })
    }

    /// The problems `e` of the inline `[ruleset]` table, read as `text`
    /// (written out again from the table, under the name `origin`), located
    /// in the scenario file `name` itself: the same key in its `[ruleset]`
    /// table (else the table's first line).
    fn locate_inline(&self, name: &str, origin: &str, text: &str, e: &mut RulesetErrors) {
        let lines = crate::locate::LineIndex::new(&self.text);
        for p in e.0.iter_mut().filter(|p| p.file == origin) {
            let at = crate::locate::offset_of(text, p.line, p.col)
                .filter(|_| p.line > 0)
                .and_then(|at| crate::locate::same_place(text, at, &self.text, &["ruleset"]))
                .or_else(|| crate::locate::same_place("ruleset = 0", 0, &self.text, &[]));
            if let Some(at) = at {
                (p.line, p.col) = lines.line_col(at);
                p.file = name.to_string();
            }
        }
    }
}

/// The scenario file at `path` read, with its ruleset loaded against the
/// plugins of `registry`, and the scenario it makes (its expectations
/// included).
pub fn load(
    path: &Path,
    registry: &Registry,
) -> Result<(ScenarioFile, Ruleset, Scenario), ScenarioFailure> {
    let file = read(path)?;
    let name = path.display().to_string();
    let dir = path.parent().unwrap_or(Path::new("."));
    let rs = file.ruleset(&name, dir, registry)?;
    let scenario = Scenario {
        players: file.players.unwrap_or(rs.spec.players),
        script: file.script.clone(),
        expect: file.expect.clone(),
    };
    Ok((file, rs, scenario))
}

/// Runs the scenario file at `path` against the plugins of `registry`. A
/// step that fails is named by its line in the file.
pub fn check_file(path: &Path, registry: &Registry) -> Result<Passed, ScenarioFailure> {
    let (file, rs, scenario) = load(path, registry)?;
    let game = scenario
        .run(&rs.rules)
        .map_err(|e| ScenarioFailure::Failed(in_file(&file.text, e)))?;
    Ok(Passed { file, game })
}

/// Errors `e` of the script of the scenario file whose text is `text`, with
/// each step's line in the script made its line in the file.
fn in_file(text: &str, mut e: ScenarioErrors) -> ScenarioErrors {
    if let Some(lines) = script_file_lines(text) {
        for err in e.0.iter_mut().filter(|err| err.line > 0) {
            if let Some(&l) = lines.get(err.line - 1).or(lines.last()) {
                err.line = l;
            }
        }
    }
    e
}

/// The line of the file (1-based) where each line of the `script` string of
/// the scenario file `text` is written, by the script's line from 0: in a
/// one-line string every line of the script (`\n` escapes) is on the key's
/// line; in a multi-line one (`"""`, `'''`) the first line break after the
/// opening quotes is not part of the string, an escaped `\n` stays on its
/// line, and a line-ending backslash joins the next line to it.
fn script_file_lines(text: &str) -> Option<Vec<usize>> {
    let doc = toml::de::DeTable::parse(text).ok()?;
    let (_, v) = doc
        .get_ref()
        .iter()
        .find(|(k, _)| k.get_ref() == "script")?;
    let span = v.span();
    let raw = text.get(span.clone())?;
    let mut line = crate::locate::line_col(text, span.start).0;
    let (body, escapes) = if let Some(b) = raw.strip_prefix("\"\"\"") {
        (b, true)
    } else if let Some(b) = raw.strip_prefix("'''") {
        (b, false)
    } else {
        // One line: the whole script is on it.
        return Some(vec![line]);
    };
    let body = match body
        .strip_prefix("\r\n")
        .or_else(|| body.strip_prefix('\n'))
    {
        Some(b) => {
            line += 1;
            b
        }
        None => body,
    };
    let mut lines = vec![line];
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => {
                line += 1;
                lines.push(line);
            }
            '\\' if escapes => match chars.peek() {
                Some('n') => {
                    chars.next();
                    lines.push(line);
                }
                Some(w) if w.is_whitespace() => {
                    // A line-ending backslash: the break and the blanks
                    // after it are not part of the string.
                    while let Some(&w) = chars.peek().filter(|w| w.is_whitespace()) {
                        line += usize::from(w == '\n');
                        chars.next();
                    }
                }
                _ => {
                    chars.next();
                }
            },
            _ => {}
        }
    }
    Some(lines)
}

/// Plays the script of the scenario file at `path` without checking its
/// expectations, and returns what happened as an `[expect]` table in the
/// file's syntax (`carcassonne check --show`): the scores, the categories
/// with points, whether the game is over, the supply of each player's
/// figure kinds (a neutral kind has none), the figures out of their supply
/// and every event. It pins what the engine
/// does: compare it with the rules before writing it into a file.
pub fn observed(path: &Path, registry: &Registry) -> Result<String, ScenarioFailure> {
    let (file, rs, scenario) = load(path, registry)?;
    let (game, events) = scenario
        .play(&rs.rules)
        .map_err(|e| ScenarioFailure::Failed(in_file(&file.text, e.into())))?;
    Ok(expect_table(&game, &events))
}

/// The `[expect]` table of game `g` whose events were `events` ([`observed`]).
fn expect_table(g: &Game, events: &[String]) -> String {
    use carcassonne_core::types::{FigureId, FigureKindId, PlayerId};
    let seats = || PlayerId::all(g.players());
    let nums = |v: &[i64]| {
        let v: Vec<String> = v.iter().map(i64::to_string).collect();
        format!("[{}]", v.join(", "))
    };
    // A key as TOML writes it (bare when it may be), a string quoted.
    let key = |k: &str| {
        let bare = !k.is_empty()
            && k.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if bare {
            k.to_string()
        } else {
            toml::Value::String(k.into()).to_string()
        }
    };
    let strings = |v: &[String]| {
        if v.is_empty() {
            return "[]".to_string();
        }
        let lines: Vec<String> = v
            .iter()
            .map(|x| format!("    {},\n", toml::Value::String(x.clone())))
            .collect();
        format!("[\n{}]", lines.concat())
    };
    let mut out = String::from("[expect]\n");
    let scores: Vec<i64> = g.scores().iter().map(|&x| i64::from(x)).collect();
    out += &format!("scores = {}\n", nums(&scores));
    let categories: Vec<String> = g
        .score_categories()
        .iter()
        .enumerate()
        .filter_map(|(c, name)| {
            let v: Vec<i64> = seats()
                .map(|p| i64::from(g.score_breakdown(p).get(c).copied().unwrap_or(0)))
                .collect();
            v.iter()
                .any(|&x| x != 0)
                .then(|| format!("{} = {}", key(name), nums(&v)))
        })
        .collect();
    if !categories.is_empty() {
        out += &format!("categories = {{ {} }}\n", categories.join(", "));
    }
    out += &format!("over = {}\n", g.is_over());
    // The players' kinds: a neutral one (the dragon) has no supply per seat.
    let supply: Vec<String> = (0..g.figure_kind_count())
        .filter_map(|k| {
            let kind = FigureKindId(u8::try_from(k).ok()?);
            if g.rules().figures.get(k)?.per_player == 0 {
                return None;
            }
            let v: Vec<i64> = seats().map(|p| i64::from(g.supply(p, kind))).collect();
            Some(format!("{} = {}", key(g.figure_kind_name(kind)?), nums(&v)))
        })
        .collect();
    out += &format!("supply = {{ {} }}\n", supply.join(", "));
    let mut figures: Vec<String> = (0..g.figure_count())
        .filter_map(|i| g.figure_text(FigureId(u16::try_from(i).ok()?)))
        .collect();
    figures.sort();
    out += &format!("figures = {}\n", strings(&figures));
    out += &format!("events = {}\n", strings(events));
    out
}

/// Every `*.toml` file under `dir`, sorted (scenario directories). Symbolic
/// links are followed, but every directory and file is visited once (by its
/// real path): a link to a directory above it, or a loop of links, is no
/// endless walk and runs no file twice. Only regular files count (a FIFO
/// named `x.toml` is no scenario, and reading it would wait for a writer).
/// An error names the directory or entry it came from.
pub fn files_under(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let located = |p: &Path, e: std::io::Error| {
        std::io::Error::new(e.kind(), format!("{}: {e}", p.display()))
    };
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        if !seen.insert(d.canonicalize().map_err(|e| located(&d, e))?) {
            continue;
        }
        for e in std::fs::read_dir(&d).map_err(|e| located(&d, e))? {
            let p = e.map_err(|e| located(&d, e))?.path();
            // A dangling link or a loop of links resolves to nothing: skipped.
            let Ok(real) = p.canonicalize() else {
                continue;
            };
            if real.is_dir() {
                stack.push(p);
            } else if real.is_file()
                && p.extension().is_some_and(|x| x == "toml")
                && seen.insert(real)
            {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}
