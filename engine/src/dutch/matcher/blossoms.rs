//! Blossoms: forming one when two outer vertices of a tree meet (`add_blossom`), expanding
//! one (`expand_blossom`), and augmenting through them.

use super::*;

/// A merge finds the vertices of an outer sub-blossom of more than n/BIG_WALK vertices by
/// a pass over all vertices rather than by a walk of its nested sub-blossoms.
const BIG_WALK: usize = 16;

/// How a walk round a blossom's cycle, from its child at index `i` back to the base (index
/// 0), passes an even number of edges: forward from `i - len` when `i` is odd, backward from
/// `i` otherwise. Returns (start, step, endptrick); indices are taken modulo `len`.
fn cycle_walk(i: usize, len: usize) -> (isize, isize, usize) {
    let j = i as isize;
    if j & 1 != 0 { (j - len as isize, 1, 0) } else { (j, -1, 1) }
}

impl<const NW: usize, W: Weights<NW>> Matcher<NW, W> {
    /// Dissolves every blossom containing `v` (step 1 of the module docs), from the top
    /// down: each one's dual goes to its vertices, its children become top-level, and the
    /// matched edge at its base is unmatched when that leaves it loose (its dual positive,
    /// unless the edge got heavier by as much: `flat_slack`).
    /// Each vertex is visited once: the child dissolved next neither takes the duals of
    /// the blossoms above nor becomes the top blossom of its vertices (both go to the
    /// children that stay, the duals summed). Dissolving the nested blossoms one level at
    /// a time walked every leaf at every level (quadratic in the depth: a blossom grown by
    /// thousands of merges).
    pub(super) fn make_trivial(&mut self, v: usize) {
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
            self.release_blossom(b);
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

    /// Appends the vertices inside `b`, children in order, depth first. An explicit stack, not
    /// recursion: blossoms nest as deep as a tight component is long (a million-player
    /// round overflowed the thread's stack).
    pub(super) fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
            return;
        }
        let mut stack = vec![b];
        while let Some(t) = stack.pop() {
            if t < self.n {
                out.push(t);
            } else {
                stack.extend(self.blossomchilds[t].iter().rev());
            }
        }
    }

    pub(super) fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut v = Vec::new();
        self.leaves(b, &mut v);
        v
    }

    pub(super) fn add_blossom(&mut self, base: usize, k: usize) {
        let (path, endps) = self.cycle(base, k);
        let (b, kept, path, bb) = self.number_new_blossom(path, self.inblossom[base]);
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
        self.take_members(b, kept, &path);
        self.merge_records(b, kept, &path);
    }

    /// The cycle that edge `k` closes over the tree of `base`: its top-level blossoms from
    /// the base's, and their endpoints.
    fn cycle(&self, base: usize, k: usize) -> (Vec<usize>, Vec<usize>) {
        let (mut v, mut w) = self.ends(k);
        let bb = self.inblossom[base];
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
        (path, endps)
    }

    /// The new blossom's number and the sub-blossom kept whole (`NONE`: none), with the
    /// cycle `path` and the base's blossom `bb` renumbered accordingly.
    fn number_new_blossom(
        &mut self,
        mut path: Vec<usize>,
        mut bb: usize,
    ) -> (usize, usize, Vec<usize>, usize) {
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
        (b, kept, path, bb)
    }

    /// Makes `b` the top blossom of the vertices of its sub-blossoms in `path` (the kept
    /// one's already are).
    fn take_members(&mut self, b: usize, kept: usize, path: &[usize]) {
        // The vertices of an inner sub-blossom are queued (in the order of a leaf walk);
        // those of a big outer one are found by their top blossom in one pass over the
        // vertices instead of a walk through its nested sub-blossoms (the order does not
        // matter there: they only change their top blossom).
        let mut size = 0;
        for &c in path {
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
    }

    /// The new blossom's least-slack records and list of edges to other outer blossoms,
    /// from its sub-blossoms' (`kept`'s list taken over as it is).
    fn merge_records(&mut self, b: usize, kept: usize, path: &[usize]) {
        // The least-slack edge from the new blossom to each other outer blossom, gathered
        // in scratch arrays indexed by blossom (only the touched entries are reset).
        let n = self.n;
        let mut bestto = std::mem::take(&mut self.scratch_edge);
        let mut bestsl = std::mem::take(&mut self.scratch_slack);
        let mut touched = std::mem::take(&mut self.scratch_touched);
        // (Edge k, slack ks, to the outer blossom bj.)
        fn consider<const NW: usize>(
            bestto: &mut [usize],
            bestsl: &mut [Weight<NW>],
            touched: &mut Vec<usize>,
            bj: usize,
            k: usize,
            ks: Weight<NW>,
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
        let settled = |bestto: &[usize], bestsl: &[Weight<NW>], bj: usize| {
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
        for &bv in path {
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
    pub(super) fn big_outer(&self, c: usize) -> bool {
        c >= self.n && self.label[c] != 2 && self.blossomsize[c] * BIG_WALK > self.n
    }

    /// Moves the top-level blossom `c` to the unused number `to` (its vertices' top
    /// blossom is left as `c`: the caller makes `c` the new blossom that holds it).
    pub(super) fn renumber(&mut self, c: usize, to: usize) {
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

    pub(super) fn expand_blossom(&mut self, b: usize, endstage: bool) {
        if endstage {
            self.expand_at_stage_end(b);
            return;
        }
        let childs = self.open_blossom(b);
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else {
                for leaf in self.leaves_of(s) {
                    self.inblossom[leaf] = s;
                }
            }
        }
        if self.label[b] == 2 {
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
        self.release_blossom(b);
    }

    /// `b`'s children, each given `b`'s tree: the first step of dissolving `b`.
    fn open_blossom(&mut self, b: usize) -> Vec<usize> {
        self.outside_of = NONE;
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.tree[s] = self.tree[b];
        }
        childs
    }

    /// [`Matcher::expand_blossom`] at the end of a stage: `b` dissolved, and inside it every
    /// sub-blossom of zero dual, innermost released first. The nesting is walked with an
    /// explicit stack of (blossom, children, next child), in the order a recursion would
    /// take, so the free list of blossom numbers is the same: blossoms nest thousands deep
    /// in a dense tight component, and recursion overflowed the stack at 1,000,000 players.
    fn expand_at_stage_end(&mut self, b: usize) {
        let mut stack = vec![(b, self.open_blossom(b), 0)];
        while let Some((top, childs, next)) = stack.last_mut() {
            let Some(&s) = childs.get(*next) else {
                let top = *top;
                stack.pop();
                self.release_blossom(top);
                continue;
            };
            *next += 1;
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if self.dualvar[s].is_zero() {
                stack.push((s, self.open_blossom(s), 0));
            } else {
                for leaf in self.leaves_of(s) {
                    self.inblossom[leaf] = s;
                }
            }
        }
    }

    /// Returns the dissolved blossom `b`'s number to the free list, its records cleared.
    fn release_blossom(&mut self, b: usize) {
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
    pub(super) fn augment_blossom(&mut self, b: usize, v: usize) {
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
    pub(super) fn augment_level(&mut self, b: usize, t: usize) {
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
}
