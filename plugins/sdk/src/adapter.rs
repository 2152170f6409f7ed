//! From a native [`Plugin`] to the interface's [`PluginObj`]: registration,
//! descriptors, the catch-unwind adapter (generated from the hook table) and the
//! exported manifest and root module.

use crate::config::{configure, default_table, option_infos, ConfigError};
use crate::{
    hooks_of, CoreOptions, Cx, Error, NameCtx, Plugin, Step, TileCatalogueView, TileCount, View,
};
use carcassonne_plugin_abi::abi_stable::{
    library::{CheckTypeLayout, LibHeader, RootModuleResult, ROOT_MODULE_LOADER_NAME},
    prefix_type::PrefixTypeTrait,
};
use carcassonne_plugin_abi::{
    self as abi, AbiOptionDoc, AbiOptionProblem, AbiOptionRange, AbiStateWords, AbiTileCatalogue,
    HookStatus, HostRef, PluginDescriptor, PluginLib, PluginLib_Ref, PluginManifest, PluginObj,
    PluginThis, PluginVTable, RErr, RNone, ROk, ROption, RResult, RSome, RStr, RString, RVec,
};
use std::marker::PhantomData;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The manifest every plugin library exports (see `export_plugin_library!`).
pub const MANIFEST: PluginManifest = PluginManifest::current(env!("CARGO_PKG_VERSION"));

// --------------------------------------------------------------------- registry

/// A plugin type registered with [`#[plugin]`](crate::plugin) or
/// [`register_plugin!`](crate::register_plugin).
pub struct Registration {
    id: &'static str,
    descriptor: fn() -> PluginDescriptor,
}

impl Registration {
    /// The registration of plugin type `P`.
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

    /// The plugin's interface descriptor (what the host receives).
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
    caught(|| {
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
    let options = caught(option_infos::<P::Config>)
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
        runs_after: rstrings(P::RUNS_AFTER),
        runs_before: rstrings(P::RUNS_BEFORE),
        options: options
            .into_iter()
            .map(|o| AbiOptionDoc {
                name: o.name.into(),
                default: o.default.into(),
                doc: o.doc.into(),
                only_with: o.only_with.into_iter().map(RString::from).collect(),
                range: o
                    .range
                    .map(|(least, most)| AbiOptionRange { least, most })
                    .into(),
                values: o.values.into_iter().map(RString::from).collect(),
            })
            .collect(),
        tilesets: rstrings(P::TILESETS),
        figures: P::FIGURES
            .iter()
            .map(|f| f.map_name(RString::from))
            .collect(),
        state: AbiStateWords {
            game: P::STATE.game,
            player: P::STATE.player,
            feature: P::STATE.feature,
            figure: P::STATE.figure,
            tile: P::STATE.tile,
        },
        markers: rstrings(P::MARKERS),
        links: rstrings(P::LINKS),
        barriers: rstrings(P::BARRIERS),
        areas: rstrings(P::AREAS),
        hosts: rstrings(P::HOSTS),
        style: P::STYLE.into(),
        hooks: hooks_of::<P>(),
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
) -> RResult<PluginObj, RVec<AbiOptionProblem>> {
    let r = caught(|| -> Result<P, ConfigError> {
        default_table::<P::Config>().map_err(ConfigError::new)?;
        configure::<P>(options_toml.as_str())
    });
    match r {
        Ok(Ok(p)) => {
            // SAFETY: `this` is a boxed `P` that only `drop_plugin::<P>` frees, once,
            // and every function of the vtable is instantiated for the same `P`.
            ROk(unsafe {
                let this = PluginThis::new(Box::into_raw(Box::new(p)).cast_const().cast());
                PluginObj::new(this, VTableOf::<P>::REF)
            })
        }
        Ok(Err(e)) => RErr(e.problems.into_iter().map(|(k, m)| problem(k, m)).collect()),
        Err(report) => RErr(vec![problem(None, format!("{report} (while configuring)"))].into()),
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
    quiet_panics();
    local_descriptors()
}

thread_local! {
    /// Where the last panic on this thread happened, noted by the library's
    /// panic hook ([`quiet_panics`]) for the error that reports it.
    static PANIC_AT: std::cell::Cell<Option<String>> = const { std::cell::Cell::new(None) };
}

/// In a plugin library (its own copy of the standard library, so its own
/// panic hook): a hook that prints nothing and notes where the panic
/// happened. Every entry point catches panics and reports them as errors
/// with their message and place (`panic_report`), which the program prints
/// escaped and once; the default hook would print the plugin's text raw, at
/// every call. Installed once, when the host reads the library's plugins.
fn quiet_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            let at = info.location().map(|l| l.to_string());
            PANIC_AT.with(|p| p.set(at));
        }));
    });
}

/// A caught panic as an error message: `panicked at PLACE: MESSAGE` when the
/// library's hook noted the place, else `panicked: MESSAGE`.
fn panic_report(payload: &(dyn std::any::Any + Send)) -> String {
    match PANIC_AT.with(|p| p.take()) {
        Some(at) => format!("panicked at {at}: {}", panic_message(payload)),
        None => format!("panicked: {}", panic_message(payload)),
    }
}

/// Runs `f` with its panic caught: the panic's report ([`panic_report`]) in
/// place of its value. The panic's payload is dropped here under a second
/// catch: a payload whose own `Drop` panics would otherwise unwind out of the
/// `extern "C"` entry point and abort the process (such a payload is
/// leaked).
fn caught<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let report = panic_report(&*payload);
        dispose(payload);
        report
    })
}

/// Drops a caught panic's payload; one whose `Drop` panics is leaked.
fn dispose(payload: Box<dyn std::any::Any + Send>) {
    if let Err(again) = catch_unwind(AssertUnwindSafe(move || drop(payload))) {
        std::mem::forget(again);
    }
}

fn root_module() -> PluginLib_Ref {
    PluginLib {
        abi_epoch: abi::ABI_EPOCH,
        descriptors: library_descriptors,
        surface: abi::SURFACE_FINGERPRINT,
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
    match caught(f) {
        Ok(Ok(())) => ROk(()),
        Ok(Err(e)) => RErr(e.message().into()),
        Err(report) => RErr(report.into()),
    }
}

/// The configured plugin behind `this`.
///
/// # Safety
/// `this` must come from `configure_extern::<P>` and not be dropped yet.
#[inline]
unsafe fn plugin<'p, P: Plugin>(this: PluginThis) -> &'p P {
    // SAFETY: the caller's contract.
    unsafe { &*this.as_ptr().cast::<P>() }
}

/// The plugin-side context of a hook: `cx` read-write, `v` read-only.
macro_rules! sdk_host_ctx {
    (cx, $h:expr) => {
        &mut Cx::__from_host($h)
    };
    (v, $h:expr) => {
        &View::__from_host($h)
    };
}

macro_rules! hook_fns {
    ($( $(#[doc = $doc:literal])* $name:ident $bit:ident ($ctx:ident) {
        $($arg:ident : $kind:ident ($($cty:tt)*) => ($($aty:tt)*)),* $(,)?
    } [$($narrowing:tt)*] )*) => {
        /// One `extern "C"` function per hook, calling `P`'s method.
        mod hook_fn {
            use super::*;
            use carcassonne_plugin_abi::*;
            $(
                /// # Safety
                /// The vtable's contract: `this` is a live `P` (the vtable of `P`
                /// is only ever paired with a `P`), `host` the current call's.
                pub(super) unsafe extern "C" fn $name<P: Plugin>(
                    this: PluginThis,
                    host: HostRef<'_>
                    $(, $arg: $($aty)*)*
                ) -> HookStatus {
                    // SAFETY: the function's contract.
                    let p = unsafe { plugin::<P>(this) };
                    guard(|| {
                        carcassonne_plugin_abi::__to_core!(
                            [$($arg $kind),*]
                            p.$name(sdk_host_ctx!($ctx, host) $(, $arg)*)
                        )
                    })
                }
            )*
        }

        /// The vtable of plugin type `P`.
        struct VTableOf<P>(PhantomData<P>);

        impl<P: Plugin> VTableOf<P> {
            const VTABLE: PluginVTable = PluginVTable {
                drop: drop_plugin::<P>,
                subscriptions: subscriptions::<P>,
                narrowing: narrowing::<P>,
                figure_count: figure_count::<P>,
                $($name: hook_fn::$name::<P>,)*
                check_core: check_core::<P>,
                compose_tiles: compose_tiles::<P>,
                value_name: value_name::<P>,
                parse_value: parse_value::<P>,
                describe_step: describe_step::<P>,
                value_label: value_label::<P>,
            };
            const REF: &'static PluginVTable = &Self::VTABLE;
        }
    };
}

carcassonne_vocab::hook_table!(hook_fns);

unsafe extern "C" fn drop_plugin<P: Plugin>(this: PluginThis) {
    // SAFETY: `this` is the box made in `configure_extern::<P>`, freed once (the
    // `PluginObj` calls this on drop). A panic in the plugin's `Drop` is swallowed.
    let _ = caught(|| unsafe { drop(Box::from_raw(this.as_ptr().cast::<P>().cast_mut())) });
}

/// # Safety
/// The vtable's contract: `this` is a live `P`.
unsafe extern "C" fn subscriptions<P: Plugin>(this: PluginThis) -> u64 {
    // SAFETY: the function's contract.
    let p = unsafe { plugin::<P>(this) };
    caught(|| p.subscriptions()).unwrap_or(hooks_of::<P>()) & hooks_of::<P>()
}

/// # Safety
/// The vtable's contract: `this` is a live `P`.
unsafe extern "C" fn narrowing<P: Plugin>(this: PluginThis) -> u64 {
    // SAFETY: the function's contract.
    let p = unsafe { plugin::<P>(this) };
    caught(|| p.narrowing()).unwrap_or(0) & abi::narrow::ALL
}

/// # Safety
/// The vtable's contract: `this` is a live `P`.
unsafe extern "C" fn figure_count<P: Plugin>(this: PluginThis, i: u32) -> u8 {
    // SAFETY: the function's contract.
    let p = unsafe { plugin::<P>(this) };
    caught(|| p.figure_count(i as usize)).unwrap_or(0)
}

/// # Safety
/// The vtable's contract: `this` is a live `P`.
unsafe extern "C" fn check_core<P: Plugin>(
    this: PluginThis,
    core: CoreOptions,
) -> RResult<(), RString> {
    // SAFETY: the function's contract.
    let p = unsafe { plugin::<P>(this) };
    match caught(|| p.check_core(&core)) {
        Ok(Ok(())) => ROk(()),
        Ok(Err(e)) => RErr(e.into()),
        Err(report) => RErr(report.into()),
    }
}

/// # Safety
/// The vtable's contract: `this` is a live `P`.
unsafe extern "C" fn compose_tiles<P: Plugin>(
    this: PluginThis,
    tiles: &AbiTileCatalogue<'_>,
    counts: &mut RVec<TileCount>,
) -> RResult<(), RString> {
    // SAFETY: the function's contract.
    let p = unsafe { plugin::<P>(this) };
    let mut out = Vec::new();
    let r = caught(|| p.compose_tiles(&TileCatalogueView::__from_abi(tiles), &mut out));
    counts.extend(out);
    match r {
        Ok(Ok(())) => ROk(()),
        Ok(Err(e)) => RErr(e.into()),
        Err(report) => RErr(report.into()),
    }
}

/// # Safety
/// The vtable's contract: `this` is a live `P`.
unsafe extern "C" fn value_name<P: Plugin>(this: PluginThis, what: NameCtx, value: u32) -> RString {
    // SAFETY: the function's contract.
    let p = unsafe { plugin::<P>(this) };
    caught(|| p.value_name(what, value))
        .unwrap_or_else(|_| value.to_string())
        .into()
}

/// # Safety
/// The vtable's contract: `this` is a live `P`.
unsafe extern "C" fn parse_value<P: Plugin>(
    this: PluginThis,
    what: NameCtx,
    text: RStr<'_>,
) -> ROption<u32> {
    // SAFETY: the function's contract.
    let p = unsafe { plugin::<P>(this) };
    match caught(|| p.parse_value(what, text.as_str())) {
        Ok(Some(v)) => RSome(v),
        _ => RNone,
    }
}

/// # Safety
/// The vtable's contract: `this` is a live `P`.
unsafe extern "C" fn describe_step<P: Plugin>(this: PluginThis, step: Step) -> RString {
    // SAFETY: the function's contract.
    let p = unsafe { plugin::<P>(this) };
    caught(|| p.describe_step(step))
        .unwrap_or_else(|_| crate::default_step_description::<P>(step))
        .into()
}

/// # Safety
/// The vtable's contract: `this` is a live `P`.
unsafe extern "C" fn value_label<P: Plugin>(
    this: PluginThis,
    what: NameCtx,
    value: u32,
) -> RString {
    // SAFETY: the function's contract.
    let p = unsafe { plugin::<P>(this) };
    // A panic gives no label: the record text is shown.
    caught(|| p.value_label(what, value))
        .unwrap_or_default()
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Config, NoOptions};
    use serde::{Deserialize, Serialize};

    #[derive(Clone, Copy, Debug, Serialize, Deserialize)]
    #[serde(rename_all = "kebab-case")]
    enum Chains {
        Best,
        Rounds,
    }

    #[derive(Clone, Debug, Serialize, Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
    struct Options {
        count: u8,
        chains: Chains,
        bonus: bool,
    }

    impl Default for Options {
        fn default() -> Self {
            Options {
                count: 1,
                chains: Chains::Best,
                bonus: false,
            }
        }
    }

    impl Config for Options {
        const DOCS: &'static [(&'static str, &'static str)] = &[
            ("count", "Pieces per player."),
            ("chains", "How chains score."),
            ("bonus", "A bonus."),
        ];
        const RANGES: &'static [(&'static str, i64, i64)] = &[("count", 1, 30)];
    }

    struct Bounded;

    impl Plugin for Bounded {
        type Config = Options;
        const ID: &'static str = "bounded";
        const VERSION: &'static str = "1.0.0";
        const IMPLEMENTED: &'static [&'static str] = &[];
        fn new(_: Options) -> Result<Self, ConfigError> {
            Ok(Bounded)
        }
    }

    struct Bare;

    impl Plugin for Bare {
        type Config = NoOptions;
        const ID: &'static str = "bare";
        const VERSION: &'static str = "1.0.0";
        const IMPLEMENTED: &'static [&'static str] = &[];
        fn new(_: NoOptions) -> Result<Self, ConfigError> {
            Ok(Bare)
        }
    }

    #[test]
    fn the_declaration_carries_the_bounds_and_the_spellings_of_the_options() {
        let d = Registration::of::<Bounded>().descriptor();
        let options: Vec<_> = d
            .options
            .iter()
            .map(|o| {
                (
                    o.name.as_str(),
                    o.range.into_option(),
                    o.values.iter().map(RString::as_str).collect::<Vec<_>>(),
                )
            })
            .collect();
        assert_eq!(
            options,
            [
                ("count", Some(AbiOptionRange { least: 1, most: 30 }), vec![]),
                ("chains", None, vec!["best", "rounds"]),
                ("bonus", None, vec![]),
            ]
        );
        assert!(Registration::of::<Bare>().descriptor().options.is_empty());
    }
}
