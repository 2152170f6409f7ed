//! # The `count` plugin (The Count of Carcassonne)
//!
//! Rulings CK12–CK27 of `shared/expansions/count-king-and-robber.md`:
//!
//! * **The city of Carcassonne** (CK12, CK24): the plugin's tile set
//!   (`tiles.toml`) lays the 12 city tiles as the start layout (priority 2,
//!   none in the bag); [`Plugin::compose_tiles`] takes the displaced start
//!   tile out of the bag. Its inner city is one closed city in the tile data
//!   (marker `city-of-carcassonne`) bordered by every field of the area, so
//!   it is a completed city for farmers (CK22, X69) and for the King's count
//!   (CK23) without code; it is never scored (the start layout's completions
//!   are not).
//! * **The quarters** (CK13): four areas (`castle`, `market`, `blacksmith`,
//!   `cathedral`) where followers stand in no feature; the Count, a neutral
//!   figure, starts in the castle.
//! * **Entering** (CK14, CK15, CK25, X74, X77–X80): at the end of a turn (each
//!   turn part) whose tile caused feature scorings (the scoring step and barn
//!   scorings) in which another player scored and the active player scored
//!   nothing — awards only: bonuses and points added outside scorings do not
//!   count — he may put one follower from his supply into any quarter
//!   (decision `count castle`, ..., or `count pass`), then the Count moves
//!   (CK16, option `count-move`).
//! * **Leaving** (CK17–CK20, X73, X75, X76): before a scoring step each
//!   player, from the one after the active player round to him, may move any
//!   number of his followers from the castle, blacksmith and cathedral into
//!   the cities, roads and cloisters about to be scored, on a segment he
//!   picks; never from the Count's quarter nor, during the game, the market.
//! * **Final movement** (CK21): after the last turn, from the player after
//!   the last one to play, each moves one follower or passes (and is out),
//!   until all passed: market → any field (`final-moves = "market-only"`),
//!   or from every quarter into unfinished features (`"any-quarter"`).
//! * **Options**: `final-moves`, `count-move`, `coc-farmers` (CK22: when
//!   ignored, the city is excluded from farmers at setup,
//!   `exclude_from_farmers`), `abbot` (CK25), `river` (CK26: `"separate"`
//!   takes every tile with a barrier side out of the game; with
//!   `"spring-at-city"` they stay, and a spring, its layout displaced by the
//!   city's, is drawn first and placed against the area by the river's
//!   rules).
//!
//! See `docs/plugins/count.md`.

mod city;
mod options;

pub use city::{
    count_quarter, entering_kinds, has_leaver, leaver_seats, leaving, may_enter, quarter_kinds,
    targets, Window, CASTLE, MARKET, QUARTERS,
};
pub use options::{
    AbbotEnters, CastlePayouts, CocFarmers, CountMove, FinalMoves, ForbiddenTiles, Options, River,
};

use carcassonne_plugin_sdk::prelude::*;

/// Per player: what feature scorings awarded him in this turn part (CK14).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Awarded {
    /// Points awarded (bonuses left out).
    pub points: i32,
}

/// Per game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct State {
    /// Seat + 1 of the player who placed the last tile (0: none yet).
    pub last_placer: u32,
    /// 1 once the final movement began (CK21).
    pub final_started: u32,
    /// The players out of the final movement (bit per seat).
    pub final_passed: u32,
    /// The turn (`Cx::turn`, every turn part counts) whose scorings the
    /// players' [`Awarded`] sum: older sums count as nothing (CK14: each
    /// turn part starts with nothing awarded), so no hook runs at every
    /// turn's start to clear them.
    pub awarded_turn: u32,
    /// The Count's figure id + 1 (0: not known yet), found once at `setup`.
    pub count_figure: u32,
}

/// Decision: enter the city? (options [`PASS`] and 1 + a quarter).
const TAG_ENTER: u16 = 1;
/// Decision: which figure enters (arg: the quarter; options: figure codes).
const TAG_KIND: u16 = 2;
/// Decision: move the Count? (options [`PASS`] and 1 + a quarter).
const TAG_COUNT: u16 = 3;
/// Decision before a scoring step: which follower leaves (or pass).
const TAG_LEAVE: u16 = 4;
/// Decision: where it goes (arg: the figure; options: spot codes).
const TAG_TARGET: u16 = 5;
/// Decision after the last turn: which follower leaves (or pass).
const TAG_FINAL: u16 = 6;
/// Decision: where it goes (arg: the figure; options: spot codes).
const TAG_FINAL_TARGET: u16 = 7;

/// The option "no" of every decision (`pass`; the Count's `stay`).
pub const PASS: u32 = 0;

/// The plugin: the Count of Carcassonne.
pub struct Count {
    options: Options,
}

impl Count {
    /// The window of the final movement.
    fn final_window(&self) -> Window {
        Window {
            final_moves: Some(self.options.final_moves),
            forbidden: self.options.forbidden_tiles,
        }
    }

    /// The window before a scoring step.
    fn scoring_window(&self) -> Window {
        Window {
            final_moves: None,
            forbidden: self.options.forbidden_tiles,
        }
    }

    /// The quarters player may enter or the Count may go to (as 1 + index).
    fn quarter_options(v: &View<'_>, except: Option<usize>, out: &mut Vec<u32>) {
        for q in (0..QUARTERS.len()).filter(|&q| Some(q) != except && city::quarter_open(v, q)) {
            out.push(q as u32 + 1);
        }
    }

    /// Puts `p`'s figure of `kind` into quarter `q`, then the Count moves (CK16).
    fn enter(&self, cx: &mut Cx<'_>, p: PlayerId, kind: FigureKindId, q: usize) -> HookResult {
        let area = cx.my_area(q);
        if cx.deploy_figure(p, kind, Location::Area(area)).is_none() {
            return Err(Error::new("no such figure in the supply"));
        }
        let from = city::count_quarter(cx);
        let to = match self.options.count_move {
            CountMove::ByPlayer => {
                cx.push_decision(p, TAG_COUNT, 0);
                return Ok(());
            }
            CountMove::FollowFollower => q,
            CountMove::Clockwise => {
                let mut next = from.map_or(CASTLE, |c| (c + 1) % QUARTERS.len());
                if !city::quarter_open(cx, next) {
                    next = (next + 1) % QUARTERS.len();
                }
                next
            }
        };
        self.move_count(cx, to)
    }

    /// Moves the Count to quarter `q`.
    fn move_count(&self, cx: &mut Cx<'_>, q: usize) -> HookResult {
        if city::count_quarter(cx) == Some(q) {
            return Ok(());
        }
        cx.put_my_neutral(0, Location::Area(cx.my_area(q)))?;
        Ok(())
    }

    /// Moves figure `g` (checked by the caller) to the segment `code` names,
    /// if it is one of [`targets`] ([`city::is_target`]).
    fn leave(cx: &mut Cx<'_>, g: FigureId, code: u32, window: Window) -> HookResult {
        let q = city::figure_quarter(cx, g).ok_or_else(|| Error::new("not in a quarter"))?;
        if !city::is_target(cx, g, q, window, code)? {
            return Err(Error::new("the follower may not go there"));
        }
        let f = Spot::from_code(code)
            .feature(cx)
            .ok_or_else(|| Error::new("no such feature"))?;
        if !cx.move_figure(g, Location::Feature(f))? {
            return Err(Error::new("the follower could not move"));
        }
        Ok(())
    }

    /// CK21: asks the next player still in the final movement, from `from` on
    /// (a player with nothing to move passes at once); nothing when all passed.
    fn next_final(&self, cx: &mut Cx<'_>, from: PlayerId) -> HookResult {
        let n = cx.players();
        for k in 0..u32::from(n) {
            let p = from.offset(k, n);
            let bit = 1u32 << p.index();
            if cx.game_state::<State>()?.final_passed & bit != 0 {
                continue;
            }
            if !has_leaver(cx, p, self.final_window())? {
                cx.game_state_mut::<State>()?.final_passed |= bit;
                continue;
            }
            cx.push_decision(p, TAG_FINAL, 0);
            return Ok(());
        }
        Ok(())
    }
}

#[plugin]
impl Plugin for Count {
    type Config = Options;
    const ID: &'static str = "count";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "The Count of Carcassonne: the city of Carcassonne as the start area, its quarters, the Count and followers joining scorings from the city";
    const FIGURES: &'static [FigureSpec] = &[FigureSpec::neutral("count", 1)];
    const AREAS: &'static [&'static str] = &QUARTERS;
    const MARKERS: &'static [&'static str] = &["city-of-carcassonne", "quarters"];
    const STYLE: &'static str = include_str!("../style.toml");
    const TILESETS: &'static [&'static str] = &[include_str!("../tiles.toml")];
    const STATE: StateSpec = StateSpec::NONE.game::<State>().player::<Awarded>();
    /// The window before a scoring comes after the dragon's move (JCloisterZone's
    /// phases: the dragon, then the Count's scoring window, then scoring); the
    /// entry at the end of a turn after the barn's scorings (they count for
    /// CK14, X76) and the wagon's moves (JCloisterZone's wagon phase comes
    /// before the Count's follower phase), and after the ransom, which a
    /// player may pay at any point of his turn (TW22; JCloisterZone offers it
    /// in the Count's follower phase too): both are decisions of the active
    /// player pushed at the turn's end, and a follower freed may enter.
    const RUNS_AFTER: &'static [&'static str] = &["barn", "wagon", "dragon", "tower"];

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(Count { options })
    }

    /// CK12: the city replaces the start tile, which leaves the bag too.
    /// CK26 `river = "separate"`: tiles with a barrier side (a river's) leave
    /// the game: the city is never combined with them. With
    /// `"spring-at-city"` they stay: a spring whose start layout lost to the
    /// city's is then an ordinary tile of the bag (the river plugin draws it
    /// first and places it against the area).
    fn compose_tiles(
        &self,
        tiles: &TileCatalogueView<'_>,
        counts: &mut Vec<TileCount>,
    ) -> Result<(), String> {
        for t in tiles.displaced_start_tiles() {
            counts.push(tiles.with_count(t, tiles.count(t).saturating_sub(1)));
        }
        if self.options.river == River::Separate {
            for t in tiles.types() {
                if tiles.has_barrier_sides(t) && tiles.count(t) > 0 {
                    counts.push(tiles.with_count(t, 0));
                }
            }
        }
        Ok(())
    }

    /// CK12: the Count starts in the castle. CK22 `coc-farmers = "ignored"`:
    /// the city of Carcassonne is no city for farmers (the core then leaves it
    /// out of every farmer unit, the pig's bonus and the barn's points).
    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        cx.put_my_neutral(0, Location::Area(cx.my_area(CASTLE)))?;
        if let Some(g) = city::count_figure(cx) {
            cx.game_state_mut::<State>()?.count_figure = u32::from(g.0) + 1;
        }
        if self.options.coc_farmers == CocFarmers::Ignored {
            let marker = cx.my_marker(0);
            for f in (0..cx.feature_count() as u16).map(FeatureId) {
                if cx.feature_markers(f) & marker != 0 {
                    cx.exclude_from_farmers(f);
                }
            }
        }
        Ok(())
    }

    /// CK21: remembers who placed the last tile.
    fn tile_placed(&self, cx: &mut Cx<'_>, _tile: TileIndex) -> HookResult {
        let me = cx.current_player();
        cx.game_state_mut::<State>()?.last_placer = u32::from(me) + 1;
        Ok(())
    }

    /// `before_scoring` only when a feature waits to be scored.
    fn narrowing(&self) -> u64 {
        narrow::BEFORE_SCORING_PENDING
    }

    /// CK17: before the scoring step, every player in turn from the active
    /// player's left may move followers into what is about to be scored
    /// (the players with such a follower found in one pass over the
    /// figures).
    fn before_scoring(&self, cx: &mut Cx<'_>) -> HookResult {
        if cx.pending_scorings().is_empty() {
            return Ok(());
        }
        let seats = leaver_seats(cx, None, self.scoring_window())?;
        if seats == 0 {
            return Ok(());
        }
        let (me, n) = (cx.current_player(), cx.players());
        for i in 1..=u32::from(n) {
            let p = me.offset(i, n);
            if seats >> p.index() & 1 != 0 {
                cx.push_decision(p, TAG_LEAVE, 0);
            }
        }
        Ok(())
    }

    /// CK14, CK22: feature scorings caused by the tile (the scoring step and
    /// barn scorings) are summed per player, bonuses left out, for the turn
    /// part they happen in (`State::awarded_turn`).
    fn feature_scored(&self, cx: &mut Cx<'_>, info: &ScoreInfo<'_>, points: &Points) -> HookResult {
        let caused = match info.reason {
            ScoreReason::Completed => true,
            // A barn's farmers; an abbot taken back (not a field) is no scoring.
            ScoreReason::Early => info.kind == FeatureKind::Field,
            ScoreReason::Final => false,
            // A withheld feature paid for one the tile completed (a castle).
            ScoreReason::Proxy => self.options.castle_payouts == CastlePayouts::Count,
        };
        if !caused {
            return Ok(());
        }
        let award = info.award(points);
        // The first scoring of a turn part: the sums of older ones are void.
        let turn = u32::from(cx.turn());
        if cx.game_state::<State>()?.awarded_turn != turn {
            cx.game_state_mut::<State>()?.awarded_turn = turn;
            for p in PlayerId::all(cx.players()) {
                cx.player_state_mut::<Awarded>(p)?.points = 0;
            }
        }
        for p in PlayerId::all(cx.players()) {
            let a = award.get(p);
            if a != 0 {
                cx.player_state_mut::<Awarded>(p)?.points += a;
            }
        }
        Ok(())
    }

    /// CK14: the active player may enter the city.
    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        if cx.game_state::<State>()?.awarded_turn != u32::from(cx.turn()) {
            return Ok(()); // no scoring in this turn part
        }
        let (me, n) = (cx.current_player(), cx.players());
        if cx.player_state::<Awarded>(me)?.points != 0 {
            return Ok(());
        }
        let mut others = false;
        for p in PlayerId::all(n).filter(|&p| p != me) {
            others |= cx.player_state::<Awarded>(p)?.points > 0;
        }
        if others && !entering_kinds(cx, me, self.options.abbot).is_empty() {
            cx.push_decision(me, TAG_ENTER, 0);
        }
        Ok(())
    }

    /// CK21: the final movement, after the last turn and every turn granted at
    /// the end (the abbey round), before final scoring.
    fn before_final_scoring(&self, cx: &mut Cx<'_>) -> HookResult {
        let s = *cx.game_state::<State>()?;
        if s.final_started != 0 {
            return Ok(());
        }
        cx.game_state_mut::<State>()?.final_started = 1;
        let last = match s.last_placer.checked_sub(1) {
            Some(p) => PlayerId::from_index(p as usize).unwrap_or_default(),
            None => cx.current_player(),
        };
        self.next_final(cx, last.next_in(cx.players()))
    }

    fn step_options(&self, v: &View<'_>, step: Step, out: &mut Vec<u32>) -> HookResult {
        let p = step.player;
        match step.tag {
            TAG_ENTER => {
                out.push(PASS);
                Self::quarter_options(v, None, out);
            }
            TAG_KIND => {
                for k in entering_kinds(v, p, self.options.abbot) {
                    out.extend(city::supply_figure(v, p, k).map(|g| Spot::of_figure(v, g)));
                }
            }
            TAG_COUNT => {
                out.push(PASS);
                Self::quarter_options(v, city::count_quarter(v), out);
            }
            TAG_LEAVE => {
                // Asked when a target was there; one may be gone since (a
                // city turned into a castle before this step): with nobody
                // to move, no option, so the decision lapses (a pass that
                // changes nothing) instead of asking for that pass.
                let leavers = leaving(v, p, self.scoring_window())?;
                if !leavers.is_empty() {
                    out.push(PASS);
                    out.extend(leavers);
                }
            }
            TAG_FINAL => {
                out.push(PASS);
                out.extend(leaving(v, p, self.final_window())?);
            }
            TAG_TARGET | TAG_FINAL_TARGET => {
                let window = if step.tag == TAG_TARGET {
                    self.scoring_window()
                } else {
                    self.final_window()
                };
                let g = FigureId(step.arg as u16);
                if let Some(q) = city::figure_quarter(v, g) {
                    out.extend(targets(v, g, q, window)?);
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        let p = step.player;
        match (step.tag, value) {
            (TAG_ENTER | TAG_COUNT | TAG_LEAVE, PASS) => Ok(()),
            (TAG_ENTER, v) => {
                let q = v as usize - 1;
                if q >= QUARTERS.len() || !city::quarter_open(cx, q) {
                    return Err(Error::new("no such quarter"));
                }
                match entering_kinds(cx, p, self.options.abbot).as_slice() {
                    [] => Err(Error::new("no follower to put into the city")),
                    [k] => self.enter(cx, p, *k, q),
                    _ => {
                        cx.push_decision(p, TAG_KIND, q as u32);
                        Ok(())
                    }
                }
            }
            (TAG_KIND, v) => {
                let g = Spot::figure_of(v).ok_or_else(|| Error::new("no figure"))?;
                let kind = cx.figure_kind(g);
                let ok = cx.figure_owner(g) == Some(p)
                    && cx.figure_location(g).is_none()
                    && may_enter(cx, kind, self.options.abbot);
                if !ok {
                    return Err(Error::new("that figure may not enter the city"));
                }
                self.enter(cx, p, kind, step.arg as usize)
            }
            (TAG_COUNT, v) => {
                let q = v as usize - 1;
                if q >= QUARTERS.len() || !city::quarter_open(cx, q) {
                    return Err(Error::new("no such quarter"));
                }
                self.move_count(cx, q)
            }
            (TAG_LEAVE | TAG_FINAL, v) => {
                let window = if step.tag == TAG_LEAVE {
                    self.scoring_window()
                } else if v == PASS {
                    let bit = 1u32 << p.index();
                    cx.game_state_mut::<State>()?.final_passed |= bit;
                    return self.next_final(cx, p.next_in(cx.players()));
                } else {
                    self.final_window()
                };
                let g = city::chosen_leaver(cx, p, v, window)?
                    .ok_or_else(|| Error::new("that follower may not leave the city"))?;
                let target = if window.is_scoring() {
                    TAG_TARGET
                } else {
                    TAG_FINAL_TARGET
                };
                cx.push_decision(p, target, u32::from(g.0));
                Ok(())
            }
            (TAG_TARGET, v) => {
                Self::leave(cx, FigureId(step.arg as u16), v, self.scoring_window())?;
                // CK17: any number of followers, one decision at a time.
                if has_leaver(cx, p, self.scoring_window())? {
                    cx.push_decision(p, TAG_LEAVE, 0);
                }
                Ok(())
            }
            (TAG_FINAL_TARGET, v) => {
                Self::leave(cx, FigureId(step.arg as u16), v, self.final_window())?;
                self.next_final(cx, p.next_in(cx.players()))
            }
            _ => Err(Error::new(format!("unknown step {}", step.tag))),
        }
    }

    fn value_name(&self, what: NameCtx, value: u32) -> String {
        let NameCtx::Step(step) = what else {
            return value.to_string();
        };
        match (step.tag, value) {
            (TAG_COUNT, PASS) => "stay".into(),
            (TAG_ENTER | TAG_LEAVE | TAG_FINAL, PASS) => "pass".into(),
            (TAG_ENTER | TAG_COUNT, v) => QUARTERS
                .get((v as usize).wrapping_sub(1))
                .map_or_else(|| v.to_string(), |q| q.to_string()),
            (TAG_TARGET | TAG_FINAL_TARGET, v) => Spot::from_code(v).name(),
            (_, v) => v.to_string(),
        }
    }

    /// `Put a follower into the market`, `Put {F} into the castle`, `Move the
    /// Count to the cathedral`, `Let the Count stay`, `Move {F} out of the
    /// city`, `Move the follower to {S}` (the core fills in the figure and the
    /// place); passing says what it leaves undone (`Put no follower into the
    /// city`), like the tower's `Take no prisoner`.
    fn value_label(&self, what: NameCtx, value: u32) -> String {
        let NameCtx::Step(step) = what else {
            return String::new();
        };
        let quarter = |v: u32| QUARTERS.get((v as usize).wrapping_sub(1));
        match (step.tag, value) {
            (TAG_COUNT, PASS) => "Let the Count stay".into(),
            (TAG_ENTER, PASS) => "Put no follower into the city".into(),
            (TAG_LEAVE, PASS) => "Leave your followers in the city".into(),
            (TAG_FINAL, PASS) => "Move no more followers out of the city".into(),
            (TAG_ENTER, v) => {
                quarter(v).map_or_else(String::new, |q| format!("Put a follower into the {q}"))
            }
            (TAG_COUNT, v) => {
                quarter(v).map_or_else(String::new, |q| format!("Move the Count to the {q}"))
            }
            (TAG_KIND, _) => format!(
                "Put {} into the {}",
                Spot::LABEL_FIGURE,
                quarter_name(step.arg)
            ),
            (TAG_LEAVE | TAG_FINAL, _) => format!("Move {} out of the city", Spot::LABEL_FIGURE),
            (TAG_TARGET | TAG_FINAL_TARGET, _) => {
                format!("Move the follower to {}", Spot::LABEL_PLACE)
            }
            _ => String::new(),
        }
    }

    fn parse_value(&self, what: NameCtx, text: &str) -> Option<u32> {
        let NameCtx::Step(step) = what else {
            return None;
        };
        match (step.tag, text) {
            (TAG_COUNT, "stay") | (TAG_ENTER | TAG_LEAVE | TAG_FINAL, "pass") => Some(PASS),
            (TAG_ENTER | TAG_COUNT, q) => {
                QUARTERS.iter().position(|&n| n == q).map(|i| i as u32 + 1)
            }
            (TAG_TARGET | TAG_FINAL_TARGET, s) => Spot::parse(s)?.code(),
            _ => None,
        }
    }

    fn describe_step(&self, step: Step) -> String {
        let p = step.player;
        match step.tag {
            TAG_ENTER => format!("{{P{p}}}: put a follower into a quarter of the city, or pass"),
            TAG_KIND => format!(
                "{{P{p}}}: which figure goes into the {}",
                quarter_name(step.arg)
            ),
            TAG_COUNT => format!("{{P{p}}}: move the Count to another quarter, or let it stay"),
            TAG_LEAVE => format!(
                "{{P{p}}}: move a follower from the city into a feature about to be scored, or pass"
            ),
            TAG_FINAL => format!(
                "{{P{p}}}: final movement: move one follower from the city, or pass (and stay out)"
            ),
            _ => format!("{{P{p}}}: where the follower goes"),
        }
    }

    /// Public: how many of the player's figures stand in each quarter
    /// (`in the city: castle 1, market 2`).
    fn player_note(&self, v: &View<'_>, player: PlayerId, out: &mut String) -> HookResult {
        let parts: Vec<String> = (0..QUARTERS.len())
            .filter_map(|q| {
                let n = v
                    .figures_in_area(v.my_area(q))
                    .filter(|&g| v.figure_owner(g) == Some(player))
                    .count();
                (n > 0).then(|| format!("{} {n}", QUARTERS[q]))
            })
            .collect();
        if !parts.is_empty() {
            out.push_str(&format!("in the city: {}", parts.join(", ")));
        }
        Ok(())
    }

    /// Public, on the city piece marked `quarters`: the Count's quarter and
    /// how many followers stand in each quarter (`Count: castle; castle 1,
    /// market 2`), so pictures show the quarters on the city.
    fn feature_note(&self, v: &View<'_>, f: FeatureId, out: &mut String) -> HookResult {
        if v.feature_markers(f) & v.my_marker(1) == 0 {
            return Ok(());
        }
        if let Some(q) = city::count_quarter(v) {
            out.push_str(&format!("Count: {}", QUARTERS[q]));
        }
        let parts: Vec<String> = (0..QUARTERS.len())
            .filter_map(|q| {
                let n = v
                    .figures_in_area(v.my_area(q))
                    .filter(|&g| v.figure_owner(g).is_some())
                    .count();
                (n > 0).then(|| format!("{} {n}", QUARTERS[q]))
            })
            .collect();
        if !parts.is_empty() {
            if !out.is_empty() {
                out.push_str("; ");
            }
            out.push_str(&parts.join(", "));
        }
        Ok(())
    }

    /// Public: where the Count stands and the options in play (the figures
    /// in the quarters are in every observation's `off_board`).
    fn observe(&self, v: &View<'_>, _player: PlayerId, out: &mut String) -> HookResult {
        let count =
            city::count_quarter(v).map_or("null".to_string(), |q| format!("\"{}\"", QUARTERS[q]));
        out.push_str(&format!("{{\"count\": {count}}}"));
        Ok(())
    }
}

/// The quarter a step argument names.
fn quarter_name(arg: u32) -> &'static str {
    QUARTERS.get(arg as usize).copied().unwrap_or("city")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<Count>().unwrap();
    }

    #[test]
    fn options_have_labels_for_people() {
        let c = Count::new(Options::default()).unwrap();
        let step = carcassonne_plugin_sdk::testing::step;
        let market = QUARTERS.iter().position(|&q| q == "market").unwrap() as u32 + 1;
        assert_eq!(
            c.value_label(step(TAG_ENTER, 0), market),
            "Put a follower into the market"
        );
        assert_eq!(
            c.value_label(step(TAG_COUNT, 0), PASS),
            "Let the Count stay"
        );
        assert_eq!(
            c.value_label(step(TAG_COUNT, 0), market),
            "Move the Count to the market"
        );
        assert_eq!(
            c.value_label(
                step(TAG_KIND, CASTLE as u32),
                carcassonne_plugin_sdk::FIGURE_CODE + 3
            ),
            "Put {F} into the castle"
        );
        assert_eq!(
            c.value_label(step(TAG_TARGET, 3), 0),
            "Move the follower to {S}"
        );
        assert_eq!(
            c.value_label(step(TAG_LEAVE, 0), PASS),
            "Leave your followers in the city"
        );
        assert_eq!(
            c.value_label(step(TAG_FINAL, 0), carcassonne_plugin_sdk::FIGURE_CODE),
            "Move {F} out of the city"
        );
        assert_eq!(c.value_label(step(TAG_COUNT, 0), 99), "", "no such quarter");
    }
}
