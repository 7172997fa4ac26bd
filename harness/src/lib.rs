//! The simulation harness of berger-swiss: random tournaments ([`generator`]), campaigns that pair
//! every round with the engine and certify it with the checker ([`simulate`]), summaries that
//! merge exactly across shards ([`summary`]), and the shrinker that reduces a failing
//! tournament to a small one that still fails ([`shrink`]). All randomness comes from explicit
//! seeds ([`rng`]).
//!
//! Deliberately absent: pairing or certifying rules (the engine and the checker own them; where
//! a bye went comes from the checker's report of the round, TPN order and group memberships
//! from the checker's derivation), file I/O and terminals (the `bsw`
//! command writes directories and draws progress bars).

pub mod bench;
pub mod external;
pub mod flags;
pub mod fuzzing;
pub mod generator;
pub mod rng;
mod shard;
pub mod shrink;
pub mod simulate;
pub mod summary;
