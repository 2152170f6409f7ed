//! `kit-ghost`: a neutral figure on a tile. The ghost flies onto every tile placed
//! (placed, then moved by the plugin), counts its moves in per-figure state,
//! forbids deployments on the roads of its tile (a veto over every plugin's
//! options, also seen by `may_deploy`), and every third turn sends home the
//! figures standing on the features of its tile.

use carcassonne_plugin_sdk::prelude::*;

/// Per-figure state: how often the ghost moved.
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct Moves {
    /// Moves so far.
    pub moves: u32,
}

/// The plugin.
pub struct Ghost;

impl Ghost {
    fn ghost(v: &View<'_>) -> Option<FigureId> {
        let kind = v.my_figure(0);
        (0..v.figure_count() as u16)
            .map(FigureId)
            .find(|&g| v.figure_kind(g) == kind)
    }
}

#[plugin]
impl Plugin for Ghost {
    type Config = NoOptions;
    const ID: &'static str = "kit-ghost";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: a neutral figure that haunts the last tile";
    const FIGURES: &'static [FigureSpec] = &[FigureSpec::neutral("ghost", 1)];
    const STATE: StateSpec = StateSpec::NONE.figure::<Moves>();

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(Ghost)
    }

    fn tile_placed(&self, cx: &mut Cx<'_>, tile: TileIndex) -> HookResult {
        let Some(g) = Self::ghost(cx) else {
            return Err(Error::new("no ghost"));
        };
        if cx.figure_owner(g).is_some() {
            return Err(Error::new("the ghost has an owner"));
        }
        if cx.figure_location(g).is_none() {
            let kind = cx.my_figure(0);
            cx.place_neutral(kind, Location::Tile(tile))
                .ok_or("the ghost could not be placed")?;
        } else if !cx.move_figure(g, Location::Tile(tile))? {
            return Err(Error::new("the ghost could not move"));
        }
        Ok(())
    }

    fn figure_moved(&self, cx: &mut Cx<'_>, fig: FigureId, from: Location) -> HookResult {
        if Some(fig) == Self::ghost(cx) {
            if !matches!(from, Location::Tile(_)) {
                return Err(Error::new("the ghost stood on a feature"));
            }
            cx.figure_state_mut::<Moves>(fig)?.moves += 1;
        }
        Ok(())
    }

    fn filter_figure_options(
        &self,
        v: &View<'_>,
        opts: &[FigureOption],
        keep: &mut [bool],
    ) -> HookResult {
        let Some(t) = Self::ghost(v).and_then(|g| v.figure_tile(g)) else {
            return Ok(());
        };
        veto(opts, keep, |o| match *o {
            FigureOption::Deploy {
                at: Location::Feature(f),
                ..
            } => v.feature_tile(f) == t && v.feature_kind(f) == FeatureKind::Road,
            _ => false,
        });
        Ok(())
    }

    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        if cx.turn() % 3 != 0 {
            return Ok(());
        }
        let Some(t) = Self::ghost(cx).and_then(|g| cx.figure_tile(g)) else {
            return Ok(());
        };
        let scared: Vec<FigureId> = cx
            .figures_at_tile(t)
            .filter(|&g| matches!(cx.figure_location(g), Some(Location::Feature(_))))
            .collect();
        for g in scared {
            cx.return_figure(g)?;
        }
        Ok(())
    }
}
