#![no_main]
//! Fuzz target `checker`: see `bsw_harness::fuzzing::fuzz_checker`.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| bsw_harness::fuzzing::fuzz_checker(data));
