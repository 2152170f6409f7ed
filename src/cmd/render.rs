//! `carcassonne render`: a picture (SVG) of the board at any turn of a recorded game.

use crate::env;
use anyhow::{anyhow, bail, Context, Result};
use carcassonne_core::{Driver, Game, Record};
use carcassonne_render::Options;
use std::path::PathBuf;

/// Arguments of `render`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game record (JSON, as written by `play --record` or the browser).
    record: PathBuf,
    /// Draw the board at the end of this turn (0: the start tile alone); default: the last.
    #[arg(long, value_name = "N")]
    turn: Option<u16>,
    /// Write the picture here, as SVG or PNG by the name's ending (`.svg` or
    /// `.png`; any other is refused); default: SVG on standard output.
    #[arg(short, long, value_name = "OUT.svg|OUT.png")]
    output: Option<PathBuf>,
    /// Style file (TOML, the format of `render/style.toml`) merged over the
    /// built-in style and the plugins' styles: it names only what it changes.
    #[arg(long, value_name = "FILE")]
    style: Option<PathBuf>,
    /// Directory with plugin shared libraries to load (repeatable).
    #[arg(long = "plugin-dir", value_name = "DIR")]
    plugin_dirs: Vec<PathBuf>,
}

/// Replays `rec` on `g` up to the end of turn `turn` (all of it if `None`).
pub fn replay_to(g: &mut Game, rec: &Record, turn: Option<u16>) -> Result<()> {
    let mut driver = Driver::new(&rec.forced);
    let stop = |g: &Game| turn.is_some_and(|n| g.turn() > n) || g.is_over();
    for (i, text) in rec.actions.iter().enumerate() {
        if text.trim() != carcassonne_core::END {
            driver.settle(g).map_err(|e| anyhow!("{e}"))?;
        }
        if stop(g) {
            return Ok(());
        }
        driver
            .apply_text(g, i + 1, text)
            .map_err(|e| anyhow!("{e}"))?;
    }
    driver.settle(g).map_err(|e| anyhow!("{e}"))?;
    if let Some(n) = turn {
        if g.turn() < n {
            bail!("the record has {} turn(s); there is no turn {n}", g.turn());
        }
    }
    Ok(())
}

/// Whether `-o PATH` asks for PNG (`.png`) rather than SVG (`.svg`); any
/// other ending is refused, before the record is read.
fn png_output(path: &std::path::Path) -> Result<bool> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("svg") => Ok(false),
        Some("png") => Ok(true),
        _ => bail!(
            "-o {}: the picture is written as .svg or .png; name the file so",
            path.display()
        ),
    }
}

/// Runs the command.
pub fn run(a: Args) -> Result<()> {
    let png = a.output.as_deref().map(png_output).transpose()?;
    let user = env::read_style(a.style.as_deref())?;
    let loaded = env::load_record(&a.record, &a.plugin_dirs)?;
    let style = env::style(loaded.game.rules(), user.as_ref())?;
    let (rs, rec, mut g) = (&loaded.rs, &loaded.rec, loaded.game.clone());
    replay_to(&mut g, rec, a.turn)
        .map_err(|e| loaded.explain(format!("{}: {e}", a.record.display())))?;
    let opts = Options {
        status: a.turn.map(|n| {
            let end = if g.is_over() { ", game over" } else { "" };
            format!("After turn {n}{end}")
        }),
        ..Options::game(&rs.spec.name, &g)
    };
    let svg = carcassonne_render::board(&g, &opts, &style);
    match &a.output {
        Some(p) => {
            let bytes = if png == Some(true) {
                carcassonne_render::to_png(&svg)?
            } else {
                svg.into_bytes()
            };
            std::fs::write(p, bytes).with_context(|| format!("cannot write {}", p.display()))?;
        }
        None => println!("{svg}"),
    }
    Ok(())
}
