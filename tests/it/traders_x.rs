//! Traders & Builders with Hills & Sheep and the abbot: the interaction rulings
//! X10–X15 (X14 clause by clause) of `shared/expansions/traders-and-builders.md`, and TB5 in a double
//! turn, with exact points.
//!
//! Geometry: the start tile BA/RCr lies at (0, 0) (city north, road west–east);
//! x grows east, y grows south; `place X Y R` turns the tile R quarter turns
//! clockwise. Player 0 is Red, player 1 Blue; they alternate, except for a
//! builder's second turn part.

use crate::builder::{road_rules, ROAD_WITH_BUILDER};
use crate::common::*;
use crate::trade_goods::tokens;
use carcassonne_core::Actor;
use carcassonne_core::PlayerId;

/// Builder, pig and hills on the base, Hills & Sheep and Traders & Builders tiles.
const HILLS: &str = r#"
    name = "builder and pig with hills"
    tilesets = ["base", "hills-and-sheep", "traders-and-builders"]
    [plugins.builder]
    [plugins.pig]
    [plugins.hills]
"#;

/// Builder, pig and the shepherd.
const SHEEP: &str = r#"
    name = "builder and pig with shepherds"
    tilesets = ["base", "traders-and-builders"]
    [plugins.builder]
    [plugins.pig]
    [plugins.shepherd]
"#;

/// Builder and the abbot.
const ABBOT: &str = r#"
    name = "builder with the abbot"
    tilesets = ["base", "traders-and-builders"]
    [plugins.builder]
    [plugins.abbot]
"#;

/// Builder and goods.
const GOODS: &str = r#"
    name = "builder with goods"
    tilesets = ["base", "traders-and-builders"]
    [plugins.builder]
    [plugins.trade-goods]
"#;

// ------------------------------------------------------------------ TB5

#[test]
fn tb5_goods_of_a_city_completed_in_the_second_part_go_to_the_same_player() {
    // Blue's grain tile extends the start's city; Red's second-part tile closes
    // it (3 tiles, nobody in it): Red takes the grain.
    let mut g = check(
        &rules(GOODS),
        2,
        "draw BA/RFr; place 1 0 0; deploy follower road W
         draw BA/L; place 0 1 0; pass
         draw BA/RFr; place 2 0 0; deploy builder road W
         draw TB/Cc.g; place 0 -1 2; pass
         draw BA/RFr; place -1 0 0; pass; builder double
         draw BA/C; place 1 -1 3; pass",
        &[0, 0],
    );
    assert_eq!(g.current_player(), PlayerId::ALL[1]);
    assert_eq!(tokens(&g, 1, 0), (0, 1, 0));
    run_on(&mut g, "end").unwrap();
    // Road of 4 tiles (4) and the grain majority (10).
    assert_eq!(g.scores(), [14, 0]);
}

// ------------------------------------------------------------------ X10

#[test]
fn x10_a_builder_on_a_hill_gives_no_tie_break() {
    // Red's follower (not on a hill) and his builder on the hill tile at (-1, 0)
    // against Blue's follower: a tie, both score the 5-tile road.
    check(
        &rules(HILLS),
        2,
        "draw BA/RRR; place 1 0 0; deploy follower road W
         draw BA/L; place 0 1 0; pass
         draw BA/L; place 0 2 0; pass
         draw BA/Rr; place -1 1 1; deploy follower road N
         draw HS/CRr.h; hidden BA/L; place -1 0 0; deploy builder road E
         draw BA/RRR; place -2 1 0; pass",
        &[5, 5],
    );
}

/// JCloisterZone's `pig-scoring` (one field, a farmer each, two completed
/// cities) with the tiles given: Red's farmer on `red_first`, Red's pig (or
/// `red_third`) on `red_pig_tile`.
fn pig_field(red_first: &str, red_pig_tile: &str, red_third: &str, blue_last: &str) -> String {
    format!(
        "{red_first}; place 0 -1 0; deploy follower field E
         draw BA/C; place 0 -2 2; deploy follower field N
         {red_pig_tile}; place -1 -1 3; {red_third}
         draw BA/Rr; place -1 -2 1; {blue_last}
         end"
    )
}

#[test]
fn x10_a_pig_on_a_hill_gives_no_tie_break() {
    // The pig stands on the hill tile HS/Cc.h: the tie stands, Red 2 × 4 with the
    // pig, Blue 2 × 3.
    check(
        &rules(HILLS),
        2,
        &pig_field(
            "draw BA/CFC",
            "draw HS/Cc.h; hidden BA/L",
            "deploy pig field N",
            "pass",
        ),
        &[8, 6],
    );
}

// ------------------------------------------------------------------ X11

#[test]
fn x11_the_pig_bonus_goes_to_a_winner_through_the_hill_tie_break() {
    // Red's farmer stands on the hill tile HS/CFC.h: he wins the tied field alone
    // and his pig gives 2 × 4; Blue scores nothing.
    check(
        &rules(HILLS),
        2,
        &pig_field(
            "draw HS/CFC.h; hidden BA/L",
            "draw BA/C",
            "deploy pig field E",
            "pass",
        ),
        &[8, 0],
    );
}

#[test]
fn x11_a_player_who_loses_the_hill_tie_break_scores_nothing_pig_or_not() {
    // Blue's pig joins the field; Red still wins it through his hill: 2 × 3.
    check(
        &rules(HILLS),
        2,
        &pig_field(
            "draw HS/CFC.h; hidden BA/L",
            "draw BA/C",
            "pass",
            "deploy pig field E",
        ),
        &[6, 0],
    );
}

// ------------------------------------------------------------------ X12

#[test]
fn x12_hill_tiles_take_their_underlay_in_either_part_and_an_emptied_bag_ends_the_game() {
    let load = |n, hills| road_rules("[plugins.builder]\n[plugins.hills]\n", n, hills);
    // Red's hill tile at (3, 0) extends his builder's road; its underlay is the
    // last tile of the bag: no second part, the game ends (6-tile road).
    let first = "draw X/RFr; place 1 0 0; deploy follower road W
         draw X/RFr; place 2 0 0; pass
         draw X/RFr; place -1 0 0; deploy builder road E
         draw X/RFr; place -2 0 0; pass
         draw X/RFr.h; hidden X/RFr; place 3 0 0; pass";
    let g = run(&load(5, 1), 2, first).unwrap();
    assert!(g.is_over());
    assert_eq!(g.scores(), [6, 0]);
    // With two tiles left he takes the second part; its hill tile takes its
    // underlay too, which empties the bag (7-tile road).
    let mut g = run(&load(6, 2), 2, first).unwrap();
    assert_eq!(g.bag_len(), 2);
    assert_eq!(legal_names(&g), ["builder double", "builder single"]);
    run_on(
        &mut g,
        "builder double; draw X/RFr.h; hidden X/RFr; place 4 0 0; pass",
    )
    .unwrap();
    assert_eq!(g.bag_len(), 0);
    assert!(g.is_over());
    assert_eq!(g.scores(), [7, 0]);
}

// ------------------------------------------------------------------ X13

#[test]
fn x13_a_shepherd_is_no_farmer_for_the_pig() {
    // Red's shepherd alone on the field north of the road; Red's next tile extends
    // it: a follower may go there, the pig may not.
    let g = run(
        &rules(SHEEP),
        2,
        "draw BA/RFr; place -1 0 0; deploy shepherd field N; shepherd sheep-1
         draw BA/L; place 0 1 0; pass
         draw BA/RFr; place -2 0 0",
    )
    .unwrap();
    let n = legal_names(&g);
    assert!(n.iter().any(|a| a.starts_with("deploy follower")), "{n:?}");
    assert!(n.iter().all(|a| !a.contains("pig")), "{n:?}");
}

#[test]
fn x13_a_wolf_sends_the_shepherd_home_but_never_the_pig_or_the_farmer() {
    // Red's farmer, pig and shepherd share a field; growing the flock draws a
    // wolf: the shepherd goes home, farmer and pig stay and score 2 × 4.
    let r = rules(SHEEP);
    let mut g = run(
        &r,
        2,
        "draw BA/CFC; place 0 -1 0; deploy follower field E
         draw BA/L; place 0 1 0; pass
         draw BA/C; place -1 -1 3; deploy pig field E
         draw BA/L; place 1 1 0; pass
         draw BA/Rr; place -1 -2 1; deploy shepherd field S; shepherd sheep-2
         draw BA/L; place 2 1 0; pass
         draw BA/C; place 0 -2 2; pass; shepherd grow; shepherd wolf",
    )
    .unwrap();
    let kind = |name| r.figure_kind(name).unwrap();
    assert_eq!(
        g.supply(PlayerId::ALL[0], kind("shepherd")),
        1,
        "the wolf sent him home"
    );
    assert_eq!(g.supply(PlayerId::ALL[0], kind("pig")), 0);
    assert_eq!(g.supply(PlayerId::ALL[0], carcassonne_core::FOLLOWER), 6);
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [8, 0]);
}

// ------------------------------------------------------------------ X14

#[test]
fn x14_each_part_of_a_double_turn_is_a_turn_for_the_shepherd() {
    // Part 1: Red's tile extends his builder's road and takes his shepherd, who
    // draws at once. Part 2: his tile extends the shepherd's field, so he may grow
    // or herd in that part.
    let mut g = run(
        &rules(SHEEP),
        2,
        &format!(
            "{ROAD_WITH_BUILDER}
             draw BA/RFr; place -1 0 0; deploy shepherd field N; shepherd sheep-3"
        ),
    )
    .unwrap();
    assert_eq!(legal_names(&g), ["builder double", "builder single"]);
    run_on(&mut g, "builder double; draw BA/RFr; place -2 0 0; pass").unwrap();
    assert_eq!(g.current_player(), PlayerId::ALL[0]);
    assert_eq!(legal_names(&g), ["shepherd grow", "shepherd herd"]);
    run_on(&mut g, "shepherd herd; scores 3 0").unwrap();
    assert_eq!(g.current_player(), PlayerId::ALL[1]);
    assert_eq!(g.actor(), Actor::Chance);
    run_on(&mut g, "end").unwrap();
    // The 5-tile road and the herded flock.
    assert_eq!(g.scores(), [8, 0]);
}

// ------------------------------------------------------------------ X15

#[test]
fn x15_the_abbot_may_be_taken_back_in_the_second_part() {
    // Red's abbot on the cloister at (0, 2); in his second part he takes it back
    // instead of deploying a figure: the cloister and its 3 neighbours score 4.
    let mut g = run(
        &rules(ABBOT),
        2,
        &format!(
            "{ROAD_WITH_BUILDER}
             draw BA/L; place 0 2 0; deploy abbot cloister
             draw BA/L; place 1 2 0; pass
             draw BA/RFr; place -1 0 0; pass; builder double
             draw BA/RFr; place 3 0 0"
        ),
    )
    .unwrap();
    assert_eq!(g.current_player(), PlayerId::ALL[0]);
    assert!(
        legal_names(&g).contains(&"abbot recall".to_string()),
        "{:?}",
        legal_names(&g)
    );
    run_on(&mut g, "abbot recall; scores 4 0").unwrap();
    assert_eq!(g.current_player(), PlayerId::ALL[1]);
    run_on(&mut g, "end").unwrap();
    // The 5-tile road.
    assert_eq!(g.scores(), [9, 0]);
}

// ------------------------------------------------------------------ X16

/// Builder and pig with the large follower of Inns & Cathedrals.
const LARGE: &str = r#"
    name = "builder and pig with the large follower"
    tilesets = ["base", "traders-and-builders"]
    [plugins.builder]
    [plugins.pig]
    [plugins.large-follower]
"#;

#[test]
fn x16_a_large_follower_lets_the_builder_in_and_triggers_the_double_turn() {
    let mut g = run(
        &rules(LARGE),
        2,
        "draw BA/RFr; place 1 0 0; deploy large-follower road W
         draw BA/L; place 0 1 0; pass
         draw BA/RFr; place 2 0 0",
    )
    .unwrap();
    assert!(
        legal_names(&g).contains(&"deploy builder 0".to_string()),
        "{:?}",
        legal_names(&g)
    );
    run_on(
        &mut g,
        "deploy builder road W
         draw BA/L; place 1 1 0; pass
         draw BA/RFr; place -1 0 0; pass",
    )
    .unwrap();
    assert_eq!(legal_names(&g), ["builder double", "builder single"]);
}

#[test]
fn x16_a_large_follower_is_a_farmer_for_the_pig_and_counts_2_in_the_field() {
    // JCZ `pig-scoring` with Red's farmer a large follower: 2 against Blue's 1,
    // Red alone wins the field and his pig gives 2 × 4.
    check(
        &rules(LARGE),
        2,
        "draw BA/CFC; place 0 -1 0; deploy large-follower field E
         draw BA/C; place 0 -2 2; deploy follower field N
         draw BA/C; place -1 -1 3; deploy pig field E
         draw BA/Rr; place -1 -2 1; pass
         end",
        &[8, 0],
    );
    // Against Blue's two farmers it is a tie of strength 2: Red's 3 cities score
    // 3 × 4 with the pig, Blue's 3 × 3 (the same field as in `tb21_*`).
    check(
        &rules(LARGE),
        2,
        "draw BA/CFC; place 0 -1 0; deploy large-follower field E
         draw BA/C; place 0 -2 2; deploy follower field N
         draw BA/C; place -1 -1 3; deploy pig field E
         draw BA/C; place 0 -3 3; pass
         draw BA/L; place 0 1 0; pass
         draw BA/C; place -1 -3 1; deploy follower field S
         draw BA/L; place 1 1 0; pass
         draw BA/L; place -1 -2 0; pass
         end",
        &[12, 9],
    );
}

// ------------------------------------------------------------------ X17

/// Goods with the cathedrals of Inns & Cathedrals.
const CATHEDRALS: &str = r#"
    name = "goods and cathedrals"
    tilesets = ["base", "inns-and-cathedrals", "traders-and-builders"]
    [plugins.trade-goods]
    [plugins.cathedrals]
"#;

/// A city of the start, the cathedral at (0, -1), caps N and W and the wine band
/// at (1, -1) (Red's follower on the cathedral); Blue's cap at (2, -1) would close it.
const CATHEDRAL_CITY: &str = "draw IC/Cccc.c; place 0 -1 0; deploy follower 0
     draw TB/CFc.w; place 1 -1 0; pass
     draw BA/C; place 0 -2 2; pass
     draw BA/C; place -1 -1 1; pass
     draw BA/L; place 0 1 0; pass";

#[test]
fn x17_a_completed_city_with_goods_and_a_cathedral_scores_3_per_tile_and_gives_its_goods() {
    // Blue closes the 6-tile city: Red scores 6 × 3, Blue takes the wine.
    let mut g = check(
        &rules(CATHEDRALS),
        2,
        &format!("{CATHEDRAL_CITY}\ndraw BA/C; place 2 -1 3; pass"),
        &[18, 0],
    );
    assert_eq!(tokens(&g, 0, 1), (1, 0, 0));
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [18, 10]);
}

#[test]
fn x17_unfinished_at_the_end_it_scores_0_and_gives_no_goods() {
    let g = check(
        &rules(CATHEDRALS),
        2,
        &format!("{CATHEDRAL_CITY}\nend"),
        &[0, 0],
    );
    assert_eq!((tokens(&g, 0, 0), tokens(&g, 0, 1)), ((0, 0, 0), (0, 0, 0)));
}

/// Red's shepherd on the field north of BA/Ccc at (0, −1) (3 sheep; that tile
/// turned, its city joins the start's); Blue's cloister; Red's part 1 extends
/// his builder's road at (3, 0) and takes the double turn; his part-2 tile
/// BA/Ccc at (0, −2) closes the shepherd's field (placed, not yet decided).
fn closing_in_part_two(sheep: &str) -> carcassonne_core::Game {
    let r = rules(&format!("{SHEEP}{sheep}"));
    run(
        &r,
        2,
        &format!(
            "{ROAD_WITH_BUILDER}
             draw BA/Ccc; place 0 -1 2; deploy shepherd field N; shepherd sheep-3
             draw BA/L; place 2 1 0; pass
             draw BA/RFr; place 3 0 0; pass; builder double
             draw BA/Ccc; place 0 -2 0"
        ),
    )
    .unwrap()
}

#[test]
fn x14_a_shepherd_placed_before_the_double_turn_gets_the_choice_in_part_two_and_his_closed_field_is_herded_there(
) {
    // The default S4 order inside part 2: the figure step, then the flock choice.
    let mut g = closing_in_part_two("");
    assert_eq!(g.current_player(), PlayerId::ALL[0]);
    assert!(
        legal_names(&g).contains(&"pass".to_string()),
        "{:?}",
        legal_names(&g)
    );
    run_on(&mut g, "pass").unwrap();
    assert_eq!(legal_names(&g), ["shepherd grow", "shepherd herd"]);
    // He grows (+2), then the closed field is herded at once, still in part 2.
    run_on(&mut g, "shepherd grow; shepherd sheep-2").unwrap();
    assert_eq!(g.scores(), [5, 0]);
    assert_eq!(
        g.supply(PlayerId::ALL[0], g.rules().figure_kind("shepherd").unwrap()),
        1
    );
    assert_eq!(
        g.current_player(),
        PlayerId::ALL[1],
        "the double turn is over"
    );
    assert_eq!(g.actor(), Actor::Chance);
    // At the end: Red's 4-tile road (his builder scores nothing).
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), [9, 0]);
}

#[test]
fn x14_the_s4_order_before_follower_holds_inside_part_two() {
    // With `flock-action = "before-follower"` the choice comes first in part 2:
    // Red herds (3), and his shepherd, home at once, may go out again on that tile.
    let mut g = closing_in_part_two("flock-action = \"before-follower\"");
    assert_eq!(legal_names(&g), ["shepherd grow", "shepherd herd"]);
    run_on(&mut g, "shepherd herd").unwrap();
    assert_eq!(g.scores(), [3, 0]);
    assert_eq!(
        g.current_player(),
        PlayerId::ALL[0],
        "part 2's figure step follows"
    );
    assert_eq!(
        legal_names(&g),
        [
            "pass",
            "deploy follower 0",
            "deploy follower 1",
            "deploy shepherd 1"
        ]
    );
    run_on(&mut g, "pass").unwrap();
    assert_eq!(g.current_player(), PlayerId::ALL[1]);
}

#[test]
fn x14_a_field_closed_in_part_one_is_herded_in_part_one() {
    // Red's knight in the city north of the start, his builder in it at (0, −2);
    // part 1: TB/CCc.c at (0, −3) extends that city, and his shepherd goes onto
    // its inner field (closed at birth): he draws and is herded within part 1,
    // before he decides on part 2.
    let mut g = run(
        &rules(SHEEP),
        2,
        "draw BA/CFc; place 0 -1 1; deploy follower 0
         draw BA/L; place 0 1 0; pass
         draw BA/CFc+; place 0 -2 1; deploy builder 0
         draw BA/L; place 1 1 0; pass
         draw TB/CCc.c; place 0 -3 1",
    )
    .unwrap();
    // Band 0 (occupied), cap 1, field 2, inner field 3.
    assert_eq!(
        legal_names(&g),
        [
            "pass",
            "deploy follower 1",
            "deploy follower 2",
            "deploy follower 3",
            "deploy shepherd 2",
            "deploy shepherd 3"
        ]
    );
    run_on(&mut g, "deploy shepherd 3; shepherd sheep-2").unwrap();
    assert_eq!(g.scores(), [2, 0]);
    assert_eq!(
        g.supply(PlayerId::ALL[0], g.rules().figure_kind("shepherd").unwrap()),
        1
    );
    assert_eq!(legal_names(&g), ["builder double", "builder single"]);
    // Part 2 is a turn of its own: the shepherd, home, may go out again.
    run_on(&mut g, "builder double; draw BA/RFr; place 1 0 0").unwrap();
    assert!(
        legal_names(&g).contains(&"deploy shepherd 1".to_string()),
        "{:?}",
        legal_names(&g)
    );
}
