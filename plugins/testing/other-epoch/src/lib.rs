//! The shared body of the test plugin libraries built for another ABI epoch
//! (`epoch1`, `epoch2`, `wrong-epoch`): each is one invocation of
//! [`other_epoch_library!`], so they differ only in what the loader must tell
//! apart (the epoch, the root module's version, whether a manifest exists).
//!
//! A library of another epoch never gets past the loader's pre-flight, so its
//! root module only has to look like one: abi_stable's root module under the
//! shared name, with a placeholder descriptor.

pub use carcassonne_plugin_abi::{PluginManifest, ABI_EPOCH, MANIFEST_MAGIC};

/// Defines the exports of a plugin library of another epoch.
///
/// * `other_epoch_library!(epoch: 2, version: "2.0.0", manifest)` — an epoch
///   with the pre-flight manifest (epoch 2 and later);
/// * `other_epoch_library!(epoch: 1, version: "1.0.0")` — epoch 1, which had
///   only abi_stable's root module.
///
/// The invoking crate depends on `abi_stable` (its derives name it).
#[macro_export]
macro_rules! other_epoch_library {
    (epoch: $epoch:literal, version: $version:literal, manifest) => {
        /// The pre-flight manifest, naming the library's epoch.
        #[no_mangle]
        pub static carcassonne_plugin_manifest: $crate::PluginManifest = $crate::PluginManifest {
            magic: $crate::MANIFEST_MAGIC,
            epoch: $epoch,
            sdk_version: [0; 32],
        };
        $crate::other_epoch_library!(epoch: $epoch, version: $version);
    };
    (epoch: $epoch:literal, version: $version:literal) => {
        const _: () = assert!(
            $epoch != $crate::ABI_EPOCH,
            "a library of another epoch must not claim the current one"
        );

        /// Stands for that epoch's descriptor (never read: the pre-flight stops first).
        #[repr(C)]
        #[derive(abi_stable::StableAbi)]
        pub struct OtherDescriptor {
            /// The epoch.
            pub api_epoch: u32,
        }

        /// The root module, as that epoch declared it.
        #[repr(C)]
        #[derive(abi_stable::StableAbi)]
        #[sabi(kind(Prefix(prefix_ref = PluginLib_Ref)))]
        #[sabi(missing_field(panic))]
        pub struct PluginLib {
            /// The epoch.
            pub abi_epoch: u32,
            /// The plugins (none).
            #[sabi(last_prefix_field)]
            pub descriptors: extern "C" fn() -> abi_stable::std_types::RVec<OtherDescriptor>,
        }

        impl abi_stable::library::RootModule for PluginLib_Ref {
            abi_stable::declare_root_module_statics! {PluginLib_Ref}
            const BASE_NAME: &'static str = "carcassonne_plugin";
            const NAME: &'static str = "carcassonne plugin library";
            const VERSION_STRINGS: abi_stable::sabi_types::VersionStrings =
                abi_stable::sabi_types::VersionStrings::new($version);
        }

        extern "C" fn descriptors() -> abi_stable::std_types::RVec<OtherDescriptor> {
            abi_stable::std_types::RVec::new()
        }

        #[abi_stable::export_root_module]
        fn root() -> PluginLib_Ref {
            use abi_stable::prefix_type::PrefixTypeTrait;
            PluginLib {
                abi_epoch: $epoch,
                descriptors,
            }
            .leak_into_prefix()
        }
    };
}
