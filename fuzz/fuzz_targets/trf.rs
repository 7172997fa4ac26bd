#![no_main]
//! Fuzz target `trf`: see `bsw_harness::fuzzing::fuzz_trf`.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| bsw_harness::fuzzing::fuzz_trf(data));
