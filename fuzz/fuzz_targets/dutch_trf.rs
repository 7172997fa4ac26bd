#![no_main]
//! Fuzz target `dutch_trf`: see `bsw_harness::fuzzing::fuzz_dutch_trf`.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| bsw_harness::fuzzing::fuzz_dutch_trf(data));
