//! Labels of actions for people: what a button or a listed choice says
//! (`Move the dragon east`), apart from the record text an action is stored
//! and typed as (`dragon E`, [`Game::format_action`]).
//!
//! A plugin labels its values with [`Hooks::value_label`](crate::Hooks::value_label)
//! (decision options, special figure options, pieces); an empty label, the
//! default, means "no label", and the record text is shown. A label sees no
//! game, so the core fills in two placeholders where it stands:
//!
//! | placeholder | filled with | e.g. |
//! |---|---|---|
//! | [`LABEL_PLACE`] `{S}` | the place the value's code names as a spot ([`spot_of_code`]) | `the road at (3, -1)`, `the tile at (3, -1)` |
//! | [`LABEL_FIGURE`] `{F}` | the figure the value's code names ([`FIGURE_CODE`](crate::FIGURE_CODE)) | `{P1}'s large follower on the city at (3, -1)` |
//!
//! Player placeholders (`{P0}`..`{P5}`) are left as they are, as in the
//! prompts of [`Hooks::describe_step`](crate::Hooks::describe_step): front
//! ends name the players in both the same way (`carcassonne_render::log::names_in`).

use crate::game::{Action, Game};
use crate::hooks::{code_figure, FigureOption, NameCtx, Placement, CORE_OWNER};
use crate::types::*;
use carcassonne_vocab::{spot_of_code, LABEL_FIGURE, LABEL_PLACE};

/// The longest label, in characters, a plugin may give (as it writes it,
/// placeholders unfilled): the conformance kit refuses a longer one.
pub const MAX_LABEL_CHARS: usize = 80;

/// What a plugin says about one action: its index, its label as written, and
/// the value code the label is of.
struct PluginLabel {
    plugin: u8,
    text: String,
    code: u32,
}

impl Game {
    /// A person's text of action `a` in the current state: for a plugin's
    /// decision option ([`Action::Choose`]), special figure option and piece
    /// laid with a placement, the plugin's [`value_label`](crate::Hooks::value_label)
    /// with the core's placeholders filled in ([`LABEL_PLACE`],
    /// [`LABEL_FIGURE`]; player placeholders `{P0}` are left to front ends,
    /// as in prompts); for every other action, or when the plugin gives no
    /// label, the record text ([`Game::format_action`]). Never parsed: what a
    /// person types or a record stores stays the record text.
    pub fn action_label(&self, a: Action) -> String {
        let Some(l) = self.plugin_label(a) else {
            return self.format_action(a);
        };
        let label = self.fill_label(&l.text, l.code);
        match a {
            // The placement as written, then the piece as people read it.
            Action::Place(p) => {
                let plain = Placement::new(p.pos, p.rot);
                format!("{} {label}", self.format_action(Action::Place(plain)))
            }
            _ => label,
        }
    }

    /// How people read piece `p` laid with a placement (`with a west–east
    /// bridge on this tile`): its plugin's label filled in, as
    /// [`Game::action_label`] appends it; `None` for no piece, or a plugin
    /// that gives no label.
    pub fn piece_label(&self, p: Placement) -> Option<String> {
        let l = self.plugin_label(Action::Place(p))?;
        Some(self.fill_label(&l.text, l.code))
    }

    /// Checks the label of action `a` as the conformance kit does: a label a
    /// plugin gives is at most [`MAX_LABEL_CHARS`] characters as written and,
    /// filled in, one line without control characters. `Err` names the plugin.
    pub fn check_action_label(&self, a: Action) -> Result<(), String> {
        let Some(l) = self.plugin_label(a) else {
            return Ok(());
        };
        let id = self
            .rules()
            .plugins
            .get(usize::from(l.plugin))
            .map_or("?", |p| p.decl.id.as_str());
        let record = self.format_action(a);
        let n = l.text.chars().count();
        if n > MAX_LABEL_CHARS {
            return Err(format!(
                "plugin `{id}`: the label of `{record}` has {n} characters \
                 (at most {MAX_LABEL_CHARS}): {:?}",
                l.text
            ));
        }
        let label = self.action_label(a);
        if label.chars().any(char::is_control) {
            return Err(format!(
                "plugin `{id}`: the label of `{record}` is not one line of text: {label:?}"
            ));
        }
        Ok(())
    }

    /// The label the owning plugin gives action `a`, if it gives one.
    fn plugin_label(&self, a: Action) -> Option<PluginLabel> {
        let (plugin, what, code) = match a {
            Action::Choose(c) => {
                let s = self
                    .pending_steps()
                    .last()
                    .filter(|s| s.owner != CORE_OWNER)?;
                (s.owner, NameCtx::Step(*s), c)
            }
            Action::Figure(FigureOption::Special { plugin, code }) => {
                (plugin, NameCtx::Special, code)
            }
            Action::Place(p) if p != Placement::SET_ASIDE => {
                (p.piece.plugin()?, NameCtx::Piece, p.piece.code())
            }
            _ => return None,
        };
        let entry = self.rules().plugins.get(usize::from(plugin))?;
        let text = entry.hooks.value_label(what, code);
        (!text.trim().is_empty()).then_some(PluginLabel { plugin, text, code })
    }

    /// `text` with [`LABEL_PLACE`] and [`LABEL_FIGURE`] filled in for value `code`.
    fn fill_label(&self, text: &str, code: u32) -> String {
        let mut s = text.to_string();
        if s.contains(LABEL_PLACE) {
            s = s.replace(LABEL_PLACE, &self.spot_label(code));
        }
        if s.contains(LABEL_FIGURE) {
            let figure = code_figure(code)
                .and_then(|g| self.figure_label(g))
                .unwrap_or_else(|| "a figure".into());
            s = s.replace(LABEL_FIGURE, &figure);
        }
        s
    }

    /// The place a spot code names, as people read it: `the road at (3, -1)`,
    /// `the garden at (0, 2)` (a spot by its marker), `the tile at (3, -1)`.
    fn spot_label(&self, code: u32) -> String {
        let (pos, local) = spot_of_code(code);
        let feature = local.and_then(|l| self.feature_of(self.tile_at(pos)?, l));
        match (local, feature) {
            (None, _) => format!("the tile at {pos}"),
            (Some(_), Some(f)) => self.feature_place(f),
            (Some(l), None) => format!("feature {l} at {pos}"),
        }
    }

    /// Where feature `f` is, as people read it: `the road at (3, -1)`, or with
    /// another feature of its kind on its tile, the board sides it reaches:
    /// `the road on the N and W sides of (3, -1)`.
    fn feature_place(&self, f: FeatureId) -> String {
        let word = self.feature_word(f);
        let (Some(t), Some(l)) = (self.feature_tile(f), self.feature_local(f)) else {
            return format!("the {word}");
        };
        let pos = self.tile_pos(t).unwrap_or_default();
        let kind = self.tile_feature_kind(t, l);
        let n = self.tile_feature_count(t).unwrap_or(0);
        let alike = (0..n)
            .filter(|&k| self.tile_feature_kind(t, k) == kind)
            .count();
        let sides: Vec<&str> = match self.placed_geometry(t) {
            Some(g) if alike > 1 => Side::ALL
                .iter()
                .filter(|&&d| (0..3).any(|k| g.slot_feature[d as usize * 3 + k] == l))
                .map(|d| ["N", "E", "S", "W"][*d as usize])
                .collect(),
            _ => Vec::new(),
        };
        match sides.as_slice() {
            [] => format!("the {word} at {pos}"),
            [d] => format!("the {word} on the {d} side of {pos}"),
            [first @ .., last] => {
                format!(
                    "the {word} on the {} and {last} sides of {pos}",
                    first.join(", ")
                )
            }
        }
    }

    /// A feature's word: its kind, or for a spot its first marker (`garden`).
    fn feature_word(&self, f: FeatureId) -> String {
        match self.feature_kind(f) {
            Some(FeatureKind::Spot) => {
                let m = self.feature_markers(f).unwrap_or(0);
                (0..64u8)
                    .find(|i| m & (1 << i) != 0)
                    .and_then(|i| self.rules().tiles.markers.name(i))
                    .unwrap_or("spot")
                    .to_string()
            }
            Some(k) => k.to_string(),
            None => "feature".into(),
        }
    }

    /// A figure as people read it: `{P1}'s large follower on the city at
    /// (3, -1)`, `{P0}'s follower in the castle`, `{P2}'s follower held by
    /// {P0}`, `{P0}'s abbot` (in his supply), `the dragon on the tile at
    /// (0, 1)`.
    fn figure_label(&self, fig: FigureId) -> Option<String> {
        let kind = self
            .figure_kind_name(self.figure_kind(fig)?)?
            .replace('-', " ");
        let who = match self.figure_owner(fig) {
            Some(p) => format!("{{P{p}}}'s {kind}"),
            None => format!("the {kind}"),
        };
        let place = match self.figure_location(fig) {
            None => String::new(),
            Some(Location::Held(p)) => format!(" held by {{P{p}}}"),
            Some(Location::Area(a)) => format!(" in the {}", self.area_name(a)?),
            Some(Location::Feature(f) | Location::Corner(f, _)) => {
                format!(" on {}", self.feature_place(f))
            }
            Some(Location::Tile(t)) => format!(" on the tile at {}", self.tile_pos(t)?),
        };
        Some(format!("{who}{place}"))
    }
}
