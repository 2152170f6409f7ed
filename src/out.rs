//! Output that never panics. `std`'s `println!` panics when standard output
//! cannot be written (`> /dev/full`, a closed terminal); the `println!`,
//! `print!`, `eprintln!` and `eprint!` macros of this crate (defined in
//! `main.rs`, they shadow `std`'s everywhere in it) write through here instead:
//! a write error on standard output ends the program with one line on standard
//! error and exit code 1, like other command-line tools. A closed pipe (`| head`)
//! ends it silently. Errors writing to standard error are ignored: there is
//! nowhere left to report them.

use std::fmt;
use std::io::{self, Write};

/// Exit code after a write error on standard output.
const WRITE_FAILED: i32 = 1;

/// Writes to standard output, or ends the program if that fails.
pub fn stdout(args: fmt::Arguments<'_>) {
    if let Err(e) = io::stdout().lock().write_fmt(args) {
        failed(&e);
    }
}

/// Writes to standard error, ignoring failures.
pub fn stderr(args: fmt::Arguments<'_>) {
    let _ = io::stderr().lock().write_fmt(args);
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
