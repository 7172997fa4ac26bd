//! The sparse exact path for large restricted brackets (`docs/dutch.md`, Speed, "Sparse
//! brackets").
//!
//! A restricted bracket (its players and the next score group, `candidates`) of k players
//! is paired by the dense [`super::blossom::Matcher`] on an n × n matrix of 512-bit weights:
//! O(k²) memory and close to O(k³) time. Here the same bracket is paired with the same
//! decisions (4.4 MDP choice, their opponents, 4.3 S1/S2 and exchanges, 4.2 transpositions),
//! but:
//! - the weight of a pair is **computed** from the two players (their attributes, the
//!   bracket's layout, and the small per-player state each decision adds: bonuses on one
//!   player's edges, pairs forbidden by role) by [`Model::weight`]; no matrix is stored;
//! - the maximum-weight matching runs on a **candidate subgraph** ([`SparseMatcher`], the
//!   incremental blossom of `blossom` on adjacency lists): each player's neighbours by
//!   position (the players next to it, the natural S1[i]-S2[i] partner and its neighbours,
//!   the top and bottom residents for an MDP), plus every pair a check adds;
//! - each optimum is **certified** over all pairs: with the duals of the optimum (y per
//!   vertex, z per blossom), a pair outside the subgraph with y_u + y_v + 2·Σz < 2·w(u, v)
//!   (blossoms containing both) is added and the matching resumes from its duals. When no
//!   pair is left, the duals are feasible for the complete graph and the matching keeps
//!   complementary slackness: it is a maximum-weight matching of the complete graph, the
//!   optimum the dense matrix would give (up to ties, which the decisions are built not to
//!   depend on).
//!
//! The check is O(k²) pair evaluations with O(k) memory; a pair's weight depends only on
//! the two players' classes (score, colour state, floats, bye candidacy, played games, place
//! in the bracket) and whether they met, so [`Model`] caches the weight of each class pair.
//!
//! `candidates` takes this path for a restricted bracket of more than [`THRESHOLD`] players
//! (and for every restricted bracket with `candidates::Path::Sparse`, for tests).
//!
//! Two parts mirror code elsewhere on purpose, to be merged once the other side settles:
//! [`SparseMatcher`] is `blossom::Matcher` (same stages, kept forest, restarts) with rows
//! replaced by adjacency lists — one matcher generic over its edge storage would do for
//! both; [`bracket`] takes the decisions of `candidates::bracket` step by step, with the
//! model's state in place of writes to the dense matrix — a `bracket` generic over a weight
//! backend would do for both. Any change to either decision sequence must be made in both
//! (the comparison tests of `engine/tests/it/dutch_sparse.rs` fail otherwise).

use super::blossom::Matcher;
use super::candidates::Failure;
use super::explain;
use super::order::Field;
use super::quality::{self, Layout, Place};
use super::rest::{self, NONE_POS, Rest};
use super::weight::{WORDS, Weight};
use std::cell::Cell;
use std::collections::HashMap;

const NONE: usize = usize::MAX;
/// A dissolution that touches more than NUM/DEN of the forest ends the stage instead.
const BIG_DISSOLVE_NUM: usize = 1;
const BIG_DISSOLVE_DEN: usize = 2;

/// How a walk round a blossom's cycle, from its child at index `i` back to the base (index
/// 0), passes an even number of edges: forward from `i - len` when `i` is odd, backward from
/// `i` otherwise. Returns (start, step, endptrick); indices are taken modulo `len`.
fn cycle_walk(i: usize, len: usize) -> (isize, isize, usize) {
    let j = i as isize;
    if j & 1 != 0 { (j - len as isize, 1, 0) } else { (j, -1, 1) }
}

/// An incremental maximum-weight matching on vertices `0..n` over an explicit edge list
/// (see the module docs).
///
/// Edges are numbered in the order they are added; edge `k` joins `ends[k] = (i, j)`, an
/// endpoint `p = 2k` is i, `2k + 1` is j; `mate[v]` and `labelend` hold the endpoint at the
/// far end.
pub struct SparseMatcher {
    n: usize,
    /// The two ends of each edge (i < j).
    ends: Vec<(usize, usize)>,
    /// Twice each edge's weight; zero = no edge (an edge set back to zero stays listed).
    w2: Vec<Weight>,
    /// The edges at each vertex.
    adj: Vec<Vec<usize>>,
    /// (i, j), i < j, -> edge number.
    index: HashMap<(usize, usize), usize>,
    alive: Vec<bool>,
    modified: Vec<bool>,
    pending: Vec<usize>,
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
    unusedblossoms: Vec<usize>,
    dualvar: Vec<Weight>,
    /// The root of the alternating tree of each labelled top-level blossom (or vertex),
    /// read through [`SparseMatcher::tree_of`] (valid while it is labelled).
    tree: Vec<usize>,
    /// Outer vertices still to scan.
    queue: std::collections::VecDeque<usize>,
    /// Vertices whose edges to outer vertices must be looked at again (their tree was
    /// dissolved, or their best edge led into a dissolved tree).
    rescan: Vec<usize>,
    /// Scratch of `add_blossom`, indexed by blossom: least-slack edge and its slack (all
    /// `NONE` between calls), and the entries touched.
    scratch_edge: Vec<usize>,
    scratch_slack: Vec<Weight>,
    scratch_touched: Vec<usize>,
    /// The certification's row (see [`SparseMatcher::violates`]): its vertex (`NONE`: none
    /// since the last change), a stamp per row, and per vertex and blossom the stamp of the
    /// row that last looked at it — for a blossom with 2·Σz of the common blossoms of the
    /// row's vertex and the vertices below it, for a vertex whether it is a listed
    /// neighbour of the row's vertex.
    row: usize,
    stamp: u64,
    seen: Vec<u64>,
    cum: Vec<Weight>,
    near: Vec<u64>,
}

/// Returns `mate[v]` (`None` when unmatched) of a maximum-weight matching of the graph on
/// vertices `0..n` with the given edges (`(u, v, w)`, `u != v`, `w > 0`).
pub fn max_weight_matching(n: usize, edges: &[(usize, usize, Weight)]) -> Vec<Option<usize>> {
    let mut m = SparseMatcher::new(n);
    for &(a, b, w) in edges {
        m.set_weight(a, b, w);
    }
    m.solve();
    (0..n).map(|v| m.mate(v)).collect()
}

impl SparseMatcher {
    /// `n` vertices, no edges, empty matching.
    pub fn new(n: usize) -> SparseMatcher {
        SparseMatcher {
            n,
            ends: Vec::new(),
            w2: Vec::new(),
            adj: vec![Vec::new(); n],
            index: HashMap::new(),
            alive: vec![true; n],
            modified: vec![false; n],
            pending: Vec::new(),
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
            unusedblossoms: (n..2 * n).collect(),
            dualvar: vec![Weight::ZERO; 2 * n],
            tree: vec![NONE; 2 * n],
            queue: std::collections::VecDeque::new(),
            rescan: Vec::new(),
            scratch_edge: vec![NONE; 2 * n],
            scratch_slack: vec![Weight::ZERO; 2 * n],
            scratch_touched: Vec::new(),
            row: NONE,
            stamp: 0,
            seen: vec![0; 2 * n],
            cum: vec![Weight::ZERO; 2 * n],
            near: vec![0; n],
        }
    }

    /// The weight of edge (a, b) (zero: no edge).
    pub fn weight(&self, a: usize, b: usize) -> Weight {
        match self.index.get(&(a.min(b), a.max(b))) {
            Some(&k) => self.w2[k].half(),
            None => Weight::ZERO,
        }
    }

    /// Whether (a, b) is an edge of the candidate graph (listed, even of weight zero).
    pub fn listed(&self, a: usize, b: usize) -> bool {
        self.index.contains_key(&(a.min(b), a.max(b)))
    }

    /// Number of edges listed.
    pub fn edge_count(&self) -> usize {
        self.ends.len()
    }

    /// Sets the weight of edge (v, u); `v` is the vertex re-optimised at the next
    /// [`solve`](Self::solve) (changing many edges of one vertex costs one vertex). The
    /// weight must stay below 2^(BITS-2).
    pub fn set_weight(&mut self, v: usize, u: usize, w: Weight) {
        debug_assert!(v != u && v < self.n && u < self.n);
        let key = (v.min(u), v.max(u));
        let k = match self.index.get(&key) {
            Some(&k) => k,
            None if w.is_zero() => return,
            None => {
                let k = self.ends.len();
                self.ends.push(key);
                self.w2.push(Weight::ZERO);
                self.adj[v].push(k);
                self.adj[u].push(k);
                self.index.insert(key, k);
                self.row = NONE;
                k
            }
        };
        self.set_edge_weight(k, v, w);
    }

    /// [`SparseMatcher::set_weight`] of the listed edge `k`, one of whose ends is `v`.
    fn set_edge_weight(&mut self, k: usize, v: usize, w: Weight) {
        let w2 = w.add(&w);
        if self.w2[k] == w2 {
            return;
        }
        self.w2[k] = w2;
        if !self.modified[v] {
            self.modified[v] = true;
            self.pending.push(v);
        }
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

    /// v's mate in the last optimum.
    pub fn mate(&self, v: usize) -> Option<usize> {
        (self.mate[v] != NONE).then(|| self.endpoint(self.mate[v]))
    }

    /// Re-optimises after the changes since the last call.
    pub fn solve(&mut self) {
        let n = self.n;
        self.row = NONE;
        let pending = std::mem::take(&mut self.pending);
        let live = self.alive.iter().filter(|&&a| a).count();
        if 2 * pending.len() > live {
            self.restart(&pending);
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
            let mut tk = NONE;
            for &k in &self.adj[v] {
                let u = self.other_end(k, v);
                let w = self.w2[k];
                if self.alive[u] && !self.modified[u] && !w.is_zero() && w > self.dualvar[u] {
                    let d = w.sub(&self.dualvar[u]);
                    if d > y {
                        y = d;
                        tight = u;
                        tk = k;
                    }
                }
            }
            self.dualvar[v] = y;
            // A free neighbour over a tight edge: match them at once (fewer roots).
            if tight != NONE && self.mate[tight] == NONE && self.inblossom[tight] == tight {
                self.mate[v] = self.towards(tk, tight);
                self.mate[tight] = self.towards(tk, v);
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

    /// Most vertices changed: start afresh, each vertex's dual half its heaviest edge
    /// (rounded up to even), and the edges tight then matched greedily in vertex order; a
    /// vertex left free then lowers its dual to a tight edge and takes a free neighbour.
    fn restart(&mut self, pending: &[usize]) {
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
        for v in 0..n {
            if !self.alive[v] {
                continue;
            }
            let mut m = Weight::ZERO;
            for &k in &self.adj[v] {
                let w = self.w2[k];
                if self.alive[self.other_end(k, v)] && w > m {
                    m = w;
                }
            }
            let mut y = m.half();
            if y.0[0] & 1 == 1 {
                y = y.add_u64(1);
            }
            self.dualvar[v] = y;
        }
        for v in 0..n {
            if !self.alive[v] || self.mate[v] != NONE || self.dualvar[v].is_zero() {
                continue;
            }
            for i in 0..self.adj[v].len() {
                let k = self.adj[v][i];
                let u = self.other_end(k, v);
                let w = self.w2[k];
                if u > v
                    && self.alive[u]
                    && self.mate[u] == NONE
                    && !w.is_zero()
                    && self.dualvar[v].add(&self.dualvar[u]) == w
                {
                    self.mate[v] = self.towards(k, u);
                    self.mate[u] = self.towards(k, v);
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
            let (mut least, mut free_least, mut free_u, mut free_k) = (yv, yv, NONE, NONE);
            for &k in &self.adj[v] {
                let u = self.other_end(k, v);
                let w = &self.w2[k];
                if !self.alive[u] || w.is_zero() {
                    continue;
                }
                let s = yv.add_sub(&self.dualvar[u], w);
                least = least.min(s);
                if self.mate[u] == NONE && (s < free_least || (free_u == NONE && s == free_least)) {
                    free_least = s;
                    free_u = u;
                    free_k = k;
                }
            }
            if free_u != NONE && free_least == least {
                self.dualvar[v] = yv.sub(&least);
                self.mate[v] = self.towards(free_k, free_u);
                self.mate[free_u] = self.towards(free_k, v);
            } else {
                let mut y = yv.sub(&least);
                if y.0[0] & 1 == 1 {
                    y = y.add_u64(1);
                }
                self.dualvar[v] = y;
            }
        }
    }

    /// The endpoint at `u`'s end of edge `k`.
    fn towards(&self, k: usize, u: usize) -> usize {
        if self.ends[k].0 == u { 2 * k } else { 2 * k + 1 }
    }

    fn ends(&self, k: usize) -> (usize, usize) {
        self.ends[k]
    }

    fn endpoint(&self, p: usize) -> usize {
        let (i, j) = self.ends[p >> 1];
        if p & 1 == 0 { i } else { j }
    }

    fn unmatch(&mut self, v: usize) {
        if self.mate[v] != NONE {
            let x = self.endpoint(self.mate[v]);
            self.mate[x] = NONE;
            self.mate[v] = NONE;
        }
    }

    /// Dissolves every blossom containing `v` (step 1 of the module docs).
    fn make_trivial(&mut self, v: usize) {
        while self.inblossom[v] != v {
            let b = self.inblossom[v];
            self.dissolve_top(b);
        }
    }

    /// Dissolves the top-level blossom `b`: its dual goes to its vertices, its children
    /// become top-level, and the matched edge at its base (no longer tight) is unmatched.
    fn dissolve_top(&mut self, b: usize) {
        let z = self.dualvar[b];
        let leaves = self.leaves_of(b);
        if !z.is_zero() {
            for &l in &leaves {
                self.dualvar[l] = self.dualvar[l].add(&z);
            }
            let base = self.blossombase[b];
            self.unmatch(base);
        }
        self.dualvar[b] = Weight::ZERO;
        let childs = std::mem::take(&mut self.blossomchilds[b]);
        for &c in &childs {
            self.blossomparent[c] = NONE;
            if c < self.n {
                self.inblossom[c] = c;
            } else {
                for leaf in self.leaves_of(c) {
                    self.inblossom[leaf] = c;
                }
            }
        }
        self.label[b] = 0xff;
        self.labelend[b] = NONE;
        self.blossomendps[b].clear();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn slack(&self, k: usize) -> Weight {
        let (i, j) = self.ends(k);
        self.dualvar[i].add_sub(&self.dualvar[j], &self.w2[k])
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
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("a free blossom slot");
        self.tree[b] = self.tree[bb];
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
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
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint(self.labelend[bw]);
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = Weight::ZERO;
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for leaf in self.leaves_of(b) {
            if self.label[self.inblossom[leaf]] == 2 {
                self.queue.push_back(leaf);
            }
            self.inblossom[leaf] = b;
        }
        // The least-slack edge from the new blossom to each other outer blossom, gathered
        // in scratch arrays indexed by blossom (only the touched entries are reset).
        let mut bestto = std::mem::take(&mut self.scratch_edge);
        let mut bestsl = std::mem::take(&mut self.scratch_slack);
        let mut touched = std::mem::take(&mut self.scratch_touched);
        let mut consider = |m: &SparseMatcher, k: usize, j: usize| {
            let bj = m.inblossom[j];
            if bj != b && m.label[bj] == 1 {
                let ks = m.slack(k);
                if bestto[bj] == NONE {
                    touched.push(bj);
                    bestto[bj] = k;
                    bestsl[bj] = ks;
                } else if ks < bestsl[bj] {
                    bestto[bj] = k;
                    bestsl[bj] = ks;
                }
            }
        };
        for &bv in &path {
            match self.blossombestedges[bv].take() {
                Some(l) => {
                    for k in l {
                        let (i, j) = self.ends(k);
                        consider(self, k, if self.inblossom[j] == b { i } else { j });
                    }
                }
                // An inner sub-blossom's vertices are scanned after this (they are queued
                // above), and record their edges to outer blossoms in `b`'s list then.
                None if self.label[bv] == 2 => {}
                None => {
                    for v in self.leaves_of(bv) {
                        for &k in &self.adj[v] {
                            let u = self.other_end(k, v);
                            if self.alive[u] && !self.w2[k].is_zero() {
                                consider(self, k, u);
                            }
                        }
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        let mut list = Vec::with_capacity(touched.len());
        self.bestedge[b] = NONE;
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
        self.blossombestedges[b] = Some(list);
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
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

    /// Edge numbers of the edges at `v` (to live vertices).
    fn edges_of(&self, v: usize) -> Vec<usize> {
        self.adj[v]
            .iter()
            .copied()
            .filter(|&k| self.alive[self.other_end(k, v)] && !self.w2[k].is_zero())
            .collect()
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
                assert!(!self.weight(v, u).is_zero(), "{v}-{u} matched over no edge");
            }
            let av = ancestors(v);
            for &k in &self.adj[v] {
                let u = self.other_end(k, v);
                let w = self.w2[k];
                if u < v || !self.alive[u] || w.is_zero() {
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
                assert!(lhs == self.w2[p / 2], "cycle edge {i}-{j} of blossom {b} not tight");
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
        if self.bestedge[b] == NONE || s < self.bestslack[b] {
            self.bestedge[b] = k;
            self.bestslack[b] = s;
        }
        // Keep the blossom's list complete: a later merge takes its edges from the list.
        if let Some(list) = self.blossombestedges[b].as_mut() {
            list.push(k);
        }
    }

    /// Looks at edge (v, w) from the outer vertex `v` (slack `s`): grows the tree, makes a
    /// blossom or augments over a tight edge, else remembers the edge as a least-slack
    /// candidate. Returns whether it augmented (v's tree is then dissolved).
    fn scan_edge(&mut self, v: usize, k: usize, s: Weight) -> bool {
        let w = self.other_end(k, v);
        let bw = self.inblossom[w];
        if s.is_zero() {
            let p = self.towards(k, w);
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
        for i in 0..self.adj[v].len() {
            let k = self.adj[v][i];
            let w = self.other_end(k, v);
            if !self.alive[w] {
                continue;
            }
            let bw = self.inblossom[w];
            let lw = self.label[bw];
            if bw == self.inblossom[v] || (lw == 2 && self.label[w] == 2) {
                // Inside v's blossom, or an inner vertex already reached: nothing to learn.
                continue;
            }
            let wv = &self.w2[k];
            if wv.is_zero() {
                continue;
            }
            let s = yv.add_sub(&self.dualvar[w], wv);
            if !s.is_zero() {
                // The common case, inline: a least-slack candidate (as in `scan_edge`).
                if lw == 1 {
                    self.note_outer_edge(self.inblossom[v], k, s);
                } else if self.label[w] == 0 && (self.bestedge[w] == NONE || s < self.bestslack[w])
                {
                    self.bestedge[w] = k;
                    self.bestslack[w] = s;
                }
            } else if self.scan_edge(v, k, s) {
                return;
            }
        }
    }

    /// Looks at the edges between `u` (whose labels or best edge were reset) and the outer
    /// vertices, as their scans would have.
    fn rescan_vertex(&mut self, u: usize) {
        if !self.alive[u] {
            return;
        }
        let yu = self.dualvar[u];
        for i in 0..self.adj[u].len() {
            let k = self.adj[u][i];
            let x = self.other_end(k, u);
            let wx = self.w2[k];
            if wx.is_zero() || !self.alive[x] {
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
            self.scan_edge(x, k, s);
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
        for v in 0..n {
            if !self.alive[v] || self.top_label(v) == 0 {
                continue;
            }
            labelled += 1;
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
                }
                b = self.blossomparent[b];
            }
        }
        self.rescan.extend(&members);
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
        let x = self.end_outside(k, b);
        self.inblossom[x] != b && self.top_label(x) == 1 && self.slack(k) == self.bestslack[b]
    }

    /// Redoes the least-slack edge from the vertex `v` (not outer) to the outer vertices.
    fn recompute_vertex_best(&mut self, v: usize) {
        self.bestedge[v] = NONE;
        let yv = self.dualvar[v];
        for i in 0..self.adj[v].len() {
            let k = self.adj[v][i];
            let x = self.other_end(k, v);
            let wx = self.w2[k];
            if wx.is_zero() || !self.alive[x] || self.top_label(x) != 1 {
                continue;
            }
            let s = yv.add_sub(&self.dualvar[x], &wx);
            if self.bestedge[v] == NONE || s < self.bestslack[v] {
                self.bestedge[v] = k;
                self.bestslack[v] = s;
            }
        }
    }

    /// Redoes the least-slack edge of the outer blossom `b` to the other outer blossoms.
    fn recompute_outer_best(&mut self, b: usize) {
        self.bestedge[b] = NONE;
        let ks: Vec<usize> = match &self.blossombestedges[b] {
            Some(list) => list.clone(),
            None => self.leaves_of(b).into_iter().flat_map(|v| self.edges_of(v)).collect(),
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

    /// Works off the scan queue and the rescans.
    fn scan_all(&mut self) {
        loop {
            if let Some(u) = self.rescan.pop() {
                self.rescan_vertex(u);
            } else if let Some(v) = self.queue.pop_back() {
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
        let _ = w;
        if s.is_zero() {
            self.scan_edge(v, k, s);
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
        }
        self.queue.clear();
        self.rescan.clear();
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
                    && self.bestedge[b] != NONE
                    && self.bestslack[b].half() < delta
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

impl SparseMatcher {
    /// Whether `v` is still in the graph.
    pub fn is_alive(&self, v: usize) -> bool {
        self.alive[v]
    }

    /// Starts the certification of `a`'s row (pairs (a, b)): marks its listed neighbours
    /// and the blossoms containing it with 2·Σz from each up to the top.
    fn begin_row(&mut self, a: usize) {
        self.row = a;
        self.stamp += 1;
        let st = self.stamp;
        for &k in &self.adj[a] {
            let u = self.other_end(k, a);
            self.near[u] = st;
        }
        let mut chain = Vec::new();
        let mut x = self.blossomparent[a];
        while x != NONE {
            chain.push(x);
            x = self.blossomparent[x];
        }
        let mut c = Weight::ZERO;
        for &x in chain.iter().rev() {
            c = c.add(&self.dualvar[x]).add(&self.dualvar[x]);
            self.seen[x] = st;
            self.cum[x] = c;
        }
    }

    /// Whether (a, b) is listed (an edge of the candidate graph, even of weight zero).
    pub fn listed_from(&mut self, a: usize, b: usize) -> bool {
        if self.row != a {
            self.begin_row(a);
        }
        self.near[b] == self.stamp
    }

    /// Whether the pair (a, b) of weight `w`, not in the graph, would break the optimality
    /// certificate: y_a + y_b + 2·Σz (blossoms containing both) < 2w. The sum is zero
    /// unless both are in the same top-level blossom; it is found by walking up from b to
    /// the first blossom containing a, and every blossom passed remembers the sum for the
    /// rest of the row (so a row costs O(n) however deep the blossoms nest).
    pub fn violates(&mut self, a: usize, b: usize, w: &Weight) -> bool {
        self.violation(a, b, w).is_some()
    }

    /// [`SparseMatcher::violates`], by how much: 2w − (y_a + y_b + 2·Σz) when positive.
    pub fn violation(&mut self, a: usize, b: usize, w: &Weight) -> Option<Weight> {
        let w2 = w.add(w);
        let lhs = self.dualvar[a].add(&self.dualvar[b]);
        if lhs >= w2 {
            return None;
        }
        if self.inblossom[a] != self.inblossom[b] || self.inblossom[a] == a {
            return Some(w2.sub(&lhs));
        }
        if self.row != a {
            self.begin_row(a);
        }
        let st = self.stamp;
        let mut path = Vec::new();
        let mut x = self.blossomparent[b];
        while self.seen[x] != st {
            path.push(x);
            x = self.blossomparent[x];
        }
        let c = self.cum[x];
        for p in path {
            self.seen[p] = st;
            self.cum[p] = c;
        }
        let lhs = lhs.add(&c);
        (lhs < w2).then(|| w2.sub(&lhs))
    }
}

/// Restricted brackets of more players than this take the sparse path by default.
pub const THRESHOLD: usize = 0;

/// Whether the brackets above [`THRESHOLD`] take the implicit dense path ([`implicit`])
/// rather than the candidate subgraph ([`bracket`]).
pub const IMPLICIT: bool = true;

/// Initial candidate partners on each side of a player's position, and around its natural
/// S1/S2 partner (by default).
pub const NEAR: usize = 8;

/// Pairs a certification round adds at most per player (the most violated).
const ADD_PER_ROW: usize = 8;

/// The most edges a bracket's candidate subgraph may hold (about 130 bytes each: ends,
/// doubled 512-bit weight, adjacency and index entries, so some 2.6 GB): beyond it the
/// bracket is refused (`Failure::TooManyPlayers`) rather than run out of memory.
pub const MAX_EDGES: usize = 20_000_000;

/// The weights of the current bracket's pairs, computed on demand (positions in `pbi`, the
/// higher player first): what the dense path would hold in its matrix after the same
/// decisions.
struct Model<'a> {
    field: &'a Field,
    lay: Layout,
    pbi: &'a [usize],
    sgb: usize,
    ngb: usize,
    /// The completion field is dropped (restricted matching): bits from here up.
    shift: u32,
    /// Class of each position (the attributes a weight reads), and the cached weight of
    /// each ordered class pair and place (`None`: not computed yet).
    class: Vec<u32>,
    classes: usize,
    cache: Vec<Cell<Option<Weight>>>,
    /// The same, doubled ([`Model::weight2`]), and whether the bonuses of steps 1-3 fit
    /// in the lowest word of a doubled weight.
    cache2: Vec<Cell<Weight>>,
    narrow: bool,
    /// Positions each position has met (C1), sorted.
    met: Vec<Vec<u32>>,
    /// Step 1: bonus on an MDP's edges to the residents.
    mdp_bonus: Vec<u64>,
    /// Step 2: the MDP choosing its opponent now, and the bonus per resident position.
    step2: Option<(usize, Vec<u64>)>,
    /// Position -> index in the remainder (`NONE`: not in it).
    rem_of: Vec<usize>,
    /// Step 3 (exchanges): the bonus of remainder pairs is on, with `rem_pairs` and the
    /// temporary ±1 on one player's edges to later remainder players.
    step3: bool,
    rem_pairs: usize,
    adj3: Vec<i8>,
    /// Step 3 decisions: may not be the higher player of a remainder pair (left S1) / may
    /// be neither the lower player of a remainder pair nor paired to the next group
    /// (entered S1).
    no_higher: Vec<bool>,
    no_lower: Vec<bool>,
    /// After step 3: the S1 flag of each position; a remainder pair needs its higher
    /// player in S1 and its lower one not.
    s1: Option<Vec<bool>>,
    /// Step 4: the S1 players choosing now (by position: the shift of their digit), the
    /// number of unfinished remainder players before each remainder index, and `m`.
    step4: Vec<Option<u32>>,
    open_before: Vec<u64>,
    rem_len: u64,
}

impl<'a> Model<'a> {
    fn new(field: &'a Field, lay: Layout, pbi: &'a [usize], sgb: usize, ngb: usize) -> Self {
        let k = pbi.len();
        let mut at = std::collections::HashMap::new();
        let mut class = Vec::with_capacity(k);
        for &v in pbi {
            let p = &field.players[v];
            let key = (
                p.score,
                p.bye_eligible,
                p.pref,
                p.abs_imbalance,
                p.absolute,
                p.colour_diff.unsigned_abs(),
                p.repeated,
                p.strong,
                (p.float1 as u8, p.float2 as u8),
                p.played,
            );
            let next = at.len() as u32;
            class.push(*at.entry(key).or_insert(next));
        }
        let classes = at.len();
        let cache = if classes <= 400 {
            (0..classes * classes * 2).map(|_| Cell::new(None)).collect()
        } else {
            Vec::new()
        };
        let mut pos = vec![NONE_POS; field.players.len()];
        for (i, &v) in pbi.iter().enumerate() {
            pos[v] = i;
        }
        let mut met = vec![Vec::new(); k];
        for &(a, b) in &field.met {
            if pos[a] != NONE_POS && pos[b] != NONE_POS {
                met[pos[a]].push(pos[b] as u32);
                met[pos[b]].push(pos[a] as u32);
            }
        }
        for m in &mut met {
            m.sort_unstable();
        }
        let shift = lay.completion_shift();
        // (The bonuses of steps 1-3 below 2^62: MDP bonuses at most 3k, step 3's
        // below 2^(2·count + 2).)
        let narrow = !cache.is_empty() && 2 * lay.count + 2 < 62 && k < 1 << 58;
        let unknown = Weight([u64::MAX; WORDS]);
        let cache2 = if narrow { vec![Cell::new(unknown); cache.len()] } else { Vec::new() };
        Model {
            cache2,
            narrow,
            field,
            lay,
            pbi,
            sgb,
            ngb,
            shift,
            class,
            classes,
            cache,
            met,
            mdp_bonus: vec![0; sgb],
            step2: None,
            rem_of: vec![NONE; k],
            step3: false,
            rem_pairs: 0,
            adj3: vec![0; k],
            no_higher: vec![false; k],
            no_lower: vec![false; k],
            s1: None,
            step4: vec![None; k],
            open_before: Vec::new(),
            rem_len: 0,
        }
    }

    fn place(&self, b: usize) -> Option<Place> {
        if b < self.sgb {
            None
        } else if b < self.ngb {
            Some(Place::Bracket)
        } else {
            Some(Place::Next)
        }
    }

    /// The layout's weight of the pair (positions a < b), completion field dropped; zero
    /// when C1/C3 forbid it or both are MDPs.
    fn plain(&self, a: usize, b: usize) -> Weight {
        let Some(place) = self.place(b) else { return Weight::ZERO };
        if self.met[a].binary_search(&(b as u32)).is_ok() {
            return Weight::ZERO;
        }
        if self.cache.is_empty() {
            let x = self.lay.weight(self.field, self.pbi[a], self.pbi[b], place);
            return quality::low_bits(&x, self.shift);
        }
        let i = (self.class[a] as usize * self.classes + self.class[b] as usize) * 2
            + (place == Place::Next) as usize;
        if let Some(x) = self.cache[i].get() {
            return x;
        }
        // They have not met: the weight is their classes' (C3 included).
        let x = self.lay.weight(self.field, self.pbi[a], self.pbi[b], place);
        let x = quality::low_bits(&x, self.shift);
        self.cache[i].set(Some(x));
        x
    }

    /// The base weight of (a, b), a < b: [`Model::plain`] less the pairs the decisions
    /// of step 3 have taken out (the dense path's `base` matrix).
    fn base(&self, a: usize, b: usize) -> Weight {
        let x = self.plain(a, b);
        if x.is_zero() {
            return x;
        }
        let (ra, rb) = (self.rem_of[a], self.rem_of[b]);
        let both = ra != NONE && rb != NONE;
        if both {
            if let Some(s1) = &self.s1
                && (!s1[a] || s1[b])
            {
                return Weight::ZERO;
            }
            if self.no_higher[a] || self.no_lower[b] {
                return Weight::ZERO;
            }
        }
        if self.no_lower[a] && b >= self.ngb {
            return Weight::ZERO;
        }
        x
    }

    /// The current weight of (a, b), a < b: the base and the bonuses of the decision in
    /// progress.
    fn weight(&self, a: usize, b: usize) -> Weight {
        let x = self.base(a, b);
        if x.is_zero() {
            return x;
        }
        let mut x = x;
        if a < self.sgb && b < self.ngb {
            let bonus = match &self.step2 {
                Some((v, addend)) if *v == a => addend[b],
                _ => self.mdp_bonus[a],
            };
            x = x.add_u64(bonus);
        }
        let (ra, rb) = (self.rem_of[a], self.rem_of[b]);
        if self.step3 && ra != NONE && rb != NONE {
            let c = self.lay.count;
            if ra < self.rem_pairs {
                x = x.add(&Weight::bit(2 * c + 1));
            }
            x = x.add_u64(((1u64 << (2 * c)) - 1 - ra as u64) * 2);
            match self.adj3[a] {
                1 => x = x.add_u64(1),
                -1 => x = x.sub(&Weight::from_u64(1)),
                _ => {}
            }
        }
        if rb != NONE
            && let Some(shift) = self.step4[a]
        {
            let j = self.open_before[rb] - self.open_before[ra + 1];
            x = x.add(&Weight::from_u64(self.rem_len - j).shl(shift));
        }
        x
    }
}

/// The bracket's matching: the candidate subgraph, its optimum certified on all pairs.
struct Sparse<'a> {
    model: Model<'a>,
    m: SparseMatcher,
    /// Certification rounds and pairs added (statistics, tests).
    checks: usize,
    added: usize,
}

impl Sparse<'_> {
    /// The initial candidate subgraph (see [`NEAR`]).
    fn seed(&mut self, near: usize) {
        let k = self.model.pbi.len();
        let (sgb, ngb) = (self.model.sgb, self.model.ngb);
        let half = (ngb - sgb).div_ceil(2);
        let add = |s: &mut Self, a: usize, b: usize| {
            if a != b && a < k && b < k {
                let (a, b) = (a.min(b), a.max(b));
                let w = s.model.weight(a, b);
                s.m.set_weight(a, b, w);
            }
        };
        for a in 0..k {
            for d in 1..=near {
                add(self, a, a + d);
            }
            if a >= sgb && a < ngb {
                let c = a + half;
                for b in c.saturating_sub(near - 1)..c + near {
                    add(self, a, b);
                }
            }
            if a < sgb {
                for b in (sgb..ngb).take(near).chain((sgb..ngb).rev().take(near)) {
                    add(self, a, b);
                }
            }
        }
        // The next few players of every class after each player: the pairs of one class
        // pair weigh the same (but for C1), so each player sees every kind of partner.
        let classes = self.model.classes;
        let mut of: Vec<Vec<usize>> = vec![Vec::new(); classes];
        for a in 0..k {
            of[self.model.class[a] as usize].push(a);
        }
        let per_class = (4 * near / classes.max(1)).clamp(1, near);
        for a in 0..k {
            for list in &of {
                let from = list.partition_point(|&b| b <= a);
                for &b in &list[from..(from + per_class).min(list.len())] {
                    add(self, a, b);
                }
            }
        }
    }

    /// Sets every listed edge to its current weight, re-optimises, and certifies the
    /// optimum on all pairs (adding the violated ones and resuming) until it holds; fails
    /// when the subgraph would outgrow [`MAX_EDGES`].
    fn solve(&mut self) -> Result<(), Failure> {
        let k = self.model.pbi.len();
        for e in 0..self.m.ends.len() {
            let (a, b) = self.m.ends[e];
            if self.m.alive[a] && self.m.alive[b] {
                let w = self.model.weight(a, b);
                self.m.set_edge_weight(e, a, w);
            }
        }
        loop {
            self.m.solve();
            self.checks += 1;
            let mut added = Vec::new();
            // Per row, the most violated pairs (largest deficit first).
            let mut row: Vec<(Weight, usize, Weight)> = Vec::with_capacity(ADD_PER_ROW + 1);
            for a in 0..k {
                if !self.m.alive[a] {
                    continue;
                }
                row.clear();
                for b in a + 1..k {
                    if !self.m.alive[b] || self.m.listed_from(a, b) {
                        continue;
                    }
                    let w = self.model.weight(a, b);
                    if w.is_zero() {
                        continue;
                    }
                    if let Some(d) = self.m.violation(a, b, &w)
                        && (row.len() < ADD_PER_ROW || d > row[ADD_PER_ROW - 1].0)
                    {
                        let at = row.partition_point(|x| x.0 >= d);
                        row.insert(at, (d, b, w));
                        row.truncate(ADD_PER_ROW);
                    }
                }
                added.extend(row.iter().map(|&(_, b, w)| (a, b, w)));
            }
            if added.is_empty() {
                return Ok(());
            }
            if self.m.ends.len() + added.len() > MAX_EDGES {
                return Err(Failure::TooManyPlayers(k));
            }
            self.added += added.len();
            for (a, b, w) in added {
                self.m.set_weight(a, b, w);
            }
        }
    }
}

/// What the sparse bracket needs from the round (`candidates` keeps the round's state).
pub struct Round<'a> {
    pub field: &'a Field,
    /// The round's layout (bye score, played-games ranks).
    pub layout: &'a Layout,
    pub rounds_before: u32,
    pub last_round: bool,
    pub deep: bool,
    pub done: &'a mut Vec<Option<usize>>,
    pub stable: &'a mut Vec<usize>,
    pub matched: &'a mut Vec<bool>,
    pub rest: &'a mut Option<Rest>,
    pub explain: &'a mut Vec<String>,
}

/// One bracket, as `candidates::Br`: `pbi` = MDPs (first `sgb`), residents (up to `ngb`),
/// the next score group.
pub struct Bracket<'a> {
    pub pbi: &'a [usize],
    pub sgb: usize,
    pub ngb: usize,
    pub resident_start: usize,
    pub next_start: usize,
    pub c9: bool,
    /// The initial candidate subgraph's width ([`NEAR`] by default).
    pub near: usize,
}

/// Why a sparse bracket stopped.
pub enum Stop {
    /// An optimum does not extend to a complete pairing: pair on the whole field.
    Unextendable,
    Fail(Failure),
}

/// The edges of the bracket for `rest` (a pair is an edge when its current weight is not
/// zero).
struct Edges<'m, 'a>(std::cell::RefCell<&'m mut Model<'a>>);

impl rest::Edges for Edges<'_, '_> {
    fn has_edge(&self, i: usize, j: usize) -> bool {
        !self.0.borrow_mut().base(i.min(j), i.max(j)).is_zero()
    }
}

struct State<'r, 'a> {
    r: Round<'r>,
    sp: Sparse<'a>,
    pbi: &'a [usize],
    loc: Vec<usize>,
}

impl State<'_, '_> {
    /// [`Sparse::solve`], the players' partners, and (as `candidates::Solver::solve`) the
    /// check that the optimum extends to a complete pairing of the field.
    fn solve(&mut self) -> Result<(), Stop> {
        self.sp.solve().map_err(Stop::Fail)?;
        let pbi = self.pbi;
        for (i, &v) in pbi.iter().enumerate() {
            self.r.stable[v] = match self.r.done[v] {
                Some(u) => u,
                None => self.sp.m.mate(i).map_or(v, |j| pbi[j]),
            };
        }
        let Some(rest) = self.r.rest.as_mut() else { return Ok(()) };
        for (i, &v) in pbi.iter().enumerate() {
            if self.r.done[v].is_some() || self.sp.m.mate(i).is_some() {
                rest.leave(v);
            } else {
                rest.join(v);
            }
        }
        let mdps = self.sp.model.sgb;
        let edges = Edges(std::cell::RefCell::new(&mut self.sp.model));
        let b = rest::Bracket { verts: pbi, pos: &self.loc, mdps, m: &edges };
        if rest.repair(self.r.field, Some(&b)) { Ok(()) } else { Err(Stop::Unextendable) }
    }

    fn finalize(&mut self, a: usize, b: usize) {
        self.r.done[a] = Some(b);
        self.r.done[b] = Some(a);
        self.r.stable[a] = b;
        self.r.stable[b] = a;
        self.sp.m.remove(self.loc[a]);
        self.sp.m.remove(self.loc[b]);
    }

    fn base(&mut self, a: usize, b: usize) -> Weight {
        let (i, j) = (self.loc[a], self.loc[b]);
        self.sp.model.base(i.min(j), i.max(j))
    }
}

/// Pairs one restricted bracket on the sparse path, with the decisions of
/// `candidates::bracket` (same weights, same order of matchings). Returns how many pairs
/// the certification added to the candidate subgraph.
pub fn bracket(r: Round, br: &Bracket) -> Result<usize, Stop> {
    let field = r.field;
    let n = field.players.len();
    let score = |v: usize| field.players[v].score;
    let Bracket { pbi, sgb, ngb, resident_start, next_start, c9, near } = *br;
    let ids = |vs: &[usize]| -> String {
        let v: Vec<String> = vs.iter().map(|&v| field.players[v].id.to_string()).collect();
        format!("[{}]", v.join(" "))
    };
    if ngb > sgb {
        r.explain.push(format!(
            "bracket {}: residents {} MDPs {}",
            crate::half_points(score(pbi[sgb])),
            ids(&pbi[sgb..ngb]),
            ids(&pbi[..sgb])
        ));
    } else {
        r.explain.push(format!("last players {}", ids(&pbi[..ngb])));
    }
    let mut lay = Layout::new(field, pbi, n);
    lay.rounds_before = r.rounds_before;
    lay.last_round = r.last_round;
    lay.bye_score = r.layout.bye_score;
    lay.c9 = c9;
    lay.played_rank = r.layout.played_rank.clone();
    if !lay.fits(n) {
        return Err(Stop::Fail(Failure::TooWide(lay.total_bits(n))));
    }
    let active: Vec<usize> = (0..n).filter(|&v| r.done[v].is_none()).collect();
    let c = lay.count;
    let order_bits = lay.order_bits();
    let model = Model::new(field, lay, pbi, sgb, ngb);
    let mut sp = Sparse { model, m: SparseMatcher::new(pbi.len()), checks: 0, added: 0 };
    sp.seed(near);
    let mut loc = vec![NONE_POS; n];
    for (i, &v) in pbi.iter().enumerate() {
        loc[v] = i;
    }
    let mut s = State { r, sp, pbi, loc };
    s.solve()?;
    let in_res =
        |s: &State, v: usize| s.r.stable[v] >= resident_start && s.r.stable[v] < next_start;
    // 1. MDP choice.
    let mut md_score = 0;
    let mut rem = 0usize;
    let mut remm = 0usize;
    for pi in 0..sgb {
        let v = pbi[pi];
        if pi == 0 || score(v) < md_score {
            md_score = score(v);
            rem = 0;
            remm = 0;
            let mut k = pi;
            while k < sgb && score(pbi[k]) >= md_score {
                rem += 1;
                if in_res(&s, pbi[k]) {
                    remm += 1;
                }
                k += 1;
            }
        }
        if remm == 0 {
            continue;
        }
        if rem <= remm {
            s.r.matched[v] = true;
            continue;
        }
        rem -= 1;
        if !in_res(&s, v) {
            s.sp.model.mdp_bonus[pi] = 1;
            s.solve()?;
        }
        if in_res(&s, v) {
            s.r.matched[v] = true;
            remm -= 1;
            s.sp.model.mdp_bonus[pi] = (ngb - sgb) as u64 + 1;
        }
    }
    // 2. Opponents of the MDPs.
    for pi in 0..sgb {
        let v = pbi[pi];
        if !s.r.matched[v] {
            continue;
        }
        let mut addend = pbi.len() as u64;
        let mut top = None;
        let mut bonus = vec![0u64; pbi.len()];
        for oi in (sgb..ngb).rev() {
            let o = pbi[oi];
            if s.r.matched[o] {
                continue;
            }
            if !s.base(v, o).is_zero() {
                bonus[oi] = addend;
                addend += 1;
                top = Some(o);
            }
        }
        s.sp.model.step2 = Some((pi, bonus));
        if top != Some(s.r.stable[v]) {
            s.solve()?;
        }
        let u = s.r.stable[v];
        s.r.matched[u] = true;
        s.finalize(v, u);
        s.sp.model.step2 = None;
    }
    // 3. Remainder, S1/S2 and exchanges.
    let remainder: Vec<usize> =
        (sgb..ngb).map(|pi| pbi[pi]).filter(|&v| s.r.stable[v] >= resident_start).collect();
    let rem_pairs = remainder.iter().filter(|&&v| s.r.stable[v] < v).count();
    let mdp_pairs: Vec<String> = (0..sgb)
        .filter(|&pi| s.r.done[pbi[pi]].is_some())
        .map(|pi| {
            let v = pbi[pi];
            format!("{}-{}", field.players[v].id, field.players[s.r.stable[v]].id)
        })
        .collect();
    if sgb > 0 {
        s.r.explain.push(format!(
            "  MDPs paired (4.4, highest first; each with the highest resident possible): {}",
            if mdp_pairs.is_empty() { "none".to_string() } else { mdp_pairs.join(" ") }
        ));
    }
    s.r.explain.push(format!(
        "  remainder: S1 {} S2 {}",
        ids(&remainder[..rem_pairs.min(remainder.len())]),
        ids(&remainder[rem_pairs.min(remainder.len())..])
    ));
    let _ = c;
    for (ri, &v) in remainder.iter().enumerate() {
        s.sp.model.rem_of[s.loc[v]] = ri;
    }
    s.sp.model.rem_pairs = rem_pairs;
    s.sp.model.step3 = true;
    let upper = |s: &State, v: usize| s.r.stable[v] > v && s.r.stable[v] < next_start;
    if !(0..rem_pairs).all(|ri| upper(&s, remainder[ri])) {
        s.solve()?;
    }
    let exchanges = (0..rem_pairs).filter(|&ri| !upper(&s, remainder[ri])).count();
    let mut left = exchanges;
    let mut ri = rem_pairs;
    while ri > 0 && left > 0 {
        ri -= 1;
        let v = remainder[ri];
        let lv = s.loc[v];
        if upper(&s, v) {
            s.sp.model.adj3[lv] = -1;
            s.solve()?;
        }
        let exchange = !upper(&s, v);
        if exchange {
            left -= 1;
            s.sp.model.no_higher[lv] = true;
        }
        s.sp.model.adj3[lv] = 0;
    }
    let mut left = exchanges;
    let mut ri = rem_pairs;
    while ri < remainder.len() && left > 1 {
        let v = remainder[ri];
        let lv = s.loc[v];
        let already = upper(&s, v);
        if !already {
            s.sp.model.adj3[lv] = 1;
            s.solve()?;
        }
        if upper(&s, v) {
            left -= 1;
            s.sp.model.no_lower[lv] = true;
        }
        s.sp.model.adj3[lv] = 0;
        ri += 1;
    }
    let mut s1_flags = vec![false; pbi.len()];
    for &v in &remainder {
        s1_flags[s.loc[v]] = upper(&s, v);
    }
    s.sp.model.s1 = Some(s1_flags);
    s.sp.model.step3 = false;
    {
        let s1_now: Vec<usize> = remainder.iter().copied().filter(|&v| upper(&s, v)).collect();
        let s1_before = &remainder[..rem_pairs.min(remainder.len())];
        let out: Vec<usize> = s1_before.iter().copied().filter(|v| !s1_now.contains(v)).collect();
        let into: Vec<usize> = s1_now.iter().copied().filter(|v| !s1_before.contains(v)).collect();
        if !out.is_empty() {
            s.r.explain.push(format!(
                "  exchange (4.3): {} from S1 to S2, {} from S2 to S1",
                ids(&out),
                ids(&into)
            ));
        }
    }
    // 4. Transpositions, a group of S1 players per matching (as `candidates::bracket`).
    let s1: Vec<usize> = remainder.iter().copied().filter(|&v| upper(&s, v)).collect();
    let m = remainder.len() as u64;
    let digit_bits = quality::bits_for(m as usize + 1);
    let group = ((order_bits - 1) / digit_bits).max(1) as usize;
    s.sp.model.rem_len = m;
    for chunk in s1.chunks(group) {
        let mut taken: Vec<usize> = Vec::new();
        let mut holds = true;
        for &v in chunk {
            let mut top = None;
            for &o in &remainder {
                if o > v && !s.r.matched[o] && !taken.contains(&o) && !s.base(v, o).is_zero() {
                    top = Some(o);
                    break;
                }
            }
            taken.push(s.r.stable[v]);
            if top != Some(s.r.stable[v]) {
                holds = false;
                break;
            }
        }
        if !holds {
            let g = chunk.len();
            let mut open = Vec::with_capacity(remainder.len() + 1);
            let mut count = 0u64;
            for &o in &remainder {
                open.push(count);
                count += !s.r.matched[o] as u64;
            }
            open.push(count);
            s.sp.model.open_before = open;
            for (i, &v) in chunk.iter().enumerate() {
                s.sp.model.step4[s.loc[v]] = Some(digit_bits * (g - 1 - i) as u32);
            }
            s.solve()?;
            for &v in chunk {
                s.sp.model.step4[s.loc[v]] = None;
            }
        }
        for &v in chunk {
            let u = s.r.stable[v];
            s.r.matched[v] = true;
            s.r.matched[u] = true;
            s.finalize(v, u);
        }
    }
    let decided = explain::Bracket {
        field,
        layout: &s.sp.model.lay,
        players: pbi,
        mdps: sgb,
        size: ngb,
        active: &active,
        partner: s.r.done,
        remainder: &remainder,
        s1_before: rem_pairs,
        s1: &s1,
    };
    let lines = if s.r.deep { explain::bracket(&decided) } else { explain::partners(&decided) };
    s.r.explain.extend(lines);
    Ok(s.sp.added)
}

impl Model<'_> {
    /// Twice [`Model::weight`] (a < b), with little 512-bit arithmetic: the layout's weight
    /// has its spare low field (at least 76 bits) zero, and every bonus of the decisions
    /// lives in that field (below the lowest criterion). So the doubled weight is the
    /// doubled class-pair weight (cached), its lowest word the doubled bonus of steps 1-3
    /// (below 2^63 when `narrow`), plus the doubled step-4 digit at its shift.
    #[inline(always)]
    fn weight2(&self, a: usize, b: usize) -> Weight {
        if !self.narrow {
            let x = self.weight(a, b);
            return x.add(&x);
        }
        let Some(place) = self.place(b) else { return Weight::ZERO };
        let met = &self.met[a];
        if !met.is_empty() && met.binary_search(&(b as u32)).is_ok() {
            return Weight::ZERO;
        }
        let i = (self.class[a] as usize * self.classes + self.class[b] as usize) * 2
            + (place == Place::Next) as usize;
        let mut x = self.cache2[i].get();
        if x.0[WORDS - 1] == u64::MAX {
            // Not computed yet (a doubled weight keeps its top bits clear).
            let y = self.lay.weight(self.field, self.pbi[a], self.pbi[b], place);
            let y = quality::low_bits(&y, self.shift);
            x = y.add(&y);
            debug_assert!(x.0[0] == 0 && x.0[WORDS - 1] != u64::MAX, "spare field not empty");
            self.cache2[i].set(x);
        }
        if x.is_zero() {
            return x;
        }
        let (ra, rb) = (self.rem_of[a], self.rem_of[b]);
        let both = ra != NONE && rb != NONE;
        if both {
            if let Some(s1) = &self.s1
                && (!s1[a] || s1[b])
            {
                return Weight::ZERO;
            }
            if self.no_higher[a] || self.no_lower[b] {
                return Weight::ZERO;
            }
        }
        if self.no_lower[a] && b >= self.ngb {
            return Weight::ZERO;
        }
        let mut lo: u64 = 0;
        if a < self.sgb && b < self.ngb {
            lo = match &self.step2 {
                Some((v, addend)) if *v == a => addend[b],
                _ => self.mdp_bonus[a],
            };
        }
        if both {
            if self.step3 {
                let c = self.lay.count;
                if ra < self.rem_pairs {
                    lo += 1u64 << (2 * c + 1);
                }
                lo += ((1u64 << (2 * c)) - 1 - ra as u64) * 2;
                match self.adj3[a] {
                    1 => lo += 1,
                    -1 => lo -= 1,
                    _ => {}
                }
            }
            x.0[0] = lo << 1;
            if let Some(shift) = self.step4[a] {
                let j = self.open_before[rb] - self.open_before[ra + 1];
                x = x.add_shifted((self.rem_len - j) << 1, shift);
            }
        } else {
            x.0[0] = lo << 1;
        }
        x
    }
}

impl super::blossom::Weights for Model<'_> {
    #[inline(always)]
    fn w2(&self, a: usize, b: usize) -> Weight {
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        let x = self.weight2(a, b);
        debug_assert!(x == self.weight(a, b).add(&self.weight(a, b)), "pair {a}-{b}");
        x
    }
}

impl rest::Edges for Model<'_> {
    fn has_edge(&self, i: usize, j: usize) -> bool {
        !self.base(i.min(j), i.max(j)).is_zero()
    }
}

/// A bracket on the implicit dense path: the dense matcher reading its weights from the
/// [`Model`] (no matrix), with the warm steps of `candidates::bracket`.
struct Implicit<'r, 'a> {
    r: Round<'r>,
    m: Matcher<Model<'a>>,
    pbi: &'a [usize],
    loc: Vec<usize>,
}

impl<'a> Implicit<'_, 'a> {
    fn model(&mut self) -> &mut Model<'a> {
        self.m.weights_mut()
    }

    /// The matcher's optimum, the players' partners, and the check that it extends (as
    /// [`State::solve`]).
    fn solve(&mut self) -> Result<(), Stop> {
        self.m.solve();
        let pbi = self.pbi;
        for (i, &v) in pbi.iter().enumerate() {
            self.r.stable[v] = match self.r.done[v] {
                Some(u) => u,
                None => self.m.mate(i).map_or(v, |j| pbi[j]),
            };
        }
        let Some(rest) = self.r.rest.as_mut() else { return Ok(()) };
        for (i, &v) in pbi.iter().enumerate() {
            if self.r.done[v].is_some() || self.m.mate(i).is_some() {
                rest.leave(v);
            } else {
                rest.join(v);
            }
        }
        let model = self.m.weights();
        let b = rest::Bracket { verts: pbi, pos: &self.loc, mdps: model.sgb, m: model };
        if rest.repair(self.r.field, Some(&b)) { Ok(()) } else { Err(Stop::Unextendable) }
    }

    fn finalize(&mut self, a: usize, b: usize) {
        self.r.done[a] = Some(b);
        self.r.done[b] = Some(a);
        self.r.stable[a] = b;
        self.r.stable[b] = a;
        self.m.remove(self.loc[a]);
        self.m.remove(self.loc[b]);
    }

    /// The current weight of (a, b), field indices.
    fn weight(&self, a: usize, b: usize) -> Weight {
        let (i, j) = (self.loc[a], self.loc[b]);
        self.m.weights().weight(i.min(j), i.max(j))
    }

    fn base(&self, a: usize, b: usize) -> Weight {
        let (i, j) = (self.loc[a], self.loc[b]);
        self.m.weights().base(i.min(j), i.max(j))
    }

    /// Changes the model by `f` and reports every pair of `pairs` (field indices, the
    /// first the vertex re-optimised, as `Matrix::set` in `candidates`) whose weight
    /// changed, in order.
    fn update(&mut self, pairs: &[(usize, usize)], f: impl FnOnce(&mut Model<'a>)) {
        let old: Vec<Weight> = pairs.iter().map(|&(a, b)| self.weight(a, b)).collect();
        f(self.model());
        for (&(a, b), o) in pairs.iter().zip(old) {
            let w = self.weight(a, b);
            let (i, j) = (self.loc[a], self.loc[b]);
            self.m.changed(i, j, &o, &w);
        }
    }

    /// `v`'s edges got heavier (or stayed): re-optimise it (as the first heavier `set` of
    /// the dense path does).
    fn touch(&mut self, v: usize) {
        let i = self.loc[v];
        self.m.touch(i);
    }

    fn tight(&self, a: usize, b: usize) -> bool {
        self.m.is_tight(self.loc[a], self.loc[b])
    }

    fn prefer(&mut self, a: usize, b: usize) -> bool {
        let (i, j) = (self.loc[a], self.loc[b]);
        self.m.prefer(i, j)
    }

    fn raise(&mut self, v: usize, by: Weight) {
        let i = self.loc[v];
        self.m.raise_dual(i, by);
    }

    fn mate_now(&self, v: usize) -> Option<usize> {
        self.m.mate(self.loc[v]).map(|j| self.pbi[j])
    }
}

/// Pairs one restricted bracket with the dense matcher on implicit weights: the decisions
/// and the warm steps (dual raises, grouped restart, step-4 guesses) of
/// `candidates::bracket`, each weight change of its matrix reported to the matcher in the
/// same order, the weights read from the [`Model`] — O(k) memory beside the model's
/// class-pair cache, no k × k matrix.
pub fn implicit(r: Round, br: &Bracket) -> Result<(), Stop> {
    let field = r.field;
    let n = field.players.len();
    let score = |v: usize| field.players[v].score;
    let Bracket { pbi, sgb, ngb, resident_start, next_start, c9, near: _ } = *br;
    let ids = |vs: &[usize]| -> String {
        let v: Vec<String> = vs.iter().map(|&v| field.players[v].id.to_string()).collect();
        format!("[{}]", v.join(" "))
    };
    if ngb > sgb {
        r.explain.push(format!(
            "bracket {}: residents {} MDPs {}",
            crate::half_points(score(pbi[sgb])),
            ids(&pbi[sgb..ngb]),
            ids(&pbi[..sgb])
        ));
    } else {
        r.explain.push(format!("last players {}", ids(&pbi[..ngb])));
    }
    let mut lay = Layout::new(field, pbi, n);
    lay.rounds_before = r.rounds_before;
    lay.last_round = r.last_round;
    lay.bye_score = r.layout.bye_score;
    lay.c9 = c9;
    lay.played_rank = r.layout.played_rank.clone();
    if !lay.fits(n) {
        return Err(Stop::Fail(Failure::TooWide(lay.total_bits(n))));
    }
    let active: Vec<usize> = (0..n).filter(|&v| r.done[v].is_none()).collect();
    let c = lay.count;
    let order_bits = lay.order_bits();
    let k = pbi.len();
    let model = Model::new(field, lay, pbi, sgb, ngb);
    let mut m = Matcher::with_weights(k, model);
    for (i, &v) in pbi.iter().enumerate() {
        m.set_group(i, field.players[v].score as u32);
    }
    // Every player with a pair after it is new (the dense path's first `set` of it).
    for i in 0..k {
        if ((i + 1).max(sgb)..k).any(|j| !m.weights().weight(i, j).is_zero()) {
            m.touch(i);
        }
    }
    let mut loc = vec![NONE_POS; n];
    for (i, &v) in pbi.iter().enumerate() {
        loc[v] = i;
    }
    let mut s = Implicit { r, m, pbi, loc };
    s.solve()?;
    let in_res =
        |s: &Implicit, v: usize| s.r.stable[v] >= resident_start && s.r.stable[v] < next_start;
    // 1. MDP choice.
    let mut md_score = 0;
    let mut rem = 0usize;
    let mut remm = 0usize;
    for pi in 0..sgb {
        let v = pbi[pi];
        if pi == 0 || score(v) < md_score {
            md_score = score(v);
            rem = 0;
            remm = 0;
            let mut k = pi;
            while k < sgb && score(pbi[k]) >= md_score {
                rem += 1;
                if in_res(&s, pbi[k]) {
                    remm += 1;
                }
                k += 1;
            }
        }
        if remm == 0 {
            continue;
        }
        if rem <= remm {
            s.r.matched[v] = true;
            continue;
        }
        rem -= 1;
        let pairs: Vec<(usize, usize)> = (sgb..ngb).map(|oi| (v, pbi[oi])).collect();
        if !in_res(&s, v) {
            s.update(&pairs, |m| m.mdp_bonus[pi] = 1);
            s.solve()?;
        }
        if in_res(&s, v) {
            s.r.matched[v] = true;
            remm -= 1;
            s.update(&pairs, |m| m.mdp_bonus[pi] = (ngb - sgb) as u64 + 1);
        }
    }
    // 2. Opponents of the MDPs.
    for pi in 0..sgb {
        let v = pbi[pi];
        if !s.r.matched[v] {
            continue;
        }
        let mut addend = pbi.len() as u64;
        let mut top = None;
        let mut bonus = vec![0u64; pbi.len()];
        let mut pairs = Vec::new();
        for oi in (sgb..ngb).rev() {
            let o = pbi[oi];
            if s.r.matched[o] {
                continue;
            }
            if !s.base(v, o).is_zero() {
                bonus[oi] = addend;
                addend += 1;
                top = Some(o);
                pairs.push((v, o));
            }
        }
        s.update(&pairs, |m| m.step2 = Some((pi, bonus)));
        if top != Some(s.r.stable[v]) {
            s.solve()?;
        }
        let u = s.r.stable[v];
        s.r.matched[u] = true;
        s.finalize(v, u);
        // v has left the graph: its edges are read no more.
        s.model().step2 = None;
    }
    // 3. Remainder, S1/S2 and exchanges.
    let remainder: Vec<usize> =
        (sgb..ngb).map(|pi| pbi[pi]).filter(|&v| s.r.stable[v] >= resident_start).collect();
    let rem_pairs = remainder.iter().filter(|&&v| s.r.stable[v] < v).count();
    let mdp_pairs: Vec<String> = (0..sgb)
        .filter(|&pi| s.r.done[pbi[pi]].is_some())
        .map(|pi| {
            let v = pbi[pi];
            format!("{}-{}", field.players[v].id, field.players[s.r.stable[v]].id)
        })
        .collect();
    if sgb > 0 {
        s.r.explain.push(format!(
            "  MDPs paired (4.4, highest first; each with the highest resident possible): {}",
            if mdp_pairs.is_empty() { "none".to_string() } else { mdp_pairs.join(" ") }
        ));
    }
    s.r.explain.push(format!(
        "  remainder: S1 {} S2 {}",
        ids(&remainder[..rem_pairs.min(remainder.len())]),
        ids(&remainder[rem_pairs.min(remainder.len())..])
    ));
    // The step's bonus of a remainder pair, by the rank of its higher player (the model's
    // step-3 term, as `candidates::bracket` writes it).
    let bonus = |ri: usize| -> Weight {
        let first = if ri < rem_pairs { Weight::bit(2 * c + 1) } else { Weight::ZERO };
        first.add_u64(((1u64 << (2 * c)) - 1 - ri as u64) * 2)
    };
    {
        let locs: Vec<usize> = remainder.iter().map(|&v| s.loc[v]).collect();
        let model = s.model();
        for (ri, &lv) in locs.iter().enumerate() {
            model.rem_of[lv] = ri;
        }
        model.rem_pairs = rem_pairs;
        model.step3 = true;
    }
    // Every remainder pair of non-zero weight got heavier: its higher player is
    // re-optimised.
    for (ri, &v) in remainder.iter().enumerate() {
        if remainder[ri + 1..].iter().any(|&o| !s.base(v, o).is_zero()) {
            s.touch(v);
        }
    }
    let upper = |s: &Implicit, v: usize| s.r.stable[v] > v && s.r.stable[v] < next_start;
    if !(0..rem_pairs).all(|ri| upper(&s, remainder[ri])) {
        // The optimum's duals are foreseeable (`candidates::bracket`).
        if rem_pairs > 0 && rem_pairs < remainder.len() {
            let h = bonus(rem_pairs).add(&bonus(rem_pairs - 1)).half().half();
            for (ri, &v) in remainder.iter().enumerate() {
                s.raise(v, if ri < rem_pairs { bonus(ri).sub(&h) } else { h });
            }
        }
        s.solve()?;
    }
    let exchanges = (0..rem_pairs).filter(|&ri| !upper(&s, remainder[ri])).count();
    let mut left = exchanges;
    let mut ri = rem_pairs;
    while ri > 0 && left > 0 {
        ri -= 1;
        let v = remainder[ri];
        let lv = s.loc[v];
        let later: Vec<(usize, usize)> = remainder[ri + 1..].iter().map(|&o| (v, o)).collect();
        if upper(&s, v) {
            s.update(&later, |m| m.adj3[lv] = -1);
            s.solve()?;
        }
        let exchange = !upper(&s, v);
        if exchange {
            left -= 1;
        }
        s.update(&later, |m| {
            if exchange {
                m.no_higher[lv] = true;
            }
            m.adj3[lv] = 0;
        });
    }
    let mut left = exchanges;
    let mut ri = rem_pairs;
    while ri < remainder.len() && left > 1 {
        let v = remainder[ri];
        let lv = s.loc[v];
        let later: Vec<(usize, usize)> = remainder[ri + 1..].iter().map(|&o| (v, o)).collect();
        let already = upper(&s, v);
        if !already {
            s.update(&later, |m| m.adj3[lv] = 1);
            s.solve()?;
        }
        if upper(&s, v) {
            left -= 1;
            let out: Vec<(usize, usize)> =
                remainder[..ri].iter().chain(&pbi[ngb..]).map(|&o| (v, o)).collect();
            s.update(&out, |m| m.no_lower[lv] = true);
        }
        if !already {
            s.update(&later, |m| m.adj3[lv] = 0);
        }
        ri += 1;
    }
    // S1 x S2 pairs keep their bonus (every optimum from now on pairs each S1 player with
    // an S2 player below it); the other remainder pairs are taken out (lighter).
    let s1_flags: Vec<bool> = remainder.iter().map(|&v| upper(&s, v)).collect();
    for (ri, &p) in remainder.iter().enumerate() {
        for (rj, &o) in remainder.iter().enumerate().skip(ri + 1) {
            if !s1_flags[ri] || s1_flags[rj] {
                let (i, j) = (s.loc[p], s.loc[o]);
                s.m.changed_dir(i, j, true);
            }
        }
    }
    {
        let mut flags = vec![false; pbi.len()];
        for (ri, &v) in remainder.iter().enumerate() {
            flags[s.loc[v]] = s1_flags[ri];
        }
        s.model().s1 = Some(flags);
    }
    {
        let s1_now: Vec<usize> = remainder.iter().copied().filter(|&v| upper(&s, v)).collect();
        let s1_before = &remainder[..rem_pairs.min(remainder.len())];
        let out: Vec<usize> = s1_before.iter().copied().filter(|v| !s1_now.contains(v)).collect();
        let into: Vec<usize> = s1_now.iter().copied().filter(|v| !s1_before.contains(v)).collect();
        if !out.is_empty() {
            s.r.explain.push(format!(
                "  exchange (4.3): {} from S1 to S2, {} from S2 to S1",
                ids(&out),
                ids(&into)
            ));
        }
    }
    // 4. Transpositions, a group of S1 players per matching, with the step-4 guesses
    // (`candidates::bracket`).
    let s1: Vec<usize> = remainder.iter().copied().filter(|&v| upper(&s, v)).collect();
    let m = remainder.len() as u64;
    let digit_bits = quality::bits_for(m as usize + 1);
    let group = ((order_bits - 1) / digit_bits).max(1) as usize;
    s.model().rem_len = m;
    let rpos = |v: usize| remainder.binary_search(&v).unwrap_or(0);
    for chunk in s1.chunks(group) {
        let mut taken: Vec<usize> = Vec::new();
        let mut holds = true;
        for &v in chunk {
            let top = remainder.iter().copied().find(|&o| {
                o > v && !s.r.matched[o] && !taken.contains(&o) && !s.base(v, o).is_zero()
            });
            taken.push(s.r.stable[v]);
            if top != Some(s.r.stable[v]) {
                holds = false;
                break;
            }
        }
        if !holds {
            let g = chunk.len();
            s.m.flatten();
            let mut claimed: Vec<usize> = Vec::with_capacity(g);
            for &v in chunk {
                let guess = remainder.iter().copied().find(|&o| {
                    o > v
                        && !s.r.matched[o]
                        && !claimed.contains(&o)
                        && !s.base(v, o).is_zero()
                        && s.tight(v, o)
                });
                if let Some(o) = guess {
                    s.prefer(v, o);
                }
                if let Some(u) = s.mate_now(v) {
                    claimed.push(u);
                }
            }
            // The digits: S1 player i of the group adds (m - j) * B^(g-1-i) on its edge
            // to its j-th unmatched S2 player below it.
            let mut open = Vec::with_capacity(remainder.len() + 1);
            let mut count = 0u64;
            for &o in &remainder {
                open.push(count);
                count += !s.r.matched[o] as u64;
            }
            open.push(count);
            let digit = |v: usize, o: usize, i: usize| -> Weight {
                let (rv, ro) = (rpos(v), rpos(o));
                let j = open[ro] - open[rv + 1];
                Weight::from_u64(m - j).shl(digit_bits * (g - 1 - i) as u32)
            };
            let partners: Vec<Option<usize>> = chunk.iter().map(|&v| s.mate_now(v)).collect();
            // For each partner of the group, the largest digit a later player of the group
            // puts on its edges (the part of the partner's dual raise).
            let mut later = vec![Weight::ZERO; g];
            for (i, &v) in chunk.iter().enumerate().rev() {
                if let Some(o) = partners[i]
                    && o > v
                    && !s.r.matched[o]
                    && !s.base(v, o).is_zero()
                {
                    let d = digit(v, o, i);
                    s.raise(v, d.sub(&later[i]));
                    s.raise(o, later[i]);
                }
                for (pi, p) in partners.iter().enumerate().take(i) {
                    if let Some(o) = *p
                        && o > v
                        && !s.r.matched[o]
                        && !s.base(v, o).is_zero()
                    {
                        let d = digit(v, o, i);
                        if d > later[pi] {
                            later[pi] = d;
                        }
                    }
                }
                // v's edges below it got heavier: v is re-optimised.
                if remainder.iter().any(|&o| o > v && !s.r.matched[o] && !s.base(v, o).is_zero()) {
                    s.touch(v);
                }
            }
            s.model().open_before = open;
            for (i, &v) in chunk.iter().enumerate() {
                let lv = s.loc[v];
                s.model().step4[lv] = Some(digit_bits * (g - 1 - i) as u32);
            }
            s.solve()?;
        }
        for &v in chunk {
            let u = s.r.stable[v];
            s.r.matched[v] = true;
            s.r.matched[u] = true;
            s.finalize(v, u);
        }
    }
    let decided = explain::Bracket {
        field,
        layout: &s.m.weights().lay,
        players: pbi,
        mdps: sgb,
        size: ngb,
        active: &active,
        partner: s.r.done,
        remainder: &remainder,
        s1_before: rem_pairs,
        s1: &s1,
    };
    let lines = if s.r.deep { explain::bracket(&decided) } else { explain::partners(&decided) };
    s.r.explain.extend(lines);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (LCG).
    struct Lcg(u64);
    impl Lcg {
        fn below(&mut self, m: u64) -> u64 {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (self.0 >> 33) % m
        }
    }

    #[test]
    fn tied_graphs_keep_a_certificate_through_changes() {
        let mut r = Lcg(3);
        for n in [9usize, 40, 121] {
            let mut m = SparseMatcher::new(n);
            for a in 0..n {
                for b in a + 1..n {
                    if r.below(4) != 0 {
                        let x = Weight::from_u64(1).shl(200).add_u64(r.below(20) / 19);
                        m.set_weight(a, b, x);
                    }
                }
            }
            m.solve();
            m.check_certificate();
            let matched = (0..n).filter(|&v| m.mate(v).is_some()).count();
            assert_eq!(matched, n - n % 2, "{n} vertices: not perfect");
            // A few vertices change, a matched pair leaves: still a certificate.
            for step in 0..6 {
                let v = r.below(n as u64) as usize;
                if !m.is_alive(v) {
                    continue;
                }
                for u in 0..n {
                    if u != v && m.is_alive(u) && r.below(3) == 0 {
                        let x = Weight::from_u64(1).shl(200).add_u64(step + r.below(3));
                        m.set_weight(v, u, x);
                    }
                }
                if let Some(u) = m.mate(v).filter(|_| step % 2 == 1) {
                    m.remove(v);
                    m.remove(u);
                }
                m.solve();
                m.check_certificate();
            }
        }
    }
}
