//! Output that never panics. `std`'s `println!` panics when standard output
//! cannot be written (`> /dev/full`, a closed terminal); the `println!`,
//! `print!`, `eprintln!` and `eprint!` macros of this crate (defined in
//! `main.rs`, they shadow `std`'s everywhere in it) write through here instead:
//! a write error on standard output ends the program with one line on standard
//! error and exit code 1, like other command-line tools. A closed pipe (`| head`)
//! ends it silently. Errors writing to standard error are ignored: there is
//! nowhere left to report them. Control characters (other than newlines and
//! tabs) and bidirectional formatting characters are escaped on the way out,
//! see [`escaped`].

use std::fmt;
use std::io::{self, Write};

/// Exit code after a write error on standard output.
const WRITE_FAILED: i32 = 1;

/// Writes to standard output, or ends the program if that fails.
pub fn stdout(args: fmt::Arguments<'_>) {
    if let Err(e) = escaped(&mut io::stdout().lock(), args) {
        failed(&e);
    }
}

/// Writes to standard error, ignoring failures.
pub fn stderr(args: fmt::Arguments<'_>) {
    let _ = escaped(&mut io::stderr().lock(), args);
}

/// Whether `c` is written escaped ([`escaped`]): a control character other
/// than the newline and the tab, or a bidirectional formatting character
/// (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069), which would
/// reorder the text after it on the terminal (a name that hides what follows).
fn escapes(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Writes `args` to `out` with every character [`escapes`] names written as
/// `\u001b` (the JSON escape, so JSON output stays the same JSON): text from
/// a record, a ruleset or a plugin (a player's or tile's name, a plugin's
/// description of a step) cannot move the cursor, recolour or retitle the
/// terminal, or reorder the line.
fn escaped(out: &mut impl Write, args: fmt::Arguments<'_>) -> io::Result<()> {
    struct Escaper<'a, W: Write> {
        out: &'a mut W,
        error: Option<io::Error>,
    }
    impl<W: Write> fmt::Write for Escaper<'_, W> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            let mut rest = s;
            while let Some(i) = rest.find(escapes) {
                let c = rest[i..].chars().next().unwrap_or_default();
                let r = self
                    .out
                    .write_all(&rest.as_bytes()[..i])
                    .and_then(|()| write!(self.out, "\\u{:04x}", u32::from(c)));
                if let Err(e) = r {
                    self.error = Some(e);
                    return Err(fmt::Error);
                }
                rest = &rest[i + c.len_utf8()..];
            }
            self.out.write_all(rest.as_bytes()).map_err(|e| {
                self.error = Some(e);
                fmt::Error
            })
        }
    }
    let mut e = Escaper { out, error: None };
    match fmt::write(&mut e, args) {
        Ok(()) => Ok(()),
        Err(_) => Err(e
            .error
            .unwrap_or_else(|| io::Error::other("formatting failed"))),
    }
}

/// Flushes standard output (before exiting), or ends the program if that fails.
pub fn flush() {
    if let Err(e) = io::stdout().lock().flush() {
        failed(&e);
    }
}

fn failed(e: &io::Error) -> ! {
    if e.kind() != io::ErrorKind::BrokenPipe {
        stderr(format_args!(
            "error: cannot write to standard output: {e}\n"
        ));
    }
    std::process::exit(WRITE_FAILED)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_newlines_and_tabs_kept() {
        let mut out = Vec::new();
        escaped(
            &mut out,
            format_args!("a\u{1b}[31mb\n\tc\u{9b}2J\u{7f}{}", "\r"),
        )
        .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "a\\u001b[31mb\n\tc\\u009b2J\\u007f\\u000d"
        );
    }

    #[test]
    fn bidirectional_formatting_is_escaped_other_text_kept() {
        let mut out = Vec::new();
        escaped(&mut out, format_args!("a\u{202e}b\u{2066}c é 東 \u{200d}")).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "a\\u202eb\\u2066c é 東 \u{200d}"
        );
    }
}
