//! The integration tests of `engine`, one binary (`tests/it/`) with one module per
//! concern: linking one test binary instead of one per file keeps CI fast on 2 cores.

mod common;
mod dutch_acceleration;
mod dutch_explain;
mod dutch_properties;
mod dutch_samples;
mod messages;
mod rules;
mod spec_11_worked_example;
