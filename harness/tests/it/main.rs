//! The integration tests of `harness`, one binary (`tests/it/`) with one module per
//! concern: linking one test binary instead of one per file keeps CI fast on 2 cores.

mod campaign;
mod common;
mod corpus;
mod dutch;
mod external;
mod failures;
mod fuzz_corpus;
mod generator;
mod properties;
mod search_effort;
mod shrink;
mod trf_roundtrip;
