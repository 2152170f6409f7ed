//! # The `tower` plugin (The Tower)
//!
//! Rulings TW1–TW30 and the tower's side of X45–X56 of
//! `shared/expansions/the-tower.md`; the player-facing description, with the
//! source of every rule, is `docs/plugins/tower.md`. Its tiles are the tile set
//! `the-tower` (`configs/tilesets/the-tower.toml`): each has one `spot` feature
//! with the marker `tower` and `scored = false`, the foundation, which the core
//! never scores nor empties (TW13, TW27).
//!
//! * **Pieces** (TW2): each player gets tower pieces by the player count
//!   (per-player state, set in `setup`); they never come back.
//! * **A piece instead of the figure step** (TW4–TW6): a special option per
//!   open tower anywhere on the board (`tower 4 at 1 0`: the foundation, local
//!   feature 4 of the tile at (1, 0)); the height (feature state) grows by one.
//!   The core makes the offer (a standing offer, `Cx::offer_special_at`, made
//!   when the tower is placed: while no follower caps it), and stops making
//!   it to a player whose last piece is spent (`Cx::offer_specials_to`).
//! * **A follower on a tower** (TW7, TW12, TW30): the plugin hosts the `tower`
//!   marker (`HOSTS`), so the shared placement rule lets *plain* follower kinds
//!   (the follower, the large follower) stand there; a bare foundation is
//!   closed (`Cx::close_feature`, when the tower is placed) and opened at its
//!   first piece, when the core starts offering it to followers wherever it
//!   is (`Cx::offer_deployments_at`). The follower caps the tower (it
//!   occupies the foundation); the core never scores it nor sends it home
//!   (TW13).
//! * **Capture** (TW8–TW11, TW14, TW15): after a piece, a decision of the
//!   player naming each capturable figure (any follower kind of a player, not
//!   protected) on the tiles of the tower's row and column within its new
//!   height, or `pass`. His own figure goes home (TW17); a rival's becomes his
//!   prisoner (`Location::Held`, TW18), which tells the plugins that follow
//!   figures leaving the board (TW19).
//! * **Exchange** (TW20, TW21): capturing a figure of a player who holds one
//!   of the capturer's prisoners sends both home; when the victim holds
//!   prisoners of several kinds, the capturer chooses which comes back.
//! * **Ransom** (TW22–TW25): at every point of his turn where he acts — at
//!   its start (after the fairy's point), after his tile is placed (before
//!   the figure step, so the freed figure may be deployed at once) and at
//!   its end (after the scoring) — a player may free one of his prisoners by
//!   paying 3 points to its captor (`transfer_score`), once per whole turn
//!   (a builder's second part included).
//! * **Variant** `capped-follower = "safe"` (TW16): a follower on a tower is
//!   protected (`set_protected`): no capture, no dragon; the tower stays capped.
//! * **What a player sees**: each tower's height (`feature_note`), each
//!   player's pieces left and prisoners held (`player_note`); prisoners are
//!   figures held by a player in observations.

use carcassonne_plugin_sdk::prelude::*;
use carcassonne_plugin_sdk::Spot;
use std::sync::OnceLock;

mod rules;

pub use rules::{pieces_for, RANSOM};

/// Whether a follower on top of a tower can be captured (TW15, TW16, X52).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum CappedFollower {
    /// In range of towers like any follower, and eaten by the dragon; the tower
    /// opens again when he is gone (C2 rules, JCloisterZone).
    #[default]
    Capturable,
    /// Neither captured nor eaten; the tower stays capped (wikia's 1st edition).
    Safe,
}

/// The plugin's options (`[plugins.tower]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// TW15/TW16: whether a follower on a tower can be captured (and eaten).
    pub capped_follower: CappedFollower,
    /// TW24: whether a ransom needs 3 points (no score below zero).
    pub ransom_needs_points: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            capped_follower: CappedFollower::Capturable,
            ransom_needs_points: true,
        }
    }
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "capped-follower",
            "TW15/TW16: \"capturable\" (a follower on a tower can be captured and eaten by the dragon; the tower opens again; C2 rules) or \"safe\" (he stays to the end; wikia's 1st edition)",
        ),
        (
            "ransom-needs-points",
            "TW24: true (a player needs 3 points to pay a ransom; JCloisterZone) or false (he may pay and go below zero)",
        ),
    ];
}

/// Per-player state: tower pieces left (TW2), and the player's figures held
/// as prisoners.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Pieces {
    /// Pieces the player may still put on towers.
    pub left: u32,
    /// The player's figures the tower took prisoner and has not freed itself
    /// (an upper bound, as [`TowerState::held`]): at 0 the ransom's check of
    /// his turn looks at no figure.
    pub prisoners: u32,
}

/// Per-feature state of a foundation: the tower's height (TW4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Height {
    /// Pieces on it.
    pub pieces: u32,
}

/// Per-game state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct TowerState {
    /// Seat + 1 of the player who paid a ransom in the current whole turn
    /// (TW23; a builder's second part is the same whole turn).
    pub ransom_paid_by: u32,
    /// Prisoners the tower took and has not freed itself (by a ransom or an
    /// exchange): at least the number of figures held, so that at 0 the
    /// ransom's hooks are off and look at no figure. A figure another plugin
    /// frees leaves it high (the check then looks).
    pub held: u32,
    /// Bit `min(seat, 31)` set while the player of that seat may have a
    /// prisoner ([`captive_bit`]; set by a capture, cleared when his
    /// [`Pieces::prisoners`] comes down to 0, never for bit 31, which seats
    /// from 31 on share): the ransom's hooks look no further for a player
    /// whose bit is clear.
    pub captives: u32,
}

/// The bit of `p` in [`TowerState::captives`].
pub(crate) fn captive_bit(p: PlayerId) -> u32 {
    1 << p.seat().min(31)
}

/// The plugin: rules plus options.
pub struct Tower {
    capped: CappedFollower,
    needs_points: bool,
    /// The tower foundations of every tile type, read at the first use.
    foundations: OnceLock<rules::Foundations>,
}

/// Index of the `tower` marker in [`Tower::MARKERS`](Plugin::MARKERS).
const TOWER: usize = 0;

/// Decision: capture a figure in range of the tower that grew (or pass);
/// `arg` is the tower's foundation (feature id).
const TAG_CAPTURE: u16 = 1;
/// Decision: which of the capturer's prisoners the victim gives back (TW21);
/// `arg` is the victim's seat.
const TAG_EXCHANGE: u16 = 2;
/// Decision: free a prisoner by a ransom (or pass).
const TAG_RANSOM: u16 = 3;
/// The option "do nothing" of the capture and the ransom.
pub const PASS: u32 = 0;

fn err(message: &str) -> Error {
    Error::new(message)
}

#[plugin]
impl Plugin for Tower {
    type Config = Options;
    const ID: &'static str = "tower";
    /// Bumped with a change of the rules it plays, so that a record made
    /// before it says so on replay. 0.2.0: TW22, the ransom is offered after
    /// the tile too (0.1.0 offered it at the turn's start and end only).
    const VERSION: &'static str = "0.2.0";
    const DESCRIPTION: &'static str =
        "The Tower: tower pieces, followers on towers, captures, prisoners, exchanges and ransoms";
    const MARKERS: &'static [&'static str] = &["tower"];
    const HOSTS: &'static [&'static str] = &["tower"];
    const STATE: StateSpec = StateSpec::NONE
        .game::<TowerState>()
        .player::<Pieces>()
        .feature::<Height>();
    const SPOT_SPECIALS: bool = true;
    const STYLE: &'static str = include_str!("../style.toml");
    // TW22: the ransom at the start of a turn comes after the fairy's point
    // (PD13), which may bring the player to the 3 points he needs; at the end
    // of the turn it comes after the scoring, of which the barn's scorings,
    // the wagons' moves (AM14) and the castles' payments (BB: a castle paid
    // at the turn's end may bring the player to 3 points) are part, and after
    // the dragon's move.
    // After his tile is placed it comes after the shepherd's flock decisions
    // of that point (both are decisions pushed at `before_figure`).
    const RUNS_AFTER: &'static [&'static str] =
        &["fairy", "barn", "wagon", "dragon", "castles", "shepherd"];
    // TW22, X50: the ransom is offered at the very start of the turn, before
    // the abbey's choice to play the abbey instead of drawing (both are
    // decisions pushed at `turn_start`: their order is the players' order).
    const RUNS_BEFORE: &'static [&'static str] = &["abbey"];

    fn new(o: Options) -> Result<Self, ConfigError> {
        Ok(Tower {
            capped: o.capped_follower,
            needs_points: o.ransom_needs_points,
            foundations: OnceLock::new(),
        })
    }

    /// Only a tile with a tower foundation concerns `tile_placed`; only its
    /// own options concern `figure_chosen`, unless a follower on a tower is
    /// protected (`"safe"`: every deployment onto a tower is looked at).
    fn narrowing(&self) -> u64 {
        match self.capped {
            CappedFollower::Capturable => narrow::PLACED_MARKED | narrow::CHOSEN_MINE,
            CappedFollower::Safe => narrow::PLACED_MARKED,
        }
    }

    /// TW2: every player's pieces by the player count; the towers of the start
    /// layout (placed before the game, without `tile_placed`).
    fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
        let n = cx.players();
        for p in PlayerId::all(n) {
            cx.player_state_mut::<Pieces>(p)?.left = pieces_for(n);
        }
        for t in 0..cx.placed_count() {
            rules::list_towers(cx, self.foundations(cx), TileIndex(t as u16))?;
        }
        // No prisoner yet: the ransom's hooks wait for the first capture.
        rules::ransom_hooks(cx, false);
        Ok(())
    }

    /// The towers of a placed tile join the list the figure step offers.
    fn tile_placed(&self, cx: &mut Cx<'_>, tile: TileIndex) -> HookResult {
        rules::list_towers(cx, self.foundations(cx), tile)
    }

    /// TW22, TW23: a ransom may be paid at the start of the turn; the
    /// once-per-turn mark is cleared when a new whole turn begins.
    fn turn_start(&self, cx: &mut Cx<'_>) -> HookResult {
        let me = cx.current_player();
        let st = *cx.game_state::<TowerState>()?;
        let mut paid = st.ransom_paid_by;
        if paid != 0 && (cx.turn_granted_by().is_none() || paid != u32::from(me.seat()) + 1) {
            cx.game_state_mut::<TowerState>()?.ransom_paid_by = 0;
            paid = 0;
        }
        let may_pay = paid == 0 && st.captives & captive_bit(me) != 0;
        if may_pay {
            self.offer_ransom_to(cx, me)?;
        }
        // After his tile, only a player who may have a prisoner is asked.
        cx.set_hook_enabled(hook::BEFORE_FIGURE, may_pay);
        if st.held == 0 && paid == 0 {
            // Nothing to offer nor to clear until the next capture.
            rules::ransom_hooks(cx, false);
        }
        Ok(())
    }

    /// TW22: and after his tile is placed, before the figure step: a player
    /// who pays then has seen his tile and may deploy the freed figure at
    /// once (JCloisterZone lets him pay in any phase of his turn). Switched
    /// on by `turn_start` only for a player who may have a prisoner.
    fn before_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        self.offer_ransom_again(cx)
    }

    /// TW22: and at the end of his turn, after the scoring. The three hooks
    /// are switched off while the tower holds no prisoner and no ransom was
    /// paid in the whole turn (they would do nothing), on again by a capture.
    fn turn_end(&self, cx: &mut Cx<'_>) -> HookResult {
        self.offer_ransom_again(cx)
    }

    /// TW4, TW8: a piece raises the tower and may capture; TW16: a follower on
    /// a tower is safe under `"safe"`.
    fn figure_chosen(&self, cx: &mut Cx<'_>, opt: FigureOption) -> HookResult {
        if let FigureOption::Deploy {
            at: Location::Feature(f),
            ..
        } = opt
        {
            if self.capped == CappedFollower::Safe && rules::is_tower(cx, f) {
                let on: Vec<FigureId> = cx.figures_on(f).collect();
                for g in on {
                    cx.set_protected(g, true);
                }
            }
            return Ok(());
        }
        let Some(code) = cx.my_special(opt) else {
            return Ok(());
        };
        let f = Spot::from_code(code)
            .feature(cx)
            .filter(|&f| rules::is_tower(cx, f))
            .ok_or_else(|| err("no tower there"))?;
        let me = cx.current_player();
        if cx.occupants(f) > 0 {
            return Err(err("no piece may go on that tower"));
        }
        let mine = cx.player_state_mut::<Pieces>(me)?;
        let left = mine.left;
        if left == 0 {
            return Err(err("no piece may go on that tower"));
        }
        mine.left = left - 1;
        if left == 1 {
            // TW2: no more pieces for him: the core stops offering them.
            cx.offer_specials_to(me, false);
        }
        let h = {
            let h = cx.feature_state_mut::<Height>(f)?;
            h.pieces += 1;
            h.pieces
        };
        if h == 1 {
            // TW7, TW30: a follower may go onto the tower from now on,
            // wherever it is (a standing offer of the core).
            cx.close_feature(f, false);
            cx.offer_deployments_at(f);
        }
        if cx.logging() {
            cx.log(format!("{{P{me}}} raises a tower to height {h}."));
        }
        if rules::has_prey(cx, f, h) {
            cx.push_decision(me, TAG_CAPTURE, u32::from(f.0));
        }
        Ok(())
    }

    fn step_options(&self, v: &View<'_>, step: Step, out: &mut Vec<u32>) -> HookResult {
        match step.tag {
            TAG_CAPTURE => {
                out.push(PASS);
                let f = rules::tower_of(v, step.arg)?;
                rules::with_prey(v, f, rules::height(v, f)?, |figs| {
                    rules::push_codes(v, figs, out);
                });
            }
            TAG_EXCHANGE => {
                let victim = rules::seat(step.arg)?;
                let figs = rules::held_from_by(v, step.player, victim);
                rules::push_codes(v, &figs, out);
            }
            _ => {
                out.push(PASS);
                let figs = rules::held_from(v, step.player);
                rules::push_codes(v, &figs, out);
            }
        }
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        match step.tag {
            TAG_CAPTURE => {
                let f = rules::tower_of(cx, step.arg)?;
                if value == PASS {
                    return Ok(());
                }
                let g = rules::prey_named(cx, f, rules::height(cx, f)?, value)?;
                rules::capture(cx, g)
            }
            TAG_EXCHANGE => {
                let victim = rules::seat(step.arg)?;
                let figs = rules::held_from_by(cx, step.player, victim);
                let g = rules::chosen(cx, &figs, value)?;
                rules::free(cx, g)
            }
            _ => {
                if value == PASS {
                    return Ok(());
                }
                let me = step.player;
                let figs = rules::held_from(cx, me);
                let g = rules::chosen(cx, &figs, value)?;
                self.pay_ransom(cx, me, g)
            }
        }
    }

    /// Each tower's height, and whether a follower caps it.
    fn feature_note(&self, v: &View<'_>, f: FeatureId, out: &mut String) -> HookResult {
        if !rules::is_tower(v, f) {
            return Ok(());
        }
        let h = rules::height(v, f)?;
        if h > 0 {
            out.push_str(&format!("tower {h}"));
            if v.occupants(f) > 0 {
                out.push_str(", capped");
            }
        }
        Ok(())
    }

    /// Pieces left and prisoners held.
    fn player_note(&self, v: &View<'_>, player: PlayerId, out: &mut String) -> HookResult {
        let left = v.player_state::<Pieces>(player)?.left;
        out.push_str(&format!("{left} pieces"));
        match v.figures_held_by(player).count() {
            0 => {}
            1 => out.push_str(", 1 prisoner"),
            n => out.push_str(&format!(", {n} prisoners")),
        }
        Ok(())
    }

    fn value_name(&self, what: NameCtx, value: u32) -> String {
        match what {
            NameCtx::Special => Spot::from_code(value).name(),
            // Figure codes are named by the core; only `pass` is left.
            _ if value == PASS => "pass".into(),
            _ => value.to_string(),
        }
    }

    /// `Add a piece to {S}` (`the tower at (2, 0)`), `Take {F} prisoner`,
    /// `Take no prisoner`, `Get back {F}`, `Pay 3 to free {F}`, `Pay no
    /// ransom` (the core fills in the place and the figure).
    fn value_label(&self, what: NameCtx, value: u32) -> String {
        let figure = Spot::LABEL_FIGURE;
        match what {
            NameCtx::Special => format!("Add a piece to {}", Spot::LABEL_PLACE),
            NameCtx::Step(s) => match (s.tag, value == PASS) {
                (TAG_CAPTURE, true) => "Take no prisoner".into(),
                (TAG_CAPTURE, false) => format!("Take {figure} prisoner"),
                (TAG_EXCHANGE, _) => format!("Get back {figure}"),
                (_, true) => "Pay no ransom".into(),
                (_, false) => format!("Pay {RANSOM} to free {figure}"),
            },
            NameCtx::Piece => String::new(),
        }
    }

    fn parse_value(&self, what: NameCtx, text: &str) -> Option<u32> {
        match what {
            NameCtx::Special => Spot::parse(text)?.code(),
            _ => (text == "pass").then_some(PASS),
        }
    }

    fn describe_step(&self, step: Step) -> String {
        match step.tag {
            TAG_CAPTURE => "take a figure in range of the tower prisoner?".into(),
            TAG_EXCHANGE => format!(
                "which of your figures held by player {} comes back in the exchange?",
                step.arg
            ),
            _ => format!("pay {RANSOM} points to free one of your prisoners?"),
        }
    }
}

impl Tower {
    /// The tower foundations of every tile type (read once).
    fn foundations(&self, v: &View<'_>) -> &rules::Foundations {
        self.foundations.get_or_init(|| rules::Foundations::read(v))
    }

    /// TW22–TW24: a ransom decision when the current player `me`, who has
    /// not paid one in this whole turn (the caller checked), has a prisoner
    /// held by a rival and may pay.
    fn offer_ransom_to(&self, cx: &mut Cx<'_>, me: PlayerId) -> HookResult {
        if self.needs_points && cx.score(me) < RANSOM {
            return Ok(());
        }
        if rules::has_prisoner(cx, me)? {
            cx.push_decision(me, TAG_RANSOM, 0);
        }
        Ok(())
    }

    /// TW22, TW23: a ransom decision for the current player later in his
    /// turn, unless a ransom was paid in this whole turn.
    fn offer_ransom_again(&self, cx: &mut Cx<'_>) -> HookResult {
        let me = cx.current_player();
        let st = cx.game_state::<TowerState>()?;
        if st.ransom_paid_by != 0 || st.captives & captive_bit(me) == 0 {
            return Ok(());
        }
        self.offer_ransom_to(cx, me)
    }

    /// TW22: `me` pays the ransom of `g` to its captor; it comes home.
    fn pay_ransom(&self, cx: &mut Cx<'_>, me: PlayerId, g: FigureId) -> HookResult {
        let Some(Location::Held(captor)) = cx.figure_location(g) else {
            return Err(err("not a prisoner"));
        };
        if self.needs_points && cx.score(me) < RANSOM {
            return Err(err("not enough points for a ransom"));
        }
        if !cx.transfer_score(me, captor, RANSOM) {
            return Err(err("the ransom could not be paid"));
        }
        let st = cx.game_state_mut::<TowerState>()?;
        st.ransom_paid_by = u32::from(me.seat()) + 1;
        st.held = st.held.saturating_sub(1);
        rules::prisoner_freed(cx, me)?;
        if cx.logging() {
            cx.log(format!(
                "{{P{me}}} pays {RANSOM} to {{P{captor}}} to free a prisoner."
            ));
        }
        cx.return_figure(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_plugin_sdk::FIGURE_CODE;

    #[test]
    fn options_have_labels_for_people() {
        let t = Tower::new(Options::default()).unwrap();
        let spot = Spot {
            pos: Pos::new(2, 0),
            local: Some(8),
        };
        assert_eq!(
            t.value_label(NameCtx::Special, spot.code().unwrap()),
            "Add a piece to {S}"
        );
        let step = |tag| carcassonne_plugin_sdk::testing::step(tag, 0);
        assert_eq!(t.value_label(step(TAG_CAPTURE), PASS), "Take no prisoner");
        assert_eq!(
            t.value_label(step(TAG_CAPTURE), FIGURE_CODE + 4),
            "Take {F} prisoner"
        );
        assert_eq!(t.value_label(step(TAG_RANSOM), PASS), "Pay no ransom");
        assert_eq!(
            t.value_label(step(TAG_RANSOM), FIGURE_CODE),
            "Pay 3 to free {F}"
        );
    }
}
