//! `carcassonne conformance`: the conformance kit on a ruleset, for plugin authors.

use crate::{env, RulesetArgs};
use anyhow::{anyhow, bail, Result};
use carcassonne_host::conformance::{check_rules, Options};

/// Arguments of `conformance`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// Number of games (at least 1).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Number of players (2-6); default: the ruleset's.
    #[arg(long)]
    players: Option<u8>,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Apply every legal action on a clone at every step, not only the one chosen (slower).
    #[arg(long)]
    every_action: bool,
    /// Allow scores to go down (for rulesets whose plugins take points away).
    #[arg(long)]
    allow_score_decrease: bool,
}

/// Runs the command.
pub fn run(a: Args) -> Result<()> {
    let rs = env::load_ruleset(&a.ruleset)?;
    let players = a.players.unwrap_or(rs.spec.players);
    if !(2..=6).contains(&players) {
        bail!("--players {players}: a game needs 2 to 6 players");
    }
    let opts = Options {
        games: a.games,
        players,
        first_seed: a.seed,
        try_every_action: a.every_action,
        scores_never_decrease: !a.allow_score_decrease,
    };
    let started = std::time::Instant::now();
    let report = check_rules(&rs.rules, opts).map_err(|f| {
        anyhow!(
            "{}: conformance failure in the game with seed {} at step {}: {}",
            rs.spec.name,
            f.seed,
            f.step,
            f.message
        )
    })?;
    println!(
        "{}: ok — {} games, {} states checked, {} actions applied ({:.1} s)",
        rs.spec.name,
        report.games,
        report.states,
        report.actions,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
