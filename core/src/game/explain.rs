//! Why an action is not legal: the reasons [`Game::apply`] gives, in words a
//! player understands (the side that clashes, the tile that is used up, the
//! figure that is missing), instead of "not legal".

use super::{Game, Stage};
use crate::hooks::{FigureOption, Placement, CORE_OWNER};
use crate::rules::FarmerScoring;
use crate::types::*;

fn edge_name(e: EdgeKind) -> &'static str {
    match e {
        EdgeKind::City => "city",
        EdgeKind::Road => "road",
        EdgeKind::Field => "field",
    }
}

const SIDE_NAMES: [&str; 4] = ["north", "east", "south", "west"];

impl Game {
    /// Why placing the drawn tile at `p` is refused (the caller knows it is).
    pub(super) fn placement_problem(&self, p: Placement) -> String {
        if p.rot > 3 {
            return format!("rotation {}: rotations are 0 to 3", p.rot);
        }
        if self.tile_at(p.pos).is_some() {
            return format!("there is already a tile at {}", p.pos);
        }
        if Side::ALL
            .iter()
            .all(|&d| self.tile_at(p.pos.step(d)).is_none())
        {
            return format!("{} is not next to any tile", p.pos);
        }
        let tt = self.rules.tiles.get(self.drawn);
        let same = tt.same_rotation[p.rot as usize];
        if same != p.rot {
            return format!(
                "rotation {} gives the same tile as rotation {same}: use {same}",
                p.rot
            );
        }
        let edges = &tt.rot[p.rot as usize].edges;
        let clashes: Vec<String> = Side::ALL
            .iter()
            .filter_map(|&d| {
                let t = self.tile_at(p.pos.step(d))?;
                let n = self.tiles[t as usize];
                let theirs =
                    self.rules.tiles.get(n.ty).rot[n.rot as usize].edges[d.opposite() as usize];
                let mine = edges[d as usize];
                (theirs != mine).then(|| {
                    format!(
                        "its {} side ({}) meets a {}",
                        SIDE_NAMES[d as usize],
                        edge_name(mine),
                        edge_name(theirs)
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
        let FigureOption::Deploy { kind, feature } = o else {
            return "not an option of the figure step now".into();
        };
        let Some(fk) = self.rules.figures.get(kind as usize) else {
            return format!("there is no figure kind {kind}");
        };
        let t = self.last_tile;
        if t == NONE16 {
            return "no tile has been placed this turn".into();
        }
        let tt = self.tile_type(t);
        let Some(f) = tt.features.get(feature as usize) else {
            return format!(
                "the tile just placed has no feature {feature} (it has features 0 to {})",
                tt.features.len().saturating_sub(1)
            );
        };
        if self.supply(self.current, kind) == 0 {
            return format!("you have no {} left", fk.name);
        }
        let f_id = self.feature_of(t, feature);
        if kind == crate::rules::FOLLOWER {
            if f.kind == FeatureKind::Spot {
                return "a follower cannot stand on a spot".into();
            }
            if f.kind == FeatureKind::Field && self.rules.options.farmers == FarmerScoring::Off {
                return "farmers are off in this ruleset (core.farmers = \"off\")".into();
            }
            if self.occupants(f_id) > 0 {
                return format!("the {} is already occupied", f.kind);
            }
        }
        format!("a {} cannot be deployed on that {} now", fk.name, f.kind)
    }

    /// Why chance outcome `c` is refused (the caller knows it is).
    pub(super) fn outcome_problem(&self, c: u32, possible: &[(u32, u32)]) -> String {
        let tile_stream = match self.pending.last() {
            None => self.stage == Stage::Draw,
            Some(s) => s.owner == CORE_OWNER,
        };
        if tile_stream {
            return match self.rules.tiles.types.get(c as usize) {
                Some(t) => format!("no `{}` left in the bag", t.id),
                None => format!("there is no tile type {c}"),
            };
        }
        let names: Vec<String> = possible
            .iter()
            .filter(|&&(_, w)| w > 0)
            .map(|&(o, _)| self.outcome_name(o))
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
