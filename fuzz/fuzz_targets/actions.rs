//! Fuzz target `actions`: see `carcassonne_fuzz::actions`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| carcassonne_fuzz::actions(data));
