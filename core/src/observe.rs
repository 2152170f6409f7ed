//! Observations: what one player, or a spectator, can see of the game.
//!
//! Everything of the core is public except the identity of tiles taken face down
//! (for example under a hill): an observation lists them among the *unseen*
//! tiles together with the bag, so a player knows how many tiles are out but
//! not which. The core's part is therefore the same for every player and for a
//! spectator. Each plugin decides what a player sees of its state (its
//! `observe` hook); without the hook all of it is public.
//!
//! **Spectators** ([`Game::spectator_observation`]). A plugin's `observe` hook
//! is asked what a spectator may see with the seat just past the last one
//! ([`Game::spectator_seat`]: seat `players()`), which by the hook's contract
//! means "show only what every player may see". A plugin that fails, panics or
//! writes no JSON for that seat (one that reads its per-player state by the
//! seat: the host refuses a seat the game does not have) shows a spectator
//! nothing (`null`); so does every plugin with the hook in a game of
//! [`MAX_PLAYERS`] players, which has no seat past the last. The spectator's
//! view is never made from the players' views: a part equal in all of them
//! may still be private to each.

use crate::game::{Actor, Game};
use crate::hooks::{hook, View};
use crate::types::*;
use crate::GameError;
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// A placed tile as seen by players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenTile {
    /// Position.
    pub pos: Pos,
    /// Tile id.
    pub tile: String,
    /// Rotation.
    pub rot: Rotation,
    /// The features plugins added to it (a bridge), in local index order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub added: Vec<SeenFeature>,
}

/// A feature added to a placed tile at run time, as seen by players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenFeature {
    /// Its local index on the tile (after the tile type's features).
    pub local: u8,
    /// Its kind.
    pub kind: FeatureKind,
    /// The board slots it owns (bit `i`: slot `i`, `NL NM NR EL ... WR`).
    pub slots: u16,
}

/// A figure on the board as seen by players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenFigure {
    /// Owner (`None`: a neutral figure such as the dragon).
    pub owner: Option<PlayerId>,
    /// Figure kind name.
    pub kind: String,
    /// Tile position.
    pub pos: Pos,
    /// Local feature index on that tile (`None`: on the tile, on no feature).
    pub feature: Option<u8>,
    /// Kind of that feature.
    pub feature_kind: Option<FeatureKind>,
    /// The corner of the tile it stands at, if any (a barn).
    pub corner: Option<Corner>,
    /// The plugins' public note about it (the shepherd's sheep), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A figure off the board as seen by players: a prisoner, or a figure in an
/// area.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenOffBoard {
    /// Owner (`None`: a neutral figure).
    pub owner: Option<PlayerId>,
    /// Figure kind name.
    pub kind: String,
    /// The player holding it prisoner, if held.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub held_by: Option<PlayerId>,
    /// The area it is in (its name), if in one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub area: Option<String>,
    /// The plugins' public note about it, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One plugin's public note about a figure, a feature or a player: front
/// ends draw each in the style of its plugin (a style's `[notes]` table).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PluginNote {
    /// The id of the plugin that wrote it.
    pub plugin: String,
    /// The note, trimmed (never empty).
    pub note: String,
}

/// A plugin's public note about a feature on the board (a tower's height).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenFeatureNote {
    /// Tile position.
    pub pos: Pos,
    /// Local feature index on that tile.
    pub feature: u8,
    /// Kind of that feature.
    pub feature_kind: FeatureKind,
    /// The note (every plugin's, joined with ", ").
    pub note: String,
}

/// The observer of a spectator's observation ([`Game::spectator_observation`]):
/// no player. It is `null` in JSON, where a player's observation has his seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Spectator;

/// What one player (`P` = [`PlayerId`], [`Game::observation`]) or a spectator
/// (`P` = [`Spectator`], [`Game::spectator_observation`]) can see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Observation<P = PlayerId> {
    /// The observer: the observing player, or [`Spectator`] (`null` in JSON).
    pub player: P,
    /// Number of players.
    pub players: u8,
    /// Turn number.
    pub turn: u16,
    /// Whose turn it is.
    pub current: PlayerId,
    /// Who acts now: `player N`, `chance` or `game over`.
    pub actor: String,
    /// Scores.
    pub scores: Vec<i32>,
    /// The drawn tile (every player sees it).
    pub drawn: Option<String>,
    /// Tiles on the board, in placement order.
    pub board: Vec<SeenTile>,
    /// Deployed figures.
    pub figures: Vec<SeenFigure>,
    /// Figures off the board but out of their supply: prisoners, figures in
    /// areas (omitted when there are none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub off_board: Vec<SeenOffBoard>,
    /// The plugins' public notes about features (omitted when there are none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub feature_notes: Vec<SeenFeatureNote>,
    /// The plugins' public note about each player, by seat (omitted when no
    /// player has one).
    #[serde(skip_serializing_if = "no_notes")]
    pub player_notes: Vec<Option<String>>,
    /// Supply per player, per figure kind name.
    pub supply: Vec<BTreeMap<String, u8>>,
    /// Tiles in each player's hand, by id.
    pub hands: Vec<Vec<String>>,
    /// Tiles not seen yet (bag plus face-down tiles), by id.
    pub unseen: BTreeMap<String, u16>,
    /// Tiles left to draw.
    pub bag_count: usize,
    /// Tiles out of the game face down (identity hidden).
    pub hidden_count: usize,
    /// Tiles set aside because they fit nowhere (seen by all).
    pub set_aside: Vec<String>,
    /// Tiles held face up by plugins (their lots), by plugin id, in the order
    /// drawn (seen by all; empty lots are left out).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub lots: BTreeMap<String, Vec<String>>,
    /// What the player sees of each plugin's state, by plugin id (the plugin's
    /// `observe` hook; without it, all its state words by scope). For a
    /// spectator, what the hook shows the spectator's seat, or `null`
    /// ([`Game::spectator_observation`]).
    pub plugins: BTreeMap<String, Value>,
}

impl Game {
    /// What `player` can see. Fails if the game has no such player, or if a
    /// plugin's `observe` hook fails or writes something that is not JSON.
    pub fn observation(&self, player: PlayerId) -> Result<Observation, GameError> {
        if player.seat() >= self.players() {
            return Err(GameError::NoSuchPlayer {
                player: player.seat(),
                players: self.players(),
            });
        }
        self.observed_by(player, Some(player))
    }

    /// What a spectator can see: what every player may see, and nothing
    /// private to any of them. The core's part is every observation's (it
    /// does not depend on the observer); each plugin with an `observe` hook
    /// shows what it shows [`Game::spectator_seat`], the seat past the last,
    /// which by the hook's contract means a spectator; a plugin whose hook
    /// fails, panics or writes no JSON for that seat, and every such plugin in
    /// a game with no seat past the last ([`MAX_PLAYERS`] players), shows
    /// `null`. A plugin without the hook shows all its state words, as to the
    /// players. [`Observation::player`] is [`Spectator`] (`null` in JSON).
    ///
    /// Never made from the players' observations: a plugin's value private to
    /// each player may be equal in all of them (each player's secret number
    /// the same), and a spectator must not learn it.
    ///
    /// Fails only as [`Game::observation`] does for the core's part (a
    /// plugin's note hook failing).
    pub fn spectator_observation(&self) -> Result<Observation<Spectator>, GameError> {
        self.observed_by(Spectator, None)
    }

    /// The seat a plugin's `observe` hook is asked with for a spectator: the
    /// seat just past the last (`players()`), which no player of the game has;
    /// `None` in a game of [`MAX_PLAYERS`] players (there is no such seat).
    pub fn spectator_seat(&self) -> Option<PlayerId> {
        PlayerId::new(self.players())
    }

    /// What plugin `i` (with the `observe` hook) shows a spectator: its hook's
    /// JSON for [`Game::spectator_seat`], or `None` when there is no such seat
    /// or the hook fails, panics or writes no valid JSON for it.
    fn spectator_part(&self, i: usize) -> Option<Value> {
        let seat = self.spectator_seat()?;
        let p = self.rules().plugins.get(i)?;
        let mut text = String::new();
        let v = View {
            game: self,
            plugin: i as u8,
        };
        // The plugin framework turns a hook's panic into an error; a `Hooks`
        // implemented directly may not expect a seat past the last, and a
        // read-only hook on a game without interior mutability leaves nothing
        // half changed when it unwinds.
        let asked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            p.hooks.observe(&v, seat, &mut text)
        }));
        match asked {
            Ok(Ok(())) => serde_json::from_str(&text).ok(),
            _ => None,
        }
    }

    /// The observation of `observer`: player `player` (a seat of the game), or
    /// a spectator (`None`).
    fn observed_by<P>(
        &self,
        observer: P,
        player: Option<PlayerId>,
    ) -> Result<Observation<P>, GameError> {
        let rules = self.rules();
        let id = |t: TileTypeId| {
            rules
                .tiles
                .get(t)
                .map_or_else(String::new, |x| x.id.clone())
        };
        let mut unseen = BTreeMap::new();
        for &t in self.bag().iter().chain(self.hidden_tiles()) {
            *unseen.entry(id(t)).or_insert(0) += 1;
        }
        let mut figures = Vec::new();
        let mut off_board = Vec::new();
        let kind_name =
            |k: FigureKindId| rules.figure(k).map_or_else(String::new, |k| k.name.clone());
        for g in (0..self.figure_count() as u16).map(FigureId) {
            if let (Some(at @ (Location::Held(_) | Location::Area(_))), Some(k)) =
                (self.figure_location(g), self.figure_kind(g))
            {
                off_board.push(SeenOffBoard {
                    owner: self.figure_owner(g),
                    kind: kind_name(k),
                    held_by: match at {
                        Location::Held(p) => Some(p),
                        _ => None,
                    },
                    area: match at {
                        Location::Area(a) => self.area_name(a).map(String::from),
                        _ => None,
                    },
                    note: self.figure_note(g)?,
                });
                continue;
            }
            let (Some(at), Some(t), Some(k)) = (
                self.figure_location(g),
                self.figure_tile(g),
                self.figure_kind(g),
            ) else {
                continue;
            };
            let Some(pos) = self.tile_pos(t) else {
                continue;
            };
            let f = at.feature();
            figures.push(SeenFigure {
                owner: self.figure_owner(g),
                kind: kind_name(k),
                pos,
                feature: f.and_then(|f| self.feature_local(f)),
                feature_kind: f.and_then(|f| self.feature_kind(f)),
                corner: match at {
                    Location::Corner(_, c) => Some(c),
                    _ => None,
                },
                note: self.figure_note(g)?,
            });
        }
        let mut feature_notes = Vec::new();
        if rules.wants(hook::FEATURE_NOTE) {
            for f in (0..self.feature_count() as u16).map(FeatureId) {
                if let Some(note) = self.feature_note(f)? {
                    let (Some(t), Some(feature), Some(feature_kind)) = (
                        self.feature_tile(f),
                        self.feature_local(f),
                        self.feature_kind(f),
                    ) else {
                        continue;
                    };
                    feature_notes.push(SeenFeatureNote {
                        pos: self.tile_pos(t).unwrap_or_default(),
                        feature,
                        feature_kind,
                        note,
                    });
                }
            }
        }
        let player_notes = PlayerId::all(self.players())
            .map(|p| self.player_note(p))
            .collect::<Result<_, _>>()?;
        let mut plugins = BTreeMap::new();
        for (i, p) in rules.plugins.iter().enumerate() {
            let seen = if p.subs & hook::OBSERVE == 0 {
                self.plugin_words(i as u8)
            } else if let Some(player) = player {
                let mut text = String::new();
                p.hooks.observe(
                    &View {
                        game: self,
                        plugin: i as u8,
                    },
                    player,
                    &mut text,
                )?;
                serde_json::from_str(&text).map_err(|e| {
                    GameError::Hook(crate::HookError {
                        plugin: p.decl.id.clone(),
                        hook: "observe",
                        message: format!("it wrote no valid JSON: {e}"),
                    })
                })?
            } else {
                self.spectator_part(i).unwrap_or(Value::Null)
            };
            plugins.insert(p.decl.id.clone(), seen);
        }
        Ok(Observation {
            player: observer,
            players: self.players(),
            turn: self.turn(),
            current: self.current_player(),
            actor: match self.actor() {
                Actor::Player(p) => format!("player {p}"),
                Actor::Chance => "chance".into(),
                Actor::GameOver => "game over".into(),
            },
            scores: self.scores().to_vec(),
            drawn: self.drawn_tile().map(id),
            board: self
                .tiles()
                .iter()
                .enumerate()
                .map(|(i, t)| SeenTile {
                    pos: t.pos,
                    tile: id(t.ty),
                    rot: t.rot,
                    added: self.added_features(TileIndex(i as u16)),
                })
                .collect(),
            figures,
            off_board,
            feature_notes,
            player_notes,
            supply: PlayerId::all(self.players())
                .map(|p| {
                    rules
                        .figures
                        .iter()
                        .enumerate()
                        .filter(|(_, f)| f.per_player > 0)
                        .map(|(k, f)| (f.name.clone(), self.supply(p, FigureKindId(k as u8))))
                        .collect()
                })
                .collect(),
            hands: PlayerId::all(self.players())
                .map(|p| self.hand(p).map(id).collect())
                .collect(),
            unseen,
            bag_count: self.bag_len(),
            hidden_count: self.hidden_tiles().len(),
            set_aside: self.set_aside_tiles().iter().map(|&t| id(t)).collect(),
            lots: {
                let mut lots: BTreeMap<String, Vec<String>> = BTreeMap::new();
                for &(p, t) in self.lots() {
                    if let Some(e) = rules.plugins.get(usize::from(p)) {
                        lots.entry(e.decl.id.clone()).or_default().push(id(t));
                    }
                }
                lots
            },
            plugins,
        })
    }

    /// The plugins' public notes about figure `g` (their `figure_note` hooks),
    /// joined with ", "; `None` when no plugin has one. Fails if a hook fails.
    pub fn figure_note(&self, g: FigureId) -> Result<Option<String>, GameError> {
        self.figure_notes(g).map(joined)
    }

    /// The plugins' public notes about feature instance `f` (their
    /// `feature_note` hooks: a tower's height), joined with ", "; `None` when no
    /// plugin has one. Fails if a hook fails.
    pub fn feature_note(&self, f: FeatureId) -> Result<Option<String>, GameError> {
        self.feature_notes(f).map(joined)
    }

    /// The plugins' public notes about `player` (their `player_note` hooks:
    /// pieces left, prisoners), joined with ", "; `None` when no plugin has one.
    /// Fails if a hook fails.
    pub fn player_note(&self, player: PlayerId) -> Result<Option<String>, GameError> {
        self.player_notes(player).map(joined)
    }

    /// Each plugin's public note about figure `g`, one per plugin that has
    /// one, in declaration order: what front ends draw in each plugin's style.
    /// Fails if a hook fails.
    pub fn figure_notes(&self, g: FigureId) -> Result<Vec<PluginNote>, GameError> {
        self.notes(hook::FIGURE_NOTE, |h, v, out| h.figure_note(v, g, out))
    }

    /// Each plugin's public note about feature instance `f` (a tower's
    /// height), one per plugin that has one, in declaration order. Fails if a
    /// hook fails.
    pub fn feature_notes(&self, f: FeatureId) -> Result<Vec<PluginNote>, GameError> {
        self.notes(hook::FEATURE_NOTE, |h, v, out| h.feature_note(v, f, out))
    }

    /// Each plugin's public note about `player` (pieces left, prisoners), one
    /// per plugin that has one, in declaration order. Fails if a hook fails.
    pub fn player_notes(&self, player: PlayerId) -> Result<Vec<PluginNote>, GameError> {
        self.notes(hook::PLAYER_NOTE, |h, v, out| h.player_note(v, player, out))
    }

    /// The non-empty notes of the plugins subscribed to note hook `bit`, in
    /// declaration order, each as drawn: [`shown_note`].
    fn notes(
        &self,
        bit: u64,
        note: impl FnMut(&dyn crate::Hooks, &View<'_>, &mut String) -> crate::HookResult,
    ) -> Result<Vec<PluginNote>, GameError> {
        let mut all = Vec::new();
        self.raw_notes(bit, note, |plugin, text| {
            let note = shown_note(text);
            if !note.is_empty() {
                all.push(PluginNote { plugin, note });
            }
        })?;
        Ok(all)
    }

    /// Each note of the plugins subscribed to note hook `bit` as the hook
    /// wrote it, to `each` with the plugin's id, in declaration order.
    fn raw_notes(
        &self,
        bit: u64,
        mut note: impl FnMut(&dyn crate::Hooks, &View<'_>, &mut String) -> crate::HookResult,
        mut each: impl FnMut(String, &str),
    ) -> Result<(), GameError> {
        if !self.rules().wants(bit) {
            return Ok(());
        }
        for (i, p) in self.rules().plugins.iter().enumerate() {
            if p.subs & bit == 0 {
                continue;
            }
            let mut text = String::new();
            let v = View {
                game: self,
                plugin: i as u8,
            };
            note(&*p.hooks, &v, &mut text)?;
            each(p.decl.id.clone(), &text);
        }
        Ok(())
    }

    /// The first note of any plugin, about any figure, feature or player,
    /// that the conformance kit refuses ([`note_problem`]), named with its
    /// plugin and hook; `None` when every note is shown as written. Fails if
    /// a note hook fails.
    pub fn note_problems(&self) -> Result<Option<String>, GameError> {
        let mut found = None;
        let check = |found: &mut Option<String>, hook: &str, plugin: String, text: &str| {
            if found.is_none() {
                *found =
                    note_problem(text).map(|p| format!("plugin `{plugin}`'s `{hook}` gave {p}"));
            }
        };
        for g in (0..self.figure_count() as u16).map(FigureId) {
            if found.is_some() {
                return Ok(found);
            }
            self.raw_notes(
                hook::FIGURE_NOTE,
                |h, v, out| h.figure_note(v, g, out),
                |plugin, text| check(&mut found, "figure_note", plugin, text),
            )?;
        }
        for f in (0..self.feature_count() as u16).map(FeatureId) {
            if found.is_some() {
                return Ok(found);
            }
            self.raw_notes(
                hook::FEATURE_NOTE,
                |h, v, out| h.feature_note(v, f, out),
                |plugin, text| check(&mut found, "feature_note", plugin, text),
            )?;
        }
        for p in PlayerId::all(self.players()) {
            self.raw_notes(
                hook::PLAYER_NOTE,
                |h, v, out| h.player_note(v, p, out),
                |plugin, text| check(&mut found, "player_note", plugin, text),
            )?;
        }
        Ok(found)
    }

    /// All of a plugin's state words by scope, as JSON: `game` (words), `players`
    /// (words per player), `features` and `figures` (the non-zero blocks by id),
    /// and `tiles` (the same, by placed tile) for a plugin with per-tile state.
    pub fn plugin_words(&self, plugin: u8) -> Value {
        let nonzero = |get: &dyn Fn(usize) -> Option<Vec<u32>>, n: usize| {
            let mut m = serde_json::Map::new();
            for i in 0..n {
                if let Some(w) = get(i).filter(|w| w.iter().any(|&x| x != 0)) {
                    m.insert(i.to_string(), json!(w));
                }
            }
            Value::Object(m)
        };
        let mut words = json!({
            "game": self.plugin_state(plugin).unwrap_or(&[]),
            "players": PlayerId::all(self.players())
                .map(|p| self.plugin_player_state(plugin, p).unwrap_or(&[]).to_vec())
                .collect::<Vec<_>>(),
            "features": nonzero(
                &|f| self.plugin_feature_state(plugin, FeatureId(f as u16)).map(<[u32]>::to_vec),
                self.feature_count(),
            ),
            "figures": nonzero(
                &|g| self.plugin_figure_state(plugin, FigureId(g as u16)).map(<[u32]>::to_vec),
                self.figure_count(),
            ),
        });
        let tile_words = self
            .rules()
            .plugins
            .get(plugin as usize)
            .map_or(0, |p| p.decl.state.tile);
        if tile_words > 0 {
            words["tiles"] = nonzero(
                &|t| {
                    self.plugin_tile_state(plugin, TileIndex(t as u16))
                        .map(<[u32]>::to_vec)
                },
                self.placed_count(),
            );
        }
        words
    }
}

/// The notes' texts joined with ", " (`None`: no note).
fn joined(notes: Vec<PluginNote>) -> Option<String> {
    (!notes.is_empty()).then(|| {
        let texts: Vec<String> = notes.into_iter().map(|n| n.note).collect();
        texts.join(", ")
    })
}

/// Whether no player has a note (the observation then omits them).
fn no_notes(notes: &[Option<String>]) -> bool {
    notes.iter().all(Option::is_none)
}

/// The longest note, in characters, a plugin's note hook may give
/// (`figure_note`, `feature_note`, `player_note`): a longer one is cut there
/// where it is shown, and the conformance kit refuses it.
pub const MAX_NOTE_CHARS: usize = 80;

/// A plugin's note as front ends get it: every character that breaks a line
/// (a control character, a line or paragraph separator) a space, trimmed, at
/// most [`MAX_NOTE_CHARS`] characters (a longer note cut, ending in `…`).
pub fn shown_note(text: &str) -> String {
    let one_line: String = text
        .chars()
        .map(|c| if breaks_line(c) { ' ' } else { c })
        .collect();
    let text = one_line.trim();
    if text.chars().count() <= MAX_NOTE_CHARS {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(MAX_NOTE_CHARS - 1).collect();
    cut.push('…');
    cut
}

/// Whether `c` breaks a note's line where it is drawn: a control character
/// (a line break, a tab) or a line or paragraph separator.
pub(crate) fn breaks_line(c: char) -> bool {
    c.is_control() || c == '\u{2028}' || c == '\u{2029}'
}

/// Why a plugin's note as written is refused by the conformance kit (more
/// than [`MAX_NOTE_CHARS`] characters, or a character that breaks a line),
/// if it is.
pub fn note_problem(text: &str) -> Option<String> {
    let text = text.trim();
    let n = text.chars().count();
    if n > MAX_NOTE_CHARS {
        return Some(format!(
            "a note of {n} characters (at most {MAX_NOTE_CHARS}): {:?}",
            text.chars().take(40).collect::<String>()
        ));
    }
    text.chars()
        .any(breaks_line)
        .then(|| format!("a note that is not one line: {text:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_is_shown_as_one_short_line_and_the_kit_refuses_any_other() {
        assert_eq!(shown_note("  3 sheep \n"), "3 sheep");
        assert_eq!(note_problem("  3 sheep \n"), None);
        assert_eq!(shown_note("a\nb\tc"), "a b c");
        assert_eq!(shown_note("abc\u{7}"), "abc");
        assert_eq!(shown_note("a\u{2028}b"), "a b");
        assert!(note_problem("a\u{2029}b").is_some());
        assert_eq!(
            note_problem("a\nb").as_deref(),
            Some("a note that is not one line: \"a\\nb\"")
        );
        let long = "x".repeat(MAX_NOTE_CHARS + 1);
        let shown = shown_note(&long);
        assert_eq!(shown.chars().count(), MAX_NOTE_CHARS);
        assert!(shown.ends_with('…'));
        assert!(note_problem(&long)
            .unwrap()
            .starts_with("a note of 81 characters (at most 80)"));
        let exact = "é".repeat(MAX_NOTE_CHARS);
        assert_eq!(shown_note(&exact), exact);
        assert_eq!(note_problem(&exact), None);
    }
}
