//! Maximum-weight general matching (Edmonds' weighted blossom algorithm, primal-dual,
//! O(n³)), written for the Dutch profile's quality check: the criteria of a bracket pairing
//! are packed into one integer weight per pair, most significant criterion in the highest
//! bits, so that the maximum weight is the lexicographic optimum.
//!
//! The weights are generic ([`Weight`]): `i128` when the layout fits, else [`Wide`] (512
//! bits, two's complement). Only additions, subtractions, comparisons and halving are used;
//! with even edge weights every dual stays an integer. With `max_cardinality` the matching
//! is first of maximum cardinality, then of maximum weight among those.
//!
//! Standard formulation (vertex duals, blossom duals, S/T labels, four kinds of dual
//! change), following Galil's description of the algorithm; tested against brute force on
//! small random graphs (`checker/tests/it/dutch_wmatch.rs`).
//!
//! The parts: `weight` (the weight types), `dense` (the solver and the entry points on a
//! whole graph), `sparse` (a sparse subgraph proved on the whole graph), `duals` (a solution's
//! duals and the slack of any edge).

mod dense;
mod duals;
mod sparse;
mod weight;

pub(crate) use dense::max_weight_perfect_matching_from;
pub use dense::{max_weight_matching, max_weight_perfect_matching};
pub use sparse::{max_weight_matching_sparse_from, max_weight_matching_sparse_with};
pub use weight::{Weight, Wide, Wide256, Wide448, WideN};
