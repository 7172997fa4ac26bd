#![no_main]
//! Fuzz target `dutch_event`: see `bsw_harness::fuzzing::fuzz_dutch_event`.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| bsw_harness::fuzzing::fuzz_dutch_event(data));
