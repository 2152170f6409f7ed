//! [`AbiPlugin`]: a plugin known from its interface descriptor (compiled in or
//! from a library), which the registry offers to rulesets.

use super::hooks::AbiHooks;
use crate::registry::{OptionProblem, PluginInfo, PluginSource, ProvidedPlugin};
use crate::OptionDoc;
use carcassonne_core::{FigureKind, Hooks, PluginDecl, StateWords, TileSetSpec};
use carcassonne_plugin_abi::{
    self as abi, AbiOptionProblem, PluginDescriptor, PluginObj, RResult, RStr, RString, RVec,
};
use std::sync::Arc;

/// A plugin known from its descriptor (compiled in or from a library).
pub struct AbiPlugin {
    info: PluginInfo,
    figures: Vec<FigureKind>,
    state: StateWords,
    markers: Vec<String>,
    links: Vec<String>,
    barriers: Vec<String>,
    areas: Vec<String>,
    hosts: Vec<String>,
    style: String,
    hooks: u64,
    tilesets: Vec<TileSetSpec>,
    configure: extern "C" fn(RStr<'_>) -> RResult<PluginObj, RVec<AbiOptionProblem>>,
}

impl AbiPlugin {
    /// Checks a descriptor and makes a provider of it. The error names the plugin
    /// (the caller adds where it came from).
    pub fn from_descriptor(d: PluginDescriptor, source: PluginSource) -> Result<AbiPlugin, String> {
        let id = d.id.to_string();
        if d.api_epoch != abi::ABI_EPOCH {
            return Err(format!(
                "plugin `{id}` was built for plugin API epoch {}, this program supports epoch {}",
                d.api_epoch,
                abi::ABI_EPOCH
            ));
        }
        let st = d.state;
        let state = StateWords {
            game: st.game,
            player: st.player,
            feature: st.feature,
            figure: st.figure,
            tile: st.tile,
        };
        let declared = PluginDecl {
            id: id.clone(),
            state,
            ..PluginDecl::default()
        };
        if let Some(problem) = declared.check().into_iter().next() {
            return Err(problem);
        }
        let mut tilesets = Vec::new();
        for (i, text) in d.tilesets.iter().enumerate() {
            let origin = format!("#{} of plugin `{id}`", i + 1);
            tilesets.push(crate::tilesets::parse(text.as_str(), &origin)?);
        }
        let mut names = std::collections::BTreeSet::new();
        for o in d.options.iter() {
            if !names.insert(o.name.as_str()) {
                return Err(format!("plugin `{id}` documents option `{}` twice", o.name));
            }
        }
        for f in d.figures.iter() {
            if (f.per_player == 0) == (f.neutral == 0) || f.per_player > 30 || f.neutral > 30 {
                return Err(format!(
                    "plugin `{id}`: figure `{}` needs 1 to 30 copies per player or neutral copies (not both)",
                    f.name
                ));
            }
        }
        if let Err(e) = d.style.as_str().parse::<toml::Table>() {
            return Err(format!(
                "plugin `{id}`: its style is not TOML: {}",
                e.message().trim()
            ));
        }
        let strings = |v: &RVec<RString>| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        Ok(AbiPlugin {
            info: PluginInfo {
                id: id.clone(),
                version: d.version.to_string(),
                description: d.description.to_string(),
                api_version: d.api_epoch,
                depends_on: strings(&d.depends_on),
                conflicts_with: strings(&d.conflicts_with),
                runs_after: strings(&d.runs_after),
                runs_before: strings(&d.runs_before),
                options: d
                    .options
                    .iter()
                    .map(|o| OptionDoc {
                        name: o.name.to_string(),
                        default: o.default.to_string(),
                        doc: o.doc.to_string(),
                        only_with: strings(&o.only_with),
                        range: o.range.into_option().map(|r| (r.least, r.most)),
                        values: strings(&o.values),
                    })
                    .collect(),
                source,
                hooks: d.hooks,
                figures: d.figures.iter().map(|f| f.name.to_string()).collect(),
                markers: strings(&d.markers),
                tilesets: tilesets
                    .iter()
                    .map(|t: &TileSetSpec| {
                        let n = t
                            .tiles
                            .iter()
                            .map(|x| x.counts.get("C2").copied().unwrap_or(0) as usize)
                            .sum();
                        (t.name.clone(), n)
                    })
                    .collect(),
            },
            figures: d
                .figures
                .iter()
                .map(|f| f.clone().map_name(|n| n.to_string()))
                .collect(),
            state,
            markers: strings(&d.markers),
            links: strings(&d.links),
            barriers: strings(&d.barriers),
            areas: strings(&d.areas),
            hosts: strings(&d.hosts),
            style: d.style.to_string(),
            hooks: d.hooks,
            tilesets,
            configure: d.configure,
        })
    }

    /// Hook bits the plugin implements.
    pub fn hooks(&self) -> u64 {
        self.hooks
    }

    /// Figure kinds it contributes.
    pub fn figures(&self) -> &[FigureKind] {
        &self.figures
    }

    /// Markers it interprets.
    pub fn markers(&self) -> &[String] {
        &self.markers
    }

    /// Its state words per scope.
    pub fn state_words(&self) -> StateWords {
        self.state
    }

    /// Configures an instance and wraps it as engine hooks.
    pub fn configure(&self, options_toml: &str) -> Result<AbiHooks, Vec<OptionProblem>> {
        match (self.configure)(RStr::from_str(options_toml)).into_result() {
            Ok(obj) => Ok(AbiHooks::new(self.info.id.clone(), obj, self.hooks)),
            Err(problems) => Err(problems
                .into_iter()
                .map(|p| {
                    (
                        p.key.into_option().map(RString::into_string),
                        carcassonne_core::hooks::plugin_message(p.message.into_string()),
                    )
                })
                .collect()),
        }
    }
}

impl ProvidedPlugin for AbiPlugin {
    fn info(&self) -> &PluginInfo {
        &self.info
    }

    fn tilesets(&self) -> Vec<TileSetSpec> {
        self.tilesets.clone()
    }

    fn instantiate(
        &self,
        options_toml: &str,
    ) -> Result<(PluginDecl, Arc<dyn Hooks>), Vec<OptionProblem>> {
        let hooks = self.configure(options_toml)?;
        let mut figures = self.figures.clone();
        for (i, f) in figures.iter_mut().enumerate() {
            let c = hooks.figure_count(i);
            if c == 0 {
                continue;
            }
            if c > 30 {
                return Err(vec![(
                    None,
                    format!("figure `{}`: {c} copies, expected 1 to 30", f.name),
                )]);
            }
            if f.neutral > 0 {
                f.neutral = c;
            } else {
                f.per_player = c;
            }
        }
        let decl = PluginDecl {
            id: self.info.id.clone(),
            figures,
            state: self.state,
            markers: self.markers.clone(),
            links: self.links.clone(),
            barriers: self.barriers.clone(),
            areas: self.areas.clone(),
            hosts: self.hosts.clone(),
            style: self.style.clone(),
        };
        Ok((decl, Arc::new(hooks)))
    }
}
