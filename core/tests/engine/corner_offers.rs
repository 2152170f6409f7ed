//! The core's offer of a figure kind at the corners where four field corners
//! meet (`FigureSpec::at_corner_meetings`; the barn's in the shipped
//! plugins), proved on its own by a kind of this test: offered at the corner
//! meetings of the tile just placed while the player has one in his supply,
//! and with `one_per_feature` not into a field that holds one already.
//!
//! Geometry: the start BA/RCr at (0, 0), x east, y south.

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

fn rules(one_per_field: bool) -> Arc<Rules> {
    let shed = FigureSpec::special("shed", 2)
        .occupies(true)
        .at_corner_meetings(true)
        .one_per_feature(one_per_field)
        .class(FigureClass::Building);
    let decl = PluginDecl {
        id: "shed".into(),
        figures: vec![shed.map_name(String::from)],
        ..PluginDecl::default()
    };
    let hooks: Arc<dyn Hooks> = Arc::new(Declares);
    crate::fixtures::base_rules(CoreOptions::default(), vec![(decl, hooks)])
}

/// The legal figure actions that deploy a shed, as text.
fn sheds(g: &Game) -> Vec<String> {
    g.legal_actions()
        .unwrap()
        .into_iter()
        .map(|a| g.format_action(a))
        .filter(|t| t.starts_with("deploy shed"))
        .collect()
}

/// Two cities south of the start, capped towards it; then Red's BA/RFr at
/// (1, 0), whose SW corner is the first point where four field corners meet
/// (the tiles (0, 0), (1, 0), (0, 1), (1, 1)).
const FIRST_MEETING: &str = "draw BA/C; place 0 1 2; pass
     draw BA/C; place 0 2 0; pass
     draw BA/C; place 1 1 2; pass
     draw BA/C; place 1 2 0; pass
     draw BA/RFr; place 1 0 0";

/// Red's shed at the first meeting; Blue's cloister at (-1, 1); Red's BA/RFr at
/// (-1, 0), whose SE corner meets the start's SW corner in the same field.
fn second_meeting() -> String {
    format!(
        "{FIRST_MEETING}; deploy shed 2 corner SW
         draw BA/L; place -1 1 0; pass
         draw BA/RFr; place -1 0 0"
    )
}

#[test]
fn a_kind_offered_where_four_field_corners_meet() {
    for one in [true, false] {
        let r = rules(one);
        let g = run(&r, 2, "draw BA/C; place 0 1 2").unwrap();
        assert_eq!(sheds(&g), Vec::<String>::new(), "no meeting yet");
        let g = run(&r, 2, FIRST_MEETING).unwrap();
        assert_eq!(sheds(&g), ["deploy shed 2 corner SW"]);
        // Taken like any offer: the shed stands at the corner.
        let g = run(&r, 2, &format!("{FIRST_MEETING}; deploy shed 2 corner SW")).unwrap();
        let t = g.tile_at(Pos::new(1, 0)).unwrap();
        let kind = r.figure_kind("shed").unwrap();
        let on_board = (0..g.figure_count())
            .map(|i| FigureId(i as u16))
            .filter(|&f| g.figure_kind(f) == Some(kind))
            .filter_map(|f| g.figure_location(f))
            .collect::<Vec<_>>();
        assert_eq!(
            on_board,
            [Location::Corner(
                g.corner_field(t, Corner::SW).unwrap(),
                Corner::SW
            )]
        );
    }
}

#[test]
fn one_per_feature_keeps_a_corner_kind_out_of_a_field_that_holds_one() {
    let g = run(&rules(false), 2, &second_meeting()).unwrap();
    assert_eq!(sheds(&g), ["deploy shed 2 corner SE"]);
    let g = run(&rules(true), 2, &second_meeting()).unwrap();
    assert_eq!(sheds(&g), Vec::<String>::new());
}
