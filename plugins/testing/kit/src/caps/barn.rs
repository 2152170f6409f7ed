//! `kit-barn`: a figure at a tile corner. The barn is deployed on a field corner
//! of the placed tile where the three other tiles around that corner exist and
//! have a field corner there too; it occupies its field (no farmer may join), and
//! when it is placed the farmers already in the field are scored at once as a
//! unit of their own (3 per completed city) and sent home.

use carcassonne_plugin_sdk::prelude::*;

/// The plugin.
pub struct Barn;

impl Barn {
    /// The field corner of the placed tile at `c`, if the three tiles around that
    /// corner exist and each has a field corner there.
    fn barn_spot(v: &View<'_>, t: TileIndex, c: Corner) -> Option<FeatureId> {
        let field = v.corner_field(t, c)?;
        let p = v.tile_pos(t);
        let (dx, dy) = c.diagonal();
        // The neighbour across x shares our corner as its mirror in x, etc.
        let mirror_x = [Corner::NE, Corner::NW, Corner::SW, Corner::SE][c as usize];
        let mirror_y = [Corner::SW, Corner::SE, Corner::NE, Corner::NW][c as usize];
        let opposite = [Corner::SE, Corner::SW, Corner::NW, Corner::NE][c as usize];
        for (q, corner) in [
            (Pos::new(p.x + dx, p.y), mirror_x),
            (Pos::new(p.x, p.y + dy), mirror_y),
            (Pos::new(p.x + dx, p.y + dy), opposite),
        ] {
            v.corner_field(v.tile_at(q)?, corner)?;
        }
        Some(field)
    }
}

#[plugin]
impl Plugin for Barn {
    type Config = NoOptions;
    const ID: &'static str = "kit-barn";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: a barn at a field corner";
    const FIGURES: &'static [FigureSpec] = &[FigureSpec::special("kit-barn", 1).occupies(true)];

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(Barn)
    }

    fn figure_options(&self, v: &View<'_>, opts: &mut Vec<FigureOption>) -> HookResult {
        let (Some(t), kind) = (v.last_placed(), v.my_figure(0)) else {
            return Ok(());
        };
        if v.supply(v.current_player(), kind) == 0 {
            return Ok(());
        }
        for c in Corner::ALL {
            if let Some(f) = Self::barn_spot(v, t, c) {
                let barn_there = v.figures_in(f).any(|g| v.figure_kind(g) == kind);
                if !barn_there {
                    opts.push(FigureOption::Deploy {
                        kind,
                        at: Location::Corner(f, c),
                    });
                }
            }
        }
        Ok(())
    }

    fn figure_chosen(&self, cx: &mut Cx<'_>, opt: FigureOption) -> HookResult {
        let Some(at) = cx.my_deploy(opt, 0) else {
            return Ok(());
        };
        let field = at.feature().ok_or("a barn stands on a field")?;
        cx.score_farmers(field, 3, ScoreReason::Early)?;
        let farmers: Vec<FigureId> = cx
            .figures_in(field)
            .filter(|&g| cx.figure_kind_follower(cx.figure_kind(g)))
            .collect();
        for g in farmers {
            cx.return_figure(g)?;
        }
        Ok(())
    }
}
