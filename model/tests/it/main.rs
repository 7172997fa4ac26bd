//! The integration tests of `model`, one binary (`tests/it/`) with one module per
//! concern: linking one test binary instead of one per file keeps CI fast on 2 cores.

mod acceleration;
mod common;
mod full_bye;
mod io_files;
mod io_refusals;
mod no_panic;
mod trf;
mod trf_roundtrip;
