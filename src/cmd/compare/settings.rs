//! What differs between the two rulesets of a comparison: both resolved as
//! `ruleset show` prints them (every default filled in: name, tile sets,
//! tile counts, core options, the plugins enabled and each one's options),
//! read back key by key and compared; and the text of each tile-set file
//! they name, which `ruleset show` names but does not print.

use crate::cmd::ruleset::IdleOption;
use carcassonne_host::locate::toml_key;
use carcassonne_host::Ruleset;
use toml::Value;

/// A setting whose resolved value differs between ruleset A and ruleset B.
#[derive(Clone, Debug, PartialEq)]
pub struct SettingDiff {
    /// Its dotted TOML key (`core.tiny-city`, `plugins.hills.hill-underlay`,
    /// `tiles.counts."BA/RCr"`, `plugins.wagon.enabled`).
    pub key: String,
    /// Its value in A (`None`: not set: a plugin A does not enable has no options).
    pub a: Option<Value>,
    /// Its value in B.
    pub b: Option<Value>,
}

/// Settings that name or describe a ruleset without changing its rules
/// (`players` is the default the games' number of players overrides).
const LABELS: [&str; 3] = ["name", "description", "players"];

/// The settings of `a` and `b` that differ, in the order `ruleset show`
/// prints them (A's order, a key only B has after the key B has before it).
/// A plugin enabled on one side only is `plugins.<id>.enabled`: `false` on
/// the other (a plugin not listed is off), its options not set there.
pub fn settings_diff(a: &Ruleset, b: &Ruleset) -> Vec<SettingDiff> {
    let (sa, sb) = (settings(a), settings(b));
    let mut keys: Vec<&String> = sa.iter().map(|(k, _)| k).collect();
    let mut after: Option<usize> = None;
    for (k, _) in &sb {
        match keys.iter().position(|j| *j == k) {
            Some(i) => after = Some(i),
            None => {
                let at = after.map_or(0, |i| i + 1);
                keys.insert(at, k);
                after = Some(at);
            }
        }
    }
    let value = |s: &[(String, Value)], k: &str| {
        s.iter()
            .find(|(j, _)| j == k)
            .map(|(_, v)| v.clone())
            .or_else(|| {
                (k.starts_with("plugins.") && k.ends_with(".enabled"))
                    .then_some(Value::Boolean(false))
            })
    };
    keys.into_iter()
        .filter_map(|k| {
            let (va, vb) = (value(&sa, k), value(&sb, k));
            (va != vb).then(|| SettingDiff {
                key: k.clone(),
                a: va,
                b: vb,
            })
        })
        .collect()
}

/// Whether `diff` leaves the rules the same: nothing differs but the name,
/// the description and the default number of players.
pub fn same_rules(diff: &[SettingDiff]) -> bool {
    diff.iter().all(|d| LABELS.contains(&d.key.as_str()))
}

/// Whether `diff` leaves the rules the same once the settings without effect
/// are left out: `idle[0]` (`idle[1]`) the options of A (of B) set to a value
/// that has no effect there ([`crate::cmd::ruleset::idle_options`]). An
/// option differs to no effect if on each side it is either such a value or
/// the option's default.
pub fn same_in_effect(diff: &[SettingDiff], idle: [&[IdleOption]; 2]) -> bool {
    diff.iter().all(|d| {
        if LABELS.contains(&d.key.as_str()) {
            return true;
        }
        let idle_on = |side: usize| idle[side].iter().any(|o| o.key == d.key);
        // Idle on neither side: a rule that differs.
        let Some(o) = idle.iter().flat_map(|i| i.iter()).find(|o| o.key == d.key) else {
            return false;
        };
        let at_default = |v: &Option<Value>| v.as_ref().is_some_and(|v| v.to_string() == o.default);
        (idle_on(0) || at_default(&d.a)) && (idle_on(1) || at_default(&d.b))
    })
}

/// The lines that say what B changes (`core.tiny-city: 4 → 2`).
pub fn lines(diff: &[SettingDiff]) -> Vec<String> {
    let show = |v: &Option<Value>| {
        v.as_ref()
            .map_or_else(|| "(not set)".into(), Value::to_string)
    };
    diff.iter()
        .map(|d| format!("{}: {} → {}", d.key, show(&d.a), show(&d.b)))
        .collect()
}

/// `diff` as JSON: `[{"key": "core.tiny-city", "a": 4, "b": 2}, ...]` (`null`: not set).
pub fn to_json(diff: &[SettingDiff]) -> serde_json::Value {
    let value = |v: &Option<Value>| {
        v.as_ref()
            .and_then(|v| serde_json::to_value(v).ok())
            .unwrap_or(serde_json::Value::Null)
    };
    diff.iter()
        .map(|d| serde_json::json!({ "key": d.key, "a": value(&d.a), "b": value(&d.b) }))
        .collect()
}

/// The settings of `rs` as `ruleset show` prints them, flattened to dotted
/// keys, each plugin's table with `enabled` first (`true` unless switched
/// off); then each tile-set file's text, by a hash.
fn settings(rs: &Ruleset) -> Vec<(String, Value)> {
    let shown = rs.show();
    let mut out = Vec::new();
    match shown.parse::<toml::Table>() {
        Ok(mut t) => {
            if let Some(Value::Table(plugins)) = t.get_mut("plugins") {
                for (_, p) in plugins.iter_mut() {
                    if let Value::Table(opts) = p {
                        let mut with = toml::Table::new();
                        let on = opts.remove("enabled").unwrap_or(Value::Boolean(true));
                        with.insert("enabled".into(), on);
                        with.extend(std::mem::take(opts));
                        *opts = with;
                    }
                }
            }
            flatten("", &t, &mut out);
        }
        // `show` writes TOML; should it ever not read back, the whole text.
        Err(_) => out.push(("ruleset".into(), Value::String(shown))),
    }
    for (name, text) in &rs.tileset_files {
        let mut h = carcassonne_core::fingerprint::Fingerprint::default();
        h.field(text.as_bytes());
        out.push((
            format!("tileset-file.{}", toml_key(name)),
            Value::String(format!("{} bytes, hash {}", text.len(), h.hex())),
        ));
    }
    out
}

fn flatten(prefix: &str, t: &toml::Table, out: &mut Vec<(String, Value)>) {
    for (k, v) in t {
        let key = if prefix.is_empty() {
            toml_key(k)
        } else {
            format!("{prefix}.{}", toml_key(k))
        };
        match v {
            Value::Table(t) => flatten(&key, t, out),
            v => out.push((key, v.clone())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Ruleset {
        carcassonne_host::load_str(text, "r.toml", None, &crate::env::registry(&[]).unwrap())
            .unwrap()
    }

    const HS: &str = "name = \"Club night\"\ntilesets = [\"base\", \"hills-and-sheep\"]\n\
                      [plugins.hills]\n[plugins.shepherd]\n";

    #[test]
    fn one_core_option_and_one_plugin_option_are_the_differences() {
        let a = load(HS);
        let b = load(
            &format!("{HS}[core]\ntiny-city = 2\n[plugins.vineyards]\n").replace(
                "[plugins.hills]\n",
                "[plugins.hills]\nhill-underlay = \"blank\"\n",
            ),
        );
        let d = settings_diff(&a, &b);
        assert_eq!(
            lines(&d),
            [
                "core.tiny-city: 4 → 2",
                "plugins.hills.hill-underlay: \"hidden-tile\" → \"blank\"",
                "plugins.vineyards.enabled: false → true",
                "plugins.vineyards.points-per-vineyard: (not set) → 3",
            ]
        );
        assert!(!same_rules(&d));
        assert_eq!(
            to_json(&d)[0],
            serde_json::json!({"key": "core.tiny-city", "a": 4, "b": 2})
        );
        assert_eq!(to_json(&d)[3]["a"], serde_json::Value::Null);
    }

    #[test]
    fn a_name_alone_changes_no_rule_and_a_switched_off_plugin_is_off() {
        let a = load(HS);
        let b = load(&HS.replace("Club night", "Club night II"));
        let d = settings_diff(&a, &b);
        assert_eq!(lines(&d), ["name: \"Club night\" → \"Club night II\""]);
        assert!(same_rules(&d));
        assert!(settings_diff(&a, &a).is_empty());
        let off = load(&format!("{HS}[plugins.vineyards]\nenabled = false\n"));
        let d = settings_diff(&a, &off);
        assert_eq!(d, []);
        assert!(same_rules(&d));
    }
}
