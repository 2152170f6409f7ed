//! From a native [`Plugin`] to the ABI's [`PluginObj`]: registration,
//! descriptors, the catch-unwind adapter and the exported root module.

use crate::config::{option_infos, parse_options, ConfigError};
use crate::context::{reason_code, step_from_abi, Cx, View};
use crate::{Error, FigureOption, Plugin};
use carcassonne_core::{
    FeatureKind, MajorityInfo, NameCtx, Placement, PlayerSet, ScoreInfo, ScoreReason, MAX_PLAYERS,
};
use carcassonne_plugin_abi::abi_stable::{
    library::{CheckTypeLayout, LibHeader, RootModuleResult, ROOT_MODULE_LOADER_NAME},
    prefix_type::PrefixTypeTrait,
    sabi_trait::TD_Opaque,
    std_types::{
        RErr, RNone, ROk, ROption, RResult, RSlice, RSliceMut, RSome, RStr, RString, RVec,
    },
};
use carcassonne_plugin_abi::{
    self as abi, AbiFigureKind, AbiFigureOption, AbiMajorityInfo, AbiNameCtx, AbiOptionDoc,
    AbiOptionProblem, AbiOutcome, AbiPlacement, AbiScoreInfo, AbiStep, HookStatus, HostRef,
    PluginBox, PluginDescriptor, PluginLib, PluginLib_Ref, PluginObj, PluginObj_TO,
};
use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::thread::LocalKey;

// The core's `Placement` is laid out exactly as the ABI's, so candidate slices
// cross without copying.
const _: () = {
    use std::mem::{align_of, offset_of, size_of};
    assert!(size_of::<Placement>() == size_of::<AbiPlacement>());
    assert!(align_of::<Placement>() == align_of::<AbiPlacement>());
    assert!(offset_of!(Placement, pos) == offset_of!(AbiPlacement, pos));
    assert!(offset_of!(Placement, rot) == offset_of!(AbiPlacement, rot));
    assert!(offset_of!(carcassonne_core::Pos, x) == offset_of!(abi::AbiPos, x));
    assert!(offset_of!(carcassonne_core::Pos, y) == offset_of!(abi::AbiPos, y));
    assert!(MAX_PLAYERS == 6);
};

fn placements(s: &[AbiPlacement]) -> &[Placement] {
    // SAFETY: same size, alignment and field offsets (checked above); both are
    // plain `Copy` data valid for every bit pattern the host writes.
    unsafe { std::slice::from_raw_parts(s.as_ptr().cast::<Placement>(), s.len()) }
}

// --------------------------------------------------------------------- registry

/// A plugin type registered with [`register_plugin!`](crate::register_plugin).
pub struct Registration {
    id: &'static str,
    descriptor: fn() -> PluginDescriptor,
}

impl Registration {
    /// The registration of plugin type `P` (used by `register_plugin!`).
    pub const fn of<P: Plugin>() -> Registration {
        Registration {
            id: P::ID,
            descriptor: descriptor_of::<P>,
        }
    }

    /// The plugin's id.
    pub fn id(&self) -> &'static str {
        self.id
    }

    /// The plugin's ABI descriptor (what the host receives).
    #[doc(hidden)]
    pub fn descriptor(&self) -> PluginDescriptor {
        (self.descriptor)()
    }
}

inventory::collect!(Registration);

/// The plugins registered in the binary or library that calls this, sorted by id.
pub fn registered_plugins() -> Vec<&'static Registration> {
    let mut v: Vec<&'static Registration> = inventory::iter::<Registration>.into_iter().collect();
    v.sort_by_key(|r| r.id);
    v
}

/// Descriptors of every plugin registered here. Never unwinds.
#[doc(hidden)]
pub fn local_descriptors() -> RVec<PluginDescriptor> {
    catch_unwind(|| {
        registered_plugins()
            .iter()
            .map(|r| r.descriptor())
            .collect()
    })
    .unwrap_or_default()
}

fn rstrings(v: &[&str]) -> RVec<RString> {
    v.iter().map(|s| RString::from(*s)).collect()
}

fn descriptor_of<P: Plugin>() -> PluginDescriptor {
    // The only part that runs author code (`Default`, `Serialize`); a failure here
    // leaves the options empty and shows up again, as an error, in `configure`.
    let options = catch_unwind(option_infos::<P::Config>)
        .ok()
        .and_then(Result::ok)
        .unwrap_or_default();
    PluginDescriptor {
        id: P::ID.into(),
        version: P::VERSION.into(),
        description: P::DESCRIPTION.into(),
        api_epoch: abi::ABI_EPOCH,
        depends_on: rstrings(P::DEPENDS_ON),
        conflicts_with: rstrings(P::CONFLICTS_WITH),
        options: options
            .into_iter()
            .map(|o| AbiOptionDoc {
                name: o.name.into(),
                default: o.default.into(),
                doc: o.doc.into(),
            })
            .collect(),
        tilesets: rstrings(P::TILESETS),
        figures: P::FIGURES
            .iter()
            .map(|f| AbiFigureKind {
                name: f.name.into(),
                per_player: f.per_player,
                strength: f.strength,
                occupies: f.occupies,
                returns_on_score: f.returns_on_score,
            })
            .collect(),
        game_words: P::GAME_WORDS,
        feature_words: P::FEATURE_WORDS,
        markers: rstrings(P::MARKERS),
        hooks: P::HOOKS,
        configure: configure_extern::<P>,
    }
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&'static str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".to_string()
    }
}

fn problem(key: Option<String>, message: String) -> AbiOptionProblem {
    AbiOptionProblem {
        key: key.map(RString::from).into(),
        message: message.into(),
    }
}

extern "C" fn configure_extern<P: Plugin>(
    options_toml: RStr<'_>,
) -> RResult<PluginBox, RVec<AbiOptionProblem>> {
    let r = catch_unwind(AssertUnwindSafe(|| -> Result<PluginBox, ConfigError> {
        option_infos::<P::Config>().map_err(ConfigError::new)?;
        let options = parse_options::<P::Config>(options_toml.as_str())?;
        let plugin = P::new(options)?;
        Ok(PluginObj_TO::from_value(Adapter(plugin), TD_Opaque))
    }));
    match r {
        Ok(Ok(b)) => ROk(b),
        Ok(Err(e)) => RErr(e.problems.into_iter().map(|(k, m)| problem(k, m)).collect()),
        Err(p) => RErr(
            vec![problem(
                None,
                format!("panicked while configuring: {}", panic_message(&*p)),
            )]
            .into(),
        ),
    }
}

// ------------------------------------------------------------------ root module

const _: () = {
    let (a, b) = (
        ROOT_MODULE_LOADER_NAME.as_bytes(),
        "_1as_0lib_1header_0root_bmodule_bloader".as_bytes(),
    );
    assert!(
        a.len() == b.len(),
        "abi_stable changed its root-module symbol"
    );
    let mut i = 0;
    while i < a.len() {
        assert!(a[i] == b[i], "abi_stable changed its root-module symbol");
        i += 1;
    }
};

extern "C" fn library_descriptors() -> RVec<PluginDescriptor> {
    local_descriptors()
}

fn root_module() -> PluginLib_Ref {
    PluginLib {
        abi_epoch: abi::ABI_EPOCH,
        descriptors: library_descriptors,
    }
    .leak_into_prefix()
}

extern "C" fn root_module_constructor() -> RootModuleResult {
    carcassonne_plugin_abi::abi_stable::library::__call_root_module_loader(root_module)
}

/// The header `export_plugin_library!` exports (what `#[export_root_module]` would
/// generate, without making the library crate depend on abi_stable).
pub const fn lib_header() -> LibHeader {
    // SAFETY: the constructor returns a `PluginLib_Ref` made by `root_module`,
    // erased by abi_stable's own loader helper, as `from_constructor` requires.
    unsafe {
        LibHeader::from_constructor::<PluginLib_Ref>(root_module_constructor, CheckTypeLayout::Yes)
    }
}

// ---------------------------------------------------------------------- adapter

/// Runs a hook body; an `Err` or a panic becomes `RErr` with the message.
#[inline]
fn guard(f: impl FnOnce() -> Result<(), Error>) -> HookStatus {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => ROk(()),
        Ok(Err(e)) => RErr(e.message().into()),
        Err(p) => RErr(format!("panicked: {}", panic_message(&*p)).into()),
    }
}

/// Runs `f` with a thread-local scratch buffer (a fresh one when re-entered).
fn with_scratch<T: 'static, R>(
    key: &'static LocalKey<RefCell<Vec<T>>>,
    f: impl FnOnce(&mut Vec<T>) -> R,
) -> R {
    key.with(|cell| match cell.try_borrow_mut() {
        Ok(mut v) => {
            v.clear();
            f(&mut v)
        }
        Err(_) => f(&mut Vec::new()),
    })
}

thread_local! {
    static FIGURE_OPTIONS: RefCell<Vec<FigureOption>> = const { RefCell::new(Vec::new()) };
    static CODES: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    static OUTCOMES: RefCell<Vec<(u32, u32)>> = const { RefCell::new(Vec::new()) };
}

fn figure_from_abi(o: AbiFigureOption) -> Result<FigureOption, Error> {
    match o.tag {
        abi::FIGURE_PASS => Ok(FigureOption::Pass),
        abi::FIGURE_DEPLOY => Ok(FigureOption::Deploy {
            kind: o.a,
            feature: u8::try_from(o.b)
                .map_err(|_| Error::new(format!("bad figure option feature {}", o.b)))?,
        }),
        abi::FIGURE_SPECIAL => Ok(FigureOption::Special {
            plugin: o.a,
            code: o.b,
        }),
        t => Err(Error::new(format!("bad figure option tag {t}"))),
    }
}

fn figure_to_abi(o: FigureOption) -> AbiFigureOption {
    match o {
        FigureOption::Pass => AbiFigureOption {
            tag: abi::FIGURE_PASS,
            a: 0,
            b: 0,
        },
        FigureOption::Deploy { kind, feature } => AbiFigureOption {
            tag: abi::FIGURE_DEPLOY,
            a: kind,
            b: u32::from(feature),
        },
        FigureOption::Special { plugin, code } => AbiFigureOption {
            tag: abi::FIGURE_SPECIAL,
            a: plugin,
            b: code,
        },
    }
}

fn kind_from_abi(k: u8) -> Result<FeatureKind, Error> {
    FeatureKind::from_u8(k).ok_or_else(|| Error::new(format!("bad feature kind {k}")))
}

fn reason_from_abi(r: u8) -> Result<ScoreReason, Error> {
    [
        ScoreReason::Completed,
        ScoreReason::Final,
        ScoreReason::Early,
    ]
    .into_iter()
    .find(|&x| reason_code(x) == r)
    .ok_or_else(|| Error::new(format!("bad score reason {r}")))
}

fn score_info_from_abi(i: &AbiScoreInfo) -> Result<ScoreInfo, Error> {
    Ok(ScoreInfo {
        feature: i.feature,
        kind: kind_from_abi(i.kind)?,
        reason: reason_from_abi(i.reason)?,
        tiles: i.tiles,
        pennants: i.pennants,
        complete: i.complete,
    })
}

fn name_ctx(w: AbiNameCtx) -> NameCtx {
    if w.tag == abi::NAME_STEP {
        NameCtx::Step(step_from_abi(w.step))
    } else {
        NameCtx::Special
    }
}

/// A configured plugin behind the ABI.
struct Adapter<P>(P);

impl<P: Plugin> PluginObj for Adapter<P> {
    fn subscriptions(&self) -> u32 {
        catch_unwind(AssertUnwindSafe(|| self.0.subscriptions())).unwrap_or(P::HOOKS) & P::HOOKS
    }

    fn setup(&self, cx: HostRef<'_>) -> HookStatus {
        guard(|| self.0.setup(&mut Cx::__from_host(cx)))
    }

    fn tile_drawn(&self, cx: HostRef<'_>, tile: u16) -> HookStatus {
        guard(|| self.0.tile_drawn(&mut Cx::__from_host(cx), tile))
    }

    fn filter_placements(
        &self,
        v: HostRef<'_>,
        tile: u16,
        cands: RSlice<'_, AbiPlacement>,
        mut keep: RSliceMut<'_, bool>,
    ) -> HookStatus {
        guard(|| {
            let cands = placements(cands.as_slice());
            let keep = keep.as_mut_slice();
            if keep.len() != cands.len() {
                return Err(Error::new(
                    "placement filter: mask and candidates differ in length",
                ));
            }
            self.0
                .filter_placements(&View::__from_host(v), tile, cands, keep)
        })
    }

    fn features_merged(&self, cx: HostRef<'_>, kept: u16, absorbed: u16) -> HookStatus {
        guard(|| {
            self.0
                .features_merged(&mut Cx::__from_host(cx), kept, absorbed)
        })
    }

    fn tile_placed(&self, cx: HostRef<'_>, tile: u16) -> HookStatus {
        guard(|| self.0.tile_placed(&mut Cx::__from_host(cx), tile))
    }

    fn before_figure(&self, cx: HostRef<'_>) -> HookStatus {
        guard(|| self.0.before_figure(&mut Cx::__from_host(cx)))
    }

    fn figure_options(&self, v: HostRef<'_>, opts: &mut RVec<AbiFigureOption>) -> HookStatus {
        guard(|| {
            with_scratch(&FIGURE_OPTIONS, |buf| {
                for o in opts.iter() {
                    buf.push(figure_from_abi(*o)?);
                }
                self.0.figure_options(&View::__from_host(v), buf)?;
                opts.clear();
                opts.extend(buf.iter().map(|o| figure_to_abi(*o)));
                Ok(())
            })
        })
    }

    fn figure_chosen(&self, cx: HostRef<'_>, opt: AbiFigureOption) -> HookStatus {
        guard(|| {
            let opt = figure_from_abi(opt)?;
            self.0.figure_chosen(&mut Cx::__from_host(cx), opt)
        })
    }

    fn after_figure(&self, cx: HostRef<'_>) -> HookStatus {
        guard(|| self.0.after_figure(&mut Cx::__from_host(cx)))
    }

    fn step_options(&self, v: HostRef<'_>, step: AbiStep, out: &mut RVec<u32>) -> HookStatus {
        guard(|| {
            with_scratch(&CODES, |buf| {
                self.0
                    .step_options(&View::__from_host(v), step_from_abi(step), buf)?;
                out.extend(buf.iter().copied());
                Ok(())
            })
        })
    }

    fn step_outcomes(
        &self,
        v: HostRef<'_>,
        step: AbiStep,
        out: &mut RVec<AbiOutcome>,
    ) -> HookStatus {
        guard(|| {
            with_scratch(&OUTCOMES, |buf| {
                self.0
                    .step_outcomes(&View::__from_host(v), step_from_abi(step), buf)?;
                out.extend(
                    buf.iter()
                        .map(|&(code, weight)| AbiOutcome { code, weight }),
                );
                Ok(())
            })
        })
    }

    fn resolve_step(&self, cx: HostRef<'_>, step: AbiStep, value: u32) -> HookStatus {
        guard(|| {
            self.0
                .resolve_step(&mut Cx::__from_host(cx), step_from_abi(step), value)
        })
    }

    fn majority(&self, v: HostRef<'_>, info: &AbiMajorityInfo<'_>, winners: &mut u8) -> HookStatus {
        guard(|| {
            let mi = MajorityInfo {
                kind: kind_from_abi(info.kind)?,
                feature: info.feature,
                reason: reason_from_abi(info.reason)?,
                figures: info.figures.as_slice(),
                strength: &info.strength,
            };
            let mut w = PlayerSet(*winners);
            self.0.majority(&View::__from_host(v), &mi, &mut w)?;
            *winners = w.0;
            Ok(())
        })
    }

    fn points(&self, v: HostRef<'_>, info: &AbiScoreInfo, points: &mut i32) -> HookStatus {
        guard(|| {
            let info = score_info_from_abi(info)?;
            self.0.points(&View::__from_host(v), &info, points)
        })
    }

    fn feature_scored(
        &self,
        cx: HostRef<'_>,
        info: &AbiScoreInfo,
        winners: u8,
        points: i32,
    ) -> HookStatus {
        guard(|| {
            let info = score_info_from_abi(info)?;
            self.0
                .feature_scored(&mut Cx::__from_host(cx), &info, PlayerSet(winners), points)
        })
    }

    fn field_closed(&self, cx: HostRef<'_>, field: u16) -> HookStatus {
        guard(|| self.0.field_closed(&mut Cx::__from_host(cx), field))
    }

    fn turn_end(&self, cx: HostRef<'_>) -> HookStatus {
        guard(|| self.0.turn_end(&mut Cx::__from_host(cx)))
    }

    fn final_scoring(&self, cx: HostRef<'_>) -> HookStatus {
        guard(|| self.0.final_scoring(&mut Cx::__from_host(cx)))
    }

    fn value_name(&self, what: AbiNameCtx, value: u32) -> RString {
        catch_unwind(AssertUnwindSafe(|| {
            self.0.value_name(name_ctx(what), value)
        }))
        .unwrap_or_else(|_| value.to_string())
        .into()
    }

    fn parse_value(&self, what: AbiNameCtx, text: RStr<'_>) -> ROption<u32> {
        match catch_unwind(AssertUnwindSafe(|| {
            self.0.parse_value(name_ctx(what), text.as_str())
        })) {
            Ok(Some(v)) => RSome(v),
            _ => RNone,
        }
    }

    fn describe_step(&self, step: AbiStep) -> RString {
        catch_unwind(AssertUnwindSafe(|| {
            self.0.describe_step(step_from_abi(step))
        }))
        .unwrap_or_else(|_| format!("step {}", step.tag))
        .into()
    }

    fn extension(
        &self,
        host: HostRef<'_>,
        op: RStr<'_>,
        args: RSlice<'_, u64>,
        out: &mut RVec<u64>,
    ) -> RResult<bool, RString> {
        if op.as_str() == carcassonne_plugin_abi::EXT_FIGURE_RETURNED {
            let (Some(&fig), Some(&feature)) = (args.first(), args.get(1)) else {
                return RErr(RString::from("figure-returned: expected [figure, feature]"));
            };
            return match guard(|| {
                self.0
                    .figure_returned(&mut Cx::__from_host(host), fig as u16, feature as u16)
            }) {
                ROk(()) => ROk(true),
                RErr(e) => RErr(e),
            };
        }
        if op.as_str() != carcassonne_plugin_abi::EXT_FIGURE_COUNTS {
            return ROk(false);
        }
        let counts = catch_unwind(AssertUnwindSafe(|| {
            (0..P::FIGURES.len())
                .map(|i| u64::from(self.0.figure_count(i)))
                .collect::<Vec<u64>>()
        }));
        match counts {
            Ok(c) => {
                out.clear();
                out.extend(c);
                ROk(true)
            }
            Err(_) => RErr(RString::from(format!(
                "plugin `{}` panicked in figure_count",
                P::ID
            ))),
        }
    }
}
