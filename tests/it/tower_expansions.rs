//! The `tower` plugin with the other expansions' scoring rules: hills (X46),
//! the princess and the magic portal (X51), inns and cathedrals (X54),
//! vineyards (X55), trade goods (X56), each with exact points, compiled in and
//! loaded. A capture in the figure step takes a figure off its feature before
//! the scoring step; nothing else of theirs changes. Geometry and helpers as
//! in `tower.rs`.

use crate::common::*;
use crate::tower::{category, height, names, raised, tw};
use carcassonne_core::{Actor, Location, FOLLOWER};

/// The Tower (fixture counts of `tw`) with the tile sets `sets` besides base
/// and the tower's, and `plugins` (TOML tables).
fn with(sets: &str, plugins: &str) -> String {
    tw("").replace(
        "tilesets = [\"base\", \"the-tower\"]",
        &format!("edition = \"C2\"\ntilesets = [\"base\", \"the-tower\"{sets}]"),
    ) + plugins
        + "\n"
}

/// Red's knight in the start's city (extended by BA/Cc+), Blue's on the hill
/// HS/RrC.h east of the start (the rulebook's H4 example); Red raises his
/// tower west of the start twice, the second time as he closes the city with
/// BA/CcRr+ (4 tiles, 2 pennants: 12).
const HILL_TIE: &str = "draw BA/Cc+; place 0 -1 2; deploy follower city S
     draw HS/RrC.h; hidden BA/L; place 1 0 0; deploy follower city N
     draw TO/RRRR.1; place -1 0 0; tower 8 at -1 0
     draw BA/L; place 0 1 0; pass
     draw BA/CcRr+; place 1 -1 3; tower 8 at -1 0";

#[test]
fn x46_a_capture_on_a_hill_comes_before_the_hill_tie_break() {
    let text = with(", \"hills-and-sheep\"", "[plugins.hills]");
    for r in compiled_in_and_loaded(&text) {
        // Height 2 reaches the hill two squares east (a hill tile is an
        // ordinary square of the range); Red's own knight is diagonal.
        let g = run(&r, 2, HILL_TIE).unwrap();
        assert_eq!(names(&g), ["tower follower of 1 at 1 0 0", "tower pass"]);
        // Left there, Blue's knight on the hill wins the tie alone.
        check(&r, 2, &format!("{HILL_TIE}; tower pass"), &[0, 12]);
        // Captured before the scoring step: Red's knight alone takes the 12.
        let g = check(
            &r,
            2,
            &format!("{HILL_TIE}; tower follower of 1 at 1 0 0"),
            &[12, 0],
        );
        assert_eq!(follower_places(&g, 1), [Location::Held(p(0))]);
    }
}

// ---------------------------------------------------- princess and portal

#[test]
fn x51_princess_portal_and_tower_piece_are_alternatives_and_the_princess_spares_cappers() {
    for r in compiled_in_and_loaded(&crate::tower_x::pd_tower("capturable")) {
        // Red's knight in the city north of the start; Red caps Blue's tower
        // at (1, 0); Blue's princess tile extends Red's city.
        let mut g = run(
            &r,
            2,
            "draw BA/CFc; place 0 -1 1; deploy follower 0
             draw TO/RRRR.1; place 1 0 0; tower 8 at 1 0
             draw TO/RRRR.1; place -1 0 0; deploy follower 8 at 1 0
             draw PD/Ccc.p; place 0 -2 2",
        )
        .unwrap();
        let n = names(&g);
        assert!(n.contains(&"princess 0 at 0 -1".to_string()), "{n:?}");
        assert!(n.contains(&"tower 8 at -1 0".to_string()), "{n:?}");
        let princess: Vec<&String> = n.iter().filter(|a| a.starts_with("princess")).collect();
        assert_eq!(princess, ["princess 0 at 0 -1"], "never the capper");
        let mut sent = g.clone();
        run_on(&mut sent, "princess 0 at 0 -1").unwrap();
        assert_eq!(follower_places(&sent, 0).len(), 1, "the capper stays");
        assert_eq!(sent.supply(p(0), FOLLOWER), 6);
        assert_eq!(sent.scores(), [0, 0]);
        // The piece instead: the turn is over, the knight stays.
        run_on(&mut g, "tower 8 at -1 0").unwrap();
        assert_eq!(g.actor(), Actor::Chance);
        assert_eq!(follower_places(&g, 0).len(), 2);
        // Red's portal tile: portal deployments, a piece and a follower on
        // the open tower at (-1, 0) are offered side by side; the tower top is
        // offered once (it needs no portal), the capped tower not at all.
        run_on(&mut g, "draw PD/RRR.g; place 2 0 0").unwrap();
        let n = names(&g);
        assert!(n.contains(&"tower 8 at -1 0".to_string()), "{n:?}");
        assert!(n.contains(&"deploy follower 0 at 1 0".to_string()), "{n:?}");
        let tops: Vec<&String> = n
            .iter()
            .filter(|a| a.starts_with("deploy") && a.contains(" 8 at "))
            .collect();
        assert_eq!(tops, ["deploy follower 8 at -1 0"], "{n:?}");
        run_on(&mut g, "deploy follower 0 at 1 0").unwrap();
        assert_eq!(g.actor(), Actor::Chance, "one figure-step action");
        assert_eq!(height(&g, -1, 0, 8), 1);
        assert_eq!(g.scores(), [0, 0]);
    }
}

// ------------------------------------------------- inns and cathedrals

#[test]
fn x54_an_inn_road_left_without_followers_by_a_capture_scores_nobody() {
    let text = with(
        ", \"inns-and-cathedrals\"",
        "[plugins.inns]\n[plugins.cathedrals]\n[plugins.large-follower]",
    );
    // Red's follower on the inn road of IC/RRR.i west of the start; Blue's
    // tower beside it; Red's BA/RRR closes the road (3 tiles, an inn: 6).
    let road = |then: &str| {
        format!(
            "draw IC/RRR.i; place -1 0 0; deploy follower road E
             draw TO/RRRR.1; place -2 0 0; tower 8 at -2 0; {then}
             draw BA/RRR; place 1 0 0; pass"
        )
    };
    for r in compiled_in_and_loaded(&text) {
        check(&r, 2, &road("tower pass"), &[6, 0]);
        let g = check(&r, 2, &road("tower follower of 0 at -1 0 0"), &[0, 0]);
        assert_eq!(follower_places(&g, 0), [Location::Held(p(1))]);
    }
}

#[test]
fn x54_a_large_follower_on_a_tower_counts_for_nothing() {
    let text = with(
        ", \"inns-and-cathedrals\"",
        "[plugins.inns]\n[plugins.cathedrals]\n[plugins.large-follower]",
    );
    for r in compiled_in_and_loaded(&text) {
        // Blue's large follower caps the tower at the east end of Red's road:
        // Red's 3-tile road is his alone at the end.
        check(
            &r,
            2,
            &raised(
                "deploy large-follower 8 at 1 0
             draw BA/RFr; place -1 0 0; deploy follower road
             end",
            ),
            &[3, 0],
        );
    }
}

// ----------------------------------------------------------- vineyards

/// Red's monk at (0, 1); Blue's tower south of it plays `capture`; Blue's
/// portal tile plays `portal`; the cloister is closed by Red's vineyard
/// HS/Cc.v at (1, 2) (9 + 3).
fn vineyard(capture: &str, portal: &str) -> String {
    format!(
        "draw BA/L; place 0 1 0; deploy follower cloister
         draw TO/FG; place 0 2 0; tower 2 at 0 2; {capture}
         draw BA/RFr; place 1 0 0; pass
         draw PD/RRR.g; place 2 0 0; {portal}
         draw BA/RFr; place -1 0 0; pass
         draw BA/L; place -1 1 0; pass
         draw BA/L; place 1 1 0; pass
         draw BA/L; place -1 2 0; pass
         draw HS/Cc.v; place 1 2 2; pass"
    )
}

#[test]
fn x55_a_captured_monks_cloister_may_be_claimed_again_and_its_vineyard_goes_to_the_new_monk() {
    let text = with(
        ", \"hills-and-sheep\", \"princess-and-dragon\"",
        "[plugins.vineyards]\n[plugins.magic-portal]",
    );
    for r in compiled_in_and_loaded(&text) {
        check(&r, 2, &vineyard("tower pass", "pass"), &[12, 0]);
        // The monk is gone: Blue claims the cloister through the portal.
        let taken = "tower follower of 0 at 0 1 0";
        let script = vineyard(taken, "deploy follower 0 at 0 1");
        let g = check(&r, 2, &script, &[0, 12]);
        assert_eq!(follower_places(&g, 0), [Location::Held(p(1))]);
        assert_eq!(category(&g, "vineyards"), [0, 3]);
    }
}

// ---------------------------------------------------------- trade goods

/// Red's knight on the wine city of TB/CCc.w north of the start; Blue's tower
/// south of the start, raised to height 2 (it reaches the knight), then
/// `then`; Red closes the 3-tile city with BA/CFC.
fn goods(then: &str) -> String {
    format!(
        "draw TB/CCc.w; place 0 -1 1; deploy follower city S
         draw TO/FG; place 0 1 0; tower 2 at 0 1
         draw BA/L; place 1 1 0; pass
         draw BA/L; place -1 1 0; tower 2 at 0 1; {then}
         draw BA/CFC; place 0 -2 0; pass"
    )
}

#[test]
fn x56_goods_go_to_the_completing_player_whoever_was_captured_from_the_city() {
    let text = with(", \"traders-and-builders\"", "[plugins.trade-goods]");
    for r in compiled_in_and_loaded(&text) {
        let mut kept = check(&r, 2, &goods("tower pass"), &[6, 0]);
        assert_eq!(crate::trade_goods::tokens(&kept, 0, 0), (1, 0, 0));
        run_on(&mut kept, "end").unwrap();
        assert_eq!(kept.scores(), [16, 0]);
        // Red's knight is taken: the city scores nobody, its wine still goes
        // to Red, who completed it (10 for the majority at the end).
        let mut taken = check(&r, 2, &goods("tower follower of 0 at 0 -1 0"), &[0, 0]);
        assert_eq!(follower_places(&taken, 0), [Location::Held(p(1))]);
        assert_eq!(crate::trade_goods::tokens(&taken, 0, 0), (1, 0, 0));
        run_on(&mut taken, "end").unwrap();
        assert_eq!(taken.scores(), [10, 0]);
    }
}
