//! Seats: who plays each seat of a game, and the secret token that acts for it.
//!
//! Every person seat has a token of 128 bits from the operating system's random
//! source (never the game's RNG, whose seed a record reveals). Whoever holds
//! the token plays the seat: the invitation link carries it, the page keeps it.

use crate::WebError;
use carcassonne_core::record::NAME_CHARS;
use carcassonne_render::log::NAMES;
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

/// Seat number `p` as the page names it: its colour, with who plays it
/// ("Red", "Blue (greedy)", "Green (Ann)", "Red (greedy for Ann)").
pub fn seat_name(p: usize, s: &Seat) -> String {
    let colour = NAMES[p % NAMES.len()];
    match (&s.kind, &s.player, &s.stand_in) {
        (SeatKind::Bot(name), _, _) => format!("{colour} ({name})"),
        (SeatKind::Person, Some(who), Some(bot)) => format!("{colour} ({bot} for {who})"),
        (SeatKind::Person, None, Some(bot)) => format!("{colour} ({bot})"),
        (SeatKind::Person, Some(who), None) => format!("{colour} ({who})"),
        (SeatKind::Person, None, None) => colour.to_string(),
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

/// The characters of Unicode's general category Cf (format, Unicode 15.1):
/// invisible, they change how the text around them shows (U+202E turns it
/// right to left) or show nothing at all (zero-width spaces). Left out: the
/// zero-width non-joiner and joiner (U+200C, U+200D) and the tag characters
/// (U+E0020–U+E007F), which Persian and Indic spellings and emoji sequences
/// (👨‍👩‍👧, the flags of Scotland and Wales) need.
const FORMAT_CHARS: &[(char, char)] = &[
    ('\u{00AD}', '\u{00AD}'),
    ('\u{0600}', '\u{0605}'),
    ('\u{061C}', '\u{061C}'),
    ('\u{06DD}', '\u{06DD}'),
    ('\u{070F}', '\u{070F}'),
    ('\u{0890}', '\u{0891}'),
    ('\u{08E2}', '\u{08E2}'),
    ('\u{180E}', '\u{180E}'),
    ('\u{200B}', '\u{200B}'),
    ('\u{200E}', '\u{200F}'),
    ('\u{202A}', '\u{202E}'),
    ('\u{2060}', '\u{2064}'),
    ('\u{2066}', '\u{206F}'),
    ('\u{FEFF}', '\u{FEFF}'),
    ('\u{FFF9}', '\u{FFFB}'),
    ('\u{110BD}', '\u{110BD}'),
    ('\u{110CD}', '\u{110CD}'),
    ('\u{13430}', '\u{1343F}'),
    ('\u{1BCA0}', '\u{1BCA3}'),
    ('\u{1D173}', '\u{1D17A}'),
    ('\u{E0001}', '\u{E0001}'),
];

/// Whether `c` is a format character (Unicode's general category Cf).
fn is_format(c: char) -> bool {
    FORMAT_CHARS.iter().any(|&(lo, hi)| (lo..=hi).contains(&c))
}

/// The first format character of `name` that hides in it: any but the
/// joiners and tags that [`FORMAT_CHARS`] leaves out, and those where nothing
/// needs them: a joiner (U+200C, U+200D) not between two characters beyond
/// ASCII (`Ann\u{200D}` shows as `Ann`), a tag character (U+E0020–U+E007F)
/// not in the run after a black flag (U+1F3F4) that makes a subdivision's
/// flag.
fn hidden_format(name: &str) -> Option<char> {
    let chars: Vec<char> = name.chars().collect();
    let is_tag = |c: char| ('\u{E0020}'..='\u{E007F}').contains(&c);
    chars.iter().enumerate().find_map(|(i, &c)| {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        let hides = match c {
            '\u{200C}' | '\u{200D}' => {
                !(before.is_some_and(|b| !b.is_ascii())
                    && after.is_some_and(|a| !a.is_ascii() && !is_format(a)))
            }
            c if is_tag(c) => !before.is_some_and(|b| b == '\u{1F3F4}' || is_tag(b)),
            c => is_format(c),
        };
        hides.then_some(c)
    })
}

/// A name a person gives (a player's, or a game's): trimmed, at most
/// [`NAME_CHARS`] (40) characters, no control characters (a name a record
/// can hold, [`Record::names`]) and no invisible format characters (Unicode
/// category Cf: U+202E right-to-left override, zero-width spaces, …; but the
/// joiners that spellings and emoji need), with which a name could pass for
/// another.
///
/// [`Record::names`]: carcassonne_core::Record::names
pub fn player_name(raw: &str) -> Result<Option<String>, WebError> {
    let name = raw.trim();
    if name.chars().any(char::is_control) {
        return Err(WebError::bad("a name may not hold control characters"));
    }
    if let Some(c) = hidden_format(name) {
        return Err(WebError::bad(format!(
            "a name may not hold invisible formatting characters (it holds U+{:04X}): \
             they can make a name look like another",
            u32::from(c)
        )));
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

    #[test]
    fn names_holding_invisible_format_characters_are_refused() {
        let listed = [
            0x00AD, 0x061C, 0x180E, 0x200B, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
            0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x2066, 0x2067, 0x2068, 0x2069, 0x206A, 0x206B,
            0x206C, 0x206D, 0x206E, 0x206F, 0xFEFF, 0xFFF9, 0xFFFA, 0xFFFB, 0xE0001,
        ];
        for code in listed {
            let c = char::from_u32(code).unwrap();
            let e = player_name(&format!("Ann{c}Bob")).unwrap_err().to_string();
            assert!(
                e.contains(&format!(
                    "invisible formatting characters (it holds U+{code:04X})"
                )),
                "{code:04X}: {e}"
            );
            // At the ends too: trimming does not take them away.
            assert!(player_name(&format!("{c}Ann")).is_err(), "{code:04X}");
        }
        // Letters of any script, accents and symbols are names as before.
        for ok in [
            "Zoë",
            "Łukasz",
            "Ана",
            "علي",
            "李雷",
            "O'Neil-Smith",
            "♞ knight",
            // The joiners of Persian spellings and emoji sequences, and the
            // tags of a subdivision flag.
            "می\u{200C}خواهم",
            "👨\u{200D}👩\u{200D}👧",
            "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
        ] {
            assert_eq!(player_name(ok).unwrap().as_deref(), Some(ok));
        }
        // The joiners and tags only where a spelling or an emoji needs them:
        // elsewhere they hide in a name that looks like another.
        for (hidden, code) in [
            ("Ann\u{200D}", 0x200D),
            ("\u{200C}Ann", 0x200C),
            ("An\u{200D}n", 0x200D),
            ("Ann\u{200D}👩", 0x200D),
            ("Ann\u{E0041}", 0xE0041),
            ("Ann🏴x\u{E007F}", 0xE007F),
        ] {
            let e = player_name(hidden).unwrap_err().to_string();
            assert!(
                e.contains(&format!("(it holds U+{code:04X})")),
                "{hidden:?}: {e}"
            );
        }
    }
}
