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
//! in the ruleset. Check range and consistency rules in `Plugin::new` and report
//! them with [`ConfigError::key`].
//!
//! Every option must serialise (no `Option<T>` fields left `None` by default:
//! use a sentinel such as `0` or `"none"`), so that its default can be shown.

use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt;
use toml::de::DeTable;

/// A plugin's typed options. See the [module documentation](self).
pub trait Config: Serialize + DeserializeOwned + Default + 'static {
    /// `(key, doc)` for each option, keys as written in rulesets (kebab-case).
    const DOCS: &'static [(&'static str, &'static str)] = &[];
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

/// The top-level key whose key or value covers byte `at` of `text`.
fn key_at(text: &str, at: usize) -> Option<String> {
    let doc = DeTable::parse(text).ok()?;
    doc.get_ref()
        .iter()
        .find(|(k, v)| k.span().contains(&at) || v.span().contains(&at) || v.span().end == at)
        .map(|(k, _)| k.get_ref().to_string())
}

/// Reads options of type `C` from TOML text; every problem names its key when it can.
pub fn parse_options<C: Config>(text: &str) -> Result<C, ConfigError> {
    match toml::from_str::<C>(text) {
        Ok(c) => Ok(c),
        Err(e) => {
            let msg = e.message().trim().to_string();
            let key = e.span().and_then(|s| key_at(text, s.start));
            // Unknown keys name themselves: "unknown field `x`, expected ...".
            let key = key.or_else(|| {
                msg.strip_prefix("unknown field `")
                    .and_then(|r| r.split('`').next())
                    .map(str::to_string)
            });
            Err(ConfigError {
                problems: vec![(key, msg)],
            })
        }
    }
}

/// One documented option: key, default as a TOML literal, doc string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionInfo {
    /// Key as written in rulesets.
    pub name: String,
    /// Default value as a TOML literal.
    pub default: String,
    /// What it does.
    pub doc: String,
}

/// The options of `C` with their defaults (from `C::default()`) and docs, in
/// declaration order; `Err` if the defaults do not serialise as a TOML table.
pub fn option_infos<C: Config>() -> Result<Vec<OptionInfo>, String> {
    let table = toml::Table::try_from(C::default())
        .map_err(|e| format!("the default options do not serialise as TOML: {e}"))?;
    let doc = |k: &str| {
        C::DOCS
            .iter()
            .find(|(n, _)| *n == k)
            .map_or_else(String::new, |(_, d)| d.to_string())
    };
    let mut out: Vec<OptionInfo> = table
        .iter()
        .map(|(k, v)| OptionInfo {
            name: k.clone(),
            default: v.to_string(),
            doc: doc(k),
        })
        .collect();
    // Documented keys without a serialisable default are still valid keys.
    for (k, d) in C::DOCS {
        if !out.iter().any(|o| o.name == *k) {
            out.push(OptionInfo {
                name: k.to_string(),
                default: String::new(),
                doc: d.to_string(),
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

impl PerPlayer {
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
    }

    #[test]
    fn defaults_and_docs_come_from_the_struct() {
        let o = option_infos::<Opts>().unwrap();
        assert_eq!(o[0].name, "points");
        assert_eq!(o[0].default, "12");
        assert_eq!(o[0].doc, "Points.");
        assert_eq!(o[1].name, "flock-action");
        assert_eq!(o[1].default, "\"after-follower\"");
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
        assert!(parse_options::<NoOptions>("x = 1").is_err());
        assert!(parse_options::<NoOptions>("").is_ok());
    }
}
