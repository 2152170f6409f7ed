//! # The `barn` plugin (Abbey & Mayor: the barn)
//!
//! * Every player has one **barn**, a special figure (no majority, never
//!   returned by scoring, never a follower; AM21). Instead of a follower he may
//!   put it on a corner of the tile he has just placed where the four tiles around
//!   that corner each have a field corner (AM22); by default not on a field that
//!   already holds a barn (AM23). The barn occupies its field: no follower may be
//!   deployed into it, special figures may (AM25).
//! * **Barn placement scoring** (AM24): at the end of the turn, after the
//!   completed features, the farmers of the barn's field are scored as one unit
//!   (3 per completed city; majority and hill tie-break through the core's
//!   pipeline) and every follower in it goes home.
//! * **Barn connection scoring** (AM26): when the placed tile joins farmers to a
//!   field holding a barn of an earlier turn, those farmers score 1 per completed
//!   city and go home.
//! * **Final scoring** (AM27): every player with a barn in a field scores 4 per
//!   completed city it borders, once per field (option: only the owners of the
//!   most barns there). The field's value comes from the core's value layer
//!   (`farmer_value`), so other plugins' `feature_value` changes apply (X62: a
//!   castle counts 5).
//! * F3 (`farmers = "per-city"`) with barns is refused when the ruleset is built
//!   (AM28).
//!
//! See `docs/plugins/barn.md` for the rulings and their sources.

use carcassonne_plugin_sdk::prelude::*;

/// The plugin.
pub struct Barn {
    placement: BarnPlacement,
    scoring: BarnScoring,
    count: u8,
}

/// AM23: where a barn may go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(rename_all = "kebab-case")]
pub enum BarnPlacement {
    /// Not on a field that already holds a barn (every rule text).
    #[default]
    Unoccupied,
    /// Also on a field that holds a barn (a JCloisterZone option).
    Occupied,
}

/// AM27: who scores a field with barns of several players at the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(rename_all = "kebab-case")]
pub enum BarnScoring {
    /// Every player with a barn there, in full, once (JCloisterZone).
    #[default]
    EveryOwner,
    /// Only the players with the most barns there (the fan wiki's reading).
    MostBarns,
}

/// Its options: `[plugins.barn]`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// AM23.
    pub barn_placement: BarnPlacement,
    /// AM27 with barns of several players in one field.
    pub barn_scoring: BarnScoring,
    /// AM21: barns per player.
    pub barns_per_player: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            barn_placement: BarnPlacement::Unoccupied,
            barn_scoring: BarnScoring::EveryOwner,
            barns_per_player: 1,
        }
    }
}

impl Config for Options {
    const RANGES: &'static [(&'static str, i64, i64)] = &[("barns-per-player", 1, 3)];
    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "barn-placement",
            "AM23: \"unoccupied\": not on a field that already holds a barn (the rules); \
             \"occupied\": also there (a JCloisterZone option).",
        ),
        (
            "barn-scoring",
            "AM27, barns of several players in one field at the end: \"every-owner\" (each \
             scores in full, JCloisterZone) or \"most-barns\" (only the owners of the most barns).",
        ),
        (
            "barns-per-player",
            "AM21: barns per player: 1; 2 or 3 is a house rule.",
        ),
    ];
}

/// Per-barn state.
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct Placed {
    /// The turn it was placed in (0 while in the supply).
    pub turn: u32,
}

/// The most barns a game holds (`barns-per-player` is at most 3).
const MAX_BARNS: usize = 3 * MAX_PLAYERS;

/// Per-game state: the barns on the board (a barn never leaves it), so that a
/// turn finds them without looking at every figure of the game.
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct Barns {
    /// The last turn in which a barn was placed (0: none yet).
    pub placed_turn: u32,
    /// How many barns are on the board.
    pub count: u32,
    /// Their figure ids, in placement order.
    pub ids: [u32; MAX_BARNS],
    /// The turn each was placed in (as `ids`).
    pub turns: [u32; MAX_BARNS],
}

impl Barns {
    /// The barns on the board with the turn each was placed in.
    fn placed(&self) -> impl Iterator<Item = (FigureId, u32)> + '_ {
        self.ids
            .iter()
            .zip(&self.turns)
            .take(self.count as usize)
            .filter_map(|(&g, &turn)| u16::try_from(g).ok().map(|g| (FigureId(g), turn)))
    }
}

/// Fields (roots) holding barns: at most one per barn, kept in place.
#[derive(Clone, Copy, Default)]
struct Fields {
    n: usize,
    ids: [FeatureId; MAX_BARNS],
}

impl Fields {
    fn push(&mut self, f: FeatureId) {
        if let Some(slot) = self.ids.get_mut(self.n) {
            *slot = f;
            self.n += 1;
        }
    }

    fn contains(&self, f: &FeatureId) -> bool {
        self.ids[..self.n].contains(f)
    }

    fn is_empty(&self) -> bool {
        self.n == 0
    }
}

/// AM24: points per completed city when a barn is placed.
pub const PLACEMENT_POINTS: i32 = 3;
/// AM26: points per completed city when farmers are joined to a barn.
pub const CONNECTION_POINTS: i32 = 1;
/// AM27: points per completed city for a barn at the end.
pub const FINAL_POINTS: i32 = 4;

impl Barn {
    /// Barns on the board, as `(figure, owner)`.
    fn barns<'v>(v: &'v View<'_>) -> impl Iterator<Item = (FigureId, PlayerId)> + 'v {
        let kind = v.my_figure(0);
        (0..v.figure_count())
            .filter_map(|g| u16::try_from(g).ok().map(FigureId))
            .filter(move |&g| v.figure_kind(g) == kind && v.figure_location(g).is_some())
            .filter_map(move |g| v.figure_owner(g).map(|p| (g, p)))
    }

    /// The fields (roots) holding one of `barns` placed before turn `before`
    /// (`u32::MAX`: any barn), each once. No allocation: a turn asks it.
    fn barn_fields(v: &View<'_>, barns: &Barns, before: u32) -> Fields {
        let mut out = Fields::default();
        for (g, turn) in barns.placed() {
            if turn >= before {
                continue;
            }
            if let Some(f) = v.figure_feature(g) {
                let r = v.find(f);
                if !out.contains(&r) {
                    out.push(r);
                }
            }
        }
        out
    }

    /// Whether a player's follower (a farmer) stands in the field containing
    /// `f`: a query per player, no walk over the field's members.
    fn has_farmers(v: &View<'_>, f: FeatureId) -> bool {
        PlayerId::all(v.players()).any(|p| v.has_follower_in(p, f))
    }

    /// The followers (farmers) in the field containing `f`.
    fn farmers(v: &View<'_>, f: FeatureId) -> Vec<FigureId> {
        v.figures_in(f)
            .filter(|&g| v.figure_kind_follower(v.figure_kind(g)))
            .collect()
    }

    /// Scores the farmers of the field containing `f` at `per_city` points per
    /// completed city (AM24, AM26) and sends every follower there home.
    fn score_and_clear(cx: &mut Cx<'_>, f: FeatureId, per_city: i32) -> HookResult {
        let farmers = Self::farmers(cx, f);
        if farmers.is_empty() {
            return Ok(());
        }
        cx.score_farmers(f, per_city, ScoreReason::Early)?;
        for g in farmers {
            cx.return_figure(g)?;
        }
        Ok(())
    }
}

#[plugin]
impl Plugin for Barn {
    type Config = Options;
    const ID: &'static str = "barn";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "Abbey & Mayor: the barn at a corner of four fields; it scores the farmers and at the end";
    /// AM21: a special figure, built onto the board (never eaten, never sent
    /// home). AM22, AM23: the core offers it at the corners of the placed tile
    /// where four field corners meet, not into a field holding a barn (one
    /// per field); with `barn-placement = "occupied"` the plugin offers the
    /// others (`figure_options`).
    const FIGURES: &'static [FigureSpec] = &[FigureSpec::special("barn", 1)
        .occupies(true)
        .at_corner_meetings(true)
        .one_per_feature(true)
        .class(FigureClass::Building)];
    const STATE: StateSpec = StateSpec::NONE.game::<Barns>().figure::<Placed>();

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(Barn {
            placement: options.barn_placement,
            scoring: options.barn_scoring,
            count: options.barns_per_player,
        })
    }

    fn figure_count(&self, _i: usize) -> u8 {
        self.count
    }

    /// Its figure options need a barn in the supply; only its own choices
    /// concern it; its turn end only a tile placed in a field with a barn
    /// (AM24: the barn placed at a corner of the tile; AM26: a barn's field
    /// that the tile joins).
    fn narrowing(&self) -> u64 {
        narrow::OPTIONS_WITH_SUPPLY | narrow::CHOSEN_MINE | narrow::TURN_END_TOUCHES_MINE
    }

    /// AM28: no source defines barns under first-edition farmers.
    fn check_core(&self, core: &CoreOptions) -> Result<(), String> {
        if core.farmers == FarmerScoring::PerCity {
            return Err(
                "the barn is undefined with `farmers = \"per-city\"` (AM28): use another farmer \
                 rule or disable the barn"
                    .into(),
            );
        }
        Ok(())
    }

    /// AM23 by default: the core's offers are all there is (see `FIGURES`),
    /// so its figure options are switched off for the game.
    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        if self.placement == BarnPlacement::Unoccupied {
            cx.set_hook_enabled(hook::FIGURE_OPTIONS, false);
        }
        Ok(())
    }

    /// With `barn-placement = "occupied"`: a barn also at each corner of the
    /// placed tile where four field corners meet in a field that holds a barn
    /// (the core offers the others, AM22).
    fn figure_options(&self, v: &View<'_>, opts: &mut Vec<FigureOption>) -> HookResult {
        let (Some(t), kind) = (v.last_placed(), v.my_figure(0)) else {
            return Ok(());
        };
        if self.placement == BarnPlacement::Unoccupied || v.supply(v.current_player(), kind) == 0 {
            return Ok(());
        }
        // The corners where four field corners meet, in one query (usually none).
        let corners = v.corner_meetings(t);
        if corners == 0 {
            return Ok(());
        }
        let barns = *v.game_state::<Barns>()?;
        let taken = Self::barn_fields(v, &barns, u32::MAX);
        for c in Corner::ALL {
            if corners & (1 << c as u8) == 0 {
                continue;
            }
            if let Some(f) = v.corner_meeting(t, c) {
                if taken.contains(&v.find(f)) {
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
        if cx.my_deploy(opt, 0).is_none() {
            return Ok(());
        }
        let turn = u32::from(cx.turn());
        let me = cx.current_player();
        let kind = cx.my_figure(0);
        // The barn just deployed: the one of this player's on the board without a turn.
        let fresh: Vec<FigureId> = Self::barns(cx)
            .filter(|&(g, p)| {
                p == me
                    && cx.figure_kind(g) == kind
                    && cx.figure_state::<Placed>(g).is_ok_and(|s| s.turn == 0)
            })
            .map(|(g, _)| g)
            .collect();
        for g in fresh {
            cx.figure_state_mut::<Placed>(g)?.turn = turn;
            let barns = cx.game_state_mut::<Barns>()?;
            let slot = barns
                .ids
                .get_mut(barns.count as usize)
                .ok_or("more barns than the game holds")?;
            *slot = u32::from(g.0);
            if let Some(at) = barns.turns.get_mut(barns.count as usize) {
                *at = turn;
            }
            barns.count += 1;
            barns.placed_turn = turn;
        }
        Ok(())
    }

    /// AM24 then AM26, after the completed features were scored.
    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        if cx.game_state::<Barns>()?.count == 0 {
            return Ok(());
        }
        let turn = u32::from(cx.turn());
        let barns = *cx.game_state::<Barns>()?;
        let placed_now = barns
            .placed()
            .filter(|&(_, at)| barns.placed_turn == turn && at == turn);
        for (g, _) in placed_now {
            if let Some(f) = cx.figure_feature(g) {
                if cx.logging() && !Self::farmers(cx, f).is_empty() {
                    let p = cx.figure_owner(g).unwrap_or_default();
                    cx.log(format!(
                        "{{P{p}}}'s new barn: the farmers of its field score {PLACEMENT_POINTS} \
                         per completed city and go home."
                    ));
                }
                Self::score_and_clear(cx, f, PLACEMENT_POINTS)?;
            }
        }
        let Some(t) = cx.last_placed() else {
            return Ok(());
        };
        let barn_fields = Self::barn_fields(cx, &barns, turn);
        if barn_fields.is_empty() {
            return Ok(());
        }
        // The barn fields the placed tile is part of, each once, in the order
        // of the tile's first feature in each (one query per barn field).
        let mut joined = [(0u8, FeatureId(0)); MAX_BARNS];
        let mut n = 0;
        for &r in &barn_fields.ids[..barn_fields.n] {
            if let (Some(l), Some(slot)) = (cx.tile_feature_in(t, r), joined.get_mut(n)) {
                *slot = (l, r);
                n += 1;
            }
        }
        joined[..n].sort_unstable();
        for &(_, r) in &joined[..n] {
            if Self::has_farmers(cx, r) {
                if cx.logging() {
                    cx.log(format!(
                        "Farmers joined to a barn's field score {CONNECTION_POINTS} per completed \
                         city and go home."
                    ));
                }
                Self::score_and_clear(cx, r, CONNECTION_POINTS)?;
            }
        }
        Ok(())
    }

    /// AM27: 4 per completed city for the barn owners of each field, once each.
    fn final_scoring(&self, cx: &mut Cx<'_>) -> HookResult {
        let mut owned: Vec<(FeatureId, PlayerId)> = Self::barns(cx)
            .filter_map(|(g, p)| cx.figure_feature(g).map(|f| (cx.find(f), p)))
            .collect();
        owned.sort_unstable();
        let mut i = 0;
        while i < owned.len() {
            let field = owned[i].0;
            let j = i + owned[i..].iter().take_while(|(f, _)| *f == field).count();
            let mut counts = [0u32; MAX_PLAYERS];
            for &(_, p) in &owned[i..j] {
                counts[usize::from(p) % MAX_PLAYERS] += 1;
            }
            let most = counts.iter().copied().max().unwrap_or(0);
            let cities = cx.bordering_cities(field).len() as i32;
            // The field's value through the scoring pipeline's value layer, so
            // that what other plugins say of its cities counts (X62: a castle
            // one point more).
            let points = cx
                .farmer_value(field, FINAL_POINTS, ScoreReason::Final)?
                .unwrap_or(FINAL_POINTS * cities);
            for p in PlayerId::all(cx.players()) {
                let n = counts[usize::from(p)];
                let scores = n > 0 && (self.scoring == BarnScoring::EveryOwner || n == most);
                if scores {
                    cx.add_score(p, points);
                    if cx.logging() {
                        cx.log(format!(
                            "{{P{p}}}'s barn: {cities} completed cities around its field: {points}."
                        ));
                    }
                }
            }
            i = j;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<Barn>().unwrap();
    }

    #[test]
    fn first_edition_farmers_are_refused() {
        let b = Barn::new(Options::default()).unwrap();
        let f3 = CoreOptions {
            farmers: FarmerScoring::PerCity,
            ..CoreOptions::default()
        };
        assert!(b.check_core(&f3).unwrap_err().contains("per-city"));
        assert!(b.check_core(&CoreOptions::default()).is_ok());
        let f4 = CoreOptions {
            farmers: FarmerScoring::Off,
            ..CoreOptions::default()
        };
        assert!(b.check_core(&f4).is_ok());
    }
}
