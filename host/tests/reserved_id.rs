//! A plugin may not take the id of a core score category (`roads`,
//! `cities`, `cloisters`, `farmers`): its points would be counted as the
//! core's. The SDK's check and the registry of compiled-in plugins refuse it
//! (a library is refused by the same check of its descriptor).

use carcassonne_host::loader;
use carcassonne_plugin_sdk::prelude::*;

/// A plugin whose id is a core score category.
struct Roads;

#[plugin]
impl Plugin for Roads {
    type Config = NoOptions;
    const ID: &'static str = "roads";
    const VERSION: &'static str = "0.0.1";

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(Roads)
    }
}

const REFUSAL: &str = "plugin id `roads` is reserved: it names a score category of the core (roads, cities, cloisters, farmers); choose another id";

#[test]
fn the_sdk_check_refuses_a_core_score_category_as_id() {
    assert_eq!(
        carcassonne_plugin_sdk::testing::check_plugin::<Roads>(),
        Err(vec![REFUSAL.to_string()])
    );
}

#[test]
fn the_registry_refuses_a_compiled_in_plugin_with_a_core_category_as_id() {
    let e = loader::builtin_registry().err().expect("refused");
    assert_eq!(e.to_string(), format!("built-in plugins: {REFUSAL}"));
}
