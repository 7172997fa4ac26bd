//! The primal-dual stages (`run`): augment where trees meet, dissolve only the trees
//! involved, step the duals by the least slack, until no root is left.

use super::*;

/// A dissolution that touches more than NUM/DEN of the forest ends the stage instead.
const BIG_DISSOLVE_NUM: usize = 1;

const BIG_DISSOLVE_DEN: usize = 2;

impl<const NW: usize, W: Weights<NW>> Matcher<NW, W> {
    pub(super) fn unmatch(&mut self, v: usize) {
        if self.mate[v] != NONE {
            let x = self.endpoint(self.mate[v]);
            if self.logging {
                self.mate_log.push((v, self.mate[v]));
                self.mate_log.push((x, self.mate[x]));
            }
            self.mate[x] = NONE;
            self.mate[v] = NONE;
        }
    }

    pub(super) fn augment_matching(&mut self, k: usize) {
        let (v, w) = self.ends(k);
        self.work.augmentations += 1;
        self.rematch_to_root(v, 2 * k + 1);
        self.rematch_to_root(w, 2 * k);
    }

    /// Flips the even alternating path from the outer vertex `s` to the root of its tree:
    /// the root becomes matched and `s` free (its dual has reached zero).
    pub(super) fn augment_to_root(&mut self, s: usize) {
        self.work.augmentations += 1;
        self.rematch_to_root(s, NONE);
    }

    /// Matches the outer vertex `s` by endpoint `p` (`NONE`: leaves it free) and flips the
    /// alternating path from `s` to the root of its tree.
    pub(super) fn rematch_to_root(&mut self, mut s: usize, mut p: usize) {
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

    /// Augments over edge `k` (between two trees, or from a tree to a free vertex of dual
    /// zero) and dissolves the trees involved.
    pub(super) fn augment_edge(&mut self, k: usize) {
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
    pub(super) fn dissolve_trees(&mut self, roots: &[usize]) {
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

    /// Works off the scan queue and the rescans. The queue is worked first in, first out
    /// (breadth first, every tree growing a level at a time): last in, first out let the
    /// newest root's tree swallow the whole tight component before any other root was
    /// scanned, so that each augmentation dissolved (and the next stage rescanned) most of
    /// the forest — 33,598 scans instead of 740 for one step-3 matching of 4,238 players.
    pub(super) fn scan_all(&mut self) {
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
    pub(super) fn use_tight_edge(&mut self, k: usize) {
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
    pub(super) fn new_stage(&mut self) {
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
    pub(super) fn pair_free(&mut self) {
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
    pub(super) fn restart_stage(&mut self) {
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

    pub(super) fn run(&mut self) {
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
            self.work.dual_steps += 1;
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
