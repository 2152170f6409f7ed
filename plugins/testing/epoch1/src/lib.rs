//! A plugin library as epoch 1 built them: abi_stable's root module, version
//! 1.0.0, and no pre-flight manifest (epoch 1 had none). The loader must name it
//! as an epoch-1 library in one line, before abi_stable compares layouts.
#![allow(non_camel_case_types, non_local_definitions)]

carcassonne_test_other_epoch::other_epoch_library!(epoch: 1, version: "1.0.0");
