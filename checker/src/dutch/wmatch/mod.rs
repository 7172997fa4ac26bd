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
//! The checker's own formulation of the primal-dual method, after Galil's textbook
//! description: explicit blossom objects (cycle, joins, base, dual) rebased and dissolved by
//! recursion, Even/Odd labels on the outermost nodes with their forest edges, and the
//! pending tight edges in a priority queue per stage. It shares no code with the engine's
//! matcher (`checker/tests/it/independence.rs`); tested against brute force on small random
//! graphs (`checker/tests/it/dutch_wmatch.rs`).
//!
//! The parts: `weight` (the weight types), `primal_dual` (the solver), `dense` (the entry
//! points on a whole graph), `sparse` (a sparse subgraph proved on the whole graph), `duals`
//! (a solution's duals and the slack of any edge), `transport` (duals by vertex class, for a
//! graph too large to list).

mod dense;
mod duals;
mod primal_dual;
mod sparse;
mod transport;
mod weight;

pub(crate) use dense::max_weight_perfect_matching_from;
pub use dense::{max_weight_matching, max_weight_perfect_matching};
pub(crate) use sparse::{
    Edges, Patterned, max_weight_matching_sparse_from_tight, max_weight_matching_sparse_of,
    max_weight_matching_sparse_tight,
};
pub use sparse::{max_weight_matching_sparse_from, max_weight_matching_sparse_with};
pub(crate) use transport::{class_duals, times};
pub use weight::{Weight, Wide, Wide256, Wide448, WideN};
