//! What plugins say about the game, where a player looks: the plugins'
//! notes about features and players, the figures a player holds and the
//! figures in areas, in board pictures (in each plugin's `[notes]` style, or a
//! generic one), and in the browser's view of the seats. The terminal's board
//! is tested with the `play` command (`src/render.rs`).

use crate::common::*;
use carcassonne_core::scenario::run;
use carcassonne_core::{Game, PlayerId};
use carcassonne_render::{board, Options, Style};

/// Red's road follower at (1, 0); Blue raises a tower of height 1 on the
/// foundation of (2, 0) and takes Red's follower prisoner.
pub const CAPTURE: &str = "draw BA/RFr; place 1 0 0; deploy follower road
     draw TO/RRRR.1; place 2 0 0; tower 8 at 2 0; tower follower of 0 at 1 0 0";

/// The picture of `g` with its panel, in `style`.
fn picture(g: &Game, style: &Style) -> String {
    let o = Options {
        panel: true,
        ..Options::default()
    };
    board(g, &o, style)
}

/// The elements of class `class` with attribute `key` = `value`.
fn find<'a>(
    doc: &'a roxmltree::Document,
    class: &str,
    key: &str,
    value: &str,
) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class) && n.attribute(key) == Some(value))
        .collect()
}

/// The text of the `<text>` and `<tspan>` elements under `n` (not in a `<title>`), joined with " ".
fn texts(n: roxmltree::Node) -> String {
    let parts: Vec<&str> = n
        .descendants()
        .filter(|c| c.has_tag_name("text") || c.has_tag_name("tspan"))
        .filter(|c| !c.ancestors().any(|a| a.has_tag_name("title")))
        .filter(|c| c.attribute("data-shape").is_none())
        .filter_map(|c| c.text())
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .collect();
    parts.join(" ")
}

/// The symbol (`g.marker`) under `n`: its shape and its fill colour.
fn symbol(n: roxmltree::Node) -> (String, String) {
    let m = n
        .descendants()
        .find(|c| c.attribute("class") == Some("marker"))
        .expect("a symbol");
    let fill = m
        .descendants()
        .find_map(|c| c.attribute("fill").filter(|_| !c.has_tag_name("text")))
        .unwrap_or_default();
    (
        m.attribute("data-shape").unwrap().to_string(),
        fill.to_string(),
    )
}

fn tower_game() -> Game {
    run(&rules(&crate::tower::tw("")), 2, CAPTURE).unwrap()
}

#[test]
fn a_towers_height_is_drawn_at_its_foundation_in_the_towers_style() {
    let g = tower_game();
    let style = Style::for_rules(g.rules(), None).unwrap();
    let svg = picture(&g, &style);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let notes = find(&doc, "feature-note", "data-plugin", "tower");
    assert_eq!(notes.len(), 1, "{svg}");
    let n = notes[0];
    assert_eq!(
        ["data-x", "data-y", "data-feature"].map(|a| n.attribute(a).unwrap()),
        ["2", "0", "8"]
    );
    assert!(texts(n).ends_with("tower 1"), "{}", texts(n));
    // The tower's style (plugins/tower/style.toml): a grey badge with a T.
    assert_eq!(symbol(n), ("badge".to_string(), "#6d6d6d".to_string()));
    assert!(texts(n).starts_with('T'), "{}", texts(n));
}

#[test]
fn each_players_pieces_prisoners_and_held_figures_are_drawn_with_him() {
    let g = tower_game();
    let style = Style::for_rules(g.rules(), None).unwrap();
    let svg = picture(&g, &style);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let seat = |s: &str| -> Vec<String> {
        find(&doc, "player-note", "data-seat", s)
            .into_iter()
            .map(|n| format!("{}: {}", n.attribute("data-plugin").unwrap(), texts(n)))
            .collect()
    };
    assert_eq!(seat("0"), ["tower: T 10 pieces"]);
    assert_eq!(seat("1"), ["tower: T 9 pieces, 1 prisoner"]);
    let holds: Vec<String> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("holds"))
        .map(|n| format!("{} {}", n.attribute("data-seat").unwrap(), texts(n)))
        .collect();
    assert_eq!(holds, ["1 holds: Red follower"]);
    crate::render::assert_every_line_inside(&doc);
}

#[test]
fn a_users_notes_style_changes_the_symbol_and_where_it_is_drawn() {
    let g = tower_game();
    let user = "[notes.tower]\nshape = \"star\"\ncolor = \"#123456\"\nlabel = false\n";
    let style = Style::for_rules(g.rules(), Some(("mine.toml", user))).unwrap();
    let svg = picture(&g, &style);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let n = find(&doc, "feature-note", "data-plugin", "tower")[0];
    assert_eq!(symbol(n), ("star".to_string(), "#123456".to_string()));
    // No text beside the symbol: only the letter on it (the tower's T).
    assert_eq!(texts(n), "T");
    // The note is still the symbol's tooltip.
    let tip = n.children().find(|c| c.has_tag_name("title")).unwrap();
    assert_eq!(tip.text(), Some("tower: tower 1"));
    // `placement = "list"`: not on the board; the players' notes stay.
    let listed = "[notes.tower]\nplacement = \"list\"\n";
    let style = Style::for_rules(g.rules(), Some(("mine.toml", listed))).unwrap();
    let svg = picture(&g, &style);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert!(find(&doc, "feature-note", "data-plugin", "tower").is_empty());
    assert_eq!(find(&doc, "player-note", "data-plugin", "tower").len(), 2);
    // A misspelt placement is refused with its place.
    let bad = "[notes.tower]\nplacement = \"under\"\n";
    let e = Style::for_rules(g.rules(), Some(("mine.toml", bad))).unwrap_err();
    assert!(e.to_string().contains("notes.tower.placement"), "{e}");
}

#[test]
fn a_plugin_without_a_notes_style_gets_a_badge_with_its_initial() {
    let text = base_with("[plugins.kit-perch]\n[plugins.kit-jail]\n");
    let g = run(
        &rules(&text),
        2,
        "draw KIT/P; place 0 1 0; deploy follower 0
         draw BA/RFr; place 1 0 0; pass",
    )
    .unwrap();
    let style = Style::for_rules(g.rules(), None).unwrap();
    let svg = picture(&g, &style);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let n = find(&doc, "feature-note", "data-plugin", "kit-perch");
    assert_eq!(n.len(), 1, "{svg}");
    assert_eq!(texts(n[0]), "K follower of 0 perches");
    // A label longer than a tile is wide comes in lines under each other.
    let lines: Vec<_> = n[0]
        .descendants()
        .filter(|c| c.has_tag_name("tspan"))
        .map(|c| (c.text().unwrap_or(""), c.attribute("dy").unwrap_or("")))
        .collect();
    assert_eq!(lines, [("follower of 0", "0"), ("perches", "13")]);
    assert_eq!(
        symbol(n[0]),
        (
            "badge".to_string(),
            carcassonne_render::style::name_color("kit-perch")
        )
    );
    assert_eq!(
        ["data-x", "data-y", "data-feature"].map(|a| n[0].attribute(a).unwrap()),
        ["0", "1", "0"]
    );
    // kit-jail notes only a player who holds prisoners: nobody here.
    assert!(find(&doc, "player-note", "data-plugin", "kit-jail").is_empty());
}

#[test]
fn figures_in_an_area_are_listed_off_the_board() {
    let text = base_with("[plugins.kit-quarters]\n");
    let g = run(
        &rules(&text),
        2,
        "draw BA/RFr; place 1 0 0; pass
         draw BA/RFr; place -1 0 0; deploy follower in quarter",
    )
    .unwrap();
    let svg = picture(&g, &Style::default());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let areas = find(&doc, "area", "data-area", "quarter");
    assert_eq!(areas.len(), 1, "{svg}");
    assert_eq!(texts(areas[0]), "quarter: Blue follower");
    assert!(svg.contains("Off the board"), "{svg}");
}

/// A plugin whose `feature_note` and `player_note` hooks always fail.
struct BrokenNotes;

impl carcassonne_core::Hooks for BrokenNotes {
    fn subscriptions(&self) -> u64 {
        carcassonne_core::hook::FEATURE_NOTE | carcassonne_core::hook::PLAYER_NOTE
    }

    fn feature_note(
        &self,
        _: &carcassonne_core::View<'_>,
        _: carcassonne_core::FeatureId,
        _: &mut String,
    ) -> carcassonne_core::HookResult {
        Err(broken("feature_note"))
    }

    fn player_note(
        &self,
        _: &carcassonne_core::View<'_>,
        _: PlayerId,
        _: &mut String,
    ) -> carcassonne_core::HookResult {
        Err(broken("player_note"))
    }
}

fn broken(hook: &'static str) -> carcassonne_core::HookError {
    carcassonne_core::HookError {
        plugin: "broken-notes".into(),
        hook,
        message: "no height".into(),
    }
}

#[test]
fn failing_notes_show_a_question_mark_with_the_error_and_the_picture_is_drawn() {
    let set = carcassonne_host::tilesets::load("base", None).unwrap();
    let cat = carcassonne_core::TileCatalogue::build(&[set], "C2").unwrap();
    let decl = carcassonne_core::PluginDecl {
        id: "broken-notes".into(),
        ..Default::default()
    };
    let hooks: std::sync::Arc<dyn carcassonne_core::Hooks> = std::sync::Arc::new(BrokenNotes);
    let r =
        carcassonne_core::Rules::new("broken notes", cat, Default::default(), vec![(decl, hooks)])
            .unwrap();
    let g = run(&r.into(), 2, "draw BA/RFr; place 1 0 0; pass").unwrap();
    let svg = picture(&g, &Style::default());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("tile"))
            .count(),
        2
    );
    let failed: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("note-failed"))
        .collect();
    let tips: Vec<&str> = failed
        .iter()
        .filter_map(|n| n.children().find(|c| c.has_tag_name("title")))
        .filter_map(|t| t.text())
        .collect();
    // Every feature of both tiles, and both players.
    assert!(g.feature_count() >= 6);
    assert_eq!(failed.len(), g.feature_count() + 2, "{svg}");
    assert!(
        tips.contains(&"no note: plugin `broken-notes` failed in hook `feature_note`: no height")
    );
    assert_eq!(
        tips.iter().filter(|t| t.contains("`player_note`")).count(),
        2
    );
}

/// A web session of ruleset `text` (with its plugins' styles) after `script`,
/// every seat a person's.
fn web_session(text: &str, script: &str) -> carcassonne_web::Session {
    use carcassonne_web::seats::{Seat, SeatKind};
    let r = rules(text);
    let mut g = Game::new(r.clone(), 2, 0).unwrap();
    let mut rec = carcassonne_core::Recorder::default();
    for step in script
        .split([';', '\n'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        let a = g.parse_action(step).unwrap();
        rec.apply(&mut g, a).unwrap();
    }
    let record = rec.finish(&g, "notes", text);
    let ruleset = std::sync::Arc::new(carcassonne_web::LoadedRuleset {
        name: "notes".into(),
        origin: "test".into(),
        description: String::new(),
        players: 2,
        provenance: carcassonne_core::Provenance::bare("notes", text),
        style: Style::for_rules(&r, None).unwrap(),
        rules: r,
    });
    let seats = (0..2)
        .map(|_| Seat::new(SeatKind::Person).unwrap())
        .collect();
    carcassonne_web::Session::from_record(ruleset, &record, seats).unwrap()
}

#[test]
fn the_browser_shows_each_seats_notes_and_prisoners_and_the_board_its_notes() {
    let s = web_session(&crate::tower::tw(""), CAPTURE);
    for you in [Some(0u8), Some(1), None] {
        let v = carcassonne_web::view::view(&s, "t", you).unwrap();
        let notes: Vec<Vec<(&str, &str)>> = v
            .seats
            .iter()
            .map(|s| {
                s.notes
                    .iter()
                    .map(|n| (n.plugin.as_str(), n.note.as_str()))
                    .collect()
            })
            .collect();
        assert_eq!(
            notes,
            [
                vec![("tower", "10 pieces")],
                vec![("tower", "9 pieces, 1 prisoner")]
            ]
        );
        let symbol = &v.seats[1].notes[0].symbol;
        assert!(symbol.contains("data-shape=\"badge\""), "{symbol}");
        assert!(symbol.contains("#6d6d6d"), "{symbol}");
        assert_eq!(
            [v.seats[0].holds.as_str(), v.seats[1].holds.as_str()],
            ["", "holds: Red follower"]
        );
        let doc = roxmltree::Document::parse(&v.board).unwrap();
        let on_board = find(&doc, "feature-note", "data-plugin", "tower");
        assert_eq!(on_board.len(), 1);
        assert!(texts(on_board[0]).ends_with("tower 1"));
        // The JSON the page reads.
        let json = serde_json::to_value(&v).unwrap();
        assert_eq!(json["seats"][1]["notes"][0]["note"], "9 pieces, 1 prisoner");
        assert_eq!(json["seats"][1]["holds"], "holds: Red follower");
        assert_eq!(json["areas"], serde_json::json!([]));
    }
    // The seats of a past turn show them too.
    let t = carcassonne_web::view::turn_view(&s, 2).unwrap();
    assert_eq!(t.seats[1].notes[0].note, "9 pieces, 1 prisoner");
}

#[test]
fn a_players_bridges_left_are_drawn_with_him_in_the_bridges_style() {
    let text = base_with("[plugins.bridges]\n");
    let r = rules(&text.replace("[\"base\"]", "[\"base\", \"bridges-castles-and-bazaars\"]"));
    let g = run(&r, 2, "draw BA/L; place 1 0 0 bridges WE; pass").unwrap();
    let style = Style::for_rules(g.rules(), None).unwrap();
    let svg = picture(&g, &style);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let notes: Vec<(String, String, (String, String))> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("player-note"))
        .map(|n| {
            let seat = n.attribute("data-seat").unwrap().to_string();
            (seat, texts(n), symbol(n))
        })
        .collect();
    let badge = ("badge".to_string(), "#8a5a2b".to_string());
    assert_eq!(
        notes,
        [
            (
                "0".to_string(),
                "B 2 bridges left".to_string(),
                badge.clone()
            ),
            ("1".to_string(), "B 3 bridges left".to_string(), badge)
        ]
    );
    // The bridge itself is its road over the field; it has no note on the board.
    assert!(find(&doc, "feature-note", "data-plugin", "bridges").is_empty());
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("bridge"))
            .count(),
        1
    );
}
