//! The integration tests of `cli`, one binary (`tests/it/`) with one module per
//! concern: linking one test binary instead of one per file keeps CI fast on 2 cores.

mod bench_command;
mod check;
mod check_all;
mod common;
mod conflicting_flags;
mod dutch_harness;
mod dutch_trf_export;
mod external;
mod external_dutch;
mod full_bye;
mod generate;
mod guidance;
mod interrupt;
mod late_entries;
mod new_user;
mod pair;
mod report;
mod results;
mod show;
mod simulate;
mod standings;
mod trf;
mod validate;
