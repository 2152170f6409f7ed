//! Ruleset files: parse, validate (every problem at once, with file, line and
//! column), resolve plugins, and compile into [`Rules`].
//!
//! The format is documented field by field in `docs/rulesets.md`.

use crate::registry::Registry;
use crate::suggest::hint;
use crate::tilesets;
use carcassonne_core::{CoreOptions, Rules, TileCatalogue, TileSetSpec};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// The default ruleset, embedded in the binary.
pub const DEFAULT_RULESET: &str = include_str!("../../configs/hills-and-sheep.toml");
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
    /// Enabled plugins in dispatch order, with every option filled in (TOML text).
    pub plugins: Vec<(String, String)>,
    /// Tile sets added by enabled plugins: plugin id and tile-set name.
    pub plugin_tilesets: Vec<(String, String)>,
    /// The compiled rules.
    pub rules: Arc<Rules>,
}

struct Ctx<'a> {
    file: &'a str,
    text: &'a str,
    problems: Vec<Problem>,
}

impl Ctx<'_> {
    fn at(&mut self, span: Range<usize>, message: impl Into<String>) {
        let (line, col) = line_col(self.text, span.start);
        self.problems.push(Problem {
            file: self.file.to_string(),
            line,
            col,
            message: message.into(),
        });
    }

    fn nowhere(&mut self, message: impl Into<String>) {
        self.problems.push(Problem {
            file: self.file.to_string(),
            line: 0,
            col: 0,
            message: message.into(),
        });
    }
}

/// 1-based line and column of byte offset `at`.
pub fn line_col(text: &str, at: usize) -> (usize, usize) {
    let at = at.min(text.len());
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.rfind('\n').map_or(at, |i| at - i - 1) + 1;
    (line, col)
}

const TOP_KEYS: [&str; 7] = [
    "name",
    "description",
    "players",
    "edition",
    "tilesets",
    "core",
    "plugins",
];
const CORE_KEYS: [&str; 3] = ["farmers", "tiny-city", "followers"];

fn value_of<T: serde::de::DeserializeOwned>(
    cx: &mut Ctx<'_>,
    v: &toml::Value,
    span: Range<usize>,
    what: &str,
) -> Option<T> {
    match v.clone().try_into::<T>() {
        Ok(x) => Some(x),
        Err(e) => {
            let msg = e.message().trim().to_string();
            cx.at(span, format!("`{what}`: {msg}"));
            None
        }
    }
}

/// Parses a ruleset file. Every problem is reported at once.
pub fn parse(text: &str, file: &str) -> Result<RulesetSpec, RulesetErrors> {
    let mut cx = Ctx {
        file,
        text,
        problems: Vec::new(),
    };
    let doc = match DeTable::parse(text) {
        Ok(d) => d,
        Err(e) => {
            cx.at(e.span().unwrap_or(0..0), e.message().trim().to_string());
            return Err(RulesetErrors(cx.problems));
        }
    };
    let table: toml::Table = match toml::from_str(text) {
        Ok(t) => t,
        Err(e) => {
            cx.at(e.span().unwrap_or(0..0), e.message().trim().to_string());
            return Err(RulesetErrors(cx.problems));
        }
    };
    let mut spec = RulesetSpec {
        name: String::new(),
        description: String::new(),
        players: 2,
        edition: "C2".into(),
        tilesets: vec!["base".into()],
        core: CoreOptions::default(),
        plugins: Vec::new(),
    };
    let span_of = |t: &DeTable<'_>, key: &str| -> (Range<usize>, Range<usize>) {
        t.iter()
            .find(|(k, _)| k.get_ref().as_ref() == key)
            .map_or((0..0, 0..0), |(k, v)| (k.span(), v.span()))
    };
    let mut has_name = false;
    for (k, v) in doc.get_ref().iter() {
        let key = k.get_ref().as_ref();
        let val = &table[key];
        match key {
            "name" => {
                if let Some(n) = value_of::<String>(&mut cx, val, v.span(), "name") {
                    spec.name = n;
                    has_name = true;
                }
            }
            "description" => {
                if let Some(d) = value_of::<String>(&mut cx, val, v.span(), "description") {
                    spec.description = d;
                }
            }
            "players" => {
                if let Some(p) = value_of::<i64>(&mut cx, val, v.span(), "players") {
                    if (2..=6).contains(&p) {
                        spec.players = p as u8;
                    } else {
                        cx.at(
                            v.span(),
                            format!("`players` = {p}: a game needs 2 to 6 players"),
                        );
                    }
                }
            }
            "edition" => {
                if let Some(e) = value_of::<String>(&mut cx, val, v.span(), "edition") {
                    if e == "C1" || e == "C2" {
                        spec.edition = e;
                    } else {
                        cx.at(
                            v.span(),
                            format!(
                                "`edition` = \"{e}\": expected \"C1\" or \"C2\"{}",
                                hint(&e, ["C1", "C2"])
                            ),
                        );
                    }
                }
            }
            "tilesets" => {
                if let Some(t) = value_of::<Vec<String>>(&mut cx, val, v.span(), "tilesets") {
                    spec.tilesets = t;
                }
            }
            "core" => match v.get_ref() {
                DeValue::Table(t) => {
                    let mut core = CoreOptions::default();
                    for (ck, cv) in t.iter() {
                        let name = ck.get_ref().as_ref();
                        let cval = &val[name];
                        match name {
                            "farmers" => {
                                if let Some(f) = value_of(&mut cx, cval, cv.span(), "core.farmers")
                                {
                                    core.farmers = f;
                                }
                            }
                            "tiny-city" => {
                                if let Some(f) =
                                    value_of(&mut cx, cval, cv.span(), "core.tiny-city")
                                {
                                    core.tiny_city = f;
                                }
                            }
                            "followers" => {
                                if let Some(f) =
                                    value_of(&mut cx, cval, cv.span(), "core.followers")
                                {
                                    core.followers = f;
                                }
                            }
                            other => cx.at(
                                ck.span(),
                                format!(
                                    "unknown key `core.{other}` (expected one of {}){}",
                                    CORE_KEYS.join(", "),
                                    hint(other, CORE_KEYS)
                                ),
                            ),
                        }
                    }
                    for m in core.validate() {
                        let (_, vs) = span_of(
                            t,
                            if m.starts_with("tiny") {
                                "tiny-city"
                            } else {
                                "followers"
                            },
                        );
                        cx.at(vs, format!("core.{m}"));
                    }
                    spec.core = core;
                }
                _ => cx.at(v.span(), "`core` must be a table (`[core]`)"),
            },
            "plugins" => match v.get_ref() {
                DeValue::Table(t) => {
                    for (pk, pv) in t.iter() {
                        let id = pk.get_ref().as_ref().to_string();
                        let Some(opts) = val[&id].as_table() else {
                            cx.at(
                                pv.span(),
                                format!("`plugins.{id}` must be a table (`[plugins.{id}]`)"),
                            );
                            continue;
                        };
                        let mut options = opts.clone();
                        let enabled = match options.remove("enabled") {
                            None => true,
                            Some(toml::Value::Boolean(b)) => b,
                            Some(_) => {
                                let (_, es) = match pv.get_ref() {
                                    DeValue::Table(pt) => span_of(pt, "enabled"),
                                    _ => (0..0, 0..0),
                                };
                                cx.at(es, format!("`plugins.{id}.enabled` must be true or false"));
                                true
                            }
                        };
                        spec.plugins.push(PluginSpec {
                            id,
                            enabled,
                            options,
                        });
                    }
                }
                _ => cx.at(v.span(), "`plugins` must hold tables (`[plugins.<id>]`)"),
            },
            other => cx.at(
                k.span(),
                format!(
                    "unknown key `{other}` (expected one of {}){}",
                    TOP_KEYS.join(", "),
                    hint(other, TOP_KEYS)
                ),
            ),
        }
    }
    if !has_name && !cx.problems.iter().any(|p| p.message.starts_with("`name`")) {
        cx.nowhere("missing `name = \"...\"`");
    }
    if cx.problems.is_empty() {
        Ok(spec)
    } else {
        Err(RulesetErrors(cx.problems))
    }
}

/// Finds the span of `[plugins.<id>]` key `key` (or of the table if `key` is `None`).
fn plugin_span(text: &str, id: &str, key: Option<&str>) -> Range<usize> {
    fn find<'a, 'i>(
        t: &'a DeTable<'i>,
        name: &str,
    ) -> Option<(Range<usize>, &'a Spanned<DeValue<'i>>)> {
        t.iter()
            .find(|(k, _)| k.get_ref().as_ref() == name)
            .map(|(k, v)| (k.span(), v))
    }
    let Ok(doc) = DeTable::parse(text) else {
        return 0..0;
    };
    let Some((_, plugins)) = find(doc.get_ref(), "plugins") else {
        return 0..0;
    };
    let DeValue::Table(pt) = plugins.get_ref() else {
        return 0..0;
    };
    let Some((ks, table)) = find(pt, id) else {
        return 0..0;
    };
    match (key, table.get_ref()) {
        (Some(k), DeValue::Table(t)) => find(t, k).map_or(ks, |(s, _)| s),
        _ => ks,
    }
}

/// Orders plugins so every dependency comes first; ties broken by id. Returns the
/// order or the plugins of a cycle. A dependency listed twice counts once; one that
/// is not in `deps` is ignored (the resolver reports it).
pub fn order_plugins(deps: &BTreeMap<String, Vec<String>>) -> Result<Vec<String>, Vec<String>> {
    // Each plugin's distinct dependencies among the plugins being ordered.
    let needs: BTreeMap<&str, BTreeSet<&str>> = deps
        .iter()
        .map(|(k, ds)| {
            let set = ds
                .iter()
                .map(String::as_str)
                .filter(|d| deps.contains_key(*d))
                .collect();
            (k.as_str(), set)
        })
        .collect();
    let mut indeg: BTreeMap<&str, usize> = needs.iter().map(|(k, ds)| (*k, ds.len())).collect();
    let mut ready: BTreeSet<&str> = indeg
        .iter()
        .filter(|(_, &n)| n == 0)
        .map(|(k, _)| *k)
        .collect();
    let mut out = Vec::new();
    while let Some(n) = ready.pop_first() {
        out.push(n.to_string());
        for (k, ds) in &needs {
            if ds.contains(n) {
                if let Some(e) = indeg.get_mut(k) {
                    *e -= 1;
                    if *e == 0 {
                        ready.insert(k);
                    }
                }
            }
        }
    }
    if out.len() == deps.len() {
        return Ok(out);
    }
    // Report one cycle: walk dependencies among the remaining plugins. Every plugin
    // left waits for another one left, so the walk comes back on itself.
    let left: BTreeSet<&str> = indeg
        .iter()
        .filter(|(_, &n)| n > 0)
        .map(|(k, _)| *k)
        .collect();
    let mut path: Vec<&str> = left.iter().next().copied().into_iter().collect();
    while let Some(&cur) = path.last() {
        let Some(&next) = needs[cur].iter().find(|d| left.contains(*d)) else {
            break;
        };
        if let Some(i) = path.iter().position(|p| *p == next) {
            let mut cyc: Vec<String> = path[i..].iter().map(|s| s.to_string()).collect();
            cyc.push(next.to_string());
            return Err(cyc);
        }
        path.push(next);
    }
    Err(left.iter().map(|s| s.to_string()).collect())
}

/// Resolves a parsed ruleset against the available plugins and compiles it.
pub fn resolve(
    spec: RulesetSpec,
    text: &str,
    file: &str,
    base_dir: Option<&Path>,
    registry: &Registry,
) -> Result<Ruleset, RulesetErrors> {
    let mut cx = Ctx {
        file,
        text,
        problems: Vec::new(),
    };
    // Tile sets.
    let mut sets: Vec<TileSetSpec> = Vec::new();
    for name in &spec.tilesets {
        match tilesets::load(name, base_dir) {
            Ok(s) => sets.push(s),
            Err(e) => {
                let span = find_string_span(text, name);
                cx.at(span, e);
            }
        }
    }
    // Plugins.
    let enabled: Vec<&PluginSpec> = spec.plugins.iter().filter(|p| p.enabled).collect();
    let mut deps: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut conflicts: BTreeSet<(String, String)> = BTreeSet::new();
    for p in &enabled {
        let Some(pl) = registry.get(&p.id) else {
            cx.at(
                plugin_span(text, &p.id, None),
                format!(
                    "unknown plugin `{}`{}; available: {}",
                    p.id,
                    hint(&p.id, registry.ids()),
                    if registry.plugins.is_empty() {
                        "none".to_string()
                    } else {
                        registry.ids().collect::<Vec<_>>().join(", ")
                    }
                ),
            );
            continue;
        };
        let info = pl.info();
        let names: Vec<&str> = info.options.iter().map(|o| o.name.as_str()).collect();
        for key in p.options.keys() {
            if !names.contains(&key.as_str()) {
                cx.at(
                    plugin_span(text, &p.id, Some(key)),
                    format!(
                        "plugin `{}` has no option `{key}`{} (options: {})",
                        p.id,
                        hint(key, names.iter().copied()),
                        if names.is_empty() {
                            "none".into()
                        } else {
                            names.join(", ")
                        }
                    ),
                );
            }
        }
        for d in info.depends_on.iter().collect::<BTreeSet<_>>() {
            if !enabled.iter().any(|q| &q.id == d) {
                cx.at(
                    plugin_span(text, &p.id, None),
                    format!("plugin `{}` needs plugin `{d}`: add `[plugins.{d}]`", p.id),
                );
            }
        }
        for c in &info.conflicts_with {
            // Each pair once, whichever of the two declares the conflict.
            let pair = if p.id < *c {
                (p.id.clone(), c.clone())
            } else {
                (c.clone(), p.id.clone())
            };
            if enabled.iter().any(|q| &q.id == c) && conflicts.insert(pair) {
                cx.at(
                    plugin_span(text, &p.id, None),
                    format!(
                        "plugin `{}` conflicts with plugin `{c}`: enable only one",
                        p.id
                    ),
                );
            }
        }
        deps.insert(p.id.clone(), info.depends_on.clone());
    }
    let order = match order_plugins(&deps) {
        Ok(o) => o,
        Err(cycle) => {
            cx.nowhere(format!("plugin dependency cycle: {}", cycle.join(" -> ")));
            Vec::new()
        }
    };
    let mut instances = Vec::new();
    let mut resolved = Vec::new();
    let mut plugin_tilesets = Vec::new();
    if cx.problems.is_empty() {
        for id in &order {
            let p = enabled.iter().find(|p| &p.id == id).expect("enabled");
            let pl = registry.get(id).expect("checked");
            for t in pl.tilesets() {
                plugin_tilesets.push((id.clone(), t.name.clone()));
                sets.push(t);
            }
            let opts = toml::to_string(&p.options).unwrap_or_default();
            match pl.instantiate(&opts) {
                Ok((decl, hooks)) => {
                    resolved.push((id.clone(), filled_options(pl.info(), &p.options)));
                    instances.push((decl, hooks));
                }
                Err(problems) => {
                    for (key, msg) in problems {
                        let span = plugin_span(text, id, key.as_deref());
                        let what = key.map_or_else(String::new, |k| format!(" option `{k}`"));
                        cx.at(span, format!("plugin `{id}`{what}: {msg}"));
                    }
                }
            }
        }
    }
    if !cx.problems.is_empty() {
        return Err(RulesetErrors(cx.problems));
    }
    let catalogue = TileCatalogue::build(&sets, &spec.edition).map_err(|errs| {
        RulesetErrors(
            errs.into_iter()
                .map(|m| Problem {
                    file: file.into(),
                    line: 0,
                    col: 0,
                    message: format!("tile data: {m}"),
                })
                .collect(),
        )
    })?;
    let rules =
        Rules::new(spec.name.clone(), catalogue, spec.core.clone(), instances).map_err(|errs| {
            RulesetErrors(
                errs.into_iter()
                    .map(|m| Problem {
                        file: file.into(),
                        line: 0,
                        col: 0,
                        message: m,
                    })
                    .collect(),
            )
        })?;
    Ok(Ruleset {
        origin: file.into(),
        text: text.into(),
        spec,
        plugins: resolved,
        plugin_tilesets,
        rules: Arc::new(rules),
    })
}

fn find_string_span(text: &str, s: &str) -> Range<usize> {
    let quoted = format!("\"{s}\"");
    text.find(&quoted).map_or(0..0, |i| i..i + quoted.len())
}

fn filled_options(info: &crate::registry::PluginInfo, given: &toml::Table) -> String {
    let mut out = String::new();
    for o in &info.options {
        let v = given
            .get(&o.name)
            .map_or_else(|| o.default.clone(), |v| v.to_string());
        out.push_str(&format!("{} = {v}\n", toml_key(&o.name)));
    }
    out
}

/// `key` as a TOML key: bare when it can be, else quoted (`"weird id"`).
pub fn toml_key(key: &str) -> String {
    let bare = !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if bare {
        key.to_string()
    } else {
        toml::Value::String(key.to_string()).to_string()
    }
}

/// Parses and resolves ruleset text.
pub fn load_str(
    text: &str,
    file: &str,
    base_dir: Option<&Path>,
    registry: &Registry,
) -> Result<Ruleset, RulesetErrors> {
    let spec = parse(text, file)?;
    resolve(spec, text, file, base_dir, registry)
}

/// Reads, parses and resolves a ruleset file.
pub fn load_file(path: &Path, registry: &Registry) -> Result<Ruleset, RulesetErrors> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one() {
        assert_eq!(line_col("ab\ncd", 0), (1, 1));
        assert_eq!(line_col("ab\ncd", 4), (2, 2));
    }

    #[test]
    fn every_problem_is_listed_with_location() {
        let text = "nme = \"x\"\nplayers = 9\nedition = \"C3\"\n[core]\nfarmer = \"per-field\"\ntiny-city = 3\n";
        let e = parse(text, "r.toml").unwrap_err();
        let all = e.to_string();
        assert!(all.contains("r.toml:1:1: unknown key `nme`"), "{all}");
        assert!(all.contains("did you mean `name`?"), "{all}");
        assert!(all.contains("r.toml:2:11: `players` = 9"), "{all}");
        assert!(all.contains("r.toml:3:11: `edition` = \"C3\""), "{all}");
        assert!(
            all.contains("r.toml:5:1: unknown key `core.farmer`"),
            "{all}"
        );
        assert!(all.contains("did you mean `farmers`?"), "{all}");
        assert!(all.contains("r.toml:6:13: core.tiny-city = 3"), "{all}");
    }

    #[test]
    fn bad_enum_value_is_located() {
        let e = parse("name = \"x\"\n[core]\nfarmers = \"sometimes\"\n", "r.toml").unwrap_err();
        let all = e.to_string();
        assert!(
            all.starts_with("r.toml:3:11: `core.farmers`: unknown variant `sometimes`"),
            "{all}"
        );
    }

    #[test]
    fn syntax_errors_are_located() {
        let e = parse("name = = 1", "r.toml").unwrap_err();
        assert!(e.to_string().starts_with("r.toml:1:"), "{e}");
    }

    #[test]
    fn plugin_order_follows_dependencies_then_ids() {
        let mut d = BTreeMap::new();
        d.insert("b".to_string(), vec!["c".to_string()]);
        d.insert("a".to_string(), vec![]);
        d.insert("c".to_string(), vec![]);
        assert_eq!(order_plugins(&d).unwrap(), ["a", "c", "b"]);
        d.insert("c".to_string(), vec!["b".to_string()]);
        let cyc = order_plugins(&d).unwrap_err();
        assert_eq!(cyc.first(), cyc.last());
        assert!(cyc.contains(&"b".to_string()) && cyc.contains(&"c".to_string()));
    }

    #[test]
    fn a_dependency_listed_twice_counts_once() {
        // Used to trip `expect("cycle member")`: the in-degree counted `c` twice.
        let mut d = BTreeMap::new();
        d.insert("b".to_string(), vec!["c".to_string(), "c".to_string()]);
        d.insert("c".to_string(), vec![]);
        assert_eq!(order_plugins(&d).unwrap(), ["c", "b"]);
        d.insert("a".to_string(), vec!["a".to_string(), "a".to_string()]);
        assert_eq!(order_plugins(&d).unwrap_err(), ["a", "a"]);
    }
}
