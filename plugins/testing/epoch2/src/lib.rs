//! A plugin library as epoch 2 built them: the pre-flight manifest saying epoch
//! 2 and abi_stable's root module, version 2.0.0. Epoch 2's surface grew after
//! it was declared (epoch 3 is that surface, pinned by
//! `plugins/abi/tests/surface.rs`): the loader must name such a library as an
//! epoch-2 library in one line instead of loading it.
#![allow(non_camel_case_types, non_local_definitions)]

carcassonne_test_other_epoch::other_epoch_library!(epoch: 2, version: "2.0.0", manifest);
