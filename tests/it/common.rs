//! Helpers shared by the integration tests: rulesets with the compiled-in
//! plugins, and rulebook-style scenario fixtures (`check`).

// The official plugins, compiled into this test binary as into the program.
use carcassonne_official as _;

use carcassonne_bots::Bot;
pub use carcassonne_core::scenario::{check, run, run_on};
use carcassonne_core::{Actor, Game, PlayerId, Rules};
use carcassonne_host::Registry;
use std::sync::Arc;

/// The registry of compiled-in plugins.
pub fn registry() -> Registry {
    carcassonne_host::loader::builtin_registry().expect("built-in plugins load")
}

/// Compiles ruleset TOML text with the compiled-in plugins.
pub fn rules(text: &str) -> Arc<Rules> {
    match carcassonne_host::load_str(text, "<test ruleset>", None, &registry()) {
        Ok(r) => r.rules,
        Err(e) => panic!("invalid test ruleset:\n{e}"),
    }
}

/// Compiles a ruleset file of `configs/`.
pub fn config(name: &str) -> Arc<Rules> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("configs")
        .join(name);
    match carcassonne_host::load_file(&path, &registry()) {
        Ok(r) => r.rules,
        Err(e) => panic!("invalid ruleset {name}:\n{e}"),
    }
}

/// The text of a ruleset file of `configs/`.
pub fn config_text(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("configs")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A fresh, empty directory for one test's files, under cargo's directory for
/// integration tests' temporary files: `target/tmp/run-<process id>/<tag>/`.
/// Test runs leave nothing in the system's temporary directory, and each test
/// process has its own directory, so runners that start a process per test
/// (`cargo nextest`) do not empty each other's files. The directories of
/// earlier runs whose process is gone are removed by the first call of a
/// process (on Linux, where `/proc` tells). Tests running at the same time in
/// one process use different tags.
pub fn scratch(tag: &str) -> std::path::PathBuf {
    static RUN: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    let run = RUN.get_or_init(|| {
        let tmp = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
        remove_finished_runs(tmp);
        tmp.join(format!("run-{}", std::process::id()))
    });
    let d = run.join(tag);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
    d
}

/// Removes the `run-<process id>/` directories of `tmp` whose process has
/// ended; nothing where the system cannot tell (no `/proc`).
fn remove_finished_runs(tmp: &std::path::Path) {
    let proc = std::path::Path::new("/proc");
    if !proc.join("self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(tmp) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.strip_prefix("run-")) else {
            continue;
        };
        if pid.parse::<u32>().is_ok() && !proc.join(pid).exists() {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

/// A directory of its own ([`scratch`]`(tag)`) holding exactly the given
/// libraries (crate names) of `target/<profile>/deps/`. They are
/// dev-dependencies of this package, so cargo has built them with this test
/// binary; they are hard-linked (or copied), and the tests only read them.
fn libraries(tag: &str, crates: &[&str]) -> std::path::PathBuf {
    let exe = std::path::PathBuf::from(env!("CARGO_BIN_EXE_carcassonne"));
    let deps = exe.parent().expect("target/<profile>").join("deps");
    let dir = scratch(tag);
    for c in crates {
        let file = format!(
            "{}{}{}",
            std::env::consts::DLL_PREFIX,
            c.replace('-', "_"),
            std::env::consts::DLL_SUFFIX
        );
        let (from, to) = (deps.join(&file), dir.join(&file));
        // A copy goes to a name of its own first: copying onto `to` when it
        // is already a hard link of `from` (left by another run of the tests
        // between `scratch` and here) would empty `from` itself.
        let spare = dir.join(format!("{file}.{}", std::process::id()));
        std::fs::hard_link(&from, &to)
            .or_else(|_| {
                std::fs::copy(&from, &spare)?;
                std::fs::rename(&spare, &to)
            })
            .unwrap_or_else(|e| panic!("{}: {e}", from.display()));
    }
    dir
}

/// A directory holding exactly the official plugins' library (the bundle's,
/// `plugins/official/cdylib`).
pub fn official_libraries() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| libraries("official-plugins", &["carcassonne-official-lib"]))
}

/// A directory holding the test plugin kit's library (`plugins/testing/kit-lib`).
pub fn kit_library() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| libraries("kit-plugins", &["carcassonne-test-plugins-lib"]))
}

/// The same ruleset with the plugins compiled in, and with the test kit's
/// plugins loaded from its library (the official ones compiled in).
pub fn compiled_in_and_loaded(text: &str) -> [Arc<Rules>; 2] {
    let mut reg = carcassonne_host::loader::library_registry(&[kit_library().to_path_buf()])
        .unwrap_or_else(|e| panic!("kit library loads: {e}"));
    for p in registry().plugins {
        if reg.get(&p.info().id).is_none() {
            reg.add(p).expect("unique ids");
        }
    }
    let loaded = match carcassonne_host::load_str(text, "<test ruleset>", None, &reg) {
        Ok(r) => r.rules,
        Err(e) => panic!("invalid test ruleset:\n{e}"),
    };
    [rules(text), loaded]
}

/// Compiles ruleset TOML text against the official plugins loaded from their
/// libraries only (no compiled-in plugin is used).
pub fn library_rules(text: &str) -> Arc<Rules> {
    let reg = carcassonne_host::loader::library_registry(&[official_libraries().to_path_buf()])
        .unwrap_or_else(|e| panic!("plugin libraries load: {e}"));
    match carcassonne_host::load_str(text, "<test ruleset>", None, &reg) {
        Ok(r) => r.rules,
        Err(e) => panic!("invalid test ruleset:\n{e}"),
    }
}

/// Plays the same seeded random games with the plugins compiled in and loaded from
/// their libraries, and asserts that every step is identical.
pub fn assert_same_compiled_in_and_loaded(ruleset: &str, players: u8, seeds: std::ops::Range<u64>) {
    use carcassonne_core::Game;
    let (a, b) = (rules(ruleset), library_rules(ruleset));
    for seed in seeds {
        let mut ga = Game::new(a.clone(), players, seed).expect("game");
        let mut gb = Game::new(b.clone(), players, seed).expect("game");
        let (mut ra, mut rb) = (
            carcassonne_core::Rng::new(seed),
            carcassonne_core::Rng::new(seed),
        );
        loop {
            assert_eq!(
                ga.observation(PlayerId::ALL[0]),
                gb.observation(PlayerId::ALL[0]),
                "seed {seed}"
            );
            assert_eq!(
                ga.legal_actions().unwrap(),
                gb.legal_actions().unwrap(),
                "seed {seed}"
            );
            let (ca, cb) = (
                ga.step_random(&mut ra).unwrap(),
                gb.step_random(&mut rb).unwrap(),
            );
            assert_eq!(ca, cb);
            if !ca {
                break;
            }
        }
        assert_eq!(ga.scores(), gb.scores(), "seed {seed}");
    }
}

/// Runs the conformance kit's random games on `rules` at 2, 4 and 6 players,
/// `games` games each (the seeds of `n` players start at `first_seed + 100 n`),
/// checking the invariants `extra` at every step; a failure panics naming `what`.
pub fn conformance_at_2_4_6(
    rules: &Arc<Rules>,
    games: u32,
    first_seed: u64,
    extra: &dyn Fn(&carcassonne_core::Game) -> Result<(), String>,
    what: &str,
) {
    use carcassonne_core::conformance::{run, Options};
    for players in [2u8, 4, 6] {
        let opts = Options {
            games,
            players,
            first_seed: first_seed + 100 * u64::from(players),
            ..Options::default()
        };
        let report =
            run(rules, opts, extra).unwrap_or_else(|f| panic!("{what}, {players} players: {f}"));
        assert_eq!(report.games, games, "{what}, {players} players");
    }
}

/// Plays a game of `rules` through a recorder — the fixture steps of `opening`
/// (`draw …; place …; …`, chance outcomes recorded as forced), then random
/// choices seeded by `seed` to the end — checks that its record replays to an
/// identical game, and returns the record.
pub fn record_replays_exactly(
    rules: &Arc<Rules>,
    players: u8,
    seed: u64,
    opening: &str,
) -> carcassonne_core::Record {
    use carcassonne_core::record::{Driver, Recorder};
    use carcassonne_core::{Actor, Game, Rng};
    let mut g = Game::new(rules.clone(), players, seed).expect("game");
    let mut rec = Recorder::default();
    for step in opening
        .split(['\n', ';'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        let a = g
            .parse_action(step)
            .unwrap_or_else(|e| panic!("{step}: {e}"));
        rec.apply(&mut g, a)
            .unwrap_or_else(|e| panic!("{step}: {e}"));
    }
    let mut rng = Rng::new(seed);
    while !g.is_over() {
        if g.actor() == Actor::Chance {
            rec.sample(&mut g).expect("chance");
        } else {
            let acts = g.legal_actions().expect("legal actions");
            rec.apply(&mut g, acts[rng.below(acts.len() as u32) as usize])
                .expect("legal action");
        }
    }
    let record = rec.finish(&g, "test", "name = \"test\"");
    let mut h = Game::new(rules.clone(), players, seed).expect("game");
    Driver::new(&record.forced)
        .replay(&mut h, &record.actions)
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    assert!(h == g, "seed {seed}: the replay differs");
    record
}

/// Drains the game's event log and returns the plugins' log lines.
pub fn plugin_texts(g: &mut carcassonne_core::Game) -> Vec<String> {
    g.take_events()
        .into_iter()
        .filter_map(|e| match e {
            carcassonne_core::Event::Plugin { text, .. } => Some(text),
            _ => None,
        })
        .collect()
}

/// Runs a fixture with logging on and returns the plugins' log lines.
pub fn plugin_log(r: &Arc<Rules>, players: u8, script: &str) -> Vec<String> {
    let mut g = carcassonne_core::Game::new(r.clone(), players, 0).expect("game");
    g.set_logging(true);
    run_on(&mut g, script).unwrap_or_else(|e| panic!("{e}"));
    plugin_texts(&mut g)
}

/// Runs scenario file `tests/scenarios/<name>` (the same code path as
/// `carcassonne check`) and returns the game at its end, for further checks.
pub fn scenario(name: &str) -> carcassonne_core::Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios")
        .join(name);
    match carcassonne_host::scenario::check_file(&path, &registry()) {
        Ok(p) => p.game,
        Err(e) => panic!("{}: {e}", path.display()),
    }
}

/// A test-only stand-in for rules of other expansions that send figures home (a
/// dragon eating, a princess expelling): a special figure-step option `<id>
/// tile-N` sends home every figure on placed tile N that the function selects.
pub struct SendHomeOnTile(pub fn(&carcassonne_core::View<'_>, carcassonne_core::FigureId) -> bool);

impl SendHomeOnTile {
    fn selected(&self, v: &carcassonne_core::View<'_>, t: u16) -> Vec<carcassonne_core::FigureId> {
        v.figures_at_tile(carcassonne_core::TileIndex(t))
            .filter(|&g| (self.0)(v, g))
            .collect()
    }
}

impl carcassonne_core::Hooks for SendHomeOnTile {
    fn subscriptions(&self) -> u64 {
        carcassonne_core::hook::FIGURE_OPTIONS | carcassonne_core::hook::FIGURE_CHOSEN
    }

    fn figure_options(
        &self,
        v: &carcassonne_core::View<'_>,
        opts: &mut Vec<carcassonne_core::hooks::FigureOption>,
    ) -> carcassonne_core::HookResult {
        for t in 0..v.placed_count() as u16 {
            if !self.selected(v, t).is_empty() {
                opts.push(carcassonne_core::hooks::FigureOption::Special {
                    plugin: v.plugin,
                    code: u32::from(t),
                });
            }
        }
        Ok(())
    }

    fn figure_chosen(
        &self,
        cx: &mut carcassonne_core::Cx<'_>,
        opt: carcassonne_core::hooks::FigureOption,
    ) -> carcassonne_core::HookResult {
        if let carcassonne_core::hooks::FigureOption::Special { plugin, code } = opt {
            if plugin == cx.plugin {
                for g in self.selected(&cx.view(), code as u16) {
                    cx.return_figure(g)?;
                }
            }
        }
        Ok(())
    }

    fn value_name(&self, _: carcassonne_core::NameCtx, value: u32) -> String {
        format!("tile-{value}")
    }

    fn parse_value(&self, _: carcassonne_core::NameCtx, text: &str) -> Option<u32> {
        text.strip_prefix("tile-")?.parse().ok()
    }
}

/// The legal actions of `g` in their text form, in canonical order.
pub fn legal_names(g: &carcassonne_core::Game) -> Vec<String> {
    g.legal_actions()
        .expect("legal actions")
        .into_iter()
        .map(|a| g.format_action(a))
        .collect()
}

/// Plays `g` to its end: chance events sampled by the game, each decision
/// chosen by the bot of the player who must act (`bots[p]`) and applied with
/// the legality check; `seen` is told each decision's player and action text.
pub fn play_bots(g: &mut Game, bots: &mut [Box<dyn Bot>], mut seen: impl FnMut(PlayerId, &str)) {
    loop {
        match g.actor() {
            Actor::GameOver => return,
            Actor::Chance => {
                g.sample_chance().unwrap();
            }
            Actor::Player(p) => {
                let a = bots[usize::from(p)].choose(g).unwrap();
                seen(p, &g.format_action(a));
                g.apply(a).unwrap();
            }
        }
    }
}

/// A ruleset of the base tiles with `plugins` (TOML tables).
pub fn base_with(plugins: &str) -> String {
    format!("name = \"caps\"\ntilesets = [\"base\"]\n{plugins}")
}

/// Every state of the same seeded random games is identical compiled in and
/// loaded, and passes the integrity check.
pub fn same_games(both: &[Arc<Rules>; 2], players: u8, seeds: std::ops::Range<u64>) {
    same_games_checked(both, players, seeds, |_, _| {});
}

/// [`same_games`], calling `check(game, seed)` on every state of the compiled-in game.
pub fn same_games_checked(
    both: &[Arc<Rules>; 2],
    players: u8,
    seeds: std::ops::Range<u64>,
    check: impl Fn(&Game, u64),
) {
    for seed in seeds {
        let mut a = Game::new(both[0].clone(), players, seed).unwrap();
        let mut b = Game::new(both[1].clone(), players, seed).unwrap();
        let (mut ra, mut rb) = (
            carcassonne_core::Rng::new(seed),
            carcassonne_core::Rng::new(seed),
        );
        loop {
            assert_eq!(
                a.observation(PlayerId::ALL[0]).unwrap(),
                b.observation(PlayerId::ALL[0]).unwrap()
            );
            a.check_integrity().unwrap();
            check(&a, seed);
            let (ca, cb) = (
                a.step_random(&mut ra).unwrap(),
                b.step_random(&mut rb).unwrap(),
            );
            assert_eq!(ca, cb, "seed {seed}");
            if !ca {
                break;
            }
        }
        assert_eq!(a.scores(), b.scores(), "seed {seed}");
        assert_eq!(
            a.score_breakdown(PlayerId::ALL[0]),
            b.score_breakdown(PlayerId::ALL[0]),
            "seed {seed}"
        );
    }
}

/// The shipped ruleset `file` (in `configs/`) plays the same games in several
/// run orders of its plugins (`conformance --permute-plugins`).
pub fn composes_in_every_run_order(file: &str) {
    use carcassonne_host::permute;
    let rs =
        carcassonne_host::load_str(&config_text(file), file, None, &registry()).expect("ruleset");
    let report = permute::check(
        &rs,
        permute::Options {
            games: 4,
            max_orders: 6,
            ..permute::Options::default()
        },
    )
    .unwrap_or_else(|e| panic!("{file}: {e}"));
    assert_eq!(report.games, 4, "{file}");
}

/// The random, greedy and search bots (each against a random bot) play a
/// 2-player game of `rules` to the end; each finished game passes the
/// integrity check and `extra`. Returns the games.
pub fn bots_play_to_the_end(
    name: &str,
    rules: &Arc<Rules>,
    extra: &dyn Fn(&Game) -> Result<(), String>,
) -> Vec<Game> {
    use carcassonne_bots::{play_out, BotSpec};
    let mut games = Vec::new();
    for (i, spec) in ["random", "greedy", "mcts:20"].iter().enumerate() {
        let specs: Vec<BotSpec> = [spec, &"random"]
            .iter()
            .map(|s| s.parse().expect("bot spec"))
            .collect();
        let seed = i as u64;
        let mut g = Game::new(rules.clone(), 2, seed).unwrap();
        let mut bots: Vec<_> = specs.iter().map(|s| s.build(seed)).collect();
        play_out(&mut g, &mut bots, &specs).unwrap_or_else(|e| panic!("{name}, {spec}: {e}"));
        assert!(g.is_over(), "{name}, {spec}");
        g.check_integrity()
            .unwrap_or_else(|e| panic!("{name}, {spec}: {e}"));
        extra(&g).unwrap_or_else(|e| panic!("{name}, {spec}: {e}"));
        games.push(g);
    }
    games
}

/// Seat `i` (0 is Red, 1 Blue, …).
pub fn p(i: u8) -> PlayerId {
    PlayerId::ALL[usize::from(i)]
}

/// The figures of `player` of kind `kind`, on the board, off it or in supply.
pub fn figures_of(
    g: &Game,
    player: u8,
    kind: carcassonne_core::FigureKindId,
) -> Vec<carcassonne_core::FigureId> {
    (0..g.figure_count() as u16)
        .map(carcassonne_core::FigureId)
        .filter(|&f| g.figure_owner(f) == Some(p(player)) && g.figure_kind(f) == Some(kind))
        .collect()
}

/// Where `player`'s followers are that are out of his supply.
pub fn follower_places(g: &Game, player: u8) -> Vec<carcassonne_core::Location> {
    figures_of(g, player, carcassonne_core::FOLLOWER)
        .into_iter()
        .filter_map(|f| g.figure_location(f))
        .collect()
}

/// The capture fixture the prisoner tests share: Red's `red` (a figure step,
/// `deploy follower road`) on BA/RFr east of the start, at (1, 0); then Blue
/// places `tile` at (2, 0) and plays `blue` (his figure step, a capture).
pub fn red_road_then_blue(red: &str, tile: &str, blue: &str) -> String {
    format!("draw BA/RFr; place 1 0 0; {red}\n     draw {tile}; place 2 0 0; {blue}")
}
