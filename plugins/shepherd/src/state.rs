//! The plugin's state (typed words: [`Bag`], [`Shepherds`], [`FlockWord`]), the
//! accessors the hooks use, and the packing of a field into a step argument.

use super::TOKEN_KINDS;
use carcassonne_plugin_sdk::prelude::*;

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
/// decisions of a turn and the question "does this field hold a shepherd?" need
/// no search over the board's figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Shepherds {
    /// The feature instance of each of his deployed shepherds, plus 1 (0: none).
    pub at: [u32; 3],
}

impl Shepherds {
    /// Notes a shepherd deployed on `f`.
    pub(crate) fn add(&mut self, f: FeatureId) -> bool {
        match self.at.iter_mut().find(|a| **a == 0) {
            Some(a) => {
                *a = u32::from(f) + 1;
                true
            }
            None => false,
        }
    }

    /// Forgets the shepherd standing on `f`.
    pub(crate) fn remove(&mut self, f: FeatureId) {
        if let Some(a) = self.at.iter_mut().find(|a| **a == u32::from(f) + 1) {
            *a = 0;
        }
    }

    /// The feature instances of his deployed shepherds.
    pub(crate) fn features(self) -> impl Iterator<Item = FeatureId> {
        self.at
            .into_iter()
            .filter(|&a| a != 0)
            .map(|a| FeatureId((a - 1) as u16))
    }
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
/// `game` is its per-game words, `features` its words of every feature instance
/// (one [`FlockWord`] each).
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

/// Packs a field of the placed tile for a decision step: its local index and the
/// tile's position (for [`Plugin::describe_step`], which sees no game).
pub(crate) fn pack_field(local: u8, pos: Pos) -> u32 {
    let c = |v: i16| (i32::from(v) + 2048).clamp(0, 4095) as u32;
    u32::from(local) | c(pos.x) << 8 | c(pos.y) << 20
}

pub(crate) fn unpack_field(arg: u32) -> (u8, Pos) {
    let c = |v: u32| ((v & 0xFFF) as i32 - 2048) as i16;
    ((arg & 0xFF) as u8, Pos::new(c(arg >> 8), c(arg >> 20)))
}

pub(crate) fn bag(v: &View<'_>) -> Result<[u32; TOKEN_KINDS], Error> {
    Ok(v.game_state::<Bag>()?.counts)
}

pub(crate) fn flock_word(v: &View<'_>, f: FeatureId) -> FlockWord {
    v.feature_state::<FlockWord>(f).map_or(FlockWord(0), |w| *w)
}

pub(crate) fn set_flock_word(cx: &mut Cx<'_>, f: FeatureId, w: FlockWord) -> HookResult {
    *cx.feature_state_mut::<FlockWord>(f)? = w;
    Ok(())
}

/// The roots of the fields holding a shepherd, from the players' [`Shepherds`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Roots {
    ids: [FeatureId; MAX_PLAYERS * 3],
    len: usize,
}

impl Roots {
    /// Whether the field with root `root` holds a shepherd.
    pub(crate) fn contains(&self, root: FeatureId) -> bool {
        self.ids[..self.len].contains(&root)
    }
}

/// The roots of every field holding a shepherd (anyone's).
pub(crate) fn shepherd_roots(v: &View<'_>) -> Result<Roots, Error> {
    let mut roots = Roots {
        ids: [FeatureId(u16::MAX); MAX_PLAYERS * 3],
        len: 0,
    };
    for p in PlayerId::all(v.players()) {
        for f in v.player_state::<Shepherds>(p)?.features() {
            let r = v.find(f);
            if !roots.contains(r) && roots.len < roots.ids.len() {
                roots.ids[roots.len] = r;
                roots.len += 1;
            }
        }
    }
    Ok(roots)
}

/// The shepherds standing in the field with root `root`, as (figure, feature
/// instance), by figure id (from the players' [`Shepherds`], so no search over
/// the board's figures).
pub(crate) fn shepherds_in(v: &View<'_>, root: FeatureId) -> Result<InField, Error> {
    let kind = v.my_figure(0);
    let mut out = InField {
        items: [(FigureId(u16::MAX), FeatureId(u16::MAX)); MAX_PLAYERS * 3],
        len: 0,
    };
    for p in PlayerId::all(v.players()) {
        for f in v.player_state::<Shepherds>(p)?.features() {
            if v.find(f) != root || out.len == out.items.len() {
                continue;
            }
            if let Some(g) = v.figures_on(f).find(|&g| v.figure_kind(g) == kind) {
                out.items[out.len] = (g, f);
                out.len += 1;
            }
        }
    }
    out.items[..out.len].sort_unstable();
    Ok(out)
}

/// The feature instance of `player`'s first shepherd (by figure id) in the field
/// with root `root`, if he has one there: [`shepherds_in`] for one player, with
/// no search for figures unless he has several shepherds there.
pub(crate) fn player_shepherd_in(
    v: &View<'_>,
    player: PlayerId,
    root: FeatureId,
) -> Result<Option<FeatureId>, Error> {
    let mine = *v.player_state::<Shepherds>(player)?;
    let mut there = mine.features().filter(|&f| v.find(f) == root);
    let Some(first) = there.next() else {
        return Ok(None);
    };
    if there.next().is_none() {
        return Ok(Some(first));
    }
    // Several: the one whose figure comes first.
    let kind = v.my_figure(0);
    Ok(mine
        .features()
        .filter(|&f| v.find(f) == root)
        .filter_map(|f| {
            v.figures_on(f)
                .find(|&g| v.figure_kind(g) == kind)
                .map(|g| (g, f))
        })
        .min()
        .map(|(_, f)| f))
}

/// The shepherds of a field, by figure id (see [`shepherds_in`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct InField {
    items: [(FigureId, FeatureId); MAX_PLAYERS * 3],
    len: usize,
}

impl InField {
    /// (figure, feature instance) of each, by figure id.
    pub(crate) fn as_slice(&self) -> &[(FigureId, FeatureId)] {
        &self.items[..self.len]
    }
}
