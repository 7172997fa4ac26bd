//! The integration tests of `checker`, one binary (`tests/it/`) with one module per
//! concern: linking one test binary instead of one per file keeps CI fast on 2 cores.

mod blossom;
mod colours;
mod common;
mod conforming;
mod corpus;
mod dutch;
mod dutch_acceleration;
mod dutch_by_class;
mod dutch_cases;
mod dutch_common;
mod dutch_criteria;
mod dutch_fallback;
mod dutch_large;
mod dutch_mutations;
mod dutch_rotation;
mod dutch_rounds;
mod dutch_wmatch;
mod entered_ahead;
mod generic_mutations;
mod generic_sample;
mod golden;
mod ids;
mod independence;
mod ladder_reference;
mod mutations;
mod oracle;
mod robustness;
mod swiss_round;
mod tables;
mod violations;
