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
//! tell them otherwise (the sparse model before any decision, whose weights follow the
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
//! that computes them (the Dutch engine's class-pair model, `sparse`) is changed by its
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

use super::weight::Weight;

const NONE: usize = usize::MAX;
/// A dissolution that touches more than NUM/DEN of the forest ends the stage instead.
const BIG_DISSOLVE_NUM: usize = 1;
const BIG_DISSOLVE_DEN: usize = 2;
/// A restart looks for a common weight among at most this many distinct weights of a
/// vertex's edges inside its group (more: the heaviest).
const MODE_WEIGHTS: usize = 16;
/// A blossom's list of edges to other outer blossoms is dropped beyond this many times n
/// entries (`note_outer_edge`).
const LIST_CAP: usize = 2;
/// A merge finds the vertices of an outer sub-blossom of more than n/BIG_WALK vertices by
/// a pass over all vertices rather than by a walk of its nested sub-blossoms.
const BIG_WALK: usize = 16;
/// A weight is common in a row when at least 1/COMMON_DEN of its edges have it.
const COMMON_DEN: u32 = 8;
/// A restart takes at most this many dual steps by class (`Weights::restart_step`).
const CLASS_STEPS: usize = 4;

/// The weights of a vertex's edges inside its group, for a restart's starting dual: the
/// heaviest, and the count of each distinct weight while there are at most `MODE_WEIGHTS`.
#[derive(Clone, Copy, Default)]
struct Mode {
    max: Weight,
    seen: [(Weight, u32); MODE_WEIGHTS],
    len: u8,
    /// The entry hit last: a row's equal weights come in runs (players of one class are
    /// neighbours), so it is tried first.
    last: u8,
    many: bool,
}

impl Mode {
    #[inline(always)]
    fn add(&mut self, w: &Weight) {
        self.add_n(w, 1);
    }

    /// `n` edges of weight `w` (as many `add`s).
    #[inline(always)]
    fn add_n(&mut self, w: &Weight, n: u32) {
        if *w > self.max {
            self.max = *w;
        }
        if self.many {
            return;
        }
        let (len, last) = (self.len as usize, self.last as usize);
        if last < len && self.seen[last].0 == *w {
            self.seen[last].1 += n;
        } else if let Some(i) = self.seen[..len].iter().position(|(x, _)| x == w) {
            self.seen[i].1 += n;
            self.last = i as u8;
        } else if len < MODE_WEIGHTS {
            self.seen[len] = (*w, n);
            self.last = len as u8;
            self.len += 1;
        } else {
            self.many = true;
        }
    }

    /// The heaviest weight held by at least 1/COMMON_DEN of the edges (the heaviest of
    /// all when there are more than `MODE_WEIGHTS` distinct weights; zero: no edge).
    fn common(&self) -> Weight {
        if self.many {
            return self.max;
        }
        let seen = &self.seen[..self.len as usize];
        let total: u32 = seen.iter().map(|e| e.1).sum();
        seen.iter().filter(|e| e.1 * COMMON_DEN >= total).map(|e| e.0).max().unwrap_or(self.max)
    }
}

/// The least free vertex at or after `i` (`n`: none), where `skip[x] == x` marks a free
/// vertex and a matched one points further on; the path walked is made to point at the
/// answer.
fn free_after(skip: &mut [usize], i: usize) -> usize {
    let mut r = i;
    while skip[r] != r {
        r = skip[r];
    }
    let mut x = i;
    while skip[x] != r && skip[x] != x {
        let next = skip[x];
        skip[x] = r;
        x = next;
    }
    r
}

/// Records edge `k` (slack `s`) from an outer blossom to another in that blossom's record
/// (`record`: its least-slack edge and slack) and list. The list is kept complete (a later
/// merge takes its edges from it); one of `cap` entries or more is dropped, and a
/// recomputed record then reads the edges of the blossom's vertices instead — the same
/// edges, without O(n) memory per blossom (with repeats, the lists of one stage can outgrow
/// a dense matrix).
#[inline(always)]
fn note_edge(
    record: (&mut usize, &mut Weight),
    list: &mut Option<Vec<usize>>,
    cap: usize,
    k: usize,
    s: Weight,
) {
    if *record.0 == NONE || s < *record.1 {
        (*record.0, *record.1) = (k, s);
    }
    if let Some(l) = list.as_mut() {
        if l.len() >= cap {
            *list = None;
        } else {
            l.push(k);
        }
    }
}

/// How a walk round a blossom's cycle, from its child at index `i` back to the base (index
/// 0), passes an even number of edges: forward from `i - len` when `i` is odd, backward from
/// `i` otherwise. Returns (start, step, endptrick); indices are taken modulo `len`.
fn cycle_walk(i: usize, len: usize) -> (isize, isize, usize) {
    let j = i as isize;
    if j & 1 != 0 { (j - len as isize, 1, 0) } else { (j, -1, 1) }
}

/// Where a [`Matcher`] reads its weights: twice the weight of each pair (zero = no edge).
/// The matcher is generic over it (monomorphised: the dense matrix pays nothing for the
/// choice): [`Dense`] stores an n × n matrix that [`Matcher::set_weight`] writes; another
/// source computes the weights on demand (the sparse path's class-pair model, `sparse`),
/// and its owner reports each change by [`Matcher::changed`].
pub trait Weights {
    /// Twice the weight of the pair (a, b), `a != b`, symmetric; zero: no edge.
    fn w2(&self, a: usize, b: usize) -> Weight;

    /// A restart's tally without reading every pair inside each group: calls `f(v, w, c)`
    /// for each alive vertex `v` and each doubled weight `w` of its non-zero edges to the
    /// other alive vertices of its group (`group[v]`), `c` such edges at a time (a weight
    /// may come in several calls, its counts added), and returns true; or returns false
    /// without calling `f`, and the matcher reads the pairs (the default).
    fn restart_tally(
        &self,
        _alive: &[bool],
        _group: &[u32],
        _f: &mut dyn FnMut(usize, &Weight, u32),
    ) -> bool {
        false
    }

    /// A restart's uncovered edges without reading every pair: adds to `count[v]`, for each
    /// alive vertex `v`, the number of alive vertices `u != v` with
    /// `dual[v] + dual[u] < w2(v, u)`, and returns true; or returns false without touching
    /// `count`, and the matcher reads the pairs (the default).
    fn restart_uncovered(&self, _alive: &[bool], _dual: &[Weight], _count: &mut [u32]) -> bool {
        false
    }

    /// A restart's dual step by class ([`classwise::step`](super::classwise::step)):
    /// changes `dual` (covering every edge, `mate` on tight edges: each vertex's mate or
    /// `usize::MAX`) by one step that keeps both so, and returns true; or returns false
    /// without touching `dual` (the default: no step).
    fn restart_step(&self, _alive: &[bool], _dual: &mut [Weight], _mate: &[usize]) -> bool {
        false
    }
}

/// The dense matrix: twice each edge's weight, row-major `n × n`, symmetric.
pub struct Dense {
    n: usize,
    w2: Vec<Weight>,
}

impl Weights for Dense {
    #[inline(always)]
    fn w2(&self, a: usize, b: usize) -> Weight {
        self.w2[a * self.n + b]
    }
}

/// An incremental maximum-weight matching on vertices `0..n` (see the module docs), its
/// weights read from `W` ([`Dense`] by default).
///
/// Edges are numbered `k = i * n + j` (i < j); an endpoint `p = 2k` is i, `2k + 1` is j;
/// `mate[v]` and `labelend` hold the endpoint at the far end.
pub struct Matcher<W: Weights = Dense> {
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
    hint: Vec<Weight>,
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
    bestslack: Vec<Weight>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    /// Vertices of each outer blossom whose edges to other outer blossoms are in neither
    /// its list nor its record yet (`add_blossom`): read only when a dual step needs the
    /// record (`recompute_outer_best`), most often never (the tree dissolves first).
    unread: Vec<Vec<usize>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<Weight>,
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
    scratch_slack: Vec<Weight>,
    scratch_touched: Vec<usize>,
    /// The vertices outside one big top-level blossom, ascending, for the scans of its
    /// vertices (`scan_vertex`); `outside_of` is that blossom (`NONE`: no list). A blossom
    /// only grows until one is expanded or dissolved, which drops the list: until then it
    /// holds every vertex outside (and some that joined since, skipped as before).
    outside: Vec<usize>,
    outside_of: usize,
}

/// Returns `mate[v]` (`None` when unmatched) of a maximum-weight matching of the graph on
/// vertices `0..n` with the given edges (`(u, v, w)`, `u != v`, `w > 0`).
pub fn max_weight_matching(n: usize, edges: &[(usize, usize, Weight)]) -> Vec<Option<usize>> {
    let mut m = Matcher::new(n);
    for &(a, b, w) in edges {
        m.set_weight(a, b, w);
    }
    m.solve();
    (0..n).map(|v| m.mate(v)).collect()
}

impl Matcher<Dense> {
    /// `n` vertices, no edges, empty matching.
    pub fn new(n: usize) -> Matcher {
        Matcher::with_weights(n, Dense { n, w2: vec![Weight::ZERO; n * n] })
    }

    /// Sets the weight of edge (v, u); `v` is the vertex re-optimised at the next
    /// [`solve`](Self::solve) (changing many edges of one vertex costs one vertex; a
    /// lighter edge that is not matched costs nothing, module docs). The weight must stay
    /// below 2^(BITS-2).
    pub fn set_weight(&mut self, v: usize, u: usize, w: Weight) {
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

impl<W: Weights> Matcher<W> {
    /// `n` vertices with the weights of `w`, empty matching, all duals zero. A vertex is
    /// optimised by the first [`solve`](Self::solve) only once reported: a caller starting
    /// from non-zero weights reports its vertices ([`touch`](Self::touch)).
    pub fn with_weights(n: usize, w: W) -> Matcher<W> {
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
        }
    }

    /// The weight of edge (a, b) (zero: no edge).
    pub fn weight(&self, a: usize, b: usize) -> Weight {
        self.w.w2(a, b).half()
    }

    /// The weights.
    pub fn weights(&self) -> &W {
        &self.w
    }

    /// The weights, to change them; each changed pair must then be reported by
    /// [`changed`](Self::changed) (what [`Matcher::set_weight`] does for the matrix).
    pub fn weights_mut(&mut self) -> &mut W {
        &mut self.w
    }

    /// Reports that the weight of (v, u) changed from `old` to `new` (undoubled, as
    /// [`Matcher::set_weight`] takes them): `v` is the vertex re-optimised at the next
    /// [`solve`](Self::solve), as for `set_weight`.
    pub fn changed(&mut self, v: usize, u: usize, old: &Weight, new: &Weight) {
        debug_assert!(v != u && v < self.n && u < self.n);
        if old != new {
            self.note_change(v, u, new < old);
        }
    }

    /// Reports that the weight of (v, u) changed, lighter or heavier, without the values
    /// (a bulk change the caller knows the direction of; reporting a pair that did not
    /// change costs a little work at the next solve, never the optimum).
    pub fn changed_dir(&mut self, v: usize, u: usize, lighter: bool) {
        debug_assert!(v != u && v < self.n && u < self.n);
        self.note_change(v, u, lighter);
    }

    /// Reports that some edges at `v` that are not matched got lighter, without saying
    /// which (a bulk change): as [`changed_dir`](Self::changed_dir) for each of them, a
    /// blossom holding `v` is looked at in the next [`solve`](Self::solve) (dissolved if
    /// one of its cycle edges at `v` is no longer tight); nothing else changes. A matched
    /// edge that got lighter must be reported by `changed_dir`.
    pub fn lighter_unmatched(&mut self, v: usize) {
        if self.inblossom[v] != v && !self.loosened[v] {
            self.loosened[v] = true;
            self.loosened_list.push(v);
        }
    }

    /// Reports that edges at `v` changed (heavier, or new): `v` is re-optimised at the next
    /// [`solve`](Self::solve).
    pub fn touch(&mut self, v: usize) {
        self.towards_only[v] = false;
        if !self.modified[v] {
            self.modified[v] = true;
            self.pending.push(v);
        }
    }

    /// The vertices that [`touch_towards`](Self::touch_towards) names (replacing the
    /// last ones).
    pub fn set_towards(&mut self, vs: Vec<usize>) {
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
    pub fn touch_towards(&mut self, v: usize) {
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
    pub fn set_group(&mut self, v: usize, g: u32) {
        self.group[v] = g;
    }

    /// A hint for a restart: vertices of sides 1 and 2 are likely matched across (the
    /// Dutch S1 and S2 halves), so its greedy matching of the tight edges pairs a vertex
    /// with a free vertex of the other side first. Any sides give an optimum; all
    /// vertices start with side 0 (none).
    pub fn set_side(&mut self, v: usize, side: u8) {
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
    pub fn raise_dual(&mut self, v: usize, by: Weight) {
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
    pub fn hints_cover(&mut self) {
        self.covering = true;
    }

    /// [`hints_cover`](Self::hints_cover) for every edge but those at `v`: the next
    /// solve reads `v`'s row (one row, not the k² of every changed vertex) and raises
    /// `v`'s dual where an edge at it is uncovered.
    pub fn hints_cover_but(&mut self, v: usize) {
        self.covering = true;
        self.cover_rows.push(v);
    }

    /// For the next [`solve`](Self::solve): a changed vertex keeps its matched edge when
    /// that stays tight, its dual raised only where an edge at it is uncovered (as after
    /// [`raise_dual`](Self::raise_dual) hints), instead of being unmatched and its dual
    /// set afresh. For a few changes that leave most of the matching optimal.
    pub fn keep_tight(&mut self) {
        self.warm = true;
    }

    /// Dissolves every blossom (as a change at each vertex would: the duals go to the
    /// vertices, a blossom of positive dual frees its base), so that [`is_tight`] and
    /// [`prefer`] see every edge's exact slack.
    ///
    /// [`is_tight`]: Self::is_tight
    /// [`prefer`]: Self::prefer
    pub fn flatten(&mut self) {
        for v in 0..self.n {
            if self.alive[v] {
                self.make_trivial(v);
            }
        }
    }

    /// Whether (a, b) is an edge of zero slack between two vertices outside blossoms
    /// (after the last [`solve`](Self::solve) and [`flatten`](Self::flatten): an edge an
    /// optimum may use; every optimum uses only such edges).
    pub fn is_tight(&self, a: usize, b: usize) -> bool {
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
    pub fn flat_slack(&self, a: usize, b: usize, changed: &[usize]) -> Weight {
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
    pub fn prefer(&mut self, v: usize, u: usize) -> bool {
        if !self.is_tight(v, u) {
            return false;
        }
        if self.mate(v) == Some(u) {
            return true;
        }
        let (old_u, old_v) = (self.mate(u), self.mate(v));
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
    pub fn remove(&mut self, v: usize) {
        if !self.alive[v] {
            return;
        }
        self.make_trivial(v);
        self.unmatch(v);
        self.alive[v] = false;
    }

    /// The number of vertices (alive or removed).
    pub fn vertices(&self) -> usize {
        self.n
    }

    /// After [`flatten`](Self::flatten) and [`prefer`](Self::prefer) hints: whether the
    /// matching is still a maximum-weight one with the duals as they are, which holds when
    /// no blossom is left and every free vertex has dual zero (the duals stay feasible and
    /// a preferred pair is tight, so every matched edge is tight: the LP certificate).
    pub fn is_optimal_flat(&self) -> bool {
        (0..self.n).all(|v| {
            !self.alive[v]
                || (self.inblossom[v] == v && (self.mate[v] != NONE || self.dualvar[v].is_zero()))
        })
    }

    /// v's mate in the last optimum.
    pub fn mate(&self, v: usize) -> Option<usize> {
        (self.mate[v] != NONE).then(|| self.endpoint(self.mate[v]))
    }

    /// Re-optimises after the changes since the last call.
    pub fn solve(&mut self) {
        let n = self.n;
        // A lighter edge inside a blossom: when it was one of the blossom's cycle edges
        // (no longer tight), the blossoms containing the vertex are dissolved. Their duals
        // go to their vertices, which keeps every slack inside as it was (the matched
        // edges inside stay tight) and frees only the base of each blossom of positive
        // dual (a root below).
        for v in std::mem::take(&mut self.loosened_list) {
            self.loosened[v] = false;
            if self.alive[v] && !self.cycle_edges_tight(v) {
                self.make_trivial(v);
            }
        }
        let pending = std::mem::take(&mut self.pending);
        if !self.hinted_list.is_empty() || std::mem::take(&mut self.warm) {
            let hinted = std::mem::take(&mut self.hinted_list);
            self.solve_hinted(&pending, &hinted);
            return;
        }
        for &v in &pending {
            self.towards_only[v] = false;
        }
        let live = self.alive.iter().filter(|&&a| a).count();
        if 2 * pending.len() > live {
            self.restart(&pending, true);
            self.run();
            return;
        }
        for &v in &pending {
            if self.alive[v] {
                self.make_trivial(v);
                self.unmatch(v);
            }
        }
        // Each changed edge is made feasible by the endpoint whose dual is set last (a
        // vertex still pending is skipped: it will cover the edge).
        for &v in &pending {
            self.modified[v] = false;
            if !self.alive[v] {
                continue;
            }
            let mut y = Weight::ZERO;
            let mut tight = NONE;
            for u in 0..n {
                let w = self.w.w2(v, u);
                if u != v
                    && self.alive[u]
                    && !self.modified[u]
                    && !w.is_zero()
                    && w > self.dualvar[u]
                {
                    let d = w.sub(&self.dualvar[u]);
                    if d > y {
                        y = d;
                        tight = u;
                    }
                }
            }
            self.dualvar[v] = y;
            // A free neighbour over a tight edge: match them at once (fewer roots).
            if tight != NONE && self.mate[tight] == NONE && self.inblossom[tight] == tight {
                self.mate[v] = self.towards(v, tight);
                self.mate[tight] = self.towards(tight, v);
            }
        }
        // Roots (free, positive dual) start as single vertices of even dual, so that slacks
        // between outer vertices stay even.
        for v in 0..n {
            if self.alive[v] && self.mate[v] == NONE && !self.dualvar[v].is_zero() {
                self.make_trivial(v);
                if self.dualvar[v].0[0] & 1 == 1 {
                    self.dualvar[v] = self.dualvar[v].add_u64(1);
                }
            }
        }
        self.run();
    }

    /// An edge at one of `vs` whose slack is negative (a check of [`Matcher::hints_cover`]).
    fn uncovered_at(&self, vs: &[usize]) -> Option<(usize, usize)> {
        let alive = |v: usize| self.alive[v];
        vs.iter().copied().filter(|&v| alive(v)).find_map(|v| {
            (0..self.n)
                .find(|&u| {
                    u != v && alive(u) && self.dualvar[v].add(&self.dualvar[u]) < self.w.w2(v, u)
                })
                .map(|u| (v, u))
        })
    }

    /// Whether every cycle edge at `v` of the blossoms containing it is still tight.
    fn cycle_edges_tight(&self, v: usize) -> bool {
        // v's blossoms from the innermost out, and the dual sum of each with its ancestors.
        let mut chain = Vec::new();
        let mut b = self.blossomparent[v];
        while b != NONE {
            chain.push(b);
            b = self.blossomparent[b];
        }
        let mut z = Weight::ZERO;
        for &b in chain.iter().rev() {
            z = z.add(&self.dualvar[b]);
            for &p in &self.blossomendps[b] {
                let (i, j) = self.ends(p / 2);
                if i == v || j == v {
                    let lhs = self.dualvar[i].add(&self.dualvar[j]).add(&z).add(&z);
                    if lhs != self.wk(p / 2) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// `solve` after [`Matcher::raise_dual`] hints: the changed and hinted vertices leave
    /// their blossoms, take their hints, raise their duals where an edge would be
    /// infeasible, and drop a matched edge no longer tight; every other vertex keeps its
    /// mate and dual. The free vertices of positive dual take a free neighbour over a tight
    /// edge where they can, and the search starts from the others.
    fn solve_hinted(&mut self, pending: &[usize], hinted: &[usize]) {
        let n = self.n;
        let covering = std::mem::take(&mut self.covering);
        let mut touched: Vec<usize> = hinted.to_vec();
        for &v in pending {
            self.modified[v] = false;
            if !self.hinted[v] {
                touched.push(v);
            }
        }
        touched.retain(|&v| self.alive[v]);
        for &v in &touched {
            self.make_trivial(v);
        }
        for &v in hinted {
            self.hinted[v] = false;
            if self.alive[v] {
                self.dualvar[v] = self.dualvar[v].add(&self.hint[v]);
            }
        }
        // Feasibility: each changed vertex covers its edges (raising only, so an edge
        // covered before stays covered). Only an edge at a changed vertex can be
        // uncovered: the others kept their weights (or got lighter) and their duals only
        // rose (a hinted vertex whose edges did not change needs no look; a dissolved
        // blossom's dual goes to its vertices, which loosens the edges leaving it). Each
        // pair is counted at both ends first, read once, and a changed vertex reads its
        // row again only while some edge of it is uncovered. With the caller's word that
        // the hints cover them ([`Matcher::hints_cover`]), no row is read but those of
        // the vertices it excepts ([`Matcher::hints_cover_but`]).
        let cover_rows = std::mem::take(&mut self.cover_rows);
        let changed: Vec<usize> = if covering { cover_rows } else { pending.to_vec() };
        let changed: Vec<usize> = changed.into_iter().filter(|&v| self.alive[v]).collect();
        let mut count = self.count_uncovered_at(&changed);
        for &v in &changed {
            if count[v] > 0 {
                self.dualvar[v] = self.cover_row(v, &mut count);
            }
        }
        for &v in pending {
            self.towards_only[v] = false;
        }
        debug_assert!(self.uncovered_at(&changed).is_none(), "a changed edge left uncovered");
        debug_assert!(
            !covering || self.uncovered_at(pending).is_none(),
            "hints_cover: uncovered edge"
        );
        for &v in &touched {
            if self.mate[v] != NONE {
                let u = self.endpoint(self.mate[v]);
                if !self.slack(self.edge(v, u)).is_zero() {
                    self.unmatch(v);
                }
            }
        }
        // Free vertices of positive dual: matched at once over a tight edge to a free
        // neighbour where possible, else roots of even dual. (The neighbours looked at are
        // the vertices free now, a list: step 3 frees half the bracket, and a pass over
        // every vertex for each of them was most of its matching.)
        let free: Vec<usize> = (0..n).filter(|&u| self.alive[u] && self.mate[u] == NONE).collect();
        for v in 0..n {
            if !self.alive[v] || self.mate[v] != NONE || self.dualvar[v].is_zero() {
                continue;
            }
            self.make_trivial(v);
            let yv = self.dualvar[v];
            // (The weight is read for the free neighbours only.)
            for &u in &free {
                if u == v || self.mate[u] != NONE || self.inblossom[u] != u {
                    continue;
                }
                let w = &self.w.w2(v, u);
                if !w.is_zero() && yv.add(&self.dualvar[u]) == *w {
                    self.mate[v] = self.towards(v, u);
                    self.mate[u] = self.towards(u, v);
                    break;
                }
            }
            if self.mate[v] == NONE && self.dualvar[v].0[0] & 1 == 1 {
                self.dualvar[v] = self.dualvar[v].add_u64(1);
            }
        }
        self.run();
    }

    /// Most vertices changed: start afresh (module docs), each vertex's dual half the
    /// heaviest weight common in its group, raised where an edge is uncovered (rounded up
    /// to even), and the edges tight then matched greedily in vertex order; a vertex left
    /// free then lowers its dual to a tight edge and takes a free neighbour; then dual steps
    /// by class where the weight source takes them ([`Weights::restart_step`]).
    /// `by_source`: the tally and the uncovered counts from the weight source when it has
    /// them ([`Weights::restart_tally`]; the same duals and matching either way).
    fn restart(&mut self, pending: &[usize], by_source: bool) {
        let n = self.n;
        for &v in pending {
            self.modified[v] = false;
        }
        for v in 0..n {
            if self.alive[v] {
                self.make_trivial(v);
                self.unmatch(v);
            }
        }
        self.start_duals(by_source);
        if cfg!(debug_assertions) && by_source {
            // The source's tally is exactly the rows' (debug builds read both).
            let y = self.dualvar[..n].to_vec();
            self.start_duals(false);
            assert!(y == self.dualvar[..n], "a restart's tally differs from its rows'");
        }
        // Feasibility: the vertices with the most uncovered edges raise their duals first
        // (the MDP rather than each of its neighbours).
        let mut count = self.uncovered_counts(by_source);
        debug_assert!(
            !by_source || count == self.uncovered_counts(false),
            "a restart's uncovered counts differ from its rows'"
        );
        let mut uncovered: Vec<(u32, usize)> =
            (0..n).filter(|&v| count[v] > 0).map(|v| (count[v], v)).collect();
        uncovered.sort_by_key(|&(c, v)| (std::cmp::Reverse(c), v));
        // `count` follows the edges still uncovered: a vertex whose edges its neighbours'
        // raises covered keeps its dual (an even one) without reading its row again.
        for &(_, v) in &uncovered {
            if count[v] == 0 {
                continue;
            }
            let mut y = self.cover_row(v, &mut count);
            if y.0[0] & 1 == 1 {
                y = y.add_u64(1);
            }
            self.dualvar[v] = y;
        }
        // (A vertex with a side looks across first.) The free vertices after v are found
        // by skipping the matched ones in one jump (`free_after`, compressed as it goes):
        // a pass over every later vertex for each v was most of a restart whose search
        // then did little.
        let mut skip: Vec<usize> = (0..=n)
            .map(|i| if i < n && (!self.alive[i] || self.mate[i] != NONE) { i + 1 } else { i })
            .collect();
        for v in 0..n {
            if !self.alive[v] || self.mate[v] != NONE || self.dualvar[v].is_zero() {
                continue;
            }
            let across = if self.side[v] == 0 { 0 } else { 3 - self.side[v] };
            // The other side first, then the rest (everybody when v has no side).
            for first in [true, false] {
                if first && across == 0 {
                    continue;
                }
                let mut u = free_after(&mut skip, v + 1);
                while u < n {
                    debug_assert!(self.alive[u] && self.mate[u] == NONE, "free_after: {u}");
                    if across != 0 && (self.side[u] == across) != first {
                        u = free_after(&mut skip, u + 1);
                        continue;
                    }
                    let w = self.w.w2(v, u);
                    if !w.is_zero() && self.dualvar[v].add(&self.dualvar[u]) == w {
                        self.mate[v] = self.towards(v, u);
                        self.mate[u] = self.towards(u, v);
                        skip[v] = v + 1;
                        skip[u] = u + 1;
                        break;
                    }
                    u = free_after(&mut skip, u + 1);
                }
                if self.mate[v] != NONE {
                    break;
                }
            }
        }
        // Each vertex still free lowers its dual as far as its edges allow (making an edge
        // tight, or reaching zero) and is matched over that edge when its neighbour is free
        // too: fewer roots for the search. A root keeps an even dual.
        for v in 0..n {
            if !self.alive[v] || self.mate[v] != NONE || self.dualvar[v].is_zero() {
                continue;
            }
            let yv = self.dualvar[v];
            let (mut least, mut free_least, mut free_u) = (yv, yv, NONE);
            for u in 0..n {
                let w = &self.w.w2(v, u);
                if u == v || !self.alive[u] || w.is_zero() {
                    continue;
                }
                let s = yv.add_sub(&self.dualvar[u], w);
                least = least.min(s);
                if self.mate[u] == NONE && (s < free_least || (free_u == NONE && s == free_least)) {
                    free_least = s;
                    free_u = u;
                }
            }
            if free_u != NONE && free_least == least {
                self.dualvar[v] = yv.sub(&least);
                self.mate[v] = self.towards(v, free_u);
                self.mate[free_u] = self.towards(free_u, v);
            } else {
                let mut y = yv.sub(&least);
                if y.0[0] & 1 == 1 {
                    y = y.add_u64(1);
                }
                self.dualvar[v] = y;
            }
        }
        // Dual steps by class (`Weights::restart_step`), each followed by the pairs of free
        // vertices it made tight: what the search's first stage would do after reading
        // the rows of a bracket-wide tree.
        for _ in 0..CLASS_STEPS {
            let mates: Vec<usize> = (0..n)
                .map(|v| if self.mate[v] == NONE { NONE } else { self.endpoint(self.mate[v]) })
                .collect();
            if !self.w.restart_step(&self.alive[..n], &mut self.dualvar[..n], &mates) {
                break;
            }
            debug_assert!(
                self.uncovered_at(&(0..n).collect::<Vec<_>>()).is_none(),
                "a dual step by class left an edge uncovered"
            );
            debug_assert!(
                (0..n).all(|v| mates[v] == NONE || self.is_tight(v, mates[v])),
                "a dual step by class loosened a matched edge"
            );
            self.pair_free();
        }
    }

    /// A restart's starting duals: each half the heaviest weight common among the vertex's
    /// edges inside its group ([`Matcher::set_group`]; the weight it is most likely matched
    /// at: a few heavier edges, to an MDP say, or many lighter ones, to the next score
    /// group, would leave no edge tight), rounded up to even, zero when it has none. The
    /// tally is the weight source's when it has one (`by_source`, [`Weights::restart_tally`];
    /// the same tally in any order), else each pair inside a group is read once and counted
    /// at both ends.
    fn start_duals(&mut self, by_source: bool) {
        let n = self.n;
        let mut modes = vec![Mode::default(); n];
        let told = by_source
            && self.w.restart_tally(&self.alive, &self.group, &mut |v, w, c| modes[v].add_n(w, c));
        if !told {
            for v in 0..n {
                if !self.alive[v] {
                    continue;
                }
                let gv = self.group[v];
                for u in v + 1..n {
                    // The weight is read only for the edges inside the group.
                    if !self.alive[u] || self.group[u] != gv {
                        continue;
                    }
                    let w = &self.w.w2(v, u);
                    if w.is_zero() {
                        continue;
                    }
                    modes[v].add(w);
                    modes[u].add(w);
                }
            }
        }
        for v in 0..n {
            if !self.alive[v] {
                continue;
            }
            let mut y = modes[v].common().half();
            if y.0[0] & 1 == 1 {
                y = y.add_u64(1);
            }
            self.dualvar[v] = y;
        }
    }

    /// A restart's count of each vertex's uncovered edges (y_v + y_u < w) under the current
    /// duals: the weight source's when it has one (`by_source`,
    /// [`Weights::restart_uncovered`]), else each pair read once (an edge is uncovered for
    /// both its ends).
    fn uncovered_counts(&self, by_source: bool) -> Vec<u32> {
        let n = self.n;
        let mut count = vec![0u32; n];
        if by_source && self.w.restart_uncovered(&self.alive, &self.dualvar[..n], &mut count) {
            return count;
        }
        let alive: Vec<usize> = (0..n).filter(|&v| self.alive[v]).collect();
        self.count_uncovered_at(&alive)
    }

    /// Each vertex's count of uncovered edges (y_v + y_u < w) among the edges at the alive
    /// vertices `vs`: each such pair read once and counted at both ends.
    fn count_uncovered_at(&self, vs: &[usize]) -> Vec<u32> {
        let n = self.n;
        let mut order = vec![NONE; n];
        for (i, &v) in vs.iter().enumerate() {
            order[v] = i;
        }
        let mut count = vec![0u32; n];
        for (i, &v) in vs.iter().enumerate() {
            let yv = self.dualvar[v];
            // A pair with a vertex read before is skipped when that read covered it.
            for u in self.changed_edges_of(v) {
                if u == v
                    || !self.alive[u]
                    || (order[u] != NONE
                        && order[u] < i
                        && (!self.towards_only[u] || self.in_towards[v]))
                {
                    continue;
                }
                let w = &self.w.w2(v, u);
                if yv.add(&self.dualvar[u]) < *w {
                    count[v] += 1;
                    count[u] += 1;
                }
            }
        }
        count
    }

    /// The far ends of the edges at `v` that may have changed: every vertex, or for a
    /// vertex touched towards some ([`Matcher::touch_towards`]) those only.
    fn changed_edges_of(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        let only = self.towards_only[v];
        let all = 0..if only { 0 } else { self.n };
        let towards = if only { &self.towards[..] } else { &[][..] };
        all.chain(towards.iter().copied())
    }

    /// The least dual of `v` that covers every edge at it (its row read once, its dual
    /// left as it is); the edges it then covers are taken off `count` at both ends.
    fn cover_row(&self, v: usize, count: &mut [u32]) -> Weight {
        let y0 = self.dualvar[v];
        let mut y = y0;
        // (An edge of a vertex touched towards some that leads elsewhere and is uncovered
        // is shared with another changed vertex, which covers it.)
        for u in self.changed_edges_of(v) {
            if u == v || !self.alive[u] {
                continue;
            }
            let w = &self.w.w2(v, u);
            if y0.add(&self.dualvar[u]) < *w {
                // Uncovered until now; covered once v is raised.
                count[u] -= 1;
                count[v] -= 1;
                if y.add(&self.dualvar[u]) < *w {
                    y = w.sub(&self.dualvar[u]);
                }
            }
        }
        y
    }

    fn edge(&self, a: usize, b: usize) -> usize {
        if a < b { a * self.n + b } else { b * self.n + a }
    }

    /// The endpoint at `u`'s end of edge (v, u).
    fn towards(&self, v: usize, u: usize) -> usize {
        if v < u { 2 * (v * self.n + u) + 1 } else { 2 * (u * self.n + v) }
    }

    fn ends(&self, k: usize) -> (usize, usize) {
        (k / self.n, k % self.n)
    }

    fn endpoint(&self, p: usize) -> usize {
        let k = p >> 1;
        if p & 1 == 0 { k / self.n } else { k % self.n }
    }

    fn unmatch(&mut self, v: usize) {
        if self.mate[v] != NONE {
            let x = self.endpoint(self.mate[v]);
            self.mate[x] = NONE;
            self.mate[v] = NONE;
        }
    }

    /// Dissolves every blossom containing `v` (step 1 of the module docs), from the top
    /// down: each one's dual goes to its vertices, its children become top-level, and the
    /// matched edge at its base is unmatched when that leaves it loose (its dual positive,
    /// unless the edge got heavier by as much: `flat_slack`).
    /// Each vertex is visited once: the child dissolved next neither takes the duals of
    /// the blossoms above nor becomes the top blossom of its vertices (both go to the
    /// children that stay, the duals summed). Dissolving the nested blossoms one level at
    /// a time walked every leaf at every level (quadratic in the depth: a blossom grown by
    /// thousands of merges).
    fn make_trivial(&mut self, v: usize) {
        if self.inblossom[v] == v {
            return;
        }
        self.outside_of = NONE;
        let mut chain = Vec::new();
        let mut b = self.blossomparent[v];
        while b != NONE {
            chain.push(b);
            b = self.blossomparent[b];
        }
        debug_assert_eq!(chain.last(), Some(&self.inblossom[v]));
        // The duals of the blossoms dissolved so far, and the bases whose matched edge
        // gains slack (unmatched below, unless a heavier edge keeps it tight).
        let mut z = Weight::ZERO;
        let mut bases = Vec::new();
        while let Some(b) = chain.pop() {
            let zb = self.dualvar[b];
            if !zb.is_zero() {
                z = z.add(&zb);
                bases.push(self.blossombase[b]);
            }
            self.dualvar[b] = Weight::ZERO;
            let next = chain.last().copied().unwrap_or(v);
            let childs = std::mem::take(&mut self.blossomchilds[b]);
            for &c in &childs {
                self.blossomparent[c] = NONE;
                if c == next {
                    continue;
                }
                if c < self.n {
                    self.inblossom[c] = c;
                    if !z.is_zero() {
                        self.dualvar[c] = self.dualvar[c].add(&z);
                    }
                } else {
                    for leaf in self.leaves_of(c) {
                        self.inblossom[leaf] = c;
                        if !z.is_zero() {
                            self.dualvar[leaf] = self.dualvar[leaf].add(&z);
                        }
                    }
                }
            }
            self.label[b] = 0xff;
            self.labelend[b] = NONE;
            self.blossomendps[b].clear();
            self.blossombase[b] = NONE;
            self.blossombestedges[b] = None;
            self.unread[b].clear();
            self.bestedge[b] = NONE;
            self.unusedblossoms.push(b);
        }
        self.inblossom[v] = v;
        if !z.is_zero() {
            self.dualvar[v] = self.dualvar[v].add(&z);
        }
        for base in bases {
            if self.mate[base] != NONE && !self.slack(self.mate[base] / 2).is_zero() {
                self.unmatch(base);
            }
        }
    }

    /// Twice the weight of edge `k`.
    #[inline(always)]
    fn wk(&self, k: usize) -> Weight {
        let (i, j) = self.ends(k);
        self.w.w2(i, j)
    }

    fn slack(&self, k: usize) -> Weight {
        let (i, j) = self.ends(k);
        self.dualvar[i].add_sub(&self.dualvar[j], &self.wk(k))
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
        let root = if p == NONE { w } else { self.tree_of(self.endpoint(p)) };
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        // The tree is recorded on the top-level blossom (no walk over an inner blossom's
        // leaves); an outer blossom's leaves are queued for scanning.
        self.tree[b] = root;
        if t == 1 {
            let l = self.leaves_of(b);
            for &v in &l {
                self.queued[v] += 1;
            }
            self.queue.extend(l);
        } else {
            let base = self.blossombase[b];
            let mb = self.mate[base];
            self.assign_label(self.endpoint(mb), 1, mb ^ 1);
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
                v = self.endpoint(self.labelend[b]);
                b = self.inblossom[v];
                v = self.endpoint(self.labelend[b]);
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
        let (mut v, mut w) = self.ends(k);
        let mut bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        // The cycle's top-level blossoms from the base, and their endpoints.
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint(self.labelend[bv]);
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint(self.labelend[bw]);
            bw = self.inblossom[w];
        }
        // The largest big outer sub-blossom gives its number to the new blossom (and takes
        // a fresh one), so that its vertices keep their top blossom. In a dense tight
        // component one blossom grows by two vertices at a time: relabelling it at each
        // merge cost a pass over all vertices per merge (57,401 merges, 53,713 passes over
        // 3,809 vertices in one first matching at 10,000 players).
        let big = path
            .iter()
            .copied()
            .filter(|&c| self.big_outer(c))
            .max_by_key(|&c| (self.blossomsize[c], std::cmp::Reverse(c)));
        let fresh = self.unusedblossoms.pop().expect("a free blossom slot");
        let (b, kept) = match big {
            Some(c) => {
                self.renumber(c, fresh);
                for x in path.iter_mut() {
                    if *x == c {
                        *x = fresh;
                    }
                }
                if bb == c {
                    bb = fresh;
                }
                (c, fresh)
            }
            None => (fresh, NONE),
        };
        self.tree[b] = self.tree[bb];
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        for &c in &path {
            self.blossomparent[c] = b;
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = Weight::ZERO;
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        // The vertices of an inner sub-blossom are queued (in the order of a leaf walk);
        // those of a big outer one are found by their top blossom in one pass over the
        // vertices instead of a walk through its nested sub-blossoms (the order does not
        // matter there: they only change their top blossom).
        let mut size = 0;
        for &c in &path {
            size += self.blossomsize[c];
            if c == kept {
                // Its vertices' top blossom is b already.
                continue;
            }
            if self.big_outer(c) {
                for x in self.inblossom.iter_mut() {
                    if *x == c {
                        *x = b;
                    }
                }
                continue;
            }
            for leaf in self.leaves_of(c) {
                if self.label[c] == 2 {
                    self.queued[leaf] += 1;
                    self.queue.push_back(leaf);
                }
                self.inblossom[leaf] = b;
            }
        }
        self.blossomsize[b] = size;
        // The least-slack edge from the new blossom to each other outer blossom, gathered
        // in scratch arrays indexed by blossom (only the touched entries are reset).
        let n = self.n;
        let mut bestto = std::mem::take(&mut self.scratch_edge);
        let mut bestsl = std::mem::take(&mut self.scratch_slack);
        let mut touched = std::mem::take(&mut self.scratch_touched);
        // (Edge k, slack ks, to the outer blossom bj.)
        fn consider(
            bestto: &mut [usize],
            bestsl: &mut [Weight],
            touched: &mut Vec<usize>,
            bj: usize,
            k: usize,
            ks: Weight,
        ) {
            if bestto[bj] == NONE {
                touched.push(bj);
                bestto[bj] = k;
                bestsl[bj] = ks;
            } else if ks < bestsl[bj] {
                bestto[bj] = k;
                bestsl[bj] = ks;
            }
        }
        // A blossom already reached by a tight edge keeps it (only a smaller slack
        // replaces it): its other edges are not weighed (ties are common).
        let settled = |bestto: &[usize], bestsl: &[Weight], bj: usize| {
            bestto[bj] != NONE && bestsl[bj].is_zero()
        };
        // The kept sub-blossom's list is taken over as it is, not weighed again edge by
        // edge at each merge (it may hold ~n edges): its entries that now lead inside `b`
        // are skipped when the list is read, and its record stays a lower bound. A
        // dropped list (`None`) stays dropped: `b`'s edges are then read from its vertices.
        let mut kept_list = None;
        let mut kept_best = (NONE, Weight::ZERO);
        // The vertices whose edges are left unread, the kept sub-blossom's first.
        let mut unread =
            if kept == NONE { Vec::new() } else { std::mem::take(&mut self.unread[kept]) };
        for &bv in &path {
            if bv == kept {
                kept_list = Some(self.blossombestedges[bv].take());
                kept_best = (self.bestedge[bv], self.bestslack[bv]);
                self.bestedge[bv] = NONE;
                continue;
            }
            unread.append(&mut self.unread[bv]);
            match self.blossombestedges[bv].take() {
                Some(l) => {
                    for k in l {
                        let (i, j) = self.ends(k);
                        let bj = self.inblossom[if self.inblossom[j] == b { i } else { j }];
                        if bj != b && self.label[bj] == 1 && !settled(&bestto, &bestsl, bj) {
                            consider(&mut bestto, &mut bestsl, &mut touched, bj, k, self.slack(k));
                        }
                    }
                }
                // An inner sub-blossom's vertices are scanned after this (they are queued
                // above), and record their edges to outer blossoms in `b`'s list then.
                None if self.label[bv] == 2 => {}
                // Nor is an outer vertex still waiting in the queue: its scan, before the
                // next dual step, records its edges to the outer blossoms in `b`'s list.
                None if bv < n && self.queued[bv] > 0 => {}
                // An outer vertex already scanned (or an outer sub-blossom whose list was
                // dropped): its edges to the other outer blossoms are left unread until a
                // dual step needs the new blossom's record. Reading them here read a row per
                // merged vertex (in a dense tight component, most of them), while the
                // tree most often augments, and dissolves, before any dual step.
                None => unread.extend(self.leaves_of(bv)),
            }
            self.bestedge[bv] = NONE;
        }
        let (mut list, keep) = match kept_list {
            Some(Some(l)) => (l, true),
            Some(None) => (Vec::new(), false),
            None => (Vec::with_capacity(touched.len()), true),
        };
        (self.bestedge[b], self.bestslack[b]) = kept_best;
        for &bj in &touched {
            let k = bestto[bj];
            list.push(k);
            if self.bestedge[b] == NONE || bestsl[bj] < self.bestslack[b] {
                self.bestedge[b] = k;
                self.bestslack[b] = bestsl[bj];
            }
            bestto[bj] = NONE;
        }
        touched.clear();
        self.scratch_edge = bestto;
        self.scratch_slack = bestsl;
        self.scratch_touched = touched;
        self.blossombestedges[b] =
            if keep && list.len() < LIST_CAP * n { Some(list) } else { None };
        self.unread[b] = unread;
    }

    /// Whether `c` is an outer (or unlabelled) blossom of more than n/`BIG_WALK` vertices:
    /// a merge finds its vertices by a pass over all vertices.
    fn big_outer(&self, c: usize) -> bool {
        c >= self.n && self.label[c] != 2 && self.blossomsize[c] * BIG_WALK > self.n
    }

    /// Moves the top-level blossom `c` to the unused number `to` (its vertices' top
    /// blossom is left as `c`: the caller makes `c` the new blossom that holds it).
    fn renumber(&mut self, c: usize, to: usize) {
        debug_assert!(self.blossomparent[c] == NONE && c >= self.n && to >= self.n);
        self.label[to] = self.label[c];
        self.labelend[to] = self.labelend[c];
        self.blossomparent[to] = NONE;
        self.blossomchilds[to] = std::mem::take(&mut self.blossomchilds[c]);
        self.blossombase[to] = self.blossombase[c];
        self.blossomendps[to] = std::mem::take(&mut self.blossomendps[c]);
        self.bestedge[to] = self.bestedge[c];
        self.bestslack[to] = self.bestslack[c];
        self.blossombestedges[to] = self.blossombestedges[c].take();
        self.unread[to] = std::mem::take(&mut self.unread[c]);
        self.dualvar[to] = self.dualvar[c];
        self.tree[to] = self.tree[c];
        self.blossomsize[to] = self.blossomsize[c];
        for i in 0..self.blossomchilds[to].len() {
            let ch = self.blossomchilds[to][i];
            self.blossomparent[ch] = to;
        }
        self.bestedge[c] = NONE;
        self.labelend[c] = NONE;
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        self.outside_of = NONE;
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.tree[s] = self.tree[b];
        }
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s].is_zero() {
                self.expand_blossom(s, endstage);
            } else {
                for leaf in self.leaves_of(s) {
                    self.inblossom[leaf] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let entrychild = self.inblossom[self.endpoint(self.labelend[b] ^ 1)];
            let len = childs.len() as isize;
            let i = childs.iter().position(|&c| c == entrychild).unwrap();
            let (mut j, jstep, endptrick) = cycle_walk(i, childs.len());
            let at = |j: isize| -> usize { (((j % len) + len) % len) as usize };
            let endps = self.blossomendps[b].clone();
            let mut p = self.labelend[b];
            while j != 0 {
                let q = endps[at(j - endptrick as isize)] ^ endptrick ^ 1;
                let e = self.endpoint(p ^ 1);
                self.label[e] = 0;
                let e = self.endpoint(q);
                self.label[e] = 0;
                self.assign_label(self.endpoint(p ^ 1), 2, p);
                j += jstep;
                p = endps[at(j - endptrick as isize)] ^ endptrick;
                j += jstep;
            }
            let bv = childs[at(j)];
            let e = self.endpoint(p ^ 1);
            self.label[e] = 2;
            self.label[bv] = 2;
            let e = self.endpoint(p ^ 1);
            self.labelend[e] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
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
                    let mb = self.mate[self.blossombase[bv]];
                    let e = self.endpoint(mb);
                    self.label[e] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = 0xff;
        self.labelend[b] = NONE;
        self.blossomchilds[b].clear();
        self.blossomendps[b].clear();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.unread[b].clear();
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    /// Makes `v` the base of blossom `b` (flipping the matched edges along the even path
    /// of each nested blossom from `v` up to `b`, innermost first).
    fn augment_blossom(&mut self, b: usize, v: usize) {
        // One walk up for all levels: blossoms nest thousands deep in a dense tight
        // component (a walk per level was quadratic in the depth).
        let mut chain = Vec::new();
        let mut t = v;
        while t != b {
            let p = self.blossomparent[t];
            chain.push((p, t));
            t = p;
        }
        for (p, t) in chain {
            self.augment_level(p, t);
        }
    }

    /// One level of [`Matcher::augment_blossom`]: `b`'s child `t` (whose own blossoms are
    /// done) becomes the base of `b`.
    fn augment_level(&mut self, b: usize, t: usize) {
        let len = self.blossomchilds[b].len() as isize;
        let i = self.blossomchilds[b].iter().position(|&c| c == t).unwrap();
        let (mut j, jstep, endptrick) = cycle_walk(i, self.blossomchilds[b].len());
        let at = |j: isize| -> usize { (((j % len) + len) % len) as usize };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            let p = self.blossomendps[b][at(j - endptrick as isize)] ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint(p));
            }
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint(p ^ 1));
            }
            let e = self.endpoint(p);
            self.mate[e] = p ^ 1;
            let e = self.endpoint(p ^ 1);
            self.mate[e] = p;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w) = self.ends(k);
        self.rematch_to_root(v, 2 * k + 1);
        self.rematch_to_root(w, 2 * k);
    }

    /// Flips the even alternating path from the outer vertex `s` to the root of its tree:
    /// the root becomes matched and `s` free (its dual has reached zero).
    fn augment_to_root(&mut self, s: usize) {
        self.rematch_to_root(s, NONE);
    }

    /// Matches the outer vertex `s` by endpoint `p` (`NONE`: leaves it free) and flips the
    /// alternating path from `s` to the root of its tree.
    fn rematch_to_root(&mut self, mut s: usize, mut p: usize) {
        loop {
            let bs = self.inblossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            if self.labelend[bs] == NONE {
                break;
            }
            let t = self.endpoint(self.labelend[bs]);
            let bt = self.inblossom[t];
            s = self.endpoint(self.labelend[bt]);
            let j = self.endpoint(self.labelend[bt] ^ 1);
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = self.labelend[bt];
            p = self.labelend[bt] ^ 1;
        }
    }

    /// Checks the optimality certificate of the current matching (see the module docs):
    /// every live edge has a non-negative slack counting the duals of the blossoms that
    /// contain both ends, matched edges and blossom cycles are tight, a free vertex has
    /// dual zero, and a blossom of positive dual holds a near-perfect matching. Panics with
    /// the violated condition.
    #[cfg(test)]
    pub(crate) fn check_certificate(&self) {
        let n = self.n;
        let ancestors = |v: usize| {
            let mut a = Vec::new();
            let mut b = self.blossomparent[v];
            while b != NONE {
                a.push(b);
                b = self.blossomparent[b];
            }
            a
        };
        for v in 0..n {
            if !self.alive[v] {
                continue;
            }
            if self.mate[v] == NONE {
                assert!(self.dualvar[v].is_zero(), "free vertex {v} has a positive dual");
            } else {
                let u = self.endpoint(self.mate[v]);
                assert!(self.alive[u], "{v} matched to a removed vertex");
                assert_eq!(self.endpoint(self.mate[u]), v, "mate of {v} not mutual");
                assert!(!self.w.w2(v, u).is_zero(), "{v}-{u} matched over no edge");
            }
            let av = ancestors(v);
            for u in v + 1..n {
                let w = self.w.w2(v, u);
                if !self.alive[u] || w.is_zero() {
                    continue;
                }
                let au = ancestors(u);
                let mut lhs = self.dualvar[v].add(&self.dualvar[u]);
                for b in &av {
                    if au.contains(b) {
                        lhs = lhs.add(&self.dualvar[*b]).add(&self.dualvar[*b]);
                    }
                }
                assert!(lhs >= w, "edge {v}-{u} has a negative slack");
                if self.mate[v] != NONE && self.endpoint(self.mate[v]) == u {
                    assert!(lhs == w, "matched edge {v}-{u} is not tight");
                }
            }
        }
        for b in n..2 * n {
            if self.blossombase[b] == NONE {
                continue;
            }
            let leaves = self.leaves_of(b);
            assert!(leaves.len() % 2 == 1, "blossom {b} has an even number of vertices");
            if !self.dualvar[b].is_zero() {
                let inside = leaves
                    .iter()
                    .filter(|&&v| {
                        self.mate[v] != NONE && leaves.contains(&self.endpoint(self.mate[v]))
                    })
                    .count();
                assert_eq!(inside, leaves.len() - 1, "blossom {b} of positive dual not full");
            }
            for &p in &self.blossomendps[b] {
                let (i, j) = self.ends(p / 2);
                let (ai, aj) = (ancestors(i), ancestors(j));
                let mut lhs = self.dualvar[i].add(&self.dualvar[j]);
                for c in &ai {
                    if aj.contains(c) {
                        lhs = lhs.add(&self.dualvar[*c]).add(&self.dualvar[*c]);
                    }
                }
                assert!(lhs == self.wk(p / 2), "cycle edge {i}-{j} of blossom {b} not tight");
            }
        }
    }

    /// The root of the alternating tree of the labelled vertex `v` (kept on its top-level
    /// blossom).
    fn tree_of(&self, v: usize) -> usize {
        self.tree[self.inblossom[v]]
    }

    /// Top-level label of `v`'s blossom: 0 none, 1 outer (S), 2 inner (T).
    fn top_label(&self, v: usize) -> u8 {
        self.label[self.inblossom[v]]
    }

    /// The end of edge `k` that is not `v` (`v` is one of its ends).
    fn other_end(&self, k: usize, v: usize) -> usize {
        let (i, j) = self.ends(k);
        if i == v { j } else { i }
    }

    /// The end of edge `k` outside the blossom `b` (one end is inside).
    fn end_outside(&self, k: usize, b: usize) -> usize {
        let (i, j) = self.ends(k);
        if self.inblossom[i] == b { j } else { i }
    }

    /// Records `k` (slack `s`, from a vertex of the outer blossom `b` to another outer
    /// blossom) as a candidate for `b`'s least-slack edge.
    fn note_outer_edge(&mut self, b: usize, k: usize, s: Weight) {
        let cap = LIST_CAP * self.n;
        let record = (&mut self.bestedge[b], &mut self.bestslack[b]);
        note_edge(record, &mut self.blossombestedges[b], cap, k, s);
    }

    /// Looks at edge (v, w) from the outer vertex `v` (slack `s`): grows the tree, makes a
    /// blossom or augments over a tight edge, else remembers the edge as a least-slack
    /// candidate. Returns whether it augmented (v's tree is then dissolved).
    fn scan_edge(&mut self, v: usize, w: usize, s: Weight) -> bool {
        let k = self.edge(v, w);
        let bw = self.inblossom[w];
        if s.is_zero() {
            let p = self.towards(v, w);
            match self.label[bw] {
                0 => {
                    if self.mate[self.blossombase[bw]] == NONE {
                        // A free vertex of dual zero: augment to it.
                        self.labelend[bw] = NONE;
                        self.augment_edge(k);
                        return true;
                    }
                    self.assign_label(w, 2, p ^ 1);
                }
                1 => {
                    let base = self.scan_blossom(v, w);
                    if base != NONE {
                        self.add_blossom(base, k);
                    } else {
                        self.augment_edge(k);
                        return true;
                    }
                }
                _ => {
                    if self.label[w] == 0 {
                        self.label[w] = 2;
                        self.labelend[w] = p ^ 1;
                    }
                }
            }
        } else if self.label[bw] == 1 {
            let b = self.inblossom[v];
            self.note_outer_edge(b, k, s);
        } else if self.label[w] == 0 && (self.bestedge[w] == NONE || s < self.bestslack[w]) {
            self.bestedge[w] = k;
            self.bestslack[w] = s;
        }
        false
    }

    /// Scans every edge of the outer vertex `v`.
    fn scan_vertex(&mut self, v: usize) {
        // Duals change only in the dual adjustment, never during a scan.
        let yv = self.dualvar[v];
        let listed = self.outside_listed(self.inblossom[v]);
        let mut from = 0;
        while let Some(i) = self.scan_run(v, &yv, from, listed) {
            let w = if listed { self.outside[i] } else { i };
            if self.scan_edge(v, w, Weight::ZERO) {
                return;
            }
            from = i + 1;
        }
    }

    /// Whether the scans of `b`'s vertices read the list of the vertices outside it
    /// (`outside`), made now if needed: when `b` holds more than a quarter of the
    /// vertices. A dense tight component grows one blossom over most of a bracket, and
    /// its vertices' scans skipped the blossom's own vertices one by one (two thirds of
    /// the positions a first matching of 4,226 players looked at). The list is made
    /// again when most of it has joined `b` since.
    fn outside_listed(&mut self, b: usize) -> bool {
        let n = self.n;
        let size = self.blossomsize[b];
        if b < n || 4 * size <= n {
            return false;
        }
        if self.outside_of != b || self.outside.len() > 2 * (n - size) {
            let inblossom = &self.inblossom;
            self.outside.clear();
            self.outside.extend((0..n).filter(|&x| inblossom[x] != b));
            self.outside_of = b;
        }
        true
    }

    /// Scans `v`'s edges from position `from` on up to the first tight one, whose position
    /// it returns (`None`: none left); the positions are the vertices, or with `listed`
    /// the entries of `outside`. The common case, a least-slack candidate (as in
    /// `scan_edge`), is recorded here; the caller handles the tight edge, which may grow
    /// the tree or make a blossom. Nothing that a run reads changes during it, so it reads
    /// the matcher's arrays as plain slices (the row loop is the matching's inner loop).
    fn scan_run(&mut self, v: usize, yv: &Weight, from: usize, listed: bool) -> Option<usize> {
        let n = self.n;
        let Matcher {
            w: weights,
            alive,
            inblossom,
            label,
            dualvar,
            bestedge,
            bestslack,
            blossombestedges,
            outside,
            ..
        } = self;
        let bv = inblossom[v];
        // `v`'s blossom's record and list (`note_outer_edge`), kept in locals: the run
        // writes the records of unlabelled vertices only, never `bv`'s.
        let (mut best_b, mut slack_b) = (bestedge[bv], bestslack[bv]);
        let mut list = blossombestedges[bv].take();
        let edge = |w: usize| if v < w { v * n + w } else { w * n + v };
        let mut tight = None;
        // The loop body (a macro: a closure called per position made the loop slower),
        // for the vertices or for the listed ones.
        macro_rules! look {
            ($w:expr, $at:expr) => {{
                let w = $w;
                if w == v || !alive[w] {
                    continue;
                }
                let bw = inblossom[w];
                let lw = label[bw];
                if bw == bv || (lw == 2 && label[w] == 2) {
                    // Inside v's blossom, or an inner vertex already reached: nothing to
                    // learn.
                    continue;
                }
                let wv = &weights.w2(v, w);
                if wv.is_zero() {
                    continue;
                }
                let s = yv.add_sub(&dualvar[w], wv);
                if s.is_zero() {
                    tight = Some($at);
                    break;
                }
                if lw == 1 {
                    note_edge((&mut best_b, &mut slack_b), &mut list, LIST_CAP * n, edge(w), s);
                } else if label[w] == 0 && (bestedge[w] == NONE || s < bestslack[w]) {
                    bestedge[w] = edge(w);
                    bestslack[w] = s;
                }
            }};
        }
        if listed {
            for i in from..outside.len() {
                look!(outside[i], i);
            }
        } else {
            for w in from..n {
                look!(w, w);
            }
        }
        (bestedge[bv], bestslack[bv]) = (best_b, slack_b);
        blossombestedges[bv] = list;
        tight
    }

    /// Looks at the edges between `u` (whose labels or best edge were reset) and the outer
    /// vertices, as their scans would have.
    fn rescan_vertex(&mut self, u: usize) {
        let n = self.n;
        if !self.alive[u] {
            return;
        }
        let yu = self.dualvar[u];
        for x in 0..n {
            let wx = self.w.w2(u, x);
            if x == u || wx.is_zero() || !self.alive[x] {
                continue;
            }
            if self.top_label(u) == 1 {
                // u is outer now: its own scan covers its edges.
                return;
            }
            let bx = self.inblossom[x];
            if self.label[bx] != 1 || bx == self.inblossom[u] {
                continue;
            }
            let s = yu.add_sub(&self.dualvar[x], &wx);
            self.scan_edge(x, u, s);
        }
    }

    /// Augments over edge `k` (between two trees, or from a tree to a free vertex of dual
    /// zero) and dissolves the trees involved.
    fn augment_edge(&mut self, k: usize) {
        let (v, w) = self.ends(k);
        let mut roots = Vec::with_capacity(2);
        for x in [v, w] {
            if self.top_label(x) != 0 {
                roots.push(self.tree_of(x));
            }
        }
        self.augment_matching(k);
        self.dissolve_trees(&roots);
    }

    /// Dissolves the alternating trees with the given roots after their augmentation: their
    /// outer blossoms of dual zero are expanded, every vertex and blossom of them unlabelled
    /// (blossoms kept), and every least-slack record that leads into them redone. The other
    /// trees keep their labels.
    fn dissolve_trees(&mut self, roots: &[usize]) {
        let n = self.n;
        let members: Vec<usize> = (0..n)
            .filter(|&v| {
                self.alive[v] && self.top_label(v) != 0 && roots.contains(&self.tree_of(v))
            })
            .collect();
        if members.is_empty() {
            return;
        }
        // When the trees that augmented hold most of the forest, rebuilding the rest from
        // its roots is cheaper than repairing it.
        // (The repair rescans the members and, later, the outer vertices whose least-slack
        // edge led into them.)
        let mut labelled = 0;
        let mut repairs = members.len();
        // The outer vertices of the other trees already scanned.
        let mut scanned = Vec::new();
        for v in 0..n {
            if !self.alive[v] || self.top_label(v) == 0 {
                continue;
            }
            labelled += 1;
            if self.top_label(v) == 1 && self.queued[v] == 0 && !roots.contains(&self.tree_of(v)) {
                scanned.push(v);
            }
            let bv = self.inblossom[v];
            if self.label[bv] == 1 && self.blossombase[bv] == v && self.bestedge[bv] != NONE {
                let x = self.end_outside(self.bestedge[bv], bv);
                if self.top_label(x) != 0 && roots.contains(&self.tree_of(x)) {
                    repairs += 1;
                }
            }
        }
        if repairs * BIG_DISSOLVE_DEN > labelled * BIG_DISSOLVE_NUM {
            self.restart_stage();
            return;
        }
        // End of stage for these trees: outer blossoms of dual zero are expanded.
        for &v in &members {
            let b = self.inblossom[v];
            if b >= n
                && self.blossomparent[b] == NONE
                && self.label[b] == 1
                && self.dualvar[b].is_zero()
            {
                self.expand_blossom(b, true);
            }
        }
        for &v in &members {
            let mut b = v;
            while b != NONE {
                self.label[b] = 0;
                self.labelend[b] = NONE;
                self.bestedge[b] = NONE;
                if b >= n {
                    self.blossombestedges[b] = None;
                    self.unread[b].clear();
                }
                b = self.blossomparent[b];
            }
        }
        // The edges between the members and the outer vertices of the other trees scanned
        // so far are looked at again from the smaller side: each member (its row against
        // those vertices), or each such vertex scanned again (it sees the members as they
        // are now). Two big trees meeting among many (a step-4 matching of 14,748 players)
        // rescanned some 1,800 members per augmentation.
        if scanned.len() < members.len() {
            for &v in &scanned {
                self.queued[v] += 1;
                self.queue.push_back(v);
            }
        } else {
            self.rescan.extend(&members);
        }
        // A tight-edge label of an inner leaf that led into the dissolved trees is void: the
        // leaf looks at its edges again. (Least-slack records that lead there are left as
        // lower bounds and redone only when one would decide a dual step.)
        for v in 0..n {
            if self.alive[v]
                && self.label[v] == 2
                && self.labelend[v] != NONE
                && self.top_label(self.endpoint(self.labelend[v])) != 1
            {
                self.label[v] = 0;
                self.labelend[v] = NONE;
                self.bestedge[v] = NONE;
                self.rescan.push(v);
            }
        }
    }

    /// Whether the least-slack record of the vertex `v` (not outer) is exact: it leads to
    /// an outer vertex and its bound is the edge's slack (the far end may have left the
    /// forest and come back since).
    fn vertex_record_exact(&self, v: usize) -> bool {
        let k = self.bestedge[v];
        self.top_label(self.other_end(k, v)) == 1 && self.slack(k) == self.bestslack[v]
    }

    /// Whether the least-slack record of the outer blossom `b` is exact: it leads to
    /// another outer blossom and its bound is the edge's slack.
    fn outer_record_exact(&self, b: usize) -> bool {
        let k = self.bestedge[b];
        if k == NONE || !self.unread[b].is_empty() {
            return false;
        }
        let x = self.end_outside(k, b);
        self.inblossom[x] != b && self.top_label(x) == 1 && self.slack(k) == self.bestslack[b]
    }

    /// Redoes the least-slack edge from the vertex `v` (not outer) to the outer vertices.
    fn recompute_vertex_best(&mut self, v: usize) {
        let n = self.n;
        self.bestedge[v] = NONE;
        let yv = self.dualvar[v];
        for x in 0..n {
            let wx = self.w.w2(v, x);
            if x == v || wx.is_zero() || !self.alive[x] || self.top_label(x) != 1 {
                continue;
            }
            let s = yv.add_sub(&self.dualvar[x], &wx);
            if self.bestedge[v] == NONE || s < self.bestslack[v] {
                self.bestedge[v] = self.edge(v, x);
                self.bestslack[v] = s;
            }
        }
    }

    /// Redoes the least-slack edge of the outer blossom `b` to the other outer blossoms.
    fn recompute_outer_best(&mut self, b: usize) {
        let unread = std::mem::take(&mut self.unread[b]);
        if !unread.is_empty() {
            match self.blossombestedges[b].take() {
                Some(mut list) => {
                    // The unread vertices' edges join the list (all of them, as their
                    // scans would have put them there), unless it outgrows its cap.
                    for &v in &unread {
                        self.edges_to_outer(b, v, |k, _| list.push(k));
                    }
                    if list.len() < LIST_CAP * self.n {
                        self.blossombestedges[b] = Some(list);
                    }
                }
                None if self.bestedge[b] != NONE && self.outer_record_exact(b) => {
                    // The record is exact for the edges read: the unread ones are added.
                    let (mut best, mut slack) = (self.bestedge[b], self.bestslack[b]);
                    for &v in &unread {
                        self.edges_to_outer(b, v, |k, s| {
                            if s < slack {
                                (best, slack) = (k, s);
                            }
                        });
                    }
                    (self.bestedge[b], self.bestslack[b]) = (best, slack);
                    return;
                }
                None => {}
            }
        }
        self.bestedge[b] = NONE;
        let ks: Vec<usize> = match &self.blossombestedges[b] {
            Some(list) => list.clone(),
            None => {
                // The edges of its vertices to the other outer blossoms, in the same order,
                // each weighed once.
                let (mut best, mut slack) = (NONE, Weight::ZERO);
                for v in self.leaves_of(b) {
                    self.edges_to_outer(b, v, |k, s| {
                        if best == NONE || s < slack {
                            (best, slack) = (k, s);
                        }
                    });
                }
                (self.bestedge[b], self.bestslack[b]) = (best, slack);
                return;
            }
        };
        for k in ks {
            let x = self.end_outside(k, b);
            if self.inblossom[x] != b && self.top_label(x) == 1 {
                let s = self.slack(k);
                if self.bestedge[b] == NONE || s < self.bestslack[b] {
                    self.bestedge[b] = k;
                    self.bestslack[b] = s;
                }
            }
        }
    }

    /// Calls `f(k, slack)` for each edge `k` of the vertex `v` of the outer blossom `b` to
    /// another outer blossom, in vertex order.
    fn edges_to_outer(&self, b: usize, v: usize, mut f: impl FnMut(usize, Weight)) {
        let yv = self.dualvar[v];
        for u in 0..self.n {
            if u == v || !self.alive[u] {
                continue;
            }
            let bu = self.inblossom[u];
            if bu == b || self.label[bu] != 1 {
                continue;
            }
            let w = self.w.w2(v, u);
            if !w.is_zero() {
                f(self.edge(v, u), yv.add_sub(&self.dualvar[u], &w));
            }
        }
    }

    /// Works off the scan queue and the rescans. The queue is worked first in, first out
    /// (breadth first, every tree growing a level at a time): last in, first out let the
    /// newest root's tree swallow the whole tight component before any other root was
    /// scanned, so that each augmentation dissolved (and the next stage rescanned) most of
    /// the forest — 33,598 scans instead of 740 for one step-3 matching of 4,238 players.
    fn scan_all(&mut self) {
        loop {
            if let Some(u) = self.rescan.pop() {
                self.rescan_vertex(u);
            } else if let Some(v) = self.queue.pop_front() {
                self.queued[v] -= 1;
                if self.alive[v] && self.top_label(v) == 1 {
                    self.scan_vertex(v);
                }
            } else {
                return;
            }
        }
    }

    /// Uses edge `k`, tight after a dual adjustment, if it still leads from an outer
    /// vertex to another blossom.
    fn use_tight_edge(&mut self, k: usize) {
        let (i, j) = self.ends(k);
        if self.inblossom[i] == self.inblossom[j] {
            return;
        }
        let (v, w) = if self.top_label(i) == 1 {
            (i, j)
        } else if self.top_label(j) == 1 {
            (j, i)
        } else {
            return;
        };
        let s = self.slack(k);
        if s.is_zero() {
            self.scan_edge(v, w, s);
        }
    }

    /// Starts a stage: every vertex and blossom unlabelled, no least-slack records, and
    /// every free vertex of positive dual the root of a tree.
    fn new_stage(&mut self) {
        let n = self.n;
        self.label.iter_mut().for_each(|l| *l = 0);
        self.bestedge.iter_mut().for_each(|e| *e = NONE);
        for b in n..2 * n {
            self.blossombestedges[b] = None;
            self.unread[b].clear();
        }
        for &v in &self.queue {
            self.queued[v] = 0;
        }
        self.queue.clear();
        self.rescan.clear();
        self.pair_free();
        for v in 0..n {
            if self.alive[v]
                && self.mate[v] == NONE
                && self.label[self.inblossom[v]] == 0
                && !self.dualvar[v].is_zero()
            {
                self.assign_label(v, 1, NONE);
            }
        }
    }

    /// Matches free vertices (outside any blossom) joined by a tight edge, in vertex order,
    /// before a stage grows its trees: an augmenting path of one edge, found by weighing
    /// the pairs of free vertices only. A stage otherwise finds it by a root's scan, which
    /// first labels every tight neighbour of the root: in the first matching of a bracket
    /// of 4,246 players whose roots pair up this way, a stage per pair, each labelling
    /// the whole bracket (46 stages).
    fn pair_free(&mut self) {
        let n = self.n;
        let free: Vec<usize> = (0..n)
            .filter(|&v| self.alive[v] && self.mate[v] == NONE && self.inblossom[v] == v)
            .collect();
        if free.len() < 2 {
            return;
        }
        for (i, &r) in free.iter().enumerate() {
            if self.mate[r] != NONE || self.dualvar[r].is_zero() {
                continue;
            }
            let yr = self.dualvar[r];
            for &u in &free[i + 1..] {
                if self.mate[u] != NONE {
                    continue;
                }
                let w = self.w.w2(r, u);
                if !w.is_zero() && yr.add(&self.dualvar[u]) == w {
                    self.mate[r] = self.towards(r, u);
                    self.mate[u] = self.towards(u, r);
                    break;
                }
            }
        }
    }

    /// Ends the stage (outer blossoms of dual zero expanded) and starts a new one.
    fn restart_stage(&mut self) {
        let n = self.n;
        for b in n..2 * n {
            if self.blossomparent[b] == NONE
                && self.blossombase[b] != NONE
                && self.label[b] == 1
                && self.dualvar[b].is_zero()
            {
                self.expand_blossom(b, true);
            }
        }
        self.new_stage();
    }

    fn run(&mut self) {
        let n = self.n;
        self.new_stage();
        // The forest is kept across augmentations: only the trees that augmented are
        // dissolved (`dissolve_trees`), so a solve with k roots scans each vertex about
        // once per tree it joins rather than once per augmentation.
        for _ in 0..8 * n * n + 64 {
            self.scan_all();
            // Dual adjustment.
            let mut deltatype = 1;
            let mut delta = Weight::ZERO;
            let mut deltavertex = NONE;
            for v in 0..n {
                if self.label[self.inblossom[v]] == 1
                    && (deltavertex == NONE || self.dualvar[v] < delta)
                {
                    delta = self.dualvar[v];
                    deltavertex = v;
                }
            }
            if deltavertex == NONE {
                // No tree left: optimal.
                return;
            }
            let mut deltablossom = NONE;
            // A record that would decide the step is made exact first (it may lead into
            // a tree dissolved since).
            for v in 0..n {
                if self.label[self.inblossom[v]] == 0
                    && self.bestedge[v] != NONE
                    && self.bestslack[v] < delta
                {
                    if !self.vertex_record_exact(v) {
                        self.recompute_vertex_best(v);
                        if self.bestedge[v] == NONE || self.bestslack[v] >= delta {
                            continue;
                        }
                    }
                    delta = self.bestslack[v];
                    deltatype = 2;
                }
            }
            for b in 0..2 * n {
                if self.blossomparent[b] == NONE
                    && self.label[b] == 1
                    && ((self.bestedge[b] != NONE && self.bestslack[b].half() < delta)
                        || (b >= n && !self.unread[b].is_empty()))
                {
                    if !self.outer_record_exact(b) {
                        self.recompute_outer_best(b);
                        if self.bestedge[b] == NONE || self.bestslack[b].half() >= delta {
                            continue;
                        }
                    }
                    delta = self.bestslack[b].half();
                    deltatype = 3;
                }
            }
            for b in n..2 * n {
                if self.blossombase[b] != NONE
                    && self.blossomparent[b] == NONE
                    && self.label[b] == 2
                    && self.dualvar[b] < delta
                {
                    delta = self.dualvar[b];
                    deltatype = 4;
                    deltablossom = b;
                }
            }
            if !delta.is_zero() {
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] = self.dualvar[v].sub(&delta),
                        2 => self.dualvar[v] = self.dualvar[v].add(&delta),
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dualvar[b] = self.dualvar[b].add(&delta),
                            2 => self.dualvar[b] = self.dualvar[b].sub(&delta),
                            _ => {}
                        }
                    }
                }
                // Least-slack records are lower bounds that move with the duals: an edge
                // from a vertex outside the forest to an outer vertex loses delta, one
                // between two outer blossoms twice delta, one from an inner leaf nothing.
                let two = delta.add(&delta);
                for v in 0..n {
                    if self.bestedge[v] != NONE {
                        let bv = self.inblossom[v];
                        match self.label[bv] {
                            0 => self.bestslack[v] = self.bestslack[v].sub(&delta),
                            1 if bv == v => self.bestslack[v] = self.bestslack[v].sub(&two),
                            _ => {}
                        }
                    }
                }
                for b in n..2 * n {
                    if self.bestedge[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 1
                    {
                        self.bestslack[b] = self.bestslack[b].sub(&two);
                    }
                }
            }
            match deltatype {
                1 => {
                    // An outer vertex's dual reached zero: a root stops, a matched vertex
                    // is freed by flipping the path to its root; that tree dissolves.
                    let root = self.tree_of(deltavertex);
                    if self.mate[deltavertex] != NONE {
                        self.augment_to_root(deltavertex);
                    }
                    self.dissolve_trees(&[root]);
                }
                2 | 3 => {
                    // Every recorded edge that is tight now (ties are common).
                    let mut tight = Vec::new();
                    for v in 0..n {
                        if self.label[self.inblossom[v]] == 0
                            && self.bestedge[v] != NONE
                            && self.bestslack[v].is_zero()
                        {
                            tight.push(self.bestedge[v]);
                        }
                    }
                    for b in 0..2 * n {
                        if self.blossomparent[b] == NONE
                            && self.label[b] == 1
                            && self.bestedge[b] != NONE
                            && self.bestslack[b].is_zero()
                        {
                            tight.push(self.bestedge[b]);
                        }
                    }
                    for k in tight {
                        self.use_tight_edge(k);
                        self.scan_all();
                    }
                }
                _ => self.expand_blossom(deltablossom, false),
            }
        }
        debug_assert!(false, "the matching did not converge");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator for the random cases (a 64-bit LCG's high bits).
    fn lcg(seed: u64) -> impl FnMut() -> u64 {
        let mut state = seed;
        move || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            state >> 33
        }
    }

    fn w(v: u64) -> Weight {
        Weight::from_u64(v)
    }

    fn brute(n: usize, edges: &[(usize, usize, u64)]) -> u64 {
        fn rec(v: usize, n: usize, used: &mut Vec<bool>, adj: &[Vec<u64>]) -> u64 {
            if v == n {
                return 0;
            }
            if used[v] {
                return rec(v + 1, n, used, adj);
            }
            used[v] = true;
            let mut best = rec(v + 1, n, used, adj);
            for u in v + 1..n {
                if !used[u] && adj[v][u] > 0 {
                    used[u] = true;
                    best = best.max(adj[v][u] + rec(v + 1, n, used, adj));
                    used[u] = false;
                }
            }
            used[v] = false;
            best
        }
        let mut adj = vec![vec![0u64; n]; n];
        for &(a, b, x) in edges {
            adj[a][b] = x;
            adj[b][a] = x;
        }
        rec(0, n, &mut vec![false; n], &adj)
    }

    /// A restart's tally of a vertex's weights gives, in any order of its edges, the
    /// heaviest weight held by at least 1/8 of them (the heaviest of all beyond 16
    /// distinct weights).
    #[test]
    fn the_restart_tally_does_not_depend_on_the_order() {
        let mut next = lcg(4242);
        for round in 0..200 {
            let distinct = 1 + next() % 20;
            let len = 1 + (next() % 60) as usize;
            let ws: Vec<Weight> =
                (0..len).map(|_| w(next() % distinct + 1).shl((round % 3) * 200)).collect();
            let mut sorted = ws.clone();
            sorted.sort();
            sorted.dedup();
            let want = if sorted.len() > MODE_WEIGHTS {
                *sorted.last().unwrap()
            } else {
                let held = |x: &Weight| ws.iter().filter(|y| *y == x).count() as u32;
                sorted
                    .iter()
                    .rev()
                    .find(|x| held(x) * COMMON_DEN >= len as u32)
                    .copied()
                    .unwrap_or(*sorted.last().unwrap())
            };
            let mut forward = Mode::default();
            let mut backward = Mode::default();
            for x in &ws {
                forward.add(x);
            }
            for x in ws.iter().rev() {
                backward.add(x);
            }
            assert_eq!(forward.common(), want, "{ws:?}");
            assert_eq!(backward.common(), want, "{ws:?}");
        }
        assert_eq!(Mode::default().common(), Weight::ZERO);
    }

    #[test]
    fn matches_brute_force_on_small_graphs() {
        let mut next = lcg(12345);
        for _ in 0..400 {
            let n = (next() % 9 + 1) as usize;
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if !next().is_multiple_of(3) {
                        edges.push((a, b, next() % 20 + 1));
                    }
                }
            }
            let shift = (next() % 3) as u32 * 150;
            let we: Vec<_> =
                edges.iter().map(|&(a, b, x)| (a, b, w(x).shl(shift).add(&w(x)))).collect();
            let m = max_weight_matching(n, &we);
            let mut total = 0;
            for &(a, b, x) in &edges {
                if m[a] == Some(b) {
                    total += x;
                }
            }
            for v in 0..n {
                if let Some(u) = m[v] {
                    assert_eq!(m[u], Some(v));
                }
            }
            assert_eq!(total, brute(n, &edges), "{edges:?}");
        }
    }

    /// Weight of a matching (edges as given) and whether it is one.
    fn total<W: Weights>(m: &Matcher<W>, adj: &[Vec<u64>]) -> u64 {
        let n = adj.len();
        let mut t = 0;
        for v in 0..n {
            if let Some(u) = m.mate(v) {
                assert_eq!(m.mate(u), Some(v));
                assert!(adj[v][u] > 0, "a matched non-edge");
                if v < u {
                    t += adj[v][u];
                }
            }
        }
        t
    }

    #[test]
    fn incremental_changes_stay_optimal() {
        let mut next = lcg(987654321);
        for _ in 0..300 {
            let n = (next() % 10 + 2) as usize;
            let shift = (next() % 3) as u32 * 100;
            let big = |x: u64| w(x).shl(shift).add(&w(x));
            let mut adj = vec![vec![0u64; n]; n];
            let mut m = Matcher::new(n);
            let mut alive: Vec<usize> = (0..n).collect();
            for step in 0..8 {
                // Change the edges of one to three live vertices.
                for _ in 0..(next() % 3 + 1) {
                    let v = alive[(next() % alive.len() as u64) as usize];
                    for &u in &alive {
                        if u != v && (step == 0 || next().is_multiple_of(2)) {
                            let x = if next().is_multiple_of(4) { 0 } else { next() % 30 + 1 };
                            adj[v][u] = x;
                            adj[u][v] = x;
                            m.set_weight(v, u, big(x));
                        }
                    }
                }
                m.solve();
                let live: Vec<Vec<u64>> = (0..n)
                    .map(|a| {
                        (0..n)
                            .map(|b| {
                                if alive.contains(&a) && alive.contains(&b) { adj[a][b] } else { 0 }
                            })
                            .collect()
                    })
                    .collect();
                let mut edges = Vec::new();
                for a in 0..n {
                    for b in a + 1..n {
                        if live[a][b] > 0 {
                            edges.push((a, b, live[a][b]));
                        }
                    }
                }
                assert_eq!(total(&m, &live), brute(n, &edges), "step {step}: {edges:?}");
                // Sometimes remove a matched pair, as the Dutch engine does.
                if next().is_multiple_of(2)
                    && let Some(&v) = alive.iter().find(|&&v| m.mate(v).is_some())
                {
                    let u = m.mate(v).unwrap();
                    m.remove(v);
                    m.remove(u);
                    alive.retain(|&x| x != v && x != u);
                    m.solve();
                }
                if alive.len() < 2 {
                    break;
                }
            }
        }
    }

    /// A small deterministic generator (LCG) for the random graphs below.
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            self.0 >> 33
        }
        fn below(&mut self, m: u64) -> u64 {
            self.next() % m
        }
    }

    #[test]
    fn many_equal_weights_match_brute_force() {
        let mut r = Lcg(4242);
        for round in 0..600 {
            let n = (r.below(11) + 1) as usize;
            // Few distinct weights: two or three values, often all equal.
            let values = [r.below(3) + 1, r.below(3) + 1, 5];
            let density = r.below(4) + 1;
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if r.below(4) < density {
                        edges.push((
                            a,
                            b,
                            values[r.below(if round % 2 == 0 { 1 } else { 3 }) as usize],
                        ));
                    }
                }
            }
            let shift = (r.below(3) as u32) * 180;
            let mut m = Matcher::new(n);
            for &(a, b, x) in &edges {
                m.set_weight(a, b, w(x).shl(shift).add(&w(x)));
            }
            m.solve();
            m.check_certificate();
            let mut adj = vec![vec![0u64; n]; n];
            for &(a, b, x) in &edges {
                adj[a][b] = x;
                adj[b][a] = x;
            }
            assert_eq!(total(&m, &adj), brute(n, &edges), "{edges:?}");
        }
    }

    /// Layered weights as the Dutch engine makes them: a large common part (every pair is
    /// worth more than all lower fields together) and a few small fields with many ties.
    fn layered(r: &mut Lcg, groups: &[u64], a: usize, b: usize) -> Weight {
        let same = groups[a] == groups[b];
        let hi = w(1).shl(300);
        let mid = w(if same { 8 } else { 8 - groups[a].abs_diff(groups[b]).min(7) }).shl(100);
        hi.add(&mid).add(&w(r.below(3)))
    }

    #[test]
    fn incremental_sequences_keep_a_certificate_and_the_optimum() {
        let mut r = Lcg(77);
        for _ in 0..40 {
            let n = (r.below(50) + 10) as usize;
            let groups: Vec<u64> = (0..n).map(|_| r.below(4)).collect();
            let mut m = Matcher::new(n);
            let mut weights = vec![vec![Weight::ZERO; n]; n];
            let mut alive: Vec<usize> = (0..n).collect();
            for a in 0..n {
                for b in a + 1..n {
                    if r.below(10) != 0 {
                        let x = layered(&mut r, &groups, a, b);
                        weights[a][b] = x;
                        weights[b][a] = x;
                        m.set_weight(a, b, x);
                    }
                }
            }
            for step in 0..12 {
                m.solve();
                m.check_certificate();
                // The same graph solved from scratch has the same total weight.
                let mut edges = Vec::new();
                for (i, &a) in alive.iter().enumerate() {
                    for &b in &alive[i + 1..] {
                        if !weights[a][b].is_zero() {
                            edges.push((a, b, weights[a][b]));
                        }
                    }
                }
                let fresh = max_weight_matching(n, &edges);
                let sum = |mate: &dyn Fn(usize) -> Option<usize>| {
                    let mut t = Weight::ZERO;
                    for &a in &alive {
                        if let Some(b) = mate(a)
                            && a < b
                        {
                            t = t.add(&weights[a][b]);
                        }
                    }
                    t
                };
                assert_eq!(sum(&|v| m.mate(v)), sum(&|v| fresh[v]), "step {step}");
                // Change one to four vertices' edges, sometimes remove a matched pair.
                for _ in 0..r.below(4) + 1 {
                    let v = alive[r.below(alive.len() as u64) as usize];
                    for &u in &alive {
                        if u != v && r.below(3) == 0 {
                            let x = if r.below(5) == 0 {
                                Weight::ZERO
                            } else {
                                layered(&mut r, &groups, v, u)
                            };
                            weights[v][u] = x;
                            weights[u][v] = x;
                            m.set_weight(v, u, x);
                        }
                    }
                }
                if r.below(3) == 0
                    && let Some(&v) = alive.iter().find(|&&v| m.mate(v).is_some())
                {
                    let u = m.mate(v).unwrap();
                    m.remove(v);
                    m.remove(u);
                    alive.retain(|&x| x != v && x != u);
                }
                if alive.len() < 4 {
                    break;
                }
            }
        }
    }

    /// A graph with few distinct weights (many ties), as `adj` and in a matcher, solved.
    fn tied_graph(r: &mut Lcg, n: usize, shift: u32) -> (Vec<Vec<u64>>, Matcher) {
        let mut adj = vec![vec![0u64; n]; n];
        let mut m = Matcher::new(n);
        for a in 0..n {
            for b in a + 1..n {
                if r.below(6) != 0 {
                    // Multiples of 64: the bonuses below stay in the low bits, as in the
                    // Dutch weights (but any weights must work).
                    let x = (r.below(3) + 1) * 64;
                    adj[a][b] = x;
                    adj[b][a] = x;
                    m.set_weight(a, b, w(x).shl(shift));
                }
            }
        }
        m.solve();
        (adj, m)
    }

    fn edges_of_adj(adj: &[Vec<u64>]) -> Vec<(usize, usize, u64)> {
        let n = adj.len();
        let mut e = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if adj[a][b] > 0 {
                    e.push((a, b, adj[a][b]));
                }
            }
        }
        e
    }

    /// Solves, checks the certificate, and compares the total with brute force.
    fn solve_and_check(m: &mut Matcher, adj: &[Vec<u64>], context: &str) {
        m.solve();
        m.check_certificate();
        assert_eq!(total(m, adj), brute(adj.len(), &edges_of_adj(adj)), "{context}");
    }

    #[test]
    fn touches_towards_some_vertices_keep_the_optimum() {
        // The Dutch step 4: some vertices' edges to a set of vertices get heavier, reported
        // by `touch_towards` (the solve reads only those edges), with or without hints,
        // sometimes with another vertex changed the usual way in the same solve (whose
        // row is read whole; a pair of the two is counted once). Brute force and the
        // certificate check each optimum.
        let mut r = Lcg(4242);
        let raw = |m: &mut Matcher, a: usize, b: usize, x: Weight| {
            let n = m.n;
            m.w.w2[a * n + b] = x.add(&x);
            m.w.w2[b * n + a] = x.add(&x);
        };
        for trial in 0..600 {
            let n = (r.below(11) + 3) as usize;
            let shift = if trial % 3 == 0 { 150 } else { 0 };
            let (mut adj, mut m) = tied_graph(&mut r, n, shift);
            for step in 0..3 {
                let towards: Vec<usize> = (0..n).filter(|_| r.below(2) == 0).collect();
                let touched: Vec<usize> = (0..n).filter(|_| r.below(4) == 0).collect();
                for &v in &touched {
                    for &u in &towards {
                        if u != v && r.below(3) != 0 {
                            adj[v][u] += r.below(40) + 1;
                            adj[u][v] = adj[v][u];
                            raw(&mut m, v, u, w(adj[v][u]).shl(shift));
                        }
                    }
                    m.touch_towards(v);
                }
                m.set_towards(towards.clone());
                match r.below(3) {
                    0 => m.keep_tight(),
                    1 => {
                        for &v in &touched {
                            m.raise_dual(v, w(r.below(30)).shl(shift));
                        }
                    }
                    _ => {}
                }
                if r.below(3) == 0 {
                    let (v, u) = (r.below(n as u64) as usize, r.below(n as u64) as usize);
                    if u != v {
                        adj[v][u] = r.below(60);
                        adj[u][v] = adj[v][u];
                        m.set_weight(v, u, w(adj[v][u]).shl(shift));
                    }
                }
                solve_and_check(&mut m, &adj, &format!("trial {trial} step {step}: {adj:?}"));
            }
        }
    }

    #[test]
    fn dual_hints_keep_the_optimum() {
        // The Dutch step 3: a bonus on the pairs of a ranked subset, by the rank of the
        // pair's higher member (more for the first half), with the hints the engine gives,
        // with random hints and with none on some vertices. Checked against brute force.
        let mut r = Lcg(31337);
        for trial in 0..500 {
            let n = (r.below(11) + 2) as usize;
            let shift = if trial % 3 == 0 { 150 } else { 0 };
            let (mut adj, mut m) = tied_graph(&mut r, n, shift);
            m.check_certificate();
            assert_eq!(total(&m, &adj), brute(n, &edges_of_adj(&adj)));
            for _ in 0..3 {
                let ranked: Vec<usize> = (0..n).filter(|_| r.below(4) != 0).collect();
                let p = ranked.len() / 2;
                let bonus = |ri: usize| -> u64 {
                    (if ri < p { 32 } else { 0 }) + 2 * (15 - ri.min(15) as u64)
                };
                for (ri, &a) in ranked.iter().enumerate() {
                    for &b in &ranked[ri + 1..] {
                        if adj[a][b] > 0 {
                            adj[a][b] += bonus(ri);
                            adj[b][a] = adj[a][b];
                            m.set_weight(a, b, w(adj[a][b]).shl(shift));
                        }
                    }
                }
                let mode = r.below(3);
                if p > 0 && p < ranked.len() {
                    let h = (bonus(p) + bonus(p - 1)) / 4;
                    for (ri, &v) in ranked.iter().enumerate() {
                        let by = match mode {
                            0 => {
                                if ri < p {
                                    bonus(ri) - h
                                } else {
                                    h
                                }
                            }
                            1 => r.below(80),
                            _ if r.below(2) == 0 => continue,
                            _ => r.below(20),
                        };
                        m.raise_dual(v, w(by).shl(shift));
                    }
                }
                // Sometimes other vertices change too, in the same solve.
                if r.below(3) == 0 {
                    let v = r.below(n as u64) as usize;
                    let u = r.below(n as u64) as usize;
                    if u != v {
                        let x = r.below(4) * 64;
                        adj[v][u] = x;
                        adj[u][v] = x;
                        m.set_weight(v, u, w(x).shl(shift));
                    }
                }
                solve_and_check(&mut m, &adj, &format!("trial {trial}: {adj:?}"));
            }
        }
    }

    #[test]
    fn preferred_pairs_and_digits_keep_the_optimum() {
        // The Dutch step 4: after an optimum, blossoms flattened, some vertices are paired
        // with a tight neighbour (`prefer`), then a group gets lexicographic digits on its
        // edges with dual hints; the next solve must still reach the brute-force optimum.
        let mut r = Lcg(8080);
        for trial in 0..500 {
            let n = (r.below(11) + 2) as usize;
            let shift = if trial % 2 == 0 { 120 } else { 0 };
            let (mut adj, mut m) = tied_graph(&mut r, n, shift);
            // (Flattening may free the base of a blossom of positive dual: no certificate
            // until the next solve.)
            m.flatten();
            for _ in 0..r.below(4) + 1 {
                let (v, u) = (r.below(n as u64) as usize, r.below(n as u64) as usize);
                let was = m.is_tight(v, u);
                if v == u || adj[v][u] == 0 {
                    assert!(!was, "a non-edge is never tight");
                }
                assert_eq!(m.prefer(v, u), was);
                if was {
                    assert_eq!(m.mate(v), Some(u));
                    assert_eq!(m.mate(u), Some(v));
                }
            }
            // A group of up to three vertices adds digits (base 8) on its edges, each
            // hinted by the digit of its current partner's edge (or nothing).
            let group: Vec<usize> = (0..n).filter(|_| r.below(3) == 0).take(3).collect();
            for (i, &v) in group.iter().enumerate() {
                let scale = 1u64 << (3 * (group.len() - 1 - i));
                let mut j = 0;
                for u in 0..n {
                    if u != v && adj[v][u] > 0 {
                        let digit = scale * (7 - j.min(7));
                        adj[v][u] += digit;
                        adj[u][v] = adj[v][u];
                        m.set_weight(v, u, w(adj[v][u]).shl(shift));
                        if m.mate(v) == Some(u) && r.below(4) != 0 {
                            m.raise_dual(v, w(digit).shl(shift));
                        }
                        j += 1;
                    }
                }
            }
            solve_and_check(&mut m, &adj, &format!("trial {trial}"));
        }
    }

    #[test]
    fn lighter_edges_keep_the_optimum() {
        // Lower unmatched edges (to zero or a little), inside and outside blossoms, then
        // matched ones; each solve is checked against brute force and by its certificate.
        let mut r = Lcg(2718);
        for trial in 0..500 {
            let n = (r.below(11) + 2) as usize;
            let shift = if trial % 2 == 0 { 200 } else { 0 };
            let (mut adj, mut m) = tied_graph(&mut r, n, shift);
            for step in 0..4 {
                for a in 0..n {
                    for b in a + 1..n {
                        let matched = m.mate(a) == Some(b);
                        if adj[a][b] > 0 && (!matched || step == 3) && r.below(4) == 0 {
                            adj[a][b] = if r.below(2) == 0 { 0 } else { adj[a][b] - 1 };
                            adj[b][a] = adj[a][b];
                            m.set_weight(a, b, w(adj[a][b]).shl(shift));
                        }
                    }
                }
                solve_and_check(&mut m, &adj, &format!("trial {trial} step {step}"));
            }
        }
    }

    #[test]
    fn lighter_edges_in_large_blossoms_keep_a_certificate() {
        // An odd dense graph of equal weights makes big blossoms; lowering many unmatched
        // edges (as the Dutch step 3 drops the pairs inside S1 and inside S2) must keep an
        // optimum, compared with a fresh solve.
        let mut r = Lcg(99);
        for n in [31usize, 61, 101] {
            let mut m = Matcher::new(n);
            let mut weights = vec![vec![Weight::ZERO; n]; n];
            for a in 0..n {
                for b in a + 1..n {
                    let x = w(1).shl(200).add(&w(r.below(2) * 4));
                    weights[a][b] = x;
                    m.set_weight(a, b, x);
                }
            }
            m.solve();
            m.check_certificate();
            for _ in 0..5 {
                for a in 0..n {
                    for b in a + 1..n {
                        if m.mate(a) != Some(b) && !weights[a][b].is_zero() && r.below(3) == 0 {
                            weights[a][b] = Weight::ZERO;
                            m.set_weight(a, b, Weight::ZERO);
                        }
                    }
                }
                m.solve();
                m.check_certificate();
                let mut edges = Vec::new();
                for a in 0..n {
                    for b in a + 1..n {
                        if !weights[a][b].is_zero() {
                            edges.push((a, b, weights[a][b]));
                        }
                    }
                }
                let fresh = max_weight_matching(n, &edges);
                let sum = |mate: &dyn Fn(usize) -> Option<usize>| {
                    let mut t = Weight::ZERO;
                    for a in 0..n {
                        if let Some(b) = mate(a)
                            && a < b
                        {
                            t = t.add(&weights[a][b]);
                        }
                    }
                    t
                };
                assert_eq!(sum(&|v| m.mate(v)), sum(&|v| fresh[v]), "{n} vertices");
            }
        }
    }

    #[test]
    fn groups_change_only_where_a_restart_starts() {
        // Groups with heavier edges inside, lighter across, and a few "MDP" vertices whose
        // edges are heavier still: the grouped restart must find the brute-force optimum,
        // whatever the grouping (right, wrong or all one).
        let mut r = Lcg(4711);
        for trial in 0..600 {
            let n = (r.below(11) + 2) as usize;
            let group: Vec<u32> = (0..n).map(|_| r.below(3) as u32).collect();
            let heavy: Vec<bool> = (0..n).map(|_| r.below(6) == 0).collect();
            let (mut m, adj) = random_graph(&mut r, n, 5, |r, a, b| {
                let mut x = if group[a] == group[b] { 40 } else { 10 + r.below(3) * 10 };
                if heavy[a] || heavy[b] {
                    x += 30;
                }
                x + r.below(2) * 3
            });
            for v in 0..n {
                let g = match trial % 3 {
                    0 => group[v],
                    1 => r.below(3) as u32,
                    _ => 0,
                };
                m.set_group(v, g);
            }
            solve_and_check(&mut m, &adj, &format!("trial {trial}"));
        }
    }

    /// A random graph on `n` vertices: each pair an edge but one in `skip`, weighing
    /// `weight(r, a, b)` (shifted up by 100 bits in the matcher); its matcher and adjacency.
    fn random_graph(
        r: &mut Lcg,
        n: usize,
        skip: u64,
        mut weight: impl FnMut(&mut Lcg, usize, usize) -> u64,
    ) -> (Matcher, Vec<Vec<u64>>) {
        let mut m = Matcher::new(n);
        let mut adj = vec![vec![0u64; n]; n];
        for a in 0..n {
            for b in a + 1..n {
                if r.below(skip) == 0 {
                    continue;
                }
                let x = weight(r, a, b);
                adj[a][b] = x;
                adj[b][a] = x;
                m.set_weight(a, b, w(x).shl(100));
            }
        }
        (m, adj)
    }

    #[test]
    fn sides_keep_the_optimum() {
        // A restart's greedy matching pairs across the sides first (`set_side`): with few
        // distinct weights (many tight edges, so the sides change the greedy matching),
        // whatever the sides, the brute-force optimum and a certificate.
        let mut r = Lcg(9001);
        for trial in 0..600 {
            let n = (r.below(11) + 2) as usize;
            let (mut m, adj) = random_graph(&mut r, n, 4, |r, _, _| 20 + r.below(3) * 5);
            for v in 0..n {
                m.set_side(v, r.below(3) as u8);
            }
            solve_and_check(&mut m, &adj, &format!("trial {trial}"));
        }
    }

    #[test]
    fn large_tied_graph_has_a_certificate() {
        // A big bracket of equal weights with a few heavier edges: many trees at once.
        let mut r = Lcg(5);
        for n in [60usize, 121, 200] {
            let mut m = Matcher::new(n);
            for a in 0..n {
                for b in a + 1..n {
                    if r.below(5) != 0 {
                        // Every pair is worth more than all tie-breakers together, so the
                        // optimum is a maximum matching (perfect: the graph is dense).
                        let x = if r.below(20) == 0 { 1 } else { 0 };
                        m.set_weight(a, b, w(1).shl(200).add(&w(x)));
                    }
                }
            }
            m.solve();
            m.check_certificate();
            let matched = (0..n).filter(|&v| m.mate(v).is_some()).count();
            assert_eq!(matched, n - n % 2, "{n} vertices: not perfect");
        }
    }

    #[test]
    fn a_growing_blossom_keeps_a_certificate() {
        // Equal weights, an eighth of the edges with a tie-breaker: one blossom grows over
        // most of the graph two vertices at a time, taking its largest sub-blossom's number
        // and list (`renumber`), and the removals after it augment through blossoms nested
        // deep. (A parent pointer left to the old number, the kept list lost, or the
        // levels of `augment_blossom` taken outermost first each fail it.)
        let mut r = Lcg(11);
        for n in [161usize, 301] {
            let mut m = Matcher::new(n);
            for a in 0..n {
                for b in a + 1..n {
                    let x = if r.below(8) == 0 { r.below(16) } else { 0 };
                    m.set_weight(a, b, w(1).shl(200).add(&w(x)));
                }
            }
            m.solve();
            m.check_certificate();
            let mut alive = n;
            for _ in 0..12 {
                let v = r.below(n as u64) as usize;
                if m.mate(v).is_none() {
                    continue;
                }
                m.remove(v);
                alive -= 1;
                m.solve();
                m.check_certificate();
                let matched = (0..n).filter(|&u| m.mate(u).is_some()).count();
                assert_eq!(matched, alive - alive % 2, "{n} vertices: not a maximum matching");
            }
        }
    }

    #[test]
    fn a_pair_made_heavier_by_its_flat_slack_stays_optimal() {
        // The Dutch extra vertex (`sparse::Implicit::keep_extra_pair`): the last vertex x
        // is matched to p; before a change, every edge of x gets half the slack (p, x)
        // will have once the blossoms of the changed vertices are dissolved
        // (`flat_slack`), plus p's hint, so that a dissolution keeps the pair matched
        // (`make_trivial` unmatches a base only when its edge turns loose). The changes:
        // the step-3 bonus with its hints and x's row alone checked (`hints_cover_but`),
        // other edges of one vertex with `keep_tight` or without, or a matched pair
        // removed. Each solve is checked against brute force and the certificate.
        let mut r = Lcg(2718);
        let mut opened = 0;
        for trial in 0..600 {
            let n = (r.below(11) + 3) as usize;
            let x = n - 1;
            let (mut adj, mut m) = tied_graph(&mut r, n, 0);
            let mut alive = vec![true; n];
            for _ in 0..3 {
                let Some(p) = m.mate(x) else { break };
                let mode = r.below(3);
                let mut hint = 0;
                let changed: Vec<usize> = match mode {
                    // Step 3: a bonus on the pairs of a ranked subset holding p.
                    0 => {
                        let ranked: Vec<usize> =
                            (0..x).filter(|&v| alive[v] && (v == p || r.below(4) != 0)).collect();
                        let half = ranked.len() / 2;
                        if half == 0 {
                            continue;
                        }
                        let bonus = |ri: usize| -> u64 {
                            (if ri < half { 32 } else { 0 }) + 2 * (15 - ri.min(15) as u64)
                        };
                        for (ri, &a) in ranked.iter().enumerate() {
                            for &b in &ranked[ri + 1..] {
                                if adj[a][b] > 0 {
                                    adj[a][b] += bonus(ri);
                                    adj[b][a] = adj[a][b];
                                    m.set_weight(a, b, w(adj[a][b]));
                                }
                            }
                        }
                        let h = (bonus(half) + bonus(half - 1)) / 4;
                        for (ri, &v) in ranked.iter().enumerate() {
                            let by = if ri < half { bonus(ri) - h } else { h };
                            m.raise_dual(v, w(by));
                            if v == p {
                                hint = by;
                            }
                        }
                        ranked
                    }
                    // The edges of one other vertex change.
                    1 => {
                        let v = r.below(x as u64) as usize;
                        if v == p || !alive[v] {
                            continue;
                        }
                        for u in 0..n {
                            if u != v && u != x && alive[u] && r.below(2) == 0 {
                                adj[v][u] = r.below(4) * 64 + r.below(3);
                                adj[u][v] = adj[v][u];
                                m.set_weight(v, u, w(adj[v][u]));
                            }
                        }
                        vec![v]
                    }
                    // A matched pair leaves.
                    _ => match (0..x).find(|&v| v != p && m.mate(v).is_some()) {
                        Some(v) => vec![v, m.mate(v).unwrap()],
                        None => continue,
                    },
                };
                let mut at: Vec<usize> = changed.clone();
                at.push(x);
                let slack = m.flat_slack(p, x, &at);
                assert!(slack < w(1).shl(64));
                if slack.0[0] % 2 == 0 {
                    if slack.0[0] > 0 {
                        opened += 1;
                    }
                    let extra = hint + slack.0[0] / 2;
                    for u in 0..x {
                        if adj[x][u] > 0 {
                            adj[x][u] += extra;
                            adj[u][x] = adj[x][u];
                            m.set_weight(x, u, w(adj[x][u]));
                        }
                    }
                }
                match mode {
                    0 => m.hints_cover_but(x),
                    1 if r.below(2) == 0 => m.keep_tight(),
                    1 => {}
                    _ => {
                        for &v in &changed {
                            m.remove(v);
                            alive[v] = false;
                            for u in 0..n {
                                adj[v][u] = 0;
                                adj[u][v] = 0;
                            }
                        }
                    }
                }
                solve_and_check(&mut m, &adj, &format!("trial {trial}, mode {mode}: {adj:?}"));
            }
        }
        // The dissolutions the bonus compensates were met.
        assert!(opened >= 30, "{opened} pairs with a flat slack");
    }

    /// Weights that follow classes as the sparse model's before any decision: a pair
    /// (a < b) weighs its classes' weight in that order, by whether b is before `ngb`;
    /// nothing between two vertices before `sgb`, nothing for a pair that met; an extra
    /// vertex at `k` with a weight per vertex.
    #[derive(Clone)]
    struct ByClass {
        k: usize,
        sgb: usize,
        ngb: usize,
        classes: usize,
        class: Vec<u32>,
        /// `[class a][class b][b from ngb]`.
        table: Vec<u64>,
        met: Vec<Vec<u32>>,
        extra: Vec<u64>,
        /// Whether `restart_step` takes steps.
        steps: bool,
    }

    impl ByClass {
        fn random(next: &mut impl FnMut() -> u64) -> ByClass {
            let k = 2 + (next() % 70) as usize;
            let sgb =
                if next().is_multiple_of(2) { 0 } else { (next() % (k as u64 / 3 + 1)) as usize };
            let ngb = if next().is_multiple_of(3) {
                k
            } else {
                sgb + (next() % (k - sgb) as u64) as usize
            };
            let classes = 1 + (next() % 8) as usize;
            let class = (0..k).map(|_| (next() % classes as u64) as u32).collect();
            // Few distinct weights (ties), some pairs of classes without an edge; now and
            // then many distinct weights (a tally beyond MODE_WEIGHTS).
            let spread = if next().is_multiple_of(4) { 40 } else { 4 };
            let table = (0..classes * classes * 2)
                .map(|_| if next().is_multiple_of(6) { 0 } else { 1000 + 10 * (next() % spread) })
                .collect();
            let mut met = vec![Vec::new(); k];
            let pairs = next() % (2 * k as u64);
            for _ in 0..pairs {
                let (a, b) = ((next() % k as u64) as u32, (next() % k as u64) as u32);
                if a != b {
                    met[a as usize].push(b);
                    met[b as usize].push(a);
                }
            }
            for m in &mut met {
                m.sort_unstable();
            }
            let extra = if next().is_multiple_of(2) {
                Vec::new()
            } else {
                (0..k)
                    .map(|_| if next().is_multiple_of(3) { 0 } else { 990 + next() % 30 })
                    .collect()
            };
            ByClass { k, sgb, ngb, classes, class, table, met, extra, steps: true }
        }

        fn n(&self) -> usize {
            self.k + !self.extra.is_empty() as usize
        }

        /// The weight of (a, b), a < b, had they not met.
        fn unmet(&self, a: usize, b: usize) -> u64 {
            let (ca, cb) = (self.class[a] as usize, self.class[b] as usize);
            if b < self.sgb {
                0
            } else {
                self.table[(ca * self.classes + cb) * 2 + (b >= self.ngb) as usize]
            }
        }
    }

    impl Weights for ByClass {
        fn w2(&self, a: usize, b: usize) -> Weight {
            let (a, b) = (a.min(b), a.max(b));
            // (The matcher may read a diagonal: no edge.)
            let x = if a == b {
                0
            } else if b == self.k {
                self.extra[a]
            } else if self.met[a].contains(&(b as u32)) {
                0
            } else {
                self.unmet(a, b)
            };
            w(2 * x)
        }

        fn restart_tally(
            &self,
            alive: &[bool],
            group: &[u32],
            f: &mut dyn FnMut(usize, &Weight, u32),
        ) -> bool {
            super::super::classwise::tally(self, alive, group, f);
            true
        }

        fn restart_uncovered(&self, alive: &[bool], dual: &[Weight], count: &mut [u32]) -> bool {
            super::super::classwise::uncovered(self, alive, dual, count);
            true
        }

        fn restart_step(&self, alive: &[bool], dual: &mut [Weight], mate: &[usize]) -> bool {
            self.steps && super::super::classwise::step(self, alive, dual, mate)
        }
    }

    impl super::super::classwise::ClassView for ByClass {
        fn players(&self) -> usize {
            self.k
        }
        fn class_of(&self, a: usize) -> u32 {
            self.class[a]
        }
        fn bounds(&self) -> (usize, usize) {
            (self.sgb, self.ngb)
        }
        fn unmet_w2(&self, a: usize, b: usize) -> Weight {
            // As the sparse model: never asked of a pair that met (it would cache a wrong
            // weight for the classes).
            assert!(!self.met[a].contains(&(b as u32)), "asked the weight of a met pair");
            w(2 * self.unmet(a, b))
        }
        fn met_of(&self, a: usize) -> &[u32] {
            &self.met[a]
        }
        fn extra_w2(&self, a: usize) -> Weight {
            w(2 * self.extra[a])
        }
    }

    /// `free_after` finds the least free position at or after each one, as a pass would,
    /// while positions are taken in any order.
    #[test]
    fn free_after_skips_exactly_the_taken_positions() {
        let mut next = lcg(99);
        for _ in 0..200 {
            let n = 1 + (next() % 60) as usize;
            let mut taken: Vec<bool> = (0..n).map(|_| next().is_multiple_of(3)).collect();
            let mut skip: Vec<usize> =
                (0..=n).map(|i| if i < n && taken[i] { i + 1 } else { i }).collect();
            for _ in 0..3 * n {
                let i = (next() % (n as u64 + 1)) as usize;
                let want = (i..n).find(|&x| !taken[x]).unwrap_or(n);
                assert_eq!(free_after(&mut skip, i), want);
                if want < n && next().is_multiple_of(2) {
                    taken[want] = true;
                    skip[want] = want + 1;
                }
            }
        }
    }

    /// A restart's dual steps by class (`classwise::step`) keep the duals covering every
    /// edge and the matching on tight edges (debug assertions in `restart`), and the search
    /// after them reaches an optimum (a certificate, and the weight of the optimum found
    /// without the steps). A case in eight or more takes a step, and a third of those or
    /// more leave fewer roots (an odd weight inside a class needs an odd step, and steps
    /// are even).
    #[test]
    fn dual_steps_by_class_keep_the_optimum() {
        let mut next = lcg(2717);
        let (mut stepped, mut fewer) = (0, 0);
        let cases = 400;
        for case in 0..cases {
            let mut src = ByClass::random(&mut next);
            // A class of surplus players (one colour preference over the other, say):
            // pairs inside a class weigh less than across.
            if src.classes > 1 && next().is_multiple_of(2) {
                let surplus = 2 + next() % 4;
                // (Odd: a step of half an inside slack is odd, and steps are even.)
                let inside = 1000 + next() % 2;
                for c in src.class.iter_mut() {
                    *c = (next() % surplus).min(1) as u32;
                }
                for a in 0..src.classes {
                    for b in 0..src.classes {
                        for part in 0..2 {
                            let i = (a * src.classes + b) * 2 + part;
                            if src.table[i] != 0 {
                                src.table[i] = if a == b { inside } else { 1040 };
                            }
                        }
                    }
                }
            }
            let n = src.n();
            let dead: Vec<usize> = (0..n).filter(|_| next().is_multiple_of(10)).collect();
            let adj: Vec<Vec<u64>> = (0..n)
                .map(|a| {
                    (0..n)
                        .map(|b| {
                            if dead.contains(&a) || dead.contains(&b) {
                                0
                            } else {
                                src.w2(a, b).0[0] / 2
                            }
                        })
                        .collect()
                })
                .collect();
            let copy = ByClass { steps: false, ..src.clone() };
            let make = |src: ByClass| {
                let mut m = Matcher::with_weights(n, src);
                for &v in &dead {
                    m.remove(v);
                }
                m
            };
            let (mut with, mut without) = (make(src), make(copy));
            let all: Vec<usize> = (0..n).collect();
            with.restart(&all, true);
            without.restart(&all, true);
            let roots = |m: &Matcher<ByClass>| {
                (0..n)
                    .filter(|&v| m.alive[v] && m.mate[v] == NONE && !m.dualvar[v].is_zero())
                    .count()
            };
            if with.dualvar[..n] != without.dualvar[..n] {
                stepped += 1;
                fewer += (roots(&with) < roots(&without)) as usize;
            }
            with.run();
            without.run();
            with.check_certificate();
            assert_eq!(
                total(&with, &adj),
                total(&without, &adj),
                "case {case}: the optimum's weight"
            );
        }
        assert!(
            stepped > cases / 8,
            "{stepped} of {cases} cases took a step ({fewer} fewer roots)"
        );
        assert!(fewer > stepped / 3, "{fewer} of {stepped} steps left fewer roots");
    }

    /// A restart by class (`classwise`: the tally and the uncovered counts per class and
    /// range, the met pairs taken out) gives exactly what reading every pair gives: the
    /// same starting duals, the same counts (under those duals and under random ones), the
    /// same duals and mates after the restart, the same optimum after the search.
    #[test]
    fn a_restart_by_class_is_the_restart_by_rows() {
        let mut next = lcg(1515);
        for case in 0..400 {
            let src = ByClass::random(&mut next);
            let n = src.n();
            let by_class_groups = next().is_multiple_of(2);
            let groups: Vec<u32> = (0..n)
                .map(|v| {
                    if v < src.k && by_class_groups {
                        src.class[v] % 3
                    } else {
                        (next() % 3) as u32
                    }
                })
                .collect();
            let dead: Vec<usize> = (0..n).filter(|_| next().is_multiple_of(10)).collect();
            let make = |src: ByClass| {
                let mut m = Matcher::with_weights(n, src);
                for (v, &g) in groups.iter().enumerate() {
                    m.set_group(v, g);
                }
                for &v in &dead {
                    m.remove(v);
                }
                m
            };
            let copy = src.clone();
            let (mut rows, mut cls) = (make(src), make(copy));
            rows.start_duals(false);
            cls.start_duals(true);
            assert_eq!(rows.dualvar[..n], cls.dualvar[..n], "case {case}: starting duals");
            assert_eq!(
                rows.uncovered_counts(false),
                cls.uncovered_counts(true),
                "case {case}: counts"
            );
            // Counts under duals of many distinct values.
            for v in 0..n {
                let y = w(2 * (900 + next() % 240));
                rows.dualvar[v] = y;
                cls.dualvar[v] = y;
            }
            assert_eq!(
                rows.uncovered_counts(false),
                cls.uncovered_counts(true),
                "case {case}: counts, random duals"
            );
            let all: Vec<usize> = (0..n).collect();
            rows.restart(&all, false);
            cls.restart(&all, true);
            assert_eq!(rows.dualvar[..n], cls.dualvar[..n], "case {case}: duals after the restart");
            assert_eq!(rows.mate, cls.mate, "case {case}: mates after the restart");
            rows.run();
            cls.run();
            cls.check_certificate();
            let mates = |m: &Matcher<ByClass>| (0..n).map(|v| m.mate(v)).collect::<Vec<_>>();
            assert_eq!(mates(&rows), mates(&cls), "case {case}: optimum");
        }
    }
}
