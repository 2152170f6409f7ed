//! What the rules are made of, as plain data: the core options, and what a
//! plugin declares (its id, figure kinds, state sizes, markers and links) with
//! the limits the engine checks. The engine compiles them into its `Rules`.

use crate::figure_kind::FigureKind;
use serde::{Deserialize, Serialize};

/// How farmers score at the end (rulings F1–F4).
#[repr(u8)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum FarmerScoring {
    /// F1 (default, current rules): each field by itself, 3 per completed bordering city.
    #[default]
    PerField,
    /// F2 (2nd edition): as F1, but a player scores any one city at most once.
    PerFieldOncePerPlayer,
    /// F3 (1st edition): per completed city, most farmers in all bordering fields get 4.
    PerCity,
    /// F4: no followers on fields at all (other figures may still go there).
    Off,
}

impl FarmerScoring {
    /// The ruleset spelling.
    pub fn name(self) -> &'static str {
        match self {
            FarmerScoring::PerField => "per-field",
            FarmerScoring::PerFieldOncePerPlayer => "per-field-once-per-player",
            FarmerScoring::PerCity => "per-city",
            FarmerScoring::Off => "off",
        }
    }
}

/// Options of the base rules (the `[core]` table of a ruleset). Plugins read them
/// with `View::core_options`.
#[repr(C)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct CoreOptions {
    /// Farmer scoring variant (F1–F4).
    pub farmers: FarmerScoring,
    /// B5: points per tile (and per pennant) of a completed two-tile city: 2 (default, scores as
    /// any city, 4 without pennants) or 1 (`tiny-city = 2`, 1st and 2nd editions: 2 without pennants).
    /// Spelled as the points of a plain two-tile city: `4` or `2`.
    pub tiny_city: u8,
    /// Followers per player (B1: 7).
    pub followers: u8,
}

impl Default for CoreOptions {
    fn default() -> Self {
        CoreOptions {
            farmers: FarmerScoring::PerField,
            tiny_city: 4,
            followers: 7,
        }
    }
}

impl CoreOptions {
    /// Checks the values; returns every problem.
    pub fn validate(&self) -> Vec<String> {
        [
            Self::tiny_city_from(self.tiny_city.into()).err(),
            Self::followers_from(self.followers.into()).err(),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    /// The `tiny-city` option from any integer a ruleset holds.
    pub fn tiny_city_from(n: i64) -> Result<u8, String> {
        match n {
            2 | 4 => Ok(n as u8),
            _ => Err(format!(
                "tiny-city = {n}: expected 4 (default: scores like any city) or 2 (1st/2nd edition)"
            )),
        }
    }

    /// The `followers` option from any integer a ruleset holds.
    pub fn followers_from(n: i64) -> Result<u8, String> {
        match n {
            1..=30 => Ok(n as u8),
            _ => Err(format!("followers = {n}: expected 1 to 30")),
        }
    }
}

/// A plugin's declared state sizes, in `u32` words per scope. All words start at 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StateWords {
    /// Words per game.
    pub game: u32,
    /// Words per player.
    pub player: u32,
    /// Words per feature instance.
    pub feature: u32,
    /// Words per figure.
    pub figure: u32,
    /// Words per placed tile.
    pub tile: u32,
}

/// Most words of per-game state one plugin may declare (256 KiB).
pub const MAX_GAME_WORDS: u32 = 1 << 16;
/// Most words of per-player state one plugin may declare.
pub const MAX_PLAYER_WORDS: u32 = 1 << 12;
/// Most words of per-feature state one plugin may declare.
pub const MAX_FEATURE_WORDS: u32 = 16;
/// Most words of per-figure state one plugin may declare.
pub const MAX_FIGURE_WORDS: u32 = 16;
/// Most words of per-tile state one plugin may declare.
pub const MAX_TILE_WORDS: u32 = 16;
/// Most words of per-feature state all plugins of a ruleset may declare together.
pub const MAX_TOTAL_FEATURE_WORDS: u32 = 64;

/// The score categories every game has, before one category per plugin (named
/// by the plugin's id): the points of the base rules by what was scored. So
/// they are no plugin's id ([`reserved_plugin_id`]). The one list the engine's
/// score categories and the id checks share.
pub const BASE_CATEGORIES: [&str; 4] = ["roads", "cities", "cloisters", "farmers"];

/// Whether `id` is reserved: a plugin's score category is named by its id, so
/// a plugin may not take the name of a core score category
/// ([`BASE_CATEGORIES`]).
pub fn reserved_plugin_id(id: &str) -> bool {
    BASE_CATEGORIES.contains(&id)
}

/// Whether `id` is a well-formed plugin id: lower-case ASCII letters, digits and
/// `-`, starting with a letter or digit and not ending with `-` (so it is a bare
/// TOML key: `[plugins.<id>]`). The one definition the host's loader and the
/// SDK's checks share.
pub fn valid_plugin_id(id: &str) -> bool {
    !id.is_empty()
        && !id.starts_with('-')
        && !id.ends_with('-')
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// What a plugin declares to the core (its static contributions).
#[derive(Clone, Debug, Default)]
pub struct PluginDecl {
    /// Unique id.
    pub id: String,
    /// Figure kinds it contributes, in order.
    pub figures: Vec<FigureKind>,
    /// Its state, in words per scope.
    pub state: StateWords,
    /// Marker names it interprets, in order (looked up with `View::my_marker`).
    pub markers: Vec<String>,
    /// Tile link names it interprets, in order (looked up with `View::my_link`).
    pub links: Vec<String>,
    /// Barrier names it interprets, in order (looked up with `View::my_barrier`).
    pub barriers: Vec<String>,
    /// Areas it declares, in order: places off the board where figures may be
    /// (`Location::Area`; looked up with `View::my_area`). Names are unique in a
    /// ruleset.
    pub areas: Vec<String>,
    /// Markers (among its `markers`) whose features accept plain follower kinds
    /// under the shared placement rule ([`FigureKind::plain`]).
    pub hosts: Vec<String>,
    /// How its markers, figures and notes look in pictures: TOML text in the
    /// format of `render/style.toml`, merged over the built-in style (empty:
    /// nothing of its own). Presentation only: the rules do not read it.
    pub style: String,
}

impl PluginDecl {
    /// Checks what the declaration promises the core: a valid id
    /// ([`valid_plugin_id`]) that is not reserved ([`reserved_plugin_id`]) and state sizes within [`MAX_GAME_WORDS`],
    /// [`MAX_PLAYER_WORDS`], [`MAX_FEATURE_WORDS`], [`MAX_FIGURE_WORDS`] and
    /// [`MAX_TILE_WORDS`].
    /// Returns every problem.
    pub fn check(&self) -> Vec<String> {
        let mut errs = Vec::new();
        if !valid_plugin_id(&self.id) {
            errs.push(format!(
                "plugin id `{}` is not valid: use lower-case letters, digits and `-` (not first or last)",
                self.id
            ));
        } else if reserved_plugin_id(&self.id) {
            errs.push(format!(
                "plugin id `{}` is reserved: it names a score category of the core ({}); choose another id",
                self.id,
                BASE_CATEGORIES.join(", ")
            ));
        }
        for a in &self.areas {
            if !valid_plugin_id(a) {
                errs.push(format!(
                    "plugin `{}`: area name `{a}` is not valid: use lower-case letters, digits and `-` (not first or last)",
                    self.id
                ));
            }
        }
        let w = self.state;
        if w.game > MAX_GAME_WORDS
            || w.player > MAX_PLAYER_WORDS
            || w.feature > MAX_FEATURE_WORDS
            || w.figure > MAX_FIGURE_WORDS
            || w.tile > MAX_TILE_WORDS
        {
            errs.push(format!(
                "plugin `{}` declares {} words of state per game, {} per player, {} per feature, {} per figure and {} per tile: at most {MAX_GAME_WORDS}, {MAX_PLAYER_WORDS}, {MAX_FEATURE_WORDS}, {MAX_FIGURE_WORDS} and {MAX_TILE_WORDS}",
                self.id, w.game, w.player, w.feature, w.figure, w.tile
            ));
        }
        errs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_core_score_category_is_no_plugin_id() {
        for id in BASE_CATEGORIES {
            assert!(valid_plugin_id(id), "{id} is well formed");
            assert!(reserved_plugin_id(id), "{id}");
            let decl = PluginDecl {
                id: id.into(),
                ..PluginDecl::default()
            };
            assert_eq!(
                decl.check(),
                vec![format!(
                    "plugin id `{id}` is reserved: it names a score category of the core (roads, cities, cloisters, farmers); choose another id"
                )]
            );
        }
        // Only the exact names: a plugin may have them in its id.
        for id in ["toll-roads", "road", "cities2", "farmers-market"] {
            assert!(!reserved_plugin_id(id), "{id}");
            let decl = PluginDecl {
                id: id.into(),
                ..PluginDecl::default()
            };
            assert_eq!(decl.check(), Vec::<String>::new(), "{id}");
        }
    }
}
