//! A plugin library built for another ABI epoch (2): same shape as epoch 1, but
//! its root module declares version 2.0.0, as a real epoch-2 library would.
//! The loader must reject it with one clear line.
#![allow(non_camel_case_types, non_local_definitions, missing_docs)]

use abi_stable::{
    export_root_module, library::RootModule, prefix_type::PrefixTypeTrait,
    sabi_types::VersionStrings, std_types::RVec, StableAbi,
};
use carcassonne_plugin_abi::PluginDescriptor;

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
    const VERSION_STRINGS: VersionStrings = VersionStrings::new("2.0.0");
}

extern "C" fn descriptors() -> RVec<PluginDescriptor> {
    RVec::new()
}

#[export_root_module]
fn root() -> PluginLib_Ref {
    PluginLib {
        abi_epoch: 2,
        descriptors,
    }
    .leak_into_prefix()
}
