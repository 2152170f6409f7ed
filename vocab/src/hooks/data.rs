//! The plain data the hooks pass: steps and chance outcomes, pieces and
//! placements, figure options, tile counts, scoring information, points,
//! value changes, and the codes the core reserves (owners, step tags, figure
//! codes). Re-exported by [`crate::hooks`].

use crate::types::*;

/// Owner value of steps that the core itself pushes.
pub const CORE_OWNER: u8 = u8::MAX;

/// Tag of the core step "take a tile from the bag face down" (a chance event).
pub const STEP_HIDDEN_TILE: u16 = 1;

/// The first value code that names a figure: code `FIGURE_CODE + id` (a
/// decision option, a chance outcome or a special figure option of any plugin)
/// names figure `id`. The core names such codes itself in action text, by the
/// figure's kind, owner and place (`large of 1 at 3 -1 2`, `follower of 0 held
/// by 1`), and parses them back, so every plugin's figure options read alike;
/// plugins use the codes `FIGURE_CODE..=FIGURE_CODE + 0xFFFF` for nothing else
/// (the SDK's `Spot` codes never reach them). Make them with
/// `Game::figure_code`, which picks one figure among equal ones (same kind,
/// owner and place).
pub const FIGURE_CODE: u32 = 0xFFF8_0000;

/// The figure a value code names ([`FIGURE_CODE`]), if it names one.
#[inline]
pub const fn code_figure(code: u32) -> Option<FigureId> {
    if code >= FIGURE_CODE && code - FIGURE_CODE <= u16::MAX as u32 {
        Some(FigureId((code - FIGURE_CODE) as u16))
    } else {
        None
    }
}

/// Tag of the core step "draw a tile face up into a plugin's lot" (a chance
/// event whose outcome everyone sees; `arg` is the plugin's index).
pub const STEP_PUBLIC_TILE: u16 = 2;

/// A pending decision or chance event, pushed by a hook and resolved by the engine.
#[repr(C)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Step {
    /// Plugin index that resolves it, or [`CORE_OWNER`].
    pub owner: u8,
    /// Whether it is a chance event (else a decision of `player`).
    pub chance: bool,
    /// Owner-defined kind.
    pub tag: u16,
    /// Who decides (decisions): any player, not only the one whose turn it is.
    pub player: PlayerId,
    /// The options of a decision given when it was pushed
    /// (`Cx::push_decision_among`): bit `v` set, value `v` is one, in
    /// ascending order; the core lists them without asking the plugin's
    /// `step_options`. 0: asked from `step_options`.
    pub among: u16,
    /// Owner-defined argument (e.g. a feature id).
    pub arg: u32,
}

/// A chance outcome: a code and its weight (probability = weight / sum of weights).
#[repr(C)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Outcome code.
    pub code: u32,
    /// Relative weight, > 0.
    pub weight: u32,
}

/// A piece laid with a tile placement (a bridge): the plugin whose piece it
/// is and the plugin's code for it, packed (`plugin + 1` in the top byte, the
/// code below); [`Piece::NONE`] for a plain placement. The order of pieces
/// orders placements that differ only by their piece.
#[repr(transparent)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece(pub u32);

impl Piece {
    /// No piece: a plain placement.
    pub const NONE: Piece = Piece(0);
    /// Not a piece but the core's choice "set the drawn tile aside" (see
    /// [`Placement::SET_ASIDE`]).
    pub const SET_ASIDE: Piece = Piece(1);
    /// The largest code of a piece.
    pub const MAX_CODE: u32 = (1 << 24) - 1;

    /// Plugin `plugin`'s piece with `code` (at most [`Piece::MAX_CODE`]; higher
    /// bits are dropped). Plugin indices go up to 254.
    #[inline]
    pub const fn of(plugin: u8, code: u32) -> Piece {
        Piece(((plugin as u32 + 1) << 24) | (code & Self::MAX_CODE))
    }

    /// The plugin whose piece it is (`None`: no piece, or the set-aside choice).
    #[inline]
    pub const fn plugin(self) -> Option<u8> {
        match self.0 >> 24 {
            0 => None,
            p => Some((p - 1) as u8),
        }
    }

    /// The plugin's code.
    #[inline]
    pub const fn code(self) -> u32 {
        self.0 & Self::MAX_CODE
    }

    /// Whether it is no piece.
    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }
}

/// A candidate tile placement: where, turned how, and the piece laid with it
/// (usually none).
///
/// `repr(C)`: plugin hooks receive slices of placements without copying.
#[repr(C)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    /// Where.
    pub pos: Pos,
    /// Clockwise quarter turns.
    pub rot: Rotation,
    /// The piece laid with the tile (a bridge), or [`Piece::NONE`].
    pub piece: Piece,
}

impl Placement {
    /// The choice "set the drawn tile aside": legal when every legal placement
    /// of the drawn tile is one a plugin marked optional
    /// ([`PiecePlacement::optional`]); the player then draws again. Listed
    /// last among the placements (its position lies beyond every board).
    pub const SET_ASIDE: Placement = Placement {
        pos: Pos {
            x: i16::MAX,
            y: i16::MAX,
        },
        rot: Rotation::R0,
        piece: Piece::SET_ASIDE,
    };

    /// The plain placement at `pos` turned `rot` quarter turns clockwise.
    #[inline]
    pub const fn new(pos: Pos, rot: Rotation) -> Placement {
        Placement {
            pos,
            rot,
            piece: Piece::NONE,
        }
    }

    /// The placement at `pos` turned `rot`, laying `piece`.
    #[inline]
    pub const fn with_piece(pos: Pos, rot: Rotation, piece: Piece) -> Placement {
        Placement { pos, rot, piece }
    }
}

/// A placement candidate a plugin adds (`extra_placements`): the placement,
/// laying one of the plugin's pieces, and the feature the piece adds to a tile
/// — the one placed (`at == placement.pos`) or a placed one (`at` its
/// position). The core keeps the candidate only if every side fits with the
/// feature added.
#[repr(C)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PiecePlacement {
    /// The placement, laying `Piece::of(plugin index, code)`.
    pub placement: Placement,
    /// The tile that gets the feature, by position.
    pub at: Pos,
    /// The feature's kind (a road, city or field).
    pub kind: FeatureKind,
    /// The slots it takes from their owners, in board orientation (bit `i`:
    /// slot `i`, `NL NM NR EL ... WR`).
    pub slots: u16,
    /// The candidate exists only thanks to the piece: a drawn tile whose every
    /// legal placement is optional may be set aside instead
    /// ([`Placement::SET_ASIDE`]).
    pub optional: bool,
}

/// An option of the figure step. Canonical order: `Pass`, deployments by (kind,
/// location), specials by (plugin, code).
#[repr(u8)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FigureOption {
    /// Deploy nothing.
    Pass,
    /// Deploy a figure of `kind` from the player's supply at `at` (usually a feature
    /// of the tile just placed; anywhere when a plugin offers it, e.g. a magic
    /// portal). The core places it; plugins are told in `figure_chosen`.
    Deploy {
        /// Figure kind.
        kind: FigureKindId,
        /// Where.
        at: Location,
    },
    /// A plugin-defined option (e.g. take the abbot back, move the fairy); the
    /// plugin carries it out in `figure_chosen`.
    Special {
        /// Plugin index.
        plugin: u8,
        /// Plugin-defined code.
        code: u32,
    },
}

/// The copies of a tile type in the game, as a plugin sets them at build time
/// (the engine's `Hooks::compose_tiles`).
#[repr(C)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TileCount {
    /// The tile type.
    pub tile: TileTypeId,
    /// Its copies in the game (the start layout's included).
    pub count: u16,
}

/// Why a feature is being scored.
#[repr(u8)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreReason {
    /// Completed during the game, in the scoring step.
    Completed,
    /// Incomplete at game end (final scoring; farmers too).
    Final,
    /// Scored early as if at game end, by a plugin (an abbot taken back, a barn's farmers).
    Early,
    /// A withheld feature scored by a plugin at the value of another feature
    /// (`Cx::score_by_proxy`: a castle paid for a feature completed near it);
    /// its base is booked in that plugin's category.
    Proxy,
}

/// What the scoring hooks (`majority`, `points`, `feature_scored`) see.
///
/// For a road, city, cloister or spot, `feature` is its root and the farmer lists
/// are empty. For **farmers** `kind` is [`FeatureKind::Field`] and the unit scored
/// is: one field (F1, and a plugin's `Cx::score_farmers`), with `fields = [field]`;
/// or one completed city with every field around it (F2, F3), `feature` being the
/// city. `cities` are the completed cities paid for, `fields[i]` was won by
/// `field_winners[i]` (F2: each field's own majority; F1, F3: the unit's winners).
#[derive(Clone, Copy, Debug)]
pub struct ScoreInfo<'a> {
    /// Root feature scored (a field or a city for farmers, see above).
    pub feature: FeatureId,
    /// Its kind (`Field` for farmers).
    pub kind: FeatureKind,
    /// Why it is scored.
    pub reason: ScoreReason,
    /// Whether it is complete (centre features: surrounded; fields: closed).
    pub complete: bool,
    /// Distinct tiles in the feature.
    pub tiles: u32,
    /// Pennants in the feature.
    pub pennants: u32,
    /// Farmers: the completed cities paid for.
    pub cities: &'a [FeatureId],
    /// Farmers: the fields of the unit.
    pub fields: &'a [FeatureId],
    /// Farmers: the winners of each field of `fields`.
    pub field_winners: &'a [PlayerSet],
    /// The figures taking part in the majority (strength > 0).
    pub figures: &'a [FigureId],
    /// Summed strength per player.
    pub strength: [u16; MAX_PLAYERS],
    /// What the unit is worth to each winner: its base value where the value
    /// layer has not run yet (`majority`, `feature_value`), then the combined
    /// value (`bonus`, `feature_scored`: the base changed by every
    /// `feature_value` hook). A completed feature nobody occupies has its value
    /// computed too (its `feature_scored` sees it, no winner gets it).
    pub value: i32,
}

impl ScoreInfo<'_> {
    /// The award of a scoring, apart from bonuses: [`ScoreInfo::value`] to each
    /// of `points.winners`, 0 to the others. (`points` minus this is what the
    /// `bonus` hooks paid.)
    pub fn award(&self, points: &Points) -> Points {
        let mut a = Points {
            winners: points.winners,
            amounts: [0; MAX_PLAYERS],
        };
        a.set_winners(self.value);
        a
    }
}

/// Points of a scoring, per player: the award (the value to each winner, 0 for
/// the others), a plugin's bonus (the `bonus` hook: it starts at zero), and
/// what the scoring paid in all (the `feature_scored` hook).
#[repr(C)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Points {
    /// The winners of the majority (read-only information).
    pub winners: PlayerSet,
    /// Points per player.
    pub amounts: [i32; MAX_PLAYERS],
}

impl Points {
    /// Points of `p`.
    #[inline]
    pub fn get(&self, p: PlayerId) -> i32 {
        self.amounts.get(p.index()).copied().unwrap_or(0)
    }

    /// Sets the points of `p`.
    #[inline]
    pub fn set(&mut self, p: PlayerId, v: i32) {
        if let Some(x) = self.amounts.get_mut(p.index()) {
            *x = v;
        }
    }

    /// Adds to the points of `p` (a non-winner too).
    #[inline]
    pub fn add(&mut self, p: PlayerId, v: i32) {
        if let Some(x) = self.amounts.get_mut(p.index()) {
            *x = x.saturating_add(v);
        }
    }

    /// Adds `v` to every winner's points.
    #[inline]
    pub fn add_to_winners(&mut self, v: i32) {
        for p in self.winners.iter() {
            self.add(p, v);
        }
    }

    /// Sets every winner's points to `v` (e.g. "a completed cloister scores 12").
    #[inline]
    pub fn set_winners(&mut self, v: i32) {
        for p in self.winners.iter() {
            self.set(p, v);
        }
    }

    /// The points of the first winner (all winners usually get the same).
    #[inline]
    pub fn of_winners(&self) -> i32 {
        self.winners.iter().next().map_or(0, |p| self.get(p))
    }
}

/// One plugin's change to the value of a scored feature or farmer unit (the
/// `feature_value` hook). The core combines the changes of all plugins so that
/// their order does not matter: the unit is worth nothing if any plugin voids
/// it; otherwise it is worth the highest value any plugin set (or the base
/// value when none did) plus every plugin's `add`, multiplied by every
/// plugin's scale (rounded to the nearest whole number, halves up).
#[repr(C)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ValueChange {
    /// Added to the value (an inn's +1 per tile, a vineyard's 3).
    pub add: i32,
    /// The value in place of the base (a garden's 9), if `has_set`.
    pub set: i32,
    /// Whether `set` applies.
    pub has_set: bool,
    /// The unit is worth nothing (an unfinished road with an inn at game end).
    pub void: bool,
    /// The value after every plugin's add and set is multiplied by `num /
    /// den`, if `den` is not 0 (a witch's half: 1 / 2; [`ValueChange::scale`]).
    pub num: u32,
    /// See `num` (0: no scale).
    pub den: u32,
}

impl ValueChange {
    /// Adds `n` to the value.
    #[inline]
    pub fn add(&mut self, n: i32) {
        self.add = self.add.saturating_add(n);
    }

    /// Sets the value in place of the base value.
    #[inline]
    pub fn set(&mut self, v: i32) {
        self.set = if self.has_set { self.set.max(v) } else { v };
        self.has_set = true;
    }

    /// Makes the unit worth nothing.
    #[inline]
    pub fn void(&mut self) {
        self.void = true;
    }

    /// Multiplies the value by `num / den` after every plugin's adds and sets
    /// (a witch halves: `scale(1, 2)`); scales multiply, and the result is
    /// rounded to the nearest whole number, halves up, so that no order of
    /// the plugins changes it. `den = 0` changes nothing.
    pub fn scale(&mut self, num: u32, den: u32) {
        if den == 0 {
            return;
        }
        let (n0, d0) = if self.den == 0 {
            (1, 1)
        } else {
            (u64::from(self.num), u64::from(self.den))
        };
        let (mut n, mut d) = reduced(n0 * u64::from(num), d0 * u64::from(den));
        // Beyond 32 bits: the nearest fraction that fits (never reached by a
        // rule's halves and thirds).
        while n > u64::from(u32::MAX) || d > u64::from(u32::MAX) {
            (n, d) = ((n >> 1).max(u64::from(n != 0)), (d >> 1).max(1));
        }
        (self.num, self.den) = (n as u32, d as u32);
    }

    /// The scale of the change (`num / den`), if it has one.
    #[inline]
    pub fn scaled(&self) -> Option<(u32, u32)> {
        (self.den != 0).then_some((self.num, self.den))
    }

    /// Whether the change changes nothing.
    #[inline]
    pub fn is_none(&self) -> bool {
        *self == ValueChange::default()
    }
}

/// `n / d` in lowest terms (`d` not 0).
fn reduced(n: u64, d: u64) -> (u64, u64) {
    let (mut a, mut b) = (n, d);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    let g = a.max(1);
    (n / g, d / g)
}

/// What a name or parse request is about.
#[repr(u8)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameCtx {
    /// A value of a pending step: an option code (decision) or outcome code (chance).
    Step(Step),
    /// A [`FigureOption::Special`] code.
    Special,
    /// A code of one of the plugin's pieces ([`Piece::code`]), laid with a
    /// placement.
    Piece,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_pay_winners_and_others() {
        let mut p = Points {
            winners: PlayerSet(0b101),
            amounts: [4, 0, 4, 0, 0, 0],
        };
        p.add_to_winners(2);
        p.add(PlayerId::ALL[1], 3);
        assert_eq!(p.amounts, [6, 3, 6, 0, 0, 0]);
        p.set_winners(1);
        assert_eq!(p.of_winners(), 1);
        assert_eq!(p.get(PlayerId::ALL[5]), 0);
    }
}
