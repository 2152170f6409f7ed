//! The plugin framework: compiled-in and loaded plugins, every error path, and
//! the example third-party plugin.
//!
//! The test plugins (`plugins/testing/kit`) are compiled into this test binary
//! and also loaded from their library (`plugins/testing/kit-lib`), which cargo
//! builds together with the deliberately broken libraries because they are
//! dev-dependencies of this package. The example plugin
//! (`examples/cloister-bonus`, outside the workspace) is built by these tests
//! with cargo into `target/example-plugins/`.

use carcassonne_core::{
    Action, Actor, Event, FigureOption, Game, GameError, Rng, Rules, ScoreReason,
};
use carcassonne_host::conformance::{self, Options};
use carcassonne_host::{loader, Registry};
use carcassonne_test_plugins as _; // the kit plugins are this binary's built-ins
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Arc, OnceLock};

// ------------------------------------------------------------------ support

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `target/<profile>` of this build.
fn profile_dir() -> PathBuf {
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_carcassonne"));
    exe.parent().expect("exe dir").to_path_buf()
}

fn cargo(args: &[&str]) {
    let out = Command::new(env!("CARGO"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn lib_file(dir: &Path, crate_name: &str) -> PathBuf {
    dir.join(format!(
        "{}{}{}",
        std::env::consts::DLL_PREFIX,
        crate_name.replace('-', "_"),
        std::env::consts::DLL_SUFFIX
    ))
}

/// The directory holding the workspace's test plugin libraries. They are
/// dev-dependencies of this package, so cargo has built them with this test
/// binary, into `target/<profile>/deps/`.
fn workspace_libs() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let deps = profile_dir().join("deps");
        let lib = lib_file(&deps, "carcassonne-test-plugins-lib");
        assert!(
            lib.exists(),
            "{} is missing: run the tests with cargo",
            lib.display()
        );
        deps
    })
}

/// Builds the example plugin (outside the workspace) once; returns its library.
fn example_lib() -> &'static Path {
    static LIB: OnceLock<PathBuf> = OnceLock::new();
    LIB.get_or_init(|| {
        let target = root().join("target/example-plugins");
        cargo(&[
            "build",
            "--quiet",
            "--manifest-path",
            "examples/cloister-bonus/Cargo.toml",
            "--target-dir",
            target.to_str().expect("utf-8 path"),
        ]);
        lib_file(&target.join("debug"), "cloister-bonus")
    })
}

/// A fresh directory holding copies of the given workspace test libraries.
fn plugin_dir(tag: &str, crates: &[&str]) -> PathBuf {
    let d = crate::common::scratch(&format!("plugins-{tag}"));
    for c in crates {
        let src = lib_file(workspace_libs(), c);
        std::fs::copy(&src, lib_file(&d, c)).unwrap_or_else(|e| panic!("{}: {e}", src.display()));
    }
    d
}

fn kit_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| plugin_dir("kit", &["carcassonne-test-plugins-lib"]))
}

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_carcassonne"))
}

fn run(args: &[&str]) -> Output {
    bin()
        .args(args)
        .env_remove(loader::PLUGIN_DIR_ENV)
        .output()
        .expect("the program runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A failure with exit code 1 (not a crash), one `error:` line containing `needle`.
#[track_caller]
fn assert_clean_failure(o: &Output, needle: &str) {
    let e = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "exit status; stderr:\n{e}");
    assert!(e.contains(needle), "stderr lacks `{needle}`:\n{e}");
    // One error report (a plugin's own panic message may come before it).
    let reports = e.lines().filter(|l| l.starts_with("error: ")).count();
    assert_eq!(reports, 1, "{e}");
}

fn write_ruleset(tag: &str, body: &str) -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    let p = DIR
        .get_or_init(|| crate::common::scratch("plugins-rulesets"))
        .join(format!("{tag}.toml"));
    std::fs::write(&p, body).unwrap();
    p
}

fn kit_check(tag: &str, body: &str) -> Output {
    let r = write_ruleset(tag, body);
    run(&[
        "ruleset",
        "check",
        r.to_str().unwrap(),
        "--plugin-dir",
        kit_dir().to_str().unwrap(),
    ])
}

const HEAD: &str = "name = \"t\"\ntilesets = [\"base\"]\n";

fn rules(reg: &Registry, body: &str) -> Arc<Rules> {
    carcassonne_host::load_str(body, "t.toml", None, reg)
        .unwrap_or_else(|e| panic!("{e}"))
        .rules
}

fn builtin() -> Registry {
    loader::builtin_registry().unwrap()
}

fn library() -> Registry {
    loader::library_registry(&[kit_dir().to_path_buf()]).unwrap()
}

// ------------------------------------------------------------ listing

#[test]
fn plugins_lists_loaded_plugins_with_version_source_and_options() {
    let o = run(&["plugins", "--plugin-dir", kit_dir().to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let lib = lib_file(kit_dir(), "carcassonne-test-plugins-lib");
    assert!(
        out.contains(&format!("kit-everything 0.1.0 ({})", lib.display())),
        "{out}"
    );
    assert!(out.contains("bonus = 1"), "{out}");
    assert!(
        out.contains("Points for taking the special figure option."),
        "{out}"
    );
    assert!(out.contains("hook = \"points\""), "{out}");
    assert!(out.contains("kit-needs-base"), "{out}");
}

// ------------------------------------------------------- broken libraries

#[test]
fn a_library_that_is_not_a_plugin_is_one_clear_line() {
    let d = plugin_dir("notaplugin", &["carcassonne-test-not-a-plugin"]);
    let o = run(&["plugins", "--plugin-dir", d.to_str().unwrap()]);
    assert_clean_failure(&o, "not a carcassonne plugin library");
    assert_clean_failure(&o, "libcarcassonne_test_not_a_plugin");
}

/// Runs `plugins` on the library of crate `krate` alone; checks that it fails
/// with one line naming the library and its epoch; returns the pre-flight's verdict.
fn other_epoch(krate: &str, epoch: u32) -> Result<loader::Preflight, loader::LoadError> {
    let d = plugin_dir(&format!("{krate}-dir"), &[krate]);
    let o = run(&["plugins", "--plugin-dir", d.to_str().unwrap()]);
    assert_clean_failure(
        &o,
        &format!("built for plugin API epoch {epoch}, this program supports epoch 3"),
    );
    assert_clean_failure(&o, &krate.replace('-', "_"));
    assert_eq!(text(&o.stderr).lines().count(), 1, "{}", text(&o.stderr));
    loader::preflight(&lib_file(&d, krate))
}

#[test]
fn a_library_built_for_a_later_api_epoch_is_rejected_by_the_preflight() {
    assert_eq!(
        other_epoch("carcassonne-test-wrong-epoch", 4),
        Ok(loader::Preflight::OtherEpoch(4))
    );
}

#[test]
fn a_library_of_epoch_2_is_named_as_such() {
    // Epoch 2's surface grew after it was declared: a library built against it
    // is refused by the pre-flight (its manifest), not loaded.
    assert_eq!(
        other_epoch("carcassonne-test-epoch2", 2),
        Ok(loader::Preflight::OtherEpoch(2))
    );
}

#[test]
fn a_library_of_epoch_1_is_named_as_such() {
    // Epoch 1 libraries carry no manifest, only abi_stable's root module: the
    // pre-flight names them before abi_stable compares anything.
    assert_eq!(
        other_epoch("carcassonne-test-epoch1", 1),
        Ok(loader::Preflight::OtherEpoch(1))
    );
}

#[test]
fn a_library_with_a_mismatched_layout_is_condensed_to_one_line() {
    let d = plugin_dir("layout", &["carcassonne-test-bad-layout"]);
    let o = run(&["plugins", "--plugin-dir", d.to_str().unwrap()]);
    assert_clean_failure(&o, "binary interface mismatch");
    assert_clean_failure(&o, "libcarcassonne_test_bad_layout");
    let e = text(&o.stderr);
    assert!(e.lines().count() <= 3, "not condensed:\n{e}");
    // The full report is there on request.
    let o = bin()
        .args(["plugins", "--plugin-dir", d.to_str().unwrap()])
        .env("CARCASSONNE_PLUGIN_DEBUG", "1")
        .output()
        .unwrap();
    assert!(text(&o.stderr).lines().count() > 50);
}

#[test]
fn missing_directories_and_files_that_are_no_library_are_clear_errors() {
    let o = run(&["plugins", "--plugin-dir", "/no/such/dir"]);
    assert_clean_failure(&o, "/no/such/dir: no such plugin directory");
    let d = crate::common::scratch("plugins-junk");
    let junk = lib_file(&d, "junk");
    std::fs::write(&junk, b"not a library").unwrap();
    let o = run(&["plugins", "--plugin-dir", d.to_str().unwrap()]);
    assert_clean_failure(&o, "cannot load the library");
    assert_clean_failure(&o, "libjunk");
    let o = run(&["play", "--plugin-dir", d.to_str().unwrap()]);
    assert_clean_failure(&o, "cannot load the library");
}

#[test]
fn a_plugin_id_provided_twice_is_an_error() {
    let a = plugin_dir("dup-a", &["carcassonne-test-plugins-lib"]);
    let b = plugin_dir("dup-b", &["carcassonne-test-plugins-lib"]);
    let o = run(&[
        "plugins",
        "--plugin-dir",
        a.to_str().unwrap(),
        "--plugin-dir",
        b.to_str().unwrap(),
    ]);
    assert_clean_failure(&o, "plugin `kit-everything` is provided twice");
    // A compiled-in plugin and a library with the same id clash as well.
    let mut reg = builtin();
    let lib = loader::load_library(&lib_file(kit_dir(), "carcassonne-test-plugins-lib")).unwrap();
    let e = lib
        .into_iter()
        .map(|p| reg.add(Arc::new(p)))
        .find_map(Result::err)
        .expect("duplicate");
    assert!(e.contains("is provided twice: by built-in and by"), "{e}");
}

// ------------------------------------------------------ ruleset problems

#[test]
fn a_missing_dependency_is_located() {
    let o = kit_check("dep", &format!("{HEAD}[plugins.kit-needs-base]\n"));
    assert_clean_failure(
        &o,
        ":3:10: plugin `kit-needs-base` needs plugin `kit-base`: add `[plugins.kit-base]`",
    );
}

#[test]
fn conflicting_plugins_are_located() {
    let o = kit_check(
        "conflict",
        &format!("{HEAD}[plugins.kit-rival]\n[plugins.kit-base]\n"),
    );
    assert_clean_failure(&o, "plugin `kit-rival` conflicts with plugin `kit-base`");
    assert_clean_failure(&o, ":3:10:");
}

#[test]
fn a_dependency_cycle_names_the_cycle() {
    let o = kit_check(
        "cycle",
        &format!("{HEAD}[plugins.kit-cycle-a]\n[plugins.kit-cycle-b]\n"),
    );
    assert_clean_failure(
        &o,
        "plugin dependency cycle: kit-cycle-a -> kit-cycle-b -> kit-cycle-a",
    );
}

#[test]
fn a_misspelt_plugin_id_gets_a_suggestion() {
    let o = kit_check("misspelt", &format!("{HEAD}[plugins.kit-everythin]\n"));
    assert_clean_failure(
        &o,
        ":3:10: unknown plugin `kit-everythin` (did you mean `kit-everything`?)",
    );
}

#[test]
fn an_unknown_option_key_gets_a_suggestion() {
    let o = kit_check(
        "key",
        &format!("{HEAD}[plugins.kit-everything]\nbonsu = 2\n"),
    );
    assert_clean_failure(
        &o,
        ":4:1: plugin `kit-everything` has no option `bonsu` (did you mean `bonus`?)",
    );
}

#[test]
fn a_bad_option_value_is_located() {
    let o = kit_check(
        "value",
        &format!("{HEAD}[plugins.kit-everything]\nbonus = \"lots\"\n"),
    );
    assert_clean_failure(
        &o,
        ":4:1: plugin `kit-everything` option `bonus`: invalid type",
    );
    let o = kit_check(
        "value2",
        &format!("{HEAD}[plugins.kit-faulty]\nhook = \"pionts\"\nmode = \"explode\"\n"),
    );
    assert_clean_failure(
        &o,
        ":5:1: plugin `kit-faulty` option `mode`: unknown variant `explode`",
    );
}

#[test]
fn every_problem_is_listed_at_once() {
    let o = kit_check(
        "many",
        &format!(
            "{HEAD}[plugins.kit-needs-base]\n[plugins.kit-everythin]\n[plugins.kit-everything]\nbonsu = 1\n"
        ),
    );
    let e = text(&o.stderr);
    assert!(e.contains("needs plugin `kit-base`"), "{e}");
    assert!(e.contains("unknown plugin `kit-everythin`"), "{e}");
    assert!(e.contains("no option `bonsu`"), "{e}");
    assert!(e.contains("3 problems found"), "{e}");
}

#[test]
fn plugins_run_in_dependency_order_and_show_fills_defaults() {
    let r = write_ruleset(
        "order",
        &format!("{HEAD}[plugins.kit-needs-base]\n[plugins.kit-everything]\n[plugins.kit-base]\n"),
    );
    let o = run(&[
        "ruleset",
        "show",
        r.to_str().unwrap(),
        "--plugin-dir",
        kit_dir().to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let pos = |s: &str| out.find(s).unwrap_or_else(|| panic!("no `{s}` in\n{out}"));
    assert!(
        pos("[plugins.kit-base]") < pos("[plugins.kit-everything]"),
        "{out}"
    );
    assert!(
        pos("[plugins.kit-everything]") < pos("[plugins.kit-needs-base]"),
        "{out}"
    );
    assert!(
        out.contains("[plugins.kit-everything]\nbonus = 1\n"),
        "{out}"
    );
    // The output is itself a valid ruleset.
    let again = write_ruleset("order-again", &out);
    let o = run(&[
        "ruleset",
        "check",
        again.to_str().unwrap(),
        "--plugin-dir",
        kit_dir().to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
}

// ----------------------------------------------------------- hook failures

/// Plays until an action fails; checks the error and that the state is unchanged.
fn first_failure(rules: &Arc<Rules>, seed: u64) -> Option<carcassonne_core::HookError> {
    let mut g = match Game::new(rules.clone(), 2, seed) {
        Ok(g) => g,
        Err(GameError::Hook(e)) => return Some(e),
        Err(e) => panic!("{e}"),
    };
    let mut rng = Rng::new(seed);
    loop {
        // Observations ask the plugins too (`observe`).
        match g.observation(0) {
            Err(GameError::Hook(e)) => return Some(e),
            Err(e) => panic!("{e}"),
            Ok(_) => {}
        }
        let before = g.clone();
        let action = match g.actor() {
            Actor::GameOver => return None,
            Actor::Chance => {
                let o = match g.chance_outcomes() {
                    Ok(o) => o,
                    Err(GameError::Hook(e)) => return Some(e),
                    Err(e) => panic!("{e}"),
                };
                Action::Chance(o[rng.weighted(o.iter().map(|x| x.1)).expect("an outcome")].0)
            }
            Actor::Player(_) => match g.legal_actions() {
                Ok(a) => a[rng.below(a.len() as u32) as usize],
                Err(GameError::Hook(e)) => {
                    // The figure step or a decision: applying any option fails the same way.
                    let any = if g.pending_steps().is_empty() {
                        Action::Figure(FigureOption::Pass)
                    } else {
                        Action::Choose(0)
                    };
                    let r = g.apply(any);
                    assert_eq!(r, Err(GameError::Hook(e.clone())));
                    assert!(g == before, "state changed by a failed action");
                    return Some(e);
                }
                Err(e) => panic!("{e}"),
            },
        };
        match g.apply(action) {
            Ok(()) => {}
            Err(GameError::Hook(e)) => {
                assert!(g == before, "state changed by a failed action");
                return Some(e);
            }
            Err(e) => panic!("{e}"),
        }
    }
}

fn check_failures(reg: &Registry, what: &str) {
    for hook in carcassonne_core::hook::NAMES {
        for (mode, needle) in [
            (
                "panic",
                "panicked: kit-faulty was told to panic".to_string(),
            ),
            ("error", "kit-faulty was told to fail".to_string()),
            ("bad-id", "`tile_pos`: no placed tile 60000".to_string()),
        ] {
            let rules = rules(
                reg,
                &format!("{HEAD}[plugins.kit-faulty]\nhook = \"{hook}\"\nmode = \"{mode}\"\n"),
            );
            // Some hooks (a field closing) do not happen in every game.
            let e = (0..60)
                .find_map(|seed| first_failure(&rules, seed))
                .unwrap_or_else(|| panic!("{what}: hook `{hook}` never failed"));
            assert_eq!(e.plugin, "kit-faulty", "{what} {hook} {mode}");
            assert_eq!(e.hook, *hook, "{what} {mode}: {e}");
            assert!(e.message.contains(&needle), "{what} {hook} {mode}: {e}");
            let shown = GameError::Hook(e).to_string();
            assert!(
                shown.starts_with(&format!("plugin `kit-faulty` failed in hook `{hook}`: ")),
                "{shown}"
            );
        }
    }
}

#[test]
fn a_failing_hook_fails_the_action_and_leaves_the_state_unchanged_compiled_in() {
    check_failures(&builtin(), "built-in");
}

#[test]
fn a_failing_hook_fails_the_action_and_leaves_the_state_unchanged_loaded() {
    check_failures(&library(), "library");
}

/// `play --quiet --seed 1` on a ruleset where `kit-faulty` fails in `hook` by `mode`.
fn play_with_faulty(hook: &str, mode: &str, more: &[&str]) -> Output {
    let r = write_ruleset(
        &format!("{hook}-{mode}"),
        &format!("{HEAD}[plugins.kit-faulty]\nhook = \"{hook}\"\nmode = \"{mode}\"\n"),
    );
    let (r, kit) = (r.to_str().unwrap(), kit_dir());
    let mut args = vec![
        "play",
        "--ruleset",
        r,
        "--plugin-dir",
        kit.to_str().unwrap(),
    ];
    args.extend(["--seed", "1", "--quiet"]);
    args.extend(more);
    run(&args)
}

#[test]
fn a_panicking_plugin_makes_play_fail_cleanly() {
    assert_clean_failure(
        &play_with_faulty("turn_end", "panic", &[]),
        "plugin `kit-faulty` failed in hook `turn_end`: panicked: kit-faulty was told to panic",
    );
}

#[test]
fn greedy_reports_a_plugin_failure_it_meets_while_looking_ahead() {
    // The greedy bot scores each placement "as if the game ended": the failing
    // final scoring must stop the game with the plugin named, not be skipped.
    let o = play_with_faulty("final_scoring", "error", &["--bots", "greedy"]);
    assert_clean_failure(&o, "Red (greedy): while trying `place ");
    assert_clean_failure(
        &o,
        "plugin `kit-faulty` failed in hook `final_scoring`: kit-faulty was told to fail",
    );
}

#[test]
fn a_person_whose_action_a_plugin_fails_chooses_again() {
    use std::io::Write;
    // Every figure step fails in the plugin: the engine restores the state, so
    // the session goes on (until the input ends here) instead of ending.
    let r = write_ruleset(
        "human-faulty",
        &format!("{HEAD}[plugins.kit-faulty]\nhook = \"figure_chosen\"\nmode = \"error\"\n"),
    );
    let mut child = bin()
        .args([
            "play",
            "--ruleset",
            r.to_str().unwrap(),
            "--seed",
            "2",
            "--human",
            "0",
        ])
        .arg("--plugin-dir")
        .arg(kit_dir())
        .env_remove(loader::PLUGIN_DIR_ENV)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"0\n0\n0\n").unwrap();
    let o = child.wait_with_output().unwrap();
    let out = text(&o.stdout);
    assert_eq!(
        out.matches("That did not work: plugin `kit-faulty` failed in hook `figure_chosen`: kit-faulty was told to fail. Nothing changed; choose again.").count(),
        2,
        "{out}"
    );
    assert_clean_failure(&o, "the input ended before the game did");
}

// -------------------------------------------- compiled in = loaded at run time

/// Everything observable about one seeded game between random players.
#[derive(Debug, PartialEq)]
struct Trace {
    actions: Vec<String>,
    events: Vec<Event>,
    scores: Vec<i32>,
    state: Vec<u32>,
}

fn trace(rules: &Arc<Rules>, seed: u64) -> Trace {
    let mut g = Game::new(rules.clone(), 3, seed).unwrap();
    g.set_logging(true);
    let mut rng = Rng::new(seed ^ 0x5EED);
    let mut actions = Vec::new();
    loop {
        let a = match g.actor() {
            Actor::GameOver => break,
            Actor::Chance => {
                let o = g.chance_outcomes().unwrap();
                Action::Chance(o[rng.weighted(o.iter().map(|x| x.1)).expect("an outcome")].0)
            }
            Actor::Player(_) => {
                let acts = g.legal_actions().unwrap();
                acts[rng.below(acts.len() as u32) as usize]
            }
        };
        actions.push(g.format_action(a));
        g.apply(a).unwrap();
    }
    Trace {
        actions,
        events: g.take_events(),
        scores: g.scores().to_vec(),
        state: (0..g.rules().plugins.len() as u8)
            .flat_map(|p| g.plugin_state(p).unwrap_or(&[]).to_vec())
            .collect(),
    }
}

#[test]
fn the_same_plugin_compiled_in_and_loaded_plays_identical_games() {
    let body = format!("{HEAD}[plugins.kit-everything]\nbonus = 2\n");
    let (a, b) = (rules(&builtin(), &body), rules(&library(), &body));
    let plain = rules(&builtin(), HEAD);
    let mut differs_from_plain = false;
    for seed in 0..12 {
        let (ta, tb) = (trace(&a, seed), trace(&b, seed));
        assert!(ta.events.len() > 100);
        assert!(
            ta.state[5] > 0 && ta.state[6] > 0,
            "decisions and chance: {:?}",
            ta.state
        );
        assert_eq!(ta, tb, "seed {seed}");
        differs_from_plain |= trace(&plain, seed).scores != ta.scores;
    }
    assert!(differs_from_plain, "the plugin changes nothing");
}

#[test]
fn the_test_plugins_pass_the_conformance_kit_compiled_in_and_loaded() {
    let body =
        format!("{HEAD}[plugins.kit-everything]\n[plugins.kit-needs-base]\n[plugins.kit-base]\n");
    let opts = Options {
        games: 60,
        players: 3,
        ..Options::default()
    };
    let r = conformance::check_builtin(&body, opts).unwrap();
    assert_eq!(r.games, 60);
    let r = conformance::check_libraries(
        &[kit_dir().to_path_buf()],
        &body,
        Options {
            games: 20,
            try_every_action: true,
            ..opts
        },
    )
    .unwrap();
    assert_eq!(r.games, 20);
    // And from the command line.
    let rs = write_ruleset("conformance", &body);
    let o = run(&[
        "conformance",
        "--ruleset",
        rs.to_str().unwrap(),
        "--plugin-dir",
        kit_dir().to_str().unwrap(),
        "--games",
        "10",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("ok — 10 games"),
        "{}",
        text(&o.stdout)
    );
}

// ------------------------------------------------------ the example plugin

/// Plays a constructed game: player 0 puts a monk on a cloister, then the players
/// draw (chance outcomes are chosen, as in a scenario fixture) and place tiles
/// around it until it is surrounded. Returns the points of the completed cloister.
fn complete_a_cloister(rules: &Arc<Rules>) -> i32 {
    use carcassonne_core::{FeatureKind, Placement, Pos};
    let mut g = Game::new(rules.clone(), 2, 1).unwrap();
    g.set_logging(true);
    let cloister = (0..g.rules().tiles.types.len() as u16)
        .map(carcassonne_core::TileTypeId)
        .find(|&t| {
            let ty = g.rules().tiles.get(t).unwrap();
            ty.features.iter().any(|f| f.kind == FeatureKind::Cloister) && g.bag().contains(&t)
        })
        .expect("a cloister tile");
    let places = |g: &Game| -> Vec<Placement> {
        g.legal_actions()
            .unwrap()
            .into_iter()
            .filter_map(|a| match a {
                Action::Place(p) => Some(p),
                _ => None,
            })
            .collect()
    };
    // The monk.
    g.apply(Action::Chance(u32::from(cloister))).unwrap();
    let at = places(&g)[0];
    g.apply(Action::Place(at)).unwrap();
    let monk = g
        .legal_actions()
        .unwrap()
        .into_iter()
        .find(|a| {
            matches!(a, Action::Figure(FigureOption::Deploy { at, .. })
            if at.feature().and_then(|f| g.feature_kind(f)) == Some(FeatureKind::Cloister))
        })
        .expect("a monk option");
    g.apply(monk).unwrap();
    let centre = at.pos;
    // Orthogonal neighbours first, so that every target touches a placed tile.
    let (x, y) = (centre.x, centre.y);
    let targets = [
        (x, y - 1),
        (x + 1, y),
        (x, y + 1),
        (x - 1, y),
        (x - 1, y - 1),
        (x + 1, y - 1),
        (x + 1, y + 1),
        (x - 1, y + 1),
    ]
    .map(|(x, y)| Pos::new(x, y));
    let mut guard = 0;
    while let Some(&target) = targets.iter().find(|p| g.tile_at(**p).is_none()) {
        guard += 1;
        assert!(guard < 40, "cannot surround the cloister");
        assert_eq!(g.actor(), Actor::Chance);
        let fitting = g.chance_outcomes().unwrap().into_iter().find_map(|(t, _)| {
            let mut c = g.clone();
            c.apply(Action::Chance(t)).ok()?;
            let p = places(&c).into_iter().find(|p| p.pos == target)?;
            Some((t, p))
        });
        let Some((t, p)) = fitting else {
            panic!("no tile fits at {target}");
        };
        g.apply(Action::Chance(t)).unwrap();
        g.apply(Action::Place(p)).unwrap();
        g.apply(Action::Figure(FigureOption::Pass)).unwrap();
    }
    g.take_events()
        .into_iter()
        .find_map(|e| match e {
            Event::FeatureScored {
                kind: carcassonne_core::FeatureKind::Cloister,
                reason: ScoreReason::Completed,
                points,
                winners,
                ..
            } => {
                assert!(winners.contains(0));
                Some(points[0])
            }
            _ => None,
        })
        .expect("the cloister was scored")
}

#[test]
fn the_example_plugin_loads_and_makes_a_completed_cloister_score_12() {
    let lib = example_lib().to_path_buf();
    let reg = loader::library_registry(std::slice::from_ref(&lib)).unwrap();
    let with = rules(&reg, &format!("{HEAD}[plugins.cloister-bonus]\n"));
    let without = rules(&builtin(), HEAD);
    assert_eq!(complete_a_cloister(&with), 12);
    assert_eq!(complete_a_cloister(&without), 9);
    // The option is honoured, and checked.
    let ten = rules(
        &reg,
        &format!("{HEAD}[plugins.cloister-bonus]\npoints = 10\n"),
    );
    assert_eq!(complete_a_cloister(&ten), 10);
    let e = carcassonne_host::load_str(
        &format!("{HEAD}[plugins.cloister-bonus]\npoints = -1\n"),
        "t.toml",
        None,
        &reg,
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains(
            "t.toml:4:1: plugin `cloister-bonus` option `points`: must be between 0 and 100"
        ),
        "{e}"
    );
    // From the command line, with the example's own ruleset.
    let dir = lib.parent().unwrap();
    let ruleset = root().join("examples/cloister-bonus/cloister-bonus.toml");
    let o = run(&[
        "play",
        "--ruleset",
        ruleset.to_str().unwrap(),
        "--plugin-dir",
        dir.to_str().unwrap(),
        "--seed",
        "3",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("Final scores"), "{out}");
    let o = run(&["plugins", "--plugin-dir", dir.to_str().unwrap()]);
    assert!(
        text(&o.stdout).contains("cloister-bonus 1.0.0 ("),
        "{}",
        text(&o.stdout)
    );
}

#[test]
fn the_example_plugin_passes_its_own_tests() {
    example_lib(); // built first, so the two builds do not wait on each other's lock
    let target = root().join("target/example-plugins");
    cargo(&[
        "test",
        "--quiet",
        "--manifest-path",
        "examples/cloister-bonus/Cargo.toml",
        "--target-dir",
        target.to_str().expect("utf-8 path"),
    ]);
}
