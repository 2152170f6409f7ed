//! `carcassonne serve`: play in the browser, against bots or each other.

use crate::{env, RulesetArgs};
use anyhow::{anyhow, Result};
use carcassonne_bots::{Bot, BotSpec, BOT_NAMES};
use carcassonne_core::{Action, Game, Record};
use carcassonne_host::provenance::load_record_ruleset_with;
use carcassonne_host::tilesets::TileSetFiles;
use carcassonne_host::Registry;
use carcassonne_web::{BotPlayer, Config, Limits, LoadedRuleset, Network, SqliteStore, StoreError};
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Arguments of `serve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// Port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to listen on. The default serves this computer only; an address
    /// such as 0.0.0.0 lets others on the network play (each seat through its
    /// invitation link).
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Pause before each bot move, in milliseconds.
    #[arg(long, default_value_t = 500, value_name = "MS")]
    bot_delay: u64,
    /// The SQLite file that keeps every game (created if missing); `:memory:`
    /// keeps nothing. Default: `carcassonne/games.sqlite3` in the user's data
    /// directory.
    #[arg(long, value_name = "FILE")]
    db: Option<PathBuf>,
    /// Unfinished games whose last move is older than this many days are
    /// deleted (0: never). Finished games stay, for replay.
    #[arg(long, default_value_t = 30, value_name = "DAYS")]
    expire_days: u32,
    /// Finished games whose last move is older than this many days are
    /// deleted (0: never, the default: kept for replay).
    #[arg(long, default_value_t = 0, value_name = "DAYS")]
    keep_finished_days: u32,
    /// Minutes a person seat may keep the game waiting before another player of the game may let a bot play for it (0: at once)
    #[arg(long, default_value_t = 5, value_name = "MINUTES")]
    stand_in_after: u32,
    /// Most games held in memory at once (the others wait in the database):
    /// 1 to 100000.
    #[arg(long, default_value_t = 200, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100_000))]
    max_games: u64,
    /// Most games the database keeps, finished ones included: beyond,
    /// creating a game or opening a record is refused (507) until old ones
    /// expire. 1 to 100000000.
    #[arg(long, default_value_t = 10_000, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    max_stored_games: u64,
    /// Games one client address may create (or open from records) a minute
    /// (at least 1).
    #[arg(long, default_value_t = 10, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    games_per_minute: u32,
    /// Largest request that opens a game from a record (the record as a JSON
    /// string in it), in KiB: 1 to 16384 (16 MiB, the largest file `replay`
    /// reads).
    #[arg(long, default_value_t = 1024, value_name = "KIB", value_parser = clap::value_parser!(u64).range(1..=16384))]
    max_record_kib: u64,
    /// A host name the server answers to, besides IP addresses and `localhost`
    /// (repeatable): the name others use to reach it. Requests naming another
    /// host in their `Host` header are refused (no DNS rebinding).
    #[arg(long = "allow-host", value_name = "NAME")]
    allow_hosts: Vec<String>,
    /// Seconds a client has to send a request's headers (and an idle
    /// connection to send its next request) before it is closed; as long
    /// again to send the request's body after them (else 408).
    #[arg(long, default_value_t = 10, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=3600))]
    header_timeout: u64,
    /// Most connections served at once (one beyond gets `503` at once).
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    max_connections: u64,
    /// Most connections served at once from one client address (one beyond
    /// gets `503` at once). Behind a reverse proxy every client has the
    /// proxy's address: raise it to `--max-connections` there.
    #[arg(long, default_value_t = 32, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100_000))]
    connections_per_address: u64,
    /// A directory whose tile-set files the rulesets of uploaded records may
    /// name (repeatable). Other than these, a record opened here uses only
    /// built-in tile sets and those embedded in it: it reads nothing else on
    /// this computer's disk.
    #[arg(long = "tileset-dir", value_name = "DIR")]
    tileset_dirs: Vec<PathBuf>,
    /// Style file (TOML, the format of `render/style.toml`) merged over the
    /// built-in style and the plugins' styles in every game's pictures.
    #[arg(long, value_name = "FILE")]
    style: Option<PathBuf>,
}

/// The user's data directory: `$XDG_DATA_HOME` or `~/.local/share` (Linux
/// and other Unix systems), `~/Library/Application Support` (macOS),
/// `%APPDATA%` (Windows).
fn data_dir() -> Option<PathBuf> {
    let var = |k: &str| {
        std::env::var_os(k)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    if cfg!(windows) {
        var("APPDATA")
    } else if cfg!(target_os = "macos") {
        var("HOME").map(|h| h.join("Library/Application Support"))
    } else {
        var("XDG_DATA_HOME").or_else(|| var("HOME").map(|h| h.join(".local/share")))
    }
}

/// `n` days, none for 0 (kept for ever).
fn days(n: u32) -> Option<Duration> {
    (n > 0).then(|| Duration::from_secs(u64::from(n) * 24 * 3600))
}

/// The database file: `--db`, or the default in the user's data directory
/// (its folder created readable by the user alone: the file holds the seats'
/// tokens).
fn db_path(given: Option<PathBuf>) -> Result<PathBuf> {
    if let Some(p) = given {
        return Ok(p);
    }
    let dir = data_dir()
        .ok_or_else(|| {
            anyhow!("no data directory (HOME is not set): give the database with --db FILE")
        })?
        .join("carcassonne");
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder
        .create(&dir)
        .map_err(|e| anyhow!("cannot create {}: {e}", dir.display()))?;
    Ok(dir.join("games.sqlite3"))
}

/// A bot of `carcassonne-bots` playing a seat of a browser game.
struct SeatBot(Box<dyn Bot>);

impl BotPlayer for SeatBot {
    fn choose(&mut self, g: &Game) -> Result<Action, String> {
        self.0.choose(g).map_err(|e| e.to_string())
    }
}

/// Runs the command.
pub fn run(a: Args) -> Result<()> {
    let reg = env::registry(&a.ruleset.plugin_dirs)?;
    for d in &a.tileset_dirs {
        if !d.is_dir() {
            return Err(anyhow!("--tileset-dir {}: not a directory", d.display()));
        }
    }
    let files = TileSetFiles::Within(a.tileset_dirs.clone());
    let user = Arc::new(env::read_style(a.style.as_deref())?);
    let mut rulesets = Vec::new();
    if let Some(path) = &a.ruleset.ruleset {
        let rs = carcassonne_host::shipped::load(path, &reg)
            .map_err(|e| anyhow!("invalid ruleset:\n{}", env::explained(&reg, e)))?;
        rulesets.push(loaded(&rs, &reg, path.display().to_string(), &user)?);
    }
    for (file, text) in carcassonne_host::shipped::SHIPPED {
        let rs = carcassonne_host::load_str(text, file, None, &reg)
            .map_err(|e| anyhow!("invalid shipped ruleset:\n{e}"))?;
        rulesets.push(loaded(&rs, &reg, (*file).to_string(), &user)?);
    }
    // The default bot of `play` first: the page offers it first.
    let mut bots: Vec<String> = BOT_NAMES.iter().map(|b| b.to_string()).collect();
    bots.sort_by_key(|b| b != "greedy");
    let db = db_path(a.db)?;
    let store = SqliteStore::open(&db).map_err(|e| db_refused(&db, &e))?;
    let cfg = Config {
        rulesets,
        bots,
        make_bot: Arc::new(|name, seed| {
            let spec: BotSpec = name
                .parse()
                .map_err(|e: carcassonne_bots::SpecError| e.to_string())?;
            Ok(Box::new(SeatBot(spec.build(seed))) as Box<dyn BotPlayer>)
        }),
        bot_delay_ms: a.bot_delay,
        max_games: usize::try_from(a.max_games).unwrap_or(usize::MAX),
        store: Arc::new(store),
        expire_after: days(a.expire_days),
        keep_finished: days(a.keep_finished_days),
        stand_in_after: Duration::from_secs(u64::from(a.stand_in_after) * 60),
        limits: Limits {
            record_bytes: usize::try_from(a.max_record_kib * 1024).unwrap_or(usize::MAX),
            games_per_minute: a.games_per_minute,
            stored_games: a.max_stored_games,
            ..Limits::default()
        },
        open_ruleset: Some(Arc::new(move |rec: &Record| {
            load_record_ruleset_with(rec, "the record's ruleset", &files, &reg)
                .map_err(|e| e.to_string())
                .and_then(|rs| {
                    loaded(&rs, &reg, "a record".into(), &user).map_err(|e| e.to_string())
                })
        })),
    };
    let net = Network {
        hosts: a.allow_hosts,
        header_timeout: Duration::from_secs(a.header_timeout),
        max_connections: a.max_connections as usize,
        max_per_address: a.connections_per_address as usize,
    };
    let host = a.host;
    carcassonne_web::run(SocketAddr::new(a.host, a.port), cfg, net, |addr| {
        if !host.is_loopback() {
            println!(
                "Listening on {host}: the server is now reachable from the network (anyone who reaches it may watch games, create games and take free seats)."
            );
        }
        // 0.0.0.0 (or ::) is no address a browser opens: this computer's
        // loopback address is, and the others use the address they reach.
        let (shown, others) = if addr.ip().is_unspecified() {
            let local = match addr {
                SocketAddr::V4(_) => std::net::IpAddr::from([127, 0, 0, 1]),
                SocketAddr::V6(_) => std::net::Ipv6Addr::LOCALHOST.into(),
            };
            let port = addr.port();
            (
                SocketAddr::new(local, port),
                format!(" (others: http://<this computer's address>:{port}/)"),
            )
        } else {
            (addr, String::new())
        };
        println!(
            "Carcassonne is served at http://{shown}/{others} : open it in a browser. {} Ctrl-C stops.",
            kept_where(&db)
        );
    })
    .map_err(|e| {
        // The database read at the start (the games to expire) failed.
        match e.get_ref().and_then(|e| e.downcast_ref::<StoreError>()) {
            Some(e) => db_refused(&db, e),
            None => anyhow!("cannot serve on {}:{}: {e}", a.host, a.port),
        }
    })
}

/// Where the start line says the games are kept: the database file, or
/// nowhere for `:memory:`.
fn kept_where(db: &Path) -> String {
    if db.as_os_str() == ":memory:" {
        "Games are kept in memory only: they are lost when the server stops.".into()
    } else {
        format!("Games are kept in {}.", db.display())
    }
}

/// Why the database file `db` cannot be used, in one line: a file that is no
/// database, or a damaged one, is named with what to do (the server writes
/// nothing to it: it stays as it was, for the user to keep or repair).
fn db_refused(db: &Path, e: &StoreError) -> anyhow::Error {
    let file = db.display().to_string();
    match e {
        StoreError::Damaged(why) => {
            let why = why.strip_prefix(&format!("{file}: ")).unwrap_or(why);
            anyhow!(
                "the game database {file} is not a database, or it is damaged ({why}); it was \
                 left as it is: move it aside (or put a backup in its place) and start again \
                 for a new, empty database, or choose another file with --db FILE"
            )
        }
        e if e.to_string().contains(&file) => anyhow!("{e}"),
        e => anyhow!("{e} ({file})"),
    }
}

/// Ruleset `rs` as the page offers it, with its style (`user` merged last).
fn loaded(
    rs: &carcassonne_host::Ruleset,
    reg: &Registry,
    origin: String,
    user: &Option<env::StyleFile>,
) -> Result<Arc<LoadedRuleset>> {
    Ok(Arc::new(LoadedRuleset {
        name: rs.spec.name.clone(),
        origin,
        description: rs.spec.description.clone(),
        players: rs.spec.players,
        provenance: rs.provenance(reg),
        rules: rs.rules.clone(),
        style: env::style(&rs.rules, user.as_ref())?,
    }))
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    #[derive(Parser)]
    struct Serve {
        #[command(flatten)]
        args: super::Args,
    }

    #[test]
    fn a_damaged_database_is_refused_in_one_line_that_says_what_to_do() {
        let dir = std::env::temp_dir().join(format!("carcassonne-serve-db-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("games.sqlite3");
        let junk = b"not a database: a text file of some length, long enough for a header";
        std::fs::write(&db, junk).unwrap();
        let e = carcassonne_web::SqliteStore::open(&db)
            .err()
            .expect("refused");
        let said = super::db_refused(&db, &e).to_string();
        let file = db.display().to_string();
        assert_eq!(said.lines().count(), 1, "{said}");
        assert_eq!(said.matches(&file).count(), 1, "{said}");
        for part in [
            "is not a database, or it is damaged",
            "move it aside",
            "--db FILE",
        ] {
            assert!(said.contains(part), "{part}: {said}");
        }
        assert_eq!(
            std::fs::read(&db).unwrap(),
            junk,
            "the file is left as it was"
        );
        // Found damaged later (the games to expire read at the start): the
        // same, the file named.
        let later = carcassonne_web::StoreError::Damaged("database disk image is malformed".into());
        let said = super::db_refused(&db, &later).to_string();
        assert!(
            said.contains(&file) && said.contains("move it aside"),
            "{said}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn games_per_minute_is_at_least_one() {
        let e = Serve::try_parse_from(["serve", "--games-per-minute", "0"])
            .err()
            .expect("0 would refuse every game");
        let e = e.to_string();
        assert!(
            e.contains("--games-per-minute") && e.contains("0 is not in 1.."),
            "{e}"
        );
        let a = Serve::try_parse_from(["serve", "--games-per-minute", "1"]).unwrap();
        assert_eq!(a.args.games_per_minute, 1);
    }

    #[test]
    fn the_games_held_and_stored_are_range_checked() {
        for (option, refused) in [
            ("--max-games", "0"),
            ("--max-games", "100001"),
            ("--max-stored-games", "0"),
            ("--max-stored-games", "100000001"),
        ] {
            let e = Serve::try_parse_from(["serve", option, refused])
                .err()
                .unwrap_or_else(|| panic!("{option} {refused} is taken"))
                .to_string();
            assert!(e.contains(option) && e.contains("is not in 1.."), "{e}");
        }
        let a = Serve::try_parse_from(["serve"]).unwrap();
        assert_eq!((a.args.max_games, a.args.max_stored_games), (200, 10_000));
        let a = Serve::try_parse_from(["serve", "--max-games", "1", "--max-stored-games", "5"])
            .unwrap();
        assert_eq!((a.args.max_games, a.args.max_stored_games), (1, 5));
    }

    #[test]
    fn a_server_that_keeps_nothing_says_so() {
        assert_eq!(
            super::kept_where(std::path::Path::new(":memory:")),
            "Games are kept in memory only: they are lost when the server stops."
        );
        assert_eq!(
            super::kept_where(std::path::Path::new("club.sqlite3")),
            "Games are kept in club.sqlite3."
        );
    }
}
