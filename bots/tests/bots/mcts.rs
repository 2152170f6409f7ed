//! The MCTS bot: deterministic, blind to what players cannot see, parallel,
//! and it reports plugin failures.

use carcassonne_bots::{Bot, BotError, BotSpec, Mcts, MctsSpec};
use carcassonne_core::*;
use std::sync::Arc;

// Link the official plugins so that the host's registry holds them.
use carcassonne_official as _;

/// Hills & Sheep (the default ruleset) with the compiled-in plugins.
fn hills_and_sheep() -> Arc<Rules> {
    let reg = carcassonne_host::loader::builtin_registry().unwrap();
    carcassonne_host::load_default(&reg).unwrap().rules
}

fn mcts(text: &str, seed: u64) -> Mcts {
    let BotSpec::Mcts(spec) = text.parse::<BotSpec>().unwrap() else {
        panic!("{text}");
    };
    let threads = spec.threads.unwrap_or(1);
    Mcts::new(spec, threads, seed)
}

/// Plays `g` on until a player with more than one legal action must act,
/// choosing at random; `None` if the game ends first.
fn next_decision(g: &mut Game, rng: &mut Rng) -> Option<()> {
    loop {
        match g.actor() {
            Actor::GameOver => return None,
            Actor::Player(_) if g.legal_actions().unwrap().len() > 1 => return Some(()),
            _ => {
                g.step_random(rng).unwrap();
            }
        }
    }
}

#[test]
fn mcts_plays_the_same_moves_for_the_same_seed_and_threads() {
    let rules = hills_and_sheep();
    let game = |seed: u64, threads: &str| -> Vec<i32> {
        let specs: Vec<BotSpec> = vec![
            format!("mcts:25:{threads}").parse().unwrap(),
            BotSpec::Random,
        ];
        carcassonne_bots::play_game(&rules, 2, seed, &specs)
            .unwrap()
            .scores()
            .to_vec()
    };
    // play_game builds bots with one thread unless told; threads=2 splits the
    // playouts between two trees.
    assert_eq!(game(3, "threads=1"), game(3, "threads=1"));
    assert_eq!(game(3, "threads=2"), game(3, "threads=2"));
}

#[test]
fn mcts_does_not_see_face_down_tiles_or_future_draws() {
    // Two games that look the same to every player but differ in the tiles
    // under the hills and in what the bag gives next: the bot chooses the same.
    let rules = hills_and_sheep();
    let mut rng = Rng::new(11);
    let mut checked = 0;
    for seed in 0..40 {
        let mut g = Game::new(rules.clone(), 2, seed).unwrap();
        while g.hidden_tiles().is_empty() || next_decision(&mut g, &mut rng).is_none() {
            if !g.step_random(&mut rng).unwrap() {
                break;
            }
        }
        if g.is_over() {
            continue;
        }
        let mut other = g.clone();
        other.determinize(seed + 1000);
        assert!(other != g);
        for p in PlayerId::all(2) {
            assert_eq!(other.observation(p), g.observation(p));
        }
        let a = mcts("mcts:40", 5).choose(&g).unwrap();
        let b = mcts("mcts:40", 5).choose(&other).unwrap();
        assert_eq!(a, b, "seed {seed}");
        checked += 1;
        if checked == 4 {
            return;
        }
    }
    panic!("only {checked} positions with face-down tiles");
}

#[test]
fn mcts_spends_its_budget_split_between_threads() {
    let rules = hills_and_sheep();
    let mut g = Game::new(rules, 2, 2).unwrap();
    let mut rng = Rng::new(1);
    let mut bot = mcts("mcts:41:threads=3", 9);
    assert_eq!(bot.threads(), 3);
    let mut searches = 0;
    while searches < 3 {
        next_decision(&mut g, &mut rng).unwrap();
        let a = bot.choose(&g).unwrap();
        assert!(g.legal_actions().unwrap().contains(&a));
        g.apply(a).unwrap();
        searches += 1;
    }
    let s = bot.search_stats().unwrap();
    assert_eq!((s.searches, s.playouts), (3, 3 * 41));
    assert!(s.max_tree > 10 && s.max_tree <= 15, "{s:?}");
}

#[test]
fn mcts_beats_random() {
    let rules = hills_and_sheep();
    for seed in 0..2 {
        let specs = ["mcts:30".parse().unwrap(), BotSpec::Random];
        let g = carcassonne_bots::play_game(&rules, 2, seed, &specs).unwrap();
        assert!(
            g.score(PlayerId::ALL[0]) > g.score(PlayerId::ALL[1]),
            "seed {seed}: {:?}",
            g.scores()
        );
    }
}

/// A plugin whose `turn_end` hook fails after the fourth turn.
struct FailsLater;

impl Hooks for FailsLater {
    fn subscriptions(&self) -> u64 {
        hook::TURN_END
    }
    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        if cx.game.turn() < 4 {
            return Ok(());
        }
        Err(HookError {
            plugin: "fails-later".into(),
            hook: "turn_end",
            message: "told to fail".into(),
        })
    }
}

#[test]
fn mcts_reports_a_plugin_failure_met_in_a_playout() {
    let text = include_str!("../../../configs/tilesets/base.toml");
    let set: TileSetSpec = toml::from_str(text).unwrap();
    let tiles = TileCatalogue::build(&[set], "C2").unwrap();
    let decl = PluginDecl {
        id: "fails-later".into(),
        ..PluginDecl::default()
    };
    let plugins: Vec<(PluginDecl, Arc<dyn Hooks>)> = vec![(decl, Arc::new(FailsLater))];
    let rules = Arc::new(Rules::new("t", tiles, CoreOptions::default(), plugins).unwrap());
    let mut g = Game::new(rules, 2, 1).unwrap();
    let mut rng = Rng::new(1);
    next_decision(&mut g, &mut rng).unwrap();
    let mut bot = Mcts::new(MctsSpec::default(), 1, 1);
    match bot.choose(&g) {
        Err(BotError::Searching { error }) => assert_eq!(
            error.to_string(),
            "plugin `fails-later` failed in hook `turn_end`: told to fail"
        ),
        other => panic!("{other:?}"),
    }
}
