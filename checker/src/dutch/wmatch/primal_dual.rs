//! Edmonds' primal-dual method with explicit blossom objects (the checker's own
//! formulation, after the textbook description in Galil, "Efficient algorithms for finding
//! maximum matching in graphs", 1986, §3).
//!
//! A *node* is a vertex (`0..n`) or a blossom (`n..`): a [`Blossom`] holds its odd cycle of
//! member nodes, the edge joining each member to the next, its base vertex and its dual.
//! Rebasing a blossom (after an augmentation through it) and dissolving one recurse into
//! its members. Labels (`Even`, `Odd`) sit on the outermost nodes only, each labelled node
//! keeping the edge that joins it to its parent in the alternating forest.
//!
//! Duals in doubled units: an edge `(u, v, w)` has slack `y_u + y_v - 2w + 2 Σ z_B` over the
//! blossoms B holding both ends, ≥ 0 for every edge and 0 for every matched one. A dual
//! change by δ lowers the Even vertices' duals and raises the Odd ones', raises the
//! outermost Even blossoms' duals and lowers the Odd ones'. So during a stage the slack of
//! an edge between two Even nodes drops by 2δ per change, and that of an edge from an Even
//! to an unreached node by δ: the first live in one priority queue keyed by their slack
//! plus twice the stage's total change, the second as the least-slack edge per unreached
//! vertex, both valid for the whole stage (a vertex once Even stays Even until the stage
//! ends).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::duals::{NONE, Solution};
use super::weight::Weight;

/// No vertex, node or edge.
const NIL: usize = usize::MAX;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Label {
    Unreached,
    Even,
    Odd,
}

/// An odd cycle of nodes shrunk into one node.
struct Blossom<W> {
    /// The cycle, `members[0]` holding the base.
    members: Vec<usize>,
    /// `joins[i] = (a, b)`: the edge from `a` (in `members[i]`) to `b` (in the next member,
    /// cyclically). The joins at odd positions are matched.
    joins: Vec<(usize, usize)>,
    /// The vertex through which the blossom is matched outside (or free).
    base: usize,
    dual: W,
    /// Its number of vertices.
    size: usize,
}

/// The next dual change's event.
#[derive(Clone, Copy)]
enum Event {
    /// The free vertices' duals reach zero: the matching is of maximum weight.
    Optimal,
    /// The edge from an Even vertex to an unreached one becomes tight.
    Reach(usize, usize),
    /// The edge (by index) between two Even nodes becomes tight.
    Close(usize),
    /// An Odd blossom's dual reaches zero.
    Dissolve(usize),
}

pub(super) struct Solver<'a, W: Weight> {
    n: usize,
    edges: &'a [(usize, usize, W)],
    /// Twice each edge's weight.
    twice: Vec<W>,
    /// Per vertex, its neighbours with the edge's index.
    adjacent: Vec<Vec<(usize, usize)>>,
    /// Per vertex: its dual, its partner (`NIL`: free), its outermost node.
    y: Vec<W>,
    partner: Vec<usize>,
    outer: Vec<usize>,
    /// Per node: the blossom holding it (`NIL`: outermost), its label and, when labelled and
    /// not a root, the edge to its forest parent (own end first).
    within: Vec<usize>,
    label: Vec<Label>,
    parent_edge: Vec<(usize, usize)>,
    /// Per labelled node, its tree: the free vertex at the root.
    tree: Vec<usize>,
    /// Blossom `n + i` is `blossoms[i]` (`None`: slot free, listed in `free_slots`).
    blossoms: Vec<Option<Blossom<W>>>,
    free_slots: Vec<usize>,
    /// Per unreached vertex, the Even vertex and edge of least slack to it (`NIL`: none).
    nearest: Vec<(usize, usize)>,
    /// The edges between Even nodes, keyed by slack plus twice `moved`.
    between_even: BinaryHeap<Reverse<(W, usize)>>,
    /// The stage's total dual change so far.
    moved: W,
    /// Even vertices whose edges are still to scan.
    to_scan: Vec<usize>,
    /// Marks of the search for a common ancestor (`visit` the current one).
    seen: Vec<u64>,
    visit: u64,
}

impl<'a, W: Weight> Solver<'a, W> {
    pub(super) fn new(
        n: usize,
        edges: &'a [(usize, usize, W)],
        start_dual: impl Fn(usize) -> W,
    ) -> Self {
        let mut adjacent = vec![Vec::new(); n];
        for (k, &(a, b, _)) in edges.iter().enumerate() {
            if a != b {
                adjacent[a].push((b, k));
                adjacent[b].push((a, k));
            }
        }
        Solver {
            n,
            edges,
            twice: edges.iter().map(|e| e.2.plus(e.2)).collect(),
            adjacent,
            y: (0..n).map(start_dual).collect(),
            partner: vec![NIL; n],
            outer: (0..n).collect(),
            within: vec![NIL; n],
            label: vec![Label::Unreached; n],
            parent_edge: vec![(NIL, NIL); n],
            tree: vec![NIL; n],
            blossoms: Vec::new(),
            free_slots: Vec::new(),
            nearest: vec![(NIL, NIL); n],
            between_even: BinaryHeap::new(),
            moved: W::zero(),
            to_scan: Vec::new(),
            seen: vec![0; n],
            visit: 0,
        }
    }

    #[inline]
    fn slack(&self, u: usize, v: usize, k: usize) -> W {
        self.y[u].plus(self.y[v]).minus(self.twice[k])
    }

    /// Matches the listed edges, in order, whose ends are both free and which are tight.
    pub(super) fn greedy(&mut self, order: impl Iterator<Item = usize>) {
        for k in order {
            let Some(&(a, b, _)) = self.edges.get(k) else { continue };
            if a != b
                && self.partner[a] == NIL
                && self.partner[b] == NIL
                && self.slack(a, b, k) == W::zero()
            {
                self.partner[a] = b;
                self.partner[b] = a;
            }
        }
    }

    fn blossom(&self, node: usize) -> &Blossom<W> {
        self.blossoms[node - self.n].as_ref().expect("a live blossom")
    }

    fn blossom_mut(&mut self, node: usize) -> &mut Blossom<W> {
        self.blossoms[node - self.n].as_mut().expect("a live blossom")
    }

    fn base(&self, node: usize) -> usize {
        if node < self.n { node } else { self.blossom(node).base }
    }

    /// The vertices inside `node`.
    fn vertices(&self, node: usize) -> Vec<usize> {
        let mut found = Vec::new();
        let mut stack = vec![node];
        while let Some(x) = stack.pop() {
            if x < self.n {
                found.push(x);
            } else {
                stack.extend_from_slice(&self.blossom(x).members);
            }
        }
        found
    }

    fn size(&self, node: usize) -> usize {
        if node < self.n { 1 } else { self.blossom(node).size }
    }

    /// The member of blossom `node` that holds vertex `v`.
    fn member_holding(&self, node: usize, v: usize) -> usize {
        let mut x = v;
        while self.within[x] != node {
            x = self.within[x];
        }
        x
    }

    /// The outermost blossoms, by node.
    fn outermost_blossoms(&self) -> Vec<usize> {
        (0..self.blossoms.len())
            .map(|i| self.n + i)
            .filter(|&b| self.blossoms[b - self.n].is_some() && self.within[b] == NIL)
            .collect()
    }

    /// Stages until none augments: each either augments the matching or proves it optimal.
    pub(super) fn run(&mut self, max_cardinality: bool) {
        while self.stage(max_cardinality) {
            for b in self.outermost_blossoms() {
                if self.blossom(b).dual == W::zero() {
                    self.dissolve_unlabelled(b);
                }
            }
        }
    }

    /// Pairs free lone vertices joined by a tight edge: each is an augmenting path of one
    /// edge that needs no search (ties are common in layered weights).
    fn pair_tight_lone_vertices(&mut self) {
        for v in 0..self.n {
            if self.partner[v] != NIL || self.outer[v] != v {
                continue;
            }
            let found = self.adjacent[v].iter().find(|&&(u, k)| {
                self.partner[u] == NIL && self.outer[u] == u && self.slack(u, v, k) == W::zero()
            });
            if let Some(&(u, _)) = found {
                self.partner[v] = u;
                self.partner[u] = v;
            }
        }
    }

    /// One stage: grows the alternating forest from every free outermost node, changing
    /// the duals when no tight edge is left to follow, until an augmentation (true) or the
    /// proof that none is possible (false).
    fn stage(&mut self, max_cardinality: bool) -> bool {
        self.label.iter_mut().for_each(|l| *l = Label::Unreached);
        self.nearest.iter_mut().for_each(|e| *e = (NIL, NIL));
        self.between_even.clear();
        self.to_scan.clear();
        self.moved = W::zero();
        self.pair_tight_lone_vertices();
        let mut roots = false;
        for v in 0..self.n {
            let node = self.outer[v];
            if self.partner[v] == NIL && self.base(node) == v {
                self.make_even(node, (NIL, NIL), v);
                roots = true;
            }
        }
        if !roots {
            return false;
        }
        let mut augmented = false;
        loop {
            while let Some(u) = self.to_scan.pop() {
                // (A vertex of a retired tree is no longer Even.)
                if self.label[self.outer[u]] == Label::Even {
                    augmented |= self.scan(u);
                }
            }
            let Some((delta, event)) = self.next_event(max_cardinality) else {
                return augmented;
            };
            self.change_duals(delta);
            match event {
                Event::Optimal => return augmented,
                Event::Reach(u, v) => augmented |= self.follow(u, v),
                Event::Close(k) => {
                    let (a, b, _) = self.edges[k];
                    augmented |= self.follow(a, b);
                }
                Event::Dissolve(b) => self.dissolve_odd(b),
            }
        }
    }

    /// After an augmentation between the trees rooted at `trees`: their nodes lose their
    /// labels (a valid state: the other trees are untouched, and the unlabelled nodes are
    /// matched blossoms or vertices like any unreached one), so the stage goes on growing
    /// the other trees instead of starting again; each of their vertices gets its nearest
    /// Even vertex afresh.
    fn retire(&mut self, trees: [usize; 2]) {
        let nodes: Vec<usize> = (0..self.n).map(|v| self.outer[v]).collect();
        let mut freed = Vec::new();
        for x in nodes {
            if self.label[x] != Label::Unreached && trees.contains(&self.tree[x]) {
                self.label[x] = Label::Unreached;
                self.tree[x] = NIL;
                freed.push(x);
            }
        }
        let retired: Vec<usize> = freed.into_iter().flat_map(|x| self.vertices(x)).collect();
        for &v in &retired {
            self.recompute_nearest(v);
        }
        // An unreached vertex whose nearest Even vertex was retired: its nearest afresh (the
        // retired vertex may be Even again later, its edge's slack not having fallen since).
        for &u in &retired {
            for idx in 0..self.adjacent[u].len() {
                let v = self.adjacent[u][idx].0;
                if self.nearest[v].0 == u {
                    self.recompute_nearest(v);
                }
            }
        }
    }

    fn make_even(&mut self, node: usize, edge: (usize, usize), tree: usize) {
        self.label[node] = Label::Even;
        self.tree[node] = tree;
        self.parent_edge[node] = edge;
        let vs = self.vertices(node);
        self.to_scan.extend(vs);
    }

    /// Looks at the edges of Even vertex `u`: follows the tight ones, keeps the others for
    /// the next dual change. True when the matching was augmented.
    fn scan(&mut self, u: usize) -> bool {
        for idx in 0..self.adjacent[u].len() {
            let (v, k) = self.adjacent[u][idx];
            let target = self.outer[v];
            if target == self.outer[u] {
                continue;
            }
            match self.label[target] {
                Label::Odd => {}
                Label::Even => {
                    let s = self.slack(u, v, k);
                    if s <= W::zero() {
                        if self.follow(u, v) {
                            return true;
                        }
                    } else {
                        let key = s.plus(self.moved).plus(self.moved);
                        self.between_even.push(Reverse((key, k)));
                    }
                }
                Label::Unreached => {
                    let s = self.slack(u, v, k);
                    if s <= W::zero() {
                        self.follow(u, v);
                    } else {
                        let (w, j) = self.nearest[v];
                        if w == NIL || s < self.slack(w, v, j) {
                            self.nearest[v] = (u, k);
                        }
                    }
                }
            }
        }
        false
    }

    /// Follows the tight edge from Even vertex `u` to `v`: grows the forest, shrinks a
    /// blossom or augments (true).
    fn follow(&mut self, u: usize, v: usize) -> bool {
        let (from, to) = (self.outer[u], self.outer[v]);
        if from == to {
            return false;
        }
        match self.label[to] {
            Label::Odd => false,
            Label::Unreached => {
                self.label[to] = Label::Odd;
                self.parent_edge[to] = (v, u);
                self.tree[to] = self.tree[from];
                let base = self.base(to);
                let mate = self.partner[base];
                self.make_even(self.outer[mate], (mate, base), self.tree[from]);
                false
            }
            Label::Even => match self.common_ancestor(from, to) {
                Some(top) => {
                    self.shrink(top, (u, v));
                    false
                }
                None => {
                    let trees = [self.tree[from], self.tree[to]];
                    self.augment_from(from, u);
                    self.augment_from(to, v);
                    self.partner[u] = v;
                    self.partner[v] = u;
                    self.retire(trees);
                    true
                }
            },
        }
    }

    /// The labelled node's parent in the forest (`None` for a root).
    fn forest_parent(&self, node: usize) -> Option<usize> {
        let (_, there) = self.parent_edge[node];
        (there != NIL).then(|| self.outer[there])
    }

    /// The nearest Even node that is an ancestor of both Even nodes (`None`: different trees).
    fn common_ancestor(&mut self, a: usize, b: usize) -> Option<usize> {
        self.visit += 1;
        if self.seen.len() < self.label.len() {
            self.seen.resize(self.label.len(), 0);
        }
        let mut walkers = [Some(a), Some(b)];
        let mut turn = 0;
        while walkers.iter().any(Option::is_some) {
            if let Some(x) = walkers[turn] {
                if self.seen[x] == self.visit {
                    return Some(x);
                }
                self.seen[x] = self.visit;
                // Up two steps: the Odd parent, then its Even parent.
                walkers[turn] = self.forest_parent(x).and_then(|odd| self.forest_parent(odd));
            }
            turn ^= 1;
        }
        None
    }

    /// A new node id for a blossom.
    fn new_blossom(&mut self, b: Blossom<W>) -> usize {
        let slot = match self.free_slots.pop() {
            Some(s) => {
                self.blossoms[s] = Some(b);
                s
            }
            None => {
                self.blossoms.push(Some(b));
                self.within.push(NIL);
                self.label.push(Label::Unreached);
                self.parent_edge.push((NIL, NIL));
                self.tree.push(NIL);
                self.blossoms.len() - 1
            }
        };
        self.n + slot
    }

    /// Shrinks the odd cycle closed by the tight edge `(u, v)` between two Even nodes whose
    /// nearest common ancestor is `top`.
    fn shrink(&mut self, top: usize, (u, v): (usize, usize)) {
        let climb = |s: &Self, mut x: usize| {
            let mut path = Vec::new();
            while x != top {
                path.push(x);
                x = s.outer[s.parent_edge[x].1];
            }
            path
        };
        let left = climb(self, self.outer[u]);
        let right = climb(self, self.outer[v]);
        // Around the cycle: down from `top` to u's node, across, up from v's node.
        let mut members = vec![top];
        members.extend(left.iter().rev());
        members.extend(right.iter());
        let mut joins: Vec<(usize, usize)> =
            left.iter().rev().map(|&x| (self.parent_edge[x].1, self.parent_edge[x].0)).collect();
        joins.push((u, v));
        joins.extend(right.iter().map(|&x| self.parent_edge[x]));
        let base = self.base(top);
        let (edge, tree) = (self.parent_edge[top], self.tree[top]);
        let size = members.iter().map(|&m| self.size(m)).sum();
        // The largest member blossom hands its node to the new blossom and moves to a fresh
        // one, so that its vertices keep their `outer`: relabelling every vertex at each
        // shrink is quadratic where blossoms nest thousands deep (a clique of tight edges
        // grows one blossom by two nodes at a time).
        let largest =
            members.iter().copied().filter(|&m| m >= self.n).max_by_key(|&m| self.size(m));
        let (node, kept) = match largest {
            Some(big) => {
                let old = self.blossoms[big - self.n].take().expect("a live blossom");
                let moved = self.new_blossom(old);
                self.label[moved] = self.label[big];
                self.parent_edge[moved] = self.parent_edge[big];
                self.tree[moved] = self.tree[big];
                for i in 0..self.blossom(moved).members.len() {
                    let child = self.blossom(moved).members[i];
                    self.within[child] = moved;
                }
                for m in &mut members {
                    if *m == big {
                        *m = moved;
                    }
                }
                self.blossoms[big - self.n] =
                    Some(Blossom { members: members.clone(), joins, base, dual: W::zero(), size });
                (big, moved)
            }
            None => {
                let b = Blossom { members: members.clone(), joins, base, dual: W::zero(), size };
                (self.new_blossom(b), NIL)
            }
        };
        for &m in &members {
            self.within[m] = node;
            if self.label[m] == Label::Odd {
                let vs = self.vertices(m);
                self.to_scan.extend(vs);
            }
            if m != kept {
                for x in self.vertices(m) {
                    self.outer[x] = node;
                }
            }
        }
        self.label[node] = Label::Even;
        self.parent_edge[node] = edge;
        self.tree[node] = tree;
    }

    /// Augments along the forest path from vertex `x` of Even node `node` to its root:
    /// `x` is to be matched outside (by the caller).
    fn augment_from(&mut self, mut node: usize, mut x: usize) {
        loop {
            self.rebase(node, x);
            let (_, odd_end) = self.parent_edge[node];
            if odd_end == NIL {
                return;
            }
            let odd = self.outer[odd_end];
            let (p, q) = self.parent_edge[odd];
            self.rebase(odd, p);
            self.partner[p] = q;
            self.partner[q] = p;
            node = self.outer[q];
            x = q;
        }
    }

    /// Makes vertex `x` the base of `node`: the even path around each cycle from the old
    /// base's member to `x`'s changes its matched joins.
    fn rebase(&mut self, node: usize, x: usize) {
        if node < self.n {
            return;
        }
        let member = self.member_holding(node, x);
        self.rebase(member, x);
        let (members, joins) = {
            let b = self.blossom(node);
            (b.members.clone(), b.joins.clone())
        };
        let len = members.len();
        let at = members.iter().position(|&m| m == member).expect("a member");
        // From the base member to `x`'s: forward when at an even position, else backward;
        // the joins of that path at even distances from the base member become matched.
        let newly: Vec<usize> = if at % 2 == 0 {
            (0..at).step_by(2).collect()
        } else {
            (at + 1..len).step_by(2).collect()
        };
        for j in newly {
            let (a, b) = joins[j];
            self.rebase(members[j], a);
            self.rebase(members[(j + 1) % len], b);
            self.partner[a] = b;
            self.partner[b] = a;
        }
        let bl = self.blossom_mut(node);
        bl.members.rotate_left(at);
        bl.joins.rotate_left(at);
        bl.base = x;
    }

    /// The smallest dual change and the event it causes (`None`: no change is bounded, with
    /// maximum cardinality: no augmenting path is left).
    fn next_event(&mut self, max_cardinality: bool) -> Option<(W, Event)> {
        let mut best: Option<(W, Event)> = None;
        let mut offer = |d: W, e: Event| {
            if best.is_none_or(|(b, _)| d < b) {
                best = Some((d, e));
            }
        };
        if !max_cardinality {
            let lowest = (0..self.n)
                .filter(|&v| self.label[self.outer[v]] == Label::Even)
                .map(|v| self.y[v])
                .min();
            if let Some(d) = lowest {
                offer(d, Event::Optimal);
            }
        }
        for v in 0..self.n {
            if self.nearest[v].0 == NIL || self.label[self.outer[v]] != Label::Unreached {
                continue;
            }
            if self.label[self.outer[self.nearest[v].0]] != Label::Even {
                // Its Even end's tree was retired by an augmentation.
                self.recompute_nearest(v);
            }
            let (u, k) = self.nearest[v];
            if u != NIL {
                offer(self.slack(u, v, k), Event::Reach(u, v));
            }
        }
        while let Some(&Reverse((key, k))) = self.between_even.peek() {
            let (a, b, _) = self.edges[k];
            let slack = key.minus(self.moved).minus(self.moved);
            // Stale: inside one blossom, an end no longer Even, or an end that was in a
            // retired tree for a while (then the edge was queued again, with its slack).
            if self.outer[a] == self.outer[b]
                || self.label[self.outer[a]] != Label::Even
                || self.label[self.outer[b]] != Label::Even
                || self.slack(a, b, k) != slack
            {
                self.between_even.pop();
                continue;
            }
            offer(slack.half(), Event::Close(k));
            break;
        }
        for b in self.outermost_blossoms() {
            if self.label[b] == Label::Odd {
                offer(self.blossom(b).dual, Event::Dissolve(b));
            }
        }
        if let Some((_, Event::Close(_))) = best {
            self.between_even.pop();
        }
        best
    }

    fn change_duals(&mut self, delta: W) {
        for v in 0..self.n {
            match self.label[self.outer[v]] {
                Label::Even => self.y[v] = self.y[v].minus(delta),
                Label::Odd => self.y[v] = self.y[v].plus(delta),
                Label::Unreached => {}
            }
        }
        for b in self.outermost_blossoms() {
            let label = self.label[b];
            let bl = self.blossom_mut(b);
            match label {
                Label::Even => bl.dual = bl.dual.plus(delta),
                Label::Odd => bl.dual = bl.dual.minus(delta),
                Label::Unreached => {}
            }
        }
        self.moved = self.moved.plus(delta);
    }

    /// Frees blossom `node`'s slot and makes its members outermost: their members and joins.
    fn release(&mut self, node: usize) -> (Vec<usize>, Vec<(usize, usize)>) {
        let b = self.blossoms[node - self.n].take().expect("a live blossom");
        self.free_slots.push(node - self.n);
        self.label[node] = Label::Unreached;
        self.within[node] = NIL;
        for &m in &b.members {
            self.within[m] = NIL;
            for x in self.vertices(m) {
                self.outer[x] = m;
            }
        }
        (b.members, b.joins)
    }

    /// Dissolves an outermost blossom of zero dual between stages, and its members of zero
    /// dual likewise.
    fn dissolve_unlabelled(&mut self, node: usize) {
        let (members, _) = self.release(node);
        for m in members {
            if m >= self.n && self.blossom(m).dual == W::zero() {
                self.dissolve_unlabelled(m);
            }
        }
    }

    /// Dissolves an Odd blossom whose dual reached zero: the members on the even path from
    /// the one entered by the forest edge to the base member keep the forest alternating
    /// (Odd, Even, ..., Odd); the others become unreached.
    fn dissolve_odd(&mut self, node: usize) {
        let (entry_end, parent_end) = self.parent_edge[node];
        let tree = self.tree[node];
        self.parent_edge[node] = (NIL, NIL);
        let (members, joins) = self.release(node);
        let len = members.len();
        let entry = self.outer[entry_end];
        let at = members.iter().position(|&m| m == entry).expect("the entry member");
        let mut on_path = vec![false; len];
        on_path[at] = true;
        self.label[entry] = Label::Odd;
        self.tree[entry] = tree;
        self.parent_edge[entry] = (entry_end, parent_end);
        let mut j = at;
        while j != 0 {
            // Toward the base member: backward from an even position, forward from an odd
            // one; first over a matched join (to an Even member), then an unmatched one.
            let (even, odd, even_edge, odd_edge) = if at % 2 == 0 {
                let (a, b) = joins[j - 1];
                let (c, d) = joins[j - 2];
                (j - 1, j - 2, (a, b), (c, d))
            } else {
                let (a, b) = joins[j];
                let (c, d) = joins[(j + 1) % len];
                ((j + 1) % len, (j + 2) % len, (b, a), (d, c))
            };
            self.make_even(members[even], even_edge, tree);
            self.label[members[odd]] = Label::Odd;
            self.tree[members[odd]] = tree;
            self.parent_edge[members[odd]] = odd_edge;
            on_path[even] = true;
            on_path[odd] = true;
            j = odd;
        }
        for (i, &m) in members.iter().enumerate() {
            if !on_path[i] {
                self.label[m] = Label::Unreached;
                for v in self.vertices(m) {
                    self.recompute_nearest(v);
                }
            }
        }
    }

    /// The least-slack edge from an Even vertex to the unreached vertex `v`, from scratch.
    fn recompute_nearest(&mut self, v: usize) {
        let mut best = (NIL, NIL);
        let mut least = W::zero();
        for &(u, k) in &self.adjacent[v] {
            if self.label[self.outer[u]] == Label::Even {
                let s = self.slack(u, v, k);
                if best.0 == NIL || s < least {
                    best = (u, k);
                    least = s;
                }
            }
        }
        self.nearest[v] = best;
    }

    /// The matching and its dual solution, with the blossom forest (blossom `n + i` is
    /// number `i`).
    pub(super) fn into_solution(self) -> Solution<W> {
        let n = self.n;
        let number = |x: usize| if x == NIL { NONE } else { (x - n) as u32 };
        let leaf = (0..n).map(|v| number(self.within[v])).collect();
        let parent: Vec<u32> =
            (0..self.blossoms.len()).map(|i| number(self.within[n + i])).collect();
        let dual: Vec<W> =
            self.blossoms.iter().map(|b| b.as_ref().map_or(W::zero(), |b| b.dual)).collect();
        let mates = self.partner.iter().map(|&p| (p != NIL).then_some(p)).collect();
        Solution::new(mates, self.y, leaf, &parent, &dual)
    }
}
