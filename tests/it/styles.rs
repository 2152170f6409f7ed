//! Styles in layers: a plugin ships its style (compiled in or from a library),
//! merged over the built-in one in the order of the plugins' ids, and
//! `--style FILE` merges over both, naming only what it changes.

use crate::cli::{record_random_game, root, run, stderr};
use crate::common::*;
use carcassonne_core::{Hooks, PluginDecl, Rules, TileCatalogue};
use carcassonne_render::Style;
use std::sync::Arc;

/// A plugin that does nothing.
struct Inert;

impl Hooks for Inert {
    fn subscriptions(&self) -> u64 {
        0
    }
}

/// Rules of the base tiles with plugins `(id, style)` in this order.
fn styled(plugins: &[(&str, &str)]) -> Rules {
    let set = carcassonne_host::tilesets::load("base", None).unwrap();
    let cat = TileCatalogue::build(&[set], "C2").unwrap();
    let plugins = plugins
        .iter()
        .map(|(id, style)| {
            let decl = PluginDecl {
                id: id.to_string(),
                style: style.to_string(),
                ..PluginDecl::default()
            };
            (decl, Arc::new(Inert) as Arc<dyn Hooks>)
        })
        .collect();
    Rules::new("styled", cat, Default::default(), plugins).unwrap()
}

const TOWER_A: &str =
    "[markers.tower]\nshape = \"star\"\ncolor = \"#111111\"\n[figures.follower]\nletter = \"F\"\n";
const TOWER_B: &str = "[markers.tower]\ncolor = \"#222222\"\n";

#[test]
fn plugin_styles_merge_over_the_built_in_one_whatever_the_plugin_order() {
    for order in [
        [("a-tower", TOWER_A), ("b-tower", TOWER_B)],
        [("b-tower", TOWER_B), ("a-tower", TOWER_A)],
    ] {
        let s = Style::for_rules(&styled(&order), None).unwrap();
        // `b-tower` sorts last: its colour wins; the shape comes from `a-tower`.
        let tower = s.marker("tower");
        assert_eq!(
            (tower.shape.as_str(), tower.color.as_deref(), tower.letter),
            ("star", Some("#222222"), None)
        );
        let follower = s.figure("follower");
        assert_eq!(
            (follower.shape.as_str(), follower.letter.as_deref()),
            ("meeple", Some("F"))
        );
        assert_eq!(s.marker("pennant").shape, "shield");
        // The user's file goes last.
        let s = Style::for_rules(
            &styled(&order),
            Some(("mine.toml", "[markers.tower]\nletter = \"T\"\n")),
        )
        .unwrap();
        let tower = s.marker("tower");
        assert_eq!(
            (tower.color.as_deref(), tower.letter.as_deref()),
            (Some("#222222"), Some("T"))
        );
    }
}

#[test]
fn a_broken_plugin_style_is_an_error_naming_the_plugin() {
    let r = styled(&[
        ("a-tower", TOWER_A),
        ("bad", "[markers.tower]\nshape = 3\n"),
    ]);
    assert_eq!(
        Style::for_rules(&r, None).unwrap_err().to_string(),
        "invalid style: the style of plugin `bad`: `markers.tower.shape`: invalid type: integer `3`, expected a string"
    );
    let r = styled(&[("bad", "[markers\n")]);
    assert!(
        Style::for_rules(&r, None)
            .unwrap_err()
            .to_string()
            .starts_with("invalid style: the style of plugin `bad`:1:9: "),
        "{}",
        Style::for_rules(&r, None).unwrap_err()
    );
}

#[test]
fn a_colour_that_is_no_colour_is_refused_naming_its_key() {
    // The composer audit: `field = "#zzz"` went into the SVG as it was.
    let r = styled(&[("a-tower", TOWER_A)]);
    let e = Style::for_rules(
        &r,
        Some((
            "mine.toml",
            "[land]\nfield = \"#zzz\"\n[markers.tower]\ncolor = \"red\\\" onload=\\\"x\"\n",
        )),
    )
    .unwrap_err()
    .to_string();
    assert_eq!(
        e,
        "invalid style: mine.toml: `land.field`: `#zzz` is not a colour (use #rgb, \
         #rrggbb, #rrggbbaa, a colour name such as `teal`, or rgb(…) or hsl(…)); \
         `markers.tower.color`: `red\\\" onload=\\\"x` is not a colour (use #rgb, #rrggbb, \
         #rrggbbaa, a colour name such as `teal`, or rgb(…) or hsl(…))"
    );
    let r = styled(&[("bad", "[markers.tower]\nshape = \"dot\"\ncolor = \"#12\"\n")]);
    assert!(
        Style::for_rules(&r, None)
            .unwrap_err()
            .to_string()
            .contains("`markers.tower.color`: `#12` is not a colour"),
        "{}",
        Style::for_rules(&r, None).unwrap_err()
    );
}

#[test]
fn official_plugins_ship_their_markers_symbols_compiled_in_and_loaded() {
    for config in ["traders-and-builders.toml", "princess-and-dragon.toml"] {
        let text = config_text(config);
        let compiled = Style::for_rules(&rules(&text), None).unwrap();
        let loaded = Style::for_rules(&library_rules(&text), None).unwrap();
        for (marker, shape, color) in [
            ("wine", "badge", "#8c2a4a"),
            ("grain", "badge", "#b8902a"),
            ("volcano", "volcano", "#6b4a3a"),
            ("princess", "crown", "#e0b31c"),
        ] {
            for s in [&compiled, &loaded] {
                let m = s.marker(marker);
                let own = (m.shape.as_str(), m.color.as_deref()) == (shape, Some(color));
                // Each ruleset has the plugins of one of the two pairs only.
                let enabled = text.contains(if marker == "wine" || marker == "grain" {
                    "trade-goods"
                } else if marker == "volcano" {
                    "dragon"
                } else {
                    "princess"
                });
                assert_eq!(own, enabled, "{config}: {marker}: {m:?}");
            }
        }
    }
}

/// The `fill` colours of the marker symbols named `marker` in `svg`.
fn marker_fills(svg: &str, marker: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.attribute("data-marker") == Some(marker))
        .flat_map(|n| n.descendants().filter_map(|c| c.attribute("fill")))
        .map(str::to_string)
        .collect()
}

#[test]
fn render_merges_a_style_file_over_the_plugins_styles() {
    let d = scratch("styles-render");
    let rec = d.join("g.json");
    record_random_game(&root().join("configs/traders-and-builders.toml"), 5, &rec);
    let svg = |extra: &[&str]| {
        let mut args = vec!["render", rec.to_str().unwrap()];
        args.extend_from_slice(extra);
        let o = run(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        String::from_utf8(o.stdout).unwrap()
    };
    let plain = svg(&[]);
    let wine = marker_fills(&plain, "wine");
    assert!(
        wine.iter().any(|f| f == "#8c2a4a") && wine.iter().all(|f| f == "#8c2a4a" || f == "#fff"),
        "{wine:?}"
    );
    // A file naming one colour changes that colour only.
    let mine = d.join("mine.toml");
    std::fs::write(&mine, "[markers.wine]\ncolor = \"#012345\"\n").unwrap();
    let styled = svg(&["--style", mine.to_str().unwrap()]);
    let wine = marker_fills(&styled, "wine");
    assert!(
        wine.iter().any(|f| f == "#012345") && wine.iter().all(|f| f == "#012345" || f == "#fff"),
        "{wine:?}"
    );
    assert_eq!(
        marker_fills(&styled, "grain"),
        marker_fills(&plain, "grain")
    );
    assert_eq!(
        styled.replace("#012345", "#8c2a4a"),
        plain,
        "nothing else changes"
    );
    // A bad file: a located error, no picture.
    std::fs::write(&mine, "[land]\ncity = \"#000\"\nroad = [\n").unwrap();
    let o = run(&[
        "render",
        rec.to_str().unwrap(),
        "--style",
        mine.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains(&format!("invalid style: {}:3:", mine.display())),
        "{}",
        stderr(&o)
    );
    assert!(o.stdout.is_empty());
}

#[test]
fn an_integer_over_64_bits_in_a_style_is_named_as_such() {
    let r = styled(&[]);
    for v in ["9223372036854775808", "99999999999999999999999"] {
        let e = Style::for_rules(&r, Some(("mine.toml", &format!("[board]\ntile = {v}\n"))))
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            format!("invalid style: mine.toml:2:8: {v}: too large (TOML integers are 64-bit)")
        );
    }
}
