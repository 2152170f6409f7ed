//! Plugin → host: the configured plugin object and its [`PluginVTable`], generated
//! from the core's hook table.

use crate::*;

/// A hook's result: `RErr` carries the message (the host adds the plugin id and hook name).
pub type HookStatus = RResult<(), RString>;

/// Opaque pointer to a configured plugin, owned by its [`PluginObj`]. Only the
/// plugin's own library dereferences it.
#[repr(transparent)]
#[derive(StableAbi, Copy, Clone, Debug)]
pub struct PluginThis(pub *const c_void);

macro_rules! plugin_vtable {
    ($( $(#[doc = $doc:literal])* $name:ident $bit:ident ($ctx:ident) {
        $($arg:ident : $kind:ident ($($cty:tt)*) => ($($aty:tt)*)),* $(,)?
    } )*) => {
        /// The functions of a configured plugin: one per hook of the core's hook table
        /// (same names, same order), plus its lifecycle and naming functions. No
        /// function unwinds: the SDK catches panics and returns `RErr`. Hooks whose
        /// table entry says `cx` may change the game through their `host`.
        #[repr(C)]
        #[derive(StableAbi)]
        pub struct PluginVTable {
            /// Frees the plugin (called once, when the last owner drops it).
            pub drop: unsafe extern "C" fn(this: PluginThis),
            /// Hook bits this configured instance wants to be called for.
            pub subscriptions: extern "C" fn(this: PluginThis) -> u64,
            /// Bits of [`narrow`]: cases in which a subscribed hook of this
            /// configured instance has nothing to do, so the host skips the call.
            pub narrowing: extern "C" fn(this: PluginThis) -> u64,
            /// Copies per player (or neutral copies) of its `i`-th figure kind, as
            /// configured (an option may set them); 0 keeps the declared count.
            pub figure_count: extern "C" fn(this: PluginThis, i: u32) -> u8,
            $(
                $(#[doc = $doc])*
                pub $name: extern "C" fn(
                    this: PluginThis,
                    host: HostRef<'_>
                    $(, $arg: $($aty)*)*
                ) -> HookStatus,
            )*
            /// Checks the configured plugin against the core options (`RErr`: a ruleset error).
            pub check_core: extern "C" fn(this: PluginThis, core: CoreOptions) -> RResult<(), RString>,
            /// Build time: sees the composed tile catalogue, pushes tile counts to
            /// `counts` or refuses the composition (`RErr`: a ruleset error).
            pub compose_tiles: extern "C" fn(
                this: PluginThis,
                tiles: &AbiTileCatalogue<'_>,
                counts: &mut RVec<TileCount>,
            ) -> RResult<(), RString>,
            /// Human and record name of a value (decision option, chance outcome, special code).
            pub value_name: extern "C" fn(this: PluginThis, what: NameCtx, value: u32) -> RString,
            /// Inverse of `value_name`.
            pub parse_value:
                extern "C" fn(this: PluginThis, what: NameCtx, text: RStr<'_>) -> ROption<u32>,
            /// A short description of a pending step.
            pub describe_step: extern "C" fn(this: PluginThis, step: Step) -> RString,
        }
    };
}

carcassonne_core::hook_table!(plugin_vtable);

/// Narrowed subscriptions: each bit names a case, cheap for the host to see, in
/// which one hook of the plugin has nothing to do. A plugin sets the bits whose
/// cases its hooks ignore (`PluginVTable::narrowing`), and the host skips the
/// call in those cases instead of crossing the interface for nothing. A bit is
/// a promise about the plugin's own code: setting it for a case the hook does
/// not ignore changes the plugin's rules. Bits of hooks the plugin does not
/// subscribe to mean nothing. (The core's `narrow::bits`; the core decides the
/// cases, `Game::narrowed_away`.)
pub use carcassonne_core::narrow::bits as narrow;

/// A configured plugin as it crosses the boundary: its data and its functions.
/// Dropping it frees the plugin in the library that made it.
#[repr(C)]
#[derive(StableAbi)]
pub struct PluginObj {
    this: PluginThis,
    vtable: &'static PluginVTable,
}

// SAFETY: the SDK only makes plugin objects of `Send + Sync` plugins.
unsafe impl Send for PluginObj {}
// SAFETY: as above; every function takes the plugin by shared reference.
unsafe impl Sync for PluginObj {}

impl PluginObj {
    /// Wraps a plugin's data and functions.
    ///
    /// # Safety
    /// `this` must be valid for every function of `vtable` until `vtable.drop` is
    /// called with it, which this object does once, when dropped; the plugin must be
    /// `Send + Sync`.
    pub unsafe fn new(this: PluginThis, vtable: &'static PluginVTable) -> PluginObj {
        PluginObj { this, vtable }
    }

    /// The plugin's data, to pass to its functions.
    #[inline]
    pub fn this(&self) -> PluginThis {
        self.this
    }

    /// The plugin's functions.
    #[inline]
    pub fn vtable(&self) -> &'static PluginVTable {
        self.vtable
    }
}

impl Drop for PluginObj {
    fn drop(&mut self) {
        // SAFETY: `new`'s contract; this is the only call.
        unsafe { (self.vtable.drop)(self.this) }
    }
}
