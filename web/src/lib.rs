//! # carcassonne-web
//!
//! Play in the browser, alone against bots or with friends on their own
//! computers: a web server (axum) and a page, served from the binary (no
//! network needed), where a person creates a game (a ruleset, seats for people
//! and bots), sends each friend his seat's invitation link, and plays. The
//! board comes from `carcassonne-render`; every choice is a legal action of the
//! public [`Game`] API, so any ruleset and any plugin's decisions work without
//! code here naming them.
//!
//! * **Seats** ([`seats`]): each person seat has a secret token of 128 random
//!   bits; a request that acts for a seat without its token gets 403. Anyone
//!   with a game's address may watch ([`view`]: a spectator sees what every
//!   player sees).
//! * **Storage** ([`store`]): every game is kept in a [`Store`] (SQLite, a file
//!   or `:memory:`); each move is written before its answer is sent, so a
//!   server killed and started again serves every game at its move. Unfinished
//!   games expire by age, finished ones stay for replay. A game is held in
//!   memory once: one in use is never dropped to make room, and a copy found
//!   out of date by the store (another server on the same database played
//!   first, or changed a seat) is read again from it; a seat is written only
//!   as the store has it, and a token is checked against the stored seats.
//! * **Push**: a page follows a game over server-sent events and catches up
//!   from the last move it saw when it reconnects.
//! * **Limits** ([`Limits`]): request bodies and uploaded records are capped,
//!   each client address may create only so many games a minute, the store
//!   keeps only so many games (HTTP 507 beyond), and every error the server
//!   answers is a JSON error (`{"error": ...}`) with a 4xx status that
//!   changed nothing, showing at most 80 characters of any text the client
//!   sent; a plugin that fails in a game gets HTTP 500 and leaves the game as
//!   it was. (The HTTP layer's own refusals of malformed requests, 400, 414
//!   and 431, have no body.)
//! * **Network** ([`net`]): the `Host` check (for every route, the events
//!   stream included), the connection loop with a header-read timeout (and as
//!   long again for the body: 408 beyond) and a connection limit.
//!
//! The program that embeds the server supplies the rulesets (already resolved
//! with its plugins), the bots and the store ([`Config`]), so this crate
//! depends on neither the plugin loader nor a particular bot.
#![forbid(unsafe_code)]

mod api;
mod games;
mod limits;
pub mod net;
mod offboard;
pub mod seats;
pub mod session;
pub mod store;
pub mod view;

use carcassonne_core::{Action, Game, Provenance, Record, Rules};
use carcassonne_render::Style;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

pub use api::mine::MY_GAMES_MAX;
pub use api::router;
pub use net::Network;
pub use session::Session;
pub use store::{SqliteStore, Store, StoreError};

/// A bot playing a seat of a browser game.
pub trait BotPlayer: Send {
    /// Chooses an action for the player to act in `g`.
    fn choose(&mut self, g: &Game) -> Result<Action, String>;
}

/// Makes a bot from its name (as listed in [`Config::bots`]) and a seed.
pub type BotFactory = Arc<dyn Fn(&str, u64) -> Result<Box<dyn BotPlayer>, String> + Send + Sync>;

/// Resolves the ruleset of an uploaded record (with the program's plugins;
/// tile sets built in, embedded in the record, or from the server's own
/// directories only).
pub type RulesetOpener = Arc<dyn Fn(&Record) -> Result<Arc<LoadedRuleset>, String> + Send + Sync>;

/// A ruleset offered on the page.
pub struct LoadedRuleset {
    /// Name shown (the ruleset's `name`).
    pub name: String,
    /// Where it came from (a shipped file name or a path).
    pub origin: String,
    /// The ruleset's description.
    pub description: String,
    /// Its default number of players.
    pub players: u8,
    /// What records of its games store about it: the TOML text, the tile-set
    /// files' text, the plugins' versions, the rules' fingerprint (so a record
    /// downloaded from the browser replays anywhere, as `play --record`'s do).
    pub provenance: Provenance,
    /// The compiled rules.
    pub rules: Arc<Rules>,
    /// How its games look: the built-in style, its plugins' styles and the
    /// server's style file merged (`carcassonne_render::layers`).
    pub style: Style,
}

/// The server's limits.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest request body, in bytes (uploaded records excepted).
    pub body_bytes: usize,
    /// Largest uploaded record (the body of `POST /api/records`), in bytes.
    pub record_bytes: usize,
    /// Requests to create a game (or open a record) one client address may
    /// make in any minute (the minute slides), those refused for another
    /// reason included (counted before the body is read), those refused by
    /// this limit not. 0 refuses every one (`carcassonne serve` takes 1 or
    /// more).
    pub games_per_minute: u32,
    /// Most games the store keeps (finished ones included): beyond, creating
    /// a game or opening a record is refused (HTTP 507) until games expire.
    /// With uploaded records capped by [`Limits::record_bytes`], it bounds
    /// what the database holds.
    pub stored_games: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            body_bytes: 16 * 1024,
            record_bytes: 1024 * 1024,
            games_per_minute: 10,
            stored_games: 10_000,
        }
    }
}

/// What the server offers.
pub struct Config {
    /// Rulesets, the default first.
    pub rulesets: Vec<Arc<LoadedRuleset>>,
    /// Bot names offered for seats.
    pub bots: Vec<String>,
    /// Makes bots.
    pub make_bot: BotFactory,
    /// Pause before each bot move, in milliseconds.
    pub bot_delay_ms: u64,
    /// Most games held in memory at once; the others wait in the store and are
    /// read again when someone opens them. A game in use (followed by a page,
    /// played by a bot, in a request) is never dropped, so more may be held
    /// while every game is in use.
    pub max_games: usize,
    /// Opens the rulesets of uploaded records and of stored games whose
    /// ruleset is not among [`Config::rulesets`] (none: such games cannot be
    /// opened).
    pub open_ruleset: Option<RulesetOpener>,
    /// Where games are kept.
    pub store: Arc<dyn Store>,
    /// Unfinished games whose last move is older than this are deleted (none:
    /// kept for ever).
    pub expire_after: Option<Duration>,
    /// Finished games whose last move is older than this are deleted (none:
    /// kept for ever, for replay).
    pub keep_finished: Option<Duration>,
    /// How long a person seat may keep the game waiting before another
    /// player of the game may let a bot play for it (its person takes it back
    /// whenever he returns).
    pub stand_in_after: Duration,
    /// Request limits.
    pub limits: Limits,
}

/// Why a request failed.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// The request is malformed or not legal now (HTTP 400).
    #[error("{0}")]
    BadRequest(String),
    /// The request acts for a seat without that seat's token (HTTP 403).
    #[error("{0}")]
    Forbidden(String),
    /// No such game or turn (HTTP 404).
    #[error("{0}")]
    NotFound(String),
    /// Not possible in the game's current state (HTTP 409).
    #[error("{0}")]
    Conflict(String),
    /// The game held in memory was out of date (another server on the same
    /// database played first): it was read again from the store and the
    /// request changed nothing (HTTP 409).
    #[error("{0}")]
    Stale(String),
    /// The request body is larger than the server takes (HTTP 413).
    #[error("{0}")]
    TooLarge(String),
    /// The request body did not arrive in time (HTTP 408; the connection is
    /// closed).
    #[error("{0}")]
    TimedOut(String),
    /// This client asked to create too many games in the last minute (HTTP 429).
    #[error("{0}")]
    TooMany(String),
    /// The store keeps as many games as it may ([`Limits::stored_games`]):
    /// no game is created (HTTP 507).
    #[error("{0}")]
    Full(String),
    /// The engine or a plugin failed (HTTP 500); the game is unchanged.
    #[error("the game engine failed: {0}")]
    Game(String),
    /// A stored game cannot be replayed here: its moves are damaged, or its
    /// ruleset cannot be had (HTTP 500: the server's failure, which looking
    /// again does not resolve).
    #[error("{0}")]
    Unreplayable(String),
    /// The store failed (HTTP 500, or 409 when another writer came first);
    /// the game is unchanged.
    #[error("{0}")]
    Store(#[from] StoreError),
}

impl WebError {
    fn bad(msg: impl Into<String>) -> WebError {
        WebError::BadRequest(msg.into())
    }
}

/// Milliseconds since the Unix epoch (what the store records as times).
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// Serves `cfg` on `addr` until Ctrl-C or SIGTERM (either stops it
/// gracefully: the pages' event streams end, the requests in progress
/// finish), meeting the network as `net` says; calls `ready` with the bound
/// address (port 0 picks a free port). Expired games are deleted at the start and every hour. Once the server listens,
/// the bots of the unfinished games whose seat to act a bot plays go on, in
/// the background ([`router`] says which).
///
/// An error of the store at the start (reading the games to expire: a
/// damaged database file) comes as an [`std::io::Error`] whose inner error
/// is the [`StoreError`] (`e.get_ref()`, downcast), so that the caller can
/// say what to do about the file.
pub fn run(
    addr: SocketAddr,
    cfg: Config,
    net: Network,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        // Caught from before the server says it listens.
        let stop = stop_requested()?;
        let (app, routes) = api::app(cfg);
        games::expire_now(&app).map_err(|e| match e {
            WebError::Store(e) => std::io::Error::other(e),
            e => std::io::Error::other(e.to_string()),
        })?;
        tokio::spawn(games::expire_every(app.clone(), Duration::from_secs(3600)));
        ready(listener.local_addr()?);
        games::resume_bots(&app);
        let routes = net::check_host(routes, &net.hosts);
        net::serve(listener, routes, &net, async move {
            stop.await;
            // End the pages' event streams, or they would hold the shutdown up.
            app.stopping.send_replace(true);
        })
        .await
    })
}

/// What stops the server: Ctrl-C (SIGINT) or, on Unix, SIGTERM (what `kill`,
/// systemd and container runtimes send), alike: the server stops taking
/// connections, ends the pages' event streams and lets the requests in
/// progress finish. The signals are caught from this call on (within a Tokio
/// runtime), not from the first poll, so one sent as soon as the server says
/// it listens is not missed.
fn stop_requested() -> std::io::Result<impl std::future::Future<Output = ()>> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let (mut int, mut term) = (
            signal(SignalKind::interrupt())?,
            signal(SignalKind::terminate())?,
        );
        Ok(async move {
            tokio::select! {
                _ = int.recv() => {}
                _ = term.recv() => {}
            }
        })
    }
    #[cfg(not(unix))]
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}
