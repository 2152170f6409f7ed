//! # The `castles` plugin (Bridges, Castles & Bazaars: the castles)
//!
//! Rulings BB2 and BB14–BB23 and X61–X65 of
//! `shared/expansions/bridges-castles-and-bazaars.md`; the player-facing
//! description, with the source of every rule, is `docs/plugins/castles.md`.
//!
//! * **Pieces, not figures**: each player has a number of castles (BB2: 3
//!   with up to four players, 2 with five or six; `count`), counted in
//!   per-player state.
//! * **Building** (BB14, BB15, X65): in `before_scoring` (after the dragon's
//!   move: `RUNS_AFTER` the dragon), every completed city about to be scored
//!   (`pending_scorings`) made of two castle caps with exactly one follower
//!   gets a decision for that follower's owner, in turn order from the active
//!   player: `castles build` or `castles decline`. The options are read when
//!   the decision comes, so a follower the dragon ate leaves only `decline`.
//!   Building withholds the city (`withhold_feature`: the core never scores
//!   it, not at the end either, and never sends its follower home) and
//!   protects its follower (`set_protected`: the dragon, the princess and a
//!   tower pass it by).
//! * **Paying** (BB17–BB21, X61–X64): `feature_scored` notes the value
//!   (`ScoreInfo::value`: the points of the feature's winners, tiny city, inn,
//!   cathedral and vineyard included, no per-player bonus) of every road,
//!   city, cloister and spot completed in the turn, occupied or not. In
//!   `turn_end` each castle built in an earlier turn whose vicinity (its two
//!   tiles and the four squares beside them) holds one of them is paid the
//!   highest such value: `score_by_proxy` scores the castle at that value
//!   (majority, bonuses such as the fairy's, booked as `castles`), its
//!   follower goes home, the castle stays empty. Round by round, a castle
//!   paid counts as a completed feature of its two tiles for the castles not
//!   paid yet (chains); option `chains` says whether a castle takes the most
//!   of everything reaching it (`"best"`) or of what reaches it first
//!   (`"rounds"`), option `paid-from` whether a builder's second part pays a
//!   castle built in the first (`"next-part"`) or not (`"next-turn"`).
//! * **Farmers** (BB22, X62): a castle stays a completed city for the
//!   farmers; `feature_value` adds 1 per castle among a farmer unit's cities
//!   (4 per castle under F1, barn scorings the same way).
//! * **Game end** (BB23): a castle's follower goes home with no points.
//!
//! Until the first castle is built, `feature_scored` and `turn_end` have
//! nothing to do and are off (`set_hook_enabled`, issue 27); `turn_end` is
//! off again while no castle stands.

use carcassonne_plugin_sdk::prelude::*;

pub mod rules;

use rules::Vicinity;

/// Castles a game may hold (players × castles each).
pub const MAX_CASTLES: usize = 24;
/// The most castles each player may get with a number for `count`.
pub const MAX_COUNT: u32 = 4;
/// Completed features of one turn the plugin keeps (the highest values).
pub const MAX_TRIGGERS: usize = 16;

/// What a castle reached in one scoring step by several features and paid
/// castles takes (BB20 with BB21's chains).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum Chains {
    /// The most of them all, the paid castles of the chain included: BB20's
    /// "the one worth most" of what completes in the step, where a paid
    /// castle "counts as a completed feature … in the same scoring step"
    /// (BB21).
    #[default]
    Best,
    /// The most of what reaches it first, round by round (JCloisterZone's
    /// loop: a castle paid by a feature in the first round takes no castle's
    /// higher value in a later one).
    Rounds,
}

/// From when a castle may be paid, in a turn played in two parts (the
/// builder's second part, TB11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum PaidFrom {
    /// From the next turn: "a castle built this turn is never paid this turn"
    /// (BB21), the turn being both its parts (TB11, TB12).
    #[default]
    NextTurn,
    /// From the next part: JCloisterZone skips only the castles that hold the
    /// tile just placed, so a castle built in the first part may be paid in
    /// the second.
    NextPart,
}

/// The plugin's options (`[plugins.castles]`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// Castles per player.
    pub count: PerPlayer,
    /// What a castle reached by several features and castles takes.
    pub chains: Chains,
    /// From when a castle built in a turn of two parts may be paid.
    pub paid_from: PaidFrom,
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "count",
            "BB2: castles per player: \"by-players\" (3 with 2-4 players, 2 with 5-6) or a number (at most 4)",
        ),
        (
            "chains",
            "BB20/BB21: a castle reached in one scoring step by several features and paid castles takes \"best\" (default: the most of them all, chains included) or \"rounds\" (JCloisterZone: the most of what reaches it first, round by round)",
        ),
        (
            "paid-from",
            "BB21 in a turn of two parts (the builder's, TB11): a castle built in the turn is paid from \"next-turn\" (default: the turn is both parts) or \"next-part\" (JCloisterZone: only castles holding the tile just placed wait)",
        ),
    ];
}

/// Per-player state (public).
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct Built {
    /// Castles built so far.
    pub castles: u32,
}

/// Per-game state (public).
#[derive(Clone, Copy, Debug, Pod, Zeroable)]
#[repr(C)]
pub struct State {
    /// Castles built in the game.
    pub castles: u32,
    /// Each castle's city (its root), + 1.
    pub city: [u32; MAX_CASTLES],
    /// Each castle's follower + 1 while it stands there (0: paid, or the end).
    pub follower: [u32; MAX_CASTLES],
    /// The turn each castle was built in (it is not paid in that turn).
    pub built: [u32; MAX_CASTLES],
    /// The seat of the player whose turn each castle was built in (a turn
    /// granted to him right after is the same turn's second part).
    pub built_by: [u32; MAX_CASTLES],
    /// The turn of the completed features below.
    pub turn: u32,
    /// Completed features noted in that turn.
    pub triggers: u32,
    /// Their roots.
    pub trigger: [u32; MAX_TRIGGERS],
    /// Their values.
    pub value: [i32; MAX_TRIGGERS],
}

impl Default for State {
    fn default() -> Self {
        Zeroable::zeroed()
    }
}

impl State {
    /// The castles built so far, by index.
    fn built_castles(&self) -> impl Iterator<Item = usize> {
        0..(self.castles as usize).min(MAX_CASTLES)
    }

    /// Whether `root` is a castle's city.
    fn is_castle(&self, root: FeatureId) -> bool {
        let code = u32::from(root.0) + 1;
        self.built_castles().any(|i| self.city[i] == code)
    }
}

/// Decision tag: build a castle on the city `step.arg`?
const BUILD: u16 = 1;
/// Its options.
const DECLINE: u32 = 0;
const YES: u32 = 1;

/// The plugin.
pub struct Castles {
    options: Options,
}

impl Castles {
    fn state(v: &View<'_>) -> HookResult<State> {
        v.game_state::<State>().copied()
    }

    /// Castles `p` has left.
    fn left(&self, v: &View<'_>, p: PlayerId) -> HookResult<u32> {
        let each = self.options.count.per_player(v.players());
        Ok(each.saturating_sub(v.player_state::<Built>(p)?.castles))
    }

    /// The follower that would turn `city` into a castle for `p` now, if any
    /// (BB14: still about to be scored, still eligible, a castle left).
    fn may_build(
        &self,
        v: &View<'_>,
        p: PlayerId,
        city: FeatureId,
    ) -> HookResult<Option<FigureId>> {
        if !v.pending_scorings().contains(&city) || self.left(v, p)? == 0 {
            return Ok(None);
        }
        Ok(rules::eligible(v, city, v.my_marker(0))
            .filter(|&(_, owner)| owner == p)
            .map(|(g, _)| g))
    }

    /// Notes completed feature `root` worth `value` in this turn (BB18),
    /// keeping the highest values when more complete than the plugin keeps.
    fn note(s: &mut State, turn: u32, root: FeatureId, value: i32) {
        if s.turn != turn {
            (s.turn, s.triggers) = (turn, 0);
        }
        let n = s.triggers as usize;
        let code = u32::from(root.0) + 1;
        if s.trigger[..n.min(MAX_TRIGGERS)].contains(&code) {
            return;
        }
        if n < MAX_TRIGGERS {
            (s.trigger[n], s.value[n]) = (code, value);
            s.triggers += 1;
        } else if let Some(i) = (0..MAX_TRIGGERS).min_by_key(|&i| s.value[i]) {
            if s.value[i] < value {
                (s.trigger[i], s.value[i]) = (code, value);
            }
        }
    }

    /// BB19–BB21: pays the castles triggered in this turn: the features
    /// completed in it reach the castles near them, each castle reached
    /// reaches the castles near it, round by round (BB21); each is paid the
    /// most of what reaches it (BB20: under `chains = "best"` of everything
    /// that reaches it, under `"rounds"` of what reaches it first).
    fn pay_castles(&self, cx: &mut Cx<'_>) -> HookResult {
        let turn = u32::from(cx.turn());
        // Most turns nothing triggered: the state is looked at, not copied.
        let s = cx.game_state::<State>()?;
        if s.turn != turn || s.triggers == 0 {
            return Ok(());
        }
        let s = Self::state(cx)?;
        let triggers: Vec<(FeatureId, i32)> = (0..s.triggers as usize)
            .map(|i| (FeatureId((s.trigger[i] - 1) as u16), s.value[i]))
            .collect();
        // The castles that may pay: standing, built before this turn (and,
        // under `paid-from = "next-turn"`, before its first part: a turn
        // granted to the same player right after).
        let second_part =
            self.options.paid_from == PaidFrom::NextTurn && cx.turn_granted_by().is_some();
        let active = u32::from(cx.current_player().seat());
        let mut waiting: Vec<(usize, Vicinity)> = Vec::new();
        for i in s.built_castles() {
            let this_turn = s.built[i] == turn
                || (second_part && s.built[i] + 1 == turn && s.built_by[i] == active);
            if s.follower[i] == 0 || this_turn {
                continue;
            }
            let city = FeatureId((s.city[i] - 1) as u16);
            if let Some(vicinity) = Vicinity::of(cx, city) {
                waiting.push((i, vicinity));
            }
        }
        // The castles reached, in the order reached, with their value; the
        // castles reached in the last round are `order[last..]` (BB21).
        let mut order: Vec<(usize, Vicinity, i32)> = Vec::new();
        let mut last = 0;
        let mut first = true;
        loop {
            let mut round = Vec::new();
            for &(i, vicinity) in &waiting {
                let from_features = triggers
                    .iter()
                    .filter(|&&(f, _)| first && vicinity.holds_feature(cx, f))
                    .map(|&(_, value)| value);
                let from_castles = order[last..]
                    .iter()
                    .filter(|(_, other, _)| vicinity.holds_castle(other))
                    .map(|&(_, _, value)| value);
                if let Some(best) = from_features.chain(from_castles).max() {
                    round.push((i, vicinity, best));
                }
            }
            if round.is_empty() {
                break;
            }
            first = false;
            waiting.retain(|&(j, _)| round.iter().all(|&(i, _, _)| i != j));
            last = order.len();
            order.extend(round);
        }
        if self.options.chains == Chains::Best {
            // BB20 over the whole step: each castle takes the most of every
            // paid castle near it, however late that one was reached.
            let mut changed = true;
            while changed {
                changed = false;
                for a in 0..order.len() {
                    for b in 0..order.len() {
                        if order[a].1.holds_castle(&order[b].1) && order[b].2 > order[a].2 {
                            order[a].2 = order[b].2;
                            changed = true;
                        }
                    }
                }
            }
        }
        for (i, _, value) in order {
            Self::pay(cx, i, value)?;
        }
        Ok(())
    }

    /// Pays castle `i` `value` (BB19): the castle is scored at that value and
    /// its follower goes home (a wagon too, X62).
    fn pay(cx: &mut Cx<'_>, i: usize, value: i32) -> HookResult {
        let s = Self::state(cx)?;
        let city = FeatureId((s.city[i] - 1) as u16);
        let fig = FigureId((s.follower[i] - 1) as u16);
        cx.game_state_mut::<State>()?.follower[i] = 0;
        if cx.logging() {
            if let Some(p) = cx.figure_owner(fig) {
                cx.log(format!("{{P{p}}}'s castle is paid {value}."));
            }
        }
        cx.score_by_proxy(city, value)?;
        if cx.figure_location(fig).is_some() {
            cx.return_figure(fig)?;
        }
        Ok(())
    }
}

#[plugin]
impl Plugin for Castles {
    type Config = Options;
    const ID: &'static str = "castles";
    /// Bumped with a change of the rules it plays, so that a record made
    /// before it says so on replay. 0.2.0: BB15/X65, no decision when the
    /// knight is gone before it comes (0.1.0 asked, with only `castles
    /// decline` to take). 0.3.0: options `chains` and `paid-from`, whose
    /// defaults pay a chained castle the most of its chain and no castle in
    /// the builder's second part of the turn it was built in.
    const VERSION: &'static str = "0.3.0";
    const DESCRIPTION: &'static str =
        "Bridges, Castles & Bazaars: a completed two-cap city turned into a castle, paid by the next feature completed near it";
    /// BB14: a city marked `no-castle` is no castle cap.
    const MARKERS: &'static [&'static str] = &["no-castle"];
    /// X65: the castle decision comes after the dragon's move (both push
    /// their steps in `before_scoring`, resolved in push order).
    const RUNS_AFTER: &'static [&'static str] = &["dragon"];
    /// A city turned into a castle is no longer about to be scored, so the
    /// castle decision comes before the Count's moves into features about to
    /// be scored (both push their steps in `before_scoring`).
    const RUNS_BEFORE: &'static [&'static str] = &["count"];
    const STYLE: &'static str = include_str!("../style.toml");
    const STATE: StateSpec = StateSpec::NONE.game::<State>().player::<Built>();

    fn new(options: Options) -> Result<Self, ConfigError> {
        options.count.at_most("count", MAX_COUNT)?;
        Ok(Castles { options })
    }

    /// No castle yet: nothing to note or pay until one is built.
    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        cx.set_hook_enabled(hook::FEATURE_SCORED, false);
        cx.set_hook_enabled(hook::TURN_END, false);
        Ok(())
    }

    /// Only the cities about to be scored are offered a castle; the castles'
    /// value concerns fields (the castles a field borders), their notes of
    /// completed features every kind but fields.
    fn narrowing(&self) -> u64 {
        narrow::BEFORE_SCORING_PENDING
            | narrow::value_only(&[FeatureKind::Field])
            | narrow::SCORED_SKIPS_FIELDS
    }

    /// BB14, BB15: a decision for the owner of each eligible city's
    /// follower, in turn order from the active player.
    fn before_scoring(&self, cx: &mut Cx<'_>) -> HookResult {
        let no_castle = cx.my_marker(0);
        let n = cx.players();
        let current = cx.current_player();
        let mut offers: Vec<(u32, FeatureId, PlayerId)> = Vec::new();
        for &city in cx.pending_scorings() {
            if let Some((_, owner)) = rules::eligible(cx, city, no_castle) {
                if self.left(cx, owner)? > 0 {
                    let order = (u32::from(owner.seat()) + u32::from(n)
                        - u32::from(current.seat()))
                        % u32::from(n);
                    offers.push((order, city, owner));
                }
            }
        }
        offers.sort_unstable_by_key(|&(order, city, _)| (order, city));
        for (_, city, owner) in offers {
            cx.push_decision(owner, BUILD, u32::from(city.0));
        }
        Ok(())
    }

    fn step_options(&self, v: &View<'_>, step: Step, out: &mut Vec<u32>) -> HookResult {
        if step.tag != BUILD {
            return Err(Error::new("no such decision"));
        }
        // BB15, X65: offered only to the owner of the city's follower; one
        // the dragon ate meanwhile leaves no option (the decision lapses).
        let city = FeatureId(step.arg as u16);
        if self.may_build(v, step.player, city)?.is_some() {
            out.extend([DECLINE, YES]);
        }
        Ok(())
    }

    /// BB16: the city becomes a castle: withheld, its follower protected.
    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        if step.tag != BUILD {
            return Err(Error::new("no such decision"));
        }
        if value != YES {
            return Ok(());
        }
        let me = step.player;
        let city = FeatureId(step.arg as u16);
        let g = self
            .may_build(cx, me, city)?
            .ok_or_else(|| Error::new("that city cannot become a castle"))?;
        let s = Self::state(cx)?;
        let i = s.castles as usize;
        if i >= MAX_CASTLES {
            return Err(Error::new("too many castles"));
        }
        cx.withhold_feature(city);
        cx.set_protected(g, true);
        let root = cx.find(city);
        let turn = u32::from(cx.turn());
        let active = cx.current_player();
        let s = cx.game_state_mut::<State>()?;
        s.city[i] = u32::from(root.0) + 1;
        s.follower[i] = u32::from(g.0) + 1;
        s.built[i] = turn;
        s.built_by[i] = u32::from(active.seat());
        s.castles += 1;
        cx.player_state_mut::<Built>(me)?.castles += 1;
        // A castle stands: completed features are noted, castles paid.
        cx.set_hook_enabled(hook::FEATURE_SCORED, true);
        cx.set_hook_enabled(hook::TURN_END, true);
        if cx.logging() {
            cx.log(format!("{{P{me}}} builds a castle."));
        }
        Ok(())
    }

    /// BB18: every road, city, cloister and spot completed in the turn,
    /// occupied or not, with its value (`info.value`).
    fn feature_scored(
        &self,
        cx: &mut Cx<'_>,
        info: &ScoreInfo<'_>,
        _points: &Points,
    ) -> HookResult {
        if info.reason != ScoreReason::Completed || info.kind == FeatureKind::Field {
            return Ok(());
        }
        if Self::state(cx)?.castles == 0 {
            return Ok(());
        }
        let turn = u32::from(cx.turn());
        let s = cx.game_state_mut::<State>()?;
        Self::note(s, turn, info.feature, info.value);
        Ok(())
    }

    /// BB19–BB21: after the scoring step, the castles it triggered pay;
    /// off while no castle stands.
    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        self.pay_castles(cx)?;
        let s = cx.game_state::<State>()?;
        let none_stands = s.built_castles().all(|i| s.follower[i] == 0);
        if none_stands {
            cx.set_hook_enabled(hook::TURN_END, false);
        }
        Ok(())
    }

    /// BB22, X62: a castle borders fields as a completed city worth one
    /// point more to the farmers (and a barn's farmers).
    fn feature_value(
        &self,
        v: &View<'_>,
        info: &ScoreInfo<'_>,
        _base: i32,
        change: &mut ValueChange,
    ) -> HookResult {
        if info.kind != FeatureKind::Field {
            return Ok(());
        }
        let s = v.game_state::<State>()?;
        if s.castles == 0 {
            return Ok(());
        }
        let castles = info.cities.iter().filter(|&&c| s.is_castle(c)).count();
        change.add(castles as i32);
        Ok(())
    }

    /// BB23: at the end a castle's follower goes home with no points.
    fn final_scoring(&self, cx: &mut Cx<'_>) -> HookResult {
        let s = Self::state(cx)?;
        for i in s.built_castles() {
            if s.follower[i] == 0 {
                continue;
            }
            let g = FigureId((s.follower[i] - 1) as u16);
            cx.game_state_mut::<State>()?.follower[i] = 0;
            if cx.figure_location(g).is_some() {
                cx.return_figure(g)?;
            }
        }
        Ok(())
    }

    /// Each castle's two halves: `castle`.
    fn feature_note(&self, v: &View<'_>, f: FeatureId, out: &mut String) -> HookResult {
        let s = v.game_state::<State>()?;
        if v.feature_kind(f) == FeatureKind::City && s.castles > 0 && s.is_castle(v.find(f)) {
            out.push_str("castle");
        }
        Ok(())
    }

    /// Castles left.
    fn player_note(&self, v: &View<'_>, player: PlayerId, out: &mut String) -> HookResult {
        let left = self.left(v, player)?;
        out.push_str(&format!(
            "{left} castle{}",
            if left == 1 { "" } else { "s" }
        ));
        Ok(())
    }

    /// Castles left per player, and the castles on the board (public).
    fn observe(&self, v: &View<'_>, _player: PlayerId, out: &mut String) -> HookResult {
        let mut left = Vec::new();
        for p in PlayerId::all(v.players()) {
            left.push(self.left(v, p)?.to_string());
        }
        let s = Self::state(v)?;
        let mut castles = Vec::new();
        for i in s.built_castles() {
            let city = FeatureId((s.city[i] - 1) as u16);
            let tiles: Vec<String> = v
                .members(city)
                .map(|m| {
                    let p = v.tile_pos(v.feature_tile(m));
                    format!("[{}, {}]", p.x, p.y)
                })
                .collect();
            castles.push(format!(
                "{{\"tiles\": [{}], \"standing\": {}}}",
                tiles.join(", "),
                s.follower[i] != 0
            ));
        }
        out.push_str(&format!(
            "{{\"castles_left\": [{}], \"castles\": [{}]}}",
            left.join(", "),
            castles.join(", ")
        ));
        Ok(())
    }

    fn value_name(&self, _what: NameCtx, value: u32) -> String {
        match value {
            DECLINE => "decline".into(),
            YES => "build".into(),
            _ => value.to_string(),
        }
    }

    /// `Build a castle`, `Score the city`.
    fn value_label(&self, _what: NameCtx, value: u32) -> String {
        match value {
            DECLINE => "Score the city (build no castle)".into(),
            YES => "Build a castle".into(),
            _ => String::new(),
        }
    }

    fn parse_value(&self, _what: NameCtx, text: &str) -> Option<u32> {
        match text {
            "decline" => Some(DECLINE),
            "build" => Some(YES),
            _ => None,
        }
    }

    fn describe_step(&self, _step: Step) -> String {
        "castles: turn the completed city into a castle?".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<Castles>().unwrap();
    }

    #[test]
    fn options_have_labels_for_people() {
        let c = Castles::new(Options::default()).unwrap();
        let what = NameCtx::Step(Step::default());
        assert_eq!(c.value_label(what, YES), "Build a castle");
        assert_eq!(
            c.value_label(what, DECLINE),
            "Score the city (build no castle)"
        );
    }

    #[test]
    fn bb2_three_castles_up_to_four_players_two_with_five_or_six() {
        let by = Options::default().count;
        assert_eq!([1, 2, 4, 5, 6].map(|n| by.per_player(n)), [3, 3, 3, 2, 2]);
        assert!(Castles::new(Options {
            count: PerPlayer::Fixed(5),
            ..Options::default()
        })
        .is_err());
    }

    #[test]
    fn bb20_the_highest_values_are_kept_when_many_complete() {
        let mut s = State::default();
        for i in 0..20u16 {
            Castles::note(&mut s, 7, FeatureId(i), i32::from(i));
        }
        assert_eq!(s.triggers as usize, MAX_TRIGGERS);
        let mut kept: Vec<i32> = s.value.to_vec();
        kept.sort_unstable();
        assert_eq!(kept, (4..20).collect::<Vec<i32>>());
    }
}
