//! Ctrl-C for long commands (`simulate`, `compare`, `conformance`,
//! `tournament`): the first
//! one asks them to stop after the games in progress and print what they have
//! (marked partial); a second one ends the program at once, as usual. And the
//! default SIGPIPE behaviour of command-line tools. The program's only unsafe
//! code (signal dispositions): the crate denies it elsewhere.
#![allow(unsafe_code)]

use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Exit code of a command stopped by Ctrl-C (128 + SIGINT, as shells report it).
pub const EXIT_CODE: u8 = 130;

/// The error a command returns after printing its partial results.
#[derive(Debug)]
pub struct Interrupted;

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("interrupted (Ctrl-C): the results above are partial")
    }
}

impl std::error::Error for Interrupted {}

#[cfg(unix)]
extern "C" fn on_sigint(_: libc::c_int) {
    REQUESTED.store(true, Ordering::SeqCst);
    // SAFETY: `signal` is async-signal-safe; the next Ctrl-C ends the program.
    unsafe {
        libc::signal(libc::SIGINT, libc::SIG_DFL);
    }
}

/// SIGPIPE: the commands that print end quietly when their output pipe closes
/// (`| head`), like other command-line tools (the default action, which Rust
/// changes to "ignore"). A server (`ignore`) keeps ignoring it: a client that
/// closes its connection early must not end the server (a write to that socket
/// fails with an error instead). Call it at start-up, before any thread exists.
pub fn set_sigpipe(ignore: bool) {
    #[cfg(unix)]
    // SAFETY: setting a signal disposition at start-up, before any thread exists.
    unsafe {
        libc::signal(
            libc::SIGPIPE,
            if ignore { libc::SIG_IGN } else { libc::SIG_DFL },
        );
    }
    #[cfg(not(unix))]
    let _ = ignore;
}

/// Catches Ctrl-C from now on (Unix; elsewhere Ctrl-C ends the program).
pub fn catch() {
    #[cfg(unix)]
    // SAFETY: installs a handler that only stores an atomic and resets the disposition.
    unsafe {
        libc::signal(
            libc::SIGINT,
            on_sigint as extern "C" fn(libc::c_int) as libc::sighandler_t,
        );
    }
}

/// Whether Ctrl-C was pressed since [`catch`].
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

/// `Ok` for a complete run, [`Interrupted`] for a partial one (after printing it).
pub fn result(partial: bool) -> anyhow::Result<()> {
    if partial {
        Err(Interrupted.into())
    } else {
        Ok(())
    }
}
