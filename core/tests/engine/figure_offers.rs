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
    script.push_str("; deploy follower 0; draw BA/L; place 0 1 0; pass");
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
