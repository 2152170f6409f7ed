//! Parsing a ruleset file into a [`RulesetSpec`], every problem located.

use super::{
    Ctx, PluginSpec, RulesetErrors, RulesetSpec, TileCount, MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS,
};
use crate::suggest::hint;
use carcassonne_core::CoreOptions;
use std::ops::Range;
use toml::de::{DeTable, DeValue};

const TOP_KEYS: [&str; 8] = [
    "name",
    "description",
    "players",
    "edition",
    "tilesets",
    "tiles",
    "core",
    "plugins",
];
/// Sets one key of the core options back to its default.
pub(super) type ResetKey = fn(&mut CoreOptions);

/// The keys of `[core]`, each with how it goes back to its default: the one
/// list of them (the parser's known keys; the key blamed for a plugin's
/// refusal of the core options, `resolve::core_refusals`).
pub(super) const CORE_KEYS: [(&str, ResetKey); 3] = [
    ("farmers", |c| c.farmers = CoreOptions::default().farmers),
    ("tiny-city", |c| {
        c.tiny_city = CoreOptions::default().tiny_city
    }),
    ("followers", |c| {
        c.followers = CoreOptions::default().followers
    }),
];

/// The names of the keys of `[core]`.
fn core_key_names() -> impl Iterator<Item = &'static str> + Clone {
    CORE_KEYS.iter().map(|&(k, _)| k)
}

fn value_of<T: serde::de::DeserializeOwned>(
    cx: &mut Ctx<'_>,
    v: &toml::Value,
    span: Range<usize>,
    what: &str,
) -> Option<T> {
    use carcassonne_plugin_sdk::config::words;
    match v.clone().try_into::<T>() {
        Ok(x) => Some(x),
        Err(e) => {
            // An enum's spellings.
            let variants = words::spellings::<T>().map(|names| words::one_of(&names));
            let msg = words::plain(e.message(), variants.as_deref(), Some(&v.to_string()));
            let msg = crate::suggest::with_variant_hint(&msg);
            cx.at(span, format!("`{what}`: {msg}"));
            None
        }
    }
}

/// Parses a ruleset file. Every problem is reported at once.
pub fn parse(text: &str, file: &str) -> Result<RulesetSpec, RulesetErrors> {
    let mut cx = Ctx::new(file, text);
    match parse_into(&mut cx, text) {
        Some(spec) if cx.is_clean() => Ok(spec),
        _ => Err(cx.errors()),
    }
}

/// Parses into `cx`: the spec as far as it could be read (`None` if the text is
/// not TOML at all), with its problems in `cx`.
pub(super) fn parse_into(cx: &mut Ctx<'_>, text: &str) -> Option<RulesetSpec> {
    let doc = match DeTable::parse(text) {
        Ok(d) => d,
        Err(e) => {
            let span = e.span().unwrap_or(0..0);
            let mut message = e.message().trim().to_string();
            // The reader points at the key written twice without naming it.
            let key = text.get(span.clone()).unwrap_or("").trim();
            if message == "duplicate key" && !key.is_empty() && key.len() <= 80 {
                message = format!("duplicate key `{key}` (each key may be given once)");
            }
            cx.at(span, message);
            return None;
        }
    };
    let table: toml::Table = match toml::from_str(text) {
        Ok(t) => t,
        Err(e) => {
            let span = e.span().unwrap_or(0..0);
            let message = match crate::locate::key_at(&doc, span.start) {
                // The reader's words for an integer over 2^63 − 1 name a
                // type (`i128` from 2^64, `u64 value was too large` below).
                Some(key)
                    if e.message().contains("i128")
                        || e.message().contains("value was too large") =>
                {
                    format!(
                        "`{key}` = {}: too large (TOML integers are 64-bit)",
                        text.get(span.clone()).unwrap_or("?").trim()
                    )
                }
                _ => e.message().trim().to_string(),
            };
            cx.at(span, message);
            return None;
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
        tile_counts: Vec::new(),
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
                if let Some(n) = value_of::<String>(cx, val, v.span(), "name") {
                    if n.trim().is_empty() {
                        cx.at(
                            v.span(),
                            format!(
                                "`name` = {}: a ruleset needs a name (some text, not only spaces)",
                                toml::Value::String(n)
                            ),
                        );
                    } else if n.chars().count() > MAX_NAME_CHARS {
                        cx.at(
                            v.span(),
                            format!(
                                "`name`: {} characters: a ruleset's name is at most \
                                 {MAX_NAME_CHARS} characters",
                                n.chars().count()
                            ),
                        );
                    } else if n.contains(['\n', '\r']) {
                        // Printed on a line of its own: a line break would
                        // make it look like another line of the output.
                        cx.at(
                            v.span(),
                            format!("`name` = {n:?}: a ruleset's name is one line"),
                        );
                    } else {
                        spec.name = n;
                        has_name = true;
                    }
                }
            }
            "description" => {
                if let Some(d) = value_of::<String>(cx, val, v.span(), "description") {
                    if d.chars().count() > MAX_DESCRIPTION_CHARS {
                        cx.at(
                            v.span(),
                            format!(
                                "`description`: {} characters: a ruleset's description is at \
                                 most {MAX_DESCRIPTION_CHARS} characters",
                                d.chars().count()
                            ),
                        );
                    } else {
                        spec.description = d;
                    }
                }
            }
            "players" => {
                if let Some(p) = value_of::<i64>(cx, val, v.span(), "players") {
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
                if let Some(e) = value_of::<String>(cx, val, v.span(), "edition") {
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
                if let Some(t) = value_of::<Vec<String>>(cx, val, v.span(), "tilesets") {
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
                                if let Some(f) = value_of(cx, cval, cv.span(), "core.farmers") {
                                    core.farmers = f;
                                }
                            }
                            "tiny-city" => {
                                if let Some(n) =
                                    value_of::<i64>(cx, cval, cv.span(), "core.tiny-city")
                                {
                                    match CoreOptions::tiny_city_from(n) {
                                        Ok(v) => core.tiny_city = v,
                                        Err(m) => cx.at(cv.span(), format!("core.{m}")),
                                    }
                                }
                            }
                            "followers" => {
                                if let Some(n) =
                                    value_of::<i64>(cx, cval, cv.span(), "core.followers")
                                {
                                    match CoreOptions::followers_from(n) {
                                        Ok(v) => core.followers = v,
                                        Err(m) => cx.at(cv.span(), format!("core.{m}")),
                                    }
                                }
                            }
                            other => cx.at(
                                ck.span(),
                                format!(
                                    "unknown key `core.{other}` (expected one of {}){}",
                                    core_key_names().collect::<Vec<_>>().join(", "),
                                    hint(other, core_key_names())
                                ),
                            ),
                        }
                    }
                    spec.core = core;
                }
                _ => cx.at(v.span(), "`core` must be a table (`[core]`)"),
            },
            "tiles" => tile_counts(cx, v, val, &mut spec.tile_counts),
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
    Some(spec)
}

/// `[tiles]`: only `counts`, a table of tile ids and numbers of copies.
fn tile_counts(
    cx: &mut Ctx<'_>,
    v: &toml::Spanned<DeValue<'_>>,
    val: &toml::Value,
    out: &mut Vec<TileCount>,
) {
    let DeValue::Table(t) = v.get_ref() else {
        cx.at(v.span(), "`tiles` must be a table (`[tiles.counts]`)");
        return;
    };
    for (k, v) in t.iter() {
        let key = k.get_ref().as_ref();
        if key != "counts" {
            cx.at(
                k.span(),
                format!(
                    "unknown key `tiles.{key}` (expected counts){}",
                    hint(key, ["counts"])
                ),
            );
            continue;
        }
        let DeValue::Table(counts) = v.get_ref() else {
            cx.at(
                v.span(),
                "`tiles.counts` must be a table of tile ids and copies",
            );
            continue;
        };
        let empty = toml::Value::Table(toml::Table::new());
        count_entries(
            cx,
            counts,
            val.get("counts").unwrap_or(&empty),
            "tiles.counts",
            out,
        );
    }
}

/// The entries of a table of tile counts (`[tiles.counts]` of a ruleset, a
/// scenario's `tile-counts`, named `what` in problems): `counts` as parsed with
/// spans, `val` as values.
pub(super) fn count_entries(
    cx: &mut Ctx<'_>,
    counts: &DeTable<'_>,
    val: &toml::Value,
    what: &str,
    out: &mut Vec<TileCount>,
) {
    for (id, n) in counts.iter() {
        let id_text = id.get_ref().to_string();
        let count = val
            .get(&id_text)
            .and_then(toml::Value::as_integer)
            .and_then(|n| u16::try_from(n).ok());
        match count {
            Some(count) => out.push(TileCount {
                id: id_text,
                count,
                span: id.span(),
            }),
            None => cx.at(
                n.span(),
                format!(
                    "`{what}.{}`: expected a number of copies from 0 to {}",
                    crate::locate::toml_key(&id_text),
                    u16::MAX
                ),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_name_or_a_description_past_its_limit_is_a_located_error() {
        // The audit: a 9 MB name passed, and `play --record` then wrote a
        // record that `replay` refused (over its 16 MiB input limit).
        let name = "n".repeat(MAX_NAME_CHARS + 1);
        let e = parse(&format!("players = 2\nname = \"{name}\"\n"), "r.toml").unwrap_err();
        assert_eq!(
            e.to_string().lines().next().unwrap(),
            "r.toml:2:8: `name`: 201 characters: a ruleset's name is at most 200 characters"
        );
        let long = "é".repeat(MAX_DESCRIPTION_CHARS + 1);
        let e = parse(&format!("name = \"x\"\ndescription = '{long}'\n"), "r.toml").unwrap_err();
        assert_eq!(
            e.to_string().lines().next().unwrap(),
            "r.toml:2:15: `description`: 4001 characters: a ruleset's description is at most \
             4000 characters"
        );
        // At the limits (in characters, not bytes): accepted.
        let ok = format!(
            "name = \"{}\"\ndescription = \"{}\"\n",
            "ü".repeat(MAX_NAME_CHARS),
            "é".repeat(MAX_DESCRIPTION_CHARS)
        );
        let spec = parse(&ok, "r.toml").unwrap();
        assert_eq!(spec.name.chars().count(), MAX_NAME_CHARS);
        assert_eq!(spec.description.chars().count(), MAX_DESCRIPTION_CHARS);
    }

    #[test]
    fn syntax_errors_are_located() {
        let e = parse("name = = 1", "r.toml").unwrap_err();
        assert!(e.to_string().starts_with("r.toml:1:"), "{e}");
    }
}
