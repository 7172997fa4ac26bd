//! Profile berger-swiss: SPEC.md, one module per rule.
pub mod absences;
pub mod berger;
pub mod blossom;
pub mod board_order;
pub mod byes;
pub(crate) mod certify;
pub mod colours;
pub mod counting;
pub mod draw;
pub mod field;
pub mod greedy;
pub mod groups;
pub mod ladder;
pub mod level;
pub mod order;
pub mod tpn;
pub mod withdrawals;
