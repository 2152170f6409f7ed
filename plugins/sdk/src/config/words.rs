//! The reader's words for a value of the wrong type, in a ruleset author's:
//! serde and the TOML reader say `invalid type: string "7", expected u8` or
//! `wanted string or table`; a ruleset's reader wants `expected a whole number
//! from 0 to 255, found the string "7"` or `expected one of "a", "b", found 5`.
//! Used for plugin options ([`parse_options`](super::parse_options)) and by
//! the host for the `[core]` table.

/// A string no enum variant is spelt as: read in place of a value of the
/// wrong type, it makes serde list the variants ([`variants`]).
pub const SENTINEL: &str = "\u{1}";

/// `msg` (a serde or TOML reader message about one value) in a ruleset
/// author's words; `variants`: the accepted spellings when the value is an
/// enum's (as [`variants`] finds them), for messages that do not list them;
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

/// The spellings serde lists in an `unknown variant` message about
/// [`SENTINEL`] (`one of "a", "b"`), if `msg` is one.
pub fn variants(msg: &str) -> Option<String> {
    let rest = msg.trim().strip_prefix("unknown variant `")?;
    let (name, rest) = rest.split_once('`')?;
    if name != SENTINEL {
        return None;
    }
    // serde: "`a`", "`a` or `b`", "one of `a`, `b`, `c`".
    let list = rest.strip_prefix(", expected ")?;
    let list = list.strip_prefix("one of ").unwrap_or(list);
    let names: Vec<String> = list
        .split(", ")
        .flat_map(|s| s.split(" or "))
        .map(|s| format!("\"{}\"", s.trim().trim_matches('`')))
        .collect();
    Some(match names.as_slice() {
        [one] => one.clone(),
        _ => format!("one of {}", names.join(", ")),
    })
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

    #[test]
    fn enum_messages_list_the_spellings() {
        let v = variants("unknown variant `\u{1}`, expected one of `a`, `b-c`").unwrap();
        assert_eq!(v, "one of \"a\", \"b-c\"");
        assert_eq!(
            variants("unknown variant `\u{1}`, expected `only`").as_deref(),
            Some("\"only\"")
        );
        assert_eq!(
            variants("unknown variant `\u{1}`, expected `a` or `b`").as_deref(),
            Some("one of \"a\", \"b\"")
        );
        assert_eq!(variants("unknown variant `x`, expected `a`"), None);
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
