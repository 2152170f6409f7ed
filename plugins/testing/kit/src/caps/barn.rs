//! `kit-barn`: a figure at a tile corner. The barn is deployed on a field corner
//! of the placed tile where the three other tiles around that corner exist and
//! have a field corner there too; it occupies its field (no farmer may join), and
//! when it is placed the farmers already in the field are scored at once as a
//! unit of their own (3 per completed city) and sent home.

use carcassonne_plugin_sdk::prelude::*;

/// The plugin.
pub struct Barn;

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
            if let Some(f) = v.corner_meeting(t, c) {
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
