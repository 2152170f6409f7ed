//! Fuzz target `record`: see `carcassonne_fuzz::record`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| carcassonne_fuzz::record(data));
