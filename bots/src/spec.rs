//! Bot specifications: the text a user writes to choose a bot (`random`,
//! `greedy`), parsed once with clear errors and printed back in the same form.

use std::fmt;
use std::str::FromStr;

/// The bots there are, for messages.
pub const BOT_NAMES: [&str; 2] = ["random", "greedy"];

/// A parsed bot specification.
///
/// Grammar: `NAME[:PARAM]...`; the bots so far take no parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    /// Uniform among the legal actions.
    Random,
    /// One-turn expectimax on the lead if the game ended after the turn.
    Greedy,
}

/// Why a bot specification was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bot `{spec}`: {reason}")]
pub struct SpecError {
    /// The text as given.
    pub spec: String,
    /// What is wrong and what would be right.
    pub reason: String,
}

impl FromStr for BotSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<BotSpec, SpecError> {
        let err = |reason: String| SpecError {
            spec: text.to_string(),
            reason,
        };
        let mut parts = text.trim().split(':');
        let name = parts.next().unwrap_or_default().trim();
        let params: Vec<&str> = parts.map(str::trim).collect();
        match name.to_ascii_lowercase().as_str() {
            "random" | "greedy" if !params.is_empty() => Err(err(format!(
                "`{name}` takes no parameters (write `{name}`)"
            ))),
            "random" => Ok(BotSpec::Random),
            "greedy" => Ok(BotSpec::Greedy),
            "" => Err(err(format!(
                "no bot name; the bots are {}",
                BOT_NAMES.join(", ")
            ))),
            _ => Err(err(format!(
                "there is no such bot; the bots are {}",
                BOT_NAMES.join(", ")
            ))),
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Greedy => f.write_str("greedy"),
        }
    }
}

/// The bot of each of `players` seats: `specs` in order, the last one filling
/// the remaining seats (an empty list means `greedy` everywhere).
pub fn seat_specs(specs: &[BotSpec], players: u8) -> Vec<BotSpec> {
    (0..players as usize)
        .map(|p| {
            specs
                .get(p)
                .or(specs.last())
                .cloned()
                .unwrap_or(BotSpec::Greedy)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<BotSpec, String> {
        s.parse::<BotSpec>().map_err(|e| e.to_string())
    }

    #[test]
    fn names_and_budgets_parse_and_print_back() {
        for (text, shown) in [
            ("random", "random"),
            ("greedy", "greedy"),
            ("GREEDY", "greedy"),
        ] {
            let spec = parse(text).unwrap();
            assert_eq!(spec.to_string(), shown, "{text}");
            assert_eq!(parse(shown).unwrap(), spec, "{shown} reads back");
        }
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        for (text, expected) in [
            ("", "bot ``: no bot name; the bots are random, greedy"),
            (
                "grredy",
                "bot `grredy`: there is no such bot; the bots are random, greedy",
            ),
            ("greedy:3", "`greedy` takes no parameters"),
            ("random:x", "`random` takes no parameters"),
        ] {
            let e = parse(text).unwrap_err();
            assert!(e.contains(expected), "{text}: {e}");
        }
    }

    #[test]
    fn the_last_spec_fills_the_remaining_seats() {
        let specs = [BotSpec::Greedy, BotSpec::Random];
        assert_eq!(
            seat_specs(&specs, 4),
            [
                BotSpec::Greedy,
                BotSpec::Random,
                BotSpec::Random,
                BotSpec::Random
            ]
        );
        assert_eq!(seat_specs(&[], 2), [BotSpec::Greedy, BotSpec::Greedy]);
    }
}
