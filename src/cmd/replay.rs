//! `carcassonne replay`: replay a game record.

use crate::env;
use anyhow::{anyhow, Result};
use carcassonne_core::Driver;
use std::path::PathBuf;

/// Arguments of `replay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game record (JSON, as written by `play --record`).
    record: PathBuf,
    /// Print a machine-readable result.
    #[arg(long)]
    json: bool,
    /// Directory with plugin shared libraries to load (repeatable).
    #[arg(long = "plugin-dir", value_name = "DIR")]
    plugin_dirs: Vec<PathBuf>,
}

/// Runs the command.
pub fn run(a: Args) -> Result<()> {
    let (rs, rec, mut g) = env::load_record(&a.record, &a.plugin_dirs)?;
    Driver::new(&rec.forced)
        .replay(&mut g, &rec.actions)
        .map_err(|e| anyhow!("{}: {e}", a.record.display()))?;
    if let Some(want) = &rec.scores {
        if want.as_slice() != g.scores() {
            return Err(anyhow!(
                "{}: replayed scores {:?} differ from the recorded {want:?}",
                a.record.display(),
                g.scores()
            ));
        }
    }
    if a.json {
        let out = serde_json::json!({
            "ruleset": rs.spec.name,
            "players": rec.players,
            "seed": rec.seed,
            "finished": g.is_over(),
            "scores": g.scores(),
            "tiles_placed": g.placed_count(),
            "turns": g.turn(),
        });
        println!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        println!(
            "{} — {} players, seed {}, {} turns, {} tiles placed{}",
            rs.spec.name,
            rec.players,
            rec.seed,
            g.turn(),
            g.placed_count(),
            if g.is_over() { "" } else { " (unfinished)" }
        );
        for (p, s) in g.scores().iter().enumerate() {
            println!("  {:<6} {s:>4}", crate::log::NAMES[p]);
        }
    }
    Ok(())
}
