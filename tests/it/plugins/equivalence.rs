//! The same plugin compiled in and loaded at run time plays identical games,
//! and the test plugins pass the conformance kit both ways.

use super::*;
use carcassonne_core::{Action, Actor, Event, Game, Rng};
use carcassonne_host::conformance::{self, Options};
use carcassonne_plugin_sdk::testing::check_plugin;
use carcassonne_test_plugins::{
    caps, BadOptions, Base, CycleA, EndlessTurns, Everything, Faulty, Hot, NeedsBase, Rival,
    Unsteady,
};

#[test]
fn the_test_plugins_declarations_are_valid() {
    check_plugin::<Everything>().unwrap();
    check_plugin::<Hot>().unwrap();
    check_plugin::<Faulty>().unwrap();
    check_plugin::<EndlessTurns>().unwrap();
    check_plugin::<BadOptions>().unwrap();
    check_plugin::<Unsteady>().unwrap();
    check_plugin::<Base>().unwrap();
    check_plugin::<NeedsBase>().unwrap();
    check_plugin::<Rival>().unwrap();
    check_plugin::<CycleA>().unwrap();
    caps::check_all().unwrap();
}

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

/// A plugin shell whose hooks are compiled in or out by `#[cfg]`: generic, so
/// `#[plugin]` registers nothing.
struct Gated<M>(std::marker::PhantomData<M>);

#[carcassonne_plugin_sdk::plugin]
impl<M: Send + Sync + 'static> carcassonne_plugin_sdk::Plugin for Gated<M> {
    type Config = carcassonne_plugin_sdk::NoOptions;
    const ID: &'static str = "gated";
    const VERSION: &'static str = "1.0.0";

    fn new(
        _: carcassonne_plugin_sdk::NoOptions,
    ) -> Result<Self, carcassonne_plugin_sdk::ConfigError> {
        Ok(Gated(std::marker::PhantomData))
    }

    /// Never compiled: not subscribed.
    #[cfg(any())]
    fn tile_placed(
        &self,
        _cx: &mut carcassonne_plugin_sdk::Cx<'_>,
        _tile: carcassonne_core::TileIndex,
    ) -> carcassonne_plugin_sdk::HookResult {
        Ok(())
    }

    /// Always compiled, under two attributes: subscribed.
    #[cfg(test)]
    #[cfg(not(any()))]
    fn turn_end(
        &self,
        _cx: &mut carcassonne_plugin_sdk::Cx<'_>,
    ) -> carcassonne_plugin_sdk::HookResult {
        Ok(())
    }

    /// Compiled out by a `cfg` inside a `cfg_attr` whose predicate holds:
    /// not subscribed.
    #[cfg_attr(test, cfg(any()))]
    fn before_scoring(
        &self,
        _cx: &mut carcassonne_plugin_sdk::Cx<'_>,
    ) -> carcassonne_plugin_sdk::HookResult {
        Ok(())
    }

    /// Compiled out by nested `cfg_attr`s whose predicates both hold.
    #[cfg_attr(test, cfg_attr(not(any()), cfg(any())))]
    fn after_figure(
        &self,
        _cx: &mut carcassonne_plugin_sdk::Cx<'_>,
    ) -> carcassonne_plugin_sdk::HookResult {
        Ok(())
    }

    /// Under a `cfg_attr` whose predicate does not hold: compiled and subscribed.
    #[cfg_attr(not(test), cfg(any()))]
    #[cfg_attr(any(), cfg_attr(test, cfg(any())))]
    fn tile_drawn(
        &self,
        _cx: &mut carcassonne_plugin_sdk::Cx<'_>,
        _tile: carcassonne_core::TileTypeId,
    ) -> carcassonne_plugin_sdk::HookResult {
        Ok(())
    }

    fn turn_start(
        &self,
        _cx: &mut carcassonne_plugin_sdk::Cx<'_>,
    ) -> carcassonne_plugin_sdk::HookResult {
        Ok(())
    }
}

#[test]
fn a_hook_compiled_out_by_cfg_is_not_subscribed() {
    use carcassonne_core::hook;
    let subs = carcassonne_plugin_sdk::hooks_of::<Gated<()>>();
    assert_eq!(subs, hook::TURN_END | hook::TURN_START | hook::TILE_DRAWN);
}
