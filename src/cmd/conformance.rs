//! `carcassonne conformance`: the conformance kit on a ruleset, for plugin authors.

use crate::cmd::failures;
use crate::{env, interrupt, RulesetArgs};
use anyhow::{anyhow, bail, Result};
use carcassonne_bots::{seat_specs, BotChooser, BotSpec};
use carcassonne_core::conformance::Chooser;
use carcassonne_core::{Rules, BASE_CATEGORIES};
use carcassonne_host::conformance::{Activity, Failure, Options, RandomChoices, Report};
use carcassonne_host::{narrowings, permute};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

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
    /// Allow scores to go down (for rulesets whose plugins take points away other
    /// than by transfers between players, which the check accepts).
    #[arg(long)]
    allow_score_decrease: bool,
    /// Worker threads, 1 to 256 (default: all cores). The result does not depend on it.
    #[arg(long, value_parser = crate::cmd::simulate::parse_threads)]
    threads: Option<usize>,
    /// Also play the same games with the plugins' hooks in several run orders
    /// (every order that keeps the declared orderings, when there are few) and
    /// fail on any difference in actions, scores or events.
    #[arg(long)]
    permute_plugins: bool,
    /// Also play the same games with every plugin's narrowings taken away
    /// (its hooks called in every case) and fail on any difference, naming
    /// the plugin whose `narrowing()` promise is broken.
    #[arg(long)]
    check_narrowing: bool,
    /// With --permute-plugins: at most this many run orders (1 to 10000).
    #[arg(
        long,
        default_value_t = 24,
        requires = "permute_plugins",
        value_parser = clap::value_parser!(u32).range(1..=10000)
    )]
    orders: u32,
    /// Who makes the players' decisions, comma-separated, one per seat (the
    /// last one plays the seats left), as for `simulate --bots`: `random`
    /// (the kit's own draw, each action uniformly among the legal ones: the
    /// default), `greedy`, `mcts` with an optional budget. Bots play
    /// purposefully, so they reach what random games seldom do; a game with
    /// bots (other than `random` in every seat) is the game `play --seed S
    /// --bots ...` plays, while the kit's own random games are not `play`'s:
    /// the record a failure writes plays them again. `--permute-plugins` and
    /// `--check-narrowing` play the kit's random games.
    #[arg(long, value_delimiter = ',', default_value = "random")]
    bots: Vec<BotSpec>,
    /// Where to write the record of a failing game (the lowest seed that
    /// failed), which `carcassonne replay` plays to the state where it
    /// failed. Default: `conformance-failure-seed-S.json` in the current
    /// directory.
    #[arg(long, value_name = "FILE.json")]
    failure_record: Option<PathBuf>,
    /// Print a machine-readable result.
    #[arg(long)]
    json: bool,
}

/// What the games found: the sums of their reports, and the failure of the
/// lowest seed that failed.
#[derive(Default)]
struct Outcome {
    report: Report,
    failure: Option<Failure>,
}

/// The chooser of the players' actions of one game: the kit's random draw
/// when every seat is `random`, else the bots of `specs`.
fn chooser(specs: &[BotSpec]) -> Box<dyn Chooser> {
    if specs.iter().all(|s| *s == BotSpec::Random) {
        Box::new(RandomChoices::default())
    } else {
        Box::new(BotChooser::new(specs))
    }
}

/// Plays games `0..games` (seed `first_seed + i`) on `threads` threads until
/// one fails or Ctrl-C, the players' actions made by `specs` (see
/// [`chooser`]). Every game below a failing one is played, so the failure
/// reported (the lowest seed) does not depend on the threads.
fn play(rules: &Arc<Rules>, opts: Options, specs: &[BotSpec], threads: usize) -> Outcome {
    let next = AtomicU64::new(0);
    let games = u64::from(opts.games);
    let out = Mutex::new(Outcome::default());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut players = chooser(specs);
                while !interrupt::requested() {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let one = Options {
                        games: 1,
                        first_seed: opts.first_seed.wrapping_add(i),
                        ..opts
                    };
                    let r = carcassonne_host::conformance::check_rules_with(
                        rules,
                        one,
                        players.as_mut(),
                    );
                    let mut o = out.lock().expect("lock");
                    match r {
                        Ok(r) => o.report.merge(&r),
                        Err(f) => {
                            next.store(games, Ordering::Relaxed);
                            if o.failure.as_ref().is_none_or(|g| f.seed < g.seed) {
                                o.failure = Some(f);
                            }
                        }
                    }
                }
            });
        }
    });
    out.into_inner().expect("lock")
}

/// The message of failure `f` of the kit's game, with where its record is
/// written (or why it is not), and the record's path if it is written.
fn failure_message(
    a: &Args,
    rs: &carcassonne_host::Ruleset,
    reg: &carcassonne_host::Registry,
    players: u8,
    f: &Failure,
) -> (String, Option<PathBuf>) {
    let head = format!(
        "{}: conformance failure in the game with seed {} at step {}: {}",
        rs.spec.name, f.seed, f.step, f.message
    );
    // A game whose start fails has no state to record.
    if f.step == 0 && f.actions.is_empty() && f.action.is_none() {
        if let Err(e) = carcassonne_core::Game::new(rs.rules.clone(), players, f.seed) {
            let said =
                format!("(the game fails as it is made, with: {e}; there is no state to record)");
            return (format!("{head}\n{said}"), None);
        }
    }
    let path = a
        .failure_record
        .clone()
        .unwrap_or_else(|| failures::default_failure_record(f.seed));
    let names = seat_specs(&a.bots, players)
        .iter()
        .map(ToString::to_string)
        .collect();
    match failures::write_failure_record(
        &rs.rules,
        rs.provenance(reg),
        players,
        names,
        f,
        &path,
        &a.ruleset.plugin_dirs,
    ) {
        Ok(said) => (format!("{head}\n{said}"), Some(path)),
        Err(e) => (
            format!(
                "{head}\n(the failing game could not be recorded: {e:#}; choose another file \
                 with --failure-record FILE)"
            ),
            None,
        ),
    }
}

/// The result of a run that failed, as JSON (`--json`): the games that
/// passed, the failure and where its record is.
fn failure_json(
    a: &Args,
    name: &str,
    players: u8,
    report: &Report,
    f: &Failure,
    record: Option<&std::path::Path>,
) -> serde_json::Value {
    serde_json::json!({
        "ruleset": name,
        "players": players,
        "first_seed": a.seed,
        "bots": seat_specs(&a.bots, players).iter().map(ToString::to_string).collect::<Vec<_>>(),
        "games": report.games,
        "games_requested": a.games,
        "partial": true,
        "ok": false,
        "failure": {
            "seed": f.seed,
            "step": f.step,
            "message": f.message,
            "action": f.action,
            "player_actions": f.actions.len(),
            "record": record.map(|p| p.display().to_string()),
        },
    })
}

/// Runs the command.
pub fn run(a: Args) -> Result<()> {
    let (rs, reg) = env::load_ruleset_and_registry(&a.ruleset)?;
    let players = a.players.unwrap_or(rs.spec.players);
    if !(2..=6).contains(&players) {
        bail!("--players {players}: a game needs 2 to 6 players");
    }
    if a.bots.len() > usize::from(players) {
        bail!(
            "--bots lists {} bots for {players} players: give at most one per seat \
             (the last one given plays the seats left)",
            a.bots.len()
        );
    }
    let opts = Options {
        games: a.games,
        players,
        first_seed: a.seed,
        try_every_action: a.every_action,
        scores_never_decrease: !a.allow_score_decrease,
        // `check_rules` turns it on.
        check_determinism: true,
    };
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let started = std::time::Instant::now();
    interrupt::catch();
    let o = play(&rs.rules, opts, &a.bots, threads.min(a.games as usize));
    if let Some(f) = &o.failure {
        let (mut message, record) = failure_message(&a, &rs, &reg, players, f);
        // A broken narrowing promise may be the cause (candidates promised
        // to fit that do not): the failing game's check names the plugin,
        // which the failure itself may not.
        let broken = if a.check_narrowing && !interrupt::requested() {
            let nopts = narrowings::Options {
                games: 1,
                players,
                first_seed: f.seed,
                threads: 1,
            };
            match narrowings::check(&rs.rules, nopts) {
                Err(e @ narrowings::NarrowingError::Broken(_)) => Some(e.to_string()),
                _ => None,
            }
        } else {
            None
        };
        if let Some(e) = &broken {
            message.push_str(&format!("\nthe narrowing check of that game finds: {e}"));
        }
        if a.json {
            let mut v = failure_json(&a, &rs.spec.name, players, &o.report, f, record.as_deref());
            if a.check_narrowing {
                v["failure"]["broken_narrowing"] = serde_json::json!(broken);
            }
            println!("{}", serde_json::to_string_pretty(&v)?);
        }
        return Err(anyhow!(message));
    }
    let permuted = if a.permute_plugins && !interrupt::requested() {
        let popts = permute::Options {
            games: a.games,
            players,
            first_seed: a.seed,
            max_orders: a.orders as usize,
            threads,
        };
        let r = permute::check(&rs, popts).map_err(|e| anyhow!("{}: {e}", rs.spec.name))?;
        Some(r)
    } else {
        None
    };
    let narrowings = if a.check_narrowing && !interrupt::requested() {
        let nopts = narrowings::Options {
            games: a.games,
            players,
            first_seed: a.seed,
            threads,
        };
        let r =
            narrowings::check(&rs.rules, nopts).map_err(|e| anyhow!("{}: {e}", rs.spec.name))?;
        Some(r)
    } else {
        None
    };
    // The points by category, named; the plugins' categories after the base
    // rules' (a plugin at 0 whose rules score: they never came up).
    let cats = rs.rules.score_categories.clone();
    let points: Vec<(String, u64)> = cats
        .iter()
        .enumerate()
        .map(|(i, c)| (c.clone(), o.report.points.get(i).copied().unwrap_or(0)))
        .collect();
    let plugin_points = &points[BASE_CATEGORIES.len().min(points.len())..];
    // What each plugin was seen doing, by its id.
    let activity: Vec<(String, Activity)> = rs
        .rules
        .plugins
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seen = o.report.activity.get(i).copied().unwrap_or_default();
            (p.decl.id.clone(), seen)
        })
        .collect();
    let partial = o.report.games < a.games
        || (a.permute_plugins && permuted.is_none())
        || (a.check_narrowing && narrowings.is_none());
    if a.json {
        let v = serde_json::json!({
            "ruleset": rs.spec.name,
            "players": players,
            "first_seed": a.seed,
            "games": o.report.games,
            "games_requested": a.games,
            "partial": partial,
            "states": o.report.states,
            "actions": o.report.actions,
            "run_orders": permuted.as_ref().map(|r| r.orders.len()),
            "all_run_orders": permuted.as_ref().map(|r| r.all_orders),
            "narrowing_plugins": narrowings.as_ref().map(|r| r.narrowed.clone()),
            "bots": seat_specs(&a.bots, players).iter().map(ToString::to_string).collect::<Vec<_>>(),
            "points_by_category": points
                .iter()
                .map(|(c, n)| (c.clone(), serde_json::Value::from(*n)))
                .collect::<serde_json::Map<_, _>>(),
            "activity_by_plugin": activity
                .iter()
                .map(|(id, n)| (id.clone(), activity_json(n)))
                .collect::<serde_json::Map<_, _>>(),
            "ok": true,
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        println!(
            "{}: ok{} — {} games, {} states checked, {} actions applied ({:.1} s)",
            rs.spec.name,
            if partial {
                format!(
                    " so far (PARTIAL: interrupted after {} of {} games)",
                    o.report.games, a.games
                )
            } else {
                String::new()
            },
            o.report.games,
            o.report.states,
            o.report.actions,
            started.elapsed().as_secs_f64()
        );
        if !plugin_points.is_empty() {
            println!("{}", points_line(&rs.spec.name, plugin_points, &activity));
        }
        if let Some(line) = activity_line(&rs.spec.name, plugin_points, &activity) {
            println!("{line}");
        }
        if permuted.as_ref().is_some_and(|r| r.orders.len() < 2) {
            println!(
                "{}: one valid plugin run order: nothing to compare (the run orders \
                 differ only with two plugins or more whose order is not declared)",
                rs.spec.name
            );
        } else if let Some(r) = &permuted {
            println!(
                "{}: the same {} games in {} plugin run orders{}: no difference ({} steps compared)",
                rs.spec.name,
                r.games,
                r.orders.len(),
                if r.all_orders {
                    " (every valid order)"
                } else {
                    " (a sample of the valid orders)"
                },
                r.steps
            );
        }
        if let Some(r) = &narrowings {
            if r.narrowed.is_empty() {
                println!(
                    "{}: no plugin declares a narrowing: nothing to compare",
                    rs.spec.name
                );
            } else {
                println!(
                    "{}: the same {} games without the narrowings of {}: no difference ({} steps compared)",
                    rs.spec.name,
                    r.games,
                    r.narrowed.join(", "),
                    r.steps
                );
            }
        }
    }
    interrupt::result(partial)
}

/// What the kit saw a plugin do, as JSON.
fn activity_json(n: &Activity) -> serde_json::Value {
    serde_json::json!({
        "decisions": n.decisions,
        "chance_events": n.chance_events,
        "figure_options": n.figure_options,
        "figure_events": n.figure_events,
        "lot_tiles": n.lot_tiles,
        "features_added": n.features_added,
        "log_lines": n.log_lines,
    })
}

/// The points each plugin booked (`plugin_points`, by its category); a
/// plugin at 0 with what else it was seen doing (`activity`), or, if
/// nothing, a note on why that may be.
fn points_line(
    name: &str,
    plugin_points: &[(String, u64)],
    activity: &[(String, Activity)],
) -> String {
    let mut unseen = false;
    let listed: Vec<String> = plugin_points
        .iter()
        .map(|(c, n)| {
            let seen = activity
                .iter()
                .find(|(id, _)| id == c)
                .map(|(_, a)| a.describe())
                .unwrap_or_default();
            match (n, seen.is_empty()) {
                (0, false) => format!("{c} 0 (but {})", seen.join(", ")),
                (0, true) => {
                    unseen = true;
                    format!("{c} 0 (and nothing else seen)")
                }
                _ => format!("{c} {n}"),
            }
        })
        .collect();
    format!(
        "{name}: points the plugins booked in these games (every player's, in absolute \
         value): {}{}",
        listed.join(", "),
        if unseen {
            " — nothing seen: the plugin does nothing the kit sees (decisions of its steps, \
             its chance events, figure options and figures, lot tiles, features added, log \
             lines), or what it does never came up: more games, `--bots greedy`, or \
             `[tiles.counts]` giving its tiles more copies, reach it"
        } else {
            ""
        }
    )
}

/// What the plugins that scored were seen doing besides (`None`: nothing):
/// `abbot 54 figure options of its own taken, 92 lines logged; barn ...`
/// (the others' is on the points line).
fn activity_line(
    name: &str,
    plugin_points: &[(String, u64)],
    activity: &[(String, Activity)],
) -> Option<String> {
    let scored = |id: &str| plugin_points.iter().any(|(c, n)| c == id && *n > 0);
    let listed: Vec<String> = activity
        .iter()
        .filter(|(id, a)| scored(id) && !a.is_empty())
        .map(|(id, a)| format!("{id} {}", a.describe().join(", ")))
        .collect();
    (!listed.is_empty()).then(|| {
        format!(
            "{name}: besides their points, the kit saw {}",
            listed.join("; ")
        )
    })
}
