//! Growing the alternating trees: labels, and the scans of an outer vertex's edges that
//! record each blossom's least-slack edges (`scan_edge`, `scan_vertex`, `scan_run`).

use super::*;

/// Records edge `k` (slack `s`) from an outer blossom to another in that blossom's record
/// (`record`: its least-slack edge and slack) and list. The list is kept complete (a later
/// merge takes its edges from it); one of `cap` entries or more is dropped, and a
/// recomputed record then reads the edges of the blossom's vertices instead — the same
/// edges, without O(n) memory per blossom (with repeats, the lists of one stage can outgrow
/// a dense matrix).
#[inline(always)]
pub(super) fn note_edge<const NW: usize>(
    record: (&mut usize, &mut Weight<NW>),
    list: &mut Option<Vec<usize>>,
    cap: usize,
    k: usize,
    s: Weight<NW>,
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

impl<const NW: usize, W: Weights<NW>> Matcher<NW, W> {
    pub(super) fn edge(&self, a: usize, b: usize) -> usize {
        if a < b { a * self.n + b } else { b * self.n + a }
    }

    /// The endpoint at `u`'s end of edge (v, u).
    pub(super) fn towards(&self, v: usize, u: usize) -> usize {
        if v < u { 2 * (v * self.n + u) + 1 } else { 2 * (u * self.n + v) }
    }

    pub(super) fn ends(&self, k: usize) -> (usize, usize) {
        (k / self.n, k % self.n)
    }

    pub(super) fn endpoint(&self, p: usize) -> usize {
        let k = p >> 1;
        if p & 1 == 0 { k / self.n } else { k % self.n }
    }

    pub(super) fn assign_label(&mut self, w: usize, t: u8, p: usize) {
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

    pub(super) fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
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

    /// The root of the alternating tree of the labelled vertex `v` (kept on its top-level
    /// blossom).
    pub(super) fn tree_of(&self, v: usize) -> usize {
        self.tree[self.inblossom[v]]
    }

    /// Top-level label of `v`'s blossom: 0 none, 1 outer (S), 2 inner (T).
    pub(super) fn top_label(&self, v: usize) -> u8 {
        self.label[self.inblossom[v]]
    }

    /// The end of edge `k` that is not `v` (`v` is one of its ends).
    pub(super) fn other_end(&self, k: usize, v: usize) -> usize {
        let (i, j) = self.ends(k);
        if i == v { j } else { i }
    }

    /// The end of edge `k` outside the blossom `b` (one end is inside).
    pub(super) fn end_outside(&self, k: usize, b: usize) -> usize {
        let (i, j) = self.ends(k);
        if self.inblossom[i] == b { j } else { i }
    }

    /// Records `k` (slack `s`, from a vertex of the outer blossom `b` to another outer
    /// blossom) as a candidate for `b`'s least-slack edge.
    pub(super) fn note_outer_edge(&mut self, b: usize, k: usize, s: Weight<NW>) {
        let cap = LIST_CAP * self.n;
        let record = (&mut self.bestedge[b], &mut self.bestslack[b]);
        note_edge(record, &mut self.blossombestedges[b], cap, k, s);
    }

    /// Looks at edge (v, w) from the outer vertex `v` (slack `s`): grows the tree, makes a
    /// blossom or augments over a tight edge, else remembers the edge as a least-slack
    /// candidate. Returns whether it augmented (v's tree is then dissolved).
    pub(super) fn scan_edge(&mut self, v: usize, w: usize, s: Weight<NW>) -> bool {
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
    pub(super) fn scan_vertex(&mut self, v: usize) {
        self.work.scans += 1;
        // Duals change only in the dual adjustment, never during a scan.
        let yv = self.dualvar[v];
        let listed = self.outside_listed(self.inblossom[v]);
        // (Without the big blossom's list, a vertex of a part reads the vertices outside
        // it: `set_parts`.)
        let part = if listed { 0 } else { self.part[v] as usize };
        let mut from = 0;
        while let Some(i) = self.scan_run(v, &yv, from, listed, part) {
            let w = match (listed, part) {
                (true, _) => self.outside[i],
                (false, 0) => i,
                (false, p) => self.part_lists[p - 1][i],
            };
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
    pub(super) fn outside_listed(&mut self, b: usize) -> bool {
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
    /// the entries of `outside`, or with `part` (not 0) those of its `part_lists`
    /// entry. The common case, a least-slack candidate (as in
    /// `scan_edge`), is recorded here; the caller handles the tight edge, which may grow
    /// the tree or make a blossom. Nothing that a run reads changes during it, so it reads
    /// the matcher's arrays as plain slices (the row loop is the matching's inner loop).
    pub(super) fn scan_run(
        &mut self,
        v: usize,
        yv: &Weight<NW>,
        from: usize,
        listed: bool,
        part: usize,
    ) -> Option<usize> {
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
            part_lists,
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
        } else if part != 0 {
            let list = &part_lists[part - 1];
            for i in from..list.len() {
                look!(list[i], i);
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
    pub(super) fn rescan_vertex(&mut self, u: usize) {
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
}
