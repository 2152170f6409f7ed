//! `carcassonne play`: a full game between built-in bots, with a readable turn log.

use crate::bots::{Bot, BotKind};
use crate::{env, log, RulesetArgs};
use anyhow::{bail, Context, Result};
use carcassonne_core::{Actor, Game, Recorder};
use std::path::PathBuf;

/// Arguments of `play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// Number of players (2-6); default: the ruleset's.
    #[arg(long)]
    players: Option<u8>,
    /// Seed of the game (default: from the clock; printed so the game can be replayed).
    #[arg(long)]
    seed: Option<u64>,
    /// Write the game record (JSON) to this file.
    #[arg(long, value_name = "OUT.json")]
    record: Option<PathBuf>,
    /// Bot for each seat, comma-separated (the last one fills the remaining seats).
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "greedy,random"
    )]
    bots: Vec<BotKind>,
    /// Print only the final scores.
    #[arg(long)]
    quiet: bool,
}

/// Runs the command.
pub fn run(a: Args) -> Result<()> {
    let rs = env::load_ruleset(&a.ruleset)?;
    let players = a.players.unwrap_or(rs.spec.players);
    if !(2..=6).contains(&players) {
        bail!("--players {players}: a game needs 2 to 6 players");
    }
    let seed = a.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let mut g = Game::new(rs.rules.clone(), players, seed)?;
    g.set_logging(!a.quiet);
    let mut bots: Vec<Bot> = (0..players)
        .map(|p| {
            let kind = a
                .bots
                .get(p as usize)
                .or(a.bots.last())
                .copied()
                .unwrap_or(BotKind::Greedy);
            Bot::new(kind, seed ^ (0x9E37_79B9 * (u64::from(p) + 1)))
        })
        .collect();
    if !a.quiet {
        println!("{} — {} players, seed {seed}", rs.spec.name, players);
    }
    let mut rec = Recorder::default();
    loop {
        let events = g.take_events();
        for line in log::lines(&g, &events) {
            println!("{line}");
        }
        match g.actor() {
            Actor::GameOver => break,
            Actor::Chance => {
                rec.sample(&mut g)?;
            }
            Actor::Player(p) => {
                let act = bots[p as usize].choose(&g)?;
                rec.apply(&mut g, act)?;
            }
        }
    }
    println!("Final scores (seed {seed}):");
    let best = g.scores().iter().copied().max().unwrap_or(0);
    for (p, s) in g.scores().iter().enumerate() {
        let mark = if *s == best { "  <- winner" } else { "" };
        println!("  {:<6} {s:>4}{mark}", log::NAMES[p]);
    }
    if let Some(path) = a.record {
        let record = rec.finish(&g, &rs.spec.name, &rs.text);
        std::fs::write(&path, record.to_json())
            .with_context(|| format!("cannot write the record to {}", path.display()))?;
        println!("Record written to {}", path.display());
    }
    Ok(())
}
