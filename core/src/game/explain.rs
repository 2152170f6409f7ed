//! Why an action is not legal: the reasons [`Game::apply`] gives, in words a
//! player understands (the side that clashes, the tile that is used up, the
//! figure that is missing), instead of "not legal".

use super::{Game, Stage};
use crate::hooks::{hook, FigureOption, Outcome, Placement, View, CORE_OWNER};
use crate::rules::FarmerScoring;
use crate::types::*;

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
            "a plugin's rule forbids this placement".into()
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
            return format!("a {} cannot be put on a tile now", fk.name);
        };
        let fkind = self.feature_kind(f).unwrap_or_default();
        if self.feature_tile(f) != Some(t) {
            return format!("a {} goes on a feature of the tile just placed", fk.name);
        }
        if !fk.stands_on.contains(fkind) {
            return format!("a {} cannot stand on a {fkind}", fk.name);
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
        format!("a {} cannot be deployed on that {fkind} now", fk.name)
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
    fn holding_back(&self, ty: TileTypeId) -> Option<String> {
        for &i in self.rules.subscribers(hook::FILTER_DRAWS) {
            if self.switched_off(i, hook::FILTER_DRAWS) {
                continue;
            }
            let p = self.rules.plugins.get(usize::from(i))?;
            let mut keep = [true];
            let v = View {
                game: self,
                plugin: i,
            };
            if p.hooks.filter_draws(&v, &[ty], &mut keep).is_ok() && !keep[0] {
                return Some(p.decl.id.clone());
            }
        }
        None
    }
}
