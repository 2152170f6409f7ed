//! `kit-jail`: prisoners (figures held by a player), options that name one
//! figure, and points paid by transfer.
//!
//! * **Capture.** Right after the figure step (`after_figure`, so before the
//!   plugins that act in `before_scoring` and before the scoring), the player who
//!   placed a tile may take one follower standing on a tile orthogonally next
//!   to it off the board, unless it is protected (`figure_protected`). The
//!   options name the figures (`Spot::of_figure`: `follower of 0 at 1 0 0`),
//!   so two figures on one feature are told apart. His own figure goes home; a
//!   rival's becomes his prisoner (`move_figure` to `Location::Held`), which
//!   tells the plugins that follow figures leaving the board
//!   (`figure_returned`).
//! * **Exchange.** Capturing a figure of a player who holds one of the
//!   capturer's prisoners frees both: each goes back to its owner's supply.
//! * **Ransom.** At the start of his turn a player with at least `price`
//!   points may free one of his figures held by a rival: he pays `price`
//!   points to its captor (`transfer_score`), once per turn.
//! * Each player's note (`player_note`) counts the prisoners he holds.

use carcassonne_plugin_sdk::prelude::*;

/// Options of `kit-jail`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// Points a ransom costs.
    pub price: i32,
}

impl Default for Options {
    fn default() -> Self {
        Options { price: 3 }
    }
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[(
        "price",
        "Points a player pays his captor to free a prisoner.",
    )];
}

/// Per-game state: the turn of the last ransom (once per turn).
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C)]
pub struct Jail {
    /// Turn number + 1 of the last ransom paid (0: none yet).
    pub ransom_turn: u32,
}

/// The plugin.
pub struct JailPlugin {
    price: i32,
}

const TAG_CAPTURE: u16 = 1;
const TAG_RANSOM: u16 = 2;
/// The option "do nothing" of both decisions.
pub const PASS: u32 = 0;

impl JailPlugin {
    /// The followers the current player may capture now: on the tiles next to
    /// the placed one, not protected.
    fn prey(v: &View<'_>) -> Vec<FigureId> {
        let Some(t) = v.last_placed() else {
            return Vec::new();
        };
        let pos = v.tile_pos(t);
        let mut out = Vec::new();
        for side in Side::ALL {
            let Some(n) = v.tile_at(pos.step(side)) else {
                continue;
            };
            out.extend(v.figures_at_tile(n).filter(|&g| {
                v.figure_owner(g).is_some()
                    && v.figure_kind_follower(v.figure_kind(g))
                    && !v.figure_protected(g)
            }));
        }
        out
    }

    /// The figures of `player` held by his rivals.
    fn held_from(v: &View<'_>, player: PlayerId) -> Vec<FigureId> {
        PlayerId::all(v.players())
            .filter(|&p| p != player)
            .flat_map(|p| v.figures_held_by(p).collect::<Vec<_>>())
            .filter(|&g| v.figure_owner(g) == Some(player))
            .collect()
    }

    /// The options of a decision: pass, then one code per figure (figures
    /// alike in kind, owner and place share one).
    fn options(v: &View<'_>, figs: &[FigureId], out: &mut Vec<u32>) {
        out.push(PASS);
        for &g in figs {
            let code = Spot::of_figure(v, g);
            if !out.contains(&code) {
                out.push(code);
            }
        }
    }

    /// The figure a chosen option names, if it is one of `figs`.
    fn chosen(v: &View<'_>, figs: &[FigureId], value: u32) -> HookResult<FigureId> {
        figs.iter()
            .copied()
            .find(|&g| Spot::of_figure(v, g) == value)
            .ok_or_else(|| Error::new("not a figure of this decision"))
    }

    fn capture(cx: &mut Cx<'_>, g: FigureId) -> HookResult {
        let me = cx.current_player();
        let owner = cx.figure_owner(g).ok_or_else(|| Error::new("no owner"))?;
        if owner == me {
            return cx.return_figure(g);
        }
        // The victim holds one of mine: both go home (an exchange).
        let mine = cx
            .figures_held_by(owner)
            .find(|&h| cx.figure_owner(h) == Some(me));
        if let Some(mine) = mine {
            cx.log(format!("{{P{me}}} and {{P{owner}}} exchange prisoners."));
            cx.return_figure(g)?;
            return cx.return_figure(mine);
        }
        cx.log(format!("{{P{me}}} takes {{P{owner}}}'s follower prisoner."));
        if !cx.move_figure(g, Location::Held(me))? {
            return Err(Error::new("the prisoner could not be taken"));
        }
        Ok(())
    }
}

#[plugin]
impl Plugin for JailPlugin {
    type Config = Options;
    const ID: &'static str = "kit-jail";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "test plugin: prisoners taken next to the placed tile, exchanged, ransomed";
    const STATE: StateSpec = StateSpec::NONE.game::<Jail>();

    fn new(o: Options) -> Result<Self, ConfigError> {
        if o.price < 0 {
            return Err(ConfigError::key("price", "must not be negative"));
        }
        Ok(JailPlugin { price: o.price })
    }

    fn turn_start(&self, cx: &mut Cx<'_>) -> HookResult {
        let me = cx.current_player();
        let paid = cx.game_state::<Jail>()?.ransom_turn == u32::from(cx.turn()) + 1;
        if !paid && cx.score(me) >= self.price && !Self::held_from(cx, me).is_empty() {
            cx.push_decision(me, TAG_RANSOM, 0);
        }
        Ok(())
    }

    fn after_figure(&self, cx: &mut Cx<'_>) -> HookResult {
        if !Self::prey(cx).is_empty() {
            let me = cx.current_player();
            cx.push_decision(me, TAG_CAPTURE, 0);
        }
        Ok(())
    }

    fn step_options(&self, v: &View<'_>, step: Step, out: &mut Vec<u32>) -> HookResult {
        match step.tag {
            TAG_CAPTURE => Self::options(v, &Self::prey(v), out),
            _ => Self::options(v, &Self::held_from(v, step.player), out),
        }
        Ok(())
    }

    fn resolve_step(&self, cx: &mut Cx<'_>, step: Step, value: u32) -> HookResult {
        if value == PASS {
            return Ok(());
        }
        if step.tag == TAG_CAPTURE {
            let g = Self::chosen(cx, &Self::prey(cx), value)?;
            return Self::capture(cx, g);
        }
        let me = step.player;
        let g = Self::chosen(cx, &Self::held_from(cx, me), value)?;
        let Some(Location::Held(captor)) = cx.figure_location(g) else {
            return Err(Error::new("not a prisoner"));
        };
        if !cx.transfer_score(me, captor, self.price) {
            return Err(Error::new("the ransom could not be paid"));
        }
        let turn = u32::from(cx.turn()) + 1;
        cx.game_state_mut::<Jail>()?.ransom_turn = turn;
        cx.return_figure(g)
    }

    fn player_note(&self, v: &View<'_>, player: PlayerId, out: &mut String) -> HookResult {
        let n = v.figures_held_by(player).count();
        if n > 0 {
            out.push_str(&format!("holds {n}"));
        }
        Ok(())
    }

    fn value_name(&self, _what: NameCtx, value: u32) -> String {
        // Figure codes are named by the core; only `pass` is left.
        if value == PASS { "pass" } else { "?" }.into()
    }

    fn parse_value(&self, _what: NameCtx, text: &str) -> Option<u32> {
        (text == "pass").then_some(PASS)
    }

    fn describe_step(&self, step: Step) -> String {
        match step.tag {
            TAG_CAPTURE => "take a follower next to the tile prisoner?".into(),
            _ => "pay a ransom to free a prisoner?".into(),
        }
    }
}
