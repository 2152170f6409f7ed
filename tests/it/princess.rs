//! The `princess` and `magic-portal` plugins (The Princess and the Dragon),
//! rulings PD17–PD23 with exact points and positions (PD22 with the shepherd,
//! the builder and the pig). Geometry as in
//! `dragon.rs`.

use crate::common::*;
use crate::dragon::{figures_at, followers, names, pd, pd_ruleset};
use carcassonne_core::PlayerId;
use carcassonne_core::{Actor, Game};

/// Red's knight in a city running north from the start's (BA/CFc at (0, −1));
/// `middle` is Blue's turn; then Red draws `princess_tile` and places it at
/// (0, −2) with rotation `rot`, extending that city (`place` only).
fn princess_turn(ruleset: &str, knight: &str, princess_tile: &str, rot: u8) -> Game {
    run(
        &rules(ruleset),
        2,
        &format!(
            "draw BA/CFc; place 0 -1 1; {knight}
             draw BA/L; place 0 1 0; pass
             draw {princess_tile}; place 0 -2 {rot}"
        ),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

// ------------------------------------------------------------ princess

#[test]
fn pd17_pd18_the_princess_sends_a_knight_home_and_is_the_whole_figure_step() {
    let may = pd_ruleset("", "", "");
    // PD/Ccc.p turned so its city faces south, onto Red's knight's city: Red may
    // send his own knight home (anyone's follower qualifies), deploy a farmer or pass.
    let mut g = princess_turn(&may, "deploy follower 0", "PD/Ccc.p", 2);
    assert_eq!(
        names(&g),
        [
            "deploy follower 1",
            "fairy 0 at 0 -1",
            "pass",
            "princess 0 at 0 -1"
        ]
    );
    run_on(&mut g, "princess 0 at 0 -1").unwrap();
    assert!(figures_at(&g, 0, -1).is_empty());
    assert_eq!(followers(&g, 0), 7, "home, without points");
    assert_eq!(g.scores(), &[0, 0]);
    // PD18: that was the figure step; the next turn's draw comes.
    assert_eq!(g.actor(), Actor::Chance);
}

#[test]
fn pd17_another_players_knight_goes_home() {
    // Blue's knight (Blue deploys in the 2nd turn; Red places the princess in the 3rd).
    let g = run(
        &pd(),
        2,
        "draw BA/L; place 0 1 0; pass
         draw BA/CFc; place 0 -1 1; deploy follower 0
         draw PD/Ccc.p; place 0 -2 2; princess 0 at 0 -1",
    )
    .unwrap();
    assert_eq!((followers(&g, 0), followers(&g, 1)), (7, 7));
    assert!(figures_at(&g, 0, -1).is_empty());
}

#[test]
fn pd17_the_marker_is_on_one_city_segment_only() {
    let may = pd_ruleset("", "", "");
    // PD/CCc+.p joining the knight's city through its E+S city (no princess).
    let g = princess_turn(&may, "deploy follower 0", "PD/CCc+.p", 0);
    assert!(
        !names(&g).iter().any(|a| a.starts_with("princess")),
        "{:?}",
        names(&g)
    );
    // Through its north cap, which shows the princess.
    let g = princess_turn(&may, "deploy follower 0", "PD/CCc+.p", 2);
    assert!(names(&g).contains(&"princess 0 at 0 -1".to_string()));
}

#[test]
fn pd19_without_a_follower_in_the_city_the_tile_is_played_normally() {
    let g = princess_turn(&pd_ruleset("", "", ""), "pass", "PD/Ccc.p", 2);
    assert_eq!(
        names(&g),
        ["deploy follower 0", "deploy follower 1", "pass"]
    );
}

#[test]
fn pd20_must_when_the_city_holds_a_follower_she_is_the_only_option() {
    let must = pd_ruleset("", "", "princess-action = \"must\"");
    let g = princess_turn(&must, "deploy follower 0", "PD/Ccc.p", 2);
    assert_eq!(names(&g), ["princess 0 at 0 -1"]);
    // With nobody in the city, the usual options.
    let g = princess_turn(&must, "pass", "PD/Ccc.p", 2);
    assert_eq!(
        names(&g),
        ["deploy follower 0", "deploy follower 1", "pass"]
    );
}

// ------------------------------------------------------------ magic portal

/// The start's city closed by Red (nobody's); Blue's follower on the road at
/// (1, 0); Red's volcano at (0, 1); Blue's cloister tile at (-1, 1) (empty);
/// Red places the portal tile PD/RRR.g at (-1, −1).
const PORTAL: &str = "draw BA/C; place 0 -1 2; pass
     draw BA/RFr; place 1 0 0; deploy follower 0
     draw PD/F.v; place 0 1 0; pass
     draw BA/L; place -1 1 0; pass
     draw PD/RRR.g; place -1 -1 1";

/// The legal deployments through the portal (elsewhere than the placed tile).
fn portal_options(g: &Game) -> Vec<String> {
    names(g)
        .into_iter()
        .filter(|a| a.contains(" at "))
        .collect()
}

#[test]
fn pd21_the_portal_reaches_every_unoccupied_incomplete_feature_off_the_dragons_tile() {
    let mut g = run(&pd(), 2, PORTAL).unwrap();
    // Not: the start's city (complete), the road (Blue's), anything on the
    // volcano (the dragon's tile), the closed city of (0, −1). Fields always.
    assert_eq!(
        portal_options(&g),
        [
            "deploy follower 0 at -1 1",
            "deploy follower 1 at -1 1",
            "deploy follower 1 at 0 -1",
            "deploy follower 1 at 1 0",
            "deploy follower 2 at 0 0",
            "deploy follower 2 at 1 0",
            "deploy follower 3 at 0 0",
        ]
    );
    // The placed tile's own features are offered as usual (3 roads, 3 fields).
    assert_eq!(names(&g).len(), 7 + 6 + 1);
    // PD23: one deployment, then the turn goes on.
    run_on(&mut g, "deploy follower 0 at -1 1").unwrap();
    assert_eq!(figures_at(&g, -1, 1), ["0 follower"]);
    assert_eq!(followers(&g, 0), 6);
    assert_eq!(g.actor(), Actor::Chance);
    // The monk scores there: the cloister and its 2 neighbours at the end.
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), &[3, 2]);
}

#[test]
fn pd21_a_deployment_the_portal_does_not_reach_says_why() {
    let g = run(&pd(), 2, PORTAL).unwrap();
    let why = |action: &str| {
        let mut g = g.clone();
        run_on(&mut g, action).unwrap_err().to_string()
    };
    for (action, reason) in [
        (
            "deploy follower 0 at 0 0",
            "a follower does not go onto a completed city",
        ),
        ("deploy follower 1 at 0 0", "the road is already occupied"),
        (
            "deploy follower 0 at 0 1",
            "plugin `dragon`'s rule forbids a follower there",
        ),
    ] {
        let e = why(action);
        assert!(e.contains(reason), "{action}: {e}");
    }
    // Without a portal, a feature off the placed tile is no option at all.
    let mut g = run(
        &pd(),
        2,
        "draw BA/C; place 0 -1 2; pass; draw BA/RFr; place 1 0 0",
    )
    .unwrap();
    let e = run_on(&mut g, "deploy follower 2 at 0 0")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("a follower goes on a feature of the tile just placed"),
        "{e}"
    );
}

#[test]
fn pd21_no_farmer_through_the_portal_when_farmers_are_off() {
    let text = format!("{}\n[core]\nfarmers = \"off\"\n", pd_ruleset("", "", ""));
    let g = run(&rules(&text), 2, PORTAL).unwrap();
    assert_eq!(portal_options(&g), ["deploy follower 0 at -1 1"]);
}

#[test]
fn pd21_a_feature_completed_by_the_portal_tile_is_taken_there_and_scored() {
    // PD/RRR.g closes the start's road from the west (BA/LR ends it in the
    // east): Blue's follower on its east road scores the 3 tiles at once.
    check(
        &pd(),
        2,
        "draw BA/LR; place 1 0 1; pass
         draw PD/RRR.g; place -1 0 0; deploy follower 0",
        &[0, 3],
    );
}

// ------------------------------------------------------------ PD18, PD22, PD23

/// The four plugins with the shepherd, the builder and the pig.
fn with_specials() -> String {
    format!(
        "{}\n[plugins.shepherd]\n[plugins.builder]\n[plugins.pig]\n",
        pd_ruleset("", "", "")
    )
}

#[test]
fn pd18_after_the_princess_nothing_else_is_done_in_the_figure_step() {
    let mut g = princess_turn(&with_specials(), "deploy follower 0", "PD/Ccc.p", 2);
    // Before: the builder, a farmer, the shepherd, the fairy or the princess, or nothing.
    assert_eq!(
        names(&g),
        [
            "deploy builder 0",
            "deploy follower 1",
            "deploy shepherd 1",
            "fairy 0 at 0 -1",
            "pass",
            "princess 0 at 0 -1"
        ]
    );
    run_on(&mut g, "princess 0 at 0 -1").unwrap();
    // After: the turn is over; nothing was deployed, the fairy stays off the board.
    assert_eq!(g.actor(), Actor::Chance);
    assert_eq!(
        g.current_player(),
        PlayerId::ALL[1],
        "the next turn's draw is Blue's"
    );
    assert_eq!(followers(&g, 0), 7);
    let shepherd = g.rules().figure_kind("shepherd").unwrap();
    assert_eq!(g.supply(PlayerId::ALL[0], shepherd), 1);
    assert_eq!(
        g.supply(PlayerId::ALL[0], g.rules().figure_kind("builder").unwrap()),
        1
    );
    assert_eq!(crate::dragon::neutral_at(&g, "fairy"), None);
    run_on(&mut g, "draw BA/L; place 1 1 0; pass; end").unwrap();
    assert_eq!(g.scores(), &[0, 0], "the knight scored nothing");
}

#[test]
fn pd22_x30_the_shepherd_the_builder_and_the_pig_never_go_through_the_portal() {
    // Red's road follower at (1, 0), his farmer north of the road at (2, 0); his
    // portal tile PD/RRR.g at (3, 0) extends the road (open in the west) and that field.
    let mut g = run(
        &rules(&with_specials()),
        2,
        "draw BA/RFr; place 1 0 0; deploy follower road W
         draw BA/L; place 0 1 0; pass
         draw BA/RFr; place 2 0 0; deploy follower field N
         draw BA/L; place 1 1 0; pass
         draw PD/RRR.g; place 3 0 0",
    )
    .unwrap();
    let specials: Vec<String> = names(&g)
        .into_iter()
        .filter(|a| !a.starts_with("deploy follower") && a != "pass")
        .collect();
    // Roads 0–2, fields 3–5 of the placed tile only (the fairy moves are no deployments).
    assert_eq!(
        specials,
        [
            "deploy builder 2",
            "deploy pig 3",
            "deploy shepherd 3",
            "deploy shepherd 4",
            "deploy shepherd 5",
            "fairy 0 at 1 0",
            "fairy 1 at 2 0"
        ]
    );
    // Followers do go through it (e.g. onto the cloister at (0, 1)).
    assert!(names(&g).contains(&"deploy follower 0 at 0 1".to_string()));
    // The builder goes on the placed tile's road; at the end Red's 4-tile road
    // scores 4 (the builder nothing), his farmer's field no completed city.
    run_on(&mut g, "deploy builder 2").unwrap();
    assert_eq!(figures_at(&g, 3, 0), ["0 builder"]);
    run_on(&mut g, "end").unwrap();
    assert_eq!(g.scores(), &[4, 0]);
}

#[test]
fn pd23_one_deployment_through_the_portal_and_nothing_more() {
    let mut g = run(&pd(), 2, PORTAL).unwrap();
    run_on(&mut g, "deploy follower 0 at -1 1").unwrap();
    assert_eq!(followers(&g, 0), 6, "one follower");
    assert_eq!(g.actor(), Actor::Chance, "the figure step is over");
    // Blue's next tile is no portal: only its own features are offered.
    run_on(&mut g, "draw BA/RFr; place 2 0 0").unwrap();
    assert_eq!(
        names(&g),
        [
            "deploy follower 1",
            "deploy follower 2",
            "fairy 0 at 1 0",
            "pass"
        ]
    );
    // Red's monk: the cloister and its 2 neighbours; Blue's 3-tile road.
    run_on(&mut g, "pass; end").unwrap();
    assert_eq!(g.scores(), &[3, 3]);
}
