//! Inputs from a hostile audit (issue 15) that used to crash the engine or be
//! wrongly accepted: each is now a clear error.

use carcassonne_core::*;
use std::sync::Arc;

fn base_tiles() -> TileCatalogue {
    let set: TileSetSpec =
        toml::from_str(include_str!("../../configs/tilesets/base.toml")).unwrap();
    TileCatalogue::build(&[set], "C2").unwrap()
}

/// A plugin that tosses a coin with the given weights at the start of every turn.
struct Coin(Vec<u32>);

impl Hooks for Coin {
    fn subscriptions(&self) -> u32 {
        hook::TILE_DRAWN
    }
    fn tile_drawn(&self, cx: &mut Cx<'_>, _: TileTypeId) -> HookResult {
        cx.push_chance(0, 0);
        Ok(())
    }
    fn step_outcomes(&self, _: &View<'_>, _: Step, out: &mut Vec<(u32, u32)>) -> HookResult {
        out.extend(self.0.iter().enumerate().map(|(i, &w)| (i as u32, w)));
        Ok(())
    }
    fn resolve_step(&self, cx: &mut Cx<'_>, _: Step, value: u32) -> HookResult {
        cx.state_mut()[value as usize] += 1;
        Ok(())
    }
}

fn coin_rules(weights: Vec<u32>) -> Arc<Rules> {
    let decl = PluginDecl {
        id: "coin".into(),
        game_words: 2,
        ..PluginDecl::default()
    };
    let hooks: Arc<dyn Hooks> = Arc::new(Coin(weights));
    Arc::new(
        Rules::new(
            "coin",
            base_tiles(),
            CoreOptions::default(),
            vec![(decl, hooks)],
        )
        .unwrap(),
    )
}

/// The game after the first tile draw, with the coin's chance event pending.
fn coin_game(weights: Vec<u32>, seed: u64) -> Game {
    let mut g = Game::new(coin_rules(weights), 2, seed).unwrap();
    g.sample_chance().unwrap();
    assert_eq!(g.chance_stream(), Some("coin"));
    g
}

#[test]
fn chance_weights_all_zero_are_an_error_not_a_panic() {
    let mut g = coin_game(vec![0, 0], 1);
    let before = g.clone();
    let e = g.sample_chance().unwrap_err();
    assert!(
        e.to_string()
            .contains("every outcome of the chance event has weight 0"),
        "{e}"
    );
    assert!(g == before, "a failed draw leaves the state unchanged");
    let mut empty = coin_game(vec![], 1);
    let e = empty.sample_chance().unwrap_err();
    assert!(e.to_string().contains("has no outcome"), "{e}");
}

#[test]
fn chance_weights_summing_past_u32_max_draw_fairly() {
    // A fair coin between two weights of 2^31 used to land on one side only.
    let mut seen = [0u32; 2];
    for seed in 0..400 {
        let mut g = coin_game(vec![1 << 31, 1 << 31], seed);
        g.sample_chance().unwrap();
        let p = g.rules().plugin_index("coin").unwrap();
        for (i, &n) in g.plugin_state(p).iter().enumerate() {
            seen[i] += n;
        }
    }
    assert!(seen.iter().all(|&n| n > 150), "{seen:?}");
}

#[test]
fn plugin_state_sizes_are_bounded() {
    for (game_words, feature_words) in [(u32::MAX, 0), (0, u32::MAX), (MAX_GAME_WORDS + 1, 0)] {
        let decl = PluginDecl {
            id: "greedy-state".into(),
            game_words,
            feature_words,
            ..PluginDecl::default()
        };
        let hooks: Arc<dyn Hooks> = Arc::new(Coin(vec![1]));
        let errs = Rules::new(
            "big",
            base_tiles(),
            CoreOptions::default(),
            vec![(decl, hooks)],
        )
        .unwrap_err();
        assert!(
            errs.iter()
                .any(|e| e.contains("plugin `greedy-state` declares") && e.contains("at most")),
            "{errs:?}"
        );
    }
    // Within the bounds each, but too much together.
    let plugins: Vec<(PluginDecl, Arc<dyn Hooks>)> = (0..5)
        .map(|i| {
            let decl = PluginDecl {
                id: format!("p{i}"),
                feature_words: MAX_FEATURE_WORDS,
                ..PluginDecl::default()
            };
            let hooks: Arc<dyn Hooks> = Arc::new(Coin(vec![1]));
            (decl, hooks)
        })
        .collect();
    let errs = Rules::new("big", base_tiles(), CoreOptions::default(), plugins).unwrap_err();
    assert!(
        errs.iter().any(|e| e.contains("per feature together")),
        "{errs:?}"
    );
}

#[test]
fn plugin_ids_are_checked_by_one_definition() {
    for ok in ["shepherd", "special-cities", "x2", "9lives"] {
        assert!(valid_plugin_id(ok), "{ok}");
    }
    for bad in ["", "-lead", "trail-", "Upper", "weird id", "dot.ted", "ünï"] {
        assert!(!valid_plugin_id(bad), "{bad}");
        let decl = PluginDecl {
            id: bad.into(),
            ..PluginDecl::default()
        };
        assert!(!decl.check().is_empty(), "{bad}");
    }
}
