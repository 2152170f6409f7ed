//! `carcassonne check SCENARIO.toml...`: run scenario files (rulebook-style
//! fixtures with expected scores and events, `docs/scenarios.md`).

use crate::env;
use anyhow::{bail, Result};
use carcassonne_host::scenario::{check_file, files_under, observed, ScenarioFailure};
use std::path::PathBuf;

/// Arguments of `check`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Scenario files, or directories to search for `*.toml` scenario files.
    #[arg(required = true, value_name = "SCENARIO")]
    files: Vec<PathBuf>,
    /// Directory with plugin shared libraries to load (repeatable).
    #[arg(long = "plugin-dir", value_name = "DIR")]
    plugin_dirs: Vec<PathBuf>,
    /// Also print what happened, as an `[expect]` table (scores, categories,
    /// supply, figures, events): a start for writing a file's expectations,
    /// to be checked against the rules, not copied blindly.
    #[arg(long)]
    show: bool,
}

/// Runs the command.
pub fn run(a: Args) -> Result<()> {
    let reg = env::registry(&a.plugin_dirs)?;
    let mut files = Vec::new();
    for f in &a.files {
        if f.is_dir() {
            let found = files_under(f)?;
            if found.is_empty() {
                bail!("{}: no scenario files (*.toml) in it", f.display());
            }
            files.extend(found);
        } else {
            files.push(f.clone());
        }
    }
    let mut failed = 0;
    for f in &files {
        let shown = a.show.then(|| observed(f, &reg));
        // An unknown plugin's problem tells how to load a library, as the
        // other commands' do.
        let checked = check_file(f, &reg).map_err(|e| match e {
            ScenarioFailure::Ruleset(e) => ScenarioFailure::Ruleset(env::explained(&reg, e)),
            e => e,
        });
        match checked {
            Ok(p) => {
                let what = match (&p.file.ruling, p.file.description.as_str()) {
                    (Some(r), "") => format!(" — {r}"),
                    (Some(r), d) => format!(" — {r}: {d}"),
                    (None, "") => String::new(),
                    (None, d) => format!(" — {d}"),
                };
                println!("ok   {}{what}", f.display());
            }
            Err(e) => {
                failed += 1;
                println!(
                    "FAIL {}\n     {}",
                    f.display(),
                    e.to_string().replace('\n', "\n     ")
                );
            }
        }
        // What happened, after the verdict (a script that fails shows no
        // end: its error is the verdict's).
        if let Some(Ok(table)) = shown {
            println!("{table}");
        }
    }
    if failed > 0 {
        bail!("{failed} of {} scenario(s) failed", files.len());
    }
    println!("{} scenario(s) passed", files.len());
    Ok(())
}
