//! # The `shepherd` plugin (Hills & Sheep): shepherds, sheep and wolves
//!
//! Rulings S1–S9 of `RULES.md`; the player-facing description, with the source
//! of every rule, is `docs/plugins/shepherd.md`.
//!
//! * **Figure** `shepherd` (one per player, strength 0, does not occupy, not
//!   returned by feature scoring): the core deploys it and keeps it out of every
//!   majority (S9). Its location is the core's figure location, so fields that
//!   join also join their flocks (S7) with no bookkeeping here.
//! * **State** (typed, [`Bag`] and [`FieldState`]). Per game: the bag, as
//!   counts of the five token kinds ([`BAG_AT_SETUP`]). Per feature instance: the
//!   tokens of the shepherd standing on that instance (a field instance holds at
//!   most one shepherd, because a shepherd is only deployed on a field without
//!   one) and the turn he was deployed ([`FlockWord`]); tokens stay with the
//!   shepherd that drew them (S7); and, valid at roots, how many shepherds stand
//!   in the whole field, summed when fields join (`features_merged`), so "does
//!   this field hold a shepherd?" costs one look-up.
//! * **Steps.** A token draw is a chance step whose outcomes are the token kinds
//!   in the bag weighted by their counts (`sheep-1` … `sheep-4`, `wolf`); the
//!   flock choice is a decision with the options `grow` and `herd`.
//!
//! The decision and payment logic works for any number of shepherds per player:
//! one decision per field per turn for the active player, one payment per player
//! with a shepherd on the herded field.

use carcassonne_plugin_sdk::names::{name_of, parse_name};
use carcassonne_plugin_sdk::prelude::*;

/// Number of token kinds: `sheep-1`, `sheep-2`, `sheep-3`, `sheep-4`, `wolf`.
pub const TOKEN_KINDS: usize = 5;

/// Token kind (outcome code) of the wolf; kinds `0..4` are sheep tokens showing `kind + 1` sheep.
pub const WOLF: u32 = 4;

/// The bag at setup (S1): 4×1, 5×2, 5×3, 2×4 sheep and 2 wolves, by token kind.
pub const BAG_AT_SETUP: [u32; TOKEN_KINDS] = [4, 5, 5, 2, 2];

/// Tokens in the game: bag + every shepherd's tokens, at every step.
pub const TOKENS: u32 = 18;

/// Names of the token kinds, which are the chance outcome names in records and fixtures.
pub const TOKEN_NAMES: [&str; TOKEN_KINDS] = ["sheep-1", "sheep-2", "sheep-3", "sheep-4", "wolf"];

/// Decision option: draw a token for the flock (S3).
pub const GROW: u32 = 0;
/// Decision option: score the flock (S3, S6).
pub const HERD: u32 = 1;

/// Names of the decision options.
pub const CHOICE_NAMES: [&str; 2] = ["grow", "herd"];

/// Chance step: the draw of a newly deployed shepherd; `arg` = his feature instance.
const TAG_DEPLOY_DRAW: u16 = 1;
/// Decision step: grow or herd; `arg` = [`pack_field`] of the field on the placed tile.
const TAG_FLOCK: u16 = 2;
/// Chance step: the draw of a growing flock; `arg` = the drawing shepherd's feature instance.
const TAG_GROW_DRAW: u16 = 3;

/// The word a shepherd's feature instance holds: his tokens and his deployment turn.
///
/// Bits `4k..4k+4` (k = 0..3) count his tokens of `k + 1` sheep; bits 16..32 hold
/// the turn he was deployed (turns start at 1, so a standing shepherd's word is
/// never 0; an instance without a shepherd holds 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(transparent)]
pub struct FlockWord(pub u32);

/// The plugin's per-game state: the bag, by token kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Bag {
    /// Tokens of each kind in the bag.
    pub counts: [u32; TOKEN_KINDS],
}

/// The plugin's state of each player: where his shepherds stand, so the flock
/// decisions of a turn need no search over the board's figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Shepherds {
    /// The feature instance of each of his deployed shepherds, plus 1 (0: none).
    pub at: [u32; 3],
}

impl Shepherds {
    /// Notes a shepherd deployed on `f`.
    fn add(&mut self, f: FeatureId) -> bool {
        match self.at.iter_mut().find(|a| **a == 0) {
            Some(a) => {
                *a = u32::from(f) + 1;
                true
            }
            None => false,
        }
    }

    /// Forgets the shepherd standing on `f`.
    fn remove(&mut self, f: FeatureId) {
        if let Some(a) = self.at.iter_mut().find(|a| **a == u32::from(f) + 1) {
            *a = 0;
        }
    }

    /// The feature instances of his deployed shepherds.
    fn features(self) -> impl Iterator<Item = FeatureId> {
        self.at
            .into_iter()
            .filter(|&a| a != 0)
            .map(|a| FeatureId((a - 1) as u16))
    }
}

/// The plugin's state of each feature instance (fields only).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct FieldState {
    /// The flock of the shepherd standing on this instance.
    pub flock: FlockWord,
    /// At roots: shepherds standing anywhere in the field.
    pub shepherds: u32,
}

impl FlockWord {
    /// A shepherd deployed in `turn`, with no token yet.
    pub fn deployed(turn: u16) -> FlockWord {
        FlockWord(u32::from(turn) << 16)
    }

    /// The turn the shepherd was deployed.
    pub fn turn(self) -> u16 {
        (self.0 >> 16) as u16
    }

    /// His tokens showing `k + 1` sheep (`k` in `0..4`).
    pub fn count(self, k: usize) -> u32 {
        (self.0 >> (4 * k)) & 0xF
    }

    /// Number of tokens.
    pub fn tokens(self) -> u32 {
        (0..4).map(|k| self.count(k)).sum()
    }

    /// Sheep on his tokens.
    pub fn sheep(self) -> u32 {
        (0..4).map(|k| self.count(k) * (k as u32 + 1)).sum()
    }

    /// Adds a sheep token of kind `k` (`None` if `k` is not a sheep kind or the count would overflow).
    pub fn with_token(self, k: usize) -> Option<FlockWord> {
        (k < 4 && self.count(k) < 15).then(|| FlockWord(self.0 + (1 << (4 * k))))
    }
}

/// Tokens `(in the bag, with shepherds on the board)` from the plugin's state:
/// `game` is its per-game words, `features` its words of every feature instance.
/// Token conservation (S1) is `bag + board == TOKENS` at every step.
///
/// With the core, for a game `g` whose ruleset enables the plugin as `pi`:
/// `tokens_in_play(g.plugin_state(pi).unwrap(), (0..g.feature_count()).filter_map(|f| g.plugin_feature_state(pi, FeatureId(f as u16))))`.
pub fn tokens_in_play<'a>(
    game: &[u32],
    features: impl IntoIterator<Item = &'a [u32]>,
) -> (u32, u32) {
    let bag = game.iter().take(TOKEN_KINDS).sum();
    let board = features
        .into_iter()
        .filter_map(|w| w.first())
        .map(|&w| FlockWord(w).tokens())
        .sum();
    (bag, board)
}

/// When the grow-or-herd choice comes (S4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum FlockAction {
    /// After the follower step (English and Dutch rules; default).
    #[default]
    AfterFollower,
    /// Before the follower step (Portuguese rules): a shepherd chased home by a
    /// wolf, or home from herding, may be deployed again in the same turn.
    BeforeFollower,
}

/// The plugin's options (`[plugins.shepherd]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// When the grow-or-herd choice comes.
    pub flock_action: FlockAction,
    /// Shepherds each player has (S1: 1; more is a house rule).
    pub shepherds_per_player: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            flock_action: FlockAction::default(),
            shepherds_per_player: 1,
        }
    }
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "flock-action",
            "When the grow-or-herd choice comes (S4): \"after-follower\" (English and Dutch rules) \
             or \"before-follower\" (Portuguese rules).",
        ),
        (
            "shepherds-per-player",
            "Shepherds each player has: 1 (S1) or, as a house rule, up to 3.",
        ),
    ];
}

/// The plugin: shepherds, the bag of sheep and wolves, grow and herd.
pub struct Shepherd {
    flock_action: FlockAction,
    shepherds: u8,
}

// ------------------------------------------------------------------ helpers

fn err(what: &str) -> Error {
    Error::new(format!("shepherd: {what}"))
}

/// Packs a field of the placed tile for a decision step: its local index and the
/// tile's position (for [`Plugin::describe_step`], which sees no game).
fn pack_field(local: u8, pos: Pos) -> u32 {
    let c = |v: i16| (i32::from(v) + 2048).clamp(0, 4095) as u32;
    u32::from(local) | c(pos.x) << 8 | c(pos.y) << 20
}

fn unpack_field(arg: u32) -> (u8, Pos) {
    let c = |v: u32| ((v & 0xFFF) as i32 - 2048) as i16;
    ((arg & 0xFF) as u8, Pos::new(c(arg >> 8), c(arg >> 20)))
}

fn bag(v: &View<'_>) -> Result<[u32; TOKEN_KINDS], Error> {
    Ok(v.game_state::<Bag>()?.counts)
}

fn flock_word(v: &View<'_>, f: FeatureId) -> FlockWord {
    v.feature_state::<FieldState>(f)
        .map_or(FlockWord(0), |s| s.flock)
}

/// Shepherds standing anywhere in the field with root `root`.
fn shepherd_count(v: &View<'_>, root: FeatureId) -> u32 {
    v.feature_state::<FieldState>(root)
        .map_or(0, |s| s.shepherds)
}

/// Adds `delta` to the shepherd count of the field containing `f`.
fn add_shepherd_count(cx: &mut Cx<'_>, f: FeatureId, delta: i32) -> HookResult {
    let root = cx.find(f);
    let c = &mut cx.feature_state_mut::<FieldState>(root)?.shepherds;
    *c = c
        .checked_add_signed(delta)
        .ok_or_else(|| err("shepherd count out of range"))?;
    Ok(())
}

fn set_flock_word(cx: &mut Cx<'_>, f: FeatureId, w: FlockWord) -> HookResult {
    cx.feature_state_mut::<FieldState>(f)?.flock = w;
    Ok(())
}

/// The feature instance figure `g` stands on, if `g` is a shepherd (figure kind
/// `shepherd`) in the field with root `root`.
fn shepherd_in(
    v: &View<'_>,
    shepherd: FigureKindId,
    g: FigureId,
    root: FeatureId,
) -> Option<FeatureId> {
    if v.figure_kind(g) != shepherd {
        return None;
    }
    v.figure_feature(g).filter(|&f| v.find(f) == root)
}

/// The deployed shepherds whose field is the set with root `root`, by figure id.
fn shepherds_in<'a>(v: &'a View<'_>, root: FeatureId) -> impl Iterator<Item = FigureId> + 'a {
    let shepherd = v.my_figure(0);
    (0..v.figure_count() as u16)
        .map(FigureId)
        .filter(move |&g| shepherd_in(v, shepherd, g, root).is_some())
}

fn names(players: PlayerSet) -> String {
    let v: Vec<String> = players.iter().map(|p| format!("{{P{p}}}")).collect();
    match v.len() {
        0 => "nobody".into(),
        1 => v[0].clone(),
        n => format!("{} and {}", v[..n - 1].join(", "), v[n - 1]),
    }
}

impl Shepherd {
    /// Takes a token of kind `k` out of the bag.
    fn take(cx: &mut Cx<'_>, k: usize) -> HookResult {
        let slot = cx
            .game_state_mut::<Bag>()?
            .counts
            .get_mut(k)
            .ok_or_else(|| err("bad token kind"))?;
        *slot = slot
            .checked_sub(1)
            .ok_or_else(|| err("drew a token that is not in the bag"))?;
        Ok(())
    }

    /// Sends every shepherd of the field with root `root` home and puts all their
    /// tokens back in the bag. Returns the players who had a shepherd there and
    /// the sheep they had.
    fn clear_field(cx: &mut Cx<'_>, root: FeatureId) -> Result<(PlayerSet, u32), Error> {
        let mut players = PlayerSet::EMPTY;
        let mut sheep = 0;
        let shepherd = cx.my_figure(0);
        for g in (0..cx.figure_count() as u16).map(FigureId) {
            let Some(f) = shepherd_in(cx, shepherd, g, root) else {
                continue;
            };
            let w = flock_word(cx, f);
            sheep += w.sheep();
            let bag = &mut cx.game_state_mut::<Bag>()?.counts;
            for (k, b) in bag.iter_mut().enumerate().take(4) {
                *b += w.count(k);
            }
            set_flock_word(cx, f, FlockWord(0))?;
            add_shepherd_count(cx, f, -1)?;
            if let Some(p) = cx.figure_owner(g) {
                players.insert(p);
            }
            cx.return_figure(g)?;
        }
        Ok((players, sheep))
    }

    /// S6: every player with a shepherd on the field scores all its sheep, once;
    /// tokens back to the bag, shepherds home. `by` is the player who chose to
    /// herd, `None` when the field closed (S8).
    fn herd(cx: &mut Cx<'_>, root: FeatureId, by: Option<PlayerId>) -> HookResult {
        let (players, sheep) = Self::clear_field(cx, root)?;
        if cx.logging() {
            let s = if players.len() == 1 { "s" } else { "" };
            let pay = format!("{} score{s} {sheep}", names(players));
            cx.log(match by {
                Some(p) => format!("{{P{p}}} herds {sheep} sheep into the stable: {pay}."),
                None => format!(
                    "The field is closed: its flock of {sheep} sheep goes into the stable: {pay}."
                ),
            });
        }
        if sheep > 0 {
            for p in players.iter() {
                cx.add_score(p, sheep as i32);
            }
        }
        Ok(())
    }

    /// Pushes the grow-or-herd decisions of the active player for the fields of
    /// the placed tile that hold a shepherd of his deployed before this turn (S3):
    /// one per field, in the order of the fields' root ids.
    fn push_flock_decisions(&self, cx: &mut Cx<'_>) -> HookResult {
        // Most turns: none of the active player's shepherds is on the board.
        let me = cx.current_player();
        if u32::from(cx.supply(me, cx.my_figure(0))) >= u32::from(self.shepherds) {
            return Ok(());
        }
        let Some(t) = cx.last_placed() else {
            return Ok(());
        };
        let turn = cx.turn();
        // The fields (roots) holding a shepherd of his deployed before this turn.
        let mut mine = [FeatureId(u16::MAX); 3];
        let mut m = 0;
        for f in cx.player_state::<Shepherds>(me)?.features() {
            if flock_word(cx, f).turn() < turn {
                let r = cx.find(f);
                if !mine[..m].contains(&r) {
                    mine[m] = r;
                    m += 1;
                }
            }
        }
        // The tile's first field segment in each of those fields, in root order.
        let mut fields = [(FeatureId(u16::MAX), 0u8); 3];
        let mut n = 0;
        for &r in &mine[..m] {
            if let Some(l) = cx.tile_feature_in(t, r) {
                fields[n] = (r, l);
                n += 1;
            }
        }
        if n == 0 {
            return Ok(());
        }
        let fields = &mut fields[..n];
        fields.sort_unstable();
        let pos = cx.tile_pos(t);
        for &(_, local) in fields.iter() {
            cx.push_decision(me, TAG_FLOCK, pack_field(local, pos));
        }
        Ok(())
    }

    fn resolve_deploy_draw(cx: &mut Cx<'_>, f: FeatureId, k: u32) -> HookResult {
        let kind = cx.my_figure(0);
        let g = cx
            .figures_on(f)
            .find(|&g| cx.figure_kind(g) == kind)
            .ok_or_else(|| err("no shepherd on the drawing feature"))?;
        let who = cx.figure_owner(g).unwrap_or_default();
        if k == WOLF {
            set_flock_word(cx, f, FlockWord(0))?;
            add_shepherd_count(cx, f, -1)?;
            cx.return_figure(g)?;
            if cx.logging() {
                cx.log(format!(
                    "{{P{who}}} draws a wolf for the new flock! The wolf goes back into the bag \
                     and the shepherd goes home."
                ));
            }
            return Ok(());
        }
        Self::take(cx, k as usize)?;
        let w = flock_word(cx, f)
            .with_token(k as usize)
            .ok_or_else(|| err("bad token"))?;
        set_flock_word(cx, f, w)?;
        if cx.logging() {
            let n = k + 1;
            cx.log(format!("{{P{who}}} draws {n} sheep for the new flock."));
        }
        Ok(())
    }

    fn resolve_grow_draw(cx: &mut Cx<'_>, f: FeatureId, who: PlayerId, k: u32) -> HookResult {
        let root = cx.find(f);
        if k == WOLF {
            let (players, sheep) = Self::clear_field(cx, root)?;
            if cx.logging() {
                let home = if players.len() == 1 {
                    format!("{}'s shepherd goes home", names(players))
                } else {
                    format!("the shepherds of {} go home", names(players))
                };
                cx.log(format!(
                    "{{P{who}}} grows the flock: a wolf! The flock on this field is lost: \
                     {sheep} sheep go back into the bag and {home}."
                ));
            }
            return Ok(());
        }
        Self::take(cx, k as usize)?;
        let w = flock_word(cx, f)
            .with_token(k as usize)
            .ok_or_else(|| err("bad token"))?;
        set_flock_word(cx, f, w)?;
        if cx.logging() {
            let total: u32 = shepherds_in(cx, root)
                .filter_map(|g| cx.figure_feature(g))
                .map(|f| flock_word(cx, f).sheep())
                .sum();
            cx.log(format!(
                "{{P{who}}} grows the flock: {} sheep; the flock now has {total} sheep.",
                k + 1
            ));
        }
        Ok(())
    }
}

#[plugin]
impl Plugin for Shepherd {
    type Config = Options;
    const ID: &'static str = "shepherd";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "Hills & Sheep: shepherds grow flocks of sheep on fields and herd them for points; beware the wolf";
    const FIGURES: &'static [FigureSpec] = &[FigureSpec::special("shepherd", 1)];
    const STATE: StateSpec = StateSpec::NONE
        .game::<Bag>()
        .player::<Shepherds>()
        .feature::<FieldState>();

    fn new(options: Options) -> Result<Self, ConfigError> {
        if !(1..=3).contains(&options.shepherds_per_player) {
            return Err(ConfigError::key(
                "shepherds-per-player",
                format!(
                    "{} shepherds: expected 1 to 3",
                    options.shepherds_per_player
                ),
            ));
        }
        Ok(Shepherd {
            flock_action: options.flock_action,
            shepherds: options.shepherds_per_player,
        })
    }

    fn figure_count(&self, _i: usize) -> u8 {
        self.shepherds
    }

    fn subscriptions(&self) -> u64 {
        let all = carcassonne_plugin_sdk::hooks_of::<Self>();
        match self.flock_action {
            FlockAction::AfterFollower => all & !hook::BEFORE_FIGURE,
            FlockAction::BeforeFollower => all & !hook::AFTER_FIGURE,
        }
    }

    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        cx.game_state_mut::<Bag>()?.counts = BAG_AT_SETUP;
        Ok(())
    }

    /// Keeps the per-field shepherd count at the root (S7: joined fields join their flocks).
    fn features_merged(&self, cx: &mut Cx<'_>, kept: FeatureId, absorbed: FeatureId) -> HookResult {
        let n = shepherd_count(cx, absorbed);
        if n > 0 {
            cx.feature_state_mut::<FieldState>(absorbed)?.shepherds = 0;
            add_shepherd_count(cx, kept, n as i32)?;
        }
        Ok(())
    }

    fn before_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        self.push_flock_decisions(cx)
    }

    /// S2: the shepherd may go on any field segment of the placed tile whose field
    /// holds no shepherd (farmers do not matter).
    fn figure_options(&self, v: &View<'_>, opts: &mut Vec<FigureOption>) -> HookResult {
        let Some(t) = v.last_placed() else {
            return Ok(());
        };
        let kind = v.my_figure(0);
        if v.supply(v.current_player(), kind) == 0 {
            return Ok(());
        }
        for l in 0..v.tile_feature_count(t) {
            if v.tile_feature_kind(t, l) != FeatureKind::Field {
                continue;
            }
            let f = v.feature_of(t, l);
            if shepherd_count(v, v.find(f)) == 0 {
                opts.push(FigureOption::Deploy {
                    kind,
                    at: Location::Feature(f),
                });
            }
        }
        Ok(())
    }

    fn figure_chosen(&self, cx: &mut Cx<'_>, opt: FigureOption) -> HookResult {
        let Some(at) = cx.my_deploy(opt, 0) else {
            return Ok(());
        };
        let f = at
            .feature()
            .ok_or_else(|| err("a shepherd stands on a field"))?;
        let turn = cx.turn();
        set_flock_word(cx, f, FlockWord::deployed(turn))?;
        add_shepherd_count(cx, f, 1)?;
        let me = cx.current_player();
        if !cx.player_state_mut::<Shepherds>(me)?.add(f) {
            return Err(err("more shepherds on the board than a player has"));
        }
        cx.push_chance(TAG_DEPLOY_DRAW, u32::from(f));
        Ok(())
    }

    fn after_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        self.push_flock_decisions(cx)
    }

    fn step_options(&self, _v: &View<'_>, step: Step, out: &mut Vec<u32>) -> HookResult {
        if step.tag != TAG_FLOCK {
            return Err(err("not a decision of this plugin"));
        }
        out.extend([GROW, HERD]);
        Ok(())
    }

    fn step_outcomes(&self, v: &View<'_>, step: Step, out: &mut Vec<Outcome>) -> HookResult {
        if step.tag != TAG_DEPLOY_DRAW && step.tag != TAG_GROW_DRAW {
            return Err(err("not a chance event of this plugin"));
        }
        let b = bag(v)?;
        out.extend(
            (0..TOKEN_KINDS as u32)
                .zip(b)
                .filter(|&(_, n)| n > 0)
                .map(|(code, weight)| Outcome { code, weight }),
        );
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        match step.tag {
            TAG_DEPLOY_DRAW if (value as usize) < TOKEN_KINDS => {
                let f = FeatureId::try_from(step.arg).map_err(|_| err("bad step"))?;
                Self::resolve_deploy_draw(cx, f, value)
            }
            TAG_GROW_DRAW if (value as usize) < TOKEN_KINDS => {
                let f = FeatureId::try_from(step.arg).map_err(|_| err("bad step"))?;
                Self::resolve_grow_draw(cx, f, step.player, value)
            }
            TAG_FLOCK => {
                let (local, _) = unpack_field(step.arg);
                let t = cx.last_placed().ok_or_else(|| err("no placed tile"))?;
                let root = cx.find(cx.feature_of(t, local));
                let me = step.player;
                match value {
                    GROW => {
                        // The token goes to the deciding player's shepherd (his first one
                        // on the field if he has several).
                        let f = shepherds_in(cx, root)
                            .find(|&g| cx.figure_owner(g) == Some(me))
                            .and_then(|g| cx.figure_feature(g))
                            .ok_or_else(|| err("no shepherd of the player on the field"))?;
                        cx.push_chance(TAG_GROW_DRAW, u32::from(f));
                        Ok(())
                    }
                    HERD => Self::herd(cx, root, Some(me)),
                    _ => Err(err("not an option of the flock decision")),
                }
            }
            _ => Err(err("unknown step or value")),
        }
    }

    /// A shepherd sent home by another plugin's rule (X2: a dragon eats him) takes
    /// only his own tokens back to the bag; the other shepherds of the field keep
    /// theirs. The plugin's own herding and wolves clear the flock before sending
    /// the shepherd home, so this finds nothing to do for them.
    fn figure_returned(&self, cx: &mut Cx<'_>, fig: FigureId, from: Location) -> HookResult {
        let Some(feature) = from.feature() else {
            return Ok(());
        };
        if cx.figure_kind(fig) != cx.my_figure(0) {
            return Ok(());
        }
        // However he went home (herded, a wolf, another plugin's rule).
        if let Some(p) = cx.figure_owner(fig) {
            cx.player_state_mut::<Shepherds>(p)?.remove(feature);
        }
        let w = flock_word(cx, feature);
        if w.0 == 0 {
            return Ok(());
        }
        let bag = &mut cx.game_state_mut::<Bag>()?.counts;
        for (k, b) in bag.iter_mut().enumerate().take(4) {
            *b += w.count(k);
        }
        set_flock_word(cx, feature, FlockWord(0))?;
        add_shepherd_count(cx, feature, -1)?;
        if cx.logging() {
            let who = cx.figure_owner(fig).unwrap_or_default();
            cx.log(format!(
                "{{P{who}}}'s shepherd is sent home: his {} sheep go back into the bag.",
                w.sheep()
            ));
        }
        Ok(())
    }

    /// The sheep on a shepherd's tokens, public as on the table ("3 sheep"); no
    /// note before his first token.
    fn figure_note(&self, v: &View<'_>, fig: FigureId, out: &mut String) -> HookResult {
        if v.figure_kind(fig) != v.my_figure(0) {
            return Ok(());
        }
        let Some(feature) = v.figure_feature(fig) else {
            return Ok(());
        };
        let w = flock_word(v, feature);
        if w.tokens() > 0 {
            let n = w.sheep();
            out.push_str(&format!("{n} sheep"));
        }
        Ok(())
    }

    /// S8: a field that can no longer grow is herded at once, whoever closed it
    /// (after the active player's own choice, which comes in an earlier stage).
    fn field_closed(&self, cx: &mut Cx<'_>, field: FeatureId) -> HookResult {
        let root = cx.find(field);
        if shepherd_count(cx, root) == 0 {
            return Ok(());
        }
        Self::herd(cx, root, None)
    }

    fn value_name(&self, what: NameCtx, value: u32) -> String {
        let names: &[&str] = match what {
            NameCtx::Step(s) if s.tag == TAG_FLOCK => &CHOICE_NAMES,
            NameCtx::Step(s) if s.tag == TAG_DEPLOY_DRAW || s.tag == TAG_GROW_DRAW => &TOKEN_NAMES,
            _ => &[],
        };
        name_of(names, value)
    }

    fn parse_value(&self, what: NameCtx, text: &str) -> Option<u32> {
        let names: &[&str] = match what {
            NameCtx::Step(s) if s.tag == TAG_FLOCK => &CHOICE_NAMES,
            NameCtx::Step(s) if s.tag == TAG_DEPLOY_DRAW || s.tag == TAG_GROW_DRAW => &TOKEN_NAMES,
            _ => return None,
        };
        parse_name(names, text)
    }

    fn describe_step(&self, step: Step) -> String {
        let who = step.player;
        match step.tag {
            TAG_FLOCK => {
                let (_, pos) = unpack_field(step.arg);
                format!("{{P{who}}}: grow or herd the flock on the field at {pos}")
            }
            TAG_DEPLOY_DRAW => {
                format!("{{P{who}}}: draw a token from the bag for the new shepherd")
            }
            TAG_GROW_DRAW => format!("{{P{who}}}: draw a token from the bag to grow the flock"),
            t => format!("shepherd step {t}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(tag: u16, chance: bool) -> Step {
        Step {
            owner: 0,
            tag,
            chance,
            player: 2,
            arg: pack_field(3, Pos::new(-4, 7)),
        }
    }

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<Shepherd>().unwrap();
        assert_eq!(BAG_AT_SETUP.iter().sum::<u32>(), TOKENS);
        assert_eq!(BAG_AT_SETUP[WOLF as usize], 2);
    }

    #[test]
    fn state_is_three_words_per_field_and_five_per_game() {
        assert_eq!(Shepherd::STATE.game, 5);
        assert_eq!(Shepherd::STATE.player, 3);
        assert_eq!(Shepherd::STATE.feature, 2);
    }

    #[test]
    fn subscriptions_follow_the_flock_action() {
        let after = Shepherd::new(Options::default()).unwrap();
        assert_eq!(after.subscriptions() & hook::BEFORE_FIGURE, 0);
        assert_ne!(after.subscriptions() & hook::AFTER_FIGURE, 0);
        let before = Shepherd::new(Options {
            flock_action: FlockAction::BeforeFollower,
            ..Options::default()
        })
        .unwrap();
        assert_ne!(before.subscriptions() & hook::BEFORE_FIGURE, 0);
        assert_eq!(before.subscriptions() & hook::AFTER_FIGURE, 0);
    }

    #[test]
    fn shepherds_per_player_sets_the_figure_count() {
        let two = Shepherd::new(Options {
            shepherds_per_player: 2,
            ..Options::default()
        })
        .unwrap();
        assert_eq!(two.figure_count(0), 2);
        assert_eq!(
            Shepherd::new(Options::default()).unwrap().figure_count(0),
            1
        );
        for bad in [0, 4] {
            let e = Shepherd::new(Options {
                shepherds_per_player: bad,
                ..Options::default()
            })
            .err()
            .expect("rejected");
            assert_eq!(e.problems[0].0.as_deref(), Some("shepherds-per-player"));
        }
    }

    #[test]
    fn names_round_trip() {
        let p = Shepherd::new(Options::default()).unwrap();
        for (tag, chance, n) in [
            (TAG_FLOCK, false, 2),
            (TAG_DEPLOY_DRAW, true, 5),
            (TAG_GROW_DRAW, true, 5),
        ] {
            let what = NameCtx::Step(step(tag, chance));
            for v in 0..n {
                let name = p.value_name(what, v);
                assert_eq!(p.parse_value(what, &name), Some(v), "{name}");
            }
            assert_eq!(p.parse_value(what, "sheep-5"), None);
        }
        let flock = NameCtx::Step(step(TAG_FLOCK, false));
        assert_eq!(p.value_name(flock, GROW), "grow");
        assert_eq!(p.value_name(flock, HERD), "herd");
        let draw = NameCtx::Step(step(TAG_GROW_DRAW, true));
        assert_eq!(p.value_name(draw, 2), "sheep-3");
        assert_eq!(p.value_name(draw, WOLF), "wolf");
        assert_eq!(p.parse_value(flock, "wolf"), None);
        assert_eq!(p.parse_value(NameCtx::Special, "grow"), None);
        assert_eq!(
            p.describe_step(step(TAG_FLOCK, false)),
            "{P2}: grow or herd the flock on the field at (-4, 7)"
        );
    }

    #[test]
    fn field_arguments_and_flock_words_pack() {
        for (l, x, y) in [(0, 0, 0), (11, -2048, 2047), (5, 300, -300)] {
            assert_eq!(
                unpack_field(pack_field(l, Pos::new(x, y))),
                (l, Pos::new(x, y))
            );
        }
        // Positions beyond the packed range are clamped (they only label the step).
        assert_eq!(
            unpack_field(pack_field(1, Pos::new(5000, -5000))).1,
            Pos::new(2047, -2048)
        );
        let w = FlockWord::deployed(37)
            .with_token(2)
            .unwrap()
            .with_token(3)
            .unwrap();
        assert_eq!((w.turn(), w.tokens(), w.sheep()), (37, 2, 7));
        assert_eq!(w.with_token(4), None, "a wolf is no sheep token");
        let words = [
            [w.0],
            [0],
            [FlockWord::deployed(2).with_token(0).unwrap().0],
        ];
        let (bag, board) = tokens_in_play(&[4, 5, 4, 1, 2], words.iter().map(|x| &x[..]));
        assert_eq!((bag, board), (16, 3));
    }
}
