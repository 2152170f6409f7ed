//! `kit-narrow`: narrowed subscriptions (`Plugin::narrowing`). With
//! `narrow = true` it declares every narrowing (but one, see `narrowing`)
//! and fails a hook the host calls
//! in a case it narrowed away; with `narrow = false` it declares none and does
//! the same work only outside those cases. Its read-write hooks count, in the
//! game state, the calls they get and those outside the narrowed cases; its
//! read-only hooks change the game there (a scout deployed from the supply, the
//! lowest seat winning a tie, a road with a scout worth one point more and a
//! point to every player for such a road won), so a call the host skipped wrongly changes the
//! game. With `lie = true` it breaks its promise, for the check that finds
//! such a plugin (`conformance --check-narrowing`): it declares
//! `BEFORE_SCORING_PENDING` alone, yet gives the current player a point at
//! every `before_scoring` call, with or without a feature to score. With
//! `lie-when-logging = true` it declares `SCORED_WHEN_LOGGING` alone ("my
//! `feature_scored` only writes to the log"), yet gives the current player a
//! point at every call: a lie seen only in games that do not log.

use carcassonne_plugin_sdk::prelude::*;

/// Options of `kit-narrow`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// Declare every narrowing (`true`) or none (`false`).
    pub narrow: bool,
    /// Break the promise of `BEFORE_SCORING_PENDING` (see the module docs).
    pub lie: bool,
    /// Break the promise of `SCORED_WHEN_LOGGING` (see the module docs).
    pub lie_when_logging: bool,
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[
        ("narrow", "Declare every narrowing (true) or none (false)."),
        (
            "lie",
            "Declare only `before_scoring` narrowed to pending scorings, and score a point at every call (a broken promise).",
        ),
        (
            "lie-when-logging",
            "Declare only `feature_scored` narrowed to games that log, and score a point at every call (a broken promise).",
        ),
    ];
}

/// The plugin.
pub struct Narrow {
    narrow: bool,
    lie: bool,
    lie_when_logging: bool,
}

/// Per game: for `features_merged`, `figure_chosen`, `tile_drawn`,
/// `feature_scored`, `after_figure`, `figure_returned`, `tile_placed`,
/// `turn_end`, `before_scoring` and `figure_moved` (in this order), the calls
/// outside the narrowed case and all calls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Counts {
    /// Calls outside the narrowed case.
    pub handled: [u32; HOOKS],
    /// All calls.
    pub calls: [u32; HOOKS],
}

const MERGED: usize = 0;
const CHOSEN: usize = 1;
const DRAWN: usize = 2;
const SCORED: usize = 3;
const AFTER: usize = 4;
const RETURNED: usize = 5;
const PLACED: usize = 6;
const TURN_END: usize = 7;
const BEFORE_SCORING: usize = 8;
const MOVED: usize = 9;
/// The number of hooks counted.
const HOOKS: usize = 10;

impl Narrow {
    /// Whether a call outside the narrowed case (`case`) may go on; a narrowed
    /// instance fails a call in the narrowed case.
    fn handles(&self, hook: &str, case: bool) -> HookResult<bool> {
        if self.narrow && !case {
            return Err(Error::new(format!(
                "`{hook}` called in a case it narrowed away"
            )));
        }
        Ok(case)
    }

    /// Counts a call of hook `i` (outside the narrowed case if `case`).
    fn count(&self, cx: &mut Cx<'_>, hook: &str, i: usize, case: bool) -> HookResult {
        let case = self.handles(hook, case)?;
        let c = cx.game_state_mut::<Counts>()?;
        c.calls[i] += 1;
        c.handled[i] += u32::from(case);
        Ok(())
    }

    /// Whether placed tile `t` carries the `hill` marker (at tile level or on a feature).
    fn marked(v: &View<'_>, t: TileIndex) -> bool {
        let bit = v.my_marker(0);
        v.tile_markers(t) & bit != 0
            || (0..v.tile_feature_count(t)).any(|l| v.tile_feature_markers(t, l) & bit != 0)
    }

    /// Whether a scout stands in the scored unit of `info` (on the feature; for
    /// farmers, in one of the unit's fields): the holding cases.
    fn scout_in(v: &View<'_>, info: &ScoreInfo<'_>) -> bool {
        let kind = v.my_figure(0);
        let units = if info.kind == FeatureKind::Field {
            info.fields
        } else {
            std::slice::from_ref(&info.feature)
        };
        units
            .iter()
            .any(|&f| v.figures_in(f).any(|g| v.figure_kind(g) == kind))
    }

    /// Whether a scout stands on placed tile `t`.
    fn scout_on(v: &View<'_>, t: TileIndex) -> bool {
        v.my_figures(0).any(|g| v.figure_tile(g) == Some(t))
    }
}

#[plugin]
impl Plugin for Narrow {
    type Config = Options;
    const ID: &'static str = "kit-narrow";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: every narrowed subscription";
    /// Scouts go home when their road is scored (so `figure_returned` sees them).
    const FIGURES: &'static [FigureSpec] = &[FigureSpec {
        returns_on_score: true,
        ..FigureSpec::special("kit-scout", 2)
    }];
    const MARKERS: &'static [&'static str] = &["hill"];
    const STATE: StateSpec = StateSpec::NONE.game::<Counts>().feature::<u32>();

    fn new(o: Options) -> Result<Self, ConfigError> {
        if o.lie && o.narrow {
            return Err(ConfigError::key("lie", "cannot be set with `narrow`"));
        }
        if o.lie_when_logging && (o.narrow || o.lie) {
            return Err(ConfigError::key(
                "lie-when-logging",
                "cannot be set with `narrow` or `lie`",
            ));
        }
        Ok(Narrow {
            narrow: o.narrow,
            lie: o.lie,
            lie_when_logging: o.lie_when_logging,
        })
    }

    /// Every narrowing but `OPTIONS_WITH_DEPLOYED`: with `OPTIONS_WITH_SUPPLY`
    /// it would leave only the calls with a scout on each side of the supply,
    /// and no first scout would be offered. (The abbot declares it; the
    /// shipped rulesets play the same games without their narrowings.) Of the
    /// scoring hooks' per-kind bits, all but the roads' (it keeps roads only);
    /// their holding bits too (roads with a scout).
    fn narrowing(&self) -> u64 {
        if self.lie {
            return narrow::BEFORE_SCORING_PENDING;
        }
        if self.lie_when_logging {
            return narrow::SCORED_WHEN_LOGGING;
        }
        if self.narrow {
            narrow::ALL
                & !narrow::OPTIONS_WITH_DEPLOYED
                & !(narrow::VALUE_SKIPS_ROADS
                    | narrow::BONUS_SKIPS_ROADS
                    | narrow::SCORED_SKIPS_ROADS)
        } else {
            0
        }
    }

    fn tile_drawn(&self, cx: &mut Cx<'_>, tile: TileTypeId) -> HookResult {
        let case = cx.tile_type_markers(tile) & cx.my_marker(0) != 0;
        self.count(cx, "tile_drawn", DRAWN, case)
    }

    fn features_merged(&self, cx: &mut Cx<'_>, kept: FeatureId, absorbed: FeatureId) -> HookResult {
        let case = *cx.feature_state::<u32>(kept)? != 0 || *cx.feature_state::<u32>(absorbed)? != 0;
        self.count(cx, "features_merged", MERGED, case)
    }

    /// Marks the city roots of a placed hill tile: their later merges hold state.
    fn tile_placed(&self, cx: &mut Cx<'_>, tile: TileIndex) -> HookResult {
        let case = Self::marked(cx, tile);
        self.count(cx, "tile_placed", PLACED, case)?;
        if !case {
            return Ok(());
        }
        for l in 0..cx.tile_feature_count(tile) {
            if cx.tile_feature_kind(tile, l) == FeatureKind::City {
                let root = cx.find(cx.feature_of(tile, l));
                *cx.feature_state_mut::<u32>(root)? = 1;
            }
        }
        Ok(())
    }

    /// A scout from the supply on the first road of a placed hill tile.
    fn figure_options(&self, v: &View<'_>, opts: &mut Vec<FigureOption>) -> HookResult {
        let kind = v.my_figure(0);
        let placed = v.last_placed();
        let case =
            v.supply(v.current_player(), kind) > 0 && placed.is_some_and(|t| Self::marked(v, t));
        if !self.handles("figure_options", case)? {
            return Ok(());
        }
        let Some(t) = placed else {
            return Ok(());
        };
        if let Some(l) =
            (0..v.tile_feature_count(t)).find(|&l| v.tile_feature_kind(t, l) == FeatureKind::Road)
        {
            let at = Location::Feature(v.feature_of(t, l));
            opts.push(FigureOption::Deploy { kind, at });
        }
        Ok(())
    }

    /// A hill tile's rotation 3 is refused where another rotation fits.
    fn filter_placements(
        &self,
        v: &View<'_>,
        tile: TileTypeId,
        cands: &[Placement],
        keep: &mut [bool],
    ) -> HookResult {
        if !self.handles(
            "filter_placements",
            v.tile_type_markers(tile) & v.my_marker(0) != 0,
        )? {
            return Ok(());
        }
        for (i, c) in cands.iter().enumerate() {
            let r3 = |r: Rotation| r.quarter_turns() == 3;
            if r3(c.rot) && cands.iter().any(|d| d.pos == c.pos && !r3(d.rot)) {
                keep[i] = false;
            }
        }
        Ok(())
    }

    /// Nothing is deployed on a tile where a scout stands.
    fn filter_figure_options(
        &self,
        v: &View<'_>,
        opts: &[FigureOption],
        keep: &mut [bool],
    ) -> HookResult {
        let on_scout = |o: &FigureOption| match *o {
            FigureOption::Deploy { at, .. } => {
                let t = match at {
                    Location::Feature(f) | Location::Corner(f, _) => v.feature_tile(f),
                    Location::Tile(t) => t,
                    Location::Held(_) | Location::Area(_) => return false,
                };
                Self::scout_on(v, t)
            }
            _ => false,
        };
        if !self.handles("filter_figure_options", opts.iter().any(on_scout))? {
            return Ok(());
        }
        veto(opts, keep, on_scout);
        Ok(())
    }

    fn figure_chosen(&self, cx: &mut Cx<'_>, opt: FigureOption) -> HookResult {
        let case = cx.my_deploy(opt, 0).is_some();
        self.count(cx, "figure_chosen", CHOSEN, case)
    }

    /// A tie is won by the lowest seat among the tied players.
    fn majority(
        &self,
        _v: &View<'_>,
        _info: &ScoreInfo<'_>,
        winners: &mut PlayerSet,
    ) -> HookResult {
        if self.handles("majority", winners.len() >= 2)? {
            if let Some(first) = winners.iter().next() {
                *winners = PlayerSet::only(first);
            }
        }
        Ok(())
    }

    /// Whether the placed tile extends a feature holding a scout of the player.
    fn after_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        let me = cx.current_player();
        let case = cx.last_placed().is_some_and(|t| {
            cx.my_figures(0).any(|g| {
                cx.figure_owner(g) == Some(me)
                    && cx
                        .figure_feature(g)
                        .is_some_and(|f| cx.tile_feature_in(t, f).is_some())
            })
        });
        self.count(cx, "after_figure", AFTER, case)
    }

    /// Whether the tile placed this turn is part of a feature holding a scout
    /// (anyone's).
    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        let case = cx.last_placed().is_some_and(|t| {
            cx.my_figures(0).any(|g| {
                cx.figure_feature(g)
                    .is_some_and(|f| cx.tile_feature_in(t, f).is_some())
            })
        });
        self.count(cx, "turn_end", TURN_END, case)
    }

    /// Whether a feature waits to be scored this turn.
    fn before_scoring(&self, cx: &mut Cx<'_>) -> HookResult {
        let case = !cx.pending_scorings().is_empty();
        if self.lie {
            let me = cx.current_player();
            cx.add_score(me, 1);
        }
        self.count(cx, "before_scoring", BEFORE_SCORING, case)
    }

    fn figure_returned(&self, cx: &mut Cx<'_>, fig: FigureId, _from: Location) -> HookResult {
        let case = cx.figure_kind(fig) == cx.my_figure(0);
        self.count(cx, "figure_returned", RETURNED, case)
    }

    /// Whether the figure moved is a player's (a wagon), not a neutral one
    /// (the dragon).
    fn figure_moved(&self, cx: &mut Cx<'_>, fig: FigureId, _from: Location) -> HookResult {
        let case = cx.figure_owner(fig).is_some();
        self.count(cx, "figure_moved", MOVED, case)
    }

    fn feature_scored(
        &self,
        cx: &mut Cx<'_>,
        info: &ScoreInfo<'_>,
        _points: &Points,
    ) -> HookResult {
        let case =
            cx.logging() && info.kind == FeatureKind::Road && Self::scout_in(cx.view(), info);
        if self.lie_when_logging {
            let me = cx.current_player();
            cx.add_score(me, 1);
        }
        self.count(cx, "feature_scored", SCORED, case)
    }

    /// A road with a scout is worth one point more.
    fn feature_value(
        &self,
        v: &View<'_>,
        info: &ScoreInfo<'_>,
        _base: i32,
        change: &mut ValueChange,
    ) -> HookResult {
        let case = info.kind == FeatureKind::Road && Self::scout_in(v, info);
        if self.handles("feature_value", case)? {
            change.add(1);
        }
        Ok(())
    }

    /// Every player scores one point more for a road with a scout anyone wins.
    fn bonus(
        &self,
        v: &View<'_>,
        info: &ScoreInfo<'_>,
        award: &Points,
        bonus: &mut Points,
    ) -> HookResult {
        let case = info.kind == FeatureKind::Road && Self::scout_in(v, info);
        if self.handles("bonus", case)? && !award.winners.is_empty() {
            for p in PlayerId::all(v.players()) {
                bonus.add(p, 1);
            }
        }
        Ok(())
    }
}
