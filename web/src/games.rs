//! The games the server holds in memory, read from the store when first
//! opened; moves written to the store before they are kept; the bots the
//! server plays; the games that expire.

use crate::api::App;
use crate::session::Session;
use crate::store::StoredGame;
use crate::{now_ms, Config, LoadedRuleset, WebError};
use carcassonne_core::Record;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::watch;

/// A game held in memory.
pub struct Live {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Whether the lobby lists it.
    pub listed: bool,
    /// The game. Moves are tried on a copy and kept once stored.
    session: Mutex<Session>,
    /// The number of moves played: pages following the game wait on it.
    pub moves: watch::Sender<usize>,
    /// Whether a bot move is on its way.
    bot_pending: AtomicBool,
}

impl Live {
    /// A game to hold.
    pub fn new(id: String, name: String, listed: bool, session: Session) -> Live {
        let (moves, _) = watch::channel(session.actions().len());
        Live {
            id,
            name,
            listed,
            session: Mutex::new(session),
            moves,
            bot_pending: AtomicBool::new(false),
        }
    }

    /// The game, locked.
    pub fn lock(&self) -> Result<MutexGuard<'_, Session>, WebError> {
        self.session
            .lock()
            .map_err(|_| WebError::Game("this game failed earlier".into()))
    }

    /// Changes the game with `f` (moves and seats): on a copy, written to the
    /// store (new moves, then every seat that changed), then kept and
    /// announced. If anything fails, nothing changed.
    pub fn commit(
        &self,
        cfg: &Config,
        f: impl FnOnce(&mut Session) -> Result<(), WebError>,
    ) -> Result<(), WebError> {
        let mut s = self.lock()?;
        let mut next = s.clone();
        f(&mut next)?;
        next.auto_pass()?;
        let before = s.actions().len();
        let after = next.actions().len();
        if after > before {
            cfg.store.append(
                &self.id,
                before,
                &next.actions()[before..],
                &next.status(),
                now_ms(),
            )?;
        }
        for (i, (old, new)) in s.seats().iter().zip(next.seats()).enumerate() {
            if old != new {
                cfg.store.set_seat(&self.id, i as u8, new)?;
            }
        }
        next.stuck = None;
        *s = next;
        drop(s);
        self.moves.send_replace(after);
        Ok(())
    }
}

/// The games in memory, the least recently used first to go.
#[derive(Default)]
pub struct Held {
    map: HashMap<String, (Arc<Live>, u64)>,
    clock: u64,
}

impl App {
    fn held(&self) -> Result<MutexGuard<'_, Held>, WebError> {
        self.held
            .lock()
            .map_err(|_| WebError::Game("the list of games is unavailable".into()))
    }

    /// Holds `live` (dropping the least recently used game nobody follows
    /// beyond the limit: it stays in the store). If another request read the
    /// same game first, that one is kept.
    pub fn hold(&self, live: Live) -> Result<Arc<Live>, WebError> {
        let mut held = self.held()?;
        held.clock += 1;
        let now = held.clock;
        if let Some((l, used)) = held.map.get_mut(&live.id) {
            *used = now;
            return Ok(l.clone());
        }
        if held.map.len() >= self.cfg.max_games.max(1) {
            let idle = held
                .map
                .iter()
                .filter(|(_, (l, _))| l.moves.receiver_count() == 0)
                .min_by_key(|(_, (_, used))| *used)
                .map(|(k, _)| k.clone());
            if let Some(k) = idle {
                held.map.remove(&k);
            }
        }
        let live = Arc::new(live);
        held.map.insert(live.id.clone(), (live.clone(), now));
        Ok(live)
    }

    /// The game `id`, read from the store if it is not held. Blocking.
    pub fn live(&self, id: &str) -> Result<Arc<Live>, WebError> {
        {
            let mut held = self.held()?;
            held.clock += 1;
            let now = held.clock;
            if let Some((l, used)) = held.map.get_mut(id) {
                *used = now;
                return Ok(l.clone());
            }
        }
        let stored = self
            .cfg
            .store
            .load(id)?
            .ok_or_else(|| WebError::NotFound(format!("no game `{id}`")))?;
        let live = self.revive(stored)?;
        self.hold(live)
    }

    /// A stored game, replayed.
    fn revive(&self, g: StoredGame) -> Result<Live, WebError> {
        let ruleset = self.ruleset_of(&g.header, &g.origin)?;
        let mut rec = g.header;
        rec.actions = g.actions;
        let session = Session::from_record(ruleset, &rec, g.seats).map_err(|e| {
            WebError::Conflict(format!("game {} cannot be replayed here: {e}", g.id))
        })?;
        Ok(Live::new(g.id, g.name, g.listed, session))
    }

    /// The ruleset of record `rec`: one the server offers (the same text
    /// and, where the record has it, the same rules), or else opened.
    pub fn ruleset_of(&self, rec: &Record, origin: &str) -> Result<Arc<LoadedRuleset>, WebError> {
        let offered = self.cfg.rulesets.iter().find(|r| {
            r.provenance.ruleset == rec.ruleset
                && (rec.rules_hash.is_none() || r.provenance.rules_hash == rec.rules_hash)
        });
        if let Some(r) = offered {
            return Ok(r.clone());
        }
        let open = self
            .cfg
            .open_ruleset
            .as_ref()
            .ok_or_else(|| WebError::bad("this server does not open other rulesets"))?;
        let mut r = open(rec).map_err(|e| WebError::bad(format!("the ruleset: {e}")))?;
        if let Some(loaded) = Arc::get_mut(&mut r) {
            loaded.origin = origin.to_string();
        }
        Ok(r)
    }

    /// Forgets the games `ids` (expired).
    fn forget(&self, ids: &[String]) -> Result<(), WebError> {
        let mut held = self.held()?;
        for id in ids {
            held.map.remove(id);
        }
        Ok(())
    }
}

/// Lets the server play the bot to act in `live`, after the bot delay, and
/// again while bots are to act. At most one bot move per game is on its way.
pub fn kick_bots(app: &Arc<App>, live: &Arc<Live>) {
    let bot = live
        .lock()
        .is_ok_and(|s| s.bot_to_act() && s.stuck.is_none());
    if !bot || live.bot_pending.swap(true, Ordering::AcqRel) {
        return;
    }
    let (app, live) = (app.clone(), live.clone());
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(app.cfg.bot_delay_ms)).await;
        let moved = {
            let (app, live) = (app.clone(), live.clone());
            tokio::task::spawn_blocking(move || {
                let result = live.commit(&app.cfg, |s| s.bot_move(&app.cfg.make_bot));
                if let Err(e) = &result {
                    // Shown to the players; the game waits (a server
                    // started again tries the bot once more).
                    if let Ok(mut s) = live.lock() {
                        s.stuck = Some(e.to_string());
                    }
                    live.moves.send_modify(|_| {});
                }
                result.is_ok()
            })
            .await
            .unwrap_or(false)
        };
        live.bot_pending.store(false, Ordering::Release);
        if moved {
            kick_bots(&app, &live);
        }
    });
}

/// Deletes the unfinished games older than the configured age.
pub fn expire_now(app: &App) -> Result<usize, WebError> {
    let Some(age) = app.cfg.expire_after else {
        return Ok(0);
    };
    let before = now_ms().saturating_sub(age.as_millis() as u64);
    let ids = app.cfg.store.expire(before)?;
    app.forget(&ids)?;
    Ok(ids.len())
}

/// [`expire_now`] every `period`, for ever.
pub async fn expire_every(app: Arc<App>, period: Duration) {
    loop {
        tokio::time::sleep(period).await;
        let app = app.clone();
        if let Ok(Err(e)) = tokio::task::spawn_blocking(move || expire_now(&app)).await {
            eprintln!("warning: expiring old games failed: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seats::{Seat, SeatKind};
    use crate::store::{SqliteStore, Status, Store};

    /// A game of no moves, last played at `updated`.
    fn game(id: &str, over: bool, updated: u64) -> StoredGame {
        let header = Record::from_json(&format!(
            r#"{{"format": "{}", "ruleset_name": "base", "ruleset": "tilesets = [\"base\"]",
                "players": 2, "seed": 1, "actions": []}}"#,
            carcassonne_core::record::RECORD_FORMAT
        ))
        .unwrap();
        StoredGame {
            id: id.into(),
            name: id.into(),
            listed: true,
            origin: "test".into(),
            header,
            seats: (0..2)
                .map(|_| Seat::new(SeatKind::Person).unwrap())
                .collect(),
            actions: Vec::new(),
            status: Status {
                over,
                turn: 1,
                actor: (!over).then_some(0),
            },
            created: updated,
            updated,
        }
    }

    fn server(store: Arc<dyn Store>, expire_after: Option<Duration>) -> Arc<App> {
        crate::api::app(Config {
            rulesets: Vec::new(),
            bots: Vec::new(),
            make_bot: Arc::new(|_, _| Err("no bots".into())),
            bot_delay_ms: 0,
            max_games: 1,
            open_ruleset: None,
            store,
            expire_after,
            limits: Default::default(),
        })
        .0
    }

    #[test]
    fn unfinished_games_expire_by_the_configured_age_of_their_last_move() {
        let store: Arc<dyn Store> = Arc::new(SqliteStore::open(":memory:".as_ref()).unwrap());
        let (hour, now) = (3_600_000, now_ms());
        store.create(&game("old", false, now - 2 * hour)).unwrap();
        store
            .create(&game("recent", false, now - hour / 2))
            .unwrap();
        store
            .create(&game("finished", true, now - 2 * hour))
            .unwrap();
        // Without an age, games are kept for ever.
        assert_eq!(expire_now(&server(store.clone(), None)).unwrap(), 0);
        assert!(store.load("old").unwrap().is_some());
        let app = server(store.clone(), Some(Duration::from_secs(3600)));
        assert_eq!(expire_now(&app).unwrap(), 1);
        assert!(store.load("old").unwrap().is_none());
        assert!(store.load("recent").unwrap().is_some());
        assert!(store.load("finished").unwrap().is_some(), "kept for replay");
    }
}
