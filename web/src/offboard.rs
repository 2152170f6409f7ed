//! Tiles off the board that a page shows beside it: those that come next when
//! a plugin's draw filter holds some back (the river's before its lake), and
//! the tiles drawn face up into the plugins' lots (the bazaar's).

use carcassonne_core::Game;
use carcassonne_render::Style;
use serde::Serialize;

/// One plugin's lot (see [`View::lots`](crate::view::View::lots)).
#[derive(Serialize, Debug)]
pub struct Lot {
    /// The plugin's id.
    pub plugin: String,
    /// Its tiles in the order drawn: id and picture (SVG).
    pub tiles: Vec<(String, String)>,
}

/// The plugins' lots of `g`, each with its tiles' pictures.
pub(crate) fn lots(g: &Game, style: &Style) -> Vec<Lot> {
    let mut out: Vec<Lot> = Vec::new();
    for &(plugin, t) in g.lots() {
        let Some(ty) = g.rules().tiles.get(t) else {
            continue;
        };
        let id = g
            .rules()
            .plugins
            .get(usize::from(plugin))
            .map_or("?", |p| p.decl.id.as_str());
        let tile = (
            ty.id.clone(),
            carcassonne_render::tile_picture(g, ty, 0, 60.0, style),
        );
        match out.iter_mut().find(|l| l.plugin == id) {
            Some(l) => l.tiles.push(tile),
            None => out.push(Lot {
                plugin: id.to_string(),
                tiles: vec![tile],
            }),
        }
    }
    out
}

/// A group of tiles that come before the rest (see [`View::coming`](crate::view::View::coming)).
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct Coming {
    /// How many tiles of the bag the group holds.
    pub count: u32,
    /// Its tile types with their copies (`RI.1/IFI ×2`), in type order, when
    /// it has at most [`COMING_NAMED`] types (else empty: "72 tiles").
    pub tiles: Vec<String>,
}

/// The most tile types a [`Coming`] group names.
pub const COMING_NAMED: usize = 12;

/// The groups of tiles in the order the draw filters let them come (at
/// most 4, the rest as one last group), or none when the next draw may give
/// any tile of the bag.
pub(crate) fn coming(g: &Game) -> Vec<Coming> {
    let Ok(groups) = g.draw_groups(4) else {
        return Vec::new();
    };
    let grouped: u32 = groups.iter().flatten().map(|&(_, n)| n).sum();
    let rest = (g.bag_len() as u32).saturating_sub(grouped);
    if groups.len() < 2 && rest == 0 {
        return Vec::new();
    }
    let mut out: Vec<Coming> = groups
        .iter()
        .map(|group| Coming {
            count: group.iter().map(|&(_, n)| n).sum(),
            tiles: if group.len() <= COMING_NAMED {
                group
                    .iter()
                    .map(|&(t, n)| {
                        let name = g.tile_type_name(t).unwrap_or("?");
                        if n > 1 {
                            format!("{name} ×{n}")
                        } else {
                            name.to_string()
                        }
                    })
                    .collect()
            } else {
                Vec::new()
            },
        })
        .collect();
    if rest > 0 {
        out.push(Coming {
            count: rest,
            tiles: Vec::new(),
        });
    }
    out
}
