//! `carcassonne serve`: play in the browser, against bots or each other.

use crate::{env, RulesetArgs};
use anyhow::{anyhow, Result};
use carcassonne_bots::{Bot, BotSpec, BOT_NAMES};
use carcassonne_core::{Action, Game};
use carcassonne_web::{BotPlayer, Config, LoadedRuleset};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// Arguments of `serve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// Port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to listen on. The default serves this computer only; an address
    /// such as 0.0.0.0 lets others on the network play (without any login).
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Pause before each bot move, in milliseconds.
    #[arg(long, default_value_t = 500, value_name = "MS")]
    bot_delay: u64,
    /// Most games kept at once (the least recently used is dropped beyond).
    #[arg(long, default_value_t = 200)]
    max_games: usize,
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
    let mut rulesets = Vec::new();
    if let Some(path) = &a.ruleset.ruleset {
        let rs = carcassonne_host::load_file(path, &reg)
            .map_err(|e| anyhow!("invalid ruleset:\n{e}"))?;
        rulesets.push(loaded(rs, path.display().to_string()));
    }
    for (file, text) in carcassonne_host::shipped::SHIPPED {
        let rs = carcassonne_host::load_str(text, file, None, &reg)
            .map_err(|e| anyhow!("invalid shipped ruleset:\n{e}"))?;
        rulesets.push(loaded(rs, (*file).to_string()));
    }
    // The default bot of `play` first: the page offers it first.
    let mut bots: Vec<String> = BOT_NAMES.iter().map(|b| b.to_string()).collect();
    bots.sort_by_key(|b| b != "greedy");
    let cfg = Config {
        rulesets,
        bots,
        make_bot: Arc::new(|name, seed| {
            let spec: BotSpec = name
                .parse()
                .map_err(|e: carcassonne_bots::SpecError| e.to_string())?;
            Ok(Box::new(SeatBot(spec.build(seed))) as Box<dyn BotPlayer>)
        }),
        style: carcassonne_render::Style::default(),
        bot_delay_ms: a.bot_delay,
        max_games: a.max_games,
        open_ruleset: Some(Arc::new(move |text: &str| {
            carcassonne_host::load_str(text, "the record's ruleset", None, &reg)
                .map(|rs| loaded(rs, "a record".into()))
                .map_err(|e| e.to_string())
        })),
    };
    carcassonne_web::run(SocketAddr::new(a.host, a.port), cfg, |addr| {
        println!("Carcassonne is served at http://{addr}/ : open it in a browser. Ctrl-C stops.");
    })
    .map_err(|e| anyhow!("cannot serve on {}:{}: {e}", a.host, a.port))
}

fn loaded(rs: carcassonne_host::Ruleset, origin: String) -> Arc<LoadedRuleset> {
    Arc::new(LoadedRuleset {
        name: rs.spec.name.clone(),
        origin,
        description: rs.spec.description.clone(),
        players: rs.spec.players,
        text: rs.text.clone(),
        rules: rs.rules.clone(),
    })
}
