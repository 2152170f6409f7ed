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

/// Characters outside category Cf that show nothing, or look like a space
/// without being one (`trim` keeps them): the combining grapheme joiner
/// U+034F, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, the line
/// and paragraph separators U+2028 and U+2029, the braille blank U+2800.
const BLANK_CHARS: &[(char, char)] = &[
    ('\u{034F}', '\u{034F}'),
    ('\u{115F}', '\u{1160}'),
    ('\u{2028}', '\u{2029}'),
    ('\u{2800}', '\u{2800}'),
    ('\u{3164}', '\u{3164}'),
    ('\u{FFA0}', '\u{FFA0}'),
];

/// The variation selectors: U+FE00–U+FE0F (U+FE0F asks for an emoji's
/// picture: `❤️`), U+E0100–U+E01EF (a CJK ideograph's variant) and the
/// Mongolian ones, U+180B–U+180D and U+180F. Each picks a form of the
/// character before it, and shows nothing of its own.
fn is_selector(c: char) -> bool {
    matches!(c, '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}' | '\u{180B}'..='\u{180D}' | '\u{180F}')
}

/// Whether `c` shows nothing of its own: a format character, one of
/// [`BLANK_CHARS`], a variation selector, a joiner.
fn is_invisible(c: char) -> bool {
    is_format(c)
        || BLANK_CHARS.iter().any(|&(lo, hi)| (lo..=hi).contains(&c))
        || is_selector(c)
        || matches!(c, '\u{200C}' | '\u{200D}')
        || ('\u{E0020}'..='\u{E007F}').contains(&c)
}

/// The first character of `name` that hides in it: a format character but
/// the joiners and tags that [`FORMAT_CHARS`] leaves out, one of
/// [`BLANK_CHARS`]; and those that are taken only where something needs
/// them: a joiner (U+200C, U+200D) not between two characters beyond ASCII
/// (`Ann\u{200D}` shows as `Ann`), a tag character (U+E0020–U+E007F) not in
/// the run after a black flag (U+1F3F4) that makes a subdivision's flag, a
/// variation selector not right after a visible character beyond ASCII
/// (`❤\u{FE0F}`; `Ann\u{FE00}` shows as `Ann`).
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
            c if is_selector(c) => {
                !before.is_some_and(|b| !b.is_ascii() && !b.is_whitespace() && !is_invisible(b))
            }
            c => is_format(c) || BLANK_CHARS.iter().any(|&(lo, hi)| (lo..=hi).contains(&c)),
        };
        hides.then_some(c)
    })
}

/// A name a person gives (a player's, or a game's): trimmed, at most
/// [`NAME_CHARS`] (40) characters, no control characters (a name a record
/// can hold, [`Record::names`]) and no invisible characters (Unicode
/// category Cf: U+202E right-to-left override, zero-width spaces, …; but the
/// joiners that spellings and emoji need; the Hangul fillers, the braille
/// blank, the line separators, variation selectors where no character
/// needs them), with which a name could pass for another. Empty: no name;
/// one of spaces alone is refused.
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
    if name.is_empty() && !raw.is_empty() {
        return Err(WebError::bad(
            "a name of spaces alone shows nothing: give one that shows, or none",
        ));
    }
    if name.chars().count() > NAME_CHARS {
        return Err(WebError::bad(format!(
            "a name has at most {NAME_CHARS} characters"
        )));
    }
    Ok((!name.is_empty()).then(|| name.to_string()))
}

/// A person's name ([`player_name`]) that does not read as a bot's: not one
/// of `bots` (the bots the server offers), nor one of them followed by more
/// (`greedy for Ann`, `mcts:2000`), in any case. A seat shows its person's
/// name where a bot's seat shows the bot's (`Blue (greedy)`), so a person so
/// named would pass for a bot.
pub fn person_name(raw: &str, bots: &[String]) -> Result<Option<String>, WebError> {
    let Some(name) = player_name(raw)? else {
        return Ok(None);
    };
    let lower = name.to_lowercase();
    let bot = bots.iter().find(|b| {
        let b = b.to_lowercase();
        lower
            .strip_prefix(&b)
            .is_some_and(|rest| rest.chars().next().is_none_or(|c| !c.is_alphanumeric()))
    });
    if let Some(b) = bot {
        return Err(WebError::bad(format!(
            "`{}` reads as the bot `{b}`'s name: a person's seat would show as the bot's; \
             choose another name",
            crate::limits::shown(&name)
        )));
    }
    Ok(Some(name))
}

/// A name as two names are compared: in lower case, its spaces one each,
/// without the selectors and joiners that change how it shows but not what
/// it reads.
fn name_key(name: &str) -> String {
    let bare: String = name
        .chars()
        .filter(|&c| !is_selector(c) && !matches!(c, '\u{200C}' | '\u{200D}'))
        .collect();
    bare.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Refuses `name` for seat `seat` of `seats` if another seat's person has it
/// already (compared in any case, [`name_key`]): two seats of one game
/// showing the same name could not be told apart.
pub fn unique_name(seats: &[Seat], seat: usize, name: &str) -> Result<(), WebError> {
    let key = name_key(name);
    let taken = seats
        .iter()
        .enumerate()
        .find(|(i, s)| *i != seat && s.player.as_deref().is_some_and(|p| name_key(p) == key));
    match taken {
        Some((i, _)) => Err(WebError::bad(format!(
            "seat {i} ({}) of this game has the name `{}` already: choose another",
            NAMES[i % NAMES.len()],
            crate::limits::shown(name)
        ))),
        None => Ok(()),
    }
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
        assert_eq!(player_name("").unwrap(), None);
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

    #[test]
    fn names_of_blanks_fillers_and_stray_selectors_are_refused() {
        // The audit: characters outside category Cf that show nothing.
        let blank = [
            0x034F, 0x115F, 0x1160, 0x180B, 0x180C, 0x180D, 0x180F, 0x2028, 0x2029, 0x2800, 0x3164,
            0xFE00, 0xFE0F, 0xFFA0, 0xE0100, 0xE01EF,
        ];
        for code in blank {
            let c = char::from_u32(code).unwrap();
            let mut names = vec![format!("An{c}n")];
            // The line separators are spaces: at the ends trimmed away, alone
            // refused as spaces alone (below).
            if !c.is_whitespace() {
                names.extend([format!("Ann{c}"), format!("{c}Ann"), c.to_string()]);
            }
            for name in names {
                let e = player_name(&name).unwrap_err().to_string();
                assert!(
                    e.contains(&format!("(it holds U+{code:04X})")),
                    "{code:04X} in {name:?}: {e}"
                );
            }
        }
        // Spaces alone, of any kind, show nothing either.
        for spaces in ["   ", "\u{3000}", " \u{2028} ", "\u{00A0}"] {
            let e = player_name(spaces).unwrap_err().to_string();
            assert!(
                e.starts_with("a name of spaces alone shows nothing"),
                "{spaces:?}: {e}"
            );
        }
        // A selector right after a character that needs it: an emoji's
        // picture, an ideograph's variant.
        for ok in [
            "❤\u{FE0F}",
            "Ann ❤\u{FE0F}",
            "葛\u{E0100}",
            "🏳\u{FE0F}\u{200D}🌈",
        ] {
            assert_eq!(player_name(ok).unwrap().as_deref(), Some(ok));
        }
        assert!(
            player_name("❤\u{FE0F}\u{FE0F}").is_err(),
            "a selector on a selector"
        );
    }

    #[test]
    fn a_person_may_not_be_named_as_a_bot() {
        let bots: Vec<String> = ["greedy", "random", "mcts"].map(String::from).to_vec();
        for name in [
            "greedy",
            "Greedy",
            " RANDOM ",
            "mcts",
            "mcts:2000",
            "greedy for Ann",
        ] {
            let e = person_name(name, &bots).unwrap_err().to_string();
            assert!(e.contains("reads as the bot"), "{name}: {e}");
        }
        for name in ["Ann", "Greedyson", "Randomness", "Mctsuki"] {
            assert_eq!(person_name(name, &bots).unwrap().as_deref(), Some(name));
        }
        assert_eq!(person_name("", &bots).unwrap(), None);
    }

    #[test]
    fn two_seats_of_a_game_do_not_share_a_name() {
        let named = |n: Option<&str>| Seat {
            player: n.map(str::to_string),
            ..Seat::new(SeatKind::Person).unwrap()
        };
        let seats = vec![named(Some("Ann")), named(None), named(Some("Zoë  Ана"))];
        for taken in ["ann", "ANN", "zoë ана", "Zoë \u{FE0F}Ана"] {
            let e = unique_name(&seats, 1, taken).unwrap_err().to_string();
            assert!(e.contains("has the name"), "{taken}: {e}");
        }
        assert!(unique_name(&seats, 1, "Bob").is_ok());
        // A seat keeps its own name.
        assert!(unique_name(&seats, 0, "Ann").is_ok());
        let e = unique_name(&seats, 1, "Ann").unwrap_err().to_string();
        assert_eq!(
            e,
            "seat 0 (Red) of this game has the name `Ann` already: choose another"
        );
    }
}
