//! Seats: who plays each seat of a game, and the secret token that acts for it.
//!
//! Every person seat has a token of 128 bits from the operating system's random
//! source (never the game's RNG, whose seed a record reveals). Whoever holds
//! the token plays the seat: the invitation link carries it, the page keeps it.

use crate::WebError;
use carcassonne_core::record::NAME_CHARS;
use std::fmt;

/// A seat's secret: 128 random bits, written as 32 lower-case hex digits.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// A new token from the operating system's random source.
    pub fn new() -> Result<Token, WebError> {
        random_hex::<16>().map(Token)
    }

    /// A stored token (32 hex digits); `None` for anything else.
    pub fn parse(s: &str) -> Option<Token> {
        (s.len() == 32 && s.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| Token(s.to_ascii_lowercase()))
    }

    /// The token's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `given` is this token, compared in time independent of where
    /// they differ.
    pub fn matches(&self, given: &str) -> bool {
        let (a, b) = (self.0.as_bytes(), given.as_bytes());
        a.len() == b.len()
            && a.iter()
                .zip(b)
                .fold(0u8, |d, (x, y)| d | (x ^ y.to_ascii_lowercase()))
                == 0
    }
}

/// Tokens are secrets: never printed.
impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(…)")
    }
}

/// `N` bytes from the operating system's random source, as hex.
pub fn random_hex<const N: usize>() -> Result<String, WebError> {
    let mut bits = [0u8; N];
    getrandom::fill(&mut bits)
        .map_err(|e| WebError::Game(format!("no random numbers from the system: {e}")))?;
    Ok(bits.iter().map(|b| format!("{b:02x}")).collect())
}

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person, at a browser.
    Person,
    /// A bot, by its name (the server plays it).
    Bot(String),
}

impl SeatKind {
    /// `person` or the bot's name.
    pub fn name(&self) -> &str {
        match self {
            SeatKind::Person => "person",
            SeatKind::Bot(n) => n,
        }
    }
}

/// A seat of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// Who plays it.
    pub kind: SeatKind,
    /// The token that acts for it (person seats only).
    pub token: Option<Token>,
    /// Whether a person has taken it (through a link, the lobby or at creation).
    pub taken: bool,
    /// The name the person gave, if any.
    pub player: Option<String>,
    /// Pass the figure step on its own when passing is the only choice.
    pub auto_pass: bool,
    /// The bot that plays a person seat while its person is away (set by
    /// the person, or by another player once the seat has kept the game
    /// waiting long enough); `None`: the person plays.
    pub stand_in: Option<String>,
}

impl Seat {
    /// A new seat of `kind` (a person seat gets a fresh token).
    pub fn new(kind: SeatKind) -> Result<Seat, WebError> {
        let token = match kind {
            SeatKind::Person => Some(Token::new()?),
            SeatKind::Bot(_) => None,
        };
        Ok(Seat {
            taken: false,
            kind,
            token,
            player: None,
            auto_pass: false,
            stand_in: None,
        })
    }

    /// The bot that plays this seat now: a bot seat's, or a person seat's
    /// stand-in.
    pub fn bot(&self) -> Option<&str> {
        match &self.kind {
            SeatKind::Bot(name) => Some(name),
            SeatKind::Person => self.stand_in.as_deref(),
        }
    }

    /// Whether a person may still take this seat.
    pub fn is_free(&self) -> bool {
        self.kind == SeatKind::Person && !self.taken
    }
}

/// The seat of `seats` whose token is `given`, if any (every seat is compared,
/// so the time taken does not say which matched).
pub fn seat_of(seats: &[Seat], given: &str) -> Option<u8> {
    let mut found = None;
    for (i, s) in seats.iter().enumerate() {
        if s.token.as_ref().is_some_and(|t| t.matches(given)) {
            found = Some(i as u8);
        }
    }
    found
}

/// A name a person gives: trimmed, at most [`NAME_CHARS`] (40) characters, no
/// control characters: a name a record can hold ([`Record::names`]).
///
/// [`Record::names`]: carcassonne_core::Record::names
pub fn player_name(raw: &str) -> Result<Option<String>, WebError> {
    let name = raw.trim();
    if name.chars().any(char::is_control) {
        return Err(WebError::bad("a name may not hold control characters"));
    }
    if name.chars().count() > NAME_CHARS {
        return Err(WebError::bad(format!(
            "a name has at most {NAME_CHARS} characters"
        )));
    }
    Ok((!name.is_empty()).then(|| name.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_random_bits_and_match_only_themselves() {
        let a = Token::new().unwrap();
        let b = Token::new().unwrap();
        assert_eq!(a.as_str().len(), 32);
        assert_ne!(a, b, "two tokens from the system's random source");
        assert!(a.matches(a.as_str()));
        assert!(a.matches(&a.as_str().to_ascii_uppercase()));
        assert!(!a.matches(b.as_str()));
        assert!(!a.matches(&a.as_str()[..31]));
        assert!(!a.matches(""));
        assert_eq!(Token::parse(a.as_str()), Some(a.clone()));
        assert_eq!(Token::parse("xyz"), None);
        assert_eq!(format!("{a:?}"), "Token(…)");
        let seats = vec![
            Seat::new(SeatKind::Bot("greedy".into())).unwrap(),
            Seat {
                token: Some(a.clone()),
                ..Seat::new(SeatKind::Person).unwrap()
            },
        ];
        assert_eq!(seat_of(&seats, a.as_str()), Some(1));
        assert_eq!(seat_of(&seats, b.as_str()), None);
    }

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(player_name("  Ann ").unwrap(), Some("Ann".into()));
        assert_eq!(player_name("   ").unwrap(), None);
        assert!(player_name("a\u{7}b").is_err());
        assert!(player_name(&"x".repeat(41)).is_err());
    }
}
