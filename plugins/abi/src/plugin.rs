//! Plugin → host: the configured plugin object and its [`PluginVTable`], generated
//! from the core's hook table.

use crate::*;

/// A hook's result: `RErr` carries the message (the host adds the plugin id and hook name).
pub type HookStatus = RResult<(), RString>;

/// Opaque pointer to a configured plugin, owned by its [`PluginObj`]. Only the
/// plugin's own library makes it (its constructor is `unsafe`) and dereferences
/// it.
#[repr(transparent)]
#[derive(StableAbi, Copy, Clone, Debug)]
pub struct PluginThis(*const c_void);

impl PluginThis {
    /// A pointer to a configured plugin.
    ///
    /// # Safety
    /// `ptr` must point to what the functions of the vtable it is paired with
    /// (in a [`PluginObj`]) expect.
    #[inline]
    pub const unsafe fn new(ptr: *const c_void) -> PluginThis {
        PluginThis(ptr)
    }

    /// The pointer, for the library that made it.
    #[inline]
    pub const fn as_ptr(self) -> *const c_void {
        self.0
    }
}

macro_rules! plugin_vtable {
    ($( $(#[doc = $doc:literal])* $name:ident $bit:ident ($ctx:ident) {
        $($arg:ident : $kind:ident ($($cty:tt)*) => ($($aty:tt)*)),* $(,)?
    } [$($narrowing:tt)*] )*) => {
        /// The functions of a configured plugin: one per hook of the hook table
        /// (same names, same order), plus its lifecycle and naming functions. No
        /// function unwinds: the SDK catches panics and returns `RErr`. Hooks whose
        /// table entry says `cx` may change the game through their `host`.
        ///
        /// # Safety
        ///
        /// Every function is `unsafe` to call: `this` must be the plugin this
        /// table was paired with (in its [`PluginObj`]), not yet dropped, and
        /// `host` the host's reference for the current hook call. [`PluginObj`]
        /// pairs them for good and calls them through safe methods of the same
        /// names; the host never calls the table directly.
        #[repr(C)]
        #[derive(StableAbi)]
        pub struct PluginVTable {
            /// Frees the plugin (called once, when the last owner drops it).
            pub drop: unsafe extern "C" fn(this: PluginThis),
            /// Hook bits this configured instance wants to be called for.
            pub subscriptions: unsafe extern "C" fn(this: PluginThis) -> u64,
            /// Bits of [`narrow`]: cases in which a subscribed hook of this
            /// configured instance has nothing to do, so the host skips the call.
            pub narrowing: unsafe extern "C" fn(this: PluginThis) -> u64,
            /// Copies per player (or neutral copies) of its `i`-th figure kind, as
            /// configured (an option may set them); 0 keeps the declared count.
            pub figure_count: unsafe extern "C" fn(this: PluginThis, i: u32) -> u8,
            $(
                $(#[doc = $doc])*
                pub $name: unsafe extern "C" fn(
                    this: PluginThis,
                    host: HostRef<'_>
                    $(, $arg: $($aty)*)*
                ) -> HookStatus,
            )*
            /// Checks the configured plugin against the core options (`RErr`: a ruleset error).
            pub check_core: unsafe extern "C" fn(this: PluginThis, core: CoreOptions) -> RResult<(), RString>,
            /// Build time: sees the composed tile catalogue, pushes tile counts to
            /// `counts` or refuses the composition (`RErr`: a ruleset error).
            pub compose_tiles: unsafe extern "C" fn(
                this: PluginThis,
                tiles: &AbiTileCatalogue<'_>,
                counts: &mut RVec<TileCount>,
            ) -> RResult<(), RString>,
            /// Human and record name of a value (decision option, chance outcome, special code).
            pub value_name: unsafe extern "C" fn(this: PluginThis, what: NameCtx, value: u32) -> RString,
            /// Inverse of `value_name`.
            pub parse_value:
                unsafe extern "C" fn(this: PluginThis, what: NameCtx, text: RStr<'_>) -> ROption<u32>,
            /// A short description of a pending step.
            pub describe_step: unsafe extern "C" fn(this: PluginThis, step: Step) -> RString,
            /// A person's label of a value (decision option, special code, piece);
            /// empty: none, the record text is shown.
            pub value_label: unsafe extern "C" fn(this: PluginThis, what: NameCtx, value: u32) -> RString,
        }

        /// The plugin's functions, called safely: the object pairs its data and
        /// its table for good (see [`PluginObj::new`]), and a [`HostRef`]
        /// holds a handle only the host can make.
        impl PluginObj {
            /// Hook bits this configured instance wants to be called for.
            #[inline]
            pub fn subscriptions(&self) -> u64 {
                // SAFETY: `this` and the table were paired by `new`'s caller.
                unsafe { (self.vtable.subscriptions)(self.this) }
            }

            /// Its narrowed subscriptions (bits of [`narrow`]).
            #[inline]
            pub fn narrowing(&self) -> u64 {
                // SAFETY: as in `subscriptions`.
                unsafe { (self.vtable.narrowing)(self.this) }
            }

            /// Copies of its `i`-th figure kind as configured (0: as declared).
            #[inline]
            pub fn figure_count(&self, i: u32) -> u8 {
                // SAFETY: as in `subscriptions`.
                unsafe { (self.vtable.figure_count)(self.this, i) }
            }
            $(
                $(#[doc = $doc])*
                #[inline]
                pub fn $name(&self, host: HostRef<'_> $(, $arg: $($aty)*)*) -> HookStatus {
                    // SAFETY: as in `subscriptions`; `host` holds a handle the host
                    // made for this call (`HostHandle::new` is unsafe).
                    unsafe { (self.vtable.$name)(self.this, host $(, $arg)*) }
                }
            )*

            /// Checks the configured plugin against the core options.
            #[inline]
            pub fn check_core(&self, core: CoreOptions) -> RResult<(), RString> {
                // SAFETY: as in `subscriptions`.
                unsafe { (self.vtable.check_core)(self.this, core) }
            }

            /// Build time: the plugin's tile counts for the composed catalogue, or
            /// its refusal of the composition.
            #[inline]
            pub fn compose_tiles(
                &self,
                tiles: &AbiTileCatalogue<'_>,
                counts: &mut RVec<TileCount>,
            ) -> RResult<(), RString> {
                // SAFETY: as in `subscriptions`.
                unsafe { (self.vtable.compose_tiles)(self.this, tiles, counts) }
            }

            /// Human and record name of a value.
            #[inline]
            pub fn value_name(&self, what: NameCtx, value: u32) -> RString {
                // SAFETY: as in `subscriptions`.
                unsafe { (self.vtable.value_name)(self.this, what, value) }
            }

            /// Inverse of `value_name`.
            #[inline]
            pub fn parse_value(&self, what: NameCtx, text: RStr<'_>) -> ROption<u32> {
                // SAFETY: as in `subscriptions`.
                unsafe { (self.vtable.parse_value)(self.this, what, text) }
            }

            /// A short description of a pending step.
            #[inline]
            pub fn describe_step(&self, step: Step) -> RString {
                // SAFETY: as in `subscriptions`.
                unsafe { (self.vtable.describe_step)(self.this, step) }
            }

            /// A person's label of a value (empty: none).
            #[inline]
            pub fn value_label(&self, what: NameCtx, value: u32) -> RString {
                // SAFETY: as in `subscriptions`.
                unsafe { (self.vtable.value_label)(self.this, what, value) }
            }
        }
    };
}

carcassonne_vocab::hook_table!(plugin_vtable);

/// Narrowed subscriptions: each bit names a case, cheap for the host to see, in
/// which one hook of the plugin has nothing to do. A plugin sets the bits whose
/// cases its hooks ignore (`PluginVTable::narrowing`), and the host skips the
/// call in those cases instead of crossing the interface for nothing. A bit is
/// a promise about the plugin's own code: setting it for a case the hook does
/// not ignore changes the plugin's rules. Bits of hooks the plugin does not
/// subscribe to mean nothing. (The vocabulary's `narrow::bits`, generated from
/// the hook table; the engine decides the cases, `Game::narrowed_away`.)
pub use carcassonne_vocab::narrow::bits as narrow;

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
}

impl Drop for PluginObj {
    fn drop(&mut self) {
        // SAFETY: `new`'s contract; this is the only call.
        unsafe { (self.vtable.drop)(self.this) }
    }
}
