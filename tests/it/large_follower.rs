//! Rulings IC2, IC3 and IC15–IC20 of the `large-follower` plugin and its
//! interactions X4–X7 (hills, shepherds, the abbot, vineyards), with exact points.
//!
//! Geometry as in the other fixtures: the start tile BA/RCr lies at (0, 0) with
//! its city north and its road west–east; x grows east, y grows south; `place X
//! Y R` turns the tile R quarter turns clockwise (printed side d lands on board
//! side (d + R) % 4). Players 0, 1, 2 take turns in that order.
//!
//! Several fixtures build one city around the hole H = (1, -1), closed last:
//!
//! ```text
//!             (0,-2) X   (1,-2) M   (2,-2) Y
//!             (0,-1) A   (1,-1) H   (2,-1) C
//!             (0, 0) ●   (1, 0) B   (2, 0) filler
//! ```
//!
//! A (BA/Cc turned 180°: city S+E) joins the start's cap; B is a tile with a
//! city cap north and a road west (BA/RCr, BA/RrC, HS/RrC.h); C a cap facing
//! west (BA/C or HS/CFR.h turned 270°) reachable once the filler east of B lies;
//! H closes the city (BA/Ccc turned 180°: cities W, S, E). The X4 example adds X
//! and Y (caps facing M) and M (BA/Ccc turned 180°) joining them, and closes H
//! with the four-sided BA/Cccc+.

use crate::common::*;
use carcassonne_core::PlayerId;
use carcassonne_core::{
    Action, FigureKindId, FigureOption, Game, Location, Rules, TileIndex, FOLLOWER,
};
use std::sync::Arc;

/// Base tiles (and `sets`) with the large follower and the plugins of `extra`
/// (ruleset text after the plugin table), core options `core`.
fn ruleset(sets: &str, core: &str, extra: &str) -> Arc<Rules> {
    rules(&format!(
        "name = \"large follower test\"\ntilesets = [\"base\"{sets}]\n[core]\n{core}\n\
         [plugins.large-follower]\n{extra}\n"
    ))
}

fn large() -> Arc<Rules> {
    ruleset("", "", "")
}

/// The figure kind id of the large follower.
fn kind(g: &Game) -> FigureKindId {
    g.rules()
        .figure_kind("large-follower")
        .expect("large follower")
}

/// The legal actions in text form.
fn names(g: &Game) -> Vec<String> {
    g.legal_actions()
        .unwrap()
        .into_iter()
        .map(|a| g.format_action(a))
        .collect()
}

/// The local features (of the placed tile) a figure of kind `k` may be deployed on.
fn offered(g: &Game, k: FigureKindId) -> Vec<u8> {
    g.legal_actions()
        .unwrap()
        .into_iter()
        .filter_map(|a| match a {
            Action::Figure(FigureOption::Deploy {
                kind,
                at: Location::Feature(f),
            }) if kind == k => g.feature_local(f),
            _ => None,
        })
        .collect()
}

// ------------------------------------------------------- IC2, IC3, IC15

#[test]
fn ic2_ic15_each_player_has_seven_followers_and_one_large_follower() {
    let g = Game::new(large(), 4, 0).unwrap();
    let k = kind(&g);
    for p in PlayerId::all(4) {
        assert_eq!(g.supply(p, FOLLOWER), 7);
        assert_eq!(g.supply(p, k), 1);
    }
    // The start tile is unchanged (IC2).
    assert_eq!(g.tile_type(TileIndex(0)).unwrap().id, "BA/RCr");
}

#[test]
fn ic15_the_count_option_gives_more_as_a_house_rule() {
    let g = Game::new(ruleset("", "", "count = 2"), 3, 0).unwrap();
    let k = kind(&g);
    for p in PlayerId::all(3) {
        assert_eq!(g.supply(p, FOLLOWER), 7);
        assert_eq!(g.supply(p, k), 2);
    }
    let bad = carcassonne_host::load_str(
        "name = \"x\"\n[plugins.large-follower]\ncount = 0\n",
        "t.toml",
        None,
        &registry(),
    );
    let Err(e) = bad else {
        panic!("count = 0 is refused");
    };
    let e = e.to_string();
    assert!(
        e.contains("option `count`: expected a whole number from 1 to 30, found 0"),
        "{e}"
    );
}

#[test]
fn ic3_the_sixth_player_gets_a_large_follower_and_an_abbot() {
    let r = ruleset("", "", "[plugins.abbot]");
    let g = Game::new(r, 6, 0).unwrap();
    let (k, abbot) = (kind(&g), g.rules().figure_kind("abbot").unwrap());
    assert_eq!(g.supply(PlayerId::ALL[5], FOLLOWER), 7);
    assert_eq!(g.supply(PlayerId::ALL[5], k), 1);
    assert_eq!(g.supply(PlayerId::ALL[5], abbot), 1);
}

#[test]
fn ic15_once_deployed_it_is_not_offered_again_until_it_returns() {
    let mut g = run(
        &large(),
        2,
        "draw BA/RFr; place 1 0 0; deploy large-follower road W
         draw BA/L; place 0 1 0; pass
         draw BA/L; place 1 1 0",
    )
    .unwrap();
    assert!(offered(&g, kind(&g)).is_empty(), "{:?}", names(&g));
    assert!(!offered(&g, FOLLOWER).is_empty());
    // Closing the road (BA/RRR east, BA/RRR west) returns it: offered again.
    run_on(
        &mut g,
        "pass
         draw BA/RRR; place 2 0 0; pass
         draw BA/RRR; place -1 0 0; pass
         scores 4 0
         draw BA/L; place 0 2 0",
    )
    .unwrap();
    assert_eq!(offered(&g, kind(&g)), [0, 1], "IC19: back in the supply");
}

// --------------------------------------------------------------- IC16

#[test]
fn ic16_it_is_offered_wherever_a_follower_is_never_on_a_garden() {
    // IC/RFr.iG west of the start: road 0, fields 1 and 2, garden 3.
    let r = ruleset(
        ", \"inns-and-cathedrals\"",
        "",
        "[plugins.abbot]\n[plugins.inns]",
    );
    let g = run(&r, 2, "draw IC/RFr.iG; place -1 0 0").unwrap();
    assert_eq!(offered(&g, FOLLOWER), [0, 1, 2]);
    assert_eq!(offered(&g, kind(&g)), [0, 1, 2]);
    assert_eq!(offered(&g, g.rules().figure_kind("abbot").unwrap()), [3]);
    // A cloister: follower, large follower (and abbot) as monk.
    let g = run(&r, 2, "draw BA/L; place 0 1 0").unwrap();
    assert_eq!(offered(&g, kind(&g)), offered(&g, FOLLOWER));
    assert_eq!(offered(&g, kind(&g)), [0, 1]);
}

#[test]
fn ic16_f4_with_farmers_off_it_is_not_offered_on_fields() {
    let r = ruleset("", "farmers = \"off\"", "");
    let g = run(&r, 2, "draw BA/RFr; place -1 0 0").unwrap();
    assert_eq!(offered(&g, FOLLOWER), [0]);
    assert_eq!(offered(&g, kind(&g)), [0]);
}

#[test]
fn ic16_a_feature_holding_a_large_follower_is_occupied() {
    let g = run(
        &large(),
        2,
        "draw BA/RFr; place 1 0 0; deploy large-follower road W
         draw BA/RFr; place -1 0 0",
    )
    .unwrap();
    // The road joins Red's: only the two fields remain, for both figures.
    assert_eq!(offered(&g, FOLLOWER), [1, 2]);
    assert_eq!(offered(&g, kind(&g)), [1, 2]);
}

// ---------------------------------------------------------- IC17, IC18

/// Red's figure `red` in the start city (extended by BA/Cc+), Blue's follower on
/// the cap of `b` east of the start; BA/CcRr+ joins them: 4 tiles, 2 pennants = 12.
fn two_way(red: &str, b: &str) -> String {
    let hidden = if b.ends_with(".h") {
        "hidden BA/Rr;"
    } else {
        ""
    };
    format!(
        "draw BA/Cc+; place 0 -1 2; deploy {red} city S
         draw {b}; {hidden} place 1 0 0; deploy follower city N
         draw BA/CcRr+; place 1 -1 3; pass"
    )
}

#[test]
fn ic17_a_large_follower_beats_one_follower_and_scores_the_city_once() {
    check(&large(), 2, &two_way("large-follower", "BA/RrC"), &[12, 0]);
    // With a follower instead: a tie, both score.
    check(&large(), 2, &two_way("follower", "BA/RrC"), &[12, 12]);
}

/// Red's figure `red` on A; Blue's followers on B (BA/RrC) and C (BA/C); H closes:
/// 5 tiles, no pennant = 10.
fn three_arms(red: &str) -> String {
    format!(
        "draw BA/Cc; place 0 -1 2; deploy {red} city E
         draw BA/RrC; place 1 0 0; deploy follower city N
         draw BA/L; place 2 0 0; pass
         draw BA/C; place 2 -1 3; deploy follower city W
         draw BA/Ccc; place 1 -1 2; pass"
    )
}

#[test]
fn ic18_a_large_follower_ties_two_followers() {
    check(&large(), 2, &three_arms("large-follower"), &[10, 10]);
    // A follower against two: Blue alone.
    check(&large(), 2, &three_arms("follower"), &[0, 10]);
}

#[test]
fn ic17_on_a_road_with_an_inn_the_large_follower_wins_it_alone() {
    // The inn loop of the `inns` tests: 5 tiles with an inn, Red's large follower
    // against Blue's follower: 10 for Red only.
    let r = ruleset(", \"inns-and-cathedrals\"", "", "[plugins.inns]");
    let script = "draw IC/RRR.i; place -1 0 0; deploy large-follower road E
                  draw BA/RRR; place 0 1 0; deploy follower road E
                  draw BA/Rr; place 1 0 0; pass
                  draw BA/Rr; place 1 1 1; pass";
    check(&r, 2, script, &[10, 0]);
}

/// Red's figure `red` on the strip north of the road (BA/RFr east of the start);
/// Blue completes the start city with BA/C and puts a follower on its field; Red's
/// BA/L at (1,-1) joins the two fields, which border the completed city.
fn farmers(red: &str) -> String {
    format!(
        "draw BA/RFr; place 1 0 0; deploy {red} field N
         draw BA/C; place 0 -1 2; deploy follower field N
         draw BA/L; place 1 -1 0; pass"
    )
}

#[test]
fn ic17_a_large_farmer_beats_one_farmer() {
    let script = format!("{}\nend", farmers("large-follower"));
    check(&large(), 2, &script, &[3, 0]);
    check(
        &ruleset("", "farmers = \"per-field-once-per-player\"", ""),
        2,
        &script,
        &[3, 0],
    );
    check(
        &ruleset("", "farmers = \"per-city\"", ""),
        2,
        &script,
        &[4, 0],
    );
    // Two followers tie.
    check(
        &large(),
        2,
        &format!("{}\nend", farmers("follower")),
        &[3, 3],
    );
}

// --------------------------------------------------------------- IC19

#[test]
fn ic19_it_returns_after_scoring_and_stays_as_a_farmer() {
    // After the city is scored Red's large follower is back and offered again.
    let g = run(&large(), 2, &two_way("large-follower", "BA/RrC")).unwrap();
    assert_eq!(g.supply(PlayerId::ALL[0], kind(&g)), 1);
    // As a farmer it stays on the board while the city it borders is completed.
    let mut g = run(&large(), 2, &farmers("large-follower")).unwrap();
    assert_eq!(g.supply(PlayerId::ALL[0], kind(&g)), 0);
    run_on(&mut g, "end; scores 3 0").unwrap();
}

// ---------------------------------------------------- X4, X5 with hills

/// Base + Hills & Sheep tiles, the large follower and hills with `options`.
fn hills(options: &str) -> Arc<Rules> {
    ruleset(
        ", \"hills-and-sheep\"",
        "",
        &format!("[plugins.hills]\n{options}"),
    )
}

/// The hill tiles without the hills plugin (no underlays, no tie-break).
fn hill_tiles_only() -> Arc<Rules> {
    ruleset(", \"hills-and-sheep\"", "", "")
}

const COUNT: &str = "hill-tiebreak = \"count-followers-on-hills\"";

/// `script` without its `hidden` steps.
fn no_underlays(script: &str) -> String {
    script.replace("hidden BA/Rr;", "")
}

#[test]
fn x4_a_large_follower_beats_a_follower_on_a_hill() {
    let script = two_way("large-follower", "HS/RrC.h");
    check(&hills(""), 2, &script, &[12, 0]);
    check(&hills(COUNT), 2, &script, &[12, 0]);
}

#[test]
pub(crate) fn x4_two_large_followers_tied_the_one_on_a_hill_wins_in_both_variants() {
    let script = two_way("large-follower", "HS/RrC.h")
        .replace("deploy follower city N", "deploy large-follower city N");
    check(&hills(""), 2, &script, &[0, 12]);
    check(&hills(COUNT), 2, &script, &[0, 12]);
    check(&hill_tiles_only(), 2, &no_underlays(&script), &[12, 12]);
}

/// JCZ issue #340: Yellow (player 0) large follower on A and a follower on the
/// hill X; Red (1) large follower on B and a follower on C; Green (2) a large
/// follower on Y. 8 tiles and 1 pennant: 18.
const JCZ_340: &str = "
    draw BA/Cc; place 0 -1 2; deploy large-follower city E
    draw BA/RCr; place 1 0 0; deploy large-follower city N
    draw BA/RFr; place 2 0 0; pass
    draw HS/CFR.h; hidden BA/Rr; place 0 -2 1; deploy follower city E
    draw BA/C; place 2 -1 3; deploy follower city W
    draw BA/C; place 2 -2 3; deploy large-follower city W
    draw BA/Ccc; place 1 -2 2; pass
    draw BA/Cccc+; place 1 -1 0; pass";

#[test]
fn x4_jcz_example_strength_first_then_the_hill_yellow_alone_scores() {
    // Yellow 3 (one on a hill) and Red 3 tie on strength; Green's 2 loses; the hill
    // breaks the tie: Yellow alone, in both variants.
    check(&hills(""), 3, JCZ_340, &[18, 0, 0]);
    check(&hills(COUNT), 3, JCZ_340, &[18, 0, 0]);
    check(&hill_tiles_only(), 3, &no_underlays(JCZ_340), &[18, 18, 0]);
}

/// Red's large follower on a hill (A = HS/Cc.h) against Blue's two followers,
/// both on hills (B = HS/RrC.h, C = HS/CFR.h): strength 2 to 2, hills 1 to 2.
const LARGE_ON_HILL: &str = "
    draw HS/Cc.h; hidden BA/Rr; place 0 -1 2; deploy large-follower city E
    draw HS/RrC.h; hidden BA/Rr; place 1 0 0; deploy follower city N
    draw BA/L; place 2 0 0; pass
    draw HS/CFR.h; hidden BA/Rr; place 2 -1 3; deploy follower city W
    draw BA/Ccc; place 1 -1 2; pass";

#[test]
fn x5_ic20_a_large_follower_on_a_hill_is_one_follower_on_a_hill() {
    // Default: both tied players have a figure on a hill: the tie stands, 10 each.
    check(&hills(""), 2, LARGE_ON_HILL, &[10, 10]);
    // Count variant: Blue has two figures on hills, Red one (not two): Blue alone.
    check(&hills(COUNT), 2, LARGE_ON_HILL, &[0, 10]);
    check(
        &hill_tiles_only(),
        2,
        &no_underlays(LARGE_ON_HILL),
        &[10, 10],
    );
}

// --------------------------------------------------------- X6 shepherds

fn shepherds() -> Arc<Rules> {
    ruleset("", "", "[plugins.shepherd]")
}

#[test]
pub(crate) fn x6_a_large_farmer_joins_a_shepherds_field_the_shepherd_counts_for_nothing() {
    check(
        &shepherds(),
        2,
        "draw BA/RFr; place -1 0 0; deploy shepherd field N; shepherd sheep-4
         draw BA/RFr; place 1 0 0; deploy large-follower field N
         draw BA/C; place 0 -1 2; pass
         end",
        &[0, 3],
    );
}

#[test]
fn x6_a_shepherd_joins_a_large_farmers_field() {
    check(
        &shepherds(),
        2,
        "draw BA/RFr; place -1 0 0; deploy large-follower field N
         draw BA/RFr; place 1 0 0; deploy shepherd field N; shepherd sheep-2
         draw BA/C; place 0 -1 2; pass
         end",
        &[3, 0],
    );
}

#[test]
fn x6_herding_and_wolves_never_move_the_large_follower() {
    // Herding: Red's flock of 2 is herded; Blue's large farmer in the field stays.
    let g = check(
        &shepherds(),
        2,
        "draw BA/L; place 0 1 0; deploy shepherd field; shepherd sheep-2
         draw BA/L; place 1 1 0; deploy large-follower field
         draw BA/L; place 2 1 0; pass; shepherd herd",
        &[2, 0],
    );
    assert_eq!(
        g.supply(PlayerId::ALL[1], kind(&g)),
        0,
        "still on the field"
    );
    // A wolf: Blue's shepherd goes home; Red's large farmer stays.
    let g = check(
        &shepherds(),
        2,
        "draw BA/L; place 0 1 0; deploy large-follower field
         draw BA/L; place 1 1 0; deploy shepherd field; shepherd wolf",
        &[0, 0],
    );
    assert_eq!(
        g.supply(PlayerId::ALL[0], kind(&g)),
        0,
        "still on the field"
    );
    assert_eq!(
        g.supply(PlayerId::ALL[1], g.rules().figure_kind("shepherd").unwrap()),
        1
    );
}

// ----------------------------------------------- X7 the abbot, vineyards

#[test]
pub(crate) fn x7_a_large_monk_gets_the_vineyard_points_of_a_completed_cloister() {
    // The vineyards rulebook layout (tests/it/vineyards.rs): 9 + 3 x 3.
    let r = ruleset(
        ", \"hills-and-sheep\"",
        "",
        "[plugins.vineyards]\n[plugins.abbot]\n[plugins.special-cities]",
    );
    let script = "draw BA/L; place 0 1 0; deploy large-follower cloister
                  draw HS/RRr.v; place 1 0 0; pass
                  draw HS/RCC.v; place 1 1 2; pass
                  draw HS/Cc.v; place 0 2 2; pass
                  draw BA/Cc; place 1 2 0; pass
                  draw BA/RFr; place -1 0 0; pass
                  draw BA/L; place -1 1 0; pass
                  scores 0 0
                  draw BA/L; place -1 2 0; pass";
    let g = check(&r, 2, script, &[18, 0]);
    assert_eq!(g.supply(PlayerId::ALL[0], kind(&g)), 1, "it returned");
}

#[test]
fn x7_the_abbot_and_the_large_follower_on_the_same_garden_tile() {
    // BA/CcG north of the start: the garden is the abbot's, the city and field
    // are for followers of both sizes.
    let r = ruleset("", "", "[plugins.abbot]");
    let g = run(&r, 2, "draw BA/CcG; place 0 -1 2").unwrap();
    let abbot = g.rules().figure_kind("abbot").unwrap();
    assert_eq!(offered(&g, abbot), [2]);
    assert_eq!(offered(&g, kind(&g)), offered(&g, FOLLOWER));
    assert!(!offered(&g, kind(&g)).contains(&2));
}

// --------------------------------------------------------- IC20 other rules

#[test]
fn ic20_the_large_follower_is_a_follower_for_the_builder_and_the_fairy() {
    // Red's only follower on the road is his large follower (strength 2): the
    // builder may join it, and the fairy may stand beside it.
    let r = ruleset(
        ", \"princess-and-dragon\"",
        "",
        "[plugins.builder]\n[plugins.dragon]\n[plugins.fairy]",
    );
    let mut g = run(
        &r,
        2,
        "draw BA/RFr; place 1 0 0; deploy large-follower road W
         draw BA/L; place 0 1 0; pass
         draw BA/RFr; place 2 0 0",
    )
    .unwrap();
    let n = legal_names(&g);
    assert!(n.contains(&"deploy builder 0".to_string()), "{n:?}");
    assert!(n.contains(&"fairy 0 at 1 0".to_string()), "{n:?}");
    // The fairy beside him: 1 point at the start of each of Red's regular turns.
    run_on(
        &mut g,
        "fairy 0 at 1 0
         draw BA/L; place 1 1 0; pass
         scores 1 0
         draw BA/RFr; place 3 0 0; deploy builder road W
         draw BA/L; place 2 1 0; pass
         scores 2 0",
    )
    .unwrap();
    // Red's tile extends the builder's road (a double turn, no fairy point for
    // the second part) and his second tile closes it: 6 tiles, his large
    // follower alone, and the fairy's 3.
    run_on(
        &mut g,
        "draw BA/LR; place 4 0 1; pass; builder double
         draw BA/LR; place -1 0 3; pass",
    )
    .unwrap();
    assert_eq!(g.scores(), [2 + 6 + 3, 0]);
    assert_eq!(
        g.supply(PlayerId::ALL[0], g.rules().figure_kind("builder").unwrap()),
        1
    );
    assert_eq!(
        g.supply(
            PlayerId::ALL[0],
            g.rules().figure_kind("large-follower").unwrap()
        ),
        1
    );
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [11, 0]);
}
