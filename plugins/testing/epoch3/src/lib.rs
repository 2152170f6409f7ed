//! A plugin library as epoch 3 built them: the pre-flight manifest saying epoch
//! 3 and abi_stable's root module, version 3.0.0. Epoch 4 gave the interface a
//! vocabulary of its own (no engine types), handles with lifetimes and
//! `unsafe` vtable entries: the loader must name such a library as an epoch-3
//! library in one line instead of loading it.
#![allow(non_camel_case_types, non_local_definitions)]

carcassonne_test_other_epoch::other_epoch_library!(epoch: 3, version: "3.0.0", manifest);
