//! Maximum-weight general matching (Edmonds' blossom algorithm with dual variables, the
//! O(n³) primal-dual method of Galil's survey), kept **incremental**: a [`Matcher`] holds
//! the complete graph (weight zero = no edge), the matching, the blossoms and the duals of
//! its last optimum, so that after the weights around a few vertices change, [`Matcher::solve`]
//! re-optimises from there — O(k n²) for k changed vertices instead of O(n³) from scratch
//! (the method of bbpPairings' matching computer, after Galil, Micali and Gabow).
//!
//! The result maximises the total weight (not the cardinality: the Dutch weights make every
//! pair worth more than all lower fields together, so the maximum weight is also of maximum
//! cardinality). Any maximum-weight matching is a valid answer; callers that need one
//! particular optimum make it unique by their weights.
//!
//! Optimality is the linear-programming certificate: vertex duals y ≥ 0, blossom duals
//! z ≥ 0, every edge's slack y_i + y_j + 2·Σz − 2w ≥ 0 (blossoms containing both ends),
//! matched edges and blossom cycle edges tight, every vertex with y > 0 matched. A change
//! at vertex v restores feasibility locally:
//! 1. every blossom containing v is dissolved, its dual added to each of its vertices (the
//!    slacks inside stay the same, those leaving grow; a matched edge leaving it loses its
//!    tightness and is unmatched);
//! 2. v is unmatched and its dual raised to the least value that keeps its edges feasible
//!    (when several changed vertices share an edge, the one set last covers it); a free
//!    neighbour over the edge that made the dual tight is matched to v at once;
//! 3. the free vertices with a positive dual ("roots", raised to an even dual so that slacks
//!    between outer vertices stay even) grow alternating trees. A stage ends when two trees
//!    meet (augment), a tree reaches a free vertex of dual zero (augment to it), an outer
//!    vertex's dual reaches zero (the even path from its root is flipped, leaving it free
//!    with dual zero — or, for a root, the tree stops), as in bbpPairings.
//!
//! A lighter edge that is neither matched nor a cycle edge of a blossom changes nothing
//! (every slack stays feasible): its vertex is not re-optimised. A lighter cycle edge
//! dissolves the blossoms holding it (step 1 above, without unmatching the vertex).
//!
//! When most vertices changed, the matcher starts afresh instead: no blossoms, no
//! matching, each dual half the heaviest weight common among the vertex's edges inside its
//! group (the caller's hint [`Matcher::set_group`]: in the Dutch engine a score group, whose
//! players are most often paired with each other), then raised where an edge is not
//! covered, the vertices with the most such edges first (an MDP, rather than each of its
//! neighbours); the edges then tight are matched greedily in vertex order (a vertex given a
//! side by [`Matcher::set_side`] — the Dutch S1 and S2 halves — looks across first), and each vertex
//! still free lowers its dual until an edge is tight (or the dual is zero) and takes a free
//! neighbour over it — far fewer roots for the search (a root's dual is kept even). Half
//! the heaviest edge, the textbook start, left a round-2 bracket of 1,000 players with
//! nearly every vertex a root: one heavier edge (to an MDP) or many heavier edges (to the
//! other score group) lifted every dual above the edges it is matched by. The tally of
//! each vertex's weights inside its group and the count of its uncovered edges read every
//! pair (k² weights, often the whole cost of a first matching); a weight source that can
//! tell them otherwise (the class model before any decision, whose weights follow the
//! players' classes: `classwise`) gives them through [`Weights::restart_tally`] and
//! [`Weights::restart_uncovered`], exactly the same (the same duals, the same matching;
//! debug builds read the pairs too and compare), and the restart then reads only the rows
//! of the vertices it raises, matches or lowers. Such a source may also take the search's
//! first dual step before the search ([`Weights::restart_step`]: the surplus of one class
//! over the class it pairs best with is left free by the greedy start, and a search would
//! label the whole bracket, reading every outer row, before that one step); the free
//! vertices then take free neighbours over the edges it made tight.
//!
//! When the caller can foresee how a change moves the duals (a bonus by the rank of a
//! pair's higher player, the Dutch step 3), it says so by [`Matcher::raise_dual`]: the
//! changed and hinted vertices keep their mates where the matched edge stays tight and
//! only raise their duals where an edge would be uncovered, instead of a restart.
//!
//! The alternating forest is kept across augmentations (the "multiple trees" form of the
//! primal-dual method): when two trees meet (or a tree reaches a free vertex of dual zero,
//! or loses its root's dual), only the trees involved are dissolved — their outer blossoms
//! of dual zero expanded, every vertex and blossom of them unlabelled, the blossoms kept —
//! while the other trees keep their labels and least-slack records. The edges between the
//! dissolved trees' vertices and the outer vertices already scanned are looked at again
//! from the smaller side (each dissolved vertex against the outer vertices, or each such
//! outer vertex scanned again), and an inner leaf whose tight-edge label led into them
//! rescans. A
//! least-slack record that led into them is left as a lower bound (every record moves with
//! the duals: −δ for an edge from outside the forest to an outer vertex, −2δ between outer
//! blossoms, 0 from an inner leaf) and made exact only when it would decide a dual step:
//! recomputed from the vertex's row, or from the outer blossom's list (every edge its
//! scans record goes into the list, so the list stays complete whatever the scan order;
//! an inner sub-blossom contributes nothing at a merge, its vertices are scanned after).
//! Tightness is always the slack computed from the current duals, and a dual step that
//! makes several recorded edges tight uses them all at once (equal weights make ties
//! common).
//!
//! When the trees that augmented, plus the outer blossoms whose records lead into them,
//! are more than half of the forest (a big bracket of equal weights often grows one or two
//! trees over most vertices), the repair would cost more than a rebuild: the stage ends
//! instead (every outer blossom of dual zero expanded, everything unlabelled) and a new
//! one starts from the roots, as in the plain method. Before a stage grows its trees, free
//! vertices joined by a tight edge are matched (`pair_free`): after a dual step the roots
//! left are often tight to each other, and a root's scan would label every tight
//! neighbour (the whole bracket) before meeting one.
//!
//! A scan from inside a blossom that holds most of the vertices reads the list of the
//! vertices outside it (`outside_listed`) instead of skipping the blossom's own one by one.
//! A caller that knows which vertices a changed vertex's edges lead to says so
//! ([`Matcher::touch_towards`]): a hinted solve then reads only those edges for uncovered
//! ones.
//!
//! Cost: a vertex's dense row (n weights of 64 bytes: the scans are memory-bound) is
//! scanned when it becomes outer and looked at again when its tree dissolves; a solve
//! with k roots costs O(k n²) at worst, less when the trees stay apart. Each dual step is
//! O(n).
//!
//! Every quantity is a non-negative integer (edge weights are doubled).
//!
//! The matcher reads its weights through [`Weights`] (a type parameter, so the dense matrix
//! [`Dense`], written by [`Matcher::set_weight`], pays nothing for the choice); a source
//! that computes them (the Dutch engine's class model, `bracket::model`) is changed by its
//! owner, who reports each change by [`Matcher::changed`] (or in bulk by
//! [`Matcher::changed_dir`] and [`Matcher::touch`]), so that the matcher does on it exactly
//! what it does on the matrix. A blossom's list of edges to other outer blossoms is dropped
//! beyond `LIST_CAP`·n entries (its vertices' edges are read instead, the same edges): no
//! quadratic memory besides the matrix. A merge reads no row: the edges of a merged
//! sub-blossom that has no list (an outer vertex already scanned) are left unread until a
//! dual step needs the new blossom's record, and most trees augment and dissolve before.
//! A merge costs what it merges, not O(n): the new blossom takes the number of its
//! largest outer sub-blossom (whose vertices keep their top blossom) and that sub-blossom's
//! list as it is — a dense tight component grows one blossom two vertices at a time, tens
//! of thousands of merges in one matching.

mod blossoms;
mod duals;
mod restart;
mod scan;
mod stage;
#[cfg(test)]
mod tests;
mod towards;
mod warm;

use super::weight::{WORDS, Weight};

const NONE: usize = usize::MAX;

/// What the matchers did (`bsw bench`'s statistics of a Dutch round): each [`Matcher`] counts
/// its own work and adds it, when dropped, to its thread's total ([`work_so_far`]), so that
/// a caller reads the work of one round as the difference of two readings on its thread.
/// Counting only: nothing the matcher decides depends on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Calls of [`Matcher::solve`] (one matching each, warm or not).
    pub solves: u64,
    /// Solves that started afresh (most vertices changed: `restart`).
    pub restarts: u64,
    /// Augmentations (an augmenting path, or a path flipped to a root whose dual is zero).
    pub augmentations: u64,
    /// Outer vertices whose edges were scanned (`scan_vertex`; each reads a row).
    pub scans: u64,
    /// Dual adjustments of the stages (each O(n)).
    pub dual_steps: u64,
}

impl Work {
    /// The work done between the readings `before` and `self`.
    pub fn since(&self, before: &Work) -> Work {
        Work {
            solves: self.solves - before.solves,
            restarts: self.restarts - before.restarts,
            augmentations: self.augmentations - before.augmentations,
            scans: self.scans - before.scans,
            dual_steps: self.dual_steps - before.dual_steps,
        }
    }

    fn add(&mut self, o: &Work) {
        self.solves += o.solves;
        self.restarts += o.restarts;
        self.augmentations += o.augmentations;
        self.scans += o.scans;
        self.dual_steps += o.dual_steps;
    }
}

thread_local! {
    static WORK: std::cell::Cell<Work> = const { std::cell::Cell::new(Work {
        solves: 0,
        restarts: 0,
        augmentations: 0,
        scans: 0,
        dual_steps: 0,
    }) };
}

/// The work of every [`Matcher`] dropped on this thread so far.
pub(crate) fn work_so_far() -> Work {
    WORK.with(|c| c.get())
}
/// A blossom's list of edges to other outer blossoms is dropped beyond this many times n
/// entries (`note_outer_edge`).
const LIST_CAP: usize = 2;

/// Where a [`Matcher`] reads its weights: twice the weight of each pair (zero = no edge).
/// The matcher is generic over it (monomorphised: the dense matrix pays nothing for the
/// choice): [`Dense`] stores an n × n matrix that [`Matcher::set_weight`] writes; another
/// source computes the weights on demand (the class model, `bracket::model`),
/// and its owner reports each change by [`Matcher::changed`].
pub(crate) trait Weights<const NW: usize> {
    /// Twice the weight of the pair (a, b), `a != b`, symmetric; zero: no edge.
    fn w2(&self, a: usize, b: usize) -> Weight<NW>;

    /// A restart's tally without reading every pair inside each group: calls `f(v, w, c)`
    /// for each alive vertex `v` and each doubled weight `w` of its non-zero edges to the
    /// other alive vertices of its group (`group[v]`), `c` such edges at a time (a weight
    /// may come in several calls, its counts added), and returns true; or returns false
    /// without calling `f`, and the matcher reads the pairs (the default).
    fn restart_tally(
        &self,
        _alive: &[bool],
        _group: &[u32],
        _f: &mut dyn FnMut(usize, &Weight<NW>, u32),
    ) -> bool {
        false
    }

    /// A restart's uncovered edges without reading every pair: adds to `count[v]`, for each
    /// alive vertex `v`, the number of alive vertices `u != v` with
    /// `dual[v] + dual[u] < w2(v, u)`, and returns true; or returns false without touching
    /// `count`, and the matcher reads the pairs (the default).
    fn restart_uncovered(&self, _alive: &[bool], _dual: &[Weight<NW>], _count: &mut [u32]) -> bool {
        false
    }

    /// A restart's dual step by class ([`classwise::step`](super::classwise::step)):
    /// changes `dual` (covering every edge, `mate` on tight edges: each vertex's mate or
    /// `usize::MAX`) by one step that keeps both so, and returns true; or returns false
    /// without touching `dual` (the default: no step).
    fn restart_step(&self, _alive: &[bool], _dual: &mut [Weight<NW>], _mate: &[usize]) -> bool {
        false
    }

    /// A restart's rows by class ([`classwise::reach`](super::classwise::reach)) under
    /// `dual`, or `None` (the default): each row read is read pair by pair.
    fn restart_rows(
        &self,
        _alive: &[bool],
        _dual: &[Weight<NW>],
    ) -> Option<super::classwise::Rows<NW>> {
        None
    }

    /// [`classwise::reach`](super::classwise::reach) on the rows of
    /// [`restart_rows`](Self::restart_rows) (never asked when it gave none).
    fn restart_reach(
        &self,
        _rows: &super::classwise::Rows<NW>,
        _v: usize,
        _alive: &[bool],
        _dual: &[Weight<NW>],
        _y0: &Weight<NW>,
        _f: Option<&mut dyn FnMut(usize)>,
    ) -> Option<Weight<NW>> {
        None
    }

    /// The bucket of a vertex of [`Matcher::set_towards`]'s, for [`towards_bound`]; `None`
    /// (the default): no buckets, each edge is read.
    ///
    /// [`towards_bound`]: Self::towards_bound
    fn towards_key(&self, _u: usize) -> Option<u32> {
        None
    }

    /// An upper bound on `w2(v, u)` for every `u >= u0` (`u0 > v`) of `u0`'s bucket
    /// ([`towards_key`](Self::towards_key)), `v` touched towards them.
    fn towards_bound(&self, v: usize, u0: usize) -> Weight<NW> {
        self.w2(v, u0)
    }
}

/// The dense matrix: twice each edge's weight, row-major `n × n`, symmetric.
pub(crate) struct Dense<const NW: usize = WORDS> {
    n: usize,
    w2: Vec<Weight<NW>>,
}

impl<const NW: usize> Weights<NW> for Dense<NW> {
    #[inline(always)]
    fn w2(&self, a: usize, b: usize) -> Weight<NW> {
        self.w2[a * self.n + b]
    }
}

/// An incremental maximum-weight matching on vertices `0..n` (see the module docs), its
/// weights read from `W` ([`Dense`] by default).
///
/// Edges are numbered `k = i * n + j` (i < j); an endpoint `p = 2k` is i, `2k + 1` is j;
/// `mate[v]` and `labelend` hold the endpoint at the far end.
pub(crate) struct Matcher<const NW: usize = WORDS, W: Weights<NW> = Dense<NW>> {
    n: usize,
    /// The weights (twice each edge's weight; zero = no edge).
    w: W,
    alive: Vec<bool>,
    modified: Vec<bool>,
    pending: Vec<usize>,
    /// Pending vertices whose changed edges all lead into `towards`
    /// ([`Matcher::touch_towards`]), the vertices of `towards`, and those flagged
    /// `in_towards`.
    towards_only: Vec<bool>,
    towards: Vec<usize>,
    in_towards: Vec<bool>,
    /// Vertices with a lighter unmatched edge inside their top-level blossom (whose
    /// cycle edges `solve` checks).
    loosened: Vec<bool>,
    loosened_list: Vec<usize>,
    /// Dual raises hinted by [`Matcher::raise_dual`] (doubled units).
    hinted: Vec<bool>,
    hint: Vec<Weight<NW>>,
    hinted_list: Vec<usize>,
    /// The caller's word that the hints cover every changed edge ([`Matcher::hints_cover`]),
    /// but those at the vertices of `cover_rows` ([`Matcher::hints_cover_but`]).
    covering: bool,
    cover_rows: Vec<usize>,
    /// The next solve keeps the matched edges that stay tight ([`Matcher::keep_tight`]).
    warm: bool,
    /// Group of each vertex (a restart's starting duals, `set_group`).
    group: Vec<u32>,
    /// Side of each vertex (0: none; a restart's greedy matching, `set_side`).
    side: Vec<u8>,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    /// Slack of `bestedge[b]`, valid while the vertex duals have not changed (slacks depend
    /// on vertex duals only, which change only in the dual adjustment).
    bestslack: Vec<Weight<NW>>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    /// Vertices of each outer blossom whose edges to other outer blossoms are in neither
    /// its list nor its record yet (`add_blossom`): read only when a dual step needs the
    /// record (`recompute_outer_best`), most often never (the tree dissolves first).
    unread: Vec<Vec<usize>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<Weight<NW>>,
    /// The root of the alternating tree of each labelled top-level blossom (or vertex),
    /// read through [`Matcher::tree_of`] (valid while it is labelled).
    tree: Vec<usize>,
    /// Outer vertices still to scan.
    queue: std::collections::VecDeque<usize>,
    /// How many times each vertex stands in `queue` (not scanned since it was queued).
    queued: Vec<u32>,
    /// The number of vertices of each blossom (1 for a vertex).
    blossomsize: Vec<usize>,
    /// Vertices whose edges to outer vertices must be looked at again (their tree was
    /// dissolved, or their best edge led into a dissolved tree).
    rescan: Vec<usize>,
    /// Scratch of `add_blossom`, indexed by blossom: least-slack edge and its slack (all
    /// `NONE` between calls), and the entries touched.
    scratch_edge: Vec<usize>,
    scratch_slack: Vec<Weight<NW>>,
    scratch_touched: Vec<usize>,
    /// The vertices outside one big top-level blossom, ascending, for the scans of its
    /// vertices (`scan_vertex`); `outside_of` is that blossom (`NONE`: no list). A blossom
    /// only grows until one is expanded or dissolved, which drops the list: until then it
    /// holds every vertex outside (and some that joined since, skipped as before).
    outside: Vec<usize>,
    outside_of: usize,
    /// Each vertex's part ([`Matcher::set_parts`]; 0: none): no edge joins two vertices
    /// of the same non-zero part. `part_lists[p - 1]`: the vertices outside part `p`,
    /// ascending, alive when listed (`part_dead` removed since), which the scans of a
    /// vertex of part `p` read instead of every vertex.
    part: Vec<u8>,
    part_lists: [Vec<usize>; 2],
    part_dead: usize,
    /// While `logging` ([`Matcher::log_mates`]): each vertex whose mate is changed outside
    /// a solve (by `prefer`, `remove`, `flatten`) or by a solve's `unmatch`, with its mate
    /// endpoint before, in order (a vertex may come several times; its first entry after
    /// a point holds its mate then).
    logging: bool,
    mate_log: Vec<(usize, usize)>,
    /// While `logging`: every vertex free now is here or in `mate_log` (those free after
    /// the last solve, and those of the log when it was cleared).
    free_seen: Vec<usize>,
    /// This matcher's work, added to its thread's total when dropped ([`work_so_far`]).
    work: Work,
}

impl<const NW: usize, W: Weights<NW>> Drop for Matcher<NW, W> {
    fn drop(&mut self) {
        WORK.with(|c| {
            let mut total = c.get();
            total.add(&self.work);
            c.set(total);
        });
    }
}

/// Returns `mate[v]` (`None` when unmatched) of a maximum-weight matching of the graph on
/// vertices `0..n` with the given edges (`(u, v, w)`, `u != v`, `w > 0`).
pub(crate) fn max_weight_matching<const NW: usize>(
    n: usize,
    edges: &[(usize, usize, Weight<NW>)],
) -> Vec<Option<usize>> {
    let mut m = Matcher::new(n);
    for &(a, b, w) in edges {
        m.set_weight(a, b, w);
    }
    m.solve();
    (0..n).map(|v| m.mate(v)).collect()
}

impl<const NW: usize> Matcher<NW, Dense<NW>> {
    /// `n` vertices, no edges, empty matching.
    pub(crate) fn new(n: usize) -> Matcher<NW> {
        Matcher::with_weights(n, Dense { n, w2: vec![Weight::ZERO; n * n] })
    }

    /// Sets the weight of edge (v, u); `v` is the vertex re-optimised at the next
    /// [`solve`](Self::solve) (changing many edges of one vertex costs one vertex; a
    /// lighter edge that is not matched costs nothing, module docs). The weight must stay
    /// below 2^(BITS-2).
    pub(crate) fn set_weight(&mut self, v: usize, u: usize, w: Weight<NW>) {
        debug_assert!(v != u && v < self.n && u < self.n);
        let w2 = w.add(&w);
        let n = self.n;
        let old = self.w.w2[v * n + u];
        if old == w2 {
            return;
        }
        self.w.w2[v * n + u] = w2;
        self.w.w2[u * n + v] = w2;
        self.note_change(v, u, w2 < old);
    }
}

impl<const NW: usize, W: Weights<NW>> Matcher<NW, W> {
    /// `n` vertices with the weights of `w`, empty matching, all duals zero. A vertex is
    /// optimised by the first [`solve`](Self::solve) only once reported: a caller starting
    /// from non-zero weights reports its vertices ([`touch`](Self::touch)).
    pub(crate) fn with_weights(n: usize, w: W) -> Matcher<NW, W> {
        Matcher {
            n,
            w,
            alive: vec![true; n],
            modified: vec![false; n],
            pending: Vec::new(),
            towards_only: vec![false; n],
            towards: Vec::new(),
            in_towards: vec![false; n],
            loosened: vec![false; n],
            loosened_list: Vec::new(),
            hinted: vec![false; n],
            hint: vec![Weight::ZERO; n],
            hinted_list: Vec::new(),
            covering: false,
            cover_rows: Vec::new(),
            warm: false,
            group: vec![0; n],
            side: vec![0; n],
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            bestslack: vec![Weight::ZERO; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unread: vec![Vec::new(); 2 * n],
            unusedblossoms: (n..2 * n).collect(),
            dualvar: vec![Weight::ZERO; 2 * n],
            tree: vec![NONE; 2 * n],
            queue: std::collections::VecDeque::new(),
            queued: vec![0; n],
            blossomsize: vec![1; 2 * n],
            rescan: Vec::new(),
            scratch_edge: vec![NONE; 2 * n],
            scratch_slack: vec![Weight::ZERO; 2 * n],
            scratch_touched: Vec::new(),
            outside: Vec::new(),
            outside_of: NONE,
            part: vec![0; n],
            part_lists: [Vec::new(), Vec::new()],
            part_dead: 0,
            logging: false,
            mate_log: Vec::new(),
            free_seen: Vec::new(),
            work: Work::default(),
        }
    }

    /// The weight of edge (a, b) (zero: no edge).
    pub(crate) fn weight(&self, a: usize, b: usize) -> Weight<NW> {
        self.w.w2(a, b).half()
    }

    /// The weights.
    pub(crate) fn weights(&self) -> &W {
        &self.w
    }

    /// The weights, to change them; each changed pair must then be reported by
    /// [`changed`](Self::changed) (what [`Matcher::set_weight`] does for the matrix).
    pub(crate) fn weights_mut(&mut self) -> &mut W {
        &mut self.w
    }

    /// Reports that the weight of (v, u) changed from `old` to `new` (undoubled, as
    /// [`Matcher::set_weight`] takes them): `v` is the vertex re-optimised at the next
    /// [`solve`](Self::solve), as for `set_weight`.
    pub(crate) fn changed(&mut self, v: usize, u: usize, old: &Weight<NW>, new: &Weight<NW>) {
        debug_assert!(v != u && v < self.n && u < self.n);
        if old != new {
            self.note_change(v, u, new < old);
        }
    }

    /// Reports that the weight of (v, u) changed, lighter or heavier, without the values
    /// (a bulk change the caller knows the direction of; reporting a pair that did not
    /// change costs a little work at the next solve, never the optimum).
    pub(crate) fn changed_dir(&mut self, v: usize, u: usize, lighter: bool) {
        debug_assert!(v != u && v < self.n && u < self.n);
        self.note_change(v, u, lighter);
    }

    /// Reports that some edges at `v` that are not matched got lighter, without saying
    /// which (a bulk change): as [`changed_dir`](Self::changed_dir) for each of them, a
    /// blossom holding `v` is looked at in the next [`solve`](Self::solve) (dissolved if
    /// one of its cycle edges at `v` is no longer tight); nothing else changes. A matched
    /// edge that got lighter must be reported by `changed_dir`.
    pub(crate) fn lighter_unmatched(&mut self, v: usize) {
        if self.inblossom[v] != v && !self.loosened[v] {
            self.loosened[v] = true;
            self.loosened_list.push(v);
        }
    }

    /// Reports that edges at `v` changed (heavier, or new): `v` is re-optimised at the next
    /// [`solve`](Self::solve).
    pub(crate) fn touch(&mut self, v: usize) {
        self.towards_only[v] = false;
        if !self.modified[v] {
            self.modified[v] = true;
            self.pending.push(v);
        }
    }

    /// The vertices that [`touch_towards`](Self::touch_towards) names (replacing the
    /// last ones).
    pub(crate) fn set_towards(&mut self, vs: Vec<usize>) {
        for &u in &self.towards {
            self.in_towards[u] = false;
        }
        for &u in &vs {
            self.in_towards[u] = true;
        }
        self.towards = vs;
    }

    /// As [`touch`](Self::touch), when every edge at `v` that changed leads to a vertex of
    /// [`set_towards`](Self::set_towards)'s (the Dutch step 4: an S1 player's digits are on
    /// its edges to the open S2 players): a hinted solve then reads only those edges of
    /// `v` for uncovered ones, not its row. Any other change reported at `v` before the
    /// next solve cancels it.
    pub(crate) fn touch_towards(&mut self, v: usize) {
        if !self.modified[v] {
            self.modified[v] = true;
            self.pending.push(v);
            self.towards_only[v] = true;
        }
    }

    /// The bookkeeping of a changed edge (v, u) (`lighter`: its weight went down).
    fn note_change(&mut self, v: usize, u: usize, lighter: bool) {
        // A lighter edge that is not matched keeps every slack feasible and the matching
        // optimal, unless it holds a blossom together (a cycle edge must stay tight): that
        // is looked at in `solve`, only when both ends share a blossom.
        let matched = self.mate[v] != NONE && self.endpoint(self.mate[v]) == u;
        if lighter && !matched {
            if self.inblossom[v] == self.inblossom[u] && !self.loosened[v] {
                self.loosened[v] = true;
                self.loosened_list.push(v);
            }
            return;
        }
        self.towards_only[v] = false;
        if !self.modified[v] {
            self.modified[v] = true;
            self.pending.push(v);
        }
    }

    /// A hint for a restart (a [`solve`](Self::solve) after most vertices changed): the
    /// vertices of one group (the players of one score group, say) are likely matched to
    /// each other, so each starts from the weights of its edges inside its group. Any
    /// grouping gives an optimum; all vertices start in group 0.
    pub(crate) fn set_group(&mut self, v: usize, g: u32) {
        self.group[v] = g;
    }

    /// A hint for a restart: vertices of sides 1 and 2 are likely matched across (the
    /// Dutch S1 and S2 halves), so its greedy matching of the tight edges pairs a vertex
    /// with a free vertex of the other side first. Any sides give an optimum; all
    /// vertices start with side 0 (none).
    pub(crate) fn set_side(&mut self, v: usize, side: u8) {
        self.side[v] = side;
    }

    /// A hint for the next [`solve`](Self::solve): raise `v`'s dual by twice `by` (the
    /// weight units of [`set_weight`](Self::set_weight)), as when a bonus `by` is added to
    /// every edge at `v`. A caller that adds to many edges a bonus whose optimum it can
    /// foresee passes duals close to the new optimum's, so that most of the old matching
    /// stays tight and only a few vertices are searched again (instead of a restart).
    /// The result is an optimum whatever the hints: every edge is made feasible again
    /// (the vertices hinted or changed raise their duals where needed), matched edges
    /// that are no longer tight are unmatched, and the search starts from the free
    /// vertices of positive dual.
    pub(crate) fn raise_dual(&mut self, v: usize, by: Weight<NW>) {
        if !self.hinted[v] {
            self.hinted[v] = true;
            self.hint[v] = Weight::ZERO;
            self.hinted_list.push(v);
        }
        self.hint[v] = self.hint[v].add(&by.add(&by));
    }

    /// The caller's word for the next [`solve`](Self::solve): after the hints of
    /// [`raise_dual`](Self::raise_dual), every edge at a changed vertex is covered (its
    /// slack is not negative), so the solve does not read the changed vertices' rows to
    /// find uncovered edges (k²/2 weights when every vertex changed, as in the Dutch
    /// step 3, whose hints cover every pair by construction). Debug builds check it.
    pub(crate) fn hints_cover(&mut self) {
        self.covering = true;
    }

    /// [`hints_cover`](Self::hints_cover) for every edge but those at `v`: the next
    /// solve reads `v`'s row (one row, not the k² of every changed vertex) and raises
    /// `v`'s dual where an edge at it is uncovered.
    pub(crate) fn hints_cover_but(&mut self, v: usize) {
        self.covering = true;
        self.cover_rows.push(v);
    }

    /// For the next [`solve`](Self::solve): a changed vertex keeps its matched edge when
    /// that stays tight, its dual raised only where an edge at it is uncovered (as after
    /// [`raise_dual`](Self::raise_dual) hints), instead of being unmatched and its dual
    /// set afresh. For a few changes that leave most of the matching optimal.
    pub(crate) fn keep_tight(&mut self) {
        self.warm = true;
    }

    /// Dissolves every blossom (as a change at each vertex would: the duals go to the
    /// vertices, a blossom of positive dual frees its base), so that [`is_tight`] and
    /// [`prefer`] see every edge's exact slack.
    ///
    /// [`is_tight`]: Self::is_tight
    /// [`prefer`]: Self::prefer
    pub(crate) fn flatten(&mut self) {
        // (A blossom holds live vertices only: `remove` dissolves those of its vertex.)
        if self.no_blossom() {
            return;
        }
        for v in 0..self.n {
            if self.alive[v] {
                self.make_trivial(v);
            }
        }
    }

    /// Whether (a, b) is an edge of zero slack between two vertices outside blossoms
    /// (after the last [`solve`](Self::solve) and [`flatten`](Self::flatten): an edge an
    /// optimum may use; every optimum uses only such edges).
    pub(crate) fn is_tight(&self, a: usize, b: usize) -> bool {
        let w = &self.w.w2(a, b);
        a != b
            && self.alive[a]
            && self.alive[b]
            && self.inblossom[a] == a
            && self.inblossom[b] == b
            && !w.is_zero()
            && self.dualvar[a].add(&self.dualvar[b]) == *w
    }

    /// Twice the slack the pair (a, b) will have in the next [`solve`](Self::solve), once
    /// the blossoms holding a vertex of `changed` (the vertices whose edges changed or
    /// whose duals were hinted, `a` or `b` among them or not) are dissolved: the duals of
    /// those blossoms go to their vertices, so each end gains the duals of its blossoms
    /// that hold a changed vertex. Zero for a matched pair that stays tight; a caller
    /// that adds half of it to the pair's weight (with what its hints raise the ends)
    /// keeps the pair tight, where it would otherwise be unmatched and searched again.
    pub(crate) fn flat_slack(&self, a: usize, b: usize, changed: &[usize]) -> Weight<NW> {
        // A set, not a mark per vertex: this runs once per decided pair, and clearing
        // 2n marks each time would make a bracket's removals quadratic.
        let mut opened = std::collections::HashSet::new();
        for &v in changed {
            let mut c = self.blossomparent[v];
            while c != NONE && opened.insert(c) {
                c = self.blossomparent[c];
            }
        }
        let gained = |v: usize| {
            let mut y = self.dualvar[v];
            let mut c = self.blossomparent[v];
            while c != NONE {
                if opened.contains(&c) {
                    y = y.add(&self.dualvar[c]);
                }
                c = self.blossomparent[c];
            }
            y
        };
        gained(a).add_sub(&gained(b), &self.w.w2(a, b))
    }

    /// A primal hint: match `v` with `u` now, over a tight edge ([`is_tight`], else
    /// nothing happens and `false` is returned); their old mates are matched with each
    /// other when that edge is tight too, else left free (roots of the next search when
    /// their duals are positive). The matching stays one the next solve can start from.
    ///
    /// [`is_tight`]: Self::is_tight
    pub(crate) fn prefer(&mut self, v: usize, u: usize) -> bool {
        if !self.is_tight(v, u) {
            return false;
        }
        if self.mate(v) == Some(u) {
            return true;
        }
        let (old_u, old_v) = (self.mate(u), self.mate(v));
        if self.logging {
            for x in [Some(v), Some(u), old_u, old_v].into_iter().flatten() {
                self.mate_log.push((x, self.mate[x]));
            }
        }
        self.unmatch(v);
        self.unmatch(u);
        self.mate[v] = self.towards(v, u);
        self.mate[u] = self.towards(u, v);
        if let (Some(a), Some(b)) = (old_u, old_v)
            && self.is_tight(a, b)
        {
            self.mate[a] = self.towards(a, b);
            self.mate[b] = self.towards(b, a);
        }
        true
    }

    /// Removes `v` from the graph (its mate, if any, becomes free).
    pub(crate) fn remove(&mut self, v: usize) {
        if !self.alive[v] {
            return;
        }
        self.part_dead += 1;
        self.make_trivial(v);
        self.unmatch(v);
        self.alive[v] = false;
    }

    /// The caller's word that from now on no edge joins two vertices of the same
    /// non-zero part (`part[v]`, 1 or 2; 0: any edge): a scan from a vertex of a part
    /// then reads the alive vertices outside it only, in the same order (the Dutch step
    /// 4: after step 3 the only remainder pairs are S1 × S2).
    pub(crate) fn set_parts(&mut self, part: Vec<u8>) {
        self.part = part;
        self.list_parts();
    }

    /// The lists of the vertices outside each part, alive now.
    fn list_parts(&mut self) {
        for p in 1..=2u8 {
            let (alive, part) = (&self.alive, &self.part);
            self.part_lists[p as usize - 1] =
                (0..self.n).filter(|&u| alive[u] && part[u] != p).collect();
        }
        self.part_dead = 0;
    }

    /// The lists of the parts made again when a quarter of them has been removed since
    /// (O(n) each time, O(n) in all as they shrink).
    pub(super) fn refresh_parts(&mut self) {
        let listed = self.part_lists[0].len().max(self.part_lists[1].len());
        if listed > 0 && 4 * self.part_dead > listed {
            self.list_parts();
        }
    }

    /// The number of vertices (alive or removed).
    pub(crate) fn vertices(&self) -> usize {
        self.n
    }

    /// After [`flatten`](Self::flatten) and [`prefer`](Self::prefer) hints: whether the
    /// matching is still a maximum-weight one with the duals as they are, which holds when
    /// no blossom is left and every free vertex has dual zero (the duals stay feasible and
    /// a preferred pair is tight, so every matched edge is tight: the LP certificate).
    /// While the mates are logged ([`log_mates`](Self::log_mates)), only the vertices that
    /// may be free are read (those free after the last solve or logged since), not all.
    pub(crate) fn is_optimal_flat(&self) -> bool {
        let ok = |v: usize| {
            !self.alive[v]
                || (self.inblossom[v] == v && (self.mate[v] != NONE || self.dualvar[v].is_zero()))
        };
        if !self.logging {
            return (0..self.n).all(ok);
        }
        let optimal = self.no_blossom()
            && self.free_seen.iter().chain(self.mate_log.iter().map(|(v, _)| v)).all(|&v| ok(v));
        debug_assert_eq!(optimal, (0..self.n).all(ok));
        optimal
    }

    /// Whether no blossom is left (every vertex its own top-level blossom).
    fn no_blossom(&self) -> bool {
        self.unusedblossoms.len() == self.n
    }

    /// From now on, every change of a vertex's mate outside a solve's augmentations is
    /// logged ([`mate_log_len`](Self::mate_log_len),
    /// [`mates_changed`](Self::mates_changed)): a caller that read every mate after a
    /// solve then knows which vertices changed since, without a pass over all of them.
    pub(crate) fn log_mates(&mut self) {
        self.logging = true;
        self.mate_log.clear();
        self.free_seen = (0..self.n).filter(|&v| self.alive[v] && self.mate[v] == NONE).collect();
    }

    /// The length of the log (a point to read [`mates_changed`](Self::mates_changed) from).
    pub(crate) fn mate_log_len(&self) -> usize {
        self.mate_log.len()
    }

    /// Forgets the log (the caller read the mates it changed; a solve clears it too).
    pub(crate) fn clear_mate_log(&mut self) {
        let log = std::mem::take(&mut self.mate_log);
        self.free_seen.extend(log.iter().map(|&(v, _)| v));
        let (alive, mate) = (&self.alive, &self.mate);
        self.free_seen.retain(|&v| alive[v] && mate[v] == NONE);
        self.free_seen.sort_unstable();
        self.free_seen.dedup();
        self.mate_log = log;
        self.mate_log.clear();
    }

    /// Each vertex logged from `from` on, once, with its mate then (`None`: free), in
    /// vertex order: every vertex whose mate may differ now from what it was at that point
    /// (those not listed have the same mate). Valid only for a point after the last
    /// solve (a solve's augmentations are not logged).
    pub(crate) fn mates_changed(&self, from: usize) -> Vec<(usize, Option<usize>)> {
        let mut log: Vec<(usize, usize)> = self.mate_log[from.min(self.mate_log.len())..].to_vec();
        // (Stable: a vertex's first entry stays first.)
        log.sort_by_key(|&(v, _)| v);
        log.dedup_by_key(|&mut (v, _)| v);
        log.into_iter().map(|(v, p)| (v, (p != NONE).then(|| self.endpoint(p)))).collect()
    }

    /// v's mate in the last optimum.
    pub(crate) fn mate(&self, v: usize) -> Option<usize> {
        (self.mate[v] != NONE).then(|| self.endpoint(self.mate[v]))
    }
}
