//! Why an action is not legal: the reasons [`Game::apply`] gives, in words a
//! player understands (the side that clashes, the tile that is used up, the
//! figure that is missing), instead of "not legal".

use super::{Game, Stage};
use crate::hooks::{hook, FigureOption, Outcome, Placement, View, CORE_OWNER};
use crate::rules::{FarmerScoring, PluginEntry};
use crate::types::*;
use crate::HookError;

/// A side kind in words (`city`, `` `river` barrier side``).
fn side_name(g: &Game, k: SideKind) -> String {
    match k {
        SideKind::City => "city".into(),
        SideKind::Road => "road".into(),
        SideKind::Field => "field".into(),
        SideKind::Any => "side no feature reaches".into(),
        SideKind::Barrier(id) => format!(
            "`{}` barrier side",
            g.rules.tiles.barriers.name(id).unwrap_or("?")
        ),
    }
}

const SIDE_NAMES: [&str; 4] = ["north", "east", "south", "west"];

/// How many options of a decision an error names ([`Game::decision_problem`]).
const LISTED_OPTIONS: usize = 12;

impl Game {
    /// Why placing the drawn tile at `p` is refused (the caller knows it is).
    pub(super) fn placement_problem(&self, p: Placement) -> String {
        if p == Placement::SET_ASIDE {
            return "the tile fits somewhere without an optional piece: it cannot be set aside"
                .into();
        }
        if let Some(i) = p.piece.plugin() {
            let id = self
                .rules
                .plugins
                .get(usize::from(i))
                .map_or("?", |e| &e.decl.id);
            return format!("plugin `{id}` offers no such piece with the tile there");
        }
        if self.tile_at(p.pos).is_some() {
            return format!("there is already a tile at {}", p.pos);
        }
        // The neighbours, in i32 so that a position at the edge of i16 has none there.
        let next = |d: Side| -> Option<Pos> {
            let (dx, dy) = [(0, -1), (1, 0), (0, 1), (-1, 0)][d as usize];
            let x = i16::try_from(i32::from(p.pos.x) + dx).ok()?;
            let y = i16::try_from(i32::from(p.pos.y) + dy).ok()?;
            Some(Pos::new(x, y))
        };
        let neighbour = |d: Side| next(d).and_then(|q| self.tile_at(q));
        if Side::ALL.iter().all(|&d| neighbour(d).is_none()) {
            return format!("{} is not next to any tile", p.pos);
        }
        let Some(tt) = self.rules.tiles.get(TileTypeId(self.turn.drawn)) else {
            return "no tile is waiting to be placed".into();
        };
        let same = tt.same_rotation[p.rot.index()];
        if same != p.rot {
            return format!(
                "rotation {} gives the same tile as rotation {same}: use {same}",
                p.rot
            );
        }
        let sides = tt.sides(p.rot);
        let clashes: Vec<String> = Side::ALL
            .iter()
            .filter_map(|&d| {
                let theirs = self.tile_sides(neighbour(d)?)?.get(d.opposite());
                let mine = sides.get(d);
                (!mine.fits(theirs)).then(|| {
                    format!(
                        "its {} side ({}) meets a {}",
                        SIDE_NAMES[d as usize],
                        side_name(self, mine),
                        side_name(self, theirs)
                    )
                })
            })
            .collect();
        if clashes.is_empty() {
            self.refusing_plugin(TileTypeId(self.turn.drawn), p)
        } else {
            format!("the tile does not fit there: {}", clashes.join(", "))
        }
    }

    /// Why figure option `o` is refused (the caller knows it is).
    pub(super) fn figure_problem(&self, o: FigureOption) -> String {
        let FigureOption::Deploy { kind, at } = o else {
            return "not an option of the figure step now".into();
        };
        let Some(fk) = self.rules.figure(kind) else {
            return format!("there is no figure kind {}", kind.0);
        };
        let Some(t) = self.last_placed() else {
            return "no tile has been placed this turn".into();
        };
        if !self.valid_location(at) {
            return "there is no such place on the board".into();
        }
        if self.supply(self.turn.current, kind) == 0 {
            return format!("you have no {} left", fk.name);
        }
        let Some(f) = at.feature() else {
            return format!("{} cannot be put on a tile now", with_article(&fk.name));
        };
        let fkind = self.feature_kind(f).unwrap_or_default();
        // Off the placed tile only through a plugin's standing offer (a
        // magic portal's open features, deployments onto a feature): then
        // the reasons below say why this one is not among them.
        let off_tile = self.feature_tile(f) != Some(t);
        let offered_off_tile = !self.offers.deploy.is_empty()
            || (!self.offers.open.is_empty() && self.open_offered_on(t));
        if off_tile && !offered_off_tile {
            return format!(
                "{} goes on a feature of the tile just placed",
                with_article(&fk.name)
            );
        }
        if !fk.stands_on.contains(fkind) {
            return format!("{} cannot stand on a {fkind}", with_article(&fk.name));
        }
        if fk.follower
            && fkind == FeatureKind::Field
            && self.rules.options.farmers == FarmerScoring::Off
        {
            return "farmers are off in this ruleset (core.farmers = \"off\")".into();
        }
        if fk.occupies && self.occupants(f).unwrap_or(0) > 0 {
            return format!("the {fkind} is already occupied");
        }
        if fk.marked_only.contains(fkind)
            && self
                .feats
                .recs
                .get(f.index())
                .is_some_and(|ft| !self.marked_for_kind(kind, ft))
        {
            return format!(
                "{} stands on a {fkind} only where it carries its plugin's marker",
                with_article(&fk.name)
            );
        }
        if fk.beside_follower && self.has_follower_in(self.turn.current, f) == Some(false) {
            return format!(
                "{} goes only into a {fkind} that holds one of your followers",
                with_article(&fk.name)
            );
        }
        if (fk.open_only || off_tile) && self.is_complete(f) == Some(true) {
            return format!(
                "{} does not go onto a completed {fkind}",
                with_article(&fk.name)
            );
        }
        if let Some(id) = self.vetoing_plugin(o) {
            return format!(
                "plugin `{id}`'s rule forbids {} there",
                with_article(&fk.name)
            );
        }
        if off_tile {
            return format!(
                "{} goes on a feature of the tile just placed, or where a plugin offers one",
                with_article(&fk.name)
            );
        }
        format!(
            "{} cannot be deployed on that {fkind} now",
            with_article(&fk.name)
        )
    }

    /// The plugin whose veto (`filter_figure_options`) refuses option `o`.
    fn vetoing_plugin(&self, o: FigureOption) -> Option<String> {
        let (e, _) = self.first_refusing(hook::FILTER_FIGURE_OPTIONS, |e, v, keep| {
            e.hooks.filter_figure_options(v, &[o], keep)
        })?;
        Some(e.decl.id.clone())
    }

    /// The first subscriber of filter hook `bit` (not switched off) whose
    /// `filter` call on one item succeeds and clears its `keep`, with a view
    /// for it.
    fn first_refusing(
        &self,
        bit: u64,
        mut filter: impl FnMut(&PluginEntry, &View<'_>, &mut [bool]) -> Result<(), HookError>,
    ) -> Option<(&PluginEntry, View<'_>)> {
        for &i in self.rules.subscribers(bit) {
            if self.switched_off(i, bit) {
                continue;
            }
            let Some(e) = self.rules.plugins.get(usize::from(i)) else {
                continue;
            };
            let v = View {
                game: self,
                plugin: i,
            };
            let mut keep = [true];
            if filter(e, &v, &mut keep).is_ok() && !keep[0] {
                return Some((e, v));
            }
        }
        None
    }

    /// Why an option is no option of the pending decision, whose options are
    /// `codes`: it names them as actions are written (the first
    /// [`LISTED_OPTIONS`]), so that a script's author sees how each is named
    /// (a feature spanning several tiles by its lowest instance).
    pub(super) fn decision_problem(&self, codes: &[u32]) -> String {
        format!(
            "not an option of the pending decision (its options: {})",
            self.options_text(codes)
        )
    }

    /// The options of the pending decision as actions are written (the first
    /// [`LISTED_OPTIONS`]), for an error about a value that is none of them;
    /// `None` when no decision is pending, or its options cannot be listed.
    pub(crate) fn pending_options_text(&self) -> Option<String> {
        let s = *self.turn.pending.last().filter(|s| !s.chance)?;
        let mut codes = Vec::new();
        self.step_options_into(s, &mut codes).ok()?;
        Some(self.options_text(&codes))
    }

    /// `codes`, options of the pending decision, as actions are written.
    fn options_text(&self, codes: &[u32]) -> String {
        let mut names: Vec<String> = codes
            .iter()
            .take(LISTED_OPTIONS)
            .map(|&c| format!("`{}`", self.format_action(super::Action::Choose(c))))
            .collect();
        if codes.len() > LISTED_OPTIONS {
            names.push(format!("and {} more", codes.len() - LISTED_OPTIONS));
        }
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join(", ")
        }
    }

    /// Why chance outcome `c` is refused (the caller knows it is).
    pub(super) fn outcome_problem(&self, c: u32, possible: &[Outcome]) -> String {
        let tile_stream = match self.turn.pending.last() {
            None => self.turn.stage == Stage::Draw,
            Some(s) => s.owner == CORE_OWNER,
        };
        if tile_stream {
            let Some(t) = self.rules.tiles.types.get(c as usize) else {
                return format!("there is no tile type {c}");
            };
            let ty = TileTypeId(c as u16);
            if self.bag.count(ty) == 0 {
                return format!("no `{}` left in the bag", t.id);
            }
            return match self.holding_back(ty) {
                Some(p) => format!(
                    "`{}` is in the bag, but plugin `{p}` holds it back from this draw",
                    t.id
                ),
                None => format!("`{}` cannot be drawn now", t.id),
            };
        }
        let names: Vec<String> = possible
            .iter()
            .filter(|o| o.weight > 0)
            .map(|o| self.outcome_name(o.code))
            .collect();
        format!(
            "`{}` is not possible now (possible: {})",
            self.outcome_name(c),
            if names.is_empty() {
                "nothing".into()
            } else {
                names.join(", ")
            }
        )
    }
}

impl Game {
    /// The plugin whose `filter_draws` holds tile type `ty` back from the
    /// current draw, if one does (for error messages: a cold path).
    /// The placements of the drawn tile whose sides fit but that a plugin's
    /// rule refuses, each with the reason [`Game::apply`] gives for it (the
    /// refusing plugin's `placement_refusal`), for front ends that show why a
    /// square is refused (the river may not turn back). Empty unless a player
    /// is to place the drawn tile.
    pub fn refused_placements(&self) -> Vec<(Placement, String)> {
        if self.turn.stage != Stage::Place
            || !self.turn.pending.is_empty()
            || !matches!(self.actor(), crate::Actor::Player(_))
        {
            return Vec::new();
        }
        let ty = TileTypeId(self.turn.drawn);
        let (mut raw, mut legal) = (Vec::new(), Vec::new());
        self.raw_placements(ty, &mut raw);
        if self
            .placements_into(ty, &mut legal, &mut Vec::new())
            .is_err()
        {
            return Vec::new();
        }
        raw.into_iter()
            .filter(|p| !legal.contains(p))
            .map(|p| (p, self.refusing_plugin(ty, p)))
            .collect()
    }

    /// The plugin whose placement filter refuses placement `p` of tile type
    /// `ty`, with its reason (`placement_refusal`) if it gives one.
    fn refusing_plugin(&self, ty: TileTypeId, p: Placement) -> String {
        let Some((e, v)) = self.first_refusing(hook::FILTER_PLACEMENTS, |e, v, keep| {
            e.hooks.filter_placements(v, ty, &[p], keep)
        }) else {
            return "a plugin's rule forbids this placement".into();
        };
        let mut why = String::new();
        if e.subs & hook::PLACEMENT_REFUSAL != 0 {
            let _ = e.hooks.placement_refusal(&v, ty, p, &mut why);
        }
        let id = &e.decl.id;
        if why.is_empty() {
            format!("plugin `{id}`'s rule forbids this placement")
        } else {
            format!("{why} (plugin `{id}`)")
        }
    }

    fn holding_back(&self, ty: TileTypeId) -> Option<String> {
        if let Some(i) = self.holding_back_as_data(ty) {
            return Some(self.rules.plugins.get(usize::from(i))?.decl.id.clone());
        }
        let (e, _) = self.first_refusing(hook::FILTER_DRAWS, |e, v, keep| {
            e.hooks.filter_draws(v, &[ty], keep)
        })?;
        Some(e.decl.id.clone())
    }
}

/// `name` with its indefinite article: `a follower`, `an abbot`.
fn with_article(name: &str) -> String {
    let vowel = name
        .chars()
        .next()
        .is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {name}", if vowel { "an" } else { "a" })
}
