//! The duals: an edge's slack, the optimality certificate (debug builds), and the
//! least-slack records a dual step reads, made exact when they decide it.

use super::*;

impl<const NW: usize, W: Weights<NW>> Matcher<NW, W> {
    /// Twice the weight of edge `k`.
    #[inline(always)]
    pub(super) fn wk(&self, k: usize) -> Weight<NW> {
        let (i, j) = self.ends(k);
        self.w.w2(i, j)
    }

    pub(super) fn slack(&self, k: usize) -> Weight<NW> {
        let (i, j) = self.ends(k);
        self.dualvar[i].add_sub(&self.dualvar[j], &self.wk(k))
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

    /// Whether the least-slack record of the vertex `v` (not outer) is exact: it leads to
    /// an outer vertex and its bound is the edge's slack (the far end may have left the
    /// forest and come back since).
    pub(super) fn vertex_record_exact(&self, v: usize) -> bool {
        let k = self.bestedge[v];
        self.top_label(self.other_end(k, v)) == 1 && self.slack(k) == self.bestslack[v]
    }

    /// Whether the least-slack record of the outer blossom `b` is exact: it leads to
    /// another outer blossom and its bound is the edge's slack.
    pub(super) fn outer_record_exact(&self, b: usize) -> bool {
        let k = self.bestedge[b];
        if k == NONE || !self.unread[b].is_empty() {
            return false;
        }
        let x = self.end_outside(k, b);
        self.inblossom[x] != b && self.top_label(x) == 1 && self.slack(k) == self.bestslack[b]
    }

    /// Redoes the least-slack edge from the vertex `v` (not outer) to the outer vertices.
    pub(super) fn recompute_vertex_best(&mut self, v: usize) {
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
    pub(super) fn recompute_outer_best(&mut self, b: usize) {
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
    pub(super) fn edges_to_outer(&self, b: usize, v: usize, mut f: impl FnMut(usize, Weight<NW>)) {
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
}
