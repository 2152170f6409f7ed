//! A plugin library as epoch 1 built them: abi_stable's root module, version
//! 1.0.0, and no pre-flight manifest (epoch 1 had none). The loader must name it
//! as an epoch-1 library in one line, before abi_stable compares layouts.
#![allow(non_camel_case_types, non_local_definitions, missing_docs)]

use abi_stable::{
    export_root_module, library::RootModule, prefix_type::PrefixTypeTrait,
    sabi_types::VersionStrings, std_types::RVec, StableAbi,
};

/// Stands for epoch 1's descriptor (never read: the pre-flight stops first).
#[repr(C)]
#[derive(StableAbi)]
pub struct OldDescriptor {
    pub api_epoch: u32,
}

#[repr(C)]
#[derive(StableAbi)]
#[sabi(kind(Prefix(prefix_ref = PluginLib_Ref)))]
#[sabi(missing_field(panic))]
pub struct PluginLib {
    pub abi_epoch: u32,
    #[sabi(last_prefix_field)]
    pub descriptors: extern "C" fn() -> RVec<OldDescriptor>,
}

impl RootModule for PluginLib_Ref {
    abi_stable::declare_root_module_statics! {PluginLib_Ref}
    const BASE_NAME: &'static str = "carcassonne_plugin";
    const NAME: &'static str = "carcassonne plugin library";
    const VERSION_STRINGS: VersionStrings = VersionStrings::new("1.0.0");
}

extern "C" fn descriptors() -> RVec<OldDescriptor> {
    RVec::new()
}

#[export_root_module]
fn root() -> PluginLib_Ref {
    PluginLib {
        abi_epoch: 1,
        descriptors,
    }
    .leak_into_prefix()
}
