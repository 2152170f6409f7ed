//! Typed plugin options.
//!
//! A plugin's options are its table in the ruleset (`[plugins.<id>]`, without
//! `enabled`), read into a serde struct of the plugin's own:
//!
//! ```
//! use carcassonne_plugin_sdk::{serde, Config};
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Clone, Debug, Serialize, Deserialize)]
//! #[serde(crate = "carcassonne_plugin_sdk::serde")]
//! #[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
//! pub struct Options {
//!     pub points: i32,
//!     pub roads_too: bool,
//! }
//!
//! impl Default for Options {
//!     fn default() -> Self {
//!         Options { points: 12, roads_too: false }
//!     }
//! }
//!
//! impl Config for Options {
//!     const DOCS: &'static [(&'static str, &'static str)] = &[
//!         ("points", "Points a completed cloister scores."),
//!         ("roads-too", "Also double completed roads."),
//!     ];
//! }
//! ```
//!
//! The three serde attributes matter: `deny_unknown_fields` (a misspelt key is an
//! error, not silently ignored), `rename_all = "kebab-case"` (ruleset keys are
//! kebab-case), `default` (every key may be left out). The SDK derives the
//! option list and the defaults shown by `carcassonne plugins` and
//! `carcassonne ruleset show` by serialising `Default::default()`, and takes the
//! doc strings from [`Config::DOCS`]. A value of the wrong type or an unknown
//! enum variant is reported against its key, so the host can point at the line
//! in the ruleset. Declare the bounds of whole-number options in
//! [`Config::RANGES`] (a value outside them is refused with the bounds, even
//! one the field's type cannot hold, such as `-1` for a `u8`); check other
//! consistency rules in `Plugin::new` and report them with [`ConfigError::key`].
//! `carcassonne plugins` shows what each option takes: the bounds of
//! [`Config::RANGES`] and, for an enum of unit variants, its spellings
//! ([`OptionInfo`]); a doc string need not repeat them.
//!
//! Every option must serialise (no `Option<T>` fields left `None` by default:
//! use a sentinel such as `0` or `"none"`), so that its default can be shown.

use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt;
use toml::de::DeTable;

pub mod words;

/// A plugin's typed options. See the [module documentation](self).
pub trait Config: Serialize + DeserializeOwned + Default + 'static {
    /// `(key, doc)` for each option, keys as written in rulesets (kebab-case).
    const DOCS: &'static [(&'static str, &'static str)] = &[];
    /// `(key, plugin id)` for each option that has an effect only when
    /// another plugin is enabled too (how the options combine with it); a key
    /// listed with several plugins needs any one of them. `carcassonne
    /// ruleset check` notes a value other than the default set without
    /// them: `("river", "river")` for the Count's option about the River.
    const ONLY_WITH: &'static [(&'static str, &'static str)] = &[];
    /// `(key, least, most)` for each whole-number option with bounds: a value
    /// outside them is refused by [`parse_options`] as `expected a whole number
    /// from least to most, found v`, before the options are read (so `-1` for
    /// a `u8` option gets the option's bounds, not the type's); the key then
    /// takes its default while the other keys are checked; `carcassonne
    /// plugins` shows them (`(1 to 30)`). `("count", 1, 30)`.
    const RANGES: &'static [(&'static str, i64, i64)] = &[];
}

/// The options of a plugin that has none: its ruleset table must be empty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoOptions {}

impl Config for NoOptions {}

/// Problems with a plugin's options, each about one key or about the table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConfigError {
    /// `(key, message)` pairs; `None` when no single key is to blame.
    pub problems: Vec<(Option<String>, String)>,
}

impl ConfigError {
    /// A problem with the options as a whole.
    pub fn new(message: impl fmt::Display) -> ConfigError {
        ConfigError {
            problems: vec![(None, message.to_string())],
        }
    }

    /// A problem with the value of `key` (the host points at its line).
    pub fn key(key: impl Into<String>, message: impl fmt::Display) -> ConfigError {
        ConfigError {
            problems: vec![(Some(key.into()), message.to_string())],
        }
    }

    /// Adds a problem with `key`; returns the error for chaining.
    pub fn and_key(mut self, key: impl Into<String>, message: impl fmt::Display) -> ConfigError {
        self.problems.push((Some(key.into()), message.to_string()));
        self
    }

    /// Whether there is no problem.
    pub fn is_empty(&self) -> bool {
        self.problems.is_empty()
    }

    /// `Ok(ok)` if there is no problem, else `Err(self)`; for collecting several checks.
    pub fn into_result<T>(self, ok: T) -> Result<T, ConfigError> {
        if self.is_empty() {
            Ok(ok)
        } else {
            Err(self)
        }
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (k, m)) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            match k {
                Some(k) => write!(f, "`{k}`: {m}")?,
                None => f.write_str(m)?,
            }
        }
        Ok(())
    }
}

impl std::error::Error for ConfigError {}

/// The top-level key whose key or value covers byte `at` of `text`; else the
/// last one before `at` (a value written as a table of its own,
/// `[key]` and lines under it, whose span is its header's).
fn key_at(text: &str, at: usize) -> Option<String> {
    let doc = DeTable::parse(text).ok()?;
    let keys = doc.get_ref();
    keys.iter()
        .find(|(k, v)| k.span().contains(&at) || v.span().contains(&at) || v.span().end == at)
        .or_else(|| {
            keys.iter()
                .filter(|(k, _)| k.span().start <= at)
                .max_by_key(|(k, _)| k.span().start)
        })
        .map(|(k, _)| k.get_ref().to_string())
}

/// Reads options of type `C` from TOML text. Every problem is reported, each
/// naming its key when it can, in a ruleset author's words ([`words`]): after
/// a problem with a key, the text is read again without that key (which then
/// takes its default) to find the next.
pub fn parse_options<C: Config>(text: &str) -> Result<C, ConfigError> {
    let mut table: Option<toml::Table> = text.parse().ok();
    // The whole numbers out of their declared bounds first, each key then
    // left out (its default) for the rest of the reading.
    let mut problems: Vec<(Option<String>, String)> = Vec::new();
    let mut current = text.to_string();
    if let Some(t) = table.as_mut() {
        for &(key, least, most) in C::RANGES {
            if let Some(v) = t.get(key).and_then(toml::Value::as_integer) {
                if !(least..=most).contains(&v) {
                    problems.push((
                        Some(key.to_string()),
                        format!("expected a whole number from {least} to {most}, found {v}"),
                    ));
                    t.remove(key);
                }
            }
        }
        if !problems.is_empty() {
            current = toml::to_string(t).unwrap_or_default();
        }
    }
    let mut error = match toml::from_str::<C>(&current) {
        Ok(c) if problems.is_empty() => return Ok(c),
        Ok(_) => return Err(ConfigError { problems }),
        Err(e) => e,
    };
    loop {
        let (key, msg) = problem::<C>(&current, &error, table.as_ref());
        let again = match (&key, table.as_mut()) {
            (Some(k), Some(t)) if !problems.iter().any(|(q, _)| q.as_ref() == Some(k)) => {
                t.remove(k).is_some()
            }
            _ => false,
        };
        problems.push((key, msg));
        let Some(t) = table.as_ref().filter(|_| again) else {
            break;
        };
        current = toml::to_string(t).unwrap_or_default();
        match toml::from_str::<C>(&current) {
            Ok(_) => break,
            Err(e) => error = e,
        }
    }
    Err(ConfigError { problems })
}

/// Reads the options from `text` ([`parse_options`]) and builds plugin `P`
/// with them (`Plugin::new`, whose checks may refuse values too), reporting
/// the problems of both steps: when reading fails, the options read without
/// the keys it blamed (they take their defaults) still go to `Plugin::new`,
/// so that a bad value it checks is named beside a bad value of another key.
pub(crate) fn configure<P: crate::Plugin>(text: &str) -> Result<P, ConfigError> {
    let mut err = match parse_options::<P::Config>(text) {
        Ok(options) => return P::new(options),
        Err(e) => e,
    };
    let rest = text.parse::<toml::Table>().ok().and_then(|mut t| {
        for (key, _) in &err.problems {
            t.remove(key.as_deref()?);
        }
        parse_options::<P::Config>(&toml::to_string(&t).ok()?).ok()
    });
    if let Some(Err(more)) = rest.map(P::new) {
        for (key, msg) in more.problems {
            if key.is_none() || !err.problems.iter().any(|(k, _)| *k == key) {
                err.problems.push((key, msg));
            }
        }
    }
    Err(err)
}

/// The key and the plain message of `e`, an error reading `text` (parsed as
/// `table`) as options `C`.
fn problem<C: Config>(
    text: &str,
    e: &toml::de::Error,
    table: Option<&toml::Table>,
) -> (Option<String>, String) {
    let msg = e.message().trim().to_string();
    let key = e.span().and_then(|s| key_at(text, s.start));
    // Unknown keys name themselves: "unknown field `x`, expected ...".
    let key = key.or_else(|| {
        msg.strip_prefix("unknown field `")
            .and_then(|r| r.split('`').next())
            .map(str::to_string)
    });
    // An enum's value of the wrong type: the spellings it takes.
    let variants = key
        .as_deref()
        .and_then(words::field_spellings::<C>)
        .map(|names| words::one_of(&names));
    let value = key
        .as_ref()
        .zip(table)
        .and_then(|(k, t)| t.get(k))
        .map(toml::Value::to_string);
    let mut msg = words::plain(&msg, variants.as_deref(), value.as_deref());
    // A whole number with declared bounds: the bounds, not the type's.
    let range = key
        .as_deref()
        .and_then(|k| C::RANGES.iter().find(|r| r.0 == k));
    if let (Some(&(_, least, most)), Some(found)) = (range, msg.find(", found ")) {
        if msg.starts_with("expected a whole number") {
            msg = format!(
                "expected a whole number from {least} to {most}{}",
                &msg[found..]
            );
        }
    }
    (key, msg)
}

/// One documented option: key, default as a TOML literal, doc string, the
/// plugins it needs and the values it takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionInfo {
    /// Key as written in rulesets.
    pub name: String,
    /// Default value as a TOML literal.
    pub default: String,
    /// What it does.
    pub doc: String,
    /// The plugins it concerns ([`Config::ONLY_WITH`]): it has an effect only
    /// when one of them is enabled too (empty: always).
    pub only_with: Vec<String>,
    /// The bounds of a whole-number option, least and most, both taken
    /// ([`Config::RANGES`]); `None`: none declared.
    pub range: Option<(i64, i64)>,
    /// The strings it takes when its value is one of a fixed set (the
    /// spellings of a serde enum, [`words::field_spellings`]), in declaration
    /// order; empty: not such an option.
    pub values: Vec<String>,
}

/// `C::default()` as a TOML table; `Err` if it does not serialise as one.
pub(crate) fn default_table<C: Config>() -> Result<toml::Table, String> {
    toml::Table::try_from(C::default())
        .map_err(|e| format!("the default options do not serialise as TOML: {e}"))
}

/// The options of `C` with their defaults (from `C::default()`), docs, the
/// plugins they need ([`Config::ONLY_WITH`]) and the values they take (the
/// bounds of [`Config::RANGES`], an enum's spellings), in declaration order;
/// `Err` if the defaults do not serialise as a TOML table.
pub fn option_infos<C: Config>() -> Result<Vec<OptionInfo>, String> {
    let table = default_table::<C>()?;
    let doc = |k: &str| {
        C::DOCS
            .iter()
            .find(|(n, _)| *n == k)
            .map_or_else(String::new, |(_, d)| d.to_string())
    };
    let only_with = |k: &str| -> Vec<String> {
        C::ONLY_WITH
            .iter()
            .filter(|(n, _)| *n == k)
            .map(|(_, p)| p.to_string())
            .collect()
    };
    let range = |k: &str| {
        C::RANGES
            .iter()
            .find(|r| r.0 == k)
            .map(|&(_, least, most)| (least, most))
    };
    let values = |k: &str| words::field_spellings::<C>(k).unwrap_or_default();
    let mut out: Vec<OptionInfo> = table
        .iter()
        .map(|(k, v)| OptionInfo {
            name: k.clone(),
            default: v.to_string(),
            doc: doc(k),
            only_with: only_with(k),
            range: range(k),
            values: values(k),
        })
        .collect();
    // Documented keys without a serialisable default are still valid keys.
    for (k, d) in C::DOCS {
        if !out.iter().any(|o| o.name == *k) {
            out.push(OptionInfo {
                name: k.to_string(),
                default: String::new(),
                doc: d.to_string(),
                only_with: only_with(k),
                range: range(k),
                values: values(k),
            });
        }
    }
    Ok(out)
}

/// The word of [`PerPlayer::ByPlayers`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ByPlayers {
    /// `"by-players"`.
    ByPlayers,
}

/// An option for how many pieces of a kind each player gets (a `count` key):
/// `"by-players"` — 3 with up to four players, 2 with five or six (Bridges,
/// Castles & Bazaars, BB2: the bridges and the castles) — or a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum PerPlayer {
    /// `"by-players"`: 3 with up to four players, 2 with five or six.
    ByPlayers(ByPlayers),
    /// This many each (a house rule).
    Fixed(u32),
}

impl Default for PerPlayer {
    fn default() -> Self {
        PerPlayer::ByPlayers(ByPlayers::ByPlayers)
    }
}

/// Read by hand, not as an untagged enum: a wrong value gets a message that
/// names both spellings, not "data did not match any variant".
impl<'de> Deserialize<'de> for PerPlayer {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = PerPlayer;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("\"by-players\" or a whole number of pieces, 0 or more")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<PerPlayer, E> {
                match s {
                    "by-players" => Ok(PerPlayer::ByPlayers(ByPlayers::ByPlayers)),
                    _ => Err(E::invalid_value(serde::de::Unexpected::Str(s), &self)),
                }
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<PerPlayer, E> {
                u32::try_from(n)
                    .map(PerPlayer::Fixed)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(n), &self))
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<PerPlayer, E> {
                match u64::try_from(n) {
                    Ok(n) => self.visit_u64(n),
                    Err(_) => Err(E::invalid_value(serde::de::Unexpected::Signed(n), &self)),
                }
            }
        }
        d.deserialize_any(V)
    }
}

impl PerPlayer {
    /// `self` if a number is at most `max`, the plugin's cap (`"by-players"`
    /// always passes): else a problem with `key` (the host points at its
    /// line) in the words of a value of the wrong type, `expected
    /// "by-players" or a whole number of pieces from 0 to 4, found 5`. For
    /// `Plugin::new`: `options.count.at_most("count", 4)?`.
    pub fn at_most(self, key: &str, max: u32) -> Result<PerPlayer, ConfigError> {
        match self {
            PerPlayer::Fixed(n) if n > max => Err(ConfigError::key(
                key,
                format!(
                    "expected \"by-players\" or a whole number of pieces from 0 to {max}, found {n}"
                ),
            )),
            _ => Ok(self),
        }
    }

    /// The pieces each of `players` players gets.
    pub fn per_player(self, players: u8) -> u32 {
        match self {
            PerPlayer::ByPlayers(_) if players >= 5 => 2,
            PerPlayer::ByPlayers(_) => 3,
            PerPlayer::Fixed(n) => n,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
    struct Opts {
        points: i32,
        flock_action: Mode,
    }

    #[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq)]
    #[serde(rename_all = "kebab-case")]
    enum Mode {
        BeforeFollower,
        AfterFollower,
    }

    impl Default for Opts {
        fn default() -> Self {
            Opts {
                points: 12,
                flock_action: Mode::AfterFollower,
            }
        }
    }

    impl Config for Opts {
        const DOCS: &'static [(&'static str, &'static str)] = &[("points", "Points.")];
        const ONLY_WITH: &'static [(&'static str, &'static str)] =
            &[("flock-action", "shepherd"), ("flock-action", "sheep")];
        const RANGES: &'static [(&'static str, i64, i64)] = &[("points", 0, 100)];
    }

    #[test]
    fn a_whole_number_out_of_its_declared_bounds_is_refused_with_them() {
        let problems = |text: &str| parse_options::<Opts>(text).unwrap_err().problems;
        let out = |v: &str| {
            (
                Some("points".to_string()),
                format!("expected a whole number from 0 to 100, found {v}"),
            )
        };
        assert_eq!(problems("points = -1\n"), [out("-1")]);
        assert_eq!(problems("points = 101\n"), [out("101")]);
        // Whatever the type holds: 2^40 for an `i32`.
        assert_eq!(problems("points = 1099511627776\n"), [out("1099511627776")]);
        // The other keys are still read.
        let p = problems("points = 101\nflock-action = 5\n");
        assert_eq!(p.len(), 2, "{p:?}");
        assert_eq!(p[0], out("101"));
        assert_eq!(p[1].0.as_deref(), Some("flock-action"));
        // The bounds are in.
        for v in [0, 100] {
            assert_eq!(
                parse_options::<Opts>(&format!("points = {v}\n"))
                    .unwrap()
                    .points,
                v
            );
        }
        // Not a whole number: the bounds too (the author audit: the type's
        // bounds were named, "0 or more").
        assert_eq!(
            problems("points = \"x\"\n")[0].1,
            "expected a whole number from 0 to 100, found the string \"x\""
        );
    }

    #[test]
    fn per_player_reads_both_spellings_and_names_them_when_wrong() {
        #[derive(Debug, Deserialize)]
        struct C {
            count: PerPlayer,
        }
        let read = |s: &str| toml::from_str::<C>(s).map(|c| c.count);
        assert_eq!(
            read("count = \"by-players\"").unwrap(),
            PerPlayer::default()
        );
        assert_eq!(read("count = 5").unwrap(), PerPlayer::Fixed(5));
        // A plugin's cap, reported at its key.
        assert_eq!(
            PerPlayer::Fixed(4).at_most("count", 4),
            Ok(PerPlayer::Fixed(4))
        );
        assert_eq!(
            PerPlayer::default().at_most("count", 0),
            Ok(PerPlayer::default())
        );
        assert_eq!(
            PerPlayer::Fixed(5).at_most("count", 4),
            Err(ConfigError::key(
                "count",
                "expected \"by-players\" or a whole number of pieces from 0 to 4, found 5"
            ))
        );
        for bad in [
            "count = -1",
            "count = \"lots\"",
            "count = 1.5",
            "count = 9999999999",
        ] {
            let e = read(bad).unwrap_err();
            assert!(
                e.message()
                    .contains("expected \"by-players\" or a whole number"),
                "{bad}: {e}"
            );
        }
        // It writes as it reads.
        assert_eq!(
            toml::Value::try_from(PerPlayer::Fixed(4)).unwrap(),
            toml::Value::Integer(4)
        );
        assert_eq!(
            toml::Value::try_from(PerPlayer::default()).unwrap(),
            toml::Value::String("by-players".into())
        );
    }

    #[test]
    fn defaults_and_docs_come_from_the_struct() {
        let o = option_infos::<Opts>().unwrap();
        assert_eq!(o[0].name, "points");
        assert_eq!(o[0].default, "12");
        assert_eq!(o[0].doc, "Points.");
        assert_eq!(o[1].name, "flock-action");
        assert_eq!(o[1].default, "\"after-follower\"");
        assert!(o[0].only_with.is_empty());
        assert_eq!(o[1].only_with, ["shepherd", "sheep"]);
        // What each takes: bounds from `RANGES`, an enum's spellings.
        assert_eq!(o[0].range, Some((0, 100)));
        assert!(o[0].values.is_empty());
        assert_eq!(o[1].range, None);
        assert_eq!(o[1].values, ["before-follower", "after-follower"]);
    }

    #[test]
    fn value_errors_name_their_key() {
        let e = parse_options::<Opts>("points = 3\nflock-action = \"sometimes\"\n").unwrap_err();
        assert_eq!(e.problems[0].0.as_deref(), Some("flock-action"), "{e}");
        assert!(
            e.problems[0].1.contains("unknown variant `sometimes`"),
            "{e}"
        );
        let e = parse_options::<Opts>("points = \"many\"\n").unwrap_err();
        assert_eq!(e.problems[0].0.as_deref(), Some("points"), "{e}");
        let e = parse_options::<Opts>("pointz = 1\n").unwrap_err();
        assert_eq!(e.problems[0].0.as_deref(), Some("pointz"), "{e}");
        assert_eq!(parse_options::<Opts>("").unwrap(), Opts::default());
        // A value written as a table is blamed on its key.
        let e = parse_options::<Opts>("[flock-action]\na = 1\n").unwrap_err();
        assert_eq!(e.problems[0].0.as_deref(), Some("flock-action"), "{e}");
        // Every bad key at once, each in plain words; an enum's spellings.
        let e = parse_options::<Opts>("points = 1.5\nflock-action = 5\nzzz = 1\n").unwrap_err();
        let got: Vec<(Option<&str>, &str)> = e
            .problems
            .iter()
            .map(|(k, m)| (k.as_deref(), m.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (
                    Some("points"),
                    "expected a whole number from 0 to 100, found 1.5"
                ),
                (
                    Some("flock-action"),
                    "expected one of \"before-follower\", \"after-follower\", found 5"
                ),
                (
                    Some("zzz"),
                    "unknown field `zzz`, expected `points` or `flock-action`"
                ),
            ]
        );
        assert!(parse_options::<NoOptions>("x = 1").is_err());
        assert!(parse_options::<NoOptions>("").is_ok());
    }
}
