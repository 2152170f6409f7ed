//! Checks for a plugin's own tests.
//!
//! ```
//! # use carcassonne_plugin_sdk::prelude::*;
//! # struct Mine;
//! # #[plugin]
//! # impl Plugin for Mine {
//! #     type Config = NoOptions;
//! #     const ID: &'static str = "mine";
//! #     const VERSION: &'static str = "0.1.0";
//! #     fn new(_: NoOptions) -> Result<Self, ConfigError> { Ok(Mine) }
//! # }
//! carcassonne_plugin_sdk::testing::check_plugin::<Mine>().unwrap();
//! ```
//!
//! To play random games with invariant checks on a ruleset that enables your
//! plugin, use the conformance kit of `carcassonne-host`
//! (`carcassonne_host::conformance`).

use crate::config::{option_infos, parse_options};
use crate::{hook, hooks_of, Config, Plugin};

/// Checks what a plugin declares: a well-formed id and version, options whose
/// defaults serialise and parse back, a doc string for every option and no doc
/// for a key that does not exist, [`Config::ONLY_WITH`] naming options and other
/// plugins, [`Config::RANGES`] naming whole-number options whose defaults are
/// within their bounds, unknown keys rejected (`deny_unknown_fields`),
/// default options accepted by [`Plugin::new`], tile sets that load (see
/// [`tileset_problems`]), a style that parses, figure,
/// marker, link, barrier and area names that are unique (area names also well formed),
/// hosted markers among the declared ones, figure counts and state that fit, and
/// hooks that are consistent with what the plugin declares (a figure kind whose
/// strength is computed needs `figure_strength`). Returns every problem found.
pub fn check_plugin<P: Plugin>() -> Result<(), Vec<String>> {
    let mut errs = Vec::new();
    errs.extend(
        carcassonne_vocab::PluginDecl {
            id: P::ID.into(),
            state: carcassonne_vocab::StateWords {
                game: P::STATE.game,
                player: P::STATE.player,
                feature: P::STATE.feature,
                figure: P::STATE.figure,
                tile: P::STATE.tile,
            },
            areas: P::AREAS.iter().map(|a| a.to_string()).collect(),
            ..Default::default()
        }
        .check(),
    );
    if P::VERSION.trim().is_empty() {
        errs.push("VERSION is empty".into());
    }
    let hooks = hooks_of::<P>();
    if P::FIGURES.iter().any(|f| f.computed_strength) && hooks & hook::FIGURE_STRENGTH == 0 {
        errs.push(
            "a figure kind has a computed strength but `figure_strength` is not implemented".into(),
        );
    }
    for f in P::FIGURES {
        if (f.per_player == 0) == (f.neutral == 0) {
            errs.push(format!(
                "figure `{}`: give copies per player or neutral copies (not both)",
                f.name
            ));
        }
        if f.per_player > 30 || f.neutral > 30 {
            errs.push(format!("figure `{}`: at most 30 copies", f.name));
        }
    }
    for d in P::DEPENDS_ON
        .iter()
        .chain(P::CONFLICTS_WITH)
        .chain(P::RUNS_AFTER)
        .chain(P::RUNS_BEFORE)
    {
        if *d == P::ID {
            errs.push(format!("`{d}` names the plugin itself"));
        }
    }
    for (i, d) in P::DEPENDS_ON.iter().enumerate() {
        if P::DEPENDS_ON[..i].contains(d) {
            errs.push(format!("DEPENDS_ON lists `{d}` twice"));
        }
    }
    match option_infos::<P::Config>() {
        Err(e) => errs.push(e),
        Ok(opts) => {
            for o in &opts {
                if o.doc.trim().is_empty() {
                    errs.push(format!(
                        "option `{}` has no doc string in Config::DOCS",
                        o.name
                    ));
                }
                if o.name.contains('_') {
                    errs.push(format!(
                        "option `{}`: ruleset keys are kebab-case (add `rename_all = \"kebab-case\"`)",
                        o.name
                    ));
                }
            }
            for (key, id) in <P::Config as Config>::ONLY_WITH {
                if !opts.iter().any(|o| o.name == *key) {
                    errs.push(format!(
                        "Config::ONLY_WITH names `{key}`, which is no option"
                    ));
                }
                if *id == P::ID {
                    errs.push(format!(
                        "Config::ONLY_WITH: option `{key}` names the plugin itself"
                    ));
                }
            }
            for &(key, least, most) in <P::Config as Config>::RANGES {
                match opts.iter().find(|o| o.name == key) {
                    None => errs.push(format!("Config::RANGES names `{key}`, which is no option")),
                    Some(o) if o.default.parse::<i64>().is_err() => errs.push(format!(
                        "Config::RANGES: option `{key}` is no whole number (its default is {})",
                        o.default
                    )),
                    Some(_) if least > most => errs.push(format!(
                        "Config::RANGES: option `{key}` from {least} to {most} takes no value"
                    )),
                    _ => {}
                }
            }
            let table: String = opts
                .iter()
                .filter(|o| !o.default.is_empty())
                .map(|o| format!("{} = {}\n", o.name, o.default))
                .collect();
            if let Err(e) = parse_options::<P::Config>(&table) {
                errs.push(format!("the default options do not parse back: {e}"));
            }
        }
    }
    let unknown = "no-such-option-for-sure = 1\n";
    if parse_options::<P::Config>(unknown).is_ok() {
        errs.push(
            "unknown option keys are accepted: add #[serde(deny_unknown_fields)] to the options struct"
                .into(),
        );
    }
    match parse_options::<P::Config>("") {
        Err(e) => errs.push(format!(
            "an empty options table is rejected ({e}): add #[serde(default)] to the options struct"
        )),
        Ok(c) => {
            if let Err(e) = P::new(c) {
                errs.push(format!(
                    "the default options are rejected by Plugin::new: {e}"
                ));
            }
        }
    }
    errs.extend(tileset_problems(P::TILESETS));
    if let Err(e) = P::STYLE.parse::<toml::Table>() {
        errs.push(format!("STYLE is not TOML: {}", e.message().trim()));
    }
    let mut names: Vec<&str> = P::FIGURES.iter().map(|f| f.name).collect();
    names.sort_unstable();
    if names.windows(2).any(|w| w[0] == w[1]) {
        errs.push("two FIGURES have the same name".into());
    }
    let mut markers: Vec<&str> = P::MARKERS.to_vec();
    markers.sort_unstable();
    if markers.windows(2).any(|w| w[0] == w[1]) {
        errs.push("a marker appears twice in MARKERS".into());
    }
    let mut links: Vec<&str> = P::LINKS.to_vec();
    links.sort_unstable();
    if links.windows(2).any(|w| w[0] == w[1]) {
        errs.push("a link appears twice in LINKS".into());
    }
    let mut barriers: Vec<&str> = P::BARRIERS.to_vec();
    barriers.sort_unstable();
    if barriers.windows(2).any(|w| w[0] == w[1]) {
        errs.push("a barrier name appears twice in BARRIERS".into());
    }
    let mut areas: Vec<&str> = P::AREAS.to_vec();
    areas.sort_unstable();
    if areas.windows(2).any(|w| w[0] == w[1]) {
        errs.push("an area appears twice in AREAS".into());
    }
    for h in P::HOSTS {
        if !P::MARKERS.contains(h) {
            errs.push(format!("HOSTS names `{h}`, which is not among MARKERS"));
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

/// The problems of a plugin's tile sets (`Plugin::TILESETS`), each as
/// `tile set <index>: <message>` (indices from 0): text that is not a tile
/// set, then what the host's tile-set compiler refuses when a ruleset
/// enabling the plugin loads them — the same function,
/// [`TileCatalogue::build_located`](carcassonne_vocab::tiles::TileCatalogue::build_located),
/// so the same checks and messages (a ruleset prints them after `tile data:`):
/// every tile's slots, sides, markers, links and counts, tile ids unique
/// across the sets, and their start layout. The sets are checked together,
/// with no other tile set, in both editions (a problem of edition `C1` alone
/// names it): a `[start]` layout naming a tile of another tile set (the base
/// game's) is reported here, though a ruleset holding that set loads it.
pub fn tileset_problems(texts: &[&str]) -> Vec<String> {
    use carcassonne_vocab::tiles::TileCatalogue;
    let mut errs = Vec::new();
    // The sets that parse, with their indices in `texts`.
    let mut sets = Vec::new();
    for (i, t) in texts.iter().enumerate() {
        match toml::from_str::<carcassonne_vocab::TileSetSpec>(t) {
            Ok(set) => sets.push((i, set)),
            Err(e) => errs.push(format!("tile set {i}: {}", e.message().trim())),
        }
    }
    if sets.is_empty() {
        return errs;
    }
    let (index, specs): (Vec<usize>, Vec<_>) = sets.into_iter().unzip();
    let mut seen: Vec<String> = Vec::new();
    for edition in ["C2", "C1"] {
        let Err(problems) = TileCatalogue::build_located(&specs, edition) else {
            continue;
        };
        for p in problems {
            let message = match p.set.and_then(|s| index.get(s)) {
                Some(i) => format!("tile set {i}: {}", p.message),
                None => p.message,
            };
            if seen.contains(&message) {
                continue;
            }
            errs.push(if edition == "C2" {
                message.clone()
            } else {
                format!("{message} (edition {edition})")
            });
            seen.push(message);
        }
    }
    errs
}

/// The naming context of a decision of kind `tag` with argument `arg`, for a
/// test of [`Plugin::value_name`] or [`Plugin::value_label`]:
/// `assert_eq!(p.value_label(step(PICK, 0), 2), "Auction tile 2 of the lot")`.
pub fn step(tag: u16, arg: u32) -> carcassonne_vocab::NameCtx {
    carcassonne_vocab::NameCtx::Step(carcassonne_vocab::Step {
        tag,
        arg,
        ..carcassonne_vocab::Step::default()
    })
}

/// The documented defaults of a [`Config`] as a TOML table text (what
/// `carcassonne ruleset show` prints for a plugin left at its defaults).
pub fn default_options_toml<C: Config>() -> Result<String, String> {
    Ok(option_infos::<C>()?
        .iter()
        .filter(|o| !o.default.is_empty())
        .map(|o| format!("{} = {}\n", o.name, o.default))
        .collect())
}
