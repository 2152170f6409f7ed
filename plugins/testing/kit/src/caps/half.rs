//! `kit-half`: a value rule that scales (`ValueChange::scale`): every road
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
}

impl Default for Options {
    fn default() -> Self {
        Options {
            kinds: "roads".into(),
        }
    }
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[(
        "kinds",
        "Which features pay half: `roads`, or `roads and cities`.",
    )];
}

/// The plugin.
pub struct Half {
    cities: bool,
}

#[plugin]
impl Plugin for Half {
    type Config = Options;
    const ID: &'static str = "kit-half";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: roads pay half (a scaled value)";

    fn new(o: Options) -> Result<Self, ConfigError> {
        match o.kinds.as_str() {
            "roads" => Ok(Half { cities: false }),
            "roads and cities" => Ok(Half { cities: true }),
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
        Ok(())
    }
}
