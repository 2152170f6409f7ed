//! Fuzz target `ruleset`: see `carcassonne_fuzz::ruleset`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| carcassonne_fuzz::ruleset(data));
