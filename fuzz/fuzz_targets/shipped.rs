//! Fuzz target `shipped`: see `carcassonne_fuzz::shipped`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| carcassonne_fuzz::shipped(data));
