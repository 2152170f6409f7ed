//! Board pictures: the SVG of recorded games has one element per tile and
//! figure, the scores, the last tile outlined and a symbol for every marker, at
//! any turn; an unknown tile set, marker or figure kind is drawn too.
//! Pixel-free facts, not a byte snapshot.

use crate::common::*;
use carcassonne_core::{Driver, Game, Record};
use carcassonne_render::{board, Options, Style};
use std::collections::BTreeSet;

/// `carcassonne render` with `args`.
fn render(args: &[&std::ffi::OsStr]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .arg("render")
        .args(args)
        .output()
        .unwrap()
}

fn golden(name: &str) -> Record {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    Record::from_json(&std::fs::read_to_string(p).unwrap()).unwrap()
}

fn finished(rec: &Record) -> Game {
    let mut g = Game::new(rules(&rec.ruleset), rec.players, rec.seed).unwrap();
    Driver::new(&rec.forced)
        .replay(&mut g, &rec.actions)
        .unwrap();
    g
}

fn picture(g: &Game) -> String {
    let o = Options {
        highlight_last: true,
        panel: true,
        ..Options::default()
    };
    board(g, &o, &Style::default())
}

fn with_class<'a>(doc: &'a roxmltree::Document, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

/// Asserts that every element of the picture `doc` placed by a `y` lies
/// above its bottom edge (the panel is tall enough for every line).
pub fn assert_every_line_inside(doc: &roxmltree::Document) {
    let height: f64 = doc
        .root_element()
        .attribute("height")
        .unwrap()
        .parse()
        .unwrap();
    let lowest = doc
        .descendants()
        .filter_map(|n| n.attribute("y")?.parse::<f64>().ok())
        .fold(0.0, f64::max);
    assert!(
        lowest < height,
        "a line at {lowest} in a picture {height} high"
    );
}

/// Asserts that the board picture `svg` (drawn with the built-in style) shows
/// each of `kinds` at least once, every one with the shape the style names for
/// it (`data-shape`), which is not the generic meeple, and no letter on it.
pub fn assert_drawn_with_own_shapes(svg: &str, kinds: &[&str]) {
    let style = Style::default();
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    for kind in kinds {
        let want = style.figure(kind).shape;
        assert_ne!(want, "meeple", "{kind} has no shape of its own");
        let drawn: Vec<_> = with_class(&doc, "figure")
            .into_iter()
            .filter(|n| n.attribute("data-kind") == Some(kind))
            .collect();
        assert!(!drawn.is_empty(), "no {kind} on the board: {svg}");
        for n in drawn {
            let shape = n
                .descendants()
                .find(|c| c.attribute("data-shape").is_some())
                .expect("a shape");
            assert_eq!(shape.attribute("data-shape"), Some(want.as_str()), "{svg}");
            assert!(
                !shape.descendants().any(|c| c.has_tag_name("text")),
                "a letter on the {kind}: {svg}"
            );
        }
    }
}

#[test]
fn a_finished_game_shows_every_tile_figure_score_and_marker() {
    let rec = golden("hills-and-sheep-2p-seed11.json");
    let g = finished(&rec);
    let svg = picture(&g);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let tiles = with_class(&doc, "tile");
    assert_eq!(tiles.len(), g.placed_count());
    let at: BTreeSet<(i16, i16)> = tiles
        .iter()
        .map(|n| {
            let c = |a| n.attribute(a).unwrap().parse::<i16>().unwrap();
            (c("data-x"), c("data-y"))
        })
        .collect();
    assert_eq!(at.len(), g.placed_count(), "one tile per cell");
    for t in g.tiles() {
        assert!(at.contains(&(t.pos.x, t.pos.y)));
    }
    let on_board = (0..g.figure_count() as u16)
        .filter(|&f| g.figure_location(carcassonne_core::FigureId(f)).is_some())
        .count();
    assert!(on_board > 0, "the final board of this game has farmers");
    assert_eq!(with_class(&doc, "figure").len(), on_board);
    let scores: Vec<i32> = with_class(&doc, "score")
        .iter()
        .map(|n| n.text().unwrap().trim().parse().unwrap())
        .collect();
    assert_eq!(scores, g.scores());
    let last = with_class(&doc, "last");
    assert_eq!(last.len(), 1);
    // Every marker on a placed tile has a symbol naming it.
    let rules = g.rules();
    let mut want = BTreeSet::new();
    for i in 0..g.placed_count() as u16 {
        let t = g.tile_type(carcassonne_core::TileIndex(i)).unwrap();
        let mask = t.markers | t.features.iter().fold(0, |m, f| m | f.markers);
        for (b, name) in rules.tiles.markers.names().iter().enumerate() {
            if mask & (1 << b) != 0 {
                want.insert(name.clone());
            }
        }
    }
    let drawn: BTreeSet<String> = with_class(&doc, "marker")
        .iter()
        .map(|n| n.attribute("data-marker").unwrap().to_string())
        .collect();
    assert!(want.len() >= 3, "hills, vineyards, pennants: {want:?}");
    assert_eq!(drawn, want);
}

#[test]
fn render_draws_any_turn_of_a_record() {
    let dir = crate::common::scratch("render-turns");
    let rec = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden/hills-and-sheep-abbot-4p-seed5.json");
    let out = dir.join("t10.svg");
    let o = render(&[
        rec.as_os_str(),
        "--turn".as_ref(),
        "10".as_ref(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let svg = std::fs::read_to_string(&out).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    // The start tile and one tile per turn.
    assert_eq!(with_class(&doc, "tile").len(), 11);
    assert!(svg.contains("After turn 10"));
    let o = render(&[rec.as_os_str(), "--turn".as_ref(), "9999".as_ref()]);
    assert!(!o.status.success());
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains("there is no turn 9999"), "{e}");
    assert!(!e.contains("panicked"), "{e}");
}

#[test]
fn render_writes_a_png_of_the_pictures_size() {
    let dir = crate::common::scratch("render-png");
    let rec = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden/hills-and-sheep-2p-seed11.json");
    let (svg, png) = (dir.join("b.svg"), dir.join("b.PNG"));
    for out in [&svg, &png] {
        let o = render(&[
            rec.as_os_str(),
            "--turn".as_ref(),
            "20".as_ref(),
            "-o".as_ref(),
            out.as_os_str(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let size = |a: &str| {
        doc.root_element()
            .attribute(a)
            .unwrap()
            .parse::<f64>()
            .unwrap()
            .ceil() as u32
    };
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let be = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
    assert_eq!((be(16), be(20)), (size("width"), size("height")));
    assert!(
        bytes.len() > 10_000,
        "a picture, not an empty canvas: {} bytes",
        bytes.len()
    );
}

#[test]
fn an_unknown_tile_set_marker_and_figure_are_drawn_generically() {
    // A tile set no renderer has seen: a new marker on a tile and on a feature.
    let set = r#"
name = "novel"
[[tiles]]
id = "NV/1"
counts = { C1 = 3, C2 = 3 }
start = true
sides = "CRFR"
markers = ["sparkle"]
features = [
  { kind = "city", slots = ["N"], markers = ["tower"] },
  { kind = "road", slots = ["E", "W"] },
  { kind = "field", slots = ["EL", "WR"], adj = [0] },
  { kind = "field", slots = ["ER", "S", "WL"], adj = [0] },
  { kind = "spot", markers = ["well"] },
]
"#;
    let spec: carcassonne_core::TileSetSpec = toml::from_str(set).unwrap();
    let tiles = carcassonne_core::TileCatalogue::build(&[spec], "C2").unwrap();
    let rules = std::sync::Arc::new(
        carcassonne_core::Rules::new("novel", tiles, Default::default(), vec![]).unwrap(),
    );
    let mut g = Game::new(rules, 2, 1).unwrap();
    let mut rng = carcassonne_core::Rng::new(3);
    while g.step_random(&mut rng).unwrap() {}
    let svg = picture(&g);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, "tile").len(), 3);
    let drawn: BTreeSet<&str> = with_class(&doc, "marker")
        .iter()
        .map(|n| n.attribute("data-marker").unwrap())
        .collect();
    assert_eq!(drawn, BTreeSet::from(["sparkle", "tower", "well"]));
    // Unknown markers get a badge with their initial.
    assert!(with_class(&doc, "marker")
        .iter()
        .any(|n| n
            .descendants()
            .any(|c| c.tag_name().name() == "text" && c.text().map(str::trim) == Some("S"))));
}

/// No marker looks like a figure choice (a circle with a letter): the volcano
/// is a volcano, the trade goods are lettered squares, and every marker of
/// the shipped tile sets is drawn with a shape of its own (in the built-in
/// style or the style of the plugin that gives it a meaning).
#[test]
fn no_marker_looks_like_a_choice_circle() {
    let plugins =
        "[plugins.trade-goods]\n[plugins.dragon]\n[plugins.princess]\n[plugins.magic-portal]\n[plugins.tower]\n[plugins.bazaar]\n[plugins.castles]\n[plugins.river]\n[plugins.pig-herd]\n";
    let style = Style::for_rules(&rules(&base_with(plugins)), None).unwrap();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/tilesets");
    let mut names = BTreeSet::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let spec: carcassonne_core::TileSetSpec =
            toml::from_str(&std::fs::read_to_string(e.unwrap().path()).unwrap()).unwrap();
        let cat = carcassonne_core::TileCatalogue::build(&[spec], "C2").unwrap();
        for i in 0..64u8 {
            if let Some(n) = cat.markers.name(i) {
                names.insert(n.to_string());
            }
        }
    }
    assert!(
        names.contains("volcano") && names.contains("wine"),
        "{names:?}"
    );
    for name in &names {
        let svg = carcassonne_render::marker_symbol(name, 20.0, &style);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let g = with_class(&doc, "marker")[0];
        let has = |tag: &str| g.descendants().any(|c| c.tag_name().name() == tag);
        assert!(
            !(has("circle") && has("text")),
            "marker `{name}` is a circle with a letter, like a choice"
        );
        assert!(
            style.markers.contains_key(name),
            "marker `{name}` has no symbol of its own in the style"
        );
    }
    let volcano = carcassonne_render::marker_symbol("volcano", 20.0, &style);
    assert!(volcano.contains("data-shape=\"volcano\""), "{volcano}");
}

/// A plugin whose `figure_note` hook always fails.
struct BrokenNote;

impl carcassonne_core::Hooks for BrokenNote {
    fn subscriptions(&self) -> u64 {
        carcassonne_core::hook::FIGURE_NOTE
    }

    fn figure_note(
        &self,
        _: &carcassonne_core::View<'_>,
        _: carcassonne_core::FigureId,
        _: &mut String,
    ) -> carcassonne_core::HookResult {
        Err(carcassonne_core::HookError {
            plugin: "broken-note".into(),
            hook: "figure_note",
            message: "no flock here".into(),
        })
    }
}

#[test]
fn a_failing_figure_note_shows_a_question_mark_with_the_error() {
    let set = carcassonne_host::tilesets::load("base", None).unwrap();
    let cat = carcassonne_core::TileCatalogue::build(&[set], "C2").unwrap();
    let decl = carcassonne_core::PluginDecl {
        id: "broken-note".into(),
        ..Default::default()
    };
    let hooks: std::sync::Arc<dyn carcassonne_core::Hooks> = std::sync::Arc::new(BrokenNote);
    let r =
        carcassonne_core::Rules::new("broken note", cat, Default::default(), vec![(decl, hooks)])
            .unwrap();
    let g = run(
        &r.into(),
        2,
        "draw BA/RFr; place 1 0 0; deploy follower road W",
    )
    .unwrap();
    assert!(g.figure_note(carcassonne_core::FigureId(0)).is_err());
    let svg = picture(&g);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    // The follower is drawn, with a `?` for its note, whose tooltip is the error.
    assert_eq!(with_class(&doc, "figure").len(), 1);
    assert!(with_class(&doc, "note").is_empty());
    let failed = with_class(&doc, "note-failed");
    assert_eq!(failed.len(), 1);
    let text: String = failed[0]
        .children()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(text.trim(), "?");
    let tip = failed[0]
        .children()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text())
        .unwrap_or_default();
    assert_eq!(
        tip,
        "no note: plugin `broken-note` failed in hook `figure_note`: no flock here"
    );
}

#[test]
fn a_png_over_the_pixel_limit_is_refused_before_it_is_drawn() {
    // 20,000 × 20,000 pixels: 1.6 GB to draw; refused with a message.
    let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000"></svg>"#;
    let e = carcassonne_render::to_png(svg).unwrap_err().to_string();
    assert!(e.contains("20000×20000 pixels is too large"), "{e}");
    let small = r#"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"></svg>"#;
    let png = carcassonne_render::to_png(small).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
}

#[test]
fn names_with_control_characters_give_well_formed_pictures() {
    // A ruleset named "A\u{1}" (a character XML does not allow).
    let dir = crate::common::scratch("render-control");
    let rec = dir.join("ctl.json");
    std::fs::write(
        &rec,
        r#"{"format":"carcassonne-record/2","ruleset_name":"x","ruleset":"name = \"A\\u0001\"","players":2,"seed":0,"actions":[]}"#,
    )
    .unwrap();
    let (svg, png) = (dir.join("ctl.svg"), dir.join("ctl.png"));
    for out in [&svg, &png] {
        let o = render(&[rec.as_os_str(), "-o".as_ref(), out.as_os_str()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let text = std::fs::read_to_string(&svg).unwrap();
    roxmltree::Document::parse(&text).unwrap();
    assert!(text.contains("A\u{FFFD}") && !text.contains('\u{1}'));
    assert_eq!(&std::fs::read(&png).unwrap()[..8], b"\x89PNG\r\n\x1a\n");
}

#[test]
fn a_long_ruleset_name_is_wrapped_inside_the_panel_and_counted_in_its_height() {
    // "Carcassonne: every expansion" ran past the panel's edge in one line,
    // and a ruleset's own name (the title when none is given) was counted
    // as one line whatever its length.
    let rules = rules(&config_text("big-box.toml"));
    let name = rules.name.clone();
    assert!(name.chars().count() > 60, "{name}");
    let g = Game::new(rules, 6, 1).unwrap();
    let svg = picture(&g);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let panel = with_class(&doc, "panel")[0];
    let texts: Vec<_> = panel
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .collect();
    // The title's lines come first, bold (as the players' scores after them).
    let title: Vec<&str> = texts
        .iter()
        .take_while(|n| n.attribute("font-weight") == Some("bold"))
        .filter_map(|n| Some(n.text()?.trim()))
        .collect();
    assert!(title.len() >= 3, "{title:?}");
    assert_eq!(title.join(" "), name);
    assert!(title.iter().all(|l| l.chars().count() <= 24), "{title:?}");
    assert_every_line_inside(&doc);
}

/// The readable turn log (`play`, `replay`, the browser): counts are said in
/// the number they take, and a plugin's line names the plugin, as the
/// scenarios' events do (the author audit: `Unfinished road (1 tiles)`, and
/// plugin lines that did not say which plugin spoke).
#[test]
fn the_turn_log_says_counts_in_their_number_and_which_plugin_speaks() {
    use carcassonne_core::{Event, FeatureKind, PlayerId, PlayerSet, ScoreReason};
    use carcassonne_render::log;
    let r = config("inns-and-cathedrals.toml");
    let g = Game::new(r.clone(), 2, 1).unwrap();
    let red = PlayerId::new(0).unwrap();
    // (A feature no game has: the line names it by its kind.)
    let scored = |kind, reason, tiles| Event::FeatureScored {
        feature: carcassonne_core::FeatureId(u16::MAX),
        kind,
        reason,
        winners: PlayerSet::only(red),
        points: [tiles as i32, 0, 0, 0, 0, 0],
        tiles,
        cities: 0,
    };
    let line = |e: &Event| log::describe(&g, e).unwrap();
    assert_eq!(
        line(&scored(FeatureKind::Road, ScoreReason::Final, 1)),
        "Unfinished road (1 tile): Red scores 1."
    );
    assert_eq!(
        line(&scored(FeatureKind::City, ScoreReason::Completed, 2)),
        "Completed city (2 tiles): Red scores 2."
    );
    let inns = r.plugin_index("inns").unwrap();
    let said = Event::Plugin {
        plugin: inns,
        text: "{P0} has an inn on {T0}.".into(),
    };
    let tile = r
        .tiles
        .get(carcassonne_core::TileTypeId(0))
        .unwrap()
        .id
        .clone();
    assert_eq!(line(&said), format!("inns: Red has an inn on {tile}."));
    // The canonical text of the same event, for comparison.
    assert_eq!(
        g.event_text(&said),
        format!("inns: player 0 has an inn on {tile}.")
    );
    assert_eq!(log::counted(1u32, "tile", "tiles"), "1 tile");
    assert_eq!(log::counted(0u32, "tile", "tiles"), "0 tiles");
    assert_eq!(log::counted(71u64, "tile", "tiles"), "71 tiles");
}

/// A piece laid with a tile (a bridge) is said in the placement's line, as its
/// plugin labels it, instead of a line about a road added before the tile is
/// placed (the ferries author's audit: the log did not say which piece).
#[test]
fn the_turn_log_says_the_piece_laid_with_a_tile_in_its_line() {
    use carcassonne_core::scenario::{run, run_on};
    use carcassonne_render::log;
    let r = config("bridges-castles-and-bazaars.toml");
    let mut g = run(&r, 2, "draw BA/L; place 0 1 0; pass; draw BA/RFr").unwrap();
    g.set_logging(true);
    run_on(&mut g, "place 1 1 0 bridges west WE").unwrap();
    let events = g.take_events();
    let lines = log::lines(&g, &events);
    let placed = lines
        .iter()
        .find(|l| l.contains(" places "))
        .unwrap_or_else(|| panic!("{lines:?}"));
    assert!(
        placed.starts_with("Blue places BA/RFr at (1, 1), turned 0°, with ")
            && placed.contains("bridge"),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l.contains("is added")), "{lines:?}");
    // The scenarios' canonical text is unchanged.
    assert!(events
        .iter()
        .any(|e| g.event_text(e) == "player 1 places BA/RFr at 1 1 rotation 0"));
}
