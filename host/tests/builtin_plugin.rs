//! A plugin registered with the SDK in this test binary is a compiled-in plugin:
//! it reaches the engine through the ABI adapter like a loaded one.

use carcassonne_core::{Game, Rng};
use carcassonne_host::loader;
use carcassonne_plugin_sdk::prelude::*;

/// Doubles road points and counts turns and placed tiles in its state.
struct DoubleRoads {
    factor: i32,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
struct Options {
    factor: i32,
}

impl Default for Options {
    fn default() -> Self {
        Options { factor: 2 }
    }
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] =
        &[("factor", "Multiplier of road points.")];
}

#[plugin]
impl Plugin for DoubleRoads {
    type Config = Options;
    const ID: &'static str = "test-double-roads";
    const VERSION: &'static str = "0.0.1";
    const DESCRIPTION: &'static str = "roads score double";
    const STATE: StateSpec = StateSpec::NONE.game::<[u32; 2]>();

    fn new(o: Options) -> Result<Self, ConfigError> {
        if o.factor < 1 {
            return Err(ConfigError::key("factor", "must be at least 1"));
        }
        Ok(DoubleRoads { factor: o.factor })
    }

    fn feature_value(
        &self,
        _v: &View<'_>,
        info: &ScoreInfo<'_>,
        base: i32,
        change: &mut ValueChange,
    ) -> HookResult {
        if info.kind == FeatureKind::Road {
            change.set(base * self.factor);
        }
        Ok(())
    }

    fn tile_placed(&self, cx: &mut Cx<'_>, tile: TileIndex) -> HookResult {
        let n = cx.placed_count() as u32;
        if tile.index() + 1 != n as usize {
            return Err(Error::new("tile index mismatch"));
        }
        cx.game_state_mut::<[u32; 2]>()?[1] = n;
        Ok(())
    }

    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        cx.game_state_mut::<[u32; 2]>()?[0] += 1;
        Ok(())
    }
}

const RULESET: &str = "name = \"t\"\ntilesets = [\"base\"]\n[plugins.test-double-roads]\n";

#[test]
fn builtin_plugin_runs_through_the_abi() {
    carcassonne_plugin_sdk::testing::check_plugin::<DoubleRoads>().unwrap();
    let reg = loader::registry(&[], false).unwrap();
    assert!(reg.get("test-double-roads").is_some());
    let rs = carcassonne_host::load_str(RULESET, "t.toml", None, &reg).unwrap();
    assert_eq!(rs.rules.plugins.len(), 1);
    let mut g = Game::new(rs.rules.clone(), 2, 7).unwrap();
    let mut rng = Rng::new(7);
    while g.step_random(&mut rng).unwrap() {}
    let st = g.plugin_state(0).unwrap();
    assert!(st[0] > 60, "turns counted: {st:?}");
    assert_eq!(st[1] as usize, g.placed_count());
}

#[test]
fn option_errors_point_at_the_key() {
    let reg = loader::registry(&[], false).unwrap();
    let text = "name = \"t\"\n[plugins.test-double-roads]\nfactor = 0\n";
    let e = carcassonne_host::load_str(text, "t.toml", None, &reg)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("t.toml:3:1: plugin `test-double-roads` option `factor`: must be at least 1"),
        "{e}"
    );
    let text = "name = \"t\"\n[plugins.test-double-roads]\nfactor = \"x\"\n";
    let e = carcassonne_host::load_str(text, "t.toml", None, &reg)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains(
            "t.toml:3:1: plugin `test-double-roads` option `factor`: \
             expected a whole number, found the string \"x\""
        ),
        "{e}"
    );
    let text = "name = \"t\"\n[plugins.test-double-roads]\nfactr = 3\n";
    let e = carcassonne_host::load_str(text, "t.toml", None, &reg)
        .unwrap_err()
        .to_string();
    assert!(e.contains("did you mean `factor`?"), "{e}");
}

/// Scores the feature a figure was just deployed on, at once (nested scoring).
struct ScoreAtOnce;

#[plugin]
impl Plugin for ScoreAtOnce {
    type Config = NoOptions;
    const ID: &'static str = "test-score-at-once";
    const VERSION: &'static str = "0.0.1";

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(ScoreAtOnce)
    }

    fn after_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        let Some(t) = cx.last_placed() else {
            return Ok(());
        };
        for l in 0..cx.tile_feature_count(t) {
            let f = cx.feature_of(t, l);
            if cx.first_figure_on(f).is_some() {
                cx.score_feature(f, ScoreReason::Early)?;
            }
        }
        Ok(())
    }
}

/// Refuses to score anything.
struct RefusePoints;

#[plugin]
impl Plugin for RefusePoints {
    type Config = NoOptions;
    const ID: &'static str = "test-refuse-points";
    const VERSION: &'static str = "0.0.1";

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(RefusePoints)
    }

    fn bonus(&self, _v: &View<'_>, _i: &ScoreInfo<'_>, _a: &Points, _p: &mut Points) -> HookResult {
        Err("no points today".into())
    }
}

#[test]
fn a_hook_failing_inside_another_plugins_call_keeps_its_own_name() {
    use carcassonne_core::{Action, Actor, FigureOption, GameError};
    let reg = loader::registry(&[], false).unwrap();
    let text = "name = \"t\"\n[plugins.test-score-at-once]\n[plugins.test-refuse-points]\n";
    let rs = carcassonne_host::load_str(text, "t.toml", None, &reg).unwrap();
    let mut g = Game::new(rs.rules.clone(), 2, 3).unwrap();
    let mut rng = Rng::new(3);
    loop {
        let a = match g.actor() {
            Actor::GameOver => panic!("no failure"),
            Actor::Chance => {
                let o = g.chance_outcomes().unwrap();
                Action::Chance(o[rng.below(o.len() as u32) as usize].0)
            }
            Actor::Player(_) => {
                let acts = g.legal_actions().unwrap();
                // Deploy whenever possible, so that the first scoring is the nested one.
                *acts
                    .iter()
                    .find(|a| matches!(a, Action::Figure(FigureOption::Deploy { .. })))
                    .unwrap_or(&acts[rng.below(acts.len() as u32) as usize])
            }
        };
        let before = g.clone();
        match g.apply(a) {
            Ok(()) => {}
            Err(GameError::Hook(e)) => {
                assert_eq!(e.plugin, "test-refuse-points");
                assert_eq!(e.hook, "bonus");
                assert_eq!(e.message, "no points today");
                assert!(g == before);
                return;
            }
            Err(e) => panic!("{e}"),
        }
    }
}

/// The ids of this test binary's plugins, as an unknown plugin's error lists them.
fn available(reg: &carcassonne_host::Registry) -> String {
    reg.ids().collect::<Vec<_>>().join(", ")
}

#[test]
fn an_official_plugin_not_linked_into_a_test_says_how_to_link_them() {
    // The author audit: a plugin's test of its plugin with the abbey read
    // only "unknown plugin `abbey`; available: cult".
    let reg = loader::builtin_registry().unwrap();
    let text = "name = \"t\"\n[plugins.test-double-roads]\n[plugins.abbey]\n";
    let e = carcassonne_host::conformance::check_builtin(text, Default::default())
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        format!(
            "invalid ruleset:\n<conformance ruleset>:3:10: unknown plugin `abbey`; available: {}; \
             `abbey` is an official plugin, not linked into this program: to test with the \
             official plugins, add the dev-dependency `carcassonne-official` and \
             `use carcassonne_official as _;` to the test",
            available(&reg)
        )
    );
    // A registry of plugin libraries alone (`check_libraries`' kind) is told
    // to give the official plugins' library: linking would not help there.
    let libraries_only = carcassonne_host::registry::Registry::empty();
    assert!(!libraries_only.with_builtin && reg.with_builtin);
    let e = carcassonne_host::load_str(
        "name = \"t\"\n[plugins.abbey]\n",
        "t.toml",
        None,
        &libraries_only,
    )
    .unwrap_err()
    .to_string();
    assert_eq!(
        e,
        "t.toml:2:10: unknown plugin `abbey`; available: none; `abbey` is an official plugin, \
         in none of the libraries given: add the official plugins' library (built from the \
         crate `carcassonne-official-lib`) to them"
    );
    // An id that is no official plugin's is told nothing of the kind.
    let text = "name = \"t\"\n[plugins.test-double-roads]\n[plugins.cult]\n";
    let e = carcassonne_host::load_str(text, "t.toml", None, &reg)
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        format!(
            "t.toml:3:10: unknown plugin `cult`; available: {}",
            available(&reg)
        )
    );
}

#[test]
fn an_unknown_plugin_is_the_only_error_not_the_counts_of_its_tiles() {
    // The author audit: `replay` of a record of a plugin not loaded said
    // first that its tiles counted in `[tiles.counts]` were in no tile set
    // (`CU/L` ... did you mean `BA/L`?), then that the plugin was unknown.
    let reg = loader::builtin_registry().unwrap();
    let text = "name = \"t\"\ntilesets = [\"base\"]\n[tiles.counts]\n\"CU/L\" = 3\n\
                \"CU/LR\" = 3\n\"BA/L\" = 6\n[plugins.cult]\n";
    let e = carcassonne_host::load_str(text, "t.toml", None, &reg).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "t.toml:7:10: unknown plugin `cult`; available: {}",
            available(&reg)
        )
    );
    // As the program says it: how to load it, not a known plugin near its name.
    let told = reg.explain_unknown_plugins(e, Some("load it with --plugin-dir DIR"));
    assert_eq!(
        told.to_string(),
        format!(
            "t.toml:7:10: unknown plugin `cult` (load it with --plugin-dir DIR); available: {}",
            available(&reg)
        )
    );
    // With every plugin known, an unknown tile id is an error again.
    let text = "name = \"t\"\ntilesets = [\"base\"]\n[tiles.counts]\n\"CU/L\" = 3\n";
    let e = carcassonne_host::load_str(text, "t.toml", None, &reg)
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "t.toml:4:1: `tiles.counts`: no tile `CU/L` in the tile sets (base)"
    );
}

/// Counts the tile types `View::tile_types` walks at setup, and checks them
/// against `tile_type_count` and their ids.
struct TileTypes;

#[plugin]
impl Plugin for TileTypes {
    type Config = NoOptions;
    const ID: &'static str = "test-tile-types";
    const VERSION: &'static str = "0.0.1";
    const STATE: StateSpec = StateSpec::NONE.game::<[u32; 2]>();

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(TileTypes)
    }

    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        let all: Vec<TileTypeId> = cx.tile_types().collect();
        let numbered: Vec<TileTypeId> = (0..cx.tile_type_count())
            .map(|i| TileTypeId(i as u16))
            .collect();
        if all != numbered || cx.tile_types().len() != all.len() {
            return Err(Error::new("tile_types differs from 0..tile_type_count"));
        }
        // Walked backwards too: every type has its id.
        let named = cx
            .tile_types()
            .rev()
            .filter(|&t| !cx.tile_type_name(t).is_empty())
            .count() as u32;
        *cx.game_state_mut::<[u32; 2]>()? = [all.len() as u32, named];
        Ok(())
    }
}

#[test]
fn a_plugin_walks_the_tile_types_in_one_call() {
    let reg = loader::builtin_registry().unwrap();
    let text = "name = \"t\"\ntilesets = [\"base\"]\n[plugins.test-tile-types]\n";
    let rs = carcassonne_host::load_str(text, "t.toml", None, &reg).unwrap();
    let n = rs.rules.tiles.types.len() as u32;
    assert!(n > 20, "{n}");
    let g = Game::new(rs.rules.clone(), 2, 1).unwrap();
    assert_eq!(g.plugin_state(0).unwrap(), &[n, n][..]);
}
