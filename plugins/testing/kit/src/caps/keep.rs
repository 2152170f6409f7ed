//! `kit-keep`: withheld features, protected figures and the value of every
//! feature a scoring step completes.
//!
//! * **A keep.** Before the scoring step (`before_scoring`, reading
//!   `pending_scorings`), a completed city of two tiles holding exactly one
//!   follower becomes a keep: the core never scores it (`withhold_feature`:
//!   not now, not at game end, its follower is not sent home), and its follower
//!   is protected (`set_protected`: rules that remove figures leave it). It is
//!   still a completed city for the farmers.
//! * **A keep pays.** The first feature completed in a later scoring step
//!   with a tile on or next to a keep's tiles pays the keep's owner its value
//!   (`feature_scored`, `info.value`: the feature's points to each winner after
//!   the value layer, also when nobody occupies it): the keep is scored at that
//!   value (`score_by_proxy`: reason `Proxy`, the scoring pipeline with its
//!   majority and bonuses, booked in the plugin's category), and its follower
//!   goes home. A keep pays once, never in the turn it was built.

use carcassonne_plugin_sdk::prelude::*;

/// Keeps a game may hold (more are not built).
pub const KEEPS: usize = 4;

/// Per-game state: the keeps.
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct Keeps {
    /// Root feature id + 1 of each keep (0: none).
    pub city: [u32; KEEPS],
    /// Its follower's id + 1 while it stands there (0: gone, the keep paid).
    pub follower: [u32; KEEPS],
    /// The turn it was built in (it does not pay in that turn).
    pub built: [u32; KEEPS],
}

/// The plugin.
pub struct Keep;

impl Keep {
    /// Whether feature `f`'s set has a tile on or orthogonally next to a tile
    /// of the city `keep`.
    fn near(v: &View<'_>, f: FeatureId, keep: FeatureId) -> bool {
        let keep_tiles: Vec<Pos> = v
            .members(keep)
            .map(|m| v.tile_pos(v.feature_tile(m)))
            .collect();
        v.members(v.find(f)).any(|m| {
            let p = v.tile_pos(v.feature_tile(m));
            keep_tiles
                .iter()
                .any(|k| (k.x - p.x).abs() + (k.y - p.y).abs() <= 1)
        })
    }
}

#[plugin]
impl Plugin for Keep {
    type Config = NoOptions;
    const ID: &'static str = "kit-keep";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "test plugin: two-tile cities with one follower become keeps that pay for the next feature nearby";
    const STATE: StateSpec = StateSpec::NONE.game::<Keeps>();

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(Keep)
    }

    fn before_scoring(&self, cx: &mut Cx<'_>) -> HookResult {
        let pending = cx.pending_scorings().to_vec();
        for city in pending {
            if cx.feature_kind(city) != FeatureKind::City {
                continue;
            }
            let tiles = {
                let mut t: Vec<TileIndex> = cx.members(city).map(|m| cx.feature_tile(m)).collect();
                t.sort_unstable();
                t.dedup();
                t.len()
            };
            let figs: Vec<FigureId> = cx.figures_in(city).collect();
            let [g] = figs[..] else {
                continue;
            };
            if tiles != 2 || !cx.figure_kind_follower(cx.figure_kind(g)) {
                continue;
            }
            let s = cx.game_state::<Keeps>()?;
            let Some(i) = s.city.iter().position(|&c| c == 0) else {
                continue;
            };
            cx.withhold_feature(city);
            cx.set_protected(g, true);
            let turn = u32::from(cx.turn());
            let s = cx.game_state_mut::<Keeps>()?;
            s.city[i] = u32::from(city.0) + 1;
            s.follower[i] = u32::from(g.0) + 1;
            s.built[i] = turn;
            if let Some(p) = cx.figure_owner(g) {
                cx.log(format!("{{P{p}}} builds a keep."));
            }
        }
        Ok(())
    }

    fn feature_scored(
        &self,
        cx: &mut Cx<'_>,
        info: &ScoreInfo<'_>,
        _points: &Points,
    ) -> HookResult {
        if info.reason != ScoreReason::Completed || info.kind == FeatureKind::Field {
            return Ok(());
        }
        let s = *cx.game_state::<Keeps>()?;
        for i in 0..KEEPS {
            let (Some(city), Some(fig)) = (s.city[i].checked_sub(1), s.follower[i].checked_sub(1))
            else {
                continue;
            };
            let (city, fig) = (FeatureId(city as u16), FigureId(fig as u16));
            if s.built[i] == u32::from(cx.turn()) || !Self::near(cx, info.feature, city) {
                continue;
            }
            // The keep is scored at the feature's value (`Proxy`: majority,
            // bonuses, booked as ours); its follower goes home with it.
            cx.game_state_mut::<Keeps>()?.follower[i] = 0;
            cx.score_by_proxy(city, info.value)?;
            if cx.figure_location(fig).is_some() {
                cx.return_figure(fig)?;
            }
            break;
        }
        Ok(())
    }
}
