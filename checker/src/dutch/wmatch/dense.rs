//! The entry points on a whole graph: maximum weight ([`max_weight_matching`], maximum
//! cardinality first when asked) and maximum-weight perfect matching
//! ([`max_weight_perfect_matching`]), each with a greedy warm start; the solver itself is
//! [`super::primal_dual`].

use super::duals::Solution;
use super::primal_dual::Solver;
use super::weight::Weight;

/// A maximum-weight matching of the graph on `n` vertices (maximum cardinality first when
/// `max_cardinality`): `mate[v]` is v's partner or `None`. Weights must be even and ≥ 0.
///
/// Every vertex dual starts at the largest weight (the textbook start), and the edges of
/// that weight, tight from the start, are matched greedily before the first stage: a valid
/// primal-dual state (matched edges tight, every free vertex at the same, smallest dual), so
/// the result is the same optimum with fewer stages.
pub fn max_weight_matching<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    max_weight_matching_from(n, edges, max_cardinality, &[])
}

/// [`max_weight_matching`], whose greedy start tries the edges of `first` (indices into
/// `edges`, e.g. the published pairs) before the others: same optimum weight, fewer stages
/// when those edges are nearly an optimum.
pub(crate) fn max_weight_matching_from<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    max_cardinality: bool,
    first: &[usize],
) -> Vec<Option<usize>> {
    let maxweight = edges.iter().map(|e| e.2).fold(W::zero(), |a, b| a.max(b));
    solve(n, edges, max_cardinality, |_| maxweight, first)
}

/// A maximum-weight **perfect** matching of the graph on `n` vertices, when it has one
/// (otherwise a maximum-cardinality matching, of no guaranteed weight). Weights must be even
/// and ≥ 0.
///
/// For perfect matchings a vertex dual may take any value, so each starts at the largest
/// weight of its own edges (a feasible start: no edge weighs more than either end's
/// largest), and every edge that is then tight is matched greedily before the first stage.
/// A vertex whose edges all weigh 0 (a player below the bracket under examination, whose
/// pairs carry no criterion) starts at 0, so such players pair each other from the start and
/// the stages only rework the pairs that carry weight.
pub fn max_weight_perfect_matching<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
) -> Vec<Option<usize>> {
    max_weight_perfect_matching_from(n, edges, &[])
}

/// [`max_weight_perfect_matching`], whose greedy start tries the edges of `first` before
/// the others (see [`max_weight_matching_from`]).
pub(crate) fn max_weight_perfect_matching_from<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    first: &[usize],
) -> Vec<Option<usize>> {
    let mut best = vec![W::zero(); n];
    for &(i, j, w) in edges {
        best[i] = best[i].max(w);
        best[j] = best[j].max(w);
    }
    solve(n, edges, true, |v| best[v], first)
}

fn solve<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    max_cardinality: bool,
    start_dual: impl Fn(usize) -> W,
    first: &[usize],
) -> Vec<Option<usize>> {
    solve_full(n, edges, max_cardinality, start_dual, first).mates
}

/// The optimum with its dual solution: vertex duals from `start_dual` (a feasible start),
/// the edges of `first` then all others matched greedily where tight, then the stages.
pub(super) fn solve_full<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    max_cardinality: bool,
    start_dual: impl Fn(usize) -> W,
    first: &[usize],
) -> Solution<W> {
    let mut solver = Solver::new(n, edges, start_dual);
    solver.greedy(first.iter().copied().chain(0..edges.len()));
    solver.run(max_cardinality);
    solver.into_solution()
}
