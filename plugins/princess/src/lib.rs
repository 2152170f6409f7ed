//! # The `princess` plugin (The Princess and the Dragon: the princess)
//!
//! Rulings PD17–PD20 and the princess's side of X31 and X36 of
//! `shared/expansions/princess-and-dragon.md`; the player-facing description,
//! with the source of every rule, is `docs/plugins/princess.md`.
//!
//! * **Marker** `princess` on a city segment (feature level).
//! * **The option** (PD17, PD19): when the placed tile's princess segment is
//!   part of a city holding followers (anyone's), the active player may, as his
//!   figure-step action, send one of them home without points: the special
//!   option `princess 2 at 3 -1` names the follower on local feature 2 of the
//!   tile at (3, −1). Every follower kind may be sent home (large follower,
//!   mayor, wagon); special figures (a builder) never, nor a protected follower
//!   (`figure_protected`: another plugin's rule keeps it, e.g. in a castle).
//! * **Nothing else that turn** (PD18): the option *is* the figure step, so no
//!   follower, shepherd, barn or fairy move follows; the shepherd's grow/herd
//!   choice is no figure-step action and still comes (X31).
//! * **Variant** `princess-action = "must"` (PD20): when there is a follower to
//!   send home, `filter_figure_options` keeps only the princess's options.

use carcassonne_plugin_sdk::prelude::*;
use carcassonne_plugin_sdk::Spot;

/// Whether the princess's action is optional (PD20).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum PrincessAction {
    /// The player may send a follower home (Hans im Glück).
    #[default]
    May,
    /// The player must send one home when he can (Rio Grande, Z-Man).
    Must,
}

/// The plugin's options (`[plugins.princess]`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// Whether the action is optional.
    pub princess_action: PrincessAction,
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[(
        "princess-action",
        "PD20: \"may\" (sending a follower home is optional; Hans im Glück) or \"must\" (compulsory when the city holds a follower; Rio Grande, Z-Man)",
    )];
}

/// Index of the `princess` marker in [`Princess::MARKERS`](Plugin::MARKERS).
const PRINCESS: usize = 0;

/// The plugin: rules plus options.
pub struct Princess {
    action: PrincessAction,
}

fn err(message: &str) -> Error {
    Error::new(message)
}

impl Princess {
    /// Calls `each` with every follower in a city that a princess segment of the
    /// placed tile belongs to (each city once), unless it is protected.
    fn for_each_target(v: &View<'_>, mut each: impl FnMut(FigureId)) {
        let Some(t) = v.last_placed() else {
            return;
        };
        let bit = v.my_marker(PRINCESS);
        if bit == 0 {
            return;
        }
        let n = v.tile_feature_count(t);
        for l in 0..n {
            if v.tile_feature_kind(t, l) != FeatureKind::City
                || v.tile_feature_markers(t, l) & bit == 0
            {
                continue;
            }
            let root = v.find(v.feature_of(t, l));
            // A city reaching several princess segments of this tile counts once.
            let seen = (0..l).any(|e| {
                v.tile_feature_markers(t, e) & bit != 0
                    && v.tile_feature_kind(t, e) == FeatureKind::City
                    && v.find(v.feature_of(t, e)) == root
            });
            if seen {
                continue;
            }
            for g in v.figures_in(root) {
                if v.figure_owner(g).is_some()
                    && v.figure_kind_follower(v.figure_kind(g))
                    && !v.figure_protected(g)
                {
                    each(g);
                }
            }
        }
    }
}

#[plugin]
impl Plugin for Princess {
    type Config = Options;
    const ID: &'static str = "princess";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "The Princess and the Dragon: a princess tile may send a follower home from its city";
    const MARKERS: &'static [&'static str] = &["princess"];
    const STYLE: &'static str = include_str!("../style.toml");
    const SPOT_SPECIALS: bool = true;

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(Princess {
            action: options.princess_action,
        })
    }

    /// Options only when the placed tile shows a princess; only her own
    /// option is followed up.
    fn narrowing(&self) -> u64 {
        narrow::OPTIONS_PLACED_MARKED | narrow::CHOSEN_MINE
    }

    fn subscriptions(&self) -> u64 {
        let all = carcassonne_plugin_sdk::hooks_of::<Self>();
        match self.action {
            PrincessAction::May => all & !hook::FILTER_FIGURE_OPTIONS,
            PrincessAction::Must => all,
        }
    }

    /// PD17/PD19: one option per follower in the princess's city.
    fn figure_options(&self, v: &View<'_>, opts: &mut Vec<FigureOption>) -> HookResult {
        Self::for_each_target(v, |g| {
            if let Some(code) = v
                .figure_feature(g)
                .and_then(|f| Spot::of_feature(v, f).code())
            {
                opts.push(v.special_option(code));
            }
        });
        Ok(())
    }

    /// PD20 `"must"`: with a follower to send home, nothing else is allowed.
    fn filter_figure_options(
        &self,
        v: &View<'_>,
        opts: &[FigureOption],
        keep: &mut [bool],
    ) -> HookResult {
        let mine = |o: &FigureOption| v.my_special(*o).is_some();
        if !opts.iter().any(mine) {
            return Ok(());
        }
        veto(opts, keep, |o| !mine(o));
        Ok(())
    }

    /// PD17: the chosen follower goes home without points.
    fn figure_chosen(&self, cx: &mut Cx<'_>, opt: FigureOption) -> HookResult {
        let Some(code) = cx.my_special(opt) else {
            return Ok(());
        };
        let spot = Spot::from_code(code);
        let f = spot
            .feature(cx)
            .ok_or_else(|| err("no such feature for the princess"))?;
        let mut target = None;
        Self::for_each_target(cx, |g| {
            if target.is_none() && cx.figure_feature(g) == Some(f) {
                target = Some(g);
            }
        });
        let g = target.ok_or_else(|| err("no follower there in the princess's city"))?;
        if cx.logging() {
            let me = cx.current_player();
            let owner = cx.figure_owner(g).unwrap_or_default();
            let kind = cx.figure_kind_name(cx.figure_kind(g)).to_string();
            cx.log(format!(
                "{{P{me}}}'s princess sends {{P{owner}}}'s {kind} at {} home.",
                spot.pos
            ));
        }
        cx.return_figure(g)?;
        Ok(())
    }

    /// `Send the follower on {S} home` (the core writes the place: `the city
    /// at (0, -1)`).
    fn value_label(&self, what: NameCtx, _value: u32) -> String {
        match what {
            NameCtx::Special => format!("Send the follower on {} home", Spot::LABEL_PLACE),
            _ => String::new(),
        }
    }

    fn describe_step(&self, step: Step) -> String {
        // The princess pushes no steps; only her special figure options exist.
        format!("princess: unknown step {}", step.tag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<Princess>().unwrap();
    }

    #[test]
    fn the_veto_runs_only_when_the_princess_must_act() {
        let may = Princess::new(Options::default()).unwrap();
        assert_eq!(may.subscriptions() & hook::FILTER_FIGURE_OPTIONS, 0);
        let must = Princess::new(Options {
            princess_action: PrincessAction::Must,
        })
        .unwrap();
        assert_ne!(must.subscriptions() & hook::FILTER_FIGURE_OPTIONS, 0);
    }

    #[test]
    fn options_have_labels_for_people() {
        let p = Princess::new(Options::default()).unwrap();
        assert_eq!(
            p.value_label(NameCtx::Special, 0),
            "Send the follower on {S} home"
        );
        assert_eq!(p.value_label(NameCtx::Step(Step::default()), 0), "");
    }
}
