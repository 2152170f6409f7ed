//! The `tower` plugin with the other expansions (interactions X45–X53), and
//! the variants of its options passing the conformance kit at 2, 4 and 6
//! players and played to the end by the random, greedy and search bots (the
//! shipped rulesets' checks are in `shipped_rulesets.rs`). Geometry and helpers as in
//! `tower.rs`.

use crate::common::*;
use crate::dragon::{figures_at, neutral_at};
use crate::tower::{capture, names, raised, tw};
use carcassonne_core::{Actor, FigureId, Game, Location, Rules, FOLLOWER};
use std::sync::Arc;

/// The Tower with `plugins` (TOML tables) and the tile sets `sets` besides
/// base and the tower's.
fn with(sets: &str, plugins: &str) -> String {
    let base = tw("");
    let base = base.replace(
        "tilesets = [\"base\", \"the-tower\"]",
        &format!("tilesets = [\"base\", \"the-tower\"{sets}]"),
    );
    format!("{base}{plugins}\n")
}

/// The figure of `kind` of `player` (the first).
fn figure(g: &Game, player: u8, kind: &str) -> FigureId {
    let k = g.rules().figure_kind(kind).expect("kind");
    (0..g.figure_count() as u16)
        .map(FigureId)
        .find(|&f| g.figure_owner(f) == Some(p(player)) && g.figure_kind(f) == Some(k))
        .expect("figure")
}

#[test]
pub(crate) fn tw10_a_shepherd_is_never_captured() {
    let text = with("", "[plugins.shepherd]");
    for r in compiled_in_and_loaded(&text) {
        let g = run(
            &r,
            2,
            "draw BA/RFr; place 1 0 0; deploy shepherd field N; shepherd sheep-3
             draw TO/FG; place 1 1 0; tower 2 at 1 1",
        )
        .unwrap();
        // No capture decision: Red draws next; the shepherd stays.
        assert_eq!(g.actor(), Actor::Chance);
        assert!(g.figure_location(figure(&g, 0, "shepherd")).is_some());
        assert_eq!(g.scores(), [0, 0]);
    }
}

#[test]
fn x45_capturing_a_farmer_of_the_flocks_field_leaves_shepherd_and_flock_alone() {
    let text = with("", "[plugins.shepherd]");
    for r in compiled_in_and_loaded(&text) {
        // Red's shepherd (3 sheep) on the field north of the road east of the
        // start; Red's farmer joins that field on TO/RRRR.1 at (2, 0); Blue
        // raises that tower from his cloister tile.
        let mut g = run(
            &r,
            2,
            "draw BA/RFr; place 1 0 0; deploy shepherd field N; shepherd sheep-3
             draw BA/L; place 0 1 0; pass
             draw TO/RRRR.1; place 2 0 0; deploy follower 4; shepherd grow; shepherd sheep-2
             draw BA/L; place 1 1 0",
        )
        .unwrap();
        let shepherd = figure(&g, 0, "shepherd");
        assert_eq!(g.figure_note(shepherd).unwrap().as_deref(), Some("5 sheep"));
        // The tower piece is Blue's figure step: no shepherd of his with it.
        let n = names(&g);
        assert!(n.contains(&"deploy shepherd 1".to_string()), "{n:?}");
        run_on(&mut g, "tower 8 at 2 0").unwrap();
        // The shepherd (in range, on (1, 0)) is never offered.
        assert_eq!(names(&g), ["tower follower of 0 at 2 0 4", "tower pass"]);
        run_on(&mut g, "tower follower of 0 at 2 0 4").unwrap();
        assert_eq!(follower_places(&g, 0), [Location::Held(p(1))]);
        assert!(g.figure_location(shepherd).is_some_and(|l| l.on_board()));
        assert_eq!(g.figure_note(shepherd).unwrap().as_deref(), Some("5 sheep"));
        assert!(figures_of(&g, 1, r.figure_kind("shepherd").unwrap())
            .iter()
            .all(|&f| g.figure_location(f).is_none()));
        assert_eq!(g.scores(), [0, 0]);
    }
}

#[test]
fn x47_a_large_follower_is_one_prisoner_ransomed_for_3() {
    let text = format!("{}[plugins.large-follower]\n", tw(""));
    for r in compiled_in_and_loaded(&text) {
        let mut g = run(
            &r,
            2,
            "draw BA/RFr; place 1 0 0; deploy large-follower road
             draw TO/RRRR.1; place 2 0 0; tower 8 at 2 0; tower large-follower of 0 at 1 0 0
             draw BA/C; place 0 -1 2; deploy follower city",
        )
        .unwrap();
        assert_eq!(g.scores(), [4, 0]);
        assert_eq!(
            names(&g),
            ["tower large-follower of 0 held by 1", "tower pass"]
        );
        run_on(&mut g, "tower large-follower of 0 held by 1").unwrap();
        assert_eq!(g.scores(), [1, 3]);
    }
}

#[test]
fn x48_a_captured_abbot_scores_nothing_and_a_tower_garden_takes_an_abbot() {
    let text = with("", "[plugins.abbot]");
    for r in compiled_in_and_loaded(&text) {
        let g = run(
            &r,
            2,
            "draw BA/L; place 0 1 0; deploy abbot cloister
             draw TO/FG; place 0 2 0",
        )
        .unwrap();
        // TO/FG's garden (local 1) takes an abbot; its foundation does not.
        let n = names(&g);
        assert!(n.contains(&"deploy abbot 1".to_string()), "{n:?}");
        assert!(!n.iter().any(|a| a.starts_with("deploy abbot 2")), "{n:?}");
        // A fixture names which of its two spots (the tower's section 3.3)
        // by its marker, as the turn log does: `garden`, `spot garden`.
        for named in ["deploy abbot garden", "deploy abbot spot garden"] {
            assert_eq!(
                g.parse_action(named).unwrap(),
                g.parse_action("deploy abbot 1").unwrap(),
                "{named}"
            );
        }
        let e = g.parse_action("deploy abbot spot").unwrap_err().to_string();
        assert!(
            e.ends_with("the tile has several spots: name one by its marker (`spot garden`) or give its number"),
            "{e}"
        );
        let g = check(
            &r,
            2,
            "draw BA/L; place 0 1 0; deploy abbot cloister
             draw TO/FG; place 0 2 0; tower 2 at 0 2; tower abbot of 0 at 0 1 0",
            &[0, 0],
        );
        assert_eq!(
            g.figure_location(figure(&g, 0, "abbot")),
            Some(Location::Held(p(1)))
        );
    }
}

#[test]
fn x49_a_builder_goes_home_when_his_owners_last_follower_is_captured() {
    let text = with(", \"traders-and-builders\"", "[plugins.builder]");
    for r in compiled_in_and_loaded(&text) {
        let builder = r.figure_kind("builder").unwrap();
        let g = run(
            &r,
            2,
            "draw BA/RFr; place 1 0 0; deploy follower road W
             draw BA/L; place 0 1 0; pass
             draw BA/RFr; place 2 0 0; deploy builder road W
             draw TO/FG; place 1 1 0; tower 2 at 1 1",
        )
        .unwrap();
        // The builder (diagonal, and no follower kind) is not offered.
        assert_eq!(names(&g), ["tower follower of 0 at 1 0 0", "tower pass"]);
        assert_eq!(g.supply(p(0), builder), 0);
        let mut taken = g.clone();
        run_on(&mut taken, "tower follower of 0 at 1 0 0").unwrap();
        assert_eq!(taken.supply(p(0), builder), 1, "lonely: home");
        let mut left = g;
        run_on(&mut left, "tower pass").unwrap();
        assert_eq!(left.supply(p(0), builder), 0);
    }
}

#[test]
fn x49_a_pig_goes_home_when_his_owners_last_farmer_is_captured() {
    let text = with(", \"traders-and-builders\"", "[plugins.pig]");
    for r in compiled_in_and_loaded(&text) {
        let pig = r.figure_kind("pig").unwrap();
        let g = run(
            &r,
            2,
            "draw BA/RFr; place 1 0 0; deploy follower field N
             draw BA/RFr; place -1 0 0; pass
             draw BA/RFr; place 2 0 0; deploy pig field N
             draw TO/FG; place 1 1 0; tower 2 at 1 1; tower follower of 0 at 1 0 1",
        )
        .unwrap();
        assert_eq!(follower_places(&g, 0), [Location::Held(p(1))]);
        assert_eq!(g.supply(p(0), pig), 1, "lonely: home");
    }
}

#[test]
fn x50_mayor_and_wagon_are_captured_a_captured_wagon_does_not_move_the_barn_never() {
    let text = with(
        ", \"abbey-and-mayor\"",
        "[plugins.mayor]\n[plugins.wagon]\n[plugins.barn]",
    );
    for r in compiled_in_and_loaded(&text) {
        let g = run(
            &r,
            2,
            &red_road_then_blue(
                "deploy wagon road",
                "TO/RRRR.1",
                "tower 8 at 2 0; tower wagon of 0 at 1 0 0",
            ),
        )
        .unwrap();
        assert_eq!(
            g.figure_location(figure(&g, 0, "wagon")),
            Some(Location::Held(p(1)))
        );
        assert_eq!(g.actor(), Actor::Chance, "no wagon move");
        assert_eq!(g.scores(), [0, 0]);
        let g = run(
            &r,
            2,
            "draw BA/Cc+; place 0 -1 2; deploy mayor city
             draw TO/FG; place 0 -2 0; tower 2 at 0 -2; tower mayor of 0 at 0 -1 0",
        )
        .unwrap();
        assert_eq!(
            g.figure_location(figure(&g, 0, "mayor")),
            Some(Location::Held(p(1)))
        );
        // Red's barn at (1, 0) is in range of Blue's tower at (2, 0): no capture.
        let g = run(
            &r,
            2,
            "draw BA/C; place 0 1 2; deploy follower field N
             draw BA/C; place 0 2 0; pass
             draw BA/C; place 1 1 2; pass
             draw BA/C; place 1 2 0; pass
             draw BA/RFr; place 1 0 0; deploy barn corner SW
             draw TO/RRRR.1; place 2 0 0; tower 8 at 2 0",
        )
        .unwrap();
        assert_eq!(g.actor(), Actor::Chance);
        assert!(g
            .figure_location(figure(&g, 0, "barn"))
            .is_some_and(|l| l.on_board()));
        // No mayor, wagon or barn on a tower top.
        let g = run(&r, 2, &raised("")).unwrap();
        let n = names(&g);
        assert!(n.contains(&"deploy follower 8 at 1 0".to_string()), "{n:?}");
        assert!(
            !n.iter().any(|a| a.contains("8 at 1 0")
                && !a.contains("follower")
                && !a.starts_with("tower")),
            "{n:?}"
        );
    }
}

#[test]
fn tw22_x50_the_ransom_is_offered_before_the_abbey_choice() {
    // Blue holds Red's follower; a hole appears on Red's turn; Blue does not
    // play his abbey: at the start of Red's next turn both the ransom and the
    // abbey's choice are due. The ransom comes first whatever the
    // plugins' names (the tower declares it runs before the abbey).
    let text = with("", "[plugins.abbey]").replace(
        "[plugins.tower]\n",
        "[plugins.tower]\nransom-needs-points = false\n",
    );
    for r in compiled_in_and_loaded(&text) {
        let mut g = run(
            &r,
            2,
            &format!(
                "{}
                 tower pass; draw BA/RFr; place -1 0 0; tower pass; pass; tower pass
                 draw BA/C; place 1 -1 3; pass
                 tower pass; draw BA/C; place -1 -1 1; tower pass; pass; tower pass
                 draw BA/L; place 1 -2 0; pass
                 tower pass; draw BA/C; place 0 -2 2; tower pass; pass; tower pass
                 abbey draw; draw BA/RFr; place 3 0 0; pass",
                capture()
            ),
        )
        .unwrap();
        assert_eq!(names(&g), ["tower follower of 0 held by 1", "tower pass"]);
        run_on(&mut g, "tower follower of 0 held by 1").unwrap();
        assert_eq!(names(&g), ["abbey draw", "abbey play"]);
        assert_eq!(g.scores(), [-3, 3]);
        run_on(&mut g, "abbey play; place 0 -1 0; deploy follower cloister").unwrap();
        assert_eq!(
            g.supply(p(0), FOLLOWER),
            6,
            "the ransomed follower is on the abbey"
        );
        g.check_integrity().unwrap();
    }
}

/// The Princess and the Dragon with The Tower (its capper option `capped`).
pub fn pd_tower(capped: &str) -> String {
    format!(
        "{}[plugins.tower]\ncapped-follower = \"{capped}\"\n\
         [tiles.counts]\n\"BA/L\" = 24\n\"BA/RFr\" = 12\n\"TO/RRRR.1\" = 4\n",
        crate::dragon::pd_ruleset("", "", "").replace(
            "tilesets = [\"base\", \"princess-and-dragon\"]",
            "tilesets = [\"base\", \"princess-and-dragon\", \"the-tower\"]"
        )
    )
}

/// Blue caps Red's tower at (1, 0); the volcano at (0, 1) brings the dragon;
/// Red's dragon tile moves it north to the start tile, then east onto the tower.
const DRAGON: &str = "draw TO/RRRR.1; place 1 0 0; tower 8 at 1 0
     draw PD/F.v; place 0 1 0; deploy follower 8 at 1 0
     draw PD/Rr.d; place -1 0 2; pass; dragon N; dragon E";

#[test]
fn x52_the_dragon_eats_a_capper_by_default_and_the_tower_opens_again() {
    for r in compiled_in_and_loaded(&pd_tower("capturable")) {
        let mut g = run(&r, 2, DRAGON).unwrap();
        assert_eq!(neutral_at(&g, "dragon"), Some((1, 0)));
        assert_eq!(g.supply(p(1), FOLLOWER), 7, "eaten");
        // A piece may go on the tower under the dragon; no capper there (PD4).
        run_on(&mut g, "draw BA/L; place 0 2 0").unwrap();
        let n = names(&g);
        assert!(n.contains(&"tower 8 at 1 0".to_string()), "{n:?}");
        assert!(
            !n.contains(&"deploy follower 8 at 1 0".to_string()),
            "{n:?}"
        );
    }
}

#[test]
fn x52_with_safe_cappers_the_dragon_passes_a_capper_by() {
    for r in compiled_in_and_loaded(&pd_tower("safe")) {
        let g = run(&r, 2, DRAGON).unwrap();
        assert_eq!(neutral_at(&g, "dragon"), Some((1, 0)));
        assert_eq!(figures_at(&g, 1, 0), ["1 follower", "dragon"]);
        assert_eq!(g.supply(p(1), FOLLOWER), 6);
    }
}

#[test]
fn x53_the_fairy_beside_a_capper_gives_1_per_turn_never_3_and_stays_when_he_is_taken() {
    for r in compiled_in_and_loaded(&pd_tower("capturable")) {
        // Beside Red's capper at (1, 0): 1 at the start of his turn; at the
        // end the tower top scores nothing, so no 3.
        let mut g = run(
            &r,
            2,
            &raised(
                "pass
             draw BA/RFr; place 2 0 0; deploy follower 8 at 1 0
             draw BA/L; place 0 2 0; pass
             draw BA/L; place -1 1 0",
            ),
        )
        .unwrap();
        assert!(names(&g).contains(&"fairy 8 at 1 0".to_string()));
        run_on(
            &mut g,
            "fairy 8 at 1 0
             draw BA/L; place -1 2 0; pass
             scores 1 0
             draw BA/L; place 0 3 0; pass
             end",
        )
        .unwrap();
        assert_eq!(g.scores(), [1, 0]);
        // Beside Red's road follower, taken prisoner: she stays, beside nobody.
        let g = run(
            &r,
            2,
            "draw BA/RFr; place 1 0 0; deploy follower 0
             draw BA/L; place 0 1 0; pass
             draw BA/L; place 1 1 0; fairy 0 at 1 0
             draw TO/RRRR.1; place 2 0 0; tower 8 at 2 0",
        )
        .unwrap();
        let mut kept = g.clone();
        run_on(&mut kept, "tower pass").unwrap();
        assert_eq!(kept.scores(), [1, 0]);
        let mut taken = g;
        run_on(&mut taken, "tower follower of 0 at 1 0 0").unwrap();
        assert_eq!(taken.scores(), [0, 0]);
        assert_eq!(neutral_at(&taken, "fairy"), Some((1, 0)));
    }
}

// ---------------------------------------------------------- the rulesets

/// The shipped ruleset of the Tower (`shipped_rulesets.rs` checks it and the one with
/// Hills & Sheep).
const RULESET: &str = "the-tower.toml";

/// The tower's invariants in any state: pieces left plus pieces on towers
/// make the pieces dealt; a capped tower has height 1 or more.
pub fn invariants(g: &Game) -> Result<(), String> {
    let Some(i) = g.rules().plugin_index("tower") else {
        return Ok(());
    };
    let dealt = carcassonne_official::tower::pieces_for(g.players()) * u32::from(g.players());
    let left: u32 = carcassonne_core::PlayerId::all(g.players())
        .map(|q| g.plugin_player_state(i, q).map_or(0, |w| w[0]))
        .sum();
    let bit = g.rules().plugins[usize::from(i)].marker_bits[0];
    let mut built = 0;
    for f in (0..g.feature_count() as u16).map(carcassonne_core::FeatureId) {
        if g.feature_markers(f).unwrap_or(0) & bit == 0 {
            continue;
        }
        let h = g.plugin_feature_state(i, f).map_or(0, |w| w[0]);
        built += h;
        if h == 0 && g.figures_on(f).next().is_some() {
            return Err(format!("a follower on the bare foundation {f:?}"));
        }
    }
    if left + built != dealt {
        return Err(format!("{left} pieces left + {built} built != {dealt}"));
    }
    Ok(())
}

/// The variants of the options on the shipped ruleset.
fn variants() -> Vec<(String, Arc<Rules>)> {
    let shipped = config_text(RULESET);
    let mut out = Vec::new();
    for (name, from, to) in [
        (
            "safe",
            "capped-follower = \"capturable\"",
            "capped-follower = \"safe\"",
        ),
        (
            "no points needed",
            "ransom-needs-points = true",
            "ransom-needs-points = false",
        ),
    ] {
        out.push((name.to_string(), rules(&shipped.replace(from, to))));
    }
    out
}

// The shipped rulesets' conformance, run orders, compiled-in and loaded games
// and bots: `shipped_rulesets.rs`, with the invariants above.

#[test]
fn the_tower_variants_pass_the_conformance_kit_and_the_bots_play_them_to_the_end() {
    for (name, r) in variants() {
        conformance_at_2_4_6(&r, 6, 0, &invariants, &name);
        bots_play_to_the_end(&name, &r, &invariants);
    }
}

#[test]
fn a_capture_is_public_in_every_players_observation() {
    for r in compiled_in_and_loaded(&tw("")) {
        let g = run(&r, 3, &capture()).unwrap();
        for q in 0..3 {
            let o = g.observation(p(q)).unwrap();
            assert_eq!(o.off_board.len(), 1, "seat {q}");
            assert_eq!(o.off_board[0].held_by, Some(p(1)));
        }
    }
}
