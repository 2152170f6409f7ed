//! Records that stand on their own: what a record stores about its rules (the
//! tile-set files' text, the plugins' versions, a fingerprint of the rules), how
//! its ruleset is loaded again (tile sets from the record, then from the
//! files the tile-set source policy allows: the record's own directory on the
//! command line, only its own directories in a server), and how a change of the rules is reported as such.

use crate::ruleset::{load_str_from, Ruleset, RulesetErrors};
use crate::tilesets::{Source, TileSetFiles};
use crate::Registry;
use carcassonne_core::{PluginVersion, Provenance, Record};
use std::path::Path;

impl Ruleset {
    /// What a record of a game on this ruleset stores about it.
    pub fn provenance(&self, registry: &Registry) -> Provenance {
        Provenance {
            ruleset_name: self.spec.name.clone(),
            ruleset: self.text.clone(),
            tilesets: self.tileset_files.clone(),
            plugins: self.plugin_versions(registry),
            rules_hash: Some(self.rules_hash(registry)),
        }
    }

    /// The enabled plugins and their versions, in dispatch order.
    pub fn plugin_versions(&self, registry: &Registry) -> Vec<PluginVersion> {
        self.plugins
            .iter()
            .map(|(id, _)| PluginVersion {
                id: id.clone(),
                version: registry
                    .get(id)
                    .map_or_else(String::new, |p| p.info().version.clone()),
            })
            .collect()
    }

    /// The fingerprint of the compiled rules, the plugins' versions and their options.
    pub fn rules_hash(&self, registry: &Registry) -> String {
        let mut h = self.rules.fingerprint();
        for (p, (_, options)) in self.plugin_versions(registry).iter().zip(&self.plugins) {
            h.field(p.id.as_bytes())
                .field(p.version.as_bytes())
                .field(options.as_bytes());
        }
        h.hex()
    }
}

/// Loads the ruleset of record `rec` (read from `dir`, if a file) for the
/// command line: tile-set files from the record, else any file, relative to
/// the record's directory.
pub fn load_record_ruleset(
    rec: &Record,
    origin: &str,
    dir: Option<&Path>,
    registry: &Registry,
) -> Result<Ruleset, RulesetErrors> {
    let files = TileSetFiles::Anywhere(dir.map(Path::to_path_buf));
    load_record_ruleset_with(rec, origin, &files, registry)
}

/// Loads the ruleset of record `rec` with tile sets that are built in,
/// embedded in the record, or files that `files` allows (a server gives
/// [`TileSetFiles::Within`] its own directories, so an uploaded record reads
/// nothing else on its disk).
pub fn load_record_ruleset_with(
    rec: &Record,
    origin: &str,
    files: &TileSetFiles,
    registry: &Registry,
) -> Result<Ruleset, RulesetErrors> {
    let src = Source {
        files,
        embedded: Some(&rec.tilesets),
    };
    load_str_from(&rec.ruleset, origin, &src, registry)
}

/// How the rules `rs` differ from those record `rec` was played with (empty if
/// they are the same, or the record does not say).
pub fn differences(rec: &Record, rs: &Ruleset, registry: &Registry) -> Vec<String> {
    let mut out = Vec::new();
    let now = rs.plugin_versions(registry);
    for p in &rec.plugins {
        match now.iter().find(|q| q.id == p.id) {
            Some(q) if q.version != p.version => out.push(format!(
                "plugin `{}` is version {} here, {} in the record",
                p.id, q.version, p.version
            )),
            None => out.push(format!(
                "plugin `{}` {} is not enabled here",
                p.id, p.version
            )),
            _ => {}
        }
    }
    if !rec.plugins.is_empty() {
        for q in now
            .iter()
            .filter(|q| !rec.plugins.iter().any(|p| p.id == q.id))
        {
            out.push(format!("plugin `{}` was not in the record's game", q.id));
        }
    }
    if let Some(h) = &rec.rules_hash {
        if *h != rs.rules_hash(registry) && out.is_empty() {
            out.push(
                "the rules built here differ from the record's (its rules fingerprint: the \
                 tiles, an option of the core or of a plugin, or what a plugin declares)"
                    .into(),
            );
        }
    }
    out
}
