//! Profile berger-swiss: SPEC.md, one module per section.
//! - [`tpn`] §1 (tournament pairing numbers), [`groups`] §2 (groups, swaps, P and R), draw
//!   and tables §4 ([`draw`], [`berger`]), the Swiss order §5 (`order`), withdrawals §6
//!   ([`withdrawals`]: which groups stay on their schedule), the Swiss field §7 ([`field`]),
//!   byes §8.1 (`byes`), colours §8.2 ([`colours`]), the ladder §8.3 ([`level`], [`ladder`]),
//!   the greedy §8.4 ([`greedy`]), board order §8.5 (`board_order`), requested absences §9
//!   (`absences`); what results count for (§3) is [`crate::results`], shared with the
//!   generic profile;
//! - the fast feasibility search behind §8.3 and §8.4: [`blossom`] (Edmonds' search on the
//!   implicit graph of allowed pairs) and [`counting`] (bucket counts that prove "no" without
//!   a search);
//! - `round`: the published round as the rule modules read it;
//! - `certify`: the orchestrator, a round's rule modules in report order.
pub(crate) mod absences;
pub mod berger;
pub mod blossom;
pub(crate) mod board_order;
pub(crate) mod byes;
pub(crate) mod certify;
pub mod colours;
pub mod counting;
pub mod draw;
pub mod field;
pub mod greedy;
pub mod groups;
pub mod ladder;
pub mod level;
pub(crate) mod order;
pub(crate) mod round;
pub mod tpn;
pub mod withdrawals;
