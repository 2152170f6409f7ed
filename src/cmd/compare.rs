//! `carcassonne compare`: what a house rule changes — the same seeded games on two
//! rulesets, side by side.

use crate::cmd::simulate::{run_games, RunArgs};
use crate::stats::{category_rows, Stats};
use crate::{env, interrupt};
use anyhow::{bail, Result};
use std::path::PathBuf;

/// Arguments of `compare`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The first ruleset (TOML).
    a: PathBuf,
    /// The second ruleset (TOML).
    b: PathBuf,
    #[command(flatten)]
    run: RunArgs,
    /// Directory with plugin shared libraries to load (repeatable).
    #[arg(long = "plugin-dir", value_name = "DIR")]
    plugin_dirs: Vec<PathBuf>,
    /// Print machine-readable statistics.
    #[arg(long)]
    json: bool,
    /// Draw charts (`.svg` or `.png`): both rulesets side by side and the paired differences with 95 % intervals.
    #[arg(long, value_name = "OUT.svg|OUT.png")]
    plot: Option<PathBuf>,
}

/// Runs the command.
pub fn run(a: Args) -> Result<()> {
    if let Some(p) = &a.plot {
        crate::plot::check_target(p)?;
    }
    let load = |p: &PathBuf| {
        env::load_ruleset(&crate::RulesetArgs {
            ruleset: Some(p.clone()),
            plugin_dirs: a.plugin_dirs.clone(),
        })
    };
    let (ra, rb) = (load(&a.a)?, load(&a.b)?);
    let players = a.run.players.unwrap_or(ra.spec.players);
    a.run.check_seats(players)?;
    if a.run.players.is_none() && ra.spec.players != rb.spec.players {
        bail!(
            "the rulesets default to {} and {} players: choose with --players",
            ra.spec.players,
            rb.spec.players
        );
    }
    let run = RunArgs {
        keep_games: a.plot.is_some(),
        ..a.run.clone()
    };
    interrupt::catch();
    let mut both = run_games(
        &[ra.rules.clone(), rb.rules.clone()],
        players,
        &run,
        !a.json,
    )?;
    let (sa, sb) = (both.remove(0), both.remove(0));
    if sa.games == 0 {
        return Err(interrupt::Interrupted.into());
    }
    // The charts are written after the statistics are printed: a path that
    // fails at the end loses no result.
    let plot = || -> Result<()> {
        let Some(path) = &a.plot else {
            return Ok(());
        };
        let study = |rs: &carcassonne_host::Ruleset, s: &Stats| -> Result<crate::plot::Study> {
            let sample = carcassonne_core::Game::new(rs.rules.clone(), players, a.run.seed)?;
            Ok(crate::plot::Study::new(
                &rs.spec.name,
                &format!("{} bots", a.run.bots_line(players)),
                &sample,
                s.outcomes.clone(),
            ))
        };
        let svg = crate::plot::charts::compare(
            &study(&ra, &sa)?,
            &study(&rb, &sb)?,
            &carcassonne_render::Style::default(),
        )
        .map_err(|e| anyhow::anyhow!("cannot draw {}: {e}", path.display()))?;
        crate::plot::save(path, &svg)
    };
    if a.json {
        let out = serde_json::json!({
            "a": sa.to_json(&ra.spec.name, a.run.seed, &a.run.bot_names(players), a.run.timing),
            "b": sb.to_json(&rb.spec.name, a.run.seed, &a.run.bot_names(players), a.run.timing),
        });
        println!("{}", serde_json::to_string_pretty(&out)?);
        plot()?;
        return interrupt::result(sa.partial());
    }
    if sa.partial() {
        println!(
            "PARTIAL: interrupted after {} of {} games; statistics of the finished games:",
            sa.games, sa.requested
        );
    }
    println!(
        "{} games each, {} players, bots {}, the same seeds {}..",
        sa.games,
        players,
        a.run.bots_line(players),
        a.run.seed
    );
    println!("A: {} ({})", ra.spec.name, a.a.display());
    println!("B: {} ({})", rb.spec.name, a.b.display());
    println!("{:<28} {:>9} {:>9} {:>9}", "", "A", "B", "B - A");
    let row = |name: String, x: f64, y: f64| {
        println!("{name:<28} {x:>9.2} {y:>9.2} {:>+9.2}", y - x);
    };
    let total = |s: &Stats| s.mean().iter().sum::<f64>() / s.players as f64;
    row("mean score per player".into(), total(&sa), total(&sb));
    for p in 0..sa.players {
        row(
            format!("  {} mean score", crate::log::NAMES[p]),
            sa.mean()[p],
            sb.mean()[p],
        );
    }
    for p in 0..sa.players {
        row(
            format!("  {} win rate %", crate::log::NAMES[p]),
            sa.win_rate()[p] * 100.0,
            sb.win_rate()[p] * 100.0,
        );
    }
    let (rows, empty) = category_rows(&sa.per_category(), &sb.per_category());
    for (k, x, y) in rows {
        row(format!("points from {k}"), x, y);
        let (pa, pb) = (sa.seat_points(&k), sb.seat_points(&k));
        for p in 0..sa.players {
            row(format!("  {}", crate::log::NAMES[p]), pa[p], pb[p]);
        }
    }
    // A category whose points only move between players (in either) sums to 0:
    // shown by seat.
    let (za, zb) = (sa.zero_sum(), sb.zero_sum());
    let seats_of = |z: &[(String, Vec<f64>)], k: &str| {
        z.iter()
            .find(|(j, _)| j == k)
            .map_or_else(|| vec![0.0; sa.players], |(_, v)| v.clone())
    };
    let mut zero_sum: Vec<&String> = za.iter().map(|(k, _)| k).collect();
    zero_sum.extend(
        zb.iter()
            .map(|(k, _)| k)
            .filter(|k| !za.iter().any(|(j, _)| j == *k)),
    );
    for k in &zero_sum {
        println!("zero-sum points from {k} (moved between players), by seat:");
        let (xs, ys) = (seats_of(&za, k), seats_of(&zb, k));
        for p in 0..sa.players {
            row(format!("  {}", crate::log::NAMES[p]), xs[p], ys[p]);
        }
    }
    let empty: Vec<String> = empty
        .into_iter()
        .filter(|k| !zero_sum.contains(&k))
        .collect();
    row("tiles placed".into(), sa.mean_tiles(), sb.mean_tiles());
    row("turns".into(), sa.mean_turns(), sb.mean_turns());
    if sa.mean_granted_turns() > 0.0 || sb.mean_granted_turns() > 0.0 {
        row(
            "extra turns".into(),
            sa.mean_granted_turns(),
            sb.mean_granted_turns(),
        );
    }
    if !empty.is_empty() {
        println!("no points from {} in either", empty.join(", "));
    }
    if let Some(path) = &a.plot {
        plot()?;
        println!("Charts written to {}", path.display());
    }
    interrupt::result(sa.partial())
}
