//! The fuzz targets' bodies: each takes arbitrary bytes as one kind of input of
//! the program and panics only if the program misbehaves on it (a crash, or a
//! broken promise: a ruleset that shows as something else, a replay that
//! differs, an invariant that fails). `cargo fuzz run <target>` (nightly) runs
//! them coverage-guided; the stable test suite runs every file of `corpus/`
//! through them (`tests/it/fuzz_corpus.rs` includes this file).

use carcassonne_core::{conformance, Actor, Driver, Game, Rng};
use carcassonne_host::Registry;
use std::sync::{Arc, OnceLock};

// The official plugins, compiled in.
use carcassonne_official as _;

fn registry() -> &'static Registry {
    static REG: OnceLock<Registry> = OnceLock::new();
    REG.get_or_init(|| carcassonne_host::loader::builtin_registry().expect("built-in plugins"))
}

/// Plays one game with every invariant checked at every step.
fn play_checked(rules: &Arc<carcassonne_core::Rules>, seed: u64) {
    let opts = conformance::Options {
        games: 1,
        players: 2 + (seed % 3) as u8,
        first_seed: seed,
        scores_never_decrease: false,
        ..conformance::Options::default()
    };
    if let Err(f) = carcassonne_host::conformance::check_rules(rules, opts) {
        panic!("conformance failure: {f}");
    }
}

/// A ruleset file: loaded or rejected; one that loads shows as a ruleset that
/// loads to the same rules, and plays.
pub fn ruleset(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(rs) = carcassonne_host::load_str(text, "fuzz.toml", None, registry()) else {
        return;
    };
    let shown = rs.show();
    let again = carcassonne_host::load_str(&shown, "shown.toml", None, registry())
        .unwrap_or_else(|e| panic!("`ruleset show` is not a valid ruleset: {e}\n{shown}"));
    assert_eq!(again.show(), shown, "`ruleset show` is not stable");
    assert_eq!(again.rules_hash(registry()), rs.rules_hash(registry()));
    if rs.rules.tiles.total() <= 200 {
        play_checked(&rs.rules, data.len() as u64);
    }
}

/// A tile-set file: compiled or rejected; one that compiles (with a start tile) plays.
pub fn tileset(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(set) = carcassonne_host::tilesets::parse(text, "fuzz") else {
        return;
    };
    let Ok(cat) = carcassonne_core::TileCatalogue::build(&[set], "C2") else {
        return;
    };
    if cat.total() > 300 {
        return;
    }
    let Ok(rules) = carcassonne_core::Rules::new(
        "fuzz",
        cat,
        carcassonne_core::CoreOptions::default(),
        vec![],
    ) else {
        return;
    };
    play_checked(&Arc::new(rules), data.len() as u64);
}

/// A game record: parsed and replayed, or rejected.
pub fn record(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(rec) = carcassonne_core::Record::from_json(text) else {
        return;
    };
    let Ok(rs) =
        carcassonne_host::provenance::load_record_ruleset(&rec, "fuzz.json", None, registry())
    else {
        return;
    };
    let _ = carcassonne_host::provenance::differences(&rec, &rs, registry());
    let Ok(mut g) = Game::new(rs.rules.clone(), rec.players, rec.seed) else {
        return;
    };
    let _ = Driver::new(&rec.forced).replay(&mut g, &rec.actions);
    if let Err(e) = g.check_integrity() {
        panic!("a replay broke an invariant: {e}");
    }
}

/// Action texts: the first byte picks a shipped ruleset and the seed, each
/// following line is an action typed into the game (what does not parse or
/// is illegal is refused with the state unchanged; between lines the game
/// takes a random step).
pub fn actions(data: &[u8]) {
    static RULES: OnceLock<Vec<Arc<carcassonne_core::Rules>>> = OnceLock::new();
    let all = RULES.get_or_init(|| {
        [
            "name = \"b\"\ntilesets = [\"base\"]\n",
            carcassonne_host::ruleset::DEFAULT_RULESET,
            "name = \"a\"\ntilesets = [\"base\", \"hills-and-sheep\"]\n[plugins.abbot]\n[plugins.shepherd]\n[plugins.hills]\n",
        ]
        .iter()
        .map(|t| carcassonne_host::load_str(t, "r.toml", None, registry()).expect("ruleset").rules)
        .collect()
    });
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let rules = &all[first as usize % all.len()];
    let g = Game::new(rules.clone(), 2 + first % 3, u64::from(first)).expect("game");
    type_lines(g, first, rest);
}

/// Types each line of `text` into game `g` as an action (what does not
/// parse or is illegal must be refused with the state unchanged), a random
/// step (seeded by `seed`) after each; the invariants must hold at the end.
fn type_lines(mut g: Game, seed: u8, text: &[u8]) {
    let mut rng = Rng::new(u64::from(seed));
    for line in String::from_utf8_lossy(text).lines() {
        if let Ok(a) = g.parse_action(line) {
            let before = g.clone();
            if g.apply(a).is_err() {
                assert!(g == before, "a refused action `{line}` changed the state");
            }
        }
        if g.actor() == Actor::GameOver || !g.step_random(&mut rng).expect("a random step") {
            break;
        }
    }
    if let Err(e) = g.check_integrity() {
        panic!("an invariant broke: {e}");
    }
}

/// The shipped rulesets (`configs/*.toml`, in file-name order), found from
/// this crate's directory (`fuzz/`) or the workspace's (the stable test
/// suite's, which includes this file).
fn shipped_rules() -> &'static [Arc<carcassonne_core::Rules>] {
    static RULES: OnceLock<Vec<Arc<carcassonne_core::Rules>>> = OnceLock::new();
    RULES.get_or_init(|| {
        let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let dir = [here.join("configs"), here.join("../configs")]
            .into_iter()
            .find(|d| d.join("base.toml").is_file())
            .expect("the shipped rulesets (configs/)");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("configs/")
            .filter_map(|e| Some(e.ok()?.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect();
        files.sort();
        files
            .iter()
            .map(|f| {
                carcassonne_host::ruleset::load_file(f, registry())
                    .unwrap_or_else(|e| panic!("{}: {e}", f.display()))
                    .rules
            })
            .collect()
    })
}

/// Action texts on every shipped ruleset, its expansions' actions among
/// them (towers, bridges, castles, bids, the Count's quarters, ...): the
/// first byte picks the ruleset, the number of players (2 to 6) and the
/// seed; then as [`actions`]. A ruleset added to `configs/` changes which
/// game a corpus input plays (it stays an input that must pass).
pub fn shipped(data: &[u8]) {
    let all = shipped_rules();
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let n = all.len();
    let rules = &all[usize::from(first) % n];
    let players = 2 + (usize::from(first) / n % 5) as u8;
    let g = Game::new(rules.clone(), players, u64::from(first))
        .or_else(|_| Game::new(rules.clone(), 2, u64::from(first)))
        .expect("a game of a shipped ruleset");
    type_lines(g, first, rest);
}
