//! No-op plugins with dependencies, a conflict, a dependency cycle and soft
//! ordering, for the ruleset resolver's tests.

use carcassonne_plugin_sdk::prelude::*;

macro_rules! noop_plugin {
    ($ty:ident, $id:literal, deps = $deps:expr, conflicts = $conf:expr, after = $after:expr, before = $before:expr, $doc:literal) => {
        #[doc = $doc]
        pub struct $ty;

        #[plugin]
        impl Plugin for $ty {
            type Config = NoOptions;
            const ID: &'static str = $id;
            const VERSION: &'static str = env!("CARGO_PKG_VERSION");
            const DESCRIPTION: &'static str = $doc;
            const DEPENDS_ON: &'static [&'static str] = $deps;
            const CONFLICTS_WITH: &'static [&'static str] = $conf;
            const RUNS_AFTER: &'static [&'static str] = $after;
            const RUNS_BEFORE: &'static [&'static str] = $before;

            fn new(_: NoOptions) -> Result<Self, ConfigError> {
                Ok($ty)
            }
        }
    };
}

noop_plugin!(
    Base,
    "kit-base",
    deps = &[],
    conflicts = &[],
    after = &[],
    before = &[],
    "test plugin others depend on"
);
noop_plugin!(
    NeedsBase,
    "kit-needs-base",
    deps = &["kit-base"],
    conflicts = &[],
    after = &[],
    before = &[],
    "test plugin that depends on kit-base"
);
noop_plugin!(
    Rival,
    "kit-rival",
    deps = &[],
    conflicts = &["kit-base"],
    after = &[],
    before = &[],
    "test plugin that conflicts with kit-base"
);
noop_plugin!(
    CycleA,
    "kit-cycle-a",
    deps = &["kit-cycle-b"],
    conflicts = &[],
    after = &[],
    before = &[],
    "test plugin in a dependency cycle"
);
noop_plugin!(
    CycleB,
    "kit-cycle-b",
    deps = &["kit-cycle-a"],
    conflicts = &[],
    after = &[],
    before = &[],
    "test plugin in a dependency cycle"
);
noop_plugin!(
    Early,
    "kit-aa-late",
    deps = &[],
    conflicts = &[],
    after = &["kit-zz-early"],
    before = &[],
    "test plugin that runs after kit-zz-early when it is enabled"
);
noop_plugin!(
    Late,
    "kit-zz-early",
    deps = &[],
    conflicts = &[],
    after = &[],
    before = &["kit-base"],
    "test plugin that runs before kit-base when it is enabled"
);
noop_plugin!(
    SoftCycle,
    "kit-soft-cycle",
    deps = &[],
    conflicts = &[],
    after = &["kit-aa-late"],
    before = &["kit-zz-early"],
    "test plugin whose ordering makes a cycle"
);
