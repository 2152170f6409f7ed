//! Record names of option codes from a table of names: the usual body of
//! `Plugin::value_name` and `Plugin::parse_value` for a decision whose options
//! are the indices of a list (`["double", "single"]`, `["N", "E", "S", "W"]`).
//!
//! ```
//! use carcassonne_plugin_sdk::names::{name_of, parse_name};
//! const DIRECTIONS: [&str; 4] = ["N", "E", "S", "W"];
//! assert_eq!(name_of(&DIRECTIONS, 2), "S");
//! assert_eq!(name_of(&DIRECTIONS, 7), "7"); // no name: the number
//! assert_eq!(parse_name(&DIRECTIONS, "W"), Some(3));
//! assert_eq!(parse_name(&DIRECTIONS, "up"), None);
//! ```

/// The name of option `value` in `names` (its index), or the number itself
/// when `names` has none for it.
pub fn name_of(names: &[&str], value: u32) -> String {
    names
        .get(value as usize)
        .map_or_else(|| value.to_string(), |n| (*n).to_string())
}

/// The option whose name in `names` is `text`: [`name_of`]'s inverse.
pub fn parse_name(names: &[&str], text: &str) -> Option<u32> {
    names.iter().position(|n| *n == text).map(|i| i as u32)
}
