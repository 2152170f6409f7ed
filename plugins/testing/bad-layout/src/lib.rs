//! A plugin library whose root module has another layout than epoch 1's (as
//! if built against a modified copy of carcassonne-plugin-abi) while claiming
//! the same version. The loader must reject it with one clear line.
#![allow(non_camel_case_types, non_local_definitions, missing_docs)]

use abi_stable::{
    export_root_module, library::RootModule, prefix_type::PrefixTypeTrait,
    sabi_types::VersionStrings, std_types::RVec, StableAbi,
};
use carcassonne_plugin_abi::{PluginDescriptor, PluginManifest};

/// Passes the pre-flight: it claims the current epoch.
#[no_mangle]
pub static carcassonne_plugin_manifest: PluginManifest = PluginManifest::current("0.0.0");

#[repr(C)]
#[derive(StableAbi)]
#[sabi(kind(Prefix(prefix_ref = PluginLib_Ref)))]
#[sabi(missing_field(panic))]
pub struct PluginLib {
    pub abi_epoch: u32,
    pub flags: u64,
    #[sabi(last_prefix_field)]
    pub descriptors: extern "C" fn() -> RVec<PluginDescriptor>,
}

impl RootModule for PluginLib_Ref {
    abi_stable::declare_root_module_statics! {PluginLib_Ref}
    const BASE_NAME: &'static str = "carcassonne_plugin";
    const NAME: &'static str = "carcassonne plugin library";
    const VERSION_STRINGS: VersionStrings =
        VersionStrings::new(carcassonne_plugin_abi::ABI_VERSION);
}

extern "C" fn descriptors() -> RVec<PluginDescriptor> {
    RVec::new()
}

#[export_root_module]
fn root() -> PluginLib_Ref {
    PluginLib {
        abi_epoch: carcassonne_plugin_abi::ABI_EPOCH,
        flags: 0,
        descriptors,
    }
    .leak_into_prefix()
}
