//! `kit-perch`: features the core never scores (tile data `scored = false`),
//! plugin-hosted features for plain follower kinds, and notes about features.
//!
//! * **The perch**: its tile `KIT/P` (a field tile) carries a spot marked
//!   `perch` with `scored = false`: the core never scores it, neither when it
//!   is surrounded nor at game end, and never sends its figures home.
//! * **Hosted for plain kinds** (`HOSTS = ["perch"]`): the shared placement
//!   rule lets a plain follower kind (`FigureSpec::plain`: the follower, the
//!   large follower) stand on a free perch, so the core offers it on the placed
//!   tile; this plugin offers every free perch on the board too. A kind that is
//!   not plain (a mayor) never goes there.
//! * **Notes**: each perch says who perches on it (`feature_note`).

use carcassonne_plugin_sdk::prelude::*;

/// The perch's tile.
pub const TILES: &str = r#"
name = "kit-perch"

[[tiles]]
id = "KIT/P"
counts = { C2 = 2 }
sides = "FFFF"
features = [
  { kind = "spot", markers = ["perch"], scored = false },
  { kind = "field", slots = ["N", "E", "S", "W"] },
]
"#;

/// The plugin.
pub struct Perch;

const PERCH: usize = 0;

impl Perch {
    /// The perches on the board (one spot per perch tile).
    fn perches<'a>(v: &'a View<'_>) -> impl Iterator<Item = FeatureId> + 'a {
        let bit = v.my_marker(PERCH);
        (0..v.feature_count() as u16)
            .map(FeatureId)
            .filter(move |&f| bit != 0 && v.feature_markers(f) & bit != 0)
    }
}

#[plugin]
impl Plugin for Perch {
    type Config = NoOptions;
    const ID: &'static str = "kit-perch";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "test plugin: perches that plain followers may take anywhere, never scored";
    const TILESETS: &'static [&'static str] = &[TILES];
    const MARKERS: &'static [&'static str] = &["perch"];
    const HOSTS: &'static [&'static str] = &["perch"];

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(Perch)
    }

    /// Every free perch on the board, for every kind in the player's supply that
    /// the shared rule lets stand there (the plain ones).
    fn figure_options(&self, v: &View<'_>, opts: &mut Vec<FigureOption>) -> HookResult {
        let me = v.current_player();
        for f in Self::perches(v) {
            for k in (0..v.figure_kind_count() as u8).map(FigureKindId) {
                let at = Location::Feature(f);
                if v.supply(me, k) > 0 && v.may_deploy(k, at)? {
                    opts.push(FigureOption::Deploy { kind: k, at });
                }
            }
        }
        Ok(())
    }

    fn feature_note(&self, v: &View<'_>, f: FeatureId, out: &mut String) -> HookResult {
        if v.feature_markers(f) & v.my_marker(PERCH) == 0 {
            return Ok(());
        }
        match v.figures_on(f).next() {
            Some(g) => {
                let kind = v.figure_kind_name(v.figure_kind(g));
                match v.figure_owner(g) {
                    Some(p) => out.push_str(&format!("{kind} of {p} perches")),
                    None => out.push_str(&format!("{kind} perches")),
                }
            }
            None => out.push_str("free perch"),
        }
        Ok(())
    }
}
