//! Several shepherds per player (the house rule `shepherds-per-player = 2`): one
//! decision per field, one payment per player.

use carcassonne_core::scenario::check;
use carcassonne_core::PlayerId;
use carcassonne_core::{Game, Rules};
use carcassonne_official::shepherd::{tokens_in_play, TOKENS};
use std::sync::Arc;

fn rules_with_shepherds(per_player: u8) -> Arc<Rules> {
    let registry = carcassonne_host::loader::builtin_registry().expect("built-in plugins");
    let text = format!(
        "name = \"two shepherds\"\ntilesets = [\"base\"]\n[plugins.shepherd]\nshepherds-per-player = {per_player}\n"
    );
    carcassonne_host::load_str(&text, "test", None, &registry)
        .unwrap_or_else(|e| panic!("{e}"))
        .rules
}

fn tokens(g: &Game) -> (u32, u32) {
    let p = g.rules().plugin_index("shepherd").unwrap();
    tokens_in_play(
        g.plugin_state(p).unwrap(),
        (0..g.feature_count())
            .filter_map(|f| g.plugin_feature_state(p, carcassonne_core::FeatureId(f as u16))),
    )
}

/// Red's first shepherd on the start tile's strip (3 sheep), his second on the
/// field south of the road (2 sheep); then Red's BA/LR east of the start joins
/// the two fields: Red has two shepherds on one field.
const TWO_FLOCKS_JOINED: &str =
    "draw BA/RFr; place -1 0 0; deploy shepherd field N; shepherd sheep-3
     draw BA/C; place 0 -1 2; pass
     draw BA/RFr; place 0 1 0; deploy shepherd field N; shepherd sheep-2
     draw BA/L; place -1 -1 0; pass
     draw BA/LR; place 1 0 1; pass";

#[test]
fn s3_s6_two_shepherds_of_one_player_on_a_joined_field_one_decision_one_payment() {
    let r = rules_with_shepherds(2);
    let shepherd = r.figure_kind("shepherd").unwrap();
    let g = carcassonne_core::scenario::run(&r, 2, TWO_FLOCKS_JOINED).unwrap();
    assert_eq!(g.supply(PlayerId::ALL[0], shepherd), 0);
    assert_eq!(g.pending_steps().len(), 1, "one decision for the one field");
    let g = check(
        &r,
        2,
        &format!("{TWO_FLOCKS_JOINED}; shepherd herd"),
        &[5, 0],
    );
    assert_eq!(g.supply(PlayerId::ALL[0], shepherd), 2);
    assert_eq!(tokens(&g), (TOKENS, 0));
}

#[test]
fn s5_a_wolf_sends_both_shepherds_of_the_player_home() {
    let r = rules_with_shepherds(2);
    let g = check(
        &r,
        2,
        &format!("{TWO_FLOCKS_JOINED}; shepherd grow; shepherd wolf"),
        &[0, 0],
    );
    assert_eq!(
        g.supply(PlayerId::ALL[0], r.figure_kind("shepherd").unwrap()),
        2
    );
    assert_eq!(tokens(&g), (TOKENS, 0));
    // Growing first and herding later still pays once: 3 + 2 + 4.
    check(
        &r,
        2,
        &format!(
            "{TWO_FLOCKS_JOINED}; shepherd grow; shepherd sheep-4
             draw BA/L; place 2 0 0; pass
             draw BA/L; place 2 -1 0; pass; shepherd herd"
        ),
        &[9, 0],
    );
}

#[test]
fn s2_a_second_shepherd_may_not_join_a_field_with_a_shepherd() {
    let r = rules_with_shepherds(2);
    let shepherd = r.figure_kind("shepherd").unwrap();
    let mut g = carcassonne_core::scenario::run(
        &r,
        2,
        "draw BA/RFr; place -1 0 0; deploy shepherd field N; shepherd sheep-3
         draw BA/C; place 0 -1 2; pass
         draw BA/L; place -1 -1 0",
    )
    .unwrap();
    // Red still has a shepherd, but the tile's only field holds his first one.
    assert_eq!(g.supply(PlayerId::ALL[0], shepherd), 1);
    let a = g.parse_action("deploy shepherd field").unwrap();
    assert!(g.apply(a).is_err());
}
