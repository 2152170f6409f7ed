//! A plugin library built for a later ABI epoch (4): its manifest says epoch 4
//! and its root module declares version 4.0.0, as a real epoch-4 library would.
//! The loader's pre-flight must reject it with one clear line.
#![allow(non_camel_case_types, non_local_definitions, missing_docs)]

use abi_stable::{
    export_root_module, library::RootModule, prefix_type::PrefixTypeTrait,
    sabi_types::VersionStrings, std_types::RVec, StableAbi,
};
use carcassonne_plugin_abi::{PluginDescriptor, PluginManifest, MANIFEST_MAGIC};

#[no_mangle]
pub static carcassonne_plugin_manifest: PluginManifest = PluginManifest {
    magic: MANIFEST_MAGIC,
    epoch: 4,
    sdk_version: [0; 32],
};

#[repr(C)]
#[derive(StableAbi)]
#[sabi(kind(Prefix(prefix_ref = PluginLib_Ref)))]
#[sabi(missing_field(panic))]
pub struct PluginLib {
    pub abi_epoch: u32,
    #[sabi(last_prefix_field)]
    pub descriptors: extern "C" fn() -> RVec<PluginDescriptor>,
}

impl RootModule for PluginLib_Ref {
    abi_stable::declare_root_module_statics! {PluginLib_Ref}
    const BASE_NAME: &'static str = "carcassonne_plugin";
    const NAME: &'static str = "carcassonne plugin library";
    const VERSION_STRINGS: VersionStrings = VersionStrings::new("4.0.0");
}

extern "C" fn descriptors() -> RVec<PluginDescriptor> {
    RVec::new()
}

#[export_root_module]
fn root() -> PluginLib_Ref {
    PluginLib {
        abi_epoch: 4,
        descriptors,
    }
    .leak_into_prefix()
}
