//! Locating problems in a ruleset's text, in time linear in its size: a line
//! index built once (line and column of any byte offset by binary search) and
//! the spans of every `[plugins.<id>]` table and key, from one parse.

use std::collections::HashMap;
use std::ops::Range;
use toml::de::{DeTable, DeValue};

/// Line starts of a text, for 1-based line and column lookups.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
    len: usize,
}

impl LineIndex {
    /// Indexes `text`.
    pub fn new(text: &str) -> LineIndex {
        let starts = std::iter::once(0)
            .chain(
                text.bytes()
                    .enumerate()
                    .filter(|&(_, b)| b == b'\n')
                    .map(|(i, _)| i + 1),
            )
            .collect();
        LineIndex {
            starts,
            len: text.len(),
        }
    }

    /// 1-based line and column (in bytes) of byte offset `at`.
    pub fn line_col(&self, at: usize) -> (usize, usize) {
        let at = at.min(self.len);
        let line = self.starts.partition_point(|&s| s <= at);
        (line, at - self.starts[line - 1] + 1)
    }
}

/// 1-based line and column (in bytes) of byte offset `at` of `text`, for one
/// lookup ([`LineIndex`] for many).
pub fn line_col(text: &str, at: usize) -> (usize, usize) {
    LineIndex::new(text).line_col(at)
}

/// The span of a table's name and of each of its keys.
type TableSpans = (Range<usize>, HashMap<String, Range<usize>>);

/// Spans of the `[plugins.<id>]` tables of a ruleset and of their keys.
#[derive(Clone, Debug, Default)]
pub struct PluginSpans {
    tables: HashMap<String, TableSpans>,
}

impl PluginSpans {
    /// Finds the spans in ruleset `text` (none if it does not parse).
    pub fn new(text: &str) -> PluginSpans {
        let mut tables = HashMap::new();
        let Ok(doc) = DeTable::parse(text) else {
            return PluginSpans { tables };
        };
        let plugins = doc
            .get_ref()
            .iter()
            .find(|(k, _)| k.get_ref().as_ref() == "plugins");
        if let Some((_, v)) = plugins {
            if let DeValue::Table(pt) = v.get_ref() {
                for (id, t) in pt.iter() {
                    let keys = match t.get_ref() {
                        DeValue::Table(t) => t
                            .iter()
                            .map(|(k, _)| (k.get_ref().to_string(), k.span()))
                            .collect(),
                        _ => HashMap::new(),
                    };
                    tables.insert(id.get_ref().to_string(), (id.span(), keys));
                }
            }
        }
        PluginSpans { tables }
    }

    /// The span of key `key` of `[plugins.<id>]`, or of the table's name if `key`
    /// is `None` or not found (`0..0` if the table is not found).
    pub fn of(&self, id: &str, key: Option<&str>) -> Range<usize> {
        let Some((table, keys)) = self.tables.get(id) else {
            return 0..0;
        };
        key.and_then(|k| keys.get(k))
            .cloned()
            .unwrap_or_else(|| table.clone())
    }
}

/// The span of each item of the top-level array `key` of `text` (in order;
/// empty if the text does not parse or has no such array), from one parse.
pub fn array_item_spans(text: &str, key: &str) -> Vec<Range<usize>> {
    top_level(text, key, |v| match v {
        DeValue::Array(a) => a.iter().map(|v| v.span()).collect(),
        _ => Vec::new(),
    })
}

/// The span of the value of each key of the top-level table `table` of `text`
/// (`[core]`: `farmers` and the span of `"per-city"`); empty if the text
/// does not parse or has no such table.
pub fn table_value_spans(text: &str, table: &str) -> HashMap<String, Range<usize>> {
    top_level(text, table, |v| match v {
        DeValue::Table(t) => t
            .iter()
            .map(|(k, v)| (k.get_ref().to_string(), v.span()))
            .collect(),
        _ => HashMap::new(),
    })
}

/// `read` of the value of top-level key `key` of `text`; the default if the
/// text does not parse or has no such key.
fn top_level<T: Default>(text: &str, key: &str, read: impl FnOnce(&DeValue<'_>) -> T) -> T {
    let Ok(doc) = DeTable::parse(text) else {
        return T::default();
    };
    doc.get_ref()
        .iter()
        .find(|(k, _)| k.get_ref().as_ref() == key)
        .map_or_else(T::default, |(_, v)| read(v.get_ref()))
}

/// The dotted path of the innermost key whose value holds byte offset `at`.
pub fn key_at(doc: &toml::Spanned<DeTable<'_>>, at: usize) -> Option<String> {
    // Header tables (`[core]`) span only their header, so every table is searched.
    fn walk(t: &DeTable<'_>, at: usize, path: &mut Vec<String>) -> bool {
        for (k, v) in t.iter() {
            path.push(k.get_ref().to_string());
            let found = match v.get_ref() {
                DeValue::Table(inner) => walk(inner, at, path),
                _ => v.span().contains(&at) || v.span().start == at,
            };
            if found {
                return true;
            }
            path.pop();
        }
        false
    }
    let mut path = Vec::new();
    walk(doc.get_ref(), at, &mut path).then(|| path.join("."))
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

/// Byte offset of 1-based `line` and `col` (in bytes) of `text`, the inverse
/// of [`line_col`]; `None` past the text.
pub fn offset_of(text: &str, line: usize, col: usize) -> Option<usize> {
    let start = if line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(line - 2)?.0 + 1
    };
    let at = start + col.max(1) - 1;
    (at <= text.len()).then_some(at)
}

/// Where in `to` the place at byte offset `at` of `from` is, both TOML texts
/// of the same tables (one written out again from the other, or one a table
/// of the other: `to_prefix` names it, `["ruleset"]`): the innermost key
/// whose key or value holds `at` in `from`, found by its path in `to`, and
/// the same offset into its key or value where that fits. `None` where
/// either text is not TOML or the path is not in `to`.
pub fn same_place(from: &str, at: usize, to: &str, to_prefix: &[&str]) -> Option<usize> {
    /// The path and span (key or value) of the innermost entry holding `at`.
    fn find(t: &DeTable<'_>, at: usize, path: &mut Vec<String>) -> Option<(bool, usize)> {
        for (k, v) in t.iter() {
            path.push(k.get_ref().to_string());
            if let DeValue::Table(inner) = v.get_ref() {
                if let Some(found) = find(inner, at, path) {
                    return Some(found);
                }
            }
            if k.span().contains(&at) {
                return Some((true, at - k.span().start));
            }
            if v.span().contains(&at) || v.span().start == at {
                return Some((false, at - v.span().start));
            }
            path.pop();
        }
        None
    }
    let doc = DeTable::parse(from).ok()?;
    let mut path = Vec::new();
    let (in_key, off) = find(doc.get_ref(), at, &mut path)?;
    let doc = DeTable::parse(to).ok()?;
    let mut t = doc.get_ref();
    let names: Vec<&str> = to_prefix
        .iter()
        .copied()
        .chain(path.iter().map(String::as_str))
        .collect();
    let (last, inner) = names.split_last()?;
    for name in inner {
        match t.iter().find(|(k, _)| k.get_ref() == *name)?.1.get_ref() {
            DeValue::Table(next) => t = next,
            _ => return None,
        }
    }
    let (k, v) = t.iter().find(|(k, _)| k.get_ref() == *last)?;
    let span = if in_key { k.span() } else { v.span() };
    Some(if off < span.len() {
        span.start + off
    } else {
        span.start
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one() {
        let ix = LineIndex::new("ab\ncd\n\nx");
        assert_eq!(ix.line_col(0), (1, 1));
        assert_eq!(ix.line_col(2), (1, 3));
        assert_eq!(ix.line_col(3), (2, 1));
        assert_eq!(ix.line_col(4), (2, 2));
        assert_eq!(ix.line_col(6), (3, 1));
        assert_eq!(ix.line_col(7), (4, 1));
        assert_eq!(ix.line_col(99), (4, 2));
        assert_eq!(line_col("ab\ncd", 0), (1, 1));
        assert_eq!(line_col("ab\ncd", 4), (2, 2));
    }

    #[test]
    fn keys_are_found_by_offset() {
        let text = "a = 1\n[core]\nfollowers = 99\n[x.y]\nz = \"s\"\n";
        let doc = DeTable::parse(text).unwrap();
        assert_eq!(
            key_at(&doc, text.find("99").unwrap()).as_deref(),
            Some("core.followers")
        );
        assert_eq!(
            key_at(&doc, text.find("\"s").unwrap()).as_deref(),
            Some("x.y.z")
        );
        assert_eq!(key_at(&doc, 4).as_deref(), Some("a"));
        assert_eq!(key_at(&doc, 0), None);
    }

    #[test]
    fn plugin_spans_find_tables_and_keys() {
        let text = "name = \"x\"\n[plugins.a]\nk = 1\n[plugins.\"b c\"]\n";
        let s = PluginSpans::new(text);
        assert_eq!(&text[s.of("a", Some("k"))], "k");
        assert_eq!(&text[s.of("a", None)], "a");
        assert_eq!(&text[s.of("a", Some("zz"))], "a");
        assert_eq!(&text[s.of("b c", None)], "\"b c\"");
        assert_eq!(s.of("nope", None), 0..0);
    }

    #[test]
    fn a_tables_values_are_located() {
        let text = "a = 1\n[core]\nfarmers = \"off\"\n";
        let spans = table_value_spans(text, "core");
        assert_eq!(&text[spans["farmers"].clone()], "\"off\"");
        assert!(table_value_spans(text, "a").is_empty());
        assert!(table_value_spans("= 1", "core").is_empty());
    }

    #[test]
    fn array_items_are_located() {
        let text = "a = [\"x\", \"yy\"]\nb = 1\n";
        let spans = array_item_spans(text, "a");
        assert_eq!(
            spans.iter().map(|s| &text[s.clone()]).collect::<Vec<_>>(),
            ["\"x\"", "\"yy\""]
        );
        assert!(array_item_spans(text, "b").is_empty());
        assert!(array_item_spans("a = [", "a").is_empty());
    }

    #[test]
    fn odd_keys_are_quoted() {
        assert_eq!(toml_key("shepherd"), "shepherd");
        assert_eq!(toml_key("weird id"), "\"weird id\"");
        assert_eq!(toml_key(""), "\"\"");
    }

    #[test]
    fn offset_of_undoes_line_col() {
        let text = "a = 1\n\n[t]\nkey = \"v\"\n";
        for at in 0..=text.len() {
            let (l, c) = line_col(text, at);
            assert_eq!(offset_of(text, l, c), Some(at), "{at}");
        }
        assert_eq!(offset_of(text, 9, 1), None);
    }

    #[test]
    fn the_same_place_is_found_by_its_key_path() {
        let from = "name = \"x\"\n[core]\nfollowers = 9\n";
        let to = "s = 1\n[ruleset]\nname = \"x\"\n[ruleset.core]\n# c\nfollowers = 9\n";
        let at = from.find('9').unwrap();
        assert_eq!(same_place(from, at, to, &["ruleset"]), to.find('9'));
        let key = from.find("followers").unwrap() + 2;
        assert_eq!(
            same_place(from, key, to, &["ruleset"]),
            Some(to.find("followers").unwrap() + 2)
        );
        assert_eq!(same_place(from, at, to, &["other"]), None);
    }
}
