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

use std::cmp::Ordering;

/// Integer weight arithmetic the matching needs.
pub trait Weight: Copy + Ord + std::fmt::Debug {
    fn zero() -> Self;
    fn plus(self, o: Self) -> Self;
    fn minus(self, o: Self) -> Self;
    /// Floor of half (arithmetic shift).
    fn half(self) -> Self;
    /// `floor(self / 2^k)` as an `i128` (exact when it fits; the sparse matching's quick
    /// slack test uses it with `k` a few bits below the weights' width).
    fn top(self, k: u32) -> i128;
    /// Bits of a non-negative value (0 for 0).
    fn bit_len(self) -> u32;
}

impl Weight for i128 {
    fn zero() -> Self {
        0
    }
    fn plus(self, o: Self) -> Self {
        self + o
    }
    fn minus(self, o: Self) -> Self {
        self - o
    }
    fn half(self) -> Self {
        self >> 1
    }
    fn top(self, k: u32) -> i128 {
        self >> k.min(127)
    }
    fn bit_len(self) -> u32 {
        128 - self.leading_zeros()
    }
}

/// A two's complement integer of `N` 64-bit words (least significant first): [`Wide`] (512
/// bits) and [`Wide256`] (256 bits, for layouts that fit: half the arithmetic).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WideN<const N: usize>(pub [u64; N]);

/// A 512-bit two's complement integer (eight 64-bit words, least significant first).
pub type Wide = WideN<8>;
/// A 256-bit two's complement integer (four 64-bit words, least significant first).
pub type Wide256 = WideN<4>;
/// A 448-bit two's complement integer (seven 64-bit words): the order check's stages of 400
/// tie-break bits over narrow criteria fit it, with an eighth less arithmetic than [`Wide`].
pub type Wide448 = WideN<7>;

impl<const N: usize> Default for WideN<N> {
    fn default() -> Self {
        WideN([0; N])
    }
}

impl<const N: usize> WideN<N> {
    /// `value << shift` (the bits beyond `64 N` are dropped).
    pub fn shifted(value: u64, shift: u32) -> Self {
        let mut w = [0u64; N];
        let (q, r) = ((shift / 64) as usize, shift % 64);
        if q < N {
            w[q] = value << r;
            if r > 0 && q + 1 < N {
                w[q + 1] = value >> (64 - r);
            }
        }
        WideN(w)
    }

    /// `self << shift` (the bits beyond `64 N` are dropped).
    pub fn shl(&self, shift: u32) -> Self {
        let mut w = [0u64; N];
        let (q, r) = ((shift / 64) as usize, shift % 64);
        for k in (q..N).rev() {
            let lo = self.0[k - q];
            w[k] = lo << r;
            if r > 0 && k > q {
                w[k] |= self.0[k - q - 1] >> (64 - r);
            }
        }
        WideN(w)
    }

    #[inline]
    fn negative(&self) -> bool {
        self.0[N - 1] >> 63 == 1
    }

    /// Bit `i` (0 = least significant).
    pub fn bits(&self, shift: u32, width: u32) -> u64 {
        let mut v = 0u64;
        for b in 0..width {
            let i = shift + b;
            let bit = (self.0[(i / 64) as usize] >> (i % 64)) & 1;
            v |= bit << b;
        }
        v
    }
}

impl<const N: usize> Ord for WideN<N> {
    #[inline]
    fn cmp(&self, o: &Self) -> Ordering {
        match (self.negative(), o.negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        for k in (0..N).rev() {
            match self.0[k].cmp(&o.0[k]) {
                Ordering::Equal => {}
                x => return x,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for WideN<N> {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl<const N: usize> Weight for WideN<N> {
    #[inline]
    fn zero() -> Self {
        WideN([0; N])
    }
    #[inline]
    fn plus(self, o: Self) -> Self {
        let mut r = [0u64; N];
        let mut carry = 0u128;
        for (k, x) in r.iter_mut().enumerate() {
            let t = self.0[k] as u128 + o.0[k] as u128 + carry;
            *x = t as u64;
            carry = t >> 64;
        }
        WideN(r)
    }
    #[inline]
    fn minus(self, o: Self) -> Self {
        let mut r = [0u64; N];
        let mut borrow = 0u128;
        for (k, x) in r.iter_mut().enumerate() {
            let t = (self.0[k] as u128).wrapping_sub(o.0[k] as u128 + borrow);
            *x = t as u64;
            borrow = t >> 127;
        }
        WideN(r)
    }
    fn top(self, k: u32) -> i128 {
        let fill = if self.negative() { u64::MAX } else { 0 };
        let word = |i: usize| if i < N { self.0[i] } else { fill };
        let (q, r) = ((k / 64) as usize, k % 64);
        let at = |i: usize| {
            if r == 0 { word(i) } else { (word(i) >> r) | (word(i + 1) << (64 - r)) }
        };
        ((at(q + 1) as u128) << 64 | at(q) as u128) as i128
    }
    fn bit_len(self) -> u32 {
        (0..N)
            .rev()
            .find(|&i| self.0[i] != 0)
            .map_or(0, |i| 64 * i as u32 + 64 - self.0[i].leading_zeros())
    }
    fn half(self) -> Self {
        let mut r = [0u64; N];
        for k in 0..N {
            let hi = if k == N - 1 { (self.0[N - 1] >> 63) << 63 } else { self.0[k + 1] << 63 };
            r[k] = (self.0[k] >> 1) | hi;
        }
        WideN(r)
    }
}

const NONE: usize = usize::MAX;

struct State<'a, W: Weight> {
    n: usize,
    edges: &'a [(usize, usize, W)],
    /// Twice each edge's weight (the slack's subtrahend), stored apart: the slack is
    /// computed in the innermost loops.
    double: Vec<W>,
    endpoint: Vec<usize>,
    neighbend: Vec<Vec<usize>>,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    /// The slack of `bestedge[b]` when it was computed at dual change number
    /// `bestepoch[b]` (valid while no dual changed since: `bestepoch[b] == epoch`).
    bestslack: Vec<W>,
    bestepoch: Vec<u64>,
    /// Dual changes so far.
    epoch: u64,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<W>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

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
pub fn max_weight_matching_from<W: Weight>(
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
pub fn max_weight_perfect_matching_from<W: Weight>(
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

/// Candidate edges per vertex in the first round of [`max_weight_matching_sparse_from`]:
/// each vertex's heaviest ones. Measured on a wrong 1,000-player round (boards 1 and 2 of
/// round 2 exchanging Blacks, whose order check solves 15 relaxations of some 660 players):
/// 2 and 8 (added per round) 3.5 s, 4 and 8 3.6 s, 2 and 2 4.2 s, 8 and all 4.8 s.
const SPARSE_PER_VERTEX: usize = 2;

/// Edges added per vertex and round of [`max_weight_matching_sparse_from`]: the ones whose
/// dual slack is most negative.
const SPARSE_ADDED_PER_VERTEX: usize = 8;

/// [`max_weight_matching_from`] without maximum cardinality, solved on a **sparse subgraph**
/// and proved on the whole graph: the same optimum weight (the matching may be another of
/// equal weight).
///
/// The subgraph holds the edges of `first` and each vertex's heaviest edges. Its optimum
/// comes with a dual solution (vertex duals `y`, blossom duals `z`): every vertex dual ≥ 0,
/// zero on a free vertex, every blossom dual ≥ 0 with its blossom full, every matched edge
/// tight. Those conditions do not depend on the edges left out, so when every left-out edge
/// `(u, v, w)` also has a slack `y_u + y_v - 2w + 2 Σ z_B (B ∋ u, v) ≥ 0`, the duals are
/// feasible on the whole graph and their value equals the matching's weight: by weak duality
/// nothing weighs more, the matching is optimal on the whole graph. Otherwise the edges of
/// negative slack are added (per vertex the most negative first) and the subgraph is solved
/// again; it only grows, so this ends (at worst with the whole graph). The later rounds
/// solve it warm, from the last duals and matching, as a perfect matching of a doubled
/// graph (a twin per vertex, see the loop), whose duals are then the certificate, checked on
/// every left-out edge and its twin copy alike.
pub fn max_weight_matching_sparse_from<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    first: &[usize],
) -> Vec<Option<usize>> {
    if edges.len() <= n * SPARSE_PER_VERTEX {
        return max_weight_matching_from(n, edges, false, first);
    }
    max_weight_matching_sparse_with(n, edges, first, (SPARSE_PER_VERTEX, SPARSE_ADDED_PER_VERTEX)).0
}

/// [`max_weight_matching_sparse_from`] with `(per_vertex, added_per_vertex)` edges per
/// vertex in the first subgraph and per round, whatever the graph's size (for tests): the
/// matching and the number of subgraphs solved.
pub fn max_weight_matching_sparse_with<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    first: &[usize],
    (per_vertex, added_per_vertex): (usize, usize),
) -> (Vec<Option<usize>>, usize) {
    let (per_vertex, added_per_vertex) = (per_vertex.max(1), added_per_vertex.max(1));
    let nedge = edges.len();
    let mut inside = vec![false; nedge];
    for &k in first {
        if k < nedge {
            inside[k] = true;
        }
    }
    // Each vertex's `per_vertex` heaviest edges (ties: the first edge first), kept in one
    // pass, heaviest first.
    let mut heaviest: Vec<Vec<usize>> = vec![Vec::with_capacity(per_vertex + 1); n];
    for (k, &(i, j, w)) in edges.iter().enumerate() {
        if i == j {
            continue;
        }
        for v in [i, j] {
            let list = &mut heaviest[v];
            if list.len() == per_vertex && edges[list[per_vertex - 1]].2 >= w {
                continue;
            }
            let at = list.iter().position(|&e| edges[e].2 < w).unwrap_or(list.len());
            list.insert(at, k);
            list.truncate(per_vertex);
        }
    }
    for list in &heaviest {
        for &k in list {
            inside[k] = true;
        }
    }
    // The first subgraph: solved from scratch (all vertex duals at the largest weight).
    let sub: Vec<usize> = (0..nedge).filter(|&k| inside[k]).collect();
    let sub_edges: Vec<(usize, usize, W)> = sub.iter().map(|&k| edges[k]).collect();
    let maxweight = sub_edges.iter().map(|e| e.2).fold(W::zero(), |a, b| a.max(b));
    let local: std::collections::HashMap<usize, usize> =
        sub.iter().enumerate().map(|(l, &k)| (k, l)).collect();
    let sub_first: Vec<usize> = first.iter().filter_map(|k| local.get(k).copied()).collect();
    // The quick slack test's scale: the doubled weights' top 96 bits (the duals stay within
    // a few bits of the largest doubled weight, so their quotients fit an `i128`).
    let quick = edges.iter().map(|e| e.2.plus(e.2).bit_len()).max().unwrap_or(0).saturating_sub(96);
    let hdw: Vec<i128> = edges.iter().map(|e| e.2.plus(e.2).top(quick)).collect();
    let mut out = solve_full(n, &sub_edges, false, |_| maxweight, &sub_first);
    let mut rounds = 1;
    // Whether `out` solves the doubled graph (see below) rather than the subgraph itself.
    let mut doubled = false;
    loop {
        // The left-out edges of negative slack, per vertex the most negative first (on the
        // doubled graph, an edge's copy between the twins counts too).
        let mut violated: Vec<Vec<(W, usize)>> = vec![Vec::new(); n];
        // Quick test first (exact): with `Z` the sum of the duals of the blossoms holding
        // both ends (0 if none), `Z ≥ Z₁`, the dual of the outermost blossom (the blossoms
        // are nested: it holds both ends if any does), and `y_u + y_v + 2Z - 2w >
        // (⌊y_u/2^K⌋ + ⌊y_v/2^K⌋ + 2⌊Z₁/2^K⌋ - ⌊2w/2^K⌋ - 1) 2^K`, so a bound ≥ 0 proves the
        // slack positive; for a twin copy (weight 0), `⌊y_u/2^K⌋ + ⌊y_v/2^K⌋ + 2⌊Z₁/2^K⌋ ≥
        // 0` proves its slack ≥ 0. (On the doubled graph most vertices end inside one large
        // blossom whose dual makes up for negative vertex duals: without `Z₁` the bound
        // settles few edges there.) Then, still without searching the blossom chains for
        // the innermost common blossom, the exact `(y_u + Z₁) + (y_v + Z₁) - 2w ≥ 0` (one
        // sum per vertex, `m1`); the exact slack last.
        let outer = |v: usize| out.ancestors[v].first().copied();
        let hy: Vec<i128> = (0..out.n).map(|v| out.dualvar[v].top(quick)).collect();
        let hz: Vec<i128> =
            out.sums.iter().map(|a| a.first().map_or(0, |&z| z.top(quick))).collect();
        let m1: Vec<W> = (0..out.n)
            .map(|v| out.sums[v].first().map_or(out.dualvar[v], |&z| out.dualvar[v].plus(z)))
            .collect();
        // Whether `u` and `v` share a blossom: then `Z ≥ Z₁`.
        let share = |u: usize, v: usize| outer(u).is_some() && outer(u) == outer(v);
        for k in 0..nedge {
            if inside[k] {
                continue;
            }
            let (i, j, w) = edges[k];
            // The edge's slack when negative (else its twin copy's, on the doubled graph):
            // each computed only when the quick tests do not settle it.
            let real_settled = hy[i] + hy[j] - hdw[k] > 0
                || (share(i, j)
                    && (hy[i] + hy[j] + 2 * hz[i] - hdw[k] > 0
                        || m1[i].plus(m1[j]).minus(w.plus(w)) >= W::zero()));
            let s = if real_settled { None } else { Some(out.slack((i, j, w))) };
            let s = match s {
                Some(s) if s < W::zero() => s,
                _ if !doubled || hy[n + i] + hy[n + j] >= 0 => continue,
                _ if share(n + i, n + j)
                    && (hy[n + i] + hy[n + j] + 2 * hz[n + i] >= 0
                        || m1[n + i].plus(m1[n + j]) >= W::zero()) =>
                {
                    continue;
                }
                _ => out.slack((n + i, n + j, W::zero())),
            };
            if s < W::zero() {
                violated[i].push((s, k));
                violated[j].push((s, k));
            }
        }
        if violated.iter().all(|v| v.is_empty()) {
            return (out.mates[..n].iter().map(|m| m.filter(|&u| u < n)).collect(), rounds);
        }
        for mut list in violated {
            if list.len() > added_per_vertex {
                list.select_nth_unstable(added_per_vertex - 1);
            }
            for &(_, k) in list.iter().take(added_per_vertex) {
                inside[k] = true;
            }
        }
        // Solved again, warm, as a perfect matching of the doubled graph: every vertex v
        // has a twin n + v, joined to it by an edge of weight 0, and the twins carry a copy
        // of the subgraph's edges, of weight 0. A matching of the subgraph is a perfect
        // matching of the doubled graph of the same weight (its copy on the twins, every
        // free vertex with its twin), and a perfect matching of the doubled graph restricted
        // to the subgraph is a matching of the same weight: the two optima are equal. The
        // perfect matching lets the vertex duals start anywhere feasible: here at the last
        // duals, each blossom dual moved onto its vertices, raised where a new edge would
        // be violated; the last matching's edges that are still tight are matched first.
        let sub: Vec<usize> = (0..nedge).filter(|&k| inside[k]).collect();
        let mut g: Vec<(usize, usize, W)> = sub.iter().map(|&k| edges[k]).collect();
        g.extend(sub.iter().map(|&k| (n + edges[k].0, n + edges[k].1, W::zero())));
        g.extend((0..n).map(|v| (v, n + v, W::zero())));
        let mut y: Vec<W> = (0..2 * n).map(|v| out.absorbed_dual(v)).collect();
        for &(a, b, w) in &g {
            let s = y[a].plus(y[b]).minus(w.plus(w));
            if s < W::zero() {
                y[a] = y[a].minus(s);
            }
        }
        let index: std::collections::HashMap<(usize, usize), usize> =
            g.iter().enumerate().map(|(l, &(a, b, _))| ((a.min(b), a.max(b)), l)).collect();
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for v in 0..out.mates.len() {
            match out.mates[v] {
                Some(u) if v < u => {
                    pairs.push((v, u));
                    if !doubled {
                        pairs.push((n + v, n + u));
                    }
                }
                None if !doubled => pairs.push((v, n + v)),
                _ => {}
            }
        }
        let hint: Vec<usize> = pairs.iter().filter_map(|p| index.get(p).copied()).collect();
        out = solve_full(2 * n, &g, true, |v| y[v], &hint);
        doubled = true;
        rounds += 1;
    }
}

/// A solved matching with its dual solution (vertex duals, then blossom duals, and the
/// blossom tree), for the slack of edges the solver did not see.
struct Solution<W> {
    mates: Vec<Option<usize>>,
    dualvar: Vec<W>,
    /// Per vertex, the blossoms around it (outermost first; ids only, so that the search
    /// for the common ones reads few cache lines) ...
    ancestors: Vec<Vec<u32>>,
    /// ... and the sums of their duals from the outermost down to each.
    sums: Vec<Vec<W>>,
    n: usize,
}

impl<W: Weight> Solution<W> {
    /// Vertex `v`'s dual plus the duals of the blossoms around it (0 for a vertex beyond
    /// this solution's): with every blossom dual moved so, every edge keeps a slack at least
    /// as large as before.
    fn absorbed_dual(&self, v: usize) -> W {
        if v >= self.n {
            return W::zero();
        }
        match self.sums[v].last() {
            Some(&z) => self.dualvar[v].plus(z),
            None => self.dualvar[v],
        }
    }

    /// How many blossoms hold both `i` and `j` (their chains' common prefix).
    #[inline]
    fn common_depth(&self, i: usize, j: usize) -> usize {
        let (ai, aj) = (&self.ancestors[i], &self.ancestors[j]);
        match (ai.first(), aj.first()) {
            (Some(a), Some(b)) if a == b => {}
            _ => return 0,
        }
        // The blossoms are nested: the common ones are a prefix (binary search on it).
        let (mut common, mut hi) = (1, ai.len().min(aj.len()));
        while common < hi {
            let mid = (common + hi).div_ceil(2);
            if ai[mid - 1] == aj[mid - 1] {
                common = mid;
            } else {
                hi = mid - 1;
            }
        }
        common
    }

    /// `y_i + y_j - 2w + 2 Σ z_B` over the blossoms B that hold both ends.
    fn slack(&self, (i, j, w): (usize, usize, W)) -> W {
        let s = self.dualvar[i].plus(self.dualvar[j]).minus(w.plus(w));
        match self.common_depth(i, j) {
            0 => s,
            c => {
                let z = self.sums[i][c - 1];
                s.plus(z).plus(z)
            }
        }
    }
}

/// Per vertex, its blossoms from the outermost in, each with the sum of the blossom duals
/// from the outermost down to it.
/// (The ids and the sums apart: see [`Solution`].)
#[allow(clippy::type_complexity)]
fn ancestors<W: Weight>(
    n: usize,
    blossomparent: &[usize],
    dualvar: &[W],
) -> (Vec<Vec<u32>>, Vec<Vec<W>>) {
    (0..n)
        .map(|v| {
            let mut chain = Vec::new();
            let mut b = v;
            while blossomparent.get(b).is_some_and(|&p| p != NONE) {
                b = blossomparent[b];
                chain.push(b as u32);
            }
            chain.reverse();
            let mut sum = W::zero();
            let sums = chain
                .iter()
                .map(|&b| {
                    sum = sum.plus(dualvar[b as usize]);
                    sum
                })
                .collect();
            (chain, sums)
        })
        .unzip()
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

fn solve_full<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    max_cardinality: bool,
    start_dual: impl Fn(usize) -> W,
    first: &[usize],
) -> Solution<W> {
    if edges.is_empty() || n == 0 {
        return Solution {
            mates: vec![None; n],
            dualvar: vec![W::zero(); n],
            ancestors: vec![Vec::new(); n],
            sums: vec![Vec::new(); n],
            n,
        };
    }
    let nedge = edges.len();
    let mut endpoint = Vec::with_capacity(2 * nedge);
    let mut neighbend = vec![Vec::new(); n];
    for (k, &(i, j, _)) in edges.iter().enumerate() {
        endpoint.push(i);
        endpoint.push(j);
        neighbend[i].push(2 * k + 1);
        neighbend[j].push(2 * k);
    }
    let mut s = State {
        n,
        edges,
        double: edges.iter().map(|e| e.2.plus(e.2)).collect(),
        endpoint,
        neighbend,
        mate: vec![NONE; n],
        label: vec![0; 2 * n],
        labelend: vec![NONE; 2 * n],
        inblossom: (0..n).collect(),
        blossomparent: vec![NONE; 2 * n],
        blossomchilds: vec![Vec::new(); 2 * n],
        blossombase: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
        blossomendps: vec![Vec::new(); 2 * n],
        bestedge: vec![NONE; 2 * n],
        bestslack: vec![W::zero(); 2 * n],
        bestepoch: vec![u64::MAX; 2 * n],
        epoch: 0,
        blossombestedges: vec![None; 2 * n],
        unusedblossoms: (n..2 * n).collect(),
        dualvar: (0..n).map(start_dual).chain(std::iter::repeat_n(W::zero(), n)).collect(),
        allowedge: vec![false; nedge],
        queue: Vec::new(),
    };
    // Greedy start: edges tight under the starting duals, matched in their order.
    for k in first.iter().copied().filter(|&k| k < nedge).chain(0..nedge) {
        let (i, j, _) = edges[k];
        if i != j && s.mate[i] == NONE && s.mate[j] == NONE && s.slack(k) == W::zero() {
            s.mate[i] = 2 * k + 1;
            s.mate[j] = 2 * k;
        }
    }
    s.run(max_cardinality);
    let mates =
        s.mate.iter().map(|&p| if p == NONE { None } else { Some(s.endpoint[p]) }).collect();
    let (ancestors, sums) = ancestors(n, &s.blossomparent, &s.dualvar);
    Solution { mates, dualvar: s.dualvar, ancestors, sums, n }
}

impl<W: Weight> State<'_, W> {
    #[inline]
    fn slack(&self, k: usize) -> W {
        let (i, j) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
        self.dualvar[i].plus(self.dualvar[j]).minus(self.double[k])
    }

    /// The slack of `bestedge[b]` (not `NONE`), from the cache when no dual changed since
    /// it was computed (the same value: only a dual change moves a slack).
    #[inline]
    fn best_slack(&mut self, b: usize) -> W {
        if self.bestepoch[b] != self.epoch {
            self.bestslack[b] = self.slack(self.bestedge[b]);
            self.bestepoch[b] = self.epoch;
        }
        self.bestslack[b]
    }

    /// `bestedge[b] = k`, whose slack is `s`.
    #[inline]
    fn set_best(&mut self, b: usize, k: usize, s: W) {
        self.bestedge[b] = k;
        self.bestslack[b] = s;
        self.bestepoch[b] = self.epoch;
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b] {
                self.leaves(t, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut v = Vec::new();
        self.leaves(b, &mut v);
        v
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let l = self.leaves_of(b);
            self.queue.extend(l);
        } else if t == 2 {
            let base = self.blossombase[b];
            let mb = self.mate[base];
            self.assign_label(self.endpoint[mb], 1, mb ^ 1);
        }
    }

    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                v = self.endpoint[self.labelend[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("a free blossom slot");
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::zero();
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for v in self.leaves_of(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &bv in &path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[bv].take() {
                None => self
                    .leaves_of(bv)
                    .into_iter()
                    .map(|v| self.neighbend[v].iter().map(|p| p / 2).collect())
                    .collect(),
                Some(l) => vec![l],
            };
            for list in lists {
                for k in list {
                    let (mut i, mut j, _) = self.edges[k];
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = k;
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        let best: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        self.bestedge[b] = NONE;
        for &k in &best {
            let s = self.slack(k);
            if self.bestedge[b] == NONE || s < self.best_slack(b) {
                self.set_best(b, k, s);
            }
        }
        self.blossombestedges[b] = Some(best);
    }

    fn child_index(len: usize, j: isize) -> usize {
        j.rem_euclid(len as isize) as usize
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == W::zero() {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves_of(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let endps = self.blossomendps[b].clone();
            let len = childs.len();
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let mut j = childs.iter().position(|&c| c == entrychild).expect("entry child") as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 == 1 { (1, 0) } else { (-1, 1) };
            if j & 1 == 1 {
                j -= len as isize;
            }
            let mut p = self.labelend[b];
            while j != 0 {
                let e = endps[Self::child_index(len, j - endptrick as isize)];
                let q = self.endpoint[p ^ 1];
                self.label[q] = 0;
                let r = self.endpoint[e ^ endptrick ^ 1];
                self.label[r] = 0;
                self.assign_label(q, 2, p);
                self.allowedge[e / 2] = true;
                j += jstep;
                p = endps[Self::child_index(len, j - endptrick as isize)] ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = childs[Self::child_index(len, j)];
            let q = self.endpoint[p ^ 1];
            self.label[q] = 2;
            self.label[bv] = 2;
            self.labelend[q] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[Self::child_index(len, j)] != entrychild {
                let bv = childs[Self::child_index(len, j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let mut found = NONE;
                for v in self.leaves_of(bv) {
                    if self.label[v] != 0 {
                        found = v;
                        break;
                    }
                }
                if found != NONE {
                    let v = found;
                    self.label[v] = 0;
                    let m = self.mate[self.blossombase[bv]];
                    self.label[self.endpoint[m]] = 0;
                    let le = self.labelend[v];
                    self.assign_label(v, 2, le);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b].clear();
        self.blossomendps[b].clear();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let childs = self.blossomchilds[b].clone();
        let endps = self.blossomendps[b].clone();
        let len = childs.len();
        let i = childs.iter().position(|&c| c == t).expect("child") as isize;
        let mut j = i;
        let (jstep, endptrick): (isize, usize) = if i & 1 == 1 { (1, 0) } else { (-1, 1) };
        if i & 1 == 1 {
            j -= len as isize;
        }
        while j != 0 {
            j += jstep;
            let t = childs[Self::child_index(len, j)];
            let p = endps[Self::child_index(len, j - endptrick as isize)] ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = childs[Self::child_index(len, j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        let i = i as usize;
        let mut nc = childs[i..].to_vec();
        nc.extend_from_slice(&childs[..i]);
        let mut ne = endps[i..].to_vec();
        ne.extend_from_slice(&endps[..i]);
        self.blossombase[b] = self.blossombase[nc[0]];
        self.blossomchilds[b] = nc;
        self.blossomendps[b] = ne;
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    /// Matches free single vertices (no blossom around them) joined by a tight edge: each
    /// such edge is an augmenting path of length one, and matching it keeps every invariant
    /// of the primal-dual state (the edge is tight, no dual changes, the free vertices left
    /// keep their common dual, no blossom is touched). Done at the start of every stage, it
    /// takes the many augmentations that one dual change makes possible at once (ties are
    /// common in layered weights) instead of one per stage, each stage rescanning the edges
    /// of every free vertex.
    fn match_tight_free_pairs(&mut self) {
        for v in 0..self.n {
            if self.mate[v] != NONE || self.inblossom[v] != v {
                continue;
            }
            for idx in 0..self.neighbend[v].len() {
                let p = self.neighbend[v][idx];
                let w = self.endpoint[p];
                if w != v
                    && self.mate[w] == NONE
                    && self.inblossom[w] == w
                    && self.slack(p / 2) == W::zero()
                {
                    self.mate[v] = p;
                    self.mate[w] = p ^ 1;
                    break;
                }
            }
        }
    }

    fn run(&mut self, max_cardinality: bool) {
        let n = self.n;
        for _ in 0..n {
            self.label.iter_mut().for_each(|x| *x = 0);
            self.bestedge.iter_mut().for_each(|x| *x = NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|x| *x = false);
            self.queue.clear();
            self.match_tight_free_pairs();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = self.queue.pop() {
                    for idx in 0..self.neighbend[v].len() {
                        let p = self.neighbend[v][idx];
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = W::zero();
                        if !self.allowedge[k] {
                            // Edge k joins v and w.
                            kslack = self.dualvar[v].plus(self.dualvar[w]).minus(self.double[k]);
                            if kslack <= W::zero() {
                                self.allowedge[k] = true;
                            }
                        }
                        if self.allowedge[k] {
                            if self.label[self.inblossom[w]] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.inblossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NONE || kslack < self.best_slack(b) {
                                self.set_best(b, k, kslack);
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == NONE || kslack < self.best_slack(w))
                        {
                            self.set_best(w, k, kslack);
                        }
                    }
                    if augmented {
                        break;
                    }
                }
                if augmented {
                    break;
                }
                // Dual change.
                let mut deltatype = 0u8;
                let mut delta = W::zero();
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                if !max_cardinality {
                    deltatype = 1;
                    delta = (0..n).map(|v| self.dualvar[v]).min().expect("vertices");
                }
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let d = self.best_slack(v);
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE
                        && self.label[b] == 1
                        && self.bestedge[b] != NONE
                    {
                        let d = self.best_slack(b).half();
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && (deltatype == 0 || self.dualvar[b] < delta)
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                if deltatype == 0 {
                    deltatype = 1;
                    delta = (0..n).map(|v| self.dualvar[v]).min().expect("vertices").max(W::zero());
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] = self.dualvar[v].minus(delta),
                        2 => self.dualvar[v] = self.dualvar[v].plus(delta),
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dualvar[b] = self.dualvar[b].plus(delta),
                            2 => self.dualvar[b] = self.dualvar[b].minus(delta),
                            _ => {}
                        }
                    }
                }
                // Every cached slack of a best edge is stale now.
                self.epoch += 1;
                match deltatype {
                    1 => break,
                    2 => {
                        self.allowedge[deltaedge] = true;
                        let (mut i, mut j, _) = self.edges[deltaedge];
                        if self.label[self.inblossom[i]] == 0 {
                            std::mem::swap(&mut i, &mut j);
                        }
                        let _ = j;
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        let (i, _, _) = self.edges[deltaedge];
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b] == W::zero()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}
