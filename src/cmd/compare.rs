//! `carcassonne compare`: what a house rule changes — the same seeded games on two
//! rulesets, side by side: first what differs in their settings ([`settings`]),
//! then both rulesets' statistics and the paired differences `B − A` (each
//! seed's game under B less the same seed's under A) with their standard
//! errors and 95 % intervals ([`crate::plot::pairs::PairedSums`], added up as
//! the games finish: the same numbers the charts of `--plot` draw).

pub mod settings;

use crate::cmd::failures::{failures_error, failures_json, partial_line, play_again, GameFailure};
use crate::cmd::simulate::{run_games, RunArgs};
use crate::plot::stats::{Measure, Paired};
use crate::plot::Study;
use crate::stats::{category_rows, Stats};
use crate::{env, interrupt};
use anyhow::{bail, Result};
use carcassonne_host::Ruleset;
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
        env::load_ruleset_and_registry(&crate::RulesetArgs {
            ruleset: Some(p.clone()),
            plugin_dirs: a.plugin_dirs.clone(),
        })
    };
    let ((ra, reg), (rb, _)) = (load(&a.a)?, load(&a.b)?);
    let players = a.run.players.unwrap_or(ra.spec.players);
    a.run.check_seats(players)?;
    if a.run.players.is_none() && ra.spec.players != rb.spec.players {
        bail!(
            "the rulesets default to {} and {} players: choose with --players",
            ra.spec.players,
            rb.spec.players
        );
    }
    let diff = settings::settings_diff(&ra, &rb);
    // The same rules: the same compiled rules, plugins and options (the rules
    // hash records keep), or settings alike but for labels and values
    // without effect.
    // Options set to a value without effect (`ruleset check` notes them).
    let idle = [
        crate::cmd::ruleset::idle_options(&ra.spec, &reg),
        crate::cmd::ruleset::idle_options(&rb.spec, &reg),
    ];
    let same = ra.rules_hash(&reg) == rb.rules_hash(&reg)
        || settings::same_in_effect(&diff, [&idle[0], &idle[1]]);
    let notes = idle.map(|i| i.into_iter().map(|o| o.note).collect::<Vec<_>>());
    if !a.json {
        println!("A: {} ({})", ra.spec.name, a.a.display());
        println!("B: {} ({})", rb.spec.name, a.b.display());
        print_settings(&diff, same, &notes);
    }
    if same && settings::same_rules(&diff) {
        eprintln!(
            "warning: A and B resolve to the same rules (every setting alike but the name, the \
             description or the default number of players): the comparison measures nothing"
        );
    } else if same {
        let keys: Vec<&str> = diff
            .iter()
            .filter(|d| !settings::same_rules(std::slice::from_ref(*d)))
            .map(|d| d.key.as_str())
            .collect();
        eprintln!(
            "warning: A and B resolve to the same rules (the settings that differ besides the \
             name, the description and the default number of players have no effect: {}): the \
             comparison measures nothing",
            keys.join(", ")
        );
    }
    // The paired differences are added up as the games finish; every game's
    // outcome is kept only for the charts.
    let run = RunArgs {
        keep_games: a.plot.is_some(),
        pair: true,
        ..a.run.clone()
    };
    interrupt::catch();
    let batch = run_games(
        &[ra.rules.clone(), rb.rules.clone()],
        players,
        &run,
        !a.json,
    )?;
    let mut both = batch.stats;
    let (mut sa, mut sb) = (both.remove(0), both.remove(0));
    let failures = batch.failures;
    let bots = a.run.bot_names(players);
    let files = [a.a.as_path(), a.b.as_path()];
    let play = |f: &GameFailure| {
        let file = files.get(f.ruleset).copied();
        play_again(file, &a.plugin_dirs, players, &bots, f)
    };
    let names = ["A", "B"];
    // What ends the run: a failed game (after the statistics of the seeds
    // played on both), Ctrl-C, or nothing.
    let end = |partial: bool| -> Result<()> {
        if failures.is_empty() {
            interrupt::result(partial)
        } else {
            Err(failures_error(&failures, &names, &play))
        }
    };
    if sa.games == 0 {
        if a.json && !failures.is_empty() {
            let out = serde_json::json!({
                "games": 0,
                "games_requested": a.run.games,
                "partial": true,
                "failures": failures_json(&failures, &names, &play),
            });
            println!("{}", serde_json::to_string_pretty(&out)?);
        }
        return match failures.is_empty() {
            true => Err(interrupt::Interrupted.into()),
            false => end(true),
        };
    }
    let study = |rs: &Ruleset, s: &mut Stats| -> Result<Study> {
        let sample = carcassonne_core::Game::new(rs.rules.clone(), players, a.run.seed)?;
        Ok(Study::new(
            &rs.spec.name,
            &format!("{} bots", a.run.bots_line(players)),
            &sample,
            std::mem::take(&mut s.outcomes),
        ))
    };
    // The games, for the charts only.
    let studies = match a.plot {
        Some(_) => Some((study(&ra, &mut sa)?, study(&rb, &mut sb)?)),
        None => None,
    };
    let seats: Vec<String> = crate::log::NAMES[..sa.players]
        .iter()
        .map(ToString::to_string)
        .collect();
    let paired = batch
        .paired
        .map(|p| p.differences(&seats))
        .unwrap_or_default();
    // The charts are written after the statistics are printed: a path that
    // fails at the end loses no result.
    let plot = || -> Result<()> {
        let (Some(path), Some((study_a, study_b))) = (&a.plot, &studies) else {
            return Ok(());
        };
        let svg = crate::plot::charts::compare(
            study_a,
            study_b,
            &paired,
            &carcassonne_render::Style::default(),
        )
        .map_err(|e| anyhow::anyhow!("cannot draw {}: {e}", path.display()))?;
        crate::plot::save(path, &svg)
    };
    if a.json {
        let mut out = serde_json::json!({
            "a": sa.to_json(&ra.spec.name, a.run.seed, &bots, a.run.timing),
            "b": sb.to_json(&rb.spec.name, a.run.seed, &bots, a.run.timing),
            "settings_diff": settings::to_json(&diff),
            "same_rules": same,
            "paired": paired_json(&paired),
        });
        if !failures.is_empty() {
            out["failures"] = failures_json(&failures, &names, &play);
        }
        println!("{}", serde_json::to_string_pretty(&out)?);
        plot()?;
        return end(sa.partial());
    }
    if let Some(line) = partial_line(sa.games, sa.requested, &failures, "statistics") {
        println!("{line}");
    }
    println!(
        "{} games each, {} players, bots {}, the same seeds {}..",
        sa.games,
        players,
        a.run.bots_line(players),
        a.run.seed
    );
    println!(
        "{:<28} {:>9} {:>9} {:>9} {:>8}  95 % interval",
        "", "A", "B", "B - A", "SE"
    );
    // A row with a paired difference gives it (its mean is B − A), its
    // standard error and interval; the others B − A alone.
    let find = |m: &Measure| paired.iter().find(|p| &p.measure == m);
    let measured = |name: String, x: f64, y: f64, m: Measure| {
        println!("{}", table_row(&name, x, y, find(&m)));
    };
    let row = |name: String, x: f64, y: f64| println!("{}", table_row(&name, x, y, None));
    let total = |s: &Stats| s.mean().iter().sum::<f64>() / s.players as f64;
    measured(
        "mean score per player".into(),
        total(&sa),
        total(&sb),
        Measure::MeanScore,
    );
    for p in 0..sa.players {
        measured(
            format!("  {} mean score", crate::log::NAMES[p]),
            sa.mean()[p],
            sb.mean()[p],
            Measure::Score(p),
        );
    }
    for p in 0..sa.players {
        measured(
            format!("  {} win rate %", crate::log::NAMES[p]),
            sa.win_rate()[p] * 100.0,
            sb.win_rate()[p] * 100.0,
            Measure::WinRate(p),
        );
    }
    let (rows, empty) = category_rows(&sa.per_category(), &sb.per_category());
    for (k, x, y) in rows {
        measured(
            format!("points from {k}"),
            x,
            y,
            Measure::Category(k.clone()),
        );
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
    measured(
        "tiles placed".into(),
        sa.mean_tiles(),
        sb.mean_tiles(),
        Measure::Tiles,
    );
    measured(
        "turns".into(),
        sa.mean_turns(),
        sb.mean_turns(),
        Measure::Turns,
    );
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
    println!(
        "B - A with SE: the mean of the {} per-game differences (the same seed under both \
         rulesets), its standard error and 95 % interval (B - A ± 1.96 SE); an interval \
         that contains 0 shows no difference these games can tell from chance.",
        paired.first().map_or(0, |p| p.games)
    );
    if let Some(path) = &a.plot {
        plot()?;
        println!("Charts written to {}", path.display());
    }
    end(sa.partial())
}

/// Prints what differs in the settings of A and B (see [`settings`]);
/// `same`: whether they are the same rules; `notes`: the settings of A and of
/// B that have no effect (as `ruleset check` notes them).
fn print_settings(diff: &[settings::SettingDiff], same: bool, notes: &[Vec<String>; 2]) {
    if diff.is_empty() {
        println!("What B changes in the settings: nothing (the same rules)");
        return;
    }
    println!(
        "What B changes in the settings (every default filled in, as `ruleset show` prints \
         them){}:",
        if same { ", none of them a rule" } else { "" }
    );
    for line in settings::lines(diff) {
        println!("  {line}");
    }
    for (side, notes) in ["A", "B"].iter().zip(notes) {
        for n in notes {
            println!("  note ({side}): {n}");
        }
    }
}

/// One row of the table: A, B, and B − A with its standard error and 95 %
/// interval when there is a paired difference (whose mean is B − A, over the
/// same games); B − A alone otherwise.
pub fn table_row(name: &str, x: f64, y: f64, paired: Option<&Paired>) -> String {
    match paired {
        Some(p) => {
            let (lo, hi) = p.diff.interval();
            format!(
                "{name:<28} {x:>9.2} {y:>9.2} {:>+9.2} {:>8.2}  [{lo:+.2}, {hi:+.2}]",
                p.diff.mean, p.diff.se
            )
        }
        None => format!("{name:<28} {x:>9.2} {y:>9.2} {:>+9.2}", y - x),
    }
}

/// The paired differences as JSON: the number of pairs, and for each measure
/// its name, kind (`mean_score`, `score`, `win_rate_percent`,
/// `category_per_player`, `tiles`, `turns`), seat or category, mean, standard
/// error and 95 % interval.
pub fn paired_json(paired: &[Paired]) -> serde_json::Value {
    let rows: Vec<serde_json::Value> = paired
        .iter()
        .map(|p| {
            let (lo, hi) = p.diff.interval();
            let mut v = serde_json::json!({
                "measure": p.name,
                "mean": p.diff.mean,
                "se": p.diff.se,
                "ci95": [lo, hi],
            });
            let (kind, seat, category) = match &p.measure {
                Measure::MeanScore => ("mean_score", None, None),
                Measure::Score(s) => ("score", Some(*s), None),
                Measure::WinRate(s) => ("win_rate_percent", Some(*s), None),
                Measure::Category(c) => ("category_per_player", None, Some(c)),
                Measure::Tiles => ("tiles", None, None),
                Measure::Turns => ("turns", None, None),
            };
            v["kind"] = kind.into();
            if let Some(s) = seat {
                v["seat"] = s.into();
            }
            if let Some(c) = category {
                v["category"] = c.as_str().into();
            }
            v
        })
        .collect();
    serde_json::json!({
        "games": paired.first().map_or(0, |p| p.games),
        "differences": rows,
    })
}
