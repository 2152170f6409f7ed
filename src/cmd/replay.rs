//! `carcassonne replay`: replay a game record.

use crate::{env, log};
use anyhow::{bail, Result};
use carcassonne_core::{Driver, Event, Game};
use std::path::PathBuf;

/// Arguments of `replay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game record (JSON, as written by `play --record`).
    record: PathBuf,
    /// Print a machine-readable result.
    #[arg(long)]
    json: bool,
    /// With `--json`: add every turn's actions, events and the scores after it.
    #[arg(long, requires = "json")]
    events: bool,
    /// Directory with plugin shared libraries to load (repeatable).
    #[arg(long = "plugin-dir", value_name = "DIR")]
    plugin_dirs: Vec<PathBuf>,
}

/// One turn of a replay, for `--events`.
#[derive(Default)]
struct Turn {
    turn: u16,
    player: carcassonne_core::PlayerId,
    actions: Vec<String>,
    events: Vec<String>,
}

impl Turn {
    fn json(&self, scores: &[i32]) -> serde_json::Value {
        serde_json::json!({
            "turn": self.turn,
            "player": self.player,
            "actions": self.actions,
            "events": self.events,
            "scores_after": scores,
        })
    }
}

/// Moves the game's new events into `turns`, closing a turn where the next begins.
fn collect(g: &mut Game, cur: &mut Turn, turns: &mut Vec<serde_json::Value>) {
    for e in g.take_events() {
        if let Event::TurnStarted { player, turn } = e {
            if cur.turn > 0 || !cur.events.is_empty() {
                turns.push(cur.json(g.scores()));
            }
            *cur = Turn {
                turn,
                player,
                ..Turn::default()
            };
        }
        cur.events.extend(log::describe(g, &e));
    }
}

/// Runs the command.
pub fn run(a: Args) -> Result<()> {
    let loaded = env::load_record(&a.record, &a.plugin_dirs)?;
    let (rs, rec) = (&loaded.rs, &loaded.rec);
    let mut g = loaded.game.clone();
    let fail = |e: &dyn std::fmt::Display| loaded.explain(format!("{}: {e}", a.record.display()));
    let mut turns = Vec::new();
    // The first turn began inside `Game::new`, before logging was on.
    let mut cur = Turn {
        turn: g.turn(),
        player: g.current_player(),
        ..Turn::default()
    };
    let first = Event::TurnStarted {
        player: cur.player,
        turn: cur.turn,
    };
    cur.events.extend(log::describe(&g, &first));
    g.set_logging(a.events);
    Driver::new(&rec.forced)
        .replay_observed(&mut g, &rec.actions, |g, action| {
            if a.events {
                cur.actions.extend(action.map(str::to_string));
                collect(g, &mut cur, &mut turns);
            }
        })
        .map_err(|e| fail(&e))?;
    turns.push(cur.json(g.scores()));
    if let Some(want) = &rec.scores {
        if want.as_slice() != g.scores() {
            bail!(fail(&format!(
                "replayed scores {:?} differ from the recorded {want:?}",
                g.scores()
            )));
        }
    }
    if a.json {
        let mut out = serde_json::json!({
            "ruleset": rs.spec.name,
            "players": rec.players,
            "seed": rec.seed,
            "finished": g.is_over(),
            "scores": g.scores(),
            "names": rec.names,
            "tiles_placed": g.placed_count(),
            "turns": g.turn(),
        });
        if a.events {
            out["turn_log"] = turns.into();
        }
        println!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        println!(
            "{} — {} players, seed {}, {}, {} placed{}",
            rs.spec.name,
            rec.players,
            rec.seed,
            super::plural(usize::from(g.turn()), "turn"),
            super::plural(g.placed_count(), "tile"),
            if g.is_over() { "" } else { " (unfinished)" }
        );
        for (p, s) in g.scores().iter().enumerate() {
            // The record's name of the seat, if it has one (escaped: a
            // record is anyone's text).
            let who = rec
                .name(p)
                .map(|n| format!(" ({})", n.escape_debug()))
                .unwrap_or_default();
            println!("  {:<6} {s:>4}{who}", crate::log::NAMES[p]);
        }
    }
    Ok(())
}
