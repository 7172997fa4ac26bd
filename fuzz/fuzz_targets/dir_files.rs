#![no_main]
//! Fuzz target `dir_files`: see `bsw_harness::fuzzing::fuzz_dir_files`.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| bsw_harness::fuzzing::fuzz_dir_files(data));
