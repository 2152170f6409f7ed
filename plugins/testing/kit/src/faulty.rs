//! `kit-faulty`: fails in a chosen hook in a chosen way (panic, error, bad id).
//! Its impl implements every hook and is generated from the core's hook table,
//! so a new hook is covered without an edit here.

use carcassonne_plugin_sdk::prelude::*;
use carcassonne_plugin_sdk::register_plugin;

/// How `kit-faulty` fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FaultMode {
    /// `panic!`.
    Panic,
    /// Return `Err`.
    Error,
    /// Pass a tile index that does not exist to the host.
    BadId,
    /// Panic with a payload whose own `Drop` panics (dropped carelessly
    /// where the panic is caught, it would abort the process).
    PanicBomb,
    /// Return an error of a hundred thousand characters over many lines.
    LongError,
}

/// A panic payload whose `Drop` panics.
struct Bomb;

impl Drop for Bomb {
    fn drop(&mut self) {
        panic!("kit-faulty's panic payload panicked as it was dropped");
    }
}

/// When `kit-faulty` fails in its hook.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FaultWhen {
    /// At every call.
    #[default]
    Always,
    /// Only when the players' scores add up to an odd number: some games
    /// fail, others do not (a run of many games with one that fails).
    OddScores,
}

/// Options of `kit-faulty`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct FaultyOptions {
    /// Hook to fail in.
    pub hook: String,
    /// How.
    pub mode: FaultMode,
    /// When.
    pub when: FaultWhen,
}

impl Default for FaultyOptions {
    fn default() -> Self {
        FaultyOptions {
            hook: "bonus".into(),
            mode: FaultMode::Panic,
            when: FaultWhen::Always,
        }
    }
}

impl Config for FaultyOptions {
    const DOCS: &'static [(&'static str, &'static str)] = &[
        ("hook", "The hook that fails (e.g. `bonus`, `tile_placed`)."),
        (
            "mode",
            "How it fails: `panic`, `error`, `bad-id`, `panic-bomb` (a panic whose payload panics when dropped) or `long-error` (an error of 100,000 characters on many lines).",
        ),
        (
            "when",
            "When it fails: `always`, or `odd-scores` (only when the scores add up to an odd number).",
        ),
    ];
}

/// Fails in one hook. To reach the hooks a plain game does not call, it also
/// pushes a decision or a chance event (step hooks), moves a figure (`figure_moved`)
/// in `turn_end`, and offers a figure of computed strength (`figure_strength`).
pub struct Faulty {
    bit: u64,
    mode: FaultMode,
    when: FaultWhen,
}

/// A hook's context, read-only or read-write.
trait FaultCtx<'a> {
    fn view(&self) -> &View<'a>;
    fn cx(&mut self) -> Option<&mut Cx<'a>>;
}

impl<'a> FaultCtx<'a> for &View<'a> {
    fn view(&self) -> &View<'a> {
        self
    }
    fn cx(&mut self) -> Option<&mut Cx<'a>> {
        None
    }
}

impl<'a> FaultCtx<'a> for &mut Cx<'a> {
    fn view(&self) -> &View<'a> {
        Cx::view(self)
    }
    fn cx(&mut self) -> Option<&mut Cx<'a>> {
        Some(self)
    }
}

impl Faulty {
    fn fail(&self, v: &View<'_>) -> HookResult {
        if self.when == FaultWhen::OddScores {
            let total: i64 = PlayerId::all(v.players())
                .map(|p| i64::from(v.score(p)))
                .sum();
            if total % 2 == 0 {
                return Ok(());
            }
        }
        match self.mode {
            FaultMode::Panic => panic!("kit-faulty was told to panic"),
            FaultMode::Error => Err(Error::new("kit-faulty was told to fail")),
            FaultMode::BadId => {
                let _ = v.tile_pos(TileIndex(60_000));
                Ok(())
            }
            FaultMode::PanicBomb => std::panic::panic_any(Bomb),
            FaultMode::LongError => Err(Error::new(
                "kit-faulty was told to fail at length\n".repeat(2_600),
            )),
        }
    }

    /// Hook `name` was called: fail if it is the chosen one, else help reach it.
    fn hit<'a>(
        &self,
        name: &str,
        mut ctx: impl FaultCtx<'a>,
        out: Option<&mut Vec<u32>>,
    ) -> HookResult {
        let bit = hook::bit(name);
        if bit == self.bit {
            return self.fail(ctx.view());
        }
        if let Some(out) = out {
            // step_options asked on the way to resolve_step.
            out.push(0);
        }
        if bit != hook::TURN_END {
            return Ok(());
        }
        let Some(cx) = ctx.cx() else { return Ok(()) };
        let me = cx.current_player();
        if self.bit == hook::STEP_OUTCOMES {
            cx.push_chance(1, 0);
        } else if self.bit == hook::STEP_OPTIONS || self.bit == hook::RESOLVE_STEP {
            cx.push_decision(me, 1, 0);
        } else if self.bit == hook::FIGURE_MOVED {
            let on_board = (0..cx.figure_count() as u16)
                .map(FigureId)
                .find_map(|g| Some((g, cx.figure_location(g)?)));
            if let Some((g, at)) = on_board {
                cx.move_figure(g, at)?;
            }
        }
        Ok(())
    }

    /// The hooks subscribed to reach the chosen one.
    fn helpers(&self) -> u64 {
        match self.bit {
            hook::STEP_OPTIONS | hook::STEP_OUTCOMES | hook::FIGURE_MOVED => hook::TURN_END,
            hook::RESOLVE_STEP => hook::TURN_END | hook::STEP_OPTIONS,
            // Asked only of a plugin whose placement filter is called.
            hook::PLACEMENT_SQUARES => hook::FILTER_PLACEMENTS,
            _ => 0,
        }
    }
}

/// Names the kind of a hook's extra output list for [`Faulty::hit`].
macro_rules! out_list {
    (step_options, $step:ident, $out:ident) => {
        Some($out)
    };
    ($other:ident $(, $a:ident)*) => {
        None
    };
}

macro_rules! faulty_impl {
    ($( $(#[doc = $doc:literal])* $name:ident $bit:ident ($ctx:ident) {
        $($arg:ident : $kind:ident ($($cty:tt)*) => ($($aty:tt)*)),* $(,)?
    } [$($narrowing:tt)*] )*) => {
        impl Plugin for Faulty {
            type Config = FaultyOptions;
            const ID: &'static str = "kit-faulty";
            const VERSION: &'static str = env!("CARGO_PKG_VERSION");
            const DESCRIPTION: &'static str = "test plugin that fails in a chosen hook";
            const FIGURES: &'static [FigureSpec] =
                &[FigureSpec::follower("faulty-meeple", 1, 0).computed_strength()];
            const IMPLEMENTED: &'static [&'static str] = &[$(stringify!($name)),*];

            fn new(o: FaultyOptions) -> Result<Self, ConfigError> {
                match hook::bit(&o.hook) {
                    0 => Err(ConfigError::key(
                        "hook",
                        format!("unknown hook `{}`; hooks: {}", o.hook, hook::NAMES.join(", ")),
                    )),
                    bit => Ok(Faulty {
                        bit,
                        mode: o.mode,
                        when: o.when,
                    }),
                }
            }

            fn subscriptions(&self) -> u64 {
                self.bit | self.helpers()
            }

            $(
                #[allow(unused_variables, unused_mut)]
                fn $name(
                    &self,
                    mut ctx: carcassonne_plugin_sdk::__sdk_ctx!($ctx)
                    $(, $arg: $($cty)*)*
                ) -> HookResult {
                    let out: Option<&mut Vec<u32>> = out_list!($name $(, $arg)*);
                    self.hit(stringify!($name), ctx, out)
                }
            )*
        }
    };
}

carcassonne_plugin_sdk::hook_table!(faulty_impl);
register_plugin!(Faulty);
