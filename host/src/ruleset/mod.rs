//! Ruleset files: parse, validate (every problem at once, with file, line and
//! column), resolve plugins, and compile into [`Rules`].
//!
//! The format is documented field by field in `docs/rulesets.md`. Parsing is in
//! `parse`, plugin resolution and compilation in `resolve`.

mod parse;
mod resolve;

pub use parse::parse;
use parse::parse_into;
use resolve::resolve_into;
pub(crate) use resolve::run_in;
pub use resolve::{order_plugins, resolve};

use crate::input::{recorded_rules_len, size_text, MAX_INPUT_BYTES, MAX_RECORDED_RULES_BYTES};
use crate::locate::{toml_key, LineIndex};
use crate::registry::Registry;
use crate::tilesets::{Source, TileSetFiles};
use carcassonne_core::{CoreOptions, Rules};
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The default ruleset, embedded in the binary.
pub const DEFAULT_RULESET: &str = include_str!("../../../configs/hills-and-sheep.toml");
/// File name shown for the embedded default.
pub const DEFAULT_ORIGIN: &str = "<embedded hills-and-sheep.toml>";

/// One problem in a ruleset, located in its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// File name (or `<embedded ...>`).
    pub file: String,
    /// 1-based line (0 if unknown).
    pub line: usize,
    /// 1-based column (0 if unknown).
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.col, self.message
            )
        } else {
            write!(f, "{}: {}", self.file, self.message)
        }
    }
}

/// Every problem found in a ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesetErrors(pub Vec<Problem>);

impl fmt::Display for RulesetErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for RulesetErrors {}

impl RulesetErrors {
    /// The number of problems found, including those not listed (see [`MAX_PROBLEMS`]).
    pub fn count(&self) -> usize {
        let omitted = self.0.last().and_then(|p| {
            let rest = p.message.strip_prefix("and ")?;
            let (n, tail) = rest.split_once(' ')?;
            tail.starts_with("more problem(s), not listed")
                .then(|| n.parse::<usize>().ok())?
        });
        match omitted {
            Some(n) => self.0.len() - 1 + n,
            None => self.0.len(),
        }
    }
}

/// An enabled (or explicitly disabled) plugin table.
#[derive(Clone, Debug, PartialEq)]
pub struct PluginSpec {
    /// Plugin id.
    pub id: String,
    /// `enabled` (default true).
    pub enabled: bool,
    /// Its options, without `enabled`.
    pub options: toml::Table,
}

/// A parsed, unresolved ruleset.
#[derive(Clone, Debug, PartialEq)]
pub struct RulesetSpec {
    /// Name.
    pub name: String,
    /// Free text.
    pub description: String,
    /// Default number of players.
    pub players: u8,
    /// `C1` or `C2`.
    pub edition: String,
    /// Tile sets: built-in names or file paths.
    pub tilesets: Vec<String>,
    /// Core options.
    pub core: CoreOptions,
    /// Plugin tables in file order.
    pub plugins: Vec<PluginSpec>,
    /// `[tiles.counts]`: copies of tiles that override their tile sets' counts.
    pub tile_counts: Vec<TileCount>,
}

/// A tile count set by the ruleset (`[tiles.counts]`), overriding the tile set's
/// count for the chosen edition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileCount {
    /// Tile id.
    pub id: String,
    /// Copies.
    pub count: u16,
    /// Where the id is written in the ruleset (for errors).
    pub span: Range<usize>,
}

/// A resolved ruleset: its text, spec, the plugins' resolved options and the compiled rules.
#[derive(Clone, Debug)]
pub struct Ruleset {
    /// Where it came from.
    pub origin: String,
    /// The file text.
    pub text: String,
    /// The parsed spec.
    pub spec: RulesetSpec,
    /// Enabled plugins by id, with every option filled in (TOML text).
    pub plugins: Vec<(String, String)>,
    /// Tile sets added by enabled plugins: plugin id and tile-set name.
    pub plugin_tilesets: Vec<(String, String)>,
    /// The text of each tile-set file the ruleset names (not built in), by the
    /// name it uses: what a record embeds.
    pub tileset_files: BTreeMap<String, String>,
    /// For each enabled plugin, the enabled plugins whose hooks must run
    /// before its own (its dependencies, `RUNS_AFTER`, others' `RUNS_BEFORE`):
    /// every order that keeps them is a valid run order (see
    /// [`Ruleset::run_orders`]).
    pub order_constraints: BTreeMap<String, Vec<String>>,
    /// The compiled rules.
    pub rules: Arc<Rules>,
}

/// At most this many problems are listed; the rest are counted.
pub const MAX_PROBLEMS: usize = 100;

/// The most characters of a ruleset's `name` (which records store twice, in
/// `ruleset_name` and in the ruleset's text, and the commands print on a line).
pub const MAX_NAME_CHARS: usize = 200;

/// The most characters of a ruleset's `description`.
pub const MAX_DESCRIPTION_CHARS: usize = 4000;

/// Collects the problems of one ruleset file.
struct Ctx<'a> {
    file: &'a str,
    lines: LineIndex,
    problems: Vec<Problem>,
    omitted: usize,
}

impl<'a> Ctx<'a> {
    fn new(file: &'a str, text: &str) -> Ctx<'a> {
        Ctx {
            file,
            lines: LineIndex::new(text),
            problems: Vec::new(),
            omitted: 0,
        }
    }

    fn at(&mut self, span: Range<usize>, message: impl Into<String>) {
        let (line, col) = self.lines.line_col(span.start);
        self.push(line, col, message.into());
    }

    fn nowhere(&mut self, message: impl Into<String>) {
        self.push(0, 0, message.into());
    }

    fn push(&mut self, line: usize, col: usize, message: String) {
        if self.problems.len() >= MAX_PROBLEMS {
            self.omitted += 1;
            return;
        }
        self.problems.push(Problem {
            file: self.file.to_string(),
            line,
            col,
            message,
        });
    }

    /// Takes in the problems of `other` (of another file), within the cap.
    fn absorb(&mut self, other: Ctx<'_>) {
        for p in other.problems {
            if self.problems.len() >= MAX_PROBLEMS {
                self.omitted += 1;
            } else {
                self.problems.push(p);
            }
        }
        self.omitted += other.omitted;
    }

    fn is_clean(&self) -> bool {
        self.problems.is_empty()
    }

    /// The problems found, with a last line counting those not listed.
    fn errors(mut self) -> RulesetErrors {
        // In the order of the files (as first named) and of the lines in
        // each, as a composer reads them, whatever step found them.
        let mut files: Vec<String> = Vec::new();
        for p in &self.problems {
            if !files.contains(&p.file) {
                files.push(p.file.clone());
            }
        }
        self.problems.sort_by_key(|p| {
            let file = files.iter().position(|f| *f == p.file);
            (file, p.line, p.col)
        });
        if self.omitted > 0 {
            self.problems.push(Problem {
                file: self.file.to_string(),
                line: 0,
                col: 0,
                message: format!(
                    "and {} more problem(s), not listed (only the first {MAX_PROBLEMS} are)",
                    self.omitted
                ),
            });
        }
        RulesetErrors(self.problems)
    }
}

/// Parses and resolves ruleset text. Rules that would take more than
/// [`MAX_RECORDED_RULES_BYTES`] in a game record (the text with the tile-set
/// files it reads) are refused with one problem, so that every record of a
/// game under a ruleset loaded here can be read back. (A record's own ruleset,
/// [`load_str_from`], is not: the record was read.)
pub fn load_str(
    text: &str,
    file: &str,
    base_dir: Option<&Path>,
    registry: &Registry,
) -> Result<Ruleset, RulesetErrors> {
    let files = TileSetFiles::Anywhere(base_dir.map(Path::to_path_buf));
    let src = Source {
        files: &files,
        embedded: None,
    };
    match load_str_from(text, file, &src, registry) {
        Ok(rs) => check_recorded_size(file, &rs.text, &rs.tileset_files).map(|()| rs),
        // Listed after the others when the text alone is too much.
        Err(mut e) => {
            if let Err(size) = check_recorded_size(file, text, &BTreeMap::new()) {
                e.0.extend(size.0);
            }
            Err(e)
        }
    }
}

/// Refuses rules (ruleset `text` and the `tilesets` it read) that would take
/// more than [`MAX_RECORDED_RULES_BYTES`] in a game record.
fn check_recorded_size(
    file: &str,
    text: &str,
    tilesets: &BTreeMap<String, String>,
) -> Result<(), RulesetErrors> {
    let n = recorded_rules_len(text, tilesets);
    if n <= MAX_RECORDED_RULES_BYTES {
        return Ok(());
    }
    let what = if tilesets.is_empty() {
        "the ruleset takes"
    } else {
        "the ruleset and its tile-set files take"
    };
    Err(RulesetErrors(vec![Problem {
        file: file.to_string(),
        line: 0,
        col: 0,
        message: format!(
            "too large to record: {what} {n} bytes in a game record (as JSON text), more than {}, \
             the most a record may hold of its rules (a record is read up to {}; the rest is for the game)",
            size_text(MAX_RECORDED_RULES_BYTES),
            size_text(MAX_INPUT_BYTES)
        ),
    }]))
}

/// Parses and resolves ruleset text whose tile sets come from `src`.
pub fn load_str_from(
    text: &str,
    file: &str,
    src: &Source<'_>,
    registry: &Registry,
) -> Result<Ruleset, RulesetErrors> {
    let mut cx = Ctx::new(file, text);
    match parse_into(&mut cx, text) {
        Some(spec) => resolve_into(cx, spec, text, file, src, registry, None),
        None => Err(cx.errors()),
    }
}

/// Tile counts that another file sets for a ruleset (a scenario's
/// `tile-counts`): applied after the ruleset's own `[tiles.counts]`, with
/// their problems located in that file.
#[derive(Clone, Copy, Debug)]
pub struct ExtraCounts<'a> {
    /// The file's name.
    pub file: &'a str,
    /// Its text.
    pub text: &'a str,
    /// The top-level key of its table of counts (`tile-counts`).
    pub key: &'a str,
}

impl ExtraCounts<'_> {
    /// Its counts, with their problems in a context of its own.
    fn parse(&self) -> (Ctx<'_>, Vec<TileCount>, &str) {
        let mut cx = Ctx::new(self.file, self.text);
        let mut out = Vec::new();
        let table: Option<toml::Table> = toml::from_str(self.text).ok();
        let doc = toml::de::DeTable::parse(self.text).ok();
        let entry = doc.as_ref().and_then(|d| {
            d.get_ref()
                .iter()
                .find(|(k, _)| k.get_ref().as_ref() == self.key)
                .map(|(_, v)| v)
        });
        match (
            entry.map(|v| v.get_ref()),
            table.as_ref().and_then(|t| t.get(self.key)),
        ) {
            (Some(toml::de::DeValue::Table(counts)), Some(val)) => {
                parse::count_entries(&mut cx, counts, val, self.key, &mut out);
            }
            (Some(_), _) => cx.at(
                entry.map_or(0..0, |v| v.span()),
                format!("`{}` must be a table of tile ids and copies", self.key),
            ),
            (None, _) => {}
        }
        (cx, out, self.key)
    }
}

/// Parses and resolves ruleset text (tile sets from any file, relative to
/// `base_dir`) with the tile counts that another file sets.
pub fn load_str_with_counts(
    text: &str,
    file: &str,
    base_dir: Option<&Path>,
    registry: &Registry,
    extra: &ExtraCounts<'_>,
) -> Result<Ruleset, RulesetErrors> {
    let files = TileSetFiles::Anywhere(base_dir.map(Path::to_path_buf));
    let src = Source {
        files: &files,
        embedded: None,
    };
    let mut cx = Ctx::new(file, text);
    let spec = parse_into(&mut cx, text);
    let extra = extra.parse();
    match spec {
        Some(spec) => resolve_into(cx, spec, text, file, &src, registry, Some(extra)),
        None => {
            cx.absorb(extra.0);
            Err(cx.errors())
        }
    }
}

/// Reads, parses and resolves a ruleset file.
pub fn load_file(path: &Path, registry: &Registry) -> Result<Ruleset, RulesetErrors> {
    let file = path.display().to_string();
    let text = crate::input::read_text(path).map_err(|e| {
        RulesetErrors(vec![Problem {
            file: file.clone(),
            line: 0,
            col: 0,
            message: format!("cannot read the ruleset: {e}"),
        }])
    })?;
    let dir: Option<PathBuf> = path.parent().map(Path::to_path_buf);
    load_str(&text, &file, dir.as_deref(), registry)
}

/// The embedded default ruleset (Hills & Sheep).
pub fn load_default(registry: &Registry) -> Result<Ruleset, RulesetErrors> {
    load_str(DEFAULT_RULESET, DEFAULT_ORIGIN, None, registry)
}

impl Ruleset {
    /// The resolved ruleset as TOML, every default filled in.
    pub fn show(&self) -> String {
        let s = &self.spec;
        let mut out = String::new();
        out.push_str(&format!("name = {}\n", toml::Value::String(s.name.clone())));
        if !s.description.is_empty() {
            out.push_str(&format!(
                "description = {}\n",
                toml::Value::String(s.description.clone())
            ));
        }
        out.push_str(&format!("players = {}\n", s.players));
        out.push_str(&format!("edition = \"{}\"\n", s.edition));
        let sets: Vec<String> = s
            .tilesets
            .iter()
            .map(|t| toml::Value::String(t.clone()).to_string())
            .collect();
        out.push_str(&format!("tilesets = [{}]\n", sets.join(", ")));
        for (id, set) in &self.plugin_tilesets {
            out.push_str(&format!("# plugin `{id}` adds the tile set `{set}`\n"));
        }
        if !s.tile_counts.is_empty() {
            out.push_str("\n[tiles.counts]\n");
            for tc in &s.tile_counts {
                out.push_str(&format!("{} = {}\n", toml_key(&tc.id), tc.count));
            }
        }
        out.push_str("\n[core]\n");
        out.push_str(&format!("farmers = \"{}\"\n", s.core.farmers.name()));
        out.push_str(&format!("tiny-city = {}\n", s.core.tiny_city));
        out.push_str(&format!("followers = {}\n", s.core.followers));
        for (id, opts) in &self.plugins {
            out.push_str(&format!("\n[plugins.{}]\n{opts}", toml_key(id)));
        }
        for p in s.plugins.iter().filter(|p| !p.enabled) {
            // Its options as given (a disabled plugin need not be available).
            out.push_str(&format!(
                "\n[plugins.{}]\nenabled = false\n",
                toml_key(&p.id)
            ));
            for (k, v) in &p.options {
                out.push_str(&format!("{} = {v}\n", toml_key(k)));
            }
        }
        out
    }
}
