//! The integration tests of `standings`, one binary (`tests/it/`) with one module per
//! concern: linking one test binary instead of one per file keeps CI fast on 2 cores.

mod common;
mod direct_encounter;
mod groups_and_options;
mod held_exercises;
mod pab_points;
mod properties;
mod tbs_many_unplayed;
mod tec_exercise;
mod unplayed_rounds;
mod worked_example;
