//! A plugin library built for a later ABI epoch (5): its manifest says epoch 5
//! and its root module declares version 5.0.0, as a real epoch-5 library would.
//! The loader's pre-flight must reject it with one clear line.
#![allow(non_camel_case_types, non_local_definitions)]

carcassonne_test_other_epoch::other_epoch_library!(epoch: 5, version: "5.0.0", manifest);
