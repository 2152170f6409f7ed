//! The reader's words for a value of the wrong type, in a ruleset author's:
//! serde and the TOML reader say `invalid type: string "7", expected u8` or
//! `wanted string or table`; a ruleset's reader wants `expected a whole number
//! from 0 to 255, found the string "7"` or `expected one of "a", "b", found 5`.
//! Used for plugin options ([`parse_options`](super::parse_options)) and by
//! the host for the `[core]` table.

use serde::de::value::{Error as ProbeError, MapDeserializer, StrDeserializer};
use serde::de::{self, DeserializeOwned, Deserializer, IntoDeserializer, Visitor};
use std::cell::Cell;

/// `msg` (a serde or TOML reader message about one value) in a ruleset
/// author's words; `variants`: the accepted spellings when the value is an
/// enum's (as [`one_of`] writes them), for messages that do not list them;
/// `value`: the value as written, for messages that do not quote it. A
/// message it does not know is returned as it is.
pub fn plain(msg: &str, variants: Option<&str>, value: Option<&str>) -> String {
    let msg = msg.trim();
    if let Some(v) = variants {
        if !msg.starts_with("unknown variant") {
            // The value as written first: serde may name it by what it
            // tried (`unit variant`), not by what it was.
            return match value.map(str::to_string).or_else(|| found_of(msg)) {
                Some(f) => format!("expected {v}, found {f}"),
                None => format!("expected {v}"),
            };
        }
    }
    for prefix in ["invalid type: ", "invalid value: "] {
        if let Some(rest) = msg.strip_prefix(prefix) {
            if let Some((found, expected)) = rest.split_once(", expected ") {
                return format!(
                    "expected {}, found {}",
                    expected_words(expected),
                    found_words(found)
                );
            }
        }
    }
    msg.to_string()
}

/// The accepted spellings, `"a"` or `one of "a", "b"`, as [`plain`] takes
/// them ([`spellings`] gives the names).
pub fn one_of(names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    match quoted.as_slice() {
        [one] => one.clone(),
        _ => format!("one of {}", quoted.join(", ")),
    }
}

/// The strings a value of type `T` is read from when `T` is an enum read
/// by serde's derive (the names of its unit variants, renamed as it reads
/// them, in declaration order); `None` for any other type (a number, a
/// string of any value, an enum that takes other values too, as
/// [`PerPlayer`](super::PerPlayer)). `Option<E>` and newtypes give `E`'s.
pub fn spellings<T: DeserializeOwned>() -> Option<Vec<String>> {
    probe(|p| {
        let _ = T::deserialize(p);
    })
}

/// [`spellings`] of the field read from key `key` of the struct `C` (a
/// plugin's options): read from a table holding only that key, so the
/// struct's other fields do not matter.
pub fn field_spellings<C: DeserializeOwned>(key: &str) -> Option<Vec<String>> {
    probe(|p| {
        let _ = C::deserialize(MapDeserializer::new(std::iter::once((key, p))));
    })
}

/// Runs `read` with a [`Probe`] to learn the variants serde asks for, then
/// once per variant to keep those that a string is read as.
fn probe(read: impl Fn(Probe<'_>)) -> Option<Vec<String>> {
    let asked = Cell::new(None);
    let taken = Cell::new(false);
    read(Probe {
        asked: &asked,
        value: None,
        taken: &taken,
    });
    let names: Vec<String> = asked
        .get()?
        .iter()
        .filter(|&&name| {
            taken.set(false);
            read(Probe {
                asked: &asked,
                value: Some(name),
                taken: &taken,
            });
            taken.get()
        })
        .map(|n| n.to_string())
        .collect();
    (!names.is_empty()).then_some(names)
}

/// A value that answers only an enum's reading: it notes the variants serde
/// names (`deserialize_enum`), and reads `value` as a unit variant when
/// given. Any other reading is an error.
struct Probe<'p> {
    /// The variants serde named.
    asked: &'p Cell<Option<&'static [&'static str]>>,
    /// The spelling to read; `None`: only note the variants.
    value: Option<&'static str>,
    /// Set when `value` was read.
    taken: &'p Cell<bool>,
}

impl<'de> Deserializer<'de> for Probe<'_> {
    type Error = ProbeError;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, ProbeError> {
        Err(de::Error::custom("not an enum"))
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, ProbeError> {
        v.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        v: V,
    ) -> Result<V::Value, ProbeError> {
        v.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        variants: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, ProbeError> {
        self.asked.set(Some(variants));
        let Some(name) = self.value else {
            return Err(de::Error::custom("variants noted"));
        };
        let read = v.visit_enum(StrDeserializer::<ProbeError>::new(name));
        self.taken.set(read.is_ok());
        read
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map struct
        identifier ignored_any
    }
}

impl<'de> IntoDeserializer<'de, ProbeError> for Probe<'_> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

/// What the value was, from a type message (`invalid type: X, expected Y`).
fn found_of(msg: &str) -> Option<String> {
    let rest = msg
        .strip_prefix("invalid type: ")
        .or_else(|| msg.strip_prefix("invalid value: "))?;
    let (found, _) = rest.split_once(", expected ")?;
    Some(found_words(found))
}

/// serde's name of a value: `integer `5``, `string "x"`, `sequence`.
fn found_words(found: &str) -> String {
    let unquote = |s: &str| s.trim().trim_matches('`').to_string();
    if let Some(v) = found.strip_prefix("integer ") {
        return unquote(v);
    }
    if let Some(v) = found.strip_prefix("floating point ") {
        return unquote(v);
    }
    if let Some(v) = found.strip_prefix("boolean ") {
        return unquote(v);
    }
    if let Some(v) = found.strip_prefix("string ") {
        return format!("the string {v}");
    }
    match found {
        "sequence" => "an array".into(),
        "map" => "a table".into(),
        other => other.into(),
    }
}

/// serde's name of the expected type (`u8`, `a boolean`) in words.
fn expected_words(expected: &str) -> String {
    match expected.trim() {
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => "a whole number".into(),
        "u8" => "a whole number from 0 to 255".into(),
        "u16" => "a whole number from 0 to 65535".into(),
        "u32" | "u64" | "u128" | "usize" => "a whole number, 0 or more".into(),
        "f32" | "f64" => "a number".into(),
        "a boolean" => "true or false".into(),
        "a string" | "string only" => "a string".into(),
        other => other.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_messages_in_plain_words() {
        assert_eq!(
            plain("invalid type: string \"7\", expected i64", None, None),
            "expected a whole number, found the string \"7\""
        );
        assert_eq!(
            plain("invalid value: integer `-1`, expected u8", None, None),
            "expected a whole number from 0 to 255, found -1"
        );
        assert_eq!(
            plain(
                "invalid type: floating point `1.5`, expected u8",
                None,
                None
            ),
            "expected a whole number from 0 to 255, found 1.5"
        );
        assert_eq!(
            plain("invalid type: sequence, expected a boolean", None, None),
            "expected true or false, found an array"
        );
        assert_eq!(plain("something else", None, None), "something else");
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(rename_all = "kebab-case")]
    #[allow(dead_code)] // read, never matched
    enum Mode {
        A,
        BC,
        Fixed(u32),
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(rename_all = "kebab-case")]
    enum Only {
        Only,
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "kebab-case")]
    #[allow(dead_code)] // read, never used
    struct Opts {
        mode: Mode,
        maybe: Option<Only>,
        points: u8,
        name: String,
        each: crate::PerPlayer,
    }

    #[test]
    fn the_spellings_are_the_unit_variants_serde_reads() {
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        // A variant with data is no spelling: a string is not read as it.
        assert_eq!(spellings::<Mode>(), Some(names(&["a", "b-c"])));
        assert_eq!(spellings::<Option<Only>>(), Some(names(&["only"])));
        assert_eq!(spellings::<u8>(), None);
        assert_eq!(spellings::<String>(), None);
        // An enum read by hand from numbers and a word: not a fixed set.
        assert_eq!(spellings::<crate::PerPlayer>(), None);
        // A field of a struct, whatever its other fields need.
        assert_eq!(field_spellings::<Opts>("mode"), Some(names(&["a", "b-c"])));
        assert_eq!(field_spellings::<Opts>("maybe"), Some(names(&["only"])));
        for key in ["points", "name", "each", "no-such-key"] {
            assert_eq!(field_spellings::<Opts>(key), None, "{key}");
        }
    }

    #[test]
    fn enum_messages_list_the_spellings() {
        let v = one_of(&spellings::<Mode>().unwrap());
        assert_eq!(v, "one of \"a\", \"b-c\"");
        assert_eq!(one_of(&spellings::<Only>().unwrap()), "\"only\"");
        assert_eq!(
            plain("wanted string or table", Some(&v), None),
            "expected one of \"a\", \"b-c\""
        );
        assert_eq!(
            plain("wanted string or table", Some(&v), Some("[1]")),
            "expected one of \"a\", \"b-c\", found [1]"
        );
        assert_eq!(
            plain(
                "invalid type: integer `4`, expected string only",
                Some(&v),
                None
            ),
            "expected one of \"a\", \"b-c\", found 4"
        );
        assert_eq!(
            plain(
                "invalid type: unit variant, expected string only",
                Some(&v),
                Some("4")
            ),
            "expected one of \"a\", \"b-c\", found 4"
        );
        // serde's own message about a misspelt variant already lists them.
        let m = "unknown variant `x`, expected one of `a`, `b-c`";
        assert_eq!(plain(m, Some(&v), None), m);
    }
}
