//! `kit-half`: a value rule that scales (`ValueChange::scale`), and may set
//! (`set-roads`: a road's value before it is halved): every road
//! (with `kinds = "roads"`, the default) or every road and city (`"roads and
//! cities"`) pays half, rounded to the nearest whole number, halves up,
//! after every other plugin's adds and sets (a witch's rule). With the inns'
//! +1 per tile it halves the inn's road too, in whatever order the two run.

use carcassonne_plugin_sdk::prelude::*;

/// Options of `kit-half`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// Which features pay half: `roads`, or `roads and cities`.
    pub kinds: String,
    /// A road's value set to this before it is halved (0: none).
    pub set_roads: i32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            kinds: "roads".into(),
            set_roads: 0,
        }
    }
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "kinds",
            "Which features pay half: `roads`, or `roads and cities`.",
        ),
        (
            "set-roads",
            "A road's value set to this before it is halved (0: none).",
        ),
    ];
}

/// The plugin.
pub struct Half {
    cities: bool,
    set_roads: i32,
}

#[plugin]
impl Plugin for Half {
    type Config = Options;
    const ID: &'static str = "kit-half";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: roads pay half (a scaled value)";

    fn new(o: Options) -> Result<Self, ConfigError> {
        match o.kinds.as_str() {
            "roads" => Ok(Half {
                cities: false,
                set_roads: o.set_roads,
            }),
            "roads and cities" => Ok(Half {
                cities: true,
                set_roads: o.set_roads,
            }),
            k => Err(ConfigError::new(format!(
                "`kinds` = {k:?}: `roads` or `roads and cities`"
            ))),
        }
    }

    fn feature_value(
        &self,
        _v: &View<'_>,
        info: &ScoreInfo<'_>,
        _base: i32,
        change: &mut ValueChange,
    ) -> HookResult {
        if info.kind == FeatureKind::Road || (self.cities && info.kind == FeatureKind::City) {
            change.scale(1, 2);
        }
        if info.kind == FeatureKind::Road && self.set_roads != 0 {
            change.set(self.set_roads);
        }
        Ok(())
    }
}
