//! The games the server holds in memory, read from the store when first
//! opened; moves written to the store before they are kept; the bots the
//! server plays (resumed when the server starts); the games that expire.

use crate::api::App;
use crate::session::Session;
use crate::store::{SeedKnown, StoreError, StoredGame};
use crate::{now_ms, Config, LoadedRuleset, WebError};
use carcassonne_core::Record;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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
    /// Who may know its seed, and so the tiles to come (none: the server
    /// drew it).
    pub seed_known: Option<SeedKnown>,
    /// The game. Moves are tried on a copy and kept once stored.
    session: Mutex<Session>,
    /// The number of moves played: pages following the game wait on it.
    pub moves: watch::Sender<usize>,
    /// Whether a bot move is on its way.
    bot_pending: AtomicBool,
    /// When the last move was played (or the game created), in milliseconds
    /// since the epoch: how long the player to act has kept the game waiting.
    last_move_ms: AtomicU64,
}

impl Live {
    /// A game to hold (its id, name, whether it is listed and who may know
    /// its seed, as stored), whose last move was played at `last_move_ms`.
    pub fn new(stored: &StoredGame, session: Session, last_move_ms: u64) -> Live {
        let (moves, _) = watch::channel(session.actions().len());
        Live {
            id: stored.id.clone(),
            name: stored.name.clone(),
            listed: stored.listed,
            seed_known: stored.seed_known,
            session: Mutex::new(session),
            moves,
            bot_pending: AtomicBool::new(false),
            last_move_ms: AtomicU64::new(last_move_ms),
        }
    }

    /// How long the game has waited since its last move.
    pub fn waiting(&self) -> Duration {
        let last = self.last_move_ms.load(Ordering::Relaxed);
        Duration::from_millis(now_ms().saturating_sub(last))
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
    ///
    /// If the store refuses the write because someone else wrote first
    /// (another copy of this game: another server on the same database), the
    /// game held here is out of date: it is replaced by the stored game,
    /// replayed, and the answer is [`WebError::Stale`].
    pub fn commit(
        &self,
        app: &App,
        f: impl FnOnce(&mut Session) -> Result<(), WebError>,
    ) -> Result<(), WebError> {
        let mut s = self.lock()?;
        let mut next = s.clone();
        f(&mut next)?;
        next.auto_pass()?;
        match self.write(&app.cfg, &s, &next) {
            Ok(()) => {}
            Err(StoreError::Conflict(why)) => return self.reread(app, s, why),
            Err(e) => return Err(e.into()),
        }
        next.stuck = None;
        let after = next.actions().len();
        if after != s.actions().len() {
            self.last_move_ms.store(now_ms(), Ordering::Relaxed);
        }
        *s = next;
        drop(s);
        self.moves.send_replace(after);
        Ok(())
    }

    /// Writes what changed from `old` to `new` to the store: every seat that
    /// changed, then the new moves. Each seat is written only if it is
    /// stored as `old` has it, and so is the seat that made the first new
    /// move checked (its token, or its bot): a seat another server changed
    /// (a lobby join there gave it a new token) is a conflict, never
    /// overwritten nor played for with its old token.
    fn write(&self, cfg: &Config, old: &Session, new: &Session) -> Result<(), StoreError> {
        let (before, after) = (old.actions().len(), new.actions().len());
        let mover = old.actor().filter(|_| after > before);
        for (i, (o, n)) in old.seats().iter().zip(new.seats()).enumerate() {
            if o != n || mover == Some(i as u8) {
                cfg.store.set_seat(&self.id, i as u8, o, n)?;
            }
        }
        if after > before {
            cfg.store.append(
                &self.id,
                before,
                &new.actions()[before..],
                &new.status(),
                now_ms(),
            )?;
        }
        Ok(())
    }

    /// Brings the seats held here up to the store's (another server on the
    /// same database may have changed them: a person took a seat from the
    /// lobby there, with a new token), so that a token is checked against
    /// the seats as stored. Blocking. A game the store no longer has keeps
    /// its seats (its next write finds it gone).
    pub fn sync_seats(&self, app: &App) -> Result<(), WebError> {
        // Read under the game's lock, as writes are: a seat changed here
        // meanwhile is not undone by an older read.
        let mut s = self.lock()?;
        let Some(stored) = app.cfg.store.summary(&self.id)? else {
            return Ok(());
        };
        if stored.seats.len() == s.seats.len() && stored.seats != s.seats {
            s.seats = stored.seats;
            drop(s);
            // The pages are told, as of a seat changed here.
            self.moves.send_modify(|_| {});
        }
        Ok(())
    }

    /// After the store refused a write (`why`): the game `s` held here is
    /// replaced by the stored one, which is announced. A game the store no
    /// longer has is forgotten.
    fn reread(
        &self,
        app: &App,
        mut s: MutexGuard<'_, Session>,
        why: String,
    ) -> Result<(), WebError> {
        let fresh = match app.cfg.store.load(&self.id) {
            Ok(Some(stored)) => {
                self.last_move_ms.store(stored.updated, Ordering::Relaxed);
                app.replay(&stored)
            }
            Ok(None) => {
                drop(s);
                app.forget(std::slice::from_ref(&self.id))?;
                return Err(StoreError::Conflict(why).into());
            }
            Err(e) => Err(e.into()),
        };
        match fresh {
            Ok(fresh) => {
                let n = fresh.actions().len();
                *s = fresh;
                drop(s);
                self.moves.send_replace(n);
                Err(WebError::Stale(format!(
                    "{why}: someone else came first (another server on the same \
                     database); the game was read again and is at move {n} now: look again"
                )))
            }
            // The stored game cannot be read or replayed: the server's
            // failure, not one the client can resolve by looking again.
            Err(e) => Err(WebError::Unreplayable(format!(
                "{why}; reading the game again failed: {e}"
            ))),
        }
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

    /// Holds `live` (dropping, beyond the limit, the least recently used game
    /// nobody uses: it stays in the store). A game in use (a page follows it,
    /// a request or the bot task holds it) is never dropped, so that no second
    /// copy of it is ever read while this one may still play: beyond the
    /// limit when every game is in use. If another request read the same game
    /// first, that one is kept.
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
                // The map's own reference only: nobody else holds it, and
                // nobody can take it without the map's lock.
                .filter(|(_, (l, _))| Arc::strong_count(l) == 1)
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
        let stored = self.cfg.store.load(id)?.ok_or_else(|| {
            WebError::NotFound(format!(
                "no game `{}` on this server (the link may be incomplete, or the game has expired)",
                shown_id(id)
            ))
        })?;
        let session = self.replay(&stored)?;
        self.hold(Live::new(&stored, session, stored.updated))
    }

    /// A stored game, replayed. A game that cannot be (its moves damaged,
    /// its ruleset not to be had here) is the server's failure
    /// ([`WebError::Unreplayable`], HTTP 500): looking again changes nothing.
    fn replay(&self, g: &StoredGame) -> Result<Session, WebError> {
        let unreplayable = |e: WebError| match e {
            WebError::BadRequest(m) | WebError::Conflict(m) => {
                WebError::Unreplayable(format!("game {} cannot be replayed here: {m}", g.id))
            }
            WebError::Game(m) => WebError::Unreplayable(format!(
                "game {} cannot be replayed here: the game engine failed: {m}",
                g.id
            )),
            e => e,
        };
        let ruleset = self
            .ruleset_of(&g.header, &g.origin)
            .map_err(unreplayable)?;
        let mut rec = g.header.clone();
        rec.actions.clone_from(&g.actions);
        Session::from_record(ruleset, &rec, g.seats.clone()).map_err(unreplayable)
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
///
/// A bot move refused because someone else played first (another server on
/// the same database) finds the game read again ([`Live::commit`]): the bot
/// to act then, if any, tries again on it. Any other failure leaves the game
/// waiting, the reason shown as `stuck`.
pub fn kick_bots(app: &Arc<App>, live: &Arc<Live>) {
    if live.bot_pending.load(Ordering::Acquire) {
        return;
    }
    let bot = live
        .lock()
        .is_ok_and(|s| s.bot_to_act() && s.stuck.is_none());
    if !bot || live.bot_pending.swap(true, Ordering::AcqRel) {
        return;
    }
    let (app, live) = (app.clone(), live.clone());
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(app.cfg.bot_delay_ms)).await;
        let again = {
            let (app, live) = (app.clone(), live.clone());
            tokio::task::spawn_blocking(move || bot_move(&app, &live))
                .await
                .unwrap_or(false)
        };
        live.bot_pending.store(false, Ordering::Release);
        if again {
            kick_bots(&app, &live);
        }
    });
}

/// Resumes, in the background (when called within a Tokio runtime; else it
/// does nothing), the bots of the games a server stopped while a bot was to
/// act: the unfinished games whose seat to act a bot plays, last played
/// within [`Config::expire_after`] (older ones expire), at most
/// [`Config::max_games`] (the games held in memory), the most recently played
/// first. Each is read and its bot started in turn, so the first goes on at
/// once; no other game is read. A game that cannot be read is said on
/// standard error and left waiting.
pub fn resume_bots(app: &Arc<App>) {
    let Ok(rt) = tokio::runtime::Handle::try_current() else {
        return;
    };
    let app = app.clone();
    rt.spawn(async move {
        let since = app
            .cfg
            .expire_after
            .map(|age| now_ms().saturating_sub(u64::try_from(age.as_millis()).unwrap_or(u64::MAX)));
        let limit = app.cfg.max_games.max(1);
        let found = {
            let app = app.clone();
            tokio::task::spawn_blocking(move || app.cfg.store.bots_to_act(since, limit)).await
        };
        let ids = match found {
            Ok(Ok(ids)) => ids,
            Ok(Err(e)) => {
                eprintln!("warning: the games whose bots are to act could not be found: {e}");
                return;
            }
            Err(_) => return,
        };
        for id in ids {
            let read = {
                let (app, id) = (app.clone(), id.clone());
                tokio::task::spawn_blocking(move || app.live(&id)).await
            };
            match read {
                Ok(Ok(live)) => kick_bots(&app, &live),
                Ok(Err(e)) => eprintln!(
                    "warning: the bots of game {} cannot go on: {}",
                    shown_id(&id),
                    e.to_string().escape_debug()
                ),
                Err(_) => return,
            }
        }
    });
}

/// Plays one move of the bot to act in `live`; whether the bots may go on.
/// The bot thinks on a copy of the game, without its lock (requests and
/// pages are served meanwhile); its choice is then played on the game as it
/// is, if no one moved meanwhile.
fn bot_move(app: &App, live: &Live) -> bool {
    let played = |l: &Live| l.lock().map_or(0, |s| s.actions().len());
    let result = live.lock().map(|s| s.clone()).and_then(|copy| {
        let before = copy.actions().len();
        let a = copy.bot_choice(&app.cfg.make_bot)?;
        let moved = live.commit(app, |s| {
            if s.actions().len() != before {
                return Err(WebError::Stale(format!(
                    "the game moved on from move {before} while the bot thought"
                )));
            }
            s.bot_play(a)
        });
        Ok((before, moved))
    });
    let e = match result {
        Ok((_, Ok(()))) => return true,
        // Read again (or moved on) with more moves than the bot saw: the bots
        // go on from there.
        Ok((before, Err(WebError::Stale(_)))) if played(live) > before => return true,
        Ok((_, Err(e))) | Err(e) => e,
    };
    // Shown to the players; the game waits (a server started again tries
    // the bot once more).
    if let Ok(mut s) = live.lock() {
        s.stuck = Some(e.to_string());
    }
    live.moves.send_modify(|_| {});
    false
}

/// A game id as an error message shows it: at most 32 characters, control
/// characters escaped (a path may hold anything, of any length).
pub fn shown_id(id: &str) -> String {
    const MAX: usize = 32;
    let mut shown: String = id.chars().take(MAX).flat_map(char::escape_debug).collect();
    if id.chars().nth(MAX).is_some() {
        shown.push('…');
    }
    shown
}

/// Deletes the unfinished games and the finished ones older than their
/// configured ages.
pub fn expire_now(app: &App) -> Result<usize, WebError> {
    let (unfinished, finished) = (app.cfg.expire_after, app.cfg.keep_finished);
    if unfinished.is_none() && finished.is_none() {
        return Ok(0);
    }
    let now = now_ms();
    let before = |age: Option<Duration>| {
        age.map(|a| now.saturating_sub(u64::try_from(a.as_millis()).unwrap_or(u64::MAX)))
    };
    let ids = app.cfg.store.expire(before(unfinished), before(finished))?;
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
    use crate::store::{test_game, SqliteStore, Store};

    fn server(
        store: Arc<dyn Store>,
        expire_after: Option<Duration>,
        keep_finished: Option<Duration>,
    ) -> Arc<App> {
        crate::api::app(Config {
            rulesets: Vec::new(),
            bots: Vec::new(),
            make_bot: Arc::new(|_, _| Err("no bots".into())),
            bot_delay_ms: 0,
            max_games: 1,
            open_ruleset: None,
            store,
            expire_after,
            keep_finished,
            stand_in_after: Duration::from_secs(300),
            limits: Default::default(),
        })
        .0
    }

    #[test]
    fn unfinished_games_expire_by_the_configured_age_of_their_last_move() {
        let store: Arc<dyn Store> = Arc::new(SqliteStore::open(":memory:".as_ref()).unwrap());
        let (hour, now) = (3_600_000, now_ms());
        store
            .create(&test_game("old", false, now - 2 * hour), u64::MAX)
            .unwrap();
        store
            .create(&test_game("recent", false, now - hour / 2), u64::MAX)
            .unwrap();
        store
            .create(&test_game("finished", true, now - 2 * hour), u64::MAX)
            .unwrap();
        // Without an age, games are kept for ever.
        assert_eq!(expire_now(&server(store.clone(), None, None)).unwrap(), 0);
        assert!(store.load("old").unwrap().is_some());
        let app = server(store.clone(), Some(Duration::from_secs(3600)), None);
        assert_eq!(expire_now(&app).unwrap(), 1);
        assert!(store.load("old").unwrap().is_none());
        assert!(store.load("recent").unwrap().is_some());
        assert!(store.load("finished").unwrap().is_some(), "kept for replay");
        // Finished games go by their own age, which leaves unfinished ones alone.
        let three_hours = Some(Duration::from_secs(3 * 3600));
        let app = server(store.clone(), None, three_hours);
        assert_eq!(expire_now(&app).unwrap(), 0, "finished 2 hours ago");
        let app = server(store.clone(), None, Some(Duration::from_secs(3600)));
        assert_eq!(expire_now(&app).unwrap(), 1);
        assert!(store.load("finished").unwrap().is_none());
        assert!(store.load("recent").unwrap().is_some());
    }
}
