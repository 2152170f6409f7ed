//! The panic hook of the program. A panic in a plugin compiled into the
//! program is contained (the hook fails, the error path reports it), but the
//! default hook would first print its text raw and once per call: a plugin's
//! message with escape sequences could recolour or retitle the terminal, and a
//! hook that panics at every call (`player_note` during `play --human`)
//! would fill it. This hook prints each distinct panic (location and message) once,
//! through the escaping output of `out`, and at most [`MAX_SHOWN`] of
//! them. (A plugin library has its own copy of the standard library, and so
//! its own panic hook: the SDK installs a quiet one there, see
//! `carcassonne_plugin_sdk`'s adapter.)

use std::panic::{Location, PanicHookInfo};
use std::sync::Mutex;

/// Most distinct panics printed; later ones are counted in one line.
pub const MAX_SHOWN: usize = 10;

/// The panics printed so far.
#[derive(Default)]
pub struct Shown {
    reports: Vec<String>,
    silenced: bool,
}

impl Shown {
    /// What to print for a panic in `thread` at `location` with
    /// `message` (not yet escaped), or nothing if the same panic was
    /// printed before or [`MAX_SHOWN`] were.
    pub fn report(&mut self, thread: &str, location: &str, message: &str) -> Option<String> {
        let key = format!("{location}\n{message}");
        if self.reports.contains(&key) {
            return None;
        }
        if self.reports.len() >= MAX_SHOWN {
            if self.silenced {
                return None;
            }
            self.silenced = true;
            return Some(format!(
                "note: more than {MAX_SHOWN} different panics; the others are not shown\n"
            ));
        }
        let first = self.reports.is_empty();
        self.reports.push(key);
        let mut out = format!("\nthread '{thread}' panicked at {location}:\n{message}\n");
        let trace = std::backtrace::Backtrace::capture();
        if trace.status() == std::backtrace::BacktraceStatus::Captured {
            out.push_str(&format!("stack backtrace:\n{trace}\n"));
        } else if first {
            out.push_str(
                "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n",
            );
        }
        Some(out)
    }
}

/// The message a panic was given (a string, or a placeholder).
fn message(info: &PanicHookInfo<'_>) -> String {
    let p = info.payload();
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "Box<dyn Any>".to_string())
}

/// Installs the hook (see the module documentation).
pub fn install() {
    static SHOWN: Mutex<Option<Shown>> = Mutex::new(None);
    std::panic::set_hook(Box::new(|info| {
        let thread = std::thread::current();
        let location = info.location().map_or_else(
            || "an unknown location".to_string(),
            |l: &Location<'_>| l.to_string(),
        );
        let text = {
            let mut shown = SHOWN.lock().unwrap_or_else(|e| e.into_inner());
            shown.get_or_insert_with(Shown::default).report(
                thread.name().unwrap_or("<unnamed>"),
                &location,
                &message(info),
            )
        };
        if let Some(text) = text {
            eprint!("{text}");
        }
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Set in the copy of this test binary that installs the hook and panics.
    const CHILD: &str = "CARCASSONNE_TEST_PANIC_HOOK";

    #[test]
    fn each_panic_is_reported_once_and_at_most_max_shown() {
        let mut s = Shown::default();
        let first = s.report("main", "src/x.rs:1:2", "boom").unwrap();
        assert!(
            first.starts_with("\nthread 'main' panicked at src/x.rs:1:2:\nboom\n"),
            "{first}"
        );
        assert_eq!(s.report("main", "src/x.rs:1:2", "boom"), None);
        // Another message, or another place, is another panic.
        assert!(s.report("main", "src/x.rs:1:2", "bang").is_some());
        assert!(s.report("main", "src/y.rs:1:2", "boom").is_some());
        for i in 3..MAX_SHOWN {
            assert!(s.report("main", "src/x.rs:1:2", &i.to_string()).is_some());
        }
        assert_eq!(
            s.report("main", "src/x.rs:1:2", "one more").as_deref(),
            Some("note: more than 10 different panics; the others are not shown\n")
        );
        assert_eq!(s.report("main", "src/x.rs:1:2", "and more"), None);
    }

    /// Panics in a copy of this test binary with the hook installed: a
    /// message with escape sequences 50 times, then another.
    #[test]
    fn the_hook_escapes_control_characters_and_prints_a_panic_once() {
        if std::env::var_os(CHILD).is_some() {
            install();
            for _ in 0..50 {
                let _ = std::panic::catch_unwind(|| {
                    std::panic::panic_any("boom \x1b[31mRED\x1b]0;pwned\x07".to_string())
                });
            }
            let _ = std::panic::catch_unwind(|| std::panic::panic_any("second"));
            return;
        }
        let me = "panics::tests::the_hook_escapes_control_characters_and_prints_a_panic_once";
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", me, "--nocapture", "--test-threads=1"])
            .env(CHILD, "1")
            .env_remove("RUST_BACKTRACE")
            .env_remove("RUST_LIB_BACKTRACE")
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        // The place of the panics: a line and column of this file.
        let at = |l: &str| {
            l.split_once(" panicked at src/panics.rs:")
                .map(|(head, _)| format!("{head} panicked at src/panics.rs:L:C:"))
                .unwrap_or_else(|| l.to_string())
        };
        let lines: Vec<String> = err.lines().map(at).collect();
        let thread = format!("thread '{me}'");
        assert_eq!(
            lines,
            [
                "".to_string(),
                format!("{thread} panicked at src/panics.rs:L:C:"),
                "boom \\u001b[31mRED\\u001b]0;pwned\\u0007".to_string(),
                "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace"
                    .to_string(),
                "".to_string(),
                format!("{thread} panicked at src/panics.rs:L:C:"),
                "second".to_string(),
            ],
            "{err}"
        );
    }
}
