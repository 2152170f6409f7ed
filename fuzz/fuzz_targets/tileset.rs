//! Fuzz target `tileset`: see `carcassonne_fuzz::tileset`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| carcassonne_fuzz::tileset(data));
