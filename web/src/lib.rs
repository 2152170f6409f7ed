//! # carcassonne-web
//!
//! Play in the browser: a local web server (axum) and a page, served from the
//! binary (no network needed), where a person picks a ruleset and seats (people
//! and bots) and plays. The board comes from `carcassonne-render`; every choice
//! is a legal action of the public [`Game`] API, so any ruleset and any plugin's
//! decisions work without code here naming them.
//!
//! Each game lives in its own [`Session`] behind its own lock: an invalid request
//! gets a JSON error (`{"error": ...}`) with a 4xx status and changes nothing,
//! in that game or any other; a plugin that fails in a game gets HTTP 500 and
//! leaves the game as it was. How the server meets the network (the `Host`
//! check, timeouts, a connection limit) is in [`net`].
//!
//! The program that embeds the server supplies the rulesets (already resolved
//! with its plugins) and the bots ([`Config`]), so this crate depends on neither
//! the plugin loader nor a particular bot.
#![forbid(unsafe_code)]

mod api;
pub mod net;
pub mod session;

use carcassonne_core::{Action, Game, Provenance, Record, Rules};
use carcassonne_render::Style;
use std::net::SocketAddr;
use std::sync::Arc;

pub use api::router;
pub use net::Network;
pub use session::Session;

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
}

/// What the server offers.
pub struct Config {
    /// Rulesets, the default first.
    pub rulesets: Vec<Arc<LoadedRuleset>>,
    /// Bot names offered for seats.
    pub bots: Vec<String>,
    /// Makes bots.
    pub make_bot: BotFactory,
    /// How the board looks.
    pub style: Style,
    /// Pause before each bot move, in milliseconds (the page waits this long).
    pub bot_delay_ms: u64,
    /// Most games kept at once; the least recently used is dropped beyond.
    pub max_games: usize,
    /// Opens the rulesets of uploaded records (none: records cannot be opened).
    pub open_ruleset: Option<RulesetOpener>,
}

/// Why a request failed.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// The request is malformed or not legal now (HTTP 400).
    #[error("{0}")]
    BadRequest(String),
    /// No such game or turn (HTTP 404).
    #[error("{0}")]
    NotFound(String),
    /// Not possible in the game's current state (HTTP 409).
    #[error("{0}")]
    Conflict(String),
    /// The engine or a plugin failed (HTTP 500); the game is unchanged.
    #[error("the game engine failed: {0}")]
    Game(String),
}

impl WebError {
    fn bad(msg: impl Into<String>) -> WebError {
        WebError::BadRequest(msg.into())
    }
}

/// Serves `cfg` on `addr` until Ctrl-C, meeting the network as `net` says;
/// calls `ready` with the bound address (port 0 picks a free port).
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
        ready(listener.local_addr()?);
        let app = net::check_host(router(cfg), &net.hosts);
        net::serve(listener, app, &net, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
    })
}
