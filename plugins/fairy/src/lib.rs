//! # The `fairy` plugin (The Princess and the Dragon: the fairy)
//!
//! Rulings PD11–PD16 and the fairy's side of X29, X34 and X36 of
//! `shared/expansions/princess-and-dragon.md`; the player-facing description,
//! with the source of every rule, is `docs/plugins/fairy.md`.
//!
//! * **Figure** `fairy`: one neutral figure standing on a tile
//!   (`Location::Tile`), off the board until a player first moves it.
//! * **Moving her** (PD11): instead of deploying, a player may put the fairy
//!   next to one of his followers anywhere on the board (any kind that is a
//!   follower: never a shepherd, builder, pig or barn), from wherever she
//!   stands — the special option `fairy 2 at 3 -1` (beside the follower on
//!   local feature 2 of the tile at (3, −1)). The follower she already stands
//!   beside is not offered. She stands on that follower's tile. The core makes
//!   these options (`Cx::offer_follower_spots`, a standing offer: no hook at
//!   the figure step) and carries her there when one is chosen
//!   (`Cx::carry_with_spots`), leaving the follower out of the offer; the
//!   fairy reads whom (`spots_left_out`).
//! * **Protection** (PD12): no other figure may be put on her tile
//!   (`filter_figure_options` vetoes a `Deploy` at `Location::Tile` of her
//!   tile), so the dragon, whose steps ask `may_deploy(dragon, Tile)`, never
//!   enters it.
//! * **Points**: 1 at the very start of a regular turn of the follower's owner
//!   (`turn_start`, PD13); 3 to the follower's owner whenever a feature (or
//!   farmer unit) containing him is scored, whoever wins it (`points`, PD14),
//!   except when an abbot is taken back early (X34); in a barn's farmer
//!   scoring too.
//! * **The follower leaves** (PD15): `figure_returned` forgets him, and
//!   `figure_moved` when he moves on (a wagon whose road was scored, X36); the
//!   fairy stays on the tile, beside nobody, and still protects it.
//! * **Speed** (`next-to-follower`): which follower she stands beside is the
//!   one the core's offer leaves out (`spots_left_out`), not a copy in the
//!   state; `figure_chosen` is on only while she stands beside nobody (a
//!   later move only changes whom the core leaves out), `turn_start` and
//!   `figure_moved` only while she stands beside someone.
//! * **Variant** `fairy-placement = "on-tile"` (PD16): the option names a tile
//!   holding one of the player's followers (`fairy at 3 -1`), not her current
//!   tile; 1 point per figure of the player on her tile at the start of his
//!   turn (JCloisterZone counts every figure, a shepherd too); 3 points to each
//!   owner of a follower on her tile in a scored feature, once per feature.
//! * **Option** `farmer-bonus` (PD14 under F2/F3): a farmer's field, scored
//!   with each completed city around it, pays her 3 points as the field is
//!   scored (`"as-scored"`, default: once under F2, where a field is scored
//!   by itself as under F1; with each city under F3, where the cities are
//!   scored), with every such unit (`"every-unit"`) or once
//!   (`"once-per-field"`, with the unit of the first city,
//!   `View::bordering_cities`).
//! * **Option** `final-round-point` (PD13 with AM8, silent rulings): a turn
//!   granted after the last bag tile (the abbey's final round) pays the
//!   start-of-turn point only with `true`; by default (JCloisterZone) only
//!   regular turns do.
//!
//! State (per game, public): the fairy's figure id and whether she stands
//! beside a follower (under `on-tile`, never).

use carcassonne_plugin_sdk::prelude::*;
use carcassonne_plugin_sdk::Spot;

/// How the fairy is placed (PD11, PD16).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum FairyPlacement {
    /// Next to one follower (Hans im Glück, both editions).
    #[default]
    NextToFollower,
    /// On a tile holding a follower of the player (Rio Grande, Z-Man 1st edition).
    OnTile,
}

/// How often her farmer's field pays her 3 points at game end under the
/// farmer rules where the core scores a field once per completed city around
/// it (F2, F3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum FarmerBonus {
    /// As the rule scores the feature that holds him (PD14: "whenever a
    /// feature is scored that contains the follower"): under F2 a field is
    /// scored by itself, as under F1 ("as F1, but a player scores any one
    /// city at most once"): 3 once per field; under F3 the farmers are scored
    /// city by city ("for each completed city, the player(s) with most
    /// farmers in all fields bordering it"): 3 with each city.
    #[default]
    AsScored,
    /// With every scored unit that holds his field (PD14 read unit by unit,
    /// as the pig's point): a field bordering two completed cities pays 3
    /// twice, under F2 too.
    EveryUnit,
    /// Once per field, with the first unit holding it (PD14 read feature by
    /// feature: the field is one feature).
    OncePerField,
}

/// The plugin's options (`[plugins.fairy]`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// How the fairy is placed and scores.
    pub fairy_placement: FairyPlacement,
    /// Whether a turn granted after the last tile of the bag (the abbey's
    /// final round, AM8) pays the start-of-turn point (PD13). The rulings are
    /// silent: `false` (default) as JCloisterZone, which pays it at regular
    /// turns only; `true` reads AM8's "each such placement is a full turn"
    /// with PD13's "at the very start of a player's turn (before the abbey)".
    pub final_round_point: bool,
    /// How often a farmer's field pays her 3 points at game end under F2 and
    /// F3 (`farmers = "per-field-once-per-player"`, `"per-city"`), where
    /// the core scores it with each completed city around it (PD14).
    pub farmer_bonus: FarmerBonus,
}

impl Config for Options {
    /// Turns after the last bag tile are the abbey's final round (AM8).
    const ONLY_WITH: &'static [(&'static str, &'static str)] = &[("final-round-point", "abbey")];
    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "fairy-placement",
            "PD11/PD16: \"next-to-follower\" (beside one follower; Hans im Glück) or \"on-tile\" (on a tile with one of the player's followers; Rio Grande, Z-Man 1st edition)",
        ),
        (
            "final-round-point",
            "PD13 in a turn granted after the last bag tile (the abbey's final round, AM8; the rulings are silent): false (default, JCloisterZone: regular turns only) or true (such a turn is a full turn: the point is paid)",
        ),
        (
            "farmer-bonus",
            "PD14 for a farmer under F2/F3 (the core scores his field with each completed city around it): \"as-scored\" (default: 3 once per field under F2, which scores a field by itself as F1 does; 3 with each city under F3, which scores the cities), \"every-unit\" (3 with each such city under both, as the pig's point) or \"once-per-field\" (3 once under both, with the first city)",
        ),
    ];
}

/// Points at the start of the turn (PD13; per figure under `on-tile`).
pub const TURN_POINTS: i32 = 1;
/// Points when the follower's feature is scored (PD14).
pub const SCORING_POINTS: i32 = 3;

/// Index of the fairy in [`Fairy::FIGURES`](Plugin::FIGURES).
const FAIRY: usize = 0;

/// The plugin's per-game state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct FairyState {
    /// The fairy's figure id + 1 (found at setup).
    pub figure: u32,
    /// 1 while she stands beside a follower (under `next-to-follower`:
    /// which one, the core's offer leaves out, `View::spots_left_out`); 0
    /// for nobody.
    pub beside: u32,
    /// Figures per player (player `p`'s are the ids from `p × per_player`;
    /// found at setup), so that the options look at the player's own only.
    pub per_player: u32,
    /// Which of a player's figures are followers (bit `i`: his `i`-th figure,
    /// id `p × per_player + i`; every player has the same kinds in the same
    /// order), found at setup when `per_player` ≤ 32; 0 otherwise (then the
    /// options ask each figure's kind).
    pub followers: u32,
}

/// The codes of the fairy's options: the first 32 on the stack (a player
/// has fewer followers), sorted on the way out; any more after them.
#[derive(Default)]
struct Codes {
    first: [u32; 32],
    n: usize,
    more: Vec<u32>,
}

impl Codes {
    fn push(&mut self, code: u32) {
        match self.first.get_mut(self.n) {
            Some(slot) => {
                *slot = code;
                self.n += 1;
            }
            None => self.more.push(code),
        }
    }

    /// The first codes, sorted.
    fn sorted(&mut self) -> &[u32] {
        let codes = &mut self.first[..self.n];
        codes.sort_unstable();
        codes
    }
}

/// The plugin: rules plus options.
pub struct Fairy {
    placement: FairyPlacement,
    final_round_point: bool,
    farmer_bonus: FarmerBonus,
}

fn err(message: &str) -> Error {
    Error::new(message)
}

impl Fairy {
    /// Whether this turn pays the start-of-turn point (PD13): a regular turn,
    /// not one granted (a builder's second turn, part of the same turn);
    /// with `final-round-point`, a turn granted after the last bag tile too
    /// (the abbey's final round, AM8: no builder's turn comes then).
    fn pays_this_turn(&self, v: &View<'_>) -> bool {
        v.turn_granted_by().is_none() || (self.final_round_point && v.bag_len() == 0)
    }

    fn state(v: &View<'_>) -> HookResult<FairyState> {
        Ok(*v.game_state::<FairyState>()?)
    }

    fn figure(v: &View<'_>) -> HookResult<FigureId> {
        Self::state(v)?
            .figure
            .checked_sub(1)
            .map(|f| FigureId(f as u16))
            .ok_or_else(|| err("the fairy figure was not found at setup"))
    }

    /// The tile the fairy stands on, if she is on the board.
    fn tile(v: &View<'_>) -> HookResult<Option<TileIndex>> {
        Ok(v.figure_tile(Self::figure(v)?))
    }

    /// The figure her spot offer leaves out (`next-to-follower`): the
    /// follower she stands beside, or she herself when she stands beside
    /// nobody (a neutral figure: no owner).
    fn left_out(v: &View<'_>) -> Option<FigureId> {
        v.spots_left_out()
    }

    /// Puts the fairy on placed tile `t` (PD11 under `on-tile`; under
    /// `next-to-follower` the core carries her): `put_my_neutral` with the
    /// figure known (no search of the figures).
    fn put(cx: &mut Cx<'_>, state: &FairyState, t: TileIndex) -> HookResult {
        let fig = FigureId(
            state
                .figure
                .checked_sub(1)
                .ok_or_else(|| err("the fairy figure was not found at setup"))? as u16,
        );
        let at = Location::Tile(t);
        match cx.figure_location(fig) {
            None => {
                cx.place_neutral(cx.my_figure(FAIRY), at)
                    .ok_or_else(|| err("the fairy could not be placed there"))?;
            }
            Some(now) if now != at => {
                if !cx.move_figure(fig, at)? {
                    return Err(err("the fairy could not move there"));
                }
            }
            Some(_) => {}
        }
        Ok(())
    }

    /// Under `next-to-follower`, `turn_start` is on only while she stands
    /// beside a follower (PD13: nothing to give otherwise), so that the
    /// turns take the core's fast pass meanwhile, and `figure_moved` too
    /// (PD15: only he moving on concerns her); `figure_chosen` only
    /// while she stands beside nobody (moved from one follower to another,
    /// she has nothing to note: the core leaves the new one out).
    fn switch_turn_points(&self, cx: &mut Cx<'_>, on: bool) {
        if self.placement == FairyPlacement::NextToFollower {
            cx.set_hook_enabled(hook::TURN_START, on);
            cx.set_hook_enabled(hook::FIGURE_MOVED, on);
            cx.set_hook_enabled(hook::FIGURE_CHOSEN, !on);
        }
    }

    /// PD15: if `fig` is the follower she stands beside (under
    /// `next-to-follower`), he left her (home, or moved on): she stays on her
    /// tile, beside nobody, and his points stop.
    fn let_go(&self, cx: &mut Cx<'_>, fig: FigureId) -> HookResult {
        if self.placement != FairyPlacement::NextToFollower || Self::left_out(cx) != Some(fig) {
            return Ok(());
        }
        let s = cx.game_state_mut::<FairyState>()?;
        if std::mem::replace(&mut s.beside, 0) != 0 {
            let fairy = Self::figure(cx)?;
            self.offer_spots(cx, fairy);
            self.switch_turn_points(cx, false);
        }
        Ok(())
    }

    /// PD11: under `next-to-follower` the core offers her option beside each
    /// follower of the player (the spots of his followers), leaving out none
    /// (her own figure, no follower); the core leaves out the one she is
    /// carried beside (`carry_with_spots`).
    fn offer_spots(&self, cx: &mut Cx<'_>, fairy: FigureId) {
        if self.placement == FairyPlacement::NextToFollower {
            cx.offer_follower_spots(true, fairy);
        }
    }

    /// Whether figure `g`'s feature is part of the unit being scored and
    /// pays her points there: under `farmer-bonus = "once-per-field"` (and
    /// `"as-scored"` under F2) a field pays only with the unit of the first
    /// completed city around it (F2, F3: one unit per city, in the cities'
    /// order; a unit of F1 or a barn pays for every city around its field).
    fn in_unit(&self, v: &View<'_>, info: &ScoreInfo<'_>, g: FigureId) -> bool {
        let Some(f) = v.figure_feature(g) else {
            return false;
        };
        let root = v.find(f);
        if info.kind != FeatureKind::Field {
            return info.feature == root;
        }
        if !info.fields.iter().any(|&x| v.find(x) == root) {
            return false;
        }
        let every_unit = match self.farmer_bonus {
            FarmerBonus::AsScored => v.core_options().farmers == FarmerScoring::PerCity,
            FarmerBonus::EveryUnit => true,
            FarmerBonus::OncePerField => false,
        };
        every_unit
            || v.bordering_cities(f)
                .first()
                .is_none_or(|first| info.cities.contains(first))
    }
}

#[plugin]
impl Plugin for Fairy {
    type Config = Options;
    const ID: &'static str = "fairy";
    /// Bumped with a change of the rules it plays, so that a record made
    /// before it says so on replay. 0.2.0: `farmer-bonus` defaults to
    /// `"as-scored"` (3 once per field under F2; before, with every city).
    const VERSION: &'static str = "0.2.0";
    const DESCRIPTION: &'static str =
        "The Princess and the Dragon: the fairy protects a follower from the dragon and brings him points";
    const FIGURES: &'static [FigureSpec] = &[FigureSpec::neutral("fairy", 1)];
    const STATE: StateSpec = StateSpec::NONE.game::<FairyState>();
    const SPOT_SPECIALS: bool = true;

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(Fairy {
            placement: options.fairy_placement,
            final_round_point: options.final_round_point,
            farmer_bonus: options.farmer_bonus,
        })
    }

    /// Under `next-to-follower` the core makes her options (a standing
    /// offer, from `setup`): no `figure_options`.
    fn subscriptions(&self) -> u64 {
        let all = carcassonne_plugin_sdk::hooks_of::<Self>();
        match self.placement {
            FairyPlacement::NextToFollower => all & !hook::FIGURE_OPTIONS,
            FairyPlacement::OnTile => all & !hook::FIGURE_MOVED,
        }
    }

    /// Only her own option is followed up; her veto concerns only her tile;
    /// only a player's figure moving may be her follower moving on.
    fn narrowing(&self) -> u64 {
        narrow::CHOSEN_MINE | narrow::OPTIONS_ON_MY_TILES | narrow::MOVED_PLAYERS
    }

    /// PD11: the fairy starts off the board; remember her figure id, and how
    /// many figures each player has (the players' come first, then the
    /// neutral ones).
    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        let fig = cx
            .my_figures(FAIRY)
            .next()
            .ok_or_else(|| err("no fairy figure in the game"))?;
        let players_figs = (0..cx.figure_count() as u16)
            .map(FigureId)
            .find(|&g| cx.figure_owner(g).is_none())
            .map_or(cx.figure_count(), |g| g.index());
        let per_player = (players_figs / usize::from(cx.players()).max(1)) as u32;
        let mut followers = 0;
        if per_player <= 32 {
            for i in 0..per_player {
                if cx.figure_kind_follower(cx.figure_kind(FigureId(i as u16))) {
                    followers |= 1 << i;
                }
            }
        }
        let s = cx.game_state_mut::<FairyState>()?;
        s.figure = u32::from(fig.0) + 1;
        s.per_player = per_player;
        s.followers = followers;
        self.offer_spots(cx, fig);
        if self.placement == FairyPlacement::NextToFollower {
            cx.carry_with_spots(fig);
            // Her points go only to the owner of the follower she stands
            // beside (the one her offer leaves out), at his turns: the other
            // turns call nothing.
            cx.turn_start_for_spot_owner(true);
        }
        self.switch_turn_points(cx, false);
        Ok(())
    }

    /// PD13 (PD16): points at the very start of a regular turn. Beside a
    /// follower, the core calls it only at his owner's turns
    /// (`turn_start_for_spot_owner`, from setup) and only while she stands
    /// beside one (`switch_turn_points`): nothing to look up.
    fn turn_start(&self, cx: &mut Cx<'_>) -> HookResult {
        if self.placement == FairyPlacement::NextToFollower {
            let me = cx.current_player();
            if !self.pays_this_turn(cx) {
                return Ok(());
            }
            cx.add_score(me, TURN_POINTS);
            if cx.logging() {
                cx.log(format!(
                    "The fairy gives {{P{me}}} {TURN_POINTS} at the start of the turn."
                ));
            }
            return Ok(());
        }
        if !self.pays_this_turn(cx) {
            return Ok(());
        }
        let me = cx.current_player();
        let points = match self.placement {
            FairyPlacement::NextToFollower => 0,
            FairyPlacement::OnTile => match Self::tile(cx)? {
                Some(t) => {
                    let mine = cx
                        .figures_at_tile(t)
                        .filter(|&g| cx.figure_owner(g) == Some(me))
                        .count();
                    TURN_POINTS * mine as i32
                }
                None => 0,
            },
        };
        if points > 0 {
            cx.add_score(me, points);
            if cx.logging() {
                cx.log(format!(
                    "The fairy gives {{P{me}}} {points} at the start of the turn."
                ));
            }
        }
        Ok(())
    }

    /// PD16 (`on-tile`): one option per tile holding a follower of the
    /// player, but her own tile. Under `next-to-follower` the core offers
    /// her spots (a standing offer) and this hook is not subscribed
    /// ([`Plugin::subscriptions`]): asked anyway, it offers nothing.
    fn figure_options(&self, v: &View<'_>, opts: &mut Vec<FigureOption>) -> HookResult {
        if self.placement != FairyPlacement::OnTile {
            return Ok(());
        }
        let me = v.current_player();
        let s = Self::state(v)?;
        let here = Self::tile(v)?;
        // The player's own figures only: of a follower kind (known from
        // setup when the player has at most 32 figures), on a feature (where,
        // in one query per figure).
        let per = s.per_player as usize;
        let first = usize::from(me) * per;
        let known = s.followers != 0;
        // The codes, sorted before they are offered: after the core's own
        // options (sorted), the list is then sorted already when no other
        // plugin adds options, and the core need not sort it.
        let mut codes = Codes::default();
        for i in 0..per {
            if known && s.followers & 1 << i == 0 {
                continue;
            }
            let Ok(g) = u16::try_from(first + i).map(FigureId) else {
                break;
            };
            let Some(p) = v.figure_place(g) else {
                continue;
            };
            if !known && !v.figure_kind_follower(v.figure_kind(g)) {
                continue;
            }
            if Some(p.tile) == here {
                continue;
            }
            let spot = Spot {
                pos: p.pos,
                local: None,
            };
            if let Some(code) = spot.code() {
                codes.push(code);
            }
        }
        let plugin = v.plugin_index();
        opts.extend(
            codes
                .sorted()
                .iter()
                .map(|&code| FigureOption::Special { plugin, code }),
        );
        opts.extend(
            codes
                .more
                .iter()
                .map(|&code| FigureOption::Special { plugin, code }),
        );
        Ok(())
    }

    /// PD12: no other figure is put on the fairy's tile (the dragon's steps ask).
    fn filter_figure_options(
        &self,
        v: &View<'_>,
        opts: &[FigureOption],
        keep: &mut [bool],
    ) -> HookResult {
        let Some(t) = Self::tile(v)? else {
            return Ok(());
        };
        let fairy = v.my_figure(FAIRY);
        veto(opts, keep, |o| match *o {
            FigureOption::Deploy {
                kind,
                at: Location::Tile(at),
            } => at == t && kind != fairy,
            _ => false,
        });
        Ok(())
    }

    /// PD11 (PD16): the core carried her beside the follower the option names
    /// (`carry_with_spots`): she remembers him; or she moves onto the tile it
    /// names.
    fn figure_chosen(&self, cx: &mut Cx<'_>, opt: FigureOption) -> HookResult {
        let Some(code) = cx.my_special(opt) else {
            return Ok(());
        };
        if self.placement == FairyPlacement::NextToFollower {
            // The core put her on his tile (`carry_with_spots`, from setup)
            // and left him out of her offer: he is the one left out. On
            // only while she stood beside nobody: now she does.
            let left_out = cx.spots_left_out();
            let s = cx.game_state_mut::<FairyState>()?;
            left_out
                .filter(|g| u32::from(g.0) + 1 != s.figure)
                .ok_or_else(|| err("no follower of the player there"))?;
            let was = std::mem::replace(&mut s.beside, 1);
            if was == 0 {
                self.switch_turn_points(cx, true);
            }
            return Ok(());
        }
        let state = Self::state(cx)?;
        let t = cx
            .tile_at(Spot::from_code(code).pos)
            .ok_or_else(|| err("no tile there for the fairy"))?;
        Self::put(cx, &state, t)
    }

    /// PD14 (PD16): 3 points to the owner of the follower beside the fairy (of each
    /// follower on her tile) in the scored unit, winner or not. An abbot taken back
    /// early (X34) earns nothing; a barn's farmer scoring (also `Early`) does.
    fn bonus(
        &self,
        v: &View<'_>,
        info: &ScoreInfo<'_>,
        _award: &Points,
        points: &mut Points,
    ) -> HookResult {
        if info.reason == ScoreReason::Early && info.kind != FeatureKind::Field {
            return Ok(());
        }
        match self.placement {
            FairyPlacement::NextToFollower => {
                // She herself when beside nobody: no owner, no points.
                if let Some(g) = Self::left_out(v) {
                    if let Some(owner) = v.figure_owner(g) {
                        if self.in_unit(v, info, g) {
                            points.add(owner, SCORING_POINTS);
                        }
                    }
                }
            }
            FairyPlacement::OnTile => {
                let Some(t) = Self::tile(v)? else {
                    return Ok(());
                };
                let mut paid = PlayerSet::default();
                for g in v.figures_at_tile(t) {
                    let Some(owner) = v.figure_owner(g) else {
                        continue;
                    };
                    if !paid.contains(owner)
                        && v.figure_kind_follower(v.figure_kind(g))
                        && self.in_unit(v, info, g)
                    {
                        paid.insert(owner);
                        points.add(owner, SCORING_POINTS);
                    }
                }
            }
        }
        Ok(())
    }

    /// PD15: the follower left the board; the fairy stays where she is.
    fn figure_returned(&self, cx: &mut Cx<'_>, fig: FigureId, _from: Location) -> HookResult {
        self.let_go(cx, fig)
    }

    /// PD15 (X36): the follower moved on (a wagon whose road was scored,
    /// AM15); the fairy stays where she is, beside nobody. Switched on only
    /// while she stands beside someone.
    fn figure_moved(&self, cx: &mut Cx<'_>, fig: FigureId, _from: Location) -> HookResult {
        self.let_go(cx, fig)
    }

    /// `Move the fairy beside the follower on {S}`, `Move the fairy to {S}`
    /// (a tile; the core writes the place: `the road at (3, -1)`).
    fn value_label(&self, what: NameCtx, value: u32) -> String {
        match (what, Spot::from_code(value).local) {
            (NameCtx::Special, Some(_)) => {
                format!(
                    "Move the fairy beside the follower on {}",
                    Spot::LABEL_PLACE
                )
            }
            (NameCtx::Special, None) => format!("Move the fairy to {}", Spot::LABEL_PLACE),
            _ => String::new(),
        }
    }

    fn describe_step(&self, step: Step) -> String {
        // The fairy pushes no steps; only her special figure options exist.
        format!("fairy: unknown step {}", step.tag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<Fairy>().unwrap();
    }

    #[test]
    fn options_round_trip_through_their_names() {
        let f = Fairy::new(Options::default()).unwrap();
        for text in ["2 at 3 -1", "0 at -4000 4000", "tile at 0 0"] {
            let code = f.parse_value(NameCtx::Special, text).unwrap();
            assert_eq!(f.value_name(NameCtx::Special, code), text);
        }
        assert_eq!(f.parse_value(NameCtx::Special, "beside 2"), None);
    }

    #[test]
    fn options_have_labels_for_people() {
        let f = Fairy::new(Options::default()).unwrap();
        let code = |text| f.parse_value(NameCtx::Special, text).unwrap();
        assert_eq!(
            f.value_label(NameCtx::Special, code("2 at 3 -1")),
            "Move the fairy beside the follower on {S}"
        );
        assert_eq!(
            f.value_label(NameCtx::Special, code("tile at 0 0")),
            "Move the fairy to {S}"
        );
    }
}
