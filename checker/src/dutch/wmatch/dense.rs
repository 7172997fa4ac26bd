//! The O(n³) primal-dual solver on a whole graph (vertex duals, blossom duals, S/T labels,
//! four kinds of dual change, following Galil), and its entry points: maximum weight
//! ([`max_weight_matching`], maximum cardinality first when asked) and maximum-weight
//! perfect matching ([`max_weight_perfect_matching`]), each with a greedy warm start.

use super::duals::Solution;
use super::weight::Weight;

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

pub(super) fn solve_full<W: Weight>(
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
            self.start_stage();
            let mut augmented = false;
            loop {
                if self.scan_queue() {
                    augmented = true;
                    break;
                }
                // Dual change.
                let (deltatype, delta, deltaedge, deltablossom) = self.dual_delta(max_cardinality);
                self.apply_delta(delta);
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

    /// Starts a stage: no labels, best edges or allowed edges; the tight free pairs matched;
    /// every free vertex outside a labelled blossom labelled S.
    fn start_stage(&mut self) {
        let n = self.n;
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
    }

    /// Scans the edges of the queued S vertices (labels, new blossoms, best edges): true when
    /// the matching was augmented, which ends the stage.
    fn scan_queue(&mut self) -> bool {
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
                            return true;
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
        }
        false
    }

    /// The dual change to make: its type (1: the stage ends; 2, 3: an edge becomes tight; 4:
    /// a T blossom's dual reaches zero), delta, the edge of types 2 and 3, the blossom of
    /// type 4.
    fn dual_delta(&mut self, max_cardinality: bool) -> (u8, W, usize, usize) {
        let n = self.n;
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
            if self.blossomparent[b] == NONE && self.label[b] == 1 && self.bestedge[b] != NONE {
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
        (deltatype, delta, deltaedge, deltablossom)
    }

    /// Moves the duals by `delta`: S vertices down and T vertices up, outermost S blossoms up
    /// and T blossoms down.
    fn apply_delta(&mut self, delta: W) {
        let n = self.n;
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
    }
}
