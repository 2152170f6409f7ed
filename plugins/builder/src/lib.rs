//! # The `builder` plugin (Traders & Builders: the builder and the double turn)
//!
//! Rulings TB9–TB17 of `shared/expansions/traders-and-builders.md`:
//!
//! * **Figure** `builder` (one per player): a special figure, not a follower —
//!   strength 0, never in a majority, scores nothing (TB9); it goes home when
//!   its road or city is scored (TB15). Stands on roads and cities. A
//!   companion of its owner's follower (`FigureClass::Companion`): the dragon
//!   eats it unless its option spares companions.
//! * **Placement** (TB10): in the figure step, instead of a follower, on a road
//!   or city segment of the placed tile whose feature already holds a follower
//!   of the player (any kind that is a follower, e.g. a large follower) and
//!   that this tile has not just completed. The core offers it, from the kind's
//!   declaration (`FigureSpec::beside_follower`, `FigureSpec::open_only`).
//! * **Double turn** (TB11–TB14): when the player's tile extends the road or
//!   city holding his builder (placed on an earlier turn), the right to a second
//!   turn part is fixed at once (`before_figure`, which the core calls only
//!   for such a tile: narrowed by `BEFORE_FIGURE_EXTENDS_MINE`): it survives
//!   the builder going home in this part's scoring. At the end of the part (`turn_end`) the core
//!   is asked to grant him a full turn (`Cx::grant_turn`): at once with
//!   `double-turn = "always"`, or after his decision `builder double` /
//!   `builder single` with `"optional"` (default, TB13). A granted part never
//!   grants another (TB12: `turn_granted_by` is this plugin). With an empty bag
//!   there is no second part: the game ends (TB14).
//! * **Return** (TB15): besides scoring, a builder goes home at once when its
//!   owner has no follower left in its feature (another expansion removed or
//!   moved the last one): `figure_returned` and `figure_moved`.
//! * **Hooks switched off** while they can do nothing: `before_figure`,
//!   `figure_returned` and `figure_moved` while no builder is on the board
//!   (`figure_chosen` switches them on), `turn_end`
//!   while no second part is due.
//!
//! State: per game, whether a second part is due ([`Due`]); per player, his
//! builder ([`Own`]).
//!
//! See `docs/plugins/builder.md`.

use carcassonne_plugin_sdk::names::{name_of, parse_name};
use carcassonne_plugin_sdk::prelude::*;

/// When the second turn part comes (TB13).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(rename_all = "kebab-case")]
pub enum DoubleTurn {
    /// The player decides after the first part whether to draw the extra tile
    /// (the rule texts' "may").
    #[default]
    Optional,
    /// The second part always follows (JCloisterZone).
    Always,
}

/// Options of the `builder` plugin (`[plugins.builder]`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// TB13: optional (default) or forced second turn part.
    pub double_turn: DoubleTurn,
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[(
        "double-turn",
        "TB13: after a turn part whose tile extended his builder's road or city, the player \
         \"optional\"ly draws a second tile (the rule texts' \"may\"), or \"always\" does (JCloisterZone).",
    )];
}

/// Per game: whether the current turn part earned a second part.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Due {
    /// 1 when the tile of this part extended the active player's builder's feature.
    pub due: u32,
}

/// Per player: his builder (found at setup), so that a turn looks at it
/// instead of walking the placed tile's roads and cities.
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct Own {
    /// The player's builder's figure id + 1 (0: none).
    pub builder: u32,
}

/// Decision option: take the second turn part.
pub const DOUBLE: u32 = 0;
/// Decision option: do not take it.
pub const SINGLE: u32 = 1;
/// Names of the decision options, in records and fixtures `builder double`, `builder single`.
pub const CHOICE_NAMES: [&str; 2] = ["double", "single"];

/// Decision step: take the second part or not (`arg` unused).
const TAG_SECOND: u16 = 1;

/// Index of the builder in [`Builder::FIGURES`](Plugin::FIGURES).
const BUILDER: usize = 0;

/// The plugin: the builder figure and the double turn.
pub struct Builder {
    double_turn: DoubleTurn,
}

impl Builder {
    /// Whether the active player's builder stands in the feature of a road or city
    /// segment of tile `t` (placed this turn part, so the builder was there before):
    /// the tile is part of the road or city his builder stands in (a builder
    /// stands only on roads and cities).
    fn extends_own_builder(v: &View<'_>, t: TileIndex) -> HookResult<bool> {
        let me = v.current_player();
        let Some(g) = v.player_state::<Own>(me)?.builder.checked_sub(1) else {
            return Ok(false);
        };
        let g = FigureId(u16::try_from(g).map_err(|_| "bad builder id")?);
        Ok(v.figure_feature(g)
            .is_some_and(|f| v.tile_feature_in(t, f).is_some()))
    }

    /// TB15: after figure `fig` left `from`, the builder of its owner there goes
    /// home if he has no follower left in that feature. Whether he did.
    fn send_home_lonely(cx: &mut Cx<'_>, fig: FigureId, from: Location) -> HookResult<bool> {
        // A builder stands only on a road or a city; the owner's builder (one
        // per player) in his supply has no feature to leave: two queries
        // instead of a look at the feature.
        if !matches!(
            from.feature().map(|f| cx.feature_kind(f)),
            Some(FeatureKind::Road | FeatureKind::City)
        ) {
            return Ok(false);
        }
        let kind = cx.my_figure(BUILDER);
        match cx.figure_owner(fig) {
            Some(owner) if cx.supply(owner, kind) == 0 => {}
            _ => return Ok(false),
        }
        let sent = cx.return_lonely(kind, fig, from)? > 0;
        if sent && cx.logging() {
            if let Some(owner) = cx.figure_owner(fig) {
                cx.log(format!(
                    "{{P{owner}}} has no follower left there: the builder goes home."
                ));
            }
        }
        Ok(sent)
    }

    /// Whether some player's builder is out of his supply (one each: on the
    /// board). While none is, `before_figure`, `figure_returned` and
    /// `figure_moved` have nothing to find and are switched off; the
    /// builder's deployment (`figure_chosen`) switches them on, the last
    /// builder's return off again.
    fn any_builder_out(v: &View<'_>) -> bool {
        let kind = v.my_figure(BUILDER);
        PlayerId::all(v.players()).any(|p| v.supply(p, kind) == 0)
    }

    /// The hooks that have something to do only while a builder is out:
    /// `before_figure` (his tile), `figure_returned` and `figure_moved` (a
    /// follower leaving his feature, or the builder himself coming home).
    const WHILE_OUT: [u64; 3] = [
        hook::BEFORE_FIGURE,
        hook::FIGURE_RETURNED,
        hook::FIGURE_MOVED,
    ];

    /// Switches [`Builder::WHILE_OUT`] on (a builder deployed) or off.
    fn builder_hooks(cx: &mut Cx<'_>, on: bool) {
        for h in Self::WHILE_OUT {
            cx.set_hook_enabled(h, on);
        }
    }

    /// Switches [`Builder::WHILE_OUT`] off once no builder is out (after a
    /// return).
    fn retire_if_all_home(cx: &mut Cx<'_>) {
        if !Self::any_builder_out(cx.view()) {
            Self::builder_hooks(cx, false);
        }
    }

    fn grant(cx: &mut Cx<'_>) {
        let me = cx.current_player();
        cx.grant_turn(me);
        if cx.logging() {
            cx.log(format!(
                "{{P{me}}}'s builder gives a double turn: {{P{me}}} draws a second tile."
            ));
        }
    }
}

#[plugin]
impl Plugin for Builder {
    type Config = Options;
    const ID: &'static str = "builder";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "Traders & Builders builder: extend its road or city with your tile and play a second tile";
    // TB10: offered by the core on a road or city of the placed tile that
    // holds a follower of the player and is not complete.
    const FIGURES: &'static [FigureSpec] = &[FigureSpec::special("builder", 1)
        .stands_on(FeatureKinds::of(&[FeatureKind::Road, FeatureKind::City]))
        .offered(true)
        .beside_follower(true)
        .open_only(true)
        .returns_on_score(true)
        .class(FigureClass::Companion)];
    const STATE: StateSpec = StateSpec::NONE.game::<Due>().player::<Own>();
    // TB11: the double turn is decided when the turn (part) is over, after
    // everything the turn brings at its end: the barn's scorings and the
    // wagons' moves (AM14), the dragon's move (PD), the ransom (TW22) and the
    // entry into the city of Carcassonne (CK14, checked for each turn part:
    // X77). Both the double turn and the entry are decisions pushed at the
    // turn's end.
    const RUNS_AFTER: &'static [&'static str] = &["barn", "wagon", "dragon", "tower", "count"];

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(Builder {
            double_turn: options.double_turn,
        })
    }

    /// Finds each player's builder.
    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        let builders: Vec<FigureId> = cx.my_figures(BUILDER).collect();
        for g in builders {
            if let Some(p) = cx.figure_owner(g) {
                cx.player_state_mut::<Own>(p)?.builder = u32::from(g.0) + 1;
            }
        }
        // No second part is due: `turn_end` is switched on by the tile that
        // earns one (a turn end without it does nothing); no builder is out
        // yet: `before_figure` waits for the first.
        cx.set_hook_enabled(hook::TURN_END, false);
        Self::retire_if_all_home(cx);
        Ok(())
    }

    /// Only the builder's own deployments concern `figure_chosen`; only a
    /// placed tile that extends the feature of the current player's builder
    /// concerns `before_figure` (the core's check, no crossing for the other
    /// tiles); only a player's figure moving concerns `figure_moved` (not the
    /// dragon's steps).
    fn narrowing(&self) -> u64 {
        narrow::CHOSEN_MINE | narrow::BEFORE_FIGURE_EXTENDS_MINE | narrow::MOVED_PLAYERS
    }

    /// A builder on the board: `before_figure` looks at the tiles from now on,
    /// `figure_returned` and `figure_moved` at the figures leaving.
    fn figure_chosen(&self, cx: &mut Cx<'_>, opt: FigureOption) -> HookResult {
        if cx.my_deploy(opt, BUILDER).is_some() {
            Self::builder_hooks(cx, true);
        }
        Ok(())
    }

    /// TB11, TB12: a tile of a regular part that extends the active player's
    /// builder's feature earns a second part (looked at after the tile's
    /// placement, before the figure step: the builder there was there before).
    fn before_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        if cx.turn_granted_by() == Some(cx.plugin_index()) {
            return Ok(());
        }
        let Some(tile) = cx.last_placed() else {
            return Ok(());
        };
        if Self::extends_own_builder(cx.view(), tile)? {
            cx.game_state_mut::<Due>()?.due = 1;
            cx.set_hook_enabled(hook::TURN_END, true);
        }
        Ok(())
    }

    /// TB11, TB13, TB14: at the end of a part that earned it, the second part.
    /// Switched on only for such a part (`before_figure`), off again here: most
    /// turns end without a call.
    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        cx.set_hook_enabled(hook::TURN_END, false);
        if cx.game_state::<Due>()?.due == 0 {
            return Ok(());
        }
        cx.game_state_mut::<Due>()?.due = 0;
        let me = cx.current_player();
        if cx.bag_len() == 0 {
            if cx.logging() {
                cx.log(format!(
                    "{{P{me}}}'s builder would give a double turn, but no tile is left."
                ));
            }
            return Ok(());
        }
        match self.double_turn {
            DoubleTurn::Always => Self::grant(cx),
            DoubleTurn::Optional => {
                cx.push_decision(me, TAG_SECOND, 0);
            }
        }
        Ok(())
    }

    fn step_options(&self, _v: &View<'_>, step: Step, out: &mut Vec<u32>) -> HookResult {
        if step.tag == TAG_SECOND {
            out.extend([DOUBLE, SINGLE]);
        }
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        match (step.tag, value) {
            (TAG_SECOND, DOUBLE) => Self::grant(cx),
            (TAG_SECOND, SINGLE) => {
                if cx.logging() {
                    let me = step.player;
                    cx.log(format!("{{P{me}}} passes up the builder's second tile."));
                }
            }
            (tag, value) => {
                return Err(Error::new(format!(
                    "builder: no step {tag} with option {value}"
                )))
            }
        }
        Ok(())
    }

    /// TB15: a builder whose owner has no follower left in its feature goes home.
    fn figure_returned(&self, cx: &mut Cx<'_>, fig: FigureId, from: Location) -> HookResult {
        let sent = Self::send_home_lonely(cx, fig, from)?;
        if sent || cx.figure_kind(fig) == cx.my_figure(BUILDER) {
            Self::retire_if_all_home(cx);
        }
        Ok(())
    }

    /// TB15, for a follower moved away (a wagon).
    fn figure_moved(&self, cx: &mut Cx<'_>, fig: FigureId, from: Location) -> HookResult {
        if Self::send_home_lonely(cx, fig, from)? {
            Self::retire_if_all_home(cx);
        }
        Ok(())
    }

    fn value_name(&self, what: NameCtx, value: u32) -> String {
        match what {
            NameCtx::Step(s) if s.tag == TAG_SECOND => name_of(&CHOICE_NAMES, value),
            _ => value.to_string(),
        }
    }

    /// `Draw a second tile (double turn)`, `Draw no second tile`.
    fn value_label(&self, what: NameCtx, value: u32) -> String {
        match (what, value) {
            (NameCtx::Step(s), DOUBLE) if s.tag == TAG_SECOND => {
                "Draw a second tile (double turn)".into()
            }
            (NameCtx::Step(s), SINGLE) if s.tag == TAG_SECOND => "Draw no second tile".into(),
            _ => String::new(),
        }
    }

    fn parse_value(&self, what: NameCtx, text: &str) -> Option<u32> {
        match what {
            NameCtx::Step(s) if s.tag == TAG_SECOND => parse_name(&CHOICE_NAMES, text),
            _ => None,
        }
    }

    fn describe_step(&self, step: Step) -> String {
        match step.tag {
            TAG_SECOND => format!(
                "{{P{}}}: take the builder's double turn (draw a second tile) or not",
                step.player
            ),
            t => format!("builder step {t}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<Builder>().unwrap();
    }

    #[test]
    fn decision_names_round_trip() {
        let b = Builder::new(Options::default()).unwrap();
        let step = Step {
            owner: 0,
            chance: false,
            tag: TAG_SECOND,
            player: PlayerId::ALL[1],
            among: 0,
            arg: 0,
        };
        for v in [DOUBLE, SINGLE] {
            let name = b.value_name(NameCtx::Step(step), v);
            assert_eq!(b.parse_value(NameCtx::Step(step), &name), Some(v));
        }
        assert_eq!(b.value_name(NameCtx::Step(step), DOUBLE), "double");
        assert_eq!(b.parse_value(NameCtx::Step(step), "triple"), None);
        assert!(b.describe_step(step).contains("{P1}"));
        assert_eq!(
            b.value_label(NameCtx::Step(step), DOUBLE),
            "Draw a second tile (double turn)"
        );
        assert_eq!(
            b.value_label(NameCtx::Step(step), SINGLE),
            "Draw no second tile"
        );
    }
}
