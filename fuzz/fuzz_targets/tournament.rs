#![no_main]
//! Fuzz target `tournament`: see `bsw_harness::fuzzing::fuzz_tournament`.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| bsw_harness::fuzzing::fuzz_tournament(data));
