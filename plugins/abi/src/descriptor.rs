//! What a plugin library exports: the pre-flight manifest, the descriptors of its
//! plugins, and the abi_stable root module.

use crate::*;
use abi_stable::{library::RootModule, sabi_types::VersionStrings};

/// The name of the manifest symbol every plugin library exports (a `static`
/// [`PluginManifest`]), read with plain `libloading` before abi_stable looks at
/// the library.
pub const MANIFEST_SYMBOL: &str = "carcassonne_plugin_manifest";

/// The first bytes of every manifest.
pub const MANIFEST_MAGIC: [u8; 16] = *b"carcassonne-plug";

/// What the pre-flight reads: which epoch a library was built for. **Its layout
/// never changes, in any epoch**: it is how a host names a library of another
/// epoch in one line.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct PluginManifest {
    /// [`MANIFEST_MAGIC`].
    pub magic: [u8; 16],
    /// The ABI epoch the library was built against.
    pub epoch: u32,
    /// The version of `carcassonne-plugin-sdk` it was built with, NUL-padded.
    pub sdk_version: [u8; 32],
}

impl PluginManifest {
    /// The manifest of a library built now with SDK version `sdk`.
    pub const fn current(sdk: &str) -> PluginManifest {
        let mut v = [0u8; 32];
        let b = sdk.as_bytes();
        let mut i = 0;
        while i < b.len() && i < 31 {
            v[i] = b[i];
            i += 1;
        }
        PluginManifest {
            magic: MANIFEST_MAGIC,
            epoch: ABI_EPOCH,
            sdk_version: v,
        }
    }

    /// The SDK version, as text.
    pub fn sdk_version(&self) -> String {
        let end = self.sdk_version.iter().position(|&b| b == 0).unwrap_or(32);
        String::from_utf8_lossy(&self.sdk_version[..end]).into_owned()
    }
}

/// One documented option of a plugin.
#[repr(C)]
#[derive(StableAbi, Clone, Debug)]
pub struct AbiOptionDoc {
    /// Key in the plugin's ruleset table (kebab-case).
    pub name: RString,
    /// Default value as a TOML literal.
    pub default: RString,
    /// What it does.
    pub doc: RString,
    /// The plugins it concerns: it has an effect only when one of them is
    /// enabled too (empty: always).
    pub only_with: RVec<RString>,
    /// The bounds of a whole-number option, both taken (the SDK's
    /// `Config::RANGES`); `RNone`: none declared.
    pub range: ROption<AbiOptionRange>,
    /// The strings it takes when its value is one of a fixed set (the
    /// spellings of a serde enum's unit variants), in declaration order;
    /// empty: not such an option.
    pub values: RVec<RString>,
}

/// The bounds of a whole-number option ([`AbiOptionDoc::range`]).
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AbiOptionRange {
    /// The least value taken.
    pub least: i64,
    /// The greatest value taken.
    pub most: i64,
}

/// A figure kind a plugin contributes: the core's figure kind with an ABI-stable
/// name.
pub type AbiFigureKind = carcassonne_vocab::FigureKindOf<RString>;

/// A problem with a plugin's options: the key it concerns (if any) and the message.
#[repr(C)]
#[derive(StableAbi, Clone, Debug)]
pub struct AbiOptionProblem {
    /// Option key, when the problem is about one.
    pub key: ROption<RString>,
    /// What is wrong.
    pub message: RString,
}

/// A plugin's state sizes in `u32` words per scope.
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug, Default)]
pub struct AbiStateWords {
    /// Per game.
    pub game: u32,
    /// Per player.
    pub player: u32,
    /// Per feature instance.
    pub feature: u32,
    /// Per figure.
    pub figure: u32,
    /// Per placed tile.
    pub tile: u32,
}

/// Everything the host needs to know about a plugin before enabling it.
#[repr(C)]
#[derive(StableAbi)]
pub struct PluginDescriptor {
    /// Unique id: the ruleset's `[plugins.<id>]`.
    pub id: RString,
    /// Plugin version.
    pub version: RString,
    /// One-line description.
    pub description: RString,
    /// ABI epoch the plugin was built against ([`ABI_EPOCH`]).
    pub api_epoch: u32,
    /// Plugins that must be enabled too (they run first).
    pub depends_on: RVec<RString>,
    /// Plugins that may not be enabled with it.
    pub conflicts_with: RVec<RString>,
    /// Plugins it runs after when they are enabled (not required).
    pub runs_after: RVec<RString>,
    /// Plugins it runs before when they are enabled (not required).
    pub runs_before: RVec<RString>,
    /// Its options, in display order.
    pub options: RVec<AbiOptionDoc>,
    /// Tile sets it contributes when enabled, as TOML text (`docs/tiles.md`).
    pub tilesets: RVec<RString>,
    /// Figure kinds it contributes, in order.
    pub figures: RVec<AbiFigureKind>,
    /// Its state, in words per scope.
    pub state: AbiStateWords,
    /// Marker names it interprets, in order.
    pub markers: RVec<RString>,
    /// Tile link names it interprets, in order.
    pub links: RVec<RString>,
    /// Barrier names it interprets, in order.
    pub barriers: RVec<RString>,
    /// Areas (places off the board) it declares, in order.
    pub areas: RVec<RString>,
    /// Markers (among `markers`) whose features accept plain follower kinds.
    pub hosts: RVec<RString>,
    /// How its markers, figures and notes look in pictures: TOML text in the
    /// format of `render/style.toml` (empty: nothing of its own).
    pub style: RString,
    /// Hook bits it implements.
    pub hooks: u64,
    /// Builds a configured plugin from its options table (TOML text, `enabled` removed).
    pub configure:
        extern "C" fn(options_toml: RStr<'_>) -> RResult<PluginObj, RVec<AbiOptionProblem>>,
}

/// The root module a plugin shared library exports (one per library).
#[repr(C)]
#[derive(StableAbi)]
#[sabi(kind(Prefix(prefix_ref = PluginLib_Ref)))]
#[sabi(missing_field(panic))]
pub struct PluginLib {
    /// [`ABI_EPOCH`] of the library (checked again after the version check).
    pub abi_epoch: u32,
    /// Descriptors of every plugin registered in this library.
    pub descriptors: extern "C" fn() -> RVec<PluginDescriptor>,
    /// [`SURFACE_FINGERPRINT`] of the library: the host refuses a library of
    /// another surface in one line. (A library built before the field existed
    /// is refused by abi_stable's check of this type's fields.)
    #[sabi(last_prefix_field)]
    pub surface: u64,
}

impl RootModule for PluginLib_Ref {
    abi_stable::declare_root_module_statics! {PluginLib_Ref}
    const BASE_NAME: &'static str = "carcassonne_plugin";
    const NAME: &'static str = "carcassonne plugin library";
    const VERSION_STRINGS: VersionStrings = VersionStrings::new(ABI_VERSION);
}
