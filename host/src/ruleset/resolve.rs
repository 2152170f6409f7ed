//! Resolving a parsed ruleset: tile sets, plugins (dependencies, conflicts,
//! order, options) and the compiled [`Rules`].

use super::{Ctx, PluginSpec, Ruleset, RulesetErrors, RulesetSpec, TileCount};
use crate::locate::{toml_key, PluginSpans};
use crate::registry::Registry;
use crate::suggest::hint;
use crate::tilesets::{self, Source};
use carcassonne_core::{CoreOptions, Hooks, PluginDecl, Rules, TileCatalogue, TileSetSpec};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

/// Orders plugins so every plugin comes after those listed for it (its
/// dependencies, and the enabled plugins it runs after or that run before it);
/// ties broken by id. Returns the order or the plugins of a cycle. A dependency listed twice counts once; one that
/// is not in `deps` is ignored (the resolver reports it).
pub fn order_plugins(deps: &BTreeMap<String, Vec<String>>) -> Result<Vec<String>, Vec<String>> {
    // Each plugin's distinct dependencies among the plugins being ordered.
    let needs: BTreeMap<&str, BTreeSet<&str>> = deps
        .iter()
        .map(|(k, ds)| {
            let set = ds
                .iter()
                .map(String::as_str)
                .filter(|d| deps.contains_key(*d))
                .collect();
            (k.as_str(), set)
        })
        .collect();
    let mut indeg: BTreeMap<&str, usize> = needs.iter().map(|(k, ds)| (*k, ds.len())).collect();
    let mut ready: BTreeSet<&str> = indeg
        .iter()
        .filter(|(_, &n)| n == 0)
        .map(|(k, _)| *k)
        .collect();
    let mut out = Vec::new();
    while let Some(n) = ready.pop_first() {
        out.push(n.to_string());
        for (k, ds) in &needs {
            if ds.contains(n) {
                if let Some(e) = indeg.get_mut(k) {
                    *e -= 1;
                    if *e == 0 {
                        ready.insert(k);
                    }
                }
            }
        }
    }
    if out.len() == deps.len() {
        return Ok(out);
    }
    // Report one cycle: walk dependencies among the remaining plugins. Every plugin
    // left waits for another one left, so the walk comes back on itself.
    let left: BTreeSet<&str> = indeg
        .iter()
        .filter(|(_, &n)| n > 0)
        .map(|(k, _)| *k)
        .collect();
    let mut path: Vec<&str> = left.iter().next().copied().into_iter().collect();
    while let Some(&cur) = path.last() {
        let Some(&next) = needs[cur].iter().find(|d| left.contains(*d)) else {
            break;
        };
        if let Some(i) = path.iter().position(|p| *p == next) {
            let mut cyc: Vec<String> = path[i..].iter().map(|s| s.to_string()).collect();
            cyc.push(next.to_string());
            return Err(cyc);
        }
        path.push(next);
    }
    Err(left.iter().map(|s| s.to_string()).collect())
}

/// Resolves a parsed ruleset against the available plugins and compiles it.
pub fn resolve(
    spec: RulesetSpec,
    text: &str,
    file: &str,
    base_dir: Option<&Path>,
    registry: &Registry,
) -> Result<Ruleset, RulesetErrors> {
    let files = tilesets::TileSetFiles::Anywhere(base_dir.map(Path::to_path_buf));
    let src = Source {
        files: &files,
        embedded: None,
    };
    resolve_into(Ctx::new(file, text), spec, text, file, &src, registry, None)
}

/// Resolves into `cx`, which may already hold the problems of parsing: every
/// problem is listed at once. `extra`: tile counts another file sets, with the
/// context their problems are located in.
pub(super) fn resolve_into(
    mut cx: Ctx<'_>,
    spec: RulesetSpec,
    text: &str,
    file: &str,
    src: &Source<'_>,
    registry: &Registry,
    extra: Option<(Ctx<'_>, Vec<TileCount>, &str)>,
) -> Result<Ruleset, RulesetErrors> {
    let spans = PluginSpans::new(text);
    // Tile sets, each loaded once (in time linear in the list: the entries are
    // located by one parse of the text).
    let mut sets: Vec<TileSetSpec> = Vec::new();
    // Where each set comes from, to locate its problems: the ruleset's
    // `tilesets` entry, or the plugin's table.
    let mut set_spans: Vec<Range<usize>> = Vec::new();
    let mut tileset_files = BTreeMap::new();
    let item_spans = crate::locate::array_item_spans(text, "tilesets");
    let mut seen = BTreeSet::new();
    for (i, name) in spec.tilesets.iter().enumerate() {
        let span = || item_spans.get(i).cloned().unwrap_or(0..0);
        if !seen.insert(name.as_str()) {
            cx.at(
                span(),
                format!("tile set `{name}` is listed twice in `tilesets`"),
            );
            continue;
        }
        match tilesets::load_from(name, src) {
            Ok((s, file_text)) => {
                sets.push(s);
                set_spans.push(span());
                if let Some(t) = file_text {
                    tileset_files.insert(name.clone(), t);
                }
            }
            Err(e) => {
                // A plugin's own tile set comes with the plugin, not by name.
                let owner = registry
                    .plugins
                    .iter()
                    .find(|p| p.info().tilesets.iter().any(|(t, _)| t == name));
                match owner {
                    Some(p) => {
                        let id = &p.info().id;
                        let on = spec.plugins.iter().any(|q| q.enabled && &q.id == id);
                        let what = if on {
                            format!("`[plugins.{id}]` is enabled, which brings it: remove it from `tilesets`")
                        } else {
                            format!("enable `[plugins.{id}]` instead of listing it")
                        };
                        cx.at(
                            span(),
                            format!("tile set `{name}` comes with plugin `{id}`: {what}"),
                        )
                    }
                    None => {
                        // Near the name of a plugin's tile set: that plugin.
                        let sets = registry
                            .plugins
                            .iter()
                            .flat_map(|p| p.info().tilesets.iter().map(|(t, _)| t.as_str()));
                        let near = crate::suggest::nearest(name, sets).and_then(|t| {
                            let p = registry
                                .plugins
                                .iter()
                                .find(|p| p.info().tilesets.iter().any(|(n, _)| n == t))?;
                            Some((t, p.info().id.as_str()))
                        });
                        match near {
                            Some((t, id)) => cx.at(
                                span(),
                                format!(
                                    "{e}; tile set `{t}` comes with plugin `{id}`: to play \
                                     it, enable `[plugins.{id}]`"
                                ),
                            ),
                            None => cx.at(span(), e),
                        }
                    }
                }
            }
        }
    }
    // Plugins.
    let enabled: Vec<&PluginSpec> = spec.plugins.iter().filter(|p| p.enabled).collect();
    let mut deps: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut conflicts: BTreeSet<(String, String)> = BTreeSet::new();
    for p in &enabled {
        let Some(pl) = registry.get(&p.id) else {
            cx.at(spans.of(&p.id, None), unknown_plugin(&p.id, registry));
            continue;
        };
        let info = pl.info();
        let names: Vec<&str> = info.options.iter().map(|o| o.name.as_str()).collect();
        // What a plugin's table may hold: `enabled` (read above), then its options.
        let keys: Vec<&str> = std::iter::once("enabled")
            .chain(names.iter().copied())
            .collect();
        for key in p.options.keys() {
            if !names.contains(&key.as_str()) {
                cx.at(
                    spans.of(&p.id, Some(key)),
                    format!(
                        "plugin `{}` has no option `{key}`{} (options: {})",
                        p.id,
                        hint(key, keys.iter().copied()),
                        keys.join(", ")
                    ),
                );
            }
        }
        for d in info.depends_on.iter().collect::<BTreeSet<_>>() {
            if !enabled.iter().any(|q| &q.id == d) {
                cx.at(
                    spans.of(&p.id, None),
                    format!("plugin `{}` needs plugin `{d}`: add `[plugins.{d}]`", p.id),
                );
            }
        }
        for c in &info.conflicts_with {
            // Each pair once, whichever of the two declares the conflict.
            let pair = if p.id < *c {
                (p.id.clone(), c.clone())
            } else {
                (c.clone(), p.id.clone())
            };
            if enabled.iter().any(|q| &q.id == c) && conflicts.insert(pair) {
                cx.at(
                    spans.of(&p.id, None),
                    format!(
                        "plugin `{}` conflicts with plugin `{c}`: enable only one",
                        p.id
                    ),
                );
            }
        }
        deps.insert(p.id.clone(), info.depends_on.clone());
    }
    add_soft_order(&enabled, registry, &mut deps);
    let order = match order_plugins(&deps) {
        Ok(o) => o,
        Err(cycle) => {
            cx.nowhere(format!("plugin dependency cycle: {}", cycle.join(" -> ")));
            deps.keys().cloned().collect()
        }
    };
    // Every known plugin is configured, so its option problems are listed with
    // all the others (unknown keys are left out: they are reported above).
    // Plugins are declared (indexed: figure kinds, tile sets, state, score
    // categories) by id; only their hooks run in `order`.
    let mut instances = Vec::new();
    let mut resolved = Vec::new();
    let mut plugin_tilesets = Vec::new();
    for id in deps.keys() {
        let (Some(p), Some(pl)) = (enabled.iter().find(|p| &p.id == id), registry.get(id)) else {
            continue;
        };
        for t in pl.tilesets() {
            plugin_tilesets.push((id.clone(), t.name.clone()));
            sets.push(t);
            set_spans.push(spans.of(id, None));
        }
        let known: toml::Table = p
            .options
            .iter()
            .filter(|(k, _)| pl.info().options.iter().any(|o| &o.name == *k))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let opts = toml::to_string(&known).unwrap_or_default();
        match pl.instantiate(&opts) {
            Ok((decl, hooks)) => {
                resolved.push((id.clone(), filled_options(pl.info(), &p.options)));
                instances.push((decl, hooks));
            }
            Err(problems) => {
                for (key, msg) in problems {
                    let span = spans.of(id, key.as_deref());
                    let what = key.map_or_else(String::new, |k| format!(" option `{k}`"));
                    let msg = crate::suggest::with_variant_hint(&msg);
                    cx.at(span, format!("plugin `{id}`{what}: {msg}"));
                }
            }
        }
    }
    core_refusals(&mut cx, text, &spec.core, &instances, &spans);
    // While a plugin is unknown, its tile sets are too: a count for one of
    // its tiles is no error of its own (the unknown plugin is the one said).
    let plugin_unknown = enabled.iter().any(|p| registry.get(&p.id).is_none());
    override_counts(
        &mut cx,
        &mut sets,
        &spec.edition,
        &spec.tile_counts,
        "tiles.counts",
        plugin_unknown,
    );
    if let Some((mut ecx, counts, key)) = extra {
        override_counts(
            &mut ecx,
            &mut sets,
            &spec.edition,
            &counts,
            key,
            plugin_unknown,
        );
        cx.absorb(ecx);
    }
    if !cx.is_clean() {
        return Err(cx.errors());
    }
    let mut catalogue = match TileCatalogue::build_located(&sets, &spec.edition) {
        Ok(c) => c,
        Err(errs) => {
            for e in errs {
                let message = format!("tile data: {}", e.message);
                match e.set.and_then(|i| set_spans.get(i)) {
                    Some(span) if *span != (0..0) => cx.at(span.clone(), message),
                    _ => cx.nowhere(message),
                }
            }
            return Err(cx.errors());
        }
    };
    for tc in &spec.tile_counts {
        catalogue.fix_count(&tc.id);
    }
    let mut rules = match Rules::new(spec.name.clone(), catalogue, spec.core, instances) {
        Ok(r) => r,
        Err(errs) => {
            errs.into_iter().for_each(|m| cx.nowhere(m));
            return Err(cx.errors());
        }
    };
    if let Err(e) = run_in(&mut rules, &order) {
        cx.nowhere(e);
        return Err(cx.errors());
    }
    Ok(Ruleset {
        origin: file.into(),
        text: text.into(),
        spec,
        plugins: resolved,
        plugin_tilesets,
        tileset_files,
        order_constraints: deps,
        rules: Arc::new(rules),
    })
}

/// The plugins' refusals of the core options (`Hooks::check_core`, which
/// `Rules::new` asks again), listed with the other problems and each
/// located at the `[core]` key to blame: the first one written whose
/// default the plugin accepts (`farmers = "per-city"` for a plugin that
/// refuses per-city farmers); at the plugin's table when no single key
/// lifts the refusal.
fn core_refusals(
    cx: &mut Ctx<'_>,
    text: &str,
    core: &CoreOptions,
    instances: &[(PluginDecl, Arc<dyn Hooks>)],
    spans: &PluginSpans,
) {
    if instances.iter().all(|(_, h)| h.check_core(core).is_ok()) {
        return;
    }
    let written = crate::locate::table_value_spans(text, "core");
    // Each key of `[core]` back at its default.
    let defaults = super::parse::CORE_KEYS.map(|(key, reset)| {
        let mut alt = *core;
        reset(&mut alt);
        (key, alt)
    });
    for (decl, hooks) in instances {
        let Err(e) = hooks.check_core(core) else {
            continue;
        };
        let blamed = defaults
            .iter()
            .filter(|(_, alt)| alt != core)
            .find_map(|(key, alt)| {
                let span = written.get(*key)?;
                hooks.check_core(alt).is_ok().then(|| span.clone())
            });
        let span = blamed.unwrap_or_else(|| spans.of(&decl.id, None));
        cx.at(span, format!("plugin `{}`: {e}", decl.id));
    }
}

/// Makes the hooks of `rules`' plugins run in `order` (plugin ids).
pub(crate) fn run_in(rules: &mut Rules, order: &[String]) -> Result<(), String> {
    let idx: Option<Vec<u8>> = order.iter().map(|id| rules.plugin_index(id)).collect();
    let idx =
        idx.ok_or_else(|| format!("run order {order:?} names a plugin that is not enabled"))?;
    rules.set_run_order(&idx)
}

/// Soft ordering: "run after X" / "run before X" when X is enabled, added to
/// `deps` as edges (a soft edge to a plugin that is not enabled is ignored).
fn add_soft_order(
    enabled: &[&PluginSpec],
    registry: &Registry,
    deps: &mut BTreeMap<String, Vec<String>>,
) {
    for p in enabled {
        let Some(info) = registry.get(&p.id).map(|pl| pl.info()) else {
            continue;
        };
        for a in &info.runs_after {
            if a != &p.id && deps.contains_key(a) {
                if let Some(d) = deps.get_mut(&p.id) {
                    d.push(a.clone());
                }
            }
        }
        for b in &info.runs_before {
            if b != &p.id {
                if let Some(d) = deps.get_mut(b) {
                    d.push(p.id.clone());
                }
            }
        }
    }
}

/// How many unknown ids of one table of tile counts get a suggestion: each
/// is compared with every tile id of the tile sets, so a flood of unknown
/// ids in a large tile set would take minutes; the errors are all reported.
const SUGGESTED_UNKNOWN_IDS: usize = 20;

/// The problem of enabled plugin `id` that `registry` does not hold: the
/// nearest known id, if one is a likely typo, and the known ones. An
/// official plugin's id gets how to have the official plugins: in a
/// registry of the compiled-in plugins, to link them (it is unknown only
/// where they are not linked: a plugin's own tests, whose registry holds the
/// plugins the test links); in one of libraries alone, to give their library.
fn unknown_plugin(id: &str, registry: &Registry) -> String {
    let available = if registry.plugins.is_empty() {
        "none".to_string()
    } else {
        registry.ids().collect::<Vec<_>>().join(", ")
    };
    let is_official = crate::shipped::official_plugin_ids()
        .iter()
        .any(|o| o == id);
    let official = match (is_official, registry.with_builtin) {
        (false, _) => String::new(),
        (true, true) => format!(
            "; `{id}` is an official plugin, not linked into this program: to test with the \
             official plugins, add the dev-dependency `carcassonne-official` and \
             `use carcassonne_official as _;` to the test"
        ),
        (true, false) => format!(
            "; `{id}` is an official plugin, in none of the libraries given: add the official \
             plugins' library (built from the crate `carcassonne-official-lib`) to them"
        ),
    };
    format!(
        "unknown plugin `{id}`{}; available: {available}{official}",
        hint(id, registry.ids())
    )
}

/// Applies tile counts (`[tiles.counts]`) to the tile sets (the ruleset's and
/// its plugins'): an unknown id is a located error with a suggestion (the
/// first [`SUGGESTED_UNKNOWN_IDS`] of them), unless `plugin_unknown` (an
/// enabled plugin is unknown: the id may be one of its tiles, and the
/// unknown plugin is the error to fix first).
fn override_counts(
    cx: &mut Ctx<'_>,
    sets: &mut [TileSetSpec],
    edition: &str,
    counts: &[TileCount],
    what: &str,
    plugin_unknown: bool,
) {
    // Each id's first tile (set, index), found once.
    let mut at = std::collections::HashMap::new();
    for (i, s) in sets.iter().enumerate() {
        for (j, t) in s.tiles.iter().enumerate() {
            at.entry(t.id.clone()).or_insert((i, j));
        }
    }
    let mut unknown = 0;
    for tc in counts {
        let tile = at
            .get(&tc.id)
            .and_then(|&(i, j)| sets.get_mut(i)?.tiles.get_mut(j));
        match tile {
            // A tile held in hand (the abbey) is never in the bag: a count
            // for it would be refused at its tile set, or ignored if 0.
            Some(t) if t.per_player > 0 => cx.at(
                tc.span.clone(),
                format!(
                    "`{what}`: tile `{}` is held in hand (`per_player` = {}), not drawn from \
                     the bag: it takes no count",
                    tc.id, t.per_player
                ),
            ),
            Some(t) => {
                t.counts.insert(edition.to_string(), tc.count);
            }
            None if plugin_unknown => {}
            None => {
                let ids = sets
                    .iter()
                    .flat_map(|s| s.tiles.iter().map(|t| t.id.as_str()));
                unknown += 1;
                let hint = if unknown <= SUGGESTED_UNKNOWN_IDS {
                    hint(&tc.id, ids)
                } else {
                    String::new()
                };
                cx.at(
                    tc.span.clone(),
                    format!(
                        "`{what}`: no tile `{}` in the tile sets ({}){hint}",
                        tc.id,
                        sets.iter()
                            .map(|s| s.name.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                );
            }
        }
    }
}

fn filled_options(info: &crate::registry::PluginInfo, given: &toml::Table) -> String {
    let mut out = String::new();
    for o in &info.options {
        let v = given
            .get(&o.name)
            .map_or_else(|| o.default.clone(), |v| v.to_string());
        out.push_str(&format!("{} = {v}\n", toml_key(&o.name)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plugin_order_follows_dependencies_then_ids() {
        let mut d = BTreeMap::new();
        d.insert("b".to_string(), vec!["c".to_string()]);
        d.insert("a".to_string(), vec![]);
        d.insert("c".to_string(), vec![]);
        assert_eq!(order_plugins(&d).unwrap(), ["a", "c", "b"]);
        d.insert("c".to_string(), vec!["b".to_string()]);
        let cyc = order_plugins(&d).unwrap_err();
        assert_eq!(cyc.first(), cyc.last());
        assert!(cyc.contains(&"b".to_string()) && cyc.contains(&"c".to_string()));
    }

    #[test]
    fn a_dependency_listed_twice_counts_once() {
        // Used to trip `expect("cycle member")`: the in-degree counted `c` twice.
        let mut d = BTreeMap::new();
        d.insert("b".to_string(), vec!["c".to_string(), "c".to_string()]);
        d.insert("c".to_string(), vec![]);
        assert_eq!(order_plugins(&d).unwrap(), ["c", "b"]);
        d.insert("a".to_string(), vec!["a".to_string(), "a".to_string()]);
        assert_eq!(order_plugins(&d).unwrap_err(), ["a", "a"]);
    }
}
