//! Bot specifications: the text a user writes to choose a bot (`random`,
//! `greedy`, `mcts`, `mcts:2000`, `mcts:200ms`, `mcts:2000:threads=4`), parsed
//! once with clear errors and printed back in the same form.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The bots there are, for messages.
pub const BOT_NAMES: [&str; 3] = ["random", "greedy", "mcts"];

/// A parsed bot specification.
///
/// Grammar: `NAME[:PARAM]...`, where a parameter is a budget (a number of
/// playouts, `2000`, or a time per move, `200ms`, `1.5s`) or `key=value`.
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    /// Uniform among the legal actions.
    Random,
    /// One-turn expectimax on the lead if the game ended after the turn.
    Greedy,
    /// Monte Carlo tree search with chance nodes and determinization.
    Mcts(MctsSpec),
}

/// How much an MCTS bot may think per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A number of playouts (deterministic for a given seed and thread count).
    Playouts(u32),
    /// A wall-clock time per move (not deterministic).
    Time(Duration),
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Budget::Playouts(n) => write!(f, "{n}"),
            Budget::Time(d) if d.subsec_millis() == 0 && d.as_secs() > 0 => {
                write!(f, "{}s", d.as_secs())
            }
            Budget::Time(d) => write!(f, "{}ms", d.as_millis()),
        }
    }
}

/// Parameters of the MCTS bot.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsSpec {
    /// Thinking budget per move.
    pub budget: Budget,
    /// Search threads; `None` lets the program choose (all cores for one game,
    /// one per game when games run in parallel).
    pub threads: Option<usize>,
    /// Exploration constant of the UCT formula (on values scaled to 0..1).
    pub exploration: f64,
    /// Turns a playout plays at random before it scores the game as if it
    /// ended there; `None` plays to the end.
    pub horizon: Option<u16>,
}

/// Default playouts per move of `mcts`.
pub const DEFAULT_PLAYOUTS: u32 = 1000;
/// Default playout horizon of `mcts` (turns of random play, then scoring as if
/// the game ended): none, every playout to the end. `horizon=2` is four to six
/// times cheaper per playout but not stronger at the same budget: the README's
/// "How strong the search bot is" has the head-to-head figures.
pub const DEFAULT_HORIZON: Option<u16> = None;
/// Default exploration constant of `mcts`.
pub const DEFAULT_EXPLORATION: f64 = 0.7;
/// Most search threads one bot may use.
pub const MAX_THREADS: usize = 256;

impl Default for MctsSpec {
    fn default() -> Self {
        MctsSpec {
            budget: Budget::Playouts(DEFAULT_PLAYOUTS),
            threads: None,
            exploration: DEFAULT_EXPLORATION,
            horizon: DEFAULT_HORIZON,
        }
    }
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
            "mcts" => parse_mcts(&params).map(BotSpec::Mcts).map_err(err),
            "" => Err(err(format!(
                "no bot name; the bots are {}",
                BOT_NAMES.join(", ")
            ))),
            _ => Err(err(format!(
                "there is no such bot; the bots are {} (e.g. `mcts:2000`, `mcts:200ms`)",
                BOT_NAMES.join(", ")
            ))),
        }
    }
}

fn parse_mcts(params: &[&str]) -> Result<MctsSpec, String> {
    let mut spec = MctsSpec::default();
    let mut budget_seen = false;
    let mut keys: Vec<&str> = Vec::new();
    for &p in params {
        if let Some((key, value)) = p.split_once('=') {
            if keys.contains(&key.trim()) {
                return Err(format!("`{p}`: `{}` is given twice", key.trim()));
            }
            keys.push(key.trim());
            match key.trim() {
                "threads" => {
                    let n: usize = value.trim().parse().map_err(|_| {
                        format!("`threads={value}`: the thread count is a whole number")
                    })?;
                    if !(1..=MAX_THREADS).contains(&n) {
                        return Err(format!("`threads={n}`: use 1 to {MAX_THREADS} threads"));
                    }
                    spec.threads = Some(n);
                }
                "c" => {
                    let c: f64 = value.trim().parse().map_err(|_| {
                        format!("`c={value}`: the exploration constant is a number")
                    })?;
                    if !(c.is_finite() && c >= 0.0) {
                        return Err(format!("`c={value}`: use a number of 0 or more"));
                    }
                    spec.exploration = c;
                }
                "horizon" => {
                    let v = value.trim();
                    spec.horizon = if v == "end" {
                        None
                    } else {
                        Some(v.parse().map_err(|_| {
                            format!("`horizon={value}`: write a number of turns or `end`")
                        })?)
                    };
                }
                other => {
                    return Err(format!(
                        "unknown parameter `{other}`; mcts takes a budget \
                         (`2000` playouts or a time such as `200ms`), `threads=N`, `c=X` \
                         and `horizon=TURNS`"
                    ))
                }
            }
            continue;
        }
        if budget_seen {
            return Err(format!("`{p}`: the budget is given twice"));
        }
        budget_seen = true;
        spec.budget = parse_budget(p)?;
    }
    Ok(spec)
}

fn parse_budget(p: &str) -> Result<Budget, String> {
    let bad = || {
        format!(
            "`{p}` is not a budget: write a number of playouts per move (`2000`) \
             or a time per move (`200ms`, `1.5s`)"
        )
    };
    if p.is_empty() {
        return Err(bad());
    }
    let (number, scale) = if let Some(n) = p.strip_suffix("ms") {
        (n, 1e-3)
    } else if let Some(n) = p.strip_suffix('s') {
        (n, 1.0)
    } else {
        let n: u32 = match p.parse() {
            Ok(n) => n,
            // All digits, but too many: say the maximum.
            Err(_) if p.bytes().all(|b| b.is_ascii_digit()) => {
                return Err(format!("`{p}`: at most {} playouts per move", u32::MAX))
            }
            Err(_) => return Err(bad()),
        };
        if n == 0 {
            return Err("a budget of 0 playouts cannot choose a move".into());
        }
        return Ok(Budget::Playouts(n));
    };
    let v: f64 = number.trim().parse().map_err(|_| bad())?;
    let secs = v * scale;
    if !secs.is_finite() || secs <= 0.0 {
        return Err(format!("`{p}`: the time per move must be positive"));
    }
    if secs > 24.0 * 3600.0 {
        return Err(format!("`{p}`: at most a day per move"));
    }
    let d = Duration::from_secs_f64(secs);
    if d < Duration::from_millis(1) {
        return Err(format!("`{p}`: give at least 1ms per move"));
    }
    Ok(Budget::Time(d))
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Greedy => f.write_str("greedy"),
            BotSpec::Mcts(m) => {
                write!(f, "mcts:{}", m.budget)?;
                if let Some(t) = m.threads {
                    write!(f, ":threads={t}")?;
                }
                if m.exploration != DEFAULT_EXPLORATION {
                    write!(f, ":c={}", m.exploration)?;
                }
                if m.horizon != DEFAULT_HORIZON {
                    match m.horizon {
                        Some(h) => write!(f, ":horizon={h}")?,
                        None => write!(f, ":horizon=end")?,
                    }
                }
                Ok(())
            }
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
            ("mcts", "mcts:1000"),
            ("mcts:2000", "mcts:2000"),
            ("mcts:200ms", "mcts:200ms"),
            ("mcts:2s", "mcts:2s"),
            ("mcts:1.5s", "mcts:1500ms"),
            ("mcts:500:threads=4", "mcts:500:threads=4"),
            ("mcts:threads=2:300", "mcts:300:threads=2"),
            ("mcts:100:c=1.5", "mcts:100:c=1.5"),
            ("mcts:500:horizon=2", "mcts:500:horizon=2"),
            ("mcts:horizon=end", "mcts:1000"),
        ] {
            let spec = parse(text).unwrap();
            assert_eq!(spec.to_string(), shown, "{text}");
            assert_eq!(parse(shown).unwrap(), spec, "{shown} reads back");
        }
        assert_eq!(
            parse("mcts:250ms").unwrap(),
            BotSpec::Mcts(MctsSpec {
                budget: Budget::Time(Duration::from_millis(250)),
                ..MctsSpec::default()
            })
        );
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        for (text, expected) in [
            ("", "bot ``: no bot name; the bots are random, greedy, mcts"),
            (
                "grredy",
                "bot `grredy`: there is no such bot; the bots are random, greedy, mcts",
            ),
            ("greedy:3", "`greedy` takes no parameters"),
            ("random:x", "`random` takes no parameters"),
            ("mcts:abc", "`abc` is not a budget"),
            ("mcts:", "`` is not a budget"),
            ("mcts:0", "a budget of 0 playouts"),
            ("mcts:-5", "`-5` is not a budget"),
            (
                "mcts:4294967296",
                "`4294967296`: at most 4294967295 playouts per move",
            ),
            ("mcts:4294967295:4294967296", "the budget is given twice"),
            ("mcts:0ms", "must be positive"),
            ("mcts:0.1ms", "at least 1ms"),
            ("mcts:infs", "must be positive"),
            ("mcts:1e9s", "at most a day"),
            ("mcts:10:20", "the budget is given twice"),
            (
                "mcts:10:threads=2:threads=3",
                "`threads=3`: `threads` is given twice",
            ),
            ("mcts:c=1:c=2", "`c` is given twice"),
            ("mcts:threads=0", "use 1 to 256 threads"),
            ("mcts:threads=many", "the thread count is a whole number"),
            ("mcts:c=-1", "use a number of 0 or more"),
            ("mcts:depth=3", "unknown parameter `depth`"),
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
