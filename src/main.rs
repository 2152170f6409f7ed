//! `carcassonne`: play, replay and simulate games; list plugins; check rulesets.
//!
//! Unsafe code: denied, except in `interrupt` (the signal dispositions:
//! Ctrl-C, and the default SIGPIPE behaviour of command-line tools).
#![deny(unsafe_code)]

// Output macros that never panic (see `out`); they shadow `std`'s in every module below.
macro_rules! println {
    () => { $crate::out::stdout(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::out::stdout(format_args!("{}\n", format_args!($($arg)*))) };
}
macro_rules! print {
    ($($arg:tt)*) => { $crate::out::stdout(format_args!($($arg)*)) };
}
macro_rules! eprintln {
    () => { $crate::out::stderr(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::out::stderr(format_args!("{}\n", format_args!($($arg)*))) };
}
#[allow(unused_macros)]
macro_rules! eprint {
    ($($arg:tt)*) => { $crate::out::stderr(format_args!($($arg)*)) };
}

mod cmd;
mod env;
mod interrupt;
mod log;
mod out;
mod panics;
mod plot;
mod record_file;
mod render;
mod stats;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Carcassonne rules engine: play, replay and simulate games on a TOML ruleset.
#[derive(Parser, Debug)]
#[command(name = "carcassonne", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Options shared by commands that build a game.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct RulesetArgs {
    /// Ruleset file (TOML), or a shipped ruleset's name (`ruleset list`); default: the embedded Hills & Sheep ruleset.
    #[arg(long, value_name = "FILE")]
    pub ruleset: Option<PathBuf>,
    /// Directory with plugin shared libraries to load (repeatable).
    #[arg(long = "plugin-dir", value_name = "DIR")]
    pub plugin_dirs: Vec<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a full game between built-in bots and print the turn log and final scores.
    Play(cmd::play::Args),
    /// Replay a game record and print the final scores.
    Replay(cmd::replay::Args),
    /// Run many seeded games on all cores and print score statistics.
    ///
    /// A game that fails (a plugin's error) stops the run as Ctrl-C does: no
    /// game is started after it, and the statistics of the games that
    /// finished are printed, marked partial, then the failing seed, its error
    /// and the `play --seed S ... --record FILE` command that plays that game
    /// again; the exit status is 1 (`--json`: the failures under `failures`).
    /// Going on without the failed games would leave out of the statistics
    /// just the games where the failing rule comes up.
    Simulate(cmd::simulate::Args),
    /// Play every pairing of bots on paired seeds, seats swapped: win rates, scores, Elo.
    ///
    /// A game that fails (a plugin's error) stops the run as Ctrl-C does: no
    /// game is started after it, and the standings of the games that
    /// finished are printed, marked partial, then the failing game (its seed
    /// and the bots in their seats), its error and the `play ... --seed S
    /// --players 2 --bots FIRST,SECOND --record FILE` command that plays that
    /// game again, the bots in its seat order; the exit status is 1 (`--json`:
    /// the failures under `failures`).
    Tournament(cmd::tournament::Args),
    /// Run the same seeded games on two rulesets and show what changes.
    ///
    /// A game that fails on either ruleset stops the run as in `simulate`:
    /// the statistics of the seeds played on both, marked partial, then the
    /// failure and the `play` command that plays that game again (exit status 1).
    Compare(cmd::compare::Args),
    /// Draw the board of a recorded game at any turn as a picture (SVG).
    Render(cmd::render::Args),
    /// Play in the browser: a local web server with a page to play against bots or each other.
    #[cfg(feature = "web")]
    Serve(cmd::serve::Args),
    /// List compiled-in and run-time plugins with their options.
    Plugins(cmd::plugins::Args),
    /// Check or show a ruleset.
    #[command(subcommand)]
    Ruleset(cmd::ruleset::Command),
    /// Play random games on a ruleset with invariant checks at every step (for plugin authors).
    ///
    /// The summary gives the points each plugin booked and what else it was
    /// seen doing (decisions of its steps, chance events, figure options and
    /// moves, lot tiles, features added, log lines). With `--bots`, bots make
    /// the players' decisions instead of the random draw. A failing game (the
    /// lowest seed) is written as a record (`--failure-record`) that
    /// `carcassonne replay` plays to the state where it failed; the message
    /// names the action that failed, if one did, and the commands to look at it.
    Conformance(cmd::conformance::Args),
    /// Run scenario files: rulebook-style fixtures with expected scores and events.
    Check(cmd::check::Args),
}

fn main() -> ExitCode {
    interrupt::set_sigpipe(false);
    panics::install();
    // `--version` names the plugin interface too: what a library must be
    // built for (made once, for the program's lifetime).
    let version: &'static str = Box::leak(
        format!(
            "{} ({})",
            env!("CARGO_PKG_VERSION"),
            carcassonne_host::loader::interface()
        )
        .into_boxed_str(),
    );
    let cli = match Cli::command()
        .version(version)
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    #[cfg(feature = "web")]
    if matches!(cli.command, Command::Serve(_)) {
        interrupt::set_sigpipe(true);
    }
    let result = match cli.command {
        Command::Play(a) => cmd::play::run(a),
        Command::Replay(a) => cmd::replay::run(a),
        Command::Simulate(a) => cmd::simulate::run(a),
        Command::Compare(a) => cmd::compare::run(a),
        Command::Tournament(a) => cmd::tournament::run(a),
        Command::Render(a) => cmd::render::run(a),
        #[cfg(feature = "web")]
        Command::Serve(a) => cmd::serve::run(a),
        Command::Plugins(a) => cmd::plugins::run(a),
        Command::Ruleset(c) => cmd::ruleset::run(c),
        Command::Conformance(a) => cmd::conformance::run(a),
        Command::Check(a) => cmd::check::run(a),
    };
    out::flush();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is::<interrupt::Interrupted>() => {
            eprintln!("{e}");
            ExitCode::from(interrupt::EXIT_CODE)
        }
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
