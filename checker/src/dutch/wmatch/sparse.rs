//! Maximum weight on a sparse subgraph, proved on the whole graph by the dual certificate
//! ([`max_weight_matching_sparse_from`]): left-out edges of negative slack are added and the
//! subgraph solved again, warm, until none is left.

use super::dense::{max_weight_matching_from, solve_full};
use super::duals::{NONE, Solution};
use super::weight::Weight;
use std::cmp::Ordering;

/// Candidate edges per vertex in the first round of [`max_weight_matching_sparse_from`]:
/// each vertex's heaviest ones. Measured on a wrong 1,000-player round (boards 1 and 2 of
/// round 2 exchanging Blacks, whose order check solves 15 relaxations of some 660 players):
/// 2 and 8 (added per round) 3.5 s, 4 and 8 3.6 s, 2 and 2 4.2 s, 8 and all 4.8 s.
const SPARSE_PER_VERTEX: usize = 2;

/// Edges added per vertex and round of [`max_weight_matching_sparse_from`]: the ones whose
/// dual slack is most negative.
const SPARSE_ADDED_PER_VERTEX: usize = 8;

/// Vertices whose edges a warm round reads first ([`prescan`]): those whose duals fell most.
const PRESCAN_VERTICES: usize = 4;

/// Violated edges at those vertices that stand for the whole scan of a round ([`prescan`]).
const PRESCAN_ENOUGH: usize = 32;

/// The edges the sparse matching reads: edge `k` joins `ends(k)`, its weight that of its
/// class (`class(k)`). A bracket's millions of edges take a few hundred distinct weights:
/// what depends on the weight alone (the quick slack test's scaled weight) is computed once
/// per class, and no list of every weighted edge is written (32 bytes an edge, 530 MB for
/// a window of round 2 at 10,000 players). A slice of weighted edges is one class per edge.
pub(crate) trait Edges<W: Weight> {
    fn count(&self) -> usize;
    fn ends(&self, k: usize) -> (usize, usize);
    fn class(&self, k: usize) -> usize;
    fn classes(&self) -> usize;
    fn class_weight(&self, c: usize) -> W;
    #[inline]
    fn edge(&self, k: usize) -> (usize, usize, W) {
        let (i, j) = self.ends(k);
        (i, j, self.class_weight(self.class(k)))
    }
    /// The edge joining `i < j` (`Some(None)`: none), when the edges are indexed; `None`
    /// when they are not (then only a scan finds it).
    fn find(&self, _i: usize, _j: usize) -> Option<Option<usize>> {
        None
    }
    /// Where each vertex's edges to larger vertices start (`n + 1` places, the edges listed
    /// by ends), when the edges are indexed ([`Edges::find`]); `None` when they are not.
    fn rows(&self, _n: usize) -> Option<Vec<usize>> {
        None
    }
}

impl<W: Weight> Edges<W> for [(usize, usize, W)] {
    fn count(&self) -> usize {
        self.len()
    }
    #[inline]
    fn ends(&self, k: usize) -> (usize, usize) {
        (self[k].0, self[k].1)
    }
    #[inline]
    fn class(&self, k: usize) -> usize {
        k
    }
    fn classes(&self) -> usize {
        self.len()
    }
    #[inline]
    fn class_weight(&self, c: usize) -> W {
        self[c].2
    }
    #[inline]
    fn edge(&self, k: usize) -> (usize, usize, W) {
        self[k]
    }
}

/// Edges whose weights come from a table: edge `k` joins `ends[k]` with weight
/// `table[pattern[k]]` (a bracket graph's edges, see `optimum::graph::Graph`). The ends are
/// strictly increasing pairs, smaller end first (as a graph is built): an edge is found by
/// bisection.
pub(crate) struct Patterned<'a, W> {
    pub(crate) ends: &'a [(u32, u32)],
    pub(crate) pattern: &'a [u32],
    pub(crate) table: &'a [W],
}

impl<W: Weight> Edges<W> for Patterned<'_, W> {
    fn count(&self) -> usize {
        self.ends.len()
    }
    #[inline]
    fn ends(&self, k: usize) -> (usize, usize) {
        let (i, j) = self.ends[k];
        (i as usize, j as usize)
    }
    #[inline]
    fn class(&self, k: usize) -> usize {
        self.pattern[k] as usize
    }
    fn classes(&self) -> usize {
        self.table.len()
    }
    #[inline]
    fn class_weight(&self, c: usize) -> W {
        self.table[c]
    }
    fn find(&self, i: usize, j: usize) -> Option<Option<usize>> {
        Some(self.ends.binary_search(&(i as u32, j as u32)).ok())
    }
    fn rows(&self, n: usize) -> Option<Vec<usize>> {
        Some((0..=n).map(|v| self.ends.partition_point(|&(a, _)| (a as usize) < v)).collect())
    }
}

/// Every edge with its weight, as a list (for the dense solver, on small graphs).
fn listed<W: Weight, E: Edges<W> + ?Sized>(edges: &E) -> Vec<(usize, usize, W)> {
    (0..edges.count()).map(|k| edges.edge(k)).collect()
}

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
/// again; it only grows, so this ends (at worst with the whole graph). Every round but a
/// cold first one solves it warm as a perfect matching of a doubled graph (a twin per
/// vertex, see [`solve_doubled`]), whose duals are then the certificate, checked on every
/// left-out edge and its twin copy alike: the first round from the matching of `first` (the
/// published pairs) with duals that make its pairs tight ([`from_given`]; cold, every dual
/// at the largest weight, when `first` is empty), the later ones from the last duals and
/// matching.
pub fn max_weight_matching_sparse_from<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    first: &[usize],
) -> Vec<Option<usize>> {
    max_weight_matching_sparse_of(n, edges, first)
}

/// [`max_weight_matching_sparse_from`] on any [`Edges`].
pub(crate) fn max_weight_matching_sparse_of<W: Weight, E: Edges<W> + ?Sized>(
    n: usize,
    edges: &E,
    first: &[usize],
) -> Vec<Option<usize>> {
    if edges.count() <= n * SPARSE_PER_VERTEX {
        return max_weight_matching_from(n, &listed(edges), false, first);
    }
    let per = (SPARSE_PER_VERTEX, SPARSE_ADDED_PER_VERTEX);
    let out = solve_sparse(n, edges, first, per).out;
    out.mates[..n].iter().map(|m| m.filter(|&u| u < n)).collect()
}

/// [`max_weight_matching_sparse_from`] with `(per_vertex, added_per_vertex)` edges per
/// vertex in the first subgraph and per round, whatever the graph's size (for tests): the
/// matching and the number of subgraphs solved.
pub fn max_weight_matching_sparse_with<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    first: &[usize],
    per: (usize, usize),
) -> (Vec<Option<usize>>, usize) {
    let Certified { out, rounds, .. } = solve_sparse(n, edges, first, per);
    (out.mates[..n].iter().map(|m| m.filter(|&u| u < n)).collect(), rounds)
}

/// [`max_weight_matching_sparse_from`] with, per edge, whether it may belong to **some**
/// maximum-weight matching (`true`), from the final dual certificate. Any optimal dual
/// solution leaves every edge of every optimal matching tight (complementary slackness:
/// the duals' value minus a matching's weight is half the sum of its edges' slacks plus the
/// duals of the positive blossoms it does not fill, all ≥ 0). The certificate is optimal on
/// the whole graph (every left-out edge priced), so an edge of positive slack is in no
/// optimal matching. On the doubled graph (see [`solve_doubled`]) a matching `M` is the
/// perfect matching `M`, its twin copy and each free vertex with its twin, of the same
/// weight: an edge of `M` and its twin copy are both tight.
///
/// After the edges, per vertex, whether it may be left free by some optimal matching: on
/// the doubled graph its edge to its twin is tight; else its dual is 0 (a vertex of
/// positive dual is matched by every optimal matching).
pub(crate) fn max_weight_matching_sparse_tight<W: Weight, E: Edges<W> + ?Sized>(
    n: usize,
    edges: &E,
    first: &[usize],
) -> (Vec<Option<usize>>, Vec<bool>) {
    let per = (SPARSE_PER_VERTEX, SPARSE_ADDED_PER_VERTEX);
    let certified = solve_sparse(n, edges, first, per);
    let tight = tight_edges(n, edges, &certified);
    (certified.out.mates[..n].iter().map(|m| m.filter(|&u| u < n)).collect(), tight)
}

/// [`max_weight_matching_sparse_from`] (the same matching, by the same steps), with the
/// tight edges of its certificate ([`max_weight_matching_sparse_tight`]) when `want` holds
/// for the matching: `Some(None)` when `want` does not, `None` when the graph is small
/// enough for the dense solver (no certificate on the whole graph). Lets one solve serve
/// both the relaxation and the tight window of the order check.
#[allow(clippy::type_complexity)]
pub(crate) fn max_weight_matching_sparse_from_tight<W: Weight, E: Edges<W> + ?Sized>(
    n: usize,
    edges: &E,
    first: &[usize],
    want: impl FnOnce(&[Option<usize>]) -> bool,
) -> (Vec<Option<usize>>, Option<Option<Vec<bool>>>) {
    if edges.count() <= n * SPARSE_PER_VERTEX {
        return (max_weight_matching_from(n, &listed(edges), false, first), None);
    }
    let per = (SPARSE_PER_VERTEX, SPARSE_ADDED_PER_VERTEX);
    let certified = solve_sparse(n, edges, first, per);
    let mates: Vec<Option<usize>> =
        certified.out.mates[..n].iter().map(|m| m.filter(|&u| u < n)).collect();
    let tight = want(&mates).then(|| tight_edges(n, edges, &certified));
    (mates, Some(tight))
}

/// Per edge, whether it is tight under the certificate (on the doubled graph, its twin copy
/// too), then per vertex whether it may be left free ([`max_weight_matching_sparse_tight`]).
/// A left-out edge's verdict is the last scan's; only the subgraph's edges and those the
/// scan's bounds left open take the exact slack.
fn tight_edges<W: Weight, E: Edges<W> + ?Sized>(
    n: usize,
    edges: &E,
    certified: &Certified<W>,
) -> Vec<bool> {
    let Certified { out, doubled, inside, verdicts, .. } = certified;
    let (out, doubled) = (out, *doubled);
    let bounds = Bounds::new(edges, out);
    let tight = (0..edges.count()).map(|k| {
        let (i, j) = edges.ends(k);
        let exact = || {
            bounds.zero_slack(out, (i, j), Some(edges.class(k)))
                && (!doubled || bounds.zero_slack(out, (n + i, n + j), None))
        };
        i != j
            && match (inside[k], verdicts[k]) {
                (true, _) | (false, Verdict::Open) => exact(),
                (false, verdict) => verdict == Verdict::Tight,
            }
    });
    let free = (0..n).map(|v| {
        if doubled {
            out.slack((v, n + v, W::zero())) == W::zero()
        } else {
            out.dualvar[v] == W::zero()
        }
    });
    tight.chain(free).collect()
}

/// What [`solve_sparse`] ends with: the final solution with its duals (the certificate),
/// whether it solves the doubled graph, the number of subgraphs, the last subgraph and,
/// per left-out edge, the last scan's verdict on its slack.
struct Certified<W> {
    out: Solution<W>,
    doubled: bool,
    rounds: usize,
    inside: Vec<bool>,
    verdicts: Vec<Verdict>,
}

/// A scan's verdict on a left-out edge whose slack (both copies on the doubled graph) is
/// not negative.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Verdict {
    /// Positive (a copy's, on the doubled graph).
    Loose,
    /// Zero (both copies').
    Tight,
    /// Not negative, not known to be 0 or positive.
    Open,
}

/// The rounds of [`max_weight_matching_sparse_with`] ([`Certified`]).
fn solve_sparse<W: Weight, E: Edges<W> + ?Sized>(
    n: usize,
    edges: &E,
    first: &[usize],
    (per_vertex, added_per_vertex): (usize, usize),
) -> Certified<W> {
    let (per_vertex, added_per_vertex) = (per_vertex.max(1), added_per_vertex.max(1));
    let nedge = edges.count();
    let mut inside = first_subgraph(n, edges, first, per_vertex);
    // The first subgraph, for a cold start (no `first`).
    let sub: Vec<usize> = (0..nedge).filter(|&k| inside[k]).collect();
    let sub_edges: Vec<(usize, usize, W)> = sub.iter().map(|&k| edges.edge(k)).collect();
    let maxweight = sub_edges.iter().map(|e| e.2).fold(W::zero(), |a, b| a.max(b));
    // Each edge of `first` by its place in `sub` (sorted; no index of every edge).
    let sub_first: Vec<usize> = first.iter().filter_map(|&k| sub.binary_search(&k).ok()).collect();
    // Whether `out` solves the doubled graph ([`solve_doubled`]) rather than the subgraph.
    let mut doubled = false;
    let given = from_given(n, edges, first);
    let mut out = match &given {
        Some(given) => {
            doubled = true;
            solve_doubled(n, edges, &inside, given, false)
        }
        None => solve_full(n, &sub_edges, false, |_| maxweight, &sub_first),
    };
    let mut rounds = 1;
    let mut verdicts = vec![Verdict::Open; nedge];
    let rows = edges.rows(n);
    // The real vertices' duals (each with its blossoms') at the last scan.
    let mut last: Option<Vec<W>> = None;
    loop {
        let fallen = last.as_ref().map(|last| most_fallen(n, last, &out, PRESCAN_VERTICES));
        last = Some((0..n).map(|v| out.absorbed_dual(v)).collect());
        let scan = (n, edges, &inside[..], &out, doubled);
        let early = match (&rows, fallen) {
            (Some(rows), Some(fallen)) => prescan(scan, rows, &fallen, added_per_vertex),
            _ => None,
        };
        // The left-out edges of negative slack, per vertex the most negative first.
        let violated = match early {
            Some(violated) => violated,
            None => {
                violated_edges(n, edges, &inside, &out, doubled, added_per_vertex, &mut verdicts)
            }
        };
        if violated.iter().all(|v| v.is_empty()) {
            return Certified { out, doubled, rounds, inside, verdicts };
        }
        for list in violated {
            for (_, k) in list {
                inside[k] = true;
            }
        }
        out = solve_doubled(n, edges, &inside, &out, doubled);
        doubled = true;
        rounds += 1;
    }
}

/// The `count` real vertices whose duals (each with its blossoms', [`Solution::absorbed_dual`])
/// fell most from `last` to `out`, the largest fall first (only those that fell).
fn most_fallen<W: Weight>(n: usize, last: &[W], out: &Solution<W>, count: usize) -> Vec<usize> {
    let mut fell: Vec<(W, usize)> = (0..n)
        .map(|v| (last[v].minus(out.absorbed_dual(v)), v))
        .filter(|&(d, _)| d > W::zero())
        .collect();
    fell.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    fell.into_iter().take(count).map(|(_, v)| v).collect()
}

/// The violated left-out edges at the vertices `fallen` (both copies on the doubled graph,
/// kept per vertex as a scan keeps them), when there are at least [`PRESCAN_ENOUGH`]: then
/// they stand for the scan of the whole graph. After a warm round one vertex whose dual
/// fell often violates every edge into a large group of players it has no subgraph edge
/// to (thousands at 10,000 players), and the scan finds nothing else; its edges, found
/// through `rows`, cost a few thousand slacks instead of millions. Only a scan of every
/// edge ends the rounds (and gives the verdicts).
#[allow(clippy::type_complexity)]
fn prescan<W: Weight, E: Edges<W> + ?Sized>(
    (n, edges, inside, out, doubled): (usize, &E, &[bool], &Solution<W>, bool),
    rows: &[usize],
    fallen: &[usize],
    keep: usize,
) -> Option<Vec<Vec<(W, usize)>>> {
    let bounds = Bounds::new(edges, out);
    let mut violated: Vec<Vec<(W, usize)>> = vec![Vec::new(); n];
    let mut found = 0;
    let mut look = |k: usize, violated: &mut Vec<Vec<(W, usize)>>| {
        if inside[k] {
            return;
        }
        let (i, j) = edges.ends(k);
        let real = bounds.judge(out, (i, j), Some(edges.class(k)));
        let twin = || if doubled { bounds.judge(out, (n + i, n + j), None) } else { Sign::Zero };
        let s = match (real, twin) {
            (Sign::Negative(s), _) => s,
            (_, twin) => match twin() {
                Sign::Negative(s) => s,
                _ => return,
            },
        };
        found += 1;
        for v in [i, j] {
            keep_least(&mut violated[v], (s, k), keep);
        }
    };
    for (at, &c) in fallen.iter().enumerate() {
        // Its edges to larger vertices, then to smaller ones (one bisection in each row);
        // an edge to an earlier vertex of `fallen` was looked at with it.
        for k in rows[c]..rows[c + 1] {
            if !fallen[..at].contains(&edges.ends(k).1) {
                look(k, &mut violated);
            }
        }
        for i in (0..c).filter(|i| !fallen[..at].contains(i)) {
            let (mut lo, mut hi) = (rows[i], rows[i + 1]);
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                if edges.ends(mid).1 < c {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            if lo < rows[i + 1] && edges.ends(lo).1 == c {
                look(lo, &mut violated);
            }
        }
    }
    (found >= PRESCAN_ENOUGH).then_some(violated)
}

/// The edges of the first subgraph: those of `first` and each vertex's `per_vertex` heaviest.
fn first_subgraph<W: Weight, E: Edges<W> + ?Sized>(
    n: usize,
    edges: &E,
    first: &[usize],
    per_vertex: usize,
) -> Vec<bool> {
    let nedge = edges.count();
    let mut inside = vec![false; nedge];
    for &k in first {
        if k < nedge {
            inside[k] = true;
        }
    }
    // Each vertex's `per_vertex` heaviest edges (ties: the first edge first), kept in one
    // pass, heaviest first.
    let mut heaviest: Vec<Vec<usize>> = vec![Vec::with_capacity(per_vertex + 1); n];
    let weight = |k: usize| edges.class_weight(edges.class(k));
    for k in 0..nedge {
        let (i, j, w) = edges.edge(k);
        if i == j {
            continue;
        }
        for v in [i, j] {
            let list = &mut heaviest[v];
            if list.len() == per_vertex && weight(list[per_vertex - 1]) >= w {
                continue;
            }
            let at = list.iter().position(|&e| weight(e) < w).unwrap_or(list.len());
            list.insert(at, k);
            list.truncate(per_vertex);
        }
    }
    for list in &heaviest {
        for &k in list {
            inside[k] = true;
        }
    }
    inside
}

/// The slacks under one solution's duals, cheaper than [`Solution::slack_doubled`] (which
/// finds the innermost blossom holding both ends on a table of the blossom forest).
///
/// With `Z` the sum of the duals of the blossoms holding both ends (0 if none), `Z ≥ Z₁`,
/// the dual of the outermost blossom (the blossoms are nested: it holds both ends if any
/// does), and, at a scale `2^K`,
/// `y_u + y_v + 2Z - 2w > (⌊y_u/2^K⌋ + ⌊y_v/2^K⌋ + 2⌊Z₁/2^K⌋ - ⌊2w/2^K⌋ - 1) 2^K`: a
/// bracket ≥ 1 proves the slack positive. When the ends share no
/// blossom the slack is `y_u + y_v - 2w` itself; when the blossoms inside the outermost one
/// that hold an end have duals 0, `(y_u + Z₁) + (y_v + Z₁) - 2w` (one sum per vertex, `m1`).
///
/// When the duals, the weights and each vertex's sum of blossom duals take at most 124 bits
/// (`exact`: every `i128` window, the scale 1), a vertex's record ([`Scale1`]) gives the
/// exact slack whenever one end's innermost blossom holds the other end (then the blossoms
/// holding both are those around it): on the doubled graph most vertices end in long
/// chains of nested blossoms, where nearly every edge is so; only the other edges read the
/// table. A scan of such `deep` bounds reads the records first, four per edge (its ends
/// and, on the doubled graph, their twins).
struct Bounds<W> {
    /// Whether every record of `at` is exact (the scale is 1).
    exact: bool,
    /// Per vertex, its record at the scale 1 (empty unless `exact`).
    at: Vec<Scale1>,
    /// Whether a scan reads the records first ([`Bounds::quick`]): `exact`, with more than
    /// a quarter of the vertices in nested blossoms of positive duals (not `flat`).
    deep: bool,
    /// Per weight class, the doubled weight, exactly and at the scale `2^K` (`K`: what
    /// leaves the largest weight or dual 124 bits, so that the bracket's five terms fit an
    /// `i128`).
    dw: Vec<W>,
    hdw: Vec<i128>,
    hy: Vec<i128>,
    hz: Vec<i128>,
    /// Per vertex, its outermost blossom (`NONE`: none).
    outer: Vec<u32>,
    m1: Vec<W>,
    /// Per vertex, whether the blossoms inside its outermost one that hold it have duals 0:
    /// then for an edge at it `Z = Z₁`, and `m1` gives the exact slack.
    flat: Vec<bool>,
}

/// A vertex at the scale 1 ([`Bounds`]): its dual, the sum of the duals of the blossoms
/// around it, its innermost blossom's span on the tour of the blossom forest and its
/// outermost blossom ([`Solution::span`]; `NONE` for all three when it is in none: two such
/// vertices hold each other, with a sum of 0).
#[derive(Clone, Copy)]
struct Scale1 {
    y: i128,
    z: i128,
    first: u32,
    last: u32,
    root: u32,
}

impl<W: Weight> Bounds<W> {
    fn new<E: Edges<W> + ?Sized>(edges: &E, out: &Solution<W>) -> Self {
        let dw: Vec<W> = (0..edges.classes())
            .map(|c| edges.class_weight(c).plus(edges.class_weight(c)))
            .collect();
        let z = |v: usize| out.outer_dual(v).unwrap_or(W::zero());
        // Per vertex, the sum of the duals of the blossoms around it.
        let around: Vec<W> =
            (0..out.n).map(|v| out.absorbed_dual(v).minus(out.dualvar[v])).collect();
        let bits = |x: W| if x < W::zero() { W::zero().minus(x).bit_len() } else { x.bit_len() };
        let quick = (dw.iter().map(|&w| bits(w)))
            .chain((0..out.n).map(|v| bits(out.dualvar[v]).max(bits(around[v]))))
            .max()
            .unwrap_or(0)
            .saturating_sub(124);
        let exact = quick == 0;
        let at = |v: usize| {
            let (first, last, root) = out.span(v).unwrap_or((NONE, NONE, NONE));
            Scale1 { y: out.dualvar[v].top(0), z: around[v].top(0), first, last, root }
        };
        let flat: Vec<bool> = (0..out.n).map(|v| around[v] == z(v)).collect();
        Bounds {
            exact,
            deep: exact && 4 * flat.iter().filter(|&&f| !f).count() > out.n,
            at: if exact { (0..out.n).map(at).collect() } else { Vec::new() },
            hdw: dw.iter().map(|w| w.top(quick)).collect(),
            hy: (0..out.n).map(|v| out.dualvar[v].top(quick)).collect(),
            hz: (0..out.n).map(|v| z(v).top(quick)).collect(),
            outer: (0..out.n).map(|v| out.outer(v).unwrap_or(NONE)).collect(),
            m1: (0..out.n).map(|v| out.dualvar[v].plus(z(v))).collect(),
            flat,
            dw,
        }
    }

    /// The exact slack of `(u, v)` at the scale 1, of doubled weight `dw`, unless the flag
    /// is set: neither end's innermost blossom holds the other end and they share an
    /// outermost one (only the table finds their innermost common blossom). Only when
    /// `exact`. Without branches: a scan's edges mix every case.
    #[inline(always)]
    fn scale1_slack(&self, (u, v): (usize, usize), dw: i128) -> (i128, bool) {
        let (a, b) = (&self.at[u], &self.at[v]);
        let a_holds = a.first <= b.first && b.first <= a.last;
        let b_holds = b.first <= a.first && a.first <= b.last;
        let z = (a.z & -(a_holds as i128)) | (b.z & -((b_holds & !a_holds) as i128));
        (a.y + b.y - dw + 2 * z, !(a_holds | b_holds) & (a.root == b.root))
    }

    /// A left-out edge at the scale 1 (both copies on the doubled graph: `twins`, the
    /// number of real vertices), when the records give both slacks exactly (`None`
    /// otherwise): the common case of a scan of `deep` bounds, with one branch. Only when
    /// `exact`.
    #[inline(always)]
    fn quick(
        &self,
        (u, v): (usize, usize),
        class: usize,
        twins: Option<usize>,
    ) -> Option<Quick<W>> {
        let (real, lost) = self.scale1_slack((u, v), self.hdw[class]);
        let (twin, twin_lost) = match twins {
            Some(n) => self.scale1_slack((n + u, n + v), 0),
            None => (0, false),
        };
        if lost | twin_lost {
            return None;
        }
        Some(if (real | twin) >= 0 {
            Quick::Settled(if real | twin == 0 { Verdict::Tight } else { Verdict::Loose })
        } else if real < 0 {
            Quick::Violated(W::of_i128(real))
        } else {
            Quick::Violated(W::of_i128(twin))
        })
    }

    /// The bracket of `(u, v)` (class `None`: a twin copy, of weight 0) and its doubled
    /// weight.
    #[inline(always)]
    fn bracket(&self, (u, v): (usize, usize), class: Option<usize>) -> (i128, W) {
        let (hdw, dw) = match class {
            Some(c) => (self.hdw[c], self.dw[c]),
            None => (0, W::zero()),
        };
        (self.hy[u] + self.hy[v] - hdw, dw)
    }

    /// Whether `u` and `v` lie in one blossom.
    #[inline(always)]
    fn share(&self, (u, v): (usize, usize)) -> bool {
        self.outer[u] != NONE && self.outer[u] == self.outer[v]
    }

    /// The sign of the slack of `(u, v)` under `out`, with the slack when negative
    /// (`class`: the edge's weight class; `None` for a twin copy, of weight 0): exact at the
    /// scale 1; else a bracket ≥ 1 proves it positive, and for a twin copy (its weight is
    /// exact at any scale) one of 0 proves it ≥ 0.
    #[inline(always)]
    fn judge(&self, out: &Solution<W>, (u, v): (usize, usize), class: Option<usize>) -> Sign<W> {
        let (bound, dw) = self.bracket((u, v), class);
        let sign = |s: W| match s.cmp(&W::zero()) {
            Ordering::Greater => Sign::Positive,
            Ordering::Equal => Sign::Zero,
            Ordering::Less => Sign::Negative(s),
        };
        if bound > 0 {
            return Sign::Positive;
        }
        if !self.share((u, v)) {
            return if self.exact && bound == 0 {
                Sign::Zero
            } else {
                sign(out.dualvar[u].plus(out.dualvar[v]).minus(dw))
            };
        }
        let outer = bound + 2 * self.hz[u];
        if outer > 0 {
            return Sign::Positive;
        }
        if self.flat[u] || self.flat[v] {
            return sign(self.m1[u].plus(self.m1[v]).minus(dw));
        }
        if self.exact {
            return match self.scale1_slack((u, v), class.map_or(0, |c| self.hdw[c])) {
                (s, false) if s > 0 => Sign::Positive,
                (0, false) => Sign::Zero,
                (s, false) => Sign::Negative(W::of_i128(s)),
                (_, true) => sign(out.slack_doubled((u, v, dw))),
            };
        }
        if outer == 0 && class.is_none() {
            return Sign::NotNegative;
        }
        match self.m1[u].plus(self.m1[v]).minus(dw).cmp(&W::zero()) {
            Ordering::Greater => return Sign::Positive,
            Ordering::Equal => return Sign::NotNegative,
            Ordering::Less => {}
        }
        sign(out.slack_doubled((u, v, dw)))
    }

    /// Whether the slack of `(u, v)` under `out` is 0 (`class` as in [`Bounds::judge`]).
    #[inline(always)]
    fn zero_slack(&self, out: &Solution<W>, (u, v): (usize, usize), class: Option<usize>) -> bool {
        match self.judge(out, (u, v), class) {
            Sign::Zero => true,
            Sign::NotNegative => {
                let (_, dw) = self.bracket((u, v), class);
                out.slack_doubled((u, v, dw)) == W::zero()
            }
            Sign::Positive | Sign::Negative(_) => false,
        }
    }
}

/// A left-out edge at the scale 1 ([`Bounds::quick`]): its verdict, or the slack of its
/// violated copy (the edge's own first).
enum Quick<W> {
    Settled(Verdict),
    Violated(W),
}

/// The sign of a slack under one solution's duals ([`Bounds::judge`]).
enum Sign<W> {
    Positive,
    Zero,
    /// Not negative, perhaps 0.
    NotNegative,
    Negative(W),
}

/// The left-out edges (not `inside`) of negative slack under the duals of `out`, per vertex
/// its `keep` most negative (slack, then edge index: exactly the smallest `keep` of all; on
/// the `doubled` graph, an edge's copy between the twins counts too). Only `keep` per
/// vertex are held (millions are violated in a round at 10,000 players); the slacks are
/// bounded first ([`Bounds`]). Each other left-out edge's [`Verdict`] goes to `verdicts`
/// (the last scan's serve the tight edges: no second pass of exact slacks).
fn violated_edges<W: Weight, E: Edges<W> + ?Sized>(
    n: usize,
    edges: &E,
    inside: &[bool],
    out: &Solution<W>,
    doubled: bool,
    keep: usize,
    verdicts: &mut [Verdict],
) -> Vec<Vec<(W, usize)>> {
    let bounds = Bounds::new(edges, out);
    let mut violated: Vec<Vec<(W, usize)>> = vec![Vec::new(); n];
    let scan = (n, edges, inside, out, doubled, &bounds);
    // One loop per kind of scan, each compiled for its own case: the records' test would
    // slow a scan of shallow blossoms.
    if bounds.deep {
        scan_edges::<W, E, true>(scan, keep, verdicts, &mut violated);
    } else {
        scan_edges::<W, E, false>(scan, keep, verdicts, &mut violated);
    }
    violated
}

/// The loop of [`violated_edges`]; `QUICK`: each edge first through [`Bounds::quick`].
#[allow(clippy::type_complexity)]
fn scan_edges<W: Weight, E: Edges<W> + ?Sized, const QUICK: bool>(
    (n, edges, inside, out, doubled, bounds): (usize, &E, &[bool], &Solution<W>, bool, &Bounds<W>),
    keep: usize,
    verdicts: &mut [Verdict],
    violated: &mut [Vec<(W, usize)>],
) {
    for (k, _) in inside.iter().enumerate().filter(|(_, inside)| !**inside) {
        let (i, j) = edges.ends(k);
        // The edge's slack when negative, else its twin copy's on the doubled graph.
        let twin = || if doubled { bounds.judge(out, (n + i, n + j), None) } else { Sign::Zero };
        let quick =
            if QUICK { bounds.quick((i, j), edges.class(k), doubled.then_some(n)) } else { None };
        let s = match quick {
            Some(Quick::Settled(verdict)) => {
                verdicts[k] = verdict;
                continue;
            }
            Some(Quick::Violated(s)) => s,
            None => match (bounds.judge(out, (i, j), Some(edges.class(k))), twin) {
                (Sign::Negative(s), _) => s,
                (real, twin) => match (real, twin()) {
                    (_, Sign::Negative(s)) => s,
                    (Sign::Positive, _) | (_, Sign::Positive) => {
                        verdicts[k] = Verdict::Loose;
                        continue;
                    }
                    (Sign::Zero, Sign::Zero) => {
                        verdicts[k] = Verdict::Tight;
                        continue;
                    }
                    _ => {
                        verdicts[k] = Verdict::Open;
                        continue;
                    }
                },
            },
        };
        for v in [i, j] {
            keep_least(&mut violated[v], (s, k), keep);
        }
    }
}

/// Adds `e` to `list`, which holds at most `keep` entries, the least ones.
fn keep_least<T: Ord>(list: &mut Vec<T>, e: T, keep: usize) {
    if list.len() < keep {
        list.push(e);
        return;
    }
    let (worst, _) = list.iter().enumerate().max_by(|a, b| a.1.cmp(b.1)).expect("keep > 0");
    if e < list[worst] {
        list[worst] = e;
    }
}

/// The subgraph (`inside`) solved again, warm, as a perfect matching of the doubled graph:
/// every vertex v has a twin n + v, joined to it by an edge of weight 0, and the twins carry
/// a copy of the subgraph's edges, of weight 0. A matching of the subgraph is a perfect
/// matching of the doubled graph of the same weight (its copy on the twins, every free vertex
/// with its twin), and a perfect matching of the doubled graph restricted to the subgraph is
/// a matching of the same weight: the two optima are equal. The perfect matching lets the
/// vertex duals start anywhere feasible: here at the last duals (of `out`; `doubled`: `out`
/// solved the doubled graph already), each blossom dual moved onto its vertices, made
/// feasible on the new edges ([`feasible_start`]); the last matching's edges that are still
/// tight are matched first.
fn solve_doubled<W: Weight, E: Edges<W> + ?Sized>(
    n: usize,
    edges: &E,
    inside: &[bool],
    out: &Solution<W>,
    doubled: bool,
) -> Solution<W> {
    let sub: Vec<usize> = (0..edges.count()).filter(|&k| inside[k]).collect();
    let mut g: Vec<(usize, usize, W)> = sub.iter().map(|&k| edges.edge(k)).collect();
    g.extend(sub.iter().map(|&k| {
        let (i, j) = edges.ends(k);
        (n + i, n + j, W::zero())
    }));
    g.extend((0..n).map(|v| (v, n + v, W::zero())));
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
    let y = feasible_start(n, &g, out, &pairs);
    // Each pair's edge in `g` (the last one when repeated), found through the partners
    // (no map of every edge).
    let mut partner = vec![usize::MAX; 2 * n];
    for &(a, b) in &pairs {
        partner[a] = b;
        partner[b] = a;
    }
    let mut edge_of = vec![usize::MAX; 2 * n];
    for (l, &(a, b, _)) in g.iter().enumerate() {
        if partner[a] == b {
            edge_of[a.min(b)] = l;
        }
    }
    let hint: Vec<usize> =
        pairs.iter().map(|&(a, _)| edge_of[a]).filter(|&l| l != usize::MAX).collect();
    solve_full(2 * n, &g, true, |v| y[v], &hint)
}

/// The matching of `first` (its edges in order, each taken when both ends are still free)
/// with duals under which each of its edges is tight: each end at the edge's weight, a free
/// vertex at 0, no blossom (`None` when `first` is empty). A start for [`solve_doubled`],
/// which raises the duals where an edge is violated: the given matching's pairs that stay
/// tight are matched first, so an optimal given matching needs few augmentations.
fn from_given<W: Weight, E: Edges<W> + ?Sized>(
    n: usize,
    edges: &E,
    first: &[usize],
) -> Option<Solution<W>> {
    let mut mates = vec![None; n];
    let mut dualvar = vec![W::zero(); n];
    for &k in first.iter().filter(|&&k| k < edges.count()) {
        let (i, j, w) = edges.edge(k);
        if i != j && mates[i].is_none() && mates[j].is_none() {
            mates[i] = Some(j);
            mates[j] = Some(i);
            dualvar[i] = w;
            dualvar[j] = w;
        }
    }
    if mates.iter().all(Option::is_none) {
        return None;
    }
    Some(Solution::without_blossoms(mates, dualvar))
}

/// Vertex duals for [`solve_doubled`]: the last ones (of `out`, each blossom dual moved onto
/// its vertices), made feasible on every edge of `g`. An edge of negative slack `-s` gets one
/// end raised by `s`; where that end's partner in `pairs` has a slack of at least `s` on every
/// other edge, the partner is lowered by `s`, so that their pair stays tight and is matched
/// again from the start (the duals of a perfect matching have no sign), else the pair is
/// broken and the stages pair its ends again. Only raises, and lowers within the slack, so
/// every edge ends with a slack ≥ 0.
fn feasible_start<W: Weight>(
    n: usize,
    g: &[(usize, usize, W)],
    out: &Solution<W>,
    pairs: &[(usize, usize)],
) -> Vec<W> {
    let mut y: Vec<W> = (0..2 * n).map(|v| out.absorbed_dual(v)).collect();
    let mut partner = vec![usize::MAX; 2 * n];
    for &(a, b) in pairs {
        partner[a] = b;
        partner[b] = a;
    }
    let mut around: Vec<Vec<usize>> = vec![Vec::new(); 2 * n];
    for (l, &(a, b, _)) in g.iter().enumerate() {
        around[a].push(l);
        around[b].push(l);
    }
    let slack = |y: &[W], l: usize| {
        let (a, b, w) = g[l];
        y[a].plus(y[b]).minus(w.plus(w))
    };
    for l in 0..g.len() {
        let s = slack(&y, l);
        if s >= W::zero() {
            continue;
        }
        let deficit = W::zero().minus(s);
        let (a, b, _) = g[l];
        // The end whose partner can give way without breaking anything (none: raise `a`).
        let room = |y: &[W], x: usize| {
            let p = partner[x];
            p != usize::MAX
                && around[p].iter().all(|&e| {
                    let (c, d, _) = g[e];
                    (c == x && d == p) || (c == p && d == x) || slack(y, e) >= deficit
                })
        };
        let x = if room(&y, a) {
            a
        } else if room(&y, b) {
            b
        } else {
            y[a] = y[a].plus(deficit);
            continue;
        };
        y[x] = y[x].plus(deficit);
        let p = partner[x];
        y[p] = y[p].minus(deficit);
    }
    tighten_pairs(g, &mut y, pairs, &around);
    // Every dual even, so that the stages keep integer slacks exact: the duals of any two
    // vertices joined by a tight edge have the same parity (the weights are even), so with
    // every free vertex even at the start, every vertex reached from one is even too, the
    // slack between two Even vertices is even and closing it moves the duals by half of it
    // exactly. (An odd deficit above could leave an odd free dual: an Even-Even edge of odd
    // slack then ends matched with a slack of 1, and the duals no longer prove the optimum.)
    // An odd pair that is tight keeps its pair tight when one end can go down by one.
    let odd = |y: &[W], v: usize| y[v].half().plus(y[v].half()) != y[v];
    for v in 0..2 * n {
        if !odd(&y, v) {
            continue;
        }
        let one = y[v].minus(y[v].half().plus(y[v].half()));
        let p = partner[v];
        let pair_tight = p != usize::MAX
            && odd(&y, p)
            && around[v].iter().any(|&e| {
                let (c, d, _) = g[e];
                ((c == v && d == p) || (c == p && d == v)) && slack(&y, e) == W::zero()
            });
        // `x` goes down by one when all its other edges have a slack of at least one.
        let can_lower = |y: &[W], x: usize, other: usize| {
            around[x].iter().all(|&e| {
                let (c, d, _) = g[e];
                (c == x && d == other) || (c == other && d == x) || slack(y, e) >= one
            })
        };
        if pair_tight && can_lower(&y, p, v) {
            y[v] = y[v].plus(one);
            y[p] = y[p].minus(one);
        } else if pair_tight && can_lower(&y, v, p) {
            y[v] = y[v].minus(one);
            y[p] = y[p].plus(one);
        } else {
            y[v] = y[v].plus(one);
        }
    }
    y
}

/// Lowers the ends of each loose pair of `pairs` (an edge of `g` of positive slack under
/// `y`), each as far as its other edges' slacks allow and no further than the pair's
/// slack: every edge keeps a slack ≥ 0, and the pairs that become tight are matched from
/// the start. Moving the blossom duals onto their vertices ([`Solution::absorbed_dual`])
/// loosens every matched edge inside a nested blossom: without this, most vertices of a
/// warm round start free (some 500 augmentations a round on the 1,000-player bench).
fn tighten_pairs<W: Weight>(
    g: &[(usize, usize, W)],
    y: &mut [W],
    pairs: &[(usize, usize)],
    around: &[Vec<usize>],
) {
    let slack = |y: &[W], l: usize| {
        let (a, b, w) = g[l];
        y[a].plus(y[b]).minus(w.plus(w))
    };
    for &(a, b) in pairs {
        let Some(&pair) = around[a].iter().find(|&&l| {
            let (c, d, _) = g[l];
            (c, d) == (a, b) || (c, d) == (b, a)
        }) else {
            continue;
        };
        let mut s = slack(y, pair);
        for x in [a, b] {
            if s <= W::zero() {
                break;
            }
            let room = around[x]
                .iter()
                .filter(|&&l| l != pair)
                .map(|&l| slack(y, l))
                .fold(s, |m, t| m.min(t));
            if room > W::zero() {
                y[x] = y[x].minus(room);
                s = s.minus(room);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift64*) for the random graphs.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state >> 12;
        *state ^= *state << 25;
        *state ^= *state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Edges read through a weight table ([`Patterned`]) give the same matching and the
    /// same tight window as the same edges listed with their weights: the per-class scaled
    /// weights of the quick slack tests are the per-edge ones. Dense random graphs with few
    /// distinct weights (as a bracket's), solved warm from a random first matching.
    #[test]
    fn patterned_edges_solve_as_listed_edges() {
        let mut state = 11u64;
        for case in 0..200 {
            let n = 8 + (next(&mut state) % 50) as usize;
            let table: Vec<i128> =
                (0..1 + case % 7).map(|_| 2 * (next(&mut state) % 40) as i128).collect();
            let (mut ends, mut pattern) = (Vec::new(), Vec::new());
            for a in 0..n {
                for b in a + 1..n {
                    if next(&mut state) % 100 < 70 {
                        ends.push((a as u32, b as u32));
                        pattern.push((next(&mut state) % table.len() as u64) as u32);
                    }
                }
            }
            let listed: Vec<(usize, usize, i128)> = ends
                .iter()
                .zip(&pattern)
                .map(|(&(a, b), &p)| (a as usize, b as usize, table[p as usize]))
                .collect();
            let first: Vec<usize> =
                (0..ends.len()).filter(|_| next(&mut state).is_multiple_of(5)).collect();
            let patterned = Patterned { ends: &ends, pattern: &pattern, table: &table };
            // Sorted ends are found by bisection, and a missing pair is none.
            for (k, &(a, b)) in ends.iter().enumerate().step_by(7) {
                assert_eq!(patterned.find(a as usize, b as usize), Some(Some(k)));
                assert_eq!(patterned.find(a as usize, a as usize), Some(None));
            }
            assert_eq!(listed.as_slice().find(0, 1), None, "a list has no index");
            assert_eq!(
                max_weight_matching_sparse_tight(n, &patterned, &first),
                max_weight_matching_sparse_tight(n, listed.as_slice(), &first),
                "case {case}"
            );
        }
    }

    /// The certificate is exact after warm rounds: every edge of the final matching (on the
    /// doubled graph: its copy on the twins, and each free vertex with its twin) has a slack
    /// of exactly 0 and every edge a slack of at least 0, so the duals' value is the
    /// matching's weight. Unstructured even weights make the warm starts' raises odd; before
    /// the duals were made even there, edges between twins ended matched with a slack of 1.
    #[test]
    fn warm_rounds_end_with_every_matched_edge_tight() {
        let mut state = 5u64;
        let mut warm = 0;
        for case in 0..400 {
            let n = 10 + (next(&mut state) % 60) as usize;
            let density = 40 + next(&mut state) % 61;
            let top = [6u64, 30, 200, 4][case % 4];
            let mut edges: Vec<(usize, usize, i128)> = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if next(&mut state) % 100 < density {
                        edges.push((a, b, 2 * (next(&mut state) % top) as i128));
                    }
                }
            }
            let first: Vec<usize> =
                (0..edges.len()).filter(|_| next(&mut state).is_multiple_of(3)).collect();
            let Certified { out, doubled, .. } =
                solve_sparse(n, edges.as_slice(), &first, (1, 1 + case % 2));
            warm += doubled as usize;
            for &(i, j, w) in &edges {
                assert!(out.slack((i, j, w)) >= 0, "case {case}: infeasible edge");
                if doubled {
                    assert!(out.slack((n + i, n + j, 0)) >= 0, "case {case}: infeasible twin");
                }
            }
            for v in 0..out.n {
                let Some(u) = out.mates[v] else { continue };
                // The edge matched: a real edge, its twin copy (weight 0), or v with its twin.
                let w = if u < n && v < n {
                    edges.iter().find(|e| (e.0, e.1) == (v.min(u), v.max(u))).map_or(0, |e| e.2)
                } else {
                    0
                };
                assert_eq!(out.slack((v, u, w)), 0, "case {case}: matched edge {v}-{u} not tight");
            }
        }
        assert!(warm > 300, "only {warm} graphs solved warm");
    }

    /// Duals on the doubled graph of `n` vertices (`2n` with the twins): a random forest
    /// of blossoms nested in long chains with side branches (`case` even: chains only),
    /// vertices in none too (`case % 3 == 0`), inner blossoms of dual 0 in a quarter of the
    /// cases (`case % 4 == 1`: a shallow scan), vertex duals of both signs.
    fn random_duals(state: &mut u64, case: usize, n: usize) -> Solution<i128> {
        let count = 1 + (next(state) % 60) as usize;
        let mut parent = vec![NONE; count];
        for b in 1..count {
            if !next(state).is_multiple_of(8) {
                // Chains (each blossom inside the one before) with side branches.
                let p =
                    if case.is_multiple_of(2) { b - 1 } else { (next(state) % b as u64) as usize };
                parent[b] = p as u32;
            }
        }
        // A quarter of the cases with inner blossoms of dual 0 (a shallow scan).
        let dual: Vec<i128> = (0..count)
            .map(|_| 2 * (next(state) % 20) as i128)
            .enumerate()
            .map(|(b, z)| if case % 4 == 1 && parent[b] != NONE { 0 } else { z })
            .collect();
        let leaf: Vec<u32> = (0..2 * n)
            .map(|_| {
                if case.is_multiple_of(3) && next(state).is_multiple_of(4) {
                    NONE
                } else {
                    (next(state) % count as u64) as u32
                }
            })
            .collect();
        let y: Vec<i128> = (0..2 * n).map(|_| (next(state) % 60) as i128 - 30).collect();
        Solution::new(vec![None; 2 * n], y, leaf, &parent, &dual)
    }

    /// The scale-1 records ([`Scale1`]) and everything that reads them ([`Bounds::judge`],
    /// [`Bounds::quick`], a scan's verdicts) agree with the slack the blossom table gives
    /// ([`Solution::slack_doubled`]), edge by edge and twin copy by twin copy, on
    /// [`random_duals`]; both loops of the scan.
    #[test]
    fn scale1_records_give_the_slack_of_the_blossom_table() {
        let mut state = 29u64;
        let mut deep_scans = 0;
        for case in 0..120 {
            let n = 4 + (next(&mut state) % 30) as usize;
            let out = random_duals(&mut state, case, n);
            let mut edges: Vec<(usize, usize, i128)> = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    edges.push((a, b, (next(&mut state) % 30) as i128));
                }
            }
            let bounds = Bounds::new(&edges[..], &out);
            assert!(bounds.exact, "case {case}");
            deep_scans += bounds.deep as usize;
            let sign = |s: i128| match s.cmp(&0) {
                Ordering::Greater => 1,
                Ordering::Equal => 0,
                Ordering::Less => -1,
            };
            let judged = |s: Sign<i128>| match s {
                Sign::Positive => 1,
                Sign::Zero => 0,
                Sign::Negative(s) => {
                    assert!(s < 0);
                    -1
                }
                Sign::NotNegative => panic!("the scale 1 settles every sign"),
            };
            for (k, &(a, b, w)) in edges.iter().enumerate() {
                let real = out.slack_doubled((a, b, 2 * w));
                let twin = out.slack_doubled((n + a, n + b, 0));
                assert_eq!(judged(bounds.judge(&out, (a, b), Some(k))), sign(real), "case {case}");
                assert_eq!(
                    judged(bounds.judge(&out, (n + a, n + b), None)),
                    sign(twin),
                    "case {case}"
                );
                let negative = if real < 0 {
                    Some(real)
                } else if twin < 0 {
                    Some(twin)
                } else {
                    None
                };
                match (bounds.quick((a, b), k, Some(n)), negative) {
                    (None, _) => {}
                    (Some(Quick::Violated(s)), Some(t)) => assert_eq!(s, t, "case {case}"),
                    (Some(Quick::Settled(v)), None) => {
                        let tight = real == 0 && twin == 0;
                        assert!(
                            v == if tight { Verdict::Tight } else { Verdict::Loose },
                            "case {case}"
                        );
                    }
                    _ => panic!("case {case}: quick disagrees with the table on edge {k}"),
                }
            }
            // A scan's verdicts and violated edges, every edge left out.
            let inside = vec![false; edges.len()];
            let mut verdicts = vec![Verdict::Open; edges.len()];
            let violated =
                violated_edges(n, &edges[..], &inside, &out, true, edges.len(), &mut verdicts);
            for (k, &(a, b, w)) in edges.iter().enumerate() {
                let (real, twin) =
                    (out.slack_doubled((a, b, 2 * w)), out.slack_doubled((n + a, n + b, 0)));
                let listed = violated[a].iter().any(|&(_, e)| e == k);
                assert_eq!(listed, real < 0 || twin < 0, "case {case}");
                if !listed {
                    let tight = real == 0 && twin == 0;
                    assert!(
                        verdicts[k] == if tight { Verdict::Tight } else { Verdict::Loose },
                        "case {case}"
                    );
                }
            }
        }
        // Both loops of the scan ran.
        assert!((60..110).contains(&deep_scans), "{deep_scans} deep scans");
    }

    /// A prescan lists exactly the violated left-out edges at the vertices it is given
    /// (either copy on the doubled graph, with the slack a scan keeps: the edge's own when
    /// negative), each at both ends, found through the rows of a patterned graph; it
    /// stands for the scan only from [`PRESCAN_ENOUGH`] of them on. Dense random graphs on
    /// [`random_duals`], a random subgraph inside, the vertices of largest fall.
    #[test]
    fn a_prescan_lists_the_violated_edges_at_its_vertices() {
        let mut state = 41u64;
        let (mut enough, mut short) = (0, 0);
        for case in 0..150 {
            let n = 6 + (next(&mut state) % 40) as usize;
            let out = random_duals(&mut state, case, n);
            let table: Vec<i128> = (0..5).map(|_| (next(&mut state) % 40) as i128 - 5).collect();
            let (mut ends, mut pattern) = (Vec::new(), Vec::new());
            for a in 0..n {
                for b in a + 1..n {
                    if next(&mut state) % 100 < 80 {
                        ends.push((a as u32, b as u32));
                        pattern.push((next(&mut state) % table.len() as u64) as u32);
                    }
                }
            }
            let edges = Patterned { ends: &ends, pattern: &pattern, table: &table };
            let rows = edges.rows(n).expect("patterned edges are indexed");
            for v in 0..n {
                let mine = (0..ends.len()).filter(|&k| ends[k].0 as usize == v);
                assert!(mine.eq(rows[v]..rows[v + 1]), "case {case}: row {v}");
            }
            let inside: Vec<bool> =
                (0..ends.len()).map(|_| next(&mut state).is_multiple_of(4)).collect();
            // A random last dual per vertex: the largest falls first.
            let last: Vec<i128> = (0..n)
                .map(|v| out.absorbed_dual(v) + (next(&mut state) % 30) as i128 - 10)
                .collect();
            let fallen = most_fallen(n, &last, &out, 1 + case % 5);
            let falls: Vec<i128> = fallen.iter().map(|&v| last[v] - out.absorbed_dual(v)).collect();
            assert!(falls.windows(2).all(|w| w[0] >= w[1]) && falls.iter().all(|&f| f > 0));
            // Every other vertex fell less than the last listed one, or not at all.
            let full = fallen.len() == 1 + case % 5;
            let bar = if full { falls[falls.len() - 1] } else { 0 };
            for v in (0..n).filter(|v| !fallen.contains(v)) {
                assert!(last[v] - out.absorbed_dual(v) <= bar, "case {case}: vertex {v}");
            }
            let scan = (n, &edges, &inside[..], &out, true);
            let listed = prescan(scan, &rows, &fallen, ends.len());
            let want: Vec<(i128, usize)> = (0..ends.len())
                .filter(|&k| !inside[k])
                .filter(|&k| {
                    fallen.contains(&(ends[k].0 as usize)) || fallen.contains(&(ends[k].1 as usize))
                })
                .filter_map(|k| {
                    let (a, b) = (ends[k].0 as usize, ends[k].1 as usize);
                    let real = out.slack_doubled((a, b, 2 * table[pattern[k] as usize]));
                    let twin = out.slack_doubled((n + a, n + b, 0));
                    (real < 0).then_some(real).or((twin < 0).then_some(twin)).map(|s| (s, k))
                })
                .collect();
            match listed {
                None => {
                    assert!(want.len() < PRESCAN_ENOUGH, "case {case}");
                    short += 1;
                }
                Some(lists) => {
                    assert!(want.len() >= PRESCAN_ENOUGH, "case {case}");
                    for v in 0..n {
                        let mut at: Vec<(i128, usize)> = want
                            .iter()
                            .copied()
                            .filter(|&(_, k)| ends[k].0 as usize == v || ends[k].1 as usize == v)
                            .collect();
                        let mut got = lists[v].clone();
                        at.sort();
                        got.sort();
                        assert_eq!(got, at, "case {case}: vertex {v}");
                    }
                    enough += 1;
                }
            }
        }
        assert!(enough > 20 && short > 20, "{enough} prescans enough, {short} short");
    }
}
