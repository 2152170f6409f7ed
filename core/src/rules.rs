//! The static description of a game: compiled tiles, core options, figure kinds and plugins.
//!
//! A [`Rules`] value is built once from a resolved ruleset and shared (`Arc`) by
//! every game and clone that uses it; the game state never holds strings.

use crate::hooks::{hook, Hooks};
use crate::tiles::TileCatalogue;
use crate::types::*;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// How farmers score at the end (rulings F1–F4).
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

/// Options of the base rules (the `[core]` table of a ruleset).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

/// A kind of figure: the follower, or one a plugin contributes (shepherd, abbot, ...).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FigureKind {
    /// Name used in logs and records (`follower`, `shepherd`, ...).
    pub name: String,
    /// Copies each player has.
    pub per_player: u8,
    /// Weight in majorities (follower 1, large follower 2, shepherd 0).
    pub strength: u8,
    /// Whether it makes its feature occupied (no further follower may join).
    pub occupies: bool,
    /// Whether it goes back to its owner when its feature is scored.
    pub returns_on_score: bool,
}

/// Most words of per-game state one plugin may declare (256 KiB).
pub const MAX_GAME_WORDS: u32 = 1 << 16;
/// Most words of per-feature state one plugin may declare.
pub const MAX_FEATURE_WORDS: u32 = 16;
/// Most words of per-feature state all plugins of a ruleset may declare together.
pub const MAX_TOTAL_FEATURE_WORDS: u32 = 64;

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
    /// Words (`u32`) of per-game state it needs.
    pub game_words: u32,
    /// Words of per-feature state it needs.
    pub feature_words: u32,
    /// Marker names it interprets, in order (looked up with `View::my_marker`).
    pub markers: Vec<String>,
}

impl PluginDecl {
    /// Checks what the declaration promises the core: a valid id
    /// ([`valid_plugin_id`]) and state sizes within [`MAX_GAME_WORDS`] and
    /// [`MAX_FEATURE_WORDS`]. Returns every problem.
    pub fn check(&self) -> Vec<String> {
        let mut errs = Vec::new();
        if !valid_plugin_id(&self.id) {
            errs.push(format!(
                "plugin id `{}` is not valid: use lower-case letters, digits and `-` (not first or last)",
                self.id
            ));
        }
        if self.game_words > MAX_GAME_WORDS || self.feature_words > MAX_FEATURE_WORDS {
            errs.push(format!(
                "plugin `{}` declares {} words of game state and {} per feature: at most {MAX_GAME_WORDS} and {MAX_FEATURE_WORDS}",
                self.id, self.game_words, self.feature_words
            ));
        }
        errs
    }
}

/// A plugin as the engine holds it.
pub struct PluginEntry {
    /// Static declaration.
    pub decl: PluginDecl,
    /// The hook implementation.
    pub hooks: Arc<dyn Hooks>,
    /// Hook subscription bits (see [`hook`]).
    pub subs: u32,
    /// Offset of its per-game words in the game's plugin state.
    pub game_off: u32,
    /// Offset of its words inside each feature's block.
    pub feature_off: u32,
    /// Its first figure kind id.
    pub first_figure: FigureKindId,
    /// Marker bits of its declared markers, in declaration order (0 if no tile has it).
    pub marker_bits: Vec<u64>,
}

impl std::fmt::Debug for PluginEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PluginEntry")
            .field("id", &self.decl.id)
            .field("subs", &self.subs)
            .finish()
    }
}

/// The compiled rules of a game.
#[derive(Debug)]
pub struct Rules {
    /// Ruleset name.
    pub name: String,
    /// Tile types and markers.
    pub tiles: TileCatalogue,
    /// Base-rule options.
    pub options: CoreOptions,
    /// Figure kinds; 0 is the follower.
    pub figures: Vec<FigureKind>,
    /// Figures per player over all kinds.
    pub figs_per_player: u16,
    /// Kind of each per-player figure slot.
    pub slot_kind: Vec<FigureKindId>,
    /// First per-player slot of each kind.
    pub kind_first_slot: Vec<u16>,
    /// Enabled plugins in dispatch order.
    pub plugins: Vec<PluginEntry>,
    /// Union of all plugins' subscriptions.
    pub subs_any: u32,
    /// Per-game plugin words in total.
    pub game_words: u32,
    /// Per-feature plugin words in total.
    pub feature_words: u32,
    /// Upper bound on features in one game (all tiles' features).
    pub max_features: usize,
    /// Upper bound on placed tiles.
    pub max_tiles: usize,
    /// Bit of the `pennant` marker.
    pub pennant_bit: u64,
}

/// A game holds fewer tiles than this (placed tile indices are 15-bit).
pub const MAX_TILES: usize = 0x7FFF;
/// A game holds fewer feature instances than this (feature ids are `u16`, one value reserved).
pub const MAX_FEATURES: usize = NONE16 as usize - 1;

/// Figure kind id of the follower.
pub const FOLLOWER: FigureKindId = 0;

impl Rules {
    /// Builds rules from compiled tiles, options and the ordered plugins.
    pub fn new(
        name: impl Into<String>,
        mut tiles: TileCatalogue,
        options: CoreOptions,
        plugins: Vec<(PluginDecl, Arc<dyn Hooks>)>,
    ) -> Result<Rules, Vec<String>> {
        let mut errs = options.validate();
        if tiles.start.is_none() {
            errs.push("no tile set provides a start tile (`start = true`)".into());
        }
        let mut figures = vec![FigureKind {
            name: "follower".into(),
            per_player: options.followers,
            strength: 1,
            occupies: true,
            returns_on_score: true,
        }];
        let mut entries = Vec::new();
        let (mut game_words, mut feature_words) = (0u32, 0u32);
        for (decl, hooks) in plugins {
            errs.extend(decl.check());
            let first_figure = figures.len() as FigureKindId;
            for f in &decl.figures {
                if figures.iter().any(|g| g.name == f.name) {
                    errs.push(format!(
                        "plugin `{}`: figure kind `{}` is already defined",
                        decl.id, f.name
                    ));
                }
                figures.push(f.clone());
            }
            let mut marker_bits = Vec::new();
            for m in &decl.markers {
                // Intern so that ids are stable even if no tile carries the marker.
                match tiles.markers.intern(m) {
                    Ok(id) => marker_bits.push(1u64 << id),
                    Err(e) => errs.push(e),
                }
            }
            let subs = hooks.subscriptions();
            entries.push(PluginEntry {
                game_off: game_words,
                feature_off: feature_words,
                first_figure,
                marker_bits,
                subs,
                decl,
                hooks,
            });
            if let Some(e) = entries.last() {
                game_words = game_words.saturating_add(e.decl.game_words);
                feature_words = feature_words.saturating_add(e.decl.feature_words);
            }
        }
        if feature_words > MAX_TOTAL_FEATURE_WORDS {
            errs.push(format!(
                "the plugins declare {feature_words} words of state per feature together: at most {MAX_TOTAL_FEATURE_WORDS}"
            ));
        }
        if figures.len() > 8 {
            errs.push(format!(
                "{} figure kinds: at most 8 are supported",
                figures.len()
            ));
        }
        let mut slot_kind = Vec::new();
        let mut kind_first_slot = Vec::new();
        for (k, f) in figures.iter().enumerate() {
            kind_first_slot.push(slot_kind.len() as u16);
            slot_kind.extend(std::iter::repeat_n(
                k as FigureKindId,
                f.per_player as usize,
            ));
        }
        let max_tiles = tiles.total();
        let max_features: usize = tiles
            .types
            .iter()
            .map(|t| t.count as usize * t.features.len())
            .sum();
        if max_features >= MAX_FEATURES || max_tiles >= MAX_TILES {
            errs.push(format!(
                "too many tiles: {max_tiles} tiles with {max_features} features in all; a game holds fewer than {MAX_TILES} tiles and {MAX_FEATURES} features"
            ));
        }
        let pennant_bit = tiles.markers.bit("pennant");
        if !errs.is_empty() {
            return Err(errs);
        }
        Ok(Rules {
            name: name.into(),
            subs_any: entries.iter().fold(0, |a, e| a | e.subs),
            figs_per_player: slot_kind.len() as u16,
            slot_kind,
            kind_first_slot,
            tiles,
            options,
            figures,
            plugins: entries,
            game_words,
            feature_words,
            max_features,
            max_tiles,
            pennant_bit,
        })
    }

    /// Whether any plugin subscribes to hook bit `h`.
    #[inline]
    pub fn wants(&self, h: u32) -> bool {
        self.subs_any & h != 0
    }

    /// The figure kind with this name.
    pub fn figure_kind(&self, name: &str) -> Option<FigureKindId> {
        self.figures
            .iter()
            .position(|f| f.name == name)
            .map(|i| i as FigureKindId)
    }

    /// The plugin with this id.
    pub fn plugin_index(&self, id: &str) -> Option<u8> {
        self.plugins
            .iter()
            .position(|p| p.decl.id == id)
            .map(|i| i as u8)
    }

    /// Whether the ruleset has no plugins that can veto placements (fast path).
    #[inline]
    pub fn plain_placement(&self) -> bool {
        !self.wants(hook::FILTER_PLACEMENTS)
    }
}
