//! Figure kinds: the follower, and those plugins contribute. One definition
//! serves every layer: the rules hold [`FigureKind`] (an owned name), plugins
//! declare [`FigureSpec`] constants (a `&'static str` name, `const` builders),
//! and the plugin ABI carries the same struct with an ABI-stable name.

use crate::types::FeatureKinds;

/// A kind of figure, with its name of type `N`: see [`FigureKind`] (the rules'),
/// [`FigureSpec`] (a plugin's declaration).
///
/// Start a declaration from [`FigureSpec::follower`], [`FigureSpec::special`] or
/// [`FigureSpec::neutral`] and adjust with the builder methods, all `const`:
///
/// ```
/// use carcassonne_vocab::{FeatureKind, FeatureKinds, FigureClass, FigureSpec};
/// // The large follower: like a follower, strength 2, offered by the core; a
/// // plain follower (it may stand wherever the follower may).
/// const LARGE: FigureSpec = FigureSpec::follower("large", 1, 2).plain(true);
/// // The mayor: only in cities, strength computed by the plugin (pennants).
/// const MAYOR: FigureSpec = FigureSpec::follower("mayor", 1, 0)
///     .stands_on(FeatureKinds::of(&[FeatureKind::City]))
///     .computed_strength();
/// // The wagon: roads, cities, cloisters; stays when its feature is scored (it moves).
/// const WAGON: FigureSpec = FigureSpec::follower("wagon", 1, 1)
///     .stands_on(FeatureKinds::of(&[FeatureKind::Road, FeatureKind::City, FeatureKind::Cloister]))
///     .returns_on_score(false);
/// // The pig: a special figure, a companion of its owner's farmer; the core
/// // offers it on fields that hold a follower of the player.
/// const PIG: FigureSpec = FigureSpec::special("pig", 1)
///     .stands_on(FeatureKinds::of(&[FeatureKind::Field]))
///     .offered(true)
///     .beside_follower(true)
///     .class(FigureClass::Companion);
/// // The abbot: on cloisters, and on spots that carry the plugin's marker (gardens).
/// const ABBOT: FigureSpec = FigureSpec::follower("abbot", 1, 1)
///     .stands_on(FeatureKinds::of(&[FeatureKind::Cloister, FeatureKind::Spot]))
///     .marked_only(FeatureKinds::of(&[FeatureKind::Spot]));
/// // The dragon: one neutral figure.
/// const DRAGON: FigureSpec = FigureSpec::neutral("dragon", 1);
/// assert_eq!(MAYOR.stands_on, FeatureKinds::of(&[FeatureKind::City]));
/// assert_eq!(DRAGON.copies(4), 1);
/// assert_eq!(LARGE.copies(4), 4);
/// # let _ = (WAGON, PIG, ABBOT);
/// ```
#[repr(C)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FigureKindOf<N> {
    /// Name used in logs and records (`follower`, `shepherd`, ...); unique in a
    /// ruleset.
    pub name: N,
    /// Copies each player has (0 for a neutral kind).
    pub per_player: u8,
    /// Copies owned by nobody (a neutral figure such as the dragon or the fairy);
    /// 0 for a player's kind. A kind is either a player's or neutral.
    pub neutral: u8,
    /// Weight in majorities (follower 1, large follower 2, shepherd 0). Ignored when
    /// `computed_strength` is set.
    pub strength: u8,
    /// The strength is computed by the plugin that declares the kind, each time a
    /// majority is resolved (its `figure_strength` hook; e.g. the mayor: pennants).
    pub computed_strength: bool,
    /// Whether it is a *follower* for rules that speak of followers (a fairy beside
    /// it, a princess sending it home, a builder needing one): the follower, large
    /// follower, abbot, mayor, wagon; not the shepherd, builder, pig or barn.
    pub follower: bool,
    /// Whether it makes its feature occupied (no further occupying figure may join).
    pub occupies: bool,
    /// Whether it goes back to its owner when its feature is scored.
    pub returns_on_score: bool,
    /// Feature kinds it may stand on under the shared placement rule
    /// (`Game::may_deploy`).
    pub stands_on: FeatureKinds,
    /// Whether the core offers it in the figure step like the follower: on every
    /// feature of the placed tile where `Game::may_deploy` allows it and its
    /// offer conditions ([`beside_follower`](FigureKindOf::beside_follower),
    /// [`open_only`](FigureKindOf::open_only)) hold.
    pub offered: bool,
    /// At most one figure of this kind per feature: the shared placement rule
    /// refuses a feature (the whole feature, as joined so far) where a figure of
    /// this kind already stands, whoever owns it (the shepherd: one per field).
    /// Features that join later may hold several.
    pub one_per_feature: bool,
    /// What sort of piece it is, for rules of other plugins that treat pieces by
    /// what they are, never by name (which figure the dragon eats).
    pub class: FigureClass,
    /// A *plain* follower: it may stand wherever a basic follower may, also on
    /// the features a plugin hosts (`Plugin::HOSTS`: features carrying the
    /// plugin's marker accept plain kinds under the shared placement rule,
    /// e.g. the top of a tower). The follower and the large follower are
    /// plain; the abbot, the mayor and the wagon are not.
    pub plain: bool,
    /// Feature kinds (among `stands_on`) on which it may stand only where the
    /// feature carries one of the declaring plugin's markers, under the shared
    /// placement rule (the abbot: on spots, only on gardens). Empty: none.
    pub marked_only: FeatureKinds,
    /// The core offers it ([`offered`](FigureKindOf::offered)) only into a
    /// feature that already holds a follower of the player whose turn it is: a
    /// companion (the builder, the pig). An offer condition: the shared
    /// placement rule does not check it.
    pub beside_follower: bool,
    /// The core offers it only into a feature that is not complete (the
    /// builder, not on the road or city its tile has just completed). An offer
    /// condition: the shared placement rule does not check it.
    pub open_only: bool,
    /// The core offers it at the corners of the placed tile where four field
    /// corners meet (`Game::corner_meeting`: `Location::Corner` of the field
    /// there), while the current player has one in his supply: the barn. It
    /// is offered into the field whoever stands there; with
    /// [`one_per_feature`](FigureKindOf::one_per_feature) not into a field
    /// that holds a figure of this kind already. Independent of
    /// [`offered`](FigureKindOf::offered) (the features of the placed tile).
    pub at_corner_meetings: bool,
}

/// What sort of piece a figure kind is. The plugin that declares a kind says it
/// (`FigureSpec::class`); rules of *other* plugins that treat pieces by what
/// they are read it (`View::figure_kind_class`) instead of naming figures of
/// plugins they do not own. The dragon eats a standing figure, eats a companion
/// unless its option spares them, and never takes a building.
#[repr(u8)]
#[cfg_attr(feature = "abi", derive(abi_stable::StableAbi))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FigureClass {
    /// A figure standing on its own (the default): every follower (large
    /// follower, abbot, mayor, wagon) and the shepherd. Effects that take the
    /// figures off a tile (the dragon) take it.
    #[default]
    Standing = 0,
    /// A piece that only accompanies a follower of its owner and goes home when
    /// he has none left in its feature (the builder, the pig). Effects that take
    /// the figures off a tile take it unless they spare companions by option.
    Companion = 1,
    /// A piece built onto the board rather than standing on it (the barn):
    /// effects that take the figures off a tile never take it.
    Building = 2,
}

impl FigureClass {
    /// Lower-case name (`standing`, `companion`, `building`).
    pub fn name(self) -> &'static str {
        match self {
            FigureClass::Standing => "standing",
            FigureClass::Companion => "companion",
            FigureClass::Building => "building",
        }
    }
}

/// A figure kind as the rules hold it.
pub type FigureKind = FigureKindOf<String>;

/// A figure kind as a plugin declares it (`const FIGURES: &[FigureSpec]`).
pub type FigureSpec = FigureKindOf<&'static str>;

impl<N> FigureKindOf<N> {
    /// Copies in a game of `players` players.
    pub fn copies(&self, players: u8) -> usize {
        self.per_player as usize * players as usize + self.neutral as usize
    }

    /// The same kind with its name converted by `f` (e.g. `String::from`).
    pub fn map_name<M>(self, f: impl FnOnce(N) -> M) -> FigureKindOf<M> {
        FigureKindOf {
            name: f(self.name),
            per_player: self.per_player,
            neutral: self.neutral,
            strength: self.strength,
            computed_strength: self.computed_strength,
            follower: self.follower,
            occupies: self.occupies,
            returns_on_score: self.returns_on_score,
            stands_on: self.stands_on,
            offered: self.offered,
            one_per_feature: self.one_per_feature,
            class: self.class,
            plain: self.plain,
            marked_only: self.marked_only,
            beside_follower: self.beside_follower,
            open_only: self.open_only,
            at_corner_meetings: self.at_corner_meetings,
        }
    }
}

impl FigureSpec {
    /// A follower-like figure: `per_player` copies, strength `strength`; it occupies,
    /// returns when scored, stands on roads, cities, cloisters and fields (never on
    /// fields when farmers are off), and the core offers it like the follower. It
    /// is not [`plain`](FigureKindOf::plain) unless declared so. The base game's
    /// follower is `FigureSpec::follower("follower", 7, 1).plain(true)` (B1).
    pub const fn follower(name: &'static str, per_player: u8, strength: u8) -> FigureSpec {
        FigureKindOf {
            name,
            per_player,
            neutral: 0,
            strength,
            computed_strength: false,
            follower: true,
            occupies: true,
            returns_on_score: true,
            stands_on: FeatureKinds::FOLLOWER,
            offered: true,
            one_per_feature: false,
            class: FigureClass::Standing,
            plain: false,
            marked_only: FeatureKinds::NONE,
            beside_follower: false,
            open_only: false,
            at_corner_meetings: false,
        }
    }

    /// A special figure (shepherd, builder, pig, barn): strength 0, no follower, does
    /// not occupy, stays when its feature is scored, stands nowhere under the shared
    /// rule, a standing figure ([`FigureClass::Standing`]); the plugin offers it and
    /// places it.
    pub const fn special(name: &'static str, per_player: u8) -> FigureSpec {
        FigureKindOf {
            name,
            per_player,
            neutral: 0,
            strength: 0,
            computed_strength: false,
            follower: false,
            occupies: false,
            returns_on_score: false,
            stands_on: FeatureKinds::NONE,
            offered: false,
            one_per_feature: false,
            class: FigureClass::Standing,
            plain: false,
            marked_only: FeatureKinds::NONE,
            beside_follower: false,
            open_only: false,
            at_corner_meetings: false,
        }
    }

    /// A neutral figure owned by nobody (the dragon, the fairy): `count` copies, off
    /// the board until the plugin places it (`Cx::place_neutral`).
    pub const fn neutral(name: &'static str, count: u8) -> FigureSpec {
        FigureKindOf {
            per_player: 0,
            neutral: count,
            ..FigureSpec::special(name, 0)
        }
    }

    /// Sets the feature kinds it may stand on.
    pub const fn stands_on(mut self, kinds: FeatureKinds) -> FigureSpec {
        self.stands_on = kinds;
        self
    }

    /// Sets whether the core offers it like the follower.
    pub const fn offered(mut self, yes: bool) -> FigureSpec {
        self.offered = yes;
        self
    }

    /// Sets the feature kinds on which it stands only where the feature carries
    /// one of the plugin's markers ([`FigureKindOf::marked_only`]).
    pub const fn marked_only(mut self, kinds: FeatureKinds) -> FigureSpec {
        self.marked_only = kinds;
        self
    }

    /// Sets whether the core offers it only beside a follower of the player
    /// ([`FigureKindOf::beside_follower`]).
    pub const fn beside_follower(mut self, yes: bool) -> FigureSpec {
        self.beside_follower = yes;
        self
    }

    /// Sets whether the core offers it only into a feature that is not complete
    /// ([`FigureKindOf::open_only`]).
    pub const fn open_only(mut self, yes: bool) -> FigureSpec {
        self.open_only = yes;
        self
    }

    /// Sets whether the core offers it at the corners of the placed tile where
    /// four field corners meet ([`FigureKindOf::at_corner_meetings`]).
    pub const fn at_corner_meetings(mut self, yes: bool) -> FigureSpec {
        self.at_corner_meetings = yes;
        self
    }

    /// Sets whether at most one figure of this kind may stand in a feature
    /// ([`FigureKindOf::one_per_feature`]).
    pub const fn one_per_feature(mut self, yes: bool) -> FigureSpec {
        self.one_per_feature = yes;
        self
    }

    /// Sets whether it makes its feature occupied.
    pub const fn occupies(mut self, yes: bool) -> FigureSpec {
        self.occupies = yes;
        self
    }

    /// Sets whether it returns when its feature is scored.
    pub const fn returns_on_score(mut self, yes: bool) -> FigureSpec {
        self.returns_on_score = yes;
        self
    }

    /// Sets whether it counts as a follower.
    pub const fn follower_kind(mut self, yes: bool) -> FigureSpec {
        self.follower = yes;
        self
    }

    /// Sets what sort of piece it is ([`FigureClass`]; default `Standing`).
    pub const fn class(mut self, class: FigureClass) -> FigureSpec {
        self.class = class;
        self
    }

    /// Sets whether it is a plain follower ([`FigureKindOf::plain`]: it may
    /// stand wherever a basic follower may, on hosted features too).
    pub const fn plain(mut self, yes: bool) -> FigureSpec {
        self.plain = yes;
        self
    }

    /// Its strength is computed by the plugin's `figure_strength` hook.
    pub const fn computed_strength(mut self) -> FigureSpec {
        self.computed_strength = true;
        self
    }

    /// As the rules hold it.
    pub fn to_kind(&self) -> FigureKind {
        self.map_name(String::from)
    }
}
