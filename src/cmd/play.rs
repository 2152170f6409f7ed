//! `carcassonne play`: a full game between built-in bots (and people at the
//! terminal, with `--human`), with a readable turn log.

use crate::record_file::RecordFile;
use crate::{env, log, render, RulesetArgs};
use anyhow::{anyhow, bail, Context, Result};
use carcassonne_bots::{seat_bots, seat_seed, seat_specs, Bot, BotSpec};
use carcassonne_core::{Action, Actor, FigureOption, Game, Recorder};
use carcassonne_render::Style;
use std::io::BufRead;
use std::path::PathBuf;

/// Arguments of `play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// Number of players (2-6); default: the ruleset's.
    #[arg(long)]
    players: Option<u8>,
    /// Seed of the game (default: from the clock; printed so the game can be
    /// replayed). Without `--human`, the same seed, bots, players and ruleset
    /// play the same game as `simulate`'s game of that seed (`simulate --seed S
    /// --games N` plays seeds S to S + N - 1).
    #[arg(long)]
    seed: Option<u64>,
    /// Write the game record (JSON) to this file.
    #[arg(long, value_name = "OUT.json")]
    record: Option<PathBuf>,
    /// Bot for each seat a bot plays, in seat order, comma-separated (the last
    /// one fills the remaining seats): `random`, `greedy` or `mcts` with an
    /// optional budget per move (`mcts:2000` playouts, `mcts:200ms`) and
    /// `:threads=N` (default: one thread, as in `simulate`; all cores with
    /// `--human`). Default: `greedy,random`; with `--human`, the strongest,
    /// `mcts`, for every other seat.
    #[arg(long, value_delimiter = ',')]
    bots: Option<Vec<BotSpec>>,
    /// Seats played by a person at the terminal (0-based, comma-separated), who
    /// chooses each action by its number or its text.
    #[arg(long, value_delimiter = ',', value_name = "SEATS")]
    human: Vec<u8>,
    /// Print only the final scores.
    #[arg(long)]
    quiet: bool,
}

/// "Red 12, Blue 7".
fn scores(g: &Game) -> String {
    let each: Vec<String> = g
        .scores()
        .iter()
        .enumerate()
        .map(|(p, s)| format!("{} {s}", log::NAMES[p]))
        .collect();
    each.join(", ")
}

/// What the person at the terminal chose.
enum Choice {
    /// An action to play.
    Play(Action),
    /// `quit`: stop the game here.
    Quit,
}

/// The longest line read at the terminal, in bytes (an action's text is a few
/// dozen): a longer line is read to its end but not kept, and refused.
pub const LINE_BYTES: usize = 4096;

/// One line read by [`read_line`].
enum Line {
    /// The input ended before any byte of a line.
    End,
    /// A line of at most the limit's bytes (its end of line included).
    Text(Vec<u8>),
    /// A line longer than the limit: read to its end (or the input's) and dropped.
    TooLong,
}

/// Reads one line of at most `max` bytes from `input`, keeping at most `max`
/// bytes in memory however long the line is.
fn read_line(input: &mut impl BufRead, max: usize) -> std::io::Result<Line> {
    let mut bytes = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let n = chunk.len();
        // The end of line does not count.
        let text = n - usize::from(done);
        if !too_long {
            if bytes.len() + text > max {
                too_long = true;
                bytes = Vec::new();
            } else {
                bytes.extend_from_slice(chunk);
            }
        }
        input.consume(n);
        if done {
            break;
        }
    }
    Ok(match (any, too_long) {
        (false, _) => Line::End,
        (true, true) => Line::TooLong,
        (true, false) => Line::Text(bytes),
    })
}

/// Asks the person at `seat` for an action on standard input.
fn ask(g: &Game, style: &Style, seat: u8, input: &mut impl BufRead) -> Result<Choice> {
    let acts = g.legal_actions()?;
    let rules = g.rules();
    println!("\n{}", render::board(g, style));
    print!("{}", render::legend(g, style));
    let left = log::counted(g.bag_len() as u64, "tile", "tiles");
    println!("Scores: {}; {left} left.", scores(g));
    if let Some(tt) = g.drawn_tile().and_then(|t| rules.tiles.get(t)) {
        println!("{} to place {}:", log::NAMES[seat as usize], tt.id);
        print!("{}", render::rotations(tt));
    } else if let Some(step) = g.pending_steps().last() {
        if let Some(p) = rules.plugins.get(step.owner as usize) {
            println!("{}", log::names_in(&p.hooks.describe_step(*step)));
        }
    }
    let texts: Vec<String> = acts
        .iter()
        .map(|&a| match a {
            Action::Figure(FigureOption::Deploy { at, .. }) => {
                let (t, l) = at
                    .feature()
                    .and_then(|f| Some((g.feature_tile(f)?, g.feature_local(f)?)))
                    .unzip();
                match (t, l) {
                    (Some(t), Some(l)) => {
                        format!(
                            "{}   ({})",
                            g.format_action(a),
                            log::describe_feature(g, t, l)
                        )
                    }
                    _ => g.format_action(a),
                }
            }
            // A plugin's label for people, then what to type (`Move the
            // dragon east   [dragon E]`).
            _ => match (g.format_action(a), g.action_label(a)) {
                (record, label) if label != record => {
                    format!("{}   [{record}]", log::names_in(&label))
                }
                (record, _) => record,
            },
        })
        .collect();
    for (i, t) in texts.iter().enumerate() {
        println!("  [{i}] {t}");
    }
    loop {
        println!(
            "{}, your choice (a number or an action; `quit` to stop):",
            log::NAMES[seat as usize]
        );
        // Bytes that are not UTF-8 are read as such (replaced) and refused
        // like any text that names no action: the person chooses again.
        let bytes = match read_line(input, LINE_BYTES).context("cannot read the standard input")? {
            Line::End => bail!("the input ended before the game did"),
            Line::TooLong => {
                println!("That line is too long (at most {LINE_BYTES} bytes); choose again.");
                continue;
            }
            Line::Text(bytes) => bytes,
        };
        let line = String::from_utf8_lossy(&bytes);
        let line = line.trim();
        if line == "quit" {
            return Ok(Choice::Quit);
        }
        if let Ok(i) = line.parse::<usize>() {
            if let Some(&a) = acts.get(i) {
                return Ok(Choice::Play(a));
            }
            println!("There is no option {i}.");
            continue;
        }
        match g.parse_action(line) {
            Ok(a) if acts.contains(&a) => return Ok(Choice::Play(a)),
            Ok(_) => println!("`{line}` is not legal now."),
            Err(e) => println!("{e}"),
        }
    }
}

/// Runs the command.
pub fn run(a: Args) -> Result<()> {
    let (rs, reg) = env::load_ruleset_and_registry(&a.ruleset)?;
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
    // One game at a time: a search bot playing against a person may use
    // every core.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    // The bots play the seats no person plays, in seat order.
    let listed = a.bots.clone().unwrap_or_else(|| {
        if a.human.is_empty() {
            vec![BotSpec::Greedy, BotSpec::Random]
        } else {
            vec![BotSpec::Mcts(Default::default())]
        }
    });
    if let Some(&s) = a.human.iter().find(|&&s| s >= players) {
        bail!("--human {s}: seats are 0 to {}", players - 1);
    }
    let twice = (0..a.human.len()).find(|&i| a.human[..i].contains(&a.human[i]));
    if let Some(s) = twice.map(|i| a.human[i]) {
        bail!("--human {s}: that seat is listed twice (give each seat once)");
    }
    let bot_seats: Vec<u8> = (0..players).filter(|p| !a.human.contains(p)).collect();
    // A bot listed for no seat would never play: a mistake, not a choice.
    if let Some(list) = a.bots.as_ref().filter(|l| l.len() > bot_seats.len()) {
        bail!(
            "--bots lists {} for the {} no person plays: give at most one per seat \
             (the last one given plays the seats left)",
            super::plural(list.len(), "bot"),
            super::plural(bot_seats.len(), "seat")
        );
    }
    let mut specs: Vec<Option<BotSpec>> = vec![None; usize::from(players)];
    for (&p, spec) in bot_seats
        .iter()
        .zip(seat_specs(&listed, bot_seats.len() as u8))
    {
        // A game between bots is the game `simulate` plays with the same
        // seed and bots: a search bot searches on one thread there (its
        // moves depend on the thread count), so here too unless told.
        specs[usize::from(p)] = Some(if a.human.is_empty() {
            spec
        } else {
            spec.with_default_threads(cores)
        });
    }
    let mut bots: Vec<Option<Box<dyn Bot>>> =
        match specs.iter().cloned().collect::<Option<Vec<_>>>() {
            // Every seat a bot: the bots `simulate` gives them (all `random`:
            // one RNG, the moves of the fast path), so the game is its game.
            Some(all) => seat_bots(&all, seed).into_iter().map(Some).collect(),
            None => (0..players)
                .map(|p| {
                    specs[p as usize]
                        .as_ref()
                        .map(|s| s.build(seat_seed(seed, p)))
                })
                .collect(),
        };
    if !a.quiet {
        println!("{} — {} players, seed {seed}", rs.spec.name, players);
        let seats: Vec<String> = (0..players)
            .map(|p| {
                let who = specs[p as usize]
                    .as_ref()
                    .map_or_else(|| "human".to_string(), ToString::to_string);
                format!("{} {who}", log::NAMES[p as usize])
            })
            .collect();
        println!("Seats: {}", seats.join(", "));
        // The first turn began inside `Game::new`, before logging was on.
        let first = carcassonne_core::Event::TurnStarted {
            player: g.current_player(),
            turn: g.turn(),
        };
        println!("{}", log::describe(&g, &first).unwrap_or_default());
    }
    // How the plugins' notes are marked on the terminal's board.
    let style = if a.human.is_empty() {
        Style::default()
    } else {
        env::style(&rs.rules, None)?
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut rec = Recorder::default();
    // The ruleset read is not replaced by the record.
    if let (Some(out), Some(input)) = (&a.record, &a.ruleset.ruleset) {
        let same = |p: &PathBuf| std::fs::canonicalize(p).ok();
        if same(out).is_some() && same(out) == same(input) {
            bail!(
                "--record {}: that is the ruleset file (--ruleset): the record would replace it",
                out.display()
            );
        }
    }
    // The record names the bots by their specifications (a person at the
    // terminal gave no name: "").
    let names = specs
        .iter()
        .map(|s| {
            s.as_ref().map_or_else(String::new, |s| {
                let spec = s.to_string();
                spec.chars()
                    .take(carcassonne_core::record::NAME_CHARS)
                    .collect()
            })
        })
        .collect();
    let mut file = match &a.record {
        Some(path) => Some(RecordFile::create(
            path,
            rs.provenance(&reg),
            names,
            &rec,
            &g,
        )?),
        None => None,
    };
    // Whether the game ended (false: a person stopped it).
    let mut turns = || -> Result<bool> {
        loop {
            let events = g.take_events();
            for line in log::lines(&g, &events) {
                println!("{line}");
            }
            match g.actor() {
                Actor::GameOver => return Ok(true),
                Actor::Chance => {
                    rec.sample(&mut g)?;
                }
                Actor::Player(p) => match (&mut bots[p.index()], &specs[p.index()]) {
                    (Some(bot), Some(spec)) => {
                        let act = bot
                            .choose(&g)
                            .with_context(|| format!("{} ({spec})", log::NAMES[p.index()]))?;
                        rec.apply(&mut g, act)?;
                    }
                    _ => match ask(&g, &style, p.seat(), &mut input)? {
                        Choice::Quit => return Ok(false),
                        Choice::Play(act) => {
                            if let Err(e) = rec.apply(&mut g, act) {
                                // The engine restored the state: the person may choose again.
                                println!("That did not work: {e}. Nothing changed; choose again.");
                                continue;
                            }
                        }
                    },
                },
            }
            if let Some(f) = file.as_mut() {
                f.save(&rec, &g)?;
            }
        }
    };
    let ended = match turns() {
        Ok(ended) => ended,
        Err(e) => {
            return Err(match &file {
                Some(f) => anyhow!("{e:#}\n({})", f.kept()),
                None => e,
            })
        }
    };
    if !ended {
        println!(
            "Game stopped at turn {} (seed {seed}); the scores so far: {}.",
            g.turn(),
            scores(&g)
        );
        if let Some(f) = file.as_mut() {
            f.save(&rec, &g)?;
            println!(
                "The game so far is recorded in {}: `carcassonne replay` and the browser's record upload read it.",
                f.path().display()
            );
        }
        return Ok(());
    }
    println!("Final scores (seed {seed}):");
    let best = g.scores().iter().copied().max().unwrap_or(0);
    for (p, s) in g.scores().iter().enumerate() {
        let mark = if *s == best { "  <- winner" } else { "" };
        println!("  {:<6} {s:>4}{mark}", log::NAMES[p]);
    }
    if let Some(f) = file.as_mut() {
        f.save(&rec, &g)?;
        println!("Record written to {}", f.path().display());
    }
    Ok(())
}
