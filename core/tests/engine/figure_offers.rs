//! The core's offer conditions of a declared figure kind, proved on their own
//! by a kind of this test (the builder and the pig use them in the shipped
//! plugins): `beside_follower` offers it only into a feature that holds a
//! follower of the player whose turn it is, `open_only` only into a feature
//! that is not complete.

use carcassonne_core::scenario::run;
use carcassonne_core::*;
use std::sync::Arc;

/// A plugin that only declares its kind: the core does the offering.
struct Declares;

impl Hooks for Declares {
    fn subscriptions(&self) -> u64 {
        0
    }
}

fn rules() -> Arc<Rules> {
    let buddy = FigureSpec::special("buddy", 1)
        .stands_on(FeatureKinds::of(&[FeatureKind::Road, FeatureKind::City]))
        .offered(true)
        .beside_follower(true)
        .open_only(true)
        .class(FigureClass::Companion);
    let decl = PluginDecl {
        id: "buddy".into(),
        figures: vec![buddy.map_name(String::from)],
        ..PluginDecl::default()
    };
    let hooks: Arc<dyn Hooks> = Arc::new(Declares);
    crate::fixtures::base_rules(CoreOptions::default(), vec![(decl, hooks)])
}

/// The legal figure actions that deploy the buddy, as text.
fn buddies(g: &Game) -> Vec<String> {
    g.legal_actions()
        .unwrap()
        .into_iter()
        .map(|a| g.format_action(a))
        .filter(|t| t.starts_with("deploy buddy"))
        .collect()
}

/// The buddy's deploy action on the road of the tile just placed at `pos`.
fn on_road(g: &Game, pos: Pos) -> String {
    let t = g.tile_at(pos).unwrap();
    let l = (0..g.tile_feature_count(t).unwrap())
        .find(|&l| g.tile_feature_kind(t, l) == Some(FeatureKind::Road))
        .unwrap();
    format!("deploy buddy {l}")
}

#[test]
fn a_kind_offered_beside_a_follower_into_an_open_feature_only() {
    let r = rules();
    // Red caps the start's road in the east: no follower of his in it yet.
    let mut script = String::from("draw BA/LR; place 1 0 1");
    let g = run(&r, 2, &script).unwrap();
    assert_eq!(buddies(&g), Vec::<String>::new());
    script.push_str("; deploy follower road; draw BA/L; place 0 1 0; pass");
    // Red extends his road westwards: offered beside his follower.
    script.push_str("; draw BA/RFr; place -1 0 0");
    let g = run(&r, 2, &script).unwrap();
    assert_eq!(buddies(&g), [on_road(&g, Pos::new(-1, 0))]);
    // Blue extends it too: Red's follower is no follower of Blue's.
    script.push_str("; pass; draw BA/RFr; place -2 0 0");
    let g = run(&r, 2, &script).unwrap();
    assert!(g.legal_actions().unwrap().len() > 1);
    assert_eq!(buddies(&g), Vec::<String>::new());
    // Red closes it: complete, so not offered beside his follower.
    script.push_str("; pass; draw BA/LR; place -3 0 3");
    let g = run(&r, 2, &script).unwrap();
    assert_eq!(buddies(&g), Vec::<String>::new());
    assert_eq!(g.scores(), [0, 0], "scored at the turn's end");
}

/// Every open feature offered when the placed tile shows a portal: by the
/// core (`standing`: `Cx::offer_open_features` from `setup`, stopped from
/// turn 30 to 39), or by `figure_options` from `open_features_for`, as the
/// magic portal made them before. Both offer standing deployments onto
/// feature 1 too (the same options twice: each once), and declare a second
/// follower kind, not offered by the core (`scout`, roads only).
struct Portal {
    standing: bool,
    portal: u64,
}

impl Hooks for Portal {
    fn subscriptions(&self) -> u64 {
        match self.standing {
            true => hook::SETUP | hook::TURN_START,
            false => hook::SETUP | hook::FIGURE_OPTIONS,
        }
    }
    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        assert!(cx.offer_deployments_at(FeatureId(1)));
        if self.standing {
            assert!(cx.offer_open_features(self.portal, true));
        }
        Ok(())
    }
    fn turn_start(&self, cx: &mut Cx<'_>) -> HookResult {
        match cx.turn() {
            30 => assert!(cx.offer_open_features(0, false)),
            40 => assert!(cx.offer_open_features(self.portal, true)),
            _ => {}
        }
        Ok(())
    }
    fn figure_options(&self, v: &View<'_>, opts: &mut Vec<FigureOption>) -> HookResult {
        let Some(t) = v.last_placed() else {
            return Ok(());
        };
        if !v.tile_has_marker(t, self.portal) || (30..40).contains(&v.turn()) {
            return Ok(());
        }
        let me = v.current_player();
        for (k, kind) in v.rules().figures.iter().enumerate() {
            let k = FigureKindId(k as u8);
            if !kind.follower || v.supply(me, k) == 0 {
                continue;
            }
            for f in v.open_features_for(k) {
                if v.feature_tile(f) != Some(t) {
                    let at = Location::Feature(f);
                    opts.push(FigureOption::Deploy { kind: k, at });
                }
            }
        }
        Ok(())
    }
}

/// The rules of the base and the Princess and the Dragon tiles with a
/// [`Portal`] (the markers of the others inert).
fn portal_rules(standing: bool) -> Arc<Rules> {
    let sets: Vec<TileSetSpec> = [
        include_str!("../../../configs/tilesets/base.toml"),
        include_str!("../../../configs/tilesets/princess-and-dragon.toml"),
    ]
    .iter()
    .map(|t| toml::from_str(t).unwrap())
    .collect();
    let tiles = TileCatalogue::build(&sets, "C2").unwrap();
    let portal = tiles.markers.bit("portal");
    assert_ne!(portal, 0);
    let scout = FigureSpec::follower("scout", 2, 1)
        .stands_on(FeatureKinds::of(&[FeatureKind::Road]))
        .offered(false);
    let decl = PluginDecl {
        id: "portal".into(),
        figures: vec![scout.map_name(String::from)],
        ..PluginDecl::default()
    };
    let hooks: Arc<dyn Hooks> = Arc::new(Portal { standing, portal });
    Arc::new(Rules::new("portal", tiles, CoreOptions::default(), vec![(decl, hooks)]).unwrap())
}

#[test]
fn the_open_features_offered_by_the_core_are_those_a_plugin_made() {
    let (core, hook) = (portal_rules(true), portal_rules(false));
    let portal = core.tiles.markers.bit("portal");
    let mut through = 0;
    for seed in 0..6 {
        let mut a = Game::new(core.clone(), 2 + seed as u8 % 3, seed).unwrap();
        let mut b = Game::new(hook.clone(), 2 + seed as u8 % 3, seed).unwrap();
        let (mut ra, mut rb) = (Rng::new(seed), Rng::new(seed));
        loop {
            if a.stage() == Stage::Figure {
                let opts = a.legal_actions().unwrap();
                assert_eq!(
                    opts,
                    b.legal_actions().unwrap(),
                    "seed {seed} turn {}",
                    a.turn()
                );
                let t = a.last_placed().unwrap();
                if a.tile_has_marker(t, portal) && !(30..40).contains(&a.turn()) {
                    through += opts.len();
                }
            }
            let more = a.step_random(&mut ra).unwrap();
            assert_eq!(more, b.step_random(&mut rb).unwrap());
            if !more {
                break;
            }
        }
        assert_eq!(a.scores(), b.scores());
    }
    assert!(through > 100, "{through}");
}
