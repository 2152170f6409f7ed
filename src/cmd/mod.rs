//! One module per subcommand.

pub mod check;
pub mod compare;
pub mod conformance;
pub mod failures;
pub mod play;
pub mod plugins;
pub mod render;
pub mod replay;
pub mod ruleset;
#[cfg(feature = "web")]
pub mod serve;
pub mod simulate;
pub mod tournament;

/// `n` and `word`, with an `s` unless `n` is 1 (`1 bot`, `0 seats`, `3 turns`).
pub fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// Plugin ids as the notes name them: "`shepherd` or `sheep`" (an option's
/// `only_with`: any one of them).
pub fn any_of_plugins(ids: &[String]) -> String {
    let quoted: Vec<String> = ids.iter().map(|id| format!("`{id}`")).collect();
    quoted.join(" or ")
}
